"""wgmma from Python as TIRx users write it: descriptors built by hand from
T.cuda.cvta_generic_to_shared addresses, the accumulator as elements of a
local tensor. tirx_programs/wgmma_desc_ss checks the values (on the CPU
backend, and on the GPU against TIRx's kernel); here the address's value,
the chip the kernel needs, and the accumulator kept in place."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")

from tile_mlir import TileError  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

MMA = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16"


def test_a_shared_address_is_a_number_in_arithmetic():
    @T.function
    def k(Out: T.Tensor((4,), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        S = T.alloc_shared((64,), "float32")
        a0 = T.cuda.cvta_generic_to_shared(S.ptr_to([0]))
        a5 = T.cuda.cvta_generic_to_shared(S.ptr_to([5]))
        Out[0] = T.cast(a5, "uint32") - T.cast(a0, "uint32")
        Out[1] = a0 & 15  # A buffer starts at least 16-byte aligned.
        Out[2] = (a5 >> 2) - (a0 >> 2)
        Out[3] = a5 - a0  # The distance, as before.
    assert "memref.extract_aligned_pointer_as_index" in k.mlir
    out = np.zeros(4, np.uint32)
    k(out, backend="cpu")
    assert out.tolist() == [20, 0, 5, 20]


def accumulate(order=(0, 1, 2, 3), column=None):
    @T.function
    def k(D: T.Tensor((128, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
        S = T.alloc_shared((1024,), "float16")
        if column is None:
            acc = T.alloc_local((4,), "float32")
        else:  # acc[i, column]: every second register of a (4, 2) tile.
            acc = T.alloc_local((4, 2), "float32").sub[:, column]
        for i in range(4):
            acc[i] = T.float32(0)
        d = T.cast((T.cuda.cvta_generic_to_shared(S.ptr_to([0])) >> 4)
                   & 0x3FFF, "uint64") | T.uint64(8 << 16) | \
            T.uint64(16 << 32)
        T.ptx.wgmma.fence.sync.aligned()
        T.ptx.wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16(
            acc[order[0]], acc[order[1]], acc[order[2]], acc[order[3]], d, d,
            T.bool(False), 1, 1, 0, 0)
        T.ptx.wgmma.commit_group.sync.aligned()
        T.ptx.wgmma.wait_group.sync.aligned(0)
        for i in range(4):
            D[T.cuda.thread_idx("x"), i] = acc[i]
    return k


def test_a_wgmma_kernel_is_compiled_for_the_arch_specific_chip():
    k = accumulate()
    assert ".target sm_90a" in k.ptx("sm_90")
    with pytest.raises(TileError, match="uses instructions of sm_90a only; "
                                        "it cannot be compiled for sm_80"):
        k.module("sm_80")


def test_the_accumulator_is_the_tensor_itself():
    line = next(l for l in accumulate().mlir.splitlines() if MMA in l)
    # The four elements as the warpgroup's tile over acc, no copies.
    assert "memref<4x32x4xf32, strided<[0, 0, 1], offset: 0>, #tile.reg>" \
        in line
    # Every second register (acc[i, 1] of a (4, 2) tile): in place, with
    # its stride (tirx_programs/wgmma_acc2d_inner checks the values).
    line = next(l for l in accumulate(column=1).mlir.splitlines()
                if MMA in l)
    assert "memref<4x32x4xf32, strided<[0, 0, 2], offset: 1>, #tile.reg>" \
        in line
    # Elements out of order cannot be the accumulator in place, and a copy
    # out would read them while the wgmma is in flight: an error.
    with pytest.raises(TileError, match="operand 'd' of wgmma.mma_async."
                       "sync.aligned.m64n8k16.f32.f16.f16: its 4 registers "
                       "are elements of one float32 register tile, each one "
                       "stride after the last"):
        accumulate(order=(1, 0, 2, 3))


def test_align_aligns_a_shared_buffer():
    @T.function
    def k(Out: T.Tensor((1,), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        S0 = T.alloc_shared((3,), "uint32")
        S1 = T.alloc_shared((256,), "uint32", align=1024)
        S0[0] = T.uint32(1)
        Out[0] = T.cuda.cvta_generic_to_shared(S1.ptr_to([0])) & 1023
    assert "{llvm.align = 1024 : i64}" in k.mlir
    out = np.full(1, 99, np.uint32)
    k(out, backend="cpu")
    assert out.tolist() == [0]
    with pytest.raises(ValueError, match="power of two, got 48"):
        @T.function
        def bad(Out: T.Tensor((1,), "uint32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
            T.alloc_shared((4,), "uint32", align=48)


def test_tirx_descriptor_encoder_with_constant_fields():
    """T.cuda.wgmma_encode_matrix_descriptor with Python ints: the fields
    keep their low 14 bits, a swizzle outside 0..3 leaves the layout 0
    (tirx_programs/wgmma_desc_encode takes kernel values)."""
    @T.function
    def k(Out: T.Tensor((3,), "uint64")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        S = T.alloc_shared((1024,), "float16", align=1024)
        d = T.alloc_local((1,), "uint64")
        T.cuda.wgmma_encode_matrix_descriptor(T.address_of(d[0]),
                                              S.ptr_to([64]), 1, 16384 + 5, 3)
        Out[0] = d[0]
        T.cuda.wgmma.encode_matrix_descriptor(T.address_of(d[0]),
                                              S.ptr_to([0]), 2, 8, 2)
        Out[1] = d[0]
        T.cuda.wgmma.encode_matrix_descriptor(T.address_of(d[0]),
                                              S.ptr_to([8]), 0, 0, 5)
        T.cuda.wgmma.noop_barrier(d[0])
        Out[2] = d[0]
    out = np.zeros(3, np.uint64)
    k(out, backend="cpu")
    # S is at shared address 0x400 (the window's reserved 1 KiB first), so
    # 128 bytes in is start (0x400 + 128) / 16 = 72; 128B swizzle: layout
    # 1; 64B: layout 2.
    assert [hex(int(v)) for v in out] == [
        hex(72 | 1 << 16 | 5 << 32 | 1 << 62),
        hex(64 | 2 << 16 | 8 << 32 | 2 << 62), hex(65)]


def test_the_descriptor_encoder_writes_a_local_uint64():
    with pytest.raises(TileError, match="writes a uint64 element of a local "
                                        "array"):
        @T.function
        def k(Out: T.Tensor((1,), "uint64")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
            S = T.alloc_shared((64,), "float16")
            T.cuda.wgmma_encode_matrix_descriptor(T.address_of(Out[0]),
                                                  S.ptr_to([0]), 1, 1, 0)
    with pytest.raises(TileError, match="T.cuda.cvta_generic_to_shared takes"
                                        " the address of an element of "
                                        "shared memory"):
        @T.function
        def k2(Out: T.Tensor((1,), "uint64")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
            d = T.alloc_local((1,), "uint64")
            T.cuda.wgmma_encode_matrix_descriptor(T.address_of(d[0]),
                                                  T.address_of(Out[0]), 1, 1,
                                                  0)


def test_smem_addr_from_uint64_is_the_low_word():
    @T.function
    def k(Out: T.Tensor((1,), "uint32"), V: T.Tensor((1,), "uint64")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        Out[0] = T.cuda.smem_addr_from_uint64(V[0])
    out = np.zeros(1, np.uint32)
    k(out, np.array([0x123456789ABCDEF0], np.uint64), backend="cpu")
    assert out[0] == 0x9ABCDEF0
    with pytest.raises(TileError, match="takes a 64-bit integer"):
        @T.function
        def k2(Out: T.Tensor((1,), "uint32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
            Out[0] = T.cuda.smem_addr_from_uint64(Out[0])


def test_a_local_address_is_no_memory_operand():
    with pytest.raises(TileError, match=r"takes T.address_of\(A\[i\]\) of a "
                                        "global or shared buffer"):
        @T.function
        def k(Out: T.Tensor((1,), "int32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
            d = T.alloc_local((1,), "int32")
            Out[0] = T.cuda.atomic_add(T.address_of(d[0]), 1)
