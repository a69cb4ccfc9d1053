#!/usr/bin/env python3
"""The cost of the CPU backend's memory checks (tile-runner --cpu-bounds-check).

Runs three kernels with `tile-runner --backend=cpu`, with the checks on and
off, launching each a few times and many times over the same buffers, and
takes the difference (so that compilation, start-up and the first touch of
the buffers cancel):

- fma: bench/cpu_backend.py's kernel (per thread: ld.global.f32, fma.rn.f32
  and st.global.f32 of 4 repeats: two MPFR-free data movements and one MPFR
  evaluation through tile_cpu_apply per element);
- copy: per thread, ld.global.v4.f32 and st.global.v4.f32 of 4 repeats
  (16 elements; data movement only: a bit copy through tile_cpu_apply per
  instruction, 8 checked accesses per instruction pair);
- loop: per thread, an scf.for over 64 elements of memref.load, arith and
  memref.store (no tile.apply: the checks against the bare host code, which
  LLVM vectorizes without them).

Wall time: the runs alternate checks on and off, `--runs` times each, and
the table gives the medians of the differences. Instructions: with
`--callgrind`, one and two launches under valgrind's callgrind (the JIT
included; its cost cancels in the difference too).

Compile time: a kernel of `repeats` loads and stores in straight-line code,
compiled and run (one thread) with the checks on and off.

Usage: bench/cpu_checks.py --tools-dir build/bin [--runs 5] [--callgrind]
       [--compile-repeats 64 4096]
"""
import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__))))
import cpu_backend  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "utils"))
import instr_table  # noqa: E402

COPY = """module attributes {{gpu.container_module}} {{
  gpu.module @m [#nvvm.target<chip = "sm_90">] {{
    gpu.func @k(%A: memref<?xf32>, %B: memref<?xf32>) kernel {{
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c256 = arith.constant 256 : index
      %c16 = arith.constant 16 : index
      %bt = arith.muli %b, %c256 : index
      %i = arith.addi %bt, %t : index
      %o = arith.muli %i, %c16 : index
      %v = memref.subview %A[%o] [16] [1] : memref<?xf32> to memref<16xf32, strided<[1], offset: ?>>
      %e = memref.expand_shape %v [[0, 1]] output_shape [4, 4] : memref<16xf32, strided<[1], offset: ?>> into memref<4x4xf32, strided<[4, 1], offset: ?>>
      %w = memref.subview %B[%o] [16] [1] : memref<?xf32> to memref<16xf32, strided<[1], offset: ?>>
      %f = memref.expand_shape %w [[0, 1]] output_shape [4, 4] : memref<16xf32, strided<[1], offset: ?>> into memref<4x4xf32, strided<[4, 1], offset: ?>>
      %r = tile.alloc_local : memref<4x4xf32, #tile.reg>
      tile.apply "{ld4}" (%r, %e) scope(thread) : memref<4x4xf32, #tile.reg>, memref<4x4xf32, strided<[4, 1], offset: ?>>
      tile.apply "{st4}" (%f, %r) scope(thread) : memref<4x4xf32, strided<[4, 1], offset: ?>>, memref<4x4xf32, #tile.reg>
      gpu.return
    }}
  }}
  func.func @main() {{
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %grid = arith.constant {grid} : index
    %n = arith.constant {n} : index
    %A = gpu.alloc (%n) : memref<?xf32>
    %B = gpu.alloc (%n) : memref<?xf32>
    gpu.launch_func @m::@k blocks in (%grid, %c1, %c1) threads in (%c256, %c1, %c1) args(%A : memref<?xf32>, %B : memref<?xf32>)
    return
  }}
}}
"""

LOOP = """module attributes {{gpu.container_module}} {{
  gpu.module @m [#nvvm.target<chip = "sm_90">] {{
    gpu.func @k(%A: memref<?xf32>, %B: memref<?xf32>) kernel {{
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %bt = arith.muli %b, %c256 : index
      %i = arith.addi %bt, %t : index
      %o = arith.muli %i, %c64 : index
      %two = arith.constant 2.0 : f32
      %one = arith.constant 1.0 : f32
      scf.for %j = %c0 to %c64 step %c1 {{
        %k = arith.addi %o, %j : index
        %x = memref.load %A[%k] : memref<?xf32>
        %y = arith.mulf %x, %two : f32
        %z = arith.addf %y, %one : f32
        memref.store %z, %B[%k] : memref<?xf32>
      }}
      gpu.return
    }}
  }}
  func.func @main() {{
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %grid = arith.constant {grid} : index
    %n = arith.constant {n} : index
    %A = gpu.alloc (%n) : memref<?xf32>
    %B = gpu.alloc (%n) : memref<?xf32>
    %c0 = arith.constant 0 : index
    %x = arith.constant 0.5 : f32
    scf.for %i = %c0 to %n step %c1 {{
      memref.store %x, %A[%i] : memref<?xf32>
    }}
    gpu.launch_func @m::@k blocks in (%grid, %c1, %c1) threads in (%c256, %c1, %c1) args(%A : memref<?xf32>, %B : memref<?xf32>)
    return
  }}
}}
"""

# A kernel of `repeats` ld.global.f32 and st.global.f32 in straight-line
# code, for the compile time (one thread runs it).
STRAIGHT = """module attributes {{gpu.container_module}} {{
  gpu.module @m [#nvvm.target<chip = "sm_90">] {{
    gpu.func @k(%A: memref<?xf32>) kernel {{
      %c0 = arith.constant 0 : index
      %v = memref.subview %A[%c0] [{repeats}] [1] : memref<?xf32> to memref<{repeats}xf32, strided<[1], offset: ?>>
      %e = memref.expand_shape %v [[0, 1]] output_shape [{repeats}, 1] : memref<{repeats}xf32, strided<[1], offset: ?>> into memref<{repeats}x1xf32, strided<[1, 1], offset: ?>>
      %r = tile.alloc_local : memref<{repeats}x1xf32, #tile.reg>
      tile.apply "{ld}" (%r, %e) scope(thread) : memref<{repeats}x1xf32, #tile.reg>, memref<{repeats}x1xf32, strided<[1, 1], offset: ?>>
      tile.apply "{st}" (%e, %r) scope(thread) : memref<{repeats}x1xf32, strided<[1, 1], offset: ?>>, memref<{repeats}x1xf32, #tile.reg>
      gpu.return
    }}
  }}
  func.func @main() {{
    %c1 = arith.constant 1 : index
    %n = arith.constant {repeats} : index
    %A = gpu.alloc (%n) : memref<?xf32>
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<?xf32>)
    return
  }}
}}
"""

# name: (template, elements per thread, elements of the buffers, launches
# of the small and the big run, and of the small and the big callgrind run)
KERNELS = {
    "fma": (cpu_backend.KERNEL, 4, 1 << 16, 1, 16, 1, 2),
    "copy": (COPY, 16, 1 << 18, 1, 16, 1, 2),
    "loop": (LOOP, 64, 1 << 20, 1, 16, 1, 2),
}

# Prints the last element written (so that LLVM keeps the work).
PRINT = """    %last = arith.constant {last} : index
    %p = memref.subview %{out}[%last] [1] [1] : memref<?xf32> to memref<1xf32, strided<[1], offset: ?>>
    %h = memref.alloc () : memref<1xf32>
    gpu.memcpy %h, %p : memref<1xf32>, memref<1xf32, strided<[1], offset: ?>>
    %u = memref.cast %h : memref<1xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }}
  func.func private @printMemrefF32(memref<*xf32>)
}}
"""

# The launch, `reps` times over the same buffers (warm after the first).
REPEAT = """    %reps = arith.constant {reps} : index
    %r0 = arith.constant 0 : index
    %r1 = arith.constant 1 : index
    scf.for %r = %r0 to %reps step %r1 {{
  {launch}
    }}
"""


def move_opcodes():
    """The table's global ld/st opcodes of one and of four f32, as the
    kernels' {ld}, {st}, {ld4} and {st4}."""
    return {"ld": instr_table.move_opcode("ld", "f32"),
            "st": instr_table.move_opcode("st", "f32"),
            "ld4": instr_table.move_opcode("ld", "f32", atom=4),
            "st4": instr_table.move_opcode("st", "f32", atom=4)}


def write_kernel(tmp, name, reps):
    template, per_thread, n = KERNELS[name][:3]
    text = template.format(grid=n // (256 * per_thread), n=n,
                           **move_opcodes())
    launch = re.search(r"^    gpu\.launch_func.*\n", text, re.M).group(0)
    text = text.replace(launch, REPEAT.format(reps=reps, launch=launch))
    end = text.rindex("    return\n")
    out = "A" if name == "fma" else "B"
    text = text[:end] + PRINT.format(last=n - 1, out=out)
    path = os.path.join(tmp, f"{name}{reps}.mlir")
    with open(path, "w") as f:
        f.write(text)
    return path


def run(runner, path, check, prefix=(), extra=()):
    cmd = list(prefix) + [runner, "--backend=cpu",
                          f"--cpu-bounds-check={int(check)}", *extra, path]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return time.perf_counter() - t0, r.stderr


def instructions(runner, path, check):
    _, err = run(runner, path, check,
                 ("valgrind", "--tool=callgrind",
                  "--callgrind-out-file=/dev/null"))
    return int(re.search(r"Collected : (\d+)", err).group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools-dir", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--compile-repeats", type=int, nargs="*",
                    default=[64, 4096])
    args = ap.parse_args()
    runner = os.path.join(args.tools_dir, "tile-runner")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, (_, _, n, small, big, csmall, cbig) in KERNELS.items():
            paths = (write_kernel(tmp, name, small),
                     write_kernel(tmp, name, big))
            times = {True: [], False: []}
            for _ in range(args.runs):
                for check in (True, False):
                    t = [run(runner, p, check)[0] for p in paths]
                    times[check].append(t[1] - t[0])
            med = {c: statistics.median(v) for c, v in times.items()}
            row = [name, n * (big - small), med[False], med[True]]
            if args.callgrind:
                cpaths = (write_kernel(tmp, name, csmall),
                          write_kernel(tmp, name, cbig))
                for check in (False, True):
                    ir = [instructions(runner, p, check) for p in cpaths]
                    row.append((ir[1] - ir[0]) / (n * (cbig - csmall)))
            rows.append(row)
        compiles = [compile_times(runner, tmp, r, args.runs)
                    for r in args.compile_repeats]
    print(f"Machine: {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores; `bench/cpu_checks.py --runs {args.runs}"
          f"{' --callgrind' if args.callgrind else ''}`\n")
    head = "| kernel | elements | s, checks off | s, checks on | time ratio |"
    rule = "|---|---|---|---|---|"
    if args.callgrind:
        head += " instr/element off | instr/element on | instr ratio |"
        rule += "---|---|---|"
    print(head)
    print(rule)
    for row in rows:
        name, n, off, on = row[:4]
        line = f"| {name} | {n} | {off:.3f} | {on:.3f} | {on / off:.2f} |"
        if args.callgrind:
            ioff, ion = row[4:]
            line += f" {ioff:.1f} | {ion:.1f} | {ion / ioff:.2f} |"
        print(line)
    print("\nCompile and run of one thread of `repeats` ld.global.f32 and "
          "st.global.f32 (2 x repeats checked accesses in straight-line "
          "code), medians:\n")
    print("| repeats | s, checks off | s, checks on | ratio |")
    print("|---|---|---|---|")
    for repeats, off, on in compiles:
        print(f"| {repeats} | {off:.2f} | {on:.2f} | {on / off:.2f} |")


def compile_times(runner, tmp, repeats, runs):
    path = os.path.join(tmp, f"straight{repeats}.mlir")
    with open(path, "w") as f:
        f.write(STRAIGHT.format(repeats=repeats, **move_opcodes()))
    budget = ("--register-budget=1000000",)
    times = {True: [], False: []}
    for _ in range(runs):
        for check in (True, False):
            times[check].append(run(runner, path, check, extra=budget)[0])
    return (repeats, statistics.median(times[False]),
            statistics.median(times[True]))


if __name__ == "__main__":
    main()
