"""The per-game names of the frameworks (OpenSpiel's ``KisoloGame``…,
PettingZoo's ``kisolo_v0`` and ``KisoloEnv``…) are made at import from the
library's one list of games (``_games.py``, written by the build from
internal/games), without loading the library; an unbuilt source tree has
no games and says so."""

import os
import pickle
import subprocess
import sys

import pytest

from mancala_engine import _specs


def test_titles_from_the_table():
    assert _specs.GAMES == ("kisolo", "kiothi", "kimasai")
    assert [_specs.title(g) for g in _specs.GAMES] == ["Kisolo", "Kiothi", "Bao la Kimasai"]
    assert _specs.title("oware") == "oware"


def test_pettingzoo_names_per_game():
    pytest.importorskip("pettingzoo")
    import mancala_engine.pettingzoo as pz

    for g in _specs.GAMES:
        mod = getattr(pz, g + "_v0")
        cls = getattr(pz, g.capitalize() + "Env")
        assert mod.raw_env is cls and issubclass(cls, pz.raw_env)
        assert cls.__module__ == "mancala_engine.pettingzoo" and cls.__qualname__ == g.capitalize() + "Env"
        assert cls.metadata["name"] == g + "_v0" and repr(mod) == f"<mancala_engine.pettingzoo.{g}_v0>"
        assert _specs.title(g) in cls.__doc__
        assert g + "_v0" in pz.__all__ and cls.__name__ in pz.__all__
    env = pz.kiothi_v0.raw_env(rules="Setup:FiveBySix", horizon=50)
    env.reset(seed=3)
    back = pickle.loads(pickle.dumps(env))
    assert type(back) is pz.KiothiEnv
    back.reset(seed=3)
    assert str(back) == str(env)
    assert back.observe("player_0")["observation"].tolist() == env.observe("player_0")["observation"].tolist()


def test_openspiel_classes_per_game():
    pyspiel = pytest.importorskip("pyspiel")
    import mancala_engine.openspiel as mo

    assert mo.GAMES == {"kisolo": "Kisolo", "kiothi": "Kiothi", "kimasai": "Bao la Kimasai"}
    for g in _specs.GAMES:
        cls = getattr(mo, g.capitalize() + "Game")
        assert cls.__module__ == "mancala_engine.openspiel" and cls.__name__ in mo.__all__
        game = pyspiel.load_game(g + "()")
        assert type(game) is cls and game.get_type().long_name == f"{_specs.title(g)} (go-mancala)"
        assert str(game) == g + "()"


@pytest.mark.processes
def test_import_loads_no_library():
    code = ("import mancala_engine.pettingzoo, mancala_engine.openspiel, mancala_engine._native as n;"
            "print(n.loaded(), mancala_engine.pettingzoo.kimasai_v0.raw_env.__name__)")
    p = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["False", "KimasaiEnv"]


_NO_TABLE = "sys.modules['mancala_engine._games'] = None\n"
_OLD_TABLE = ("import types; m = types.ModuleType('mancala_engine._games'); m.GAMES = [{'name': 'kisolo'}]\n"
              "sys.modules['mancala_engine._games'] = m\n")


@pytest.mark.processes
@pytest.mark.parametrize("table, message", [
    # _games.py absent (a source tree never built): no fallback list.
    (_NO_TABLE, "this source tree was never built (no _games.py)"),
    # A _games.py from an older build (entries without a title): no games,
    # and using one says to rebuild rather than failing with a KeyError.
    (_OLD_TABLE, "_games.py was written by an older build"),
], ids=["unbuilt", "stale"])
def test_no_usable_table_has_no_games_and_says_so(table, message):
    code = ("import sys\n" + table +
            "from mancala_engine import _specs\n"
            "print(repr(_specs.GAMES))\n"
            "try:\n    _specs.check_game('kisolo')\nexcept Exception as e:\n    print(type(e).__name__, e)\n")
    p = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=120, env=dict(os.environ))
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "()"
    assert lines[1].startswith("LibraryError mancala_engine: " + message)
