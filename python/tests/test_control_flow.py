"""Python control flow on kernel values as TIRx users write it: names
rebound in the branches of an `if` merge into the scf.if's results (TIRx's
mutable scalars), loops with a kernel-valued bound and while loops run in
the kernel carrying the scalars their bodies assign, an element bound to a
name is read there; and the TIRx helpers of this surface (local scalars,
limits, popcount, warp reductions and votes). Expected values are
computed with numpy or Python."""

import os
import re
import sys
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
np = pytest.importorskip("numpy")

from tile_mlir import TileError, TileTypeError, TileWarning  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

pytestmark = pytest.mark.usefixtures("ieee_build")
LANES = np.arange(32)


def run(k, **arrays):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(**arrays, backend="cpu")
    return arrays


def test_a_constant_rebound_in_a_branch_holds_only_there():
    @T.function
    def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        s = T.float32(1)
        if lane < 8:
            s = T.float32(2)
        B[lane] = A[lane] * s
    a = np.arange(32, dtype=np.float32)
    got = run(k, A=a, B=np.zeros(32, np.float32))["B"]
    assert np.array_equal(got, a * np.where(LANES < 8, 2, 1))
    assert "scf.if" in k.mlir and "-> (f32)" in k.mlir


def test_if_elif_else_and_names_of_one_branch():
    @T.function
    def k(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        v = A[lane] + 0
        if lane < 4:
            v = v * 2
        elif lane < 12:
            v = v + 100
        else:
            tmp = v - 1
            v = tmp * 3
        B[lane] = v
    a = np.arange(32, dtype=np.int32) - 7
    want = np.where(LANES < 4, a * 2, np.where(LANES < 12, a + 100,
                                                (a - 1) * 3))
    assert np.array_equal(run(k, A=a, B=np.zeros(32, np.int32))["B"], want)


def test_a_name_bound_in_one_branch_only_is_unbound_after():
    with pytest.raises(NameError):
        @T.function
        def k(B: T.Tensor((32,), "int32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            lane = T.cuda.lane_id()
            if lane < 8:
                only = lane * 2
            B[lane] = only  # noqa: F821


def test_merging_other_objects_or_types_is_an_error():
    with pytest.raises(TileError, match="`r` is bound to different objects"):
        @T.function
        def k(A: T.Tensor((32, 2), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            r = A[0:32, 0:1]
            if T.cuda.lane_id() < 8:
                r = A[0:32, 1:2]
            A[0, 0] = T.float32(0)
    with pytest.raises(TileTypeError, match="`s` is float32 .* int32"):
        @T.function
        def k2(A: T.Tensor((32,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
            s = T.float32(1)
            if T.cuda.lane_id() < 8:
                s = T.cuda.lane_id()
            A[0] = s


def test_an_element_is_read_where_it_is_bound():
    @T.function
    def k(A: T.Tensor((32, 2), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        old = A[lane, 0]
        A[lane, 0] = A[lane, 1]
        A[lane, 1] = old
    a = np.arange(64, dtype=np.float32).reshape(32, 2)
    got = run(k, A=a.copy())["A"]
    assert np.array_equal(got, a[:, ::-1])


def test_a_loop_with_a_kernel_valued_bound_carries_its_scalars():
    @T.function
    def k(A: T.Tensor((32, 16), "float32"), B: T.Tensor((32,), "float32"),
          I: T.Tensor((32,), "int32"), n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        acc = T.float32(0)
        best = 0
        for i in T.serial(1, n, step=2):
            acc = acc + A[lane, i]
            if A[lane, i] > A[lane, best]:
                best = i
        B[lane] = acc
        I[lane] = best
    a = np.random.default_rng(2).standard_normal((32, 16)).astype(np.float32)
    got = run(k, A=a, B=np.zeros(32, np.float32), I=np.zeros(32, np.int32),
              n=12)
    acc = np.zeros(32, np.float32)
    best = np.zeros(32, np.int64)
    for i in range(1, 12, 2):
        acc = (acc + a[:, i]).astype(np.float32)
        best = np.where(a[:, i] > a[LANES, best], i, best)
    assert np.array_equal(got["B"], acc)
    assert np.array_equal(got["I"], best)
    assert "scf.for" in k.mlir


def test_range_of_a_kernel_value_and_a_while_loop():
    @T.function
    def k(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32"),
          C: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        total = 0
        for i in range(A[lane]):
            total = total + i
        B[lane] = total
        x = A[lane] + 1
        steps = 0
        while x != 1 and steps < 100:
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
            steps = steps + 1
        C[lane] = steps
    a = np.arange(32, dtype=np.int32)
    got = run(k, A=a, B=np.zeros(32, np.int32), C=np.zeros(32, np.int32))

    def collatz(x):
        s = 0
        while x != 1 and s < 100:
            x = x // 2 if x % 2 == 0 else 3 * x + 1
            s += 1
        return s
    assert got["B"].tolist() == [n * (n - 1) // 2 for n in range(32)]
    assert got["C"].tolist() == [collatz(n + 1) for n in range(32)]
    assert "scf.while" in k.mlir


def test_break_and_continue_under_kernel_branches():
    """A `break` or `continue` under an `if` on a kernel value is a flag:
    the rest of the iteration and the later iterations run where it is not
    set; in unrolled loops, loops with a kernel-valued bound, while loops,
    and an inner loop's break leaves the outer loop running."""
    @T.function
    def k(A: T.Tensor((32, 16), "float32"), B: T.Tensor((32, 4), "int32"),
          n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        first = -1
        for i in range(16):
            if A[lane, i] < T.float32(0):
                first = i
                break
        B[lane, 0] = first
        count = 0
        for i in T.serial(n):
            if A[lane, i] < T.float32(0):
                continue
            count = count + 1
            if count == 3:
                break
        B[lane, 1] = count
        j = T.int32(0)
        while j < 16:
            if A[lane, j] > T.float32(1):
                break
            j = j + 1
        B[lane, 2] = j
        rows = 0
        for r in range(2):
            for c in range(8):
                if A[lane, r * 8 + c] < T.float32(0):
                    break
                rows = rows + 1
        B[lane, 3] = rows
        for c in range(3):  # Python's own break still stops the loop.
            if c == 1:
                break
        B[lane, 3] = B[lane, 3] + c * 100
    a = np.random.default_rng(8).standard_normal((32, 16)).astype(np.float32)
    a[0] = np.abs(a[0])  # A row with no negative value.
    got = run(k, A=a, B=np.zeros((32, 4), np.int32), n=10)["B"]
    for lane in range(32):
        row = a[lane]
        neg = [i for i in range(16) if row[i] < 0]
        count = 0
        for i in range(10):
            if row[i] < 0:
                continue
            count += 1
            if count == 3:
                break
        j = next((i for i in range(16) if row[i] > 1), 16)
        rows = 0
        for r in range(2):
            for c in range(8):
                if row[r * 8 + c] < 0:
                    break
                rows += 1
        assert got[lane].tolist() == [neg[0] if neg else -1, count, j,
                                      rows + 100], lane


def test_a_python_while_loop_goes_on_as_the_kernels():
    """A while loop whose condition becomes a kernel value (its body made
    it one: `while True:` with a data-dependent break, a counter bumped
    under a kernel branch) goes on as the kernel's loop after the
    iterations traced so far; with an else it is an error."""
    @T.function
    def k0(A: T.Tensor((32,), "float32"), O: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        t = T.cuda.thread_idx("x")
        j = 0
        n = 0
        while j < 16:
            if A[(j + t) % 32] > T.float32(1):
                j = j + 2
            j = j + 1
            n = n + 1
        m = T.local_scalar("int32", 0)
        while True:
            m = m + 1
            if A[(m + t) % 32] > T.float32(1.5):
                break
        O[t] = n * 100 + m
    A = np.array([2.0 if i % 3 == 0 else 0.5 for i in range(32)],
                 np.float32)
    got = run(k0, A=A, O=np.zeros(32, np.int32))["O"]
    for t in range(32):
        j = n = 0
        while j < 16:
            j += 3 if A[(j + t) % 32] > 1 else 1
            n += 1
        m = 1
        while not A[(m + t) % 32] > 1.5:
            m += 1
        assert got[t] == n * 100 + m, t
    with pytest.raises(TileError, match="condition was a Python value when "
                       "the loop began and is a kernel value now .*and it "
                       "has an else"):
        @T.function
        def k1(A: T.Tensor((32,), "float32")):
            j = 0
            while j < 16:
                if A[j] > T.float32(1):
                    j = j + 2
                j = j + 1
            else:
                j = 0


def test_kernel_loops_refuse_plain_jumps_and_changed_types():
    with pytest.raises(TileError, match="`break`, `continue` or `return` "
                       "in a loop with a kernel-valued bound"):
        @T.function
        def k(A: T.Tensor((32,), "int32"), n: T.int32):
            for i in T.serial(n):
                A[i] = 1
                break  # Not under an `if`: the loop would be one trip.
    with pytest.raises(TileTypeError, match="`s` is int32 before"):
        @T.function
        def k2(A: T.Tensor((32,), "float32"), n: T.int32):
            s = 0
            for i in T.serial(n):
                s = A[i]
            A[0] = s
    with pytest.raises(TileError, match="kernel-valued extent, in a loop "
                       "with a break.*nested `for i in T.serial"):
        @T.function
        def k3(A: T.Tensor((32,), "float32"), n: T.int32):
            for i, j in T.grid(n, 2):
                if A[i] > T.float32(0):
                    break
                A[i] = j
    with pytest.raises(TileError, match="step 0 is not positive"):
        T.serial(0, 4, step=0)


def test_grid_unrolls_static_nests():
    @T.function
    def k(A: T.Tensor((4, 8), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        for i, j in T.grid(4, (2, 6)):
            A[i, j] = i * 10 + j
    got = run(k, A=np.zeros((4, 8), np.int32))["A"]
    want = np.zeros((4, 8), np.int32)
    for i in range(4):
        for j in range(2, 8):
            want[i, j] = i * 10 + j
    assert np.array_equal(got, want)


def test_long_constant_loops_run_in_the_kernel():
    """A T.serial of more than 64 iterations with integer bounds is one
    scf.for, traced once (a plain sum of 4,096 elements and a search with a
    break); 64 or fewer, and T.unroll of any length, are unrolled where the
    kernel is traced."""
    n = 4096

    @T.function
    def k(X: T.Tensor((32, n), "float32"), S: T.Tensor((32,), "float32"),
          F: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        t = T.cuda.thread_idx("x")
        s = T.float32(0)
        for i in T.serial(n):
            s = s + X[t, i]
        S[t] = s
        found = -1
        for i in T.serial(1, n, step=3):
            if X[t, i] > T.float32(0.9):
                found = i
                break
        F[t] = found
    X = np.random.default_rng(5).random((32, n), dtype=np.float32)
    got = run(k, X=X, S=np.zeros(32, np.float32), F=np.zeros(32, np.int32))
    want = np.zeros(32, np.float32)
    for i in range(n):  # The kernel's order of additions.
        want = want + X[:, i]
    assert got["S"].tobytes() == want.tobytes()
    hits = [np.nonzero(X[r, 1::3] > np.float32(0.9))[0] for r in range(32)]
    assert got["F"].tolist() == [1 + 3 * int(h[0]) if len(h) else -1
                                 for h in hits]
    assert k.mlir.count("scf.for") + k.mlir.count("scf.while") == 2

    @T.function
    def short(A: T.Tensor((200,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        for i in T.serial(64):
            A[i] = i
        for i in T.unroll(64, 200):
            A[i] = i * 2
        # Python's own iteration (not a `for` statement) walks the ints.
        for j, i in enumerate([i * 3 for i in T.serial(1, 200, step=2)]):
            A[j] = A[j] + i
    got = run(short, A=np.zeros(200, np.int32))["A"]
    want = list(range(64)) + [2 * i for i in range(64, 200)]
    for j, i in enumerate(range(1, 200, 2)):
        want[j] += 3 * i
    assert got.tolist() == want
    assert "scf.for" not in short.mlir


def test_vector_local_scalars_are_storage():
    """`T.local_scalar("float32x4")` (TIRx's float4 register): `v = x`
    stores every lane, in branches and kernel loops too; `w = v` copies the
    lanes; `v += x` stores; a scalar goes to every lane."""
    @T.function
    def k(F: T.Tensor((32, 16), "float32"), V: T.Tensor((32, 4), "float32"),
          W: T.Tensor((32, 4), "float32"), H: T.Tensor((32, 2), "float16"),
          n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        t = T.cuda.thread_idx("x")
        v = T.local_scalar("float32x4")
        v = T.Broadcast(T.float32(0), 4)
        for j in T.serial(n):
            v = v + F[t, T.Ramp(4 * j, 1, 4)]
        w = v
        if t % 2 == 1:
            v = T.float32(-1)
        v += T.Broadcast(T.float32(0.5), 4)
        V[t, T.Ramp(0, 1, 4)] = v
        W[t, T.Ramp(0, 1, 4)] = w
        h = T.local_scalar("float16x2", T.Broadcast(T.float16(1.5), 2))
        H[t, T.Ramp(0, 1, 2)] = h * h
    F = np.arange(32 * 16, dtype=np.float32).reshape(32, 16) % 13
    got = run(k, F=F, V=np.zeros((32, 4), np.float32),
              W=np.zeros((32, 4), np.float32), H=np.zeros((32, 2), np.float16),
              n=np.int32(4))
    sums = F.reshape(32, 4, 4).sum(axis=1, dtype=np.float32)
    want = np.where((np.arange(32) % 2 == 1)[:, None], np.float32(-1), sums)
    assert np.array_equal(got["V"], want + np.float32(0.5))
    assert np.array_equal(got["W"], sums)
    assert np.array_equal(got["H"], np.full((32, 2), 2.25, np.float16))

    with pytest.raises(TileError, match="2 lanes stored into a vector of 4"):
        @T.function
        def bad(V: T.Tensor((4,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
            v = T.local_scalar("float32x4")
            v = T.Broadcast(T.float32(1), 2)
            V[T.Ramp(0, 1, 4)] = v
        bad.mlir


def test_local_scalars_limits_and_popcount():
    @T.function
    def k(A: T.Tensor((32,), "uint32"), B: T.Tensor((32, 4), "uint32"),
          F: T.Tensor((3,), "float32"), I: T.Tensor((2,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        d = T.local_scalar("uint32")
        T.ptx.popc.b32(d, A[lane])
        B[lane, 0] = d
        B[lane, 1] = T.popcount(A[lane])
        B[lane, 2] = T.cuda.float_as_uint(T.reinterpret(A[lane],
                                                        ty="float32"))
        c = T.local_scalar("uint32", A[lane])
        c = c + T.uint32(1)
        B[lane, 3] = c
        F[0] = T.max_value(ty="float32")
        F[1] = T.min_value(ty="float32")
        F[2] = T.infinity(ty="float32")
        I[0] = T.max_value(ty="int32") - 5
        I[1] = T.min_value(ty="int32")
    a = np.random.default_rng(4).integers(0, 2**32, 32, dtype=np.uint32)
    got = run(k, A=a, B=np.zeros((32, 4), np.uint32),
              F=np.zeros(3, np.float32), I=np.zeros(2, np.int32))
    pop = [bin(int(x)).count("1") for x in a]
    assert got["B"][:, 0].tolist() == pop and got["B"][:, 1].tolist() == pop
    assert np.array_equal(got["B"][:, 2], a)
    assert np.array_equal(got["B"][:, 3], a + np.uint32(1))
    fi = np.finfo(np.float32)
    assert got["F"].tolist() == [fi.max, fi.min, np.inf]
    assert got["I"].tolist() == [2**31 - 6, -2**31]


def test_warp_reductions_and_votes():
    @T.function
    def k(A: T.Tensor((64,), "int32"), S: T.Tensor((64,), "int32"),
          M: T.Tensor((64,), "int32"), V: T.Tensor((64, 3), "uint32"),
          F: T.Tensor((64,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        tx = T.cuda.thread_idx("x")
        S[tx] = T.cuda.warp_sum(A[tx])
        M[tx] = T.cuda.warp_max(A[tx], 8)
        V[tx, 0] = T.cuda.ballot_sync(0xFFFFFFFF, T.cast(A[tx] > 0,
                                                         "int32"))
        V[tx, 1] = T.cast(T.cuda.any_sync(0xFFFFFFFF, T.cast(
            A[tx] > 90, "int32")), "uint32")
        V[tx, 2] = T.cuda.elect_sync()
        F[tx] = T.cuda.warp_min(T.cast(A[tx], "float32"), 4)
    a = np.random.default_rng(5).integers(-100, 95, 64).astype(np.int32)
    got = run(k, A=a, S=np.zeros(64, np.int32), M=np.zeros(64, np.int32),
              V=np.zeros((64, 3), np.uint32), F=np.zeros(64, np.float32))
    w = a.reshape(2, 32)
    assert np.array_equal(got["S"], np.repeat(w.sum(1), 32))
    assert np.array_equal(got["M"], np.repeat(a.reshape(8, 8).max(1), 8))
    assert np.array_equal(got["F"], np.repeat(a.reshape(16, 4).min(1), 4))
    ball = [sum(1 << i for i in range(32) if seg[i] > 0) for seg in w]
    assert got["V"][:, 0].tolist() == np.repeat(ball, 32).tolist()
    assert got["V"][:, 1].tolist() == np.repeat(
        [int((seg > 90).any()) for seg in w], 32).tolist()
    assert got["V"][:, 2].reshape(2, 32).sum(1).tolist() == [1, 1]
    assert "+ptx80" in k.mlir  # elect.sync's floor raised the PTX version


def test_typed_constants_in_python_operators():
    @T.function
    def k(A: T.Tensor((2,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        A[0] = T.int32(2**31 - 1) - 5
        A[1] = 3 * T.int32(7)
    assert run(k, A=np.zeros(2, np.int32))["A"].tolist() == [2**31 - 6, 21]


def test_a_register_tile_at_a_dynamic_index_is_local_memory():
    """A register tile indexed by a kernel value stays in local memory:
    its stores and loads are st.local/ld.local on the local frame's own
    addresses (the generic alloca cast to the local space). The local
    space's alloca used to be lowered with generic addresses under
    st.local, an illegal address on the H200."""
    @T.function
    def k(A: T.Tensor((32, 8), "float32"), B: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        r = T.alloc_local((8,), "float32")
        for i in T.unroll(8):
            r[i] = A[lane, i]
        B[lane] = r[lane % 8]
    ptx = k.ptx()
    frame = re.search(r"mov\.b64\s+(%SPL), __local_depot0", ptx)
    assert frame, ptx
    assert "%SP," not in ptx and "cvta.local" not in ptx, ptx
    assert re.search(r"st\.local\.b32", ptx) and re.search(r"ld\.local", ptx)
    a = np.arange(256, dtype=np.float32).reshape(32, 8)
    got = run(k, A=a, B=np.zeros(32, np.float32))["B"]
    assert np.array_equal(got, a[LANES, LANES % 8])


def test_if_then_else_computes_only_the_chosen_value():
    """TIRx's if_then_else (and Select) is a guarded value: the arm not
    chosen is not computed, so a load past the end under a guard reads
    nothing (the CPU backend's bounds check would stop the kernel). Arms
    that compute nothing in the kernel stay an arith.select."""
    @T.function
    def k(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32"),
          C: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        B[i] = T.if_then_else(i + 1 < 32, A[i + 1], 0)
        C[i] = T.Select(i >= 1, A[i - 1] * 2, T.int32(-1))
    A = np.arange(32, dtype=np.int32) + 10
    out = run(k, A=A, B=np.zeros(32, np.int32), C=np.zeros(32, np.int32))
    np.testing.assert_array_equal(out["B"], np.append(A[1:], 0))
    np.testing.assert_array_equal(out["C"], np.append(-1, A[:-1] * 2))
    assert k.mlir.count("scf.if") == 2

    @T.function
    def pure(A: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        a, b = i * 2, i + 1
        A[i] = T.if_then_else(i < 16, a, b)
    out = run(pure, A=np.zeros(32, np.int32))
    np.testing.assert_array_equal(out["A"], np.where(LANES < 16, LANES * 2,
                                                     LANES + 1))
    assert "scf.if" not in pure.mlir and "arith.select" in pure.mlir


def test_tvm_expression_nodes():
    """TVM's nodes as TIRx has them: T.Add .. T.GE as Python's operators,
    T.Div and T.Mod as C's / and % on integers (toward zero), T.Div as /
    on floats."""
    @T.function
    def k(A: T.Tensor((32,), "int32"), O: T.Tensor((32, 6), "int32"),
          F: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        a = A[i]
        O[i, 0] = T.Add(a, 3)
        O[i, 1] = T.Sub(7, a)
        O[i, 2] = T.Mul(a, a)
        O[i, 3] = T.Div(a, T.int32(4))
        O[i, 4] = T.Mod(a, T.int32(4))
        O[i, 5] = T.Cast("int32", T.EQ(a, 0)) + T.Cast("int32", T.NE(a, 1)) * 2 \
            + T.Cast("int32", T.LT(a, 0)) * 4 + T.Cast("int32", T.LE(a, 0)) * 8 \
            + T.Cast("int32", T.GT(a, 0)) * 16 + T.Cast("int32", T.GE(a, 0)) * 32
        F[i] = T.Div(T.Cast("float32", a), T.float32(4))
    A = np.arange(-16, 16, dtype=np.int32)
    out = run(k, A=A, O=np.zeros((32, 6), np.int32), F=np.zeros(32, np.float32))
    a = A.astype(np.int64)
    trunc_div = np.trunc(a / 4).astype(np.int64)
    want = np.stack([a + 3, 7 - a, a * a, trunc_div, a - 4 * trunc_div,
                     (a == 0) + (a != 1) * 2 + (a < 0) * 4 + (a <= 0) * 8
                     + (a > 0) * 16 + (a >= 0) * 32], 1)
    np.testing.assert_array_equal(out["O"], want.astype(np.int32))
    np.testing.assert_array_equal(out["F"], (A / 4).astype(np.float32))


def test_constant_nodes_take_their_kind_of_dtype():
    assert T.IntImm("uint8", 7).elt == "i8"
    with pytest.raises(TypeError, match=r"T.IntImm of dtype 'float32': an "
                                        "integer dtype"):
        T.IntImm("float32", 1)
    with pytest.raises(TypeError, match=r"T.FloatImm of dtype 'int32': a "
                                        "float dtype"):
        T.FloatImm("int32", 1.0)
    with pytest.raises(TypeError, match=r"T.FloatImm of dtype 'float99'"):
        T.FloatImm("float99", 1.0)


def test_tuple_targets_bind_as_names_do():
    """`u, v = v, u` of T.local_scalar storage stores each its value from
    before the assignment (Python's swap; TIRx's C stores u = v, then
    v = u, which reads the new u: documented, not copied), and a name read
    into a temporary (`w = u`) is the value, not the storage."""
    @T.function
    def k(A: T.Tensor((32,), "int32"), O: T.Tensor((32, 4), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        t = T.cuda.thread_idx("x")
        u = T.local_scalar("int32", 0)
        v = T.local_scalar("int32", 0)
        u, v = A[t], A[(t + 1) % 32]
        w = u
        if u > v:
            u, v = v, u
        q, r = divmod(37, 5)
        O[t, 0] = u
        O[t, 1] = v
        O[t, 2] = w
        O[t, 3] = q * 10 + r
    A = ((np.arange(32) * 13) % 32).astype(np.int32)
    O = run(k, A=A, O=np.zeros((32, 4), np.int32))["O"]
    B = np.roll(A, -1)
    assert np.array_equal(O[:, 0], np.minimum(A, B))
    assert np.array_equal(O[:, 1], np.maximum(A, B))
    assert np.array_equal(O[:, 2], A)
    assert np.array_equal(O[:, 3], np.full(32, 72))
