#!/usr/bin/env python3
"""Generate the kernels of the GPU differential fma test.

For every fma form an sm_90 GPU executes (from `tile-ptx-forms --instances`),
this writes one MLIR module with a kernel per variant, compiles it to PTX with
the project's own `tile-translate --mlir-to-ptx`, and lists the kernels in
manifest.txt for `tile-fma-diff`:

  full    cta scope, 8 warps x 32 lanes, 4 repeats per thread (the 10M test)
  pred    pred = odd lane, no preserve_dst (odd lanes checked)
  keep    pred = odd lane, preserve_dst (even lanes keep the old destination)
  wgroup  warpgroup scope
  warp    warp scope
  thread  thread scope
  warp16  warp scope over 16 lanes: lanes 16..31 must write nothing

Every operand uses an integer container (i16 / i32 / i64), loaded and stored
with ld.global.bN / st.global.bN through tile.apply as well.
"""

import argparse
import os
import subprocess
import sys

BITS = {"f32": 32, "f64": 64, "f16": 16, "bf16": 16, "f16x2": 32,
        "bf16x2": 32, "f32x2": 64}

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


def kernel(name, opcode, elt, variant):
    scope, group, rep, threads, elems, stride, pred, keep = VARIANTS[variant]
    shape = group + [rep, 1]
    # Row-major strides of (group..., repeat, atom) in memory.
    mstrides, acc = [], 1
    for d in reversed(shape):
        mstrides.insert(0, acc)
        acc *= d
    mty = memref(shape, elt, mstrides, "?")
    rty = memref(shape, elt, [0] * len(group) + [1, 1], None, "#tile.reg")
    flat = memref([elems], elt, [1], "?")
    lines = []
    lines.append("%bid = gpu.block_id x")
    lines.append(f"%stride = arith.constant {stride} : index")
    if scope != "thread":
        lines.append("%off = arith.muli %bid, %stride : index")
        view_elems = elems
    else:
        lines.append("%boff = arith.muli %bid, %stride : index")
        # Each thread owns `rep` consecutive elements.
        lines.append("%tid = gpu.thread_id x")
        lines.append(f"%rep = arith.constant {rep} : index")
        lines.append("%toff = arith.muli %tid, %rep : index")
        lines.append("%off = arith.addi %boff, %toff : index")
        flat = memref([rep], elt, [1], "?")
        view_elems = rep
    for buf in ["A", "B", "C", "D"]:
        lines.append(f"%{buf}f = memref.subview %{buf}[%off] [{view_elems}] [1]"
                     f" : memref<?x{elt}> to {flat}")
        lines.append(f"%{buf}v = memref.expand_shape %{buf}f "
                     f"[[{', '.join(str(i) for i in range(len(shape)))}]] "
                     f"output_shape [{', '.join(str(d) for d in shape)}] "
                     f": {flat} into {mty}")
    move = {"i16": "b16", "i32": "b32", "i64": "b64"}[elt]
    for r in ["a", "b", "c", "d"]:
        lines.append(f"%r{r} = tile.alloc_local : {rty}")
    for r, buf in [("a", "A"), ("b", "B"), ("c", "C")] + (
            [("d", "D")] if keep else []):
        lines.append(f'tile.apply "ld.global.{move}" (%r{r}, %{buf}v) '
                     f"scope({scope}) : {rty}, {mty}")
    params = ""
    if pred:
        lines.append("%lane = gpu.lane_id")
        lines.append("%l32 = arith.index_cast %lane : index to i32")
        lines.append("%one = arith.constant 1 : i32")
        lines.append("%bit = arith.andi %l32, %one : i32")
        lines.append("%p = arith.trunci %bit : i32 to i1")
        params = " pred(%p)" + (" preserve_dst" if keep else "")
    lines.append(f'tile.apply "{opcode}" (%rd, %ra, %rb, %rc){params} '
                 f"scope({scope}) : {rty}, {rty}, {rty}, {rty}")
    lines.append(f'tile.apply "st.global.{move}" (%Dv, %rd) scope({scope}) '
                 f": {mty}, {rty}")
    args = ", ".join(f"%{b}: memref<?x{elt}>" for b in "ABCD")
    body = "".join(f"    {l}\n" for l in lines)
    return f"  gpu.func @{name}({args}) kernel {{\n{body}    gpu.return\n  }}\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools-dir", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sm", type=int, default=90)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    out = subprocess.run([os.path.join(args.tools_dir, "tile-ptx-forms"),
                          "--instances", "--mnemonic", "fma"],
                         capture_output=True, text=True, check=True).stdout
    manifest = []
    for idx, line in enumerate(l for l in out.splitlines() if l.strip()):
        parts = line.split()
        opcode, sm, ptx = parts[0], int(parts[1]), int(parts[2])
        types = opcode.split(".")
        if sm > args.sm or len([t for t in types if t in BITS]) != 1:
            continue
        bits = BITS[types[-1]]
        elt = f"i{bits}"
        ptxv = max(ptx, 78)
        src = (f'gpu.module @m [#nvvm.target<chip = "sm_{args.sm}", '
               f'features = "+ptx{ptxv}">] {{\n')
        for v in VARIANTS:
            src += kernel(f"k_{v}", opcode, elt, v)
        src += "}\n"
        base = os.path.join(args.out, f"f{idx}")
        with open(base + ".mlir", "w") as f:
            f.write(src)
        r = subprocess.run([os.path.join(args.tools_dir, "tile-translate"),
                            "--mlir-to-ptx", base + ".mlir", "-o",
                            base + ".ptx"], capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"{opcode}: compile failed\n{r.stderr}")
        os.remove(base + ".mlir")
        for v, (scope, group, rep, threads, elems, stride, pred,
                keep) in VARIANTS.items():
            manifest.append(f"{opcode} {v} f{idx}.ptx k_{v} {bits} {threads} "
                            f"{elems} {stride} {int(pred)} {int(keep)}")
    with open(os.path.join(args.out, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")
    print(f"{len(manifest)} kernels for "
          f"{len(manifest) // len(VARIANTS)} forms in {args.out}")


if __name__ == "__main__":
    main()
