"""Row argmax with a single 64-bit warp max: each float32 is mapped to an
order-preserving uint32 key (flip all bits of negatives, set the sign bit
of non-negatives), packed with (31 - lane) in the low word so the smallest
index wins ties, reduced with T.cuda.warp_max on uint64, and unpacked."""
from tvm_tirx.script import tirx as T
import numpy as np

R = 8


@T.function
def argmax64(A: T.Tensor((R, 32), "float32"), I: T.Tensor((R,), "int32"), V: T.Tensor((R,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=R * 32))
    w = T.cuda.warp_id()
    lane = T.cuda.lane_id()
    bits = T.reinterpret(A[w, lane], ty="uint32")
    key = T.if_then_else((bits >> T.uint32(31)) != T.uint32(0), ~bits, bits | T.uint32(0x80000000))
    p = (T.uint64(key) << T.uint64(32)) | T.uint64(31 - lane)
    best = T.cuda.warp_max(p)
    if lane == 0:
        k = T.uint32(best >> T.uint64(32))
        I[w] = 31 - T.int32(best & T.uint64(31))
        ob = T.if_then_else((k >> T.uint32(31)) != T.uint32(0), k & T.uint32(0x7FFFFFFF), ~k)
        V[w] = T.reinterpret(ob, ty="float32")


def main():
    rng = np.random.default_rng(14)
    A = rng.integers(-1000, 1000, (R, 32)).astype(np.float32) * np.float32(0.5)
    A[2, 5] = A[2, 17] = 600.0
    A[3] = -np.abs(A[3]) - 1
    A[4, 9] = -0.0
    A[4] = np.where(np.arange(32) == 9, A[4], -1.0)
    I = A.argmax(axis=1).astype(np.int32)
    V = A.max(axis=1).astype(np.float32)
    return {"A": A, "I": np.zeros(R, np.int32), "V": np.zeros(R, np.float32)}, {"I": I, "V": V}
