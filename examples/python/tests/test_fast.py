"""The fast path against the checked path (issue 32, item 6): Game's hot
methods are a C base class (mancala_engine/_fast.c, ``_fast.Core``) that
decides only the common case and hands the rest to Python; the same
methods in Python (``env._Checked``, played here as ``env._CheckedGame``)
do every check themselves. Both play the same games here, side by side,
across the three games, rule sets, an opponent, observation patterns (the
C step writes the observations only when they were asked since the step
before, and observation() fetches them otherwise) and bad input: every
answer, error type and message must be the same.
"""

import copy
import pickle
import zlib

import numpy as np
import pytest

from mancala_engine import env
from mancala_engine.env import Game, IllegalAction

CheckedGame = env._CheckedGame

RULE_SETS = [("kisolo", None), ("kisolo", "Columns:8,Repetition:Three"), ("kiothi", None),
             ("kiothi", "Setup:FiveByFive"), ("kimasai", None), ("kimasai", "FreeFirstTurn:EachPlayer")]


def test_the_checked_game_is_python_and_the_game_c():
    assert env._fast is not None, "the wheel has no C extension"
    assert isinstance(Game(), env._fast.Core)
    assert CheckedGame.step is env._Checked.step
    assert CheckedGame.observation is env._Checked.observation
    assert CheckedGame.legal is env._Checked.legal


def state(g, observe):
    """Everything a caller reads after a step; observe: which observations
    are read too (True both, "S" or "N" one, False none: so that the next
    C step writes them, one, or none)."""
    s = (g.legal, g.over, g.terminated, g.truncated, g.to_move, g.rewards, g.plies, g.result, g.position,
         list(g.history), g.mask().tolist(), g.mask("S").tolist(), g.mask("N").tolist())
    seats = ("S", "N") if observe is True else (observe,) if observe else ()
    for seat in seats:
        o = g.observation(seat)
        assert o.dtype == np.uint8
        s += (seat, o.tolist())
    return s


@pytest.mark.parametrize("game,rules", RULE_SETS)
@pytest.mark.parametrize("pattern", ["every", "never", "alternate", "random", "seats", "south", "mover", "bursts"])
def test_trajectories_equal(game, rules, pattern):
    fast, checked = Game(game, rules), CheckedGame(game, rules)
    rng = np.random.default_rng(zlib.crc32(f"{game} {rules} {pattern}".encode()))
    steps = 0
    for episode in range(4):
        fast.reset()
        checked.reset()
        assert state(fast, True) == state(checked, True)
        k = 0
        while not fast.over:
            a = int(rng.choice(fast.legal))
            assert fast.step(a) == checked.step(a)
            observe = {"every": True, "never": False, "alternate": k % 2 == 0,
                       "random": [False, True, "S", "N"][rng.integers(4)], "seats": "SN"[k % 2], "south": "S",
                       "mover": fast.to_move or "S", "bursts": k % 11 < 5 and "N"}[pattern]
            assert state(fast, observe) == state(checked, observe), (episode, k)
            k += 1
            steps += 1
        assert checked.over
        # The last observation, read late (after a step that did not write it).
        assert state(fast, True) == state(checked, True)
    assert steps > 20


@pytest.mark.parametrize("game", ["kisolo", "kiothi", "kimasai"])
def test_numpy_ids_and_opponent(game):
    fast = Game(game, opponent="random", seat="N", seed=5)
    checked = CheckedGame(game, opponent="random", seat="N", seed=5)
    for _ in range(2):
        fast.reset()
        checked.reset()
        assert state(fast, True) == state(checked, True)
        while not fast.over:
            a = np.int64(fast.legal[-1])
            r = fast.step(a)
            assert r == checked.step(a)
            assert state(fast, True) == state(checked, True)
            assert all(type(x) is int for x in fast.history)


def outcome(call):
    try:
        return ("ok", call())
    except Exception as e:  # the exact type and message are compared
        return (type(e).__name__, str(e))


@pytest.mark.parametrize("game", ["kisolo", "kiothi", "kimasai"])
def test_errors_equal(game):
    fast, checked = Game(game), CheckedGame(game)
    bad = [lambda g: g.step(0), lambda g: g.observation("S"), lambda g: g.mask("S").tolist(),
           lambda g: g.mask().tolist(), lambda g: g.legal, lambda g: g.to_move, lambda g: g.rewards]
    for f in bad:  # before the first reset
        assert outcome(lambda: f(fast)) == outcome(lambda: f(checked))
    fast.reset()
    checked.reset()
    illegal = next(a for a in range(fast.spec.actions) if a not in fast.legal)
    inputs = [illegal, -1, fast.spec.actions, 2**70, -2**70, True, np.bool_(True), 1.0, "3", None,
              np.int8(fast.legal[0]), np.uint64(2**63)]
    for a in inputs:
        got = outcome(lambda: fast.step(a))
        assert got == outcome(lambda: checked.step(a)), a
        assert got[0] != "ok" or a is inputs[-2]
        assert state(fast, True) == state(checked, True)
    for seat in ["E", None, 0, b"S"]:
        assert outcome(lambda: fast.observation(seat)) == outcome(lambda: checked.observation(seat)), seat
        assert outcome(lambda: fast.mask(seat).tolist()) == outcome(lambda: checked.mask(seat).tolist()), seat
    assert outcome(lambda: fast.mask(seat="S").tolist()) == outcome(lambda: checked.mask(seat="S").tolist())
    assert outcome(lambda: fast.mask("S", "N"))[0] == outcome(lambda: checked.mask("S", "N"))[0] == "TypeError"
    while not fast.over:
        a = fast.legal[0]
        fast.step(a)
        checked.step(a)
    assert outcome(lambda: fast.step(0)) == outcome(lambda: checked.step(0)) == (
        "RuntimeError", "the game is over: reset it")


def test_illegal_step_changes_nothing_and_keeps_the_observation():
    g = Game("kisolo")
    g.reset()
    g.step(g.legal[0])  # no observation asked before: this step wrote none
    before = state(g, False)
    illegal = next(a for a in range(g.spec.actions) if a not in g.legal)
    with pytest.raises(IllegalAction):
        g.step(illegal)
    assert state(g, False) == before
    c = CheckedGame("kisolo")
    c.reset()
    c.step(c.legal[0])
    assert state(g, True) == state(c, True)


def test_clone_undo_pickle_keep_the_fast_path():
    g = Game("kiothi")
    g.reset()
    for _ in range(6):
        g.step(g.legal[-1])
    for h in (g.clone(), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert type(h) is Game and isinstance(h, env._fast.Core)
        assert state(h, True) == state(g, True)
        a = h.legal[0]
        h.step(a)
        assert h.history == g.history + [a]
    c = CheckedGame("kiothi")
    c.reset()
    for a in g.history:
        c.step(a)
    assert g.undo() == c.undo()
    assert state(g, True) == state(c, True)
    a = g.legal[0]
    assert g.step(a) == c.step(a)
    assert state(g, True) == state(c, True)
    # A second __init__ (as __setstate__ makes) leaves no binding behind.
    g.__init__("kisolo")
    with pytest.raises(RuntimeError, match="has not been reset"):
        g.step(0)
    g.reset()
    c = CheckedGame("kisolo")
    c.reset()
    assert state(g, True) == state(c, True)


@pytest.mark.parametrize("game", ["kisolo", "kiothi", "kimasai"])
def test_resets_equal(game):
    """reset() without arguments is the C core's from the second on (the
    start's buffers copied back); every other reset is the checked one."""
    fast, checked = Game(game), CheckedGame(game)
    mid = Game(game)
    mid.reset()
    for _ in range(3):
        mid.step(mid.legal[0])
    calls = [lambda g: g.reset(), lambda g: g.reset(), lambda g: g.reset(None, 0), lambda g: g.reset(seed=3),
             lambda g: g.reset(mid.position, 3), lambda g: g.reset(), lambda g: g.reset(plies=-1),
             lambda g: g.reset("x\x00y"), lambda g: g.reset(mid.position, 2**40), lambda g: g.reset(position=5),
             lambda g: g.undo(), lambda g: g.reset()]
    for i, call in enumerate(calls):
        got = outcome(lambda: call(fast))
        assert got == outcome(lambda: call(checked)), i
        assert state(fast, i % 2 == 0) == state(checked, i % 2 == 0), i
        if not fast.over:
            a = fast.legal[-1]
            assert fast.step(a) == checked.step(a)
            assert state(fast, True) == state(checked, True), i


@pytest.mark.parametrize("game", ["kisolo", "kiothi", "kimasai"])
def test_openspiel_lists_equal(game):
    """The lists OpenSpiel's adapter takes (observation_tensor,
    legal_actions_mask) from the C core and from the Python methods."""
    fast, checked = Game(game), CheckedGame(game)
    assert outcome(lambda: fast._obs_list("S")) == outcome(lambda: checked._obs_list("S"))
    assert fast._mask_list() == checked._mask_list()
    fast.reset()
    checked.reset()
    rng = np.random.default_rng(3)
    while True:
        for seat in rng.permutation(["S", "N"])[: rng.integers(3)]:
            got = fast._obs_list(seat)
            assert all(type(x) is float for x in got)
            assert got == checked._obs_list(seat) == [float(x) for x in checked.observation(seat)]
        assert fast._mask_list() == checked._mask_list() == fast.mask().tolist()
        if fast.over:
            break
        a = int(rng.choice(fast.legal))
        fast.step(a)
        checked.step(a)
    assert outcome(lambda: fast._obs_list("E")) == outcome(lambda: checked._obs_list("E"))
