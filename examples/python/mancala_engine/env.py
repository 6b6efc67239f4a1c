"""Framework-free games in this process (numpy only): the logic the
PettingZoo, Gymnasium and OpenSpiel adapters are thin over.

- :class:`Spec`: a game's action count, observation length and bounds, and
  horizon (known at import for the defaults and single-option rule sets).
- :class:`Game`: one two-player game stepped by action id: observations
  for either seat, legal-action masks, rewards per seat, termination (the
  game is over) and truncation (the horizon reached first), optionally
  against an opponent (any agent spec or level) that replies inside the
  step, and :meth:`Game.think`, any agent's answer for the position.
- :class:`VectorGame` (in :mod:`mancala_engine.vector`): ``n`` games at
  once.

Everything runs in this process, on the C library built from the Go rules
(``mancala/env/cabi``), loaded at the first reset, step or think (never at
import or construction, except to check rules or an agent spec that only
the library knows: see :class:`Game`).

Seats are ``"S"`` (South, who moves first) and ``"N"``. Action ids are
relative to the player to move (docs/design.md, "Action ids"). An
observation is the board seen from a seat (turned so that the seat sits
South), as ``uint8`` values within the spec's ``low``/``high``; its last
element is 1 when that seat is to move. Rewards are +1 for the winner and -1
for the loser on the move that ends the game, else 0 (a draw and a
truncated game give 0 to both).
"""

from __future__ import annotations

import ctypes
import operator
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _cabi
from ._errors import IllegalAction, MancalaError
from ._native import check_process

# Game's hot methods as a C base class of the stable ABI, built with the
# wheel; a source tree without it has them in Python (_Checked). A built
# extension that does not load is an error, not a silent slow road.
if any(n.startswith("_fast.") and n.endswith(".so") for n in os.listdir(os.path.dirname(os.path.abspath(__file__)))):
    from . import _fast
else:
    _fast = None  # type: ignore[assignment]
from ._specs import GAMES, MAX_HORIZON, MAX_SEED, Spec, check_game, levels, spec_of

__all__ = ["SEATS", "Spec", "Game", "Think", "Opponent", "IllegalAction", "MancalaError", "env_spec", "GAMES", "action_id",
           "position_game_rules", "agent_spec", "think"]

#: The seats, in the order of the reward pairs: South, North.
SEATS = ("S", "N")
# StepT.state of a game not reset yet.
_NOT_STARTED = 255

#: An agent: a spec text of mancala/agent.ParseSpec ("random",
#: "alphabeta:4", "mcts:2000:workers=2", "mcts-eval", "level:expert",
#: "Casual"), or think's fields as a dict ({"agent": "alphabeta", "depth": 4}).
AgentSpec = Union[str, Dict[str, Any]]
OpponentSpec = AgentSpec


def action_id(action: Any, actions: int) -> int:
    """``action`` as an action id in ``[0, actions)``: a Python or numpy
    integer (no bool, float or string: TypeError). An integer out of range
    raises IllegalAction: ids are never wrapped or truncated."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"action {action!r} is a bool, not an action id")
    try:
        a = operator.index(action)
    except TypeError:
        raise TypeError(f"action {action!r} ({type(action).__name__}) is not an integer action id") from None
    if not 0 <= a < actions:
        raise IllegalAction(f"action {a} out of range 0..{actions - 1}", "action")
    return a


def int_arg(what: str, x: Any, lo: int, hi: int, hint: str = "") -> int:
    """x as an int in [lo, hi] (TypeError for a bool or a non-integer,
    ValueError out of range), checked before any call into the library."""
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{what} must be an integer, not a bool")
    try:
        v = operator.index(x)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(x).__name__}") from None
    if not lo <= v <= hi:
        raise ValueError(f"{what} must be {lo}..{hi}{hint}, got {v}")
    return v


def position_game_rules(position: str) -> Tuple[str, str]:
    """The game and the ``rules=`` text (``""`` for the defaults) of a
    position line in its canonical form (docs/notation.md)."""
    fields = position.split()
    rules = ""
    for f in fields[1:]:
        if f.startswith("rules="):
            rules = f[len("rules="):]
    return (fields[0] if fields else ""), rules


def env_spec(engine: Any = None, game: str = "kisolo", rules: Optional[str] = None, *,
             backend: Optional[str] = None) -> Spec:
    """The Spec of ``game`` under ``rules`` (``engine`` and ``backend``
    are kept for old callers: None, ``"auto"`` or ``"native"``)."""
    _check_backend(engine, backend)
    return spec_of(game, rules)


def _check_backend(engine: Any, backend: Optional[str]) -> None:
    if engine is not None:
        raise TypeError("engine=: the engine subprocess backend is gone; every class runs in this process")
    if backend not in (None, "auto", "native"):
        raise ValueError(f"backend {backend!r}: the engine subprocess backend is gone; every class runs in this "
                         "process on the C library (backend None, 'auto' or 'native')")


def agent_spec(spec: AgentSpec) -> str:
    """The library's agent spec text of ``spec``: text as it is (a NUL is
    refused); think's fields as a dict become text (``{"agent":
    "alphabeta", "depth": 4}`` -> ``"alphabeta:4"``, ``{"agent": "mcts",
    "iterations": 200, "workers": 2}`` -> ``"mcts:200:workers=2"``)."""
    if isinstance(spec, str):
        _cabi.enc(spec, "agent spec")
        return spec
    if not isinstance(spec, dict):
        raise TypeError(f"an agent is a spec text or a dict of think's fields, not {type(spec).__name__}")
    f = dict(spec)
    agent = f.pop("agent", None)
    if not isinstance(agent, str):
        raise ValueError(f"agent {spec!r} has no agent name")
    parts = [agent]
    budget = f.pop("depth", None) if agent == "alphabeta" else f.pop("iterations", None) if agent.startswith(
        "mcts") else None
    if budget is not None:
        parts.append(str(int_arg("budget", budget, 1, 1 << 62)))
    for k in sorted(f):
        v = f[k]
        if k == "timeMs":
            k = "time"
            v = f"{int_arg('timeMs', v, 1, 1 << 62)}ms"
        parts.append(f"{k}={v}")
    text = ":".join(parts)
    _cabi.enc(text, "agent spec")
    return text


def _known_agent(game: str, spec: str) -> bool:
    """Whether spec is one the library takes for game for sure (random, a
    level of the game): then it needs no check at construction."""
    s = spec.lower()
    names = {lv["name"].lower() for lv in levels(game)}
    return s == "random" or s in names or (s.startswith("level:") and s[6:] in names)


@dataclass(frozen=True)
class Think:
    """An agent's answer for a position (the shape of docs/wire.md's
    think): ``move`` (text), ``action`` (its id), ``value`` (alphabeta's
    score for the side to move, in seeds, or a large ply-adjusted number
    for a forced win/loss; 0 for agents without one), ``outcome``
    (``"win"``, ``"draw"``, ``"loss"`` for the side to move when proven,
    else None), ``line`` (the principal variation, ``line[0] == move``),
    ``depth``, ``nodes``, and MCTS's ``iterations``, ``visits``,
    ``win_rate``; ``elapsed_ms``; ``spec`` the agent as the library
    resolved it."""

    move: str
    action: int
    value: int
    outcome: Optional[str]
    line: Tuple[str, ...]
    depth: int
    nodes: int
    iterations: int
    visits: int
    win_rate: float
    elapsed_ms: int
    spec: str


def think(position: str, spec: AgentSpec = "level:expert", *, seed: int = 0) -> Think:
    """What agent ``spec`` (seeded with ``seed``) plays in ``position``
    (a position line of any game): as the Go agent of the same spec and
    seed thinks its first move. Ctrl-C stops a search (KeyboardInterrupt)."""
    if not isinstance(position, str):
        raise TypeError(f"position must be a position line, not {type(position).__name__}")
    _cabi.enc(position, "position")
    seed = int_arg("seed", seed, 0, MAX_SEED)
    game = position.split()[0] if position.split() else ""
    check_game(game)
    a = _cabi.Agent(game, agent_spec(spec), seed)
    out, move, line = a.think(position)
    return Think(move=move, action=out.action, value=out.value, outcome=_cabi.OUTCOMES.get(out.outcome), line=tuple(line),
                 depth=out.depth, nodes=out.nodes, iterations=out.iterations, visits=out.visits,
                 win_rate=out.win_rate, elapsed_ms=out.elapsed_ms, spec=a.spec)


class _Checked:
    """The hot methods of :class:`Game` in Python (the checked path): the
    base of Game when the C extension ``_fast`` is missing (a source
    tree), and of ``_CheckedGame``, which tests/test_fast.py plays beside
    Game to show that the C methods (``_fast.Core``) answer the same. The
    C ones decide only the common case and hand the rest to Game's
    ``_step_checked``, ``_step_search``, ``_step_failed`` and
    ``_mask_other``, as these do."""

    _started = False
    _searches = False
    _obs_valid = 3  # (the C core's: both seats' views current; here every step writes both)
    _pos: Optional[str] = None
    history: List[int]

    def _fast_bind(self, *args: Any) -> None:
        pass

    def _fast_unbind(self) -> None:
        pass

    def _fast_snapshot(self, start: str) -> None:
        pass

    _busy = False

    def _enter(self) -> None:
        if self._busy:
            raise RuntimeError("the game is in use by another thread (a reset, undo, clone or a search's step is "
                               "under way): use a game from one thread at a time")
        self._busy = True

    def _leave(self) -> None:
        self._busy = False

    def reset(self, position: Optional[str] = None, plies: int = 0, *, seed: Optional[int] = None) -> None:
        """Starts again from the start position (or ``position``, a position
        of this game under these rules, taken as ``plies`` plies into the
        episode, 0..horizon). ``seed`` reseeds the opponent (None: its
        stream goes on). With an opponent that moves first, its plies are
        played here. A position of another game or other rules raises
        ValueError and changes nothing."""
        self._reset_checked(position, plies, seed=seed)  # type: ignore[attr-defined]

    def step(self, action: Any) -> Tuple[float, float]:
        """Plays action id ``action`` (a Python or numpy integer) for the
        seat to move (with an opponent: the agent's, then the opponent's
        replies) and returns the rewards (South's, North's). Raises
        IllegalAction for an id out of range or not legal, TypeError for
        anything but an integer (the game unchanged either way), and
        RuntimeError once the game is over."""
        return self._step_checked(action)  # type: ignore[attr-defined,no-any-return]

    def _step_plain(self, a: int) -> Tuple[float, float]:
        st = self._lib.env_step(self._h, a, *self._args)  # type: ignore[attr-defined]
        if st:
            self._step_failed(st, a)  # type: ignore[attr-defined]
        self.history.append(a)
        self._pos = None
        r = self._out.rewards  # type: ignore[attr-defined]
        return (r[0], r[1])

    def mask(self, seat: Optional[str] = None) -> np.ndarray:
        """The legal-action mask of ``seat`` (default: the seat to move): a
        new int8 array of ``spec.actions`` flags, 1 for each legal id; all
        0 for a seat that is not to move and once the game is over."""
        o = self._out  # type: ignore[attr-defined]
        if self._started and o.state == 0 and (seat is None or seat == SEATS[o.to_move]):
            return self._mask8.copy()  # type: ignore[attr-defined,no-any-return]
        return self._mask_other(seat)  # type: ignore[attr-defined,no-any-return]

    def observation(self, seat: str) -> np.ndarray:
        """The position seen from ``seat`` (``"S"`` or ``"N"``): a new
        uint8 array of the spec's length, within its bounds (the layout is
        in the package's README)."""
        if not self._started:
            raise RuntimeError("the game has not been reset: call reset() first")
        if seat == "S":
            return self._views[0].astype(np.uint8)  # type: ignore[attr-defined,no-any-return]
        if seat == "N":
            return self._views[1].astype(np.uint8)  # type: ignore[attr-defined,no-any-return]
        raise ValueError(f"unknown seat {seat!r}: S or N")

    def _obs_list(self, seat: str) -> List[float]:
        """observation(seat) as a list of floats (OpenSpiel's tensor)."""
        return self.observation(seat).astype(np.float32).tolist()  # type: ignore[no-any-return]

    def _mask_list(self) -> List[int]:
        """mask() as a list of ints (OpenSpiel's legal_actions_mask)."""
        return self.mask().tolist()  # type: ignore[no-any-return]

    @property
    def legal(self) -> List[int]:
        """The legal action ids of the player to move, ascending (a new
        list; empty once the game is over)."""
        if not self._started or self._out.state:  # type: ignore[attr-defined]
            return []  # (a truncated episode's position may still have moves)
        return self._legal[: self._out.legal].tolist()  # type: ignore[attr-defined,no-any-return]

    @property
    def rewards(self) -> Tuple[float, float]:
        """The rewards of the last step: (South's, North's)."""
        if not self._started:
            return (0.0, 0.0)
        r = self._out.rewards  # type: ignore[attr-defined]
        return (r[0], r[1])

    @property
    def terminated(self) -> bool:
        """The game has ended (by the rules)."""
        return self._started and self._out.terminated == 1  # type: ignore[attr-defined,no-any-return]

    @property
    def truncated(self) -> bool:
        """The horizon was reached before the game ended."""
        return self._started and self._out.truncated == 1  # type: ignore[attr-defined,no-any-return]

    @property
    def over(self) -> bool:
        """The game has ended or was truncated."""
        return self._started and self._out.state != 0  # type: ignore[attr-defined,no-any-return]

    @property
    def to_move(self) -> Optional[str]:
        """The seat to move, or None when the game has ended or was
        truncated (or before the first reset)."""
        if not self._started or self._out.state != 0:  # type: ignore[attr-defined]
            return None
        return SEATS[self._out.to_move]  # type: ignore[attr-defined]

    @property
    def plies(self) -> int:
        """Plies played in the episode (those before the reset's position
        included, the opponent's included)."""
        return self._out.plies if self._started else 0  # type: ignore[attr-defined,no-any-return]


# The hot methods: in C when the extension is built (the wheel), else in Python.
_Core: Any = _fast.Core if _fast is not None else _Checked


class Game(_Core):  # type: ignore[misc,valid-type]
    """One game of ``game`` under ``rules``, stepped by action id, in this
    process.

    ``horizon`` overrides the spec's (plies, 1..100000; None: the
    game's). ``opponent`` (an agent spec or level, see :data:`AgentSpec`)
    makes it a game against that agent: the agent holds ``seat``'s
    opponent's seat, replies inside :meth:`step` and :meth:`reset`, is
    seeded from ``seed`` (an unsigned 64-bit integer; ``reset(seed=)``
    reseeds it), and plays the moves of the Go agent of the same spec and
    seed. A spec over the agent limits (alphabeta depth 10, MCTS 100000
    iterations, ...) is refused here with the library's message.

    The library loads at the first reset (or step, think): not here,
    except to check a rules text outside the build's table (the defaults
    and each option on its own are in it) or an opponent other than
    ``"random"`` and the game's levels.

    After :meth:`reset` the attributes are: ``position`` (notation),
    ``to_move`` (``"S"``, ``"N"``, or None once the game has ended or been
    truncated), ``plies`` (plies played), ``legal`` (the mover's legal
    action ids, ascending), ``rewards`` (of the last step, per seat),
    ``terminated``, ``truncated``, ``result`` (``"*"`` while the game goes
    on, else the result text) and ``history`` (the action ids played
    through :meth:`step` since the reset).

    OpenSpiel's state API has counterparts here: :meth:`clone`,
    :meth:`undo`, ``history``, :meth:`action_to_move` and
    :meth:`move_to_action`. ``copy.deepcopy`` clones; pickling keeps the
    game, rules, horizon, opponent, seat, seed, start and history.

    A search (a think, or a step or reset whose opponent searches) can be
    stopped with Ctrl-C: KeyboardInterrupt, the game as it was.
    """

    #: Where the game runs: always "native" (in this process; kept for old callers).
    backend = "native"

    def __init__(self, game: str = "kisolo", rules: Optional[str] = None, *, horizon: Optional[int] = None,
                 opponent: Optional[AgentSpec] = None, seat: str = "S", seed: int = 0, engine: Any = None,
                 backend: Optional[str] = None) -> None:
        # A second __init__ (as __setstate__ makes) drops the buffers: not
        # while another thread's reset, undo, clone or search's step uses
        # them (RuntimeError, the game unchanged).
        self._enter()
        self._leave()
        _check_backend(engine, backend)
        check_game(game)
        if rules is not None:
            _cabi.enc(rules, "rules")
        self.game = game
        if horizon is not None:
            horizon = int_arg("horizon", horizon, 1, MAX_HORIZON, " plies (None for the game's)")
        self._seed = int_arg("seed", seed, 0, MAX_SEED)
        if seat not in SEATS:
            raise ValueError(f"unknown seat {seat!r}: S or N")
        self.seat = seat
        self.opponent: Optional[str] = None if opponent is None else agent_spec(opponent)
        self.spec = spec_of(game, rules)
        self.rules = self.spec.rules
        self.horizon = self.spec.horizon if horizon is None else horizon
        self._horizon_arg = horizon or 0
        self._searches = False
        if self.opponent is not None and not _known_agent(game, self.opponent):
            # Checked now, as the library reads it (grammar, the game's
            # levels, the limits): refused at creation, not at the reset.
            self._searches = bool(_cabi.Agent(game, self.opponent, 0).searches)
        elif self.opponent is not None:
            self._searches = any(lv["agent"] != "random" for lv in levels(game)
                                 if self.opponent.lower() in (lv["name"].lower(), "level:" + lv["name"].lower()))
        self._fast_unbind()  # (a second __init__, as __setstate__ makes)
        self._env: Optional[_cabi.Env] = None
        self._out = _cabi.StepT()
        self._out.state = _NOT_STARTED
        self._started = False
        self._start: Tuple[Optional[str], int] = (None, 0)
        self._start_state: Optional[Tuple[Any, ...]] = None
        self.history: List[int] = []

    # The library's side, made at the first reset.

    def _open(self) -> "_cabi.Env":
        e = self._env
        if e is None:
            s = self.spec
            seat = _cabi.SEAT_NONE if self.opponent is None else SEATS.index(self.seat)
            e = _cabi.Env(self.game, self.rules, self.opponent, seat, self._seed, self._horizon_arg)
            L, A = s.obs_len, s.actions
            self._obs = np.zeros(2 * L, np.float32)
            self._views = (self._obs[:L], self._obs[L:])
            self._mask = np.zeros(A, np.uint8)
            self._mask8 = self._mask.view(np.int8)
            self._legal = np.zeros(A, np.int32)
            self._out = _cabi.StepT()
            self._out.state = _NOT_STARTED
            self._start_state = None
            self._args = (ctypes.byref(self._out), ctypes.c_int32(_cabi.SEAT_BOTH), _cabi.addr(self._obs),
                          ctypes.c_int32(2 * L), _cabi.addr(self._mask), ctypes.c_int32(A), _cabi.addr(self._legal),
                          ctypes.c_int32(A))
            self._u8 = (np.zeros(L, np.uint8), np.zeros(L, np.uint8))
            self._env = e
            self._h = e.h
            self._lib = e.lib
            self._bind_core()
        return e

    def _bind_core(self) -> None:
        """Hands the library's step, the handle and the buffers to the C
        hot methods (nothing for the Python ones); unbinds without a
        handle."""
        e = self._env
        if e is None:
            self._fast_unbind()
            return
        fn = ctypes.cast(e.lib.env_step, ctypes.c_void_p).value
        fo = ctypes.cast(e.lib.env_observe, ctypes.c_void_p).value
        fr = ctypes.cast(e.lib.env_reset, ctypes.c_void_p).value
        u8 = self._u8
        self._fast_bind(fn, fo, fr, e.h.id, ctypes.addressof(self._out), self._obs.ctypes.data, len(self._views[0]),
                        self._mask.ctypes.data, len(self._mask), self._legal.ctypes.data, u8[0].ctypes.data,
                        u8[1].ctypes.data, (e, self._out, self._obs, self._mask, self._legal, u8), self._mask8, u8)

    def _refresh(self) -> None:
        """Reads the whole state after a reset or set_position."""
        e = self._env
        assert e is not None
        L = self._lib
        o = self._out
        st = L.env_observe(e.h, _cabi.SEAT_BOTH, _cabi.addr(self._obs), len(self._obs))
        if st == 0:
            st = L.env_mask(e.h, _cabi.addr(self._mask), len(self._mask))
        n = ctypes.c_int32(0)
        if st == 0:
            st = L.env_legal(e.h, _cabi.addr(self._legal), len(self._legal), ctypes.byref(n))
        tm, pl, state = ctypes.c_int32(0), ctypes.c_int32(0), ctypes.c_int32(0)
        if st == 0:
            st = L.env_status(e.h, ctypes.byref(tm), ctypes.byref(pl), ctypes.byref(state), None)
        if st != 0:
            raise e.error(st, "observe")
        o.rewards[0] = o.rewards[1] = 0.0
        o.terminated = 1 if state.value == 1 else 0
        o.truncated = 1 if state.value == 2 else 0
        o.state = state.value
        o.to_move = tm.value
        o.plies = pl.value
        o.legal = n.value
        self._pos = None
        self._obs_valid = 3  # both seats' views

    def _need(self) -> None:
        if not self._started:
            raise RuntimeError("the game has not been reset: call reset() first")

    # The state.

    @property
    def position(self) -> str:
        """The position (notation); "" before the first reset."""
        if not self._started:
            return ""
        p = self._pos
        if p is None:
            p = self._pos = self._env.text("env_position")  # type: ignore[union-attr]
        return p

    @property
    def result(self) -> str:
        if not self._started or not self._out.terminated:
            return "*"
        for f in self.position.split()[1:]:
            if f.startswith("result="):
                return f[len("result="):]
        return "*"

    # Playing.

    def _reset_checked(self, position: Optional[str] = None, plies: int = 0, *, seed: Optional[int] = None) -> None:
        """reset() with every check (the C reset hands over every reset but
        a self-play game's from the start after the first). The game is
        busy meanwhile (the library's calls let go of the GIL): another
        thread's call on it is refused, not run halfway through this."""
        self._enter()
        try:
            self._reset_busy(position, plies, seed=seed)
        finally:
            self._leave()

    def _reset_busy(self, position: Optional[str], plies: int, *, seed: Optional[int]) -> None:
        plies = int_arg("plies", plies, 0, self.horizon)
        if seed is not None:
            seed = int_arg("seed", seed, 0, MAX_SEED)
        if position is not None:
            if not isinstance(position, str):
                raise TypeError(f"position must be a position line, not {type(position).__name__}")
            _cabi.enc(position, "position")
            game, rules = position_game_rules(position)
            if game != self.game:
                raise ValueError(f"position {position!r} is a position of {game!r}, not of {self.game!r}")
            if rules != self.rules:
                raise ValueError(f"position {position!r} has rules {rules or '(the defaults)'!r}; this "
                                 f"{self.game} game has rules {self.rules or '(the defaults)'!r}")
        e = self._open()
        L = self._lib
        if position is None and plies == 0 and self.opponent is None and self._start_state is not None:
            # Self-play from the start: the start's observation, mask and
            # legal ids are those of every such reset (one crossing).
            st = L.env_reset(e.h, None)
            if st != 0:
                raise e.error(st, "reset")
            obs, mask, legal, fields = self._start_state
            self._obs[:] = obs
            self._obs_valid = 3
            self._mask[:] = mask
            self._legal[:] = legal
            o = self._out
            o.rewards[0] = o.rewards[1] = 0.0
            o.terminated, o.truncated, o.to_move, o.state, o.plies, o.legal = fields
            self._pos = self.spec.start
            self._started = True
            self._start = (None, 0)
            self.history = []
            self._fast_snapshot(self.spec.start)  # (the C reset's, after a rebinding: undo)
            return
        if position is None and plies == 0 and self.opponent is not None:
            s = ctypes.c_uint64(seed) if seed is not None else None
            st, interrupted = self._call(lambda: L.env_reset(e.h, ctypes.byref(s) if s is not None else None))
            if st != 0:
                raise e.error(st, "reset")
        else:
            interrupted = False
            if seed is not None and self.opponent is not None:
                s = ctypes.c_uint64(seed)
                st, interrupted = self._call(lambda: L.env_reset(e.h, ctypes.byref(s)))
                if st != 0:
                    raise e.error(st, "reset")
            st = L.env_set_position(e.h, _cabi.enc(position or self.spec.start, "position"), plies)
            if st != 0:
                err = e.error(st, "reset")
                if seed is not None and self.opponent is not None:
                    # The reseed above restarted the episode: say so.
                    self._refresh()
                    self._started, self._start, self.history = True, (None, 0), []
                raise ValueError(f"reset: {err.message}") from None
        self._refresh()
        self._started = True
        self._start = (position, plies)
        self.history = []
        if position is None and plies == 0 and self.opponent is None:
            o = self._out
            self._start_state = (self._obs.copy(), self._mask.copy(), self._legal.copy(),
                                 (o.terminated, o.truncated, o.to_move, o.state, o.plies, o.legal))
            self._fast_snapshot(self.spec.start)
        if interrupted:
            raise KeyboardInterrupt

    def _call(self, call: Any) -> Tuple[int, bool]:
        e = self._env
        return _cabi.search(self._searches, call, lambda: self._lib.env_cancel(e.h))  # type: ignore[union-attr]

    # The step beyond the common case (the C step hands these over; the
    # Python one, _Checked.step, is _step_checked).

    def _step_checked(self, action: Any) -> Tuple[float, float]:
        """The step with every check: the game started and not over, the
        id an integer in range; then a search's step or a plain one."""
        o = self._out
        if not self._started or o.state:
            if not self._started or o.state == _NOT_STARTED:
                raise RuntimeError("the game has not been reset: call reset() first")
            raise RuntimeError("the game is over: reset it")
        a = action_id(action, self.spec.actions)
        if self._searches:
            return self._step_search(a)
        return self._step_plain(a)

    def _step_search(self, a: int) -> Tuple[float, float]:
        """The step of id a whose opponent searches: in a worker thread,
        Ctrl-C cancels it."""
        if a.__class__ is not int or not 0 <= a < self.spec.actions:
            return self._step_checked(a)
        self._enter()  # (the search lets go of the GIL)
        try:
            return self._step_search_busy(a)
        finally:
            self._leave()

    def _step_search_busy(self, a: int) -> Tuple[float, float]:
        st, interrupted = _cabi.interruptible(lambda: self._lib.env_step(self._h, a, *self._args),
                                              lambda: self._lib.env_cancel(self._h))
        if st:
            self._step_failed(st, a)
        self.history.append(a)
        self._pos = None
        if interrupted:
            raise KeyboardInterrupt  # the step had ended before the cancel reached it
        r = self._out.rewards
        return (r[0], r[1])

    def _step_failed(self, st: int, a: Any) -> None:
        """Raises the library's error of a step (ForkedError in a forked
        child: status -1 from the C step, or the library's own refusal)."""
        if st == -1:
            check_process()  # ForkedError: the step ran nothing
        raise self._env.error(st, f"action {a}")  # type: ignore[union-attr]

    def _observe_failed(self, st: int) -> None:
        """Raises the library's error of an observation (ForkedError in a
        forked child)."""
        if st == -1:
            check_process()
        raise self._env.error(st, "observe")  # type: ignore[union-attr]

    def _mask_other(self, seat: Optional[str]) -> np.ndarray:
        """mask() of a seat not to move (all 0), or of no seat."""
        if seat is not None and seat not in SEATS:
            raise ValueError(f"unknown seat {seat!r}: S or N")
        if self._started and self._out.state == 0 and (seat is None or seat == SEATS[self._out.to_move]):
            return self._mask8.copy()
        return np.zeros(self.spec.actions, dtype=np.int8)

    def step_move(self, move: str) -> Tuple[float, float]:
        """Plays ``move`` (notation) for the seat to move, as :meth:`step`."""
        self._need()
        if self._out.state:
            raise RuntimeError("the game is over: reset it")
        return self.step(self.move_to_action(move))

    def think(self, spec: AgentSpec = "level:expert", *, seed: int = 0) -> Think:
        """What agent ``spec`` (seeded with ``seed``) plays in the current
        position, with its value, outcome, line, depth and nodes (see
        :class:`Think`): the move the Go agent of that spec and seed
        chooses. A spec over the agent limits is refused (MancalaError,
        code ``"limit"``); a finished game gives code ``"over"``. Ctrl-C
        stops a search: KeyboardInterrupt, the game unchanged."""
        self._need()
        return think(self.position, spec, seed=seed)

    def action_to_move(self, action: Any) -> str:
        """The move text (notation) of legal action id ``action`` in the
        current position. IllegalAction for an id that is not legal here."""
        self._need()
        a = action_id(action, self.spec.actions)
        if self._out.state or not self._mask[a]:
            raise IllegalAction(f"action {a} is not legal in {self.position}")
        return self._env.text("env_action_text", a)  # type: ignore[union-attr]

    def move_to_action(self, move: str) -> int:
        """The action id of ``move`` (notation) in the current position.
        IllegalAction for text that is not a legal move here."""
        self._need()
        if not isinstance(move, str):
            raise TypeError(f"move must be text in the game's notation, not {type(move).__name__}")
        b = _cabi.enc(move, "move")
        if self._out.state:
            raise IllegalAction(f"move {move!r}: the game is over")
        a = ctypes.c_int32(0)
        st = self._lib.env_text_action(self._h, b, ctypes.byref(a))
        if st != 0:
            err = self._env.error(st, f"move {move!r}")  # type: ignore[union-attr]
            raise IllegalAction(err.message, err.code) from None
        if not 0 <= a.value < self.spec.actions or not self._mask[a.value]:
            raise IllegalAction(f"move {move!r} is not legal in {self.position}")
        return a.value

    def moves(self) -> List[str]:
        """The move texts of the moves played since the reset (the
        history's ids as notation; self-play only)."""
        self._self_play("moves")
        g = self._replica(())
        out = []
        for a in self.history:
            out.append(g.action_to_move(a))
            g.step(a)
        return out

    def _self_play(self, what: str) -> None:
        if self.opponent is not None:
            raise ValueError(f"{what}() replays the history, which holds only the agent's actions in a game "
                             "against an opponent: it is for self-play games (make the game without opponent= "
                             "and play both seats, or use clone())")

    def undo(self) -> int:
        """Takes back the last action and returns its id (IndexError when
        nothing was played since the reset; self-play only). It replays
        the history from the reset's position, one step per ply."""
        self._self_play("undo")
        if not self.history:
            raise IndexError("nothing to undo since the reset")
        self._enter()  # (the replay lets go of the GIL)
        try:
            return self._undo_busy()
        finally:
            self._leave()

    def _undo_busy(self) -> int:
        last = self.history[-1]
        g = self._replica(self.history[:-1])
        g.__dict__.pop("_busy", None)  # (_Checked's mark: self stays busy until undo() returns)
        self.__dict__.update(g.__dict__)
        self._copy_core(g)
        self.history = g.history
        self._bind_core()
        return last

    def _copy_core(self, g: "Game") -> None:
        """The state that lives in the core's members (not in __dict__)."""
        self._started, self._searches, self._pos, self._start = g._started, g._searches, g._pos, g._start

    def clone(self) -> "Game":
        """An independent copy of the game in its current state (same spec,
        horizon, opponent, history; an opponent's stream starts again from
        the game's seed)."""
        self._enter()  # (reading the position lets go of the GIL)
        try:
            return self._clone_busy()
        finally:
            self._leave()

    def _clone_busy(self) -> "Game":
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.__dict__.pop("_busy", None)  # (_Checked's mark: self is busy now, g is not)
        g._copy_core(self)
        g._env = None
        g.history = list(self.history)
        if self._started:
            e = g._open()
            st = g._lib.env_set_position(e.h, _cabi.enc(self.position, "position"), self.plies)
            if st != 0:
                raise e.error(st, "clone")
            g._refresh()
            # The last step's rewards belong to the state (OpenSpiel's
            # returns() of a cloned terminal state reads them).
            g._out.rewards[0], g._out.rewards[1] = self._out.rewards[0], self._out.rewards[1]
        return g

    def _replica(self, history: Sequence[int]) -> "Game":
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.__dict__.pop("_busy", None)  # (_Checked's mark: self is busy now, g is not)
        g._copy_core(self)
        g._env = None
        g._started = False
        g.history = []
        if self._started:
            g.reset(*self._start)
            for a in history:
                g.step(a)
        return g

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        return self.clone()

    def __getstate__(self) -> Dict[str, Any]:
        st = {"game": self.game, "rules": self.rules, "horizon": self._horizon_arg or None,
              "opponent": self.opponent, "seat": self.seat, "seed": self._seed, "started": self._started,
              "start": self._start, "history": list(self.history)}
        if self._started and self.opponent is not None:
            st["position"], st["plies"] = self.position, self.plies
        return st

    def __setstate__(self, st: Dict[str, Any]) -> None:
        self.__init__(st["game"], st["rules"] or None, horizon=st["horizon"],  # type: ignore[misc]
                      opponent=st.get("opponent"), seat=st.get("seat", "S"), seed=st.get("seed", 0))
        if st["started"]:
            if st.get("opponent") is not None:
                self.reset(st["position"], st["plies"])
                self._start = tuple(st["start"])  # type: ignore[assignment]
                self.history = list(st["history"])
            else:
                self.reset(*st["start"])
                for a in st["history"]:
                    self.step(a)


def seats_of(seat: str, n: int) -> Sequence[str]:
    """The agent's seat of each of n environments: "S", "N", or
    "alternate" (South in even ones)."""
    if seat in SEATS:
        return [seat] * n
    if seat == "alternate":
        return [SEATS[i % 2] for i in range(n)]
    raise ValueError(f"unknown seat {seat!r}: S, N or alternate")


def resolve_opponent(spec: AgentSpec, *, game: str, engine: Any = None) -> str:
    """The library's spec text of an opponent (kept for old callers)."""
    _check_backend(engine, None)
    check_game(game)
    return agent_spec(spec)


class Opponent:
    """An agent choosing moves by think (kept for callers of the engine
    days; :meth:`Game.think` and ``Game(opponent=...)`` are the roads now).
    ``spec`` is any agent spec or level (see :data:`AgentSpec`); each
    :meth:`move` is the first move of a fresh agent seeded with ``seed``."""

    def __init__(self, spec: AgentSpec, *, game: str, engine: Any = None, backend: Optional[str] = None) -> None:
        _check_backend(engine, backend)
        self.game = check_game(game)
        self.spec = agent_spec(spec)
        if not _known_agent(game, self.spec):
            _cabi.Agent(game, self.spec, 0)  # refused now if bad or over the limits
        self.backend = "native"
        self.fields = spec if isinstance(spec, dict) else {"agent": self.spec}

    def move(self, position: str, seed: int) -> str:
        """The agent's move in ``position`` (notation)."""
        return think(position, self.spec, seed=seed).move

    @property
    def name(self) -> str:
        return self.spec


#: Game with its hot methods in Python (the checked path; tests/test_fast.py
#: plays it beside Game: the same trajectories, answers and errors).
_CheckedGame: Any = Game
if _fast is not None:
    class _CheckedGame(_Checked, Game):  # type: ignore[no-redef]
        pass
