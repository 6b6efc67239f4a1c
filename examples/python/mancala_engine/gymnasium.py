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
``opponent`` (default ``"random"``), ``seat`` (the agent's: ``"S"``,
``"N"``; the single env also takes ``"random"``, drawn at each reset, and the
vector env ``"alternate"``), ``horizon`` (plies; default: the game's, from the
engine's env_spec) and ``engine`` (an :class:`mancala_engine.Engine`;
default: one shared by the process).

:class:`MancalaEnv` (``gymnasium.make``): observation a uint8 Box with
per-element bounds (the board from the agent's seat), action ``Discrete``
over the game's action ids, ``info["action_mask"]`` (int8) the legal ids.
The opponent is any engine agent: ``"random"``, ``"alphabeta"``,
``"mcts"``, a level name of the engine's ``games`` answer, or think's fields
(``{"agent": "mcts", "iterations": 2000}``); it is seeded from the
environment's generator, so ``reset(seed=...)`` replays a game. Reward: +1
when the agent wins, -1 when it loses, 0 otherwise. An action that is not
legal ends the episode (terminated) with reward -1 and
``info["illegal_action"] = True``. A game still going after ``horizon``
plies is truncated.

:class:`MancalaVectorEnv` (``gymnasium.make_vec(...,
vectorization_mode="vector_entry_point")``): ``num_envs`` games in the
engine's vector engine, opponent ``"random"`` or AlphaBeta of depth 1..3
(``{"agent": "alphabeta", "depth": 2}``; at most 64 environments then), autoreset mode ``SAME_STEP``: an
ended game's last observation is in ``infos["final_obs"]`` (and its result,
+1 South won, -1 North won, 0 otherwise, in
``infos["final_info"]["result"]``), the observation returned being the new
game's. Every action must be legal (``infos["action_mask"]``): the engine
refuses the whole step otherwise (EngineError).
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

from ._client import Engine
from .env import Game, IllegalAction, Opponent, OpponentSpec, resolve_opponent
from .render import render
from .vector import VectorGame

__all__ = ["MancalaEnv", "MancalaVectorEnv", "IDS"]

#: The registered ids and their games.
IDS = {"mancala/Kisolo-v0": "kisolo", "mancala/Kiothi-v0": "kiothi", "mancala/Kimasai-v0": "kimasai"}

_SEED_MAX = 1 << 31


class MancalaEnv(gymnasium.Env):
    """One game against an engine agent (see the module's documentation)."""

    metadata: Dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game: str = "kisolo", rules: Optional[str] = None, *, opponent: OpponentSpec = "random",
                 seat: str = "S", horizon: Optional[int] = None, render_mode: Optional[str] = None,
                 engine: Optional[Engine] = None, backend: Optional[str] = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        if seat not in ("S", "N", "random"):
            raise ValueError(f"seat {seat!r}: S, N or random")
        self.render_mode = render_mode
        self._game = Game(game, rules, horizon=horizon, engine=engine, backend=backend)
        self._opponent = Opponent(opponent, game=game, engine=engine, backend=self._game.backend)
        self._spec: Optional[EnvSpec] = None
        self._seat_choice = seat
        self.seat = "S" if seat == "random" else seat
        spec = self._game.spec
        self.observation_space = spaces.Box(low=spec.low, high=spec.high, shape=(spec.obs_len,), dtype=np.uint8)
        self.action_space = spaces.Discrete(spec.actions)
        self._illegal = False

    @property
    def game(self) -> Game:
        """The game being played (its position, plies, result, history)."""
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
        when it holds South."""
        super().reset(seed=seed)
        options = options or {}
        seat = options.get("seat", self._seat_choice)
        if seat == "random":
            seat = "S" if self.np_random.integers(2) == 0 else "N"
        if seat not in ("S", "N"):
            raise ValueError(f"seat {seat!r}: S, N or random")
        self.seat = seat
        self._illegal = False
        self._game.reset(options.get("position"), options.get("plies", 0))
        self._reply()
        if self.render_mode == "human":
            self.render()
        return self._game.observation(self.seat), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        g = self._game
        if g.over or self._illegal:
            raise RuntimeError("the episode is over: call reset")
        me = 0 if self.seat == "S" else 1
        try:
            r = g.step(action)[me]
        except IllegalAction:
            self._illegal = True
            info = self._info()
            info["illegal_action"] = True
            return g.observation(self.seat), -1.0, True, False, info
        r += self._reply()
        if self.render_mode == "human":
            self.render()
        return g.observation(self.seat), float(r), g.terminated, g.truncated, self._info()

    def _reply(self) -> float:
        """Lets the opponent move until the agent is to move or the game is
        over; returns the agent's reward from those moves."""
        g = self._game
        me = 0 if self.seat == "S" else 1
        r = 0.0
        while not g.over and g.to_move != self.seat:
            move = self._opponent.move(g.position, int(self.np_random.integers(_SEED_MAX)))
            r += g.step_move(move)[me]
        return r

    def _info(self) -> Dict[str, Any]:
        g = self._game
        mask = np.zeros(g.spec.actions, dtype=np.int8) if self._illegal else g.mask(self.seat)
        return {"action_mask": mask, "seat": self.seat, "plies": g.plies, "result": g.result}

    def render(self) -> Optional[str]:
        return render(self.render_mode, self._game, gymnasium.logger.warn)

    def close(self) -> None:
        """Nothing to free: the engine is shared (or the caller's)."""


class MancalaVectorEnv(VectorEnv):
    """``num_envs`` games against an engine agent in the vector engine (see
    the module's documentation)."""

    metadata: Dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1, game: str = "kisolo", rules: Optional[str] = None, *,
                 opponent: OpponentSpec = "random", seat: str = "S", horizon: Optional[int] = None,
                 render_mode: Optional[str] = None, engine: Optional[Engine] = None,
                 backend: Optional[str] = None) -> None:
        if render_mode is not None:
            raise ValueError("the vector environment does not render")
        if seat not in ("S", "N", "alternate"):
            raise ValueError(f"seat {seat!r}: S, N or alternate")
        fields = resolve_opponent(opponent, game=game, engine=engine)
        self.num_envs = int(num_envs)
        self._seed = int(self.np_random.integers(_SEED_MAX))
        self._vec = VectorGame(game, self.num_envs, rules=rules, seed=self._seed, horizon=horizon,
                               opponent=fields, seat=seat, engine=engine, backend=backend)
        self.engine = self._vec.engine
        self.backend = self._vec.backend
        spec = self._vec.spec
        self.single_observation_space = spaces.Box(low=spec.low, high=spec.high, shape=(spec.obs_len,), dtype=np.uint8)
        self.single_action_space = spaces.Discrete(spec.actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.seats: List[str] = list(self._vec.seats)
        self.render_mode = None

    @property
    def vector_game(self) -> VectorGame:
        return self._vec

    def __deepcopy__(self, memo: Dict[int, Any]) -> "MancalaVectorEnv":
        raise TypeError("a MancalaVectorEnv cannot be copied: its games live in the backend (make another with "
                        "gymnasium.make_vec and reset it with the same seed)")

    def __reduce__(self) -> Any:
        raise TypeError("a MancalaVectorEnv cannot be pickled: its games live in the backend (make another with "
                        "gymnasium.make_vec and reset it with the same seed)")

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Starts every game again; ``seed`` fixes them (and the opponent's
        choices) as Gymnasium's seeding does."""
        super().reset(seed=seed)
        if seed is not None:
            self._vec.reset(seed=int(seed))
        else:
            self._vec.reset(seed=int(self.np_random.integers(_SEED_MAX)))
        return self._vec.obs.copy(), self._infos(final=False)

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        v = self._vec
        v.step(actions)
        return (v.obs.copy(), v.reward.astype(np.float64), v.terminated.copy(), v.truncated.copy(),
                self._infos(final=True))

    def _infos(self, final: bool) -> Dict[str, Any]:
        v = self._vec
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
