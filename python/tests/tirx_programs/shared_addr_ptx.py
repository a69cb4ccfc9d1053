"""Shared-memory PTX through 32-bit shared-window addresses:
T.cuda.cvta_generic_to_shared(S.ptr_to([k])), st.shared.u32 and
ld.shared.v2.u32 on that address, and T.ptx.addr(base, byte_offset)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def saddr(A: T.Tensor((N, 2), "uint32"), B: T.Tensor((N, 2), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    S = T.alloc_shared((N, 2), "uint32")
    base = T.cuda.cvta_generic_to_shared(S.ptr_to([t, 0]))
    T.ptx.st.shared.u32(base, A[t, 1])
    T.ptx.st.shared.u32(T.ptx.addr(base, 4), A[t, 0])
    T.cuda.cta_sync()
    x = T.local_scalar("uint32")
    y = T.local_scalar("uint32")
    other = T.cuda.cvta_generic_to_shared(S.ptr_to([(t + 3) % N, 0]))
    T.ptx.ld.shared.v2.u32(x, y, other)
    B[t, 0] = x
    B[t, 1] = y


def main():
    A = np.random.default_rng(64).integers(0, 2**32, (N, 2), dtype=np.uint64).astype(np.uint32)
    sw = A[:, ::-1]
    return {"A": A, "B": np.zeros_like(A)}, {"B": np.roll(sw, -3, axis=0).copy()}
