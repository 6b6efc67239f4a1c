// @ts-check
// app.js: the page. It keeps the game's history (state.js), asks the rules
// (mancala.js: the Go library as WebAssembly in a worker, or the server's
// JSON API) for each state, move and computer move, and draws the board
// (board.js), the set-up (setup.js), the move list (history.js) and
// Kiothi's opening (opening.js).
import { connect } from './mancala.js';
import { Board } from './board.js';
import { app, info, cur, isHuman, levelOf, levelsOf, save, restore } from './state.js';
import { fillSetup, fillSides, fillOptions, rulesFromForm } from './setup.js';
import { undoTarget, redoTarget, branch, switchTo, renderMoves } from './history.js';
import { plain, show, sideName, whyNot } from './messages.js';
import { fillHelp } from './help.js';
import * as opening from './opening.js';
import * as sound from './sound.js';

/**
 * @typedef {import('./mancala.js').State} State
 * @typedef {import('./state.js').Entry} Entry
 */

/** @type {import('./mancala.js').AgentSpec} */
const HINT = { agent: 'alphabeta', depth: 6, timeMs: 1000 };
/** Time per sowing step (ms) and the most a whole move takes (ms). */
const SPEEDS = { slow: [320, 6000], normal: [160, 3000], fast: [60, 1500], off: [0, 0] };

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const params = new URLSearchParams(location.search);
const backend = params.get('backend') || document.body.dataset.backend || 'http';
// The exported site (the wasm backend) works offline once loaded: its
// service worker (sw.js) keeps the site's files. The served page needs
// its server anyway.
if (backend === 'wasm' && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch(() => { /* not over https or localhost: online only */ });
}

const client = connect({ backend: backend === 'wasm' ? 'wasm' : 'http', onProgress: loading });

/**
 * loading shows how much of the rules (mancala.wasm) has arrived, until
 * the worker is ready.
 * @param {import('./mancala.js').Progress} p
 */
function loading(p) {
  const bar = /** @type {HTMLProgressElement} */ ($('load-progress'));
  if (!app.games.length) {
    bar.hidden = false;
    const mb = (/** @type {number} */ n) => (n / 1e6).toFixed(1);
    if (p.total > 0) {
      bar.max = p.total;
      bar.value = Math.min(p.loaded, p.total);
      $('status-text').textContent = 'Loading the rules: ' + mb(p.loaded) + ' of ' + mb(p.total) + ' MB';
    } else {
      bar.removeAttribute('value'); // indeterminate
      $('status-text').textContent = 'Loading the rules: ' + mb(p.loaded) + ' MB';
    }
  }
}

// With ?test=1 the page records what the board showed at the end of each
// animation, for the browser tests to compare with the API's state.
/** @type {any[]|null} */
const testLog = params.has('test') ? (/** @type {any} */ (window).mancalaLog = []) : null;
if (testLog) /** @type {any} */ (window).mancalaSounds = [];

const board = new Board($('board'), onPit, onTakeBack);
board.onStep = sound.play;

/** @returns {[number, number]} */
function speed() {
  const p = Number(params.get('step'));
  if (p > 0) return [p, 3000];
  const v = /** @type {keyof SPEEDS} */ (/** @type {HTMLSelectElement} */ ($('speed')).value);
  return /** @type {[number, number]} */ (SPEEDS[v] || SPEEDS.normal);
}
/** @param {boolean} b */
function setBusy(b) {
  app.busy = b;
  document.body.dataset.busy = b ? '1' : '0';
  render();
}
/** @param {string} text @param {boolean} [bad] @param {string} [clause] */
function say(text, bad, clause) {
  const m = $('message');
  show(m, text, clause, app.setup.game);
  m.classList.toggle('bad', !!bad);
}
/** @param {any} e */
function sayError(e, prefix = '') {
  const w = plain(e && e.message || String(e));
  say(prefix + w.text, true, w.clause);
}

/** @param {number} i */
async function stateAt(i) {
  const h = app.history[i];
  if (!h.state) h.state = await client.state({ position: h.position });
  return h.state;
}

// ---- games ------------------------------------------------------------

/**
 * newGame starts a game: the one explicit action that replaces the game
 * shown.
 * @param {string} game @param {string} rules @param {{S: string, N: string}} sides
 */
async function newGame(game, rules, sides) {
  const ep = ++app.epoch;
  $('setup-error').hidden = true;
  let st;
  try {
    st = await client.state({ game: /** @type {import('./mancala.js').GameName} */ (game), rules });
  } catch (e) {
    const w = plain(/** @type {Error} */ (e).message);
    show($('setup-error'), w.text, w.clause, game);
    $('setup-error').hidden = false;
    return false;
  }
  if (ep !== app.epoch) return false;
  app.setup = { game, rules, sides: { ...sides } };
  startFrom([{ position: st.position, state: st }], 0, []);
  say('A new game of ' + st.title + '.');
  return true;
}

/**
 * startFrom shows a history from its entry index.
 * @param {Entry[]} history @param {number} index @param {import('./state.js').Variation[]} variations
 */
function startFrom(history, index, variations) {
  app.epoch++;
  $('setup-note').hidden = true; // the game the set-up names is the one shown now
  app.history = history;
  app.variations = variations;
  app.index = index;
  app.hint = null;
  app.selected = null;
  app.thinking = false;
  app.stalled = false;
  app.resigned = null;
  // The human's side at the bottom: North's when only North is human.
  board.flipped = isHuman('N') && !isHuman('S');
  board.key = '';
  closeChooser();
  const st = cur();
  $('title').textContent = st.title;
  document.title = st.title + ' · Mancala';
  fillHelp($('help-body'), st.game, st.title);
  say('');
  setBusy(false);
  later(computerTurn);
}

/** @param {() => void} fn */
function later(fn) {
  setTimeout(fn, 0);
}

/** @param {State} before @param {State} after */
function changedPits(before, after) {
  const s = new Set();
  after.pits.forEach((p, i) => {
    const q = before.pits[i];
    if (!q || q.seeds !== p.seeds || q.nki !== p.nki) s.add(p.name);
  });
  return s;
}

/**
 * lastMarks returns where a move ended (the pit of its last drop) and the
 * pits it captured from, from its events.
 * @param {import('./mancala.js').ApplyResponse} r @param {State} before
 * @returns {{to: string, captured: Set<string>}}
 */
function lastMarks(r, before) {
  const pits = new Set(before.pits.map((p) => p.name));
  let to = '';
  const captured = new Set();
  for (const e of r.events) {
    if ((e.kind === 'drop' || e.kind === 'reserve') && pits.has(e.to)) to = e.to;
    if (e.kind === 'capture' && pits.has(e.from)) captured.add(e.from);
  }
  return { to, captured };
}

/**
 * play applies move text in the shown position, animates it and adds it
 * to the history. Moves after the shown position are kept as a
 * variation.
 * @param {string} text @param {{animate?: boolean, quiet?: boolean}} [o]
 */
async function play(text, o = {}) {
  const ep = app.epoch;
  const before = cur();
  closeChooser();
  app.hint = null;
  setBusy(true);
  let r;
  try {
    // The line from the game's start, so that the server can apply the
    // repetition rule (C-10, docs/wire.md).
    const line = app.history.slice(0, app.index + 1);
    r = await client.apply({ position: before.position, move: text,
      start: line[0].position, moves: line.slice(1).flatMap((e) => (e.move ? [e.move] : [])) });
  } catch (e) {
    if (ep === app.epoch) {
      sayError(e);
      setBusy(false);
    }
    return false;
  }
  if (ep !== app.epoch) return false;
  $('status-text').textContent = sideName(before.toMove) + ' plays ' + r.move + '…';
  const [step, budget] = o.animate === false ? [0, 0] : speed();
  $('skip').hidden = step <= 0;
  const complete = await board.animate(before, r, step, budget);
  $('skip').hidden = true;
  if (ep !== app.epoch) {
    render(); // undone or replaced while it animated: draw what is current
    return false;
  }
  if (testLog && complete) testLog.push({ position: r.after.position, move: r.move, shown: board.snapshot() });
  const kept = branch();
  const from = (before.moves.find((m) => m.text === r.move) || {}).pit || '';
  const marks = lastMarks(r, before);
  if (step <= 0 && !o.quiet) sound.play(marks.captured.size ? 'capture' : 'drop');
  app.history.push({ position: r.after.position, state: r.after, move: r.move, summary: r.summary,
    mover: before.toMove, changed: changedPits(before, r.after), from, to: marks.to, captured: marks.captured });
  app.index++;
  if (!o.quiet) {
    let msg = sideName(before.toMove) + ' played ' + r.move + ': ' + r.summary + '.';
    if (kept) msg += ' The moves you left (' + kept.line.length + ' ' + (kept.line.length === 1 ? 'ply' : 'plies') + ') are kept as a variation.';
    say(msg);
  }
  setBusy(false);
  if (r.after.outcome.status !== 'ongoing') showOver();
  if (!o.quiet) later(computerTurn);
  return true;
}

// ---- the end of a game ------------------------------------------------------

/**
 * result returns how the game shown ended, or null while it goes on: by
 * the rules, or because a side resigned at its last position.
 * @returns {{winner: 'S'|'N'|null, text: string}|null}
 */
function result() {
  const st = cur();
  if (app.resigned && app.index === app.history.length - 1) {
    const w = app.resigned === 'S' ? 'N' : 'S';
    return { winner: w, text: sideName(app.resigned) + ' resigned: ' + sideName(w) + ' wins.' };
  }
  if (st.outcome.status === 'ongoing') return null;
  return { winner: st.outcome.winner || null, text: /** @type {string} */ (st.outcome.text) };
}

/** showOver opens the game-over dialog: the result in words, Rematch, Review. */
function showOver() {
  const r = result();
  if (!r) return;
  const humans = /** @type {('S'|'N')[]} */ (['S', 'N']).filter(isHuman);
  let title;
  if (!r.winner) title = 'A draw';
  else if (humans.length === 1) title = r.winner === humans[0] ? 'You won!' : 'You lost';
  else title = sideName(r.winner) + ' wins';
  $('over-title').textContent = title;
  $('over-text').textContent = r.text;
  const d = /** @type {HTMLDialogElement} */ ($('over'));
  if (!d.open) d.showModal();
  $('rematch').focus();
}

function rematch() {
  /** @type {HTMLDialogElement} */ ($('over')).close();
  const { game, rules, sides } = app.setup;
  const swapped = { S: sides.N, N: sides.S };
  newGame(game, rules, swapped).then((ok) => { if (ok) fillSetup(); });
}

/** resign: the human (the side to move when both are human) gives up. */
function resign() {
  const st = cur();
  if (app.busy || result() || app.index !== app.history.length - 1) return;
  const humans = /** @type {('S'|'N')[]} */ (['S', 'N']).filter(isHuman);
  if (!humans.length) return;
  app.epoch++; // a computer move under way is dropped
  app.thinking = false;
  app.resigned = humans.length === 1 ? humans[0] : st.toMove;
  render();
  showOver();
}

// ---- links ------------------------------------------------------------------

/**
 * copyLink copies the page's address with the game shown (its record up
 * to the shown position) or only the shown position in its fragment
 * (#record=... or #position=...): opening it loads that game or position.
 * @param {'record'|'position'} what
 */
async function copyLink(what) {
  let text;
  if (what === 'position') text = cur().position;
  else {
    const moves = app.history.slice(1, app.index + 1).map((h) => /** @type {string} */ (h.move));
    try {
      text = (await client.record({ start: app.history[0].position, moves })).record;
    } catch (e) {
      sayError(e);
      return;
    }
  }
  const url = location.origin + location.pathname + '#' + new URLSearchParams({ [what]: text }).toString();
  await copyText(url, what === 'position' ? 'Position link' : 'Game link');
}

/**
 * playSteps plays several steps of one turn (Kiothi's opening) without
 * animation, then lets the computer move.
 * @param {string[]} steps
 */
async function playSteps(steps) {
  const ep = app.epoch;
  for (const s of steps) {
    if (!(await play(s, { animate: false, quiet: true })) || ep !== app.epoch) return;
  }
  const h = app.history[app.index];
  say(sideName(/** @type {'S'|'N'} */ (h.mover)) + ' played ' + steps.join(' ') + '.');
  render();
  board.focus();
  later(computerTurn);
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
  const lvl = levelOf(st.toMove);
  if (!lvl) return;
  /** @type {import('./mancala.js').ThinkRequest} */
  const req = Object.assign({ position: st.position, seed: app.seed++ }, lvl.agent);
  if (st.opening && req.agent === 'alphabeta') req.timeMs = Math.min(req.timeMs || 300, 300); // many small steps
  app.thinking = true;
  app.stalled = false;
  setBusy(true);
  const t0 = performance.now();
  let r;
  try {
    r = await client.think(req);
  } catch (e) {
    thinkSettled();
    if (ep !== app.epoch) return;
    app.thinking = false;
    const err = /** @type {import('./mancala.js').MancalaError} */ (e);
    app.stalled = err.code !== 'busy';
    sayError(e, 'The computer could not move: ');
    $('message').append(err.code === 'busy' ? ' Trying again…' : ' Click “Play from here” to try again.');
    setBusy(false);
    if (err.code === 'busy') setTimeout(computerTurn, 1000);
    return;
  }
  thinkSettled();
  const pause = speed()[0] > 0 && !params.has('step') ? 300 - (performance.now() - t0) : 0;
  if (pause > 0) await new Promise((res) => setTimeout(res, pause));
  if (ep !== app.epoch) return;
  app.thinking = false;
  app.busy = false;
  await play(r.move);
}

/** @param {number} i */
async function goto(i) {
  if (i < 0 || i >= app.history.length) return;
  const ep = ++app.epoch;
  app.resigned = null; // taking a move back takes the resignation back
  board.skip();
  app.thinking = false;
  app.hint = null;
  closeChooser();
  const h = app.history[i];
  if (!h.state) {
    setBusy(true);
    try {
      await stateAt(i);
    } catch (e) {
      sayError(e);
      setBusy(false);
      return;
    }
    if (ep !== app.epoch) return;
  }
  const prev = app.history[i - 1];
  if (prev && !h.changed) {
    try {
      await stateAt(i - 1);
      h.changed = changedPits(/** @type {State} */ (prev.state), /** @type {State} */ (h.state));
    } catch (e) { /* drawn without the marks */ }
    if (ep !== app.epoch) return;
  }
  app.index = i;
  say(h.move ? 'After ' + i + '. ' + h.move + (h.summary ? ': ' + h.summary + '.' : '.') : 'The start position.');
  setBusy(false);
  if (i === app.history.length - 1) later(computerTurn);
}

function undo() {
  const i = undoTarget();
  if (i >= 0) goto(i);
}

function redo() {
  const i = redoTarget();
  if (i >= 0) goto(i);
}

function resume() {
  branch();
  render();
  later(computerTurn);
}

/** @param {number} k */
function pickVariation(k) {
  const i = switchTo(k);
  goto(i);
}

// ---- clicks -----------------------------------------------------------

/** Whether the shown position is a human's Kiothi opening turn. */
function building() {
  const st = cur();
  return !!st.opening && st.outcome.status === 'ongoing' && isHuman(st.toMove) && !app.busy;
}

/** @param {string} name */
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
  if (st.opening) {
    const why = st.opening.step === 'lift' ? opening.choose(st, name) : opening.place(st, name);
    if (why) say(why, true, 'KI-6');
    else say('');
    render();
    return;
  }
  const ms = st.moves.filter((m) => m.pit === name);
  if (ms.length === 1) {
    play(ms[0].text).then(() => board.focus());
  } else if (ms.length > 1) {
    openChooser(name, ms);
  } else {
    closeChooser();
    const w = whyNot(st, name);
    say(w.text, true, w.clause);
    render();
  }
}

/** @param {string} name */
function onTakeBack(name) {
  if (!building()) return;
  const st = cur();
  if (st.opening && st.opening.step === 'drop') {
    opening.takeBack(st, name);
    render();
  }
}

/** @param {string} name @param {import('./mancala.js').LegalMove[]} moves */
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
    b.setAttribute('aria-label', (m.count > 0 ? m.count + ' (' + m.text + ')' : m.text));
    b.addEventListener('click', () => play(m.text).then(() => board.focus()));
    box.appendChild(b);
  }
  $('chooser').hidden = false;
  render();
  /** @type {HTMLElement} */ (box.firstChild).focus();
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
    const r = await client.think(req);
    if (ep !== app.epoch) return;
    const m = st.moves.find((x) => x.text === r.move);
    app.hint = m ? m.pit : null;
    const then = (r.line || []).slice(1);
    say('Hint: ' + r.move + ' (the computer’s choice at depth ' + r.depth + ', value ' + (Number(r.value) > 0 ? '+' : '') + r.value +
      (then.length ? '; then it expects ' + then.join(' ') : '') + ').');
  } catch (e) {
    if (ep === app.epoch) sayError(e);
  }
  app.thinking = false;
  setBusy(false);
}

// ---- sharing --------------------------------------------------------------

/** @param {string} text @param {string} what */
async function copyText(text, what) {
  /** @type {HTMLTextAreaElement} */ ($('share-text')).value = text;
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
  const moves = app.history.slice(1, app.index + 1).map((h) => /** @type {string} */ (h.move));
  const names = (/** @type {'S'|'N'} */ s) => {
    const l = levelOf(s);
    return isHuman(s) || !l ? 'Human' : 'Computer (' + l.name + ')';
  };
  try {
    const r = await client.record({ start: app.history[0].position, moves, south: names('S'), north: names('N'),
      date: new Date().toISOString().slice(0, 10) });
    copyText(r.record, 'Game record');
  } catch (e) {
    const w = plain(/** @type {Error} */ (e).message);
    show($('share-message'), w.text, w.clause, app.setup.game);
  }
}

function load() {
  return loadText(/** @type {HTMLTextAreaElement} */ ($('share-text')).value);
}

/**
 * loadText shows the game record or position line text, and says whether
 * it could.
 * @param {string} text
 */
async function loadText(text) {
  let r, last, first;
  try {
    r = await client.replay({ record: text });
    last = await client.state({ position: r.positions[r.positions.length - 1] });
    first = r.positions.length > 1 ? await client.state({ position: r.positions[0] }) : last;
  } catch (e) {
    const w = plain(/** @type {Error} */ (e).message);
    show($('share-message'), 'Cannot load: ' + w.text, w.clause, app.setup.game);
    return false;
  }
  /** @type {Entry[]} */
  const history = r.positions.map((p, i) => ({ position: p, move: i ? r.moves[i - 1] : undefined }));
  history[history.length - 1].state = last;
  history[0].state = first;
  const sides = { ...app.setup.sides };
  app.setup = { game: r.game, rules: r.rules, sides };
  fillSetup();
  startFrom(history, history.length - 1, []);
  const title = /** @type {import('./mancala.js').GameInfo} */ (info(r.game)).title;
  const n = r.moves.length;
  $('share-message').textContent = text.trim().startsWith('[')
    ? 'Loaded a game of ' + title + ': ' + n + ' ' + (n === 1 ? 'move' : 'moves') + '.'
    : 'Loaded a position of ' + title + '.';
  return true;
}

// ---- drawing -------------------------------------------------------------

function render() {
  if (!app.history.length) return;
  const h = app.history[app.index];
  const st = h.state;
  if (!st) return;
  const res = result();
  const over = !!res;
  const last = app.index === app.history.length - 1;
  const human = isHuman(st.toMove);
  const canPlay = !app.busy && !over && human;
  const build = canPlay && !!st.opening;
  /** @type {Set<string>} */
  let playable = new Set(canPlay && !st.opening ? st.moves.filter((m) => m.pit).map((m) => m.pit) : []);
  /** @type {string[]|undefined} */
  let nav;
  if (build && st.opening) {
    if (st.opening.step === 'lift') {
      playable = new Set(st.pits.filter((p) => p.owner === st.toMove && p.seeds > 0).map((p) => p.name));
    } else {
      playable = opening.inHand(st) > 0 ? new Set(st.opening.pits) : new Set();
      nav = st.opening.pits;
    }
  }
  if (!board.animating) {
    board.render(st, { playable, nav, changed: h.changed, from: h.from, to: h.to, captured: h.captured, hinted: app.hint, selected: app.selected, busy: app.busy,
      chosen: build ? opening.chosen(st) : undefined, placed: build ? opening.placed(st) : undefined });
  }
  // Status line.
  const status = $('status');
  status.className = 'status ' + (over ? 'over' : st.toMove);
  let text;
  if (res) {
    text = res.text;
  } else {
    const who = sideName(st.toMove);
    const lvl = levelOf(st.toMove);
    const lname = lvl ? lvl.name : '';
    if (app.thinking && !human) text = who + ' (computer, ' + lname + ') is thinking…';
    else if (app.thinking) text = 'Thinking about a hint…';
    else text = who + ' to move' + (human ? (isHuman(st.toMove === 'S' ? 'N' : 'S') ? '' : ' — your turn') : ' (computer, ' + lname + ')');
  }
  $('status-text').textContent = text;
  let phase = 'turn ' + st.turn;
  if (st.phase === 1) phase += ' · phase 1: bringing the ' + st.words.seed + 's in';
  else if (st.phase === 2) phase += ' · phase 2: raiding';
  if (st.opening) phase += ' · opening';
  $('phase').textContent = phase;
  drawOpening(st, build);
  // Buttons.
  /** @type {HTMLButtonElement} */ ($('undo')).disabled = undoTarget() < 0 || board.animating;
  /** @type {HTMLButtonElement} */ ($('redo')).disabled = redoTarget() < 0 || board.animating;
  /** @type {HTMLButtonElement} */ ($('hint')).disabled = !canPlay;
  /** @type {HTMLButtonElement} */ ($('resign')).disabled = over || !last || (!isHuman('S') && !isHuman('N'));
  $('flip').setAttribute('aria-pressed', String(board.flipped));
  $('resume').hidden = !((!last || app.stalled) && !over && !human);
  renderMoves(/** @type {HTMLOListElement} */ ($('moves')), $('variations'), goto, pickVariation);
  document.body.dataset.ply = String(app.index);
  document.body.dataset.waiting = over ? 'over' : canPlay ? 'human' : 'computer';
  document.body.dataset.over = over ? '1' : '0';
  save();
}

/** @param {State} st @param {boolean} build */
function drawOpening(st, build) {
  const bar = $('opening-bar');
  bar.hidden = !build;
  if (!build || !st.opening) return;
  const o = st.opening;
  const lift = o.step === 'lift';
  $('opening-lift').hidden = !lift;
  $('opening-drop').hidden = lift;
  const word = st.words.seed + 's';
  if (lift) {
    const { max, upTo } = opening.need(st);
    const ch = [...opening.chosen(st)];
    $('opening-text').textContent = 'Opening: choose ' + (upTo ? 'up to ' : '') + max + ' of your pits to empty' +
      (o.lifted.length ? ' (emptied so far: ' + o.lifted.join(', ') + ')' : '') + '. Chosen: ' + (ch.length ? ch.join(', ') : 'none') + '.';
    const b = /** @type {HTMLButtonElement} */ ($('opening-empty'));
    b.disabled = !opening.canLift(st);
    b.textContent = ch.length ? 'Empty ' + ch.join(', ') : max === 0 || upTo ? 'Empty none' : 'Empty them';
  } else {
    const left = opening.inHand(st);
    $('opening-text').textContent = 'Opening: put your ' + st.hand + ' ' + word + ' into any pits, in any order (click a pit; Backspace on a pit takes one back). In hand: ' + left + '.';
    /** @type {HTMLButtonElement} */ ($('opening-confirm')).disabled = left !== 0;
    /** @type {HTMLButtonElement} */ ($('opening-back')).disabled = left === st.hand;
    /** @type {HTMLButtonElement} */ ($('opening-clear')).disabled = left === st.hand;
  }
}

// ---- start -----------------------------------------------------------------

function wire() {
  $('setup-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const sides = { S: /** @type {HTMLSelectElement} */ ($('south-select')).value, N: /** @type {HTMLSelectElement} */ ($('north-select')).value };
    const ok = await newGame(/** @type {HTMLSelectElement} */ ($('game-select')).value, rulesFromForm(), sides);
    if (ok && window.matchMedia('(max-width: 760px)').matches) toggleSetup(false);
  });
  $('game-select').addEventListener('change', () => {
    const g = /** @type {HTMLSelectElement} */ ($('game-select')).value;
    fillSides(g, app.setup.sides);
    fillOptions(g, '');
    $('setup-note').hidden = g === app.setup.game;
  });
  for (const [id, side] of /** @type {[string, 'S'|'N'][]} */ ([['south-select', 'S'], ['north-select', 'N']])) {
    $(id).addEventListener('change', () => {
      // The sides of the game shown change at once (a new game needs New game).
      if (/** @type {HTMLSelectElement} */ ($('game-select')).value !== app.setup.game) return;
      app.setup.sides[side] = /** @type {HTMLSelectElement} */ ($(id)).value;
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
  $('chooser-cancel').addEventListener('click', () => { closeChooser(); render(); board.focus(); });
  $('opening-empty').addEventListener('click', () => {
    const st = cur();
    if (!building() || !opening.canLift(st)) return;
    playSteps(opening.liftSteps(st));
  });
  $('opening-back').addEventListener('click', () => { if (building()) { opening.takeBack(cur()); render(); } });
  $('opening-clear').addEventListener('click', () => { if (building()) { opening.clearPlaced(cur()); render(); } });
  $('opening-confirm').addEventListener('click', () => {
    const st = cur();
    if (!building() || opening.inHand(st) !== 0) return;
    playSteps(opening.dropSteps(st));
  });
  $('copy-position').addEventListener('click', () => copyText(cur().position, 'Position'));
  $('copy-record').addEventListener('click', copyRecord);
  $('copy-position-link').addEventListener('click', () => copyLink('position'));
  $('copy-game-link').addEventListener('click', () => copyLink('record'));
  $('rematch').addEventListener('click', rematch);
  $('over-close').addEventListener('click', () => /** @type {HTMLDialogElement} */ ($('over')).close());
  $('resign').addEventListener('click', resign);
  $('flip').addEventListener('click', () => {
    board.flipped = !board.flipped;
    board.key = '';
    render();
  });
  const soundButton = () => {
    $('sound').setAttribute('aria-pressed', String(sound.enabled()));
    $('sound').textContent = sound.enabled() ? 'Sound on' : 'Sound off';
  };
  soundButton();
  $('sound').addEventListener('click', () => { sound.setEnabled(!sound.enabled()); soundButton(); });
  $('load').addEventListener('click', load);
  $('speed').addEventListener('change', () => {
    try { localStorage.setItem('mancala-speed', /** @type {HTMLSelectElement} */ ($('speed')).value); } catch (e) { /* private mode */ }
  });
  $('board-wrap').addEventListener('click', (e) => {
    if (board.animating && !/** @type {HTMLElement} */ (e.target).closest('.pit')) board.skip();
  });
  document.addEventListener('keydown', (e) => {
    const t = /** @type {HTMLElement} */ (e.target);
    if (t.closest && t.closest('textarea, input, select')) return;
    if ((e.ctrlKey || e.metaKey) && e.key === 'z') { e.preventDefault(); undo(); }
    else if ((e.ctrlKey || e.metaKey) && (e.key === 'y' || e.key === 'Z')) { e.preventDefault(); redo(); }
    else if (e.key === 'Escape') {
      const open = !$('chooser').hidden;
      board.skip();
      closeChooser();
      render();
      if (open) board.focus();
    }
  });
}

/** @param {boolean} show */
function toggleSetup(show) {
  $('setup').hidden = !show;
  $('menu-toggle').setAttribute('aria-expanded', String(show));
  $('menu-toggle').textContent = show ? 'Hide set-up' : 'Set-up…';
}

/**
 * start resolves to the games once the rules answer. When they cannot
 * start (no connection, a load that stalls), it says why and offers Retry,
 * and tries again when it is pressed.
 * @returns {Promise<import('./mancala.js').GamesResponse>}
 */
async function start() {
  for (;;) {
    try {
      return await client.games();
    } catch (e) {
      $('load-progress').hidden = true;
      $('status-text').textContent = 'Cannot start the rules: ' + plain(/** @type {Error} */ (e).message).text;
      document.body.dataset.busy = '0';
      const retry = $('retry');
      retry.hidden = false;
      retry.focus();
      await new Promise((resolve) => retry.addEventListener('click', resolve, { once: true }));
      retry.hidden = true;
      document.body.dataset.busy = '1';
      $('status-text').textContent = 'Loading…';
    }
  }
}

/**
 * openShared opens the game or position of a shared link in the address
 * (#record=... or #position=...), both sides human, and drops it from the
 * address, so that a reload resumes the game as it goes on. It says
 * whether there was one that opened.
 */
async function openShared() {
  const link = new URLSearchParams(location.hash.slice(1));
  const shared = link.get('record') || link.get('position');
  if (!shared) return false;
  history.replaceState(null, '', location.pathname + location.search);
  const prev = app.setup;
  app.setup = { game: prev.game || app.games[0].name, rules: prev.rules, sides: { S: 'human', N: 'human' } };
  if (await loadText(shared)) {
    say('Opened the shared ' + (link.get('record') ? 'game' : 'position') + ': both sides are played here; the set-up changes them.');
    return true;
  }
  app.setup = prev;
  say('The shared link could not be opened: ' + $('share-message').textContent, true);
  return false;
}

async function main() {
  wire();
  let saved = null;
  try { saved = localStorage.getItem('mancala-speed'); } catch (e) { /* private mode */ }
  const sp = /** @type {HTMLSelectElement} */ ($('speed'));
  const asked = params.get('speed');
  if (asked && asked in SPEEDS) sp.value = asked;
  else if (saved && saved in SPEEDS) sp.value = saved;
  else if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) sp.value = 'off';
  const g = await start();
  $('load-progress').hidden = true;
  app.games = g.games;
  const narrow = window.matchMedia('(max-width: 760px)');
  $('menu-toggle').hidden = false; // the set-up has its games now
  toggleSetup(!narrow.matches);
  narrow.addEventListener('change', () => toggleSetup(!narrow.matches));
  // A shared link (#record=... or #position=...) opens its game or
  // position, both sides human; the address then drops it, so that a
  // reload resumes the game as it goes on.
  window.addEventListener('hashchange', () => { openShared(); });
  if (await openShared()) return;
  // A game named in the address is a new game (then the address drops it,
  // so that a reload resumes the game); else the saved game resumes.
  const want = params.get('game');
  const kept = want ? null : restore();
  if (kept) {
    try {
      app.setup = kept.setup;
      const history = kept.history;
      app.history = history;
      history[kept.index].state = await client.state({ position: history[kept.index].position });
      if (kept.index > 0) history[0].state = await client.state({ position: history[0].position });
      fillSetup();
      startFrom(history, kept.index, kept.variations);
      app.resigned = kept.resigned;
      render();
      say('Welcome back: your game of ' + cur().title + ' goes on (' + kept.index + ' of ' + (history.length - 1) + ' plies shown). New game starts another.');
      return;
    } catch (e) {
      say('The saved game could not be resumed: ' + plain(/** @type {Error} */ (e).message).text, true);
    }
  }
  const game = info(want || '') ? /** @type {string} */ (want) : g.games[0].name;
  /** @type {{S: string, N: string}} */
  const sides = { S: 'human', N: levelsOf(info(game))[1] ? levelsOf(info(game))[1].id : 'human' };
  const ids = new Set(['human', ...levelsOf(info(game)).map((l) => l.id)]);
  for (const [side, key] of /** @type {['S'|'N', string][]} */ ([['S', 'south'], ['N', 'north']])) {
    // A level by name ("casual") or by its place, 1 the weakest ("2").
    const v = (params.get(key) || '').toLowerCase();
    const byNumber = levelsOf(info(game))[Number(v) - 1];
    if (ids.has(v)) sides[side] = v;
    else if (/^[0-9]+$/.test(v) && byNumber) sides[side] = byNumber.id;
  }
  app.setup = { game, rules: params.get('rules') || '', sides };
  fillSetup();
  if (want) {
    for (const k of ['game', 'rules', 'south', 'north']) params.delete(k);
    const q = params.toString();
    history.replaceState(null, '', location.pathname + (q ? '?' + q : '') + location.hash);
  }
  if (!(await newGame(app.setup.game, app.setup.rules, sides))) {
    document.body.dataset.busy = '0';
  }
}

main();
