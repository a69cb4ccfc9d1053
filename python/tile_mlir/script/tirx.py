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

import fractions
import functools
import contextlib
import inspect
import itertools
import math
import numbers
import operator
import os
import re
import struct
import sys
import threading
import warnings
import weakref

from .. import instr_table
from . import _nvcc_math, _rewrite, _views
from ._views import SpecMaker as _SpecMaker, TileLayout  # noqa: F401
from ._views import ComposeLayout  # noqa: F401
from . import _tma
from ..compiler import (TileError, TileTypeError, TileValueError,
                        TileWarning, cached_cpu_engine, cached_ptx,
                        issue_warnings, sass_of)
from ..limits import as_int, check_cluster, check_launch

_DTYPES = {
    "float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16",
    "int8": "i8", "uint8": "i8",
    "int16": "i16", "uint16": "i16", "int32": "i32", "uint32": "i32",
    "int64": "i64", "uint64": "i64", "bool": "i1",
    # CUDA's __nv_fp8_e4m3 and __nv_fp8_e5m2: one byte, converted (cast)
    # and reinterpreted, with no arithmetic of their own here.
    "float8_e4m3fn": "i8", "float8_e5m2": "i8",
}

# The PTX name of each float8 dtype's format (cvt's e4m3x2, e5m2x2).
_FP8 = {"float8_e4m3fn": "e4m3", "float8_e5m2": "e5m2"}


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


def _width(elt):
    """Value bits of an MLIR element type (i1: one)."""
    return 1 if elt == "i1" else _bits(elt)


# Names that reach the MLIR text (kernels, parameters): ASCII identifiers,
# which MLIR and PTX both take as they are.
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# What a typed scalar's literal may be: an integer, a decimal float, the
# bits of a float in hexadecimal, true or false.
_LITERAL = re.compile(r"-?[0-9]+|-?[0-9]+\.[0-9]*(e[-+]?[0-9]+)?|"
                      r"0x[0-9A-F]+|true|false")

# Integer dtypes: (bits, signed).
_INT_RANGES = {"int8": (8, True), "uint8": (8, False),
               "int16": (16, True), "uint16": (16, False),
               "int32": (32, True), "uint32": (32, False),
               "int64": (64, True), "uint64": (64, False)}


class _Dynamic:
    """`T.dynamic("n")`: a tensor extent bound at each call from the
    arguments' shapes. The kernel is specialized per value (compiled once
    for each, and cached), and `n` in its body is that value."""

    __slots__ = ("name", "dtype")

    def __init__(self, name, dtype):
        self.name, self.dtype = name, dtype

    def __repr__(self):
        return f"T.dynamic({self.name!r})"


def dynamic(name, dtype="int32"):
    """`T.dynamic(name)`: a symbolic extent for T.Tensor shapes."""
    if dtype not in ("int32", "int64"):
        raise TileTypeError(f"T.dynamic({name!r}) dtype {dtype!r}: int32 or "
                            "int64")
    return _Dynamic(_identifier(name, "T.dynamic name"), dtype)


def _shape(shape, what, dynamic_ok=False):
    """A shape: a non-empty sequence of positive integers (or, with
    `dynamic_ok`, T.dynamic extents)."""
    if not isinstance(shape, (tuple, list)) or not shape:
        raise TileTypeError(f"{what} must be a non-empty tuple of integers, "
                            f"got {shape!r}")
    if dynamic_ok and any(isinstance(d, _Dynamic) for d in shape):
        return tuple(d if isinstance(d, _Dynamic) else
                     _shape((d,), what)[0] for d in shape)
    dims = tuple(as_int(d, f"{what} dimension") for d in shape)
    if any(d < 1 for d in dims):
        raise TileValueError(f"{what} {dims} has a dimension below 1")
    return dims


def _identifier(name, what):
    if not isinstance(name, str) or not _IDENT.fullmatch(name):
        raise TileError(f"{what} {name!r} is not an ASCII identifier "
                        "(letters, digits and '_')")
    return name


def _mlir_type(dtype):
    if not isinstance(dtype, str) or dtype not in _DTYPES:
        raise TileError(f"unsupported dtype '{dtype}' (supported: "
                        f"{', '.join(sorted(_DTYPES))})")
    return _DTYPES[dtype]


class _Ptx:
    """`T.ptx["fma.rn.f32"]`: an opcode, checked by the tile verifier."""

    class Opcode(str):
        """A checked opcode; calling it issues the instruction, as
        `T.ptx.fma.rn.f32(...)` does (`T.ptx["fma.rn.f32"](d, a, b, c)`)."""

        def __call__(self, *operands, pred=None, preserve_dst=None):
            return _PtxChain(tuple(self.split(".")))(
                *operands, pred=pred, preserve_dst=preserve_dst)

    _SPELLING = re.compile(
        r"[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+(::?[A-Za-z0-9_]+)*)*")

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


    @staticmethod
    def addr(base, byte_offset):
        """TIRx's `T.ptx.addr(base, bytes)`: the address `bytes` past
        `base` (a T.cuda.cvta_generic_to_shared or T.address_of address),
        a whole number of its elements, as the same kind of address."""
        if not isinstance(base, _Address):
            raise TileTypeError(f"T.ptx.addr takes an address "
                                f"(T.cuda.cvta_generic_to_shared, "
                                f"T.address_of), got {base!r}")
        size = _bits(base.view.type_elt()) // 8
        offset = _plain(byte_offset)
        if not isinstance(offset, numbers.Integral) or offset % size:
            raise TileValueError(f"T.ptx.addr: the offset {byte_offset!r} "
                                 f"must be a constant number of bytes, a "
                                 f"multiple of the {size}-byte element")
        return base.moved(offset // size)

    def __getattr__(self, name):
        """`T.ptx.fma.rn.f32`: the opcode as an attribute chain. TIRx names
        some families with an underscore (`T.ptx.shfl_sync.bfly.b32`,
        `vote_sync`, `redux_sync`): where the first name is no mnemonic but
        starts with one, its `_` is the opcode's `.`."""
        if name.startswith("_"):
            raise AttributeError(name)
        token = _ptx_token(name)
        head = token.split("_", 1)[0]
        if token not in instr_table.mnemonics() and "_" in token and \
                head in instr_table.mnemonics():
            return _PtxChain(tuple(token.split("_")))
        return _PtxChain((token,))


def _ptx_token(name):
    """A Python attribute name as a PTX token, as TIRx spells them: `__`
    for `::` (`shared__cta`), `__colon__` for `:`, and a trailing `_` for a
    Python keyword (`async_`, `and_`)."""
    token = name.replace("__colon__", "\0").replace("__", "::")
    token = token.replace("\0", ":")
    return token[:-1] if token.endswith("_") else token


class _PtxChain:
    """A partly written opcode, `T.ptx.fma.rn`: each attribute adds a
    qualifier; tile.apply checks the whole spelling like `T.ptx[...]`."""

    __slots__ = ("tokens",)

    def __init__(self, tokens):
        self.tokens = tokens

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return _PtxChain(self.tokens + (_ptx_token(name),))

    def opcode(self):
        return ptx[".".join(self.tokens)]

    def __repr__(self):
        return "T.ptx." + ".".join(self.tokens)

    def __call__(self, *operands, pred=None, preserve_dst=None):
        """`T.ptx.cp.async_.commit_group()`, `T.ptx.and_.b32(t[0], x[i],
        T.uint32(255))`: the instruction, issued by each thread on elements
        (a thread-scope tile.apply). Python numbers become constants of
        their operands' types. As in TIRx, a predicate is kept in a 32-bit
        element: a `.pred` destination writes 1 or 0 into it, and
        `T.ptx.pred(u)` reads one as u != 0 (the table's predicate bridges
        of the element's width: selp.b32 and setp.ne.b32 for 32 bits)."""
        op = self.opcode()
        mark = _gathered_mark()
        if op.startswith("mapa.shared::cluster.") and len(operands) == 3:
            return _map_into_cluster(op, *operands, pred=pred)
        if op.startswith("mapa.") and len(operands) == 3 and \
                isinstance(operands[1], _views.SharedWindowAddress):
            raise TileTypeError(f"T.ptx.{op} (generic) takes a pointer "
                                "(S.ptr_to([i])) or a uint64 generic address;"
                                " a T.cuda.cvta_generic_to_shared address is "
                                "mapa.shared::cluster's")
        if ".shared::cluster" in op:
            mapped = [_cluster_register(v) for v in operands]
            # TIRx's getctarank.u32 of a mapped scalar: its register's .u64.
            if op == "getctarank.shared::cluster.u32" and \
                    any(m is not v for m, v in zip(mapped, operands)):
                op = ptx["getctarank.shared::cluster.u64"]
            operands = mapped
        forms = _by_kinds(_by_immediates(_forms_of(op, len(operands)),
                                         operands), operands)
        # TIRx passes addresses (T.address_of(A[i]), buf.ptr_to([i])) where
        # the instruction takes memory: the element itself here, or the
        # elements a memory operand of several spans from it (cp.async's
        # 8 or 16 bytes of 32-bit words).
        operands = [_addressed(v.view, forms, i, operands, op)
                    if isinstance(v, _Address) else v
                    for i, v in enumerate(operands)]
        stateful = operands and isinstance(operands[0], _views.View) and \
            operands[0].space != "reg" and \
            _forms_of(op, len(operands) + 1, _is_state)
        if stateful:
            # TIRx writes mbarrier.arrive's state as the sink `_` (it takes
            # no operand for it): a register of its own that nothing reads.
            forms = stateful
            state = forms[0]["operands"][0]["type"]
            operands = [alloc_local((1,), _PTX_DTYPES[state])] + operands
        fixed = not forms and not stateful and [
            f for f in _forms_of(op, len(operands) + 1)
            if _single_value(f["operands"][-1]) is not None]
        if fixed:
            # An immediate that can take one value only (applypriority's
            # size, 128): TIRx's table writes it, and takes no argument.
            forms = fixed
            operands = operands + [_single_value(forms[0]["operands"][-1])]
        copies, scope = [], "thread"
        if not forms:
            forms, operands, copies, scope = _flattened(op, operands)
        after, args = [], []
        spec = forms[0]["operands"] if forms else [{}] * len(operands)
        narrowed = []
        for v, o in zip(operands, spec):
            # T.ptx.pred(u) is a predicate whatever the table says of the
            # opcode (where it knows none, its verifier says why).
            if o.get("type") == "pred" or isinstance(v, _PredOf):
                v, back = _predicate_operand(v, o.get("role") != "use")
                if back:
                    after.append(back)
            elif o.get("type") in _BYTE_TYPES and _is_byte_element(v):
                # An 8-bit type's register is 16 bits wide: TIRx moves the
                # byte through a 16-bit temporary (sign- or zero-extended
                # in, its low byte out).
                wide = "int16" if v.dtype == "int8" else "uint16"
                if o.get("role") == "use":
                    v = cast(v.load(), wide)
                else:
                    tmp, _ = _gathered(1, wide, "thread")
                    narrowed.append((v, tmp))
                    v = tmp
            else:
                v = _typed_operand(v, o) if o else v
                if o.get("kind") == "memory" or not _memory_element(v):
                    pass
                elif o.get("role") == "use":
                    v = v.load()  # TIRx passes the element's value.
                else:
                    # TIRx's output `O_ptr[i]`: a register, stored there
                    # after (it starts as the element where a false
                    # predicate keeps it).
                    tmp, _ = _gathered(1, v.dtype, "thread")
                    if pred is not None:
                        tmp[0] = v.load()
                    narrowed.append((v, tmp))
                    v = tmp
            args.append(v)
        if isinstance(pred, _PredOf):
            pred = pred.expr()
        _Tile.apply(op, *args, pred=pred, preserve_dst=preserve_dst,
                    scope=scope)
        # The moves back out of temporaries share the predicate, so that a
        # destination the instruction kept stays as it was.
        for dest, tmp in after:
            to_int, _ = instr_table.predicate_bridge(_bits(dest.type_elt()))
            _Tile.apply(ptx[to_int], dest, _const_expr(1, dest.dtype),
                        _const_expr(0, dest.dtype), tmp, pred=pred)
        for move, dest, src in copies:
            if _memory_element(dest):
                dest[(0,) * len(dest.shape)] = src[0]
            else:
                _Tile.apply(move, dest, src, pred=pred)
        for dest, tmp in narrowed:
            dest[(0,) * len(dest.shape)] = cast(tmp[0].load(), dest.dtype)
        _gathered_release(mark)


def _map_into_cluster(op, d, a, rank, pred=None):
    """TIRx's `T.ptx.mapa.shared__cluster.u32(d, a, rank)`: `a` a shared
    address (T.cuda.cvta_generic_to_shared), `d` a uint32 (uint64 for
    .u64) local scalar, `rank` a uint32. tile-mlir's shared addresses are
    64-bit pointers, so the address of `a`'s element in CTA `rank` is
    mapa.shared::cluster.u64's register, which `d` carries: an instruction
    on .shared::cluster given `d` takes that register (ld, st, the remote
    mbarrier arrive). `d` itself holds its low 32 bits (.u32), the
    shared::cluster window address on the GPU."""
    width = {"mapa.shared::cluster.u32": "uint32",
             "mapa.shared::cluster.u64": "uint64"}.get(str(op))
    if width is None:
        raise TileTypeError(f"T.ptx.{op}: tile-mlir maps shared memory with "
                            "mapa.shared::cluster.u32 or .u64 of a "
                            "T.cuda.cvta_generic_to_shared address, or "
                            "mapa.u64 of a shared pointer (generic)")
    if not isinstance(a, _views.SharedWindowAddress):
        raise TileTypeError(f"T.ptx.{op}: its address must be a "
                            "T.cuda.cvta_generic_to_shared address of "
                            f"shared memory, got {a!r}")
    if not (isinstance(d, _views.View) and d.space == "reg" and
            d.dtype == width and all(n == 1 for n in d.shape)):
        raise TileTypeError(f"T.ptx.{op}: its destination must be a {width} "
                            f"T.local_scalar, got {d!r}")
    if isinstance(rank, numbers.Integral):
        rank = uint32(rank)
    elif getattr(rank, "dtype", None) != "uint32":
        raise TileTypeError(f"T.ptx.{op}: the CTA rank must be a uint32 "
                            f"(T.cast(..., \"uint32\")), got {rank!r}")
    register = alloc_local((1,), "uint64")
    _Tile.apply(ptx["mapa.shared::cluster.u64"], register, _spanning(a.view), rank,
                pred=pred.expr() if isinstance(pred, _PredOf) else pred)
    d[(0,) * len(d.shape)] = cast(register[0].load(), width)
    d.cluster_address = register


def _cluster_register(v):
    """The mapa register a local scalar carries (_map_into_cluster), for an
    instruction on .shared::cluster; any other operand as is."""
    register = getattr(v, "cluster_address", None)
    return v if register is None else register


_BYTE_TYPES = {"s8", "u8", "b8"}


def _is_byte_element(v):
    """Whether `v` is one 8-bit element (of a local or memory buffer)."""
    return isinstance(v, _views.View) and v.dtype in ("int8", "uint8") and \
        all(n == 1 for n in v.shape)


def _value_bits(v):
    """The bits of a kernel value or element (None: a Python number)."""
    if isinstance(v, _views.View):  # Without reading it.
        return _bits(v.type_elt())
    if isinstance(v, (_Expr, _TypedScalar)):
        return _bits(_mlir_type(v.dtype))
    return None


def _flattened(opcode, operands):
    """TIRx writes an operand of n registers (mov.b64's {lo, hi}, mma's
    fragments) as n scalars: (forms, operands, copies, scope) with each
    operand's run gathered into an n-register tile (its scalars moved in,
    or, for a destination, moved out after the instruction: `copies`,
    (mov, dest, src)). A thread form's tiles are the thread's; a warp
    form's (mma.sync) are warp tiles of n registers per lane, each lane's
    moved through its own registers, and the instruction is issued by the
    warp. No forms where the table has none whose registers the operands
    add up to. A memory operand of n elements (ld.shared.v2's) is written
    as the address of its first: it spans the n elements from there."""
    for form in _forms_of(opcode, None):
        spec = form.get("operands", [])
        atoms = [1 if o.get("kind") == "memory" else o.get("atom", 1)
                 for o in spec]
        where = {o.get("distribution") for o in spec}
        # wgmma: the accumulator is the warpgroup's, the descriptors and
        # immediates each thread's (the same in every thread).
        group = where == {"warpgroup", "thread"} and all(
            o.get("kind") == "register" for o in spec)
        if sum(atoms) != len(operands) or \
                max((o.get("atom", 1) for o in spec), default=1) == 1 or \
                (not group and (len(where) != 1 or
                                where - {"thread", "warp"})) or \
                (where == {"warp"} and
                 any(o.get("kind") != "register" and not o.get("fragment")
                     for o in spec)):
            continue
        widths = [None if o.get("kind") == "memory" else
                  _bits(_mlir_type(_PTX_DTYPES[o["type"]]))
                  for o, n in zip(spec, atoms) for _ in range(n)]
        if any(w is not None and _value_bits(v) not in (None, w)
               for v, w in zip(operands, widths)):
            continue  # mov.b64's pack and unpack: told by their widths.
        out, copies, i = [], [], 0
        for o, n in zip(spec, atoms):
            run, i = operands[i:i + n], i + n
            if o.get("kind") == "memory" and o.get("fragment"):
                out.append(_lane_rows(opcode, run[0], o))
                continue
            if o.get("kind") == "memory":
                out.append(_as_memory(run[0], o, opcode, o.get("atom", 1)))
                continue
            if n == 1 and o.get("distribution") != "warp":
                # wgmma's descriptors: each thread's value, where an
                # element of a tensor holds it (`da[0]`).
                v = run[0]
                if group and o.get("role") == "use" and \
                        isinstance(v, _views.View) and \
                        all(k == 1 for k in v.shape):
                    v = v.load()
                out.append(v)
                continue
            if o.get("distribution") == "warpgroup":
                # wgmma's accumulator, where it is: a copy out would read
                # the registers while the wgmma is in flight.
                out.append(_in_place(run, _PTX_DTYPES[o["type"]], opcode,
                                     o["name"]))
                continue
            tile, own = _gathered(n, _PTX_DTYPES[o["type"]],
                                  o.get("distribution"))
            move = ptx[instr_table.plain_opcode(
                "move", [f"b{_bits(own.type_elt())}"])]
            for k, v in enumerate(run):
                if o.get("role") == "use" or _memory_element(v):
                    # (A destination in memory starts as its value, which a
                    # false predicate keeps.)
                    _Tile.apply(move, own[k:k + 1],
                                _typed_operand(_plain(v), o))
                if o.get("role") != "use":
                    copies.append((move, _one_register(v), own[k:k + 1]))
            out.append(tile)
        return [form], out, copies, "warpgroup" if group else where.pop()
    return [], operands, [], "thread"


def _lane_rows(opcode, element, desc):
    """ldmatrix's or stmatrix's rows as TIRx's element-level call passes
    them: each lane the address of its own row (matrix lane / 8, row
    lane % 8). The warp's matrices whose row of every lane is at that
    lane's own offset: matrix and row strides 0, the columns from it."""
    frag = desc["fragment"]
    if not _memory_element(element) or element.space != "shared" or \
            _bits(element.type_elt()) != _bits(_mlir_type(
                _PTX_DTYPES[desc["type"]])):
        raise TileTypeError(
            f"operand '{desc['name']}' of {opcode}: each lane passes the "
            f"address of its row, a {desc['type']} element of shared memory"
            f", got {element!r}")
    return element._with(
        shape=(32, frag["matrices"], frag["rows"], frag["cols"]),
        strides=(0, 0, 0, 1), dist=[None] * 4, splits={})


def _spanning(element, n=1):
    """The n elements of memory from `element` (one element of global or
    shared memory, of a buffer of any rank) as a rank-1 view: as TIRx's
    address, the next n of its buffer's storage, whatever view it was taken
    through."""
    if not _memory_element(element) or (n == 1 and len(element.shape) <= 1):
        return element
    return element._with(shape=(n,), strides=(1,), dist=[None], splits={})


def _admits(desc, element):
    """Whether memory operand `desc` takes `element`'s type as it is (the
    verifier's containers of its PTX type; any type where it names only an
    address or counts bytes)."""
    if desc.get("kind") != "memory" or desc.get("fragment") or any(
            desc.get(k) for k in ("bulk", "tensor_map", "address_value",
                                  "any_element")):
        return True
    return instr_table.holds(desc["type"], element.type_elt())


def _reinterpreted(element, desc, opcode):
    """TIRx's address of `element` where memory operand `desc` is of
    another type (`ld.shared.v4.b32` of a bf16 tile's row, as a CUDA
    epilogue moves 16 bytes through a `uint4*`): the same bytes, as the
    operand's `atom` elements of its type. Shared storage is viewed anew
    (a carve of its buffer from byte 0); a global tensor through a dtype
    view (all its uses then of that type). The byte address must be a
    multiple of the new element size: an error where it is constant, a
    `trap` where it is not (the GPU faults on such an address too)."""
    bits = instr_table.types()[desc["type"]]["bits"]
    dtype = _PTX_DTYPES.get(desc["type"], f"uint{bits}")
    old = _bits(element.type_elt())
    if old % 8 or bits not in (8, 16, 32, 64) or \
            element.space not in ("shared", "global"):
        return element  # (The verifier's error.)
    new = bits
    root = element.root
    shift = root.shift if element.space == "shared" else 0
    offset = _byte_offset_as(element.offset, old // 8, shift, new // 8,
                             f"{opcode}'s {desc['type']} operand "
                             f"'{desc['name']}' at {element!r}")
    if element.space == "shared":
        parent, b = root.parent or root, _builder()
        count = (shift + _shared_bytes_of(root)) // (new // 8)
        if parent is not b.dynamic_root:
            require_alignment(b, parent.name, new // 8)
        view = _carved_view(b, parent, 0, (count,), dtype)
    else:
        whole = _views.View(root, root.space, root.declared[0],
                            root.declared[1], root.declared[2])
        view = whole._dtype_view(dtype)
    return view._with(shape=(desc.get("atom", 1) or 1,), strides=(1,),
                      dist=[None], splits={}, offset=offset)


def _byte_offset_as(offset, size, shift, new, what):
    """Element `offset` of `size`-byte elements, `shift` bytes into the
    storage, as an offset in `new`-byte elements (a trap at run time where
    it is not a whole one)."""
    if isinstance(offset, int):
        start = shift + offset * size
        if start % new:
            raise TileValueError(f"{what}: byte {start} is not a multiple "
                                 f"of its {new}-byte elements")
        return start // new
    if shift % new:
        raise TileValueError(f"{what}: its tensor starts at byte {shift}, "
                             f"not a multiple of {new}")
    if size % new == 0:
        scaled = offset * (size // new)
    else:
        # (Both sizes are powers of two: new is a multiple of size.)
        ratio = new // size
        scaled = _divided(offset, ratio)
        if scaled is None:
            _trap_when_assert_failed(offset & (ratio - 1) == 0)
            scaled = offset >> (ratio.bit_length() - 1)
    return scaled + shift // new if shift else scaled


def _divided(expr, k):
    """Integer kernel value `expr` divided by `k` where its affine form
    (a sum of named values times coefficients, plus a constant) shows it a
    multiple of `k`: the quotient built from the same named values, so
    that it keeps an affine form (a TMA box's offset `stage * 512` bytes
    is provably 128-byte aligned); None where it does not show it."""
    form = getattr(expr, "affine", None)
    if form is None:
        return None
    terms, const = form
    if const % k or any(c % k for c in terms.values()):
        return None
    out = const // k
    for name, c in terms.items():
        out = _Expr(name, expr.dtype) * (c // k) + out
    return out


def _in_place(run, dtype, opcode, name):
    """The warpgroup's tile over `run` (n elements of one thread's register
    tile, one stride apart, as TIRx passes wgmma's accumulator: `acc[0],
    acc[1], ...` or `acc[i, 0], acc[i, 1], ...`) in place. In place, the
    instruction writes the registers the program reads after its
    wait_group; a copy out would read them while the wgmma is in flight,
    so other registers are an error."""
    first = run[0]
    offsets = [v.offset for v in run if isinstance(v, _views.View)]
    step = offsets[1] - offsets[0] if len(offsets) > 1 and all(
        isinstance(o, int) for o in offsets) else 1
    if not all(isinstance(v, _views.View) and v.space == "reg" and
               v.root is first.root and all(d is None for d in v.dist) and
               math.prod(v.shape) == 1 and isinstance(v.offset, int)
               for v in run) or step <= 0 or \
            offsets != list(range(first.offset,
                                  first.offset + step * len(run), step)) \
            or _mlir_type(first.dtype) != _mlir_type(dtype):
        raise TileValueError(
            f"operand '{name}' of {opcode}: its {len(run)} registers are "
            f"elements of one {dtype} register tile, each one stride after "
            "the last, at constant indices (the wgmma writes them in place "
            "while it is in flight)")
    n = len(run)
    if step != 1:  # Every step-th register: the warpgroup's view of them.
        return first._with(shape=(4, 32, n), strides=(0, 0, step),
                           dist=[["warp", 0], ["lane", 0], None], splits={})
    data = first._with(shape=(n,), strides=(1,), dist=[None], splits={})
    return decl_tensor(data, ty_args=[Tensor((4, 32, n), dtype, layout=(
        TileLayout(S[(4, 32, n):(1 @ _Cuda.Axis.wid_in_wg,
                                  1 @ _Cuda.Axis.laneid, 1)])),
        scope="local")])


def _gathered(n, dtype, where):
    """(tile, own): an n-register tile of the thread's, of the warp's or of
    the warpgroup's (`where`; n registers per thread), and the executing
    thread's n registers. Each is allocated once, at the kernel's entry,
    and taken again by later instructions once the one that took it is
    issued (_gathered_release): the register budget counts what is live."""
    b = _builder()
    key = (n, dtype, where)
    free = b.__dict__.setdefault("gathered_free", {}).setdefault(key, [])
    pair = free.pop() if free else _new_gathered(b, n, dtype, where)
    b.__dict__.setdefault("gathered_busy", []).append((key, pair))
    return pair


def _gathered_mark():
    return len(_builder().__dict__.setdefault("gathered_busy", []))


def _gathered_release(mark):
    """Frees the tiles _gathered gave since `mark` (an instruction's, after
    it and its copies out are issued)."""
    b = _builder()
    busy = b.__dict__.setdefault("gathered_busy", [])
    for key, pair in busy[mark:]:
        b.gathered_free[key].append(pair)
    del busy[mark:]


def _new_gathered(b, n, dtype, where):
    """A new _gathered pair, its allocation at the kernel's entry (so that
    any later instruction may take it)."""
    at = len(b.lines)
    pair = _gathered_tiles(n, dtype, where)
    made = b.lines[at:]
    del b.lines[at:]
    b.lines[:0] = made
    return pair


def _gathered_tiles(n, dtype, where):
    if where not in ("warp", "warpgroup"):
        tile = alloc_local((n,), dtype)
        return tile, tile
    if where == "warp":
        tile = alloc_local((32, n), dtype, layout=TileLayout(
            S[(32, n):(1 @ _Cuda.Axis.laneid, 1)]))
    else:
        tile = alloc_local((4, 32, n), dtype, layout=TileLayout(
            S[(4, 32, n):(1 @ _Cuda.Axis.wid_in_wg, 1 @ _Cuda.Axis.laneid,
                          1)]))
    return tile, decl_tensor(tile.data, ty_args=[Tensor((n,), dtype)])


# The wait TIRx's T.cuda.mbarrier_wait polls.
_MBARRIER_WAIT = "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64"


def _poll_mbarrier(what, barrier, phase, opcode, hint):
    """T.cuda.<what>(ptr, phase): `opcode` (a try_wait.parity, with the
    operands `hint` after the parity) in a loop until the phase of parity
    `phase` of the mbarrier at `ptr` (a 64-bit element of shared memory)
    has completed."""
    view = barrier.view if isinstance(barrier, _Address) else barrier
    if not _memory_element(view) or view.space != "shared" or \
            _bits(view.type_elt()) != 64:
        raise TileTypeError(f"T.cuda.{what} takes the address of a 64-bit "
                            "element of shared memory (an mbarrier), got "
                            f"{barrier!r}")
    parity = _c_int_argument(f"cuda.{what}", _plain(phase))
    parity = reinterpret(parity, ty="uint32")
    done = alloc_local((1,), "bool")

    def test(_):
        _Tile.apply(ptx[opcode], done, view, parity, *hint)
        return _binary("xor", done.load(), True)
    _NvccOps.loop([], test, lambda _: [])


def _forms_of(opcode, count, first=None):
    """The table's forms of `opcode` with `count` operands (any number:
    None; whose first operand passes `first`, where given)."""
    return [f for f in instr_table.forms_spelling(opcode)
            if count in (None, len(f.get("operands", []))) and
            (first is None or first(f["operands"][0]))]


def _is_state(operand):
    """An mbarrier's state written first (TIRx leaves it out)."""
    return operand.get("name") == "state" and operand.get("role") == "def"


def _by_immediates(forms, operands):
    """The forms whose immediate operands take the Python integers given
    for them (cp.async's cp-size picks its form), or all of them where
    none does."""
    def takes(form):
        for o, v in zip(form["operands"], operands):
            imm = o.get("immediate")
            if imm and isinstance(v, numbers.Integral) and \
                    not imm["min"] <= v <= imm["max"]:
                return False
        return True
    kept = [f for f in forms if takes(f)]
    return kept or forms


def _by_kinds(forms, operands):
    """The forms whose memory operands are given addresses or memory and
    whose register operands are given values (generic ld's address is a
    pointer or a 64-bit register, mapa's likewise), or all of them where
    none is."""
    def is_memory(v):
        return isinstance(v, _Address) or \
            (isinstance(v, _views.View) and v.space != "reg")

    def takes(form):
        return all((o.get("kind") == "memory") == is_memory(v)
                   for o, v in zip(form["operands"], operands))
    kept = [f for f in forms if takes(f)]
    return kept or forms


def _addressed(element, forms, i, operands, opcode):
    """The memory an address (`buf.ptr_to([i])`) stands for as operand
    `i` of `forms`: the elements it spans, or, where the operand is of
    another type, its bytes as that type."""
    n = _span_of(element, forms, i, operands)
    if not forms or i >= len(forms[0]["operands"]):
        return _spanning(element, n)
    return _as_memory(element, forms[0]["operands"][i], opcode, n)


def _as_memory(element, desc, opcode, n):
    """Memory operand `desc` at `element`: the n elements from it, or,
    where the operand is of another type, its bytes as that type."""
    if _memory_element(element) and not _admits(desc, element):
        return _reinterpreted(element, desc, opcode)
    return _spanning(element, n)


def _span_of(element, forms, i, operands=()):
    """The elements operand `i` of `forms` spans from `element` where it is
    a memory operand of several elements of the element's width (a bulk
    copy's: its constant byte count among `operands`), else 1."""
    if not forms or i >= len(forms[0]["operands"]):
        return 1
    o = forms[0]["operands"][i]
    if o.get("bulk") and _memory_element(element):
        return _bulk_span(element, forms[0]["operands"], operands)
    if o.get("kind") != "memory" or o.get("atom", 1) <= 1 or \
            not _memory_element(element) or \
            _bits(element.type_elt()) != \
            instr_table.types()[o["type"]]["bits"]:
        return 1
    return o["atom"]


def _bulk_span(element, spec, operands):
    """The elements of `element`'s width that a bulk copy's byte count (a
    constant among `operands`, at the form's bulk_size operand) covers."""
    k = next((j for j, o in enumerate(spec) if o.get("bulk_size")), None)
    size = operands[k] if k is not None and k < len(operands) else None
    if isinstance(size, _TypedScalar):
        size = int(size.literal, 0) if size.dtype.startswith(("int", "uint")) \
            else None
    nbytes = _bits(element.type_elt()) // 8
    if not isinstance(size, numbers.Integral) or size % nbytes:
        raise TileValueError(
            "a bulk copy given an address (ptr_to) needs a constant byte "
            f"count, a multiple of its {nbytes}-byte elements, got "
            f"{operands[k] if k is not None and k < len(operands) else None!r}"
            " (or pass the buffer's region)")
    return size // nbytes


def _single_value(operand):
    """The one value an immediate operand can take, or None."""
    imm = operand.get("immediate")
    if imm and imm.get("min") == imm.get("max"):
        return imm["min"]
    return None


def _one_register(v):
    """`v`, one element of a register tile of any rank, as a rank-1 view
    (an instruction's register of one element); anything else as it is."""
    if isinstance(v, _views.View) and v.space == "reg" and \
            all(n == 1 for n in v.shape) and len(v.shape) != 1:
        return v._with(shape=(1,), strides=(1,), dist=[None], splits={})
    return v


def _memory_element(v):
    """Whether `v` is one element of global or shared memory (TIRx reads
    it as a value where an instruction uses it)."""
    return isinstance(v, _views.View) and v.space != "reg" and \
        all(n == 1 for n in v.shape)


class _PredOf:
    """`T.ptx.pred(u)`: a 32-bit element read as a predicate (u != 0)."""

    def __init__(self, value):
        self.value = value

    def expr(self):
        v = self.value.load() if isinstance(self.value, _views.View) \
            else self.value
        return _as_condition(v)

    def __bool__(self):
        raise TileTypeError(
            "T.ptx.pred(...) is an instruction's predicate operand, not a "
            "condition: write `if u != 0:` for a branch on the element")


def _predicate_operand(v, is_def):
    """(operand, (element, temporary) to copy back or None) for a `.pred`
    operand given TIRx's way."""
    if isinstance(v, _PredOf):
        return v.expr(), None
    if isinstance(v, _views.View) and v.dtype != "bool":
        tmp = alloc_local((1,), "bool")
        if is_def:
            return tmp, (v, tmp)
        _, from_int = instr_table.predicate_bridge(_bits(v.type_elt()))
        _Tile.apply(ptx[from_int], tmp, v, _const_expr(0, v.dtype))
        return tmp, None
    return v, None


ptx = _Ptx()
ptx.pred = _PredOf


class Tensor:
    """A kernel parameter annotation: a global tensor of `shape`, `dtype`."""

    def __init__(self, shape, dtype="float32", align=None, layout=None,
                 scope=None):
        self.shape = _shape(shape, "T.Tensor shape", dynamic_ok=True)
        self.align = align
        if scope not in (None, "global", "local", "shared", "shared.dyn"):
            raise TileValueError(f"T.Tensor scope {scope!r} is not global, "
                                 "shared, shared.dyn or local")
        self.scope = scope
        if isinstance(layout, str) and layout == "default":
            layout = None
        # A swizzled view (T.decl_tensor over shared storage only).
        self.swizzle = None
        if isinstance(layout, ComposeLayout):
            self.swizzle, layout = layout, layout.tile_layout
        self.dtype = dtype
        self.elt = _mlir_type(dtype)
        if align is not None:
            a = as_int(align, "T.Tensor align")
            if a < 1 or a & (a - 1):
                raise TileValueError(f"align={a} is not a power of two")
        if layout is not None and not isinstance(layout, TileLayout):
            raise TileTypeError("T.Tensor layout must be a T.TileLayout or "
                            "T.ComposeLayout")
        self.layout = layout

    def mlir_type(self):
        return "memref<" + "x".join(map(str, self.shape)) + f"x{self.elt}>"

    def dynamic_dims(self):
        """The T.dynamic extents of the shape."""
        return [d for d in self.shape if isinstance(d, _Dynamic)]

    def bound(self, values):
        """This annotation with each T.dynamic extent's value in `values`."""
        return Tensor(tuple(values[d.name] if isinstance(d, _Dynamic) else d
                            for d in self.shape), self.dtype, self.align,
                      self.layout, self.scope)


class Scalar:
    """A kernel parameter annotation for a scalar, e.g. `p: T.Scalar("bool")`."""

    def __init__(self, dtype):
        self.dtype = dtype
        self.elt = _mlir_type(dtype)

    def mlir_type(self):
        return self.elt


class _Value:
    def __init__(self, name, type_, param=None):
        self.name, self.type = name, type_
        self.param = param  # The kernel parameter's name, for parameters.


class _CurrentBuilder(threading.local):
    """The builder of the kernel being traced, per thread (kernels may be
    traced in several threads at once)."""
    builder = None


_CURRENT = _CurrentBuilder()


class _Builder:

    def __init__(self, taken=()):
        self.lines, self.consts, self.counter = [], {}, 0
        self.ids = {}  # Thread indices, computed once at the entry.
        self.facts = []  # Thread ranges of the enclosing branches.
        self.block_dependent = False  # Narrowing read the launch's block.
        self.roots = []  # Register tiles and shared buffers (_views.Root).
        self.workgroup = []  # Shared buffers: (name, type).
        self.launch = None
        self.dynamic_root = None  # The shared.dyn buffer (_views.Root).
        self.taken = set(taken)  # Names already in use (the parameters).
        self.values = set()  # (name, type) of every value made for it.
        self.written = set()  # Parameters an op may write.
        self.smem_align = {}  # Shared buffers' alignment (bytes), by name.

    def fresh(self, prefix):
        while True:
            self.counter += 1
            name = f"%{prefix}{self.counter}"
            if name not in self.taken:
                return name

    def constant(self, literal, elt):
        # Typed scalars are made by T.int32(...) & co.; one made any other
        # way must still be a plain literal of a known type.
        if not isinstance(literal, str) or not isinstance(elt, str) or \
                elt not in set(_DTYPES.values()) | {"index"} or \
                not _LITERAL.fullmatch(literal):
            raise TileError(f"not a typed scalar: {literal!r} : {elt!r}")
        key = (literal, elt)
        if key not in self.consts:
            name = self.fresh("c")
            self.consts[key] = name
            self.values.add((name, elt))
            typed = literal if elt == "i1" else f"{literal} : {elt}"
            self.lines.insert(0, f"{name} = arith.constant {typed}")
        return _Value(self.consts[key], elt)

    def value(self, name, type_, param=None):
        """A new value of this function's (only those reach its ops)."""
        self.values.add((name, type_))
        return _Value(name, type_, param)


class _Expr(_Value):
    """A scalar the kernel computes (a thread index, a scalar parameter, the
    result of arithmetic or a comparison on them): an SSA value of `dtype`.
    Python operators build the kernel's arithmetic; it has no Python truth
    value (an `if` on it in a @T.function becomes a branch)."""

    def __init__(self, name, dtype, param=None, affine=None, role=None):
        super().__init__(name, _mlir_type(dtype), param)
        self.dtype = dtype
        # (terms, constant): the value as a sum of coefficients times named
        # values (thread ids, parameters) plus a constant, where it is one;
        # lets a slice's extent be known (`A[b * 32 : b * 32 + 32]`).
        self.affine = affine if affine is not None else (
            ({name: 1}, 0) if dtype in _INT_RANGES else None)
        self.role = role  # "lane", "warp" or "tid" for a thread index.
        self.facts = {}  # Thread ranges where this condition holds.
        self.exact = False  # Whether it is exactly those ranges.

    def __bool__(self):
        raise TileTypeError(
            "a kernel value has no Python truth value: an `if`, `and`, "
            "`or`, `not` or `x if c else y` on it inside a @T.function "
            "becomes the kernel's own (where the function's source is "
            "available), or use it as pred=")

    def __repr__(self):
        return f"<kernel value {self.name}: {self.dtype}>"

    # Arithmetic, comparisons and bitwise logic: see _user_binary.
    def __add__(self, o): return _user_binary("add", self, o)
    def __radd__(self, o): return _user_binary("add", o, self)
    def __sub__(self, o): return _user_binary("sub", self, o)
    def __rsub__(self, o): return _user_binary("sub", o, self)
    def __mul__(self, o): return _user_binary("mul", self, o)
    def __rmul__(self, o): return _user_binary("mul", o, self)
    def __floordiv__(self, o): return _user_binary("floordiv", self, o)
    def __rfloordiv__(self, o): return _user_binary("floordiv", o, self)
    def __mod__(self, o): return _user_binary("mod", self, o)
    def __rmod__(self, o): return _user_binary("mod", o, self)
    def __truediv__(self, o): return _user_binary("div", self, o)
    def __rtruediv__(self, o): return _user_binary("div", o, self)
    def __and__(self, o): return _user_binary("and", self, o)
    def __rand__(self, o): return _user_binary("and", o, self)
    def __or__(self, o): return _user_binary("or", self, o)
    def __ror__(self, o): return _user_binary("or", o, self)
    def __xor__(self, o): return _user_binary("xor", self, o)
    def __rxor__(self, o): return _user_binary("xor", o, self)
    def __lshift__(self, o): return _user_binary("shl", self, o)
    def __rshift__(self, o): return _user_binary("shr", self, o)
    def __lt__(self, o): return _user_binary("lt", self, o)
    def __le__(self, o): return _user_binary("le", self, o)
    def __gt__(self, o): return _user_binary("gt", self, o)
    def __ge__(self, o): return _user_binary("ge", self, o)
    def __eq__(self, o): return _user_binary("eq", self, o)
    def __ne__(self, o): return _user_binary("ne", self, o)
    def __neg__(self): return _negate(self)
    def __invert__(self): return _invert(self)
    def __rlshift__(self, o): return _user_binary("shl", o, self)
    def __rrshift__(self, o): return _user_binary("shr", o, self)
    __hash__ = object.__hash__


def _affine(x):
    """The affine form (terms, constant) of an int or kernel value, or
    None."""
    if isinstance(x, numbers.Integral) and not isinstance(x, bool):
        return {}, int(x)
    return getattr(x, "affine", None)


def _affine_result(op, a, b):
    """The affine form of `a op b`, where it has one."""
    fa, fb = _affine(a), _affine(b)
    if fa is None or fb is None:
        return None
    if op in ("add", "sub"):
        sign = 1 if op == "add" else -1
        terms = dict(fa[0])
        for k, v in fb[0].items():
            terms[k] = terms.get(k, 0) + sign * v
        return {k: v for k, v in terms.items() if v}, fa[1] + sign * fb[1]
    if op == "mul" and (not fa[0] or not fb[0]):
        (t, c), k = (fb, fa[1]) if not fa[0] else (fa, fb[1])
        return ({n: v * k for n, v in t.items() if v * k}, c * k)
    return None


def _fact(op, a, b):
    """The thread range {role: (lo, hi)} where `a op b` holds, for a thread
    index compared with an integer (hi None: unbounded); {} otherwise."""
    flip = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le", "eq": "eq"}
    if getattr(b, "role", None) and not getattr(a, "role", None):
        a, b, op = b, a, flip.get(op)
    if op is None or not getattr(a, "role", None) or \
            not isinstance(b, numbers.Integral) or isinstance(b, bool):
        return {}
    b = int(b)
    lo, hi = {"lt": (0, b), "le": (0, b + 1), "gt": (b + 1, None),
              "ge": (b, None), "eq": (b, b + 1)}.get(op, (None, None))
    if lo is None:
        return {}
    return {a.role: (max(lo, 0), hi)}


def _all_ones(dtype):
    """The value of `dtype` with every bit set (for `~`)."""
    if dtype == "bool":
        return True
    bits, signed = _INT_RANGES.get(dtype, (0, True))
    if not bits:
        raise TileTypeError(f"operator '~' is not defined on {dtype}")
    return -1 if signed else (1 << bits) - 1


def _is_float(dtype):
    return dtype in ("float16", "bfloat16", "float32", "float64")


def _const_expr(value, dtype):
    """A Python number as a kernel constant of `dtype` (exact: an integer
    out of range, or a float for an integer type, is an error)."""
    if dtype == "bool":
        literal = "true" if value else "false"
    elif _is_float(dtype):
        literal = _float_literal(value, _mlir_type(dtype))
    else:
        if isinstance(value, float) and not value.is_integer():
            raise TileTypeError(f"{value!r} is not an integer ({dtype})")
        v = _int_value(int(value), dtype)
        bits = _INT_RANGES[dtype][0]
        # MLIR reads the literal as signed: an unsigned value with the top
        # bit set is written as the negative number of the same bits.
        literal = str(v - (1 << bits) if v >= 1 << (bits - 1) else v)
    v = _builder().constant(literal, _mlir_type(dtype))
    return _Expr(v.name, dtype)


def _literal_dtype(v):
    """TIRx's dtype of a Python number in an expression: bool, int32 (int64
    beyond its range), float32."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, numbers.Integral):
        if not -(1 << 63) <= v < (1 << 63):
            raise TileValueError(f"the literal {v} is outside int64, the "
                                 "widest type TIRx gives a Python integer")
        return "int32" if -(1 << 31) <= v < (1 << 31) else "int64"
    return "float32"


def _int_kind(dtype):
    """(bits, signed) of an integer or bool dtype (bool: an unsigned bit)."""
    return (1, False) if dtype == "bool" else _INT_RANGES[dtype]


def _promotion(ta, tb):
    """The dtype TIRx computes `a op b` in for operands of dtypes `ta` and
    `tb` (TVM's BinaryOpMatchTypes, which TIRx's C follows): an integer
    meets a float as that float; two floats as the wider (float16 and
    bfloat16 as float16); two integers of one signedness, or of two widths,
    as the wider; of one width and two signednesses, as the unsigned one."""
    if ta == tb:
        return ta
    fa, fb = _is_float(ta), _is_float(tb)
    if fa != fb:
        return ta if fa else tb
    if fa:
        if {ta, tb} == {"float16", "bfloat16"}:
            return "float16"
        return ta if _bits(_mlir_type(ta)) >= _bits(_mlir_type(tb)) else tb
    (ba, sa), (bb, _) = _int_kind(ta), _int_kind(tb)
    if ba != bb:
        return ta if ba > bb else tb
    return tb if sa else ta


def _float32_literal(v):
    """A Python float as TIRx's float32 constant (its C's `f` literal): the
    nearest float32; a finite value past float32's range is an error, as in
    TIRx."""
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except OverflowError:
        raise TileValueError(f"the literal {v!r} exceeds the range of "
                             "float32, TIRx's type of a Python float (write "
                             "T.float64(...))") from None


def _float_of_bits(bits, elt):
    """The Python float of a float16 or bfloat16 bit pattern."""
    if elt == "f16":
        return struct.unpack("<e", struct.pack("<H", bits))[0]
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


def _tirx_literal(v, dtype):
    """Python number `v` as TIRx converts it to `dtype` (a float literal a
    float32 first; an integer one to a 16-bit float through float32, to an
    integer wrapping as C does), still a Python number."""
    if _literal_dtype(v) == "float32":
        v = _float32_literal(float(v))
    if _is_float(dtype):
        if dtype in ("float16", "bfloat16"):  # (half)v: IEEE's rounding,
            # an infinity past the range.
            elt = _mlir_type(dtype)
            bits = _round_float(_float32_literal(float(v)), elt,
                                overflow=True)[0]
            return _float_of_bits(bits, elt)
        return v
    if dtype == "bool" or isinstance(v, float):
        return v
    bits, signed = _INT_RANGES[dtype]
    v = int(v) & ((1 << bits) - 1)
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def _converted(x, dtype):
    """Kernel value `x` as `dtype` for an operation TIRx promotes it in: a
    narrow integer as C's int (its promoted value), else C's cast."""
    if x.dtype == dtype:
        return x
    if _narrow_int(x) and dtype == "int32":
        return _promoted(x)
    return cast(x, dtype)


# TVM's bit operators (and, or, xor, shifts) make a Python integer a
# constant of the other operand's integer dtype (`h ^ 0x8000` of a uint16
# stays a uint16), where the others type it on its own.
_BIT_OPS = ("and", "or", "xor", "shl", "shr")


def _matched(a, b, op=None):
    """The operands of Python operator `op` in the program (`a + b`, `x <
    0.5`) as TIRx types them: each a kernel value or Python number of the
    dtype TIRx computes in (_promotion; a Python number of its
    _literal_dtype, converted as _tirx_literal; beside an integer in a bit
    operation, of that integer's dtype). Two Python numbers are left to
    Python."""
    a, b = (x.value() if isinstance(x, _TypedScalar) else x for x in (a, b))
    ea, eb = isinstance(a, _Expr), isinstance(b, _Expr)
    if not (ea or eb) or not all(
            isinstance(x, (_Expr, numbers.Number)) for x in (a, b)) or \
            any(getattr(x, "dtype", None) in _FP8 for x in (a, b)):
        return a, b
    if op in _BIT_OPS and ea != eb:
        e, v = (a, b) if ea else (b, a)
        if e.dtype in _INT_RANGES and isinstance(v, numbers.Integral) and \
                not isinstance(v, bool):
            _literal_dtype(v)  # In range.
            v = _tirx_literal(v, e.dtype)
            return (e, v) if ea else (v, e)
    ta = a.dtype if ea else _literal_dtype(a)
    tb = b.dtype if eb else _literal_dtype(b)
    dtype = _promotion(ta, tb)
    a = _converted(a, dtype) if ea else _tirx_literal(a, dtype)
    b = _converted(b, dtype) if eb else _tirx_literal(b, dtype)
    return a, b


def _stored(value, dtype):
    """`value` (a kernel value or Python number) as the `dtype` element it
    is stored into or initializes, converted as TIRx's C does: a kernel
    value by C's cast, a Python number as its literal (_tirx_literal; a
    float one into an integer element by C's cast of the float32)."""
    if isinstance(value, _Expr):
        return value if _mlir_type(value.dtype) == _mlir_type(dtype) \
            else cast(value, dtype)
    if not isinstance(value, numbers.Number):
        return _const_expr(value, dtype)  # Its own error.
    v = _tirx_literal(value, dtype)
    if isinstance(v, float) and not _is_float(dtype):
        return cast(_const_expr(v, "float32"), dtype)
    return _const_expr(v, dtype)


def _user_binary(op, a, b):
    """`a op b` written in the program: its operands typed as TIRx types
    them (_matched), then _binary."""
    return _binary(op, *_matched(a, b, op))


def _operands(a, b):
    """Both operands as kernel values of one dtype: a Python number takes
    the other's; two kernel values must agree (no implicit conversion)."""
    if not isinstance(a, _Expr):
        a = _const_expr(a, b.dtype)
    if not isinstance(b, _Expr):
        b = _const_expr(b, a.dtype)
    if a.dtype != b.dtype:
        raise TileTypeError(f"kernel values of dtypes {a.dtype} and "
                            f"{b.dtype} in one operation: convert one first")
    return a, b


# (integer op, float op) of each operator; "s"/"u" are filled in by sign.
_ARITH = {"add": ("addi", "addf"), "sub": ("subi", "subf"),
          "mul": ("muli", "mulf"), "div": (None, "divf"),
          "floordiv": ("floordiv{s}i", None), "mod": ("floormod", None),
          "and": ("andi", None), "or": ("ori", None), "xor": ("xori", None),
          "shl": ("shli", None), "shr": ("shr{s}i", None)}
_COMPARE = {"lt": ("slt", "ult", "olt"), "le": ("sle", "ule", "ole"),
            "gt": ("sgt", "ugt", "ogt"), "ge": ("sge", "uge", "oge"),
            "eq": ("eq", "eq", "oeq"), "ne": ("ne", "ne", "une")}
# float32 under nvcc's --use_fast_math (TIRx's default build): the
# instruction nvcc emits for each of C's operators (flushing subnormals;
# `/` approximate, `1.0f / x` a reciprocal), as utils/gen_nvcc_math.py
# recorded it from nvcc (_nvcc_math.operator_opcode).
_FAST_F32 = {op: _nvcc_math.operator_opcode(op, fast=True)
             for op in ("add", "sub", "mul", "div", "rcp", "neg", "fma",
                        *_COMPARE)}


def _binary(op, a, b):
    """`a op b` on kernel values (TIRx's meaning: `//` and `%` round toward
    negative infinity for signed integers; `/` is for floats)."""
    a, b = (x.value() if isinstance(x, _TypedScalar) else x for x in (a, b))
    for x in (a, b):
        if not isinstance(x, (_Expr, numbers.Number)):
            return NotImplemented
        if getattr(x, "dtype", None) in _FP8:
            raise TileTypeError(f"{x!r}: a {x.dtype} value has no "
                                "arithmetic here; T.cast it to float32")
    if _narrow_int(a) or _narrow_int(b):
        return _c_promoted(op, a, b)
    if op in ("floordiv", "mod", "shr") and _nonneg(a) and _nonneg(b):
        return _unsigned_op(op, a, b)
    fact = _fact(op, a, b) if op in _COMPARE else {}
    affine = _affine_result(op, a, b)
    if op in ("shl", "shr") and _shifts_at_run_time(a, b):
        out = _ptx_shift(op, *_operands(a, b))
        out.facts, out.exact = {}, False
        return out
    if op in ("floordiv", "mod") and _divides_at_run_time(a, b):
        out = _nvcc_division(op, *_operands(a, b))
        out.facts, out.exact = {}, False
        return out
    if op == "div" and _is_one(a) and isinstance(b, _Expr) and \
            _fast_f32(b.dtype):
        out = _instruction(_FAST_F32["rcp"], "float32", b)
    else:
        out = _binary_op(op, *_operands(a, b))
    out.facts = fact
    out.exact = bool(fact)
    if out.dtype in _INT_RANGES and affine is not None:
        out.affine = affine
    if op in _NONNEG_OPS and _nonneg(a) and _nonneg(b):
        out.nonneg = True
    return out


def _narrow_int(x):
    """Whether `x` is an integer kernel value narrower than C's int, which
    C promotes to int before any operation."""
    return (isinstance(x, _Expr) and x.dtype in _INT_RANGES and
            _INT_RANGES[x.dtype][0] < 32)


def _promoted(x):
    """`x` as C's int: the promoted value an operation kept, else `x`
    extended by its signedness (an unsigned one is then known
    non-negative)."""
    wide = getattr(x, "wide", None)
    if wide is not None:
        return wide
    out = cast(x, "int32")
    out.nonneg = not _INT_RANGES[x.dtype][1]
    return out


def _narrowed(wide, dtype):
    """The kernel value of `dtype` that C's int `wide` is stored as
    (truncated), keeping `wide` for the operations that read it as C
    does."""
    out = cast(wide, dtype)
    out.wide = wide
    return out


def _c_promoted(op, a, b):
    """`a op b` on integers narrower than int, as C computes what TIRx
    prints: both promoted to int and the operation in 32 bits. The result
    has the operands' dtype (truncated, as a store or a variable of that
    dtype keeps it) and keeps its promoted value (`wide`) for the next
    operation, comparison or cast; a comparison compares the promoted
    values."""
    a, b = _operands(a, b)
    wide = _binary(op, _promoted(a), _promoted(b))
    return wide if op in _COMPARE else _narrowed(wide, a.dtype)


# The int operations that keep promoted values non-negative where both
# operands are: what LLVM concludes from C's undefined signed overflow
# (`nsw`) and from known bits, and nvcc with it (a division or right shift
# of such values is unsigned: (y * y) / 3 of two uint16 is div.u32 even
# where the product passes 2^31).
_NONNEG_OPS = ("add", "mul", "floordiv", "mod", "and", "or", "xor", "shr")


def _nonneg(x):
    """Whether int32 `x` is known non-negative (a Python number that is,
    or a promoted value marked so)."""
    if isinstance(x, numbers.Integral) and not isinstance(x, bool):
        return x >= 0
    return isinstance(x, _Expr) and x.dtype == "int32" and \
        getattr(x, "nonneg", False)


def _unsigned_op(op, a, b):
    """`a op b` (floordiv, mod, shr) of known non-negative int32 values as
    the unsigned operation, as nvcc compiles it."""
    ua, ub = (reinterpret("uint32", x) if isinstance(x, _Expr) else x
              for x in (a, b))
    out = reinterpret("int32", _binary(op, ua, ub))
    out.nonneg = True
    return out


def _invert(x):
    """~x: for integers narrower than int, C's ~ of the promoted value."""
    if _narrow_int(x):
        return _narrowed(_binary("xor", _promoted(x), -1), x.dtype)
    return _binary("xor", x, _all_ones(x.dtype))


def _integer_kernel_op(a, b):
    """The kernel value of integer `a op b` (None for floats, bools and
    Python numbers)."""
    x = a if isinstance(a, _Expr) else b
    if not isinstance(x, _Expr) or x.dtype not in _INT_RANGES:
        return None
    return x


def _shifts_at_run_time(a, b):
    """Whether integer `a << b` or `a >> b` needs the GPU's shift: the
    amount is a kernel value, or a constant outside 0 .. width - 1 (which
    LLVM leaves undefined and x86 masks)."""
    x = _integer_kernel_op(a, b)
    return x is not None and (isinstance(b, _Expr) or
                              not 0 <= b < _INT_RANGES[x.dtype][0])


def _ptx_shift(op, a, b):
    """`shl`/`shr` of the PTX ISA, as nvcc compiles C's shifts: the value
    promoted to 32 bits (64 stays 64), the amount as an unsigned 32-bit
    number (a 64-bit one cut to its low word), and amounts past the width
    clamped by the hardware (0, or the sign for shr.s)."""
    bits, signed = _INT_RANGES[a.dtype]
    wide = "int64" if bits == 64 else "int32"
    if not signed and bits >= 32:
        wide = "u" + wide
    x = cast(a, wide)
    n = cast(b, "int32") if _INT_RANGES[b.dtype][0] < 32 else b
    n = cast(reinterpret(_unsigned_of(n.dtype), n), "uint32")
    width = 64 if bits == 64 else 32
    kind = "s" if _INT_RANGES[wide][1] else "u"
    opcode = f"shl.b{width}" if op == "shl" else f"shr.{kind}{width}"
    out = _instruction(opcode, wide, x, n)
    return out if wide == a.dtype else cast(out, a.dtype)


def _unsigned_of(dtype):
    return dtype if dtype.startswith("u") else "u" + dtype


def _divides_at_run_time(a, b):
    """Whether integer `a // b` or `a % b` needs the GPU's division: the
    divisor is a kernel value, or 0 or -1 (a constant divisor otherwise
    has LLVM's exact, trap-free lowering)."""
    return _integer_kernel_op(a, b) is not None and (
        isinstance(b, _Expr) or b in (0, -1))


def _ptx_division(kind, a, b):
    """`div`/`rem` of the PTX ISA on integer kernel values of one dtype, so
    that a zero divisor and MIN / -1 give the H200's measured results on
    both backends (all ones; MIN, 0) where LLVM's sdiv would trap on the
    host. Types narrower than 32 bits divide as C promotes them: in 32
    bits, then truncated."""
    bits, signed = _INT_RANGES[a.dtype]
    wide = "int64" if bits == 64 else "int32"
    if not signed:
        wide = "u" + wide
    x, y = (cast(v, wide) for v in (a, b))
    out = _instruction(f"{kind}.{'s' if signed else 'u'}{max(bits, 32)}",
                      wide, x, y)
    if bits == 64:
        out = _bypass_slow_division(kind, x, y, out)
    return out if wide == a.dtype else cast(out, a.dtype)


def _bypass_slow_division(kind, x, y, wide):
    """nvcc's 64-bit `/` and `%`: where neither operand has a bit above
    the low 32 (both non-negative for signed types), the 32-bit unsigned
    instruction, zero-extended (LLVM's division bypass for NVPTX); so 5 / 0
    is 0xFFFFFFFF there, not all 64 ones."""
    ux, uy = (reinterpret("uint64", v) for v in (x, y))
    small = _binary("eq", _binary("shr", _binary("or", ux, uy), 32), 0)
    lo = [cast(v, "uint32") for v in (ux, uy)]
    narrow = _instruction(f"{kind}.u32", "uint32", *lo)
    narrow = reinterpret(x.dtype, cast(narrow, "uint64"))
    return _tile_select(small, lambda: narrow, lambda: wide)


def _nvcc_division(op, a, b):
    """TIRx's `//` and `%` (floordiv, floormod) as nvcc compiles what TIRx
    prints for them. Signed floordiv: `rmod = a % b; rdiv = a / b;` then
    rdiv, less one where the signs of b and rmod differ; nvcc computes
    rmod as a - rdiv * b (one div.s32). Signed floormod: `rmod = a % b`
    alone (rem.s32), plus b where the signs differ. Unsigned: `/` and `%`
    (div.u32, rem.u32)."""
    signed = _INT_RANGES[a.dtype][1]
    if not signed:
        return _ptx_division("div" if op == "floordiv" else "rem", a, b)
    if op == "floordiv":
        q = _ptx_division("div", a, b)
        r = _binary("sub", a, _binary("mul", q, b))
    else:
        r = _ptx_division("rem", a, b)
    same = _binary("or", _binary("and", _binary("ge", b, 0),
                                 _binary("ge", r, 0)),
                   _binary("and", _binary("lt", b, 0), _binary("le", r, 0)))
    if op == "floordiv":
        return _tile_select(same, lambda: q, lambda: _binary("sub", q, 1))
    return _tile_select(same, lambda: r, lambda: _binary("add", r, b))


def _is_one(x):
    """Whether `x` is the constant 1.0 (a Python number or typed
    constant)."""
    if isinstance(x, _TypedScalar):
        return x.literal in ("1.0", "1")
    if isinstance(x, _Expr):  # A constant made of one.
        return any(name == x.name and literal == "1.0"
                   for (literal, _), name in _builder().consts.items())
    return isinstance(x, numbers.Real) and not isinstance(x, bool) and x == 1


def _fast_f32(dtype):
    return dtype == "float32" and _fast_math()


def _fast_f32_op(op, a, b):
    """`a op b` on float32 kernel values as nvcc's fast-math build
    computes it (see _FAST_F32)."""
    if op in ("add", "sub"):
        fused = _contract(op, a, b)
        if fused is not None:
            return fused
    out = _instruction(_FAST_F32[op], "bool" if op in _COMPARE else
                       "float32", a, b)
    if op == "mul":
        out.product = (a, b)
    return out


def _binary_op(op, a, b):
    """The MLIR of `a op b` (kernel values of one dtype)."""
    if _fast_f32(a.dtype) and op in _FAST_F32:
        return _fast_f32_op(op, a, b)
    bld = _builder()
    name, ty, dtype = bld.fresh("v"), a.type, a.dtype
    signed = dtype == "bool" or _INT_RANGES.get(dtype, (0, True))[1]
    loc = _caller_location()
    if op in _COMPARE:
        s, u, f = _COMPARE[op]
        kind = "cmpf" if _is_float(dtype) else "cmpi"
        pred = f if _is_float(dtype) else (s if signed else u)
        bld.lines.append(f"{name} = arith.{kind} {pred}, {a.name}, {b.name}"
                         f" : {ty} {loc}")
        bld.values.add((name, "i1"))
        return _Expr(name, "bool")
    int_op, float_op = _ARITH[op]
    mlir_op = float_op if _is_float(dtype) else int_op
    if mlir_op is None or (dtype == "bool" and op not in ("and", "or",
                                                           "xor")):
        raise TileTypeError(f"operator '{op}' is not defined on {dtype} "
                            "kernel values")
    if mlir_op == "floormod":  # a - floordiv(a, b) * b
        q = _binary("floordiv", a, b) if signed else None
        if q is None:
            mlir_op = "remui"
        else:
            return _binary("sub", a, _binary("mul", q, b))
    if mlir_op in ("addf", "subf"):
        fused = _contract(op, a, b)
        if fused is not None:
            return fused
    mlir_op = mlir_op.format(s="s" if signed else "u")
    if mlir_op == "floordivui":
        mlir_op = "divui"
    bld.lines.append(f"{name} = arith.{mlir_op} {a.name}, {b.name} : {ty} "
                     f"{loc}")
    bld.values.add((name, ty))
    out = _Expr(name, dtype)
    if mlir_op == "mulf":
        out.product = (a, b)
    return out


def _emit(rhs, mlir_type, dtype):
    """A new kernel value: `%v = <rhs>` at the user's line."""
    bld = _builder()
    name = bld.fresh("v")
    bld.lines.append(f"{name} = {rhs} {_caller_location()}")
    bld.values.add((name, mlir_type))
    return _Expr(name, dtype)


def _negate(x):
    """-x: for floats the sign flipped (negf: -0.0 for 0.0), for integers
    0 - x."""
    if not _is_float(x.dtype):
        return _binary("sub", 0, x)
    if _fast_f32(x.dtype):
        return _instruction(_FAST_F32["neg"], "float32", x)
    return _emit(f"arith.negf {x.name} : {x.type}", x.type, x.dtype)


def _contract(op, a, b):
    """`a * b + c` and `c +- a * b` as one fused multiply-add (math.fma:
    fma.rn), as nvcc contracts them by default (-fmad=true), so that float
    expressions have the bits of TIRx's kernels; None where neither side
    is a product. (float16 and bfloat16 too: cuda_fp16.h's operators are
    inline assembly, `mul.f16` then `add.f16` without `.rn`, which ptxas
    fuses into one HFMA2.)"""
    pa, pb = getattr(a, "product", None), getattr(b, "product", None)
    if pa is not None:
        x, y, z = pa[0], pa[1], (b if op == "add" else _negate(b))
    elif pb is not None:
        x, y, z = (pb[0] if op == "add" else _negate(pb[0])), pb[1], a
    else:
        return None
    if _fast_f32(x.dtype):
        return _instruction(_FAST_F32["fma"], "float32", x, y, z)
    if x.dtype in ("float16", "bfloat16"):
        # The instruction itself: the CPU JIT has no half fma of its own
        # (LLVM expands it through f64 and __truncdfhf2).
        return _instruction(f"fma.rn.{_mlir_type(x.dtype)}", x.dtype, x, y, z)
    return _emit(f"math.fma {x.name}, {y.name}, {z.name} : {x.type}",
                 x.type, x.dtype)


def _as_condition(c):
    """A kernel value as an i1 condition (an integer: != 0)."""
    if c.dtype == "bool":
        return c
    return _binary("ne", c, 0)


class _KernelBranch:
    """An `if` on a kernel value (see _rewrite): its i1 condition and the
    thread ranges its two branches select."""

    def __init__(self, cond, facts, exact):
        self.cond, self.facts = cond, facts
        self.else_facts = _complement(facts) if exact else {}


def _plain(v):
    """A one-element view read as its value, a typed constant as a kernel
    value; anything else as it is."""
    if isinstance(v, _views.View):
        return v.load()
    if isinstance(v, _TypedScalar):
        return v.value()
    return v


def _tile_cond(c, jumps):
    """`if c:`: a Python value for Python's own `if`, or a _KernelBranch."""
    c = _plain(c)
    if not isinstance(c, _Expr):
        return c
    if jumps:
        raise TileError("`break`, `continue` or `return` inside an `if` on a "
                        "kernel value is not supported (the kernel's "
                        "branches are traced whole)")
    return _KernelBranch(_as_condition(c), c.facts, c.exact)


def _tile_is_python(c):
    return not isinstance(c, (_KernelBranch, _KernelRange, _KernelWhileMark))


@contextlib.contextmanager
def _region(b, facts):
    """A region of an scf.if whose opening line is written: its body runs
    with `facts` (the thread ranges it selects), and the region is closed."""
    b.facts.append(facts)
    try:
        yield
    finally:
        b.facts.pop()
        b.lines.append("}")


def _tile_then(br, merge=None):
    b = _builder()
    line = _Marker(f"scf.if {br.cond.name} {{")
    b.lines.append(line)
    if merge is not None:
        merge.opening = line
    return _region(b, br.facts)


def _tile_else(br, merge=None):
    b = _builder()
    if not b.lines or b.lines[-1] != "}":
        raise TileError("internal: else without its scf.if")
    b.lines[-1] = "} else {"
    return _region(b, br.else_facts)


class _Marker(str):
    """A line of the kernel's text that is rewritten once more is known
    (found again by identity: lines are inserted before it)."""


def _line_index(b, marker):
    for i in range(len(b.lines) - 1, -1, -1):
        if b.lines[i] is marker:
            return i
    raise TileError("internal: a line to rewrite is gone")


_UNBOUND = object()


def _current(getter):
    """A name's value through `getter` (a lambda), or _UNBOUND."""
    try:
        return getter()
    except NameError:
        return _UNBOUND


def _scalar_like(v):
    return isinstance(v, (_Expr, _TypedScalar, numbers.Number)) or (
        isinstance(v, _views.View) and all(n == 1 for n in v.shape))


class _Merge:
    """The names that the regions of an `if` on a kernel value assign (see
    _rewrite): their values at the end of each region become the scf.if's
    results. A name unchanged in both keeps its value (Python values stay
    Python values); two different scalars (kernel values, typed constants,
    Python numbers, one-element views) become one kernel value of the
    type the name had before the `if` (else of the first kernel value);
    anything else bound differently is an error."""

    def __init__(self, br, names, getters):
        self.br, self.names, self.getters = br, names, getters
        self.loc = _caller_location()
        self.before = [_current(g) for g in getters]
        self.ends = []  # (yield line, values) per region
        self.opening = None
        self.out = None

    def branch_end(self):
        """At the end of a region: its values, one-element views read in
        it (a changed one replaces the name's value; an unchanged one is
        kept, with its reading for a merge that needs it)."""
        values, reads = [], {}
        for i, (g, old) in enumerate(zip(self.getters, self.before)):
            v = _current(g)
            if isinstance(v, _views.View) and _scalar_like(v):
                if v is old:
                    reads[i] = v.load()
                else:
                    v = v.load()
            values.append(v)
        marker = _Marker("scf.yield")
        _builder().lines.append(marker)
        self.ends.append((marker, values, reads))

    def restore(self):
        """The values from before the `if` (for the else region)."""
        self.out = list(self.before)
        return tuple(self.before)

    def unbound(self, i):
        return self.out[i] is _UNBOUND

    def results(self):
        (then_line, then, then_reads), (else_line, other, else_reads) = \
            self.ends
        self.out, merged = [], []
        for i, (name, old, t, e) in enumerate(zip(self.names, self.before,
                                                  then, other)):
            if t is e or _same_number(t, e):
                self.out.append(t)
            elif t is _UNBOUND or e is _UNBOUND:
                self.out.append(_UNBOUND)
            else:
                pair = (then_reads.get(i, t), else_reads.get(i, e))
                merged.append((i, self._kernel_values(name, old, *pair)))
                self.out.append(None)
        self._write(merged, then_line, else_line)
        return tuple(self.out)

    def _kernel_values(self, name, old, *values):
        """Both regions' values of `name` as kernel values of one dtype."""
        if not all(_scalar_like(v) for v in values):
            raise TileError(f"{self.loc}: `{name}` is bound to different "
                            "objects in the two regions of an `if` on a "
                            "kernel value; only scalars can be merged")
        kinds = [v for v in (old,) + values
                 if isinstance(v, (_Expr, _TypedScalar, _views.View))]
        dtype = kinds[0].dtype if kinds else _python_dtype(values[0])
        out = []
        for v in values:
            if isinstance(v, _TypedScalar):
                v = v.value()
            elif not isinstance(v, _Expr):
                v = _const_expr(v, dtype)
            if _mlir_type(v.dtype) != _mlir_type(dtype):
                raise TileTypeError(
                    f"{self.loc}: `{name}` is {dtype} before or in one region "
                    f"of the `if` and {v.dtype} in the other (T.cast it)")
            out.append(v)
        return out

    def _write(self, merged, then_line, else_line):
        """The scf.if's results and its regions' yields, in place."""
        b = _builder()
        if not merged:
            for line in (then_line, else_line):
                del b.lines[_line_index(b, line)]
            return
        types = ", ".join(v[0].type for _, v in merged)
        for k, line in enumerate((then_line, else_line)):
            names = ", ".join(v[k].name for _, v in merged)
            b.lines[_line_index(b, line)] = f"scf.yield {names} : {types}"
        res = b.fresh("m")
        count = f":{len(merged)}" if len(merged) > 1 else ""
        b.lines[_line_index(b, self.opening)] = \
            f"{res}{count} = scf.if {self.br.cond.name} -> ({types}) {{"
        for k, (i, v) in enumerate(merged):
            name = f"{res}#{k}" if len(merged) > 1 else res
            b.values.add((name, v[0].type))
            self.out[i] = _Expr(name, v[0].dtype)


class _Carried:
    """The names a kernel loop's body assigns (see _rewrite): those bound
    to a scalar before the loop (a kernel value, a typed constant, a Python
    number, a one-element view, read there) are carried through it as the
    loop's values, with the type they had before it; names first bound in
    the body are the body's own (unbound after the loop); any other name
    must keep its object. A name of scalar storage (T.shared_scalar,
    T.local_scalar, T.decl_scalar) keeps it: each assignment stores there
    and each read loads, as TIRx's `x_ptr[0]` (another thread's store to a
    shared one is seen after a barrier)."""

    def __init__(self, names, getters, jumps, what):
        if jumps:
            raise TileError(f"`break`, `continue` or `return` in {what}, "
                            "which runs in the kernel: leave it through its "
                            "condition")
        self.names, self.getters, self.what = names, getters, what
        self.loc = _caller_location()
        self.before = [_current(g) for g in getters]
        self.carry = {i: _carried_value(v, None, n, what, self.loc)
                      for i, (n, v) in enumerate(zip(names, self.before))
                      if v is not _UNBOUND and _scalar_like(v) and
                      not _stored_scalar(v)}
        self.out = list(self.before)

    def types(self):
        return ", ".join(v.type for v in self.carry.values())

    def bind(self, prefix):
        """The carried names bound to fresh block arguments (returned as
        `name: type` pairs for the region's header)."""
        b = _builder()
        self.out, args = list(self.before), []
        for i, init in self.carry.items():
            name = b.fresh(prefix)
            b.values.add((name, init.type))
            self.out[i] = _Expr(name, init.dtype)
            args.append((name, init.type))
        return args

    def current(self):
        """The carried names' values now, as the loop's yield (checked:
        each keeps its type; other names keep their objects)."""
        out = []
        for i, (name, g) in enumerate(zip(self.names, self.getters)):
            v = _current(g)
            if i in self.carry:
                out.append(_carried_value(v, self.carry[i].dtype, name,
                                          self.what, self.loc))
            elif self.before[i] is not _UNBOUND and v is not self.before[i]:
                raise TileError(f"{self.loc}: `{name}` is rebound in the "
                                f"body of {self.what}; only scalars can be "
                                "carried through a loop in the kernel")
        return out

    def carried(self):
        return tuple(self.out)

    def end(self):
        """The body's end: the carried values yielded, the region closed."""
        b = _builder()
        b.lines.append(_yield_line(self.current()))
        b.lines.append(f"}} {self.loc}")

    def results(self):
        """The names after the loop (`self.res`, the loop's results): the
        carried ones its results."""
        name = self.res
        b = _builder()
        self.out = [v if i not in self.carry and v is not _UNBOUND
                    else _UNBOUND for i, v in enumerate(self.before)]
        for k, (i, init) in enumerate(self.carry.items()):
            res = f"{name}#{k}" if len(self.carry) > 1 else name
            b.values.add((res, init.type))
            self.out[i] = _Expr(res, init.dtype)
        return tuple(self.out)

    def result_names(self, name):
        n = len(self.carry)
        return "" if not n else f"{name}{f':{n}' if n > 1 else ''} = "

    def unbound(self, i):
        return self.out[i] is _UNBOUND


def _carried_value(v, dtype, name, what, loc):
    """`v` (a name's value) as a kernel value of `dtype` (of its own where
    None) for a loop's carried values."""
    if v is _UNBOUND or not _scalar_like(v):
        raise TileError(f"{loc}: `{name}` is no longer a scalar at the end "
                        f"of the body of {what}")
    if isinstance(v, _views.View):
        v = v.load()
    elif isinstance(v, _TypedScalar):
        v = v.value()
    elif not isinstance(v, _Expr):
        v = _const_expr(v, dtype or _python_dtype(v))
    if dtype is not None and _mlir_type(v.dtype) != _mlir_type(dtype):
        raise TileTypeError(f"{loc}: `{name}` is {dtype} before {what} and "
                            f"{v.dtype} at the end of its body (T.cast it)")
    return v


def _yield_line(values):
    if not values:
        return "scf.yield"
    return (f"scf.yield {', '.join(v.name for v in values)} : "
            f"{', '.join(v.type for v in values)}")


class _KernelLoop(_Carried):
    """`for i in T.serial(n):` with a kernel-valued bound: an scf.for."""

    def __init__(self, rng, names, getters, jumps):
        super().__init__(names, getters, jumps,
                         "a loop with a kernel-valued bound")
        b = _builder()
        self.res = b.fresh("for")
        iv = b.fresh("i")
        b.values.add((iv, _mlir_type(rng.dtype)))
        self.index = _Expr(iv, rng.dtype)
        lb, ub, st = (v.name for v in rng.bounds)
        init = list(self.carry.values())
        args = self.bind("a")
        iters = "" if not args else " iter_args(" + ", ".join(
            f"{a} = {v.name}" for (a, _), v in zip(args, init)) + \
            f") -> ({self.types()})"
        b.lines.append(f"{self.result_names(self.res)}scf.for {iv} = {lb} "
                       f"to {ub} step {st}{iters} : "
                       f"{_mlir_type(rng.dtype)} {{")



class _KernelWhile(_Carried):
    """`while c:` on a kernel value: an scf.while whose before region
    tests `c` on the carried names, whose after region runs the body."""

    def __init__(self, names, getters, jumps):
        super().__init__(names, getters, jumps, "a while loop on a kernel "
                         "value")
        b = _builder()
        self.res = b.fresh("while")
        init = list(self.carry.values())
        args = self.bind("w")
        head = ", ".join(f"{a} = {v.name}" for (a, _), v in zip(args, init))
        b.lines.append(f"{self.result_names(self.res)}scf.while ({head}) : "
                       f"({self.types()}) -> ({self.types()}) {{")

    def carried(self):
        return tuple(self.out)

    def condition(self, c):
        c = _plain(c)
        if not isinstance(c, _Expr):
            c = _const_expr(bool(c), "bool")
        c = _as_condition(c)
        b = _builder()
        values = [self.out[i] for i in self.carry]
        tail = "" if not values else (
            " " + ", ".join(v.name for v in values) + " : " + self.types())
        b.lines.append(f"scf.condition({c.name}){tail}")
        b.lines.append("} do {")
        args = self.bind("w")
        b.lines.append("^bb0(" + ", ".join(f"{a}: {t}" for a, t in args) +
                       "):")

    def body_args(self):
        return tuple(self.out)



class _WhileProbe:
    """`while c:`: its first test, made once. A Python truth value runs
    Python's loop (the first test is that value); a kernel value makes the
    loop the kernel's (_KernelWhile)."""

    def __init__(self, test, switch=False):
        self.first = _plain(test())
        self.used = False
        self.switch, self.switched = switch, False

    def is_kernel(self):
        return isinstance(self.first, _Expr)

    def kernel(self, names, getters, jumps):
        """The rest of the loop as the kernel's, once its condition became a
        kernel value (`while True:` whose break depends on the data)."""
        return _KernelWhile(names, getters, jumps)

    def test(self, thunk):
        if not self.used:
            self.used = True
            return self.first
        c = _plain(thunk())
        if isinstance(c, _Expr) and self.switch:
            self.switched = True
            return False
        if isinstance(c, _Expr):
            raise TileError(f"{_caller_location()}: this while loop's "
                            "condition was a Python value when the loop "
                            "began and is a kernel value now (its body "
                            "made it one), and it has an else: start from "
                            "kernel values (`j = T.int32(0)`) so that the "
                            "loop is the kernel's")
        return c


def _tile_stop(flag):
    """Whether a loop whose `break` is a flag (see _rewrite) stops now: a
    Python True only (a kernel value's loop runs on, guarded)."""
    return flag is True


def _tile_while(test, switch=False):
    probe = _WhileProbe(test, switch)
    return probe if not probe.is_kernel() else _KernelWhileMark(probe)


class _KernelWhileMark:
    """A while loop found to be the kernel's (its probe's code is dead)."""

    def __init__(self, probe):
        self.probe = probe

    def kernel(self, names, getters, jumps):
        return _KernelWhile(names, getters, jumps)


def _same_number(a, b):
    return isinstance(a, numbers.Number) and type(a) is type(b) and \
        (a == b or a != a and b != b)


def _python_dtype(v):
    """The dtype a Python number takes when a branch makes it a kernel
    value: bool, int32 (int64 past its range), float32."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, numbers.Integral):
        return "int32" if -2**31 <= v < 2**31 else "int64"
    return "float32"


def _tile_read(v):
    """`x = A[i, j]`: a one-element view read where it is bound (TIRx's
    BufferLoad), so that later stores to A[i, j] leave x as it was."""
    if isinstance(v, _views.View) and all(n == 1 for n in v.shape):
        return v.load()
    return v


def _tile_copy(v):
    """`tmp = u` (u a name or a field): a scalar in storage (T.local_scalar,
    T.shared_scalar, T.decl_scalar) is read, as TIRx's `int tmp =
    u_ptr[0]`, so that later stores to u leave tmp as it was; anything else
    (a tensor, a value) is itself."""
    if isinstance(v, _views.View) and getattr(v, "scalar_storage", False):
        return v.load()
    if isinstance(v, _LaneStorage):
        return _Lanes(v.values)
    return v


def _tile_declares(annotation):
    """Whether `x: annotation` (no value) declares a register: a dtype."""
    return isinstance(getattr(annotation, "_tile_dtype", None), str)


def _tile_declare(annotation):
    """`acc: T.float32`: a one-element register tile of the dtype (TIRx's
    local buffer), written by the instructions it is given to."""
    return local_scalar(annotation._tile_dtype)


def evaluate(value):
    """TIRx's `T.evaluate(expr)`: the expression (a T.ptx call) is issued
    where it is written; its value, if any, is dropped."""
    return None


def assume_aligned(tensor, alignment_bytes):
    """TIRx's `T.assume_aligned(A, bytes)`: a fact for the compiler that
    checks and changes nothing (TIRx's kernel is the same without it), so
    only its arguments are checked: a tensor, and a power of two from 1 to
    2^27 bytes."""
    if not isinstance(tensor, _views.View):
        raise TileTypeError(f"T.assume_aligned takes a tensor, got "
                            f"{tensor!r}")
    n = as_int(alignment_bytes, "T.assume_aligned alignment")
    if n < 1 or n > 1 << 27 or n & (n - 1):
        raise TileValueError(f"T.assume_aligned alignment {n} is not a "
                             "power of two from 1 to 2^27 bytes")


def _vector_dtype(dtype):
    """(element dtype, lanes) of a vector dtype such as "float32x4" or
    "float16x2"; None for any other."""
    m = re.fullmatch(r"([a-z]+[0-9]+)x([0-9]+)", str(dtype))
    if not m or m.group(1) not in _DTYPES or int(m.group(2)) < 1:
        return None
    return m.group(1), int(m.group(2))


def _tile_bind(getter, v):
    """`x = v`: where x holds a shared scalar (T.shared_scalar, a
    one-element shared view), v is stored into it, as TIRx stores to
    `x_ptr[0]`, and x keeps it (other threads read the store after a
    barrier); otherwise x is bound to v, a kernel value narrower than int
    as TIRx declares x (a variable of its dtype: the promoted value is
    dropped)."""
    old = _current(getter)
    if _stored_scalar(old) and _scalar_like(v):
        old[(0,) * len(old.shape)] = v
        return old
    if isinstance(old, _LaneStorage) and (isinstance(v, _Lanes) or
                                          _scalar_like(v)):
        old.store(v)
        return old
    if isinstance(v, _Expr) and getattr(v, "wide", None) is not None:
        return _Expr(v.name, v.dtype)
    return v


def _tile_augment(getter, op, v):
    """`x op= v` (`op` the operator module's in-place function): a shared
    scalar stored into, anything else `x = x op v` as _tile_bind binds
    it."""
    import operator
    old = getter()
    if _stored_scalar(old) and _scalar_like(v):
        old[(0,) * len(old.shape)] = getattr(operator, op)(old.load(), v)
        return old
    if isinstance(old, _LaneStorage):
        old.store(getattr(operator, op)(_Lanes(old.values), v))
        return old
    return _tile_bind(lambda: _UNBOUND, getattr(operator, op)(old, v))


def _local_scalar(v):
    """A T.local_scalar (or alloc_scalar "local"): storage, as in TIRx,
    where `x = v` stores into `x_ptr[0]`."""
    return isinstance(v, _views.View) and v.space == "reg" and \
        getattr(v, "scalar_storage", False)


def _shared_scalar(v):
    return isinstance(v, _views.View) and v.space == "shared" and \
        all(n == 1 for n in v.shape)


def _stored_scalar(v):
    """A scalar that is storage (`x = v` stores, each read loads): a shared
    one, a T.local_scalar, a T.decl_scalar over global memory."""
    return _shared_scalar(v) or _local_scalar(v) or (
        isinstance(v, _views.View) and v.space == "global" and
        getattr(v, "scalar_storage", False))


def _short_circuit(acc, thunk, is_and):
    """`acc and thunk()` / `acc or thunk()` for a kernel value `acc`: the
    second operand is computed only where it decides (an scf.if yielding
    the result), as C's && and || do, so `i < n and A[i] > 0` reads A[i]
    only where i < n."""
    b = _builder()
    name = b.fresh("v")
    cond = _as_condition(acc)
    b.lines.append(f"{name} = scf.if {cond.name} -> (i1) {{")
    if not is_and:
        b.lines.append(f"scf.yield {b.constant('true', 'i1').name} : i1")
        b.lines.append("} else {")
    v = _plain(thunk())
    v = _as_condition(v) if isinstance(v, _Expr) else \
        _const_expr(bool(v), "bool")
    b.lines.append(f"scf.yield {v.name} : i1")
    if is_and:
        b.lines.append("} else {")
        b.lines.append(f"scf.yield {b.constant('false', 'i1').name} : i1")
    b.lines.append(f"}} {_caller_location()}")
    b.values.add((name, "i1"))
    out = _Expr(name, "bool")
    if is_and:
        out.facts = _merge_facts(acc.facts, getattr(v, "facts", {}))
        out.exact = acc.exact and getattr(v, "exact", False)
    return out


def _tile_and(first, *rest):
    acc = _plain(first)
    for thunk in rest:
        if not isinstance(acc, _Expr):
            if not acc:
                return acc
            acc = _plain(thunk())
            continue
        acc = _short_circuit(acc, thunk, True)
    return acc


def _merge_facts(f, g):
    """Both thread ranges at once: their intersection per role."""
    out = dict(f)
    for role, (lo, hi) in g.items():
        if role in out:
            lo0, hi0 = out[role]
            his = [h for h in (hi0, hi) if h is not None]
            out[role] = (max(lo0, lo), min(his) if his else None)
        else:
            out[role] = (lo, hi)
    return out


def _complement(facts):
    """Where a one-sided range of one thread index does not hold (the else
    branch's range), or {}."""
    if len(facts) != 1:
        return {}
    (role, (lo, hi)), = facts.items()
    if lo == 0 and hi is not None:
        return {role: (hi, None)}
    if hi is None and lo > 0:
        return {role: (0, lo)}
    return {}


def _tile_or(first, *rest):
    acc = _plain(first)
    for thunk in rest:
        if not isinstance(acc, _Expr):
            if acc:
                return acc
            acc = _plain(thunk())
            continue
        acc = _short_circuit(acc, thunk, False)
    return acc


def _tile_not(x):
    x = _plain(x)
    if not isinstance(x, _Expr):
        return not x
    return _binary("xor", _as_condition(x), True)


# A `T.serial` loop with integer bounds of at most this many iterations is
# unrolled where the kernel is traced; a longer one is an scf.for, traced
# once (LLVM and ptxas still unroll it as they see fit).
_TRACED_TRIPS = 64


def serial(start, stop=None, *, step=None, annotations=None, unroll=None,
           dtype=None):
    """`for i in T.serial(n):` (also T.parallel, and Python's `range` with
    a kernel-valued bound in a @T.function). With integer bounds and at
    most _TRACED_TRIPS iterations the loop is unrolled where the kernel is
    traced (`i` is a Python int: the same results as TIRx's C loop);
    otherwise it is an scf.for whose index is a kernel value of `dtype`
    (int32 by default, else the bounds' type), and the names its body
    assigns are carried through it (see _KernelLoop). A constant step must
    be positive."""
    del annotations, unroll  # Scheduling hints: no effect on results.
    return _loop(start, stop, step, dtype, _TRACED_TRIPS)


def unroll(start, stop=None, *, step=None, annotations=None, dtype=None):
    """`T.unroll` (also T.vectorized): T.serial, unrolled where the kernel
    is traced whatever its length when its bounds are integers."""
    del annotations
    return _loop(start, stop, step, dtype, None)


vectorized = unroll
parallel = serial


def _loop(start, stop, step, dtype, traced):
    """The iterations of a loop: a Python range where the bounds are
    integers and the trip count is at most `traced` (None: any), else a
    _KernelRange."""
    if stop is None:
        start, stop = 0, start
    bounds = [_loop_value(v) for v in (start, stop, 1 if step is None
                                                  else step)]
    if isinstance(bounds[2], numbers.Integral) and bounds[2] <= 0:
        raise TileValueError(
            f"loop step {bounds[2]} is not positive (TIRx's CUDA tests "
            "`i < stop` whatever the step, so its loop runs no iteration "
            "or never ends: count up and index from the end instead)")
    if any(isinstance(v, _Expr) for v in bounds):
        return _KernelRange(bounds, dtype)
    trips = range(*(as_int(v, "loop bound") for v in bounds))
    if traced is None or len(trips) <= traced:
        return trips
    return _KernelRange(bounds, dtype, trips)


def grid(*extents, dtype=None):
    """`for i, j in T.grid(m, n):` the index tuples of nested loops (each
    extent an integer or a (start, extent) pair), unrolled where the kernel
    is traced. A `for` over T.grid is a loop nest (_rewrite._grid_nest), in
    which an extent may be a kernel value; elsewhere (a break in its body,
    an else) a kernel-valued extent is an error."""
    ranges = [_grid_axis(e) for e in extents]
    if not all(isinstance(r, range) for r in ranges):
        raise TileError("T.grid with a kernel-valued extent, in a loop "
                        "with a break, continue, return or else: write "
                        "nested `for i in T.serial(...)` loops")
    return itertools.product(*ranges)


def _grid_axis(extent):
    """One axis of `T.grid` in a loop nest (see _rewrite._grid_nest): its
    extent or (start, extent) pair, a Python range or a kernel loop."""
    start, extent = extent if isinstance(extent, tuple) else (0, extent)
    start, extent = (_loop_value(v) for v in (start, extent))
    if isinstance(start, _Expr) or isinstance(extent, _Expr):
        return serial(start, start + extent)
    start = as_int(start, "T.grid start")
    return range(start, start + as_int(extent, "T.grid extent"))


def _loop_value(v):
    v = _plain(v)
    return v.value() if isinstance(v, _TypedScalar) else v


def meta_var(value):
    """`T.meta_var(v)`: v itself (a Python value kept as it is)."""
    return value


def meta_class(cls):
    """TIRx's `@T.meta_class`: a helper class used inside kernels (TIRx's
    PipelineState). Its fields hold Python values or kernel buffers; a
    field bound to a one-element local or shared buffer
    (`self.stage = T.bind_(T.local_scalar("int32"))`) is a variable:
    assigning it again (`self.stage = self.stage + 1`) stores into the
    buffer, as TIRx's assignment to the field does."""
    def __setattr__(self, name, value):
        old = self.__dict__.get(name)
        if isinstance(old, _views.View) and old.space != "global" and \
                all(n == 1 for n in old.shape) and value is not old:
            old[(0,) * len(old.shape)] = value
        else:
            object.__setattr__(self, name, value)
    cls.__setattr__ = __setattr__
    return cls


def bind_(value, **_):
    """TIRx's `T.bind_(value)`: the value bound (a field of a meta class
    keeps it; see meta_class)."""
    return value


def constexpr(value):
    """`T.constexpr(v)`: v, a Python value decided where the kernel is
    traced (`if T.constexpr(flag):` is Python's if)."""
    return value


def inline(fn):
    """`@T.inline`: a Python helper traced where it is called, its control
    flow on kernel values rewritten as a @T.function's."""
    return _rewrite.rewrite(fn, _REWRITE_HELPERS)


def macro(function=None, **options):
    """`@T.macro` and `@T.macro(hygienic=...)`: TIRx's macro, a helper
    expanded where it is called; here a T.inline helper (its names resolve
    where it is defined, as a hygienic macro's do)."""
    if function is None:
        return inline
    return inline(function)


def local_scalar(dtype="float32", init=None, *, name=None, annotations=None):
    """`T.local_scalar(dtype, init)`: a one-element register of `dtype`,
    stored `init` where given. It reads as its value, is written by the
    instructions it is given to, and `x = x + 1` stores into it (TIRx's
    `x_ptr[0] = ...`): the name stays the register."""
    return alloc_scalar(dtype, "local", init=init)


def alloc_scalar(dtype="float32", scope="local", *, init=None,
                 annotations=None):
    """`T.alloc_scalar(dtype, scope)`: one element of local or shared
    memory, as T.local_scalar and T.shared_scalar."""
    vector = _vector_dtype(dtype)
    if vector and scope == "local":
        storage = _LaneStorage(alloc_local((vector[1],), vector[0]))
        if init is not None:
            storage.store(init)
        return storage
    if scope == "shared":
        buf = alloc_shared((1,), dtype)
    elif scope == "local":
        buf = alloc_local((1,), dtype)
    else:
        raise TileValueError(f"T.alloc_scalar scope {scope!r}: local or "
                             "shared")
    if init is not None:
        buf[0] = init
    element = buf[0]
    # A name bound to it is storage: `x = v` stores (_tile_bind).
    element.scalar_storage = True
    return element


def decl_scalar(dtype, data, scope="local", layout=None):
    """`T.decl_scalar(dtype, data, scope)`: the first element of `data` (a
    tensor's `.data` in `scope`, "local", "shared" or "global") as a
    scalar of `dtype`; `x = v` stores there, as for T.local_scalar, and
    each read loads it."""
    spaces = {"local": "reg", "shared": "shared", "global": "global"}
    if scope not in spaces:
        raise TileValueError(f"T.decl_scalar scope {scope!r}: local, "
                             "shared or global")
    if not isinstance(data, _views.View) or data.space != spaces[scope]:
        raise TileTypeError(f"T.decl_scalar's data must be a {scope} "
                            f"tensor's .data, got {data!r}")
    element = decl_tensor(data, ty_args=[Tensor((1,), dtype)])[0]
    element.scalar_storage = True
    return element


def shared_scalar(dtype="float32", *, annotations=None):
    """`T.shared_scalar(dtype)`: one element of shared memory."""
    return alloc_scalar(dtype, "shared")


def _limit_constant(ty, which):
    """T.max_value / T.min_value / T.infinity of `ty`."""
    if ty in _INT_RANGES:
        if which == "inf":
            raise TileTypeError(f"T.infinity of the integer type {ty}")
        bits, signed = _INT_RANGES[ty]
        lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed \
            else (0, (1 << bits) - 1)
        return _TypedScalar(str(_int_value(hi if which == "max" else lo, ty)
                                - ((1 << bits) if not signed and which ==
                                   "max" and bits > 0 and hi >= 1 <<
                                   (bits - 1) else 0)), _mlir_type(ty), ty)
    if not _is_float(ty):
        raise TileTypeError(f"T.max_value/min_value/infinity of {ty!r}")
    elt = _mlir_type(ty)
    fmt = instr_table.formats()[elt]
    nbits = fmt["bits"]
    inf = _float_literal(float("inf"), elt)
    if which == "inf":
        return _TypedScalar(inf, elt, ty)
    # The largest finite value: the infinity's bits less one.
    top = int(inf, 16) - 1
    if which == "min":
        top |= 1 << (nbits - 1)
    return _TypedScalar(f"0x{top:0{nbits // 4}X}", elt, ty)


def max_value(*, ty):
    """`T.max_value(ty=...)`: the largest finite value of `ty`."""
    return _limit_constant(ty, "max")


def min_value(*, ty):
    """`T.min_value(ty=...)`: the smallest (most negative) value of `ty`."""
    return _limit_constant(ty, "min")


def infinity(*, ty):
    """`T.infinity(ty=...)`: +inf of a float type."""
    return _limit_constant(ty, "inf")


def popcount(x):
    """`T.popcount(x)`: the set bits of a 32- or 64-bit integer (popc), in
    x's type, as TIRx's `__popc`/`__popcll` cast back."""
    (x,) = _kernel_values("popcount", x)
    bits = _INT_RANGES.get(x.dtype, (0,))[0]
    if bits not in (32, 64):
        raise TileTypeError(f"T.popcount takes a 32- or 64-bit integer, got "
                            f"{x!r}")
    out = _instruction(f"popc.b{bits}", "uint32", x)
    return cast(out, x.dtype) if x.dtype != "uint32" else out


_Address = _views.Address


def address_of(element):
    """`T.address_of(A[i])` of one element of a global or shared buffer, or
    of a local array (an out-pointer: _views.LocalAddress)."""
    if isinstance(element, _views.View) and element.space == "reg" and \
            all(n == 1 for n in element.shape):
        return _views.LocalAddress(element)
    if not _memory_element(element):
        raise TileTypeError(f"T.address_of takes one element of a global, "
                            f"shared or local buffer (A[i]), got {element!r}")
    return _Address(element)


def _atomic(name, address, op, overloads, *values):
    """atom.<space>.<op> on the element at `address`, typed as CUDA's
    overload of its dtype in `overloads` (dtype: PTX type), with `values`
    converted to its dtype (as C converts a call's arguments): the
    element's old value."""
    view = address.view if isinstance(address, _Address) else address
    if not _memory_element(view):
        raise TileTypeError(f"T.cuda.{name} takes T.address_of(A[i]) of a "
                            f"global or shared buffer, got {address!r}")
    space = "global" if view.space == "global" else "shared"
    ptx_type = overloads.get(view.dtype)
    if ptx_type is None:
        raise TileTypeError(f"T.cuda.{name} on a {view.dtype} element: "
                            "CUDA's overloads take "
                            f"{', '.join(overloads)}")
    args = []
    for v in values:
        v = _plain(v)
        if isinstance(v, _Expr) and v.dtype != view.dtype:
            v = cast(v, view.dtype)
        args.append(_const_expr(v, view.dtype) if not isinstance(v, _Expr)
                    else v)
    d = alloc_local((1,), view.dtype)
    # The element of a buffer of any rank, as its one element of storage.
    _PtxChain((_atom_opcode(space, op, ptx_type),))(d[0], _spanning(view),
                                                     *args)
    return d[0].load()


@functools.lru_cache(maxsize=None)
def _atom_opcode(space, op, ptx_type):
    """The table's plain spelling of atom.<space>.<op> on `ptx_type`, with
    what its form also requires (.noftz for the half-precision adds)."""
    prefix = f"atom.{space}.{op}."
    for form in instr_table.forms():
        first = form["instances"][0]["opcode"]
        if form["mnemonic"] == "atom" and form["types"] == [ptx_type] and \
                first.startswith(prefix):
            return first
    raise TileError(f"the instruction table has no atom.{space}.{op} on "
                    f".{ptx_type}")


def _tile_range(*args):
    """Python's `range` in a @T.function: T.serial where a bound is a
    kernel value."""
    if all(isinstance(a, numbers.Integral) for a in args):
        return range(*args)
    if not 1 <= len(args) <= 3:
        raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
    start, stop, step = (args + (None, None))[:3] if len(args) > 1 else \
        (args[0], None, None)
    return serial(start, stop, step=step)


class _KernelRange:
    """The bounds of a loop that runs in the kernel: one with a
    kernel-valued bound, or a long one with integer bounds (`trips`, its
    Python range, which Python's own iteration of it walks: a
    comprehension over T.serial(100) is a list of ints, as before)."""

    def __init__(self, bounds, dtype, trips=None):
        self.trips = trips
        kinds = [v.dtype for v in bounds if isinstance(v, _Expr)] or [
            "int32" if all(-2**31 <= v < 2**31 for v in bounds) else
            "int64"]
        self.dtype = dtype or ("int64" if "int64" in kinds else kinds[0])
        if self.dtype not in _INT_RANGES:
            raise TileTypeError(f"a loop bound of type {self.dtype}")
        self.bounds = [cast(v, self.dtype) if isinstance(v, _Expr) else
                       _const_expr(v, self.dtype) for v in bounds]

    def __iter__(self):
        if self.trips is not None:
            return iter(self.trips)
        raise TileError("a loop with a kernel-valued bound runs in the "
                        "kernel: write it as a `for` statement in the "
                        "@T.function itself")


def cast(value, dtype):
    """`T.cast(x, dtype)`: a kernel value converted to `dtype` (integers of
    one width: the same bits; wider or narrower: sign- or zero-extended or
    truncated; integer to float and back: rounded to nearest even, toward
    zero)."""
    vector = _vector_dtype(dtype)
    if isinstance(value, _Lanes):
        elt, lanes = vector or (dtype, len(value.values))
        if lanes != len(value.values):
            raise TileValueError(f"T.cast of {value!r} to {dtype}: the lane "
                                 "counts differ")
        return _Lanes(cast(v, elt) for v in value.values)
    if vector:
        raise TileTypeError(f"T.cast to {dtype} takes a vector value "
                            f"(T.Broadcast a scalar), got {_short(value)}")
    if isinstance(value, _views.View):
        value = value.load()
    elif isinstance(value, _TypedScalar):
        folded = _fold_cast(value, dtype)
        if folded is not None:
            return folded
        value = value.value()
    elif isinstance(value, _views.SharedWindowAddress):
        value = value.number()
    if not isinstance(value, _Expr):
        if dtype in _FP8:
            return _fp8_cast(_const_expr(value, "float32"), dtype)
        # TIRx's cast of a literal: (signed char)300, (double)0.1f.
        return _stored(value, dtype)
    if getattr(value, "wide", None) is not None and dtype != value.dtype:
        value = value.wide  # C converts the promoted int.
    src, dst = value.dtype, dtype
    if (src in _FP8 or dst in _FP8) and src != dst:
        return _fp8_cast(value, dst)
    _mlir_type(dst)
    a, b = _mlir_type(src), _mlir_type(dst)
    if a == b:
        return _Expr(value.name, dst)
    if _is_float(src) and dst == "bool":  # C's (bool)x: x != 0, NaN true.
        return _binary("ne", value, 0.0)
    if src in _INT_RANGES and dst == "bool":  # C's (bool)x: x != 0.
        return _binary("ne", value, 0)
    if _is_float(src) and (_is_float(dst) or dst in _INT_RANGES):
        return _cvt(value, dst)
    if _is_float(src) and _is_float(dst):
        op = "extf" if _bits(a) < _bits(b) else "truncf"
    elif dst == "bfloat16" and src in _INT_RANGES:
        # __int2bfloat16_rn & co.: one rounding (`cvt.rn.bf16.s32`), where
        # LLVM's sitofp rounds through float32 on the CPU. Narrower
        # integers are C's int first (exact in any case).
        bits, signed = _INT_RANGES[src]
        value = value if bits >= 32 else cast(value, "int32")
        kind = "s" if signed or bits < 32 else "u"
        return _instruction(f"cvt.rn.bf16.{kind}{max(bits, 32)}", dst, value)
    elif _is_float(dst):
        op = "sitofp" if _INT_RANGES.get(src, (0, False))[1] else "uitofp"
    elif _is_float(src):
        op = "fptosi" if _INT_RANGES[dst][1] else "fptoui"
    elif _width(a) < _width(b):
        op = "extsi" if _INT_RANGES.get(src, (0, False))[1] else "extui"
    else:
        op = "trunci"
    return _emit(f"arith.{op} {value.name} : {a} to {b}", b, dst)


def _fp8_cast(value, dst):
    """A conversion to or from a float8 dtype as nvcc compiles CUDA's
    __nv_fp8_e4m3 and __nv_fp8_e5m2 on sm_90: from float32, round to
    nearest even and saturate to the largest finite value (NaN stays NaN):
    `cvt.rn.satfinite.e4m3x2.f32 d, 0.0, x`, the low byte; to float32,
    `cvt.rn.f16x2.e4m3x2` of the byte (exact) and float16 to float32.
    Other dtypes are converted through float32 (to float8: from float32
    only, as __nv_fp8's other constructors round differently)."""
    src = value.dtype
    if dst in _FP8:
        if src == "float64":
            value = _round_to_odd_f32(value)
        elif src in _FP8:
            value = _fp8_cast(value, "float32")
        elif src != "float32":
            # __nv_fp8's half, bfloat16 and integer constructors: through
            # float32 (exact from the halves; C's (float) of an integer).
            value = cast(value, "float32")
        pair = _instruction(f"cvt.rn.satfinite.{_FP8[dst]}x2.f32", "uint16",
                            _const_expr(0.0, "float32"), value)
        return _Expr(cast(pair, "uint8").name, dst)
    byte = cast(_Expr(value.name, "uint8"), "uint16")
    pair = _instruction(f"cvt.rn.f16x2.{_FP8[src]}x2", "uint32", byte)
    half = reinterpret(cast(pair, "uint16"), ty="float16")
    return cast(half, dst)


def _round_to_odd_f32(x):
    """float64 `x` as float32 rounded toward zero with the last bit set
    where that was inexact (round to odd): rounding it once more, to a
    format of at most 22 bits of precision and float32's range (float8),
    gives x's own rounding to that format, as __nv_cvt_double_to_fp8
    does."""
    toward_zero = _instruction("cvt.rz.f32.f64", "float32", x)
    word = reinterpret(toward_zero, ty="uint32")
    inexact = _binary("ne", cast(toward_zero, "float64"), x)
    odd = word | cast(inexact, "uint32")
    # NaN stays NaN (its payload's low bit set is still a NaN).
    return reinterpret(odd, ty="float32")


def _instruction(opcode, dtype, *operands):
    """The instruction `opcode` on kernel values, its result of `dtype`."""
    tmp = _nvcc_temporary(dtype)
    _Tile.apply(ptx[opcode], tmp, *operands)
    return tmp[0].load()


def _cvt(value, dst):
    """A float kernel value converted as TIRx's C cast does under nvcc: by
    the PTX conversion nvcc emits, so that NaN, the infinities and values
    out of an integer's range give the GPU's bits on both backends
    (LLVM's fptosi/fptrunc leave them undefined or to the host).

    - float to integer: toward zero, saturating, NaN to 0
      (`cvt.rzi.s32.f32`); from float32 or float64 to an 8- or 16-bit
      integer nvcc converts to 32 bits and keeps the low bits, from a half
      (TIRx's `(short)h`, __half's operators) it saturates to the width,
      except from a float16 to 8 bits, which TIRx prints `(signed
      char)(int)h` and `(uchar)(uint)h`: 32 bits, then the low byte;
    - between floats: `cvt.rn` to a narrower format, `cvt` to a wider one;
      float16 and bfloat16 to anything but float32 go through float32, as
      their C++ conversions do."""
    src = value.dtype
    s = _mlir_type(src)
    halves = ("float16", "bfloat16")
    if dst in _INT_RANGES:
        bits, signed = _INT_RANGES[dst]
        kind = "s" if signed else "u"
        if src == "float16" and bits == 8:
            return cast(_cvt(value, f"{'' if signed else 'u'}int32"), dst)
        if src in halves and bits == 8:
            # A 16-bit register holds the saturated byte (from the
            # bfloat16's exact float32, as ptxas takes .bf16 to .s8 only
            # into a .b8 register).
            value, s = _cvt(value, "float32"), "f32"
            out = _instruction(f"cvt.rzi.{kind}8.{s}",
                               f"{'' if signed else 'u'}int16", value)
            return cast(out, dst)
        if src in halves:
            return _instruction(f"cvt.rzi.{kind}{bits}.{s}", dst, value)
        wide = 64 if bits == 64 else 32
        ftz = ".ftz" if _ftz_conversion(s, "int") else ""
        out = _instruction(f"cvt.rzi{ftz}.{kind}{wide}.{s}",
                           f"{'' if signed else 'u'}int{wide}", value)
        return out if bits == wide else cast(out, dst)
    if src in halves and dst != "float32":
        return _cvt(_cvt(value, "float32"), dst)
    d = _mlir_type(dst)
    narrow = _bits(d) < _bits(s) or dst in halves
    ftz = ".ftz" if _ftz_conversion(s, d) else ""
    return _instruction(f"cvt{'.rn' if narrow else ''}{ftz}.{d}.{s}", dst,
                        value)


def _ftz_conversion(src, dst):
    """Whether nvcc's fast-math build flushes the subnormals of this
    conversion (MLIR type names): one from float32 (but to a half, which
    CUDA's headers convert in inline assembly) or to float32 from float64."""
    if not _fast_math():
        return False
    return (src == "f32" and dst not in ("f16", "bf16")) or \
        (dst == "f32" and src == "f64")


def if_then_else(cond, then, other):
    """`T.if_then_else(c, a, b)`: a where c holds, else b. In a kernel
    only the chosen one is computed (the rewrite passes both as thunks):
    `T.if_then_else(i < n, A[i], 0)` reads A[i] only where i < n."""
    return _tile_select(cond, lambda: then, lambda: other, variable=True)


def Select(cond, then, other):  # noqa: N802 (TIRx's name)
    """`T.Select(c, a, b)`: TIRx's C prints it as `c ? a : b` (lazy; values
    of one dtype, integers narrower than int read as C's int)."""
    return _tile_select(cond, lambda: then, lambda: other)


select = Select  # And its lower-case one.


def _tile_lazy_select(fn, cond, then, other):
    """A call `M.if_then_else(c, a, b)` (or Select, select) as the rewrite
    passes it: `then` and `other` are thunks, computed where chosen if `fn`
    is this module's; any other function gets their values."""
    if fn is if_then_else or fn is Select:
        return _tile_select(cond, then, other, variable=fn is if_then_else)
    return fn(cond, then(), other())


class _Lanes:
    """A vector value (TIRx's float32x4 and the like): one kernel value per
    lane, operated on lane by lane as TIRx's CUDA C++ does (each lane's
    expression is the scalar one). A scalar operand is broadcast."""

    def __init__(self, values):
        self.values = list(values)

    @property
    def dtype(self):
        return _plain(self.values[0]).dtype

    def _lanewise(self, other, fn):
        return _Lanes.apply(fn, (self, other))

    def __neg__(self):
        return _Lanes(-v for v in self.values)

    def __invert__(self):
        return _Lanes(~v for v in self.values)

    def __bool__(self):
        raise TileTypeError(f"{self!r} has no Python truth value: compare "
                            "it lane by lane with T.Select")

    __hash__ = object.__hash__

    @staticmethod
    def apply(fn, args):
        """`fn` lane by lane over `args` (vectors of one lane count; any
        other argument is every lane's)."""
        lanes = dict.fromkeys(len(a.values) for a in args
                              if isinstance(a, _Lanes))
        if len(lanes) != 1:
            counts = " and ".join(map(str, lanes))
            raise TileValueError(f"vectors of {counts} lanes")
        (n,) = lanes
        return _Lanes(fn(*(a.values[i] if isinstance(a, _Lanes) else a
                           for a in args)) for i in range(n))

    def __repr__(self):
        return f"<{len(self.values)} lanes of {self.dtype}>"


for _name, _op in (("add", lambda a, b: a + b), ("sub", lambda a, b: a - b),
                   ("mul", lambda a, b: a * b),
                   ("truediv", lambda a, b: a / b),
                   ("floordiv", lambda a, b: a // b),
                   ("mod", lambda a, b: a % b), ("and", lambda a, b: a & b),
                   ("or", lambda a, b: a | b), ("xor", lambda a, b: a ^ b),
                   ("lshift", lambda a, b: a << b),
                   ("rshift", lambda a, b: a >> b)):
    setattr(_Lanes, f"__{_name}__",
            lambda self, o, _op=_op: self._lanewise(o, _op))
    setattr(_Lanes, f"__r{_name}__",
            lambda self, o, _op=_op: self._lanewise(o, lambda a, b: _op(b, a)))


for _name, _op in (("lt", operator.lt), ("le", operator.le),
                   ("gt", operator.gt), ("ge", operator.ge),
                   ("eq", operator.eq), ("ne", operator.ne)):
    setattr(_Lanes, f"__{_name}__",
            lambda self, o, _op=_op: self._lanewise(o, _op))


class _Ramp(_Lanes):
    """`T.Ramp(base, stride, lanes)`: the indices base + i * stride for
    each lane i < lanes, as the index of a vector access (`A[T.Ramp(...)]`
    reads `lanes` elements, `A[T.Ramp(...)] = v` writes them), or as a
    vector value (`v + T.Ramp(0, 1, 4)`, `T.Ramp(i, 1, 4) < n`)."""

    def __init__(self, base, stride, lanes):  # pylint: disable=W0231
        if not isinstance(lanes, numbers.Integral) or lanes < 1 or \
                not isinstance(stride, numbers.Integral):
            raise TileTypeError(f"T.Ramp(base, stride, lanes) takes an "
                                f"integer stride and lane count, got "
                                f"{stride!r}, {lanes!r}")
        self.base, self.stride, self.lanes = base, int(stride), int(lanes)

    def indices(self):
        return [self.base if i == 0 else self.base + self.stride * i
                for i in range(self.lanes)]

    @property
    def values(self):
        """The lanes as kernel values: int32 where the base is a Python
        integer (TIRx's `int32xN` ramp), else of the base's dtype."""
        return [_const_expr(v, "int32") if isinstance(v, numbers.Integral)
                else v for v in self.indices()]


Ramp = _Ramp


def Shuffle(vectors, indices):  # noqa: N802 - TIRx's name
    """`T.Shuffle([v, ...], [i, ...])`: for each index, that lane of the
    vectors' lanes laid end to end (TIRx's lane permutation and
    concatenation; a scalar counts as one lane)."""
    lanes = []
    for v in vectors:
        lanes += v.values if isinstance(v, _Lanes) else [v]
    picked = []
    for i in indices:
        k = as_int(i, "T.Shuffle index")
        if not 0 <= k < len(lanes):
            raise TileValueError(f"T.Shuffle index {k} is outside the "
                                 f"{len(lanes)} lanes of its vectors")
        picked.append(lanes[k])
    return _Lanes(picked) if len(picked) > 1 else picked[0]


class _LaneStorage(_Lanes):
    """A vector local scalar (`T.local_scalar("float32x4")`, TIRx's
    `float4 v_ptr[1]`): a register tile of one element per lane. Each read
    loads its lanes; `v = x` stores x's lanes (a scalar into every lane)."""

    scalar_storage = True

    def __init__(self, buf):  # pylint: disable=super-init-not-called
        self.buf = buf

    @property
    def values(self):
        return [self.buf[i].load() for i in range(self.buf.shape[0])]

    def store(self, value):
        lanes = self.buf.shape[0]
        values = value.values if isinstance(value, _Lanes) else \
            [value] * lanes
        if len(values) != lanes:
            raise TileValueError(f"{len(values)} lanes stored into a "
                                 f"vector of {lanes}")
        for i, v in enumerate(values):
            self.buf[i] = v

    def __repr__(self):
        return f"<vector local scalar of {self.buf.shape[0]} " \
            f"{self.buf.dtype}>"


def Broadcast(value, lanes):  # noqa: N802 - TIRx's name
    """`T.Broadcast(value, lanes)`: `value` in each of `lanes` lanes."""
    if not isinstance(lanes, numbers.Integral) or lanes < 1:
        raise TileTypeError(f"T.Broadcast takes a lane count, got {lanes!r}")
    return _Lanes([value] * int(lanes))


ramp = Ramp  # TIRx's lower-case names of the vector constructors.
broadcast = Broadcast


def _ramp_keys(key):
    """The per-lane keys of an index with one T.Ramp in it, or None."""
    key = key if isinstance(key, tuple) else (key,)
    ramps = [i for i, k in enumerate(key) if isinstance(k, _Ramp)]
    if not ramps:
        return None
    if len(ramps) > 1:
        raise TileValueError("an index takes one T.Ramp at most")
    i = ramps[0]
    return [key[:i] + (index,) + key[i + 1:]
            for index in key[i].indices()]


def logical_and(*values):
    """`T.logical_and(a, b, ...)`: every condition (each evaluated)."""
    out = values[0]
    for v in values[1:]:
        out = And(out, v)
    return out


def logical_or(*values):
    """`T.logical_or(a, b, ...)`: any condition (each evaluated)."""
    out = values[0]
    for v in values[1:]:
        out = Or(out, v)
    return out


def logical_not(value):
    """`T.logical_not(c)`: the condition negated."""
    return Not(value)


def likely(cond, **_):
    """`T.likely(c)`: c (a hint to TIRx's simplifier; TIRx prints c)."""
    return cond


def assume(cond=None, **_):
    """`T.assume(c)`: nothing is emitted (a fact for TIRx's simplifier)."""
    return None


def static_assert(x, message=""):
    """`T.static_assert(x, message)`: x must hold where the kernel is
    traced."""
    if isinstance(_plain(x), _Expr):
        raise TileTypeError("T.static_assert of a kernel value: it must be "
                            "known where the kernel is traced")
    if not x:
        raise TileError(f"T.static_assert failed: {message}" if message
                        else "T.static_assert failed")


def _scalar(x):
    """`x` as a Python number or a kernel value: a typed constant
    (T.int32(3)) its value, an element or a local scalar as _plain reads
    it."""
    return x.value() if isinstance(x, _TypedScalar) else _plain(x)


def _kernel_values(name, *args):
    """The arguments of T.max & co. as kernel values of one dtype: two are
    typed as TIRx types a binary operation's (_matched)."""
    args = [_scalar(a) for a in args]
    if not any(isinstance(a, _Expr) for a in args):
        raise TileTypeError(f"T.{name} takes kernel values, got "
                            f"{', '.join(map(repr, args))}")
    return _operands(*_matched(*args)) if len(args) == 2 else args


def _truncdiv_py(a, b):
    """C's `/` of two Python integers (toward zero)."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


# The integer builtins of Python numbers, folded as TIRx folds them.
_FOLDS = {
    "floordiv": operator.floordiv, "floormod": operator.mod,
    "ceildiv": lambda a, b: (a + b - 1) // b,
    "truncdiv": _truncdiv_py,
    "truncmod": lambda a, b: a - b * _truncdiv_py(a, b),
    "bitwise_and": operator.and_, "bitwise_or": operator.or_,
    "bitwise_xor": operator.xor, "bitwise_not": operator.invert,
    "shift_left": operator.lshift, "shift_right": operator.rshift,
    "max": max, "min": min, "abs": abs}


def _fold(name, args):
    """Builtin `name` of Python numbers `args`, as TIRx folds it: an
    integer result of integers (a float where max or min has one); a
    division by zero or a shift out of [0, 64) is an error, as C leaves
    it undefined."""
    text = ", ".join(map(repr, args))
    if name not in ("max", "min", "abs") and not all(
            isinstance(a, numbers.Integral) for a in args):
        raise TileTypeError(f"T.{name} takes integers, got {text}")
    if name in ("floordiv", "floormod", "ceildiv", "truncdiv",
                "truncmod") and args[1] == 0:
        raise TileValueError(f"T.{name}({text}): division by zero")
    if name in ("shift_left", "shift_right") and not 0 <= args[1] < 64:
        raise TileValueError(f"T.{name}({text}): the shift is outside "
                             "[0, 64)")
    out = _FOLDS[name](*args)
    if name in ("max", "min") and any(isinstance(a, float) for a in args):
        return float(out)
    return out


def _folding(name):
    """A builtin that, given Python numbers only, gives Python's value (TIRx
    folds `T.ceildiv(100, 32)` to 4); else the kernel operation."""
    def wrap(fn):
        @functools.wraps(fn)
        def folded(*args):
            plain = args
            if all(isinstance(a, numbers.Number) for a in plain):
                return _fold(name, plain)
            if any(isinstance(a, _Lanes) for a in args):
                return _Lanes.apply(folded, args)
            return fn(*args)
        return folded
    return wrap


def _max_min(op, name, a, b):
    """TIRx's T.max/T.min: `(a op b || a != a) ? a : b` for floats (a NaN
    in either gives a NaN; of two zeros, b), `a op b ? a : b` for
    integers, as TIRx prints them and nvcc compiles them."""
    a, b = _kernel_values(name, a, b)
    cond = _binary(op, a, b)
    if _is_float(a.dtype):
        cond = _binary("or", cond, _binary("ne", a, a))
    return _tile_select(cond, lambda: a, lambda: b)


@_folding("max")
def _t_max(a, b):
    """`T.max(a, b)` (named so that the module keeps the builtin max)."""
    return _max_min("gt", "max", a, b)


@_folding("min")
def _t_min(a, b):
    """`T.min(a, b)`."""
    return _max_min("lt", "min", a, b)


@_folding("abs")
def _t_abs(x):
    """`T.abs(x)`: fabsf & co. for floats (the sign bit cleared), `0
    <= x ? x : 0 - x` for signed integers (INT_MIN stays), x for unsigned
    ones, as TIRx prints them."""
    (x,) = _kernel_values("abs", x)
    if _is_float(x.dtype):  # fabsf, fabs, __habs
        return _nvcc_function("fabs", x)
    if not _INT_RANGES[x.dtype][1]:
        return x
    return _tile_select(_binary("le", 0, x), lambda: x,
                        lambda: _binary("sub", 0, x))


def _float_test(name, x):
    (x,) = _kernel_values(name, x)
    if not _is_float(x.dtype):
        raise TileTypeError(f"T.{name} takes a float kernel value, got {x!r}")
    return x


def isnan(x):
    """`T.isnan(x)`: x != x."""
    x = _float_test("isnan", x)
    return _binary("ne", x, x)


def _magnitude_is_infinite(x, how):
    inf = _const_expr(float("inf"), x.dtype)
    ty = _mlir_type(x.dtype)
    mag = _emit(f"math.absf {x.name} : {ty}", ty, x.dtype)
    return _emit(f"arith.cmpf {how}, {mag.name}, {inf.name} : {ty}", "i1",
                 "bool")


def isinf(x):
    """`T.isinf(x)`: |x| is infinite."""
    return _magnitude_is_infinite(_float_test("isinf", x), "oeq")


def isfinite(x):
    """`T.isfinite(x)`: neither infinite nor NaN."""
    return _magnitude_is_infinite(_float_test("isfinite", x), "one")


def _integer_pair(name, a, b):
    a, b = _kernel_values(name, a, b)
    if a.dtype not in _INT_RANGES:
        raise TileTypeError(f"T.{name} takes integer kernel values, got "
                            f"{a!r}")
    return a, b


def Max(a, b):  # noqa: N802 - TIRx's expression node
    """`T.Max(a, b)`: TVM's Max node, as `T.max`."""
    return _t_max(a, b)


def Min(a, b):  # noqa: N802 - TIRx's expression node
    """`T.Min(a, b)`: TVM's Min node, as `T.min`."""
    return _t_min(a, b)


def FloorDiv(a, b):  # noqa: N802 - TIRx's expression node
    """`T.FloorDiv(a, b)`: as `T.floordiv`."""
    return floordiv(a, b)


def FloorMod(a, b):  # noqa: N802 - TIRx's expression node
    """`T.FloorMod(a, b)`: as `T.floormod`."""
    return floormod(a, b)


def Cast(dtype, value):  # noqa: N802 - TIRx's expression node
    """`T.Cast(dtype, x)`: TVM's Cast node (the dtype first), as
    `T.cast(x, dtype)`."""
    return cast(value, dtype)


def _node(op, a, b):
    """A TVM binary expression node: Python's operator `op` on kernel
    values or numbers (a number on the left takes the reflected one)."""
    return getattr(operator, op)(_scalar(a), _scalar(b))


def _node_maker(op):
    def node(a, b):
        return _node(op, a, b)
    node.__name__ = op
    node.__doc__ = f"TVM's expression node: Python's `{op}` of a and b."
    return node


# TVM's expression nodes as TIRx has them (T.Add, T.EQ, ...).
Add, Sub, Mul = (_node_maker(op) for op in ("add", "sub", "mul"))
EQ, NE, LT, LE, GT, GE = (_node_maker(op)
                          for op in ("eq", "ne", "lt", "le", "gt", "ge"))
BitwiseAnd, BitwiseOr, BitwiseXor, LShift, RShift = (
    _node_maker(op) for op in ("and_", "or_", "xor", "lshift", "rshift"))


def BitwiseNot(a):  # noqa: N802 - TIRx's expression node
    """TVM's BitwiseNot: C's `~` of an integer kernel value."""
    return ~_scalar(a)


def IntImm(dtype, value):  # noqa: N802 - TIRx's expression node
    """TVM's IntImm: the integer constant `value` of `dtype`, a typed
    scalar (as T.int32(5))."""
    return _scalar_type(dtype, "T.IntImm", integer=True)(value)


def FloatImm(dtype, value):  # noqa: N802 - TIRx's expression node
    """TVM's FloatImm: the float constant `value` of `dtype` (rounded to
    it from the double, as TIRx's hex literal is), a typed scalar."""
    return _scalar_type(dtype, "T.FloatImm", integer=False)(value)


def _scalar_type(dtype, what, integer):
    """The typed-scalar constructor of `dtype` (T.int32, T.float16, ...)
    for `what`, which takes integer or float dtypes only."""
    ctor = globals().get(dtype) if isinstance(dtype, str) else None
    if ctor is None or (dtype in _INT_RANGES) != integer or \
            (not integer and not _is_float(dtype)):
        raise TileTypeError(f"{what} of dtype {dtype!r}: "
                            f"{'an integer' if integer else 'a float'} "
                            "dtype")
    return ctor


def Div(a, b):  # noqa: N802
    """TVM's Div: C's `/` (an integer one rounds toward zero)."""
    x, y = _scalar(a), _scalar(b)
    dtype = getattr(x, "dtype", None) or getattr(y, "dtype", None)
    if dtype in _INT_RANGES:
        return truncdiv(x, y)
    return _node("truediv", x, y)


def Mod(a, b):  # noqa: N802
    """TVM's Mod: C's `%` (the sign of a)."""
    return truncmod(a, b)


def tensor_store(buffer, indices, value):
    """`T.tensor_store(buf, [i, j], v)`: TVM's BufferStore, as
    `buf[i, j] = v`."""
    if not isinstance(buffer, _views.View):
        raise TileTypeError(f"T.tensor_store stores into a tensor, got "
                            f"{buffer!r}")
    buffer[tuple(indices) if isinstance(indices, (list, tuple))
           else indices] = value


def tensor_load(buffer, indices):
    """`T.tensor_load(buf, [i, j])`: TVM's BufferLoad, as `buf[i, j]`."""
    if not isinstance(buffer, _views.View):
        raise TileTypeError(f"T.tensor_load reads a tensor, got {buffer!r}")
    return buffer[tuple(indices) if isinstance(indices, (list, tuple))
                  else indices]


@_folding("floordiv")
def floordiv(a, b):
    """`T.floordiv(a, b)`: rounded toward negative infinity (as `//`)."""
    return _binary("floordiv", *_integer_pair("floordiv", a, b))


@_folding("floormod")
def floormod(a, b):
    """`T.floormod(a, b)`: the remainder of floordiv (as `%`)."""
    return _binary("mod", *_integer_pair("floormod", a, b))


@_folding("ceildiv")
def ceildiv(a, b):
    """`T.ceildiv(a, b)`: floordiv(a + b - 1, b), TIRx's definition."""
    a, b = _integer_pair("ceildiv", a, b)
    return _binary("floordiv", _binary("sub", _binary("add", a, b), 1), b)


@_folding("truncdiv")
def truncdiv(a, b):
    """`T.truncdiv(a, b)`: C's `/` (toward zero)."""
    return _ptx_division("div", *_integer_pair("truncdiv", a, b))


@_folding("truncmod")
def truncmod(a, b):
    """`T.truncmod(a, b)`: C's `%` (the sign of a)."""
    return _ptx_division("rem", *_integer_pair("truncmod", a, b))


@_folding("bitwise_and")
def bitwise_and(a, b):
    return _binary("and", *_integer_pair("bitwise_and", a, b))


@_folding("bitwise_or")
def bitwise_or(a, b):
    return _binary("or", *_integer_pair("bitwise_or", a, b))


@_folding("bitwise_xor")
def bitwise_xor(a, b):
    return _binary("xor", *_integer_pair("bitwise_xor", a, b))


@_folding("bitwise_not")
def bitwise_not(x):
    (x,) = _kernel_values("bitwise_not", x)
    return ~x


@_folding("shift_left")
def shift_left(a, b):
    return _binary("shl", *_integer_pair("shift_left", a, b))


@_folding("shift_right")
def shift_right(a, b):
    """`T.shift_right(a, b)`: C's `>>` (arithmetic for signed types)."""
    return _binary("shr", *_integer_pair("shift_right", a, b))


def _conditions(*args):
    out = []
    for c in args:
        c = _plain(c)
        out.append(_as_condition(c) if isinstance(c, _Expr) else bool(c))
    return out


def And(a, b):  # noqa: N802 (TIRx's name)
    """`T.And(a, b)`: both conditions (each evaluated)."""
    a, b = _conditions(a, b)
    return _binary("and", a, b) if isinstance(a, _Expr) or isinstance(
        b, _Expr) else a and b


def Or(a, b):  # noqa: N802 (TIRx's name)
    """`T.Or(a, b)`: either condition (each evaluated)."""
    a, b = _conditions(a, b)
    return _binary("or", a, b) if isinstance(a, _Expr) or isinstance(
        b, _Expr) else a or b


def Not(a):  # noqa: N802 (TIRx's name)
    """`T.Not(a)`: the condition negated."""
    (a,) = _conditions(a)
    return _binary("xor", a, True) if isinstance(a, _Expr) else not a


def reinterpret(dtype=None, value=None, *, ty=None):
    """`T.reinterpret(x, ty=dtype)` (TIRx's spelling) or
    `T.reinterpret(dtype, x)`: x's bits as `dtype` (of the same width)."""
    if ty is not None:
        if value is not None:
            raise TileTypeError("T.reinterpret(x, ty=dtype) takes one value")
        dtype, value = ty, dtype
    if not isinstance(dtype, str):
        raise TileTypeError("T.reinterpret: write T.reinterpret(x, "
                            "ty=\"uint32\")")
    if isinstance(value, _Address) and \
            not isinstance(value, _views.SharedWindowAddress):
        if dtype not in ("uint64", "int64"):
            raise TileTypeError(f"T.reinterpret of {value!r}: a pointer is "
                                "64 bits wide (ty=\"uint64\")")
        return _NvccOps.bitcast(_generic_address(value), dtype)
    if isinstance(value, _Lanes) or _vector_dtype(dtype):
        return _reinterpret_lanes(value, dtype)
    (value,) = _kernel_values("reinterpret", value)
    a, b = _mlir_type(value.dtype), _mlir_type(dtype)
    if _bits(a) != _bits(b):
        raise TileTypeError(f"T.reinterpret to {dtype} of {value!r}: the "
                            "widths differ")
    return _NvccOps.bitcast(value, dtype)


def _reinterpret_lanes(value, dtype):
    """T.reinterpret between a vector and a scalar of its width (TIRx's
    `*(uint *)(&h2)`): the lanes packed from the lowest bits up, or a
    scalar's bits unpacked into lanes."""
    if isinstance(value, _Lanes):
        lanes = [_scalar(v) for v in value.values]
        elt = lanes[0].dtype
        width = _bits(_mlir_type(elt))
        if _vector_dtype(dtype) or len(lanes) * width != \
                _bits(_mlir_type(dtype)) or dtype not in _INT_RANGES and \
                not _is_float(dtype):
            raise TileTypeError(f"T.reinterpret of {value!r} to {dtype}: "
                                f"the widths differ ({len(lanes)} x {width} "
                                "bits)")
        word = f"uint{width}"
        packed = None
        for i, v in enumerate(lanes):
            part = cast(reinterpret(v, ty=word) if v.dtype != word else v,
                        f"uint{len(lanes) * width}")
            part = part << (i * width) if i else part
            packed = part if packed is None else packed | part
        return reinterpret(packed, ty=dtype)
    elt, n = _vector_dtype(dtype)
    (value,) = _kernel_values("reinterpret", value)
    width = _bits(_mlir_type(elt))
    total = _bits(_mlir_type(value.dtype))
    if n * width != total:
        raise TileTypeError(f"T.reinterpret to {dtype} of {value!r}: the "
                            f"widths differ ({n} x {width} bits)")
    word = reinterpret(value, ty=f"uint{total}") if \
        value.dtype != f"uint{total}" else value
    out = []
    for i in range(n):
        part = cast(word >> (i * width) if i else word, f"uint{width}")
        out.append(reinterpret(part, ty=elt) if elt != f"uint{width}"
                   else part)
    return _Lanes(out)


def _generic_address(address):
    """The generic address of `address`'s element (C's pointer as a
    uint64): a shared element's window address through cvta.shared (the
    CPU backend gives its host address), a global element's the buffer's
    pointer plus its bytes."""
    view = address.view
    if view.space == "shared":
        window = cast(_views.SharedWindowAddress(view).number(), "uint64")
        return _instruction("cvta.shared.u64", "uint64", window)
    b = _builder()
    name, root_type = view.root.handle(view.dtype)
    ptr, wide = b.fresh("p"), b.fresh("p")
    where = _caller_location()
    b.lines += [
        f"{ptr} = memref.extract_aligned_pointer_as_index {name} : "
        f"{root_type} -> index {where}",
        f"{wide} = arith.index_castui {ptr} : index to i64 {where}"]
    b.values.add((wide, "i64"))
    base = _Expr(wide, "uint64")
    size = _bits(view.type_elt()) // 8
    offset = view.offset
    if isinstance(offset, int):
        return base + offset * size if offset else base
    return base + cast(offset, "uint64") * size


def clz(x):
    """`T.clz(x)`: the leading zero bits of a 32- or 64-bit integer
    (nvcc's __clz and __clzll: clz.b32, clz.b64), an int32."""
    (x,) = _kernel_values("clz", x)
    bits = _INT_RANGES.get(x.dtype, (0,))[0]
    if bits not in (32, 64):
        raise TileTypeError(f"T.clz takes a 32- or 64-bit integer kernel "
                            f"value, got {x!r}")
    return _instruction(f"clz.b{bits}", "int32", x)


def _tile_select(c, then, other, variable=False):
    """`then()` where kernel value `c` holds, else `other()`: an
    arith.select where neither computes anything in the kernel, else an
    scf.if whose regions compute them (only the chosen one runs, as C's
    `?:`: a guarded load reads nothing where its guard fails). The values
    are typed as TIRx's C has them (_select_arms): `variable` for
    T.if_then_else's `condval` variable, else C's `?:`."""
    c = _plain(c)
    if isinstance(c, _Lanes):  # TIRx's vector ?: lane by lane.
        return _Lanes.apply(
            lambda ci, ti, fi: _tile_select(ci, lambda: ti, lambda: fi,
                                            variable),
            (c, then(), other()))
    if not isinstance(c, _Expr):
        return then() if c else other()
    c = _as_condition(c)
    b = _builder()
    # Placeholders, found again by identity (constants are inserted at the
    # function's entry meanwhile).
    head, then_yield, else_yield = object(), object(), object()
    b.lines.append(head)
    t = _scalar(then())
    b.lines += [then_yield, "} else {"]
    f = _scalar(other())
    if b.lines[-3] is head and b.lines[-2] is then_yield:
        del b.lines[-3:]
        t, f, narrow = _select_arms(t, f, variable, lambda fn: fn())
        return _select_result(_select_values(c, t, f), narrow)
    t, f, narrow = _select_arms(t, f, variable,
                                lambda fn: _emitted_before(b, then_yield, fn))
    b.lines += [else_yield, f"}} {_caller_location()}"]
    name = b.fresh("v")
    at = {id(x): i for i, x in enumerate(b.lines) if not isinstance(x, str)}
    b.lines[at[id(head)]] = f"{name} = scf.if {c.name} -> ({t.type}) {{"
    b.lines[at[id(then_yield)]] = f"scf.yield {t.name} : {t.type}"
    b.lines[at[id(else_yield)]] = f"scf.yield {f.name} : {f.type}"
    b.values.add((name, t.type))
    return _select_result(_Expr(name, t.dtype), narrow)


def _emitted_before(b, marker, fn):
    """`fn()`, with the lines it appends moved before `marker` (a
    placeholder in b.lines): the then-region of a select being built."""
    mark = object()
    b.lines.append(mark)
    out = fn()
    at = next(i for i, x in enumerate(b.lines) if x is mark)
    new = b.lines[at + 1:]
    del b.lines[at:]
    at = next(i for i, x in enumerate(b.lines) if x is marker)
    b.lines[at:at] = new
    return out


def _select_arms(t, f, variable, in_then):
    """A select's two values (`t` computed in its then-region: `in_then(fn)`
    emits there) as kernel values of one dtype, and the integer dtype
    narrower than int it keeps, or None. T.if_then_else (`variable`) types
    them as a binary operation's operands (TVM's BinaryOpMatchTypes,
    _matched: `if_then_else(c, H, 0.5)` of a float16 is a float32) and
    stores the chosen one in a variable of that dtype (truncated). C's
    `?:` (T.Select, T.abs, T.max, T.min) reads integers narrower than int
    as their promoted values (`T.abs` of an int8 -128 is 128 where an int
    reads it)."""
    if variable and isinstance(t, _Expr) != isinstance(f, _Expr) or \
            variable and isinstance(t, _Expr) and t.dtype != f.dtype:
        dtype = _promotion(*(x.dtype if isinstance(x, _Expr)
                             else _literal_dtype(x) for x in (t, f)))
        t = in_then(lambda: _arm(t, dtype))
        f = _arm(f, dtype)
    # Only constants (hoisted to the entry) are made here.
    t, f = in_then(lambda: _select_operands(t, f))
    if variable or not _narrow_int(t):
        return t, f, None
    return in_then(lambda: _promoted(t)), _promoted(f), t.dtype


def _arm(x, dtype):
    """A select's value as `dtype` (a kernel value converted as C does, a
    Python number as TIRx's literal of it)."""
    if isinstance(x, _Expr):
        return _converted(x, dtype)
    return _const_expr(_tirx_literal(x, dtype), dtype)


def _select_result(out, narrow):
    """A select's result: of dtype `narrow` (truncated) keeping C's int
    value where its values were promoted, else as it is."""
    return out if narrow is None else _narrowed(out, narrow)


def _select_operands(t, f):
    """A select's two values as kernel values of one dtype (two Python
    numbers: TVM's convert, int32, int64 past its range, float32 where
    either is a float)."""
    if isinstance(t, numbers.Number) and isinstance(f, numbers.Number):
        dtype = "bool" if isinstance(t, bool) and isinstance(f, bool) \
            else "float32" if isinstance(t, float) or isinstance(f, float) \
            else "int32" if all(-2**31 <= x < 2**31 for x in (t, f)) \
            else "int64"
        t = _const_expr(t, dtype)
    return _operands(t, f)


def _select_values(c, t, f):
    t, f = _select_operands(t, f)
    return _emit(f"arith.select {c.name}, {t.name}, {f.name} : {t.type}",
                 t.type, t.dtype)


_REWRITE_HELPERS = {"__tile_cond__": _tile_cond,
                    "__tile_is_python__": _tile_is_python,
                    "__tile_then__": _tile_then, "__tile_else__": _tile_else,
                    "__tile_and__": _tile_and,
                    "__tile_or__": _tile_or, "__tile_not__": _tile_not,
                    # `a if c else b`: TIRx's if_then_else.
                    "__tile_select__": functools.partial(_tile_select,
                                                         variable=True),
                    "__tile_lazy_select__": _tile_lazy_select,
                    "__tile_merge__": _Merge, "__tile_read__": _tile_read,
                    "__tile_copy__": _tile_copy,
                    "__tile_bind__": _tile_bind,
                    "__tile_declares__": _tile_declares,
                    "__tile_declare__": _tile_declare,
                    "__tile_augment__": _tile_augment,
                    "__tile_range__": _tile_range,
                    "__tile_for__": _KernelLoop,
                    "__tile_grid_axis__": _grid_axis,
                    "__tile_while__": _tile_while,
                    "__tile_stop__": _tile_stop}


def _thread_index(key, lines, role=None):
    """A thread or block index as an int32 kernel value: `lines` (MLIR
    computing `%{out}` of type index from the gpu dialect's ids) hoisted to
    the kernel's entry once."""
    b = _builder()
    if key not in b.ids:
        name = b.fresh("id")
        body = [line.format(out=name, t=name + "_") for line in lines]
        body.append(f"{name} = arith.index_cast {name}_ : index to i32")
        b.lines[0:0] = body
        b.values.add((name, "i32"))
        b.ids[key] = name
    return _Expr(b.ids[key], "int32", role=role)


def _needs_cluster(what):
    """TIRx's rule: the cluster ids need a launch with `cluster`."""
    launch = _builder().launch
    if launch is None or launch.cluster is None:
        raise TileValueError(f"T.cuda.{what} requires an explicit launch "
                             "cluster (T.cuda.LaunchConfig(..., "
                             "cluster=...))")


def _special_register(name, bits, ty):
    """Special register `name` read as a `bits`-bit kernel value of dtype
    `ty` (uint32 or uint64 by default), through the NVVM op the table's
    record names."""
    reg = instr_table.special_register(name)
    if reg is None:
        raise TileValueError(
            f"special register {name!r} is not in the table (it has "
            f"{', '.join(instr_table.special_registers())})")
    if bits != reg["bits"]:
        raise TileValueError(f"special register {name} has {reg['bits']} "
                             f"bits, not {bits}")
    ty = ty or f"uint{bits}"
    if ty not in (f"uint{bits}", f"int{bits}"):
        raise TileTypeError(f"special register {name}: a {bits}-bit integer "
                            f"dtype, got {ty!r}")
    b = _builder()
    out = b.fresh("sreg")
    b.lines.append(f"{out} = {reg['nvvm']} : i{bits} {_caller_location()}")
    b.values.add((out, f"i{bits}"))
    return _Expr(out, ty)


def _dim(dim):
    if dim not in ("x", "y", "z"):
        raise TileValueError(f"dimension {dim!r} is not 'x', 'y' or 'z'")
    return dim


_LINEAR = ["{t}x = gpu.thread_id x", "{t}y = gpu.thread_id y",
           "{t}z = gpu.thread_id z", "{t}bx = gpu.block_dim x",
           "{t}by = gpu.block_dim y",
           "{t}yz = arith.muli {t}z, {t}by : index",
           "{t}yy = arith.addi {t}yz, {t}y : index",
           "{t}yx = arith.muli {t}yy, {t}bx : index",
           "{t} = arith.addi {t}yx, {t}x : index"]


def _linear_then(op, divisor, modulus=None):
    """Lines for the linear thread id `op` ("div" or "rem") `divisor`, then
    modulo `modulus`."""
    lines = [line.replace("{t}", "{t}l") for line in _LINEAR]
    lines.append(f"{{t}}d = arith.constant {divisor} : index")
    if modulus is None:
        lines.append(f"{{t}} = arith.{op}ui {{t}}l, {{t}}d : index")
        return lines
    lines.append(f"{{t}}q = arith.{op}ui {{t}}l, {{t}}d : index")
    lines.append(f"{{t}}m = arith.constant {modulus} : index")
    lines.append("{t} = arith.remui {t}q, {t}m : index")
    return lines


class _CudaIds:
    """`T.cuda.lane_id()`, `warp_id()`, `thread_idx("x")`, ...: the
    executing thread's indices as int32 kernel values; `cta_sync()` and
    `warp_sync()`."""

    @staticmethod
    def cta_sync():
        """__syncthreads(): every thread of the block waits here."""
        b = _builder()
        b.lines.append(f"gpu.barrier {_caller_location()}")

    @staticmethod
    def grid_sync():
        """cooperative_groups' `this_grid().sync()`: every thread of every
        block of the launch waits here (tile.grid_sync, nvcc's code). The
        kernel's launch must be cooperative
        (`T.cuda.LaunchConfig(..., cooperative=True)`); the GPU's code
        traps otherwise, so a kernel without it is an error here."""
        b = _builder()
        if b.launch is None or not b.launch.cooperative:
            raise TileError("T.cuda.grid_sync() needs a cooperative launch "
                            "(all blocks resident at once): "
                            "T.cuda.LaunchConfig(..., cooperative=True) in "
                            "T.device_entry (launched otherwise, its code "
                            "traps)")
        b.grid_sync = True
        b.lines.append(f"tile.grid_sync {_caller_location()}")

    @staticmethod
    def syncthreads_and(predicate):
        """`__syncthreads_and(predicate)`: the block's threads meet
        (bar.red.and.pred, barrier 0); 1 where every thread's predicate is
        nonzero, an int32."""
        return _bar_red(("and", "pred"), predicate)

    @staticmethod
    def syncthreads_or(predicate):
        """`__syncthreads_or(predicate)`: 1 where any thread's predicate is
        nonzero (bar.red.or.pred)."""
        return _bar_red(("or", "pred"), predicate)

    @staticmethod
    def syncthreads_count(predicate):
        """`__syncthreads_count(predicate)`: how many threads' predicates
        are nonzero (bar.red.popc.u32), an int32."""
        return _bar_red(("popc", "u32"), predicate)

    @staticmethod
    def warp_sync(mask=0xFFFFFFFF):
        """__syncwarp(mask): `bar.warp.sync` over the lanes of `mask`."""
        m = mask if isinstance(mask, _Expr) else uint32(mask)
        _Tile.apply(ptx["bar.warp.sync"], m)

    @staticmethod
    def lane_id():
        return _thread_index("lane", ["{t} = gpu.lane_id"], "lane")

    @staticmethod
    def thread_idx(dim="x"):
        return _thread_index(f"tid{dim}",
                             [f"{{t}} = gpu.thread_id {_dim(dim)}"],
                             "tid" if dim == "x" else None)

    @staticmethod
    def block_idx(dim="x"):
        return _thread_index(f"bid{dim}", [f"{{t}} = gpu.block_id {_dim(dim)}"])

    @staticmethod
    def cluster_cta_id(dim="x"):
        """The CTA's id in its cluster (%cluster_ctaid), an int32; needs a
        launch with `cluster` (as TIRx)."""
        _needs_cluster("cluster_cta_id")
        return _thread_index(f"cbid{dim}",
                             [f"{{t}} = gpu.cluster_block_id {_dim(dim)}"])

    @staticmethod
    def cluster_id(dim="x"):
        """The cluster's id in the grid (%clusterid), an int32."""
        _needs_cluster("cluster_id")
        return _thread_index(f"cid{dim}",
                             [f"{{t}} = gpu.cluster_id {_dim(dim)}"])

    @staticmethod
    def cluster_dim(dim="x"):
        """The cluster's extent in CTAs (%cluster_nctaid), an int32."""
        _needs_cluster("cluster_dim")
        return _thread_index(f"cdim{dim}",
                             [f"{{t}} = gpu.cluster_dim_blocks {_dim(dim)}"])

    @staticmethod
    def cta_pair_id():
        """TIRx's `T.cuda.cta_pair_id()`: the CTA's linear rank in its
        cluster (x fastest) modulo 2, an int32."""
        _needs_cluster("cta_pair_id")
        c = [_CudaIds.cluster_cta_id(d) for d in "xyz"]
        n = [_CudaIds.cluster_dim(d) for d in "xy"]
        return (c[0] + n[0] * (c[1] + n[1] * c[2])) & 1

    @staticmethod
    def cluster_sync():
        """TIRx's `T.cuda.cluster_sync()`: every thread of the cluster
        meets (barrier.cluster.arrive.aligned, then .wait.aligned)."""
        _PtxChain(("barrier", "cluster", "arrive", "aligned"))()
        _PtxChain(("barrier", "cluster", "wait", "aligned"))()

    @staticmethod
    def block_dim(dim="x"):
        return _thread_index(f"bdim{dim}",
                             [f"{{t}} = gpu.block_dim {_dim(dim)}"])

    @staticmethod
    def grid_dim(dim="x"):
        return _thread_index(f"gdim{dim}", [f"{{t}} = gpu.grid_dim {_dim(dim)}"])

    @staticmethod
    def linear_thread_id():
        return _thread_index("linear", _LINEAR)

    # cooperative_groups' `this_thread_block().thread_rank()`: the linear
    # thread id in the block.
    thread_rank = linear_thread_id

    @staticmethod
    def mov_sreg(bits, reg_name, *, ty=None):
        """TIRx's `T.cuda.mov_sreg(bits, "lanemask_lt")`: special register
        `reg_name` read with `mov.u{bits}` (the table's SpecialReg records:
        its NVVM op), an int32 or int64 as TIRx's (or `ty`). TIRx's spelling has no
        `%` (it writes `%{reg}`); with one it is the same register."""
        if isinstance(reg_name, str) and not reg_name.startswith("%"):
            reg_name = "%" + reg_name
        return _special_register(reg_name, bits, ty or f"int{bits}")

    @staticmethod
    def clock64():
        """CUDA's `clock64()`: %clock64, an int64. On the CPU backend a
        counter that grows at each read."""
        return _special_register("%clock64", 64, "int64")

    @staticmethod
    def nano_sleep(time):
        """CUDA's `__nanosleep(time)`: `nanosleep.u32` (the time converted
        to unsigned int, as C converts TIRx's uint64 argument). Nothing on
        the CPU backend."""
        (t,) = _kernel_values("cuda.nano_sleep", time)
        if not t.dtype.startswith(("int", "uint")):
            raise TileTypeError(f"T.cuda.nano_sleep of {t!r}: an integer")
        _PtxChain(("nanosleep", "u32"))(cast(t, "uint32"))

    @staticmethod
    def warp_id():
        return _thread_index("warp", _linear_then("div", 32), "warp")

    @staticmethod
    def warp_in_warpgroup():
        return _thread_index("wig", _linear_then("div", 32, 4), "wig")

    @staticmethod
    def warpgroup_id():
        return _thread_index("wg", _linear_then("div", 128))

    @staticmethod
    def thread_in_warpgroup():
        return _thread_index("tig", _linear_then("rem", 128))


def _builder():
    if _CURRENT.builder is None:
        raise TileError("T.* statements are only valid inside a @T.function")
    return _CURRENT.builder


class _TypedScalar:
    """`T.float32(1.5)` & co.: a constant of a dtype, made a value where an
    operation uses it."""

    def __init__(self, literal, elt, dtype=None):
        self.literal, self.elt = literal, elt
        self.dtype = dtype or _ELT_NAMES.get(elt)

    def value(self):
        v = _builder().constant(self.literal, self.elt)
        return _Expr(v.name, self.dtype)


# Arithmetic TIRx's parser folds on float32 and float64 constants.
_FOLDED_FLOAT = {"add": operator.add, "sub": operator.sub,
                 "mul": operator.mul, "truediv": operator.truediv}


def _typed_operator(name):
    """A Python operator of typed constants: the constant's kernel value's
    (`T.int32(2**31 - 1) - 5`); on float32 and float64 constants, IEEE's
    result folded now (_fold_float)."""
    def op(self, *other):
        folded = _fold_float(name.strip("_"), self, *other)
        if folded is not None:
            return folded
        return getattr(self.value(), name)(*other)
    op.__name__ = name
    return op


for _op in ("add", "radd", "sub", "rsub", "mul", "rmul", "floordiv",
            "rfloordiv", "mod", "rmod", "truediv", "rtruediv", "and", "rand",
            "or", "ror", "xor", "rxor", "lshift", "rlshift", "rshift",
            "rrshift", "lt", "le", "gt", "ge", "neg", "invert"):
    setattr(_TypedScalar, f"__{_op}__", _typed_operator(f"__{_op}__"))


_ELT_NAMES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32",
              "f64": "float64"}


def _float_constant(x):
    """(numpy value, elt) of a float32 or float64 typed constant, or of a
    Python number (TIRx's float32 literal: an int or float rounded once to
    float32); None for anything else."""
    import numpy as np
    if isinstance(x, _TypedScalar):
        if x.elt not in ("f32", "f64"):
            return None
        kind = np.float32 if x.elt == "f32" else np.float64
        if x.literal.startswith("0x"):
            bits = int(x.literal, 16)
            words = np.uint32 if x.elt == "f32" else np.uint64
            return words(bits).view(kind), x.elt
        return kind(float(x.literal)), x.elt
    if isinstance(x, bool) or hasattr(x, "dtype"):
        return None
    if isinstance(x, numbers.Integral):  # An int32 (int64): exact.
        return int(x), None
    if isinstance(x, numbers.Real):
        bits, _ = _round_float(x, "f32", "a float32 literal")
        return np.uint32(bits).view(np.float32), "f32"
    return None


def _fold_float(name, a, *rest):
    """`a op b` (`name` add, sub, mul, truediv, or r-reflected; neg of `a`
    alone) of float32/float64 constants as TIRx's parser folds them: in
    IEEE arithmetic of the wider format (rounded to nearest even,
    subnormals kept, no fused multiply-add), a typed constant; None where
    an operand is not such a constant."""
    import numpy as np
    x = _float_constant(a)
    if x is None:
        return None
    if name == "neg" and not rest:
        return _TypedScalar(_float_literal(-x[0], x[1]), x[1])
    reflected = name.startswith("r") and name[1:] in _FOLDED_FLOAT
    base = name[1:] if reflected else name
    if base not in _FOLDED_FLOAT or len(rest) != 1:
        return None
    y = _float_constant(rest[0])
    if y is None or x[1] is None:
        return None
    elt = "f64" if "f64" in (x[1], y[1]) else "f32"
    kind = np.float64 if elt == "f64" else np.float32
    left, right = (kind(y[0]), kind(x[0])) if reflected else \
        (kind(x[0]), kind(y[0]))
    with np.errstate(all="ignore"):
        out = kind(_FOLDED_FLOAT[base](left, right))
    return _TypedScalar(_float_literal(out, elt, overflow=True), elt)


def _fold_cast(value, dtype):
    """T.cast of a float32/float64 constant to float32 or float64, folded
    as TIRx folds it (rounded once, subnormals kept); None otherwise."""
    import numpy as np
    x = _float_constant(value)
    if x is None or x[1] is None or dtype not in ("float32", "float64"):
        return None
    elt = "f32" if dtype == "float32" else "f64"
    kind = np.float32 if elt == "f32" else np.float64
    with np.errstate(all="ignore"):
        out = kind(x[0])
    return _TypedScalar(_float_literal(out, elt, overflow=True), elt)


def _real(value, what):
    """A Python or numpy real number (not a bool, a string or an array) as
    an exact fraction, or as a float for NaN, the infinities and -0.0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or \
            type(value).__name__ == "bool_":
        raise TileTypeError(f"{what} must be a real number, got "
                            f"{type(value).__name__} {value!r}")
    if isinstance(value, numbers.Integral):
        return fractions.Fraction(int(value))
    try:
        f = float(value)
    except (OverflowError, ValueError, TypeError) as e:
        raise TileValueError(f"{what} {_short(value)}: {e}") from None
    if f != f or f in (float("inf"), float("-inf")) or \
            (f == 0 and math.copysign(1.0, f) < 0):
        return f
    return fractions.Fraction(f)


def _round_float(value, elt, what="value", overflow=False):
    """(bits, exact): `value` in format `elt` (f16, bf16, f32, f64), rounded
    once to nearest even from its exact value, and whether that was exact.
    A finite value that rounds past the largest finite number is an error
    (not an infinity), or with `overflow` the infinity IEEE rounding gives;
    NaN keeps its sign and the top bits of its payload, quiet. A numpy
    scalar of the format itself keeps its bits."""
    fmt = instr_table.formats()[elt]
    nbits, ebits, p = fmt["bits"], fmt["exp_bits"], fmt["precision"]
    dtype = getattr(value, "dtype", None)
    if getattr(dtype, "name", None) == _ELT_NAMES[elt] and \
            getattr(dtype, "itemsize", 0) * 8 == nbits and \
            getattr(value, "shape", None) == () and \
            not isinstance(value, (bool, str)):
        import numpy as np
        bits = int(np.asarray(value, dtype=dtype.newbyteorder("=")).view(
            f"u{nbits // 8}"))
        return bits, True
    x = _real(value, what)
    sign_bit = 1 << (nbits - 1)
    exp_all = ((1 << ebits) - 1) << (p - 1)
    if isinstance(x, float):  # NaN, an infinity or -0.0
        d = struct.unpack("<Q", struct.pack("<d", x))[0]
        sign = sign_bit if d >> 63 else 0
        if x == 0:
            return sign, True
        if x == x:
            return sign | exp_all, True
        payload = (d & ((1 << 52) - 1)) >> (53 - p)
        return sign | exp_all | payload | (1 << (p - 2)), True
    sign = sign_bit if x < 0 else 0
    a = abs(x)
    if a == 0:
        return 0, True
    bias = (1 << (ebits - 1)) - 1
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if a < fractions.Fraction(2) ** e:
        e -= 1
    e = max(e, 1 - bias)  # Subnormals share the smallest normal exponent.
    scaled = a / fractions.Fraction(2) ** (e - (p - 1))
    n = scaled.numerator // scaled.denominator
    rest = scaled - n
    half = fractions.Fraction(1, 2)
    if rest > half or (rest == half and n & 1):
        n += 1
    if n >> p:  # Rounded up into the next binade.
        n >>= 1
        e += 1
    if n >> (p - 1):
        field, mantissa = e + bias, n - (1 << (p - 1))
    else:
        field, mantissa = 0, n  # Subnormal.
    if field >= (1 << ebits) - 1 and overflow:
        return sign | exp_all, False
    if field >= (1 << ebits) - 1:
        raise TileValueError(f"{what} {_short(value)} is too large for "
                             f"{elt} (it would round to infinity)")
    return sign | (field << (p - 1)) | mantissa, rest == 0


def _float_literal(v, elt, overflow=False):
    """An MLIR float literal: decimal where the format holds the value
    exactly (MLIR then reads back that very value), else the format's bits
    in hexadecimal (rounded here, once), as for NaN and the infinities
    (`overflow`: see _round_float)."""
    bits, exact = _round_float(v, elt, f"T.{_ELT_NAMES[elt]}", overflow)
    x = _real(v, "value")
    if exact and isinstance(x, fractions.Fraction) and \
            fractions.Fraction(float(x)) == x:
        # MLIR wants a digit and a '.' before any exponent: 1e-08 -> 1.0e-08.
        mantissa, e, exponent = repr(float(x)).partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + e + exponent
    if exact and x == 0:  # -0.0
        return "-0.0"
    nbits = instr_table.formats()[elt]["bits"]
    return f"0x{bits:0{nbits // 4}X}"


def float32(v):
    return _TypedScalar(_float_literal(v, "f32"), "f32")


def float64(v):
    return _TypedScalar(_float_literal(v, "f64"), "f64")


def _half_literal(v, elt):
    """`T.float16(v)` and `T.bfloat16(v)` as TIRx prints them,
    `__float2half_rn(<v as a float32 literal>)`: a Python number rounded
    to float32 first (an error past its range, as TIRx), then to `elt`
    (past its range: the infinity). A numpy scalar keeps its value."""
    if isinstance(v, numbers.Real) and not isinstance(v, bool) and \
            type(v).__module__ == "builtins":
        return _float_literal(_float32_literal(float(v)), elt,
                              overflow=True)
    return _float_literal(v, elt)


def float16(v):
    return _TypedScalar(_half_literal(v, "f16"), "f16")


def bfloat16(v):
    return _TypedScalar(_half_literal(v, "bf16"), "bf16")


def _int_value(v, dtype):
    """`v` as an integer in the range of `dtype`: an error outside it (no
    wrapping) and for anything but a Python or numpy integer."""
    bits, signed = _INT_RANGES[dtype]
    v = as_int(v, f"T.{dtype} value")
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (
        0, (1 << bits) - 1)
    if not lo <= v <= hi:
        raise TileValueError(f"T.{dtype}({v}) is outside [{lo}, {hi}]")
    return v


def int32(v):
    return _TypedScalar(str(_int_value(v, "int32")), "i32", "int32")


def uint32(v):
    return _TypedScalar(str(_int_value(v, "uint32")), "i32", "uint32")


def int64(v):
    return _TypedScalar(str(_int_value(v, "int64")), "i64", "int64")


def uint64(v):
    return _TypedScalar(str(_int_value(v, "uint64")), "i64", "uint64")


def uint16(v):
    return _TypedScalar(str(_int_value(v, "uint16")), "i16", "uint16")


def int16(v):
    return _TypedScalar(str(_int_value(v, "int16")), "i16", "int16")


def _bool(v):
    """`T.bool(True)`: a typed i1 scalar (`T.bool` is also an annotation)."""
    if not isinstance(v, bool) and type(v).__name__ != "bool_":
        raise TileTypeError(f"T.bool takes a bool, got {type(v).__name__}")
    return _TypedScalar("true" if v else "false", "i1", "bool")


def int8(v):
    return _TypedScalar(str(_int_value(v, "int8")), "i8", "int8")


def uint8(v):
    return _TypedScalar(str(_int_value(v, "uint8")), "i8", "uint8")


class _DtypeCtor(str):
    """`T.uint32`: the dtype's name (a string: `T.alloc_local((4,),
    T.uint32)`, `T.cast(x, T.float16)` take it as TIRx does) that is also
    its scalar constructor and TIRx's conversion: `T.uint32(x)` of a kernel
    value (or an element) is `T.cast(x, "uint32")`; of a Python number, a
    constant of the dtype."""

    def __new__(cls, make, dtype):
        self = super().__new__(cls, dtype)
        self._make = make
        self.__doc__ = make.__doc__
        return self

    def __call__(self, v):
        if isinstance(v, (_Expr, _views.View, _TypedScalar)):
            return cast(v, str(self))
        return self._make(v)

    def __repr__(self):
        return f"T.{str(self)}"

    def __reduce__(self):
        return (str, (str(self),))


def _converting(make, dtype):
    """The dtype constructor of `make` (_DtypeCtor)."""
    return _DtypeCtor(make, dtype)


float32 = _converting(float32, "float32")
float64 = _converting(float64, "float64")
float16 = _converting(float16, "float16")
bfloat16 = _converting(bfloat16, "bfloat16")
int8, uint8 = _converting(int8, "int8"), _converting(uint8, "uint8")
int16, uint16 = _converting(int16, "int16"), _converting(uint16, "uint16")
int32, uint32 = _converting(int32, "int32"), _converting(uint32, "uint32")
int64, uint64 = _converting(int64, "int64"), _converting(uint64, "uint64")
_bool = _converting(_bool, "bool")

# TIRx's short dtype names (T.i32 is T.int32).
i8, u8, i16, u16 = int8, uint8, int16, uint16
i32, u32, i64, u64 = int32, uint32, int64, uint64
f16, f32, f64, bf16 = float16, float32, float64, bfloat16


# The scalar constructors double as parameter annotations (`s: T.float32`).
for _f, _dtype in ((float32, "float32"), (float64, "float64"),
                   (float16, "float16"), (bfloat16, "bfloat16"),
                   (int8, "int8"), (uint8, "uint8"), (int16, "int16"),
                   (uint16, "uint16"), (int32, "int32"), (uint32, "uint32"),
                   (int64, "int64"), (uint64, "uint64"), (_bool, "bool")):
    _f._tile_dtype = _dtype
del _f, _dtype


S = _SpecMaker()
R = _views.ReplicaMaker()


def _astype(self, dtype):
    """TVM's `x.astype(dtype)`: `T.cast(x, dtype)`."""
    return cast(self, str(dtype))


# TVM's `x.astype(dtype)` of a kernel value, a constant, a vector or an
# element (`A[i].astype("uint32")`).
for _cls in (_Expr, _TypedScalar, _Lanes, _views.View):
    _cls.astype = _astype
del _cls

# TIRx's dtype names beyond the constructors above: the float8 formats,
# the vector dtypes (`ty=T.float16x2`) and those the front-end does not
# support (refused where they are used, as their strings are).
_TIRX_DTYPE = re.compile(r"(?:u?int(?:8|16|32|64)|b?float(?:16|32|64)|"
                         r"float(?:8_e[0-9]m[0-9]|6_e[0-9]m[0-9]|4_e2m1)"
                         r"[a-z0-9]*)(?:x[0-9]+)?")


def _dtype_object(name):
    """T.<name> for a TIRx dtype `name` (None for any other): its name,
    which is also its constructor. `T.float8_e4m3fn(1.5)` is a float32
    constant converted as __nv_fp8_e4m3's constructor does (what TIRx
    prints); `T.float16x2(v)` is `v` converted in every lane."""
    if not _TIRX_DTYPE.fullmatch(name):
        return None
    vector = _vector_dtype(name)
    if vector:
        elt, lanes = vector
        ctor = globals().get(elt) or _dtype_object(elt)
        return _DtypeCtor(lambda v: Broadcast(ctor(v), lanes), name)
    if name in _FP8:
        return _DtypeCtor(lambda v: cast(float32(v), name), name)
    return _DtypeCtor(lambda v: _mlir_type(name), name)


def __getattr__(name):
    # `T.bool`, `T.max` & co. without shadowing the builtins here.
    shadowing = {"bool": _bool, "max": _t_max, "min": _t_min, "abs": _t_abs}
    if name in shadowing:
        return shadowing[name]
    if name in _nvcc_math.NAMES:
        return functools.partial(_nvcc_function, name)
    dtype = _dtype_object(name)
    if dtype is not None:
        return dtype
    raise AttributeError(f"module 'tirx' has no attribute '{name}'")


class _NvccOps:
    """The kernel operations that _nvcc_math runs nvcc's code with."""

    @staticmethod
    def const(bits, dtype):
        if _is_float(dtype):  # Its bits, as MLIR's hexadecimal literal.
            digits = _bits(_mlir_type(dtype)) // 4
            v = _builder().constant(f"0x{bits:0{digits}X}", _mlir_type(dtype))
            return _Expr(v.name, dtype)
        if dtype == "bool":
            return _const_expr(bool(bits), dtype)
        width, signed = _INT_RANGES[dtype]
        if signed and bits >> (width - 1):
            bits -= 1 << width
        return _const_expr(bits, dtype)

    @staticmethod
    def apply(opcode, dtype, operands, last):
        if last and instr_table.is_contractable_product(opcode):
            # A result that is a product without a rounding modifier: nvcc
            # contracts it with the add that uses it (expf(x) + y is one
            # fma), and so does the front-end with an arith product.
            return _binary("mul", *operands)
        return _instruction(opcode, dtype, *operands)

    @staticmethod
    def select(cond, a, b):
        return _tile_select(cond, lambda: a, lambda: b)

    @staticmethod
    def logic(op, a, b=None):
        if op == "not":
            return _binary("xor", a, True)
        return _binary(op, a, b)

    @staticmethod
    def equals(a, k):
        return _binary("eq", a, _NvccOps.const(k, a.dtype))

    @staticmethod
    def bitcast(value, dtype):
        a, b = _mlir_type(value.dtype), _mlir_type(dtype)
        if a == b:
            return _Expr(value.name, dtype)
        return _emit(f"arith.bitcast {value.name} : {a} to {b}", b, dtype)

    @staticmethod
    def unpack(value, dtype):
        half = _bits(_mlir_type(dtype))
        whole = f"uint{2 * half}"
        if value.dtype != whole:
            value = _NvccOps.bitcast(value, whole)
        lo = _NvccOps.truncate(value, dtype)
        hi = _NvccOps.truncate(_binary("shr", value, half), dtype)
        return lo, hi

    @staticmethod
    def pack(lo, hi, dtype):
        half = _bits(_mlir_type(lo.dtype))
        whole = f"uint{2 * half}"
        wide = [cast(h if h.dtype == f"uint{half}" else
                     _NvccOps.bitcast(h, f"uint{half}"), whole)
                for h in (lo, hi)]
        value = _binary("or", wide[0], _binary("shl", wide[1], half))
        return value if dtype == whole else _NvccOps.bitcast(value, dtype)

    @staticmethod
    def truncate(value, dtype):
        return cast(value, dtype)

    @staticmethod
    def loop(inits, test, step):
        """An scf.while over `inits`: its before region tests the values,
        its after region steps them; returns its results."""
        b, loc = _builder(), _caller_location()
        types = ", ".join(v.type for v in inits)

        def fresh(prefix):
            out = [_Expr(b.fresh(prefix), v.dtype) for v in inits]
            b.values.update((a.name, a.type) for a in out)
            return out
        res, args = b.fresh("loop"), fresh("la")
        count = f":{len(inits)}" if len(inits) > 1 else ""
        head = ", ".join(f"{a.name} = {v.name}" for a, v in zip(args, inits))
        results = f"{res}{count} = " if inits else ""
        b.lines.append(f"{results}scf.while ({head}) : ({types}) -> "
                       f"({types}) {{")
        cond = _as_condition(test(args))
        names = ", ".join(a.name for a in args)
        b.lines.append(f"scf.condition({cond.name})" +
                       (f" {names} : {types}" if inits else ""))
        body = fresh("lb")
        b.lines.append("} do {")
        b.lines.append("^bb0(" + ", ".join(f"{a.name}: {a.type}"
                                           for a in body) + "):")
        nxt = step(body)
        b.lines.append(_yield_line(nxt))
        b.lines.append(f"}} {loc}")
        out = [_Expr(f"{res}#{k}" if count else res, v.dtype)
               for k, v in enumerate(inits)]
        b.values.update((v.name, v.type) for v in out)
        return out


def _nvcc_function(name, *args):
    """`T.sin(x)` and the other functions of _nvcc_math: float32 or float64
    kernel values through the instructions nvcc emits for the CUDA math
    library's function (see _nvcc_math), each issued by the thread on its
    own elements."""
    values = [_scalar(x) for x in args]
    # T.ldexp(x, n): n is C's int (nvcc's code reads a 32-bit integer).
    int_second = name in _nvcc_math.INT_SECOND
    if int_second and len(values) == 2:
        values[1] = _c_int_argument(name, values[1])
    exprs = [x for x in values[:1 if int_second else None]
             if isinstance(x, _Expr)]
    dtype = exprs[0].dtype if exprs else "float32"
    key = _nvcc_math.entry(name, dtype) + ("@fast" if _fast_math() else "")
    if key in _nvcc_math.LEFT_OUT:
        raise TileError(f"T.{name} of {dtype} is not supported: "
                        f"{_nvcc_math.LEFT_OUT[key]}")
    if key not in _nvcc_math.FUNCTIONS:
        have = sorted(k.partition("@")[0].partition(":")[2] or "float32"
                      for k in _nvcc_math.FUNCTIONS
                      if k.partition("@")[0].partition(":")[0] == name and
                      k.endswith("@fast") == key.endswith("@fast"))
        raise TileTypeError(f"T.{name} of {dtype} is not supported: the "
                            "front-end has nvcc's code of the function TIRx "
                            f"prints for {', '.join(have)} kernel values; "
                            f"got {', '.join(map(repr, values))}")
    arity = _nvcc_math.arity(key)
    if len(values) != arity:
        raise TileTypeError(f"T.{name} takes {arity} argument"
                            f"{'s' if arity > 1 else ''}, got {len(values)}")
    elt = _mlir_type(dtype)
    for i, x in enumerate(values):
        if int_second and i == 1:
            continue
        if isinstance(x, numbers.Real) and not isinstance(x, bool):
            values[i] = _NvccOps.const(_round_float(x, elt)[0], dtype)
        elif not isinstance(x, _Expr) or x.dtype != dtype:
            raise TileTypeError(f"T.{name} takes kernel values of one float "
                                f"dtype, got {x!r} beside {dtype}")
    try:
        return _nvcc_math.run(key, values, _NvccOps)
    except _nvcc_math.NvccMathError as e:
        raise TileError(f"T.{name}: {e}") from None


def _nvcc_helper(name, *args):
    """`T.cuda.<name>(...)` of _nvcc_math.HELPERS: the arguments converted
    to the C parameters' dtypes, as C converts a call's arguments (a float2
    is a uint64, a __nv_bfloat162 a uint32, as TIRx passes them), through
    nvcc's code of the intrinsic."""
    key = f"cuda.{name}" + ("@fast" if _fast_math() else "")
    return _nvcc_call(f"T.cuda.{name}", key, args)


def _nvcc_call(label, key, args):
    """Entry `key` of _nvcc_math (one with the C parameters' `dtypes`) on
    `args`, each converted to its parameter's dtype as C converts a call's
    arguments; `label` names the call in errors."""
    dtypes = _nvcc_math.FUNCTIONS[key]["dtypes"][:-1]
    if len(args) != len(dtypes):
        raise TileTypeError(f"{label} takes {len(dtypes)} argument"
                            f"{'s' if len(dtypes) != 1 else ''}, got "
                            f"{len(args)}")
    values = []
    for x, dtype in zip(args, dtypes):
        x = _scalar(x)
        if isinstance(x, numbers.Real) and not isinstance(x, bool):
            x = _const_expr(x, dtype)
        if not isinstance(x, _Expr):
            raise TileTypeError(f"{label} takes kernel values or "
                                f"numbers, got {x!r}")
        values.append(x if x.dtype == dtype else cast(x, dtype))
    try:
        return _nvcc_math.run(key, values, _NvccOps)
    except _nvcc_math.NvccMathError as e:
        raise TileError(f"{label}: {e}") from None


def call_extern(func_name, *args, ty=None, dtype=None):
    """`T.call_extern("__fadd_rz", a, b, ty="float32")`: a CUDA device
    intrinsic by name, as TIRx prints it (`__fadd_rz(a, b)`), through
    nvcc's code of it (_nvcc_math's `extern.<name>` entries: the float
    roundings, conversions, bit reinterpretations and integer intrinsics
    of CUDA's device functions). The result has dtype `ty`, converted as C
    converts the intrinsic's result where it is used."""
    ty = ty if ty is not None else dtype
    if not isinstance(func_name, str):
        raise TileTypeError(f"T.call_extern takes the function's name "
                            f"first, got {func_name!r}")
    key = f"extern.{func_name}" + ("@fast" if _fast_math() else "")
    if key not in _nvcc_math.FUNCTIONS:
        known = sorted({k.split("@")[0][7:] for k in _nvcc_math.FUNCTIONS
                        if k.startswith("extern.")})
        raise TileError(f"T.call_extern('{func_name}'): not supported; the "
                        "front-end runs nvcc's code of these CUDA device "
                        f"intrinsics: {', '.join(known)}")
    result = _nvcc_call(f"T.call_extern('{func_name}')", key, args)
    ty = getattr(ty, "_tile_dtype", ty)
    if ty is None or ty == result.dtype:
        return result
    return cast(result, ty)


call_pure_extern = call_extern  # The same call, marked free of effects.


def _c_int_argument(name, n, which="second"):
    """The int argument of T.ldexp (its `which` argument): an integer kernel
    value converted to int32 as C converts it, or a Python integer as an
    int32 constant."""
    if isinstance(n, _Expr) and n.dtype in _INT_RANGES:
        return n if n.dtype == "int32" else cast(n, "int32")
    if isinstance(n, numbers.Integral) and not isinstance(n, bool):
        return _const_expr(n, "int32")
    raise TileTypeError(f"T.{name} takes an integer as its {which} "
                        f"argument, got {n!r}")


def _nvcc_temporary(dtype):
    """The kernel's one-register tile of `dtype` for the results of nvcc's
    sequences (each is read as soon as it is written), allocated once at
    the start of the kernel, so that every sequence, in any branch, uses
    it and the register budget counts one register."""
    b = _builder()
    temps = b.__dict__.setdefault("nvcc_temporaries", {})
    if dtype not in temps:
        before = len(b.lines)
        temps[dtype] = alloc_local((1,), dtype)
        b.lines.insert(0, b.lines.pop(before))
    return temps[dtype]


class _LaunchConfig:
    """`T.cuda.LaunchConfig(grid=..., block=...)`: each an integer or 1 to 3
    integers (x, y, z), checked here against the CUDA limits (grid x in
    [1, 2^31-1], y and z in [1, 65535]; block x and y in [1, 1024], z in
    [1, 64], at most 1024 threads). `grid` and `block` read back as three
    ints and cannot be reassigned."""

    # TIRx's launch options that tile-mlir does not run yet, and why.
    _UNSUPPORTED = {
        "preferred_cluster": "a preferred cluster shape is not supported "
                             "(the launch uses `cluster`)",
        "programmatic_stream_serialization": "programmatic dependent "
                                             "launch is not supported yet",
        "cluster_scheduling_policy": "a cluster scheduling policy is not "
                                     "supported",
        "priority": "stream priorities are not supported",
        "mem_sync_domain": "memory synchronization domains are not "
                           "supported",
        "mem_sync_domain_map": "memory synchronization domains are not "
                               "supported",
        "access_policy_window": "access policy windows are not supported",
        "preferred_shared_memory_carveout": "a shared memory carveout is "
                                            "not supported",
        "nvlink_util_centric_scheduling": "not supported",
        "portable_cluster_size_mode": "clusters of more than 8 CTAs (the "
                                      "portable size) are not supported",
        "shared_memory_mode": "not supported",
        "programmatic_event": "programmatic events are not supported",
        "launch_completion_event": "launch completion events are not "
                                   "supported",
        "stream": "pass the stream at the call (`kernel(..., stream=s)`)",
    }

    def __init__(self, grid=1, block=1, *, dynamic_smem_bytes=None,
                 cluster=None, cooperative=None, **options):
        self._from_scalars = _grid_from_scalars(grid, block)
        self._grid, self._block, _ = check_launch(
            1 if self._from_scalars else grid, block)
        if self._from_scalars:
            self._grid = None
        if cooperative not in (None, True, False, 0, 1):
            raise TileTypeError("T.cuda.LaunchConfig(cooperative=...) is a "
                                f"bool, got {cooperative!r}")
        self._cooperative = bool(cooperative)
        self._cluster = None if cluster is None else \
            check_cluster(cluster, self._grid or (0, 0, 0))
        for name, value in options.items():
            if name not in self._UNSUPPORTED:
                raise TileTypeError(f"T.cuda.LaunchConfig has no option "
                                    f"'{name}'")
            if value is not None and value is not False:
                raise TileError(f"T.cuda.LaunchConfig({name}=...): "
                                f"{self._UNSUPPORTED[name]}")
        if dynamic_smem_bytes is not None:
            dynamic_smem_bytes = check_launch(1, 1, dynamic_smem_bytes)[2]
        self._dynamic_smem = dynamic_smem_bytes

    @property
    def dynamic_smem_bytes(self):
        """The bytes of dynamic shared memory asked for, or None (as many as
        the kernel's `shared.dyn` buffer takes)."""
        return self._dynamic_smem

    @property
    def grid(self):
        """The grid (x, y, z), or None where the kernel computes it from its
        scalar parameters at each call (`from_scalars`)."""
        return self._grid

    @property
    def from_scalars(self):
        """Whether the grid is computed from the kernel's scalar parameters
        (TIRx's `grid=T.ceildiv(m, 64)` of `m: T.int32`): evaluated on the
        host at each call, from the call's values."""
        return self._from_scalars

    @property
    def block(self):
        return self._block

    @property
    def cluster(self):
        """The CTAs of a cluster (x, y, z), or None: a launch without
        clusters (a cluster of one CTA)."""
        return self._cluster

    @property
    def cooperative(self):
        """Whether the launch is cooperative: all its blocks resident at
        once (cuLaunchKernelEx with CU_LAUNCH_ATTRIBUTE_COOPERATIVE), as
        T.cuda.grid_sync needs."""
        return self._cooperative

    def __repr__(self):
        dyn = "" if self._dynamic_smem is None else \
            f", dynamic_smem_bytes={self._dynamic_smem}"
        cluster = "" if self._cluster is None else \
            f", cluster={self._cluster}"
        coop = ", cooperative=True" if self._cooperative else ""
        grid = "<from scalar parameters>" if self._from_scalars else \
            self._grid
        return (f"LaunchConfig(grid={grid}, block={self._block}"
                f"{cluster}{coop}{dyn})")


def _grid_from_scalars(grid, block):
    """Whether a launch's `grid` is computed from the kernel's scalar
    parameters (a kernel value in it: the host computes it at each call,
    PrimFunc._host_grid). A block must be integers: the trace reads it."""
    parts = block if isinstance(block, (list, tuple)) else (block,)
    if any(isinstance(d, (_Expr, _views.View)) for d in parts):
        raise TileTypeError(
            f"T.cuda.LaunchConfig block {block!r} depends on a kernel value "
            "(a scalar parameter): the block is fixed when the kernel is "
            "traced (its thread guards and attributes read it); only the "
            "grid may follow a scalar parameter")
    parts = grid if isinstance(grid, (list, tuple)) else (grid,)
    if any(isinstance(d, _views.View) for d in parts):
        raise TileTypeError(f"T.cuda.LaunchConfig grid {grid!r}: a tensor "
                            "is not a grid dimension")
    if not any(isinstance(d, _Expr) for d in parts):
        return False
    if getattr(_CURRENT.builder, "probe", False):
        raise TileTypeError(
            f"T.cuda.LaunchConfig grid {grid!r}: computed on the host from "
            "the scalar arguments, it must be integer arithmetic (+ - * // "
            "%, T.ceildiv, T.floordiv, T.min, T.max, ...) of them and "
            "integers, not a kernel value (a thread index, a T.cast)")
    return True


def _active(b, role, scope):
    """The thread range (lo, hi) of `role` ("lane" or "warp") that the
    enclosing branches select, or None: from comparisons of the lane, warp
    (warp in warpgroup for warpgroup scope) or thread index."""
    key = "wig" if role == "warp" and scope == "warpgroup" else role
    rng = {}
    for facts in b.facts:
        if key in facts:
            rng = _merge_facts(rng, {key: facts[key]})
        if "tid" in facts and scope in ("warp", "cta", "warpgroup"):
            conv = _tid_range(facts["tid"], role, b)
            if scope == "warpgroup":
                conv = {"wig" if k == "warp" else k: v for k, v in
                        _tid_in_warpgroup(facts["tid"], role, b,
                                          conv).items()}
            rng = _merge_facts(rng, conv)
    return rng.get(key)


def _tid_in_warpgroup(tid, role, b, conv):
    """A range of threadIdx.x as the range of `role` within each warpgroup
    it selects (conv: the range in the block): in a block of several
    warpgroups, whole warpgroups (`if tx >= 128:`, a producer and a
    consumer warpgroup) narrow nothing within them, and a range inside one
    warpgroup is its warps or lanes there."""
    block = b.launch.block if b.launch else (0,)
    if math.prod(block) <= 128:
        return conv
    lo, hi = tid
    hi = block[0] if hi is None else min(hi, block[0])
    if tuple(block[1:]) == (1, 1) and lo % 128 == 0 and \
            (hi % 128 == 0 or hi == block[0]):
        return {}
    if tuple(block[1:]) == (1, 1) and lo // 128 == (hi - 1) // 128:
        return _tid_range((lo % 128, (hi - 1) % 128 + 1), role, b)
    raise TileError(
        f"a thread_idx guard selecting threads [{lo}, {hi}) around a "
        "warpgroup operation: it selects parts of several warpgroups (guard "
        "whole warpgroups, or warps of one, or on "
        "T.cuda.warp_in_warpgroup())")


def _tid_range(tid, role, b):
    """A range of threadIdx.x as a range of `role`, where the block is 1-D
    and the range is whole warps or inside one warp."""
    lo, hi = tid
    block = b.launch.block if b.launch else None
    b.block_dependent = True
    if block is None or tuple(block[1:]) != (1, 1):
        return {}
    hi = block[0] if hi is None else min(hi, block[0])
    if lo % 32 == 0 and (hi % 32 == 0 or hi == block[0]):
        return {"warp": (lo // 32, -(-hi // 32))} if role == "warp" else {}
    if lo // 32 == (hi - 1) // 32:
        return ({"warp": (lo // 32, lo // 32 + 1)} if role == "warp" else
                {"lane": (lo % 32, (hi - 1) % 32 + 1)})
    return {}


def _full_extent(b, role):
    """The lanes of a warp, or the warps of the block where the launch is
    known (None otherwise)."""
    if role == "lane":
        return 32
    block = b.launch.block if b.launch else None
    b.block_dependent = True
    return -(-math.prod(block) // 32) if block else None


def _group_plan(views, scope, b):
    """Per group axis of `scope`, the thread range [lo, hi) that the
    enclosing branches select and the operands span (TIRx's narrowed
    group), or None for the whole scope. All operands agree: the selected
    extent, or (as TIRx takes a guard it does not bind) the whole scope's."""
    plan = []
    for axis, role in enumerate(_views.SCOPE_ROLES[scope]):
        rng = _active(b, role, scope)
        extents = sorted({v.shape[axis] for v in views if len(v.shape) > axis})
        if not rng or not extents:
            plan.append(None)
            continue
        full = _full_extent(b, role)
        lo = rng[0]
        hi = rng[1] if rng[1] is not None else (
            full if full is not None else lo + extents[-1])
        if extents == [hi - lo]:
            plan.append((lo, hi))
        elif full is not None and extents == [full]:
            plan.append(None)
        else:
            raise TileValueError(
                f"group axis {axis} ({role}) has extent "
                f"{' and '.join(map(str, extents))} in the operands, but the "
                f"enclosing condition selects {hi - lo} {role}s [{lo}, {hi})")
    return plan


def _widen(view, plan, scope):
    """`view` for a tile.apply at `scope` with the group `plan`
    (_group_plan): its leading group axes must be bound to the scope's lanes
    and warps; on a narrowed axis [lo, hi), coordinate g is thread lo + g
    (as in TIRx), which the tile dialect, whose coordinate is the thread
    itself, gets by extending the axis to [0, hi) and moving a memory view
    back by lo rows (the threads below lo do not reach the operation)."""
    roles = _views.SCOPE_ROLES[scope]
    if len(view.shape) < len(roles):
        raise TileValueError(f"an operand of rank {len(view.shape)} at scope "
                             f"{scope}: it needs the group axes {roles}")
    shape, offset = list(view.shape), view.offset
    if view.splits:
        offset = _split_group_offsets(view, roles, plan, scope)
    for axis, role in enumerate(roles):
        d = view.dist[axis]
        if view.space == "reg" and d is not None and d[0] != role:
            raise TileError(f"group axis {axis} of a register operand is "
                            f"bound to the {d[0]}, not the {role} (scope "
                            f"{scope}); permute it")
        lo = plan[axis][0] if plan[axis] else 0
        if d is not None and d[1] != lo:
            raise TileValueError(
                f"group axis {axis}: row 0 of the register operand belongs "
                f"to {role} {d[1]}, but the operation's {role}s start at "
                f"{lo}")
        if lo:
            shape[axis] += lo
            if view.space != "reg":
                offset = _views._add_offset(offset, -lo, view.strides[axis])
    if shape == list(view.shape) and not view.splits:
        return view
    dist = [[d[0], 0] if d else None for d in view.dist]
    return view._with(shape=shape, offset=offset, dist=dist, splits={})


def _split_group_offsets(view, roles, plan, scope):
    """The offset of a memory view whose layout splits group axes over two
    strides: each thread's own, from its lane and warp (the axis keeps
    stride 0, so the tile dialect addresses it through the offset alone)."""
    offset = view.offset
    for axis in sorted(view.splits):
        if axis >= len(roles):
            raise TileError(
                f"axis {axis} of the view splits over two strides and is not "
                f"a group axis of scope {scope}: only the lane and warp axes "
                "may (view a repeat axis as two axes)")
        role = roles[axis]
        coord = cuda.lane_id() if role == "lane" else (
            cuda.warp_in_warpgroup() if scope == "warpgroup"
            else cuda.warp_id())
        lo = plan[axis][0] if plan[axis] else 0
        if lo:
            coord = coord - lo
        offset = offset + _views.split_offset(view.splits[axis], coord)
    return offset


class _Tile:
    @staticmethod
    def ewise(fn, dst, *inputs, scope="thread"):
        """`T.cuda.tile.ewise(f, dst, *inputs, scope=...)`: dst = f(inputs)
        at every register of the executing thread (register tiles of dst's
        shape are read at the same position, scalars everywhere), in
        row-major order of the thread's own coordinates."""
        if not callable(fn):
            raise TileTypeError("T.cuda.tile.ewise takes a function first")
        if scope not in _views.SCOPE_ROLES:
            raise TileError(f"unknown scope '{scope}'")
        if not isinstance(dst, _views.View) or dst.space != "reg":
            raise TileTypeError("the destination of ewise is a register tile")
        own = [n if d is None else 1 for n, d in zip(dst.shape, dst.dist)]
        for src in inputs:
            if isinstance(src, _views.View) and (
                    src.space != "reg" or src.shape != dst.shape or
                    [d is None for d in src.dist] !=
                    [d is None for d in dst.dist]):
                raise TileValueError(
                    f"ewise input {src!r}: the inputs are scalars or register"
                    f" tiles distributed like the destination "
                    f"{dst.shape}")
        for index in itertools.product(*(range(n) for n in own)):
            args = [src[index].load() if isinstance(src, _views.View)
                    else src for src in inputs]
            dst[index] = fn(*args)

    @staticmethod
    def apply(opcode, *operands, scope="thread", pred=None,
              preserve_dst=None, **params):
        """`T.cuda.tile.apply(T.ptx[op], *operands, scope=..., pred=...,
        preserve_dst=...)`: one tile.apply. With a `pred` and no
        `preserve_dst`, a destination that a false predicate can keep is
        kept (preserve_dst): TIRx leaves it undefined on the GPU, where the
        CPU backend keeps it, so a program that reads it would differ."""
        b = _builder()
        if isinstance(opcode, _PtxChain):
            opcode = opcode.opcode()
        if not isinstance(opcode, _Ptx.Opcode):
            raise TileError("the first argument of tile.apply must be "
                            "T.ptx[\"<opcode>\"]")
        if scope not in ("thread", "warp", "warpgroup", "cta", "cluster"):
            raise TileError(f"unknown scope '{scope}' (thread, warp, "
                            "warpgroup, cta, cluster)")
        if scope == "cluster":
            return _cluster_apply(opcode, operands, pred, preserve_dst,
                                  params)
        if ("box" in params or "coords" in params) and \
                _tma.is_tensor_copy(opcode):
            return _tma.apply(opcode, operands, scope, pred, params)
        if params:
            operands = list(operands) + _keyword_operands(opcode,
                                                          len(operands),
                                                          params)
        after, mark = [], _gathered_mark()
        operands = _fragment_operands(opcode, operands, scope, after)
        # ldmatrix's and stmatrix's swizzled rows (_swizzled_rows).
        swizzled = [op for op in operands if isinstance(op, _RowAddresses)]
        if swizzled:
            for each in _per_repeat(swizzled[0], operands, scope, opcode):
                _emit_apply(b, opcode, each, scope, pred, preserve_dst)
        else:
            _emit_apply(b, opcode, operands, scope, pred, preserve_dst)
        for copy_back in after:
            copy_back()
        _gathered_release(mark)


def _typed_examples(v):
    """Typed spellings of the Python number `v`, for an error's hint."""
    if isinstance(v, float):
        return f"T.float32({v!r}), T.float64({v!r}), ..."
    return (f"T.int32({int(v)}), T.uint32({int(v)}), "
            f"T.float32({float(v)}), ...")


def _emit_apply(b, opcode, operands, scope, pred, preserve_dst):
    """The tile.apply of `opcode` over `operands` (views in the dialect's
    form, values and typed scalars)."""
    names, types = [], []
    views = [op for op in operands if isinstance(op, _views.View)]
    plan = _group_plan(views, scope, b)
    operands = [_widen(op, plan, scope) if isinstance(op, _views.View)
                else op for op in operands]
    for i, op in enumerate(operands):
        if isinstance(op, _views.View):
            name, ty = op.materialize()
            names.append(name)
            types.append(ty)
            continue
        if isinstance(op, _TypedScalar):
            op = b.constant(op.literal, op.elt)
            b.values.add((op.name, op.type))
        elif isinstance(op, (int, float, bool)):
            if instr_table.instance_of(opcode) is None:
                # Not a form of the table: the verifier says what is wrong
                # with the opcode itself (a typed operand would not help).
                op = _const_expr(op, "float32" if isinstance(op, float)
                                 else "int32")
            else:
                raise TileError(
                    f"operand #{i} of {opcode} is an untyped Python "
                    f"{type(op).__name__}; write it as a typed scalar of "
                    f"the operand's type ({_typed_examples(op)})")
        if not isinstance(op, _Value):
            raise TileError(f"operand #{i} of {opcode}: expected a tensor,"
                            f" a local tile or a typed scalar, got {op!r}")
        if (op.name, op.type) not in b.values:
            raise TileError(f"operand #{i} of {opcode} is not a value of "
                            "this @T.function (a parameter, a T.alloc_local"
                            " tile or a typed scalar made in it)")
        names.append(op.name)
        types.append(op.type)
    params = _apply_params(b, opcode, pred, preserve_dst)
    # The operands the instruction writes (its 'def' operands in the
    # table): a parameter there is an output.
    defs = _def_positions(opcode.split(".", 1)[0])
    for i, op in enumerate(operands):
        if isinstance(op, (_Value, _views.View)) and op.param and \
                i in defs:
            b.written.add(op.param)
    typed = f" : {', '.join(types)}" if types else ""
    inst = instr_table.instance_of(opcode)
    if inst is not None:
        b.ptx_floor = max(getattr(b, "ptx_floor", 0), inst["ptx"])
        # A form of arch-specific chips only (wgmma, setmaxnreg): the
        # kernel is compiled for one of them.
        arch = instr_table.form_of(opcode).get("arch_chips")
        if arch:
            b.arch_chips = set(arch) & getattr(b, "arch_chips",
                                               set(arch))
    b.lines.append(f'tile.apply "{opcode}" ({", ".join(names)}){params} '
                   f"scope({scope}){typed} {_caller_location()}")


def _apply_params(b, opcode, pred, preserve_dst):
    """The tile.apply's ` pred(...)` and ` preserve_dst` text."""
    params = ""
    if pred is not None:
        if isinstance(pred, bool):
            pred = b.constant("true" if pred else "false", "i1")
        if not isinstance(pred, _Value) or pred.type != "i1" or \
                (pred.name, pred.type) not in b.values:
            raise TileError("pred must be a bool or a boolean kernel value "
                            "(a parameter, a comparison, ...)")
        params += f" pred({pred.name})"
    if preserve_dst is None:
        preserve_dst = pred is not None and \
            instr_table.keeps_destination(opcode)
    if not isinstance(preserve_dst, bool):
        raise TileTypeError("preserve_dst must be True or False")
    if preserve_dst:
        params += " preserve_dst"
    return params


def _cluster_apply(opcode, operands, pred, preserve_dst, params):
    """TIRx's `scope="cluster"`: the operands' first axis is the CTA's rank
    in a 1-D cluster (%cluster_ctaid.x, as TIRx reads it; a register
    tile's is bound to it, `1 @ T.cuda.Axis.cbx`), then the cta scope's
    warp and lane axes. Each CTA applies the operation at cta scope to its
    own slice (a register tile holds its CTA's only: the axis is dropped;
    a memory view moves to the CTA's row). The CTA axis spans the
    cluster."""
    b = _builder()
    cluster = b.launch.cluster if b.launch else None
    if not cluster:
        raise TileError(f"{opcode} at scope cluster: the kernel's launch has "
                        "no clusters (T.cuda.LaunchConfig(cluster=...))")
    if tuple(cluster[1:]) != (1, 1):
        raise TileError(f"{opcode} at scope cluster: the cluster {cluster} is "
                        "not 1-D (the group's CTA axis is %cluster_ctaid.x)")
    cta = cuda.cluster_cta_id("x")
    views = [op for op in operands if isinstance(op, _views.View)]
    if not views:
        raise TileError(f"{opcode} at scope cluster: no tile operand (the "
                        "group's axes are a tile's)")
    extents = sorted({v.shape[0] for v in views if v.shape})
    if len(extents) != 1 or any(not v.shape for v in views):
        raise TileValueError(f"{opcode} at scope cluster: the operands' CTA "
                             f"axes (their first) differ: {extents}")
    if extents[0] != cluster[0]:
        raise TileValueError(f"{opcode} at scope cluster: a CTA axis of "
                             f"{extents[0]} over a cluster of {cluster[0]} "
                             "CTAs (as TIRx, the group is the whole "
                             "cluster)")
    sliced = [_cluster_slice(op, cta, opcode) if isinstance(
        op, _views.View) else op for op in operands]
    return _Tile.apply(opcode, *sliced, scope="cta", pred=pred,
                       preserve_dst=preserve_dst, **params)


def _cluster_slice(view, cta, opcode):
    """`view` without its first (CTA) axis: a register tile's must be bound
    to the cluster's CTAs (and start at rank 0); a memory view moves to the
    CTA's row."""
    d = view.dist[0]
    if view.frag is not None:
        raise TileError(f"{opcode} at scope cluster: {view!r} is in a "
                        "fragment layout (a warp's matrix operand)")
    if view.space == "reg":
        if d is None or d[0] != "cta" or d[1] != 0:
            raise TileError(
                f"{opcode} at scope cluster: the first axis of register "
                f"operand {view!r} is not bound to the cluster's CTAs from "
                "rank 0 (1 @ T.cuda.Axis.cbx)")
        offset = view.offset
    else:
        if 0 in view.splits:
            raise TileError(f"{opcode} at scope cluster: the CTA axis of "
                            f"{view!r} splits over two strides")
        offset = _views._add_offset(view.offset, cta, view.strides[0])
    return view._with(shape=view.shape[1:], strides=view.strides[1:],
                      offset=offset, dist=view.dist[1:],
                      splits={k - 1: v for k, v in view.splits.items()})


# The ISA's matrices of mma.sync (rows, columns) by the table's operand
# names: A is M x K, B is K x N, C and D are M x N.
_MMA_MATRIX = {"a": ("M", "K"), "b": ("K", "N"), "c": ("M", "N"),
               "d": ("M", "N")}


def _tirx_atom(frag, regs, matrix_axis):
    """TIRx's atom of a fragment register operand (its register image):
    per lane and register, the coordinates (matrix, if `matrix_axis`; the
    unpacked dimension; the packed one in registers' units, for
    `per_reg` > 1 elements a register) of the table's map, with the atom's
    extents and which of the fragment's (rows, columns) each axis is."""
    per = frag["per_reg"]
    packed = 1  # Columns, unless a register's elements run down a column.
    if per > 1 and regs[0][0][1][1] != regs[0][0][0][1]:
        packed = 0
    order = (1 - packed, packed)
    sizes = (frag["rows"], frag["cols"])
    extents = tuple(sizes[a] // (per if a == packed else 1) for a in order)
    coords = [[tuple(([first[0]] if matrix_axis else []) +
                     [first[1 + a] // (per if a == packed else 1)
                      for a in order]) for first, _ in lane] for lane in regs]
    if matrix_axis:
        extents = (frag["matrices"],) + extents
    return coords, extents, order


def _fragment_operands(opcode, operands, scope, after):
    """TIRx's register tiles in fragment layouts (the lane inside the atom:
    the register image of mma's and ldmatrix's operands) as the tile
    dialect's fragment operands: lane axis first, then the repeats, then
    the registers in the table's order. Each register's place is read from
    the table's fragment map and the tile's layout, which must give the
    register to its lane (checked for every lane, register and repeat) at
    offsets affine in the repeats and the register index, or else gathered
    into a copy that `after` (a list of callables, run after the
    instruction) writes back."""
    if not any(isinstance(op, _views.View) and op.frag is not None
               for op in operands):
        return operands
    form = instr_table.form_of(opcode)
    descs = form["operands"] if form else []
    if form and len(descs) != len(operands):
        raise TileError(f"{opcode} takes {len(descs)} operands, got "
                        f"{len(operands)}")
    if scope == "thread" or not any(d.get("fragment") for d in descs):
        raise TileError(f"{opcode} at scope {scope}: a tile in a fragment "
                        "layout is an operand of a warp's matrix instruction "
                        "(mma, ldmatrix, stmatrix) at warp, warpgroup or cta "
                        "scope")
    groups = len(_views.SCOPE_ROLES[scope]) - 1
    matrix_op = any(d["kind"] == "memory" and d.get("fragment")
                    for d in descs)
    plans = []
    for op, d in zip(operands, descs):
        if not (isinstance(op, _views.View) and op.frag is not None):
            plans.append(None)
            continue
        frag = d.get("fragment")
        if d["kind"] != "register" or not frag:
            raise TileError(f"operand '{d['name']}' of {opcode} is not a "
                            "register fragment: it takes no fragment layout")
        regs = instr_table.fragment_registers(frag["record"])
        if regs is None:
            raise TileError(f"operand '{d['name']}' of {opcode} "
                            f"{frag.get('unknown', 'has no known layout')}: "
                            "it cannot be laid out over a TIRx view")
        coords, extents, order = _tirx_atom(frag, regs, matrix_op)
        rank = len(op.shape) - groups - len(extents)
        if rank < 0 or tuple(op.shape[len(op.shape) - len(extents):]) != \
                extents:
            raise TileValueError(
                f"operand '{d['name']}' of {opcode}: TIRx's atom is "
                f"{extents}, the tile is {tuple(op.shape)}")
        if matrix_op:
            dims = tuple(f"R{i}" for i in range(rank))
        else:
            names = _MMA_MATRIX[d["name"]]
            dims = tuple(f"B{i}" for i in range(rank - 2)) + tuple(
                names[a] for a in order)
            if rank < 2:
                raise TileValueError(
                    f"operand '{d['name']}' of {opcode}: TIRx's mma tiles "
                    f"have repeat axes {tuple(names[a] for a in order)} "
                    f"before the atom {extents}")
        plans.append((op, d["name"], coords, dims, op.shape[groups:groups +
                                                             rank]))
    joint = {}
    for plan in plans:
        if plan:
            for dim, n in zip(plan[3], plan[4]):
                if joint.setdefault(dim, n) != n:
                    raise TileValueError(f"{opcode}: repeat axis {dim} is "
                                         f"{joint[dim]} in one operand and "
                                         f"{n} in '{plan[1]}'")
    out = []
    for plan, op, d in zip(plans, operands, descs + [{}] * len(operands)):
        if plan:
            op = _fragment_operand(plan, joint, groups, opcode,
                                   d.get("role") != "use", after)
        elif matrix_op and d.get("kind") == "memory" and \
                isinstance(op, _views.View):
            op = _matrix_rows(op, d, groups, list(joint.values()), opcode)
        out.append(op)
    return out


def _matrix_rows(view, desc, groups, repeats, opcode):
    """TIRx's shared operand of ldmatrix/stmatrix, (*group, *repeats,
    matrix, row, word) in 32-bit words, as the dialect's rows of 16-bit
    elements: (*group, lane (stride 0), *repeats, matrix, row, column)."""
    frag = desc["fragment"]
    count, rows = frag["matrices"], frag["rows"]
    bits = _bits(_mlir_type(view.dtype))
    width = frag["cols"] // 2 if bits == 32 else frag["cols"]
    want = tuple(view.shape[:groups]) + tuple(repeats) + (
        count, rows, width)
    if view.space != "shared" or bits not in (16, 32) or \
            tuple(view.shape) != want:
        raise TileValueError(
            f"operand '{desc['name']}' of {opcode}: TIRx's shared operand is "
            f"{want} in 32-bit words, got {view.space} {view.shape} "
            f"{view.dtype}")
    if bits == 32:
        if view.strides[-1] != 1:
            raise TileValueError(f"operand '{desc['name']}' of {opcode}: "
                                 "the words of a row are contiguous")
        half = "uint16" if view.dtype.startswith("u") else "int16"
        root_shape, root_strides = view.root.layout(view.dtype)
        new_shape = tuple(root_shape[:-1]) + (root_shape[-1] * 2,)
        new_strides = tuple(st * 2 for st in root_strides[:-1]) + (1,)
        if not view.root.stored:
            view.root.retype(half, new_shape, new_strides, _views._retyped(
                view.root.declared[3], root_shape, new_shape, root_strides,
                new_strides, _mlir_type(view.dtype), _mlir_type(half)))
        elif view.root.stored[0] != half:
            raise TileError(f"{view.root.name[1:]} is viewed as both "
                            f"{view.root.stored[0]} and {half}")
        view = view._with(dtype=half, shape=view.shape[:-1] + (
            view.shape[-1] * 2,), strides=tuple(
                st * 2 for st in view.strides[:-1]) + (1,),
            offset=_views._add_offset(0, view.offset, 2),
            splits={a: [(e, st * 2) for e, st in run]
                    for a, run in view.splits.items()})
    n = groups
    out = _expand_matrix_axis(view._with(
        shape=view.shape[:n] + (32,) + view.shape[n:],
        strides=view.strides[:n] + (0,) + view.strides[n:],
        dist=view.dist[:n] + [None] + view.dist[n:],
        splits={a if a < n else a + 1: run
                for a, run in view.splits.items()}),
        groups + 1 + len(repeats))
    if out.swizzle is not None:
        out = _RowAddresses(_swizzled_rows(out, bits, frag["cols"], desc,
                                           opcode), len(repeats))
    return out


class _RowAddresses(_views.View):
    """ldmatrix's or stmatrix's swizzled shared operand: each thread's row
    at its own address, issued one instruction per repeat (`repeats`
    axes after the group and lane axes; _per_repeat). A view derived
    from it is a plain View."""

    def __init__(self, view, repeats):
        super().__init__(view.root, view.space, view.dtype, view.shape,
                         view.strides, offset=view.offset, dist=view.dist,
                         param=view.param, frag=view.frag,
                         splits=view.splits, swizzle=view.swizzle)
        self.repeats = repeats


def _swizzled_rows(view, bits, width, desc, opcode):
    """The rows of a swizzled shared view in 16-bit elements: the swizzle
    of its 32-bit words moves the same chunks one bit higher. A row must
    stay in one chunk (chunks of 16 bytes or more, as the swizzles of TMA
    and wgmma are)."""
    swizzle = view.swizzle
    if bits == 32:
        swizzle = _views.ComposeLayout(
            swizzle.per_element + 1, swizzle.swizzle_len, swizzle.atom_len,
            swizzle.tile_layout, swizzle.inner)
    if swizzle.swizzle_len and (1 << swizzle.per_element) < width:
        raise TileValueError(
            f"operand '{desc['name']}' of {opcode}: its swizzle moves chunks "
            f"of {(1 << swizzle.per_element) * 2} bytes, which would split "
            f"a row of {width * 2} bytes")
    return view._with(swizzle=swizzle)


def _per_repeat(memory, operands, scope, opcode):
    """The operands of a matrix instruction whose shared operand is
    swizzled, one list per repeat: each thread's row address is its own
    (the swizzle of its linear offset), not affine in the repeats."""
    groups = len(_views.SCOPE_ROLES[scope]) - 1
    first, count = groups + 1, memory.repeats
    if memory.splits or any(_group_plan([memory], scope, _builder())):
        raise TileError(f"the swizzled shared operand of {opcode}: its group"
                        " axis is one stride over all the scope's warps")
    extents = memory.shape[first:first + count]
    for rep in itertools.product(*(range(n) for n in extents)):
        yield [_lane_row(op, scope, groups, first, rep) if op is memory else
               _repeat_slice(op, first, rep)
               if isinstance(op, _views.View) else op for op in operands]


def _repeat_slice(view, first, rep):
    """`view` (an operand in the dialect's form) at repeat `rep`: its
    repeat axes from `first` of extent 1."""
    axes = range(first, first + len(rep))
    offset = view.offset
    for axis, k in zip(axes, rep):
        offset = _views._add_offset(offset, k, view.strides[axis])
    return view._with(offset=offset, shape=tuple(
        1 if a in axes else n for a, n in enumerate(view.shape)))


def _lane_row(view, scope, groups, first, rep):
    """The swizzled shared operand at repeat `rep`: each thread's row (of
    matrix lane / rows, row lane % rows) at its own swizzled offset, with
    group, lane, matrix and row strides 0."""
    lane = cuda.lane_id()
    offset = _repeat_slice(view, first, rep).offset
    if groups:
        warp = cuda.warp_in_warpgroup() if scope == "warpgroup" \
            else cuda.warp_id()
        offset = _views._add_offset(offset, warp, view.strides[0])
    rows, after = view.shape[-2], first + len(rep)
    matrices = view.shape[after:-2]
    index = (lane // rows) % math.prod(matrices)
    for axis in reversed(range(after, after + len(matrices))):
        n = view.shape[axis]
        offset = _views._add_offset(offset, index % n, view.strides[axis])
        index = index // n
    offset = _views._add_offset(offset, lane % rows, view.strides[-2])
    shape = tuple(1 if first <= a < after else n
                  for a, n in enumerate(view.shape))
    return view._with(offset=view.swizzle.apply(offset), swizzle=None,
                      shape=shape, strides=(0,) * (len(shape) - 1) + (1,))


def _expand_matrix_axis(view, axis):
    """`view` with its matrix axis `axis`, where its layout splits it over
    several strides (a padded tile's matrices 2i + j at rows 8i, columns
    8j), as one axis per stride: the dialect takes several matrix axes."""
    run = view.splits.get(axis)
    if not run:
        return view
    splits = {a if a < axis else a + len(run) - 1: r
              for a, r in view.splits.items() if a != axis}
    return view._with(
        shape=view.shape[:axis] + tuple(e for e, _ in run) +
        view.shape[axis + 1:],
        strides=view.strides[:axis] + tuple(st for _, st in run) +
        view.strides[axis + 1:],
        dist=view.dist[:axis] + [None] * len(run) + view.dist[axis + 1:],
        splits=splits)


def _fragment_operand(plan, joint, groups, opcode, defined, after):
    """One operand of _fragment_operands: (view, name, coords, dims,
    repeats) as the dialect's view over the same registers (or over a
    gathered copy of them; `after` gets the copies back where the
    instruction defines the operand)."""
    view, name, coords, dims, repeats = plan
    offsets = {}
    threads = itertools.product(
        itertools.product(*(range(n) for n in view.shape[:groups])),
        itertools.product(*(range(n) for n in repeats)), enumerate(coords))
    for g, rep, (lane, lane_coords) in threads:
        for reg, atom in enumerate(lane_coords):
            ids, off = view.frag.locate(g + rep + atom)
            want = {"laneid": lane}
            if groups:
                want["wid_in_wg" if "wid_in_wg" in ids else "warpid"] = g[0]
            got = {k: v for k, v in ids.items() if v or k in want}
            if got != want:
                raise TileValueError(
                    f"operand '{name}' of {opcode}: register {reg} of lane "
                    f"{lane} is element {g + rep + atom} of the tile, which "
                    f"its layout gives to {_owner_text(got)}")
            if offsets.setdefault(rep + (reg,), off) != off:
                raise TileValueError(
                    f"operand '{name}' of {opcode}: register {reg} of repeat "
                    f"{rep} is at different places in different threads")
    strides = _affine_strides(offsets, len(repeats) + 1)
    if strides is None:
        # TIRx's register words at any distinct places (one x4.trans
        # loading two N blocks' B fragments into registers 0, 1, 4, 5):
        # the instruction takes a gathered copy, written back if defined.
        view, offsets = _gathered_registers(view, offsets, defined, after)
        strides = _affine_strides(offsets, len(repeats) + 1)
    base = offsets[(0,) * (len(repeats) + 1)]
    by_dim = dict(zip(dims, strides))
    shape = (list(view.shape[:groups]) + [32] + list(joint.values()) +
             [len(coords[0])])
    full = ([0] * (groups + 1) + [by_dim.get(d, 0) for d in joint] +
            [strides[-1]])
    dist = [["warp", 0]] * groups + [["lane", 0]] + [None] * (len(shape) -
                                                             groups - 1)
    return view._with(shape=shape, strides=full, dist=dist, frag=None,
                      offset=_views._add_offset(view.offset, base, 1))


def _owner_text(ids):
    return ", ".join(f"{k} {v}" for k, v in sorted(ids.items())) or \
        "no thread"


def _affine_strides(offsets, rank):
    """The strides of `offsets` ({index tuple: offset}), or None where they
    are not affine in the index."""
    zero = offsets[(0,) * rank]
    strides = []
    for axis in range(rank):
        unit = tuple(1 if a == axis else 0 for a in range(rank))
        strides.append(offsets[unit] - zero if unit in offsets else 0)
    for key, off in offsets.items():
        if zero + sum(k * s for k, s in zip(key, strides)) != off:
            return None
    return strides


def _gathered_registers(view, offsets, defined, after):
    """A fragment operand whose registers are not affine in the repeats and
    the register index: a register tile of the instruction's (_gathered)
    holding them in order (copied in, and copied back by `after` when the
    instruction defines them).
    Returns the tile and its offsets."""
    keys = sorted(offsets)
    temp, _ = _gathered(len(keys), view.dtype, "thread")
    pairs = [(temp[i], _register_at(view, offsets[k]))
             for i, k in enumerate(keys)]
    for mine, theirs in pairs:
        mine[0] = theirs.load()
    if defined:
        after.extend(functools.partial(_copy_back, theirs, mine)
                     for mine, theirs in pairs)
    return temp._with(frag=view.frag), {k: i for i, k in enumerate(keys)}


def _register_at(view, offset):
    """The register `offset` elements into a fragment tile's storage."""
    return view._with(shape=(1,), strides=(1,), dist=[None], frag=None,
                      splits={}, offset=_views._add_offset(view.offset,
                                                           offset, 1))


def _copy_back(dest, src):
    dest[0] = src.load()


# TIRx's keywords whose names differ from the ISA's operand names.
_TIRX_KEYWORDS = {"chunk_bytes": "cp_size"}

# The dtype of a constant passed for an operand of a PTX type.
_PTX_DTYPES = {"u16": "uint16", "s16": "int16", "b16": "uint16",
               "u32": "uint32", "s32": "int32", "b32": "uint32",
               "u64": "uint64", "s64": "int64", "b64": "uint64",
               "pred": "bool", "f32": "float32", "f64": "float64",
               # The half formats' types (the table's: f16, bf16x2, ...) in
               # bit carriers of their width, as TIRx passes them.
               **{name: f"uint{t['bits']}"
                  for name, t in instr_table.types().items()
                  if t.get("format") in ("f16", "bf16")}}


def _keyword(name):
    """An operand name of the table as a keyword: `src-size` -> src_size,
    `dstMem` -> dst_mem."""
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)
    return name.replace("-", "_").lower()


def _keyword_operands(opcode, npos, params):
    """The operands given by keyword (`src_size=...`, `chunk_bytes=16`):
    the trailing operands of the form of `opcode` whose names they are, in
    its order. A Python number becomes a constant of the operand's type."""
    wanted = {_TIRX_KEYWORDS.get(k, k): v for k, v in params.items()}
    seen = []
    for form in instr_table.forms():
        if not any(i["opcode"] == opcode for i in form["instances"]):
            continue
        ops = form.get("operands", [])[npos:]
        keys = [_keyword(o["name"]) for o in ops]
        seen.append(keys)
        if sorted(keys) == sorted(wanted):
            return [_typed_operand(wanted[k], o) for k, o in zip(keys, ops)]
    accepted = "; ".join(", ".join(k) or "(none)" for k in seen) or "none"
    raise TileError(f"{opcode} with {npos} operands takes no keyword "
                    f"operands {sorted(params)} (its trailing operands by "
                    f"name: {accepted})")


def _typed_operand(value, operand):
    """`value` for `operand` (a form's operand): a Python number or bool
    becomes a constant of its type; anything else is passed on."""
    if isinstance(value, (bool, numbers.Number)) and \
            not isinstance(value, _Expr):
        dtype = _PTX_DTYPES.get(operand.get("type", ""), "int32")
        if isinstance(value, bool) and dtype != "bool":
            value = int(value)
        return _const_expr(value, dtype)
    return value


@functools.lru_cache(maxsize=None)
def _def_positions(mnemonic):
    """Operand positions that any form of `mnemonic` writes ('def' role);
    position 0 where the table says nothing."""
    found = {i for form in instr_table.forms()
             if form["mnemonic"] == mnemonic
             for i, o in enumerate(form.get("operands", []))
             if o.get("role") != "use"}
    return found or {0}


def _mlir_string(text):
    """`text` as the inside of an MLIR string literal: printable ASCII as
    is, '"' and '\\' and every other byte (UTF-8) as a \\XX escape."""
    out = []
    for byte in text.encode("utf-8", "surrogateescape"):
        c = chr(byte)
        if 0x20 <= byte < 0x7F and c not in '"\\':
            out.append(c)
        else:
            out.append(f"\\{byte:02X}")
    return "".join(out)


def _caller_location():
    """The MLIR location of the user's line that called into T.*: the first
    frame outside this package, so the verifier's words name that line.
    (The frames are walked, not inspect.stack()'d: that reads every
    frame's source, and a math function's hundreds of operations each ask.)"""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame = sys._getframe(1)
    while frame is not None:
        path = os.path.abspath(frame.f_code.co_filename)
        if not path.startswith(here + os.sep):
            return _location(frame)
        frame = frame.f_back
    return ""


def _location(frame):
    """`loc("file":line:column)` of a frame: the column (from 1) of the
    call's expression where Python knows it (3.11+), else 0."""
    line, col = frame.f_lineno, 0
    positions = getattr(frame.f_code, "co_positions", None)
    if positions is not None and frame.f_lasti >= 0:
        pos = next(itertools.islice(positions(), frame.f_lasti // 2, None),
                   None)
        if pos is not None and pos[2] is not None:
            line, col = pos[0] or line, pos[2] + 1
    return f'loc("{_mlir_string(frame.f_code.co_filename)}":{line}:{col})'


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


# torch's float8 dtypes, which have neither a __cuda_array_interface__
# typestr nor (in every torch) a DLPack code.
_TORCH_FLOAT8 = {"torch.float8_e4m3fn": "float8_e4m3fn",
                 "torch.float8_e5m2": "float8_e5m2"}


def _torch_float8_view(a):
    """(pointer, shape, strides, dtype) of a torch CUDA tensor of a float8
    dtype, through torch's own accessors; None for anything else."""
    name = _TORCH_FLOAT8.get(str(getattr(a, "dtype", "")))
    if name is None or not getattr(a, "is_cuda", False):
        return None
    return a.data_ptr(), tuple(a.shape), list(a.stride()), name


class _CudaWarp:
    """TIRx's CUDA helpers on warps: vote, elect and shuffle reductions,
    each the PTX instruction nvcc emits for TIRx's helper."""

    @staticmethod
    def ballot_sync(mask, pred):
        """`__ballot_sync(mask, pred)`: bit i set where lane i's pred is
        nonzero (vote.sync.ballot.b32), a uint32."""
        d = alloc_local((1,), "uint32")
        _PtxChain(("vote", "sync", "ballot", "b32"))(
            d[0], _PredOf(_warp_int(pred)), _warp_mask(mask))
        return d[0].load()

    @staticmethod
    def any_sync(mask, pred):
        """`__any_sync(mask, pred)`: 1 where any lane's pred is nonzero."""
        return _vote("any", mask, pred)

    @staticmethod
    def all_sync(mask, pred):
        """`__all_sync(mask, pred)`: 1 where every lane's pred is nonzero."""
        return _vote("all", mask, pred)

    @staticmethod
    def fdividef(x, y):
        """CUDA's `__fdividef(x, y)` on float32: the instruction nvcc emits
        for it in the kernel's build (div.approx.f32, .ftz under
        --use_fast_math), from nvcc's recorded code."""
        a, b = _operands(*(_plain(v) for v in _kernel_values(
            "cuda.fdividef", x, y)))
        if a.dtype != "float32":
            raise TileTypeError(f"T.cuda.fdividef takes float32 values, got "
                                f"{a!r}")
        return _instruction(_nvcc_math.operator_opcode("fdividef",
                                                       _fast_math()),
                            "float32", a, b)

    @staticmethod
    def mbarrier_wait(barrier, phase):
        """TIRx's `T.cuda.mbarrier_wait(buf.ptr_to([i]), phase)`: polls
        mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 on the barrier
        (with TIRx's suspend-time hint, 0x989680 ns) until the phase of
        parity `phase` has completed."""
        _poll_mbarrier("mbarrier_wait", barrier, phase, _MBARRIER_WAIT,
                       [uint32(0x989680)])

    @staticmethod
    def mbarrier_wait_acquire_cluster(barrier, phase):
        """TIRx's `T.cuda.mbarrier_wait_acquire_cluster(ptr, phase)`: polls
        mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 (no time
        hint) until the phase of parity `phase` has completed: what the
        cluster's threads wrote before arriving is then visible."""
        _poll_mbarrier("mbarrier_wait_acquire_cluster", barrier, phase,
                       "mbarrier.try_wait.parity.acquire.cluster."
                       "shared::cta.b64", [])

    @staticmethod
    def warpgroup_sync(name_bar_id):
        """TIRx's `T.cuda.warpgroup_sync(id)`: the 128 threads of a
        warpgroup meet at named barrier `id` (`bar.sync id, 128`)."""
        barrier = reinterpret(_c_int_argument("cuda.warpgroup_sync",
                                              _plain(name_bar_id), "first"),
                              ty="uint32")
        _PtxChain(("bar", "sync"))(barrier, uint32(128))

    @staticmethod
    def cvta_generic_to_shared(address):
        """CUDA's `__cvta_generic_to_shared(S.ptr_to([i]))`: the 32-bit
        shared-window address of an element of shared memory, an operand
        of the PTX instructions that take shared memory."""
        if not isinstance(address, _Address) or \
                address.view.space != "shared":
            raise TileTypeError("T.cuda.cvta_generic_to_shared takes the "
                                "address of an element of shared memory "
                                f"(S.ptr_to([i])), got {address!r}")
        return _views.SharedWindowAddress(address.view)

    @staticmethod
    def printf(fmt, *args):
        """TIRx's `T.cuda.printf("x=%d\\n", x)`: CUDA's printf (gpu.printf,
        vprintf on the GPU; the CPU backend prints to stdout), each
        argument promoted as C passes it to a variadic function: 8- to
        32-bit integers and bool to int or unsigned int, float to
        double."""
        if not isinstance(fmt, str):
            raise TileTypeError("T.cuda.printf format must be a string "
                                f"literal, got {fmt!r}")
        values, types = [], []
        for a in args:
            a = _plain(a.value() if isinstance(a, _TypedScalar) else a)
            if isinstance(a, _views.View):
                a = a.load()
            if isinstance(a, numbers.Number):
                # C's literals: int (long long past its range), double.
                a = _const_expr(a, "float64" if isinstance(a, float) else
                                "int32" if -2**31 <= a < 2**31 else "int64")
            if not isinstance(a, _Expr):
                raise TileTypeError(f"T.cuda.printf of {a!r}: a number or "
                                    "a kernel value")
            if a.dtype in ("float16", "bfloat16") or a.dtype in _FP8:
                raise TileTypeError(f"T.cuda.printf of {a!r}: TIRx prints "
                                    "float32, float64 and integers")
            if a.dtype in _INT_RANGES and _INT_RANGES[a.dtype][0] < 32 or \
                    a.dtype == "bool":
                a = cast(a, "uint32" if a.dtype.startswith("uint")
                         else "int32")
            values.append(a.name)
            types.append(a.type)
        line = f'gpu.printf "{_mlir_string(fmt)}"'
        if values:
            line += f", {', '.join(values)} : {', '.join(types)}"
        _builder().lines.append(f"{line} {_caller_location()}")

    @staticmethod
    def thread_fence():
        """CUDA's `__threadfence()`: `membar.gl`, as nvcc emits it."""
        _PtxChain(("membar", "gl"))()

    # TIRx's profiler: each (block, group) writes 64-bit records into a
    # global uint64 buffer, `globaltimer_lo << 32 | block_group << 12 |
    # event << 2 | kind` (kind 0 begin, 1 end, 3 finalize), from slot 1 +
    # block_group on, `stride` slots apart; slot 0 is `num_groups << 32 |
    # num_blocks`. `tag` (uint64) and `offset` (uint32) are one-element
    # local buffers; fences are __threadfence_block (membar.cta). On the
    # CPU backend the times are the host's.
    @staticmethod
    def timer_init(buffer, tag, offset, num_groups, group_id):
        """TIRx's `T.cuda.timer_init(buf.data, tag.data, off.data,
        num_groups, group_id)`."""
        inline(_timer_init)(buffer, tag, offset, num_groups, group_id)

    @staticmethod
    def timer_start(event_type, buffer, tag, offset, stride, leader_cond):
        """The begin record of `event_type`, then a fence."""
        inline(_timer_record)(_timer_bits(event_type, 0), buffer, tag,
                              offset, stride, leader_cond)
        _PtxChain(("membar", "cta"))()

    @staticmethod
    def timer_end(event_type, buffer, tag, offset, stride, leader_cond):
        """A fence, then the end record of `event_type`."""
        _PtxChain(("membar", "cta"))()
        inline(_timer_record)(_timer_bits(event_type, 1), buffer, tag,
                              offset, stride, leader_cond)

    @staticmethod
    def timer_finalize(buffer, tag, offset, stride, leader_cond):
        """A fence, then the finalize record."""
        _PtxChain(("membar", "cta"))()
        inline(_timer_record)(3, buffer, tag, offset, stride, leader_cond)

    @staticmethod
    def ffs_u32(value):
        """CUDA's `__ffs(value)` (TIRx's ffs_u32): 1 + the index of the
        lowest set bit of a 32-bit integer, 0 for 0, an int32."""
        (v,) = _kernel_values("cuda.ffs_u32", value)
        if _bits(v.type) != 32 or not v.dtype.startswith(("int", "uint")):
            raise TileTypeError(f"T.cuda.ffs_u32 of {v!r}: a 32-bit integer")
        u = reinterpret(v, ty="uint32") if v.dtype != "uint32" else v
        low = _binary("and", u, _binary("sub", uint32(0), u))
        below = popcount(_binary("sub", low, uint32(1)))
        out = _tile_select(_binary("eq", u, 0), lambda: uint32(0),
                           lambda: _binary("add", below, uint32(1)))
        return reinterpret(out, ty="int32")

    @staticmethod
    def elect_sync(mask=0xFFFFFFFF):
        """TIRx's elect_one_sync: 1 in one lane of `mask` (elect.sync), 0
        in the others, a uint32."""
        d = alloc_local((1,), "uint32")
        p = alloc_local((1,), "uint32")
        _PtxChain(("elect", "sync"))(d[0], p[0], _warp_mask(mask))
        return p[0].load()

    @staticmethod
    def warp_reduce(value, op, width=32):
        """TIRx's warp_reduce: log2(width) butterfly steps,
        `val = val op __shfl_xor_sync(0xFFFFFFFF, val, mask)` for mask =
        width/2 .. 1 (sum: +, max/min: fmaxf/fminf or the integer max/min,
        max.f32/min.f32 in PTX, .ftz in the fast-math build; fmax/fmin for
        double; TIRx's `__hgt(a, b) ? a : b` for half and bfloat16), over
        a value of 16, 32 or 64 bits."""
        width = _power_of_two(width, "warp_reduce width", 2)
        _check_reduce_op(op, "warp_reduce")
        (val,) = _kernel_values("cuda.warp_reduce", value)
        if val.dtype == "bool":
            raise TileTypeError(f"T.cuda.warp_reduce of {val!r}: a number")
        mask = width >> 1
        while mask:
            # __shfl_xor_sync(0xFFFFFFFF, val, mask): 64-bit values in two
            # halves, narrower ones widened (see _shfl).
            other = _shfl("bfly", 0xFFFFFFFF, val, mask, 32)
            if op == "sum":
                val = _binary("add", val, other)
            elif val.dtype in ("float16", "bfloat16"):
                # TIRx's header: max(half a, half b) is `__hgt(a, b) ? a :
                # b` (min: __hlt), so a NaN in b wins and of two zeros b.
                cmp = _binary("gt" if op == "max" else "lt", val, other)
                val = _tile_select(cmp, lambda v=val: v, lambda o=other: o)
            elif _narrow_int(val):  # CUDA's max(int, int) of the
                # promoted values, stored back as T.
                wide = _instruction(f"{op}.s32", "int32", _promoted(val),
                                    _promoted(other))
                val = cast(wide, val.dtype)
            else:  # fmaxf/fminf: .ftz in the fast-math build.
                ftz = ".ftz" if _fast_f32(val.dtype) else ""
                val = _instruction(f"{op}{ftz}.{_ptx_type(val.dtype)}",
                                   val.dtype, val, other)
            mask >>= 1
        return val

    @classmethod
    def warp_sum(cls, value, width=32):
        return cls.warp_reduce(value, "sum", width)

    @classmethod
    def warp_max(cls, value, width=32):
        return cls.warp_reduce(value, "max", width)

    @classmethod
    def warp_min(cls, value, width=32):
        return cls.warp_reduce(value, "min", width)

    @classmethod
    def cta_reduce(cls, value, op, num_warps, scratch):
        """TIRx's cta_reduce: a warp_reduce in every warp, lane 0 of each
        writes its partial to `scratch[warp]` (shared memory of at least
        `num_warps` elements), a barrier, warp 0 reduces the partials
        (lanes past `num_warps` take the identity: 0, -INFINITY for max,
        INFINITY for min) and writes scratch[0], a barrier, and every
        thread reads scratch[0]. For integers, max and min convert the
        partials to float and back, as the C ternary with INFINITY that
        TIRx prints does (exact below 2^24)."""
        nw = _power_of_two(num_warps, "cta_reduce num_warps", 1)
        _check_reduce_op(op, "cta_reduce")
        if not isinstance(scratch, _views.View) or scratch.space != \
                "shared" or len(scratch.shape) != 1 or scratch.shape[0] < nw:
            raise TileTypeError("cta_reduce scratch: a shared buffer of at "
                                f"least {nw} elements (T.alloc_shared(...)"
                                ".data)")
        (val,) = _kernel_values("cuda.cta_reduce", value)
        if scratch.dtype != val.dtype:
            raise TileTypeError(f"cta_reduce of a {val.dtype} value over a "
                                f"{scratch.dtype} scratch buffer")
        val = cls.warp_reduce(val, op, 32)
        return inline(_cta_reduce_rest)(val, op, nw, scratch)

    @classmethod
    def cta_sum(cls, value, num_warps, scratch):
        return cls.cta_reduce(value, "sum", num_warps, scratch)

    @classmethod
    def cta_max(cls, value, num_warps, scratch):
        return cls.cta_reduce(value, "max", num_warps, scratch)

    @classmethod
    def cta_min(cls, value, num_warps, scratch):
        return cls.cta_reduce(value, "min", num_warps, scratch)

    @staticmethod
    def reduce_add_sync_u32(mask, value):
        """`__reduce_add_sync(mask, value)` (redux.sync.add.u32)."""
        return _redux("add", mask, value)

    @staticmethod
    def reduce_min_sync_u32(mask, value):
        """`__reduce_min_sync(mask, value)` (redux.sync.min.u32)."""
        return _redux("min", mask, value)

    @staticmethod
    def atomic_add(address, value):
        """CUDA's `atomicAdd(address, value)` (TIRx's T.cuda.atomic_add):
        atom.add on the element at `address` (T.address_of(A[i])) of one
        of CUDA's overloads (int32, uint32, uint64, float32, float64,
        float16 and bfloat16: `.noftz`), the old value returned."""
        return _atomic("atomic_add", address, "add", {
            d: _ptx_type(d) for d in ("int32", "uint32", "uint64", "float32",
                                      "float64", "float16", "bfloat16")},
                       value)

    @staticmethod
    def atomic_cas(address, compare, value):
        """CUDA's `atomicCAS(address, compare, value)` (TIRx's
        T.cuda.atomic_cas): atom.cas on an int32, uint32, uint64 or uint16
        element; the old value."""
        return _atomic("atomic_cas", address, "cas", {
            "int32": "b32", "uint32": "b32", "uint64": "b64",
            "uint16": "b16"}, compare, value)

    @staticmethod
    def float_as_uint(x):
        return reinterpret(x, ty="uint32")

    @staticmethod
    def uint_as_float(x):
        return reinterpret(x, ty="float32")

    @staticmethod
    def float22half2(dst, src):
        """`*(half2 *)dst = __float22half2_rn(*(float2 *)src)`: the two
        float32 at `src` (a tensor's .data) rounded to nearest into two
        float16 at `dst`."""
        _convert_elements(dst, src, 2, "float22half2")

    @staticmethod
    def float8tohalf8(src, dst):
        """TIRx's float8tohalf8: the eight float32 at `src` rounded to
        nearest (__float22half2_rn) into eight float16 at `dst`."""
        _convert_elements(dst, src, 8, "float8tohalf8")

    @staticmethod
    def half8tofloat8(src, dst):
        """TIRx's half8tofloat8: the eight float16 at `src` into eight
        float32 at `dst` (__half22float2: exact)."""
        _convert_elements(dst, src, 8, "half8tofloat8")

    @staticmethod
    def fp8x4_e4m3_from_float4(x, y, z, w):
        """`__nv_fp8x4_e4m3(make_float4(x, y, z, w))` as a uint32: each
        float32 as an e4m3 byte (round to nearest even, saturating to the
        largest finite value), x in the lowest byte."""
        word = None
        for i, v in enumerate(_kernel_values("cuda.fp8x4_e4m3_from_float4",
                                             x, y, z, w)):
            byte = cast(reinterpret(cast(_plain(v), "float8_e4m3fn"),
                                    ty="uint8"), "uint32")
            byte = byte if i == 0 else byte << uint32(8 * i)
            word = byte if word is None else word | byte
        return word

    @staticmethod
    def half2float(x):
        return cast(x, "float32")

    bfloat162float = half2float


_ELEMENT_CONVERSIONS = {"float22half2": ("float32", "float16"),
                        "float8tohalf8": ("float32", "float16"),
                        "half8tofloat8": ("float16", "float32")}


def _convert_elements(dst, src, n, helper):
    """TIRx's pointer-style conversion helpers: the first `n` elements of
    `src` (a tensor's .data, of the helper's source dtype) converted as C's
    cast does into the first `n` of `dst`."""
    types = _ELEMENT_CONVERSIONS[helper]
    for view, dtype, role in ((src, types[0], "source"),
                              (dst, types[1], "destination")):
        if not isinstance(view, _views.View) or view.dtype != dtype:
            raise TileTypeError(f"T.cuda.{helper}'s {role} must be the .data "
                                f"of a {dtype} tensor, got {view!r}")
    src_flat = decl_tensor(src, ty_args=[Tensor((n,), types[0])])
    dst_flat = decl_tensor(dst, ty_args=[Tensor((n,), types[1])])
    for i in range(n):
        dst_flat[i] = cast(src_flat[i], types[1])


def _bar_red(op, predicate):
    """bar.red.<op> at barrier 0 over `predicate` (nonzero: true), as nvcc
    compiles CUDA's __syncthreads_and/or/count; the result as an int32."""
    d = alloc_local((1,), "int32" if op[1] == "pred" else "uint32")
    _PtxChain(("bar", "red") + op)(d[0], uint32(0),
                                   _PredOf(_warp_int(predicate)))
    value = d[0].load()
    return value if op[1] == "pred" else reinterpret(value, ty="int32")


def _warp_int(pred):
    """A vote's predicate argument as a kernel value (nonzero: true)."""
    v = _plain(pred)
    return v.value() if isinstance(v, _TypedScalar) else v


def _warp_mask(mask):
    m = _plain(mask)
    if isinstance(m, _Expr):
        return m
    return m if isinstance(m, _TypedScalar) else uint32(m)


def _vote(kind, mask, pred):
    d = alloc_local((1,), "int32")
    _PtxChain(("vote", "sync", kind, "pred"))(
        d[0], _PredOf(_warp_int(pred)), _warp_mask(mask))
    return d[0].load()


def _power_of_two(n, what, lo):
    """`n` (a Python integer) checked to be a power of two in [lo, 32]."""
    n = as_int(n, what)
    if n < lo or n > 32 or n & (n - 1):
        raise TileValueError(f"{what} {n}: a power of two in [{lo}, 32]")
    return n


def _check_reduce_op(op, what):
    if op not in ("sum", "max", "min"):
        raise TileValueError(f"{what} op {op!r}: sum, max or min")


def _shfl(mode, mask, var, lane, width):
    """CUDA's __shfl{,_up,_down,_xor}_sync(mask, var, lane, width):
    `shfl.sync.<mode>.b32` with the clamp ((32 - width) << 8) | 31 (up:
    (32 - width) << 8), as CUDA's headers compute it. A 64-bit value is two
    shuffles of its halves; a narrower one (a half, a short) is shuffled
    widened to 32 bits and cut back, as the headers' overloads and C's
    conversions do. The lane is C's int read as its 32 bits (-3 is
    0xFFFFFFFD; the instruction reads b[4:0]); a width computed in the
    kernel gives the clamp computed there."""
    w = _plain(width)
    low = 0 if mode == "up" else 31
    if isinstance(w, _Expr):
        clamp = cast(_binary("or", _binary("shl", _binary("sub", 32, w), 8),
                             low), "uint32")
    else:
        w = _power_of_two(w, "shuffle width", 1)
        clamp = uint32((32 - w) << 8 | low)
    (v,) = _kernel_values(f"cuda.__shfl_{mode}_sync", var)
    n = lane.value() if isinstance(lane, _TypedScalar) else _plain(lane)
    if isinstance(n, _Expr):
        n = cast(n, "uint32")
    else:
        n = uint32(as_int(n, "the shuffle's lane") & 0xFFFFFFFF)
    bits = _bits(v.type)
    u = reinterpret(v, ty=f"uint{bits}") if v.dtype != f"uint{bits}" else v

    def one(x):
        d = alloc_local((1,), "uint32")
        _PtxChain(("shfl", "sync", mode, "b32"))(
            d[0], x, n, clamp, _warp_mask(mask))
        return d[0].load()
    if bits == 64:
        lo = one(cast(u, "uint32"))
        hi = one(cast(_binary("shr", u, 32), "uint32"))
        out = _binary("or", _binary("shl", cast(hi, "uint64"), 32),
                      cast(lo, "uint64"))
    elif bits == 32:
        out = one(u)
    else:
        out = cast(one(cast(u, "uint32")), f"uint{bits}")
    return out if out.dtype == v.dtype else reinterpret(out, ty=v.dtype)


def _shfl_sync(mask, var, src_lane, width=32):
    """CUDA's `__shfl_sync` (shfl.sync.idx)."""
    return _shfl("idx", mask, var, src_lane, width)


def _shfl_up_sync(mask, var, delta, width=32):
    """CUDA's `__shfl_up_sync` (shfl.sync.up)."""
    return _shfl("up", mask, var, delta, width)


def _shfl_down_sync(mask, var, delta, width=32):
    """CUDA's `__shfl_down_sync` (shfl.sync.down)."""
    return _shfl("down", mask, var, delta, width)


def _shfl_xor_sync(mask, var, lane_mask, width=32):
    """CUDA's `__shfl_xor_sync` (shfl.sync.bfly)."""
    return _shfl("bfly", mask, var, lane_mask, width)


def _cta_partial(op, scratch, lane, nw):
    """Warp 0's partial in TIRx's cta_reduce: `(lane < nw) ? scratch[lane]
    : identity`, the C ternary's type float for an integer max or min
    (its other side is +-INFINITY)."""
    dtype = scratch.dtype
    inside = _binary("lt", lane, nw)
    part = scratch[_tile_select(inside, lambda: lane, lambda: 0)].load()
    if op == "sum":
        identity = 0.0 if _is_float(dtype) else 0
        return _tile_select(inside, lambda: part, lambda: identity)
    inf = float("-inf") if op == "max" else float("inf")
    if _is_float(dtype):
        return _tile_select(inside, lambda: part, lambda: inf)
    wide = _tile_select(inside, lambda: cast(part, "float32"), lambda: inf)
    return cast(wide, dtype)


def _timer_bits(event_type, kind):
    """`(uint32_t)event_type << 2 | kind` (an Enum's value; a kernel value
    as a uint32)."""
    event = getattr(event_type, "value", event_type)
    if isinstance(event, numbers.Integral):
        return ((int(event) << 2) | kind) & 0xFFFFFFFF
    return (uint32(event) << 2) | kind


def _timer_init(buffer, tag, offset, num_groups, group_id):
    """TIRx's timer_init_cuda (_Cuda.timer_init); traced as a T.inline
    helper."""
    gx = uint32(_Cuda.grid_dim("x"))
    gy = uint32(_Cuda.grid_dim("y"))
    gz = uint32(_Cuda.grid_dim("z"))
    bx = uint32(_Cuda.block_idx("x"))
    by = uint32(_Cuda.block_idx("y"))
    bz = uint32(_Cuda.block_idx("z"))
    nblocks = gx * gy * gz
    group = ((bz * gy + by) * gx + bx) * uint32(num_groups) + \
        uint32(group_id)
    first = (bx == 0) & (by == 0) & (bz == 0) & \
        (_Cuda.thread_idx("x") == 0)
    if first:
        buffer[0] = (uint64(uint32(num_groups)) << 32) | uint64(nblocks)
    offset[0] = group + 1
    tag[0] = uint64(group) << 12


def _timer_record(bits, buffer, tag, offset, stride, leader_cond):
    """One record of TIRx's profiler where `leader_cond` holds: the time
    (%globaltimer_lo) above the tag and `bits`, at the write offset, which
    then moves `stride` slots."""
    if leader_cond:
        now = uint64(_special_register("%globaltimer_lo", 32, "uint32"))
        buffer[int32(offset[0])] = (now << 32) | (tag[0] | uint64(bits))
        offset[0] = offset[0] + uint32(stride)


def _cta_reduce_rest(val, op, nw, scratch):
    """TIRx's cta_reduce after each warp's own reduction (see
    _CudaWarp.cta_reduce); traced as a T.inline helper."""
    tid = _Cuda.thread_idx("x") + _Cuda.thread_idx("y") * \
        _Cuda.block_dim("x") + _Cuda.thread_idx("z") * \
        _Cuda.block_dim("x") * _Cuda.block_dim("y")
    warp = tid // 32
    lane = tid % 32
    if lane == 0:
        scratch[warp] = val
    _Cuda.cta_sync()
    if warp == 0:
        partial = _Cuda.warp_reduce(_cta_partial(op, scratch, lane, nw), op,
                                    32)
        if lane == 0:
            scratch[0] = partial
    _Cuda.cta_sync()
    return scratch[0].load()


def _redux(kind, mask, value):
    (v,) = _kernel_values("cuda.reduce", value)
    v = reinterpret(v, ty="uint32") if v.dtype == "int32" else v
    d = alloc_local((1,), "uint32")
    _PtxChain(("redux", "sync", kind, "u32"))(d[0], v, _warp_mask(mask))
    return d[0].load()


def _ptx_type(dtype):
    """The PTX type suffix of a 32-bit dtype (f32, s32, u32)."""
    if _is_float(dtype):
        return _mlir_type(dtype)
    return ("s" if _INT_RANGES[dtype][1] else "u") + \
        str(_INT_RANGES[dtype][0])


def _activemask():
    """CUDA's `__activemask()`: the lanes of the warp executing it
    (activemask.b32), a uint32."""
    d = alloc_local((1,), "uint32")
    _PtxChain(("activemask", "b32"))(d[0])
    return d[0].load()


def _trap_when_assert_failed(cond):
    """TIRx's `T.cuda.trap_when_assert_failed(cond)`: `trap` where `cond`
    is false (the launch fails; the CPU backend stops with an error)."""
    c = _plain(cond.load() if isinstance(cond, _views.View) else cond)
    if not isinstance(c, _Expr):
        if not c:
            _PtxChain(("trap",))()
        return
    _PtxChain(("trap",))(pred=_tile_not(_as_condition(c)))


# The load of each dtype TIRx's wait_until polls with (its `ptx_type`).
_WAIT_TYPES = {"uint32": "u32", "int32": "s32", "uint64": "u64",
               "int64": "s64"}


def _wait_until(dst, ptr, predicate, scope="gpu", space="global",
                ptx_type=None, backoff_ns=None, *, ty=None):
    """TIRx's `T.cuda.wait_until(dst, ptr, predicate)`: loads the global
    word at `ptr` into `dst` with ld.relaxed.<scope> until `predicate`
    (a callable of the value, or a boolean of it) holds, a __nanosleep of
    `backoff_ns` before each retry, then one ld.acquire.<scope> into a
    discarded register (the edge to the stores that made it hold)."""
    if space != "global":
        raise TileValueError(f"T.cuda.wait_until space {space!r}: only "
                             "'global' (a wait in a CTA or cluster is an "
                             "mbarrier's)")
    if scope not in ("cta", "cluster", "gpu", "sys"):
        raise TileValueError(f"T.cuda.wait_until scope {scope!r}: cta, "
                             "cluster, gpu or sys")
    if not _local_scalar(dst):
        raise TileTypeError("T.cuda.wait_until's dst is a T.local_scalar, "
                            f"got {dst!r}")
    kind = ptx_type or _WAIT_TYPES.get(dst.dtype)
    if kind is None:
        raise TileTypeError(f"T.cuda.wait_until of a {dst.dtype} word: "
                            f"{', '.join(_WAIT_TYPES)}")
    test = predicate if callable(predicate) else (lambda _: predicate)
    relaxed = _PtxChain(("ld", "relaxed", scope, "global", kind))
    acquire = _PtxChain(("ld", "acquire", scope, "global", kind))
    sleep = None if backoff_ns is None else \
        (lambda: _Cuda.nano_sleep(backoff_ns))
    inline(_wait_loop)(dst, ptr, test, relaxed, sleep)
    acquire(alloc_scalar(dst.dtype, "local"), ptr)


def _wait_loop(dst, ptr, test, load, sleep):
    """wait_until's polls (traced as a T.inline helper)."""
    load(dst, ptr)
    while not test(dst):
        if sleep is not None:
            sleep()
        load(dst, ptr)


def _wgmma_encode_matrix_descriptor(desc, addr, ldo, sdo, swizzle):
    """TIRx's `T.cuda.wgmma_encode_matrix_descriptor(T.address_of(d[0]),
    S.ptr_to([i]), ldo, sdo, swizzle)`: writes to the uint64 at `desc` the
    wgmma descriptor of the shared matrix at `addr`, from the table's
    descriptor fields (WgmmaDescField): the start address is the shared
    window's address in 16-byte units; `ldo` and `sdo` are given in those
    units already, and each field keeps its low bits (C's bitfields); the
    swizzle (CUtensorMapSwizzle's numbering: 0 none, 1 32B, 2 64B, 3
    128B) is the mode's descriptor code, and any other value leaves the
    field 0, as TIRx's switch does. The base offset is 0."""
    if not isinstance(desc, _views.LocalAddress) or \
            desc.view.dtype not in ("uint64", "int64"):
        raise TileTypeError("T.cuda.wgmma_encode_matrix_descriptor writes a "
                            "uint64 element of a local array "
                            f"(T.address_of(d[0])), got {desc!r}")
    start = _Cuda.cvta_generic_to_shared(addr).number()
    fields = instr_table.table()["wgmma_desc_fields"]

    def field(name, value, shifted=True):
        """`value` in field `name` (in its units where `shifted`)."""
        f = fields[name]
        value = _plain(value)
        if isinstance(value, _Expr):
            value = cast(value, "uint32")
        if shifted:
            value = value >> f["shift"]
        value = value & ((1 << f["width"]) - 1)
        if isinstance(value, _Expr):
            return cast(value, "uint64") << uint64(f["lo"])
        return uint64(value << f["lo"])

    swizzle = _plain(swizzle)
    codes = {m["tensor_map"]: m["code"]
             for m in instr_table.table()["swizzle_modes"]}
    if isinstance(swizzle, int):
        code = codes.get(swizzle, 0)
    else:
        code = uint32(0)
        for tmap, c in codes.items():
            code = if_then_else(swizzle == tmap, uint32(c), code)
    word = field("start_address", start) | \
        field("leading_byte_offset", ldo, shifted=False) | \
        field("stride_byte_offset", sdo, shifted=False) | \
        field("swizzle", code, shifted=False)
    desc.store(cast(word, desc.view.dtype))


def _smem_addr_from_uint64(address):
    """TIRx's `T.cuda.smem_addr_from_uint64(x)`: the low 32 bits of a
    64-bit (cluster) address, a uint32."""
    v = _plain(address)
    if not isinstance(v, _Expr) or v.dtype not in ("uint64", "int64"):
        raise TileTypeError("T.cuda.smem_addr_from_uint64 takes a 64-bit "
                            f"integer, got {address!r}")
    return cast(v, "uint32")


def _wgmma_noop_barrier(reg):
    """TIRx's `T.cuda.wgmma_noop_barrier(r)`: an empty asm statement that
    keeps nvcc from moving the register `r` across it. tile-mlir's wgmma
    writes its accumulator registers in place, where the program reads
    them after the wait: nothing is needed."""
    if not (isinstance(reg, _views.View) and reg.space == "reg") and \
            not isinstance(_plain(reg), _Expr):
        raise TileTypeError("T.cuda.wgmma_noop_barrier takes a register "
                            f"(uint32 or float32), got {reg!r}")


class _CudaWgmma:
    """TIRx's `T.cuda.wgmma` namespace: the helpers that are not PTX
    instructions."""
    encode_matrix_descriptor = staticmethod(_wgmma_encode_matrix_descriptor)
    noop_barrier = staticmethod(_wgmma_noop_barrier)


def _legacy_shuffle(mode):
    """TVM's `T.gpu_warp_shuffle{,_xor,_up,_down}(mask, value, lane,
    width, warp_size)`: CUDA's __shfl*_sync (TIRx prints them so), on warps
    of 32 lanes."""
    def shuffle(mask, value, lane, width, warp_size=32):
        if as_int(warp_size, "the warp size") != 32:
            raise TileValueError(f"warp size {warp_size}: a warp has 32 "
                                 "lanes")
        return _shfl(mode, mask, value, lane, width)
    return shuffle


gpu_warp_shuffle = _legacy_shuffle("idx")
gpu_warp_shuffle_xor = _legacy_shuffle("bfly")
gpu_warp_shuffle_up = _legacy_shuffle("up")
gpu_warp_shuffle_down = _legacy_shuffle("down")
gpu_warp_activemask = _activemask


def _func_call(name, *args, ty=None, **options):
    raise TileError(f"T.cuda.func_call('{name}'): a device function given "
                    "as CUDA source is not supported (the front-end "
                    "compiles no CUDA); write it as a @T.inline helper")


# CUDA's shuffle intrinsics under their own names (T.cuda.__shfl_xor_sync):
# set after the class, where a `def __name` would be mangled.
for _name, _fn in (("__activemask", _activemask),
                   ("trap_when_assert_failed", _trap_when_assert_failed),
                   ("wait_until", _wait_until), ("func_call", _func_call),
                   ("wgmma_encode_matrix_descriptor",
                    _wgmma_encode_matrix_descriptor),
                   ("wgmma_noop_barrier", _wgmma_noop_barrier),
                   ("smem_addr_from_uint64", _smem_addr_from_uint64),
                   ("__shfl_sync", _shfl_sync),
                   ("__shfl_up_sync", _shfl_up_sync),
                   ("__shfl_down_sync", _shfl_down_sync),
                   ("__shfl_xor_sync", _shfl_xor_sync)):
    setattr(_CudaWarp, _name, staticmethod(_fn))
del _name, _fn


class _Cuda(_CudaIds, _CudaWarp):
    LaunchConfig = _LaunchConfig
    wgmma = _CudaWgmma()
    tile = _Tile
    Axis = _views.AxisNamespace()

    def __getattr__(self, name):
        # TIRx's helpers of packed values (T.cuda.make_float2, hmax2, ...):
        # nvcc's code of the CUDA intrinsics they call (see _nvcc_math).
        if name in _nvcc_math.HELPERS:
            return functools.partial(_nvcc_helper, name)
        if f"cuda.{name}" in _nvcc_math.LEFT_OUT:
            raise TileError(f"T.cuda.{name} is not supported: "
                            f"{_nvcc_math.LEFT_OUT[f'cuda.{name}']}")
        raise AttributeError(f"T.cuda has no attribute '{name}'")


cuda = _Cuda()


class _KernelAttributes:
    """TIRx's `T.cuda.KernelAttributes(...)`: compile-time attributes of a
    kernel, as the PTX directives nvcc writes for TIRx's CUDA:
    `min_blocks_per_sm` (and `max_blocks_per_cluster`) are
    `__launch_bounds__(block, min[, max])` (.maxntid, .minnctapersm,
    .maxclusterrank), `max_registers_per_thread` is `__maxnreg__`
    (.maxnreg), and `required_block_size=True` is `__block_size__`
    (.reqntid of the launch's block). They change no result."""

    def __init__(self, *, min_blocks_per_sm=None, max_blocks_per_cluster=None,
                 max_registers_per_thread=None, required_block_size=False):
        def count(name, v):
            if v is not None and (not isinstance(v, int) or
                                  isinstance(v, bool) or v < 1):
                raise TileValueError(f"T.cuda.KernelAttributes({name}=...) "
                                     f"is a positive int, got {v!r}")
            return v
        self.min_blocks_per_sm = count("min_blocks_per_sm", min_blocks_per_sm)
        self.max_blocks_per_cluster = count("max_blocks_per_cluster",
                                            max_blocks_per_cluster)
        self.max_registers_per_thread = count("max_registers_per_thread",
                                              max_registers_per_thread)
        if not isinstance(required_block_size, bool):
            raise TileTypeError("T.cuda.KernelAttributes(required_block_size="
                                f"...) is a bool, got {required_block_size!r}")
        self.required_block_size = required_block_size
        if max_blocks_per_cluster is not None and min_blocks_per_sm is None:
            raise TileValueError("T.cuda.KernelAttributes: "
                                 "max_blocks_per_cluster requires "
                                 "min_blocks_per_sm (the third launch bound)")
        if max_registers_per_thread is not None and (
                min_blocks_per_sm is not None or required_block_size):
            raise TileValueError("T.cuda.KernelAttributes: "
                                 "max_registers_per_thread (__maxnreg__) "
                                 "excludes launch bounds and "
                                 "required_block_size")

    def nvvm(self, launch):
        """The kernel's NVVM attributes (gpu.func `attributes {...}`) for
        `launch`."""
        dims = ", ".join(str(n) for n in launch.block)
        threads = launch.block[0] * launch.block[1] * launch.block[2]
        out = []
        if self.min_blocks_per_sm is not None:
            out += [f"nvvm.maxntid = array<i32: {threads}, 1, 1>",
                    f"nvvm.minctasm = {self.min_blocks_per_sm} : i32"]
        if self.max_blocks_per_cluster is not None:
            out.append(f"nvvm.cluster_max_blocks = "
                       f"{self.max_blocks_per_cluster} : i32")
        if self.max_registers_per_thread is not None:
            out.append(f"nvvm.maxnreg = {self.max_registers_per_thread} : "
                       "i32")
        if self.required_block_size:
            out.append(f"nvvm.reqntid = array<i32: {dims}>")
        return out


_Cuda.KernelAttributes = _KernelAttributes


class _Probed(Exception):
    """Ends a trace run for a launch grid (PrimFunc._host_grid) at its
    T.device_entry, with the launch it found."""

    def __init__(self, launch):
        super().__init__("launch probed")
        self.launch = launch


def device_entry(launch=None, *, backend_config=None, kernel_attrs=None):
    """Records the launch configuration (grid and block), the kernel's
    attributes (`kernel_attrs`, a T.cuda.KernelAttributes) and, from
    `backend_config` (TIRx's per-entry CUDA settings), the float
    arithmetic of the build it names (see _float_mode)."""
    if launch is None:
        launch = _LaunchConfig()
    if not isinstance(launch, _LaunchConfig):
        raise TileTypeError("T.device_entry(launch=...) takes a "
                            "T.cuda.LaunchConfig, got "
                            f"{type(launch).__name__}")
    if kernel_attrs is not None and \
            not isinstance(kernel_attrs, _KernelAttributes):
        raise TileTypeError("T.device_entry(kernel_attrs=...) takes a "
                            "T.cuda.KernelAttributes, got "
                            f"{type(kernel_attrs).__name__}")
    b = _builder()
    if getattr(b, "probe", False):
        raise _Probed(launch)  # PrimFunc._host_grid has what it needs.
    if getattr(b, "entered", False):
        raise TileError("a second T.device_entry in one function: TIRx "
                        "makes each `with T.device_entry(...):` block a "
                        "kernel of its own, and tile-mlir traces one kernel "
                        "per @T.function (write one function per kernel)")
    b.entered = True
    b.launch = launch
    b.kernel_attrs = kernel_attrs
    if backend_config is not None:
        b.fast_math = _float_mode(backend_config)
    return _EntryScope()


class _EntryScope:
    """`with T.device_entry(...):` (TIRx's other way to write it): the block
    is the kernel's body, as the statements after a plain call are."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


# TIRx's default CUDA build (its backend_config): NVRTC with
# --use_fast_math. set_backend_config() changes it for the kernels traced
# after it.
_TIRX_DEFAULT_CONFIG = {"compiler": "nvrtc", "nvcc": ["--use_fast_math"],
                        "nvrtc": ["--use_fast_math"]}
_TIRX_DEFAULT = {"cuda": _TIRX_DEFAULT_CONFIG}
_DEFAULT_CONFIG = _TIRX_DEFAULT
_FAST_MATH_FLAGS = ("--use_fast_math", "-use_fast_math")
_FLOAT_FLAGS = re.compile(r"^--?(ftz|prec-div|prec_div|prec-sqrt|prec_sqrt|"
                          r"fmad)\b")


def set_backend_config(config=None):
    """The CUDA settings (TIRx's backend_config: {'cuda': {'compiler':
    ..., 'nvcc': [...], 'nvrtc': [...]}}) of kernels traced from now on
    that name none in T.device_entry; None restores TIRx's default (NVRTC
    with --use_fast_math). Returns the previous settings."""
    global _DEFAULT_CONFIG
    old = _DEFAULT_CONFIG
    new = _TIRX_DEFAULT if config is None else config
    _float_mode(new)
    _DEFAULT_CONFIG = new
    return old


def _float_mode(config):
    """Whether the build of `config` (TIRx's backend_config: the flags of
    its compiler, NVRTC unless it says nvcc) is fast-math: float32
    arithmetic flushes subnormals (.ftz), `/` and sqrtf are approximate,
    and the math functions are nvcc's fast-math code. Only the two builds
    nvcc's code was recorded for are modeled: --use_fast_math, and no
    float flag at all; an explicit -ftz, -prec-div, -prec-sqrt or -fmad
    is an error rather than other bits."""
    if not isinstance(config, dict) or set(config) - {"cuda"} or \
            not isinstance(config.get("cuda", {}), dict):
        raise TileTypeError("backend_config must be TIRx's mapping of "
                            "backends to settings: {'cuda': {'compiler': "
                            "..., 'nvcc': [...], 'nvrtc': [...]}}")
    config = config.get("cuda", {})
    compiler = config.get("compiler", _TIRX_DEFAULT_CONFIG["compiler"])
    if compiler not in ("nvcc", "nvrtc"):
        raise TileValueError(f"backend_config compiler {compiler!r}: nvcc "
                             "or nvrtc")
    flags = config.get(compiler, _TIRX_DEFAULT_CONFIG[compiler])
    if isinstance(flags, str) or not all(isinstance(f, str) for f in flags):
        raise TileTypeError(f"backend_config {compiler}: a list of flags")
    for f in flags:
        if _FLOAT_FLAGS.match(f):
            raise TileError(f"backend_config flag {f!r}: the front-end "
                            "models the float arithmetic of "
                            "--use_fast_math and of no float flag only")
    return any(f in _FAST_MATH_FLAGS for f in flags)


def _fast_math():
    """Whether the kernel being traced is built fast-math."""
    b = _builder()
    if not hasattr(b, "fast_math"):
        b.fast_math = _float_mode(_DEFAULT_CONFIG)
    return b.fast_math


def alloc_local(shape, dtype="float32", data=None, *, scope="local",
                align=-1, layout="default", group=0):
    """A register tile of `shape` owned by each thread, in `layout`: "default"
    (row-major) or a T.TileLayout whose strides bind axes to lanes and warps
    (`T.S[(32, 4):(1 @ T.cuda.Axis.laneid, 1)]`); such an axis takes no
    storage. With `group=g`, the first g axes are distributed group axes
    for warp, warpgroup or cta scope."""
    if data is not None or scope != "local":
        raise TileError("T.alloc_local takes no data and only scope='local'")
    b = _builder()
    shape = _shape(shape, "T.alloc_local shape")
    elt = _mlir_type(dtype)
    group = as_int(group, "group")
    if not 0 <= group <= len(shape):
        raise TileValueError(f"group={group} is outside [0, {len(shape)}] "
                             f"(the rank of {shape})")
    if isinstance(layout, str) and layout == "default":
        strides = [0] * group + _row_major_strides(shape[group:])
        dist = [None] * len(shape)
    elif isinstance(layout, TileLayout) and not group:
        if layout.spec.has_base():
            raise TileValueError(
                f"a register tile is allocated with no element offset "
                f"(+ {layout.spec.base!r}); view its registers at one with "
                "T.decl_tensor")
        try:
            strides, dist = _views.register_layout(shape, layout)
        except TileError:
            # TIRx's fragment layouts: lanes and warps inside the axes.
            if not _views.is_fragment_layout(shape, layout.spec):
                raise
            return _fragment_tile(b, shape, dtype, layout)
    else:
        raise TileError(f"layout {layout!r} is not 'default' or a "
                        "T.TileLayout")
    layout_attr = ""
    if strides != _row_major_strides(shape):
        layout_attr = ", strided<[" + ", ".join(map(str, strides)) + "]>"
    ty = f"memref<{'x'.join(map(str, shape))}x{elt}{layout_attr}, #tile.reg>"
    name = b.fresh("r")
    b.lines.append(f"{name} = tile.alloc_local : {ty} {_caller_location()}")
    b.value(name, ty)
    root = _views.Root(name, ty, shape, strides, dtype, "reg")
    b.roots.append(root)
    b.lines[-1] = f"{name} = tile.alloc_local : {root.placeholder} " \
        f"{_caller_location()}"
    return _views.View(root, "reg", dtype, shape, strides, dist=dist)


def _fragment_tile(b, shape, dtype, layout):
    """A register tile in a fragment layout (T.alloc_local): the thread's
    registers are one row-major run of the layout's span."""
    frag = _views.FragmentLayout(shape, layout.spec)
    span = frag.span()
    ty = f"memref<{span}x{_mlir_type(dtype)}, #tile.reg>"
    name = b.fresh("r")
    root = _views.Root(name, ty, (span,), (1,), dtype, "reg")
    b.roots.append(root)
    b.value(name, ty)
    b.lines.append(f"{name} = tile.alloc_local : {root.placeholder} "
                   f"{_caller_location()}")
    return _views.View(root, "reg", dtype, shape, [0] * len(shape),
                       frag=frag)


def _distributed_view(data, ann):
    """T.decl_tensor over a thread's registers with a layout whose leading
    axes bind execution ids one to one (`T.S[(4, 32, 2, 1):(1 @ warpid,
    1 @ laneid, 1, 1)]`): a register tile distributed like one allocated
    with that layout, over the same registers."""
    strides, dist = _views.register_layout(ann.shape, ann.layout)
    if tuple(data.strides) != tuple(_row_major_strides(data.shape)):
        raise TileError("T.decl_tensor of a distributed layout takes dense "
                        "registers (a whole tile or a contiguous region)")
    base = ann.layout.spec.base
    own = base + 1 + sum((n - 1) * st for n, st, d in
                         zip(ann.shape, strides, dist) if d is None)
    if own > math.prod(data.shape):
        raise TileValueError(f"T.decl_tensor: the layout spans {own} "
                             f"registers of each thread, the data has "
                             f"{math.prod(data.shape)}")
    return data._with(dtype=ann.dtype, shape=ann.shape, strides=strides,
                      dist=dist, offset=data.offset + base)


def _fragment_view(data, ann):
    """T.decl_tensor of a fragment layout over a thread's registers."""
    if ann.layout.spec.has_base():
        raise TileValueError(f"T.decl_tensor of a fragment layout at an "
                             f"element offset (+ {ann.layout.spec.base!r}): "
                             "view the registers from that offset first")
    frag = _views.FragmentLayout(ann.shape, ann.layout.spec)
    if tuple(data.strides) != tuple(_row_major_strides(data.shape)):
        raise TileError("T.decl_tensor of a fragment layout takes dense "
                        "registers (a whole tile or a contiguous region)")
    if frag.span() > math.prod(data.shape):
        raise TileValueError(f"T.decl_tensor: the layout spans "
                             f"{frag.span()} registers, the data has "
                             f"{math.prod(data.shape)}")
    return data._with(dtype=ann.dtype, shape=ann.shape,
                      strides=[0] * len(ann.shape),
                      dist=[None] * len(ann.shape), frag=frag)


def alloc_tensor(placement=None, *, ty_args, attrs=None, annotations=None,
                 ty=None):
    """TIRx's `T.alloc_tensor(ty_args=[T.Tensor(shape, dtype,
    scope="local")])`, which T.alloc_local and T.alloc_shared wrap: the
    tensor its one T.Tensor type argument describes, in local (registers)
    or shared memory."""
    del attrs, annotations, ty  # Allocation hints: no effect on results.
    args = list(ty_args) if isinstance(ty_args, (list, tuple)) else [ty_args]
    if placement is not None or len(args) != 1 or \
            not isinstance(args[0], Tensor):
        raise TileTypeError("T.alloc_tensor takes one T.Tensor type argument "
                            "(ty_args=[T.Tensor(shape, dtype, scope=...)]) "
                            "and no placement")
    t = args[0]
    layout = "default" if t.layout is None else t.layout
    align = -1 if t.align is None else t.align
    if t.scope == "local":
        return alloc_local(t.shape, t.dtype, align=align, layout=layout)
    if t.scope in ("shared", "shared.dyn"):
        return alloc_shared(t.shape, t.dtype, scope=t.scope, align=align,
                            layout=layout)
    raise TileValueError(f"T.alloc_tensor of scope {t.scope!r}: a kernel "
                         "allocates local or shared tensors (global ones "
                         "are its parameters)")


def alloc_shared(shape, dtype="float32", data=None, *, scope="shared",
                 align=-1, layout="default"):
    """A shared-memory buffer of `shape` (row-major), one per block: a
    workgroup attribution of the kernel; with scope "shared.dyn", the
    kernel's dynamic shared memory (one such buffer per kernel, as in
    TIRx; the launch's dynamic_smem_bytes, or as many bytes as it takes)."""
    if data is not None or scope not in ("shared", "shared.dyn"):
        raise TileError("T.alloc_shared takes no data and only "
                        "scope='shared' or 'shared.dyn'")
    b = _builder()
    if scope == "shared.dyn" and b.dynamic_root is not None:
        raise TileError("T.alloc_shared: one 'shared.dyn' buffer per "
                        "kernel (the dynamic shared memory); view it with "
                        "T.decl_tensor for more")
    shape = _shape(shape, "T.alloc_shared shape")
    strides = _row_major_strides(shape)
    swizzle = layout if isinstance(layout, ComposeLayout) else None
    if swizzle:
        layout = swizzle.tile_layout
    if isinstance(layout, TileLayout):
        # TIRx's explicit layout on a shared tensor: row-major, or strided
        # (padded rows): the storage spans the layout.
        strides = _views.fold_layout(shape, layout.spec)
        _check_disjoint(shape, strides)
    elif not (isinstance(layout, str) and layout == "default") and \
            layout is not None:
        raise TileError(f"layout {layout!r} is not 'default', a "
                        "T.TileLayout or a T.ComposeLayout")
    dense = list(strides) == _row_major_strides(shape)
    stored = shape if dense else (_storage_extent(shape, strides),)
    if swizzle and math.prod(stored) % swizzle.span():
        raise TileValueError(f"T.ComposeLayout's swizzle spans "
                             f"{swizzle.span()} elements, which do not "
                             f"divide the {math.prod(stored)} of the "
                             "buffer")
    ty = (f"memref<{'x'.join(map(str, stored))}x{_mlir_type(dtype)}, "
          "#gpu.address_space<workgroup>>")
    name = b.fresh("smem")
    b.value(name, ty)
    root = _views.Root(name, ty, stored, _row_major_strides(stored), dtype,
                       "shared")
    b.roots.append(root)
    if scope == "shared.dyn":
        b.dynamic_root = root
    else:
        b.workgroup.append((name, root.placeholder))
    if isinstance(align, numbers.Integral) and align > 0:
        require_alignment(b, name, int(align))
    return _views.View(root, "shared", dtype, shape, strides,
                       swizzle=swizzle)


def require_alignment(b, name, align):
    """Aligns shared buffer `name` to `align` bytes (a power of two): its
    workgroup attribution's `llvm.align`."""
    if align & (align - 1):
        raise TileValueError(f"a shared buffer's alignment is a power of "
                             f"two, got {align}")
    b.smem_align[name] = max(b.smem_align.get(name, 0), align)


def _elements(data):
    """The elements a view's storage holds from its first: its outermost
    extent times stride where its strides pad it (a padded
    T.alloc_shared), else its size."""
    if data.space != "reg" and all(isinstance(s, int) and s >= 0
                                   for s in data.strides):
        return max(math.prod(data.shape),
                   _storage_extent(data.shape, data.strides))
    return math.prod(data.shape)


def _storage_extent(shape, strides):
    """TIRx's storage of a padded layout: its outermost extent times stride
    (a (16, 16):(17, 1) tile takes 272 elements)."""
    return max((n * s for n, s in zip(shape, strides)), default=1)


def _check_disjoint(shape, strides):
    """A layout of a buffer's own storage: positive strides that never
    send two elements to one place (each axis past the span of the ones
    with smaller strides)."""
    span = 1
    for n, s in sorted(zip(shape, strides), key=lambda a: a[1]):
        if n > 1 and (not isinstance(s, int) or s < span):
            raise TileError(f"T.alloc_shared layout {tuple(strides)} of "
                            f"{tuple(shape)} puts two elements in one place "
                            "(or is not a layout of memory)")
        if n > 1:
            span = max(span, 1 + (n - 1) * s)


def _byte_views(root, source, raw, final):
    """The lines that make shared buffer `root` (of type `final`) a view of
    the bytes `source` (of type `raw`) from their first, and, where it is
    used as two dtypes, its view as the stored one too."""
    zero = f"{root.name}__c0"
    lines = [f"{zero} = arith.constant 0 : index",
             f"{root.name} = memref.view {source}[{zero}][] : {raw} "
             f"to {final}"]
    if root.mixed():
        lines.append(f"{root.alias_name} = memref.view {source}[{zero}][] "
                     f": {raw} to {root.stored[3]}")
    return "".join(f"      {line}\n" for line in lines)


def _bytes_source(root, dynamic):
    """(name, type) of the bytes of shared buffer `root`: the dynamic
    shared memory, or the byte buffer a static buffer used as several
    dtypes becomes."""
    space = "#gpu.address_space<workgroup>"
    if dynamic:
        return f"{root.name}__dyn", f"memref<?xi8, {space}>"
    return (f"{root.name}__bytes",
            f"memref<{_shared_bytes_of(root)}xi8, {space}>")


def _dynamic_shared_views(root, final):
    """The shared.dyn buffer `root` as a view of the kernel's dynamic
    shared memory."""
    source, raw = _bytes_source(root, dynamic=True)
    return (f"      {source} = gpu.dynamic_shared_memory : {raw}\n" +
            _byte_views(root, source, raw, final))


def _shared_bytes_of(root):
    """The bytes of a shared buffer as declared (0: none)."""
    if root is None:
        return 0
    dtype, shape = root.declared[0], root.declared[1]
    return math.prod(shape) * _bits(_mlir_type(dtype)) // 8


def _alias_shared(root, sig_text, body, final):
    """A shared buffer used as two dtypes (or carved): one buffer of bytes,
    and a memref.view of it as each, its own name of type `final`."""
    source, raw = _bytes_source(root, dynamic=False)
    sig_text = sig_text.replace(f"{root.name} : {root.placeholder}",
                                f"{source} : {raw}")
    return sig_text, _byte_views(root, source, raw, final) + body


class PtrType:
    """TIRx's pointer type (`tvm_tirx.ir.PtrType`): the `ty` of
    T.ptr_byte_offset, the dtype its pointer reads memory as."""

    def __init__(self, element_type, scope="global"):
        self.element_type = str(element_type)
        self.scope = str(scope)
        _mlir_type(self.element_type)


class _BytePtr:
    """`T.ptr_byte_offset(data, n, ty=PtrType(dtype, scope))`: shared
    storage from `n` bytes past the first element of `view`, as elements of
    `dtype` (the data of a T.decl_tensor)."""

    def __init__(self, view, offset, dtype):
        self.view, self.offset, self.dtype = view, offset, dtype


def ptr_byte_offset(data, byte_offset, ty=None):
    """TIRx's pointer arithmetic in bytes over a shared or global tensor's
    `.data` (a Python integer or an integer kernel value);
    T.decl_tensor declares a tensor at it."""
    if isinstance(data, _BytePtr):
        data, byte_offset = data.view, _views._add_base(
            data.offset, _byte_offset(byte_offset))
    if not isinstance(data, _views.View) or \
            data.space not in ("shared", "global"):
        raise TileTypeError("T.ptr_byte_offset takes a shared or global "
                            "tensor's .data")
    if ty is not None and not isinstance(ty, PtrType):
        raise TileTypeError("T.ptr_byte_offset's ty is a PtrType(dtype, "
                            "scope)")
    return _BytePtr(data, _byte_offset(byte_offset),
                    ty.element_type if ty is not None else data.dtype)


def _byte_offset(n):
    """A pointer's byte offset: a non-negative Python integer or an integer
    kernel value."""
    value = _plain(n)
    if isinstance(value, _Expr):
        if value.dtype not in _INT_RANGES:
            raise TileTypeError(f"a byte offset is an integer, got "
                                f"{_short(value)}")
        return value
    return _pool_offset(value)


def _pool_offset(n):
    """A byte offset into shared storage: a non-negative Python integer
    (the front-end places tensors where it can check their alignment)."""
    if isinstance(n, (_Value, _TypedScalar)) or not isinstance(
            n, numbers.Integral) or isinstance(n, bool) or n < 0:
        raise TileTypeError(f"a byte offset into shared storage must be a "
                            f"non-negative Python integer, got {_short(n)}")
    return int(n)


def _carve(view, byte_offset, ann):
    """Shared view `view`'s storage from `byte_offset` bytes past its first
    element, as elements of `ann.dtype`, enough for `ann`: a view of a new
    root, a memref.view of the buffer's bytes from a 16-byte aligned shift
    (the rest is the view's element offset, which the verifier checks
    vector accesses against)."""
    view.plain("T.decl_tensor over another dtype's data")
    if view.space != "shared" or not isinstance(view.offset, int):
        raise TileError(f"T.decl_tensor of {ann.dtype} over {view.dtype} "
                        "data: a shared buffer's .data at a constant "
                        "element offset")
    old, new = (_bits(_mlir_type(d)) for d in (view.dtype, ann.dtype))
    if old % 8 or new % 8:
        raise TileError(f"T.decl_tensor of {ann.dtype} over {view.dtype} "
                        "data: whole bytes only")
    parent = view.root.parent or view.root
    start = view.root.shift + view.offset * old // 8 + byte_offset
    if start % (new // 8):
        raise TileValueError(f"T.decl_tensor of {ann.dtype} at byte {start} "
                             f"of {parent.name[1:]}: not a multiple of its "
                             f"{new // 8}-byte elements")
    shift, lead = start - start % 16, start % 16 // (new // 8)
    count = _declared_span(ann)
    shape = tuple(ann.shape) if lead == 0 and ann.layout is None else \
        (lead + count,)
    end = shift + (lead + count) * new // 8
    b = _builder()
    if parent is b.dynamic_root:
        b.dynamic_end = max(getattr(b, "dynamic_end", 0), end)
    elif end > _shared_bytes_of(parent):
        raise TileValueError(
            f"T.decl_tensor of {tuple(ann.shape)} {ann.dtype} at byte "
            f"{start} of {parent.name[1:]}: ends at byte {end}, past its "
            f"{_shared_bytes_of(parent)}")
    else:
        require_alignment(b, parent.name, 16)
    return _carved_view(b, parent, shift, shape, ann.dtype)._with(
        offset=lead)


def _run_time_offset(view, byte_offset):
    """Whether a pointer at `byte_offset` bytes past `view` is known only
    at run time."""
    return not isinstance(byte_offset, int) or \
        not isinstance(view.offset, int)


def _offset_view(view, byte_offset, ann):
    """`view`'s storage from `byte_offset` bytes (an int or an integer
    kernel value) past its first element, as elements of `ann.dtype`
    (TIRx's `(float*)((char*)pool + (k % 3) * 256)`): the same root at an
    element offset where the element type is the same; else a shared
    buffer's bytes carved as the new type, or a 1-D byte tensor's
    memref.view. An offset that is not a whole number of elements is an
    error where it is constant and a `trap` at run time otherwise (the GPU
    faults on such an address too)."""
    view.plain("a pointer into a tensor")
    old, new = (_bits(_mlir_type(d)) for d in (view.dtype, ann.dtype))
    if old % 8 or new % 8:
        raise TileError(f"T.decl_tensor of {ann.dtype} over {view.dtype} "
                        "data: whole bytes only")
    old, new = old // 8, new // 8
    start = _views._add_base(
        byte_offset, view.offset * old if old != 1 else view.offset)
    what = f"T.decl_tensor of {ann.dtype} at {_short(start)} bytes into " \
        f"{view.root.name[1:]}"
    if _mlir_type(ann.dtype) == _mlir_type(view.dtype):
        return view._with(dtype=ann.dtype,
                          offset=_byte_offset_as(start, 1, 0, new, what))
    if view.space == "shared":
        return _shared_offset_view(view.root, start, ann.dtype, new, what)
    return _global_offset_view(view.root, start, ann, new, what)


def _shared_offset_view(root, start, dtype, new, what):
    """Shared `root`'s bytes as `dtype` from byte `start` of it: a carve of
    its buffer from the 16-byte boundary at or before the root, at an
    element offset."""
    parent, b = root.parent or root, _builder()
    base = root.shift - root.shift % 16
    count = (root.shift - base + _shared_bytes_of(root)) // new
    if parent is b.dynamic_root:
        if not _shared_bytes_of(root):
            raise TileError(f"{what}: the SMEMPool's memory has no size of "
                            "its own; take the offset from a tensor "
                            "allocated in it")
    else:
        require_alignment(b, parent.name, 16)
    carved = _carved_view(b, parent, base, (count,), dtype)
    return carved._with(
        offset=_byte_offset_as(start, 1, root.shift - base, new, what))


def _global_offset_view(root, start, ann, new, what):
    """A global 1-D byte tensor's bytes as `ann.dtype` from byte `start`
    (a kernel value): a memref.view at that byte, enough for `ann`."""
    if not _is_byte_tensor(root):
        raise TileTypeError(
            f"{what}: a global tensor is viewed as another dtype at a "
            "run-time offset where it is a dense uint8 or int8 tensor; pass "
            "the array already viewed (numpy's .view) otherwise")
    if new > 1:
        _trap_when_assert_failed(start & (new - 1) == 0)
    return _byte_tensor_view(root, start, ann)


def _is_byte_tensor(root):
    """Whether global `root` is a parameter of dense uint8 or int8 as
    declared (its bytes can be viewed as another dtype)."""
    dtype, shape, strides, _ = root.declared
    return root.parent is None and _bits(_mlir_type(dtype)) == 8 and \
        tuple(strides) == tuple(_row_major_strides(shape)) and \
        not root.stored


def _byte_tensor_view(root, start, ann):
    """A memref.view of byte tensor `root` at byte `start` (an int or an
    integer kernel value): a new global root of `ann`'s span of
    `ann.dtype`, and the view of all of it."""
    b = _builder()
    source, ty = _byte_row(b, root, root.declared[0])
    count = _declared_span(ann)
    new_ty = f"memref<{count}x{_mlir_type(ann.dtype)}>"
    name = b.fresh("carve")
    b.value(name, new_ty)
    at = b.constant(str(start), "index").name if isinstance(start, int) \
        else _views._index(start)
    b.lines.append(f"{name} = memref.view {source}[{at}][] : {ty} to "
                   f"{new_ty} {_caller_location()}")
    new_root = _views.Root(name, new_ty, (count,), (1,), ann.dtype, "global")
    b.roots.append(new_root)
    return _views.View(new_root, "global", ann.dtype, (count,), (1,))


def _declared_span(ann):
    """The elements a T.Tensor annotation's layout reaches (its size
    without one)."""
    return ann.layout.spec.span() if ann.layout is not None else \
        math.prod(ann.shape)


def _global_carve(view, byte_offset, ann):
    """A global tensor's bytes from `byte_offset` past `view`'s first
    element as elements of `ann.dtype` (TIRx's `(int*)((char*)B_ptr + 4)`
    over a blob): a memref.view of the parameter, which must be a 1-D
    tensor of bytes (uint8 or int8) as declared."""
    view.plain("T.decl_tensor over another dtype's data")
    root = view.root
    if not _is_byte_tensor(root) or not isinstance(view.offset, int):
        raise TileTypeError(
            f"T.decl_tensor of {ann.dtype} over {view.dtype} global data: "
            "a dense uint8 or int8 tensor's .data (at a constant offset) is "
            "viewed as another dtype; pass the array already viewed "
            "(numpy's .view) otherwise")
    size = _bits(_mlir_type(ann.dtype)) // 8
    start = view.offset + byte_offset
    count = _declared_span(ann)
    total = math.prod(root.declared[1])
    if start % size or start + count * size > total:
        raise TileValueError(
            f"T.decl_tensor of {tuple(ann.shape)} {ann.dtype} at byte {start}"
            f" of {root.name[1:]}: " + (
                f"not a multiple of its {size}-byte elements" if start % size
                else f"ends at byte {start + count * size}, past its "
                f"{total}"))
    return _byte_tensor_view(root, start, ann)


def _byte_row(b, root, dtype):
    """(SSA name, type) of global byte tensor `root` as one row of bytes
    (memref.view takes a 1-D source): itself, or a memref.collapse_shape
    of its axes."""
    source, ty = root.handle(dtype)
    shape = root.declared[1]
    if len(shape) == 1:
        return source, ty
    row_ty = f"memref<{math.prod(shape)}xi8>"
    name = b.fresh("row")
    b.value(name, row_ty)
    axes = ", ".join(map(str, range(len(shape))))
    b.lines.append(f"{name} = memref.collapse_shape {source} [[{axes}]] : "
                   f"{ty} into {row_ty} {_caller_location()}")
    return name, row_ty


def _carved_view(b, parent, shift, shape, dtype):
    """A new shared root of `shape` `dtype` over `parent`'s bytes from
    `shift`, and the view of all of it."""
    strides = _row_major_strides(shape)
    ty = (f"memref<{'x'.join(map(str, shape))}x{_mlir_type(dtype)}, "
          "#gpu.address_space<workgroup>>")
    name = b.fresh("carve")
    b.value(name, ty)
    root = _views.Root(name, ty, shape, strides, dtype, "shared")
    root.parent, root.shift = parent, shift
    parent.carved = True
    source, raw = _bytes_source(parent, parent is b.dynamic_root)
    at = b.constant(str(shift), "index").name
    root.def_line = (f"{name} = memref.view {source}[{at}][] : {raw} to "
                     f"{root.placeholder}")
    b.lines.append(root.def_line)
    b.roots.append(root)
    return _views.View(root, "shared", dtype, shape, strides)


def _carve_alias(root, body):
    """`body` with a carve used as two dtypes given its second name (a
    view of the same bytes) after its first."""
    line = f"      {root.def_line}\n"
    alias = line.replace(f"{root.name} =", f"{root.alias_name} =", 1) \
        .replace(root.placeholder, f"!tile_root<{root.name[1:]}__as>")
    return body.replace(line, line + alias, 1)


def require_root_alignment(root, align, what):
    """Aligns shared buffer `root` to `align` bytes; a carve is aligned
    where its shift is and its buffer is (the dynamic shared memory as
    the kernel asks, up to 1024 bytes)."""
    b = _builder()
    if root.parent is not None:
        if root.shift % align:
            raise TileValueError(
                f"{what} needs {align}-byte alignment; its tensor starts "
                f"{root.shift} bytes into {root.parent.name[1:]}")
        root = root.parent
    if root is b.dynamic_root:
        _align_dynamic_shared(b, align, what)
    else:
        require_alignment(b, root.name, align)


def _align_dynamic_shared(b, align, what):
    """Asks `align` bytes of the kernel's dynamic shared memory (its
    `.extern .shared .align`, the gpu.func's tile.dynamic_shared_align):
    up to 1024, a TMA box's with the 128-byte swizzle."""
    if align > 1024:
        raise TileError(f"{what} in the shared.dyn buffer needs {align}-byte "
                        "alignment: the dynamic shared memory is aligned to "
                        "1024 bytes at most; use a T.alloc_shared buffer")
    b.dynamic_align = max(getattr(b, "dynamic_align", 1), align)


def refuse_family(what, mnemonic):
    """An error: `what` is made of instructions of `mnemonic` (TIRx's
    tcgen05 helpers), which tile-mlir does not lower; says whether its
    instruction table has that family at all."""
    has = mnemonic in instr_table.mnemonics()
    raise TileError(f"{what}: {mnemonic} instructions are not supported"
                    f"{'' if has else ' (the instruction table has none)'}")


class SMEMPool:
    """TIRx's bump allocator over shared memory
    (`tvm_tirx.backend.cuda.lang.SMEMPool`): each `alloc` declares a tensor
    at the pool's byte offset; without `ptr`, the pool is the kernel's
    dynamic shared memory, as many bytes as its tensors reach (or
    `commit(size)`)."""

    def __init__(self, ptr=None):
        self._owns = ptr is None
        if ptr is None:
            self.buf = _pool_buffer()
            ptr = self.buf.data
        self.ptr = ptr
        self.offset = self.max_offset = 0

    def alloc(self, shape, dtype="float32", scope="shared.dyn", align=0,
              layout="default"):
        align = as_int(align, "SMEMPool.alloc align")
        if align > 0:
            self.offset = -(-self.offset // align) * align
            if self._owns:  # Aligned in the dynamic shared memory.
                _align_dynamic_shared(_builder(), align,
                                      f"SMEMPool.alloc(align={align})")
        ann = Tensor(shape, dtype, layout=layout, scope=scope)
        out = decl_tensor(ptr_byte_offset(self.ptr, self.offset,
                                          ty=PtrType(dtype, scope)),
                          ty_args=[ann])
        self.offset += (math.prod(ann.shape) * _bits(ann.elt) + 7) // 8
        self.max_offset = max(self.max_offset, self.offset)
        return out

    def move_base_to(self, offset):
        self.offset = _pool_offset(offset)
        self.max_offset = max(self.max_offset, self.offset)

    def commit(self, size=None):
        """The dynamic shared memory the kernel takes: `size`, at least the
        pool's high-water mark."""
        if not self._owns:
            return
        size = self.max_offset if size is None else _pool_offset(size)
        if size < self.max_offset:
            raise TileValueError(f"SMEMPool.commit({size}): the pool's "
                                 f"tensors reach byte {self.max_offset}")
        b = _builder()
        b.dynamic_end = max(getattr(b, "dynamic_end", 0), size)

    def alloc_tcgen05_mma_AB(self, *args, **kwargs):
        refuse_family("SMEMPool.alloc_tcgen05_mma_AB", "tcgen05")


def _pool_buffer():
    """The kernel's dynamic shared memory as an SMEMPool's buffer of no
    bytes of its own."""
    b = _builder()
    if b.dynamic_root is not None:
        raise TileError("SMEMPool(): the kernel already has a shared.dyn "
                        "buffer; pass SMEMPool(buf.data) to allocate in it")
    ty = "memref<0xi8, #gpu.address_space<workgroup>>"
    name = b.fresh("smem")
    b.value(name, ty)
    root = _views.Root(name, ty, (0,), (1,), "uint8", "shared")
    b.roots.append(root)
    b.dynamic_root = root
    return _views.View(root, "shared", "uint8", (0,), (1,))


def decl_tensor(data, *, ty_args, attrs=None, loc=None, ty=None):
    """A tensor over `data` (another tensor's `.data`, or a view of it):
    `ty_args=[T.Tensor(shape, dtype, layout=...)]` gives its shape and, by
    the layout's strides, its addressing."""
    if isinstance(data, _Address) and \
            not isinstance(data, _views.SharedWindowAddress):
        data = _from_element(data.view)
    if not isinstance(data, (_views.View, _BytePtr)):
        raise TileTypeError("T.decl_tensor's data must be a tensor's .data"
                            " or an element's address (A.ptr_to([...]))")
    if not isinstance(ty_args, (list, tuple)) or len(ty_args) != 1 or \
            not isinstance(ty_args[0], Tensor):
        raise TileTypeError("T.decl_tensor takes ty_args=[T.Tensor(...)]")
    ann = ty_args[0]
    if isinstance(data, _BytePtr):
        if _mlir_type(data.dtype) != _mlir_type(ann.dtype):
            raise TileTypeError(f"T.decl_tensor of {ann.dtype} at a "
                                f"{data.dtype} pointer")
        if _run_time_offset(data.view, data.offset) or \
                data.view.space == "global" and \
                _mlir_type(ann.dtype) == _mlir_type(data.view.dtype):
            data = _offset_view(data.view, data.offset, ann)
        else:
            data = (_global_carve if data.view.space == "global" else
                    _carve)(data.view, data.offset, ann)
    elif isinstance(data, _views.View) and data.space in ("shared",
                                                          "global") and \
            _mlir_type(ann.dtype) != _mlir_type(data.dtype):
        data = (_global_carve if data.space == "global" else _carve)(
            data, 0, ann)
    if ann.dtype != data.dtype and _mlir_type(ann.dtype) != \
            _mlir_type(data.dtype):
        raise TileTypeError(f"T.decl_tensor of {ann.dtype} over "
                            f"{data.dtype} data")
    if data.frag is not None:  # A fragment tile's registers, in a row.
        data = data._with(shape=(data.frag.span(),), strides=(1,),
                          dist=[None], frag=None)
    if data.space == "reg":
        # Each thread's own registers: the distributed axes take no storage.
        data = data._with(shape=[n for n, d in zip(data.shape, data.dist)
                                 if d is None],
                          strides=[s for s, d in zip(data.strides, data.dist)
                                   if d is None],
                          dist=[None] * sum(d is None for d in data.dist))
    if data.space == "reg" and ann.layout is not None and any(
            isinstance(st, _views.AxisStride)
            for st in ann.layout.spec.strides):
        if not _views.is_fragment_layout(ann.shape, ann.layout.spec):
            return _distributed_view(data, ann)
        return _fragment_view(data, ann)
    if math.prod(ann.shape) > _elements(data):
        raise TileValueError(f"T.decl_tensor of {ann.shape} over "
                             f"{data.shape} elements")
    if ann.swizzle is not None and (
            data.space != "shared" or not isinstance(data.offset, int) or
            data.offset % ann.swizzle.span() or
            _elements(data) % ann.swizzle.span()):
        raise TileValueError(
            f"T.decl_tensor with a T.ComposeLayout: its data is shared "
            f"storage whose start and size are whole swizzle patterns of "
            f"{ann.swizzle.span()} elements, got {data!r} at offset "
            f"{data.offset} ({_elements(data)} elements)")
    base = ann.layout.spec.base if ann.layout is not None else 0
    if data.space == "reg" and not isinstance(base, int):
        raise TileValueError(
            f"T.decl_tensor of registers at a run-time element offset "
            f"(+ {base!r}): a thread's registers are named when the kernel "
            "is compiled")
    if ann.layout is not None and ann.layout.spec.has_base() and \
            ann.layout.spec.span() > math.prod(data.shape):
        raise TileValueError(
            f"T.decl_tensor's layout + {base!r} addresses elements up to "
            f"{ann.layout.spec.span() - 1}, beyond the {data.shape} "
            "elements of its data")
    splits = {}
    if ann.layout is not None and data.space != "reg":
        strides, splits = _views.split_strides(ann.shape, ann.layout.spec)
    elif ann.layout is not None:
        strides = _views.fold_layout(ann.shape, ann.layout.spec)
    else:
        strides = _row_major_strides(ann.shape)
    return data._with(dtype=ann.dtype, shape=ann.shape, strides=strides,
                      dist=[None] * len(ann.shape), splits=splits,
                      offset=_views._add_base(data.offset, base),
                      swizzle=ann.swizzle)


def _from_element(element):
    """The storage of `element`'s root from that element on (TIRx's
    `(float*)(&A_ptr[k * 8])`): the root's elements in a row, at the
    element's offset."""
    element.plain("T.decl_tensor at an element's address")
    root = element.root
    if element.space not in ("shared", "global"):
        raise TileTypeError("T.decl_tensor at an element's address: of a "
                            "shared or global tensor")
    # (Shared and global roots are declared row-major: dense.)
    return _views.View(root, element.space, element.dtype,
                       (math.prod(root.declared[1]),), (1,),
                       offset=element.offset)


def _short(value):
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _scalar_bits(ann, value, pname):
    """The bits of a scalar argument in its parameter's type: a bool for
    bool, an integer in the dtype's range for the integer dtypes (no
    wrapping), a real number for the float dtypes (rounded once to nearest
    even; one that would round to infinity is an error)."""
    what = f"argument '{pname}' ({ann.dtype})"
    if ann.elt == "i1":
        if isinstance(value, bool) or type(value).__name__ in ("bool_",
                                                                "bool"):
            return int(bool(value))
        raise TileTypeError(f"{what} must be a bool, got "
                            f"{type(value).__name__} {_short(value)}")
    if ann.dtype in _INT_RANGES:
        bits, signed = _INT_RANGES[ann.dtype]
        v = as_int(value, what)
        lo, hi = ((-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed
                  else (0, (1 << bits) - 1))
        if not lo <= v <= hi:
            raise TileValueError(f"{what} = {v} is outside [{lo}, {hi}]")
        return v & ((1 << bits) - 1)
    return _round_float(value, ann.elt, what)[0]


def _host_scalar(ann, value, pname):
    """A scalar argument as the Python number TIRx's host code computes a
    launch grid with (after _scalar_bits's checks)."""
    _scalar_bits(ann, value, pname)
    if ann.elt == "i1":
        return bool(value)
    if ann.dtype in _INT_RANGES:
        return as_int(value, pname)
    return float(value)


class _HostArg:
    """A numpy argument: `array` (the caller's), `copy` (C-contiguous, native
    byte order: the bytes that go to the kernel; `array` itself where it is
    all that already and writeable), `original` (for a read-only array: its
    bits, to check that the kernel left them alone)."""

    def __init__(self, pname, ann, array, copy):
        self.pname, self.ann, self.array, self.copy = pname, ann, array, copy
        self.original = None if array.flags.writeable else copy.copy()

    def store(self, result):
        """Writes the kernel's `result` (native, C-contiguous) back into the
        caller's array, converting to its byte order and layout; for a
        read-only array, checks that nothing changed instead."""
        import numpy as np
        if self.original is not None:
            u = f"u{result.itemsize}"
            if not np.array_equal(result.view(u), self.original.view(u)):
                raise TileError(f"the kernel wrote to argument "
                                f"'{self.pname}', a read-only array; its "
                                "results are not stored (pass a writeable "
                                "array)")
            return
        if result is not self.array:
            self.array[...] = result


class PrimFunc:
    """A traced kernel: `.mlir`, `.ptx(chip)`, and calling runs it."""

    def __init__(self, fn, extents=None):
        if not callable(fn):
            raise TileTypeError("@T.function decorates a function")
        # T.dynamic extents: traced per call's values (_specialized).
        self._fn, self._extents, self._specs = fn, extents, {}
        self.name = _identifier(getattr(fn, "__name__", None), "kernel name")
        self.params = []
        # Loaded modules by (device, sm): each kernel is loaded once per
        # device and stays loaded for the process.
        self._modules = {}
        self._ptx = {}  # PTX by module text: compiled once per process.
        # CPU engines by module text (the argument signature's).
        self._cpu_engines = {}
        self._finalizer = None
        sig = inspect.signature(fn)
        for pname, p in sig.parameters.items():
            if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                raise TileError(f"parameter '{pname}' of {self.name}: only "
                                "positional parameters can be kernel "
                                "parameters")
            _identifier(pname, f"parameter name of {self.name}")
            ann = p.annotation
            if callable(ann) and getattr(ann, "_tile_dtype", None):
                ann = Scalar(ann._tile_dtype)  # `x: T.float32`, as in TIRx
            if isinstance(ann, Tensor) and ann.scope not in (None,
                                                             "global"):
                raise TileError(f"parameter '{pname}' of {self.name}: a "
                                "kernel parameter is a global tensor (a "
                                "shared or local scope is for "
                                "T.decl_tensor)")
            if not isinstance(ann, (Tensor, Scalar)):
                raise TileError(f"parameter '{pname}' of {self.name} needs a "
                                "T.Tensor(shape, dtype), T.Scalar(dtype) or "
                                "scalar type (T.float32, T.int32, T.bool, "
                                "...) annotation")
            if isinstance(ann, Tensor) and ann.swizzle is not None:
                raise TileError(f"parameter '{pname}' of {self.name}: a "
                                "T.ComposeLayout (swizzled) layout is for "
                                "shared memory")
            if isinstance(ann, Tensor) and extents is not None:
                ann = ann.bound(extents)
            if isinstance(ann, Tensor) and ann.layout is not None and \
                    not ann.dynamic_dims() and \
                    ann.layout.spec.span() > math.prod(ann.shape):
                raise TileValueError(
                    f"parameter '{pname}' of {self.name}: its layout "
                    f"addresses elements up to {ann.layout.spec.span() - 1},"
                    f" beyond the {math.prod(ann.shape)} elements of a "
                    f"{tuple(ann.shape)} array (the caller's array is its "
                    "storage)")
            self.params.append((pname, ann))
        self._dynamic = sorted({d.name for _, a in self.params
                                if isinstance(a, Tensor)
                                for d in a.dynamic_dims()})
        if self._dynamic:
            return  # Traced at each call, for the extents it brings.
        args, b = self._trace()
        self.launch = b.launch or _LaunchConfig()
        self._grids = {}  # Grids computed from scalar arguments, by value.
        # It synchronizes its grid: every launch is cooperative, and the
        # CPU backend runs its blocks together (a grid known when it
        # compiles).
        self._grid_sync = getattr(b, "grid_sync", False)
        self._dynamic_bytes = max(_shared_bytes_of(b.dynamic_root),
                                  getattr(b, "dynamic_end", 0))
        # Where narrowing read the block, or the kernel's attributes name
        # it (.maxntid, .reqntid), it is the only block it runs with.
        attrs = getattr(b, "kernel_attrs", None)
        pinned = attrs is not None and (attrs.min_blocks_per_sm is not None
                                        or attrs.required_block_size)
        self._fixed_block = self.launch.block \
            if b.block_dependent or pinned else None
        self._fixed_block_why = "its thread guards depend on them" \
            if b.block_dependent else "its kernel attributes name them"
        # Tensor parameters that an instruction may write (its destination).
        self.written = frozenset(b.written)
        # TMA copies' tensor maps: grid-constant parameters after the
        # function's own, which each launch encodes (_tma.encode).
        self._tensor_maps = list(getattr(b, "tensor_maps", []))
        sig_text = ", ".join([f"{a.name}: {a.type}" if isinstance(a, _Value)
                              else f"{a.root[0]}: {a.root[1]}"
                              for a in args] +
                             [f"{m['name']}: memref<128xi8> "
                              "{tile.grid_constant}"
                              for m in self._tensor_maps])
        if b.workgroup:
            sig_text += ") workgroup(" + ", ".join(
                f"{n} : {t}" + (f" {{llvm.align = {b.smem_align[n]} : i64}}"
                                 if n in b.smem_align else "")
                for n, t in b.workgroup)
        body = "".join(f"      {line}\n" for line in b.lines)
        # Each root's type, now that its uses are known (a dtype view may
        # have retyped it); a parameter's storage is what the host passes.
        self._storage = {}
        for root in b.roots + [a.root for a in args
                               if isinstance(a, _views.View)]:
            final = root.final_type()
            if root.parent is not None and root.mixed():
                body = _carve_alias(root, body)
            elif (root.mixed() or root.carved) and \
                    root is not b.dynamic_root and root.parent is None:
                sig_text, body = _alias_shared(root, sig_text, body, final)
            alias = f"!tile_root<{root.name[1:]}__as>"
            body = body.replace(alias, root.stored[3] if root.stored
                                else final)
            if not root.mixed():
                body = re.sub(re.escape(root.alias_name) + r"\b", root.name,
                              body)
            if root is b.dynamic_root:
                body = _dynamic_shared_views(root, final) + body
            sig_text = sig_text.replace(root.placeholder, final)
            body = body.replace(root.placeholder, final)
            if root.space == "global" and final != root.declared[3]:
                self._storage[root.name[1:]] = root.stored[:2]
        for m in self._tensor_maps:
            if m["param"] in self._storage:
                raise TileError(f"parameter '{m['param']}' of {self.name} is "
                                "viewed with another dtype; a TMA copy "
                                "needs it as declared")
        code = getattr(fn, "__code__", None)
        where = (f' loc("{_mlir_string(code.co_filename)}":'
                 f'{code.co_firstlineno}:1)' if code else "")
        # The PTX ISA version its instructions need (the table's floors):
        # raised above the chip's own where one needs more.
        self._ptx_floor = getattr(b, "ptx_floor", 0)
        self._arch_chips = sorted(getattr(b, "arch_chips", ()))
        # Whether its float32 arithmetic is nvcc's --use_fast_math build's
        # (TIRx's default; T.device_entry's backend_config, or
        # set_backend_config, may say otherwise).
        self.fast_math = b.__dict__.get("fast_math",
                                        _float_mode(_DEFAULT_CONFIG))
        attrs = getattr(b, "kernel_attrs", None)
        attrs = attrs.nvvm(self.launch) if attrs is not None else []
        if getattr(b, "dynamic_align", 1) > 16:
            attrs = list(attrs) + [f"tile.dynamic_shared_align = "
                                   f"{b.dynamic_align} : i64"]
        attrs = f" attributes {{{', '.join(attrs)}}}" if attrs else ""
        self._kernel = (f"    gpu.func @{self.name}({sig_text}) kernel"
                        f"{attrs} {{\n"
                        f"{body}      gpu.return\n    }}{where}\n")

    def _trace(self, scalars=None):
        """Runs the function on a new builder: its arguments (each scalar a
        kernel value, or with `scalars` the Python number given for it) and
        the builder."""
        args = []
        for pname, ann in self.params:
            if isinstance(ann, Scalar):
                args.append(_Expr(f"%{pname}", ann.dtype, param=pname)
                            if scalars is None else scalars[pname])
            else:
                ty, strides = ann.mlir_type(), _row_major_strides(ann.shape)
                root = _views.Root(f"%{pname}", ty, ann.shape, strides,
                                   ann.dtype, "global")
                args.append(_views.View(root, "global", ann.dtype, ann.shape,
                                        strides, param=pname))
        names = [f"%{pname}" for pname, _ in self.params]
        b = _Builder(taken=names)
        b.probe = scalars is not None
        for a in args:
            if isinstance(a, _Value):
                b.value(a.name, a.type)
            elif isinstance(a, _views.View):
                b.value(a.root[0], a.root[1])
        outer, _CURRENT.builder = _CURRENT.builder, b
        try:
            # A parameter with a layout (TIRx's `T.Tensor(shape, dtype,
            # layout=...)`): the caller's array is its storage, addressed
            # by the layout's strides, as TIRx addresses its data pointer.
            views = [decl_tensor(a, ty_args=[ann])
                     if isinstance(ann, Tensor) and ann.layout is not None
                     else a for a, (_, ann) in zip(args, self.params)]
            _rewrite.rewrite(self._fn, _extent_values(
                self._fn, self._extents))(*views)
        finally:
            _CURRENT.builder = outer
        return args, b

    def _host_grid(self, arrays):
        """The grid of a launch computed from scalar parameters, as TIRx's
        host code computes it at each launch: the function run on the host
        up to its T.device_entry, each scalar argument a Python number (an
        integer, a bool or a float), integer arithmetic exact. Kept per
        values."""
        values = {pname: _host_scalar(ann, a, pname)
                  for (pname, ann), a in zip(self.params, arrays)
                  if isinstance(ann, Scalar)}
        key = tuple(values.values())
        if key not in self._grids:
            try:
                self._trace(values)
            except _Probed as done:
                self._grids[key] = done.launch.grid
            except TileError as e:
                raise type(e)(f"the launch grid of {self.name} for "
                              f"{values}: {e}") from None
        return self._grids[key]

    def grid_of(self, *arrays, **named):
        """The grid (x, y, z) a call with these arguments launches by
        default: the launch's own, or the one computed from the scalar
        arguments (LaunchConfig.from_scalars)."""
        arrays = self._bind(arrays, named)
        if self._dynamic:
            return self._specialized(arrays).grid_of(*arrays)
        self._check_arguments(arrays)
        return self._launch_dims(None, None, arrays)[0]

    def specialize(self, **extents):
        """The kernel for these values of its T.dynamic extents
        (`k.specialize(n=100)`), traced once per values and kept."""
        if not self._dynamic:
            raise TileError(f"{self.name} has no T.dynamic extents")
        if sorted(extents) != self._dynamic:
            raise TileTypeError(f"{self.name}.specialize takes the extents "
                                f"{', '.join(self._dynamic)}, got "
                                f"{', '.join(sorted(extents)) or 'none'}")
        key = tuple(as_int(extents[n], f"T.dynamic extent {n}")
                    for n in self._dynamic)
        if any(v < 1 for v in key):
            raise TileValueError(f"{self.name}: T.dynamic extents "
                                 f"{dict(zip(self._dynamic, key))} must be "
                                 "positive")
        if key not in self._specs:
            self._specs[key] = PrimFunc(self._fn, dict(zip(self._dynamic,
                                                           key)))
        return self._specs[key]

    def _specialized(self, arrays):
        """The kernel for the T.dynamic extents of `arrays`' shapes."""
        found = {}
        for (pname, ann), a in zip(self.params, arrays):
            if not isinstance(ann, Tensor) or not ann.dynamic_dims():
                continue
            iface = getattr(a, "__cuda_array_interface__", None)
            shape = tuple(iface["shape"]) if iface else getattr(a, "shape",
                                                                None)
            if shape is None or len(shape) != len(ann.shape):
                raise TileTypeError(
                    f"{self.name}: argument '{pname}' must have "
                    f"{len(ann.shape)} dimensions, got {shape!r}")
            for d, n in zip(ann.shape, shape):
                if isinstance(d, _Dynamic) and \
                        found.setdefault(d.name, n) != n:
                    raise TileValueError(
                        f"{self.name}: T.dynamic extent {d.name} is "
                        f"{found[d.name]} in one argument and {n} in "
                        f"'{pname}'")
        return self.specialize(**found)

    def module(self, chip="sm_90"):
        """The MLIR module (a gpu.module targeting `chip`)."""
        if self._dynamic:
            raise TileError(
                f"{self.name} has T.dynamic extents "
                f"({', '.join(self._dynamic)}): its code is made for their "
                "values at each call, or by "
                f"{self.name}.specialize({self._dynamic[0]}=...)")
        if not isinstance(chip, str) or not _CHIP.fullmatch(chip):
            raise TileError(f"chip {chip!r} is not an SM name such as sm_90 "
                            "or sm_90a")
        chip = self._arch_chip(chip)
        features = ""
        if self._ptx_floor > instr_table.chip_min_ptx(chip):
            features = f', features = "+ptx{self._ptx_floor}"'
        return ("module attributes {gpu.container_module} {\n"
                f'  gpu.module @{self.name}_module [#nvvm.target<chip = '
                f'"{chip}"{features}>] {{\n{self._kernel}  }}\n}}\n')

    def _arch_chip(self, chip):
        """`chip`, or its arch-specific variant (sm_90 -> sm_90a) where the
        kernel uses forms of arch-specific chips only."""
        if not self._arch_chips or chip in self._arch_chips:
            return chip
        for suffix in ("a", "f"):
            if chip + suffix in self._arch_chips:
                return chip + suffix
        raise TileError(f"{self.name} uses instructions of "
                        f"{', '.join(self._arch_chips)} only; it cannot be "
                        f"compiled for {chip}")

    @property
    def mlir(self):
        return self.module()

    def ptx(self, chip="sm_90"):
        """PTX for `chip`: compiled once per process, and kept in the PTX
        cache on disk ($TILE_MLIR_PTX_CACHE, by default
        ~/.cache/tile-mlir/ptx; empty: none), so later processes, and a
        machine without the compiler, run what was compiled before
        (tile_mlir.compiler.cached_ptx says when an entry is used)."""
        text = self.module(chip)
        if text not in self._ptx:
            # Source locations do not change the PTX: key on the text
            # without them, so another checkout path finds the same entry.
            key_text = re.sub(r' loc\("(?:[^"\\]|\\.)*":\d+:\d+\)', "",
                              text)
            self._ptx[text] = cached_ptx(text, key_text)
        return self._ptx[text]

    def sass(self, chip="sm_90"):
        """The SASS of the kernel for `chip` (ptxas, then cuobjdump from the
        nvidia-cuda-cuobjdump wheel or PATH)."""
        return sass_of(self.ptx(chip), chip)

    @staticmethod
    def _device_view(a):
        """(pointer, shape, strides in elements, dtype name, read-only) of a
        CUDA array: an object with __cuda_array_interface__ (torch, cupy) or
        a CUDA DLPack tensor (__dlpack__ with a CUDA __dlpack_device__); None
        for host arrays."""
        try:
            iface = getattr(a, "__cuda_array_interface__", None)
        except KeyError:  # torch's float8 tensors have no typestr.
            iface = None
        if iface is None:
            view = _torch_float8_view(a) or _dlpack_view(a)
            return None if view is None else view + (False,)
        import numpy as np
        try:
            dtype = np.dtype(iface["typestr"])
            shape = tuple(int(d) for d in iface["shape"])
            ptr, readonly = iface["data"]
        except (KeyError, TypeError, ValueError) as e:
            raise TileError(f"unusable __cuda_array_interface__: {e}") \
                from None
        if not dtype.isnative:
            raise TileError(f"a CUDA array of byte order {iface['typestr']!r}"
                            " (not this machine's) cannot be used in place")
        if iface.get("mask") is not None:
            raise TileError("masked CUDA arrays are not supported")
        if not isinstance(ptr, int) or isinstance(ptr, bool):
            raise TileError("unusable __cuda_array_interface__: data "
                            f"pointer {ptr!r}")
        if iface.get("strides") is None:
            strides = _row_major_strides(shape)
        else:
            if len(iface["strides"]) != len(shape):
                raise TileError("unusable __cuda_array_interface__: "
                                f"{len(shape)} sizes, "
                                f"{len(iface['strides'])} strides")
            if any(s % dtype.itemsize for s in iface["strides"]):
                raise TileError("a CUDA array's strides must be whole "
                                f"elements, got {iface['strides']} bytes")
            strides = [s // dtype.itemsize for s in iface["strides"]]
        # torch's bfloat16 has no numpy typestr of its own ("<V2").
        name = dtype.name
        torch_dtype = getattr(a, "dtype", None)
        if str(torch_dtype) == "torch.bfloat16":
            name = "bfloat16"
        return ptr, shape, strides, name, bool(readonly)

    def _check_arguments(self, arrays):
        """Checks every argument against its parameter before any work
        (by dtype, not by size: an int32 array is not a float32 tensor) and
        returns what each becomes: ("scalar", bits), ("host", _HostArg) or
        ("device", view)."""
        import numpy as np
        if len(arrays) != len(self.params):
            raise TileTypeError(f"{self.name} takes {len(self.params)} "
                                f"arguments, got {len(arrays)}")
        plan = []
        for (pname, ann), a in zip(self.params, arrays):
            if isinstance(ann, Scalar):
                plan.append(("scalar", _scalar_bits(ann, a, pname)))
                continue
            view = self._device_view(a)
            if view is not None:
                shape, dtype, readonly = view[1], view[3], view[4]
            elif isinstance(a, np.ndarray) and \
                    not isinstance(a, np.ma.MaskedArray):
                shape, dtype, readonly = (a.shape, a.dtype.name,
                                          not a.flags.writeable)
            else:
                raise TileTypeError(f"argument '{pname}' must be a numpy "
                                    "array or a CUDA array "
                                    "(__cuda_array_interface__ or "
                                    "__dlpack__: torch, cupy), got "
                                    f"{type(a).__name__}")
            if shape != ann.shape:
                raise TileValueError(f"argument '{pname}' must be an array "
                                     f"of shape {ann.shape}, got {shape}")
            if dtype != ann.dtype:
                raise TileTypeError(f"argument '{pname}' has dtype {dtype},"
                                    f" expected {ann.dtype}")
            if readonly and pname in self.written:
                raise TileValueError(f"argument '{pname}' is read-only, but "
                                     f"{self.name} writes it")
            if view is not None:
                dense = _views._dense_base(view[1], view[2])
                if dense != 1 and math.prod(view[1]) > 1:
                    # The kernel's parameters are row-major: another layout
                    # would be read as if it were (no copy is made here).
                    raise TileValueError(
                        f"argument '{pname}': a CUDA array with strides "
                        f"{tuple(view[2])} (elements) is used in place, and "
                        f"{self.name} reads it as row-major; pass a "
                        "contiguous array (.contiguous())")
                plan.append(("device", view))
                continue
            native = a.dtype.newbyteorder("=")
            if a.dtype.isnative and a.flags.c_contiguous and \
                    a.flags.writeable:
                copy = a
            else:  # Byte-swapped, strided or read-only: a native copy.
                copy = np.ascontiguousarray(a, dtype=native)
                if copy is a or np.shares_memory(copy, a):
                    copy = copy.copy()
            if native == np.bool_ and copy.view(np.uint8).max() > 1:
                copy = np.ascontiguousarray(copy.view(np.uint8) != 0)
            plan.append(("host", _HostArg(pname, ann, a, copy)))
        # An output sharing memory with another argument would be copied
        # back over it (or it over the output).
        hosts = [h for kind, h in plan if kind == "host"]
        for i, h in enumerate(hosts):
            for g in hosts[i + 1:]:
                out = [n for n in (h.pname, g.pname) if n in self.written]
                if out and np.may_share_memory(h.array, g.array) and \
                        _shares_memory(h.array, g.array):
                    raise TileValueError(
                        f"arguments '{h.pname}' and '{g.pname}' share memory "
                        f"and {self.name} writes '{out[0]}'; pass separate "
                        "arrays")
        return plan

    def _launch_dims(self, launch=None, grid=None, args=None):
        """The launch configuration, checked again (grid, block): `launch`
        (a T.cuda.LaunchConfig for this call) or the kernel's own, with its
        grid replaced by `grid` (`kernel[grid](...)`: dimensions, or a
        callable of the arguments by parameter name, as in Triton)."""
        launch = self.launch if launch is None else launch
        if not isinstance(launch, _LaunchConfig):
            raise TileTypeError(f"the launch of {self.name} must be a "
                                "T.cuda.LaunchConfig, got "
                                f"{type(launch).__name__}")
        g = launch.grid
        if grid is None and launch.from_scalars:
            grid = self._host_grid(args)
        if grid is not None:
            if callable(grid):
                grid = grid({pname: a for (pname, _), a in
                             zip(self.params, args or ())})
            g = grid
        g, b, _ = check_launch(g, launch.block)
        if launch.cluster != self.launch.cluster:
            raise TileValueError(
                f"{self.name} was traced for clusters of "
                f"{self.launch.cluster} (its cluster ids depend on them); it "
                f"cannot run with {launch.cluster}")
        if self.launch.cluster is not None:
            check_cluster(self.launch.cluster, g)
        if self._grid_sync and not launch.cooperative:
            raise TileValueError(
                f"{self.name} synchronizes its grid (T.cuda.grid_sync): its "
                "launch must be cooperative (T.cuda.LaunchConfig(..., "
                "cooperative=True))")
        if self._fixed_block is not None and tuple(b) != \
                tuple(self._fixed_block):
            raise TileValueError(
                f"{self.name} was traced for blocks of {self._fixed_block} "
                f"({self._fixed_block_why}); it cannot run with {b}")
        return g, b

    def _shared_bytes(self, launch=None):
        """The bytes of dynamic shared memory of a launch: its
        dynamic_smem_bytes (at least the shared.dyn buffer's), or the
        buffer's."""
        launch = self.launch if launch is None else launch
        asked = launch.dynamic_smem_bytes
        if asked is None:
            return self._dynamic_bytes
        if asked < self._dynamic_bytes:
            raise TileValueError(
                f"{self.name}'s shared.dyn buffer takes "
                f"{self._dynamic_bytes} bytes, more than the launch's "
                f"dynamic_smem_bytes={asked}")
        return asked

    def __getitem__(self, grid):
        """`kernel[grid](*args)`: launches with `grid` (an int, 1 to 3 ints,
        or a callable of the arguments by name that returns them) and the
        kernel's block."""
        return functools.partial(self.__call__, grid=grid)

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

    def _cpu_module(self, plan, grid=None):
        """The kernel's module with a host function @tile_host that launches
        it: the kernel's parameters, then the grid and block sizes (the grid
        `grid`, constant, where it is given)."""
        params, args = [], []
        for i, ((pname, ann), _) in enumerate(zip(self.params, plan)):
            ty = self._stored_ann(pname, ann).mlir_type()
            params.append(f"%a{i}: {ty}")
            args.append(f"%a{i} : {ty}")
        for k, m in enumerate(self._tensor_maps):
            params.append(f"%m{k}: memref<128xi8>")
            args.append(f"%m{k} : memref<128xi8>")
        params += [f"%d{k}: index" for k in range(6)] + ["%d6: i32"]
        # The CPU backend lays a cluster's CTAs out when it compiles: its
        # shape is constant.
        consts, clusters, blocks = "", "", "%d0, %d1, %d2"
        if self.launch.cluster is not None:
            consts = "".join(f"    %c{k} = arith.constant {n} : index\n"
                             for k, n in enumerate(self.launch.cluster))
            clusters = "clusters in (%c0, %c1, %c2) "
        # ... and a cooperative launch's blocks, which run together.
        if grid is not None:
            consts += "".join(f"    %g{k} = arith.constant {n} : index\n"
                              for k, n in enumerate(grid))
            blocks = "%g0, %g1, %g2"
        launch = (f"gpu.launch_func @{self.name}_module::@{self.name} "
                  f"{clusters}blocks in ({blocks}) threads in (%d3, %d4, "
                  "%d5) dynamic_shared_memory_size %d6" +
                  (f" args({', '.join(args)})" if args else ""))
        head, tail = self.mlir.rsplit("}", 1)
        return (head + f"  func.func @tile_host({', '.join(params)}) {{\n"
                f"{consts}    {launch}\n    return\n  }}\n}}" + tail)

    def _cpu_engine(self, plan, grid=None):
        """The CPU engine of the kernel for this argument signature (and
        grid, where it is constant: a kernel that synchronizes its grid):
        the module is compiled by the JIT once per process, and its object
        code kept in the on-disk cache
        (tile_mlir.compiler.cached_cpu_engine)."""
        mlir = self._cpu_module(plan, grid)
        engine = self._cpu_engines.get(mlir)
        if engine is not None:
            return engine
        engine, diags = cached_cpu_engine(mlir)
        errors = [d for d in diags if d.severity == "error"]
        issue_warnings([(d.file or "<tile>", d.line, d.message)
                        for d in diags if d.severity == "warning"])
        if engine is None:
            raise TileError("\n".join(str(d) for d in (errors or diags)) or
                            "the CPU backend cannot compile the kernel")
        self._cpu_engines[mlir] = engine
        return engine

    def _run_cpu(self, arrays, plan, grid, block, shared):
        """The CPU backend: runs the kernel in this process's CPU engine
        (each run in a forked child) on the checked copies of the numpy
        `arrays`, and writes the results back."""
        import ctypes
        for (pname, ann), (kind, _) in zip(self.params, plan):
            if kind == "device":
                raise TileError(f"argument '{pname}': the CPU backend takes "
                                "numpy arrays")
        engine = self._cpu_engine(plan, grid if self._grid_sync else None)
        args, hosts, where = [], [], {}
        for (pname, ann), (kind, arg) in zip(self.params, plan):
            if kind == "scalar":
                args.append(_scalar_arg(ann.elt, arg))
                continue
            hosts.append(arg)
            c = self._stored_array(pname, arg.copy)
            args += _descriptor(c.ctypes.data, c)
            where[pname] = (c.ctypes.data,
                            [n // c.itemsize for n in c.strides])
        maps = [self._tensor_map_array(m, where, engine.encode_tensor_map)
                for m in self._tensor_maps]
        for m in maps:
            args += _descriptor(m.ctypes.data, m)
        args += [ctypes.c_int64(int(v)) for v in list(grid) + list(block)]
        args.append(ctypes.c_int32(shared))
        status, report = engine.run("tile_host", args,
                                    [h.copy for h in hosts])
        if status != 0:
            what = (f"ended with signal {status - 128}" if status > 128 else
                    f"failed (status {status})")
            raise TileError(f"kernel {self.name} on the CPU backend {what}"
                            + (f":\n{report.strip()}" if report.strip()
                               else ""))
        if report.strip():
            import sys
            sys.stderr.write(report)
        # Read-only arguments are checked before anything is written back.
        for h in sorted(hosts, key=lambda h: h.original is None):
            h.store(h.copy)
        return arrays

    @staticmethod
    def _tensor_map_array(spec, where, encoder):
        """The CPU backend's map of TMA copy `spec` (a 64-byte aligned
        numpy array of 128 bytes) for arguments at `where` (by parameter:
        host address, element strides)."""
        import numpy as np
        raw = np.zeros(128 + 64, np.uint8)
        skip = -raw.ctypes.data % 64
        out = raw[skip:skip + 128]
        out[:] = np.frombuffer(bytes(_tma.encode(spec, *where[spec["param"]],
                                                 encoder)), np.uint8)
        return out

    def __call__(self, *arrays, stream=None, backend="auto", launch=None,
                 grid=None, **named):
        """Runs the kernel. numpy arrays are copied in, and back out after
        the launch (in their own byte order and layout); CUDA arrays (torch,
        cupy: __cuda_array_interface__) are used in place, with no copy.
        `stream` (an int CUstream handle, or an object with `cuda_stream` or
        `ptr`, e.g. torch.cuda.Stream or cupy.cuda.Stream) queues the launch
        on the caller's stream without waiting; by default the launch goes
        to the default stream.

        `backend`: "cuda" runs on the GPU, "cpu" on the CPU backend (the
        kernel as host code with the reference semantics; numpy arrays only),
        "auto" (the default) on the GPU where a CUDA driver and device are
        present and on the CPU otherwise.

        Everything is checked before any code is generated or launched: the
        arguments (shape, dtype, scalars' range), the launch configuration
        (against the CUDA limits) and the stream."""
        from ..runtime import CudaError, CudaRuntime
        if not isinstance(backend, str) or backend not in ("auto", "cuda",
                                                           "cpu"):
            raise TileValueError(f"backend {backend!r} is not 'auto', 'cuda' "
                                 "or 'cpu'")
        arrays = self._bind(arrays, named)
        if self._dynamic:
            return self._specialized(arrays)(
                *arrays, stream=stream, backend=backend, launch=launch,
                grid=grid)
        try:
            plan = self._check_arguments(arrays)
            grid, block = self._launch_dims(launch, grid, arrays)
            shared = self._shared_bytes(launch)
            cooperative = (self.launch if launch is None
                           else launch).cooperative
            stream = _stream_handle(stream)
            if stream is None:
                stream = _current_stream(arrays)
            if backend == "cpu":
                return self._run_cpu(arrays, plan, grid, block, shared)
            if backend == "auto" and all(kind != "device"
                                         for kind, _ in plan):
                try:
                    CudaRuntime.get()
                except CudaError as e:
                    warnings.warn(f"{self.name} runs on the CPU backend: no "
                                  f"CUDA device ({e})", TileWarning,
                                  stacklevel=2)
                    return self._run_cpu(arrays, plan, grid, block, shared)
            return self._run_cuda(arrays, plan, grid, block, shared, stream,
                                  cooperative)
        finally:
            _DLPACK_KEEP.clear()

    def _stored_ann(self, pname, ann):
        """The annotation of a parameter as the kernel declares it (a dtype
        view's type where every use is through one)."""
        if pname not in self._storage:
            return ann
        dtype, shape = self._storage[pname]
        return Tensor(shape, dtype)

    def _stored_array(self, pname, array):
        """A C-contiguous host array as the kernel's parameter sees it."""
        if pname not in self._storage:
            return array
        import numpy as np
        dtype, shape = self._storage[pname]
        return array.view(np.dtype(dtype)).reshape(shape)

    def _bind(self, arrays, named):
        """The arguments in parameter order: positional ones, then those
        given by parameter name."""
        names = [pname for pname, _ in self.params]
        if len(arrays) > len(names):
            raise TileTypeError(f"{self.name} takes {len(names)} arguments, "
                                f"got {len(arrays)}")
        out = list(arrays)
        for pname in names[len(arrays):]:
            if pname not in named:
                raise TileTypeError(f"{self.name}: missing argument "
                                    f"'{pname}'")
            out.append(named.pop(pname))
        if named:
            extra = sorted(named)[0]
            what = ("given twice" if extra in names else
                    "is not a parameter or a launch option")
            raise TileTypeError(f"{self.name}: argument '{extra}' {what}")
        return tuple(out)

    def _run_cuda(self, arrays, plan, grid, block, shared, stream,
                  cooperative=False):
        from ..runtime import CudaRuntime
        rt = CudaRuntime.get()
        fn = rt.function(self._module(rt), self.name)
        args, buffers, where = [], [], {}
        try:
            for (pname, ann), (kind, arg) in zip(self.params, plan):
                if kind == "scalar":
                    args.append(_scalar_arg(ann.elt, arg))
                    continue
                if kind == "device":
                    ptr, shape, strides = arg[0], arg[1], arg[2]
                    if pname in self._storage:  # Row-major: as stored.
                        shape = self._storage[pname][1]
                        strides = _row_major_strides(shape)
                    args += _descriptor(ptr, shape=shape, strides=strides)
                    where[pname] = (ptr, list(strides))
                    continue
                c = arg.copy
                ptr = rt.alloc(c.nbytes)
                buffers.append((ptr, arg))
                rt.to_device(ptr, c)
                c = self._stored_array(pname, c)
                args += _descriptor(ptr, c)
                where[pname] = (ptr, [n // c.itemsize for n in c.strides])
            args += [_tma.encode(m, *where[m["param"]], rt.encode_tensor_map)
                     for m in self._tensor_maps]
            rt.launch(fn, grid, block, args, shared=shared, stream=stream,
                      cluster=self.launch.cluster, cooperative=cooperative)
            if buffers:
                # The copies back wait for the kernel; a fault is reported
                # here, before anything is copied.
                rt.synchronize()
            for ptr, h in buffers:
                if h.copy is h.array:
                    rt.to_host(h.copy, ptr)  # Straight into the caller's.
            results = []
            for ptr, h in buffers:
                if h.copy is not h.array:
                    rt.to_host(h.copy, ptr)
                    results.append(h)
            # Read-only arguments are checked before anything is written.
            for h in sorted(results, key=lambda h: h.original is None):
                h.store(h.copy)
            return arrays
        finally:
            for ptr, _ in buffers:
                rt.free(ptr)


def _scalar_arg(elt, bits):
    """A scalar kernel argument: its bits in a ctypes value of its size."""
    import ctypes
    if elt == "i1":
        return ctypes.c_bool(bits)
    return {8: ctypes.c_uint8, 16: ctypes.c_uint16, 32: ctypes.c_uint32,
            64: ctypes.c_uint64}[_bits(elt)](bits)


def _descriptor(ptr, array=None, shape=None, strides=None):
    """The fields of a memref descriptor at `ptr` as ctypes values:
    allocated and aligned pointer, offset, sizes, strides (in elements; of
    the C-contiguous `array`, or `shape` and `strides`)."""
    import ctypes
    if array is not None:
        shape = array.shape
        strides = [s // array.itemsize for s in array.strides]
    return ([ctypes.c_uint64(ptr), ctypes.c_uint64(ptr), ctypes.c_int64(0)] +
            [ctypes.c_int64(d) for d in shape] +
            [ctypes.c_int64(s) for s in strides])


def _shares_memory(a, b):
    """Whether `a` and `b` overlap (True where that is too hard to tell)."""
    import numpy as np
    too_hard = getattr(getattr(np, "exceptions", np), "TooHardError")
    try:
        return bool(np.shares_memory(a, b, max_work=1 << 20))
    except too_hard:
        return True


def _current_stream(arrays):
    """The caller's current stream where the arguments are torch tensors or
    CuPy arrays on the GPU (`torch.cuda.current_stream()`,
    `cupy.cuda.get_current_stream()`), as Triton does; None otherwise (the
    default stream)."""
    import sys
    for a in arrays:
        module = type(a).__module__.split(".", 1)[0]
        if module == "torch" and getattr(a, "is_cuda", False):
            torch = sys.modules["torch"]
            return int(torch.cuda.current_stream(a.device).cuda_stream)
        if module == "cupy" and hasattr(a, "__cuda_array_interface__"):
            cupy = sys.modules["cupy"]
            return int(cupy.cuda.get_current_stream().ptr)
    return None


def _stream_handle(stream):
    """None, or the CUstream handle (an int in [0, 2^64)) of `stream`: an
    int, or an object with a `cuda_stream` or `ptr` attribute."""
    if stream is None:
        return None
    if not isinstance(stream, numbers.Integral) or isinstance(stream, bool):
        for attr in ("cuda_stream", "ptr"):
            if hasattr(stream, attr):
                stream = getattr(stream, attr)
                break
        else:
            raise TileTypeError("stream must be a CUstream handle (int) or "
                                "have a cuda_stream or ptr attribute")
    if isinstance(stream, bool) or not isinstance(stream, numbers.Integral):
        raise TileTypeError("stream must be a CUstream handle (int) or "
                            "have a cuda_stream or ptr attribute")
    stream = int(stream)
    if not 0 <= stream < 2**64:
        raise TileValueError(f"stream {stream} is not a CUstream handle")
    return stream


def _extent_values(fn, extents):
    """The rewriter's helpers, with each global or free variable of `fn`
    that is a T.dynamic extent bound to its value in `extents`."""
    if not extents:
        return _REWRITE_HELPERS
    names = dict(fn.__globals__)
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            names[name] = cell.cell_contents
        except ValueError:
            pass
    bound = {name: extents[v.name] for name, v in names.items()
             if isinstance(v, _Dynamic) and v.name in extents}
    return {**_REWRITE_HELPERS, **bound}


def function(fn=None, *, private=False):
    """Decorator: traces `fn` into a tile kernel; `@T.function(private=True)`
    makes a scalar function for `T.cuda.tile.ewise` instead."""
    if fn is None:
        return lambda f: function(f, private=private)
    return ScalarFunc(fn) if private else PrimFunc(fn)


class ScalarFunc:
    """`@T.function(private=True)`: a function of scalars, traced inline
    wherever it is called on kernel values (its parameters' annotations,
    T.float32, T.uint32, ..., convert the arguments; its return annotation
    the result)."""

    def __init__(self, fn):
        self.fn = fn
        self.name = getattr(fn, "__name__", "function")
        sig = inspect.signature(fn)
        self.dtypes = [getattr(p.annotation, "_tile_dtype", None)
                       for p in sig.parameters.values()]
        self.result = getattr(sig.return_annotation, "_tile_dtype", None)
        self._traced = None

    def __call__(self, *args):
        if len(args) != len(self.dtypes):
            raise TileTypeError(f"{self.name} takes {len(self.dtypes)} "
                                f"arguments, got {len(args)}")
        args = [cast(a, d) if d else a for a, d in zip(args, self.dtypes)]
        if self._traced is None:
            self._traced = _rewrite.rewrite(self.fn, _REWRITE_HELPERS)
        out = self._traced(*args)
        return cast(out, self.result) if self.result else out
