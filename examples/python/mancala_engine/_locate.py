"""Finding (or building) the engine binary."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Iterator, Optional

__all__ = ["find_engine", "module_root", "cache_dir", "EngineNotFound", "MODULE", "BINARY_NAME"]

#: The Go module path of go-mancala.
MODULE = "github.com/seed8ebe013a/go-mancala"
#: The engine's name on PATH.
BINARY_NAME = "mancala-engine"


class EngineNotFound(FileNotFoundError):
    """No engine binary, and none could be built."""


def module_root(start: Optional[str] = None) -> str:
    """Returns the directory of the go-mancala module holding ``start``.

    ``start`` defaults to this package's directory; the module is the
    nearest directory at or above it with a go.mod naming
    github.com/seed8ebe013a/go-mancala. Raises FileNotFoundError if there
    is none.
    """
    origin = start or os.path.dirname(os.path.abspath(__file__))
    d = os.path.abspath(origin)
    while True:
        mod = os.path.join(d, "go.mod")
        if os.path.isfile(mod):
            with open(mod, encoding="utf-8") as f:
                if f.readline().split()[1:2] == [MODULE]:
                    return d
        parent = os.path.dirname(d)
        if parent == d:
            raise FileNotFoundError(f"no go-mancala module (go.mod of {MODULE}) at or above {origin}")
        d = parent


def cache_dir() -> str:
    """The directory built engines are kept in: ``$XDG_CACHE_HOME/mancala_engine``,
    else ``~/.cache/mancala_engine``."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "mancala_engine")


def _sources(root: str) -> Iterator[str]:
    """The files of the module that go build ./examples/mancala-engine may read:
    go.mod, go.sum and the non-test Go files, outside nested modules."""
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x not in ("testdata", "node_modules")
                         and not os.path.isfile(os.path.join(d, x, "go.mod")))
        for f in sorted(files):
            if (f.endswith(".go") and not f.endswith("_test.go")) or (d == root and f in ("go.mod", "go.sum")):
                yield os.path.join(d, f)


def source_hash(root: str) -> str:
    """A hash of the module's Go sources (16 hex digits)."""
    h = hashlib.sha256()
    for p in _sources(root):
        h.update(os.path.relpath(p, root).encode() + b"\0")
        with open(p, "rb") as f:
            h.update(hashlib.sha256(f.read()).digest())
    return h.hexdigest()[:16]


def _source_module(module: Optional[str]) -> Optional[str]:
    """The go-mancala checkout to build from, if any: ``module``,
    ``$MANCALA_MODULE``, the module holding this package (a checkout or an
    editable install), or the checkout the package was installed from."""
    if module:
        return module_root(module)
    env = os.environ.get("MANCALA_MODULE")
    if env:
        return module_root(env)
    try:
        return module_root()
    except FileNotFoundError:
        pass
    try:
        from . import _origin  # written at install time

        return module_root(_origin.SOURCE)
    except (ImportError, AttributeError, FileNotFoundError):
        return None


def _go_bin_dirs() -> list:
    """Where ``go install`` puts programs: $GOBIN, else each $GOPATH's bin,
    else ~/go/bin."""
    if os.environ.get("GOBIN"):
        return [os.path.abspath(os.environ["GOBIN"])]
    paths = [p for p in os.environ.get("GOPATH", "").split(os.pathsep) if p] or [os.path.join(os.path.expanduser("~"), "go")]
    return [os.path.abspath(os.path.join(p, "bin")) for p in paths]


def _on_path() -> Optional[str]:
    """``mancala-engine`` on PATH; else ``engine`` on PATH if it is where
    ``go install ./examples/engine`` puts it (the program's name before
    it was called mancala-engine)."""
    found = shutil.which(BINARY_NAME)
    if found:
        return found
    legacy = shutil.which("engine")
    if legacy and os.path.dirname(os.path.abspath(legacy)) in _go_bin_dirs():
        return legacy
    return None


def program_dir(root: str) -> str:
    """The engine program's directory in the checkout at root:
    ./examples/mancala-engine, or ./examples/engine where it has that name."""
    for d in ("mancala-engine", "engine"):
        if os.path.isfile(os.path.join(root, "examples", d, "main.go")):
            return "./examples/" + d
    return "./examples/engine"


def find_engine(module: Optional[str] = None, *, build: bool = True) -> str:
    """Returns the path of an engine binary.

    In order: ``$MANCALA_ENGINE``; ``mancala-engine`` on ``PATH`` (or
    ``engine`` in Go's install directory, as ``go install ./examples/engine``
    names it); a binary
    built before into :func:`cache_dir` from the same sources; else (with
    ``build``) one built now with ``go build ./examples/mancala-engine`` from the
    go-mancala checkout (``module``, ``$MANCALA_MODULE``, the checkout
    holding or having installed this package) or, without a checkout, with
    ``go install`` of the module at this package's version. Building says
    so on standard error. Raises EngineNotFound when there is no engine and
    it cannot be built (no Go command, or the build fails).
    """
    env = os.environ.get("MANCALA_ENGINE")
    if env:
        if not os.access(env, os.X_OK) or os.path.isdir(env):
            raise EngineNotFound(f"MANCALA_ENGINE={env} is not an executable file")
        # Absolute, so that the process started is the file checked (a bare
        # name would be looked up on PATH when it is run).
        return os.path.abspath(env)
    if module is None:
        on_path = _on_path()
        if on_path:
            return on_path
    root = _source_module(module)
    from . import __version__

    key = source_hash(root) if root else "v" + __version__
    target = os.path.join(cache_dir(), f"engine-{key}" + (".exe" if os.name == "nt" else ""))
    if os.access(target, os.X_OK):
        return target
    if not build:
        raise EngineNotFound(f"no engine: MANCALA_ENGINE is not set, {BINARY_NAME} is not on PATH and {target} is not built")
    go = shutil.which("go")
    if go is None:
        raise EngineNotFound(
            f"no engine: MANCALA_ENGINE is not set, {BINARY_NAME} is not on PATH, and there is no go command to "
            f"build it with (install Go 1.24 or later, or build it elsewhere: go build -o {BINARY_NAME} ./examples/mancala-engine)"
        )
    os.makedirs(cache_dir(), exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".build-", dir=cache_dir())
    try:
        t0 = time.monotonic()
        if root:
            prog = program_dir(root)
            what = f"go build {prog} in {root}"
            cmd = [go, "build", "-o", os.path.join(tmp, "engine"), prog]
            cwd: Optional[str] = root
            env_ = None
        else:
            what = f"go install {MODULE}/examples/mancala-engine@v{__version__}"
            cmd = [go, "install", f"{MODULE}/examples/mancala-engine@v{__version__}"]
            cwd, env_ = tmp, dict(os.environ, GOBIN=tmp)
        print(f"mancala_engine: building the engine ({what}) into {target}; this happens once per version, "
              "and with an empty Go build cache it can take several minutes (set MANCALA_ENGINE to a built "
              "engine to skip it)", file=sys.stderr, flush=True)
        p = subprocess.run(cmd, cwd=cwd, env=env_, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            raise EngineNotFound(f"building the engine failed ({what}, status {p.returncode}):\n" + p.stdout.decode(errors="replace"))
        os.replace(os.path.join(tmp, "engine"), target)
        print(f"mancala_engine: built {target} in {time.monotonic() - t0:.1f} s", file=sys.stderr, flush=True)
        return target
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
