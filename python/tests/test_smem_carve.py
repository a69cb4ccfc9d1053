"""Shared storage carved into tensors of other dtypes: T.decl_tensor over a
shared buffer's .data (or T.ptr_byte_offset of it), and TIRx's SMEMPool
over the dynamic shared memory. The programs smem_pool_mixed,
smem_carve_static and smem_pool_tma check values (on the CPU backend, and
on the GPU against TIRx's kernels); here the byte accounting and the
errors."""

import os
import sys
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")

from tile_mlir import TileError, TileWarning  # noqa: E402
from tile_mlir.backend.cuda.lang import SMEMPool  # noqa: E402
from tile_mlir.ir import PtrType  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402


def pool_kernel(body, dyn=None):
    """A one-warp kernel whose pool `body(pool, t, A, B)` builds."""
    @T.function
    def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(
            grid=1, block=32, dynamic_smem_bytes=dyn))
        body(SMEMPool(), T.cuda.thread_idx("x"), A, B)
    return k


def run(k, A=None):
    A = np.arange(32, dtype=np.float32) - 7 if A is None else A
    B = np.zeros(32, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(A=A, B=B, backend="cpu")
    return A, B


def test_the_pool_takes_its_high_water_mark_or_its_commit():
    def body(pool, t, A, B, size=None):
        pool.alloc((3,), "int8")
        s = pool.alloc((32,), "float32", align=16)  # bytes 16..143
        pool.move_base_to(64)
        pool.alloc((2,), "float64")  # bytes 64..79, inside s: allowed
        pool.commit(size)
        s[t] = A[t] * T.float32(3)
        T.cuda.cta_sync()
        B[t] = s[31 - t]
    k = pool_kernel(body)
    assert k._shared_bytes() == 144
    assert k.mlir.count("memref.view") == 4  # the buffer and three tensors
    A, B = run(k)
    np.testing.assert_array_equal(B, (A * 3)[::-1])
    big = pool_kernel(lambda *a: body(*a, size=4096))
    assert big._shared_bytes() == 4096
    with pytest.raises(TileError, match=r"SMEMPool.commit\(100\): the "
                       "pool's tensors reach byte 144"):
        pool_kernel(lambda *a: body(*a, size=100))
    with pytest.raises(TileError, match="takes 144 bytes, more than the "
                       "launch's dynamic_smem_bytes=128"):
        run(pool_kernel(body, dyn=128))


def test_an_element_offset_within_16_bytes_is_the_views():
    """A tensor 4 bytes past a 16-byte boundary: scalar accesses work, and
    the verifier sees the offset that makes a 16-byte access misaligned
    (a static one; a dynamic offset is the program's promise, as for any
    buffer)."""
    def scalar(pool, t, A, B):
        pool.alloc((1,), "float32")
        s = pool.alloc((32,), "float32")
        s[t] = A[t]
        T.cuda.cta_sync()
        B[t] = s[(t + 1) % 32]
    A, B = run(pool_kernel(scalar))
    np.testing.assert_array_equal(B, np.roll(A, -1))

    def vector(pool, t, A, B):
        pool.alloc((1,), "float32")
        s = pool.alloc((8, 4), "float32")
        r = T.alloc_local((4,), "float32")
        T.cuda.tile.apply(T.ptx["ld.shared.v4.b32"], r, s.sub[2, :])
    with pytest.raises(TileError, match="16-byte vector access must be "
                       "16-byte aligned"):
        pool_kernel(vector).ptx()


def test_carving_a_static_buffer():
    def kernel(offset, shape=(16,), dtype="int16"):
        @T.function
        def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            buf = T.alloc_shared((16,), "float32")
            v = T.decl_tensor(T.ptr_byte_offset(
                buf.data, offset, ty=PtrType(dtype, "shared")),
                ty_args=[T.Tensor(shape, dtype, scope="shared")])
            # A carve of the carve: 2 bytes further.
            w = T.decl_tensor(T.ptr_byte_offset(
                v.data, 2, ty=PtrType("uint8", "shared")),
                ty_args=[T.Tensor((2,), "uint8", scope="shared")])
            if T.cuda.thread_idx("x") == 0:
                buf[0] = T.float32(0)
                w[0] = T.uint8(0x80)
                w[1] = T.uint8(0x3f)
            T.cuda.cta_sync()
            B[T.cuda.thread_idx("x")] = buf[offset // 4]
        return k
    A, B = run(kernel(0))
    np.testing.assert_array_equal(B, np.ones(32, np.float32) * 0 +
                                  np.uint32(0x3f800000).view(np.float32))
    assert "xi8, #gpu.address_space<workgroup>> {llvm.align = 16" in \
        kernel(0).mlir
    with pytest.raises(TileError, match="int16 at byte 3 of smem.*not a "
                       "multiple of its 2-byte elements"):
        kernel(3)
    with pytest.raises(TileError, match=r"ends at byte 68, past its 64"):
        kernel(36)
    with pytest.raises(TileError, match="byte offset into shared storage "
                       "must be a non-negative Python integer"):
        kernel(-4)


def test_carving_errors():
    def trace(body):
        @T.function
        def k(A: T.Tensor((32,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            body(A)
        return k
    with pytest.raises(TileError, match="T.ptr_byte_offset takes a shared "
                       "or global tensor's .data"):
        trace(lambda A: T.ptr_byte_offset(
            T.alloc_local((4,), "float32").data, 0))
    with pytest.raises(TileError, match="a byte offset is an integer"):
        trace(lambda A: T.ptr_byte_offset(
            T.alloc_shared((4,), "float32").data,
            T.cast(T.cuda.thread_idx("x"), "float32")))
    with pytest.raises(TileError, match="non-negative Python integer"):
        trace(lambda A: T.ptr_byte_offset(A.data, -4))
    with pytest.raises(TileError, match="byte 2 is not a multiple of its "
                       "4-byte elements"):
        trace(lambda A: T.decl_tensor(T.ptr_byte_offset(A.data, 2),
                                      ty_args=[T.Tensor((4,), "float32")]))
    with pytest.raises(TileError, match="run-time offset where it is a dense "
                       "uint8 or int8 tensor"):
        trace(lambda A: T.decl_tensor(T.ptr_byte_offset(
            A.data, T.cuda.thread_idx("x") * 4, ty=PtrType("int32")),
            ty_args=[T.Tensor((4,), "int32")]))
    with pytest.raises(TileError, match="T.decl_tensor of float32 at a "
                       "int32 pointer"):
        trace(lambda A: T.decl_tensor(T.ptr_byte_offset(
            T.alloc_shared((4,), "float32").data, 0,
            ty=PtrType("int32", "shared")),
            ty_args=[T.Tensor((4,), "float32", scope="shared")]))
    with pytest.raises(TileError, match="already has a shared.dyn buffer"):
        trace(lambda A: (T.alloc_shared((4,), "float32", scope="shared.dyn"),
                         SMEMPool()))
    with pytest.raises(TileError, match="decl_tensor of float16 over "
                       "float32 global data: a dense uint8 or int8 tensor's"):
        trace(lambda A: T.decl_tensor(
            A.data, ty_args=[T.Tensor((4,), "float16")]))


def test_a_tma_box_in_the_pool_is_128_byte_aligned():
    LOAD = ("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
            "mbarrier::complete_tx::bytes")

    def kernel(align):
        @T.function
        def k(A: T.Tensor((8, 32), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            pool = SMEMPool()
            bar = pool.alloc((1,), "uint64")
            S = pool.alloc((4, 32), "float32", align=align)
            if T.cuda.thread_idx("x") == 0:
                T.cuda.tile.apply(T.ptx[LOAD], S[:, :], A[0:8, :],
                                  box=(4, 32), coords=(0, 0),
                                  mbar=bar.ptr_to([0]))
        return k
    assert "memref.view" in kernel(128).mlir
    with pytest.raises(TileError, match="a TMA copy's shared box needs 128-byte "
                       "alignment; its tensor starts 16 bytes into smem"):
        kernel(16)


def test_the_pool_asks_its_alignment_of_the_dynamic_shared_memory():
    """A pool's `align` (TIRx's 1024 for a 128-byte swizzled TMA box) is
    asked of the dynamic shared memory: PTX `.extern .shared .align 1024`
    (the CPU backend aligns every buffer to 1024 bytes). More than 1024
    the GPU does not give: an error."""
    def kernel(align):
        @T.function
        def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            pool = SMEMPool()
            pool.alloc((3,), "int8")
            S = pool.alloc((32,), "float32", align=align)
            t = T.cuda.thread_idx("x")
            S[t] = A[t]
            T.cuda.cta_sync()
            B[t] = S[31 - t]
        return k
    k = kernel(1024)
    assert "tile.dynamic_shared_align = 1024 : i64" in k.mlir
    assert ".extern .shared .align 1024 .b8" in k.ptx()
    A, B = run(k)
    np.testing.assert_array_equal(B, A[::-1])
    assert "tile.dynamic_shared_align" not in kernel(16).mlir
    with pytest.raises(TileError, match=r"SMEMPool.alloc\(align=2048\) in "
                       "the shared.dyn buffer needs 2048-byte alignment: the "
                       "dynamic shared memory is aligned to 1024 bytes at "
                       "most"):
        kernel(2048)


def test_a_pool_over_a_static_buffer():
    """SMEMPool(buf.data) allocates in that buffer: no dynamic shared
    memory, commit is TIRx's no-op, and a tensor past its end is an
    error."""
    def kernel(n):
        @T.function
        def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            t = T.cuda.thread_idx("x")
            buf = T.alloc_shared((48,), "float32")
            pool = SMEMPool(buf.data)
            h = pool.alloc((n,), "float16")
            s = pool.alloc((32,), "float32", align=16)
            pool.commit()
            h[t] = T.float16(A[t])
            s[t] = A[t] + T.float32(1)
            T.cuda.cta_sync()
            B[t] = T.float32(h[31 - t]) + s[t]
        return k
    k = kernel(32)
    assert k._shared_bytes() == 0
    A, B = run(k)
    np.testing.assert_array_equal(B, A[::-1] + A + 1)
    with pytest.raises(TileError, match="float32 at byte 80 of smem.*ends "
                       "at byte 208, past its 192"):
        kernel(40)


def test_a_run_time_byte_offset():
    """T.ptr_byte_offset at a kernel value (a stage of a ring in a long
    loop): shared storage carved as another dtype at an element offset
    computed at run time, a global byte tensor's memref.view at that byte;
    an offset that is not a whole element traps, as the GPU faults."""
    def kernel(extra):
        @T.function
        def k(A: T.Tensor((64,), "uint8"), B: T.Tensor((32,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            t = T.cuda.thread_idx("x")
            pool = T.alloc_shared((128,), "uint8")
            stage = T.decl_tensor(T.ptr_byte_offset(
                pool.data, (t % 2) * 64 + extra, ty=PtrType("int32", "shared")),
                ty_args=[T.Tensor((16,), "int32", scope="shared")])
            word = T.decl_tensor(T.ptr_byte_offset(
                A.data, (t % 16) * 4 + extra, ty=PtrType("float32")),
                ty_args=[T.Tensor((1,), "float32")])
            stage[t // 2] = t
            T.cuda.cta_sync()
            B[t] = T.cast(stage[t // 2], "float32") + word[0]
        return k
    a = np.arange(16, dtype=np.float32) * 0.5
    _, B = run(kernel(0), a.view(np.uint8))
    t = np.arange(32)
    np.testing.assert_array_equal(B, t.astype(np.float32) + a[t % 16])
    assert "memref.view" in kernel(0).mlir
    with pytest.raises(TileError, match="'trap': aborted the kernel"):
        run(kernel(2), a.view(np.uint8))


def test_a_tma_box_at_a_run_time_offset_must_be_provably_aligned():
    """A TMA box at a kernel-valued byte offset: accepted where the offset
    is a multiple of the alignment times kernel values (`stage * 512`),
    refused where it is not provably one."""
    LOAD = ("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
            "mbarrier::complete_tx::bytes")

    def kernel(stride):
        @T.function
        def k(A: T.Tensor((8, 32), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            bar = T.alloc_shared((1,), "uint64")
            buf = T.alloc_shared((1024,), "uint8", align=128)
            t = T.cuda.thread_idx("x")
            S = T.decl_tensor(T.ptr_byte_offset(
                buf.data, (t % 2) * stride, ty=PtrType("float32", "shared")),
                ty_args=[T.Tensor((4, 32), "float32", scope="shared")])
            if t == 0:
                T.cuda.tile.apply(T.ptx[LOAD], S[:, :], A[0:4, :],
                                  box=(4, 32), coords=(0, 0),
                                  mbar=bar.ptr_to([0]))
        return k
    assert "memref.view" in kernel(512).mlir
    with pytest.raises(TileError, match="not a multiple of 128 bytes"):
        kernel(64)


def test_run_time_offsets_where_they_do_not_apply():
    """A kernel-valued element offset names no registers, an offset is an
    integer, the SMEMPool's memory has no size of its own to carve at a
    run-time offset."""
    def trace(body):
        @T.function
        def k(A: T.Tensor((8, 8), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            body(A, T.cuda.thread_idx("x"))
        return k
    with pytest.raises(TileError, match="T.decl_tensor of registers at a "
                       "run-time element offset"):
        trace(lambda A, t: T.decl_tensor(
            T.alloc_local((8,), "float32").data, ty_args=[T.Tensor(
                (4,), "float32", scope="local",
                layout=T.TileLayout(T.S[4:1] + t))]))
    with pytest.raises(TileError, match="an element offset is an integer"):
        trace(lambda A, t: T.S[4:1] + T.cast(t, "float32"))
    with pytest.raises(TileError, match="the SMEMPool's memory has no size "
                       "of its own"):
        trace(lambda A, t: T.decl_tensor(T.ptr_byte_offset(
            SMEMPool().ptr, t * 4, ty=PtrType("int32", "shared.dyn")),
            ty_args=[T.Tensor((4,), "int32", scope="shared.dyn")]))
