// @ts-check
// score.js: an analysis answer in the bar's terms, pure (node --test
// loads it): think's value (or proven outcome) is for the side to move;
// the bar shows South's share.

/** Values at least this large are proven results (agent.WinValue is 1 << 24, less the plies to the end). */
export const PROVEN = 1 << 23;
/** Points of advantage that fill three quarters of the bar, for a game without its own (games.js's SCALES). */
export const SCALE = 6;
/**
 * southShare turns a think answer for the side to move into South's
 * share of the bar (0..1: 1 South wins, 0.5 even) and its words.
 * scale is the lead that fills three quarters of it.
 * @param {{value?: number, outcome?: 'win'|'draw'|'loss'}} a @param {'S'|'N'} toMove @param {number} [scale]
 * @returns {{share: number, text: string}}
 */
export function southShare(a, toMove, scale = SCALE) {
  const v = Number(a.value) || 0;
  let outcome = a.outcome;
  if (!outcome && Math.abs(v) >= PROVEN) outcome = v > 0 ? 'win' : 'loss';
  if (outcome === 'draw') return { share: 0.5, text: 'A draw with best play' };
  if (outcome === 'win' || outcome === 'loss') {
    const southWins = (outcome === 'win') === (toMove === 'S');
    return { share: southWins ? 1 : 0, text: (southWins ? 'South' : 'North') + ' wins with best play' };
  }
  const s = toMove === 'S' ? v : -v;
  // Only a proven result fills the bar: an unproven lead stops short of it.
  const share = Math.min(0.98, Math.max(0.02, 0.5 + 0.5 * Math.tanh(s * Math.atanh(0.5) / scale)));
  const text = s === 0 ? 'Even' : (s > 0 ? 'South' : 'North') + ' ahead by ' + Math.abs(s) + ' ' + (Math.abs(s) === 1 ? 'point' : 'points');
  return { share, text };
}
