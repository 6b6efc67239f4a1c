"""ClassicWrapper (mancala_engine.pettingzoo.env) does what PettingZoo's
classic chain OrderEnforcingWrapper(AssertOutOfBoundsWrapper(
TerminateIllegalWrapper(env, -1))) does: the same trajectories, rewards,
terminations, warnings and errors, step for step, legal or not."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from mancala_engine.pettingzoo import ClassicWrapper, raw_env  # noqa: E402


def _chain(game, rules):
    e = raw_env(game, rules)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(
        wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)))


def _snap(env):
    return (env.agent_selection, list(env.agents), dict(env.rewards), dict(env._cumulative_rewards),
            dict(env.terminations), dict(env.truncations), env.unwrapped.game.position)


def _run(env, actions):
    """Plays a script of actions ("legal", "illegal", None, or an int);
    returns every step's snapshot and what each call raised."""
    out = []
    env.reset(seed=3)
    rng = np.random.default_rng(5)
    for what in actions:
        if not env.agents:
            break
        obs, rew, term, trunc, info = env.last()
        mask = obs["action_mask"]
        if what == "legal":
            a = None if term or trunc else int(rng.choice(np.flatnonzero(mask)))
        elif what == "illegal":
            a = int(np.flatnonzero(mask == 0)[0])
        else:
            a = what
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            try:
                env.step(a)
                err = None
            except AssertionError as e:
                err = str(e)
        out.append((a, err, [str(x.message) for x in w], obs["observation"].tolist(), float(rew), term, trunc,
                    _snap(env)))
    return out


@pytest.mark.parametrize("game,rules", [("kisolo", None), ("kiothi", None), ("kimasai", "Endless:Illegal")])
@pytest.mark.parametrize("script", [
    ["legal"] * 400,
    ["legal"] * 5 + ["illegal"] + ["legal"] * 4,
    ["legal"] * 3 + [10**6, -1, "legal"],
    ["legal"] * 2 + [np.int64(0), "legal"],
])
def test_same_as_the_classic_chain(game, rules, script):
    assert _run(ClassicWrapper(raw_env(game, rules)), script) == _run(_chain(game, rules), script)


def test_before_reset_and_after_the_end():
    for env in (ClassicWrapper(raw_env("kisolo")), _chain("kisolo", None)):
        for name in ("agent_selection", "rewards", "terminations", "truncations", "infos", "agents", "num_agents"):
            with pytest.raises(AttributeError, match="before reset"):
                getattr(env, name)
        with pytest.raises(Exception):
            env.step(0)
        with pytest.raises(Exception):
            env.observe("player_0")
    env = ClassicWrapper(raw_env("kisolo"))
    env.reset()
    assert str(env) == str(_chain("kisolo", None)) == "kisolo_v0" or str(env) == "mancala_v0"
    assert env.unwrapped is env._raw and env.num_agents == 2


def test_api_test():
    from mancala_engine.pettingzoo import kiothi_v0

    api_test(kiothi_v0.env(), num_cycles=200)
