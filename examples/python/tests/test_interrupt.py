"""Ctrl-C during a search (issue 32, item 3): a real SIGINT sent to a real
child Python that is inside Game.think, a step whose opponent searches, or
a VectorGame step whose opponent searches. The child must raise
KeyboardInterrupt soon after the signal, with the game's position text
unchanged, and go on playing. The child says (on its stdout) when it is
about to enter the call and what it saw afterwards; the test waits for
the first line (printed once the search's worker thread runs), sends
SIGINT, and reads the rest."""

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.processes

CHILD = textwrap.dedent("""
    import json, sys, threading, time
    from mancala_engine.env import Game
    from mancala_engine.vector import VectorGame
    what = sys.argv[1]
    spec = "mcts:100000:workers=1"
    if what == "think":
        g = Game("kiothi"); g.reset()
        before = g.position
        call = lambda: g.think(spec, seed=1)
        after = lambda: g.position
    elif what == "step":
        g = Game("kisolo", opponent=spec, seat="S", seed=1); g.reset(seed=1)
        before = g.position
        a = g.legal[0]
        call = lambda: g.step(a)
        after = lambda: g.position
    else:
        g = VectorGame("kisolo", 2, opponent=spec, seat="S", seed=1)
        before = [g.position(0), g.position(1)]
        acts = g.sample_actions()
        call = lambda: g.step(acts)
        after = lambda: [g.position(0), g.position(1)]
    def announce():
        # "ready" once the search runs (its worker thread exists).
        while not any(t.name == "mancala-search" for t in threading.enumerate()):
            time.sleep(0.001)
        print("ready", flush=True)
    threading.Thread(target=announce, daemon=True).start()
    t0 = time.monotonic()
    try:
        call()
        out = {"interrupted": False}
    except KeyboardInterrupt:
        out = {"interrupted": True, "seconds": time.monotonic() - t0}
    out["unchanged"] = after() == before
    # The game still plays after the interrupted call.
    if what == "think":
        out["next"] = g.think("random", seed=2).move
    elif what == "step":
        out["next"] = g.history  # nothing was added by the interrupted step
    else:
        out["next"] = g.plies.tolist()
        # The arrays describe the games as they are (the library may have
        # written part of its buffers before the cancel): those of a new
        # VectorGame at the same start.
        fresh = VectorGame("kisolo", 2, opponent=spec, seat="S", seed=1)
        out["arrays"] = bool((g.obs == fresh.obs).all() and (g.mask == fresh.mask).all()
                             and not g.reward.any() and g.ended == 0)
    print(json.dumps(out), flush=True)
""")


@pytest.mark.parametrize("what", ["think", "step", "vector"])
def test_sigint_interrupts_a_search_and_leaves_the_game(what):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    p = subprocess.Popen([sys.executable, "-c", CHILD, what], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True, env=env)
    try:
        line = p.stdout.readline()
        assert line.strip() == "ready", p.stderr.read()
        p.send_signal(signal.SIGINT)
        out = json.loads(p.stdout.readline() or "{}")
        p.wait(120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 0, p.stderr.read()
    assert out["interrupted"] is True
    assert out["unchanged"] is True
    assert out["next"] == ([] if what == "step" else [0, 0] if what == "vector" else out["next"])
    assert out["next"] != ""
    if what == "vector":
        assert out["arrays"] is True
