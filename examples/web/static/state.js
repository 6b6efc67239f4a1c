// @ts-check
// state.js: the page's data (the set-up, the history of positions with
// its variations, the position shown, the state machine of machine.js)
// and the computer levels of each game. No DOM: node --test loads it.
// Keeping it in localStorage is persist.js.
import { initial } from './machine.js';

/**
 * @typedef {import('./mancala.js').State} State
 * @typedef {import('./mancala.js').GameInfo} GameInfo
 * @typedef {import('./mancala.js').AgentSpec} AgentSpec
 * @typedef {{position: string, state?: State, move?: string, summary?: string, mover?: 'S'|'N',
 *   changed?: Set<string>, from?: string, to?: string, captured?: Set<string>}} Entry one position of the history and the move that led to it
 * @typedef {{at: number, line: Entry[]}} Variation a line of play left at entry index at
 * @typedef {{id: string, name: string, rating?: number, agent: AgentSpec, doc: string}} Level
 * @typedef {{game: string, rules: string, sides: {S: string, N: string}}} Setup
 */

/**
 * describe says which agent and budget a level is, in words.
 * @param {AgentSpec} a
 */
export function describe(a) {
  const parts = [];
  if (a.agent === 'random') parts.push('random moves');
  else if (a.agent === 'alphabeta') parts.push('AlphaBeta search' + (a.depth ? ', ' + a.depth + (a.depth === 1 ? ' ply' : ' plies') + ' deep' : '') +
    (a.nodes ? ', up to ' + a.nodes.toLocaleString('en') + ' positions a move (within the 2 s a move the rules service allows)' : ''));
  else if (a.agent === 'mcts') parts.push('Monte Carlo tree search' + (a.iterations ? ', ' + a.iterations.toLocaleString('en') + ' playouts' : ''));
  else parts.push(a.agent);
  if (a.timeMs) parts.push('at most ' + (a.timeMs >= 1000 ? a.timeMs / 1000 + ' s' : a.timeMs + ' ms') + ' a move');
  return parts.join(', ');
}

/**
 * levelsOf returns a game's computer levels, weakest first, as the
 * service's games list gives them (each game's levels: name, rating,
 * agent); a game without levels offers none.
 * @param {GameInfo|undefined} g
 * @returns {Level[]}
 */
export function levelsOf(g) {
  const src = g && Array.isArray(g.levels) ? g.levels : [];
  return src.map((l) => ({ id: l.name.toLowerCase(), name: l.name, rating: l.rating, agent: l.agent, doc: describe(l.agent) }));
}

export const app = {
  /** @type {GameInfo[]} */
  games: [],
  /** @type {Setup} */
  setup: { game: '', rules: '', sides: { S: 'human', N: 'human' } },
  /** @type {Entry[]} */
  history: [],
  /** @type {Variation[]} */
  variations: [],
  index: 0,
  /** What the page is doing (machine.js): changed only through game.js dispatch. */
  m: initial(),
  seed: 1,
  /** @type {string|null} */
  hint: null,
  /** @type {string|null} */
  selected: null,
  /** @type {string|null} the pit of the analysis's best move (analysis.js) */
  best: null,
  /** @type {'S'|'N'|null} the side that resigned the game shown (its last position) */
  resigned: null,
  /** @type {string|null} the id of the room (a game against a friend, room.js) shown, or null */
  room: null,
  /** @type {{winner: 'S'|'N'|null, text: string}|null} how a room's game ended other than by the rules (time, resignation, ...), at its last position */
  ended: null,
};

/** @param {string} name */
export function info(name) {
  return app.games.find((g) => g.name === name);
}

/** The state shown. @returns {State} */
export function cur() {
  return /** @type {State} */ (app.history[app.index].state);
}

/** @param {'S'|'N'} side */
export function isHuman(side) {
  return app.setup.sides[side] === 'human';
}

/** The set-up's value for a side played by a remote player (a friend in a room). */
export const REMOTE = 'remote';

/**
 * controllerOf says who plays a side: a 'human' at this page, a 'remote'
 * player through a room, or the 'computer' (a level).
 * @param {'S'|'N'} side
 * @returns {'human'|'remote'|'computer'}
 */
export function controllerOf(side) {
  const v = app.setup.sides[side];
  return v === 'human' ? 'human' : v === REMOTE ? 'remote' : 'computer';
}

/** The level of a side (undefined for a human). @param {'S'|'N'} side */
export function levelOf(side) {
  return levelsOf(info(app.setup.game)).find((l) => l.id === app.setup.sides[side]);
}

/**
 * sideOf returns who is to move at history entry i, from its state or
 * its position line (the third word).
 * @param {number} i
 * @returns {'S'|'N'}
 */
export function sideOf(i) {
  const h = app.history[i];
  if (h.state) return h.state.toMove;
  return /** @type {'S'|'N'} */ (h.position.split(' ')[2]);
}

/**
 * turnStart tells whether entry i starts a turn: not in the middle of a
 * Kiothi opening turn (hand=, lifted= or dropfrom= in the position).
 * @param {number} i
 */
export function turnStart(i) {
  return !/ (hand|lifted|dropfrom)=/.test(app.history[i].position);
}

/**
 * changedPits returns the names of the pits whose seeds (or nki mark)
 * differ between two states of one game.
 * @param {State} before @param {State} after
 */
export function changedPits(before, after) {
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
export function lastMarks(r, before) {
  const pits = new Set(before.pits.map((p) => p.name));
  let to = '';
  const captured = new Set();
  for (const e of r.events) {
    if ((e.kind === 'drop' || e.kind === 'reserve') && pits.has(e.to)) to = e.to;
    if (e.kind === 'capture' && pits.has(e.from)) captured.add(e.from);
  }
  return { to, captured };
}
