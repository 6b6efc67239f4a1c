// @ts-check
// events.js: what the player's input does: clicks on pits and buttons,
// the keyboard, the set-up's fields. Each handler asks the controller
// (game.js) or the drawing (ui.js); none keeps state of its own.
import { app, cur, isHuman, controllerOf } from './state.js';
import { busy, thinking } from './machine.js';
import { $, board, handlers, render, say, building, openChooser, closeChooser, toggleSetup } from './ui.js';
import { newGame, goto, playSteps, undo, redo, hint, resume, resign, rematch, setSide } from './game.js';
import { walk } from './history.js';
import { copyText, copyRecord, copyLink, load } from './share.js';
import { toggle as toggleAnalysis } from './analysis.js';
import { fillSides, fillOptions, rulesFromForm } from './setup.js';
import { whyNot, sideName } from './messages.js';
import { setPref } from './persist.js';
import * as opening from './opening.js';
import * as sound from './sound.js';

/** onPit: a pit clicked (or Enter on it). @param {string} name */
function onPit(name) {
  if (board.animating) {
    board.skip();
    return;
  }
  if (busy(app.m)) {
    say(thinking(app.m) ? 'Wait: the computer is thinking.' : 'Wait for the move to finish.');
    return;
  }
  const st = cur();
  if (st.outcome.status !== 'ongoing') {
    say('The game is over: ' + st.outcome.text + '.', true);
    return;
  }
  if (!isHuman(st.toMove)) {
    if (controllerOf(st.toMove) === 'remote') say('It is ' + sideName(st.toMove) + '’s turn: their move comes from the room.', true);
    else say('It is the computer’s turn' + (app.index < app.history.length - 1 ? ': press Redo, or Play from here.' : '.'), true);
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
    handlers.play(ms[0].text);
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

/** The system's theme (prefers-color-scheme). */
const system = window.matchMedia('(prefers-color-scheme: dark)');

/** dark tells whether the page shows the dark theme (theme.js, style.css). */
export function dark() {
  const t = document.documentElement.dataset.theme;
  return t ? t === 'dark' : system.matches;
}

function themeButton() {
  $('theme').setAttribute('aria-pressed', String(dark()));
}

/** wire connects the page's controls, the keyboard and the set-up to the controller. */
export function wire() {
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
      // A think under way for the old player is dropped.
      setSide(side, /** @type {HTMLSelectElement} */ ($(id)).value);
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
  themeButton();
  $('theme').addEventListener('click', () => {
    // The opposite of the theme shown; the system's own is kept as no choice.
    const want = dark() ? 'light' : 'dark';
    const root = document.documentElement;
    if (want === (system.matches ? 'dark' : 'light')) delete root.dataset.theme;
    else root.dataset.theme = want;
    setPref('theme', root.dataset.theme || '');
    themeButton();
  });
  system.addEventListener('change', themeButton);
  $('load').addEventListener('click', load);
  $('analysis-toggle').addEventListener('click', toggleAnalysis);
  $('speed').addEventListener('change', () => setPref('speed', /** @type {HTMLSelectElement} */ ($('speed')).value));
  $('board-wrap').addEventListener('click', (e) => {
    if (board.animating && !/** @type {HTMLElement} */ (e.target).closest('.pit')) board.skip();
  });
  // The move list is one Tab stop: ←/→ walk it a ply at a time, Home
  // and End go to the start and the last position.
  $('moves').addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const i = walk(e.key);
    if (i < 0) return;
    e.preventDefault();
    if (i !== app.index) goto(i);
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

handlers.pit = onPit;
handlers.takeBack = onTakeBack;
