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
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "utils"))
from benchcli import median_rates, two_step_parser  # noqa: E402
# Tensor maps by value (the -gc variants) need cuLaunchKernel itself.
from cuda_driver import DriverKernel  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# name: the generator's design (examples/gemm_wgmma.py: bn, stages, bk,
# group_m, dtype) and whether the kernel is launched persistent (one CTA
# per SM) or with one CTA per output tile.


def variant(bn, stages, bk, persistent, group_m=8, dtype="bf16", cluster=1,
            epilogue="st", setmaxnreg=False, split_k=1, grid_constant=False):
    return {"bn": bn, "stages": stages, "bk": bk, "persistent": persistent,
            "group_m": group_m, "dtype": dtype, "cluster": cluster,
            "epilogue": epilogue, "setmaxnreg": setmaxnreg,
            "split_k": split_k, "grid_constant": grid_constant}


VARIANTS = {
    "ws-128x128-s6": variant(128, 6, 64, False),
    "ws-128x256-s4": variant(256, 4, 64, False),
    "ws-128x256-s4-persistent": variant(256, 4, 64, True),
    "ws-128x256-bk32-s8-persistent": variant(256, 8, 32, True),
    "ws-128x256-s4-cluster2": variant(256, 4, 64, False, cluster=2),
    "ws-128x256-s4-cluster2-persistent": variant(256, 4, 64, True,
                                                 cluster=2),
    "ws-128x256-bk32-s8-cluster2-persistent": variant(256, 8, 32, True,
                                                      cluster=2),
    "ws-128x256-s4-persistent-maxnreg": variant(256, 4, 64, True,
                                                setmaxnreg=True),
    "ws-128x256-s4-persistent-tma": variant(256, 4, 64, True,
                                            epilogue="tma"),
    # -gc: the tensor maps passed by value (tile.grid_constant), as
    # CUTLASS passes them, instead of as pointers to device memory.
    "ws-128x256-s4-persistent-tma-gc": variant(256, 4, 64, True,
                                               epilogue="tma",
                                               grid_constant=True),
    "ws-128x256-s4-cluster2-persistent-tma": variant(
        256, 4, 64, True, cluster=2, epilogue="tma"),
    "ws-128x256-s4-persistent-splitk2": variant(256, 4, 64, True,
                                                split_k=2),
    "fp8-128x256-s4-persistent": variant(256, 4, 128, True, dtype="e4m3"),
    "fp8-128x256-s4-persistent-tma": variant(256, 4, 128, True,
                                             dtype="e4m3", epilogue="tma"),
    "fp8-128x256-s4-persistent-tma-gc": variant(256, 4, 128, True,
                                                dtype="e4m3", epilogue="tma",
                                                grid_constant=True),
    "fp8-128x256-s4-persistent-splitk2": variant(256, 4, 128, True,
                                                 dtype="e4m3", split_k=2),
    "fp8-128x256-bk64-s8-persistent": variant(256, 8, 64, True,
                                              dtype="e4m3"),
    "fp8-128x256-s4-cluster2-persistent": variant(256, 4, 128, True,
                                                  dtype="e4m3", cluster=2),
}
# --sweep adds these (design choices around the best variant).
SWEEP = {
    "ws-128x256-s3-persistent": variant(256, 3, 64, True),
    "ws-128x256-bk32-s9-persistent": variant(256, 9, 32, True),
    "ws-128x256-bk32-s6-persistent": variant(256, 6, 32, True),
    "ws-128x256-s4-persistent-g16": variant(256, 4, 64, True, 16),
}
SHAPES = ((4096, 4096, 4096), (8192, 8192, 8192), (256, 8192, 8192))
BM, THREADS = 128, 384
# Launches per timing (median_rates' repeat).
LAUNCHES = 5
# cuda.h: CUtensorMapDataType of each dtype (UINT8 carries e4m3's bytes),
# no interleave, L2 promotion 256B, out-of-bounds elements zero. The box,
# swizzle and data type are the generator's (--print-maps: its layouts and
# the table's codes).
NO_INTERLEAVE, L2_256B, OOB_ZERO = 0, 3, 0


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    table = json.loads(subprocess.run(
        [os.path.join(args.tools_dir, "tile-ptx-forms"), "--json"],
        check=True, capture_output=True, text=True).stdout)
    meta = {"variants": {}}
    gen = os.path.join(ROOT, "examples", "gemm_wgmma.py")
    variants = dict(VARIANTS, **(SWEEP if args.sweep else {}))
    if args.only:
        # In the order given: the first of each element type is recorded.
        variants = {k: variants[k] for k in args.only.split(",")
                    if k in variants}
        if not variants:
            raise SystemExit(f"no variant named in --only {args.only}")
    for name, v in variants.items():
        design = [f"--{key.replace('_', '-')}={v[key]}"
                  for key in ("bn", "stages", "bk", "group_m", "dtype",
                              "cluster", "epilogue", "split_k")]
        design += ["--setmaxnreg"] if v["setmaxnreg"] else []
        design += ["--grid-constant"] if v.get("grid_constant") else []
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
        mma = subprocess.run(
            [sys.executable, gen, "--print-mma"] + design, check=True,
            capture_output=True, text=True).stdout.strip()
        table_json = os.path.join(args.out, "instr_table.json")
        with open(table_json, "w") as f:
            json.dump(table, f)
        maps = json.loads(subprocess.run(
            [sys.executable, gen, "--print-maps", "--table", table_json] +
            design, check=True, capture_output=True, text=True).stdout)
        os.remove(table_json)
        meta["variants"][name] = dict(v, mma=mma, shared=shared, maps=maps)
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
    print(f"prepared {len(variants)} GEMM variants in {args.out}")


class TensorMaps:
    """cuTensorMapEncodeTiled through ctypes; each map copied to a 128-byte
    device buffer (the kernels take it as memref<128xi8>)."""

    def __init__(self):
        self.cuda = ctypes.CDLL("libcuda.so.1")
        self.keep = []

    def encode(self, t, spec, by_value=False):
        """The map of 2-D tensor t (row-major) as `spec` (one of the
        generator's --print-maps) says: box, swizzle and data type; its
        128 bytes themselves `by_value` (a grid-constant parameter), else
        its device buffer's memref<128xi8> descriptor."""
        import cupy as cp
        import numpy as np
        u64, u32 = ctypes.c_uint64, ctypes.c_uint32
        rows, cols = t.shape
        m = (ctypes.c_uint8 * 128)()
        dims = (u64 * 2)(cols, rows)
        strides = (u64 * 1)(t.stride(0) * t.element_size())
        box = (u32 * 2)(spec["box_cols"], spec["box_rows"])
        ones = (u32 * 2)(1, 1)
        rc = self.cuda.cuTensorMapEncodeTiled(
            ctypes.byref(m), spec["data_type"], 2,
            ctypes.c_void_p(t.data_ptr()), dims, strides, box, ones,
            NO_INTERLEAVE, spec["swizzle"], L2_256B, OOB_ZERO)
        if rc != 0:
            raise RuntimeError(f"cuTensorMapEncodeTiled failed: {rc}")
        if by_value:
            return (bytes(m),)
        dev = cp.asarray(np.frombuffer(bytes(m), dtype=np.uint8))
        self.keep.append(dev)
        p = np.uint64(dev.data.ptr)
        return (p, p, np.int64(0), np.int64(128), np.int64(1))


def kernels(args, meta):
    """name: (the GEMM kernel, variant); a split-K variant's also carries
    its @splitk_sum kernel."""
    import cupy as cp
    fns = {}
    for name, v in meta["variants"].items():
        path = os.path.join(args.dir, f"{name}.ptx")
        mod = cp.RawModule(path=path)
        fn = mod.get_function("gemm_wgmma")
        fn.max_dynamic_shared_size_bytes = v["shared"]
        if v.get("grid_constant"):
            fn = DriverKernel(path, "gemm_wgmma", v["shared"])
        if v.get("split_k", 1) > 1:
            v = dict(v, sum_fn=mod.get_function("splitk_sum"))
        fns[name] = (fn, v)
    return fns


def memref2(ptr, rows, cols):
    """The memref<?x?x...> descriptor of a row-major rows x cols tensor."""
    import numpy as np
    return (np.uint64(ptr), np.uint64(ptr), np.int64(0), np.int64(rows),
            np.int64(cols), np.int64(cols), np.int64(1))


def operands(dtype, m, n, k, seed):
    """A (m x k) and Bt (n x k) with entries uniform in [-1, 1), of dtype."""
    import torch
    gen = torch.Generator(device="cuda").manual_seed(seed)
    to = torch.bfloat16 if dtype == "bf16" else torch.float8_e4m3fn
    a = (torch.rand(m, k, device="cuda", generator=gen) * 2 - 1).to(to)
    bt = (torch.rand(n, k, device="cuda", generator=gen) * 2 - 1).to(to)
    return a, bt


def launcher(fn, v, maps, a, bt, c, persistent):
    """(launch, params) of variant v computing c = a bt^T."""
    import numpy as np
    import torch
    m, n, k = a.shape[0], bt.shape[0], a.shape[1]
    p = c.data_ptr()
    split = v.get("split_k", 1)
    # The TMA-store epilogue's kernels take C's map after Bt's; a split-K
    # kernel writes split slices of f32 partial sums (the workspace w)
    # that @splitk_sum adds into C.
    w = (torch.empty(split * m, n, device="cuda", dtype=torch.float32)
         if split > 1 else None)
    out = memref2(w.data_ptr(), split * m, n) if w is not None else \
        memref2(p, m, n // 2)
    gc = v.get("grid_constant", False)
    params = (maps.encode(a, v["maps"]["A"], gc) +
              maps.encode(bt, v["maps"]["B"], gc) +
              (maps.encode(c, v["maps"]["C"], gc) if "C" in v["maps"]
               else ()) + out + (np.int32(k),))
    units = (m // BM) * (n // v["bn"]) * split
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    # Whole clusters: a persistent kernel gets as many as fit the SMs.
    cl = v["cluster"]
    grid = (min(units, sms // cl * cl) if persistent else units,)
    sum_params = (memref2(w.data_ptr(), split * m, n) + memref2(p, m, n // 2)
                  if w is not None else ())
    sum_grid = ((m * n // 8 + 255) // 256,)

    def launch(g, b, prm):
        fn(grid, (THREADS,), prm, shared_mem=v["shared"])
        if w is not None:
            v["sum_fn"](sum_grid, (256,), sum_params)
    return launch, params


def vendor(dtype, a, bt, fast=False):
    """cuBLAS's product of the same operands with a bf16 result:
    torch.matmul for bf16, torch._scaled_mm (cuBLASLt, unit scales) for
    e4m3; with `fast`, cuBLASLt's fast accumulation (no promotion of the
    tensor cores' partial sums to f32 registers, as the tile kernels)."""
    import torch
    if dtype == "bf16":
        return lambda out: torch.matmul(a, bt.t(), out=out)
    one = torch.ones((), device="cuda")

    def scaled(out):
        r = torch._scaled_mm(a, bt.t(), scale_a=one, scale_b=one,
                             out_dtype=torch.bfloat16, use_fast_accum=fast)
        # Older torch returns (result, amax).
        out.copy_(r[0] if isinstance(r, tuple) else r)
    return scaled


def measure(fns, maps, dtype, shape, rounds):
    import torch
    m, n, k = shape
    a, bt = operands(dtype, m, n, k, m + n + k)
    timed, outs = {}, {}
    for name, (fn, v) in fns.items():
        if m % (BM * v["cluster"]) or n % v["bn"] or \
                k % (v["bk"] * v.get("split_k", 1)):
            continue
        c = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
        launch, params = launcher(fn, v, maps, a, bt, c, v["persistent"])
        launch(None, None, params)
        timed[name] = (launch, params)
        outs[name] = c
    torch.cuda.synchronize()
    # Variants that split K alike accumulate in the same order.
    first = {}
    for name, o in outs.items():
        first.setdefault(fns[name][1].get("split_k", 1), o)
    same = all(torch.equal(o.view(torch.int16),
                           first[fns[w][1].get("split_k", 1)].view(torch.int16))
               for w, o in outs.items())
    first = first[min(first)]
    torch.backends.cuda.matmul.allow_tf32 = False
    want = a.float() @ bt.float().t()
    err = ((first.float() - want).abs().max() / want.abs().max()).item()
    cb = torch.empty(m, n, device="cuda", dtype=torch.bfloat16)
    product = vendor(dtype, a, bt)
    product(cb)
    timed["cublas"] = (lambda g, b, p: product(cb), ())
    if dtype != "bf16":
        fast = vendor(dtype, a, bt, fast=True)
        cf = torch.empty_like(cb)
        timed["cublas-fast"] = (lambda g, b, p: fast(cf), ())
    cerr = ((cb.float() - want).abs().max() / want.abs().max()).item()
    # Each timing is of LAUNCHES back to back: a kernel launched through
    # ctypes (the -gc variants) takes longer to issue than one through CuPy
    # or cuBLAS, and a single launch would time that too.
    rates = median_rates(timed, None, None, rounds, 2.0 * m * n * k,
                         repeat=LAUNCHES)
    return rates, same, err, cerr


def record(fns, maps, path, name, shape=(256, 512, 1024)):
    """Runs variant `name` of `fns` on a small random GEMM and writes a
    recording for `tile-mma-check`: GEMMWGMMA1, its wgmma opcode, the
    conversion the epilogue applies to each f32 (cvt.rn.bf16x2.f32 rounds
    each half as cvt.rn.bf16.f32 does), M N K, then A, Bt and C's bits.
    A split-K variant's is GEMMWGMMA2, with the f32 addition that sums the
    slices (add.rn.f32) after the conversion and the split after K."""
    import numpy as np
    import torch
    fn, v = fns[name]
    split = v.get("split_k", 1)
    m, n, k = shape
    a, bt = operands(v["dtype"], m, n, k, 7)
    c = torch.zeros(m, n, device="cuda", dtype=torch.bfloat16)
    launch, params = launcher(fn, v, maps, a, bt, c, False)
    launch(None, None, params)
    torch.cuda.synchronize()
    with open(path, "wb") as f:
        if split > 1:
            f.write(f"GEMMWGMMA2\n{v['mma']}\ncvt.rn.bf16.f32\n"
                    "add.rn.f32\n".encode())
            f.write(np.array(shape + (split,), dtype=np.uint32).tobytes())
        else:
            f.write(f"GEMMWGMMA1\n{v['mma']}\ncvt.rn.bf16.f32\n".encode())
            f.write(np.array(shape, dtype=np.uint32).tobytes())
        for t in (a, bt, c):
            bits = torch.uint8 if t.element_size() == 1 else torch.int16
            f.write(t.view(bits).cpu().numpy().tobytes())
    print(f"recorded {name} on {m} x {n} x {k} in {path}")


def table(fns, maps, dtype, rounds):
    """Prints the Markdown table of the variants of `dtype`; whether every
    shape passed."""
    names = list(fns)
    vendor_name = "cuBLAS" if dtype == "bf16" else "cuBLASLt"
    print(f"\n{dtype} operands, bf16 C, f32 accumulation\n")
    fast = (f" | {vendor_name} fast-accum TFLOP/s | best / fast-accum"
            if dtype != "bf16" else "")
    print("| M x N x K | " + " | ".join(f"{w} TFLOP/s" for w in names) +
          f" | {vendor_name} TFLOP/s | best / {vendor_name}{fast} | same "
          f"bits | max error / max abs (tile, {vendor_name}) |")
    print("|---" * (len(names) + 5 + (2 if fast else 0)) + "|")
    ok = True
    for shape in SHAPES:
        r, same, err, cerr = measure(fns, maps, dtype, shape, rounds)
        best = max(r[w] for w in names if w in r)
        cells = " | ".join(f"{r[w]:.1f}" if w in r else "-" for w in names)
        fast = (f" | {r['cublas-fast']:.1f} | {best / r['cublas-fast']:.3f}"
                if "cublas-fast" in r else "")
        print(f"| {shape[0]} x {shape[1]} x {shape[2]} | {cells} | "
              f"{r['cublas']:.1f} | {best / r['cublas']:.3f}{fast} | "
              f"{'yes' if same else 'no'} | {err:.2e}, {cerr:.2e} |")
        ok = ok and same and err < 0.05
    return ok


def run(args):
    import torch
    with open(os.path.join(args.dir, "meta.json")) as f:
        meta = json.load(f)
    fns = kernels(args, meta)
    maps = TensorMaps()
    print(f"GPU: {torch.cuda.get_device_name()}; median of {args.rounds} "
          f"alternating rounds, each the best of 3 timings of {LAUNCHES} "
          "launches back to back")
    ok = True
    for dtype in ("bf16", "e4m3"):
        group = {w: f for w, f in fns.items() if f[1]["dtype"] == dtype}
        if group and args.record:
            # The first variant, and the first that splits K.
            record(group, maps, f"{args.record}.{dtype}", next(iter(group)))
            split = [w for w, f in group.items()
                     if f[1].get("split_k", 1) > 1]
            if split:
                record(group, maps, f"{args.record}.{dtype}-splitk", split[0])
        if group:
            ok = table(group, maps, dtype, args.rounds) and ok
    print("\nGEMM-WGMMA " + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


def main():
    ap, _, p, r = two_step_parser(__doc__)
    p.add_argument("--sweep", action="store_true",
                   help="also the design-sweep variants (SWEEP)")
    p.add_argument("--only", metavar="NAMES",
                   help="only these variants (comma-separated names, in "
                   "this order)")
    r.add_argument("--rounds", type=int, default=9)
    r.add_argument("--record", metavar="PREFIX",
                   help="also write a GEMM recording of each element type "
                   "for tile-mma-check (PREFIX.bf16, PREFIX.e4m3)")
    args = ap.parse_args()
    return prepare(args) if args.cmd == "prepare" else run(args)


if __name__ == "__main__":
    sys.exit(main())
