"""TIRx's TMA pattern from Python: `T.cuda.tile.apply` of a tile-mode
tensor copy over a global region and a shared box. The programs of
tirx_programs/ (tma_tile_load, tma_swizzle_store, tma_3d_swizzle64) check
the values on the CPU backend (and on the GPU against TIRx's kernels); here
the checks, what reaches the kernel, and the map each launch encodes."""

import ctypes
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")

from tile_mlir import TileError  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

from test_frontend_checks import stub_runtime  # noqa: E402,F401

LOAD = ("cp.async.bulk.tensor.2d.shared::cluster.global.tile."
        "mbarrier::complete_tx::bytes")
STORE = "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group"


def kernel(rows=64, cols=64, dtype="float32", box=(16, 32), region=None,
           shared=None, layout=None, swizzle_buffer=None, opcode=LOAD,
           tx=None, **fields):
    """A one-block kernel that loads one box of A (or of `region(A)`) into
    shared memory (`shared(S)`, S the buffer) and writes it to B."""
    region = region or (lambda A: A[:, :])
    shared = shared or (lambda S: S[0:box[0], 0:box[1]])
    fields.setdefault("box", box)
    fields.setdefault("coords", (0, 0))
    sbuf = swizzle_buffer or (2 * box[0], box[1])

    @T.function
    def tma(A: T.Tensor((rows, cols), dtype), B: T.Tensor(box, dtype)):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        bar = T.alloc_shared((1,), "uint64")
        S = T.alloc_shared(sbuf, dtype, layout=layout or "default")
        if T.cuda.thread_idx("x") == 0:
            T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(
                bar.ptr_to([0]), T.uint32(tx or box[0] * box[1] * 4))
            if "mbar" not in fields and opcode == LOAD:
                fields["mbar"] = bar.ptr_to([0])
            T.cuda.tile.apply(T.ptx[opcode], shared(S), region(A), **fields)
        T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
        for i in range(box[0]):
            B[i, T.cuda.thread_idx("x")] = S[i, T.cuda.thread_idx("x")]
    return tma


def test_a_copy_takes_a_grid_constant_map_parameter():
    k = kernel()
    assert "%tmap" in k.mlir and "memref<128xi8> {tile.grid_constant}" \
        in k.mlir
    line = next(l for l in k.mlir.splitlines() if LOAD in l)
    # The shared box (512 f32), the map, the coordinates, the barrier.
    assert "memref<512xf32, strided<[1], offset: 0>, " \
        "#gpu.address_space<workgroup>>, memref<128xi8>, " \
        "memref<2xi32, #tile.reg>, memref<1xi64" in line
    ptx = k.ptx("sm_90")
    assert ".param .align 64 .b8 tma_param_14[128]" in ptx
    assert LOAD + " [" in ptx


def test_the_gpu_launch_encodes_the_map_of_the_region(stub_runtime):
    k = kernel(region=lambda A: A[8:40, 32:64])
    A = np.zeros((64, 64), np.float32)
    k(A, np.zeros((16, 32), np.float32), backend="cuda")
    calls = stub_runtime._lib.calls
    alloc = [a for n, a in calls if n == "tileRtAlloc"][0][1]._obj.value
    enc = [a for n, a in calls if n == "tileRtTensorMapEncodeTiled"]
    assert len(enc) == 1
    _, dtype, rank, addr, dims, strides, box, es, il, sw, l2, oob = enc[0]
    assert (dtype, rank, il, sw, l2, oob) == (7, 2, 0, 0, 0, 0)
    # The region's start, row 8 and column 32, of the device copy of A.
    assert addr == alloc + 4 * (8 * 64 + 32)
    # Innermost first: 32 columns, 32 rows; rows 256 bytes apart.
    assert list(dims)[:2] == [32, 32] and list(strides)[:1] == [256]
    assert list(box)[:2] == [32, 16] and list(es)[:2] == [1, 1]
    launch = [a for n, a in calls if n == "tileRtLaunch"][0]
    params = launch[-1]
    # Two 2-D descriptors (7 words each), then the map's 128 bytes.
    mapped = ctypes.cast(params[14], ctypes.POINTER(ctypes.c_uint8 * 128))
    assert len(bytes(mapped.contents)) == 128


def test_the_cpu_backend_runs_a_copy_of_a_region():
    k = kernel(region=lambda A: A[8:40, 32:64])
    A = np.arange(64 * 64, dtype=np.float32).reshape(64, 64)
    B = np.zeros((16, 32), np.float32)
    k(A, B, backend="cpu")
    assert np.array_equal(B, A[8:24, 32:64])


@pytest.mark.parametrize("fields, match", [
    (dict(box=(16, 32, 1)), "box has 3 entries; the instruction has 2"),
    (dict(box=(16, 512)), "1 to 256 elements per dimension"),
    (dict(coords=(0,)), "coords has one entry per dimension"),
    (dict(coord_steps=((1, 0),)), "coord_steps has one coordinate vector "
                                  "per leading .repeat. axis"),
    (dict(interleave=1), "interleaved TMA maps"),
    (dict(oob_fill=2), "oob_fill is 0 to 1"),
    (dict(swizzle=5), "swizzle is 0 .none."),
    (dict(cache_policy=T.uint64(0)), "unknown TMA fields .'cache_policy'."),
    (dict(format="float16"), "format 'float16' differs"),
])
def test_the_pattern_checks_its_fields(fields, match):
    with pytest.raises((TileError, TypeError, ValueError), match=match):
        kernel(**fields)


def test_a_copy_without_a_box_says_so():
    with pytest.raises(TypeError, match="box is a tuple of integers, got "
                                        "None"):
        @T.function
        def k(A: T.Tensor((64, 64), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            S = T.alloc_shared((16, 32), "float32")
            T.cuda.tile.apply(T.ptx[LOAD], S[:, :], A[:, :], coords=(0, 0))


def test_a_load_needs_its_barrier():
    with pytest.raises(TileError, match="needs mbar="):
        _no_mbar()


def _no_mbar():
    @T.function
    def k(A: T.Tensor((64, 64), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        S = T.alloc_shared((16, 32), "float32")
        T.cuda.tile.apply(T.ptx[LOAD], S[:, :], A[:, :], box=(16, 32),
                          coords=(0, 0))
    return k


def test_the_nan_fill_is_for_float_maps():
    with pytest.raises(ValueError, match="NaN fill .* floating-point maps, "
                                         "not uint32"):
        kernel(dtype="uint32", oob_fill=1)


def test_the_region_starts_where_the_host_knows():
    with pytest.raises(ValueError, match="starts at kernel values"):
        kernel(region=lambda A: A[T.cuda.block_idx("x"):
                                  T.cuda.block_idx("x") + 32, :])


def test_the_shared_box_is_the_copy_image():
    # A box that is not compact: 16 x 32 of a buffer with 64 columns.
    with pytest.raises(ValueError, match="puts box element .* the copy "
                                         "writes it at"):
        kernel(swizzle_buffer=(16, 64), shared=lambda S: S[0:16, 0:32])
    # A box whose start is not 128-byte aligned (one 16-byte row in).
    with pytest.raises(ValueError, match="not a multiple of 128 bytes"):
        kernel(cols=4, box=(16, 4), swizzle_buffer=(20, 4),
               shared=lambda S: S[1:17, :])
    # A swizzled copy into a row-major buffer.
    with pytest.raises(ValueError, match="declare the buffer with the "
                                         "copy's layout"):
        kernel(box=(8, 32), swizzle=3, swizzle_buffer=(8, 32),
               shared=lambda S: S[:, :])


def test_a_swizzle_needs_rows_within_its_span():
    with pytest.raises(ValueError, match="more than the 32B swizzle's 32"):
        kernel(swizzle=1)


def test_only_tile_mode_copies_by_one_thread():
    with pytest.raises(TileError, match="scope='thread'"):
        @T.function
        def k(A: T.Tensor((64, 64), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            S = T.alloc_shared((16, 32), "float32")
            T.cuda.tile.apply(T.ptx[LOAD], S[:, :], A[:, :], box=(16, 32),
                              coords=(0, 0), scope="warp")


def test_a_store_writes_its_parameter_back():
    @T.function
    def k(A: T.Tensor((16, 32), "float32"), C: T.Tensor((32, 32), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        S = T.alloc_shared((16, 32), "float32")
        t = T.cuda.thread_idx("x")
        for i in range(16):
            S[i, t] = A[i, t]
        T.ptx.fence.proxy.async_.shared__cta()
        T.cuda.cta_sync()
        if t == 0:
            T.cuda.tile.apply(T.ptx[STORE], C[:, :], S[:, :], box=(16, 32),
                              coords=(16, 0))
            T.ptx.cp.async_.bulk.commit_group()
            T.ptx.cp.async_.bulk.wait_group(0)
    A = np.random.default_rng(3).standard_normal((16, 32)).astype(np.float32)
    C = np.full((32, 32), 5, np.float32)
    k(A, C, backend="cpu")
    assert np.array_equal(C[16:], A) and (C[:16] == 5).all()


def test_the_cpu_encoder_refuses_what_the_driver_refuses():
    # Rows of 24 bytes: the driver takes strides in multiples of 16.
    k = kernel(rows=16, cols=6, box=(16, 4), region=lambda A: A[:, 0:4])
    with pytest.raises(ValueError, match="stride of dimension 1 is 24 "
                                         "bytes, not a multiple of 16"):
        k(np.zeros((16, 6), np.float32), np.zeros((16, 4), np.float32),
          backend="cpu")


def test_the_cpu_backend_says_what_it_does_not_model():
    # (16 x 32 sampled every second column: 16 x 16 elements arrive.)
    k = kernel(element_strides=(1, 2), box=(16, 32), swizzle_buffer=(16, 16),
               shared=lambda S: S[:, :], tx=16 * 16 * 4)
    with pytest.raises(ValueError, match="element strides other than 1 .* "
                                         "not modelled by the CPU backend"):
        k(np.zeros((64, 64), np.float32), np.zeros((16, 32), np.float32),
          backend="cpu")


def two_boxes(issue):
    """A kernel that loads two 16 x 32 boxes of A into S (2 x 16 x 32, one
    barrier for both) by `issue(S, A, bar)`, and writes S to B."""
    @T.function
    def k(A: T.Tensor((64, 32), "float32"),
          B: T.Tensor((2, 16, 32), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        bar = T.alloc_shared((1,), "uint64")
        S = T.alloc_shared((2, 16, 32), "float32")
        t = T.cuda.thread_idx("x")
        if t == 0:
            T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(1))
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(bar.ptr_to([0]),
                                                       T.uint32(2 * 2048))
            issue(S, A, bar)
        T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
        for i in range(2):
            for r in range(16):
                B[i, r, t] = S[i, r, t]
    return k


def run_two_boxes(k):
    A = np.arange(64 * 32, dtype=np.float32).reshape(64, 32)
    B = np.zeros((2, 16, 32), np.float32)
    k(A, B, backend="cpu")
    return A, B


def test_copies_of_one_map_share_its_parameter():
    def issue(S, A, bar):  # One map, two boxes.
        for i in range(2):
            T.cuda.tile.apply(T.ptx[LOAD], S[i], A[:, :], box=(16, 32),
                              coords=(16 * i, 0), mbar=bar.ptr_to([0]))
    k = two_boxes(issue)
    assert k.mlir.count(LOAD) == 2
    assert k.mlir.count("{tile.grid_constant}") == 1
    A, B = run_two_boxes(k)
    assert np.array_equal(B.reshape(32, 32), A[:32])


def test_coord_steps_repeat_the_copy_over_leading_axes():
    # TIRx's repeat axes: S's leading axis of 2, each box 16 rows further
    # down A (coord_steps), one tile.apply each.
    def issue(S, A, bar):
        T.cuda.tile.apply(T.ptx[LOAD], S[:, :, :], A[:, :], box=(16, 32),
                          coords=(8, 0), coord_steps=((16, 0),),
                          mbar=bar.ptr_to([0]))
    k = two_boxes(issue)
    assert k.mlir.count(LOAD) == 2
    A, B = run_two_boxes(k)
    assert np.array_equal(B[0], A[8:24]) and np.array_equal(B[1], A[24:40])
