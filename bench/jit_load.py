#!/usr/bin/env python3
"""JIT load time of tile-mlir PTX on the GPU: cold (the driver JIT-compiles
it) against cached (the runtime's on-disk cubin cache), one fresh process
per measurement.

Two steps, because the GPU machine has no MLIR:

  bench/jit_load.py prepare --tools-dir build/bin --out .carry/jit
      writes the PTX of the seed kernel's shape over N elements
      (examples/affine_fma.mlir with an Nx1 tile: 3N instructions);
  bench/jit_load.py run --dir .carry/jit --lib .carry/libtile_cuda_runtime.so
      on the GPU machine: for each PTX, a process with an empty cache
      directory (TILE_CACHE_DIR) and the driver's own JIT cache off
      (CUDA_CACHE_DISABLE=1) times tileRtLoadPtx (a miss: JIT, then the
      cubin is stored), then a second process with the same directory times
      it again (a hit), `--rounds` times; prints a Markdown table of the
      medians.
"""
import ctypes
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchcli import two_step_parser  # noqa: E402
SIZES = [1, 64, 256, 1024]


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    seed = open(os.path.join(ROOT, "examples", "affine_fma.mlir")).read()
    for n in args.sizes:
        src = os.path.join(args.out, f"seed_{n}.mlir")
        with open(src, "w") as f:
            f.write(seed.replace("4x1xf32", f"{n}x1xf32"))
        subprocess.run([os.path.join(args.tools_dir, "tile-translate"),
                        "--mlir-to-ptx", "--register-budget=100000", src,
                        "-o", os.path.join(args.out, f"seed_{n}.ptx")],
                       check=True, capture_output=True)
        os.remove(src)


def load_once(lib_path, ptx_path):
    """In a fresh process: seconds that tileRtLoadPtx took."""
    lib = ctypes.CDLL(lib_path)
    lib.tileRtLastError.restype = ctypes.c_char_p
    if lib.tileRtInit(0):
        sys.exit(lib.tileRtLastError().decode())
    ptx = open(ptx_path, "rb").read()
    module = ctypes.c_void_p()
    t0 = time.perf_counter()
    rc = lib.tileRtLoadPtx(ptx, 3, ctypes.byref(module))
    dt = time.perf_counter() - t0
    if rc:
        sys.exit(lib.tileRtLastError().decode())
    print(f"{dt:.6f}")


def run(args):
    ptxs = sorted((f for f in os.listdir(args.dir) if f.endswith(".ptx")),
                  key=lambda f: int(f.split("_")[1].split(".")[0]))
    print(f"{args.rounds} rounds, medians; each load in a fresh process; "
          "`bench/jit_load.py run`\n")
    print("| PTX | size | cold (JIT) s | cached s | cold / cached |")
    print("|---|---|---|---|---|")
    for name in ptxs:
        path = os.path.join(args.dir, name)
        cold, hot = [], []
        for _ in range(args.rounds):
            with tempfile.TemporaryDirectory() as cache:
                os.chmod(cache, 0o700)
                # CUDA_CACHE_DISABLE: no driver JIT cache either, so that
                # the first load really JIT-compiles.
                env = dict(os.environ, TILE_CACHE_DIR=cache,
                           CUDA_CACHE_DISABLE="1")
                env.pop("TILE_CACHE_DISABLE", None)
                for sink in (cold, hot):
                    out = subprocess.run(
                        [sys.executable, __file__, "load", args.lib, path],
                        env=env, capture_output=True, text=True, check=True)
                    sink.append(float(out.stdout.strip()))
        c, h = statistics.median(cold), statistics.median(hot)
        print(f"| {name} | {os.path.getsize(path) / 1e6:.2f} MB | {c:.4f} | "
              f"{h:.4f} | {c / h:.0f}x |")


def main():
    ap, sub, p, r = two_step_parser(__doc__)
    p.add_argument("--sizes", type=int, nargs="+", default=SIZES)
    r.add_argument("--lib", required=True)
    r.add_argument("--rounds", type=int, default=3)
    ld = sub.add_parser("load")
    ld.add_argument("lib")
    ld.add_argument("ptx")
    args = ap.parse_args()
    if args.cmd == "prepare":
        prepare(args)
    elif args.cmd == "run":
        run(args)
    else:
        load_once(args.lib, args.ptx)


if __name__ == "__main__":
    main()
