"""Tensor views and register layouts of the TIRx surface.

TIRx writes a register tile's distribution as a layout whose strides name
execution axes (`T.S[(2, 32, 4):(1 @ T.cuda.Axis.warpid,
1 @ T.cuda.Axis.laneid, 1)]`), and operands as views of tensors: region
slices (`A[0:16, :]`, `A[bx * 32 : bx * 32 + 32, :]`), indexing
(`A.sub[tid, :]`), reshapes (`r.view(2, 32, 12, 1)`), permutations and
declared tensors over another's data. Here every view is an offset, sizes
and strides over its root memref (a parameter, a register tile or a shared
buffer) and becomes one `memref.reinterpret_cast` where an operation uses
it. A register tile's distributed axes have stride 0 (each thread holds its
own slice) and remember which execution axis they are bound to ("lane" or
"warp") and which lane or warp their row 0 belongs to.
"""

import math
import numbers

# Execution axes a layout may name (T.cuda.Axis.<name>).
AXIS_NAMES = ("bx", "by", "bz", "cbx", "cby", "cbz", "tx", "warpid", "laneid",
              "wgid", "tid_in_wg", "wid_in_wg", "TCol", "TLane")

# The group axes each scope binds, outermost first.
SCOPE_ROLES = {"thread": (), "warp": ("lane",), "warpgroup": ("warp", "lane"),
               "cta": ("warp", "lane"), "cluster": ("cta", "warp", "lane")}


def _t():
    from . import tirx
    return tirx


class AxisName:
    """`T.cuda.Axis.laneid`: `k @ axis` makes a layout stride on it."""

    def __init__(self, name):
        self.name = name

    def __rmatmul__(self, k):
        if isinstance(k, bool) or not isinstance(k, numbers.Integral):
            return NotImplemented
        return AxisStride(int(k), self.name)

    def __repr__(self):
        return f"T.cuda.Axis.{self.name}"


class AxisStride:
    """`k @ T.cuda.Axis.<name>`."""

    def __init__(self, k, axis):
        self.k, self.axis = k, axis

    def __repr__(self):
        return f"{self.k} @ {self.axis}"


class AxisNamespace:
    def __getattr__(self, name):
        if name in AXIS_NAMES:
            return AxisName(name)
        raise AttributeError(f"T.cuda.Axis has no axis '{name}' (axes: "
                             f"{', '.join(AXIS_NAMES)})")

    def get(self, name):
        return self.__getattr__(name)


class Spec:
    """`T.S[shape : strides]` (strides default to row-major), plus offsets
    on execution axes (`T.S[...] + 8 @ T.cuda.Axis.laneid`) and an element
    offset (`T.S[...] + 64`, a memory view's first element)."""

    def __init__(self, shape, strides, offsets=None, base=0, replicas=()):
        t = _t()
        self.shape = t._shape(tuple(shape) if isinstance(shape, (tuple, list))
                              else (shape,), "T.S shape")
        if strides is None:
            strides = tuple(t._row_major_strides(self.shape))
        elif not isinstance(strides, (tuple, list)):
            strides = (strides,)
        if len(strides) != len(self.shape):
            raise t.TileValueError(f"T.S: {len(self.shape)} extents but "
                                   f"{len(strides)} strides")
        for s in strides:
            if not isinstance(s, AxisStride) and (
                    isinstance(s, bool) or not isinstance(s, numbers.Integral)):
                raise t.TileTypeError(f"T.S stride {s!r} is neither an "
                                      "integer nor k @ T.cuda.Axis.<axis>")
        self.strides = tuple(s if isinstance(s, AxisStride) else int(s)
                             for s in strides)
        self.offsets = dict(offsets or {})
        self.base = base
        # T.R[...] terms: execution axes over which every thread holds the
        # same elements (each its own copy: no addressing of their own).
        self.replicas = tuple(replicas)

    def __add__(self, other):
        if isinstance(other, numbers.Integral) and not isinstance(other,
                                                                  bool):
            return Spec(self.shape, self.strides, self.offsets,
                        _add_base(self.base, int(other)), self.replicas)
        t = _t()
        value = t._plain(other)
        if isinstance(value, t._Expr):
            # A kernel value (a loop's index): the view's first element is
            # computed at run time.
            if value.dtype not in t._INT_RANGES:
                raise t.TileTypeError(f"T.S[...] + {value!r}: an element "
                                      "offset is an integer")
            return Spec(self.shape, self.strides, self.offsets,
                        _add_base(self.base, value), self.replicas)
        if isinstance(other, Replica):
            return Spec(self.shape, self.strides, self.offsets, self.base,
                        self.replicas + (other,))
        if not isinstance(other, AxisStride):
            return NotImplemented
        offsets = dict(self.offsets)
        offsets[other.axis] = offsets.get(other.axis, 0) + other.k
        return Spec(self.shape, self.strides, offsets, self.base,
                    self.replicas)

    def span(self):
        """The elements from the first the spec addresses to its last (from
        its offset where that is a kernel value)."""
        base = self.base if isinstance(self.base, int) else 0
        return base + 1 + sum((n - 1) * s for n, s in
                              zip(self.shape, self.strides)
                              if not isinstance(s, AxisStride))

    def has_base(self):
        """Whether the spec has an element offset (+ k)."""
        return not isinstance(self.base, int) or self.base != 0

    __radd__ = __add__


def _add_base(base, k):
    """Element offset `base` plus `k` (ints or integer kernel values)."""
    if isinstance(base, int) and isinstance(k, int):
        return base + k
    if isinstance(base, int) and base == 0:
        return k
    return _t()._binary("add", base, k)


class Replica:
    """`T.R[extents : k @ axis, ...]`: a register layout's replication over
    execution axes (`T.S[4:1] + T.R[32:1 @ laneid]`: every lane holds the
    same 4 elements)."""

    def __init__(self, shape, strides):
        t = _t()
        self.shape = tuple(shape) if isinstance(shape, (tuple, list)) else \
            (shape,)
        self.strides = tuple(strides) if isinstance(strides, (tuple, list)) \
            else (strides,)
        if len(self.shape) != len(self.strides) or not all(
                isinstance(s, AxisStride) for s in self.strides):
            raise t.TileValueError(
                "T.R[extents : strides] takes one k @ T.cuda.Axis.<axis> "
                f"stride per extent, got {self.shape} : {self.strides}")


class ReplicaMaker:
    def __getitem__(self, key):
        if not isinstance(key, slice) or key.step is not None:
            raise _t().TileValueError("T.R takes [extents : k @ axis]")
        return Replica(key.start, key.stop)


class SpecMaker:
    def __getitem__(self, key):
        if isinstance(key, slice):
            if key.step is not None:
                raise _t().TileValueError("T.S[shape : strides] takes no step")
            return Spec(key.start, key.stop)
        return Spec(key, None)


class TileLayout:
    """`T.TileLayout(T.S[...])`."""

    def __init__(self, spec):
        if not isinstance(spec, Spec):
            raise _t().TileTypeError("T.TileLayout takes a T.S[...] spec")
        self.spec = spec

    def canonicalize(self):
        return self


class ComposeLayout:
    """`T.ComposeLayout(per_element, swizzle_len, atom_len, tile_layout,
    swizzle_inner=True)`: `tile_layout`'s memory offset m (in elements)
    with an XOR swizzle. The group of `swizzle_len` bits `atom_len` above
    bit `per_element` is XORed into the group at `per_element`
    (`swizzle_inner`), or the lower group into the higher one."""

    def __init__(self, per_element, swizzle_len, atom_len, tile_layout,
                 swizzle_inner=True):
        t = _t()
        bits = (per_element, swizzle_len, atom_len)
        if not all(isinstance(b, numbers.Integral) and b >= 0 for b in bits):
            raise t.TileValueError(f"T.ComposeLayout's bit counts must be "
                                   f"nonnegative integers, got {bits}")
        if atom_len < swizzle_len:
            raise t.TileValueError(f"T.ComposeLayout's atom_len {atom_len} "
                                   f"is less than its swizzle_len "
                                   f"{swizzle_len}")
        if not isinstance(tile_layout, TileLayout):
            raise t.TileTypeError("T.ComposeLayout composes a T.TileLayout")
        self.per_element, self.swizzle_len = int(per_element), \
            int(swizzle_len)
        self.atom_len, self.tile_layout = int(atom_len), tile_layout
        self.inner = bool(swizzle_inner)

    def span(self):
        """The elements one swizzle pattern covers (a multiple of which the
        storage must hold)."""
        return 1 << (self.per_element + self.atom_len + self.swizzle_len)

    def apply(self, m):
        """The swizzled offset of offset `m` (an int or an int32 kernel
        value)."""
        if not self.swizzle_len:
            return m
        t = _t()
        group = ((1 << self.swizzle_len) - 1) << self.per_element
        if isinstance(m, numbers.Integral):
            return m ^ ((m >> self.atom_len) & group if self.inner
                        else (m & group) << self.atom_len)
        if self.inner:
            moved = (m >> t.int32(self.atom_len)) & t.int32(group)
        else:
            moved = (m & t.int32(group)) << t.int32(self.atom_len)
        return m ^ moved


def _role(stride, extent):
    """The execution axis ("lane" or "warp") a distributed stride binds, as
    the tile scopes use them; an error for other mappings."""
    k, axis = stride.k, stride.axis
    if axis in ("laneid",) and k == 1 and extent <= 32:
        return "lane"
    if axis in ("warpid", "wid_in_wg") and k == 1:
        return "warp"
    if axis == "cbx" and k == 1:
        return "cta"
    if axis in ("tx", "tid_in_wg"):
        if k == 1 and extent <= 32:
            return "lane"
        if k == 32:
            return "warp"
    raise _t().TileError(
        f"layout stride {k} @ {axis} over {extent} is not supported: a "
        "distributed axis binds lanes (1 @ laneid, 1 @ tx within a warp), "
        "warps (1 @ warpid, 32 @ tx) or the CTAs of a cluster (1 @ cbx); "
        "permuted or strided lane maps are not yet")


def register_layout(shape, layout):
    """(strides, dist) of a register tile of `shape` in `layout` (a
    TileLayout or None for row-major): dist[i] is None or [role, start]."""
    t = _t()
    if layout is None:
        return t._row_major_strides(shape), [None] * len(shape)
    spec = layout.spec
    if tuple(spec.shape) != tuple(shape):
        raise t.TileValueError(f"the layout's shape {spec.shape} is not the "
                               f"tile's {tuple(shape)}")
    if not isinstance(spec.base, int):
        raise t.TileValueError(f"a register tile's layout has no run-time "
                               f"element offset (+ {spec.base!r}): a "
                               "thread's registers are named when the "
                               "kernel is compiled")
    strides, dist = [], []
    for extent, s in zip(shape, spec.strides):
        if isinstance(s, AxisStride):
            role = _role(s, extent)
            strides.append(0)
            dist.append([role, 0])
        else:
            if s < 0:
                raise t.TileValueError(f"negative layout stride {s}")
            strides.append(s)
            dist.append(None)
    for axis, k in spec.offsets.items():
        hit = [d for d, s in zip(dist, spec.strides)
               if d and isinstance(s, AxisStride) and s.axis == axis]
        if not hit:
            raise t.TileValueError(f"layout offset {k} @ {axis}: no axis of "
                                   "the layout is bound to it")
        hit[0][1] += k
    return strides, dist


class Root:
    """A root memref (a parameter, a register tile, a shared buffer): its
    name, and its dtype, shape and strides as declared and, where a dtype
    view (`X.view("uint32")`) reinterprets it, as stored. The MLIR text
    names its type by a placeholder until the kernel is traced, when the
    type it is used with is known (`final_type`)."""

    def __init__(self, name, type_text, shape, strides, dtype, space):
        self.name, self.space = name, space
        self.declared = (dtype, tuple(shape), tuple(strides), type_text)
        self.stored = None
        self.uses = set()
        # A carve (T.decl_tensor of another dtype over shared data): the
        # shared buffer whose bytes it views, from byte `shift` (a multiple
        # of 16), and the line that defines it; `carved`: a buffer that
        # has carves (its storage is then bytes).
        self.parent, self.shift, self.def_line = None, 0, None
        self.carved = False

    @property
    def placeholder(self):
        return f"!tile_root<{self.name[1:]}>"

    def __getitem__(self, i):  # (name, type, shape, strides)
        return (self.name, self.placeholder, self.declared[1],
                self.declared[2])[i]

    def layout(self, dtype):
        """(shape, strides) of the root in elements of `dtype`."""
        if self.stored and dtype == self.stored[0]:
            return self.stored[1], self.stored[2]
        return self.declared[1], self.declared[2]

    def handle(self, dtype):
        """(SSA name, type) of the root used as `dtype`, as placeholders
        until the kernel is traced (`final_names`): a shared buffer used as
        both its declared and its stored dtype has one name for each."""
        self.uses.add(dtype)
        if self.stored and dtype == self.stored[0] != self.declared[0]:
            return self.alias_name, f"!tile_root<{self.name[1:]}__as>"
        return self.name, self.placeholder

    @property
    def alias_name(self):
        return f"{self.name}__as"

    def mixed(self):
        """Whether a shared buffer is used as two dtypes."""
        return (self.space == "shared" and self.stored is not None and
                {self.declared[0], self.stored[0]} <= self.uses)

    def retype(self, dtype, shape, strides, type_text):
        t = _t()
        if self.stored and self.stored[0] != dtype:
            raise t.TileError(f"{self.name[1:]} is viewed as both "
                              f"{self.stored[0]} and {dtype}")
        self.stored = (dtype, tuple(shape), tuple(strides), type_text)

    def final_type(self):
        """The memref type the root is declared with in MLIR: as stored
        where every use is through the dtype view, as declared otherwise;
        an error where it is used both ways."""
        t = _t()
        if not self.stored or self.uses <= {self.declared[0]}:
            return self.declared[3]
        if self.mixed():
            return self.declared[3]
        if self.declared[0] in self.uses:
            raise t.TileError(
                f"{self.name[1:]} is used both as {self.declared[0]} and, "
                f"through a dtype view or an instruction's address, as "
                f"{self.stored[0]}: use it one way")
        return self.stored[3]


def _index_value(k):
    """An index as a number or kernel value: a one-element view (a local
    or shared scalar, `A[lane, j]` with j = T.local_scalar(...)) is read,
    as TIRx reads `j_ptr[0]`, and a typed constant is its value."""
    t = _t()
    if isinstance(k, View) and all(n == 1 for n in k.shape):
        return k.load()
    if isinstance(k, t._TypedScalar):
        return k.value()
    return k


class Address:
    """`T.address_of(A[i])` (or TIRx's `A.ptr_to([i])`): the address of one
    element of global or shared memory, an operand of the atomics
    (T.cuda.atomic_add) and of the instructions that take memory."""

    __slots__ = ("view",)

    def __init__(self, view):
        self.view = view

    def __repr__(self):
        return f"T.address_of({self.view!r})"

    def moved(self, elements):
        """The same kind of address `elements` (an int or an int32 kernel
        value) further into its buffer."""
        view = self.view
        return type(self)(view._with(offset=_add_base(view.offset,
                                                      elements)))


class LocalAddress:
    """`T.address_of(d[0])` of one element of a local array (a register
    tile): the out-pointer of the helpers that write through one
    (T.cuda.wgmma_encode_matrix_descriptor). The instructions and atomics,
    which take global or shared memory, do not take it."""

    __slots__ = ("view",)

    def __init__(self, view):
        self.view = view

    def __repr__(self):
        return f"T.address_of({self.view!r})"

    def store(self, value):
        """Writes the kernel value `value` to the element."""
        self.view[tuple(0 for _ in self.view.shape)] = value


class SharedWindowAddress(Address):
    """TIRx's `T.cuda.cvta_generic_to_shared(S.ptr_to([i]))`: the 32-bit
    shared-window address of one element of shared memory, kept as the
    element it addresses. PTX instructions take it as their memory operand
    (`st.shared.u32 [addr], v`), and `T.ptx.addr(addr, bytes)` and `addr +
    bytes` move it by whole elements. The difference of two addresses in
    one buffer is their distance in bytes (a uint32); an address's value
    as a number is its value in arithmetic other than moving it (`addr >>
    4`, `addr & 0x3FFFF`, `T.cast(addr, "uint64")`: a wgmma descriptor's
    start address): the uint32 the CTA's shared window gives the element,
    on the GPU and on the CPU backend alike."""

    __slots__ = ()

    def __repr__(self):
        return f"T.cuda.cvta_generic_to_shared({self.view!r})"

    def number(self):
        """The address as a uint32 kernel value: the buffer's aligned
        pointer (memref.extract_aligned_pointer_as_index) within the shared
        window (its low bits, the table's SharedWindow record: on the GPU
        the pointer is the shared address; the CPU backend's arena is
        aligned to the window) plus the element's bytes."""
        from .. import instr_table
        t = _t()
        b = t._builder()
        name, root_type = self.view.root.handle(self.view.dtype)
        ptr, wide, low, mask, win = (b.fresh("p") for _ in range(5))
        where = t._caller_location()
        bits = instr_table.table()["shared_window"]["bits"]
        b.lines += [
            f"{ptr} = memref.extract_aligned_pointer_as_index {name} : "
            f"{root_type} -> index {where}",
            f"{wide} = arith.index_castui {ptr} : index to i64 {where}",
            f"{low} = arith.trunci {wide} : i64 to i32 {where}",
            f"{mask} = arith.constant {(1 << bits) - 1} : i32 {where}",
            f"{win} = arith.andi {low}, {mask} : i32 {where}"]
        low = win
        b.values.add((low, "i32"))
        base = t._Expr(low, "uint32")
        offset = self.view.offset
        if isinstance(offset, int) and offset == 0:
            return base
        if isinstance(offset, int):
            return t._binary("add", base, offset * self._bytes())
        step = t._binary("mul", t.cast(offset, "uint32"), self._bytes())
        return t._binary("add", base, step)

    def __rshift__(self, o): return self.number() >> o
    def __lshift__(self, o): return self.number() << o
    def __and__(self, o): return self.number() & o
    def __rand__(self, o): return o & self.number()
    def __or__(self, o): return self.number() | o
    def __ror__(self, o): return o | self.number()
    def __xor__(self, o): return self.number() ^ o
    def __mul__(self, o): return self.number() * o
    def __floordiv__(self, o): return self.number() // o
    def __mod__(self, o): return self.number() % o

    def _bytes(self):
        return _t()._bits(self.view.type_elt()) // 8

    def __sub__(self, other):
        t = _t()
        if isinstance(other, SharedWindowAddress):
            if other.view.root is not self.view.root:
                raise t.TileTypeError(
                    f"{self!r} - {other!r}: addresses in different shared "
                    "buffers (their distance is the layout's, not the "
                    "program's)")
            a, b = self.view.offset, other.view.offset
            if isinstance(a, int) and isinstance(b, int):
                return t._const_expr((a - b) * self._bytes() % 2**32,
                                     "uint32")
            d = t._binary("sub", a, b)
            return t.cast(t._binary("mul", d, self._bytes()), "uint32")
        if isinstance(other, numbers.Integral):
            return self + (-other)
        return NotImplemented

    def __add__(self, byte_offset):
        """The address `byte_offset` bytes on: a constant a multiple of the
        element's bytes, or an integer kernel value (a signed byte count;
        where it is not a whole number of elements the kernel traps, as
        the GPU faults on a misaligned access)."""
        t = _t()
        n = self._bytes()
        k = t._plain(byte_offset)
        what = f"{self!r} + {byte_offset!r}"
        if isinstance(k, numbers.Integral):
            if k % n:
                raise t.TileValueError(f"{what}: not a whole number of "
                                       f"{n}-byte elements")
            return self.moved(k // n)
        if isinstance(k, t._Expr) and k.dtype in t._INT_RANGES:
            if k.dtype != "int32":
                k = t.cast(k, "int32")
            return self.moved(t._byte_offset_as(k, 1, 0, n, what))
        return NotImplemented

    __radd__ = __add__


class View:
    """A view of a root memref: `offset` (an int or an int32 kernel value,
    in elements), `shape`, `strides`, and per axis `dist` (None, or [role,
    start] for a register tile's distributed axis)."""

    def __init__(self, root, space, dtype, shape, strides, offset=0,
                 dist=None, param=None, frag=None, splits=None,
                 swizzle=None):
        self.root, self.space, self.dtype = root, space, dtype
        # A ComposeLayout: each element's offset is swizzled where it is
        # reached (`.data` is the storage, unswizzled).
        self.swizzle = swizzle
        # A FragmentLayout: the tile is an operand of matrix instructions
        # only (mma, ldmatrix, ...), translated at the tile.apply.
        self.frag = frag
        # {axis: [(extent, stride)]} for a memory view's axes that a layout
        # splits over two or more strides (their entry in strides is 0);
        # a group axis gets its thread's offset at the tile.apply.
        self.splits = dict(splits or {})
        self.shape, self.strides = tuple(shape), tuple(strides)
        self.offset = offset
        self.dist = [list(d) if d else None for d in
                     (dist or [None] * len(self.shape))]
        self.param = param

    def ptr_to(self, indices):
        """TIRx's `buf.ptr_to([i, j])`: the address of element [i, j] of a
        global or shared buffer."""
        element = self[tuple(indices)]
        if self.space == "reg" or any(n != 1 for n in element.shape):
            raise _t().TileTypeError(
                f"ptr_to takes one index per axis of a global or shared "
                f"buffer, got {list(indices)} of {self!r}")
        return Address(element)

    def _with(self, **kw):
        args = dict(root=self.root, space=self.space, dtype=self.dtype,
                    shape=self.shape, strides=self.strides, offset=self.offset,
                    dist=self.dist, param=self.param, frag=self.frag,
                    splits=self.splits, swizzle=self.swizzle)
        args.update(kw)
        return View(**args)

    @property
    def data(self):
        return self._with(swizzle=None) if self.swizzle else self

    def type_elt(self):
        """The MLIR element type of the view."""
        return _t()._mlir_type(self.dtype)

    @property
    def ndim(self):
        return len(self.shape)

    def __repr__(self):
        return f"<{self.space} view {self.shape} of {self.root.name}>"

    # --- Regions and indexing ----------------------------------------------

    def __getitem__(self, key):
        lanes = _t()._ramp_keys(key)
        if lanes is not None:  # A vector read: one element per lane.
            return _t()._Lanes(self._index(k, drop=False).load()
                               for k in lanes)
        return self._index(key, drop=False)

    @property
    def sub(self):
        view = self

        class _Sub:
            def __getitem__(self, key):
                return view._index(key, drop=True)
        return _Sub()

    def _index(self, key, drop):
        t = _t()
        self.plain("a region or an element")
        key = key if isinstance(key, tuple) else (key,)
        dots = [i for i, k in enumerate(key) if k is Ellipsis]
        if dots:
            i = dots[0]
            key = key[:i] + (slice(None),) * (self.ndim - len(key) + 1) + \
                key[i + 1:]
        if len(key) > self.ndim:
            raise t.TileValueError(f"{len(key)} indices for a tensor of rank "
                                   f"{self.ndim}")
        key = key + (slice(None),) * (self.ndim - len(key))
        shape, strides, dist, offset = [], [], [], self.offset
        for axis, k in enumerate(key):
            start, extent, scalar = self._range(axis, k)
            d = self.dist[axis]
            if d is not None:
                if not isinstance(start, int):
                    raise t.TileError("a distributed axis is sliced with a "
                                      "kernel value; slice it with integers")
                d = [d[0], d[1] + start]
            else:
                offset = _add_offset(offset, start, self.strides[axis])
            if scalar and drop:
                continue
            shape.append(extent)
            strides.append(self.strides[axis])
            dist.append(d)
        view = self._with(shape=shape, strides=strides, offset=offset,
                          dist=dist)
        if self.swizzle and all(n == 1 for n in shape):
            # One element of a swizzled tensor: its own address.
            view = view._with(offset=self.swizzle.apply(offset),
                              swizzle=None)
        return view

    def _range(self, axis, k):
        """(start, extent, is_index) of index or slice `k` on `axis`."""
        t = _t()
        n = self.shape[axis]
        if isinstance(k, slice):
            if k.step not in (None, 1):
                raise t.TileValueError("slices take no step")
            start = 0 if k.start is None else k.start
            stop = n if k.stop is None else k.stop
            extent = _difference(stop, start)
            if extent is None:
                raise t.TileError(f"the slice {start!r}:{stop!r} of axis "
                                  f"{axis} has no constant extent")
            index = False
        else:
            start, extent, index = _index_value(k), 1, True
        if isinstance(start, numbers.Integral) and not isinstance(start, bool):
            start = int(start)
            if not (0 <= start and start + extent <= n and extent >= 1):
                raise t.TileValueError(
                    f"region [{start}, {start + extent}) of axis {axis} is "
                    f"outside [0, {n})")
        elif not isinstance(start, t._Expr):
            raise t.TileTypeError(f"index {start!r} is not an integer or a "
                                  "kernel value")
        elif extent > n:
            raise t.TileValueError(f"a region of {extent} on an axis of {n}")
        return start, extent, index

    # --- Elements (TIRx's native level: `acc[0] = x[0] + x[1]`) ----------------

    def load(self):
        """The value of a one-element view, as a kernel value."""
        t = _t()
        if any(n != 1 for n in self.shape):
            raise t.TileError(f"a view of shape {self.shape} used as a value:"
                              " index it down to one element")
        name, ty = self.materialize()
        b = t._builder()
        out = b.fresh("e")
        zeros = ", ".join(["%" + _zero_index(b)] * len(self.shape))
        b.lines.append(f"{out} = memref.load {name}[{zeros}] : {ty} "
                       f"{t._caller_location()}")
        b.values.add((out, t._mlir_type(self.dtype)))
        return t._Expr(out, self.dtype)

    def __setitem__(self, key, value):
        t = _t()
        lanes = t._ramp_keys(key)
        if lanes is not None:  # A vector write: one element per lane.
            values = value.values if isinstance(value, t._Lanes) else \
                [value] * len(lanes)
            if len(values) != len(lanes):
                raise t.TileValueError(f"{len(values)} lanes stored at "
                                       f"{len(lanes)} indices")
            for k, v in zip(lanes, values):
                self[k] = v
            return
        dest = self[key]
        if any(n != 1 for n in dest.shape):
            raise t.TileError(f"assignment to a region of shape {dest.shape}"
                              ": assign one element at a time")
        if isinstance(value, View):
            value = value.load()
        elif isinstance(value, t._TypedScalar):
            value = value.value()
        value = t._stored(value, dest.dtype)
        name, ty = dest.materialize()
        b = t._builder()
        zeros = ", ".join(["%" + _zero_index(b)] * len(dest.shape))
        b.lines.append(f"memref.store {value.name}, {name}[{zeros}] : {ty} "
                       f"{t._caller_location()}")
        if self.param:
            b.written.add(self.param)

    def __add__(self, o): return self.load() + o
    def __radd__(self, o): return o + self.load()
    def __sub__(self, o): return self.load() - o
    def __rsub__(self, o): return o - self.load()
    def __mul__(self, o): return self.load() * o
    def __rmul__(self, o): return o * self.load()
    def __truediv__(self, o): return self.load() / o
    def __floordiv__(self, o): return self.load() // o
    def __mod__(self, o): return self.load() % o
    def __neg__(self): return -self.load()
    def __lt__(self, o): return self.load() < o
    def __le__(self, o): return self.load() <= o
    def __gt__(self, o): return self.load() > o
    def __ge__(self, o): return self.load() >= o
    def __and__(self, o): return self.load() & o
    def __or__(self, o): return self.load() | o
    def __xor__(self, o): return self.load() ^ o
    def __rand__(self, o): return o & self.load()
    def __ror__(self, o): return o | self.load()
    def __rxor__(self, o): return o ^ self.load()
    def __rtruediv__(self, o): return o / self.load()
    def __rfloordiv__(self, o): return o // self.load()
    def __rmod__(self, o): return o % self.load()
    def __lshift__(self, o): return self.load() << o
    def __rshift__(self, o): return self.load() >> o
    def __rlshift__(self, o): return o << self.load()
    def __rrshift__(self, o): return o >> self.load()
    def __invert__(self): return ~self.load()

    def __eq__(self, o):
        return self.load() == (o.load() if isinstance(o, View) else o)

    def __ne__(self, o):
        return self.load() != (o.load() if isinstance(o, View) else o)

    __hash__ = object.__hash__

    def __bool__(self):
        raise _t().TileTypeError(
            "a tensor element has no Python truth value: compare it, or "
            "branch on it inside a @T.function (it becomes the kernel's own "
            "branch)")

    # --- Reshapes ------------------------------------------------------------

    def permute(self, *axes):
        t = _t()
        self.plain("a permutation")
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        if sorted(axes) != list(range(self.ndim)):
            raise t.TileValueError(f"permute{axes} is not a permutation of "
                                   f"{self.ndim} axes")
        return self._with(shape=[self.shape[a] for a in axes],
                          strides=[self.strides[a] for a in axes],
                          dist=[self.dist[a] for a in axes])

    def view(self, *shape, layout=None):
        """The same elements in `shape`: the leading distributed axes stay,
        the rest (dense, row-major) is reshaped; with `layout`, the
        elements are addressed by the layout's strides instead."""
        t = _t()
        self.plain("a reshaped view")
        if len(shape) == 1 and isinstance(shape[0], str) and layout is None:
            return self._dtype_view(shape[0])
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        shape = t._shape(shape, "view shape")
        if layout is not None:
            return self._layout_view(shape, layout)
        lead = 0
        while lead < self.ndim and self.dist[lead] is not None:
            lead += 1
        if any(d is not None for d in self.dist[lead:]):
            raise t.TileError("view: distributed axes must lead")
        if tuple(shape[:lead]) != self.shape[:lead]:
            raise t.TileValueError(f"view {shape} must keep the distributed "
                                   f"axes {self.shape[:lead]}")
        rest, new = self.shape[lead:], shape[lead:]
        if math.prod(rest) != math.prod(new):
            raise t.TileValueError(f"view {shape} does not have the "
                                   f"{math.prod(self.shape)} elements of "
                                   f"{self.shape}")
        base = _dense_base(rest, self.strides[lead:])
        if base is None:
            raise t.TileError(f"view of a tensor that is not dense "
                              f"(strides {self.strides[lead:]})")
        strides = list(self.strides[:lead]) + [
            s * base for s in t._row_major_strides(new)]
        dist = self.dist[:lead] + [None] * len(new)
        return self._with(shape=shape, strides=strides, dist=dist)

    def _dtype_view(self, dtype):
        """`X.view("uint32")`: the whole tensor's bytes as `dtype` (the
        last axis rescaled): packed halves as their b32 words."""
        t = _t()
        self.plain("a dtype view")
        old, new = t._bits(t._mlir_type(self.dtype)), \
            t._bits(t._mlir_type(dtype))
        shape, strides = self.root.layout(self.dtype)
        if not (isinstance(self.offset, int) and self.offset == 0 and
                self.shape == tuple(shape) and
                self.strides == tuple(strides)):
            raise t.TileError("a dtype view is of a whole tensor (view it "
                              "first, then slice)")
        if self.strides[-1] != 1 or self.dist[-1] is not None:
            raise t.TileError("a dtype view needs a contiguous last axis")
        last = self.shape[-1] * old
        if last % new or any((s * old) % new for s in self.strides[:-1]):
            raise t.TileValueError(
                f"{self.shape} {self.dtype} is not a whole number of "
                f"{dtype} elements along each axis")
        new_shape = self.shape[:-1] + (last // new,)
        new_strides = tuple(s * old // new for s in self.strides[:-1]) + (1,)
        self.root.retype(dtype, new_shape, new_strides,
                         _retyped(self.root.declared[3], self.shape,
                                  new_shape, self.strides, new_strides,
                                  t._mlir_type(self.dtype),
                                  t._mlir_type(dtype)))
        return self._with(dtype=dtype, shape=new_shape, strides=new_strides)

    def _layout_view(self, shape, layout):
        t = _t()
        if any(d is not None for d in self.dist):
            raise t.TileError("view(layout=...) of a register tile")
        if _dense_base(self.shape, self.strides) != 1:
            raise t.TileError("view(layout=...) of a tensor that is not "
                              "dense")
        strides, splits = split_strides(shape, layout.spec)
        return self._with(shape=shape, strides=strides,
                          dist=[None] * len(shape), splits=splits)

    # --- MLIR ------------------------------------------------------------

    def plain(self, what):
        """Fails where the view has a fragment layout: `what` needs a
        strided view."""
        if self.frag is not None:
            raise _t().TileError(
                f"{what} of a tile in a fragment layout (lanes inside the "
                "atom): such a tile is an operand of matrix instructions "
                "(mma, ldmatrix, stmatrix) only; declare a strided view of "
                "its registers with T.decl_tensor for other uses")
        if self.splits:
            raise _t().TileError(
                f"{what} of a view whose layout splits axis "
                f"{min(self.splits)} over two strides: such a view is a "
                "tile.apply operand whose split axes are the scope's group "
                "axes (each thread gets its own offset)")
        return self

    def memref_type(self, offset=None):
        t = _t()
        off = self.offset if offset is None else offset
        off_text = "?" if not isinstance(off, int) else str(off)
        space = {"reg": ", #tile.reg", "shared":
                 ", #gpu.address_space<workgroup>", "global": ""}[self.space]
        dims = "x".join(map(str, self.shape))
        return (f"memref<{dims}x{t._mlir_type(self.dtype)}, strided<["
                f"{', '.join(map(str, self.strides))}], offset: {off_text}>"
                f"{space}>")

    def materialize(self):
        """(name, type) of the view: the root itself where it is the whole
        root, else a reinterpret_cast of the root."""
        t = _t()
        self.plain("an operand")
        if self.swizzle:
            raise t.TileError(f"{self!r} has a swizzled layout "
                              "(T.ComposeLayout): reach it one element at "
                              "a time, or its storage through .data")
        name, root_type = self.root.handle(self.dtype)
        root_shape, root_strides = self.root.layout(self.dtype)
        if isinstance(self.offset, int) and self.offset == 0 and \
                self.shape == tuple(root_shape) and \
                tuple(self.strides) == tuple(root_strides):
            return name, root_type
        b = t._builder()
        if isinstance(self.offset, int):
            if self.offset < 0:
                off = t._const_expr(self.offset, "int32")
                off_text = _index(off)
            else:
                off_text = str(self.offset)
        else:
            off_text = _index(self.offset)
        view_type = self.memref_type(
            self.offset if isinstance(self.offset, int) and self.offset >= 0
            else "?")
        out = b.fresh("view")
        b.lines.append(
            f"{out} = memref.reinterpret_cast {name} to offset: [{off_text}],"
            f" sizes: [{', '.join(map(str, self.shape))}], strides: ["
            f"{', '.join(map(str, self.strides))}] : {root_type} to "
            f"{view_type}")
        b.values.add((out, view_type))
        return out, view_type


def _retyped(text, shape, new_shape, strides, new_strides, elt, new_elt):
    """A memref type's text with its shape, strides and element type
    replaced."""
    dims = "x".join(map(str, shape)) + "x" + elt
    new_dims = "x".join(map(str, new_shape)) + "x" + new_elt
    out = text.replace(f"memref<{dims}", f"memref<{new_dims}", 1)
    if "strided<[" in out:
        out = out.replace("strided<[" + ", ".join(map(str, strides)) + "]",
                          "strided<[" + ", ".join(map(str, new_strides)) +
                          "]", 1)
    return out


def _zero_index(b):
    """The name (without %) of an index constant 0, made once."""
    v = b.constant("0", "index")
    return v.name[1:]


def _index(expr):
    """An integer kernel value as an index SSA name (an error for others)."""
    t = _t()
    if expr.dtype not in t._INT_RANGES:
        raise t.TileTypeError(f"an index or offset must be an integer, got a "
                              f"{expr.dtype} kernel value")
    if expr.dtype != "int32":
        expr = t.cast(expr, "int32")
    b = t._builder()
    name = b.fresh("ix")
    b.lines.append(f"{name} = arith.index_cast {expr.name} : i32 to index "
                   f"{t._caller_location()}")
    return name


def _add_offset(offset, start, stride):
    if isinstance(start, int) and isinstance(offset, int):
        return offset + start * stride
    return start * stride + offset if stride else offset


def _difference(stop, start):
    """stop - start where it is a constant (ints, or kernel values whose
    affine forms differ by one), else None."""
    t = _t()
    a, b = t._affine(stop), t._affine(start)
    if a is None or b is None:
        return None
    terms = dict(a[0])
    for k, v in b[0].items():
        terms[k] = terms.get(k, 0) - v
    if any(terms.values()):
        return None
    return a[1] - b[1]


def _dense_base(shape, strides):
    """The stride of the innermost element where `strides` are row-major
    dense for `shape` (up to that factor), else None. Extent-1 axes may
    have any stride."""
    base = None
    expect = None
    for n, s in reversed(list(zip(shape, strides))):
        if n == 1:
            continue
        if base is None:
            base, expect = s, s
        if s != expect:
            return None
        expect = s * n
    return 1 if base is None else base


def fold_layout(shape, spec):
    """The strides of `shape` addressed by `spec` (a T.S of plain strides),
    where each axis of `shape` is a run of the spec's axes that folds into
    one stride; an error otherwise."""
    strides, splits = split_strides(shape, spec)
    if splits:
        raise _t().TileError(
            f"layout {spec.shape}:{spec.strides} is not a strided view of "
            f"{shape} (axis {min(splits)} would need two strides); such "
            "views are memory views only")
    return strides


def split_layout(shape, spec):
    """Per axis of `shape`, the run of `spec`'s axes that splits it
    (row-major): [(extent, stride)], a stride being an int (registers) or
    k @ axis (execution ids). An error where the spec does not split the
    shape axis by axis."""
    t = _t()
    if math.prod(shape) != math.prod(spec.shape):
        raise t.TileValueError(f"layout {spec.shape} does not have the "
                               f"{math.prod(shape)} elements of {shape}")
    runs, i = [], 0
    for n in shape:
        run, size = [], 1
        while i < len(spec.shape) and (size < n or (
                n == 1 and not run and spec.shape[i] == 1)):
            run.append((spec.shape[i], spec.strides[i]))
            size *= spec.shape[i]
            i += 1
        if size != n:
            raise t.TileError(f"layout {spec.shape} does not split {shape} "
                              "axis by axis")
        runs.append(run)
    if any(e != 1 for e in spec.shape[i:]):
        raise t.TileError(f"layout {spec.shape} does not split {shape} "
                          "axis by axis")
    return runs


def is_fragment_layout(shape, spec):
    """Whether `spec` binds lanes or warps inside the axes of `shape` (a
    run of sub-axes, or a lane stride other than 1): TIRx's fragment
    layouts, which FragmentLayout takes."""
    try:
        runs = split_layout(shape, spec)
    except _t().TileError:
        return False
    bound = [s for run in runs for _, s in run if isinstance(s, AxisStride)]
    return bool(bound) and all(
        s.axis in ("laneid", "warpid", "wid_in_wg") for s in bound) and (
        tuple(spec.shape) != tuple(shape) or
        any(s.k != 1 for s in bound))


class FragmentLayout:
    """A register tile's layout in TIRx's general form: each axis splits into
    sub-axes whose strides address registers or name execution ids (the
    fragment layouts of mma and ldmatrix, with the lane inside the atom).
    `locate(index)` gives ({axis: id}, register offset) of an element."""

    def __init__(self, shape, spec):
        self.shape = tuple(shape)
        self.runs = split_layout(shape, spec)
        self.offsets = dict(spec.offsets)
        for run in self.runs:
            for _, s in run:
                if isinstance(s, AxisStride):
                    if s.axis not in ("laneid", "warpid", "wid_in_wg"):
                        raise _t().TileError(
                            f"layout stride {s!r}: a fragment layout binds "
                            "laneid, warpid or wid_in_wg")
                elif s < 0:
                    raise _t().TileValueError(f"negative layout stride {s}")

    def span(self):
        """Registers a thread holds: one past the largest offset."""
        return 1 + sum((e - 1) * s for run in self.runs for e, s in run
                       if not isinstance(s, AxisStride))

    def locate(self, index):
        ids, offset = dict(self.offsets), 0
        for i, run in zip(index, self.runs):
            for e, s in reversed(run):
                i, sub = divmod(i, e)
                if isinstance(s, AxisStride):
                    ids[s.axis] = ids.get(s.axis, 0) + s.k * sub
                else:
                    offset += s * sub
        return ids, offset


def split_strides(shape, spec):
    """(strides, splits) of a memory view of `shape` addressed by `spec`
    (plain strides): an axis whose run of the spec's axes folds into one
    stride gets it; another keeps its run in `splits` (stride 0)."""
    t = _t()
    if any(isinstance(s, AxisStride) for s in spec.strides) or \
            spec.replicas:
        raise t.TileError("a memory view's layout names no execution axes")
    strides, splits = [], {}
    for axis, run in enumerate(split_layout(shape, spec)):
        run = [(e, s) for e, s in run if e != 1] or run[-1:] or [(1, 0)]
        if all(s0 == s1 * e1 for (_, s0), (e1, s1) in zip(run, run[1:])):
            strides.append(run[-1][1])
        else:
            strides.append(0)
            splits[axis] = run
    return strides, splits


def split_offset(run, coordinate):
    """The offset of `coordinate` (a kernel value) along a split axis."""
    offset, inner = 0, 1
    for extent, stride in reversed(run):
        digit = coordinate if inner == 1 else coordinate // inner
        digit = digit % extent if inner * extent < math.prod(
            e for e, _ in run) else digit
        offset = offset + digit * stride if stride else offset
        inner *= extent
    return offset
