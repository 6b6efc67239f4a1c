"""Packaging glue: records, in mancala_engine/_origin.py of the built
package, the go-mancala checkout the package was installed from, so that
Engine() can build the engine from it (see mancala_engine/_locate.py).
Everything else is in pyproject.toml."""

import os

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPy(build_py):
    def run(self) -> None:
        super().run()
        here = os.path.dirname(os.path.abspath(__file__))
        target = os.path.join(self.build_lib, "mancala_engine", "_origin.py")
        with open(target, "w", encoding="utf-8") as f:
            f.write('"""Written at install time: the checkout this package was built from."""\n\n')
            f.write(f"SOURCE = {here!r}\n")


setup(cmdclass={"build_py": BuildPy})
