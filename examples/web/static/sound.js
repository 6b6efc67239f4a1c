// @ts-check
// sound.js: the board's sounds, off by default: a short wooden click for a
// seed dropped, a lower knock for a capture, made with the Web Audio API
// (no sound files). The choice is kept in localStorage.

const KEY = 'mancala-sound';

/** @type {AudioContext|null} */
let ctx = null;
let on = false;
try { on = localStorage.getItem(KEY) === 'on'; } catch (e) { /* private mode */ }

/** Whether sound is on. */
export function enabled() {
  return on;
}

/**
 * setEnabled turns sound on or off and keeps the choice. Called from a
 * click, so that the browser lets the audio start.
 * @param {boolean} v
 */
export function setEnabled(v) {
  on = v;
  try { localStorage.setItem(KEY, v ? 'on' : 'off'); } catch (e) { /* private mode */ }
  if (v && !ctx && typeof AudioContext === 'function') ctx = new AudioContext();
  if (ctx && v && ctx.state === 'suspended') ctx.resume().catch(() => {});
}

/**
 * play makes the sound of one event kind (drop, capture, sweep, reserve;
 * others are silent) when sound is on. The test log (window.mancalaSounds,
 * when the page runs with ?test=1) counts them.
 * @param {string} kind
 */
export function play(kind) {
  if (!on) return;
  const freq = kind === 'drop' || kind === 'reserve' ? 880 : kind === 'capture' || kind === 'sweep' ? 220 : 0;
  if (!freq) return;
  const log = /** @type {any} */ (window).mancalaSounds;
  if (Array.isArray(log)) log.push(kind);
  if (!ctx && typeof AudioContext === 'function') ctx = new AudioContext();
  if (!ctx || ctx.state !== 'running') return;
  const t = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'triangle';
  osc.frequency.setValueAtTime(freq, t);
  osc.frequency.exponentialRampToValueAtTime(freq / 2, t + 0.08);
  gain.gain.setValueAtTime(0.15, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + 0.09);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t);
  osc.stop(t + 0.1);
}
