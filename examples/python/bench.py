"""Measures the engine from Python: the round-trip time of apply (and of
the smaller observation and perft depth-1 requests), over random games,
and the throughput of the playouts command.

    python3 examples/python/bench.py [--calls 5000] [--playouts 100000]
"""

import argparse
import json
import os
import random
import statistics
import time

from mancala_engine import Engine


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=5000, help="apply calls per game")
    ap.add_argument("--playouts", type=int, default=100000, help="games per playouts request")
    ap.add_argument("--engine", default=os.environ.get("MANCALA_ENGINE"), help="the engine binary (default: go run)")
    args = ap.parse_args()
    rng = random.Random(1)
    with Engine(args.engine) as engine:
        print(f"{'game':<8} {'request':<12} {'calls':>6} {'median µs':>10} {'p99 µs':>8} {'mean µs':>8} {'bytes':>7}")
        for game in ("kisolo", "kiothi", "kimasai"):
            times = {"apply": [], "observation": [], "perft 1": []}
            sizes = {k: 0 for k in times}
            start = engine.state(game=game)
            state = start
            while len(times["apply"]) < args.calls:
                if not state["legal"]:
                    state = start
                pos, move = state["position"], rng.choice(state["legal"])
                for name, call in (("apply", lambda: engine.apply(pos, move)),
                                   ("observation", lambda: engine.observation(pos)),
                                   ("perft 1", lambda: engine.perft(1, position=pos))):
                    t0 = time.perf_counter()
                    r = call()
                    times[name].append(time.perf_counter() - t0)
                    sizes[name] += len(json.dumps(r))
                    if name == "apply":
                        state = r["after"]
            for name, ts in times.items():
                us = [t * 1e6 for t in ts]
                print(f"{game:<8} {name:<12} {len(us):>6} {statistics.median(us):>10.0f} {percentile(us, 99):>8.0f} "
                      f"{statistics.mean(us):>8.0f} {sizes[name] // len(us):>7}")
        print()
        print(f"{'game':<8} {'playouts':>9} {'wall s':>7} {'playouts/s':>11} {'engine ms':>10}")
        for game in ("kisolo", "kiothi", "kimasai"):
            t0 = time.perf_counter()
            r = engine.playouts(args.playouts, seed=1, game=game)
            wall = time.perf_counter() - t0
            print(f"{game:<8} {r['games']:>9} {wall:>7.2f} {r['games'] / wall:>11.0f} {r['elapsedMs']:>10}")


if __name__ == "__main__":
    main()
