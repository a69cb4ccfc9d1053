"""TIRx's math functions as nvcc compiles them.

TIRx prints `T.exp(x)` as `expf(x)` and nvcc compiles the CUDA math
library's function inline. _nvcc_math_ptx (written by
utils/gen_nvcc_math.py) holds that PTX, as nvcc emits it; this module runs
it on kernel values, instruction by instruction, so that a kernel gets
nvcc's bits on both backends. Each arithmetic instruction is issued
through the front-end like any other and checked against the instruction
table. What is not an arithmetic instruction is resolved here, before the
kernel runs:

- Branches. nvcc's code branches forward around special cases (logf's
  infinities, sinf's large arguments). Every block runs; a block's guard
  is the condition under which nvcc's code would reach it, and where a
  block writes a register (or a local-memory word) that an earlier block
  wrote under another guard, a select keeps the new value only where the
  guard holds. The instructions have no side effects, so the values are
  those of the branching code.
- Loops. A block that branches back to itself (sinf's Payne-Hanek
  reduction, fmodf's reduction by 23 bits of exponent at a time) is run
  again while its condition holds: unrolled where the condition is known
  here (a counter of constants); else, where it touches memory (sin's
  float64 reduction, whose trip count depends on the exponent), unrolled
  with each trip under the condition of the trips before it, until a trip
  would access memory outside its table or the local-memory frame (which
  nvcc's code never does); else as a kernel loop that carries the
  registers the block writes.
- Memory. The global tables the code reads (sinf's bits of 2/pi) are
  constants, a load at an address known only at run time a select over
  the words it can reach (those of a small set of offsets where the
  offset is computed from a mask); the local-memory frame is a set of
  32- or 64-bit words held in registers, a load or store at an address
  known only at run time a select over the words.
- Spelling. nvcc writes unsigned comparisons as `setp.lt.u32`, which the
  ISA's comparison table does not list for unsigned types (the tile
  verifier refuses it); they are issued as the documented `setp.lo.u32`
  and so on, the same comparisons.

The front-end supplies the operations on kernel values (an `ops` object,
see `run`)."""

import itertools
import re

from . import _nvcc_math_ptx

NVCC = _nvcc_math_ptx.NVCC
FUNCTIONS = dict(_nvcc_math_ptx.FUNCTIONS)
FUNCTIONS.update({name + "@fast": FUNCTIONS[name]
                  for name in _nvcc_math_ptx.SAME_IN_FAST})
LEFT_OUT = _nvcc_math_ptx.LEFT_OUT
# The functions whose second argument is a C int (T.ldexp).
INT_SECOND = set(_nvcc_math_ptx.INT_SECOND)
# TIRx's names of the functions (T.sin), recorded or left out (not C's
# operators, `operator.add`).
NAMES = {key.split(":")[0] for key in (*FUNCTIONS, *LEFT_OUT)
         if not key.startswith(("operator.", "cuda."))}
# TIRx's T.cuda helpers of packed values (T.cuda.make_float2, ...).
HELPERS = {key[5:] for key in FUNCTIONS
           if key.startswith("cuda.") and "@" not in key}


def operator_opcode(name, fast):
    """The instruction nvcc emits for C's float32 operator `name` (see
    OPERATORS in utils/gen_nvcc_math.py) in the build with or without
    --use_fast_math: the one instruction of its recorded code that is not
    a move or the `selp` that stores a comparison. nvcc leaves out `.rn`,
    the default rounding of add, sub and mul, which lets ptxas fuse them;
    it is written, so that ptxas fuses nothing nvcc did not."""
    code = FUNCTIONS[f"operator.{name}" + ("@fast" if fast else "")]["code"]
    ops = [line.split()[0] for line in code.splitlines()
           if line.strip() and line.split()[0].split(".")[0] not in
           ("mov", "selp", "ret")]
    if len(ops) != 1:
        raise NvccMathError(f"nvcc {NVCC}'s code for C's {name} is not one "
                            f"instruction: {ops}")
    return re.sub(r"^(add|sub|mul)\.(?!r[nzmp]\b)", r"\1.rn.", ops[0])

# The dtype of a PTX register, by the prefix nvcc gives its name.
_REGISTER_DTYPES = (("%rd", "uint64"), ("%rs", "uint16"), ("%fd", "float64"),
                    ("%f", "float32"), ("%r", "uint32"), ("%p", "bool"),
                    ("%SP", "uint64"))
_UNSIGNED_COMPARES = {"lt": "lo", "le": "ls", "gt": "hi", "ge": "hs"}
_MAX_TRIPS = 64
# The instructions that read the carry flag (those that write it are
# spelled with .cc).
_CARRY_HEADS = ("addc", "subc", "madc")
# A decimal or hexadecimal integer constant (`-1`, `0x3fb8aa3bU`).
_INTEGER = re.compile(r"-?(0[xX][0-9a-fA-F]+|[0-9]+)[uU]?")


def _width(dtype):
    """The bits of a dtype's values (a bool: 1), from its name."""
    return int(re.sub(r"\D", "", dtype) or 1)


class NvccMathError(Exception):
    """nvcc's code for a function is not one this module can run."""


def entry(name, dtype):
    """The recorded entry of function `name` for arguments of `dtype`."""
    return name if dtype == "float32" else f"{name}:{dtype}"


def arity(key):
    return len(FUNCTIONS[key]["inputs"])


def register_dtype(reg):
    for prefix, dtype in _REGISTER_DTYPES:
        if reg.startswith(prefix):
            return dtype
    raise NvccMathError(f"register {reg} of unknown class")


class Known:
    """A value known before the kernel runs: its bits, of `dtype`."""

    def __init__(self, bits, dtype):
        self.bits = bits & ((1 << _width(dtype)) - 1)
        self.dtype = dtype

    def signed(self):
        w = _width(self.dtype)
        return self.bits - (1 << w) if self.bits >> (w - 1) else self.bits


class Address:
    """An address into a global table or the local frame; `dynamic` is a
    kernel value (uint64) added to `offset`, or None."""

    def __init__(self, space, offset, dynamic=None):
        self.space, self.offset, self.dynamic = space, offset, dynamic

    def plus(self, k):
        return Address(self.space, self.offset + k, self.dynamic)


class _Moved:
    """An address register that a loop of run-time trip count moved: its
    value after the loop depends on the trips, so it must not be read."""

    def __init__(self, reg):
        self.reg = reg


class _Outside(Exception):
    """A memory access outside its table or the local frame, in a trip
    of a loop unrolled under its condition: a trip nvcc's code never
    runs."""


class _Block:
    def __init__(self, label):
        self.label, self.code, self.branch = label, [], None
        self.falls_through, self.returns = True, False


_DECLARED_DTYPES = {"b16": "uint16", "u16": "uint16", "b32": "uint32",
                    "u32": "uint32", "s32": "uint32", "b64": "uint64",
                    "u64": "uint64", "f32": "float32", "f64": "float64",
                    "pred": "bool"}


def _split_operands(text):
    """Operands separated by commas, a `{a, b}` vector being one."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    return out + [tail] if tail else out


def _parse(code):
    """nvcc's code as blocks: each a label, instructions ((guard, opcode,
    operands)), and its branch ((guard, target) or None); and the dtypes of
    the registers its nested scopes declare, which are renamed apart."""
    blocks, scopes, declared = [_Block(None)], [], {}
    for line in code.strip().splitlines():
        line = line.strip()
        if line in ("{", "}"):
            if line == "{":
                scopes.append({})
            elif scopes:
                scopes.pop()
            else:
                raise NvccMathError("a '}' without its '{'")
            continue
        if line.startswith(".reg"):
            _declare(line, scopes, declared)
            continue
        _add_line(blocks, line, scopes)
    return [b for b in blocks if b.label is not None or b.code or b.branch
            or b.returns or b is blocks[0]], declared


def _declare(line, scopes, declared):
    """`.reg .TYPE a, b` in a nested scope: each name renamed apart."""
    if not scopes:
        raise NvccMathError(f"'{line}' outside a nested scope")
    _, ty, names = line.split(None, 2)
    dtype = _DECLARED_DTYPES.get(ty.lstrip("."))
    if dtype is None:
        raise NvccMathError(f"registers of type {ty}")
    for name in _split_operands(names):
        new = f"%__s{len(declared)}"
        scopes[-1][name] = new
        declared[new] = dtype


def _rename(operand, scopes):
    """An operand with the registers of the nested scopes renamed (the
    innermost declaration of a name wins)."""
    def one(m):
        for scope in reversed(scopes):
            if m[0] in scope:
                return scope[m[0]]
        return m[0]
    return re.sub(r"(?<![\w.$])%?[A-Za-z_$][\w$]*", one, operand)


def _add_line(blocks, line, scopes):
    if line.endswith(":"):
        blocks.append(_Block(line[:-1]))
        return
    if line.startswith(".pragma"):
        return
    guard = None
    if line.startswith("@"):
        guard, _, line = line.partition(" ")
        guard = guard[1:]
    opcode, _, rest = line.partition(" ")
    operands = [_rename(o, scopes) for o in _split_operands(rest)]
    if guard is not None:
        guard = _rename(guard.lstrip("!"), scopes).join(
            ("!" if guard.startswith("!") else "", ""))
    if opcode.startswith("bra"):
        blocks[-1].branch = (guard, operands[0])
        blocks[-1].falls_through = guard is not None
        blocks.append(_Block(None))
    elif opcode == "ret":
        if guard is not None:
            raise NvccMathError("a guarded ret")
        blocks[-1].falls_through = False
        blocks[-1].returns = True
        blocks.append(_Block(None))
    else:
        blocks[-1].code.append((guard, opcode, operands))


def _resized(ops, value, dtype):
    """`value`'s bits as `dtype`: a wider register holds a narrower value
    zero-extended (`ld.param.u32` into a 64-bit register), a narrower
    store keeps the low bits (`st.global.u32` of one)."""
    if value.dtype == dtype:
        return value
    have, want = _width(value.dtype), _width(dtype)
    if have != want:
        value = ops.bitcast(value, f"uint{have}")
        value = ops.truncate(value, f"uint{want}")
    return value if value.dtype == dtype else ops.bitcast(value, dtype)


class _Runner:
    """One function's code run on kernel values through `ops`."""

    def __init__(self, name, args, ops):
        fn = FUNCTIONS[name]
        self.name, self.ops, self.fn = name, ops, fn
        self.regs = {}
        for reg, v in zip(fn["inputs"], args):
            self.regs[reg] = (_resized(ops, v, register_dtype(reg)), True,
                              None)
        # A helper's result has its recorded dtype; a function's that of
        # its first argument.
        self.result_dtype = fn.get("dtypes", [args[0].dtype])[-1]
        self.memory = {}
        self.frame_bytes = fn.get("local", 0)
        self.tables = {t: bytes(b) for t, b in fn["tables"].items()}
        # Kernel values known to be one of a few integers (a masked
        # offset): id -> (value, set of integers).
        self.value_sets = {}
        self.unrolling, self.trip_guard = False, None
        # The carry flag of the extended-precision instructions.
        self.carry = Known(0, "uint32")
        self.blocks, self.declared = _parse(fn["code"])
        self.index = {b.label: i for i, b in enumerate(self.blocks)
                      if b.label}

    def fail(self, why):
        raise NvccMathError(f"nvcc {NVCC}'s code for {self.name}: {why}")

    # -- control flow --------------------------------------------------------

    def successors(self, i):
        """[(block index, condition)]: condition a predicate register, with
        '!' for its negation, or None for always."""
        b, out = self.blocks[i], []
        if b.branch is not None:
            guard, target = b.branch
            if target not in self.index:
                self.fail(f"a branch to {target}, which it does not define")
            out.append((self.index[target], guard))
        if b.falls_through and i + 1 < len(self.blocks):
            guard = b.branch[0] if b.branch else None
            out.append((i + 1, None if guard is None else "!" + guard))
        return out

    def order(self):
        """The blocks in an order where every forward edge goes later (a
        self-loop is the only back edge allowed)."""
        seen, done, post = set(), set(), []

        def visit(i):
            seen.add(i)
            for j, _ in self.successors(i):
                if j in seen and j not in done and j != i:
                    self.fail("a loop of more than one block")
                if j not in seen:
                    visit(j)
            done.add(i)
            post.append(i)
        visit(0)
        return post[::-1]

    def run(self):
        order = self.order()
        if not self.blocks[order[-1]].returns or sum(
                b.returns for b in self.blocks) != 1:
            self.fail("the result is not stored by one block that every path "
                      "reaches last")
        incoming = {i: [] for i in order}
        for pos, i in enumerate(order):
            guard = self.join(incoming[i]) if pos else True
            self.run_block(i, guard, final=pos == len(order) - 1)
            for j, cond in self.successors(i):
                if j != i:
                    incoming[j].append(self.edge(guard, cond))
        value = self.runtime(self.regs[self.fn["output"]][0])
        return _resized(self.ops, value, self.result_dtype)

    def run_block(self, i, guard, final):
        block, before = self.blocks[i], dict(self.regs)
        for _ in range(_MAX_TRIPS):
            self.run_trip(block, guard, final)
            if block.branch is None or self.index[block.branch[1]] != i:
                return
            again = self.condition(block.branch[0] or "")
            if not isinstance(again, bool):
                if any(op.split(".")[0] in ("ld", "st")
                       for _, op, _ in block.code):
                    return self.unroll_loop(block, guard, again, final)
                written = [r for r in self.regs
                           if self.regs[r] is not before.get(r)]
                return self.run_loop(block, guard, written)
            if not again:
                return
        self.fail(f"a loop of more than {_MAX_TRIPS} trips")

    def run_trip(self, block, guard, final):
        for k, (pguard, opcode, operands) in enumerate(block.code):
            g = guard if pguard is None else self.both(
                guard, self.condition(pguard))
            last = final and k == len(block.code) - 1 and \
                block.branch is None
            self.execute(opcode, operands, g, last)

    def unroll_loop(self, block, guard, again, final):
        """The trips of a self-loop after its first that touches memory and
        whose condition is a kernel value: each trip runs under `guard`
        and the conditions of the trips before it, until one would access
        memory outside its table or the frame (nvcc's code never runs
        that trip: its guard is false). An address register the trips move
        is unreadable after the loop."""
        before = {r: v[0] for r, v in self.regs.items()
                  if isinstance(v[0], Address)}
        self.unrolling = True
        try:
            for _ in range(_MAX_TRIPS):
                if again is False:
                    break
                guard = self.both(guard, again)
                saved = dict(self.regs), dict(self.memory), self.carry
                self.trip_guard = guard
                try:
                    self.run_trip(block, guard, final)
                except _Outside:
                    self.regs, self.memory, self.carry = saved
                    break
                again = self.condition(block.branch[0])
            else:
                self.fail(f"a loop that touches memory and runs more than "
                          f"{_MAX_TRIPS} trips, or a number known only at "
                          "run time that its memory accesses do not bound")
        finally:
            self.unrolling = False
        for r, v in self.regs.items():
            if isinstance(v[0], Address) and before.get(r) is not v[0]:
                self.regs[r] = (_Moved(r), True, None)

    def run_loop(self, block, guard, written):
        """The trips of a self-loop after its first, whose condition is a
        kernel value: a kernel loop (`ops.loop`) that carries the registers
        the block writes and runs while its branch would be taken and
        `guard` holds (where it does not, the loop stops at once and the
        first trip's guarded values stand)."""
        outer = self.regs

        def bind(args):
            self.regs = dict(outer)
            self.regs.update((r, (a, True, None))
                             for r, a in zip(written, args))

        def test(args):
            bind(args)
            again = self.both(guard, self.condition(block.branch[0]))
            self.regs = outer
            return self.runtime(Known(int(again), "bool")) \
                if isinstance(again, bool) else again

        def step(args):
            bind(args)
            self.run_trip(block, True, False)
            out = [self.register_value(r) for r in written]
            self.regs = outer
            return out

        results = self.ops.loop([self.register_value(r) for r in written],
                                test, step)
        for r, v in zip(written, results):
            self.regs[r] = (v,) + outer[r][1:]

    def register_value(self, reg):
        """A register's value as a kernel value of its own dtype."""
        return _resized(self.ops, self.runtime(self.regs[reg][0]),
                        self.dtype_of(reg))

    def condition(self, pred):
        """A predicate register (or its negation, '!p') as True, False or
        a kernel bool."""
        if pred == "":
            return True
        negate = (len(pred) - len(pred.lstrip("!"))) % 2 == 1
        value = self.operand(pred.lstrip("!"), None)
        if isinstance(value, Known):
            return bool(value.bits) != negate
        return self.ops.logic("not", value) if negate else value

    def edge(self, guard, cond):
        return guard if cond is None else self.both(guard,
                                                    self.condition(cond))

    def both(self, a, b):
        if a is True or b is False:
            return b
        if b is True or a is False:
            return a
        return self.ops.logic("and", a, b)

    def join(self, guards):
        if not guards:
            return False
        out = guards[0]
        for g in guards[1:]:
            if out is True or g is True:
                return True
            out = g if out is False else out if g is False else \
                self.ops.logic("or", out, g)
        return out

    # -- values --------------------------------------------------------------

    def runtime(self, value):
        """`value` as a kernel value."""
        if isinstance(value, Known):
            return self.ops.const(value.bits, value.dtype)
        if isinstance(value, Address):
            self.fail("an address used as a number")
        return value

    def operand(self, text, dtype):
        """An operand's value: Known, Address or a kernel value."""
        if text.startswith("%"):
            if text not in self.regs:
                self.fail(f"{text} is read before it is written")
            if isinstance(self.regs[text][0], _Moved):
                self.fail(f"{text}, an address that a loop moved, is read "
                          "after the loop")
            return self.regs[text][0]
        if text.startswith("0f"):
            return Known(int(text[2:], 16), "float32")
        if text.startswith("0d"):
            return Known(int(text[2:], 16), "float64")
        if text in self.tables:
            return Address(text, 0)
        if text.startswith("__local_depot"):
            return Address("local", 0)
        if not _INTEGER.fullmatch(text):
            self.fail(f"operand {text}, which is neither a register nor a "
                      "constant")
        return Known(int(text.rstrip("uU"), 0), dtype)

    def write(self, reg, value, guard):
        self.store(self.regs, reg, value, guard)

    def store(self, state, key, value, guard):
        """`state[key]` = value where `guard` holds: (value, guard, base),
        base being the value from before the guard's first write, which
        the select keeps where the guard does not hold. Writes under one
        guard object (a chain of blocks under one condition, a loop
        unrolled there) all select against that base; with no base (the
        first value of a register) none is needed, so a known counter
        stays known."""
        if guard is False:
            return
        old = state.get(key)
        base = None
        if guard is not True and old is not None:
            base = old[2] if old[1] is guard else old[0]
        if self.unrolling and isinstance(value, Address):
            base = None  # Read only by later trips (their guards imply it).
        if base is not None:
            value = self.ops.select(guard, self.runtime(value),
                                    self.runtime(base))
        state[key] = (value, guard, base)

    # -- instructions --------------------------------------------------------

    def dtype_of(self, reg):
        return self.declared.get(reg) or register_dtype(reg)

    def move_vector(self, opcode, dest, src, guard):
        """`mov.bN {lo, hi}, x` and `mov.bN x, {lo, hi}`: the halves of an
        N-bit register (N = 32 or 64)."""
        half = _width(opcode.split(".")[-1]) // 2
        if dest.startswith("{"):
            lo, hi = _split_operands(dest.strip("{}"))
            value = self.operand(src, None)
            if isinstance(value, Known):
                mask = (1 << half) - 1
                halves = (Known(value.bits & mask, f"uint{half}"),
                          Known(value.bits >> half & mask, f"uint{half}"))
            else:
                halves = self.ops.unpack(value, f"uint{half}")
            for reg, part in zip((lo, hi), halves):
                self.write(reg, part, guard)
            return None
        lo, hi = (self.operand(r, None) for r in _split_operands(
            src.strip("{}")))
        dtype = self.dtype_of(dest)
        if isinstance(lo, Known) and isinstance(hi, Known):
            return self.write(dest, Known(lo.bits | hi.bits << half, dtype),
                              guard)
        return self.write(dest, self.ops.pack(self.runtime(lo),
                                              self.runtime(hi), dtype), guard)

    def execute(self, opcode, operands, guard, last):
        head = opcode.split(".")[0]
        if head in ("ld", "st"):
            return self.memory_op(opcode, operands, guard)
        dest, srcs = operands[0], operands[1:]
        if head in _CARRY_HEADS or ".cc." in opcode:
            return self.carry_op(opcode, dest, srcs, guard)
        if head == "mov" and "{" in dest + srcs[0]:
            return self.move_vector(opcode, dest, srcs[0], guard)
        dtype = self.dtype_of(dest)
        values = [self.operand(s, self.immediate_dtype(opcode, s))
                  for s in srcs]
        folded = self.fold(opcode, values, dtype)
        if folded is not None:
            return self.write(dest, folded, guard)
        if head == "mov":
            value = values[0]
            if not isinstance(value, Known) and value.dtype != dtype:
                value = self.ops.bitcast(value, dtype)
            return self.write(dest, value, guard)
        if head == "setp":
            parts = opcode.split(".")
            if parts[-1][0] in "ub" and parts[1] in _UNSIGNED_COMPARES:
                parts[1] = _UNSIGNED_COMPARES[parts[1]]
            opcode = ".".join(parts)
        last = last and dest == self.fn["output"]
        args = [self.runtime(v) for v in values]
        result = self.ops.apply(opcode, dtype, args, last)
        known = self.possible(opcode, values)
        if known is not None:
            self.value_sets[id(result)] = (result, known)
        self.write(dest, result, guard)

    def possible(self, opcode, values):
        """The few integers an integer instruction's result can be, or
        None: a value masked by a constant of at most 4 bits set, then
        shifted or multiplied (mul.wide) by constants (sin's offset into
        its table of coefficients)."""
        def of(v):
            if isinstance(v, Known):
                return {v.bits}
            k = self.value_sets.get(id(v))
            return k[1] if k is not None and k[0] is v else None
        parts = opcode.split(".")
        if parts[-1][0] not in "bus" or len(values) != 2:
            return None
        width = _width(parts[-1])
        a, b = of(values[0]), of(values[1])
        if parts[0] == "and" and b is not None and len(b) == 1:
            mask = next(iter(b))
            if a is not None:
                return {x & mask for x in a}
            if bin(mask).count("1") > 4:
                return None
            bits = [1 << i for i in range(width) if mask >> i & 1]
            return {sum(c) for n in range(len(bits) + 1)
                    for c in itertools.combinations(bits, n)}
        if a is None or b is None or len(a) * len(b) > 16:
            return None
        if parts[0] == "shl":
            return {x << min(y, width) & ((1 << width) - 1)
                    for x in a for y in b}
        if parts[:2] == ["mul", "wide"] and (
                parts[-1][0] == "u" or max(a | b) < 1 << (width - 1)):
            return {x * y for x in a for y in b}
        return None

    def carry_op(self, opcode, dest, srcs, guard):
        """The extended-precision instructions (add.cc, addc, sub.cc, subc,
        mad.cc, madc of .u32; 9.7.2): nvcc's 64-bit products and sums in
        32-bit pieces, whose carry flag passes between them. The table has
        no instruction that reads or writes the flag, so each runs as
        64-bit arithmetic of the table: the 32-bit result is the sum's low
        half and the carry (or borrow) its bit 32."""
        parts = opcode.split(".")
        if parts[-1] != "u32":
            self.fail(f"{opcode}: only the .u32 carry chain is run")
        head = parts[0]
        values = [self.operand(x, "uint32") for x in srcs]
        if head in ("mad", "madc"):
            product = self.ops.apply("mul.wide.u32", "uint64", [
                self.runtime(v) for v in values[:2]], False)
            if "hi" in parts:
                product = self.ops.apply("shr.u64", "uint64",
                                         [product, self.ops.const(32,
                                                                  "uint32")],
                                         False)
            values = [self.ops.truncate(product, "uint32"), values[2]]
        wide = [self.widen(v) for v in values]
        if head.endswith("c"):
            wide.append(self.widen(self.carry))
        combine = "sub.u64" if head.startswith("sub") else "add.u64"
        total = wide[0]
        for w in wide[1:]:
            total = self.ops.apply(combine, "uint64", [total, w], False)
        if "cc" in parts:
            high = self.ops.apply("shr.u64", "uint64",
                                  [total, self.ops.const(32, "uint32")],
                                  False)
            self.carry = self.ops.apply("and.b32", "uint32", [
                self.ops.truncate(high, "uint32"),
                self.ops.const(1, "uint32")], False)
        self.write(dest, self.ops.truncate(total, "uint32"), guard)

    def widen(self, value):
        """A 32-bit value as a uint64 kernel value."""
        value = self.runtime(value)
        if value.dtype != "uint32":
            value = _resized(self.ops, value, "uint32")
        return self.ops.truncate(value, "uint64")

    @staticmethod
    def immediate_dtype(opcode, text):
        """The dtype of a decimal immediate: the width of the instruction's
        type, except shift amounts and bit positions (32-bit)."""
        if not _INTEGER.fullmatch(text):
            return None
        head, suffix = opcode.split(".")[0], opcode.split(".")[-1]
        bits = suffix[1:] if head not in ("shl", "shr", "bfi", "bfe") else ""
        signed = text.startswith("-")
        if bits == "64":
            return "int64" if signed else "uint64"
        if bits == "16":
            return "int16" if signed else "uint16"
        return "int32" if signed else "uint32"

    def fold(self, opcode, values, dtype):
        """The result of integer or address arithmetic on values known
        here, or None where it must run in the kernel."""
        head = opcode.split(".")[0]
        if head == "mov" and isinstance(values[0], (Known, Address)):
            v = values[0]
            return Known(v.bits, dtype) if isinstance(v, Known) else v
        plain = len(opcode.split(".")) == 2  # Not .sat, .cc, .rn, ...
        if head in ("add", "sub") and len(values) == 2 and plain:
            a, b = values
            sign = 1 if head == "add" else -1
            if isinstance(a, Address) and isinstance(b, Known):
                return a.plus(sign * b.signed())
            if isinstance(a, Address) and head == "add" and \
                    a.dynamic is None:
                return Address(a.space, a.offset, b)
            if opcode.split(".")[-1][0] in "su" and all(
                    isinstance(v, Known) for v in values):
                return Known(a.bits + sign * b.bits, dtype)
        if head == "setp" and all(isinstance(v, Known) for v in values):
            return self.compare(opcode, *values)
        return None

    @staticmethod
    def compare(opcode, a, b):
        cmp, ty = opcode.split(".")[1], opcode.split(".")[-1]
        if ty[0] not in "sub":
            return None
        x, y = (a.signed(), b.signed()) if ty[0] == "s" else (a.bits, b.bits)
        table = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y,
                 "gt": x > y, "ge": x >= y, "lo": x < y, "ls": x <= y,
                 "hi": x > y, "hs": x >= y}
        return Known(int(table[cmp]), "bool") if cmp in table else None

    def address(self, text):
        """[%reg+k] as an Address."""
        inner = text.strip("[]")
        reg, _, disp = inner.partition("+")
        base = self.operand(reg, "uint64")
        if not isinstance(base, Address):
            self.fail(f"a memory access at {text}, which is not in a table "
                      "or the local frame")
        return base.plus(int(disp) if disp else 0)

    def memory_op(self, opcode, operands, guard):
        if guard is False:
            return None  # Under a predicate known to be false: not run.
        parts = opcode.split(".")
        width = _width(parts[-1])
        if width not in (32, 64):
            self.fail(f"{opcode}: only 32- and 64-bit words are kept")
        if parts[0] == "st":
            return self.store_local(opcode, self.address(operands[0]),
                                    operands[1], width, guard)
        dests = _split_operands(operands[0].strip("{}"))
        where = self.address(operands[1])
        for k, dest in enumerate(dests):
            at = where.plus(k * width // 8)
            if at.space == "local":
                value = self.load_local(at, width, guard)
            else:
                value = self.load_table(opcode, at, width, guard)
            if isinstance(value, Known):
                value = Known(value.bits, self.dtype_of(dest))
            else:
                value = _resized(self.ops, value, self.dtype_of(dest))
            self.write(dest, value, guard)
        return None

    def outside(self, why, guard):
        """An access outside its memory: a trip not run, while unrolling
        under a condition, where the access runs whenever its trip does
        (under the trip's guard itself); else an error."""
        if self.unrolling and guard is self.trip_guard:
            raise _Outside(why)
        self.fail(why)

    def frame_words(self, where, width, guard):
        """The offsets of the frame's words an access at `where` can reach:
        its own, or (at a run-time address) every aligned one."""
        size = width // 8
        if where.dynamic is None:
            if not 0 <= where.offset <= self.frame_bytes - size:
                self.outside(f"an access at byte {where.offset} of a "
                             f"{self.frame_bytes}-byte local frame", guard)
            return [where.offset]
        words = list(range(0, self.frame_bytes - size + 1, size))
        if not words:
            self.fail(f"an access at a run-time address of a "
                      f"{self.frame_bytes}-byte local frame")
        return words

    def store_local(self, opcode, where, operand, width, guard):
        if where.space != "local":
            self.fail(f"{opcode} outside the local frame")
        v = self.operand(operand, f"uint{width}")
        if isinstance(v, Address):
            self.fail(f"{opcode} stores an address to memory")
        if isinstance(v, Known):
            v = Known(v.bits, f"uint{width}")
        elif _width(v.dtype) != width:
            v = _resized(self.ops, v, f"uint{width}")
        elif v.dtype != f"uint{width}":
            v = self.ops.bitcast(v, f"uint{width}")
        for k in self.frame_words(where, width, guard):
            old = self.memory.get(k)
            if old is not None and _width(old[0].dtype) != width:
                self.fail(f"{opcode} over a word of another width")
            g = guard
            if where.dynamic is not None:
                hit = self.ops.equals(self.runtime(where.dynamic),
                                      (k - where.offset) % (1 << 64))
                g = self.both(guard, hit)
            self.store(self.memory, k, v, g)
        return None

    def load_table(self, opcode, where, width, guard):
        """A word of a global table: a constant, or at a run-time address
        a select over the words that address can reach."""
        size, table = width // 8, self.tables[where.space]
        if opcode.split(".")[1] != "global":
            self.fail(f"{opcode} of the global table {where.space}")
        if where.dynamic is None:
            if not 0 <= where.offset <= len(table) - size:
                self.outside(f"{opcode} at byte {where.offset} of "
                             f"{where.space}, which is not a word of it",
                             guard)
            return Known(int.from_bytes(
                table[where.offset:where.offset + size], "little"),
                f"uint{width}")
        known = self.value_sets.get(id(where.dynamic))
        if known is not None and known[0] is where.dynamic:
            offsets = sorted(known[1])
        else:
            offsets = range(-where.offset, len(table) - where.offset)
        words = [(o, where.offset + o) for o in offsets
                 if 0 <= where.offset + o <= len(table) - size and
                 (where.offset + o) % size == 0]
        if not words:
            self.outside(f"{opcode} that reaches no word of {where.space}",
                         guard)
        return self.select_word(where.dynamic, [
            (o, self.ops.const(int.from_bytes(table[at:at + size], "little"),
                               f"uint{width}")) for o, at in words])

    def select_word(self, dynamic, words):
        """The word of `words` ((offset, kernel value), the first the
        default) whose offset the run-time value `dynamic` equals."""
        dynamic = self.runtime(dynamic)
        value = words[0][1]
        for o, word in words[1:]:
            value = self.ops.select(
                self.ops.equals(dynamic, o % (1 << 64)), word, value)
        return value

    def load_local(self, where, width, guard):
        offsets = self.frame_words(where, width, guard)
        for k in offsets:
            if k in self.memory and \
                    _width(self.memory[k][0].dtype) != width:
                self.fail(f"a {width}-bit load of local word {k}, stored "
                          "with another width")
        if where.dynamic is None:
            if where.offset not in self.memory:
                self.fail(f"a load of local word {where.offset} before any "
                          "store")
            return self.memory[where.offset][0]
        # A select over the words stored: the word whose offset the run-time
        # part of the address reaches.
        offsets = [k for k in offsets if k in self.memory]
        if not offsets:
            self.fail("a load at a run-time address of the local frame "
                      "before any store")
        return self.select_word(where.dynamic, [
            (k - where.offset, self.runtime(self.memory[k][0]))
            for k in offsets])


def run(name, args, ops):
    """Entry `name` (see `entry`) on kernel values `args`: the kernel value
    of its result. `ops` makes the kernel's operations:

    - `const(bits, dtype)`: a constant of those bits;
    - `apply(opcode, dtype, operands, last)`: the instruction on kernel
      values, its result of `dtype` (`last`: it computes the function's
      result and nothing follows);
    - `select(cond, a, b)`, `logic(op, a[, b])` (and, or, not on bools),
      `equals(a, k)` (a uint64 value and an integer), `bitcast(v, dtype)`
      and `truncate(v, dtype)`;
    - `unpack(v, dtype)` (a 32- or 64-bit value's low and high halves, of
      the unsigned `dtype` of half its width) and `pack(lo, hi, dtype)`
      (two halves as one value of `dtype`);
    - `loop(inits, test, step)`: a kernel loop over values (`test(values)`
      a kernel bool, `step(values)` the next values, each made in the
      loop's regions), which returns the values it ends with."""
    return _Runner(name, args, ops).run()
