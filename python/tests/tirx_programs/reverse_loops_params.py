"""Loop shapes users write in TIRx, driven by scalar parameters of narrow
and wide dtypes: T.serial(hi, lo, step=-1) and step=-stride with a run-time
stride (an int8 parameter), a reverse Horner evaluation with a float16
coefficient scale, a run-time positive step from a uint16 parameter, a
`while` with a compound condition on a uint64 budget, and nested ifs that
narrow to half a warp before a __shfl_down_sync with a 0x0000ffff mask."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

N = 48


@T.function
def loops(X: T.Tensor((64, N), "int32"), Cf: T.Tensor((N,), "float32"),
          st: T.int8, up: T.uint16, budget: T.uint64, sc: T.float16, lim: T.int64,
          R: T.Tensor((64, 6), "int64"), F: T.Tensor((64,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    lane = T.cuda.lane_id()
    a = T.local_scalar("int64", T.int64(0))
    for j in T.serial(N):
        i = N - 1 - j
        a = a * T.int64(3) + T.cast(X[t, i], "int64")
        a = a % T.int64(1000003)
    R[t, 0] = a
    s = T.local_scalar("int64", T.int64(0))
    stride = T.cast(st, "int32")
    top = N - 1 - t % 5
    for j in T.serial(0, top + 1, step=stride):
        i = top - j
        s = s + T.cast(X[t, i], "int64") * T.cast(i, "int64")
    R[t, 1] = s
    u = T.local_scalar("int64", T.int64(0))
    for i in T.serial(t % 3, N, step=T.cast(up, "int32")):
        u = u + T.cast(X[t, i], "int64")
    R[t, 2] = u
    h = T.local_scalar("float32", T.float32(0))
    for j in range(N):
        h = h * T.float32(0.5) + Cf[N - 1 - j] * T.cast(sc, "float32")
    F[t] = h
    spent = T.local_scalar("uint64", T.uint64(0))
    k = T.local_scalar("int32", 0)
    while k < N and spent + T.cast(T.abs(X[t, k]), "uint64") <= budget:
        spent = spent + T.cast(T.abs(X[t, k]), "uint64")
        k = k + 1
    R[t, 3] = T.cast(k, "int64")
    R[t, 4] = T.cast(spent, "int64")
    v = T.local_scalar("int64", T.cast(X[t, 0], "int64") + lim)
    if t >= 32:
        if lane < 16:
            for o in T.unroll(4):
                v = v + T.cuda.__shfl_down_sync(T.uint32(0x0000FFFF), v, 8 >> o, 16)
    R[t, 5] = v


def main():
    rng = np.random.default_rng(812)
    X = rng.integers(-50, 50, (64, N)).astype(np.int32)
    Cf = rng.integers(-8, 8, N).astype(np.float32)
    st, up, budget, lim = 3, 5, 600, -(1 << 40)
    sc = np.float16(1.5)
    R = np.zeros((64, 6), np.int64)
    F = np.zeros(64, np.float32)
    for t in range(64):
        a = 0
        for i in range(N - 1, -1, -1):
            a = (a * 3 + int(X[t, i]))
            a = a % 1000003  # TIRx % is floormod
        R[t, 0] = a
        R[t, 1] = sum(int(X[t, i]) * i for i in range(N - 1 - t % 5, -1, -st))
        R[t, 2] = sum(int(X[t, i]) for i in range(t % 3, N, up))
        h = np.float32(0)
        for i in range(N - 1, -1, -1):
            h = np.float32(np.float32(h * np.float32(0.5)) + np.float32(Cf[i] * np.float32(1.5)))
        F[t] = h
        spent, k = 0, 0
        while k < N and spent + abs(int(X[t, k])) <= budget:
            spent += abs(int(X[t, k]))
            k += 1
        R[t, 3], R[t, 4] = k, spent
    v = X[:, 0].astype(np.int64) + lim
    out = v.copy()
    for base in (32, 48):
        pass
    # half-warp tree reduction for lanes 0..15 of warp 1 (threads 32..47)
    vv = v.copy()
    for o in (8, 4, 2, 1):
        nv = vv.copy()
        for t in range(32, 48):
            src = t + o
            nv[t] = vv[t] + (vv[src] if (src - 32) < 16 else vv[t])
        vv = nv
    out[32:48] = vv[32:48]
    R[:, 5] = out
    return ({"X": X, "Cf": Cf, "st": np.int8(st), "up": np.uint16(up), "budget": np.uint64(budget),
             "sc": sc, "lim": np.int64(lim), "R": np.zeros_like(R), "F": np.zeros_like(F)},
            {"R": R, "F": F})
