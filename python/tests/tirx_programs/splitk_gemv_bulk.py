"""Split-K GEMV with the Hopper bulk-copy engine only (no tensor maps):
each of 8 CTAs takes a 64-wide K slice; thread 0 prefetches the next slice
into L2 (cp.async.bulk.prefetch.L2.global), copies its x slice and the 32
rows of its W slice into shared with cp.async.bulk.shared::cluster.global
.mbarrier::complete_tx::bytes (one copy per row, one barrier armed for all
bytes); warps reduce rows with shfl.bfly; the f32 partials are
reduce-added into y by cp.reduce.async.bulk.global.shared::cta.bulk_group
.add.f32, the int32 row counts by .add.s32, and each CTA's raw partial is
also stored by cp.async.bulk.global.shared::cta.bulk_group; then
commit_group and wait_group.read 0. Integer-valued data: the order of the
reductions cannot change the float sums."""
from tvm_tirx.script import tirx as T
import numpy as np

R, K, KS = 32, 512, 64
NC = K // KS


@T.function
def gemv(W: T.Tensor((R, K), "float32"), X: T.Tensor((K,), "float32"), Y: T.Tensor((R,), "float32"),
         Cn: T.Tensor((R,), "int32"), P: T.Tensor((NC, R), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=NC, block=128))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    lane = T.cuda.lane_id()
    wid = t // 32
    bar = T.alloc_shared((1,), "uint64")
    sx = T.alloc_shared((KS,), "float32", align=128)
    sw = T.alloc_shared((R, KS), "float32", align=128)
    sy = T.alloc_shared((R,), "float32", align=128)
    sc = T.alloc_shared((R,), "int32", align=128)
    if t == 0:
        T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
        T.ptx.fence.proxy.async_.shared__cta()
        if b + 1 < NC:
            T.ptx.cp.async_.bulk.prefetch.L2.global_(X.ptr_to([(b + 1) * KS]), T.uint32(KS * 4))
        T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]), T.uint32((R + 1) * KS * 4))
        T.ptx.cp.async_.bulk.shared__cluster.global_.mbarrier__complete_tx__bytes(
            sx.ptr_to([0]), X.ptr_to([b * KS]), T.uint32(KS * 4), bar.ptr_to([0]))
        for r in T.serial(R):
            T.ptx.cp.async_.bulk.shared__cluster.global_.mbarrier__complete_tx__bytes(
                sw.ptr_to([r, 0]), W.ptr_to([r, b * KS]), T.uint32(KS * 4), bar.ptr_to([0]))
    T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
    for rr in T.unroll(R // 4):
        r = wid * (R // 4) + rr
        v = T.local_scalar("float32", sw[r, lane] * sx[lane] + sw[r, lane + 32] * sx[lane + 32])
        nz = T.local_scalar("int32", T.Select(sw[r, lane] != T.float32(0), 1, 0) + T.Select(sw[r, lane + 32] != T.float32(0), 1, 0))
        for k in T.unroll(5):
            v = v + T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), v, 16 >> k, 32)
            nz = nz + T.cuda.__shfl_xor_sync(T.uint32(0xFFFFFFFF), nz, 16 >> k, 32)
        if lane == 0:
            sy[r] = v
            sc[r] = nz
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if t == 0:
        T.ptx.cp.reduce.async_.bulk.global_.shared__cta.bulk_group.add.f32(Y.ptr_to([0]), sy.ptr_to([0]), T.uint32(R * 4))
        T.ptx.cp.reduce.async_.bulk.global_.shared__cta.bulk_group.add.s32(Cn.ptr_to([0]), sc.ptr_to([0]), T.uint32(R * 4))
        T.ptx.cp.async_.bulk.global_.shared__cta.bulk_group(P.ptr_to([b, 0]), sy.ptr_to([0]), T.uint32(R * 4))
        T.ptx.cp.async_.bulk.commit_group()
        T.ptx.cp.async_.bulk.wait_group.read(0)


def main():
    rng = np.random.default_rng(809)
    W = rng.integers(-4, 5, (R, K)).astype(np.float32)
    X = rng.integers(-4, 5, K).astype(np.float32)
    Y0 = rng.integers(-10, 10, R).astype(np.float32)
    C0 = rng.integers(-10, 10, R).astype(np.int32)
    P = (W.reshape(R, NC, KS) * X.reshape(NC, KS)[None]).sum(axis=2).T.astype(np.float32)
    Y = (Y0 + P.sum(axis=0)).astype(np.float32)
    Cn = (C0 + (W != 0).sum(axis=1)).astype(np.int32)
    return ({"W": W, "X": X, "Y": Y0.copy(), "Cn": C0.copy(), "P": np.zeros((NC, R), np.float32)},
            {"Y": Y, "Cn": Cn, "P": P})
