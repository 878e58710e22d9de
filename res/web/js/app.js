// The page: login, the hall and the room, shown from the Client's state (client.js). Every text
// from another player or the server is inserted as text (textContent), never as HTML.
import { Client } from './client.js';
import { BoardView } from './board.js';
import { Board, BLACK, RULE_RENJU, forbiddenPoints } from './game.js';
import { _, N_, format, preferredLanguage, setLanguage } from './i18n.js';
import { parseTimeControl, formatTimeControl, clockFace, formatClockTime } from './clock.js';
import { OpeningStep, OpeningChoice, OpeningError, openingFitsRule } from './opening.js';
import { ClockKind, OpeningAction } from './protocol.js';

// The texts of index.html (data-i18n), marked here so that xgettext finds them.
N_('Play Gomoku online'); N_('Name'); N_('Password'); N_('Create a new account');
N_('Password again'); N_('Remember me on this computer'); N_('Log in'); N_('Score');
N_('Games'); N_('Wins'); N_('Sign out'); N_('Find a match'); N_('Freestyle');
N_('Standard (exactly five)'); N_('Renju'); N_('Cancel'); N_('Private room');
N_('Open a private room'); N_('Rated'); N_("Your room's code:"); N_("Friend's room code");
N_('Enter room'); N_("Player's name"); N_('Invite'); N_('Players online'); N_('Top 20');
N_('Accept'); N_('Decline'); N_('Take back'); N_('Offer a draw'); N_('Resign');
N_('Play again'); N_('Back to the hall'); N_('Tap twice to place a stone'); N_('Say something');
N_('Send'); N_('Clock'); N_('none'); N_('Opening'); N_('No opening rule'); N_('Swap');
N_('Swap2'); N_('Soosõrv-8'); N_('Taraguchi-10');
N_('Clock: none, 5m+5s (Fischer), 30s/move or 10m,30s (byo-yomi). The same settings apply to rooms and invitations.');
N_('Declare'); N_('Offer these 5th moves'); N_('Clear');

const $ = (id) => document.getElementById(id);
const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
const client = new Client(wsUrl);
// For the browser's console (and the tests): the client and its state.
globalThis.gomokuClient = client;
const board = new BoardView($('board'), onPoint);
let ghost = null;  // the first tap's point when moves need a second tap
let lastChatCount = 0;
let proposal = [];  // the 5th-move alternatives we are choosing (opening), in click order
let pageError = '';  // an error of the page's own (a malformed clock), shown in the hall

// ---- texts ----------------------------------------------------------------------------------

function loginError(e) {
  switch (e.code) {
    case 1: return _('Wrong name or password.');
    case 2: return _('That name is taken. Choose another one.');
    case 3: return format(_('That name cannot be used: %s.'), e.detail);
    case 4: return format(_('That password cannot be used: %s.'), e.detail);
    case 5: return _('This account is already signed in on another computer.');
    case 6: return _('The server is having trouble. Try again in a minute.');
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

function openingName(o) {
  return [_('No opening rule'), _('Swap'), _('Swap2'), _('Soosõrv-8'), _('Taraguchi-10')][o] || '';
}

function colourName(black) {
  return black ? _('Black') : _('White');
}

// A game's settings in a line: rule, clock, opening rule.
function settingsText(rule, clock, opening) {
  const parts = [ruleText(rule)];
  if (clock && clock.kind !== ClockKind.NONE) parts.push(format(_('clock %s'), formatTimeControl(clock)));
  if (opening) parts.push(openingName(opening));
  return parts.join(' · ');  // the same in every language
}

// What a malformed clock field says (cli::timeControlError).
function clockError(text, error) {
  const t = text.length > 40 ? text.slice(0, 40) + '…' : text;
  if (error === 'zero')
    return format(_('"%s" gives too little time to move: the base, a move limit and a byo-yomi period must be at least 0.1s.'), t);
  if (error === 'too-long') return format(_('"%s": a time may be at most 24h.'), t);
  return format(_('"%s" is not a clock: use none, 5m+5s (Fischer: base + increment), 30s/move (a limit per move) or 10m,30s (base, then byo-yomi).'), t);
}

// The game tail of the hall's form ({ opening, clock }), or null after showing why not.
function formTail() {
  const text = $('find-clock').value;
  const parsed = parseTimeControl(text);
  if (!parsed.control) {
    pageError = clockError(text.trim(), parsed.error);
    view();
    return null;
  }
  pageError = '';
  const opening = Number($('find-opening').value);
  const tail = {};
  if (opening) tail.opening = opening;
  if (parsed.control.kind !== ClockKind.NONE) tail.clock = parsed.control;
  return tail;
}

// Only the opening rules that fit the chosen rule are offered (openingFitsRule, 15x15).
function fitOpenings() {
  const rule = Number($('find-rule').value);
  const select = $('find-opening');
  for (const o of select.options) o.hidden = o.disabled = !openingFitsRule(Number(o.value), rule, 15);
  if (select.selectedOptions[0]?.disabled) select.value = '0';
}

function resultText(g) {
  const youWon = (g.outcome === 1 && g.youAreBlack) || (g.outcome === 2 && !g.youAreBlack);
  if (g.reason === 9 && (g.outcome === 1 || g.outcome === 2))
    return (g.outcome === 1 ? _('Black wins on time.') : _('White wins on time.')) + ' '
      + (youWon ? _('You won.') : _('You lost.'));
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
    ? format(_('Looking for an opponent (%s): %d s'),
      settingsText(s.finding.rule, s.finding.clock, s.finding.opening),
      Math.floor((Date.now() - s.finding.since) / 1000))
    : '';
  fitOpenings();
  $('room-code-line').hidden = !s.room;
  $('room-code').textContent = s.room ? s.room.code : '';
  const e = s.lastError;
  $('hall-error').textContent = pageError || (e && e.kind === 'denied' ? deniedText(e) : e && e.kind === 'error' ? e.detail : '');
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
      settingsText(inv.settings.rule, inv.settings.clock, inv.settings.opening),
      inv.settings.boardSize, inv.settings.boardSize);
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
  $('turn').textContent = !g.running || g.opening ? '' : ourTurn
    ? format(_('Your move (%s).'), g.youAreBlack ? _('Black') : _('White'))
    : format(_('%s is thinking…'), g.opponent);
  $('game-settings').textContent = settingsText(g.rule, g.clock, g.openingRule);
  renderOpening(g);
  renderClocks();
  const e = s.lastError;
  $('room-error').hidden = !(e && e.kind === 'error');
  $('room-error').textContent = e && e.kind === 'error' ? e.detail : '';
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
  $('takeback').disabled = !g.running || !!g.opening || !!g.takeback ||
    g.moves.length - (ourTurn ? 2 : 1) < (g.openingStones ?? 0);
  $('draw').disabled = !g.running || !!g.opening || g.draw?.from === 'me' || g.takeback?.from === 'me';
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
  const placing = g.opening && g.opening.step === OpeningStep.PLACE && client.ourDecision();
  if (ghost && (!(ourTurn || placing) || g.moves.some((m) => m.x === ghost.x && m.y === ghost.y))) ghost = null;
  // In the opening: the alternatives offered (or the ones we are choosing), numbered.
  const o = g.opening;
  let marks = [];
  if (o && o.step === OpeningStep.CHOOSE_ALTERNATIVE) marks = o.alternatives;
  else if (o && o.step === OpeningStep.PLACE_ALTERNATIVES && client.ourDecision()) marks = proposal;
  else proposal = [];
  board.show({
    size: g.boardSize, moves: g.moves, win: g.win, forbidden,
    ghost: ghost ? { ...ghost, black: placing ? g.moves.length % 2 === 0 : g.youAreBlack } : null,
    marks: marks.map((p, i) => ({ x: p.x, y: p.y, black: true, label: i + 1 })),
    area: o && o.step === OpeningStep.PLACE ? o.area : -1,
  });
}

// The opening's banner: whose decision it is, what may be decided, and buttons for choices.
function openingStepText(o, g) {
  const S = OpeningStep;
  switch (o.step) {
    case S.PLACE: {
      const n = 2 * o.area + 1;
      const where = o.area < 0 ? _('anywhere') : o.area === 0 ? _('on the centre')
        : format(_('within the central %d×%d'), n, n);
      return format(_('place move %d (%s) %s'), o.ply() + 1, colourName(o.ply() % 2 === 0), where);
    }
    case S.SWAP_OFFER:
      return format(_('keep the colours or swap them (%s plays Black now)'),
        o.seatOf(BLACK) === g.seat ? _('you') : g.opponent);
    case S.COLOUR_CHOICE: return _('choose a colour');
    case S.SWAP2_CHOICE: return _('take Black, take White, or place two more stones and let the other choose');
    case S.FIFTH_CHOICE: return _('one 5th move within the central 9×9, or ten 5th moves');
    case S.DECLARE_COUNT: return _('declare how many 5th moves Black offers (1–8)');
    case S.PLACE_ALTERNATIVES: return format(_('offer %d 5th moves, no two symmetric'), o.wanted);
    case S.CHOOSE_ALTERNATIVE: return _('pick one of the numbered 5th moves');
    default: return '';
  }
}

function renderOpening(g) {
  const o = g.opening;
  $('opening').hidden = !o || !g.running;
  if (!o || !g.running) return;
  const ours = client.ourDecision();
  const S = OpeningStep, C = OpeningChoice;
  $('opening').dataset.step = o.step;
  $('opening').dataset.ours = ours ? '1' : '0';
  $('opening-text').textContent = format(ours ? _('%s opening, your decision: %s.') : _('%s opening, %s decides: %s.'),
    openingName(g.openingRule), ...(ours ? [] : [g.opponent]), openingStepText(o, g));
  const help = {
    [S.PLACE]: _('Click the board to place the stone.'),
    [S.PLACE_ALTERNATIVES]: format(_('Click %d points on the board (%d chosen); click one again to take it back.'), o.wanted, proposal.length),
    [S.CHOOSE_ALTERNATIVE]: _('Click one of the numbered stones.'),
  }[o.step];
  $('opening-help').textContent = ours && help ? help : '';
  const choices = {
    [S.SWAP_OFFER]: [[C.KEEP, _('Keep')], [C.SWAP, _('Swap')]],
    [S.COLOUR_CHOICE]: [[C.TAKE_BLACK, _('Take Black')], [C.TAKE_WHITE, _('Take White')]],
    [S.SWAP2_CHOICE]: [[C.TAKE_BLACK, _('Take Black')], [C.TAKE_WHITE, _('Take White')], [C.PLACE_TWO, _('Place two more')]],
    [S.FIFTH_CHOICE]: [[C.ONE_FIFTH, _('One 5th move')], [C.TEN_FIFTHS, _('Ten 5th moves')]],
  }[o.step] || [];
  const key = `${o.step}:${ours}:${choices.map((c) => c[1]).join('|')}`;
  if ($('opening-choices').dataset.key !== key) {
    $('opening-choices').dataset.key = key;
    fillList($('opening-choices'), ours ? choices : [], ([choice, label]) => {
      const b = document.createElement('button');
      b.className = 'primary';
      b.dataset.choice = String(choice);
      b.textContent = label;
      b.addEventListener('click', () => decide({ action: OpeningAction.CHOOSE, choice }));
      return b;
    });
  }
  $('opening-declare-row').hidden = !(ours && o.step === S.DECLARE_COUNT);
  $('opening-offer-row').hidden = !(ours && o.step === S.PLACE_ALTERNATIVES);
  $('opening-offer').disabled = proposal.length !== o.wanted;
}

// Sends our opening decision; a refusal is said on the banner.
function decide(act) {
  const e = client.openingAct(act);
  if (e) {
    flash(openingErrorText(e, client.state.game?.opening));
    return false;
  }
  proposal = [];
  view();
  return true;
}

function openingErrorText(e, o) {
  const E = OpeningError;
  switch (e) {
    case E.NOT_YOUR_DECISION: return _('Wait for the opponent\'s decision.');
    case E.OCCUPIED: return _('That point is occupied.');
    case E.OUTSIDE_AREA: return o && o.area === 0 ? _('The first stone goes on the centre.')
      : format(_('The stone must lie within the central %d×%d.'), 2 * (o?.area ?? 0) + 1, 2 * (o?.area ?? 0) + 1);
    case E.FORBIDDEN: return _('That point is forbidden for Black (renju).');
    case E.BAD_COUNT: return o && o.step === OpeningStep.DECLARE_COUNT ? _('Declare from 1 to 8 fifth moves.')
      : format(_('Offer exactly %d points.'), o?.wanted ?? 0);
    case E.DUPLICATE: return _('The same point is offered twice.');
    case E.SYMMETRIC: return _('Two of the points are symmetric (the same move for the position).');
    case E.NOT_AN_ALTERNATIVE: return _('That point is not one of the 5th moves offered.');
    default: return _('The opening does not allow that now.');
  }
}

// Both clocks, the running one highlighted, a warning colour under 10 s (tenths shown there).
function renderClocks() {
  const g = client.state.game;
  const on = !!g && g.clocks && g.clocks.enabled();
  for (const [id, side] of [['black-clock', 1], ['white-clock', 2]]) {
    const el = $(id);
    el.hidden = !on;
    if (!on) continue;
    const r = g.clocks.reading(side, performance.now());
    let face = clockFace(r.mainMs);
    if (g.clock.kind === ClockKind.BYO_YOMI)
      face = r.inByoYomi ? format(_('%s (byo-yomi)'), clockFace(r.periodMs))
        : `${clockFace(r.mainMs)} + ${formatClockTime(g.clock.moveMs)}`;
    el.textContent = face;
    el.classList.toggle('running', r.running && g.running);
    el.classList.toggle('low', r.decidingMs < 10000);
    el.dataset.ms = String(Math.round(r.decidingMs));
  }
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
  const g = client.state.game;
  if (g && g.opening) return onOpeningPoint(g.opening, x, y);
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

// A click on the board during the opening: a stone to place, an alternative to add or take
// back, or the alternative picked.
function onOpeningPoint(o, x, y) {
  if (!client.ourDecision()) return;
  if (o.step === OpeningStep.PLACE) {
    if ($('confirm-move').checked && !(ghost && ghost.x === x && ghost.y === y)) {
      ghost = { x, y };
      view();
      return;
    }
    ghost = null;
    decide({ action: OpeningAction.PLACE, points: [{ x, y }] });
  } else if (o.step === OpeningStep.PLACE_ALTERNATIVES) {
    const i = proposal.findIndex((p) => p.x === x && p.y === y);
    if (i >= 0) proposal.splice(i, 1);
    else if (proposal.length < o.wanted) {
      // Checked as the whole offer will be (free, legal, no two symmetric) before it is added.
      const trial = o.clone();
      trial.wanted = proposal.length + 1;
      const e = trial.offer(client.state.game.seat, [...proposal, { x, y }]);
      if (e !== OpeningError.NONE) return flash(openingErrorText(e, o));
      proposal.push({ x, y });
    }
    view();
  } else if (o.step === OpeningStep.CHOOSE_ALTERNATIVE) {
    if (o.alternatives.some((p) => p.x === x && p.y === y))
      decide({ action: OpeningAction.PICK, points: [{ x, y }] });
  }
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
$('find').addEventListener('click', () => {
  const tail = formTail();
  if (tail) client.find($('find-rule').value, tail);
});
$('find-rule').addEventListener('change', fitOpenings);
$('find-clock').addEventListener('input', () => { if (pageError) { pageError = ''; view(); } });
$('cancel-find').addEventListener('click', () => client.cancelFind());
$('room-create').addEventListener('click', () => {
  const tail = formTail();
  if (tail) client.createRoom({
    boardSize: 15, rule: Number($('find-rule').value), color: 2, foul: 0, rated: $('room-rated').checked, ...tail,
  });
});
$('join').addEventListener('click', () => client.joinRoom($('join-code').value, $('room-rated').checked));
$('invite').addEventListener('click', () => {
  const tail = formTail();
  if (tail) client.invite($('invite-name').value, {
    boardSize: 15, rule: Number($('find-rule').value), color: 2, foul: 0, rated: $('room-rated').checked, ...tail,
  });
});
$('opening-declare').addEventListener('click', () => decide({ action: OpeningAction.DECLARE, count: Number($('opening-count').value) }));
$('opening-offer').addEventListener('click', () => decide({ action: OpeningAction.OFFER, points: [...proposal] }));
$('opening-clear').addEventListener('click', () => { proposal = []; view(); });
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
  // The clocks tick on their own (tenths under 10 s).
  setInterval(() => {
    const g = client.state.game;
    if (g && g.clocks && g.clocks.running && !$('room').hidden) renderClocks();
  }, 100);
  setInterval(() => {
    if (client.state.loggedIn && !client.state.game) client.refreshHall();
  }, 15000);
  layout();
  view();
  client.start();
})();
