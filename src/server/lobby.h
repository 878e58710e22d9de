#pragma once
/// @file The lobby of gomoku-server: the FIND queue paired in waves by ladder score
/// (Matchmaker), private rooms with short codes and invitations by name (Rooms). Pure logic:
/// no I/O, no threads, not thread-safe; the clock (steady_clock time points) and the random
/// source are passed in, so everything is deterministic under test.

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "core/rules.h"
#include "core/types.h"
#include "net/wire.h"

namespace gomoku::server {

/// A player: the account id (storage).
using PlayerId = std::int64_t;
/// The lobby's clock: steady, passed in by the caller.
using time_point = std::chrono::steady_clock::time_point;
/// A random source: each call returns 32 uniformly random bits (e.g. a seeded std::mt19937).
using RandomSource = std::function<std::uint32_t()>;

/// A uniform random number in 0..n-1 from `random` (rejection sampling, no modulo bias).
/// n must be at least 1.
std::uint32_t uniformBelow(const RandomSource& random, std::uint32_t n);

// --- matchmaking -----------------------------------------------------------------------------

/// How far apart in ladder score two FIND players may be, widening with the time waited.
struct MatchmakerConfig {
  std::int32_t startRange = 100;                 ///< allowed difference at first (points)
  std::int32_t widenBy = 50;                     ///< points added every widenEvery waited
  std::chrono::milliseconds widenEvery{5000};    ///< see widenBy
  std::chrono::milliseconds anyoneAfter{30000};  ///< from then on any score is accepted
};

/// The largest score difference a player accepts after waiting `waited`: startRange +
/// widenBy per whole widenEvery; nullopt (= anyone) once waited >= anyoneAfter. A negative
/// `waited` counts as 0.
std::optional<std::int32_t> allowedDifference(const MatchmakerConfig& c,
                                              std::chrono::steady_clock::duration waited);

/// One waiting player as the pairing sees it (the input of bestPairing).
struct Candidate {
  PlayerId id = 0;            ///< the player
  std::int32_t score = 0;     ///< ladder score
  std::int64_t range = 0;     ///< the largest score difference accepted (very large: anyone)
  std::int64_t waitedMs = 0;  ///< how long the player has waited (breaks ties: longer first)
};

/// Which algorithm bestPairing uses (Auto in the server; the others for tests).
enum class PairingMethod {
  Auto,      ///< per connected group: Exact up to kExactPairingLimit players, else Interval
             ///< up to kIntervalPairingLimit, else Greedy
  Exact,     ///< dynamic programming over subsets: the optimum (groups of at most
             ///< kExactPairingMax players, else std::invalid_argument)
  Interval,  ///< the best non-crossing pairing along the score line (O(n^3) DP), then
             ///< augmenting paths of length 1 and 3 for what crossing pairs could add
  Greedy,    ///< smallest difference first
};

/// Groups of compatible players up to this size are paired exactly (PairingMethod::Auto).
inline constexpr std::size_t kExactPairingLimit = 16;
/// The largest group PairingMethod::Exact accepts (2^n states).
inline constexpr std::size_t kExactPairingMax = 20;
/// Groups up to this size get the Interval method, larger ones Greedy (PairingMethod::Auto).
inline constexpr std::size_t kIntervalPairingLimit = 300;

/// Pairs the candidates "best overall": two candidates are compatible when their score
/// difference is at most both ranges; the result has as many pairs as possible, among those
/// the smallest total score difference, among those the largest total waiting time of the
/// players paired (so ties leave the newest player waiting). Exact for groups of compatible
/// players up to kExactPairingLimit; larger groups (rare: the queue is emptied every second)
/// get the best non-crossing pairing (optimal whenever the ranges are equal, as when everyone
/// has waited the same time) improved by short augmenting paths. Non-crossing alone is not
/// exact when ranges differ: 1000 and 1100 (range 100) with 1090 and 1250 (range 200) pair
/// fully only as (1000, 1100) + (1090, 1250). Returns index pairs into
/// `c`, each (lower score, higher score), in ascending score order; deterministic.
std::vector<std::pair<std::size_t, std::size_t>> bestPairing(
    const std::vector<Candidate>& c, PairingMethod method = PairingMethod::Auto);

/// The FIND queue: players waiting for a rated 15x15 game under a rule, a time control and an
/// opening rule, paired in waves (only players who asked for the same rule, the same control
/// and the same opening rule). Each waiting player's pool: those three as it asked for them.
class Matchmaker {
 public:
  /// `random` decides the colours of a first game (and of ties, see wave()).
  explicit Matchmaker(RandomSource random, MatchmakerConfig config = {});

  /// Puts p into the queue (score = its ladder score, rule, clock and opening = what it asked
  /// for; kind None: no clock; OpeningRule::None: no opening rule). A player already waiting is
  /// updated: a new score always; a different rule, clock or opening restarts its waiting time,
  /// the same keeps it.
  void add(PlayerId p, std::int32_t score, Rule rule, time_point now, TimeControl clock = {},
           OpeningRule opening = OpeningRule::None);
  /// Takes p out of the queue (CANCEL_FIND, going offline, a room game); false if not waiting.
  bool remove(PlayerId p);
  /// True when p is in the queue.
  bool waiting(PlayerId p) const;
  /// When p entered the queue (for the rule it waits for); nullopt if not waiting.
  std::optional<time_point> waitingSince(PlayerId p) const;

  /// Two players paired by a wave.
  struct Pair {
    PlayerId black = 0;           ///< plays Black
    PlayerId white = 0;           ///< plays White
    Rule rule = Rule::Freestyle;  ///< the rule both asked for
    TimeControl clock{};          ///< the time control both asked for (kind None: none)
    /// The opening rule both asked for (None: none). With one, `black` is the first player
    /// (tentative Black: the opening may swap the colours).
    OpeningRule opening = OpeningRule::None;
    friend bool operator==(const Pair&, const Pair&) = default;
  };
  /// One wave (the server calls it every second): pairs waiting players who asked for the same
  /// rule, the same time control and the same opening rule and whose score difference is within
  /// both players' allowed differences (allowedDifference of their waiting time), best overall as
  /// bestPairing() says (most pairs, then smallest total difference). Never a player with itself.
  /// Colours: a player who had White in its last game gets Black, one who had Black gets White;
  /// when both (or neither) want the same, the random source decides. Paired players leave the
  /// queue and their colour is remembered. Pairs come by rule (numeric order), then by time control
  /// (kind, then base, increment and move times), then by opening rule, then by score.
  std::vector<Pair> wave(time_point now);
  /// Remembers the colour p had in its last game (Black or White; Empty forgets), for games
  /// from rooms or invitations and for play-again.
  void setLastColor(PlayerId p, Stone c);
  /// The colour p had in its last game paired here or set by setLastColor; Empty if none.
  Stone lastColor(PlayerId p) const;
  /// Number of players waiting.
  std::size_t size() const { return queue_.size(); }

 private:
  struct Waiting {
    std::int32_t score = 0;
    Rule rule = Rule::Freestyle;
    time_point since;
    TimeControl clock{};
    OpeningRule opening = OpeningRule::None;
  };
  RandomSource random_;
  MatchmakerConfig config_;
  std::map<PlayerId, Waiting> queue_;
  std::map<PlayerId, Stone> lastColor_;
};

// --- private rooms and invitations -----------------------------------------------------------

/// Room codes: this many characters.
inline constexpr std::size_t kRoomCodeLength = 6;
/// The characters of room codes: digits and upper-case letters without the look-alikes 0 O 1
/// I L (31 characters).
inline constexpr std::string_view kRoomCodeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// A random room code: kRoomCodeLength characters of kRoomCodeAlphabet, uniform.
std::string makeRoomCode(const RandomSource& random);
/// A code as typed by a user in its canonical form (upper case, surrounding blanks removed);
/// nullopt when it cannot be a room code (wrong length or a character not in the alphabet).
std::optional<std::string> normalizeRoomCode(std::string_view typed);

/// Why room settings (ROOM_CREATE, INVITE) or a FIND cannot start a game.
enum class SettingsProblem : std::uint8_t {
  None,       ///< they can
  BoardSize,  ///< the board size is outside 5..25 (Board::kMinSize..kMaxSize)
  RenjuSize,  ///< renju is played on 15x15 only
  Rule,       ///< a rule this build does not support (or not a known value)
  Color,      ///< not a known seat colour
  Foul,       ///< not a known foul policy
  Clock,      ///< a time control outside the forms of core/clock.h (parseTimeControl's ranges)
  Opening,    ///< an opening rule that does not fit the rule (core openingFitsRule)
};
/// The English phrase of a problem for DENIED's detail, e.g. "the board size must be 5 to 25";
/// "" for None.
const char* describe(SettingsProblem p);
/// Whether a time control and an opening rule can be played online (kind None: no clock) in a
/// game of `rule` on a board of `size` (the opening rule must fit: core openingFitsRule).
SettingsProblem checkClockAndOpening(const TimeControl& clock, OpeningRule opening, Rule rule,
                                     int size);
/// Why `s` cannot start a game (None when it can): board size 5..25, renju only 15x15, rule
/// supported by this build, colour and foul policy known values, a valid time control, an
/// opening rule that fits the rule (checkClockAndOpening).
SettingsProblem checkRoomSettings(const net::RoomSettings& s);
/// True when checkRoomSettings finds no problem.
bool validRoomSettings(const net::RoomSettings& s);
/// Whether the owner of a room (or the inviter) plays Black: SeatColor Black/White as chosen,
/// Random by `random`.
bool ownerPlaysBlack(net::SeatColor c, const RandomSource& random);

/// Limits of Rooms.
struct RoomsConfig {
  std::size_t maxInvitesPerPlayer = 5;              ///< open invitations one player may have sent
  std::chrono::milliseconds inviteLifetime{60000};  ///< an unanswered invitation expires
};

/// Private rooms (a code to give to a friend) and invitations by name.
class Rooms {
 public:
  /// `random` makes the codes and decides SeatColor::Random.
  explicit Rooms(RandomSource random, RoomsConfig config = {});

  /// Opens a room owned by `owner` with a fresh code (kRoomCodeAlphabet; a code in use is
  /// drawn again) and returns the code. One open room per player: a second replaces the first
  /// (whose code stops working). `s` must satisfy validRoomSettings (check first and answer
  /// DENIED BadRequest): otherwise throws std::invalid_argument. Throws std::runtime_error
  /// when no free code is found in 1000 draws (a broken random source).
  std::string create(PlayerId owner, const net::RoomSettings& s);
  /// The owner of the room with this code (typed in any case); nullopt if none.
  std::optional<PlayerId> roomOwner(std::string_view code) const;
  /// The code of p's open room; nullopt if p has none.
  std::optional<std::string> roomOf(PlayerId p) const;
  /// The settings of the room with this code (typed in any case); nullopt if none.
  std::optional<net::RoomSettings> roomSettings(std::string_view code) const;

  /// A room joined: the game to start.
  struct Joined {
    PlayerId owner = 0;          ///< the room's creator
    net::RoomSettings settings;  ///< the creator's settings
    bool rated = false;          ///< rated: both ticked Rated
    bool ownerIsBlack = true;    ///< the creator's SeatColor resolved (Random drawn here)
  };
  /// Joins the room with `code` (compared case-insensitively). The room closes (one game per
  /// room). nullopt: no such room, or it is the joiner's own room (roomOwner() tells which).
  std::optional<Joined> join(std::string_view code, PlayerId joiner, bool rated);
  /// Closes owner's room, if any (owner cancelled, left, or started another game).
  void close(PlayerId owner);

  /// An open invitation.
  struct Invitation {
    std::uint32_t id = 0;        ///< quoted by INVITED / INVITE_REPLY
    PlayerId from = 0;           ///< who invites
    PlayerId to = 0;             ///< who is invited
    net::RoomSettings settings;  ///< the inviter's settings (colour: the inviter's)
    time_point expires;          ///< unanswered until then: it lapses
    friend bool operator==(const Invitation&, const Invitation&) = default;
  };
  /// Invites `to`. Returns the invitation id (never 0, not reused soon), or nullopt when
  /// `from` already has maxInvitesPerPlayer open invitations (DENIED TooMany); expired ones
  /// do not count (they stay until expire() reports them). `s` must satisfy validRoomSettings and
  /// from != to (check first: DENIED BadRequest / Yourself), otherwise throws
  /// std::invalid_argument.
  std::optional<std::uint32_t> invite(PlayerId from, PlayerId to, const net::RoomSettings& s,
                                      time_point now);
  /// The open invitation `id` (not expired at `now`); nullopt if none.
  std::optional<Invitation> invitation(std::uint32_t id, time_point now) const;
  /// Number of open invitations `from` has sent that have not expired at `now`.
  std::size_t invitesFrom(PlayerId from, time_point now) const;

  /// An invitation accepted: the game to start.
  struct Accepted {
    PlayerId from = 0;           ///< the inviter
    PlayerId to = 0;             ///< the invitee
    net::RoomSettings settings;  ///< the inviter's settings
    bool rated = false;          ///< rated: both ticked Rated
    bool fromIsBlack = true;     ///< the inviter's SeatColor resolved
  };
  /// `to` answers invitation `id`; the invitation is gone afterwards either way. Returns the
  /// game to start when accepted; nullopt when declined, or when there is no such open
  /// invitation addressed to `to` (expired, withdrawn, answered, someone else's): use
  /// invitation() first to tell the inviter of a decline (DENIED InviteDeclined) or to answer
  /// InviteGone.
  std::optional<Accepted> answer(std::uint32_t id, PlayerId to, bool accept, bool rated,
                                 time_point now);
  /// Drops the invitations expired at `now` and returns them (tell the inviters: InviteGone).
  std::vector<Invitation> expire(time_point now);
  /// p went offline (or into a game): closes its room and drops every invitation from or to
  /// p; returns the dropped invitations (tell the other side: InviteGone).
  std::vector<Invitation> forget(PlayerId p);

 private:
  struct Room {
    PlayerId owner = 0;
    net::RoomSettings settings;
  };
  RandomSource random_;
  RoomsConfig config_;
  std::map<std::string, Room> rooms_;       // by code
  std::map<PlayerId, std::string> codeOf_;  // owner -> code
  std::map<std::uint32_t, Invitation> invites_;
  std::uint32_t nextInvite_ = 1;
};

}  // namespace gomoku::server
