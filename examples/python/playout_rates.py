"""Runs 1,000 random playouts of each game in the engine (one playouts
request each) and prints how often South wins, North wins and the game is
drawn.

    python3 examples/python/playout_rates.py [-n 1000] [--seed 1]
"""

import argparse
import os

from mancala_engine import Engine


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=1000, help="games per game")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed")
    ap.add_argument("--engine", default=os.environ.get("MANCALA_ENGINE"), help="the engine binary (default: go run)")
    args = ap.parse_args()
    with Engine(args.engine) as engine:
        print(f"{'game':<8} {'games':>7} {'South':>7} {'North':>7} {'draws':>7} {'plies/game':>11} {'ms':>6}")
        for game in ("kisolo", "kiothi", "kimasai"):
            r = engine.playouts(args.n, seed=args.seed, game=game)
            pct = lambda k: f"{100 * r[k] / r['games']:6.1f}%"  # noqa: E731
            print(f"{game:<8} {r['games']:>7} {pct('south')} {pct('north')} {pct('draws')} "
                  f"{r['plies'] / r['games']:>11.1f} {r['elapsedMs']:>6}")


if __name__ == "__main__":
    main()
