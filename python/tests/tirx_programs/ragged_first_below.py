"""Per-segment 'first element below a threshold' over ragged segments (CSR
offsets), one warp per segment: a kernel-valued loop T.serial(lo, hi,
step=32) over chunks, vote.sync.ballot of (in range and v < thr), a
warp-uniform `break` when the ballot is non-zero, __ffs of the ballot for
the position; every lane also copies its in-range chunk elements clamped
to [thr, 1000] with T.Select, stored by st.global.u32 with pred= (lanes
past the end store nothing), up to and including the hit chunk."""
from tvm_tirx.script import tirx as T
import numpy as np

NSEG = 8
TOT = 600


@T.function
def first_below(V: T.Tensor((TOT,), "int32"), Off: T.Tensor((NSEG + 1,), "int32"), thr: T.int32,
                Pos: T.Tensor((NSEG,), "int32"), Cl: T.Tensor((TOT,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=128))
    lane = T.cuda.lane_id()
    seg = T.cuda.block_idx("x") * 4 + T.cuda.warp_id()
    lo = Off[seg]
    hi = Off[seg + 1]
    pos = T.local_scalar("int32", -1)
    bal = T.local_scalar("uint32")
    for base in T.serial(lo, hi, step=32):
        i = base + lane
        ok = i < hi
        v = T.if_then_else(ok, V[T.min(i, TOT - 1)], 0)
        T.ptx.vote_sync.ballot.b32(bal, T.ptx.pred(T.cast(ok and v < thr, "uint32")), T.uint32(0xFFFFFFFF))
        c = T.Select(v < thr, thr, T.Select(v > 1000, 1000, v))
        T.ptx.st.global_.u32(T.address_of(Cl[T.min(i, TOT - 1)]), T.reinterpret(c, ty="uint32"), pred=ok)
        if bal != T.uint32(0):
            pos = base + T.cuda.ffs_u32(bal) - 1 - lo
            break
    if lane == 0:
        Pos[seg] = pos


def main():
    rng = np.random.default_rng(720)
    lens = rng.integers(0, 130, NSEG); lens[3] = 0; lens[5] = 97
    off = np.concatenate([[0], np.cumsum(lens)]).astype(np.int32)
    assert off[-1] <= TOT
    V = rng.integers(-50, 1200, TOT).astype(np.int32)
    thr = -20
    Pos = np.full(NSEG, -1, np.int32)
    Cl = np.full(TOT, 7, np.int32)
    for s in range(NSEG):
        lo, hi = off[s], off[s + 1]
        for base in range(lo, hi, 32):
            idx = np.arange(base, min(base + 32, hi))
            Cl[idx] = np.clip(V[idx], thr, 1000)
            hit = np.nonzero(V[idx] < thr)[0]
            if len(hit):
                Pos[s] = base + hit[0] - lo
                break
    return ({"V": V, "Off": off, "thr": thr, "Pos": np.zeros(NSEG, np.int32),
             "Cl": np.full(TOT, 7, np.int32)}, {"Pos": Pos, "Cl": Cl})
