"""bench_frameworks.py runs every loop and prints every row (a CI smoke
with tiny counts; speeds are figures for docs/python.md, never test
results)."""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.mark.processes
def test_bench_frameworks_smoke():
    pytest.importorskip("pyspiel")
    pytest.importorskip("pygame")  # PettingZoo's classic games
    out = subprocess.run([sys.executable, os.path.join(os.path.dirname(HERE), "bench_frameworks.py"), "--smoke",
                          "--markdown"], check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True, timeout=600).stdout
    rows = [line for line in out.splitlines() if line.startswith("| ")]
    for g in ("kisolo", "kiothi", "kimasai"):
        assert any(r.startswith(f"| {g}: `Game` step") for r in rows), out
        assert any(r.startswith(f"| {g}: through pyspiel") and "× our `Game` step" in r for r in rows), out
        assert any(r.startswith(f"| PettingZoo AEC loop, `{g}_v0`") and "× `tictactoe_v3`" in r for r in rows), out
        assert any(r.startswith(f"| OpenSpiel's own C++ `mancala` (Kalah), the same four calls, beside {g}")
                   for r in rows), out
    for other in ("PettingZoo AEC loop, `tictactoe_v3`",
                  "PettingZoo AEC loop, `connect_four_v3`"):
        assert any(r.startswith("| " + other) for r in rows), out
