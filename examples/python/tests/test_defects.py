"""The defects of issue 25, each pinned by tests that failed on the
code before the fix (the fork defect is in test_fork.py now):

2. action ids wrapped to int32, floats were truncated, strings accepted;
3. reset(options={"position": ...}) accepted another game's or other
   rules' position;
4. Kiothi with the opponent North and a horizon of 1..11 started episodes
   with the opponent to move;
5. deepcopy shared engine-side games, the PettingZoo raw_env's deepcopy
   was a fresh un-reset env, the Gymnasium env could not be pickled.

    MANCALA_ENGINE=/tmp/mancala-engine python -m pytest examples/python/tests/test_defects.py
"""

import copy
import pickle
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import mancala_engine.gymnasium  # noqa: E402,F401  (registers the ids)
from mancala_engine.env import Game, IllegalAction  # noqa: E402
from mancala_engine.pettingzoo import kisolo_v0  # noqa: E402
from mancala_engine.vector import VectorGame  # noqa: E402

KIMASAI_START = "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24"
KISOLO8_START = "kisolo 3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3/3,3,3,3,3,3,3,3 S turn=0 rules=Columns:8"
KISOLO_START = "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0"

# 2. ids


@pytest.mark.parametrize("bad", [2**32 + 14, 14 - 2**32, -1, 21, 2**63])
def test_game_ids_out_of_range_refused(backend, bad):
    g = Game("kisolo", backend=backend)
    g.reset()
    with pytest.raises(IllegalAction):
        g.step(bad)
    assert (g.plies, g.legal, g.history) == (0, list(range(14, 21)), [])


@pytest.mark.parametrize("bad", [14.0, 14.7, "14", b"14", True, None, [14], np.float32(14)])
def test_game_ids_of_other_types_refused(backend, bad):
    g = Game("kisolo", backend=backend)
    g.reset()
    with pytest.raises(TypeError):
        g.step(bad)
    assert (g.plies, g.history) == (0, [])


def test_game_numpy_integers_accepted(backend):
    for a in (np.int64(14), np.int32(15), np.uint8(16), np.array(17)):
        g = Game("kisolo", backend=backend)
        g.reset()
        g.step(a)
        assert g.history == [int(a)]


@pytest.mark.parametrize("bad", [[14 + 2**32] * 4, [14, 14, 14, -1], [14, 14, 14, 21]])
def test_vector_ids_out_of_range_refused(backend, bad):
    with VectorGame("kisolo", 4, seed=1, backend=backend) as v:
        obs = v.obs.copy()
        with pytest.raises(IllegalAction, match="environment"):
            v.step(np.array(bad, dtype=np.int64))
        v.step([14] * 4)
        assert not np.array_equal(v.obs, obs)


class _LyingMax(np.ndarray):
    """An array whose max() hides its largest value, as a masked array's does for a masked one."""

    def max(self, *args, **kwargs):  # type: ignore[override]
        return np.zeros((), self.dtype)


@pytest.mark.parametrize("make", [
    lambda a: np.ma.masked_array(a, mask=[False, False, False, True]),
    lambda a: a.view(_LyingMax),
])
def test_vector_ids_out_of_range_in_an_array_subclass_refused(backend, make):
    # The hidden id 2**32 + 14 must be refused, not played as 14 (its low 32 bits).
    with VectorGame("kisolo", 4, seed=1, backend=backend) as v:
        plies = v.plies.copy()
        with pytest.raises(IllegalAction, match="environment 3"):
            v.step(make(np.array([14, 14, 14, 14 + 2**32], dtype=np.int64)))
        assert np.array_equal(v.plies, plies)


@pytest.mark.parametrize("bad", [[14.0] * 4, [14.5] * 4, ["14"] * 4, [True] * 4, np.array([14] * 4, dtype=object)])
def test_vector_ids_of_other_types_refused(backend, bad):
    with VectorGame("kisolo", 4, seed=1, backend=backend) as v:
        plies = v.plies.copy()
        with pytest.raises(TypeError):
            v.step(bad)
        assert np.array_equal(v.plies, plies)


def test_gymnasium_vector_ids_refused(backend):
    envs = gymnasium.make_vec("mancala/Kisolo-v0", num_envs=4, vectorization_mode="vector_entry_point", backend=backend)
    envs.reset(seed=1)
    with pytest.raises(IllegalAction):
        envs.step(np.array([14 + 2**32] * 4))
    with pytest.raises(TypeError):
        envs.step(np.array([14.0] * 4))
    envs.close()


def test_gymnasium_float_action_refused(backend):
    env = gymnasium.make("mancala/Kisolo-v0", backend=backend)
    env.reset(seed=1)
    with pytest.raises(TypeError):
        env.step(14.0)
    env.close()


# 3. reset positions of another game or other rules


@pytest.mark.parametrize("position", [KIMASAI_START, KISOLO8_START])
def test_reset_position_of_another_game_or_rules_refused(backend, position):
    env = kisolo_v0.raw_env(backend=backend)
    env.reset(options={"position": KISOLO_START})
    before = env.game.position
    with pytest.raises(ValueError):
        env.reset(options={"position": position})
    assert env.game.position == before

    genv = gymnasium.make("mancala/Kisolo-v0", backend=backend)
    genv.reset(seed=1)
    before = genv.unwrapped.game.position
    with pytest.raises(ValueError):
        genv.reset(options={"position": position})
    assert genv.unwrapped.game.position == before

    g = Game("kisolo", "Columns:6", backend=backend)
    with pytest.raises(ValueError):
        g.reset(KISOLO_START)


def test_reset_position_of_the_same_rules_accepted(backend):
    env = kisolo_v0.raw_env(rules="Columns:8", backend=backend)
    env.reset(options={"position": KISOLO8_START, "plies": 7})
    assert (env.game.position, env.game.plies) == (KISOLO8_START, 7)
    assert env.observation_space("player_0")["observation"].contains(env.observe("player_0")["observation"])


# 4. Kiothi, opponent North, short horizons


@pytest.mark.parametrize("horizon", range(1, 12))
def test_kiothi_opponent_north_agent_always_to_move(backend, horizon):
    with VectorGame("kiothi", 8, seed=3, horizon=horizon, opponent={"agent": "random"}, seat="N",
                    backend=backend) as v:
        assert v.seats == "N" * 8
        assert list(v.to_move) == [1] * 8
        assert np.all(v.obs[:, -1] == 1)  # ownTurn of the agent's view
        rng = np.random.default_rng(horizon)
        for _ in range(25):
            v.step(v.sample_actions(rng))
            assert list(v.to_move) == [1] * 8
            assert np.all(v.obs[:, -1] == 1)


# 5. copies


def test_vector_copies_refused(backend):
    with VectorGame("kisolo", 4, seed=1, backend=backend) as v:
        for f in (copy.deepcopy, copy.copy, pickle.dumps):
            with pytest.raises(TypeError, match="cannot be"):
                f(v)
    envs = gymnasium.make_vec("mancala/Kisolo-v0", num_envs=2, vectorization_mode="vector_entry_point", backend=backend)
    for f in (copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="cannot be"):
            f(envs.unwrapped if hasattr(envs, "unwrapped") else envs)
    envs.close()


def _aec_state(env):
    g = env.game
    return (g.position, g.plies, list(g.history), env.agent_selection, dict(env.rewards), dict(env.terminations),
            dict(env._cumulative_rewards))


def test_pettingzoo_deepcopy_and_pickle_keep_the_state(backend):
    env = kisolo_v0.raw_env(backend=backend)
    env.reset(seed=4)
    for a in (14, 20):
        env.step(a if env.observe(env.agent_selection)["action_mask"][a] else
                 int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    want = _aec_state(env)
    for make_copy in (copy.deepcopy, lambda e: pickle.loads(pickle.dumps(e))):
        other = make_copy(env)
        assert _aec_state(other) == want
        # Independent: stepping the copy leaves the original as it was.
        m = other.observe(other.agent_selection)["action_mask"]
        if m.any():
            other.step(int(np.flatnonzero(m)[0]))
            assert _aec_state(env) == want
            assert other.game.plies == want[1] + 1


def test_gymnasium_env_pickles_and_deepcopies(backend):
    env = gymnasium.make("mancala/Kiothi-v0", opponent="random", backend=backend)
    obs, info = env.reset(seed=5)
    obs, *_ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    for make_copy in (lambda e: pickle.loads(pickle.dumps(e)), copy.deepcopy):
        other = make_copy(env)
        u, w = other.unwrapped, env.unwrapped
        assert (u.game.position, u.game.plies, u.game.history) == (w.game.position, w.game.plies, w.game.history)
        # The copy's generator continues as the original's would.
        a = int(np.flatnonzero(u._info()["action_mask"])[0])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            o1 = other.step(a)[0]
            o2 = env.step(a)[0]
        np.testing.assert_array_equal(o1, o2)


_REBIND = """
import gc
import numpy as np
from mancala_engine.vector import VectorGame

n = 8192  # output arrays of hundreds of kB: malloc maps them alone, and unmaps them when freed
g = VectorGame("kisolo", n, seed=1)
before = g.obs.copy()
rng = np.random.default_rng(1)
acts = g.sample_actions(rng)
# A wrapper that rebinds the output arrays (a float copy, None): the arrays the library writes must live on.
g.obs = g.obs.astype(np.float32)
g.reward, g.to_move, g.plies, g.terminated, g.truncated = None, None, None, None, None
gc.collect()
junk = [np.full(4096, 7, np.uint8) for _ in range(400)]
for _ in range(3):
    g.step(acts)
    acts = g.sample_actions(rng)
assert all(int(j.min()) == 7 == int(j.max()) for j in junk), "the library wrote into freed memory"
assert g.obs.dtype == np.float32 and np.array_equal(g.obs, before)
print("ok")
"""


@pytest.mark.processes
def test_vector_output_arrays_rebound_stay_alive():
    # Run in a child Python: before the fix, the step wrote into the freed arrays and the process died (SIGSEGV).
    import os
    import subprocess
    import sys

    import mancala_engine

    root = os.path.dirname(os.path.dirname(os.path.abspath(mancala_engine.__file__)))
    paths = [root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    r = subprocess.run([sys.executable, "-c", _REBIND], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=300, env=env)
    assert (r.returncode, r.stdout.strip()) == (0, "ok"), r.stderr[-2000:]
