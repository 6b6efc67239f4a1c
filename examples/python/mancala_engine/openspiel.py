"""The three games as OpenSpiel Python games (needs ``open-spiel``: ``pip
install './examples/python[openspiel]'``).

Importing this module registers ``kisolo``, ``kiothi`` and ``kimasai``
with pyspiel:

    import pyspiel
    import mancala_engine.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("kisolo", {"rules": "Columns:6"})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns(), state.history())

Game parameters: ``rules`` (the ``rules=`` text of docs/notation.md,
``""`` for the defaults, e.g. ``"Columns:6"`` or
``"Setup:FiveByFive"``), ``horizon`` (plies; 0, the default, for the
game's own) and ``backend`` (``"auto"``, ``"native"`` or ``"engine"``, as
for :class:`mancala_engine.env.Game`). Each game is sequential,
deterministic, perfect-information, zero-sum with terminal rewards: +1 to
the winner, -1 to the loser, 0 each for a draw. A game still going at the
horizon ends there as a draw (OpenSpiel needs a bounded game length:
``max_game_length`` is the horizon). Player 0 is South (who moves first),
player 1 North; the same player may move several times in a row (Kiothi's
opening steps), so ``current_player()`` is whoever is to move.

Action ids are the package's (docs/design.md, "Action ids": relative to the
player to move; ``num_distinct_actions`` is the spec's ``actions``), and
``action_to_string`` gives the move in the game's notation ("xb3").
``observation_tensor(player)`` is the board seen from that player's seat
(the package's observation, as float32: layout in the README), and
``observation_string`` / ``str(state)`` the position line. States clone,
serialize (``pyspiel.serialize_game_and_state``: the history), pickle and
deep-copy.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np

try:
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as _e:  # pragma: no cover - depends on the machine
    raise ImportError("mancala_engine.openspiel needs open-spiel (pip install 'mancala-engine[openspiel]'): "
                      + str(_e)) from _e

from .env import Game, IllegalAction

__all__ = ["GAMES", "MancalaGame", "MancalaState", "KisoloGame", "KiothiGame", "KimasaiGame", "register"]

#: The registered short names and their games.
GAMES = {"kisolo": "Kisolo", "kiothi": "Kiothi", "kimasai": "Bao la Kimasai"}

_PARAMS = {"rules": "", "horizon": 0, "backend": "auto"}


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
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_PARAMS),
    )


class MancalaGame(pyspiel.Game):
    """One of the three games under its rules (see the module's
    documentation). ``name`` is ``kisolo``, ``kiothi`` or ``kimasai``."""

    def __init__(self, name: str, params: Optional[Dict[str, Any]] = None) -> None:
        p = dict(_PARAMS)
        p.update(params or {})
        rules = p["rules"]
        horizon = int(p["horizon"])
        backend = p["backend"]
        # A Game checks the rules and gives the spec (and the horizon).
        probe = Game(name, rules or None, horizon=horizon or None, backend=None if backend == "auto" else backend)
        self.mancala_game = name
        self.rules = probe.rules
        self.horizon = probe.horizon
        self.backend = probe.backend
        self.spec = probe.spec
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.horizon,
        )
        super().__init__(_game_type(name), info, p)

    def new_initial_state(self) -> "MancalaState":
        return MancalaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)

    def observation_tensor_shape(self) -> List[int]:  # noqa: D102 - pyspiel's
        return [self.spec.obs_len]

    def observation_tensor_size(self) -> int:  # noqa: D102 - pyspiel's
        return self.spec.obs_len


class MancalaState(pyspiel.State):
    """A state: a :class:`mancala_engine.env.Game` and the actions played."""

    def __init__(self, game: MancalaGame) -> None:
        super().__init__(game)
        self._g = Game(game.mancala_game, game.rules or None, horizon=game.horizon, backend=game.backend)
        self._g.reset()

    @property
    def game_state(self) -> Game:
        """The package's game (position, plies, history, move texts)."""
        return self._g

    def current_player(self) -> int:
        g = self._g
        if g.over:
            return pyspiel.PlayerId.TERMINAL
        return 0 if g.to_move == "S" else 1

    def _legal_actions(self, player: int) -> List[int]:
        return self._g.legal

    def _apply_action(self, action: int) -> None:
        self._g.step(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        g = self._g
        if not g.over and g.to_move == ("S" if player == 0 else "N"):
            try:
                return g.action_to_move(action)
            except IllegalAction:
                pass
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._g.over

    def returns(self) -> List[float]:
        g = self._g
        if g.terminated:
            r = g.rewards
            return [r[0], r[1]]
        return [0.0, 0.0]

    def __str__(self) -> str:
        return self._g.position

class _Observer:
    """The package's observation from a player's seat, as float32."""

    def __init__(self, game: MancalaGame, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(game.spec.obs_len, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MancalaState, player: int) -> None:
        self.tensor[:] = state.game_state.observation("S" if player == 0 else "N")

    def string_from(self, state: MancalaState, player: int) -> str:
        return state.game_state.position


class KisoloGame(MancalaGame):
    """Kisolo as an OpenSpiel game (``pyspiel.load_game("kisolo", {"rules": ...})``)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__("kisolo", params)


class KiothiGame(MancalaGame):
    """Kiothi as an OpenSpiel game (``pyspiel.load_game("kiothi", {"rules": ...})``)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__("kiothi", params)


class KimasaiGame(MancalaGame):
    """Bao la Kimasai as an OpenSpiel game (``pyspiel.load_game("kimasai", {"rules": ...})``)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__("kimasai", params)


_CLASSES = {"kisolo": KisoloGame, "kiothi": KiothiGame, "kimasai": KimasaiGame}


def register() -> None:
    """Registers the three games with pyspiel (done at import; twice is
    harmless)."""
    names = set(pyspiel.registered_names())
    for name, cls in _CLASSES.items():
        if name not in names:
            pyspiel.register_game(_game_type(name), cls)


register()
