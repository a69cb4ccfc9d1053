"""TIRx's surface in the front-end: layouts that bind register axes to lanes
and warps, views (regions, .sub, .view, .permute, T.decl_tensor), shared
buffers, thread indices and branches on them (which narrow the group axes as
TIRx does), per-thread predicates and keyword operands. Each kernel runs on
the CPU backend; the expected values are numpy's (exact operations only)."""

import os
import sys
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tile_mlir import TileError, TileWarning  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402


# IEEE float32 arithmetic (conftest.py), not TIRx's default fast-math build.
pytestmark = pytest.mark.usefixtures("ieee_build")


np = pytest.importorskip("numpy")
LANE, WARP = T.cuda.Axis.laneid, T.cuda.Axis.warpid


def run(k, **args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(**args, backend="cpu")
    return args


def rand(shape, seed, dtype="float32"):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def test_cta_layout_vector_loads_and_a_scalar_view():
    @T.function
    def k(A: T.Tensor((2, 32, 3, 4), "float32", align=16),
          B: T.Tensor((2, 32, 3, 4), "float32", align=16)):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        r = T.alloc_local((2, 32, 3, 4), "float32", layout=T.TileLayout(
            T.S[(2, 32, 3, 4):(1 @ WARP, 1 @ LANE, 4, 1)]))
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, A, scope="cta")
        s = r.view(2, 32, 12, 1)
        T.cuda.tile.apply(T.ptx.add.f32, s, s, T.float32(0.5), scope="cta")
        T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B, r, scope="cta")
    assert "memref<2x32x3x4xf32, strided<[0, 0, 4, 1]>, #tile.reg>" in k.mlir
    A = rand((2, 32, 3, 4), 1)
    out = run(k, A=A, B=np.zeros_like(A))["B"]
    assert np.array_equal(out, A + np.float32(0.5))


def guarded(lo, hi, offset_layout=False):
    """A warp kernel that negates rows [lo, hi) under a lane guard."""
    n = hi - lo
    layout = (T.TileLayout(T.S[(n, 4):(1 @ LANE, 1)] + lo @ LANE)
              if offset_layout else T.TileLayout(T.S[(32, 4):(1 @ LANE, 1)]))

    @T.function
    def k(A: T.Tensor((32, 4), "float32"), B: T.Tensor((32, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        r = T.alloc_local((n, 4) if offset_layout else (32, 4), "float32",
                          layout=layout)
        rows = r if offset_layout else r[lo:hi, :]
        if lane >= lo and lane < hi:
            T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], rows, A[lo:hi, :],
                              scope="warp")
            s = rows.view(n, 4, 1)
            T.cuda.tile.apply(T.ptx["neg.f32"], s, s, scope="warp")
            T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B[lo:hi, :], rows,
                              scope="warp")
    return k


@pytest.mark.parametrize("lo,hi,offset", [(0, 16, False), (16, 32, False),
                                          (8, 24, False), (8, 24, True),
                                          (5, 6, False)])
def test_lane_guards_narrow_the_warp(lo, hi, offset):
    k = guarded(lo, hi, offset)
    assert "scf.if" in k.mlir
    A = rand((32, 4), 2)
    out = run(k, A=A, B=np.zeros_like(A))["B"]
    want = np.zeros_like(A)
    want[lo:hi] = -A[lo:hi]
    assert np.array_equal(out, want)


def test_warp_and_thread_guards_at_cta_scope():
    @T.function
    def k(A: T.Tensor((4, 32, 4), "float32"),
          B: T.Tensor((4, 32, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
        w = T.cuda.warp_id()
        tid = T.cuda.thread_idx("x")
        r = T.alloc_local((4, 32, 4), "float32", layout=T.TileLayout(
            T.S[(4, 32, 4):(1 @ WARP, 1 @ LANE, 1)]))
        s = r.view(4, 32, 4, 1)
        if w == 1:
            T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r[1:2], A[1:2],
                              scope="cta")
            T.cuda.tile.apply(T.ptx.mul.rn.f32, s[1:2], s[1:2],
                              T.float32(2), scope="cta")
            T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B[1:2], r[1:2],
                              scope="cta")
        elif tid >= 64:
            T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r[2:4], A[2:4],
                              scope="cta")
            T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B[2:4], r[2:4],
                              scope="cta")
    A = rand((4, 32, 4), 3)
    out = run(k, A=A, B=np.zeros_like(A))["B"]
    want = np.zeros_like(A)
    want[1] = A[1] * 2
    want[2:] = A[2:]
    assert np.array_equal(out, want)


def test_block_slices_and_a_per_lane_predicate():
    @T.function
    def k(A: T.Tensor((128, 4), "float32"), B: T.Tensor((128, 4), "float32"),
          n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=32))
        bx = T.cuda.block_idx("x")
        lane = T.cuda.lane_id()
        r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        rows = A[bx * 32: bx * 32 + 32, :]
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, rows, scope="warp",
                          pred=bx * 32 + lane < n)
        T.cuda.tile.apply(T.ptx["st.global.v4.b32"],
                          B[bx * 32: (bx + 1) * 32, :], r, scope="warp",
                          pred=bx * 32 + lane < n)
    assert "offset: ?" in k.mlir
    A = rand((128, 4), 4)
    out = run(k, A=A, B=np.zeros_like(A), n=75)["B"]
    want = np.zeros_like(A)
    want[:75] = A[:75]
    assert np.array_equal(out, want)


def test_shared_buffer_sub_views_and_a_barrier():
    @T.function
    def k(A: T.Tensor((64, 4), "float32"), B: T.Tensor((64, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        tid = T.cuda.thread_idx("x")
        reg = T.alloc_local((4,), "float32")
        sh = T.alloc_shared((64, 4), "float32", align=16)
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], reg, A.sub[tid, :])
        T.cuda.tile.apply(T.ptx["st.shared.v4.b32"], sh.sub[tid, :], reg)
        T.cuda.cta_sync()
        T.cuda.tile.apply(T.ptx["ld.shared.v4.b32"], reg,
                          sh.sub[(tid + 3) % 64, :])
        T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B.sub[tid, :], reg)
    assert "workgroup(" in k.mlir and "gpu.barrier" in k.mlir
    A = rand((64, 4), 5)
    out = run(k, A=A, B=np.zeros_like(A))["B"]
    assert np.array_equal(out, np.roll(A, -3, axis=0))


def test_permuted_tiles_and_a_thread_axis_layout():
    @T.function
    def k(A: T.Tensor((32, 2, 4), "float32"),
          B: T.Tensor((32, 2, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        r = T.alloc_local((32, 2, 4), "float32", layout=T.TileLayout(
            T.S[(32, 2, 4):(1 @ LANE, 1 @ WARP, 1)]))
        rp = r.permute(1, 0, 2)
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], rp, A.permute(1, 0, 2),
                          scope="cta")
        t = T.alloc_local((2, 32, 4), "float32", layout=T.TileLayout(
            T.S[(2, 32, 4):(32 @ T.cuda.Axis.tx, 1 @ T.cuda.Axis.tx, 1)]))
        T.cuda.tile.apply(T.ptx["mov.b32"], t.view(2, 32, 4, 1),
                          rp.view(2, 32, 4, 1), scope="cta")
        T.cuda.tile.apply(T.ptx["abs.f32"], t.view(2, 32, 4, 1),
                          t.view(2, 32, 4, 1), scope="cta")
        T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B.permute(1, 0, 2), t,
                          scope="cta")
    A = rand((32, 2, 4), 6)
    out = run(k, A=A, B=np.zeros_like(A))["B"]
    assert np.array_equal(out, np.abs(A))


def test_declared_tensors_and_strided_layout_views():
    @T.function
    def k(A: T.Tensor((8, 4), "float32"), B: T.Tensor((4, 8), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        r = T.alloc_local((4, 8, 1), "float32", layout=T.TileLayout(
            T.S[(4, 8, 1):(1 @ LANE, 1, 1)]))
        # A read as its transpose: 4 x 8 with strides 1, 4 (lane i reads
        # column i of A).
        At = T.decl_tensor(A.data, ty_args=[T.Tensor(
            (4, 8, 1), "float32", layout=T.TileLayout(
                T.S[(4, 8, 1):(1, 4, 1)]))])
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, At, scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.f32"], B.view(4, 8, 1), r,
                          scope="warp")
    assert "strides: [1, 4, 1]" in k.mlir
    A = rand((8, 4), 7)
    out = run(k, A=A, B=np.zeros((4, 8), np.float32))["B"]
    assert np.array_equal(out, A.T)


def test_keyword_operands_of_cp_async():
    @T.function
    def k(A: T.Tensor((32, 4), "float32"), B: T.Tensor((32, 4), "float32"),
          n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        tid = T.cuda.thread_idx("x")
        S = T.alloc_shared((32, 4), "float32")
        T.cuda.tile.apply(T.ptx["cp.async.ca.shared.global"], S, A,
                          scope="warp", chunk_bytes=16,
                          src_size=T.if_then_else(tid < n, T.uint32(16),
                                                  T.uint32(0)))
        T.ptx.cp.async_.commit_group()
        T.ptx.cp.async_.wait_group(0)
        T.cuda.cta_sync()
        r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        T.cuda.tile.apply(T.ptx["ld.shared.v4.b32"], r, S, scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B, r, scope="warp")
    assert 'tile.apply "cp.async.commit_group" () scope(thread) loc' in k.mlir
    A = rand((32, 4), 8)
    out = run(k, A=A, B=np.ones_like(A), n=20)["B"]
    want = A.copy()
    want[20:] = 0
    assert np.array_equal(out, want)
    with pytest.raises(TileError, match="takes no keyword operands "
                       r"\['chunk_size'\].*cp_size, src_size"):
        @T.function
        def bad(A: T.Tensor((32, 4), "float32")):
            S = T.alloc_shared((32, 4), "float32")
            T.cuda.tile.apply(T.ptx["cp.async.ca.shared.global"], S, A,
                              scope="warp", chunk_size=16)


def test_integer_loads_of_the_integer_types():
    @T.function
    def k(A: T.Tensor((32, 4), "int32"), B: T.Tensor((32, 4), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        r = T.alloc_local((32, 4), "int32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        T.cuda.tile.apply(T.ptx["ld.global.v4.s32"], r, A, scope="warp")
        T.cuda.tile.apply(T.ptx.add.s32, r.view(32, 4, 1), r.view(32, 4, 1),
                          T.int32(-7), scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.v4.u32"], B, r, scope="warp")
    A = np.arange(128, dtype=np.int32).reshape(32, 4)
    out = run(k, A=A, B=np.zeros_like(A))["B"]
    assert np.array_equal(out, A - 7)


# --- Diagnostics ------------------------------------------------------------

def trace_error(body, match):
    with pytest.raises(TileError, match=match):
        T.function(body)


def test_a_thread_guard_of_part_of_two_warpgroups_around_a_wgmma():
    """`if tx >= 128:` around a wgmma of a 256-thread block selects the
    second warpgroup (wgmma_tid_guard_wg1); `tx >= 64` selects half of
    the first and all of the second: an error that says so."""
    def k(D: T.Tensor((64, 8), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=256))
        tx = T.cuda.thread_idx("x")
        acc = T.alloc_local((4,), "float32")
        da = T.uint64(0)
        if tx >= 64:
            T.ptx.wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16(
                acc[0], acc[1], acc[2], acc[3], da, da, T.bool(True), 1, 1,
                0, 0)
    trace_error(k, r"a thread_idx guard selecting threads \[64, 256\) "
                "around a warpgroup operation: it selects parts of several "
                "warpgroups")


def test_a_guard_and_an_operand_that_disagree():
    def k(A: T.Tensor((32, 4), "float32")):
        lane = T.cuda.lane_id()
        r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        if lane < 16:
            T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r[0:8], A[0:8],
                              scope="warp")
    trace_error(k, r"extent 8 in the operands, but the enclosing condition "
                r"selects 16 lanes \[0, 16\)")


def test_registers_owned_by_other_lanes():
    def k(A: T.Tensor((32, 4), "float32")):
        lane = T.cuda.lane_id()
        r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        if lane >= 16:
            T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r[0:16], A[16:32],
                              scope="warp")
    trace_error(k, "row 0 of the register operand belongs to lane 0, but "
                "the operation's lanes start at 16")


def test_unsupported_layouts_are_named():
    def strided_lanes(A: T.Tensor((32, 4), "float32")):
        r = T.alloc_local((8, 4), "float32", layout=T.TileLayout(
            T.S[(8, 4):(4 @ LANE, 1)]))
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, A[0:8, :],
                          scope="warp")
    # Lanes 0, 4, ..., 28: a fragment layout, for matrix instructions only.
    trace_error(strided_lanes, "ld.global.v4.b32 at scope warp: a tile in a "
                "fragment layout is an operand of a warp's matrix "
                "instruction")

    def split_repeat_axis(A: T.Tensor((32, 4), "float32")):
        r = T.alloc_local((4, 8, 4), "float32", layout="default")
        v = A.view(4, 8, 4, layout=T.TileLayout(T.S[(4, 2, 4, 4):(4, 16,
                                                                  64, 1)]))
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, v)
    trace_error(split_repeat_axis, "axis 1 of the view splits over two "
                "strides and is not a group axis of scope thread")

    def split_region(A: T.Tensor((32, 4), "float32")):
        A.view(32, 4, layout=T.TileLayout(T.S[(2, 16, 4):(4, 8, 1)]))[0:8]
    trace_error(split_region, "a region or an element of a view whose "
                "layout splits axis 0 over two strides")

    def wrong_binding(A: T.Tensor((2, 32, 4), "float32")):
        r = T.alloc_local((32, 2, 4), "float32", layout=T.TileLayout(
            T.S[(32, 2, 4):(1 @ LANE, 1 @ WARP, 1)]))
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, A.permute(1, 0, 2),
                          scope="cta")
    trace_error(wrong_binding, "bound to the lane, not the warp")


def test_regions_out_of_bounds():
    def k(A: T.Tensor((32, 4), "float32")):
        A[16:40, :]
    trace_error(k, r"region \[16, 40\) of axis 0 is outside \[0, 32\)")

    def dynamic(A: T.Tensor((32, 4), "float32"), n: T.int32):
        A[n:2 * n, :]
    trace_error(dynamic, "has no constant extent")


def test_return_inside_a_kernel_branch():
    def k(A: T.Tensor((32, 4), "float32")):
        if T.cuda.lane_id() < 3:
            return
    trace_error(k, "`break`, `continue` or `return` inside an `if` on a "
                "kernel value is not supported")


def test_kernel_values_have_no_python_truth():
    code = compile("def k(A):\n    if T.cuda.lane_id() < 3:\n        pass\n",
                   "<exec>", "exec")
    ns = {"T": T}
    exec(code, ns)
    k = ns["k"]
    k.__annotations__["A"] = T.Tensor((4,), "float32")
    with pytest.raises(TileError, match="no Python truth value"):
        T.function(k)


def test_arithmetic_on_kernel_values():
    @T.function
    def k(A: T.Tensor((32, 1), "int32"), B: T.Tensor((32, 1), "int32"),
          n: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        r = T.alloc_local((32, 1), "int32", layout=T.TileLayout(
            T.S[(32, 1):(1 @ LANE, 1)]))
        v = (lane - 7) // 4 * n + (lane - 7) % 4 - (lane ^ 5)
        w = v if lane < 16 else -v
        T.cuda.tile.apply(T.ptx["mov.b32"], r.view(32, 1), w, scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.b32"], B, r, scope="warp",
                          pred=not lane == 9)
    lane = np.arange(32)
    v = (lane - 7) // 4 * 3 + (lane - 7) % 4 - (lane ^ 5)
    want = np.where(lane < 16, v, -v).astype(np.int32).reshape(32, 1)
    want[9] = 99
    out = run(k, A=np.zeros((32, 1), np.int32),
              B=np.full((32, 1), 99, np.int32), n=3)["B"]
    assert np.array_equal(out, want)


def test_element_level_code():
    """TIRx's native level: element reads and writes, T.unroll, T.cast,
    instructions called on elements, predicates kept in 32-bit elements."""
    @T.function
    def k(A: T.Tensor((32, 4), "float32"), B: T.Tensor((32, 4), "float32"),
          M: T.Tensor((32, 4), "uint32"), slope: T.float32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        x = T.alloc_local((4,), "float32")
        p = T.alloc_local((4,), "uint32")
        t = T.alloc_local((1,), "float32")
        for i in T.unroll(4):
            x[i] = A[lane, i]
            T.ptx.setp.lt.f32(p[i], x[i], T.float32(0))
            T.ptx.mul.rn.f32(t[0], x[i], slope)
            T.ptx.selp.f32(x[i], t[0], x[i], T.ptx.pred(p[i]))
            B[lane, i] = x[i] + x[i] * T.float32(0)
            M[lane, i] = p[i] + T.cast(T.cast(x[i] < 0, "int32"), "uint32")
    A = rand((32, 4), 9)
    got = run(k, A=A, B=np.zeros_like(A), M=np.zeros((32, 4), np.uint32),
              slope=0.25)
    assert np.array_equal(got["B"], np.where(A < 0, A * np.float32(0.25),
                                             A))
    assert np.array_equal(got["M"], (A < 0).astype(np.uint32) * 2)


def test_shuffles_on_elements():
    @T.function
    def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        v = T.alloc_local((2,), "float32")
        v[0] = A[lane]
        for i in T.unroll(5):
            T.ptx.shfl_sync.bfly.b32(v[1], v[0], T.uint32(16 >> i),
                                     T.uint32(31), T.uint32(0xFFFFFFFF))
            v[0] = v[0] + v[1]
        B[lane] = v[0]
    A = np.arange(32, dtype=np.float32)
    got = run(k, A=A, B=np.zeros_like(A))["B"]
    assert np.array_equal(got, np.full(32, A.sum(), np.float32))


def test_ewise_applies_a_private_scalar_function():
    @T.function(private=True)
    def mix(x: T.uint32, k: T.uint32) -> T.uint32:
        y = (x ^ k) & T.uint32(0xFFFF)
        return (y << 1) | 1 if y > 100 else y >> 1

    @T.function(private=True)
    def affine(x: T.float32, a: T.float32) -> T.float32:
        return x * a + T.float32(1)

    @T.function
    def k(A: T.Tensor((32, 4), "uint32"), B: T.Tensor((32, 4), "uint32"),
          F: T.Tensor((32, 4), "float32"), key: T.uint32, a: T.float32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        r = T.alloc_local((32, 4), "uint32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        f = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        T.cuda.tile.apply(T.ptx["ld.global.v4.u32"], r, A, scope="warp")
        T.cuda.tile.ewise(mix, r, r, key, scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.v4.u32"], B, r, scope="warp")
        T.cuda.tile.apply(T.ptx["ld.global.v4.f32"], f, F, scope="warp")
        T.cuda.tile.ewise(affine, f, f, a, scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.v4.f32"], F, f, scope="warp")
    A = np.random.default_rng(11).integers(0, 2**32, (32, 4),
                                           dtype=np.uint32)
    F = rand((32, 4), 12)
    # x * a + 1 is one fma, as nvcc contracts it (a = 0.1: not exact).
    assert k.ptx().count("fma.rn.f32") == 4
    got = run(k, A=A, B=np.zeros_like(A), F=F.copy(), key=0x1234, a=0.1)
    y = (A ^ np.uint32(0x1234)) & np.uint32(0xFFFF)
    want = np.where(y > 100, (y << np.uint32(1)) | np.uint32(1),
                    y >> np.uint32(1))
    assert np.array_equal(got["B"], want)
    fma = (F.astype(np.float64) * np.float64(np.float32(0.1)) + 1.0)
    assert np.array_equal(got["F"], fma.astype(np.float32))
    assert not np.array_equal(got["F"], F * np.float32(0.1) + np.float32(1))

    def uses_sinh16(A: T.Tensor((4,), "float16")):
        T.sinh(T.float16(1))
    trace_error(uses_sinh16, "T.sinh of float16 is not supported")


def test_dtype_views_of_packed_halves():
    @T.function
    def k(X: T.Tensor((32, 8), "float16"), D: T.Tensor((32, 8), "float16")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        x = T.alloc_local((32, 4), "uint32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], x, X.view("uint32"),
                          scope="warp")
        x1 = x.view(32, 4, 1)
        # x * 1.5 + 0.25 on both halves of each word.
        T.cuda.tile.apply(T.ptx["fma.rn.f16x2"], x1, x1,
                          T.uint32(0x3E003E00), T.uint32(0x34003400),
                          scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.v4.b32"], D.view("uint32"), x,
                          scope="warp")
    assert "%X: memref<32x4xi32>" in k.mlir
    X = (np.arange(256).reshape(32, 8) / 16).astype(np.float16)
    got = run(k, X=X, D=np.zeros_like(X))["D"]
    want = (X.astype(np.float64) * 1.5 + 0.25).astype(np.float16)
    assert np.array_equal(got, want)

    def both(X: T.Tensor((32, 8), "float16")):
        r = T.alloc_local((4,), "uint32")
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, X.view("uint32").sub[0, :])
        X[0, 0] = T.float16(1)
    trace_error(both, "X is used both as float16 and, through a dtype view "
                "or an instruction's address, as uint32")

    def sliced(X: T.Tensor((32, 8), "float16")):
        X[0:4].view("uint32")
    trace_error(sliced, "a dtype view is of a whole tensor")


def test_tirx_layout_module_path():
    from tile_mlir.tirx.layout import S, TileLayout

    @T.function
    def k(A: T.Tensor((32, 4), "float32"), B: T.Tensor((32, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        r = T.alloc_local((32, 4), "float32", layout=TileLayout(
            S[(32, 4):(1 @ T.cuda.Axis.laneid, 1)]))
        T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r, A, scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B, r, scope="warp")
    A = rand((32, 4), 13)
    assert np.array_equal(run(k, A=A, B=np.zeros_like(A))["B"], A)


def shuffled_sum():
    @T.function
    def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32"),
          mask: T.uint32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        v = T.alloc_local((2,), "float32")
        v[0] = A[lane]
        T.ptx.shfl_sync.bfly.b32(v[1], v[0], T.uint32(1), T.uint32(31), mask)
        B[lane] = v[0] + v[1]
    return k


def test_the_cpu_backend_compiles_once_per_signature(monkeypatch):
    from tile_mlir import _capi
    monkeypatch.setenv("TILE_MLIR_CPU_CACHE", "")  # Count compilations.
    compiled = []
    real = _capi.Compiler.cpu_engine

    def counting(self, mlir, **kw):
        compiled.append(mlir)
        return real(self, mlir, **kw)
    monkeypatch.setattr(_capi.Compiler, "cpu_engine", counting)
    k = shuffled_sum()
    A = np.arange(32, dtype=np.float32)
    pairs = A + A.reshape(16, 2)[:, ::-1].reshape(32)
    for grid in (1, 3):
        B = np.zeros_like(A)
        k[grid](A, B, 0xFFFFFFFF, backend="cpu")
        assert np.array_equal(B, pairs)
    assert len(compiled) == 1  # New scalars and grids: the same engine.


def test_a_kernel_fault_on_the_cpu_backend_is_an_error():
    k = shuffled_sum()
    A = np.arange(32, dtype=np.float32)
    B = np.full(32, 7, np.float32)
    # Lanes 16-31 execute the shuffle with a mask that leaves them out.
    with pytest.raises(TileError, match=r"on the CPU backend failed "
                       r"\(status 1\):\ntile-cpu: lane 16 of warp 0 executes "
                       r"'shfl.sync.bfly.b32' with member mask 0x0000ffff"):
        k(A, B, 0xFFFF, backend="cpu")
    assert np.array_equal(B, np.full(32, 7, np.float32))  # Left as it was.
    k(A, B, 0xFFFFFFFF, backend="cpu")  # This process goes on.
    assert B[0] == 1.0


@pytest.mark.parametrize("lo", [0, 16])
def test_a_lane_axis_split_over_two_strides(lo):
    """Row r = n i + j of the view (n = 16 rows, or 8 under a guard that
    selects lanes 16-31) is at 4 i + 8 j: no one stride, so each lane
    addresses its row through its own offset."""
    n = (32 - lo) // 2

    @T.function
    def k(A: T.Tensor((32, 4), "float32"), B: T.Tensor((32, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        v = T.decl_tensor(A.data, ty_args=[T.Tensor((32 - lo, 4), "float32",
                          layout=T.TileLayout(T.S[(2, n, 4):(4, 8, 1)]))])
        r = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ LANE, 1)]))
        if lane >= lo:
            T.cuda.tile.apply(T.ptx["ld.global.v4.b32"], r[lo:32], v,
                              scope="warp")
            T.cuda.tile.apply(T.ptx["st.global.v4.b32"], B[lo:32, :],
                              r[lo:32], scope="warp")
    A = np.arange(128, dtype=np.float32).reshape(32, 4)
    got = run(k, A=A, B=np.zeros_like(A))["B"]
    flat = A.reshape(-1)
    want = np.zeros_like(A)
    for row in range(lo, 32):
        c = row - lo
        off = 4 * (c // n) + 8 * (c % n)
        want[row] = flat[off:off + 4]
    assert np.array_equal(got, want)


def test_assigning_a_shared_scalar_stores_it():
    """`mx = v` where mx is a T.shared_scalar stores v (TIRx: mx_ptr[0] =
    v), under an `if` on a kernel value too, so the other threads read it
    after the barrier; `mx += v` stores the sum. (The name used to be
    rebound to thread 0's value: the others read uninitialized memory.)"""
    @T.function
    def k(A: T.Tensor((64,), "int32"), B: T.Tensor((64,), "int32"),
          C: T.Tensor((64,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        tx = T.cuda.thread_idx("x")
        mx = T.shared_scalar("int32")
        if tx == 0:
            mx = A[5]
        T.cuda.cta_sync()
        B[tx] = mx
        T.cuda.cta_sync()
        if tx == 1:
            mx += A[2]
        T.cuda.cta_sync()
        C[tx] = mx
    A = np.arange(64, dtype=np.int32) * 3
    out = run(k, A=A, B=np.zeros(64, np.int32), C=np.zeros(64, np.int32))
    assert out["B"].tolist() == [15] * 64
    assert out["C"].tolist() == [21] * 64


def test_a_local_scalar_indexes_a_tensor():
    """A T.local_scalar used as an index is read (TIRx: A_ptr[... +
    j_ptr[0]]), for a load and for a store."""
    @T.function
    def k(A: T.Tensor((32, 8), "int32"), B: T.Tensor((32,), "int32"),
          C: T.Tensor((32, 8), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        j = T.local_scalar("int32", 3)
        B[lane] = A[lane, j]
        C[lane, j] = 99
    A = np.arange(256, dtype=np.int32).reshape(32, 8)
    out = run(k, A=A, B=np.zeros(32, np.int32),
              C=np.zeros((32, 8), np.int32))
    assert out["B"].tolist() == (np.arange(32) * 8 + 3).tolist()
    want = np.zeros((32, 8), np.int32)
    want[:, 3] = 99
    assert np.array_equal(out["C"], want)


def test_addresses_as_instruction_operands():
    """T.address_of(A[i]) and TIRx's buf.ptr_to([i]) where an instruction
    takes memory (ld, st, red, mbarrier); the opcode called as
    T.ptx["..."](...); a register declared `x: T.int32` and written by
    an instruction; T.evaluate of a call."""
    @T.function
    def k(A: T.Tensor((32,), "uint32"), B: T.Tensor((32,), "uint32"),
          R: T.Tensor((1,), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        t = T.cuda.thread_idx("x")
        v: T.uint32
        T.ptx["ld.global.nc.u32"](v, T.address_of(A[t]))
        T.evaluate(T.ptx.st.global_.u32(B.ptr_to([t]), v + T.uint32(1)))
        T.ptx.red.global_.add.u32(T.address_of(R[0]), v)
    A = np.arange(32, dtype=np.uint32) * 5
    out = run(k, A=A, B=np.zeros(32, np.uint32), R=np.zeros(1, np.uint32))
    assert out["B"].tolist() == (A + 1).tolist()
    assert out["R"].tolist() == [int(A.sum())]


def test_an_mbarrier_through_ptr_to_and_mbarrier_wait():
    """TIRx's form of mbarrier.arrive takes no state operand (it prints the
    sink `_`); T.cuda.mbarrier_wait polls try_wait.parity until the phase
    completes, after which every thread's shared store is visible."""
    @T.function
    def k(A: T.Tensor((64,), "int32"), B: T.Tensor((64,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        t = T.cuda.thread_idx("x")
        bar = T.alloc_shared((1,), "uint64")
        S = T.alloc_shared((64,), "int32")
        if t == 0:
            T.ptx.mbarrier.init.shared.b64(bar.ptr_to([0]), T.uint32(64))
        T.cuda.cta_sync()
        S[t] = A[t] + 1
        T.ptx.mbarrier.arrive.shared.b64(bar.ptr_to([0]))
        T.cuda.mbarrier_wait(bar.ptr_to([0]), 0)
        B[t] = S[63 - t]
    A = np.arange(64, dtype=np.int32)
    out = run(k, A=A, B=np.zeros(64, np.int32))
    assert out["B"].tolist() == (A[::-1] + 1).tolist()
    ptx = k.ptx("sm_90")
    assert "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64" in ptx
    assert "mbarrier.arrive.shared.b64" in ptx


def test_address_and_helper_errors():
    def wait_on_a_register(A: T.Tensor((4,), "uint64")):
        r = T.alloc_local((1,), "uint64")
        T.cuda.mbarrier_wait(r[0], 0)
    trace_error(wait_on_a_register, "T.cuda.mbarrier_wait takes the address "
                "of a 64-bit element of shared memory")

    def ptr_to_a_register(A: T.Tensor((4,), "uint64")):
        r = T.alloc_local((2,), "uint64")
        r.ptr_to([0])
    trace_error(ptr_to_a_register, "ptr_to takes one index per axis of a "
                "global or shared buffer")

    def fadd2(A: T.Tensor((4,), "uint64")):
        T.cuda.fadd2_rn(A[0], A[1])
    trace_error(fadd2, "T.cuda.fadd2_rn is not supported: nvcc 13.0.88 does "
                "not define __fadd2_rn for sm_90")

    def make_float2_of_three(A: T.Tensor((4,), "float32")):
        T.cuda.make_float2(A[0], A[1], A[2])
    trace_error(make_float2_of_three, "T.cuda.make_float2 takes 2 arguments, "
                "got 3")


def test_layout_offsets_and_replicas_where_they_do_not_apply():
    def register_offset(A: T.Tensor((4,), "float32")):
        T.alloc_local((4,), "float32", layout=T.TileLayout(T.S[4:1] + 8))
    trace_error(register_offset, r"a register tile is allocated with no "
                r"element offset \(\+ 8\)")

    def past_the_end(A: T.Tensor((64,), "float32")):
        T.decl_tensor(A.data, ty_args=[T.Tensor((4, 8), "float32",
                      layout=T.TileLayout(T.S[(4, 8):(8, 1)] + 40))])
    trace_error(past_the_end, r"T.decl_tensor's layout \+ 40 addresses "
                r"elements up to 71, beyond the \(64,\) elements")

    def replicated_memory(A: T.Tensor((64,), "float32")):
        T.decl_tensor(A.data, ty_args=[T.Tensor((4,), "float32",
                      layout=T.TileLayout(T.S[4:1] + T.R[32:1 @ LANE]))])
    trace_error(replicated_memory, "a memory view's layout names no "
                "execution axes")
    with pytest.raises(TileError, match="T.R"):
        T.R[32:1]


def test_a_distributed_view_that_needs_more_registers_than_the_tile():
    def k(A: T.Tensor((32, 2), "float32")):
        r = T.alloc_local((32, 2), "float32", layout=T.TileLayout(
            T.S[(32, 2):(1 @ LANE, 1)]))
        T.decl_tensor(r.data, ty_args=[T.Tensor(
            (32, 4), "float32", scope="local",
            layout=T.TileLayout(T.S[(32, 4):(1 @ LANE, 1)]))])
    trace_error(k, "T.decl_tensor: the layout spans 4 registers of each "
                "thread, the data has 2")


def test_pointer_helpers_scalar_declarations_and_pred_errors():
    def half_into_float(A: T.Tensor((8,), "float32")):
        f = T.alloc_local((8,), "float32")
        h = T.alloc_local((8,), "float32")
        T.cuda.float8tohalf8(f.data, h.data)
    trace_error(half_into_float, "T.cuda.float8tohalf8's destination must be "
                "the .data of a float16 tensor")

    def shared_as_local(A: T.Tensor((8,), "int32")):
        s = T.alloc_shared((1,), "int32")
        T.decl_scalar("int32", s.data, "local")
    trace_error(shared_as_local, "T.decl_scalar's data must be a local "
                "tensor's .data")

    def unsigned_ge(A: T.Tensor((8,), "uint64")):
        p = T.local_scalar("uint32")
        c = T.local_scalar("uint32")
        T.ptx.setp.ge.or_.u64(p, A[0], A[1], T.ptx.pred(c))
    # The form's own error (from the verifier), not one about the
    # T.ptx.pred operand.
    k = T.function(unsigned_ge)
    with pytest.raises(TileError, match="'setp.ge.or.u64' is not a "
                       "documented PTX form"):
        k.ptx("sm_90")


def test_decl_scalar_stores_into_its_data():
    @T.function
    def k(O: T.Tensor((4,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
        t = T.cuda.thread_idx("x")
        buf = T.alloc_local((2,), "int32")
        buf[0] = t
        v = T.decl_scalar("int32", buf.data, "local")
        v = v * 3 + 1
        O[t] = buf[0]
    out = run(k, O=np.zeros(4, np.int32))["O"]
    np.testing.assert_array_equal(out, np.arange(4) * 3 + 1)


def test_ramp_and_broadcast_errors():
    def two_ramps(A: T.Tensor((4, 4), "float32")):
        A[T.Ramp(0, 1, 4), T.Ramp(0, 1, 4)] = T.float32(0)
    trace_error(two_ramps, "an index takes one T.Ramp at most")

    def lanes_disagree(A: T.Tensor((8,), "float32")):
        A[T.Ramp(0, 1, 4)] = A[T.Ramp(4, 1, 4)] + T.Broadcast(T.float32(1), 2)
    trace_error(lanes_disagree, "vectors of 4 and 2 lanes")

    def too_few_lanes(A: T.Tensor((8,), "float32")):
        A[T.Ramp(0, 2, 4)] = T.Broadcast(T.float32(1), 3)
    trace_error(too_few_lanes, "3 lanes stored at 4 indices")


def test_swizzled_layout_errors():
    def too_small(A: T.Tensor((8,), "int32")):
        T.alloc_shared((4, 4), "int32",
                       layout=T.ComposeLayout(0, 3, 3, T.TileLayout(T.S[4, 4])))
    trace_error(too_small, "T.ComposeLayout's swizzle spans 64 elements, "
                "which do not divide the 16 of the buffer")

    def region_operand(A: T.Tensor((8, 8), "int32")):
        S = T.alloc_shared((8, 8), "int32",
                           layout=T.ComposeLayout(0, 3, 3, T.TileLayout(T.S[8, 8])))
        r = T.alloc_local((8,), "int32")
        T.cuda.tile.apply(T.ptx["ld.shared.b32"], r, S[0, 0:8])
    trace_error(region_operand, "has a swizzled layout \\(T.ComposeLayout\\): "
                "reach it one element at a time")

    def split_rows(A: T.Tensor((8,), "int32")):
        # 4-byte chunks: an ldmatrix row of 16 bytes would be scattered.
        S = T.alloc_shared((1, 8, 4), "uint32", layout=T.ComposeLayout(
            0, 2, 2, T.TileLayout(T.S[(1, 8, 4):(32, 4, 1)])))
        r = T.alloc_local((1, 8, 4), "uint32", layout=T.TileLayout(
            T.S[(1, 8, 4):(1, 4 @ T.cuda.Axis.laneid,
                           1 @ T.cuda.Axis.laneid)]))
        T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x1.shared.b16,
                          r, S, scope="warp")
    trace_error(split_rows, "operand 'p' of ldmatrix.sync.aligned.m8n8.x1."
                "shared.b16: its swizzle moves chunks of 4 bytes, which "
                "would split a row of 16 bytes")

    def narrowed_warps(A: T.Tensor((8,), "int32")):
        # Warps 0 and 1 of 4 at cta scope: each warp's rows are at its own
        # offset, which is refused where the guard narrows the warps.
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
        S = T.alloc_shared((2, 2, 8, 4), "uint32", layout=T.ComposeLayout(
            2, 2, 3, T.TileLayout(T.S[(2, 2, 8, 4):(64, 32, 4, 1)])))
        buf = T.alloc_local((2,), "uint32")
        r = T.decl_tensor(buf.data, ty_args=[T.Tensor(
            (2, 2, 8, 4), "uint32", scope="local", layout=T.TileLayout(
                T.S[(2, 2, 8, 4):(1 @ T.cuda.Axis.warpid, 1,
                                  4 @ T.cuda.Axis.laneid,
                                  1 @ T.cuda.Axis.laneid)]))])
        if T.cuda.warp_id() < 2:
            T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x2.shared.b16,
                              r, S, scope="cta")
    trace_error(narrowed_warps, "the swizzled shared operand of ldmatrix."
                "sync.aligned.m8n8.x2.shared.b16: its group axis is one "
                "stride over all the scope's warps")

    def short_atom(A: T.Tensor((8,), "int32")):
        T.ComposeLayout(0, 3, 2, T.TileLayout(T.S[8, 8]))
    trace_error(short_atom, "atom_len 2 is less than its swizzle_len 3")


def test_grid_loop_nests_take_kernel_extents():
    """`for i, j in T.grid(m, (1, 3))` is a loop nest: an extent may be a
    scalar parameter (a kernel loop), a (start, extent) pair starts there;
    with a break in its body, a kernel extent is an error that says why."""
    @T.function
    def k(A: T.Tensor((32, 4), "int32"), m: T.int32,
          O: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        tx = T.cuda.thread_idx("x")
        acc = T.local_scalar("int32", 0)
        for i, j in T.grid(m, (1, 3)):
            acc = acc + A[i, j] * (tx + 1)
        O[tx] = acc
    A = np.arange(128, dtype=np.int32).reshape(32, 4) - 50
    for m in (0, 1, 5):
        out = run(k, A=A, m=np.int32(m), O=np.zeros(32, np.int32))["O"]
        want = A[:m, 1:4].sum() * (np.arange(32) + 1)
        assert np.array_equal(out, want.astype(np.int32))

    def with_break(A: T.Tensor((8, 8), "int32"), m: T.int32):
        for i, j in T.grid(m, 8):
            if j > 4:
                break
            A[i, j] = 0
    trace_error(with_break, "T.grid with a kernel-valued extent, in a loop "
                "with a break")


def test_element_level_matrix_addresses_are_16_bit_rows():
    def words(A: T.Tensor((32, 4), "uint32")):
        S = T.alloc_shared((32, 4), "uint32")
        r = T.alloc_local((4,), "uint32")
        T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16(
            r[0], r[1], r[2], r[3], T.cuda.cvta_generic_to_shared(
                S.ptr_to([T.cuda.lane_id(), 0])))
    trace_error(words, "operand 'p' of ldmatrix.sync.aligned.m8n8.x4.shared"
                ".b16: each lane passes the address of its row, a b16 "
                "element of shared memory")


def test_decl_scalar_over_global_memory():
    """T.decl_scalar(..., "global") is a global word as a variable: each
    assignment stores, each read loads (thread 0 counts, the others read
    the count after a barrier)."""
    @T.function
    def k(G: T.Tensor((2,), "int32"), O: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        tx = T.cuda.thread_idx("x")
        cnt = T.decl_scalar("int32", G.data, "global")
        if tx == 0:
            for i in T.serial(G[1]):
                cnt = cnt + 2
        T.cuda.cta_sync()
        O[tx] = cnt
    out = run(k, G=np.array([5, 4], np.int32), O=np.zeros(32, np.int32))
    assert np.array_equal(out["G"], [13, 4])
    assert np.array_equal(out["O"], np.full(32, 13, np.int32))

    def shared_data(A: T.Tensor((4,), "int32")):
        S = T.alloc_shared((4,), "int32")
        T.decl_scalar("int32", S.data, "global")
    trace_error(shared_data, "T.decl_scalar's data must be a global "
                "tensor's .data")

    def constant(A: T.Tensor((4,), "int32")):
        T.decl_scalar("int32", A.data, "constant")
    trace_error(constant, "T.decl_scalar scope 'constant': local, shared or "
                "global")


def test_a_swizzled_view_is_declared_over_shared_storage_only():
    def parameter(A: T.Tensor((8, 8), "int32", layout=T.ComposeLayout(
            0, 3, 3, T.TileLayout(T.S[8, 8])))):
        pass
    trace_error(parameter, "parameter 'A' of parameter: a T.ComposeLayout "
                "\\(swizzled\\) layout is for shared memory")

    def partial(A: T.Tensor((8,), "int32")):
        S = T.alloc_shared((96,), "int32")
        T.decl_tensor(S.data, ty_args=[T.Tensor((8, 8), "int32", layout=(
            T.ComposeLayout(0, 3, 3, T.TileLayout(T.S[8, 8]))))])
    trace_error(partial, "whole swizzle patterns of 64 elements, got .* "
                "\\(96 elements\\)")

    def registers(A: T.Tensor((8,), "int32")):
        r = T.alloc_local((64,), "int32")
        T.decl_tensor(r.data, ty_args=[T.Tensor((8, 8), "int32", layout=(
            T.ComposeLayout(0, 3, 3, T.TileLayout(T.S[8, 8]))))])
    trace_error(registers, "its data is shared storage")
