// The page's game requests (res/web/js/client.js) without a server: the messages a peer sends
// are handed to the client's handlers and what it sends is collected. A takeback request and a
// draw offer stand at once, each with its own answer; when one resolves, the other is kept or
// withdrawn with a notice, never lost (as net::Match does for the desktop app).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Outcome, EndReason } from '../../res/web/js/protocol.js';
import { BLACK, WHITE } from '../../res/web/js/game.js';

// Node.js 18 (Debian 12) has CustomEvent only behind a flag; the page's browsers all have it.
globalThis.CustomEvent ??= class extends Event {
  constructor(type, init = {}) {
    super(type, init);
    this.detail = init.detail ?? null;
  }
};
const { Client } = await import('../../res/web/js/client.js');

// A running game, we play Black, with `moves` played; returns the client and what it sent.
function playing(moves) {
  const c = new Client('ws://unused');
  const sent = [];
  c.send = (m) => sent.push(m);
  c.state.game = {
    ...c.newGame({ gameId: 1n, boardSize: 15, rule: 0, foul: 0, youAreBlack: true, opponent: 'Bob',
      opponentScore: 1000, rated: false }),
    running: true,
    moves: moves.map(([x, y]) => ({ x, y })),
  };
  return { c, sent };
}

// Four moves played, we are to move; the opponent offered a draw, then asked for a takeback.
function opponentAsksBoth() {
  const { c, sent } = playing([[7, 7], [8, 8], [9, 9], [10, 10]]);
  c.onDRAW_OFFER({ atPly: 4 });
  c.onTAKEBACK_REQUEST({ atPly: 4, returnTo: 3 });
  return { c, sent };
}

test('an offered draw and a takeback request from the opponent stand together', () => {
  const { c, sent } = opponentAsksBoth();
  assert.equal(c.state.game.draw.from, 'opponent');
  assert.equal(c.state.game.takeback.from, 'opponent');
  assert.equal(sent.length, 0, 'nothing is refused on its own');
  c.answer('takeback', false);
  assert.deepEqual(sent.pop(), { type: 'TAKEBACK_REPLY', atPly: 4, accept: false });
  assert.equal(c.state.game.draw.from, 'opponent', 'declining the takeback keeps the draw offer');
  c.answer('draw', false);
  assert.deepEqual(sent.pop(), { type: 'DRAW_REPLY', atPly: 4, accept: false });
  assert.equal(c.state.game.draw, null);
  assert.equal(c.state.game.moves.length, 4);
});

test('an accepted takeback withdraws the draw offer with a notice', () => {
  const { c, sent } = opponentAsksBoth();
  c.answer('takeback', true);
  assert.deepEqual(sent.pop(), { type: 'TAKEBACK_REPLY', atPly: 4, accept: true });
  const g = c.state.game;
  assert.equal(g.moves.length, 3);
  assert.equal(g.draw, null);
  assert.equal(g.notice, 'draw-withdrawn');
});

test('an agreed draw withdraws the takeback request with a notice', () => {
  const { c, sent } = opponentAsksBoth();
  c.answer('draw', true);
  assert.deepEqual(sent.pop(), { type: 'DRAW_REPLY', atPly: 4, accept: true });
  const g = c.state.game;
  assert.equal(g.running, false);
  assert.equal(g.outcome, Outcome.DRAW);
  assert.equal(g.reason, EndReason.AGREEMENT);
  assert.equal(g.takeback, null);
  assert.equal(g.notice, 'takeback-withdrawn');
});

test('our draw offer does not refuse the opponent\'s takeback request', () => {
  const { c, sent } = playing([[7, 7], [8, 8], [9, 9]]);
  c.offerDraw();
  assert.deepEqual(sent.pop(), { type: 'DRAW_OFFER', atPly: 3 });
  c.onTAKEBACK_REQUEST({ atPly: 3, returnTo: 1 });
  assert.equal(sent.length, 0);
  assert.equal(c.state.game.takeback.back, 2);
  assert.equal(c.state.game.draw.from, 'me');
  c.onDRAW_REPLY({ atPly: 3, accept: true });
  assert.equal(c.state.game.outcome, Outcome.DRAW);
  assert.equal(c.state.game.notice, 'takeback-withdrawn');
});

test('the answer to our takeback still arrives while the opponent offers a draw', () => {
  const { c, sent } = playing([[7, 7], [8, 8], [9, 9]]);
  c.takeback();
  assert.deepEqual(sent.pop(), { type: 'TAKEBACK_REQUEST', atPly: 3, returnTo: 2 });
  c.onDRAW_OFFER({ atPly: 3 });
  assert.equal(c.state.game.takeback.from, 'me');
  assert.equal(c.state.game.draw.from, 'opponent');
  c.answer('draw', true);  // answered after our takeback request: nothing sent
  assert.equal(sent.length, 0);
  c.onTAKEBACK_REPLY({ atPly: 3, accept: true });
  assert.equal(c.state.game.moves.length, 2, 'the takeback is applied');
  assert.equal(c.state.game.draw, null);
  assert.equal(c.state.game.notice, 'draw-withdrawn');
});

test('a declined takeback keeps the opponent\'s draw offer and says it was declined', () => {
  const { c } = playing([[7, 7], [8, 8], [9, 9]]);
  c.takeback();
  c.onDRAW_OFFER({ atPly: 3 });
  c.onTAKEBACK_REPLY({ atPly: 3, accept: false });
  assert.equal(c.state.game.notice, 'takeback-declined');
  assert.equal(c.state.game.draw.from, 'opponent');
});

test('a move declines the opponent\'s takeback request and lapses its draw offer', () => {
  const { c, sent } = playing([[7, 7], [8, 8]]);
  c.onDRAW_OFFER({ atPly: 2 });
  c.onTAKEBACK_REQUEST({ atPly: 2, returnTo: 1 });
  assert.equal(c.move(0, 0), '');
  assert.deepEqual(sent[0], { type: 'TAKEBACK_REPLY', atPly: 2, accept: false });
  assert.deepEqual(sent[1], { type: 'MOVE', ply: 2, x: 0, y: 0 });
  assert.equal(c.state.game.takeback, null);
  assert.equal(c.state.game.draw, null);
});

// ---- protocol 1.4: clocks and opening rules --------------------------------------------------

const fischer = { kind: 1, baseMs: 300000, incrementMs: 5000, moveMs: 0 };

// A matched game of swap2 with a clock; SETUP received. `first`: we are the first seat.
function swap2(first) {
  const c = new Client('ws://unused');
  const sent = [];
  c.send = (m) => sent.push(m);
  c.state.game = c.newGame({ gameId: 2n, boardSize: 15, rule: 0, foul: 0, youAreBlack: first,
    opponent: 'Bob', opponentScore: 1000, rated: false, opening: 2, clock: fischer });
  c.onSETUP({ boardSize: 15, rule: 0, hostIsBlack: !first, foul: 0, token: 1n, opening: 2, clock: fischer });
  return { c, sent };
}

test('swap2: our decisions go out numbered, the opponent\'s are applied, then the clocks run', () => {
  const { c, sent } = swap2(true);
  let g = c.state.game;
  assert.equal(g.opening.step, 'place');
  assert.ok(c.ourDecision());
  assert.equal(g.clocks.running, 0, 'no clock runs during the opening');
  assert.equal(c.move(7, 7), 'opening', 'no normal move in the opening');
  assert.equal(c.openingAct({ action: 0, points: [{ x: 7, y: 7 }] }), '');
  assert.equal(c.openingAct({ action: 0, points: [{ x: 7, y: 7 }] }), 'Occupied');
  assert.equal(c.openingAct({ action: 1, choice: 2 }), 'WrongStep');
  c.openingAct({ action: 0, points: [{ x: 8, y: 8 }] });
  c.openingAct({ action: 0, points: [{ x: 7, y: 8 }] });
  assert.deepEqual(sent.map((m) => [m.type, m.seq, m.action]), [['OPENING', 0, 0], ['OPENING', 1, 0], ['OPENING', 2, 0]]);
  assert.ok(!c.ourDecision());
  assert.equal(c.openingAct({ action: 1, choice: 2 }), 'NotYourDecision');
  // No draw during the opening: ours is not offered, the opponent's declined at once.
  c.offerDraw();
  assert.equal(sent.length, 3);
  c.onDRAW_OFFER({ atPly: 3 });
  assert.deepEqual(sent.pop(), { type: 'DRAW_REPLY', atPly: 3, accept: false });
  assert.equal(c.state.game.draw, null);
  // Out of turn from the opponent: an error, nothing applied.
  c.onOPENING({ seq: 5, action: 1, points: [], choice: 2, count: 0 });
  assert.equal(c.state.lastError.kind, 'error');
  assert.equal(c.state.game.openingActs.length, 3);
  // The second player takes Black: we are White and play the 4th move; our clock runs.
  c.onOPENING({ seq: 3, action: 1, points: [], choice: 2, count: 0 });
  g = c.state.game;
  assert.equal(g.opening, null);
  assert.equal(g.youAreBlack, false);
  assert.equal(g.openingStones, 3);
  assert.equal(g.clocks.running, WHITE);
  assert.ok(c.ourTurn());
  sent.length = 0;
  assert.equal(c.move(0, 0), '');
  assert.equal(sent[0].type, 'MOVE');
  assert.equal(sent[0].ply, 3);
  assert.ok(sent[0].thinkMs >= 0 && sent[0].thinkMs < 1000);
  assert.equal(c.state.game.clocks.running, BLACK);
  // The opponent's move carries the time the server charged it.
  c.onMOVE({ ply: 4, x: 1, y: 1, thinkMs: 1234 });
  g = c.state.game;
  assert.equal(g.clocks.sides[BLACK].mainMs, 300000 - 1234 + 5000);
  assert.equal(g.clocks.running, WHITE);
  // A takeback never reaches into the opening's stones: ours (2 plies back) would.
  c.takeback();
  assert.equal(g.takeback, null);
  c.stopClock();
});

test('a SYNC in the opening replays its decisions; one that does not follow is refused', () => {
  const stones = [{ x: 7, y: 7 }, { x: 8, y: 8 }, { x: 7, y: 8 }, { x: 0, y: 0 }];
  const act = (seq, action, points = [], choice = 0) => ({ seq, action, points, choice, count: 0 });
  const acts = [act(0, 0, [stones[0]]), act(1, 0, [stones[1]]), act(2, 0, [stones[2]]), act(3, 1, [], 4),
    act(4, 0, [stones[3]])];
  const sync = {
    game: 1, setup: { boardSize: 15, rule: 0, hostIsBlack: false, foul: 0, token: 9n, opening: 2, clock: fischer },
    hostNickname: 'Bob', outcome: 0, reason: 0, moves: stones, previousOutcome: 0, previousReason: 0,
    blackMainMs: 250000, whiteMainMs: 260000, hostPlaysBlack: false, openingActs: acts,
  };
  const { c } = swap2(true);
  c.onSYNC(sync);
  let g = c.state.game;
  assert.equal(g.opening.step, 'place', 'the second player places its second stone');
  assert.ok(!c.ourDecision());
  assert.equal(g.moves.length, 4);
  assert.equal(g.openingActs.length, 5);
  assert.equal(g.clocks.sides[BLACK].mainMs, 250000);
  assert.equal(g.clocks.running, 0);
  c.onOPENING({ seq: 5, action: 0, points: [{ x: 7, y: 9 }], choice: 0, count: 0 });
  assert.equal(c.state.game.opening.step, 'colour-choice');
  assert.ok(c.ourDecision());

  const bad = swap2(true).c;
  bad.onSYNC({ ...sync, moves: [...stones.slice(0, 3), { x: 1, y: 1 }] });
  assert.equal(bad.state.lastError.kind, 'error');
  assert.equal(bad.state.game.moves.length, 0, 'the game stays as it was');
});

test('our own time runs out: FLAG about our time, the game lost on time', () => {
  const { c, sent } = swap2(true);
  for (const [x, y] of [[7, 7], [8, 8], [7, 8]]) c.openingAct({ action: 0, points: [{ x, y }] });
  c.onOPENING({ seq: 3, action: 1, points: [], choice: 3, count: 0 });  // it takes White: we are Black
  const g = c.state.game;
  assert.equal(g.youAreBlack, true);
  assert.equal(g.clocks.running, WHITE, 'White plays the 4th move');
  c.onMOVE({ ply: 3, x: 0, y: 0, thinkMs: 100 });
  assert.ok(c.ourTurn());
  g.clocks.startedAt -= 301000;  // five minutes later
  sent.length = 0;
  c.checkFlag();
  assert.deepEqual(sent, [{ type: 'FLAG', atPly: 4 }]);
  assert.equal(c.state.game.outcome, Outcome.WHITE_WON);
  assert.equal(c.state.game.reason, EndReason.TIME);
  assert.equal(c.state.game.clocks.reading(BLACK, performance.now()).mainMs, 0);
});

test('the server\'s FLAG ends the game whatever our clock shows; a later one is an error', () => {
  const { c } = swap2(false);
  c.onOPENING({ seq: 0, action: 0, points: [{ x: 7, y: 7 }], choice: 0, count: 0 });
  c.onOPENING({ seq: 1, action: 0, points: [{ x: 8, y: 8 }], choice: 0, count: 0 });
  c.onOPENING({ seq: 2, action: 0, points: [{ x: 7, y: 8 }], choice: 0, count: 0 });
  assert.equal(c.openingAct({ action: 1, choice: 3 }), '');  // we take White and move 4th
  c.onFLAG({ atPly: 9 });
  assert.equal(c.state.game.running, true);
  assert.equal(c.state.lastError.kind, 'error');
  c.onFLAG({ atPly: 3 });  // our (White's) time, at once: the server's clock stands
  assert.equal(c.state.game.running, false);
  assert.equal(c.state.game.outcome, Outcome.BLACK_WON);
  assert.equal(c.state.game.reason, EndReason.TIME);
});

test('play again: the other player takes the first seat, fresh opening and clocks', () => {
  const { c, sent } = swap2(true);
  c.resign();
  assert.equal(c.state.game.running, false);
  c.onPLAY_AGAIN({ game: 2, want: true });
  c.answer('again', true);
  assert.deepEqual(sent.pop(), { type: 'PLAY_AGAIN', game: 2, want: true });
  const g = c.state.game;
  assert.equal(g.number, 2);
  assert.equal(g.seat, 1, 'the second seat now');
  assert.equal(g.youAreBlack, false);
  assert.equal(g.opening.step, 'place');
  assert.ok(!c.ourDecision());
  assert.equal(g.openingActs.length, 0);
  assert.equal(g.clocks.sides[BLACK].mainMs, 300000);
  assert.equal(g.clocks.running, 0);
});

// ---- protocol 1.6: the opening on the clock ------------------------------------------------------

// A matched game of swap2 on the clock whose SETUP says the opening is timed.
function timedSwap2(first) {
  const { c, sent } = swap2(true);
  c.onSETUP({ boardSize: 15, rule: 0, hostIsBlack: !first, openingTimed: true, foul: 0, token: 1n,
    opening: 2, clock: fischer });
  return { c, sent };
}

test('a timed opening: our decisions carry their time, the opponent\'s are charged, a swap keeps each clock', () => {
  const { c, sent } = timedSwap2(true);
  let g = c.state.game;
  assert.equal(g.openingTimed, true);
  assert.equal(g.clocks.running, BLACK, 'the first player\'s clock runs from the start');
  g.clocks.startedAt -= 2000;  // two seconds on the first stone
  assert.equal(c.openingAct({ action: 0, points: [{ x: 7, y: 7 }] }), '');
  assert.ok(sent[0].thinkMs >= 2000 && sent[0].thinkMs < 3000, `thinkMs ${sent[0].thinkMs}`);
  g = c.state.game;
  assert.equal(g.clocks.running, BLACK, 'the same player decides again');
  assert.equal(g.openingActs[0].thinkMs, undefined, 'the list of decisions keeps no times');
  c.openingAct({ action: 0, points: [{ x: 8, y: 8 }] });
  c.openingAct({ action: 0, points: [{ x: 7, y: 8 }] });
  g = c.state.game;
  assert.equal(g.clocks.running, WHITE, 'the second player decides now');
  const ours = g.clocks.sides[BLACK].mainMs;
  assert.ok(ours > 300000 + 3 * 5000 - 4000, 'three increments, about 2 s used');
  // The opponent takes Black after 4 s as the server charged it: each keeps their own clock.
  c.onOPENING({ seq: 3, action: 1, points: [], choice: 2, count: 0, thinkMs: 4000 });
  g = c.state.game;
  assert.equal(g.youAreBlack, false);
  assert.equal(g.clocks.sides[BLACK].mainMs, 300000 - 4000 + 5000, 'the opponent\'s clock, now Black');
  assert.equal(g.clocks.sides[WHITE].mainMs, ours, 'ours, now White');
  assert.equal(g.clocks.running, WHITE, 'White plays the 4th move');
  assert.ok(c.ourTurn());
  c.stopClock();
});

test('our time runs out in a timed opening: FLAG names the decision; a late decision is not sent', () => {
  const { c, sent } = timedSwap2(true);
  c.openingAct({ action: 0, points: [{ x: 7, y: 7 }] });
  c.state.game.clocks.startedAt -= 306000;  // more than the 5 minutes and the increment
  sent.length = 0;
  assert.equal(c.openingAct({ action: 0, points: [{ x: 8, y: 8 }] }), 'Finished');
  assert.deepEqual(sent, [{ type: 'FLAG', atPly: 1, decision: 1 }]);
  const g = c.state.game;
  assert.equal(g.outcome, Outcome.WHITE_WON);
  assert.equal(g.reason, EndReason.TIME);
  assert.equal(g.moves.length, 1);
  assert.ok(g.clocks.reading(BLACK, performance.now()).flagged);
});

test('the server\'s FLAG in a timed opening: at the current decision, or taking back ours that crossed it', () => {
  // The opponent (the first player) ran out on its third stone.
  let { c } = timedSwap2(false);
  c.onOPENING({ seq: 0, action: 0, points: [{ x: 7, y: 7 }], choice: 0, count: 0, thinkMs: 100 });
  c.onFLAG({ atPly: 1, decision: 1 });
  assert.equal(c.state.game.outcome, Outcome.WHITE_WON);
  assert.equal(c.state.game.reason, EndReason.TIME);
  // We (the second player) took Black and moved after the server flagged our choice: both are
  // taken back, and the game ends where the server ended it.
  ({ c } = timedSwap2(false));
  for (const [i, [x, y]] of [[7, 7], [8, 8], [7, 8]].entries())
    c.onOPENING({ seq: i, action: 0, points: [{ x, y }], choice: 0, count: 0, thinkMs: 100 });
  assert.equal(c.openingAct({ action: 1, choice: 2 }), '');  // Black: the first player moves 4th
  c.onFLAG({ atPly: 9, decision: 7 });
  assert.equal(c.state.lastError.kind, 'error', 'a decision we never made');
  assert.equal(c.state.game.running, true);
  c.onFLAG({ atPly: 3, decision: 3 });
  const g = c.state.game;
  assert.equal(g.running, false);
  assert.equal(g.openingActs.length, 3);
  assert.equal(g.moves.length, 3);
  assert.equal(g.youAreBlack, false, 'the colours as they were at the FLAG');
  assert.equal(g.outcome, Outcome.BLACK_WON, 'we, the tentative White, lost on time');
  assert.ok(g.clocks.reading(WHITE, performance.now()).flagged);
});

test('an untimed opening (an older opponent): no clock runs, no time is sent', () => {
  const { c, sent } = swap2(true);
  c.openingAct({ action: 0, points: [{ x: 7, y: 7 }] });
  assert.equal(sent[0].thinkMs, undefined);
  assert.equal(c.state.game.clocks.running, 0);
  c.onFLAG({ atPly: 1, decision: 1 });
  assert.equal(c.state.lastError.kind, 'error');
});

test('the refusal of a request a move crossed is not the answer to the next one', () => {
  // As net::Match (found by fuzz_match): our request at ply 1 crosses the opponent's move; the
  // opponent takes that move back with our consent, so we are at ply 1 again when we ask once
  // more. The refusal of the first request names ply 1 too.
  const { c, sent } = playing([[7, 7]]);
  c.takeback();
  assert.deepEqual(sent.at(-1), { type: 'TAKEBACK_REQUEST', atPly: 1, returnTo: 0 });
  c.onMOVE({ ply: 1, x: 8, y: 8 });
  assert.equal(c.state.game.takeback, null, 'the crossed request is stale');
  c.onTAKEBACK_REQUEST({ atPly: 2, returnTo: 1 });
  c.answer('takeback', true);
  assert.equal(c.state.game.moves.length, 1);
  c.takeback();
  assert.deepEqual(sent.at(-1), { type: 'TAKEBACK_REQUEST', atPly: 1, returnTo: 0 });
  c.onTAKEBACK_REPLY({ atPly: 1, accept: false });  // the first request's refusal
  assert.equal(c.state.game.takeback?.from, 'me', 'still waiting for the answer');
  c.onTAKEBACK_REPLY({ atPly: 1, accept: true });
  assert.equal(c.state.game.moves.length, 0);
  assert.equal(c.state.game.takeback, null);
});

test('a new table owes no refusals of the old one', () => {
  // The old table may close with our crossed request never answered (the opponent left): the
  // next table's first answer must count.
  const { c, sent } = playing([[7, 7]]);
  c.takeback();
  c.onMOVE({ ply: 1, x: 8, y: 8 });
  c.onMATCHED({ gameId: 2n, boardSize: 15, rule: 0, foul: 0, youAreBlack: true, opponent: 'Carol',
    opponentScore: 1000, rated: false, resumeToken: 0n });
  c.state.game = { ...c.state.game, running: true, moves: [{ x: 7, y: 7 }] };
  c.takeback();
  assert.deepEqual(sent.at(-1), { type: 'TAKEBACK_REQUEST', atPly: 1, returnTo: 0 });
  c.onTAKEBACK_REPLY({ atPly: 1, accept: true });
  assert.equal(c.state.game.moves.length, 0, 'the answer of the new table is taken');
});
