"""The math functions as nvcc compiles them (tile_mlir/script/_nvcc_math):
the recorded PTX is nvcc's, and the way it is run (branches as guarded
selects, loops of known trip count, tables, the local frame) gives the
values of the branching code. Synthetic code checks each rule against
values computed here; tirx_programs/math_*.py check the functions."""

import importlib.util
import os
import pathlib
import re
import shutil
import subprocess
import sys
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
np = pytest.importorskip("numpy")

from tile_mlir import TileError, TileWarning  # noqa: E402
from tile_mlir.script import _nvcc_math, _nvcc_math_ptx  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402


# IEEE float32 arithmetic (conftest.py), not TIRx's default fast-math build.
pytestmark = pytest.mark.usefixtures("ieee_build")


ROOT = pathlib.Path(__file__).resolve().parents[2]
NVCC = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"


def gen_module():
    spec = importlib.util.spec_from_file_location(
        "gen_nvcc_math", ROOT / "utils" / "gen_nvcc_math.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def nvcc_version():
    if not os.path.exists(NVCC):
        return None
    out = subprocess.run([NVCC, "--version"], capture_output=True,
                         text=True).stdout
    m = re.search(r"release [\d.]+, V([\d.]+)", out)
    return m[1] if m else None


needs_nvcc = pytest.mark.skipif(
    nvcc_version() != _nvcc_math_ptx.NVCC,
    reason=f"needs nvcc {_nvcc_math_ptx.NVCC}, which recorded the code")


@needs_nvcc
def test_the_recorded_code_is_nvccs(tmp_path):
    out = tmp_path / "data.py"
    subprocess.run([sys.executable, str(ROOT / "utils" / "gen_nvcc_math.py"),
                    "--nvcc", NVCC, "--out", str(out)], check=True,
                   capture_output=True)
    assert out.read_text() == pathlib.Path(
        _nvcc_math_ptx.__file__).read_text()


def unary_kernel(fn):
    """A kernel of 32 threads: B[t] = fn(A[t]) (float32)."""
    @T.function
    def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        tid = T.cuda.thread_idx("x")
        B[tid] = fn(A[tid])
    return k


def run_unary(fn, x):
    """fn (a function of one float32 kernel value) on each element of x
    (32 float32 values), on the CPU backend."""
    k = unary_kernel(fn)
    out = np.zeros(32, np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(A=x, B=out, backend="cpu")
    return out


@pytest.fixture
def fake(monkeypatch):
    """Adds function `name` with `code` to the recorded ones."""
    def add(name, code, tables=None, inputs=("%f1",), output="%f2",
            local=16):
        monkeypatch.setitem(_nvcc_math.FUNCTIONS, name, {
            "expr": name, "inputs": list(inputs), "output": output,
            "tables": tables or {}, "local": local, "code": code + "\nret"})
        return lambda *args: T._nvcc_function(name, *args)
    return add


X = np.array([-3.5, -0.0, 0.0, 2.25, np.inf, -np.inf, np.nan, 1e-45] * 4,
             np.float32)


def test_a_branch_keeps_each_paths_value(fake):
    # sign(x) by two paths that write %f2, joined at E; NaN falls through.
    f = fake("sign", """
        setp.lt.f32 %p1, %f1, 0f00000000
        @%p1 bra $NEG
        setp.gt.f32 %p2, %f1, 0f00000000
        mov.f32 %f2, 0f00000000
        @%p2 bra $POS
        bra.uni $E
        $POS:
        mov.f32 %f2, 0f3F800000
        bra.uni $E
        $NEG:
        mov.f32 %f2, 0fBF800000
        $E:""")
    with np.errstate(invalid="ignore"):
        want = np.nan_to_num(np.sign(X), nan=0.0).astype(np.float32)
    want[X == 0] = 0.0
    assert run_unary(f, X).tobytes() == want.tobytes()


def test_a_loop_with_a_known_trip_count_runs_that_many_times(fake):
    # x * 2^5 by a counted loop (the counter is known before the kernel).
    f = fake("times32", """
        mov.f32 %f2, %f1
        mov.u32 %r1, 0
        $L:
        add.f32 %f2, %f2, %f2
        add.s32 %r1, %r1, 1
        setp.ne.s32 %p1, %r1, 5
        @%p1 bra $L""")
    x = X[~np.isnan(X)]  # (a NaN result is the GPU's canonical NaN)
    x = np.resize(x, 32)
    assert run_unary(f, x).tobytes() == (x * 32).tobytes()


def test_a_loop_whose_trip_count_is_a_kernel_value(fake):
    # x * 2^max(trunc(x), 1): a do-while on a counter read from x, an
    # scf.while after its first trip.
    f = fake("doubling", """
        mov.f32 %f2, %f1
        cvt.rzi.s32.f32 %r1, %f1
        $L:
        add.f32 %f2, %f2, %f2
        add.s32 %r1, %r1, -1
        setp.gt.s32 %p1, %r1, 0
        @%p1 bra $L""")
    x = np.linspace(-3.5, 9.25, 32).astype(np.float32)
    want = x * np.exp2(np.maximum(np.trunc(x), 1)).astype(np.float32)
    assert run_unary(f, x).tobytes() == want.tobytes()


def test_a_kernel_loop_under_a_branch_keeps_the_other_lanes_values(fake):
    # Lanes with trunc(x) < 1 branch around the loop: x; the others double
    # it trunc(x) times.
    f = fake("guarded", """
        mov.f32 %f2, %f1
        cvt.rzi.s32.f32 %r1, %f1
        setp.lt.s32 %p2, %r1, 1
        @%p2 bra $E
        $L:
        add.f32 %f2, %f2, %f2
        add.s32 %r1, %r1, -1
        setp.gt.s32 %p1, %r1, 0
        @%p1 bra $L
        $E:
        add.f32 %f2, %f2, 0f00000000""")
    x = np.linspace(-3.5, 9.25, 32).astype(np.float32)
    t = np.trunc(x)
    want = np.where(t < 1, x, x * np.exp2(np.maximum(t, 0))).astype(
        np.float32)
    assert run_unary(f, x).tobytes() == want.tobytes()


def test_tables_and_the_local_frame(fake):
    # Words of a table stored to the local frame, one loaded back at an
    # index computed from x: floor(x) mod 4 -> the word times 1.0.
    f = fake("pick", """
        mov.u64 %SPL, __local_depot0
        add.u64 %rd1, %SPL, 0
        mov.u64 %rd2, tab
        ld.global.nc.u32 %r1, [%rd2]
        st.local.u32 [%rd1], %r1
        ld.global.nc.u32 %r2, [%rd2+4]
        st.local.u32 [%rd1+4], %r2
        ld.global.nc.u32 %r3, [%rd2+8]
        st.local.u32 [%rd1+8], %r3
        ld.global.nc.u32 %r4, [%rd2+12]
        st.local.u32 [%rd1+12], %r4
        cvt.rmi.s32.f32 %r5, %f1
        and.b32 %r6, %r5, 3
        mul.wide.s32 %rd3, %r6, 4
        add.s64 %rd4, %rd1, %rd3
        ld.local.u32 %r7, [%rd4]
        cvt.rn.f32.u32 %f2, %r7""",
        tables={"tab": list(bytes([7, 0, 0, 0, 11, 0, 0, 0, 13, 0, 0, 0,
                                   1, 1, 0, 0]))})
    x = np.arange(-16, 16, dtype=np.float32) + 0.5
    words = np.array([7, 11, 13, 257], np.float32)
    want = words[np.floor(x).astype(np.int64) % 4]
    assert run_unary(f, x).tobytes() == want.tobytes()


@pytest.mark.parametrize("code, why", [
    ("""mov.u64 %SPL, __local_depot0
        add.u64 %rd1, %SPL, 0
        mov.b32 %r2, %f1
        st.local.u32 [%rd1], %r2
        cvt.rzi.s32.f32 %r1, %f1
        $L:
        ld.local.u32 %r2, [%rd1]
        add.s32 %r2, %r2, 1
        st.local.u32 [%rd1], %r2
        add.s32 %r1, %r1, -1
        setp.gt.s32 %p1, %r1, 0
        @%p1 bra $L
        mov.b32 %f2, %r2""", "a loop that touches memory and runs more "
        "than 64 trips, or a number known only at run time that its memory "
        "accesses do not bound"),
    ("""mov.f32 %f2, %f1
        mov.u32 %r1, 0
        $L:
        add.s32 %r1, %r1, 1
        $M:
        add.f32 %f2, %f2, %f2
        setp.ne.s32 %p1, %r1, 5
        @%p1 bra $L""", "a loop of more than one block"),
    ("""mov.u32 %r1, 0
        $L:
        add.s32 %r1, %r1, 0
        mov.f32 %f2, %f1
        setp.eq.s32 %p1, %r1, 0
        @%p1 bra $L""", "a loop of more than 64 trips"),
    ("""add.f32 %f2, %f1, %f9""", "%f9 is read before it is written"),
    ("""mov.u64 %rd2, tab
        cvt.rzi.s32.f32 %r1, %f1
        mul.wide.s32 %rd3, %r1, 4
        add.s64 %rd4, %rd2, %rd3
        st.global.u32 [%rd4], %r1
        mov.b32 %f2, %r1""", "st.global.u32 outside the local frame"),
    ("""mov.u64 %SPL, __local_depot0
        mov.b32 %r1, %f1
        st.local.u32 [%SPL+16], %r1
        mov.b32 %f2, %r1""", "an access at byte 16 of a 16-byte local "
        "frame"),
    ("""mov.u64 %SPL, __local_depot0
        mov.b32 %r1, %f1
        st.local.u32 [%SPL], %r1
        ld.local.u64 %rd1, [%SPL]
        mov.b32 %f2, %r1""", "a 64-bit load of local word 0, stored with "
        "another width"),
    ("""mov.u64 %SPL, __local_depot0
        ld.local.u16 %rs1, [%SPL]
        mov.f32 %f2, %f1""", "ld.local.u16: only 32- and 64-bit words are "
        "kept"),
    ("""mov.b32 %r1, %f1
        add.cc.s32 %r2, %r1, %r1
        mov.b32 %f2, %r2""", r"add.cc.s32: only the .u32 carry chain is "
        "run"),
    ("""mov.u64 %SPL, __local_depot0
        add.u64 %rd1, %SPL, 0
        cvt.rzi.s32.f32 %r1, %f1
        mov.u32 %r2, 0
        $L:
        st.local.u32 [%rd1], %r2
        add.s64 %rd1, %rd1, 4
        add.s32 %r2, %r2, 1
        setp.lt.s32 %p1, %r2, %r1
        @%p1 bra $L
        ld.local.u32 %r3, [%rd1]
        mov.b32 %f2, %r3""", r"%rd1, an address that a loop moved, is "
        "read after the loop"),
    ("""mov.b32 %r1, %f1
        cvt.u64.u32 %rd1, %r1
        ld.local.u32 %r2, [%rd1]
        mov.b32 %f2, %r2""", r"a memory access at \[%rd1\], which is not "
        "in a table or the local frame"),
    ("""@%p9 bra $X
        mov.f32 %f2, %f1""", r"%p9 is read before it is written|"
        "a branch to \\$X, which it does not define"),
])
def test_code_that_cannot_run_is_refused(fake, code, why):
    f = fake("bad", code, tables={"tab": [0] * 8})
    with pytest.raises(TileError, match=r"T.bad: nvcc 13.0.88's code for "
                       r"bad: (" + why + ")"):
        run_unary(f, X)


def test_left_out_functions_and_wrong_arguments_are_named(monkeypatch):
    # nvcc 13.0's code of every function TIRx prints is recorded; a
    # function the generator leaves out (a call it cannot inline) is named
    # with the reason.
    monkeypatch.setitem(_nvcc_math.LEFT_OUT, "sin:float64",
                        "nvcc's sin calls its internal f")
    with pytest.raises(TileError, match=r"T.sin of float64 is not "
                       r"supported: nvcc's sin calls its internal f"):
        run_unary(lambda v: T.cast(T.sin(T.cast(v, "float64")), "float32"),
                  X)
    with pytest.raises(TileError, match=r"T.pow takes 2 arguments, got 1"):
        run_unary(lambda v: T.pow(v), X)

    def exp_int(A: T.Tensor((32,), "int32")):
        v = T.alloc_local((1,), "int32")
        v[0] = T.cast(T.exp(A[0]), "int32")
    with pytest.raises(TileError, match=r"T.exp of int32 is not supported: "
                       r"the front-end has nvcc's code of the function TIRx "
                       r"prints for bfloat16, float16, float32, float64 "
                       r"kernel values"):
        T.function(exp_int)
    with pytest.raises(TileError, match=r"T.sinh of float16 is not "
                       r"supported: .* for float32, float64 kernel values"):
        run_unary(lambda v: T.sinh(T.cast(v, "float16")), X)


@needs_nvcc
def test_nvcc_folds_a_constant_exponent_to_the_same_values(fake):
    """TIRx prints T.pow(x, T.float32(3)) as powf(x, 3.0f), which nvcc
    specializes; the front-end runs the general powf with y = 3. Both codes
    run here give the same bits."""
    gen = gen_module()
    inputs, output, tables, _, code = gen.extract(
        gen.compile_ptx(NVCC, "powf(x, 3.0f)"))
    special = fake("cube", "\n".join(code[:-1]), tables=tables,
                   inputs=inputs, output=output)
    rng = np.random.default_rng(3)
    x = np.concatenate([X, rng.uniform(-1e13, 1e13, 32)]).astype(np.float32)
    for half in (x[:32], x[32:]):
        assert run_unary(special, half).tobytes() == run_unary(
            lambda v: T.pow(v, T.float32(3)), half).tobytes()


def test_bfloat16_functions_are_cuda_bf16s():
    """T.exp & co. of bfloat16 run nvcc's code of cuda_bf16.h's hexp & co.
    (T.tan, T.atan, T.erf, T.pow: TIRx's header's float function, rounded
    back): correctly rounded on these inputs, as numpy's float64 values
    rounded to bfloat16 show; T.sigmoid is TIRx's expression (expf of the
    bfloat16 difference, rounded, then bfloat16 operators)."""
    ml_dtypes = pytest.importorskip("ml_dtypes")
    bf16 = ml_dtypes.bfloat16
    rng = np.random.default_rng(43)
    x = np.concatenate([[0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0,
                         1e-39, 3e38, 2.5, -2.5], rng.uniform(-9, 9, 21)])
    y = rng.integers(-3, 4, 32).astype(np.float64)
    x, y = x.astype(bf16), y.astype(bf16)
    fx, fy = x.astype(np.float64), y.astype(np.float64)
    erf = np.vectorize(__import__("math").erf)
    cases = {"exp": np.exp(fx), "exp2": np.exp2(fx), "exp10": 10 ** fx,
             "log": np.log(fx), "log2": np.log2(fx), "log10": np.log10(fx),
             "sqrt": np.sqrt(fx), "rsqrt": 1 / np.sqrt(fx),
             "sin": np.sin(fx), "cos": np.cos(fx), "tanh": np.tanh(fx),
             "floor": np.floor(fx), "ceil": np.ceil(fx),
             "round": np.rint(fx), "trunc": np.trunc(fx),
             "abs": np.abs(fx), "tan": np.tan(fx), "atan": np.arctan(fx),
             "erf": erf(fx), "pow": np.power(fx, fy)}
    for name, want in cases.items():
        @T.function
        def k(A: T.Tensor((32,), "bfloat16"), B: T.Tensor((32,), "bfloat16"),
              E: T.Tensor((32,), "bfloat16")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            i = T.cuda.thread_idx("x")
            if name == "pow":
                E[i] = T.pow(A[i], B[i])
            else:
                E[i] = getattr(T, name)(A[i])
        out = np.zeros(32, bf16)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore", TileWarning)
            k(A=x, B=y, E=out, backend="cpu")
            want = want.astype(bf16)
        nan = np.isnan(out.astype(np.float64))
        assert (nan == np.isnan(want.astype(np.float64))).all(), name
        assert out[~nan].tobytes() == want[~nan].tobytes(), name


@pytest.mark.parametrize("code, want", [
    # Two writes in one guarded block: where the guard fails, the value
    # from before it stays (a review found 6 for x < 0).
    ("""mov.f32 %f2, 0f40A00000
        setp.lt.f32 %p1, %f1, 0f00000000
        @%p1 bra $E
        mov.f32 %f2, 0f40C00000
        add.f32 %f2, %f2, 0f3F800000
        $E:""", lambda x: 5.0 if x < 0 else 7.0),
    # A counted loop under a branch.
    ("""mov.f32 %f2, 0f00000000
        setp.lt.f32 %p1, %f1, 0f00000000
        @%p1 bra $E
        mov.u32 %r1, 0
        $L:
        add.f32 %f2, %f2, 0f3F800000
        add.s32 %r1, %r1, 1
        setp.ne.s32 %p2, %r1, 3
        @%p2 bra $L
        $E:""", lambda x: 0.0 if x < 0 else 3.0),
    # A negated branch guard: the fall-through takes the other side.
    ("""mov.f32 %f2, 0f00000000
        setp.lt.f32 %p1, %f1, 0f00000000
        @!%p1 bra $E
        mov.f32 %f2, 0f3F800000
        $E:""", lambda x: 1.0 if x < 0 else 0.0),
    # Predicated instructions under one predicate.
    ("""mov.f32 %f2, 0f40A00000
        setp.lt.f32 %p1, %f1, 0f00000000
        @%p1 mov.f32 %f2, 0f40C00000
        @%p1 add.f32 %f2, %f2, 0f3F800000""",
     lambda x: 7.0 if x < 0 else 5.0),
    # Local words stored twice under one guard.
    ("""mov.u64 %SPL, __local_depot0
        add.u64 %rd1, %SPL, 0
        mov.u32 %r1, 5
        st.local.u32 [%rd1], %r1
        setp.lt.f32 %p1, %f1, 0f00000000
        @%p1 bra $E
        mov.u32 %r2, 6
        st.local.u32 [%rd1], %r2
        mov.u32 %r3, 7
        st.local.u32 [%rd1], %r3
        $E:
        ld.local.u32 %r4, [%rd1]
        cvt.rn.f32.u32 %f2, %r4""", lambda x: 5.0 if x < 0 else 7.0),
    # A saturating add is not folded as a wrapping one.
    ("""mov.u32 %r1, 2147483647
        add.sat.s32 %r2, %r1, 1
        setp.lt.s32 %p1, %r2, 0
        selp.f32 %f2, 0f3F800000, 0f00000000, %p1""", lambda x: 0.0),
])
def test_guarded_writes_keep_the_other_paths_value(fake, code, want):
    f = fake("paths", code)
    x = np.resize(np.array([-2.0, 3.0, -0.5, 1.0], np.float32), 32)
    expected = np.array([want(float(v)) for v in x], np.float32)
    assert run_unary(f, x).tolist() == expected.tolist()


def test_half_functions_of_python_numbers():
    def k(A: T.Tensor((32,), "float16"), B: T.Tensor((32,), "float16")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        B[i] = T.pow(A[i], 2.0)
    x = np.linspace(-3, 3, 32).astype(np.float16)
    out = np.zeros(32, np.float16)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        T.function(k)(A=x, B=out, backend="cpu")
    assert out.tobytes() == (x.astype(np.float64) ** 2).astype(
        np.float16).tobytes()


def test_the_carry_chain_runs_as_64_bit_arithmetic(fake):
    # x's bits b times 0x9E3779B9 as 64 bits, in nvcc's pieces (mad.lo.cc,
    # madc.hi), doubled with add.cc/addc and less 2^32 + 5 with
    # sub.cc/subc; the high word of the result as float.
    f = fake("wide", """
        mov.b32 %r1, %f1
        mov.u32 %r2, -1640531527
        mov.u32 %r9, 0
        mad.lo.cc.u32 %r3, %r1, %r2, %r9
        madc.hi.u32 %r4, %r1, %r2, %r9
        add.cc.u32 %r5, %r3, %r3
        addc.u32 %r6, %r4, %r4
        sub.cc.u32 %r7, %r5, 5
        subc.cc.u32 %r8, %r6, 1
        madc.lo.u32 %r10, %r9, %r9, %r9
        xor.b32 %r11, %r8, %r10
        mov.b32 %f2, %r11""")
    x = np.random.default_rng(5).integers(0, 2**32, 32, dtype=np.uint64)
    x[:4] = [0, 1, 2**32 - 1, 0x80000000]
    p = x * 0x9E3779B9 * 2 - (2**32 + 5)
    high = (p >> 32) & 0xFFFFFFFF
    # madc.lo 0 * 0 + 0 + CF: the borrow of the last subc.
    borrow = (x * 0x9E3779B9 * 2 < 2**32 + 5).astype(np.uint64)
    want = (high ^ borrow).astype(np.uint32).view(np.float32)
    got = run_unary(f, x.astype(np.uint32).view(np.float32))
    assert got.view(np.uint32).tolist() == want.view(np.uint32).tolist()


def test_a_loop_of_run_time_trips_over_memory_is_unrolled_by_its_frame(
        fake):
    # A 16-byte frame of four words, each 50; then n = x's low 2 bits + 1
    # trips, each storing its counter to the next word (a fifth trip would
    # leave the frame: it is never run); then 100 to the word after the
    # last at a run-time index (n < 4); the sum of the words read back.
    f = fake("walk", """
        mov.u64 %SPL, __local_depot0
        add.u64 %rd1, %SPL, 0
        mov.u32 %r3, 50
        st.local.u32 [%rd1], %r3
        st.local.u32 [%rd1+4], %r3
        st.local.u32 [%rd1+8], %r3
        st.local.u32 [%rd1+12], %r3
        mov.b32 %r9, %f1
        and.b32 %r1, %r9, 3
        add.s32 %r1, %r1, 1
        mov.u32 %r2, 0
        mov.u64 %rd2, %rd1
        $L:
        st.local.u32 [%rd2], %r2
        add.s64 %rd2, %rd2, 4
        add.s32 %r2, %r2, 1
        setp.lt.s32 %p1, %r2, %r1
        @%p1 bra $L
        setp.lt.s32 %p2, %r1, 4
        @!%p2 bra $S
        mul.wide.s32 %rd3, %r1, 4
        add.s64 %rd4, %rd1, %rd3
        mov.u32 %r3, 100
        st.local.u32 [%rd4], %r3
        $S:
        ld.local.u32 %r4, [%rd1]
        ld.local.u32 %r5, [%rd1+4]
        ld.local.u32 %r6, [%rd1+8]
        ld.local.u32 %r7, [%rd1+12]
        add.s32 %r8, %r4, %r5
        add.s32 %r8, %r8, %r6
        add.s32 %r8, %r8, %r7
        cvt.rn.f32.u32 %f2, %r8""", local=16)
    bits = np.arange(32, dtype=np.uint32) * 0x01010101
    # n = 1: 0 + 100 + 50 + 50; 2: 0 + 1 + 100 + 50; 3: 0 + 1 + 2 + 100;
    # 4: 0 + 1 + 2 + 3.
    want = np.array([200, 151, 103, 6], np.float32)[bits & 3]
    got = run_unary(f, bits.view(np.float32))
    assert got.tobytes() == want.tobytes()


def test_a_table_read_at_a_masked_offset_selects_among_its_words(fake):
    # (x & 8) * 8 selects word 0 or 8 of a table of 16 64-bit words: a
    # select between those two, not over every word.
    table = [(k * 0x0101010101010101 + 7).to_bytes(8, "little")
             for k in range(16)]
    f = fake("pick64", """
        mov.b32 %r1, %f1
        and.b32 %r2, %r1, 8
        mul.wide.u32 %rd1, %r2, 8
        mov.u64 %rd2, tab
        add.s64 %rd3, %rd2, %rd1
        ld.global.nc.v2.u64 {%rd4, %rd5}, [%rd3+8]
        xor.b64 %rd6, %rd4, %rd5
        cvt.u32.u64 %r3, %rd6
        mov.b32 %f2, %r3""", tables={"tab": list(b"".join(table))})
    x = np.arange(32, dtype=np.uint32)
    word = [int.from_bytes(t, "little") for t in table]
    want = np.array([(word[1 + k] ^ word[2 + k]) & 0xFFFFFFFF
                     for k in (x & 8)], np.uint32)
    got = run_unary(f, x.view(np.float32)).view(np.uint32)
    assert got.tolist() == want.tolist()


def test_a_guarded_access_past_the_frame_in_an_unrolled_trip_is_an_error(
        fake):
    # The store past the frame is under its own predicate, which is false
    # in a trip that runs: the trip cannot be taken as one never run.
    f = fake("walk2", """
        mov.u64 %SPL, __local_depot0
        mov.b32 %r9, %f1
        and.b32 %r1, %r9, 3
        add.s32 %r1, %r1, 1
        mov.u32 %r2, 0
        mov.u64 %rd2, %SPL
        $L:
        setp.lt.s32 %p2, %r2, 3
        @%p2 st.local.u32 [%rd2+4], %r2
        add.s64 %rd2, %rd2, 4
        add.s32 %r2, %r2, 1
        setp.lt.s32 %p1, %r2, %r1
        @%p1 bra $L
        cvt.rn.f32.u32 %f2, %r2""", local=16)
    with pytest.raises(TileError, match="an access at byte 16 of a "
                       "16-byte local frame"):
        run_unary(f, X)


def test_an_access_under_a_false_predicate_is_not_run(fake):
    f = fake("never", """
        mov.u64 %SPL, __local_depot0
        setp.ne.s32 %p1, 0, 0
        @%p1 st.local.u32 [%SPL+16], %r1
        mov.f32 %f2, %f1""", local=16)
    assert run_unary(f, X).tobytes() == X.tobytes()


def test_a_masked_offset_reads_two_words_not_sixteen(fake):
    # The kernel of the test above: one select per loaded word (of the two
    # offsets (x & 8) * 8 can have), where the offset alone would need 15.
    table = list(range(128))
    f = fake("pick64b", """
        mov.b32 %r1, %f1
        and.b32 %r2, %r1, 8
        mul.wide.u32 %rd1, %r2, 8
        mov.u64 %rd2, tab
        add.s64 %rd3, %rd2, %rd1
        ld.global.nc.u64 %rd4, [%rd3]
        cvt.u32.u64 %r3, %rd4
        mov.b32 %f2, %r3""", tables={"tab": table})
    assert unary_kernel(f).mlir.count("arith.select") == 1
