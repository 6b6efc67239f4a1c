"""The go-mancala games (Kisolo, Kiothi, Bao la Kimasai) in Python, in this
process: the Go rules built into a C library (``_libmancala.so``, loaded
with ctypes at the first reset, step or think; never at import).

- :mod:`mancala_engine.env`: :class:`~mancala_engine.env.Game`, one game
  stepped by action id, optionally against any agent, and
  :meth:`~mancala_engine.env.Game.think` / :func:`think`, any agent's
  answer (move, value, outcome, line, depth, nodes);
- :mod:`mancala_engine.vector`: :class:`~mancala_engine.vector.VectorGame`,
  n games per call as numpy arrays;
- :mod:`mancala_engine.gymnasium`, :mod:`mancala_engine.pettingzoo`,
  :mod:`mancala_engine.openspiel`: the frameworks' environments and games.

``python -m mancala_engine`` prints the version, the library, its build id
and the games.
"""

__version__ = "0.2.0"

from ._errors import ForkedError, IllegalAction, LibraryError, MancalaError  # noqa: E402
from ._specs import GAMES  # noqa: E402


def library_info() -> dict:
    """The library this package runs on (loading it): ``path``,
    ``version`` (the Go module's version and revision), ``build_id``,
    ``abi``, ``games`` (each with its levels) and the agent ``limits``."""
    from ._cabi import library_info as _info

    return _info()


def think(position, spec="level:expert", *, seed=0):
    """What agent ``spec`` plays in ``position``: see
    :func:`mancala_engine.env.think`."""
    from .env import think as _think

    return _think(position, spec, seed=seed)


__all__ = ["GAMES", "ForkedError", "IllegalAction", "LibraryError", "MancalaError", "library_info", "think",
           "__version__"]
