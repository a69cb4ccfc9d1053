"""In-process compilation through the tile C API (`libTileCAPI.so`).

The module is parsed and compiled to PTX inside this process by MLIR's own
C API and the tile dialect's (`tile-c/Dialect.h`): no subprocess, and every
diagnostic comes back with its location, warnings included. One MLIR
context serves the process (contexts are costly to create); calls are
serialized by a lock.
"""

import ctypes
import os
import re
import threading

_LIB_NAME = "libTileCAPI.so"


class _Ptr(ctypes.Structure):
    """An opaque MLIR C API handle (MlirContext, MlirModule, ...)."""
    _fields_ = [("ptr", ctypes.c_void_p)]


class _StringRef(ctypes.Structure):
    # c_void_p, not c_char_p: MLIR's strings are not NUL-terminated, and
    # ctypes would read a c_char_p up to the next NUL.
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


class _LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


_STRING_CALLBACK = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)
# MlirLogicalResult is a struct of one int8_t, returned as that integer by
# the C ABI; ctypes callbacks cannot return structures.
_DIAG_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int8, _Ptr, ctypes.c_void_p)

# MlirDiagnosticSeverity, in mlir-c/Diagnostics.h's order.
_SEVERITY = ("error", "warning", "note", "remark")


def _ref(text):
    """A StringRef of `text`; the buffer is kept alive on the object."""
    data = ctypes.create_string_buffer(text.encode())
    ref = _StringRef(ctypes.cast(data, ctypes.c_void_p), len(data) - 1)
    ref._keep = data
    return ref


def library_path():
    """Where libTileCAPI.so is: $TILE_MLIR_CAPI, the package itself (a
    wheel), the build tree, or None."""
    from .compiler import build_dirs
    env = os.environ.get("TILE_MLIR_CAPI")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    for d in [os.path.join(here, "_lib")] + [os.path.join(b, "lib")
                                             for b in build_dirs()]:
        path = os.path.join(d, _LIB_NAME)
        if os.path.exists(path):
            return path
    return None


def _declare(lib):
    sigs = {
        "mlirContextCreate": ([], _Ptr),
        "mlirContextDestroy": ([_Ptr], None),
        "mlirDialectRegistryCreate": ([], _Ptr),
        "mlirDialectRegistryDestroy": ([_Ptr], None),
        "mlirContextAppendDialectRegistry": ([_Ptr, _Ptr], None),
        "tileRegisterCompilerDialects": ([_Ptr], None),
        "mlirContextAttachDiagnosticHandler":
            ([_Ptr, _DIAG_HANDLER, ctypes.c_void_p, ctypes.c_void_p],
             ctypes.c_uint64),
        "mlirContextDetachDiagnosticHandler": ([_Ptr, ctypes.c_uint64], None),
        "mlirDiagnosticPrint": ([_Ptr, _STRING_CALLBACK, ctypes.c_void_p],
                                None),
        "mlirDiagnosticGetSeverity": ([_Ptr], ctypes.c_int),
        "mlirDiagnosticGetLocation": ([_Ptr], _Ptr),
        "mlirLocationPrint": ([_Ptr, _STRING_CALLBACK, ctypes.c_void_p],
                              None),
        "mlirModuleCreateParse": ([_Ptr, _StringRef], _Ptr),
        "mlirModuleDestroy": ([_Ptr], None),
        "tileCompileToPtx":
            ([_Ptr, _StringRef, _StringRef, _STRING_CALLBACK, ctypes.c_void_p,
              _STRING_CALLBACK, ctypes.c_void_p], _LogicalResult),
        "tileCpuEngineCreate":
            ([_Ptr, ctypes.c_bool, ctypes.c_int, _STRING_CALLBACK,
              ctypes.c_void_p], _Ptr),
        "tileCpuEngineDestroy": ([_Ptr], None),
        "tileCpuEngineGetObject":
            ([_Ptr, _STRING_CALLBACK, ctypes.c_void_p], ctypes.c_bool),
        "tileCpuEngineCreateFromObject":
            ([_StringRef, _STRING_CALLBACK, ctypes.c_void_p], _Ptr),
        "tileCpuEngineHostTarget": ([_STRING_CALLBACK, ctypes.c_void_p],
                                    None),
        "tileCpuTensorMapEncodeTiled":
            ([ctypes.c_void_p, ctypes.c_int, ctypes.c_uint, ctypes.c_uint64,
              ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
              ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
              ctypes.c_int, _STRING_CALLBACK, ctypes.c_void_p],
             ctypes.c_bool),
        "tileCpuEngineRun":
            ([_Ptr, _StringRef, ctypes.POINTER(ctypes.c_void_p),
              ctypes.c_ssize_t, ctypes.POINTER(ctypes.c_void_p),
              ctypes.POINTER(ctypes.c_size_t), _STRING_CALLBACK,
              ctypes.c_void_p], ctypes.c_int),
    }
    for name, (argtypes, restype) in sigs.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = argtypes, restype


def _unescape(text):
    """The inside of an MLIR string literal (\\XX escapes) as text."""
    raw = re.sub(rb"\\([0-9A-Fa-f]{2})",
                 lambda m: bytes([int(m.group(1), 16)]), text.encode())
    return raw.decode("utf-8", "surrogateescape")


class Diagnostic:
    """One diagnostic: severity, the location as MLIR prints it (with the
    file, line and column parsed where it is a file location) and text."""

    _FILE_LOC = re.compile(r'(?:loc\()?"(.*)":(\d+):(\d+)\)?')

    def __init__(self, severity, location, message):
        self.severity, self.location, self.message = (severity, location,
                                                      message)
        m = self._FILE_LOC.fullmatch(location)
        self.file = _unescape(m.group(1)) if m else None
        self.line = int(m.group(2)) if m else 0
        self.column = int(m.group(3)) if m else 0

    def __str__(self):
        where = (f"{self.file}:{self.line}:{self.column}" if self.file
                 else self.location)
        return f"{where}: {self.severity}: {self.message}"


class Compiler:
    """The process's compiler: one MLIR context with the tile pipelines'
    dialects registered."""

    _instance = None
    _create_lock = threading.Lock()

    def __init__(self, path):
        from .compiler import TileError
        self.path = path
        self._host_target = None
        try:
            self.lib = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
            _declare(self.lib)
        except (OSError, AttributeError) as e:
            raise TileError(f"cannot use the C API library {path}: {e}") \
                from None
        self.lock = threading.Lock()
        self.ctx = self.lib.mlirContextCreate()
        registry = self.lib.mlirDialectRegistryCreate()
        self.lib.tileRegisterCompilerDialects(registry)
        self.lib.mlirContextAppendDialectRegistry(self.ctx, registry)
        self.lib.mlirDialectRegistryDestroy(registry)
        self._diags = []
        # Parse errors reach this handler; tileCompileToPtx reports its own.
        self._handler = _DIAG_HANDLER(self._on_diagnostic)
        self.lib.mlirContextAttachDiagnosticHandler(self.ctx, self._handler,
                                                    None, None)

    @classmethod
    def get(cls):
        """The process's compiler, or None where libTileCAPI.so is absent."""
        with cls._create_lock:
            if cls._instance is None:
                path = library_path()
                if path is None:
                    return None
                cls._instance = cls(path)
            return cls._instance

    def _text(self, printer, handle):
        parts = []
        cb = _STRING_CALLBACK(lambda s, _: parts.append(
            (ctypes.string_at(s.data, s.length) if s.length else b"")))
        printer(handle, cb, None)
        return b"".join(parts).decode(errors="replace")

    def _on_diagnostic(self, diag, _):
        severity = self.lib.mlirDiagnosticGetSeverity(diag)
        loc = self._text(self.lib.mlirLocationPrint,
                         self.lib.mlirDiagnosticGetLocation(diag))
        message = self._text(self.lib.mlirDiagnosticPrint, diag)
        self._diags.append(Diagnostic(_SEVERITY[severity], loc, message))
        return 1

    def compile_to_ptx(self, mlir, chip="", ptx_version=""):
        """(PTX or None, [Diagnostic]): parses `mlir` and compiles its
        gpu.modules with the tile-to-ptx pipeline."""
        with self.lock:
            module = self._parse(mlir)
            if module is None:
                return None, [_to_source(d, mlir) for d in self._diags]
            out = []
            ptx_cb = _STRING_CALLBACK(lambda s, _: out.append(_bytes(s)))
            try:
                ok = self.lib.tileCompileToPtx(
                    module, _ref(chip or ""), _ref(ptx_version or ""), ptx_cb,
                    None, self._collector(), None).value
            finally:
                self.lib.mlirModuleDestroy(module)
            ptx = b"".join(out).decode() if ok and out else None
            return ptx, [_to_source(d, mlir) for d in self._diags]

    def _parse(self, mlir):
        """The parsed module, or None with the diagnostics in _diags."""
        self._diags = []
        module = self.lib.mlirModuleCreateParse(self.ctx, _ref(mlir))
        return module if module.ptr else None

    def _collector(self):
        return _STRING_CALLBACK(lambda s, _: self._diags.append(
            _split(_bytes(s).decode(errors="replace"))))

    def cpu_engine(self, mlir, bounds_check=True, opt_level=2):
        """(CpuEngine or None, [Diagnostic]): `mlir` (kernels and the host
        functions that launch them) lowered for the CPU backend and compiled
        by the JIT, once."""
        with self.lock:
            module = self._parse(mlir)
            if module is None:
                return None, [_to_source(d, mlir) for d in self._diags]
            try:
                engine = self.lib.tileCpuEngineCreate(
                    module, bounds_check, opt_level, self._collector(), None)
            finally:
                self.lib.mlirModuleDestroy(module)
            diags = [_to_source(d, mlir) for d in self._diags]
            return (CpuEngine(self.lib, engine) if engine.ptr else None), diags

    def cpu_engine_from_object(self, data):
        """(CpuEngine or None, [Diagnostic]): an engine from the object code
        of CpuEngine.object() (no lowering, no compilation)."""
        with self.lock:
            self._diags = []
            buffer = ctypes.create_string_buffer(data, len(data))
            engine = self.lib.tileCpuEngineCreateFromObject(
                _StringRef(ctypes.cast(buffer, ctypes.c_void_p), len(data)),
                self._collector(), None)
            diags = list(self._diags)
            return (CpuEngine(self.lib, engine) if engine.ptr else None), diags

    def host_target(self):
        """The line naming the target the CPU engine compiles for (triple,
        CPU, features): object code is valid for the same line only. Asked
        once per process: the host does not change."""
        if self._host_target is None:
            out = []
            self.lib.tileCpuEngineHostTarget(
                _STRING_CALLBACK(lambda s, _: out.append(_bytes(s))), None)
            self._host_target = b"".join(out).decode()
        return self._host_target


def _bytes(ref):
    return ctypes.string_at(ref.data, ref.length) if ref.length else b""


class CpuEngine:
    """A module compiled for the CPU backend (tile-c/CpuEngine.h). Each run
    happens in a forked child: a kernel fault is a result, not the end of
    this process."""

    def __init__(self, lib, handle):
        self._lib, self._handle = lib, handle

    def __del__(self):
        if self._handle is not None:
            self._lib.tileCpuEngineDestroy(self._handle)
            self._handle = None

    def object(self):
        """The object code the JIT made of the module (bytes), or None for an
        engine made from object code."""
        out = []
        ok = self._lib.tileCpuEngineGetObject(
            self._handle, _STRING_CALLBACK(lambda s, _: out.append(_bytes(s))),
            None)
        return b"".join(out) if ok else None

    def encode_tensor_map(self, map_, data_type, rank, address, dims,
                          strides, box, element_strides, interleave, swizzle,
                          l2, oob):
        """Encodes a tiled tensor map for kernels the engine runs
        (tileCpuTensorMapEncodeTiled): the driver's parameters, innermost
        first. A map the driver would refuse is a TileValueError."""
        from .compiler import TileValueError
        why = []
        ok = self._lib.tileCpuTensorMapEncodeTiled(
            map_, data_type, rank, address, dims, strides, box,
            element_strides, interleave, swizzle, l2, oob,
            _STRING_CALLBACK(lambda s, _: why.append(_bytes(s))), None)
        if not ok:
            raise TileValueError(b"".join(why).decode(errors="replace"))

    def run(self, name, args, buffers):
        """Calls host function `name` with `args` (ctypes objects, one per
        argument of the lowered function); the `buffers` (writable objects
        of the buffer protocol, e.g. numpy arrays) come back with what the
        run left in them. Returns (status, what the run wrote to stderr):
        status 0 on success."""
        ptrs = (ctypes.c_void_p * max(len(args), 1))(
            *[ctypes.cast(ctypes.pointer(a), ctypes.c_void_p) for a in args])
        addrs = [b.ctypes.data for b in buffers]
        sizes = [b.nbytes for b in buffers]
        n = len(buffers)
        out = []
        status = self._lib.tileCpuEngineRun(
            self._handle, _ref(name), ptrs, n,
            (ctypes.c_void_p * max(n, 1))(*addrs),
            (ctypes.c_size_t * max(n, 1))(*sizes),
            _STRING_CALLBACK(lambda s, _: out.append(_bytes(s))), None)
        return status, b"".join(out).decode(errors="replace")


_PRINTED = re.compile(r"(loc\(.*?\)|[^:]*:\d+:\d+|[^:]*): "
                      r"(error|warning|note|remark): (.*)", re.S)


def _split(text):
    """A diagnostic as tileCompileToPtx prints it ("<loc>: <severity>:
    <message>", notes on later lines) as a Diagnostic."""
    m = _PRINTED.match(text)
    if not m:
        return Diagnostic("error", "", text)
    loc = m.group(1)
    file_loc = re.fullmatch(r"(.*):(\d+):(\d+)", loc)
    if file_loc and not loc.startswith("loc("):
        loc = f'"{file_loc.group(1)}":{file_loc.group(2)}:{file_loc.group(3)}'
    return Diagnostic(m.group(2), loc, m.group(3))


_LINE_LOC = re.compile(r'loc\(("(?:[^"\\]|\\.)*":\d+:\d+)\)\s*$')


def _to_source(diag, mlir):
    """A parse diagnostic, which names a line of the module text ("-"), at
    the source location that line carries (its trailing `loc(...)`, the
    user's line), where it has one."""
    if diag.file != "-" or not 0 < diag.line <= mlir.count("\n") + 1:
        return diag
    m = _LINE_LOC.search(mlir.split("\n")[diag.line - 1])
    if not m:
        return diag
    return Diagnostic(diag.severity, m.group(1), diag.message)
