// @ts-check
// messages.js: the library's messages in words for players, with the
// rule's clause id apart, and the page's own answers to clicks that are
// not moves (the page knows the legal moves: no request is needed).
import { RULES_URL, HELP } from './help.js';

/**
 * @typedef {{text: string, clause: string}} Words
 */

/**
 * plain turns a library message ("kisolo: illegal move a1: a capture is
 * compulsory (KS-6)") into words ("Illegal move a1: a capture is
 * compulsory.") and the clause id it cites ("KS-6", or "").
 * @param {string} message
 * @returns {Words}
 */
export function plain(message) {
  let m = String(message).replace(/^([a-z]+: )+/, '');
  let clause = '';
  const c = m.match(/\s*\((?:rule )?([A-Z]{1,2}-\d+[a-z]?)(?:, [A-Z]{1,2}-\d+[a-z]?)*\)\.?$/);
  if (c && c.index !== undefined) {
    clause = c[1];
    m = m.slice(0, c.index);
  }
  m = m.charAt(0).toUpperCase() + m.slice(1);
  if (!/[.!?]$/.test(m)) m += '.';
  return { text: m, clause };
}

/**
 * show writes words into el: the text, and the clause as a link to the
 * game's rules file.
 * @param {HTMLElement} el
 * @param {string} text
 * @param {string} [clause]
 * @param {string} [game]
 */
export function show(el, text, clause, game) {
  el.textContent = text;
  if (clause) {
    const h = HELP[game || ''] || null;
    const a = document.createElement('a');
    a.className = 'clause';
    a.href = RULES_URL + (h ? h.file : '');
    a.rel = 'noopener';
    a.textContent = 'rule ' + clause;
    el.append(' ', a);
  }
}

/** @param {'S'|'N'} s */
export const sideName = (s) => (s === 'S' ? 'South' : 'North');

/**
 * whyNot says, in words, why a click on pit name is not a move in state
 * st (whose mover is a human): the legal moves are all the page needs.
 * @param {import('./mancala.js').State} st
 * @param {string} name
 * @returns {Words}
 */
export function whyNot(st, name) {
  const pit = st.pits.find((p) => p.name === name);
  const seed = st.words.seed;
  const pitMoves = st.moves.filter((m) => m.pit);
  if (!pit) return { text: 'That is not a pit.', clause: '' };
  if (!pitMoves.length) {
    const stop = st.moves.find((m) => m.kind === 'stop');
    return { text: stop ? 'No pit can be played now: press Stop lifting.' : 'No move is possible.', clause: '' };
  }
  const g = st.game;
  if (st.opening) {
    if (st.opening.step === 'lift') {
      if (pit.owner !== st.toMove) return { text: name + ' is not yours: in the opening you empty pits of your own row.', clause: 'KI-6' };
      if (pit.seeds === 0) return { text: name + ' is empty: choose occupied pits of your row to empty.', clause: 'KI-6' };
      return { text: name + ' cannot be emptied now.', clause: 'KI-7' };
    }
    return { text: 'Put the warriors into the pits you like, then Confirm.', clause: 'KI-6' };
  }
  if (pit.owner !== st.toMove) {
    return { text: name + ' is ' + sideName(pit.owner) + '’s pit: play one of your glowing pits.', clause: '' };
  }
  if (pit.seeds === 0) return { text: name + ' is empty: play one of your glowing pits.', clause: '' };
  if (g === 'kisolo' && pitMoves.every((m) => m.kind === 'capture')) {
    return { text: 'A capture is compulsory: play one of your glowing inner pits, which face occupied pits.', clause: 'KS-6' };
  }
  if (g === 'kiothi') {
    return { text: name + ' cannot be played: from it, every count ends its first lap in an occupied pit of your row.', clause: 'KI-10' };
  }
  return { text: name + ' cannot be played now: play one of your glowing pits.', clause: '' };
}
