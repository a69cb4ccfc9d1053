"""Operands typed as TIRx types them: Python literals (int32 or int64,
float32), mixed dtypes promoted by TVM's rules, stores converted by C's
cast, builtins of Python numbers folded, dtype constructors as dtype
names; and the refusals that go with them. Values run on the CPU backend
against what TIRx's C computes (the programs in tirx_programs/ check the
same against TIRx's own kernels on the H200)."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")

from tile_mlir import TileError  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402


def test_a_float_literal_is_a_float32_even_beside_a_float64():
    @T.function
    def k(D: T.Tensor((4,), "float64"), O: T.Tensor((4,), "float64")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
        i = T.cuda.thread_idx("x")
        O[i] = D[i] * 0.1
    D = np.array([1.0, 3.0, -7.0, 1e10])
    O = np.zeros(4)
    k(D, O, backend="cpu")
    assert O.tobytes() == (D * float(np.float32(0.1))).tobytes()
    assert not np.array_equal(O, D * 0.1)


def test_mixed_integer_dtypes_meet_as_tvm_matches_them():
    @T.function
    def k(I: T.Tensor((4,), "int32"), U: T.Tensor((4,), "uint32"),
          B: T.Tensor((4,), "bool"), O: T.Tensor((4,), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
        i = T.cuda.thread_idx("x")
        O[i] = I[i] + U[i]
        B[i] = I[i] < U[i]
    I = np.array([-1, 5, -2**31, 7], np.int32)
    U = np.array([0, 3, 1, 9], np.uint32)
    O, B = np.zeros(4, np.uint32), np.zeros(4, np.bool_)
    k(I, U, B, O, backend="cpu")
    assert O.tolist() == ((I.astype(np.int64) + U) % 2**32).tolist()
    # Compared as unsigned: -1 is 2^32 - 1.
    assert B.tolist() == (I.astype(np.uint32) < U).tolist()


def test_a_store_converts_by_cs_cast_and_a_literal_wraps():
    @T.function
    def k(F: T.Tensor((4,), "float32"), O8: T.Tensor((4,), "int8"),
          OI: T.Tensor((4,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
        i = T.cuda.thread_idx("x")
        O8[i] = 300
        OI[i] = F[i]
    F = np.array([1.9, -2.7, 1e20, np.nan], np.float32)
    O8, OI = np.zeros(4, np.int8), np.zeros(4, np.int32)
    k(F, O8, OI, backend="cpu")
    assert O8.tolist() == [44] * 4
    # (int)f: toward zero, saturating, NaN to 0 (nvcc's cvt.rzi.s32.f32).
    assert OI.tolist() == [1, -2, 2**31 - 1, 0]


def test_builtins_of_python_numbers_fold():
    assert T.ceildiv(100, 32) == 4
    assert T.truncdiv(-7, 2) == -3 and T.truncmod(-7, 2) == -1
    assert T.floordiv(-7, 2) == -4 and T.floormod(-7, 2) == 1
    assert T.max(3, 9) == 9 and T.min(3.5, 2) == 2 and T.abs(-4) == 4
    assert T.shift_left(1, 5) == 32 and T.bitwise_not(0) == -1
    with pytest.raises(TypeError, match="T.ceildiv takes integers"):
        T.ceildiv(1.5, 2)


def test_dtype_constructors_are_dtype_names():
    assert T.float32 == "float32" and T.int16 == "int16"
    assert T.float16(1.5).dtype == "float16"
    @T.function
    def k(A: T.Tensor((4,), T.int16), O: T.Tensor((4,), T.float32)):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
        i = T.cuda.thread_idx("x")
        r = T.alloc_tensor(ty_args=[T.Tensor((1,), T.float32,
                                             scope="local")])
        r[0] = T.cast(A[i], T.float32) * 2
        O[i] = r[0]
    A = np.array([1, -2, 300, 0], np.int16)
    O = np.zeros(4, np.float32)
    k(A, O, backend="cpu")
    assert O.tolist() == [2.0, -4.0, 600.0, 0.0]


def test_refusals_say_why():
    def trace(body):
        @T.function
        def k(D: T.Tensor((4,), "float64"), n: T.int32):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
            body(D, n)
        return k
    with pytest.raises(TileError, match="exceeds the range of float32"):
        def body(D, n):
            D[0] = D[1] * 1e40
        trace(body)
    with pytest.raises(TileError, match="a kernel allocates local or "
                                        "shared tensors"):
        def body(D, n):
            T.alloc_tensor(ty_args=[T.Tensor((4,), "int32",
                                             scope="global")])
        trace(body)
    with pytest.raises(TileError, match="block .* depends on a kernel "
                                        "value"):
        @T.function
        def k(A: T.Tensor((4,), "float32"), n: T.int32):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=n))


def timer_kernel():
    """TIRx's raw profiler calls: 2 blocks of 64 threads, 2 groups (warps)
    each, one leader per group; event 5 begins and ends, then finalize."""
    nblk, ngrp = 2, 2

    @T.function
    def timed(A: T.Tensor((64,), "float32"), P: T.Tensor((13,), "uint64")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=nblk, block=64))
        t = T.cuda.thread_idx("x")
        tag = T.alloc_local((1,), "uint64")
        off = T.alloc_local((1,), "uint32")
        T.cuda.timer_init(P.data, tag.data, off.data, ngrp, t // 32)
        T.cuda.timer_start(5, P.data, tag.data, off.data, nblk * ngrp,
                           t % 32 == 0)
        A[t] = A[t] + 1.0
        T.cuda.timer_end(5, P.data, tag.data, off.data, nblk * ngrp,
                         t % 32 == 0)
        T.cuda.timer_finalize(P.data, tag.data, off.data, nblk * ngrp,
                              t % 32 == 0)
    return timed


def test_the_profiler_writes_tirxs_records():
    P = np.zeros(13, np.uint64)
    timer_kernel()(np.zeros(64, np.float32), P, backend="cpu")
    # Slot 0: num_groups << 32 | num_blocks.
    assert int(P[0]) == (2 << 32) | 2
    # Stream g (block_group b * 2 + w) starts at slot 1 + g, 4 apart:
    # begin (kind 0), end (1) of event 5, finalize (3); the tag is
    # g << 12 | event << 2 | kind under the time.
    low = [int(p) & 0xFFFFFFFF for p in P[1:]]
    want = [g << 12 | k for k in (5 << 2, 5 << 2 | 1, 3) for g in range(4)]
    assert low == want
    for g in range(4):
        times = [int(P[1 + g + 4 * k]) >> 32 for k in range(3)]
        assert times == sorted(times)


def test_the_profilers_ptx_assembles(tmp_path):
    ptxas = "/usr/local/cuda/bin/ptxas"
    if not os.path.exists(ptxas):
        pytest.skip("no ptxas")
    ptx = timer_kernel().ptx("sm_90")
    assert "%globaltimer_lo" in ptx and "membar.cta" in ptx
    (tmp_path / "k.ptx").write_text(ptx)
    import subprocess
    r = subprocess.run([ptxas, "-arch=sm_90", str(tmp_path / "k.ptx"), "-o",
                        str(tmp_path / "k.cubin")], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr


def test_a_parameter_layout_must_lie_in_its_array():
    with pytest.raises(TileError, match="its layout addresses elements up "
                                        "to 27, beyond the 16 elements"):
        @T.function
        def k(A: T.Tensor((4, 4), "float32",
                          layout=T.TileLayout(T.S[(4, 4):(1, 8)]))):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
            A[0, 0] = A[1, 1]


def test_a_bit_operation_gives_a_literal_the_integers_dtype():
    @T.function
    def k(A: T.Tensor((4,), "uint16"), H: T.Tensor((4,), "float16"),
          B: T.Tensor((4,), "int8"), O: T.Tensor((4,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
        i = T.cuda.thread_idx("x")
        # TIRx: A ^ (ushort)32768, a uint16: half's sign flipped.
        H[i] = T.reinterpret(A[i] ^ 0x8000, ty="float16")
        O[i] = B[i] << 3
    A = np.array([0x3C00, 0xBC00, 0, 0x7E00], np.uint16)
    H = np.zeros(4, np.float16)
    B = np.array([1, -1, 100, -128], np.int8)
    O = np.zeros(4, np.int32)
    k(A, H, B, O, backend="cpu")
    assert H.view(np.uint16).tolist() == (A ^ 0x8000).tolist()
    # (int)(B << (signed char)3): C's int shift of the promoted byte.
    assert O.tolist() == (B.astype(np.int32) << 3).tolist()


def test_literals_and_folds_out_of_range_are_errors():
    with pytest.raises(TileError, match="outside int64"):
        @T.function
        def k(A: T.Tensor((4,), "int64")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
            A[0] = A[1] + (1 << 64)
    with pytest.raises(TileError, match="division by zero"):
        T.truncdiv(7, 0)
    with pytest.raises(TileError, match=r"shift is outside \[0, 64\)"):
        T.shift_left(1, -1)
    assert T.min(3.5, 2) == 2.0 and isinstance(T.min(3.5, 2), float)


def test_a_comparison_takes_the_float32_literal_too():
    # TIRx: D < (double)0.1f, so 0.1 is below the literal.
    @T.function
    def k(D: T.Tensor((2,), "float64"), B: T.Tensor((2,), "bool")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=2))
        i = T.cuda.thread_idx("x")
        B[i] = D[i] < 0.1
    B = np.zeros(2, np.bool_)
    k(np.array([0.1, 0.2]), B, backend="cpu")
    assert B.tolist() == [True, False]


def test_a_generic_access_is_aligned_within_its_buffer():
    """The CPU backend runs on the caller's array, which may start at any
    address; on the GPU each buffer starts at a 256-byte boundary, so the
    offset in the buffer is what an ld.v2 must have aligned."""
    @T.function
    def k(A: T.Tensor((8,), "uint32"), B: T.Tensor((2,), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        a = T.local_scalar("uint64")
        a = T.reinterpret(A.ptr_to([2]), ty="uint64")
        x = T.local_scalar("uint32")
        y = T.local_scalar("uint32")
        T.ptx.ld.v2.u32(x, y, a)
        B[0] = x
        B[1] = y
    A = np.arange(9, dtype=np.uint32)[1:]  # 4 bytes past an 8-byte boundary
    assert A.ctypes.data % 8 == 4
    B = np.zeros(2, np.uint32)
    k(A, B, backend="cpu")
    assert B.tolist() == [3, 4]
