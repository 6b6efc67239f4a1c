"""``n`` games at once in the engine (the vector commands ``vec_create``,
``vec_step``, ``vec_reset``, ``vec_close`` of docs/engine.md), as numpy
arrays; framework-free (numpy only).

    from mancala_engine.vector import VectorGame

    with VectorGame("kisolo", n=1024, seed=1) as v:
        for _ in range(100):
            actions = v.sample_actions()          # random legal ids
            v.step(actions)
            print(v.reward.sum(), v.ended)

Arrays travel as base64 of little-endian fixed-width numbers and are
decoded without parsing numbers. Finished games are reset in the same step
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

import base64
from typing import Any, Dict, Optional

import numpy as np

from ._client import Engine
from .env import Spec, shared_engine

__all__ = ["VectorGame"]

_b64 = base64.b64decode


def _arr(a: Dict[str, Any], key: str, dtype: str) -> np.ndarray:
    s = a.get(key)
    if not s:
        return np.zeros(0, dtype=dtype)
    return np.frombuffer(_b64(s), dtype=dtype)


class VectorGame:
    """``n`` games of ``game`` under ``rules`` in one engine.

    ``seed`` (an unsigned 64-bit integer) fixes the games (with an
    opponent, its choices); ``horizon`` overrides the spec's (plies);
    ``opponent`` and ``seat`` (``"S"``, ``"N"`` or ``"alternate"``) make
    it single-agent. The attributes after construction, :meth:`reset` and
    :meth:`step`: ``obs`` (uint8, (n, L)), ``mask`` (int8, (n, actions)),
    ``reward`` (float32, (n,)), ``terminated``/``truncated`` (bool, (n,)),
    ``to_move`` (uint8, (n,): 0 South, 1 North), ``plies`` (int32, (n,)),
    ``ended`` (how many games ended in the step), ``ended_index`` (int32,
    (ended,)), ``final_obs`` (uint8, (ended, L)), ``final_result`` (int8,
    (ended,): +1 South won, -1 North won, 0 drawn or truncated).
    """

    def __init__(self, game: str = "kisolo", n: int = 1, *, rules: Optional[str] = None, seed: int = 0,
                 horizon: Optional[int] = None, opponent: Optional[Dict[str, Any]] = None,
                 seat: Optional[str] = None, engine: Optional[Engine] = None) -> None:
        self.engine = engine if engine is not None else shared_engine()
        self.game = game
        self.rules = rules or ""
        self.n = int(n)
        a = self.engine.request("vec_create", game=game, rules=rules or None, n=self.n, seed=int(seed),
                                horizon=horizon, opponent=opponent, seat=seat if opponent is not None else None)
        self.handle = a["env"]
        self.actions = int(a["actions"])
        self.mask_bytes = int(a["maskBytes"])
        obs = a["observation"]
        self.spec = Spec.from_answer(dict(a, game=game, rules=self.rules, start=a.get("start", "")))
        self.obs_len = int(obs["len"])
        self.horizon = int(a["horizon"])
        self.seats = a.get("seats", "")
        self._closed = False
        self._take(a)

    def __enter__(self) -> "VectorGame":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Frees the games in the engine (closing twice is harmless)."""
        if not self._closed:
            self._closed = True
            if self.engine.returncode is None:
                self.engine.request("vec_close", env=self.handle)

    def reset(self, seed: Optional[int] = None) -> None:
        """Starts all games again (with ``seed``: as a new VectorGame with
        that seed would)."""
        self._take(self.engine.request("vec_reset", env=self.handle, seed=None if seed is None else int(seed)))

    def step(self, actions: Any) -> None:
        """Plays one action id per game (any integer array-like of length
        n). The engine refuses the whole step when any id is out of range
        or illegal (EngineError naming the game): check ``mask``."""
        acts = np.asarray(actions)
        if acts.shape != (self.n,):
            raise ValueError(f"{acts.shape} actions for {self.n} games")
        data = base64.b64encode(acts.astype("<i4", copy=False).tobytes()).decode("ascii")
        self._take(self.engine.request("vec_step", env=self.handle, actions=data))

    def _take(self, a: Dict[str, Any]) -> None:
        n, L = self.n, self.obs_len
        self.obs = _arr(a, "obs", "u1").reshape(n, L)
        packed = _arr(a, "mask", "u1").reshape(n, self.mask_bytes)
        self.mask = np.unpackbits(packed, axis=1, count=self.actions, bitorder="little").view(np.int8)
        self.reward = _arr(a, "reward", "<f4")
        self.terminated = _arr(a, "terminated", "u1").astype(bool)
        self.truncated = _arr(a, "truncated", "u1").astype(bool)
        self.to_move = _arr(a, "toMove", "u1")
        self.plies = _arr(a, "plies", "<i4")
        self.ended = int(a.get("ended", 0))
        self.ended_index = _arr(a, "endedIndex", "<i4")
        self.final_obs = _arr(a, "finalObs", "u1").reshape(self.ended, L)
        self.final_result = _arr(a, "finalResult", "i1")
        if self.reward.shape != (n,) or self.terminated.shape != (n,) or self.ended_index.shape != (self.ended,):
            raise ValueError("the engine's vector answer has arrays of the wrong sizes")

    def sample_actions(self, rng: Optional[np.random.Generator] = None) -> np.ndarray:
        """A uniformly random legal action id for each game (int32, (n,))."""
        rng = rng if rng is not None else np.random.default_rng()
        m = self.mask.astype(np.float64)
        m *= rng.random(m.shape) + 1e-9  # a legal id's weight is in (0, 1], an illegal one's 0
        return m.argmax(axis=1).astype(np.int32)
