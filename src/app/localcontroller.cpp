// LocalController: the hot-seat game and the game against the computer (issue 5 for undo and
// redo; cases C08, C09 and C19c).
#include "app/localcontroller.h"

#include <random>

#include <wx/datetime.h>
#include <wx/intl.h>

#include "app/computerdialog.h"
#include "app/enginecontroller.h"
#include "app/gamerecords.h"
#include "app/openingtexts.h"
#include "app/reportobserver.h"
#include "app/texts.h"
#include "core/notation.h"

namespace gomoku::app {

namespace {

// The colour of the player of ply `index` (from 0).
Stone MoverOf(int index) {
  return index % 2 == 0 ? Stone::Black : Stone::White;
}

}  // namespace

LocalController::LocalController(FrameServices& frame, std::shared_ptr<bool> alive,
                                 const Game& game)
    : frame_(frame), alive_(std::move(alive)), session_(game) {
  // The app lets the user take back the computer's opening stone (it then opens again).
  session_.setOpeningTakeback(true);
}

LocalController::~LocalController() {
  StopEngine();
}

wxString LocalController::StartSentence(bool forbiddenShown) const {
  const Game& game = session_.game();
  if (game.ply() > 0)
    return wxString::Format(_("Local game from move %d: %s to move."), game.ply(),
                            ColorLabel(game.toMove()));
  if (game.rule() == Rule::Renju && forbiddenShown)
    return _(
        "New renju game: Black moves first. Red crosses mark the points forbidden "
        "for Black.");
  return _("New local game: Black moves first.");
}

void LocalController::StartComputer(const ComputerGameOptions& o, const std::string& nickname) {
  Stone human = o.colorChoice == 1 ? Stone::White : Stone::Black;
  if (o.colorChoice == 2) human = (std::random_device{}() & 1) ? Stone::White : Stone::Black;
  session_.setComputer(opponent(human), o.level);
  enginePath_ = o.engine;
  threads_ = o.threads;
  computerName_ = o.engine.empty() ? wxString::Format(_("Computer (%s)"), LevelName(o.level))
                                   : FromUtf8(o.engineName.empty() ? o.engine : o.engineName);
  userName_ = nickname.empty() ? _("You") : FromUtf8(nickname);
  (human == Stone::Black ? whiteName_ : blackName_) = computerName_;
  (human == Stone::Black ? blackName_ : whiteName_) = userName_;
  if (opening_) {
    // The colour chosen names the user's seat: Black is the first player (the tentative
    // Black); our engine takes the other seat's decisions (also for an external engine: it
    // plays from normal play on).
    computerSeat_ = human == Stone::Black ? Seat::Second : Seat::First;
    NewOpening();
    SyncOpeningSeats();
  }
  AnnounceComputer();
  if (opening_)
    frame_.SetStatus(
        wxString::Format(computerSeat_ == Seat::Second
                             ? _("New game against the computer, opening rule %s: you are the "
                                 "first player.")
                             : _("New game against the computer, opening rule %s: the computer "
                                 "is the first player."),
                         OpeningRuleLabel(openingRule_)));
  else
    frame_.SetStatus(human == Stone::Black
                         ? _("New game against the computer: you play Black and move first.")
                         : _("New game against the computer: you play White."));
  frame_.ShowState();
  MaybeOpeningDecision();
  MaybeComputerMove();
}

void LocalController::SetTimeControl(const TimeControl& tc) {
  clock_ = tc;
  if (opening_)
    opening_->setTimeControl(tc);  // the opening is timed; its clocks go on in normal play
  else
    session_.setTimeControl(tc);
  frame_.ShowState();
}

void LocalController::StartOpening(OpeningRule rule) {
  const Game& game = session_.game();
  openingRule_ =
      game.ply() > 0 ? OpeningRule::None : session::fitOpeningRule(rule, game.rule(), game.size());
  if (openingRule_ == OpeningRule::None) return;
  NewOpening();
  frame_.SetStatus(OpeningStepSentence(opening_->opening(), computerSeat_));
  frame_.ShowState();
}

void LocalController::NewOpening() {
  opening_.reset();
  openingLog_.clear();
  if (openingRule_ == OpeningRule::None) return;
  const Game& game = session_.game();
  opening_.emplace(openingRule_, game.size(), game.rule(), computerSeat_);
  opening_->setTimeControl(clock_);        // tournaments time the opening
  session_.setTimeControl(TimeControl{});  // its clocks go on in normal play (finishInto)
}

void LocalController::SyncOpeningSeats() {
  if (!opening_ || !computerSeat_) return;
  // The seats keep their players; a swap or a colour choice changes their colours.
  const Stone computer = opening_->opening().colourOf(*computerSeat_);
  session_.setComputer(computer, session_.computerLevel());
  (computer == Stone::Black ? blackName_ : whiteName_) = computerName_;
  (computer == Stone::Black ? whiteName_ : blackName_) = userName_;
}

const session::OpeningSession* LocalController::RunningOpening() const {
  return opening_ ? &*opening_ : nullptr;
}

wxString LocalController::OpeningBanner() const {
  if (!opening_) return {};
  return OpeningStepSentence(opening_->opening(), computerSeat_,
                             static_cast<int>(opening_->picked().size()));
}

void LocalController::OpeningClick(Point p) {
  if (opening_->computerToDecide()) {
    frame_.RefuseMove(p, _("The computer is deciding; wait for its decision."));
    return;
  }
  OpeningActed(opening_->click(p), p);
}

void LocalController::OnOpeningChoice(OpeningChoice choice) {
  if (opening_) OpeningActed(opening_->choose(choice));
}

void LocalController::OnOpeningDeclare(int count) {
  if (opening_) OpeningActed(opening_->declare(count));
}

void LocalController::OnOpeningOffer() {
  if (opening_) OpeningActed(opening_->offerPicked());
}

void LocalController::OpeningActed(OpeningError e, std::optional<Point> p) {
  if (OpeningFlagged()) return;  // too late: the decider ran out of time
  if (e != OpeningError::None) {
    const wxString why = OpeningErrorSentence(e, opening_->opening());
    if (p)
      frame_.RefuseMove(*p, why);
    else
      frame_.SetStatus(why);
    if (frame_.Report() && !p) frame_.Report()->Line("REFUSED - " + why.utf8_string());
    return;
  }
  if (opening_->done()) {
    FinishOpening({});
    return;
  }
  SyncOpeningSeats();
  frame_.SetStatus(OpeningStepSentence(opening_->opening(), computerSeat_,
                                       static_cast<int>(opening_->picked().size())));
  frame_.ShowState();
  MaybeOpeningDecision();
}

void LocalController::MaybeOpeningDecision() {
  if (!opening_) return;
  const std::optional<session::OpeningRequest> request = opening_->computerRequest();
  if (!request) return;
  if (!engine_) engine_ = std::make_unique<EngineController>(alive_);
  frame_.SetStatus(_(L"The computer is deciding\u2026"));
  if (frame_.Report()) frame_.Report()->Line("THINKING");
  const std::uint64_t id = request->id;
  engine_->DecideOpening(request->opening, request->budgetMs,
                         [this, id](const ai::OpeningDecision& d) { OnComputerOpening(id, d); });
  frame_.ShowState();  // the board and the banner refuse the user's actions meanwhile
}

void LocalController::OnComputerOpening(std::uint64_t request, const ai::OpeningDecision& d) {
  if (!opening_ || !computerSeat_) return;
  const OpeningError e = opening_->applyComputer(request, d);
  if (OpeningFlagged()) return;             // too late: the computer ran out of time
  if (e == OpeningError::Finished) return;  // stale: the opening started again meanwhile
  if (e != OpeningError::None) {
    // Cannot happen for what decideOpening made; the opening stops where it is.
    frame_.SetStatus(wxString::Format(_("The computer's decision was refused: %s"),
                                      OpeningErrorSentence(e, opening_->opening())));
    return;
  }
  const wxString said = ComputerOpeningSentence(opening_->opening());
  if (opening_->done()) {
    FinishOpening(said);
    return;
  }
  SyncOpeningSeats();
  frame_.SetStatus(opening_->computerToDecide()
                       ? said
                       : said + " " + OpeningStepSentence(opening_->opening(), computerSeat_));
  frame_.ShowState();
  MaybeOpeningDecision();
}

void LocalController::FinishOpening(const wxString& said) {
  SyncOpeningSeats();
  const wxString done = OpeningDoneSentence(opening_->opening(), computerSeat_);
  openingLog_ = opening_->opening().history();  // for the record
  opening_->finishInto(session_);  // its stones and clocks stay; the computer plays its seat's
  opening_.reset();                // colour
  AnnounceComputer();              // the colour the computer ended up with
  frame_.SetStatus(said.empty() ? done : said + " " + done);
  frame_.ShowState();
  MaybeComputerMove();
}

bool LocalController::OpeningFlagged() {
  if (!opening_ || !opening_->flagged()) return false;
  SyncOpeningSeats();
  openingLog_ = opening_->opening().history();  // for the record
  opening_->flagInto(session_);                 // its stones, the result on time
  opening_.reset();
  ShowLossOnTime();
  return true;
}

void LocalController::ShowLossOnTime() {
  StopEngine();  // the computer ran out of time while it thought, or the user did
  const Game& game = session_.game();
  frame_.SetStatus(
      ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
  frame_.ShowState();
  AutoSave();  // after the RESULT line
}

bool LocalController::ClockRunning() const {
  return opening_ ? opening_->msUntilFlag() >= 0 : session_.msUntilFlag() >= 0;
}

bool LocalController::OnClockTick() {
  if (opening_) return opening_->checkTime() && OpeningFlagged();
  if (!session_.checkTime()) return false;
  ShowLossOnTime();
  return true;
}

void LocalController::AnnounceComputer() {
  const Stone computer = session_.computer();
  if (computer == Stone::Empty || !frame_.Report()) return;
  frame_.Report()->Line(std::string("COMPUTER ") + stoneName(computer) + " " +
                        std::to_string(session_.computerLevel()) + " " +
                        PlayerName(computer).utf8_string());
}

bool LocalController::CanHint() const {
  return !opening_ && !session_.game().over() && !ComputerToMove() && !(engine_ && engine_->Busy());
}

void LocalController::Hint() {
  if (opening_ || session_.game().over() || ComputerToMove()) return;
  if (!engine_) engine_ = std::make_unique<EngineController>(alive_);
  engine_->SetThreads(threads_);
  if (engine_->Busy()) return;
  engine_->SetProgress({});
  frame_.SetStatus(_(L"Looking for a good move\u2026"));
  const int ply = session_.game().ply();
  engine_->Think(
      session_.game(), ai::kMaxLevel - 1,
      [this, ply](const ai::SearchResult& r, const std::string&) {
        const Game& game = session_.game();
        if (game.ply() != ply || game.over()) return;
        if (!r.move) {
          frame_.SetStatus(_("No hint: there is no legal move."));
          return;
        }
        frame_.ShowHint(*r.move);
        if (frame_.Report()) frame_.Report()->Line("HINT " + toXY(*r.move));
        frame_.SetStatus(wxString::Format(_("Hint: %s for %s."), pointName(*r.move, game.size()),
                                          ColorLabel(game.toMove())));
      });
}

void LocalController::EndForClose() {
  const Game& game = session_.game();
  if (game.ply() > 0 && !game.over())
    session_.end(Outcome::Interrupted, EndReason::Disconnected,
                 _("the window was closed").utf8_string());
}

void LocalController::StopEngine() {
  if (engine_) engine_->Stop();
}

// ---------------------------------------------------------------------------------------------
// What the window shows

GameKind LocalController::Kind() const {
  return session_.computer() != Stone::Empty ? GameKind::Computer : GameKind::HotSeat;
}

const Game& LocalController::ShownGame() const {
  if (opening_) return opening_->opening().game();
  return stepping_ ? *stepping_ : session_.game();
}

bool LocalController::BoardInteractive() const {
  if (opening_) {
    const OpeningStep step = opening_->opening().step();
    return !opening_->computerToDecide() &&
           (step == OpeningStep::Place || step == OpeningStep::PlaceAlternatives ||
            step == OpeningStep::ChooseAlternative);
  }
  const Game& game = ShownGame();
  return !game.over() && game.toMove() != session_.computer();
}

void LocalController::FillSideInput(SideInput& in) const {
  const Stone computer = session_.computer();
  in.blackName = blackName_.utf8_string();
  in.whiteName = whiteName_.utf8_string();
  in.you = computer == Stone::Empty ? Stone::Empty : opponent(computer);
  in.computer = computer;
  // Between the plies of one takeback or redo a ply is still to come back.
  in.redoable = !opening_ && (stepping_ || !session_.redoList().empty());
  in.undoable = CanUndo();
  in.opening = opening_.has_value();
  in.openingComputer = opening_ && opening_->computerToDecide();
  if (opening_) in.openingDecider = opening_->opening().colourOf(opening_->opening().decider());
  if (opening_ && opening_->gameClock().enabled()) {
    in.blackClock = opening_->clockReading(Stone::Black);
    in.whiteClock = opening_->clockReading(Stone::White);
  } else if (session_.timeControl().kind != ClockKind::None) {
    in.blackClock = session_.clockReading(Stone::Black);
    in.whiteClock = session_.clockReading(Stone::White);
  }
}

wxString LocalController::PlayerName(Stone s) const {
  return s == Stone::Black ? blackName_ : s == Stone::White ? whiteName_ : wxString();
}

wxString LocalController::SituationStatus() const {
  if (opening_)
    return OpeningStepSentence(opening_->opening(), computerSeat_,
                               static_cast<int>(opening_->picked().size()));
  return SituationSentence(session_.game(), PlayerName(Stone::Black), PlayerName(Stone::White));
}

Record LocalController::ShownRecord() const {
  const std::string date = wxDateTime::Now().FormatISODate().utf8_string();
  if (opening_)  // its stones so far (their times are not kept), and the clock to come
    return RecordFromGame(opening_->opening().game(), blackName_.utf8_string(),
                          whiteName_.utf8_string(), {}, date, clock_, RecordedOpening());
  return RecordFromGame(session_.game(), blackName_.utf8_string(), whiteName_.utf8_string(),
                        session_.times(), date, session_.timeControl(), RecordedOpening());
}

GameOpening LocalController::RecordedOpening() const {
  if (openingRule_ == OpeningRule::None) return {};
  return {openingRule_, opening_ ? opening_->opening().history() : openingLog_};
}

// ---------------------------------------------------------------------------------------------
// Moves

void LocalController::OnBoardClick(Point p) {
  if (opening_) {
    OpeningClick(p);
    return;
  }
  const Game& game = session_.game();
  const Stone mover = game.toMove();
  if (ComputerToMove()) {
    frame_.RefuseMove(p, _("The computer is thinking; wait for its move."));
    return;
  }
  // Under renju with FoulPolicy::Lose a forbidden point is played and ends the game.
  if (const MoveError e = session_.play(p); e != MoveError::None) {
    frame_.RefuseMove(p, AsSentence(game.refusalText(p, e)));
    return;
  }
  if (game.over())
    frame_.SetStatus(ResultSentence(game.result(), {}, {}));
  else
    frame_.SetStatus(
        wxString::Format(_("%s played %s."), ColorLabel(mover), pointName(p, game.size())));
  frame_.ShowState();
  if (game.over()) AutoSave();  // after the RESULT line
  MaybeComputerMove();
}

void LocalController::MaybeComputerMove() {
  if (opening_) return;  // the opening's decisions first (MaybeOpeningDecision)
  const std::optional<session::ComputerRequest> request = session_.computerRequest();
  if (!request) return;
  if (!engine_) engine_ = std::make_unique<EngineController>(alive_);
  engine_->SetThreads(threads_);
  // The thinking indicator: how deep the search is so far.
  engine_->SetProgress([this](const ai::SearchInfo& info) {
    if (!ComputerToMove()) return;
    frame_.SetStatus(wxString::Format(_(L"The computer is thinking\u2026 (depth %d, %.1f s)"),
                                      info.depth, info.elapsedMs / 1000.0));
    frame_.ShowAnalysis(info.depth, info.score);
  });
  frame_.SetStatus(_(L"The computer is thinking\u2026"));
  if (frame_.Report()) frame_.Report()->Line("THINKING");
  const std::uint64_t id = request->id;
  engine_->Think(
      session_.game(), request->level,
      [this, id](const ai::SearchResult& r, const std::string& error) {
        OnComputerMove(id, r, error);
      },
      enginePath_, &*request);
  frame_.ShowState();  // the board refuses clicks while it thinks
}

void LocalController::OnComputerMove(std::uint64_t request, const ai::SearchResult& r,
                                     const std::string& error) {
  const Game& game = session_.game();
  if (!error.empty()) {
    // An external engine crashed, stayed silent or answered nonsense: the game stops.
    if (!session_.computerFailed(request, error)) return;
    frame_.SetStatus(wxString::Format(_("The engine %s failed: %s. The game is interrupted."),
                                      PlayerName(session_.computer()), CoreText(error)));
    frame_.ShowState();
    AutoSave();  // after the RESULT line
    return;
  }
  std::string refusal;  // why the move is illegal, for the status bar
  if (r.move)
    if (const MoveError e = game.check(*r.move); e != MoveError::None)
      refusal = game.refusalText(*r.move, e);
  switch (session_.applyComputerMove(request, r)) {
    case session::ComputerMove::Stale:
      return;
    case session::ComputerMove::OutOfTime:
      frame_.SetStatus(
          ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
      break;
    case session::ComputerMove::Illegal:
      // TRANSLATORS: %s: why, e.g. "The point h8 is occupied."
      frame_.SetStatus(
          wxString::Format(_("Illegal move by the engine: %s"), EndWithPeriod(refusal)));
      break;
    case session::ComputerMove::Resigned:
      frame_.SetStatus(_("The computer resigns: it has no legal move left. You win."));
      break;
    case session::ComputerMove::Played:
      if (game.over())
        frame_.SetStatus(
            ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
      else if (r.forcedWin)
        frame_.SetStatus(wxString::Format(_("The computer played %s and sees a forced win."),
                                          pointName(*r.move, game.size())));
      else
        frame_.SetStatus(wxString::Format(_("The computer played %s. Your turn."),
                                          pointName(*r.move, game.size())));
      break;
  }
  frame_.ShowState();
  // A game the computer's move ended is saved now, as one the player's move ended.
  if (game.over()) AutoSave();  // after the RESULT line
}

// ---------------------------------------------------------------------------------------------
// Undo, redo, restart

bool LocalController::CanUndo() const {
  if (opening_) return false;  // the opening's stones and choices stay
  // Also for a game ended from outside: Undo says that it cannot be undone.
  return session_.undoRefusal() != session::TakebackError::NothingToDo;
}

bool LocalController::CanRedo() const {
  return !opening_ && !session_.redoList().empty();
}

void LocalController::ShowSteps(Game before, const session::Takeback& t, bool undo) {
  // The board, the side panel and the test report go through each ply (a TAKEBACK or MOVE line
  // for each), as a player would have done them one by one.
  for (std::size_t i = 0; i + 1 < t.moves.size(); ++i) {
    if (undo)
      before.undo();
    else
      before.play(t.moves[i]);
    stepping_ = &before;
    frame_.ShowState();
    stepping_ = nullptr;
  }
  frame_.ShowState();
}

void LocalController::Undo() {
  if (!CanUndo()) return;
  const bool computer = session_.computer() != Stone::Empty;
  // Against the computer: take back to our own turn (our last move and the computer's reply),
  // and let the computer think again when it is its turn after all (it had opened the game).
  if (computer) StopEngine();
  const Game before = session_.game();
  const session::Takeback t = session_.undo();
  const Game& game = session_.game();
  if (t.error == session::TakebackError::None) {
    if (t.moves.size() == 2) {
      // Two stones went: the computer's reply and our move before it. Say so.
      frame_.SetStatus(wxString::Format(_("Took back your %s and the computer's reply %s."),
                                        pointName(t.moves[1], game.size()),
                                        pointName(t.moves[0], game.size())));
    } else {
      // A game ended by a five or a full board reopens: winner cleared, the right side to move
      // (case C09).
      frame_.SetStatus(wxString::Format(
          t.reopened ? _("Took back %s's %s: the game goes on.") : _("Took back %s's %s."),
          ColorLabel(MoverOf(game.ply())), pointName(t.moves[0], game.size())));
    }
    ShowSteps(before, t, true);
  } else if (t.error == session::TakebackError::Ended) {
    // A game ended otherwise (resigned, interrupted) cannot be undone.
    frame_.SetStatus(_("This game ended; it cannot be undone. Start a new game or restart."));
  }
  if (!computer) return;
  frame_.ShowState();
  MaybeComputerMove();
}

void LocalController::Redo() {
  if (!CanRedo()) return;
  const bool computer = session_.computer() != Stone::Empty;
  // Against the computer: our move and, when it is still in the redo list, the computer's
  // reply; otherwise the computer thinks again.
  if (computer) StopEngine();
  const Game before = session_.game();
  const Point next = session_.redoList().back();
  const session::Takeback t = session_.redo();
  const Game& game = session_.game();
  if (t.error == session::TakebackError::None) {
    if (game.over())
      frame_.SetStatus(
          ResultSentence(game.result(), PlayerName(Stone::Black), PlayerName(Stone::White)));
    else
      frame_.SetStatus(wxString::Format(_("%s played %s again."),
                                        ColorLabel(MoverOf(game.ply() - 1)),
                                        pointName(t.moves.back(), game.size())));
    ShowSteps(before, t, false);
    if (game.over()) AutoSave();  // after the RESULT line
  } else if (game.over()) {
    frame_.RefuseMove(next, AsSentence(game.refusalText(next, MoveError::GameOver)));
  }
  if (computer) MaybeComputerMove();
}

bool LocalController::CanRestart() const {
  if (opening_) return opening_->version() > 1;  // something was decided
  return session_.game().ply() > 0 || session_.game().over();
}

void LocalController::Restart() {
  if (!CanRestart()) return;
  StopEngine();
  AutoSave();  // the game as it was, when it has unsaved moves
  session_.restart();
  autoSavePath_.clear();
  NewOpening();  // the opening again, from its first decision
  SyncOpeningSeats();
  frame_.GameReplaced(true);
  if (frame_.Report()) frame_.Report()->LocalGame(session_.game());
  AnnounceComputer();
  frame_.SetStatus(opening_ ? OpeningStepSentence(opening_->opening(), computerSeat_)
                            : _("The game starts again: Black moves first."));
  frame_.ShowState();
  MaybeOpeningDecision();
  MaybeComputerMove();
}

// ---------------------------------------------------------------------------------------------
// Leaving and saving

void LocalController::Leave() {
  StopEngine();
  AutoSave();
}

void LocalController::AutoSave() {
  const Game& game = session_.game();
  // Saved once the user has moved (not for the computer's opening stone alone).
  const int opening = session_.computer() == Stone::Black ? 1 : 0;
  if (!session_.dirty() || game.ply() <= opening) return;
  session_.markSaved();
  Game saved = game;  // a game left unfinished is saved as interrupted
  // The detail in the language of the program: it is the file's comment.
  saved.end(Outcome::Interrupted, EndReason::Disconnected, _("left unfinished").utf8_string());
  // Hot seat: no names (the file is named by the colours); against the computer: the player's
  // nickname and the computer's name with its level, e.g. "Computer (Intermediate)".
  frame_.AutoSave(saved, blackName_, whiteName_, session_.times(), session_.timeControl(),
                  RecordedOpening(), autoSavePath_);
}

}  // namespace gomoku::app
