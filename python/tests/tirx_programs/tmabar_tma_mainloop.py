"""A GEMM-style TMA mainloop with TIRx's helpers: SMEMPool, a Pipeline of
full="tma" (TMABar armed with expect_tx bytes) and empty="mbar" barriers,
PipelineState on both sides. One producer thread streams (16, 32) float16
boxes of A through a 2-stage ring over K=128; 128 consumer threads reduce
their 4 columns of each box against a float32 weight and write row partial
sums. Values are small integers, so float32 sums are exact."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool, Pipeline, PipelineState
import numpy as np

M, K = 64, 128
BM, BK = 16, 32
STAGES = 2
KT = K // BK


@T.function
def tma_mainloop(A: T.Tensor((M, K), "float16"), W: T.Tensor((K,), "float32"),
                 O: T.Tensor((M, 8), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=M // BM, block=160))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    pool = SMEMPool()
    pipe = Pipeline(pool, STAGES, full="tma", empty="mbar", init_full=1,
                    init_empty=128, empty_phase_offset=1)
    S = pool.alloc((STAGES * BM, BK), "float16", align=128)
    pool.commit()
    T.ptx.fence.proxy.async_.shared__cta()
    T.cuda.cta_sync()
    if t == 128:
        ps = PipelineState(STAGES, 0)
        for k in T.serial(KT):
            pipe.empty.wait(ps.stage, ps.phase)
            pipe.full.arrive(ps.stage, BM * BK * 2)
            for s in T.unroll(STAGES):
                if ps.stage == s:
                    T.cuda.tile.apply(
                        T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"],
                        S[s * BM:(s + 1) * BM, :], A[:, :], box=(BM, BK), coords=(b * BM, k * BK),
                        mbar=pipe.full.ptr_to([s]))
            ps.advance()
    elif t < 128:
        r = t // 8
        c = t % 8
        acc = T.local_scalar("float32")
        acc = T.float32(0)
        cs = PipelineState(STAGES, 0)
        for k in T.serial(KT):
            pipe.full.wait(cs.stage, cs.phase)
            for j in T.unroll(4):
                acc = acc + T.float32(S[cs.stage * BM + r, c * 4 + j]) * W[k * BK + c * 4 + j]
            pipe.empty.arrive(cs.stage)
            cs.advance()
        O[b * BM + r, c] = acc


def main():
    rng = np.random.default_rng(3)
    A = rng.integers(-8, 8, (M, K)).astype(np.float16)
    W = rng.integers(-4, 5, K).astype(np.float32)
    P = (A.astype(np.float64) * W[None, :]).reshape(M, KT, 8, 4).sum(axis=(1, 3))
    return {"A": A, "W": W, "O": np.zeros((M, 8), np.float32)}, {"O": P.astype(np.float32)}
