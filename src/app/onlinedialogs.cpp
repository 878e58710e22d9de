#include "app/onlinedialogs.h"

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/msgdlg.h>
#include <wx/radiobut.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "app/newgamedialog.h"
#include "app/texts.h"
#include "net/netgame.h"

namespace gomoku::app {

namespace {

const wxColour kErrorColour(190, 30, 30);

wxStaticText* Label(wxWindow* parent, const wxString& text) {
  return new wxStaticText(parent, wxID_ANY, text);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// LoginDialog

LoginDialog::LoginDialog(wxWindow* parent, const std::string& server, const std::string& name,
                         bool remembered, const wxString& error, bool registering)
    : wxDialog(parent, wxID_ANY, _("Play online")),
      remembered_(remembered),
      rememberedName_(remembered ? name : std::string()) {
  const int gap = FromDIP(8);
  auto* root = new wxBoxSizer(wxVERTICAL);
  auto* intro = Label(this, _("Log in on a Gomoku server to meet players anywhere: find a match, "
                              "play friends in a private room and climb the ladder."));
  intro->Wrap(FromDIP(380));
  root->Add(intro, wxSizerFlags().Border(wxALL, gap * 3 / 2));
  error_ = Label(this, error);
  error_->SetForegroundColour(kErrorColour);
  error_->Wrap(FromDIP(380));
  root->Add(error_, wxSizerFlags().Border(wxLEFT | wxRIGHT | wxBOTTOM, gap * 3 / 2));
  error_->Show(!error.empty());

  auto* grid = new wxFlexGridSizer(2, gap, gap * 3 / 2);
  grid->AddGrowableCol(1);
  const auto labelFlags = wxSizerFlags().CentreVertical();
  grid->Add(Label(this, _("&Server:")), labelFlags);
  server_ = new wxTextCtrl(this, wxID_ANY, wxString::FromUTF8(server));
  server_->SetHint(_("host or host:port"));
  grid->Add(server_, wxSizerFlags().Expand());
  grid->Add(Label(this, _("&Name:")), labelFlags);
  name_ = new wxTextCtrl(this, wxID_ANY, wxString::FromUTF8(name));
  name_->SetMaxLength(20);
  grid->Add(name_, wxSizerFlags().Expand());
  grid->Add(Label(this, _("&Password:")), labelFlags);
  password_ = new wxTextCtrl(this, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize, wxTE_PASSWORD);
  if (remembered) password_->SetHint(_("remembered: leave empty"));
  grid->Add(password_, wxSizerFlags().Expand());
  againLabel_ = Label(this, _("Password &again:"));
  grid->Add(againLabel_, labelFlags);
  again_ = new wxTextCtrl(this, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize, wxTE_PASSWORD);
  grid->Add(again_, wxSizerFlags().Expand());
  root->Add(grid, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT, gap * 3 / 2));
  // A placeholder in the password field vanishes when it has the focus: say it beneath.
  rememberedNote_ =
      Label(this, _("Your login on this server is remembered: leave the password empty."));
  rememberedNote_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  root->Add(rememberedNote_, wxSizerFlags().Border(wxLEFT | wxRIGHT | wxTOP, gap * 3 / 2));

  register_ = new wxCheckBox(this, wxID_ANY, _("Create a ne&w account"));
  root->Add(register_, wxSizerFlags().Border(wxLEFT | wxRIGHT | wxTOP, gap * 3 / 2));
  register_->SetValue(registering);
  remember_ = new wxCheckBox(this, wxID_ANY, _("&Remember me on this computer"));
  remember_->SetValue(true);
  remember_->SetToolTip(_("Keeps a session token, never the password."));
  root->Add(remember_, wxSizerFlags().Border(wxLEFT | wxRIGHT | wxTOP, gap * 3 / 2));

  auto* buttons = CreateStdDialogButtonSizer(wxOK | wxCANCEL);
  if (wxWindow* ok = FindWindow(wxID_OK)) static_cast<wxButton*>(ok)->SetLabel(_("&Log in"));
  root->Add(buttons, wxSizerFlags().Expand().Border(wxALL, gap * 3 / 2));
  SetSizerAndFit(root);
  SetMinSize(GetSize());

  register_->Bind(wxEVT_CHECKBOX, [this](wxCommandEvent&) { UpdateFields(); });
  name_->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { UpdateFields(); });
  server_->Bind(wxEVT_TEXT, [this](wxCommandEvent&) { UpdateFields(); });
  Bind(
      wxEVT_BUTTON,
      [this](wxCommandEvent& e) {
        const wxString problem = Problem();
        if (problem.empty()) return e.Skip();  // closes with wxID_OK
        error_->SetLabel(problem);
        error_->Wrap(FromDIP(380));
        error_->Show();
        Layout();
        Fit();
      },
      wxID_OK);
  UpdateFields();
  (name_->IsEmpty() ? name_ : password_)->SetFocus();
  if (server_->IsEmpty()) server_->SetFocus();
}

LoginDialog::~LoginDialog() = default;

void LoginDialog::UpdateFields() {
  const bool registering = register_->GetValue();
  againLabel_->Enable(registering);
  again_->Enable(registering);
  if (wxWindow* ok = FindWindow(wxID_OK))
    if (auto* button = static_cast<wxButton*>(ok)) {
      button->SetLabel(registering ? _("Cr&eate account") : _("&Log in"));
      button->InvalidateBestSize();  // the longer label gets room
      button->SetMinSize(button->GetBestSize());
      Layout();
    }
  // The remembered login is for one name: typing another one needs its password.
  const bool useToken =
      remembered_ && !registering && name_->GetValue().utf8_string() == rememberedName_;
  password_->SetHint(useToken ? _("remembered: leave empty") : wxString());
  if (rememberedNote_->IsShown() != useToken) {
    rememberedNote_->Show(useToken);
    Layout();
  }
}

std::string LoginDialog::GetServer() const {
  return server_->GetValue().Trim().Trim(false).utf8_string();
}

wxString LoginDialog::Problem() const {
  if (!net::parseServerList(GetServer(), net::kDefaultServerPort))
    return _("Type the server as a host name or address, optionally with a port (host:6516).");
  const wxString name = name_->GetValue().Trim().Trim(false);
  if (name.empty()) return _("Type your name.");
  const bool registering = register_->GetValue();
  const bool useToken = remembered_ && !registering && name.utf8_string() == rememberedName_;
  if (password_->IsEmpty() && !useToken) return _("Type your password.");
  if (registering) {
    if (password_->GetValue().length() < 8) return _("A password has at least 8 characters.");
    if (password_->GetValue() != again_->GetValue()) return _("The two passwords differ.");
  }
  return {};
}

OnlineLogin LoginDialog::GetLogin() const {
  OnlineLogin l;
  if (auto list = net::parseServerList(GetServer(), net::kDefaultServerPort)) {
    l.host = list->front().first;
    l.port = list->front().second;
    l.servers = std::move(*list);
  }
  l.name = name_->GetValue().Trim().Trim(false).utf8_string();
  l.password = password_->GetValue().utf8_string();
  l.registering = register_->GetValue();
  l.remember = remember_->GetValue();
  return l;
}

// ---------------------------------------------------------------------------------------------
// RoomDialog

RoomDialog::RoomDialog(wxWindow* parent, const wxString& title, const wxString& intro,
                       const GameOptions& options, net::ColorChoice color)
    : wxDialog(parent, wxID_ANY, title) {
  const int gap = FromDIP(8);
  auto* root = new wxBoxSizer(wxVERTICAL);
  auto* text = Label(this, intro);
  text->Wrap(FromDIP(380));
  root->Add(text, wxSizerFlags().Border(wxALL, gap * 3 / 2));
  auto* grid = new wxFlexGridSizer(2, gap, gap * 3 / 2);
  grid->AddGrowableCol(1);
  grid->Add(Label(this, _("Your colour:")), wxSizerFlags().CentreVertical());
  auto* colors = new wxBoxSizer(wxHORIZONTAL);
  black_ =
      new wxRadioButton(this, wxID_ANY, _("&Black"), wxDefaultPosition, wxDefaultSize, wxRB_GROUP);
  white_ = new wxRadioButton(this, wxID_ANY, _("&White"));
  random_ = new wxRadioButton(this, wxID_ANY, _("&Random"));
  for (wxRadioButton* b : {black_, white_, random_})
    b->SetToolTip(
        _("With an opening rule, Black is the first player of the opening; the opening "
          "may then change the colours."));
  colors->Add(black_, wxSizerFlags().CentreVertical());
  colors->Add(white_, wxSizerFlags().CentreVertical().Border(wxLEFT, gap * 3 / 2));
  colors->Add(random_, wxSizerFlags().CentreVertical().Border(wxLEFT, gap * 3 / 2));
  (color == net::ColorChoice::White    ? white_
   : color == net::ColorChoice::Random ? random_
                                       : black_)
      ->SetValue(true);
  grid->Add(colors, wxSizerFlags().CentreVertical());
  rules_ = std::make_unique<RuleControls>(this, options);
  rules_->AddTo(*grid);
  clock_ = std::make_unique<ClockControls>(this, options.clock);
  clock_->AddTo(*grid);
  clock_->WrapHint(FromDIP(260));
  opening_ = std::make_unique<OpeningControls>(this, *rules_, options.opening);
  opening_->AddTo(*grid);
  opening_->WrapHint(FromDIP(260));
  root->Add(grid, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT, gap * 3 / 2));
  rated_ = new wxCheckBox(this, wxID_ANY, _("R&ated (counts for the ladder when both tick it)"));
  root->Add(rated_, wxSizerFlags().Border(wxALL, gap * 3 / 2));
  root->Add(CreateStdDialogButtonSizer(wxOK | wxCANCEL),
            wxSizerFlags().Expand().Border(wxALL, gap * 3 / 2));
  Bind(
      wxEVT_BUTTON,
      [this](wxCommandEvent& e) {
        if (clock_->Validate()) e.Skip();  // else it said why; the dialog stays as typed
      },
      wxID_OK);
  SetSizerAndFit(root);
}

RoomDialog::~RoomDialog() = default;

GameOptions RoomDialog::GetOptions() const {
  GameOptions g = rules_->Get();
  g.clock = clock_->Get();
  g.opening = opening_->Get();
  return g;
}

net::ColorChoice RoomDialog::GetColor() const {
  return white_->GetValue()    ? net::ColorChoice::White
         : random_->GetValue() ? net::ColorChoice::Random
                               : net::ColorChoice::Black;
}

net::RoomSettings RoomDialog::GetSettings() const {
  const GameOptions o = rules_->Get();
  net::RoomSettings s;
  s.boardSize = static_cast<std::uint8_t>(o.EffectiveSize());
  s.rule = o.rule;
  s.foul = o.foul;
  s.clock = clock_->Get();
  s.opening = opening_->Get();
  const net::ColorChoice c = GetColor();
  s.color = c == net::ColorChoice::White    ? net::SeatColor::White
            : c == net::ColorChoice::Random ? net::SeatColor::Random
                                            : net::SeatColor::Black;
  s.rated = rated_->GetValue();
  return s;
}

}  // namespace gomoku::app
