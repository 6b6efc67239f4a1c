"""Plays one game between a random player written in Python (South) and
the library's AlphaBeta (North), in this process, and prints the moves and
the result.

    python3 examples/python/random_vs_alphabeta.py --game kiothi --depth 4
"""

import argparse
import random

import os
import sys

# Run from a checkout, this folder is first on sys.path, and its unbuilt
# mancala_engine (no library) would shadow the installed package.
_here = os.path.dirname(os.path.abspath(__file__))
if not os.path.exists(os.path.join(_here, "mancala_engine", "_build.py")):
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

from mancala_engine.env import Game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kisolo", help="kisolo, kiothi or kimasai")
    ap.add_argument("--rules", default="", help="rule options, as in a position's rules= field")
    ap.add_argument("--depth", type=int, default=4, help="AlphaBeta's depth in plies (1..10)")
    ap.add_argument("--seed", type=int, default=1, help="the random player's seed")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    g = Game(args.game, args.rules or None)
    g.reset()
    moves = []
    while not g.over:
        if g.to_move == "S":  # the same player may move several plies in a row (Kiothi's opening)
            a = rng.choice(g.legal)
        else:
            a = g.think(f"alphabeta:{args.depth}").action
        moves.append(g.action_to_move(a))
        g.step(a)
    print(" ".join(moves))
    print(f"{g.result} after {g.plies} plies" if g.terminated else f"truncated at {g.plies} plies")


if __name__ == "__main__":
    main()
