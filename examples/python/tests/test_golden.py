"""The package against the Go packages' own values: trajectories of
mancala/env (self-play, and against opponents by spec and level) and the
moves of mancala/agent's agents for given positions, specs and seeds, as
examples/python/gengames/golden_test.go writes them into
testdata/golden.json (that Go test fails when the file is stale). Every
value of every step is compared: positions, rewards, termination,
truncation, plies, legal ids and both seats' observations."""

import json
import os

import numpy as np
import pytest

from mancala_engine import think as top_think
from mancala_engine.env import Game, think
from mancala_engine.vector import VectorGame

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "testdata", "golden.json"), encoding="utf-8") as f:
    GOLDEN = json.load(f)

TRAJ = GOLDEN["trajectories"]
SELF_PLAY = [t for t in TRAJ if not t["opponent"]]
AGAINST = [t for t in TRAJ if t["opponent"]]


def _name(t):
    return f"{t['game']}-{t['rules'] or 'defaults'}-{t['opponent'] or 'self'}-h{t['horizon']}"


def _check_step(g, s):
    assert g.position == s["position"]
    assert g.rewards == tuple(s["rewards"])
    assert (g.terminated, g.truncated) == (s["terminated"], s["truncated"])
    assert g.plies == s["plies"]
    assert g.legal == s["legal"]
    assert g.observation("S").tolist() == [int(x) for x in s["obsSouth"]]
    assert g.observation("N").tolist() == [int(x) for x in s["obsNorth"]]


@pytest.mark.parametrize("t", SELF_PLAY, ids=_name)
def test_self_play_trajectories(t):
    g = Game(t["game"], t["rules"] or None, horizon=t["horizon"] or None)
    g.reset()
    assert g.position == t["start"]
    for s in t["steps"]:
        g.step(s["action"])
        _check_step(g, s)
    assert g.history == [s["action"] for s in t["steps"]]


@pytest.mark.parametrize("t", AGAINST, ids=_name)
def test_trajectories_against_an_opponent(t):
    seat = "SN"[t["seat"]]
    g = Game(t["game"], t["rules"] or None, horizon=t["horizon"] or None, opponent=t["opponent"], seat=seat,
             seed=t["seed"])
    g.reset(seed=t["seed"])
    assert (g.position, g.plies) == (t["start"], t["plies"])
    for s in t["steps"]:
        g.step(s["action"])
        _check_step(g, s)
    # A second reset with the same seed replays the same games.
    g.reset(seed=t["seed"])
    for s in t["steps"]:
        g.step(s["action"])
    assert g.position == t["steps"][-1]["position"]


@pytest.mark.parametrize("t", SELF_PLAY, ids=_name)
def test_vector_game_of_one_follows_the_trajectory(t):
    with VectorGame(t["game"], 1, rules=t["rules"] or None, horizon=t["horizon"] or None) as v:
        assert v.position(0) == t["start"]
        for s in t["steps"]:
            ended = s["terminated"] or s["truncated"]
            v.step(np.array([s["action"]], np.int32))
            assert (bool(v.terminated[0]), bool(v.truncated[0])) == (s["terminated"], s["truncated"])
            if ended:
                assert v.ended == 1 and v.final_obs.shape == (1, v.obs_len)
                assert v.plies[0] == 0
            else:
                assert v.position(0) == s["position"]
                mover_obs = s["obsSouth"] if v.to_move[0] == 0 else s["obsNorth"]
                assert v.obs[0].tolist() == [int(x) for x in mover_obs]
                assert np.flatnonzero(v.mask[0]).tolist() == s["legal"]
                assert v.plies[0] == s["plies"]


@pytest.mark.parametrize("r", GOLDEN["thinks"], ids=lambda r: f"{r['game']}-{r['spec']}-{r['seed']}")
def test_think_plays_the_go_agents_moves(r):
    t = think(r["position"], r["spec"], seed=r["seed"])
    assert t.move == r["move"]
    assert t.line[0] == t.move
    g = Game(r["game"], _rules(r["position"]))
    g.reset(r["position"], 0)
    assert g.think(r["spec"], seed=r["seed"]).move == r["move"]
    assert g.action_to_move(t.action) == t.move
    assert top_think(r["position"], r["spec"], seed=r["seed"]).move == r["move"]


def _rules(position):
    for f in position.split()[1:]:
        if f.startswith("rules="):
            return f[6:]
    return None


def test_every_game_has_golden_values():
    assert {t["game"] for t in SELF_PLAY} == {t["game"] for t in AGAINST} == {r["game"] for r in GOLDEN["thinks"]} \
        == {"kisolo", "kiothi", "kimasai"}
    assert any(t["steps"][-1]["truncated"] for t in TRAJ) and any(t["steps"][-1]["terminated"] for t in TRAJ)


@pytest.mark.parametrize("t", SELF_PLAY[:1] + SELF_PLAY[-1:], ids=_name)
def test_second_reset_is_the_first(t):
    g = Game(t["game"], t["rules"] or None, horizon=t["horizon"] or None)
    for _ in range(2):
        g.reset()
        assert (g.position, g.plies, g.legal, g.rewards, g.over) == (t["start"], 0, _legal0(t), (0.0, 0.0), False)
        for s in t["steps"][:5]:
            g.step(s["action"])
        _check_step(g, t["steps"][4])


def _legal0(t):
    g = Game(t["game"], t["rules"] or None)
    g.reset(t["start"])
    return g.legal
