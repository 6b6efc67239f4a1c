"""The OpenSpiel games (mancala_engine.openspiel) under OpenSpiel's own
checks and the defects of issue 32 item 5:

- each rule option is its own game parameter, so ``load_game(str(game))``
  and ``serialize_game_and_state`` round-trip for every variant of
  docs/balance.md (the old single ``rules`` parameter broke at the comma);
- ``pyspiel.random_sim_test``, OpenSpiel's serialization test
  (open_spiel/python/tests/games_sim_test.py's ``sim_game``) and
  ``open_spiel.python.algorithms.mcts`` for the three games under their
  defaults and two multi-option rule sets;
- the tensors build no state, ``undo_action`` works, ``max_game_length``
  is finite;
- deserialization replays the history through the rules: a history that
  is illegal, out of range or of another game is refused (O-2), also by
  pickle, and the game's ``deserialize_state`` never unpickles (O-1).
"""

import base64
import copy
import json
import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.tests.games_sim_test import GamesSimTest  # noqa: E402

import mancala_engine.openspiel as mo  # noqa: E402
from mancala_engine.env import Game  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def _balance_variants():
    """Every (game, rules) of docs/balance.md's studies."""
    seen = []
    for f in ("random.json", "alphabeta.json"):
        path = os.path.join(ROOT, "docs", "balance", f)
        if not os.path.exists(path):
            continue
        with open(path) as fh:
            for c in json.load(fh)["cells"]:
                key = (c["game"], c["rules"])
                if key not in seen:
                    seen.append(key)
    return seen


VARIANTS = _balance_variants()
#: Defaults and two rule sets of several options for each game.
RULE_SETS = [
    ("kisolo", ""), ("kisolo", "Setup:Outer3,Win:OuterRowEmptied,CaptureOnAnyLanding:true"),
    ("kisolo", "Columns:8,Repetition:Three"),
    ("kiothi", ""), ("kiothi", "Setup:FiveBySix,OpeningPits:1,WholeLift:true,CaptureNeedsCrossing:true,Bonus:Run"),
    ("kiothi", "Setup:FiveByFive,Repetition:Three,Endless:Illegal"),
    ("kimasai", ""), ("kimasai", "FreeFirstTurn:EachPlayer,SelfEmptiedInnerRow:Continues"),
    ("kimasai", "Endless:Illegal,Repetition:Three"),
]


def _play(state, n, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_balance_variants_listed():
    assert len(VARIANTS) == 27  # docs/balance.md: 12 Kiothi, 11 Kisolo, 4 Bao la Kimasai
    assert any("," in r for _, r in VARIANTS)


@pytest.mark.parametrize("name,rules", VARIANTS)
def test_every_variant_round_trips(name, rules):
    """load_game(str(game)) and serialize_game_and_state, after moves."""
    gs = mo.game_string(name, rules)
    game = pyspiel.load_game(gs)
    assert str(game) == gs
    assert game.rules == Game(name, rules or None).rules
    assert "rules" not in game.get_parameters()
    again = pyspiel.load_game(str(game))
    assert (str(again), again.rules, again.num_distinct_actions()) == (gs, game.rules, game.num_distinct_actions())
    state = _play(game.new_initial_state(), 9, seed=len(rules))
    new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(new_game) == gs
    assert (str(new_state), new_state.history()) == (str(state), state.history())
    back = game.deserialize_state(state.serialize())
    assert (str(back), back.history()) == (str(state), state.history())


def test_game_string_examples():
    assert mo.game_string("kisolo", "Columns:8,Repetition:Three") == "kisolo(Columns=8,Repetition=Three)"
    assert mo.game_string("kisolo") == "kisolo()"
    assert mo.game_string("kiothi", "WholeLift:true", horizon=50) == "kiothi(WholeLift=True,horizon=50)"
    g = pyspiel.load_game("kisolo(Columns=8,Repetition=Three)")
    assert (g.rules, g.get_parameters()) == ("Columns:8,Repetition:Three", {"Columns": 8, "Repetition": "Three"})
    # Given in another order, or with a default spelled out: the same game.
    g2 = pyspiel.load_game("kisolo", {"Repetition": "Three", "Columns": 8, "Setup": "All3"})
    assert str(g2) == str(g)
    # A bool option takes true/false as OpenSpiel's string parser leaves them.
    assert pyspiel.load_game("kiothi(WholeLift=true)").rules == "WholeLift:true"
    assert mo.params_of_rules("kimasai", "Endless:Illegal") == {"Endless": "Illegal"}


def test_parameters_are_the_options():
    for name in mo.GAMES:
        spec = pyspiel.load_game(name).get_type().parameter_specification
        assert set(spec) == {o["name"] for o in mo._specs.options(name)} | {"horizon"}
        assert spec["horizon"] == 0
        for opt_name, kind, default, values in mo.OPTIONS[name]:
            assert spec[opt_name] == default
            # Each value on its own is a game whose canonical rules name it
            # (or none, for the default).
            for v in values or ():
                if (opt_name, v) == ("Setup", "Outer3"):  # only with Win:OuterRowEmptied
                    with pytest.raises(ValueError, match="Outer3 needs Win OuterRowEmptied"):
                        pyspiel.load_game(name, {opt_name: v})
                    continue
                g = pyspiel.load_game(name, {opt_name: v})
                text = str(v).lower() if kind == "bool" else str(v)
                assert g.rules == ("" if v == default else f"{opt_name}:{text}")
    assert dict((o[0], o[2]) for o in mo.OPTIONS["kisolo"]) == {
        "CaptureOnAnyLanding": False, "Columns": 7, "Endless": "Draw", "MaxLaps": 1000000, "Repetition": "None",
        "SelfEmptiedInnerRow": "Loses", "Setup": "All3", "Win": "InnerRowEmptied"}


@pytest.mark.parametrize("params,match", [
    ({"Columns": 9}, "Columns=9"), ({"Columns": "8"}, "Wrong type"), ({"Setup": "Nowhere"}, "Setup"),
    ({"Rules": "Columns:6"}, "Unknown parameter 'Rules'"), ({"horizon": -1}, "horizon"), ({"WholeLift": True}, "Unknown parameter 'WholeLift'"),
    ({"MaxLaps": -5}, "MaxLaps"), ({"Win": "OuterRowEmptied", "Setup": "Outer3", "Columns": 6}, None),
])
def test_bad_parameters_refused(params, match):
    if match is None:
        assert pyspiel.load_game("kisolo", params).rules == "Columns:6,Setup:Outer3,Win:OuterRowEmptied"
        return
    with pytest.raises(Exception, match=match):
        pyspiel.load_game("kisolo", params)


@pytest.mark.parametrize("name,rules", VARIANTS)
def test_max_game_length_finite(name, rules):
    game = mo.load_game(name, rules)
    assert 0 < game.max_game_length() == Game(name, rules or None).horizon < 10**6
    state = _play(game.new_initial_state(), game.max_game_length() + 1, seed=7)
    assert state.is_terminal() and len(state.history()) <= game.max_game_length()


@pytest.mark.parametrize("name,rules", RULE_SETS)
def test_random_sim_test(name, rules):
    game = mo.load_game(name, rules)
    spec = Game(name, rules or None).spec
    assert (game.num_distinct_actions(), game.max_game_length(), game.num_players()) == (spec.actions, spec.horizon, 2)
    assert game.observation_tensor_shape() == [spec.obs_len]
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


class _SimTest(GamesSimTest):
    def runTest(self):  # noqa: N802 - unittest's
        pass


@pytest.mark.parametrize("name,rules", RULE_SETS)
def test_openspiel_serialization_sim(name, rules):
    """OpenSpiel's own simulation test with pyspiel and pickle
    serialization and clone checks (games_sim_test.sim_game)."""
    np.random.seed(len(rules) + len(name))
    _SimTest().sim_game(mo.load_game(name, rules))


@pytest.mark.parametrize("name,rules", RULE_SETS)
def test_mcts(name, rules):
    """OpenSpiel's MCTSBot picks legal moves, the same ones for the same
    seed, and its search leaves the state as it was."""
    game = mo.load_game(name, rules)
    state = _play(game.new_initial_state(), 2, seed=1)
    assert not state.is_terminal()
    before = (str(state), state.history())

    def bot():
        rng = np.random.RandomState(5)
        return mcts.MCTSBot(game, uct_c=2.0, max_simulations=12,
                            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng)

    a = bot().step(state)
    assert (str(state), state.history()) == before
    assert a in state.legal_actions()
    assert bot().step(state) == a
    state.apply_action(a)
    assert state.history() == before[1] + [a]


def test_tensors_build_no_state(monkeypatch):
    """observation_tensor and information_state_tensor read the state's own
    game: no state (no Game) is made to learn the tensor's size."""
    game = mo.load_game("kiothi", "Setup:FiveByFive,Repetition:Three")
    state = _play(game.new_initial_state(), 5)
    g = Game("kiothi", "Setup:FiveByFive,Repetition:Three")
    g.reset()
    for a in state.history():
        g.step(a)
    made = []
    real_init = mo.MancalaState.__init__
    real_game = Game.__init__

    def counting(self, *a, **k):
        made.append(type(self).__name__)
        return real_init(self, *a, **k)

    def counting_game(self, *a, **k):
        made.append("Game")
        return real_game(self, *a, **k)

    real_clone = Game.clone

    def counting_clone(self):
        made.append("Game")
        return real_clone(self)

    monkeypatch.setattr(mo.MancalaState, "__init__", counting)
    monkeypatch.setattr(Game, "__init__", counting_game)
    monkeypatch.setattr(Game, "clone", counting_clone)
    for p, seat in ((0, "S"), (1, "N")):
        want = g.observation(seat).astype(np.float32).tolist()
        assert state.observation_tensor(p) == want
        assert state.information_state_tensor(p) == want
        assert game.observation_tensor_size() == len(want)
        assert game.information_state_tensor_size() == len(want)
    obs = game.make_py_observer()
    obs.set_from(state, 1)
    np.testing.assert_array_equal(obs.tensor, g.observation("N"))
    assert made == []
    # OpenSpiel's C++ route (what its C++ algorithms call): it makes a bare
    # state to learn the size, but no game.
    for p, seat in ((0, "S"), (1, "N")):
        assert pyspiel.State.observation_tensor(state, p) == g.observation(seat).astype(np.float32).tolist()
        assert pyspiel.State.information_state_tensor(state, p) == g.observation(seat).astype(np.float32).tolist()
    assert "Game" not in made


def test_undo_action():
    game = mo.load_game("kiothi")
    state = _play(game.new_initial_state(), 8, seed=3)
    seen = []
    while state.history():
        seen.append((str(state), state.history(), state.current_player(), state.legal_actions()))
        last = state.history()[-1]
        player = state.full_history()[-1].player
        with pytest.raises(ValueError):
            state.undo_action(player, last + 1)
        state.undo_action(player, last)
        seen_after = (str(state), state.history())
        state.apply_action(last)
        assert (str(state), state.history(), state.current_player(), state.legal_actions()) == seen[-1]
        state.undo_action(player, last)
        assert (str(state), state.history()) == seen_after
    assert str(state) == str(game.new_initial_state())
    assert state.move_number() == 0 and state.is_initial_state()
    with pytest.raises(ValueError):
        state.undo_action(0, 0)


def test_clone_history_action_strings():
    game = mo.load_game("kisolo", "Columns:6")
    state = _play(game.new_initial_state(), 10, seed=2)
    g = Game("kisolo", "Columns:6")
    g.reset()
    for a in state.history():
        g.step(a)
    assert str(state) == g.position
    assert state.history_str() == ", ".join(map(str, g.history))
    assert state.move_number() == len(g.history)
    assert [pa.action for pa in state.full_history()] == g.history
    for a in g.legal:
        assert state.action_to_string(state.current_player(), a) == g.action_to_move(a)
        assert state.action_to_string(a) == g.action_to_move(a)
        assert state.string_to_action(g.action_to_move(a)) == a
    assert state.legal_actions_mask() == g.mask().tolist()
    assert state.legal_actions(1 - state.current_player()) == []
    for c in (state.clone(), copy.deepcopy(state), copy.copy(state), pickle.loads(pickle.dumps(state))):
        assert (str(c), c.history(), c.current_player(), c.legal_actions()) == \
            (str(state), state.history(), state.current_player(), state.legal_actions())
        c.apply_action(c.legal_actions()[0])
        assert str(state) == g.position and state.history() == g.history  # independent
    child = state.child(g.legal[0])
    assert child.history() == g.history + [g.legal[0]]


# Deserialization: rebuilt through the rules (O-2), never unpickled by the
# game itself (O-1).

def _ser(game, state):
    return pyspiel.serialize_game_and_state(game, state)


def test_deserialize_refuses_bad_history_lines():
    game = mo.load_game("kisolo")
    state = _play(game.new_initial_state(), 4)
    good = _ser(game, state)
    head, blob = good.split("__dict__=")
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    # The history line edited: an id out of range, or another history than the state's.
    for line in ("history=0:999", f"history=0:{illegal}", "history=" + ",".join(f"0:{a}" for a in state.history()[:2])):
        bad = head.replace(head[head.index("history="):head.index("\nmove_number")], line) + "__dict__=" + blob
        with pytest.raises(Exception, match="history"):
            pyspiel.deserialize_game_and_state(bad)
        with pytest.raises(ValueError, match="history"):
            game.deserialize_state(bad.split("[State]\n", 1)[1])


def test_deserialize_refuses_a_state_of_another_game():
    """A Kiothi game line with a Kisolo state (O-2)."""
    kisolo = mo.load_game("kisolo")
    s = _play(kisolo.new_initial_state(), 3)
    bad = _ser(kisolo, s).replace("kisolo()", "kiothi()")
    with pytest.raises(Exception, match="kisolo"):
        pyspiel.deserialize_game_and_state(bad)
    kiothi = mo.load_game("kiothi")
    with pytest.raises(ValueError, match="kisolo"):
        kiothi.deserialize_state(bad.split("[State]\n", 1)[1])
    # Under other rules of the same game, too.
    with pytest.raises(ValueError, match="Columns"):
        mo.load_game("kisolo", "Columns:6").deserialize_state(_ser(kisolo, s).split("[State]\n", 1)[1])


@pytest.mark.parametrize("text", ["999", "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "-1", "x",
                                  "3.5", "1" * 40])
def test_deserialize_state_refuses_illegal_text(text):
    with pytest.raises(ValueError):
        mo.load_game("kisolo").deserialize_state(text)


def test_history_text_is_the_safe_path():
    game = mo.load_game("kimasai", "Endless:Illegal,Repetition:Three")
    state = _play(game.new_initial_state(), 20, seed=4)
    text = state.serialize()
    assert text == ",".join(map(str, state.history()))
    back = pyspiel.load_game(str(game)).deserialize_state(text)
    assert (str(back), back.history(), back.returns()) == (str(state), state.history(), state.returns())
    assert str(game.deserialize_state("")) == str(game.new_initial_state())


class _Boom:
    """Unpickling it calls exec: what a crafted string does."""

    def __reduce__(self):
        return (exec, ("import builtins; builtins.MANCALA_PWNED = True",))


def test_deserialize_state_never_unpickles():
    """O-1: the game's own deserialize_state reads the history and refuses
    a blob that names anything but plain data, without running it."""
    import builtins

    game = mo.load_game("kisolo")
    blob = base64.b64encode(pickle.dumps({"mancala": _Boom()})).decode()
    for text in (f"history=\nmove_number=0\n__dict__={blob}", f"history=0:3\nmove_number=1\n__dict__={blob}"):
        with pytest.raises(ValueError):
            game.deserialize_state(text)
        assert not hasattr(builtins, "MANCALA_PWNED")


def test_pickle_refuses_bad_history():
    """A pickled state is rebuilt through the rules: a tampered history is
    refused when pickle restores it."""
    game = mo.load_game("kisolo", "Columns:6")
    state = _play(game.new_initial_state(), 3)
    good = pickle.dumps(state)
    assert pickle.loads(good).history() == state.history()

    class Tampered:
        def __init__(self, game_str, ids):
            self.args = (game_str, ids)

        def __reduce__(self):
            return (mo._restore, self.args)

    illegal = next(a for a in range(game.num_distinct_actions()) if a not in game.new_initial_state().legal_actions())
    for ids in ((999,), (illegal,), (-1,), ("3",)):
        with pytest.raises(ValueError):
            pickle.loads(pickle.dumps(Tampered(str(game), ids)))
    with pytest.raises(ValueError):
        pickle.loads(pickle.dumps(Tampered("tic_tac_toe()", ())))
    # pyspiel's own restore of the state's attributes checks them too.
    s = game.new_initial_state()
    with pytest.raises(ValueError, match="kiothi"):
        s.mancala = ("kiothi()", ())
    with pytest.raises(ValueError, match="action"):
        s.mancala = (str(game), (999,))
    assert s.history() == []


@pytest.mark.processes
def test_mcts_against_alphabeta_example():
    """The example runs two short games in process (no engine program: its
    environment names none and PATH holds no Go) and prints the table."""
    example = os.path.join(os.path.dirname(HERE), "openspiel_mcts_vs_alphabeta.py")
    env = {k: v for k, v in os.environ.items() if k not in ("MANCALA_ENGINE", "MANCALA_BACKEND")}
    env["PATH"] = os.path.dirname(sys.executable)
    out = subprocess.run([sys.executable, example, "--games", "2", "--simulations", "20", "--depth", "2",
                          "--rules", "Columns:6,Repetition:Three"],
                         check=True, capture_output=True, text=True, timeout=600, env=env).stdout
    assert "kisolo(Columns=6,Repetition=Three)" in out
    assert "MCTSBot (20 simulations)" in out and "AlphaBeta (depth 2)" in out
    assert "games: 2" in out



def test_new_states_reuse_games_safely():
    """A gone state's game serves a new state (reset to the start), never
    while someone still holds it."""
    game = mo.load_game("kisolo", "Columns:6")
    start = str(game.new_initial_state())
    s = _play(game.new_initial_state(), 5)
    held = s.game_state
    pos, hist = held.position, list(held.history)
    del s
    t = game.new_initial_state()
    assert (str(t), t.history(), t.returns(), t.is_terminal()) == (start, [], [0.0, 0.0], False)
    assert (held.position, held.history) == (pos, hist)
    u = _play(game.new_initial_state(), game.max_game_length())  # to the end
    assert u.is_terminal()
    del u
    for _ in range(3):
        v = game.new_initial_state()
        assert (str(v), v.history(), v.returns(), v.is_terminal(), v.legal_actions()) == \
            (start, [], [0.0, 0.0], False, t.legal_actions())
        _play(v, 4)


@pytest.mark.parametrize("plies", [0, 3, 31, 33, 120])
def test_clone_short_and_long_histories(plies):
    """A clone is the same state whether its game is replayed on a pooled
    game (short histories) or copied (long ones), terminal states too."""
    game = mo.load_game("kimasai", "FreeFirstTurn:EachPlayer,SelfEmptiedInnerRow:Continues")
    for _ in range(3):  # fill the pool
        _play(game.new_initial_state(), 2)
    state = _play(game.new_initial_state(), plies, seed=plies)
    c = state.clone()
    assert (str(c), c.history(), c.returns(), c.is_terminal(), c.legal_actions(), c.observation_tensor(1)) == \
        (str(state), state.history(), state.returns(), state.is_terminal(), state.legal_actions(),
         state.observation_tensor(1))
    if not c.is_terminal():
        c.apply_action(c.legal_actions()[-1])
        assert len(state.history()) == len(c.history()) - 1
