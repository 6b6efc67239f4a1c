"""An engine that misbehaves, for the client's tests.

    python3 fake_engine.py SCENARIO [GATE]

It reads request lines like the engine and answers each with
{"id": <its id>, "ok": true, "echo": <its cmd>}, but for the scenario:

- ``unreadable``: the answer to cmd "bad" has a 5,000-digit id.
- ``garbage``: the answer to cmd "bad" is not JSON.
- ``notobject``: the answer to cmd "bad" is the JSON array [1, 2].
- ``deep``: the answer to cmd "bad" is an array nested 100,000 deep.
- ``badutf8``: the answer to cmd "bad" holds a byte that is not UTF-8.
- ``nook``: the answer to cmd "bad" has no "ok".
- ``unsolicited``: after the answer to cmd "bad", an extra {"id": null}.
- ``before``: before the answer to cmd "bad", an extra {"id": null}.
- ``gate``: reads nothing until a byte comes on the FIFO GATE (a busy engine).
- ``slow``: before answering cmd "slow", waits for a byte on the FIFO GATE.
- ``toolong``: the answer to cmd "bad" is a line of 3 MB.
- ``dies``: the answer to cmd "bad" is cut halfway, and the engine exits.
- ``stray``: before reading anything, a line {"id": 777, "ok": true}.
"""

import json
import sys


def main() -> None:
    scenario = sys.argv[1]
    gate = sys.argv[2] if len(sys.argv) > 2 else ""
    out = sys.stdout.buffer

    def wait_gate() -> None:
        with open(gate, "rb") as f:
            f.read(1)

    if scenario == "gate":
        wait_gate()
    if scenario == "stray":
        out.write(b'{"id": 777, "ok": true, "echo": "stray"}\n')
        out.flush()
    for raw in sys.stdin.buffer:
        req = json.loads(raw)
        rid, cmd = req.get("id"), req.get("cmd")
        answer = json.dumps({"id": rid, "ok": True, "echo": cmd}).encode() + b"\n"
        if cmd == "bad":
            if scenario == "unreadable":
                answer = b'{"id":' + b"9" * 5000 + b',"ok":true,"echo":"bad"}\n'
            elif scenario == "garbage":
                answer = b"this is not JSON\n"
            elif scenario == "notobject":
                answer = b"[1, 2]\n"
            elif scenario == "deep":
                answer = b"[" * 100000 + b"]" * 100000 + b"\n"
            elif scenario == "badutf8":
                answer = b'{"id":' + json.dumps(rid).encode() + b',"ok":true,"echo":"\xff"}\n'
            elif scenario == "nook":
                answer = json.dumps({"id": rid, "echo": cmd}).encode() + b"\n"
            elif scenario == "unsolicited":
                answer += b'{"id": null}\n'
            elif scenario == "before":
                answer = b'{"id": null, "ok": true}\n' + answer
            elif scenario == "toolong":
                answer = b'{"id":' + json.dumps(rid).encode() + b',"ok":true,"echo":"' + b"x" * 3000000 + b'"}\n'
            elif scenario == "dies":
                out.write(answer[: len(answer) // 2])
                out.flush()
                return
        if cmd == "slow" and scenario == "slow":
            wait_gate()
        out.write(answer)
        out.flush()


if __name__ == "__main__":
    main()
