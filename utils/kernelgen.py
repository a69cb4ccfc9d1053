"""The part of a test kernel that the differential test (gen_diff.py) and
the CPU-backend check (cpu_check.py) share: load the sources into register
tiles with the table's ld, apply the instruction (optionally under
pred = odd lane, with or without preserve_dst), store the destination with
the table's st. The callers build the views and register tiles around it."""
import instr_table


def apply_and_store(opcode, order, types, scope, loaded, lane=None,
                    keep=False):
    """MLIR lines (without indentation) for one instruction over register
    tiles.

    order   the buffers in operand order, destination first; buffer B's
            register tile is %rB and its memory view %Bv;
    types   buffer -> (element type, view type, register tile type);
    loaded  the buffers to load before the instruction;
    lane    an index value whose low bit is the predicate (pred = odd), or
            None for no predicate;
    keep    preserve_dst (with a predicate)."""
    lines = []
    for buf in loaded:
        elt, view, reg = types[buf]
        ld = instr_table.move_opcode("ld", elt)
        lines.append(f'tile.apply "{ld}" (%r{buf}, %{buf}v) scope({scope}) '
                     f": {reg}, {view}")
    params = ""
    if lane is not None:
        lines.append(f"%lane32 = arith.index_cast {lane} : index to i32")
        lines.append("%one = arith.constant 1 : i32")
        lines.append("%bit = arith.andi %lane32, %one : i32")
        lines.append("%p = arith.trunci %bit : i32 to i1")
        params = " pred(%p)" + (" preserve_dst" if keep else "")
    regs = ", ".join(f"%r{b}" for b in order)
    lines.append(f'tile.apply "{opcode}" ({regs}){params} scope({scope}) : '
                 + ", ".join(types[b][2] for b in order))
    dst = order[0]
    elt, view, reg = types[dst]
    st = instr_table.move_opcode("st", elt)
    lines.append(f'tile.apply "{st}" (%{dst}v, %r{dst}) scope({scope}) : '
                 f"{view}, {reg}")
    return lines
