"""The package's build (setuptools; metadata in pyproject.toml).

Building the wheel builds the in-process library from the Go module, the
one way the project builds it (``go run ./internal/cmd/buildcabi``:
``go build -buildmode=c-shared -trimpath -ldflags "-s -w -X
main.buildID=<id> ..."``, only mancala_* exported, SONAME
libmancala_env.so.2), into mancala_engine/_libmancala.so, stripped (no
symbol table, no debug information, no path of the build machine); the
build id (``go run ./internal/cmd/sourcehash``: the sha256 of the sources)
is stamped into it and into mancala_engine/_build.py. It writes
mancala_engine/_games.py from the
output of ``go run ./examples/python/gengames`` (the games, levels, rule
options and environment sizes, known at import without the library).
The wheel is tagged ``cp39-abi3-manylinux_<glibc>_<arch>``: the library is
loaded with ctypes, Game's hot methods (step, mask, observation, legal,
over, ...) are a small C extension of the stable ABI
(mancala_engine/_fast.c, a base class of Game calling the library's step
directly: ctypes spent as long converting the call's arguments as the
library spends stepping, and Python frames as long again), and
``<glibc>`` is the newest glibc symbol version the library needs.

Go (1.24 or later) and a C compiler are needed to build; installing the
wheel needs neither. The Go module is the checkout around this folder, or,
in an sdist, the copy of its sources under ``gosrc/``. ``MANCALA_LIB_DIR``
may name a folder holding a ``libmancala_env.so`` already built (as
.ci/cabi.sh does) with this build id: it is used instead of building again.
"""

import ctypes
import os
import re
import shutil
import subprocess
import sys
import tempfile

from setuptools import Distribution, Extension, setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1: the wheel package's
    from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
LIB_NAME = "_libmancala.so"
MODULE = "github.com/seed8ebe013a/go-mancala"
GAMES = "./examples/python/gengames"
# The Go packages the build runs or builds (their module sources go into the sdist).
GO_PACKAGES = ["./mancala/env/cabi", "./internal/cmd/buildcabi", "./internal/cmd/sourcehash", GAMES]
GO_EXTRA = ["go.mod", "go.sum", "mancala/env/cabi/mancala_env.map"]


class BuildError(SystemExit):
    pass


def _say(msg):
    print(f"mancala-engine: {msg}", file=sys.stderr, flush=True)


def module_root():
    """The Go module to build from: the checkout around this folder, else
    the sdist's gosrc/ (None if neither)."""
    for d in (os.path.join(HERE, "gosrc"),):
        if os.path.isfile(os.path.join(d, "go.mod")):
            return d
    d = HERE
    while True:
        mod = os.path.join(d, "go.mod")
        if os.path.isfile(mod):
            with open(mod, encoding="utf-8") as f:
                if f.readline().split()[1:2] == [MODULE]:
                    return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def _need_go():
    go = shutil.which("go")
    if go is None:
        raise BuildError(
            "mancala-engine: building this package needs Go 1.24 or later on PATH (and a C compiler: cgo), to "
            "build its in-process library from the Go sources; there is no 'go' command here. Install Go "
            "(https://go.dev/dl/) or install a built wheel of mancala-engine, which needs no Go.")
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        raise BuildError("mancala-engine: building this package needs a C compiler (cc, gcc or clang) for cgo; "
                         "none was found. Install one, or install a built wheel of mancala-engine.")
    return go


def _lib_build_id(path):
    """The build id a built library reports (loads it in this build
    process; None if it cannot be read)."""
    try:
        dll = ctypes.CDLL(path)
        f = dll.mancala_build_id
    except (OSError, AttributeError):
        return None
    f.restype = ctypes.c_int32
    f.argtypes = [ctypes.c_char_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int32)]
    buf = ctypes.create_string_buffer(256)
    n = ctypes.c_int32(0)
    if f(buf, 256, ctypes.byref(n)) != 0:
        return None
    return buf.raw[: n.value].decode()


def build_library(pkg_dir):
    """Builds (or reuses from MANCALA_LIB_DIR) the library and writes the
    generated modules into pkg_dir; returns the build id."""
    root = module_root()
    if root is None:
        raise BuildError("mancala-engine: no Go module to build the library from (build from a go-mancala "
                         "checkout, pip install ./examples/python, or from the sdist, which carries the sources)")
    go = _need_go()
    env = dict(os.environ, CGO_ENABLED="1")
    bid = _go(go, root, env, "run", "./internal/cmd/sourcehash").strip()
    out = os.path.join(os.path.abspath(pkg_dir), LIB_NAME)
    reuse = os.environ.get("MANCALA_LIB_DIR")
    src = os.path.join(reuse, "libmancala_env.so") if reuse else None
    if src and os.path.isfile(src) and _lib_build_id(src) == bid:
        _say(f"using the library {src} (build id {bid})")
    else:
        if src and os.path.isfile(src):
            _say(f"{src} is not built from these sources (build id {_lib_build_id(src)!r}, want {bid}): building")
        tmp = tempfile.mkdtemp(prefix="mancala-cabi-")
        try:
            src = _go(go, root, env, "run", "./internal/cmd/buildcabi", "-o", tmp).strip()
            shutil.copyfile(src, out)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        _say(f"built {out} (build id {bid})")
        src = None
    if src:
        shutil.copyfile(src, out)
    strip = shutil.which("strip")
    if strip:  # -s already drops Go's symbols; this drops what the C linker kept
        subprocess.run([strip, "--strip-unneeded", out], check=True)
    games = _go(go, root, dict(os.environ, CGO_ENABLED="0"), "run", "-trimpath", GAMES)
    import json

    data = json.loads(games)
    with open(os.path.join(pkg_dir, "_games.py"), "w", encoding="utf-8") as f:
        f.write('"""Written by the build (go run ./examples/python/gengames): the games of the library, their\n'
                'levels, rule options and environment sizes (defaults first, then each non-default value of\n'
                'each option on its own), known without loading the library."""\n\n')
        f.write(f"GAMES = {data['games']!r}\n")
    with open(os.path.join(pkg_dir, "_build.py"), "w", encoding="utf-8") as f:
        f.write('"""Written by the build: the build id stamped into _libmancala.so (go run ./internal/cmd/sourcehash)."""\n\n')
        f.write(f"BUILD_ID = {bid!r}\nLIBRARY = {LIB_NAME!r}\nGLIBC = {glibc_needed(out)!r}\n")
    return bid


def _go(go, root, env, *args):
    """Runs go with args in the module root; its standard output (a
    failure stops the build with go's message)."""
    p = subprocess.run([go] + list(args), cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise BuildError(f"mancala-engine: go {' '.join(args)} failed (status {p.returncode}):\n"
                         + p.stderr.decode(errors="replace"))
    return p.stdout.decode()


def module_files(root, go):
    """The module-relative paths of the files GO_PACKAGES are built from."""
    fmt = ("{{if .Module}}{{if .Module.Main}}{{.Dir}}\t{{join .GoFiles \" \"}} {{join .CgoFiles \" \"}} "
           "{{join .CFiles \" \"}} {{join .HFiles \" \"}}{{end}}{{end}}")
    out = _go(go, root, dict(os.environ, CGO_ENABLED="1"), "list", "-deps", "-f", fmt, *GO_PACKAGES)
    files = set(GO_EXTRA)
    for line in out.splitlines():
        d, _, names = line.partition("\t")
        if not d:
            continue
        rel = os.path.relpath(d, root)
        for n in names.split():
            files.add(os.path.normpath(os.path.join(rel, n)).replace(os.sep, "/"))
    return sorted(files)


def glibc_needed(path):
    """The newest GLIBC_x.y symbol version the library needs, as (x, y)."""
    with open(path, "rb") as f:
        data = f.read()
    vs = [(int(a), int(b)) for a, b in re.findall(rb"GLIBC_(\d+)\.(\d+)", data)]
    return max(vs) if vs else (2, 17)


class BuildPy(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            pkg_dir = os.path.join(HERE, "mancala_engine")
        else:
            pkg_dir = os.path.join(self.build_lib, "mancala_engine")
        build_library(pkg_dir)

    def get_outputs(self, include_bytecode=True):
        outs = super().get_outputs(include_bytecode)
        pkg = os.path.join(self.build_lib, "mancala_engine")
        return outs + [os.path.join(pkg, n) for n in (LIB_NAME, "_games.py", "_build.py")]


class BdistWheel(bdist_wheel):
    """cp39-abi3-manylinux_<glibc>_<arch>: the library is loaded with
    ctypes, and the one C extension (_fast, Game's hot methods) is built
    against the stable ABI of Python 3.9, so any CPython 3.9+ of the
    platform takes the wheel."""

    def get_tag(self):
        _, _, plat = super().get_tag()
        if plat.startswith("linux_"):
            arch = plat[len("linux_"):]
            lib = os.path.join(self.bdist_dir, "mancala_engine", LIB_NAME)
            if not os.path.isfile(lib):
                lib = os.path.join(HERE, "build", "lib", "mancala_engine", LIB_NAME)
            major, minor = glibc_needed(lib) if os.path.isfile(lib) else (2, 17)
            plat = f"manylinux_{major}_{minor}_{arch}"
        return "cp39", "abi3", plat


class Sdist(sdist):
    """The sdist carries the Go sources the library and gengames are built
    from, under gosrc/ (a module of its own path), so it builds anywhere
    Go is."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        root = module_root()
        if root is None or root == os.path.join(HERE, "gosrc"):
            return
        go = _need_go()
        for f in module_files(root, go):
            dst = os.path.join(base_dir, "gosrc", f)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(os.path.join(root, f), dst)


class BinaryDistribution(Distribution):
    """A wheel with the platform's tag: it holds the built library."""

    def has_ext_modules(self):
        return True


FAST = Extension("mancala_engine._fast", ["mancala_engine/_fast.c"], py_limited_api=True,
                 define_macros=[("Py_LIMITED_API", "0x03090000")], extra_compile_args=["-O2"])

setup(cmdclass={"build_py": BuildPy, "bdist_wheel": BdistWheel, "sdist": Sdist}, distclass=BinaryDistribution,
      ext_modules=[FAST])
