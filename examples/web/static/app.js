// app.js: the page. It keeps the game's history (a list of positions and
// the moves between them) and asks the server, which keeps nothing, for
// each state, move and computer move (package mancala/wire).
import { api, plain } from './api.js';
import { Board } from './board.js';

// Computer levels: each a think request's agent and budget.
const LEVELS = [
  { id: 'human', name: 'Human' },
  { id: 'beginner', name: 'Beginner', think: { agent: 'random' }, doc: 'plays at random' },
  { id: 'casual', name: 'Casual', think: { agent: 'alphabeta', depth: 2 }, doc: 'looks 2 plies ahead' },
  { id: 'strong', name: 'Strong', think: { agent: 'alphabeta', depth: 6 }, doc: 'looks 6 plies ahead' },
  { id: 'expert', name: 'Expert', think: { agent: 'mcts', iterations: 20000 }, doc: '20,000 playouts (tree search)' },
];
const HINT = { agent: 'alphabeta', depth: 6 };
const SPEEDS = { slow: 420, normal: 200, fast: 80, off: 0 };
const LONG_MOVE = 400; // events: a longer move is shown only in part

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const sideName = (s) => (s === 'S' ? 'South' : 'North');

// With ?test=1 the page records what the board showed at the end of each
// animation, for the browser tests to compare with the API's state.
const testLog = params.has('test') ? (window.mancalaLog = []) : null;

const app = {
  games: [],
  setup: { game: '', rules: '', sides: { S: 'human', N: 'casual' } },
  history: [], // {position, state, move, summary, mover, changed, from}
  index: 0,
  epoch: 0, // bumped to cancel pending work (new game, undo, load)
  busy: false,
  thinking: false,
  stalled: false, // a think failed (not busy): "Play from here" retries it
  seed: 1,
  hint: null,
  selected: null,
};

const board = new Board($('board'), $('hand'), onPit);

function level(id) {
  return LEVELS.find((l) => l.id === id) || LEVELS[0];
}
function info(name) {
  return app.games.find((g) => g.name === name);
}
function cur() {
  return app.history[app.index].state;
}
function isHuman(side) {
  return app.setup.sides[side] === 'human';
}
function stepMs() {
  const p = Number(params.get('step'));
  if (p > 0) return p;
  return SPEEDS[$('speed').value] ?? 200;
}
function setBusy(b) {
  app.busy = b;
  document.body.dataset.busy = b ? '1' : '0';
  render();
}
function say(text, bad) {
  const m = $('message');
  m.textContent = text;
  m.classList.toggle('bad', !!bad);
}

// ---- set-up ------------------------------------------------------------

function fillSetup() {
  const gs = $('game-select');
  gs.textContent = '';
  for (const g of app.games) gs.add(new Option(g.title, g.name));
  for (const id of ['south-select', 'north-select']) {
    const s = $(id);
    s.textContent = '';
    s.add(new Option('Human', 'human'));
    const group = document.createElement('optgroup');
    group.label = 'Computer';
    for (const l of LEVELS.slice(1)) {
      const o = new Option(l.name, l.id);
      o.title = l.doc;
      group.appendChild(o);
    }
    s.add(group);
  }
  gs.value = app.setup.game;
  $('south-select').value = app.setup.sides.S;
  $('north-select').value = app.setup.sides.N;
  fillOptions(app.setup.game, app.setup.rules);
}

// parseRules reads "A:x,B:y" into a map.
function parseRules(text) {
  const m = new Map();
  for (const part of (text || '').split(',')) {
    const [k, v] = part.split(':');
    if (k && v !== undefined) m.set(k, v);
  }
  return m;
}

function fillOptions(game, rules) {
  const g = info(game);
  const box = $('options');
  box.textContent = '';
  const set = parseRules(rules);
  const L = g.layout;
  $('game-blurb').textContent = L.rows + ' rows of ' + L.files + ' pits · ' + g.counter + 's' +
    (L.stores.length ? ' · ' + g.words.store + 's' : '') + (L.reserves.length ? ' · ' + g.words.reserve + 's' : '') +
    (L.sharedRing ? ' · one shared ring' : ' · each side sows its own two rows');
  for (const o of g.options) {
    const id = 'opt-' + o.name;
    const value = set.get(o.name) ?? o.default;
    const label = document.createElement('label');
    label.className = 'field' + (o.kind === 'bool' ? ' inline' : '');
    let input;
    if (o.kind === 'bool') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = value === 'true';
    } else if (o.values.length) {
      input = document.createElement('select');
      for (const v of o.values) input.add(new Option(v + (v === o.default ? ' (default)' : ''), v));
      input.value = value;
    } else {
      input = document.createElement('input');
      input.type = 'number';
      input.min = o.min;
      input.max = o.max;
      input.value = value;
    }
    input.id = id;
    input.dataset.option = o.name;
    input.addEventListener('change', updateRulesText);
    const name = document.createElement('span');
    name.textContent = o.name;
    const doc = document.createElement('span');
    doc.className = 'opt-doc';
    doc.textContent = o.doc + ' (' + o.clause + ')';
    if (o.kind === 'bool') label.append(input, name);
    else label.append(name, input);
    box.append(label, doc);
  }
  updateRulesText();
}

// rulesFromForm writes the options that differ from their defaults, sorted
// by name, as in a position's rules= field.
function rulesFromForm() {
  const g = info($('game-select').value);
  const parts = [];
  for (const o of g.options) {
    const el = $('opt-' + o.name);
    if (!el) continue;
    let v = o.kind === 'bool' ? String(el.checked) : String(el.value).trim();
    if (o.kind === 'int' && (v === '' || v === '0')) v = o.default;
    if (v !== o.default) parts.push(o.name + ':' + v);
  }
  return parts.join(',');
}

function updateRulesText() {
  const r = rulesFromForm();
  $('rules-text').textContent = r ? r : '(defaults)';
}

// ---- history and the loop ------------------------------------------------

async function newGame(game, rules) {
  const ep = ++app.epoch;
  $('setup-error').hidden = true;
  let st;
  try {
    st = await api('state', { game, rules });
  } catch (e) {
    $('setup-error').textContent = plain(e.message);
    $('setup-error').hidden = false;
    return false;
  }
  if (ep !== app.epoch) return false;
  app.setup.game = game;
  app.setup.rules = rules;
  startFrom([{ position: st.position, state: st }], 0);
  return true;
}

function startFrom(history, index) {
  app.epoch++;
  app.history = history;
  app.index = index;
  app.hint = null;
  app.selected = null;
  app.thinking = false;
  board.key = '';
  closeChooser();
  const st = cur();
  $('title').textContent = st.title;
  document.title = st.title + ' · Mancala';
  say('');
  setBusy(false);
  later(computerTurn);
}

function later(fn) {
  setTimeout(fn, 0);
}

function changedPits(before, after) {
  const s = new Set();
  after.pits.forEach((p, i) => {
    const q = before.pits[i];
    if (!q || q.seeds !== p.seeds || q.nki !== p.nki) s.add(p.name);
  });
  return s;
}

// play applies move text in the current position, animates it and adds it
// to the history (dropping any redo moves).
async function play(text) {
  const ep = app.epoch;
  const before = cur();
  closeChooser();
  app.hint = null;
  setBusy(true);
  let r;
  try {
    r = await api('apply', { position: before.position, move: text });
  } catch (e) {
    if (ep === app.epoch) {
      say(plain(e.message), true);
      setBusy(false);
    }
    return false;
  }
  if (ep !== app.epoch) return false;
  const long = r.truncated || r.events.length > LONG_MOVE;
  $('status-text').textContent = sideName(before.toMove) + ' plays ' + r.move + '…';
  $('skip').hidden = false;
  const complete = await board.animate(before, r, stepMs(), long ? 60 : Infinity);
  $('skip').hidden = true;
  if (ep !== app.epoch) {
    render(); // undone or replaced while it animated: draw what is current
    return false;
  }
  if (testLog && complete) testLog.push({ position: r.after.position, move: r.move, shown: board.snapshot() });
  app.history.length = app.index + 1;
  const from = (before.moves.find((m) => m.text === r.move) || {}).pit || '';
  app.history.push({ position: r.after.position, state: r.after, move: r.move, summary: r.summary,
    mover: before.toMove, changed: changedPits(before, r.after), from });
  app.index++;
  let msg = sideName(before.toMove) + ' played ' + r.move + ': ' + r.summary + '.';
  if (long && stepMs() > 0) msg += ' (A long move of ' + r.eventCount.toLocaleString('en') + ' steps: shown to its end at once.)';
  say(msg);
  setBusy(false);
  later(computerTurn);
  return true;
}

// thinkSettled counts a computer move's think that has answered (or
// failed), whether or not its move is still wanted, in data-thinks on body:
// the browser tests wait on it instead of on the clock.
function thinkSettled() {
  document.body.dataset.thinks = String(Number(document.body.dataset.thinks || 0) + 1);
}

// computerTurn plays the computer's move when a computer is to move at the
// end of the history.
async function computerTurn() {
  if (!app.history.length || app.busy) return;
  const st = cur();
  if (st.outcome.status !== 'ongoing' || app.index !== app.history.length - 1 || isHuman(st.toMove)) return;
  const ep = app.epoch;
  const lvl = level(app.setup.sides[st.toMove]);
  const req = Object.assign({ position: st.position, seed: app.seed++ }, lvl.think);
  if (st.opening && req.agent === 'alphabeta') req.timeMs = 300; // many small steps
  app.thinking = true;
  app.stalled = false;
  setBusy(true);
  const t0 = performance.now();
  let r;
  try {
    r = await api('think', req);
  } catch (e) {
    thinkSettled();
    if (ep !== app.epoch) return;
    app.thinking = false;
    app.stalled = e.code !== 'busy';
    say('The computer could not move: ' + plain(e.message) + (e.code === 'busy' ? ' Trying again…' : ' Click “Play from here” to try again.'), true);
    setBusy(false);
    if (e.code === 'busy') setTimeout(computerTurn, 1000);
    return;
  }
  thinkSettled();
  const pause = stepMs() > 0 && !params.has('step') ? 350 - (performance.now() - t0) : 0;
  if (pause > 0) await new Promise((res) => setTimeout(res, pause));
  if (ep !== app.epoch) return;
  app.thinking = false;
  app.busy = false;
  await play(r.move);
}

async function goto(i) {
  if (i < 0 || i >= app.history.length) return;
  const ep = ++app.epoch;
  board.skip();
  app.thinking = false;
  app.hint = null;
  closeChooser();
  const h = app.history[i];
  if (!h.state) {
    setBusy(true);
    try {
      h.state = await api('state', { position: h.position });
    } catch (e) {
      say(plain(e.message), true);
      setBusy(false);
      return;
    }
    if (ep !== app.epoch) return;
    const prev = app.history[i - 1];
    if (prev && prev.state) h.changed = changedPits(prev.state, h.state);
  }
  app.index = i;
  say(h.move ? 'After ' + (i) + '. ' + h.move + (h.summary ? ': ' + h.summary + '.' : '.') : 'The start position.');
  setBusy(false);
  if (i === app.history.length - 1) later(computerTurn);
}

function undo() {
  // Back to the last position where a human was to move (one ply when
  // both sides are computers).
  let i = app.index - 1;
  const anyHuman = isHuman('S') || isHuman('N');
  while (anyHuman && i > 0 && !isHuman(stateSide(i))) i--;
  goto(Math.max(i, 0));
}

function stateSide(i) {
  const h = app.history[i];
  if (h.state) return h.state.toMove;
  return h.position.split(' ')[2];
}

function redo() {
  goto(app.index + 1);
}

function resume() {
  app.history.length = app.index + 1;
  render();
  later(computerTurn);
}

// ---- clicks -----------------------------------------------------------

function onPit(name) {
  if (board.animating) {
    board.skip();
    return;
  }
  if (app.busy) {
    say(app.thinking ? 'Wait: the computer is thinking.' : 'Wait for the move to finish.');
    return;
  }
  const st = cur();
  if (st.outcome.status !== 'ongoing') {
    say('The game is over: ' + st.outcome.text + '.', true);
    return;
  }
  if (!isHuman(st.toMove)) {
    say('It is the computer’s turn' + (app.index < app.history.length - 1 ? ': press Redo, or Play from here.' : '.'), true);
    return;
  }
  const ms = st.moves.filter((m) => m.pit === name);
  if (ms.length === 1) {
    play(ms[0].text);
  } else if (ms.length > 1) {
    openChooser(name, ms);
  } else {
    explainIllegal(st, name);
  }
}

// explainIllegal asks the server why a click is not a move: it applies the
// move that the click would be, in the form of the legal moves, and shows
// the library's reason.
async function explainIllegal(st, name) {
  closeChooser();
  const pit = st.pits.find((p) => p.name === name);
  const like = st.moves.find((m) => m.pit);
  if (!like) {
    say(st.moves.length ? 'No pit can be played now: use ' + st.moves.map((m) => m.text).join(', ') + '.' : 'No move is possible.', true);
    return;
  }
  let text = like.text.replace(like.pit, name);
  if (like.kind === 'capture') text = name; // a sowing: the server says a capture is compulsory
  if (like.count > 0) text = name + ':' + Math.max(1, pit.seeds);
  const ep = app.epoch;
  try {
    await api('apply', { position: st.position, move: text });
    if (ep === app.epoch) say(name + ' cannot be played now.', true);
  } catch (e) {
    if (ep === app.epoch) say(plain(e.message) + '.', true);
  }
}

function openChooser(name, moves) {
  app.selected = name;
  const st = cur();
  $('chooser-label').textContent = moves.every((m) => m.count > 0)
    ? 'Lift how many ' + st.words.seed + 's from ' + name + '?'
    : 'Which move from ' + name + '?';
  const box = $('chooser-buttons');
  box.textContent = '';
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.count > 0 ? String(m.count) : m.text;
    b.dataset.move = m.text;
    b.setAttribute('aria-label', 'play ' + m.text);
    b.addEventListener('click', () => play(m.text));
    box.appendChild(b);
  }
  $('chooser').hidden = false;
  render();
  box.firstChild.focus();
}

function closeChooser() {
  app.selected = null;
  $('chooser').hidden = true;
}

async function hint() {
  const st = cur();
  if (app.busy || st.outcome.status !== 'ongoing') return;
  const ep = app.epoch;
  const req = Object.assign({ position: st.position }, HINT);
  if (st.opening) req.timeMs = 300;
  app.thinking = true;
  setBusy(true);
  say('Thinking about a hint…');
  try {
    const r = await api('think', req);
    if (ep !== app.epoch) return;
    const m = st.moves.find((x) => x.text === r.move);
    app.hint = m ? m.pit : null;
    const then = (r.line || []).slice(1);
    say('Hint: ' + r.move + ' (the computer’s choice at depth ' + r.depth + ', value ' + (r.value > 0 ? '+' : '') + r.value +
      (then.length ? '; then it expects ' + then.join(' ') : '') + ').');
  } catch (e) {
    if (ep === app.epoch) say(plain(e.message), true);
  }
  app.thinking = false;
  setBusy(false);
}

// ---- sharing --------------------------------------------------------------

async function copyText(text, what) {
  $('share-text').value = text;
  let ok = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      ok = true;
    }
  } catch (e) {
    ok = false;
  }
  $('share-message').textContent = ok ? what + ' copied.' : what + ' is in the box: select it and copy.';
}

async function copyRecord() {
  const moves = app.history.slice(1, app.index + 1).map((h) => h.move);
  const names = (s) => (isHuman(s) ? 'Human' : 'Computer (' + level(app.setup.sides[s]).name + ')');
  try {
    const r = await api('record', { start: app.history[0].position, moves, south: names('S'), north: names('N'),
      date: new Date().toISOString().slice(0, 10) });
    copyText(r.record, 'Game record');
  } catch (e) {
    $('share-message').textContent = plain(e.message);
  }
}

async function load() {
  const text = $('share-text').value;
  let r;
  try {
    r = await api('replay', { record: text });
  } catch (e) {
    $('share-message').textContent = 'Cannot load: ' + plain(e.message) + '.';
    return;
  }
  let last;
  try {
    last = await api('state', { position: r.positions[r.positions.length - 1] });
  } catch (e) {
    $('share-message').textContent = plain(e.message);
    return;
  }
  const history = r.positions.map((p, i) => ({ position: p, move: i ? r.moves[i - 1] : undefined }));
  history[history.length - 1].state = last;
  app.setup.game = r.game;
  app.setup.rules = r.rules;
  $('game-select').value = r.game;
  fillOptions(r.game, r.rules);
  // Fetch the start too, so that undo to it is quick.
  if (!history[0].state) {
    try {
      history[0].state = await api('state', { position: r.positions[0] });
    } catch (e) {
      /* fetched again on demand */
    }
  }
  startFrom(history, history.length - 1);
  $('share-message').textContent = 'Loaded ' + r.moves.length + ' move' + (r.moves.length === 1 ? '' : 's') + ' of ' + info(r.game).title + '.';
}

// ---- drawing -------------------------------------------------------------

function render() {
  if (!app.history.length) return;
  const h = app.history[app.index];
  const st = h.state;
  if (!st) return;
  const over = st.outcome.status !== 'ongoing';
  const last = app.index === app.history.length - 1;
  const human = isHuman(st.toMove);
  const canPlay = !app.busy && !over && human;
  const playable = new Set(canPlay ? st.moves.filter((m) => m.pit).map((m) => m.pit) : []);
  if (!board.animating) {
    board.render(st, { playable, changed: h.changed, from: h.from, hinted: app.hint, selected: app.selected, busy: app.busy });
  }
  // Status line.
  const status = $('status');
  status.className = 'status ' + (over ? 'over' : st.toMove);
  let text;
  if (over) {
    text = st.outcome.text;
  } else {
    const who = sideName(st.toMove);
    const lvl = level(app.setup.sides[st.toMove]);
    if (app.thinking && !human) text = who + ' (computer, ' + lvl.name + ') is thinking…';
    else if (app.thinking) text = 'Thinking about a hint…';
    else text = who + ' to move' + (human ? (isHuman(st.toMove === 'S' ? 'N' : 'S') ? '' : ' — your turn') : ' (computer, ' + lvl.name + ')');
  }
  $('status-text').textContent = text;
  let phase = 'turn ' + st.turn;
  if (st.phase === 1) phase += ' · phase 1: bringing the ' + st.words.seed + 's in';
  else if (st.phase === 2) phase += ' · phase 2: raiding';
  if (st.opening) phase += ' · opening';
  $('phase').textContent = phase;
  // Kiothi opening bar.
  const ob = $('opening-bar');
  if (st.opening && human && !over) {
    const o = st.opening;
    ob.hidden = false;
    $('opening-text').textContent = o.step === 'lift'
      ? 'Opening: empty one of your glowing pits' + (o.lifted.length ? ' (lifted so far: ' + o.lifted.join(', ') + ')' : '') + '.'
      : 'Opening: click where the next ' + st.words.seed + ' goes (' + o.hand + ' in hand). Drops go on round the ring from ' + o.dropFrom + '.';
    $('stop-lifting').hidden = !o.canStop;
    $('stop-lifting').disabled = !canPlay;
  } else {
    ob.hidden = true;
  }
  // Buttons.
  $('undo').disabled = app.index === 0 || board.animating;
  $('redo').disabled = last || board.animating;
  $('hint').disabled = !canPlay;
  $('resume').hidden = !((app.index < app.history.length - 1 || app.stalled) && !over && !human);
  $('copy-position').disabled = false;
  // Move list.
  const list = $('moves');
  list.textContent = '';
  app.history.forEach((e, i) => {
    const li = document.createElement('li');
    const mover = i === 0 ? '' : (e.mover || stateSide(i - 1));
    // On a phone the list has two columns: South's moves left, North's right.
    li.classList.add('side-' + (mover || 'S'));
    if (i === app.index) li.classList.add('current');
    else if (i > app.index) li.classList.add('future');
    const b = document.createElement('button');
    b.type = 'button';
    b.innerHTML = '<span class="ply"></span><span class="who"></span><span class="mv"></span>';
    b.querySelector('.ply').textContent = i === 0 ? '' : i + '.';
    b.querySelector('.who').className = 'who ' + mover;
    b.querySelector('.mv').textContent = i === 0 ? 'start' : e.move;
    b.title = e.summary || '';
    b.setAttribute('aria-label', i === 0 ? 'start position' : 'move ' + i + ', ' + sideName(mover) + ' ' + e.move);
    b.addEventListener('click', () => goto(i));
    li.appendChild(b);
    list.appendChild(li);
  });
  const curLi = list.children[app.index];
  if (curLi && curLi.scrollIntoView && list.scrollHeight > list.clientHeight) curLi.scrollIntoView({ block: 'nearest' });
  document.body.dataset.ply = app.index;
  document.body.dataset.waiting = over ? 'over' : canPlay ? 'human' : 'computer';
  document.body.dataset.over = over ? '1' : '0';
}

// ---- start -----------------------------------------------------------------

function wire() {
  $('setup-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    app.setup.sides = { S: $('south-select').value, N: $('north-select').value };
    const ok = await newGame($('game-select').value, rulesFromForm());
    if (ok && window.matchMedia('(max-width: 760px)').matches) toggleSetup(false);
  });
  $('game-select').addEventListener('change', () => fillOptions($('game-select').value, ''));
  for (const [id, side] of [['south-select', 'S'], ['north-select', 'N']]) {
    $(id).addEventListener('change', () => {
      app.setup.sides[side] = $(id).value;
      if (app.thinking) {
        // The think under way was for the old side: its move is not played.
        app.epoch++;
        app.thinking = false;
        setBusy(false);
      }
      render();
      later(computerTurn);
    });
  }
  $('menu-toggle').addEventListener('click', () => toggleSetup($('setup').hidden));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', hint);
  $('skip').addEventListener('click', () => board.skip());
  $('resume').addEventListener('click', resume);
  $('chooser-cancel').addEventListener('click', () => { closeChooser(); render(); });
  $('stop-lifting').addEventListener('click', () => {
    const stop = cur().moves.find((m) => m.kind === 'stop');
    if (stop && !app.busy) play(stop.text);
  });
  $('copy-position').addEventListener('click', () => copyText(cur().position, 'Position'));
  $('copy-record').addEventListener('click', copyRecord);
  $('load').addEventListener('click', load);
  $('speed').addEventListener('change', () => {
    try { localStorage.setItem('mancala-speed', $('speed').value); } catch (e) { /* private mode */ }
  });
  $('board-wrap').addEventListener('click', (e) => {
    if (board.animating && !e.target.closest('.pit')) board.skip();
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('textarea, input, select')) return;
    if ((e.ctrlKey || e.metaKey) && e.key === 'z') { e.preventDefault(); undo(); }
    else if ((e.ctrlKey || e.metaKey) && (e.key === 'y' || e.key === 'Z')) { e.preventDefault(); redo(); }
    else if (e.key === 'Escape') { board.skip(); closeChooser(); render(); }
  });
}

function toggleSetup(show) {
  $('setup').hidden = !show;
  $('menu-toggle').setAttribute('aria-expanded', String(show));
  $('menu-toggle').textContent = show ? 'Hide set-up' : 'New game…';
}

async function main() {
  wire();
  let saved = null;
  try { saved = localStorage.getItem('mancala-speed'); } catch (e) { /* private mode */ }
  if (params.get('speed') in SPEEDS) $('speed').value = params.get('speed');
  else if (saved in SPEEDS) $('speed').value = saved;
  else if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) $('speed').value = 'off';
  let g;
  try {
    g = await api('games');
  } catch (e) {
    $('status-text').textContent = 'Cannot reach the server: ' + plain(e.message);
    return;
  }
  app.games = g.games;
  const want = params.get('game');
  app.setup.game = info(want) ? want : g.games[0].name;
  app.setup.rules = params.get('rules') || '';
  for (const [side, key] of [['S', 'south'], ['N', 'north']]) {
    const v = params.get(key);
    if (v && LEVELS.some((l) => l.id === v)) app.setup.sides[side] = v;
  }
  fillSetup();
  const narrow = window.matchMedia('(max-width: 760px)');
  toggleSetup(!narrow.matches);
  narrow.addEventListener('change', () => toggleSetup(!narrow.matches));
  if (!(await newGame(app.setup.game, app.setup.rules))) {
    document.body.dataset.busy = '0';
  }
}

main();
