// The page's game requests (res/web/js/client.js) without a server: the messages a peer sends
// are handed to the client's handlers and what it sends is collected. A takeback request and a
// draw offer stand at once, each with its own answer; when one resolves, the other is kept or
// withdrawn with a notice, never lost (as net::Match does for the desktop app).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Outcome, EndReason } from '../../res/web/js/protocol.js';

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
