// @ts-check
// state.js: the page's state (the set-up, the history of positions with
// its variations, the position shown), the computer levels of each game,
// and keeping all of it in localStorage so that a reload resumes the game.

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
  else if (a.agent === 'alphabeta') parts.push('AlphaBeta search' + (a.depth ? ', ' + a.depth + (a.depth === 1 ? ' ply' : ' plies') + ' deep' : ''));
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
  epoch: 0, // bumped to cancel pending work (new game, undo, load)
  busy: false,
  thinking: false,
  stalled: false, // a think failed (not busy): "Play from here" retries it
  seed: 1,
  /** @type {string|null} */
  hint: null,
  /** @type {string|null} */
  selected: null,
  /** @type {'S'|'N'|null} the side that resigned the game shown (its last position) */
  resigned: null,
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

const KEY = 'mancala-game-v1';

/** @param {Entry} e */
const bare = (e) => ({ position: e.position, move: e.move, summary: e.summary, mover: e.mover, from: e.from });

/** save keeps the game in localStorage (ignored where storage is off). */
export function save() {
  if (!app.history.length) return;
  const data = { setup: app.setup, index: app.index, history: app.history.map(bare), resigned: app.resigned,
    variations: app.variations.map((v) => ({ at: v.at, line: v.line.map(bare) })) };
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch (e) { /* private mode or full: the game is not kept */ }
}

/**
 * restore reads the saved game, or null when there is none or it does not
 * fit the games offered.
 * @returns {{setup: Setup, index: number, history: Entry[], variations: Variation[], resigned: 'S'|'N'|null}|null}
 */
export function restore() {
  let d;
  try {
    d = JSON.parse(localStorage.getItem(KEY) || 'null');
  } catch (e) {
    return null;
  }
  if (!d || !d.setup || !Array.isArray(d.history) || !d.history.length || !info(d.setup.game)) return null;
  const ok = (/** @type {any} */ e) => e && typeof e.position === 'string';
  if (!d.history.every(ok)) return null;
  const index = Math.max(0, Math.min(Number(d.index) || 0, d.history.length - 1));
  const ids = new Set(['human', ...levelsOf(info(d.setup.game)).map((l) => l.id)]);
  const sides = { S: ids.has(d.setup.sides?.S) ? d.setup.sides.S : 'human', N: ids.has(d.setup.sides?.N) ? d.setup.sides.N : 'human' };
  const variations = Array.isArray(d.variations) ? d.variations.filter((/** @type {any} */ v) => v && Array.isArray(v.line) && v.line.every(ok)) : [];
  const resigned = d.resigned === 'S' || d.resigned === 'N' ? d.resigned : null;
  return { setup: { game: d.setup.game, rules: String(d.setup.rules || ''), sides }, index, history: d.history, variations, resigned };
}
