"""A remote_view's ptr_to: the peer CTA's barrier as a .shared::cluster
address (TIRx's mapped buffer), arrived on by an instruction of its own
(mbarrier.arrive.shared::cluster); CTA 0 arrives twice on CTA 1's barrier
(2 arrivals), once through arrive(remote=1) and once through the address,
CTA 1 once on CTA 0's; each then waits on its own barrier's phase 0."""
from tvm_tirx.script import tirx as T
from tvm_tirx.backend.cuda.lang import SMEMPool, MBarrier, PipelineState
import numpy as np


@T.function
def remote_mbarrier_ptr_to(O: T.Tensor((4, 32), "int32")):
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
            T.ptx.mbarrier.arrive.shared__cluster.b64(bar.remote_view(1).ptr_to([0]))
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
