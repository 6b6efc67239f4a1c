"""A hostile caller's threads: a Game or VectorGame used from several
threads at once must not crash the process, and each call must answer for
its own arguments (the calls serialised)."""

import threading

import numpy as np
import pytest

from mancala_engine._errors import IllegalAction
from mancala_engine.env import Game
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
        while True:  # at least once, however late the thread starts
            try:
                v.step(bad)
            except IllegalAction as e:
                assert "action 99" in str(e)
                seen["B"] += 1
            if done.is_set():
                break

    ts = [threading.Thread(target=a), threading.Thread(target=b)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert seen["A"] == []
    assert seen["B"] > 0
    v.close()


def test_game_reset_during_another_threads_search_step_is_refused():
    # A step whose opponent searches lets go of the GIL for the search; a
    # reset from another thread meanwhile used to run in between, and the
    # step then appended its id to the new episode's history (history
    # [a] at ply 0). Now the game is busy during the step: the reset is
    # refused with RuntimeError, or runs wholly before or after it.
    g = Game("kisolo", opponent="alphabeta:depth=5", seed=1)
    refused = 0
    for _ in range(30):
        g.reset()
        a = g.legal[0]
        out = []
        t = threading.Thread(target=lambda: out.append(g.step(a)))
        t.start()
        try:
            g.reset()
        except RuntimeError as e:
            assert "in use by another thread" in str(e)
            refused += 1
        t.join()
        assert len(out) == 1
        if g.plies == 0:
            assert g.history == [], g.history
        else:
            assert g.history == [a]
    assert g._searches


def test_game_calls_during_a_busy_call_are_refused_and_the_game_recovers():
    # _enter is what a reset, undo, clone or search's step holds while it
    # lets go of the GIL: every other call on the game is refused then.
    g = Game("kisolo")
    g.reset()
    a = g.legal[0]
    g.step(a)
    g._enter()
    try:
        for call in (lambda: g.step(g.legal[0]), g.reset, lambda: g.reset(None, 1), lambda: g.observation("S"),
                     g.mask, g._mask_list, lambda: g._obs_list("N"), g.undo, g.clone, g._enter):
            with pytest.raises(RuntimeError, match="in use by another thread"):
                call()
    finally:
        g._leave()
    assert g.plies == 1 and g.history == [a]
    b = g.legal[0]
    g.step(b)
    assert g.plies == 2 and g.history == [a, b]
    assert g.undo() == b and g.plies == 1 and g.history == [a]
    assert g.clone().history == [a]


def test_the_checked_games_busy_mark_is_its_own():
    # The Python path (env._Checked, Game's base without the C extension)
    # keeps the mark in the instance's dict, which clone() and undo()
    # copy from a replica: the copy is not busy, the game is until the
    # call returns.
    from mancala_engine import env

    g = env._CheckedGame("kisolo")
    g.reset()
    a = g.legal[0]
    g.step(a)
    c = g.clone()
    c.step(c.legal[0])
    assert g.undo() == a
    with pytest.raises(IndexError):
        g.undo()
    g._enter()
    with pytest.raises(RuntimeError, match="in use by another thread"):
        g._enter()
    g._leave()
    g.step(a)
    assert g.history == [a]


def test_a_second_init_while_busy_is_refused_and_changes_nothing():
    # __init__ again (__setstate__ does it) drops the buffers a search's
    # step in another thread may be writing: refused while the game is busy.
    g = Game("kisolo")
    g.reset()
    a = g.legal[0]
    g.step(a)
    pos = g.position
    g._enter()
    try:
        with pytest.raises(RuntimeError, match="in use by another thread"):
            g.__init__("kiothi")
        with pytest.raises(RuntimeError, match="in use by another thread"):
            g.__setstate__(Game("kiothi").__getstate__())
    finally:
        g._leave()
    assert g.game == "kisolo" and g.position == pos and g.history == [a]
    g.step(g.legal[0])
    assert g.plies == 2
