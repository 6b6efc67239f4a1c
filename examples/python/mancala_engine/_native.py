"""Loading the in-process library (``_libmancala.so`` beside this module, a
Go ``-buildmode=c-shared`` build of mancala/env/cabi), lazily and once.

Nothing is loaded at import: the first reset, step or think of a process
loads the library (and with it the Go runtime). The Go runtime does not
survive ``fork``: in a child forked after its parent loaded the library,
every call raises :class:`ForkedError` naming ``spawn`` and
``forkserver`` (never a hang). A child forked before any load loads the
library itself.

At its first load the library's build id (``mancala_build_id``) is
compared with the one the package's build stamped (``_build.BUILD_ID``):
a library built from other sources is refused with
:class:`LibraryError`.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any, Optional

from ._errors import ForkedError, LibraryError

__all__ = ["library", "library_path", "loaded", "build_id", "check_process"]

#: The library's file name inside the package.
LIB_NAME = "_libmancala.so"

_lock = threading.Lock()
_lib: Optional[Any] = None
_loaded_by: Optional[int] = None  # the pid that loaded the library
_loading: Optional[int] = None  # the pid loading it now
_failure: Optional[str] = None


def library_path() -> str:
    """Where the library is: ``$MANCALA_LIBRARY``, else ``_libmancala.so``
    beside this module. An override must be a library of the same build
    (the build id the package was stamped with, ``python -m
    mancala_engine`` prints it): any other is refused at the first load, as
    a stale one is."""
    return os.environ.get("MANCALA_LIBRARY") or os.path.join(os.path.dirname(os.path.abspath(__file__)), LIB_NAME)


def build_id() -> Optional[str]:
    """The build id this package was built with (None in a source tree
    that was never built)."""
    try:
        from . import _build
    except ImportError:
        return None
    return _build.BUILD_ID


def forked_message() -> str:
    return (f"mancala_engine: this process ({os.getpid()}) was forked from process {_loaded_by or _loading} after "
            "that process had loaded the in-process library, and the Go runtime inside it does not survive fork. "
            "Start child processes with the 'spawn' or 'forkserver' method (multiprocessing.get_context"
            "('forkserver'), gymnasium's AsyncVectorEnv(..., context='forkserver')), or create the games only in "
            "the children")


def _after_fork_in_child() -> None:
    global _failure, _lock
    # Another thread may have held the lock at the fork: the child's copy
    # would stay locked for ever.
    _lock = threading.Lock()
    if _lib is not None and _loaded_by != os.getpid():
        _lib.poison(forked_message())
        fast = sys.modules.get(__name__.rsplit(".", 1)[0] + "._fast")
        if fast is not None:
            fast.poison()
        _failure = forked_message()
    elif _loading is not None and _loading != os.getpid():
        _failure = forked_message()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def loaded() -> bool:
    """Whether this process has loaded the library."""
    return _lib is not None and _loaded_by == os.getpid()


def library() -> Any:
    """The loaded library (loading it on first use). Raises ForkedError in
    a child forked after the load, LibraryError when it cannot be used."""
    global _lib, _loaded_by, _failure, _loading
    lib = _lib
    if lib is not None and _loaded_by == os.getpid():
        return lib
    with _lock:
        if _lib is not None:
            if _loaded_by != os.getpid():
                raise ForkedError(forked_message())
            return _lib
        if _failure is not None:
            if _loaded_by is not None or _loading is not None:
                raise ForkedError(_failure)
            raise LibraryError(_failure)
        from . import _cabi

        path = library_path()
        _loading = os.getpid()
        try:
            _lib = _cabi.Lib(path, build_id())
        except LibraryError as e:
            _failure = str(e)
            raise
        finally:
            _loading = None
        _loaded_by = os.getpid()
        return _lib


def check_process() -> None:
    """Raises ForkedError in a process forked after the library was loaded."""
    if _loaded_by is not None and _loaded_by != os.getpid():
        raise ForkedError(forked_message())
