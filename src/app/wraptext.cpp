#include "app/wraptext.h"

#include <algorithm>
#include <vector>

#include <wx/choice.h>
#include <wx/control.h>
#include <wx/dcclient.h>
#include <wx/stattext.h>
#include <wx/window.h>

#include "app/sideview.h"

namespace gomoku::app {

namespace {

bool IsCjk(wxUniChar c) {
  const auto v = c.GetValue();
  return (v >= 0x2E80 && v <= 0x9FFF) || (v >= 0xAC00 && v <= 0xD7AF) ||
         (v >= 0xF900 && v <= 0xFAFF) || (v >= 0xFE30 && v <= 0xFE4F) ||
         (v >= 0xFF00 && v <= 0xFFEF) || v == 0x2014 || v == 0x2026;
}

// Characters that must not start a line (closing punctuation) or end one (opening).
bool NoBreakBefore(wxUniChar c) {
  static const wxString closing = L"，。、；：？！）」』】》〉”’…—,.;:?!)]}%";
  return closing.Find(c) != wxNOT_FOUND;
}
bool NoBreakAfter(wxUniChar c) {
  static const wxString opening = L"（「『【《〈“‘([{";
  return opening.Find(c) != wxNOT_FOUND;
}

// Wraps one paragraph (no "\n") and appends its lines to `out`.
void WrapParagraph(wxClientDC& dc, const wxString& text, int width, wxString& out) {
  // Break opportunities: after index i (the line may end after text[i]); a space at a break is
  // dropped.
  const size_t n = text.length();
  auto canBreakAfter = [&](size_t i) {
    if (i + 1 >= n) return true;
    const wxUniChar a = text[i], b = text[i + 1];
    if (b == ' ') return false;  // the break comes after the spaces
    if (a == ' ') return !NoBreakBefore(b);
    if (NoBreakBefore(b) || NoBreakAfter(a)) return false;
    return IsCjk(a) || IsCjk(b);
  };
  size_t start = 0;
  while (start < n) {
    while (start < n && text[start] == ' ' && start > 0) ++start;  // spaces after a break
    if (start >= n) break;
    // The longest prefix from `start` that fits and ends at a break opportunity.
    size_t lastBreak = wxString::npos;
    size_t end = start;  // exclusive end of the fitting text
    for (size_t i = start; i < n; ++i) {
      wxString piece = text.Mid(start, i + 1 - start);
      piece.Trim();
      if (dc.GetTextExtent(piece).x > width && i > start) break;
      end = i + 1;
      if (canBreakAfter(i)) lastBreak = i + 1;
    }
    size_t cut = end >= n ? n : (lastBreak != wxString::npos ? lastBreak : end);
    if (cut <= start) cut = start + 1;
    wxString line = text.Mid(start, cut - start);
    line.Trim();
    if (!out.empty()) out += '\n';
    out += line;
    start = cut;
  }
}

}  // namespace

wxString WrapToWidth(const wxWindow* w, const wxString& text, int width) {
  if (width <= 0 || text.empty()) return text;
  wxClientDC dc(const_cast<wxWindow*>(w));
  dc.SetFont(w->GetFont());
  wxString out;
  bool first = true;
  for (const wxString& paragraph : wxSplit(text, '\n', '\0')) {
    if (!first) out += '\n';
    first = false;
    wxString wrapped;
    WrapParagraph(dc, paragraph, width, wrapped);
    out += wrapped;
  }
  return out;
}

void SetWrappedLabel(wxStaticText* label, const wxString& text, int width) {
  label->SetName(text);
  const wxString wrapped = WrapToWidth(label, text, width);
  if (label->GetLabelText() != wrapped) label->SetLabelText(wrapped);
}

void RewrapLabel(wxStaticText* label, int width) {
  if (label->GetLabelText().empty()) return;  // cleared since (SetLabelText)
  SetWrappedLabel(label, label->GetName(), width);
}

wxString EllipsizeName(const wxWindow* w, const wxString& name, int width) {
  wxClientDC dc(const_cast<wxWindow*>(w));
  dc.SetFont(w->GetFont());
  if (dc.GetTextExtent(name).x <= width) return name;
  // Whole words first ("Computer…", not "Computer (M…"); inside the word when it is alone.
  const auto measure = [&dc](const std::string& text) {
    return dc.GetTextExtent(wxString::FromUTF8(text)).x;
  };
  if (const auto words = shortenByWords(name.utf8_string(), measure, width))
    return wxString::FromUTF8(*words);
  return wxControl::Ellipsize(name, dc, wxELLIPSIZE_END, width);
}

void FitChoice(wxChoice* choice) {
  wxClientDC dc(choice);
  dc.SetFont(choice->GetFont());
  int widest = 0;
  for (unsigned i = 0; i < choice->GetCount(); ++i)
    widest = std::max(widest, dc.GetTextExtent(choice->GetString(i)).x);
  // The arrow, the frame's padding on both sides and a gap between the text and the arrow.
  const int needed = widest + choice->FromDIP(56);
  wxSize min = choice->GetMinSize();
  if (min.x < needed) {
    min.x = needed;
    choice->SetMinSize(min);
  }
}

}  // namespace gomoku::app
