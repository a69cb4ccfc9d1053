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
