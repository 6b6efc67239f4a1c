"""The package's build backend (examples/python/_build_backend.py): where
setuptools cannot make a wheel itself (no wheel package, setuptools older
than 70.1) it zips one; the wheel must hold the package, _origin.py naming
the checkout, and a METADATA/WHEEL/RECORD that pip accepts.

    python3 -m unittest discover -s examples/python/tests -p test_packaging.py -v
"""

import base64
import hashlib
import os
import shutil
import sys
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(HERE)


@unittest.skipUnless(os.path.isfile(os.path.join(PROJECT, "_build_backend.py")), "not run from a checkout")
class TestFallbackWheel(unittest.TestCase):
    def setUp(self) -> None:
        sys.path.insert(0, PROJECT)
        import _build_backend

        self.backend = _build_backend
        self.saved = _build_backend._setuptools_makes_wheels
        _build_backend._setuptools_makes_wheels = lambda: False
        self.dir = tempfile.mkdtemp(prefix="wheel-")

    def tearDown(self) -> None:
        self.backend._setuptools_makes_wheels = self.saved
        sys.path.remove(PROJECT)
        shutil.rmtree(self.dir, ignore_errors=True)

    def test_wheel(self) -> None:
        name = self.backend.build_wheel(self.dir)
        self.assertEqual(name, "mancala_engine-0.1.0-py3-none-any.whl")
        with zipfile.ZipFile(os.path.join(self.dir, name)) as z:
            names = set(z.namelist())
            for want in ("mancala_engine/__init__.py", "mancala_engine/_client.py", "mancala_engine/pettingzoo.py",
                         "mancala_engine/gymnasium.py", "mancala_engine/_origin.py",
                         "mancala_engine-0.1.0.dist-info/METADATA", "mancala_engine-0.1.0.dist-info/WHEEL",
                         "mancala_engine-0.1.0.dist-info/RECORD"):
                self.assertIn(want, names)
            self.assertFalse([n for n in names if n.startswith("tests/") or n == "_build_backend.py"], names)
            origin = z.read("mancala_engine/_origin.py").decode()
            self.assertIn(f"SOURCE = {PROJECT!r}", origin)
            meta = z.read("mancala_engine-0.1.0.dist-info/METADATA").decode()
            self.assertIn("Name: mancala-engine\n", meta)
            self.assertIn('Requires-Dist: gymnasium>=1.1; extra == "gymnasium"\n', meta)
            self.assertIn('Requires-Dist: gymnasium>=1.1; extra == "pettingzoo"\n', meta)
            self.assertNotIn("gymnasium>=0", meta)
            self.assertIn('Requires-Dist: open-spiel>=1.5; extra == "openspiel"\n', meta)
            self.assertIn("Root-Is-Purelib: true\n", z.read("mancala_engine-0.1.0.dist-info/WHEEL").decode())
            record = z.read("mancala_engine-0.1.0.dist-info/RECORD").decode().splitlines()
            self.assertEqual(len(record), len(names))
            for line in record:
                path, digest, size = line.rsplit(",", 2)
                if path.endswith("RECORD"):
                    self.assertEqual((digest, size), ("", ""))
                    continue
                data = z.read(path)
                want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                self.assertEqual((digest, int(size)), (want, len(data)), path)

    def test_metadata(self) -> None:
        info = self.backend.prepare_metadata_for_build_wheel(self.dir)
        self.assertEqual(info, "mancala_engine-0.1.0.dist-info")
        with open(os.path.join(self.dir, info, "METADATA"), encoding="utf-8") as f:
            self.assertIn("Provides-Extra: pettingzoo\n", f.read())


if __name__ == "__main__":
    unittest.main()
