"""A hostile caller's threads: a Game or VectorGame used from several
threads at once must not crash the process, and each call must answer for
its own arguments (the calls serialised)."""

import threading

import numpy as np

from mancala_engine._errors import IllegalAction
from mancala_engine.vector import VectorGame


def test_vector_steps_from_two_threads_play_their_own_actions():
    # Thread B steps with ids out of range (int32: the library refuses
    # them) while thread A steps with legal ids: A must never be refused
    # for B's ids (before the VectorGame's lock, B's ids overwrote the
    # staging array while A's step read it).
    v = VectorGame("kisolo", n=256, seed=1)
    bad = np.full(v.n, 99, np.int32)
    seen = {"A": [], "B": 0}
    done = threading.Event()

    def a() -> None:
        rng = np.random.default_rng(0)
        try:
            for _ in range(1500):
                try:
                    v.step(v.sample_actions(rng))
                except IllegalAction as e:
                    seen["A"].append(str(e))
        finally:
            done.set()

    def b() -> None:
        while not done.is_set():
            try:
                v.step(bad)
            except IllegalAction as e:
                assert "action 99" in str(e)
                seen["B"] += 1

    ts = [threading.Thread(target=a), threading.Thread(target=b)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert seen["A"] == []
    assert seen["B"] > 0
    v.close()
