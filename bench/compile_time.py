#!/usr/bin/env python3
"""Compile time and peak memory of the seed kernel's shape over N elements,
tile-mlir (`tile-translate --mlir-to-ptx`) against `nvcc -ptx` in the same
run.

The tile kernel is examples/affine_fma.mlir with its 4x1 tile widened to
Nx1 (N repeats of ld.global.f32, fma.rn.f32, st.global.f32: 3N
instructions). The nvcc kernel is the same computation in CUDA C with a
register array and fully unrolled loops, and without __restrict__: the tile
kernel's buffers may alias too, so both keep every load before the first
store. Each compile runs once under
/usr/bin/time; nvcc runs that pass --nvcc-timeout seconds are reported as
such. Prints a Markdown table.

With `--scalars arguments` the fma's two scalars (2.0 and 1.0) are kernel
parameters in both kernels instead of constants: in the tile kernel every
fma then reads the same two registers (no immediates).

Usage: bench/compile_time.py --tools-dir build/bin [--sizes 0 2 4 ...]
       [--scalars constants|arguments]
       (sizes are exponents k: N = 2^k)
"""
import argparse
import os
import platform
import re
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "utils"))
import instr_table  # noqa: E402

CUDA = """
extern "C" __global__ void __launch_bounds__(1)
affine_fma(const float *A, float *Out{params}) {{
  float r[{n}];
#pragma unroll
  for (int i = 0; i < {n}; ++i) r[i] = A[i];
#pragma unroll
  for (int i = 0; i < {n}; ++i) r[i] = __fmaf_rn(r[i], {two}, {one});
#pragma unroll
  for (int i = 0; i < {n}; ++i) Out[i] = r[i];
}}
"""


# The same kernel with the same inline asm as the tile kernel's PTX: one asm
# statement per instruction (loads and stores with a memory clobber, as the
# tile lowering writes them).
CUDA_ASM = """
extern "C" __global__ void __launch_bounds__(1)
affine_fma(const float *A, float *Out{params}) {{
  float r[{n}];
#pragma unroll
  for (int i = 0; i < {n}; ++i)
    asm volatile("ld.global.f32 %0, [%1];" : "=f"(r[i]) : "l"(A + i) : "memory");
#pragma unroll
  for (int i = 0; i < {n}; ++i)
    asm("fma.rn.f32 %0, %1, {two_asm}, {one_asm};" : "=f"(r[i]) : "f"(r[i]){asm_inputs});
#pragma unroll
  for (int i = 0; i < {n}; ++i)
    asm volatile("st.global.f32 [%0], %1;" :: "l"(Out + i), "f"(r[i]) : "memory");
}}
"""


def as_arguments(seed):
    """The seed kernel with its two constant scalars as kernel parameters
    (and without the host code, which launches it without them)."""
    seed = seed[:seed.index("  func.func private @printMemrefF32")] + "}\n"
    m = re.search(r"gpu\.func @affine_fma\(([^)]*)\)", seed)
    consts = re.findall(r"(?m)^ *(%\w+) = arith\.constant [^:\n]+: (f32)$",
                        seed)
    if not m or len(consts) != 2:
        sys.exit("the seed kernel no longer has two constant f32 scalars")
    params = m.group(1) + "".join(f", {name}: {t}" for name, t in consts)
    seed = seed.replace(m.group(0), f"gpu.func @affine_fma({params})", 1)
    return re.sub(r"(?m)^ *%\w+ = arith\.constant [^:\n]+: f32\n", "", seed)


def timed(cmd, timeout):
    """((seconds, peak MB), None) of `cmd`; on a timeout or failure (None,
    the first error diagnostic or None). On a timeout the whole process
    group goes (nvcc's cicc too)."""
    p = subprocess.Popen(["/usr/bin/time", "-f", "%e %M"] + cmd,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    try:
        _, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None, None
    if p.returncode:
        errors = [l.split(": error: ", 1)[1] for l in err.splitlines()
                  if ": error: " in l]
        return None, errors[0] if errors else None
    secs, kb = err.strip().splitlines()[-1].split()
    return (float(secs), int(kb) / 1024), None


def computed_opcode(seed):
    """The seed's computational opcode: the one whose table semantics is
    not data movement."""
    for op in re.findall(r'tile\.apply "([^"]+)"', seed):
        for form, inst in instr_table.instances(op.split(".")[0]):
            if inst["opcode"] == op and form["semantics"] not in (
                    "load", "store", "move"):
                return op
    sys.exit("no computational tile.apply in the seed example")


def median(runs):
    """The run of median time (None if any failed or timed out)."""
    if any(r is None for r in runs):
        return None
    return sorted(runs)[len(runs) // 2]


def count_opcode(ptx, opcode):
    with open(ptx) as f:
        return f.read().count(opcode)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools-dir", required=True)
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--sizes", type=int, nargs="+",
                    default=list(range(0, 17, 2)))
    ap.add_argument("--nvcc-timeout", type=int, default=300)
    ap.add_argument("--scalars", choices=("constants", "arguments"),
                    default="constants")
    ap.add_argument("--nvcc-kernel", choices=("cuda", "asm"), default="cuda",
                    help="the nvcc kernel in CUDA C, or with the tile "
                    "kernel's instructions as inline asm")
    ap.add_argument("--repeat", type=int, default=1,
                    help="compiles per size and compiler, alternating; "
                    "the table gives the median time")
    args = ap.parse_args()
    seed = open(os.path.join(ROOT, "examples", "affine_fma.mlir")).read()
    cuda = {"params": "", "two": "2.0f", "one": "1.0f",
            "two_asm": "0f40000000", "one_asm": "0f3F800000",
            "asm_inputs": ""}
    if args.scalars == "arguments":
        seed = as_arguments(seed)
        cuda = {"params": ", float two, float one", "two": "two", "one": "one",
                "two_asm": "%2", "one_asm": "%3",
                "asm_inputs": ', "f"(two), "f"(one)'}
    template = CUDA_ASM if args.nvcc_kernel == "asm" else CUDA
    opcode = computed_opcode(seed)
    translate = os.path.join(args.tools_dir, "tile-translate")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in args.sizes:
            n = 1 << k
            mlir = os.path.join(tmp, f"t{n}.mlir")
            with open(mlir, "w") as f:
                f.write(seed.replace("4x1xf32", f"{n}x1xf32"))
            tptx = os.path.join(tmp, f"t{n}.ptx")
            cu = os.path.join(tmp, f"k{n}.cu")
            with open(cu, "w") as f:
                f.write(template.format(n=n, **cuda))
            nptx = os.path.join(tmp, f"k{n}.ptx")
            tiles, nvs, error = [], [], None
            for _ in range(args.repeat):
                tile, error = timed([translate, "--mlir-to-ptx",
                                     "--register-budget=1000000", mlir, "-o",
                                     tptx], 3600)
                tiles.append(tile)
                nvs.append(timed([args.nvcc, "-ptx", "-arch=sm_90", "-O3",
                                  cu, "-o", nptx], args.nvcc_timeout)[0])
            tile, nv = median(tiles), median(nvs)
            tfma = count_opcode(tptx, opcode) if tile else 0
            nfma = count_opcode(nptx, opcode) if nv else 0
            rows.append((k, n, tile, nv, tfma, nfma, error))
            print(f"N=2^{k} done", flush=True, file=__import__("sys").stderr)
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores; "
          f"`bench/compile_time.py --sizes {' '.join(map(str, args.sizes))}"
          f" --scalars {args.scalars} --nvcc-kernel {args.nvcc_kernel}"
          f" --repeat {args.repeat}`"
          "\n")
    print("| N | instructions | tile-mlir s | tile-mlir MB | nvcc -ptx s | "
          "nvcc MB | time ratio (tile/nvcc) | memory ratio | "
          f"`{opcode}` in the PTX (tile / nvcc) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for k, n, tile, nv, tfma, nfma, error in rows:
        t = (f"{tile[0]:.2f} | {tile[1]:.0f}" if tile else
             f"failed: {error or 'no diagnostic'} | -")
        v = (f"{nv[0]:.2f} | {nv[1]:.0f}" if nv else
             f"> {args.nvcc_timeout} (stopped) | -")
        ratio = (f"{tile[0] / nv[0]:.2f} | {tile[1] / nv[1]:.2f}"
                 if tile and nv else "- | -")
        # nvcc stops unrolling past some size: its PTX then holds a loop,
        # not N fma instructions, and the row compares different programs.
        fma = f"{tfma} / {nfma if nv else '-'}"
        print(f"| 2^{k} = {n} | {3 * n} | {t} | {v} | {ratio} | {fma} |")


if __name__ == "__main__":
    main()
