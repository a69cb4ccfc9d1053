"""TIRx's MBarrier arrivals on the peer CTA of a cluster of two: CTA 0's
thread 0 arrives twice on CTA 1's barrier (initialized to 2 arrivals),
CTA 1's once on CTA 0's (1 arrival); each CTA then waits on its own
barrier's phase 0 (arrivals that stayed local would leave CTA 1 waiting
for ever). Also a remote_view's arrive and a PipelineState of one stage."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool, MBarrier, PipelineState
import numpy as np


@T.function
def pipeline_remote_mbarrier(O: T.Tensor((4, 32), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=32, cluster=2))
    t = T.cuda.thread_idx("x")
    b = T.cuda.block_idx("x")
    rank = b % 2
    pool = SMEMPool()
    bar = MBarrier(pool, 1)
    bar.init(1 + rank)
    pool.commit()
    T.ptx.fence.mbarrier_init.release.cluster()
    T.cuda.cluster_sync()
    if t == 0:
        if rank == 0:
            bar.arrive(0, remote=1)
            bar.remote_view(1).arrive(0)
        else:
            bar.arrive(0, remote=0)
    bar.wait(0, 0)
    ps = PipelineState(1, 0)
    ps.advance()
    ps.advance()
    ps.advance()
    O[b, t] = rank * 100 + ps.phase * 10 + ps.stage
    T.cuda.cluster_sync()


def main():
    O = np.zeros((4, 32), np.int32)
    O[1::2] = 100
    O += 10
    return {"O": np.zeros((4, 32), np.int32)}, {"O": O}
