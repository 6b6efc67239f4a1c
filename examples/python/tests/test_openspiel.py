"""The OpenSpiel games (mancala_engine.openspiel) under OpenSpiel's own
checks: pyspiel.random_sim_test (with serialization), and the pickle,
serialize_game_and_state and clone checks of OpenSpiel's Python game tests
(open_spiel/python/games/tic_tac_toe_test.py), for each game with its
defaults and two other rule sets, on both backends; and the example that
plays OpenSpiel's MCTSBot against our AlphaBeta.

    MANCALA_ENGINE=/tmp/mancala-engine python -m pytest examples/python/tests/test_openspiel.py
"""

import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import mancala_engine.openspiel  # noqa: E402,F401  (registers the games)
from mancala_engine.env import Game  # noqa: E402

RULE_SETS = [
    ("kisolo", ""), ("kisolo", "Columns:6"), ("kisolo", "CaptureOnAnyLanding:true"),
    ("kiothi", ""), ("kiothi", "Setup:FiveByFive"), ("kiothi", "WholeLift:true"),
    ("kimasai", ""), ("kimasai", "FreeFirstTurn:EachPlayer"), ("kimasai", "Endless:Illegal"),
]
HERE = os.path.dirname(os.path.abspath(__file__))


def _load(name, rules, backend):
    return pyspiel.load_game(name, {"rules": rules, "backend": backend})


@pytest.mark.parametrize("name,rules", RULE_SETS)
def test_random_sim_test(backend, name, rules):
    game = _load(name, rules, backend)
    assert game.get_type().short_name == name
    spec = Game(name, rules or None, backend=backend).spec
    assert (game.num_distinct_actions(), game.max_game_length(), game.num_players()) == (spec.actions, spec.horizon, 2)
    assert game.observation_tensor_shape() == [spec.obs_len]
    pyspiel.random_sim_test(game, num_sims=3 if backend == "native" else 1, serialize=True, verbose=False)


@pytest.mark.parametrize("name,rules", RULE_SETS)
def test_pickle_serialize_clone(backend, name, rules):
    game = _load(name, rules, backend)
    unpickled = pickle.loads(pickle.dumps(game))
    assert str(unpickled) == str(game)
    state = game.new_initial_state()
    rng = np.random.default_rng(len(rules))
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(new_game) == str(game)
    assert (str(new_state), new_state.history()) == (str(state), state.history())
    again = pickle.loads(pickle.dumps(state))
    assert (str(again), again.history()) == (str(state), state.history())
    clone = state.clone()
    assert clone.history() == state.history()
    assert clone.move_number() == state.move_number()
    assert clone.current_player() == state.current_player()
    assert clone.legal_actions() == state.legal_actions()
    assert str(clone) == str(state)
    if not state.is_terminal():
        before = str(state)
        clone.apply_action(clone.legal_actions()[0])
        assert str(state) == before  # the clone is independent


@pytest.mark.parametrize("name,rules", RULE_SETS[::3])
def test_state_matches_the_package(backend, name, rules):
    """Observation tensors, action strings, players and returns are the
    package Game's."""
    game = _load(name, rules, backend)
    state = game.new_initial_state()
    g = Game(name, rules or None, backend=backend)
    g.reset()
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        assert state.current_player() == (0 if g.to_move == "S" else 1)
        assert state.legal_actions() == g.legal
        for p, seat in ((0, "S"), (1, "N")):
            np.testing.assert_array_equal(state.observation_tensor(p), g.observation(seat).astype(np.float32))
        a = int(rng.choice(g.legal))
        text = state.action_to_string(state.current_player(), a)
        assert text == g.action_to_move(a)
        assert g.move_to_action(text) == a
        state.apply_action(a)
        g.step(a)
    assert state.returns() == list(g.rewards if g.terminated else (0.0, 0.0))
    assert str(state) == g.position


def test_bad_rules_refused(backend):
    with pytest.raises(Exception, match="Columns"):
        _load("kisolo", "Columns:9", backend)


@pytest.mark.processes
def test_mcts_against_alphabeta_example():
    """The example runs two short games and prints the result table."""
    example = os.path.join(os.path.dirname(HERE), "openspiel_mcts_vs_alphabeta.py")
    out = subprocess.run([sys.executable, example, "--games", "2", "--simulations", "20", "--depth", "2"],
                         check=True, capture_output=True, text=True, timeout=600).stdout
    assert "MCTSBot" in out and "AlphaBeta" in out
    assert "games: 2" in out
