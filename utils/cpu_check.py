#!/usr/bin/env python3
"""Runs every computational form of the instruction table on the CPU backend
and compares each result with the MPFR reference.

For each concrete opcode with reference semantics (from the table's JSON
export; every chip, not only sm_90) this builds a kernel of 32 threads, each
loading its sources from global memory into register tiles with the table's
ld, applying the instruction with tile.apply, and storing the destination
with st. Variants rotate over the opcodes: thread, warp and warpgroup scope,
a warp-scope sub-range of 16 lanes (lanes 16..31 must write nothing), and
pred = odd lane with and without preserve_dst (even lanes keep the
destination's sentinel with preserve_dst; without it they are not checked).
The host program fills the sources with edge values and random bits, runs
the kernels with `tile-runner --backend=cpu` and prints every destination;
`tile-ptx-forms --eval` gives the reference results. NaN results compare by
NaN-ness where the ISA leaves the payload open (as ref::sameResult does).

Prints one line per failing opcode and closes with "N passed, N failed" (one
count per opcode).

The same kernels on both backends (the GPU suite, utils/gpu-check.sh):
  --record DIR   also writes each batch's module, the CPU backend's output
                 and what the comparison needs (no MLIR tools needed later);
  --compare DIR --runner R   runs the recorded modules with `R --backend=cuda`
                 (on a GPU machine) and requires the GPU's results to equal
                 the CPU backend's bit for bit (NaN-ness only where the ISA
                 leaves the payload open; lanes that pred turns off without
                 preserve_dst are not compared, their value being undefined).
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instr_table  # noqa: E402
import kernelgen  # noqa: E402

NO_REFERENCE = instr_table.without_lane_function()
LANES = 32
SENTINEL = {16: 0x5A5A, 32: 0x5A5A5A5A, 64: 0x5A5A5A5A5A5A5A5A}
EDGES = {
    16: [0, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0x0001,
         0x03FF, 0x7BFF, 0x3F80, 0x7F80, 0x7FC0, 0x0080, 0x7F7F],
    32: [0, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000,
         0x7FC00000, 0x7F800001, 0x00000001, 0x007FFFFF, 0x7F7FFFFF,
         0x00800000, 0x3C003C00, 0x7C007C00, 0x3F803F80, 0xFFFFFFFF],
    64: [0, 0x8000000000000000, 0x3FF0000000000000, 0xBFF0000000000000,
         0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000,
         0x7FF0000000000001, 1, 0x000FFFFFFFFFFFFF, 0x7FEFFFFFFFFFFFFF,
         0x0010000000000000, 0x3F8000003F800000, 0x7F8000007F800000,
         0x400000003F800000, 0xFFFFFFFFFFFFFFFF],
}


def int_edges(bits, lane_bits):
    """Edge values of an integer lane of `lane_bits` in a container of
    `bits` (every lane the same edge, or two different ones): 0, 1, -1 (all
    ones), MIN, MAX, MIN+1, -2, 2^k, 2^k-1, bit 23 set with junk above (for
    mul24). Divisors 0 and -1 come up as often as the others."""
    m = (1 << lane_bits) - 1
    mn = 1 << (lane_bits - 1)
    lane = [0, 1, m, mn, mn - 1, mn + 1, m - 1, 1 << (lane_bits // 2),
            (1 << (lane_bits // 2)) - 1, 2]
    if lane_bits == 32:
        lane += [0x00800000, 0xFF800001, 0x7F7FFFFF]
    lanes = bits // lane_bits
    out = []
    for v in lane:
        out.append(sum(v << (i * lane_bits) for i in range(lanes)))
    if lanes == 2:
        out += [m | (mn << lane_bits), mn | (1 << lane_bits),
                (mn - 1) | (m << lane_bits)]
    return out


def value_edges(t):
    """The edges of a value narrower than its register (an .s8/.u8 in 16
    bits), with the high bits clear or junk: cvt reads the low bits only."""
    v, lane = t["value_bits"], t["bits"] // t["lanes"]
    if v >= lane:
        return []
    return [e | junk for e in int_edges(v, v) for junk in (0, 0xA5 << v)]


# (name, scope, group shape, pred, preserve_dst)
VARIANTS = [
    ("thread", "thread", [], False, False),
    ("warp", "warp", [32], False, False),
    ("warpgroup", "warpgroup", [1, 32], False, False),
    ("warp16", "warp", [16], False, False),
    ("pred", "thread", [], True, False),
    ("keep", "thread", [], True, True),
]


def nan_payload_open(form):
    """Whether the ISA leaves NaN payloads open (the table's
    nan_payload_defined, which ref::sameResult reads too)."""
    return not form["nan_payload_defined"]


def is_nan(types, fmt_of, t, bits):
    """NaN-ness of `bits` in any lane of PTX type `t`."""
    info = types[t]
    return lane_nan({"format": fmt_of.get(info.get("format")),
                     "lanes": info["lanes"],
                     "lane_bits": info["bits"] // info["lanes"]}, bits)


def kernel(name, opcode, elts, variant, preds=(), imms=None, pair=False,
           groups=None):
    """`groups` maps the operand index of a register group's first register
    to the group's size: its registers are sources of their own (each
    loaded from its own buffer) viewed in the group's register tile."""
    _, scope, group, pred, keep = variant
    groups = groups or {}
    lines = ["%t = gpu.thread_id x"]
    shape = group + [1, 1]
    names = ["D"] + [f"S{i}" for i in range(len(elts) - 1)]
    members = {i + k for i, n in groups.items() for k in range(n)}
    rtypes = {}
    for i, (buf, elt) in enumerate(zip(names, elts)):
        if group:
            # The whole warp's (or warpgroup's) slice of the buffer.
            mty = (f"memref<{'x'.join(map(str, shape))}x{elt}>")
            n = 1
            for d in group:
                n *= d
            lines.append(f"%{buf}c = memref.subview %{buf}[0] [{n}] [1] : "
                         f"memref<{LANES}x{elt}> to memref<{n}x{elt}, "
                         f"strided<[1]>>")
            lines.append(f"%{buf}v = memref.expand_shape %{buf}c "
                         f"[[{', '.join(str(i) for i in range(len(shape)))}]]"
                         f" output_shape [{', '.join(map(str, shape))}] : "
                         f"memref<{n}x{elt}, strided<[1]>> into {mty}")
            rty = (f"memref<{'x'.join(map(str, shape))}x{elt}, strided<["
                   f"{', '.join(['0'] * len(group) + ['1', '1'])}]>, "
                   f"#tile.reg>")
        else:
            mty = f"memref<1x1x{elt}, strided<[1, 1], offset: ?>>"
            lines.append(f"%{buf}c = memref.subview %{buf}[%t] [1] [1] : "
                         f"memref<{LANES}x{elt}> to memref<1x{elt}, "
                         f"strided<[1], offset: ?>>")
            lines.append(f"%{buf}v = memref.expand_shape %{buf}c [[0, 1]] "
                         f"output_shape [1, 1] : memref<1x{elt}, strided<[1],"
                         f" offset: ?>> into {mty}")
            rty = f"memref<1x1x{elt}, #tile.reg>"
        rtypes[buf] = (elt, mty, rty)
        if i not in members:
            lines.append(f"%r{buf} = tile.alloc_local : {rty}")
    order = list(names)
    for i, n in sorted(groups.items(), reverse=True):
        elt = elts[i]
        glines, gty, mtys = kernelgen.register_group(
            f"G{i}", names[i:i + n], group + [1], [0] * len(group) + [1],
            elt)
        lines += glines
        for m, mty in zip(names[i:i + n], mtys):
            rtypes[m] = (elt, rtypes[m][1], mty)
        rtypes[f"G{i}"] = (elt, None, gty)
        order[i:i + n] = [f"G{i}"]
    loaded = [b for b in names if b != "D" or keep]
    lines += kernelgen.apply_and_store(opcode, order, rtypes, scope, loaded,
                                       "%t" if pred else None, keep,
                                       {names[i] for i in preds},
                                       {names[i]: v
                                        for i, v in (imms or {}).items()},
                                       pair)
    args = ", ".join(f"%{b}: memref<{LANES}x{e}>" for b, e in zip(names, elts))
    body = "".join(f"      {l}\n" for l in lines)
    return (f"    gpu.func @{name}({args}) kernel {{\n{body}"
            f"      gpu.return\n    }}\n")


def build_module(jobs, rng, chip):
    """jobs: (index, opcode, elts, variant, edges, preds, imms); `edges`
    gives each source's edge values (None: the float edges of its width);
    `preds` are the operand indices of predicates (held as 0 or 1 in the
    integer `elts` gives them); `imms` maps the operand indices of
    immediates to their constant; returns (mlir, inputs)."""
    kernels, host, globals_, inputs = [], [], [], {}
    host.append("%c0 = arith.constant 0 : index")
    host.append("%c1 = arith.constant 1 : index")
    host.append(f"%cl = arith.constant {LANES} : index")
    host.append(f"%p = memref.alloc() : memref<{LANES}xi64>")
    host.append("%pu = memref.cast %p : memref<" + str(LANES) +
                "xi64> to memref<*xi64>")
    for idx, opcode, elts, variant, edges, preds, imms, pair, groups in jobs:
        name = f"k{idx}"
        kernels.append(kernel(name, opcode, elts, variant, preds, imms, pair,
                              groups))
        vals = []
        args = []
        for i, elt in enumerate(elts):
            bits = int(elt[1:])
            if i == 0:
                data = [SENTINEL[bits]] * LANES
            elif i in imms:
                data = [imms[i]] * LANES
            elif i in preds:
                data = [rng.getrandbits(1) for _ in range(LANES)]
            else:
                pool = edges[i - 1] or EDGES[bits]
                data = [rng.choice(pool) if rng.random() < 0.5
                        else rng.getrandbits(bits) for _ in range(LANES)]
            vals.append(data)
            signed = [d - (1 << bits) if d >> (bits - 1) else d for d in data]
            g = f"g{idx}_{i}"
            globals_.append(f'  memref.global "private" constant @{g} : '
                            f"memref<{LANES}x{elt}> = dense<"
                            f"[{', '.join(map(str, signed))}]>")
            host.append(f"%{g} = memref.get_global @{g} : "
                        f"memref<{LANES}x{elt}>")
            # Device buffers (host memory on the CPU backend), filled from
            # the constants.
            ty = f"memref<{LANES}x{elt}>"
            host.append(f"%b{g} = gpu.alloc () : {ty}")
            host.append(f"gpu.memcpy %b{g}, %{g} : {ty}, {ty}")
            args.append(f"%b{g} : {ty}")
        inputs[idx] = vals
        host.append(f"gpu.launch_func @m::@{name} blocks in (%c1, %c1, %c1) "
                    f"threads in (%cl, %c1, %c1) args({', '.join(args)})")
        delt = elts[0]
        dty = f"memref<{LANES}x{delt}>"
        host.append(f"%d{idx} = memref.alloc() : {dty}")
        host.append(f"gpu.memcpy %d{idx}, %bg{idx}_0 : {dty}, {dty}")
        host.append(f"scf.for %j = %c0 to %cl step %c1 {{\n"
                    f"  %v = memref.load %d{idx}[%j] : memref<{LANES}x{delt}>\n"
                    + (f"  %w = arith.extui %v : {delt} to i64\n"
                       if delt != "i64" else "  %w = arith.addi %v, %v0 : i64\n"
                       .replace("%v0", "%z"))
                    + f"  memref.store %w, %p[%j] : memref<{LANES}xi64>\n}}")
        host.append("call @printMemrefI64(%pu) : (memref<*xi64>) -> ()")
    host.insert(0, "%z = arith.constant 0 : i64")
    src = "module attributes {gpu.container_module} {\n"
    src += "\n".join(globals_) + "\n"
    ptx = max(88, instr_table.chip_min_ptx(chip))
    src += (f'  gpu.module @m [#nvvm.target<chip = "{chip}", features = '
            f'"+ptx{ptx}">] {{\n' + "".join(kernels) + "  }\n")
    src += "  func.func private @printMemrefI64(memref<*xi64>)\n"
    src += ("  func.func @main() {\n" +
            "".join(f"    {l}\n" for l in "\n".join(host).split("\n")) +
            "    return\n  }\n}\n")
    return src, inputs


def parse_rows(stdout):
    """The data lines of printMemrefI64 (the headers hold "sizes = [..]")."""
    return [[int(x) for x in line.strip("[] \n").split(",")]
            for line in stdout.splitlines()
            if re.fullmatch(r"\[[-0-9, ]+\]", line.strip())]


def lane_nan(meta, bits):
    """NaN-ness of a destination register (any lane), from its format (an
    entry of the table's "formats"), lane count and lane width (an fp6
    value sits in a byte). The significand field is what sign and exponent
    leave of the format's bits (tf32 keeps f32's layout: its 13 dropped
    bits are part of the field). The fp6 and fp4 formats have no NaN."""
    fmt = meta["format"]
    if not fmt or fmt.get("no_specials"):
        return False
    w, e = fmt["bits"], fmt["exp_bits"]
    stride = meta.get("lane_bits", w)
    field = w - e - 1
    for lane in range(meta["lanes"]):
        v = (bits >> (lane * stride)) & ((1 << w) - 1)
        exp = (v >> field) & ((1 << e) - 1)
        frac = v & ((1 << field) - 1)
        if exp == (1 << e) - 1 and (frac == (1 << field) - 1
                                    if fmt.get("finite_only") else frac):
            return True
    return False


def compare(args):
    """--compare: the recorded modules on the GPU against the CPU's output."""
    passed = failed = approximate = 0
    for name in sorted(f for f in os.listdir(args.compare)
                       if f.endswith(".json")):
        base = os.path.join(args.compare, name[:-5])
        with open(base + ".json") as f:
            metas = json.load(f)
        with open(base + ".cpu.txt") as f:
            cpu_rows = parse_rows(f.read())
        r = subprocess.run([args.runner, "--backend=cuda", base + ".mlir"],
                           capture_output=True, text=True)
        gpu_rows = parse_rows(r.stdout)
        if r.returncode or len(gpu_rows) != len(metas):
            print(f"FAIL {name}: runner exit {r.returncode}\n"
                  f"{r.stderr[-1500:]}")
            failed += len(metas)
            continue
        for meta, crow, grow in zip(metas, cpu_rows, gpu_rows):
            # An approximation's bits are the GPU's own (the CPU backend
            # gives the correctly rounded result): tile-diff and
            # special_facts check it against the table's bounds instead.
            if meta.get("approximate"):
                approximate += 1
                continue
            mask = (1 << meta["bits"]) - 1
            bad = []
            for lane in range(LANES):
                if meta["variant"] == "pred" and lane % 2 == 0:
                    continue
                c, g = crow[lane] & mask, grow[lane] & mask
                if c == g or (meta["nan_open"] and lane_nan(meta, c) and
                              lane_nan(meta, g)):
                    continue
                bad.append(f"lane {lane}: cpu {c:x}, gpu {g:x}")
            if bad:
                failed += 1
                print(f"FAIL {meta['opcode']} ({meta['variant']}): " +
                      "; ".join(bad[:3]))
            else:
                passed += 1
    if approximate:
        print(f"{approximate} kernels of approximations not compared bit for "
              "bit")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


# Values per immediate operand (lop3's table): one kernel each.
IMMEDIATE_VALUES = 8


def queries_of(batch, inputs, forms):
    """The `tile-ptx-forms --eval` lines of every lane of `batch`."""
    queries = []
    for idx, opcode, elts, variant, *_, pair, _ in batch:
        for lane in range(LANES):
            srcs = [inputs[idx][i][lane] for i in range(1, len(elts))]
            # Two destinations (setp p|q) may share the spelling of one:
            # the variant names the form.
            name = (opcode + ":" + forms[idx]["variant"] if pair
                    else opcode)
            # Under pred, '@': ptxas compiles some spellings otherwise
            # there (the table's NaN rules).
            if variant[3]:
                name = "@" + name
            queries.append(name + " " + " ".join(f"{s:x}" for s in srcs))
    return queries


def run_batch(tools, path, queries):
    """Runs a batch's module on the CPU backend and its lanes through the
    reference: (tile-runner's result, tile-ptx-forms's)."""
    r = subprocess.run([os.path.join(tools, "tile-runner"), "--backend=cpu",
                        path], capture_output=True, text=True)
    e = subprocess.run([os.path.join(tools, "tile-ptx-forms"), "--eval"],
                       input="\n".join(queries) + "\n", capture_output=True,
                       text=True)
    return r, e


def record_batch(record, start, src, stdout, batch, forms, types, fmt_of):
    """Writes a batch's module, the CPU backend's output and what the
    comparison on the GPU needs (--record)."""
    base = os.path.join(record, f"b{start:04d}")
    with open(base + ".mlir", "w") as f:
        f.write(src)
    with open(base + ".cpu.txt", "w") as f:
        f.write(stdout)
    metas = []
    for idx, opcode, elts, variant, *_ in batch:
        dst = forms[idx]["operands"][0]["type"]
        info = types[dst]
        metas.append({"opcode": opcode, "variant": variant[0],
                      "bits": int(elts[0][1:]),
                      "lanes": info["lanes"],
                      "lane_bits": info["bits"] // info["lanes"],
                      "format": fmt_of.get(info.get("format")),
                      "nan_open": nan_payload_open(forms[idx]),
                      "approximate": forms[idx]["accuracy"] ==
                      "approximate"})
    with open(base + ".json", "w") as f:
        json.dump(metas, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools-dir")
    ap.add_argument("--record", default=None)
    ap.add_argument("--compare", default=None)
    ap.add_argument("--runner", default=None)
    ap.add_argument("--mnemonic", default=None)
    ap.add_argument("--opcode-regex", default=None,
                    help="only opcodes this regular expression matches")
    ap.add_argument("--batch", type=int, default=60)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="batches run at once (default: every core)")
    ap.add_argument("--sm", type=int, default=100,
                    help="the SM the modules target (sm_<SM>, or the "
                    "arch-specific chip of that SM a form needs: sm_100a "
                    "for cvt.rs); forms above it are left out (90 for an "
                    "H200 to run them)")
    args = ap.parse_args()
    if args.compare:
        return compare(args)
    if not args.tools_dir:
        ap.error("--tools-dir is required")
    if args.record:
        os.makedirs(args.record, exist_ok=True)
    rng = random.Random(2026)
    types = instr_table.types()
    fmt_of = {f["name"]: f for f in instr_table.table()["formats"]}
    jobs, forms, chips = [], {}, {}
    for form, inst in instr_table.instances(args.mnemonic):
        if form["semantics"] in NO_REFERENCE:
            continue
        if args.opcode_regex and not re.search(args.opcode_regex,
                                               inst["opcode"]):
            continue
        # The chip of the module: sm_<sm>, or the arch-specific chip of that
        # SM the form needs (the table's floors and chips decide).
        chip = instr_table.test_chip(form, inst, args.sm)
        if chip is None or any(o["atom"] != 1 for o in form["operands"]
                               if o["role"] == "def"):
            continue
        # Two destinations travel in the first one's buffer: setp p|q as
        # p + 2q, lop3.BoolOp d|p as d + (p << 32) in 64 bits.
        operands, pair = kernelgen.test_operands(form)
        # A register group ({a, b, e, f}) travels as one source per
        # register, viewed in the group's tile.
        flat = kernelgen.flat_sources({"operands": operands})
        # Keyed by operand index (the destination is operand 0).
        groups = {i + 1: n for i, n in kernelgen.register_groups(flat).items()}
        if groups and any("immediate" in o for o, _ in flat):
            sys.exit(f"{inst['opcode']}: a register group and an immediate")
        operands = [operands[0]] + [o for o, _ in flat]
        # A predicate travels through memory as a 32-bit 0 or 1.
        preds = {i for i, o in enumerate(operands)
                 if instr_table.is_predicate(o["type"])}
        elts = [f"i{32 if i in preds else types[o['type']]['bits']}"
                for i, o in enumerate(operands)]
        # Integer sources (no float format) take the integer edges.
        edges = [None if "format" in types[o["type"]] else
                 int_edges(types[o["type"]]["bits"],
                           types[o["type"]]["bits"] //
                           types[o["type"]]["lanes"]) +
                 value_edges(types[o["type"]])
                 for o in operands[1:]]
        for choice in kernelgen.immediate_choices(form, IMMEDIATE_VALUES,
                                                  inst["opcode"]):
            # Operand indices (the destination is operand 0).
            imms = {k + 1: v for k, v in choice.items()}
            idx = len(jobs)
            variant = VARIANTS[idx % len(VARIANTS)]
            if variant[4] and ("no_preserve_dst" in form or pair):
                variant = VARIANTS[VARIANTS.index(variant) - 1]  # pred
            jobs.append((idx, inst["opcode"], elts, variant, edges, preds,
                         imms, pair, groups))
            forms[idx] = form
            chips[idx] = chip
    # One module per chip: batches never mix targets.
    batches = []
    for chip in dict.fromkeys(chips[j[0]] for j in jobs):
        same = [j for j in jobs if chips[j[0]] == chip]
        batches += [(chip, same[k:k + args.batch])
                    for k in range(0, len(same), args.batch)]
    passed = failed = 0
    tools = args.tools_dir
    with tempfile.TemporaryDirectory() as tmp:
        # The modules are built in order (one random stream), then run
        # concurrently.
        built = []
        for chip, batch in batches:
            src, inputs = build_module(batch, rng, chip)
            path = os.path.join(tmp, f"b{batch[0][0]}.mlir")
            with open(path, "w") as f:
                f.write(src)
            built.append((batch, src, inputs, path))
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            runs = pool.map(
                lambda b: run_batch(tools, b[3], queries_of(b[0], b[2], forms)),
                built)
            outcomes = list(runs)
        for (batch, src, inputs, _), (r, e) in zip(built, outcomes):
            start = batch[0][0]
            if r.returncode:
                print(f"FAIL batch at {start}: tile-runner exit "
                      f"{r.returncode}\n{r.stderr[-2000:]}")
                failed += len(batch)
                continue
            rows = parse_rows(r.stdout)
            if args.record:
                record_batch(args.record, start, src, r.stdout, batch, forms,
                             types, fmt_of)
            if e.returncode:
                sys.exit(e.stderr)
            expected = [int(x, 16) for x in e.stdout.split()]
            k = 0
            for (idx, opcode, elts, variant, _, preds, *_), row in zip(
                    batch, rows):
                bits = int(elts[0][1:])
                mask = (1 << bits) - 1
                form = forms[idx]
                dst_type = form["operands"][0]["type"]
                bad = []
                for lane in range(LANES):
                    want = expected[k]
                    k += 1
                    got = row[lane] & mask
                    name = variant[0]
                    writes = not ((name == "warp16" and lane >= 16) or
                                  (name in ("pred", "keep") and lane % 2 == 0))
                    # A kept predicate is the sentinel read as x != 0.
                    kept = (1 if 0 in preds and name == "keep"
                            else SENTINEL[bits])
                    if not writes:
                        if name != "pred" and got != kept:
                            bad.append(f"lane {lane} wrote {got:x}")
                        continue
                    if got == want:
                        continue
                    if nan_payload_open(form) and \
                            is_nan(types, fmt_of, dst_type, got) and \
                            is_nan(types, fmt_of, dst_type, want):
                        continue
                    srcs = [f"{inputs[idx][i][lane]:x}"
                            for i in range(1, len(elts))]
                    bad.append(f"lane {lane} sources {' '.join(srcs)}: got "
                               f"{got:x}, reference {want:x}")
                if bad:
                    failed += 1
                    print(f"FAIL {opcode} ({variant[0]}): " + "; ".join(bad[:3]))
                else:
                    passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
