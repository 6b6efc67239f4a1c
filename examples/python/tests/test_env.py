"""Tests of the framework-free games (mancala_engine.env and
mancala_engine.vector) in this process: exact values of known positions,
invariants of random games under two rule sets of each game, vector
autoreset and seeded replays.

    python -m pytest examples/python/tests/test_env.py
"""

import unittest

import numpy as np

from mancala_engine import MancalaError  # noqa: E402

# South to move; xb7 (id 14: capture through South's inner pit b7) empties
# North's inner row and wins (KS-10). From the Go trajectory of
# testdata/golden.json.
KS6 = "kisolo 1,0,4,2,1,2,1/0,0,0,0,0,0,1/2,0,13,3,2,0,7/15,2,15,6,5,0,2 S turn=12"
OVER = "kisolo 1,0,4,2,1,2,0/0,0,0,0,0,0,0/2,0,13,3,2,1,8/15,2,15,6,5,0,2 N turn=13 result=S:inner"
#: Two rule sets of each game.
RULE_SETS = [("kisolo", None), ("kisolo", "Columns:6"), ("kiothi", None), ("kiothi", "Setup:FiveByFive"),
             ("kimasai", None), ("kimasai", "FreeFirstTurn:EachPlayer")]
ENGINE = None


def random_game(game, rng, max_steps=100000):
    """Plays game (a Game just reset) with random legal ids to its end,
    checking the invariants at every step; returns the plies."""
    from mancala_engine.env import SEATS

    tc = unittest.TestCase()
    spec = game.spec
    steps = 0
    while not game.over and steps < max_steps:
        mover = game.to_move
        other = "N" if mover == "S" else "S"
        for seat in SEATS:
            o = game.observation(seat)
            tc.assertEqual((o.dtype, o.shape), (np.uint8, (spec.obs_len,)))
            tc.assertTrue(np.all(o >= spec.low) and np.all(o <= spec.high), (seat, o))
            tc.assertEqual(int(o[-1]), 1 if seat == mover else 0)
        m = game.mask(mover)
        tc.assertEqual((m.dtype, m.shape), (np.int8, (spec.actions,)))
        tc.assertEqual(list(np.flatnonzero(m)), game.legal)
        tc.assertGreater(len(game.legal), 0)
        tc.assertEqual(int(game.mask(other).sum()), 0)
        plies = game.plies
        r = game.step(int(rng.choice(game.legal)))
        tc.assertEqual(game.plies, plies + 1)
        tc.assertEqual(r[0], -r[1])
        tc.assertEqual(r != (0.0, 0.0), game.terminated and game.result[0] in "SN", (r, game.result))
        steps += 1
    tc.assertTrue(game.over)
    tc.assertLessEqual(game.plies, game.horizon)
    tc.assertEqual(game.truncated, not game.terminated)
    if game.truncated:
        tc.assertEqual(game.plies, game.horizon)
    tc.assertIsNone(game.to_move)
    tc.assertEqual(int(game.mask("S").sum() + game.mask("N").sum()), 0)
    return game.plies


class TestSpec(unittest.TestCase):
    def test_kisolo(self) -> None:
        from mancala_engine.env import env_spec

        s = env_spec(None, "kisolo")
        self.assertEqual((s.actions, s.mask_bytes, s.obs_len, s.horizon), (21, 3, 29, 300))
        self.assertEqual((s.names[0], s.names[-1]), ("seeds:a1", "ownTurn"))
        self.assertEqual((list(s.low), list(s.high)), ([0] * 29, [84] * 28 + [1]))
        self.assertEqual(env_spec(None, "kisolo", "Columns:6").actions, 18)
        self.assertEqual(env_spec(None, "kiothi").actions, 631)
        self.assertEqual(env_spec(None, "kiothi", "Setup:FiveByFive").actions, 531)
        self.assertEqual(env_spec(None, "kimasai").actions, 16)


class TestGame(unittest.TestCase):
    def test_start(self) -> None:
        from mancala_engine.env import Game

        g = Game("kisolo")
        g.reset()
        self.assertEqual((g.to_move, g.plies, g.legal, g.terminated, g.truncated, g.result),
                         ("S", 0, [14, 15, 16, 17, 18, 19, 20], False, False, "*"))
        self.assertEqual(list(g.observation("S")), [3] * 28 + [1])
        self.assertEqual(list(g.observation("N")), [3] * 28 + [0])
        self.assertEqual(list(g.mask()), [0] * 14 + [1] * 7)

    def test_winning_capture(self) -> None:
        """xb7 (id 14) ends the game: +1 South, -1 North."""
        from mancala_engine.env import Game

        g = Game("kisolo")
        g.reset(KS6, plies=20)
        self.assertEqual(g.plies, 20)
        self.assertEqual(g.step(14), (1.0, -1.0))
        self.assertEqual((g.position, g.terminated, g.truncated, g.result, g.to_move, g.plies),
                         (OVER, True, False, "S:inner", None, 21))
        with self.assertRaises(RuntimeError):
            g.step(0)

    def test_illegal_actions(self) -> None:
        from mancala_engine.env import Game, IllegalAction

        g = Game("kisolo")
        g.reset()
        for a in (0, 13, 21, -1):  # a sow when a capture is compulsory (KS-6); out of range
            with self.assertRaises(IllegalAction):
                g.step(a)
            self.assertEqual((g.plies, g.legal, g.to_move), (0, [14, 15, 16, 17, 18, 19, 20], "S"))

    def test_horizon_truncates(self) -> None:
        from mancala_engine.env import Game

        g = Game("kiothi", horizon=3)
        g.reset()
        for _ in range(3):
            self.assertEqual(g.step(g.legal[0]), (0.0, 0.0))
        self.assertEqual((g.truncated, g.terminated, g.to_move, g.plies), (True, False, None, 3))
        self.assertEqual(int(g.mask("S").sum()), 0)

    def test_random_games(self) -> None:
        from mancala_engine.env import Game

        rng = np.random.default_rng(7)
        for game, rules in RULE_SETS:
            g = Game(game, rules)
            for _ in range(3):
                g.reset()
                random_game(g, rng)

    def test_unknown_game(self) -> None:
        from mancala_engine.env import Game

        with self.assertRaises(ValueError):
            Game("oware")
        with self.assertRaises(MancalaError):
            Game("kisolo", "Columns:9")


class TestOpponent(unittest.TestCase):
    def test_specs(self) -> None:
        from mancala_engine.env import agent_spec, think

        self.assertEqual(agent_spec("random"), "random")
        self.assertEqual(agent_spec({"agent": "alphabeta", "depth": 3}), "alphabeta:3")
        self.assertEqual(agent_spec({"agent": "mcts", "iterations": 200, "workers": 2}), "mcts:200:workers=2")
        with self.assertRaises(ValueError):
            agent_spec({"depth": 3})
        start = "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0"
        self.assertEqual(think(start, {"agent": "alphabeta", "depth": 6}, seed=1).move, "xb1")

    def test_step_move(self) -> None:
        from mancala_engine.env import Game, IllegalAction

        g = Game("kisolo")
        g.reset(KS6, plies=20)
        self.assertEqual(g.step_move("xb7"), (1.0, -1.0))
        self.assertEqual((g.position, g.terminated, g.plies), (OVER, True, 21))
        g.reset()
        with self.assertRaises(IllegalAction):
            g.step_move("b3")
        self.assertEqual(g.plies, 0)


class TestVector(unittest.TestCase):
    def run_random(self, v, steps, seed):
        rng = np.random.default_rng(seed)
        record = []
        for _ in range(steps):
            a = v.sample_actions(rng)
            self.assertTrue(np.all(v.mask[np.arange(v.n), a] == 1))
            v.step(a)
            record.append((v.obs.copy(), v.reward.copy(), v.terminated.copy(), v.truncated.copy(),
                           v.ended_index.copy(), v.final_obs.copy(), v.final_result.copy()))
        return record

    def test_shapes_and_autoreset(self) -> None:
        from mancala_engine.vector import VectorGame

        for game, rules in RULE_SETS:
            with VectorGame(game, 64, rules=rules, seed=1) as v:
                L, A = v.obs_len, v.actions
                self.assertEqual((v.obs.dtype, v.obs.shape, v.mask.dtype, v.mask.shape), (np.uint8, (64, L), np.int8, (64, A)))
                self.assertTrue(np.all(v.plies == 0))
                ended = 0
                for _ in range(120):
                    plies = v.plies.copy()
                    v.step(v.sample_actions(np.random.default_rng(ended)))
                    done = v.terminated | v.truncated
                    self.assertEqual(list(v.ended_index), list(np.flatnonzero(done)))
                    self.assertTrue(np.all(v.plies[done] == 0))  # reset in the same step
                    self.assertTrue(np.all(v.plies[~done] == plies[~done] + 1))
                    self.assertTrue(np.all(v.truncated <= (plies + 1 >= v.horizon)))
                    self.assertTrue(set(v.final_result.tolist()) <= {-1, 0, 1})
                    self.assertTrue(np.all(v.mask.sum(axis=1) > 0))
                    self.assertTrue(np.all(v.obs[:, -1] == 1))  # the seat to move's view
                    self.assertTrue(np.all((v.reward != 0) <= v.terminated))
                    ended += v.ended
                self.assertGreater(ended, 0, (game, rules))

    def test_seeded_replay(self) -> None:
        from mancala_engine.vector import VectorGame

        a = VectorGame("kiothi", 16, seed=5, opponent={"agent": "random"}, seat="alternate")
        b = VectorGame("kiothi", 16, seed=5, opponent={"agent": "random"}, seat="alternate")
        self.assertEqual(a.seats, "SN" * 8)
        ra, rb = self.run_random(a, 60, 3), self.run_random(b, 60, 3)
        for x, y in zip(ra, rb):
            for p, q in zip(x, y):
                np.testing.assert_array_equal(p, q)
        a.reset(seed=5)
        np.testing.assert_array_equal(a.obs, b.__class__("kiothi", 16, seed=5, opponent={"agent": "random"},
                                                          seat="alternate").obs)
        a.close()
        b.close()

    def test_illegal_step_refused(self) -> None:
        from mancala_engine.vector import VectorGame

        with VectorGame("kisolo", 4, seed=1) as v:
            obs = v.obs.copy()
            with self.assertRaises(MancalaError) as cm:
                v.step([14, 14, 0, 14])  # 0: a sow when a capture is compulsory
            self.assertIn("environment 2", cm.exception.message)
            with self.assertRaises(ValueError):
                v.step([14, 14])
            v.step([14, 14, 14, 14])
            self.assertFalse(np.array_equal(v.obs, obs))


if __name__ == "__main__":
    unittest.main()
