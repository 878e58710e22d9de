// The page's opening rules (res/web/js/opening.js) against the cases of the C++ state machine
// (tests/core/opening_test.cpp): each rule's whole sequence, and a table of proposals each rule
// accepts or refuses, with the reason. Points are (x, y), 0-based, y from the top; the centre of
// 15x15 is (7, 7).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Opening, OpeningRule, OpeningStep, OpeningChoice as C, OpeningError as E, Seat,
  openingFitsRule, replayOpening,
} from '../../res/web/js/opening.js';
import { BLACK, WHITE } from '../../res/web/js/game.js';

const F = Seat.FIRST, S = Seat.SECOND;
const RENJU = 2, FREESTYLE = 0, STANDARD = 1;
const pt = (x, y) => ({ x, y });
const place = (p) => ({ action: 0, points: [p], choice: 0, count: 0 });
const choose = (c) => ({ action: 1, points: [], choice: c, count: 0 });
const declare = (n) => ({ action: 2, points: [], choice: 0, count: n });
const offer = (ps) => ({ action: 3, points: ps, choice: 0, count: 0 });
const pick = (p) => ({ action: 4, points: [p], choice: 0, count: 0 });

// Runs a table of [seat, action, expected error] rows on one opening, in order.
function run(o, rows) {
  rows.forEach(([seat, act, want], i) => {
    assert.equal(o.apply(seat, act), want, `row ${i + 1}: ${JSON.stringify(act)} by ${seat}`);
  });
  return o;
}

test('fits the rules it is played with', () => {
  for (const r of [FREESTYLE, STANDARD, RENJU]) assert.ok(openingFitsRule(OpeningRule.NONE, r, 15));
  assert.ok(openingFitsRule(OpeningRule.SWAP, FREESTYLE, 14));
  assert.ok(openingFitsRule(OpeningRule.SWAP2, STANDARD, 15));
  assert.ok(!openingFitsRule(OpeningRule.SWAP2, RENJU, 15));
  assert.ok(openingFitsRule(OpeningRule.SOOSORV8, RENJU, 15));
  assert.ok(openingFitsRule(OpeningRule.TARAGUCHI10, RENJU, 15));
  assert.ok(!openingFitsRule(OpeningRule.TARAGUCHI10, FREESTYLE, 15));
  assert.ok(!openingFitsRule(OpeningRule.SOOSORV8, RENJU, 16));
  assert.ok(!openingFitsRule(9, FREESTYLE, 15));
  assert.ok(new Opening(OpeningRule.NONE).done());
  assert.throws(() => new Opening(OpeningRule.SOOSORV8, 16), RangeError);
});

test('swap lets the second player pick a colour', () => {
  const o = run(new Opening(OpeningRule.SWAP), [
    [S, place(pt(0, 0)), E.NOT_YOUR_DECISION],
    [F, choose(C.TAKE_BLACK), E.WRONG_STEP],
    [F, place(pt(7, 7)), E.NONE],
    [F, place(pt(7, 7)), E.OCCUPIED],
    [F, place(pt(15, 3)), E.OFF_BOARD],
    [F, place(pt(0, 0)), E.NONE],  // anywhere
    [F, place(pt(8, 8)), E.NONE],
  ]);
  assert.equal(o.step, OpeningStep.COLOUR_CHOICE);
  assert.equal(o.decider, S);
  run(o, [
    [S, choose(C.SWAP), E.BAD_CHOICE],
    [S, choose(C.PLACE_TWO), E.BAD_CHOICE],
    [F, choose(C.TAKE_BLACK), E.NOT_YOUR_DECISION],
    [S, choose(C.TAKE_BLACK), E.NONE],
  ]);
  assert.ok(o.done());
  assert.equal(o.seatOf(BLACK), S);
  assert.equal(o.colourOf(F), WHITE);
  assert.equal(o.ply(), 3);  // the first player, now White, plays the 4th
  assert.equal(o.apply(F, place(pt(1, 1))), E.FINISHED);
});

test('swap2 offers Black, White or two more stones', () => {
  const three = () => {
    const o = run(new Opening(OpeningRule.SWAP2), [
      [F, place(pt(7, 7)), E.NONE], [F, place(pt(8, 7)), E.NONE], [F, place(pt(7, 8)), E.NONE],
    ]);
    assert.equal(o.step, OpeningStep.SWAP2_CHOICE);
    assert.equal(o.decider, S);
    return o;
  };
  const black = run(three(), [[S, choose(C.TAKE_BLACK), E.NONE]]);
  assert.equal(black.seatOf(BLACK), S);
  assert.ok(black.done());
  const white = run(three(), [[S, choose(C.TAKE_WHITE), E.NONE]]);
  assert.equal(white.seatOf(WHITE), S);
  const two = run(three(), [
    [S, choose(C.KEEP), E.BAD_CHOICE],
    [S, choose(C.PLACE_TWO), E.NONE],
    [F, place(pt(6, 6)), E.NOT_YOUR_DECISION],
    [S, place(pt(6, 6)), E.NONE],  // White's stone
    [F, choose(C.TAKE_WHITE), E.WRONG_STEP],
    [S, place(pt(9, 9)), E.NONE],  // Black's stone
  ]);
  assert.equal(two.step, OpeningStep.COLOUR_CHOICE);
  assert.equal(two.decider, F);
  run(two, [[F, choose(C.TAKE_WHITE), E.NONE]]);
  assert.equal(two.seatOf(BLACK), S);
  assert.equal(two.ply(), 5);
  assert.deepEqual(two.moves[4], pt(9, 9));
});

// Soosõrv-8 to the offer of the 5th moves: the opening h8 h9 h10 (all on the centre column),
// a swap, White's 4th move on that column and `n` declared, no swap.
function soosorvToOffer(n) {
  const o = run(new Opening(OpeningRule.SOOSORV8, 15, RENJU), [
    [F, place(pt(7, 7)), E.NONE], [F, place(pt(7, 6)), E.NONE], [F, place(pt(7, 5)), E.NONE],
    [S, choose(C.SWAP), E.NONE],  // Second takes Black
  ]);
  assert.equal(o.decider, F);  // White: the 4th move
  assert.equal(o.area, -1);
  run(o, [[F, place(pt(7, 11)), E.NONE]]);
  assert.equal(o.step, OpeningStep.DECLARE_COUNT);
  run(o, [[F, declare(n), E.NONE], [S, choose(C.KEEP), E.NONE]]);
  assert.equal(o.step, OpeningStep.PLACE_ALTERNATIVES);
  assert.equal(o.decider, S);
  return o;
}

test('Soosõrv-8 refuses what RIF refuses', () => {
  const o = run(new Opening(OpeningRule.SOOSORV8, 15, RENJU), [
    [F, place(pt(7, 8)), E.OUTSIDE_AREA],  // move 1 at the centre only
    [F, place(pt(7, 7)), E.NONE],
    [F, place(pt(7, 5)), E.OUTSIDE_AREA],  // move 2 within the 3x3
    [F, place(pt(8, 6)), E.NONE],
    [F, place(pt(10, 7)), E.OUTSIDE_AREA],  // move 3 within the 5x5
    [F, place(pt(9, 9)), E.NONE],
    [S, choose(C.TAKE_BLACK), E.BAD_CHOICE],
    [S, choose(C.KEEP), E.NONE],
    [S, place(pt(0, 14)), E.NONE],  // the 4th anywhere, by White
    [F, declare(3), E.NOT_YOUR_DECISION],
    [S, declare(0), E.BAD_COUNT],
    [S, declare(9), E.BAD_COUNT],
    [S, declare(8), E.NONE],
  ]);
  assert.equal(o.wanted, 8);

  const a = soosorvToOffer(2);
  run(a, [
    [S, offer([pt(5, 8)]), E.BAD_COUNT],
    [S, offer([pt(5, 8), pt(5, 8)]), E.DUPLICATE],
    [S, offer([pt(5, 8), pt(7, 6)]), E.OCCUPIED],
    [S, offer([pt(5, 8), pt(-1, 8)]), E.OFF_BOARD],
  ]);
  // The stones stand on the centre column: mirrored left-right the position is the same, so
  // (5,8) and (9,8) are the same 5th move.
  assert.ok(a.symmetric(pt(5, 8), pt(9, 8)));
  assert.ok(!a.symmetric(pt(5, 8), pt(9, 9)));
  run(a, [
    [S, offer([pt(5, 8), pt(9, 8)]), E.SYMMETRIC],
    [S, offer([pt(5, 8), pt(9, 9)]), E.NONE],
  ]);
  assert.equal(a.step, OpeningStep.CHOOSE_ALTERNATIVE);
  assert.equal(a.decider, F);  // White
  run(a, [
    [F, pick(pt(9, 8)), E.NOT_AN_ALTERNATIVE],
    [S, pick(pt(9, 9)), E.NOT_YOUR_DECISION],
    [F, pick(pt(9, 9)), E.NONE],
  ]);
  assert.ok(a.done());
  assert.equal(a.ply(), 5);
  assert.equal(a.seatOf(WHITE), F);
});

test('symmetry takes every turn and mirror that keeps the position', () => {
  // Only the centre stone and White's diagonal neighbour: the mirror in that diagonal keeps the
  // position, so (5,7) and (7,5) are one point; a quarter turn does not.
  const o = run(new Opening(OpeningRule.TARAGUCHI10), [
    [F, place(pt(7, 7)), E.NONE], [S, choose(C.KEEP), E.NONE], [S, place(pt(8, 8)), E.NONE],
  ]);
  assert.ok(o.symmetric(pt(5, 7), pt(7, 5)));
  assert.ok(o.symmetric(pt(9, 6), pt(6, 9)));
  assert.ok(!o.symmetric(pt(5, 7), pt(9, 7)));
  assert.ok(!o.symmetric(pt(5, 7), pt(5, 7)));
});

test('Taraguchi-10 grows the square and offers a swap after each move', () => {
  const o = run(new Opening(OpeningRule.TARAGUCHI10, 15, RENJU), [
    [F, place(pt(6, 6)), E.OUTSIDE_AREA],
    [F, place(pt(7, 7)), E.NONE],
  ]);
  assert.equal(o.step, OpeningStep.SWAP_OFFER);
  assert.equal(o.decider, S);
  run(o, [
    [S, choose(C.SWAP), E.NONE],  // Second is Black now; White's 2nd move
    [F, place(pt(9, 7)), E.OUTSIDE_AREA],  // 3x3
    [F, place(pt(8, 7)), E.NONE],
    [S, choose(C.KEEP), E.NONE],
    [S, place(pt(10, 7)), E.OUTSIDE_AREA],  // 5x5, Black's 3rd move
    [S, place(pt(9, 9)), E.NONE],
    [F, choose(C.KEEP), E.NONE],
    [F, place(pt(11, 7)), E.OUTSIDE_AREA],  // 7x7
    [F, place(pt(10, 4)), E.NONE],
    [S, choose(C.KEEP), E.NONE],
  ]);
  assert.equal(o.step, OpeningStep.FIFTH_CHOICE);
  assert.equal(o.decider, S);
  const one = run(o.clone(), [
    [S, choose(C.ONE_FIFTH), E.NONE],
    [S, place(pt(12, 7)), E.OUTSIDE_AREA],  // 9x9
    [S, place(pt(11, 7)), E.NONE],
    [F, choose(C.SWAP), E.NONE],
  ]);
  assert.ok(one.done());
  assert.equal(one.seatOf(WHITE), S);  // swapped back: Second plays the 6th as White

  run(o, [[S, choose(C.TEN_FIFTHS), E.NONE]]);
  assert.equal(o.wanted, 10);
  const ten = [];
  for (let i = 0; i < 9; i++) ten.push(pt(i, 14));
  run(o, [[S, offer(ten), E.BAD_COUNT]]);
  ten.push(pt(14, 0));  // anywhere on the board
  run(o, [[S, offer(ten), E.NONE], [F, pick(pt(14, 0)), E.NONE]]);
  assert.ok(o.done());
  assert.equal(o.ply(), 5);
});

test('history keeps each decision and replays it', () => {
  const o = run(new Opening(OpeningRule.SOOSORV8, 15, RENJU), [
    [F, place(pt(7, 7)), E.NONE],
    [F, place(pt(7, 5)), E.OUTSIDE_AREA],  // refused: no trace
    [F, place(pt(8, 6)), E.NONE],
    [F, place(pt(9, 9)), E.NONE],
    [S, choose(C.SWAP), E.NONE],  // Second is Black now
    [F, place(pt(0, 14)), E.NONE],
    [F, declare(2), E.NONE],
    [S, choose(C.KEEP), E.NONE],
    [S, offer([pt(5, 8), pt(9, 4)]), E.NONE],
    [F, pick(pt(1, 1)), E.NOT_AN_ALTERNATIVE],
    [F, pick(pt(9, 4)), E.NONE],
  ]);
  const expected = [
    { seat: F, ...place(pt(7, 7)) }, { seat: F, ...place(pt(8, 6)) },
    { seat: F, ...place(pt(9, 9)) }, { seat: S, ...choose(C.SWAP) },
    { seat: F, ...place(pt(0, 14)) }, { seat: F, ...declare(2) }, { seat: S, ...choose(C.KEEP) },
    { seat: S, ...offer([pt(5, 8), pt(9, 4)]) }, { seat: F, ...pick(pt(9, 4)) },
  ];
  assert.deepEqual(o.history, expected);
  const r = replayOpening(OpeningRule.SOOSORV8, 15, RENJU, o.history);
  assert.equal(r.error, E.NONE);
  assert.equal(r.applied, expected.length);
  assert.ok(r.opening.done());
  assert.deepEqual(r.opening.moves, o.moves);
  assert.equal(r.opening.seatOf(BLACK), S);
  // A list that does not fit: replayed up to the decision refused, which is named.
  const bad = [...expected];
  bad.splice(3, 1);  // without the swap answer the 4th decision (a stone) is out of step
  const b = replayOpening(OpeningRule.SOOSORV8, 15, RENJU, bad);
  assert.equal(b.applied, 3);
  assert.equal(b.error, E.WRONG_STEP);
  assert.equal(b.opening.ply(), 3);
  assert.equal(new Opening(OpeningRule.SWAP).apply(F, { action: 0, points: [], choice: 0, count: 0 }), E.BAD_COUNT);
});
