"""The part of a test kernel that the differential test (gen_diff.py) and
the CPU-backend check (cpu_check.py) share: load the sources into register
tiles with the table's ld, apply the instruction (optionally under
pred = odd lane, with or without preserve_dst), store the destination with
the table's st. The callers build the views and register tiles around it."""
import random

import instr_table


def pred_tile(reg, elt):
    """The i1 register tile of a predicate operand held in `reg` (an integer
    tile of element type `elt`)."""
    return reg.replace(f"x{elt}", "xi1", 1)


def apply_and_store(opcode, order, types, scope, loaded, lane=None,
                    keep=False, preds=(), imms=None, pair=False):
    """MLIR lines (without indentation) for one instruction over register
    tiles.

    order   the buffers in operand order, destination first; buffer B's
            register tile is %rB and its memory view %Bv;
    types   buffer -> (element type, view type, register tile type);
    loaded  the buffers to load before the instruction;
    lane    an index value whose low bit is the predicate (pred = odd), or
            None for no predicate;
    keep    preserve_dst (with a predicate);
    preds   the buffers of predicate operands: memory and %rB hold them as
            integers of the buffer's element type (0 or 1), the instruction
            reads and writes the i1 tile %qB, and the table's predicate
            bridge converts (x != 0 after the load, 1 or 0 before the
            store);
    imms    buffer -> value for immediate operands (lop3's table): the
            instruction takes an arith.constant of the buffer's element type
            instead of its register tile, and the buffer is not loaded;
    pair    the PTX types of the instruction's two destinations, or None
            for one (test_operands): two predicates (setp p|q), %qD and
            %qE, give the destination buffer p + 2q (three of the bridge's
            selects, no other opcode); a w-bit register and a predicate
            (lop3.BoolOp d|p), %rY and %qE, give the 2w-bit buffer
            d + (p << w) (pack_opcodes). Both are the reference's packing
            of the destinations, the first lowest."""
    imms = imms or {}
    lines = []
    consts = set()

    def const(value, elt):
        name = f"%pc{value}_{elt}"
        if name not in consts:
            consts.add(name)
            lines.append(f"{name} = arith.constant {value} : {elt}")
        return name

    for buf in preds:
        elt, _, reg = types[buf]
        lines.append(f"%q{buf} = tile.alloc_local : {pred_tile(reg, elt)}")
    for buf in loaded:
        if buf in imms:
            continue
        elt, view, reg = types[buf]
        ld = instr_table.move_opcode("ld", elt)
        lines.append(f'tile.apply "{ld}" (%r{buf}, %{buf}v) scope({scope}) '
                     f": {reg}, {view}")
        if buf in preds:
            _, from_int = instr_table.predicate_bridge(int(elt[1:]))
            zero = const(0, elt)
            lines.append(f'tile.apply "{from_int}" (%q{buf}, %r{buf}, {zero})'
                         f" scope({scope}) : {pred_tile(reg, elt)}, {reg}, "
                         f"{elt}")
    params = ""
    if lane is not None:
        lines.append(f"%lane32 = arith.index_cast {lane} : index to i32")
        lines.append("%one = arith.constant 1 : i32")
        lines.append("%bit = arith.andi %lane32, %one : i32")
        lines.append("%p = arith.trunci %bit : i32 to i1")
        params = " pred(%p)" + (" preserve_dst" if keep else "")
    dst = order[0]
    # d|p: the instruction writes d into a register tile of its own width.
    wide = bool(pair) and not instr_table.is_predicate(pair[0])
    if pair:
        elt, _, reg = types[dst]
        lines.append(f"%qE = tile.alloc_local : {pred_tile(reg, elt)}")
        types = dict(types, E=types[dst])
        first = dst
        if wide:
            d_elt = f"i{instr_table.types()[pair[0]]['bits']}"
            d_reg = reg.replace(f"x{elt}", f"x{d_elt}", 1)
            lines.append(f"%rY = tile.alloc_local : {d_reg}")
            types["Y"] = (d_elt, None, d_reg)
            first = "Y"
        order = [first, "E"] + list(order[1:])
        preds = set(preds) | {"E"}
    regs = ", ".join(const(imms[b], types[b][0]) if b in imms
                     else f"%q{b}" if b in preds else f"%r{b}" for b in order)
    tiles = [types[b][0] if b in imms
             else pred_tile(types[b][2], types[b][0]) if b in preds
             else types[b][2] for b in order]
    lines.append(f'tile.apply "{opcode}" ({regs}){params} scope({scope}) : '
                 + ", ".join(tiles))
    elt, view, reg = types[dst]
    if wide:
        d_elt, _, d_reg = types["Y"]
        bits = int(d_elt[1:])
        widen, to_int, combine = pack_opcodes(bits)
        ptile = pred_tile(reg, elt)
        lines.append(f'tile.apply "{widen}" (%r{dst}, %rY) scope({scope}) : '
                     f"{reg}, {d_reg}")
        lines.append(f"%rX = tile.alloc_local : {reg}")
        lines.append(f'tile.apply "{to_int}" (%rX, {const(1 << bits, elt)}, '
                     f"{const(0, elt)}, %qE) scope({scope}) : {reg}, {elt}, "
                     f"{elt}, {ptile}")
        lines.append(f'tile.apply "{combine}" (%r{dst}, %r{dst}, %rX) '
                     f"scope({scope}) : {reg}, {reg}, {reg}")
    elif pair:
        to_int, _ = instr_table.predicate_bridge(int(elt[1:]))
        ptile = pred_tile(reg, elt)
        c = {v: const(v, elt) for v in (0, 1, 2, 3)}
        lines.append(f"%rX = tile.alloc_local : {reg}")
        lines.append(f'tile.apply "{to_int}" (%rX, {c[3]}, {c[2]}, %qD) '
                     f"scope({scope}) : {reg}, {elt}, {elt}, {ptile}")
        lines.append(f'tile.apply "{to_int}" (%r{dst}, {c[1]}, {c[0]}, %qD) '
                     f"scope({scope}) : {reg}, {elt}, {elt}, {ptile}")
        lines.append(f'tile.apply "{to_int}" (%r{dst}, %rX, %r{dst}, %qE) '
                     f"scope({scope}) : {reg}, {reg}, {reg}, {ptile}")
    elif dst in preds:
        to_int, _ = instr_table.predicate_bridge(int(elt[1:]))
        one, zero = const(1, elt), const(0, elt)
        lines.append(f'tile.apply "{to_int}" (%r{dst}, {one}, {zero}, '
                     f"%q{dst}) scope({scope}) : {reg}, {elt}, {elt}, "
                     f"{pred_tile(reg, elt)}")
    st = instr_table.move_opcode("st", elt)
    lines.append(f'tile.apply "{st}" (%{dst}v, %r{dst}) scope({scope}) : '
                 f"{view}, {reg}")
    return lines


def immediate_values(operand, count, seed):
    """The values test kernels give an immediate operand (lop3's table): its
    range's ends and `count` - 2 others drawn with `seed`, or all of them
    where the range has no more."""
    lo, hi = operand["immediate"]["min"], operand["immediate"]["max"]
    if hi - lo + 1 <= count:
        return list(range(lo, hi + 1))
    rng = random.Random(seed)
    return [lo, hi] + rng.sample(range(lo + 1, hi), count - 2)


def pack_opcodes(bits):
    """(widen, select, combine): the table's opcodes that pack a `bits`-bit
    register d and a predicate p into d + (p << bits), an integer of twice
    the width: widen zero-extends d (cvt.u64.u32), select is the predicate
    bridge's (selp.b64 x, 1 << bits, 0, p), combine ors the two (or.b64)."""
    wide = 2 * bits
    widen = instr_table.plain_opcode("int_convert", [f"u{wide}", f"u{bits}"])
    select, _ = instr_table.predicate_bridge(wide)
    combine = instr_table.plain_opcode("or", [f"b{wide}"])
    return widen, select, combine


def test_operands(form):
    """(operands, pair): the form's operands as a test kernel moves them
    through memory, and the PTX types of its two destinations (None where it
    has one). The second destination travels in the first one's buffer, as
    the reference packs them, so it is dropped: two predicates (setp p|q)
    as p + 2q in the predicate's integer; a w-bit register and a predicate
    (lop3.BoolOp d|p) as d + (p << w), the first operand then taking the
    table's 2w-bit type (b64), whose integer the buffer is."""
    ops = form["operands"]
    defs = tuple(o["type"] for o in ops if o["role"] == "def")
    if len(defs) != 2:
        return ops, None
    if not instr_table.is_predicate(defs[1]):
        raise ValueError(f"{form['syntax']}: the second destination is not "
                         "a predicate")
    first = ops[0]
    if not instr_table.is_predicate(defs[0]):
        wide = f"b{2 * instr_table.types()[defs[0]]['bits']}"
        if wide not in instr_table.types():
            raise KeyError(f"no type '{wide}' to hold {form['syntax']}")
        first = dict(first, type=wide)
    return [first] + ops[2:], defs


def immediate_choices(form, count, seed):
    """One {source index: value} per test kernel: `count` values of the
    form's immediate source (lop3's table), or one empty choice."""
    srcs = [o for o in form["operands"] if o["role"] == "use"]
    imm = [k for k, o in enumerate(srcs) if "immediate" in o]
    if len(imm) > 1:
        raise ValueError(f"{seed}: more than one immediate operand")
    if not imm:
        return [{}]
    return [{imm[0]: v}
            for v in immediate_values(srcs[imm[0]], count, seed)]


def register_group(buf, members, outer, outer_strides, elt):
    """A register group (cvt.rs's {a, b, e, f}: one operand of several
    registers per instruction) whose registers travel as sources of their
    own: the lines that allocate the group's tile %r<buf> and view register
    k of it as the tile %r<members[k]>; returns (lines, the group tile's
    type, each member tile's type).

    outer          the group and repeat extents;
    outer_strides  their strides in a one-register tile of the same shape
                   (0 for distributed group axes): the group's are those
                   times the number of registers, its register axis stride 1.
    Each member's tile has the one-register shape (outer + [1]), so the
    table's ld loads it from its own buffer."""
    n = len(members)
    strides = ", ".join(str(s * n) for s in outer_strides) + ", 1"
    gty = (f"memref<{'x'.join(str(d) for d in outer + [n])}x{elt}, "
           f"strided<[{strides}]>, #tile.reg>")
    mdims = "x".join(str(d) for d in outer + [1])
    sizes = ", ".join(str(d) for d in outer + [1])
    ones = ", ".join("1" for _ in outer + [1])
    lines = [f"%r{buf} = tile.alloc_local : {gty}"]
    mtys = []
    for k, m in enumerate(members):
        off = f", offset: {k}" if k else ""
        mty = f"memref<{mdims}x{elt}, strided<[{strides}]{off}>, #tile.reg>"
        offsets = ", ".join(["0"] * len(outer) + [str(k)])
        lines.append(f"%r{m} = memref.subview %r{buf}[{offsets}] [{sizes}] "
                     f"[{ones}] : {gty} to {mty}")
        mtys.append(mty)
    return lines, gty, mtys


def flat_sources(form):
    """The form's source registers as test kernels move them, one buffer
    each: (operand, group) per register, `group` the index of the source
    operand that a register group's register belongs to (None for a
    one-register operand)."""
    out = []
    srcs = [o for o in form["operands"] if o["role"] == "use"]
    for k, o in enumerate(srcs):
        if o["atom"] == 1 or o["kind"] != "register":
            out.append((o, None))
        else:
            out += [(o, k)] * o["atom"]
    return out


def register_groups(flat):
    """{index in `flat` of a register group's first register: the group's
    number of registers}, for flat_sources' list."""
    groups = {}
    for i, (_, g) in enumerate(flat):
        if g is not None and (i == 0 or flat[i - 1][1] != g):
            groups[i] = sum(1 for _, h in flat if h == g)
    return groups
