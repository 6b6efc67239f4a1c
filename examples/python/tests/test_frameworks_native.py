"""The frameworks' own checks on the in-process backend (test_frameworks.py
runs them on the engine backend): PettingZoo's api_test and seed_test,
Gymnasium's check_env (single environment) and the vector environment's
spaces, for the three games and two rule sets each.

    python -m pytest examples/python/tests/test_frameworks_native.py
"""

import contextlib
import io
import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import mancala_engine.gymnasium  # noqa: E402,F401
from mancala_engine import pettingzoo as pz  # noqa: E402

RULE_SETS = [("kisolo", None), ("kisolo", "Columns:6"), ("kiothi", None), ("kiothi", "Setup:FiveByFive"),
             ("kimasai", None), ("kimasai", "FreeFirstTurn:EachPlayer")]
GYM_IDS = {"kisolo": "mancala/Kisolo-v0", "kiothi": "mancala/Kiothi-v0", "kimasai": "mancala/Kimasai-v0"}


@pytest.mark.parametrize("game,rules", RULE_SETS)
def test_pettingzoo_api_and_seed(native, game, rules):
    mod = getattr(pz, f"{game}_v0")
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")  # api_test's advice (dict observations) comes as warnings
        api_test(mod.env(rules=rules, backend="native"), num_cycles=1000)
        seed_test(lambda: mod.env(rules=rules, backend="native"), num_cycles=200)
    assert mod.raw_env(rules=rules, backend="native").game.backend == "native"


@pytest.mark.parametrize("game,rules", RULE_SETS)
def test_gymnasium_check_env(native, game, rules):
    for opponent, seat in (("random", "S"), ({"agent": "alphabeta", "depth": 2}, "random")):
        with warnings.catch_warnings(record=True) as w, contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("always")
            env = gymnasium.make(GYM_IDS[game], rules=rules, opponent=opponent, seat=seat, backend="native",
                                 render_mode="ansi")
            check_env(env.unwrapped)
            env.close()
        assert [str(x.message) for x in w if "render" not in str(x.message)] == []


@pytest.mark.parametrize("game,rules", RULE_SETS)
def test_gymnasium_vector(native, game, rules):
    envs = gymnasium.make_vec(GYM_IDS[game], num_envs=16, vectorization_mode="vector_entry_point", rules=rules,
                              seat="alternate", backend="native")
    obs, infos = envs.reset(seed=3)
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(150):
        mask = infos["action_mask"]
        obs, rewards, terms, truncs, infos = envs.step((mask * (rng.random(mask.shape) + 1e-9)).argmax(axis=1))
        assert (obs.dtype, rewards.dtype, terms.dtype) == (np.uint8, np.float64, np.bool_)
        assert envs.observation_space.contains(obs)
        done = terms | truncs
        if done.any():
            np.testing.assert_array_equal(infos["_final_obs"], done)
            for o in infos["final_obs"][done]:
                assert envs.single_observation_space.contains(o)
        ended += int(done.sum())
    assert ended > 0
    envs.close()
