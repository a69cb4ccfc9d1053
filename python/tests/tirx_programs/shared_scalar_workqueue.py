"""A block work queue as users write it: a T.shared_scalar head that thread
0 advances with T.cuda.atomic_add on a global counter inside a while loop
on the shared value (every thread reads it after a cta_sync), a snapshot of
the shared scalar bound to a name before thread 0 overwrites it (the name
keeps the old value), and a per-thread int16 tally carried through the loop."""
from tvm_tirx.script import tirx as T
import numpy as np

NB = 3
TPB = 64
CHUNK = 16
TOTAL = 200


@T.function
def wq(Ctr: T.Tensor((1,), "int32"), A: T.Tensor((TOTAL,), "int32"), O: T.Tensor((TOTAL,), "int32"),
       Tal: T.Tensor((NB, TPB), "int16"), Prev: T.Tensor((NB, TPB), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=NB, block=TPB))
    bx = T.cuda.block_idx("x")
    tx = T.cuda.thread_idx("x")
    head = T.shared_scalar("int32")
    if tx == 0:
        head = T.cuda.atomic_add(T.address_of(Ctr[0]), CHUNK)
    T.cuda.cta_sync()
    tally = T.local_scalar("int16", 0)
    last = T.local_scalar("int32", -1)
    while head < TOTAL:
        base = head
        if tx < CHUNK:
            if base + tx < TOTAL:
                O[base + tx] = A[base + tx] * 3 + bx * 0
                tally = tally + T.int16(1)
        T.cuda.cta_sync()
        if tx == 0:
            head = T.cuda.atomic_add(T.address_of(Ctr[0]), CHUNK)
        T.cuda.cta_sync()
        last = base
    Tal[bx, tx] = tally
    Prev[bx, tx] = T.Select(last >= 0, 1, 0)


def main():
    A = np.random.default_rng(4012).integers(-10**6, 10**6, TOTAL).astype(np.int32)
    O = (A * 3).astype(np.int32)
    # which block takes which chunk is scheduling-dependent; outputs that do not depend on it:
    return ({"Ctr": np.zeros(1, np.int32), "A": A, "O": np.zeros_like(O),
             "Tal": np.zeros((NB, TPB), np.int16), "Prev": np.zeros((NB, TPB), np.int32)},
            {"O": O, "Ctr": np.array([CHUNK * (-(-TOTAL // CHUNK) + NB)], np.int32)})
