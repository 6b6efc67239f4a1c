"""``n`` games at once, as numpy arrays, in this process (mancala/env's
VecEnv through the C library); framework-free (numpy only).

    from mancala_engine.vector import VectorGame

    with VectorGame("kisolo", n=1024, seed=1) as v:
        for _ in range(100):
            v.step(v.sample_actions())            # random legal ids
            print(v.reward.sum(), v.ended)

The library writes every array in place. Finished games are reset in the
same step (Gymnasium's "same step" autoreset): after
:meth:`VectorGame.step`, ``obs``, ``mask``, ``to_move`` and ``plies`` are
those of the new games, ``reward``, ``terminated`` and ``truncated`` those
of the ending step, and ``final_obs``/``final_result`` hold the last
observation and the result of each game that ended (at ``ended_index``).

Without an opponent every action plays for whoever is to move, the
observation is from the seat to move and the reward is the mover's. With
an opponent (any agent spec or level: ``"random"``, ``"alphabeta:2"``,
``"level:casual"``, ``"Casual"``, or think's fields as a dict; at most 64
environments with one that searches) the action is the agent's, the
opponent replies within the step, observations and rewards are the
agent's, and ``seats`` says which seat the agent holds in each game.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any, Dict, Optional

import numpy as np

from . import _cabi
from ._errors import IllegalAction
from ._specs import MAX_HORIZON, MAX_SEED, Spec, check_game, spec_of
from .env import AgentSpec, _check_backend, agent_spec, int_arg

__all__ = ["VectorGame"]

#: The most environments of one VectorGame (64 with a searching opponent).
MAX_N = 8192

_SEATS_IN = {"S": _cabi.SEAT_SOUTH, "N": _cabi.SEAT_NORTH, "alternate": _cabi.SEAT_ALTERNATE}


class VectorGame:
    """``n`` games of ``game`` under ``rules``, in this process.

    ``seed`` (an unsigned 64-bit integer) fixes the games (with an
    opponent, its choices); ``horizon`` overrides the spec's (plies,
    1..100000); ``opponent`` and ``seat`` (``"S"``, ``"N"`` or
    ``"alternate"``) make it single-agent. The attributes after
    construction, :meth:`reset` and :meth:`step`: ``obs`` (uint8, (n,
    L)), ``mask`` (int8, (n, actions)), ``reward`` (float32, (n,)),
    ``terminated``/``truncated`` (bool, (n,)), ``to_move`` (uint8, (n,): 0
    South, 1 North), ``plies`` (int32, (n,)), ``ended`` (how many games
    ended in the step), ``ended_index`` (int32, (ended,)), ``final_obs``
    (uint8, (ended, L)), ``final_result`` (int8, (ended,): +1 South won,
    -1 North won, 0 drawn or truncated). The arrays are rewritten in place
    by the next step: copy what you keep.

    The library loads when the VectorGame is made. A step whose opponent
    searches can be stopped with Ctrl-C (KeyboardInterrupt, every game as
    it was). Calls from several threads are serialised (one step, reset
    or close at a time). A VectorGame cannot be copied or pickled
    (TypeError): make another with the same seed and actions instead.
    """

    def __init__(self, game: str = "kisolo", n: int = 1, *, rules: Optional[str] = None, seed: int = 0,
                 horizon: Optional[int] = None, opponent: Optional[AgentSpec] = None,
                 seat: Optional[str] = None, engine: Any = None, backend: Optional[str] = None) -> None:
        _check_backend(engine, backend)
        check_game(game)
        self.game = game
        self.n = int_arg("n", n, 1, MAX_N)
        seed = int_arg("seed", seed, 0, MAX_SEED)
        if horizon is not None:
            horizon = int_arg("horizon", horizon, 1, MAX_HORIZON, " plies (None for the game's)")
        if rules is not None:
            _cabi.enc(rules, "rules")
        opp = None if opponent is None else agent_spec(opponent)
        if opp is None:
            if seat is not None:
                raise ValueError("seat is for games against an opponent")
            seat_code = _cabi.SEAT_NONE
        else:
            seat = seat or "S"
            if seat not in _SEATS_IN:
                raise ValueError(f"unknown seat {seat!r}: S, N or alternate")
            seat_code = _SEATS_IN[seat]
        spec = spec_of(game, rules)
        self.rules = spec.rules
        self._searches = opp is not None and _cabi.Agent(game, opp, 0).searches
        self._v = v = _cabi.Vec(game, self.rules, opp, seat_code, self.n, seed, horizon or 0)
        sp = _cabi.SpecT()
        st = v.lib.vec_spec(v.h, ctypes.byref(sp))
        if st != 0:
            raise v.error(st, "spec")
        self.opponent = opp
        self.actions = spec.actions
        self.mask_bytes = spec.mask_bytes
        self.obs_len = L = spec.obs_len
        self.horizon = sp.horizon
        if opp is None:
            self.seats = ""
        elif seat == "alternate":
            self.seats = "".join("SN"[i % 2] for i in range(self.n))
        else:
            self.seats = seat * self.n  # type: ignore[operator]
        self.spec = Spec(game=game, rules=self.rules, actions=spec.actions, mask_bytes=spec.mask_bytes,
                         obs_len=spec.obs_len, names=spec.names, low=spec.low, high=spec.high, horizon=self.horizon,
                         start=spec.start)
        n = self.n
        A = self.actions
        self.obs = np.zeros((n, L), np.uint8)
        self._fobs = np.zeros((n, L), np.uint8)
        self.mask = np.zeros((n, A), np.int8)
        self.reward = np.zeros(n, np.float32)
        self._term = np.zeros(n, np.uint8)
        self._trunc = np.zeros(n, np.uint8)
        self._ended = np.zeros(n, np.uint8)  # _after's scratch: terminated or truncated
        self.terminated = self._term.view(np.bool_)
        self.truncated = self._trunc.view(np.bool_)
        self._fres = np.zeros(n, np.int8)
        self.to_move = np.zeros(n, np.uint8)
        self.plies = np.zeros(n, np.int32)
        self._acts = np.zeros(n, np.int32)
        b = self._batch = _cabi.BatchT()
        # The library writes the observations as bytes itself (the _u8
        # calls): no float copy to convert.
        for name, arr in (("mask", self.mask), ("reward", self.reward), ("terminated", self._term),
                          ("truncated", self._trunc), ("final_result", self._fres), ("to_move", self.to_move),
                          ("plies", self.plies)):
            setattr(b, name, arr.ctypes.data)
            setattr(b, name + "_cap", arr.size)
        u = self._u8 = _cabi.U8T()
        u.obs, u.obs_cap = self.obs.ctypes.data, self.obs.size
        u.final_obs, u.final_obs_cap = self._fobs.ctypes.data, self._fobs.size
        # The structs hold the arrays' addresses only: keep the arrays themselves, so that a caller who rebinds
        # a public one (v.obs = v.obs.astype(...), v.reward = None) does not free memory the library writes.
        self._arrays = (self.obs, self._fobs, self.mask, self.reward, self._term, self._trunc, self._fres,
                        self.to_move, self.plies, self._acts)
        self._bref = ctypes.byref(b)
        self._uref = ctypes.byref(u)
        self._step_args = (v.h, _cabi.addr(self._acts), ctypes.c_int32(n), self._bref, self._uref)
        self._closed = False
        # One step, reset or close at a time: the actions' staging array
        # and the output arrays are the VectorGame's own, so two threads
        # stepping at once would play each other's actions.
        self._lock = threading.Lock()
        st = v.lib.vec_observe_u8(v.h, self._bref, self._uref)
        if st != 0:
            raise v.error(st, "observe")
        self._after(stepped=False)

    def __enter__(self) -> "VectorGame":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __copy__(self) -> "VectorGame":
        raise TypeError("a VectorGame cannot be copied: its games live in the library (make another with the same "
                        "seed and actions)")

    def __deepcopy__(self, memo: Dict[int, Any]) -> "VectorGame":
        self.__copy__()
        raise AssertionError("unreachable")

    def __reduce__(self) -> Any:
        raise TypeError("a VectorGame cannot be pickled: its games live in the library (make another with the same "
                        "seed and actions)")

    def close(self) -> None:
        """Frees the games (closing twice is harmless)."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._v.free()

    def _open(self) -> None:
        if self._closed:
            raise RuntimeError("the VectorGame is closed")

    def _call(self, call: Any) -> Any:
        v = self._v
        return _cabi.search(self._searches, call, lambda: v.lib.vec_cancel(v.h))

    def reset(self, seed: Optional[int] = None) -> None:
        """Starts all games again (with ``seed``: as a new VectorGame with
        that seed would)."""
        if seed is not None:
            seed = int_arg("seed", seed, 0, MAX_SEED)
        with self._lock:
            self._open()
            v = self._v
            s = ctypes.c_uint64(seed) if seed is not None else None
            try:
                st, interrupted = self._call(lambda: v.lib.vec_reset_u8(v.h, ctypes.byref(s) if s is not None else None,
                                                                        self._bref, self._uref))
            except KeyboardInterrupt:
                self._resync()
                raise
            if st != 0:
                self._resync()
                raise v.error(st, "reset")
            self._after(stepped=False)
            if interrupted:
                raise KeyboardInterrupt

    def step(self, actions: Any) -> None:
        """Plays one action id per game: an integer array-like of length n
        (TypeError for floats, bools, strings or objects; IllegalAction,
        naming the environment, for an id out of range or not legal;
        nothing is played then)."""
        acts = self._acts
        # A subclass (a masked array, one overriding max) is read as the plain array of its values: its own
        # max could hide an id that the unsafe cast below would cut to its low 32 bits.
        a = actions if type(actions) is np.ndarray else np.asarray(actions)
        if a.shape != acts.shape:
            raise ValueError(f"{a.shape} actions for {self.n} games")
        if a.dtype.kind not in "iu":
            raise TypeError(f"actions must be integers, not {a.dtype} (floats, bools and strings are refused)")
        if a.dtype.itemsize > 4 or a.dtype.kind == "u":
            # One reduction, no temporary array (a signed id seen as unsigned: a negative one is huge); the
            # first bad id is looked for only when there is one.
            u = a.view(a.dtype.str.replace("i", "u")) if a.dtype.kind == "i" else a
            if u.max() >= self.actions:
                i = int(np.flatnonzero((a < 0) | (a >= self.actions))[0])
                raise IllegalAction(f"environment {i}: action {a[i]} out of range 0..{self.actions - 1}", "action")
        with self._lock:
            np.copyto(acts, a, casting="unsafe")
            self._open()
            v = self._v
            try:
                if self._searches:
                    st, interrupted = _cabi.interruptible(lambda: v.lib.vec_step_u8(*self._step_args),
                                                          lambda: v.lib.vec_cancel(v.h))
                else:
                    st, interrupted = v.lib.vec_step_u8(*self._step_args), False
            except KeyboardInterrupt:
                self._resync()
                raise
            if st != 0:
                if st not in (_cabi.E_ACTION, _cabi.E_ILLEGAL):  # those are refused before anything is written
                    self._resync()
                raise v.error(st, "step")
            self._after(stepped=True)
            if interrupted:
                raise KeyboardInterrupt  # the step had ended before the cancel reached it

    def _resync(self) -> None:
        """After a step or reset that failed or was cancelled, the library
        kept every game as it was but may have written part of the output
        buffers: read the games' observations and masks again, so that the
        arrays describe the games as they are (rewards and flags 0, no
        episode ended)."""
        v = self._v
        if v.lib.vec_observe_u8(v.h, self._bref, self._uref) == 0:
            self._after(stepped=False)

    def _after(self, stepped: bool) -> None:
        if not stepped:
            self.reward[:] = 0
            self._term[:] = 0
            self._trunc[:] = 0
        idx = np.flatnonzero(np.bitwise_or(self._term, self._trunc, out=self._ended)).astype(np.int32)
        self.ended = int(idx.size)
        self.ended_index = idx
        if idx.size:
            self.final_obs = self._fobs[idx]
            self.final_result = self._fres[idx]
        else:  # most steps: no indexing
            self.final_obs = np.zeros((0, self.obs_len), np.uint8)
            self.final_result = np.zeros(0, np.int8)

    def position(self, i: int) -> str:
        """Game i's position (notation)."""
        i = int_arg("i", i, 0, self.n - 1)
        self._open()
        v = self._v
        st, t = _cabi._text(v.lib.vec_position, v.h, i)
        if st != 0:
            raise v.error(st, "position")
        return t

    def sample_actions(self, rng: Optional[np.random.Generator] = None) -> np.ndarray:
        """A uniformly random legal action id for each game (int32, (n,))."""
        rng = rng if rng is not None else np.random.default_rng()
        m = self.mask.astype(np.float64)
        m *= rng.random(m.shape) + 1e-9  # a legal id's weight is in (0, 1], an illegal one's 0
        return m.argmax(axis=1).astype(np.int32)
