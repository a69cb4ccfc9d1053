"""TIRx names added from programs written for the real TIRx: CUDA's
shuffle intrinsics (T.cuda.__shfl_*_sync) on 32-, 64- and 16-bit values
with a width, T.cuda.ffs_u32, T.cuda.cta_reduce/cta_sum/cta_max/cta_min,
T.clz of 64-bit integers, @T.macro, the short dtype names (T.i32), and
T.select/logical_and/logical_or/logical_not/likely/assume/static_assert.
Each kernel runs on the CPU backend against numpy."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from tile_mlir import TileError, TileValueError  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

from _cpu import run  # noqa: E402

np = pytest.importorskip("numpy")


@pytest.mark.parametrize("dtype", ["float32", "int32", "float64", "int64",
                                   "float16", "int16"])
def test_shuffle_intrinsics(dtype):
    @T.function
    def k(A: T.Tensor((32,), dtype), X: T.Tensor((32,), dtype),
          U: T.Tensor((32,), dtype), D: T.Tensor((32,), dtype),
          I: T.Tensor((32,), dtype)):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        m = T.uint32(0xFFFFFFFF)
        X[lane] = T.cuda.__shfl_xor_sync(m, A[lane], 3, 32)
        U[lane] = T.cuda.__shfl_up_sync(m, A[lane], 2, 8)
        D[lane] = T.cuda.__shfl_down_sync(m, A[lane], 1, 16)
        I[lane] = T.cuda.__shfl_sync(m, A[lane], lane // 4, 8)
    A = (np.arange(32) * 1000003 - 7).astype(dtype) if "int" in dtype \
        else (np.arange(32) / 7 - 2).astype(dtype)
    out = run(k, A=A, X=np.zeros_like(A), U=np.zeros_like(A),
              D=np.zeros_like(A), I=np.zeros_like(A))
    lane = np.arange(32)
    # CUDA's semantics: up/down stay within `width`-lane segments (the
    # lane's own value where the source is outside), idx reads lane
    # src % width of the segment.
    seg8, seg16 = lane // 8 * 8, lane // 16 * 16
    up = np.where(lane - seg8 >= 2, lane - 2, lane)
    down = np.where(lane + 1 < seg16 + 16, lane + 1, lane)
    idx = seg8 + (lane // 4) % 8
    for name, src in (("X", lane ^ 3), ("U", up), ("D", down), ("I", idx)):
        assert out[name].tobytes() == A[src].tobytes(), name


def test_shuffle_width_must_be_a_power_of_two():
    def k(A: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        A[lane] = T.cuda.__shfl_xor_sync(0xFFFFFFFF, A[lane], 1, 12)
    with pytest.raises(TileValueError, match="shuffle width 12"):
        T.function(k)



def test_ffs_u32():
    @T.function
    def k(A: T.Tensor((64,), "uint32"), F: T.Tensor((64,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        i = T.cuda.thread_idx("x")
        F[i] = T.cuda.ffs_u32(A[i])
    A = np.random.default_rng(5).integers(0, 1 << 32, 64,
                                          dtype=np.uint64).astype(np.uint32)
    A[:4] = [0, 1, 0x80000000, 0xFFFFFFFF]
    A[4:36] = (1 << np.arange(32, dtype=np.uint64)).astype(np.uint32)
    out = run(k, A=A, F=np.zeros(64, np.int32))
    want = [0 if a == 0 else (int(a) & -int(a)).bit_length() for a in A]
    assert out["F"].tolist() == want


def test_cta_reductions():
    @T.function
    def k(A: T.Tensor((2, 128), "int32"), F: T.Tensor((2, 128), "float32"),
          S: T.Tensor((2, 128), "int32"), M: T.Tensor((2, 128), "float32"),
          N: T.Tensor((2, 128), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=128))
        bx = T.cuda.block_idx("x")
        tx = T.cuda.thread_idx("x")
        s1 = T.alloc_shared((4,), "int32")
        s2 = T.alloc_shared((4,), "float32")
        s3 = T.alloc_shared((8,), "int32")
        S[bx, tx] = T.cuda.cta_sum(A[bx, tx], 4, s1.data)
        M[bx, tx] = T.cuda.cta_max(F[bx, tx], 4, s2.data)
        N[bx, tx] = T.cuda.cta_reduce(A[bx, tx], "min", 4, s3.data)
    rng = np.random.default_rng(9)
    A = rng.integers(-10000, 10000, (2, 128)).astype(np.int32)
    F = rng.standard_normal((2, 128)).astype(np.float32)
    z = np.zeros_like(A)
    out = run(k, A=A, F=F, S=z.copy(), M=np.zeros_like(F), N=z.copy())
    assert (out["S"] == A.sum(axis=1, keepdims=True)).all()
    assert (out["M"] == F.max(axis=1, keepdims=True)).all()
    assert (out["N"] == A.min(axis=1, keepdims=True)).all()


def test_cta_max_of_integers_goes_through_float():
    """TIRx's cta_reduce writes warp 0's partial as `(lane < n) ?
    scratch[lane] : -INFINITY`, a float in C: an integer partial above
    2^24 is rounded to float32 and converted back."""
    @T.function
    def k(A: T.Tensor((64,), "int32"), M: T.Tensor((64,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        tx = T.cuda.thread_idx("x")
        s = T.alloc_shared((2,), "int32")
        M[tx] = T.cuda.cta_max(A[tx], 2, s.data)
    A = np.zeros(64, np.int32)
    A[7] = (1 << 24) + 1
    out = run(k, A=A, M=np.zeros(64, np.int32))
    assert out["M"].tolist() == [1 << 24] * 64


def test_cta_reduce_checks_its_scratch():
    def k(A: T.Tensor((128,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
        tx = T.cuda.thread_idx("x")
        s = T.alloc_shared((2,), "int32")
        A[tx] = T.cuda.cta_sum(A[tx], 4, s.data)
    with pytest.raises(TileError, match="at least 4 elements"):
        T.function(k)



def test_clz_of_64_bit_integers():
    @T.function
    def k(W: T.Tensor((64,), "int64"), O: T.Tensor((64,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        i = T.cuda.thread_idx("x")
        O[i] = T.clz(W[i])
    W = (np.int64(1) << np.arange(64, dtype=np.int64)) - 1
    W[0] = -1
    out = run(k, W=W, O=np.zeros(64, np.int32))
    assert out["O"].tolist() == [0] + [64 - n for n in range(1, 64)]


def test_macro_names_and_logic():
    @T.macro
    def store_twice(dst, i, v):
        dst[i] = v * 2

    @T.macro(hygienic=True)
    def add_one(x):
        return x + 1

    @T.function
    def k(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32"),
          C: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        T.static_assert(T.i32 is T.int32, "short names")
        T.assume(i < 32)
        store_twice(B, i, add_one(A[i]))
        both = T.logical_and(A[i] > 3, A[i] < 20, T.likely(A[i] != 7))
        C[i] = T.select(T.logical_or(both, T.logical_not(A[i] > 0)),
                        T.i32(1), T.i32(0))
    A = np.arange(32, dtype=np.int32) - 5
    out = run(k, A=A, B=np.zeros(32, np.int32), C=np.zeros(32, np.int32))
    assert out["B"].tolist() == ((A + 1) * 2).tolist()
    want = ((A > 3) & (A < 20) & (A != 7)) | ~(A > 0)
    assert out["C"].tolist() == want.astype(np.int32).tolist()


def test_static_assert_fails_where_traced():
    def k(A: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        T.static_assert(False, "never")
    with pytest.raises(TileError, match="T.static_assert failed: never"):
        T.function(k)


def test_ldexp_takes_an_integer_exponent():
    """T.ldexp(x, n): n is C's int (a narrower integer is converted, a
    Python integer is an int32 constant); a float exponent is an error."""
    @T.function
    def k(A: T.Tensor((32,), "float32"), E: T.Tensor((32,), "int16"),
          O: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        O[i] = T.ldexp(T.ldexp(A[i], E[i]), 2)
    A = np.arange(32, dtype=np.float32) - 7
    E = (np.arange(32) - 16).astype(np.int16)
    out = run(k, A=A, E=E, O=np.zeros(32, np.float32))
    assert np.array_equal(out["O"], np.ldexp(A, E.astype(np.int32) + 2))

    def bad(A: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        A[i] = T.ldexp(A[i], 1.5)
    with pytest.raises(TileError, match="T.ldexp takes an integer as its "
                       "second argument"):
        T.function(bad)


def test_fdividef_and_thread_fence():
    """T.cuda.fdividef is the division nvcc emits for __fdividef in the
    kernel's build (div.approx.ftz.f32 under TIRx's default fast-math,
    div.approx.f32 without it); T.cuda.thread_fence is membar.gl."""
    def body(config):
        def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32"),
              O: T.Tensor((32,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32),
                           backend_config=config)
            i = T.cuda.thread_idx("x")
            O[i] = T.cuda.fdividef(A[i], B[i])
            T.cuda.thread_fence()
        return T.function(k)
    fast = body({"cuda": {"compiler": "nvcc", "nvcc": ["--use_fast_math"]}})
    ieee = body({"cuda": {"compiler": "nvcc", "nvcc": []}})
    assert "div.approx.ftz.f32" in fast.ptx() and "membar.gl;" in fast.ptx()
    assert "div.approx.f32" in ieee.ptx()
    A = np.arange(1, 33, dtype=np.float32)
    B = np.full(32, 3, np.float32)
    out = run(ieee, A=A, B=B, O=np.zeros(32, np.float32))
    # div.approx.f32 is within 2 ulp of the quotient (the ISA's bound).
    ulps = np.abs(out["O"].view(np.int32) - (A / B).view(np.int32))
    assert ulps.max() <= 2


def test_special_registers_and_sleep():
    """T.cuda.mov_sreg reads the table's special registers (each lane
    mask, %laneid) through their NVVM ops, T.cuda.clock64 grows between
    reads, T.cuda.nano_sleep is nanosleep.u32 and T.cuda.thread_rank the
    linear thread id: on the CPU backend, against numpy's masks; the PTX
    reads each register with mov."""
    masks = ["eq", "le", "lt", "ge", "gt"]

    @T.function
    def k(M: T.Tensor((64, 6), "uint32"), C: T.Tensor((64, 2), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        i = T.cuda.thread_idx("x")
        M[i, 0] = T.cuda.mov_sreg(32, "lanemask_eq")
        M[i, 1] = T.cuda.mov_sreg(32, "lanemask_le")
        M[i, 2] = T.cuda.mov_sreg(32, "lanemask_lt")
        M[i, 3] = T.cuda.mov_sreg(32, "lanemask_ge")
        M[i, 4] = T.cuda.mov_sreg(32, "lanemask_gt")
        M[i, 5] = T.cuda.mov_sreg(32, "laneid")
        t0 = T.cuda.clock64()
        T.cuda.nano_sleep(T.uint64(2**32 + 50))
        t1 = T.cuda.clock64()
        C[i, 0] = T.cast(t1 > t0, "int32")
        C[i, 1] = T.cuda.thread_rank()
    out = run(k, M=np.zeros((64, 6), np.uint32), C=np.zeros((64, 2), np.int32))
    lane = np.arange(64, dtype=np.uint64) % 32
    eq = (np.uint64(1) << lane)
    lt = eq - np.uint64(1)
    full = np.uint64(0xFFFFFFFF)
    want = np.stack([eq, lt | eq, lt, full & ~lt, full & ~lt & ~eq, lane],
                    axis=1).astype(np.uint32)
    assert np.array_equal(out["M"], want)
    assert np.array_equal(out["C"][:, 0], np.ones(64, np.int32))
    assert np.array_equal(out["C"][:, 1], np.arange(64, dtype=np.int32))
    ptx = k.ptx()
    for m in masks:
        assert f"%lanemask_{m};" in ptx
    # __nanosleep's unsigned int: the uint64 argument converted (2^32 + 50
    # to 50).
    assert "mov.u64" in ptx and "%clock64;" in ptx
    assert "nanosleep.u32 0x00000032;" in ptx


def test_special_register_errors():
    """A register the table does not have, a width other than the
    register's, and a dtype of another width are errors that say so."""
    def body(reg, bits, ty=None):
        def k(M: T.Tensor((32,), "uint64")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            i = T.cuda.thread_idx("x")
            M[i] = T.cast(T.cuda.mov_sreg(bits, reg, ty=ty), "uint64")
        return k
    with pytest.raises(TileValueError, match="special register '%lanemask' "
                       "is not in the table .*%lanemask_lt"):
        T.function(body("%lanemask", 32))
    with pytest.raises(TileValueError, match="special register %clock64 has "
                       "64 bits, not 32"):
        T.function(body("%clock64", 32))
    with pytest.raises(TileError, match="a 32-bit integer dtype, got "
                       "'float32'"):
        T.function(body("%laneid", 32, "float32"))


def test_shared_window_address_errors():
    """T.cuda.cvta_generic_to_shared takes a shared element's address and
    T.ptx.addr whole elements of a constant offset."""
    def body(stmt):
        def k(A: T.Tensor((32, 2), "uint32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            t = T.cuda.thread_idx("x")
            S = T.alloc_shared((32, 2), "uint32")
            x = T.local_scalar("uint32")
            y = T.local_scalar("uint32")
            stmt(A, S, t, x, y)
        return k

    def global_cvta(A, S, t, x, y):
        T.cuda.cvta_generic_to_shared(A.ptr_to([t, 0]))

    def odd_offset(A, S, t, x, y):
        T.ptx.addr(T.cuda.cvta_generic_to_shared(S.ptr_to([t, 0])), 2)

    def not_address(A, S, t, x, y):
        T.ptx.addr(x, 4)

    with pytest.raises(TileError, match="takes the address of an element "
                       "of shared memory"):
        T.function(body(global_cvta))
    with pytest.raises(TileError, match="multiple of the 4-byte element"):
        T.function(body(odd_offset))
    with pytest.raises(TileError, match="T.ptx.addr takes an address"):
        T.function(body(not_address))


def test_float8_errors():
    """A float8 value has no arithmetic of its own (CUDA converts it to
    float first: write T.cast). (Every dtype converts to float8:
    test_vector_and_constant_values.py.)"""
    def body(stmt):
        def k(X: T.Tensor((32,), "float32"), H: T.Tensor((32,), "float16"),
              Q: T.Tensor((32,), "uint8")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            i = T.cuda.thread_idx("x")
            Q[i] = T.reinterpret(stmt(X[i], H[i]), ty="uint8")
        return k
    with pytest.raises(TileError, match="a float8_e4m3fn value has no "
                       "arithmetic here; T.cast it to float32"):
        T.function(body(lambda x, h: T.cast(x, "float8_e4m3fn") +
                        T.cast(x, "float8_e4m3fn")))
    with pytest.raises(TileError, match="a float8_e5m2 value has no "
                       "arithmetic here; T.cast it to float32"):
        T.function(body(lambda x, h: T.cast(h, "float8_e5m2") * x))


def test_printf(capfd):
    """T.cuda.printf passes its arguments as C does (int8 to int, float to
    double, Python numbers as int and double) and escapes the format for
    MLIR: the CPU backend prints each thread's line, in thread order; the
    PTX calls vprintf."""
    @T.function
    def k(A: T.Tensor((4,), "int8"), F: T.Tensor((4,), "float32"),
          L: T.Tensor((4,), "uint64")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
        i = T.cuda.thread_idx("x")
        T.cuda.printf("t=%d a=%d f=%.2f l=%llu \"q\"\\ %d %.1f\n", i, A[i],
                      F[i], L[i], 7, 0.5)
    run(k, A=np.array([-1, 2, -3, 4], np.int8),
        F=np.arange(4, dtype=np.float32) / 4,
        L=np.array([0, 1, 2**63, 2**64 - 1], np.uint64))
    out = capfd.readouterr().out.splitlines()
    assert out == [
        't=0 a=-1 f=0.00 l=0 "q"\\ 7 0.5',
        't=1 a=2 f=0.25 l=1 "q"\\ 7 0.5',
        't=2 a=-3 f=0.50 l=9223372036854775808 "q"\\ 7 0.5',
        't=3 a=4 f=0.75 l=18446744073709551615 "q"\\ 7 0.5']
    assert "vprintf" in k.ptx()

    def bad(A: T.Tensor((4,), "float16")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
        T.cuda.printf("%f", A[0])
    with pytest.raises(TileError, match="TIRx prints float32, float64 and "
                       "integers"):
        T.function(bad)


def test_alloc_shared_layout_errors():
    """A T.alloc_shared layout must give each element its own place: a
    stride of 0, or strides whose axes overlap, are refused."""
    for spec in (T.S[(4, 8):(0, 1)], T.S[(4, 8):(4, 1)]):
        def k(A: T.Tensor((32,), "int32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            S = T.alloc_shared((4, 8), "int32", layout=T.TileLayout(spec))
            S[0, 0] = A[0]
        with pytest.raises(TileError, match="puts two elements in one "
                           "place"):
            T.function(k)


def test_vector_access_through_an_address_reads_storage():
    """An address is TIRx's raw pointer: ld.shared.v2 at the address of
    St[0, t] of a transposed view reads the two words of storage from
    there (St[0, t] and St[1, t]), not along the view's last axis."""
    @T.function
    def k(A: T.Tensor((64,), "uint32"), B: T.Tensor((32, 2), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        t = T.cuda.thread_idx("x")
        S = T.alloc_shared((64,), "uint32")
        S[t] = A[t]
        S[t + 32] = A[t + 32]
        T.cuda.cta_sync()
        St = T.decl_tensor(S.data, ty_args=[T.Tensor(
            (2, 32), "uint32", scope="shared",
            layout=T.TileLayout(T.S[(2, 32):(1, 2)]))])
        x = T.local_scalar("uint32")
        y = T.local_scalar("uint32")
        T.ptx.ld.shared.v2.u32(x, y, T.cuda.cvta_generic_to_shared(
            St.ptr_to([0, t])))
        B[t, 0] = x
        B[t, 1] = y
    A = np.arange(64, dtype=np.uint32) * 3 + 1
    out = run(k, A=A, B=np.zeros((32, 2), np.uint32))
    assert np.array_equal(out["B"], A.reshape(32, 2))


def test_shared_window_address_arithmetic_errors():
    """Two addresses in different buffers have no distance the program
    defines, and a constant offset must be whole elements."""
    def body(stmt):
        def k(O: T.Tensor((32,), "uint32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            i = T.cuda.thread_idx("x")
            a = T.alloc_shared((32,), "uint32")
            b = T.alloc_shared((32,), "uint32")
            O[i] = stmt(T.cuda.cvta_generic_to_shared(a.ptr_to([i])),
                        T.cuda.cvta_generic_to_shared(b.ptr_to([i])))
        return k
    with pytest.raises(TileError, match="addresses in different shared "
                       "buffers"):
        T.function(body(lambda p, q: p - q))
    with pytest.raises(TileError, match="not a whole number of 4-byte "
                       "elements"):
        T.function(body(lambda p, q: (p + 6) - p))


def test_spin_on_an_ordered_load():
    """A thread spinning on ld.acquire for a flag another warp sets sees
    the store (the CPU backend lets the other threads run after each such
    load); a flag nothing sets is reported as a hang, not an endless loop."""
    def body(sets):
        def k(F: T.Tensor((1,), "uint32"), O: T.Tensor((64,), "uint32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
            t = T.cuda.thread_idx("x")
            f = T.local_scalar("uint32")
            if t < 32:
                if t == 0 and sets:
                    T.ptx.st.release.gpu.global_.u32(T.address_of(F[0]),
                                                     T.uint32(7))
            else:
                f = T.uint32(0)
                while f == T.uint32(0):
                    T.ptx.ld.acquire.gpu.global_.u32(f, T.address_of(F[0]))
                O[t] = f
        return T.function(k)
    out = run(body(True), F=np.zeros(1, np.uint32), O=np.zeros(64, np.uint32))
    assert np.array_equal(out["O"][32:], np.full(32, 7, np.uint32))
    with pytest.raises(TileError, match="the block hangs: no thread can "
                       "store what its threads poll memory for(.|\\n)*"
                       "threads 32-63 poll memory "
                       "\\('ld.acquire.gpu.global.u32'"):
        run(body(False), F=np.zeros(1, np.uint32),
            O=np.zeros(64, np.uint32))
