"""Tests of mancala_engine against the engine built from this checkout.

    python3 -m unittest discover -s examples/python/tests -v

The engine binary is $MANCALA_ENGINE if set, else built with go build into
a temporary directory.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest

try:
    import mancala_engine  # noqa: F401  (the installed package)
except ImportError:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mancala_engine._locate import program_dir  # noqa: E402
from mancala_engine import Engine, EngineClosed, EngineError, module_root  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

KISOLO_START = "kisolo 3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3/3,3,3,3,3,3,3 S turn=0"
KIOTHI_START = "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,5,5,5,5,5,5 S turn=0 prisons=0,0"
KIMASAI_START = "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/0,0,0,0,0,0,0,0 S turn=0 reserves=24,24"
KS6 = "kisolo 1,0,0,0,0,0,0/2,0,0,0,0,0,0/1,0,0,0,0,0,0/0,0,0,0,0,0,0 S turn=10"
OVER = "kisolo 0,0,0,0,0,0,0/0,0,0,0,0,0,0/2,0,0,0,0,0,0/1,1,0,0,0,0,0 N turn=11 result=S:inner"

BINARY = ""
_BUILD_DIR = None


def setUpModule() -> None:
    global BINARY, _BUILD_DIR
    BINARY = os.environ.get("MANCALA_ENGINE", "")
    if not BINARY:
        _BUILD_DIR = tempfile.mkdtemp(prefix="mancala-engine-")
        BINARY = os.path.join(_BUILD_DIR, "engine")
        subprocess.run(["go", "build", "-o", BINARY, program_dir(module_root(HERE))], cwd=module_root(HERE), check=True)


def tearDownModule() -> None:
    if _BUILD_DIR:
        shutil.rmtree(_BUILD_DIR, ignore_errors=True)


class EngineTestCase(unittest.TestCase):
    def setUp(self) -> None:
        self.engine = Engine(BINARY, timeout=60)

    def tearDown(self) -> None:
        self.assertEqual(self.engine.close(), 0)

    def assertCode(self, code: str, message: str, fn, *args, **kwargs) -> EngineError:
        with self.assertRaises(EngineError) as cm:
            fn(*args, **kwargs)
        self.assertEqual(cm.exception.code, code)
        self.assertTrue(cm.exception.message.startswith(message), cm.exception.message)
        return cm.exception


class TestCommands(EngineTestCase):
    def test_games(self) -> None:
        g = self.engine.games()
        self.assertEqual([x["name"] for x in g["games"]], ["kisolo", "kiothi", "kimasai"])
        self.assertEqual([x["start"] for x in g["games"]], [KISOLO_START, KIOTHI_START, KIMASAI_START])
        self.assertEqual(g["agents"], ["random", "alphabeta", "mcts", "mcts-eval"])
        self.assertEqual(g["engine"]["maxLine"], 1 << 20)
        self.assertEqual(g["engine"]["batch"]["maxPlayouts"], 1000000)
        self.assertIn("selfplay", g["engine"]["commands"])

    def test_state(self) -> None:
        s = self.engine.state(game="kisolo", rules="Columns:6")
        self.assertEqual(s["position"], "kisolo 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 S turn=0 rules=Columns:6")
        self.assertEqual(s["legal"], ["xb6", "xb5", "xb4", "xb3", "xb2", "xb1"])
        self.assertEqual(s["outcome"], {"status": "ongoing", "result": "*"})
        k = self.engine.state(KIOTHI_START)
        self.assertEqual(k["legal"], ["-a5", "-a6", "-a7", "-a8", "-a9"])
        self.assertEqual(k["stores"], {"S": 0, "N": 0})
        m = self.engine.state(game="kimasai")
        self.assertEqual((m["phase"], m["reserves"]), (1, {"S": 24, "N": 24}))

    def test_apply(self) -> None:
        r = self.engine.apply(KS6, "xb1")
        self.assertEqual(r["after"]["position"], OVER)
        self.assertEqual(r["summary"], "1 lap, 3 seeds sown; 1 capture took 3 seeds (c1, d1); the opponent's inner row is empty")
        self.assertEqual(r["events"][0], {"kind": "capture", "from": "c1", "to": "hand", "count": 2})
        self.assertEqual(r["after"]["outcome"]["text"], "South wins: North's inner row is empty")
        r = self.engine.apply(KIOTHI_START, "-a5")
        self.assertEqual(r["after"]["position"], "kiothi 5,5,5,5,5,5,0,0,0,0/0,0,0,0,0,5,5,5,5,5 S turn=0 prisons=0,0 hand=5 lifted=a5")
        r = self.engine.apply(KIMASAI_START, "b3")
        self.assertEqual(r["after"]["position"], "kimasai 0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/1,1,0,0,2,0,2,0/0,0,0,0,0,0,1,1 N turn=1 reserves=24,24")

    def test_think(self) -> None:
        r = self.engine.think(KISOLO_START, "alphabeta", depth=6)
        self.assertEqual((r["move"], r["value"], r["depth"], r["nodes"]), ("xb1", 16, 6, 1169))
        self.assertEqual(r["line"], ["xb1", "xc7", "xb2", "xc4", "xb1", "xc5"])
        for start in (KISOLO_START, KIOTHI_START, KIMASAI_START):
            legal = self.engine.state(start)["legal"]
            for agent, budget in (("random", {"seed": 3}), ("mcts", {"iterations": 100, "seed": 3}), ("alphabeta", {"depth": 2})):
                a = self.engine.think(start, agent, **budget)
                self.assertIn(a["move"], legal)
                self.assertEqual(a["move"], self.engine.think(start, agent, **budget)["move"])
        r = self.engine.think(KIOTHI_START, "mcts", iterations=100000, time_ms=50)
        self.assertLess(r["iterations"], 100000)

    def test_record_and_replay(self) -> None:
        r = self.engine.record(["xb1", "xc6"], game="kisolo", south="ann")
        self.assertEqual(r["record"], '[Game "kisolo"]\n[South "ann"]\n[Result "*"]\n\nxb1 xc6\n')
        self.assertEqual(r["final"], "kisolo 0,4,1,4,1,4,4/0,3,0,3,0,4,4/7,6,6,6,0,0,6/7,0,7,0,6,0,1 S turn=2")
        p = self.engine.replay(r["record"])
        self.assertEqual(p["moves"], ["xb1", "xc6"])
        self.assertEqual(p["positions"][0], KISOLO_START)
        self.assertEqual(p["positions"][2], r["final"])

    def test_observation(self) -> None:
        o = self.engine.observation("kisolo 1,2,3,4,5,6/7,8,9,10,11,12/0,1,0,2,0,3/4,0,5,0,6,0 S turn=10 rules=Columns:6")
        # The mover's view is the seat view of the player to move: its own
        # circuit first, ownTurn (always 1 here) last.
        self.assertEqual(o["values"], [4, 0, 5, 0, 6, 0, 3, 0, 2, 0, 1, 0, 6, 5, 4, 3, 2, 1, 7, 8, 9, 10, 11, 12, 1])
        self.assertEqual(o["shape"], [25])
        self.assertEqual(o["names"][:2] + o["names"][-2:], ["seeds:a1", "seeds:a2", "seeds:c6", "ownTurn"])
        # The mirror (the board turned, North to move): the same values.
        m = self.engine.observation("kisolo 0,6,0,5,0,4/3,0,2,0,1,0/12,11,10,9,8,7/6,5,4,3,2,1 N turn=11 rules=Columns:6")
        self.assertEqual(m["values"], o["values"])
        self.assertEqual(m["toMove"], "N")
        self.assertEqual(self.engine.observation(game="kiothi")["shape"], [86])
        self.assertEqual(self.engine.observation(game="kimasai")["shape"], [36])

    def test_perft(self) -> None:
        self.assertEqual(self.engine.perft(5, game="kisolo")["counts"], [7, 29, 107, 357, 1132])
        self.assertEqual(self.engine.perft(4, game="kiothi")["counts"], [5, 15, 300, 3150])
        r = self.engine.perft(5, game="kimasai", divide=True)
        self.assertEqual(r["counts"], [8, 64, 416, 2912, 20272])
        self.assertEqual(sum(d["nodes"] for d in r["divide"]), 20272)
        self.assertEqual([d["move"] for d in r["divide"]], ["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"])

    def test_playouts(self) -> None:
        r = self.engine.playouts(200, seed=1, game="kisolo")
        self.assertEqual((r["games"], r["south"], r["north"], r["draws"], r["plies"]), (200, 101, 99, 0, 4675))
        self.assertEqual(r["results"], {"N:inner": 97, "N:selfinner": 2, "S:inner": 97, "S:selfinner": 4})
        # Games are fixed by the seed and their index: two requests split at
        # game 80 (first=80) play the same 200 games.
        a = self.engine.playouts(80, seed=1, game="kisolo")
        b = self.engine.playouts(120, seed=1, game="kisolo", first=80)
        self.assertEqual((a["south"] + b["south"], a["north"] + b["north"], a["plies"] + b["plies"]), (101, 99, 4675))
        for game in ("kiothi", "kimasai"):
            r = self.engine.playouts(100, seed=2, game=game)
            self.assertEqual(r["south"] + r["north"] + r["draws"] + r["unfinished"], 100)
        r = self.engine.playouts(10, game="kiothi", max_plies=20)
        self.assertEqual((r["unfinished"], r["plies"], r["results"]), (10, 200, {"*": 10}))

    def test_selfplay(self) -> None:
        r = self.engine.selfplay(2, {"agent": "random"}, {"agent": "alphabeta", "depth": 4}, seed=1, game="kisolo", rules="Columns:6")
        self.assertEqual(len(r["records"]), 2)
        self.assertEqual(r["results"], ["N:inner", "N:inner"])
        self.assertEqual((r["south"], r["north"], r["draws"]), (0, 2, 0))
        for text, result in zip(r["records"], r["results"]):
            self.assertTrue(text.startswith('[Game "kisolo"]\n[Rules "Columns:6"]\n[South "random"]\n[North "alphabeta depth 4"]\n'), text)
            self.assertEqual(self.engine.replay(text)["result"], result)
        r = self.engine.selfplay(1, {"agent": "mcts", "iterations": 50}, {"agent": "random"}, game="kimasai", max_plies=10)
        self.assertEqual((r["unfinished"], r["plies"], r["results"]), (1, 10, ["*"]))


class TestErrors(EngineTestCase):
    def test_codes(self) -> None:
        e = self.engine
        self.assertCode("bad_request", 'wire: bad request: json: unknown field "colour"', e.request, "state", game="kisolo", colour="red")
        self.assertCode("bad_request", "wire: bad request: depth must be an integer, not a JSON string", e.request,
                        "think", position=KISOLO_START, agent="alphabeta", depth="deep")
        self.assertCode("bad_request", "wire: depth 11 out of range", e.think, KISOLO_START, "alphabeta", depth=11)
        self.assertCode("bad_request", 'wire: unknown game "oware"', e.state, game="oware")
        self.assertCode("bad_request", "wire: playouts n 0 out of range", e.playouts, 0, game="kisolo")
        self.assertCode("syntax", "kisolo: bad position", e.state, "kisolo 3 S turn=0")
        self.assertCode("syntax", "kiothi: bad rules", e.state, game="kiothi", rules="Columns:6")
        self.assertCode("syntax", "kisolo: bad move", e.apply, KISOLO_START, "zz")
        err = self.assertCode("illegal", "kisolo: illegal move b3: a capture is compulsory (KS-6)", e.apply, KISOLO_START, "b3")
        self.assertIsInstance(err.request_id, int)
        self.assertCode("game_over", "kisolo: move after game over", e.apply, OVER, "c1")
        self.assertCode("game_over", "kisolo: the game is over", e.think, OVER, "mcts")
        self.assertCode("too_large", "wire: 10001 moves: a record may have at most 10000", e.record, ["b1"] * 10001, game="kisolo")
        self.assertCode("not_found", 'engine: unknown command "moves"', e.request, "moves")
        # The engine goes on after errors.
        self.assertEqual(e.perft(1, game="kisolo")["counts"], [7])

    def test_unencodable_fields(self) -> None:
        # A field json cannot encode raises at once and leaves the engine
        # usable (it used to keep the pipes claimed: every later request
        # hung); NaN is refused, not sent as the non-JSON token NaN.
        e = self.engine
        with self.assertRaises(TypeError):
            e.request("state", game=b"kisolo")
        with self.assertRaises(ValueError):
            e.request("playouts", n=1, game="kisolo", seed=float("nan"))
        loop: list = []
        loop.append(loop)
        with self.assertRaises(ValueError):
            e.send("state", game=loop)
        self.assertEqual(e.request("perft", timeout=10, game="kisolo", depth=1)["counts"], [7])

    def test_bad_lines(self) -> None:
        e = self.engine
        garbage = e.send_line("this is not JSON")
        big = e.send_line('{"id":"big","cmd":"state","position":"' + "x" * (1 << 20) + '"}')
        nothing = e.send_line('{"id":null,"cmd":"games"}')
        cut = e.send_line('{"id":"cut","cmd":"state","position":')
        ok = e.send("games")
        with self.assertRaises(EngineError) as cm:
            e.receive(garbage)
        self.assertEqual((cm.exception.code, cm.exception.request_id), ("bad_request", None))
        with self.assertRaises(EngineError) as cm:
            e.receive(big)
        self.assertEqual((cm.exception.code, cm.exception.message, cm.exception.request_id),
                         ("too_large", "engine: request line over 1048576 bytes", "big"))
        self.assertEqual(len(e.receive(nothing)["games"]), 3)
        with self.assertRaises(EngineError) as cm:
            e.receive(cut)
        self.assertEqual((cm.exception.code, cm.exception.request_id), ("bad_request", "cut"))
        self.assertIn("games", e.receive(ok))


class TestIds(EngineTestCase):
    def test_pipelined_out_of_order(self) -> None:
        tickets = [self.engine.send("perft", game="kisolo", depth=1 + i % 5) for i in range(50)]
        want = [7, 29, 107, 357, 1132]
        for i in reversed(range(50)):
            self.assertEqual(self.engine.receive(tickets[i])["counts"][-1], want[i % 5])

    def test_given_ids(self) -> None:
        for rid in ("a string", [1, {"b": 2}], 3.5, {"nested": [True, None]}):
            t = self.engine.send("perft", request_id=rid, game="kiothi", depth=2)
            self.assertEqual(self.engine.receive(t)["counts"], [5, 15])
        t = self.engine.send("apply", request_id="mine", position=KISOLO_START, move="b3")
        with self.assertRaises(EngineError) as cm:
            self.engine.receive(t)
        self.assertEqual(cm.exception.request_id, "mine")
        # The same id twice: each answer goes to its own request (by order).
        a = self.engine.send("state", request_id="same", game="kisolo")
        b = self.engine.send("state", request_id="same", game="kiothi")
        self.assertEqual(self.engine.receive(a)["game"], "kisolo")
        self.assertEqual(self.engine.receive(b)["game"], "kiothi")

    def test_unechoable_ids(self) -> None:
        """An id the engine will not echo (over 256 bytes, nested deeper
        than 8, a 5,000-digit number) gets bad_request with id null, for
        that request only."""
        for line in ('{"id":"' + "x" * 300 + '","cmd":"games"}', '{"id":' + "9" * 5000 + ',"cmd":"games"}',
                     '{"id":' + "[" * 10 + "1" + "]" * 10 + ',"cmd":"games"}'):
            t = self.engine.send_line(line)
            nxt = self.engine.send("perft", game="kisolo", depth=1)
            with self.assertRaises(EngineError) as cm:
                self.engine.receive(t)
            self.assertEqual((cm.exception.code, cm.exception.request_id), ("bad_request", None))
            self.assertIn("the id is over 256 bytes or nested deeper than 8", cm.exception.message)
            self.assertEqual(self.engine.receive(nxt)["counts"], [7])
        with self.assertRaises(EngineError) as cm:
            self.engine.receive(self.engine.send("games", request_id="y" * 300))
        self.assertEqual(cm.exception.code, "bad_request")

    def test_threads(self) -> None:
        errors = []

        def work(k: int) -> None:
            try:
                for _ in range(20):
                    r = self.engine.perft(1 + k % 3, game="kimasai")
                    if r["counts"][-1] != [8, 64, 416][k % 3]:
                        errors.append(r)
            except Exception as ex:  # noqa: BLE001
                errors.append(ex)

        threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        self.assertEqual(errors, [])

    def test_timeout(self) -> None:
        t = self.engine.send("think", position=KIOTHI_START, agent="mcts", iterations=100000, timeMs=500)
        with self.assertRaises(TimeoutError):
            self.engine.receive(t, timeout=0.05)
        self.assertIn("move", self.engine.receive(t))


class TestProcess(unittest.TestCase):
    def assertReaped(self, pid: int) -> None:
        """The process is gone and reaped: no zombie left."""
        with self.assertRaises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)

    def test_context_manager(self) -> None:
        with Engine(BINARY) as e:
            self.assertEqual(e.perft(2, game="kisolo")["counts"], [7, 29])
            pid = e.pid
        self.assertEqual(e.returncode, 0)
        self.assertReaped(pid)
        with self.assertRaises(EngineClosed):
            e.games()
        self.assertEqual(e.close(), 0)  # twice is harmless

    def test_exception_in_block(self) -> None:
        with self.assertRaises(EngineError):
            with Engine(BINARY) as e:
                e.apply(KISOLO_START, "b3")
        self.assertEqual(e.returncode, 0)
        self.assertReaped(e.pid)

    def test_busy_engine_is_terminated(self) -> None:
        e = Engine(BINARY)
        e.send("selfplay", n=1000, south={"agent": "mcts", "iterations": 100000}, north={"agent": "mcts", "iterations": 100000}, game="kiothi")
        time.sleep(0.1)
        t0 = time.monotonic()
        code = e.close(timeout=0.2)
        self.assertLess(time.monotonic() - t0, 3)
        self.assertEqual(code, -15)  # SIGTERM
        self.assertReaped(e.pid)

    def test_engine_dies(self) -> None:
        e = Engine(BINARY)
        t = e.send("think", position=KIOTHI_START, agent="mcts", iterations=100000, timeMs=2000)
        os.kill(e.pid, 9)
        with self.assertRaises(EngineClosed) as cm:
            e.receive(t, timeout=10)
        self.assertEqual(cm.exception.code, "closed")
        with self.assertRaises(EngineClosed):
            for _ in range(100):  # the first writes may still fit in the pipe
                e.games()
        self.assertEqual(e.close(), -9)
        self.assertReaped(e.pid)

    def test_only_answers_on_stdout(self) -> None:
        lines = '{"id":1,"cmd":"games"}\n{"id":2,"cmd":"perft","game":"kisolo","depth":2}\nnope\n{"id":3,"cmd":"state","game":"kiothi"}'
        p = subprocess.run([BINARY, "-v"], input=lines.encode(), capture_output=True, check=True, timeout=30)
        out = p.stdout.decode().splitlines()
        self.assertEqual([json.loads(l)["id"] for l in out], [1, 2, None, 3])
        self.assertEqual(len(p.stderr.decode().splitlines()), 4)



def run_python(code: str, env: dict, timeout: float = 600) -> subprocess.CompletedProcess:
    """Runs code in a new Python process (this interpreter, this
    mancala_engine) with env as its whole environment."""
    path = os.path.dirname(os.path.dirname(os.path.abspath(sys.modules["mancala_engine"].__file__)))
    env = dict(env, PYTHONPATH=path, PYTHONDONTWRITEBYTECODE="1", HOME=env.get("HOME", "/nonexistent"))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=timeout)


PROBE = """
import os
from mancala_engine import Engine, find_engine
print(find_engine())
with Engine() as e:
    print(e.perft(3, game="kiothi")["counts"])
    print(os.path.realpath("/proc/%d/exe" % e.pid))
"""


class TestFindEngine(unittest.TestCase):
    """Engine() finds the engine: MANCALA_ENGINE, then PATH, then a build
    into the cache, once per source version."""

    def setUp(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="find-engine-")

    def tearDown(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)

    @unittest.skipUnless(os.path.isdir("/proc/self"), "needs /proc to see which binary runs")
    def test_mancala_engine_variable(self) -> None:
        p = run_python(PROBE, {"MANCALA_ENGINE": BINARY, "PATH": "/nonexistent"})
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.splitlines(), [BINARY, "[5, 15, 300]", os.path.realpath(BINARY)])
        self.assertEqual(p.stderr, "")
        # A relative MANCALA_ENGINE runs the file it names, not a program of
        # that name on PATH (a decoy there that prints nothing).
        shutil.copy(BINARY, os.path.join(self.dir, "engine"))
        decoys = os.path.join(self.dir, "bin")
        os.mkdir(decoys)
        with open(os.path.join(decoys, "engine"), "w") as f:
            f.write("#!/bin/sh\nexit 3\n")
        os.chmod(os.path.join(decoys, "engine"), 0o755)
        p = run_python("import os; os.chdir(%r)\n" % self.dir + PROBE, {"MANCALA_ENGINE": "engine", "PATH": decoys})
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.splitlines(), [os.path.join(self.dir, "engine"), "[5, 15, 300]",
                                                 os.path.realpath(os.path.join(self.dir, "engine"))])
        p = run_python(PROBE, {"MANCALA_ENGINE": os.path.join(self.dir, "missing"), "PATH": "/nonexistent"})
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("EngineNotFound: MANCALA_ENGINE=" + os.path.join(self.dir, "missing") + " is not an executable file", p.stderr)

    @unittest.skipUnless(os.path.isdir("/proc/self"), "needs /proc to see which binary runs")
    def test_path(self) -> None:
        os.symlink(BINARY, os.path.join(self.dir, "mancala-engine"))
        p = run_python(PROBE, {"PATH": self.dir})
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.splitlines(), [os.path.join(self.dir, "mancala-engine"), "[5, 15, 300]", os.path.realpath(BINARY)])

    def test_no_go(self) -> None:
        p = run_python(PROBE, {"PATH": self.dir, "XDG_CACHE_HOME": self.dir, "MANCALA_MODULE": module_root(HERE)})
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("there is no go command to build it with", p.stderr)

    @unittest.skipUnless(shutil.which("go"), "no go command")
    def test_build_once(self) -> None:
        go_dir = os.path.dirname(shutil.which("go"))
        env = {"PATH": go_dir + ":/usr/bin:/bin", "XDG_CACHE_HOME": self.dir, "MANCALA_MODULE": module_root(HERE),
               "HOME": os.path.expanduser("~")}
        # Go's build cache is under XDG_CACHE_HOME too: keep the usual one,
        # or the build compiles everything again.
        for k in ("GOPATH", "GOCACHE", "GOMODCACHE"):
            env[k] = subprocess.run(["go", "env", k], capture_output=True, text=True, check=True).stdout.strip()
        for k in ("GOFLAGS", "GOPROXY", "GOTOOLCHAIN"):
            if k in os.environ:
                env[k] = os.environ[k]
        p = run_python(PROBE, env)
        self.assertEqual(p.returncode, 0, p.stderr)
        built = p.stdout.splitlines()[0]
        self.assertTrue(built.startswith(os.path.join(self.dir, "mancala_engine", "engine-")), built)
        self.assertEqual(p.stdout.splitlines()[1:], ["[5, 15, 300]", built])
        self.assertIn("mancala_engine: building the engine (go build ./examples/mancala-engine in " + module_root(HERE), p.stderr)
        again = run_python(PROBE, env)
        self.assertEqual((again.returncode, again.stdout, again.stderr), (0, p.stdout, ""))


if __name__ == "__main__":
    unittest.main()
