#include "app/connectdialogs.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string_view>

#include <wx/app.h>
#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/gauge.h>
#include <wx/listctrl.h>
#include <wx/radiobut.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>
#include <wx/textctrl.h>

#include "app/langamelist.h"
#include "app/newgamedialog.h"
#include "app/nicknamedialog.h"
#include "app/openingtexts.h"
#include "app/texts.h"
#include "core/opening.h"
#include "core/utf8.h"

namespace gomoku::app {

namespace {

const wxColour kErrorColour(190, 30, 30);

// Width at which the long texts of the dialogs wrap.
int WrapWidth(const wxWindow* w) {
  return w->FromDIP(380);
}

wxStaticText* Label(wxWindow* parent, const wxString& text) {
  return new wxStaticText(parent, wxID_ANY, text);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// ConnectDialog

ConnectDialog::ConnectDialog(wxWindow* parent, const wxString& title, const wxString& submitLabel,
                             Settings settings, NetFactory factory)
    : wxDialog(parent, wxID_ANY, title),
      settings_(std::move(settings)),
      factory_(std::move(factory)),
      pulse_(this) {
  formSizer_ = new wxBoxSizer(wxVERTICAL);
  progressSizer_ = new wxBoxSizer(wxVERTICAL);

  gauge_ = new wxGauge(this, wxID_ANY, 100, wxDefaultPosition, FromDIP(wxSize(360, -1)));
  progressSizer_->Add(gauge_, wxSizerFlags().Expand().Border(wxTOP, FromDIP(12)));

  errorTitle_ = new wxStaticText(this, wxID_ANY, {});
  errorTitle_->SetForegroundColour(kErrorColour);
  errorTitle_->SetFont(errorTitle_->GetFont().Bold());
  errorText_ = new wxStaticText(this, wxID_ANY, {});
  errorText_->SetForegroundColour(kErrorColour);

  submit_ = new wxButton(this, wxID_OK, submitLabel);
  submit_->SetDefault();
  cancel_ = new wxButton(this, wxID_CANCEL);
  auto* buttons = new wxStdDialogButtonSizer();
  buttons->AddButton(submit_);
  buttons->AddButton(cancel_);
  buttons->Realize();

  auto* content = new wxBoxSizer(wxVERTICAL);
  content->Add(formSizer_, wxSizerFlags().Expand());
  content->Add(progressSizer_, wxSizerFlags().Expand());
  content->Add(errorTitle_, wxSizerFlags().Border(wxTOP, FromDIP(12)));
  content->Add(errorText_, wxSizerFlags().Border(wxTOP, FromDIP(2)));

  topSizer_ = new wxBoxSizer(wxVERTICAL);
  topSizer_->Add(content, wxSizerFlags(1).Expand().Border(wxALL, FromDIP(16)));
  topSizer_->Add(buttons, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT | wxBOTTOM, FromDIP(12)));
  SetSizer(topSizer_);

  Bind(
      wxEVT_TIMER, [this](wxTimerEvent&) { gauge_->Pulse(); }, pulse_.GetId());
  Bind(wxEVT_BUTTON, &ConnectDialog::OnSubmit, this, wxID_OK);
  Bind(wxEVT_BUTTON, &ConnectDialog::OnCancel, this, wxID_CANCEL);
  Bind(wxEVT_CLOSE_WINDOW, &ConnectDialog::OnClose, this);
}

ConnectDialog::~ConnectDialog() = default;

void ConnectDialog::FinishLayout() {
  // Both views get the width of the wider one (the dialog does not jump sideways); each view
  // gets its own height.
  errorTitle_->Hide();
  errorText_->Hide();
  submit_->Hide();
  topSizer_->Show(formSizer_, false, true);
  topSizer_->Show(progressSizer_, true, true);
  const wxSize progress = topSizer_->GetMinSize();
  submit_->Show();
  topSizer_->Show(formSizer_, true, true);
  topSizer_->Show(progressSizer_, false, true);
  width_ = std::max(topSizer_->GetMinSize().x, progress.x);
  ShowForm();
  Revalidate();
  CentreOnParent();
}

void ConnectDialog::AddNicknameRow(wxFlexGridSizer& grid) {
  auto* label = Label(this, _("&Nickname:"));
  nickname_ = std::make_unique<NicknameField>(this, FromUtf8(settings_.nickname));
  nickname_->Text()->Bind(wxEVT_TEXT, [this](wxCommandEvent& e) {
    e.Skip();
    Revalidate();
  });
  grid.Add(label, nickname_->LabelFlags(label));
  grid.Add(nickname_->Sizer(), wxSizerFlags().Expand());
}

std::string ConnectDialog::Nickname() const {
  return nickname_->Value();
}

void ConnectDialog::ShowForm(const wxString& errorTitle, const wxString& errorText) {
  busy_ = false;
  pulse_.Stop();
  topSizer_->Show(formSizer_, true, true);
  topSizer_->Show(progressSizer_, false, true);
  submit_->Show();
  submit_->SetDefault();  // again: GTK forgets the default button while it is hidden
  errorTitle_->SetLabelText(errorTitle);
  errorText_->SetLabelText(errorText);
  errorText_->Wrap(WrapWidth(this));
  errorTitle_->Show(!errorTitle.empty());
  errorText_->Show(!errorText.empty());
  submit_->Enable(FormError().empty());
  FitView();
}

void ConnectDialog::FitView() {
  // Exactly as tall as the view shown (an error that went away leaves no empty space), as
  // wide as the wider view.
  wxSize needed = topSizer_->GetMinSize();
  needed.IncTo(wxSize(width_, 0));
  if (GetClientSize() != needed) {
    SetMinClientSize(wxDefaultSize);  // allow shrinking
    SetClientSize(needed);
    SetMinClientSize(needed);
  }
  Layout();
  // GTK without a window manager may leave moved controls (the gauge) undrawn after a resize.
  Refresh();
  CallAfter([this] {
    Layout();
    Refresh();
  });
}

void ConnectDialog::ShowProgress() {
  busy_ = true;
  topSizer_->Show(formSizer_, false, true);
  topSizer_->Show(progressSizer_, true, true);
  submit_->Hide();
  errorTitle_->Hide();
  errorText_->Hide();
  gauge_->Pulse();
  pulse_.Start(100);
  FitView();
  cancel_->SetFocus();
}

void ConnectDialog::Fail(net::NetFailure failure, const std::string& message) {
  // "Connection refused" + "connection refused: no game ..." -> "No game ...".
  // The English message is cut before its translation (AsSentence), the title is translated.
  const wxString title = FailureTitle(failure);
  std::string text = message;
  const char* prefix = failure == net::NetFailure::Refused         ? "connection refused:"
                       : failure == net::NetFailure::NotGomokuHost ? "not a gomoku host:"
                                                                   : nullptr;
  if (prefix && wxString::FromUTF8(text).Lower().StartsWith(prefix))
    text = FromUtf8(text).Mid(std::string_view(prefix).size()).Trim(false).utf8_string();
  ShowForm(title, AsSentence(text));
  if (onFailure_) onFailure_(failure, message);
}

void ConnectDialog::Revalidate() {
  if (busy_) return;
  const wxString error = FormError();
  submit_->Enable(error.empty());
  const bool wasShown = errorText_->IsShown();
  if (!error.empty()) {
    errorTitle_->Hide();
    errorText_->SetLabelText(error);
    errorText_->Wrap(WrapWidth(this));
    errorText_->Show();
  } else if (!errorTitle_->IsShown()) {
    errorText_->Hide();  // a network error stays until the next attempt
  }
  if (errorText_->IsShown() != wasShown ||
      (errorText_->IsShown() && errorText_->GetSize() != errorText_->GetBestSize()))
    FitView();
  else
    Layout();
}

void ConnectDialog::OnSubmit(wxCommandEvent&) {
  if (busy_ || !FormError().empty()) return;
  userSubmitted_ = true;
  Submit();
}

void ConnectDialog::OnCancel(wxCommandEvent&) {
  if (busy_) {  // stop listening / connecting and go back to the form
    if (net_) net_->cancel();
    ShowForm();
    return;
  }
  EndModal(wxID_CANCEL);
}

void ConnectDialog::OnClose(wxCloseEvent&) {
  if (busy_ && net_) net_->cancel();
  busy_ = false;
  pulse_.Stop();
  EndModal(wxID_CANCEL);
}

// ---------------------------------------------------------------------------------------------
// HostDialog

HostDialog::HostDialog(wxWindow* parent, Settings settings, NetFactory factory)
    : ConnectDialog(parent, _("Create game"), _("&Listen"), std::move(settings),
                    std::move(factory)) {
  auto* intro = Label(this, _("Host a game on this computer. Your opponent joins it with this "
                              "computer's address and the port."));
  intro->Wrap(WrapWidth(this));
  formSizer_->Add(intro, wxSizerFlags().Border(wxBOTTOM, FromDIP(14)));

  auto* grid = new wxFlexGridSizer(2, FromDIP(8), FromDIP(12));
  grid->AddGrowableCol(1);
  const auto labelFlags = wxSizerFlags().CentreVertical();

  AddNicknameRow(*grid);

  grid->Add(Label(this, _("&Port:")), labelFlags);
  port_ = new wxSpinCtrl(this, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 1,
                         65535, settings_.hostPort);
  grid->Add(port_);

  grid->Add(Label(this, _("Your colour:")), labelFlags);
  auto* colors = new wxBoxSizer(wxHORIZONTAL);
  black_ =
      new wxRadioButton(this, wxID_ANY, _("&Black"), wxDefaultPosition, wxDefaultSize, wxRB_GROUP);
  white_ = new wxRadioButton(this, wxID_ANY, _("&White"));
  random_ = new wxRadioButton(this, wxID_ANY, _("&Random"));
  colors->Add(black_, wxSizerFlags().CentreVertical());
  colors->Add(white_, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(12)));
  colors->Add(random_, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(12)));
  (settings_.hostColor == net::ColorChoice::White    ? white_
   : settings_.hostColor == net::ColorChoice::Random ? random_
                                                     : black_)
      ->SetValue(true);
  grid->Add(colors, wxSizerFlags().CentreVertical());

  rules_ = std::make_unique<RuleControls>(this, settings_.hostGame);
  rules_->AddTo(*grid);
  clock_ = std::make_unique<ClockControls>(this, settings_.hostGame.clock);
  clock_->AddTo(*grid);
  clock_->WrapHint(FromDIP(260));
  opening_ = std::make_unique<OpeningControls>(this, *rules_, settings_.hostGame.opening);
  opening_->AddTo(*grid);
  opening_->WrapHint(FromDIP(260));
  grid->Add(Label(this, _("Watchers:")), labelFlags);
  auto* watching = new wxBoxSizer(wxHORIZONTAL);
  watchers_ = new wxCheckBox(this, wxID_ANY, _("&Others may watch"));
  watchers_->SetValue(settings_.hostWatchers);
  watcherChat_ = new wxCheckBox(this, wxID_ANY, _("and c&hat"));
  watcherChat_->SetValue(settings_.hostWatcherChat);
  watcherChat_->Enable(settings_.hostWatchers);
  watchers_->Bind(wxEVT_CHECKBOX,
                  [this](wxCommandEvent& e) { watcherChat_->Enable(e.IsChecked()); });
  watching->Add(watchers_, wxSizerFlags().CentreVertical());
  watching->Add(watcherChat_, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(12)));
  grid->Add(watching, wxSizerFlags().CentreVertical());
  formSizer_->Add(grid, wxSizerFlags().Expand());

  // Waiting view.
  auto* waiting = Label(this, _(L"Waiting for an opponent\u2026"));
  waiting->SetFont(waiting->GetFont().Bold().Larger());
  progressSizer_->Insert(0, waiting, wxSizerFlags().Border(wxBOTTOM, FromDIP(10)));
  waitPort_ = Label(this, {});
  progressSizer_->Insert(1, waitPort_, wxSizerFlags().Border(wxBOTTOM, FromDIP(6)));
  waitAddresses_ = Label(this, {});
  waitAddresses_->SetFont(
      wxFont(wxFontInfo(waitAddresses_->GetFont().GetPointSize()).Family(wxFONTFAMILY_TELETYPE)));
  progressSizer_->Insert(2, waitAddresses_, wxSizerFlags().Border(wxLEFT, FromDIP(16)));
  progressSizer_->InsertSpacer(3, FromDIP(8));

  FinishLayout();
}

HostDialog::~HostDialog() = default;

void HostDialog::ReadForm() {
  settings_.nickname = Nickname();
  settings_.hostPort = port_->GetValue();
  settings_.hostWatchers = watchers_->GetValue();
  settings_.hostWatcherChat = watcherChat_->GetValue();
  settings_.hostColor = white_->GetValue()    ? net::ColorChoice::White
                        : random_->GetValue() ? net::ColorChoice::Random
                                              : net::ColorChoice::Black;
  settings_.hostGame = rules_->Get();
  settings_.hostGame.clock = clock_->Get();
  settings_.hostGame.opening = opening_->Get();
}

wxString HostDialog::FormError() const {
  return NicknameProblem(Nickname());
}

void HostDialog::Submit() {
  Listen(static_cast<std::uint16_t>(port_->GetValue()));
}

void HostDialog::Listen(std::uint16_t port) {
  // The form shows the port asked for (e.g. --host 6601), also when listening on it fails and
  // the form comes back with the error.
  if (port != 0) port_->SetValue(port);
  if (!clock_->Validate()) return;  // said why; the form stays as typed
  ReadForm();
  if (const wxString error = FormError(); !error.empty()) {
    ShowForm(_("Cannot create the game"), error);
    return;
  }
  net::MatchSettings match;
  match.role = net::Role::Host;
  match.nickname = settings_.nickname;
  match.boardSize = settings_.hostGame.EffectiveSize();
  match.rule = settings_.hostGame.rule;
  match.foul = settings_.hostGame.foul;
  match.color = settings_.hostColor;
  match.clock = settings_.hostGame.clock;
  match.opening = settings_.hostGame.opening;
  std::optional<std::string> error;
  // Announced on the local network while it waits (and while it runs, for watchers).
  net::NetOptions options;
  options.announce = true;
  options.maxWatchers = settings_.hostWatchers ? net::NetOptions{}.maxWatchers : 0;
  options.watcherChat = settings_.hostWatchers && settings_.hostWatcherChat;
  net_ = &factory_(options);
  try {
    error = net_->host(port, match);
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (error) {
    const net::NetFailure why = net_->snapshot().failure;  // e.g. AddressInUse
    Fail(why == net::NetFailure::None ? net::NetFailure::Other : why, *error);
    return;
  }
  const net::NetSnapshot snapshot = net_->snapshot();
  const int actualPort = snapshot.port ? snapshot.port : port;
  waitPort_->SetLabelText(wxString::Format(
      _("Listening on port %d. Your opponent joins with one of these:"), actualPort));
  waitPort_->Wrap(FromDIP(380));
  const net::LocalAddresses local = net::localAddresses();
  wxString lines;
  auto addLine = [&](const std::string& host) {
    const bool v6 = host.find(':') != std::string::npos;
    const wxString h = FromUtf8(host);
    lines += (lines.empty() ? "" : "\n") + (v6 ? wxString::Format("[%s]:%d", h, actualPort)
                                               : wxString::Format("%s:%d", h, actualPort));
  };
  if (!local.hostName.empty()) addLine(local.hostName);
  int shown = 0;
  for (const std::string& a : local.addresses)
    if (shown++ < 6) addLine(a);
  if (lines.empty()) lines = wxString::Format("localhost:%d", actualPort);
  waitAddresses_->SetLabelText(lines);
  ShowProgress();
}

void HostDialog::OnNetUpdate(const net::NetSnapshot& s) {
  if (!busy_) return;
  if (s.phase == net::NetPhase::InMatch && s.localColor != Stone::Empty) {
    busy_ = false;
    EndModal(wxID_OK);
    return;
  }
  if (s.phase == net::NetPhase::Failed && s.failure != net::NetFailure::Cancelled) {
    Fail(s.failure, s.message);
  } else if (s.phase == net::NetPhase::InMatch && s.match == net::MatchPhase::Closed) {
    Fail(s.failure == net::NetFailure::None ? net::NetFailure::Other : s.failure,
         "the opponent could not start the game: " + s.message);
  }
}

// ---------------------------------------------------------------------------------------------
// JoinDialog

JoinDialog::JoinDialog(wxWindow* parent, Settings settings, NetFactory factory)
    : ConnectDialog(parent, _("Join game"), _("C&onnect"), std::move(settings),
                    std::move(factory)) {
  auto* intro = Label(this, _("Join a game hosted on another computer: choose one waiting on "
                              "this network, or type the host's name or address."));
  intro->Wrap(WrapWidth(this));
  formSizer_->Add(intro, wxSizerFlags().Border(wxBOTTOM, FromDIP(10)));

  // The games waiting on the local network, live.
  formSizer_->Add(Label(this, _("&Games on this network:")),
                  wxSizerFlags().Border(wxBOTTOM, FromDIP(4)));
  LanGameList::Handlers lan;
  lan.chosen = [this](const net::LanGame& g) { ChooseLanGame(g); };
  lan.activated = [this](const net::LanGame& g) {
    ChooseLanGame(g);
    if (FormError().empty()) {
      userSubmitted_ = true;
      Submit();
    }
  };
  lan_ = std::make_unique<LanGameList>(this, *formSizer_, /*started=*/false, std::move(lan));
  formSizer_->AddSpacer(FromDIP(6));

  auto* grid = new wxFlexGridSizer(2, FromDIP(8), FromDIP(12));
  grid->AddGrowableCol(1);
  const auto labelFlags = wxSizerFlags().CentreVertical();

  grid->Add(Label(this, _("&Host:")), labelFlags);
  host_ = new wxTextCtrl(this, wxID_ANY, FromUtf8(settings_.lastHost), wxDefaultPosition,
                         FromDIP(wxSize(220, -1)));
  host_->SetHint(_("Name or address, optionally with :port"));
  host_->Bind(wxEVT_TEXT, [this](wxCommandEvent&) {
    UpdatePortField();
    Revalidate();
  });
  grid->Add(host_, wxSizerFlags().Expand());

  grid->Add(Label(this, _("&Port:")), labelFlags);
  auto* portRow = new wxBoxSizer(wxHORIZONTAL);
  typedPort_ = settings_.lastPort;
  port_ = new wxSpinCtrl(this, wxID_ANY, {}, wxDefaultPosition, wxDefaultSize, wxSP_ARROW_KEYS, 1,
                         65535, settings_.lastPort);
  portRow->Add(port_, wxSizerFlags().CentreVertical());
  // TRANSLATORS: next to the disabled port field when the host field says "host:port".
  portNote_ = Label(this, _("(from the address)"));
  portNote_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  portNote_->SetMinSize(portNote_->GetBestSize());  // room kept while the note is empty
  portRow->Add(portNote_, wxSizerFlags().CentreVertical().Border(wxLEFT, FromDIP(8)));
  grid->Add(portRow, wxSizerFlags().Expand());
  UpdatePortField();

  AddNicknameRow(*grid);
  formSizer_->Add(grid, wxSizerFlags().Expand());

  progressTitle_ = Label(this, {});
  progressTitle_->SetFont(progressTitle_->GetFont().Bold().Larger());
  progressSizer_->Insert(0, progressTitle_, wxSizerFlags().Border(wxBOTTOM, FromDIP(8)));
  progressDetail_ = Label(this, {});
  progressSizer_->Insert(1, progressDetail_);
  progressSizer_->InsertSpacer(2, FromDIP(8));

  FinishLayout();
}

JoinDialog::~JoinDialog() = default;

void JoinDialog::SetLanRowsReporter(LanGameList::RowsReporter reporter) {
  lan_->SetRowsReporter(std::move(reporter));
}

void JoinDialog::ChooseLanGame(const net::LanGame& g) {
  host_->ChangeValue(FromUtf8(net::hostPortKey(g.address, g.game.port)));  // [v6]:port too
  UpdatePortField();
  Revalidate();
}

std::optional<std::uint16_t> JoinDialog::PortInHost() const {
  // Parsed with two different default ports: the same port both times was written in the text.
  const std::string text = host_->GetValue().utf8_string();
  const auto a = net::parseHostPort(text, 1);
  const auto b = net::parseHostPort(text, 2);
  if (a && b && a->second == b->second) return a->second;
  return std::nullopt;
}

int JoinDialog::TypedPort() const {
  return port_->IsEnabled() ? port_->GetValue() : typedPort_;
}

void JoinDialog::UpdatePortField() {
  const std::optional<std::uint16_t> fromHost = PortInHost();
  if (fromHost) {
    if (port_->IsEnabled()) typedPort_ = port_->GetValue();
    port_->SetValue(*fromHost);
    port_->Disable();
    portNote_->SetLabelText(_("(from the address)"));
  } else {
    if (!port_->IsEnabled()) port_->SetValue(typedPort_);
    port_->Enable();
    portNote_->SetLabelText({});
  }
}

wxString JoinDialog::FormError() const {
  const std::string text = host_->GetValue().utf8_string();
  if (wxString(host_->GetValue()).Trim().Trim(false).empty())
    return _("Enter the host's name or address.");
  if (!net::parseHostPort(text, static_cast<std::uint16_t>(port_->GetValue())))
    return _("The host is not a valid name or address with an optional port (1 to 65535).");
  return NicknameProblem(Nickname());
}

void JoinDialog::Submit() {
  const auto target = net::parseHostPort(host_->GetValue().utf8_string(),
                                         static_cast<std::uint16_t>(port_->GetValue()));
  if (!target) return;
  // Remembered as typed: next time the form looks the same, and no port is hidden anywhere.
  settings_.lastHost = wxString(host_->GetValue()).Trim().Trim(false).utf8_string();
  settings_.lastPort = TypedPort();
  StartJoin(target->first, target->second);
}

void JoinDialog::Connect(const std::string& host, std::uint16_t port) {
  const bool v6 = host.find(':') != std::string::npos;
  host_->ChangeValue(v6 ? wxString::Format("[%s]:%d", FromUtf8(host), port)
                        : wxString::Format("%s:%d", FromUtf8(host), port));
  UpdatePortField();
  Revalidate();
  StartJoin(host, port);
}

void JoinDialog::StartJoin(const std::string& host, std::uint16_t port) {
  settings_.nickname = Nickname();
  if (const wxString error = NicknameProblem(settings_.nickname); !error.empty()) {
    ShowForm(_("Cannot join"), error);
    return;
  }
  net::MatchSettings match;
  match.role = net::Role::Joiner;
  match.nickname = settings_.nickname;
  // A game with this host that our program left without a goodbye (killed, crashed): rejoin it
  // with its token. The host says when it has no such game; then we join afresh.
  joinHost_ = host;
  joinPort_ = port;
  triedResume_ = false;
  if (settings_.resumeTarget == TargetKey(host, port) && !settings_.resumeToken.empty()) {
    match.resumeToken = std::stoull(settings_.resumeToken, nullptr, 16);
    triedResume_ = match.resumeToken != 0;
  }
  settings_.resumeTarget = TargetKey(host, port);
  net_ = &factory_(net::NetOptions{});
  const bool v6 = host.find(':') != std::string::npos;
  const wxString target = v6 ? wxString::Format("[%s]:%d", FromUtf8(host), port)
                             : wxString::Format("%s:%d", FromUtf8(host), port);
  progressTitle_->SetLabelText(wxString::Format(_(L"Connecting to %s\u2026"), target));
  progressDetail_->SetLabelText(wxString::Format(
      _("Waiting for the host to answer (up to %d seconds)."), settings_.connectTimeoutSeconds));
  ShowProgress();
  try {
    net_->join(host, port, match, std::chrono::seconds(settings_.connectTimeoutSeconds));
  } catch (const std::exception& e) {
    Fail(net::NetFailure::Other, e.what());
  }
}

std::string JoinDialog::TargetKey(const std::string& host, std::uint16_t port) {
  return host + ":" + std::to_string(port);
}

void JoinDialog::OnNetUpdate(const net::NetSnapshot& s) {
  if (!busy_) return;
  if (triedResume_ && s.failure == net::NetFailure::NoGameToResume) {
    // The host no longer has the game we left: join as a new player.
    triedResume_ = false;
    settings_.resumeToken.clear();
    CallAfter([this] { StartJoin(joinHost_, joinPort_); });
    return;
  }
  if (s.phase == net::NetPhase::InMatch && s.localColor != Stone::Empty) {
    busy_ = false;
    EndModal(wxID_OK);
    return;
  }
  if (s.phase == net::NetPhase::Failed) {
    if (s.failure != net::NetFailure::Cancelled) Fail(s.failure, s.message);
  } else if (s.phase == net::NetPhase::InMatch && s.match == net::MatchPhase::Closed) {
    Fail(s.failure == net::NetFailure::None ? net::NetFailure::Other : s.failure, s.message);
  } else if (s.phase == net::NetPhase::InMatch) {
    progressDetail_->SetLabelText(_(L"Connected. Starting the game\u2026"));
    Layout();
  }
}

}  // namespace gomoku::app
