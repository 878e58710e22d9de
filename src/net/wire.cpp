#include "net/wire.h"

#include <stdexcept>
#include <type_traits>

#include "core/utf8.h"

namespace gomoku::net {

namespace {

constexpr std::size_t kMaxText = 200;        // BYE / ERROR text bytes
constexpr std::size_t kMaxVersionText = 32;  // HELLO program version bytes

class Writer {
 public:
  void u8(std::uint8_t v) { out_.push_back(v); }
  void u16(std::uint16_t v) {
    u8(static_cast<std::uint8_t>(v >> 8));
    u8(static_cast<std::uint8_t>(v));
  }
  void u32(std::uint32_t v) {
    u16(static_cast<std::uint16_t>(v >> 16));
    u16(static_cast<std::uint16_t>(v));
  }
  void u64(std::uint64_t v) {
    u32(static_cast<std::uint32_t>(v >> 32));
    u32(static_cast<std::uint32_t>(v));
  }
  void points(const std::vector<SyncPoint>& moves) {
    if (moves.size() > kMaxSyncMoves)
      throw std::length_error("move list longer than the wire allows");
    u16(static_cast<std::uint16_t>(moves.size()));
    for (const SyncPoint& p : moves) {
      u8(p.x);
      u8(p.y);
    }
  }
  void str(const std::string& s, std::size_t max) {
    if (s.size() > max) throw std::length_error("string field longer than the wire allows");
    u16(static_cast<std::uint16_t>(s.size()));
    out_.insert(out_.end(), s.begin(), s.end());
  }
  std::vector<std::uint8_t>& bytes() { return out_; }

 private:
  std::vector<std::uint8_t> out_;
};

class Reader {
 public:
  Reader(const std::uint8_t* d, std::size_t n) : d_(d), n_(n) {}
  std::uint8_t u8() {
    if (pos_ + 1 > n_) return fail(DecodeError::Truncated), 0;
    return d_[pos_++];
  }
  std::uint16_t u16() {
    const std::uint16_t hi = u8();
    return static_cast<std::uint16_t>((hi << 8) | u8());
  }
  std::uint32_t u32() {
    const std::uint32_t hi = u16();
    return (hi << 16) | u16();
  }
  std::uint64_t u64() {
    const std::uint64_t hi = u32();
    return (hi << 32) | u32();
  }
  std::vector<SyncPoint> points() {
    const std::size_t n = u16();
    if (n > kMaxSyncMoves) return fail(DecodeError::BadValue), std::vector<SyncPoint>();
    if (error_ != DecodeError::None || pos_ + 2 * n > n_)
      return fail(DecodeError::Truncated), std::vector<SyncPoint>();
    std::vector<SyncPoint> v(n);
    for (SyncPoint& p : v) {
      p.x = d_[pos_++];
      p.y = d_[pos_++];
    }
    return v;
  }
  std::string str(std::size_t max) {
    const std::size_t len = u16();
    if (error_ != DecodeError::None) return {};
    if (len > max) return fail(DecodeError::BadValue), std::string();
    if (pos_ + len > n_) return fail(DecodeError::Truncated), std::string();
    std::string s(reinterpret_cast<const char*>(d_ + pos_), len);
    pos_ += len;
    if (!validUtf8(s)) fail(DecodeError::BadValue);
    return s;
  }
  bool atEnd() const { return error_ != DecodeError::None || pos_ == n_; }
  void fail(DecodeError e) {
    if (error_ == DecodeError::None) error_ = e;
  }
  DecodeError finish() {
    if (error_ == DecodeError::None && pos_ != n_) error_ = DecodeError::TrailingBytes;
    return error_;
  }

 private:
  const std::uint8_t* d_;
  std::size_t n_;
  std::size_t pos_ = 0;
  DecodeError error_ = DecodeError::None;
};

// Protocol 1.1's optional tail of RESUME and SYNC: the result of the game before `game`.
void readPrevious(Reader& r, std::uint16_t game, Outcome& outcome, EndReason& reason) {
  if (r.atEnd()) return;
  const std::uint8_t o = r.u8();
  const std::uint8_t why = r.u8();
  if (o == 0 || why == 0 || o > static_cast<std::uint8_t>(Outcome::Interrupted) ||
      why > static_cast<std::uint8_t>(EndReason::Abandoned) || game < 2)
    r.fail(DecodeError::BadValue);
  outcome = static_cast<Outcome>(o);
  reason = static_cast<EndReason>(why);
}

bool knownType(std::uint8_t t) {
  return (t >= 1 && t <= 5) || (t >= 16 && t <= 26);
}

void writeSetup(Writer& w, const Setup& v) {
  w.u8(v.boardSize);
  w.u8(static_cast<std::uint8_t>(v.rule));
  w.u8(v.hostIsBlack ? 1 : 0);
  w.u8(static_cast<std::uint8_t>(v.foul));
  w.u64(v.token);
}

Setup readSetup(Reader& r) {
  Setup v;
  v.boardSize = r.u8();
  const std::uint8_t rule = r.u8();
  const std::uint8_t black = r.u8();
  const std::uint8_t foul = r.u8();
  if (rule > static_cast<std::uint8_t>(Rule::Renju) || black > 1 ||
      foul > static_cast<std::uint8_t>(FoulPolicy::Lose))
    r.fail(DecodeError::BadValue);
  v.rule = static_cast<Rule>(rule);
  v.hostIsBlack = black == 1;
  v.foul = static_cast<FoulPolicy>(foul);
  v.token = r.u64();
  return v;
}

}  // namespace

MsgType typeOf(const Message& m) {
  return std::visit(
      [](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Hello>)
          return MsgType::Hello;
        else if constexpr (std::is_same_v<T, Setup>)
          return MsgType::Setup;
        else if constexpr (std::is_same_v<T, Move>)
          return MsgType::Move;
        else if constexpr (std::is_same_v<T, Bye>)
          return MsgType::Bye;
        else if constexpr (std::is_same_v<T, Error>)
          return MsgType::Error;
        else if constexpr (std::is_same_v<T, TakebackRequest>)
          return MsgType::TakebackRequest;
        else if constexpr (std::is_same_v<T, TakebackReply>)
          return MsgType::TakebackReply;
        else if constexpr (std::is_same_v<T, DrawOffer>)
          return MsgType::DrawOffer;
        else if constexpr (std::is_same_v<T, DrawReply>)
          return MsgType::DrawReply;
        else if constexpr (std::is_same_v<T, Resign>)
          return MsgType::Resign;
        else if constexpr (std::is_same_v<T, Nickname>)
          return MsgType::Nickname;
        else if constexpr (std::is_same_v<T, PlayAgain>)
          return MsgType::PlayAgain;
        else if constexpr (std::is_same_v<T, Chat>)
          return MsgType::Chat;
        else if constexpr (std::is_same_v<T, Resume>)
          return MsgType::Resume;
        else if constexpr (std::is_same_v<T, Sync>)
          return MsgType::Sync;
        else
          return MsgType::Heartbeat;
      },
      m);
}

const char* typeName(MsgType t) {
  switch (t) {
    case MsgType::Hello:
      return "HELLO";
    case MsgType::Setup:
      return "SETUP";
    case MsgType::Move:
      return "MOVE";
    case MsgType::Bye:
      return "BYE";
    case MsgType::Error:
      return "ERROR";
    case MsgType::TakebackRequest:
      return "TAKEBACK_REQUEST";
    case MsgType::TakebackReply:
      return "TAKEBACK_REPLY";
    case MsgType::DrawOffer:
      return "DRAW_OFFER";
    case MsgType::DrawReply:
      return "DRAW_REPLY";
    case MsgType::Resign:
      return "RESIGN";
    case MsgType::Nickname:
      return "NICKNAME";
    case MsgType::PlayAgain:
      return "PLAY_AGAIN";
    case MsgType::Chat:
      return "CHAT";
    case MsgType::Heartbeat:
      return "HEARTBEAT";
    case MsgType::Resume:
      return "RESUME";
    case MsgType::Sync:
      return "SYNC";
    case MsgType::Welcome:
      return "WELCOME";
    case MsgType::Register:
      return "REGISTER";
    case MsgType::Login:
      return "LOGIN";
    case MsgType::LoginResult:
      return "LOGIN_RESULT";
    case MsgType::Stats:
      return "STATS";
    case MsgType::Players:
      return "PLAYERS";
    case MsgType::Top:
      return "TOP";
    case MsgType::HallRequest:
      return "HALL_REQUEST";
    case MsgType::Find:
      return "FIND";
    case MsgType::CancelFind:
      return "CANCEL_FIND";
    case MsgType::RoomCreate:
      return "ROOM_CREATE";
    case MsgType::RoomCreated:
      return "ROOM_CREATED";
    case MsgType::RoomJoin:
      return "ROOM_JOIN";
    case MsgType::Invite:
      return "INVITE";
    case MsgType::Invited:
      return "INVITED";
    case MsgType::InviteReply:
      return "INVITE_REPLY";
    case MsgType::Matched:
      return "MATCHED";
    case MsgType::GameResult:
      return "GAME_RESULT";
    case MsgType::GamesRequest:
      return "GAMES_REQUEST";
    case MsgType::GameList:
      return "GAME_LIST";
    case MsgType::GetGame:
      return "GET_GAME";
    case MsgType::GameRecord:
      return "GAME_RECORD";
    case MsgType::Denied:
      return "DENIED";
    case MsgType::OpponentAway:
      return "OPPONENT_AWAY";
  }
  return "UNKNOWN";
}

const char* decodeErrorText(DecodeError e) {
  switch (e) {
    case DecodeError::None:
      return "no error";
    case DecodeError::BadMagic:
      return "not a Gomoku peer (bad magic bytes)";
    case DecodeError::BadVersion:
      return "protocol version mismatch";
    case DecodeError::UnknownType:
      return "unknown message type";
    case DecodeError::TooLong:
      return "message longer than the protocol allows";
    case DecodeError::Truncated:
      return "message ends inside a field";
    case DecodeError::TrailingBytes:
      return "message has bytes after its last field";
    case DecodeError::BadValue:
      return "message field out of range";
  }
  return "unknown decode error";
}

std::vector<std::uint8_t> encode(const Message& m) {
  Writer w;
  w.u8(kMagic0);
  w.u8(kMagic1);
  w.u8(kProtocolMajor);
  w.u8(static_cast<std::uint8_t>(typeOf(m)));
  w.u32(0);  // length, patched below
  std::visit(
      [&w](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Hello>) {
          w.u8(v.protocolMajor);
          w.u8(v.protocolMinor);
          w.str(v.programVersion, kMaxVersionText);
          w.str(v.nickname, kMaxNicknameChars * 4);
        } else if constexpr (std::is_same_v<T, Setup>) {
          writeSetup(w, v);
        } else if constexpr (std::is_same_v<T, Resume>) {
          w.u64(v.token);
          w.u16(v.game);
          w.points(v.moves);
          if (v.previousOutcome != Outcome::Ongoing) {  // protocol 1.1
            w.u8(static_cast<std::uint8_t>(v.previousOutcome));
            w.u8(static_cast<std::uint8_t>(v.previousReason));
          }
        } else if constexpr (std::is_same_v<T, Sync>) {
          w.u16(v.game);
          writeSetup(w, v.setup);
          w.str(v.hostNickname, kMaxNicknameChars * 4);
          w.u8(static_cast<std::uint8_t>(v.outcome));
          w.u8(static_cast<std::uint8_t>(v.reason));
          w.points(v.moves);
          if (v.previousOutcome != Outcome::Ongoing) {  // protocol 1.1
            w.u8(static_cast<std::uint8_t>(v.previousOutcome));
            w.u8(static_cast<std::uint8_t>(v.previousReason));
          }
        } else if constexpr (std::is_same_v<T, Move>) {
          w.u16(v.ply);
          w.u8(v.x);
          w.u8(v.y);
        } else if constexpr (std::is_same_v<T, Bye>) {
          w.u8(static_cast<std::uint8_t>(v.reason));
          w.str(v.text, kMaxText);
        } else if constexpr (std::is_same_v<T, Error>) {
          w.u16(static_cast<std::uint16_t>(v.code));
          w.str(v.text, kMaxText);
        } else if constexpr (std::is_same_v<T, TakebackRequest>) {
          w.u16(v.atPly);
          w.u16(v.returnTo);
        } else if constexpr (std::is_same_v<T, TakebackReply> || std::is_same_v<T, DrawReply>) {
          w.u16(v.atPly);
          w.u8(v.accept ? 1 : 0);
        } else if constexpr (std::is_same_v<T, DrawOffer> || std::is_same_v<T, Resign>) {
          w.u16(v.atPly);
        } else if constexpr (std::is_same_v<T, Nickname>) {
          w.str(v.nickname, kMaxNicknameChars * 4);
        } else if constexpr (std::is_same_v<T, PlayAgain>) {
          w.u16(v.game);
          w.u8(v.want ? 1 : 0);
        } else if constexpr (std::is_same_v<T, Chat>) {
          w.str(v.text, kMaxChatBytes);
        }
      },
      m);
  auto& out = w.bytes();
  const auto len = static_cast<std::uint32_t>(out.size() - kHeaderSize);
  out[4] = static_cast<std::uint8_t>(len >> 24);
  out[5] = static_cast<std::uint8_t>(len >> 16);
  out[6] = static_cast<std::uint8_t>(len >> 8);
  out[7] = static_cast<std::uint8_t>(len);
  return std::move(out);
}

Header decodeHeader(const std::uint8_t* d, DecodeError& error) {
  Header h;
  h.version = d[2];
  h.type = d[3];
  h.length = (std::uint32_t{d[4]} << 24) | (std::uint32_t{d[5]} << 16) |
             (std::uint32_t{d[6]} << 8) | std::uint32_t{d[7]};
  error = DecodeError::None;
  if (d[0] != kMagic0 || d[1] != kMagic1)
    error = DecodeError::BadMagic;
  else if (h.version != kProtocolMajor)
    error = DecodeError::BadVersion;
  else if (!knownType(h.type))
    error = DecodeError::UnknownType;
  else if (h.length > kMaxPayload)
    error = DecodeError::TooLong;
  return h;
}

Message decodeBody(const Header& h, const std::uint8_t* data, std::size_t size,
                   DecodeError& error) {
  Reader r(data, size);
  Message m = Error{};
  switch (static_cast<MsgType>(h.type)) {
    case MsgType::Hello: {
      Hello v;
      v.protocolMajor = r.u8();
      v.protocolMinor = r.u8();
      v.programVersion = r.str(kMaxVersionText);
      v.nickname = r.str(kMaxNicknameChars * 4);
      if (r.finish() == DecodeError::None && nicknameError(v.nickname))
        r.fail(DecodeError::BadValue);
      m = std::move(v);
      break;
    }
    case MsgType::Setup:
      m = readSetup(r);
      break;
    case MsgType::Resume: {
      Resume v;
      v.token = r.u64();
      v.game = r.u16();
      v.moves = r.points();
      readPrevious(r, v.game, v.previousOutcome, v.previousReason);
      m = std::move(v);
      break;
    }
    case MsgType::Sync: {
      Sync v;
      v.game = r.u16();
      v.setup = readSetup(r);
      v.hostNickname = r.str(kMaxNicknameChars * 4);
      const std::uint8_t outcome = r.u8();
      const std::uint8_t reason = r.u8();
      if (v.game < 1 || outcome > static_cast<std::uint8_t>(Outcome::Interrupted) ||
          reason > static_cast<std::uint8_t>(EndReason::Abandoned) ||
          (outcome == 0) != (reason == 0))
        r.fail(DecodeError::BadValue);
      v.outcome = static_cast<Outcome>(outcome);
      v.reason = static_cast<EndReason>(reason);
      v.moves = r.points();
      readPrevious(r, v.game, v.previousOutcome, v.previousReason);
      if (r.finish() == DecodeError::None && nicknameError(v.hostNickname))
        r.fail(DecodeError::BadValue);
      m = std::move(v);
      break;
    }
    case MsgType::Move: {
      Move v;
      v.ply = r.u16();
      v.x = r.u8();
      v.y = r.u8();
      m = v;
      break;
    }
    case MsgType::Bye: {
      Bye v;
      const std::uint8_t reason = r.u8();
      if (reason > static_cast<std::uint8_t>(ByeReason::Closing)) r.fail(DecodeError::BadValue);
      v.reason = static_cast<ByeReason>(reason);
      v.text = r.str(kMaxText);
      m = std::move(v);
      break;
    }
    case MsgType::Error: {
      Error v;
      v.code = static_cast<ErrorCode>(r.u16());
      v.text = r.str(kMaxText);
      m = std::move(v);
      break;
    }
    case MsgType::TakebackRequest: {
      TakebackRequest v;
      v.atPly = r.u16();
      v.returnTo = r.u16();
      if (v.returnTo >= v.atPly || v.atPly - v.returnTo > 2) r.fail(DecodeError::BadValue);
      m = v;
      break;
    }
    case MsgType::TakebackReply:
    case MsgType::DrawReply: {
      const std::uint16_t atPly = r.u16();
      const std::uint8_t accept = r.u8();
      if (accept > 1) r.fail(DecodeError::BadValue);
      if (static_cast<MsgType>(h.type) == MsgType::TakebackReply)
        m = TakebackReply{atPly, accept == 1};
      else
        m = DrawReply{atPly, accept == 1};
      break;
    }
    case MsgType::DrawOffer:
      m = DrawOffer{r.u16()};
      break;
    case MsgType::Resign:
      m = Resign{r.u16()};
      break;
    case MsgType::Nickname: {
      Nickname v{r.str(kMaxNicknameChars * 4)};
      if (r.finish() == DecodeError::None && nicknameError(v.nickname))
        r.fail(DecodeError::BadValue);
      m = std::move(v);
      break;
    }
    case MsgType::PlayAgain: {
      PlayAgain v;
      v.game = r.u16();
      const std::uint8_t want = r.u8();
      if (want > 1 || v.game < 2) r.fail(DecodeError::BadValue);
      v.want = want == 1;
      m = v;
      break;
    }
    case MsgType::Chat:
      m = Chat{r.str(kMaxChatBytes)};
      break;
    case MsgType::Heartbeat:
      m = Heartbeat{};
      break;
    default:
      r.fail(DecodeError::UnknownType);
      break;
  }
  error = r.finish();
  if (error != DecodeError::None) return Error{};
  return m;
}

}  // namespace gomoku::net
