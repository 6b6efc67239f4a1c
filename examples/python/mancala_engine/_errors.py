"""The package's exceptions."""

from __future__ import annotations

__all__ = ["MancalaError", "IllegalAction", "LibraryError", "ForkedError"]


class MancalaError(ValueError):
    """The library refused a call: ``code`` names why (``"syntax"``,
    ``"mismatch"``, ``"illegal"``, ``"rules"``, ``"game"``, ``"agent"``,
    ``"limit"``, ``"argument"``, ``"over"``, ``"internal"``, ...) and the
    message is the library's. Nothing changed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class IllegalAction(MancalaError):
    """An action id that is out of range, or not legal in the position
    (the game is unchanged)."""

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(code, message)


class LibraryError(RuntimeError):
    """The in-process library cannot be used: missing from the package,
    not loadable, of another ABI version, or built from other sources than
    this package (a stale library). The message says which and what to do."""


class ForkedError(LibraryError):
    """This process was forked after its parent loaded the library: the Go
    runtime does not survive ``fork``. Use the ``spawn`` or ``forkserver``
    start method (``multiprocessing.get_context("forkserver")``,
    ``AsyncVectorEnv(..., context="forkserver")``), or create the games
    only in the children."""
