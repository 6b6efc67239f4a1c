// Unit tests of the move list (static/history.js): the turns and their
// numbered rows, where Undo and Redo go, variations. Run with
// node --experimental-default-type=module --test examples/web/jstest/
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { app } from '../static/state.js';
import { turns, rows, undoTarget, redoTarget, branch, switchTo } from '../static/history.js';

const KS = 'kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3';
const KI = 'kiothi 5,5,5,5,5,5,5,5,5,5/5,5,5,5,5,5,5,5,5,5';

/**
 * game makes a history from [side to move, extra fields, move] rows: the
 * first is the start (no move).
 * @param {string} board @param {[string, string, string?][]} plies
 */
function game(board, plies) {
  return plies.map(([side, extra, move], i) => ({
    position: board + ' ' + side + ' turn=' + i + (extra ? ' ' + extra : ''),
    move: i ? move : undefined,
    mover: i ? /** @type {'S'|'N'} */ (plies[i - 1][0]) : undefined,
  }));
}

beforeEach(() => {
  app.setup = { game: 'kisolo', rules: '', sides: { S: 'human', N: 'casual' } };
  app.variations = [];
  app.index = 0;
});

test('kisolo: one ply a turn, two turns a row', () => {
  app.history = game(KS, [['S', ''], ['N', '', 'a1'], ['S', '', 'h2'], ['N', '', 'b3'], ['S', '', 'g1']]);
  assert.deepEqual(turns(), [[1, 1], [2, 2], [3, 3], [4, 4]]);
  assert.deepEqual(rows(), [
    { n: 1, S: [1, 1], N: [2, 2] },
    { n: 2, S: [3, 3], N: [4, 4] },
  ]);
});

test('kiothi: both opening turns, of many steps, are row 1', () => {
  app.setup.game = 'kiothi';
  app.history = game(KI, [
    ['S', ''],
    ['S', 'hand=5 lifted=a5', 'a5'], // South's opening: lift, lift, drop, drop
    ['S', 'hand=10 lifted=a5,a6', 'a6'],
    ['S', 'hand=9 dropfrom=a1', 'a1'],
    ['N', '', 'a2x9'],
    ['N', 'hand=5 lifted=A5', 'A5'], // North's opening
    ['S', '', 'A1x5'],
    ['N', '', 'c3'], // the first turn of play
  ]);
  assert.deepEqual(turns(), [[1, 4], [5, 6], [7, 7]]);
  assert.deepEqual(rows(), [
    { n: 1, S: [1, 4], N: [5, 6] },
    { n: 2, S: [7, 7], N: null },
  ]);
});

test('a game loaded with North to move starts its first row at North', () => {
  app.history = game(KS, [['N', ''], ['S', '', 'a1'], ['N', '', 'h2'], ['S', '', 'b3']]);
  assert.deepEqual(rows(), [
    { n: 1, S: null, N: [1, 1] },
    { n: 2, S: [2, 2], N: [3, 3] },
  ]);
});

test('a start position alone has no rows', () => {
  app.history = game(KS, [['S', '']]);
  assert.deepEqual(turns(), []);
  assert.deepEqual(rows(), []);
});

test('Undo and Redo stop where the human is to move', () => {
  app.history = game(KS, [['S', ''], ['N', '', 'a1'], ['S', '', 'h2'], ['N', '', 'b3'], ['S', '', 'g1']]);
  app.index = 4;
  assert.equal(undoTarget(), 2);
  app.index = 2;
  assert.equal(undoTarget(), 0);
  assert.equal(redoTarget(), 4);
  app.index = 0;
  assert.equal(undoTarget(), -1);
  app.index = 4;
  assert.equal(redoTarget(), -1);
  // Both sides computers: every turn's start is a stop.
  app.setup.sides = { S: 'casual', N: 'casual' };
  app.index = 4;
  assert.equal(undoTarget(), 3);
});

test('Undo skips the steps of a Kiothi opening turn', () => {
  app.setup = { game: 'kiothi', rules: '', sides: { S: 'human', N: 'human' } };
  app.history = game(KI, [['S', ''], ['S', 'hand=5 lifted=a5', 'a5'], ['S', 'hand=9 dropfrom=a1', 'a1'], ['N', '', 'a2x9']]);
  app.index = 3;
  assert.equal(undoTarget(), 0);
  app.index = 0;
  assert.equal(redoTarget(), 3);
});

test('a move from an earlier position keeps the rest as a variation, and switching back', () => {
  app.history = game(KS, [['S', ''], ['N', '', 'a1'], ['S', '', 'h2'], ['N', '', 'b3']]);
  const all = app.history.slice();
  app.index = 1;
  const v = branch();
  assert.deepEqual(v, { at: 1, line: all.slice(2) });
  assert.equal(app.history.length, 2);
  assert.deepEqual(app.variations, [{ at: 1, line: all.slice(2) }]);
  // At the end there is nothing to keep.
  assert.equal(branch(), null);
  // A new line is played, then the old one is made the main line again.
  const other = game(KS, [['S', ''], ['N', '', 'a1'], ['S', '', 'g2']]);
  app.history.push(other[2]);
  const first = switchTo(0);
  assert.equal(first, 2);
  assert.deepEqual(app.history, all);
  assert.deepEqual(app.variations, [{ at: 1, line: [other[2]] }]);
});

test('the move list keys: a ply back and forward, the start, the end', async () => {
  const { walk } = await import('../static/history.js');
  app.history = game(KS, [['S', ''], ['N', '', 'a1'], ['S', '', 'h2'], ['N', '', 'b3']]);
  app.index = 2;
  assert.deepEqual(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'ArrowUp', 'ArrowDown', 'Enter', 'a'].map(walk), [1, 3, 0, 3, 1, 3, -1, -1]);
  app.index = 0;
  assert.equal(walk('ArrowLeft'), 0);
  app.index = 3;
  assert.equal(walk('ArrowRight'), 3);
});

test('turnOf names the numbered turn and side of a ply', async () => {
  const { turnOf } = await import('../static/history.js');
  app.history = game(KS, [['S', ''], ['N', '', 'a1'], ['S', '', 'h2'], ['N', '', 'b3']]);
  assert.deepEqual([0, 1, 2, 3].map(turnOf), [null, { n: 1, side: 'S' }, { n: 1, side: 'N' }, { n: 2, side: 'S' }]);
});
