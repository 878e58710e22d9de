// The position for display and for checking our own clicks before they are sent: stones,
// five in a row, and renju's forbidden points for Black (RIF rules: overline, double-four,
// double-three, a three counting only when it can become a straight four by a move that is
// not itself forbidden). The same logic as src/core/renju.cpp; the server judges every move
// anyway. Points: x = column from the left, y = row from the top, 0-based.

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export const RULE_FREESTYLE = 0;
export const RULE_STANDARD = 1;
export const RULE_RENJU = 2;

const DIRECTIONS = [[1, 0], [0, 1], [1, 1], [1, -1]];

/** A board of `size` × `size` with the moves played, Black first. */
export class Board {
  constructor(size, moves = []) {
    this.size = size;
    this.cells = new Uint8Array(size * size);
    moves.forEach((m, i) => this.set(m.x, m.y, i % 2 === 0 ? BLACK : WHITE));
  }
  inside(x, y) { return x >= 0 && y >= 0 && x < this.size && y < this.size; }
  at(x, y) { return this.inside(x, y) ? this.cells[y * this.size + x] : -1; }
  set(x, y, s) { this.cells[y * this.size + x] = s; }
}

// The run of stones of `colour` through (x, y) along (dx, dy): [lo, hi] offsets.
function run(b, x, y, dx, dy, colour) {
  let lo = 0;
  while (b.at(x + (lo - 1) * dx, y + (lo - 1) * dy) === colour) lo--;
  let hi = 0;
  while (b.at(x + (hi + 1) * dx, y + (hi + 1) * dy) === colour) hi++;
  return [lo, hi];
}

/** The five (or longer line) the stone at (x, y) completes under `rule`, as a list of points,
 *  or null: freestyle five or more; standard exactly five; renju Black exactly five, White five
 *  or more. */
export function winningLine(b, rule, x, y) {
  const colour = b.at(x, y);
  if (colour !== BLACK && colour !== WHITE) return null;
  for (const [dx, dy] of DIRECTIONS) {
    const [lo, hi] = run(b, x, y, dx, dy, colour);
    const len = hi - lo + 1;
    const exact = rule === RULE_STANDARD || (rule === RULE_RENJU && colour === BLACK);
    if (exact ? len === 5 : len >= 5) {
      const line = [];
      for (let k = lo; k <= hi; k++) line.push({ x: x + k * dx, y: y + k * dy });
      return line;
    }
  }
  return null;
}

// The renju checks of one board (a copy: stones are put and taken back while checking).
class Checker {
  constructor(board) {
    this.b = new Board(board.size);
    this.b.cells.set(board.cells);
  }
  black(x, y) { return this.b.at(x, y) === BLACK; }
  empty(x, y) { return this.b.at(x, y) === EMPTY; }

  check(x, y) {
    if (!this.empty(x, y)) return null;
    this.b.set(x, y, BLACK);
    const r = this.classify(x, y);
    this.b.set(x, y, EMPTY);
    return r;
  }

  // Black at offset k along d makes exactly five through the point.
  fivePoint(x, y, dx, dy, k) {
    const qx = x + k * dx, qy = y + k * dy;
    if (!this.empty(qx, qy)) return false;
    this.b.set(qx, qy, BLACK);
    const [lo, hi] = run(this.b, qx, qy, dx, dy, BLACK);
    this.b.set(qx, qy, EMPTY);
    return hi - lo + 1 === 5 && lo <= -k && -k <= hi;
  }

  // The fours along d through the point: points that would make five; two such points five
  // apart on one line are one straight four... counted as one four.
  fours(x, y, dx, dy) {
    let count = 0, first = 0, last = 0;
    for (let k = -4; k <= 4; k++) {
      if (k === 0 || !this.fivePoint(x, y, dx, dy, k)) continue;
      if (count++ === 0) first = k;
      last = k;
    }
    return count === 2 && last - first === 5 ? 1 : count;
  }

  // After Black at offset k, the point lies in a straight four (four in a row, open at both
  // ends, not an overline-to-be).
  straightFour(x, y, dx, dy, k) {
    const [lo, hi] = run(this.b, x, y, dx, dy, BLACK);
    if (hi - lo + 1 !== 4 || k < lo || k > hi) return false;
    const at = (o) => [x + o * dx, y + o * dy];
    return this.empty(...at(lo - 1)) && this.empty(...at(hi + 1)) &&
      !this.black(...at(lo - 2)) && !this.black(...at(hi + 2));
  }

  threeMakers(x, y, dx, dy) {
    const out = [];
    for (let k = -4; k <= 4; k++) {
      const qx = x + k * dx, qy = y + k * dy;
      if (k === 0 || !this.empty(qx, qy)) continue;
      this.b.set(qx, qy, BLACK);
      if (this.straightFour(x, y, dx, dy, k)) out.push(k);
      this.b.set(qx, qy, EMPTY);
    }
    return out;
  }

  makesFive(x, y) {
    this.b.set(x, y, BLACK);
    let five = false;
    for (const [dx, dy] of DIRECTIONS) {
      const [lo, hi] = run(this.b, x, y, dx, dy, BLACK);
      five = five || hi - lo + 1 === 5;
    }
    this.b.set(x, y, EMPTY);
    return five;
  }

  // A three is real when one of its straight-four points is playable: not a five at once
  // (that would be a four) and not itself forbidden.
  realThree(x, y, dx, dy, makers) {
    return makers.some((k) => {
      const qx = x + k * dx, qy = y + k * dy;
      return !this.makesFive(qx, qy) && this.check(qx, qy) === null;
    });
  }

  classify(x, y) {
    let overline = false;
    for (const [dx, dy] of DIRECTIONS) {
      const [lo, hi] = run(this.b, x, y, dx, dy, BLACK);
      const len = hi - lo + 1;
      if (len === 5) return null;  // a five wins, whatever else it makes
      if (len > 5) overline = true;
    }
    if (overline) return 'overline';
    const near = DIRECTIONS.map(([dx, dy]) => {
      let n = 0;
      for (let k = -4; k <= 4; k++) n += k !== 0 && this.black(x + k * dx, y + k * dy) ? 1 : 0;
      return n;
    });
    let fourCount = 0;
    DIRECTIONS.forEach(([dx, dy], i) => {
      if (near[i] >= 3) fourCount += this.fours(x, y, dx, dy);
    });
    if (fourCount >= 2) return 'double-four';
    const makers = DIRECTIONS.map(([dx, dy], i) => (near[i] >= 2 ? this.threeMakers(x, y, dx, dy) : []));
    if (makers.filter((m) => m.length).length < 2) return null;
    let threes = 0;
    for (let i = 0; i < 4; i++) {
      if (!makers[i].length) continue;
      const [dx, dy] = DIRECTIONS[i];
      if (this.realThree(x, y, dx, dy, makers[i]) && ++threes >= 2) return 'double-three';
    }
    return null;
  }
}

/** Why Black may not play (x, y) under renju: 'overline', 'double-four', 'double-three', or
 *  null when it may (also for an occupied point). */
export function forbiddenKind(b, x, y) {
  if (!b.inside(x, y) || b.at(x, y) !== EMPTY) return null;
  return new Checker(b).check(x, y);
}

/** Every forbidden point for Black: [{x, y, kind}]. */
export function forbiddenPoints(b) {
  const out = [];
  const c = new Checker(b);
  for (let y = 0; y < b.size; y++) {
    for (let x = 0; x < b.size; x++) {
      const kind = c.check(x, y);
      if (kind) out.push({ x, y, kind });
    }
  }
  return out;
}

/** A point as the app writes it for people: capital column letter from A (no letter skipped, as
 *  the board labels them; a lowercase l reads as 1), row number from the bottom (H8 is the centre
 *  of 15×15). */
export function notation(size, x, y) {
  return columnLetter(x) + String(size - y);
}

/** The board's label of column x: A for 0, B for 1, ... (I included). */
export function columnLetter(x) {
  return String.fromCharCode(65 + x);
}
