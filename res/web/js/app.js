// The page: login, the hall and the room, shown from the Client's state (client.js). Every text
// from another player or the server is inserted as text (textContent), never as HTML.
import { Client } from './client.js';
import { BoardView } from './board.js';
import { Board, RULE_RENJU, forbiddenPoints } from './game.js';
import { _, N_, format, preferredLanguage, setLanguage } from './i18n.js';

// The texts of index.html (data-i18n), marked here so that xgettext finds them.
N_('Play Gomoku online'); N_('Name'); N_('Password'); N_('Create a new account');
N_('Password again'); N_('Remember me on this computer'); N_('Log in'); N_('Score');
N_('Games'); N_('Wins'); N_('Sign out'); N_('Find a match'); N_('Freestyle');
N_('Standard (exactly five)'); N_('Renju'); N_('Cancel'); N_('Private room');
N_('Open a private room'); N_('Rated'); N_("Your room's code:"); N_("Friend's room code");
N_('Enter room'); N_("Player's name"); N_('Invite'); N_('Players online'); N_('Top 20');
N_('Accept'); N_('Decline'); N_('Take back'); N_('Offer a draw'); N_('Resign');
N_('Play again'); N_('Back to the hall'); N_('Tap twice to place a stone'); N_('Say something');
N_('Send');

const $ = (id) => document.getElementById(id);
const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
const client = new Client(wsUrl);
// For the browser's console (and the tests): the client and its state.
globalThis.gomokuClient = client;
const board = new BoardView($('board'), onPoint);
let ghost = null;  // the first tap's point when moves need a second tap
let lastChatCount = 0;

// ---- texts ----------------------------------------------------------------------------------

function loginError(e) {
  switch (e.code) {
    case 1: return _('Wrong name or password.');
    case 2: return _('That name is taken. Choose another one.');
    case 3: return format(_('That name cannot be used: %s.'), e.detail);
    case 4: return format(_('That password cannot be used: %s.'), e.detail);
    case 5: return _('This account is already signed in on another computer.');
    case 6: return _('The server is busy. Try again in a moment.');
    default: return e.detail || _('The login failed.');
  }
}

function deniedText(e) {
  switch (e.code) {
    case 3: return _('You are busy: in a game, looking for one, or waiting in a room.');
    case 4: return _('No open room has that code.');
    case 5: return _('Nobody of that name is online.');
    case 6: return _('That player is in a game.');
    case 7: return _('Too many requests. Wait a moment.');
    case 8: return _('The server cannot play these settings.');
    case 10: return _('The invitation was declined.');
    case 11: return _('The invitation has expired.');
    case 12: return _('You cannot invite yourself.');
    default: return e.detail || _('The server refused the request.');
  }
}

function stateText(s) {
  return [_('gone'), _('in the hall'), _('looking for a game'), _('playing')][s] || '';
}

function ruleText(r) {
  return [_('Freestyle'), _('Standard (exactly five)'), _('Renju')][r] || '';
}

function resultText(g) {
  const youWon = (g.outcome === 1 && g.youAreBlack) || (g.outcome === 2 && !g.youAreBlack);
  const why = {
    1: _('five in a row'), 2: _('the board is full'), 3: _('resignation'),
    4: _('a lost connection'), 5: _('a protocol error'), 6: _('a forbidden move'),
    7: _('agreement'), 8: _('abandonment'),
  }[g.reason] || '';
  if (g.outcome === 3) return format(_('Draw by %s.'), why);
  if (g.outcome === 4) return format(_('The game was interrupted by %s.'), why);
  if (g.outcome === 1 || g.outcome === 2)
    return format(youWon ? _('You won by %s.') : _('You lost by %s.'), why);
  return '';
}

// ---- rendering ------------------------------------------------------------------------------

function view() {
  const s = client.state;
  const where = !s.loggedIn ? 'login' : s.game ? 'room' : s.finding ? 'finding' : 'hall';
  document.body.dataset.state = where;
  $('login').hidden = where !== 'login';
  $('hall').hidden = !(where === 'hall' || where === 'finding');
  $('room').hidden = where !== 'room';
  $('status').textContent = {
    connecting: _('Connecting…'), open: s.serverName, reconnecting: _('Connection lost: reconnecting…'),
    closed: _('Disconnected'),
  }[s.connection] || '';
  if (where === 'login') renderLogin(s);
  if (where === 'hall' || where === 'finding') renderHall(s);
  if (where === 'room') renderRoom(s);
}

function renderLogin(s) {
  $('password2-row').hidden = !$('login-register').checked;
  const e = s.lastError;
  $('login-error').textContent = e && e.kind === 'login' ? loginError(e) : '';
}

function fillList(list, items, make) {
  list.replaceChildren(...items.map(make));
}

function renderHall(s) {
  const me = s.me || {};
  $('me-name').textContent = me.name || '';
  $('me-score').textContent = me.score ?? '';
  $('me-games').textContent = me.games ?? '';
  $('me-wins').textContent = me.wins ?? '';
  $('find').hidden = !!s.finding;
  $('cancel-find').hidden = !s.finding && !s.room;
  $('find-waited').textContent = s.finding
    ? format(_('Looking for an opponent (%s): %d s'), ruleText(s.finding.rule),
      Math.floor((Date.now() - s.finding.since) / 1000))
    : '';
  $('room-code-line').hidden = !s.room;
  $('room-code').textContent = s.room ? s.room.code : '';
  const e = s.lastError;
  $('hall-error').textContent = e && e.kind === 'denied' ? deniedText(e) : e && e.kind === 'error' ? e.detail : '';
  $('players-total').textContent = s.players.total ? `(${s.players.total})` : '';
  fillList($('players'), s.players.list, (p) => {
    const li = document.createElement('li');
    li.dataset.name = p.name;
    const name = document.createElement('span');
    name.textContent = p.name;
    const st = document.createElement('span');
    st.className = 'state';
    st.textContent = stateText(p.state);
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = p.score;
    li.append(name, st, score);
    li.addEventListener('click', () => { $('invite-name').value = p.name; });
    return li;
  });
  fillList($('top'), s.top, (t) => {
    const li = document.createElement('li');
    const name = document.createElement('span');
    name.textContent = t.name;
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = t.score;
    li.append(name, score);
    return li;
  });
  fillList($('invitations'), s.invitations, (inv) => {
    const li = document.createElement('li');
    li.dataset.id = inv.id;
    const text = document.createElement('span');
    text.textContent = format(_('%s (%d) invites you: %s, %d×%d'), inv.from, inv.score,
      ruleText(inv.settings.rule), inv.settings.boardSize, inv.settings.boardSize);
    const yes = document.createElement('button');
    yes.className = 'accept primary';
    yes.textContent = _('Accept');
    yes.addEventListener('click', () => client.answerInvitation(inv.id, true, $('room-rated').checked));
    const no = document.createElement('button');
    no.className = 'decline';
    no.textContent = _('Decline');
    no.addEventListener('click', () => client.answerInvitation(inv.id, false, false));
    li.append(text, yes, no);
    return li;
  });
}

function renderRoom(s) {
  const g = s.game;
  const meName = s.me ? s.me.name : '';
  const myScore = s.me ? s.me.score : '';
  $('black-name').textContent = g.youAreBlack ? meName : g.opponent;
  $('white-name').textContent = g.youAreBlack ? g.opponent : meName;
  $('black-score').textContent = g.youAreBlack ? myScore : g.opponentScore;
  $('white-score').textContent = g.youAreBlack ? g.opponentScore : myScore;
  const ourTurn = client.ourTurn();
  $('turn').textContent = !g.running ? '' : ourTurn
    ? format(_('Your move (%s).'), g.youAreBlack ? _('Black') : _('White'))
    : format(_('%s is thinking…'), g.opponent);
  $('result').hidden = g.running || !g.outcome;
  $('result').textContent = g.running ? '' : resultText(g) + (g.opponentLeft ? ' ' + _('The opponent has left.') : '');
  $('ladder-change').hidden = !g.ladder;
  $('ladder-change').textContent = g.ladder ? format(_('Ladder: %d → %d'), g.ladder.old, g.ladder.new) : '';
  if (g.opponentAway) {
    const left = Math.max(0, Math.ceil((g.opponentAway.until - Date.now()) / 1000));
    $('opponent-away').textContent = format(_('%s lost the connection: %d s left to come back.'), g.opponent, left);
  }
  $('opponent-away').hidden = !g.opponentAway;
  // The opponent's requests, each on its own card: a takeback request and a draw offer can
  // stand at once; the draw is answered after our own takeback request.
  const drawLater = g.takeback?.from === 'me';
  const texts = {
    takeback: format(g.takeback?.back === 2 ? _('%s asks to take back two moves.')
      : _('%s asks to take back a move.'), g.opponent),
    draw: format(_('%s offers a draw.'), g.opponent)
      + (drawLater ? ' ' + _('Answer it once your takeback request is answered.') : ''),
    again: format(_('%s wants to play again.'), g.opponent),
  };
  for (const kind of ['takeback', 'draw', 'again']) {
    const incoming = g[kind]?.from === 'opponent';
    $('request-' + kind).hidden = !incoming;
    if (!incoming) continue;
    $('request-' + kind + '-text').textContent = texts[kind];
    const later = kind === 'draw' && drawLater;
    $('request-' + kind + '-yes').disabled = later;
    $('request-' + kind + '-no').disabled = later;
  }
  const notices = {
    'draw-withdrawn': () => _('The draw offer no longer stands: moves were taken back.'),
    'takeback-withdrawn': () => _('The takeback request no longer stands: the game is over.'),
    'takeback-declined': () => format(_('%s declined the takeback.'), g.opponent),
    'draw-declined': () => format(_('%s declined the draw.'), g.opponent),
    'again-declined': () => format(_('%s does not want to play again.'), g.opponent),
  };
  $('room-notice').hidden = !notices[g.notice];
  $('room-notice').textContent = notices[g.notice] ? notices[g.notice]() : '';
  $('takeback').disabled = !g.running || !!g.takeback || g.moves.length < (ourTurn ? 2 : 1);
  $('draw').disabled = !g.running || g.draw?.from === 'me' || g.takeback?.from === 'me';
  $('resign').disabled = !g.running;
  $('again').hidden = g.running;
  $('again').disabled = g.again?.from === 'me' || !!g.opponentLeft;
  $('leave').textContent = g.running ? _('Leave the game') : _('Back to the hall');
  // Chat: new lines only, as text.
  if (s.chat.length < lastChatCount) $('chat-log').replaceChildren();
  for (const line of s.chat.slice(Math.min(lastChatCount, s.chat.length))) {
    const li = document.createElement('li');
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = (line.from === 'me' ? meName : g.opponent) + ':';
    const text = document.createElement('span');
    text.textContent = line.text;
    li.append(who, text);
    $('chat-log').append(li);
    $('chat-log').scrollTop = $('chat-log').scrollHeight;
  }
  lastChatCount = s.chat.length;
  // The board.
  const blackToMove = g.moves.length % 2 === 0;
  const showForbidden = g.running && g.rule === RULE_RENJU && blackToMove;
  const forbidden = showForbidden ? forbiddenPoints(new Board(g.boardSize, g.moves)) : [];
  if (ghost && (!ourTurn || g.moves.some((m) => m.x === ghost.x && m.y === ghost.y))) ghost = null;
  board.show({
    size: g.boardSize, moves: g.moves, win: g.win, forbidden,
    ghost: ghost ? { ...ghost, black: g.youAreBlack } : null,
  });
}

function layout() {
  const narrow = window.innerWidth <= 900;
  const header = $('top-bar').offsetHeight;
  const side = narrow ? 0 : 340;
  const avail = Math.min(window.innerWidth - side - 40, window.innerHeight - header - (narrow ? 24 : 40));
  board.resize(narrow ? Math.min(window.innerWidth - 16, avail + 200) : avail);
}

// ---- input ----------------------------------------------------------------------------------

function onPoint(x, y) {
  if (!client.ourTurn()) return;
  if ($('confirm-move').checked && !(ghost && ghost.x === x && ghost.y === y)) {
    ghost = { x, y };
    view();
    return;
  }
  ghost = null;
  const why = client.move(x, y);
  if (why === 'forbidden') flash(_('That point is forbidden for Black (renju).'));
  view();
}

function flash(text) {
  const g = client.state.game;
  if (g) client.update({ chat: [...client.state.chat] }, 'chat');
  $('turn').textContent = text;
}

$('login-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const name = $('login-name').value.trim(), password = $('login-password').value;
  const remember = $('login-remember').checked;
  if ($('login-register').checked) {
    if (password !== $('login-password2').value) {
      $('login-error').textContent = _('The two passwords differ.');
      return;
    }
    client.register(name, password, remember);
  } else {
    client.login(name, password, remember);
  }
});
$('login-register').addEventListener('change', view);
$('find').addEventListener('click', () => client.find($('find-rule').value));
$('cancel-find').addEventListener('click', () => client.cancelFind());
$('room-create').addEventListener('click', () => client.createRoom({
  boardSize: 15, rule: Number($('find-rule').value), color: 2, foul: 0, rated: $('room-rated').checked,
}));
$('join').addEventListener('click', () => client.joinRoom($('join-code').value, $('room-rated').checked));
$('invite').addEventListener('click', () => client.invite($('invite-name').value, {
  boardSize: 15, rule: Number($('find-rule').value), color: 2, foul: 0, rated: $('room-rated').checked,
}));
$('signout').addEventListener('click', () => client.signOut());
$('takeback').addEventListener('click', () => client.takeback());
$('draw').addEventListener('click', () => client.offerDraw());
$('resign').addEventListener('click', () => {
  if (confirm(_('Resign this game?'))) client.resign();
});
$('again').addEventListener('click', () => client.playAgain());
$('leave').addEventListener('click', () => {
  const g = client.state.game;
  if (g && g.running && !confirm(_('Leave the game? Leaving a running game loses it.'))) return;
  lastChatCount = 0;
  $('chat-log').replaceChildren();
  client.leave();
});
for (const kind of ['takeback', 'draw', 'again']) {
  $('request-' + kind + '-yes').addEventListener('click', () => client.answer(kind, true));
  $('request-' + kind + '-no').addEventListener('click', () => client.answer(kind, false));
}
$('chat-form').addEventListener('submit', (e) => {
  e.preventDefault();
  client.chat($('chat-input').value);
  $('chat-input').value = '';
});
$('confirm-move').addEventListener('change', () => {
  try { localStorage.setItem('gomoku.confirmMove', $('confirm-move').checked ? '1' : '0'); } catch { /* */ }
});
$('lang').addEventListener('change', async () => {
  await setLanguage($('lang').value, true);
  view();
});
window.addEventListener('resize', layout);

// ---- start ----------------------------------------------------------------------------------

(async () => {
  const lang = await setLanguage(preferredLanguage());
  $('lang').value = lang;
  let confirmMove = window.innerWidth <= 600;
  try {
    const saved = localStorage.getItem('gomoku.confirmMove');
    if (saved !== null) confirmMove = saved === '1';
  } catch { /* storage disabled */ }
  $('confirm-move').checked = confirmMove;
  client.addEventListener('change', (e) => {
    if (e.detail.what === 'game' || e.detail.what === 'login') layout();
    view();
  });
  setInterval(() => {
    const s = client.state;
    if (s.finding || (s.game && s.game.opponentAway)) view();
  }, 1000);
  setInterval(() => {
    if (client.state.loggedIn && !client.state.game) client.refreshHall();
  }, 15000);
  layout();
  view();
  client.start();
})();
