"""Per-row FP8 (e4m3) quantization with warp specialization on named
barriers: warps 0-1 reduce |x| max of the 256-float row (max.f32 +
__shfl_xor_sync, partials in shared), bar.arrive 1 (128); warps 2-3
bar.sync 1, combine, compute scale = div.rn(448, amax) and publish it,
then all four warps bar.sync 2 (warp 3 reads the scale too: with a
bar.arrive there it raced warp 2's store, and on the H100 its values were
the stale scale's).  Then all four warps quantize 64 values
each with mul.rn and cvt.rn.satfinite.e4m3x2.f32 (pairs into uint16), and
warp 3 also writes the inverse scale."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

ROWS = 3


@T.function
def fp8q(X: T.Tensor((ROWS, 256), "float32"), Q: T.Tensor((ROWS, 128), "uint16"),
         Inv: T.Tensor((ROWS,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=ROWS, block=128))
    row = T.cuda.block_idx("x")
    tid = T.cuda.thread_idx("x")
    wid = T.cuda.warp_id()
    lane = T.cuda.lane_id()
    part = T.alloc_shared((2,), "float32")
    scale = T.alloc_shared((1,), "float32")
    if wid < 2:
        a = T.local_scalar("float32", T.float32(0))
        for j in T.unroll(4):
            T.ptx.max.f32(a, a, T.fabs(X[row, tid * 4 + j]))
        for k in T.unroll(5):
            o = T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), a, 16 >> k, 32)
            T.ptx.max.f32(a, a, o)
        if lane == 0:
            part[wid] = a
        T.ptx.bar.arrive(T.uint32(1), T.uint32(128))
        T.ptx.bar.sync(T.uint32(2), T.uint32(128))
    else:
        T.ptx.bar.sync(T.uint32(1), T.uint32(128))
        if tid == 64:
            amax = T.local_scalar("float32")
            T.ptx.max.f32(amax, part[0], part[1])
            s = T.local_scalar("float32")
            T.ptx.div.rn.f32(s, T.float32(448), amax)
            scale[0] = s
            iv = T.local_scalar("float32")
            T.ptx.div.rn.f32(iv, amax, T.float32(448))
            Inv[row] = iv
        T.ptx.bar.sync(T.uint32(2), T.uint32(128))
    sc = scale[0]
    y0 = T.local_scalar("float32")
    y1 = T.local_scalar("float32")
    q = T.local_scalar("uint16")
    T.ptx.mul.rn.f32(y0, X[row, 64 * wid + 2 * lane], sc)
    T.ptx.mul.rn.f32(y1, X[row, 64 * wid + 2 * lane + 1], sc)
    T.ptx.cvt.rn.satfinite.e4m3x2.f32(q, y1, y0)
    Q[row, 32 * wid + lane] = q


def main():
    rng = np.random.default_rng(721)
    X = (rng.standard_normal((ROWS, 256)) * np.array([[0.001], [1.0], [5000.0]])).astype(np.float32)
    Q = np.zeros((ROWS, 128), np.uint16); Inv = np.zeros(ROWS, np.float32)
    for r in range(ROWS):
        amax = np.abs(X[r]).max()
        s = np.float32(448) / amax
        Inv[r] = amax / np.float32(448)
        y = np.clip((X[r] * s).astype(np.float32), -448, 448)
        b = y.astype(ml_dtypes.float8_e4m3fn).view(np.uint8).astype(np.uint16)
        Q[r] = b[0::2] | (b[1::2] << 8)
    return ({"X": X, "Q": np.zeros_like(Q), "Inv": np.zeros(ROWS, np.float32)}, {"Q": Q, "Inv": Inv})
