"""PTX integer instructions called directly on scalars (attribute chains):
mad.lo.s32, bfe.u32, prmt.b32, popc.b32, brev.b32 into local scalars."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def ptx_ints(A: T.Tensor((32,), "uint32"), B: T.Tensor((32, 5), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    lane = T.cuda.lane_id()
    a = T.local_scalar("uint32", A[lane])
    d = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    T.ptx.mad.lo.s32(s, T.cast(a, "int32"), T.int32(3), T.int32(-5))
    B[lane, 0] = T.cast(s, "uint32")
    T.ptx.bfe.u32(d, a, T.uint32(4), T.uint32(8))
    B[lane, 1] = d
    T.ptx.prmt.b32(d, a, T.uint32(0), T.uint32(0x0123))
    B[lane, 2] = d
    T.ptx.popc.b32(d, a)
    B[lane, 3] = d
    T.ptx.brev.b32(d, a)
    B[lane, 4] = d


def main():
    A = np.random.default_rng(8).integers(0, 2**32, 32, dtype=np.uint32)
    B = np.zeros((32, 5), np.uint32)
    for i, a in enumerate(A.tolist()):
        s = (a * 3 - 5) & 0xFFFFFFFF
        bfe = (a >> 4) & 0xFF
        by = a.to_bytes(4, "little")
        prmt = int.from_bytes(bytes([by[3], by[2], by[1], by[0]]), "little")
        popc = bin(a).count("1")
        brev = int(f"{a:032b}"[::-1], 2)
        B[i] = [s, bfe, prmt, popc, brev]
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
