// Line breaking of label texts to a pixel width, for Chinese as well as English.
#pragma once

#include <wx/string.h>

class wxChoice;
class wxStaticText;
class wxWindow;

namespace gomoku::app {

/// `text` with line breaks ("\n") inserted so that no line is wider than `width` pixels in
/// `w`'s font. Lines break at spaces (which are dropped), between two CJK characters (never
/// before closing punctuation such as "，" or "）" nor after opening punctuation such as "（"),
/// and inside a word only when that word alone is wider than `width`. Existing "\n" are kept.
/// wxStaticText::Wrap breaks at spaces only, so it leaves a Chinese sentence on one line.
wxString WrapToWidth(const wxWindow* w, const wxString& text, int width);

/// Sets `label`'s text wrapped to `width` pixels (WrapToWidth); the plain text is kept as its
/// name, so the label can be re-wrapped to another width with RewrapLabel.
void SetWrappedLabel(wxStaticText* label, const wxString& text, int width);

/// Wraps again the text last given to SetWrappedLabel, to `width` pixels.
void RewrapLabel(wxStaticText* label, int width);

/// `name` shortened with an ellipsis at its end to at most `width` pixels in `w`'s font (kept
/// whole when it fits), for a nickname inside a sentence: the rest of the sentence stays short.
/// Whole words are dropped first (shortenByWords); a single long word is cut inside.
wxString EllipsizeName(const wxWindow* w, const wxString& name, int width);

/// Makes `choice` at least as wide as its longest item in its own font plus room for the
/// drop-down arrow and the padding, so that no item touches or runs under the arrow (GTK's best
/// size falls short with CJK fonts and at 200 %). Call after the items are appended.
void FitChoice(wxChoice* choice);

}  // namespace gomoku::app
