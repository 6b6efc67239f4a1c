"""A hostile caller from Python: a history that is not a list (a list
subclass whose append runs Python on the game, an object whose append
fails). The C step (mancala_engine/_fast.c, do_step) must leave the game
as the library has it whatever the append does."""

import pytest

from mancala_engine import env
from mancala_engine.env import Game


def replayed(g):
    c = env._CheckedGame(g.game, g.rules)
    c.reset()
    for a in list(g.history):
        c.step(a)
    return c


def test_an_undo_inside_historys_append_leaves_the_observations_right():
    # Observed each step (so the step writes South's view only), then a
    # step whose history append undoes it: the undo rebinds the game to a
    # replica's buffers, which the step then marked current (stale views).
    g = Game("kisolo")
    g.reset()
    for _ in range(12):
        g.step(g.legal[0])
        g.observation("S")

    class H(list):
        armed = True

        def append(self, x):
            super().append(x)
            if H.armed:
                H.armed = False
                g.undo()

    g.history = H(g.history)
    before, pos = g.observation("S").tolist(), g.position
    a = g.legal[0]
    want = replayed(g).step(a)  # the step's own rewards (read before the undo freed them)
    assert g.step(a) == want
    assert g.position == pos
    c = replayed(g)
    for seat in "SN":
        assert g.observation(seat).tolist() == c.observation(seat).tolist()
    assert g.observation("S").tolist() == before
    assert g.legal == c.legal and g.mask().tolist() == c.mask().tolist()


def test_a_failing_history_append_leaves_no_stale_position_or_view():
    # The library played the step; the append then raised: the position
    # and the views read afterwards are the new position's (before, the
    # cached position and the seats' "current" marks were the old ones').
    g = Game("kisolo")
    g.reset()
    for _ in range(6):
        g.step(g.legal[0])
    g.observation("S")
    g.position
    played = list(g.history)

    class Refuses(list):
        def append(self, x):
            raise OverflowError("no room")

    g.history = Refuses(played)
    a = g.legal[0]
    with pytest.raises(OverflowError):
        g.step(a)
    c = env._CheckedGame("kisolo")
    c.reset()
    for x in played + [a]:
        c.step(x)
    assert g.position == c.position and g.plies == c.plies
    for seat in "SN":
        assert g.observation(seat).tolist() == c.observation(seat).tolist()


def test_a_history_whose_del_steps_the_game_during_the_c_reset():
    # The C reset (self-play from the start, after the first) drops the
    # old history; a list subclass's __del__ that steps the game ran
    # before the reset set its cached position, which then said "start"
    # after a ply.
    g = Game("kisolo")
    g.reset()
    g.reset()

    class H(list):
        def __del__(self):
            g.step(g.legal[0])

    g.step(g.legal[0])
    g.history = H(g.history)
    g.reset()
    c = replayed(g)
    assert g.plies == c.plies == 1
    assert g.position == c.position
