#include "server/presence_redis.h"

#include <hiredis/hiredis.h>
#include <sys/time.h>

#include <cctype>
#include <charconv>
#include <cstdio>
#include <random>
#include <string_view>
#include <vector>

#include "server/textfields.h"

namespace gomoku::server {
namespace {

constexpr const char* kNodePrefix = "gomoku:node:";
constexpr const char* kPresencePrefix = "gomoku:presence:";
// A node's players: one string, a line each (see formatListed). One string rather than a hash
// of a field each: the thousands of entries of every node are written and read at every
// renewal, and Redis copies a string in one go where a hash costs it a step an entry (during
// which every other command, a game's journal too, waits).
constexpr const char* kPlayersPrefix = "gomoku:playerlist:";
constexpr const char* kNodesKey = "gomoku:nodes";          // the nodes that published players
constexpr const char* kSeekingKey = "gomoku:seeking";      // the FIND queue (a hash)
constexpr const char* kInboxPrefix = "gomoku:inbox:";      // a node's messages (a stream)
constexpr const char* kOwnerPrefix = "gomoku:owner:";      // a running game's owner
constexpr const char* kJournalPrefix = "gomoku:journal:";  // a running game's journal (a list)
constexpr const char* kPlayingPrefix = "gomoku:playing:";  // the game an account plays
// An inbox holds at most about this many messages (a node that reads nothing for long loses
// the oldest) and is deleted this long after the last message posted to it (a dead node's).
constexpr const char* kInboxLength = "100000";
constexpr const char* kInboxLifeMs = "600000";

// KEYS[1] the queue; ARGV[1] the node key prefix. The entries of live nodes (field, value,
// ...); an entry whose node's lease is gone is dropped. A value starts with its node.
constexpr const char* kSeekersScript = R"(local all = redis.call('HGETALL', KEYS[1])
local out = {}
local alive = {}
for i = 1, #all, 2 do
  local node = string.match(all[i + 1], '^[^\t]*')
  if alive[node] == nil then alive[node] = redis.call('EXISTS', ARGV[1] .. node) == 1 end
  if alive[node] then
    out[#out + 1] = all[i]
    out[#out + 1] = all[i + 1]
  else
    redis.call('HDEL', KEYS[1], all[i])
  end
end
return out)";

// KEYS[1] the queue; ARGV: account a, its value, account b, its value. Both fields are
// deleted, only if both still hold exactly those values: 1, else 0.
constexpr const char* kTakePairScript =
    R"(if ARGV[1] == ARGV[3] or redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] or
   redis.call('HGET', KEYS[1], ARGV[3]) ~= ARGV[4] then
  return 0
end
redis.call('HDEL', KEYS[1], ARGV[1], ARGV[3])
return 1)";

// KEYS[1] the queue; ARGV[1] the account, ARGV[2] our incarnation. Deletes its entry only if
// this node put it there.
constexpr const char* kUnseekScript = R"(local v = redis.call('HGET', KEYS[1], ARGV[1])
if v and string.sub(v, 1, #ARGV[2] + 1) == ARGV[2] .. '\t' then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0)";

// KEYS[1] the account's presence key; ARGV[1] our incarnation, ARGV[2] the node key prefix.
// Returns the live holder's incarnation, or "" when the account is ours now. An entry whose
// node's lease is gone is free. A node without a live lease of its own claims nothing (its
// claim would count as free at once): the error NOLEASE.
constexpr const char* kClaimScript = R"(if redis.call('EXISTS', ARGV[2] .. ARGV[1]) == 0 then
  return redis.error_reply('NOLEASE this node has no live lease')
end
local h = redis.call('GET', KEYS[1])
if h and h ~= ARGV[1] and redis.call('EXISTS', ARGV[2] .. h) == 1 then return h end
redis.call('SET', KEYS[1], ARGV[1])
return '')";

// KEYS[1] a node's lease, KEYS[2] the set of nodes, KEYS[3] the node's players; ARGV[1] the
// node. Its players, or nil when its lease is gone (it is then dropped from the set: in one
// script, so a node that renews meanwhile is never dropped).
constexpr const char* kNodePlayersScript = R"(if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('SREM', KEYS[2], ARGV[1])
  return nil
end
return redis.call('GET', KEYS[3]))";

// KEYS[1] the account's presence key; ARGV[1] the node key prefix. The PTTL of the holder's
// lease (negative: none).
constexpr const char* kHolderLeaseScript = R"(local h = redis.call('GET', KEYS[1])
if not h then return -2 end
return redis.call('PTTL', ARGV[1] .. h))";

// KEYS[1] the account's presence key; ARGV[1] our incarnation. Deletes it only if ours.
constexpr const char* kReleaseScript = R"(if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0)";

// A running game's keys live this long after the last write (a game outliving every node that
// could run it is dropped in the end).
constexpr const char* kGameLifeMs = "86400000";

// KEYS[1] the game's owner key, KEYS[2] its journal, KEYS[3..] its players' entries; ARGV[1]
// our incarnation, ARGV[2] the keys' life, ARGV[3] the game's key, ARGV[4..] the journal.
constexpr const char* kOpenGameScript = R"(redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('DEL', KEYS[2])
for i = 4, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, i, math.min(i + 999, #ARGV)))
end
redis.call('PEXPIRE', KEYS[2], ARGV[2])
for i = 3, #KEYS do redis.call('SET', KEYS[i], ARGV[3], 'PX', ARGV[2]) end
return 1)";

// KEYS[1] the game's owner key, KEYS[2] its journal; ARGV[1] our incarnation, ARGV[2] the
// keys' life, ARGV[3] the index of the first entry, ARGV[4..] the entries. 1: written; -1: the
// game or its entries before the index are missing; -2: another node owns the game. The keys'
// life starts again each time the journal passes a multiple of 64 entries (not at every write:
// two commands fewer a move, which Redis's one thread feels at thousands of moves a second).
constexpr const char* kWriteJournalScript = R"(local o = redis.call('GET', KEYS[1])
if not o then return -1 end
if o ~= ARGV[1] then return -2 end
local at = tonumber(ARGV[3])
local n = redis.call('LLEN', KEYS[2])
if at < 1 or n < at then return -1 end
if n > at then redis.call('LTRIM', KEYS[2], 0, at - 1) end
for i = 4, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, i, math.min(i + 999, #ARGV)))
end
if math.floor((at + #ARGV - 4) / 64) ~= math.floor((at - 1) / 64) then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
return 1)";

// KEYS[1] the account's game entry; ARGV[1] our incarnation, ARGV[2] the node key prefix,
// ARGV[3] the owner key prefix, ARGV[4] the journal key prefix. {} when it plays no game; else
// {game, owner}, and when the owner's lease is gone the game becomes ours: {game, us, journal
// entries...}.
constexpr const char* kGameOfScript = R"(local g = redis.call('GET', KEYS[1])
if not g then return {} end
local o = redis.call('GET', ARGV[3] .. g)
if not o then
  redis.call('DEL', KEYS[1])
  return {}
end
if o == ARGV[1] or redis.call('EXISTS', ARGV[2] .. o) == 1 then return {g, o} end
redis.call('SET', ARGV[3] .. g, ARGV[1], 'KEEPTTL')
local out = {g, ARGV[1]}
for _, e in ipairs(redis.call('LRANGE', ARGV[4] .. g, 0, -1)) do out[#out + 1] = e end
return out)";

// KEYS[1] the game's owner key, KEYS[2] its journal, KEYS[3..] its players' entries; ARGV[1]
// our incarnation, ARGV[2] the game's key. Only if the game is ours.
constexpr const char* kCloseGameScript = R"(if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
redis.call('DEL', KEYS[1], KEYS[2])
for i = 3, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[2] then redis.call('DEL', KEYS[i]) end
end
return 1)";

struct ReplyDeleter {
  void operator()(redisReply* r) const { freeReplyObject(r); }
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

timeval toTimeval(std::chrono::milliseconds d) {
  timeval tv{};
  tv.tv_sec = static_cast<decltype(tv.tv_sec)>(d.count() / 1000);
  tv.tv_usec = static_cast<decltype(tv.tv_usec)>((d.count() % 1000) * 1000);
  return tv;
}

std::string incarnationOf(const std::string& name) {
  std::random_device rd;
  std::uint64_t r = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(r));
  return name + "/" + hex;
}

// One connection to Redis and what went wrong on it last. Each lane has its own (presence.h).
struct Link {
  redisContext* ctx = nullptr;
  std::string error;
};

class RedisPresence final : public Presence {
 public:
  RedisPresence(RedisAddress address, const std::string& name, std::chrono::milliseconds lease,
                std::chrono::milliseconds timeout)
      : address_(std::move(address)),
        name_(name),
        self_(incarnationOf(name)),
        nodeKey_(kNodePrefix + self_),
        playersKey_(kPlayersPrefix + self_),
        lease_(lease),
        timeout_(timeout) {}
  ~RedisPresence() override {
    for (Link* l : {&main_, &journal_, &leaseLink_, &inbox_})
      if (l->ctx) redisFree(l->ctx);
  }

  Claim claim(std::int64_t account) override {
    Reply r = command({"EVAL", kClaimScript, "1", presenceKey(account), self_, kNodePrefix});
    return claimOf(r.get());
  }

  std::vector<Claim> claimAll(const std::vector<std::int64_t>& accounts) override {
    std::vector<Claim> out(accounts.size(), Claim::Unavailable);
    if (accounts.empty() || !connect(main_)) return out;
    std::vector<std::vector<std::string>> claims;
    claims.reserve(accounts.size());
    for (std::int64_t a : accounts)
      claims.push_back({"EVAL", kClaimScript, "1", presenceKey(a), self_, kNodePrefix});
    std::vector<Reply> replies = pipeline(main_, claims);
    for (std::size_t i = 0; i < replies.size(); ++i) out[i] = claimOf(replies[i].get());
    return out;
  }

  std::optional<std::chrono::milliseconds> holderLeaseLeft(std::int64_t account) override {
    Reply r = command({"EVAL", kHolderLeaseScript, "1", presenceKey(account), kNodePrefix});
    if (!r || r->type != REDIS_REPLY_INTEGER || r->integer < 0) return std::nullopt;
    return std::chrono::milliseconds(r->integer);
  }

  bool release(std::int64_t account) override {
    Reply r = command({"EVAL", kReleaseScript, "1", presenceKey(account), self_});
    return r && r->type == REDIS_REPLY_INTEGER;
  }

  Renewal renew() override {
    // SET … GET answers the value before: nil when the lease had run out (or at the start).
    Reply r =
        command(leaseLink_, {"SET", nodeKey_, name_, "PX", std::to_string(lease_.count()), "GET"});
    if (!r || (r->type != REDIS_REPLY_STRING && r->type != REDIS_REPLY_NIL)) {
      if (r) leaseLink_.error = "unexpected answer to SET";
      return Renewal::Unavailable;
    }
    bool first = !started_;
    started_ = true;
    return r->type == REDIS_REPLY_NIL && !first ? Renewal::Lapsed : Renewal::Renewed;
  }

  void leave() override {
    command(leaseLink_, {"DEL", nodeKey_, playersKey_});
    command(leaseLink_, {"SREM", kNodesKey, self_});
  }

  std::optional<std::vector<ListedPlayer>> exchangePlayers(
      const std::vector<ListedPlayer>& mine) override {
    // Ours, replaced as a whole and expiring with the lease (MULTI: the list and the set of
    // nodes change together); no players, no list.
    std::string list;
    list.reserve(mine.size() * 32);
    for (const ListedPlayer& p : mine) formatListed(p, list);
    if (!command({"MULTI"})) return std::nullopt;
    const bool listed =
        mine.empty()
            ? command({"DEL", playersKey_}) != nullptr
            : command({"SET", playersKey_, list, "PX", std::to_string(lease_.count())}) != nullptr;
    if (!listed || !command({"SADD", kNodesKey, self_})) {
      if (main_.ctx) command({"DISCARD"});  // an error answer: the connection is still in MULTI
      return std::nullopt;
    }
    Reply done = command({"EXEC"});
    if (!done || done->type != REDIS_REPLY_ARRAY) return std::nullopt;
    // The others': every node in the set whose lease lives; the dead are dropped from it.
    Reply nodes = command({"SMEMBERS", kNodesKey});
    if (!nodes || nodes->type != REDIS_REPLY_ARRAY) return std::nullopt;
    std::vector<std::string> others;
    std::vector<std::vector<std::string>> reads;
    for (std::size_t i = 0; i < nodes->elements; ++i) {
      const redisReply* n = nodes->element[i];
      if (n->type != REDIS_REPLY_STRING) continue;
      std::string node(n->str, n->len);
      if (node == self_) continue;
      reads.push_back({"EVAL", kNodePlayersScript, "3", kNodePrefix + node, kNodesKey,
                       kPlayersPrefix + node, node});
      others.push_back(std::move(node));
    }
    std::vector<Reply> lists = pipeline(main_, reads);
    if (lists.size() < reads.size()) return std::nullopt;
    std::vector<ListedPlayer> out;
    for (std::size_t i = 0; i < others.size(); ++i) {
      const std::string& node = others[i];
      const Reply& theirs = lists[i];
      // An error (a key of another kind under the list's name): that node's list is unknown
      // this time; the others' still count.
      if (theirs->type == REDIS_REPLY_ERROR) {
        main_.error = "EVAL: " + std::string(theirs->str, theirs->len);
        continue;
      }
      // nil: a dead node (dropped), or one whose list expired; anything else is no list.
      if (theirs->type != REDIS_REPLY_STRING) continue;
      std::string_view text(theirs->str, theirs->len);
      while (!text.empty()) {
        std::size_t end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (auto p = parseListed(line)) {
          p->node = node;
          out.push_back(std::move(*p));
        }
      }
    }
    return out;
  }

  bool seek(const Seek& s) override {
    return command({"HSET", kSeekingKey, std::to_string(s.account), encodeSeek(s)}) != nullptr;
  }

  bool unseek(std::int64_t account) override {
    return command({"EVAL", kUnseekScript, "1", kSeekingKey, std::to_string(account), self_}) !=
           nullptr;
  }

  std::optional<std::vector<Seek>> seekers() override {
    Reply r = command({"EVAL", kSeekersScript, "1", kSeekingKey, kNodePrefix});
    if (!r || r->type != REDIS_REPLY_ARRAY) return std::nullopt;
    std::vector<Seek> out;
    for (std::size_t i = 0; i + 1 < r->elements; i += 2) {
      const redisReply* f = r->element[i];
      const redisReply* v = r->element[i + 1];
      std::int64_t account = 0;
      if (f->type != REDIS_REPLY_STRING || v->type != REDIS_REPLY_STRING ||
          !textfields::whole(std::string_view(f->str, f->len), account))
        continue;
      if (auto s = decodeSeek(account, std::string(v->str, v->len))) out.push_back(*s);
    }
    return out;
  }

  std::optional<bool> takePair(const Seek& a, const Seek& b) override {
    Reply r = command({"EVAL", kTakePairScript, "1", kSeekingKey, std::to_string(a.account),
                       encodeSeek(a), std::to_string(b.account), encodeSeek(b)});
    if (!r || r->type != REDIS_REPLY_INTEGER) return std::nullopt;
    return r->integer == 1;
  }

  bool post(const std::string& node, const std::string& message) override {
    std::string key = kInboxPrefix + node;
    if (!connect(main_)) return false;
    std::vector<Reply> replies =
        pipeline(main_, {{"XADD", key, "MAXLEN", "~", kInboxLength, "*", "m", message},
                         {"PEXPIRE", key, kInboxLifeMs}});
    if (replies.size() < 2) return false;
    bool ok = true;
    for (const Reply& r : replies)
      if (r->type == REDIS_REPLY_ERROR) {
        main_.error = "XADD: " + std::string(r->str, r->len);
        ok = false;
      }
    return ok;
  }

  std::optional<std::vector<std::string>> receive(std::chrono::milliseconds wait) override {
    if (!connect(inbox_)) return std::nullopt;
    // The command may block for `wait`: its answer has that much more time.
    timeval tv = toTimeval(wait + timeout_);
    redisSetTimeout(inbox_.ctx, tv);
    // BLOCK 0 would wait for ever: no wait is no BLOCK.
    std::vector<std::string> args{"XREAD", "COUNT", "1000"};
    if (wait.count() > 0) args.insert(args.end(), {"BLOCK", std::to_string(wait.count())});
    args.insert(args.end(), {"STREAMS", kInboxPrefix + self_, lastRead_});
    Reply r = sendOn(inbox_, args);
    if (!r || r->type == REDIS_REPLY_ERROR) {
      if (r) inbox_.error = "XREAD: " + std::string(r->str, r->len);
      if (inbox_.ctx) redisFree(inbox_.ctx);
      inbox_.ctx = nullptr;
      return std::nullopt;
    }
    std::vector<std::string> out;
    if (r->type != REDIS_REPLY_ARRAY) return out;  // nil: nothing came within `wait`
    for (std::size_t s = 0; s < r->elements; ++s) {
      const redisReply* stream = r->element[s];
      if (stream->type != REDIS_REPLY_ARRAY || stream->elements != 2) continue;
      const redisReply* entries = stream->element[1];
      for (std::size_t e = 0; entries->type == REDIS_REPLY_ARRAY && e < entries->elements; ++e) {
        const redisReply* entry = entries->element[e];
        if (entry->type != REDIS_REPLY_ARRAY || entry->elements != 2 ||
            entry->element[0]->type != REDIS_REPLY_STRING)
          continue;
        lastRead_.assign(entry->element[0]->str, entry->element[0]->len);
        const redisReply* fields = entry->element[1];
        for (std::size_t f = 0; fields->type == REDIS_REPLY_ARRAY && f + 1 < fields->elements;
             f += 2)
          if (fields->element[f + 1]->type == REDIS_REPLY_STRING)
            out.emplace_back(fields->element[f + 1]->str, fields->element[f + 1]->len);
      }
    }
    return out;
  }

  bool openGame(const std::string& key, const std::vector<std::int64_t>& accounts,
                const std::vector<std::string>& journal) override {
    return storeJournals({JournalJob{key, true, 0, accounts, journal}})[0] == JournalWrite::Written;
  }

  JournalWrite writeJournal(const std::string& key, std::size_t at,
                            const std::vector<std::string>& entries) override {
    return storeJournals({JournalJob{key, false, at, {}, entries}})[0];
  }

  // Every job's script goes out before the first answer is read (a pipeline): one round trip
  // for the whole batch, however many games moved meanwhile.
  std::vector<JournalWrite> storeJournals(const std::vector<JournalJob>& jobs) override {
    std::vector<JournalWrite> out(jobs.size(), JournalWrite::Unavailable);
    if (jobs.empty() || !connect(journal_)) return out;
    std::vector<std::vector<std::string>> scripts;
    scripts.reserve(jobs.size());
    for (const JournalJob& j : jobs) scripts.push_back(journalArgs(j));
    std::vector<Reply> replies = pipeline(journal_, scripts);
    for (std::size_t i = 0; i < replies.size(); ++i) {
      const Reply& r = replies[i];
      if (r->type == REDIS_REPLY_ERROR) {
        journal_.error = "EVAL: " + std::string(r->str, r->len);
      } else if (r->type != REDIS_REPLY_INTEGER) {
        journal_.error = "unexpected answer to a journal's write";
      } else if (jobs[i].open || r->integer == 1) {
        out[i] = JournalWrite::Written;
      } else {
        out[i] = r->integer == -2 ? JournalWrite::Taken : JournalWrite::Missing;
      }
    }
    return out;
  }

  std::optional<StoredGame> gameOf(std::int64_t account) override {
    Reply r = command({"EVAL", kGameOfScript, "1", kPlayingPrefix + std::to_string(account), self_,
                       kNodePrefix, kOwnerPrefix, kJournalPrefix});
    if (!r || r->type != REDIS_REPLY_ARRAY) {
      if (r) main_.error = "unexpected answer to finding a game";
      return std::nullopt;
    }
    StoredGame g;
    for (std::size_t i = 0; i < r->elements; ++i) {
      const redisReply* e = r->element[i];
      if (e->type != REDIS_REPLY_STRING) return StoredGame{};
      std::string text(e->str, e->len);
      if (i == 0)
        g.key = std::move(text);
      else if (i == 1)
        g.owner = std::move(text);
      else
        g.journal.push_back(std::move(text));
    }
    return g;
  }

  bool closeGame(const std::string& key, const std::vector<std::int64_t>& accounts) override {
    std::vector<std::string> args{"EVAL", kCloseGameScript, std::to_string(2 + accounts.size()),
                                  kOwnerPrefix + key, kJournalPrefix + key};
    for (std::int64_t a : accounts) args.push_back(kPlayingPrefix + std::to_string(a));
    args.insert(args.end(), {self_, key});
    return command(journal_, args) != nullptr;
  }

  std::optional<std::vector<std::string>> liveNodes() override {
    Reply nodes = command({"SMEMBERS", kNodesKey});
    if (!nodes || nodes->type != REDIS_REPLY_ARRAY) return std::nullopt;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < nodes->elements; ++i)
      if (nodes->element[i]->type == REDIS_REPLY_STRING)
        names.emplace_back(nodes->element[i]->str, nodes->element[i]->len);
    std::vector<std::vector<std::string>> exists;
    for (const std::string& n : names) exists.push_back({"EXISTS", kNodePrefix + n});
    std::vector<Reply> replies = pipeline(main_, exists);
    if (replies.size() < names.size()) return std::nullopt;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < names.size(); ++i) {
      // Not an answer (an error, BUSY): unknown, so no node counts as gone this time.
      if (replies[i]->type != REDIS_REPLY_INTEGER) {
        if (replies[i]->type == REDIS_REPLY_ERROR)
          main_.error = "EXISTS: " + std::string(replies[i]->str, replies[i]->len);
        return std::nullopt;
      }
      if (replies[i]->integer == 1) out.push_back(names[i]);
    }
    return out;
  }

  std::string receiveError() const override { return inbox_.error; }
  std::string leaseError() const override { return leaseLink_.error; }
  std::string journalError() const override { return journal_.error; }
  std::string self() const override { return self_; }
  std::string lastError() const override { return main_.error; }

 private:
  // One line of a node's list of players: "account\tscore\tstate\tname\n". A name the list
  // cannot carry (a control character: a tab or a newline would split the line) is left out;
  // the accounts' rules allow none.
  static void formatListed(const ListedPlayer& p, std::string& out) {
    if (!textfields::plainName(p.entry.name)) return;
    out += std::to_string(p.account);
    out += '\t';
    out += std::to_string(p.entry.score);
    out += '\t';
    out += std::to_string(static_cast<int>(p.entry.state));
    out += '\t';
    out += p.entry.name;
    out += '\n';
  }

  // The entry of one line of another node's list; nothing if garbled (another node's data is
  // checked as a peer's message would be).
  static std::optional<ListedPlayer> parseListed(std::string_view line) {
    std::string_view field[3];
    for (std::string_view& f : field) {
      std::size_t tab = line.find('\t');
      if (tab == std::string_view::npos) return std::nullopt;
      f = line.substr(0, tab);
      line.remove_prefix(tab + 1);
    }
    ListedPlayer p;
    int state = 0;
    using textfields::whole;
    if (!whole(field[0], p.account) || p.account <= 0 || !whole(field[1], p.entry.score) ||
        !whole(field[2], state) || state < static_cast<int>(net::PlayerState::Hall) ||
        state > static_cast<int>(net::PlayerState::Playing))
      return std::nullopt;
    p.entry.state = static_cast<net::PlayerState>(state);
    if (!textfields::plainName(line)) return std::nullopt;
    p.entry.name = std::string(line);
    return p;
  }

  static std::string presenceKey(std::int64_t account) {
    return kPresencePrefix + std::to_string(account);
  }

  Claim claimOf(redisReply* r) {
    if (!r) return Claim::Unavailable;
    if (r->type == REDIS_REPLY_ERROR) {
      main_.error = "claim: " + std::string(r->str, r->len);
      return Claim::Unavailable;
    }
    if (r->type != REDIS_REPLY_STRING) {
      main_.error = "unexpected answer to the claim script";
      return Claim::Unavailable;
    }
    return r->len == 0 ? Claim::Claimed : Claim::HeldElsewhere;
  }

  // The arguments of a journal job's script.
  std::vector<std::string> journalArgs(const JournalJob& j) const {
    std::vector<std::string> args;
    if (j.open) {
      args = {"EVAL", kOpenGameScript, std::to_string(2 + j.accounts.size()), kOwnerPrefix + j.key,
              kJournalPrefix + j.key};
      for (std::int64_t a : j.accounts) args.push_back(kPlayingPrefix + std::to_string(a));
      args.insert(args.end(), {self_, kGameLifeMs, j.key});
    } else {
      args = {"EVAL",
              kWriteJournalScript,
              "2",
              kOwnerPrefix + j.key,
              kJournalPrefix + j.key,
              self_,
              kGameLifeMs,
              std::to_string(j.at)};
    }
    args.insert(args.end(), j.entries.begin(), j.entries.end());
    return args;
  }

  // Drops a connection after an I/O error: the next call on it connects again.
  static void failOn(Link& link) {
    if (link.ctx) {
      link.error = link.ctx->errstr[0] ? link.ctx->errstr : "connection lost";
      redisFree(link.ctx);
      link.ctx = nullptr;
    }
  }

  bool connect(Link& link) { return link.ctx || openOn(link); }

  // Opens a connection (AUTH, SELECT, the version check) into `link`; false with its error set.
  bool openOn(Link& link) {
    timeval tv = toTimeval(timeout_);
    link.ctx = redisConnectWithTimeout(address_.host.c_str(), address_.port, tv);
    if (!link.ctx) {
      link.error = "out of memory";
      return false;
    }
    if (link.ctx->err) {
      failOn(link);
      link.error = "cannot reach Redis at " + address_.host + ":" + std::to_string(address_.port) +
                   ": " + link.error;
      return false;
    }
    redisSetTimeout(link.ctx, tv);
    if (!address_.password.empty()) {
      std::vector<std::string> auth{"AUTH", address_.password};
      if (!address_.user.empty()) auth.insert(auth.begin() + 1, address_.user);
      if (!simple(link, auth)) return false;
    }
    if (address_.db != 0 && !simple(link, {"SELECT", std::to_string(address_.db)})) return false;
    return checkVersion(link);
  }

  // SET ... GET (the renewal) needs Redis 6.2: an older one is refused with a clear reason
  // rather than failing every renewal.
  static bool checkVersion(Link& link) {
    Reply r = sendOn(link, {"INFO", "server"});
    if (!r) return false;
    std::string info = r->type == REDIS_REPLY_STRING ? std::string(r->str, r->len) : std::string{};
    auto at = info.find("redis_version:");
    int major = 0, minor = 0;
    if (at != std::string::npos) std::sscanf(info.c_str() + at + 14, "%d.%d", &major, &minor);
    if (major > 6 || (major == 6 && minor >= 2)) return true;
    link.error =
        "Redis 6.2 or newer is needed; this one says version " +
        (at == std::string::npos ? std::string("(none)")
                                 : info.substr(at + 14, info.find_first_of("\r\n", at) - at - 14));
    redisFree(link.ctx);
    link.ctx = nullptr;
    return false;
  }

  // A command on the open connection whose answer must not be an error.
  static bool simple(Link& link, const std::vector<std::string>& args) {
    Reply r = sendOn(link, args);
    if (r && r->type == REDIS_REPLY_ERROR) {
      link.error = args[0] + ": " + std::string(r->str, r->len);
      redisFree(link.ctx);
      link.ctx = nullptr;
      return false;
    }
    return r != nullptr;
  }

  static bool appendOn(Link& link, const std::vector<std::string>& args) {
    std::vector<const char*> argv;
    std::vector<std::size_t> lens;
    for (const auto& a : args) {
      argv.push_back(a.data());
      lens.push_back(a.size());
    }
    if (redisAppendCommandArgv(link.ctx, static_cast<int>(argv.size()), argv.data(), lens.data()) !=
        REDIS_OK) {
      failOn(link);
      return false;
    }
    return true;
  }

  // Sends every command before reading the first answer (one round trip for them all), then
  // reads the answers in order. Fewer answers than commands when the connection failed on the
  // way (the link's error says why; the commands answered before it stand).
  static std::vector<Reply> pipeline(Link& link,
                                     const std::vector<std::vector<std::string>>& commands) {
    std::vector<Reply> replies;
    for (const auto& c : commands)
      if (!appendOn(link, c)) return replies;
    replies.reserve(commands.size());
    for (std::size_t i = 0; i < commands.size(); ++i) {
      void* raw = nullptr;
      if (redisGetReply(link.ctx, &raw) != REDIS_OK) {
        failOn(link);
        return replies;
      }
      replies.emplace_back(static_cast<redisReply*>(raw));
    }
    return replies;
  }

  static Reply sendOn(Link& link, const std::vector<std::string>& args) {
    if (!appendOn(link, args)) return nullptr;
    void* raw = nullptr;
    if (redisGetReply(link.ctx, &raw) != REDIS_OK) {
      failOn(link);
      return nullptr;
    }
    return Reply(static_cast<redisReply*>(raw));
  }

  // Connects if need be and runs one command on `link`; nullptr when the store did not answer
  // or answered with an error (the link's error says which).
  Reply command(Link& link, const std::vector<std::string>& args) {
    if (!connect(link)) return nullptr;
    Reply r = sendOn(link, args);
    if (r && r->type == REDIS_REPLY_ERROR) {
      link.error = args[0] + ": " + std::string(r->str, r->len);
      return nullptr;
    }
    return r;
  }
  // The same on the connection of Lane::Cluster.
  Reply command(const std::vector<std::string>& args) { return command(main_, args); }

  RedisAddress address_;
  std::string name_;
  std::string self_;
  std::string nodeKey_;
  std::string playersKey_;
  std::chrono::milliseconds lease_;
  std::chrono::milliseconds timeout_;
  Link main_;       // Lane::Cluster's calls
  Link journal_;    // Lane::Journal's: the games' journals
  Link leaseLink_;  // Lane::Lease's: renew()
  bool started_ = false;
  // receive()'s own connection (it blocks) and the last message read.
  Link inbox_;
  std::string lastRead_ = "0-0";
};

bool validNodeName(const std::string& name) {
  if (name.empty() || name.size() > 64) return false;
  for (char ch : name) {
    bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              ch == '-' || ch == '_' || ch == '.';
    if (!ok) return false;
  }
  return true;
}

int parseNumber(const std::string& text, int lo, int hi, const char* what) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    throw std::invalid_argument(std::string("the ") + what + " must be a number");
  int v = std::stoi(text);
  if (v < lo || v > hi)
    throw std::invalid_argument(std::string("the ") + what + " must be from " + std::to_string(lo) +
                                " to " + std::to_string(hi));
  return v;
}

// %XX escapes of a URL's user information (a password may hold '@' or ':').
std::string percentDecoded(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (i + 2 >= text.size() || !std::isxdigit(static_cast<unsigned char>(text[i + 1])) ||
        !std::isxdigit(static_cast<unsigned char>(text[i + 2])))
      throw std::invalid_argument("a '%' in the Redis address is not followed by two hex digits");
    out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
    i += 2;
  }
  return out;
}

}  // namespace

RedisAddress parseRedisUrl(const std::string& url) {
  const std::string scheme = "redis://";
  if (url.compare(0, scheme.size(), scheme) != 0)
    throw std::invalid_argument(
        "a Redis address starts with redis:// (e.g. redis://127.0.0.1:6379)");
  std::string rest = url.substr(scheme.size());
  RedisAddress a;
  if (auto slash = rest.find('/'); slash != std::string::npos) {
    std::string db = rest.substr(slash + 1);
    rest.resize(slash);
    if (!db.empty()) a.db = parseNumber(db, 0, 1 << 20, "database number");
  }
  if (auto at = rest.rfind('@'); at != std::string::npos) {
    std::string info = rest.substr(0, at);
    rest = rest.substr(at + 1);
    // redis://:password@host, redis://user:password@host (an ACL user), or redis://password@host.
    auto colon = info.find(':');
    if (colon == std::string::npos) {
      a.password = percentDecoded(info);
    } else {
      a.user = percentDecoded(info.substr(0, colon));
      a.password = percentDecoded(info.substr(colon + 1));
    }
  }
  std::string port;
  if (!rest.empty() && rest[0] == '[') {
    auto close = rest.find(']');
    if (close == std::string::npos) throw std::invalid_argument("an IPv6 address lacks its ']'");
    a.host = rest.substr(1, close - 1);
    std::string after = rest.substr(close + 1);
    if (!after.empty()) {
      if (after[0] != ':') throw std::invalid_argument("unexpected text after ']'");
      port = after.substr(1);
    }
  } else if (auto colon = rest.find(':'); colon != std::string::npos) {
    a.host = rest.substr(0, colon);
    port = rest.substr(colon + 1);
  } else {
    a.host = rest;
  }
  if (a.host.empty()) throw std::invalid_argument("the Redis address names no host");
  if (!port.empty()) a.port = parseNumber(port, 1, 65535, "port");
  return a;
}

std::unique_ptr<Presence> redisPresence(const RedisAddress& address, const std::string& name,
                                        std::chrono::milliseconds lease,
                                        std::chrono::milliseconds timeout) {
  if (!validNodeName(name))
    throw std::invalid_argument("a node's name is 1 to 64 letters, digits, '-', '_' or '.'");
  return std::make_unique<RedisPresence>(address, name, lease, timeout);
}

}  // namespace gomoku::server
