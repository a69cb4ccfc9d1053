"""Motion-estimation style block matching plus a privatized histogram over
packed u8 pixels (4 per u32 word): per thread, the SAD of a 4x4 block
against 5 candidate offsets from byte-permuted (prmt.b32 with run-time
selectors) neighbour words, each byte difference by sad.u32 on extracted
bytes and a dp4a.u32.u32 of the row against ones; the best offset by a
running min. The best SADs go into a shared histogram with warp
aggregation (match.any.sync, leader = lowest peer by bfind of the mask's
lowest bit, atom.shared.add.u32 of popc), then merged into global with
red.global.add.u32."""
from tvm_tirx.script import tirx as T
import numpy as np

NB = 128      # blocks (threads)
BINS = 16


@T.function
def bm(Cur: T.Tensor((NB, 4), "uint32"), Ref: T.Tensor((NB, 4, 2), "uint32"),
       Best: T.Tensor((NB, 2), "int32"), Dot: T.Tensor((NB,), "uint32"), H: T.Tensor((BINS,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=NB))
    t = T.cuda.thread_idx("x")
    lane = T.cuda.lane_id()
    hs = T.alloc_shared((BINS,), "uint32")
    if t < BINS:
        hs[t] = T.uint32(0)
    T.cuda.cta_sync()
    best = T.local_scalar("uint32", T.uint32(0xFFFFFFFF))
    bo = T.local_scalar("int32", -1)
    win = T.local_scalar("uint32")
    for o in T.unroll(5):
        s = T.local_scalar("uint32", T.uint32(0))
        for r in T.unroll(4):
            # bytes o..o+3 of the 8-byte window (Ref[t, r, 0] low word first)
            T.ptx.prmt.b32(win, Ref[t, r, 0], Ref[t, r, 1], T.uint32(0x3210 + o * 0x1111))
            for k in T.unroll(4):
                a = (Cur[t, r] >> T.uint32(8 * k)) & T.uint32(0xFF)
                bb = (win >> T.uint32(8 * k)) & T.uint32(0xFF)
                T.ptx.sad.u32(s, a, bb, s)
        if s < best:
            best = s
            bo = o
    Best[t, 0] = T.cast(best, "int32")
    Best[t, 1] = bo
    d = T.local_scalar("uint32", T.uint32(0))
    for r in T.unroll(4):
        T.ptx.dp4a.u32.u32(d, Cur[t, r], T.uint32(0x01010101), d)
    Dot[t] = d
    bin = T.cast(T.min(best >> T.uint32(4), T.uint32(BINS - 1)), "uint32")
    peers = T.local_scalar("uint32")
    T.ptx.match.any.sync.b32(peers, bin, T.uint32(0xFFFFFFFF))
    low = peers & (T.uint32(0) - peers)
    lead = T.local_scalar("uint32")
    T.ptx.bfind.u32(lead, low)
    if T.cast(lead, "int32") == lane:
        T.ptx.red.shared.add.u32(T.cuda.cvta_generic_to_shared(hs.ptr_to([bin])), T.cast(T.popcount(peers), "uint32"))
    T.cuda.cta_sync()
    if t < BINS:
        T.ptx.red.global_.add.u32(H.ptr_to([t]), hs[t])


def main():
    rng = np.random.default_rng(820)
    cur = rng.integers(0, 256, (NB, 4, 4)).astype(np.uint8)
    ref = rng.integers(0, 256, (NB, 4, 8)).astype(np.uint8)
    for b in range(0, NB, 3):  # plant good matches
        o = b % 5
        ref[b, :, o:o + 4] = np.clip(cur[b].astype(int) + rng.integers(-2, 3, (4, 4)), 0, 255)
    Cur = cur.view(np.uint32).reshape(NB, 4)
    Ref = ref.view(np.uint32).reshape(NB, 4, 2)
    Best = np.zeros((NB, 2), np.int32)
    for b in range(NB):
        sads = [int(np.abs(cur[b].astype(int) - ref[b, :, o:o + 4].astype(int)).sum()) for o in range(5)]
        Best[b] = [min(sads), int(np.argmin(sads))]
    Dot = cur.reshape(NB, 16).sum(axis=1).astype(np.uint32)
    H0 = rng.integers(0, 5, BINS).astype(np.uint32)
    H = H0 + np.bincount(np.minimum(Best[:, 0] >> 4, BINS - 1), minlength=BINS).astype(np.uint32)
    return ({"Cur": Cur, "Ref": Ref, "Best": np.zeros_like(Best), "Dot": np.zeros(NB, np.uint32), "H": H0.copy()},
            {"Best": Best, "Dot": Dot, "H": H})
