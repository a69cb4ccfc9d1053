"""Warp-specialized producer/consumer through a 2-slot ring of raw
mbarriers (full[2] count 32, empty[2] count 64), as hand-written SM90 code
spells it: the producer warp waits on empty[s] with a user-written
`while` loop on mbarrier.try_wait.parity (its phase flips each lap),
writes a 32-element chunk, fence-free arrive on full[s]; the two consumer
warps spin on full[s] the same way, fold the chunk into a running
per-lane state (x = x*3 + v, integer, order-sensitive), and arrive on
empty[s].  The trip count is a kernel value; the consumer writes its state
at the end."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def pc(A: T.Tensor((16, 32), "int32"), nchunks: T.int32, O: T.Tensor((64,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=96))
    tid = T.cuda.thread_idx("x")
    wid = T.cuda.warp_id()
    lane = T.cuda.lane_id()
    buf = T.alloc_shared((2, 32), "int32")
    full = T.alloc_shared((2,), "uint64")
    empty = T.alloc_shared((2,), "uint64")
    if tid == 0:
        for s in T.unroll(2):
            T.ptx.mbarrier.init.shared.b64(full.ptr_to([s]), T.uint32(32))
            T.ptx.mbarrier.init.shared.b64(empty.ptr_to([s]), T.uint32(64))
    T.cuda.cta_sync()
    done = T.local_scalar("uint32")
    if wid == 0:
        for i in T.serial(nchunks):
            s = i % 2
            ph = T.cast(((i // 2) + 1) % 2, "uint32")
            if i >= 2:
                done = T.uint32(0)
                while done == T.uint32(0):
                    T.ptx.mbarrier.try_wait.parity.shared.b64(done, empty.ptr_to([s]), ph)
            buf[s, lane] = A[i, lane] + lane
            T.ptx.mbarrier.arrive.shared.b64(full.ptr_to([s]))
    else:
        x = T.local_scalar("int32", wid)
        for i in T.serial(nchunks):
            s = i % 2
            ph = T.cast((i // 2) % 2, "uint32")
            done = T.uint32(0)
            while done == T.uint32(0):
                T.ptx.mbarrier.try_wait.parity.shared.b64(done, full.ptr_to([s]), ph)
            v = buf[s, (lane + wid) % 32]
            x = x * 3 + v
            T.ptx.mbarrier.arrive.shared.b64(empty.ptr_to([s]))
        O[(wid - 1) * 32 + lane] = x


def main():
    rng = np.random.default_rng(711)
    A = rng.integers(-100, 100, (16, 32)).astype(np.int32)
    n = 11
    O = np.zeros(64, np.int64)
    for w in (1, 2):
        for l in range(32):
            x = w
            for i in range(n):
                j = (l + w) % 32
                x = (x * 3 + int(A[i, j]) + j)
                x = (x + 2**31) % 2**32 - 2**31
            O[(w - 1) * 32 + l] = x
    return {"A": A, "nchunks": n, "O": np.zeros(64, np.int32)}, {"O": O.astype(np.int32)}
