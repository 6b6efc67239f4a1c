"""The learning environments' speed from Python, side by side in one run
(issue 25, item 8; Kisolo default rules, random legal actions), on each
backend (native: in process; engine: the subprocess), with the machine's
load beside each figure:

1. one step of the framework-free Game, all in: the mask, a random legal
   id, the step, the observation of the seat to move (median and p99 per
   step);
2. PettingZoo's AEC loop (last, sample(mask), step) over kisolo_v0 against
   PettingZoo's own tictactoe_v3 and connect_four_v3, in rounds taken in
   turn;
3. VectorGame with n = 1024 and argmax actions: environment steps per
   second;
4. against OpenSpiel's own ``mancala`` (Kalah): our step + observation +
   mask (Game) against its apply_action + observation_tensor +
   legal_actions_mask, random legal actions, in rounds taken in turn.

    python examples/python/bench_env.py [--seconds 2] [--rounds 3] [--markdown]

Needs numpy; the PettingZoo, Gymnasium and OpenSpiel rows need those
packages (rows that cannot run say why).
"""

import argparse
import os
import platform
import random
import sys
import time

import numpy as np

# Run as a script from a checkout, this folder is first on sys.path, and its
# mancala_engine (the sources, without the library that pip install built)
# would shadow the installed package and measure the engine backend only:
# take the installed package when there is one.
_here = os.path.dirname(os.path.abspath(__file__))
_kept = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]
if len(_kept) < len(sys.path):
    import importlib.machinery

    if importlib.machinery.PathFinder.find_spec("mancala_engine", _kept) is not None:
        sys.path[:] = _kept

from mancala_engine import backend_info  # noqa: E402
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


def game_step(backend, seconds):
    """µs per all-in step: (median, p99, steps)."""
    g = Game("kisolo", backend=backend)
    g.reset()
    choice = random.Random(1).choice
    clock = time.perf_counter
    times = []
    end = clock() + seconds
    while clock() < end:
        for _ in range(1000):
            t0 = clock()
            mask = g.mask()
            a = choice(g.legal)
            g.step(a)
            obs = g.observation(g.to_move or "S")
            times.append(clock() - t0)
            if g.over:
                g.reset()
        del mask, obs
    times.sort()
    return times[len(times) // 2] * 1e6, times[int(len(times) * 0.99)] * 1e6, len(times)


def aec_rate(env, seconds):
    """PettingZoo's AEC loop with random masked actions: steps/s."""
    done = 0
    seed = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                action = env.action_space(agent).sample(obs["action_mask"])
                done += 1
            env.step(action)
        seed += 1
    return done / (time.perf_counter() - t0)


def vector_rate(backend, n, seconds):
    """VectorGame env steps/s with argmax actions."""
    with VectorGame("kisolo", n, seed=1, backend=backend) as v:
        steps = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            for _ in range(20):
                v.step(v.mask.argmax(axis=1))
            steps += 20
        return steps * n / (time.perf_counter() - t0)


def ours_vs_kalah_ours(backend, seconds):
    """Our step + observation + mask per second (Game, random legal ids)."""
    g = Game("kisolo", backend=backend)
    g.reset()
    choice = random.Random(2).choice
    k = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(500):
            g.step(choice(g.legal))
            g.observation(g.to_move or "S")
            g.mask()
            if g.over:
                g.reset()
        k += 500
    return k / (time.perf_counter() - t0)


def ours_vs_kalah_theirs(seconds):
    """OpenSpiel mancala's apply_action + observation_tensor +
    legal_actions_mask per second (random legal actions)."""
    import pyspiel

    game = pyspiel.load_game("mancala")
    state = game.new_initial_state()
    choice = random.Random(2).choice
    k = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(500):
            state.apply_action(choice(state.legal_actions()))
            if state.is_terminal():
                state = game.new_initial_state()
            state.observation_tensor()
            state.legal_actions_mask()
        k += 500
    return k / (time.perf_counter() - t0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of the side-by-side comparisons (the best kept)")
    ap.add_argument("-n", type=int, default=1024, help="environments of the VectorGame row")
    ap.add_argument("--backends", default="native,engine")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args()
    backends = [b for b in args.backends.split(",") if b]
    info = backend_info()
    if "native" in backends and info["why"]:
        print(f"native backend unavailable: {info['why']}", file=sys.stderr)
        backends.remove("native")
    rows = []  # (what, backend, figure, comparison, load)

    print(f"# {machine()}; load at start {load()}", flush=True)
    for b in backends:
        med, p99, k = game_step(b, args.seconds)
        rows.append(("Game step all in (mask, sample, step, observation)", b, f"{med:.2f} µs median, {p99:.2f} µs p99",
                     f"{k} steps", load()))
        print(rows[-1], flush=True)

    try:
        from pettingzoo.classic import connect_four_v3, tictactoe_v3

        from mancala_engine.pettingzoo import kisolo_v0

        for b in backends:
            best = {"kisolo_v0": 0.0, "tictactoe_v3": 0.0, "connect_four_v3": 0.0}
            envs = {"kisolo_v0": kisolo_v0.env(backend=b), "tictactoe_v3": tictactoe_v3.env(),
                    "connect_four_v3": connect_four_v3.env()}
            for _ in range(args.rounds):
                for name, env in envs.items():
                    best[name] = max(best[name], aec_rate(env, args.seconds / 2))
            ours = best["kisolo_v0"]
            rows.append(("PettingZoo AEC loop, kisolo_v0", b, f"{ours:,.0f} steps/s",
                         f"{ours / best['tictactoe_v3']:.2f}× tictactoe_v3 ({best['tictactoe_v3']:,.0f}/s), "
                         f"{ours / best['connect_four_v3']:.2f}× connect_four_v3 ({best['connect_four_v3']:,.0f}/s)",
                         load()))
            print(rows[-1], flush=True)
    except ImportError as e:
        rows.append(("PettingZoo AEC loop", "-", "not run", str(e), load()))

    for b in backends:
        r = vector_rate(b, args.n, args.seconds)
        rows.append((f"VectorGame n={args.n}, argmax actions", b, f"{r / 1e6:.2f} M env steps/s", "", load()))
        print(rows[-1], flush=True)

    try:
        import pyspiel  # noqa: F401

        for b in backends:
            ours = theirs = 0.0
            for _ in range(args.rounds):
                ours = max(ours, ours_vs_kalah_ours(b, args.seconds / 2))
                theirs = max(theirs, ours_vs_kalah_theirs(args.seconds / 2))
            rows.append(("step + observation + mask vs OpenSpiel mancala", b, f"{ours:,.0f}/s",
                         f"{ours / theirs:.2f}× OpenSpiel's apply_action + observation_tensor + legal_actions_mask "
                         f"({theirs:,.0f}/s)", load()))
            print(rows[-1], flush=True)
    except ImportError as e:
        rows.append(("vs OpenSpiel mancala", "-", "not run", str(e), load()))

    print()
    if args.markdown:
        print("| measurement | backend | figure | side by side | load (1 min) |")
        print("|---|---|---|---|---|")
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        for r in rows:
            print(" | ".join(r))
    print(f"\n{machine()}; load at end {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
