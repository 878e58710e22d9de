#include "app/nicknamedialog.h"

#include <algorithm>

#include <wx/button.h>
#include <wx/intl.h>
#include <wx/settings.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "app/texts.h"
#include "core/utf8.h"

namespace gomoku::app {

namespace {

const wxColour kErrorColour(190, 30, 30);

}  // namespace

// ---------------------------------------------------------------------------------------------
// NicknameField

NicknameField::NicknameField(wxWindow* parent, const wxString& value) {
  text_ =
      new wxTextCtrl(parent, wxID_ANY, value, wxDefaultPosition, parent->FromDIP(wxSize(220, -1)));
  text_->SetMaxLength(kMaxNicknameChars);
  text_->SetHint(_("Your name for the opponent"));

  note_ = new wxStaticText(
      parent, wxID_ANY,
      wxString::Format(_("At most %d characters."), static_cast<int>(kMaxNicknameChars)));
  note_->SetFont(note_->GetFont().Smaller());
  note_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));

  // Typing past the limit is not silent: the note turns red until the text is shorter again.
  text_->Bind(wxEVT_TEXT_MAXLEN, [this](wxCommandEvent& e) {
    e.Skip();
    note_->SetForegroundColour(kErrorColour);
    note_->Refresh();
  });
  text_->Bind(wxEVT_TEXT, [this](wxCommandEvent& e) {
    e.Skip();
    if (text_->GetValue().length() < kMaxNicknameChars) {
      note_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
      note_->Refresh();
    }
  });

  sizer_ = new wxBoxSizer(wxVERTICAL);
  sizer_->Add(text_, wxSizerFlags().Expand());
  sizer_->Add(note_, wxSizerFlags().Border(wxTOP, parent->FromDIP(2)));
}

wxSizerFlags NicknameField::LabelFlags(const wxWindow* label) const {
  const int offset = std::max(0, (text_->GetBestSize().y - label->GetBestSize().y) / 2);
  return wxSizerFlags().Top().Border(wxTOP, offset);
}

std::string NicknameField::Value() const {
  return trimNickname(text_->GetValue().utf8_string());
}

wxString NicknameProblem(const std::string& nick) {
  const auto error = nicknameError(nick);
  if (!error) return {};
  if (trimNickname(nick).empty()) return _("Enter a nickname.");
  if (utf8Length(nick) > kMaxNicknameChars)
    return wxString::Format(_("The nickname is too long (at most %d characters)."),
                            static_cast<int>(kMaxNicknameChars));
  return AsSentence(*error);
}

// ---------------------------------------------------------------------------------------------
// NicknameDialog

NicknameDialog::NicknameDialog(wxWindow* parent, const std::string& nickname)
    : wxDialog(parent, wxID_ANY, _("Nickname")), field_(this, FromUtf8(nickname)) {
  auto* intro =
      new wxStaticText(this, wxID_ANY, _("The name your opponent sees in network games."));

  auto* label = new wxStaticText(this, wxID_ANY, _("&Nickname:"));
  // The label goes before the field in the tab order (GTK moves the mnemonic's focus to the
  // next window in creation order).
  label->MoveBeforeInTabOrder(field_.Text());
  auto* grid = new wxFlexGridSizer(2, FromDIP(8), FromDIP(12));
  grid->AddGrowableCol(1);
  grid->Add(label, field_.LabelFlags(label));
  grid->Add(field_.Sizer(), wxSizerFlags(1).Expand());

  error_ = new wxStaticText(this, wxID_ANY, {});
  error_->SetForegroundColour(kErrorColour);

  auto* content = new wxBoxSizer(wxVERTICAL);
  content->Add(intro, wxSizerFlags().Border(wxBOTTOM, FromDIP(14)));
  content->Add(grid, wxSizerFlags().Expand());
  content->Add(error_, wxSizerFlags().Border(wxTOP, FromDIP(8)));

  wxStdDialogButtonSizer* buttons = CreateStdDialogButtonSizer(wxOK | wxCANCEL);
  if (auto* ok = wxDynamicCast(FindWindow(wxID_OK), wxButton)) ok->SetDefault();

  auto* top = new wxBoxSizer(wxVERTICAL);
  top->Add(content, wxSizerFlags(1).Expand().Border(wxALL, FromDIP(16)));
  top->Add(buttons, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT | wxBOTTOM, FromDIP(12)));
  SetSizer(top);

  error_->Hide();
  top->SetSizeHints(this);
  field_.Text()->Bind(wxEVT_TEXT, [this](wxCommandEvent& e) {
    e.Skip();
    Revalidate();
  });
  Revalidate();
  field_.Text()->SetFocus();
  field_.Text()->SelectAll();
  CentreOnParent();
}

void NicknameDialog::Revalidate() {
  // The error line is there only while there is an error: no empty space under the field.
  const wxString error = NicknameProblem(field_.Value());
  if (wxWindow* ok = FindWindow(wxID_OK)) ok->Enable(error.empty());
  if (error == error_->GetLabelText() && error_->IsShown() == !error.empty()) return;
  error_->SetLabelText(error);
  error_->Show(!error.empty());
  SetMinClientSize(wxDefaultSize);
  GetSizer()->SetSizeHints(this);
}

}  // namespace gomoku::app
