"""Measures the learning environments from Python (Kisolo default rules,
random legal actions unless told otherwise):

- the single-environment step round trip (the engine's step command, as
  mancala_engine.env.Game.step sends it): median and 99th percentile;
- the vector engine with n environments (vec_step, numpy on this side):
  environment steps per second, and the time per vec_step;
- PettingZoo's AEC loop over kisolo_v0 (random masked actions), if
  pettingzoo is installed: steps per second;
- Gymnasium's vector environment (make_vec, vector_entry_point), if
  gymnasium is installed: environment steps per second.

    /usr/bin/python3 examples/python/bench_env.py [--steps 20000] [-n 1024] [--game kisolo]

numpy is needed (Debian: python3-numpy, with /usr/bin/python3).
"""

import argparse
import os
import platform
import random
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from mancala_engine import Engine  # noqa: E402
from mancala_engine.env import Game  # noqa: E402
from mancala_engine.vector import VectorGame  # noqa: E402


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


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
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    return (f"{cpu}, {os.cpu_count()} CPUs, load {' '.join(f'{x:.1f}' for x in load)}, Python {platform.python_version()}, "
            f"reference loop {reference_loop():.0f} µs")


def reference_loop() -> float:
    """µs for 100,000 additions in a Python loop (best of 5): a gauge of
    much of a core this process gets (compare it between runs: it grows
    with the machine's load)."""
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        x = 0
        for i in range(100000):
            x += i
        best = min(best, time.perf_counter() - t0)
    return best * 1e6


class CPU:
    """CPU seconds (user + system) used by this process and by the engine
    while the block runs: on a loaded machine the wall time mostly
    measures waiting for a core, the CPU time what a step costs."""

    def __init__(self, engine):
        self.pid = engine.pid

    @staticmethod
    def _engine_cpu(pid):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return float("nan")

    def __enter__(self):
        t = os.times()
        self.py0, self.en0 = t.user + t.system, self._engine_cpu(self.pid)
        return self

    def __exit__(self, *exc):
        t = os.times()
        self.py = t.user + t.system - self.py0
        self.en = self._engine_cpu(self.pid) - self.en0

    def per(self, k):
        return f"CPU per step: Python {self.py / k * 1e6:.1f} µs + engine {self.en / k * 1e6:.1f} µs"


def bench_single(engine, game, rules, steps, rng):
    g = Game(game, rules, engine=engine)
    g.reset()
    times = []
    cpu = CPU(engine).__enter__()
    pick = random.Random(1).choice
    for _ in range(steps):
        if g.over:
            g.reset()
        a = pick(g.legal)
        t0 = time.perf_counter()
        g.step(a)
        times.append(time.perf_counter() - t0)
    cpu.__exit__()
    us = [t * 1e6 for t in times]
    print(f"single step      {game:<8} {steps:>9} steps  median {statistics.median(us):7.1f} µs  "
          f"p99 {percentile(us, 99):7.1f} µs  mean {statistics.mean(us):7.1f} µs  ({cpu.per(steps)}, "
          "with the random choice)")


def bench_vector(engine, game, rules, n, seconds, rng):
    with VectorGame(game, n, rules=rules, seed=1, engine=engine) as v, CPU(engine) as cpu:
        steps, t_engine = 0, 0.0
        t_start = time.perf_counter()
        while time.perf_counter() - t_start < seconds:
            a = v.sample_actions(rng)
            t0 = time.perf_counter()
            v.step(a)
            t_engine += time.perf_counter() - t0
            steps += 1
        wall = time.perf_counter() - t_start
    print(f"vector n={n:<6} {game:<8} {steps * n:>9} env steps  {steps * n / wall:>10.0f} env steps/s "
          f"(vec_step {t_engine / steps * 1e3:.2f} ms each, {steps * n / t_engine:.0f}/s without sampling; "
          f"{cpu.per(steps * n)})")


def aec_loop(env, steps):
    """PettingZoo's usual AEC loop with random masked actions (the
    action space's sample(mask)) for at least steps steps; returns the
    steps and the wall seconds."""
    done = 0
    seed = 0
    t0 = time.perf_counter()
    while done < steps:
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
    return done, time.perf_counter() - t0


def bench_pettingzoo(engine, game, rules, steps, rng):
    try:
        from mancala_engine import pettingzoo as pz
    except ImportError as e:
        print(f"pettingzoo       skipped: {e}")
        return
    env = getattr(pz, f"{game}_v0").env(rules=rules, engine=engine)
    with CPU(engine) as cpu:
        done, wall = aec_loop(env, steps)
    print(f"pettingzoo AEC   {game:<8} {done:>9} steps  {done / wall:>10.0f} steps/s  ({cpu.per(done)})")
    try:
        from pettingzoo.classic import tictactoe_v3
    except ImportError as e:
        print(f"pettingzoo AEC   tictactoe_v3 skipped: {e}")
        return
    done, wall = aec_loop(tictactoe_v3.env(), steps)
    print(f"pettingzoo AEC   tictactoe_v3 {done:>5} steps  {done / wall:>10.0f} steps/s  (PettingZoo's own game, the same loop)")


def bench_gym_vector(engine, game, rules, n, seconds, rng):
    try:
        import gymnasium

        import mancala_engine.gymnasium  # noqa: F401
    except ImportError as e:
        print(f"gymnasium vector skipped: {e}")
        return
    env_id = {"kisolo": "mancala/Kisolo-v0", "kiothi": "mancala/Kiothi-v0", "kimasai": "mancala/Kimasai-v0"}[game]
    envs = gymnasium.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point", rules=rules, engine=engine)
    obs, infos = envs.reset(seed=1)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        m = infos["action_mask"]
        obs, rewards, terms, truncs, infos = envs.step((m * (rng.random(m.shape) + 1e-9)).argmax(axis=1))
        steps += 1
    wall = time.perf_counter() - t0
    envs.close()
    print(f"gymnasium vec n={n:<4} {game:<8} {steps * n:>9} env steps  {steps * n / wall:>10.0f} env steps/s "
          "(opponent random: 2 plies per env step)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kisolo", help="kisolo, kiothi or kimasai")
    ap.add_argument("--rules", default=None, help="rule options, as in a position's rules= field")
    ap.add_argument("--steps", type=int, default=20000, help="single steps and PettingZoo steps")
    ap.add_argument("-n", type=int, default=1024, help="environments of the vector engine")
    ap.add_argument("--seconds", type=float, default=5.0, help="seconds of vector steps")
    ap.add_argument("--engine", default=os.environ.get("MANCALA_ENGINE"), help="the engine binary (default: found as Engine() does)")
    args = ap.parse_args()
    rng = np.random.default_rng(1)
    print(machine())
    with Engine(args.engine) as engine:
        bench_single(engine, args.game, args.rules, args.steps, rng)
        bench_vector(engine, args.game, args.rules, args.n, args.seconds, rng)
        bench_pettingzoo(engine, args.game, args.rules, args.steps, rng)
        bench_gym_vector(engine, args.game, args.rules, args.n, args.seconds, rng)
    print(machine())


if __name__ == "__main__":
    main()
