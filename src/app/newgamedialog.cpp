#include "app/newgamedialog.h"
#include "app/wraptext.h"

#include <algorithm>
#include <iterator>

#include <wx/button.h>
#include <wx/checkbox.h>
#include <wx/choice.h>
#include <wx/intl.h>
#include <wx/sizer.h>
#include <wx/stattext.h>

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
  });
  OnRuleChanged();
}

void RuleControls::OnRuleChanged() {
  const bool renju = kRules[std::max(0, rule_->GetSelection())] == Rule::Renju;
  size_->SetSelection((renju ? kRenjuBoardSize : freeSize_) - kMinBoardSize);
  size_->Enable(!renju);
  foul_->Enable(renju);
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
// NewGameDialog

NewGameDialog::NewGameDialog(wxWindow* parent, const GameOptions& options)
    : wxDialog(parent, wxID_ANY, _("New local game")), fields_(this, options) {
  auto* intro = new wxStaticText(this, wxID_ANY, _("Two players take turns at this computer."));

  auto* grid = new wxFlexGridSizer(2, FromDIP(8), FromDIP(12));
  grid->AddGrowableCol(1);
  fields_.AddTo(*grid);
  intro->Wrap(std::max(FromDIP(340), grid->CalcMin().x));  // as wide as the fields

  auto* content = new wxBoxSizer(wxVERTICAL);
  content->Add(intro, wxSizerFlags().Border(wxBOTTOM, FromDIP(14)));
  content->Add(grid, wxSizerFlags().Expand());

  wxStdDialogButtonSizer* buttons = CreateStdDialogButtonSizer(wxOK | wxCANCEL);
  if (auto* ok = wxDynamicCast(FindWindow(wxID_OK), wxButton)) {
    ok->SetLabel(_("&Start"));
    ok->SetDefault();
  }

  auto* top = new wxBoxSizer(wxVERTICAL);
  top->Add(content, wxSizerFlags(1).Expand().Border(wxALL, FromDIP(16)));
  top->Add(buttons, wxSizerFlags().Expand().Border(wxLEFT | wxRIGHT | wxBOTTOM, FromDIP(12)));
  SetSizerAndFit(top);
  CentreOnParent();
}

}  // namespace gomoku::app
