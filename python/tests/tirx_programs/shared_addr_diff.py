"""Arithmetic on shared-window addresses from T.cuda.cvta_generic_to_shared:
the difference of two addresses (byte distance between elements of a
float32 and a uint64 shared array) and an address plus a byte offset fed to
ld.shared.u32."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def addr_diff(A: T.Tensor((N,), "uint32"), O: T.Tensor((N, 3), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    sf = T.alloc_shared((N,), "uint32")
    sd = T.alloc_shared((N,), "uint64")
    u = T.local_scalar("uint32")
    sf[i] = A[i]
    sd[i] = T.uint64(0)
    T.cuda.cta_sync()
    O[i, 0] = T.cuda.cvta_generic_to_shared(T.address_of(sf[i])) - T.cuda.cvta_generic_to_shared(T.address_of(sf[0]))
    O[i, 1] = T.cuda.cvta_generic_to_shared(T.address_of(sd[i])) - T.cuda.cvta_generic_to_shared(T.address_of(sd[0]))
    T.ptx.ld.shared.u32(u, T.cuda.cvta_generic_to_shared(T.address_of(sf[0])) + T.cast((i + 3) % N, "uint32") * T.uint32(4))
    O[i, 2] = u


def main():
    A = np.random.default_rng(502).integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32)
    t = np.arange(N)
    O = np.stack([t * 4, t * 8, np.roll(A, -3)], 1).astype(np.uint32)
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
