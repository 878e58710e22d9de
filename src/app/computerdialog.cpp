#include "app/computerdialog.h"
#include "app/enginecontroller.h"
#include "app/wraptext.h"

#include <algorithm>
#include <thread>

#include <wx/button.h>
#include <wx/choice.h>
#include <wx/config.h>
#include <wx/intl.h>
#include <wx/sizer.h>
#include <wx/spinctrl.h>
#include <wx/stattext.h>

#include "ai/engine.h"

namespace gomoku::app {

wxString LevelName(int level) {
  switch (std::clamp(level, ai::kMinLevel, ai::kMaxLevel)) {
    case 1:
      return _("Beginner");
    case 2:
      return _("Casual");
    case 3:
      return _("Intermediate");
    case 4:
      return _("Expert");
    default:
      return _("Master");
  }
}

wxString LevelHint(int level) {
  // From the level ladder and the matches against public engines in the README.
  wxString strength;
  switch (std::clamp(level, ai::kMinLevel, ai::kMaxLevel)) {
    case 1:
      strength =
          _("Takes a five and stops a four, and plays loosely otherwise: for learning the "
            "game.");
      break;
    case 2:
      strength = _("Looks a few moves ahead; wins three games in four against Beginner.");
      break;
    case 3:
      strength = _("Searches five moves deep; wins about four games in five against Casual.");
      break;
    case 4:
      strength = _("Searches six moves deep; wins four games in five against Intermediate.");
      break;
    default:
      strength =
          _("The whole engine: wins three games in four against Expert, and two in three "
            "against Pela (Piskvork's engine) and AIWine.");
      break;
  }
  const double seconds = static_cast<double>(EngineController::MoveTimeMs(level)) / 1000.0;
  return strength + " " + wxString::Format(_("Up to %s s a move."), wxString::FromDouble(seconds));
}

ComputerGameOptions ComputerGameOptions::Load(const GameOptions& fallbackGame) {
  ComputerGameOptions o;
  o.game = fallbackGame;
  if (wxConfigBase* c = wxConfigBase::Get()) {
    o.colorChoice = std::clamp(static_cast<int>(c->ReadLong("/Computer/Color", 0)), 0, 2);
    o.level = std::clamp(static_cast<int>(c->ReadLong("/Computer/Level", 3)), ai::kMinLevel,
                         ai::kMaxLevel);
    const long rule = c->ReadLong("/Computer/Rule", static_cast<long>(fallbackGame.rule));
    if (rule >= 0 && rule <= 2) o.game.rule = static_cast<Rule>(rule);
    o.engine = c->Read("/Computer/Engine", "").utf8_string();
    o.threads = std::clamp(static_cast<int>(c->ReadLong("/Computer/Threads", ai::defaultThreads())),
                           1, ai::kMaxThreads);
    o.game.boardSize =
        std::clamp(static_cast<int>(c->ReadLong("/Computer/Size", fallbackGame.boardSize)),
                   kMinBoardSize, kMaxBoardSize);
    o.game.clock = parseTimeControl(c->Read("/Computer/Clock", "none").utf8_string())
                       .control.value_or(TimeControl{});
    o.game.opening = parseOpeningRule(c->Read("/Computer/Opening", "none").utf8_string())
                         .value_or(OpeningRule::None);
  }
  return o;
}

void ComputerGameOptions::Save() const {
  if (wxConfigBase* c = wxConfigBase::Get()) {
    c->Write("/Computer/Color", static_cast<long>(colorChoice));
    c->Write("/Computer/Level", static_cast<long>(level));
    c->Write("/Computer/Rule", static_cast<long>(game.rule));
    c->Write("/Computer/Size", static_cast<long>(game.boardSize));
    c->Write("/Computer/Clock", wxString(formatTimeControl(game.clock)));
    c->Write("/Computer/Opening", wxString(openingRuleName(game.opening)));
    c->Write("/Computer/Engine", wxString::FromUTF8(engine));
    c->Write("/Computer/Threads", static_cast<long>(threads));
    c->Flush();
  }
}

ComputerGameDialog::ComputerGameDialog(wxWindow* parent, const ComputerGameOptions& options)
    : wxDialog(parent, wxID_ANY, _("New game against the computer")),
      fields_(this, options.game),
      clock_(this, options.game.clock),
      opening_(this, fields_, options.game.opening) {
  // The rule fields exist already; the new controls go before them in the tab order.
  wxWindow* firstField = GetChildren().GetFirst()->GetData();
  auto* intro = new wxStaticText(this, wxID_ANY, _("Play a game against the computer."));
  auto* colorLabel = new wxStaticText(this, wxID_ANY, _("&You play:"));
  color_ = new wxChoice(this, wxID_ANY);
  color_->Append(_("Black (you move first)"));
  color_->Append(_("White (the computer moves first)"));
  color_->Append(_("Random"));
  color_->SetSelection(options.colorChoice);
  color_->SetToolTip(
      _("With an opening rule, Black is the first player of the opening; the opening may then "
        "change the colours."));
  FitChoice(color_);
  auto* levelLabel = new wxStaticText(this, wxID_ANY, _("&Level:"));
  level_ = new wxChoice(this, wxID_ANY);
  for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level)
    level_->Append(wxString::Format("%d - %s", level, LevelName(level)));
  level_->SetSelection(std::clamp(options.level, 1, 5) - 1);
  FitChoice(level_);
  levelHint_ = new wxStaticText(this, wxID_ANY, LevelHint(level_->GetSelection() + 1));
  level_->Bind(wxEVT_CHOICE, [this](wxCommandEvent&) {
    levelHint_->SetLabel(LevelHint(level_->GetSelection() + 1));
    levelHint_->Wrap(hintWidth_);
    Layout();
    Fit();
  });
  auto* opponentLabel = new wxStaticText(this, wxID_ANY, _("&Opponent:"));
  opponent_ = new wxChoice(this, wxID_ANY);
  opponent_->Append(_("Built-in engine"));
  engines_ = LoadExternalEngines();
  opponent_->SetSelection(0);
  for (std::size_t i = 0; i < engines_.size(); ++i) {
    opponent_->Append(wxString::FromUTF8(engines_[i].name));
    if (engines_[i].path == options.engine) opponent_->SetSelection(static_cast<int>(i) + 1);
  }
  FitChoice(opponent_);
  opponent_->SetToolTip(
      _("External engines are added in Settings > Engines; the level then "
        "sets their time per move."));

  auto* threadsLabel = new wxStaticText(this, wxID_ANY, _("&Threads:"));
  threads_ = new wxSpinCtrl(this, wxID_ANY, wxEmptyString, wxDefaultPosition, wxDefaultSize,
                            wxSP_ARROW_KEYS, 1, ai::kMaxThreads,
                            std::clamp(options.threads, 1, ai::kMaxThreads));
  threads_->SetToolTip(
      wxString::Format(_("How many processor cores the computer thinks with (Expert and Master; "
                         "an external engine is told the number). This computer has %d."),
                       static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))));

  auto* grid = new wxFlexGridSizer(2, FromDIP(8), FromDIP(12));
  grid->AddGrowableCol(1);
  grid->Add(colorLabel, wxSizerFlags().CentreVertical());
  grid->Add(color_, wxSizerFlags().Expand());
  grid->Add(levelLabel, wxSizerFlags().CentreVertical());
  grid->Add(level_, wxSizerFlags().Expand());
  grid->AddSpacer(0);
  grid->Add(levelHint_, wxSizerFlags().Expand());
  grid->Add(opponentLabel, wxSizerFlags().CentreVertical());
  grid->Add(opponent_, wxSizerFlags().Expand());
  grid->Add(threadsLabel, wxSizerFlags().CentreVertical());
  grid->Add(threads_, wxSizerFlags());
  fields_.AddTo(*grid);
  clock_.AddTo(*grid);
  opening_.AddTo(*grid);
  // The hint wraps within the field column, as wide as the widest field (not wider than the
  // dialog would be without it).
  hintWidth_ = std::max(FromDIP(220), level_->GetBestSize().x);
  for (wxWindow* w : {static_cast<wxWindow*>(color_), static_cast<wxWindow*>(opponent_)})
    hintWidth_ = std::max(hintWidth_, w->GetBestSize().x);
  levelHint_->Wrap(hintWidth_);
  clock_.WrapHint(hintWidth_);
  opening_.WrapHint(hintWidth_);
  intro->Wrap(std::max(FromDIP(340), grid->CalcMin().x));
  for (wxWindow* w : {static_cast<wxWindow*>(intro), static_cast<wxWindow*>(colorLabel),
                      static_cast<wxWindow*>(color_), static_cast<wxWindow*>(levelLabel),
                      static_cast<wxWindow*>(level_), static_cast<wxWindow*>(opponentLabel),
                      static_cast<wxWindow*>(opponent_), static_cast<wxWindow*>(threadsLabel),
                      static_cast<wxWindow*>(threads_)})
    w->MoveBeforeInTabOrder(firstField);

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

ComputerGameOptions ComputerGameDialog::GetOptions() const {
  ComputerGameOptions o;
  o.game = fields_.Get();
  o.game.clock = clock_.Get();
  o.game.opening = opening_.Get();
  o.colorChoice = std::max(0, color_->GetSelection());
  o.level = std::max(0, level_->GetSelection()) + 1;
  o.threads = threads_->GetValue();
  const int e = opponent_->GetSelection() - 1;
  if (e >= 0 && e < static_cast<int>(engines_.size())) {
    o.engine = engines_[static_cast<std::size_t>(e)].path;
    o.engineName = engines_[static_cast<std::size_t>(e)].name;
  }
  return o;
}

}  // namespace gomoku::app
