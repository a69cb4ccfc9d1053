"""Timing helpers, in the manner of `triton.testing`."""

import statistics
import time


def do_bench(fn, warmup=25, rep=100, synchronize=None):
    """The median wall time of `fn()` in milliseconds, over `rep` calls after
    `warmup` calls, each call waited for with `synchronize` (by default the
    tile runtime's device synchronization; pass e.g.
    `torch.cuda.synchronize`). Use it for kernels launched on the GPU: a call
    that queues work is timed until that work is done."""
    if synchronize is None:
        from .runtime import CudaRuntime
        synchronize = CudaRuntime.get().synchronize
    for _ in range(warmup):
        fn()
    synchronize()
    times = []
    for _ in range(rep):
        start = time.perf_counter()
        fn()
        synchronize()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)
