"""Framework-free environments over the engine (numpy only): the logic the
PettingZoo and Gymnasium adapters are thin over.

- :class:`Spec`: a game's action count, observation length and bounds, and
  horizon, from the engine's ``env_spec``.
- :class:`Game`: one two-player game stepped by action id with the engine's
  ``step`` command: observations for either seat, legal-action masks,
  rewards per seat, termination (the game is over) and truncation (the
  horizon reached first).
- :class:`Opponent`: an engine agent (``think``) that chooses moves for one
  seat, seeded for reproducibility.
- :class:`VectorGame` (in :mod:`mancala_engine.vector`): ``n`` games at
  once with the vector commands.

Seats are ``"S"`` (South, who moves first) and ``"N"``. Action ids are
relative to the player to move (docs/design.md, "Action ids"), so a South
id and a North id for the same move, seen from the mover's seat, are equal.
An observation is the board seen from a seat (turned so that the seat sits
South), as ``uint8`` values within the spec's ``low``/``high``; its last
element is 1 when that seat is to move. Rewards are +1 for the winner and -1
for the loser on the move that ends the game, else 0 (a draw and a
truncated game give 0 to both).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._backend import EngineGameCore, choose, engine_spec_answer, shared_engine
from ._client import Engine, EngineError

__all__ = ["SEATS", "Spec", "Game", "IllegalAction", "Opponent", "shared_engine", "env_spec", "GAMES", "action_id",
           "position_game_rules"]

#: The seats, in the order of the engine's reward pairs: South, North.
SEATS = ("S", "N")
#: The games the engine plays.
GAMES = ("kisolo", "kiothi", "kimasai")


class IllegalAction(ValueError):
    """An action id that is out of range, or not legal in the position
    (the game is unchanged)."""


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
        raise IllegalAction(f"action {a} out of range 0..{actions - 1}")
    return a


def position_game_rules(position: str) -> Tuple[str, str]:
    """The game and the ``rules=`` text (``""`` for the defaults) of a
    position line in its canonical form (docs/notation.md)."""
    fields = position.split()
    rules = ""
    for f in fields[1:]:
        if f.startswith("rules="):
            rules = f[len("rules="):]
    return (fields[0] if fields else ""), rules


@dataclass(frozen=True, eq=False)
class Spec:
    """What a learning environment needs to know of a game under its rules
    (the engine's ``env_spec``, or the library's).

    ``rules`` is the canonical rules text (``""`` for the defaults),
    ``actions`` the number of action ids, ``obs_len`` the observation's
    length, ``low``/``high`` its bounds per element (uint8 arrays),
    ``names`` what each element is, ``horizon`` the ply count at which an
    unfinished game is truncated, and ``start`` the start position.
    """

    game: str
    rules: str
    actions: int
    mask_bytes: int
    obs_len: int
    names: Tuple[str, ...]
    low: np.ndarray = field(repr=False)
    high: np.ndarray = field(repr=False)
    horizon: int
    start: str

    @classmethod
    def from_answer(cls, a: Dict[str, Any]) -> "Spec":
        obs = a["observation"]
        low = np.asarray(obs["low"], dtype=np.uint8)
        high = np.asarray(obs["high"], dtype=np.uint8)
        low.setflags(write=False)
        high.setflags(write=False)
        return cls(
            game=a["game"], rules=a.get("rules", ""), actions=int(a["actions"]), mask_bytes=int(a["maskBytes"]),
            obs_len=int(obs["len"]), names=tuple(obs["names"]), low=low, high=high, horizon=int(a["horizon"]),
            start=a["start"],
        )


_specs: Dict[Tuple[Any, str, str], Spec] = {}


def env_spec(engine: Optional[Engine], game: str, rules: Optional[str] = None, *, backend: Optional[str] = None) -> Spec:
    """The Spec of ``game`` under ``rules`` from ``engine`` (or, with
    engine None, from ``backend``: see :class:`Game`); cached."""
    b = choose(backend, engine)
    if b == "native":
        from . import _cabi

        key: Any = "native"
        s = _specs.get((key, game, rules or ""))
        if s is None:
            s = Spec.from_answer(_cabi.spec_answer(game, rules or ""))
    else:
        eng = engine if engine is not None else shared_engine()
        key = id(eng)
        s = _specs.get((key, game, rules or ""))
        if s is None:
            s = Spec.from_answer(engine_spec_answer(eng, game, rules or ""))
    _specs[(key, game, rules or "")] = s
    return s


def _new_core(backend: str, engine: Optional[Engine], spec: Spec, horizon: int) -> Any:
    if backend == "native":
        from . import _cabi

        return _cabi.GameCore(spec, horizon)
    return EngineGameCore(engine if engine is not None else shared_engine(), horizon, spec.start, spec.actions)


class Game:
    """One game of ``game`` under ``rules``, stepped by action id.

    ``horizon`` overrides the spec's (plies; None: the game's).
    ``backend`` is ``"native"`` (in this process, through the library
    built at install), ``"engine"`` (the engine subprocess) or ``"auto"``
    (default, or ``$MANCALA_BACKEND``: native where it can be used);
    ``engine`` (an :class:`Engine`) means the engine backend with that
    engine (default: one shared by the process). Both backends give the
    same games for the same actions.

    After :meth:`reset` the attributes are: ``position`` (notation),
    ``to_move`` (``"S"``, ``"N"``, or None once the game has ended or been
    truncated), ``plies`` (plies played), ``legal`` (the mover's legal
    action ids, ascending), ``rewards`` (of the last step, per seat),
    ``terminated``, ``truncated``, ``result`` (``"*"`` while the game goes
    on, else the result text) and ``history`` (the action ids played since
    the reset).

    OpenSpiel's state API has counterparts here: :meth:`clone`,
    :meth:`undo`, ``history``, :meth:`action_to_move` and
    :meth:`move_to_action`. ``copy.deepcopy`` clones; pickling keeps the
    game, rules, horizon, backend choice, start and history (the engine
    itself is not pickled: the copy uses its process's own).
    """

    def __init__(self, game: str = "kisolo", rules: Optional[str] = None, *, horizon: Optional[int] = None,
                 engine: Optional[Engine] = None, backend: Optional[str] = None) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
        if rules is not None and not isinstance(rules, str):
            raise TypeError(f"rules must be the rules= text, not {type(rules).__name__}")
        self.backend = choose(backend, engine)
        self._backend_choice = backend
        self.engine = engine if engine is not None else (shared_engine() if self.backend == "engine" else None)
        self.spec = env_spec(self.engine, game, rules, backend=self.backend)
        self.game = game
        self.rules = self.spec.rules
        if horizon is None:
            self.horizon = self.spec.horizon
        else:
            if isinstance(horizon, bool):
                raise TypeError("horizon must be an int")
            self.horizon = operator.index(horizon)
        if self.horizon < 1:
            raise ValueError(f"horizon {self.horizon} must be at least 1 ply")
        self._core = _new_core(self.backend, self.engine, self.spec, self.horizon)
        self._started = False
        self._start: Tuple[Optional[str], int] = (None, 0)
        self.history: List[int] = []

    # The state, from the backend.

    def _need(self) -> Any:
        if not self._started:
            raise RuntimeError("the game has not been reset: call reset() first")
        return self._core

    @property
    def position(self) -> str:
        """The position (notation); "" before the first reset."""
        return self._core.position if self._started else ""

    @property
    def plies(self) -> int:
        """Plies played in the episode (those before the reset's position
        included)."""
        return self._core.plies if self._started else 0

    @property
    def legal(self) -> List[int]:
        """The legal action ids of the player to move, ascending (empty
        once the game is over)."""
        return self._core.legal if self._started else []

    @property
    def rewards(self) -> Tuple[float, float]:
        """The rewards of the last step: (South's, North's)."""
        return self._core.rewards if self._started else (0.0, 0.0)

    @property
    def terminated(self) -> bool:
        return self._core.terminated if self._started else False

    @property
    def truncated(self) -> bool:
        return self._core.truncated if self._started else False

    @property
    def result(self) -> str:
        return self._core.result if self._started else "*"

    @property
    def to_move(self) -> Optional[str]:
        """The seat to move, or None when the game has ended or was
        truncated (or before the first reset)."""
        if not self._started:
            return None
        c = self._core
        return None if c.done else c.to_move

    @property
    def over(self) -> bool:
        """The game has ended or was truncated."""
        return self._started and self._core.done

    # Playing.

    def reset(self, position: Optional[str] = None, plies: int = 0) -> None:
        """Starts again from the start position (or ``position``, a position
        of this game under these rules, taken as ``plies`` plies into the
        episode). A position of another game or other rules raises
        ValueError and changes nothing."""
        if isinstance(plies, bool):
            raise TypeError("plies must be an int")
        plies = operator.index(plies)
        if not 0 <= plies:
            raise ValueError(f"plies {plies} must be 0 or more")
        if position is not None:
            if not isinstance(position, str):
                raise TypeError(f"position must be a position line, not {type(position).__name__}")
            game, rules = position_game_rules(position)
            if game != self.game:
                raise ValueError(f"position {position!r} is a position of {game!r}, not of {self.game!r}")
            if rules != self.rules:
                raise ValueError(f"position {position!r} has rules {rules or '(the defaults)'!r}; this "
                                 f"{self.game} game has rules {self.rules or '(the defaults)'!r}")
        core = self._core.clone() if self._started else self._core
        try:
            core.reset(position, plies)
        except EngineError as e:
            if e.code in ("syntax", "mismatch", "bad_request", "illegal"):
                raise ValueError(f"reset: {e.message}") from None
            raise
        # The engine reads the position; check the canonical text again
        # (a position line may carry rules= in a form the split misses).
        if position is not None and position_game_rules(core.position) != (self.game, self.rules):
            raise ValueError(f"position {position!r} is not a position of {self.game} under these rules")
        self._core = core
        self._started = True
        self._start = (position, plies)
        self.history = []

    def step(self, action: Any) -> Tuple[float, float]:
        """Plays action id ``action`` (a Python or numpy integer) for the
        seat to move and returns the rewards (South's, North's). Raises
        IllegalAction for an id out of range or not legal, TypeError for
        anything but an integer (the game unchanged either way), and
        RuntimeError once the game is over."""
        c = self._need()
        if c.done:
            raise RuntimeError("the game is over: reset it")
        a = action_id(action, self.spec.actions)
        try:
            c.step(a)
        except EngineError as e:
            if e.code in ("illegal", "bad_request"):
                raise IllegalAction(e.message) from None
            raise
        self.history.append(a)
        return c.rewards

    def step_move(self, move: str) -> Tuple[float, float]:
        """Plays ``move`` (notation) for the seat to move, as :meth:`step`."""
        c = self._need()
        if c.done:
            raise RuntimeError("the game is over: reset it")
        if not isinstance(move, str):
            raise TypeError(f"move must be text in the game's notation, not {type(move).__name__}")
        a = self.move_to_action(move)
        c.step(a)
        self.history.append(a)
        return c.rewards

    def action_to_move(self, action: Any) -> str:
        """The move text (notation) of legal action id ``action`` in the
        current position. IllegalAction for an id that is not legal here."""
        c = self._need()
        a = action_id(action, self.spec.actions)
        if a not in c.legal:
            raise IllegalAction(f"action {a} is not legal in {c.position}")
        return c.action_move(a)

    def move_to_action(self, move: str) -> int:
        """The action id of ``move`` (notation) in the current position.
        IllegalAction for text that is not a legal move here."""
        c = self._need()
        if not isinstance(move, str):
            raise TypeError(f"move must be text in the game's notation, not {type(move).__name__}")
        if c.done:
            raise IllegalAction(f"move {move!r}: the game is over")
        try:
            return int(c.move_action(move))
        except EngineError as e:
            raise IllegalAction(e.message) from None

    def moves(self) -> List[str]:
        """The move texts of the moves played since the reset (the
        history's ids as notation), replayed from the reset's position."""
        g = self._replica(())
        out = []
        for a in self.history:
            out.append(g.action_to_move(a))
            g.step(a)
        return out

    def undo(self) -> int:
        """Takes back the last action and returns its id (IndexError when
        nothing was played since the reset). It replays the history from
        the reset's position, so it costs one step per ply played."""
        if not self.history:
            raise IndexError("nothing to undo since the reset")
        last = self.history[-1]
        g = self._replica(self.history[:-1])
        self._core, self.history = g._core, g.history
        return last

    def clone(self) -> "Game":
        """An independent copy of the game in its current state (same
        backend, spec, horizon and history)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._core = self._core.clone()
        g.history = list(self.history)
        return g

    def _replica(self, history: Sequence[int]) -> "Game":
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._core = _new_core(self.backend, self.engine, self.spec, self.horizon)
        g._started = False
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
        return {"game": self.game, "rules": self.rules, "horizon": self.horizon, "backend": self._backend_choice,
                "engine_backend": self.backend == "engine", "started": self._started, "start": self._start,
                "history": list(self.history)}

    def __setstate__(self, st: Dict[str, Any]) -> None:
        backend = st["backend"]
        if backend is None and st["engine_backend"]:
            backend = "engine"
        self.__init__(st["game"], st["rules"] or None, horizon=st["horizon"], backend=backend)  # type: ignore[misc]
        if st["started"]:
            self.reset(*st["start"])
            for a in st["history"]:
                self.step(a)

    # Observing.

    def observation(self, seat: str) -> np.ndarray:
        """The position seen from ``seat`` (``"S"`` or ``"N"``): a new
        uint8 array of the spec's length, within its bounds (the layout is
        in the package's README)."""
        return self._need().observation(_seat_index(seat))

    def mask(self, seat: Optional[str] = None) -> np.ndarray:
        """The legal-action mask of ``seat`` (default: the seat to move): an
        int8 array of ``spec.actions`` flags, 1 for each legal id; all 0
        for a seat that is not to move and once the game is over."""
        c = self._core
        if self._started and not c.done and (seat is None or seat == c.to_move):
            return c.mask()
        return np.zeros(self.spec.actions, dtype=np.int8)


def _seat_index(seat: str) -> int:
    if seat == "S":
        return 0
    if seat == "N":
        return 1
    raise ValueError(f"unknown seat {seat!r}: S or N")


#: An opponent: "random", a level name of the engine's games answer
#: ("Beginner", ...), or think's fields ({"agent": "alphabeta", "depth": 4}).
OpponentSpec = Union[str, Dict[str, Any]]


class Opponent:
    """An agent of the engine choosing moves (the ``think`` command, or the
    library's on the native backend: the same agents, seeded alike).

    ``spec`` is ``"random"``, ``"alphabeta"`` or ``"mcts"`` (the agent with
    its default budget), a level name from the engine's ``games`` answer
    for ``game`` (case-insensitive: ``"beginner"``), or a dict of think's
    fields (``agent``, ``depth``, ``iterations``, ``timeMs``). Each move
    gets a seed from the environment's generator, so a seeded reset
    replays the same games (with no time budget). ``backend`` and
    ``engine`` as for :class:`Game`.
    """

    def __init__(self, spec: OpponentSpec, *, game: str, engine: Optional[Engine] = None,
                 backend: Optional[str] = None) -> None:
        self.backend = choose(backend, engine)
        self.engine = engine
        self.game = game
        self.fields = resolve_opponent(spec, game=game, engine=engine)

    def move(self, position: str, seed: int) -> str:
        """The agent's move in ``position`` (notation)."""
        if self.backend == "native":
            from . import _cabi

            return _cabi.think(position, seed, self.fields)
        eng = self.engine if self.engine is not None else shared_engine()
        return eng.request("think", position=position, seed=seed, **self.fields)["move"]

    @property
    def name(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.fields.items())

    def __getstate__(self) -> Dict[str, Any]:
        return {"backend": self.backend, "engine": None, "game": self.game, "fields": dict(self.fields)}

    def __setstate__(self, st: Dict[str, Any]) -> None:
        self.__dict__.update(st)


def resolve_opponent(spec: OpponentSpec, *, game: str, engine: Optional[Engine] = None) -> Dict[str, Any]:
    """think's fields for an opponent spec (see :class:`Opponent`); a
    level name is looked up in ``engine``'s ``games`` answer (default: the
    shared engine)."""
    if isinstance(spec, dict):
        fields = dict(spec)
        if "agent" not in fields:
            raise ValueError(f"opponent {spec!r} has no agent")
        return fields
    if not isinstance(spec, str):
        raise TypeError(f"opponent must be a name or a dict of think's fields, not {type(spec).__name__}")
    if spec in ("random", "alphabeta", "mcts"):
        return {"agent": spec}
    names: List[str] = []
    for g in (engine if engine is not None else shared_engine()).games()["games"]:
        if g["name"] == game:
            for lv in g.get("levels", []):
                names.append(lv["name"])
                if lv["name"].lower() == spec.lower():
                    return dict(lv["agent"])
    raise ValueError(f"unknown opponent {spec!r}: random, alphabeta, mcts, think's fields as a dict, "
                     f"or a level of {game}: {', '.join(names) or '(none)'}")


def seats_of(seat: str, n: int) -> Sequence[str]:
    """The agent's seat of each of n environments: "S", "N", or
    "alternate" (South in even ones)."""
    if seat in SEATS:
        return [seat] * n
    if seat == "alternate":
        return [SEATS[i % 2] for i in range(n)]
    raise ValueError(f"unknown seat {seat!r}: S, N or alternate")
