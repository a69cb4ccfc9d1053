"""TIRx's T.cuda.KernelAttributes: the PTX directives nvcc writes for
TIRx's __launch_bounds__, __maxnreg__ and __block_size__ (measured with
nvcc 13.0 on TIRx's CUDA), and TIRx's rules on combining them."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")

from tile_mlir.script import tirx as T  # noqa: E402


def kernel(**attrs):
    @T.function
    def ka(A: T.Tensor((64,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=(32, 2)),
                       kernel_attrs=T.cuda.KernelAttributes(**attrs))
        A[T.cuda.thread_idx("y") * 32 + T.cuda.thread_idx("x")] = 1
    return ka


def directives(k):
    return [line for line in k.ptx("sm_90").splitlines()
            if line.startswith((".maxntid", ".minnctapersm", ".maxclusterrank",
                                ".maxnreg", ".reqntid"))]


@pytest.mark.parametrize("attrs,want", [
    ({"min_blocks_per_sm": 2}, [".maxntid 64, 1, 1", ".minnctapersm 2"]),
    ({"min_blocks_per_sm": 2, "max_blocks_per_cluster": 4},
     [".maxntid 64, 1, 1", ".minnctapersm 2", ".maxclusterrank 4"]),
    ({"max_registers_per_thread": 40}, [".maxnreg 40"]),
    ({"required_block_size": True}, [".reqntid 32, 2, 1"]),
    ({}, []),
])
def test_the_attributes_become_ptx_directives(attrs, want):
    k = kernel(**attrs)
    assert directives(k) == want
    a = np.zeros(64, np.int32)
    k(a, backend="cpu")  # They change no result.
    assert a.sum() == 64


def test_tirx_rules_on_combining_them():
    with pytest.raises(ValueError, match="max_blocks_per_cluster requires "
                                         "min_blocks_per_sm"):
        T.cuda.KernelAttributes(max_blocks_per_cluster=2)
    with pytest.raises(ValueError, match="excludes launch bounds"):
        T.cuda.KernelAttributes(max_registers_per_thread=64,
                                min_blocks_per_sm=1)
    with pytest.raises(ValueError, match="excludes launch bounds"):
        T.cuda.KernelAttributes(max_registers_per_thread=64,
                                required_block_size=True)
    with pytest.raises(ValueError, match="is a positive int, got 0"):
        T.cuda.KernelAttributes(min_blocks_per_sm=0)
    with pytest.raises(TypeError, match="is a bool, got 1"):
        T.cuda.KernelAttributes(required_block_size=1)
    with pytest.raises(TypeError, match="takes a T.cuda.KernelAttributes"):
        @T.function
        def k(A: T.Tensor((64,), "int32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64),
                           kernel_attrs={"min_blocks_per_sm": 2})


def test_a_call_keeps_the_block_the_attributes_name():
    k = kernel(required_block_size=True)
    a = np.zeros(64, np.int32)
    with pytest.raises(ValueError, match=r"traced for blocks of \(32, 2, 1\) "
                                         r"\(its kernel attributes name "
                                         r"them\); it cannot run with"):
        k(a, backend="cpu", launch=T.cuda.LaunchConfig(grid=2, block=64))
    assert not a.any()
    # Without such attributes, another block is another launch.
    kernel(max_registers_per_thread=64)(
        a, backend="cpu", launch=T.cuda.LaunchConfig(grid=1, block=(32, 2)))
    assert a.sum() == 64
