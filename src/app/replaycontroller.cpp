#include "app/replaycontroller.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <wx/defs.h>
#include <wx/filename.h>
#include <wx/intl.h>

#include "app/openingtexts.h"
#include "app/reportobserver.h"
#include "app/texts.h"
#include "core/notation.h"

namespace gomoku::app {

ReplayController::ReplayController(FrameServices& frame, ReplayModel model, wxString path)
    : frame_(frame), model_(std::move(model)), path_(std::move(path)) {
  ReadNames();
}

void ReplayController::ReadNames() {
  const Record& r = model_.record();
  blackName_ = r.black ? FromUtf8(*r.black) : wxString();
  whiteName_ = r.white ? FromUtf8(*r.white) : wxString();
  opening_ = ReplayOpeningSummary(model_, blackName_, whiteName_);
}

void ReplayController::OnBoardClick(Point p) {
  frame_.RefuseMove(p, _("This is a replay: use Continue from here to play from this position."));
}

void ReplayController::FillSideInput(SideInput& in) const {
  in.kind = GameKind::Replay;
  in.blackName = blackName_.utf8_string();
  in.whiteName = whiteName_.utf8_string();
  in.you = Stone::Empty;
  in.replayPly = model_.shown().ply();
  in.replayTotal = model_.total();
  in.stated = model_.stated();
  in.replayOpening = opening_.utf8_string();
}

wxString ReplayController::PlayerName(Stone s) const {
  return s == Stone::Black ? blackName_ : s == Stone::White ? whiteName_ : wxString();
}

wxString ReplayController::SituationStatus() const {
  return SituationSentence(model_.shown(), PlayerName(Stone::Black), PlayerName(Stone::White));
}

void ReplayController::Start() {
  const int total = model_.total();
  if (ReportObserver* report = frame_.Report()) {
    report->Opened(model_.record().size, model_.rule(), total);
    report->OnGeometry(true);
  }
  Show(total);  // the final position first, as the game ended; Home goes to the start
  const wxString name = wxFileName(path_).GetFullName();
  if (total == 0) {
    // A header-only file is a record, but an empty one: say so rather than show a bare board.
    const wxString empty = wxString::Format(_("Opened %s: this record has no moves."), name);
    frame_.SetStatus(empty);
    if (ReportObserver* report = frame_.Report()) report->Notice(empty.utf8_string());
    return;
  }
  frame_.SetStatus(wxString::Format(
      _("Opened %s: %d moves. Use Home, Left, Right and End, or Play, to step through it."), name,
      total));
}

void ReplayController::Show(int ply) {
  if (!model_.seek(ply)) return;
  frame_.ShowState();
  const Game& game = model_.shown();
  const int total = model_.total();
  if (const Point* last = game.lastMove()) {
    // The player by name when the record gives it, else by colour. An opening's stone was
    // placed by the player its seat ended up as (a swap: the first player's Black stones are
    // White's player's).
    const Stone mover = game.ply() % 2 == 1 ? Stone::Black : Stone::White;
    const Stone placer = model_.placedBy(game.ply());
    const wxString name = PlayerName(placer == Stone::Empty ? mover : placer);
    const wxString who = name.empty() ? ColorLabel(mover) : name;
    wxString text = wxString::Format(_("Move %d of %d: %s %s."), game.ply(), total, who,
                                     pointName(*last, game.size()));
    // What the opening decided at this move: who swapped, the 5th moves offered or chosen.
    for (const ReplayDecision& d : model_.decisionsAt(game.ply()))
      text = wxString::Format(
          _("%s %s"), text,
          ReplayDecisionSentence(d, ReplayPlayerLabel(d.entry.seat, PlayerName(d.colour), false),
                                 game.size()));
    // At the end of the record, the result it states (when the moves do not show it).
    if (model_.showsStatedResult())
      // TRANSLATORS: two sentences in a row, e.g. "Move 9 of 9: Alice h9. Alice wins."
      text = wxString::Format(_("%s %s"), text,
                              RecordResultSentence(model_.record(), PlayerName(Stone::Black),
                                                   PlayerName(Stone::White)));
    frame_.SetStatus(text);
  } else {
    frame_.SetStatus(wxString::Format(_("The empty board; %d moves follow."), total));
  }
  if (ReportObserver* report = frame_.Report()) {
    report->Replay(game.ply(), total, game);
    const std::vector<Point> numbered = model_.alternativesShown();
    if (!numbered.empty()) {
      std::string line = "NUMBERED";
      for (const Point& p : numbered) {
        line += ' ';
        line += toXY(p);
      }
      report->Line(line);
    }
  }
}

void ReplayController::Reload(ReplayModel model) {
  const int shown = model_.shown().ply();
  const bool following = shown == model_.total();
  model_ = std::move(model);
  ReadNames();
  Show(following ? model_.total() : std::min(shown, model_.total()));
}

std::optional<Game> ReplayController::ContinueGame(FoulPolicy foul) {
  std::optional<Game> game = model_.continueGame(foul);
  if (game && game->over()) {
    frame_.SetStatus(_("The game is over at this move: go back a move to continue from there."));
    return std::nullopt;
  }
  return game;
}

std::optional<ReplayStep> ReplayController::KeyStep(int keyCode) {
  switch (keyCode) {
    case WXK_HOME:
      return ReplayStep::First;
    case WXK_LEFT:
      return ReplayStep::Prev;
    case WXK_RIGHT:
      return ReplayStep::Next;
    case WXK_END:
      return ReplayStep::Last;
    case WXK_SPACE:
      return ReplayStep::TogglePlay;
    default:
      return std::nullopt;
  }
}

wxString ReplayController::Title() const {
  return wxString::Format(_("%s - Gomoku"), wxFileName(path_).GetFullName());
}

wxString ReplayController::SaveName() const {
  return wxFileName(path_).GetName() + ".sgf";
}

}  // namespace gomoku::app
