"""The benchmark script runs and prints every row of its table (no speed is
checked here: speeds are figures for docs/python.md, never test results).

    python -m pytest examples/python/tests/test_bench.py
"""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.mark.processes
def test_bench_env_prints_its_table():
    pytest.importorskip("pyspiel")
    pytest.importorskip("pygame")  # PettingZoo's classic games
    out = subprocess.run([sys.executable, os.path.join(os.path.dirname(HERE), "bench_env.py"), "--seconds", "0.02",
                          "--rounds", "1", "-n", "64", "--parts", "--markdown"], check=True, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, universal_newlines=True, timeout=600).stdout
    table = [line for line in out.splitlines() if line.startswith("| ")]
    for what in ("Game step all in", "Game bare loop", "PettingZoo AEC loop, kisolo_v0", "VectorGame n=64",
                 "our Kisolo through pyspiel"):
        assert any(r.startswith("| " + what) for r in table), (what, out)
    assert sum(r.startswith("| part: ") for r in table) == 6, out
    assert "not run" not in out
