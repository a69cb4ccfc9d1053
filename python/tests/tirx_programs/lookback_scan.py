"""Single-pass prefix sum with decoupled look-back (Merrill & Garland), as
CUB writes it: a dynamic tile id from atomicAdd on a global counter (so a
tile only waits on tiles that already started), a block scan (shfl.up
warp scans + warp totals in shared), then thread 0 publishes its aggregate
as a packed 64-bit status word (flag << 32 | value) with
st.release.gpu.global.u64 and walks back over predecessors with
ld.acquire.gpu.global.u64 in spin loops until it finds an inclusive
prefix, then publishes its own. %globaltimer and %clock64 are written to
an output that is not compared."""
from tvm_tirx.script import tirx as T
import numpy as np

NT, TB, PER = 24, 128, 4
TILE = TB * PER
N = NT * TILE


@T.function
def lookback(X: T.Tensor((N,), "int32"), Y: T.Tensor((N,), "int32"),
             Cnt: T.Tensor((1,), "uint32"), St: T.Tensor((NT,), "uint64"),
             Tm: T.Tensor((NT, 2), "uint64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=NT, block=TB))
    t = T.cuda.thread_idx("x")
    lane = T.cuda.lane_id()
    wid = t // 32
    sh = T.alloc_shared((8,), "int32")
    tid_s = T.alloc_shared((1,), "uint32")
    if t == 0:
        tid_s[0] = T.cuda.atomic_add(T.address_of(Cnt[0]), T.uint32(1))
        Tm[tid_s[0], 0] = T.cuda.mov_sreg(64, "globaltimer")
    T.cuda.cta_sync()
    tile = T.cast(tid_s[0], "int32")
    base = tile * TILE + t * PER
    v = T.alloc_local((PER,), "int32")
    run = T.local_scalar("int32", T.int32(0))
    for i in T.unroll(PER):
        run = run + X[base + i]
        v[i] = run
    s = T.local_scalar("int32", run)
    for k in T.unroll(5):
        y = T.cuda.__shfl_up_sync(T.uint32(0xFFFFFFFF), s, 1 << k, 32)
        if lane >= (1 << k):
            s = s + y
    if lane == 31:
        sh[wid] = s
    T.cuda.cta_sync()
    wpre = T.local_scalar("int32", T.int32(0))
    for j in T.unroll(4):
        if j < wid:
            wpre = wpre + sh[j]
    agg = sh[0] + sh[1] + sh[2] + sh[3]
    if t == 0:
        if tile == 0:
            T.ptx.st.release.gpu.global_.u64(T.address_of(St[0]),
                                             (T.uint64(2) << T.uint64(32)) | T.cast(T.cast(agg, "uint32"), "uint64"))
            sh[4] = 0
        else:
            T.ptx.st.release.gpu.global_.u64(T.address_of(St[tile]),
                                             (T.uint64(1) << T.uint64(32)) | T.cast(T.cast(agg, "uint32"), "uint64"))
            excl = T.local_scalar("uint32", T.uint32(0))
            j = T.local_scalar("int32", tile - 1)
            word = T.local_scalar("uint64", T.uint64(0))
            while j >= 0:
                T.ptx.ld.acquire.gpu.global_.u64(word, T.address_of(St[j]))
                while (word >> T.uint64(32)) == T.uint64(0):
                    T.ptx.ld.acquire.gpu.global_.u64(word, T.address_of(St[j]))
                excl = excl + T.cast(word & T.uint64(0xFFFFFFFF), "uint32")
                if (word >> T.uint64(32)) == T.uint64(2):
                    j = -1
                else:
                    j = j - 1
            T.ptx.st.release.gpu.global_.u64(T.address_of(St[tile]),
                                             (T.uint64(2) << T.uint64(32)) | T.cast(excl + T.cast(agg, "uint32"), "uint64"))
            sh[4] = T.cast(excl, "int32")
        Tm[tile, 1] = T.cuda.clock64()
    T.cuda.cta_sync()
    off = sh[4] + wpre + s - run
    for i in T.unroll(PER):
        Y[base + i] = off + v[i]


def main():
    rng = np.random.default_rng(807)
    X = rng.integers(-1000, 1000, N).astype(np.int32)
    Y = np.cumsum(X.astype(np.int64)).astype(np.int32)
    tot = np.cumsum(X.reshape(NT, TILE).sum(axis=1).astype(np.int64)).astype(np.uint32)
    St = (np.uint64(2) << np.uint64(32)) | tot.astype(np.uint64)
    return ({"X": X, "Y": np.zeros_like(X), "Cnt": np.zeros(1, np.uint32), "St": np.zeros(NT, np.uint64),
             "Tm": np.zeros((NT, 2), np.uint64)},
            {"Y": Y, "Cnt": np.array([NT], np.uint32), "St": St})
