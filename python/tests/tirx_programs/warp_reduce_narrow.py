"""TIRx's warp reductions of narrow values: T.cuda.warp_sum of int16 and
float16 lanes, T.cuda.warp_max of uint8 and T.cuda.warp_min of int8, over
full warps and width-8 segments (butterfly steps width/2 .. 1)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def wrn(S: T.Tensor((N,), "int16"), H: T.Tensor((N,), "float16"), U: T.Tensor((N,), "uint8"),
        B: T.Tensor((N,), "int8"), OS: T.Tensor((N, 2), "int16"), OH: T.Tensor((N,), "float16"),
        OU: T.Tensor((N,), "uint8"), OB: T.Tensor((N,), "int8")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    OS[t, 0] = T.cuda.warp_sum(S[t])
    OS[t, 1] = T.cuda.warp_sum(S[t], width=8)
    OH[t] = T.cuda.warp_sum(H[t], width=8)
    OU[t] = T.cuda.warp_max(U[t])
    OB[t] = T.cuda.warp_min(B[t], width=16)


def _bfly(vals, width, op):
    v = list(vals)
    m = width // 2
    while m:
        v = [op(v[i], v[i ^ m]) for i in range(len(v))]
        m //= 2
    return v


def main():
    # TIRx's helpers: T val; val = val OP __shfl_xor_sync(.., val, mask) for mask
    # = width/2 .. 1, each step in the element type (int16 sums wrap, half sums
    # round per step).
    rng = np.random.default_rng(8)
    S = rng.integers(-32768, 32768, N).astype(np.int16)
    H = (rng.integers(-2000, 2000, N) * 0.37).astype(np.float16)
    U = rng.integers(0, 256, N).astype(np.uint8)
    B = rng.integers(-128, 128, N).astype(np.int8)
    w16 = lambda a, b: ((a + b + 32768) % 65536) - 32768
    OS = np.zeros((N, 2), np.int16); OH = np.zeros(N, np.float16); OU = np.zeros(N, np.uint8); OB = np.zeros(N, np.int8)
    for w in range(0, N, 32):
        seg = slice(w, w + 32)
        OS[seg, 0] = _bfly([int(x) for x in S[seg]], 32, w16)
        OU[seg] = _bfly([int(x) for x in U[seg]], 32, max)
        for s in range(w, w + 32, 8):
            OS[s:s + 8, 1] = _bfly([int(x) for x in S[s:s + 8]], 8, w16)
            OH[s:s + 8] = _bfly(list(H[s:s + 8]), 8, lambda a, b: np.float16(np.float32(a) + np.float32(b)))
        for s in range(w, w + 32, 16):
            OB[s:s + 16] = _bfly([int(x) for x in B[s:s + 16]], 16, min)
    return ({"S": S, "H": H, "U": U, "B": B, "OS": np.zeros_like(OS), "OH": np.zeros_like(OH), "OU": np.zeros_like(OU),
             "OB": np.zeros_like(OB)}, {"OS": OS, "OH": OH, "OU": OU, "OB": OB})
