"""What the front-end's CPU-backend tests share."""

import warnings

from tile_mlir import TileWarning


def run(k, *args, **named):
    """Runs kernel `k` on the CPU backend (its warnings silenced); returns
    the arguments, which hold the results."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(*args, **named, backend="cpu")
    return named if named else args
