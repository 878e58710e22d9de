// The page's wire format (res/web/js/protocol.js) against the C++ encoder's bytes
// (tests/web/vectors.json, written and checked by tests/net/web_vectors_test.cpp): each vector
// decodes to the message below (the same message the C++ test builds under that name), encodes
// back to the same bytes, and each invalid frame is refused with the same error as net::decode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { encode, decode, ProtocolError } from '../../res/web/js/protocol.js';

const vectors = JSON.parse(readFileSync(new URL('./vectors.json', import.meta.url), 'utf8'));
const hex = (b) => Buffer.from(b).toString('hex');
const bytes = (h) => new Uint8Array(Buffer.from(h, 'hex'));

const settings = (boardSize, rule, color, foul, rated) => ({ boardSize, rule, color, foul, rated });
const summary = {
  id: 9007199254740993n, endedAt: -1n, black: '小明', white: 'Bob', rule: 2, boardSize: 15,
  outcome: 2, reason: 6, rated: true, blackDelta: -30, whiteDelta: 30, moves: 23,
};
const fischer = { kind: 1, baseMs: 300000, incrementMs: 5000, moveMs: 0 };
const perMove = { kind: 2, baseMs: 0, incrementMs: 0, moveMs: 30000 };
const byoYomi = { kind: 3, baseMs: 600000, incrementMs: 0, moveMs: 30000 };
const noClock = { kind: 0, baseMs: 0, incrementMs: 0, moveMs: 0 };
// The swap2 opening of tests/server's opening_swap2 so far: three stones, "two", one more.
const swap2Stones = [{ x: 7, y: 7 }, { x: 8, y: 8 }, { x: 7, y: 8 }, { x: 0, y: 0 }];
const act = (seq, action, points = [], choice = 0) => ({ seq, action, points, choice, count: 0 });
const swap2Acts = [act(0, 0, [swap2Stones[0]]), act(1, 0, [swap2Stones[1]]), act(2, 0, [swap2Stones[2]]),
  act(3, 1, [], 4), act(4, 0, [swap2Stones[3]])];
const swap2Sync = {
  game: 1, setup: { boardSize: 15, rule: 0, hostIsBlack: false, foul: 0, token: 99n, opening: 2, clock: { kind: 1, baseMs: 300000, incrementMs: 5000, moveMs: 0 } },
  hostNickname: 'Bob', outcome: 0, reason: 0, moves: swap2Stones, previousOutcome: 0, previousReason: 0,
  blackMainMs: 300000, whiteMainMs: 300000, hostPlaysBlack: false,
};
const sync = {
  game: 2, setup: { boardSize: 15, rule: 0, hostIsBlack: true, foul: 0, token: 42n },
  hostNickname: 'host', outcome: 1, reason: 3, moves: [{ x: 0, y: 0 }, { x: 14, y: 14 }, { x: 7, y: 7 }],
  previousOutcome: 0, previousReason: 0,
};
const expected = {
  hello: { type: 'HELLO', protocolMajor: 1, protocolMinor: 2, programVersion: '0.9.0', nickname: '小明' },
  setup: { type: 'SETUP', boardSize: 15, rule: 2, hostIsBlack: false, foul: 1, token: 0xffffffffffffffffn },
  move: { type: 'MOVE', ply: 65535, x: 14, y: 0 },
  bye: { type: 'BYE', reason: 1, text: 'bye 再见' },
  error: { type: 'ERROR', code: 11, text: 'too many messages' },
  takeback_request: { type: 'TAKEBACK_REQUEST', atPly: 5, returnTo: 3 },
  takeback_reply: { type: 'TAKEBACK_REPLY', atPly: 5, accept: true },
  draw_offer: { type: 'DRAW_OFFER', atPly: 12 },
  draw_reply: { type: 'DRAW_REPLY', atPly: 12, accept: false },
  resign: { type: 'RESIGN', atPly: 7 },
  nickname: { type: 'NICKNAME', nickname: 'Ａｌｉｃｅ' },
  play_again: { type: 'PLAY_AGAIN', game: 2, want: false },
  chat: { type: 'CHAT', text: '<img src=x onerror=alert(1)> 你好' },
  heartbeat: { type: 'HEARTBEAT' },
  resume_empty: { type: 'RESUME', token: 1n, game: 0, moves: [], previousOutcome: 0, previousReason: 0 },
  resume_previous: {
    type: 'RESUME', token: 123456789012345n, game: 3, moves: [{ x: 7, y: 7 }, { x: 8, y: 8 }],
    previousOutcome: 3, previousReason: 7,
  },
  sync: { type: 'SYNC', ...sync },
  sync_previous: { type: 'SYNC', ...sync, previousOutcome: 2, previousReason: 1 },
  welcome: { type: 'WELCOME', protocolMajor: 1, protocolMinor: 2, programVersion: '0.9.0', serverName: 'Gomoku 五子棋 server' },
  register: { type: 'REGISTER', name: '小明', password: 'password with spaces' },
  login_password: { type: 'LOGIN', method: 0, name: 'bob', secret: 'secret123' },
  login_token: { type: 'LOGIN', method: 1, name: 'bob', secret: 'a'.repeat(64) },
  login_result_ok: {
    type: 'LOGIN_RESULT', status: 0, detail: '', name: 'Bob', token: 'f'.repeat(64),
    stats: { score: -5, games: 4000000000, wins: 3, draws: 1 }, elo: true,
  },
  login_result_bad_name: {
    type: 'LOGIN_RESULT', status: 3, detail: 'a name has 2 to 20 letters or digits', name: '', token: '',
    stats: { score: 1000, games: 0, wins: 0, draws: 0 }, elo: false,
  },
  stats: { type: 'STATS', name: '小明', stats: { score: 1030, games: 1, wins: 1, draws: 0 }, elo: false },
  players: {
    type: 'PLAYERS', total: 123456,
    players: [{ name: 'a1', score: 1000, state: 1 }, { name: '小明', score: -20, state: 3 },
      { name: 'zz', score: 2147483647, state: 2 }],
  },
  players_empty: { type: 'PLAYERS', total: 0, players: [] },
  top: {
    type: 'TOP', entries: [{ rank: 1, name: 'best', score: 1500, games: 20, wins: 19 },
      { rank: 2, name: '第二', score: 1400, games: 10, wins: 7 }],
  },
  hall_request: { type: 'HALL_REQUEST' },
  find: { type: 'FIND', rule: 1 },
  cancel_find: { type: 'CANCEL_FIND' },
  room_create: { type: 'ROOM_CREATE', settings: settings(19, 0, 2, 0, true) },
  room_created: { type: 'ROOM_CREATED', code: 'AB12CD', settings: settings(15, 2, 1, 1, false) },
  room_join: { type: 'ROOM_JOIN', code: 'ab12cd', rated: true },
  invite: { type: 'INVITE', name: '小明', settings: settings(15, 1, 0, 0, true) },
  invited: { type: 'INVITED', inviteId: 4294967295, from: 'Bob', score: -100, settings: settings(15, 0, 0, 0, false) },
  invite_reply: { type: 'INVITE_REPLY', inviteId: 17, accept: true, rated: false },
  matched: {
    type: 'MATCHED', gameId: 18446744073709551615n, boardSize: 15, rule: 2, foul: 0, youAreBlack: false,
    opponent: '小明', opponentScore: 970, rated: true, resumeToken: 77n,
  },
  game_result: { type: 'GAME_RESULT', gameId: 5n, outcome: 3, reason: 7, rated: true, oldScore: 1000, newScore: 1000 },
  game_result_interrupted: { type: 'GAME_RESULT', gameId: 6n, outcome: 4, reason: 4, rated: false, oldScore: -3, newScore: -3 },
  games_request: { type: 'GAMES_REQUEST' },
  game_list: { type: 'GAME_LIST', last: false, games: [summary, summary] },
  game_list_empty: { type: 'GAME_LIST', last: true, games: [] },
  get_game: { type: 'GET_GAME', id: 9007199254740993n },
  game_record: { type: 'GAME_RECORD', summary, moves: [{ x: 7, y: 7 }, { x: 8, y: 7 }], moveMillis: [0, 4294967295] },
  denied: { type: 'DENIED', request: 77, code: 10, detail: 'declined' },
  opponent_away: { type: 'OPPONENT_AWAY', away: true, secondsLeft: 180 },
  opponent_back: { type: 'OPPONENT_AWAY', away: false, secondsLeft: 0 },
  setup_clock: {
    type: 'SETUP', boardSize: 15, rule: 0, hostIsBlack: true, foul: 0, token: 9n, opening: 2,
    clock: fischer,
  },
  move_think: { type: 'MOVE', ply: 4, x: 7, y: 8, thinkMs: 86400000 },
  flag: { type: 'FLAG', atPly: 258 },
  opening_place: { type: 'OPENING', seq: 2, action: 0, points: [{ x: 7, y: 7 }], choice: 0, count: 0 },
  opening_choose: { type: 'OPENING', seq: 3, action: 1, points: [], choice: 4, count: 0 },
  opening_offer: {
    type: 'OPENING', seq: 7, action: 3, points: [{ x: 1, y: 2 }, { x: 3, y: 4 }], choice: 0, count: 0,
  },
  sync_clock: {
    type: 'SYNC', ...sync, setup: { ...sync.setup, opening: 0, clock: perMove },
    blackMainMs: 30000, whiteMainMs: 29000, hostPlaysBlack: false,
  },
  find_clock: { type: 'FIND', rule: 0, opening: 0, clock: perMove },
  room_create_clock: {
    type: 'ROOM_CREATE', settings: { ...settings(15, 1, 1, 0, true), opening: 0, clock: fischer },
  },
  matched_clock: {
    type: 'MATCHED', gameId: 18446744073709551615n, boardSize: 15, rule: 2, foul: 0, youAreBlack: false,
    opponent: '小明', opponentScore: 970, rated: true, resumeToken: 0n, opening: 0, clock: fischer,
  },
  login_minor: { type: 'LOGIN', method: 0, name: 'bob', secret: 'secret123', clientMinor: 3 },
  game_result_time: { type: 'GAME_RESULT', gameId: 8n, outcome: 2, reason: 9, rated: true, oldScore: 1000, newScore: 970 },
  // Protocol 1.4, the page's minor.
  hello_minor4: { type: 'HELLO', protocolMajor: 1, protocolMinor: 4, programVersion: 'web', nickname: '小明' },
  register_minor: { type: 'REGISTER', name: '小明', password: 'password with spaces', clientMinor: 4 },
  login_token_minor: { type: 'LOGIN', method: 1, name: 'bob', secret: 'a'.repeat(64), clientMinor: 4 },
  opening_declare: { type: 'OPENING', seq: 5, action: 2, points: [], choice: 0, count: 8 },
  opening_pick: { type: 'OPENING', seq: 8, action: 4, points: [{ x: 9, y: 4 }], choice: 0, count: 0 },
  find_opening: { type: 'FIND', rule: 0, opening: 2, clock: fischer },
  find_opening_only: { type: 'FIND', rule: 2, opening: 3, clock: noClock },
  invite_opening: { type: 'INVITE', name: 'Bob', settings: { ...settings(15, 2, 2, 0, false), opening: 4, clock: byoYomi } },
  invited_opening: {
    type: 'INVITED', inviteId: 7, from: 'Bob', score: 1000,
    settings: { ...settings(15, 2, 2, 0, false), opening: 4, clock: byoYomi },
  },
  room_created_opening: {
    type: 'ROOM_CREATED', code: 'AB12CD', settings: { ...settings(15, 2, 2, 0, false), opening: 4, clock: byoYomi },
  },
  matched_opening: {
    type: 'MATCHED', gameId: 18446744073709551615n, boardSize: 15, rule: 2, foul: 0, youAreBlack: false,
    opponent: '小明', opponentScore: 970, rated: true, resumeToken: 0n, opening: 2, clock: fischer,
  },
  setup_byoyomi: {
    type: 'SETUP', boardSize: 15, rule: 2, hostIsBlack: false, foul: 0, token: 10n, opening: 3, clock: byoYomi,
  },
  resume_openings: {
    type: 'RESUME', token: 99n, game: 1, moves: swap2Stones, previousOutcome: 0, previousReason: 0,
    openingActs: swap2Acts,
  },
  sync_openings: { type: 'SYNC', ...swap2Sync, openingActs: swap2Acts },
  sync_opening_over: {
    type: 'SYNC', ...swap2Sync, blackMainMs: 1500, whiteMainMs: 172800000, hostPlaysBlack: true,
  },
  // Protocol 1.5's messages to a player about watchers, and 1.6 (the page's minor).
  hello_minor6: { type: 'HELLO', protocolMajor: 1, protocolMinor: 6, programVersion: 'web', nickname: '小明' },
  watchers: { type: 'WATCHERS', count: 65535 },
  watch_chat: { type: 'WATCH_CHAT', from: 'carol', player: false, text: '好棋' },
  setup_timed: {
    type: 'SETUP', boardSize: 15, rule: 0, hostIsBlack: false, openingTimed: true, foul: 0, token: 11n,
    opening: 2, clock: fischer,
  },
  opening_timed: { type: 'OPENING', seq: 3, action: 1, points: [], choice: 4, count: 0, thinkMs: 86400000 },
  flag_decision: { type: 'FLAG', atPly: 3, decision: 32 },
};

test('every vector has its expected message here', () => {
  assert.deepEqual(vectors.valid.map((v) => v.name).sort(), Object.keys(expected).sort());
});

for (const v of vectors.valid) {
  test(`decode ${v.name}`, () => assert.deepEqual(decode(bytes(v.hex)), expected[v.name]));
  test(`encode ${v.name}`, () => assert.equal(hex(encode(expected[v.name])), v.hex));
}

for (const v of vectors.invalid) {
  test(`refuse ${v.name} (${v.code})`, () => {
    assert.throws(() => decode(bytes(v.hex)), (e) => e instanceof ProtocolError && e.code === v.code);
  });
}

test('encode refuses what the wire cannot carry', () => {
  assert.throws(() => encode({ type: 'CHAT', text: 'x'.repeat(501) }), RangeError);
  assert.throws(() => encode({ type: 'NOPE' }), RangeError);
  assert.throws(() => encode({ type: 'PLAYERS', total: 0, players: new Array(31).fill({ name: 'a', score: 0, state: 1 }) }), RangeError);
});
