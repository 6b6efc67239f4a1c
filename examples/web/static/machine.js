// @ts-check
// machine.js: the page's state machine, pure (no DOM, no rules): what the
// page is doing now (its phase), which generation of the game shown it
// works for, and whether the analysis mode is on. The controller
// (game.js) asks reduce for each transition and draws from the result;
// node --test runs it without a browser (examples/web/jstest).
//
// Phases:
//   starting  the rules are loading; no board drawn yet
//   idle      nothing under way: a human to move, a game over, or a past
//             position shown (whether the game is over comes from the
//             position, not from the phase)
//   fetching  the page asks the rules for the state of a position it
//             walks to (the move list, Undo, Redo)
//   moving    a move is applied by the rules and animated
//   thinking  the computer chooses its move
//   hinting   the computer chooses a hint for a human
//   waiting   a remote player's move is awaited (a game in a room)
//   stalled   the computer's think failed; "Play from here" tries again
//
// The generation (gen) replaces a cancelled job's flag: every answer that
// comes back (a think, an apply, a state) carries the gen of the request
// it answers, and reduce ignores it unless the gen is still current.
// 'reset' (a new game, a position walked to, a load, a resignation, a
// side changed while it thought) starts a new generation and makes the
// page idle at once.
//
// The seam for a second kind of opponent (a friend through a room): a
// side is played by a 'human' here, the 'computer', or a 'remote' player
// (state.js controllerOf; the set-up value state.js REMOTE, set with
// game.js setSide). When a remote side is to move at the end of the
// game, the controller dispatches 'wait' instead of 'think'; the room
// code hands the remote move to game.js remoteMove(text), which
// dispatches 'play' exactly as a click does (bringing a player who looks
// at an earlier position back to the end first; false when it cannot).
// game.js calls each function in its moveListeners after every move
// played (by whom, the move, the position after it), for the room to
// send the local player's moves. While a game against a friend is in
// progress the room code dispatches {type: 'lock', locked: true}: the
// analysis mode goes off and stays off until {type: 'lock', locked:
// false}. The browser test TestRemoteSeam plays a room's part through
// window.mancalaRoom (with ?test=1).

/**
 * @typedef {'starting'|'idle'|'fetching'|'moving'|'thinking'|'hinting'|'waiting'|'stalled'} Phase
 * @typedef {{phase: Phase, gen: number, retrying: boolean, analysis: boolean, locked: boolean}} Machine
 * @typedef {{type: 'ready'} | {type: 'reset'} | {type: 'fetch'} | {type: 'fetched', gen: number}
 *   | {type: 'play'} | {type: 'think'} | {type: 'thought', gen: number}
 *   | {type: 'thinkFailed', gen: number, again: boolean} | {type: 'hint'} | {type: 'done', gen: number}
 *   | {type: 'wait'} | {type: 'analysis', on: boolean} | {type: 'lock', locked: boolean}} Event
 */

/** The phases, in the order of the comment above. */
export const PHASES = /** @type {const} */ (['starting', 'idle', 'fetching', 'moving', 'thinking', 'hinting', 'waiting', 'stalled']);

/** The machine before the rules have answered. @returns {Machine} */
export function initial() {
  return { phase: 'starting', gen: 0, retrying: false, analysis: false, locked: false };
}

/**
 * The phases each event may start from ('reset', 'analysis' and 'lock'
 * are taken in any phase; answers must also carry the current gen).
 * @type {Record<string, readonly Phase[]>}
 */
const FROM = {
  ready: ['starting'],
  fetch: ['idle', 'waiting', 'stalled'],
  fetched: ['fetching'],
  play: ['idle', 'waiting', 'stalled'],
  think: ['idle', 'stalled'],
  thought: ['thinking'],
  thinkFailed: ['thinking'],
  hint: ['idle'],
  done: ['moving', 'hinting'],
  wait: ['idle', 'stalled'],
};

/**
 * can tells whether event type would change the machine in its phase
 * (an answer's gen is not checked here).
 * @param {Machine} m @param {Event['type']} type
 */
export function can(m, type) {
  const from = FROM[type];
  return !from || from.includes(m.phase);
}

/**
 * reduce returns the machine after event e: a new object when the event
 * applies, m itself when it does not (a phase it cannot start from, or an
 * answer of an earlier generation). It never throws.
 * @param {Machine} m @param {Event} e
 * @returns {Machine}
 */
export function reduce(m, e) {
  if (!e || typeof e !== 'object') return m;
  switch (e.type) {
    case 'reset':
      // Before the rules answer there is nothing to cancel but the gen.
      return { ...m, phase: m.phase === 'starting' ? 'starting' : 'idle', gen: m.gen + 1, retrying: false };
    case 'analysis':
      if (m.locked && e.on) return m;
      return m.analysis === !!e.on ? m : { ...m, analysis: !!e.on };
    case 'lock':
      return { ...m, locked: !!e.locked, analysis: e.locked ? false : m.analysis };
  }
  if (!can(m, e.type)) return m;
  if ('gen' in e && e.gen !== m.gen) return m;
  switch (e.type) {
    case 'ready': return { ...m, phase: 'idle' };
    case 'fetch': return { ...m, phase: 'fetching' };
    case 'fetched': return { ...m, phase: 'idle' };
    case 'play': return { ...m, phase: 'moving', retrying: false };
    case 'think': return { ...m, phase: 'thinking', retrying: false };
    case 'thought': return { ...m, phase: 'moving' };
    case 'thinkFailed': return { ...m, phase: e.again ? 'idle' : 'stalled', retrying: !!e.again };
    case 'hint': return { ...m, phase: 'hinting' };
    case 'done': return { ...m, phase: 'idle' };
    case 'wait': return { ...m, phase: 'waiting' };
  }
  return m;
}

/** busy: work is under way that a click must wait for. @param {Machine} m */
export function busy(m) {
  return m.phase === 'starting' || m.phase === 'fetching' || m.phase === 'moving' || m.phase === 'thinking' || m.phase === 'hinting';
}

/** thinking: the computer is choosing a move or a hint. @param {Machine} m */
export function thinking(m) {
  return m.phase === 'thinking' || m.phase === 'hinting';
}

/**
 * analysisShown: whether the analysis mode is on and allowed (never in a
 * game against a friend while it is in progress).
 * @param {Machine} m
 */
export function analysisShown(m) {
  return m.analysis && !m.locked;
}
