// The browser's online client: one WebSocket to gomoku-server (binary frames, one protocol
// message each: protocol.js), the hall, and our side of each game as the joiner of
// src/net/PROTOCOL.md ("Server"): HELLO, SETUP, MOVE, takeback, draw, resignation, play again,
// chat, and RESUME after a reconnect. No DOM here: the page (app.js) reads `state` and calls
// the methods; every change fires a 'change' event.

import { encode, decode, LoginMethod, LoginStatus, Outcome, EndReason } from './protocol.js';
import { Board, BLACK, WHITE, RULE_RENJU, winningLine, forbiddenKind } from './game.js';

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
    if (p.kind === 'register') this.send({ type: 'REGISTER', name: p.name, password: p.secret });
    else this.send({ type: 'LOGIN', method: p.kind === 'token' ? LoginMethod.TOKEN : LoginMethod.PASSWORD, name: p.name, secret: p.secret });
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
  find(rule) {
    this.send({ type: 'FIND', rule: Number(rule) });
    this.update({ finding: { rule: Number(rule), since: Date.now() }, lastError: null }, 'finding');
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
    if (!this.ourTurn()) return 'not-your-turn';
    if (g.takeback?.from === 'me') return 'waiting';
    const b = new Board(g.boardSize, g.moves);
    if (!b.inside(x, y) || b.at(x, y) !== 0) return 'occupied';
    if (g.rule === RULE_RENJU && g.youAreBlack && g.foul === 0 && forbiddenKind(b, x, y)) return 'forbidden';
    // Moving instead of answering declines the opponent's request (sent before the MOVE).
    if (g.takeback?.from === 'opponent')
      this.send({ type: 'TAKEBACK_REPLY', atPly: g.takeback.atPly, accept: false });
    this.send({ type: 'MOVE', ply: g.moves.length, x, y });
    this.addMove(x, y, 'me');
    return '';
  }

  ourTurn() {
    const g = this.state.game;
    return !!g && g.running && (g.moves.length % 2 === 0) === g.youAreBlack;
  }

  /** Asks to take back our last move (and the opponent's reply when it is our turn). */
  takeback() {
    const g = this.state.game;
    if (!g || !g.running || g.takeback) return;
    const n = g.moves.length;
    const back = this.ourTurn() ? 2 : 1;
    if (n < back) return;
    this.send({ type: 'TAKEBACK_REQUEST', atPly: n, returnTo: n - back });
    this.updateGame({ takeback: { from: 'me', atPly: n, returnTo: n - back }, notice: null }, 'request');
  }

  offerDraw() {
    const g = this.state.game;
    if (!g || !g.running) return;
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
    this.updateGame({ moves, takeback: null, draw, win: line, notice: null }, 'move');
    if (line) this.endGame(b.at(x, y) === BLACK ? Outcome.BLACK_WON : Outcome.WHITE_WON, EndReason.FIVE);
    else if (full) this.endGame(Outcome.DRAW, EndReason.FULL_BOARD);
  }

  /** The game ends here; an agreed draw withdraws a takeback request that stood, and the
   *  notice says so. */
  endGame(outcome, reason) {
    const g = this.state.game;
    const notice = reason === EndReason.AGREEMENT && g.takeback ? 'takeback-withdrawn' : null;
    this.updateGame({ running: false, outcome, reason, ...NO_REQUESTS, notice }, 'result');
  }

  startNextGame() {
    const g = this.state.game;
    this.updateGame({
      number: g.number + 1, youAreBlack: !g.youAreBlack, moves: [], running: true, outcome: 0,
      reason: 0, ...NO_REQUESTS, notice: null, win: null, ladder: null,
    }, 'game');
  }

  newGame(m) {
    return {
      id: m.gameId, boardSize: m.boardSize, rule: m.rule, foul: m.foul, youAreBlack: m.youAreBlack,
      opponent: m.opponent, opponentScore: m.opponentScore, rated: m.rated, moves: [],
      running: false, outcome: 0, reason: 0, number: 1, ...NO_REQUESTS, notice: null, opponentAway: null,
      ladder: null, win: null,
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
    const game = this.newGame(m);
    this.update({ finding: null, room: null, game, chat: m.resumeToken ? this.state.chat : [], invitations: [] }, 'game');
    if (m.resumeToken !== 0n) {
      // Our game was suspended: take it up again; the server's SYNC holds the moves.
      this.send({ type: 'RESUME', token: m.resumeToken, game: 0, moves: [] });
    } else {
      this.send({ type: 'HELLO', protocolMajor: 1, protocolMinor: 2, programVersion: PROGRAM, nickname: this.state.me?.name || 'Player' });
    }
  }

  onHELLO() {}

  onSETUP(m) {
    this.updateGame({ youAreBlack: !m.hostIsBlack, boardSize: m.boardSize, rule: m.rule, foul: m.foul, running: true }, 'game');
  }

  onSYNC(m) {
    const g = this.state.game;
    if (!g) return;
    const ended = m.outcome !== 0;
    const moves = m.moves.map((p) => ({ x: p.x, y: p.y }));
    this.updateGame({
      number: m.game, youAreBlack: !m.setup.hostIsBlack, boardSize: m.setup.boardSize,
      rule: m.setup.rule, foul: m.setup.foul, moves, running: !ended, outcome: m.outcome,
      reason: m.reason, ...NO_REQUESTS, notice: null, opponentAway: null, win: null,
    }, 'game');
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
    if (!g || !g.running || m.ply !== g.moves.length) return;
    this.addMove(m.x, m.y, 'opponent');
  }

  onTAKEBACK_REQUEST(m) {
    const g = this.state.game;
    if (!g) return;
    if (!g.running || m.atPly !== g.moves.length || g.takeback?.from === 'me') {
      this.send({ type: 'TAKEBACK_REPLY', atPly: m.atPly, accept: false });  // stale, or crossed ours
      return;
    }
    const back = m.atPly - m.returnTo;
    this.updateGame({ takeback: { from: 'opponent', atPly: m.atPly, returnTo: m.returnTo, back }, notice: null }, 'request');
  }

  onTAKEBACK_REPLY(m) {
    const g = this.state.game;
    const r = g?.takeback;
    if (!r || r.from !== 'me' || r.atPly !== m.atPly) return;
    if (m.accept && g.running && g.moves.length === r.atPly) this.takeBack(r.returnTo);
    else this.updateGame({ takeback: null, notice: 'takeback-declined' }, 'request');
  }

  onDRAW_OFFER(m) {
    const g = this.state.game;
    if (!g || !g.running) return;
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
    this.updateGame({ running: false, opponentLeft: true, ...NO_REQUESTS }, 'result');
    if (g.running) this.refreshHall();
  }

  onGAME_RESULT(m) {
    const g = this.state.game;
    if (!g) return;
    this.updateGame({
      running: false, outcome: m.outcome, reason: m.reason,
      ladder: m.rated ? { old: m.oldScore, new: m.newScore } : null,
    }, 'result');
  }

  onOPPONENT_AWAY(m) {
    this.updateGame({ opponentAway: m.away ? { until: Date.now() + m.secondsLeft * 1000 } : null }, 'game');
  }
}

export { BLACK, WHITE };
