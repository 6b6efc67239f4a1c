"""Trains a PPO policy on one of the games with Ray RLlib, through RLlib's
PettingZoo wrapper, then plays the trained policy through our ``Game``
against ``random`` and a level and prints the score.

    pip install "ray[rllib]" torch './examples/python[pettingzoo]'   # its own venv: RLlib pins gymnasium
    python examples/python/rllib_ppo.py --game kisolo --iterations 5
    python examples/python/rllib_ppo.py --address auto              # a running cluster (ray start --head ...)
    python examples/python/rllib_ppo.py --address ray://head:10001  # a cluster through Ray Client

Training is self-play: both seats (PettingZoo's ``player_0`` and
``player_1``) share one policy, which sees the board from the mover's seat
(the package's observation, scaled to 0..1) and samples only legal ids
(RLlib's action-masking module over the environment's ``action_mask``).
``--opponent LEVEL`` trains against a fixed agent instead: the game's
``Game(opponent=...)`` holds the other seat in process, and the policy
plays ``player_0``'s seat only. Without ``--address`` Ray starts locally
on this machine's cores (``--cpus``); with it, the driver joins that
cluster and the env runners (``--runners``) are placed on its nodes, each
importing ``mancala_engine`` there (install the package on every node).

After training, the policy (its greedy action: the most likely legal id)
plays ``--eval-games`` games through ``mancala_engine.env.Game`` against
``random`` and against ``--level``, half as South and half as North;
the score is wins + draws/2 out of the games. Exit status 0 when every
step ran (it is a demo of the road, not a strength test: a few iterations
learn little).
"""

import argparse
import os
import sys
import time

_HERE = os.path.dirname(os.path.abspath(__file__))


def _unshadow():
    """Run from a checkout, this folder is on sys.path (Ray puts it on its
    workers' too), and its unbuilt mancala_engine (no library) would
    shadow the installed package: take the folder off."""
    if not os.path.exists(os.path.join(_HERE, "mancala_engine", "_build.py")):
        sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]


_unshadow()

import numpy as np  # noqa: E402


def _masked_env_class():
    """A PettingZoo wrapper giving RLlib's action-masking module the
    observation it reads: {"observations": float32 board / its high,
    "action_mask": float32}."""
    import gymnasium
    from pettingzoo.utils.wrappers import BaseWrapper

    class MaskedObs(BaseWrapper):
        def __init__(self, env):
            super().__init__(env)
            raw = env.unwrapped
            box = raw.observation_spaces[raw.possible_agents[0]]["observation"]
            self._scale = np.maximum(box.high.astype(np.float32), 1.0)
            n = raw.action_spaces[raw.possible_agents[0]].n
            space = gymnasium.spaces.Dict({
                "observations": gymnasium.spaces.Box(0.0, 1.0, shape=box.shape, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(0.0, 1.0, shape=(n,), dtype=np.float32),
            })
            self._spaces = {a: space for a in raw.possible_agents}

        def observation_space(self, agent):
            return self._spaces[agent]

        def observe(self, agent):
            o = self.env.observe(agent)
            return {"observations": o["observation"].astype(np.float32) / self._scale,
                    "action_mask": o["action_mask"].astype(np.float32)}

    return MaskedObs


def make_env(config):
    """The RLlib environment: our PettingZoo AEC game, masked, in RLlib's
    PettingZooEnv."""
    _unshadow()
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    from mancala_engine.pettingzoo import raw_env
    from pettingzoo.utils import wrappers

    e = raw_env(config.get("game", "kisolo"), config.get("rules") or None)
    e = wrappers.OrderEnforcingWrapper(wrappers.TerminateIllegalWrapper(e, illegal_reward=-1))
    return PettingZooEnv(_masked_env_class()(e))


def make_vs_env(config):
    """Against a fixed agent: a one-agent Gymnasium env over Game(opponent=...)."""
    _unshadow()
    import gymnasium

    from mancala_engine.env import Game

    class VsAgent(gymnasium.Env):
        def __init__(self):
            self.g = Game(config.get("game", "kisolo"), config.get("rules") or None,
                          opponent=config["opponent"], seat="S", seed=config.get("seed", 0))
            spec = self.g.spec
            self._scale = np.maximum(spec.high.astype(np.float32), 1.0)
            self.observation_space = gymnasium.spaces.Dict({
                "observations": gymnasium.spaces.Box(0.0, 1.0, shape=(spec.obs_len,), dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(0.0, 1.0, shape=(spec.actions,), dtype=np.float32),
            })
            self.action_space = gymnasium.spaces.Discrete(spec.actions)

        def _obs(self):
            return {"observations": self.g.observation("S").astype(np.float32) / self._scale,
                    "action_mask": self.g.mask("S").astype(np.float32)}

        def reset(self, *, seed=None, options=None):
            super().reset(seed=seed)
            self.g.reset(seed=seed)
            return self._obs(), {}

        def step(self, action):
            r = self.g.step(int(action))
            return self._obs(), r[0], self.g.terminated, self.g.truncated, {}

    return VsAgent()


def greedy_action(module, obs, mask, scale):
    """The module's most likely legal action for one observation."""
    import torch

    batch = {"obs": {"observations": torch.as_tensor(obs.astype(np.float32) / scale)[None],
                     "action_mask": torch.as_tensor(mask.astype(np.float32))[None]}}
    with torch.no_grad():
        out = module.forward_inference(batch)
    logits = out["action_dist_inputs"][0].numpy()
    logits = np.where(mask > 0, logits, -np.inf)
    return int(np.argmax(logits))


def evaluate(module, game, rules, opponent, games, seed):
    """Score of the policy against ``opponent`` through our Game: wins +
    draws/2 out of ``games`` (half as South, half as North)."""
    from mancala_engine.env import Game

    won = drawn = 0
    for i in range(games):
        seat = "S" if i % 2 == 0 else "N"
        g = Game(game, rules or None, opponent=opponent, seat=seat, seed=seed + i)
        g.reset()
        scale = np.maximum(g.spec.high.astype(np.float32), 1.0)
        while not g.over:
            g.step(greedy_action(module, g.observation(seat), g.mask(seat), scale))
        r = g.rewards[0 if seat == "S" else 1] if g.terminated else 0.0
        won += r > 0
        drawn += r == 0
    return won, drawn, games - won - drawn


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    from mancala_engine import GAMES

    ap.add_argument("--game", default="kisolo", choices=GAMES)
    ap.add_argument("--rules", default="", help="the rules= text, e.g. Columns:6")
    ap.add_argument("--iterations", type=int, default=5, help="PPO training iterations (1..1000)")
    ap.add_argument("--batch", type=int, default=2000, help="env steps per iteration")
    ap.add_argument("--opponent", default=None, help="train against this agent or level instead of self-play")
    ap.add_argument("--level", default="Casual", help="the level the trained policy is scored against")
    ap.add_argument("--eval-games", type=int, default=10)
    ap.add_argument("--address", default=None, help="a Ray cluster's address ('auto', 'ray://host:10001'); "
                    "default: a local Ray")
    ap.add_argument("--cpus", type=int, default=2, help="CPUs of the local Ray")
    ap.add_argument("--runners", type=int, default=1, help="RLlib env runners (0: sample in the driver)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if not 1 <= args.iterations <= 1000:
        ap.error("--iterations must be 1..1000")

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    t0 = time.monotonic()
    if args.address:
        ray.init(address=args.address, log_to_driver=False)
    else:
        ray.init(num_cpus=args.cpus, include_dashboard=False, log_to_driver=False,
                 runtime_env={"env_vars": {"PYTHONWARNINGS": "ignore"}})
    env_config = {"game": args.game, "rules": args.rules, "seed": args.seed}
    module = RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                          model_config={"head_fcnet_hiddens": [64, 64]})
    config = PPOConfig()
    if args.opponent:
        env_config["opponent"] = args.opponent
        register_env("mancala_vs", make_vs_env)
        config = config.environment("mancala_vs", env_config=env_config).rl_module(rl_module_spec=module)
    else:
        register_env("mancala_selfplay", make_env)
        config = (config.environment("mancala_selfplay", env_config=env_config)
                  .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, *a, **k: "shared")
                  .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"shared": module})))
    config = (config
              .env_runners(num_env_runners=args.runners, num_envs_per_env_runner=1)
              .learners(num_learners=0)
              .training(train_batch_size_per_learner=args.batch, minibatch_size=min(256, args.batch),
                        num_epochs=2, lr=3e-4, gamma=0.99)
              .debugging(seed=args.seed))
    algo = config.build_algo()
    for i in range(args.iterations):
        r = algo.train()
        runners = r.get("env_runners", {})
        print(f"iteration {i + 1}: episodes {runners.get('num_episodes', 0)}, "
              f"mean episode length {runners.get('episode_len_mean', float('nan')):.1f}, "
              f"env steps so far {int(r.get('num_env_steps_sampled_lifetime', 0))}", flush=True)
    trained = algo.get_module() if args.opponent else algo.get_module("shared")
    scores = []
    for opp in ("random", args.level):
        w, d, lost = evaluate(trained, args.game, args.rules, opp, args.eval_games, args.seed * 1000)
        scores.append((opp, w, d, lost))
        print(f"trained policy vs {opp}: won {w}, drawn {d}, lost {lost} of {args.eval_games} "
              f"(score {(w + d / 2) / args.eval_games:.2f})", flush=True)
    algo.stop()
    ray.shutdown()
    print(f"{args.game} rules={args.rules or '(defaults)'}: {args.iterations} iterations, "
          f"{'vs ' + args.opponent if args.opponent else 'self-play'}, "
          f"{'cluster ' + args.address if args.address else 'local Ray'}; {time.monotonic() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("RAY_DEDUP_LOGS", "0")
    sys.exit(main())
