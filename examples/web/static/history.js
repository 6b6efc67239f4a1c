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
 * moveButton returns the button of entry i of the list.
 * @param {number} i @param {string} text @param {(i: number) => void} go
 */
function moveButton(i, text, go) {
  const e = app.history[i];
  const mover = i === 0 ? 'S' : (e.mover || sideOf(i - 1));
  const b = document.createElement('button');
  b.type = 'button';
  b.innerHTML = '<span class="ply"></span><span class="who"></span><span class="sr"></span><span class="mv"></span>';
  /** @type {HTMLElement} */ (b.querySelector('.sr')).textContent = i === 0 ? '' : sideName(mover) + ' ';
  /** @type {HTMLElement} */ (b.querySelector('.ply')).textContent = i === 0 ? '' : i + '.';
  /** @type {HTMLElement} */ (b.querySelector('.who')).className = 'who ' + (i === 0 ? '' : mover);
  /** @type {HTMLElement} */ (b.querySelector('.mv')).textContent = text;
  b.title = e.summary || '';
  if (i === app.index) b.setAttribute('aria-current', 'step');
  b.addEventListener('click', () => go(i));
  return b;
}

/**
 * renderMoves draws the move list and the variations: one entry a turn
 * (Kiothi's opening turn, of many steps, is one entry that opens to show
 * its steps).
 * @param {HTMLOListElement} list @param {HTMLElement} vbox
 * @param {(i: number) => void} go @param {(k: number) => void} pick
 */
export function renderMoves(list, vbox, go, pick) {
  list.textContent = '';
  /** @type {[number, number][]} */
  const groups = [[0, 0], ...turns()];
  for (const [first, last] of groups) {
    const e = app.history[last];
    const li = document.createElement('li');
    const mover = last === 0 ? 'S' : (app.history[first].mover || sideOf(first - 1));
    // On a phone the list has two columns: South's moves left, North's right.
    li.classList.add('side-' + mover);
    if (app.index >= first && app.index <= last) li.classList.add('current');
    else if (first > app.index) li.classList.add('future');
    if (first === last) {
      li.appendChild(moveButton(last, last === 0 ? 'start' : e.move || '', go));
      list.appendChild(li);
      continue;
    }
    // A turn of several steps: the button shows the turn's end; the
    // toggle opens the steps.
    const n = last - first + 1;
    li.classList.add('steps-turn');
    li.appendChild(moveButton(last, 'opening (' + n + ' steps)', go));
    const inside = app.index >= first && app.index < last;
    const open = opened.has(first) || inside;
    const t = document.createElement('button');
    t.type = 'button';
    t.className = 'steps-toggle';
    t.setAttribute('aria-expanded', String(open));
    t.setAttribute('aria-label', (open ? 'Hide' : 'Show') + ' the ' + n + ' steps of ' + sideName(mover) + "'s opening turn");
    t.textContent = open ? '▾' : '▸';
    t.addEventListener('click', () => {
      if (opened.has(first)) opened.delete(first);
      else opened.add(first);
      renderMoves(list, vbox, go, pick);
      const again = /** @type {HTMLElement|null} */ (list.querySelector('li.steps-turn[data-first="' + first + '"] .steps-toggle'));
      if (again) again.focus();
    });
    li.dataset.first = String(first);
    li.appendChild(t);
    if (open) {
      const sub = document.createElement('ol');
      sub.className = 'steps';
      sub.setAttribute('aria-label', sideName(mover) + "'s opening steps");
      for (let i = first; i <= last; i++) {
        const sli = document.createElement('li');
        if (i === app.index) sli.classList.add('current');
        sli.appendChild(moveButton(i, app.history[i].move || '', go));
        sub.appendChild(sli);
      }
      li.appendChild(sub);
    }
    list.appendChild(li);
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
    b.textContent = 'After move ' + v.at + ': ' + moves.slice(0, 4).join(' ') + (moves.length > 4 ? ' …' : '') +
      ' (' + moves.length + ' ' + (moves.length === 1 ? 'ply' : 'plies') + ')';
    b.title = 'Make this line the main line again';
    b.addEventListener('click', () => pick(k));
    vbox.appendChild(b);
  });
}
