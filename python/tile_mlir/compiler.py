"""Compiling tile MLIR to PTX with the project's own tools."""

import hashlib
import json
import os
import re
import secrets
import shutil
import stat
import subprocess
import sys
import threading
import warnings

_HERE = os.path.dirname(os.path.abspath(__file__))
_BUILD = os.path.normpath(os.path.join(_HERE, "..", "..", "build"))
try:  # Written by `pip install`: the build tree of the checkout it came from.
    from ._install_paths import BUILD_DIR as _INSTALLED_BUILD
except ImportError:
    _INSTALLED_BUILD = None


def build_dirs():
    """The tile-mlir build trees to look in: beside the package (a
    checkout), then the one the installed package was built from."""
    return [d for d in (_BUILD, _INSTALLED_BUILD) if d]


class TileError(Exception):
    """A diagnostic from the tile compiler (verifier, lowering, PTX), or a
    front-end check that failed."""


class TileTypeError(TileError, TypeError):
    """A value of the wrong type (a float where an integer is needed, ...)."""


class TileValueError(TileError, ValueError):
    """A value out of range (a launch dimension past the CUDA limits, ...)."""


# The compiler's files that a wheel carries (utils/build-wheel.sh).
PACKAGE_LIB = os.path.join(_HERE, "_lib")


def find_tool(name):
    """Path of a tile-mlir tool: $TILE_MLIR_TOOLS, the package's own (a
    wheel), the build tree, or PATH."""
    dirs = [os.environ.get("TILE_MLIR_TOOLS"), PACKAGE_LIB]
    dirs += [os.path.join(b, "bin") for b in build_dirs()]
    for d in dirs:
        if d and os.path.exists(os.path.join(d, name)):
            return os.path.join(d, name)
    found = shutil.which(name)
    if not found:
        raise TileError(f"cannot find {name}: build tile-mlir or set "
                        "TILE_MLIR_TOOLS")
    return found


class TileWarning(UserWarning):
    """A warning of the tile compiler (a register budget, a protocol
    check), issued at the user's source line it names."""


def in_process():
    """Whether compilation runs in this process through libTileCAPI.so (the
    default where it is found; TILE_MLIR_INPROCESS=0 uses tile-translate)."""
    if os.environ.get("TILE_MLIR_INPROCESS", "1") == "0":
        return False
    from . import _capi
    return _capi.library_path() is not None


def compile_to_ptx(mlir, chip=None, ptx_version=None):
    """Compiles the gpu.modules of `mlir` (text) to PTX and returns it: in
    this process through the C API where libTileCAPI.so is found, else with
    tile-translate. Warnings become TileWarning at their source lines.

    Raises TileError with the compiler's diagnostics on failure."""
    ptx, warned = compile_with_warnings(mlir, chip, ptx_version)
    issue_warnings(warned)
    return ptx


def compile_with_warnings(mlir, chip=None, ptx_version=None):
    """(PTX, [(file, line, message)] of its warnings), not issued."""
    if in_process():
        from . import _capi
        ptx, diags = _capi.Compiler.get().compile_to_ptx(mlir, chip,
                                                         ptx_version)
        if ptx is None:
            raise TileError("\n".join(str(d) for d in diags) or
                            "the tile compiler failed")
        return ptx, [(d.file or "<tile>", d.line, d.message) for d in diags
                     if d.severity == "warning"]
    cmd = [find_tool("tile-translate"), "--mlir-to-ptx", "-"]
    if chip:
        cmd.append(f"--chip={chip}")
    if ptx_version:
        cmd.append(f"--ptx-version={ptx_version}")
    code, out, err = run_tool(cmd, mlir)
    if code:
        raise TileError(err.strip() or "tile-translate failed")
    return out, [(m.group(1), int(m.group(2)), m.group(4)) for m in
                 map(_WARNING_LINE.fullmatch, err.splitlines()) if m]


def issue_warnings(warned):
    """Issues (file, line, message) warnings as TileWarning there."""
    for file, line, message in warned:
        warnings.warn_explicit(message, TileWarning, file, line)


_WARNING_LINE = re.compile(r"(.*):(\d+):(\d+): warning: (.*)")


# What the tools are asked for when progress is wanted (after their own
# delay of 2 s, each pass as it starts, a line every 5 s in a long one).
PROGRESS_ARGS = ["--progress=always"]


def wants_progress():
    """Whether the tools report a long compilation's progress: TILE_PROGRESS
    (1 or 0) if set, else whether standard error is a terminal."""
    env = os.environ.get("TILE_PROGRESS")
    if env:
        return env != "0"
    return bool(getattr(sys.stderr, "isatty", None) and sys.stderr.isatty())


def run_tool(cmd, text):
    """Runs a tool on `text` (its standard input): (exit code, standard
    output, standard error). Where progress is wanted, the tool reports it
    (`--progress=always`) and its progress lines go to standard error as
    they come; everything else on its standard error is returned."""
    if not wants_progress():
        r = subprocess.run(cmd, input=text, capture_output=True, text=True)
        return r.returncode, r.stdout, r.stderr
    p = subprocess.Popen(cmd + PROGRESS_ARGS, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    kept = []

    def forward():
        for line in p.stderr:
            if line.startswith("tile: ["):
                sys.stderr.write(line)
                sys.stderr.flush()
            else:
                kept.append(line)

    reader = threading.Thread(target=forward, daemon=True)
    reader.start()
    try:  # The tools read all their input before they write.
        p.stdin.write(text)
        p.stdin.close()
    except BrokenPipeError:
        pass  # It stopped early; its exit code and diagnostics say why.
    out = p.stdout.read()
    p.wait()
    reader.join()
    return p.returncode, out, "".join(kept)


def cache_key(*parts):
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


_TOOL_IDS = {}


def tool_id(name="tile-translate", path=None):
    """An identity of the tool that would run now: a digest of its real path,
    size, modification time and inode (cached per process for that stat), so
    a rebuilt or replaced tool gives another identity. None where there is no
    such tool."""
    try:
        path = os.path.realpath(path or find_tool(name))
        st = os.stat(path)
    except (TileError, OSError):
        return None
    stamp = (path, st.st_size, st.st_mtime_ns, st.st_ino, st.st_dev)
    if stamp not in _TOOL_IDS:
        _TOOL_IDS[stamp] = hashlib.sha256(
            repr(stamp).encode()).hexdigest()[:32]
    return _TOOL_IDS[stamp]


# The PTX cache ($TILE_MLIR_PTX_CACHE): one file per module, named by the
# module's digest, holding a one-line header (a PTX comment) and the PTX:
#   // tile-mlir-ptx-cache v1 key=<sha256 of the module> tool=<tool_id>
#      sha256=<sha256 of the PTX> bytes=<PTX size>
_CACHE_MAGIC = "// tile-mlir-ptx-cache v2"
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_MAX_ENTRY = 256 << 20


def _open_cache_dir(path, env="TILE_MLIR_PTX_CACHE"):
    """The cache directory, opened (and created 0700 if absent). Raises
    TileError unless it is a real directory (not a symbolic link) owned by
    this user that nobody else can write to."""
    created = False
    try:
        os.makedirs(path, mode=0o700)
        created = True
    except FileExistsError:
        pass
    except OSError as e:
        raise TileError(f"{env}={path}: cannot create it: "
                        f"{e.strerror}") from None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW |
                     _O_CLOEXEC)
    except OSError as e:
        what = ("is a symbolic link" if os.path.islink(path)
                else f"cannot be opened as a directory: {e.strerror}")
        raise TileError(f"{env}={path} {what}; it must be a "
                        "directory of this user's") from None
    try:
        st = os.fstat(fd)
        if created:
            os.fchmod(fd, 0o700)
            st = os.fstat(fd)
        if st.st_uid != os.geteuid():
            raise TileError(f"{env}={path} is owned by uid "
                            f"{st.st_uid}, not by this user "
                            f"(uid {os.geteuid()})")
        if st.st_mode & 0o022:
            raise TileError(f"{env}={path} can be written by "
                            f"its group or others (mode "
                            f"{stat.S_IMODE(st.st_mode):04o}); make it 0700")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _read_entry(dfd, name, key, tool, magic=_CACHE_MAGIC):
    """(body bytes, warnings) of entry `name`, or None where it is missing,
    not a regular file of this user's, damaged (digest, size or key
    mismatch), of another kind (`magic`) or made by another tool than `tool`
    (None: any tool, where none is available)."""
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK |
                     _O_CLOEXEC, dir_fd=dfd)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if (not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or
                st.st_mode & 0o022 or st.st_size > _MAX_ENTRY):
            return None
        chunks, size = [], 0
        while size <= _MAX_ENTRY:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)
    head, newline, body = data.partition(b"\n")
    if not newline:
        return None
    try:
        fields = head.decode("ascii").split(" ")
    except UnicodeDecodeError:
        return None
    n = len(magic.split(" "))
    values = dict(f.split("=", 1) for f in fields[n:] if "=" in f)
    if " ".join(fields[:n]) != magic or values.get("key") != key:
        return None
    if tool is not None and values.get("tool") != tool:
        return None
    if values.get("bytes") != str(len(body)) or \
            values.get("sha256") != hashlib.sha256(body).hexdigest():
        return None
    try:
        warned = [tuple(w) for w in
                  json.loads(bytes.fromhex(values.get("warnings", "")))]
        return body, warned
    except (ValueError, TypeError):
        return None


def _write_entry(dfd, name, key, tool, body, warned, magic=_CACHE_MAGIC,
                 env="TILE_MLIR_PTX_CACHE"):
    """Stores `body` (bytes) as entry `name`: written to a private temporary
    file in the directory and renamed over the entry (never written through
    an existing file or link). A failure only warns: what was compiled is
    still good."""
    # The compiler's warnings (file, line, message) are kept with the body,
    # so a hit warns as the compilation did.
    notes = json.dumps([list(w) for w in warned]).encode().hex()
    head = (f"{magic} key={key} tool={tool} warnings={notes} "
            f"sha256={hashlib.sha256(body).hexdigest()} bytes={len(body)}\n")
    tmp = f".{name}.{os.getpid()}.{secrets.token_hex(8)}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL |
                     os.O_NOFOLLOW | _O_CLOEXEC, 0o600, dir_fd=dfd)
    except OSError as e:
        warnings.warn(f"{env}: cannot store {name}: {e.strerror}")
        return
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(head.encode() + body)
        os.replace(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
    except OSError as e:
        try:
            os.unlink(tmp, dir_fd=dfd)
        except OSError:
            pass
        warnings.warn(f"{env}: cannot store {name}: {e.strerror}")


def default_cache_dir(kind="ptx"):
    """The cache of `kind` ("ptx", "cpu") used when its variable is not set:
    $XDG_CACHE_HOME/tile-mlir/<kind>, else ~/.cache/tile-mlir/<kind> (None
    where there is no home)."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = os.path.expanduser("~")
        if home == "~":
            return None
        base = os.path.join(home, ".cache")
    return os.path.join(base, "tile-mlir", kind)


def _cache_dir_fd(env, kind):
    """The open cache directory of `env` (default: default_cache_dir(kind)),
    or None where caching is off (the variable set to the empty string) or
    the default directory is unusable (a warning says why). An unusable
    directory the user named raises TileError."""
    path = os.environ.get(env)
    explicit = path is not None
    if path is None:
        path = default_cache_dir(kind)
    if not path:
        return None
    try:
        return _open_cache_dir(path, env)
    except TileError as e:
        if explicit:
            raise
        what = {"ptx": "PTX", "cpu": "CPU object"}.get(kind, kind)
        warnings.warn(f"the default {what} cache is not used: {e}",
                      TileWarning)
        return None


# The CPU backend's object cache ($TILE_MLIR_CPU_CACHE): the object code
# the JIT made of a module, one file per module, options and host target,
# with the PTX cache's header (this magic) and checks.
_CPU_MAGIC = "tile-mlir-cpu-object v1"


def cached_cpu_engine(mlir, bounds_check=True, opt_level=2):
    """The CPU engine of `mlir` (tile kernels and their host functions),
    through the object cache in $TILE_MLIR_CPU_CACHE (default
    ~/.cache/tile-mlir/cpu; the empty string turns it off). An entry is used
    only if it is intact and was made by the libTileCAPI.so loaded now for
    this host's target; a hit neither lowers nor compiles. Anything else is
    a miss: the module is compiled and the entry replaced. Returns
    (CpuEngine or None, [Diagnostic])."""
    from . import _capi
    compiler = _capi.Compiler.get()
    if compiler is None:
        raise TileError("the CPU backend needs the C API library "
                        "(libTileCAPI.so): build the TileCAPI target or "
                        "install the wheel")
    dfd = _cache_dir_fd("TILE_MLIR_CPU_CACHE", "cpu")
    if dfd is None:
        return compiler.cpu_engine(mlir, bounds_check=bounds_check,
                                   opt_level=opt_level)
    try:
        key = hashlib.sha256("\0".join(
            [mlir, f"bounds_check={int(bool(bounds_check))}",
             f"opt_level={opt_level}", compiler.host_target()]).encode()
        ).hexdigest()
        name, tool = key[:32] + ".o", compiler_id()
        entry = _read_entry(dfd, name, key, tool, _CPU_MAGIC)
        if entry is not None:
            engine, _ = compiler.cpu_engine_from_object(entry[0])
            if engine is not None:
                return engine, [_capi.Diagnostic("warning", f'"{f}":{n}:0', m)
                                for f, n, m in entry[1]]
        engine, diags = compiler.cpu_engine(mlir, bounds_check=bounds_check,
                                            opt_level=opt_level)
        data = engine.object() if engine is not None else None
        if data:
            warned = [(d.file or "<tile>", d.line, d.message) for d in diags
                      if d.severity == "warning"]
            _write_entry(dfd, name, key, tool, data, warned, _CPU_MAGIC,
                         "TILE_MLIR_CPU_CACHE")
        return engine, diags
    finally:
        os.close(dfd)


def compiler_id():
    """The identity of what compiles now: libTileCAPI.so in process, else
    tile-translate (None where neither is found)."""
    if in_process():
        from . import _capi
        loaded = _capi.Compiler._instance  # What compiles, once loaded.
        return tool_id(path=loaded.path if loaded else _capi.library_path())
    return tool_id("tile-translate")


def cached_ptx(mlir, key_text=None):
    """compile_to_ptx(mlir) through the PTX cache in $TILE_MLIR_PTX_CACHE
    (when set and not empty). `key_text` (default `mlir`) is what the entry
    is keyed on. An entry is used only if it is intact (its header's digest,
    size and key match) and was made by the tile-translate that would
    compile it now; where there is no tile-translate, any intact entry for
    the module is used. Anything else is a miss: the PTX is compiled and the
    entry replaced."""
    key = hashlib.sha256((mlir if key_text is None else key_text)
                         .encode()).hexdigest()
    name = key[:32] + ".ptx"
    tool = compiler_id()
    dfd = _cache_dir_fd("TILE_MLIR_PTX_CACHE", "ptx")
    if dfd is None:
        return compile_to_ptx(mlir)
    try:
        entry = _read_entry(dfd, name, key, tool)
        if entry is not None:
            try:
                ptx = entry[0].decode()
            except UnicodeDecodeError:
                ptx = None
            if ptx is not None:
                issue_warnings(entry[1])
                return ptx
        ptx, warned = compile_with_warnings(mlir)
        # The identity of the compiler that ran (found again: it must exist).
        _write_entry(dfd, name, key, compiler_id(), ptx.encode(), warned)
        issue_warnings(warned)
        return ptx
    finally:
        os.close(dfd)


def _cuda_tool(name):
    """ptxas or cuobjdump: PATH, $CUDA_HOME/bin, /usr/local/cuda/bin, or
    (cuobjdump) the nvidia-cuda-cuobjdump wheel."""
    found = shutil.which(name)
    if found:
        return found
    dirs = [os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                         "bin")]
    try:
        import nvidia
        dirs += [os.path.join(p, sub, "bin") for p in nvidia.__path__
                 for sub in ("cu13", "cuda_cuobjdump", "cu12")]
    except ImportError:
        pass
    for d in dirs:
        if os.path.exists(os.path.join(d, name)):
            return os.path.join(d, name)
    raise TileError(f"cannot find {name}: install the CUDA toolkit "
                    "(ptxas) and `pip install nvidia-cuda-cuobjdump`")


def sass_of(ptx, chip):
    """The SASS of `ptx` assembled for `chip`, as cuobjdump -sass prints
    it."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix="tile-sass-") as tmp:
        src, cubin = os.path.join(tmp, "k.ptx"), os.path.join(tmp, "k.cubin")
        with open(src, "w") as f:
            f.write(ptx)
        r = subprocess.run([_cuda_tool("ptxas"), f"-arch={chip}", src, "-o",
                            cubin], capture_output=True, text=True)
        if r.returncode:
            raise TileError(f"ptxas failed:\n{r.stderr.strip()}")
        r = subprocess.run([_cuda_tool("cuobjdump"), "-sass", cubin],
                           capture_output=True, text=True)
        if r.returncode:
            raise TileError(f"cuobjdump failed:\n{r.stderr.strip()}")
        return r.stdout
