"""What a researcher moving from OpenSpiel expects of the framework-free
Game (issue 25, item 5), on both backends: action id <-> move text both
ways, clone, undo and history, deepcopy and pickling, and the Gymnasium
spec's max_episode_steps.

    MANCALA_ENGINE=/tmp/mancala-engine python -m pytest examples/python/tests/test_game_api.py
"""

import copy
import pickle

import numpy as np
import pytest

from mancala_engine.env import Game, IllegalAction

RULE_SETS = [("kisolo", None), ("kisolo", "Columns:6"), ("kiothi", None), ("kiothi", "Setup:FiveByFive"),
             ("kimasai", None), ("kimasai", "FreeFirstTurn:EachPlayer")]
KS6 = "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10"
# A known gap, strict so that the fix shows: mancala/env's set_position
# refuses a hand set-up with another seed total than the start's (KS6 has
# 4 seeds), which the engine's step accepts.
SET_POSITION_GAP = pytest.mark.xfail(strict=True, reason="mancala_env_set_position refuses a position with another "
                                     "seed total (KS6); asked of the env engineer")


def snapshot(g):
    return (g.position, g.plies, g.legal, g.to_move, g.rewards, g.terminated, g.truncated, g.result, list(g.history),
            g.observation("S").tolist() if g.plies or g.position else None, g.observation("N").tolist())


@pytest.mark.parametrize("game,rules", RULE_SETS)
def test_action_and_move_text_both_ways(backend, game, rules):
    g = Game(game, rules, backend=backend)
    g.reset()
    rng = np.random.default_rng(11)
    steps = 0
    while not g.over and steps < 60:
        texts = [g.action_to_move(a) for a in g.legal]
        assert len(set(texts)) == len(texts), texts  # one text per id
        for a, t in zip(g.legal, texts):
            assert g.move_to_action(t) == a
        a = int(rng.choice(g.legal))
        by_text = g.clone()
        by_text.step_move(g.action_to_move(a))
        g.step(a)
        assert (by_text.position, by_text.history) == (g.position, g.history)
        steps += 1


def test_known_texts(backend, request):
    if backend == "native":
        request.applymarker(SET_POSITION_GAP)
    g = Game("kisolo", backend=backend)
    g.reset()
    assert [g.action_to_move(a) for a in g.legal] == ["xb7", "xb6", "xb5", "xb4", "xb3", "xb2", "xb1"]
    assert g.move_to_action("xb1") == 20
    g.reset(KS6, plies=20)
    assert g.move_to_action("xb1") == 20
    g.step_move("xb1")
    assert (g.result, g.rewards, g.history) == ("S:inner", (1.0, -1.0), [20])
    assert g.moves() == ["xb1"]


def test_bad_texts_and_ids(backend):
    g = Game("kisolo", backend=backend)
    g.reset()
    before = snapshot(g)
    for bad in ("b3", "zz", "", "xb9"):  # a sow when a capture is compulsory (KS-6); nonsense; no such pit
        with pytest.raises(IllegalAction):
            g.move_to_action(bad)
        with pytest.raises(IllegalAction):
            g.step_move(bad)
    for bad in (0, 13):
        with pytest.raises(IllegalAction):
            g.action_to_move(bad)
    with pytest.raises(TypeError):
        g.move_to_action(14)
    assert snapshot(g) == before


def test_clone_is_independent(backend):
    g = Game("kiothi", backend=backend)
    g.reset()
    for _ in range(5):
        g.step(g.legal[0])
    c = g.clone()
    assert snapshot(c) == snapshot(g)
    want = snapshot(g)
    c.step(c.legal[-1])
    assert snapshot(g) == want
    assert c.history == g.history + [c.history[-1]]
    for other in (copy.deepcopy(g), copy.copy(g), pickle.loads(pickle.dumps(g))):
        assert snapshot(other) == want
        other.step(other.legal[0])
        assert snapshot(g) == want


def test_undo_and_history(backend):
    g = Game("kimasai", backend=backend)
    g.reset()
    rng = np.random.default_rng(2)
    trail = [snapshot(g)]
    for _ in range(20):
        if g.over:
            break
        g.step(int(rng.choice(g.legal)))
        trail.append(snapshot(g))
    assert len(g.history) == len(trail) - 1
    while g.history:
        last = g.history[-1]
        assert g.undo() == last
        trail.pop()
        assert snapshot(g) == trail[-1]
    with pytest.raises(IndexError):
        g.undo()


def test_undo_from_a_reset_position(backend, request):
    if backend == "native":
        request.applymarker(SET_POSITION_GAP)
    g = Game("kisolo", backend=backend)
    g.reset(KS6, plies=20)
    start = snapshot(g)
    g.step(20)
    assert g.terminated
    assert g.undo() == 20
    assert snapshot(g) == start


def test_pickle_before_reset_and_unstarted(backend):
    g = Game("kisolo", "Columns:6", horizon=50, backend=backend)
    h = pickle.loads(pickle.dumps(g))
    assert (h.game, h.rules, h.horizon, h.position, h.history) == ("kisolo", "Columns:6", 50, "", [])
    with pytest.raises(RuntimeError):
        h.step(14)


def test_backend_is_reported(backend):
    g = Game("kisolo", backend=backend)
    assert g.backend == backend


def test_max_episode_steps_is_the_horizon(backend):
    gymnasium = pytest.importorskip("gymnasium")
    import mancala_engine.gymnasium  # noqa: F401

    for rules, horizon, want in ((None, None, 300), ("Columns:8", None, 400), (None, 50, 50)):
        env = gymnasium.make("mancala/Kisolo-v0", rules=rules, horizon=horizon, backend=backend)
        assert env.spec.max_episode_steps == want
        assert env.unwrapped.spec.max_episode_steps == want
        env.close()
    env = gymnasium.make("mancala/Kiothi-v0", backend=backend)
    assert env.spec.max_episode_steps == 200
    env.close()
