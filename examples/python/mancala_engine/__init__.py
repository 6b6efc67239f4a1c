"""A Python client for the go-mancala JSON-lines engine (examples/mancala-engine),
with environments for learning: a framework-free core
(:mod:`mancala_engine.env`), and adapters for PettingZoo
(:mod:`mancala_engine.pettingzoo`) and Gymnasium
(:mod:`mancala_engine.gymnasium`).

The engine reads one JSON request a line on standard input and writes one
JSON response a line on standard output, in order (docs/engine.md). This
module starts it, sends requests, matches the responses to them (by order,
checking ids), turns error responses into :class:`EngineError` exceptions
and stops the process cleanly. It uses the standard library only (Python
3.9 or later, POSIX).

    from mancala_engine import Engine

    with Engine() as engine:     # $MANCALA_ENGINE, mancala-engine on PATH, or built once
        state = engine.state(game="kisolo")
        after = engine.apply(state["position"], state["legal"][0])["after"]
        print(engine.think(after["position"], "alphabeta", depth=4)["move"])

Answers are the engine's JSON objects as dicts, without "id" and "ok";
their fields are those of package mancala/wire (``position``, ``legal``,
``outcome``, ...). Positions and moves are text in the notation of
docs/notation.md.
"""

__version__ = "0.1.0"

from ._client import Answer, Engine, EngineClosed, EngineError, ForkedError, ProtocolError  # noqa: E402
from ._locate import EngineNotFound, cache_dir, find_engine, module_root  # noqa: E402
from ._native import NativeUnavailable  # noqa: E402


def backend_info() -> dict:
    """Which backend ``backend="auto"`` takes in this process, and why:
    ``{"backend": "native" or "engine", "library": path, "why": None or the
    reason the in-process library cannot be used}`` (loads the library if
    it can)."""
    from . import _native

    why = _native.why_unavailable()
    return {"backend": "native" if why is None else "engine", "library": _native.library_path(), "why": why}

__all__ = [
    "Answer",
    "Engine",
    "EngineClosed",
    "EngineError",
    "EngineNotFound",
    "ForkedError",
    "NativeUnavailable",
    "ProtocolError",
    "backend_info",
    "cache_dir",
    "find_engine",
    "module_root",
]
