"""The front-end's TIRx surface additions and its Triton-style launches:
attribute-chain opcodes, scalar-type annotations, grids at the call site,
in-process compilation with source locations and warnings, the CPU
fallback's warning, SASS."""

import os
import shutil
import sys
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tile_mlir import TileError, TileWarning, compiler  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

np = pytest.importorskip("numpy")


def affine(opcode):
    @T.function
    def k(A: T.Tensor((4, 1), "float32"), Out: T.Tensor((4, 1), "float32"),
          s: T.float32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        r = T.alloc_local((4, 1), "float32")
        T.cuda.tile.apply(T.ptx.ld.global_.f32, r, A)
        T.cuda.tile.apply(opcode, r, r, s, T.float32(1))
        T.cuda.tile.apply(T.ptx["st.global.f32"], Out, r)
    return k


def test_attribute_chain_is_the_bracketed_opcode():
    chained = affine(T.ptx.fma.rn.f32).mlir
    assert chained == affine(T.ptx["fma.rn.f32"]).mlir.replace(
        "affine", "affine")
    assert 'tile.apply "ld.global.f32"' in chained
    assert 'tile.apply "fma.rn.f32"' in chained


def test_attribute_chain_escapes():
    assert T.ptx.ld.shared__cta.b32.opcode() == "ld.shared::cta.b32"
    assert T.ptx.and_.b32.opcode() == "and.b32"
    with pytest.raises(TileError, match="unknown PTX instruction 'fmaa'"):
        affine(T.ptx.fmaa.rn.f32)


def test_scalar_type_annotations():
    k = affine(T.ptx.fma.rn.f32)
    assert "%s: f32" in k.mlir
    with pytest.raises(TileError, match="needs a T.Tensor"):
        @T.function
        def bad(x: int):
            pass

    @T.function
    def flags(p: T.bool, a: T.int8, b: T.uint64, c: T.bfloat16):
        pass
    assert "%p: i1, %a: i8, %b: i64, %c: bf16" in flags.mlir


def run_cpu(k, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TileWarning)
        return k(*args, backend="cpu", **kw)


def test_negative_and_top_bit_scalars_reach_the_cpu_backend():
    @T.function
    def d(A: T.Tensor((2, 1), "float64"), Out: T.Tensor((2, 1), "float64"),
          s: T.float64, u: T.uint64, o: T.Tensor((1, 1), "uint64")):
        r = T.alloc_local((2, 1), "float64")
        T.cuda.tile.apply(T.ptx["ld.global.f64"], r, A)
        T.cuda.tile.apply(T.ptx.fma.rn.f64, r, r, s, T.float64(0.5))
        T.cuda.tile.apply(T.ptx["st.global.f64"], Out, r)
        q = T.alloc_local((1, 1), "uint64")
        T.cuda.tile.apply(T.ptx.mov.b64, q, u)
        T.cuda.tile.apply(T.ptx["st.global.b64"], o, q)
    A = np.array([[1.0], [2.0]])
    out, o = np.zeros((2, 1)), np.zeros((1, 1), np.uint64)
    run_cpu(d, A, out, -3.25, 2**64 - 5, o)
    assert out.ravel().tolist() == [-2.75, -6.0]
    assert int(o[0, 0]) == 2**64 - 5


def test_float16_scalar_parameter_on_the_cpu_backend():
    @T.function
    def h(A: T.Tensor((4, 1), "float16"), Out: T.Tensor((4, 1), "float16"),
          s: T.Scalar("float16")):
        r = T.alloc_local((4, 1), "float16")
        T.cuda.tile.apply(T.ptx["ld.global.b16"], r, A)
        T.cuda.tile.apply(T.ptx.fma.rn.f16, r, r, s, T.float16(1))
        T.cuda.tile.apply(T.ptx["st.global.b16"], Out, r)
    A = np.arange(4, dtype=np.float16).reshape(4, 1)
    out = np.zeros((4, 1), np.float16)
    run_cpu(h, A, out, np.float16(-0.5))
    assert out.ravel().tolist() == [1.0, 0.5, 0.0, -0.5]


def test_arguments_by_name_and_grid_at_the_call_site():
    k = affine(T.ptx.fma.rn.f32)
    A = np.arange(4, dtype=np.float32).reshape(4, 1)
    out = np.zeros((4, 1), np.float32)
    run_cpu(k, A, s=2.0, Out=out)
    assert out.ravel().tolist() == [1.0, 3.0, 5.0, 7.0]
    with pytest.raises(TileError, match="argument 's' given twice"):
        run_cpu(k, A, out, 2.0, s=3.0)
    with pytest.raises(TileError, match="'t' is not a parameter"):
        run_cpu(k, A, out, 2.0, t=3.0)
    # kernel[grid]: the grid is checked like any launch; a callable grid
    # gets the arguments by name.
    with pytest.raises(TileError, match="grid"):
        run_cpu(k[0], A, out, 2.0)
    seen = {}

    def grid(args):
        seen.update(args)
        return (1,)
    out[...] = 0
    run_cpu(k[grid], A, out, 2.0)
    assert seen["s"] == 2.0 and seen["A"] is A
    assert out.ravel().tolist() == [1.0, 3.0, 5.0, 7.0]
    with pytest.raises(TileError, match="LaunchConfig"):
        run_cpu(k, A, out, 2.0, launch=(1, 1))


def test_the_cpu_fallback_says_so(monkeypatch):
    from tile_mlir import runtime
    if compiler.shutil.which("nvidia-smi"):
        pytest.skip("a GPU machine")
    k = affine(T.ptx.fma.rn.f32)
    A = np.arange(4, dtype=np.float32).reshape(4, 1)
    out = np.zeros((4, 1), np.float32)
    with pytest.warns(TileWarning, match="runs on the CPU backend"):
        k(A, out, 2.0)
    assert out.ravel().tolist() == [1.0, 3.0, 5.0, 7.0]
    assert runtime is not None


def test_parse_errors_name_the_users_line_and_column():
    @T.function
    def bad(A: T.Tensor((4, 1), "float32")):
        r = T.alloc_local((4, 1), "float32")
        T.cuda.tile.apply(T.ptx["fma.rz.bf16"], r, r, r, r)  # noqa: here
    line = bad_line = None
    with open(__file__) as f:
        for i, text in enumerate(f, 1):
            if "noqa: here" in text and "with open" not in text:
                line, bad_line = i, text
    col = bad_line.index("T.cuda") + 1
    with pytest.raises(TileError) as e:
        bad.ptx()
    assert f"{__file__}:{line}:{col}: error: " in str(e.value)
    assert "'fma.rz.bf16' is not a documented PTX form" in str(e.value)


def test_warnings_reach_python_at_the_users_line():
    # The budget is the kernel's: its warning names the kernel's line.
    @T.function  # warn here
    def big(A: T.Tensor((300, 1), "float32")):
        r = T.alloc_local((300, 1), "float32")
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
    with pytest.warns(TileWarning, match="ptxas will spill") as w:
        big.ptx()
    hit = [x for x in w if issubclass(x.category, TileWarning)][0]
    assert hit.filename == __file__
    with open(__file__) as f:
        assert "# warn here" in f.readlines()[hit.lineno - 1]


@pytest.mark.parametrize("inprocess", ["1", "0"])
def test_both_compile_paths_give_the_same_ptx(monkeypatch, inprocess):
    monkeypatch.setenv("TILE_MLIR_INPROCESS", inprocess)
    monkeypatch.setenv("TILE_MLIR_PTX_CACHE", "")
    k = affine(T.ptx.fma.rn.f32)
    ptx = compiler.compile_to_ptx(k.mlir)
    monkeypatch.setenv("TILE_MLIR_INPROCESS", "1" if inprocess == "0"
                       else "0")
    assert compiler.compile_to_ptx(k.mlir) == ptx
    assert ptx.count("fma.rn.f32") == 4


def test_sass():
    try:
        compiler._cuda_tool("ptxas")
        compiler._cuda_tool("cuobjdump")
    except TileError:
        pytest.skip("no ptxas or cuobjdump")
    sass = affine(T.ptx.fma.rn.f32).sass("sm_90")
    assert sass.count("FFMA") == 4 and "Function : k" in sass


def test_a_cache_hit_warns_as_the_compilation_did(tmp_path, monkeypatch):
    monkeypatch.setenv("TILE_MLIR_PTX_CACHE", str(tmp_path / "cache"))

    def big():
        @T.function
        def k(A: T.Tensor((300, 1), "float32")):
            r = T.alloc_local((300, 1), "float32")
            T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
        return k
    for _ in range(2):  # A miss, then a hit (another kernel object).
        with pytest.warns(TileWarning, match="ptxas will spill"):
            big().ptx()
    assert len(os.listdir(tmp_path / "cache")) == 1


def test_dynamic_shared_memory():
    """A "shared.dyn" buffer is the kernel's dynamic shared memory: the
    launch asks for dynamic_smem_bytes (at least the buffer's bytes), or
    for the buffer's bytes where it does not say; one such buffer per
    kernel, as in TIRx."""
    def kernel(dyn_bytes, n=256):
        @T.function
        def k(A: T.Tensor((n,), "float32"), B: T.Tensor((n,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(
                grid=1, block=n, dynamic_smem_bytes=dyn_bytes))
            t = T.cuda.thread_idx("x")
            s = T.alloc_shared((n,), "float32", scope="shared.dyn")
            s[t] = A[t]
            T.cuda.cta_sync()
            B[t] = s[n - 1 - t]
        return k
    A = np.arange(256, dtype=np.float32)
    for dyn in (None, 1024, 4096):
        k = kernel(dyn)
        B = np.zeros(256, np.float32)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TileWarning)
            k(A=A, B=B, backend="cpu")
        np.testing.assert_array_equal(B, A[::-1])
        assert "gpu.dynamic_shared_memory" in k.mlir
        assert k._shared_bytes() == (dyn or 1024)
    with pytest.raises(TileError, match="takes 1024 bytes, more than the "
                       "launch's dynamic_smem_bytes=512"):
        kernel(512)(A=A, B=np.zeros(256, np.float32), backend="cpu")

    with pytest.raises(TileError, match="one 'shared.dyn' buffer per kernel"):
        @T.function
        def two(A: T.Tensor((4,), "float32")):
            T.alloc_shared((4,), "float32", scope="shared.dyn")
            T.alloc_shared((4,), "float32", scope="shared.dyn")


def test_launch_options_that_are_not_supported_say_so():
    with pytest.raises(TileError, match=r"LaunchConfig\(preferred_cluster="
                       r"...\): a preferred cluster shape"):
        T.cuda.LaunchConfig(grid=2, block=32, cluster=2, preferred_cluster=2)
    with pytest.raises(TileError, match="stream priorities are not "
                                        "supported"):
        T.cuda.LaunchConfig(grid=2, block=32, priority=1)
    with pytest.raises(TileError, match="has no option 'clusters'"):
        T.cuda.LaunchConfig(grid=2, block=32, clusters=2)
    # Options left at their defaults are TIRx's defaults.
    cfg = T.cuda.LaunchConfig(grid=2, block=32, cluster=None,
                              cooperative=False)
    assert cfg.grid == (2, 1, 1) and cfg.dynamic_smem_bytes is None


def test_call_extern_of_an_unknown_intrinsic_is_an_error():
    with pytest.raises(TileError, match=r"T.call_extern\('__no_such_fn'\): "
                       "not supported.*__fadd_rz"):
        @T.function
        def k(A: T.Tensor((4,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
            i = T.cuda.thread_idx("x")
            A[i] = T.call_extern("__no_such_fn", A[i], ty="float32")
    with pytest.raises(TileError, match=r"__fadd_rn'\) takes 2 arguments, "
                       "got 1"):
        @T.function
        def arity(A: T.Tensor((4,), "float32")):
            T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
            i = T.cuda.thread_idx("x")
            A[i] = T.call_extern("__fadd_rn", A[i], ty="float32")


def test_a_failed_assertion_traps():
    """T.cuda.trap_when_assert_failed(c) is `trap` where c is false: the
    CPU backend stops the kernel with an error naming the instruction (on
    the GPU the launch fails); where c holds, nothing happens."""
    @T.function
    def k(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        i = T.cuda.thread_idx("x")
        T.cuda.trap_when_assert_failed(A[i] >= 0)
        B[i] = A[i] + 1
    assert "tile.apply \"trap\"" in k.mlir and "pred(" in k.mlir
    A = np.arange(32, dtype=np.int32)
    B = np.zeros(32, np.int32)
    k(A=A, B=B, backend="cpu")
    np.testing.assert_array_equal(B, A + 1)
    A[7] = -1
    with pytest.raises(TileError, match="'trap': aborted the kernel"):
        k(A=A, B=np.zeros(32, np.int32), backend="cpu")


def test_a_torch_float8_cuda_tensor_is_taken_through_torch():
    """torch's float8 tensors have no __cuda_array_interface__ typestr (the
    property raises KeyError): the front-end reads them through torch's
    own accessors."""
    class Float8Tensor:  # What torch's float8_e4m3fn CUDA tensor answers.
        dtype = "torch.float8_e4m3fn"
        is_cuda = True
        shape = (4, 8)

        @property
        def __cuda_array_interface__(self):
            raise KeyError("torch.float8_e4m3fn")

        def data_ptr(self):
            return 0x7000

        def stride(self):
            return (8, 1)

    from tile_mlir.script.tirx import PrimFunc
    assert PrimFunc._device_view(Float8Tensor()) == \
        (0x7000, (4, 8), [8, 1], "float8_e4m3fn", False)


def grid_from_scalars(grid_of_m):
    """A kernel whose grid is `grid_of_m(m)` of its scalar `m`: each thread
    of a block of 4 below m writes its block's grid x."""
    @T.function
    def k(G: T.Tensor((64,), "int32"), m: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=grid_of_m(m),
                                                  block=4))
        i = T.cuda.block_idx("x") * 4 + T.cuda.thread_idx("x")
        if i < m:
            G[i] = T.cuda.grid_dim("x")
    return k


def test_a_grid_from_a_scalar_parameter_is_computed_at_each_call():
    k = grid_from_scalars(lambda m: T.ceildiv(m, 4))
    assert k.launch.from_scalars and k.launch.grid is None
    assert "from scalar parameters" in repr(k.launch)
    for m, blocks in ((5, 2), (64, 16), (1, 1)):
        G = np.zeros(64, np.int32)
        k(G, m, backend="cpu")
        assert k.grid_of(G, m) == k.grid_of(G=G, m=m) == (blocks, 1, 1)
        assert (G[:m] == blocks).all() and not G[m:].any(), (m, G)
    # One kernel for every value: only the launch follows m.
    assert "gpu.grid_dim" in k.mlir
    assert ".entry" in k.ptx("sm_90")
    # A grid given at the call still wins.
    G = np.zeros(64, np.int32)
    k[3](G, 12, backend="cpu")
    assert (G[:12] == 3).all()


def test_a_grid_from_scalars_outside_the_limits_names_the_values():
    k = grid_from_scalars(lambda m: m // 8)
    with pytest.raises(TileError, match=r"the launch grid of k for "
                                        r"\{'m': 3\}: .*grid"):
        k(np.zeros(64, np.int32), 3, backend="cpu")
    assert k.grid_of(np.zeros(64, np.int32), 16) == (2, 1, 1)


def test_a_grid_from_a_thread_index_is_refused():
    k = grid_from_scalars(lambda m: m + T.cuda.thread_idx("x"))
    with pytest.raises(TileError, match="integer arithmetic .* not a kernel "
                                        "value"):
        k(np.zeros(64, np.int32), 3, backend="cpu")


def test_a_grid_from_scalars_keeps_the_cluster_check():
    @T.function
    def k(G: T.Tensor((64,), "int32"), m: T.int32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=m, block=4,
                                                  cluster=2))
        G[T.cuda.block_idx("x")] = T.cuda.grid_dim("x")
    assert k.launch.cluster == (2, 1, 1)
    with pytest.raises(TileError, match="not a whole number of clusters"):
        k.grid_of(np.zeros(64, np.int32), 3)
    assert k.grid_of(np.zeros(64, np.int32), 4) == (4, 1, 1)
