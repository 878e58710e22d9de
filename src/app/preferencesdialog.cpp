#include "app/preferencesdialog.h"

#include <algorithm>
#include <cmath>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/clrpicker.h>
#include <wx/intl.h>
#include <wx/msgdlg.h>
#include <wx/radiobut.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/statbox.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "app/i18n.h"
#include "app/texts.h"
#include "app/wraptext.h"
#include "net/wire.h"

namespace gomoku::app {

namespace {

// A whole number written in `text` (spaces around allowed) within [low, high].
std::optional<int> WholeNumber(const wxString& text, int low, int high) {
  wxString trimmed = text;
  trimmed.Trim().Trim(false);
  if (trimmed.empty() || trimmed.length() > 9 ||
      trimmed.find_first_not_of("0123456789") != wxString::npos)
    return std::nullopt;
  long value = 0;
  if (!trimmed.ToLong(&value) || value < low || value > high) return std::nullopt;
  return static_cast<int>(value);
}

wxColour FromHex(const std::string& text, const char* fallback) {
  const auto rgb = ParseHexColour(text).value_or(*ParseHexColour(fallback));
  return wxColour(static_cast<unsigned char>(rgb >> 16), static_cast<unsigned char>(rgb >> 8),
                  static_cast<unsigned char>(rgb));
}

std::string ToHex(const wxColour& c) {
  return HexColour(static_cast<std::uint32_t>(c.Red()) << 16 |
                   static_cast<std::uint32_t>(c.Green()) << 8 | c.Blue());
}

wxStaticText* Note(wxWindow* parent, const wxString& text) {
  auto* note = new wxStaticText(parent, wxID_ANY, text);
  note->SetFont(note->GetFont().Smaller());
  note->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  return note;
}

}  // namespace

wxString PortProblem(const wxString& text, int* port) {
  const auto value = WholeNumber(text, 1, 65535);
  if (!value)
    return wxString::Format(_("Default port for hosting: enter a whole number from %d to %d."), 1,
                            65535);
  *port = *value;
  return {};
}

wxString TimeoutProblem(const wxString& text, int* seconds) {
  const auto value = WholeNumber(text, kMinConnectTimeout, kMaxConnectTimeout);
  if (!value)
    return wxString::Format(_("Connection timeout: enter a whole number of seconds from %d to %d."),
                            kMinConnectTimeout, kMaxConnectTimeout);
  *seconds = *value;
  return {};
}

PreferencesDialog::PreferencesDialog(wxWindow* parent, const Preferences& current)
    : wxDialog(parent, wxID_ANY, _("Preferences"), wxDefaultPosition, wxDefaultSize,
               wxDEFAULT_DIALOG_STYLE | wxRESIZE_BORDER),
      result_(current) {
  const int gap = FromDIP(8), rowGap = FromDIP(10);
  const wxSizerFlags labelFlags = wxSizerFlags().CentreVertical();

  // General: nickname, language, sounds.
  auto* general = new wxStaticBoxSizer(wxVERTICAL, this, _("General"));
  wxWindow* gbox = general->GetStaticBox();
  nickname_ = std::make_unique<NicknameField>(gbox, wxString());
  auto* nickLabel = new wxStaticText(gbox, wxID_ANY, _("&Nickname:"));
  nickLabel->MoveBeforeInTabOrder(nickname_->Text());
  language_ = new wxChoice(gbox, wxID_ANY);
  for (const auto& [code, name] : LanguageChoices()) language_->Append(name);
  FitChoice(language_);
  auto* languageLabel = new wxStaticText(gbox, wxID_ANY, _("&Language:"));
  languageLabel->MoveBeforeInTabOrder(language_);
  auto* languageBox = new wxBoxSizer(wxVERTICAL);
  languageBox->Add(language_, wxSizerFlags().Expand());
  languageBox->Add(Note(gbox, _("A new language applies when Gomoku is started again.")),
                   wxSizerFlags().Border(wxTOP, FromDIP(2)));
  auto* generalGrid = new wxFlexGridSizer(2, rowGap, gap);
  generalGrid->AddGrowableCol(1);
  generalGrid->Add(nickLabel, nickname_->LabelFlags(nickLabel));
  generalGrid->Add(nickname_->Sizer(), wxSizerFlags().Expand());
  generalGrid->Add(languageLabel, nickname_->LabelFlags(languageLabel));
  generalGrid->Add(languageBox, wxSizerFlags().Expand());
  general->Add(generalGrid, wxSizerFlags().Expand().Border(wxALL, gap));
  sounds_ = new wxCheckBox(gbox, wxID_ANY, _("Play &sounds"));
  sounds_->SetToolTip(_("A sound for moves, the end of a game and chat messages"));
  general->Add(sounds_, wxSizerFlags().Border(wxLEFT | wxRIGHT | wxBOTTOM, gap));

  // Network: default port when hosting, join timeout.
  auto* network = new wxStaticBoxSizer(wxVERTICAL, this, _("Network"));
  wxWindow* nbox = network->GetStaticBox();
  const wxSize numberSize(FromDIP(90), -1);
  port_ = new wxTextCtrl(nbox, wxID_ANY, {}, wxDefaultPosition, numberSize);
  port_->SetMaxLength(9);
  auto* portLabel = new wxStaticText(nbox, wxID_ANY, _("Default &port for hosting:"));
  portLabel->MoveBeforeInTabOrder(port_);
  timeout_ = new wxTextCtrl(nbox, wxID_ANY, {}, wxDefaultPosition, numberSize);
  timeout_->SetMaxLength(9);
  auto* timeoutLabel = new wxStaticText(nbox, wxID_ANY, _("Connection &timeout:"));
  timeoutLabel->MoveBeforeInTabOrder(timeout_);
  auto* portRow = new wxBoxSizer(wxHORIZONTAL);
  portRow->Add(port_, wxSizerFlags().CentreVertical());
  portRow->Add(Note(nbox, wxString::Format(_("%d to %d"), 1, 65535)),
               wxSizerFlags().CentreVertical().Border(wxLEFT, gap));
  auto* timeoutRow = new wxBoxSizer(wxHORIZONTAL);
  timeoutRow->Add(timeout_, wxSizerFlags().CentreVertical());
  timeoutRow->Add(
      Note(nbox, wxString::Format(_("seconds (%d to %d)"), kMinConnectTimeout, kMaxConnectTimeout)),
      wxSizerFlags().CentreVertical().Border(wxLEFT, gap));
  auto* networkGrid = new wxFlexGridSizer(2, rowGap, gap);
  networkGrid->AddGrowableCol(1);
  networkGrid->Add(portLabel, labelFlags);
  networkGrid->Add(portRow);
  networkGrid->Add(timeoutLabel, labelFlags);
  networkGrid->Add(timeoutRow);
  network->Add(networkGrid, wxSizerFlags().Expand().Border(wxALL, gap));

  // Board: what is drawn on it, and its colours.
  auto* board = new wxStaticBoxSizer(wxVERTICAL, this, _("Board"));
  wxWindow* bbox = board->GetStaticBox();
  coordinates_ = new wxCheckBox(bbox, wxID_ANY, _("Show &coordinates"));
  forbidden_ = new wxCheckBox(bbox, wxID_ANY, _("Show &forbidden points (renju)"));
  ghost_ = new wxCheckBox(bbox, wxID_ANY, _("Show a &ghost stone under the mouse"));
  numbers_ = new wxChoice(bbox, wxID_ANY);
  numbers_->Append(_("Off"));
  numbers_->Append(_("Last 10 moves"));
  numbers_->Append(_("All moves"));
  FitChoice(numbers_);
  auto* numbersLabel = new wxStaticText(bbox, wxID_ANY, _("Move &numbers:"));
  numbersLabel->MoveBeforeInTabOrder(numbers_);
  auto* numbersRow = new wxBoxSizer(wxHORIZONTAL);
  numbersRow->Add(numbersLabel, labelFlags);
  numbersRow->Add(numbers_, wxSizerFlags().CentreVertical().Border(wxLEFT, gap));
  wood_ =
      new wxRadioButton(bbox, wxID_ANY, _("&Wood"), wxDefaultPosition, wxDefaultSize, wxRB_GROUP);
  plain_ = new wxRadioButton(bbox, wxID_ANY, _("Plain &colour:"));
  boardColour_ = new wxColourPickerCtrl(bbox, wxID_ANY);
  boardColour_->SetToolTip(_("The colour of a plain board"));
  gridColour_ = new wxColourPickerCtrl(bbox, wxID_ANY);
  gridColour_->SetToolTip(_("The colour of the grid lines and star points"));
  auto* gridLabel = new wxStaticText(bbox, wxID_ANY, _("Grid &lines:"));
  gridLabel->MoveBeforeInTabOrder(gridColour_);
  auto* themeLabel = new wxStaticText(bbox, wxID_ANY, _("Board colour:"));
  auto* colours = new wxFlexGridSizer(2, FromDIP(6), gap);
  colours->Add(themeLabel, labelFlags);
  colours->Add(wood_, labelFlags);
  colours->AddSpacer(0);
  auto* plainRow = new wxBoxSizer(wxHORIZONTAL);
  plainRow->Add(plain_, wxSizerFlags().CentreVertical());
  plainRow->Add(boardColour_, wxSizerFlags().CentreVertical().Border(wxLEFT, gap));
  colours->Add(plainRow);
  colours->Add(gridLabel, labelFlags);
  colours->Add(gridColour_);
  const wxSizerFlags item = wxSizerFlags().Border(wxLEFT | wxRIGHT | wxTOP, gap);
  board->Add(coordinates_, item);
  board->Add(numbersRow, item);
  board->Add(forbidden_, item);
  board->Add(ghost_, item);
  board->Add(colours, wxSizerFlags().Border(wxALL, gap).Border(wxTOP, FromDIP(14)));

  auto* left = new wxBoxSizer(wxVERTICAL);
  left->Add(general, wxSizerFlags().Expand());
  left->Add(network, wxSizerFlags().Expand().Border(wxTOP, FromDIP(12)));
  auto* columns = new wxBoxSizer(wxHORIZONTAL);
  columns->Add(left, wxSizerFlags(1).Expand());
  columns->Add(board, wxSizerFlags(1).Expand().Border(wxLEFT, FromDIP(12)));

  // Restore defaults on the left of the button row; OK and Cancel as the platform places them.
  auto* defaults = new wxButton(this, wxID_ANY, _("&Restore defaults"));
  defaults->SetName("prefdefaults");
  defaults->SetToolTip(_("Put back the default values of every field except the nickname"));
  wxStdDialogButtonSizer* buttons = CreateStdDialogButtonSizer(wxOK | wxCANCEL);
  auto* buttonRow = new wxBoxSizer(wxHORIZONTAL);
  buttonRow->Add(defaults, wxSizerFlags().CentreVertical());
  buttonRow->AddStretchSpacer();
  buttonRow->Add(buttons, wxSizerFlags().CentreVertical());

  auto* top = new wxBoxSizer(wxVERTICAL);
  top->Add(columns, wxSizerFlags(1).Expand().Border(wxALL, FromDIP(16)));
  top->Add(buttonRow, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT | wxBOTTOM, FromDIP(12)));
  SetSizer(top);

  Fill(current);
  top->SetSizeHints(this);
  if (auto* ok = wxDynamicCast(FindWindow(wxID_OK), wxButton)) ok->SetDefault();

  Bind(
      wxEVT_BUTTON, [this](wxCommandEvent&) { OnOk(); }, wxID_OK);
  defaults->Bind(wxEVT_BUTTON, [this](wxCommandEvent&) { RestoreDefaults(); });
  wood_->Bind(wxEVT_RADIOBUTTON, [this](wxCommandEvent&) { UpdateEnabled(); });
  plain_->Bind(wxEVT_RADIOBUTTON, [this](wxCommandEvent&) { UpdateEnabled(); });
  nickname_->Text()->SetFocus();
  CentreOnParent();
}

void PreferencesDialog::Fill(const Preferences& p) {
  nickname_->Text()->ChangeValue(FromUtf8(p.settings.nickname));
  const auto choices = LanguageChoices();
  int language = 0;
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i].first == p.language) language = static_cast<int>(i);
  language_->SetSelection(language);
  sounds_->SetValue(p.sounds);
  port_->ChangeValue(wxString::Format("%d", p.settings.hostPort));
  timeout_->ChangeValue(wxString::Format("%d", p.settings.connectTimeoutSeconds));
  coordinates_->SetValue(p.settings.showCoordinates);
  numbers_->SetSelection(std::clamp(p.settings.moveNumbers, 0, 2));
  forbidden_->SetValue(p.settings.showForbidden);
  ghost_->SetValue(p.settings.showGhost);
  (p.settings.boardTheme == BoardTheme::Plain ? plain_ : wood_)->SetValue(true);
  boardColour_->SetColour(FromHex(p.settings.boardColour, kDefaultBoardColour));
  gridColour_->SetColour(FromHex(p.settings.gridColour, kDefaultGridColour));
  UpdateEnabled();
}

void PreferencesDialog::UpdateEnabled() {
  boardColour_->Enable(plain_->GetValue());
}

void PreferencesDialog::RestoreDefaults() {
  Preferences defaults;
  defaults.settings.nickname = nickname_->Text()->GetValue().utf8_string();  // kept as typed
  Fill(defaults);
}

bool PreferencesDialog::Refuse(const wxString& problem, wxWindow* field) {
  if (reportRefusal_) reportRefusal_(problem);
  wxMessageBox(problem, _("Preferences"), wxOK | wxICON_WARNING, this);
  field->SetFocus();
  if (auto* text = wxDynamicCast(field, wxTextCtrl)) text->SelectAll();
  return false;
}

void PreferencesDialog::OnOk() {
  Preferences p = result_;
  const std::string nick = nickname_->Value();
  if (const wxString problem = NicknameProblem(nick); !problem.empty()) {
    // TRANSLATORS: %s is the sentence that says what is wrong with the nickname.
    Refuse(wxString::Format(_("Nickname: %s"), problem), nickname_->Text());
    return;
  }
  int port = 0, seconds = 0;
  if (const wxString problem = PortProblem(port_->GetValue(), &port); !problem.empty()) {
    Refuse(problem, port_);
    return;
  }
  if (const wxString problem = TimeoutProblem(timeout_->GetValue(), &seconds); !problem.empty()) {
    Refuse(problem, timeout_);
    return;
  }
  p.settings.nickname = nick;
  p.settings.hostPort = port;
  p.settings.connectTimeoutSeconds = seconds;
  const auto choices = LanguageChoices();
  const int language = language_->GetSelection();
  p.language = language >= 0 && language < static_cast<int>(choices.size())
                   ? choices[static_cast<std::size_t>(language)].first
                   : wxString();
  p.sounds = sounds_->GetValue();
  p.settings.showCoordinates = coordinates_->GetValue();
  p.settings.moveNumbers = std::clamp(numbers_->GetSelection(), 0, 2);
  p.settings.showForbidden = forbidden_->GetValue();
  p.settings.showGhost = ghost_->GetValue();
  p.settings.boardTheme = plain_->GetValue() ? BoardTheme::Plain : BoardTheme::Wood;
  p.settings.boardColour = ToHex(boardColour_->GetColour());
  p.settings.gridColour = ToHex(gridColour_->GetColour());
  result_ = p;
  EndModal(wxID_OK);
}

void PreferencesDialog::SetReporters(ControlReporter controls, RefusalReporter refused) {
  reportControl_ = std::move(controls);
  reportRefusal_ = std::move(refused);
  if (reportControl_) CallAfter([this] { ReportControls(); });  // once the dialog is shown
}

void PreferencesDialog::ReportControls() {
  const std::pair<const char*, wxWindow*> controls[] = {
      {"prefnick", nickname_->Text()}, {"prefport", port_},
      {"preftimeout", timeout_},       {"prefghost", ghost_},
      {"prefplain", plain_},           {"prefdefaults", FindWindow("prefdefaults")},
      {"prefok", FindWindow(wxID_OK)},
  };
  const double scale = GetContentScaleFactor();
  for (const auto& [name, control] : controls) {
    if (!control) continue;
    // GTK has placed the controls by now (this runs from the shown dialog's event loop).
    const wxPoint screen = control->ClientToScreen(
        wxPoint(control->GetClientSize().x / 2, control->GetClientSize().y / 2));
    reportControl_(name, wxPoint(static_cast<int>(std::lround(screen.x * scale)),
                                 static_cast<int>(std::lround(screen.y * scale))));
  }
}

}  // namespace gomoku::app
