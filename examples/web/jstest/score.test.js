// Unit tests of the analysis bar's terms (static/score.js): run with
// node --experimental-default-type=module --test examples/web/jstest/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { southShare, PROVEN } from '../static/score.js';

test('even, and a lead for either side seen from South', () => {
  assert.deepEqual(southShare({ value: 0 }, 'S'), { share: 0.5, text: 'Even' });
  assert.deepEqual(southShare({ value: 6 }, 'S'), { share: 0.75, text: 'South ahead by 6 points' });
  // The value is for the side to move: North to move and 6 up is North's lead.
  assert.deepEqual(southShare({ value: 6 }, 'N'), { share: 0.25, text: 'North ahead by 6 points' });
  assert.equal(southShare({ value: -1 }, 'S').text, 'North ahead by 1 point');
  assert.equal(southShare({ value: -1 }, 'N').text, 'South ahead by 1 point');
});

test('the share grows with the lead; only a proven result fills the bar', () => {
  let last = 0.5;
  for (const v of [1, 2, 4, 8, 16]) {
    const { share } = southShare({ value: v }, 'S');
    assert.ok(share > last && share < 0.98, v + ': ' + share);
    assert.ok(Math.abs(southShare({ value: v }, 'N').share - (1 - share)) < 1e-12); // the mirror, to rounding
    last = share;
  }
  assert.equal(southShare({ value: 1000 }, 'S').share, 0.98);
  assert.equal(southShare({ value: 1000 }, 'N').share, 0.02);
});

test('proven results, by outcome or by a forced-win value', () => {
  assert.deepEqual(southShare({ value: 3, outcome: 'win' }, 'S'), { share: 1, text: 'South wins with best play' });
  assert.deepEqual(southShare({ value: 3, outcome: 'win' }, 'N'), { share: 0, text: 'North wins with best play' });
  assert.deepEqual(southShare({ value: -3, outcome: 'loss' }, 'N'), { share: 1, text: 'South wins with best play' });
  assert.deepEqual(southShare({ value: 0, outcome: 'draw' }, 'N'), { share: 0.5, text: 'A draw with best play' });
  const win = (1 << 24) - 7; // agent.WinValue less 7 plies
  assert.deepEqual(southShare({ value: win }, 'N'), { share: 0, text: 'North wins with best play' });
  assert.deepEqual(southShare({ value: -win }, 'N'), { share: 1, text: 'South wins with best play' });
  assert.equal(southShare({ value: PROVEN - 1 }, 'S').text, 'South ahead by ' + (PROVEN - 1) + ' points');
});

test('a missing or bad value is even', () => {
  assert.deepEqual(southShare({}, 'S'), { share: 0.5, text: 'Even' });
  assert.deepEqual(southShare({ value: /** @type {any} */ ('x') }, 'N'), { share: 0.5, text: 'Even' });
});

test('a game\'s own scale', () => {
  assert.equal(southShare({ value: 16 }, 'S', 16).share, 0.75);
  assert.equal(southShare({ value: 16 }, 'S', 16).text, 'South ahead by 16 points');
  assert.ok(southShare({ value: 6 }, 'S', 16).share < 0.75);
});
