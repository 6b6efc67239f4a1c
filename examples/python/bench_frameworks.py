"""Our games through the frameworks, side by side in one run (issue 32,
item 6): OpenSpiel (pyspiel) against our own ``Game``, and PettingZoo's
AEC loop against PettingZoo's ``tictactoe_v3`` and ``connect_four_v3``.

    python examples/python/bench_frameworks.py                 # a table
    python examples/python/bench_frameworks.py --markdown      # docs/python.md's rows
    python examples/python/bench_frameworks.py --smoke         # CI: tiny counts, checks the loops run

Rows (random legal actions, seeded; the best of ``--rounds`` rounds, the
contenders of a row measured in turn within each round):

- ``Game`` step: ``mask()``, a random legal id, ``step``, ``observation``
  of the mover (the four calls of a learning loop), beside OpenSpiel's
  C++ ``mancala`` (Kalah) making the same calls (``legal_actions_mask``,
  ``legal_actions`` and a random one, ``apply_action``,
  ``observation_tensor`` of the mover; ``is_terminal`` and
  ``current_player`` for our ``over`` and ``to_move``);
- pyspiel step: ``legal_actions()``, a random legal id,
  ``apply_action``, ``observation_tensor(player)`` on our OpenSpiel game,
  and the same four calls on OpenSpiel's own C++ ``mancala`` (Kalah); the
  goal is pyspiel at most 3x our ``Game``;
- PettingZoo AEC: ``env.last()``, a random legal id from the mask,
  ``env.step`` over whole games of the wrapped env (the goal: at least
  1.2x ``tictactoe_v3``'s steps per second).

Speeds on a shared machine move with the load: the script prints
``uptime``'s load beside the rows; compare only rows of one run. The rows
are timed on this thread's CPU clock by default (``time.thread_time``: the
time the loop ran, not the waits for the other jobs of a shared machine;
the library's step runs on the calling thread); ``--clock wall`` times
them by the wall clock.
"""

import argparse
import os
import random
import sys
import time
from typing import Callable, Dict, List, Tuple

# Run from a checkout, this folder is first on sys.path, and its unbuilt
# mancala_engine (no library) would shadow the installed package.
_here = os.path.dirname(os.path.abspath(__file__))
if not os.path.exists(os.path.join(_here, "mancala_engine", "_build.py")):
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

import numpy as np  # noqa: E402

#: The rows' clock (--clock): this thread's CPU time or the wall's.
CLOCK = time.thread_time


def _load() -> str:
    try:
        return "%.2f" % os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average here
        return "?"


def game_steps(name: str, rules: str, n: int, seed: int) -> float:
    """Seconds per step of our Game: mask, random legal id, step, mover's observation."""
    from mancala_engine.env import Game

    rng = random.Random(seed)
    g = Game(name, rules or None)
    g.reset()
    done = 0
    t = CLOCK()
    while done < n:
        if g.over:
            g.reset()
        seat = g.to_move
        g.mask()
        a = rng.choice(g.legal)
        g.step(a)
        g.observation(seat)
        done += 1
    return (CLOCK() - t) / n


def pyspiel_steps(game, n: int, seed: int) -> float:
    """Seconds per step through pyspiel: legal_actions, random legal id,
    apply_action, observation_tensor of the mover."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    done = 0
    t = CLOCK()
    while done < n:
        if s.is_terminal():
            s = game.new_initial_state()
        p = s.current_player()
        a = rng.choice(s.legal_actions())
        s.apply_action(a)
        s.observation_tensor(p)
        done += 1
    return (CLOCK() - t) / n


def kalah_game_steps(game, n: int, seed: int) -> float:
    """Seconds per step of OpenSpiel's C++ game making our Game row's
    calls: is_terminal (over), current_player (to_move),
    legal_actions_mask (mask), legal_actions and a random one,
    apply_action, observation_tensor of the mover."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    done = 0
    t = CLOCK()
    while done < n:
        if s.is_terminal():
            s = game.new_initial_state()
        p = s.current_player()
        s.legal_actions_mask()
        a = rng.choice(s.legal_actions())
        s.apply_action(a)
        s.observation_tensor(p)
        done += 1
    return (CLOCK() - t) / n


def aec_steps(make: Callable[[], object], n: int, seed: int) -> float:
    """Seconds per step of PettingZoo's AEC loop over whole games (at
    least n steps)."""
    env = make()
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = 0
    t = CLOCK()
    while done < n:
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            done += 1
        env.reset()
    secs = CLOCK() - t
    env.close()
    return secs / done


def measure(contenders: Dict[str, Callable[[int, int], float]], n: int, rounds: int,
            slices: int = 10) -> Dict[str, float]:
    """The best over rounds of each contender's seconds per step, each
    round cut into slices taken in turn (so that a change of the machine's
    load hits every contender alike)."""
    best: Dict[str, float] = {}
    for r in range(rounds):
        tot = dict.fromkeys(contenders, 0.0)
        for i in range(slices):
            for key, f in contenders.items():
                tot[key] += f(max(n // slices, 1), r * slices + i)
        for key in contenders:
            best[key] = min(best.get(key, float("inf")), tot[key] / slices)
    return best


def run(args) -> List[Tuple[str, str, str, str]]:
    import pyspiel

    import mancala_engine.openspiel as mo
    import mancala_engine.pettingzoo as pz
    from pettingzoo.classic import connect_four_v3, tictactoe_v3

    rows = []
    n = args.steps
    kalah = pyspiel.load_game("mancala")
    for name in args.games:
        ours = mo.load_game(name)
        best = measure({"game": lambda k, seed: game_steps(name, "", k, seed),
                        "pyspiel": lambda k, seed: pyspiel_steps(ours, k, seed),
                        "kalah": lambda k, seed: pyspiel_steps(kalah, k, seed),
                        "kalah_game": lambda k, seed: kalah_game_steps(kalah, k, seed)}, n, args.rounds)
        load = _load()
        rows.append((f"{name}: `Game` step (mask, random legal id, step, observation)",
                     f"{best['game'] * 1e6:.2f} µs", f"{best['kalah_game'] / best['game']:.2f}× the speed of "
                     f"OpenSpiel's C++ Kalah making the same calls ({best['kalah_game'] * 1e6:.2f} µs)", load))
        rows.append((f"{name}: through pyspiel (legal_actions, random id, apply_action, observation_tensor)",
                     f"{best['pyspiel'] * 1e6:.2f} µs", f"{best['pyspiel'] / best['game']:.2f}× our `Game` step "
                     "(goal ≤ 3×)", load))
        rows.append((f"OpenSpiel's own C++ `mancala` (Kalah), the same four calls, beside {name}",
                     f"{best['kalah'] * 1e6:.2f} µs", "", load))

    contenders = {f"{g}_v0": getattr(pz, f"{g}_v0").env for g in args.games}
    contenders.update({"tictactoe_v3": tictactoe_v3.env, "connect_four_v3": connect_four_v3.env})
    per = measure({k: (lambda make: lambda m, seed: aec_steps(make, m, seed))(make) for k, make in contenders.items()},
                  n, args.rounds)
    rates = {k: 1.0 / v for k, v in per.items()}
    load = _load()
    for g in args.games:
        k = f"{g}_v0"
        rows.append((f"PettingZoo AEC loop, `{k}`", f"{rates[k]:,.0f} steps/s",
                     f"{rates[k] / rates['tictactoe_v3']:.2f}× `tictactoe_v3` (goal ≥ 1.2×), "
                     f"{rates[k] / rates['connect_four_v3']:.2f}× `connect_four_v3`", load))
    rows.append(("PettingZoo AEC loop, `tictactoe_v3`", f"{rates['tictactoe_v3']:,.0f} steps/s", "", load))
    rows.append(("PettingZoo AEC loop, `connect_four_v3`", f"{rates['connect_four_v3']:,.0f} steps/s", "", load))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=20000, help="steps per measurement")
    ap.add_argument("--rounds", type=int, default=3, help="rounds (the best is kept)")
    from mancala_engine import GAMES

    ap.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    ap.add_argument("--clock", choices=["thread", "wall"], default="thread",
                    help="this thread's CPU time (default) or the wall's")
    ap.add_argument("--markdown", action="store_true", help="print docs/python.md's table")
    ap.add_argument("--smoke", action="store_true", help="tiny counts: check that every loop runs")
    args = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.thread_time if args.clock == "thread" else time.perf_counter
    if args.smoke:
        args.steps, args.rounds = 100, 1
    args.steps = max(args.steps, 10)
    up = os.popen("uptime").read().strip() if os.path.exists("/usr/bin/uptime") else f"load {_load()}"
    rows = run(args)
    if args.markdown:
        print(f"`{up}`, Python {sys.version.split()[0]}, {args.steps} steps × best of {args.rounds}\n")
        print("| measurement | figure | side by side | load |")
        print("|---|---|---|---|")
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        print(up)
        for m, fig, side, load in rows:
            print(f"{m:<95} {fig:>16}  {side}  (load {load})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
