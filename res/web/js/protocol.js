// The Gomoku wire format for the browser: encode and decode every message of
// src/net/PROTOCOL.md (the specification; src/net/wire.cpp is the C++ side). One WebSocket
// frame carries exactly one message: the 8-byte header and its payload.
//
// A message is a plain object: {type: 'MOVE', ply: 3, x: 7, y: 7}. `type` is the PROTOCOL.md
// name; the other keys are the member names of the C++ structs in src/net/wire.h. u64 and i64
// are BigInt, other integers Number, bools true/false, enumerations their numbers, nested
// structs objects, lists arrays. Points: x = column from the left, y = row from the top,
// 0-based. Optional tails of newer minor versions (protocol 1.3's clock and opening rule in
// SETUP, SYNC, FIND, room settings and MATCHED, MOVE's thinkMs, LOGIN's clientMinor; 1.4's
// opening decisions in RESUME and SYNC, `openingActs`) are keys that a decoded message has only
// when they were on the wire, and that encode writes only when set; OPENING always has all its
// keys (points, choice, count), as the C++ struct.

/** Protocol versions this page speaks (PROTOCOL.md, "Version"): 1.6, clocks and opening rules
 *  with their resume, the count of watchers (1.5) and the opening on the clock (1.6: SETUP's
 *  bit, OPENING's thinking time, FLAG's decision). The page says minor 6 in HELLO and at login. */
export const PROTOCOL_MAJOR = 1;
export const PROTOCOL_MINOR = 6;
/** Header size in bytes, and the largest payload (PROTOCOL.md, "Framing"). */
export const HEADER_SIZE = 8;
export const MAX_PAYLOAD = 4096;

/** Message type numbers (header byte 3). */
export const MsgType = Object.freeze({
  HELLO: 1, SETUP: 2, MOVE: 3, BYE: 4, ERROR: 5,
  TAKEBACK_REQUEST: 16, TAKEBACK_REPLY: 17, DRAW_OFFER: 18, DRAW_REPLY: 19, RESIGN: 20,
  NICKNAME: 21, PLAY_AGAIN: 22, CHAT: 23, HEARTBEAT: 24, RESUME: 25, SYNC: 26, FLAG: 27,
  OPENING: 28, WATCH_CHAT: 31, WATCHERS: 32,
  WELCOME: 64, REGISTER: 65, LOGIN: 66, LOGIN_RESULT: 67, STATS: 68, PLAYERS: 69, TOP: 70,
  HALL_REQUEST: 71, FIND: 72, CANCEL_FIND: 73, ROOM_CREATE: 74, ROOM_CREATED: 75,
  ROOM_JOIN: 76, INVITE: 77, INVITED: 78, INVITE_REPLY: 79, MATCHED: 80, GAME_RESULT: 81,
  GAMES_REQUEST: 82, GAME_LIST: 83, GET_GAME: 84, GAME_RECORD: 85, DENIED: 86,
  OPPONENT_AWAY: 87,
});
const typeName = Object.fromEntries(Object.entries(MsgType).map(([k, v]) => [v, k]));

/** Enumerations (PROTOCOL.md, "Server": Enumerations). */
export const Rule = Object.freeze({ FREESTYLE: 0, STANDARD: 1, RENJU: 2 });
export const Foul = Object.freeze({ REFUSED: 0, LOSES: 1 });
export const SeatColor = Object.freeze({ BLACK: 0, WHITE: 1, RANDOM: 2 });
export const PlayerState = Object.freeze({ GONE: 0, HALL: 1, FINDING: 2, PLAYING: 3 });
export const LoginMethod = Object.freeze({ PASSWORD: 0, TOKEN: 1 });
export const LoginStatus = Object.freeze({
  OK: 0, BAD_CREDENTIALS: 1, NAME_TAKEN: 2, BAD_NAME: 3, BAD_PASSWORD: 4,
  ALREADY_SIGNED_IN: 5, SERVER_BUSY: 6,
});
export const Outcome = Object.freeze({
  ONGOING: 0, BLACK_WON: 1, WHITE_WON: 2, DRAW: 3, INTERRUPTED: 4,
});
export const EndReason = Object.freeze({
  NONE: 0, FIVE: 1, FULL_BOARD: 2, RESIGNATION: 3, DISCONNECTED: 4, PROTOCOL_ERROR: 5,
  FOUL: 6, AGREEMENT: 7, ABANDONED: 8, TIME: 9,
});
const LAST_REASON = 9;
/** Protocol 1.3: clock kinds (core/clock.h ClockKind) and opening rules (core/opening.h). */
export const ClockKind = Object.freeze({ NONE: 0, FISCHER: 1, PER_MOVE: 2, BYO_YOMI: 3 });
export const OpeningRule = Object.freeze({
  NONE: 0, SWAP: 1, SWAP2: 2, SOOSORV8: 3, TARAGUCHI10: 4,
});
export const OpeningAction = Object.freeze({ PLACE: 0, CHOOSE: 1, DECLARE: 2, OFFER: 3, PICK: 4 });
const MIN_CLOCK_MS = 100;           // kMinClockMs
const MAX_CLOCK_MS = 86400000;      // kMaxClockMs: 24 h
const MAX_OPENING_POINTS = 10;      // kMaxOpeningPoints
const MAX_OPENING_ACTS = 32;        // kMaxOpeningActs: decisions in RESUME and SYNC
export const ByeReason = Object.freeze({ LEAVING: 0, CLOSING: 1 });
export const ErrorCode = Object.freeze({
  PROTOCOL: 1, VERSION_MISMATCH: 2, BUSY: 3, ILLEGAL_MOVE: 4, BAD_SETUP: 5, NO_SUCH_GAME: 6,
  DESYNC: 7, SERVER_ONLY: 8, NOT_A_SERVER: 9, REPLACED: 10, LIMIT: 11,
});
export const DenyCode = Object.freeze({
  NOT_LOGGED_IN: 1, ALREADY_LOGGED_IN: 2, BUSY: 3, NO_SUCH_ROOM: 4, NO_SUCH_PLAYER: 5,
  PLAYER_BUSY: 6, TOO_MANY: 7, BAD_REQUEST: 8, NO_SUCH_GAME: 9, INVITE_DECLINED: 10,
  INVITE_GONE: 11, YOURSELF: 12,
});

// Limits in bytes (wire.h).
const MAX_TEXT = 200;           // BYE / ERROR text
const MAX_VERSION = 32;         // HELLO / WELCOME program version
const MAX_NICK_CHARS = 32;      // nickname, code points
const MAX_NAME = 80;            // account names
const MAX_SECRET = 1024;        // password or token in REGISTER / LOGIN
const MAX_TOKEN = 128;          // token in LOGIN_RESULT
const MAX_SERVER_NAME = 64;
const MAX_CODE = 16;            // room codes
const MAX_DETAIL = 200;
const MAX_CHAT = 500;
const MAX_MOVES = 625;          // RESUME / SYNC / GAME_RECORD move lists
const MAX_PLAYERS = 30;
const MAX_TOP = 20;
const MAX_GAMES = 20;

/** Why bytes could not be decoded; `code` is the name of net::DecodeError. */
export class ProtocolError extends Error {
  constructor(code, message) {
    super(message || code);
    this.name = 'ProtocolError';
    this.code = code;
  }
}

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

class Writer {
  constructor() { this.bytes = []; }
  u8(v) { this.bytes.push(v & 0xff); }
  u16(v) { this.u8(v >>> 8); this.u8(v); }
  u32(v) { this.u16(Math.floor(v / 0x10000) & 0xffff); this.u16(v & 0xffff); }
  i32(v) { this.u32(v >>> 0); }
  u64(v) {
    const b = BigInt.asUintN(64, BigInt(v));
    this.u32(Number(b >> 32n));
    this.u32(Number(b & 0xffffffffn));
  }
  i64(v) { this.u64(v); }
  bool(v) { this.u8(v ? 1 : 0); }
  str(s, max) {
    const b = utf8.encode(s ?? '');
    if (b.length > max) throw new RangeError(`a string of ${b.length} bytes (at most ${max})`);
    this.u16(b.length);
    for (const x of b) this.bytes.push(x);
  }
  list(items, max, each) {
    if (items.length > max) throw new RangeError(`a list of ${items.length} (at most ${max})`);
    this.u16(items.length);
    for (const it of items) each(this, it);
  }
  points(pts) {
    this.list(pts, MAX_MOVES, (w, p) => { w.u8(p.x); w.u8(p.y); });
  }
}

class Reader {
  constructor(bytes) { this.d = bytes; this.pos = 0; }
  need(n) {
    if (this.pos + n > this.d.length) throw new ProtocolError('Truncated', 'the message ends inside a field');
  }
  u8() { this.need(1); return this.d[this.pos++]; }
  u16() { const hi = this.u8(); return (hi << 8) | this.u8(); }
  u32() { const hi = this.u16(); return hi * 0x10000 + this.u16(); }
  i32() { return this.u32() | 0; }
  u64() { const hi = BigInt(this.u32()); return (hi << 32n) | BigInt(this.u32()); }
  i64() { return BigInt.asIntN(64, this.u64()); }
  bool() {
    const v = this.u8();
    if (v > 1) throw bad(`a bool of ${v}`);
    return v === 1;
  }
  e8(lo, hi) {
    const v = this.u8();
    if (v < lo || v > hi) throw bad(`a value of ${v} out of ${lo}..${hi}`);
    return v;
  }
  str(max) {
    const len = this.u16();
    if (len > max) throw bad(`a string of ${len} bytes (at most ${max})`);
    this.need(len);
    const b = this.d.subarray(this.pos, this.pos + len);
    this.pos += len;
    try {
      return strictUtf8.decode(b);
    } catch {
      throw bad('a string that is not UTF-8');
    }
  }
  list(max, each) {
    const n = this.u16();
    if (n > max) throw bad(`a list of ${n} (at most ${max})`);
    const out = [];
    for (let i = 0; i < n; i++) out.push(each(this));
    return out;
  }
  points() {
    const n = this.u16();
    if (n > MAX_MOVES) throw bad(`${n} moves (at most ${MAX_MOVES})`);
    this.need(2 * n);
    const out = [];
    for (let i = 0; i < n; i++) out.push({ x: this.d[this.pos++], y: this.d[this.pos++] });
    return out;
  }
  atEnd() { return this.pos === this.d.length; }
}

function bad(what) { return new ProtocolError('BadValue', `bad data: ${what}`); }

// A nickname (HELLO, NICKNAME, SYNC): 1..32 code points, not blank (match.cpp nicknameError).
function checkNickname(s) {
  const n = [...s].length;
  if (n < 1 || n > MAX_NICK_CHARS || s.trim() === '') throw bad('a nickname');
}

// ---- shared pieces ---------------------------------------------------------------------------

function wSetup(w, v) {
  // Bit 1 of the colour byte (protocol 1.6): the opening runs on the clock.
  w.u8(v.boardSize); w.u8(v.rule); w.u8((v.hostIsBlack ? 1 : 0) | (v.openingTimed ? 2 : 0));
  w.u8(v.foul); w.u64(v.token);
}
function rSetup(r) {
  const boardSize = r.u8();
  const rule = r.u8(), black = r.u8(), foul = r.u8();
  if (rule > 2 || black > 3 || foul > 1) throw bad('a setup');
  const v = { boardSize, rule, hostIsBlack: (black & 1) === 1, foul, token: r.u64() };
  if (black & 2) v.openingTimed = true;
  return v;
}
// A timed opening needs a clock and an opening rule (the tail).
function checkTimed(v) {
  if (v.openingTimed && (!(v.opening ?? 0) || !(v.clock?.kind ?? 0))) throw bad('a timed opening without a clock and an opening rule');
  return v;
}
// Protocol 1.3's time control: u8 kind, u32 base, increment, move (ms), in SETUP's forms.
function wClock(w, c) {
  w.u8(c.kind); w.u32(c.baseMs); w.u32(c.incrementMs); w.u32(c.moveMs);
}
function rClock(r) {
  const c = { kind: r.u8(), baseMs: r.u32(), incrementMs: r.u32(), moveMs: r.u32() };
  const inRange = (v, lo) => v >= lo && v <= MAX_CLOCK_MS;
  const ok = [
    () => c.baseMs === 0 && c.incrementMs === 0 && c.moveMs === 0,
    () => inRange(c.baseMs, MIN_CLOCK_MS) && inRange(c.incrementMs, 0) && c.moveMs === 0,
    () => c.baseMs === 0 && c.incrementMs === 0 && inRange(c.moveMs, MIN_CLOCK_MS),
    () => inRange(c.baseMs, 0) && c.incrementMs === 0 && inRange(c.moveMs, MIN_CLOCK_MS),
  ][c.kind];
  if (!ok || !ok()) throw bad('a time control');
  return c;
}
// The 1.3 tail (SETUP, SYNC, FIND, room settings, MATCHED): u8 opening rule, then the time
// control; on the wire only when either is set, so a tail with neither is refused.
function hasTail(v) { return (v.opening ?? 0) !== 0 || (v.clock?.kind ?? 0) !== 0; }
function wTail(w, v) {
  if (!hasTail(v)) return;
  w.u8(v.opening ?? 0);
  wClock(w, v.clock ?? { kind: 0, baseMs: 0, incrementMs: 0, moveMs: 0 });
}
function rTail(r, v) {
  const opening = r.u8();
  if (opening > 4) throw bad('an opening rule');
  v.opening = opening;
  v.clock = rClock(r);
  if (!hasTail(v)) throw bad('a tail with neither a clock nor an opening rule');
}
function rOptionalTail(r, v) {
  if (!r.atEnd()) rTail(r, v);
  return v;
}
function wMinor(w, v) { if (v.clientMinor) w.u8(v.clientMinor); }
function rMinor(r, v) {
  if (r.atEnd()) return v;
  v.clientMinor = r.u8();
  if (v.clientMinor === 0) throw bad('a minor version of 0');
  return v;
}
function wStats(w, v) { w.i32(v.score); w.u32(v.games); w.u32(v.wins); w.u32(v.draws); }
function rStats(r) { return { score: r.i32(), games: r.u32(), wins: r.u32(), draws: r.u32() }; }
function wSettings(w, v) {
  w.u8(v.boardSize); w.u8(v.rule); w.u8(v.color); w.u8(v.foul); w.bool(v.rated); wTail(w, v);
}
function rSettings(r) {
  return rOptionalTail(r, {
    boardSize: r.u8(), rule: r.e8(0, 2), color: r.e8(0, 2), foul: r.e8(0, 1), rated: r.bool(),
  });
}
function rResult(r) {
  const outcome = r.e8(0, 4), reason = r.e8(0, LAST_REASON);
  if ((outcome === 0) !== (reason === 0)) throw bad('an outcome without its reason');
  return [outcome, reason];
}
function wSummary(w, v) {
  w.u64(v.id); w.i64(v.endedAt); w.str(v.black, MAX_NAME); w.str(v.white, MAX_NAME);
  w.u8(v.rule); w.u8(v.boardSize); w.u8(v.outcome); w.u8(v.reason); w.bool(v.rated);
  w.i32(v.blackDelta); w.i32(v.whiteDelta); w.u16(v.moves);
}
function rSummary(r) {
  const id = r.u64(), endedAt = r.i64(), black = r.str(MAX_NAME), white = r.str(MAX_NAME);
  const rule = r.e8(0, 2), boardSize = r.u8();
  const [outcome, reason] = rResult(r);
  return {
    id, endedAt, black, white, rule, boardSize, outcome, reason, rated: r.bool(),
    blackDelta: r.i32(), whiteDelta: r.i32(), moves: r.u16(),
  };
}
// Protocol 1.1's optional tail of RESUME and SYNC: the result of the game before (in a SYNC
// of 1.3 with a clock or an opening rule always there, 0, 0 when there is nothing to say).
function rPrevious(r, game, v, tailMayFollow = false) {
  v.previousOutcome = 0;
  v.previousReason = 0;
  if (r.atEnd()) return;
  const o = r.u8(), why = r.u8();
  if (tailMayFollow && o === 0 && why === 0) {
    if (r.atEnd()) throw bad('the game before');
    return;
  }
  if (o === 0 || why === 0 || o > 4 || why > LAST_REASON || game < 2) throw bad('the game before');
  v.previousOutcome = o;
  v.previousReason = why;
}
function wPrevious(w, v) {
  if (v.previousOutcome) { w.u8(v.previousOutcome); w.u8(v.previousReason); }
}

// OPENING's payload: u16 seq, u8 action, then the action's fields.
function wOpeningAct(w, v) {
  w.u16(v.seq); w.u8(v.action);
  const pts = v.points ?? [];
  if (v.action === OpeningAction.PLACE || v.action === OpeningAction.PICK) {
    w.u8(pts[0]?.x ?? 0); w.u8(pts[0]?.y ?? 0);
  } else if (v.action === OpeningAction.CHOOSE) {
    w.u8(v.choice);
  } else if (v.action === OpeningAction.DECLARE) {
    w.u8(v.count);
  } else {
    if (pts.length < 1 || pts.length > MAX_OPENING_POINTS)
      throw new RangeError(`an offer of ${pts.length} points (1 to ${MAX_OPENING_POINTS})`);
    w.u8(pts.length);
    for (const p of pts) { w.u8(p.x); w.u8(p.y); }
  }
}
function rOpeningAct(r) {
  const v = { seq: r.u16(), action: r.e8(0, 4), points: [], choice: 0, count: 0 };
  if (v.action === OpeningAction.PLACE || v.action === OpeningAction.PICK) {
    v.points.push({ x: r.u8(), y: r.u8() });
  } else if (v.action === OpeningAction.CHOOSE) {
    v.choice = r.e8(0, 6);
  } else if (v.action === OpeningAction.DECLARE) {
    v.count = r.u8();
    if (v.count < 1 || v.count > MAX_OPENING_POINTS) throw bad('a declared count');
  } else {
    const n = r.u8();
    if (n < 1 || n > MAX_OPENING_POINTS) throw bad('an offer');
    for (let i = 0; i < n; i++) v.points.push({ x: r.u8(), y: r.u8() });
  }
  return v;
}
// Protocol 1.4's opening decisions of RESUME and SYNC: u8 count (1..32), then each OPENING
// payload, seq 0, 1, ... in order; absent (nothing written) when there are none.
function wOpeningActs(w, acts) {
  if (!acts || acts.length === 0) return;
  if (acts.length > MAX_OPENING_ACTS)
    throw new RangeError(`${acts.length} opening decisions (at most ${MAX_OPENING_ACTS})`);
  w.u8(acts.length);
  for (const a of acts) wOpeningAct(w, a);
}
function rOpeningActs(r, v) {
  if (r.atEnd()) return;
  const n = r.u8();
  if (n < 1 || n > MAX_OPENING_ACTS) throw bad(`${n} opening decisions`);
  const acts = [];
  for (let i = 0; i < n; i++) {
    const a = rOpeningAct(r);
    if (a.seq !== i) throw bad('opening decisions out of order');
    acts.push(a);
  }
  v.openingActs = acts;
}

// ---- each message: [write(w, msg), read(r) -> fields] ---------------------------------------

const codecs = {
  HELLO: [(w, v) => {
    w.u8(v.protocolMajor ?? PROTOCOL_MAJOR); w.u8(v.protocolMinor ?? PROTOCOL_MINOR);
    w.str(v.programVersion, MAX_VERSION); w.str(v.nickname, MAX_NICK_CHARS * 4);
  }, (r) => {
    const v = { protocolMajor: r.u8(), protocolMinor: r.u8(), programVersion: r.str(MAX_VERSION),
      nickname: r.str(MAX_NICK_CHARS * 4) };
    r.after = () => checkNickname(v.nickname);
    return v;
  }],
  SETUP: [(w, v) => { wSetup(w, v); wTail(w, v); }, (r) => checkTimed(rOptionalTail(r, rSetup(r)))],
  MOVE: [(w, v) => {
    w.u16(v.ply); w.u8(v.x); w.u8(v.y);
    if (v.thinkMs !== undefined && v.thinkMs >= 0) w.u32(v.thinkMs);
  }, (r) => {
    const v = { ply: r.u16(), x: r.u8(), y: r.u8() };
    if (!r.atEnd()) {
      v.thinkMs = r.u32();
      if (v.thinkMs > MAX_CLOCK_MS) throw bad('a thinking time');
    }
    return v;
  }],
  // Protocol 1.6: the decision of a FLAG during a timed opening.
  FLAG: [(w, v) => {
    w.u16(v.atPly);
    if (v.decision !== undefined && v.decision >= 0) w.u16(v.decision);
  }, (r) => {
    const v = { atPly: r.u16() };
    if (!r.atEnd()) {
      v.decision = r.u16();
      if (v.decision > MAX_OPENING_ACTS) throw bad('a FLAG\'s decision');
    }
    return v;
  }],
  // Protocol 1.6: a timed opening's decision carries its thinking time.
  OPENING: [(w, v) => {
    wOpeningAct(w, v);
    if (v.thinkMs !== undefined && v.thinkMs >= 0) w.u32(v.thinkMs);
  }, (r) => {
    const v = rOpeningAct(r);
    if (!r.atEnd()) {
      v.thinkMs = r.u32();
      if (v.thinkMs > MAX_CLOCK_MS) throw bad('a thinking time');
    }
    return v;
  }],
  // Protocol 1.5: watchers' chat relayed to a player, and the count of watchers.
  WATCH_CHAT: [(w, v) => { w.str(v.from, MAX_NICK_CHARS * 4); w.bool(v.player); w.str(v.text, MAX_CHAT); },
    (r) => ({ from: r.str(MAX_NICK_CHARS * 4), player: r.bool(), text: r.str(MAX_CHAT) })],
  WATCHERS: [(w, v) => w.u16(v.count), (r) => ({ count: r.u16() })],
  BYE: [(w, v) => { w.u8(v.reason); w.str(v.text, MAX_TEXT); },
    (r) => ({ reason: r.e8(0, 1), text: r.str(MAX_TEXT) })],
  ERROR: [(w, v) => { w.u16(v.code); w.str(v.text, MAX_TEXT); },
    (r) => ({ code: r.u16(), text: r.str(MAX_TEXT) })],
  TAKEBACK_REQUEST: [(w, v) => { w.u16(v.atPly); w.u16(v.returnTo); }, (r) => {
    const atPly = r.u16(), returnTo = r.u16();
    if (returnTo >= atPly || atPly - returnTo > 2) throw bad('a takeback request');
    return { atPly, returnTo };
  }],
  TAKEBACK_REPLY: [(w, v) => { w.u16(v.atPly); w.bool(v.accept); },
    (r) => ({ atPly: r.u16(), accept: r.bool() })],
  DRAW_OFFER: [(w, v) => w.u16(v.atPly), (r) => ({ atPly: r.u16() })],
  DRAW_REPLY: [(w, v) => { w.u16(v.atPly); w.bool(v.accept); },
    (r) => ({ atPly: r.u16(), accept: r.bool() })],
  RESIGN: [(w, v) => w.u16(v.atPly), (r) => ({ atPly: r.u16() })],
  NICKNAME: [(w, v) => w.str(v.nickname, MAX_NICK_CHARS * 4), (r) => {
    const v = { nickname: r.str(MAX_NICK_CHARS * 4) };
    r.after = () => checkNickname(v.nickname);
    return v;
  }],
  PLAY_AGAIN: [(w, v) => { w.u16(v.game); w.bool(v.want); }, (r) => {
    const game = r.u16(), want = r.u8();
    if (want > 1 || game < 2) throw bad('a play-again request');
    return { game, want: want === 1 };
  }],
  CHAT: [(w, v) => w.str(v.text, MAX_CHAT), (r) => ({ text: r.str(MAX_CHAT) })],
  HEARTBEAT: [() => {}, () => ({})],
  RESUME: [(w, v) => {
    w.u64(v.token); w.u16(v.game); w.points(v.moves ?? []);
    if (v.openingActs?.length) {  // protocol 1.4: the pair always (0, 0: none), the decisions
      w.u8(v.previousOutcome ?? 0); w.u8(v.previousReason ?? 0); wOpeningActs(w, v.openingActs);
    } else {
      wPrevious(w, v);
    }
  }, (r) => {
    const v = { token: r.u64(), game: r.u16(), moves: r.points() };
    rPrevious(r, v.game, v, true);
    rOpeningActs(r, v);
    return v;
  }],
  SYNC: [(w, v) => {
    w.u16(v.game); wSetup(w, v.setup); w.str(v.hostNickname, MAX_NICK_CHARS * 4);
    w.u8(v.outcome); w.u8(v.reason); w.points(v.moves);
    if (hasTail(v.setup)) {  // protocol 1.3: the pair always, then the clocks
      w.u8(v.previousOutcome ?? 0); w.u8(v.previousReason ?? 0); wTail(w, v.setup);
      w.u32(v.blackMainMs); w.u32(v.whiteMainMs); w.bool(v.hostPlaysBlack);
      wOpeningActs(w, v.openingActs);  // protocol 1.4
    } else {
      if (v.openingActs?.length) throw new RangeError('opening decisions in a SYNC without an opening rule');
      wPrevious(w, v);
    }
  }, (r) => {
    const game = r.u16(), setup = rSetup(r), hostNickname = r.str(MAX_NICK_CHARS * 4);
    const outcome = r.u8(), reason = r.u8();
    if (game < 1 || outcome > 4 || reason > LAST_REASON || (outcome === 0) !== (reason === 0))
      throw bad('a sync');
    const v = { game, setup, hostNickname, outcome, reason, moves: r.points() };
    rPrevious(r, game, v, true);
    if (!r.atEnd()) {  // protocol 1.3: the opening rule and the clock, the main times, colours
      rTail(r, setup);
      v.blackMainMs = r.u32();
      v.whiteMainMs = r.u32();
      v.hostPlaysBlack = r.bool();
      if (v.blackMainMs > 2 * MAX_CLOCK_MS || v.whiteMainMs > 2 * MAX_CLOCK_MS)
        throw bad('a main time');
      rOpeningActs(r, v);  // protocol 1.4
      if (v.openingActs && setup.opening === 0) throw bad('opening decisions without an opening rule');
    }
    checkTimed(setup);
    r.after = () => checkNickname(hostNickname);
    return v;
  }],
  WELCOME: [(w, v) => {
    w.u8(v.protocolMajor ?? PROTOCOL_MAJOR); w.u8(v.protocolMinor ?? PROTOCOL_MINOR);
    w.str(v.programVersion, MAX_VERSION); w.str(v.serverName, MAX_SERVER_NAME);
  }, (r) => ({ protocolMajor: r.u8(), protocolMinor: r.u8(), programVersion: r.str(MAX_VERSION),
    serverName: r.str(MAX_SERVER_NAME) })],
  REGISTER: [(w, v) => { w.str(v.name, MAX_NAME); w.str(v.password, MAX_SECRET); wMinor(w, v); },
    (r) => rMinor(r, { name: r.str(MAX_NAME), password: r.str(MAX_SECRET) })],
  LOGIN: [(w, v) => {
    w.u8(v.method); w.str(v.name, MAX_NAME); w.str(v.secret, MAX_SECRET); wMinor(w, v);
  }, (r) => rMinor(r, { method: r.e8(0, 1), name: r.str(MAX_NAME), secret: r.str(MAX_SECRET) })],
  LOGIN_RESULT: [(w, v) => {
    w.u8(v.status); w.str(v.detail, MAX_DETAIL); w.str(v.name, MAX_NAME);
    w.str(v.token, MAX_TOKEN); wStats(w, v.stats); w.bool(v.elo);
  }, (r) => ({ status: r.e8(0, 6), detail: r.str(MAX_DETAIL), name: r.str(MAX_NAME),
    token: r.str(MAX_TOKEN), stats: rStats(r), elo: r.bool() })],
  STATS: [(w, v) => { w.str(v.name, MAX_NAME); wStats(w, v.stats); w.bool(v.elo); },
    (r) => ({ name: r.str(MAX_NAME), stats: rStats(r), elo: r.bool() })],
  PLAYERS: [(w, v) => {
    w.u32(v.total);
    w.list(v.players, MAX_PLAYERS, (w2, e) => { w2.str(e.name, MAX_NAME); w2.i32(e.score); w2.u8(e.state); });
  }, (r) => ({ total: r.u32(),
    players: r.list(MAX_PLAYERS, (r2) => ({ name: r2.str(MAX_NAME), score: r2.i32(), state: r2.e8(0, 3) })) })],
  TOP: [(w, v) => {
    w.list(v.entries, MAX_TOP, (w2, e) => {
      w2.u16(e.rank); w2.str(e.name, MAX_NAME); w2.i32(e.score); w2.u32(e.games); w2.u32(e.wins);
    });
  }, (r) => ({ entries: r.list(MAX_TOP, (r2) => ({ rank: r2.u16(), name: r2.str(MAX_NAME),
    score: r2.i32(), games: r2.u32(), wins: r2.u32() })) })],
  HALL_REQUEST: [() => {}, () => ({})],
  FIND: [(w, v) => { w.u8(v.rule); wTail(w, v); }, (r) => rOptionalTail(r, { rule: r.e8(0, 2) })],
  CANCEL_FIND: [() => {}, () => ({})],
  ROOM_CREATE: [(w, v) => wSettings(w, v.settings), (r) => ({ settings: rSettings(r) })],
  ROOM_CREATED: [(w, v) => { w.str(v.code, MAX_CODE); wSettings(w, v.settings); },
    (r) => ({ code: r.str(MAX_CODE), settings: rSettings(r) })],
  ROOM_JOIN: [(w, v) => { w.str(v.code, MAX_CODE); w.bool(v.rated); },
    (r) => ({ code: r.str(MAX_CODE), rated: r.bool() })],
  INVITE: [(w, v) => { w.str(v.name, MAX_NAME); wSettings(w, v.settings); },
    (r) => ({ name: r.str(MAX_NAME), settings: rSettings(r) })],
  INVITED: [(w, v) => {
    w.u32(v.inviteId); w.str(v.from, MAX_NAME); w.i32(v.score); wSettings(w, v.settings);
  }, (r) => ({ inviteId: r.u32(), from: r.str(MAX_NAME), score: r.i32(), settings: rSettings(r) })],
  INVITE_REPLY: [(w, v) => { w.u32(v.inviteId); w.bool(v.accept); w.bool(v.rated); },
    (r) => ({ inviteId: r.u32(), accept: r.bool(), rated: r.bool() })],
  MATCHED: [(w, v) => {
    w.u64(v.gameId); w.u8(v.boardSize); w.u8(v.rule); w.u8(v.foul); w.bool(v.youAreBlack);
    w.str(v.opponent, MAX_NAME); w.i32(v.opponentScore); w.bool(v.rated); w.u64(v.resumeToken);
    wTail(w, v);
  }, (r) => rOptionalTail(r, { gameId: r.u64(), boardSize: r.u8(), rule: r.e8(0, 2),
    foul: r.e8(0, 1), youAreBlack: r.bool(), opponent: r.str(MAX_NAME), opponentScore: r.i32(),
    rated: r.bool(), resumeToken: r.u64() })],
  GAME_RESULT: [(w, v) => {
    w.u64(v.gameId); w.u8(v.outcome); w.u8(v.reason); w.bool(v.rated);
    w.i32(v.oldScore); w.i32(v.newScore);
  }, (r) => {
    const gameId = r.u64();
    const [outcome, reason] = rResult(r);
    return { gameId, outcome, reason, rated: r.bool(), oldScore: r.i32(), newScore: r.i32() };
  }],
  GAMES_REQUEST: [() => {}, () => ({})],
  GAME_LIST: [(w, v) => { w.bool(v.last); w.list(v.games, MAX_GAMES, wSummary); },
    (r) => ({ last: r.bool(), games: r.list(MAX_GAMES, rSummary) })],
  GET_GAME: [(w, v) => w.u64(v.id), (r) => ({ id: r.u64() })],
  GAME_RECORD: [(w, v) => {
    if ((v.moveMillis ?? []).length !== v.moves.length)
      throw new RangeError('a game record needs one time per move');
    wSummary(w, v.summary); w.points(v.moves);
    for (const ms of v.moveMillis) w.u32(ms);
  }, (r) => {
    const summary = rSummary(r), moves = r.points();
    const moveMillis = moves.map(() => r.u32());
    return { summary, moves, moveMillis };
  }],
  DENIED: [(w, v) => { w.u8(v.request); w.u16(v.code); w.str(v.detail, MAX_DETAIL); }, (r) => {
    const request = r.u8(), code = r.u16();
    if (!(request in typeName) || code < 1 || code > 12) throw bad('a refusal');
    return { request, code, detail: r.str(MAX_DETAIL) };
  }],
  OPPONENT_AWAY: [(w, v) => { w.bool(v.away); w.u32(v.secondsLeft); },
    (r) => ({ away: r.bool(), secondsLeft: r.u32() })],
};

/** The bytes of one message (header and payload). Throws RangeError for a message that does
 *  not fit the wire (an unknown type, a string or list over its limit). */
export function encode(msg) {
  const number = MsgType[msg.type];
  const codec = codecs[msg.type];
  if (number === undefined || !codec) throw new RangeError(`unknown message type ${msg.type}`);
  const w = new Writer();
  codec[0](w, msg);
  const n = w.bytes.length;
  if (n > MAX_PAYLOAD) throw new RangeError(`a payload of ${n} bytes (at most ${MAX_PAYLOAD})`);
  const out = new Uint8Array(HEADER_SIZE + n);
  out.set([0x47, 0x4b, PROTOCOL_MAJOR, number, n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  out.set(w.bytes, HEADER_SIZE);
  return out;
}

/** The header's fields; checks magic, version, type and length in this order (PROTOCOL.md,
 *  "Framing"), throwing ProtocolError. */
export function decodeHeader(bytes) {
  if (bytes.length < HEADER_SIZE) throw new ProtocolError('Truncated', 'a message shorter than its header');
  const length = ((bytes[4] << 24) >>> 0) + (bytes[5] << 16) + (bytes[6] << 8) + bytes[7];
  if (bytes[0] !== 0x47 || bytes[1] !== 0x4b) throw new ProtocolError('BadMagic', 'not a Gomoku program (bad magic)');
  if (bytes[2] !== PROTOCOL_MAJOR) throw new ProtocolError('BadVersion', `protocol ${bytes[2]}.x, this page speaks ${PROTOCOL_MAJOR}.x`);
  if (!(bytes[3] in typeName)) throw new ProtocolError('UnknownType', `unknown message type ${bytes[3]}`);
  if (length > MAX_PAYLOAD) throw new ProtocolError('TooLong', `a payload of ${length} bytes`);
  return { version: bytes[2], type: bytes[3], length };
}

/** One whole message from one frame (Uint8Array or ArrayBuffer); throws ProtocolError. */
export function decode(frame) {
  const bytes = frame instanceof Uint8Array ? frame : new Uint8Array(frame);
  const h = decodeHeader(bytes);
  const body = bytes.subarray(HEADER_SIZE);
  if (body.length < h.length) throw new ProtocolError('Truncated', 'the frame ends inside the message');
  if (body.length > h.length) throw new ProtocolError('TrailingBytes', 'bytes after the message');
  const name = typeName[h.type];
  const r = new Reader(body);
  const fields = codecs[name][1](r);
  if (!r.atEnd()) throw new ProtocolError('TrailingBytes', 'a payload longer than its fields');
  if (r.after) r.after();
  return { type: name, ...fields };
}
