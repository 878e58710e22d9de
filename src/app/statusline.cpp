#include "app/statusline.h"

#include <algorithm>

#include <wx/control.h>
#include <wx/dcbuffer.h>
#include <wx/dcclient.h>
#include <wx/frame.h>
#include <wx/settings.h>

namespace gomoku::app {
namespace {
// Latin capitals and descenders and CJK characters: the tallest glyphs a sentence of ours can
// hold, whatever font the system falls back to for each script.
const wchar_t* const kSample = L"Hgjy\u4e94\u5b50\u68cb\u9ad4\u300d";
}  // namespace

StatusLine::StatusLine(wxWindow* frame) : wxStatusBar(frame, wxID_ANY, wxFULL_REPAINT_ON_RESIZE) {
  SetBackgroundStyle(wxBG_STYLE_PAINT);
  height_ = HeightFor(wxString());
  SetMinHeight(height_);
  Bind(wxEVT_PAINT, &StatusLine::OnPaint, this);
  Bind(wxEVT_SIZE, &StatusLine::OnSize, this);
}

int StatusLine::HeightFor(const wxString& text) const {
  wxClientDC dc(const_cast<StatusLine*>(this));
  dc.SetFont(GetFont());
  // Pango measures a mixed line with the fallback fonts it really uses.
  const wxSize extent = dc.GetMultiLineTextExtent(wxString(kSample) + text);
  return extent.y + 2 * FromDIP(4) + 1;  // margins above and below, the top rule
}

wxSize StatusLine::DoGetBestSize() const {
  wxSize best = wxStatusBar::DoGetBestSize();
  best.y = std::max(best.y, height_);
  return best;
}

void StatusLine::Fit(const wxString& text) {
  const int needed = HeightFor(text);
  if (needed > height_) {
    height_ = needed;
    SetMinHeight(height_);
    InvalidateBestSize();
    SetSize(wxDefaultCoord, wxDefaultCoord, wxDefaultCoord, height_, wxSIZE_USE_EXISTING);
    if (auto* frame = wxDynamicCast(GetParent(), wxFrame)) frame->SendSizeEvent();
  }
  wxClientDC dc(this);
  dc.SetFont(GetFont());
  if (Shown(dc, text) != text)
    SetToolTip(text);
  else
    UnsetToolTip();
}

void StatusLine::DoUpdateStatusText(int field) {
  Fit(GetStatusText(field));
  Refresh();
  Update();  // shown at once, also before a lengthy operation
}

void StatusLine::OnSize(wxSizeEvent& event) {
  Fit(GetStatusText(0));
  Refresh();
  event.Skip();  // the base class keeps its field widths
}

wxString StatusLine::Shown(wxDC& dc, const wxString& text) const {
  const int room = GetClientSize().x - 2 * FromDIP(6);
  if (room <= 0) return wxString();
  return wxControl::Ellipsize(text, dc, wxELLIPSIZE_END, room);
}

void StatusLine::OnPaint(wxPaintEvent&) {
  wxAutoBufferedPaintDC dc(this);
  const wxSize size = GetClientSize();
  dc.SetBackground(wxBrush(GetBackgroundColour()));
  dc.Clear();  // the whole bar: nothing of an earlier, longer text stays
  dc.SetPen(wxPen(wxSystemSettings::GetColour(wxSYS_COLOUR_3DSHADOW)));
  dc.DrawLine(0, 0, size.x, 0);
  const wxString text = GetStatusText(0);
  dc.SetFont(GetFont());
  dc.SetTextForeground(GetForegroundColour());
  const wxString shown = Shown(dc, text);
  wxRect drawn;
  if (!shown.empty()) {
    const wxSize extent = dc.GetMultiLineTextExtent(shown);
    drawn = wxRect(wxPoint(FromDIP(6), 1 + (size.y - 1 - extent.y) / 2), extent);
    dc.DrawText(shown, drawn.GetTopLeft());
  }
  if (painted_)
    CallAfter([this, drawn, text] {
      if (painted_) painted_(drawn, text);
    });
}

}  // namespace gomoku::app
