#include "server/lobby.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <tuple>

#include "core/board.h"

namespace gomoku::server {

std::uint32_t uniformBelow(const RandomSource& random, std::uint32_t n) {
  if (n <= 1) return 0;
  // Accept only values below the largest multiple of n that fits in 32 bits.
  const std::uint64_t span = std::uint64_t{1} << 32;
  const std::uint64_t limit = span - span % n;
  for (;;) {
    const std::uint32_t r = random();
    if (r < limit) return static_cast<std::uint32_t>(r % n);
  }
}

// --- pairing ---------------------------------------------------------------------------------

namespace {

constexpr std::int64_t kAnyone = std::numeric_limits<std::int64_t>::max();

/// The quality of a (partial) pairing: more pairs, then less total difference, then more
/// total waiting time of the players paired.
struct Value {
  int pairs = 0;
  std::int64_t diff = 0;
  std::int64_t waited = 0;
  Value operator+(const Value& o) const {
    return {pairs + o.pairs, diff + o.diff, waited + o.waited};
  }
};

bool better(const Value& a, const Value& b) {
  if (a.pairs != b.pairs) return a.pairs > b.pairs;
  if (a.diff != b.diff) return a.diff < b.diff;
  return a.waited > b.waited;
}

using IndexPairs = std::vector<std::pair<std::size_t, std::size_t>>;

/// One connected group of compatible candidates, in ascending score order.
class Group {
 public:
  Group(const std::vector<Candidate>& all, std::vector<std::size_t> members)
      : all_(all), m_(std::move(members)) {}

  std::size_t size() const { return m_.size(); }
  std::size_t original(std::size_t i) const { return m_[i]; }

  std::int64_t diff(std::size_t i, std::size_t j) const {
    const std::int64_t d = std::int64_t{all_[m_[i]].score} - all_[m_[j]].score;
    return d < 0 ? -d : d;
  }
  bool compatible(std::size_t i, std::size_t j) const {
    return i != j && diff(i, j) <= std::min(all_[m_[i]].range, all_[m_[j]].range);
  }
  Value pair(std::size_t i, std::size_t j) const {
    return {1, diff(i, j), all_[m_[i]].waitedMs + all_[m_[j]].waitedMs};
  }

  /// Dynamic programming over subsets: f[mask] = the best pairing of the players in mask;
  /// the lowest player of mask either waits or is paired with one of the others.
  IndexPairs exact() const {
    const std::size_t n = size();
    if (n > kExactPairingMax) throw std::invalid_argument("bestPairing: group too large");
    const std::size_t states = std::size_t{1} << n;
    std::vector<Value> f(states);
    std::vector<std::int8_t> partner(states, -1);
    for (std::size_t mask = 1; mask < states; ++mask) {
      const auto i = static_cast<std::size_t>(std::countr_zero(mask));
      const std::size_t rest = mask & ~(std::size_t{1} << i);
      Value best = f[rest];
      std::int8_t choice = -1;
      for (std::size_t bits = rest; bits != 0; bits &= bits - 1) {
        const auto j = static_cast<std::size_t>(std::countr_zero(bits));
        if (!compatible(i, j)) continue;
        const Value v = pair(i, j) + f[rest & ~(std::size_t{1} << j)];
        if (better(v, best)) {
          best = v;
          choice = static_cast<std::int8_t>(j);
        }
      }
      f[mask] = best;
      partner[mask] = choice;
    }
    IndexPairs out;
    std::size_t mask = states - 1;
    while (mask != 0) {
      const auto i = static_cast<std::size_t>(std::countr_zero(mask));
      const std::int8_t j = partner[mask];
      mask &= ~(std::size_t{1} << i);
      if (j >= 0) {
        out.emplace_back(i, static_cast<std::size_t>(j));
        mask &= ~(std::size_t{1} << j);
      }
    }
    return out;
  }

  /// The best non-crossing pairing (pairs may nest, not cross) along the score line:
  /// F(i, j) = the best pairing of players i..j-1: player i waits, or is paired with some k
  /// (i < k < j) and the players between them and after k are paired on their own. Then
  /// augmenting paths add what crossing pairs could.
  IndexPairs interval() const {
    const std::size_t n = size();
    const std::size_t w = n + 1;
    std::vector<Value> f(w * w);
    std::vector<std::int32_t> partner(w * w, -1);
    for (std::size_t len = 2; len <= n; ++len) {
      for (std::size_t i = 0; i + len <= n; ++i) {
        const std::size_t j = i + len;
        Value best = f[(i + 1) * w + j];
        std::int32_t choice = -1;
        for (std::size_t k = i + 1; k < j; ++k) {
          if (!compatible(i, k)) continue;
          const Value v = pair(i, k) + f[(i + 1) * w + k] + f[(k + 1) * w + j];
          if (better(v, best)) {
            best = v;
            choice = static_cast<std::int32_t>(k);
          }
        }
        f[i * w + j] = best;
        partner[i * w + j] = choice;
      }
    }
    std::vector<std::size_t> mate(n, n);
    std::vector<std::pair<std::size_t, std::size_t>> todo;
    if (n > 0) todo.emplace_back(0, n);
    while (!todo.empty()) {
      const auto [i, j] = todo.back();
      todo.pop_back();
      if (j - i < 2) continue;
      const std::int32_t k = partner[i * w + j];
      if (k < 0) {
        todo.emplace_back(i + 1, j);
        continue;
      }
      const auto kk = static_cast<std::size_t>(k);
      mate[i] = kk;
      mate[kk] = i;
      todo.emplace_back(i + 1, kk);
      todo.emplace_back(kk + 1, j);
    }
    augment(mate);
    return fromMates(mate);
  }

  /// Smallest difference first (then longest waiting).
  IndexPairs greedy() const {
    std::vector<std::size_t> mate(size(), size());
    greedyFill(mate);
    return fromMates(mate);
  }

 private:
  void greedyFill(std::vector<std::size_t>& mate) const {
    const std::size_t n = size();
    std::vector<std::tuple<std::int64_t, std::int64_t, std::size_t, std::size_t>> edges;
    for (std::size_t i = 0; i < n; ++i) {
      if (mate[i] != n) continue;
      for (std::size_t j = i + 1; j < n; ++j) {
        if (mate[j] != n || !compatible(i, j)) continue;
        const Value v = pair(i, j);
        edges.emplace_back(v.diff, -v.waited, i, j);
      }
    }
    std::sort(edges.begin(), edges.end());
    for (const auto& [d, negWaited, i, j] : edges) {
      if (mate[i] != n || mate[j] != n) continue;
      mate[i] = j;
      mate[j] = i;
    }
  }

  /// Adds pairs the non-crossing restriction missed: first pairs of two players both still
  /// waiting (augmenting paths of length 1), then paths x - y = z - w of length 3 (x, w
  /// waiting, y and z paired: becomes x = y, z = w), until none is left.
  void augment(std::vector<std::size_t>& mate) const {
    const std::size_t n = size();
    greedyFill(mate);
    bool changed = true;
    while (changed) {
      changed = false;
      for (std::size_t y = 0; y < n && !changed; ++y) {
        const std::size_t z = mate[y];
        if (z == n || z < y) continue;
        for (int orient = 0; orient < 2 && !changed; ++orient) {
          const std::size_t a = orient == 0 ? y : z;  // gets a waiting partner x
          const std::size_t b = orient == 0 ? z : y;  // gets a waiting partner w
          // The two closest waiting partners of a and of b suffice to find the cheapest
          // x != w: O(n) per pair instead of O(n^2).
          const auto xs = closestWaiting(mate, a);
          const auto ws = closestWaiting(mate, b);
          std::size_t bestX = n, bestW = n;
          std::int64_t bestCost = kAnyone;
          for (std::size_t x : xs) {
            for (std::size_t wv : ws) {
              if (x == n || wv == n || x == wv) continue;
              const std::int64_t cost = diff(x, a) + diff(wv, b);
              if (cost < bestCost) {
                bestCost = cost;
                bestX = x;
                bestW = wv;
              }
            }
          }
          if (bestX == n) continue;
          mate[bestX] = a;
          mate[a] = bestX;
          mate[bestW] = b;
          mate[b] = bestW;
          changed = true;
        }
      }
    }
  }

  /// The two waiting players (mate == n) compatible with p at the smallest score
  /// difference (lowest index on ties); n where there are fewer.
  std::array<std::size_t, 2> closestWaiting(const std::vector<std::size_t>& mate,
                                            std::size_t p) const {
    const std::size_t n = size();
    std::array<std::size_t, 2> best{n, n};
    for (std::size_t x = 0; x < n; ++x) {
      if (mate[x] != n || !compatible(x, p)) continue;
      if (best[0] == n || diff(x, p) < diff(best[0], p)) {
        best[1] = best[0];
        best[0] = x;
      } else if (best[1] == n || diff(x, p) < diff(best[1], p)) {
        best[1] = x;
      }
    }
    return best;
  }

  IndexPairs fromMates(const std::vector<std::size_t>& mate) const {
    IndexPairs out;
    for (std::size_t i = 0; i < mate.size(); ++i) {
      if (mate[i] != mate.size() && i < mate[i]) out.emplace_back(i, mate[i]);
    }
    return out;
  }

  const std::vector<Candidate>& all_;
  std::vector<std::size_t> m_;
};

std::size_t findRoot(std::vector<std::size_t>& parent, std::size_t i) {
  while (parent[i] != i) {
    parent[i] = parent[parent[i]];
    i = parent[i];
  }
  return i;
}

}  // namespace

std::optional<std::int32_t> allowedDifference(const MatchmakerConfig& c,
                                              std::chrono::steady_clock::duration waited) {
  if (waited < waited.zero()) waited = waited.zero();
  if (waited >= c.anyoneAfter) return std::nullopt;
  const auto steps = c.widenEvery.count() > 0 ? waited / c.widenEvery : 0;
  return static_cast<std::int32_t>(c.startRange + c.widenBy * steps);
}

std::vector<std::pair<std::size_t, std::size_t>> bestPairing(const std::vector<Candidate>& c,
                                                             PairingMethod method) {
  const std::size_t n = c.size();
  // Ascending score; equal scores: longer waiting first, then id: a deterministic line.
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::tuple(c[a].score, -c[a].waitedMs, c[a].id, a) <
           std::tuple(c[b].score, -c[b].waitedMs, c[b].id, b);
  });
  // Connected groups of compatible players: pairs never cross a group's border.
  const Group everyone(c, order);
  std::vector<std::size_t> parent(n);
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (everyone.compatible(i, j)) parent[findRoot(parent, i)] = findRoot(parent, j);
    }
  }
  std::map<std::size_t, std::vector<std::size_t>> groups;  // root -> members in line order
  for (std::size_t i = 0; i < n; ++i) groups[findRoot(parent, i)].push_back(order[i]);

  IndexPairs out;
  for (auto& [root, members] : groups) {
    if (members.size() < 2) continue;
    const Group g(c, members);
    PairingMethod m = method;
    if (m == PairingMethod::Auto) {
      m = g.size() <= kExactPairingLimit      ? PairingMethod::Exact
          : g.size() <= kIntervalPairingLimit ? PairingMethod::Interval
                                              : PairingMethod::Greedy;
    }
    const IndexPairs local = m == PairingMethod::Exact      ? g.exact()
                             : m == PairingMethod::Interval ? g.interval()
                                                            : g.greedy();
    for (auto [i, j] : local) {
      if (j < i) std::swap(i, j);
      out.emplace_back(g.original(i), g.original(j));
    }
  }
  // Ascending score order of the lower player (ties: line order).
  std::vector<std::size_t> rank(n);
  for (std::size_t i = 0; i < n; ++i) rank[order[i]] = i;
  std::sort(out.begin(), out.end(),
            [&](const auto& a, const auto& b) { return rank[a.first] < rank[b.first]; });
  return out;
}

// --- Matchmaker ------------------------------------------------------------------------------

Matchmaker::Matchmaker(RandomSource random, MatchmakerConfig config)
    : random_(std::move(random)), config_(config) {}

void Matchmaker::add(PlayerId p, std::int32_t score, Rule rule, time_point now, TimeControl clock,
                     OpeningRule opening) {
  auto it = queue_.find(p);
  if (it != queue_.end() && it->second.rule == rule && it->second.clock == clock &&
      it->second.opening == opening) {
    it->second.score = score;
    return;
  }
  queue_[p] = Waiting{score, rule, now, clock, opening};
}

bool Matchmaker::remove(PlayerId p) {
  return queue_.erase(p) > 0;
}

bool Matchmaker::waiting(PlayerId p) const {
  return queue_.count(p) > 0;
}

std::optional<time_point> Matchmaker::waitingSince(PlayerId p) const {
  auto it = queue_.find(p);
  if (it == queue_.end()) return std::nullopt;
  return it->second.since;
}

void Matchmaker::setLastColor(PlayerId p, Stone c) {
  if (c == Stone::Empty) {
    lastColor_.erase(p);
  } else {
    lastColor_[p] = c;
  }
}

Stone Matchmaker::lastColor(PlayerId p) const {
  auto it = lastColor_.find(p);
  return it == lastColor_.end() ? Stone::Empty : it->second;
}

std::vector<Matchmaker::Pair> Matchmaker::wave(time_point now) {
  // The pools: rule, then the time control's fields, then the opening rule.
  using Pool = std::tuple<Rule, ClockKind, std::int64_t, std::int64_t, std::int64_t, OpeningRule>;
  std::map<Pool, std::vector<Candidate>> byRule;
  for (const auto& [id, w] : queue_) {
    const auto waited = now - w.since;
    const auto allowed = allowedDifference(config_, waited);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(waited).count();
    const Pool pool{w.rule,         w.clock.kind, w.clock.baseMs, w.clock.incrementMs,
                    w.clock.moveMs, w.opening};
    byRule[pool].push_back(Candidate{id, w.score, allowed ? std::int64_t{*allowed} : kAnyone,
                                     std::max<std::int64_t>(ms, 0)});
  }
  // Who wants Black: +1 had White last, -1 had Black last, 0 no game yet.
  auto wantsBlack = [this](PlayerId p) {
    const Stone last = lastColor(p);
    return last == Stone::White ? 1 : last == Stone::Black ? -1 : 0;
  };
  std::vector<Pair> out;
  for (const auto& [pool, candidates] : byRule) {
    const Rule rule = std::get<0>(pool);
    const TimeControl clock{std::get<1>(pool), std::get<2>(pool), std::get<3>(pool),
                            std::get<4>(pool)};
    for (const auto& [i, j] : bestPairing(candidates)) {
      const PlayerId a = candidates[i].id;
      const PlayerId b = candidates[j].id;
      const int wa = wantsBlack(a);
      const int wb = wantsBlack(b);
      const bool aBlack = wa != wb ? wa > wb : uniformBelow(random_, 2) == 0;
      Pair p{aBlack ? a : b, aBlack ? b : a, rule, clock, std::get<5>(pool)};
      queue_.erase(a);
      queue_.erase(b);
      lastColor_[p.black] = Stone::Black;
      lastColor_[p.white] = Stone::White;
      out.push_back(p);
    }
  }
  return out;
}

// --- rooms -----------------------------------------------------------------------------------

std::string makeRoomCode(const RandomSource& random) {
  std::string code;
  code.reserve(kRoomCodeLength);
  for (std::size_t i = 0; i < kRoomCodeLength; ++i) {
    code += kRoomCodeAlphabet[uniformBelow(random, kRoomCodeAlphabet.size())];
  }
  return code;
}

std::optional<std::string> normalizeRoomCode(std::string_view typed) {
  auto blank = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; };
  while (!typed.empty() && blank(typed.front())) typed.remove_prefix(1);
  while (!typed.empty() && blank(typed.back())) typed.remove_suffix(1);
  if (typed.size() != kRoomCodeLength) return std::nullopt;
  std::string code(typed);
  for (char& ch : code) {
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    if (kRoomCodeAlphabet.find(ch) == std::string_view::npos) return std::nullopt;
  }
  return code;
}

const char* describe(SettingsProblem p) {
  switch (p) {
    case SettingsProblem::None:
      return "";
    case SettingsProblem::BoardSize:
      return "the board size must be 5 to 25";
    case SettingsProblem::RenjuSize:
      return "renju is played on 15x15";
    case SettingsProblem::Rule:
      return "this server does not play that rule";
    case SettingsProblem::Color:
      return "unknown seat colour";
    case SettingsProblem::Foul:
      return "unknown foul policy";
    case SettingsProblem::Clock:
      return "not a time control this server plays";
    case SettingsProblem::Opening:
      return "the opening rule does not fit the game's rule";
  }
  return "bad settings";
}

SettingsProblem checkClockAndOpening(const TimeControl& clock, OpeningRule opening, Rule rule,
                                     int size) {
  // The forms of parseTimeControl, as SETUP's time control carries them.
  const auto in = [](std::int64_t v, std::int64_t lo) { return v >= lo && v <= kMaxClockMs; };
  bool ok = false;
  switch (clock.kind) {
    case ClockKind::None:
      ok = clock.baseMs == 0 && clock.incrementMs == 0 && clock.moveMs == 0;
      break;
    case ClockKind::Fischer:
      ok = in(clock.baseMs, kMinClockMs) && in(clock.incrementMs, 0) && clock.moveMs == 0;
      break;
    case ClockKind::PerMove:
      ok = clock.baseMs == 0 && clock.incrementMs == 0 && in(clock.moveMs, kMinClockMs);
      break;
    case ClockKind::ByoYomi:
      ok = in(clock.baseMs, 0) && clock.incrementMs == 0 && in(clock.moveMs, kMinClockMs);
      break;
  }
  if (!ok) return SettingsProblem::Clock;
  if (!openingFitsRule(opening, rule, size)) return SettingsProblem::Opening;
  return SettingsProblem::None;
}

SettingsProblem checkRoomSettings(const net::RoomSettings& s) {
  if (s.boardSize < Board::kMinSize || s.boardSize > Board::kMaxSize)
    return SettingsProblem::BoardSize;
  switch (s.rule) {
    case Rule::Freestyle:
    case Rule::Standard:
      break;
    case Rule::Renju:
      if (s.boardSize != Board::kDefaultSize) return SettingsProblem::RenjuSize;
      break;
    default:
      return SettingsProblem::Rule;
  }
  if (!ruleSupported(s.rule)) return SettingsProblem::Rule;
  switch (s.color) {
    case net::SeatColor::Black:
    case net::SeatColor::White:
    case net::SeatColor::Random:
      break;
    default:
      return SettingsProblem::Color;
  }
  if (s.foul != FoulPolicy::Refuse && s.foul != FoulPolicy::Lose) return SettingsProblem::Foul;
  return checkClockAndOpening(s.clock, s.opening, s.rule, s.boardSize);
}

bool validRoomSettings(const net::RoomSettings& s) {
  return checkRoomSettings(s) == SettingsProblem::None;
}

bool ownerPlaysBlack(net::SeatColor c, const RandomSource& random) {
  switch (c) {
    case net::SeatColor::Black:
      return true;
    case net::SeatColor::White:
      return false;
    default:
      return uniformBelow(random, 2) == 0;
  }
}

Rooms::Rooms(RandomSource random, RoomsConfig config)
    : random_(std::move(random)), config_(config) {}

std::string Rooms::create(PlayerId owner, const net::RoomSettings& s) {
  if (!validRoomSettings(s)) throw std::invalid_argument("Rooms::create: invalid room settings");
  for (int attempt = 0; attempt < 1000; ++attempt) {
    std::string code = makeRoomCode(random_);
    if (rooms_.count(code) > 0) continue;
    close(owner);
    rooms_[code] = Room{owner, s};
    codeOf_[owner] = code;
    return code;
  }
  throw std::runtime_error("Rooms::create: no free room code found");
}

std::optional<PlayerId> Rooms::roomOwner(std::string_view code) const {
  const auto key = normalizeRoomCode(code);
  if (!key) return std::nullopt;
  auto it = rooms_.find(*key);
  if (it == rooms_.end()) return std::nullopt;
  return it->second.owner;
}

std::optional<net::RoomSettings> Rooms::roomSettings(std::string_view code) const {
  const auto key = normalizeRoomCode(code);
  if (!key) return std::nullopt;
  auto it = rooms_.find(*key);
  if (it == rooms_.end()) return std::nullopt;
  return it->second.settings;
}

std::optional<std::string> Rooms::roomOf(PlayerId p) const {
  auto it = codeOf_.find(p);
  if (it == codeOf_.end()) return std::nullopt;
  return it->second;
}

std::optional<Rooms::Joined> Rooms::join(std::string_view code, PlayerId joiner, bool rated) {
  const auto key = normalizeRoomCode(code);
  if (!key) return std::nullopt;
  auto it = rooms_.find(*key);
  if (it == rooms_.end() || it->second.owner == joiner) return std::nullopt;
  const Room room = it->second;
  rooms_.erase(it);
  codeOf_.erase(room.owner);
  return Joined{room.owner, room.settings, room.settings.rated && rated,
                ownerPlaysBlack(room.settings.color, random_)};
}

void Rooms::close(PlayerId owner) {
  auto it = codeOf_.find(owner);
  if (it == codeOf_.end()) return;
  rooms_.erase(it->second);
  codeOf_.erase(it);
}

std::optional<std::uint32_t> Rooms::invite(PlayerId from, PlayerId to, const net::RoomSettings& s,
                                           time_point now) {
  if (from == to) throw std::invalid_argument("Rooms::invite: a player cannot invite itself");
  if (!validRoomSettings(s)) throw std::invalid_argument("Rooms::invite: invalid room settings");
  if (invitesFrom(from, now) >= config_.maxInvitesPerPlayer) return std::nullopt;
  while (nextInvite_ == 0 || invites_.count(nextInvite_) > 0) ++nextInvite_;
  const std::uint32_t id = nextInvite_++;
  invites_[id] = Invitation{id, from, to, s, now + config_.inviteLifetime};
  return id;
}

std::optional<Rooms::Invitation> Rooms::invitation(std::uint32_t id, time_point now) const {
  auto it = invites_.find(id);
  if (it == invites_.end() || now >= it->second.expires) return std::nullopt;
  return it->second;
}

std::size_t Rooms::invitesFrom(PlayerId from, time_point now) const {
  return static_cast<std::size_t>(std::count_if(
      invites_.begin(), invites_.end(),
      [&](const auto& e) { return e.second.from == from && now < e.second.expires; }));
}

std::optional<Rooms::Accepted> Rooms::answer(std::uint32_t id, PlayerId to, bool accept, bool rated,
                                             time_point now) {
  auto it = invites_.find(id);
  if (it == invites_.end() || it->second.to != to) return std::nullopt;
  const Invitation inv = it->second;
  if (now >= inv.expires) return std::nullopt;  // expire() reports it to the inviter
  invites_.erase(it);
  if (!accept) return std::nullopt;
  return Accepted{inv.from, inv.to, inv.settings, inv.settings.rated && rated,
                  ownerPlaysBlack(inv.settings.color, random_)};
}

std::vector<Rooms::Invitation> Rooms::expire(time_point now) {
  std::vector<Invitation> gone;
  for (auto it = invites_.begin(); it != invites_.end();) {
    if (now >= it->second.expires) {
      gone.push_back(it->second);
      it = invites_.erase(it);
    } else {
      ++it;
    }
  }
  return gone;
}

std::vector<Rooms::Invitation> Rooms::forget(PlayerId p) {
  close(p);
  std::vector<Invitation> gone;
  for (auto it = invites_.begin(); it != invites_.end();) {
    if (it->second.from == p || it->second.to == p) {
      gone.push_back(it->second);
      it = invites_.erase(it);
    } else {
      ++it;
    }
  }
  return gone;
}

}  // namespace gomoku::server
