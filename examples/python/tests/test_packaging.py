"""The installed package as a packager sees it (issue 32, item 4): the
wheel's tag fits what it holds, the library is stripped and carries no
path of the build machine, a stale library (built from other sources) is
refused at its first load with a message, the list of games is the
library's, and ``python -m mancala_engine`` says what is installed."""

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys

import pytest

import mancala_engine
from mancala_engine import _native, _specs, library_info

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def _lib_bytes():
    with open(_native.library_path(), "rb") as f:
        return f.read()


def test_the_wheel_is_tagged_for_what_it_holds():
    dist = importlib.metadata.distribution("mancala-engine")
    wheel = dist.read_text("WHEEL") or ""
    if "Tag:" not in wheel:
        pytest.skip("mancala-engine is not installed from a wheel here (an editable install)")
    tags = re.findall(r"^Tag: (\S+)$", wheel, re.M)
    assert len(tags) == 1 and re.fullmatch(r"cp39-abi3-manylinux_2_\d+_x86_64", tags[0]), tags
    assert "Root-Is-Purelib: false" in wheel
    files = {str(f) for f in dist.files or []}
    assert "mancala_engine/_libmancala.so" in files
    assert "mancala_engine/_fast.abi3.so" in files  # the step's hot call, stable ABI
    assert not any(f.endswith(("_origin.py", "_client.py", "_locate.py", "_backend.py")) for f in files)


def test_the_step_takes_the_c_extension():
    from mancala_engine import env

    assert env._fast is not None
    g = env.Game()
    g.reset()
    # The hot methods are the C base class's (tests/test_fast.py plays it
    # against the Python ones).
    assert isinstance(g, env._fast.Core)
    for name in ("step", "mask", "observation", "legal", "over", "to_move", "rewards", "plies"):
        assert getattr(env.Game, name) is env._fast.Core.__dict__[name], name


def test_library_stripped_without_build_paths():
    data = _lib_bytes()
    assert data[:4] == b"\x7fELF"
    assert b".debug_info" not in data and b".symtab" not in data
    for path in {CHECKOUT, os.path.expanduser("~"), "/tmp/go-build"}:
        assert path.encode() not in data, f"{path} is inside the library"
    assert b"go-mancala/mancala/env" in data  # -trimpath keeps module paths, not directories


def test_games_are_the_librarys():
    info = library_info()
    assert tuple(g["name"] for g in info["games"]) == _specs.GAMES == mancala_engine.GAMES
    for g in info["games"]:
        assert g["levels"] == [lv["name"] for lv in _specs.levels(g["name"])]
    assert info["build_id"] == _native.build_id()
    assert info["abi"] == 2


def test_gymnasium_ids_from_the_table():
    gymnasium = pytest.importorskip("gymnasium")
    import mancala_engine.gymnasium as mg

    assert sorted(mg.IDS.values()) == sorted(_specs.GAMES)
    for env_id in mg.IDS:
        assert env_id in gymnasium.envs.registration.registry


@pytest.mark.processes
def test_stale_library_refused(tmp_path):
    data = _lib_bytes()
    bid = _native.build_id().encode()
    assert data.count(bid) == 1
    stale = bytearray(data)
    i = data.index(bid)
    stale[i:i + len(bid)] = bytes(reversed(bid)) if bytes(reversed(bid)) != bid else b"0" * len(bid)
    lib = tmp_path / "_libmancala.so"
    lib.write_bytes(bytes(stale))
    p = subprocess.run([sys.executable, "-c", "from mancala_engine.env import Game; Game().reset()"],
                       env=dict(os.environ, MANCALA_LIBRARY=str(lib)), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert p.returncode != 0
    assert "LibraryError" in p.stderr and "stale library" in p.stderr and "build id" in p.stderr


@pytest.mark.processes
def test_python_m_mancala_engine():
    p = subprocess.run([sys.executable, "-m", "mancala_engine"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert out.startswith(f"mancala-engine {mancala_engine.__version__}\n")
    assert f"library   {_native.library_path()}" in out
    assert f"build id  {_native.build_id()} (ABI 2)" in out
    for g in _specs.GAMES:
        assert f"game      {g}: levels " in out


@pytest.mark.processes
def test_no_go_needed_at_run_time():
    env = dict(os.environ, PATH=os.pathsep.join(d for d in os.environ.get("PATH", "").split(os.pathsep)
                                                 if not os.path.exists(os.path.join(d, "go"))))
    p = subprocess.run([sys.executable, "-c", "from mancala_engine.env import Game; g = Game('kiothi', opponent="
                        "'alphabeta:2'); g.reset(seed=1); g.step(g.legal[0]); print(g.plies)"],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert shutil.which("go", path=env["PATH"]) is None
