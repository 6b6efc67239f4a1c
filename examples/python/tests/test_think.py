"""Game.think and mancala_engine.think: the answer's shape (move, action,
value, outcome, line, depth, nodes) and what it says, for every kind of
agent and every game."""

import pytest

from mancala_engine import MancalaError
from mancala_engine.env import Game, think

START = {"kisolo": "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0"}
# South to move, one seed left: a1 then b1 ... a won endgame for the mover.
KS_WIN = "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10"
OVER = "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner"


@pytest.mark.parametrize("game", ["kisolo", "kiothi", "kimasai"])
@pytest.mark.parametrize("spec", ["random", "alphabeta:3", "mcts:100", "mcts-eval:50", "level:beginner",
                                  {"agent": "alphabeta", "depth": 2}, {"agent": "mcts", "iterations": 30}])
def test_every_agent_answers_a_legal_move(game, spec):
    g = Game(game)
    g.reset()
    t = g.think(spec, seed=3)
    assert t.action in g.legal
    assert g.action_to_move(t.action) == t.move
    assert t.line[0] == t.move
    assert t.elapsed_ms >= 0
    if isinstance(spec, str) and spec.startswith("alphabeta") or isinstance(spec, dict) and spec["agent"] == "alphabeta":
        assert t.depth >= 1 and t.nodes >= 1
    if "mcts" in str(spec):
        assert t.iterations >= 1 and 0 <= t.win_rate <= 1


def test_alphabeta_finds_the_won_endgame():
    t = think(KS_WIN, "alphabeta:6")
    assert t.outcome == "win"
    assert t.value > 1000  # a forced win: a large ply-adjusted number
    assert len(t.line) >= 1


def test_same_seed_same_answer_other_seed_may_differ():
    a = think(START["kisolo"], "mcts:200", seed=1)
    b = think(START["kisolo"], "mcts:200", seed=1)
    assert (a.move, a.iterations, a.visits) == (b.move, b.iterations, b.visits)


def test_think_leaves_the_game_unchanged():
    g = Game("kiothi")
    g.reset()
    before = (g.position, g.plies, g.legal, g.history)
    g.think("alphabeta:2")
    assert (g.position, g.plies, g.legal, g.history) == before


def test_think_on_a_finished_game_refused():
    with pytest.raises(MancalaError) as e:
        think(OVER, "random")
    assert e.value.code == "over"


def test_think_of_a_bad_position_refused():
    with pytest.raises(MancalaError) as e:
        think("kisolo nonsense", "random")
    assert e.value.code == "syntax"
    with pytest.raises(ValueError, match="unknown game"):
        think("chess 1 2 3", "random")


def test_level_names_as_specs():
    g = Game("kisolo", opponent="Casual", seat="N")
    g.reset(seed=1)
    assert g.to_move == "N" and g.plies >= 1  # the opponent (South) has played its opening
    t = think(START["kisolo"], "level:casual", seed=1)
    u = think(START["kisolo"], "alphabeta:2", seed=1)
    assert t.move == u.move
    assert t.spec.startswith("alphabeta:2")


def test_a_time_budget_within_the_limits():
    t = think(START["kisolo"], {"agent": "mcts", "timeMs": 30}, seed=1)
    assert t.spec.startswith("mcts") and "time=30ms" in t.spec
    assert t.iterations >= 1
    with pytest.raises(MancalaError) as e:
        think(START["kisolo"], {"agent": "mcts", "timeMs": 60_000})
    assert e.value.code == "limit"
