"""The in-process backend: the C library of mancala/env (a Go
``-buildmode=c-shared`` library, built by ``pip install`` into this
package as ``_libmancala.so``), loaded with ctypes.

Loading is lazy: the library (and with it the Go runtime) is loaded by the
first environment of a process that uses the native backend, never at
import. The Go runtime does not survive ``fork``: in a child forked after
its parent loaded the library, every call of the library raises
:class:`mancala_engine.ForkedError` (instead of hanging), :func:`available`
is False (so ``backend="auto"`` takes the engine subprocess there) and
``backend="native"`` raises :class:`NativeUnavailable`. A spawned or
forkserver child loads the library itself.
"""

from __future__ import annotations

import os
import threading
from typing import Any, Optional

from ._client import ForkedError

__all__ = ["NativeUnavailable", "available", "library", "library_path", "why_unavailable"]

#: The library's file name inside the package.
LIB_NAME = "_libmancala.so"


class NativeUnavailable(RuntimeError):
    """The in-process library cannot be used here: not built (no Go or C
    compiler at install time), not loadable, of another ABI version, or
    this process is a fork of one that loaded it. The message says which."""


_lock = threading.Lock()
_lib: Optional[Any] = None
_loaded_by: Optional[int] = None  # the pid that loaded the library
_loading: Optional[int] = None  # the pid loading it now (a fork then leaves a half-started runtime)
_failure: Optional[str] = None


def library_path() -> str:
    """Where the library is expected: ``$MANCALA_NATIVE_LIB``, else
    ``_libmancala.so`` beside this module."""
    return os.environ.get("MANCALA_NATIVE_LIB") or os.path.join(os.path.dirname(os.path.abspath(__file__)), LIB_NAME)


def _forked_message() -> str:
    return (f"the in-process library was loaded by process {_loaded_by or _loading} before it forked this process "
            f"({os.getpid()}); the Go runtime does not survive fork. Use a spawn or forkserver start method, "
            "or backend='engine' in the child")


def _after_fork_in_child() -> None:
    global _failure, _lock
    # Another thread may have held the lock (loading the library) at the
    # fork: the child's copy would stay locked for ever.
    _lock = threading.Lock()
    if _lib is not None and _loaded_by != os.getpid():
        _lib.poison(_forked_message())
        _failure = _forked_message()
    elif _loading is not None and _loading != os.getpid():
        _failure = _forked_message()  # forked while the library was being loaded


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def why_unavailable() -> Optional[str]:
    """Why the native backend cannot be used in this process (None if it
    can); loads the library if it is not loaded yet."""
    try:
        library()
        return None
    except NativeUnavailable as e:
        return str(e)


def available() -> bool:
    """Whether the native backend can be used in this process (loading the
    library if needed)."""
    return why_unavailable() is None


def library() -> Any:
    """The loaded library (loading it on first use). Raises
    NativeUnavailable saying why it cannot be used."""
    global _lib, _loaded_by, _failure, _loading
    with _lock:
        if _lib is not None:
            if _loaded_by != os.getpid():
                raise NativeUnavailable(_forked_message())
            return _lib
        if _failure is not None:
            raise NativeUnavailable(_failure)
        try:
            from . import _cabi

            _loading = os.getpid()
            try:
                _lib = _cabi.load(library_path())
            finally:
                _loading = None
            _loaded_by = os.getpid()
            return _lib
        except NativeUnavailable as e:
            _failure = str(e)
            raise
        except ImportError as e:
            _failure = f"the in-process bindings are missing ({e})"
            raise NativeUnavailable(_failure) from None


def forked_child() -> bool:
    """Whether this process was forked from one that had loaded the
    library."""
    return _loaded_by is not None and _loaded_by != os.getpid()


def check_process() -> None:
    """Raises ForkedError in a process forked after the library was loaded."""
    if _loaded_by is not None and _loaded_by != os.getpid():
        raise ForkedError(_forked_message())
