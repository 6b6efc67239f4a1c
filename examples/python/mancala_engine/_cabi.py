"""ctypes bindings of the C ABI of mancala/env (mancala/env/cabi/mancala_env.h),
and the native cores of :mod:`mancala_engine.env` and
:mod:`mancala_engine.vector` over it. Loaded only through
:func:`mancala_engine._native.library` (lazily, fork-aware).

Calls pass prebuilt ctypes objects (the handle as c_int64, buffer
addresses as c_void_p), so a step converts one Python int; the library
writes observations, masks and rewards into numpy arrays owned here.
"""

from __future__ import annotations

import ctypes
import os
from ctypes import byref, c_char_p, c_int32, c_int64, c_uint8, c_uint64, c_void_p
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from ._client import EngineError, ForkedError
from ._native import NativeUnavailable, check_process, library

__all__ = ["load", "spec_answer", "GameCore", "VecCore", "think", "opponent_text", "ABI_VERSION"]

#: The ABI version these bindings are written for (MANCALA_ABI_VERSION).
ABI_VERSION = 1

# Status codes (mancala_env.h) and the client's error codes they map to.
_CODES = {1: "handle", 2: "bad_request", 3: "bad_request", 4: "bad_request", 5: "syntax", 6: "mismatch",
          7: "bad_request", 8: "illegal", 9: "game_over", 10: "bad_request", 11: "too_large", 12: "internal"}
_OVER = 9
_BUFFER = 11
SEAT_NONE, SEAT_MOVER, SEAT_BOTH, SEAT_ALTERNATE = -1, -1, 2, 3

_FUNCS = {
    # name: (restype, argtypes) — argtypes None: the arguments are passed as
    # ready ctypes objects (the hot calls), so no conversion is set up.
    "mancala_abi_version": (c_int32, []),
    "mancala_status_text": (c_char_p, [c_int32]),
    "mancala_free": (c_int32, [c_int64]),
    "mancala_error": (c_int32, [c_int64, c_void_p, c_int32, ctypes.POINTER(c_int32)]),
    "mancala_spec": (c_int32, [c_int64, c_void_p]),
    "mancala_obs_bounds": (c_int32, [c_int64, c_void_p, c_void_p, c_int32]),
    "mancala_obs_names": (c_int32, [c_int64, c_void_p, c_int32, ctypes.POINTER(c_int32)]),
    "mancala_env_new": (c_int32, [c_char_p, c_char_p, c_char_p, c_int32, c_uint64, c_int32, ctypes.POINTER(c_int64),
                                  c_void_p, c_int32]),
    "mancala_env_reset": (c_int32, [c_int64, c_void_p]),
    "mancala_env_step": (c_int32, None),
    "mancala_env_observe": (c_int32, [c_int64, c_int32, c_void_p, c_int32]),
    "mancala_env_mask": (c_int32, [c_int64, c_void_p, c_int32]),
    "mancala_env_status": (c_int32, [c_int64, c_void_p, c_void_p, c_void_p, c_void_p]),
    "mancala_env_action_text": (c_int32, [c_int64, c_int32, c_void_p, c_int32, ctypes.POINTER(c_int32)]),
    "mancala_env_text_action": (c_int32, [c_int64, c_char_p, ctypes.POINTER(c_int32)]),
    "mancala_env_position": (c_int32, [c_int64, c_void_p, c_int32, ctypes.POINTER(c_int32)]),
    "mancala_env_set_position": (c_int32, [c_int64, c_char_p, c_int32]),
    "mancala_vec_new": (c_int32, [c_char_p, c_char_p, c_char_p, c_int32, c_int32, c_uint64, c_int32, c_int32, c_int32,
                                  ctypes.POINTER(c_int64), c_void_p, c_int32]),
    "mancala_vec_reset": (c_int32, [c_int64, c_void_p, c_void_p, c_void_p]),
    "mancala_vec_step": (c_int32, None),
    "mancala_vec_observe": (c_int32, [c_int64, c_void_p, c_void_p]),
    "mancala_vec_status": (c_int32, [c_int64, c_void_p, c_void_p]),
    "mancala_vec_position": (c_int32, [c_int64, c_int32, c_void_p, c_int32, ctypes.POINTER(c_int32)]),
}
# Optional functions: used when the library has them.
_OPTIONAL = {
    "mancala_think": (c_int32, [c_char_p, c_char_p, c_uint64, c_void_p, c_int32, ctypes.POINTER(c_int32), c_void_p,
                                c_int32]),
}


class Lib:
    """The loaded library: one attribute per C function (without the
    ``mancala_`` prefix). In a child forked after the load, :meth:`poison`
    replaces every function by one raising ForkedError."""

    def __init__(self, path: str) -> None:
        try:
            dll = ctypes.CDLL(path)
        except OSError as e:
            raise NativeUnavailable(f"the in-process library {path} cannot be loaded ({e}); it is built by "
                                    "pip install ./examples/python where Go and a C compiler are found") from None
        self.path = path
        self._dll = dll
        for name, (res, args) in list(_FUNCS.items()) + list(_OPTIONAL.items()):
            try:
                f = getattr(dll, name)
            except AttributeError:
                if name in _OPTIONAL:
                    setattr(self, name[len("mancala_"):], None)
                    continue
                raise NativeUnavailable(f"the in-process library {path} has no {name}: rebuild it "
                                        "(pip install ./examples/python)") from None
            f.restype = res
            if args is not None:
                f.argtypes = args
            setattr(self, name[len("mancala_"):], f)
        v = self.abi_version()
        if v != ABI_VERSION:
            raise NativeUnavailable(f"the in-process library {path} has ABI version {v}; this package needs "
                                    f"{ABI_VERSION}: rebuild it (pip install ./examples/python)")

    def poison(self, message: str) -> None:
        def forked(*args: Any) -> Any:
            raise ForkedError(message)

        for name in list(_FUNCS) + list(_OPTIONAL):
            setattr(self, name[len("mancala_"):], forked)


def load(path: str) -> Lib:
    """Loads the library at ``path`` (NativeUnavailable if it cannot be)."""
    if not os.path.isfile(path):
        why = "pip install ./examples/python builds it where Go and a C compiler are found"
        try:
            from . import _origin

            if getattr(_origin, "NATIVE_NOT_BUILT", None):
                why = f"the install said: {_origin.NATIVE_NOT_BUILT}"
        except ImportError:
            pass
        raise NativeUnavailable(f"the in-process library was not built ({path} does not exist; {why})")
    return Lib(path)


def _text(fn: Callable[..., int], *head: Any) -> Tuple[int, str]:
    """Calls a text-writing function (buf, cap, len at the end of its
    arguments) with a buffer that grows as needed."""
    n = c_int32(0)
    cap = 256
    while True:
        buf = ctypes.create_string_buffer(cap)
        st = fn(*head, buf, cap, byref(n))
        if st == _BUFFER and n.value + 1 > cap:
            cap = n.value + 1
            continue
        return st, buf.raw[: n.value].decode("utf-8", "replace") if st == 0 else ""


class _Handle:
    """A library handle freed when its owner is collected (in the process
    that made it)."""

    __slots__ = ("lib", "h", "pid", "__weakref__")

    def __init__(self, lib: Lib, h: int) -> None:
        self.lib = lib
        self.h = c_int64(h)
        self.pid = os.getpid()

    def error(self, st: int, what: str) -> EngineError:
        """The EngineError of status st of a call on this handle."""
        _, msg = _text(self.lib.error, self.h)
        return EngineError(_CODES.get(st, "internal"), f"{what}: {msg or self.lib.status_text(st).decode()}")

    def __del__(self) -> None:
        try:
            if self.h.value and self.pid == os.getpid():
                self.lib.free(self.h)
                self.h.value = 0
        except Exception:  # the interpreter is ending, or a forked child
            pass


def _new_error(st: int, err: Any, lib: Lib, what: str) -> EngineError:
    msg = err.value.decode("utf-8", "replace") if err.value else lib.status_text(st).decode()
    return EngineError(_CODES.get(st, "internal"), f"{what}: {msg}")


def _enc(s: Optional[str]) -> Optional[bytes]:
    return None if s is None else s.encode("utf-8")


def _addr(a: np.ndarray) -> c_void_p:
    return c_void_p(a.ctypes.data)


def opponent_text(fields: Optional[Dict[str, Any]]) -> Optional[str]:
    """The library's agent spec text of an opponent given as think's
    fields: ``{"agent": "random"}`` -> ``"random"``, ``{"agent":
    "alphabeta", "depth": 2}`` -> ``"alphabeta:2"``, ``{"agent": "mcts",
    "iterations": 200}`` -> ``"mcts:200"``."""
    if fields is None:
        return None
    f = dict(fields)
    agent = f.pop("agent", None)
    budget = None
    if agent == "alphabeta":
        budget = f.pop("depth", None)
    elif agent == "mcts":
        budget = f.pop("iterations", None)
    elif agent != "random":
        raise ValueError(f"unknown opponent agent {agent!r}: random, alphabeta or mcts")
    f.pop("seed", None)
    if f:
        raise ValueError(f"opponent fields {sorted(f)} are not supported by the in-process backend")
    if budget is None:
        return agent
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise TypeError(f"opponent budget {budget!r} must be an int")
    return f"{agent}:{budget}"


def _new_env(game: str, rules: str, horizon: int) -> _Handle:
    lib = library()
    h = c_int64(0)
    err = ctypes.create_string_buffer(512)
    st = lib.env_new(_enc(game), _enc(rules), None, SEAT_NONE, 0, horizon, byref(h), err, 512)
    if st != 0:
        raise _new_error(st, err, lib, f"{game} under rules {rules or '(defaults)'!r}")
    return _Handle(lib, h.value)


def spec_answer(game: str, rules: str) -> Dict[str, Any]:
    """The library's description of ``game`` under ``rules``, in the form
    of the engine's ``env_spec`` answer."""
    hd = _new_env(game, rules, 0)
    lib = hd.lib

    class Spec(ctypes.Structure):
        _fields_ = [(k, c_int32) for k in ("obs_len", "actions", "horizon", "n", "seat", "both")]

    sp = Spec()
    st = lib.spec(hd.h, byref(sp))
    if st != 0:
        raise hd.error(st, "spec")
    L = sp.obs_len
    low = np.zeros(L, np.float32)
    high = np.zeros(L, np.float32)
    st = lib.obs_bounds(hd.h, _addr(low), _addr(high), L)
    if st != 0:
        raise hd.error(st, "obs_bounds")
    st, names = _text(lib.obs_names, hd.h)
    if st != 0:
        raise hd.error(st, "obs_names")
    st, start = _text(lib.env_position, hd.h)
    if st != 0:
        raise hd.error(st, "position")
    canon = ""
    for f in start.split()[1:]:
        if f.startswith("rules="):
            canon = f[len("rules="):]
    return {"game": game, "rules": canon, "actions": sp.actions, "maskBytes": (sp.actions + 7) // 8,
            "observation": {"len": L, "names": names.split("\n"), "low": low.astype(np.uint8).tolist(),
                            "high": high.astype(np.uint8).tolist()},
            "horizon": sp.horizon, "start": start}


class GameCore:
    """One self-play environment of the library (mancala_env_*), as a core
    of :class:`mancala_engine.env.Game`."""

    backend = "native"

    def __init__(self, spec: Any, horizon: int) -> None:
        self.spec = spec
        self.horizon = horizon
        self._hd = _new_env(spec.game, spec.rules, horizon)
        L, A = spec.obs_len, spec.actions
        self._L = L
        self._obs = np.zeros(2 * L, np.float32)
        self._views = (self._obs[:L], self._obs[L:])
        self._mask = np.zeros(A, np.uint8)
        self._rew = np.zeros(2, np.float32)
        self._term = c_uint8(0)
        self._trunc = c_uint8(0)
        # The step's arguments but the action, built once.
        self._args = (c_int32(SEAT_BOTH), _addr(self._obs), c_int32(2 * L), _addr(self._mask), c_int32(A),
                      _addr(self._rew), byref(self._term), byref(self._trunc))
        self.plies = 0
        self.terminated = self.truncated = self.done = False
        self._legal: Optional[List[int]] = None
        self._position: Optional[str] = None

    def _call_error(self, st: int, what: str) -> EngineError:
        check_process()
        return self._hd.error(st, what)

    def clone(self) -> "GameCore":
        c = GameCore(self.spec, self.horizon)
        if self._hd.h.value:
            c.reset(self.position, self.plies)
            # The last step's rewards belong to the state (OpenSpiel's
            # returns() of a cloned terminal state reads them).
            c._rew[:] = self._rew
        return c

    def reset(self, position: Optional[str], plies: int) -> None:
        hd = self._hd
        lib = hd.lib
        st = lib.env_set_position(hd.h, _enc(position or self.spec.start), plies)
        if st != 0:
            raise self._call_error(st, "reset")
        self.plies = plies
        self._refresh()

    def _refresh(self) -> None:
        hd = self._hd
        lib = hd.lib
        st = lib.env_observe(hd.h, SEAT_BOTH, _addr(self._obs), 2 * self._L)
        if st == 0:
            st = lib.env_mask(hd.h, _addr(self._mask), len(self._mask))
        state = c_int32(0)
        if st == 0:
            st = lib.env_status(hd.h, None, None, byref(state), None)
        if st != 0:
            raise self._call_error(st, "observe")
        self._term.value = 1 if state.value == 1 else 0
        self._trunc.value = 1 if state.value == 2 else 0
        self.terminated = state.value == 1
        self.truncated = state.value == 2
        self.done = state.value != 0
        self._rew[:] = 0
        self._legal = None
        self._position = None

    def step(self, action: int) -> None:
        hd = self._hd
        st = hd.lib.env_step(hd.h, action, *self._args)
        if st != 0:
            raise self._call_error(st, f"action {action}")
        self.plies += 1
        t = self._term.value
        u = self._trunc.value
        self.terminated = t == 1
        self.truncated = u == 1
        self.done = t == 1 or u == 1
        self._legal = None
        self._position = None

    def step_move(self, move: str) -> None:
        self.step(self.move_action(move))

    @property
    def position(self) -> str:
        p = self._position
        if p is None:
            st, p = _text(self._hd.lib.env_position, self._hd.h)
            if st != 0:
                raise self._call_error(st, "position")
            self._position = p
        return p

    @property
    def to_move(self) -> str:
        # ownTurn, the last value of South's view, is 1 when South is to move.
        return "S" if self._obs[self._L - 1] else "N"

    @property
    def legal(self) -> List[int]:
        lg = self._legal
        if lg is None:
            lg = self._legal = self._mask.nonzero()[0].tolist()
        return list(lg)

    @property
    def rewards(self) -> Tuple[float, float]:
        r = self._rew.tolist()
        return (r[0], r[1])

    def mask(self) -> np.ndarray:
        """A copy of the mask the library wrote (int8; all 0 once over)."""
        return self._mask.view(np.int8).copy()

    @property
    def result(self) -> str:
        if not self._term.value:
            return "*"
        for f in self.position.split()[1:]:
            if f.startswith("result="):
                return f[len("result="):]
        return "*"

    def observation(self, seat: int) -> np.ndarray:
        return self._views[seat].astype(np.uint8)

    def action_move(self, action: int) -> str:
        st, t = _text(self._hd.lib.env_action_text, self._hd.h, action)
        if st != 0:
            raise self._call_error(st, f"action {action}")
        return t

    def move_action(self, move: str) -> int:
        a = c_int32(0)
        st = self._hd.lib.env_text_action(self._hd.h, _enc(move), byref(a))
        if st != 0:
            raise self._call_error(st, f"move {move!r}")
        if not 0 <= a.value < len(self._mask) or not self._mask[a.value]:
            raise EngineError("illegal", f"move {move!r} is not legal in {self.position}")
        return a.value


_SEATS_IN = {None: SEAT_NONE, "S": 0, "N": 1, "alternate": SEAT_ALTERNATE}


class VecCore:
    """n environments of the library (mancala_vec_*), as the core of
    :class:`mancala_engine.vector.VectorGame`."""

    backend = "native"

    def __init__(self, spec: Any, n: int, seed: int, horizon: Optional[int], opponent: Optional[Dict[str, Any]],
                 seat: Optional[str]) -> None:
        lib = library()
        opp = opponent_text(opponent)
        if opp is None:
            if seat is not None:
                raise ValueError("seat is for an environment with an opponent")
            seat_code = SEAT_NONE
        else:
            seat = seat or "S"
            if seat not in ("S", "N", "alternate"):
                raise ValueError(f"seat {seat!r}: S, N or alternate")
            seat_code = _SEATS_IN[seat]
        if not 1 <= n <= 8192:
            raise ValueError(f"n {n} must be 1..8192")
        h = c_int64(0)
        err = ctypes.create_string_buffer(512)
        st = lib.vec_new(_enc(spec.game), _enc(spec.rules), _enc(opp), seat_code, n, seed, horizon or 0, 0, 0, byref(h),
                         err, 512)
        if st != 0:
            raise _new_error(st, err, lib, f"{n} environments of {spec.game}")
        self._hd = _Handle(lib, h.value)
        self.n = n
        self.actions = spec.actions
        self.mask_bytes = spec.mask_bytes
        self.obs_len = L = spec.obs_len

        class Spec(ctypes.Structure):
            _fields_ = [(k, c_int32) for k in ("obs_len", "actions", "horizon", "n", "seat", "both")]

        sp = Spec()
        st = lib.spec(self._hd.h, byref(sp))
        if st != 0:
            raise self._hd.error(st, "spec")
        self.horizon = sp.horizon
        if opp is None:
            self.seats = ""
        elif seat == "alternate":
            self.seats = "".join("SN"[i % 2] for i in range(n))
        else:
            self.seats = seat * n  # type: ignore[operator]
        self._fobs32 = np.zeros((n, L), np.float32)
        self._obs32 = np.zeros((n, L), np.float32)
        self.mask = np.zeros((n, self.actions), np.int8)
        self.reward = np.zeros(n, np.float32)
        self._term = np.zeros(n, np.uint8)
        self._trunc = np.zeros(n, np.uint8)
        self._fres = np.zeros(n, np.int8)
        self.to_move = np.zeros(n, np.uint8)
        self.plies = np.zeros(n, np.int32)
        self.obs = np.zeros((n, L), np.uint8)
        self._step_args = (_addr(self._obs32), _addr(self.mask), _addr(self.reward), _addr(self._term),
                           _addr(self._trunc), _addr(self._fobs32), _addr(self._fres), _addr(self.to_move),
                           _addr(self.plies))
        self._closed = False
        self.reset(None, first=True)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            hd = self._hd
            if hd.pid == os.getpid() and hd.h.value:
                hd.lib.free(hd.h)
                hd.h.value = 0

    def reset(self, seed: Optional[int], first: bool = False) -> None:
        hd = self._hd
        s = c_uint64(seed) if seed is not None else None
        if first:
            st = hd.lib.vec_observe(hd.h, _addr(self._obs32), _addr(self.mask))
        else:
            st = hd.lib.vec_reset(hd.h, byref(s) if s is not None else None, _addr(self._obs32), _addr(self.mask))
        if st != 0:
            check_process()
            raise hd.error(st, "reset")
        # The player to move and the episode's plies: an opponent that
        # moves first has played its opening plies in the reset.
        st = hd.lib.vec_status(hd.h, _addr(self.to_move), _addr(self.plies))
        if st != 0:
            check_process()
            raise hd.error(st, "reset")
        self.reward[:] = 0
        self._term[:] = 0
        self._trunc[:] = 0
        self._after()

    def step(self, actions: np.ndarray) -> None:
        acts = np.ascontiguousarray(actions, dtype=np.int32)
        if acts.shape != (self.n,):
            # The library reads n ids from the pointer: never fewer.
            raise ValueError(f"actions of shape {acts.shape}, want ({self.n},)")
        hd = self._hd
        st = hd.lib.vec_step(hd.h, c_void_p(acts.ctypes.data), *self._step_args)
        if st != 0:
            check_process()
            raise hd.error(st, "step")
        self._after()

    def _after(self) -> None:
        np.copyto(self.obs, self._obs32, casting="unsafe")
        self.terminated = self._term.view(np.bool_)
        self.truncated = self._trunc.view(np.bool_)
        idx = np.flatnonzero(self._term | self._trunc).astype(np.int32)
        self.ended = int(idx.size)
        self.ended_index = idx
        self.final_obs = self._fobs32[idx].astype(np.uint8)
        self.final_result = self._fres[idx].copy()


def think(position: str, seed: int, fields: Dict[str, Any]) -> str:
    """The move an agent (think's fields) chooses in ``position`` with
    ``seed``: the library's mancala_think where it has one, else the engine
    subprocess's think (the same agents)."""
    lib = library()
    if lib.think is not None:
        spec = opponent_text(fields)
        n = c_int32(0)
        err = ctypes.create_string_buffer(512)
        cap = 64
        while True:
            buf = ctypes.create_string_buffer(cap)
            st = lib.think(_enc(position), _enc(spec), seed, buf, cap, byref(n), err, 512)
            if st == _BUFFER and n.value + 1 > cap:
                cap = n.value + 1
                continue
            if st != 0:
                raise _new_error(st, err, lib, "think")
            return buf.raw[: n.value].decode()
    from ._backend import shared_engine

    return shared_engine().request("think", position=position, seed=seed, **fields)["move"]
