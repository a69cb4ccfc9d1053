#!/usr/bin/env python3
"""The warp collectives on the CPU backend against the GPU, per lane.

For every sm_90 opcode of a collective form of the instruction table (from
its JSON export; bar.warp.sync, which computes nothing, aside) this builds
two kernels over a grid of blocks: blocks of 64 threads (two full warps),
and blocks of 40 threads (a full warp and 8 lanes of a second, whose other
lanes count as exited) in which a random half of the lanes is predicated
off. Each thread loads its sources from global memory into register tiles
(cta scope), applies the collective and stores each destination (a
predicate as 0 or 1). Every warp of every block draws its member masks: the
full mask, halves, runs of random length, or a random partition of its
lanes, each lane's mask the lanes of its part (those that execute: a
predicated-off lane is in no mask). Shuffle lanes, clamps and segment masks,
match values (few, so that lanes match) and redux values (edges and random
bits) are drawn per lane.

  --record DIR --tools-dir T   builds the module, runs it on the CPU backend
                               (`T/tile-runner --backend=cpu`), and writes
                               the module and its output to DIR;
  --compare DIR --runner R     runs the recorded module with
                               `R --backend=cuda` (on a GPU machine) and
                               compares every printed value with the CPU
                               backend's.

Prints one line per kernel that differs and closes with "N passed, N
failed" (one count per kernel).
"""
import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instr_table  # noqa: E402

WARP = 32
BLOCKS = 64
SENTINEL = 0x5A5A5A5A
ELT = {"b32": "i32", "u32": "i32", "s32": "i32", "b64": "i64", "pred": "i32"}
EDGES32 = [0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x80000001, 2,
           0xFFFFFFFE, 0x00010000, 0x0000FFFF]


def collective_opcodes():
    """(opcode, form) for every sm_90 collective opcode that computes a
    result."""
    kinds = set(instr_table.collectives())
    for form in instr_table.forms():
        # Fragment forms have their own checks: mma (utils/measure/
        # mma_facts) and the matrix moves (utils/measure/matrix_facts).
        if form["semantics"] not in kinds or form["sm"] > 90 or \
                any(o.get("fragment") for o in form["operands"]) or \
                instr_table.arch_chips(form) or \
                not any(o["role"] == "def" for o in form["operands"]):
            continue
        for inst in form["instances"]:
            yield inst["opcode"], form


def draw_masks(rng, lanes, executing):
    """Member masks of one warp: each executing lane's part of `executing`
    (a bit set of lanes), drawn by one of four schemes."""
    scheme = rng.randrange(4)
    parts = {}
    if scheme == 0:  # the full mask (or all that execute)
        parts = {lane: 0 for lane in range(lanes)}
    elif scheme == 1:  # halves
        parts = {lane: lane // 16 for lane in range(lanes)}
    elif scheme == 2:  # runs of random length
        part, left = 0, rng.randint(1, 12)
        for lane in range(lanes):
            if left == 0:
                part, left = part + 1, rng.randint(1, 12)
            parts[lane] = part
            left -= 1
    else:  # a random partition into up to four parts
        k = rng.randint(2, 4)
        parts = {lane: rng.randrange(k) for lane in range(lanes)}
    masks = {}
    for lane in range(lanes):
        if not (executing >> lane) & 1:
            continue
        mask = 0
        for other in range(lanes):
            if parts[other] == parts[lane] and (executing >> other) & 1:
                mask |= 1 << other
        # The full mask also names the lanes past the block's end.
        masks[lane] = 0xFFFFFFFF if scheme == 0 and not pred_off(executing,
                                                                  lanes) \
            else mask
    return masks


def pred_off(executing, lanes):
    return executing != (1 << lanes) - 1


def source_value(rng, form, name, ty):
    """One lane's value of source `name` of type `ty`."""
    sem = form["semantics"]
    if ty == "pred":
        return rng.getrandbits(1) if rng.random() < 0.7 else 1
    if sem.startswith("shfl") and name == "b":
        return rng.randrange(32) if rng.random() < 0.7 else \
            rng.getrandbits(32)
    if sem.startswith("shfl") and name == "c":
        segment = rng.choice([0, 0x10, 0x18, 0x1C, 0x1E, 0x1F])
        clamp = rng.choice([0, 0x1F, rng.randrange(32)])
        junk = rng.getrandbits(32) & ~0x1F1F if rng.random() < 0.2 else 0
        return (segment << 8) | clamp | junk
    if sem.startswith("match"):
        low = rng.randrange(3)
        return low | (rng.randrange(2) << 32) if ty == "b64" else low
    bits = 64 if ty == "b64" else 32
    if rng.random() < 0.4:
        return rng.choice(EDGES32)
    return rng.getrandbits(bits)


def reg(elt, warps):
    return (f"memref<{warps}x{WARP}x1x{elt}, strided<[0, 0, 1]>, "
            f"#tile.reg>")


def view(elt, warps):
    return (f"memref<{warps}x{WARP}x1x{elt}, strided<[{WARP}, 1, 1], "
            f"offset: ?>>")


def kernel_body(name, opcode, form, warps, predicated):
    """The kernel and the names of its buffers (sources, guard, outputs)."""
    n = warps * WARP
    bufs, lines = [], [f"%bid = gpu.block_id x",
                       f"%cn = arith.constant {n} : index",
                       "%off = arith.muli %bid, %cn : index",
                       "%z = arith.constant 0 : i32",
                       "%one = arith.constant 1 : i32"]

    def load(buf, elt):
        bufs.append((buf, elt))
        lines.append(f"%{buf}s = memref.subview %{buf}[%off] [{n}] [1] : "
                     f"memref<{BLOCKS * n}x{elt}> to memref<{n}x{elt}, "
                     f"strided<[1], offset: ?>>")
        lines.append(f"%{buf}v = memref.expand_shape %{buf}s [[0, 1, 2]] "
                     f"output_shape [{warps}, {WARP}, 1] : memref<{n}x{elt},"
                     f" strided<[1], offset: ?>> into {view(elt, warps)}")
        return f"%{buf}v"

    def to_pred(src, dst):
        lines.append(f"%{dst} = tile.alloc_local : {reg('i1', warps)}")
        lines.append(f'tile.apply "setp.ne.u32" (%{dst}, {src}, %z) '
                     f"scope(cta) : {reg('i1', warps)}, {reg('i32', warps)},"
                     " i32")

    guard = ""
    if predicated:
        v = load("G", "i32")
        lines.append(f"%rG = tile.alloc_local : {reg('i32', warps)}")
        lines.append(f'tile.apply "ld.global.b32" (%rG, {v}) scope(cta) : '
                     f"{reg('i32', warps)}, {view('i32', warps)}")
        to_pred("%rG", "g")
        guard = f" pred(%g : {reg('i1', warps)})"
    args, types, outs = [], [], []
    for i, o in enumerate(form["operands"]):
        elt = ELT[o["type"]]
        if o["role"] == "def":
            r = f"%d{i}"
            lines.append(f"{r} = tile.alloc_local : "
                         f"{reg('i1' if o['type'] == 'pred' else elt, warps)}")
            args.append(r)
            types.append(reg('i1' if o["type"] == "pred" else elt, warps))
            outs.append((i, o["type"]))
            continue
        buf = f"S{i}"
        v = load(buf, elt)
        width = 64 if elt == "i64" else 32
        lines.append(f"%r{buf} = tile.alloc_local : {reg(elt, warps)}")
        lines.append(f'tile.apply "ld.global.b{width}" (%r{buf}, {v}) '
                     f"scope(cta) : {reg(elt, warps)}, {view(elt, warps)}")
        if o["type"] == "pred":
            to_pred(f"%r{buf}", f"q{i}")
            args.append(f"%q{i}")
            types.append(reg("i1", warps))
        else:
            args.append(f"%r{buf}")
            types.append(reg(elt, warps))
    lines.append(f'tile.apply "{opcode}" ({", ".join(args)}){guard} '
                 f"scope(cta) : {', '.join(types)}")
    for i, ty in outs:
        v = load(f"D{i}", "i32")
        src = f"%d{i}"
        if ty == "pred":
            lines.append(f"%w{i} = tile.alloc_local : {reg('i32', warps)}")
            lines.append(f'tile.apply "selp.b32" (%w{i}, %one, %z, %d{i}) '
                         f"scope(cta) : {reg('i32', warps)}, i32, i32, "
                         f"{reg('i1', warps)}")
            src = f"%w{i}"
        lines.append(f'tile.apply "st.global.b32" ({v}, {src}){guard} '
                     f"scope(cta) : {view('i32', warps)}, "
                     f"{reg('i32', warps)}")
    sig = ", ".join(f"%{b}: memref<{BLOCKS * n}x{e}>" for b, e in bufs)
    body = "".join(f"      {line}\n" for line in lines)
    return (f"    gpu.func @{name}({sig}) kernel {{\n{body}"
            f"      gpu.return\n    }}\n"), bufs


def inputs(rng, form, warps, threads, predicated):
    """Per buffer name, the values of every block's slots."""
    n = warps * WARP
    data = {}
    for i, o in enumerate(form["operands"]):
        if o["role"] == "def":
            data[f"D{i}"] = [SENTINEL] * (BLOCKS * n)
        elif not o.get("member_mask"):
            data[f"S{i}"] = [source_value(rng, form, o["name"], o["type"])
                             for _ in range(BLOCKS * n)]
    guard = [1] * (BLOCKS * n)
    masks = [0] * (BLOCKS * n)
    for b in range(BLOCKS):
        for w in range(warps):
            lanes = min(WARP, threads - w * WARP)
            executing = (1 << lanes) - 1
            if predicated:
                executing = rng.getrandbits(lanes) | 1
            for lane in range(WARP):
                guard[b * n + w * WARP + lane] = (executing >> lane) & 1
            for lane, m in draw_masks(rng, lanes, executing).items():
                masks[b * n + w * WARP + lane] = m
    for i, o in enumerate(form["operands"]):
        if o.get("member_mask"):
            data[f"S{i}"] = masks
    if predicated:
        data["G"] = guard
    return data


def signed(v, bits):
    return v - (1 << bits) if v >> (bits - 1) else v


def build_module(rng):
    """(mlir, kernel names): every collective opcode, two kernels each."""
    kernels, host, globals_, names = [], [], [], []
    host.append("%c1 = arith.constant 1 : index")
    host.append(f"%grid = arith.constant {BLOCKS} : index")
    for k, (opcode, form) in enumerate(collective_opcodes()):
        for warps, threads, predicated in ((2, 64, False), (2, 40, True)):
            name = f"k{len(names)}"
            defs = sum(o["role"] == "def" for o in form["operands"])
            names.append(f"{opcode} ({threads} threads"
                         f"{', predicated' if predicated else ''}; "
                         f"{len(form['operands'])} operands)\t{defs}")
            text, bufs = kernel_body(name, opcode, form, warps, predicated)
            kernels.append(text)
            data = inputs(rng, form, warps, threads, predicated)
            args = []
            host.append(f"%t{name} = arith.constant {threads} : index")
            for buf, elt in bufs:
                size = BLOCKS * warps * WARP
                ty = f"memref<{size}x{elt}>"
                g = f"g{name}_{buf}"
                bits = 64 if elt == "i64" else 32
                vals = ", ".join(str(signed(v, bits)) for v in data[buf])
                globals_.append(f'  memref.global "private" constant @{g} : '
                                f"{ty} = dense<[{vals}]>")
                host.append(f"%{g} = memref.get_global @{g} : {ty}")
                host.append(f"%b{g} = gpu.alloc () : {ty}")
                host.append(f"gpu.memcpy %b{g}, %{g} : {ty}, {ty}")
                args.append(f"%b{g} : {ty}")
            host.append(f"gpu.launch_func @m::@{name} blocks in (%grid, %c1,"
                        f" %c1) threads in (%t{name}, %c1, %c1) "
                        f"args({', '.join(args)})")
            for buf, elt in bufs:
                if not buf.startswith("D"):
                    continue
                size = BLOCKS * warps * WARP
                ty = f"memref<{size}x{elt}>"
                g = f"g{name}_{buf}"
                host.append(f"%h{g} = memref.alloc() : {ty}")
                host.append(f"gpu.memcpy %h{g}, %b{g} : {ty}, {ty}")
                host.append(f"%u{g} = memref.cast %h{g} : {ty} to "
                            "memref<*xi32>")
                host.append(f"call @printMemrefI32(%u{g}) : "
                            "(memref<*xi32>) -> ()")
    src = "module attributes {gpu.container_module} {\n"
    src += "\n".join(globals_) + "\n"
    src += ('  gpu.module @m [#nvvm.target<chip = "sm_90", features = '
            '"+ptx80">] {\n' + "".join(kernels) + "  }\n")
    src += "  func.func private @printMemrefI32(memref<*xi32>)\n"
    src += ("  func.func @main() {\n" +
            "".join(f"    {line}\n" for line in host) +
            "    return\n  }\n}\n")
    return src, names


def outputs(text):
    """The printed arrays, in order, each a list of ints."""
    return [list(map(int, re.findall(r"-?\d+", m)))
            for m in re.findall(r"data =\s*\n?\s*\[([^\]]*)\]", text)]


def run(cmd, path):
    r = subprocess.run(cmd + [path], capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"{' '.join(cmd)} {path} failed ({r.returncode}):\n"
                 f"{r.stderr[-4000:]}")
    return r.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--record")
    ap.add_argument("--tools-dir")
    ap.add_argument("--compare")
    ap.add_argument("--runner")
    ap.add_argument("--seed", type=int, default=20261202)
    args = ap.parse_args()
    if args.record:
        os.makedirs(args.record, exist_ok=True)
        src, names = build_module(random.Random(args.seed))
        path = os.path.join(args.record, "warp.mlir")
        with open(path, "w") as f:
            f.write(src)
        with open(os.path.join(args.record, "names.txt"), "w") as f:
            f.write("\n".join(names) + "\n")
        cpu = run([os.path.join(args.tools_dir, "tile-runner"),
                   "--backend=cpu"], path)
        with open(os.path.join(args.record, "cpu.txt"), "w") as f:
            f.write(cpu)
        want = sum(int(n.split("\t")[1]) for n in names)
        got = len(outputs(cpu))
        print(f"{len(names)} kernels, {got} outputs recorded")
        if got != want:
            sys.exit(f"the CPU backend printed {got} outputs, not {want}")
        return 0
    with open(os.path.join(args.compare, "names.txt")) as f:
        names = f.read().split("\n")[:-1]
    with open(os.path.join(args.compare, "cpu.txt")) as f:
        cpu = outputs(f.read())
    gpu = outputs(run([args.runner, "--backend=cuda"],
                      os.path.join(args.compare, "warp.mlir")))
    if len(gpu) != len(cpu):
        sys.exit(f"{len(gpu)} outputs from the GPU, {len(cpu)} recorded")
    # Outputs come per kernel in operand order, one per destination.
    passed = failed = lanes = 0
    it = iter(zip(cpu, gpu))
    for entry in names:
        name, n_out = entry.split("\t")
        bad = []
        for _ in range(int(n_out)):
            c, g = next(it)
            lanes += len(c)
            bad += [i for i, (x, y) in enumerate(zip(c, g)) if x != y]
        if bad:
            failed += 1
            print(f"FAIL {name}: {len(bad)} slots differ (first at {bad[0]})")
        else:
            passed += 1
    print(f"{lanes} lane results compared")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
