#!/usr/bin/env python3
"""Generate the kernels of the GPU differential test.

For every arithmetic form an sm_90 GPU executes (from the instruction table's
JSON export: every form with a semantics the reference evaluates), this
writes one MLIR module with a kernel per variant, compiles it to PTX with the
project's own `tile-translate --mlir-to-ptx`, and lists the kernels in
manifest.txt for `tile-diff`:

  full    cta scope, 8 warps x 32 lanes, 4 repeats per thread (the 10M test)
  pred    pred = odd lane, no preserve_dst (odd lanes checked)
  keep    pred = odd lane, preserve_dst (even lanes keep the old destination)
  wgroup  warpgroup scope
  warp    warp scope
  thread  thread scope
  warp16  warp scope over 16 lanes: lanes 16..31 must write nothing

Every operand uses an integer container (i16 / i32 / i64), loaded and stored
with the table's ld/st of that width through tile.apply as well.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instr_table  # noqa: E402
import kernelgen  # noqa: E402

# Semantics the MPFR reference evaluates (data movement is checked by the
# execution tests instead).
NO_REFERENCE = instr_table.without_lane_function()

# name: (scope, group, repeat, threads per block, elements per block,
#        block stride in elements, pred, preserve)
VARIANTS = {
    "full": ("cta", [8, 32], 4, 256, 1024, 1024, False, False),
    "pred": ("cta", [8, 32], 4, 256, 1024, 1024, True, False),
    "keep": ("cta", [8, 32], 4, 256, 1024, 1024, True, True),
    "wgroup": ("warpgroup", [4, 32], 4, 128, 512, 512, False, False),
    "warp": ("warp", [32], 4, 32, 128, 128, False, False),
    "thread": ("thread", [], 4, 128, 512, 512, False, False),
    "warp16": ("warp", [16], 4, 32, 64, 128, False, False),
}


def memref(shape, elt, strides=None, offset=None, space=None):
    s = "x".join(str(d) for d in shape) + "x" + elt
    if strides is not None:
        off = "" if offset is None else f", offset: {offset}"
        s += ", strided<[" + ", ".join(str(x) for x in strides) + "]" + off + ">"
    if space:
        s += ", " + space
    return f"memref<{s}>"


def kernel(name, opcode, elt, src_elts, nsrc, variant, preds=(), imms=None,
           pair=False, groups=None):
    """One kernel: source i of container `src_elts[i]`, destination of
    `elt`; `preds` names the buffers of predicate operands (held as 0 or
    1); `imms` maps the buffers of immediate operands to their constant
    (the buffer stays a parameter, unread); `groups` maps the index of a
    register group's first source register to the group's size (cvt.rs's
    {a, b, e, f}: each register its own buffer, viewed in the group's
    tile)."""
    groups = groups or {}
    members = {i + k for i, n in groups.items() for k in range(n)}
    scope, group, rep, threads, elems, stride, pred, keep = VARIANTS[variant]
    shape = group + [rep, 1]
    # Row-major strides of (group..., repeat, atom) in memory.
    mstrides, acc = [], 1
    for d in reversed(shape):
        mstrides.insert(0, acc)
        acc *= d
    view_elems = elems if scope != "thread" else rep
    lines = []
    lines.append("%bid = gpu.block_id x")
    lines.append(f"%stride = arith.constant {stride} : index")
    if scope != "thread":
        lines.append("%off = arith.muli %bid, %stride : index")
    else:
        lines.append("%boff = arith.muli %bid, %stride : index")
        # Each thread owns `rep` consecutive elements.
        lines.append("%tid = gpu.thread_id x")
        lines.append(f"%rep = arith.constant {rep} : index")
        lines.append("%toff = arith.muli %tid, %rep : index")
        lines.append("%off = arith.addi %boff, %toff : index")
    bufs = [f"S{i}" for i in range(nsrc)] + ["D"]
    types = {}
    for buf in bufs:
        e = elt if buf == "D" else src_elts[int(buf[1:])]
        mty = memref(shape, e, mstrides, "?")
        rty = memref(shape, e, [0] * len(group) + [1, 1], None, "#tile.reg")
        flat = memref([view_elems], e, [1], "?")
        types[buf] = (e, mty, rty)
        lines.append(f"%{buf}f = memref.subview %{buf}[%off] [{view_elems}] [1]"
                     f" : memref<?x{e}> to {flat}")
        lines.append(f"%{buf}v = memref.expand_shape %{buf}f "
                     f"[[{', '.join(str(i) for i in range(len(shape)))}]] "
                     f"output_shape [{', '.join(str(d) for d in shape)}] "
                     f": {flat} into {mty}")
        if buf == "D" or int(buf[1:]) not in members:
            lines.append(f"%r{buf} = tile.alloc_local : {rty}")
    order = ["D"] + bufs[:-1]
    for i, n in sorted(groups.items(), reverse=True):
        e = src_elts[i]
        glines, gty, mtys = kernelgen.register_group(
            f"G{i}", bufs[i:i + n], group + [rep], [0] * len(group) + [1], e)
        lines += glines
        for b, mty in zip(bufs[i:i + n], mtys):
            types[b] = (e, types[b][1], mty)
        types[f"G{i}"] = (e, None, gty)
        order[1 + i:1 + i + n] = [f"G{i}"]
    if pred:
        lines.append("%lane = gpu.lane_id")
    lines += kernelgen.apply_and_store(opcode, order, types, scope,
                                       bufs[:-1] + (["D"] if keep else []),
                                       "%lane" if pred else None, keep, preds,
                                       imms, pair)
    args = ", ".join(f"%{b}: memref<?x{types[b][0]}>" for b in bufs)
    body = "".join(f"    {l}\n" for l in lines)
    return f"  gpu.func @{name}({args}) kernel {{\n{body}    gpu.return\n  }}\n"


# Values per immediate operand: each gives one module of every variant.
IMMEDIATE_VALUES = 16


def compile_ptx(args, base, src, opcode):
    """Compiles the module `src` to `base`.ptx with tile-translate."""
    with open(base + ".mlir", "w") as f:
        f.write(src)
    r = subprocess.run([os.path.join(args.tools_dir, "tile-translate"),
                        "--mlir-to-ptx", base + ".mlir", "-o", base + ".ptx"],
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"{opcode}: compile failed\n{r.stderr}")
    os.remove(base + ".mlir")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools-dir", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sm", type=int, default=90,
                    help="the GPU's SM: kernels target sm_<SM>, or the "
                    "arch-specific chip of that SM a form needs (sm_100a "
                    "for cvt.rs); forms no such chip has are left out, by "
                    "the table's floors and chips")
    ap.add_argument("--mnemonic", default=None,
                    help="only these mnemonics' forms (comma-separated)")
    ap.add_argument("--opcode-regex", default=None,
                    help="only opcodes this regular expression matches")
    ap.add_argument("--variants", default=None,
                    help="only these variants (comma-separated)")
    ap.add_argument("--form-variant", default=None,
                    help="only forms of this variant name (pair: setp p|q, "
                    "lop3.BoolOp d|p)")
    args = ap.parse_args()
    variants = {v: VARIANTS[v] for v in (args.variants.split(",")
                                         if args.variants else VARIANTS)}
    os.makedirs(args.out, exist_ok=True)
    types = instr_table.types()
    manifest, jobs = [], []
    idx = 0
    only = set(args.mnemonic.split(",")) if args.mnemonic else None
    for form, inst in instr_table.instances():
        if only and form["mnemonic"] not in only:
            continue
        if form["semantics"] in NO_REFERENCE:
            continue
        # sm_<sm>, or the arch-specific chip of that SM the form needs;
        # None where the table's floor or chips leave the form out (cvt.rs
        # on an H200: sm_100a and sm_103a only).
        chip = instr_table.test_chip(form, inst, args.sm)
        if chip is None:
            continue
        opcode = inst["opcode"]
        if args.opcode_regex and not re.search(args.opcode_regex, opcode):
            continue
        if args.form_variant is not None and \
                form["variant"] != args.form_variant:
            continue
        # Two destinations travel in one integer, as the reference packs
        # them: setp p|q as p + 2q, lop3.BoolOp d|p as d + (p << 32) in 64
        # bits; the first destination stands for both.
        operands, pair = kernelgen.test_operands(form)
        # A register group ({a, b, e, f}) travels as one source per
        # register.
        flat = kernelgen.flat_sources({"operands": operands})
        groups = kernelgen.register_groups(flat)
        operands = [operands[0]] + [o for o, _ in flat]
        nsrc = len(operands) - 1
        # Where the table refuses preserve_dst, there is no keep kernel (nor
        # for two destinations: the old fold is not split back).
        form_variants = {v: p for v, p in variants.items()
                         if not (p[7] and ("no_preserve_dst" in form or
                                           pair))}
        # Each source in the integer container of its width (mad.wide's c
        # is twice as wide as a and b); a predicate travels as a 32-bit
        # integer 0 or 1.
        if any(o["atom"] != 1 for o in form["operands"]
               if o["role"] == "def") or \
                (groups and any("immediate" in o for o in operands)):
            continue
        is_pred = [instr_table.is_predicate(o["type"]) for o in operands]
        widths = [32 if p else types[o["type"]]["bits"]
                  for o, p in zip(operands, is_pred)]
        src_widths = widths[1:]
        bits = widths[0]
        elt = f"i{bits}"
        src_elts = [f"i{w}" for w in src_widths]
        src_bits = (str(src_widths[0]) if len(set(src_widths)) == 1
                    else ",".join(map(str, src_widths)))
        preds = {"D"} if is_pred[0] else set()
        preds |= {f"S{i}" for i, p in enumerate(is_pred[1:]) if p}
        ptxv = max(inst["ptx"], instr_table.chip_min_ptx(chip))
        for choice in kernelgen.immediate_choices(form, IMMEDIATE_VALUES,
                                                  opcode):
            imms = {f"S{k}": v for k, v in choice.items()}
            src = (f'gpu.module @m [#nvvm.target<chip = "{chip}", '
                   f'features = "+ptx{ptxv}">] {{\n')
            for v in form_variants:
                src += kernel(f"k_{v}", opcode, elt, src_elts, nsrc, v, preds,
                              imms, pair, groups)
            src += "}\n"
            jobs.append((os.path.join(args.out, f"f{idx}"), src, opcode))
            fixed = "".join(f" imm={b[1:]}:{v}" for b, v in imms.items())
            fixed += " defs=2" if pair else ""
            for v, (scope, group, rep, threads, elems, stride, pred,
                    keep) in form_variants.items():
                manifest.append(f"{opcode} {v} f{idx}.ptx k_{v} {bits} "
                                f"{threads} {elems} {stride} {int(pred)} "
                                f"{int(keep)} {nsrc} {src_bits}{fixed}")
            idx += 1
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        list(pool.map(lambda job: compile_ptx(args, *job), jobs))
    with open(os.path.join(args.out, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")
    print(f"{len(manifest)} kernels for {idx} forms in {args.out}")


if __name__ == "__main__":
    main()
