#!/usr/bin/env python3
"""Scan ptxas against the instruction table.

Two checks, both driven by the table's JSON export:

  floors     every documented opcode is accepted by ptxas at its own floor
             (PTX ISA version, SM) and rejected one step below each of them,
             so the table's floors are exact (floors below what ptxas 13.0
             can assemble from a 64-bit kernel, PTX 2.3 / sm_20 here, are
             taken from the ISA and only checked from there up); a form of
             arch-specific chips (cvt.rs) is accepted on each of them and
             rejected on every other chip ptxas knows from its SM up;
  immediates every form with each register source whose type the table
             gives an immediate syntax (`immediate_prefix`) written as an
             immediate, as the lowering writes constant broadcast scalars:
             ptxas must accept them all, except the sources the table keeps
             in a register (`register_only`), which it must reject;
  spellings  every spelling built from a mnemonic of the table, any subset of
             the qualifiers its forms use plus every rounding modifier, and
             every type suffix of the table: those ptxas accepts must decode
             to a documented form, or be rejected by the decoder with a
             reason that says ptxas accepts them ("is not a documented PTX
             form: ..."). Any other acceptance is an undocumented spelling
             the table does not know about, and a failure. Fragment forms
             (mma) take their candidates from fragment_spellings() instead:
             the subsets of their qualifiers are too many to try.

Prints a markdown report (docs/PtxasScan.md is its output) and a closing
"N passed, N failed" line.
"""

import argparse
import concurrent.futures
import itertools
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instr_table  # noqa: E402

# The scan kernel uses .address_size 64, which needs PTX ISA 2.3.
MIN_SCAN_PTX = 23
MIN_SCAN_SM = 20
PTX_VERSIONS = [23, 30, 31, 32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64, 65,
                70, 71, 72, 73, 74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85,
                86, 87, 88, 90]
ROUNDING = ["rn", "rz", "rm", "rp"]


def reg_type(ptx_type):
    t = instr_table.types()[ptx_type]
    if instr_table.is_predicate(ptx_type):
        return "pred"
    return ptx_type if ptx_type in ("f32", "f64") else f"b{t['bits']}"


def pred_load(reg, offset):
    """A predicate source: a b32 loaded, set through the table's bridge."""
    _, from_int = instr_table.predicate_bridge(32)
    return [f"  ld.global.b32 %pt, [%a+{offset}];",
            f"  {from_int} {reg}, %pt, 0;"]


def pred_store(reg):
    """A predicate destination: 1 or 0 through the table's bridge, stored."""
    to_int, _ = instr_table.predicate_bridge(32)
    return f"  {to_int} %pt, 1, 0, {reg};\n  st.global.b32 [%a], %pt;"


def kernel(opcode, operands, ptx, sm):
    """A kernel that issues `opcode` once, for sm_<sm> (or the chip `sm`
    names, "sm_100a"). `operands` are (type, atom, space[, pipe[, neg[,
    group]]]) per operand, space "" for a register and "imm" for an
    immediate (the value 1 in the table's syntax), pipe for one joined to the
    next by `|` (setp's p|q, lop3's d|p), neg for a register written negated
    (`!c`), group for a register group (mma's fragments) braced even of one
    register, or a plain type name."""
    operands = [(o, 1, "", False, False, False) if isinstance(o, str) else
                tuple(o) + (False,) * (6 - len(o)) for o in operands]
    decls, loads, rendered = [], [], []
    n = 0
    for i, (ty, atom, space, _, neg, group) in enumerate(operands):
        if space == "imm":
            rendered.append(instr_table.types()[ty]["immediate_one"])
            continue
        if space.startswith("imm:"):  # An immediate of a fixed value.
            rendered.append(space[4:])
            continue
        if space == "tmap":  # [tensorMap, tensorCoords]: joined below.
            rendered.append(None)
            continue
        if space == "sink":  # The sink `_` (no state returned).
            rendered.append("_")
            continue
        if space == "addr":  # A shared variable's address, bare (mapa's a).
            rendered.append("sm")
            continue
        if space and space != "bracket":
            rendered.append("[%a]" if space == "global" else "[sm]")
            continue
        regs = []
        for _ in range(atom):
            decls.append(f"  .reg .{reg_type(ty)} %r{n};")
            if i and reg_type(ty) == "pred":
                loads += pred_load(f"%r{n}", 8 * n)
            elif i:
                loads.append(f"  ld.global.{reg_type(ty)} %r{n}, "
                             f"[%a+{8 * n}];")
            regs.append(f"%r{n}")
            n += 1
        if space == "bracket":  # A register that holds an address.
            rendered.append(f"[{regs[0]}]")
            continue
        rendered.append(("!" if neg else "") + regs[0]
                        if atom == 1 and not group else
                        "{" + ", ".join(regs) + "}")
    first = operands[0] if operands else ("b32", 1, "none")
    store = (f"  st.global.{reg_type(first[0])} [%a], %r0;"
             if not first[2] else "")
    if not first[2] and reg_type(first[0]) == "pred":
        store = pred_store("%r0")
    return "\n".join([
        f".version {ptx // 10}.{ptx % 10}", f".target {chip_name(sm)}",
        ".address_size 64", ".visible .entry k(.param .u64 p)", "{",
        *decls, "  .reg .b64 %a;", "  .reg .b32 %pt;", "  .shared .align 32 .b8 sm[256];",
        "  ld.param.u64 %a, [p];", *loads,
        f"  {opcode} {join_operands(rendered, operands)};", store, "  ret;",
        "}", ""])


def join_operands(rendered, operands):
    """The operand list: `, ` between operands, `|` after a piped one (pipe
    True), a tensor map in brackets with the next operand (its
    coordinates), an operand in braces with the next (pipe "brace":
    block-scaled mma's `{byte-id-a, thread-id-a}`)."""
    text = ""
    skip = False
    for i, r in enumerate(rendered):
        if skip:
            skip = False
            continue
        if i:
            text += "|" if operands[i - 1][3] is True else ", "
        if r is None:
            r, skip = f"[%a, {rendered[i + 1]}]", True
        elif operands[i][3] == "brace":
            r, skip = f"{{{r}, {rendered[i + 1]}}}", True
        text += r
    return text


def chip_name(sm):
    """sm_<sm>, or `sm` itself where it is a chip's name."""
    return sm if isinstance(sm, str) else f"sm_{sm}"


class Ptxas:
    def __init__(self, path, tmp):
        self.path, self.tmp, self.count = path, tmp, 0

    def accepts(self, opcode, operand_types, ptx, sm):
        self.count += 1
        fd, name = tempfile.mkstemp(suffix=".ptx", dir=self.tmp)
        with os.fdopen(fd, "w") as f:
            f.write(kernel(opcode, operand_types, ptx, sm))
        # ptxas 13.0 assembles sm_75 and newer; it checks older .target
        # directives for legality when asked for sm_75.
        arch = chip_name(sm) if instr_table.chip_sm(chip_name(sm)) >= 75 \
            else "sm_75"
        r = subprocess.run([self.path, f"-arch={arch}", name, "-o",
                            os.devnull], capture_output=True, text=True)
        os.remove(name)
        return r.returncode == 0


def max_sm(ptx):
    """The newest chip that PTX ISA `ptx` can target."""
    return max(c["sm"] for c in instr_table.table()["chips"]
               if c["ptxas_min_ptx"] and c["ptxas_min_ptx"] <= ptx and
               not c["suffix"])


def operand_specs(form):
    """(type, atom, space, pipe) per operand of `form`; an immediate operand
    (lop3's table) is written as one, a piped one (p of p|q) joined to the
    next by `|`, one that opens a brace pair (pipe "brace") in braces with
    the next, a fragment (mma's d, a, b, c) as a braced register group
    (ptxas rejects a bare register there)."""
    def space(o):
        imm = o.get("immediate")
        if o.get("tensor_map"):
            return "tmap"
        if o.get("address_value"):
            return "addr"
        if o.get("bracketed"):
            return "bracket"
        if not imm:
            return o["space"]
        # One of a list that lacks 1 (a 2X byte selector: 0 or 2): the
        # first.
        values = o.get("imm_values", [])
        if values and 1 not in values:
            return f"imm:{values[0]}"
        # One value only (cp.async's cp-size): that value.
        # (A range above 1, setmaxnreg's 24..256: its least value.)
        return (f"imm:{imm['min']}" if imm["min"] == imm["max"] or
                imm["min"] > 1 else "imm")
    sink = [("b64", 1, "sink", False)] if form.get("sink_first") else []
    return sink + [(o["type"], o["atom"], space(o),
                    "brace" if o.get("brace_with_next") else
                    bool(o.get("pipe_to_next"))) +
                   ((False, True) if o.get("vector") and not o["space"]
                    else ())
                   for o in form["operands"]]


def spec_index(form, i):
    """Where operand i of `form` is in operand_specs(form) (after a sink)."""
    return i + (1 if form.get("sink_first") else 0)


def check_floors(ptxas, pool, mnemonic=None):
    """(opcode, ok, note) per documented opcode."""
    jobs = list(instr_table.instances(mnemonic))

    chips = sorted({c["sm"] for c in instr_table.table()["chips"]
                    if c["ptxas_min_ptx"] and not c["suffix"]})

    def arch_one(form, inst):
        """A form of arch-specific chips: accepted on each of them from its
        PTX floor (or the chip's), rejected one PTX version below on the
        first, and rejected on every other chip ptxas knows from the same
        SM up (the plain and family chips of the same SM among them)."""
        op = inst["opcode"]
        types = operand_specs(form)
        notes = []
        archs = instr_table.arch_chips(form)
        for chip in archs:
            ptx = max(inst["ptx"], instr_table.chip_min_ptx(chip))
            if not ptxas.accepts(op, types, ptx, chip):
                notes.append(f"rejected on {chip} at PTX {ptx}")
        first = archs[0]
        below = [v for v in PTX_VERSIONS if v < inst["ptx"] and
                 v >= instr_table.chip_min_ptx(first)]
        if below and ptxas.accepts(op, types, below[-1], first):
            notes.append(f"accepted below its PTX floor, at {below[-1]} on "
                         f"{first}")
        others = [c["name"] for c in instr_table.table()["chips"]
                  if c["ptxas_min_ptx"] and c["sm"] >= inst["sm"] and
                  c["name"] not in archs]
        for chip in others:
            if ptxas.accepts(op, types, 90, chip):
                notes.append(f"accepted on {chip}, which the table leaves "
                             "out")
        return op, not notes, "; ".join(notes)

    def one(job):
        form, inst = job
        if instr_table.arch_chips(form):
            return arch_one(form, inst)
        op = inst["opcode"]
        types = operand_specs(form)
        ptx, sm = max(inst["ptx"], MIN_SCAN_PTX), max(inst["sm"], MIN_SCAN_SM)
        notes = []
        if not ptxas.accepts(op, types, 90, sm):
            notes.append(f"rejected at its SM floor sm_{sm}")
        if not ptxas.accepts(op, types, ptx, max(max_sm(ptx), sm)):
            notes.append(f"rejected at its PTX floor {ptx}")
        older = {o["sm"]: max(o["ptx"], inst["ptx"])
                 for o in form["older_chips"]}
        # An older chip has the form from its own PTX floor, not below.
        for o_sm, o_ptx in older.items():
            if not ptxas.accepts(op, types, o_ptx, o_sm):
                notes.append(f"rejected on sm_{o_sm} at PTX {o_ptx}")
            below = [v for v in PTX_VERSIONS if v < o_ptx]
            if below and ptxas.accepts(op, types, below[-1], o_sm):
                notes.append(f"accepted on sm_{o_sm} at PTX {below[-1]}")
        lower_sm = [c for c in chips if MIN_SCAN_SM <= c < inst["sm"] and
                    c not in older]
        if lower_sm and ptxas.accepts(op, types, 90, lower_sm[-1]):
            notes.append(f"accepted below its SM floor, at sm_{lower_sm[-1]}")
        lower_ptx = [v for v in PTX_VERSIONS if v < inst["ptx"]]
        if lower_ptx and ptxas.accepts(op, types, lower_ptx[-1],
                                       max_sm(lower_ptx[-1])):
            notes.append(f"accepted below its PTX floor, at {lower_ptx[-1]}")
        return op, not notes, "; ".join(notes)

    return list(pool.map(one, jobs))


def check_immediates(ptxas, pool, mnemonic=None):
    """(opcode, operand index, ok) for every register source that the
    table lets the lowering write as an immediate, and every source whose
    type has an immediate syntax that the table keeps in a register
    (`register_only`: cvt.rs's rbits), which ptxas must reject."""
    jobs = []
    for form, inst in instr_table.instances(mnemonic):
        for i, o in enumerate(form["operands"]):
            t = instr_table.types()[o["type"]]
            # A register in brackets is an address (`[imm]` is another
            # addressing mode, not an immediate source).
            if (o["kind"] == "register" and o["role"] == "use" and
                    o["atom"] == 1 and t.get("immediate_prefix") and
                    "immediate" not in o and "fragment" not in o and
                    not o.get("bracketed")):
                jobs.append((form, inst, i))

    def one(job):
        form, inst, i = job
        types = operand_specs(form)
        at = spec_index(form, i)
        # A bulk copy's size as an immediate: a multiple of 16.
        imm = "imm:16" if form["operands"][i].get("bulk_size") else "imm"
        types[at] = (types[at][0], 1, imm, types[at][3])
        archs = instr_table.arch_chips(form)
        sm = archs[0] if archs else max(inst["sm"], MIN_SCAN_SM)
        accepted = ptxas.accepts(inst["opcode"], types, 90, sm)
        register_only = form["operands"][i].get("register_only", False)
        return inst["opcode"], i, accepted != register_only

    return list(pool.map(one, jobs))


def check_negations(ptxas, pool, mnemonic=None):
    """(opcode, operand index, negation, ok) for every predicate source of
    every form (its first opcode): ptxas must accept it written negated
    (`!c`) exactly where the table says it may be written so, documented
    (`{!}c` in the ISA's syntax line) or not."""
    jobs, seen = [], set()
    for form, inst in instr_table.instances(mnemonic):
        if form["index"] in seen:
            continue
        seen.add(form["index"])
        for i, o in enumerate(form["operands"]):
            if o["role"] == "use" and instr_table.is_predicate(o["type"]):
                jobs.append((form, inst, i))

    def one(job):
        form, inst, i = job
        types = operand_specs(form)
        at = spec_index(form, i)
        types[at] = tuple(types[at]) + (True,)
        archs = instr_table.arch_chips(form)
        sm = archs[0] if archs else max(inst["sm"], MIN_SCAN_SM)
        accepted = ptxas.accepts(inst["opcode"], types, 90, sm)
        negation = form["operands"][i].get("negation", "none")
        return inst["opcode"], i, negation, accepted == (negation != "none")

    return list(pool.map(one, jobs))


def candidate_spellings(only=None):
    """(spelling, operand types) over every mnemonic's vocabulary (or
    `only`'s): any subset of its qualifiers, every rounding modifier of the
    table, and every type suffix its forms use (each single float type for
    one-type float forms, each integer type for one-type integer forms, the
    form's own types and operands otherwise, e.g. mul.wide's wider d)."""
    float_types = [t["name"] for t in instr_table.table()["types"]
                   if "format" in t]
    int_types = [t["name"] for t in instr_table.table()["types"]
                 if "format" not in t and t["name"][0] in "su"]
    bit_types = [t["name"] for t in instr_table.table()["types"]
                 if "format" not in t and t["name"][0] == "b"]
    roundings = sorted({q for form in instr_table.forms()
                        for slot in form["slots"] if slot["kind"] == "rounding"
                        for q in slot["choices"]})
    by_mnemonic = {}
    for form in instr_table.forms():
        if form["semantics"] in ("load", "store", "move") + ASYNC_FAMILY + \
                ("mbarrier", "fence", "atomic", "barrier_reduce") or \
                is_fragment_form(form) or \
                (only and form["mnemonic"] != only):
            continue
        entry = by_mnemonic.setdefault(form["mnemonic"],
                                       [set(), set(), {}, set()])
        for i, slot in enumerate(form["slots"]):
            if slot.get("after_types"):
                entry[3].update(slot["choices"])
            elif slot["kind"] == "operator":
                # An operator is one of its choices: the i-th operator slot
                # of any form takes the union of their choices.
                k = sum(x["kind"] == "operator" for x in form["slots"][:i])
                entry[2].setdefault(k, set()).update(slot["choices"])
            elif slot["kind"] != "rounding":
                entry[0].update(slot["choices"])
        # (type suffixes, operand types) this form's shape gives.
        types = tuple(form["types"])
        shape = tuple(operand_specs(form))
        entry[1].add((types, shape))
    for mnemonic, (flags, shapes, operators, trailing) in by_mnemonic.items():
        suffixes = set()
        for types, shape in shapes:
            if len(types) == 1 and {o[0] for o in shape} == set(types):
                # Every float or integer (and, for a bit-size form, bit-size)
                # type as the form's own, with the form's operands; an
                # immediate (lop3's table) keeps its own.
                others = (float_types if types[0] in float_types else
                          int_types + (bit_types if types[0] in bit_types
                                       else []))
                for t in set(others) | {types[0]}:
                    suffixes.add(((t,), tuple(
                        o if o[2] == "imm" else (t,) + o[1:] for o in shape)))
            else:
                suffixes.add((types, shape))
        flags = sorted(flags)
        # Operators: one choice (or none) per operator slot, in slot order;
        # with operators no rounding modifier is tried (the candidates would
        # multiply past what a scan can run).
        op_lists = [[None] + sorted(operators[k]) for k in sorted(operators)]
        rnds = [None] if operators else [None] + roundings
        # A qualifier of an after-type slot (prmt's mode): none, or one,
        # written after the types (as documented) or before them.
        tails = [(None, False)] + [(q, after) for q in sorted(trailing)
                                   for after in (True, False)]
        for ops in itertools.product(*op_lists):
            for rnd in rnds:
                for k in range(len(flags) + 1):
                    for subset in itertools.combinations(flags, k):
                        quals = ([o for o in ops if o] +
                                 ([rnd] if rnd else []) + list(subset))
                        for tail, after in tails:
                            pre = quals + ([tail] if tail and not after
                                           else [])
                            post = [tail] if tail and after else []
                            for types, shape in sorted(suffixes):
                                yield (".".join([mnemonic] + pre +
                                                list(types) + post),
                                       list(shape))


def is_fragment_form(form):
    """A form whose operands are fragments (mma, ldmatrix): the fragment
    and matrix spellings build its candidates."""
    return any("fragment" in o for o in form["operands"])


def is_mma_form(form):
    return is_fragment_form(form) and form["mnemonic"] == "mma"


SHAPE = re.compile(r"m(\d+)n(\d+)k(\d+)$")
LAYOUT = re.compile(r"(row|col)\.(row|col)$")


def fragment_spec(shape, role, ptx_type):
    """The operand spec of fragment `role` (d, a, b, c) of type `ptx_type`
    (the suffix: f16, s8, f64, ...) for `shape`: m*k (a), n*k (b) or m*n
    (c, d) elements over 32 lanes (m8n8k4 below f64: four 8x8x4 products,
    one per quad-pair), packed in 32-bit registers, f64 one a register."""
    m, n, k = map(int, SHAPE.match(shape).groups())
    elems = {"a": m * k, "b": n * k}.get(role, m * n) // 32
    bits = instr_table.types()[ptx_type]["value_bits"]
    if (m, n, k) == (8, 8, 4) and bits != 64:
        elems *= 4
    atom = elems if bits == 64 else max(1, elems * bits // 32)
    reg = ptx_type if ptx_type in ("f32", "s32", "f64") else "b32"
    return (reg, atom, "", False, False, True)


def fragment_spellings(only=None):
    """(spelling, operands) for the fragment forms (mma), in ptxas's order
    mma.sync.aligned.<shape>.<layout>[.kind...][.satfinite].<d>.<a>.<b>.<c>
    [.<scale type>][.op]:
    every shape of the table with row.col and every d, c type and every a, b
    pair of one element width the table's forms use (b1 with and without
    each operator), and every documented opcode with one change: another or
    no layout, no .aligned / .sync / both, .satfinite added (before or after
    the types) or moved after them, an operator added, dropped or moved
    before the types, a rounding modifier, the layout before the shape, the
    kind (sm_120a's) before the shape."""
    forms = [f for f in instr_table.forms() if is_mma_form(f) and
             (not only or f["mnemonic"] == only)]
    if not forms:
        return
    ty = [sorted({f["types"][i] for f in forms}) for i in range(4)]
    shapes = sorted({q for f in forms for s in f["slots"]
                     for q in s["choices"] if SHAPE.match(q)})
    layouts = sorted({q for f in forms for s in f["slots"]
                      for q in s["choices"] if LAYOUT.match(q)})
    ops = sorted({q for f in forms for s in f["slots"]
                  if s["kind"] == "operator" for q in s["choices"]})
    bits = {t: instr_table.types()[t]["value_bits"] for t in ty[1] + ty[2]}
    seen = set()

    def emit(mnemonic, parts, operands):
        spelling = ".".join([mnemonic] + [p for p in parts if p])
        if spelling not in seen:
            seen.add(spelling)
            yield spelling, list(operands)

    for form, inst in instr_table.instances(only):
        if not is_mma_form(form):
            continue
        quals = inst["qualifiers"]
        shape = next(q for q in quals if SHAPE.match(q))
        layout = next(q for q in quals if LAYOUT.match(q))
        sat = "satfinite" if "satfinite" in quals else None
        op = next((q for q in quals if q in ops), None)
        # sm_120a's kind, block scaling and scale vector, written after the
        # layout (ptxas also takes them before the shape).
        kind = [q for q in quals
                if q not in (shape, layout, sat, op, "sync", "aligned")]
        types = list(form["types"])
        specs = operand_specs(form)
        m = form["mnemonic"]

        def spell(sync="sync", aligned="aligned", lay=layout, pre=(),
                  post=(), first=None):
            head = ([lay, shape] + kind if first == "layout" else
                    kind + [shape, lay] if first == "kind" else
                    [shape, lay] + kind)
            return [sync, aligned] + head + list(pre) + types + list(post)

        base_pre, base_post = [sat], [op]
        assert ".".join([m] + [p for p in spell(pre=base_pre,
                                                  post=base_post) if p]) \
            == inst["opcode"], inst["opcode"]
        variants = [spell(pre=base_pre, post=base_post)]
        variants += [spell(lay=lay, pre=base_pre, post=base_post)
                     for lay in layouts + [None] if lay != layout]
        variants += [spell(sync=s, aligned=a, pre=base_pre, post=base_post)
                     for s, a in (("sync", None), (None, "aligned"),
                                  (None, None))]
        if sat:
            variants.append(spell(post=base_post + [sat]))
        else:
            variants += [spell(pre=["satfinite"], post=base_post),
                         spell(post=base_post + ["satfinite"])]
        if op:
            variants += [spell(pre=base_pre), spell(pre=base_pre + [op])]
        else:
            variants += [spell(pre=base_pre, post=[o]) for o in ops]
        variants += [spell(pre=base_pre + [r], post=base_post)
                     for r in ROUNDING]
        variants.append(spell(pre=base_pre, post=base_post, first="layout"))
        if kind:
            variants.append(spell(pre=base_pre, post=base_post,
                                  first="kind"))
        for parts in variants:
            yield from emit(m, parts, specs)
    mnemonics = sorted({f["mnemonic"] for f in forms})
    for mnemonic, shape in itertools.product(mnemonics, shapes):
        for d, c, a, b in itertools.product(ty[0], ty[3], ty[1], ty[2]):
            if bits[a] != bits[b]:
                continue
            specs = [fragment_spec(shape, r, t)
                     for r, t in zip("dabc", (d, a, b, c))]
            for op in [None] + (ops if a == "b1" else []):
                yield from emit(mnemonic, ["sync", "aligned", shape,
                                           "row.col", d, a, b, c, op],
                                specs)


MATRIX_COUNTS = ["x1", "x2", "x4"]


def matrix_spellings(only=None):
    """(spelling, operands) for ldmatrix, stmatrix and movmatrix: every
    documented opcode with one change (.sync, .aligned or both dropped or
    swapped, the count before the shape, .trans moved after the state
    space, added or dropped, no or another state space, another count,
    shape or type), and each mnemonic with every count, shape and type."""
    forms = [f for f in instr_table.forms()
             if is_fragment_form(f) and not is_mma_form(f) and
             (not only or f["mnemonic"] == only)]
    seen = set()

    def emit(parts, operands):
        spelling = ".".join(p for p in parts if p)
        if spelling not in seen:
            seen.add(spelling)
            yield spelling, list(operands)

    for form, inst in instr_table.instances(only):
        if form not in forms:
            continue
        m, quals = form["mnemonic"], inst["qualifiers"]
        count = next((q for q in quals if q in MATRIX_COUNTS), None)
        trans = "trans" if "trans" in quals else None
        ss = next((q for q in quals if q.startswith("shared")), None)
        specs = operand_specs(form)
        t = form["types"][0]

        def spell(head=("sync", "aligned"), shape="m8n8", cnt=count,
                  tr=trans, space=ss, ty=t, late=None):
            return [m, *head, shape, cnt, tr, space, late, ty]

        variants = [spell(), spell(head=("sync",)), spell(head=("aligned",)),
                    spell(head=()), spell(head=("aligned", "sync")),
                    spell(tr=None, late=trans), spell(tr=None),
                    spell(tr="trans"), spell(space=None),
                    spell(space="shared::cta"), spell(space="shared::cluster"),
                    spell(space="global")]
        variants += [spell(cnt=c) for c in MATRIX_COUNTS + ["x8", None]]
        variants += [spell(shape=sh) for sh in ("m16n16", "m8n16", "m16n8")]
        variants += [spell(ty=ty) for ty in ("b8", "b32", "f16")]
        if count:
            variants.append([m, "sync", "aligned", count, "m8n8", trans, ss,
                             t])
        for parts in variants:
            yield from emit(parts, specs)


def dropped_and_swapped(parts):
    """An opcode's parts as they are, then with one qualifier (or type
    suffix) dropped, or two neighbours after the mnemonic swapped."""
    variants = [parts]
    for i in range(1, len(parts)):
        variants.append(parts[:i] + parts[i + 1:])
        if i + 1 < len(parts):
            variants.append(parts[:i] + [parts[i + 1], parts[i]] +
                            parts[i + 2:])
    return variants


# The semantics of cp.async, the bulk copies and their groups.
ASYNC_FAMILY = ("async_copy", "async_group", "async_arrive", "bulk_copy",
                "bulk_reduce", "bulk_group", "bulk_prefetch")
# What async_spellings appends to a documented opcode.
ASYNC_EXTRAS = ("b32", "u32", "L2::cache_hint", "ca", "cg", "cs", "L2::512B",
                "shared::cluster", "global", "shared", "shared::cta",
                "bulk_group", "mbarrier::complete_tx::bytes",
                "multicast::cluster", "read", "noftz", "L2", "f32", "add")


def async_spellings(only=None):
    """(spelling, operands) for cp.async, the bulk copies and their groups:
    every documented opcode with one change (a cache operator, state space,
    completion or prefetch size dropped, swapped or replaced, the spaces in
    the other order, one of ASYNC_EXTRAS appended), and each group spelling
    with another group's operands."""
    seen = set()
    for form, inst in instr_table.instances(only):
        if form["semantics"] not in ASYNC_FAMILY:
            continue
        parts = inst["opcode"].split(".")
        specs = operand_specs(form)
        variants = dropped_and_swapped(parts)
        for extra in ASYNC_EXTRAS:
            variants.append(parts + [extra])
        if form["semantics"] == "async_copy":
            variants += [[p if p not in ("ca", "cg") else q for p in parts]
                         for q in ("ca", "cg", "cs", "lu")]
        for v in variants:
            spelling = ".".join(v)
            if spelling not in seen:
                seen.add(spelling)
                yield spelling, list(specs)


# What barrier_spellings adds to a documented opcode: every ordering and
# scope, the state spaces, the other mbarrier and fence qualifiers, other
# type suffixes.
BARRIER_EXTRAS = (
    [f"{sem}.{scope}" for sem in ("sc", "acq_rel", "acquire", "release",
                                  "relaxed")
     for scope in ("cta", "cluster", "gpu", "sys")] +
    ["cta", "cluster", "gpu", "sys", "gl", "sc", "acq_rel", "acquire",
     "release", "relaxed", "shared", "shared::cta", "shared::cluster",
     "global", "noComplete", "expect_tx", "parity", "proxy", "alias",
     "async", "async::generic", "tensormap::generic", "mbarrier_init",
     "sync_restrict::shared::cta", "sync_restrict::shared::cluster", "b64",
     "b32", "u64"])


def barrier_spellings(only=None):
    """(spelling, operands) for the mbarrier operations and the fences:
    every documented opcode with one change (a qualifier dropped, two
    neighbours swapped, or one of BARRIER_EXTRAS inserted after the
    mnemonic's first qualifier or before the type suffix, or appended),
    with the documented opcode's operands."""
    seen, inserted = set(), set()
    for form, inst in instr_table.instances(only):
        if form["semantics"] not in ("mbarrier", "fence"):
            continue
        parts = inst["opcode"].split(".")
        specs = operand_specs(form)
        typed = bool(form["types"])
        variants = dropped_and_swapped(parts)
        # Insertions into each form's first opcode only (its others differ
        # by an ordering or a state space, which the extras replace).
        if form["index"] not in inserted:
            inserted.add(form["index"])
            ends = {2, len(parts) - (1 if typed else 0), len(parts)}
            for extra in BARRIER_EXTRAS:
                for at in sorted(e for e in ends if 1 <= e <= len(parts)):
                    variants.append(parts[:at] + [extra] + parts[at:])
        for v in variants:
            spelling = ".".join(v)
            if spelling not in seen:
                seen.add(spelling)
                yield spelling, list(specs)


ATOMIC_ORDERS = ([f"{sem}.{scope}" for sem in ("acq_rel", "acquire",
                                               "release", "relaxed", "sc")
                  for scope in ("cta", "cluster", "gpu", "sys")] +
                 [f"{scope}.{sem}" for sem in ("acquire", "release")
                  for scope in ("cta", "gpu")] +
                 ["acq_rel", "acquire", "release", "relaxed", "sc", "cta",
                  "cluster", "gpu", "sys"])


def first_opcodes(only, semantics):
    """(form, the parts of its first opcode) of each form of `semantics`
    (of mnemonic `only`, if given)."""
    for form in instr_table.forms():
        if form["semantics"] == semantics and \
                (not only or form["mnemonic"] == only):
            yield form, form["instances"][0]["opcode"].split(".")


def unique(candidates):
    """(parts, operands) candidates as (spelling, operands), each spelling
    once."""
    seen = set()
    for parts, specs in candidates:
        spelling = ".".join(parts)
        if spelling not in seen:
            seen.add(spelling)
            yield spelling, list(specs)


def atomic_spellings(only=None):
    """(spelling, operands) for atom and red: each form's first opcode with
    one change (a qualifier dropped or two neighbours swapped); every
    operation with every type suffix of the table in each state space (the
    operands of a form of that operation, retyped); and every ordering,
    written in either order, with .noftz, .L2::cache_hint or a vector
    inserted, on one opcode per mnemonic. The subsets of the qualifiers
    (candidate_spellings) are too many here."""
    types = [t["name"] for t in instr_table.table()["types"]
             if t["name"] != "pred"]

    def candidates():
        shapes = {}
        for form, parts in first_opcodes(only, "atomic"):
            specs = operand_specs(form)
            op = form["slots"][2]["choices"][0]
            shapes.setdefault((form["mnemonic"], op), specs)
            for v in dropped_and_swapped(parts):
                yield v, specs
        for (mnemonic, op), specs in shapes.items():
            for space in ("global", "shared", "shared::cta",
                          "shared::cluster"):
                for t in types:
                    retyped = [(t,) + o[1:] for o in specs]
                    yield [mnemonic, space, op, t], retyped
                    if op == "add":
                        yield [mnemonic, space, op, "noftz", t], retyped
            if op != "add":
                continue
            u32 = [("u32",) + o[1:] for o in specs]
            for extra in ATOMIC_ORDERS + ["noftz", "L2::cache_hint", "v2",
                                          "v4"]:
                yield [mnemonic, extra, "global", "add", "u32"], u32
                yield [mnemonic, "global", extra, "add", "u32"], u32

    return unique(candidates())


def bar_red_spellings(only=None):
    """(spelling, operands) for bar.red and barrier.red: each form's first
    opcode with one change (a qualifier dropped or two neighbours swapped,
    .aligned or .cta inserted anywhere), and every reduction operator with
    every type suffix of the table (the operands of a form, retyped)."""
    types = [t["name"] for t in instr_table.table()["types"]]

    def candidates():
        for form, parts in first_opcodes(only, "barrier_reduce"):
            specs = operand_specs(form)
            for v in dropped_and_swapped(parts):
                yield v, specs
            for extra in ("aligned", "cta", "sync", "arrive"):
                for at in range(1, len(parts) + 1):
                    yield parts[:at] + [extra] + parts[at:], specs
            for op in ("popc", "and", "or", "xor", "add", "min", "max"):
                for t in types:
                    yield ([form["mnemonic"], "red", op, t],
                           [(t,) + o[1:] for o in specs])

    return unique(candidates())


def memory_spellings():
    """(spelling, operands) for ld/st over every state space, cache
    operator, vector width and type their forms use."""
    vocab = {}
    for form in instr_table.forms():
        if form["semantics"] not in ("load", "store"):
            continue
        v = vocab.setdefault(form["mnemonic"], {"state_space": set(),
                                                "cache_op": set(),
                                                "vector": set(),
                                                "types": set()})
        for slot in form["slots"]:
            v[slot["kind"]].update(slot["choices"])
        v["types"].update(form["types"])
    widths = {"": 1, "v2": 2, "v4": 4, "v8": 8}
    for mnemonic, v in vocab.items():
        for ss in sorted(v["state_space"]):
            for cop in [""] + sorted(v["cache_op"]):
                for vec in [""] + sorted(v["vector"]):
                    for t in sorted(v["types"]):
                        n = widths[vec]
                        spelling = ".".join(x for x in (mnemonic, ss, cop,
                                                        vec, t) if x)
                        reg, mem = (t, n, ""), (t, n, ss)
                        yield spelling, ([reg, mem] if mnemonic == "ld"
                                         else [mem, reg])


def check_spellings(ptxas, pool, decode, mnemonic=None):
    cands = (list(candidate_spellings(mnemonic)) +
             list(fragment_spellings(mnemonic)) +
             list(matrix_spellings(mnemonic)) +
             list(async_spellings(mnemonic)) +
             list(barrier_spellings(mnemonic)) +
             list(atomic_spellings(mnemonic)) +
             list(bar_red_spellings(mnemonic)))
    if not mnemonic:
        cands += list(memory_spellings())

    def one(cand):
        spelling, operands = cand
        n = len(operands)
        # sm_100a has every sm_100 form and the arch-specific ones.
        accepted = (ptxas.accepts(spelling, operands, 90, "sm_100a") or
                    ptxas.accepts(spelling, operands, 90, 90))
        if not accepted:
            return None
        ok, message = decode(spelling, n)
        return spelling, n, ok, message

    return [r for r in pool.map(one, cands) if r]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools-dir", required=True)
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--mnemonic", default=None,
                    help="scan only this mnemonic's forms and spellings")
    args = ap.parse_args()
    tile_opt = os.path.join(args.tools_dir, "tile-opt")

    def decode(spelling, n):
        """(documented, decoder message) through tile-opt's parser."""
        args_ = ", ".join(["%r"] * n)
        ty = ", ".join(["memref<1xi64, #tile.reg>"] * n)
        src = (f'func.func @f(%r: memref<1xi64, #tile.reg>) {{\n'
               f'  tile.apply "{spelling}" ({args_}) scope(thread) : {ty}\n'
               f'  return\n}}\n')
        r = subprocess.run([tile_opt, "-"], input=src, capture_output=True,
                           text=True)
        errors = [line for line in r.stderr.splitlines() if "error:" in line]
        decode_errors = [e for e in errors if "custom op" in e]
        if not decode_errors:
            return True, ""  # Decoded (operand container errors come later).
        return False, decode_errors[0].split("custom op 'tile.apply' ", 1)[-1]

    results = []
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        ptxas = Ptxas(args.ptxas, tmp)
        floors = check_floors(ptxas, pool, args.mnemonic)
        immediates = check_immediates(ptxas, pool, args.mnemonic)
        negations = check_negations(ptxas, pool, args.mnemonic)
        spellings = check_spellings(ptxas, pool, decode, args.mnemonic)
        compiles = ptxas.count

    print("<!-- Generated by `utils/scan_ptxas.py`. Do not edit. -->")
    print("# ptxas 13.0 against the instruction table\n")
    print(f"{compiles} ptxas runs. Floors: every documented arithmetic and "
          "move opcode is accepted at its PTX ISA and SM floor and rejected "
          "one step below each (floors under PTX 2.3 / sm_20, which this "
          "scan's 64-bit kernel cannot reach, come from the ISA). "
          "Spellings: every combination of a mnemonic, any subset of its "
          "qualifiers, any rounding modifier and any type suffix that ptxas "
          "accepts.\n")
    bad_floors = [f for f in floors if not f[1]]
    for _, ok, _ in floors:
        results.append(ok)
    print(f"## Floors\n\n{len(floors)} opcodes, {len(bad_floors)} "
          "mismatches.\n")
    for opcode, _, note in bad_floors:
        print(f"- `{opcode}`: {note}")
    bad_imm = [(op, i) for op, i, ok in immediates if not ok]
    results.extend(ok for _, _, ok in immediates)
    print(f"\n## Immediate sources\n\n{len(immediates)} register sources "
          f"(of {len({op for op, _, _ in immediates})} opcodes) written as "
          "immediates: accepted where the lowering writes constants so, "
          "rejected where the table keeps the source in a register "
          f"(register_only); {len(bad_imm)} otherwise.\n")
    for opcode, i in bad_imm:
        print(f"- `{opcode}` operand {i}: not as the table says")
    bad_neg = [(op, i, neg) for op, i, neg, ok in negations if not ok]
    results.extend(ok for *_, ok in negations)
    counts = {k: sum(1 for *_, neg, _ in negations if neg == k)
              for k in ("documented", "undocumented", "none")}
    print(f"\n## Negated predicate sources\n\n{len(negations)} predicate "
          "sources (the first opcode of each form) written negated (`!c`): "
          f"{counts['documented']} documented (`{{!}}c` in the ISA's syntax "
          f"line), {counts['undocumented']} that the ISA writes without "
          "`{!}` but ptxas accepts negated (the verifier rejects them, "
          f"saying so), {counts['none']} that ptxas rejects negated; "
          f"{len(bad_neg)} otherwise.\n")
    for opcode, i, neg in bad_neg:
        print(f"- `{opcode}` operand {i}: the table says {neg}")
    print("\n## Spellings ptxas accepts\n")
    print("| spelling | operands | decoder |\n|---|---|---|")
    documented = undocumented_ok = 0
    for spelling, n, ok, message in sorted(spellings):
        if ok:
            documented += 1
            results.append(True)
            continue
        known = ("is not a documented PTX form" in message or
                 "is not supported" in message)
        undocumented_ok += known
        results.append(known)
        verdict = "rejected with the reason" if known else "**unexplained**"
        print(f"| `{spelling}` | {n} | {verdict}: {message} |")
    print(f"\n{documented} accepted spellings decode to documented forms; the "
          f"{len(spellings) - documented} above are undocumented.\n")
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
