"""cp.async issued directly (not through tile.apply): cp.async.ca.shared.global with
cp_size 4 / 8, cp.async.cg.shared.global 16 with a src_size zero-fill, cp.async.ca with
ignore_src predicate (whole chunk zero), commit_group / wait_group 0, then fence.proxy.async,
fence.acq_rel.cta and bar.sync 1, 64 / bar.arrive-free named barrier use."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def cp_async_direct_zfill(A: T.Tensor((N, 4), "uint32"), O: T.Tensor((N, 12), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((N, 12), "uint32")
    p = T.local_scalar("uint32")
    T.ptx.cp.async_.ca.shared.global_(T.cuda.cvta_generic_to_shared(S.ptr_to([t, 0])), A.ptr_to([t, 0]), 4)
    T.ptx.cp.async_.ca.shared.global_(T.cuda.cvta_generic_to_shared(S.ptr_to([t, 2])), A.ptr_to([t, 0]), 8)
    T.ptx.cp.async_.cg.shared.global_(T.cuda.cvta_generic_to_shared(S.ptr_to([t, 4])), A.ptr_to([t, 0]), 16,
                                      T.cast(t % 4, "uint32") * T.uint32(4))
    T.ptx.setp.eq.u32(p, T.cast(t % 2, "uint32"), T.uint32(1))
    T.ptx.cp.async_.ca.shared.global_(T.cuda.cvta_generic_to_shared(S.ptr_to([t, 8])), A.ptr_to([t, 0]), 16,
                                      T.ptx.pred(p))
    T.ptx.cp.async_.commit_group()
    T.ptx.cp.async_.wait_group(0)
    T.ptx.fence.proxy.async_()
    T.ptx.fence.acq_rel.cta()
    T.ptx.bar.sync(1, 32)
    for j in T.unroll(12):
        if j != 1:
            O[t, j] = S[t, j]


def main():
    rng = np.random.default_rng(624)
    A = rng.integers(0, 2**32, (N, 4), dtype=np.uint64).astype(np.uint32)
    O = np.zeros((N, 12), np.uint32)
    for t in range(N):
        O[t, 0] = A[t, 0]
        O[t, 2:4] = A[t, 0:2]
        k = t % 4
        O[t, 4:4 + k] = A[t, 0:k]
        O[t, 8:12] = 0 if t % 2 == 1 else A[t]
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
