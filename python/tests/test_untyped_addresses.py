"""TIRx passes an instruction's memory as a raw address: `ld.shared.v4.b32`
of a bf16 tile's row, `st.global.v4.b32` to a bf16 output, as a CUDA
epilogue moves 16 bytes through a `uint4*`. The front-end views the same
bytes in the operand's type; these tests check the values on the CPU
backend (computed here with numpy's byte views) and the errors."""

import os
import sys
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")
ml_dtypes = pytest.importorskip("ml_dtypes")

from tile_mlir import TileError, TileWarning  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

BF16 = ml_dtypes.bfloat16


def run(k, **args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(**args, backend="cpu")


def bf16_rows(seed):
    return np.random.default_rng(seed).standard_normal((32, 8)).astype(BF16)


def test_ld_shared_v4_b32_of_a_bf16_row_at_a_lane_dependent_address():
    @T.function
    def k(X: T.Tensor((32, 8), "bfloat16"), O: T.Tensor((32, 4), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        S = T.alloc_shared((32, 8), "bfloat16", align=16)
        for j in T.unroll(8):
            S[lane, j] = X[lane, j]
        T.cuda.cta_sync()
        v = T.alloc_local((4,), "uint32")
        T.ptx.ld.shared.v4.b32(v[0], v[1], v[2], v[3],
                               T.cuda.cvta_generic_to_shared(
                                   S.ptr_to([(lane + 3) % 32, 0])))
        for j in T.unroll(4):
            O[lane, j] = v[j]
    X = bf16_rows(1)
    O = np.zeros((32, 4), np.uint32)
    run(k, X=X, O=O)
    want = np.roll(X.view(np.uint16), -3, axis=0).copy().view(np.uint32)
    np.testing.assert_array_equal(O, want)
    assert "ld.shared.v4.b32" in k.mlir and "xi32" in k.mlir


def test_st_global_v4_b32_into_a_bf16_tensor():
    @T.function
    def k(W: T.Tensor((32, 4), "uint32"), O: T.Tensor((32, 8), "bfloat16")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        T.ptx.st.global_.v4.b32(O.ptr_to([31 - lane, 0]), W[lane, 0],
                                W[lane, 1], W[lane, 2], W[lane, 3])
    W = np.random.default_rng(2).integers(0, 2**32, (32, 4),
                                          dtype=np.uint64).astype(np.uint32)
    O = np.zeros((32, 8), BF16)
    run(k, W=W, O=O)
    np.testing.assert_array_equal(O.view(np.uint16),
                                  W[::-1].copy().view(np.uint16))


def test_a_narrower_and_a_same_width_load_through_float32_elements():
    """ld.shared.b16 of a float32 element's low half (the offset scales
    up), and ld.shared.u32 of a float32 element (same width)."""
    @T.function
    def k(X: T.Tensor((32,), "float32"), H: T.Tensor((32,), "uint16"),
          U: T.Tensor((32,), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        S = T.alloc_shared((32,), "float32", align=16)
        S[lane] = X[lane]
        T.cuda.cta_sync()
        h = T.alloc_local((1,), "uint16")
        u = T.alloc_local((1,), "uint32")
        T.ptx.ld.shared.b16(h[0], S.ptr_to([31 - lane]))
        T.ptx.ld.shared.u32(u[0], S.ptr_to([lane]))
        H[lane] = h[0]
        U[lane] = u[0]
    X = np.random.default_rng(3).standard_normal(32).astype(np.float32)
    H, U = np.zeros(32, np.uint16), np.zeros(32, np.uint32)
    run(k, X=X, H=H, U=U)
    np.testing.assert_array_equal(H, X[::-1].copy().view(np.uint16)[0::2])
    np.testing.assert_array_equal(U, X.view(np.uint32))


def test_a_constant_address_inside_an_element_is_an_error():
    with pytest.raises(TileError, match=r"ld\.shared\.b32's b32 operand "
                       r"'a' at .*: byte 6 is not a multiple of its 4-byte "
                       r"elements"):
        @T.function
        def k(O: T.Tensor((32,), "uint32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            S = T.alloc_shared((64,), "bfloat16", align=16)
            v = T.alloc_local((1,), "uint32")
            T.ptx.ld.shared.b32(v[0], S.ptr_to([3]))
            O[T.cuda.lane_id()] = v[0]


def test_a_run_time_address_inside_an_element_traps():
    """An odd bf16 index: the address is not a 4-byte one. The GPU faults
    on it; the kernel traps on both backends rather than read elsewhere."""
    @T.function
    def k(O: T.Tensor((32,), "uint32"), i: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        S = T.alloc_shared((64,), "bfloat16", align=16)
        lane = T.cuda.lane_id()
        S[lane] = T.bfloat16(1)
        S[lane + 32] = T.bfloat16(2)
        T.cuda.cta_sync()
        v = T.alloc_local((1,), "uint32")
        T.ptx.ld.shared.b32(v[0], S.ptr_to([i]))
        O[lane] = v[0]
    O = np.zeros(32, np.uint32)
    run(k, O=O, i=32)
    assert (O == 0x40004000).all()
    assert "\"trap\"" in k.mlir
    with pytest.raises(TileError, match="'trap': aborted the kernel"):
        run(k, O=O, i=33)


def test_a_global_tensor_used_as_two_types_is_an_error():
    with pytest.raises(TileError, match="O is used both as bfloat16 and, "
                       "through a dtype view or an instruction's address, "
                       "as uint32"):
        @T.function
        def k(O: T.Tensor((32, 8), "bfloat16")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            lane = T.cuda.lane_id()
            O[lane, 7] = T.bfloat16(1)
            T.ptx.st.global_.b32(O.ptr_to([lane, 0]), T.uint32(0))


def test_a_global_blob_of_bytes_viewed_as_other_dtypes():
    """T.decl_tensor over T.ptr_byte_offset of a uint8 tensor's .data (TIRx's
    `(int*)((char*)B_ptr + 4)`): the blob's bytes as int32 and float16."""
    from tile_mlir.ir import PtrType

    @T.function
    def k(B: T.Tensor((40,), "uint8"), O: T.Tensor((8,), "int32"),
          H: T.Tensor((4,), "float16")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=8))
        t = T.cuda.thread_idx("x")
        v = T.decl_tensor(T.ptr_byte_offset(B.data, 4,
                                            ty=PtrType("int32", "global")),
                          ty_args=[T.Tensor((8,), "int32")])
        h = T.decl_tensor(T.ptr_byte_offset(B.data, 32,
                                            ty=PtrType("float16", "global")),
                          ty_args=[T.Tensor((4,), "float16")])
        O[t] = v[7 - t] + B[t]
        if t < 4:
            H[t] = h[t]
    B = np.random.default_rng(4).integers(0, 256, 40).astype(np.uint8)
    O, H = np.zeros(8, np.int32), np.zeros(4, np.float16)
    run(k, B=B, O=O, H=H)
    np.testing.assert_array_equal(O, B[4:36].view(np.int32)[::-1] +
                                  B[:8].astype(np.int32))
    np.testing.assert_array_equal(H.view(np.uint16),
                                  B[32:40].view(np.uint16))


@pytest.mark.parametrize("src, offset, shape, match", [
    ("uint8", 2, (8,), r"at byte 2 of B: not a multiple of its 4-byte "
     "elements"),
    ("uint8", 8, (8,), r"at byte 8 of B: ends at byte 40, past its 36"),
    ("float16", 0, (4,), r"T.decl_tensor of int32 over float16 global "
     r"data: a dense uint8 or int8 tensor's \.data"),
])
def test_global_views_of_bytes_that_do_not_fit(src, offset, shape, match):
    from tile_mlir.ir import PtrType
    with pytest.raises(TileError, match=match):
        @T.function
        def k(B: T.Tensor((36,), src), O: T.Tensor((8,), "int32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=8))
            t = T.cuda.thread_idx("x")
            v = T.decl_tensor(T.ptr_byte_offset(
                B.data, offset, ty=PtrType("int32", "global")),
                ty_args=[T.Tensor(shape, "int32")])
            O[t] = v[t % shape[0]]


def test_a_shared_window_address_moved_by_a_run_time_byte_count():
    """`addr + nbytes` with a kernel-valued count: whole elements forward
    and back (a negative count moves back), and a trap where the count is
    not a whole number of elements rather than a truncated address."""
    @T.function
    def k(X: T.Tensor((32,), "uint32"), O: T.Tensor((32,), "uint32"),
          nbytes: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        S = T.alloc_shared((64,), "uint32", align=16)
        S[lane] = X[lane]
        S[lane + 32] = X[lane] + T.uint32(1000)
        T.cuda.cta_sync()
        v = T.alloc_local((1,), "uint32")
        a = T.cuda.cvta_generic_to_shared(S.ptr_to([16 + lane % 16]))
        T.ptx.ld.shared.u32(v[0], a + nbytes)
        O[lane] = v[0]
    X = np.arange(32, dtype=np.uint32) * 7
    S = np.concatenate([X, X + 1000])
    idx = 16 + np.arange(32) % 16
    for nbytes in (0, 12, -64):
        O = np.zeros(32, np.uint32)
        run(k, X=X, O=O, nbytes=nbytes)
        np.testing.assert_array_equal(O, S[idx + nbytes // 4])
    assert "\"trap\"" in k.mlir
    with pytest.raises(TileError, match="'trap': aborted the kernel"):
        run(k, X=X, O=np.zeros(32, np.uint32), nbytes=6)
