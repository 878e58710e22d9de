#include "net/match.h"

#include <random>
#include <stdexcept>

#include "core/notation.h"
#include "core/utf8.h"
#include "gomoku/version.h"

namespace gomoku::net {

Match::Match(MatchSettings settings, SendFn send, DisconnectFn disconnect, NotifyFn notify)
    : settings_(std::move(settings)),
      send_(std::move(send)),
      disconnect_(std::move(disconnect)),
      notify_(std::move(notify)) {
  settings_.nickname = trimNickname(settings_.nickname);
  if (auto e = nicknameError(settings_.nickname)) throw std::invalid_argument(*e);
  if (settings_.role == Role::Host) Game(settings_.boardSize, settings_.rule, settings_.foul);  // validates
}

void Match::connected() {
  if (helloSent_ || phase_ != MatchPhase::Handshake) return;
  helloSent_ = true;
  send_(Hello{kProtocolMajor, kProtocolMinor, kProgramVersion, settings_.nickname});
}

bool Match::myTurn() const {
  return phase_ == MatchPhase::Playing && !game_.over() && game_.toMove() == localColor_;
}

MoveError Match::playLocal(Point p) {
  if (phase_ == MatchPhase::Handshake) return MoveError::NotYourTurn;
  if (phase_ != MatchPhase::Playing || game_.over()) return MoveError::GameOver;
  const std::uint16_t ply = static_cast<std::uint16_t>(game_.ply());
  if (MoveError e = game_.play(p, localColor_); e != MoveError::None) return e;
  send_(Move{ply, static_cast<std::uint8_t>(p.x), static_cast<std::uint8_t>(p.y)});
  notify_(MatchEvent::Moved);
  if (game_.over()) {
    phase_ = MatchPhase::Finished;
    notify_(MatchEvent::GameOver);
  }
  return MoveError::None;
}

void Match::receive(const Message& m) {
  if (phase_ == MatchPhase::Closed) return;  // late bytes after we closed: ignore
  std::visit(
      [this](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Hello>) onHello(v);
        else if constexpr (std::is_same_v<T, Setup>) onSetup(v);
        else if constexpr (std::is_same_v<T, Move>) onMove(v);
        else if constexpr (std::is_same_v<T, Bye>)
          disconnect_(), close(v.text.empty() ? "the opponent left the game"
                               : "the opponent left the game (" + singleLine(v.text) + ")");
        else onError(v);
      },
      m);
}

void Match::onHello(const Hello& h) {
  if (phase_ != MatchPhase::Handshake || helloReceived_) return fail(ErrorCode::Protocol, "unexpected HELLO");
  if (h.protocolMajor != kProtocolMajor) {
    refusal_ = ErrorCode::VersionMismatch;
    return fail(ErrorCode::VersionMismatch,
                "version mismatch: the other program speaks protocol " +
                    std::to_string(h.protocolMajor) + "." + std::to_string(h.protocolMinor) +
                    ", this one " + std::to_string(kProtocolMajor) + "." +
                    std::to_string(kProtocolMinor));
  }
  helloReceived_ = true;
  peerNickname_ = h.nickname;
  peerVersion_ = h.programVersion;
  if (settings_.role != Role::Host) return;  // the joiner waits for SETUP
  bool hostBlack = settings_.color == ColorChoice::Black;
  if (settings_.color == ColorChoice::Random) {
    std::mt19937 rng(settings_.randomSeed ? settings_.randomSeed : std::random_device{}());
    hostBlack = (rng() & 1u) != 0;
  }
  const Setup s{static_cast<std::uint8_t>(settings_.boardSize), settings_.rule, hostBlack, settings_.foul};
  send_(s);
  startGame(s);
}

void Match::onSetup(const Setup& s) {
  if (settings_.role != Role::Joiner || phase_ != MatchPhase::Handshake || !helloReceived_)
    return fail(ErrorCode::Protocol, "unexpected SETUP");
  if (s.boardSize < Board::kMinSize || s.boardSize > Board::kMaxSize)
    return fail(ErrorCode::BadSetup, "board size " + std::to_string(s.boardSize) + " is not supported");
  if (!ruleSupported(s.rule))
    return fail(ErrorCode::BadSetup, std::string("the ") + ruleName(s.rule) +
                                         " rule is not supported by this version");
  if (s.rule == Rule::Renju && s.boardSize != 15)
    return fail(ErrorCode::BadSetup, "renju is played on 15x15, not " + std::to_string(s.boardSize));
  startGame(s);
}

void Match::startGame(const Setup& s) {
  game_ = Game(s.boardSize, s.rule, s.foul);
  const bool weAreBlack = (settings_.role == Role::Host) == s.hostIsBlack;
  localColor_ = weAreBlack ? Stone::Black : Stone::White;
  phase_ = MatchPhase::Playing;
  notify_(MatchEvent::Started);
}

void Match::onMove(const Move& m) {
  if (phase_ == MatchPhase::Handshake) return fail(ErrorCode::Protocol, "MOVE before the game started");
  const Point p{m.x, m.y};
  const std::string where = game_.board().inside(p) ? toRif(p, game_.size()) : toXY(p);
  if (game_.over()) return fail(ErrorCode::IllegalMove, "move " + where + " after the game ended");
  if (m.ply != game_.ply())
    return fail(ErrorCode::IllegalMove, "move " + where + " is numbered " + std::to_string(m.ply) +
                                            " but the game is at move " + std::to_string(game_.ply()));
  if (MoveError e = game_.play(p, opponent(localColor_)); e != MoveError::None)
    return fail(ErrorCode::IllegalMove, "illegal move " + where + ": " +
                                            (e == MoveError::Forbidden ? game_.refusalText(p, e)
                                                                       : moveErrorText(e)));
  notify_(MatchEvent::Moved);
  if (game_.over()) {
    phase_ = MatchPhase::Finished;
    notify_(MatchEvent::GameOver);
  }
}

void Match::onError(const Error& e) {
  disconnect_();  // the peer closes after ERROR; so do we, whatever it does
  const std::string text = singleLine(e.text);
  if (phase_ == MatchPhase::Handshake && (e.code == ErrorCode::Busy || e.code == ErrorCode::VersionMismatch))
    refusal_ = e.code;
  switch (e.code) {
    case ErrorCode::Busy: return close("the host is busy with another game");
    case ErrorCode::VersionMismatch:
      return close(text.empty() ? "version mismatch" : text);
    default: return close("the other program reported an error: " + text);
  }
}

void Match::fail(ErrorCode code, const std::string& why) {
  if (phase_ == MatchPhase::Closed) return;
  sentError_ = code;
  send_(Error{code, why.substr(0, 200)});
  disconnect_();
  const std::string reason =
      code == ErrorCode::VersionMismatch ? why : "the opponent's program misbehaved: " + why;
  if (phase_ == MatchPhase::Playing) game_.end(Outcome::Interrupted, EndReason::ProtocolError, reason);
  close(reason);
}

void Match::connectionLost(const std::string& reason) { close(reason); }

void Match::leave() {
  if (phase_ == MatchPhase::Closed) return;
  send_(Bye{ByeReason::Leaving, {}});
  disconnect_();
  close("you left the game");
}

void Match::close(const std::string& reason) {
  if (phase_ == MatchPhase::Closed) return;
  if (phase_ == MatchPhase::Playing) game_.end(Outcome::Interrupted, EndReason::Disconnected, reason);
  phase_ = MatchPhase::Closed;
  closeReason_ = reason;
  notify_(MatchEvent::Closed);
}

}  // namespace gomoku::net
