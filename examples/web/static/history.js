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

/**
 * renderMoves draws the move list and the variations.
 * @param {HTMLOListElement} list @param {HTMLElement} vbox
 * @param {(i: number) => void} go @param {(k: number) => void} pick
 */
export function renderMoves(list, vbox, go, pick) {
  list.textContent = '';
  app.history.forEach((e, i) => {
    const li = document.createElement('li');
    const mover = i === 0 ? 'S' : (e.mover || sideOf(i - 1));
    // On a phone the list has two columns: South's moves left, North's right.
    li.classList.add('side-' + mover);
    if (i === app.index) li.classList.add('current');
    else if (i > app.index) li.classList.add('future');
    const b = document.createElement('button');
    b.type = 'button';
    b.innerHTML = '<span class="ply"></span><span class="who"></span><span class="sr"></span><span class="mv"></span>';
    /** @type {HTMLElement} */ (b.querySelector('.sr')).textContent = i === 0 ? '' : sideName(mover) + ' ';
    /** @type {HTMLElement} */ (b.querySelector('.ply')).textContent = i === 0 ? '' : i + '.';
    /** @type {HTMLElement} */ (b.querySelector('.who')).className = 'who ' + (i === 0 ? '' : mover);
    /** @type {HTMLElement} */ (b.querySelector('.mv')).textContent = i === 0 ? 'start' : e.move || '';
    b.title = e.summary || '';
    if (i === app.index) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', () => go(i));
    li.appendChild(b);
    list.appendChild(li);
  });
  const curLi = /** @type {HTMLElement|undefined} */ (list.children[app.index]);
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
