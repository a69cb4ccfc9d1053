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
    with pytest.raises(TileError, match="TCGen05Bar: tcgen05 instructions "
                       "are not supported \\(the instruction table has "
                       "none\\)"):
        kernel(tcgen05)

    def tcgen05_tiles(pool):
        pool.alloc_tcgen05_mma_AB((128, 64), "float16")
    with pytest.raises(TileError, match="SMEMPool.alloc_tcgen05_mma_AB: "
                       "tcgen05 instructions are not supported"):
        kernel(tcgen05_tiles)

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


def _schedule(make, tiles, clusters=3, **launch):
    """Each of `clusters` CTAs walks its scheduler (made by `make`, given
    the CTA's index) and records, per tile, how often it came and at which
    work item."""
    np = pytest.importorskip("numpy")
    import warnings
    from tile_mlir import TileWarning
    rows, cols = tiles

    @T.function
    def k(C: T.Tensor((rows, cols), "int32"),
          W: T.Tensor((rows, cols), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=clusters, block=1))
        s = make()
        s.init(T.cuda.block_idx("x"))
        while s.valid():
            T.cuda.atomic_add(T.address_of(C[s.m_idx, s.n_idx]), 1)
            W[s.m_idx, s.n_idx] = s.linear_idx
            s.next_tile()
    C = np.zeros(tiles, np.int32)
    W = np.full(tiles, -1, np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(C=C, W=W, backend="cpu")
    return C, W


def test_the_persistent_schedulers_orders():
    np = pytest.importorskip("numpy")
    from tile_mlir.backend.cuda.lang import ClusterPersistentScheduler2D

    # Group-major, groups of 2 rows of a 5 x 3 grid (the last has one):
    # column-major inside a group.
    C, W = _schedule(lambda: ClusterPersistentScheduler2D(
        "s", 5, 3, 3, l2_group_size=2), (5, 3))
    assert (C == 1).all()
    want = np.array([[0, 2, 4], [1, 3, 5], [6, 8, 10], [7, 9, 11],
                     [12, 13, 14]])
    assert np.array_equal(W, want)

    # Serpentine blocks of 2 x 2 over a 5 x 5 grid: four full blocks
    # (down the first column of blocks, up the second), the right strip
    # (column 4, row-major), then the bottom strip (row 4, columns 0-3),
    # which TIRx 0.1.0a4 never visits.
    C, W = _schedule(lambda: ClusterPersistentScheduler2D(
        "s", 5, 5, 3, l2_group_size=2, serpentine=True), (5, 5))
    assert (C == 1).all()
    want = np.array([[0, 1, 12, 13, 16], [2, 3, 14, 15, 17],
                     [4, 5, 8, 9, 18], [6, 7, 10, 11, 19],
                     [21, 22, 23, 24, 20]])
    want[4, :4] = [21, 22, 23, 24]
    assert np.array_equal(W, want)


def test_the_attention_schedulers_orders():
    np = pytest.importorskip("numpy")
    from tile_mlir.backend.cuda.lang import (FlashAttentionLinearScheduler,
                                             FlashAttentionLPTScheduler)

    class Cells:
        """A scheduler whose tile is (batch * heads + head, m_block)."""

        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, name):
            return getattr(self.inner, name)

        @property
        def m_idx(self):
            return self.inner.batch_idx * 3 + self.inner.head_idx

        @property
        def n_idx(self):
            return self.inner.m_block_idx
    C, W = _schedule(lambda: Cells(FlashAttentionLinearScheduler(
        "s", 2, 3, 4, 3)), (6, 4))
    assert (C == 1).all()
    assert np.array_equal(W, np.arange(24).reshape(6, 4))
    # LPT with pairs in groups of 4 (the last of 2): m_block outer and
    # reversed inside a group.
    C, W = _schedule(lambda: Cells(FlashAttentionLPTScheduler(
        "s", 2, 3, 4, 4, num_ctas=3)), (6, 4))
    assert (C == 1).all()
    want = np.zeros((6, 4), np.int64)
    for w in range(24):
        group, at = divmod(w, 16)
        width = 4 if group < 1 else 2
        want[group * 4 + at % width, 3 - at // width] = w
    assert np.array_equal(W, want)
