"""Multi-block reduction: each of 12 blocks sums its slice of an int32
array with warp shuffles and shared partials, adds the block sum to a
global int64 total through unsigned-64 atomics, and the last block to
finish (ticket from atomic_add on a global counter after a threadfence)
writes the mean as float64 and resets the counter."""
from tvm_tirx.script import tirx as T
import numpy as np

NB, BS = 12, 256


@T.function
def mbr(A: T.Tensor((NB * BS,), "int32"), TOT: T.Tensor((1,), "uint64"), CNT: T.Tensor((1,), "int32"),
        PART: T.Tensor((NB,), "int32"), MEAN: T.Tensor((1,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=NB, block=BS))
    b = T.cuda.block_idx("x")
    t = T.cuda.thread_idx("x")
    ws = T.alloc_shared((BS // 32,), "int32")
    last = T.alloc_shared((1,), "int32")
    v = T.local_scalar("int32", A[b * BS + t])
    for k in T.unroll(5):
        v = v + T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), v, 16 >> k, 32)
    if t % 32 == 0:
        ws[t // 32] = v
    T.cuda.cta_sync()
    if t == 0:
        s = T.local_scalar("int32", 0)
        for w in range(BS // 32):
            s = s + ws[w]
        PART[b] = s
        old = T.local_scalar("uint64")
        T.ptx.atom.global_.add.u64(old, T.address_of(TOT[0]), T.cast(T.cast(s, "int64"), "uint64"))
        T.cuda.thread_fence()
        tk = T.cuda.atomic_add(CNT.ptr_to([0]), 1)
        last[0] = T.if_then_else(tk == NB - 1, 1, 0)
    T.cuda.cta_sync()
    if last[0] == 1 and t == 0:
        T.cuda.thread_fence()
        tot = T.cast(TOT[0], "int64")
        MEAN[0] = T.cast(tot, "float64") / T.float64(NB * BS)
        CNT[0] = 0


def main():
    rng = np.random.default_rng(1115)
    A = rng.integers(-2**20, 2**20, NB * BS).astype(np.int32)
    part = A.reshape(NB, BS).sum(axis=1).astype(np.int32)
    tot = int(A.astype(np.int64).sum())
    return ({"A": A, "TOT": np.zeros(1, np.uint64), "CNT": np.zeros(1, np.int32), "PART": np.zeros(NB, np.int32),
             "MEAN": np.zeros(1)},
            {"PART": part, "TOT": np.array([tot % 2**64], np.uint64), "CNT": np.zeros(1, np.int32),
             "MEAN": np.array([tot / (NB * BS)])})
