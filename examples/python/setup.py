"""Packaging glue (everything else is in pyproject.toml):

- records, in mancala_engine/_origin.py of the built package, the
  go-mancala checkout the package was installed from, so that Engine() can
  build the engine from it (see mancala_engine/_locate.py);
- builds the in-process library, mancala_engine/_libmancala.so, from the
  checkout's mancala/env/cabi with ``go build -buildmode=c-shared`` (Go and
  a C compiler needed). Where either is missing, or the build fails, the
  install says so and goes on: the package then uses the engine
  subprocess. With MANCALA_REQUIRE_NATIVE=1 (as CI sets it) a library that
  cannot be built fails the install.
"""

import os
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
LIB_NAME = "_libmancala.so"
CABI = "./mancala/env/cabi"  # where the C ABI's Go package is (found by its header if it moves)
HEADER = "mancala_env.h"


def _module_root():
    d = HERE
    while True:
        mod = os.path.join(d, "go.mod")
        if os.path.isfile(mod):
            with open(mod, encoding="utf-8") as f:
                if f.readline().split()[1:2] == ["github.com/seed8ebe013a/go-mancala"]:
                    return d
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def _say(msg):
    # pip shows a build's output with -v (or when it fails); the reason is
    # also kept in _origin.py, and the package warns once at run time when
    # it falls back to the engine subprocess.
    print(f"mancala-engine: {msg}", file=sys.stderr, flush=True)


def _cabi_dir(root):
    """The C ABI's package in the checkout: ./mancala/env/cabi, or wherever
    its documented header mancala_env.h is."""
    if os.path.isfile(os.path.join(root, CABI, HEADER)):
        return CABI
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(".") and x not in ("testdata", "node_modules", "examples")]
        if HEADER in files and any(f.endswith(".go") for f in files):
            return "./" + os.path.relpath(d, root).replace(os.sep, "/")
    return None


def build_native(target_dir):
    """Builds the library into target_dir; returns None, or why not."""
    required = os.environ.get("MANCALA_REQUIRE_NATIVE", "") not in ("", "0")
    root = _module_root()
    go = shutil.which("go")
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    why = None
    if root is None:
        why = "no go-mancala checkout around the package (install it from a checkout: pip install ./examples/python)"
    elif _cabi_dir(root) is None:
        why = f"the checkout {root} has no C ABI package ({HEADER} beside Go files)"
    elif go is None:
        why = "there is no go command (Go 1.24 or later is needed to build the in-process library)"
    elif cc is None:
        why = "there is no C compiler (cc, gcc or clang: cgo needs one to build the in-process library)"
    if why is None:
        cabi = _cabi_dir(root)
        out = os.path.join(os.path.abspath(target_dir), LIB_NAME)
        env = dict(os.environ, CGO_ENABLED="1")
        p = subprocess.run([go, "build", "-buildmode=c-shared", "-trimpath", "-o", out, cabi], cwd=root, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        header = os.path.splitext(out)[0] + ".h"
        if os.path.exists(header):
            os.remove(header)
        if p.returncode == 0:
            _say(f"built the in-process library {out} (go build -buildmode=c-shared {cabi}); the environments run "
                 "in this process (backend 'native')")
            return None
        why = f"go build -buildmode=c-shared {cabi} failed (status {p.returncode}):\n" + p.stdout.decode(errors="replace")
    msg = f"the in-process library is not built: {why}. The package will use the engine subprocess (backend 'engine')"
    if required:
        raise SystemExit(f"mancala-engine: MANCALA_REQUIRE_NATIVE is set and {msg}")
    _say(msg)
    return why


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            pkg_dir = os.path.join(HERE, "mancala_engine")
        else:
            pkg_dir = os.path.join(self.build_lib, "mancala_engine")
        target = os.path.join(pkg_dir, "_origin.py")
        with open(target, "w", encoding="utf-8") as f:
            f.write('"""Written at install time: the checkout this package was built from."""\n\n')
            f.write(f"SOURCE = {HERE!r}\n")
        why = build_native(pkg_dir)
        with open(target, "a", encoding="utf-8") as f:
            f.write(f"#: Why the in-process library was not built (None: it was).\nNATIVE_NOT_BUILT = {why!r}\n")


class BinaryDistribution(Distribution):
    """A wheel with the platform's tag: it may hold the built library."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildPy}, distclass=BinaryDistribution)
