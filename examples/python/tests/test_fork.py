"""fork (issue 32, item 7): the library loads lazily (first reset, step or
think; never at import, at construction with the defaults or a level, at
gymnasium.make, or when spaces are read), so a child forked before any
load uses the library itself; a child forked after the parent loaded it
gets ForkedError naming spawn and forkserver (never a hang, never
another road); AsyncVectorEnv works under fork when the parent has not
stepped, and under forkserver always."""

import multiprocessing as mp
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

pytestmark = pytest.mark.processes

gymnasium = pytest.importorskip("gymnasium")

# The safety net of a child's join: never reached by a passing test.
CHILD_LIMIT = 120


def _fresh(code):
    """Runs code in a fresh Python (this one's interpreter and path) and
    returns its stdout."""
    p = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, timeout=CHILD_LIMIT)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_nothing_loads_at_import_make_or_spaces():
    out = _fresh("""
        import gymnasium
        import mancala_engine, mancala_engine.env, mancala_engine.vector, mancala_engine.gymnasium
        from mancala_engine import _native
        from mancala_engine.env import Game
        env = gymnasium.make("mancala/Kiothi-v0", opponent="Expert", rules="Setup:FiveByFive")
        env.observation_space, env.action_space
        venv = gymnasium.make_vec("mancala/Kisolo-v0", num_envs=4, vectorization_mode="vector_entry_point")
        venv.single_observation_space, venv.action_space
        g = Game("kimasai", opponent="level:beginner"); g.spec
        print(_native.loaded())
        g.reset()
        print(_native.loaded())
    """)
    assert out.split() == ["False", "True"]


def _child_plays(conn):
    from mancala_engine.env import Game

    try:
        g = Game("kisolo")
        g.reset()
        g.step(g.legal[0])
        conn.send(("ok", g.plies))
    except Exception as e:  # noqa: BLE001 - reported to the parent
        conn.send((type(e).__name__, str(e)))


PARENT_GAME = None  # set by the parent before it forks


def _child_steps_the_parents_game(conn):
    try:
        PARENT_GAME.step(PARENT_GAME.legal[0])
        conn.send(("ok", PARENT_GAME.plies))
    except Exception as e:  # noqa: BLE001 - reported to the parent
        conn.send((type(e).__name__, str(e)))


def _in_child(ctx_name, target):
    ctx = mp.get_context(ctx_name)
    parent, child = ctx.Pipe()
    p = ctx.Process(target=target, args=(child,))
    p.start()
    child.close()
    ready = parent.poll(CHILD_LIMIT)
    p.join(CHILD_LIMIT if ready else 5)
    if p.is_alive():
        p.kill()
        p.join()
        pytest.fail(f"the {ctx_name} child hung")
    assert ready, f"the child ended (status {p.exitcode}) without answering"
    return parent.recv()


def test_fork_before_load_and_after_load():
    out = _fresh(f"""
        import multiprocessing as mp, sys
        sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})
        from test_fork import _in_child, _child_plays
        from mancala_engine import _native
        print(_in_child("fork", _child_plays))        # the parent has not loaded the library
        from mancala_engine.env import Game
        import test_fork
        test_fork.PARENT_GAME = Game()
        test_fork.PARENT_GAME.reset()                  # now it has
        print(_native.loaded())
        print(_in_child("fork", _child_plays))
        print(_in_child("fork", test_fork._child_steps_the_parents_game))
        print(_in_child("forkserver", _child_plays))
        print(_in_child("spawn", _child_plays))
    """)
    lines = out.splitlines()
    assert lines[0] == "('ok', 1)"
    assert lines[1] == "True"
    assert lines[2].startswith("('ForkedError',") and "'spawn'" in lines[2] and "'forkserver'" in lines[2]
    assert lines[3].startswith("('ForkedError',") and "'forkserver'" in lines[3]  # the step's C extension too
    assert lines[4] == "('ok', 1)"
    assert lines[5] == "('ok', 1)"


def _make_env():
    import gymnasium

    import mancala_engine.gymnasium  # noqa: F401  (registers the ids in a spawned or forkserver child)

    return gymnasium.make("mancala/Kisolo-v0", opponent="random")


def _async_rollout(context):
    import gymnasium

    fns = [_make_env, _make_env]
    env = (gymnasium.vector.AsyncVectorEnv(fns, context=context) if context
           else gymnasium.vector.SyncVectorEnv(fns))
    obs, infos = env.reset(seed=7)
    rows = [obs.copy()]
    for _ in range(5):
        acts = np.array([int(np.flatnonzero(m)[0]) for m in infos["action_mask"]])
        obs, r, term, trunc, infos = env.step(acts)
        rows.append(obs.copy())
    env.close()
    return np.stack(rows)


def test_async_vector_env_under_fork_and_forkserver_equals_sync():
    # In a fresh Python: fork first (the parent has not stepped a game),
    # then the same rollout in this process and under forkserver.
    out = _fresh(f"""
        import sys
        import numpy as np
        sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})
        from test_fork import _async_rollout
        from mancala_engine import _native
        fork = _async_rollout("fork")
        print(_native.loaded())
        sync = _async_rollout(None)
        print(_native.loaded())
        server = _async_rollout("forkserver")
        print(bool((fork == sync).all()), bool((server == sync).all()), fork.shape)
    """)
    assert out.splitlines() == ["False", "True", "True True (6, 2, 29)"]
