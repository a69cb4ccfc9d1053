#!/usr/bin/env python3
"""mma.sync-bound throughput on the GPU, tile-mlir against nvcc, in one run.

Two steps, because the GPU machine has no MLIR:

  bench/mma_throughput.py prepare --tools-dir build/bin --out .carry/mma-bench
      writes, per mma opcode (OPCODES), the tile kernel's PTX
      (tile-translate) and the nvcc kernel's PTX (nvcc -ptx -O3, the same
      instruction as inline asm), here;
  bench/mma_throughput.py run --dir .carry/mma-bench
      on the GPU machine: loads both with cupy, launches each on 1056
      blocks (8 per SM) of 8 warps, and prints a Markdown table of TFLOP/s
      (2 M N K per mma) and the ratio tile/nvcc.

Both kernels of a pair do the same work: each warp keeps CHAINS independent
accumulators (a repeat axis of the d/c tile in tile-mlir, an array in
CUDA C), and in a loop of ITERS iterations issues one mma per chain with
the same a and b fragments, then stores every accumulator. The operands'
shapes come from the instruction table's fragments.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchcli import median_rates, nvcc_pair_main  # noqa: E402

BLOCKS, WARPS = 1056, 8
CHAINS, ITERS = 8, 4096
# The opcodes measured, and the a/b register bits each lane starts with
# (bf16/f16: 1.0 and 2^-14 per element; s8: 1 and 1).
OPCODES = {
    "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32":
        (0x3F803F80, 0x38803880),
    "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32":
        (0x3C003C00, 0x04000400),
    "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32":
        (0x01010101, 0x01010101),
}


def form_of(opcode):
    """The table's form and the M, N, K of `opcode`."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(
        __file__)), "..", "utils"))
    import instr_table
    for form, inst in instr_table.instances("mma"):
        if inst["opcode"] == opcode:
            shape = next(q for q in inst["qualifiers"] if q.startswith("m"))
            m, rest = shape[1:].split("n")
            n, k = rest.split("k")
            return form, int(m), int(n), int(k), instr_table
    sys.exit(f"the instruction table has no {opcode}")


TILE = """module attributes {{gpu.container_module}} {{
  gpu.module @m [#nvvm.target<chip = "sm_90">] {{
    gpu.func @bench(%Out: memref<?x{dc}>, %x: i32, %y: i32, %iters: index) kernel
        attributes {{known_block_size = array<i32: {threads}, 1, 1>}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant {zero} : {dc}
      %a = tile.alloc_local : {at}
      %b = tile.alloc_local : {bt}
      %d = tile.alloc_local : {dt}
{init}
      scf.for %i = %c0 to %iters step %c1 {{
        tile.apply "{op}" (%d, %a, %b, %d) scope(warp) : {dt}, {at}, {bt}, {dt}
      }}
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %cw = arith.constant {threads} : index
      %bt0 = arith.muli %bid, %cw : index
      %t = arith.addi %bt0, %tid : index
      %c32 = arith.constant 32 : index
      %w = arith.divui %t, %c32 : index
      %per = arith.constant {per} : index
      %o = arith.muli %w, %per : index
      %v = memref.subview %Out[%o] [{per}] [1] : memref<?x{dc}> to memref<{per}x{dc}, strided<[1], offset: ?>>
      %e = memref.expand_shape %v [[0, 1, 2]] output_shape [32, {r}, {nd}] : memref<{per}x{dc}, strided<[1], offset: ?>> into memref<32x{r}x{nd}x{dc}, strided<[{rn}, {nd}, 1], offset: ?>>
      tile.apply "{st}" (%e, %d) scope(warp) : memref<32x{r}x{nd}x{dc}, strided<[{rn}, {nd}, 1], offset: ?>>, {dt}
      gpu.return
    }}
  }}
}}
"""

CUDA = """extern "C" __global__ void __launch_bounds__({threads})
bench({t} *__restrict__ Out, unsigned x, unsigned y, long iters) {{
  unsigned a[{na}], b[{nb}];
  {t} d[{r}][{nd}];
#pragma unroll
  for (int j = 0; j < {na}; ++j) a[j] = x;
#pragma unroll
  for (int j = 0; j < {nb}; ++j) b[j] = y;
#pragma unroll
  for (int c = 0; c < {r}; ++c)
#pragma unroll
    for (int j = 0; j < {nd}; ++j) d[c][j] = 0;
  for (long i = 0; i < iters; ++i) {{
#pragma unroll
    for (int c = 0; c < {r}; ++c)
      asm volatile("{asm}" : {outs} : {ins});
  }}
  long t = (long)blockIdx.x * {threads} + threadIdx.x;
  long w = t / 32, lane = t % 32;
#pragma unroll
  for (int c = 0; c < {r}; ++c)
#pragma unroll
    for (int j = 0; j < {nd}; ++j)
      Out[w * {per} + lane * {rn} + c * {nd} + j] = d[c][j];
}}
"""


def write_pair(args, idx, opcode):
    form, m, n, k, table = form_of(opcode)
    d, a, b, c = form["operands"]
    na, nb, nd = a["atom"], b["atom"], d["atom"]
    dc = "f32" if d["type"] == "f32" else "i32"
    dt = f"memref<32x{CHAINS}x{nd}x{dc}, strided<[0, {nd}, 1]>, #tile.reg>"
    at = f"memref<32x{CHAINS}x{na}xi32, strided<[0, 0, 1]>, #tile.reg>"
    bt = f"memref<32x{CHAINS}x{nb}xi32, strided<[0, 0, 1]>, #tile.reg>"
    st = table.move_opcode("st", dc, nd)
    per = 32 * CHAINS * nd
    # The fragments start as a, b and 0 in every lane (each thread's own
    # slots; a and b are shared by the accumulators: stride 0).
    idx_consts = "\n".join(f"      %k{j} = arith.constant {j} : index"
                           for j in range(max(na, nb, nd, CHAINS)))
    stores = [f"      memref.store %x, %a[%k0, %k0, %k{j}] : {at}"
              for j in range(na)]
    stores += [f"      memref.store %y, %b[%k0, %k0, %k{j}] : {bt}"
               for j in range(nb)]
    stores += [f"      memref.store %zero, %d[%k0, %k{ch}, %k{j}] : {dt}"
               for ch in range(CHAINS) for j in range(nd)]
    init = idx_consts + "\n" + "\n".join(stores)
    mlir = os.path.join(args.out, f"tile_{idx}.mlir")
    with open(mlir, "w") as f:
        f.write(TILE.format(op=opcode, na=na, nb=nb, nd=nd, dc=dc, dt=dt,
                            init=init, zero="0.0" if dc == "f32" else "0",
                            at=at, bt=bt, st=st, r=CHAINS, per=per,
                            rn=CHAINS * nd, threads=32 * WARPS))
    subprocess.run([os.path.join(args.tools_dir, "tile-translate"),
                    "--mlir-to-ptx", mlir, "-o",
                    os.path.join(args.out, f"tile_{idx}.ptx")], check=True)
    pos = 0
    groups = []
    for op in (d, a, b, c):
        groups.append("{" + ", ".join(f"%{pos + i}" for i in range(op["atom"]))
                      + "}")
        pos += op["atom"]
    # c is d: tied inputs ("0".."nd-1").
    asm = f"{opcode} {groups[0]}, {groups[1]}, {groups[2]}, " + \
        "{" + ", ".join(f"%{i}" for i in range(nd)) + "};"
    t = "float" if dc == "f32" else "int"
    outs = ", ".join(f'"+{"f" if dc == "f32" else "r"}"(d[c][{j}])'
                     for j in range(nd))
    ins = ", ".join([f'"r"(a[{j}])' for j in range(na)] +
                    [f'"r"(b[{j}])' for j in range(nb)])
    cu = os.path.join(args.out, f"nvcc_{idx}.cu")
    with open(cu, "w") as f:
        f.write(CUDA.format(t=t, na=na, nb=nb, nd=nd, r=CHAINS, asm=asm,
                            outs=outs, ins=ins, per=per, rn=CHAINS * nd,
                            threads=32 * WARPS))
    subprocess.run([args.nvcc, "-ptx", "-O3", "-arch=sm_90", cu, "-o",
                    os.path.join(args.out, f"nvcc_{idx}.ptx")], check=True)
    return {"opcode": opcode, "flops_per_mma": 2 * m * n * k,
            "out_words": BLOCKS * WARPS * per, "float": dc == "f32"}


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    meta = [write_pair(args, i, op) for i, op in enumerate(OPCODES)]
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f)
    print(f"prepared {len(meta)} kernel pairs in {args.out}")


def run(args):
    import cupy as cp
    import numpy as np
    with open(os.path.join(args.dir, "meta.json")) as f:
        meta = json.load(f)
    rows = []
    for idx, m in enumerate(meta):
        x, y = (np.uint32(v) for v in OPCODES[m["opcode"]])
        n = m["out_words"]
        out = cp.zeros(n, dtype=np.float32 if m["float"] else np.int32)
        iters = np.int64(ITERS)
        flops = m["flops_per_mma"] * BLOCKS * WARPS * CHAINS * ITERS
        kernels, result = {}, {}
        for who in ("tile", "nvcc"):
            mod = cp.RawModule(path=os.path.join(args.dir, f"{who}_{idx}.ptx"))
            fn = mod.get_function("bench")
            if who == "tile":
                params = (out, out, np.int64(0), np.int64(n), np.int64(1),
                          x, y, iters)
            else:
                params = (out, x, y, iters)
            out.fill(0)
            fn((BLOCKS,), (32 * WARPS,), params)
            cp.cuda.Device().synchronize()
            result[who + "_check"] = out.copy()
            kernels[who] = (fn, params, [])
        same = bool((result["tile_check"].view(np.int32) ==
                     result["nvcc_check"].view(np.int32)).all())
        result.update(median_rates({w: k[:2] for w, k in kernels.items()},
                                   (BLOCKS,), (32 * WARPS,), args.rounds, flops))
        rows.append((m["opcode"], result, same))
    props = cp.cuda.runtime.getDeviceProperties(0)
    print(f"GPU: {props['name'].decode()}; {BLOCKS} blocks x {WARPS} warps, "
          f"{CHAINS} accumulators per warp, {ITERS} iterations; median of "
          f"{args.rounds} rounds (best of 3 launches each, alternating)\n")
    print("| opcode | tile-mlir TFLOP/s | nvcc TFLOP/s | ratio | same bits |")
    print("|---|---|---|---|---|")
    for op, r, same in rows:
        print(f"| `{op}` | {r['tile']:.1f} | {r['nvcc']:.1f} | "
              f"{r['tile'] / r['nvcc']:.3f} | {'yes' if same else 'no'} |")


if __name__ == "__main__":
    sys.exit(nvcc_pair_main(__doc__, prepare, run))
