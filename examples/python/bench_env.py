"""The package's speed from Python, side by side with OpenSpiel's and
PettingZoo's own games in the same process and the same run (issue 32,
item 6; Kisolo default rules, random legal actions), with the machine's
load (`uptime`'s 1-minute figure) beside each row:

1. one step of Game, all in: the mask, a random legal id, the step, the
   observation; against the same four calls on OpenSpiel's C++ Kalah
   (``mancala``: legal_actions_mask, legal_actions + choice,
   apply_action, observation_tensor) and tic-tac-toe;
2. the bare loop: legal ids, step, game over; against Kalah's and
   tic-tac-toe's legal_actions, apply_action, is_terminal;
3. PettingZoo's AEC loop (last, sample(mask), step) over kisolo_v0
   against PettingZoo's tictactoe_v3;
4. VectorGame with n = 1024 (``-n``) and random legal actions:
   environment steps per second;
5. our Kisolo through pyspiel (mancala_engine.openspiel, where it
   registers): apply_action + observation_tensor + legal_actions_mask,
   against our own Game doing the same.

Each comparison runs its contenders in turn, in slices of about 50 ms
(``--rounds`` times ``--seconds`` each in all), and keeps each one's best
slice; the figures are µs per step (lower is better) or steps per second.
The single-thread rows are timed by default on this thread's CPU clock
(``time.thread_time``: the time the thread ran, so that the other jobs of
a shared machine do not land in the figures as waits; a step runs on the
calling thread, the library's Go code included); ``--clock wall`` times
them by the wall clock. The VectorGame row, whose step runs on every core,
is always wall time.

    python examples/python/bench_env.py [--seconds 1] [--rounds 3] [--clock thread|wall] [--markdown]
"""

import argparse
import os
import platform
import random
import sys
import time

import numpy as np

# Run from a checkout, this folder is first on sys.path, and its unbuilt
# mancala_engine (no library) would shadow the installed package.
_here = os.path.dirname(os.path.abspath(__file__))
if not os.path.exists(os.path.join(_here, "mancala_engine", "_build.py")):
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

from mancala_engine.env import Game  # noqa: E402
from mancala_engine.vector import VectorGame  # noqa: E402


def load() -> str:
    return "%.2f" % os.getloadavg()[0]


def machine() -> str:
    cpu = platform.processor() or "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} CPUs, Python {platform.python_version()}, numpy {np.__version__}"


BATCH = 200
#: The clock of the single-thread rows (--clock): this thread's CPU time or the wall's.
CLOCK = time.thread_time


def timed(loop, seconds):
    """µs per step of loop(k) (which plays k steps), over batches for
    ``seconds`` of CLOCK."""
    steps = 0
    clock = CLOCK
    t0 = clock()
    while True:
        loop(BATCH)
        steps += BATCH
        t = clock() - t0
        if t >= seconds:
            return t / steps * 1e6


def ours_all_in():
    g = Game("kisolo")
    g.reset()
    choice = random.Random(1).choice

    def loop(k):
        for _ in range(k):
            g.mask()
            g.step(choice(g.legal))
            g.observation("S")
            if g.over:
                g.reset()
    return loop


def ours_bare():
    g = Game("kisolo")
    g.reset()
    choice = random.Random(1).choice

    def loop(k):
        for _ in range(k):
            g.step(choice(g.legal))
            if g.over:
                g.reset()
    return loop


def spiel_all_in(name):
    import pyspiel

    game = pyspiel.load_game(name)
    box = [game.new_initial_state()]
    choice = random.Random(1).choice

    def loop(k):
        s = box[0]
        for _ in range(k):
            s.legal_actions_mask()
            s.apply_action(choice(s.legal_actions()))
            s.observation_tensor(0)
            if s.is_terminal():
                s = game.new_initial_state()
        box[0] = s
    return loop


def spiel_bare(name):
    import pyspiel

    game = pyspiel.load_game(name)
    box = [game.new_initial_state()]
    choice = random.Random(1).choice

    def loop(k):
        s = box[0]
        for _ in range(k):
            s.apply_action(choice(s.legal_actions()))
            if s.is_terminal():
                s = game.new_initial_state()
        box[0] = s
    return loop


def ours_through_pyspiel():
    import pyspiel

    import mancala_engine.openspiel  # noqa: F401  (registers kisolo)

    game = pyspiel.load_game("kisolo")
    box = [game.new_initial_state()]
    choice = random.Random(1).choice

    def loop(k):
        s = box[0]
        for _ in range(k):
            s.legal_actions_mask()
            s.apply_action(choice(s.legal_actions()))
            s.observation_tensor(0)
            if s.is_terminal():
                s = game.new_initial_state()
        box[0] = s
    return loop


def aec(env):
    box = [0]

    def loop(k):
        done = 0
        while done < k:
            env.reset(seed=box[0])
            box[0] += 1
            for agent in env.agent_iter():
                obs, reward, termination, truncation, info = env.last()
                if termination or truncation:
                    action = None
                else:
                    action = env.action_space(agent).sample(obs["action_mask"])
                    done += 1
                env.step(action)
    return loop


def parts(seconds, rounds):
    """Where a step's time goes: [(call, ours µs, Kalah's µs)], each call
    timed alone, in turn with its counterpart (a game in mid-play; the
    step row plays a random legal id and resets at the end, as the loops
    do)."""
    import pyspiel

    g = Game("kisolo")
    g.reset()
    kgame = pyspiel.load_game("mancala")
    box = [kgame.new_initial_state()]
    choice = random.Random(1).choice

    def rep(f):
        def loop(k):
            for _ in range(k):
                f()
        return loop

    def our_step():
        g.step(choice(g.legal))
        if g.over:
            g.reset()

    def kalah_step():
        s = box[0]
        s.apply_action(choice(s.legal_actions()))
        if s.is_terminal():
            box[0] = kgame.new_initial_state()

    rows = [
        ("the random choice of an id (random.choice of a 6-list)", lambda: choice([1, 2, 3, 4, 5, 6]), None),
        ("mask (Game.mask / legal_actions_mask)", g.mask, lambda: box[0].legal_actions_mask()),
        ("legal ids (Game.legal / legal_actions)", lambda: g.legal, lambda: box[0].legal_actions()),
        ("observation (Game.observation / observation_tensor)", lambda: g.observation("S"),
         lambda: box[0].observation_tensor(0)),
        ("game over (Game.over / is_terminal)", lambda: g.over, lambda: box[0].is_terminal()),
        ("legal ids, a random one, the step (and a reset at the end)", our_step, kalah_step),
    ]
    out = []
    for what, ours, theirs in rows:
        c = [("ours", lambda f=ours: rep(f))] + ([("kalah", lambda f=theirs: rep(f))] if theirs else [])
        b = side_by_side(c, seconds, rounds)
        out.append((what, b["ours"], b.get("kalah")))
    return out


def side_by_side(contenders, seconds, rounds):
    """{name: best µs per step}: the contenders take turns in slices of
    about 50 ms (``rounds`` times ``seconds`` each in all), so that a
    change of the machine's load falls on all of them; each keeps its best
    slice."""
    best = {}
    loops = {name: make() for name, make in contenders}
    slices = max(1, int(rounds * seconds / 0.05))
    for _ in range(slices):
        for name, loop in loops.items():
            us = timed(loop, min(0.05, seconds))
            best[name] = min(best.get(name, us), us)
    return best


def vector_rate(n, seconds):
    with VectorGame("kisolo", n, seed=1) as v:
        rng = np.random.default_rng(1)
        acts = [v.sample_actions(rng)]
        steps = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            for _ in range(20):
                v.step(v.mask.argmax(axis=1))
            steps += 20
        del acts
        return steps * n / (time.perf_counter() - t0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=1.0, help="seconds per measurement")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of each side-by-side comparison (the best kept)")
    ap.add_argument("-n", type=int, default=1024, help="environments of the VectorGame row")
    ap.add_argument("--clock", choices=["thread", "wall"], default="thread",
                    help="the single-thread rows' clock: this thread's CPU time (default) or the wall's")
    ap.add_argument("--parts", action="store_true",
                    help="also time each call of a step alone, ours beside Kalah's (where the time goes)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()
    global CLOCK
    CLOCK = time.thread_time if args.clock == "thread" else time.perf_counter
    rows = []  # (what, figure, side by side, load)
    print(f"# {machine()}; load at start {load()}; clock: {args.clock}", flush=True)

    def row(*r):
        rows.append(r)
        print(" | ".join(r), flush=True)

    try:
        import pyspiel  # noqa: F401

        have_spiel = True
    except ImportError as e:
        have_spiel = False
        row("OpenSpiel comparisons", "not run", str(e), load())

    contenders = [("ours", ours_all_in)]
    if have_spiel:
        contenders += [("kalah", lambda: spiel_all_in("mancala")), ("ttt", lambda: spiel_all_in("tic_tac_toe"))]
    b = side_by_side(contenders, args.seconds, args.rounds)
    cmp = (f"{b['kalah'] / b['ours']:.2f}× the speed of OpenSpiel's Kalah ({b['kalah']:.2f} µs), "
           f"{b['ttt'] / b['ours']:.2f}× its tic-tac-toe ({b['ttt']:.2f} µs)") if have_spiel else ""
    row("Game step all in (mask, random legal id, step, observation)", f"{b['ours']:.2f} µs", cmp, load())

    contenders = [("ours", ours_bare)]
    if have_spiel:
        contenders += [("kalah", lambda: spiel_bare("mancala")), ("ttt", lambda: spiel_bare("tic_tac_toe"))]
    b = side_by_side(contenders, args.seconds, args.rounds)
    cmp = (f"{b['kalah'] / b['ours']:.2f}× Kalah's ({b['kalah']:.2f} µs), "
           f"{b['ttt'] / b['ours']:.2f}× tic-tac-toe's ({b['ttt']:.2f} µs)") if have_spiel else ""
    row("Game bare loop (legal ids, step, game over)", f"{b['ours']:.2f} µs", cmp, load())

    try:
        from pettingzoo.classic import tictactoe_v3

        from mancala_engine.pettingzoo import kisolo_v0

        b = side_by_side([("ours", lambda: aec(kisolo_v0.env())), ("ttt", lambda: aec(tictactoe_v3.env()))],
                         args.seconds, args.rounds)
        row("PettingZoo AEC loop, kisolo_v0", f"{1e6 / b['ours']:,.0f} steps/s",
            f"{b['ttt'] / b['ours']:.2f}× tictactoe_v3 ({1e6 / b['ttt']:,.0f}/s)", load())
    except ImportError as e:
        row("PettingZoo AEC loop", "not run", str(e), load())

    r = max(vector_rate(args.n, args.seconds) for _ in range(args.rounds))
    row(f"VectorGame n={args.n}, argmax actions", f"{r / 1e6:.2f} M env steps/s", "", load())

    if have_spiel:
        try:
            b = side_by_side([("pyspiel", ours_through_pyspiel), ("ours", ours_all_in)], args.seconds, args.rounds)
            row("our Kisolo through pyspiel (mask, step, observation)", f"{b['pyspiel']:.2f} µs",
                f"{b['pyspiel'] / b['ours']:.2f}× our Game's step all in ({b['ours']:.2f} µs)", load())
        except ImportError as e:
            row("our Kisolo through pyspiel", "not run", str(e), load())

    if args.parts and have_spiel:
        for what, ours, theirs in parts(args.seconds / 2, args.rounds):
            row(f"part: {what}", f"{ours * 1000:.0f} ns",
                f"Kalah's {theirs * 1000:.0f} ns" if theirs is not None else "(both loops)", load())

    print()
    if args.markdown:
        print("| measurement | figure | side by side, same run | load (1 min) |")
        print("|---|---|---|---|")
        for r in rows:
            print("| " + " | ".join(r) + " |")
    print(f"\n{machine()}; load at end {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
