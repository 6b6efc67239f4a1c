"""The engine process and its JSON-lines protocol (see docs/engine.md).

One request a line on the engine's standard input, one answer a line on its
standard output, strictly in order. The client matches answers to requests
by order and checks each answer's id against the id its request sent, so an
answer never goes to the wrong request: a line that cannot be read, is not a
JSON object, is nested too deep, is too long or carries another request's id
is a :class:`ProtocolError` for the request it answers by order, and the
client goes on with the next line. Timeouts cover writing the request as
well as reading its answer; the answer to a request that timed out is read
and dropped when it comes. A line the engine writes while no request is
waiting is a :class:`ProtocolError` for the next request, which is then not
sent.

There is no reader thread: whichever thread waits for an answer reads the
engine's output (one thread at a time), with ``poll`` on non-blocking pipes,
so a single request costs one write, one poll and one read. POSIX only.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import threading
import time
from typing import IO, Any, Callable, Dict, Hashable, List, Optional, Sequence, Union

from . import _locate

__all__ = ["Engine", "EngineError", "EngineClosed", "ProtocolError", "ForkedError", "Answer"]

#: An answer of the engine: a JSON object without its "id" and "ok".
Answer = Dict[str, Any]

_READ = 1 << 18  # bytes per read, into a buffer allocated once


class EngineError(Exception):
    """An error response of the engine, or a failure of the exchange.

    ``code`` is the engine's code (``bad_request``, ``syntax``, ``illegal``,
    ``game_over``, ``too_large``, ``not_found``, ``internal``), or the
    client's: ``closed`` (:class:`EngineClosed`) and ``protocol``
    (:class:`ProtocolError`). ``message`` is the message (for example
    ``kisolo: illegal move b3: a capture is compulsory (KS-6)``) and
    ``request_id`` the id of the request as the answer gave it (None when
    the answer could not be read).
    """

    def __init__(self, code: str, message: str, request_id: Any = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.request_id = request_id


class EngineClosed(EngineError):
    """The engine is closed, or ended before it answered (code ``closed``)."""

    def __init__(self, message: str, request_id: Any = None) -> None:
        super().__init__("closed", message, request_id)


class ProtocolError(EngineError):
    """The engine's answer to this request broke the protocol (code
    ``protocol``): not one line of UTF-8 JSON, not an object, nested too
    deep, longer than the client's limit, without a boolean ``ok``, with
    another id than the request's, or a line that answers no request."""

    def __init__(self, message: str, request_id: Any = None, mismatch: bool = False) -> None:
        super().__init__("protocol", message, request_id)
        # The line was an answer, but with another id than the request's.
        self.mismatch = mismatch


class ForkedError(EngineError):
    """A handle used in a process other than the one that made it (code
    ``fork``): an :class:`Engine` started by a parent process and used in a
    child it forked, or the in-process library used in a child forked after
    the parent loaded it (the Go runtime does not survive ``fork``). Each
    process must start its own engine, or load the library itself (a
    spawned or forkserver process, or the ``engine`` backend)."""

    def __init__(self, message: str) -> None:
        super().__init__("fork", message)


def _encode(msg: Dict[str, Any]) -> bytes:
    """Encodes one request line (without its line break) as strict JSON:
    NaN and infinities are refused (ValueError) rather than sent as the
    non-JSON tokens Python's json module writes by default; a value json
    cannot encode raises TypeError or ValueError."""
    return json.dumps(msg, separators=(",", ":"), allow_nan=False).encode("utf-8")


def _key(request_id: Any) -> str:
    """The canonical JSON text of a request id, to compare ids by."""
    return json.dumps(request_id, sort_keys=True, separators=(",", ":"))


def _excerpt(raw: bytes, n: int = 60) -> str:
    text = raw[:n].decode("utf-8", "replace")
    return repr(text) + ("..." if len(raw) > n else "") + f" ({len(raw)} bytes)"


def _fields(fields: Dict[str, Any]) -> Dict[str, Any]:
    """The fields that are not None. ``id`` is the client's: a field of
    that name is refused (ValueError), as it would replace the request's
    own id (``send(request_id=...)`` chooses one)."""
    if "id" in fields:
        raise ValueError("'id' is not a command field: the client writes the request's id (send takes request_id)")
    return {k: v for k, v in fields.items() if v is not None}


class _Ticket:
    """A request sent (or being sent) whose answer has not been read."""

    __slots__ = ("expect", "abandoned")

    def __init__(self, expect: Union[None, int, str]) -> None:
        # The id the answer must carry: an int (an id this client numbered),
        # the canonical text of any other id, or None (a raw line whose id
        # the client cannot know).
        self.expect = expect
        self.abandoned = False  # timed out: drop the answer when it comes


class Engine:
    """A running engine process, answering requests in order.

    ``Engine()`` finds the engine as :func:`mancala_engine.find_engine`
    does: ``$MANCALA_ENGINE``, then ``mancala-engine`` on ``PATH``, then a
    build (``go build``, once per source version) into the cache directory.
    ``Engine(binary)`` runs that binary; ``module`` is the go-mancala
    checkout to build from. ``args`` are passed to the engine (``["-v"]``
    logs each request to standard error), ``stderr`` is where its standard
    error goes (default: this process's), ``timeout`` is how long, in
    seconds, a request may take, writing it and reading its answer
    (default: no limit; TimeoutError then; the engine still finishes the
    work of a request that timed out, and answers in order, so the requests
    after it wait for that work: to abandon it, close the Engine and start
    another), and ``max_answer`` the longest
    answer line read, in bytes (a longer one is a ProtocolError for its
    request).

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
        max_answer: int = 256 << 20,
    ) -> None:
        if binary is None:
            binary = _locate.find_engine(module=module)
        self.timeout = timeout
        self.max_answer = max_answer
        self._pid = os.getpid()  # the process that owns the pipes
        self._cond = threading.Condition()  # guards everything below but the pipes
        self._io_busy = False  # a thread owns the pipes (writes and reads)
        self._next_id = 0
        self._tickets: Dict[int, _Ticket] = {}  # requests not answered, in order (dicts keep order)
        self._ticket_count = 0
        self._answers: Dict[int, Union[Answer, EngineError]] = {}
        self._unsolicited: List[bytes] = []
        self._dropped = 0
        self._eof = False
        self._wclosed = False  # the engine's input is closed (by us, or it went away)
        self._closed = False
        self._wbuf = bytearray()
        self._written = 0  # bytes of requests written so far
        self._rbuf = bytearray()
        self._chunk = bytearray(_READ)
        self._chunk_view = memoryview(self._chunk)
        self._scan = 0  # rbuf[:scan] has no line break
        self._skipping = False  # dropping the rest of an over-long line
        # A session of its own, so that closing can stop a whole process
        # group (an engine started by a wrapper script).
        self._proc = subprocess.Popen(
            [binary, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            bufsize=0,
            start_new_session=os.name == "posix",
        )
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._in = self._proc.stdin.fileno()
        self._out = self._proc.stdout.fileno()
        # Requests are written without blocking (a full pipe must not stop
        # the timeout); answers are read after poll says so, or, without a
        # deadline, by a blocking read (one system call less).
        os.set_blocking(self._in, False)
        self._poll_out = select.poll()
        self._poll_out.register(self._out, select.POLLIN)
        self._poll_both = select.poll()
        self._poll_both.register(self._out, select.POLLIN)
        self._poll_both.register(self._in, select.POLLOUT)

    # Process life.

    @property
    def pid(self) -> int:
        """The process id of the engine."""
        return self._proc.pid

    @property
    def returncode(self) -> Optional[int]:
        """The engine's exit status once it has ended (negative: killed by
        that signal), else None."""
        return self._proc.poll()

    @property
    def pending(self) -> int:
        """The number of requests sent whose answers have not been read
        yet, counting those that timed out (their answers are dropped when
        they come)."""
        with self._cond:
            return len(self._tickets)

    @property
    def unclaimed(self) -> int:
        """The number of answers read and kept for :meth:`receive` (answers
        to requests that timed out are not kept)."""
        with self._cond:
            return len(self._answers)

    @property
    def dropped(self) -> int:
        """The number of answers dropped because their request had timed
        out."""
        with self._cond:
            return self._dropped

    def _check_process(self) -> None:
        """Raises ForkedError in a process other than the Engine's: its
        pipes are shared with the parent, so answers would cross between
        the processes (or both would wait for ever)."""
        if os.getpid() != self._pid:
            raise ForkedError(
                f"this Engine (engine process {self._proc.pid}) was started by process {self._pid} and cannot be "
                f"used in process {os.getpid()} (a fork): start an Engine in each process, or give no engine= "
                "and each process starts its own"
            )

    def __reduce__(self) -> Any:
        raise TypeError("an Engine is a running process and cannot be pickled: give no engine= (each process "
                        "then starts its own) or start one in the process that uses it")

    def __copy__(self) -> "Engine":
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Engine":
        """An Engine is a handle on a process: copies are the same handle
        (so that it can go in Gymnasium's make kwargs, which are deep
        copied)."""
        return self

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self, timeout: float = 5.0) -> Optional[int]:
        """Closes the engine's input, lets it answer what it has and exit
        within ``timeout`` seconds (reading its answers meanwhile), then
        terminates it (and, two seconds later, kills it). Returns the exit
        status: 0 for a clean end. Closing twice is harmless.
        """
        deadline = time.monotonic() + timeout
        with self._cond:
            self._closed = True
        if self._own(deadline):
            try:
                self._pump(deadline, lambda: not self._wbuf)
                self._close_input()
                self._pump(deadline, lambda: False)  # read to the end
            finally:
                self._release()
        try:
            self._proc.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGTERM)
            try:
                self._proc.wait(2.0)
            except subprocess.TimeoutExpired:
                self._signal(signal.SIGKILL)
                self._proc.wait()
        if self._own(time.monotonic() + 5.0):
            try:
                self._close_input()
                with self._cond:
                    self._eof = True
                    self._cond.notify_all()
                if self._proc.stdout and not self._proc.stdout.closed:
                    self._proc.stdout.close()
            finally:
                self._release()
        return self._proc.returncode

    def _close_input(self) -> None:
        with self._cond:
            self._wclosed = True
        try:
            if self._proc.stdin and not self._proc.stdin.closed:
                self._proc.stdin.close()
        except OSError:
            pass

    def _signal(self, sig: int) -> None:
        """Sends sig to the engine's process group."""
        try:
            if os.name == "posix":
                os.killpg(self._proc.pid, sig)
            else:
                self._proc.kill()
        except (ProcessLookupError, PermissionError):
            pass

    # Owning the pipes: one thread at a time writes and reads.

    def _own(self, deadline: Optional[float], answered: Optional[Callable[[], bool]] = None) -> bool:
        """Waits until this thread owns the pipes (True), ``answered()``
        holds (False) or the deadline passes (False)."""
        with self._cond:
            while self._io_busy:
                if answered is not None and answered():
                    return False
                if deadline is None:
                    self._cond.wait()
                else:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return False
                    self._cond.wait(left)
            if answered is not None and answered():
                return False
            self._io_busy = True
            return True

    def _release(self) -> None:
        with self._cond:
            self._io_busy = False
            self._cond.notify_all()

    def _pump(self, deadline: Optional[float], done: Callable[[], bool]) -> bool:
        """Writes pending request bytes and reads answers until ``done()``
        (True), the end of the engine's output or the deadline (False).
        Called by the owner of the pipes."""
        while not done():
            if self._eof:
                return False
            if deadline is None:
                ms = -1
            else:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                ms = max(1, int(left * 1000 + 0.999))
            writing = bool(self._wbuf) and not self._wclosed
            if ms < 0 and not writing:
                self._read_some()
                continue
            try:
                events = (self._poll_both if writing else self._poll_out).poll(ms)
            except InterruptedError:
                continue
            for fd, ev in events:
                if fd == self._out:
                    self._read_some()
                elif fd == self._in and writing:
                    if ev & (select.POLLERR | select.POLLHUP):
                        self._input_gone()
                    else:
                        self._write_some()
        return True

    def _write_some(self) -> None:
        try:
            n = os.write(self._in, self._wbuf)
        except BlockingIOError:
            return
        except (BrokenPipeError, OSError, ValueError):
            self._input_gone()
            return
        del self._wbuf[:n]
        self._written += n

    def _input_gone(self) -> None:
        """The engine no longer reads: what is unwritten is lost."""
        with self._cond:
            self._wclosed = True
            self._wbuf.clear()

    def _read_some(self) -> None:
        try:
            got = os.readv(self._out, (self._chunk,))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            got = 0
        if not got:
            if self._rbuf or self._skipping:
                self._file(EngineClosed(f"the engine ended (status {self._proc.poll()}) in the middle of the answer"))
            self._rbuf.clear()
            with self._cond:
                self._eof = True
                self._cond.notify_all()
            return
        buf = self._rbuf
        buf += self._chunk_view[:got]
        start = 0
        while True:
            i = buf.find(b"\n", max(start, self._scan))
            if i < 0:
                break
            if self._skipping:
                self._skipping = False
                self._file(None)
            else:
                self._file(bytes(buf[start:i]))
            start = i + 1
            self._scan = 0
        if start:
            del buf[:start]
        self._scan = len(buf)
        if len(buf) > self.max_answer:
            buf.clear()
            self._scan = 0
            self._skipping = True

    def _file(self, line: Union[None, bytes, EngineError]) -> None:
        """Files one answer line (None: an over-long one; an error: one the
        engine did not finish) under the oldest request waiting for an
        answer."""
        with self._cond:
            if not self._tickets:
                if self._late(line):
                    self._dropped += 1
                    return
                if len(self._unsolicited) < 16 and not isinstance(line, EngineError):
                    self._unsolicited.append(b"(a line over the limit)" if line is None else line)
                return
            ticket = next(iter(self._tickets))
            t = self._tickets[ticket]
            answer = line if isinstance(line, EngineError) else self._decode(line, t.expect)
            if (isinstance(answer, ProtocolError) and answer.mismatch and type(t.expect) is int
                    and type(answer.request_id) is int and 0 < answer.request_id < t.expect):
                # The answer of an earlier request of this client's, which
                # has already had its error (a stray line took its place):
                # dropped, so that requests and answers are in step again.
                self._dropped += 1
                return
            del self._tickets[ticket]
            if t.abandoned:
                self._dropped += 1
                return
            self._answers[ticket] = answer
            self._cond.notify_all()

    def _late(self, line: Union[None, bytes, EngineError]) -> bool:
        """Whether a line that came while no request waits is the answer of
        an earlier request of this client's (an id it numbered), which has
        already had its error: a stray line took its place. Such a line is
        dropped; any other is unsolicited."""
        if not isinstance(line, bytes):
            return False
        try:
            msg = json.loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            return False
        rid = msg.get("id") if type(msg) is dict else None
        return type(rid) is int and 0 < rid <= self._next_id and type(msg.get("ok")) is bool

    def _decode(self, line: Optional[bytes], expect: Union[None, int, str]) -> Union[Answer, EngineError]:
        """The answer of one line, or the error to raise for it."""
        if line is None:
            return ProtocolError(f"an answer line over {self.max_answer} bytes")
        if line.endswith(b"\r"):
            line = line[:-1]
        try:
            msg = json.loads(line.decode("utf-8"))
        except RecursionError:
            return ProtocolError("an answer nested too deep: " + _excerpt(line))
        except ValueError as e:  # also invalid UTF-8, an integer too long to read
            return ProtocolError(f"an unreadable answer line ({e}): " + _excerpt(line))
        if type(msg) is not dict:
            return ProtocolError(f"an answer that is a JSON {type(msg).__name__}, not an object: " + _excerpt(line))
        ok = msg.pop("ok", None)
        rid = msg.pop("id", None)
        if type(ok) is not bool:
            return ProtocolError('an answer without a boolean "ok": ' + _excerpt(line), rid)
        if expect is not None:
            same = (type(rid) is int and rid == expect) if type(expect) is int else _key(rid) == expect
            # An error with id null answers a request whose id the engine
            # could not read (or would not echo).
            if not same and not (rid is None and not ok):
                return ProtocolError(f"an answer with id {_key(rid)[:60]} to the request with id "
                                     f"{(str(expect) if type(expect) is int else expect)[:60]}", rid, mismatch=True)
        if not ok:
            code, error = msg.get("code"), msg.get("error")
            if type(code) is not str or type(error) is not str:
                return ProtocolError('an error answer without a string "code" and "error": ' + _excerpt(line), rid)
            return EngineError(code, error, rid)
        return msg

    # Requests and answers.

    def send(self, cmd: str, request_id: Any = None, timeout: Optional[float] = None, **fields: Any) -> Hashable:
        """Sends one request without waiting for its answer and returns the
        ticket to :meth:`receive` it with. ``fields`` are the command's JSON
        fields as the engine names them (``timeMs``, ``maxPlies``); None
        values are left out. ``request_id`` (any JSON value) is the id to
        send; by default a new integer. Answers are matched to requests by
        their order and their ids checked, so ids need not be unique.
        ``timeout`` (default: the engine's) bounds the time to write the
        request: TimeoutError then (the request is not sent, or if it was
        partly written its answer will be dropped).
        """
        self._check_process()
        with self._cond:
            if request_id is None:
                self._next_id += 1
                request_id = self._next_id
                expect: Union[int, str] = request_id
            else:
                expect = _key(request_id)
        line = _encode({"id": request_id, "cmd": cmd, **_fields(fields)})
        return self._send(line, expect, self._deadline(timeout))

    def send_line(self, line: str, timeout: Optional[float] = None) -> Hashable:
        """Sends one raw request line (without its line break), for tests
        and for requests built elsewhere, and returns the ticket of its
        answer. The answer's id is checked when the line is a JSON object
        with an id. A blank line, or one with a line break in it, is
        refused (ValueError): the engine answers no blank line, so its
        ticket would wait for ever and take the next request's answer."""
        self._check_process()
        if not line.strip() or "\n" in line or "\r" in line:
            raise ValueError("send_line takes one non-blank line without line breaks")
        expect: Optional[str] = None
        try:
            msg = json.loads(line)
            if type(msg) is dict:
                expect = _key(msg.get("id"))
        except (ValueError, RecursionError):
            pass
        return self._send(line.encode("utf-8", "surrogateescape"), expect, self._deadline(timeout))

    def _deadline(self, timeout: Optional[float]) -> Optional[float]:
        timeout = self.timeout if timeout is None else timeout
        return None if timeout is None else time.monotonic() + timeout

    def _send(self, data: bytes, expect: Union[None, int, str], deadline: Optional[float]) -> int:
        if not self._own(deadline):
            raise TimeoutError("the engine's input was busy until the timeout; the request was not sent")
        try:
            if self._closed:
                raise EngineClosed("the engine is closed")
            with self._cond:
                if self._unsolicited:
                    lines, self._unsolicited = self._unsolicited, []
                    raise ProtocolError(f"the engine wrote {len(lines)} line(s) while no request was waiting "
                                        "(this request was not sent): " + _excerpt(lines[0]))
                if self._wclosed or self._eof:
                    raise EngineClosed(f"the engine exited (status {self._proc.poll()})")
                self._ticket_count += 1
                ticket = self._ticket_count
                self._tickets[ticket] = _Ticket(expect)
            start = self._written + len(self._wbuf)
            self._wbuf += data
            self._wbuf += b"\n"
            if len(self._wbuf) == len(data) + 1:
                self._write_some()  # the common case: all at once, without a poll
            end = start + len(data) + 1
            if self._pump(deadline, lambda: self._written >= end or self._wclosed):
                if self._wclosed and self._written < end:
                    with self._cond:
                        self._tickets.pop(ticket, None)
                    raise EngineClosed(f"the engine exited (status {self._proc.poll()}) before reading the request")
                return ticket
            with self._cond:
                if self._eof or self._wclosed:
                    self._tickets.pop(ticket, None)
                    raise EngineClosed(f"the engine ended (status {self._proc.poll()}) before reading the request")
                if self._written <= start:  # not a byte written: take it back
                    del self._wbuf[start - self._written:]
                    self._tickets.pop(ticket, None)
                    raise TimeoutError("the engine did not read the request before the timeout; it was not sent")
                self._tickets[ticket].abandoned = True
            raise TimeoutError("the engine did not read all of the request before the timeout; its answer will be dropped")
        finally:
            self._release()

    def receive(self, ticket: Hashable, timeout: Optional[float] = None) -> Answer:
        """Waits for the answer to the request of ``ticket`` and returns it.
        Raises EngineError for an error response, ProtocolError for an
        answer that breaks the protocol, EngineClosed if the engine ends
        first, and TimeoutError after ``timeout`` seconds (default: the
        engine's timeout); after a TimeoutError the ticket may be received
        again, or given up with :meth:`forget`.
        """
        self._check_process()
        return self._receive(ticket, self._deadline(timeout))

    def _receive(self, ticket: Hashable, deadline: Optional[float]) -> Answer:
        def answered() -> bool:
            return ticket in self._answers or ticket not in self._tickets

        while True:
            with self._cond:
                if ticket in self._answers:
                    msg = self._answers.pop(ticket)  # type: ignore[call-overload]
                    if isinstance(msg, EngineError):
                        raise msg
                    return msg
                if ticket not in self._tickets:
                    raise KeyError(f"no request with ticket {ticket!r} is waiting for its answer")
                if self._eof:
                    self._tickets.pop(ticket)  # type: ignore[call-overload]
                    raise EngineClosed(f"the engine ended (status {self._proc.poll()}) before answering request {ticket}")
            if self._own(deadline, answered):
                try:
                    self._pump(deadline, answered)
                finally:
                    self._release()
            with self._cond:
                if ticket not in self._answers and not self._eof and deadline is not None and time.monotonic() >= deadline:
                    raise TimeoutError(f"no answer to request {ticket} within the timeout")

    def forget(self, ticket: Hashable) -> None:
        """Gives up the answer to ``ticket``: dropped if read, dropped when
        it comes if not."""
        with self._cond:
            if self._answers.pop(ticket, None) is None:  # type: ignore[call-overload]
                t = self._tickets.get(ticket)  # type: ignore[call-overload]
                if t is not None:
                    t.abandoned = True

    def request(self, cmd: str, timeout: Optional[float] = None, **fields: Any) -> Answer:
        """Sends one request and returns its answer (see :meth:`send` and
        :meth:`receive`); ``timeout`` (default: the engine's) covers both.
        After a TimeoutError the answer is dropped when it comes."""
        if os.getpid() != self._pid:
            self._check_process()
        deadline = self._deadline(timeout)
        with self._cond:
            self._next_id += 1
            rid = self._next_id
        # Encoded before anything is claimed: a field json cannot encode
        # (bytes, NaN, a circular list) raises here and leaves the engine
        # as it was.
        line = _encode({"id": rid, "cmd": cmd, **_fields(fields)})
        with self._cond:
            # The common case, one thread and nothing in flight: own the
            # pipes once for writing and reading.
            fast = not (self._io_busy or self._tickets or self._wbuf or self._closed or self._unsolicited
                        or self._wclosed or self._eof)
            if fast:
                self._io_busy = True
                self._ticket_count += 1
                ticket = self._ticket_count
                self._tickets[ticket] = _Ticket(rid)
        if not fast:
            ticket = self._send(line, rid, deadline)
            try:
                return self._receive(ticket, deadline)
            except TimeoutError:
                self.forget(ticket)
                raise
        try:
            start = self._written
            self._wbuf += line
            self._wbuf += b"\n"
            self._write_some()
            answers = self._answers
            self._pump(deadline, lambda: ticket in answers or self._wclosed)
            with self._cond:
                msg = answers.pop(ticket, None)
                if msg is None:
                    if self._eof or self._wclosed:
                        self._tickets.pop(ticket, None)
                        raise EngineClosed(f"the engine ended (status {self._proc.poll()}) before answering request {rid}")
                    if self._written <= start:  # not a byte written: take it back
                        self._wbuf.clear()
                        self._tickets.pop(ticket, None)
                        raise TimeoutError("the engine did not read the request before the timeout; it was not sent")
                    self._tickets[ticket].abandoned = True
                    raise TimeoutError(f"no answer to request {rid} within the timeout; it will be dropped")
        finally:
            self._release()
        if isinstance(msg, EngineError):
            raise msg
        return msg

    # The commands (see docs/engine.md).

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
        **fields: Any,
    ) -> Answer:
        """``n`` seeded random games from the start: ``south``, ``north``,
        ``draws``, ``unfinished``, ``plies``, ``endless``, ``results``.
        Other fields of the command (``first``, ...) go as given."""
        return self.request("playouts", n=n, seed=seed or None, position=position, game=game, rules=rules, maxPlies=max_plies, **fields)

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
        **fields: Any,
    ) -> Answer:
        """``n`` games between two agents, each given as think's fields
        (``{"agent": "alphabeta", "depth": 4}``): ``records`` (record
        texts), ``results``, ``south``, ``north``, ``draws``,
        ``unfinished``. Other fields of the command go as given."""
        return self.request(
            "selfplay", n=n, south=south, north=north, seed=seed or None, position=position, game=game, rules=rules,
            maxPlies=max_plies, **fields
        )
