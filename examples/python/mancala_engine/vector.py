"""``n`` games at once, as numpy arrays, in the in-process library
(mancala/env's VecEnv) or in the engine (the vector commands
``vec_create``, ``vec_step``, ``vec_reset``, ``vec_close`` of
docs/engine.md); framework-free (numpy only).

    from mancala_engine.vector import VectorGame

    with VectorGame("kisolo", n=1024, seed=1) as v:
        for _ in range(100):
            actions = v.sample_actions()          # random legal ids
            v.step(actions)
            print(v.reward.sum(), v.ended)

On the engine backend arrays travel as base64 of little-endian
fixed-width numbers; on the native backend the library writes them into
the arrays in place. Finished games are reset in the same step
(Gymnasium's "same step" autoreset): after :meth:`VectorGame.step`,
``obs``, ``mask``, ``to_move`` and ``plies`` are those of the new games,
``reward``, ``terminated`` and ``truncated`` those of the ending step, and
``final_obs``/``final_result`` hold the last observation and the result of
each game that ended (at ``ended_index``).

Without an opponent every action plays for whoever is to move, the
observation is from the seat to move and the reward is the mover's. With
an opponent (``{"agent": "random"}``, or ``{"agent": "alphabeta",
"depth": 1..3}`` with at most 64 environments) the action is the agent's, the opponent replies within
the step, observations and rewards are the agent's, and ``seats`` says
which seat the agent holds in each game.
"""

from __future__ import annotations

import operator
from typing import Any, Dict, Optional

import numpy as np

from ._backend import EngineVecCore, choose, shared_engine
from ._client import Engine
from .env import GAMES, IllegalAction, Spec, env_spec

__all__ = ["VectorGame"]

_U64 = 1 << 64


class VectorGame:
    """``n`` games of ``game`` under ``rules`` in one backend.

    ``seed`` (an unsigned 64-bit integer) fixes the games (with an
    opponent, its choices); ``horizon`` overrides the spec's (plies);
    ``opponent`` and ``seat`` (``"S"``, ``"N"`` or ``"alternate"``) make
    it single-agent. ``backend`` and ``engine`` choose where the games run,
    as for :class:`mancala_engine.env.Game`; both give the same arrays for
    the same seed and actions. The attributes after construction,
    :meth:`reset` and :meth:`step`: ``obs`` (uint8, (n, L)), ``mask``
    (int8, (n, actions)), ``reward`` (float32, (n,)),
    ``terminated``/``truncated`` (bool, (n,)), ``to_move`` (uint8, (n,): 0
    South, 1 North), ``plies`` (int32, (n,)), ``ended`` (how many games
    ended in the step), ``ended_index`` (int32, (ended,)), ``final_obs``
    (uint8, (ended, L)), ``final_result`` (int8, (ended,): +1 South won,
    -1 North won, 0 drawn or truncated). The arrays are replaced (engine)
    or rewritten (native) by the next step: copy what you keep.

    A VectorGame cannot be copied or pickled (TypeError): its games live
    in the backend; make another with the same seed and actions instead.
    """

    def __init__(self, game: str = "kisolo", n: int = 1, *, rules: Optional[str] = None, seed: int = 0,
                 horizon: Optional[int] = None, opponent: Optional[Dict[str, Any]] = None,
                 seat: Optional[str] = None, engine: Optional[Engine] = None, backend: Optional[str] = None) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
        self.backend = choose(backend, engine)
        self.engine = engine if engine is not None else (shared_engine() if self.backend == "engine" else None)
        self.game = game
        self.n = _int("n", n)
        seed = _int("seed", seed)
        if not 0 <= seed < _U64:
            raise ValueError(f"seed {seed} must be an unsigned 64-bit integer")
        if horizon is not None:
            horizon = _int("horizon", horizon)
        spec = env_spec(self.engine, game, rules, backend=self.backend)
        self.rules = spec.rules
        if self.backend == "native":
            from . import _cabi

            self._core: Any = _cabi.VecCore(spec, self.n, seed, horizon, opponent, seat)
        else:
            self._core = EngineVecCore(self.engine, game, self.rules, self.n, seed, horizon, opponent, seat)
        c = self._core
        self.actions = c.actions
        self.mask_bytes = c.mask_bytes
        self.obs_len = c.obs_len
        self.horizon = c.horizon
        self.seats = c.seats
        self.spec = Spec(game=game, rules=self.rules, actions=spec.actions, mask_bytes=spec.mask_bytes,
                         obs_len=spec.obs_len, names=spec.names, low=spec.low, high=spec.high, horizon=self.horizon,
                         start=spec.start)
        self._closed = False
        self._take()

    def __enter__(self) -> "VectorGame":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __copy__(self) -> "VectorGame":
        raise TypeError("a VectorGame cannot be copied: its games live in the backend (make another with the same "
                        "seed and actions)")

    def __deepcopy__(self, memo: Dict[int, Any]) -> "VectorGame":
        self.__copy__()
        raise AssertionError("unreachable")

    def __reduce__(self) -> Any:
        raise TypeError("a VectorGame cannot be pickled: its games live in the backend (make another with the same "
                        "seed and actions)")

    def close(self) -> None:
        """Frees the games in the backend (closing twice is harmless)."""
        if not self._closed:
            self._closed = True
            self._core.close()

    def reset(self, seed: Optional[int] = None) -> None:
        """Starts all games again (with ``seed``: as a new VectorGame with
        that seed would)."""
        if seed is not None:
            seed = _int("seed", seed)
            if not 0 <= seed < _U64:
                raise ValueError(f"seed {seed} must be an unsigned 64-bit integer")
        self._open()
        self._core.reset(seed)
        self._take()

    def step(self, actions: Any) -> None:
        """Plays one action id per game: an integer array-like of length n
        (TypeError for floats, bools, strings or objects; IllegalAction,
        naming the environment, for an id out of range; nothing is played
        then). The backend refuses the whole step when an id is illegal
        (EngineError naming the environment): check ``mask``."""
        acts = np.asarray(actions)
        if acts.shape != (self.n,):
            raise ValueError(f"{acts.shape} actions for {self.n} games")
        if acts.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, not {acts.dtype} (floats, bools and strings are refused)")
        if self.n:
            bad = np.flatnonzero((acts < 0) | (acts >= self.actions))
            if bad.size:
                i = int(bad[0])
                raise IllegalAction(f"environment {i}: action {acts[i]} out of range 0..{self.actions - 1}")
        self._open()
        self._core.step(acts)
        self._take()

    def _open(self) -> None:
        if self._closed:
            raise RuntimeError("the VectorGame is closed")

    def _take(self) -> None:
        c = self._core
        self.obs = c.obs
        self.mask = c.mask
        self.reward = c.reward
        self.terminated = c.terminated
        self.truncated = c.truncated
        self.to_move = c.to_move
        self.plies = c.plies
        self.ended = c.ended
        self.ended_index = c.ended_index
        self.final_obs = c.final_obs
        self.final_result = c.final_result

    def sample_actions(self, rng: Optional[np.random.Generator] = None) -> np.ndarray:
        """A uniformly random legal action id for each game (int32, (n,))."""
        rng = rng if rng is not None else np.random.default_rng()
        m = self.mask.astype(np.float64)
        m *= rng.random(m.shape) + 1e-9  # a legal id's weight is in (0, 1], an illegal one's 0
        return m.argmax(axis=1).astype(np.int32)


def _int(what: str, x: Any) -> int:
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{what} must be an integer, not a bool")
    try:
        return operator.index(x)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(x).__name__}") from None
