// Opening rules for the page: who decides what in the first moves of a game, until normal play
// begins. The same state machine as src/core/opening.h and opening.cpp (the reference; both
// sides of a game run it and must agree decision by decision). Sources:
//  - swap and swap2: Gomocup rules (gomocup.org, "Rules": "swap2", as the World Championship
//    plays it): the first player places three stones (Black, White, Black); the second
//    chooses a colour (swap), or under swap2 takes Black, takes White, or places two more
//    stones (White, Black) and lets the first player choose.
//  - Soosõrv-8: RIF (renju.net, "Soosõrv-N", certified 2011; the World Championship's rule
//    since 2017): the first player places one of the 26 openings (move 1 at the centre, 2 in the
//    central 3x3, 3 in the central 5x5); the other may swap; White places the 4th move anywhere
//    and declares N, 1..8; the other may swap; Black places N 5th-move alternatives, no two
//    symmetric; White chooses one and plays on.
//  - Taraguchi-10: RIF ("Taraguchi-N"): move 1 at the centre, then each of moves 2, 3 and 4
//    within the central 3x3, 5x5 and 7x7, a swap offer after each of moves 1-4; then Black
//    either places one 5th move within the central 9x9 (and the other may swap) or ten 5th-move
//    alternatives anywhere, no two symmetric, of which White chooses one.
// "Symmetric" alternatives (RIF): two points that a symmetry of the board which maps the
// position onto itself (same stones, same colours) maps onto each other; such a pair is refused.
// The players are seats: FIRST (the tentative Black) and SECOND. A swap exchanges the colours
// of the seats. Points: x = column, y = row from the top, 0-based.

import { Board, BLACK, WHITE, EMPTY, RULE_RENJU, RULE_FREESTYLE, forbiddenKind } from './game.js';
import { OpeningRule, OpeningAction } from './protocol.js';

export { OpeningRule };

/** Seats: FIRST is the tentative Black (moves first). */
export const Seat = Object.freeze({ FIRST: 0, SECOND: 1 });
/** The other seat. */
export const otherSeat = (s) => (s === Seat.FIRST ? Seat.SECOND : Seat.FIRST);

/** What the opening waits for (OpeningStep). */
export const OpeningStep = Object.freeze({
  PLACE: 'place',                            // decider places the next stone within area
  SWAP_OFFER: 'swap-offer',                  // decider keeps the colours or swaps them
  COLOUR_CHOICE: 'colour-choice',            // swap, swap2: decider picks its colour
  SWAP2_CHOICE: 'swap2-choice',              // swap2: Black, White, or two more stones
  FIFTH_CHOICE: 'fifth-choice',              // Taraguchi-10: one 5th move or ten alternatives
  DECLARE_COUNT: 'declare-count',            // Soosõrv-8: White declares 1..8 5th moves
  PLACE_ALTERNATIVES: 'place-alternatives',  // Black places the 5th-move alternatives at once
  CHOOSE_ALTERNATIVE: 'choose-alternative',  // White chooses one of them
  DONE: 'done',                              // normal play
});

/** A decision at SWAP_OFFER, COLOUR_CHOICE, SWAP2_CHOICE or FIFTH_CHOICE: the numbers of
 *  OPENING's `choice` (OpeningChoice). */
export const OpeningChoice = Object.freeze({
  KEEP: 0, SWAP: 1, TAKE_BLACK: 2, TAKE_WHITE: 3, PLACE_TWO: 4, ONE_FIFTH: 5, TEN_FIFTHS: 6,
});

/** Why an action was refused (OpeningError); NONE: it was applied. */
export const OpeningError = Object.freeze({
  NONE: 'None', FINISHED: 'Finished', NOT_YOUR_DECISION: 'NotYourDecision',
  WRONG_STEP: 'WrongStep', BAD_CHOICE: 'BadChoice', OFF_BOARD: 'OffBoard', OCCUPIED: 'Occupied',
  OUTSIDE_AREA: 'OutsideArea', FORBIDDEN: 'Forbidden', BAD_COUNT: 'BadCount',
  DUPLICATE: 'Duplicate', SYMMETRIC: 'Symmetric', NOT_AN_ALTERNATIVE: 'NotAnAlternative',
});
const E = OpeningError;

const MAX_SOOSORV_FIFTHS = 8;  // Soosõrv-8: at most 8 alternatives
const TARAGUCHI_FIFTHS = 10;   // Taraguchi-10: ten alternatives

/** Whether `opening` is played with games of `rule` on a board of `size` (openingFitsRule):
 *  none always; swap and swap2 under freestyle and standard; Soosõrv-8 and Taraguchi-10 under
 *  renju on a board of odd size (RIF's rules start at the centre). */
export function openingFitsRule(opening, rule, size) {
  switch (opening) {
    case OpeningRule.NONE: return true;
    case OpeningRule.SWAP:
    case OpeningRule.SWAP2: return rule !== RULE_RENJU;
    case OpeningRule.SOOSORV8:
    case OpeningRule.TARAGUCHI10: return rule === RULE_RENJU && size % 2 === 1;
    default: return false;
  }
}

// The 8 symmetries of a square board about its centre c: t = 0..7 (rotations by t % 4 quarter
// turns, mirrored first when t >= 4).
function transform(p, c, t) {
  let x = p.x - c, y = p.y - c;
  if (t >= 4) x = -x;
  for (let r = 0; r < t % 4; r++) {
    const nx = -y;
    y = x;
    x = nx;
  }
  return { x: x + c, y: y + c };
}

const same = (a, b) => a.x === b.x && a.y === b.y;

/** The opening of one game: a state machine over the game's first moves. */
export class Opening {
  /** The opening of a new game on an empty board of `size` under `rule` (an OpeningRule) and
   *  the game's rule (0 freestyle, 1 standard, 2 renju). Throws RangeError for a board without
   *  a centre under Soosõrv-8 or Taraguchi-10. */
  constructor(rule, size = 15, gameRule = RULE_FREESTYLE) {
    this.rule = rule;
    this.size = size;
    this.gameRule = gameRule;
    this.moves = [];              // the stones so far, Black first
    this.step = OpeningStep.DONE;
    this.decider = Seat.FIRST;    // who decides now (meaningless once DONE)
    this.blackSeat = Seat.FIRST;
    this.area = -1;               // PLACE: half the side of the central square (-1 anywhere)
    this.wanted = 0;              // alternatives wanted
    this.placeLeft = 0;           // stones the decider still places in this stage
    this.alternatives = [];
    this.history = [];            // { seat, action, points, choice, count } as OPENING has them
    const central = rule === OpeningRule.SOOSORV8 || rule === OpeningRule.TARAGUCHI10;
    if (central && size % 2 === 0)
      throw new RangeError('this opening rule needs a board with a centre (an odd size)');
    switch (rule) {
      case OpeningRule.SWAP:
      case OpeningRule.SWAP2:
        this.placeStage(Seat.FIRST, -1);
        this.placeLeft = 3;
        break;
      case OpeningRule.SOOSORV8:
        this.placeStage(Seat.FIRST, 0);
        this.placeLeft = 3;
        break;
      case OpeningRule.TARAGUCHI10:
        this.placeStage(Seat.FIRST, 0);
        break;
      default:
        break;
    }
  }

  /** True once normal play begins. */
  done() { return this.step === OpeningStep.DONE; }
  /** The seat that plays `colour` (BLACK or WHITE) now. */
  seatOf(colour) { return colour === WHITE ? otherSeat(this.blackSeat) : this.blackSeat; }
  /** The colour `seat` plays now. */
  colourOf(seat) { return seat === this.blackSeat ? BLACK : WHITE; }
  /** The number of stones. */
  ply() { return this.moves.length; }
  /** A copy (to try a decision without applying it). */
  clone() {
    const o = Object.create(Opening.prototype);
    Object.assign(o, this, {
      moves: [...this.moves], alternatives: [...this.alternatives], history: [...this.history],
    });
    return o;
  }

  placeStage(seat, area) {
    this.step = OpeningStep.PLACE;
    this.decider = seat;
    this.area = area;
    this.placeLeft = 1;
  }

  offerSwap(seat) {
    this.step = OpeningStep.SWAP_OFFER;
    this.decider = seat;
  }

  check(seat, step) {
    if (this.step === OpeningStep.DONE) return E.FINISHED;
    if (this.step !== step) return E.WRONG_STEP;
    if (seat !== this.decider) return E.NOT_YOUR_DECISION;
    return E.NONE;
  }

  // The game's check of a stone for the side to move: on the board, free, and under renju not
  // forbidden for Black (Game::check).
  pointError(p) {
    const b = new Board(this.size, this.moves);
    if (!Number.isInteger(p?.x) || !Number.isInteger(p?.y) || !b.inside(p.x, p.y)) return E.OFF_BOARD;
    if (b.at(p.x, p.y) !== EMPTY) return E.OCCUPIED;
    if (this.gameRule === RULE_RENJU && this.moves.length % 2 === 0 && forbiddenKind(b, p.x, p.y))
      return E.FORBIDDEN;
    return E.NONE;
  }

  /** Step PLACE: `seat` places a stone at p ({x, y}). */
  place(seat, p) {
    let e = this.check(seat, OpeningStep.PLACE);
    if (e !== E.NONE) return e;
    if ((e = this.pointError(p)) !== E.NONE) return e;
    const c = Math.floor(this.size / 2);
    if (this.area >= 0 && (Math.abs(p.x - c) > this.area || Math.abs(p.y - c) > this.area))
      return E.OUTSIDE_AREA;
    this.moves.push({ x: p.x, y: p.y });
    this.history.push({ seat, action: OpeningAction.PLACE, points: [{ x: p.x, y: p.y }], choice: 0, count: 0 });
    if (--this.placeLeft > 0) {
      // Soosõrv-8's first three stones: each in its own square (centre, 3x3, 5x5).
      if (this.rule === OpeningRule.SOOSORV8) this.area = this.ply();
      return E.NONE;
    }
    const ply = this.ply();
    switch (this.rule) {
      case OpeningRule.SWAP:
        this.step = OpeningStep.COLOUR_CHOICE;
        this.decider = Seat.SECOND;
        break;
      case OpeningRule.SWAP2:
        if (ply === 3) {
          this.step = OpeningStep.SWAP2_CHOICE;
          this.decider = Seat.SECOND;
        } else {  // the two more stones of PLACE_TWO: the first player chooses
          this.step = OpeningStep.COLOUR_CHOICE;
          this.decider = Seat.FIRST;
        }
        break;
      case OpeningRule.SOOSORV8:
        if (ply === 3) {
          this.offerSwap(Seat.SECOND);
        } else {  // White's 4th move: it declares the number of 5th moves
          this.step = OpeningStep.DECLARE_COUNT;
          this.decider = seat;
        }
        break;
      case OpeningRule.TARAGUCHI10:
        // A swap offer after each of moves 1-4 and after a single 5th move.
        this.offerSwap(otherSeat(seat));
        break;
      default:
        this.step = OpeningStep.DONE;
        break;
    }
    return E.NONE;
  }

  /** Steps SWAP_OFFER, COLOUR_CHOICE, SWAP2_CHOICE, FIFTH_CHOICE: `seat` decides. */
  choose(seat, choice) {
    const e = this.decide(seat, choice);
    if (e === E.NONE) this.history.push({ seat, action: OpeningAction.CHOOSE, points: [], choice, count: 0 });
    return e;
  }

  decide(seat, choice) {
    if (this.step === OpeningStep.DONE) return E.FINISHED;
    const S = OpeningStep, C = OpeningChoice;
    if (![S.SWAP_OFFER, S.COLOUR_CHOICE, S.SWAP2_CHOICE, S.FIFTH_CHOICE].includes(this.step))
      return E.WRONG_STEP;
    if (seat !== this.decider) return E.NOT_YOUR_DECISION;
    const ply = this.ply();
    switch (this.step) {
      case S.SWAP_OFFER:
        if (choice !== C.KEEP && choice !== C.SWAP) return E.BAD_CHOICE;
        if (choice === C.SWAP) this.blackSeat = otherSeat(this.blackSeat);
        if (this.rule === OpeningRule.SOOSORV8) {
          if (ply === 3) {
            this.placeStage(this.seatOf(WHITE), -1);  // the 4th move, anywhere
          } else {
            this.step = S.PLACE_ALTERNATIVES;  // Black offers the declared 5th moves
            this.decider = this.seatOf(BLACK);
          }
        } else if (ply <= 3) {  // Taraguchi-10: the next move within the next square
          this.placeStage(this.seatOf(ply % 2 === 0 ? BLACK : WHITE), ply);
        } else if (ply === 4) {
          this.step = S.FIFTH_CHOICE;
          this.decider = this.seatOf(BLACK);
        } else {
          this.step = S.DONE;  // after the single 5th move: White plays the 6th
        }
        return E.NONE;
      case S.SWAP2_CHOICE:
        if (choice === C.PLACE_TWO) {
          this.placeStage(seat, -1);
          this.placeLeft = 2;
          return E.NONE;
        }
        // taking Black or White: as a colour choice
      // falls through
      case S.COLOUR_CHOICE:
        if (choice !== C.TAKE_BLACK && choice !== C.TAKE_WHITE) return E.BAD_CHOICE;
        this.blackSeat = choice === C.TAKE_BLACK ? seat : otherSeat(seat);
        this.step = S.DONE;
        return E.NONE;
      case S.FIFTH_CHOICE:
        if (choice === C.ONE_FIFTH) {
          this.placeStage(seat, 4);  // within the central 9x9
          return E.NONE;
        }
        if (choice !== C.TEN_FIFTHS) return E.BAD_CHOICE;
        this.wanted = TARAGUCHI_FIFTHS;
        this.step = S.PLACE_ALTERNATIVES;
        return E.NONE;
      default:
        return E.WRONG_STEP;
    }
  }

  /** Step DECLARE_COUNT: `seat` declares n 5th moves (1..8). */
  declare(seat, n) {
    const e = this.check(seat, OpeningStep.DECLARE_COUNT);
    if (e !== E.NONE) return e;
    if (!Number.isInteger(n) || n < 1 || n > MAX_SOOSORV_FIFTHS) return E.BAD_COUNT;
    this.wanted = n;
    this.history.push({ seat, action: OpeningAction.DECLARE, points: [], choice: 0, count: n });
    this.offerSwap(otherSeat(seat));
    return E.NONE;
  }

  /** Step PLACE_ALTERNATIVES: `seat` offers exactly `wanted` points: empty, on the board,
   *  distinct, legal for Black and no two symmetric. */
  offer(seat, points) {
    let e = this.check(seat, OpeningStep.PLACE_ALTERNATIVES);
    if (e !== E.NONE) return e;
    if (points.length !== this.wanted) return E.BAD_COUNT;
    for (let i = 0; i < points.length; i++) {
      if ((e = this.pointError(points[i])) !== E.NONE) return e;
      for (let j = 0; j < i; j++) {
        if (same(points[i], points[j])) return E.DUPLICATE;
        if (this.symmetric(points[i], points[j])) return E.SYMMETRIC;
      }
    }
    this.alternatives = points.map((p) => ({ x: p.x, y: p.y }));
    this.history.push({ seat, action: OpeningAction.OFFER, points: [...this.alternatives], choice: 0, count: 0 });
    this.step = OpeningStep.CHOOSE_ALTERNATIVE;
    this.decider = this.seatOf(WHITE);
    return E.NONE;
  }

  /** Step CHOOSE_ALTERNATIVE: `seat` picks one of the alternatives as the 5th move. */
  pick(seat, p) {
    const e = this.check(seat, OpeningStep.CHOOSE_ALTERNATIVE);
    if (e !== E.NONE) return e;
    if (!this.alternatives.some((a) => same(a, p))) return E.NOT_AN_ALTERNATIVE;
    this.moves.push({ x: p.x, y: p.y });
    this.history.push({ seat, action: OpeningAction.PICK, points: [{ x: p.x, y: p.y }], choice: 0, count: 0 });
    this.step = OpeningStep.DONE;  // White plays the 6th move
    return E.NONE;
  }

  /** Takes a decision as OPENING carries it ({action, points, choice, count}) for `seat`
   *  (applyOpeningAct); a place or pick without exactly one point is BadCount. */
  apply(seat, act) {
    const pts = act.points ?? [];
    switch (act.action) {
      case OpeningAction.PLACE: return pts.length === 1 ? this.place(seat, pts[0]) : E.BAD_COUNT;
      case OpeningAction.PICK: return pts.length === 1 ? this.pick(seat, pts[0]) : E.BAD_COUNT;
      case OpeningAction.CHOOSE: return this.choose(seat, act.choice);
      case OpeningAction.DECLARE: return this.declare(seat, act.count);
      case OpeningAction.OFFER: return this.offer(seat, pts);
      default: return E.WRONG_STEP;
    }
  }

  /** True when a and b are symmetric in the position: a symmetry of the board (about its
   *  centre) that maps the stones onto themselves maps a onto b. */
  symmetric(a, b) {
    if (same(a, b)) return false;
    const board = new Board(this.size, this.moves);
    const n = this.size, c = Math.floor(n / 2);
    for (let t = 1; t < 8; t++) {
      if (!same(transform(a, c, t), b)) continue;
      let keeps = true;
      for (let y = 0; y < n && keeps; y++) {
        for (let x = 0; x < n && keeps; x++) {
          const s = board.at(x, y);
          if (s === EMPTY) continue;
          const q = transform({ x, y }, c, t);
          keeps = board.inside(q.x, q.y) && board.at(q.x, q.y) === s;
        }
      }
      if (keeps) return true;
    }
    return false;
  }
}

/** The opening `rule` with the decisions `acts` (OPENING payloads, in order) applied, each by
 *  the seat whose decision it was: { opening, applied, error } (replayOpening; error is the
 *  refusal of decision `applied`, NONE when all applied). */
export function replayOpening(rule, size, gameRule, acts) {
  const opening = new Opening(rule, size, gameRule);
  let applied = 0, error = E.NONE;
  for (const a of acts) {
    error = opening.done() ? E.FINISHED : opening.apply(opening.decider, a);
    if (error !== E.NONE) break;
    applied++;
  }
  return { opening, applied, error };
}
