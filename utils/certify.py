#!/usr/bin/env python3
"""Certify every documented PTX form of the instruction table.

For each concrete opcode that `tile-ptx-forms --instances` lists and that a
target admits, this generates kernels (plain, pred, pred+preserve_dst, bit
containers, and every scope including a guarded sub-range), compiles them
with the project's own `tile-translate --mlir-to-ptx`, and checks the checks
below. Every instance is certified plain; the other variants, which the
lowering builds per form and not per qualifier, once per form, each on
another of the form's instances (--all-variants: on every instance, three
times the kernels). The checks:

  * the PTX holds exactly one instruction of the opcode per repeat and per
    kernel, and no local-memory access (ld.local / st.local);
  * ptxas accepts the PTX (for .target below sm_75, ptxas 13.0 is run with
    -arch=sm_75: it checks legality against the .target directive);
  * with --sass (sm_90 and up, needs cuobjdump): the SASS of each kernel holds
    exactly one native FMA-family instruction per repeat and no LDL/STL;
  * with --intrinsics: every form that has an equivalent NVVM intrinsic gives
    the same PTX instruction through `use-intrinsics` as through inline asm.

It prints one line per failure and a closing "N passed, N failed" line, and
exits non-zero on any failure.
"""

import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

# Floors below what LLVM 22's NVPTX backend can emit are certified at its
# lowest: sm_20 and PTX ISA 3.2.
LLVM_MIN_SM = 20
LLVM_MIN_PTX = 32

SASS_LOCAL = re.compile(r"\b(LDL|STL)\b")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instr_table  # noqa: E402  (the table's JSON export)


# The bytes of a certification kernel's bulk copy (cp.async.bulk).
BULK_BYTES = 128


def bulk_type_atom(form, o):
    """(type, atom) of operand `o`: a bulk operand (of any extent) moves
    BULK_BYTES bytes of the form's type suffix (a reduction's) or bytes."""
    if not o.get("bulk"):
        return o["type"], o["atom"]
    ty = form["types"][0] if form["types"] else o["type"]
    return ty, BULK_BYTES * 8 // instr_table.types()[ty]["bits"]


class Instance:
    """One concrete opcode of the table, with its form's facts."""

    def __init__(self, form, inst):
        self.opcode = inst["opcode"]
        self.sm = inst["sm"]
        self.ptx = inst["ptx"]
        self.needs_variant = inst["needs_variant"]
        self.intrinsic = inst.get("intrinsic")
        self.operands = [("mem" if o["kind"] == "memory"
                          else "imm" if "immediate" in o else "reg",
                          o["role"]) + bulk_type_atom(form, o)
                         for o in form["operands"]]
        # An immediate operand (lop3's table) takes its range's maximum.
        self.immediates = {i: o["immediate"]["max"]
                           for i, o in enumerate(form["operands"])
                           if "immediate" in o}
        self.spaces = [o["space"] for o in form["operands"]]
        self.mnemonic = form["mnemonic"]
        self.semantics = form["semantics"]
        self.sass = form["sass"]
        self.older = [(o["sm"], o["ptx"]) for o in form["older_chips"]]
        self.no_preserve_dst = form.get("no_preserve_dst")
        # The arch-specific chips that alone have the form (cvt.rs).
        self.arch_chips = instr_table.arch_chips(form)
        self.form, self.inst = form, inst
        # What the PTX spells: a form the lowering writes otherwise for
        # ptxas (the table's ptxas_workaround) as the instruction of it that
        # writes the destination, its last.
        work = form.get("ptxas_workaround")
        self.emitted = work["ptx"].split(";")[-1].split()[0] if work \
            else self.opcode


# (name, scope, group shape, repeat shape, pred, preserve_dst, containers)
NATIVE, BITS = instr_table.native_containers(), instr_table.bit_containers()
VARIANTS = [
    ("plain", "thread", [], [2], False, False, NATIVE),
    ("bits", "thread", [], [3], False, False, BITS),
    ("pred", "thread", [], [2], True, False, NATIVE),
    ("keep", "thread", [], [2], True, True, BITS),
    ("warp", "warp", [32], [2], False, False, NATIVE),
    ("warp16", "warp", [16], [1], True, True, NATIVE),
    ("wgroup", "warpgroup", [4, 32], [2], False, False, BITS),
    ("cta", "cta", [2, 32], [1], True, False, NATIVE),
    ("wgfrag", "warpgroup", [4, 32], [1], False, False, NATIVE),
]
# Variants per semantics: fma carries every scope; the other arithmetic
# families are certified plain, in bit containers and predicated; data
# movement plain, predicated and at warp scope.
ARITH_VARIANTS = ("plain", "bits", "pred", "keep")
MOVE_VARIANTS = ("plain", "pred", "keep", "warp")
# Warp collectives at warp scope, where each lane's sources differ: from one
# thread's kernel every lane loads the same values, and ptxas 13.0 removes
# a shuffle of a value it proves uniform across the warp.
COLLECTIVE_VARIANTS = ("warp", "warp16")
COLLECTIVES = instr_table.collectives()
# Fragment forms (mma) need whole warps and no per-lane guard (.aligned);
# a warpgroup's (wgmma) a whole warpgroup.
FRAGMENT_VARIANTS = ("warp",)
WARPGROUP_VARIANTS = ("wgfrag",)


def is_fragment_form(form):
    """A form whose operands are spread over a warp (mma, ldmatrix)."""
    return any("fragment" in o for o in form["operands"])


def is_warpgroup_form(form):
    """A form whose operands are spread over a warpgroup (wgmma)."""
    return any(o.get("distribution") == "warpgroup" for o in form["operands"])


def memref(shape, elt, space=None, strides=None):
    dims = "x".join(str(d) for d in shape)
    layout = ""
    if strides is not None:
        layout = ", strided<[" + ", ".join(str(s) for s in strides) + "]>"
    return f"memref<{dims}x{elt}{layout}{', ' + space if space else ''}>"


def reg_type(group, repeat, atom, elt):
    shape = group + repeat + [atom]
    # Group axes are distributed (stride 0); repeat/atom row-major.
    strides, acc = [], 1
    for d in reversed(repeat + [atom]):
        strides.insert(0, acc)
        acc *= d
    strides = [0] * len(group) + strides
    if group:
        return memref(shape, elt, "#tile.reg", strides)
    return memref(shape, elt, "#tile.reg")


def move_lines(kind, idx, elt, atom, group, repeat, scope):
    """tile.apply lines that move register tile %r{idx} to or from %g{idx}
    (kind "ld" or "st"): one vector move of an atom of up to 4 registers,
    vectors of 4 over a view as (atom / 4, 4) of a larger one (wgmma's d:
    up to 128; sm_90 has no wider move)."""
    rty = reg_type(group, repeat, atom, elt)
    gty = memref(group + repeat + [atom], elt)
    pair = (f"%g{idx}, %r{idx}" if kind == "st" else f"%r{idx}, %g{idx}")
    if atom <= 4 or atom % 4:
        op = instr_table.move_opcode(kind, elt, atom)
        types = f"{gty}, {rty}" if kind == "st" else f"{rty}, {gty}"
        return [f'tile.apply "{op}" ({pair}) scope({scope}) : {types}']
    op = instr_table.move_opcode(kind, elt, 4)
    split = group + repeat + [atom // 4, 4]
    gstr, acc = [], 1
    for d in reversed(split):
        gstr.insert(0, acc)
        acc *= d
    gsplit = memref(split, elt, None, gstr)
    # The register tile's view: group axes stride 0, the rest row-major.
    rstr = [0] * len(group) + gstr[len(group):]
    rsplit = memref(split, elt, "#tile.reg", rstr)
    lines = [f"%rv{idx}_{kind} = memref.reinterpret_cast %r{idx} to offset: "
             f"[0], sizes: {split}, strides: {rstr} : {rty} to {rsplit}",
             f"%gv{idx}_{kind} = memref.reinterpret_cast %g{idx} to offset: "
             f"[0], sizes: {split}, strides: {gstr} : {gty} to {gsplit}"]
    views = (f"%gv{idx}_{kind}, %rv{idx}_{kind}" if kind == "st"
             else f"%rv{idx}_{kind}, %gv{idx}_{kind}")
    types = f"{gsplit}, {rsplit}" if kind == "st" else f"{rsplit}, {gsplit}"
    lines.append(f'tile.apply "{op}" ({views}) scope({scope}) : {types}')
    return lines


def kernel(name, inst, variant):
    _, scope, group, repeat, pred, keep, containers = variant
    args, body, workgroup = [], [], []
    applies = []
    shape_of = lambda atom: group + repeat + [atom]
    operands = []
    consts = []
    for idx, (kind, role, ty, atom) in enumerate(inst.operands):
        if kind == "reg" and instr_table.is_predicate(ty):
            pred_operand(idx, role, keep, scope, reg_type(group, repeat, atom,
                                                          PRED_INT),
                         reg_type(group, repeat, atom, "i1"),
                         memref(shape_of(atom), PRED_INT), args, body,
                         applies, consts)
            operands.append((f"%r{idx}", reg_type(group, repeat, atom, "i1")))
            continue
        elt = containers[ty]
        gty = memref(shape_of(atom), elt)
        rty = reg_type(group, repeat, atom, elt)
        if kind == "imm":
            elt = BITS[ty]
            body.append(f"%i{idx} = arith.constant {inst.immediates[idx]} : "
                        f"{elt}")
            operands.append((f"%i{idx}", elt))
            continue
        frag = inst.form["operands"][idx].get("fragment")
        if kind == "mem" and frag:
            # A warp's matrices (ldmatrix): (group, repeat, matrix, row,
            # column) over a flat buffer, row-major, shared by the lanes
            # (stride 0), each warp its own.
            local = repeat + [frag["matrices"], frag["rows"], frag["cols"]]
            strides, size = [], 1
            for d in reversed(local):
                strides.insert(0, size)
                size *= d
            warps = group[0] if len(group) > 1 else 1
            strides = [size] * (len(group) - 1) + [0] * bool(group) + strides
            flat = memref([size * warps], elt, "#gpu.address_space<workgroup>")
            sty = memref(group + local, elt, "#gpu.address_space<workgroup>",
                         strides)
            workgroup.append(f"%s{idx}: {flat}")
            body.append(f"%v{idx} = memref.reinterpret_cast %s{idx} to "
                        f"offset: [0], sizes: {group + local}, strides: "
                        f"{strides} : {flat} to {sty}")
            operands.append((f"%v{idx}", sty))
            continue
        if kind == "mem" and inst.spaces[idx] == "shared":
            # A workgroup buffer of the kernel.
            sty = memref(shape_of(atom), elt, "#gpu.address_space<workgroup>")
            workgroup.append(f"%s{idx}: {sty}")
            operands.append((f"%s{idx}", sty))
            continue
        if kind == "mem":
            args.append(f"%g{idx}: {gty}")
            operands.append((f"%g{idx}", gty))
            continue
        # Register operand: its own tile, loaded from / stored to memory.
        args.append(f"%g{idx}: {gty}")
        body.append(f"%r{idx} = tile.alloc_local : {rty}")
        if role == "use" or keep:
            body += move_lines("ld", idx, elt, atom, group, repeat, scope)
        operands.append((f"%r{idx}", rty))
        if role == "def":
            applies.append((idx, rty, gty, elt, atom))
    args.append("%p: i1")
    params = ""
    if pred:
        params += " pred(%p)"
    if keep:
        params += " preserve_dst"
    names = ", ".join(o[0] for o in operands)
    types = ", ".join(o[1] for o in operands)
    if is_warpgroup_form(inst.form):
        # A wgmma.fence after the loads of its registers (tile-check-wgmma).
        body.append('tile.apply "wgmma.fence.sync.aligned" () scope(thread)')
    # An instruction without operands (cp.async.commit_group) has no types.
    body.append(f'tile.apply "{inst.opcode}" ({names}){params} '
                f"scope({scope})" + (f" : {types}" if types else ""))
    if is_warpgroup_form(inst.form):
        # The registers of a wgmma in flight are read only after its group
        # is retired (tile-check-wgmma).
        body += ["%wg0 = arith.constant 0 : i32",
                 'tile.apply "wgmma.commit_group.sync.aligned" () '
                 "scope(thread)",
                 'tile.apply "wgmma.wait_group.sync.aligned" (%wg0) '
                 "scope(thread) : i32"]
    for idx, rty, gty, elt, atom in applies:
        reg = f"%r{idx}"
        if elt == "i1":  # A predicate: 1 or 0 into its integer, stored.
            to_int, _ = instr_table.predicate_bridge(int(PRED_INT[1:]))
            rty_int = rty.replace("xi1", f"x{PRED_INT}", 1)
            body.append(f'tile.apply "{to_int}" (%ri{idx}, %one, %zero, '
                        f"%r{idx}) scope({scope}) : {rty_int}, {PRED_INT}, "
                        f"{PRED_INT}, {rty}")
            consts.append(to_int)
            reg, rty, elt = f"%ri{idx}", rty_int, PRED_INT
        if reg != f"%r{idx}":
            st = instr_table.move_opcode("st", elt, atom)
            body.append(f'tile.apply "{st}" (%g{idx}, {reg}) '
                        f"scope({scope}) : {gty}, {rty}")
            continue
        body += move_lines("st", idx, elt, atom, group, repeat, scope)
    count = 1
    # Without a tensor operand (the cp.async groups, an immediate at most)
    # there is nothing to repeat: one instruction.
    if any(kind != "imm" for kind, _, _, _ in inst.operands):
        for r in repeat:
            count *= r
    wg = f" workgroup({', '.join(workgroup)})" if workgroup else ""
    text = f"  gpu.func @{name}({', '.join(args)}){wg} kernel {{\n"
    text += "".join(f"    {line}\n" for line in body)
    text += "    gpu.return\n  }\n"
    # The predicate bridges may issue the certified opcode (setp.ne.b32
    # moving a predicate in) or its native instruction as well.
    bridges = [op for op in consts if isinstance(op, str)]
    extra_ptx = count * sum(b == inst.opcode for b in bridges)
    extra_sass = count * sum(bool(inst.sass) and opcode_sass(b) == inst.sass
                             for b in bridges)
    return text, Count(count + extra_ptx, count + extra_sass)


# Memory holds a predicate as a 32-bit 0 or 1, converted by the table's
# predicate bridge.
PRED_INT = "i32"


class Count(int):
    """Instructions of the certified opcode per kernel (the int), and of its
    native SASS instruction (`sass`): the instruction's repeats plus what
    the kernel's predicate bridges issue of either."""

    def __new__(cls, ptx, sass):
        c = super().__new__(cls, ptx)
        c.sass = sass
        return c


def opcode_sass(opcode):
    """The native SASS the table gives the form of `opcode`."""
    form = instr_table.form_of(opcode)
    return form["sass"] if form else None


def pred_operand(idx, role, keep, scope, rty_int, rty, gty, args, body,
                 applies, consts):
    """The lines of predicate operand `idx`: its i1 tile %r<idx>, the integer
    tile %ri<idx> it travels in, loaded (x != 0) for a source or with
    preserve_dst; a destination is stored after the instruction. `consts`
    records that the constants exist (True) and the bridge opcodes used."""
    if not consts:
        consts.append(True)
        body.append(f"%one = arith.constant 1 : {PRED_INT}")
        body.append(f"%zero = arith.constant 0 : {PRED_INT}")
    args.append(f"%g{idx}: {gty}")
    body.append(f"%r{idx} = tile.alloc_local : {rty}")
    body.append(f"%ri{idx} = tile.alloc_local : {rty_int}")
    if role == "use" or keep:
        ld = instr_table.move_opcode("ld", PRED_INT)
        _, from_int = instr_table.predicate_bridge(int(PRED_INT[1:]))
        body.append(f'tile.apply "{ld}" (%ri{idx}, %g{idx}) scope({scope}) : '
                    f"{rty_int}, {gty}")
        body.append(f'tile.apply "{from_int}" (%r{idx}, %ri{idx}, %zero) '
                    f"scope({scope}) : {rty}, {rty_int}, {PRED_INT}")
        consts.append(from_int)
    if role == "def":
        applies.append((idx, rty, gty, "i1", 1))


def opcode_sm(opcode):
    """The SM floor of one of the table's opcodes."""
    inst = instr_table.instance_of(opcode)
    if inst is None:
        raise KeyError(opcode)
    return inst["sm"]


def usable(inst, variant, sm=None):
    """Whether the table has the global ld/st that moves each register
    operand in the variant's containers (on chip `sm`, where given), and
    preserve_dst has a register destination."""
    containers = variant[6]
    has_reg_def = any(k == "reg" and r == "def" for k, r, _, _ in inst.operands)
    if variant[5] and (not has_reg_def or inst.no_preserve_dst):
        # preserve_dst needs a register destination, and the table refuses
        # it where ptxas does not keep the destination.
        return False
    for idx, (kind, role, ty, atom) in enumerate(inst.operands):
        if kind == "reg" and instr_table.is_predicate(ty):
            continue  # Moved as a PRED_INT (pred_operand).
        if kind == "mem" and inst.form["operands"][idx].get("fragment"):
            continue  # A warp's matrices in shared memory: no global move.
        try:
            # An atom of a multiple of 4 moves in vectors of 4.
            move = instr_table.move_opcode(
                "ld", containers[ty], atom if atom % 4 else 4)
        except KeyError:
            return False
        if sm is not None and opcode_sm(move) > sm:
            return False  # ld.global.v8 of 32-bit types is sm_100's.
    return True


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def split_entries(ptx):
    """Maps each .entry name to its body text."""
    entries = {}
    starts = [m for m in re.finditer(r"\.entry\s+(\w+)\(", ptx)]
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(ptx)
        entries[m.group(1)] = ptx[m.end():end]
    return entries


def count_opcode(body, opcode):
    pat = re.compile(r"(^|\s|@%\w+\s)" + re.escape(opcode) + r"(\s|;)")
    # The guard of a predicated instruction (`setp.ne.b32 %tile_p, ...`, which
    # sets the asm's local predicate from pred) is not one of the opcode's.
    guard = re.compile(re.escape(opcode) + r"\s+%tile_p,")
    return sum(1 for line in body.splitlines()
               if pat.search(line) and not guard.search(line))


def sass_functions(text):
    funcs, cur = {}, None
    for line in text.splitlines():
        m = re.search(r"Function : (\w+)", line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
        elif cur:
            funcs[cur].append(line)
    return funcs


# Kernels per tile-translate/ptxas/cuobjdump call: ptxas's time grows
# faster than linearly with the kernels of one file (sm_90's 24,364
# kernels: 401 s in one file, 70 s in eight).
CHUNK = 400


def select_kernels(instances, sm, all_variants=False):
    """(name, instance, variant, count, text) of the certification kernels
    of `instances` on chip `sm`: every instance plain; every other variant
    once per form (pred, preserve_dst, containers and scopes are lowered
    per form, not per qualifier), on instances spread over the form's, or
    on every instance with `all_variants`."""
    chosen = set()
    for k, variant in enumerate(VARIANTS):
        by_form = collections.defaultdict(list)
        for i, inst in enumerate(instances):
            if usable(inst, variant, sm) and wants(inst, variant):
                by_form[id(inst.form)].append(i)
        for same in by_form.values():
            if variant[0] == "plain" or all_variants:
                chosen.update((i, k) for i in same)
            else:
                chosen.add((same[k * len(same) // len(VARIANTS)], k))
    kernels = []
    for i, k in sorted(chosen):
        inst, variant = instances[i], VARIANTS[k]
        name = f"k{i}_{variant[0]}"
        text, count = kernel(name, inst, variant)
        kernels.append((name, inst, variant, count, text))
    return kernels


def wants(inst, variant):
    """Whether `variant` is one that the instance's family is certified
    with."""
    if is_warpgroup_form(inst.form):
        return variant[0] in WARPGROUP_VARIANTS
    if variant[0] in WARPGROUP_VARIANTS:
        return False
    if is_fragment_form(inst.form):
        return variant[0] in FRAGMENT_VARIANTS
    if inst.semantics in COLLECTIVES:
        return variant[0] in COLLECTIVE_VARIANTS
    if inst.semantics in ("load", "store", "move"):
        return variant[0] in MOVE_VARIANTS
    return inst.semantics == "fma" or variant[0] in ARITH_VARIANTS


def certify_target(args, instances, chip, ptx, label, results, sass):
    """Certifies `instances` on `chip` at PTX `ptx`, in chunks of CHUNK
    kernels compiled concurrently (--jobs)."""
    kernels = select_kernels(instances, instr_table.chip_sm(chip),
                             args.all_variants)
    chunks = [kernels[i:i + CHUNK] for i in range(0, len(kernels), CHUNK)]
    jobs = max(1, min(args.jobs, len(chunks)))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        parts = pool.map(
            lambda ic: certify_chunk(args, ic[1], chip, ptx, label, ic[0],
                                     sass),
            enumerate(chunks))
        for part in parts:
            results.extend(part)


def certify_chunk(args, kernels, chip, ptx, label, part, sass):
    """Compiles chunk `part` of the kernels and returns its (ok, message)
    results."""
    sm = instr_table.chip_sm(chip)
    results = []
    src = (f'gpu.module @cert [#nvvm.target<chip = "{chip}", '
           f'features = "+ptx{ptx}">] {{\n'
           + "".join(k[4] for k in kernels) + "}\n")
    kernels = [k[:4] for k in kernels]
    with tempfile.TemporaryDirectory() as tmp:
        mlir = os.path.join(tmp, "cert.mlir")
        with open(mlir, "w") as f:
            f.write(src)
        if args.keep:
            name = "cert_" + re.sub(r"\W", "_", label) + f"_{part}.mlir"
            with open(os.path.join(args.keep, name), "w") as f:
                f.write(src)
        ptx_file = os.path.join(tmp, "cert.ptx")
        r = run([os.path.join(args.tools_dir, "tile-translate"),
                 "--mlir-to-ptx", mlir, "-o", ptx_file])
        if r.returncode:
            results.append((False, f"[{label}] tile-translate failed on "
                            f"part {part}:\n" + r.stderr[:4000]))
            return results
        ptx_text = open(ptx_file).read()
        entries = split_entries(ptx_text)
        for name, inst, variant, count in kernels:
            body = entries.get(name)
            what = f"[{label}] {inst.opcode} {variant[0]}"
            if body is None:
                results.append((False, f"{what}: no .entry {name}"))
                continue
            # Only the instructions tile.apply emitted (inline asm): LLVM
            # moves 128-bit registers with its own mov.b128.
            asm = "\n".join(re.findall(
                r"// begin inline asm(.*?)// end inline asm", body, re.S))
            n = count_opcode(asm, inst.emitted)
            if inst.emitted != inst.opcode and count_opcode(asm, inst.opcode):
                n = -1  # The form itself, which ptxas miscompiles.
            expected = count
            # An instruction that reads nothing and only computes a result
            # (createpolicy.fractional without a fraction) gives every
            # repeat the same value: LLVM keeps one.
            # (Unless preserve_dst makes each read its own destination.)
            roles = [role for _, role, *_ in inst.operands]
            if "def" in roles and "use" not in roles and \
                    inst.semantics not in COLLECTIVES and not variant[5]:
                expected = 1
            # The kernel's own ld/st of the operands use the same opcode
            # family only for ld/st/mov certification.
            if inst.mnemonic in ("ld", "st"):
                n_ok = n >= expected
            else:
                n_ok = n == expected
            local = re.search(r"\b(ld|st)\.local\b", body)
            ok = n_ok and not local
            msg = (f"{what}: {n} x '{inst.emitted}' in PTX (expected "
                   f"{expected}){', local memory' if local else ''}")
            results.append((ok, msg))
        arch = chip if sm >= 75 else "sm_75"  # sm_100a stays sm_100a.
        cubin = os.path.join(tmp, "cert.cubin")
        r = run([args.ptxas, f"-arch={arch}", ptx_file, "-o", cubin])
        results.append((r.returncode == 0,
                        f"[{label}] ptxas -arch={arch} on {len(kernels)} "
                        f"kernels (part {part}): "
                        + (r.stderr.strip()[:4000] or "ok")))
        if r.returncode or not sass:
            return results
        # cuobjdump runs nvdisasm, which the pip package puts beside it.
        env = dict(os.environ)
        env["PATH"] = os.path.dirname(args.cuobjdump) + os.pathsep + \
            env.get("PATH", "")
        r = run([args.cuobjdump, "-sass", cubin], env=env)
        if r.returncode:
            results.append((False, f"[{label}] cuobjdump failed: {r.stderr}"))
            return results
        funcs = sass_functions(r.stdout)
        for name, inst, variant, count in kernels:
            lines = funcs.get(name, [])
            local = any(SASS_LOCAL.search(l) for l in lines)
            # mma's SASS is sm_90's (the table's `sass`): other chips
            # split DMMA differently and have no BMMA. A form of
            # arch-specific chips alone (sm_120a's kinds) has theirs.
            if not inst.sass or (inst.form.get("mma_arith") and sm != 90
                                 and not inst.arch_chips):
                # No native instruction: only the absence of local memory.
                if local:
                    results.append((False, f"[{label}] {inst.opcode} "
                                    f"{variant[0]}: LDL/STL present"))
                continue
            native = re.compile(r"\b(" + inst.sass + r")(\.[A-Z0-9_]+)*\b")
            n = sum(1 for l in lines if native.search(l))
            local = any(SASS_LOCAL.search(l) for l in lines)
            # ptxas 13.0 packs two independent scalar f16/bf16 FMAs into one
            # HFMA2 (one per half-lane): a scalar half repeat may share an
            # instruction with the next one, never take more than one.
            scalar_half = any(o[2] in ("f16", "bf16") for o in inst.operands)
            want = count.sass
            # A warp collective may come twice (the table's sass_copies): on
            # the converged path and on the divergent one.
            copies = inst.form.get("sass_copies", 1)
            if scalar_half:
                ok = (want + 1) // 2 <= n <= want and not local
            else:
                ok = want <= n <= want * copies and not local
            expected = (f"{want}" if copies == 1 else
                        f"{want} to {want * copies}")
            results.append((ok, f"[{label}] {inst.opcode} {variant[0]}: {n} "
                            f"x {inst.sass} in SASS (expected {expected})"
                            f"{', LDL/STL present' if local else ''}"))
    return results


def certify_intrinsics(args, instances, results):
    """Each intrinsic-capable form gives the same PTX instruction either way."""
    with tempfile.TemporaryDirectory() as tmp:
        for inst in instances:
            name = inst.intrinsic
            if not name:
                continue
            sm = max(inst.sm, 90)
            ptx = max(inst.ptx, instr_table.chip_min_ptx(sm) or 78)
            text, count = kernel("k", inst, VARIANTS[0])
            src = (f'gpu.module @m [#nvvm.target<chip = "sm_{sm}", '
                   f'features = "+ptx{ptx}">] {{\n{text}}}\n')
            mlir = os.path.join(tmp, "i.mlir")
            with open(mlir, "w") as f:
                f.write(src)
            outs = []
            for flag in ([], ["--use-intrinsics"]):
                r = run([os.path.join(args.tools_dir, "tile-translate"),
                         "--mlir-to-ptx", mlir] + flag)
                outs.append(r.stdout if r.returncode == 0 else None)
            if None in outs:
                results.append((False, f"[intrinsic] {inst.opcode}: compile "
                                "failed"))
                continue
            n_asm = count_opcode(outs[0], inst.opcode)
            # Through the intrinsic, the instruction must come from the
            # NVPTX backend, not from an inline-asm block.
            no_asm = re.sub(r"// begin inline asm.*?// end inline asm", "",
                            outs[1], flags=re.S)
            n_intr = count_opcode(no_asm, inst.opcode)
            ptx_file = os.path.join(tmp, "i.ptx")
            with open(ptx_file, "w") as f:
                f.write(outs[1])
            assembled = run([args.ptxas, f"-arch=sm_{sm}", ptx_file, "-o",
                             os.devnull]).returncode == 0
            ok = n_asm == count and n_intr == count and assembled
            results.append((ok, f"[intrinsic] {inst.opcode} via {name}: "
                            f"{n_intr} x in PTX (inline asm: {n_asm}, "
                            f"expected {count}), ptxas "
                            f"{'ok' if assembled else 'rejected it'}"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools-dir", required=True)
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--cuobjdump")
    ap.add_argument("--target", required=True,
                    help="'floor', or a chip such as sm_90 / sm_100 / "
                    "sm_100a (an arch-specific chip adds the forms that "
                    "exist on it alone)")
    ap.add_argument("--mnemonic", default="")
    ap.add_argument("--ptx", type=int, default=0,
                    help="with --target CHIP: at least this PTX ISA version "
                    "(e.g. 88: the kernels' own 64-bit vector moves need "
                    "it on sm_100 and up)")
    ap.add_argument("--intrinsics", action="store_true")
    ap.add_argument("--all-variants", action="store_true",
                    help="every variant on every instance (by default the "
                    "variants other than plain run once per form)")
    ap.add_argument("--keep", help="directory to keep generated MLIR in")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="chunks compiled at once (default: every core)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    instances = [Instance(form, inst) for form, inst in
                 instr_table.instances(mnemonic=args.mnemonic or None)]

    results = []
    if args.intrinsics:
        certify_intrinsics(args, instances, results)
    elif args.target == "floor":
        by_floor = collections.defaultdict(list)
        for inst in instances:
            # The form's floor, and each older chip at its own PTX floor;
            # a form of arch-specific chips on each of them.
            floors = [(f"sm_{inst.sm}", inst.ptx)] + [
                (f"sm_{o_sm}", max(o_ptx, inst.ptx))
                for o_sm, o_ptx in inst.older]
            if inst.arch_chips:
                floors = [(c, inst.ptx) for c in inst.arch_chips]
            for chip, ptx in floors:
                if instr_table.chip_sm(chip) < LLVM_MIN_SM:
                    chip = f"sm_{LLVM_MIN_SM}"
                ptx = max(ptx, LLVM_MIN_PTX, instr_table.chip_min_ptx(chip))
                by_floor[(chip, ptx)].append(inst)
        for (chip, ptx), insts in sorted(
                by_floor.items(),
                key=lambda kv: (instr_table.chip_sm(kv[0][0]), kv[0])):
            certify_target(args, insts, chip, ptx, f"{chip}/ptx{ptx}",
                           results, sass=False)
    else:
        chip = args.target
        sm = instr_table.chip_sm(chip)
        insts = [i for i in instances
                 if instr_table.on_chip(i.form, i.inst, chip) and
                 (i.arch_chips or i.sm <= sm)]
        ptx = max([instr_table.chip_min_ptx(chip), args.ptx] +
                  [i.ptx for i in insts])
        certify_target(args, insts, chip, ptx, chip, results,
                       sass=bool(args.cuobjdump) and sm >= 75)

    passed = sum(1 for ok, _ in results if ok)
    failed = len(results) - passed
    for ok, msg in results:
        if not ok or args.verbose:
            print(("PASS " if ok else "FAIL ") + msg)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not results else 0)


if __name__ == "__main__":
    main()
