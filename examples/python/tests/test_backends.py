"""The two backends give IDENTICAL trajectories for the same seeds and
actions (issue 25, item 3): the framework-free Game and VectorGame, the
PettingZoo AEC environment and the Gymnasium environments, each run once
in process (native) and once over the engine subprocess (engine). And fork
safety: the library is loaded lazily, a forked child of a process that
loaded it gets a clear error for the parent's handles and falls back to
the engine for new ones, and AsyncVectorEnv under fork, spawn and
forkserver equals SyncVectorEnv.

    MANCALA_ENGINE=/tmp/mancala-engine python -m pytest examples/python/tests/test_backends.py
"""

import multiprocessing as mp
import os
import subprocess
import sys

import numpy as np
import pytest

from mancala_engine.env import Game
from mancala_engine.vector import VectorGame

RULE_SETS = [("kisolo", None), ("kisolo", "Columns:6"), ("kisolo", "Columns:8"), ("kiothi", None),
             ("kiothi", "Setup:FiveByFive"), ("kimasai", None), ("kimasai", "FreeFirstTurn:EachPlayer")]
CHILD_LIMIT = 120  # a safety net for a child's answer, never reached by a passing test


def game_trace(backend, game, rules, seed, horizon=None):
    g = Game(game, rules, horizon=horizon, backend=backend)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(2):
        g.reset()
        while not g.over:
            out.append((g.position, g.plies, g.to_move, g.legal, g.observation("S").tolist(),
                        g.observation("N").tolist(), g.mask().tolist()))
            a = int(rng.choice(g.legal))
            out.append((a, g.action_to_move(a)))
            out.append((g.step(a), g.terminated, g.truncated, g.result))
        out.append((g.position, g.plies, g.result, g.history))
    return out


@pytest.mark.parametrize("game,rules", RULE_SETS)
def test_game_identical(native, game, rules):
    assert game_trace("native", game, rules, 5) == game_trace("engine", game, rules, 5)


def test_game_identical_short_horizon(native):
    assert game_trace("native", "kiothi", None, 1, horizon=7) == game_trace("engine", "kiothi", None, 1, horizon=7)


def test_specs_identical(native):
    from mancala_engine.env import env_spec

    for game, rules in RULE_SETS:
        a, b = env_spec(None, game, rules, backend="native"), env_spec(None, game, rules, backend="engine")
        assert (a.game, a.rules, a.actions, a.mask_bytes, a.obs_len, a.names, a.horizon, a.start) == \
            (b.game, b.rules, b.actions, b.mask_bytes, b.obs_len, b.names, b.horizon, b.start)
        np.testing.assert_array_equal(a.low, b.low)
        np.testing.assert_array_equal(a.high, b.high)


def vector_trace(backend, game, rules, seed, opponent=None, seat=None, steps=120, n=16):
    out = []
    with VectorGame(game, n, rules=rules, seed=seed, opponent=opponent, seat=seat, backend=backend) as v:
        rng = np.random.default_rng(seed)
        for k in range(steps):
            if k == steps // 2:
                v.reset(seed=seed + 1)
            out.append([x.copy() for x in (v.obs, v.mask, v.to_move, v.plies)])
            v.step(v.sample_actions(rng))
            out.append([x.copy() for x in (v.reward, v.terminated, v.truncated, v.ended_index, v.final_obs,
                                           v.final_result)] + [v.ended])
        out.append(v.seats)
    return out


def assert_traces_equal(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        if isinstance(x, list):
            assert len(x) == len(y)
            for p, q in zip(x, y):
                np.testing.assert_array_equal(p, q)
                assert np.asarray(p).dtype == np.asarray(q).dtype
        else:
            assert x == y


@pytest.mark.parametrize("game,rules", RULE_SETS)
def test_vector_self_play_identical(native, game, rules):
    assert_traces_equal(vector_trace("native", game, rules, 7), vector_trace("engine", game, rules, 7))


@pytest.mark.parametrize("game,seat", [("kisolo", "S"), ("kiothi", "N"), ("kimasai", "alternate")])
@pytest.mark.parametrize("opponent", [{"agent": "random"}, {"agent": "alphabeta", "depth": 1}])
def test_vector_opponent_identical(native, game, seat, opponent):
    assert_traces_equal(vector_trace("native", game, None, 3, opponent, seat, steps=60),
                        vector_trace("engine", game, None, 3, opponent, seat, steps=60))


def pettingzoo_trace(backend, game, rules, seed):
    pytest.importorskip("pettingzoo")
    from mancala_engine import pettingzoo as pz

    env = getattr(pz, f"{game}_v0").env(rules=rules, backend=backend)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for agent in env.agent_iter(max_iter=2000):
        obs, reward, term, trunc, info = env.last()
        out.append((agent, obs["observation"].tolist(), obs["action_mask"].tolist(), reward, term, trunc))
        if term or trunc:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    env.close()
    return out


@pytest.mark.parametrize("game,rules", RULE_SETS[::2])
def test_pettingzoo_identical(native, game, rules):
    assert pettingzoo_trace("native", game, rules, 4) == pettingzoo_trace("engine", game, rules, 4)


def gymnasium_trace(backend, env_id, opponent, seat, seed):
    gymnasium = pytest.importorskip("gymnasium")
    import mancala_engine.gymnasium  # noqa: F401

    env = gymnasium.make(env_id, opponent=opponent, seat=seat, backend=backend)
    out = []
    for episode in range(2):
        obs, info = env.reset(seed=seed + episode)
        env.action_space.seed(seed + episode)
        out.append((obs.tolist(), info["action_mask"].tolist(), info["seat"]))
        while True:
            obs, r, term, trunc, info = env.step(env.action_space.sample(info["action_mask"]))
            out.append((obs.tolist(), r, term, trunc, info["action_mask"].tolist(), info["plies"], info["result"]))
            if term or trunc:
                break
    env.close()
    return out


@pytest.mark.parametrize("env_id,opponent,seat", [
    ("mancala/Kisolo-v0", "random", "S"), ("mancala/Kiothi-v0", "random", "N"),
    ("mancala/Kimasai-v0", {"agent": "alphabeta", "depth": 2}, "random"),
])
def test_gymnasium_identical(native, env_id, opponent, seat):
    assert gymnasium_trace("native", env_id, opponent, seat, 9) == gymnasium_trace("engine", env_id, opponent, seat, 9)


def vector_env_trace(envs, steps=80, seed=2):
    obs, infos = envs.reset(seed=seed)
    out = [[obs.copy()]]
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        mask = infos["action_mask"]
        acts = (mask * (rng.random(mask.shape) + 1e-9)).argmax(axis=1)
        obs, rew, term, trunc, infos = envs.step(acts)
        out.append([obs.copy(), np.asarray(rew, np.float64), np.asarray(term), np.asarray(trunc)])
    envs.close()
    return out


def test_gymnasium_vector_identical(native):
    gymnasium = pytest.importorskip("gymnasium")
    import mancala_engine.gymnasium  # noqa: F401

    runs = [vector_env_trace(gymnasium.make_vec("mancala/Kiothi-v0", num_envs=32, vectorization_mode="vector_entry_point",
                                                seat="alternate", backend=b)) for b in ("native", "engine")]
    assert_traces_equal(*runs)


# Fork safety.


def _lazy_probe():
    import mancala_engine._native as n
    import mancala_engine.env  # noqa: F401
    import mancala_engine.vector  # noqa: F401

    before = n._lib is None
    Game("kisolo", backend="native").reset()
    print(before, n._lib is not None)


def test_library_is_loaded_lazily(native):
    code = "import sys; sys.path[:0] = [%r]; from test_backends import _lazy_probe; _lazy_probe()" % os.path.dirname(
        os.path.abspath(__file__))
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                         timeout=CHILD_LIMIT).stdout
    assert out.split() == ["True", "True"]


def _child_after_fork(conn, parent_game):
    from mancala_engine import ForkedError, NativeUnavailable

    report = {}
    try:
        parent_game.step(parent_game.legal[0])
        report["parent_handle"] = "no error"
    except ForkedError as e:
        report["parent_handle"] = "ForkedError: " + str(e)
    try:
        Game("kisolo", backend="native")
        report["native"] = "no error"
    except NativeUnavailable as e:
        report["native"] = "NativeUnavailable: " + str(e)
    g = Game("kisolo")  # auto: the engine here
    g.reset()
    g.step(g.legal[0])
    report["auto"] = (g.backend, g.plies)
    conn.send(report)


def test_forked_child_gets_clear_errors_and_falls_back(native):
    g = Game("kisolo", backend="native")
    g.reset()
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe()
    p = ctx.Process(target=_child_after_fork, args=(child, g))
    p.start()
    child.close()
    ready = parent.poll(CHILD_LIMIT)
    p.join(CHILD_LIMIT if ready else 5)
    if p.is_alive():
        p.kill()
        pytest.fail("the forked child hung")
    assert ready, f"the child ended with status {p.exitcode} without answering"
    report = parent.recv()
    assert report["parent_handle"].startswith("ForkedError") and "fork" in report["parent_handle"]
    assert report["native"].startswith("NativeUnavailable")
    assert report["auto"] == ("engine", 1)
    # The parent's library still works.
    g.step(g.legal[0])
    assert g.plies == 1


@pytest.mark.parametrize("context", ["fork", "spawn", "forkserver"])
def test_async_vector_env_equals_sync(native, context):
    gymnasium = pytest.importorskip("gymnasium")
    import mancala_engine.gymnasium  # noqa: F401

    def make():
        import gymnasium

        import mancala_engine.gymnasium  # noqa: F401  (registers the ids in a spawned worker)

        return gymnasium.make("mancala/Kisolo-v0", opponent="random", seat="N")

    fns = [make] * 3
    sync = vector_env_trace(gymnasium.vector.SyncVectorEnv(fns))
    # The parent has loaded the library (the sync run); the async workers
    # fork it, or spawn fresh interpreters.
    assert Game("kisolo").backend == "native"
    asyn = vector_env_trace(gymnasium.vector.AsyncVectorEnv(fns, context=context))
    assert_traces_equal(sync, asyn)
