// @ts-check
// analysis.js: the analysis mode (off by default; the Analysis button).
// For the position shown (any position reached in the move list) it asks
// the rules' search (think) for the best move and the line it expects,
// and shows an evaluation bar (the value for South: think's value or
// proven outcome, for the side to move, turned to South's side), the best
// move marked on the board, and the line in words. It never runs while
// the machine locks it (a game against a friend in progress: machine.js)
// and never makes the page busy: it waits while the page works and asks
// again for the position shown when the page is idle.
import { app, cur } from './state.js';
import { busy, analysisShown } from './machine.js';
import { client, dispatch } from './game.js';
import { $, handlers, render } from './ui.js';
import { sideName, plain } from './messages.js';
import { southShare, SCALE } from './score.js';
import { SCALES } from './games.js';

/**
 * @typedef {import('./mancala.js').ThinkResponse & {outcome?: 'win'|'draw'|'loss'}} Answer
 * @typedef {{answer: Answer, words: string}|{error: string}} Result
 */

/** The search the analysis asks for: a fixed depth, so that a position's analysis is always the same. */
const SEARCH = /** @type {const} */ ({ agent: 'alphabeta', depth: 5, timeMs: 2000 });
/** @type {Map<string, Result>} answers by position */
const results = new Map();
let asking = '';

/**
 * inWords says the line: who plays each move and what the first does.
 * @param {string} position @param {string[]} line
 */
async function inWords(position, line) {
  const parts = [];
  let pos = position;
  for (const [i, m] of line.slice(0, 8).entries()) {
    const st = await client.state({ position: pos });
    const r = await client.apply({ position: pos, move: m });
    parts.push(sideName(st.toMove) + ' ' + m + (i === 0 ? ' (' + r.summary + ')' : ''));
    pos = r.after.position;
  }
  return parts.length ? 'Best line: ' + parts.join(', then ') + (line.length > 8 ? ', …' : '') + '.' : '';
}

/** update shows the analysis of the position shown, asking for it if needed. */
export function update() {
  const panel = $('analysis');
  const button = /** @type {HTMLButtonElement} */ ($('analysis-toggle'));
  button.disabled = app.m.locked;
  button.setAttribute('aria-pressed', String(analysisShown(app.m)));
  if (!analysisShown(app.m) || !app.history.length || !app.history[app.index].state) {
    panel.hidden = true;
    app.best = null;
    return;
  }
  panel.hidden = false;
  const st = cur();
  const r = results.get(st.position);
  if (st.outcome.status !== 'ongoing') {
    show(0.5, 'The game is over: ' + st.outcome.text, '', st.outcome.winner === 'S' ? 1 : st.outcome.winner === 'N' ? 0 : 0.5);
    app.best = null;
    return;
  }
  if (!r) {
    show(0.5, 'Analysing…', '', 0.5);
    setBest(null);
    if (!busy(app.m) && asking !== st.position) ask(st.position);
    return;
  }
  if ('error' in r) {
    show(0.5, 'No analysis: ' + r.error, '', 0.5);
    setBest(null);
    return;
  }
  const { share, text } = southShare(r.answer, st.toMove, SCALES[st.game] || SCALE);
  show(share, text, r.words, share);
  const m = st.moves.find((x) => x.text === r.answer.move);
  setBest(m && m.pit ? m.pit : null);
  document.body.dataset.analysed = st.position;
}

/**
 * show draws the bar (South's share) and the words.
 * @param {number} share @param {string} text @param {string} line @param {number} [fill]
 */
function show(share, text, line, fill = share) {
  const bar = $('eval-bar');
  const pct = Math.round(fill * 100);
  /** @type {HTMLElement} */ (bar.firstElementChild).style.width = pct + '%';
  bar.setAttribute('aria-valuenow', String(pct));
  bar.setAttribute('aria-valuetext', text);
  $('eval-text').textContent = text;
  $('analysis-line').textContent = line;
}

/** @param {string|null} pit */
function setBest(pit) {
  if (app.best === pit) return;
  app.best = pit;
  render();
}

/** @param {string} position */
async function ask(position) {
  asking = position;
  /** @type {Result} */
  let r;
  try {
    const answer = /** @type {Answer} */ (await client.think(Object.assign({ position }, SEARCH)));
    r = { answer, words: await inWords(position, answer.line && answer.line.length ? answer.line : [answer.move]) };
  } catch (e) {
    r = { error: plain(/** @type {Error} */ (e).message).text };
  }
  results.set(position, r);
  asking = '';
  update();
}

/** toggle turns the analysis mode on or off (never on while locked). */
export function toggle() {
  dispatch({ type: 'analysis', on: !app.m.analysis });
}

handlers.drawn = update;
