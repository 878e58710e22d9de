// The main window's status bar: one field of text, drawn by the program itself.
#pragma once

#include <functional>

#include <wx/statusbr.h>

namespace gomoku::app {

/// A one-field status bar whose height follows the font actually used for its text: a Chinese
/// sentence (drawn with a CJK font taller than the Latin one) or a Chinese nickname inside an
/// English sentence is never clipped, and every paint clears the whole bar, so a shorter
/// message never leaves pixels of a longer one behind. A sentence wider than the bar ends in
/// an ellipsis, and the whole sentence is the bar's tooltip.
class StatusLine : public wxStatusBar {
 public:
  /// Called after each paint with the text's rectangle (client pixels, the ellipsized text as
  /// drawn; empty for no text) and the whole sentence.
  using PaintedHook = std::function<void(const wxRect& text, const wxString& sentence)>;

  /// A status bar for `frame` (attach it with wxFrame::SetStatusBar).
  explicit StatusLine(wxWindow* frame);

  /// Sets the function told of each paint (tests); none by default.
  void SetPaintedHook(PaintedHook hook) { painted_ = std::move(hook); }

  /// The height, in pixels, that shows `text` (and any Latin or CJK text) whole in the bar's
  /// font with the usual margins.
  int HeightFor(const wxString& text) const;

 protected:
  void DoUpdateStatusText(int field) override;
  wxSize DoGetBestSize() const override;

 private:
  void OnPaint(wxPaintEvent& event);
  void OnSize(wxSizeEvent& event);
  /// Grows the bar (never shrinks it) to show `text` whole, and sets the tooltip.
  void Fit(const wxString& text);
  /// The text as it fits the bar's width: with an ellipsis at the end when too wide.
  wxString Shown(wxDC& dc, const wxString& text) const;

  int height_ = 0;
  PaintedHook painted_;
};

}  // namespace gomoku::app
