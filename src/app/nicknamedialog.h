#pragma once
/// @file The nickname field shared by the "Create game", "Join game" and "Nickname" dialogs
/// (a text field with its "At most 32 characters" note), and the "Nickname" dialog itself.

#include <string>

#include <wx/dialog.h>
#include <wx/sizer.h>

class wxStaticText;
class wxTextCtrl;
class wxWindow;

namespace gomoku::app {

/// A nickname text field limited to kMaxNicknameChars characters, with a small grey note
/// under it that states the limit (and turns red when the user types past it).
class NicknameField {
 public:
  /// Creates the controls as children of `parent`, filled with `value`.
  NicknameField(wxWindow* parent, const wxString& value);

  /// The text field.
  wxTextCtrl* Text() const { return text_; }
  /// The field with its note under it, for the field column of a form.
  wxSizer* Sizer() const { return sizer_; }
  /// Flags for the field's label in the label column: aligned with the text field (not with
  /// the note under it).
  wxSizerFlags LabelFlags(const wxWindow* label) const;
  /// The field's text, trimmed, as UTF-8.
  std::string Value() const;

 private:
  wxTextCtrl* text_ = nullptr;
  wxStaticText* note_ = nullptr;
  wxSizer* sizer_ = nullptr;
};

/// An error sentence for `nick` (already trimmed) as a nickname, or empty when it is fine.
wxString NicknameProblem(const std::string& nick);

/// "Nickname": one field for the nickname the user plays under; OK only when it is valid.
class NicknameDialog : public wxDialog {
 public:
  /// The dialog filled with `nickname` (UTF-8).
  NicknameDialog(wxWindow* parent, const std::string& nickname);
  /// The nickname entered, trimmed, as UTF-8 (valid after ShowModal() returned wxID_OK).
  std::string GetNickname() const { return field_.Value(); }

 private:
  void Revalidate();

  NicknameField field_;
  wxStaticText* error_ = nullptr;
};

}  // namespace gomoku::app
