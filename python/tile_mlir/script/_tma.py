"""TIRx's TMA pattern: `T.cuda.tile.apply(T.ptx["cp.async.bulk.tensor..."],
shared, A[region], box=..., coords=..., mbar=...)`.

The tensor map is made on the host, from the global region (a region of a
kernel parameter), at each launch: the front-end adds a grid-constant
parameter (`memref<128xi8> {tile.grid_constant}`, CUDA's `__grid_constant__
const CUtensorMap`) to the kernel, and the launch encodes the map from the
argument's address with cuTensorMapEncodeTiled on the GPU, or with the CPU
backend's encoder. The copy is one tile.apply of the opcode, with its
operands in the table's order (the shared box, the map, the coordinates,
then the barrier, CTA mask and cache policy).

Everything about the instruction is read from the table: which operand is
the map, the shared box and the coordinates, the tensor-map data types, the
limits, the swizzle modes.
"""

import itertools
import math
import numbers

from .. import instr_table
from ..compiler import TileError, TileTypeError, TileValueError
from . import _views


def _t():
    from . import tirx
    return tirx


def is_tensor_copy(opcode):
    """Whether `opcode` takes a tensor map (a tensor copy or reduction)."""
    form = instr_table.form_of(opcode)
    return bool(form) and any(o.get("tensor_map")
                              for o in form.get("operands", []))


def _ints(value, what, n=None):
    """`value` (a tuple or list of Python ints) as a tuple."""
    if not isinstance(value, (tuple, list)) or not all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool)
            for v in value):
        raise TileTypeError(f"the TMA pattern's {what} is a tuple of "
                            f"integers, got {value!r}")
    if n is not None and len(value) != n:
        raise TileValueError(f"the TMA pattern's {what} has {len(value)} "
                             f"entries; the instruction has {n} dimensions")
    return tuple(int(v) for v in value)


def _rank(opcode):
    inst = instr_table.instance_of(opcode)
    for q in inst["qualifiers"]:
        if len(q) == 2 and q[1] == "d" and q[0].isdigit():
            return int(q[0])
    raise TileError(f"{opcode}: no dimension qualifier")


def _map_type(dtype, fmt):
    """The table's tensor-map data type (its record) of elements of
    `dtype` (`fmt` "tf32": TFLOAT32)."""
    t = _t()
    types = instr_table.table()["tensor_map_types"]
    elt = t._mlir_type(dtype)
    bits = t._bits(elt)
    if fmt is not None and fmt != dtype:
        if fmt != "tf32" or dtype != "float32":
            raise TileValueError(
                f"the TMA pattern's format {fmt!r} differs from the global "
                f"tensor's {dtype} (only 'tf32' of float32 is another one)")
        return next(r for r in types if r["name"] == "TFLOAT32")
    # The float format: float8's by the front-end's own names (stored as
    # bytes), the others by their element type, a format of the table.
    name = t._FP8.get(dtype) or (elt if elt in instr_table.formats()
                                 else None)
    for r in types:
        if name is not None and name in r["floats"]:
            return r
    signed = t._INT_RANGES.get(dtype, (bits, False))[1]
    names = (["INT", "UINT"] if signed else ["UINT"])
    for prefix in names:
        for r in types:
            if r["name"] == f"{prefix}{bits}":
                return r
    raise TileValueError(f"no tensor-map data type moves {dtype}")


def _swizzle_mode(code):
    for m in instr_table.table()["swizzle_modes"]:
        if m["tensor_map"] == code:
            return m
    raise TileValueError(f"the TMA pattern's swizzle is 0 (none), 1 (32B), "
                         f"2 (64B) or 3 (128B), got {code}")


def _swizzled(byte, mode):
    """Byte offset `byte` of a box under swizzle `mode`: the 16-byte chunk
    index (the 'none' mode's span) exclusive-ored with the 128-byte row's
    (the widest mode's span) low `xor_bits` bits."""
    modes = instr_table.table()["swizzle_modes"]
    chunk = next(m["bytes"] for m in modes if m["xor_bits"] == 0)
    row = max(m["bytes"] for m in modes)
    mask = (1 << mode["xor_bits"]) - 1
    return byte ^ (((byte // row) & mask) * chunk)


def _global_region(view, rank):
    """(parameter, starts, extents) of the TMA pattern's global operand: a
    region of a kernel parameter, of the instruction's rank."""
    t = _t()
    if not isinstance(view, _views.View) or view.space != "global":
        raise TileTypeError("the TMA pattern's global operand is a region "
                            f"of a tensor parameter (A[...]), got {view!r}")
    root_shape = view.root[2]
    if view.param is None or view.swizzle or len(view.shape) != rank or \
            len(root_shape) != rank or \
            tuple(view.strides) != tuple(t._row_major_strides(root_shape)):
        raise TileValueError(
            f"the TMA pattern's global operand must be a region A[...] of a "
            f"{rank}-dimensional tensor parameter, with one slice per axis")
    if not isinstance(view.offset, numbers.Integral):
        raise TileValueError(
            "the TMA pattern's global region starts at kernel values: the "
            "tensor map is made on the host, so its region's start must be "
            "constant (move the block's offset into coords=)")
    starts, rest = [], int(view.offset)
    for stride in view.strides:
        starts.append(rest // stride)
        rest %= stride
    return view.param, starts, list(view.shape)


def _check_box_image(shared, box, bits, mode):
    """Checks that `shared` holds the box as the copy writes it: element
    f (row-major in the box) at byte f * bytes of the box, swizzled by
    `mode`, from an origin aligned to the mode's pattern."""
    t = _t()
    if not isinstance(shared, _views.View) or shared.space != "shared":
        raise TileTypeError("the TMA pattern's shared operand is a region of "
                            f"a T.alloc_shared buffer, got {shared!r}")
    lead = shared.shape[:len(shared.shape) - len(box)]
    if tuple(shared.shape[len(lead):]) != box or any(n != 1 for n in lead):
        raise TileValueError(f"the TMA pattern's shared operand has shape "
                             f"{tuple(shared.shape)}, not the box {box}")
    shared = shared.sub[(0,) * len(lead)] if lead else shared
    nbytes = bits // 8
    align = 128 if mode["xor_bits"] == 0 else mode["bytes"] * 8
    for term, k in _offset_terms(shared.offset):
        if (k * nbytes) % align:
            raise TileValueError(
                f"the TMA pattern's shared box starts at element offset "
                f"{term}{'*' + str(k) if term else ''} of its buffer, not a "
                f"multiple of {align} bytes (the {mode['name']} swizzle's "
                f"pattern)")
    t.require_root_alignment(shared.root, align,
                             "a TMA copy's shared box")
    zero = shared._with(offset=0)
    for flat, index in enumerate(itertools.product(*map(range, box))):
        want = _swizzled(flat * nbytes, mode) // nbytes
        got = zero[index].offset
        if got != want:
            raise TileValueError(
                f"the TMA pattern's shared view puts box element {index} at "
                f"element {got} of the box, where the copy writes it at "
                f"{want} ({mode['name']} swizzle): declare the buffer with "
                "the copy's layout (row-major, or T.ComposeLayout of the "
                "swizzle)")
    return t._spanning(shared.data[(0,) * len(box)], math.prod(box))


def _offset_terms(offset):
    """The (name, coefficient) terms of an element offset and its constant
    ('', constant); an error where it is not affine."""
    form = _t()._affine(offset)
    if form is None:
        raise TileValueError("the TMA pattern's shared box starts at an "
                             "offset that is not affine in kernel values")
    terms, const = form
    return list(terms.items()) + [("", const)]


def _map_parameter(b, spec):
    """The kernel's grid-constant tensor-map parameter for `spec`: the one
    an earlier copy of the same map made, or a new one."""
    if not hasattr(b, "tensor_maps"):
        b.tensor_maps = []
    for old in b.tensor_maps:
        if {k: v for k, v in old.items() if k != "name"} == spec:
            return b.value(old["name"], "memref<128xi8>")
    name = b.fresh("tmap")
    b.taken.add(name)
    spec["name"] = name
    b.tensor_maps.append(spec)
    return b.value(name, "memref<128xi8>")


def _coordinates(coords, rank):
    """The coordinates as an i32 register tile, innermost first (the PTX
    order; TIRx's `coords` are outermost first)."""
    t = _t()
    tile = t.alloc_local((rank,), "int32")
    for i, c in enumerate(reversed(list(coords))):
        if isinstance(c, numbers.Integral) and not isinstance(c, bool):
            tile[i] = t._const_expr(int(c), "int32")
        elif isinstance(c, t._Expr):
            tile[i] = t.cast(c, "int32") if c.dtype != "int32" else c
        else:
            raise TileTypeError(f"a TMA coordinate is an integer or a kernel "
                                f"value, got {c!r}")
    return tile


def _fields(params, rank, box, dtype):
    """The map's fields from the pattern's parameters (checked as the
    driver checks them, with the table's limits)."""
    limits = instr_table.table()["tensor_map_limits"]
    fmt = params.pop("format", None)
    record = _map_type(dtype, fmt)
    es = _ints(params.pop("element_strides", (1,) * rank), "element_strides",
               rank)
    if any(not 1 <= e <= limits["max_element_stride"] for e in es):
        raise TileValueError(f"TMA element_strides are 1 to "
                             f"{limits['max_element_stride']}, got {es}")
    swizzle = params.pop("swizzle", 0)
    interleave = params.pop("interleave", 0)
    l2 = params.pop("l2_promotion", 0)
    oob = params.pop("oob_fill", 0)
    for what, v, top in (("interleave", interleave, 2),
                         ("l2_promotion", l2, 3), ("oob_fill", oob, 1)):
        if not isinstance(v, numbers.Integral) or not 0 <= v <= top:
            raise TileValueError(f"TMA {what} is 0 to {top}, got {v!r}")
    if interleave:
        raise TileError("interleaved TMA maps (interleave=1, 2) are not "
                        "supported")
    mode = _swizzle_mode(swizzle)
    fills = instr_table.table()["tensor_map_fills"]
    if oob and not record["float"]:
        raise TileValueError(f"the NaN fill (oob_fill=1) is for "
                             f"floating-point maps, not {dtype}")
    inner = box[-1] * record["bits"] // 8
    if inner % limits["stride_align"]:
        raise TileValueError(f"the box's inner dimension has {inner} bytes, "
                             f"not a multiple of {limits['stride_align']}")
    if mode["xor_bits"] and inner > mode["bytes"]:
        raise TileValueError(f"the box's inner dimension has {inner} bytes, "
                             f"more than the {mode['name']} swizzle's "
                             f"{mode['bytes']}")
    assert any(f["code"] == oob for f in fills)
    return {"data_type": record["code"], "bits": record["bits"],
            "element_strides": es, "swizzle": swizzle, "l2": l2,
            "oob": oob, "mode": mode}


def apply(opcode, operands, scope, pred, params):
    """`T.cuda.tile.apply` of a tensor copy in TIRx's TMA pattern."""
    t = _t()
    b = t._builder()
    if scope != "thread":
        raise TileError(f"{opcode}: a TMA copy is issued by one thread "
                        f"(scope='thread'), got scope='{scope}'")
    if "im2col" in opcode or "gather4" in opcode or "scatter4" in opcode:
        raise TileError(f"{opcode}: the TMA pattern takes tile-mode copies")
    form = instr_table.form_of(opcode)
    ops = form["operands"]
    if len(operands) != 2:
        raise TileTypeError(f"{opcode}: the TMA pattern takes two operands, "
                            "the destination and the source region")
    load = any(o.get("bulk") and o["space"] == "shared" and
               o["role"] == "def" for o in ops)
    shared, glob = operands if load else operands[::-1]
    rank = _rank(opcode)
    limits = instr_table.table()["tensor_map_limits"]
    box = _ints(params.pop("box", None), "box", rank)
    if any(not 1 <= n <= limits["max_box"] for n in box):
        raise TileValueError(f"a TMA box has 1 to {limits['max_box']} "
                             f"elements per dimension, got {box}")
    steps = params.pop("coord_steps", ())
    pname, starts, extents = _global_region(glob, rank)
    spec = _fields(params, rank, box, glob.dtype)
    if shared.dtype != glob.dtype and \
            t._bits(t._mlir_type(shared.dtype)) != spec["bits"]:
        raise TileValueError("the TMA pattern's global and shared elements "
                             "have different widths")
    if any(e != 1 for e in spec["element_strides"]):
        shape = tuple(-(-n // e) for n, e in
                      zip(box, spec["element_strides"]))
    else:
        shape = box
    copies = _repeats(shared, shape, steps,
                      _sequence(params.pop("coords", None), "coords", rank))
    boxes = [_check_box_image(view, shape, spec["bits"], spec["mode"])
             for view, _ in copies]
    spec.update(param=pname, starts=starts, extents=extents, box=box,
                dtype=glob.dtype)
    if not load:
        b.written.add(pname)
    tmap = _map_parameter(b, spec)
    keyword = {"mbar": "mbar", "ctaMask": "cta_mask",
               "cachePolicy": "cache_policy"}
    named = {}
    for o in ops:
        if o["name"] not in keyword or o.get("tensor_map"):
            continue
        if keyword[o["name"]] not in params:
            raise TileError(f"{opcode}: the TMA pattern needs "
                            f"{keyword[o['name']]}=")
        named[o["name"]] = _keyword_operand(params.pop(keyword[o["name"]]),
                                            o)
    if params:
        raise TileError(f"{opcode}: unknown TMA fields {sorted(params)}")
    for view, (_, coords) in zip(boxes, copies):
        coords = _coordinates(coords, rank)
        args = [tmap if o.get("tensor_map") else
                view if o.get("bulk") and o["space"] == "shared" else
                coords if o["name"] == "tensorCoords" else named[o["name"]]
                for o in ops]
        t._Tile.apply(t.ptx[opcode], *args, pred=pred, scope="thread")


def _keyword_operand(v, operand):
    """A keyword field (mbar=, cta_mask=, cache_policy=) as `operand`."""
    t = _t()
    if isinstance(v, t._Address):
        v = v.view
    dtype = t._PTX_DTYPES.get(operand.get("type", ""))
    if isinstance(v, t._Expr) and dtype and v.dtype != dtype:
        v = t.cast(v, dtype)
    return t._typed_operand(v, operand)


def _sequence(value, what, n):
    if not isinstance(value, (tuple, list)) or len(value) != n:
        raise TileValueError(f"the TMA pattern's {what} has one entry per "
                             f"dimension ({n}), got {value!r}")
    return list(value)


def _repeats(shared, shape, steps, coords):
    """[(shared box, coordinates)] of each copy: one, or one per index of
    the shared operand's leading (repeat) axes, the coordinates moved by
    `coord_steps` (one vector per axis) times the index, as TIRx's pattern
    unrolls them."""
    lead = tuple(shared.shape[:len(shared.shape) - len(shape)]) \
        if isinstance(shared, _views.View) else ()
    if not steps:
        return [(shared, coords)]
    if not isinstance(steps, (tuple, list)) or len(steps) != len(lead):
        raise TileValueError(f"coord_steps has one coordinate vector per "
                             f"leading (repeat) axis of the shared operand "
                             f"{lead}, got {steps!r}")
    steps = [_sequence(s, "coord_steps vector", len(coords)) for s in steps]
    out = []
    for index in itertools.product(*map(range, lead)):
        moved = list(coords)
        for i, step in zip(index, steps):
            moved = [c + i * d if i else c for c, d in zip(moved, step)]
        out.append((shared.sub[index], moved))
    return out


def encode(spec, address, strides, encoder):
    """The 128 bytes of the map of `spec` for a launch whose argument for
    the spec's parameter is at `address` with element `strides` (outermost
    first): `encoder(map, data_type, rank, global, dims, strides, box,
    element_strides, interleave, swizzle, l2, oob)` writes them."""
    import ctypes
    rank = len(spec["box"])
    nbytes = spec["bits"] // 8
    if strides[-1] != 1:
        raise TileValueError(f"argument '{spec['param']}': a TMA copy needs "
                             "its innermost stride to be 1")
    base = address + nbytes * sum(s * k for s, k in zip(spec["starts"],
                                                         strides))
    dims = (ctypes.c_uint64 * 5)(*reversed(spec["extents"]))
    byte_strides = (ctypes.c_uint64 * 4)(
        *[strides[rank - 1 - k] * nbytes for k in range(1, rank)])
    box = (ctypes.c_uint32 * 5)(*reversed(spec["box"]))
    es = (ctypes.c_uint32 * 5)(*reversed(spec["element_strides"]))
    raw = ctypes.create_string_buffer(128 + 64)
    at = (ctypes.addressof(raw) + 63) // 64 * 64
    encoder(ctypes.c_void_p(at), spec["data_type"], rank, base, dims,
            byte_strides, box, es, 0, spec["swizzle"], spec["l2"],
            spec["oob"])
    out = (ctypes.c_uint8 * 128)()
    ctypes.memmove(out, at, 128)
    return out
