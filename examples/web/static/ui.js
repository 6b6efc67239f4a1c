// @ts-check
// ui.js: drawing the page from its state (state.js, machine.js): the
// board, the status line, the buttons, the move list, Kiothi's opening
// bar, the move chooser, the game-over dialog and the loading progress.
// It changes no game state: what a click does is game.js and events.js,
// reached through handlers.
import { Board } from './board.js';
import { app, cur, isHuman, levelOf } from './state.js';
import { busy, analysisShown } from './machine.js';
import { undoTarget, redoTarget, renderMoves } from './history.js';
import { show, sideName, plain } from './messages.js';
import { save } from './persist.js';
import * as opening from './opening.js';
import * as sound from './sound.js';

/**
 * @typedef {import('./mancala.js').State} State
 */

export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
export const params = new URLSearchParams(location.search);

/**
 * What clicks drawn here call: set by game.js and events.js (the drawing
 * imports no controller).
 */
export const handlers = {
  /** @type {(name: string) => void} a pit clicked */
  pit: () => {},
  /** @type {(name: string) => void} Backspace on a pit (Kiothi's opening) */
  takeBack: () => {},
  /** @type {(text: string) => void} a move of the chooser */
  play: () => {},
  /** @type {(i: number) => void} an entry of the move list */
  goto: () => {},
  /** @type {(k: number) => void} a variation */
  pick: () => {},
  /** @type {() => void} drawn after each render (the analysis panel) */
  drawn: () => {},
  /** @type {() => void} the first board is drawn */
  ready: () => {},
};

export const board = new Board($('board'), (n) => handlers.pit(n), (n) => handlers.takeBack(n));
board.onStep = sound.play;

/** @param {string} text @param {boolean} [bad] @param {string} [clause] */
export function say(text, bad, clause) {
  const m = $('message');
  show(m, text, clause, app.setup.game);
  m.classList.toggle('bad', !!bad);
}

/** @param {any} e */
export function sayError(e, prefix = '') {
  const w = plain(e && e.message || String(e));
  say(prefix + w.text, true, w.clause);
}

/**
 * loading shows how much of the rules (a game's wasm file) has arrived:
 * before the first board, until the worker is ready, and when another
 * game's file loads at its first request (the bar hides once it is whole).
 * @param {import('./mancala.js').Progress} p
 */
export function loading(p) {
  const bar = /** @type {HTMLProgressElement} */ ($('load-progress'));
  const mb = (/** @type {number} */ n) => (n / 1e6).toFixed(1);
  if (!app.games.length) {
    bar.hidden = false;
    if (p.total > 0) {
      bar.max = p.total;
      bar.value = Math.min(p.loaded, p.total);
      $('status-text').textContent = 'Loading the rules: ' + mb(p.loaded) + ' of ' + mb(p.total) + ' MB';
    } else {
      bar.removeAttribute('value'); // indeterminate
      $('status-text').textContent = 'Loading the rules: ' + mb(p.loaded) + ' MB';
    }
    return;
  }
  // A later game's file: the bar while it comes, no more once it is whole.
  if (p.total > 0 && p.loaded < p.total) {
    bar.hidden = false;
    bar.max = p.total;
    bar.value = p.loaded;
    const g = app.games.find((x) => x.name === p.game);
    $('status-text').textContent = 'Loading the rules' + (g ? ' of ' + g.title : '') + ': ' + mb(p.loaded) + ' of ' + mb(p.total) + ' MB';
  } else {
    bar.hidden = true;
  }
}

/**
 * result returns how the game shown ended, or null while it goes on: by
 * the rules, or because a side resigned at its last position.
 * @returns {{winner: 'S'|'N'|null, text: string}|null}
 */
export function result() {
  const st = cur();
  if (app.ended && app.index === app.history.length - 1) return app.ended;
  if (app.resigned && app.index === app.history.length - 1) {
    const w = app.resigned === 'S' ? 'N' : 'S';
    return { winner: w, text: sideName(app.resigned) + ' resigned: ' + sideName(w) + ' wins.' };
  }
  if (st.outcome.status === 'ongoing') return null;
  return { winner: st.outcome.winner || null, text: /** @type {string} */ (st.outcome.text) };
}

/** showOver opens the game-over dialog: the result in words, Rematch, Review. */
export function showOver() {
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

/** Whether the shown position is a human's Kiothi opening turn. */
export function building() {
  const st = cur();
  return !!st.opening && st.outcome.status === 'ongoing' && isHuman(st.toMove) && !busy(app.m);
}

/** render draws the page from the state: called after every change. */
export function render() {
  const m = app.m;
  document.body.dataset.busy = busy(m) ? '1' : '0';
  document.body.dataset.phase = m.phase;
  if (!app.history.length) return;
  const h = app.history[app.index];
  const st = h.state;
  if (!st) return;
  const res = result();
  const over = !!res;
  const last = app.index === app.history.length - 1;
  const human = isHuman(st.toMove);
  const canPlay = !busy(m) && !over && human;
  const build = canPlay && !!st.opening;
  /** @type {Set<string>} */
  let playable = new Set(canPlay && !st.opening ? st.moves.filter((x) => x.pit).map((x) => x.pit) : []);
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
    board.render(st, { playable, nav, changed: h.changed, from: h.from, to: h.to, captured: h.captured, hinted: app.hint,
      selected: app.selected, busy: busy(m), best: analysisShown(m) ? app.best : null,
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
    if (m.phase === 'thinking') text = who + ' (computer, ' + lname + ') is thinking…';
    else if (m.phase === 'hinting') text = 'Thinking about a hint…';
    else if (m.phase === 'waiting') text = who + ' to move — waiting for their move';
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
  $('resume').hidden = !((!last || m.phase === 'stalled') && !over && !human);
  renderMoves(/** @type {HTMLOListElement} */ ($('moves')), $('variations'), handlers.goto, handlers.pick);
  document.body.dataset.ply = String(app.index);
  document.body.dataset.waiting = over ? 'over' : canPlay ? 'human' : m.phase === 'waiting' ? 'remote' : 'computer';
  document.body.dataset.over = over ? '1' : '0';
  handlers.drawn();
  save();
}

/** @param {State} st @param {boolean} build */
function drawOpening(st, build) {
  const bar = $('opening-bar');
  bar.classList.remove('pending');
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

/** @param {string} name @param {import('./mancala.js').LegalMove[]} moves */
export function openChooser(name, moves) {
  app.selected = name;
  const st = cur();
  $('chooser-label').textContent = moves.every((x) => x.count > 0)
    ? 'Lift how many ' + st.words.seed + 's from ' + name + '?'
    : 'Which move from ' + name + '?';
  const box = $('chooser-buttons');
  box.textContent = '';
  for (const x of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = x.count > 0 ? String(x.count) : x.text;
    b.dataset.move = x.text;
    b.setAttribute('aria-label', (x.count > 0 ? x.count + ' (' + x.text + ')' : x.text));
    b.addEventListener('click', () => handlers.play(x.text));
    box.appendChild(b);
  }
  $('chooser').hidden = false;
  render();
  /** @type {HTMLElement} */ (box.firstChild).focus();
}

export function closeChooser() {
  app.selected = null;
  $('chooser').hidden = true;
}

/** @param {boolean} show */
export function toggleSetup(show) {
  $('setup').hidden = !show;
  $('menu-toggle').setAttribute('aria-expanded', String(show));
  $('menu-toggle').textContent = show ? 'Hide set-up' : 'Set-up…';
}
