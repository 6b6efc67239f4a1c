// @ts-check
// game.js: the controller. It asks the rules (mancala.js: the Go library
// as WebAssembly in a worker, or the server's JSON API) for each state,
// move and computer move, keeps the history (state.js, history.js), and
// moves the state machine (machine.js) through dispatch; ui.js draws.
// Who plays each side (a human here, the computer, a remote player) is
// state.js controllerOf; the seam for a remote player is remoteMove and
// moveListeners (see machine.js).
import { connect } from './mancala.js';
import { app, cur, isHuman, levelOf, controllerOf, sideOf, changedPits, lastMarks } from './state.js';
import { reduce, can, busy, thinking } from './machine.js';
import { undoTarget, redoTarget, branch, switchTo, turnOf } from './history.js';
import { $, params, board, handlers, render, say, sayError, loading, result, showOver, closeChooser } from './ui.js';
import { plain, show, sideName } from './messages.js';
import { fillHelp } from './help.js';
import { fillSetup } from './setup.js';
import * as sound from './sound.js';

/**
 * @typedef {import('./mancala.js').State} State
 * @typedef {import('./state.js').Entry} Entry
 * @typedef {import('./machine.js').Event} Event
 * @typedef {{move: string, mover: 'S'|'N', by: 'human'|'remote'|'computer', position: string, index: number}} Played
 */

/** @type {import('./mancala.js').AgentSpec} */
const HINT = { agent: 'alphabeta', depth: 6, timeMs: 1000 };
/** Time per sowing step (ms) and the most a whole move takes (ms). */
export const SPEEDS = { slow: [320, 6000], normal: [160, 3000], fast: [60, 1500], off: [0, 0] };

export const backend = params.get('backend') || document.body.dataset.backend || 'http';
export const client = connect({ backend: backend === 'wasm' ? 'wasm' : 'http', onProgress: loading });

// With ?test=1 the page records what the board showed at the end of each
// animation, for the browser tests to compare with the API's state.
/** @type {any[]|null} */
const testLog = params.has('test') ? (/** @type {any} */ (window).mancalaLog = []) : null;

/**
 * moveListeners are called after each move played into the history (a
 * room sends the local player's moves from here).
 * @type {((p: Played) => void)[]}
 */
export const moveListeners = [];

if (testLog) {
  /** @type {any} */ (window).mancalaSounds = [];
  // The browser tests play a room's part through the seam (machine.js).
  const played = /** @type {Played[]} */ ([]);
  moveListeners.push((p) => played.push(p));
  /** @type {any} */ (window).mancalaRoom = { dispatch: (/** @type {Event} */ e) => dispatch(e), remoteMove, setSide, played };
}

/**
 * dispatch moves the state machine and draws the page.
 * @param {Event} e
 */
export function dispatch(e) {
  app.m = reduce(app.m, e);
  render();
  return app.m;
}

/** @returns {[number, number]} */
function speed() {
  const p = Number(params.get('step'));
  if (p > 0) return [p, 3000];
  const v = /** @type {keyof SPEEDS} */ (/** @type {HTMLSelectElement} */ ($('speed')).value);
  return /** @type {[number, number]} */ (SPEEDS[v] || SPEEDS.normal);
}

/** @param {number} i */
export async function stateAt(i) {
  const h = app.history[i];
  if (!h.state) h.state = await client.state({ position: h.position });
  return h.state;
}

/** later runs fn in a task of its own. @param {() => void} fn */
export const later = (fn) => { setTimeout(fn, 0); };

/**
 * newGame starts a game: the one explicit action that replaces the game
 * shown.
 * @param {string} game @param {string} rules @param {{S: string, N: string}} sides
 */
export async function newGame(game, rules, sides) {
  const gen = dispatch({ type: 'reset' }).gen;
  $('setup-error').hidden = true;
  let st;
  try {
    st = await client.state({ game, rules });
  } catch (e) {
    const w = plain(/** @type {Error} */ (e).message);
    show($('setup-error'), w.text, w.clause, game);
    $('setup-error').hidden = false;
    return false;
  }
  if (gen !== app.m.gen) return false;
  app.setup = { game, rules, sides: { ...sides } };
  startFrom([{ position: st.position, state: st }], 0, []);
  say('A new game of ' + st.title + '.');
  return true;
}

/**
 * startFrom shows a history from its entry index.
 * @param {Entry[]} history @param {number} index @param {import('./state.js').Variation[]} variations
 */
export function startFrom(history, index, variations) {
  $('setup-note').hidden = true; // the game the set-up names is the one shown now
  app.history = history;
  app.variations = variations;
  app.index = index;
  app.hint = null;
  app.selected = null;
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
  dispatch({ type: 'reset' });
  if (app.m.phase === 'starting') {
    dispatch({ type: 'ready' });
    handlers.ready(); // the first board is drawn
  }
  later(nextTurn);
}

/**
 * play applies move text in the shown position, animates it and adds it
 * to the history. Moves after the shown position are kept as a
 * variation. It says whether the move was played. thought: the
 * computer's move, whose think left the machine moving already.
 * @param {string} text @param {{animate?: boolean, quiet?: boolean, thought?: boolean}} [o]
 */
export async function play(text, o = {}) {
  if (!o.thought) {
    if (!can(app.m, 'play')) return false;
    dispatch({ type: 'play' });
  }
  const gen = app.m.gen;
  const before = cur();
  closeChooser();
  app.hint = null;
  render();
  let r;
  try {
    // The line from the game's start, so that the server can apply the
    // repetition rule (C-10, docs/wire.md).
    const line = app.history.slice(0, app.index + 1);
    r = await client.apply({ position: before.position, move: text,
      start: line[0].position, moves: line.slice(1).flatMap((e) => (e.move ? [e.move] : [])) });
  } catch (e) {
    if (gen === app.m.gen) {
      sayError(e);
      dispatch({ type: 'done', gen });
    }
    return false;
  }
  if (gen !== app.m.gen) return false;
  $('status-text').textContent = sideName(before.toMove) + ' plays ' + r.move + '…';
  const [step, budget] = o.animate === false ? [0, 0] : speed();
  $('skip').hidden = step <= 0;
  const complete = await board.animate(before, r, step, budget);
  $('skip').hidden = true;
  if (gen !== app.m.gen) {
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
  dispatch({ type: 'done', gen });
  /** @type {Played} */
  const p = { move: r.move, mover: before.toMove, by: controllerOf(before.toMove), position: r.after.position, index: app.index };
  for (const f of moveListeners) f(p);
  if (r.after.outcome.status !== 'ongoing') showOver();
  if (!o.quiet) later(nextTurn);
  return true;
}

/**
 * remoteMove plays the move of a remote player (a friend in a room) at
 * the end of the game, whose side to move must be remote; a player
 * looking at an earlier position is brought back to the end first. It
 * says whether the move was played (false: the page is busy, the end's
 * side is not remote, or the rules refuse the move).
 * @param {string} text
 */
export async function remoteMove(text) {
  const end = app.history.length - 1;
  if (end < 0 || busy(app.m) || controllerOf(sideOf(end)) !== 'remote') return false;
  if (app.index !== end) await goto(end);
  return play(text);
}

/**
 * playSteps plays several steps of one turn (Kiothi's opening) without
 * animation, then lets the computer move.
 * @param {string[]} steps
 */
export async function playSteps(steps) {
  const gen = app.m.gen;
  for (const s of steps) {
    if (!(await play(s, { animate: false, quiet: true })) || gen !== app.m.gen) return;
  }
  const h = app.history[app.index];
  say(sideName(/** @type {'S'|'N'} */ (h.mover)) + ' played ' + steps.join(' ') + '.');
  render();
  board.focus();
  later(nextTurn);
}

// thinkSettled counts a computer move's think that has answered (or
// failed), whether or not its move is still wanted, in data-thinks on body:
// the browser tests wait on it instead of on the clock.
function thinkSettled() {
  document.body.dataset.thinks = String(Number(document.body.dataset.thinks || 0) + 1);
}

/**
 * nextTurn starts what the side to move at the end of the history does:
 * the computer thinks and plays; a remote player is waited for; a human
 * plays by clicks.
 */
export async function nextTurn() {
  if (!app.history.length || busy(app.m)) return;
  const st = cur();
  if (st.outcome.status !== 'ongoing' || app.index !== app.history.length - 1 || result()) return;
  const who = controllerOf(st.toMove);
  if (who === 'human') return;
  if (who === 'remote') {
    dispatch({ type: 'wait' });
    return;
  }
  const lvl = levelOf(st.toMove);
  if (!lvl) return;
  /** @type {import('./mancala.js').ThinkRequest} */
  const req = Object.assign({ position: st.position, seed: app.seed++ }, lvl.agent);
  if (st.opening && req.agent === 'alphabeta') req.timeMs = Math.min(req.timeMs || 300, 300); // many small steps
  const gen = dispatch({ type: 'think' }).gen;
  const t0 = performance.now();
  let r;
  try {
    r = await client.think(req);
  } catch (e) {
    thinkSettled();
    if (gen !== app.m.gen) return;
    const err = /** @type {import('./mancala.js').MancalaError} */ (e);
    const again = err.code === 'busy';
    dispatch({ type: 'thinkFailed', gen, again });
    sayError(e, 'The computer could not move: ');
    $('message').append(again ? ' Trying again…' : ' Click “Play from here” to try again.');
    if (again) setTimeout(nextTurn, 1000);
    return;
  }
  thinkSettled();
  const pause = speed()[0] > 0 && !params.has('step') ? 300 - (performance.now() - t0) : 0;
  if (pause > 0) await new Promise((res) => setTimeout(res, pause));
  if (gen !== app.m.gen) return;
  dispatch({ type: 'thought', gen });
  await play(r.move, { thought: true });
}

/**
 * goto shows history entry i (the move list, Undo, Redo): the work under
 * way is dropped.
 * @param {number} i
 */
export async function goto(i) {
  if (i < 0 || i >= app.history.length) return;
  app.resigned = null; // taking a move back takes the resignation back
  app.hint = null;
  board.skip();
  closeChooser();
  const gen = dispatch({ type: 'reset' }).gen;
  const h = app.history[i];
  if (!h.state) {
    dispatch({ type: 'fetch' });
    try {
      await stateAt(i);
    } catch (e) {
      if (gen === app.m.gen) {
        sayError(e);
        dispatch({ type: 'fetched', gen });
      }
      return;
    }
    if (gen !== app.m.gen) return;
  }
  const prev = app.history[i - 1];
  if (prev && !h.changed) {
    try {
      await stateAt(i - 1);
      h.changed = changedPits(/** @type {State} */ (prev.state), /** @type {State} */ (h.state));
    } catch (e) { /* drawn without the marks */ }
    if (gen !== app.m.gen) return;
  }
  app.index = i;
  const t = turnOf(i);
  say(h.move && t ? 'Turn ' + t.n + ', ' + sideName(t.side) + ': ' + h.move + (h.summary ? ': ' + h.summary + '.' : '.') : 'The start position.');
  if (app.m.phase === 'fetching') dispatch({ type: 'fetched', gen });
  else render();
  if (i === app.history.length - 1) later(nextTurn);
}

/** undo and redo go to the Undo and Redo targets (history.js). */
export const undo = () => { if (undoTarget() >= 0) goto(undoTarget()); };
export const redo = () => { if (redoTarget() >= 0) goto(redoTarget()); };

/** resume: "Play from here" (a past position, or a failed think). */
export function resume() {
  branch();
  render();
  later(nextTurn);
}

/** @param {number} k */
export function pickVariation(k) {
  goto(switchTo(k));
}

/** hint asks the computer for a move for the human to move. */
export async function hint() {
  const st = cur();
  if (!can(app.m, 'hint') || st.outcome.status !== 'ongoing') return;
  const gen = dispatch({ type: 'hint' }).gen;
  const req = Object.assign({ position: st.position }, HINT);
  if (st.opening) req.timeMs = 300;
  say('Thinking about a hint…');
  try {
    const r = await client.think(req);
    if (gen !== app.m.gen) return;
    const m = st.moves.find((x) => x.text === r.move);
    app.hint = m ? m.pit : null;
    const then = (r.line || []).slice(1);
    say('Hint: ' + r.move + ' (the computer’s choice at depth ' + r.depth + ', value ' + (Number(r.value) > 0 ? '+' : '') + r.value +
      (then.length ? '; then it expects ' + then.join(' ') : '') + ').');
  } catch (e) {
    if (gen === app.m.gen) sayError(e);
  }
  dispatch({ type: 'done', gen });
}

/** resign: the human (the side to move when both are human) gives up. */
export function resign() {
  const st = cur();
  if (busy(app.m) || result() || app.index !== app.history.length - 1) return;
  const humans = /** @type {('S'|'N')[]} */ (['S', 'N']).filter(isHuman);
  if (!humans.length) return;
  app.resigned = humans.length === 1 ? humans[0] : st.toMove;
  dispatch({ type: 'reset' }); // a computer move under way is dropped
  showOver();
}

/** rematch: a new game of the same set-up, the sides swapped. */
export function rematch() {
  /** @type {HTMLDialogElement} */ ($('over')).close();
  const { game, rules, sides } = app.setup;
  const swapped = { S: sides.N, N: sides.S };
  newGame(game, rules, swapped).then((ok) => { if (ok) fillSetup(); });
}

/**
 * setSide changes who plays a side of the game shown; a think, a wait or
 * a move under way for the old player is dropped (the move shown being
 * sown is taken back).
 * @param {'S'|'N'} side @param {string} value
 */
export function setSide(side, value) {
  app.setup.sides[side] = value;
  const moving = app.m.phase === 'moving' && cur().toMove === side;
  if (moving) board.skip();
  if (thinking(app.m) || app.m.phase === 'waiting' || moving) dispatch({ type: 'reset' });
  render();
  later(nextTurn);
}

handlers.goto = goto;
handlers.pick = pickVariation;
handlers.play = (text) => { play(text).then(() => board.focus()); };
