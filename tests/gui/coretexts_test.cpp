// The sentences of src/core, src/net, src/ai, src/record and the server's free text that its
// clients show (src/server) against the pattern table of src/app/coretexts.h, which the app
// uses to show them in the user's language (issue 8):
//   - every user-visible string literal of the core/net sources is part of a pattern, and every
//     pattern is made of literals of those sources (no pattern outlives its sentence);
//   - real Game, Match and wire objects, driven into their states, say only sentences that
//     match a pattern;
//   - the match's typed refusals and notices (net/match.h), translated by value
//     (TranslateRefusal, TranslateNotice), read in English exactly as net::describe says them;
//     so do the online client's (net/online.h: TranslateOnlineRefusal, TranslateLogin); the
//     hall's refusals, the failures and their titles are phrased by the app (TranslateDenied,
//     TranslateOnlineFailure, TranslateOnlineFailureTitle);
//   - under the zh_CN and zh_TW catalogs (res/po/*.po, read here without gettext) each of those
//     sentences and every typed value comes out in Chinese, inner phrases included.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "ai/pbrain_client.h"
#include "app/coretexts.h"
#include "core/game.h"
#include "core/utf8.h"
#include "gomoku/version.h"
#include "net/match.h"
#include "net/online.h"
#include "net/wire.h"
#include "record/jpformats.h"
#include "record/position.h"
#include "record/psq.h"
#include "record/record.h"
#include "record/recordio.h"
#include "record/renlib.h"
#include "record/replay.h"
#include "record/sgf.h"
#include "record/yixin.h"
#ifdef GOMOKU_TLS
#include "net/tls.h"
#endif

using namespace gomoku;
using namespace gomoku::net;
using gomoku::app::CoreTexts;
using gomoku::app::FormatArgs;
using gomoku::app::MatchCoreText;
using gomoku::app::TranslateCoreText;
using gomoku::app::TranslateDenied;
using gomoku::app::TranslateLogin;
using gomoku::app::TranslateNotice;
using gomoku::app::TranslateOnlineFailure;
using gomoku::app::TranslateOnlineFailureTitle;
using gomoku::app::TranslateOnlineRefusal;
using gomoku::app::TranslateRefusal;

namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// ---------------------------------------------------------------------------------------------
// String literals of the sources.

// The string literals of a C++ file (escapes \" and \\ undone), without #include lines,
// comments and character literals.
std::vector<std::string> Literals(const std::string& code) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (code.compare(i, 2, "//") == 0 || (code[i] == '#' && (i == 0 || code[i - 1] == '\n'))) {
      i = code.find('\n', i);
      if (i == std::string::npos) break;
    } else if (code.compare(i, 2, "/*") == 0) {
      i = code.find("*/", i);
      if (i == std::string::npos) break;
      ++i;
    } else if (code[i] == '\'') {
      ++i;
      while (i < code.size() && code[i] != '\'') i += code[i] == '\\' ? 2 : 1;
    } else if (code[i] == '"') {
      std::string s;
      for (++i; i < code.size() && code[i] != '"'; ++i) {
        if (code[i] == '\\' && i + 1 < code.size()) {
          ++i;
          s += code[i] == 'n' ? '\n' : code[i] == 'r' ? '\r' : code[i] == 't' ? '\t' : code[i];
        } else {
          s += code[i];
        }
      }
      out.push_back(s);
    }
  }
  return out;
}

// Literals that never reach the user as text of their own (names on the wire or in files).
const std::set<std::string> kNotShown = {
    "ok",           // moveErrorText(MoveError::None)
    "ongoing",      // outcomeName (records and the command line)
    "black",        // outcomeName
    "white",        // outcomeName
    "draw",         // outcomeName
    "interrupted",  // outcomeName
    "unknown",      // outcomeName
    "none",         // forbiddenName(Forbidden::None)
    "no error",     // decodeErrorText(DecodeError::None)
    "Handshake",    // matchPhaseName (logs and tests)
    "Playing",
    "Finished",
    "Suspended",
    "Closed",
    // src/record: names in files and in Record fields, bytes, encodings (see also the regex in
    // Covered for all-capital names such as GB18030)
    "xEFxBBxBF",         // the UTF-8 byte order mark ("\xEF\xBB\xBF" as Literals reads it)
    "xFFRenLibxFF",      // the RenLib magic bytes
    "0123456789ABCDEF",  // hexadecimal digits
    "psq error",         // Record::properties names
    "psq judge",
    "XF[lose]",  // our SGF property for the renju foul policy
    "XF[refuse]",
    "tmp",   // a temporary file's name (atomic saves)
    "wbx",   // an fopen mode
    "foul",  // replayEndName
    "after-end",
    "full-board",
    "no-five",
    "GM[4]FF[4]CA[",  // the SGF writer's properties
    "]AP[Gomoku",
    "]SZ[",
    "RU[",
    "PB[",
    "PW[",
    "DT[",
    "RE[",
    "CA[",
    "B[",  // the SGF writer's variations (5th-move alternatives)
    "W[",
    "place",  // the words of our XD[] values (opening decisions)
    "declare",
    "offer",
    "pick",
    // net/online.cpp: onlinePhaseName and onlineFailureName (logs and tests); the nickname a
    // game uses when the account name is not a valid one
    "Idle",
    "Connecting",
    "Connected",
    "LoggingIn",
    "Hall",
    "InGame",
    "Reconnecting",
    "None",
    "UnknownHost",
    "Refused",
    "TimedOut",
    "NotAServer",
    "GameHost",
    "VersionMismatch",
    "ServerRefused",
    "Replaced",
    "LoginLost",
    "ConnectionLost",
    "Cancelled",
    "UnknownServer",
    "CertificateChanged",
    "NotEncrypted",
    "Other",
    "Player",
    // net/tls.cpp: the server's side (its certificate, its log: gomoku-server, English only),
    // failure names for logs, file names, system calls
    "unknown OpenSSL error",
    "tmp.XXXXXX",
    "chmod",
    "fsync",
    "localhost",
    "cannot make a key",
    "cannot make a certificate",
    "cannot encode the certificate",
    "cannot use the certificate",
    "the private key",
    "does not belong to the certificate",
    "cannot use the private key",
    "cannot read the certificate",
    "config",
    "gomoku",
    "known_servers",
    "cert.pem",
    "key.pem",
    "timeout",
    "closed",
    "not-tls",
    "plain-gomoku",
    "handshake",
    "certificate-changed",
    "pin-store",
    "unknown-server",
    "no byte came",
    "first byte",
    "the connection closed during the encryption handshake",
    "not TLS: the other side does not use an encrypted connection",
    "not TLS: a Gomoku program without encryption; it was told that this server",
    "needs an encrypted connection and to update the program",
    // server/accounts.cpp: the server's own failures (its log)
    "libsodium cannot be initialised",
    "password hashing failed (out of memory",  // its ")" trimmed, as Covered compares
    // server/hall.cpp: the server's log; LOGIN_RESULT details of statuses that the app
    // translates by value (TranslateLogin)
    "game(s) left running before",
    "too many messages, cut off",
    "the client sent ERROR",
    "disconnected",
    "registered",
    "a second login refused",
    "logged in from",
    "table",
    "vs",
    "result revised by a crossing to",
    "kept as first written",
    "ended",
    "rated",
    "that name is taken",
    "This account is already signed in on another computer",
    "The server is having trouble; try again in a minute",
    // server/hall.cpp: the log while the database is away (storage.h StorageUnavailable)
    "the database does not answer",
    "games go on, new logins and games are refused",
    "the database answers again",
    // server/hall.cpp: the log of a cluster's node
    "the presence store did not answer the last renewal",
    "a second login refused (signed in on another node",
    "login refused",
    "not released in the presence store",
    "trying again later",
    "signed in on another node while the presence store was away",
    "games go on, new logins are refused",
    "the presence store answers again",
    "the presence store does not answer",
    "this node's lease had run out: claiming its players again",
    "held by a node that stopped renewing its lease; the login waits",
    "ms for it",
    "stopping",
    "games go on wherever their players log in again",
    // server/hall.cpp: the log of games across a cluster's nodes (relay.h)
    "plays here, a guest from node",
    "message(s) to other nodes wait",
    "was lost (too many waiting",
    "the game was on a node that is gone",
    "was a guest from",
    "whose node is gone",
    "its node is gone",
    "a message to node",
    "closed by the server",
    "left before the game",
    "a garbled message from another node, dropped",
    "a garbled game message from node",
    "a garbled invitation from node",
    "a search could not be put in the cluster's queue",
    // server/hall.cpp: the log of games taken over from a node that died (journal.h)
    "the store lost its journal, written again",
    "another node took the game over",
    "the journal was not stored",
    "its journal is garbled; not taken over",
    "its journal's setup is refused",
    "taken over from its node, which is gone",
    "entries",
    "is back through node",
    "signed in on another node",
    "its game's node is gone",
    "no such row; its result is not written",
    // net/netgame.cpp: the colour value of the local-network announcement (lan.h, TXT
    // record: black, white, random)
    "random",
    // server/lobby.cpp: exceptions for the server's own programming errors (never sent)
    "bestPairing: group too large",
    "Rooms::create: invalid room settings",
    "Rooms::create: no free room code found",
    "Rooms::invite: a player cannot invite itself",
    "Rooms::invite: invalid room settings",
};

// A literal is covered when it matches a pattern in full (e.g. "unexpected HELLO"), or when,
// without its blanks and punctuation at both ends, it is part of a pattern's English text (e.g.
// "the point " of "the point %s is occupied").
bool Covered(std::string lit) {
  if (MatchCoreText(lit)) return true;
  const auto edge = [](char c) {
    return std::string(" .,:;()\"\r\n\t").find(c) != std::string::npos;
  };
  while (!lit.empty() && edge(lit.front())) lit.erase(0, 1);
  while (!lit.empty() && edge(lit.back())) lit.pop_back();
  if (kNotShown.count(lit)) return true;
  // Names of protocol messages (HELLO, PLAY_AGAIN, pbrain's DONE ...) stay as they are in every
  // language;
  // file paths (/dev/null) are no sentences; nor are encoding names (UTF-8, BIG-5, KOI8-R).
  if (std::regex_match(lit, std::regex("[A-Z0-9_-]+")) || lit.rfind('/', 0) == 0) return true;
  for (const auto& t : CoreTexts())
    if (std::string(t.msgid).find(lit) != std::string::npos) return true;
  return false;
}

// The sources whose sentences reach the app as free text (under src/).
const char* const kSources[] = {
    "core/game.cpp",     "core/renju.cpp",       "core/utf8.cpp",       "net/match.cpp",
    "net/netgame.cpp",   "net/watcher.cpp",      "net/session.cpp",     "net/connect.cpp",
    "net/wire.cpp",      "ai/pbrain_client.cpp", "record/record.cpp",   "record/recordio.cpp",
    "record/replay.cpp", "record/psq.cpp",       "record/sgf.cpp",      "record/yixin.cpp",
    "record/renlib.cpp", "record/jpformats.cpp", "record/position.cpp", "net/online.cpp",
    "net/tls.cpp",       "server/accounts.cpp",  "server/hall.cpp",     "session/localsession.cpp",
    "server/lobby.cpp"};

TEST(CoreTexts, EveryLiteralOfCoreAndNetHasAPattern) {
  const std::string src = GOMOKU_SOURCE_DIR "/src/";
  const std::regex words("[A-Za-z]{2,}");
  int checked = 0;
  for (const char* file : kSources) {
    const std::string code = ReadFile(src + file);
    ASSERT_FALSE(code.empty()) << "cannot read " << src << file;
    for (const std::string& lit : Literals(code)) {
      if (!std::regex_search(lit, words)) continue;  // ":", " (", "[" ...
      ++checked;
      EXPECT_TRUE(Covered(lit)) << file << ": \"" << lit
                                << "\" is in no pattern of src/app/coretexts.cpp";
    }
  }
  EXPECT_GT(checked, 350);
}

// The other way round: no pattern outlives the sentence it was for. Each fixed part of a pattern
// (between its "%s", without blanks and punctuation at both ends) is part of a literal of the
// sources, or is made of literals that lie inside it ("Black" + "'s five"): each of its words
// is in one of them.
TEST(CoreTexts, EveryPatternIsSaidBySomeSource) {
  // Said by the app itself through the table: its position-string import (src/app) throws it
  // as a RecordError read by "position string: %s".
  const std::set<std::string> saidByTheApp = {"the game is already over"};
  const auto edge = [](char c) {
    return std::string(" .,:;()\"\r\n\t").find(c) != std::string::npos;
  };
  const auto trim = [&](std::string t) {
    while (!t.empty() && edge(t.front())) t.erase(0, 1);
    while (!t.empty() && edge(t.back())) t.pop_back();
    return t;
  };
  const std::regex word("[A-Za-z]{2,}");
  std::set<std::string> literals;
  for (const char* file : kSources)
    for (const std::string& lit : Literals(ReadFile(GOMOKU_SOURCE_DIR "/src/" + std::string(file))))
      if (std::regex_search(lit, word)) literals.insert(trim(lit));
  ASSERT_GT(literals.size(), 300u);
  for (const auto& t : CoreTexts()) {
    if (saidByTheApp.count(t.msgid)) continue;
    const std::string id = t.msgid;
    for (std::size_t from = 0; from <= id.size();) {
      const std::size_t hole = std::min(id.find("%s", from), id.size());
      const std::string part = trim(id.substr(from, hole - from));
      from = hole + 2;
      if (!std::regex_search(part, word)) continue;
      const auto in = [&](const std::string& lit) { return lit.find(part) != std::string::npos; };
      bool said = std::any_of(literals.begin(), literals.end(), in);
      if (!said) {  // built from several literals: each word of it in one that lies inside it
        said = true;
        for (auto w = std::sregex_iterator(part.begin(), part.end(), word);
             said && w != std::sregex_iterator(); ++w) {
          said = std::any_of(literals.begin(), literals.end(), [&](const std::string& lit) {
            return part.find(lit) != std::string::npos && lit.find(w->str()) != std::string::npos;
          });
        }
      }
      EXPECT_TRUE(said) << "no source says \"" << part << "\" of the pattern \"" << id
                        << "\": remove the pattern (and its msgid) from src/app/coretexts.cpp";
    }
  }
}

TEST(CoreTexts, PatternsAreWellFormed) {
  std::set<std::string> ids;
  for (const auto& t : CoreTexts()) {
    const std::string id = t.msgid;
    EXPECT_TRUE(ids.insert(id).second) << "twice: " << id;
    std::size_t holes = 0;
    for (std::size_t i = id.find("%s"); i != std::string::npos; i = id.find("%s", i + 2)) ++holes;
    EXPECT_EQ(holes, std::string(t.kinds).size()) << id;
    EXPECT_EQ(std::string(t.kinds).find_first_not_of("tnpdv"), std::string::npos) << id;
    std::vector<std::string> args;
    for (const char* k = t.kinds; *k; ++k) args.push_back(*k == 'd' ? "12" : "Alice");
    EXPECT_EQ(MatchCoreText(FormatArgs(id, args)), &t) << id;
  }
}

TEST(CoreTexts, UnknownTextIsNotMatchedAndNothingBreaks) {
  EXPECT_EQ(MatchCoreText("something else entirely"), nullptr);
  EXPECT_EQ(MatchCoreText(""), nullptr);
  const auto same = [](const char* id) { return std::string(id); };
  EXPECT_FALSE(TranslateCoreText("no such sentence", same));
  EXPECT_FALSE(TranslateCoreText(std::string(100000, 'x'), same));
  // A broken translation (too many placeholders) loses no text and does not crash.
  EXPECT_EQ(FormatArgs("%s %3$s %s %%", {"a"}), "a   %");
  EXPECT_EQ(FormatArgs("%2$s %1$s", {"a", "b"}), "b a");
  // The more specific pattern wins, inner phrases are translated, nicknames are not.
  ASSERT_NE(MatchCoreText("Black wins by resignation."), nullptr);
  EXPECT_STREQ(MatchCoreText("Black wins by resignation.")->msgid, "%s wins by resignation.");
  const auto upper = [](const char* id) {
    std::string s = id;
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (std::size_t i = s.find("%S"); i != std::string::npos; i = s.find("%S", i)) s[i + 1] = 's';
    return s;
  };
  EXPECT_EQ(TranslateCoreText("illegal move h8: the point h8 is occupied", upper),
            "ILLEGAL MOVE h8: THE POINT h8 IS OCCUPIED");
  EXPECT_EQ(TranslateCoreText(" double-three at h8 is forbidden for Black\n", upper),
            "DOUBLE-THREE AT h8 IS FORBIDDEN FOR BLACK");
  EXPECT_EQ(TranslateNotice({NoticeKind::PeerAsksTakeback, "renju", 1, {}}, upper),
            "renju ASKS TO TAKE BACK A MOVE.");
  EXPECT_EQ(TranslateNotice({NoticeKind::PeerAsksTakeback, "", 1, {}}, upper),
            "THE OPPONENT ASKS TO TAKE BACK A MOVE.");
  EXPECT_EQ(
      TranslateNotice({NoticeKind::WaitingForReconnect, "Bob", 0, "the connection dropped"}, upper),
      "CONNECTION LOST (THE CONNECTION DROPPED). WAITING FOR Bob TO RECONNECT.");
  EXPECT_EQ(TranslateRefusal({RequestRefusal::BadNickname, "the nickname is empty"}, upper),
            "THE NICKNAME IS EMPTY");
  EXPECT_EQ(TranslateRefusal({}, upper), "");
  EXPECT_EQ(TranslateNotice({}, upper), "");
  // The online client: free text inside typed values goes through the patterns.
  EXPECT_EQ(TranslateLogin({LoginStatus::BadName, "a name has 2 to 20 characters", {}, {}, {}, {}},
                           upper),
            "A NAME HAS 2 TO 20 CHARACTERS");
  EXPECT_EQ(TranslateDenied({MsgType::Invite, DenyCode::NoSuchPlayer, "Zoë is not online"}, upper),
            "Zoë IS NOT ONLINE");
  // A cluster: an account made before the store went away.
  EXPECT_EQ(TranslateLogin({LoginStatus::ServerBusy,
                            "Your account was made, but the server is having trouble: log in "
                            "(without registering) in a minute",
                            {},
                            {},
                            {},
                            {}},
                           upper),
            "YOUR ACCOUNT WAS MADE, BUT THE SERVER IS HAVING TROUBLE: LOG IN (WITHOUT "
            "REGISTERING) IN A MINUTE");
  EXPECT_EQ(TranslateLogin({LoginStatus::ServerBusy,
                            "The server is having trouble; try again in a minute",
                            {},
                            {},
                            {},
                            {}},
                           upper),
            "THE SERVER IS HAVING TROUBLE; TRY AGAIN IN A MINUTE");
  OnlineSnapshot closed;
  closed.phase = OnlinePhase::Closed;
  closed.failure = OnlineFailure::ConnectionLost;
  closed.message =
      "the connection to the server was lost (the connection was reset by the server) and could "
      "not be made again within 180 s";
  EXPECT_EQ(TranslateOnlineFailure(closed, upper),
            "THE CONNECTION TO THE SERVER WAS LOST (THE CONNECTION WAS RESET BY THE SERVER) AND "
            "COULD NOT BE MADE AGAIN WITHIN 180 S");
  EXPECT_EQ(TranslateOnlineRefusal(OnlineRefusal::None, upper), "");
  EXPECT_EQ(TranslateLogin({}, upper), "");
  EXPECT_EQ(TranslateOnlineFailure(OnlineSnapshot(), upper), "");
  EXPECT_EQ(TranslateOnlineFailureTitle(OnlineFailure::None, upper), "");
}

// ---------------------------------------------------------------------------------------------
// Real objects.

// One Match with its outgoing messages queued (as in tests/net/match_test.cpp).
struct Endpoint {
  explicit Endpoint(MatchSettings s)
      : match(
            std::move(s), [this](const Message& m) { outbox.push_back(m); }, [] {},
            [](MatchEvent) {}) {}
  std::deque<Message> outbox;
  Match match;
};

MatchSettings Settings(Role role, std::string nick) {
  MatchSettings s;
  s.role = role;
  s.nickname = std::move(nick);
  s.color = ColorChoice::Black;
  return s;
}

void DeliverAll(Endpoint& a, Endpoint& b) {
  for (int guard = 0; guard < 1000 && !(a.outbox.empty() && b.outbox.empty()); ++guard) {
    for (auto [from, to] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
      if (from->outbox.empty()) continue;
      const Message m = from->outbox.front();
      from->outbox.pop_front();
      to->match.receive(m);
    }
  }
}

// Collects every sentence the objects say; the match's typed refusals and notices apart.
struct Sentences {
  std::vector<std::string> all;
  std::vector<RequestError> refusals;
  std::vector<Notice> notices;
  void operator()(const std::string& s) {
    if (!s.empty() && (all.empty() || all.back() != s)) all.push_back(s);
  }
  void operator()(const RequestError& e) {
    if (e) refusals.push_back(e);
  }
  void operator()(const Notice& n) {
    if (n.kind != NoticeKind::None) notices.push_back(n);
  }
  void noticesOf(const Endpoint& a, const Endpoint& b) {
    (*this)(a.match.notice());
    (*this)(b.match.notice());
  }
};

void GameSentences(Sentences& say) {
  Game g(15, Rule::Freestyle);
  g.play({7, 7});
  say(moveErrorText(g.play({7, 7})));
  say(g.refusalText({7, 7}, MoveError::Occupied));
  say(moveErrorText(g.play({3, 3}, Stone::Black)));  // White's turn
  say(g.refusalText({20, 3}, MoveError::OffBoard));
  say(g.refusalText({-1, 3}, MoveError::OffBoard));
  say(moveErrorText(MoveError::OffBoard));
  say(moveErrorText(MoveError::Forbidden));
  for (int i = 0; i < 4; ++i) {
    g.play({i, 0});
    g.play({8 + i, 8});
  }
  ASSERT_EQ(g.play({4, 0}), MoveError::None);  // White's five
  ASSERT_EQ(g.play({5, 5}), MoveError::GameOver);
  say(describeResult(g.result()));
  say(moveErrorText(MoveError::GameOver));
  try {
    Game(19, Rule::Renju);
  } catch (const std::exception& e) {
    say(e.what());
  }
  // Renju: each kind of forbidden point, refused and (FoulPolicy::Lose) as the result's detail.
  const std::vector<std::pair<std::vector<Point>, Forbidden>> setups = {
      {{{5, 7}, {0, 0}, {6, 7}, {2, 0}, {7, 5}, {4, 0}, {7, 6}, {6, 0}}, Forbidden::DoubleThree},
      {{{4, 7},
        {0, 0},
        {5, 7},
        {2, 0},
        {6, 7},
        {4, 0},
        {7, 4},
        {0, 14},
        {7, 5},
        {2, 14},
        {7, 6},
        {4, 14}},
       Forbidden::DoubleFour},
      {{{2, 7}, {0, 0}, {3, 7}, {2, 0}, {4, 7}, {4, 0}, {6, 7}, {6, 0}, {7, 7}, {8, 0}},
       Forbidden::Overline},
  };
  for (const auto& [moves, kind] : setups) {
    for (FoulPolicy foul : {FoulPolicy::Refuse, FoulPolicy::Lose}) {
      Game r(15, Rule::Renju, foul);
      for (Point p : moves) ASSERT_EQ(r.play(p), MoveError::None);
      const Point at = kind == Forbidden::Overline ? Point{5, 7} : Point{7, 7};
      ASSERT_EQ(r.forbiddenAt(at), kind);
      say(r.refusalText(at, MoveError::Forbidden));
      r.play(at);
      if (foul == FoulPolicy::Lose) {
        ASSERT_EQ(r.result().reason, EndReason::Foul);
        say(r.result().detail);
        say(describeResult(r.result()));
      }
    }
  }
  // Each result.
  const std::vector<Result> results = {
      {Outcome::Ongoing, EndReason::None, {}, {}},
      {Outcome::Draw, EndReason::Agreement, {}, {}},
      {Outcome::Draw, EndReason::FullBoard, {}, {}},
      {Outcome::Interrupted, EndReason::Disconnected, {}, {}},
      {Outcome::Interrupted, EndReason::Disconnected, {}, "the connection dropped"},
      {Outcome::BlackWins, EndReason::Resignation, {}, {}},
      {Outcome::WhiteWins, EndReason::Abandoned, {}, {}},
      {Outcome::BlackWins, EndReason::Abandoned, {}, "Zoë did not reconnect in time"},
      {Outcome::WhiteWins, EndReason::Five, {}, {}},
      {Outcome::BlackWins, EndReason::None, {}, {}},
      {Outcome::BlackWins, EndReason::None, {}, "the opponent left the game"},
  };
  for (const Result& r : results) say(describeResult(r));
  // Nicknames.
  for (const std::string& nick :
       {std::string(), std::string("\xff"), std::string("a\0b", 3), std::string(100, 'n')})
    if (auto e = nicknameError(nick)) say(*e);
  // Wire.
  for (DecodeError e : {DecodeError::BadMagic, DecodeError::BadVersion, DecodeError::UnknownType,
                        DecodeError::TooLong, DecodeError::Truncated, DecodeError::TrailingBytes,
                        DecodeError::BadValue})
    say(decodeErrorText(e));
}

void MatchSentences(Sentences& say) {
  Endpoint host(Settings(Role::Host, "张伟")), joiner(Settings(Role::Joiner, "Zoë"));
  host.match.connected();
  joiner.match.connected();
  DeliverAll(host, joiner);
  ASSERT_EQ(host.match.phase(), MatchPhase::Playing);
  say(host.match.requestTakeback());  // no move yet
  say(joiner.match.answerTakeback(true));
  say(joiner.match.answerDraw(true));
  say(host.match.playAgain(true));  // the game runs
  ASSERT_EQ(host.match.playLocal({7, 7}), MoveError::None);
  DeliverAll(host, joiner);
  ASSERT_EQ(joiner.match.playLocal({0, 0}), MoveError::None);
  DeliverAll(host, joiner);
  // Takebacks: two moves, declined; then accepted; one move.
  say(host.match.requestTakeback());
  say(host.match.notice());
  say(host.match.requestTakeback());
  say(host.match.offerDraw());
  DeliverAll(host, joiner);
  say.noticesOf(host, joiner);
  say(joiner.match.requestTakeback());
  say(joiner.match.answerTakeback(false));
  say(joiner.match.notice());
  DeliverAll(host, joiner);
  say(host.match.notice());
  say(host.match.requestTakeback());
  DeliverAll(host, joiner);
  say(joiner.match.answerTakeback(true));
  say(joiner.match.notice());
  DeliverAll(host, joiner);
  say(host.match.notice());
  ASSERT_EQ(host.match.playLocal({7, 7}), MoveError::None);
  DeliverAll(host, joiner);
  ASSERT_EQ(joiner.match.playLocal({0, 0}), MoveError::None);
  say(joiner.match.requestTakeback());
  DeliverAll(host, joiner);
  say.noticesOf(host, joiner);
  say(host.match.answerTakeback(false));
  DeliverAll(host, joiner);
  say.noticesOf(host, joiner);
  // Draw offers: declined, then agreed.
  say(host.match.offerDraw());
  say(host.match.notice());
  say(host.match.offerDraw());
  DeliverAll(host, joiner);
  say(joiner.match.notice());
  say(joiner.match.answerDraw(false));
  say(joiner.match.notice());
  DeliverAll(host, joiner);
  say(host.match.notice());
  say(host.match.offerDraw());
  DeliverAll(host, joiner);
  say(joiner.match.answerDraw(true));
  say(joiner.match.notice());
  DeliverAll(host, joiner);
  say(host.match.notice());
  say(describeResult(host.match.game().result()));
  say(host.match.requestTakeback());  // no game running
  // Play again: declined, then asked by both.
  say(joiner.match.playAgain(false));  // nothing asked
  say(host.match.playAgain(true));
  say(host.match.notice());
  say(host.match.playAgain(true));
  DeliverAll(host, joiner);
  say(joiner.match.notice());
  say(joiner.match.playAgain(false));
  say(joiner.match.notice());
  DeliverAll(host, joiner);
  say(host.match.notice());
  say(joiner.match.playAgain(true));
  DeliverAll(host, joiner);
  say(host.match.notice());
  say(host.match.playAgain(true));
  DeliverAll(host, joiner);
  say.noticesOf(host, joiner);
  ASSERT_EQ(host.match.phase(), MatchPhase::Playing);
  // Both offer a draw at once.
  say(host.match.offerDraw());
  say(joiner.match.offerDraw());
  DeliverAll(host, joiner);
  say.noticesOf(host, joiner);
  say(host.match.playAgain(true));
  say(joiner.match.playAgain(true));
  DeliverAll(host, joiner);
  say.noticesOf(host, joiner);
  // Resignation, nickname, chat.
  say(host.match.resign());
  say(host.match.notice());
  DeliverAll(host, joiner);
  say(joiner.match.notice());
  say(describeResult(joiner.match.game().result()));
  say(host.match.changeNickname("Wei"));
  DeliverAll(host, joiner);
  say(joiner.match.notice());
  say(joiner.match.sendChat(""));
  say(joiner.match.sendChat("\xff"));
  say(joiner.match.sendChat(std::string(600, 'a')));
  for (int i = 0; i < 2 * Match::kChatBurst; ++i) say(joiner.match.sendChat("hi"));
  // The connection drops; the time to come back runs out.
  host.outbox.clear();
  joiner.outbox.clear();
  host.match.connectionLost("the opponent closed the connection");
  joiner.match.connectionLost("the connection dropped");
  say.noticesOf(host, joiner);
  say(host.match.offerDraw());
  host.match.abandon();
  joiner.match.abandon();
  say(host.match.closeReason());
  say(joiner.match.closeReason());
  say(host.match.answerTakeback(true));
  say(host.match.sendChat("hi"));
}

// A running game against a peer scripted by `script`, whose close reason and result detail are
// said.
template <class Script>
void Misbehaving(Sentences& say, Script script) {
  Endpoint host(Settings(Role::Host, "Host"));
  host.match.connected();
  host.match.receive(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "P"});
  script(host.match);
  say(host.match.closeReason());
  say(host.match.game().result().detail);
  say(describeResult(host.match.game().result()));
}

void FailureSentences(Sentences& say) {
  Misbehaving(say, [](Match& m) {
    m.receive(Hello{kProtocolMajor, kProtocolMinor, "0.1.0", "x"});
  });
  Misbehaving(say, [](Match& m) { m.receive(Move{5, 3, 3}); });
  Misbehaving(say, [](Match& m) {
    m.playLocal({7, 7});
    m.receive(Move{1, 7, 7});
  });
  Misbehaving(say, [](Match& m) { m.receive(Move{0, 30, 3}); });
  Misbehaving(say, [](Match& m) { m.receive(Bye{ByeReason::Leaving, "good night"}); });
  Misbehaving(say, [](Match& m) { m.receive(Bye{ByeReason::Leaving, {}}); });
  Misbehaving(say, [](Match& m) { m.receive(Error{ErrorCode::Busy, {}}); });
  Misbehaving(say, [](Match& m) { m.receive(Error{ErrorCode::NoSuchGame, {}}); });
  Misbehaving(say, [](Match& m) {
    m.receive(Error{ErrorCode::Desync, "the boards differ at move 3"});
  });
  Misbehaving(say, [](Match& m) { m.receive(Error{ErrorCode::Protocol, "unexpected SETUP"}); });
  Misbehaving(say, [](Match& m) { m.receive(Error{ErrorCode::VersionMismatch, {}}); });
  Misbehaving(say, [](Match& m) { m.receive(DrawReply{0, true}); });
  Misbehaving(say, [](Match& m) { m.receive(Resign{7}); });
  Misbehaving(say, [](Match& m) { m.receive(PlayAgain{2, true}); });
  Misbehaving(say, [](Match& m) { m.leave(); });
  Misbehaving(
      say, [](Match& m) { m.connectionLost("the connection was reset by the opponent", false); });
  // A joiner that meets another protocol version.
  Endpoint joiner(Settings(Role::Joiner, "J"));
  joiner.match.connected();
  joiner.match.receive(Hello{kProtocolMajor + 1, 0, "9.0", "host"});
  say(joiner.match.closeReason());
  // Protocol 1.2: a joiner that reached a Gomoku server, a host called by an online client, a
  // server message in a game.
  Endpoint atServer(Settings(Role::Joiner, "J"));
  atServer.match.connected();
  atServer.match.receive(Welcome{kProtocolMajor, kProtocolMinor, "0.1.0", "ladder"});
  say(atServer.match.closeReason());
  Endpoint calledByClient(Settings(Role::Host, "H"));
  calledByClient.match.connected();
  calledByClient.match.receive(Login{LoginMethod::Password, "Ann", "password1"});
  say(calledByClient.match.closeReason());
  for (const Message& m : calledByClient.outbox)
    if (const Error* e = std::get_if<Error>(&m)) say(e->text);
  Misbehaving(say, [](Match& m) { m.receive(OpponentAway{true, 60}); });
}

void EngineSentences(Sentences& say) {
  std::string error;
  ai::PbrainClient missing;
  if (!missing.launch("/nonexistent/pbrain-none", {}, error) || !missing.start(15, 5000, error))
    say(error);
  // A program that ends at once, without a word.
  if (std::ifstream("/bin/true").good()) {
    ai::PbrainClient silent;
    error.clear();
    if (!silent.launch("/bin/true", {}, error) || !silent.start(15, 5000, error)) say(error);
  }
}

// What the app shows of a RecordError (RecordErrorSentence in src/app/texts.cpp): its message
// with the "line N: " prefix, without the file.
template <class F>
void SayRecordError(Sentences& say, F read) {
  try {
    read();
    ADD_FAILURE() << "no RecordError after \"" << (say.all.empty() ? "" : say.all.back()) << "\"";
  } catch (const RecordError& e) {
    say(e.line() > 0 ? "line " + std::to_string(e.line()) + ": " + e.message() : e.message());
  }
}

// Broken game records read through the record API, records that cannot be written, replays.
void RecordSentences(Sentences& say) {
  const auto psq = [&](std::string text, ReadOptions o = {}) {
    SayRecordError(say, [&] { readPsq(text, o); });
  };
  const std::string head = "Piskvorky 15x15, 11:11, 0\n";
  psq("");
  psq("Piskvorky 20x15, 11:11, 0\n");
  psq("Piskvorky 30x30, 11:11, 0\n");
  psq("Piskvorky 1\n");
  psq("hi\n");
  psq(head + "8,8,0\n8,8,0\n");
  psq(head + "20,8,0\n");
  psq("8,8,0\n20,8,0\n");
  psq(head + "8,8,0\x01\n");
  psq(head + std::string("8,8\0,0\n", 7));
  psq(head + "\xff\xfe\n");
  psq(head + "8,8,0\nAB\n9,9,0\n");
  // Lines after the moves that are not a trailer item in their place.
  psq(head + "8,8,0\n10,\n");
  psq(head + "8,8,0\n-1,2\n");
  psq(head + "8,8,0\n99\n");
  psq(head + "8,8,0\nA\nB\n-1\n5,R\n");
  psq(head + "8,8,0\nA\nB\nC\n");
  ReadOptions big;
  big.boardSize = 30;
  psq("8,8\n", big);

  const auto sgf = [&](std::string text, std::string encoding = {}) {
    ReadOptions o;
    o.encoding = std::move(encoding);
    SayRecordError(say, [&] { readSgf(text, o); });
  };
  sgf("");
  sgf("hi");
  sgf("(;GM[4]SZ[15];B[hh]");
  sgf("(;GM[1])");
  sgf("(;SZ[15:13])");
  sgf("(;SZ[40])");
  sgf("(;SZ[X])");
  sgf("(;SZ[15];B[hh];B[ii])");
  sgf("(;SZ[15];B[hh];W[hh])");
  sgf("(;SZ[15];B[zz])");
  sgf("(;SZ[15];B[h])");
  sgf("(;SZ[15];B[hh][ii])");
  sgf("(;SZ[15]AB[hh])");
  sgf("(;SZ[15];B[hh]W[ii])");
  sgf("(;SZ[15];B[hh]MS[X])");
  sgf("(;C[X");
  sgf("(C[X])");
  sgf("(;SZ[15]C)");
  sgf("(;SZ[15] ? )");
  sgf("(;SZ[15] \x01 )");
  sgf("(;SZ[15](;B[hh]);W[ii])");
  sgf("(;C[\xff])", "UTF-8");
  sgf("(;C[\x81\x30])", "GB18030");
  sgf("(;C[\x81])", "GB18030");
  sgf("(;C[X])", "NO-SUCH-CODE");
  sgf(std::string("(;C[X\0])", 8));
  // Opening rules (XO, XD): each refusal of a bad or inconsistent opening log.
  sgf("(;XO[X];B[hh])");
  sgf("(;XD[1:place:hh];B[hh])");
  sgf("(;XO[swap2]XD[X];B[hh])");
  sgf("(;SZ[16]XO[soosorv8]XD[1:place:hh];B[hh])");
  sgf("(;XO[swap2]XD[2:place:hh];B[hh])");
  sgf("(;XO[swap2]XD[1:place:ii];B[hh])");
  sgf("(;XO[swap2]XD[1:place:hh][1:place:ii];B[hh])");
  sgf("(;XO[swap2]XD[1:place:hh];B[hh];W[ii])");

  const auto sav = [&](std::string text) { SayRecordError(say, [&] { readYixinSav(text); }); };
  sav("");
  sav("15\n");
  sav("15\nX\n");
  sav("15\n13\n");
  sav("40\n");
  sav("15\n15\n3\n7 7\n8 8\n");
  sav("15\n15\n1\n7 X\n");
  sav("15\n15\n1\n20 7\n");
  sav("15\n15\n2\n7 7\n7 7\n");
  sav("15\n15\n1\n7 7\nX\n");
  sav("15\n15\n300\n");
  sav("15\n15\n1\n7 7\x01\n");
  sav(std::string("15\n\0", 4));

  const auto lib = [&](std::string bytes) { SayRecordError(say, [&] { readRenLib(bytes); }); };
  const std::string magic = "\xFFRenLib\xFF";
  lib("");
  lib("XXXXXXXXXXXXXXXXXXXXXXXX");
  lib(magic);
  lib(magic + "\x02" + std::string(11, '\0'));
  lib(magic + "\x03" + std::string(11, '\0') + "\x78");
  const std::string v3 = magic + "\x03" + std::string(11, '\0');
  lib(v3 + std::string("\x78\x00\x00\x40", 4));  // a second node without a point
  lib(v3 + "\x70\x40");                          // column 0: off the board
  lib(v3 + std::string("\x78\x00\x78\x40", 4));  // the same point twice
  lib(v3 + "\x78\x48" + "AB");                   // a comment without its NUL
  lib(v3 + "\x78\x01");                          // a node extension cut off

  const auto jp = [&](std::string text, JapaneseFormat f) {
    SayRecordError(say, [&] { readJapanese(text, f); });
  };
  for (JapaneseFormat f : {JapaneseFormat::Ban, JapaneseFormat::Dt5, JapaneseFormat::Kif,
                           JapaneseFormat::Lws, JapaneseFormat::Nrf, JapaneseFormat::Rnj})
    jp("TITLE\n1X\n", f);
  jp("", JapaneseFormat::Ban);
  jp("808\n808\n", JapaneseFormat::Ban);
  jp("1608\n", JapaneseFormat::Ban);
  jp("808\x01\n", JapaneseFormat::Ban);
  jp("hh **\nhh\n", JapaneseFormat::Dt5);
  jp("TITLE\n88\n0\n99\n", JapaneseFormat::Nrf);

  const auto position = [&](std::string text) {
    SayRecordError(say, [&] { parsePositionString(text, 15); });
  };
  position("");
  position("h8h8");
  position("z99");
  position("h");
  position("!");
  position("\x01");

  // Replays: a move after a five, on an occupied point; how replays end.
  Record five;
  five.moves = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {4, 0}, {9, 9}};
  SayRecordError(say, [&] { checkRecordMoves(five, Rule::Freestyle); });
  Record twice;
  twice.moves = {{7, 7}, {7, 7}};
  SayRecordError(say, [&] { checkRecordMoves(twice, Rule::Freestyle); });
  say(replay(twice, Rule::Freestyle).text);
  five.moves.pop_back();
  say(replay(five, Rule::Freestyle).text);
  five.moves.pop_back();
  say(replay(five, Rule::Freestyle).text);
  say(replay(Record{}, Rule::Freestyle).text);
  Record foul;  // double-three at h8 (as in GameSentences)
  foul.moves = {{5, 7}, {0, 0}, {6, 7}, {2, 0}, {7, 5}, {4, 0}, {7, 6}, {6, 0}, {7, 7}};
  say(replay(foul, Rule::Renju).text);
  Record wide;
  wide.size = 19;
  SayRecordError(say, [&] { replay(wide, Rule::Renju); });

  // Writing.
  Record names;
  names.engines = {"A", "B", "C"};
  SayRecordError(say, [&] { writePsq(names); });
  Record bad;
  bad.size = 30;
  for (RecordFormat f :
       {RecordFormat::Psq, RecordFormat::Sgf, RecordFormat::Yixin, RecordFormat::RenLib})
    SayRecordError(say, [&] { writeRecord(bad, f); });
  bad.size = 15;
  bad.moves = {{20, -1}};
  for (RecordFormat f :
       {RecordFormat::Psq, RecordFormat::Sgf, RecordFormat::Yixin, RecordFormat::RenLib})
    SayRecordError(say, [&] { writeRecord(bad, f); });
  bad.moves.clear();
  bad.engines = {"A\nB"};
  SayRecordError(say, [&] { writeRecord(bad, RecordFormat::Psq); });
  bad.engines = {"8,8"};
  SayRecordError(say, [&] { writeRecord(bad, RecordFormat::Psq); });
  SayRecordError(say, [&] { saveRecordFile("/nonexistent-dir/x.psq", Record{}); });
  SayRecordError(say, [&] { saveRecordFile("/nonexistent-dir/x.txt", Record{}); });
  SayRecordError(say, [&] { readRecordFile("/nonexistent-dir/x.psq"); });
  SayRecordError(say, [&] { readRecordFile("/nonexistent-dir/x.txt"); });
}

// A plain TCP program on 127.0.0.1 that takes one connection, writes `greeting` (maybe
// nothing) and closes it.
class PlainListener {
 public:
  explicit PlainListener(std::string greeting)
      : acceptor_(io_, {boost::asio::ip::make_address("127.0.0.1"), 0}),
        greeting_(std::move(greeting)) {
    thread_ = std::thread([this] {
      boost::system::error_code ec;
      boost::asio::ip::tcp::socket s(io_);
      acceptor_.accept(s, ec);
      if (!ec && !greeting_.empty()) boost::asio::write(s, boost::asio::buffer(greeting_), ec);
      s.close(ec);
    });
  }
  ~PlainListener() {
    boost::system::error_code ec;
    acceptor_.close(ec);
    thread_.join();
  }
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }

 private:
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  std::string greeting_;
  std::thread thread_;
};

// Connects an OnlineClient to 127.0.0.1:`port` (or cancels at once) and waits until its
// connection ends; its last state.
OnlineSnapshot OnlineEnd(std::uint16_t port, bool cancel = false) {
  std::mutex mu;
  std::condition_variable changed;
  OnlineOptions o;
  o.knownServersPath = "/nonexistent-dir/known_servers";  // never written: no handshake ends
  OnlineClient client(
      [&] {
        std::lock_guard<std::mutex> lock(mu);
        changed.notify_all();
      },
      o);
  client.connect("127.0.0.1", port);
  if (cancel) client.close();
  std::unique_lock<std::mutex> lock(mu);
  changed.wait_for(lock, std::chrono::seconds(60),
                   [&] { return client.snapshot().phase == OnlinePhase::Closed; });
  return client.snapshot();
}

// The online client's sentences: real connections that end, the TLS layer's descriptions, and
// the server's free text (rules, reasons) as the client receives it.
void OnlineSentences(Sentences& say) {
  std::uint16_t closedPort = 0;
  {
    boost::asio::io_context io;
    boost::asio::ip::tcp::acceptor a(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
    closedPort = a.local_endpoint().port();
  }  // nothing listens there now
  const OnlineSnapshot refused = OnlineEnd(closedPort);
  EXPECT_EQ(refused.failure, OnlineFailure::Refused) << refused.message;
  say(refused.message);
  say(OnlineEnd(closedPort, true).message);
#ifdef GOMOKU_TLS
  {
    PlainListener hangsUp("");
    const OnlineSnapshot s = OnlineEnd(hangsUp.port());
    EXPECT_EQ(s.failure, OnlineFailure::NotEncrypted) << s.message;
    say(s.message);
  }
  {
    PlainListener plain(std::string(64, 'G'));
    const OnlineSnapshot s = OnlineEnd(plain.port());
    EXPECT_EQ(s.failure, OnlineFailure::NotEncrypted) << s.message;
    say(s.message);
  }
  const std::string fp1(95, 'A'), fp2(95, 'B');
  const auto tlsSays = [&](tls::Failure f, std::string detail, bool firstUse = false) {
    tls::Result r;
    r.failure = f;
    r.server = "127.0.0.1:7531";
    r.fingerprint = fp1;
    r.pinned = f == tls::Failure::CertificateChanged ? fp2 : "";
    r.firstUse = firstUse;
    r.detail = std::move(detail);
    say(tls::describe(r, "/tmp/K"));
  };
  tlsSays(tls::Failure::None, "", true);
  tlsSays(tls::Failure::None, "");
  tlsSays(tls::Failure::Timeout, "");
  tlsSays(tls::Failure::Handshake, "");
  tlsSays(tls::Failure::Handshake, "the server sent no certificate");
  tlsSays(tls::Failure::CertificateChanged, "");
  tlsSays(tls::Failure::UnknownServer, "");
  try {
    tls::KnownServers("/nonexistent-dir/known_servers").pin("a b", fp1);
    ADD_FAILURE() << "a pin with a blank in the name";
  } catch (const tls::TlsError& e) {
    say(e.what());
    tlsSays(tls::Failure::PinStore, e.what());
  }
#endif
  // The server's free text as the client gets it (src/server: account rules, reasons).
  for (const char* text :
       {"a name has 2 to 20 characters", "a name may contain only letters, digits, '_' and '-'",
        "the name is not valid UTF-8 text", "a password has at least 8 characters",
        "a password has at most 1024 bytes", "the password is not valid UTF-8 text",
        "Zoë is not online", "Zoë is playing", "Zoë declined", "too many open invitations",
        "the inviter is busy or gone", "bad settings: the board size must be 5 to 25",
        "bad settings: renju is played on 15x15",
        "bad settings: not a time control this server plays",
        "Bob needs a newer program to play with a clock",
        "Bob needs a newer program to play an opening rule",
        "bad settings: the opening rule does not fit the game's rule",
        "this room's game has an opening rule: it needs a newer program to play an opening rule",
        // online.cpp's reasons around the server's words and session.cpp's
        "the server refused the connection: too many connections from your address",
        "the server closed the connection (the server is shutting down)",
        "the server ended the connection: too many messages per second",
        "the server closed the connection (the server closed the connection)",
        "the connection to the server was lost (the connection was reset by the server) and "
        "could not be made again within 180 s",
        "not a Gomoku server: the server's program sent bad data: message field out of range",
        "the server did not take the session back (wrong name or password): log in again",
        "not a Gomoku server (HELLO instead of WELCOME)", "signed out"})
    say(text);
}

Sentences Said() {
  Sentences say;
  OnlineSentences(say);
  GameSentences(say);
  RecordSentences(say);
  EngineSentences(say);
  MatchSentences(say);
  FailureSentences(say);
  return say;
}

std::vector<std::string> AllSentences() {
  return Said().all;
}

// Every typed refusal and notice (None excepted), with parameters as a match gives them, plus
// those real matches gave (MatchSentences).
std::vector<RequestError> AllRefusals() {
  std::vector<RequestError> out;
  // BadNickname is the last value of RequestRefusal.
  for (int i = 1; i <= static_cast<int>(RequestRefusal::BadNickname); ++i)
    out.push_back({static_cast<RequestRefusal>(i),
                   static_cast<RequestRefusal>(i) == RequestRefusal::BadNickname
                       ? *nicknameError(std::string(100, 'n'))
                       : std::string()});
  for (const std::string& nick : {std::string(), std::string("\xff"), std::string("a\0b", 3)})
    out.push_back({RequestRefusal::BadNickname, *nicknameError(nick)});
  const auto real = Said().refusals;
  out.insert(out.end(), real.begin(), real.end());
  return out;
}

std::vector<Notice> AllNotices() {
  std::vector<Notice> out;
  // ReconnectedTakenBack is the last value of NoticeKind.
  for (int i = 1; i <= static_cast<int>(NoticeKind::ReconnectedTakenBack); ++i) {
    const auto kind = static_cast<NoticeKind>(i);
    out.push_back({kind, "Zoë", 2, "the opponent closed the connection"});
    out.push_back({kind, "", 1, "the boards differ at move 12"});
  }
  const auto real = Said().notices;
  out.insert(out.end(), real.begin(), real.end());
  return out;
}

TEST(CoreTexts, TypedRefusalsAndNoticesReadAsNetSaysThem) {
  const auto same = [](const char* id) { return std::string(id); };
  const Sentences said = Said();
  EXPECT_GT(said.refusals.size(), 20u);
  EXPECT_GT(said.notices.size(), 30u);
  for (const RequestError& e : AllRefusals()) {
    EXPECT_FALSE(describe(e).empty()) << static_cast<int>(e.refusal);
    EXPECT_EQ(TranslateRefusal(e, same), describe(e)) << static_cast<int>(e.refusal);
  }
  for (const Notice& n : AllNotices()) {
    EXPECT_FALSE(describe(n).empty()) << static_cast<int>(n.kind);
    EXPECT_EQ(TranslateNotice(n, same), describe(n)) << static_cast<int>(n.kind);
  }
}

// Every typed value of the online client through `translate`, in a fixed order: refusals,
// login answers (with the server's rule details), the hall's refusals for each request they
// answer (with and without the server's detail), failures and their titles.
std::vector<std::string> OnlineTyped(const app::TranslateFn& translate) {
  std::vector<std::string> out;
  for (int i = 1; i <= static_cast<int>(OnlineRefusal::BadSettings); ++i)
    out.push_back(TranslateOnlineRefusal(static_cast<OnlineRefusal>(i), translate));
  for (int i = 1; i <= static_cast<int>(LoginStatus::ServerBusy); ++i)
    out.push_back(TranslateLogin({static_cast<LoginStatus>(i), {}, {}, {}, {}, {}}, translate));
  out.push_back(TranslateLogin({LoginStatus::BadName,
                                "a name may contain only letters, digits, '_' and '-'",
                                {},
                                {},
                                {},
                                {}},
                               translate));
  out.push_back(TranslateLogin(
      {LoginStatus::BadPassword, "a password has at least 8 characters", {}, {}, {}, {}},
      translate));
  for (int i = 1; i <= static_cast<int>(DenyCode::Yourself); ++i)
    for (MsgType request : {MsgType::Find, MsgType::RoomCreate, MsgType::RoomJoin, MsgType::Invite,
                            MsgType::InviteReply, MsgType::GetGame})
      for (const char* detail : {"", "Zoë is not online", "no sense at all"})
        out.push_back(TranslateDenied({request, static_cast<DenyCode>(i), detail}, translate));
  for (int i = 0; i <= static_cast<int>(OnlineFailure::Other); ++i) {
    const auto f = static_cast<OnlineFailure>(i);
    if (f != OnlineFailure::None) out.push_back(TranslateOnlineFailureTitle(f, translate));
    OnlineSnapshot s;
    s.phase = OnlinePhase::Closed;
    s.failure = f;
    s.fingerprint = std::string(95, 'A');
    s.pinnedFingerprint = std::string(95, 'B');
    if (f != OnlineFailure::None) out.push_back(TranslateOnlineFailure(s, translate));
    s.message = f == OnlineFailure::None ? "signed out"
                                         : "connection refused: no Gomoku server at 127.0.0.1:7531";
    out.push_back(TranslateOnlineFailure(s, translate));
  }
  return out;
}

TEST(CoreTexts, OnlineTypedValuesReadAsNetSaysThem) {
  const auto same = [](const char* id) { return std::string(id); };
  for (int i = 1; i <= static_cast<int>(OnlineRefusal::BadSettings); ++i) {
    const auto r = static_cast<OnlineRefusal>(i);
    EXPECT_FALSE(describe(r).empty()) << i;
    EXPECT_EQ(TranslateOnlineRefusal(r, same), describe(r)) << i;
  }
  for (int i = 1; i <= static_cast<int>(LoginStatus::ServerBusy); ++i) {
    const auto st = static_cast<LoginStatus>(i);
    EXPECT_FALSE(describe(st).empty()) << i;
    EXPECT_EQ(TranslateLogin({st, {}, {}, {}, {}, {}}, same), describe(st)) << i;
  }
  // The rule broken says more than "the name is not allowed".
  EXPECT_EQ(
      TranslateLogin({LoginStatus::BadName, "a name has 2 to 20 characters", {}, {}, {}, {}}, same),
      "a name has 2 to 20 characters");
  EXPECT_EQ(
      TranslateLogin(
          {LoginStatus::BadPassword, "a password has at most 1024 bytes", {}, {}, {}, {}}, same),
      "a password has at most 1024 bytes");
  // An unknown detail is shown as it is (the server's English) rather than lost.
  EXPECT_EQ(TranslateLogin({LoginStatus::BadName, "names must rhyme", {}, {}, {}, {}}, same),
            "names must rhyme");
  // The hall's refusals: by code, the detail where it says more and a pattern knows it.
  EXPECT_EQ(
      TranslateDenied({MsgType::RoomJoin, DenyCode::NoSuchRoom, "no room has that code"}, same),
      "there is no open room with that code");
  EXPECT_EQ(TranslateDenied({MsgType::Invite, DenyCode::PlayerBusy, "Zoë is playing"}, same),
            "Zoë is playing");
  EXPECT_EQ(TranslateDenied({MsgType::Invite, DenyCode::PlayerBusy, "gibberish"}, same),
            "that player is in a game");
  EXPECT_EQ(TranslateDenied({MsgType::RoomCreate, DenyCode::BadRequest, "gibberish"}, same),
            "the server cannot play these game settings");
  EXPECT_EQ(TranslateDenied({MsgType::GetGame, DenyCode::BadRequest, ""}, same),
            "the server did not understand the request");
  EXPECT_EQ(TranslateDenied({MsgType::Invite, DenyCode::Yourself, ""}, same),
            "you cannot invite yourself");
  // Failures: the message through the patterns; a changed certificate by value with both
  // fingerprints.
  OnlineSnapshot s;
  s.phase = OnlinePhase::Closed;
  s.failure = OnlineFailure::CertificateChanged;
  s.fingerprint = "AA:01";
  s.pinnedFingerprint = "BB:02";
  s.message = "WARNING: whatever net says";
  const std::string changed = TranslateOnlineFailure(s, same);
  EXPECT_NE(changed.find("on record: BB:02"), std::string::npos) << changed;
  EXPECT_NE(changed.find("now: AA:01"), std::string::npos) << changed;
  EXPECT_NE(changed.find("The connection was refused."), std::string::npos) << changed;
  s.failure = OnlineFailure::Refused;
  s.message = "connection refused: no Gomoku server at 127.0.0.1:7531";
  EXPECT_EQ(TranslateOnlineFailure(s, same), s.message);
  s.message.clear();
  EXPECT_EQ(TranslateOnlineFailure(s, same), "Connection refused");
  EXPECT_EQ(TranslateOnlineFailureTitle(OnlineFailure::UnknownHost, same), "Server not found");
  EXPECT_EQ(TranslateOnlineFailureTitle(OnlineFailure::CertificateChanged, same),
            "Certificate changed");
  for (const std::string& t : OnlineTyped(same)) {
    EXPECT_FALSE(t.empty());
    EXPECT_EQ(t.find("%s"), std::string::npos) << t;
  }
}

TEST(CoreTexts, EverySentenceOfRealGamesAndMatchesHasAPattern) {
  const std::vector<std::string> all = AllSentences();
  EXPECT_GT(all.size(), 150u);  // besides the typed refusals and notices (tested below)
  std::set<std::string> used;
  for (const std::string& s : all) {
    const auto* t = MatchCoreText(s);
    EXPECT_NE(t, nullptr) << "no pattern for \"" << s << "\"";
    if (t) used.insert(t->msgid);
  }
  std::cout << all.size() << " sentences, " << used.size() << " patterns of " << CoreTexts().size()
            << " used\n";
}

// ---------------------------------------------------------------------------------------------
// The Chinese catalogs.

// msgid -> msgstr of a .po file (single-form entries, not fuzzy).
std::map<std::string, std::string> ReadPo(const std::string& path) {
  std::map<std::string, std::string> out;
  std::istringstream in(ReadFile(path));
  std::string line, id, str, *into = nullptr;
  bool fuzzy = false;
  const auto unquote = [](const std::string& q) {
    std::string s;
    std::size_t i = q.find('"');
    if (i == std::string::npos) return s;
    for (++i; i < q.size() && q[i] != '"'; ++i) {
      if (q[i] == '\\' && i + 1 < q.size()) {
        ++i;
        s += q[i] == 'n' ? '\n' : q[i] == 't' ? '\t' : q[i];
      } else {
        s += q[i];
      }
    }
    return s;
  };
  const auto flush = [&] {
    if (!id.empty() && !fuzzy) out[id] = str;
    id.clear();
    str.clear();
    fuzzy = false;
    into = nullptr;
  };
  while (std::getline(in, line)) {
    if (line.rfind("#,", 0) == 0 && line.find("fuzzy") != std::string::npos) {
      flush();
      fuzzy = true;
    } else if (line.rfind("msgid ", 0) == 0) {
      const bool keep = fuzzy;
      flush();
      fuzzy = keep;
      id = unquote(line);
      into = &id;
    } else if (line.rfind("msgstr ", 0) == 0) {
      str = unquote(line);
      into = &str;
    } else if (!line.empty() && line[0] == '"' && into) {
      *into += unquote(line);
    } else if (line.empty()) {
      flush();
    }
  }
  flush();
  return out;
}

bool HasCjk(const std::string& s) {
  // U+4E00..U+9FFF: UTF-8 lead bytes E4..E9.
  for (unsigned char c : s)
    if (c >= 0xE4 && c <= 0xE9) return true;
  return false;
}

// A blank with a Chinese character or full-width punctuation (U+3000 and above, lead byte E3..EF)
// on both sides, e.g. "白方 五连获胜。": Chinese puts none there.
bool BlankBetweenCjk(const std::string& s) {
  const auto wide = [](unsigned char lead) { return lead >= 0xE3 && lead <= 0xEF; };
  for (std::size_t i = 3; i + 1 < s.size(); ++i)
    if (s[i] == ' ' && wide(static_cast<unsigned char>(s[i - 3])) &&
        wide(static_cast<unsigned char>(s[i + 1])))
      return true;
  return false;
}

class CoreTextsCatalog : public ::testing::TestWithParam<const char*> {};

TEST_P(CoreTextsCatalog, EverySentenceComesOutInChinese) {
  const auto po = ReadPo(std::string(GOMOKU_SOURCE_DIR "/res/po/") + GetParam() + ".po");
  ASSERT_GT(po.size(), 100u) << "cannot read the catalog " << GetParam();
  for (const auto& t : CoreTexts()) {
    const auto it = po.find(t.msgid);
    EXPECT_TRUE(it != po.end() && HasCjk(it->second))
        << GetParam() << " lacks \"" << t.msgid << "\"";
  }
  const auto translate = [&](const char* id) {
    const auto it = po.find(id);
    return it == po.end() || it->second.empty() ? std::string(id) : it->second;
  };
  // A colour in a result sentence is no nickname: no blank before the verb (issue 8).
  const bool simplified = std::string(GetParam()) == "zh_CN";
  EXPECT_EQ(TranslateCoreText("White wins with five in a row.", translate),
            simplified ? "白方五连获胜。" : "白方五連獲勝。");
  EXPECT_EQ(TranslateCoreText("Black wins by resignation.", translate),
            simplified ? "黑方因对方认输获胜。" : "黑方因對方認輸獲勝。");
  // Left-over English: a word of four lower-case letters or more that was not in the sentence's
  // variable parts (the test's nicknames and messages have none but those kept below).
  const std::regex english("[a-z]{4,}");
  for (const std::string& s : AllSentences()) {
    const auto zh = TranslateCoreText(s, translate);
    ASSERT_TRUE(zh) << s;
    if (std::getenv("GOMOKU_SHOW_TEXTS")) std::cout << s << "\n  " << *zh << "\n";  // for review
    EXPECT_TRUE(HasCjk(*zh)) << s << " -> " << *zh;
    EXPECT_EQ(zh->find("%s"), std::string::npos) << s << " -> " << *zh;
    std::string rest = *zh;
    for (const std::string& kept :
         {std::string("good night"), std::string("/nonexistent/pbrain-none"),
          std::string("Piskvorky"), std::string(std::strerror(ENOENT)),
          // what SGF records write for an opening (XO and XD values), in every language
          std::string("soosorv8"), std::string("swap2"), std::string(":place:")})
      for (auto at = rest.find(kept); at != std::string::npos; at = rest.find(kept))
        rest.erase(at, kept.size());
    EXPECT_FALSE(std::regex_search(rest, english)) << s << " -> " << *zh;
    // (A nickname keeps the blank after it that Latin names need, e.g. "张伟 认输了。".)
    if (s.find("张伟") == std::string::npos) {
      EXPECT_FALSE(BlankBetweenCjk(*zh)) << s << " -> " << *zh;
    }
  }
  // The typed values: every refusal and notice, by value (parameters: "Zoë", a reason of
  // net, or the nicknames of MatchSentences).
  std::vector<std::pair<std::string, std::string>> typed;  // English, Chinese
  for (const RequestError& e : AllRefusals())
    typed.emplace_back(describe(e), TranslateRefusal(e, translate));
  for (const Notice& n : AllNotices())
    typed.emplace_back(describe(n), TranslateNotice(n, translate));
  const auto same = [](const char* id) { return std::string(id); };
  const std::vector<std::string> onlineEnglish = OnlineTyped(same),
                                 onlineChinese = OnlineTyped(translate);
  ASSERT_EQ(onlineEnglish.size(), onlineChinese.size());
  for (std::size_t i = 0; i < onlineEnglish.size(); ++i)
    typed.emplace_back(onlineEnglish[i], onlineChinese[i]);
  for (const auto& [s, zh] : typed) {
    if (std::getenv("GOMOKU_SHOW_TEXTS")) std::cout << s << "\n  " << zh << "\n";  // for review
    EXPECT_TRUE(HasCjk(zh)) << s << " -> " << zh;
    EXPECT_EQ(zh.find("%s"), std::string::npos) << s << " -> " << zh;
    EXPECT_FALSE(std::regex_search(zh, english)) << s << " -> " << zh;
    if (s.find("张伟") == std::string::npos && s.find("Zoë") == std::string::npos) {
      EXPECT_FALSE(BlankBetweenCjk(zh)) << s << " -> " << zh;
    }
  }
  // The online client's values in a few words.
  const auto zh = [&](const char* cn, const char* tw) { return std::string(simplified ? cn : tw); };
  EXPECT_EQ(TranslateOnlineRefusal(OnlineRefusal::NotLoggedIn, translate),
            zh("请先登录", "請先登入"));
  EXPECT_EQ(TranslateLogin({LoginStatus::BadCredentials, {}, {}, {}, {}, {}}, translate),
            zh("用户名或密码错误", "使用者名稱或密碼錯誤"));
  EXPECT_EQ(TranslateLogin({LoginStatus::BadName, "a name has 2 to 20 characters", {}, {}, {}, {}},
                           translate),
            zh("用户名须为 2 到 20 个字符", "使用者名稱須為 2 到 20 個字元"));
  EXPECT_EQ(TranslateDenied({MsgType::RoomJoin, DenyCode::NoSuchRoom, {}}, translate),
            zh("该房间号没有对应的开放房间", "該房間號碼沒有對應的開放房間"));
  EXPECT_EQ(
      TranslateDenied({MsgType::Invite, DenyCode::NoSuchPlayer, "Zoë is not online"}, translate),
      zh("Zoë 不在线", "Zoë 不在線上"));
  EXPECT_EQ(TranslateOnlineFailureTitle(OnlineFailure::UnknownHost, translate),
            zh("找不到服务器", "找不到伺服器"));
  EXPECT_EQ(TranslateOnlineFailureTitle(OnlineFailure::CertificateChanged, translate),
            zh("证书已更改", "憑證已變更"));
  OnlineSnapshot lost;
  lost.phase = OnlinePhase::Closed;
  lost.failure = OnlineFailure::ConnectionLost;
  lost.message =
      "the connection to the server was lost (the connection was reset by the server) and could "
      "not be made again within 180 s";
  EXPECT_EQ(TranslateOnlineFailure(lost, translate),
            zh("与服务器的连接已断开（连接被服务器重置），180 秒内未能重新连接",
               "與伺服器的連線已中斷（連線被伺服器重設），180 秒內未能重新連線"));
  OnlineSnapshot changed;
  changed.phase = OnlinePhase::Closed;
  changed.failure = OnlineFailure::CertificateChanged;
  changed.fingerprint = "AA:01";
  changed.pinnedFingerprint = "BB:02";
  const std::string warning = TranslateOnlineFailure(changed, translate);
  EXPECT_NE(warning.find("BB:02"), std::string::npos) << warning;
  EXPECT_NE(warning.find("AA:01"), std::string::npos) << warning;
  EXPECT_NE(warning.find(zh("连接已被拒绝", "連線已被拒絕")), std::string::npos) << warning;
}

INSTANTIATE_TEST_SUITE_P(Languages, CoreTextsCatalog, ::testing::Values("zh_CN", "zh_TW"));

}  // namespace
