"""The two backends of the environments, behind one small interface.

- ``native``: the rules in this process, through the C library of
  mancala/env (mancala_engine/_native.py; built by ``pip install``).
- ``engine``: the engine process (examples/mancala-engine) and its research
  commands (``env_spec``, ``step``, ``vec_*``, ``think``) over the pipe.

A *core* holds one game's state in a backend; the classes of
:mod:`mancala_engine.env` and :mod:`mancala_engine.vector` are thin over
it, so that the same seeds and actions give the same trajectories on both
(tests/test_backends.py checks it).
"""

from __future__ import annotations

import base64
import os
import threading
import atexit
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from ._client import Engine, EngineError

__all__ = ["BACKENDS", "choose", "shared_engine", "EngineGameCore", "EngineVecCore", "engine_spec_answer"]

#: The backends, in the order ``auto`` tries them.
BACKENDS = ("native", "engine")

_shared: Optional[Engine] = None
_shared_lock = threading.Lock()


def _after_fork_in_child() -> None:
    # Another thread may have held the lock (starting the engine) at the
    # fork: the child's copy would stay locked for ever.
    global _shared_lock
    _shared_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def shared_engine() -> Engine:
    """The engine process shared by the environments of this process that
    were not given one (started on first use, closed at exit). A forked
    child gets its own: the parent's pipes are not the child's."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared.returncode is not None or _shared._pid != os.getpid():
            _shared = Engine()
            atexit.register(_shared.close)
        return _shared


def choose(backend: Optional[str], engine: Optional[Engine]) -> str:
    """The backend to use: ``backend`` (``"native"``, ``"engine"`` or
    ``"auto"``), else ``$MANCALA_BACKEND``, else ``"auto"``: ``native``
    where the library loads in this process, else ``engine``. An ``engine=``
    given means the engine backend. ``"native"`` where the library cannot
    be used raises :class:`mancala_engine.NativeUnavailable` saying why."""
    if engine is not None:
        if backend not in (None, "auto", "engine"):
            raise ValueError(f"engine= is the engine backend; backend={backend!r} contradicts it")
        return "engine"
    b = backend or os.environ.get("MANCALA_BACKEND") or "auto"
    if b not in ("auto",) + BACKENDS:
        raise ValueError(f"unknown backend {b!r}: auto, native or engine")
    from . import _native

    if b == "native":
        _native.library()  # raises NativeUnavailable with the reason
        return "native"
    if b == "auto":
        why = _native.why_unavailable()
        if why is None:
            return "native"
        _warn_fallback(why)
    return "engine"


_warned = False


def _warn_fallback(why: str) -> None:
    """Says once per process that backend "auto" took the engine
    subprocess, and why (not in a forked child of a process that had the
    library: there the fallback is the documented behaviour)."""
    global _warned
    from . import _native

    if _warned or _native.forked_child():
        return
    _warned = True
    import warnings

    warnings.warn(f"mancala_engine: using the engine subprocess (backend 'engine'): {why}", RuntimeWarning,
                  stacklevel=3)


def engine_spec_answer(engine: Engine, game: str, rules: str) -> Dict[str, Any]:
    return engine.request("env_spec", game=game, rules=rules or None)


def _obs(values: List[int]) -> np.ndarray:
    return np.array(values, dtype=np.uint8)


class EngineGameCore:
    """One game stepped with the engine's ``step`` command (stateless: the
    position text is the state)."""

    backend = "engine"

    def __init__(self, engine: Engine, horizon: int, start: str, actions: int) -> None:
        self.engine = engine
        self.horizon = horizon
        self.start = start
        self.actions = actions
        self._a: Dict[str, Any] = {}

    def clone(self) -> "EngineGameCore":
        c = EngineGameCore(self.engine, self.horizon, self.start, self.actions)
        c._a = self._a
        return c

    def _req(self, **fields: Any) -> None:
        self._a = self.engine.request("step", horizon=self.horizon, **fields)

    def reset(self, position: Optional[str], plies: int) -> None:
        self._req(position=position or self.start, plies=plies or None)

    def step(self, action: int) -> None:
        a = self._a
        self._req(position=a["position"], action=action, plies=a["plies"] or None)

    def step_move(self, move: str) -> None:
        a = self._a
        self._req(position=a["position"], move=move, plies=a["plies"] or None)

    # The state after the last operation.
    @property
    def position(self) -> str:
        return self._a["position"]

    @property
    def plies(self) -> int:
        return int(self._a["plies"])

    @property
    def to_move(self) -> str:
        return self._a["toMove"]

    @property
    def legal(self) -> List[int]:
        return list(self._a["legal"])

    @property
    def rewards(self) -> Tuple[float, float]:
        r = self._a["reward"]
        return (float(r[0]), float(r[1]))

    @property
    def terminated(self) -> bool:
        return bool(self._a["terminated"])

    @property
    def truncated(self) -> bool:
        return bool(self._a["truncated"])

    @property
    def done(self) -> bool:
        return bool(self._a["terminated"]) or bool(self._a["truncated"])

    def mask(self) -> np.ndarray:
        m = np.zeros(self.actions, dtype=np.int8)
        m[self._a["legal"]] = 1
        return m

    @property
    def result(self) -> str:
        return self._a.get("result", "*")

    def observation(self, seat: int) -> np.ndarray:
        return _obs(self._a["obs"][seat])

    def _moves(self) -> List[str]:
        m = self._a.get("moves")
        if m is None:
            raise EngineError("bad_request", "this engine's step answer has no moves (an engine older than the "
                                             "package): build mancala-engine from the same checkout")
        return m

    def action_move(self, action: int) -> str:
        moves, legal = self._moves(), self._a["legal"]
        if action not in legal:
            raise EngineError("illegal", f"action {action} is not legal in {self._a['position']}")
        return moves[legal.index(action)]

    def move_action(self, move: str) -> int:
        moves = self._moves()
        if move in moves:
            return int(self._a["legal"][moves.index(move)])
        # Not one of the texts as written: let the engine read it (another
        # spelling of a legal move, or the reason it is not legal).
        a = self._a
        after = self.engine.request("step", position=a["position"], move=move, plies=a["plies"] or None,
                                    horizon=self.horizon)["position"]
        for i in a["legal"]:
            if self.engine.request("step", position=a["position"], action=i, plies=a["plies"] or None,
                                   horizon=self.horizon)["position"] == after:
                return int(i)
        raise EngineError("illegal", f"move {move!r} has no action id in {a['position']}")


def _arr(a: Dict[str, Any], key: str, dtype: str) -> np.ndarray:
    s = a.get(key)
    if not s:
        return np.zeros(0, dtype=dtype)
    return np.frombuffer(base64.b64decode(s), dtype=dtype)


class EngineVecCore:
    """``n`` games in the engine's vector engine (``vec_create``, ...)."""

    backend = "engine"

    def __init__(self, engine: Engine, game: str, rules: str, n: int, seed: int, horizon: Optional[int],
                 opponent: Optional[Dict[str, Any]], seat: Optional[str]) -> None:
        self.engine = engine
        self.n = n
        a = engine.request("vec_create", game=game, rules=rules or None, n=n, seed=seed, horizon=horizon,
                           opponent=opponent, seat=seat if opponent is not None else None)
        self.handle = a["env"]
        self.actions = int(a["actions"])
        self.mask_bytes = int(a["maskBytes"])
        self.answer = a
        self.obs_len = int(a["observation"]["len"])
        self.horizon = int(a["horizon"])
        self.seats = a.get("seats", "")
        self._closed = False
        self._take(a)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            if self.engine.returncode is None and self.engine._pid == os.getpid():
                self.engine.request("vec_close", env=self.handle)

    def reset(self, seed: Optional[int]) -> None:
        self._take(self.engine.request("vec_reset", env=self.handle, seed=seed))

    def step(self, actions: np.ndarray) -> None:
        data = base64.b64encode(actions.astype("<i4", copy=False).tobytes()).decode("ascii")
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
