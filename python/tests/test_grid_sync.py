"""Cooperative launches and T.cuda.grid_sync from Python, as TIRx users
write them. tirx_programs/grid_sync.py checks the values against TIRx's
kernel on the GPU; here the checks and what reaches the backends."""

import ctypes
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")

from tile_mlir import TileError  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

from test_frontend_checks import stub_runtime  # noqa: E402,F401


def rotate(grid=4, cooperative=True):
    """Each block writes its id, the grid meets, each reads the next
    block's."""
    @T.function
    def rotate_blocks(A: T.Tensor((8,), "int32"), B: T.Tensor((8,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(
            grid=grid, block=32, cooperative=cooperative))
        b = T.cuda.block_idx("x")
        n = T.cuda.grid_dim("x")
        if T.cuda.thread_idx("x") == 0:
            A[b] = b + 10
        T.cuda.grid_sync()
        if T.cuda.thread_idx("x") == 0:
            B[b] = A[(b + 1) % n]
    return rotate_blocks


def test_the_grid_meets_on_the_cpu_backend():
    A, B = np.zeros(8, np.int32), np.zeros(8, np.int32)
    rotate()(A, B, backend="cpu")
    assert B.tolist() == [11, 12, 13, 10, 0, 0, 0, 0]
    # Another grid at the call: the CPU backend lays its blocks out again.
    B[:] = 0
    rotate()[6](A, B, backend="cpu")
    assert B.tolist() == [11, 12, 13, 14, 15, 10, 0, 0]


def test_the_grid_is_a_constant_of_the_cpu_module():
    k = rotate()
    mlir = k._cpu_module([], grid=(4, 1, 1))
    assert "%g0 = arith.constant 4 : index" in mlir
    assert "blocks in (%g0, %g1, %g2)" in mlir
    assert "tile.grid_sync" in k.mlir


def test_grid_sync_needs_a_cooperative_launch():
    with pytest.raises(TileError, match=r"T.cuda.grid_sync\(\) needs a "
                                        r"cooperative launch .*cooperative="
                                        r"True\) in T.device_entry"):
        rotate(cooperative=False)
    k = rotate()
    A, B = np.zeros(8, np.int32), np.zeros(8, np.int32)
    with pytest.raises(ValueError, match="rotate_blocks synchronizes its "
                                         "grid .*its launch must be "
                                         "cooperative"):
        k(A, B, backend="cpu", launch=T.cuda.LaunchConfig(grid=4, block=32))
    assert not B.any()


def test_cooperative_is_a_bool_and_shows_in_the_config():
    with pytest.raises(TypeError, match=r"cooperative=...\) is a bool, got "
                                        "'yes'"):
        T.cuda.LaunchConfig(grid=4, cooperative="yes")
    c = T.cuda.LaunchConfig(grid=4, block=32, cooperative=True)
    assert c.cooperative and "cooperative=True" in repr(c)
    assert not T.cuda.LaunchConfig(grid=4).cooperative


def test_the_cpu_backend_refuses_more_blocks_than_it_runs_together():
    with pytest.raises(TileError, match="with a grid of 1025 CTAs; the CPU "
                                        "backend runs 1 to 1024 CTAs "
                                        "together"):
        rotate()[1025](np.zeros(8, np.int32), np.zeros(8, np.int32),
                       backend="cpu")


def test_the_gpu_path_launches_cooperatively(stub_runtime):  # noqa: F811
    stub_runtime._lib.compute = False
    rotate()(np.zeros(8, np.int32), np.zeros(8, np.int32), backend="cuda")
    launches = [(n, a) for n, a in stub_runtime._lib.calls
                if n.startswith("tileRtLaunch")]
    assert [n for n, _ in launches] == ["tileRtLaunchCooperative"]
    _, cluster, grid, block, shared = launches[0][1][:5]
    assert cluster is None and shared == 0
    dims = ctypes.c_uint * 3
    assert list(ctypes.cast(grid, ctypes.POINTER(dims)).contents) == [4, 1, 1]
    assert list(ctypes.cast(block, ctypes.POINTER(dims)).contents) == \
        [32, 1, 1]
    # A cooperative launch of a kernel without grid_sync is one too.
    stub_runtime._lib.calls.clear()

    @T.function
    def plain(A: T.Tensor((8,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32,
                                                  cooperative=True))
        A[T.cuda.block_idx("x")] = 1
    plain(np.zeros(8, np.int32), backend="cuda")
    assert "tileRtLaunchCooperative" in stub_runtime._lib.names()


def test_the_ptx_has_the_grid_synchronization():
    ptx = rotate().ptx("sm_90")
    assert "mov.u32 %gs_r0, %envreg1;" in ptx
    assert "atom.add.release.gpu.u32" in ptx
    assert "ld.acquire.gpu.u32" in ptx


def _has_driver():
    from tile_mlir.runtime import CudaError, CudaRuntime
    try:
        CudaRuntime.get()
        return True
    except CudaError:
        return False


@pytest.mark.skipif(not _has_driver(), reason="needs a CUDA driver")
def test_cooperative_launches_on_the_gpu():
    """The grid meets on the GPU (every block reads the next one's value,
    twice over the workspace), and a grid larger than the device holds at
    once is the driver's error, with the count."""
    A, B = np.zeros(8, np.int32), np.zeros(8, np.int32)
    rotate(grid=8)(A, B, backend="cuda")
    assert B.tolist() == [11, 12, 13, 14, 15, 16, 17, 10]
    big = rotate(grid=8)
    from tile_mlir import CudaError
    with pytest.raises(CudaError, match="COOPERATIVE_LAUNCH_TOO_LARGE.*the "
                                        "grid's 1000000 CTAs are more than "
                                        "the device holds at once"):
        big[1000000](np.zeros(8, np.int32), np.zeros(8, np.int32),
                      backend="cuda")
