#!/usr/bin/env python3
"""bf16 GEMM on the Hopper asynchronous path: examples/gemm_wgmma.py's
warp-specialized TMA + wgmma kernels (tile IR) against cuBLAS, in one run.

Two steps, because the GPU machine has no MLIR:

  bench/gemm_wgmma.py prepare --tools-dir build/bin --out .carry/gemm-wgmma
      generates each variant of VARIANTS (examples/gemm_wgmma.py --no-main),
      writes its PTX (tile-translate) and meta.json: the variants' tile
      shapes and shared-memory bytes, and the tensor-map swizzle code of
      the 128-byte swizzle from the instruction table's export;
  bench/gemm_wgmma.py run --dir .carry/gemm-wgmma
      on the GPU machine: C (bf16) = A Bt^T for each shape of SHAPES, A
      (M x K) and Bt (N x K) bf16 with entries uniform in [-1, 1). Tensor
      maps through the Driver API (cuTensorMapEncodeTiled, via ctypes).
      Checks that every variant gives the same bits (they accumulate in the
      same order) and their error against torch's f32 product, then times
      the variants and cuBLAS (torch.matmul of the same operands, bf16 out)
      in alternating rounds and prints a Markdown table of TFLOP/s. With
      --record FILE, first a small random GEMM of the first variant for
      `tile-mma-check FILE` (here): its C against the reference's chain of
      wgmma.mma_async, bit for bit.
"""
import ctypes
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchcli import median_rates, two_step_parser  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# name: (BN, stages, BK, persistent, group_m). A kernel that is not
# persistent is the same kernel launched with one CTA per output tile; a
# persistent one is launched with one CTA per SM.
VARIANTS = {"ws-128x128-s6": (128, 6, 64, False, 8),
            "ws-128x256-s4": (256, 4, 64, False, 8),
            "ws-128x256-s4-persistent": (256, 4, 64, True, 8),
            "ws-128x256-bk32-s8-persistent": (256, 8, 32, True, 8)}
# --sweep adds these (design choices around the best variant).
SWEEP = {"ws-128x256-s3-persistent": (256, 3, 64, True, 8),
         "ws-128x256-bk32-s9-persistent": (256, 9, 32, True, 8),
         "ws-128x256-bk32-s6-persistent": (256, 6, 32, True, 8),
         "ws-128x256-s4-persistent-g16": (256, 4, 64, True, 16)}
BM, THREADS = 128, 384
# cuda.h: CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, no interleave, L2 promotion
# 256B, out-of-bounds elements zero.
BF16, NO_INTERLEAVE, L2_256B, OOB_ZERO = 9, 0, 3, 0


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    table = json.loads(subprocess.run(
        [os.path.join(args.tools_dir, "tile-ptx-forms"), "--json"],
        check=True, capture_output=True, text=True).stdout)
    swizzles = {m["name"]: m["tensor_map"] for m in table["swizzle_modes"]}
    meta = {"variants": {}}
    gen = os.path.join(ROOT, "examples", "gemm_wgmma.py")
    variants = dict(VARIANTS, **(SWEEP if args.sweep else {}))
    for name, (bn, stages, bk, persistent, group_m) in variants.items():
        design = ["--bn", str(bn), "--stages", str(stages), "--bk", str(bk),
                  "--group-m", str(group_m)]
        mlir = os.path.join(args.out, f"{name}.mlir")
        with open(mlir, "w") as f:
            subprocess.run([sys.executable, gen, "--no-main"] + design,
                           check=True, stdout=f)
        subprocess.run([os.path.join(args.tools_dir, "tile-translate"),
                        "--mlir-to-ptx", mlir, "-o",
                        os.path.join(args.out, f"{name}.ptx")], check=True)
        shared = int(subprocess.run(
            [sys.executable, gen, "--shared-bytes"] + design, check=True,
            capture_output=True, text=True).stdout)
        meta["variants"][name] = {
            "mma": f"wgmma.mma_async.sync.aligned.m64n{bn}k16.f32.bf16.bf16",
            "bn": bn, "bk": bk, "shared": shared, "persistent": persistent,
            # The 128-byte swizzle for rows of 64 bf16, 64-byte for 32.
            "swizzle": swizzles[f"{2 * bk}B"]}
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
    print(f"prepared {len(variants)} GEMM variants in {args.out}")


class TensorMaps:
    """cuTensorMapEncodeTiled through ctypes; each map copied to a 128-byte
    device buffer (the kernels take it as memref<128xi8>)."""

    def __init__(self):
        self.cuda = ctypes.CDLL("libcuda.so.1")
        self.keep = []

    def encode(self, t, box_rows, box_cols, swizzle):
        """The map of 2-D bf16 tensor t (row-major), box of box_rows rows
        of box_cols columns, swizzled as the tensor-map number `swizzle`
        says."""
        import cupy as cp
        import numpy as np
        u64, u32 = ctypes.c_uint64, ctypes.c_uint32
        rows, cols = t.shape
        m = (ctypes.c_uint8 * 128)()
        dims = (u64 * 2)(cols, rows)
        strides = (u64 * 1)(t.stride(0) * 2)
        box = (u32 * 2)(box_cols, box_rows)
        ones = (u32 * 2)(1, 1)
        rc = self.cuda.cuTensorMapEncodeTiled(
            ctypes.byref(m), BF16, 2, ctypes.c_void_p(t.data_ptr()), dims,
            strides, box, ones, NO_INTERLEAVE, swizzle, L2_256B,
            OOB_ZERO)
        if rc != 0:
            raise RuntimeError(f"cuTensorMapEncodeTiled failed: {rc}")
        dev = cp.asarray(np.frombuffer(bytes(m), dtype=np.uint8))
        self.keep.append(dev)
        p = np.uint64(dev.data.ptr)
        return (p, p, np.int64(0), np.int64(128), np.int64(1))


def kernels(args, meta):
    import cupy as cp
    fns = {}
    for name, v in meta["variants"].items():
        mod = cp.RawModule(path=os.path.join(args.dir, f"{name}.ptx"))
        fn = mod.get_function("gemm_wgmma")
        fn.max_dynamic_shared_size_bytes = v["shared"]
        fns[name] = (fn, v)
    return fns


def measure(fns, maps, shape, rounds):
    import numpy as np
    import torch
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    m, n, k = shape
    gen = torch.Generator(device="cuda").manual_seed(m + n + k)
    a = (torch.rand(m, k, device="cuda", generator=gen) * 2 - 1).bfloat16()
    bt = (torch.rand(n, k, device="cuda", generator=gen) * 2 - 1).bfloat16()
    timed, outs = {}, {}
    for name, (fn, v) in fns.items():
        if m % BM or n % v["bn"] or k % v["bk"]:
            continue
        c = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        c32 = c.view(torch.int32)
        p = c32.data_ptr()
        params = (maps.encode(a, BM, v["bk"], v["swizzle"]) +
                  maps.encode(bt, v["bn"], v["bk"], v["swizzle"]) +
                  (np.uint64(p), np.uint64(p), np.int64(0), np.int64(m),
                   np.int64(n // 2), np.int64(n // 2), np.int64(1),
                   np.int32(k)))
        tiles = (m // BM) * (n // v["bn"])
        grid = (min(tiles, sms) if v["persistent"] else tiles,)

        def launch(g, b, prm, fn=fn, grid=grid, shared=v["shared"]):
            fn(grid, (THREADS,), prm, shared_mem=shared)
        launch(None, None, params)
        timed[name] = (launch, params)
        outs[name] = c
    torch.cuda.synchronize()
    first = next(iter(outs.values()))
    same = all(torch.equal(o.view(torch.int16), first.view(torch.int16))
               for o in outs.values())
    torch.backends.cuda.matmul.allow_tf32 = False
    want = a.float() @ bt.float().t()
    err = ((first.float() - want).abs().max() / want.abs().max()).item()
    cb = torch.matmul(a, bt.t())
    timed["cublas"] = (lambda g, b, p: torch.matmul(a, bt.t(), out=cb), ())
    cerr = ((cb.float() - want).abs().max() / want.abs().max()).item()
    rates = median_rates(timed, None, None, rounds, 2.0 * m * n * k)
    return rates, same, err, cerr


def record(fns, maps, path, shape=(256, 512, 1024)):
    """Runs the first variant on a small random GEMM and writes a GEMMWGMMA1
    recording for `tile-mma-check`: its wgmma opcode, the conversion the
    epilogue applies to each f32 (cvt.rn.bf16x2.f32 rounds each half as
    cvt.rn.bf16.f32 does), M N K, then A, Bt and C's bits."""
    import numpy as np
    import torch
    name, (fn, v) = next(iter(fns.items()))
    m, n, k = shape
    gen = torch.Generator(device="cuda").manual_seed(7)
    a = (torch.rand(m, k, device="cuda", generator=gen) * 2 - 1).bfloat16()
    bt = (torch.rand(n, k, device="cuda", generator=gen) * 2 - 1).bfloat16()
    c = torch.zeros(m, n, device="cuda", dtype=torch.bfloat16)
    p = c.data_ptr()
    params = (maps.encode(a, BM, v["bk"], v["swizzle"]) +
              maps.encode(bt, v["bn"], v["bk"], v["swizzle"]) +
              (np.uint64(p), np.uint64(p), np.int64(0), np.int64(m),
               np.int64(n // 2), np.int64(n // 2), np.int64(1), np.int32(k)))
    fn(((m // BM) * (n // v["bn"]),), (THREADS,), params, shared_mem=v["shared"])
    torch.cuda.synchronize()
    with open(path, "wb") as f:
        f.write(f"GEMMWGMMA1\n{v['mma']}\ncvt.rn.bf16.f32\n".encode())
        f.write(np.array(shape, dtype=np.uint32).tobytes())
        for t in (a, bt, c):
            f.write(t.view(torch.int16).cpu().numpy().tobytes())
    print(f"recorded {name} on {m} x {n} x {k} in {path}")


def run(args):
    import torch
    with open(os.path.join(args.dir, "meta.json")) as f:
        meta = json.load(f)
    fns = kernels(args, meta)
    maps = TensorMaps()
    if args.record:
        record(fns, maps, args.record)
    names = list(fns)
    print(f"GPU: {torch.cuda.get_device_name()}; median of {args.rounds} "
          "alternating rounds, best of 3 launches each\n")
    print("| M x N x K | " + " | ".join(f"{w} TFLOP/s" for w in names) +
          " | cuBLAS TFLOP/s | best / cuBLAS | same bits | max error / max "
          "abs (tile, cuBLAS) |")
    print("|---" * (len(names) + 5) + "|")
    ok = True
    for shape in SHAPES:
        r, same, err, cerr = measure(fns, maps, shape, args.rounds)
        best = max(r[w] for w in names if w in r)
        cells = " | ".join(f"{r[w]:.1f}" if w in r else "-" for w in names)
        print(f"| {shape[0]} x {shape[1]} x {shape[2]} | {cells} | "
              f"{r['cublas']:.1f} | {best / r['cublas']:.3f} | "
              f"{'yes' if same else 'no'} | {err:.2e}, {cerr:.2e} |")
        ok = ok and same and err < 1e-2
    print("\nGEMM-WGMMA " + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


def main():
    ap, _, p, r = two_step_parser(__doc__)
    p.add_argument("--sweep", action="store_true",
                   help="also the design-sweep variants (SWEEP)")
    r.add_argument("--rounds", type=int, default=9)
    r.add_argument("--record", metavar="FILE",
                   help="also write a GEMM recording for tile-mma-check")
    args = ap.parse_args()
    return prepare(args) if args.cmd == "prepare" else run(args)


if __name__ == "__main__":
    sys.exit(main())
