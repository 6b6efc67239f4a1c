"""The build id of the in-process library: a SHA-256 (first 16 hex digits)
over the Go version and every source file the library is built from (the
module's go.mod and go.sum, then each file of each package of the module
that ./mancala/env/cabi imports, as ``go list -deps`` lists them, by path
relative to the module root). The wheel's build stamps it into the library
(``-ldflags -X main.buildID=...``) and into the package
(``mancala_engine/_build.py``); at its first load the package compares
the two and refuses a library built from other sources.

    python3 examples/python/buildid.py [module root]   # prints the id

Standard library only; needs ``go`` on PATH.
"""

import hashlib
import os
import subprocess
import sys

CABI = "./mancala/env/cabi"
GAMES = "./examples/python/gengames"
_FMT = ("{{if .Module}}{{if .Module.Main}}{{.Dir}}\t{{join .GoFiles \" \"}} {{join .CgoFiles \" \"}} "
        "{{join .CFiles \" \"}} {{join .HFiles \" \"}}{{end}}{{end}}")


def source_files(root, *packages, go="go"):
    """The module-relative paths of the files the packages are built from
    (go.mod and go.sum first, then sorted)."""
    out = subprocess.run([go, "list", "-deps", "-f", _FMT] + list(packages or (CABI,)), cwd=root, check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    files = set()
    for line in out.splitlines():
        if not line.strip():
            continue
        d, _, names = line.partition("\t")
        rel = os.path.relpath(d, root)
        for n in names.split():
            files.add(os.path.normpath(os.path.join(rel, n)).replace(os.sep, "/"))
    head = [f for f in ("go.mod", "go.sum") if os.path.isfile(os.path.join(root, f))]
    return head + sorted(files)


def build_id(root, go="go"):
    """The build id of the library built from the module at root."""
    version = subprocess.run([go, "env", "GOVERSION"], cwd=root, check=True, stdout=subprocess.PIPE,
                             universal_newlines=True).stdout.strip()
    h = hashlib.sha256()
    h.update(version.encode() + b"\0")
    for f in source_files(root, go=go):
        with open(os.path.join(root, f), "rb") as fh:
            data = fh.read()
        h.update(f.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return h.hexdigest()[:16]


if __name__ == "__main__":
    print(build_id(sys.argv[1] if len(sys.argv) > 1 else
                   os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
