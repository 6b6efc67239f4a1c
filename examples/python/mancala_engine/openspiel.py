"""The three games as OpenSpiel Python games (needs ``open-spiel``: ``pip
install './examples/python[openspiel]'``).

Importing this module registers ``kisolo``, ``kiothi`` and ``kimasai``
with pyspiel:

    import pyspiel
    import mancala_engine.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("kisolo(Columns=8,Repetition=Three)")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns(), state.history())

**Game parameters.** Each rule option of docs/notation.md is its own
parameter, named as in ``rules=`` (``Columns``, ``Setup``, ``Repetition``,
...; :data:`OPTIONS` lists them with their kinds, defaults and values):
an ``int`` option takes an integer, a ``bool`` option ``True``/``False``
(``true``/``false`` are accepted too) and an enum option its value's name.
``horizon`` (plies; 0, the default, for the game's own) is the last one.
``str(game)`` names only the parameters given, so
``pyspiel.load_game(str(game))`` gives the same game:
``kisolo(Columns=8,Repetition=Three)``, ``kisolo()`` for the defaults.
:func:`game_string` turns a ``rules=`` text into that string
(``game_string("kisolo", "Columns:8,Repetition:Three")``) and
``game.rules`` gives the canonical ``rules=`` text back.

Each game is sequential, deterministic, perfect-information, zero-sum with
terminal rewards: +1 to the winner, -1 to the loser, 0 each for a draw. A
game still going at the horizon ends there as a draw, so
``max_game_length`` is finite under every rule set (the horizon). Player 0
is South (who moves first), player 1 North; the same player may move
several times in a row (Kiothi's opening steps), so ``current_player()`` is
whoever is to move.

**States.** Action ids are the package's (docs/design.md, "Action ids":
relative to the player to move; ``num_distinct_actions`` is the spec's
``actions``), and ``action_to_string`` gives the move in the game's
notation ("xb3"). ``observation_tensor(player)`` is the board seen from
that player's seat (the package's observation as float32: layout in the
README); ``information_state_tensor`` is the same tensor (a position and
the plies played decide the game but for ``Repetition:Three``, whose
earlier positions only ``information_state_string``, the move history,
carries), ``observation_string`` and ``str(state)`` the position line.
``apply_action``, ``legal_actions``, ``undo_action``, ``clone``,
``child``, ``history``, ``move_number`` and the tensors are the package's
own :class:`mancala_engine.env.Game` calls (no OpenSpiel round trip, no
state built to learn a tensor's size).

**Serialization.** A state is its game line and its move history:
``state.serialize()`` is the history as text (``"3,0,5"``, the action ids)
and ``game.deserialize_state(text)`` replays it through the rules,
refusing a history that is illegal or out of range with ValueError.
``pickle`` and ``copy`` of a state do the same, and
``pyspiel.serialize_game_and_state`` / ``deserialize_game_and_state``
round-trip. **Never pass an untrusted string to
``pyspiel.deserialize_game_and_state``** (or unpickle an untrusted state):
OpenSpiel restores a Python game's state by unpickling a blob inside the
string before this package sees it, and a crafted blob runs code. Send
the game string and the move history as text instead, and rebuild with
``pyspiel.load_game(game_string).deserialize_state(history)``, which never
unpickles.

OpenSpiel keeps a history of its own for the states its C++ code steps
(``pyspiel.random_sim_test``, C++ bots); this module keeps it equal to the
package's as long as a state is stepped either all from C++ or all from
Python. ``undo_action`` from Python cannot take the action out of
OpenSpiel's C++ copy: after an undo, use ``state.serialize()`` or pickle,
not ``pyspiel.serialize_game_and_state``.
"""

from __future__ import annotations

import base64
import io
import pickle
import sys
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

try:
    import pyspiel
except ImportError as _e:  # pragma: no cover - depends on the machine
    raise ImportError("mancala_engine.openspiel needs open-spiel (pip install 'mancala-engine[openspiel]'): "
                      + str(_e)) from _e

from . import _specs
from .env import Game, IllegalAction

#: The registered short names and their games' titles, from the library's
#: list of games (the package's _games.py, read without loading it).
GAMES = {g: _specs.title(g) for g in _specs.GAMES}

__all__ = ["GAMES", "OPTIONS", "MancalaGame", "MancalaState", "register", "game_string", "load_game",
           "params_of_rules", "PlayerAction"] + [g.capitalize() + "Game" for g in GAMES]

def _options(game: str) -> Tuple[Tuple[str, str, Any, Optional[Tuple[Any, ...]]], ...]:
    """The game's rule options as game parameters, from the package's games
    table (the library's mancala.RuleOption, read without loading it)."""
    out = []
    for o in _specs.options(game):
        values = o.get("values")
        if values == ["false", "true"]:
            out.append((o["name"], "bool", o["default"] == "true", (False, True)))
        elif values is None or all(v.isdigit() for v in values):
            out.append((o["name"], "int", int(o["default"]), None if values is None else tuple(map(int, values))))
        else:
            out.append((o["name"], "enum", o["default"], tuple(values)))
    return tuple(out)


#: The rule options of each game as game parameters: (name, kind, default,
#: values), sorted by name; kind is "int", "bool" or "enum"; values None
#: for an integer range the library checks (MaxLaps). They are the
#: library's rule options (mancala.RuleOption; docs/notation.md).
OPTIONS: Dict[str, Tuple[Tuple[str, str, Any, Optional[Tuple[Any, ...]]], ...]] = {g: _options(g) for g in GAMES}

#: The largest horizon a game parameter may ask for (plies): the library's.
MAX_HORIZON = _specs.MAX_HORIZON

#: The most games a game keeps for its new states.
_POOL = 32
#: The longest history a clone replays on a pooled game instead of copying.
_REPLAY = 32

#: The longest text deserialize_state reads (characters).
MAX_SERIALIZED = 1 << 20


def _spec(name: str) -> Dict[str, Any]:
    spec: Dict[str, Any] = {o[0]: o[2] for o in OPTIONS[name]}
    spec["horizon"] = 0
    return spec


def _game_type(name: str) -> Any:
    return pyspiel.GameType(
        short_name=name,
        long_name=f"{GAMES[name]} (go-mancala)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_spec(name),
    )


def _option_value(game: str, opt: Tuple[str, str, Any, Optional[Tuple[Any, ...]]], value: Any) -> Any:
    """value checked against the option (a bool option also takes "true"
    and "false"); ValueError or TypeError naming the option."""
    name, kind, _, values = opt
    if kind == "bool":
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        if not isinstance(value, (bool, np.bool_)):
            raise TypeError(f"{game} parameter {name} is True or False, not {value!r}")
        return bool(value)
    if kind == "int":
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{game} parameter {name} is an integer, not {value!r}")
        v = int(value)
        if values is not None and v not in values:
            raise ValueError(f"{game} parameter {name}={v} is not one of {', '.join(map(str, values))}")
        return v
    if not isinstance(value, str) or value not in (values or ()):
        raise ValueError(f"{game} parameter {name}={value!r} is not one of {', '.join(values or ())}")
    return value


def _rules_text(game: str, params: Dict[str, Any]) -> Tuple[str, Dict[str, Any]]:
    """The rules= text of checked parameters, and the parameters that
    differ from the defaults (those str(game) names)."""
    known = {o[0]: o for o in OPTIONS[game]}
    for k in params:
        if k not in known and k != "horizon":
            raise ValueError(f"unknown {game} parameter {k!r}: one of {', '.join(list(known) + ['horizon'])}")
    parts = []
    given: Dict[str, Any] = {}
    for name, opt in known.items():
        if name not in params:
            continue
        v = _option_value(game, opt, params[name])
        if v != opt[2]:
            given[name] = v
            parts.append(f"{name}:{str(v).lower() if opt[1] == 'bool' else v}")
    return ",".join(parts), given


def params_of_rules(game: str, rules: str = "") -> Dict[str, Any]:
    """The game parameters of a ``rules=`` text (``"Columns:8,Repetition:Three"``
    gives ``{"Columns": 8, "Repetition": "Three"}``); ValueError for an
    unknown game, option or value."""
    if game not in OPTIONS:
        raise ValueError(f"unknown game {game!r}: one of {', '.join(OPTIONS)}")
    known = {o[0]: o for o in OPTIONS[game]}
    params: Dict[str, Any] = {}
    for part in (rules or "").split(","):
        if not part:
            continue
        name, sep, value = part.partition(":")
        if not sep or name not in known:
            raise ValueError(f"{game} rules {rules!r}: {part!r} is not Option:value with an option of "
                             f"{', '.join(known)}")
        kind = known[name][1]
        v: Any = value
        if kind == "int":
            try:
                v = int(value)
            except ValueError:
                raise ValueError(f"{game} rules {rules!r}: {name} takes an integer, not {value!r}") from None
        params[name] = _option_value(game, known[name], v)
    return params


def game_string(game: str, rules: str = "", horizon: int = 0) -> str:
    """OpenSpiel's game string for ``game`` under a ``rules=`` text:
    ``game_string("kisolo", "Columns:8,Repetition:Three")`` is
    ``"kisolo(Columns=8,Repetition=Three)"`` (what ``str(game)`` gives)."""
    params = params_of_rules(game, rules)
    _, given = _rules_text(game, params)
    if horizon:
        given["horizon"] = int(horizon)
    return f"{game}({','.join(f'{k}={v}' for k, v in given.items())})"


def load_game(game: str, rules: str = "", horizon: int = 0) -> "MancalaGame":
    """``pyspiel.load_game`` of :func:`game_string`."""
    return pyspiel.load_game(game_string(game, rules, horizon))


class MancalaGame(pyspiel.Game):
    """One of the three games under its rules (see the module's
    documentation). ``name`` is ``kisolo``, ``kiothi`` or ``kimasai``;
    ``params`` the game parameters (pyspiel passes every one, the defaults
    filled in). Attributes: ``mancala_game`` (the name), ``rules`` (the
    canonical ``rules=`` text, ``""`` for the defaults), ``horizon``
    (plies) and ``spec`` (the package's :class:`mancala_engine.env.Spec`).
    Raises ValueError or TypeError for an unknown parameter or a value
    the option does not take."""

    def __init__(self, name: str, params: Optional[Dict[str, Any]] = None) -> None:
        p = dict(params or {})
        rules, given = _rules_text(name, p)
        horizon = p.get("horizon", 0)
        if isinstance(horizon, (bool, np.bool_)) or not isinstance(horizon, (int, np.integer)):
            raise TypeError(f"{name} parameter horizon is an integer (plies), not {horizon!r}")
        horizon = int(horizon)
        if not 0 <= horizon <= MAX_HORIZON:
            raise ValueError(f"{name} parameter horizon={horizon} is not 0 (the game's) or 1..{MAX_HORIZON}")
        # A Game checks the rules and gives the spec (and the horizon).
        probe = Game(name, rules or None, horizon=horizon or None)
        probe.reset()
        self.mancala_game = name
        # str(game) names the canonical rules' options (what the library
        # made of the parameters), so load_game(str(game)) is this game.
        _, given = _rules_text(name, params_of_rules(name, probe.rules))
        self.rules = probe.rules
        self.horizon = probe.horizon
        self.spec = probe.spec
        self._start = probe
        if horizon:
            given["horizon"] = horizon
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.horizon,
        )
        super().__init__(_game_type(name), info, given)
        self._string = str(self)  # pyspiel's game string (one C++ call, kept)
        self._tensor_shape = [self.spec.obs_len]
        # Games of states that are gone, reset to the start: a new state
        # takes one (a reset) rather than making one (a new library
        # environment, several times the cost).
        self._pool: List[Game] = []

    def new_initial_state(self) -> "MancalaState":
        return MancalaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, perfect_recall)

    def observation_tensor_shape(self) -> List[int]:  # noqa: D102 - pyspiel's
        return list(self._tensor_shape)

    def observation_tensor_size(self) -> int:  # noqa: D102 - pyspiel's
        return self.spec.obs_len

    def information_state_tensor_shape(self) -> List[int]:  # noqa: D102 - pyspiel's
        return list(self._tensor_shape)

    def information_state_tensor_size(self) -> int:  # noqa: D102 - pyspiel's
        return self.spec.obs_len

    def deserialize_state(self, text: str) -> "MancalaState":
        """The state of this game after the move history ``text``, replayed
        through the rules: ``state.serialize()``'s text (``"3,0,5"``, the
        action ids; ``""`` for the start), or the [State] part of
        ``pyspiel.serialize_game_and_state``, whose history it reads
        without ever unpickling anything. ValueError for anything else, an
        id out of range or illegal where it is played, or a state of
        another game."""
        if not isinstance(text, str):
            raise TypeError(f"deserialize_state takes text, not {type(text).__name__}")
        if len(text) > MAX_SERIALIZED:
            raise ValueError(f"serialized state of {len(text)} characters is over {MAX_SERIALIZED}")
        return _replay_state(self, _parse_history(self, text))

    def __reduce__(self) -> Any:
        return (pyspiel.load_game, (self._string,))


class PlayerAction(NamedTuple):
    """An entry of ``full_history()``: the player who moved and the action
    id (the fields of pyspiel.PlayerAction)."""

    player: int
    action: int


class _Record:
    """The one entry of a state's ``__dict__``: what OpenSpiel's C++ side
    copies when it clones a state (``copy.deepcopy``: the game cloned) and
    pickles when it serializes one (the game string and the action ids, as
    a plain tuple)."""

    __slots__ = ("game", "g")

    def __init__(self, game: str, g: Optional[Game]) -> None:
        self.game = game
        self.g = g

    def __deepcopy__(self, memo: Dict[int, Any]) -> "_Record":
        return _Record(self.game, None if self.g is None else self.g.clone())

    def __reduce__(self) -> Any:
        return (tuple, ((self.game, None if self.g is None else tuple(self.g.history)),))


class _RecordSlot:
    """A state's ``mancala`` attribute: reads go to the instance's
    ``__dict__`` (no ``__get__``); a write (OpenSpiel's clone or
    deserialization setting the attributes it copied) is checked here."""

    def __set__(self, state: "MancalaState", value: Any) -> None:
        if isinstance(value, _Record):  # a clone's deep copy
            if value.game != state._game._string:
                raise ValueError(f"a state of {value.game} given to {state._game._string}")
            state.__dict__["mancala"] = value
            if value.g is None:
                try:
                    del state._g
                except AttributeError:
                    pass
            else:
                state._g = value.g
            return
        # Unpickled by OpenSpiel's deserialization: (game string, ids).
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str)):
            raise ValueError(f"not a state of {state._game._string}: {type(value).__name__}")
        game, ids = value
        if game != state._game._string:
            raise ValueError(f"a state of {game} given to {state._game._string}")
        line = [int(a) for a in pyspiel.State.history(state)]
        if ids is None:
            ids = line
        elif line and list(ids) != line:
            raise ValueError(f"the history line {line} is not the state's moves {list(ids)}")
        g = _replay(state._game, ids)
        state.__dict__["mancala"] = _Record(game, g)
        state._g = g


class MancalaState(pyspiel.State):
    """A state: a :class:`mancala_engine.env.Game` and the actions played
    (see the module's documentation)."""

    __slots__ = ("_g", "_game", "__dict__")
    mancala = _RecordSlot()

    def __init__(self, game: MancalaGame) -> None:
        super().__init__(game)
        self._game = game
        self.__dict__["mancala"] = _Record(game._string, None)

    def __getattr__(self, name: str) -> Any:
        # The game is built on first use (a new state or a clone made by
        # OpenSpiel's C++ side): from OpenSpiel's history of the state.
        if name != "_g":
            raise AttributeError(name)
        g = _replay(self._game, [int(a) for a in pyspiel.State.history(self)])
        self._g = g
        self.__dict__["mancala"].g = g
        return g

    def __del__(self) -> None:
        # The state's game goes back to its game's pool when nothing else
        # holds it (the slot, the record, this frame and getrefcount's
        # argument are the 4 references).
        try:
            g = object.__getattribute__(self, "_g")
            pool = self._game._pool
            if len(pool) < _POOL and sys.getrefcount(g) <= 4 and not g.opponent:
                g.reset()
                pool.append(g)
        except Exception:  # noqa: BLE001 - a finalizer must not raise (interpreter exit, a library error)
            pass

    @property
    def game_state(self) -> Game:
        """The package's game (position, plies, history, move texts)."""
        return self._g

    # The calls OpenSpiel's C++ side makes.

    def current_player(self) -> int:
        g = self._g
        if g.over:
            return pyspiel.PlayerId.TERMINAL
        return 0 if g.to_move == "S" else 1

    def _legal_actions(self, player: int) -> List[int]:
        return self._g.legal

    def _apply_action(self, action: int) -> None:
        self._g.step(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self._g.over

    def returns(self) -> List[float]:
        g = self._g
        if g.terminated:
            r = g.rewards
            return [r[0], r[1]]
        return [0.0, 0.0]

    def rewards(self) -> List[float]:
        return self.returns()

    def __str__(self) -> str:
        return self._g.position

    # The same calls from Python, without the round trip through C++.

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        g = self._g
        if g.over or (player is not None and player != (0 if g.to_move == "S" else 1)):
            return []
        return g.legal

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        g = self._g
        if g.over or (player is not None and player != (0 if g.to_move == "S" else 1)):
            return [0] * self._game.spec.actions
        return g._mask_list()

    def apply_action(self, action: int) -> None:
        g = self._g
        if g.over:
            raise pyspiel.SpielError(f"apply_action({action}) on a terminal state {g.position}")
        try:
            g.step(action)
        except IllegalAction as e:
            raise pyspiel.SpielError(str(e)) from None

    def apply_action_with_legality_check(self, action: int) -> None:
        self.apply_action(action)

    def undo_action(self, player: int, action: int) -> None:
        """Takes back ``action``, the last action played, by ``player``
        (ValueError if it was not, or nothing was played)."""
        g = self._g
        if not g.history:
            raise ValueError("undo_action: nothing was played")
        if g.history[-1] != action:
            raise ValueError(f"undo_action: the last action was {g.history[-1]}, not {action}")
        h = g.history[:-1]
        before = self._game._start.clone()
        for a in h:
            before.step(a)
        mover = 0 if before.to_move == "S" else 1
        if mover != player:
            raise ValueError(f"undo_action: action {action} was player {mover}'s, not {player}'s")
        g.undo()

    def action_to_string(self, player: int, action: Optional[int] = None) -> str:
        if action is None:
            player, action = self.current_player(), player
        g = self._g
        if not g.over and player == (0 if g.to_move == "S" else 1):
            try:
                return g.action_to_move(action)
            except IllegalAction:
                pass
        return f"action {action}"

    def string_to_action(self, player: int, text: Optional[str] = None) -> int:
        if text is None:
            player, text = self.current_player(), player
        try:
            return self._g.move_to_action(text)
        except IllegalAction as e:
            raise pyspiel.SpielError(str(e)) from None

    def history(self) -> List[int]:
        return list(self._g.history)

    def history_str(self) -> str:
        return ", ".join(map(str, self._g.history))

    def full_history(self) -> List["PlayerAction"]:
        g = self._game._start.clone()
        out = []
        for a in self._g.history:
            out.append(PlayerAction(0 if g.to_move == "S" else 1, a))
            g.step(a)
        return out

    def move_number(self) -> int:
        return len(self._g.history)

    def is_initial_state(self) -> bool:
        return not self._g.history

    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        if player is None:
            player = self.current_player()
            if player < 0:
                player = 0
        return self._g._obs_list("S" if player == 0 else "N")

    def information_state_tensor(self, player: Optional[int] = None) -> List[float]:
        return self.observation_tensor(player)

    def observation_string(self, player: Optional[int] = None) -> str:
        return self._g.position

    def information_state_string(self, player: Optional[int] = None) -> str:
        return self.history_str()

    def clone(self) -> "MancalaState":
        c = MancalaState(self._game)
        src = self._g
        pool = self._game._pool
        if pool and len(src.history) <= _REPLAY:
            # A short history is cheaper replayed on a pooled game (at the
            # start) than copied into a new library environment.
            g = pool.pop()
            for a in src.history:
                g.step(a)
        else:
            g = src.clone()
        c._g = g
        c.__dict__["mancala"].g = g
        return c

    def child(self, action: int) -> "MancalaState":
        c = self.clone()
        c.apply_action(action)
        return c

    def serialize(self) -> str:
        """The move history as text: the action ids joined by commas (read
        back by the game's ``deserialize_state``)."""
        return ",".join(map(str, self._g.history))

    def __copy__(self) -> "MancalaState":
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "MancalaState":
        return self.clone()

    def __reduce__(self) -> Any:
        return (_restore, (self._game._string, tuple(self._g.history)))


def _replay(game: MancalaGame, ids: Sequence[Any]) -> Game:
    """A Game of ``game`` after the action ids ``ids`` (ValueError for one
    that is not an integer, out of range or illegal where it is played)."""
    if len(ids) > game.horizon:
        raise ValueError(f"a history of {len(ids)} actions is longer than the horizon {game.horizon}")
    g = game._pool.pop() if game._pool else game._start.clone()
    for i, a in enumerate(ids):
        if isinstance(a, (bool, np.bool_)) or not isinstance(a, (int, np.integer)):
            raise ValueError(f"action {i + 1} of the history, {a!r}, is not an action id")
        if g.over:
            raise ValueError(f"action {i + 1} of the history, {a}, comes after the end of the game")
        try:
            g.step(int(a))
        except IllegalAction as e:
            raise ValueError(f"action {i + 1} of the history of {game._string}: {e}") from None
    return g


def _replay_state(game: MancalaGame, ids: Sequence[Any]) -> MancalaState:
    s = MancalaState(game)
    g = _replay(game, ids)
    s._g = g
    s.__dict__["mancala"].g = g
    return s


class _NoGlobals(pickle.Unpickler):
    """An unpickler of plain data (the tuple of a _Record): it refuses
    every global but ``tuple``, so it builds no object that runs code."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("builtins", "tuple"):
            return tuple
        raise ValueError(f"the serialized state names {module}.{name}: refused (only plain data is read)")


def _parse_ids(game: MancalaGame, text: str) -> List[int]:
    ids = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        if not part.isdigit() or len(part) > 9:
            raise ValueError(f"{part!r} in the history of {game._string} is not an action id")
        ids.append(int(part))
    return ids


def _parse_history(game: MancalaGame, text: str) -> List[int]:
    text = text.strip()
    if not text.startswith("history="):
        return _parse_ids(game, text)
    # pyspiel's format: history=p:a,... / move_number=n / __dict__=<base64 pickle>.
    lines = text.split("\n")
    line: List[int] = []
    for pa in lines[0][len("history="):].split(","):
        if not pa:
            continue
        p, sep, a = pa.partition(":")
        if not sep:
            raise ValueError(f"{pa!r} in the history line is not player:action")
        line.extend(_parse_ids(game, a))
    ids: Optional[List[int]] = None
    for ln in lines[1:]:
        if ln.startswith("__dict__="):
            try:
                d = _NoGlobals(io.BytesIO(base64.b64decode(ln[len("__dict__="):], validate=True))).load()
            except ValueError:
                raise
            except Exception as e:  # a broken blob: any of pickle's errors
                raise ValueError(f"the serialized state's data cannot be read: {e}") from None
            rec = d.get("mancala") if isinstance(d, dict) else None
            if not (isinstance(rec, tuple) and len(rec) == 2 and isinstance(rec[0], str)):
                raise ValueError(f"not a serialized state of {game._string}")
            if rec[0] != game._string:
                raise ValueError(f"a state of {rec[0]} given to {game._string}")
            if rec[1] is not None:
                ids = list(rec[1])
                if line and ids != line:
                    raise ValueError(f"the history line {line} is not the state's moves {ids}")
    return line if ids is None else ids


def _restore(game_str: str, ids: Sequence[Any]) -> MancalaState:
    """A state unpickled: the game loaded and the history replayed."""
    game = pyspiel.load_game(game_str)
    if not isinstance(game, MancalaGame):
        raise ValueError(f"{game_str} is not a game of mancala_engine.openspiel")
    return _replay_state(game, list(ids))


class _Observer:
    """The package's observation from a player's seat, as float32, written
    into one buffer (OpenSpiel's C++ side copies it from there); the
    string is the position (or, with perfect recall, the move history)."""

    def __init__(self, game: MancalaGame, perfect_recall: bool) -> None:
        self.tensor = np.zeros(game.spec.obs_len, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = perfect_recall

    def set_from(self, state: MancalaState, player: int) -> None:
        np.copyto(self.tensor, _view(state).observation("S" if player == 0 else "N"))

    def string_from(self, state: MancalaState, player: int) -> str:
        return state.history_str() if self.perfect_recall else _view(state).position


def _view(state: MancalaState) -> Game:
    """The state's game to read from: its own, or, for a state nobody has
    stepped (OpenSpiel's C++ side makes one to learn a tensor's size), the
    game's start, so that no game is built for it."""
    try:
        return object.__getattribute__(state, "_g")
    except AttributeError:
        if not pyspiel.State.history(state):
            return state._game._start
        return state._g


def _game_class(name: str) -> type:
    """The game's class, KisoloGame and so on (pyspiel registers a game by
    its class), named in this module so that pickle finds it."""

    def __init__(self: MancalaGame, params: Optional[Dict[str, Any]] = None) -> None:
        MancalaGame.__init__(self, name, params)

    cls = type(name.capitalize() + "Game", (MancalaGame,), {
        "__init__": __init__, "__module__": __name__,
        "__doc__": f"{GAMES[name]} as an OpenSpiel game (``pyspiel.load_game(\"{name}()\")``)."})
    globals()[cls.__name__] = cls
    return cls


_CLASSES = {g: _game_class(g) for g in GAMES}


def register() -> None:
    """Registers the games with pyspiel (done at import; twice is
    harmless)."""
    names = set(pyspiel.registered_names())
    for name, cls in _CLASSES.items():
        if name not in names:
            pyspiel.register_game(_game_type(name), cls)


register()
