"""W4A16 GEMV as LLM decode kernels do it: weights packed two signed int4 per
uint8 (low nibble first), sign-extended with shifts on int32, per-group
(32 columns) float16 scales, float16 activations, float32 accumulation per
thread, a warp_sum per output row, and a float16 result. All products are
small integers times powers of two, so sums are exact; the final float16
cast rounds to nearest-even."""
from tvm_tirx.script import tirx as T
import numpy as np

N, K = 16, 256
G = 32


@T.function
def w4a16(Wq: T.Tensor((N, K // 2), "uint8"), S: T.Tensor((N, K // G), "float16"),
          x: T.Tensor((K,), "float16"), y: T.Tensor((N,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=N // 4, block=128))
    w = T.cuda.warp_id()
    lane = T.cuda.lane_id()
    n = T.cuda.block_idx("x") * 4 + w
    acc = T.local_scalar("float32")
    acc = T.float32(0)
    for i in T.serial(K // 64):
        byte = T.int32(Wq[n, i * 32 + lane])
        lo = (byte << 28) >> 28
        hi = (byte << 24) >> 28
        k0 = i * 64 + lane * 2
        sc = T.float32(S[n, k0 // G])
        acc = acc + T.float32(lo) * sc * T.float32(x[k0])
        acc = acc + T.float32(hi) * sc * T.float32(x[k0 + 1])
    tot = T.cuda.warp_sum(acc)
    if lane == 0:
        y[n] = T.float16(tot)


def main():
    rng = np.random.default_rng(12)
    q = rng.integers(-8, 8, (N, K))
    Wq = ((q[:, 0::2] & 15) | ((q[:, 1::2] & 15) << 4)).astype(np.uint8)
    S = (2.0 ** rng.integers(-6, -1, (N, K // G))).astype(np.float16)
    x = rng.integers(-12, 12, K).astype(np.float16)
    deq = q * S.astype(np.float64).repeat(G, axis=1)
    y = (deq * x.astype(np.float64)[None, :]).sum(axis=1)
    return {"Wq": Wq, "S": S, "x": x, "y": np.zeros(N, np.float16)}, {"y": y.astype(np.float32).astype(np.float16)}
