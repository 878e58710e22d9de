// Game clocks for the page (src/core/clock.h and clock.cpp are the reference): the text forms
// of a time control, a clock's face, and the two clocks of a game, of which at most one runs.
// Times are milliseconds of the caller's monotonic clock (performance.now() in the page), so
// that tests can pass their own. Kinds as tournaments and the Gomocup use them: Fischer (base
// time plus an increment after each move), a limit per move, and base time followed by
// byo-yomi (one period a move, renewed by each move made within it).

import { ClockKind } from './protocol.js';

/** The shortest deciding time (kMinClockMs) and the longest time of any field (kMaxClockMs). */
export const MIN_CLOCK_MS = 100;
export const MAX_CLOCK_MS = 24 * 3600 * 1000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A time control without a clock. */
export const NO_CLOCK = Object.freeze({ kind: ClockKind.NONE, baseMs: 0, incrementMs: 0, moveMs: 0 });

// A time: a bare number in `bareUnit`, or number-unit pairs ("1m30s", "0.5s", "200ms"). null on
// a syntax error; a value above MAX_CLOCK_MS comes back as MAX_CLOCK_MS + 1 (parseTime).
function parseTime(s, bareUnit) {
  if (!s) return null;
  let total = 0;
  let bare = true;
  let i = 0;
  while (i < s.length) {
    const m = /^[0-9.]+/.exec(s.slice(i));
    const digits = m ? m[0] : '';
    const dots = (digits.match(/\./g) || []).length;
    if (!digits || digits.length > 12 || dots > 1 || digits.startsWith('.') || digits.endsWith('.'))
      return null;
    const value = Number(digits);
    i += digits.length;
    let unit;
    if (i === s.length) {
      if (!bare) return null;  // "1m30": a number without a unit after a unit
      unit = bareUnit;
    } else if (s.startsWith('ms', i)) {
      unit = 1; i += 2;
    } else if (s[i] === 'h') {
      unit = HOUR; i++;
    } else if (s[i] === 'm') {
      unit = MINUTE; i++;
    } else if (s[i] === 's') {
      unit = SECOND; i++;
    } else {
      return null;
    }
    bare = false;
    total += value * unit;
  }
  if (total > MAX_CLOCK_MS) return MAX_CLOCK_MS + 1;
  return Math.round(total);
}

/** Parses a time control as parseTimeControl does. Accepted forms (case-insensitive, spaces
 *  ignored), where a time is a number with a unit h, m, s or ms, or compound such as "1m30s"; a
 *  bare number is minutes for a base time and seconds for an increment, a period or a move
 *  limit: "none" or "" (no clock); "5m+5s", "5+5", "5m" (Fischer); "30s/move", "30/move" (a
 *  limit per move); "10m,30s", "10,30" (byo-yomi). Returns { control } or { error } with error
 *  'syntax', 'zero' (a deciding time under 0.1 s) or 'too-long' (a time above 24 h). */
export function parseTimeControl(text) {
  const s = String(text ?? '').replace(/\s+/g, '').toLowerCase();
  if (s === '' || s === 'none') return { control: { ...NO_CLOCK } };
  const tc = { kind: ClockKind.FISCHER, baseMs: 0, incrementMs: 0, moveMs: 0 };
  const syntax = { error: 'syntax' };
  if (s.length > 5 && s.endsWith('/move')) {
    tc.kind = ClockKind.PER_MOVE;
    const t = parseTime(s.slice(0, -5), SECOND);
    if (t === null) return syntax;
    tc.moveMs = t;
  } else if (s.includes(',')) {
    tc.kind = ClockKind.BYO_YOMI;
    const comma = s.indexOf(',');
    if (comma + 1 >= s.length) return syntax;
    const base = parseTime(s.slice(0, comma), MINUTE), period = parseTime(s.slice(comma + 1), SECOND);
    if (base === null || period === null) return syntax;
    tc.baseMs = base;
    tc.moveMs = period;
  } else {
    const plus = s.indexOf('+');
    if (plus >= 0 && plus + 1 >= s.length) return syntax;
    const base = parseTime(plus >= 0 ? s.slice(0, plus) : s, MINUTE);
    const inc = plus >= 0 ? parseTime(s.slice(plus + 1), SECOND) : 0;
    if (base === null || inc === null) return syntax;
    tc.baseMs = base;
    tc.incrementMs = inc;
  }
  if (tc.baseMs > MAX_CLOCK_MS || tc.incrementMs > MAX_CLOCK_MS || tc.moveMs > MAX_CLOCK_MS)
    return { error: 'too-long' };
  const zero = tc.kind === ClockKind.FISCHER ? tc.baseMs < MIN_CLOCK_MS : tc.moveMs < MIN_CLOCK_MS;
  if (zero) return { error: 'zero' };
  return { control: tc };
}

/** A time as the accepted forms write it: "5m", "1m30s", "0.5s", "0s" (formatClockTime). */
export function formatClockTime(ms) {
  if (ms <= 0) return '0s';
  let out = '';
  if (ms >= HOUR) { out += `${Math.floor(ms / HOUR)}h`; ms %= HOUR; }
  if (ms >= MINUTE) { out += `${Math.floor(ms / MINUTE)}m`; ms %= MINUTE; }
  if (ms > 0) {
    if (ms % SECOND === 0) out += `${ms / SECOND}s`;
    else if (out === '' && ms < SECOND && ms % 100 !== 0) out += `${ms}ms`;
    else {
      const frac = String(ms % SECOND).padStart(3, '0').replace(/0+$/, '');
      out += `${Math.floor(ms / SECOND)}.${frac}s`;
    }
  }
  return out;
}

/** The canonical text of a control: "none", "5m+5s", "30s/move", "10m,30s". */
export function formatTimeControl(tc) {
  switch (tc?.kind) {
    case ClockKind.FISCHER: return `${formatClockTime(tc.baseMs)}+${formatClockTime(tc.incrementMs)}`;
    case ClockKind.PER_MOVE: return `${formatClockTime(tc.moveMs)}/move`;
    case ClockKind.BYO_YOMI: return `${formatClockTime(tc.baseMs)},${formatClockTime(tc.moveMs)}`;
    default: return 'none';
  }
}

/** A clock's face: "4:52", "1:02:03", and tenths under 10 seconds ("0:09.4"), rounded up (0
 *  only when no time is left); never negative (clockFace). */
export function clockFace(ms) {
  ms = Math.max(0, Math.floor(ms));
  const two = (n) => String(n).padStart(2, '0');
  if (ms < 10 * SECOND) {
    const tenths = Math.floor((ms + 99) / 100);
    if (tenths < 100) return `0:${two(Math.floor(tenths / 10))}.${tenths % 10}`;
  }
  const s = Math.floor((ms + SECOND - 1) / SECOND);
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/** Two clocks, Black's and White's (colour 1 and 2, as game.js's BLACK and WHITE), of which at
 *  most one runs: GameClock of core/clock.h, without pause (a dropped connection stops both;
 *  SYNC restores them), and with flag() for a loss on time the server announced. */
export class GameClock {
  constructor(tc = NO_CLOCK) {
    this.tc = { ...tc };
    const start = tc.kind === ClockKind.PER_MOVE ? tc.moveMs : tc.baseMs;
    this.sides = { 1: { mainMs: start, flagged: false }, 2: { mainMs: start, flagged: false } };
    this.running = 0;     // the side whose clock runs, 0 when none
    this.startedAt = 0;   // when its move began
    this.frozen = 0;      // the clock stop() stopped, with its move's time so far
    this.frozenUsed = 0;
  }

  /** False without a clock: nothing runs, nobody flags. */
  enabled() { return this.tc.kind !== ClockKind.NONE; }

  /** Starts `side`'s clock at nowMs (its move begins); the other stops without a charge. */
  start(side, nowMs) {
    this.frozen = 0;
    if (!this.enabled() || !side || this.sides[1].flagged || this.sides[2].flagged) {
      this.running = 0;
      return;
    }
    this.running = side;
    this.startedAt = nowMs;
  }

  /** Stops the running clock at nowMs without a charge (the game ended, or the connection
   *  dropped); its reading stays as it was then. */
  stop(nowMs) {
    if (!this.running) return;
    this.frozen = this.running;
    this.frozenUsed = Math.max(0, nowMs - this.startedAt);
    this.running = 0;
  }

  /** `side` has run out of time (the server's FLAG): its clock shows 0. */
  flag(side) {
    if (!this.enabled() || !side) return;
    if (this.running === side) this.running = 0;
    this.sides[side].flagged = true;
  }

  /** The running side moved at nowMs: charges its time and starts the other side. Returns the
   *  thinking time, or -1 when nothing ran. */
  punch(nowMs) {
    const s = this.running;
    if (!s) return -1;
    const used = Math.max(0, nowMs - this.startedAt);
    this.running = 0;
    if (this.apply(s, used)) this.start(3 - s, nowMs);
    return used;
  }

  /** Protocol 1.6: an opening decision of the running side at nowMs, charged like a move (its
   *  own measure, or `usedMs` when >= 0: the time the server charged); `swapped`: the decision
   *  exchanged the colours, and each player keeps their own clock; then `next` starts (the
   *  colour that decides or moves next). Returns the time charged, -1 when nothing ran (core/
   *  clock.h punchDecision). */
  punchDecision(nowMs, next, swapped, usedMs = -1) {
    const s = this.running;
    if (!s) {
      if (swapped) this.swapSides();
      return -1;
    }
    const used = usedMs >= 0 ? usedMs : Math.max(0, nowMs - this.startedAt);
    this.running = 0;
    const inTime = this.apply(s, used);
    if (swapped) this.swapSides();
    if (inTime) this.start(next, nowMs);
    return used;
  }

  /** Exchanges the two sides' clocks: the opening swapped the colours. */
  swapSides() {
    [this.sides[1], this.sides[2]] = [this.sides[2], this.sides[1]];
    if (this.running) this.running = 3 - this.running;
    if (this.frozen) this.frozen = 3 - this.frozen;
  }

  /** A copy (the clocks before a decision, to go back to). */
  clone() {
    const c = new GameClock(this.tc);
    c.sides = { 1: { ...this.sides[1] }, 2: { ...this.sides[2] } };
    c.running = this.running;
    c.startedAt = this.startedAt;
    c.frozen = this.frozen;
    c.frozenUsed = this.frozenUsed;
    return c;
  }

  /** Charges `side` a move's time reported by the other program (MOVE's thinkMs); false (and
   *  flagged) when that was more than it had. */
  charge(side, usedMs) {
    if (!this.enabled() || !side) return true;
    if (this.running === side) this.running = 0;
    if (this.frozen === side) this.frozen = 0;
    return this.apply(side, usedMs);
  }

  /** Both sides' main time as SYNC carries them (clamped to 0..48 h); both clocks stopped. */
  restore(blackMainMs, whiteMainMs) {
    if (!this.enabled()) return;
    this.running = this.frozen = 0;
    const set = (s, ms) => {
      s.mainMs = Math.min(Math.max(ms, 0), 2 * MAX_CLOCK_MS);
      if (this.tc.kind === ClockKind.PER_MOVE) s.mainMs = this.tc.moveMs;
      s.flagged = this.tc.kind === ClockKind.FISCHER && s.mainMs === 0;
    };
    set(this.sides[1], blackMainMs);
    set(this.sides[2], whiteMainMs);
  }

  // Longest a move of `side` may take from the start of its turn.
  allowed(side) {
    const s = this.sides[side];
    switch (this.tc.kind) {
      case ClockKind.FISCHER: return s.mainMs;
      case ClockKind.PER_MOVE: return this.tc.moveMs;
      case ClockKind.BYO_YOMI: return s.mainMs + this.tc.moveMs;
      default: return 0;
    }
  }

  apply(side, usedMs) {
    const s = this.sides[side];
    usedMs = Math.max(0, usedMs);
    if (usedMs > this.allowed(side)) {
      s.flagged = true;
      if (this.tc.kind !== ClockKind.PER_MOVE) s.mainMs = 0;
      return false;
    }
    if (this.tc.kind === ClockKind.FISCHER)
      s.mainMs = Math.min(s.mainMs - usedMs + this.tc.incrementMs, 2 * MAX_CLOCK_MS);
    else if (this.tc.kind === ClockKind.BYO_YOMI) s.mainMs = Math.max(0, s.mainMs - usedMs);
    return true;
  }

  used(side, nowMs) {
    if (side === this.running) return Math.max(0, nowMs - this.startedAt);
    return side === this.frozen ? this.frozenUsed : 0;
  }

  /** What `side`'s clock shows at nowMs: { mainMs, periodMs, inByoYomi, running, flagged,
   *  decidingMs } as ClockReading. */
  reading(side, nowMs) {
    const r = { mainMs: 0, periodMs: 0, inByoYomi: false, running: false, flagged: false, decidingMs: 0 };
    if (!this.enabled() || !side) return r;
    const s = this.sides[side];
    const u = this.used(side, nowMs);
    r.running = this.running === side;
    r.flagged = this.flagged(side, nowMs);
    switch (this.tc.kind) {
      case ClockKind.FISCHER:
        r.mainMs = Math.max(0, s.mainMs - u);
        r.decidingMs = r.mainMs;
        break;
      case ClockKind.PER_MOVE:
        r.mainMs = Math.max(0, this.tc.moveMs - u);
        r.decidingMs = r.mainMs;
        break;
      case ClockKind.BYO_YOMI:
        if (u < s.mainMs) {
          r.mainMs = s.mainMs - u;
          r.periodMs = this.tc.moveMs;
        } else {
          r.inByoYomi = true;
          r.periodMs = Math.max(0, this.tc.moveMs - (u - s.mainMs));
        }
        r.decidingMs = r.mainMs + r.periodMs;
        break;
      default:
        break;
    }
    if (r.flagged) r.mainMs = r.periodMs = r.decidingMs = 0;  // the page shows 0 (clock.h: decidingMs)
    return r;
  }

  /** True when `side` has run out of time at nowMs. */
  flagged(side, nowMs) {
    if (!this.enabled() || !side) return false;
    return this.sides[side].flagged || this.used(side, nowMs) > this.allowed(side);
  }

  /** Milliseconds from nowMs until the running side has run out; -1 when nothing runs. */
  msUntilFlag(nowMs) {
    if (!this.running) return -1;
    return Math.max(0, this.allowed(this.running) - this.used(this.running, nowMs) + 1);
  }
}
