#!/usr/bin/env python3
"""Atoms per second on the CPU backend, against the host's own fmaf loop.

Runs a kernel of one instruction (fma, add, mul; f32 and f64) over register
tiles (4 repeats per thread, 256 threads per block) with `tile-runner
--backend=cpu` for two grid sizes and takes the difference (so that
compilation and start-up cancel), with the reference's host fast path and
without it (TILE_REFERENCE_MPFR_ONLY=1: every result from MPFR), then times
a C loop of fmaf over the same number of elements, compiled with cc -O2.
Prints a Markdown table (machine, command, atoms, seconds, atoms/s).

Usage: bench/cpu_backend.py --tools-dir build/bin [--atoms 1048576]
"""
import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "utils"))
import instr_table  # noqa: E402

KERNEL = """module attributes {{gpu.container_module}} {{
  gpu.module @m [#nvvm.target<chip = "sm_90">] {{
    gpu.func @k(%A: memref<?x{t}>) kernel {{
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c256 = arith.constant 256 : index
      %c4 = arith.constant 4 : index
      %bt = arith.muli %b, %c256 : index
      %i = arith.addi %bt, %t : index
      %o = arith.muli %i, %c4 : index
      %v = memref.subview %A[%o] [4] [1] : memref<?x{t}> to memref<4x{t}, strided<[1], offset: ?>>
      %e = memref.expand_shape %v [[0, 1]] output_shape [4, 1] : memref<4x{t}, strided<[1], offset: ?>> into memref<4x1x{t}, strided<[1, 1], offset: ?>>
      %two = arith.constant 2.0 : {t}
      %one = arith.constant 1.0 : {t}
      %r = tile.alloc_local : memref<4x1x{t}, #tile.reg>
      tile.apply "{ld}" (%r, %e) scope(thread) : memref<4x1x{t}, #tile.reg>, memref<4x1x{t}, strided<[1, 1], offset: ?>>
      tile.apply "{op}" (%r, %r, {scalars}) scope(thread) : memref<4x1x{t}, #tile.reg>, memref<4x1x{t}, #tile.reg>, {scalar_types}
      tile.apply "{st}" (%e, %r) scope(thread) : memref<4x1x{t}, strided<[1, 1], offset: ?>>, memref<4x1x{t}, #tile.reg>
      gpu.return
    }}
  }}
  func.func @main() {{
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %grid = arith.constant {grid} : index
    %n = arith.constant {n} : index
    %A = gpu.alloc (%n) : memref<?x{t}>
    gpu.launch_func @m::@k blocks in (%grid, %c1, %c1) threads in (%c256, %c1, %c1) args(%A : memref<?x{t}>)
    return
  }}
}}
"""

HOST = r"""
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  long n = atol(argv[1]);
  float *a = calloc(n, sizeof(float));
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long i = 0; i < n; ++i) a[i] = fmaf(a[i], 2.0f, 1.0f);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
  printf("%.9f %f\n", s, a[n / 2]);
  return 0;
}
"""


# The instructions timed, each the table's `.rn` spelling of a semantics
# key on one type: key, element type. The first is the ratio's.
OPS = [("fma", "f32"), ("add", "f32"), ("mul", "f32"), ("fma", "f64"),
       ("add", "f64")]


def rn_opcode(semantics, t):
    """(opcode, number of sources) of the table's form of `semantics` on
    type `t` written with `.rn` alone."""
    for form, inst in instr_table.instances():
        if (form["semantics"] == semantics and form["types"] == [t] and
                inst["qualifiers"] == ["rn"]):
            return inst["opcode"], sum(o["role"] == "use"
                                       for o in form["operands"])
    raise KeyError(f"no {semantics}.rn form of .{t}")


def run_kernel(runner, atoms, tmp, op, t, nscalars, exact):
    grid = atoms // (256 * 4)
    path = os.path.join(tmp, f"k{atoms}.mlir")
    scalars = ["%two", "%one"][:nscalars]
    with open(path, "w") as f:
        f.write(KERNEL.format(grid=grid, n=atoms, t=t, op=op,
                              scalars=", ".join(scalars),
                              scalar_types=", ".join([t] * nscalars),
                              ld=instr_table.move_opcode("ld", t),
                              st=instr_table.move_opcode("st", t)))
    env = dict(os.environ)
    env.pop("TILE_REFERENCE_MPFR_ONLY", None)
    if exact:
        env["TILE_REFERENCE_MPFR_ONLY"] = "1"
    t0 = time.perf_counter()
    subprocess.run([runner, "--backend=cpu", path], check=True,
                   capture_output=True, env=env)
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools-dir", required=True)
    ap.add_argument("--atoms", type=int, default=1 << 20)
    args = ap.parse_args()
    runner = os.path.join(args.tools_dir, "tile-runner")
    small = 1 << 12
    atoms = args.atoms - small
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for semantics, t in OPS:
            op, nsrc = rn_opcode(semantics, t)
            nscalars = nsrc - 1  # After the register tile.
            for exact in (False, True):
                def best(n):
                    return min(run_kernel(runner, n, tmp, op, t, nscalars,
                                          exact) for _ in range(3))
                cpu_s = best(args.atoms) - best(small)
                rows.append((op, exact, cpu_s))
        src = os.path.join(tmp, "host.c")
        with open(src, "w") as f:
            f.write(HOST)
        exe = os.path.join(tmp, "host")
        subprocess.run(["cc", "-O2", src, "-o", exe, "-lm"], check=True)
        host_s = min(float(subprocess.run(
            [exe, str(args.atoms)], capture_output=True, text=True,
            check=True).stdout.split()[0]) for _ in range(3))
    print(f"Machine: {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores; `bench/cpu_backend.py --atoms "
          f"{args.atoms}` (the run at {small} atoms subtracted)\n")
    print("| what | atoms | seconds | atoms/s |")
    print("|---|---|---|---|")
    for op, exact, cpu_s in rows:
        how = "MPFR only" if exact else "host fast path"
        print(f"| CPU backend, {op}, {how} | {atoms} | {cpu_s:.3f} | "
              f"{atoms / cpu_s:.3g} |")
    print(f"| host fmaf loop (cc -O2) | {args.atoms} | {host_s:.6f} | "
          f"{args.atoms / host_s:.3g} |")
    first = rows[0][0]
    fma = {exact: s for op, exact, s in rows if op == first}
    print(f"\nRatio: {first} on the CPU backend takes "
          f"{fma[False] / host_s * args.atoms / atoms:.0f}x the host loop's "
          f"time per fma with the fast path, "
          f"{fma[True] / host_s * args.atoms / atoms:.0f}x without (each atom "
          "goes through tile_cpu_apply, plus the ld and st atoms).")


if __name__ == "__main__":
    main()
