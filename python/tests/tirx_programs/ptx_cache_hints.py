"""Cache-hint PTX that must not change results: prefetch.global.L2 and
prefetch.global.L1 on T.address_of, createpolicy.fractional.L2::evict_last.b64
feeding ld.global.L2::cache_hint.u32, ld.global.L1::no_allocate.u32,
ld.global.cs / st.global.cs, and griddepcontrol.wait / launch_dependents."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def hints(A: T.Tensor((N,), "uint32"), O: T.Tensor((N, 3), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    pol = T.local_scalar("uint64")
    u = T.local_scalar("uint32")
    T.ptx.griddepcontrol.wait()
    T.ptx.prefetch.global_.L2(T.address_of(A[i]))
    T.ptx.prefetch.global_.L1(T.address_of(A[(i + 1) % N]))
    T.ptx.createpolicy.fractional.L2__evict_last.b64(pol, T.float32(1.0))
    T.ptx.ld.global_.L2__cache_hint.u32(u, T.address_of(A[i]), pol)
    O[i, 0] = u
    T.ptx.ld.global_.L1__no_allocate.u32(u, T.address_of(A[(i + 3) % N]))
    O[i, 1] = u
    T.ptx.ld.global_.cs.u32(u, T.address_of(A[(i + 7) % N]))
    T.ptx.st.global_.cs.u32(T.address_of(O[i, 2]), u ^ T.uint32(0xFF))
    T.ptx.griddepcontrol.launch_dependents()


def main():
    A = np.random.default_rng(482).integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    O = np.stack([A, np.roll(A, -3), np.roll(A, -7) ^ np.uint32(0xFF)], 1).astype(np.uint32)
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
