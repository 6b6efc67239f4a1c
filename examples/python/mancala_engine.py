"""A Python client for the go-mancala JSON-lines engine (examples/engine).

The engine reads one JSON request a line on standard input and writes one
JSON response a line on standard output, in order (see ``go doc
./examples/engine`` for the protocol and every command). This module starts
it, sends requests, matches the responses to them (by order, checking ids), turns error
responses into :class:`EngineError` exceptions and stops the process
cleanly. It uses the standard library only (Python 3.9 or later).

    from mancala_engine import Engine

    with Engine("/path/to/engine") as engine:     # or Engine(): go run ./examples/engine
        state = engine.state(game="kisolo")
        after = engine.apply(state["position"], state["legal"][0])["after"]
        print(engine.think(after["position"], "alphabeta", depth=4)["move"])

Answers are the engine's JSON objects as dicts, without "id" and "ok";
their fields are those of package mancala/wire (``position``, ``legal``,
``outcome``, ...). Positions and moves are text in the notation of
docs/notation.md.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
from typing import IO, Any, Dict, Hashable, List, Optional, Sequence, Union

__all__ = ["Engine", "EngineError", "EngineClosed", "module_root"]

#: An answer of the engine: a JSON object without its "id" and "ok".
Answer = Dict[str, Any]


class EngineError(Exception):
    """An error response of the engine.

    ``code`` is the engine's code (``bad_request``, ``syntax``, ``illegal``,
    ``game_over``, ``too_large``, ``not_found``, ``internal``), ``message``
    its message (for example ``kisolo: illegal move b3: a capture is
    compulsory (KS-6)``) and ``request_id`` the id of the request.
    """

    def __init__(self, code: str, message: str, request_id: Any = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.request_id = request_id


class EngineClosed(EngineError):
    """The engine is closed or exited before it answered (code ``closed``)."""

    def __init__(self, message: str, request_id: Any = None) -> None:
        super().__init__("closed", message, request_id)


def module_root(start: Optional[str] = None) -> str:
    """Returns the directory of the go-mancala module holding ``start``.

    ``start`` defaults to this file's directory; the module is the nearest
    directory at or above it with a go.mod naming
    github.com/seed8ebe013a/go-mancala. Raises FileNotFoundError if there is
    none.
    """
    d = os.path.abspath(start or os.path.dirname(__file__))
    while True:
        mod = os.path.join(d, "go.mod")
        if os.path.isfile(mod):
            with open(mod, encoding="utf-8") as f:
                if f.readline().split()[1:2] == ["github.com/seed8ebe013a/go-mancala"]:
                    return d
        parent = os.path.dirname(d)
        if parent == d:
            raise FileNotFoundError(
                "no go-mancala module (go.mod) above " + (start or os.path.dirname(__file__))
                + ": give Engine a built engine (Engine(\"path/to/engine\")) or the module (Engine(module=\"path/to/go-mancala\"))"
            )
        d = parent


def _key(request_id: Any) -> str:
    """The canonical JSON text of a request id, to compare ids by."""
    return json.dumps(request_id, sort_keys=True, separators=(",", ":"))


def _fields(**fields: Any) -> Dict[str, Any]:
    """The fields that are not None."""
    return {k: v for k, v in fields.items() if v is not None}


class Engine:
    """A running engine process, answering requests in order.

    ``Engine(binary)`` runs the engine binary at that path (built with
    ``go build -o engine ./examples/engine``); ``Engine()`` runs ``go run
    ./examples/engine`` in the module (``module``, default: the module
    holding this file; the first run compiles). ``args`` are passed to the
    engine (``["-v"]`` logs each request to standard error), ``stderr`` is
    where its standard error goes (default: this process's), and
    ``timeout`` is how long, in seconds, to wait for each answer (default:
    no limit; a TimeoutError is raised then).

    Use it as a context manager, or call :meth:`close`: either way the
    engine's input is closed, the engine ends, and the process is reaped.
    An Engine may be shared by threads: each request waits for its own
    answer.
    """

    def __init__(
        self,
        binary: Optional[str] = None,
        *,
        args: Sequence[str] = (),
        module: Optional[str] = None,
        stderr: Union[None, int, IO[Any]] = None,
        timeout: Optional[float] = None,
    ) -> None:
        if binary is None:
            cmd: List[str] = ["go", "run", "./examples/engine", *args]
            cwd: Optional[str] = module or module_root()
        else:
            cmd, cwd = [binary, *args], None
        self.timeout = timeout
        self._next_id = 0
        self._lock = threading.Lock()  # writing requests
        self._cond = threading.Condition()  # pending, answers, eof
        self._tickets = 0  # tickets handed out
        self._pending: List[str] = []  # tickets of requests sent and not answered, in order
        self._ids: Dict[str, str] = {}  # ticket -> the id sent (_key), for a request built by send
        self._answers: Dict[str, Dict[str, Any]] = {}
        self._eof = False
        self._closed = False
        # A session of its own, so that closing also stops the program
        # that "go run" starts.
        self._proc = subprocess.Popen(
            cmd,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            start_new_session=os.name == "posix",
        )
        self._reader = threading.Thread(target=self._read, name="mancala-engine-reader", daemon=True)
        self._reader.start()

    # Process life.

    @property
    def pid(self) -> int:
        """The process id of the engine (of ``go run`` without a binary)."""
        return self._proc.pid

    @property
    def returncode(self) -> Optional[int]:
        """The engine's exit status once it has ended (negative: killed by
        that signal), else None."""
        return self._proc.poll()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self, timeout: float = 5.0) -> Optional[int]:
        """Closes the engine's input, waits up to ``timeout`` seconds for it
        to answer what it has and exit, then terminates it (and, two seconds
        later, kills it). Returns the exit status: 0 for a clean end.
        Closing twice is harmless.
        """
        with self._lock:
            self._closed = True
            try:
                if self._proc.stdin and not self._proc.stdin.closed:
                    self._proc.stdin.close()
            except OSError:
                pass
        try:
            self._proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGTERM)
            try:
                self._proc.wait(2.0)
            except subprocess.TimeoutExpired:
                self._signal(signal.SIGKILL)
                self._proc.wait()
        self._reader.join(timeout=5.0)
        if self._proc.stdout:
            self._proc.stdout.close()
        return self._proc.returncode

    def _signal(self, sig: int) -> None:
        """Sends sig to the engine's process group (the engine and, under
        go run, the go command)."""
        try:
            if os.name == "posix":
                os.killpg(self._proc.pid, sig)
            else:
                self._proc.kill()
        except (ProcessLookupError, PermissionError):
            pass

    # Requests and answers.

    def send(self, cmd: str, request_id: Any = None, **fields: Any) -> Hashable:
        """Sends one request without waiting and returns the ticket to
        :meth:`receive` its answer with. ``fields`` are the command's JSON
        fields as the engine names them (``timeMs``, ``maxPlies``); None
        values are left out. ``request_id`` (any JSON value) is the id to
        send; by default a new integer. Answers are matched to requests by
        their order (the engine answers strictly in order), so ids need not
        be unique; an error's id is in :attr:`EngineError.request_id`.
        """
        with self._lock:
            if request_id is None:
                self._next_id += 1
                request_id = self._next_id
            line = json.dumps({"id": request_id, "cmd": cmd, **_fields(**fields)}, separators=(",", ":"))
            return self._write(line, _key(request_id))

    def send_line(self, line: str) -> Hashable:
        """Sends one raw request line (without its line break), for tests
        and for requests built elsewhere, and returns the ticket of its
        answer."""
        with self._lock:
            return self._write(line, None)

    def _write(self, line: str, request_key: Optional[str]) -> str:
        """Writes a line and queues a new ticket for its answer; called
        with _lock held."""
        if self._closed:
            raise EngineClosed("the engine is closed")
        self._tickets += 1
        ticket = "t" + str(self._tickets)
        if request_key is not None:
            self._ids[ticket] = request_key
        with self._cond:
            self._pending.append(ticket)
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.write(line.encode("utf-8") + b"\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as e:
            with self._cond:
                if ticket in self._pending:
                    self._pending.remove(ticket)
                self._ids.pop(ticket, None)
            raise EngineClosed(f"the engine exited (status {self._proc.poll()}): {e}") from None
        return ticket

    def receive(self, ticket: Hashable, timeout: Optional[float] = None) -> Answer:
        """Waits for the answer to the request of ``ticket`` and returns it.
        Raises EngineError for an error response, EngineClosed if the engine
        ends first, and TimeoutError after ``timeout`` seconds (default: the
        engine's timeout).
        """
        timeout = self.timeout if timeout is None else timeout
        with self._cond:
            ok = self._cond.wait_for(lambda: ticket in self._answers or self._eof, timeout)
            if not ok:
                raise TimeoutError(f"no answer to request {ticket} within {timeout} s")
            if ticket not in self._answers:
                raise EngineClosed(f"the engine ended (status {self._proc.poll()}) before answering request {ticket}")
            msg = self._answers.pop(ticket)
        request_id = msg.pop("id", None)
        if not msg.pop("ok", False):
            raise EngineError(str(msg.get("code", "")), str(msg.get("error", "")), request_id)
        return msg

    def request(self, cmd: str, **fields: Any) -> Answer:
        """Sends one request and returns its answer (see :meth:`send` and
        :meth:`receive`)."""
        return self.receive(self.send(cmd, **fields))

    def _read(self) -> None:
        """Reads answers until the engine's output ends, filing each under
        the ticket of the oldest pending request: the engine answers one
        line at a time, strictly in order, so ids need not be unique. An
        answer whose id is not the one its request sent (a broken engine)
        is filed as a ``protocol`` error."""
        assert self._proc.stdout is not None
        try:
            for raw in self._proc.stdout:
                try:
                    msg = json.loads(raw)
                except ValueError:
                    continue  # not an answer: the engine writes nothing else
                with self._cond:
                    if not self._pending:
                        continue
                    ticket = self._pending.pop(0)
                    want = self._ids.pop(ticket, None)
                    if want is not None and _key(msg.get("id")) != want and msg.get("id") is not None:
                        msg = {"id": msg.get("id"), "ok": False, "code": "protocol",
                               "error": "answer with id " + _key(msg.get("id")) + " to the request with id " + want}
                    self._answers[ticket] = msg
                    self._cond.notify_all()
        finally:
            with self._cond:
                self._eof = True
                self._cond.notify_all()

    # The commands (see go doc ./examples/engine).

    def games(self) -> Answer:
        """The games, their rule options and boards, the agents and the
        limits (``games``, ``agents``, ``limits``, ``engine``)."""
        return self.request("games")

    def state(self, position: Optional[str] = None, *, game: Optional[str] = None, rules: Optional[str] = None) -> Answer:
        """The state of ``position``, or of the start of ``game`` under
        ``rules`` (``position``, ``toMove``, ``legal``, ``outcome``,
        ``pits``, ...)."""
        return self.request("state", position=position, game=game, rules=rules)

    def apply(self, position: str, move: str) -> Answer:
        """Plays ``move`` in ``position``: ``after`` (the new state),
        ``events``, ``summary``. An illegal move raises EngineError with
        code ``illegal``."""
        return self.request("apply", position=position, move=move)

    def think(
        self,
        position: str,
        agent: str = "alphabeta",
        *,
        depth: Optional[int] = None,
        iterations: Optional[int] = None,
        seed: Optional[int] = None,
        time_ms: Optional[int] = None,
    ) -> Answer:
        """The move ``agent`` (``random``, ``alphabeta`` or ``mcts``) chooses
        in ``position`` within its budget (AlphaBeta depth in plies, MCTS
        iterations, a time in milliseconds): ``move`` and what the agent
        knows (``value``, ``depth``, ``winRate``, ...)."""
        return self.request("think", position=position, agent=agent, depth=depth, iterations=iterations, seed=seed, timeMs=time_ms)

    def record(
        self,
        moves: Sequence[str],
        *,
        game: Optional[str] = None,
        rules: Optional[str] = None,
        start: Optional[str] = None,
        south: Optional[str] = None,
        north: Optional[str] = None,
        date: Optional[str] = None,
    ) -> Answer:
        """The game record of ``moves`` played from ``start`` (or the start
        of ``game`` under ``rules``): ``record`` (the text), ``result``,
        ``final``."""
        return self.request("record", moves=list(moves), game=game, rules=rules, start=start, south=south, north=north, date=date)

    def replay(self, record: str) -> Answer:
        """Reads a game record (or one position line): ``moves``,
        ``positions``, ``result``, ``headers``."""
        return self.request("replay", record=record)

    def observation(self, position: Optional[str] = None, *, game: Optional[str] = None, rules: Optional[str] = None) -> Answer:
        """The position as the player to move sees it, for learning agents:
        ``values`` (a fixed-length list of ints), ``names`` (what each is),
        ``shape``, ``toMove``."""
        return self.request("observation", position=position, game=game, rules=rules)

    def perft(
        self,
        depth: int,
        *,
        position: Optional[str] = None,
        game: Optional[str] = None,
        rules: Optional[str] = None,
        divide: bool = False,
    ) -> Answer:
        """The positions 1..``depth`` plies after the start (``counts``), and
        with ``divide`` the count below each legal move (``divide``)."""
        return self.request("perft", depth=depth, position=position, game=game, rules=rules, divide=divide or None)

    def playouts(
        self,
        n: int,
        *,
        seed: int = 0,
        position: Optional[str] = None,
        game: Optional[str] = None,
        rules: Optional[str] = None,
        max_plies: Optional[int] = None,
    ) -> Answer:
        """``n`` seeded random games from the start: ``south``, ``north``,
        ``draws``, ``unfinished``, ``plies``, ``endless``, ``results``."""
        return self.request("playouts", n=n, seed=seed or None, position=position, game=game, rules=rules, maxPlies=max_plies)

    def selfplay(
        self,
        n: int,
        south: Dict[str, Any],
        north: Dict[str, Any],
        *,
        seed: int = 0,
        position: Optional[str] = None,
        game: Optional[str] = None,
        rules: Optional[str] = None,
        max_plies: Optional[int] = None,
    ) -> Answer:
        """``n`` games between two agents, each given as think's fields
        (``{"agent": "alphabeta", "depth": 4}``): ``records`` (record
        texts), ``results``, ``south``, ``north``, ``draws``,
        ``unfinished``."""
        return self.request(
            "selfplay", n=n, south=south, north=north, seed=seed or None, position=position, game=game, rules=rules, maxPlies=max_plies
        )
