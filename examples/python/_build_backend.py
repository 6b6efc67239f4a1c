"""The build backend: setuptools' own (setuptools.build_meta), except where
the ``wheel`` package is missing and setuptools is older than 70.1 (which
needs it to make a wheel), as in a Python built from source without it:
then setuptools still builds the package (egg_info, build_py) and this
module zips the wheel (a pure-Python wheel: the files, METADATA, WHEEL,
RECORD). So ``pip install --no-build-isolation ./examples/python`` works
offline with any setuptools of 61 or later.
"""

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (the other hooks, unchanged)

_HERE = os.path.dirname(os.path.abspath(__file__))
_TAG = "py3-none-any"


def _setuptools_makes_wheels():
    try:
        import setuptools.command.bdist_wheel  # noqa: F401  (setuptools 70.1 and later)

        return True
    except ImportError:
        pass
    try:
        import wheel.bdist_wheel  # noqa: F401

        return True
    except ImportError:
        return False


def _build(tmp):
    """Runs setuptools' egg_info and build_py into tmp; returns the
    build directory and the PKG-INFO text."""
    lib, egg = os.path.join(tmp, "lib"), os.path.join(tmp, "egg")
    os.makedirs(egg)
    subprocess.run([sys.executable, "setup.py", "-q", "egg_info", "--egg-base", egg, "build_py", "--build-lib", lib],
                   cwd=_HERE, check=True, stdout=subprocess.DEVNULL)
    (info,) = [d for d in os.listdir(egg) if d.endswith(".egg-info")]
    with open(os.path.join(egg, info, "PKG-INFO"), encoding="utf-8") as f:
        pkg_info = f.read()
    requires = os.path.join(egg, info, "requires.txt")
    if "Requires-Dist:" not in pkg_info and os.path.isfile(requires):
        with open(requires, encoding="utf-8") as f:
            pkg_info = _add_requires(pkg_info, f.read())
    return lib, pkg_info


def _add_requires(pkg_info, requires_txt):
    """PKG-INFO with Requires-Dist lines from egg_info's requires.txt
    (sections [extra] or [extra:marker]) before the description."""
    lines, extra, marker = [], "", ""
    for raw in requires_txt.splitlines():
        req = raw.strip()
        if not req:
            continue
        if req.startswith("[") and req.endswith("]"):
            extra, _, marker = req[1:-1].partition(":")
            continue
        cond = " and ".join(c for c in (marker and f"({marker})", extra and f'extra == "{extra}"') if c)
        lines.append(f"Requires-Dist: {req}" + (f"; {cond}" if cond else ""))
    head, sep, body = pkg_info.partition("\n\n")
    return head + "\n" + "\n".join(lines) + sep + body if lines else pkg_info


def _field(pkg_info, name):
    for line in pkg_info.splitlines():
        if line.startswith(name + ": "):
            return line[len(name) + 2:].strip()
    raise ValueError(f"no {name} in PKG-INFO")


def _dist_info_name(pkg_info):
    return f"{_field(pkg_info, 'Name').replace('-', '_')}-{_field(pkg_info, 'Version')}"


def _write_dist_info(directory, pkg_info):
    d = os.path.join(directory, _dist_info_name(pkg_info) + ".dist-info")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "METADATA"), "w", encoding="utf-8") as f:
        f.write(pkg_info)
    with open(os.path.join(d, "WHEEL"), "w", encoding="utf-8") as f:
        f.write(f"Wheel-Version: 1.0\nGenerator: mancala_engine _build_backend\nRoot-Is-Purelib: true\nTag: {_TAG}\n")
    return os.path.basename(d)


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    if _setuptools_makes_wheels():
        return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)
    tmp = tempfile.mkdtemp()
    try:
        return _write_dist_info(metadata_directory, _build(tmp)[1])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    if _setuptools_makes_wheels():
        return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    tmp = tempfile.mkdtemp()
    try:
        lib, pkg_info = _build(tmp)
        info = _write_dist_info(lib, pkg_info)
        name = f"{_dist_info_name(pkg_info)}-{_TAG}.whl"
        record = []
        path = os.path.join(wheel_directory, name)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for d, dirs, files in os.walk(lib):
                dirs.sort()
                for f in sorted(files):
                    full = os.path.join(d, f)
                    arc = os.path.relpath(full, lib).replace(os.sep, "/")
                    with open(full, "rb") as fh:
                        data = fh.read()
                    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                    record.append(f"{arc},sha256={digest},{len(data)}")
                    z.writestr(arc, data)
            record.append(f"{info}/RECORD,,")
            z.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
        return name
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
