"""The Python front-end's checks: arrays (byte order, layout, read-only,
aliasing), scalars, launch dimensions on both backends, what reaches the
generated MLIR, and the PTX cache. Execution runs on the CPU backend; the GPU
path runs against a stub of the runtime library (and, where it is built, the
fake CUDA driver), so nothing here needs a GPU."""

import ctypes
import hashlib
import os
import shutil
import stat
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")

from tile_mlir import TileError, compiler  # noqa: E402
from tile_mlir import runtime as rtmod  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, "build")
FAKE_DRIVER = os.path.join(BUILD, "test", "Runtime", "FakeDriver", "full",
                           "libcuda.so.1")


def affine(grid=1, block=1, name="affine_fma"):
    """The seed kernel (Out = 2*A + 1) with a launch configuration."""
    def affine_fma(A: T.Tensor((4, 1), "float32"),
                   Out: T.Tensor((4, 1), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=grid, block=block))
        r = T.alloc_local((4, 1), "float32", layout="default")
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
        T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, T.float32(2),
                          T.float32(1))
        T.cuda.tile.apply(T.ptx["st.global.f32"], Out, r)
    affine_fma.__name__ = name
    return T.function(affine_fma)


A_VALUES = [3.0, 5.0, 7.0, 11.0]
EXPECTED = [7.0, 11.0, 15.0, 23.0]


class StubLib:
    """libtile_cuda_runtime.so without a GPU: "device" memory is host
    memory, and a launch of the seed kernel computes Out = 2*A + 1 from the
    memref descriptors it is given (or does nothing with `compute=False`).
    Every call is recorded."""

    def __init__(self, compute=True):
        self.calls, self.buffers, self.compute = [], {}, compute

    def __getattr__(self, name):
        if not name.startswith("tileRt"):
            raise AttributeError(name)

        def call(*args):
            self.calls.append((name, args))
            return getattr(self, "_" + name, lambda *a: 0)(*args)
        return call

    def names(self):
        return [n for n, _ in self.calls]

    def _tileRtLastError(self):
        return b"stub"

    def _tileRtDeviceSm(self):
        return 90

    def _tileRtAlloc(self, nbytes, ptr):
        buf = ctypes.create_string_buffer(max(int(nbytes), 1))
        self.buffers[ctypes.addressof(buf)] = buf
        ptr._obj.value = ctypes.addressof(buf)
        return 0

    def _tileRtCopyToDevice(self, dst, src, nbytes):
        ctypes.memmove(dst, src, nbytes)
        return 0

    def _tileRtCopyToHost(self, dst, src, nbytes):
        ctypes.memmove(dst, src, nbytes)
        return 0

    def _tileRtLaunch(self, fn, gx, gy, gz, bx, by, bz, shared, params):
        if self.compute:
            # Descriptors of A and Out: 7 words each (2-D memrefs).
            a = ctypes.cast(params[0], ctypes.POINTER(ctypes.c_uint64))[0]
            out = ctypes.cast(params[7], ctypes.POINTER(ctypes.c_uint64))[0]
            src = (ctypes.c_float * 4).from_address(a)
            dst = (ctypes.c_float * 4).from_address(out)
            for i in range(4):
                dst[i] = 2 * src[i] + 1
        return 0


@pytest.fixture
def stub_runtime(monkeypatch):
    """CudaRuntime.get() returns a runtime over a StubLib."""
    lib = StubLib()
    rt = rtmod.CudaRuntime.__new__(rtmod.CudaRuntime)
    rt._lib, rt.device, rt.sm, rt._sizes = lib, 0, 90, {}
    monkeypatch.setattr(rtmod.CudaRuntime, "get",
                        classmethod(lambda cls, device=0: rt))
    return rt


# --- Arrays -----------------------------------------------------------------

def test_big_endian_arrays_are_converted_both_ways_on_the_cpu_backend():
    k = affine()
    A = np.array(A_VALUES, dtype=">f4").reshape(4, 1)
    Out = np.zeros((4, 1), dtype=">f4")
    k(A, Out, backend="cpu")
    assert Out.dtype == np.dtype(">f4")  # The caller's byte order, kept.
    assert Out.ravel().tolist() == EXPECTED
    assert A.ravel().tolist() == A_VALUES
    # Mixed: a native input, a byte-swapped output, and the other way round.
    Out2 = np.zeros((4, 1), dtype=">f4")
    k(np.array(A_VALUES, np.float32).reshape(4, 1), Out2, backend="cpu")
    assert Out2.ravel().tolist() == EXPECTED
    Out3 = np.zeros((4, 1), dtype=np.float32)
    k(A, Out3, backend="cpu")
    assert Out3.ravel().tolist() == EXPECTED


def test_big_endian_arrays_are_converted_both_ways_on_the_gpu_path(
        stub_runtime):
    k = affine()
    A = np.array(A_VALUES, dtype=">f4").reshape(4, 1)
    Out = np.zeros((4, 1), dtype=">f4")
    k(A, Out, backend="cuda")
    # The device got native (little-endian) floats, and the result came back
    # in the caller's byte order.
    copies = [args for name, args in stub_runtime._lib.calls
              if name == "tileRtCopyToDevice"]
    sent = ctypes.string_at(copies[0][1], copies[0][2])
    assert sent == np.array(A_VALUES, dtype="<f4").tobytes()
    assert Out.dtype == np.dtype(">f4")
    assert Out.ravel().tolist() == EXPECTED


@pytest.mark.parametrize("backend", ["cpu", "cuda"])
def test_strided_and_fortran_outputs_get_every_element(backend,
                                                       stub_runtime):
    k = affine()
    A = np.array(A_VALUES, np.float32).reshape(4, 1)
    big = np.zeros((8, 2), np.float32)
    Out = big[::2, 1:]  # A strided view into a larger array.
    k(A, Out, backend=backend)
    assert big[::2, 1].tolist() == EXPECTED
    assert not big[1::2].any() and not big[::2, 0].any()
    F = np.asfortranarray(np.zeros((4, 1), np.float32))
    k(np.asfortranarray(A), F, backend=backend)
    assert F.ravel().tolist() == EXPECTED


@pytest.mark.parametrize("backend", ["cpu", "cuda"])
def test_read_only_and_aliased_arrays(backend, stub_runtime):
    k = affine()
    A = np.array(A_VALUES, np.float32).reshape(4, 1)
    # A read-only input is fine; a read-only output is refused before the
    # launch and left alone.
    ro_in = A.copy()
    ro_in.flags.writeable = False
    Out = np.zeros((4, 1), np.float32)
    k(ro_in, Out, backend=backend)
    assert Out.ravel().tolist() == EXPECTED
    ro_out = np.zeros((4, 1), np.float32)
    ro_out.flags.writeable = False
    calls = len(stub_runtime._lib.calls)
    with pytest.raises(TileError, match="'Out' is read-only, but "
                       "affine_fma writes it"):
        k(A, ro_out, backend=backend)
    assert not ro_out.any() and len(stub_runtime._lib.calls) == calls
    # Memory behind a read-only array (here: a bytes object) is never
    # written through.
    frozen = np.frombuffer(bytes(16), np.float32).reshape(4, 1)
    with pytest.raises(TileError, match="read-only"):
        k(A, frozen, backend=backend)
    assert not frozen.any()
    # An output that shares memory with another argument is refused.
    X = A.copy()
    with pytest.raises(TileError, match="'A' and 'Out' share memory"):
        k(X, X, backend=backend)
    assert X.ravel().tolist() == A_VALUES


def test_other_array_kinds_are_refused():
    k = affine()
    A = np.array(A_VALUES, np.float32).reshape(4, 1)
    Out = np.zeros((4, 1), np.float32)
    for bad, message in [
            (np.zeros((4, 1), object), "has dtype object"),
            (np.zeros((4, 1), bool), "has dtype bool"),
            (np.zeros((4, 1), np.float64), "has dtype float64"),
            (np.zeros((4,), np.float32), r"shape \(4, 1\), got \(4,\)"),
            (np.ma.zeros((4, 1), np.float32), "must be a numpy array"),
            ([[0.0]] * 4, "must be a numpy array or a CUDA array"),
            (np.zeros((4, 1), [("x", "<f4")]), "has dtype void32")]:
        with pytest.raises(TileError, match=message):
            k(A, bad, backend="cpu")
    assert not Out.any()


# --- Scalars and constants -----------------------------------------------

def scalar_kernel(dtype):
    @T.function
    def k(A: T.Tensor((1, 1), "int32"), s: T.Scalar(dtype)):
        pass
    return k


def test_scalar_arguments_are_checked_not_wrapped():
    A = np.zeros((1, 1), np.int32)
    cases = [("int32", 2**31, "outside"), ("int32", -2**31 - 1, "outside"),
             ("uint32", -1, "outside"), ("int16", 40000, "outside"),
             ("int32", 1.5, "must be an integer"),
             ("int32", "7", "must be an integer"),
             ("int32", True, "must be an integer"),
             ("bool", 1, "must be a bool"), ("bool", "false", "must be a bool"),
             ("float32", 1e39, "too large for f32"),
             ("float16", 70000.0, "too large for f16"),
             ("float32", "1.5", "must be a real number"),
             ("float64", None, "must be a real number")]
    for dtype, value, message in cases:
        with pytest.raises(TileError, match=message):
            scalar_kernel(dtype)(A, value, backend="cpu")
    # In range, they are passed exactly (the CPU program's constants).
    k = scalar_kernel("uint32")
    plan = k._check_arguments((A, 2**32 - 1))
    assert plan[1] == ("scalar", 0xFFFFFFFF)
    k = scalar_kernel("float32")
    assert k._check_arguments((A, np.float32(0.1)))[1] == ("scalar",
                                                          0x3DCCCCCD)


def test_typed_constants_are_checked_not_wrapped():
    for ctor, value in [(T.int32, 2**31), (T.uint32, -1), (T.uint16, -1),
                        (T.uint16, 65536), (T.int64, 2**63),
                        (T.uint64, 2**64)]:
        with pytest.raises(TileError, match="is outside"):
            ctor(value)
    for ctor, value in [(T.int32, 1.5), (T.int32, "1"), (T.int32, True)]:
        with pytest.raises(TypeError, match="must be an integer"):
            ctor(value)
    with pytest.raises(TileError, match="too large for f32"):
        T.float32(1e39)  # Not a silent infinity.
    with pytest.raises(TypeError, match="must be a real number"):
        T.float32("2) : f32\n  llvm.call @evil() : () -> (")
    # Values the format does not hold are rounded once, here, and written
    # as bits; those it holds stay decimal.
    assert T.float32(0.1).literal == "0x3DCCCCCD"
    assert T.float32(2**24 + 1).literal == "0x4B800000"
    assert T.float32(2.5).literal == "2.5"


# --- Launch configurations --------------------------------------------------

BAD_LAUNCHES = [
    # (grid, block, exception, message)
    (2**32 + 1, 1, ValueError, r"grid x = 4294967297 is outside"),
    (-1, 1, ValueError, r"grid x = -1 is outside"),
    (0, 1, ValueError, r"grid x = 0 is outside"),
    ((1, 65536), 1, ValueError, r"grid y = 65536 is outside \[1, 65535\]"),
    ((1, 1, 0), 1, ValueError, r"grid z = 0"),
    (2**31, 1, ValueError, r"grid x = 2147483648 is outside"),
    (1, 0, ValueError, r"block x = 0 is outside"),
    (1, 2048, ValueError, r"block x = 2048 is outside \[1, 1024\]"),
    (1, (1, 1, 65), ValueError, r"block z = 65 is outside \[1, 64\]"),
    (1, (64, 32), ValueError, r"block 64x32x1 has 2048 threads"),
    (1.0, 1, TypeError, "grid x must be an integer, got float"),
    (True, 1, TypeError, "grid x must be an integer, got bool"),
    ("2", 1, TypeError, "grid x must be an integer, got str"),
    (1, (32, "2"), TypeError, "block y must be an integer"),
    ((1, 1, 1, 1), 1, ValueError, "1 to 3 integers"),
    ((), 1, ValueError, "1 to 3 integers"),
]


@pytest.mark.parametrize("grid,block,exc,message", BAD_LAUNCHES)
def test_launch_configs_are_checked_against_the_cuda_limits(grid, block,
                                                            exc, message):
    with pytest.raises(exc, match=message) as e:
        T.cuda.LaunchConfig(grid=grid, block=block)
    assert isinstance(e.value, TileError)


def test_launch_configs_take_numpy_integers_and_read_back_as_ints():
    c = T.cuda.LaunchConfig(grid=(np.int64(2), 3), block=np.uint16(32))
    assert c.grid == (2, 3, 1) and c.block == (32, 1, 1)
    assert all(type(d) is int for d in c.grid + c.block)
    with pytest.raises(AttributeError):
        c.grid = (0, 1, 1)
    with pytest.raises(TypeError, match="takes a T.cuda.LaunchConfig"):
        @T.function
        def k(A: T.Tensor((4, 1), "float32")):
            T.device_entry(launch=object())


def test_launch_config_values_never_reach_the_cpu_program():
    # A string that would add a host op if pasted into the program.
    evil = ("1 : index\n    %evil = arith.constant 42 : index\n"
            "    %d0x = arith.constant 1")
    with pytest.raises(TypeError, match="grid x must be an integer"):
        affine(grid=evil)
    with pytest.raises(TypeError, match="block x must be an integer"):
        affine(block=evil)
    # A configuration changed after tracing is checked again at the call.
    k = affine()
    k.launch._grid = (evil, 1, 1)
    A = np.array(A_VALUES, np.float32).reshape(4, 1)
    Out = np.zeros((4, 1), np.float32)
    with pytest.raises(TypeError, match="grid x must be an integer"):
        k(A, Out, backend="cpu")
    k.launch = "grid=1"
    with pytest.raises(TypeError, match="must be a T.cuda.LaunchConfig"):
        k(A, Out, backend="cpu")
    assert not Out.any()


def test_the_cpu_backend_refuses_impossible_launches(monkeypatch):
    def cpu_engine(self, plan):
        raise AssertionError("an impossible launch was compiled")
    monkeypatch.setattr("tile_mlir.script.tirx.PrimFunc._cpu_engine",
                        cpu_engine)
    A = np.array(A_VALUES, np.float32).reshape(4, 1)
    for grid, block in [(0, 1), (1, 0), (1, 2048), ((1, 1, 0), 1),
                        (1, (32, 32, 2))]:
        Out = np.zeros((4, 1), np.float32)
        with pytest.raises(ValueError, match="is outside|threads"):
            affine(grid, block)(A, Out, backend="cpu")
        # Changed after tracing: checked again at the call.
        k = affine()
        k.launch._grid, k.launch._block = (
            tuple(grid) if isinstance(grid, tuple) else (grid, 1, 1),
            tuple(block) if isinstance(block, tuple) else (block, 1, 1))
        with pytest.raises(ValueError, match="is outside|threads"):
            k(A, Out, backend="cpu")


def test_the_gpu_path_checks_launches_before_the_driver(stub_runtime):
    lib = stub_runtime._lib
    lib.compute = False
    # Through the runtime wrapper: nothing reaches tileRtLaunch.
    def seq(d):
        return d if isinstance(d, tuple) else (d,)
    for grid, block, exc, message in BAD_LAUNCHES:
        with pytest.raises(exc, match=message):
            stub_runtime.launch(None, seq(grid), seq(block), [])
    for shared in (-1, 2**32, 1.5, "0"):
        with pytest.raises((TypeError, ValueError),
                           match="dynamic shared memory"):
            stub_runtime.launch(None, (1,), (1,), [], shared=shared)
    for stream in (-1, 2**64, True, 1.0):
        with pytest.raises(TileError, match="stream"):
            stub_runtime.launch(None, (1,), (1,), [], stream=stream)
    assert "tileRtLaunch" not in lib.names()
    assert "tileRtLaunchOnStream" not in lib.names()
    # Through a kernel call: a configuration made impossible after tracing
    # is refused before anything is loaded, allocated or launched.
    k = affine()
    k.launch._grid = (2**32 + 1, 1, 1)
    A = np.array(A_VALUES, np.float32).reshape(4, 1)
    Out = np.zeros((4, 1), np.float32)
    with pytest.raises(ValueError, match="grid x = 4294967297"):
        k(A, Out, backend="cuda")
    assert lib.calls == []
    # A good one reaches the driver as three dimensions each.
    k = affine(grid=(2, 3), block=(32, 2))
    k(A, Out, backend="cuda")
    launch = [args for name, args in lib.calls if name == "tileRtLaunch"]
    assert [a[1:8] for a in launch] == [(2, 3, 1, 32, 2, 1, 0)]


def test_runtime_copies_are_checked(stub_runtime):
    rt = stub_runtime
    ptr = rt.alloc(8)
    with pytest.raises(ValueError, match="does not fit the allocation"):
        rt.to_device(ptr, np.zeros(4, np.float32))
    with pytest.raises(ValueError, match="C-contiguous"):
        rt.to_host(np.zeros(8, np.float32)[::4], ptr)
    ro = np.zeros(2, np.float32)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        rt.to_host(ro, ptr)
    with pytest.raises(ValueError, match="cannot allocate"):
        rt.alloc(-1)
    with pytest.raises(ValueError, match="NUL"):
        rt.function(None, "affine_fma\0other")


@pytest.mark.skipif(not os.path.exists(FAKE_DRIVER),
                    reason="the fake CUDA driver is not built")
def test_launch_checks_under_the_fake_cuda_driver(tmp_path):
    # The real runtime library over the fake driver: a good launch runs, and
    # a wrapping one is refused with a clear error before the driver sees it.
    script = tmp_path / "fake.py"
    script.write_text(
        "import sys, numpy as np\n"
        f"sys.path.insert(0, {os.path.join(ROOT, 'python')!r})\n"
        f"sys.path.insert(0, {os.path.dirname(__file__)!r})\n"
        "from test_frontend_checks import affine\n"
        "from tile_mlir import CudaRuntime\n"
        "A = np.ones((4, 1), '>f4'); Out = np.zeros((4, 1), '>f4')\n"
        "affine(grid=(2, 3), block=(32, 2))(A, Out, backend='cuda')\n"
        "rt = CudaRuntime.get()\n"
        "k = affine()\n"
        "fn = rt.function(k._module(rt), 'affine_fma')\n"
        "for g in (2**32 + 1, -1, 0):\n"
        "    try:\n"
        "        rt.launch(fn, (g,), (1,), [])\n"
        "        print('launched', g)\n"
        "    except ValueError as e:\n"
        "        print('refused:', e)\n")
    env = dict(os.environ, TILE_CUDA_DRIVER=FAKE_DRIVER)
    r = subprocess.run([sys.executable, str(script)], capture_output=True,
                       text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert "launched" not in r.stdout
    assert r.stdout.count("refused: grid x = ") == 3


# --- What reaches the generated MLIR -----------------------------------------

def test_names_are_checked_and_never_collide():
    def k(A: T.Tensor((4, 1), "float32")):
        pass
    k.__name__ = "k() kernel { llvm.inline_asm"
    with pytest.raises(TileError, match="kernel name .* is not an ASCII "
                       "identifier"):
        T.function(k)

    # Parameters named like the front-end's own values (%r1, %c2) work.
    @T.function
    def named(r1: T.Tensor((4, 1), "float32"),
              c2: T.Tensor((4, 1), "float32")):
        r = T.alloc_local((4, 1), "float32")
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, r1)
        T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, T.float32(2),
                          T.float32(1))
        T.cuda.tile.apply(T.ptx["st.global.f32"], c2, r)
    A = np.array(A_VALUES, np.float32).reshape(4, 1)
    Out = np.zeros((4, 1), np.float32)
    named(A, Out, backend="cpu")
    assert Out.ravel().tolist() == EXPECTED
    for shape in [(4, 1.5), (4, 0), (), (True, 1), "41"]:
        with pytest.raises(TileError, match="shape"):
            T.Tensor(shape, "float32")
    with pytest.raises(TileError, match="unsupported dtype"):
        T.Tensor((4, 1), ["float32"])
    with pytest.raises(TypeError, match="preserve_dst must be"):
        @T.function
        def f(A: T.Tensor((4, 1), "float32")):
            r = T.alloc_local((4, 1), "float32")
            T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A,
                              preserve_dst="yes")


def test_source_file_names_are_escaped_in_locations():
    name = 'dir"/we\\ird\nname.py'
    code = compile("def trace(T, A):\n"
                   "    r = T.alloc_local((4, 1), 'float32')\n"
                   "    T.cuda.tile.apply(T.ptx['ld.global.f32'], r, A)\n",
                   name, "exec")
    ns = {}
    exec(code, ns)

    def k(A: T.Tensor((4, 1), "float32")):
        ns["trace"](T, A)
    mlir = T.function(k).mlir
    assert 'loc("dir\\22/we\\5Cird\\0Aname.py":3:5)' in mlir
    assert T.function(k).ptx().count("ld.global.f32") == 4


# --- The PTX cache ------------------------------------------------------------

def entry_of(cache):
    names = [n for n in os.listdir(cache) if n.endswith(".ptx")]
    assert len(names) == 1, names
    return os.path.join(cache, names[0])


def test_ptx_cache_entries_are_verified(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("TILE_MLIR_PTX_CACHE", str(cache))
    good = affine().ptx()
    assert stat.S_IMODE(os.lstat(cache).st_mode) == 0o700
    path = entry_of(cache)
    assert affine().ptx() == good
    # An edited entry is a miss, and is replaced.
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.replace("fma.rn.f32", "add.rn.f32"))
    assert affine().ptx() == good
    assert open(path).read() == text
    # So is a truncated one, and one without the header.
    os.truncate(path, len(text) // 2)
    assert affine().ptx() == good and open(path).read() == text
    with open(path, "w") as f:
        f.write(good)
    assert affine().ptx() == good and open(path).read() == text
    # An entry that is a link is not followed, read or written through,
    # even where what it points to looks like a good entry.
    head, body = text.split("\n", 1)
    evil = body.replace("fma.rn.f32", "add.rn.f32")
    fields = dict(f.split("=", 1) for f in head.split()[3:])
    fields["sha256"] = hashlib.sha256(evil.encode()).hexdigest()
    fields["bytes"] = str(len(evil.encode()))
    forged = ("// tile-mlir-ptx-cache v2 " +
              " ".join(f"{k}={v}" for k, v in fields.items()) + "\n" + evil)
    with open(path, "w") as f:
        f.write(forged)
    assert affine().ptx() == evil  # As a regular file of this user's it is used.
    target = tmp_path / "precious.ptx"
    target.write_text(forged)
    os.unlink(path)
    os.symlink(target, path)
    before = target.read_text()
    assert affine().ptx() == good
    assert target.read_text() == before and not os.path.islink(path)
    assert [n for n in os.listdir(cache) if n.endswith(".tmp")] == []


def test_ptx_cache_directory_must_be_private(tmp_path, monkeypatch):
    k = affine()
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    monkeypatch.setenv("TILE_MLIR_PTX_CACHE", str(shared))
    with pytest.raises(TileError, match="can be written by its group or "
                       "others"):
        k.ptx()
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    link = tmp_path / "link"
    os.symlink(real, link)
    monkeypatch.setenv("TILE_MLIR_PTX_CACHE", str(link))
    with pytest.raises(TileError, match="is a symbolic link"):
        k.ptx()
    assert os.listdir(real) == []
    afile = tmp_path / "afile"
    afile.write_text("")
    monkeypatch.setenv("TILE_MLIR_PTX_CACHE", str(afile))
    with pytest.raises(TileError, match="directory"):
        k.ptx()
    if os.geteuid() == 0:  # Only root can give a directory away.
        theirs = tmp_path / "theirs"
        theirs.mkdir(mode=0o700)
        os.chown(theirs, 65534, -1)
        monkeypatch.setenv("TILE_MLIR_PTX_CACHE", str(theirs))
        with pytest.raises(TileError, match="owned by uid 65534"):
            k.ptx()


def test_ptx_cache_key_includes_the_tool(tmp_path, monkeypatch):
    monkeypatch.setenv("TILE_MLIR_INPROCESS", "0")  # tile-translate's key
    cache = tmp_path / "cache"
    monkeypatch.setenv("TILE_MLIR_PTX_CACHE", str(cache))
    good = affine().ptx()
    path = entry_of(cache)
    # Another tile-translate (here a wrapper that marks its runs): the entry
    # of the first is not used, and is replaced by this one's.
    tools = tmp_path / "tools"
    tools.mkdir()
    marker = tmp_path / "ran"
    real = compiler.find_tool("tile-translate")
    wrapper = tools / "tile-translate"
    wrapper.write_text(f"#!/bin/sh\ntouch {marker}\nexec {real} \"$@\"\n")
    wrapper.chmod(0o755)
    monkeypatch.setenv("TILE_MLIR_TOOLS", str(tools))
    assert affine().ptx() == good and marker.exists()
    marker.unlink()
    assert affine().ptx() == good and not marker.exists()  # Now a hit.
    assert f"tool={compiler.tool_id()}" in open(path).readline()
    # Where there is no tile-translate at all, an intact entry is used (a
    # machine without the tools runs what another compiled) ...
    def no_tool(name):
        raise TileError(f"cannot find {name}")
    monkeypatch.setattr(compiler, "find_tool", no_tool)
    assert affine().ptx() == good
    # ... but never a damaged one.
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.replace("fma.rn.f32", "add.rn.f32"))
    with pytest.raises(TileError, match="cannot find tile-translate"):
        affine().ptx()


def test_ptx_cache_key_includes_the_in_process_compiler(tmp_path,
                                                       monkeypatch):
    from tile_mlir import _capi
    if not compiler.in_process():
        pytest.skip("no libTileCAPI.so")
    cache = tmp_path / "cache"
    monkeypatch.setenv("TILE_MLIR_PTX_CACHE", str(cache))
    good = affine().ptx()
    path = entry_of(cache)
    lib = _capi.Compiler.get().path
    assert f"tool={compiler.tool_id(path=lib)}" in open(path).readline()
    # Pointing TILE_MLIR_CAPI elsewhere does not relabel what the loaded
    # library compiles: the entry names the library that compiled it.
    copy = tmp_path / "libTileCAPI.so"
    shutil.copy(lib, copy)
    monkeypatch.setenv("TILE_MLIR_CAPI", str(copy))
    assert compiler.compiler_id() == compiler.tool_id(path=lib)
    # Another library loaded (a copy: another file) is another compiler:
    # the entry is not used but replaced, and names the copy.
    monkeypatch.setattr(_capi.Compiler, "_instance", None)
    assert compiler.compiler_id() == compiler.tool_id(path=str(copy))
    assert affine().ptx() == good
    assert _capi.Compiler.get().path == str(copy)
    assert f"tool={compiler.tool_id(path=str(copy))}" in \
        open(path).readline()
