"""Issue 32's bounds: every integer range-checked in Python before any
call into the library (P-4: plies and horizon went to int32 and wrapped),
a NUL in any text refused (P-5: the library read a text up to it), and
agent specs over the limits refused when the game, vector or think is
made, with the library's message (C-1: alphabeta:99 was accepted and
searched for ever)."""

import numpy as np
import pytest

from mancala_engine import MancalaError
from mancala_engine.env import Game, think
from mancala_engine.vector import VectorGame

START = "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0"


@pytest.mark.parametrize("horizon", [2**32 + 10, 2**31, 100_001, 0, -1])
def test_horizon_out_of_range_refused(horizon):
    with pytest.raises(ValueError, match=r"horizon must be 1\.\.100000 plies \(None for the game.s\), got"):
        Game(horizon=horizon)
    with pytest.raises(ValueError, match=r"horizon must be 1\.\.100000 plies \(None for the game.s\), got"):
        VectorGame(n=2, horizon=horizon)


def test_horizon_at_the_bound_accepted():
    g = Game(horizon=100_000)
    g.reset()
    assert g.horizon == 100_000


@pytest.mark.parametrize("plies", [2**32 + 5, 2**31, -1, 301])
def test_plies_out_of_range_refused_and_nothing_changes(plies):
    g = Game()
    g.reset()
    g.step(g.legal[0])
    before = (g.position, g.plies, g.history)
    with pytest.raises(ValueError, match=r"plies must be 0\.\.300, got"):
        g.reset(START, plies)
    assert (g.position, g.plies, g.history) == before


def test_plies_up_to_the_horizon_accepted():
    g = Game()
    g.reset(START, 300)
    assert (g.plies, g.truncated, g.over) == (300, True, True)


@pytest.mark.parametrize("seed", [2**64, -1])
def test_seed_out_of_range_refused(seed):
    with pytest.raises(ValueError, match=r"seed must be 0\.\.18446744073709551615"):
        Game(opponent="random", seed=seed)
    with pytest.raises(ValueError, match=r"seed must be 0\.\.18446744073709551615"):
        VectorGame(n=1, seed=seed)
    with pytest.raises(ValueError, match=r"seed must be 0\.\.18446744073709551615"):
        think(START, "random", seed=seed)
    g = Game(opponent="random")
    with pytest.raises(ValueError, match=r"seed must be 0\.\.18446744073709551615"):
        g.reset(seed=seed)


@pytest.mark.parametrize("n", [0, 8193, 2**32 + 1])
def test_n_out_of_range_refused(n):
    with pytest.raises(ValueError, match=r"n must be 1\.\.8192, got"):
        VectorGame(n=n)


@pytest.mark.parametrize("bad", [True, 1.0, "3", None])
def test_integers_of_other_types_refused(bad):
    with pytest.raises(TypeError):
        Game(horizon=bad) if bad is not None else Game().reset(START, bad)


def test_nul_in_position_refused_and_nothing_changes():
    g = Game()
    g.reset()
    with pytest.raises(ValueError, match="NUL"):
        g.reset(START + "\x00xx")
    assert g.position == START and g.plies == 0


@pytest.mark.parametrize("make", [
    lambda: Game("kisolo", "Columns:6\x00"),
    lambda: Game(opponent="random\x00alphabeta:99"),
    lambda: VectorGame(rules="\x00"),
    lambda: VectorGame(opponent="ran\x00dom"),
    lambda: think(START + "\x00", "random"),
    lambda: think(START, "random\x00"),
])
def test_nul_in_any_text_refused(make):
    with pytest.raises(ValueError, match="NUL"):
        make()


def test_nul_in_a_move_refused():
    g = Game()
    g.reset()
    m = g.action_to_move(g.legal[0])
    with pytest.raises(ValueError, match="NUL"):
        g.move_to_action(m + "\x00")
    with pytest.raises(ValueError, match="NUL"):
        g.step_move(m + "\x00junk")
    assert g.history == []


@pytest.mark.parametrize("spec,limit", [("alphabeta:99", "depth"), ("alphabeta:11", "depth"),
                                        ("mcts:10000000", "iterations"), ("mcts:100:workers=64", "workers"),
                                        ("mcts:100:time=1h", "time")])
def test_specs_over_the_limits_refused_at_creation(spec, limit):
    for make in (lambda: Game(opponent=spec), lambda: VectorGame(n=1, opponent=spec),
                 lambda: think(START, spec)):
        with pytest.raises(MancalaError, match=limit) as e:
            make()
        assert e.value.code == "limit"


def test_specs_at_the_limits_accepted():
    g = Game(opponent="alphabeta:10", seat="N")
    assert g.opponent == "alphabeta:10"
    t = think(START, "alphabeta:1")
    assert t.depth == 1


@pytest.mark.parametrize("spec", ["alphabeta:0", "nonsense", "level:grandmaster", ""])
def test_bad_specs_refused_with_the_library_message(spec):
    with pytest.raises(MancalaError) as e:
        Game(opponent=spec)
    assert e.value.code == "agent"


def test_vector_actions_out_of_int32_refused():
    v = VectorGame(n=2)
    with pytest.raises(ValueError, match="out of range"):
        v.step(np.array([2**32, 0], np.int64))
    with pytest.raises(ValueError, match="out of range"):
        v.step(np.array([-1, 0], np.int32))
