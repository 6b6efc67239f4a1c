// @ts-check
// history.js: the game's history of positions: where Undo and Redo go,
// the line of play kept as a variation when a move is played from an
// earlier position, and the move list with its variations.
import { app, isHuman, sideOf, turnStart } from './state.js';
import { sideName } from './messages.js';

/**
 * @typedef {import('./state.js').Entry} Entry
 */

/**
 * stop tells whether Undo and Redo stop at entry i: a turn's start where
 * a human is to move (every turn's start when both sides are computers).
 * @param {number} i
 */
function stop(i) {
  if (!turnStart(i)) return false;
  const anyHuman = isHuman('S') || isHuman('N');
  return !anyHuman || isHuman(sideOf(i));
}

/** undoTarget is where Undo goes from the shown position (-1: nowhere). */
export function undoTarget() {
  if (app.index === 0) return -1;
  let i = app.index - 1;
  while (i > 0 && !stop(i)) i--;
  return i;
}

/** redoTarget is where Redo goes: the next stop, or the end (-1: nowhere). */
export function redoTarget() {
  const last = app.history.length - 1;
  if (app.index >= last) return -1;
  let i = app.index + 1;
  while (i < last && !stop(i)) i++;
  return i;
}

/**
 * branch makes room for a new move at the shown position: the moves after
 * it are kept as a variation (returned, or null when there were none).
 */
export function branch() {
  if (app.index >= app.history.length - 1) return null;
  const v = { at: app.index, line: app.history.slice(app.index + 1) };
  app.variations.push(v);
  app.history.length = app.index + 1;
  return v;
}

/**
 * switchTo makes variation k the main line: the moves after its start
 * become a variation in its place. It returns the index of the
 * variation's first position.
 * @param {number} k
 */
export function switchTo(k) {
  const v = app.variations[k];
  const tail = app.history.slice(v.at + 1);
  app.history.length = v.at + 1;
  app.history.push(...v.line);
  if (tail.length) app.variations[k] = { at: v.at, line: tail };
  else app.variations.splice(k, 1);
  // Variations that started inside the old tail still start at their
  // index, which the new line may not reach: keep only those that do.
  app.variations = app.variations.filter((w) => w.at < app.history.length);
  return v.at + 1;
}

/** The turns (by their first ply) whose steps the player opened. */
const opened = new Set();

/**
 * turns groups the plies of the history (entries 1..) into turns: a ply
 * that leaves the turn unfinished (Kiothi's opening: a lift or drop step)
 * is grouped with the plies that finish it. Each turn is [first, last]
 * entry index.
 * @returns {[number, number][]}
 */
export function turns() {
  /** @type {[number, number][]} */
  const out = [];
  for (let i = 1; i < app.history.length; i++) {
    if (out.length && !turnStart(i - 1)) out[out.length - 1][1] = i;
    else out.push([i, i]);
  }
  return out;
}

/**
 * @typedef {{n: number, S: [number, number]|null, N: [number, number]|null}} Row
 */

/**
 * rows numbers the turns for the move list: row n holds one turn of each
 * side, South's then North's (Kiothi's opening turns, of many steps, are
 * row 1). A turn of the side already in the row, or a South turn after
 * North's, starts the next row; a game that starts with North to move
 * has no South turn in row 1.
 * @returns {Row[]}
 */
export function rows() {
  /** @type {Row[]} */
  const out = [];
  for (const t of turns()) {
    const mover = app.history[t[0]].mover || sideOf(t[0] - 1);
    let r = out[out.length - 1];
    if (!r || r[mover] || (mover === 'S' && r.N)) {
      r = { n: out.length + 1, S: null, N: null };
      out.push(r);
    }
    r[mover] = t;
  }
  return out;
}

/**
 * turnOf returns the numbered turn of the move list that entry i (1..)
 * belongs to, and its side; null for the start.
 * @param {number} i
 * @returns {{n: number, side: 'S'|'N'}|null}
 */
export function turnOf(i) {
  for (const r of rows()) {
    for (const side of /** @type {('S'|'N')[]} */ (['S', 'N'])) {
      const t = r[side];
      if (t && i >= t[0] && i <= t[1]) return { n: r.n, side };
    }
  }
  return null;
}

/**
 * moveButton returns the button of entry i of the list: a screen reader
 * hears the turn and the side before the move ("Turn 3, North b4").
 * @param {number} i @param {string} text @param {(i: number) => void} go @param {number} [turn]
 */
function moveButton(i, text, go, turn) {
  const e = app.history[i];
  const mover = i === 0 ? 'S' : (e.mover || sideOf(i - 1));
  const b = document.createElement('button');
  b.type = 'button';
  b.innerHTML = '<span class="who"></span><span class="sr"></span><span class="mv"></span>';
  /** @type {HTMLElement} */ (b.querySelector('.sr')).textContent = i === 0 ? '' : 'Turn ' + turn + ', ' + sideName(mover) + ' ';
  /** @type {HTMLElement} */ (b.querySelector('.who')).className = 'who ' + (i === 0 ? '' : mover);
  /** @type {HTMLElement} */ (b.querySelector('.mv')).textContent = text;
  b.dataset.ply = String(i);
  b.title = e.summary || '';
  b.tabIndex = i === app.index ? 0 : -1; // one Tab stop: the arrow keys walk the list
  if (i === app.index) b.setAttribute('aria-current', 'step');
  b.addEventListener('click', () => go(i));
  return b;
}

/**
 * turnCell draws one turn of a row: its move, or for a turn of several
 * steps (Kiothi's opening) one entry that opens to show its steps.
 * @param {[number, number]|null} t @param {'S'|'N'} side @param {number} n
 * @param {(i: number) => void} go @param {() => void} again
 */
function turnCell(t, side, n, go, again) {
  const cell = document.createElement('div');
  cell.className = 'turn ' + side;
  if (!t) {
    cell.classList.add('empty');
    return cell;
  }
  const [first, last] = t;
  if (app.index >= first && app.index <= last) cell.classList.add('current');
  else if (first > app.index) cell.classList.add('future');
  if (first === last) {
    cell.appendChild(moveButton(last, app.history[last].move || '', go, n));
    return cell;
  }
  const steps = last - first + 1;
  cell.classList.add('steps-turn');
  cell.dataset.first = String(first);
  cell.appendChild(moveButton(last, 'opening (' + steps + ' steps)', go, n));
  const open = opened.has(first) || (app.index >= first && app.index < last);
  const tg = document.createElement('button');
  tg.type = 'button';
  tg.className = 'steps-toggle';
  tg.setAttribute('aria-expanded', String(open));
  tg.setAttribute('aria-label', (open ? 'Hide' : 'Show') + ' the ' + steps + ' steps of ' + sideName(side) + "'s opening turn");
  tg.textContent = open ? '▾' : '▸';
  tg.addEventListener('click', () => {
    if (opened.has(first)) opened.delete(first);
    else opened.add(first);
    again();
  });
  cell.appendChild(tg);
  if (open) {
    const sub = document.createElement('ol');
    sub.className = 'steps';
    sub.setAttribute('aria-label', sideName(side) + "'s opening steps");
    for (let i = first; i <= last; i++) {
      const sli = document.createElement('li');
      if (i === app.index) sli.classList.add('current');
      sli.appendChild(moveButton(i, app.history[i].move || '', go, n));
      sub.appendChild(sli);
    }
    // Drawn on a line of its own under the row (renderMoves): a turn
    // cell is too narrow for its steps.
    cell.dataset.steps = '1';
    stepLists.set(cell, sub);
  }
  return cell;
}

/** The open steps list of each turn cell drawn, for renderMoves to place. @type {Map<HTMLElement, HTMLOListElement>} */
const stepLists = new Map();

/**
 * walk returns the entry the move list's key goes to from the shown one
 * (←/→ a ply, Home the start, End the last), or -1 for other keys.
 * @param {string} key
 */
export function walk(key) {
  const last = app.history.length - 1;
  switch (key) {
    case 'ArrowLeft': case 'ArrowUp': return Math.max(0, app.index - 1);
    case 'ArrowRight': case 'ArrowDown': return Math.min(last, app.index + 1);
    case 'Home': return 0;
    case 'End': return last;
  }
  return -1;
}

/**
 * renderMoves draws the move list, numbered by turns (South's and
 * North's turn in one numbered row), and the variations.
 * @param {HTMLOListElement} list @param {HTMLElement} vbox
 * @param {(i: number) => void} go @param {(k: number) => void} pick
 */
export function renderMoves(list, vbox, go, pick) {
  const had = list.contains(document.activeElement);
  const toggled = had && document.activeElement && document.activeElement.classList.contains('steps-toggle')
    ? /** @type {HTMLElement} */ (document.activeElement.closest('.steps-turn')).dataset.first : null;
  const again = () => {
    renderMoves(list, vbox, go, pick);
  };
  list.textContent = '';
  const start = document.createElement('li');
  start.className = 'start' + (app.index === 0 ? ' current' : '');
  start.appendChild(moveButton(0, 'start', go));
  list.appendChild(start);
  for (const r of rows()) {
    const li = document.createElement('li');
    li.className = 'row';
    li.dataset.turn = String(r.n);
    const inRow = [r.S, r.N].some((t) => t && app.index >= t[0] && app.index <= t[1]);
    if (inRow) li.classList.add('current');
    const num = document.createElement('span');
    num.className = 'num';
    num.setAttribute('aria-hidden', 'true');
    num.textContent = r.n + '.';
    const cells = [turnCell(r.S, 'S', r.n, go, again), turnCell(r.N, 'N', r.n, go, again)];
    li.append(num, ...cells);
    for (const c of cells) {
      const sub = stepLists.get(c);
      if (!sub) continue;
      stepLists.delete(c);
      const box = document.createElement('div');
      box.className = 'steps-box';
      box.appendChild(sub);
      li.appendChild(box);
    }
    list.appendChild(li);
  }
  if (had) {
    const back = /** @type {HTMLElement|null} */ (toggled !== null
      ? list.querySelector('.steps-turn[data-first="' + toggled + '"] .steps-toggle')
      : list.querySelector('button[aria-current]'));
    if (back) back.focus();
  }
  const curLi = /** @type {HTMLElement|null} */ (list.querySelector('li.current'));
  if (curLi && curLi.scrollIntoView && list.scrollHeight > list.clientHeight) curLi.scrollIntoView({ block: 'nearest' });
  vbox.textContent = '';
  vbox.hidden = app.variations.length === 0;
  if (!app.variations.length) return;
  const h = document.createElement('h3');
  h.textContent = 'Variations';
  vbox.appendChild(h);
  app.variations.forEach((v, k) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'variation';
    const moves = v.line.map((e) => e.move);
    b.textContent = 'After ply ' + v.at + ': ' + moves.slice(0, 4).join(' ') + (moves.length > 4 ? ' …' : '') +
      ' (' + moves.length + ' ' + (moves.length === 1 ? 'ply' : 'plies') + ')';
    b.title = 'Make this line the main line again';
    b.addEventListener('click', () => pick(k));
    vbox.appendChild(b);
  });
}
