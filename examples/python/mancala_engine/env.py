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

import atexit
import threading
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._client import Engine, EngineError

__all__ = ["SEATS", "Spec", "Game", "IllegalAction", "Opponent", "shared_engine", "env_spec", "GAMES"]

#: The seats, in the order of the engine's reward pairs: South, North.
SEATS = ("S", "N")
#: The games the engine plays.
GAMES = ("kisolo", "kiothi", "kimasai")

_shared: Optional[Engine] = None
_shared_lock = threading.Lock()


def shared_engine() -> Engine:
    """The engine process shared by the environments of this process that
    were not given one (started on first use, closed at exit)."""
    global _shared
    with _shared_lock:
        if _shared is None or _shared.returncode is not None:
            _shared = Engine()
            atexit.register(_shared.close)
        return _shared


class IllegalAction(ValueError):
    """An action id that is out of range, or not legal in the position
    (the game is unchanged)."""


@dataclass(frozen=True, eq=False)
class Spec:
    """What a learning environment needs to know of a game under its rules
    (the engine's ``env_spec``).

    ``actions`` is the number of action ids, ``obs_len`` the observation's
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


_specs: Dict[Tuple[int, str, str], Spec] = {}


def env_spec(engine: Engine, game: str, rules: Optional[str] = None) -> Spec:
    """The Spec of ``game`` under ``rules`` (cached per engine)."""
    key = (id(engine), game, rules or "")
    s = _specs.get(key)
    if s is None:
        s = Spec.from_answer(engine.request("env_spec", game=game, rules=rules or None))
        _specs[key] = s
    return s


class Game:
    """One game of ``game`` under ``rules``, stepped by action id.

    ``horizon`` overrides the spec's (plies; None: the game's). ``engine``
    defaults to :func:`shared_engine`. After :meth:`reset` the attributes
    are: ``position`` (notation), ``to_move`` (``"S"``, ``"N"``, or None
    once the game has ended or been truncated), ``plies`` (plies played),
    ``legal`` (the mover's legal action ids, ascending), ``rewards`` (of
    the last step, per seat), ``terminated``, ``truncated`` and ``result``
    (``"*"`` while the game goes on, else the result text).
    """

    def __init__(self, game: str = "kisolo", rules: Optional[str] = None, *, horizon: Optional[int] = None,
                 engine: Optional[Engine] = None) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
        self.engine = engine if engine is not None else shared_engine()
        self.spec = env_spec(self.engine, game, rules)
        self.game = game
        self.rules = rules or ""
        self.horizon = self.spec.horizon if horizon is None else int(horizon)
        if self.horizon < 1:
            raise ValueError(f"horizon {self.horizon} must be at least 1 ply")
        self._answer: Dict[str, Any] = {}
        self.position = ""
        self.plies = 0
        self.legal: List[int] = []
        self.rewards: Tuple[float, float] = (0.0, 0.0)
        self.terminated = False
        self.truncated = False
        self.result = "*"
        self._mover: Optional[str] = None
        self._obs: List[Optional[np.ndarray]] = [None, None]

    @property
    def to_move(self) -> Optional[str]:
        """The seat to move, or None when the game has ended or was
        truncated."""
        return None if self.terminated or self.truncated else self._mover

    @property
    def over(self) -> bool:
        return self.terminated or self.truncated

    def reset(self, position: Optional[str] = None, plies: int = 0) -> None:
        """Starts again from the start position (or ``position``, taken as
        ``plies`` plies into the game)."""
        a = self.engine.request("step", position=position or self.spec.start, plies=plies or None,
                                horizon=self.horizon)
        self._take(a)
        self.rewards = (0.0, 0.0)

    def step(self, action: int) -> Tuple[float, float]:
        """Plays action id ``action`` for the seat to move and returns the
        rewards (South's, North's). Raises IllegalAction for an id out of
        range or not legal (the game unchanged) and RuntimeError once the
        game is over."""
        if self.over:
            raise RuntimeError("the game is over: reset it")
        a = int(action)
        if not 0 <= a < self.spec.actions:
            raise IllegalAction(f"action {a} out of range 0..{self.spec.actions - 1}")
        try:
            ans = self.engine.request("step", position=self.position, action=a, plies=self.plies or None,
                                      horizon=self.horizon)
        except EngineError as e:
            if e.code in ("illegal", "bad_request"):
                raise IllegalAction(e.message) from None
            raise
        self._take(ans)
        return self.rewards

    def step_move(self, move: str) -> Tuple[float, float]:
        """Plays ``move`` (notation) for the seat to move, as :meth:`step`.
        Used for moves chosen by an engine agent."""
        if self.over:
            raise RuntimeError("the game is over: reset it")
        try:
            ans = self.engine.request("step", position=self.position, move=move, plies=self.plies or None,
                                      horizon=self.horizon)
        except EngineError as e:
            if e.code in ("illegal", "syntax", "bad_request"):
                raise IllegalAction(e.message) from None
            raise
        self._take(ans)
        return self.rewards

    def _take(self, a: Dict[str, Any]) -> None:
        self._answer = a
        self.position = a["position"]
        self.plies = int(a["plies"])
        self.legal = a["legal"]
        r = a["reward"]
        self.rewards = (float(r[0]), float(r[1]))
        self.terminated = bool(a["terminated"])
        self.truncated = bool(a["truncated"])
        self.result = a.get("result", "*")
        self._mover = a["toMove"]
        self._obs = [None, None]

    def observation(self, seat: str) -> np.ndarray:
        """The position seen from ``seat`` (``"S"`` or ``"N"``): a uint8
        array of the spec's length, within its bounds. Do not modify it."""
        i = _seat_index(seat)
        o = self._obs[i]
        if o is None:
            o = np.array(self._answer["obs"][i], dtype=np.uint8)
            o.setflags(write=False)
            self._obs[i] = o
        return o

    def mask(self, seat: Optional[str] = None) -> np.ndarray:
        """The legal-action mask of ``seat`` (default: the seat to move): an
        int8 array of ``spec.actions`` flags, 1 for each legal id; all 0
        for a seat that is not to move and once the game is over."""
        m = np.zeros(self.spec.actions, dtype=np.int8)
        if not self.over and (seat is None or seat == self._mover):
            m[self.legal] = 1
        return m


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
    """An engine agent choosing moves with ``think``.

    ``spec`` is ``"random"``, ``"alphabeta"`` or ``"mcts"`` (the agent with
    its default budget), a level name from the engine's ``games`` answer
    for ``game`` (case-insensitive: ``"beginner"``), or a dict of think's
    fields (``agent``, ``depth``, ``iterations``, ``timeMs``). Each move
    gets a seed from the environment's generator, so a seeded reset
    replays the same games (with no time budget).
    """

    def __init__(self, spec: OpponentSpec, *, game: str, engine: Engine) -> None:
        self.engine = engine
        self.fields = resolve_opponent(spec, game=game, engine=engine)

    def move(self, position: str, seed: int) -> str:
        """The agent's move in ``position`` (notation)."""
        return self.engine.request("think", position=position, seed=seed, **self.fields)["move"]

    @property
    def name(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.fields.items())


def resolve_opponent(spec: OpponentSpec, *, game: str, engine: Engine) -> Dict[str, Any]:
    """think's fields for an opponent spec (see :class:`Opponent`)."""
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
    for g in engine.games()["games"]:
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
