"""LayerNorm of f16 rows with Welford statistics, one warp per 256-wide row:
each lane runs Welford over its 8 values (sub/div/mul/add.rn.f32 spelled
as PTX so the rounding is pinned), the warp merges (n, mean, M2) triples by
shfl.sync.down 16..1 with the parallel-variance formula, lane 0's result is
broadcast with __shfl_sync, rstd = rcp.rn(sqrt.rn(var + eps)), and
y = ((x - mean) * rstd) * gamma + beta (mul/add.rn) stored as f16 by
cvt.rn.f16.f32.  The reference replays the same float32 operations."""
from tvm_tirx.script import tirx as T
import numpy as np

ROWS, N = 4, 256


@T.function
def ln(X: T.Tensor((ROWS, N), "float16"), G: T.Tensor((N,), "float32"), Bt: T.Tensor((N,), "float32"),
       Y: T.Tensor((ROWS, N), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32 * ROWS))
    lane = T.cuda.lane_id()
    row = T.cuda.warp_id()
    x = T.alloc_local((8,), "float32")
    cnt = T.local_scalar("float32", T.float32(0))
    mean = T.local_scalar("float32", T.float32(0))
    m2 = T.local_scalar("float32", T.float32(0))
    d = T.local_scalar("float32")
    d2 = T.local_scalar("float32")
    q = T.local_scalar("float32")
    for i in T.unroll(8):
        x[i] = T.cast(X[row, lane * 8 + i], "float32")
        T.ptx.add.rn.f32(cnt, cnt, T.float32(1))
        T.ptx.sub.rn.f32(d, x[i], mean)
        T.ptx.div.rn.f32(q, d, cnt)
        T.ptx.add.rn.f32(mean, mean, q)
        T.ptx.sub.rn.f32(d2, x[i], mean)
        T.ptx.mul.rn.f32(q, d, d2)
        T.ptx.add.rn.f32(m2, m2, q)
    nb = T.local_scalar("float32")
    mb = T.local_scalar("float32")
    m2b = T.local_scalar("float32")
    nn = T.local_scalar("float32")
    for k in T.unroll(5):
        off = T.uint32(16 >> k)
        T.ptx.shfl_sync.down.b32(nb, cnt, off, T.uint32(0x1F), T.uint32(0xFFFFFFFF))
        T.ptx.shfl_sync.down.b32(mb, mean, off, T.uint32(0x1F), T.uint32(0xFFFFFFFF))
        T.ptx.shfl_sync.down.b32(m2b, m2, off, T.uint32(0x1F), T.uint32(0xFFFFFFFF))
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
    var = T.local_scalar("float32", T.cuda.__shfl_sync(T.uint32(0xFFFFFFFF), m2, 0, 32))
    T.ptx.div.rn.f32(var, var, T.float32(N))
    T.ptx.add.rn.f32(var, var, T.float32(1e-5))
    T.ptx.sqrt.rn.f32(var, var)
    rs = T.local_scalar("float32")
    T.ptx.rcp.rn.f32(rs, var)
    y = T.local_scalar("float32")
    for i in T.unroll(8):
        T.ptx.sub.rn.f32(y, x[i], mu)
        T.ptx.mul.rn.f32(y, y, rs)
        T.ptx.mul.rn.f32(y, y, G[lane * 8 + i])
        T.ptx.add.rn.f32(y, y, Bt[lane * 8 + i])
        h = T.local_scalar("uint16")
        T.ptx.cvt.rn.f16.f32(h, y)
        Y[row, lane * 8 + i] = T.reinterpret(h, ty="float16")


def main():
    rng = np.random.default_rng(719)
    f = np.float32
    X = (rng.standard_normal((ROWS, N)) * 3 + 1).astype(np.float16)
    G = rng.standard_normal(N).astype(np.float32)
    B = rng.standard_normal(N).astype(np.float32)
    Y = np.zeros((ROWS, N), np.float16)
    for r in range(ROWS):
        xs = X[r].astype(np.float32).reshape(32, 8)
        cnt = [f(0)] * 32; mean = [f(0)] * 32; m2 = [f(0)] * 32
        for l in range(32):
            c, m, s = f(0), f(0), f(0)
            for i in range(8):
                c = f(c + f(1)); d = f(xs[l, i] - m); m = f(m + f(d / c))
                s = f(s + f(d * f(xs[l, i] - m)))
            cnt[l], mean[l], m2[l] = c, m, s
        for k in range(5):
            off = 16 >> k
            nc, nm, ns = cnt[:], mean[:], m2[:]
            for l in range(32):
                src = l + off if l + off < 32 else l
                nb, mb, m2b = cnt[src], mean[src], m2[src]
                nn = f(cnt[l] + nb); d = f(mb - mean[l])
                nm[l] = f(mean[l] + f(f(d * nb) / nn))
                q = f(f(f(f(d * d) * cnt[l]) * nb) / nn)
                ns[l] = f(f(m2[l] + m2b) + q)
                nc[l] = nn
            cnt, mean, m2 = nc, nm, ns
        mu = mean[0]
        var = f(f(m2[0] / f(N)) + f(1e-5))
        rs = f(f(1) / np.sqrt(var))
        y = ((((xs.reshape(N) - mu).astype(f) * rs).astype(f) * G).astype(f) + B).astype(f)
        Y[r] = y.astype(np.float16)
    return {"X": X, "G": G, "Bt": B, "Y": np.zeros((ROWS, N), np.float16)}, {"Y": Y}
