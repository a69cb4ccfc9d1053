"""The CPU backend's on-disk object cache ($TILE_MLIR_CPU_CACHE): a hit runs
the object code of an earlier process without lowering or compiling; an
entry that is damaged, forged as a link, made by another library or for
another host target is a miss and is replaced; the directory must be
private; the empty string turns the cache off."""

import os
import stat
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

np = pytest.importorskip("numpy")

from tile_mlir import TileError, compiler  # noqa: E402
from tile_mlir import _capi  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

pytestmark = pytest.mark.skipif(not compiler.in_process(),
                                reason="the CPU backend needs libTileCAPI.so")

MAGIC = b"tile-mlir-cpu-object v1 "


def axpy():
    """A new kernel object each call (so its in-memory engines are empty):
    Out = A * 3 + 1 over 8 threads."""
    @T.function
    def cpu_cache_axpy(A: T.Tensor((8,), "float32"),
                       Out: T.Tensor((8,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=8))
        tx = T.cuda.thread_idx("x")
        Out[tx] = A[tx] * T.float32(3) + T.float32(1)
    return cpu_cache_axpy


A = np.arange(8, dtype=np.float32)
EXPECTED = (A * 3 + 1).tolist()


def run():
    out = np.zeros(8, np.float32)
    axpy()(A, out, backend="cpu")
    return out.tolist()


def entry_of(cache):
    names = [n for n in os.listdir(cache) if n.endswith(".o")]
    assert len(names) == 1, names
    return os.path.join(cache, names[0])


@pytest.fixture
def cache(tmp_path, monkeypatch):
    path = tmp_path / "cpu"
    monkeypatch.setenv("TILE_MLIR_CPU_CACHE", str(path))
    return path


@pytest.fixture
def compilations(monkeypatch):
    """Counts the CPU engine's compilations (lowering and JIT); [0] is the
    count, [1] the last module compiled."""
    count = [0, None]
    real = _capi.Compiler.cpu_engine

    def counted(self, mlir, *args, **named):
        count[0] += 1
        count[1] = mlir
        return real(self, mlir, *args, **named)
    monkeypatch.setattr(_capi.Compiler, "cpu_engine", counted)
    return count


def test_a_hit_neither_lowers_nor_compiles(cache, compilations):
    assert run() == EXPECTED and compilations[0] == 1
    assert stat.S_IMODE(os.lstat(cache).st_mode) == 0o700
    path = entry_of(cache)
    data = open(path, "rb").read()
    assert data.startswith(MAGIC)
    assert b"\n\x7fELF" in data  # The header line, then the object.
    assert stat.S_IMODE(os.lstat(path).st_mode) == 0o600
    assert run() == EXPECTED and compilations[0] == 1
    assert open(path, "rb").read() == data


def test_damaged_entries_are_misses_and_replaced(cache, compilations):
    assert run() == EXPECTED
    path = entry_of(cache)
    good = open(path, "rb").read()
    head, body = good.split(b"\n", 1)
    damaged = [
        head + b"\n" + body[:-1] + bytes([body[-1] ^ 1]),  # One bit.
        good[:len(good) // 2],                            # Cut short.
        body,                                             # No header.
        b"",
    ]
    for n, data in enumerate(damaged, start=2):
        with open(path, "wb") as f:
            f.write(data)
        assert run() == EXPECTED and compilations[0] == n
        assert open(path, "rb").read() == good
    assert [n for n in os.listdir(cache) if n.endswith(".tmp")] == []


def test_an_intact_entry_that_is_not_object_code_is_a_miss(cache,
                                                           compilations):
    """An entry whose header matches its body but whose body does not link
    (here: text) is refused by the JIT and compiled again."""
    import hashlib
    assert run() == EXPECTED
    path = entry_of(cache)
    good = open(path, "rb").read()
    head = good.split(b"\n", 1)[0].decode()
    fields = dict(f.split("=", 1) for f in head.split()[2:])
    body = b"not object code"
    fields["sha256"] = hashlib.sha256(body).hexdigest()
    fields["bytes"] = str(len(body))
    with open(path, "wb") as f:
        f.write(MAGIC + " ".join(f"{k}={v}" for k, v in fields.items())
                .encode() + b"\n" + body)
    assert run() == EXPECTED and compilations[0] == 2
    assert open(path, "rb").read() == good


def test_links_are_neither_followed_nor_written_through(cache, tmp_path,
                                                        compilations):
    assert run() == EXPECTED
    path = entry_of(cache)
    target = tmp_path / "precious.o"
    target.write_bytes(open(path, "rb").read())
    before = target.read_bytes()
    os.unlink(path)
    os.symlink(target, path)
    assert run() == EXPECTED and compilations[0] == 2
    assert not os.path.islink(path) and target.read_bytes() == before


def test_the_key_names_the_host_target_and_options(cache, compilations,
                                                   monkeypatch):
    assert run() == EXPECTED
    target = _capi.Compiler.get().host_target()
    assert target.split()[0].startswith("x86_64") or \
        target.split()[0].startswith("aarch64")
    assert len(target.split()) > 2  # Triple, CPU, features.
    monkeypatch.setattr(_capi.Compiler, "host_target",
                        lambda self: target + " +made-up-feature")
    assert run() == EXPECTED and compilations[0] == 2
    assert len([n for n in os.listdir(cache) if n.endswith(".o")]) == 2
    # The memory checks off, another -O: other entries, each a miss once.
    mlir = compilations[1]
    for options in [(False, 2), (True, 3), (False, 2)]:
        engine, _ = compiler.cached_cpu_engine(mlir, *options)
        assert engine is not None
    assert compilations[0] == 4
    assert len([n for n in os.listdir(cache) if n.endswith(".o")]) == 4


def test_the_entry_names_the_library_that_compiled_it(cache, compilations,
                                                     monkeypatch):
    assert run() == EXPECTED
    path = entry_of(cache)
    lib = _capi.Compiler.get().path
    assert f"tool={compiler.tool_id(path=lib)}".encode() in \
        open(path, "rb").readline()
    # Another library's entry (here: a changed tool id) is not used.
    monkeypatch.setattr(compiler, "compiler_id", lambda: "another-library")
    assert run() == EXPECTED and compilations[0] == 2
    assert b"tool=another-library" in open(path, "rb").readline()


def test_the_empty_string_turns_the_cache_off(tmp_path, monkeypatch,
                                              compilations):
    monkeypatch.setenv("TILE_MLIR_CPU_CACHE", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert run() == EXPECTED and run() == EXPECTED
    assert compilations[0] == 2
    assert not (tmp_path / "xdg").exists()


def test_the_default_directory(tmp_path, monkeypatch, compilations):
    monkeypatch.delenv("TILE_MLIR_CPU_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert run() == EXPECTED and run() == EXPECTED
    assert compilations[0] == 1
    entry_of(tmp_path / "xdg" / "tile-mlir" / "cpu")


def test_the_directory_must_be_private(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    monkeypatch.setenv("TILE_MLIR_CPU_CACHE", str(shared))
    with pytest.raises(TileError, match="TILE_MLIR_CPU_CACHE=.* can be "
                       "written by its group or others"):
        run()
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    os.symlink(real, tmp_path / "link")
    monkeypatch.setenv("TILE_MLIR_CPU_CACHE", str(tmp_path / "link"))
    with pytest.raises(TileError, match="is a symbolic link"):
        run()
    assert os.listdir(real) == []
    # An unusable default directory only warns, and nothing is cached.
    monkeypatch.delenv("TILE_MLIR_CPU_CACHE")
    xdg = tmp_path / "xdg"
    (xdg / "tile-mlir").mkdir(parents=True)
    (xdg / "tile-mlir" / "cpu").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(xdg))
    with pytest.warns(compiler.TileWarning,
                      match="the default CPU object cache is not used"):
        assert run() == EXPECTED
