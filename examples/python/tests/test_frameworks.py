"""The adapters under the frameworks' own checks: PettingZoo's api_test and
seed_test, Gymnasium's check_env and make_vec, for the three games and two
rule sets each. They run wherever pettingzoo and gymnasium import, and are
skipped (with the reason) where they do not: neither framework is a
dependency of the package or of CI.

    python -m pytest examples/python/tests/test_frameworks.py
"""

import contextlib
import importlib
import io
import os
import sys
import unittest
import warnings

try:
    import mancala_engine  # noqa: F401  (the installed package)
except ImportError:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))



def _missing(*modules):
    """Why the tests cannot run here ("" if they can)."""
    for m in modules:
        try:
            importlib.import_module(m)
        except ImportError as e:
            return f"{m} is not importable here ({e}); install it to run the framework checks"
    return ""


NO_PETTINGZOO = _missing("numpy", "gymnasium", "pettingzoo", "pettingzoo.test")
NO_GYMNASIUM = _missing("numpy", "gymnasium", "gymnasium.utils.env_checker")

HERE = os.path.dirname(os.path.abspath(__file__))
RULE_SETS = [("kisolo", None), ("kisolo", "Columns:6"), ("kiothi", None), ("kiothi", "Setup:FiveByFive"),
             ("kimasai", None), ("kimasai", "FreeFirstTurn:EachPlayer")]
GYM_IDS = {"kisolo": "mancala/Kisolo-v0", "kiothi": "mancala/Kiothi-v0", "kimasai": "mancala/Kimasai-v0"}
# South to move; xb7 (id 14) wins (from the Go trajectory of testdata/golden.json).
KS6 = "kisolo 1,0,4,2,1,2,1/0,0,0,0,0,0,1/2,0,13,3,2,0,7/15,2,15,6,5,0,2 S turn=12"

ENGINE = None  # the engine= argument the classes still take (None: in process, the one road)


def setUpModule() -> None:
    if NO_PETTINGZOO and NO_GYMNASIUM:
        raise unittest.SkipTest(NO_PETTINGZOO)


@unittest.skipIf(NO_PETTINGZOO, NO_PETTINGZOO)
class TestPettingZoo(unittest.TestCase):
    def module(self, game):
        from mancala_engine import pettingzoo as pz

        return {"kisolo": pz.kisolo_v0, "kiothi": pz.kiothi_v0, "kimasai": pz.kimasai_v0}[game]

    def test_api_and_seed(self) -> None:
        from pettingzoo.test import api_test, seed_test

        for game, rules in RULE_SETS:
            with self.subTest(game=game, rules=rules), warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
                warnings.simplefilter("ignore")  # api_test's advice (dict observations) is printed as warnings
                mod = self.module(game)
                api_test(mod.env(rules=rules, engine=ENGINE), num_cycles=1000)
                seed_test(lambda: mod.env(rules=rules, engine=ENGINE), num_cycles=200)

    def test_entry_points(self) -> None:
        import gymnasium
        import numpy as np
        from pettingzoo import AECEnv

        from mancala_engine.pettingzoo import kimasai_v0, kiothi_v0, kisolo_v0

        for mod, name, actions in ((kisolo_v0, "kisolo_v0", 21), (kiothi_v0, "kiothi_v0", 631), (kimasai_v0, "kimasai_v0", 16)):
            raw = mod.raw_env(engine=ENGINE)
            self.assertIsInstance(raw, AECEnv)
            self.assertEqual(raw.metadata["name"], name)
            self.assertFalse(raw.metadata["is_parallelizable"])
            self.assertEqual(raw.possible_agents, ["player_0", "player_1"])
            space = raw.observation_space("player_1")
            self.assertIsInstance(space, gymnasium.spaces.Dict)
            self.assertEqual(space["action_mask"].dtype, np.int8)
            self.assertEqual(space["observation"].dtype, np.uint8)
            self.assertEqual(raw.action_space("player_0"), gymnasium.spaces.Discrete(actions))
            self.assertIsNot(mod.env(engine=ENGINE).unwrapped, None)

    def test_either_seat_and_rewards(self) -> None:
        import numpy as np

        from mancala_engine.pettingzoo import kisolo_v0

        env = kisolo_v0.env(engine=ENGINE, render_mode="ansi")
        env.reset(seed=1, options={"position": KS6, "plies": 20})
        self.assertEqual(env.agent_selection, "player_0")
        south, north = env.observe("player_0"), env.observe("player_1")
        self.assertEqual(south["observation"][-1], 1)
        self.assertEqual(north["observation"][-1], 0)
        self.assertEqual(int(north["action_mask"].sum()), 0)
        self.assertEqual(list(np.flatnonzero(south["action_mask"])), [14])  # the capture is compulsory (KS-6)
        self.assertIn("to move: South", env.render())
        env.step(14)  # xb7 wins
        _, reward, termination, truncation, _ = env.last()
        self.assertEqual((termination, truncation), (True, False))
        self.assertEqual(env.rewards, {"player_0": 1.0, "player_1": -1.0})
        self.assertIn("game over: S:inner", env.render())

    def test_horizon_is_truncation(self) -> None:
        from mancala_engine.pettingzoo import kiothi_v0

        env = kiothi_v0.env(engine=ENGINE, horizon=5)
        env.reset()
        plies = 0
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                self.assertEqual((termination, truncation, plies), (False, True, 5))
                env.step(None)
                continue
            env.step(int(obs["action_mask"].argmax()))
            plies += 1
        self.assertEqual(env.agents, [])

    def test_illegal_action_terminates(self) -> None:
        from mancala_engine.pettingzoo import kisolo_v0

        env = kisolo_v0.env(engine=ENGINE)
        env.reset()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env.step(0)  # a sow when a capture is compulsory
        self.assertEqual(env.terminations, {"player_0": True, "player_1": True})
        self.assertEqual(env.rewards["player_0"], -1)


@unittest.skipIf(NO_GYMNASIUM, NO_GYMNASIUM)
class TestGymnasium(unittest.TestCase):
    def test_check_env(self) -> None:
        import gymnasium
        from gymnasium.utils.env_checker import check_env

        import mancala_engine.gymnasium  # noqa: F401

        for game, rules in RULE_SETS:
            for opponent, seat in (("random", "S"), ({"agent": "alphabeta", "depth": 2}, "random")):
                with self.subTest(game=game, rules=rules, opponent=opponent), warnings.catch_warnings(record=True) as w, \
                        contextlib.redirect_stdout(io.StringIO()):
                    warnings.simplefilter("always")
                    env = gymnasium.make(GYM_IDS[game], rules=rules, opponent=opponent, seat=seat, engine=ENGINE,
                                         render_mode="ansi")
                    check_env(env.unwrapped)
                    env.close()
                    self.assertEqual([str(x.message) for x in w if "render" not in str(x.message)], [])

    def test_episode(self) -> None:
        import gymnasium
        import numpy as np

        import mancala_engine.gymnasium  # noqa: F401

        env = gymnasium.make("mancala/Kiothi-v0", opponent={"agent": "alphabeta", "depth": 1}, engine=ENGINE)
        episodes = []
        for _ in range(2):
            obs, info = env.reset(seed=11)
            env.action_space.seed(11)
            trace = [obs]
            while True:
                self.assertEqual(info["action_mask"].dtype, np.int8)
                obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))
                trace.append(obs)
                if terminated or truncated:
                    break
            self.assertIn(reward, (-1.0, 0.0, 1.0))
            episodes.append(np.array(trace))
        np.testing.assert_array_equal(episodes[0], episodes[1])

    def test_illegal_action_ends_episode(self) -> None:
        import gymnasium

        import mancala_engine.gymnasium  # noqa: F401

        env = gymnasium.make("mancala/Kisolo-v0", engine=ENGINE)
        env.reset(seed=1)
        obs, reward, terminated, truncated, info = env.step(0)  # a sow when a capture is compulsory
        self.assertEqual((reward, terminated, truncated, info["illegal_action"]), (-1.0, True, False, True))
        self.assertEqual(int(info["action_mask"].sum()), 0)

    def test_make_vec(self) -> None:
        import gymnasium
        import numpy as np
        from gymnasium.vector import AutoresetMode

        import mancala_engine.gymnasium  # noqa: F401

        for game, rules in RULE_SETS:
            with self.subTest(game=game, rules=rules):
                envs = gymnasium.make_vec(GYM_IDS[game], num_envs=16, vectorization_mode="vector_entry_point", rules=rules,
                                          seat="alternate", engine=ENGINE)
                self.assertEqual(envs.metadata["autoreset_mode"], AutoresetMode.SAME_STEP)
                self.assertEqual(envs.action_space, gymnasium.spaces.MultiDiscrete([envs.single_action_space.n] * 16))
                obs, infos = envs.reset(seed=3)
                self.assertTrue(envs.observation_space.contains(obs))
                rng = np.random.default_rng(3)
                ended = 0
                for _ in range(150):
                    mask = infos["action_mask"]
                    actions = (mask * (rng.random(mask.shape) + 1e-9)).argmax(axis=1)
                    obs, rewards, terminations, truncations, infos = envs.step(actions)
                    self.assertEqual((obs.dtype, rewards.dtype, terminations.dtype), (np.uint8, np.float64, np.bool_))
                    self.assertTrue(envs.observation_space.contains(obs))
                    done = terminations | truncations
                    if done.any():
                        np.testing.assert_array_equal(infos["_final_obs"], done)
                        for o in infos["final_obs"][done]:
                            self.assertTrue(envs.single_observation_space.contains(o))
                    else:
                        self.assertNotIn("final_obs", infos)
                    ended += int(done.sum())
                self.assertGreater(ended, 0)
                envs.close()

    def test_make_vec_seeded(self) -> None:
        """reset(seed) fixes the games and the opponent's choices."""
        import gymnasium
        import numpy as np

        import mancala_engine.gymnasium  # noqa: F401

        runs = []
        for _ in range(2):
            envs = gymnasium.make_vec("mancala/Kimasai-v0", num_envs=8, vectorization_mode="vector_entry_point",
                                      opponent={"agent": "random"}, seat="N", engine=ENGINE)
            obs, infos = envs.reset(seed=9)
            trace = [obs]
            for _ in range(40):
                obs, rewards, terminations, truncations, infos = envs.step(infos["action_mask"].argmax(axis=1))
                trace += [obs, rewards, terminations]
            envs.close()
            runs.append(trace)
        for x, y in zip(*runs):
            np.testing.assert_array_equal(x, y)


@unittest.skipIf(NO_PETTINGZOO, NO_PETTINGZOO)
class TestReadme(unittest.TestCase):
    def test_python_section_runs(self) -> None:
        """docs/python.md's PettingZoo and Gymnasium loop runs as written."""
        import re

        readme = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(HERE))), "docs", "python.md")
        if not os.path.isfile(readme):
            self.skipTest("no docs/python.md: not run from a checkout")
        with open(readme, encoding="utf-8") as f:
            blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
        loops = [b for b in blocks if "kisolo_v0.env" in b]
        self.assertEqual(len(loops), 1, blocks)
        self.assertIn("make_vec", loops[0])
        env = {"__name__": "readme"}
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(loops[0], readme, "exec"), env)
        self.assertEqual(env["obs"].shape, (1024, 29))
        self.assertEqual(env["env"].agents, [])
        env["envs"].close()


if __name__ == "__main__":
    unittest.main()
