"""T.dynamic extents: the kernel is specialized for the values the
arguments' shapes give (traced and compiled once per values), `n` in the
body is that value, and extents that disagree are errors. Kernels run on
the CPU backend; the expected values are numpy's."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from tile_mlir import TileError  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

from _cpu import run  # noqa: E402

np = pytest.importorskip("numpy")

n = T.dynamic("n")
m = T.dynamic("m")


@T.function
def add_one(A: T.Tensor((n,), "int32"), B: T.Tensor((n,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=32))
    gid = T.cuda.block_idx("x") * 32 + T.cuda.thread_idx("x")
    if gid < n:
        B[gid] = A[gid] + n


@T.function
def rows(A: T.Tensor((m, 4), "float32"), B: T.Tensor((m,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    tx = T.cuda.thread_idx("x")
    if tx < m:
        B[tx] = A[tx, 0] + A[tx, 3]



@pytest.mark.parametrize("size", [1, 37, 100, 128])
def test_each_extent_gets_its_kernel(size):
    A = np.arange(size, dtype=np.int32)
    _, B = run(add_one, A, np.zeros(size, np.int32))
    assert np.array_equal(B, A + size)


def test_specializations_are_kept_per_value():
    assert add_one.specialize(n=5) is add_one.specialize(n=5)
    assert add_one.specialize(n=5) is not add_one.specialize(n=6)
    assert "memref<5xi32>" in add_one.specialize(n=5).mlir
    A = np.arange(8, dtype=np.float32).reshape(2, 4)
    _, B = run(rows, A, np.zeros(2, np.float32))
    assert np.array_equal(B, A[:, 0] + A[:, 3])


def test_errors():
    with pytest.raises(TileError, match=r"add_one has T.dynamic extents "
                       r"\(n\): .*add_one.specialize\(n=...\)"):
        add_one.mlir
    with pytest.raises(TileError, match=r"T.dynamic extent n is 4 in one "
                       r"argument and 5 in 'B'"):
        run(add_one, np.zeros(4, np.int32), np.zeros(5, np.int32))
    with pytest.raises(TileError, match=r"specialize takes the extents n, "
                       r"got m"):
        add_one.specialize(m=3)
    with pytest.raises(TileError, match=r"must have 2 dimensions"):
        run(rows, np.zeros(4, np.float32), np.zeros(4, np.float32))
