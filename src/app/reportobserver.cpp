#include "app/reportobserver.h"

#include <cmath>

#include <wx/window.h>

#include "core/utf8.h"

namespace gomoku::app {

ReportObserver::ReportObserver(const wxString& path, Sources sources)
    : TestReport(path), sources_(std::move(sources)) {}

void ReportObserver::GameShown(bool announced) {
  announced_ = announced;
  forbiddenPly_ = -1;
}

void ReportObserver::OnGame(const std::vector<GameUpdate>& updates, const Game& game) {
  for (const GameUpdate& u : updates) {
    switch (u.kind) {
      case GameUpdate::Kind::TakenBack:
        Takeback(u.ply);
        break;
      case GameUpdate::Kind::Moved:
        Move(game, u.ply);
        break;
      case GameUpdate::Kind::Ended:
      case GameUpdate::Kind::ResultChanged:  // RESULT again: a resignation crossed the five
        // The picture before RESULT: a test that read RESULT finds it complete.
        if (sources_.picture) sources_.picture(Path() + ".png");
        Result(game);
        break;
    }
  }
}

void ReportObserver::OnPosition(const Game& game, const std::vector<Point>& marked) {
  if (!announced_) return;
  if (game.rule() != Rule::Renju || game.over() || game.toMove() != Stone::Black) return;
  if (game.ply() == forbiddenPly_) return;
  forbiddenPly_ = game.ply();
  Forbidden(marked);
}

void ReportObserver::OnMatch(const net::MatchUpdate& update, const net::NetSnapshot& snap) {
  switch (update.kind) {
    case net::MatchUpdateKind::Listening:
      Listening(snap.port);
      break;
    case net::MatchUpdateKind::GameStarted:
      Started(snap.localColor, snap.peerNickname, update.gameNumber);
      OnGeometry(true);
      break;
    case net::MatchUpdateKind::Suspended:
      Line("SUSPENDED " + singleLine(update.text));
      break;
    case net::MatchUpdateKind::Resumed:
      Line("RESUMED " + std::to_string(update.ply));
      break;
    case net::MatchUpdateKind::Chat:
      Chat(update.chat.fromUs, update.chat.text);
      break;
    case net::MatchUpdateKind::Notice:
      Notice(net::describe(update.notice));
      break;
    case net::MatchUpdateKind::Failed:  // the connect dialog's failure handler reports it
    case net::MatchUpdateKind::PreviousGameRevised:
    case net::MatchUpdateKind::TokenChanged:
    case net::MatchUpdateKind::PeerRenamed:
    case net::MatchUpdateKind::TakenBack:  // OnGame: TAKEBACK, MOVE, RESULT
    case net::MatchUpdateKind::MovesAdded:
    case net::MatchUpdateKind::RequestsChanged:
    case net::MatchUpdateKind::GameEnded:
    case net::MatchUpdateKind::Closed:
      break;
  }
}

void ReportObserver::OnTurn(const wxString& turn) {
  if (turn != turn_) Line("TURN " + singleLine(turn.utf8_string()));
  turn_ = turn;
}

void ReportObserver::OnGeometry(bool force) {
  wxPoint origin;
  int cell = 0;
  if (!sources_.geometry || !sources_.geometry(origin, cell)) return;
  if (!force && origin == origin_ && cell == cell_) return;
  origin_ = origin;
  cell_ = cell;
  Geometry(origin, cell);
}

void ReportObserver::OnControls(const std::vector<std::pair<const char*, wxWindow*>>& controls,
                                const wxWindow* panel, double scale) {
  for (const auto& [name, control] : controls) {
    std::optional<wxPoint> centre;
    if (control->IsShownOnScreen() && control->IsEnabled()) {
      // From the positions the sizers set (GTK allocates the widgets a little later): up the
      // parents to the panel, whose place on the screen is settled.
      wxPoint pos = control->GetPosition() + control->GetSize() / 2;
      for (wxWindow* w = control->GetParent(); w && w != panel; w = w->GetParent())
        pos += w->GetPosition();
      const wxPoint screen = panel->ClientToScreen(pos);
      centre = wxPoint(static_cast<int>(std::lround(screen.x * scale)),
                       static_cast<int>(std::lround(screen.y * scale)));
    }
    const std::string key =
        centre ? std::to_string(centre->x) + " " + std::to_string(centre->y) : std::string("-");
    auto [it, added] = buttons_.try_emplace(name, key);
    if (!added && it->second == key) continue;
    if (added && !centre) continue;  // never shown yet: nothing to say
    it->second = key;
    Button(name, centre);
  }
}

}  // namespace gomoku::app
