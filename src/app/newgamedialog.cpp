#include "app/newgamedialog.h"
#include "app/openingtexts.h"
#include "app/wraptext.h"

#include <algorithm>
#include <iterator>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/combobox.h>
#include <wx/intl.h>
#include <wx/msgdlg.h>
#include <wx/settings.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

#include "session/openingsession.h"

namespace gomoku::app {

namespace {

// The rules in the order of the rule choice.
constexpr Rule kRules[] = {Rule::Freestyle, Rule::Standard, Rule::Renju};

int RuleIndex(Rule r) {
  for (int i = 0; i < static_cast<int>(std::size(kRules)); ++i)
    if (kRules[i] == r) return i;
  return 0;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// RuleControls

RuleControls::RuleControls(wxWindow* parent, const GameOptions& options)
    : freeSize_(std::clamp(options.boardSize, kMinBoardSize, kMaxBoardSize)) {
  // Each label is created just before its field: GTK moves the focus for a label's mnemonic
  // (Alt+U, Alt+Z) to the next window in creation order.
  ruleLabel_ = new wxStaticText(parent, wxID_ANY, _("R&ule:"));
  rule_ = new wxChoice(parent, wxID_ANY);
  rule_->Append(_("Freestyle: five or more in a row wins"));
  rule_->Append(_("Standard: exactly five in a row wins"));
  rule_->Append(_("Renju: forbidden points for Black"));
  rule_->SetSelection(RuleIndex(options.rule));
  FitChoice(rule_);

  sizeLabel_ = new wxStaticText(parent, wxID_ANY, _("Board si&ze:"));
  size_ = new wxChoice(parent, wxID_ANY);
  for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n)
    size_->Append(wxString::Format(_(L"%d \u00D7 %d"), n, n));
  FitChoice(size_);

  foul_ = new wxCheckBox(parent, wxID_ANY, _("&Forbidden move loses (strict RIF)"));
  foul_->SetValue(options.foul == FoulPolicy::Lose);
  foul_->SetToolTip(
      _("Off: a forbidden move by Black is refused and Black plays again. "
        "On: the stone is placed and Black loses the game."));

  rule_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) { OnRuleChanged(); });
  size_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    if (size_->IsEnabled()) freeSize_ = kMinBoardSize + size_->GetSelection();
    if (changed_) changed_();
  });
  OnRuleChanged();
}

void RuleControls::OnRuleChanged() {
  const bool renju = kRules[std::max(0, rule_->GetSelection())] == Rule::Renju;
  size_->SetSelection((renju ? kRenjuBoardSize : freeSize_) - kMinBoardSize);
  size_->Enable(!renju);
  foul_->Enable(renju);
  if (changed_) changed_();
}

void RuleControls::AddTo(wxFlexGridSizer& grid) const {
  const auto labelFlags = wxSizerFlags().CentreVertical();
  grid.Add(ruleLabel_, labelFlags);
  grid.Add(rule_, wxSizerFlags().Expand());
  grid.Add(sizeLabel_, labelFlags);
  grid.Add(size_);
  grid.AddSpacer(0);
  grid.Add(foul_);
}

GameOptions RuleControls::Get() const {
  GameOptions g;
  g.rule = kRules[std::max(0, rule_->GetSelection())];
  g.boardSize = freeSize_;
  g.foul = foul_->GetValue() ? FoulPolicy::Lose : FoulPolicy::Refuse;
  return g;
}

// ---------------------------------------------------------------------------------------------
// ClockControls

wxString ClockFieldText(const TimeControl& tc) {
  return tc.kind == ClockKind::None ? _("No clock") : wxString(formatTimeControl(tc));
}

std::optional<TimeControl> ParseClockField(const wxString& text, wxString& why) {
  wxString t = text;
  t.Trim().Trim(false);
  if (t.empty() || t == _("No clock")) return TimeControl{};
  const TimeControlParse p = parseTimeControl(t.utf8_string());
  if (p.control) return p.control;
  if (t.length() > 40) t = t.Left(40) + L"\u2026";  // quoted as typed, not at any length
  switch (p.error) {
    case TimeControlError::Zero:
      why = wxString::Format(_("\"%s\" leaves too little time to move: the base time, a limit "
                               "a move and a byo-yomi period must be at least 0.1 s."),
                             t);
      break;
    case TimeControlError::TooLong:
      why = wxString::Format(_("\"%s\": a time may be at most 24 hours."), t);
      break;
    default:
      // TRANSLATORS: the forms are typed as they are: keep 5m+5s, 30s/move and 10m,30s.
      why = wxString::Format(_("\"%s\" is not a clock. Write 5m+5s (a base time and an "
                               "increment a move), 30s/move (a limit a move) or 10m,30s (a base "
                               "time, then 30 s a move)."),
                             t);
      break;
  }
  return std::nullopt;
}

ClockControls::ClockControls(wxWindow* parent, const TimeControl& tc) {
  label_ = new wxStaticText(parent, wxID_ANY, _("Cloc&k:"));
  wxArrayString choices;
  choices.Add(_("No clock"));
  for (const char* form : {"5m+5s", "10m+10s", "15m+10s", "30s/move", "10m,30s"}) choices.Add(form);
  field_ = new wxComboBox(parent, wxID_ANY, ClockFieldText(tc), wxDefaultPosition, wxDefaultSize,
                          choices, wxCB_DROPDOWN);
  field_->SetToolTip(
      _("5m+5s: 5 minutes each and 5 seconds more after each move. 30s/move: 30 seconds for "
        "each move. 10m,30s: 10 minutes each, then 30 seconds for each move (byo-yomi)."));
  hint_ = new wxStaticText(parent, wxID_ANY, _("A player whose time runs out loses the game."));
  hint_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
}

void ClockControls::AddTo(wxFlexGridSizer& grid, bool hint) const {
  grid.Add(label_, wxSizerFlags().CentreVertical());
  grid.Add(field_, wxSizerFlags().Expand());
  if (!hint) {
    hint_->Hide();
    return;
  }
  grid.AddSpacer(0);
  grid.Add(hint_, wxSizerFlags().Expand());
}

void ClockControls::Enable(bool enable) {
  label_->Enable(enable);
  field_->Enable(enable);
}

void ClockControls::Set(const TimeControl& tc) {
  field_->SetValue(ClockFieldText(tc));
}

bool ClockControls::Validate() const {
  wxString why;
  if (ParseClockField(field_->GetValue(), why)) return true;
  wxMessageBox(why, _("Clock"), wxOK | wxICON_WARNING, field_->GetParent());
  field_->SetFocus();
  field_->SelectAll();
  return false;
}

TimeControl ClockControls::Get() const {
  wxString why;
  return ParseClockField(field_->GetValue(), why).value_or(TimeControl{});
}

void ClockControls::WrapHint(int width) {
  hint_->Wrap(width);
}

// ---------------------------------------------------------------------------------------------
// OpeningControls

OpeningControls::OpeningControls(wxWindow* parent, RuleControls& rules, OpeningRule rule)
    : OpeningControls(
          parent, [&rules] { return rules.Get(); }, rule) {
  rules.OnChange([this] { Fill(); });
}

OpeningControls::OpeningControls(wxWindow* parent, std::function<GameOptions()> game,
                                 OpeningRule rule)
    : game_(std::move(game)), wanted_(rule) {
  label_ = new wxStaticText(parent, wxID_ANY, _("O&pening rule:"));
  field_ = new wxChoice(parent, wxID_ANY);
  // TRANSLATORS: %1$s and %2$s: the names of two opening rules, "Soosõrv-8" and "Taraguchi-10".
  field_->SetToolTip(wxString::Format(
      _("How the game begins: the players place the first stones and choose their colours by "
        "the rule, then play on normally. Swap and swap2 are played under freestyle and "
        "standard, %s and %s under renju."),
      OpeningRuleLabel(OpeningRule::Soosorv8), OpeningRuleLabel(OpeningRule::Taraguchi10)));
  hint_ = new wxStaticText(parent, wxID_ANY, {});
  hint_->SetForegroundColour(wxSystemSettings::GetColour(wxSYS_COLOUR_GRAYTEXT));
  field_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    wanted_ = Get();
    SetWrappedLabel(hint_, OpeningRuleHint(wanted_), hintWidth_ > 0 ? hintWidth_ : 300);
    Refit();
  });
  Fill();
}

void OpeningControls::Refit() {
  wxWindow* top = wxGetTopLevelParent(field_);
  if (!top || !top->GetSizer()) return;
  // A dialog fits its fields; a panel of the main window (the hall) only lays them out again:
  // the window keeps the size the user gave it.
  if (wxDynamicCast(top, wxDialog)) {
    top->Layout();
    top->Fit();
  } else {
    field_->GetParent()->Layout();
  }
}

void OpeningControls::Fill() {
  const GameOptions g = game_();
  const std::vector<OpeningRule> offered = session::openingRulesFor(g.rule, g.EffectiveSize());
  if (offered != offered_) {
    offered_ = offered;
    field_->Clear();
    for (OpeningRule r : offered_) field_->Append(OpeningRuleLabel(r));
    FitChoice(field_);
  }
  const auto it = std::find(offered_.begin(), offered_.end(), wanted_);
  field_->SetSelection(it == offered_.end() ? 0 : static_cast<int>(it - offered_.begin()));
  SetWrappedLabel(hint_, OpeningRuleHint(Get()), hintWidth_ > 0 ? hintWidth_ : 300);
  Refit();
}

void OpeningControls::AddTo(wxFlexGridSizer& grid, bool hint) const {
  grid.Add(label_, wxSizerFlags().CentreVertical());
  grid.Add(field_, wxSizerFlags().Expand());
  if (!hint) {
    hint_->Hide();
    return;
  }
  grid.AddSpacer(0);
  grid.Add(hint_, wxSizerFlags().Expand());
}

void OpeningControls::Enable(bool enable) {
  label_->Enable(enable);
  field_->Enable(enable);
}

void OpeningControls::Set(OpeningRule rule) {
  wanted_ = rule;
  Fill();
}

OpeningRule OpeningControls::Get() const {
  const int i = field_->GetSelection();
  return i >= 0 && i < static_cast<int>(offered_.size()) ? offered_[static_cast<std::size_t>(i)]
                                                         : OpeningRule::None;
}

void OpeningControls::WrapHint(int width) {
  hintWidth_ = width;
  SetWrappedLabel(hint_, OpeningRuleHint(Get()), width);
}

// ---------------------------------------------------------------------------------------------
// NewGameDialog

NewGameDialog::NewGameDialog(wxWindow* parent, const GameOptions& options)
    : wxDialog(parent, wxID_ANY, _("New local game")),
      fields_(this, options),
      clock_(this, options.clock),
      opening_(this, fields_, options.opening) {
  auto* intro = new wxStaticText(this, wxID_ANY, _("Two players take turns at this computer."));

  auto* grid = new wxFlexGridSizer(2, FromDIP(8), FromDIP(12));
  grid->AddGrowableCol(1);
  fields_.AddTo(*grid);
  clock_.AddTo(*grid);
  opening_.AddTo(*grid);
  clock_.WrapHint(FromDIP(260));
  opening_.WrapHint(FromDIP(260));
  intro->Wrap(std::max(FromDIP(340), grid->CalcMin().x));  // as wide as the fields

  auto* content = new wxBoxSizer(wxVERTICAL);
  content->Add(intro, wxSizerFlags().Border(wxBOTTOM, FromDIP(14)));
  content->Add(grid, wxSizerFlags().Expand());

  wxStdDialogButtonSizer* buttons = CreateStdDialogButtonSizer(wxOK | wxCANCEL);
  if (auto* ok = wxDynamicCast(FindWindow(wxID_OK), wxButton)) {
    ok->SetLabel(_("&Start"));
    ok->SetDefault();
  }
  Bind(
      wxEVT_BUTTON,
      [this](wxCommandEvent& e) {
        if (clock_.Validate()) e.Skip();
      },
      wxID_OK);

  auto* top = new wxBoxSizer(wxVERTICAL);
  top->Add(content, wxSizerFlags(1).Expand().Border(wxALL, FromDIP(16)));
  top->Add(buttons, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT | wxBOTTOM, FromDIP(12)));
  SetSizerAndFit(top);
  CentreOnParent();
}

GameOptions NewGameDialog::GetOptions() const {
  GameOptions g = fields_.Get();
  g.clock = clock_.Get();
  g.opening = opening_.Get();
  return g;
}

}  // namespace gomoku::app
