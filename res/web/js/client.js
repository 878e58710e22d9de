// The browser's online client: one WebSocket to gomoku-server (binary frames, one protocol
// message each: protocol.js), the hall, and our side of each game as the joiner of
// src/net/PROTOCOL.md ("Server"), protocol 1.4: HELLO, SETUP, MOVE, takeback, draw,
// resignation, play again, chat, clocks (MOVE's thinking time, FLAG, SYNC's main times), opening
// rules (OPENING; opening.js is the state machine), and RESUME after a reconnect. No DOM here:
// the page (app.js) reads `state` and calls the methods; every change fires a 'change' event.
//
// Clocks as the C++ online client keeps them (net::Match with MatchSettings::serverKeepsTime):
// both clocks run here for display; our MOVE carries our thinking time, measured from the start
// of our turn; the opponent's MOVE carries the time the server charged it. The server keeps the
// authoritative clocks: its FLAG ends the game whatever our clock shows. When our own clock
// runs out on our turn we say so (FLAG about our own time) and the game is lost on time.

import {
  encode, decode, LoginMethod, LoginStatus, Outcome, EndReason, PROTOCOL_MINOR,
} from './protocol.js';
import { Board, BLACK, WHITE, RULE_RENJU, winningLine, forbiddenKind } from './game.js';
import { GameClock, NO_CLOCK } from './clock.js';
import { Opening, OpeningError, Seat, otherSeat, replayOpening } from './opening.js';

/** The time of the page's clocks, milliseconds (monotonic). */
const now = () => globalThis.performance.now();

// The colour whose clock runs in a timed opening (protocol 1.6): the decider's, or once the
// opening is over the side to move's (core/opening.h openingClockSide).
function openingClockSide(o) {
  if (o.done()) return o.moves.length % 2 === 0 ? BLACK : WHITE;
  return o.colourOf(o.decider);
}

// The requests of a game: a takeback request and a draw offer can stand at once (as in the
// desktop app), play again comes after the game. Each is null or { from: 'me' | 'opponent', … }.
const NO_REQUESTS = { takeback: null, draw: null, again: null };

const HEARTBEAT_MS = 2000;
const RECONNECT_MS = 2000;
const PROGRAM = 'web';
const storageKeys = { token: 'gomoku.token', name: 'gomoku.name' };

function store(kind) {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;  // storage disabled
  }
}

/** The session token kept for automatic logins: in this tab only, or remembered. */
function keptLogin() {
  for (const kind of ['session', 'local']) {
    const s = store(kind);
    const token = s?.getItem(storageKeys.token), name = s?.getItem(storageKeys.name);
    if (token && name) return { token, name };
  }
  return null;
}
function keepLogin(name, token, remember) {
  forgetLogin();
  const s = store(remember ? 'local' : 'session');
  s?.setItem(storageKeys.token, token);
  s?.setItem(storageKeys.name, name);
}
function forgetLogin() {
  for (const kind of ['session', 'local']) {
    store(kind)?.removeItem(storageKeys.token);
    store(kind)?.removeItem(storageKeys.name);
  }
}

export class Client extends EventTarget {
  constructor(url) {
    super();
    this.url = url;
    this.ws = null;
    this.heartbeat = null;
    this.reconnectTimer = null;
    this.staleTakebackReplies = 0;  // refusals still to come for our requests a move crossed
    this.pendingLogin = null;  // {kind, name, secret, remember}: sent once WELCOME arrived
    this.welcomed = false;
    this.signedOut = false;
    this.resumeToken = 0n;
    this.state = {
      connection: 'connecting', serverName: '', loggedIn: false,
      me: null, players: { total: 0, list: [] }, top: [], finding: null, room: null,
      invitations: [], game: null, chat: [], lastError: null,
    };
  }

  // ---- connection ---------------------------------------------------------------------------

  start() { this.connect(); }

  connect() {
    clearTimeout(this.reconnectTimer);
    this.welcomed = false;
    const ws = new WebSocket(this.url);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onmessage = (e) => {
      if (ws !== this.ws) return;
      let m;
      try {
        m = decode(new Uint8Array(e.data));
      } catch (err) {
        this.fail('error', 0, err.message);
        ws.close();
        return;
      }
      this.onMessage(m);
    };
    ws.onclose = () => {
      if (ws !== this.ws) return;
      clearInterval(this.heartbeat);
      this.ws = null;
      this.stopClock();  // a suspended match stops both clocks; SYNC restores them
      this.staleTakebackReplies = 0;  // what was in flight is lost with the connection
      const again = !this.signedOut;
      this.update({ connection: again ? 'reconnecting' : 'closed', finding: null, room: null }, 'connection');
      if (again) this.reconnectTimer = setTimeout(() => this.connect(), RECONNECT_MS);
    };
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.heartbeat = setInterval(() => this.send({ type: 'HEARTBEAT' }), HEARTBEAT_MS);
    };
  }

  send(m) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(encode(m));
  }

  update(fields, what) {
    this.state = { ...this.state, ...fields };
    this.dispatchEvent(new CustomEvent('change', { detail: { what } }));
  }

  updateGame(fields, what = 'game') {
    if (!this.state.game) return;
    this.update({ game: { ...this.state.game, ...fields } }, what);
  }

  fail(kind, code, detail) { this.update({ lastError: { kind, code, detail } }, 'error'); }

  // ---- login --------------------------------------------------------------------------------

  login(name, password, remember = false) {
    this.signedOut = false;
    this.pendingLogin = { kind: 'login', name, secret: password, remember };
    this.sendLogin();
  }

  register(name, password, remember = false) {
    this.signedOut = false;
    this.pendingLogin = { kind: 'register', name, secret: password, remember };
    this.sendLogin();
  }

  sendLogin() {
    if (!this.welcomed || !this.pendingLogin) {
      if (!this.ws) this.connect();
      return;
    }
    const p = this.pendingLogin;
    // Our minor version: the server pairs us only for games we can play (clocks, openings).
    if (p.kind === 'register') this.send({ type: 'REGISTER', name: p.name, password: p.secret, clientMinor: PROTOCOL_MINOR });
    else this.send({ type: 'LOGIN', method: p.kind === 'token' ? LoginMethod.TOKEN : LoginMethod.PASSWORD, name: p.name, secret: p.secret, clientMinor: PROTOCOL_MINOR });
    this.update({ lastError: null }, 'login');
  }

  signOut() {
    forgetLogin();
    this.signedOut = true;
    this.pendingLogin = null;
    this.send({ type: 'BYE', reason: 0, text: '' });
    this.update({ loggedIn: false, me: null, game: null, finding: null, room: null, invitations: [], chat: [] }, 'login');
    // The server closes after BYE; a fresh connection waits for the next login.
    this.signedOut = false;
  }

  // ---- hall ---------------------------------------------------------------------------------

  refreshHall() { this.send({ type: 'HALL_REQUEST' }); }
  /** Looks for an opponent of `rule`; `tail` = { opening, clock } (protocol 1.3: only
   *  players who asked for the same are paired), omitted: none. */
  find(rule, tail = {}) {
    this.send({ type: 'FIND', rule: Number(rule), ...tail });
    this.update({ finding: { rule: Number(rule), ...tail, since: Date.now() }, lastError: null }, 'finding');
  }
  cancelFind() {
    this.send({ type: 'CANCEL_FIND' });
    this.update({ finding: null, room: null }, 'finding');
  }
  createRoom(settings) {
    this.send({ type: 'ROOM_CREATE', settings });
    this.update({ lastError: null }, 'room');
  }
  joinRoom(code, rated) { this.send({ type: 'ROOM_JOIN', code: code.trim(), rated: !!rated }); }
  invite(name, settings) { this.send({ type: 'INVITE', name: name.trim(), settings }); }
  answerInvitation(id, accept, rated) {
    this.send({ type: 'INVITE_REPLY', inviteId: id, accept: !!accept, rated: !!rated });
    this.update({ invitations: this.state.invitations.filter((i) => i.id !== id) }, 'invitation');
  }

  // ---- game ---------------------------------------------------------------------------------

  /** Our stone at (x, y), when it is our turn and the point is free (and, under renju with
   *  forbidden moves refused, not forbidden for Black). Returns why not, or '' when sent. */
  move(x, y) {
    const g = this.state.game;
    if (!g || !g.running) return 'not-running';
    if (g.opening) return 'opening';
    if (!this.ourTurn()) return 'not-your-turn';
    if (g.takeback?.from === 'me') return 'waiting';
    const b = new Board(g.boardSize, g.moves);
    if (!b.inside(x, y) || b.at(x, y) !== 0) return 'occupied';
    if (g.rule === RULE_RENJU && g.youAreBlack && g.foul === 0 && forbiddenKind(b, x, y)) return 'forbidden';
    // Moving instead of answering declines the opponent's request (sent before the MOVE).
    if (g.takeback?.from === 'opponent')
      this.send({ type: 'TAKEBACK_REPLY', atPly: g.takeback.atPly, accept: false });
    const msg = { type: 'MOVE', ply: g.moves.length, x, y };
    if (g.clocks.enabled()) {
      // Our thinking time from the start of our turn; punching starts the opponent's clock.
      msg.thinkMs = Math.max(0, Math.round(g.clocks.punch(now())));
      this.armFlag();
    }
    this.send(msg);
    this.addMove(x, y, 'me');
    return '';
  }

  /** True when a normal move is ours to play (not during the opening). */
  ourTurn() {
    const g = this.state.game;
    return !!g && g.running && !g.opening && (g.moves.length % 2 === 0) === g.youAreBlack;
  }

  // ---- opening ------------------------------------------------------------------------------

  /** True when the opening runs and its next decision is ours. */
  ourDecision() {
    const g = this.state.game;
    return !!g && g.running && !!g.opening && g.opening.decider === g.seat;
  }

  /** Our decision in the opening: { action, points, choice, count } (OPENING's fields without
   *  seq). Returns the OpeningError (opening.js) that refuses it, or '' when sent and applied. */
  openingAct(act) {
    const g = this.state.game;
    if (!g || !g.running || !g.opening) return OpeningError.FINISHED;
    if (g.opening.decider !== g.seat) return OpeningError.NOT_YOUR_DECISION;
    const full = { seq: g.openingActs.length, action: act.action, points: act.points ?? [],
      choice: act.choice ?? 0, count: act.count ?? 0 };
    const msg = { type: 'OPENING', ...full };
    let step = null;
    if (this.openingOnClock()) {
      // Protocol 1.6: too late, the decision loses on time instead; else it carries its time,
      // and the game as it stood before it is kept until the opponent acts (see onFLAG).
      const t = now();
      const mine = g.opening.colourOf(g.seat);
      if (g.clocks.flagged(mine, t)) {
        this.checkFlag();
        return OpeningError.FINISHED;
      }
      msg.thinkMs = Math.max(0, Math.round(g.clocks.used(mine, t)));
      step = { act: full.seq, opening: g.opening.clone(), clocks: g.clocks.clone(), at: t };
    }
    const trial = g.opening.clone();
    const e = trial.apply(g.seat, full);
    if (e !== OpeningError.NONE) return e;
    this.send(msg);
    this.openingApplied(trial, full, msg.thinkMs ?? -1, step);
    return '';
  }

  /** True while a timed opening runs (protocol 1.6: its decisions are on the clock). */
  openingOnClock() {
    const g = this.state.game;
    return !!g && !!g.opening && !!g.openingTimed && g.clocks.enabled();
  }

  // The opening after a decision (ours with `step`, the state before it, or the opponent's):
  // its stones are the game's moves, the colours follow it, and once it is over normal play
  // starts with the side to move's clock. In a timed opening the decider is charged `thinkMs`
  // (ours as measured, the opponent's as the server charged it) and the next decider's clock
  // runs; each player keeps their own clock through a swap.
  openingApplied(opening, act, thinkMs = -1, step = null) {
    const g = this.state.game;
    const done = opening.done();
    if (this.openingOnClock()) {
      const swapped = g.opening.colourOf(Seat.FIRST) !== opening.colourOf(Seat.FIRST);
      g.clocks.punchDecision(now(), openingClockSide(opening), swapped, thinkMs);
    }
    this.updateGame({
      opening: done ? null : opening, openingActs: [...g.openingActs, act],
      openingStones: done ? opening.moves.length : 0,
      moves: opening.moves.map((p) => ({ x: p.x, y: p.y })),
      youAreBlack: opening.colourOf(g.seat) === BLACK, notice: null,
      ownRun: step ? [...(g.ownRun ?? []), step] : [],
    }, 'move');
    if (done) this.startClock();
    else this.armFlag();
  }

  // ---- clocks -------------------------------------------------------------------------------

  /** Starts the side to move's clock afresh (a game, normal play after the opening, a takeback,
   *  a resume), and watches our own time. */
  startClock() {
    const g = this.state.game;
    if (!g || !g.clocks) return;
    if (g.running && !g.opening) g.clocks.start(g.moves.length % 2 === 0 ? BLACK : WHITE, now());
    else if (g.running && this.openingOnClock()) g.clocks.start(openingClockSide(g.opening), now());
    else g.clocks.stop(now());
    this.armFlag();
  }

  // The colour of our clock when its time is ours to use now (our move, or our decision in a
  // timed opening); 0 otherwise.
  ourClockColour() {
    const g = this.state.game;
    if (this.openingOnClock()) return this.ourDecision() ? g.opening.colourOf(g.seat) : 0;
    return this.ourTurn() ? (g.youAreBlack ? BLACK : WHITE) : 0;
  }

  stopClock() {
    const g = this.state.game;
    if (g?.clocks) g.clocks.stop(now());
    clearTimeout(this.flagTimer);
  }

  // A timer for the moment our own clock runs out (then checkFlag).
  armFlag() {
    clearTimeout(this.flagTimer);
    const g = this.state.game;
    if (!g || !g.clocks || !g.running) return;
    const mine = this.ourClockColour();
    if (!mine || g.clocks.running !== mine) return;
    const ms = g.clocks.msUntilFlag(now());
    if (ms >= 0) this.flagTimer = setTimeout(() => this.checkFlag(), ms + 5);
  }

  /** Our own time ran out on our turn: the game is lost on time and we say so (FLAG about our
   *  own time, which the server always accepts), unless our takeback request waits (its answer
   *  restarts the move; the server judges meanwhile). */
  checkFlag() {
    const g = this.state.game;
    if (!g || !g.running || g.takeback?.from === 'me') return;
    const mine = this.ourClockColour();
    if (!mine) return;
    if (!g.clocks.flagged(mine, now())) return this.armFlag();
    const flag = { type: 'FLAG', atPly: g.moves.length };
    if (g.opening) flag.decision = g.openingActs.length;  // protocol 1.6: whose decision
    this.send(flag);
    g.clocks.flag(mine);
    this.endGame(mine === BLACK ? Outcome.WHITE_WON : Outcome.BLACK_WON, EndReason.TIME);
  }

  /** Asks to take back our last move (and the opponent's reply when it is our turn). */
  takeback() {
    const g = this.state.game;
    if (!g || !g.running || g.takeback || g.opening) return;
    const n = g.moves.length;
    const back = this.ourTurn() ? 2 : 1;
    if (n - back < g.openingStones) return;  // the opening's stones stay
    this.send({ type: 'TAKEBACK_REQUEST', atPly: n, returnTo: n - back });
    this.updateGame({ takeback: { from: 'me', atPly: n, returnTo: n - back }, notice: null }, 'request');
  }

  offerDraw() {
    const g = this.state.game;
    // No draw during an opening (PROTOCOL.md, "Opening rules": a draw offer's ply cannot say
    // which of several decisions at the same number of stones it followed).
    if (!g || !g.running || g.opening) return;
    // Waiting for the answer to our takeback request, the draw waits too.
    if (g.takeback?.from === 'me') return;
    if (g.draw?.from === 'opponent') return this.answer('draw', true);
    if (g.draw) return;
    this.send({ type: 'DRAW_OFFER', atPly: g.moves.length });
    this.updateGame({ draw: { from: 'me', atPly: g.moves.length }, notice: null }, 'request');
  }

  resign() {
    const g = this.state.game;
    if (!g || !g.running) return;
    this.send({ type: 'RESIGN', atPly: g.moves.length });
    this.endGame(g.youAreBlack ? Outcome.WHITE_WON : Outcome.BLACK_WON, EndReason.RESIGNATION);
  }

  /** Answers the opponent's request of `kind` ('takeback', 'draw' or 'again'). */
  answer(kind, accept) {
    const g = this.state.game;
    const r = g?.[kind];
    if (!r || r.from !== 'opponent') return;
    if (kind === 'takeback') {
      this.send({ type: 'TAKEBACK_REPLY', atPly: r.atPly, accept: !!accept });
      if (accept) this.takeBack(r.returnTo);
      else this.updateGame({ takeback: null, notice: null }, 'request');
    } else if (kind === 'draw') {
      if (g.takeback?.from === 'me') return;  // answered after our takeback request
      this.send({ type: 'DRAW_REPLY', atPly: r.atPly, accept: !!accept });
      if (accept) this.endGame(Outcome.DRAW, EndReason.AGREEMENT);
      else this.updateGame({ draw: null, notice: null }, 'request');
    } else if (kind === 'again') {
      this.send({ type: 'PLAY_AGAIN', game: g.number + 1, want: !!accept });
      if (accept) this.startNextGame();
      else this.updateGame({ again: null }, 'request');
    }
  }

  /** An accepted takeback: back to `returnTo` moves. A draw offer that stood is withdrawn
   *  (the position changed), and the notice says so. */
  takeBack(returnTo) {
    const g = this.state.game;
    this.updateGame({
      moves: g.moves.slice(0, returnTo), ...NO_REQUESTS, win: null,
      notice: g.draw ? 'draw-withdrawn' : null,
    }, 'move');
    this.startClock();  // the interrupted move's time is dropped: the side to move starts afresh
  }

  playAgain() {
    const g = this.state.game;
    if (!g || g.running) return;
    if (g.again?.from === 'opponent') return this.answer('again', true);
    this.send({ type: 'PLAY_AGAIN', game: g.number + 1, want: true });
    this.updateGame({ again: { from: 'me' } }, 'request');
  }

  chat(text) {
    const t = String(text).trim();
    if (!t || !this.state.game) return;
    // At most 500 bytes of UTF-8: cut at a character boundary.
    let line = t;
    while (new TextEncoder().encode(line).length > 500) line = [...line].slice(0, -1).join('');
    this.send({ type: 'CHAT', text: line });
    this.update({ chat: [...this.state.chat, { from: 'me', text: line }] }, 'chat');
  }

  /** Back to the hall (a running game is resigned first, by the server). */
  leave() {
    if (!this.state.game) return;
    // After the opponent left, the server has ended the match already: a BYE now would sign
    // us out of the hall.
    if (!this.state.game.opponentLeft) this.send({ type: 'BYE', reason: 0, text: '' });
    this.update({ game: null, chat: [] }, 'game');
    this.refreshHall();
  }

  addMove(x, y, by) {
    const g = this.state.game;
    const moves = [...g.moves, { x, y }];
    const b = new Board(g.boardSize, moves);
    const line = winningLine(b, g.rule, x, y);
    // A standing draw offer lapses when the offerer's opponent moves; a takeback request is
    // stale once a move is played (ours declines the opponent's).
    const draw = g.draw && g.draw.from === by ? g.draw : null;
    const full = moves.length === g.boardSize * g.boardSize;
    // The opponent's move shows that none of our opening decisions crossed a FLAG.
    const ownRun = by === 'me' ? g.ownRun : [];
    // The opponent's move crossed our request: the server's refusal is still to come, and must
    // not be read as the answer to a later request that names the same ply (after a takeback).
    if (by !== 'me' && g.takeback?.from === 'me') this.staleTakebackReplies += 1;
    this.updateGame({ moves, takeback: null, draw, win: line, notice: null, ownRun }, 'move');
    if (line) this.endGame(b.at(x, y) === BLACK ? Outcome.BLACK_WON : Outcome.WHITE_WON, EndReason.FIVE);
    else if (full) this.endGame(Outcome.DRAW, EndReason.FULL_BOARD);
  }

  /** The game ends here; an agreed draw withdraws a takeback request that stood, and the
   *  notice says so. */
  endGame(outcome, reason) {
    const g = this.state.game;
    this.stopClock();
    const notice = reason === EndReason.AGREEMENT && g.takeback ? 'takeback-withdrawn' : null;
    this.updateGame({ running: false, outcome, reason, ...NO_REQUESTS, notice, opening: null }, 'result');
  }

  /** The next game (play again): the colours swap; with an opening rule the other player
   *  takes the first seat. Fresh clocks with the same control. */
  startNextGame() {
    const g = this.state.game;
    const seat = otherSeat(g.seat);
    this.updateGame({
      number: g.number + 1, seat, youAreBlack: seat === Seat.FIRST, moves: [], running: true,
      outcome: 0, reason: 0, ...NO_REQUESTS, notice: null, win: null, ladder: null,
      ...this.freshRules(g),
    }, 'game');
    this.startClock();
  }

  // A new game's opening and clocks under the game's settings.
  freshRules(g) {
    return {
      opening: g.openingRule ? new Opening(g.openingRule, g.boardSize, g.rule) : null,
      openingActs: [], openingStones: 0, clocks: new GameClock(g.clock), ownRun: [],
    };
  }

  newGame(m) {
    return {
      id: m.gameId, boardSize: m.boardSize, rule: m.rule, foul: m.foul, youAreBlack: m.youAreBlack,
      opponent: m.opponent, opponentScore: m.opponentScore, rated: m.rated, moves: [],
      running: false, outcome: 0, reason: 0, number: 1, ...NO_REQUESTS, notice: null, opponentAway: null,
      ladder: null, win: null,
      // Protocol 1.3: the clock and the opening rule (SETUP says them again); our seat: FIRST
      // is the tentative Black of an opening.
      clock: m.clock ?? NO_CLOCK, openingRule: m.opening ?? 0,
      seat: m.youAreBlack ? Seat.FIRST : Seat.SECOND,
      opening: null, openingActs: [], openingStones: 0, clocks: new GameClock(m.clock ?? NO_CLOCK),
      openingTimed: false, ownRun: [],
    };
  }

  // ---- messages -----------------------------------------------------------------------------

  onMessage(m) {
    const handler = this['on' + m.type];
    if (handler) handler.call(this, m);
  }

  onWELCOME(m) {
    this.welcomed = true;
    this.update({ connection: 'open', serverName: m.serverName }, 'connection');
    if (!this.pendingLogin) {
      const kept = keptLogin();
      if (kept) this.pendingLogin = { kind: 'token', name: kept.name, secret: kept.token, remember: !!store('local')?.getItem(storageKeys.token) };
    }
    if (this.pendingLogin) this.sendLogin();
  }

  onLOGIN_RESULT(m) {
    const p = this.pendingLogin;
    if (m.status !== LoginStatus.OK) {
      if (p && p.kind === 'token') forgetLogin();  // an expired token: ask for the password
      this.pendingLogin = null;
      this.fail('login', m.status, m.detail);
      this.update({ loggedIn: false }, 'login');
      return;
    }
    keepLogin(m.name, m.token, p ? p.remember : false);
    this.pendingLogin = { kind: 'token', name: m.name, secret: m.token, remember: p ? p.remember : false };
    this.update({
      loggedIn: true, lastError: null,
      me: { name: m.name, ...m.stats, elo: m.elo },
    }, 'login');
  }

  onSTATS(m) { this.update({ me: { name: m.name, ...m.stats, elo: m.elo } }, 'hall'); }
  onPLAYERS(m) { this.update({ players: { total: m.total, list: m.players } }, 'hall'); }
  onTOP(m) { this.update({ top: m.entries }, 'hall'); }
  onROOM_CREATED(m) { this.update({ room: { code: m.code, settings: m.settings } }, 'room'); }
  onINVITED(m) {
    const inv = { id: m.inviteId, from: m.from, score: m.score, settings: m.settings };
    this.update({ invitations: [...this.state.invitations.filter((i) => i.id !== inv.id), inv] }, 'invitation');
  }
  onDENIED(m) {
    if (m.request === 72 /* FIND */) this.update({ finding: null }, 'finding');
    if (m.request === 74 /* ROOM_CREATE */) this.update({ room: null }, 'room');
    this.fail('denied', m.code, m.detail);
  }
  onERROR(m) { this.fail('error', m.code, m.text); }

  onMATCHED(m) {
    // A new table (or the same after a reconnect): no refusal of the old one is still to come.
    this.staleTakebackReplies = 0;
    const game = this.newGame(m);
    this.update({ finding: null, room: null, game, chat: m.resumeToken ? this.state.chat : [], invitations: [] }, 'game');
    if (m.resumeToken !== 0n) {
      // Our game was suspended: take it up again; the server's SYNC holds the moves.
      this.send({ type: 'RESUME', token: m.resumeToken, game: 0, moves: [] });
    } else {
      this.send({ type: 'HELLO', protocolMajor: 1, protocolMinor: PROTOCOL_MINOR, programVersion: PROGRAM, nickname: this.state.me?.name || 'Player' });
    }
  }

  onHELLO() {}

  onSETUP(m) {
    const g = this.state.game;
    if (!g) return;
    const settings = {
      boardSize: m.boardSize, rule: m.rule, foul: m.foul, clock: m.clock ?? NO_CLOCK,
      openingRule: m.opening ?? 0,
    };
    let rules;
    try {
      rules = this.freshRules(settings);
    } catch (err) {
      return this.fail('error', 0, err.message);  // an opening the board cannot hold
    }
    // The host's colour names the first seat (the tentative Black of an opening).
    this.updateGame({
      youAreBlack: !m.hostIsBlack, seat: m.hostIsBlack ? Seat.SECOND : Seat.FIRST, ...settings,
      ...rules, running: true, openingTimed: !!m.openingTimed,
    }, 'game');
    this.startClock();  // Black's clock starts now (after the opening, if any)
  }

  onSYNC(m) {
    const g = this.state.game;
    if (!g) return;
    const ended = m.outcome !== 0;
    const moves = m.moves.map((p) => ({ x: p.x, y: p.y }));
    const setup = m.setup;
    const seat = setup.hostIsBlack ? Seat.SECOND : Seat.FIRST;
    // Protocol 1.4: the opening's decisions so far, replayed under the rule from the start;
    // without them (none yet, or the opening is over and a 1.3 host) the moves say it all.
    let opening = null, openingStones = 0;
    const acts = m.openingActs ?? [];
    if (setup.opening && (acts.length || moves.length === 0)) {
      let replay;
      try {
        replay = replayOpening(setup.opening, setup.boardSize, setup.rule, acts);
      } catch (err) {
        return this.fail('error', 0, err.message);
      }
      const stones = replay.opening.moves;
      const follows = replay.applied === acts.length &&
        stones.every((p, i) => moves[i] && moves[i].x === p.x && moves[i].y === p.y) &&
        (replay.opening.done() || moves.length === stones.length || (ended && moves.length === stones.length + 1));
      if (!follows) return this.fail('error', 0, 'the server resumed an opening that does not follow from its decisions');
      if (!replay.opening.done() && !ended) opening = replay.opening;
      if (replay.opening.done()) openingStones = stones.length;
    }
    const clock = setup.clock ?? NO_CLOCK;
    const clocks = new GameClock(clock);
    clocks.restore(m.blackMainMs ?? 0, m.whiteMainMs ?? 0);
    const hostPlaysBlack = m.hostPlaysBlack ?? setup.hostIsBlack;
    this.updateGame({
      number: m.game, youAreBlack: !hostPlaysBlack, seat, boardSize: setup.boardSize,
      rule: setup.rule, foul: setup.foul, moves, running: !ended, outcome: m.outcome,
      reason: m.reason, ...NO_REQUESTS, notice: null, opponentAway: null, win: null,
      clock, openingRule: setup.opening ?? 0, opening, openingStones,
      openingActs: acts.map((a, i) => ({ ...a, seq: i })),
      clocks, openingTimed: !!setup.openingTimed, ownRun: [],
    }, 'game');
    this.startClock();  // the side to move starts its move afresh
    if (!ended && moves.length) {
      const last = moves[moves.length - 1];
      const b = new Board(m.setup.boardSize, moves);
      const line = winningLine(b, m.setup.rule, last.x, last.y);
      if (line) {
        this.updateGame({ win: line }, 'move');
        this.endGame(b.at(last.x, last.y) === BLACK ? Outcome.BLACK_WON : Outcome.WHITE_WON, EndReason.FIVE);
      }
    }
  }

  onMOVE(m) {
    const g = this.state.game;
    if (!g || !g.running || g.opening || m.ply !== g.moves.length) return;
    if (g.clocks.enabled()) {
      // The time the server charged the opponent; then our turn begins.
      const theirs = g.moves.length % 2 === 0 ? BLACK : WHITE;
      g.clocks.charge(theirs, m.thinkMs ?? 0);
      g.clocks.start(3 - theirs, now());
    }
    this.addMove(m.x, m.y, 'opponent');
    this.armFlag();
  }

  /** The opponent's decision in the opening (protocol 1.3). */
  onOPENING(m) {
    const g = this.state.game;
    if (!g || !g.running || !g.opening) return;  // crossed the end of the game: stale
    if (m.seq !== g.openingActs.length || g.opening.decider === g.seat)
      return this.fail('error', 0, `an opening decision out of turn (${m.seq})`);
    const next = g.opening.clone();
    const e = next.apply(otherSeat(g.seat), m);
    if (e !== OpeningError.NONE) return this.fail('error', 0, `an opening decision the rule refuses (${e})`);
    this.openingApplied(next, { seq: m.seq, action: m.action, points: m.points, choice: m.choice, count: m.count },
      m.thinkMs ?? 0);
  }

  /** Protocol 1.3: a side's time ran out at `atPly` (the side to move there). The server keeps
   *  the clocks: its FLAG stands whatever ours show. */
  onFLAG(m) {
    const g = this.state.game;
    if (!g || !g.clocks.enabled()) return;
    if (m.decision !== undefined) return this.onOpeningFlag(m);
    if (m.atPly > g.moves.length) return this.fail('error', 0, 'a FLAG from a later position');
    const outcome = m.atPly % 2 === 0 ? Outcome.WHITE_WON : Outcome.BLACK_WON;
    if (!g.running && g.outcome === outcome && g.reason === EndReason.TIME) return;
    this.stopClock();
    g.clocks.flag(m.atPly % 2 === 0 ? BLACK : WHITE);
    this.endGame(outcome, EndReason.TIME);
  }

  /** Protocol 1.6: the server's FLAG in a timed opening names the decision whose decider ran
   *  out. When our decisions since it (and a move after the one that ended the opening) crossed
   *  it, they are taken back, as the server dropped them: the game ends as it stood then. */
  onOpeningFlag(m) {
    const g = this.state.game;
    if (!g.openingTimed) return this.fail('error', 0, 'a FLAG about an untimed opening');
    if (!g.running) return;  // ended here first (our own FLAG, which the server agrees with)
    let loser;
    if (g.opening && m.decision === g.openingActs.length) {
      loser = openingClockSide(g.opening);
    } else {
      const step = (g.ownRun ?? []).find((s) => s.act === m.decision);
      if (!step) return this.fail('error', 0, 'a FLAG that does not match the opening');
      loser = step.opening.colourOf(g.seat);
      step.clocks.stop(step.at);
      this.updateGame({
        opening: step.opening, openingActs: g.openingActs.slice(0, m.decision), openingStones: 0,
        moves: step.opening.moves.map((p) => ({ x: p.x, y: p.y })),
        youAreBlack: loser === BLACK, clocks: step.clocks, win: null,
      }, 'move');
    }
    this.stopClock();
    this.state.game.clocks.flag(loser);
    this.state.game.ownRun = [];
    this.endGame(loser === BLACK ? Outcome.WHITE_WON : Outcome.BLACK_WON, EndReason.TIME);
  }

  onTAKEBACK_REQUEST(m) {
    const g = this.state.game;
    if (!g) return;
    if (!g.running || m.atPly !== g.moves.length || g.takeback?.from === 'me' || g.opening ||
        m.returnTo < g.openingStones) {
      this.send({ type: 'TAKEBACK_REPLY', atPly: m.atPly, accept: false });  // stale, or crossed ours
      return;
    }
    const back = m.atPly - m.returnTo;
    this.updateGame({ takeback: { from: 'opponent', atPly: m.atPly, returnTo: m.returnTo, back }, notice: null }, 'request');
  }

  onTAKEBACK_REPLY(m) {
    // Replies come in the order of our requests: the refusals of crossed ones come first.
    if (this.staleTakebackReplies > 0) {
      this.staleTakebackReplies -= 1;
      return;
    }
    const g = this.state.game;
    const r = g?.takeback;
    if (!r || r.from !== 'me' || r.atPly !== m.atPly) return;
    if (m.accept && g.running && g.moves.length === r.atPly) this.takeBack(r.returnTo);
    else this.updateGame({ takeback: null, notice: 'takeback-declined' }, 'request');
  }

  onDRAW_OFFER(m) {
    const g = this.state.game;
    if (!g || !g.running) return;
    if (g.opening) {  // none during an opening: declined at once
      this.send({ type: 'DRAW_REPLY', atPly: m.atPly, accept: false });
      return;
    }
    if (m.atPly > g.moves.length) return;  // from a position a takeback we accepted removed
    if (g.draw?.from === 'me') {
      this.endGame(Outcome.DRAW, EndReason.AGREEMENT);  // offers that crossed: agreed
      return;
    }
    this.updateGame({ draw: { from: 'opponent', atPly: m.atPly }, notice: null }, 'request');
  }

  onDRAW_REPLY(m) {
    const g = this.state.game;
    if (!g || !g.running || g.draw?.from !== 'me' || g.draw.atPly !== m.atPly) return;
    if (m.accept) this.endGame(Outcome.DRAW, EndReason.AGREEMENT);
    else this.updateGame({ draw: null, notice: 'draw-declined' }, 'request');
  }

  onRESIGN() {
    const g = this.state.game;
    if (!g || !g.running) return;
    this.endGame(g.youAreBlack ? Outcome.BLACK_WON : Outcome.WHITE_WON, EndReason.RESIGNATION);
  }

  onPLAY_AGAIN(m) {
    const g = this.state.game;
    if (!g || g.running) return;
    if (!m.want) {
      this.updateGame({ again: null, notice: 'again-declined' }, 'request');
      return;
    }
    if (g.again?.from === 'me') {
      this.startNextGame();
      return;
    }
    this.updateGame({ again: { from: 'opponent' } }, 'request');
  }

  onCHAT(m) { this.update({ chat: [...this.state.chat, { from: 'opponent', text: m.text }] }, 'chat'); }

  onBYE() {
    // The opponent left (or the server ended the game): back to the hall.
    if (!this.state.game) return;
    const g = this.state.game;
    this.stopClock();
    this.updateGame({ running: false, opponentLeft: true, ...NO_REQUESTS, opening: null }, 'result');
    if (g.running) this.refreshHall();
  }

  onGAME_RESULT(m) {
    const g = this.state.game;
    if (!g) return;
    this.stopClock();
    this.updateGame({
      running: false, outcome: m.outcome, reason: m.reason, opening: null,
      ladder: m.rated ? { old: m.oldScore, new: m.newScore } : null,
    }, 'result');
  }

  onOPPONENT_AWAY(m) {
    this.updateGame({ opponentAway: m.away ? { until: Date.now() + m.secondsLeft * 1000 } : null }, 'game');
  }
}

export { BLACK, WHITE };
