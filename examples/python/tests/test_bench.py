"""The benchmark script runs and prints every row of its table (no speed is
checked here: speeds are figures for docs/python.md, never test results).

    python -m pytest examples/python/tests/test_bench.py
"""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


def test_bench_env_prints_its_table(native):
    pytest.importorskip("pyspiel")
    pytest.importorskip("pygame")  # PettingZoo's classic games
    out = subprocess.run([sys.executable, os.path.join(os.path.dirname(HERE), "bench_env.py"), "--seconds", "0.05",
                          "--rounds", "1", "-n", "64", "--markdown"], check=True, capture_output=True, text=True,
                         timeout=600).stdout
    table = [line for line in out.splitlines() if line.startswith("| ")]
    rows = [line.split(" | ")[:2] for line in table[1:]]
    for what in ("Game step all in", "PettingZoo AEC loop, kisolo_v0", "VectorGame n=64",
                 "step + observation + mask vs OpenSpiel mancala"):
        for backend in ("native", "engine"):
            assert any(r[0].startswith("| " + what) and r[1] == backend for r in rows), (what, backend, out)
    assert "not run" not in out
