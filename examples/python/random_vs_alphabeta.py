"""Plays one game between a random player written in Python (South) and
the engine's AlphaBeta (North), and prints the game record.

    python3 examples/python/random_vs_alphabeta.py --game kiothi --depth 4
    MANCALA_ENGINE=/path/to/engine python3 examples/python/random_vs_alphabeta.py

Without --engine (or MANCALA_ENGINE) it runs go run ./examples/mancala-engine.
"""

import argparse
import os
import random

from mancala_engine import Engine


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kisolo", help="kisolo, kiothi or kimasai")
    ap.add_argument("--rules", default="", help="rule options, as in a position's rules= field")
    ap.add_argument("--depth", type=int, default=4, help="AlphaBeta's depth in plies")
    ap.add_argument("--seed", type=int, default=1, help="the random player's seed")
    ap.add_argument("--engine", default=os.environ.get("MANCALA_ENGINE"), help="the engine binary (default: go run)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with Engine(args.engine) as engine:
        state = engine.state(game=args.game, rules=args.rules or None)
        moves = []
        while state["legal"]:
            if state["toMove"] == "S":  # the same player may move several plies in a row (Kiothi's opening)
                move = rng.choice(state["legal"])
            else:
                move = engine.think(state["position"], "alphabeta", depth=args.depth)["move"]
            state = engine.apply(state["position"], move)["after"]
            moves.append(move)
        rec = engine.record(moves, game=args.game, rules=args.rules or None,
                            south=f"python random seed {args.seed}", north=f"alphabeta depth {args.depth}")
        print(rec["record"], end="")
        print(state["outcome"]["text"])


if __name__ == "__main__":
    main()
