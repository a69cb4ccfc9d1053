"""The command line the two-step GPU benchmarks share: `prepare` (here,
with the MLIR tools) and `run` (on the GPU machine, from what prepare
wrote)."""
import argparse


def two_step_parser(doc):
    """(parser, prepare subparser, run subparser) with the common options:
    prepare --tools-dir --out, run --dir."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    prepare = sub.add_parser("prepare")
    prepare.add_argument("--tools-dir", required=True)
    prepare.add_argument("--out", required=True)
    run = sub.add_parser("run")
    run.add_argument("--dir", required=True)
    return ap, sub, prepare, run


def nvcc_pair_main(doc, prepare, run, rounds=9):
    """The main of a benchmark that compares tile-mlir with nvcc: prepare
    takes --nvcc, run --rounds; returns the chosen step's exit status."""
    ap, _, p, r = two_step_parser(doc)
    p.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    r.add_argument("--rounds", type=int, default=rounds)
    args = ap.parse_args()
    return prepare(args) if args.cmd == "prepare" else run(args)


def median_rates(kernels, grid, block, rounds, flops, repeat=1):
    """Times the kernels {who: (fn, params)} in alternating rounds (each
    round the best of 3 timings of `repeat` launches back to back, so that
    the host's time to issue a launch hides behind the one before) and
    returns {who: TFLOP/s at the median round} for `flops` per launch."""
    import cupy as cp
    times = {who: [] for who in kernels}
    start, end = cp.cuda.Event(), cp.cuda.Event()
    names = list(kernels)
    for rnd in range(rounds):
        order = names if rnd % 2 == 0 else names[::-1]
        for who in order:
            fn, params = kernels[who]
            best = None
            for _ in range(3):
                start.record()
                for _ in range(repeat):
                    fn(grid, block, params)
                end.record()
                end.synchronize()
                ms = cp.cuda.get_elapsed_time(start, end) / repeat
                best = ms if best is None else min(best, ms)
            times[who].append(best)
    rates = {}
    for who, t in times.items():
        t.sort()
        rates[who] = flops / (t[len(t) // 2] * 1e-3) / 1e12
    return rates


def tile_chain_store(n, c, st):
    """The end of a benchmark's tile kernel: thread t stores its register
    tile %r of `n` x 1 `c` chains to %Out[t * n ...] with the table's store
    opcode `st` (256 threads a block)."""
    return f"""      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %bt = arith.muli %bid, %c256 : index
      %t = arith.addi %bt, %tid : index
      %o = arith.muli %t, %cn : index
      %v = memref.subview %Out[%o] [{n}] [1] : memref<?x{c}> to memref<{n}x{c}, strided<[1], offset: ?>>
      %e = memref.expand_shape %v [[0, 1]] output_shape [{n}, 1] : memref<{n}x{c}, strided<[1], offset: ?>> into memref<{n}x1x{c}, strided<[1, 1], offset: ?>>
      tile.apply "{st}" (%e, %r) scope(thread) : memref<{n}x1x{c}, strided<[1, 1], offset: ?>>, memref<{n}x1x{c}, #tile.reg>
"""
