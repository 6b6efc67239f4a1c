"""PettingZoo AEC environments of the three games, like PettingZoo's classic
games (needs ``pettingzoo`` and ``gymnasium``: ``pip install
'./examples/python[pettingzoo]'``).

    from mancala_engine.pettingzoo import kisolo_v0

    env = kisolo_v0.env(rules="Columns:6", render_mode="ansi")
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)
    env.close()

``env(rules=..., horizon=..., render_mode=..., engine=...)`` wraps
``raw_env`` in :class:`ClassicWrapper`: what connect_four's chain does
(TerminateIllegalWrapper with reward -1, AssertOutOfBoundsWrapper,
OrderEnforcingWrapper), as one layer. Agents: ``player_0`` is
South (who moves first), ``player_1`` North; the same player may move
several times in a row (Kiothi's opening steps), so ``agent_selection`` is
whoever is to move. ``observe(agent)`` works for either agent: the board
seen from that agent's seat (a uint8 Box with per-element bounds, last
element 1 when that agent is to move) and ``action_mask`` (int8, the
legal action ids; all 0 for the agent not to move). Rewards: +1 to the
winner and -1 to the loser on the move that ends the game. A game still
going at the horizon (plies; the game's default from the engine's
env_spec) is truncated for both agents.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, Optional

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as _e:  # pragma: no cover - depends on the machine
    raise ImportError(
        "mancala_engine.pettingzoo needs pettingzoo and gymnasium (pip install 'mancala-engine[pettingzoo]'): " + str(_e)
    ) from _e


from .env import Game, IllegalAction
from .render import render

from ._specs import GAMES, title

__all__ = ["raw_env", "env", "AGENTS", "ClassicWrapper"] + [g + "_v0" for g in GAMES] + \
    [g.capitalize() + "Env" for g in GAMES]

#: The agents: South, North.
AGENTS = ("player_0", "player_1")
_SEAT = {"player_0": "S", "player_1": "N"}
#: The AEC fields a copy or a pickle keeps.
_AEC_FIELDS = ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos", "agent_selection",
               "np_random", "np_random_seed", "_np_random", "_np_random_seed")
_AGENT = {"S": "player_0", "N": "player_1"}


class raw_env(AECEnv, EzPickle):  # noqa: N801 - PettingZoo's name
    """A game of ``game`` under ``rules`` as a PettingZoo AEC environment
    (see the module's documentation). ``render_mode`` is None, ``"human"``
    (prints the board) or ``"ansi"`` (returns it as text)."""

    metadata: Dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "mancala_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game: str = "kisolo", rules: Optional[str] = None, *, horizon: Optional[int] = None,
                 render_mode: Optional[str] = None, engine: Any = None,
                 backend: Optional[str] = None) -> None:
        EzPickle.__init__(self, game, rules, horizon=horizon, render_mode=render_mode, backend=backend)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._game = Game(game, rules, horizon=horizon, engine=engine, backend=backend)
        self._init_args = (game, rules, horizon, render_mode, "engine" if engine is not None else backend)
        spec = self._game.spec
        self.spec_ = spec
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self._n_actions = spec.actions
        self.action_spaces = {a: spaces.Discrete(spec.actions) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=spec.low, high=spec.high, shape=(spec.obs_len,), dtype=np.uint8),
                "action_mask": spaces.Box(low=0, high=1, shape=(spec.actions,), dtype=np.int8),
            })
            for a in AGENTS
        }
        self.rewards = {a: 0 for a in AGENTS}
        self._cumulative_rewards = {a: 0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[0]

    @property
    def game(self) -> Game:
        """The game being played (position, plies, history, move texts)."""
        return self._game

    def __deepcopy__(self, memo: Dict[int, Any]) -> "raw_env":
        """A copy in the same state (the game cloned), independent of this
        one."""
        other = self.__class__.__new__(self.__class__)
        memo[id(self)] = other
        for k, v in self.__dict__.items():
            other.__dict__[k] = v.clone() if k == "_game" else copy.deepcopy(v, memo)
        return other

    def __getstate__(self) -> Dict[str, Any]:
        """Pickling keeps the state: the game (its start and history) and
        the AEC fields; the engine is not pickled (the copy uses the
        backend of its own process)."""
        return {"init": self._init_args, "game": self._game,
                "aec": {k: v for k, v in self.__dict__.items() if k in _AEC_FIELDS}}

    def __setstate__(self, st: Dict[str, Any]) -> None:
        game, rules, horizon, render_mode, backend = st["init"]
        raw_env.__init__(self, game, rules, horizon=horizon, render_mode=render_mode, backend=backend)
        self._game = st["game"]
        self.__dict__.update(st["aec"])

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = _SEAT[agent]
        return {"observation": self._game.observation(seat), "action_mask": self._game.mask(seat)}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game from the start position. The games have no
        chance, so ``seed`` changes nothing (it is accepted as PettingZoo's
        API asks); ``options`` may hold ``position`` (notation: a position of
        this game under this environment's rules, else ValueError) and
        ``plies`` (plies already played) to start from another position."""
        if seed is not None:
            self.np_random, self.np_random_seed = gymnasium.utils.seeding.np_random(seed)
        options = options or {}
        self._game.reset(options.get("position"), options.get("plies", 0))
        self.agents = list(AGENTS)
        self.rewards = {a: 0 for a in AGENTS}
        self._cumulative_rewards = {a: 0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self._settle()
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            r = self._game.step(action)
        except IllegalAction as e:
            raise ValueError(f"{agent}: {e}") from None
        self._cumulative_rewards[agent] = 0
        self.rewards = {"player_0": r[0], "player_1": r[1]}
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """agent_selection, terminations and truncations from the game."""
        g = self._game
        if g.terminated:
            self.terminations = {a: True for a in self.agents}
        elif g.truncated:
            self.truncations = {a: True for a in self.agents}
        mover = g.to_move
        if mover is not None:
            self.agent_selection = _AGENT[mover]

    def render(self) -> Optional[str]:
        return render(self.render_mode, self._game, gymnasium.logger.warn)

    def close(self) -> None:
        """Nothing to free: the engine is shared (or the caller's)."""

    def __str__(self) -> str:
        return self.metadata["name"]


def env(**kwargs: Any) -> AECEnv:
    """``raw_env(**kwargs)`` with PettingZoo's classic wrappers."""
    return _wrap(raw_env(**kwargs))


def _wrap(e: raw_env) -> AECEnv:
    return ClassicWrapper(e)


def _field(name: str, guarded: bool) -> property:
    def get(self: "ClassicWrapper") -> Any:
        if guarded and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)

    def put(self: "ClassicWrapper", value: Any) -> None:
        setattr(self._raw, name, value)

    return property(get, put, doc=f"The game environment's ``{name}``.")


class ClassicWrapper(wrappers.OrderEnforcingWrapper):
    """PettingZoo's classic wrappers as one layer: what
    ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(
    env, illegal_reward=-1)))`` does (connect_four's and tictactoe's
    chain), with the same checks, errors, warnings and outcomes: an
    illegal action ends the game, -1 to the player who made it and 0 to
    the other; an action outside the action space fails an assertion; a
    call before ``reset`` is an error. The AEC fields (``agent_selection``,
    ``rewards``, ``terminations``, ...) are read from the game's
    environment in one step rather than through three wrappers'
    ``__getattr__``, and ``last()`` reads them directly: about twice the
    steps per second of the three wrappers."""

    agent_selection = _field("agent_selection", True)
    agents = _field("agents", True)
    rewards = _field("rewards", True)
    terminations = _field("terminations", True)
    truncations = _field("truncations", True)
    infos = _field("infos", True)
    _cumulative_rewards = _field("_cumulative_rewards", False)
    possible_agents = _field("possible_agents", False)

    def __init__(self, env: raw_env) -> None:
        self._raw = env
        super().__init__(env)
        self._illegal_value = -1.0
        self._prev_obs: Optional[Dict[str, np.ndarray]] = None
        self._terminated = False  # ended by an illegal move

    @property
    def num_agents(self) -> int:
        if not self._has_reset:
            raise AttributeError("num_agents cannot be accessed before reset")
        return len(self._raw.agents)

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self._has_reset = True
        self._has_updated = True
        self._terminated = False
        self._prev_obs = None
        self._raw.reset(seed=seed, options=options)

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        obs = self._raw.observe(agent)
        if agent == self._raw.agent_selection:
            self._prev_obs = obs
        return obs

    def last(self, observe: bool = True) -> Any:
        raw = self._raw
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        agent = raw.agent_selection
        obs = self.observe(agent) if observe else None
        return obs, raw._cumulative_rewards[agent], raw.terminations[agent], raw.truncations[agent], raw.infos[agent]

    def step(self, action: Any) -> None:
        raw = self._raw
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not raw.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        # AssertOutOfBoundsWrapper's check (Discrete.contains, with a fast
        # path for a Python int).
        if action.__class__ is int:
            inside = 0 <= action < raw._n_actions
        else:
            inside = action is not None and raw.action_spaces[agent].contains(action)
        assert (action is None and dead) or inside, "action is not in action space"
        # TerminateIllegalWrapper's: the mask the agent was shown.
        if self._prev_obs is None:
            self.observe(agent)
        mask = self._prev_obs["action_mask"]  # type: ignore[index]
        self._prev_obs = None
        if self._terminated and dead:
            raw._was_dead_step(action)
        elif not dead and not mask[action]:
            EnvLogger.warn_on_illegal_move()
            raw._cumulative_rewards[agent] = 0
            raw.terminations = dict.fromkeys(raw.agents, True)
            raw.truncations = dict.fromkeys(raw.agents, True)
            raw.rewards = dict.fromkeys(raw.truncations, 0)
            raw.rewards[agent] = float(self._illegal_value)
            raw._accumulate_rewards()
            raw._deads_step_first()
            self._terminated = True
        else:
            raw.step(action)

    def __str__(self) -> str:
        return str(self._raw)


class _GameModule:
    """kisolo_v0 and its kin, as PettingZoo's game modules: ``env(rules=...,
    horizon=..., render_mode=..., engine=...)`` (wrapped) and ``raw_env``."""

    def __init__(self, name: str, cls: type) -> None:
        self.name = name
        self.raw_env = cls

    def env(self, **kwargs: Any) -> AECEnv:
        return _wrap(self.raw_env(**kwargs))

    def __repr__(self) -> str:
        return f"<mancala_engine.pettingzoo.{self.name}>"


def _game_env(game: str) -> type:
    """The game's raw environment class, KisoloEnv and so on, named in this
    module so that pickle finds it."""

    def __init__(self: raw_env, rules: Optional[str] = None, **kwargs: Any) -> None:
        raw_env.__init__(self, game, rules, **kwargs)
        EzPickle.__init__(self, rules, **{k: v for k, v in kwargs.items() if k != "engine"})

    return type(game.capitalize() + "Env", (raw_env,), {
        "__init__": __init__, "__module__": __name__, "metadata": dict(raw_env.metadata, name=game + "_v0"),
        "__doc__": f"{title(game)} as a PettingZoo AEC environment: ``{game}_v0.raw_env``."})


def _define() -> None:
    """Defines kisolo_v0, KisoloEnv and their kin for every game of the
    library's list (the package's _games.py, read without loading the
    library)."""
    for g in GAMES:
        cls = _game_env(g)
        globals()[cls.__name__] = cls
        globals()[g + "_v0"] = _GameModule(g + "_v0", cls)


_define()
