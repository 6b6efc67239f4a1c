"""The client against an engine that misbehaves (fake_engine.py): it never
hangs past its timeout and never gives a request another request's answer.

    python3 -m unittest discover -s examples/python/tests -p test_protocol.py -v

These need no Go engine. Each answer of the fake engine echoes its
request's cmd, so a test sees which request an answer belongs to.
"""

import os
import shutil
import sys
import tempfile
import threading
import unittest

try:
    import mancala_engine  # noqa: F401  (the installed package)
except ImportError:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mancala_engine import Engine, EngineClosed, EngineError  # noqa: E402

FAKE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_engine.py")


class FakeEngineTestCase(unittest.TestCase):
    scenario = ""

    def setUp(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="fake-engine-")
        self.gate = os.path.join(self.dir, "gate")
        os.mkfifo(self.gate)
        self.opened = False

    def start(self, timeout: float = 10.0, **kwargs) -> Engine:
        self.engine = Engine(sys.executable, args=[FAKE, self.scenario, self.gate], timeout=timeout, **kwargs)
        return self.engine

    def open_gate(self) -> None:
        """Lets the fake engine go on (it waits for a byte on the FIFO)."""
        if not self.opened:
            self.opened = True
            with open(self.gate, "wb") as f:
                f.write(b"x")

    def tearDown(self) -> None:
        engine = getattr(self, "engine", None)
        if engine is not None:
            if self.scenario in ("gate", "slow"):
                self.open_gate()
            engine.close(timeout=10)
        shutil.rmtree(self.dir, ignore_errors=True)

    def assertProtocolError(self, fn, *args, **kwargs) -> EngineError:
        with self.assertRaises(EngineError) as cm:
            fn(*args, **kwargs)
        self.assertEqual(cm.exception.code, "protocol", cm.exception)
        return cm.exception

    def assertBadThenNext(self) -> EngineError:
        """The answer to "bad" is a protocol error for "bad"; the next
        requests get their own answers."""
        e = self.start()
        err = self.assertProtocolError(e.request, "bad")
        self.assertEqual(e.request("next"), {"echo": "next"})
        self.assertEqual(e.request("again"), {"echo": "again"})
        return err


class TestMalformedAnswers(FakeEngineTestCase):
    def test_unreadable_id(self) -> None:
        self.scenario = "unreadable"
        err = self.assertBadThenNext()
        self.assertIn("unreadable answer", err.message)

    def test_not_json(self) -> None:
        self.scenario = "garbage"
        err = self.assertBadThenNext()
        self.assertIn("'this is not JSON' (16 bytes)", err.message)

    def test_not_an_object(self) -> None:
        self.scenario = "notobject"
        err = self.assertBadThenNext()
        self.assertIn("a JSON list, not an object", err.message)

    def test_nested_too_deep(self) -> None:
        self.scenario = "deep"
        err = self.assertBadThenNext()
        self.assertIn("nested too deep", err.message)

    def test_not_utf8(self) -> None:
        self.scenario = "badutf8"
        self.assertBadThenNext()

    def test_no_ok(self) -> None:
        self.scenario = "nook"
        err = self.assertBadThenNext()
        self.assertIn('without a boolean "ok"', err.message)

    def test_line_too_long(self) -> None:
        self.scenario = "toolong"
        e = self.start(max_answer=1 << 20)
        err = self.assertProtocolError(e.request, "bad")
        self.assertIn("over 1048576 bytes", err.message)
        self.assertEqual(e.request("next"), {"echo": "next"})

    def test_pipelined(self) -> None:
        """Pipelined requests: a bad answer in the middle is the error of
        its own request only."""
        self.scenario = "notobject"
        e = self.start()
        tickets = [e.send(cmd) for cmd in ("one", "bad", "three")]
        self.assertEqual(e.receive(tickets[2]), {"echo": "three"})
        self.assertProtocolError(e.receive, tickets[1])
        self.assertEqual(e.receive(tickets[0]), {"echo": "one"})


class TestUnsolicited(FakeEngineTestCase):
    def test_line_while_nothing_pending(self) -> None:
        """{"id": null} after an answer, when no request waits: the next
        request gets a protocol error (and is not sent), the one after its
        answer."""
        self.scenario = "unsolicited"
        e = self.start()
        self.assertEqual(e.request("bad"), {"echo": "bad"})
        err = self.assertProtocolError(e.request, "next")
        self.assertIn("while no request was waiting", err.message)
        self.assertEqual(e.request("again"), {"echo": "again"})

    def test_line_before_the_answer(self) -> None:
        """{"id": null, "ok": true} before the answer: not taken as the
        answer (its id is not the request's); the real answer, coming when
        no request waits, is known by its id as that request's and dropped,
        so the next request gets its own answer."""
        self.scenario = "before"
        e = self.start()
        err = self.assertProtocolError(e.request, "bad")
        self.assertIn("an answer with id null to the request with id", err.message)
        self.assertEqual(e.request("next"), {"echo": "next"})
        self.assertEqual(e.dropped, 1)
        self.assertEqual(e.request("again"), {"echo": "again"})


    def test_stray_line_first(self) -> None:
        """A line written before any request, read while the first waits:
        the first request gets a protocol error; its own answer, coming
        next, is dropped rather than given to the second request, so the
        requests after it get their own answers."""
        self.scenario = "stray"
        e = self.start()
        # Give the stray line time to arrive, so that it is read when the
        # first request waits (or before it, as an unsolicited line).
        with self.assertRaises(EngineError) as cm:
            e.request("one")
        self.assertEqual(cm.exception.code, "protocol")
        self.assertEqual(e.request("two"), {"echo": "two"})
        self.assertEqual(e.request("three"), {"echo": "three"})

    def test_blank_line_refused(self) -> None:
        """send_line refuses a blank line and one with a line break (the
        engine answers neither as one request); the engine is untouched."""
        e = self.start()
        for line in ("", "   ", '{"cmd":"a"}\n{"cmd":"b"}', "x\ry"):
            with self.assertRaises(ValueError):
                e.send_line(line)
        self.assertEqual(e.request("after"), {"echo": "after"})

    def test_id_field_refused(self) -> None:
        """A field named id would replace the request's own: it is refused
        before anything is sent (request_id is how to choose one)."""
        e = self.start()
        with self.assertRaises(ValueError):
            e.request("games", id="x")
        with self.assertRaises(ValueError):
            e.send("games", id=5)
        self.assertEqual(e.request("after"), {"echo": "after"})


class TestTimeouts(FakeEngineTestCase):
    def test_write_to_a_busy_engine(self) -> None:
        """A request larger than the pipe's buffer, to an engine that reads
        nothing: TimeoutError at the timeout, not a hang. When the engine
        reads again, the late answer is dropped and the next request gets
        its own."""
        self.scenario = "gate"
        e = self.start(timeout=0.5)
        outcome = []

        def big() -> None:
            try:
                outcome.append(e.request("big", data="x" * 300000))
            except Exception as ex:  # noqa: BLE001
                outcome.append(ex)

        th = threading.Thread(target=big, daemon=True)
        th.start()
        th.join(20)
        self.assertFalse(th.is_alive(), "the request blocked past its timeout")
        self.assertIsInstance(outcome[0], TimeoutError)
        self.open_gate()
        e.timeout = 20
        self.assertEqual(e.request("next"), {"echo": "next"})
        self.assertEqual((e.dropped, e.pending, e.unclaimed), (1, 0, 0))

    def test_late_answer_dropped(self) -> None:
        self.scenario = "slow"
        e = self.start(timeout=0.3)
        with self.assertRaises(TimeoutError):
            e.request("slow")
        self.assertEqual(e.pending, 1)
        self.open_gate()
        e.timeout = 20
        self.assertEqual(e.request("next"), {"echo": "next"})
        self.assertEqual((e.dropped, e.pending, e.unclaimed), (1, 0, 0))

    def test_receive_again_after_timeout(self) -> None:
        """receive's TimeoutError keeps the ticket: the answer can still be
        received; forget drops it."""
        self.scenario = "slow"
        e = self.start(timeout=20)
        t = e.send("slow")
        with self.assertRaises(TimeoutError):
            e.receive(t, timeout=0.2)
        self.open_gate()
        self.assertEqual(e.receive(t), {"echo": "slow"})
        t = e.send("other")
        e.forget(t)
        self.assertEqual(e.request("next"), {"echo": "next"})
        self.assertEqual((e.dropped, e.pending, e.unclaimed), (1, 0, 0))


class TestEngineEnds(FakeEngineTestCase):
    def test_answer_cut_by_exit(self) -> None:
        self.scenario = "dies"
        e = self.start()
        self.assertEqual(e.request("first"), {"echo": "first"})
        with self.assertRaises(EngineClosed) as cm:
            e.request("bad")
        self.assertIn("in the middle of the answer", cm.exception.message)
        with self.assertRaises(EngineClosed):
            e.request("next")


if __name__ == "__main__":
    unittest.main()
