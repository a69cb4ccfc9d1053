"""A persistent Hopper GEMM with TIRx's own helpers: SMEMPool in dynamic
shared memory (128B-swizzled stage buffers allocated with
layout=T.ComposeLayout), Pipeline(full="tma", empty="mbar") with
PipelineState on the producer and consumer sides, a producer warp (elected
lane via T.ptx.elect_sync) and one consumer warpgroup (160 threads; guards on T.cuda.warpgroup_id()), a
grid of 3 CTAs striding over 6 output tiles (T.serial(b, 6, step=3)), so
the ring's phases carry across tiles; wgmma m64n32k16 with descriptors
from T.cuda.wgmma_encode_matrix_descriptor; register epilogue."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool, Pipeline, PipelineState
import numpy as np

M, N, K = 192, 64, 128
BM, BN, BK = 64, 32, 64
ST = 2
KT = K // BK
TM, TN = M // BM, N // BN
NTILE = TM * TN
GRID = 3


@T.function
def persistent(A: T.Tensor((M, K), "float16"), B: T.Tensor((N, K), "float16"),
               C: T.Tensor((M, N), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=GRID, block=160))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    pool = SMEMPool()
    pipe = Pipeline(pool, ST, full="tma", empty="mbar", init_full=1, init_empty=128,
                    empty_phase_offset=1)
    SA = pool.alloc((ST * BM, BK), "float16", align=1024, layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(ST * BM, BK):(BK, 1)])))
    SB = pool.alloc((ST * BN, BK), "float16", align=1024, layout=T.ComposeLayout(
        3, 3, 3, T.TileLayout(T.S[(ST * BN, BK):(BK, 1)])))
    pool.commit()
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if T.cuda.warpgroup_id() == 1:
        if t < 160:
            ps = PipelineState(ST, 0)
            leader_lane = T.local_scalar("uint32")
            is_leader = T.local_scalar("uint32")
            T.ptx.elect_sync(leader_lane, is_leader, T.uint32(0xFFFFFFFF))
            for tile in T.serial(b, NTILE, step=GRID):
                tm = tile // TN
                tn = tile % TN
                for k in T.serial(KT):
                    if is_leader != T.uint32(0):
                        pipe.empty.wait(ps.stage, ps.phase)
                        pipe.full.arrive(ps.stage, (BM + BN) * BK * 2)
                        for s in T.unroll(ST):
                            if ps.stage == s:
                                T.cuda.tile.apply(
                                    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                                    SA[s * BM:(s + 1) * BM, :], A[:, :], box=(BM, BK), coords=(tm * BM, k * BK),
                                    swizzle=3, mbar=pipe.full.ptr_to([s]))
                                T.cuda.tile.apply(
                                    T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                                    SB[s * BN:(s + 1) * BN, :], B[:, :], box=(BN, BK), coords=(tn * BN, k * BK),
                                    swizzle=3, mbar=pipe.full.ptr_to([s]))
                    ps.advance()
    else:
        cs = PipelineState(ST, 0)
        acc = T.alloc_local((16,), "float32")
        da = T.alloc_local((1,), "uint64")
        db = T.alloc_local((1,), "uint64")
        SAf = T.decl_tensor(SA.data, ty_args=[T.Tensor((ST * BM * BK,), "float16", scope="shared", layout="default")])
        SBf = T.decl_tensor(SB.data, ty_args=[T.Tensor((ST * BN * BK,), "float16", scope="shared", layout="default")])
        for tile in T.serial(b, NTILE, step=GRID):
            tm = tile // TN
            tn = tile % TN
            for k in T.serial(KT):
                pipe.full.wait(cs.stage, cs.phase)
                T.ptx.wgmma.fence.sync.aligned()
                for kk in T.unroll(BK // 16):
                    T.cuda.wgmma_encode_matrix_descriptor(T.address_of(da[0]), SAf.ptr_to([cs.stage * BM * BK + kk * 16]), 1, 64, 3)
                    T.cuda.wgmma_encode_matrix_descriptor(T.address_of(db[0]), SBf.ptr_to([cs.stage * BN * BK + kk * 16]), 1, 64, 3)
                    T.ptx.wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16(
                        acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
                        acc[8], acc[9], acc[10], acc[11], acc[12], acc[13], acc[14], acc[15],
                        da[0], db[0], T.bool(k > 0 or kk > 0), 1, 1, 0, 0)
                T.ptx.wgmma.commit_group.sync.aligned()
                T.ptx.wgmma.wait_group.sync.aligned(0)
                pipe.empty.arrive(cs.stage)
                cs.advance()
            w = t // 32
            l = t % 32
            for i in T.unroll(16):
                C[tm * BM + 16 * w + l // 4 + 8 * ((i // 2) % 2), tn * BN + 8 * (i // 4) + 2 * (l % 4) + i % 2] = acc[i]


def main():
    rng = np.random.default_rng(818)
    A = rng.integers(-3, 4, (M, K)).astype(np.float16)
    B = rng.integers(-3, 4, (N, K)).astype(np.float16)
    C = (A.astype(np.float64) @ B.astype(np.float64).T).astype(np.float32)
    return {"A": A, "B": B, "C": np.zeros((M, N), np.float32)}, {"C": C}
