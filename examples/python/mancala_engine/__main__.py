"""``python -m mancala_engine``: the package's version, its library (path,
version, build id, ABI) and games, and one think to show it plays."""

import sys

from . import __version__, library_info, think


def main() -> int:
    info = library_info()
    print(f"mancala-engine {__version__}")
    print(f"library   {info['path']}")
    print(f"version   {info['version']}")
    print(f"build id  {info['build_id']} (ABI {info['abi']})")
    lim = info["limits"]
    print(f"limits    alphabeta depth <= {lim['depth']}, mcts iterations <= {lim['iterations']}, "
          f"workers <= {lim['workers']}, time <= {lim['time_ms']} ms")
    for g in info["games"]:
        print(f"game      {g['name']}: levels {', '.join(g['levels'])}")
    from ._specs import spec_of

    t = think(spec_of("kisolo", None).start, "random", seed=1)
    print(f"check     kisolo's start, random (seed 1) plays {t.move}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
