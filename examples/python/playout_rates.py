"""Plays random playouts of each game in this process (a VectorGame of
random legal actions) and prints how often South wins, North wins and the
game is drawn or truncated.

    python3 examples/python/playout_rates.py [-n 1000] [--seed 1]
"""

import argparse
import time

import numpy as np

import os
import sys

# Run from a checkout, this folder is first on sys.path, and its unbuilt
# mancala_engine (no library) would shadow the installed package.
_here = os.path.dirname(os.path.abspath(__file__))
if not os.path.exists(os.path.join(_here, "mancala_engine", "_build.py")):
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

from mancala_engine import GAMES
from mancala_engine.vector import VectorGame


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=1000, help="games per game")
    ap.add_argument("--seed", type=int, default=1, help="the actions' seed")
    args = ap.parse_args()
    print(f"{'game':<8} {'games':>7} {'South':>7} {'North':>7} {'other':>7} {'plies/game':>11} {'ms':>6}")
    for game in GAMES:
        rng = np.random.default_rng(args.seed)
        t0 = time.perf_counter()
        results, plies, steps = [], 0, 0
        with VectorGame(game, min(args.n, 256), seed=args.seed) as v:
            while len(results) < args.n:
                v.step(v.sample_actions(rng))
                steps += v.n
                results.extend(v.final_result.tolist())
        results = np.array(results[: args.n])
        ms = (time.perf_counter() - t0) * 1000
        pct = lambda k: f"{100 * np.mean(results == k):6.1f}%"  # noqa: E731
        print(f"{game:<8} {len(results):>7} {pct(1)} {pct(-1)} {pct(0)} {steps / len(results):>11.1f} {ms:>6.0f}")


if __name__ == "__main__":
    main()
