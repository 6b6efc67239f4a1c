"""ctypes bindings of the C ABI 2 of mancala/env/cabi (its header,
mancala/env/cabi/mancala_env.h, documents every function), and the
handles the package's classes hold. Loaded only through
:func:`mancala_engine._native.library` (lazily, fork-aware).

The hot calls (a step) take prebuilt ctypes objects, so a step converts
one Python int; the library writes observations, masks, legal ids and the
step's answer into buffers owned here. A call that may search (a think, a
reset or step whose opponent searches) runs in a worker thread while the
calling thread waits in slices: Ctrl-C there cancels the call in the
library (``mancala_*_cancel``), waits for it to return (the game as it
was) and raises KeyboardInterrupt.
"""

from __future__ import annotations

import ctypes
import os
import threading
from ctypes import POINTER, Structure, byref, c_char_p, c_double, c_float, c_int8, c_int32, c_int64, c_uint8
from ctypes import c_uint64, c_void_p
from typing import Any, Callable, Dict, List, Optional, Tuple

from ._errors import ForkedError, IllegalAction, LibraryError, MancalaError

#: The ABI version these bindings are written for (MANCALA_ABI_VERSION).
ABI_VERSION = 2

OK, E_ACTION, E_ILLEGAL, E_OVER, E_BUFFER, E_CANCELLED, E_LIMIT = 0, 7, 8, 9, 11, 13, 14
CODES = {1: "handle", 2: "argument", 3: "game", 4: "rules", 5: "syntax", 6: "mismatch", 7: "action", 8: "illegal",
         9: "over", 10: "agent", 11: "buffer", 12: "internal", 13: "cancelled", 14: "limit"}
SEAT_SOUTH, SEAT_NORTH, SEAT_BOTH, SEAT_ALTERNATE, SEAT_NONE, SEAT_MOVER = 0, 1, 2, 3, -1, -2
OUTCOMES = {0: None, 1: "win", 2: "draw", 3: "loss"}


class EnvH(Structure):
    _fields_ = [("id", c_int64)]


class VecH(Structure):
    _fields_ = [("id", c_int64)]


class AgentH(Structure):
    _fields_ = [("id", c_int64)]


class SpecT(Structure):
    _fields_ = [(k, c_int32) for k in ("obs_len", "actions", "horizon", "n", "seat", "both")]


class LimitsT(Structure):
    _fields_ = [("max_depth", c_int32), ("max_workers", c_int32), ("max_iterations", c_int64),
                ("max_time_ms", c_int64)]


class StepT(Structure):
    _fields_ = [("rewards", c_float * 2), ("terminated", c_uint8), ("truncated", c_uint8), ("to_move", c_uint8),
                ("state", c_uint8), ("plies", c_int32), ("legal", c_int32)]


class BatchT(Structure):
    _fields_ = [("obs", c_void_p), ("obs_cap", c_int64), ("mask", c_void_p), ("mask_cap", c_int64),
                ("reward", c_void_p), ("reward_cap", c_int64), ("terminated", c_void_p), ("terminated_cap", c_int64),
                ("truncated", c_void_p), ("truncated_cap", c_int64), ("final_obs", c_void_p),
                ("final_obs_cap", c_int64), ("final_result", c_void_p), ("final_result_cap", c_int64),
                ("to_move", c_void_p), ("to_move_cap", c_int64), ("plies", c_void_p), ("plies_cap", c_int64)]


class U8T(Structure):
    """mancala_vec_u8_t: the byte observations of a vector step."""
    _fields_ = [("obs", c_void_p), ("obs_cap", c_int64), ("final_obs", c_void_p), ("final_obs_cap", c_int64)]


class ThinkT(Structure):
    _fields_ = [("value", c_int64), ("nodes", c_int64), ("iterations", c_int64), ("visits", c_int64),
                ("elapsed_ms", c_int64), ("win_rate", c_double), ("action", c_int32), ("outcome", c_int32),
                ("depth", c_int32), ("line_moves", c_int32)]


_TEXT = [c_void_p, c_int32, POINTER(c_int32)]
P = c_void_p
_FUNCS: Dict[str, Tuple[Any, Optional[List[Any]]]] = {
    # name: (restype, argtypes); argtypes None: the hot calls, whose
    # arguments are passed as ready ctypes objects.
    "mancala_abi_version": (c_int32, []),
    "mancala_status_text": (c_char_p, [c_int32]),
    "mancala_version": (c_int32, _TEXT),
    "mancala_build_id": (c_int32, _TEXT),
    "mancala_limits": (c_int32, [POINTER(LimitsT)]),
    "mancala_game_count": (c_int32, []),
    "mancala_game_name": (c_int32, [c_int32] + _TEXT),
    "mancala_game_levels": (c_int32, [c_char_p] + _TEXT),
    "mancala_env_new": (c_int32, [c_char_p, c_char_p, c_char_p, c_int32, c_uint64, c_int32, POINTER(EnvH), P,
                                  c_int32]),
    "mancala_env_free": (c_int32, [EnvH]),
    "mancala_env_error": (c_int32, [EnvH] + _TEXT),
    "mancala_env_cancel": (c_int32, [EnvH]),
    "mancala_env_spec": (c_int32, [EnvH, POINTER(SpecT)]),
    "mancala_env_obs_bounds": (c_int32, [EnvH, P, P, c_int32]),
    "mancala_env_obs_names": (c_int32, [EnvH] + _TEXT),
    "mancala_env_reset": (c_int32, [EnvH, P]),
    "mancala_env_step": (c_int32, None),
    "mancala_env_observe": (c_int32, [EnvH, c_int32, P, c_int32]),
    "mancala_env_mask": (c_int32, [EnvH, P, c_int32]),
    "mancala_env_legal": (c_int32, [EnvH, P, c_int32, POINTER(c_int32)]),
    "mancala_env_status": (c_int32, [EnvH, P, P, P, P]),
    "mancala_env_action_text": (c_int32, [EnvH, c_int32] + _TEXT),
    "mancala_env_text_action": (c_int32, [EnvH, c_char_p, POINTER(c_int32)]),
    "mancala_env_position": (c_int32, [EnvH] + _TEXT),
    "mancala_env_set_position": (c_int32, [EnvH, c_char_p, c_int32]),
    "mancala_vec_new": (c_int32, [c_char_p, c_char_p, c_char_p, c_int32, c_int32, c_uint64, c_int32, c_int32,
                                  c_int32, POINTER(VecH), P, c_int32]),
    "mancala_vec_free": (c_int32, [VecH]),
    "mancala_vec_error": (c_int32, [VecH] + _TEXT),
    "mancala_vec_cancel": (c_int32, [VecH]),
    "mancala_vec_spec": (c_int32, [VecH, POINTER(SpecT)]),
    "mancala_vec_reset": (c_int32, [VecH, P, POINTER(BatchT)]),
    "mancala_vec_step": (c_int32, None),
    "mancala_vec_observe": (c_int32, [VecH, POINTER(BatchT)]),
    "mancala_vec_reset_u8": (c_int32, [VecH, P, POINTER(BatchT), POINTER(U8T)]),
    "mancala_vec_step_u8": (c_int32, None),
    "mancala_vec_observe_u8": (c_int32, [VecH, POINTER(BatchT), POINTER(U8T)]),
    "mancala_vec_position": (c_int32, [VecH, c_int32] + _TEXT),
    "mancala_agent_new": (c_int32, [c_char_p, c_char_p, c_uint64, POINTER(AgentH), P, c_int32]),
    "mancala_agent_free": (c_int32, [AgentH]),
    "mancala_agent_error": (c_int32, [AgentH] + _TEXT),
    "mancala_agent_cancel": (c_int32, [AgentH]),
    "mancala_agent_spec": (c_int32, [AgentH] + _TEXT),
    "mancala_agent_think": (c_int32, [AgentH, c_char_p, POINTER(ThinkT)] + _TEXT + _TEXT),
    "mancala_agent_answer": (c_int32, [AgentH, POINTER(ThinkT)] + _TEXT + _TEXT),
}


def _text(fn: Callable[..., int], *head: Any) -> Tuple[int, str]:
    """Calls a text-writing function (buf, cap, len at the end of its
    arguments) with a buffer that grows as needed."""
    n = c_int32(0)
    cap = 256
    while True:
        buf = ctypes.create_string_buffer(cap)
        st = fn(*head, buf, cap, byref(n))
        if st == E_BUFFER and n.value + 1 > cap:
            cap = n.value + 1
            continue
        return st, buf.raw[: n.value].decode("utf-8", "replace") if st == OK else ""


class Lib:
    """The loaded library: one attribute per C function (without the
    ``mancala_`` prefix). In a child forked after the load, :meth:`poison`
    replaces every function by one raising ForkedError."""

    def __init__(self, path: str, want_id: Optional[str]) -> None:
        if not os.path.isfile(path):
            raise LibraryError(f"mancala_engine: the in-process library {path} is missing: this is a source tree "
                               "that was never built, or a broken install. Install a wheel of mancala-engine, or "
                               "build it from a checkout with Go (pip install ./examples/python)")
        try:
            dll = ctypes.CDLL(path)
        except OSError as e:
            raise LibraryError(f"mancala_engine: the in-process library {path} cannot be loaded ({e})") from None
        self.path = path
        self._dll = dll
        for name, (res, args) in _FUNCS.items():
            try:
                f = getattr(dll, name)
            except AttributeError:
                raise LibraryError(f"mancala_engine: the library {path} has no {name}: it is not a library of ABI "
                                   f"{ABI_VERSION} (reinstall mancala-engine)") from None
            f.restype = res
            if args is not None:
                f.argtypes = args
            setattr(self, name[len("mancala_"):], f)
        v = self.abi_version()
        if v != ABI_VERSION:
            raise LibraryError(f"mancala_engine: the library {path} has ABI version {v}; this package needs "
                               f"{ABI_VERSION} (reinstall mancala-engine)")
        st, bid = _text(self.build_id)
        if want_id is None:
            raise LibraryError(
                f"mancala_engine: this package was never built (no build id: a source tree), so it cannot tell "
                f"whether {path} is its library; build it (pip install ./examples/python) or install the wheel")
        if st != OK or bid != want_id:
            raise LibraryError(
                f"mancala_engine: the library {path} was built from other sources (build id {bid!r}) than this "
                f"package (build id {want_id!r}): a stale library. Rebuild the package (pip install "
                "./examples/python from the checkout, or reinstall the wheel)")
        self.build_id_text = bid

    def poison(self, message: str) -> None:
        def forked(*args: Any) -> Any:
            raise ForkedError(message)

        for name in _FUNCS:
            setattr(self, name[len("mancala_"):], forked)


def lib() -> Lib:
    from ._native import library

    return library()


def enc(s: Optional[str], what: str) -> Optional[bytes]:
    """s as UTF-8 for the library; a NUL inside is refused (the library
    would read the text only up to it)."""
    if s is None:
        return None
    if not isinstance(s, str):
        raise TypeError(f"{what} must be text (str), not {type(s).__name__}")
    if "\x00" in s:
        raise ValueError(f"{what} {s!r} contains a NUL character (\\x00): a text with one is refused")
    return s.encode("utf-8")


def addr(a: Any) -> c_void_p:
    return c_void_p(a.ctypes.data)


def new_error(st: int, err: Any, what: str) -> MancalaError:
    msg = err.value.decode("utf-8", "replace") if err.value else lib().status_text(st).decode()
    return _error(st, f"{what}: {msg}")


def _error(st: int, msg: str) -> MancalaError:
    code = CODES.get(st, "internal")
    if st in (E_ACTION, E_ILLEGAL):
        return IllegalAction(msg, code)
    return MancalaError(code, msg)


def interruptible(call: Callable[[], int], cancel: Callable[[], Any]) -> Tuple[int, bool]:
    """Runs call (a library call that may search; it returns a status) in
    a worker thread and waits for it in slices; returns (status,
    interrupted). KeyboardInterrupt while waiting cancels the call
    (cancel() repeated until it has returned): a call that returned
    E_CANCELLED changed nothing and KeyboardInterrupt is raised here; a
    call that finished before the cancel reached it returns its status
    with interrupted True, and the caller, once it has taken the call's
    result in, raises KeyboardInterrupt itself."""
    box: List[int] = []
    raised: List[BaseException] = []
    done = threading.Event()

    def run() -> None:
        try:
            box.append(call())
        except BaseException as e:  # re-raised in the caller's thread
            raised.append(e)
        finally:
            done.set()

    t = threading.Thread(target=run, name="mancala-search", daemon=True)
    interrupted = False
    started = False
    while True:
        try:
            if not started:
                # Started inside the try: a Ctrl-C that comes as the
                # thread starts still cancels the call it began.
                started = True
                t.start()
            if interrupted:
                while not done.wait(0.005):
                    cancel()
            else:
                while not done.wait(0.05):
                    pass
            break
        except KeyboardInterrupt:
            interrupted = True
    t.join()
    if raised:
        raise raised[0]
    if not box:
        raise MancalaError("internal", "the library call returned nothing in its worker thread")
    if interrupted and box[0] == E_CANCELLED:
        raise KeyboardInterrupt
    return box[0], interrupted


def search(searches: bool, call: Callable[[], int], cancel: Callable[[], Any]) -> Tuple[int, bool]:
    """interruptible(call, cancel) for a call that searches, else call()
    in this thread (a plain step needs no watcher)."""
    if searches:
        return interruptible(call, cancel)
    return call(), False


class Env:
    """One environment handle (mancala_env_*), freed when collected in
    the process that made it."""

    def __init__(self, game: str, rules: str, opponent: Optional[str], seat: int, seed: int, horizon: int) -> None:
        self.lib = L = lib()
        h = EnvH(0)
        err = ctypes.create_string_buffer(1024)
        st = L.env_new(enc(game, "game"), enc(rules, "rules"), enc(opponent, "opponent"), seat, seed, horizon,
                       byref(h), err, 1024)
        if st != OK:
            raise new_error(st, err, f"{game} under rules {rules or '(defaults)'!r}")
        self.h = h
        self.pid = os.getpid()

    def error(self, st: int, what: str) -> MancalaError:
        from ._native import check_process

        check_process()
        _, msg = _text(self.lib.env_error, self.h)
        return _error(st, f"{what}: {msg or self.lib.status_text(st).decode()}")

    def spec(self) -> SpecT:
        sp = SpecT()
        st = self.lib.env_spec(self.h, byref(sp))
        if st != OK:
            raise self.error(st, "spec")
        return sp

    def text(self, fn_name: str, *args: Any) -> str:
        st, t = _text(getattr(self.lib, fn_name), self.h, *args)
        if st != OK:
            raise self.error(st, fn_name)
        return t

    def __del__(self) -> None:
        try:
            if self.h.id and self.pid == os.getpid():
                self.lib.env_free(self.h)
                self.h.id = 0
        except Exception:  # the interpreter is ending, or a forked child
            pass


class Vec:
    """A vector environment handle (mancala_vec_*)."""

    def __init__(self, game: str, rules: str, opponent: Optional[str], seat: int, n: int, seed: int,
                 horizon: int) -> None:
        self.lib = L = lib()
        h = VecH(0)
        err = ctypes.create_string_buffer(1024)
        st = L.vec_new(enc(game, "game"), enc(rules, "rules"), enc(opponent, "opponent"), seat, n, seed, horizon, 0,
                       0, byref(h), err, 1024)
        if st != OK:
            raise new_error(st, err, f"{n} environments of {game}")
        self.h = h
        self.pid = os.getpid()

    def error(self, st: int, what: str) -> MancalaError:
        from ._native import check_process

        check_process()
        _, msg = _text(self.lib.vec_error, self.h)
        return _error(st, f"{what}: {msg or self.lib.status_text(st).decode()}")

    def free(self) -> None:
        if self.h.id and self.pid == os.getpid():
            self.lib.vec_free(self.h)
            self.h.id = 0

    def __del__(self) -> None:
        try:
            self.free()
        except Exception:
            pass


class Agent:
    """An agent handle (mancala_agent_*)."""

    def __init__(self, game: str, spec: str, seed: int) -> None:
        self.lib = L = lib()
        h = AgentH(0)
        err = ctypes.create_string_buffer(1024)
        st = L.agent_new(enc(game, "game"), enc(spec, "agent spec"), seed, byref(h), err, 1024)
        if st != OK:
            raise new_error(st, err, f"agent {spec!r} for {game}")
        self.h = h
        self.pid = os.getpid()
        st, self.spec = _text(L.agent_spec, h)
        if st != OK:
            raise self.error(st, "agent spec")
        self.searches = not self.spec.startswith("random")

    def error(self, st: int, what: str) -> MancalaError:
        from ._native import check_process

        check_process()
        _, msg = _text(self.lib.agent_error, self.h)
        return _error(st, f"{what}: {msg or self.lib.status_text(st).decode()}")

    def think(self, position: str) -> Tuple[ThinkT, str, List[str]]:
        """The agent's answer in position: (the think struct, the move, the
        line); Ctrl-C cancels a search."""
        L = self.lib
        out = ThinkT()
        pos = enc(position, "position")
        mcap, lcap = 128, 4096
        mbuf, lbuf = ctypes.create_string_buffer(mcap), ctypes.create_string_buffer(lcap)
        mlen, llen = c_int32(0), c_int32(0)

        def call() -> int:
            return L.agent_think(self.h, pos, byref(out), mbuf, mcap, byref(mlen), lbuf, lcap, byref(llen))

        st, interrupted = search(self.searches, call, lambda: L.agent_cancel(self.h))
        if interrupted:
            raise KeyboardInterrupt  # the answer came first: a think changes nothing anyway
        if st == E_BUFFER:
            mcap, lcap = mlen.value + 1, llen.value + 1
            mbuf, lbuf = ctypes.create_string_buffer(mcap), ctypes.create_string_buffer(lcap)
            st = L.agent_answer(self.h, byref(out), mbuf, mcap, byref(mlen), lbuf, lcap, byref(llen))
        if st != OK:
            raise self.error(st, "think")
        line = lbuf.raw[: llen.value].decode("utf-8", "replace")
        return out, mbuf.raw[: mlen.value].decode("utf-8", "replace"), line.split() if line else []

    def __del__(self) -> None:
        try:
            if self.h.id and self.pid == os.getpid():
                self.lib.agent_free(self.h)
                self.h.id = 0
        except Exception:
            pass


def library_info() -> Dict[str, Any]:
    """The loaded library's path, version, build id, games (with levels)
    and agent limits."""
    L = lib()
    st, version = _text(L.version)
    games = []
    for i in range(L.game_count()):
        _, name = _text(L.game_name, i)
        _, levels = _text(L.game_levels, name.encode())
        games.append({"name": name, "levels": levels.split("\n") if levels else []})
    lim = LimitsT()
    L.limits(byref(lim))
    return {"path": L.path, "version": version, "build_id": L.build_id_text, "abi": L.abi_version(), "games": games,
            "limits": {"depth": lim.max_depth, "workers": lim.max_workers, "iterations": lim.max_iterations,
                       "time_ms": lim.max_time_ms}}


__all__ = ["Lib", "Env", "Vec", "Agent", "interruptible", "library_info", "enc", "ABI_VERSION", "c_int8",
           "c_uint64"]
