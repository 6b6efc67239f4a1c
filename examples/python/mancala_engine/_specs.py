"""The games and their environment sizes, from ``_games.py`` (written by
the build from the Go rules, read without loading the library), and from
the library for rule sets the table does not hold."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from ._errors import LibraryError

try:
    from ._games import GAMES as _TABLE
except ImportError:  # a source tree that was never built
    _TABLE = []

#: The keys every entry of the build's table has; a table written by an
#: older build lacks some, and is refused as stale by table_loaded.
_KEYS = ("name", "title", "levels", "options", "specs")
_STALE = bool(_TABLE) and not all(all(k in g for k in _KEYS) for g in _TABLE)
if _STALE:
    _TABLE = []

#: The games, in the library's order (none in a source tree that was never
#: built: using a game then raises table_loaded's LibraryError).
GAMES: Tuple[str, ...] = tuple(g["name"] for g in _TABLE)
#: The largest horizon (plies) and plies count the library takes (mancala/env.MaxHorizon).
MAX_HORIZON = 100_000
#: The largest seed: seeds are unsigned 64-bit integers.
MAX_SEED = (1 << 64) - 1


def title(game: str) -> str:
    """The game's title ("Bao la Kimasai"), or its name for no game."""
    for g in _TABLE:
        if g["name"] == game:
            return str(g["title"])
    return game


def levels(game: str) -> List[Dict[str, Any]]:
    """The game's levels, weakest first: ``{"name", "rating", "agent"}``."""
    for g in _TABLE:
        if g["name"] == game:
            return [dict(lv) for lv in g["levels"]]
    return []


def options(game: str) -> List[Dict[str, Any]]:
    """The game's rule options: ``{"name", "values", "default", "clause"}``
    (``values`` None for a long integer range)."""
    for g in _TABLE:
        if g["name"] == game:
            return [dict(o) for o in g["options"]]
    return []


@dataclass(frozen=True, eq=False)
class Spec:
    """What a learning environment needs to know of a game under its rules.

    ``rules`` is the canonical rules text (``""`` for the defaults),
    ``actions`` the number of action ids, ``obs_len`` the observation's
    length, ``low``/``high`` its inclusive bounds per element (uint8
    arrays, read-only), ``names`` what each element is, ``horizon`` the
    ply count at which an unfinished game is truncated, and ``start`` the
    start position.
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


def _spec(game: str, s: Dict[str, Any]) -> Spec:
    low = np.asarray(s["low"], dtype=np.uint8)
    high = np.asarray(s["high"], dtype=np.uint8)
    low.setflags(write=False)
    high.setflags(write=False)
    return Spec(game=game, rules=s["rules"], actions=int(s["actions"]), mask_bytes=(int(s["actions"]) + 7) // 8,
                obs_len=int(s["obsLen"]), names=tuple(s["names"]), low=low, high=high, horizon=int(s["horizon"]),
                start=s["start"])


_cache: Dict[Tuple[str, str], Spec] = {}
for _g in _TABLE:
    for _s in _g["specs"]:
        _cache[(_g["name"], _s["rules"])] = _spec(_g["name"], _s)


def check_game(game: Any) -> str:
    if not isinstance(game, str):
        raise TypeError(f"game must be a name (str), not {type(game).__name__}")
    if game not in GAMES:
        table_loaded()
        raise ValueError(f"unknown game {game!r}: one of {', '.join(GAMES)}")
    return game


def spec_of(game: str, rules: Optional[str]) -> Spec:
    """The Spec of game under rules: from the build's table for the
    defaults and every single-option rule set (no library needed), else
    from the library (which then loads, and checks the rules)."""
    check_game(game)
    if rules is not None and not isinstance(rules, str):
        raise TypeError(f"rules must be the rules= text, not {type(rules).__name__}")
    key = (game, rules or "")
    s = _cache.get(key)
    if s is not None:
        return s
    from . import _cabi

    _cabi.enc(rules, "rules")
    import ctypes

    e = _cabi.Env(game, rules or "", None, _cabi.SEAT_NONE, 0, 0)
    sp = e.spec()
    low = np.zeros(sp.obs_len, np.float32)
    high = np.zeros(sp.obs_len, np.float32)
    st = e.lib.env_obs_bounds(e.h, _cabi.addr(low), _cabi.addr(high), sp.obs_len)
    if st != 0:
        raise e.error(st, "obs_bounds")
    names = e.text("env_obs_names")
    start = e.text("env_position")
    canon = ""
    for f in start.split()[1:]:
        if f.startswith("rules="):
            canon = f[len("rules="):]
    del ctypes
    s = _spec(game, {"rules": canon, "actions": sp.actions, "obsLen": sp.obs_len, "names": names.split("\n"),
                     "low": low.astype(np.uint8).tolist(), "high": high.astype(np.uint8).tolist(),
                     "horizon": sp.horizon, "start": start})
    _cache[key] = s
    _cache.setdefault((game, canon), s)
    return s


def table_loaded() -> bool:
    if _STALE:
        raise LibraryError("mancala_engine: _games.py was written by an older build (an entry lacks one of "
                           + ", ".join(_KEYS) + "): rebuild with pip install ./examples/python from a checkout with Go")
    if not _TABLE:
        raise LibraryError("mancala_engine: this source tree was never built (no _games.py): install a wheel, or "
                           "pip install ./examples/python from a checkout with Go")
    return True
