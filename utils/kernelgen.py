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
    pair    the instruction writes two predicates (setp p|q), %qD and %qE:
            the destination buffer gets p + 2q, as the reference packs them
            (three of the bridge's selects, no other opcode)."""
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
    if pair:
        elt, _, reg = types[order[0]]
        lines.append(f"%qE = tile.alloc_local : {pred_tile(reg, elt)}")
        order = [order[0], "E"] + list(order[1:])
        types = dict(types, E=types[order[0]])
        preds = set(preds) | {"E"}
    regs = ", ".join(const(imms[b], types[b][0]) if b in imms
                     else f"%q{b}" if b in preds else f"%r{b}" for b in order)
    tiles = [types[b][0] if b in imms
             else pred_tile(types[b][2], types[b][0]) if b in preds
             else types[b][2] for b in order]
    lines.append(f'tile.apply "{opcode}" ({regs}){params} scope({scope}) : '
                 + ", ".join(tiles))
    dst = order[0]
    elt, view, reg = types[dst]
    if pair:
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


def test_operands(form):
    """(operands, pair): the form's operands as a test kernel moves them
    through memory. Two predicate destinations (setp p|q) are `pair`: the
    first destination's buffer holds p + 2q, so the second is dropped."""
    ops = form["operands"]
    pair = sum(o["role"] == "def" for o in ops) == 2
    return ([ops[0]] + ops[2:] if pair else ops), pair


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
