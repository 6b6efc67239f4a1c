"""OpenSpiel's MCTSBot (random rollouts) against go-mancala's AlphaBeta,
through the OpenSpiel game of mancala_engine.openspiel.

    python examples/python/openspiel_mcts_vs_alphabeta.py --game kisolo --games 4 --simulations 200 --depth 4

MCTS plays South in even games and North in odd ones; AlphaBeta's moves
come from the engine's agent (the library's think, or the engine's), given
as move text and turned into action ids with the game's move_to_action.
Seeded: the same arguments give the same games.
"""

import argparse
import sys

import os

# Run from a checkout, this folder is first on sys.path, and its unbuilt
# mancala_engine (no library) would shadow the installed package.
_here = os.path.dirname(os.path.abspath(__file__))
if not os.path.exists(os.path.join(_here, "mancala_engine", "_build.py")):
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts

import mancala_engine.openspiel  # noqa: F401  (registers the games)
from mancala_engine.env import Opponent


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="kisolo", choices=sorted(mancala_engine.openspiel.GAMES))
    ap.add_argument("--rules", default="", help="the rules= text, e.g. Columns:6")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--simulations", type=int, default=200, help="MCTSBot's simulations per move")
    ap.add_argument("--depth", type=int, default=4, help="AlphaBeta's depth in plies")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    game = pyspiel.load_game(args.game, {"rules": args.rules})
    rng = np.random.RandomState(args.seed)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng)
    alphabeta = Opponent({"agent": "alphabeta", "depth": args.depth}, game=args.game,
                         backend=game.backend)
    score = {"MCTSBot": 0, "AlphaBeta": 0, "draw": 0}
    plies = []
    for i in range(args.games):
        mcts_player = i % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == mcts_player:
                action = bot.step(state)
            else:
                move = alphabeta.move(str(state), seed=args.seed * 1000 + i)
                action = state.game_state.move_to_action(move)
            state.apply_action(action)
        r = state.returns()[mcts_player]
        score["MCTSBot" if r > 0 else "AlphaBeta" if r < 0 else "draw"] += 1
        plies.append(len(state.history()))
        print(f"game {i + 1}: MCTSBot as {'South' if mcts_player == 0 else 'North'}: "
              f"{'won' if r > 0 else 'lost' if r < 0 else 'drawn'} in {plies[-1]} plies ({state})")
    print(f"{args.game} rules={args.rules or '(defaults)'} backend={game.backend} games: {args.games}")
    print(f"MCTSBot ({args.simulations} simulations) {score['MCTSBot']}, AlphaBeta (depth {args.depth}) "
          f"{score['AlphaBeta']}, draws {score['draw']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
