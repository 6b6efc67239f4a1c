// @ts-check
// opening.js: Kiothi's opening turn as a player thinks of it (KI-6):
// choose the pits to empty, then put the warriors in any pits in any
// order (take one back at will), watching the hand, and confirm. The page
// then sends the turn as its one canonical step sequence (KI-7): the
// lifts in index order, Stop when fewer pits were chosen than the rules
// ask, and the drops in ring order from the mover's first pit.
import { parseRules } from './setup.js';

/**
 * @typedef {import('./mancala.js').State} State
 */

export const builder = {
  key: '', // the position the choices are for
  /** @type {Set<string>} the pits chosen to empty */
  chosen: new Set(),
  /** @type {Map<string, number>} warriors placed per pit */
  placed: new Map(),
  /** @type {string[]} the pits in the order warriors were placed */
  stack: [],
};

/** @param {State} st */
function sync(st) {
  if (builder.key !== st.position) {
    builder.key = st.position;
    builder.chosen = new Set();
    builder.placed = new Map();
    builder.stack = [];
  }
}

/**
 * need returns how many more pits the mover must empty (max) and whether
 * fewer are allowed (upTo).
 * @param {State} st
 */
export function need(st) {
  const o = /** @type {import('./mancala.js').Opening} */ (st.opening);
  const per = Number(parseRules(st.rules).get('OpeningPits')) || 2;
  const occupied = st.pits.filter((p) => p.owner === st.toMove && p.seeds > 0).length;
  const max = Math.max(0, Math.min(per, occupied + o.lifted.length) - o.lifted.length);
  return { max, upTo: o.canStop };
}

/**
 * choose toggles pit name among the pits to empty; it returns a reason
 * when the pit cannot be chosen, else "".
 * @param {State} st @param {string} name
 */
export function choose(st, name) {
  sync(st);
  const pit = st.pits.find((p) => p.name === name);
  if (!pit || pit.owner !== st.toMove) return name + ' is not yours: empty pits of your own row.';
  if (pit.seeds === 0) return name + ' is empty: choose occupied pits of your row.';
  if (builder.chosen.has(name)) {
    builder.chosen.delete(name);
    return '';
  }
  const { max } = need(st);
  if (builder.chosen.size >= max) return 'You empty ' + max + ' pit' + (max === 1 ? '' : 's') + ': take one back first (click it again).';
  builder.chosen.add(name);
  return '';
}

/** The pits chosen, for drawing. @param {State} st */
export function chosen(st) {
  sync(st);
  return builder.chosen;
}

/** The warriors placed so far, for drawing. @param {State} st */
export function placed(st) {
  sync(st);
  return builder.placed;
}

/** The warriors still in hand. @param {State} st */
export function inHand(st) {
  sync(st);
  return st.hand - builder.stack.length;
}

/** Whether the chosen pits can be emptied now. @param {State} st */
export function canLift(st) {
  sync(st);
  const { max, upTo } = need(st);
  return builder.chosen.size === max || (upTo && builder.chosen.size < max);
}

/**
 * liftSteps returns the steps that empty the chosen pits: lifts in index
 * order, then Stop if fewer than the rules' number were chosen.
 * @param {State} st
 */
export function liftSteps(st) {
  sync(st);
  const idx = new Map(st.pits.map((p) => [p.name, p.index]));
  const steps = [...builder.chosen].sort((a, b) => /** @type {number} */ (idx.get(a)) - /** @type {number} */ (idx.get(b))).map((n) => '-' + n);
  if (builder.chosen.size < need(st).max) steps.push('=');
  return steps;
}

/**
 * place puts one warrior from the hand into pit name; it returns a reason
 * when it cannot, else "".
 * @param {State} st @param {string} name
 */
export function place(st, name) {
  sync(st);
  const o = /** @type {import('./mancala.js').Opening} */ (st.opening);
  if (!o.pits.includes(name)) return 'A warrior cannot go into ' + name + ' now.';
  if (inHand(st) <= 0) return 'Your hand is empty: Confirm, or take a warrior back.';
  builder.placed.set(name, (builder.placed.get(name) || 0) + 1);
  builder.stack.push(name);
  return '';
}

/**
 * takeBack takes one warrior back into the hand: from pit name when
 * given (and it holds one placed this turn), else the last one placed. It
 * returns whether one was taken.
 * @param {State} st @param {string} [name]
 */
export function takeBack(st, name) {
  sync(st);
  const pit = name && builder.placed.get(name) ? name : builder.stack[builder.stack.length - 1];
  if (!pit) return false;
  const n = /** @type {number} */ (builder.placed.get(pit)) - 1;
  if (n > 0) builder.placed.set(pit, n);
  else builder.placed.delete(pit);
  builder.stack.splice(builder.stack.lastIndexOf(pit), 1);
  return true;
}

/** clearPlaced takes every placed warrior back. @param {State} st */
export function clearPlaced(st) {
  sync(st);
  builder.placed = new Map();
  builder.stack = [];
}

/**
 * dropSteps returns the drops of the warriors placed in the canonical
 * order of KI-7: along the mover's ring from the first pit a drop may
 * use (dropFrom).
 * @param {State} st
 */
export function dropSteps(st) {
  sync(st);
  const o = /** @type {import('./mancala.js').Opening} */ (st.opening);
  const ring = st.layout.circuits[st.toMove];
  const start = Math.max(0, ring.indexOf(o.dropFrom));
  const steps = [];
  for (let k = 0; k < ring.length; k++) {
    const pit = ring[(start + k) % ring.length];
    for (let n = builder.placed.get(pit) || 0; n > 0; n--) steps.push('+' + pit);
  }
  return steps;
}
