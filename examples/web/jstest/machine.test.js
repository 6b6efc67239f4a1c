// Unit tests of the page's state machine (static/machine.js): run with
// node --experimental-default-type=module --test examples/web/jstest/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initial, reduce, can, busy, thinking, analysisShown, PHASES } from '../static/machine.js';

/** run applies the events in order from the initial machine. */
function run(...events) {
  return events.reduce(reduce, initial());
}

test('starts in starting, busy, generation 0, analysis off', () => {
  assert.deepEqual(initial(), { phase: 'starting', gen: 0, retrying: false, analysis: false, locked: false });
  assert.equal(busy(initial()), true);
});

test('a computer move: think, thought, done', () => {
  let m = run({ type: 'ready' });
  assert.equal(m.phase, 'idle');
  m = reduce(m, { type: 'think' });
  assert.deepEqual([m.phase, busy(m), thinking(m)], ['thinking', true, true]);
  m = reduce(m, { type: 'thought', gen: 0 });
  assert.deepEqual([m.phase, busy(m), thinking(m)], ['moving', true, false]);
  m = reduce(m, { type: 'done', gen: 0 });
  assert.deepEqual(m, { phase: 'idle', gen: 0, retrying: false, analysis: false, locked: false });
});

test('a reset drops the answer of the work it cancelled', () => {
  let m = run({ type: 'ready' }, { type: 'think' });
  const gen = m.gen;
  m = reduce(m, { type: 'reset' });
  assert.deepEqual([m.phase, m.gen], ['idle', gen + 1]);
  // The old think answers now: ignored, the same object back.
  assert.equal(reduce(m, { type: 'thought', gen }), m);
  assert.equal(reduce(m, { type: 'thinkFailed', gen, again: false }), m);
  // A new think of this generation is taken.
  m = reduce(m, { type: 'think' });
  assert.equal(reduce(m, { type: 'thought', gen }), m);
  assert.equal(reduce(m, { type: 'thought', gen: gen + 1 }).phase, 'moving');
});

test('a failed think stalls, or retries when the rules were busy', () => {
  const m = run({ type: 'ready' }, { type: 'think' });
  const stalled = reduce(m, { type: 'thinkFailed', gen: 0, again: false });
  assert.deepEqual([stalled.phase, stalled.retrying, busy(stalled)], ['stalled', false, false]);
  const again = reduce(m, { type: 'thinkFailed', gen: 0, again: true });
  assert.deepEqual([again.phase, again.retrying], ['idle', true]);
  // "Play from here" thinks again from stalled.
  assert.equal(reduce(stalled, { type: 'think' }).phase, 'thinking');
});

test('clicks wait for work under way', () => {
  const moving = run({ type: 'ready' }, { type: 'play' });
  assert.equal(moving.phase, 'moving');
  for (const type of /** @type {const} */ (['play', 'think', 'hint', 'wait', 'fetch'])) {
    assert.equal(can(moving, type), false, type);
    assert.equal(reduce(moving, { type }), moving, type);
  }
  assert.equal(reduce(run(), { type: 'play' }).phase, 'starting');
});

test('a hint and its answer', () => {
  let m = run({ type: 'ready' }, { type: 'hint' });
  assert.deepEqual([m.phase, busy(m), thinking(m)], ['hinting', true, true]);
  m = reduce(m, { type: 'done', gen: 0 });
  assert.equal(m.phase, 'idle');
});

test('walking the move list fetches a state in its generation', () => {
  let m = run({ type: 'ready' }, { type: 'reset' }, { type: 'fetch' });
  assert.deepEqual([m.phase, m.gen], ['fetching', 1]);
  assert.equal(reduce(m, { type: 'fetched', gen: 0 }), m);
  m = reduce(m, { type: 'fetched', gen: 1 });
  assert.equal(m.phase, 'idle');
});

test('a remote player: wait, then the move arrives as a play', () => {
  let m = run({ type: 'ready' }, { type: 'wait' });
  assert.deepEqual([m.phase, busy(m)], ['waiting', false]);
  assert.equal(can(m, 'think'), false);
  assert.equal(can(m, 'hint'), false);
  m = reduce(m, { type: 'play' });
  assert.equal(m.phase, 'moving');
});

test('analysis: off by default, never while locked', () => {
  let m = run({ type: 'ready' }, { type: 'analysis', on: true });
  assert.equal(analysisShown(m), true);
  m = reduce(m, { type: 'lock', locked: true });
  assert.deepEqual([m.analysis, m.locked, analysisShown(m)], [false, true, false]);
  assert.equal(reduce(m, { type: 'analysis', on: true }), m);
  m = reduce(m, { type: 'lock', locked: false });
  assert.equal(analysisShown(m), false); // it stays off until asked again
  assert.equal(analysisShown(reduce(m, { type: 'analysis', on: true })), true);
  // A reset keeps the analysis mode as it is.
  const on = reduce(m, { type: 'analysis', on: true });
  assert.equal(reduce(on, { type: 'reset' }).analysis, true);
});

test('bad events leave the machine as it is', () => {
  const m = run({ type: 'ready' });
  for (const e of [null, undefined, 7, 'play', {}, { type: 'fly' }, { type: 'done' }, { type: 'thought' }]) {
    assert.equal(reduce(m, /** @type {any} */ (e)), m, JSON.stringify(e));
  }
});

test('every phase is reachable', () => {
  const seen = new Set();
  const events = [{ type: 'ready' }, { type: 'reset' }, { type: 'fetch' }, { type: 'play' }, { type: 'think' },
    { type: 'hint' }, { type: 'wait' }, { type: 'thinkFailed', gen: 0, again: false }];
  // Breadth-first over the events (answers of generation 0 only).
  let frontier = [initial()];
  for (let depth = 0; depth < 4; depth++) {
    const next = [];
    for (const m of frontier) {
      seen.add(m.phase);
      for (const e of events) next.push(reduce(m, /** @type {any} */ (e)));
    }
    frontier = next;
  }
  assert.deepEqual([...seen].sort(), [...PHASES].sort());
});
