"""Tests of the Python front-end: tracing, compilation, diagnostics, and (on a
GPU) execution of the seed example."""

import ctypes
import os
import re
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tile_mlir import CudaError, TileError  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))


def seed():
    @T.function
    def affine_fma(A: T.Tensor((4, 1), "float32"),
                   Out: T.Tensor((4, 1), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        r = T.alloc_local((4, 1), "float32", layout="default")
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
        T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, T.float32(2),
                          T.float32(1))
        T.cuda.tile.apply(T.ptx["st.global.f32"], Out, r)
    return affine_fma


def has_driver():
    try:
        return ctypes.CDLL("libcuda.so.1").cuInit(0) == 0
    except OSError:
        return False


def test_seed_traces_to_tile_ops():
    mlir = seed().mlir
    assert "gpu.func @affine_fma(%A: memref<4x1xf32>, %Out: memref<4x1xf32>)" \
        in mlir
    ops = re.findall(r'tile.apply "([^"]+)"', mlir)
    assert ops == ["ld.global.f32", "fma.rn.f32", "st.global.f32"]
    assert re.search(r"%(\w+) = arith.constant 2.0 : f32", mlir)
    assert re.search(r"%(\w+) = arith.constant 1.0 : f32", mlir)
    assert "tile.alloc_local : memref<4x1xf32, #tile.reg>" in mlir


def test_seed_compiles_to_ptx():
    ptx = seed().ptx()
    assert ptx.count("fma.rn.f32") == 4
    assert ptx.count("ld.global.f32") == 4
    assert ptx.count("st.global.f32") == 4
    assert not re.search(r"\b(ld|st)\.local\b", ptx)
    assert ".target sm_90" in ptx


def test_seed_file_runs_with_only_the_import_changed():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples",
                                                     "affine_fma.py")],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("fma.rn.f32") >= 4
    # On the GPU, or on the CPU backend where there is none.
    assert "Out = [7.0, 11.0, 15.0, 23.0]" in r.stdout


def test_verifier_diagnostics_become_tile_errors():
    @T.function
    def bad(A: T.Tensor((4, 1), "uint16")):
        r = T.alloc_local((4, 1), "uint16")
        T.cuda.tile.apply(T.ptx["fma.rz.bf16"], r, r, r, r)
    with pytest.raises(TileError, match="'fma.rz.bf16' is not a documented "
                       "PTX form"):
        bad.ptx()


def test_target_floor_is_checked():
    @T.function
    def packed(A: T.Tensor((2, 1), "uint64")):
        r = T.alloc_local((2, 1), "uint64")
        T.cuda.tile.apply(T.ptx["ld.global.b64"], r, A)
        T.cuda.tile.apply(T.ptx["fma.rn.f32x2"], r, r, r, r)
        T.cuda.tile.apply(T.ptx["st.global.b64"], A, r)
    with pytest.raises(TileError, match="requires sm_100 or newer, but the "
                       "target is sm_90"):
        packed.ptx("sm_90")
    assert packed.ptx("sm_100").count("fma.rn.f32x2") == 2


def test_untyped_scalars_are_rejected():
    with pytest.raises(TileError, match=r"untyped Python float; write it as "
                       r"a typed scalar of the operand's type "
                       r"\(T.float32\(2.0\), T.float64\(2.0\)"):
        @T.function
        def f(A: T.Tensor((4, 1), "float32")):
            r = T.alloc_local((4, 1), "float32")
            T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, 2.0, 1.0)
    with pytest.raises(TileError, match=r"untyped Python int; .* "
                       r"\(T.int32\(3\), T.uint32\(3\)"):
        @T.function
        def g(A: T.Tensor((4, 1), "uint32")):
            r = T.alloc_local((4, 1), "uint32")
            T.cuda.tile.apply(T.ptx["add.u32"], r, r, 3)


def test_an_untyped_scalar_of_an_undocumented_opcode_names_the_opcode():
    """An opcode outside the table (mma.sp): the verifier's words about the
    opcode, not a hint to type an operand that cannot make it valid."""
    @T.function
    def f(A: T.Tensor((4, 1), "uint32")):
        r = T.alloc_local((4, 1), "uint32")
        T.cuda.tile.apply(T.ptx["add.sp.u32"], r, r, 0)
    with pytest.raises(TileError, match=r"test_tirx.py:\d+:\d+: error: .*"
                       r"unknown qualifier '.sp' in 'add.sp.u32'"):
        f.ptx("sm_90")


def test_parameters_need_annotations():
    with pytest.raises(TileError, match="needs a T.Tensor"):
        @T.function
        def f(A):
            pass


def test_warp_scope_and_predicate():
    @T.function
    def warp(A: T.Tensor((32, 2, 1), "float32"), p: T.Scalar("bool")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        r = T.alloc_local((32, 2, 1), "float32", group=1)
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A, scope="warp")
        T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, T.float32(2),
                          T.float32(1), scope="warp", pred=p,
                          preserve_dst=True)
        T.cuda.tile.apply(T.ptx["st.global.f32"], A, r, scope="warp")
    assert "memref<32x2x1xf32, strided<[0, 1, 1]>, #tile.reg>" in warp.mlir
    assert "pred(%p) preserve_dst scope(warp)" in warp.mlir
    ptx = warp.ptx()
    assert ptx.count("@%tile_p fma.rn.f32") == 2
    assert "%laneid" in ptx


def test_runtime_without_a_driver_is_a_clean_error():
    if has_driver():
        pytest.skip("a CUDA driver is present")
    import numpy as np
    A = np.zeros((4, 1), dtype=np.float32)
    with pytest.raises(CudaError, match="no CUDA driver") as e:
        seed()(A, A.copy(), backend="cuda")
    assert e.value.code == -1


def test_seed_runs_on_the_cpu_backend():
    import numpy as np
    A = np.array([[3.0], [5.0], [7.0], [11.0]], dtype=np.float32)
    Out = np.zeros((4, 1), dtype=np.float32)
    seed()(A, Out, backend="cpu")
    assert Out.ravel().tolist() == [7.0, 11.0, 15.0, 23.0]
    if not has_driver():  # "auto" takes the CPU where there is no GPU.
        Out2 = np.zeros((4, 1), dtype=np.float32)
        seed()(A, Out2)
        assert Out2.ravel().tolist() == [7.0, 11.0, 15.0, 23.0]


def test_cpu_backend_is_bit_exact_with_scopes_and_pred():
    """Warp scope, pred with preserve_dst, a scalar argument, and values
    whose fma rounds: the CPU backend keeps every bit."""
    import numpy as np

    @T.function
    def warp(A: T.Tensor((32, 2, 1), "float32"), p: T.Scalar("bool")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        r = T.alloc_local((32, 2, 1), "float32", group=1)
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A, scope="warp")
        T.cuda.tile.apply(T.ptx["fma.rz.f32"], r, r, T.float32(3),
                          T.float32(1e-8), scope="warp", pred=p,
                          preserve_dst=True)
        T.cuda.tile.apply(T.ptx["st.global.f32"], A, r, scope="warp")
    A = (np.arange(64, dtype=np.float32).reshape(32, 2, 1) + 0.1)
    A[0, 0, 0] = np.float32("nan")
    out = A.copy()
    warp(out, True, backend="cpu")
    # fma.rz: 3*a + c rounded toward zero once. For these positive a (24
    # significant bits) and c = f32(1e-8), 3*a + c fits in an f64 exactly;
    # the expected value is that sum truncated to f32.
    exact = A.astype(np.float64) * 3 + np.float64(np.float32(1e-8))
    trunc = np.float32(exact)  # round to nearest
    up = trunc.astype(np.float64) > exact
    trunc[up] = np.nextafter(trunc[up], np.float32(0))
    assert np.isnan(out[0, 0, 0])
    assert (out.ravel()[1:].view(np.uint32) ==
            trunc.ravel()[1:].view(np.uint32)).all()
    kept = A.copy()
    warp(kept, False, backend="cpu")  # pred false, preserve_dst: unchanged
    assert (kept.view(np.uint32) == A.view(np.uint32)).all()


def test_backend_choice_is_checked():
    import numpy as np
    A = np.zeros((4, 1), dtype=np.float32)
    with pytest.raises(TileError, match="backend 'gpu' is not"):
        seed()(A, A.copy(), backend="gpu")


@pytest.mark.skipif(not has_driver(), reason="needs a CUDA driver")
def test_seed_runs_on_the_gpu():
    import numpy as np
    A = np.array([[3.0], [5.0], [7.0], [11.0]], dtype=np.float32)
    Out = np.zeros((4, 1), dtype=np.float32)
    seed()(A, Out)
    assert (Out == 2 * A + 1).all()


def test_opcodes_cannot_inject_ir():
    # Anything but a dotted spelling of a known mnemonic is refused before it
    # reaches the MLIR text.
    for bad in ['fma.rn.f32" (%a) scope(thread) : f32\n  llvm.inline_asm',
                "fma.rn.f32\n", ".fma.rn.f32", "fma rn f32", ""]:
        with pytest.raises(TileError, match="not a PTX opcode spelling"):
            T.ptx[bad]
    with pytest.raises(TileError, match="unknown PTX instruction 'foo'"):
        T.ptx["foo.rn.f32"]
    # The mnemonic list comes from the instruction table.
    with pytest.raises(TileError, match="has fma, mad, add"):
        T.ptx["baz.f32"]
    assert T.ptx["min.NaN.xorsign.abs.bf16x2"] == "min.NaN.xorsign.abs.bf16x2"


def test_scalar_constructors_encode_special_values():
    assert T.bfloat16(1.5).literal == "1.5" and T.bfloat16(1).elt == "bf16"
    assert T.float32(float("nan")).literal == "0x7FC00000"
    assert T.float16(float("-inf")).literal == "0xFC00"
    assert T.float64(float("inf")).literal == "0x7FF0000000000000"
    assert T.bfloat16(float("nan")).literal == "0x7FC0"


def test_new_families_compile_from_python():
    @T.function
    def k(A: T.Tensor((4, 1), "float32"), Out: T.Tensor((4, 1), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        r = T.alloc_local((4, 1), "float32", layout="default")
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
        T.cuda.tile.apply(T.ptx["max.NaN.f32"], r, r, T.float32(0))
        T.cuda.tile.apply(T.ptx["add.rz.f32"], r, r, T.float32(1))
        T.cuda.tile.apply(T.ptx["st.global.f32"], Out, r)
    ptx = k.ptx("sm_90")
    assert ptx.count("max.NaN.f32") == 4 and ptx.count("add.rz.f32") == 4


def test_arguments_are_checked_by_dtype_before_the_gpu():
    np = pytest.importorskip("numpy")
    k = seed()
    # Same size, other dtype: an error, raised before any driver is needed.
    with pytest.raises(TileError, match="argument 'A' has dtype int32, "
                                        "expected float32"):
        k(np.zeros((4, 1), np.int32), np.zeros((4, 1), np.float32))
    with pytest.raises(TileError, match=r"must be an array of shape \(4, 1\), got \(4, 2\)"):
        k(np.zeros((4, 2), np.float32), np.zeros((4, 1), np.float32))
    with pytest.raises(TileError, match="missing argument 'Out'"):
        k(np.zeros((4, 1), np.float32))
    with pytest.raises(TileError, match="takes 2 arguments, got 3"):
        k(*[np.zeros((4, 1), np.float32)] * 3)


def test_package_version_and_unsigned_scalars():
    import tile_mlir
    assert re.fullmatch(r"\d+\.\d+\.\d+", tile_mlir.__version__)
    assert T.uint16(65535).literal == "65535" and T.uint16(0).elt == "i16"


def test_pip_install_gives_a_working_package(tmp_path):
    # pip install of python/ (into a scratch target): the package imports,
    # knows its version, and compiles the seed example, finding the tools of
    # the checkout it was installed from with no environment variables.
    target = tmp_path / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps",
                        "--no-build-isolation", "--target", str(target),
                        os.path.join(ROOT, "python")],
                       capture_output=True, text=True)
    if r.returncode and "bdist_wheel" in (r.stderr + r.stdout):
        pytest.skip("the wheel package is not installed")
    assert r.returncode == 0, r.stderr
    example = os.path.join(ROOT, "examples", "affine_fma.py")
    code = ("import runpy, tile_mlir; print(tile_mlir.__version__); "
            f"ns = runpy.run_path({example!r}, run_name='tile_example'); "
            "print(ns['affine_fma'].ptx('sm_90').count('fma.rn.f32'))")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("TILE_")}
    env["PYTHONPATH"] = str(target)
    env["PATH"] = "/usr/bin:/bin"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, env=env, cwd=str(tmp_path))
    assert out.returncode == 0, out.stderr
    version, count = out.stdout.split()
    assert version == __import__("tile_mlir").__version__
    assert count == "4"


def test_errors_name_the_python_line():
    @T.function
    def k(A: T.Tensor((4, 1), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        r = T.alloc_local((4, 1), "float32", layout="default")
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
        T.cuda.tile.apply(T.ptx["fma.rn.f32x2"], r, r, r, r)  # the bad line
    line = next(i for i, l in enumerate(open(__file__).read().splitlines(), 1)
                if "# the bad line" in l and "T.ptx" in l)
    with pytest.raises(TileError) as e:
        k.ptx("sm_90")
    assert f"test_tirx.py:{line}:" in str(e.value)


def test_chip_strings_cannot_inject_ir():
    k = seed()
    for bad in ['sm_90">] {} llvm.func @x() {', "sm90", "sm_90 ", 90]:
        with pytest.raises(TileError, match="is not an SM name"):
            k.module(bad)
    assert '"sm_90a"' in k.module("sm_90a")


@pytest.mark.skipif(not has_driver(), reason="needs a CUDA driver")
def test_torch_and_cupy_arrays_are_used_in_place_on_the_callers_stream():
    # CUDA arrays are passed by pointer: the kernel writes Out itself, on the
    # caller's stream; a dtype that only matches in size is refused.
    k = seed()
    ran = 0
    torch = None
    try:
        import torch
    except ImportError:
        pass
    if torch is not None and torch.cuda.is_available():
        A = torch.tensor([[3.0], [5.0], [7.0], [11.0]], device="cuda")
        Out = torch.zeros((4, 1), device="cuda")
        ptr = Out.data_ptr()
        s = torch.cuda.Stream()
        k(A, Out, stream=s)
        s.synchronize()
        assert Out.data_ptr() == ptr
        # Loaded once per device; unloading and calling again reloads it.
        assert len(k._modules) == 1
        k.unload()
        assert not k._modules
        Out.zero_()
        k(A, Out)
        torch.cuda.synchronize()
        assert len(k._modules) == 1

        # An object that offers only DLPack is used in place too.
        class OnlyDLPack:
            def __init__(self, t):
                self.t = t

            def __dlpack__(self, stream=None):
                return self.t.__dlpack__()

            def __dlpack_device__(self):
                return self.t.__dlpack_device__()

        Out.zero_()
        k(OnlyDLPack(A), OnlyDLPack(Out))
        torch.cuda.synchronize()
        assert Out.cpu().flatten().tolist() == [7.0, 11.0, 15.0, 23.0]
        assert Out.cpu().flatten().tolist() == [7.0, 11.0, 15.0, 23.0]
        with pytest.raises(TileError, match="has dtype int32, expected float32"):
            k(A.to(torch.int32), Out)
        ran += 1
    try:
        import cupy
    except ImportError:
        cupy = None
    if cupy is not None:
        A = cupy.asarray([[3.0], [5.0], [7.0], [11.0]], dtype=cupy.float32)
        Out = cupy.zeros((4, 1), dtype=cupy.float32)
        s = cupy.cuda.Stream(non_blocking=True)
        k(A, Out, stream=s)
        s.synchronize()
        assert cupy.asnumpy(Out).flatten().tolist() == [7.0, 11.0, 15.0, 23.0]
        ran += 1
    if not ran:
        pytest.skip("neither torch nor cupy is installed")
