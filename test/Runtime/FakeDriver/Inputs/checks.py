"""The fake-driver test scripts' tally: a PASS/FAIL line per check and the
closing "N passed, N failed"."""


class Tally:
    def __init__(self):
        self.passed = self.failed = 0

    def report(self, ok, what, detail=""):
        """Prints PASS or FAIL for `what` (with `detail` under a failure)."""
        print(("PASS " if ok else "FAIL ") + what +
              ("" if ok else "\n  " + detail.replace("\n", "\n  ")))
        if ok:
            self.passed += 1
        else:
            self.failed += 1

    def close(self):
        """Prints the closing count; the script's exit code."""
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
