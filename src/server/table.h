#pragma once
/// @file GameTable: one authoritative game between two clients of gomoku-server. Pure logic: no
/// sockets, no threads, no timers; everything it does goes out through callbacks, and the clock
/// is injected. Not thread-safe: the owner serialises calls (one strand per table).
///
/// How it works: the server runs two net::Match objects in Role::Host, one per client. The
/// match facing client A has as its "local" player a proxy of B (nickname = B's name, colour =
/// B's), and the other way round. A message from A goes to A's match, which judges it exactly as
/// a P2P host does (PROTOCOL.md); what that match accepted is passed to B's match as the act of
/// its local player (a move, a takeback request or answer, a draw offer or answer, a
/// resignation, play again, a chat line), which sends it on to B. Crossings on either link are
/// settled by the P2P rules of the match on that link; acts that crossed the other link's
/// messages go through the relay functions of net::Match (relayMove, relayResign, ...).
///
/// Clocks (PROTOCOL.md, "Server clocks"): with a time control both matches run the clocks as
/// hosts with a lag allowance (MatchSettings::lagAllowanceMs). The match facing the mover
/// charges its move at least the server's measure less the allowance; the other match charges
/// the proxy exactly that (relayMove with the time) and forwards it, so both matches and the
/// opponent's program hold the same clocks. The server flags the side to move on the match
/// facing it once its time is out by the allowance (checkClocks, at the times clockCheck asks
/// for); a loss on time on one link goes to the other through relayFlag. Opening decisions are
/// relayed like moves (OPENING through both matches, relayOpeningAct with the time charged);
/// when both clients speak protocol 1.6 the opening runs on the clocks (both SETUPs say so),
/// else on neither link. A client's claim that crossed the opponent's decisions takes them
/// back on both matches (relayFlag with the decision).
///
/// Both clients run net::Match as joiners: they send HELLO (or RESUME), get HELLO + SETUP from
/// the server, and then play as in a P2P game.
///
/// Results: taken in server order from the first match that ends the game, reported once
/// (gameEnded); reported again (revised) only when a crossing settled by PROTOCOL.md changes
/// it. A client that leaves a running game (BYE, ERROR, a message its match refuses, leave(),
/// abandon()) loses it: Resignation (Abandoned for abandon()), the opponent's program sees the
/// proxy resign. If the two matches ever disagree, fault() is called and the game ends
/// Interrupted (both get BYE).
///
/// Known limit (protocol 1.x cannot withdraw a request): a client that drops with its own
/// takeback request or draw offer waiting forgets it; when the opponent accepts it before the
/// resume, the suspended match applies it and the SYNC tells the client; accepted only after
/// the resume, the game ends Interrupted with a fault "... (voided by a drop?)". The same when a
/// draw crosses a resignation on one link after the resigner's resume (its SYNC settled the
/// end). While such a takeback request of the client waits, its own acts wait at the table.

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "net/match.h"
#include "net/wire.h"

namespace gomoku::server {

/// The two clients at a table.
enum class Side { A = 0, B = 1 };

/// The other client.
constexpr Side otherSide(Side s) {
  return s == Side::A ? Side::B : Side::A;
}

/// "A" or "B", for logs and tests.
const char* sideName(Side s);

/// What a table plays. Both names must be valid nicknames (core/utf8.h nicknameError): account
/// names are.
struct TableSetup {
  std::string nameA;                     ///< A's account name: B sees it as the opponent
  std::string nameB;                     ///< B's account name: A sees it as the opponent
  bool aIsBlack = true;                  ///< A plays Black in game 1 (colours swap each game)
  int boardSize = 15;                    ///< intersections per side (5..25; renju: 15)
  Rule rule = Rule::Freestyle;           ///< rule set
  FoulPolicy foul = FoulPolicy::Refuse;  ///< renju: a forbidden move is refused, or loses
  TimeControl clock{};                   ///< the time control (kind None: no clocks)
  /// The opening rule of each game (None: normal play). A is the first player (tentative
  /// Black) when aIsBlack; the opening may swap the colours (GameEnd::aIsBlack says).
  OpeningRule opening = OpeningRule::None;
  /// With a clock: how much of the server's measure of a move the mover may lose to the network
  /// (a move is charged at least the measure less this), and how long after a side's time ran
  /// out by the server's clock the server flags it. Milliseconds.
  std::int64_t lagAllowanceMs = net::kFlagGraceMs;
  std::chrono::seconds resumeWindow{180};  ///< how long a dropped client may take to come back
  /// Most messages held for a side (before both HELLOs, or while the opponent is away); one
  /// more cuts the sender off as a flooder. Heartbeats are never held.
  std::size_t holdLimit = 64;
  /// The resume tokens of A's and B's matches (0: random). A table rebuilt on another node from
  /// its journal gives the same ones, which the clients hold.
  std::array<std::uint64_t, 2> tokens{};
};

/// A game's result as the table takes it.
struct GameEnd {
  int game = 1;                           ///< number of the game at this table (2 after play again)
  bool aIsBlack = true;                   ///< A played Black in this game (after the opening)
  Outcome outcome = Outcome::Ongoing;     ///< BlackWins, WhiteWins, Draw, or Interrupted
  EndReason reason = EndReason::None;     ///< why (Abandoned: the away side's window ran out)
  std::string detail;                     ///< English, for the log: who left, what went wrong
  std::vector<Point> moves;               ///< the moves of the game up to its end, Black's first
  std::vector<std::uint32_t> moveMillis;  ///< per move: ms since the previous move (or start)
  /// False: the first report of this game. True: a crossing decided by the protocol's rules
  /// changed the result after it was reported (a resignation that crossed the winning move, a
  /// draw agreed while the resignation was in flight); both clients now hold this result.
  bool revised = false;
};

/// What a table does, through its owner. Callbacks are invoked synchronously from the table's
/// functions; they must not call back into the table nor destroy it (defer that: see over()).
struct TableCallbacks {
  /// Sends a match message to that client's connection.
  std::function<void(Side, const net::Message&)> send;
  /// That client's match at the table is over (BYE sent or received, ERROR, or cut off): return
  /// it to the hall; its connection stays (except after kick). Called once per side.
  std::function<void(Side)> leaveGame;
  /// A game started on both clients (game 1 after both HELLOs, then each play again):
  /// insert its record now.
  std::function<void(int game, bool aIsBlack)> gameStarted;
  /// A game ended (once per game; again with revised = true if a crossing changed the result).
  std::function<void(const GameEnd&)> gameEnded;
  /// Tell that client (OPPONENT_AWAY) that its opponent's connection dropped (away = true, with
  /// the seconds left of the resume window) or came back (away = false, left = 0).
  std::function<void(Side, bool away, std::chrono::seconds left)> opponentAway;
  /// The two server matches disagree (an internal fault; the game ended as interrupted), or a
  /// client reported an ERROR: one line for the log.
  std::function<void(const std::string&)> fault;
  /// Close that client's connection: it flooded the table (ERROR Limit was sent).
  std::function<void(Side)> kick;
  /// With a clock: call checkClocks() after this delay, replacing any earlier request; a
  /// negative delay cancels it (no clock runs). Asked again at the end of every public call.
  std::function<void(std::chrono::milliseconds)> clockCheck;
};

/// One authoritative game (and its play-again successors) between two clients.
class GameTable {
 public:
  using Clock = std::chrono::steady_clock;

  /// Throws std::invalid_argument for a bad name, board size or rule.
  GameTable(TableSetup setup, TableCallbacks callbacks, std::function<Clock::time_point()> clock);
  ~GameTable();
  GameTable(const GameTable&) = delete;
  GameTable& operator=(const GameTable&) = delete;

  /// Both clients were told MATCHED: sends the server's HELLO to each. Their HELLOs are held
  /// until both are in, so that both games start together.
  void start();
  /// A match message (types 1..26) from that client. HEARTBEAT and NICKNAME are ignored (the
  /// names are the account names). BYE or ERROR ends its part (a running game is its loss).
  /// While the opponent is away, a move, an opening decision, a resignation or an answer to a
  /// request is applied at once (the opponent learns it from the resume's SYNC); anything else
  /// waits for the resume (at most TableSetup::holdLimit messages; more cuts the sender off:
  /// ERROR Limit, kick).
  /// Messages of a client whose match at the table is over are ignored.
  void receive(Side from, const net::Message& m);
  /// That client's connection dropped: once the game started its match is suspended (the
  /// opponent is told through opponentAway) and waits for resumed(); before, the table closes.
  void connectionLost(Side s, const std::string& reason);
  /// Whether `first`, the first match message of a new connection of that client (after it
  /// logged in again), resumes its game here (RESUME with its token).
  bool acceptsResume(Side s, const net::Message& first) const;
  /// A new connection of that client: its next message is the RESUME (see acceptsResume). An
  /// old connection still counted as live is taken as dropped.
  void resumed(Side s);
  /// The away client's resume window ran out: a running game is lost by it (reason Abandoned);
  /// the opponent's match gets the proxy's resignation and leaves; the table closes.
  void abandon(Side s);
  /// That client leaves for good (signed out, replaced, or its connection closed for good while
  /// not resumable): a running game is its resignation; both matches leave (BYE).
  void leave(Side s);
  /// The server shuts down: a running game ends Interrupted; both matches leave.
  void interrupt();
  /// `count` programs watch the game now: both clients of protocol 1.5 are told (WATCHERS).
  void setWatchers(int count);
  /// Judges the clocks now (the owner calls it when clockCheck's delay has passed): a side to
  /// move whose time is out by the lag allowance on the server's clock loses on time; both
  /// clients get FLAG. A side that is away is not judged (its resume restarts its move).
  void checkClocks();
  /// Milliseconds until checkClocks() may have something to do; -1 when no clock runs.
  std::int64_t msUntilClockCheck() const;

  /// The token that client's Matched.resumeToken quotes (0 before its game started).
  std::uint64_t resumeToken(Side s) const;
  /// When the away client's window runs out (nullopt when it is not away).
  std::optional<Clock::time_point> awayDeadline(Side s) const;
  /// True while that client's connection is away (its match Suspended).
  bool away(Side s) const;
  /// How many messages of that client (and effects of its resumes) wait at the table before
  /// they reach its opponent (see receive()).
  std::size_t held(Side s) const;
  /// The number of the current game (0 before the first started).
  int gameNumber() const { return startedGame_; }
  /// True once both clients have left the table: the owner may destroy it.
  bool over() const { return seats_[0].gone && seats_[1].gone; }
  /// The server's match facing that client (tests, logs).
  const net::Match& match(Side s) const { return *seats_[index(s)].match; }

 private:
  struct Seat {
    std::unique_ptr<net::Match> match;
    std::deque<net::Message> held;  // from this client, not yet fed
    bool helloIn = false;           // its HELLO arrived (held until both are in)
    int minor = 0;                  // the protocol minor version its HELLO said
    bool disconnected = false;      // its match called disconnect
    bool gone = false;              // leaveGame was called
    bool away = false;              // its match is Suspended
    Clock::time_point awaySince{};
  };
  struct Snapshot;  // a match's state before an event (table.cpp)
  // What a resume changed in a side's match, for the other match.
  struct ResumeEffects {
    int game = 0;                       // the game number after the resume
    bool nextGame = false;              // the client had started the next game (play again)
    std::optional<Point> move;          // its move in flight, now played (in `game`)
    bool tookBack = false;              // it had accepted the other's takeback request
    std::vector<net::OpeningAct> acts;  // its opening decisions in flight, now taken (before move)
  };
  // What resumes changed, in order, for the other match once it can take it (applyResumes).
  std::deque<std::pair<Side, ResumeEffects>> resumes_;
  // A side's first move in a game it started in a resume, for the other match once it started
  // that game too: (game number, point).
  std::array<std::optional<std::pair<int, Point>>, 2> pendingMove_;
  // The same for a side's first opening decisions in that game (they come before such a move).
  std::array<std::optional<std::pair<int, std::vector<net::OpeningAct>>>, 2> pendingActs_;

  static int index(Side s) { return static_cast<int>(s); }
  Seat& seat(Side s) { return seats_[index(s)]; }
  const Seat& seat(Side s) const { return seats_[index(s)]; }
  bool started() const { return startedGame_ > 0; }
  bool running() const;                     // the current game runs (on the server)
  std::chrono::seconds left(Side s) const;  // of the away side's window
  void feed(Side from, const net::Message& m);
  void relay(Side from, const net::Message& m, const Snapshot& before);
  void relayTime(Side from);  // a loss on time in from's match, to the other match
  ResumeEffects resumeEffects(Side s, const Snapshot& before) const;
  static bool afterEnd(const net::Match& mx, const net::Match& my, MoveError e);
  void afterResume(Side s, const ResumeEffects& e);
  void applyResumes();
  bool voidedTakebackWaits(Side s) const;  // see waiting()
  bool waiting(Side s) const;              // s is away, or has still to start the other's next game
  void hold(Side from, const net::Message& m);
  void flushHeld(Side from);
  void forfeit(Side loser, EndReason reason, const std::string& detail);
  void closeBoth();
  void settle();
  void recordMoves();
  void report(Outcome o, EndReason r, const std::string& detail);
  void divergence(const std::string& what);

  TableSetup setup_;
  TableCallbacks cb_;
  std::function<Clock::time_point()> clock_;
  std::array<Seat, 2> seats_;
  int startedGame_ = 0;            // the game both matches started (gameStarted called)
  int reportedGame_ = 0;           // the last game whose result was reported
  Result reported_;                // its result as reported
  std::optional<Side> firstOver_;  // the match that reported GameOver first in the current game
  std::vector<Point> moves_;       // the current game's moves as recorded
  std::vector<std::uint32_t> millis_;
  Clock::time_point lastEvent_{};  // the game's start or its last move or takeback
  bool gameAIsBlack_ = true;
  bool closing_ = false;          // the table is ending (leave, abandon, interrupt, fault)
  int depth_ = 0;                 // nesting of public calls (settle runs at the outermost)
  std::int64_t clockAsked_ = -1;  // the last delay given to clockCheck
};

}  // namespace gomoku::server
