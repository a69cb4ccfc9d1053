"""An Ampere-style producer/consumer ring with TIRx's Pipeline (full and
empty "mbar" barriers) where the producer warp fills each stage with 16-byte
cp.async.cg copies and signals the full barrier with
cp.async.mbarrier.arrive.noinc.shared.b64 (one arrival per producer thread
once its copies land); the consumer warp waits on full, reduces its row and
arrives on empty. 3 stages, 8 tiles of (32, 4) float32."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool, Pipeline, PipelineState
import numpy as np

KT = 8
STAGES = 3


@T.function
def cp_mbar(A: T.Tensor((KT * 32, 4), "float32"), O: T.Tensor((KT, 32), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    lane = t % 32
    pool = SMEMPool()
    pipe = Pipeline(pool, STAGES, full="mbar", empty="mbar", init_full=32,
                    init_empty=32, empty_phase_offset=1)
    S = pool.alloc((STAGES * 32, 4), "float32", align=16)
    pool.commit()
    T.cuda.cta_sync()
    if t < 32:
        ps = PipelineState(STAGES, 0)
        for k in T.serial(KT):
            pipe.empty.wait(ps.stage, ps.phase)
            for s in T.unroll(STAGES):
                if ps.stage == s:
                    T.cuda.tile.apply(T.ptx["cp.async.cg.shared.global"],
                                      S[s * 32 + lane:s * 32 + lane + 1, 0:4],
                                      A[k * 32 + lane:k * 32 + lane + 1, 0:4], chunk_bytes=16)
            T.ptx.cp.async_.mbarrier.arrive.noinc.shared.b64(pipe.full.ptr_to([ps.stage]))
            ps.advance()
    else:
        cs = PipelineState(STAGES, 0)
        for k in T.serial(KT):
            pipe.full.wait(cs.stage, cs.phase)
            r = (lane + 3) % 32
            O[k, lane] = (S[cs.stage * 32 + r, 0] + S[cs.stage * 32 + r, 1]) * S[cs.stage * 32 + r, 2] - S[cs.stage * 32 + r, 3]
            pipe.empty.arrive(cs.stage)
            cs.advance()


def main():
    A = np.random.default_rng(4).integers(-64, 64, (KT, 32, 4)).astype(np.float32) * np.float32(0.25)
    R = np.roll(A, -3, axis=1)
    O = (R[..., 0] + R[..., 1]) * R[..., 2] - R[..., 3]
    return {"A": A.reshape(KT * 32, 4), "O": np.zeros((KT, 32), np.float32)}, {"O": O.astype(np.float32)}
