"""TIRx's Pipeline (full="mbar", empty="mbar") + PipelineState over an
SMEMPool ring of 2 stages: warp 0 produces 6 tiles into the ring, warp 1
consumes them, full/empty barriers with 32 arrivals each and the empty
side's phase offset 1 (first producer wait passes), as TIRx's warp-specialized
kernels do."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool, Pipeline, PipelineState
import numpy as np

K = 6
STAGES = 2


@T.function
def pipe_ring(A: T.Tensor((K, 32), "int32"), B: T.Tensor((K, 32), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
    t = T.cuda.thread_idx("x")
    w = t // 32
    lane = t % 32
    pool = SMEMPool()
    pipe = Pipeline(pool, STAGES, full="mbar", empty="mbar", init_full=32,
                    init_empty=32, empty_phase_offset=1)
    buf = pool.alloc((STAGES, 32), "int32", align=16)
    pool.commit()
    T.cuda.cta_sync()
    if w == 0:
        ps = PipelineState(STAGES, 0)
        for k in T.serial(K):
            pipe.empty.wait(ps.stage, ps.phase)
            buf[ps.stage, lane] = A[k, lane] * 3 + k
            pipe.full.arrive(ps.stage)
            ps.advance()
    else:
        cs = PipelineState(STAGES, 0)
        for k in T.serial(K):
            pipe.full.wait(cs.stage, cs.phase)
            B[k, lane] = buf[cs.stage, (lane + 1) % 32] - cs.stage * 1000
            pipe.empty.arrive(cs.stage)
            cs.advance()


def main():
    A = np.random.default_rng(11).integers(-500, 500, (K, 32)).astype(np.int32)
    B = np.zeros((K, 32), np.int32)
    for k in range(K):
        B[k] = np.roll(A[k] * 3 + k, -1) - (k % STAGES) * 1000
    return {"A": A, "B": np.zeros_like(B)}, {"B": B}
