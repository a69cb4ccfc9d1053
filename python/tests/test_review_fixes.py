"""Regression tests of the front-end's review findings: each failed (wrong
bits, a crash or a silent no-op) before its fix."""

import os
import subprocess
import sys
import threading
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tile_mlir import TileError, TileWarning  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

np = pytest.importorskip("numpy")
LANE = T.cuda.Axis.laneid


def run(k, **args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(**args, backend="cpu")
    return args


def test_negative_integer_constants():
    @T.function
    def k(A: T.Tensor((2,), "int32"), B: T.Tensor((3,), "int32"),
          U: T.Tensor((1,), "uint32"), L: T.Tensor((1,), "int64"),
          x: T.int64):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        B[0] = -1
        B[1] = A[0] * -2
        B[2] = ~A[1]
        U[0] = ~T.cast(A[1], "uint32")
        L[0] = x + -1
    got = run(k, A=np.array([5, 5], np.int32), B=np.zeros(3, np.int32),
              U=np.zeros(1, np.uint32), L=np.zeros(1, np.int64), x=2)
    assert got["B"].tolist() == [-1, -10, -6]
    assert got["U"].tolist() == [2**32 - 6] and got["L"].tolist() == [1]


def test_python_break_and_continue_in_loops():
    @T.function
    def k(A: T.Tensor((8,), "int32"), B: T.Tensor((8,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        for i in T.unroll(8):
            if i % 2 == 1:
                continue
            if i == 6:
                break
            B[i] = A[i]
    got = run(k, A=np.arange(10, 18, dtype=np.int32),
              B=np.zeros(8, np.int32))["B"]
    assert got.tolist() == [10, 0, 12, 0, 14, 0, 0, 0]


def test_continue_inside_a_kernel_branch_skips_the_rest():
    """`continue` under an `if` on a kernel value (a flag; the rest of the
    iteration runs where it is not set)."""
    @T.function
    def k(A: T.Tensor((4,), "int32"), n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        for i in T.unroll(4):
            if n > i:
                A[i] = 1
                continue
            A[i] = 2
    got = run(k, A=np.zeros(4, np.int32), n=2)
    assert got["A"].tolist() == [1, 1, 2, 2]


def test_return_inside_a_kernel_branch_is_an_error():
    with pytest.raises(TileError, match="`break`, `continue` or `return` "
                       "inside an `if` on a kernel value"):
        @T.function
        def k(A: T.Tensor((4,), "int32"), n: T.int32):
            if n > 1:
                A[0] = 1
                return
            A[0] = 2


def test_elements_compare_and_branch_by_value():
    @T.function
    def k(A: T.Tensor((2,), "int32"), B: T.Tensor((4,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        if A[0] == 5:
            B[0] = 1
        if A[1] != 5:
            B[1] = 1
        if not A[1]:
            B[2] = A[0] << 2
        B[3] = 1 << A[1] if 8 <= A[0] < 16 else ~A[0]
        if T.bool(False):
            B[0] = 7
    got = run(k, A=np.array([5, 0], np.int32), B=np.zeros(4, np.int32))
    assert got["B"].tolist() == [1, 1, 20, -6]


def test_an_else_after_a_partial_thread_condition_is_not_narrowed():
    def k(A: T.Tensor((32, 4), "float32"), B: T.Tensor((48, 4), "float32"),
          n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        if lane < 16 and n > 0:
            pass
        else:
            T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B[16:32, :],
                              r[16:32, :], scope="warp")
    with pytest.raises(TileError, match="belongs to lane 16, but the "
                       "operation's lanes start at 0"):
        T.function(k)


def test_and_short_circuits_in_the_kernel():
    @T.function
    def k(A: T.Tensor((32,), "int32"), B: T.Tensor((64,), "int32"),
          n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        i = T.cuda.thread_idx("x")
        if i < n and A[i] > 0:
            B[i] = 1
    assert "-> (i1)" in k.mlir  # A[i] is read inside the first's branch
    A = np.array([1, -1] * 16, np.int32)
    got = run(k, A=A, B=np.zeros(64, np.int32), n=32)["B"]
    assert got.tolist() == [1, 0] * 16 + [0] * 32


def test_chained_comparisons_narrow():
    @T.function
    def k(A: T.Tensor((32, 4), "float32"), B: T.Tensor((32, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        if 8 <= lane < 16:
            T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r[8:16], A[8:16],
                              scope="warp")
            T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B[8:16], r[8:16],
                              scope="warp")
    A = np.arange(128, dtype=np.float32).reshape(32, 4)
    got = run(k, A=A, B=np.zeros_like(A))["B"]
    want = np.zeros_like(A)
    want[8:16] = A[8:16]
    assert np.array_equal(got, want)


def test_ewise_takes_no_memory_inputs():
    @T.function(private=True)
    def add(x: T.float32, y: T.float32) -> T.float32:
        return x + y

    with pytest.raises(TileError, match="scalars or register tiles "
                       "distributed like the destination"):
        @T.function
        def k(A: T.Tensor((32, 4), "float32")):
            r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
                T.S[(32, 4):(1 @ LANE, 1)]))
            T.cuda.tile.ewise(add, r, r, A, scope="warp")


def make_kernel(n):
    @T.function
    def k(A: T.Tensor((n,), "int32"), B: T.Tensor((n,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=n))
        i = T.cuda.thread_idx("x")
        B[i] = A[i] if i < n - 1 else -A[i]
    return k


def test_kernel_factories_and_wrapped_functions():
    k = make_kernel(4)
    got = run(k, A=np.arange(1, 5, dtype=np.int32),
              B=np.zeros(4, np.int32))["B"]
    assert got.tolist() == [1, 2, 3, -4]
    import functools

    def logged(f):
        @functools.wraps(f)
        def g(*a):
            return f(*a)
        return g
    # A wrapped function is traced as it is: its kernel-value `if` is
    # reported, not silently lost.
    with pytest.raises(TileError, match="no Python truth value"):
        @T.function
        @logged
        def w(A: T.Tensor((4,), "int32")):
            if T.cuda.lane_id() < 2:
                A[0] = 1


def test_tracing_in_threads():
    errors, made = [], []

    def trace(tag):
        try:
            for _ in range(20):
                made.append(make_kernel(4).mlir.count("memref.store"))
        except Exception as e:  # noqa: BLE001 - collected for the assert
            errors.append(e)
    threads = [threading.Thread(target=trace, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and made == [1] * 40


def test_parameters_are_global_tensors_addressed_by_their_layout():
    with pytest.raises(TileError, match="a kernel parameter is a global "
                       "tensor"):
        @T.function
        def k(A: T.Tensor((2, 4), "int32", scope="shared")):
            pass

    # A layout addresses the caller's array (column-major here).
    @T.function
    def col(A: T.Tensor((2, 4), "int32", layout=T.TileLayout(
            T.S[(2, 4):(1, 2)])), B: T.Tensor((2, 4), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=(4, 2)))
        x, y = T.cuda.thread_idx("x"), T.cuda.thread_idx("y")
        B[y, x] = A[y, x]
    A = np.arange(8, dtype=np.int32).reshape(2, 4)
    B = np.zeros((2, 4), np.int32)
    col(A, B, backend="cpu")
    assert B.tolist() == np.arange(8).reshape(4, 2).T.tolist()


def test_a_launch_with_another_block_than_the_guards_read():
    @T.function
    def k(A: T.Tensor((2, 32, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        r = T.alloc_local((2, 32, 4), "float32", layout=T.TileLayout(
            T.S[(2, 32, 4):(1 @ T.cuda.Axis.warpid, 1 @ LANE, 1)]))
        if T.cuda.thread_idx("x") >= 32:
            T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r[1:2], A[1:2],
                              scope="cta")
    A = np.zeros((2, 32, 4), np.float32)
    with pytest.raises(TileError, match=r"traced for blocks of \(64, 1, 1\)"):
        run(k, A=A, launch=T.cuda.LaunchConfig(grid=1, block=128))


def test_indices_of_other_integer_types_and_floats():
    @T.function
    def k(A: T.Tensor((4,), "int32"), B: T.Tensor((1,), "int32"),
          i: T.int64):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        B[0] = A[i]
    got = run(k, A=np.arange(4, dtype=np.int32), B=np.zeros(1, np.int32),
              i=3)["B"]
    assert got.tolist() == [3]
    with pytest.raises(TileError, match="an index or offset must be an "
                       "integer, got a float32"):
        @T.function
        def f(A: T.Tensor((4,), "int32"), x: T.float32):
            A[x] = 1


def test_non_contiguous_cuda_arrays_are_refused():
    class FakeCuda:  # A transposed (4, 2) view of a (2, 4) array.
        __cuda_array_interface__ = {"shape": (4, 2), "typestr": "<f4",
                                    "data": (1 << 20, False),
                                    "strides": (4, 16), "version": 3}

    @T.function
    def k(A: T.Tensor((4, 2), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        A[0, 0] = T.float32(1)
    with pytest.raises(TileError, match=r"strides \(1, 4\) \(elements\) is "
                       "used in place"):
        k(FakeCuda(), backend="cuda")


def test_a_missing_c_api_library_is_a_tile_error(tmp_path):
    code = ("import os; os.environ['TILE_MLIR_CAPI'] = '/nonexistent/x.so'\n"
            "from tile_mlir import compiler, TileError\n"
            "try:\n"
            "    compiler.compile_to_ptx('module {}')\n"
            "except TileError as e:\n"
            "    print('TileError', e)\n")
    env = dict(os.environ, PYTHONPATH=os.path.join(
        os.path.dirname(__file__), ".."), TILE_MLIR_PTX_CACHE="")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, env=env)
    assert "TileError cannot use the C API library /nonexistent/x.so" in \
        r.stdout, r.stdout + r.stderr


def test_pred_keeps_the_destination():
    """`pred=` keeps a register destination where it is false, also one the
    front-end moves through a temporary (a predicate held in an int32), and
    the PTX keeps the old value (preserve_dst), so the GPU agrees with the
    CPU backend; `preserve_dst=False` leaves it undefined as TIRx does."""
    @T.function
    def k(A: T.Tensor((32,), "int32"), O: T.Tensor((32,), "int32"),
          P: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        d = T.local_scalar("int32", T.int32(-1))
        T.ptx.add.s32(d, A[lane], T.int32(100), pred=lane % 3 == 0)
        O[lane] = d
        p = T.local_scalar("int32", T.int32(7))
        T.ptx.setp.gt.s32(p, A[lane], T.int32(50), pred=lane % 2 == 0)
        P[lane] = p
    a = np.arange(32, dtype=np.int32) * 3
    got = run(k, A=a, O=np.zeros(32, np.int32), P=np.zeros(32, np.int32))
    lane = np.arange(32)
    assert got["O"].tolist() == np.where(lane % 3 == 0, a + 100, -1).tolist()
    assert got["P"].tolist() == np.where(lane % 2 == 0, (a > 50) * 1,
                                         7).tolist()
    ptx = k.ptx("sm_90")
    kept = [line for line in ptx.splitlines() if "@%tile_p" in line]
    assert kept, ptx
