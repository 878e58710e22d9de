#include "app/sideview.h"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

namespace gomoku::app {

MatchActions matchActions(const net::NetSnapshot* snap, bool started) {
  MatchActions a;
  if (!snap) return a;
  const bool inMatch = snap->phase == net::NetPhase::InMatch;
  const net::MatchPhase m = snap->match;
  const Game& game = snap->game;
  a.running = inMatch && m == net::MatchPhase::Playing;
  a.connected = started && inMatch && m != net::MatchPhase::Handshake &&
                m != net::MatchPhase::Closed && m != net::MatchPhase::Suspended;
  // Our last move, and the opponent's reply when it is our turn again.
  const int left = game.ply() - (game.toMove() == snap->localColor ? 2 : 1);
  // Not during an opening, nor into the stones it placed.
  a.takeback = a.running && !game.over() && !snap->takebackPending && !snap->takebackRequested &&
               !snap->opening && left >= snap->openingStones;
  a.draw = a.running && !game.over() && !snap->drawOffered && !snap->opening;
  a.resign = a.running && !game.over();
  a.again = a.connected && m == net::MatchPhase::Finished && !snap->wantAgain;
  a.answer =
      a.connected && (snap->takebackRequested || snap->drawRequested ||
                      (m == net::MatchPhase::Finished && snap->peerWantsAgain && !snap->wantAgain));
  a.leave = started && inMatch && m != net::MatchPhase::Closed;
  return a;
}

namespace {

TurnView turnOf(const Game& game, const SideInput& in) {
  const bool network = in.kind == GameKind::Network;
  TurnView t;
  t.side = game.toMove();
  const bool waiting = in.net && (in.net->phase == net::NetPhase::Listening ||
                                  in.net->phase == net::NetPhase::Connecting);
  if (waiting) {
    t.kind = TurnKind::Waiting;  // whatever the game shown meanwhile
  } else if (game.over()) {
    t.kind = TurnKind::Result;
    t.result = game.result();
  } else if (network && in.net && in.net->match == net::MatchPhase::Suspended) {
    t.kind = TurnKind::Paused;
  } else if (in.kind == GameKind::Replay && game.ply() == in.replayTotal && in.stated) {
    // The end of a record that states its result (e.g. a resignation, RE[B+R]).
    t.kind = TurnKind::RecordResult;
    t.stated = *in.stated;
  } else if (in.kind == GameKind::Replay) {
    t.kind = TurnKind::ReplayToMove;
  } else if (network && in.opening) {
    t.kind = in.openingComputer ? TurnKind::OpponentTurn : TurnKind::Opening;
  } else if (network) {
    t.kind = in.net && in.net->myTurn ? TurnKind::YourTurn : TurnKind::OpponentTurn;
  } else if (in.opening) {
    t.kind = in.openingComputer ? TurnKind::ComputerThinking : TurnKind::Opening;
  } else if (in.kind == GameKind::Computer && in.computer != Stone::Empty) {
    t.kind = game.toMove() == in.computer ? TurnKind::ComputerThinking : TurnKind::YourTurn;
  }
  return t;
}

ConnectionView connectionOf(const Game& game, const SideInput& in) {
  ConnectionView c;
  const bool local =
      in.kind == GameKind::HotSeat || in.kind == GameKind::Computer || in.kind == GameKind::Kept;
  if (!in.net) {
    if (local && !game.over()) {
      c.kind = ConnectionKind::LocalGame;
    } else if (in.kind == GameKind::Replay && in.watchHost) {
      c.kind = ConnectionKind::Watching;
      c.text = *in.watchHost;
      c.watchers = in.watchers;
    } else if (in.kind == GameKind::Replay) {
      c.kind = ConnectionKind::Replaying;
    }
    return c;
  }
  const net::NetSnapshot& s = *in.net;
  switch (s.phase) {
    case net::NetPhase::Idle:
      break;
    case net::NetPhase::Listening:
      c.kind = ConnectionKind::Listening;
      c.port = s.port;
      break;
    case net::NetPhase::Connecting:
      c.kind = ConnectionKind::Connecting;
      c.text = s.message;
      break;
    case net::NetPhase::InMatch:
      if (s.match == net::MatchPhase::Suspended) {
        c.kind = ConnectionKind::Suspended;
        c.host = s.role == net::Role::Host;
        c.secondsLeft = std::max<long long>(
            0, std::chrono::duration_cast<std::chrono::seconds>(s.resumeDeadline - in.now).count());
      } else if (s.match == net::MatchPhase::Closed) {
        c.kind = ConnectionKind::Closed;
        c.text = s.message;
      } else {
        c.kind = ConnectionKind::Connected;
        c.text = s.peerAddress;
        c.watchers = s.watchers;
      }
      break;
    case net::NetPhase::Failed:
      if (s.failure != net::NetFailure::Cancelled) {
        c.kind = ConnectionKind::Failed;
        c.text = s.message;
      }
      break;
  }
  if (in.online) {
    c.online = in.online;
    if (c.kind == ConnectionKind::Connected) {
      c.kind = ConnectionKind::Online;
      c.text = in.online->server.empty() ? s.peerAddress : in.online->server;
    }
    if (in.online->opponentAwayUntil && s.match != net::MatchPhase::Closed)
      c.awaySecondsLeft = std::max<long long>(0, std::chrono::duration_cast<std::chrono::seconds>(
                                                     *in.online->opponentAwayUntil - in.now)
                                                     .count());
  }
  return c;
}

// The request cards: at most two stand at once (a takeback request and a draw offer; play
// again only after the game, when neither stands). The opponent's come first.
std::pair<RequestView, RequestView> requestsOf(const SideInput& in, const MatchActions& actions) {
  std::vector<RequestView> cards;
  if (in.kind != GameKind::Network || !in.net || !actions.connected) return {};
  const net::NetSnapshot& s = *in.net;
  const bool finished = s.match == net::MatchPhase::Finished;
  const auto add = [&](RequestKind kind) {
    cards.emplace_back();
    cards.back().kind = kind;
  };
  if (s.takebackRequested) {
    add(RequestKind::PeerTakeback);
    // The opponent asks for two plies when it is its turn (its move and our reply).
    cards.back().plies = s.game.toMove() == s.localColor ? 1 : 2;
  }
  if (s.drawRequested) {
    add(RequestKind::PeerDraw);
    cards.back().later = s.takebackPending;  // the match answers it after our takeback's answer
  }
  if (finished && s.peerWantsAgain && !s.wantAgain) add(RequestKind::PeerAgain);
  if (s.takebackPending) add(RequestKind::OwnTakeback);
  if (s.drawOffered) add(RequestKind::OwnDraw);
  if (finished && s.wantAgain) add(RequestKind::OwnAgain);
  cards.resize(std::max<std::size_t>(cards.size(), 2));
  return {cards[0], cards[1]};
}

}  // namespace

ClockView clockView(const ClockReading& r) {
  ClockView v;
  v.byoYomi = r.inByoYomi;
  v.face = clockFace(r.inByoYomi ? r.periodMs : r.mainMs);
  v.running = r.running;
  v.flagged = r.flagged;
  v.low = r.flagged || r.decidingMs < kLowClockMs;
  return v;
}

SideView sideView(const Game& game, const SideInput& in) {
  SideView v;
  const bool network = in.kind == GameKind::Network;
  const bool local = in.kind == GameKind::HotSeat || in.kind == GameKind::Computer;
  for (Stone s : {Stone::Black, Stone::White}) {
    PlayerView& p = s == Stone::Black ? v.black : v.white;
    p.name = s == Stone::Black ? in.blackName : in.whiteName;
    // During an opening the player who decides, whatever colour the next stone has.
    const Stone deciding =
        in.opening && in.openingDecider != Stone::Empty ? in.openingDecider : game.toMove();
    p.toMove = !game.over() && deciding == s;
    p.you = in.you == s;
  }
  v.turn = turnOf(game, in);
  v.gameNumber = network ? in.gameNumber : 0;
  v.ply = game.ply();
  if (const Point* last = game.lastMove()) v.lastMove = *last;
  v.size = game.size();
  v.rule = game.rule();
  if (game.rule() == Rule::Renju) v.foul = game.foulPolicy();
  v.connection = connectionOf(game, in);
  if (in.blackClock) v.clocks.black = clockView(*in.blackClock);
  if (in.whiteClock) v.clocks.white = clockView(*in.whiteClock);
  if (in.net) v.peer = in.net->peerNickname;

  const MatchActions actions = matchActions(in.net, in.netStarted);
  std::tie(v.request, v.request2) = requestsOf(in, actions);
  v.sections.local = local;
  v.sections.replay = in.kind == GameKind::Replay;
  v.sections.network = network;
  v.sections.chat = network || (in.kind == GameKind::Replay && in.watchFollowing);
  v.controls.undo = local && game.ply() > 0 && in.undoable;
  v.controls.redo = local && in.redoable;
  v.controls.restart = local && (game.ply() > 0 || game.over());
  v.controls.takeback = actions.takeback;
  v.controls.draw = actions.draw;
  v.controls.resign = actions.resign;
  v.controls.again = actions.again;
  v.controls.againWaiting = in.net && in.net->wantAgain && actions.connected;
  v.controls.chat = actions.connected || (in.watchHost && in.watchChat);
  v.controls.leave = actions.leave || (in.online && in.netStarted);  // online: back to the hall
  if (in.online && !actions.resign) v.controls.leaveKind = LeaveKind::BackToHall;
  if (in.kind == GameKind::Replay && (in.watchFollowing || in.watchOnline)) {
    v.controls.leave = true;  // online, also after the end: back to the hall
    v.controls.leaveKind = in.watchOnline ? LeaveKind::BackToHall : LeaveKind::StopWatching;
  }
  if (in.kind == GameKind::Replay)
    v.replay = ReplayView{in.replayPly, in.replayTotal, in.replayOpening};
  return v;
}

std::optional<std::string> shortenByWords(const std::string& name,
                                          const std::function<int(const std::string&)>& width,
                                          int maxWidth) {
  if (width(name) <= maxWidth) return name;
  static const std::string kEllipsis = "\u2026";
  // Word ends: before a space or an opening parenthesis, longest first.
  for (std::size_t end = name.empty() ? 0 : name.size() - 1; end > 0; --end) {
    const bool space = name[end] == ' ';
    const bool paren = name[end] == '(' || name.compare(end, 3, "\uFF08") == 0;
    if (!space && !paren) continue;
    std::size_t keep = end;
    while (keep > 0 && name[keep - 1] == ' ') --keep;
    if (keep == 0) continue;
    const std::string shortened = name.substr(0, keep) + kEllipsis;
    if (width(shortened) <= maxWidth) return shortened;
  }
  return std::nullopt;
}

}  // namespace gomoku::app
