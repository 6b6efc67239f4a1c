// The go-mancala package in Node, as a user meets it: installed from its
// tarball into a project, imported by name ('go-mancala' resolves to its
// Node entry, node.js), through its documented API. Run by .ci/serve.sh
// with node --test in that project.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, MancalaError, COMMANDS } from 'go-mancala';

const m = connect();

test('ready, and the games; a game file read at its first request', async () => {
  /** @type {{game?: string, loaded: number, total: number}[]} */
  const seen = [];
  const m2 = connect({ onProgress: (p) => seen.push(p) });
  await m2.ready();
  assert.deepEqual(seen, [], 'ready() reads no wasm file');
  const { games, agents } = await m.games();
  assert.deepEqual(seen, [], 'games reads no wasm file');
  await m2.state({ game: 'kiothi' });
  assert.deepEqual(seen.map((p) => p.game), ['kiothi']);
  assert.ok(seen[0].loaded > 1e6 && seen[0].loaded === seen[0].total, 'the whole file of Kiothi');
  await m2.ready('kimasai');
  await m2.state({ game: 'kiothi' });
  assert.deepEqual(seen.map((p) => p.game), ['kiothi', 'kimasai'], 'each file read once');
  assert.deepEqual(games.map((g) => g.name), ['kisolo', 'kiothi', 'kimasai']);
  assert.deepEqual(agents, ['random', 'alphabeta', 'mcts', 'mcts-eval']);
  assert.deepEqual(COMMANDS, ['games', 'state', 'apply', 'think', 'record', 'replay']);
  for (const g of games) assert.ok(g.levels && g.levels.length > 0, g.name + ' has levels');
});

// A whole game of each game: South the weakest level, North random (a
// seed per ply), every move applied; then the record of the moves
// replays to the same end.
for (const game of ['kisolo', 'kiothi', 'kimasai']) {
  test('a whole game of ' + game, async () => {
    const { games } = await m.games();
    const info = games.find((g) => g.name === game);
    assert.ok(info && info.levels);
    const level = 'level:' + info.levels[0].name;
    let st = await m.state({ game });
    assert.equal(st.game, game);
    const start = st.position;
    /** @type {string[]} */
    const moves = [];
    while (st.outcome.status === 'ongoing') {
      assert.ok(moves.length < 5000, 'the game ends');
      const t = st.toMove === 'S'
        ? await m.think({ position: st.position, agent: level })
        : await m.think({ position: st.position, agent: 'random', seed: moves.length + 1 });
      assert.ok(st.legal.includes(t.move), t.move + ' is legal in ' + st.position);
      const r = await m.apply({ position: st.position, move: t.move });
      assert.equal(r.move, t.move);
      assert.equal(r.events.at(-1)?.kind, 'end');
      moves.push(t.move);
      st = r.after;
    }
    assert.ok(['win', 'draw'].includes(st.outcome.status));
    const side = st.outcome.status === 'draw' ? 'draw' : st.outcome.winner;
    assert.equal(st.outcome.result, side + ':' + st.outcome.reason);
    const rec = await m.record({ start, moves });
    assert.equal(rec.final, st.position);
    const back = await m.replay({ record: rec.record });
    assert.deepEqual(back.moves, moves);
    assert.equal(back.positions.at(-1), st.position);
    assert.equal(back.result, rec.result);
  });
}

test('think at a level', async () => {
  const st = await m.state({ game: 'kisolo' });
  const { games } = await m.games();
  const levels = /** @type {any[]} */ (games.find((g) => g.name === 'kisolo')?.levels);
  const strongest = levels[levels.length - 1];
  const t = await m.think({ position: st.position, agent: 'level:' + strongest.name });
  assert.ok(st.legal.includes(t.move), t.move);
  assert.ok(Array.isArray(t.line) && t.line[0] === t.move, 'the line starts with the move');
  const ab = await m.think({ position: st.position, agent: 'alphabeta', depth: 3 });
  assert.equal(ab.depth, 3);
  assert.ok(st.legal.includes(ab.move));
});

test('a bad move is refused with a MancalaError, the position unchanged', async () => {
  const st = await m.state({ game: 'kisolo' });
  await assert.rejects(m.apply({ position: st.position, move: 'b1' }), (e) => {
    assert.ok(e instanceof MancalaError);
    assert.equal(e.code, 'illegal');
    assert.equal(e.status, 422);
    assert.match(e.message, /^kisolo: illegal move b1: /);
    return true;
  });
  await assert.rejects(m.apply({ position: st.position, move: 'zz9' }), (e) => e instanceof MancalaError && e.code === 'syntax' && e.status === 400);
  await assert.rejects(m.state({ game: /** @type {any} */ ('chess') }), (e) => e instanceof MancalaError && e.code === 'bad_request');
  const again = await m.state({ position: st.position });
  assert.equal(again.position, st.position);
  assert.deepEqual(again.legal, st.legal);
  // raw answers the API's status and JSON text.
  const raw = await m.raw('apply', JSON.stringify({ position: st.position, move: 'b1' }));
  assert.equal(raw.status, 422);
  assert.equal(JSON.parse(raw.body).code, 'illegal');
  assert.ok(raw.body.endsWith('}\n'));
});

test('an aborted think rejects with code aborted', async () => {
  const st = await m.state({ game: 'kisolo' });
  const ac = new AbortController();
  ac.abort();
  await assert.rejects(m.think({ position: st.position, agent: 'mcts' }, { signal: ac.signal }), (e) => e instanceof MancalaError && e.code === 'aborted');
});

test('browser-only parts throw a MancalaError naming what is missing', async () => {
  assert.throws(() => connect({ worker: 'worker.js' }), (e) => e instanceof MancalaError && e.code === 'unsupported' && /Web Worker/.test(e.message));
  // The browser module itself (mancala.js), imported by its path: its
  // wasm backend needs a Worker.
  const browser = await import(new URL('../node_modules/go-mancala/mancala.js', import.meta.url).href);
  assert.throws(() => browser.connect(), (e) => e instanceof browser.MancalaError && e.code === 'unsupported' && /Worker/.test(e.message));
});
