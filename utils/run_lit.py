#!/usr/bin/env python3
"""Runs the lit suite, the unit tests and the Python tests; closes with
'N passed, N failed'."""
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

LIT = os.environ.get("LIT", "/usr/lib/llvm-22/bin/lit")


def _workers():
    """pytest-xdist's options: the Python tests on every core (each test
    is independent: its own kernels, caches in its own temporary
    directories), or none where it is missing or TILE_PYTEST_WORKERS=0."""
    n = os.environ.get("TILE_PYTEST_WORKERS", "auto")
    if n == "0" or importlib.util.find_spec("xdist") is None:
        return []
    return ["-n", n]


def main():
    suite = sys.argv[1] if len(sys.argv) > 1 else "build/test"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "results.json")
        rc = subprocess.call([LIT, "-sv", "-o", out, suite])
        if not os.path.exists(out):
            print("0 passed, 1 failed")
            return 1
        with open(out) as f:
            tests = json.load(f)["tests"]
    counts = {}
    for t in tests:
        counts[t["code"]] = counts.get(t["code"], 0) + 1
    passed = counts.get("PASS", 0) + counts.get("XFAIL", 0)
    skipped = counts.get("UNSUPPORTED", 0)
    failed = len(tests) - passed - skipped

    # GoogleTest unit tests: one count per test case.
    unit = os.path.join(os.path.dirname(suite.rstrip("/")), "bin",
                        "tile-unittests")
    if os.path.exists(unit):
        with tempfile.TemporaryDirectory() as tmp:
            xml = os.path.join(tmp, "unit.json")
            urc = subprocess.call([unit, "--gtest_brief=1",
                                   f"--gtest_output=json:{xml}"])
            if os.path.exists(xml):
                with open(xml) as f:
                    report = json.load(f)
                passed += report["tests"] - report["failures"]
                failed += report["failures"]
            if urc != 0:
                rc = rc or urc
                if not os.path.exists(xml):
                    failed += 1
    # The Python front-end's tests (pytest, JUnit XML report).
    pytests = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                           "python", "tests")
    if os.path.isdir(pytests):
        import xml.etree.ElementTree as ET
        with tempfile.TemporaryDirectory() as tmp:
            xml = os.path.join(tmp, "py.xml")
            prc = subprocess.call([sys.executable, "-m", "pytest", "-q",
                                   f"--junitxml={xml}", *_workers(),
                                   pytests])
            if os.path.exists(xml):
                suites = ET.parse(xml).getroot()
                for s in suites.iter("testsuite"):
                    n = int(s.get("tests", 0))
                    f = int(s.get("failures", 0)) + int(s.get("errors", 0))
                    sk = int(s.get("skipped", 0))
                    passed += n - f - sk
                    failed += f
                    skipped += sk
            elif prc:
                failed += 1
            if prc not in (0, 5):
                rc = rc or prc

    # Counts of checks run before the suite (utils/test.sh: the fuzz
    # harnesses), as "N passed, N failed".
    extra = re.fullmatch(r"(\d+) passed, (\d+) failed",
                         os.environ.get("TILE_EXTRA_COUNTS", "").strip())
    if extra:
        passed += int(extra.group(1))
        failed += int(extra.group(2))

    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 0 if failed == 0 and rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
