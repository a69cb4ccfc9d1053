"""LayerNorm of bf16 rows 8192 wide, one warp per row: each lane runs Welford
over 256 strided values (a 256-trip T.serial; sub/div/mul/add.rn.f32 as PTX so
the rounding is pinned), lanes merge (n, mean, M2) with __shfl_down_sync 16..1
(Chan's parallel formula), lane 0's mean and M2 are broadcast by __shfl_sync,
rstd = rcp.rn(sqrt.rn(M2 / N + eps)), y = (x - mean) * rstd * gamma + beta
(.rn PTX), stored as bf16 by T.cast (round to nearest even). The reference
replays the same float32 operations in numpy."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

ROWS = 2
N = 8192
PER = N // 32


@T.function
def layernorm_welford_long_bf16(X: T.Tensor((ROWS, N), "bfloat16"), G: T.Tensor((N,), "bfloat16"),
                                Bt: T.Tensor((N,), "float32"), Y: T.Tensor((ROWS, N), "bfloat16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32 * ROWS))
    lane = T.cuda.lane_id()
    row = T.cuda.warp_id()
    cnt = T.local_scalar("float32")
    mean = T.local_scalar("float32")
    m2 = T.local_scalar("float32")
    d = T.local_scalar("float32")
    d2 = T.local_scalar("float32")
    q = T.local_scalar("float32")
    cnt = T.float32(0)
    mean = T.float32(0)
    m2 = T.float32(0)
    for k in T.serial(PER):
        x = T.cast(X[row, k * 32 + lane], "float32")
        T.ptx.add.rn.f32(cnt, cnt, T.float32(1))
        T.ptx.sub.rn.f32(d, x, mean)
        T.ptx.div.rn.f32(q, d, cnt)
        T.ptx.add.rn.f32(mean, mean, q)
        T.ptx.sub.rn.f32(d2, x, mean)
        T.ptx.mul.rn.f32(q, d, d2)
        T.ptx.add.rn.f32(m2, m2, q)
    nn = T.local_scalar("float32")
    for j in T.unroll(5):
        off = 16 >> j
        nb = T.cuda.__shfl_down_sync(T.uint32(0xFFFFFFFF), cnt, off, 32)
        mb = T.cuda.__shfl_down_sync(T.uint32(0xFFFFFFFF), mean, off, 32)
        m2b = T.cuda.__shfl_down_sync(T.uint32(0xFFFFFFFF), m2, off, 32)
        T.ptx.add.rn.f32(nn, cnt, nb)
        T.ptx.sub.rn.f32(d, mb, mean)
        T.ptx.mul.rn.f32(q, d, nb)
        T.ptx.div.rn.f32(q, q, nn)
        T.ptx.add.rn.f32(mean, mean, q)
        T.ptx.mul.rn.f32(q, d, d)
        T.ptx.mul.rn.f32(q, q, cnt)
        T.ptx.mul.rn.f32(q, q, nb)
        T.ptx.div.rn.f32(q, q, nn)
        T.ptx.add.rn.f32(m2, m2, m2b)
        T.ptx.add.rn.f32(m2, m2, q)
        cnt = nn
    mu = T.cuda.__shfl_sync(T.uint32(0xFFFFFFFF), mean, 0, 32)
    var = T.local_scalar("float32")
    var = T.cuda.__shfl_sync(T.uint32(0xFFFFFFFF), m2, 0, 32)
    T.ptx.div.rn.f32(var, var, T.float32(N))
    T.ptx.add.rn.f32(var, var, T.float32(1e-5))
    T.ptx.sqrt.rn.f32(var, var)
    rs = T.local_scalar("float32")
    T.ptx.rcp.rn.f32(rs, var)
    y = T.local_scalar("float32")
    for k in T.serial(PER):
        c = k * 32 + lane
        T.ptx.sub.rn.f32(y, T.cast(X[row, c], "float32"), mu)
        T.ptx.mul.rn.f32(y, y, rs)
        T.ptx.mul.rn.f32(y, y, T.cast(G[c], "float32"))
        T.ptx.add.rn.f32(y, y, Bt[c])
        Y[row, c] = T.cast(y, "bfloat16")


def main():
    bf = ml_dtypes.bfloat16
    f = np.float32
    rng = np.random.default_rng(1015)
    X = (rng.standard_normal((ROWS, N)) * 3 + 1).astype(bf)
    G = rng.standard_normal(N).astype(bf)
    B = rng.standard_normal(N).astype(np.float32)
    Y = np.zeros((ROWS, N), bf)
    for r in range(ROWS):
        xs = X[r].astype(np.float32).reshape(PER, 32).T      # lane-major
        cnt = np.zeros(32, f); mean = np.zeros(32, f); m2 = np.zeros(32, f)
        for k in range(PER):
            x = xs[:, k]
            cnt = (cnt + f(1)).astype(f)
            d = (x - mean).astype(f)
            mean = (mean + (d / cnt).astype(f)).astype(f)
            m2 = (m2 + (d * (x - mean).astype(f)).astype(f)).astype(f)
        for j in range(5):
            off = 16 >> j
            src = np.array([l + off if l + off < 32 else l for l in range(32)])
            nb, mb, m2b = cnt[src], mean[src], m2[src]
            nn = (cnt + nb).astype(f)
            d = (mb - mean).astype(f)
            nmean = (mean + ((d * nb).astype(f) / nn).astype(f)).astype(f)
            q = ((((d * d).astype(f) * cnt).astype(f) * nb).astype(f) / nn).astype(f)
            m2 = ((m2 + m2b).astype(f) + q).astype(f)
            mean, cnt = nmean, nn
        mu = mean[0]
        var = f(f(m2[0] / f(N)) + f(1e-5))
        rs = f(f(1) / np.sqrt(var, dtype=f))
        y = (((X[r].astype(f) - mu).astype(f) * rs).astype(f) * G.astype(f)).astype(f)
        y = (y + B).astype(f)
        Y[r] = y.astype(bf)
    return {"X": X, "G": G, "Bt": B, "Y": np.zeros((ROWS, N), bf)}, {"Y": Y}
