#!/usr/bin/env python3
"""FMA-bound throughput on the GPU, tile-mlir against nvcc, in one run.

Two steps, because the GPU machine has no MLIR:

  bench/gpu_throughput.py prepare --tools-dir build/bin --out .carry/bench
      writes, per type (f32, f64, f16x2, bf16x2), the tile kernel's PTX
      (tile-translate) and the nvcc kernel's PTX (nvcc -ptx -O3), here;
  bench/gpu_throughput.py run --dir .carry/bench
      on the GPU machine: loads both with cupy, launches each on 1056 blocks
      of 256 threads, times 5 launches with CUDA events after a warm-up, and
      prints a Markdown table of TFLOP/s (2 flops per fma lane) and the
      ratio tile/nvcc.

Both kernels do the same work: 8 independent fma chains per thread (a
register tile of 8 x 1 in tile-mlir, a float[8] array in CUDA C), 4 tile
operations (32 fmas) per loop iteration, then one store per register.
The kernels are timed in alternating rounds (median of 9 by default).
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchcli import two_step_parser  # noqa: E402

BLOCKS, THREADS, ITERS = 1056, 256, 8192

# PTX type: (CUDA type, CUDA fma, CUDA header). The fma opcode, the register
# container, the lanes per fma, the store opcode and the peak rate come from
# the instruction table.
TYPES = {
    "f32": ("float", "__fmaf_rn(r[j], a, b)", ""),
    "f64": ("double", "__fma_rn(r[j], a, b)", ""),
    "f16x2": ("__half2", "__hfma2(r[j], a, b)", "#include <cuda_fp16.h>"),
    "bf16x2": ("__nv_bfloat162", "__hfma2(r[j], a, b)",
               "#include <cuda_bf16.h>"),
}


def table_facts(ptx_type):
    """For the fma on `ptx_type`, from the instruction table: its opcode (the
    first instance of the first fma form of that one type: the plain
    round-to-nearest fma), the MLIR element type that holds its destination
    (its float type where the table allows one, else the integer of its
    width), the table's st opcode for it, the lanes, and the peak rates by
    SM."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(
        __file__)), "..", "utils"))
    import instr_table
    for form, inst in instr_table.instances("fma"):
        if form["types"] == [ptx_type]:
            t = instr_table.types()[ptx_type]
            c = (t["float_containers"][0] if t["float_containers"]
                 else f"i{t['bits']}")
            return (inst["opcode"], c, instr_table.move_opcode("st", c),
                    t["lanes"], instr_table.peak_rates("fma", ptx_type))
    sys.exit(f"the instruction table has no fma on {ptx_type}")


TILE = """module attributes {{gpu.container_module}} {{
  gpu.module @m [#nvvm.target<chip = "sm_90">] {{
    gpu.func @bench(%Out: memref<?x{c}>, %a: {c}, %b: {c}, %iters: index) kernel
        attributes {{known_block_size = array<i32: 256, 1, 1>}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %r = tile.alloc_local : memref<8x1x{c}, #tile.reg>
{init}
      scf.for %i = %c0 to %iters step %c1 {{
{body}
      }}
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %bt = arith.muli %bid, %c256 : index
      %t = arith.addi %bt, %tid : index
      %o = arith.muli %t, %c8 : index
      %v = memref.subview %Out[%o] [8] [1] : memref<?x{c}> to memref<8x{c}, strided<[1], offset: ?>>
      %e = memref.expand_shape %v [[0, 1]] output_shape [8, 1] : memref<8x{c}, strided<[1], offset: ?>> into memref<8x1x{c}, strided<[1, 1], offset: ?>>
      tile.apply "{st}" (%e, %r) scope(thread) : memref<8x1x{c}, strided<[1, 1], offset: ?>>, memref<8x1x{c}, #tile.reg>
      gpu.return
    }}
  }}
}}
"""

CUDA = """{header}
extern "C" __global__ void __launch_bounds__(256)
bench({t} *__restrict__ Out, {t} a, {t} b, long iters) {{
  {t} r[8];
#pragma unroll
  for (int j = 0; j < 8; ++j) r[j] = a;
#pragma unroll 1
  for (long i = 0; i < iters; ++i) {{
#pragma unroll
    for (int k = 0; k < 4; ++k) {{
#pragma unroll
      for (int j = 0; j < 8; ++j) r[j] = {fma};
    }}
  }}
  long t = (long)blockIdx.x * 256 + threadIdx.x;
#pragma unroll
  for (int j = 0; j < 8; ++j) Out[t * 8 + j] = r[j];
}}
"""


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    meta = {}
    for name, (t, fma, header) in TYPES.items():
        op, c, st, lanes, rates = table_facts(name)
        init = "\n".join(
            f"      %i{j} = arith.constant {j} : index\n"
            f"      memref.store %a, %r[%i{j}, %c0] : memref<8x1x{c}, #tile.reg>"
            for j in range(8))
        body = "\n".join(
            f'        tile.apply "{op}" (%r, %r, %a, %b) scope(thread) : '
            f"memref<8x1x{c}, #tile.reg>, memref<8x1x{c}, #tile.reg>, {c}, {c}"
            for _ in range(4))
        mlir = os.path.join(args.out, f"tile_{name}.mlir")
        with open(mlir, "w") as f:
            f.write(TILE.format(c=c, st=st, init=init, body=body))
        subprocess.run([os.path.join(args.tools_dir, "tile-translate"),
                        "--mlir-to-ptx", mlir, "-o",
                        os.path.join(args.out, f"tile_{name}.ptx")],
                       check=True)
        cu = os.path.join(args.out, f"nvcc_{name}.cu")
        with open(cu, "w") as f:
            f.write(CUDA.format(header=header, t=t, fma=fma))
        subprocess.run([args.nvcc, "-ptx", "-O3", "-arch=sm_90", cu, "-o",
                        os.path.join(args.out, f"nvcc_{name}.ptx")],
                       check=True)
        meta[name] = {"lanes": lanes, "container": c, "peak_rates": rates}
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f)
    print(f"prepared {len(TYPES)} kernel pairs in {args.out}")


def run(args):
    import cupy as cp
    import numpy as np
    with open(os.path.join(args.dir, "meta.json")) as f:
        meta = json.load(f)
    scalars = {"f32": (np.float32(1.0000001), np.float32(1e-7)),
               "f64": (np.float64(1.0000001), np.float64(1e-7)),
               # {1.0, 1.0} and {2^-14, 2^-14} as half2 / bf162 bits.
               "f16x2": (np.uint32(0x3C003C00), np.uint32(0x04000400)),
               "bf16x2": (np.uint32(0x3F803F80), np.uint32(0x38803880))}
    n = BLOCKS * THREADS * 8
    rows = []
    for name, m in meta.items():
        a, b = scalars[name]
        dtype = {"f32": np.float32, "f64": np.float64}.get(name, np.uint32)
        out = cp.zeros(n, dtype=dtype)
        flops = 2 * m["lanes"] * BLOCKS * THREADS * 8 * 4 * ITERS
        kernels, result = {}, {}
        for who in ("tile", "nvcc"):
            mod = cp.RawModule(path=os.path.join(args.dir, f"{who}_{name}.ptx"))
            fn = mod.get_function("bench")
            if who == "tile":
                # The memref descriptor: allocated, aligned, offset, size,
                # stride; then a, b and the iteration count.
                params = (out, out, np.int64(0), np.int64(n), np.int64(1),
                          a, b, np.int64(ITERS))
            else:
                params = (out, a, b, np.int64(ITERS))
            fn((BLOCKS,), (THREADS,), params)
            cp.cuda.Device().synchronize()
            result[who + "_check"] = int(out[:8].view(np.uint8).sum())
            kernels[who] = (fn, params, [])
        # Rounds alternate which kernel goes first; each round keeps the
        # best of 3 launches; the table gives the median round.
        start, end = cp.cuda.Event(), cp.cuda.Event()
        for rnd in range(args.rounds):
            order = ("tile", "nvcc") if rnd % 2 == 0 else ("nvcc", "tile")
            for who in order:
                fn, params, times = kernels[who]
                best = None
                for _ in range(3):
                    start.record()
                    fn((BLOCKS,), (THREADS,), params)
                    end.record()
                    end.synchronize()
                    ms = cp.cuda.get_elapsed_time(start, end)
                    best = ms if best is None else min(best, ms)
                times.append(best)
        for who, (_, _, times) in kernels.items():
            times.sort()
            result[who] = flops / (times[len(times) // 2] * 1e-3) / 1e12
        rows.append((name, result))
    props = cp.cuda.runtime.getDeviceProperties(0)
    attrs = cp.cuda.Device(0).attributes
    sms = attrs["MultiProcessorCount"]
    khz = attrs.get("ClockRate") or props.get("clockRate")
    cc = (props["major"], props["minor"])
    print(f"GPU: {props['name'].decode()}, {sms} SMs at {khz / 1e6:.2f} GHz "
          f"(compute capability {cc[0]}.{cc[1]}); "
          f"{BLOCKS} blocks x {THREADS} threads, 8 chains, "
          f"{4 * ITERS} fmas per chain; median of {args.rounds} rounds "
          "(best of 3 launches each, the two kernels alternating)\n")
    print("| type | tile-mlir TFLOP/s | nvcc TFLOP/s | ratio | peak TFLOP/s "
          "| tile-mlir / peak | nvcc / peak | same result |")
    print("|---|---|---|---|---|---|---|---|")
    for name, r in rows:
        same = "yes" if r["tile_check"] == r["nvcc_check"] else "no"
        # The table's peak rate for this chip (JSON keys are strings).
        rate = meta[name]["peak_rates"].get(str(cc[0] * 10 + cc[1]))
        peak = 2 * rate * sms * khz * 1e3 / 1e12 if rate else None
        p = (f"{peak:.1f} | {r['tile'] / peak:.2f} | {r['nvcc'] / peak:.2f}"
             if peak else "- | - | -")
        print(f"| {name} | {r['tile']:.1f} | {r['nvcc']:.1f} | "
              f"{r['tile'] / r['nvcc']:.3f} | {p} | {same} |")


def main():
    ap, _, p, r = two_step_parser(__doc__)
    p.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    r.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args()
    return prepare(args) if args.cmd == "prepare" else run(args)


if __name__ == "__main__":
    sys.exit(main())
