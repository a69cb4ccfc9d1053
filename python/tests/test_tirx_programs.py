"""Programs written for TIRx (tirx_programs/, each checked to compile with
the real TIRx) run with only the import line changed: on the CPU backend
against the reference values their main() computes with numpy and, where
tirx_programs/h200 has them, bit for bit against the outputs of TIRx's own
kernel on the H200 (utils/tirx_parity.py run --save); and their PTX
through ptxas. utils/tirx_parity.py runs the same files on the H200 against
TIRx's own kernels."""

import importlib.util
import os
import pathlib
import shutil
import subprocess
import sys
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
np = pytest.importorskip("numpy")

from tile_mlir import TileError, TileWarning  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402
from tile_mlir.tirx import ported  # noqa: E402

HERE = pathlib.Path(__file__).parent / "tirx_programs"
H200 = HERE / "h200"
PROGRAMS = sorted(HERE.glob("*.py"))
LANE = T.cuda.Axis.laneid


def load(path, tmp_path):
    # The import line changed, and TIRx's other modules by their package
    # prefix (tile_mlir mirrors the paths it supports).
    text = ported(path.read_text())
    ours = tmp_path / path.name
    ours.write_text(text)
    spec = importlib.util.spec_from_file_location(path.stem, ours)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    kernel = [v for v in vars(mod).values() if isinstance(v, T.PrimFunc)][0]
    return mod, kernel


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_on_the_cpu_backend(path, tmp_path):
    mod, kernel = load(path, tmp_path)
    inputs, expected = mod.main()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        kernel(**inputs, backend="cpu")
    h200 = H200 / f"{path.stem}.npz"
    if h200.exists():
        with np.load(h200) as z:
            for name in z.files:
                assert inputs[name].tobytes() == z[name].tobytes(), name
    # Library functions against numpy's correctly rounded values (ULP: one
    # bound, or a bound per output).
    bounds = getattr(mod, "ULP", 0)
    for name, want in expected.items():
        ulp = bounds.get(name, 0) if isinstance(bounds, dict) else bounds
        if not ulp:
            assert inputs[name].tobytes() == want.tobytes(), name
            continue
        # ULPs of the output's own format (as Python integers).
        bits = {2: np.int16, 4: np.int32, 8: np.int64}[want.itemsize]
        got = inputs[name].view(bits).astype(object)
        ref = want.astype(inputs[name].dtype).view(bits).astype(object)
        # A NaN's payload is the GPU's, checked bit for bit on the H200.
        nans = np.isnan(inputs[name]) & np.isnan(want)
        assert np.abs(np.where(nans, 0, got - ref)).max() <= ulp, name


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_ptx_assembles(path, tmp_path):
    ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
    if not os.path.exists(ptxas):
        pytest.skip("no ptxas")
    mod, kernel = load(path, tmp_path)
    if kernel._dynamic:  # T.dynamic extents: those of the program's inputs.
        inputs, _ = mod.main()
        kernel = kernel._specialized([inputs[p] for p, _ in kernel.params])
    ptx = tmp_path / "k.ptx"
    ptx.write_text(kernel.ptx("sm_90"))
    # sm_90a for a kernel of arch-specific instructions (wgmma): the PTX's
    # own target.
    r = subprocess.run([ptxas, f"-arch={kernel._arch_chip('sm_90')}",
                        str(ptx), "-o",
                        str(tmp_path / "k.cubin")], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr


def bf16_fragments(abuf, bbuf):
    """m16n8k16's A and B over a thread's 4 and 2 registers, in TIRx's
    atoms."""
    a = T.decl_tensor(abuf.data, ty_args=[T.Tensor(
        (1, 1, 16, 8), "uint32", scope="local", layout=T.TileLayout(
            T.S[(1, 1, 2, 8, 2, 4):(0, 0, 1, 4 @ LANE, 2, 1 @ LANE)]))])
    b = T.decl_tensor(bbuf.data, ty_args=[T.Tensor(
        (1, 1, 8, 8), "uint32", scope="local", layout=T.TileLayout(
            T.S[(1, 1, 8, 2, 4):(0, 0, 4 @ LANE, 1, 1 @ LANE)]))])
    return a, b


def mma_with(d_layout, d_regs=4):
    def k(A: T.Tensor((32, 4), "uint32"), D: T.Tensor((32, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        abuf = T.alloc_local((4,), "uint32")
        bbuf = T.alloc_local((2,), "uint32")
        dbuf = T.alloc_local((d_regs,), "float32")
        a, b = bf16_fragments(abuf, bbuf)
        d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor(
            (1, 1, 16, 8), "float32", scope="local", layout=d_layout)])
        T.cuda.tile.apply(
            T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32,
            d, a, b, T.float32(0), scope="warp")
    return k


def test_a_fragment_layout_that_gives_a_register_to_another_lane():
    # Rows and columns of the lane swapped: register 0 of lane 1 is element
    # (0, 2) of the atom, which this layout gives to lane 4.
    swapped = T.TileLayout(T.S[(1, 1, 2, 8, 4, 2):(0, 0, 2, 1 @ LANE,
                                                    8 @ LANE, 1)])
    with pytest.raises(TileError, match=r"operand 'd' of mma.sync.aligned."
                       r"m16n8k16.row.col.f32.bf16.bf16.f32: register 0 of "
                       r"lane 1 is element \(0, 0, 0, 2\) of the tile, which "
                       r"its layout gives to laneid 8"):
        T.function(mma_with(swapped))


def gapped_mma():
    # D's registers ((h, e) = (0, 0), (0, 1), (1, 0), (1, 1)) at 0, 1, 3, 4
    # of five: no one stride per register, so the mma writes a gathered
    # copy that is written back.
    @T.function
    def k(A: T.Tensor((32, 4), "uint32"), B: T.Tensor((32, 2), "uint32"),
          D: T.Tensor((32, 5), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        abuf = T.alloc_local((4,), "uint32")
        bbuf = T.alloc_local((2,), "uint32")
        dbuf = T.alloc_local((5,), "float32")
        for i in T.unroll(4):
            abuf[i] = A[lane, i]
        for i in T.unroll(2):
            bbuf[i] = B[lane, i]
        for i in T.unroll(5):
            dbuf[i] = T.float32(-1)
        a, b = bf16_fragments(abuf, bbuf)
        d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor(
            (1, 1, 16, 8), "float32", scope="local", layout=T.TileLayout(
                T.S[(1, 1, 2, 8, 4, 2):(0, 0, 3, 4 @ LANE, 1 @ LANE, 1)]))])
        T.cuda.tile.apply(
            T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32,
            d, a, b, T.float32(0.5), scope="warp")
        for i in T.unroll(5):
            D[lane, i] = dbuf[i]
    return k


def test_fragment_registers_at_offsets_that_are_not_affine():
    rng = np.random.default_rng(7)
    # Small integers: every sum is exact in f32, whatever the order.
    a = rng.integers(-4, 5, (16, 16)).astype(np.float32)
    b = rng.integers(-4, 5, (16, 8)).astype(np.float32)
    bf16 = lambda x: (x.view(np.uint32) >> 16).astype(np.uint32)
    pair = lambda lo, hi: bf16(lo) | (bf16(hi) << 16)
    A = np.zeros((32, 4), np.uint32)
    B = np.zeros((32, 2), np.uint32)
    want = np.full((32, 5), -1, np.float32)
    d = a @ b + np.float32(0.5)
    # The PTX ISA's m16n8k16 fragments (lane l: group g = l / 4, t = l % 4).
    for lane in range(32):
        g, t = divmod(lane, 4)
        for r, (row, col) in enumerate([(g, 0), (g + 8, 0), (g, 8),
                                        (g + 8, 8)]):
            A[lane, r] = pair(a[row, col + 2 * t], a[row, col + 2 * t + 1])
        for r in range(2):
            B[lane, r] = pair(b[8 * r + 2 * t, g], b[8 * r + 2 * t + 1, g])
        for slot, (row, col) in zip((0, 1, 3, 4), [
                (g, 2 * t), (g, 2 * t + 1), (g + 8, 2 * t),
                (g + 8, 2 * t + 1)]):
            want[lane, slot] = d[row, col]
    D = np.zeros((32, 5), np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        gapped_mma()(A, B, D, backend="cpu")
    assert D.tobytes() == want.tobytes()


def test_a_fragment_tile_is_an_operand_of_matrix_instructions_only():
    def k(A: T.Tensor((32, 4), "float32")):
        dbuf = T.alloc_local((4,), "float32")
        d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor(
            (16, 8), "float32", scope="local", layout=T.TileLayout(
                T.S[(2, 8, 4, 2):(2, 4 @ LANE, 1 @ LANE, 1)]))])
        T.cuda.tile.apply(T.ptx.neg.f32, d, d, scope="warp")
    with pytest.raises(TileError, match="neg.f32 at scope warp: a tile in a "
                       "fragment layout is an operand of a warp's matrix "
                       "instruction"):
        T.function(k)

    def region(A: T.Tensor((32, 4), "float32")):
        dbuf = T.alloc_local((4,), "float32")
        d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor(
            (16, 8), "float32", scope="local", layout=T.TileLayout(
                T.S[(2, 8, 4, 2):(2, 4 @ LANE, 1 @ LANE, 1)]))])
        d[0:8, :]
    with pytest.raises(TileError, match="a region or an element of a tile "
                       "in a fragment layout"):
        T.function(region)


def test_ldmatrix_through_a_shared_view_whose_warp_axis_splits():
    """Warp w = 2 i + j reads its four matrices at 128 i + 256 j words: the
    split runs are rescaled with the 16-bit rows and stay on the warp axis
    (a review found both wrong)."""
    WARP = T.cuda.Axis.warpid

    @T.function
    def k(A: T.Tensor((4, 4, 8, 4), "uint32"),
          R: T.Tensor((128, 4), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=128))
        lane, warp = T.cuda.lane_id(), T.cuda.warp_id()
        tid = T.cuda.thread_idx("x")
        S = T.alloc_shared((4, 4, 8, 4), "uint32")
        for i in T.unroll(4):
            S[warp, i, lane // 4, lane % 4] = A[warp, i, lane // 4, lane % 4]
        T.cuda.cta_sync()
        Sv = T.decl_tensor(S.data, ty_args=[T.Tensor(
            (4, 4, 8, 4), "uint32", layout=T.TileLayout(
                T.S[(2, 2, 4, 8, 4):(128, 256, 32, 4, 1)]))])
        rbuf = T.alloc_local((4,), "uint32")
        r = T.decl_tensor(rbuf.data, ty_args=[T.Tensor(
            (4, 4, 8, 4), "uint32", scope="local", layout=T.TileLayout(
                T.S[(4, 4, 8, 4):(1 @ WARP, 1, 4 @ LANE, 1 @ LANE)]))])
        T.cuda.tile.apply(T.ptx.ldmatrix.sync.aligned.m8n8.x4.shared.b16,
                          r, Sv, scope="cta")
        for i in T.unroll(4):
            R[tid, i] = rbuf[i]
    A = np.arange(512, dtype=np.uint32).reshape(4, 4, 8, 4)
    R = np.zeros((128, 4), np.uint32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(A, R, backend="cpu")
    flat = A.reshape(-1)
    for w in range(4):
        base = 128 * (w // 2) + 256 * (w % 2)
        for lane in range(32):
            for m in range(4):
                assert R[32 * w + lane, m] == \
                    flat[base + 32 * m + 4 * (lane // 4) + lane % 4]


def test_extra_operands_with_fragment_tiles_are_refused():
    def k(A: T.Tensor((32, 4), "float32")):
        dbuf = T.alloc_local((4,), "float32")
        d = T.decl_tensor(dbuf.data, ty_args=[T.Tensor(
            (1, 1, 16, 8), "float32", scope="local", layout=T.TileLayout(
                T.S[(1, 1, 2, 8, 4, 2):(0, 0, 2, 4 @ LANE, 1 @ LANE, 1)]))])
        T.cuda.tile.apply(
            T.ptx.mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32,
            d, d, d, T.float32(0), T.float32(5), scope="warp")
    with pytest.raises(TileError, match=r"mma.sync.aligned.m16n8k16.row.col."
                       r"f32.bf16.bf16.f32 takes 4 operands, got 5"):
        T.function(k)


def test_a_fragment_tiles_registers_can_be_declared_again():
    @T.function
    def k(A: T.Tensor((32, 4), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        lane = T.cuda.lane_id()
        d = T.alloc_local((16, 8), "float32", layout=T.TileLayout(
            T.S[(2, 8, 4, 2):(2, 4 @ LANE, 1 @ LANE, 1)]))
        regs = T.decl_tensor(d.data, ty_args=[T.Tensor((4,), "float32",
                                                       scope="local")])
        for i in T.unroll(4):
            regs[i] = A[lane, i] * T.float32(2)
        for i in T.unroll(4):
            A[lane, i] = regs[i]
    A = np.arange(128, dtype=np.float32).reshape(32, 4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        k(A, backend="cpu")
    assert np.array_equal(A, np.arange(128, dtype=np.float32).reshape(32, 4)
                          * 2)


def test_the_cpu_backend_says_when_it_cannot_wait_for_its_run():
    import signal
    k = T.function(write_threes)
    old = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:
        A = np.zeros(32, np.float32)
        with pytest.raises(TileError, match="cannot wait for the CPU "
                           "backend's run: No child processes"):
            k(A, backend="cpu")
        assert not A.any()  # Not copied back.
    finally:
        signal.signal(signal.SIGCHLD, old)


def write_threes(A: T.Tensor((32,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    A[T.cuda.thread_idx("x")] = T.float32(3)
