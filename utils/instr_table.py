"""The instruction table's JSON export, for the scripts in utils/ (they share
the Python package's reader)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "python"))

from tile_mlir.instr_table import *  # noqa: E402,F401,F403
