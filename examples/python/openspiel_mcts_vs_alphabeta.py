"""OpenSpiel's MCTSBot (random rollouts) against go-mancala's AlphaBeta,
through the OpenSpiel game of mancala_engine.openspiel, all in this
process (the package's C library; no engine program).

    python examples/python/openspiel_mcts_vs_alphabeta.py --game kisolo --games 4 --simulations 200 --depth 4
    python examples/python/openspiel_mcts_vs_alphabeta.py --game kisolo --rules Columns:6,Repetition:Three

MCTS plays South in even games and North in odd ones; AlphaBeta's moves
are the library's think (``Game.think("alphabeta:N")``), given as action
ids. Seeded: the same arguments give the same games.
"""

import argparse
import os
import sys

# Run from a checkout, this folder is first on sys.path, and its unbuilt
# mancala_engine (no library) would shadow the installed package.
_here = os.path.dirname(os.path.abspath(__file__))
if not os.path.exists(os.path.join(_here, "mancala_engine", "_build.py")):
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

import mancala_engine.openspiel as mo  # noqa: E402
from mancala_engine import _native  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="kisolo", choices=sorted(mo.GAMES))
    ap.add_argument("--rules", default="", help="the rules= text, e.g. Columns:6,Repetition:Three")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--simulations", type=int, default=200, help="MCTSBot's simulations per move")
    ap.add_argument("--depth", type=int, default=4, help="AlphaBeta's depth in plies (1..10)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    game = mo.load_game(args.game, args.rules)
    rng = np.random.RandomState(args.seed)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng)
    spec = f"alphabeta:{args.depth}"
    score = {"MCTSBot": 0, "AlphaBeta": 0, "draw": 0}
    for i in range(args.games):
        mcts_player = i % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == mcts_player:
                action = bot.step(state)
            else:
                action = state.game_state.think(spec, seed=args.seed * 1000 + i).action
            state.apply_action(action)
        r = state.returns()[mcts_player]
        score["MCTSBot" if r > 0 else "AlphaBeta" if r < 0 else "draw"] += 1
        print(f"game {i + 1}: MCTSBot as {'South' if mcts_player == 0 else 'North'}: "
              f"{'won' if r > 0 else 'lost' if r < 0 else 'drawn'} in {len(state.history())} plies ({state})")
    print(f"{game} games: {args.games} (in process: {_native.library_path()})")
    print(f"MCTSBot ({args.simulations} simulations) {score['MCTSBot']}, AlphaBeta (depth {args.depth}) "
          f"{score['AlphaBeta']}, draws {score['draw']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
