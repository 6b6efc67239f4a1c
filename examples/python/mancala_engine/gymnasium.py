"""Gymnasium environments of the three games: one agent against a built-in
opponent (needs ``gymnasium``: ``pip install './examples/python[gymnasium]'``).

Importing this module registers ``mancala/Kisolo-v0``, ``mancala/Kiothi-v0``
and ``mancala/Kimasai-v0``:

    import gymnasium
    import mancala_engine.gymnasium  # noqa: F401  (registers the ids)

    env = gymnasium.make("mancala/Kisolo-v0", rules="Columns:6", opponent="random")
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))

    envs = gymnasium.make_vec("mancala/Kisolo-v0", num_envs=1024, vectorization_mode="vector_entry_point")
    obs, infos = envs.reset(seed=1)
    obs, rewards, terminations, truncations, infos = envs.step(actions)   # infos["action_mask"]: (1024, 21)

Keyword arguments of both: ``rules`` (the rules= text, e.g. ``"Columns:6"``),
``opponent`` (default ``"random"``: any agent spec or level, ``"alphabeta:4"``,
``"mcts:2000"``, ``"level:expert"``, ``"Casual"``, or think's fields as a
dict), ``seat`` (the agent's: ``"S"``, ``"N"``; the single env also takes
``"random"``, drawn at each reset, and the vector env ``"alternate"``) and
``horizon`` (plies; default: the game's).

Everything runs in this process on the C library, loaded at the first
reset (not at import, ``gymnasium.make`` or when the spaces are read: the
spaces of the defaults and of each rule option on its own are known from
the build's table), so ``AsyncVectorEnv`` works under ``fork`` when the
parent has not stepped a game; ``context="forkserver"`` always works.

:class:`MancalaEnv` (``gymnasium.make``): observation a uint8 Box with
per-element bounds (the board from the agent's seat), action ``Discrete``
over the game's action ids, ``info["action_mask"]`` (int8) the legal ids.
The opponent replies inside the step, in the library, seeded from the
environment's generator, so ``reset(seed=...)`` replays a game; a spec over
the agent limits is refused at ``make``. Reward: +1 when the agent wins, -1
when it loses, 0 otherwise. An action that is not legal ends the episode
(terminated) with reward -1 and ``info["illegal_action"] = True``. A game
still going after ``horizon`` plies is truncated. Ctrl-C during a
searching opponent's reply raises KeyboardInterrupt, the game as it was.

:class:`MancalaVectorEnv` (``gymnasium.make_vec(...,
vectorization_mode="vector_entry_point")``): ``num_envs`` games of
:class:`mancala_engine.vector.VectorGame` (at most 64 with a searching
opponent), autoreset mode ``SAME_STEP``: an ended game's last observation
is in ``infos["final_obs"]`` (and its result, +1 South won, -1 North won, 0
otherwise, in ``infos["final_info"]["result"]``), the observation returned
being the new game's. Every action must be legal
(``infos["action_mask"]``): the library refuses the whole step otherwise
(IllegalAction).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.envs.registration import EnvSpec
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as _e:  # pragma: no cover - depends on the machine
    raise ImportError("mancala_engine.gymnasium needs gymnasium 1.1 or later (pip install 'mancala-engine[gymnasium]'): "
                      + str(_e)) from _e

from ._specs import GAMES, spec_of
from . import _cabi
from .env import Game, IllegalAction, OpponentSpec, _known_agent, agent_spec, seats_of
from .render import render
from .vector import VectorGame

__all__ = ["MancalaEnv", "MancalaVectorEnv", "IDS"]

#: The registered ids and their games (the library's games, from the build's table).
IDS = {f"mancala/{g.capitalize()}-v0": g for g in GAMES}

_SEED_MAX = 1 << 31


class MancalaEnv(gymnasium.Env):
    """One game against an agent, in this process (see the module's
    documentation)."""

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game: str = "kisolo", rules: Optional[str] = None, *, opponent: OpponentSpec = "random",
                 seat: str = "S", horizon: Optional[int] = None, render_mode: Optional[str] = None,
                 engine: Any = None, backend: Optional[str] = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        if seat not in ("S", "N", "random"):
            raise ValueError(f"seat {seat!r}: S, N or random")
        self.render_mode = render_mode
        self._seat_choice = seat
        self.seat = "S" if seat == "random" else seat
        # One game per seat the agent may hold (the library's environment
        # has the opponent inside; nothing is loaded before the first reset).
        self._games: Dict[str, Game] = {}
        self._make = (game, rules, horizon, opponent, engine, backend)
        self._game = self._game_for(self.seat)
        self._spec: Optional[EnvSpec] = None
        spec = self._game.spec
        self.observation_space = spaces.Box(low=spec.low, high=spec.high, shape=(spec.obs_len,), dtype=np.uint8)
        self.action_space = spaces.Discrete(spec.actions)
        self._illegal = False

    def _game_for(self, seat: str) -> Game:
        g = self._games.get(seat)
        if g is None:
            game, rules, horizon, opponent, engine, backend = self._make
            g = self._games[seat] = Game(game, rules, horizon=horizon, opponent=opponent, seat=seat, engine=engine,
                                         backend=backend)
        return g

    @property
    def game(self) -> Game:
        """The game being played (its position, plies, result)."""
        return self._game

    @property
    def spec(self) -> Optional[EnvSpec]:  # type: ignore[override]
        """The EnvSpec ``gymnasium.make`` gave, its ``max_episode_steps``
        set to the horizon (plies of both seats: a bound on the agent's
        steps, which the environment enforces itself by truncating)."""
        return self._spec

    @spec.setter
    def spec(self, value: Optional[EnvSpec]) -> None:
        if value is not None:
            value = dataclasses.replace(value, max_episode_steps=self._game.horizon)
        self._spec = value

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts a new game (``options``: ``position`` and ``plies`` to start
        elsewhere, ``seat`` for this game's seat); the opponent moves first
        when it holds South. The opponent is seeded from the environment's
        generator, so ``reset(seed=...)`` replays a game."""
        super().reset(seed=seed)
        options = options or {}
        seat = options.get("seat", self._seat_choice)
        if seat == "random":
            seat = "S" if self.np_random.integers(2) == 0 else "N"
        if seat not in ("S", "N"):
            raise ValueError(f"seat {seat!r}: S, N or random")
        g = self._game_for(seat)
        g.reset(options.get("position"), options.get("plies", 0), seed=int(self.np_random.integers(_SEED_MAX)))
        self.seat = seat
        self._game = g
        self._illegal = False
        if self.render_mode == "human":
            self.render()
        return g.observation(self.seat), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        g = self._game
        if not g.position or g.over or self._illegal:
            raise RuntimeError("the episode is over (or not started): call reset")
        me = 0 if self.seat == "S" else 1
        try:
            r = g.step(action)[me]
        except IllegalAction:
            self._illegal = True
            info = self._info()
            info["illegal_action"] = True
            return g.observation(self.seat), -1.0, True, False, info
        if self.render_mode == "human":
            self.render()
        return g.observation(self.seat), float(r), g.terminated, g.truncated, self._info()

    def _info(self) -> Dict[str, Any]:
        g = self._game
        mask = np.zeros(g.spec.actions, dtype=np.int8) if self._illegal else g.mask(self.seat)
        return {"action_mask": mask, "seat": self.seat, "plies": g.plies, "result": g.result}

    def render(self) -> Optional[str]:
        return render(self.render_mode, self._game, gymnasium.logger.warn)

    def close(self) -> None:
        """Frees the games."""
        self._games.clear()


class MancalaVectorEnv(VectorEnv):
    """``num_envs`` games against an agent, in this process (see the
    module's documentation)."""

    metadata: Dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1, game: str = "kisolo", rules: Optional[str] = None, *,
                 opponent: OpponentSpec = "random", seat: str = "S", horizon: Optional[int] = None,
                 render_mode: Optional[str] = None, engine: Any = None,
                 backend: Optional[str] = None) -> None:
        if render_mode is not None:
            raise ValueError("the vector environment does not render")
        if seat not in ("S", "N", "alternate"):
            raise ValueError(f"seat {seat!r}: S, N or alternate")
        fields = agent_spec(opponent)
        if not _known_agent(game, fields):
            _cabi.Agent(game, fields, 0)  # refused now if over the limits (the library loads)
        self.num_envs = int(num_envs)
        # The games are made at the first reset (the library loads then).
        self._vec: Optional[VectorGame] = None
        self._make = dict(game=game, n=self.num_envs, rules=rules, horizon=horizon, opponent=fields, seat=seat,
                          engine=engine, backend=backend)
        spec = spec_of(game, rules)
        self.single_observation_space = spaces.Box(low=spec.low, high=spec.high, shape=(spec.obs_len,), dtype=np.uint8)
        self.single_action_space = spaces.Discrete(spec.actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.seats: List[str] = list(seats_of(seat, self.num_envs))
        self.render_mode = None

    @property
    def vector_game(self) -> VectorGame:
        """The games (made, and the library loaded, on first use)."""
        if self._vec is None:
            self._vec = VectorGame(seed=int(self.np_random.integers(_SEED_MAX)), **self._make)
        return self._vec

    def __deepcopy__(self, memo: Dict[int, Any]) -> "MancalaVectorEnv":
        raise TypeError("a MancalaVectorEnv cannot be copied: its games live in the library (make another with "
                        "gymnasium.make_vec and reset it with the same seed)")

    def __reduce__(self) -> Any:
        raise TypeError("a MancalaVectorEnv cannot be pickled: its games live in the library (make another with "
                        "gymnasium.make_vec and reset it with the same seed)")

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts every game again; ``seed`` fixes them (and the opponent's
        choices) as Gymnasium's seeding does."""
        super().reset(seed=seed)
        v = self.vector_game
        if seed is not None:
            v.reset(seed=int(seed))
        else:
            v.reset(seed=int(self.np_random.integers(_SEED_MAX)))
        return v.obs.copy(), self._infos(final=False)

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        v = self.vector_game
        v.step(actions)
        return (v.obs.copy(), v.reward.astype(np.float64), v.terminated.copy(), v.truncated.copy(),
                self._infos(final=True))

    def _infos(self, final: bool) -> Dict[str, Any]:
        v = self.vector_game
        n = self.num_envs
        infos: Dict[str, Any] = {"action_mask": v.mask.copy(), "_action_mask": np.ones(n, dtype=bool)}
        if final and v.ended:
            idx = v.ended_index
            present = np.zeros(n, dtype=bool)
            present[idx] = True
            final_obs = np.full(n, None, dtype=object)
            for j, i in enumerate(idx):
                final_obs[i] = v.final_obs[j].copy()
            result = np.zeros(n, dtype=np.int8)
            result[idx] = v.final_result
            infos["final_obs"] = final_obs
            infos["_final_obs"] = present
            infos["final_info"] = {"result": result, "_result": present.copy()}
            infos["_final_info"] = present.copy()
        return infos

    def close_extras(self, **kwargs: Any) -> None:
        if self._vec is not None:
            self._vec.close()


def _register() -> None:
    from gymnasium.envs.registration import register, registry

    for env_id, game in IDS.items():
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="mancala_engine.gymnasium:MancalaEnv",
                vector_entry_point="mancala_engine.gymnasium:MancalaVectorEnv",
                kwargs={"game": game},
                disable_env_checker=False,
            )


_register()
