"""A TIRx-style script front-end over the tile dialect.

Programs written against `tvm.script.tirx` for register-tile PTX run here with
the import line changed:

    from tile_mlir.script import tirx as T

    @T.function
    def affine_fma(A: T.Tensor((4, 1), "float32"),
                   Out: T.Tensor((4, 1), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        r = T.alloc_local((4, 1), "float32", layout="default")
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
        T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, T.float32(2),
                          T.float32(1))
        T.cuda.tile.apply(T.ptx["st.global.f32"], Out, r)

`@T.function` traces the body once into a `gpu.module` kernel of `tile`
operations (`affine_fma.mlir`), compiles it with the project's tools
(`affine_fma.ptx()`), and calling it with numpy arrays runs it on the GPU,
copying every tensor argument back (`affine_fma(A, Out)`).

An opcode must be a well-formed spelling of a mnemonic of the instruction
table (it is checked before it reaches any MLIR text); the tile verifier then
decides whether it is a documented PTX form, and its diagnostics come back as
`TileError`.
"""

import inspect
import os
import re
import weakref

from .. import instr_table
from ..compiler import TileError, cache_key, compile_to_ptx, run_on_cpu

_DTYPES = {
    "float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16",
    "int16": "i16", "uint16": "i16", "int32": "i32", "uint32": "i32",
    "int64": "i64", "uint64": "i64", "bool": "i1",
}


def _row_major_strides(shape):
    """Element strides of a contiguous row-major array of `shape`."""
    strides, acc = [], 1
    for d in reversed(shape):
        strides.insert(0, acc)
        acc *= d
    return strides


def _bits(elt):
    """Storage bits of an MLIR element type (i1 is stored as a byte)."""
    return 8 if elt == "i1" else instr_table.element_bits(elt)


def _mlir_type(dtype):
    if dtype not in _DTYPES:
        raise TileError(f"unsupported dtype '{dtype}' (supported: "
                        f"{', '.join(sorted(_DTYPES))})")
    return _DTYPES[dtype]


class _Ptx:
    """`T.ptx["fma.rn.f32"]`: an opcode, checked by the tile verifier."""

    class Opcode(str):
        pass

    _SPELLING = re.compile(r"[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+")

    def __getitem__(self, opcode):
        if not isinstance(opcode, str):
            raise TileError("T.ptx[...] takes the opcode as a string")
        # Only a dotted PTX spelling of a known mnemonic may reach the MLIR
        # text: nothing else can be pasted into the module.
        if not self._SPELLING.fullmatch(opcode):
            raise TileError(f"T.ptx[{opcode!r}]: not a PTX opcode spelling "
                            "(letters, digits and '_' in dot-separated parts)")
        mnemonic = opcode.split(".", 1)[0]
        if mnemonic not in instr_table.mnemonics():
            raise TileError(f"T.ptx[{opcode!r}]: unknown PTX instruction "
                            f"'{mnemonic}' (the instruction table has "
                            f"{', '.join(instr_table.mnemonics())})")
        return _Ptx.Opcode(opcode)


ptx = _Ptx()


class Tensor:
    """A kernel parameter annotation: a global tensor of `shape`, `dtype`."""

    def __init__(self, shape, dtype):
        self.shape = tuple(int(d) for d in shape)
        self.dtype = dtype
        self.elt = _mlir_type(dtype)

    def mlir_type(self):
        return "memref<" + "x".join(map(str, self.shape)) + f"x{self.elt}>"


class Scalar:
    """A kernel parameter annotation for a scalar, e.g. `p: T.Scalar("bool")`."""

    def __init__(self, dtype):
        self.dtype = dtype
        self.elt = _mlir_type(dtype)

    def mlir_type(self):
        return self.elt


class _Value:
    def __init__(self, name, type_):
        self.name, self.type = name, type_


class _Builder:
    current = None

    def __init__(self):
        self.lines, self.consts, self.counter = [], {}, 0
        self.launch = None

    def fresh(self, prefix):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def constant(self, literal, elt):
        key = (literal, elt)
        if key not in self.consts:
            name = self.fresh("c")
            self.consts[key] = name
            self.lines.insert(0, f"{name} = arith.constant {literal} : {elt}")
        return _Value(self.consts[key], elt)


def _builder():
    if _Builder.current is None:
        raise TileError("T.* statements are only valid inside a @T.function")
    return _Builder.current


class _TypedScalar:
    def __init__(self, literal, elt):
        self.literal, self.elt = literal, elt


def _float_literal(v, elt):
    """An MLIR float literal; NaN and infinities as the format's bits."""
    v = float(v)
    if v == v and abs(v) != float("inf"):
        # MLIR wants a digit and a '.' before any exponent: 1e-08 -> 1.0e-08.
        mantissa, e, exponent = repr(v).partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + e + exponent
    fmt = instr_table.formats()[elt]
    exp = ((1 << fmt["exp_bits"]) - 1) << (fmt["precision"] - 1)
    sign = (1 << (fmt["bits"] - 1)) if v < 0 else 0
    quiet = (1 << (fmt["precision"] - 2)) if v != v else 0
    return f"0x{sign | exp | quiet:0{fmt['bits'] // 4}X}"


def float32(v):
    return _TypedScalar(_float_literal(v, "f32"), "f32")


def float64(v):
    return _TypedScalar(_float_literal(v, "f64"), "f64")


def float16(v):
    return _TypedScalar(_float_literal(v, "f16"), "f16")


def bfloat16(v):
    return _TypedScalar(_float_literal(v, "bf16"), "bf16")


def int32(v):
    return _TypedScalar(str(int(v)), "i32")


def uint32(v):
    return _TypedScalar(str(int(v) & 0xFFFFFFFF), "i32")


def int64(v):
    return _TypedScalar(str(int(v)), "i64")


def uint64(v):
    return _TypedScalar(str(int(v) & 0xFFFFFFFFFFFFFFFF), "i64")


def uint16(v):
    return _TypedScalar(str(int(v) & 0xFFFF), "i16")


def int16(v):
    return _TypedScalar(str(int(v)), "i16")


class _LaunchConfig:
    def __init__(self, grid=1, block=1):
        self.grid = tuple(grid) if isinstance(grid, (tuple, list)) else (grid,)
        self.block = tuple(block) if isinstance(block, (tuple, list)) else (
            block,)


class _Tile:
    @staticmethod
    def apply(opcode, *operands, scope="thread", pred=None,
              preserve_dst=False):
        """`T.cuda.tile.apply(T.ptx[op], *operands, scope=..., pred=...,
        preserve_dst=...)`: one tile.apply."""
        b = _builder()
        if not isinstance(opcode, _Ptx.Opcode):
            raise TileError("the first argument of tile.apply must be "
                            "T.ptx[\"<opcode>\"]")
        if scope not in ("thread", "warp", "warpgroup", "cta"):
            raise TileError(f"unknown scope '{scope}' (thread, warp, "
                            "warpgroup, cta)")
        names, types = [], []
        for i, op in enumerate(operands):
            if isinstance(op, _TypedScalar):
                op = b.constant(op.literal, op.elt)
            elif isinstance(op, (int, float, bool)):
                raise TileError(
                    f"operand #{i} of {opcode} is an untyped Python "
                    f"{type(op).__name__}; write T.float32({op!r}) or another "
                    "typed scalar")
            if not isinstance(op, _Value):
                raise TileError(f"operand #{i} of {opcode}: expected a tensor,"
                                f" a local tile or a typed scalar, got {op!r}")
            names.append(op.name)
            types.append(op.type)
        params = ""
        if pred is not None:
            if isinstance(pred, bool):
                pred = b.constant("true" if pred else "false", "i1")
            if not isinstance(pred, _Value) or pred.type != "i1":
                raise TileError("pred must be a bool or a boolean parameter")
            params += f" pred({pred.name})"
        if preserve_dst:
            params += " preserve_dst"
        b.lines.append(f'tile.apply "{opcode}" ({", ".join(names)}){params} '
                       f"scope({scope}) : {', '.join(types)} "
                       f"{_caller_location()}")


def _caller_location():
    """The MLIR location of the user's line that called into T.*: the first
    frame outside this package, so the verifier's words name that line."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for frame in inspect.stack()[1:]:
        path = os.path.abspath(frame.filename)
        if not path.startswith(here + os.sep):
            name = frame.filename.replace("\\", "\\\\").replace('"', '\\"')
            return f'loc("{name}":{frame.lineno}:0)'
    return ""


_CHIP = re.compile(r"sm_[0-9]+[af]?")

# DLPack (dlpack.h): the tensor a producer's __dlpack__() capsule points to.
_DLPACK_KEEP = []
_DL_CUDA, _DL_CUDA_MANAGED = 2, 13
_DL_DTYPES = {(0, 16): "int16", (0, 32): "int32", (0, 64): "int64",
              (1, 16): "uint16", (1, 32): "uint32", (1, 64): "uint64",
              (2, 16): "float16", (2, 32): "float32", (2, 64): "float64",
              (4, 16): "bfloat16", (6, 8): "bool"}


def _dlpack_view(a):
    """The CUDA tensor behind `a.__dlpack__()`, or None when `a` has none or
    lives elsewhere. The capsule is kept on the caller's object for the
    launch (it owns the tensor's lifetime)."""
    import ctypes
    if not hasattr(a, "__dlpack__") or not hasattr(a, "__dlpack_device__"):
        return None
    device_type, _ = a.__dlpack_device__()
    if device_type not in (_DL_CUDA, _DL_CUDA_MANAGED):
        return None

    class DLDevice(ctypes.Structure):
        _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]

    class DLDataType(ctypes.Structure):
        _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                    ("lanes", ctypes.c_uint16)]

    class DLTensor(ctypes.Structure):
        _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice),
                    ("ndim", ctypes.c_int), ("dtype", DLDataType),
                    ("shape", ctypes.POINTER(ctypes.c_int64)),
                    ("strides", ctypes.POINTER(ctypes.c_int64)),
                    ("byte_offset", ctypes.c_uint64)]

    capsule = a.__dlpack__()
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object,
                                                  ctypes.c_char_p]
    # DLManagedTensor starts with its DLTensor.
    t = DLTensor.from_address(get(capsule, b"dltensor"))
    dtype = _DL_DTYPES.get((t.dtype.code, t.dtype.bits))
    if dtype is None or t.dtype.lanes != 1:
        raise TileError(f"unsupported DLPack dtype (code {t.dtype.code}, "
                        f"{t.dtype.bits} bits, {t.dtype.lanes} lanes)")
    shape = tuple(t.shape[i] for i in range(t.ndim))
    if t.strides:
        strides = [t.strides[i] for i in range(t.ndim)]
    else:
        strides = _row_major_strides(shape)
    _DLPACK_KEEP.append(capsule)  # Alive until the call that needs it ends.
    return (t.data or 0) + t.byte_offset, shape, strides, dtype


class _Cuda:
    LaunchConfig = _LaunchConfig
    tile = _Tile


cuda = _Cuda()


def device_entry(launch=None):
    """Records the launch configuration (grid and block)."""
    _builder().launch = launch or _LaunchConfig()


def alloc_local(shape, dtype, layout="default", group=0):
    """A register tile of `shape` owned by each thread. With `group=g`, the
    first g axes are distributed group axes (stride 0) for warp, warpgroup or
    cta scope."""
    if layout != "default":
        raise TileError(f"layout '{layout}' is not supported (use 'default')")
    b = _builder()
    shape = tuple(int(d) for d in shape)
    elt = _mlir_type(dtype)
    layout_attr = ""
    if group:
        strides = [0] * group + _row_major_strides(shape[group:])
        layout_attr = ", strided<[" + ", ".join(map(str, strides)) + "]>"
    ty = f"memref<{'x'.join(map(str, shape))}x{elt}{layout_attr}, #tile.reg>"
    name = b.fresh("r")
    b.lines.append(f"{name} = tile.alloc_local : {ty}")
    return _Value(name, ty)


class PrimFunc:
    """A traced kernel: `.mlir`, `.ptx(chip)`, and calling runs it."""

    def __init__(self, fn):
        self.name = fn.__name__
        self.params = []
        # Loaded modules by (device, sm): each kernel is loaded once per
        # device and stays loaded for the process.
        self._modules = {}
        self._finalizer = None
        sig = inspect.signature(fn)
        args = []
        b = _Builder()
        for i, (pname, p) in enumerate(sig.parameters.items()):
            ann = p.annotation
            if not isinstance(ann, (Tensor, Scalar)):
                raise TileError(f"parameter '{pname}' of {self.name} needs a "
                                "T.Tensor(shape, dtype) or T.Scalar(dtype) "
                                "annotation")
            self.params.append((pname, ann))
            args.append(_Value(f"%{pname}", ann.mlir_type()))
        _Builder.current = b
        try:
            fn(*args)
        finally:
            _Builder.current = None
        self.launch = b.launch or _LaunchConfig()
        sig_text = ", ".join(f"{a.name}: {a.type}" for a in args)
        body = "".join(f"      {line}\n" for line in b.lines)
        self._kernel = (f"    gpu.func @{self.name}({sig_text}) kernel {{\n"
                        f"{body}      gpu.return\n    }}\n")

    def module(self, chip="sm_90"):
        """The MLIR module (a gpu.module targeting `chip`)."""
        if not isinstance(chip, str) or not _CHIP.fullmatch(chip):
            raise TileError(f"chip {chip!r} is not an SM name such as sm_90 "
                            "or sm_90a")
        return ("module attributes {gpu.container_module} {\n"
                f'  gpu.module @{self.name}_module [#nvvm.target<chip = '
                f'"{chip}">] {{\n{self._kernel}  }}\n}}\n')

    @property
    def mlir(self):
        return self.module()

    def ptx(self, chip="sm_90"):
        """PTX for `chip`, through tile-translate; kept in $TILE_MLIR_PTX_CACHE
        (when set) so a machine without the tools can run what one with them
        compiled."""
        text = self.module(chip)
        cache = os.environ.get("TILE_MLIR_PTX_CACHE")
        path = None
        if cache:
            # Source locations do not change the PTX: key on the text
            # without them, so another checkout path finds the same entry.
            key = cache_key(re.sub(r' loc\("(?:[^"\\]|\\.)*":\d+:\d+\)', "",
                                   text))
            path = os.path.join(cache, key + ".ptx")
            if os.path.exists(path):
                with open(path) as f:
                    return f.read()
        out = compile_to_ptx(text)
        if path:
            os.makedirs(cache, exist_ok=True)
            with open(path, "w") as f:
                f.write(out)
        return out

    @staticmethod
    def _device_view(a):
        """(pointer, shape, strides in elements, dtype name) of a CUDA array:
        an object with __cuda_array_interface__ (torch, cupy) or a CUDA
        DLPack tensor (__dlpack__ with a CUDA __dlpack_device__); None for
        host arrays."""
        iface = getattr(a, "__cuda_array_interface__", None)
        if iface is None:
            return _dlpack_view(a)
        import numpy as np
        dtype = np.dtype(iface["typestr"])
        shape = tuple(iface["shape"])
        if iface.get("strides") is None:
            strides = _row_major_strides(shape)
        else:
            strides = [s // dtype.itemsize for s in iface["strides"]]
        # torch's bfloat16 has no numpy typestr of its own ("<V2").
        name = dtype.name
        torch_dtype = getattr(a, "dtype", None)
        if str(torch_dtype) == "torch.bfloat16":
            name = "bfloat16"
        return iface["data"][0], shape, strides, name

    def _check_arguments(self, arrays):
        """Checks every argument against its annotation, by dtype (not by
        size: an int32 array is not a float32 tensor), before any GPU work."""
        import numpy as np
        if len(arrays) != len(self.params):
            raise TileError(f"{self.name} takes {len(self.params)} arguments, "
                            f"got {len(arrays)}")
        for (pname, ann), a in zip(self.params, arrays):
            if isinstance(ann, Scalar):
                continue
            view = self._device_view(a)
            if view is not None:
                shape, dtype = view[1], view[3]
            elif isinstance(a, np.ndarray):
                shape, dtype = a.shape, a.dtype.name
            else:
                raise TileError(f"argument '{pname}' must be a numpy array or "
                                "a CUDA array (__cuda_array_interface__ or "
                                "__dlpack__: torch, cupy)")
            if shape != ann.shape:
                raise TileError(f"argument '{pname}' must be an array of "
                                f"shape {ann.shape}, got {shape}")
            if dtype != ann.dtype:
                raise TileError(f"argument '{pname}' has dtype {dtype},"
                                f" expected {ann.dtype}")

    def _module(self, rt):
        """The kernel's module on `rt`'s device, loaded once (and unloaded
        by `unload()` or when the function is collected)."""
        key = (rt.device, rt.sm)
        if key not in self._modules:
            self._modules[key] = rt.load_ptx(self.ptx(f"sm_{rt.sm}"))
            if self._finalizer is None:
                self._finalizer = weakref.finalize(
                    self, PrimFunc._unload_all, rt, self._modules)
        return self._modules[key]

    @staticmethod
    def _unload_all(rt, modules):
        for module in modules.values():
            try:
                rt.unload(module)
            except Exception:  # The process may be tearing the driver down.
                pass
        modules.clear()

    def unload(self):
        """Unloads the kernel's modules; the next call loads them again."""
        from ..runtime import CudaRuntime
        if self._modules:
            PrimFunc._unload_all(CudaRuntime.get(), self._modules)

    def _cpu_program(self, arrays):
        """A host program that runs the kernel on `arrays` (numpy) and prints
        every tensor argument afterwards, bit for bit (as integers)."""
        import numpy as np
        g, host, inits, prints, args = [], [], [], [], []
        host.append("%c0 = arith.constant 0 : index")
        host.append("%c1 = arith.constant 1 : index")
        for i, ((pname, ann), a) in enumerate(zip(self.params, arrays)):
            elt = ann.elt
            bits = _bits(elt)
            ity = f"i{bits}"
            if isinstance(ann, Scalar):
                if elt == "i1":
                    raw = int(bool(a))
                else:
                    raw = int(np.array(a, dtype=ann.dtype).view(
                        f"u{bits // 8}").item())
                if elt.startswith("f") or elt == "bf16":
                    host.append(f"%s{i}b = arith.constant {raw} : {ity}")
                    host.append(f"%s{i} = arith.bitcast %s{i}b : {ity} to "
                                f"{elt}")
                else:
                    signed = raw - (1 << bits) if raw >> (bits - 1) and \
                        bits > 1 else raw
                    host.append(f"%s{i} = arith.constant {signed} : {elt}")
                args.append(f"%s{i} : {elt}")
                continue
            flat = np.ascontiguousarray(a).reshape(-1)
            n = flat.size
            raw = flat.view(f"u{bits // 8}").astype(np.int64)
            signed = [int(x) - (1 << bits) if int(x) >> (bits - 1) else int(x)
                      for x in raw]
            g.append(f'  memref.global "private" constant @a{i} : '
                     f"memref<{n}x{ity}> = dense<[{', '.join(map(str, signed))}]>")
            mty = ann.mlir_type()
            rank = len(ann.shape)
            host.append(f"%t{i} = memref.alloc() : {mty}")
            host.append(f"%f{i} = memref.collapse_shape %t{i} "
                        f"[[{', '.join(str(d) for d in range(rank))}]] : "
                        f"{mty} into memref<{n}x{elt}>")
            host.append(f"%g{i} = memref.get_global @a{i} : memref<{n}x{ity}>")
            host.append(f"%n{i} = arith.constant {n} : index")
            conv = (f"%y = arith.bitcast %x : {ity} to {elt}"
                    if elt != ity else f"%y = arith.addi %x, %zero{bits} : {ity}")
            inits.append(f"scf.for %j = %c0 to %n{i} step %c1 {{\n"
                         f"  %x = memref.load %g{i}[%j] : memref<{n}x{ity}>\n"
                         f"  {conv}\n"
                         f"  memref.store %y, %f{i}[%j] : memref<{n}x{elt}>\n}}")
            back = (f"%b = arith.bitcast %v : {elt} to {ity}"
                    if elt != ity else f"%b = arith.addi %v, %zero{bits} : {ity}")
            ext = ("%w = arith.extui %b : " + ity + " to i64"
                   if bits < 64 else "%w = arith.addi %b, %zero64 : i64")
            prints.append(f"%p{i} = memref.alloc() : memref<{n}xi64>\n"
                          f"scf.for %j = %c0 to %n{i} step %c1 {{\n"
                          f"  %v = memref.load %f{i}[%j] : memref<{n}x{elt}>\n"
                          f"  {back}\n  {ext}\n"
                          f"  memref.store %w, %p{i}[%j] : memref<{n}xi64>\n}}\n"
                          f"%u{i} = memref.cast %p{i} : memref<{n}xi64> to "
                          f"memref<*xi64>\n"
                          f"call @printMemrefI64(%u{i}) : (memref<*xi64>) -> ()")
            args.append(f"%t{i} : {mty}")
        zeros = [f"%zero{b} = arith.constant 0 : i{b}" for b in (8, 16, 32, 64)]
        grid = list(self.launch.grid) + [1] * (3 - len(self.launch.grid))
        block = list(self.launch.block) + [1] * (3 - len(self.launch.block))
        dims = [f"%d{k} = arith.constant {v} : index"
                for k, v in enumerate(grid + block)]
        launch = (f"gpu.launch_func @{self.name}_module::@{self.name} "
                  "blocks in (%d0, %d1, %d2) threads in (%d3, %d4, %d5) "
                  f"args({', '.join(args)})")
        body = "\n".join(zeros + dims + host + inits + [launch] + prints)
        kernel_module = self.module("sm_90")
        head, tail = kernel_module.rsplit("}", 1)
        return (head + "\n".join(g) + "\n"
                "  func.func private @printMemrefI64(memref<*xi64>)\n"
                "  func.func @main() {\n" +
                "".join(f"    {line}\n" for line in body.split("\n")) +
                "    return\n  }\n}" + tail)

    def _run_cpu(self, arrays):
        """The CPU backend: runs the kernel with `tile-runner --backend=cpu`
        on copies of the numpy `arrays` and writes the results back."""
        import numpy as np
        for (pname, ann), a in zip(self.params, arrays):
            if isinstance(ann, Tensor) and not isinstance(a, np.ndarray):
                raise TileError(f"argument '{pname}': the CPU backend takes "
                                "numpy arrays")
            if isinstance(ann, Tensor) and ann.elt in ("bf16", "i1"):
                raise TileError(f"argument '{pname}': the CPU backend does "
                                f"not take {ann.dtype} arrays yet")
        out = run_on_cpu(self._cpu_program(arrays))
        rows = [line.strip("[] ") for line in out.splitlines()
                if re.fullmatch(r"\[[-0-9, ]+\]", line.strip())]
        tensors = [(ann, a) for (_, ann), a in zip(self.params, arrays)
                   if isinstance(ann, Tensor)]
        if len(rows) != len(tensors):
            raise TileError("the CPU backend printed an unexpected result:\n"
                            + out[-2000:])
        for (ann, a), row in zip(tensors, rows):
            bits = _bits(ann.elt)
            vals = np.array([int(x) & ((1 << bits) - 1)
                             for x in row.split(",")], dtype=np.uint64)
            a[...] = vals.astype(f"u{bits // 8}").view(a.dtype).reshape(
                a.shape)
        return arrays

    def __call__(self, *arrays, stream=None, backend="auto"):
        """Runs the kernel. numpy arrays are copied in, and back out after
        the launch; CUDA arrays (torch, cupy: __cuda_array_interface__) are
        used in place, with no copy. `stream` (an int CUstream handle, or an
        object with `cuda_stream` or `ptr`, e.g. torch.cuda.Stream or
        cupy.cuda.Stream) queues the launch on the caller's stream without
        waiting; by default the launch goes to the default stream.

        `backend`: "cuda" runs on the GPU, "cpu" on the CPU backend (the
        kernel as host code with the reference semantics; numpy arrays only),
        "auto" (the default) on the GPU where a CUDA driver and device are
        present and on the CPU otherwise."""
        import ctypes
        import numpy as np
        from ..runtime import CudaError, CudaRuntime
        if backend not in ("auto", "cuda", "cpu"):
            raise TileError(f"backend {backend!r} is not 'auto', 'cuda' or "
                            "'cpu'")
        self._check_arguments(arrays)
        if backend == "cpu":
            return self._run_cpu(arrays)
        if backend == "auto" and all(
                self._device_view(a) is None for a in arrays):
            try:
                CudaRuntime.get()
            except CudaError:
                return self._run_cpu(arrays)
        if stream is not None and not isinstance(stream, int):
            stream = getattr(stream, "cuda_stream", None) or getattr(
                stream, "ptr", None)
            if not isinstance(stream, int):
                raise TileError("stream must be a CUstream handle (int) or "
                                "have a cuda_stream or ptr attribute")
        rt = CudaRuntime.get()
        fn = rt.function(self._module(rt), self.name)
        args, buffers = [], []
        try:
            for (pname, ann), a in zip(self.params, arrays):
                if isinstance(ann, Scalar):
                    ctype = {"i1": ctypes.c_bool, "i32": ctypes.c_int32,
                             "i64": ctypes.c_int64, "f32": ctypes.c_float,
                             "f64": ctypes.c_double}[ann.elt]
                    args.append(ctype(a))
                    continue
                view = self._device_view(a)
                if view is not None:
                    ptr, shape, strides, _ = view
                else:
                    c = np.ascontiguousarray(a)
                    ptr = rt.alloc(c.nbytes)
                    buffers.append((ptr, c, a))
                    rt.to_device(ptr, c)
                    shape = c.shape
                    strides = [s // c.itemsize for s in c.strides]
                # The memref descriptor: allocated, aligned, offset, sizes,
                # strides (in elements).
                args += [ctypes.c_uint64(ptr), ctypes.c_uint64(ptr),
                         ctypes.c_int64(0)]
                args += [ctypes.c_int64(d) for d in shape]
                args += [ctypes.c_int64(s) for s in strides]
            rt.launch(fn, self.launch.grid, self.launch.block, args,
                      stream=stream)
            if buffers and stream is not None:
                rt.synchronize()  # The copies back use the default stream.
            for ptr, c, a in buffers:
                rt.to_host(c, ptr)
                if c is not a:
                    a[...] = c
            return arrays
        finally:
            _DLPACK_KEEP.clear()
            for ptr, _, _ in buffers:
                rt.free(ptr)


def function(fn):
    """Decorator: traces `fn` into a tile kernel."""
    return PrimFunc(fn)
