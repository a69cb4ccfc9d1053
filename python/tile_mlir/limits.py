"""Launch limits, checked before anything is generated or launched (on the
GPU and on the CPU backend alike).

The runtime's C API exposes no device attributes, so these are CUDA's
documented limits, the same for every chip tile-mlir targets (compute
capability 9.0 and later; the programming guide's table of technical
specifications): the driver's own checks (of the kernel's register and
shared-memory use) still apply on top of them.
"""

import numbers

from .compiler import TileTypeError, TileValueError

MAX_GRID = (2**31 - 1, 65535, 65535)
MAX_BLOCK = (1024, 1024, 64)
MAX_THREADS_PER_BLOCK = 1024
# The most dynamic shared memory a block can have (227 KiB on sm_90 and
# sm_100, after opting in); the driver checks the kernel's own limit.
MAX_DYNAMIC_SHARED = 227 * 1024


def as_int(value, what):
    """`value` as a Python int: a Python or numpy integer, not a bool (nor a
    float, a string, ...)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TileTypeError(f"{what} must be an integer, got "
                            f"{type(value).__name__} {value!r}")
    return int(value)


def dims3(value, what, limits):
    """An int or a sequence of 1 to 3 ints, each in [1, limit]: the three
    dimensions (x, y, z), the missing ones 1."""
    items = list(value) if isinstance(value, (tuple, list)) else [value]
    if not 1 <= len(items) <= 3:
        raise TileValueError(f"{what} must be an integer or 1 to 3 integers "
                             f"(x, y, z), got {value!r}")
    dims = [as_int(v, f"{what} {'xyz'[i]}") for i, v in enumerate(items)]
    dims += [1] * (3 - len(dims))
    for axis, d, limit in zip("xyz", dims, limits):
        if not 1 <= d <= limit:
            raise TileValueError(f"{what} {axis} = {d} is outside [1, "
                                 f"{limit}] (the CUDA limit)")
    return tuple(dims)


def check_launch(grid, block, shared=0):
    """Normalised (grid, block, shared): grid x in [1, 2^31-1], y and z in
    [1, 65535]; block x, y in [1, 1024], z in [1, 64] and x*y*z <= 1024;
    dynamic shared memory in [0, 227 KiB]. Raises TileTypeError or
    TileValueError (both TileError) otherwise."""
    g = dims3(grid, "grid", MAX_GRID)
    b = dims3(block, "block", MAX_BLOCK)
    threads = b[0] * b[1] * b[2]
    if threads > MAX_THREADS_PER_BLOCK:
        raise TileValueError(f"block {b[0]}x{b[1]}x{b[2]} has {threads} "
                             "threads; the CUDA limit is "
                             f"{MAX_THREADS_PER_BLOCK} per block")
    s = as_int(shared, "dynamic shared memory (bytes)")
    if not 0 <= s <= MAX_DYNAMIC_SHARED:
        raise TileValueError(f"dynamic shared memory of {s} bytes is outside"
                             f" [0, {MAX_DYNAMIC_SHARED}]")
    return g, b, s



def max_cluster_ctas():
    """The most CTAs of a cluster: the portable size (more needs a kernel
    attribute tile-mlir does not set), the table's PortableClusterSize
    record."""
    from . import instr_table
    return instr_table.table()["max_cluster_ctas"]


def check_cluster(cluster, grid):
    """Normalised cluster (x, y, z): at most max_cluster_ctas() CTAs, each
    dimension dividing the grid's (`grid`, three ints). Raises
    TileTypeError or TileValueError (both TileError) otherwise."""
    most = max_cluster_ctas()
    c = dims3(cluster, "cluster", (most,) * 3)
    if c[0] * c[1] * c[2] > most:
        raise TileValueError(f"cluster {c[0]}x{c[1]}x{c[2]} has "
                             f"{c[0] * c[1] * c[2]} CTAs; a cluster has at "
                             f"most {most} (the portable size)")
    for axis, g, n in zip("xyz", grid, c):
        if g % n:
            raise TileValueError(f"grid {axis} = {g} is not a whole number "
                                 f"of clusters of {n} (cluster {c})")
    return c
