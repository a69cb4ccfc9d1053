"""TIRx's CUDA helpers (`tile_mlir.backend.cuda.lang`): the mbarrier
helpers' errors and the instructions they issue. The programs
pipeline_mbar_ring, tmabar_tma_mainloop, pipeline_cp_async_mbar,
mbarrier_count_pred and pipeline_remote_mbarrier check their values."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tile_mlir import TileError  # noqa: E402
from tile_mlir.backend.cuda.lang import (MBarrier, Pipeline,  # noqa: E402
                                         PipelineState, SMEMPool, TMABar)
from tile_mlir.script import tirx as T  # noqa: E402


def kernel(body):
    @T.function
    def k(A: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32,
                                                  cluster=2))
        body(SMEMPool())
    return k


def test_the_barriers_instructions():
    def body(pool):
        pipe = Pipeline(pool, 2, full="tma", empty="mbar", init_empty=4,
                        empty_phase_offset=1)
        pipe.full.arrive(1, tx_count=256)
        pipe.empty.arrive(0, count=2)
        pipe.empty.wait(1, 0)
        pipe.full.arrive(0, remote=1)
    mlir = kernel(body).mlir
    assert mlir.count('"mbarrier.init.shared.b64"') == 4  # unrolled
    assert '"mbarrier.arrive.expect_tx.shared.b64"' in mlir
    assert '"mbarrier.arrive.shared.b64"' in mlir
    assert '"mapa.shared::cluster.u64"' in mlir
    assert '"mbarrier.arrive.shared::cluster.b64"' in mlir
    # The empty side's wait is for phase 0 ^ 1.
    assert "mbarrier.try_wait.parity" in mlir


def test_barrier_errors():
    def tcgen05(pool):
        Pipeline(pool, 2, full="tma", empty="tcgen05")
    with pytest.raises(TileError, match="TCGen05Bar: tcgen05 is sm_100's"):
        kernel(tcgen05)

    def unknown(pool):
        Pipeline(pool, 2, full="tma", empty="barrier")
    with pytest.raises(TileError, match="Pipeline barrier kind 'barrier': "
                       "one of 'mbar', 'tma', 'tcgen05'"):
        kernel(unknown)

    def remote_wait(pool):
        MBarrier(pool, 1).remote_view(1).wait(0, 0)
    with pytest.raises(TileError, match=r"MBarrier.remote_view\(\): a "
                       "remote CTA's barriers cannot be waited on"):
        kernel(remote_wait)

    def remote_twice(pool):
        TMABar(pool, 1).remote_view(1).arrive(0, remote=0)
    with pytest.raises(TileError, match=r"TMABar.remote_view\(\).arrive\(\) "
                       "takes no remote="):
        kernel(remote_twice)


def test_a_pipeline_state_of_one_stage_flips_its_phase():
    np = pytest.importorskip("numpy")

    @T.function
    def k(O: T.Tensor((32, 2), "int32"), n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        t = T.cuda.thread_idx("x")
        one = PipelineState(1, 0)
        three = PipelineState(3, 1)
        for i in T.serial(n + t):
            one.advance()
            three.advance()
        O[t, 0] = one.stage * 10 + one.phase
        O[t, 1] = three.stage * 10 + three.phase
    import warnings
    from tile_mlir import TileWarning
    O = np.zeros((32, 2), np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(O=O, n=np.int32(2), backend="cpu")
    steps = np.arange(32) + 2
    assert np.array_equal(O[:, 0], steps % 2)
    assert np.array_equal(O[:, 1], (steps % 3) * 10 + (1 ^ (steps // 3) % 2))
