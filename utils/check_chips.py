#!/usr/bin/env python3
"""Checks the instruction table's chip list against the tools themselves.

For every chip of the table's export (`tile-ptx-forms --json`, key "chips"):

- ptxas 13.0 assembles an empty kernel with `.target <chip>` at the chip's
  ptxas floor and rejects it one PTX ISA version below (chips older than
  ptxas's oldest GPU are assembled for that GPU, as `ptxas --help` says PTX
  compiles forward); a chip the table says ptxas does not know is not one of
  ptxas's --gpu-name values;
- LLVM 22's llc emits `.target <chip>` at the chip's LLVM floor and fails one
  version below (a fatal error the target model must keep users from);
- every chip ptxas lists as a GPU and every chip llc lists as a CPU is in the
  table, and the table's emittable +ptxNN list is llc's.

Prints one line per check and closes with "N passed, N failed".
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instr_table  # noqa: E402  (the table's JSON export)

PTXAS_VERSIONS = [23, 30, 31, 32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64, 65,
                  70, 71, 72, 73, 74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85,
                  86, 87, 88, 90, 91]


def ptxas_gpus(ptxas):
    text = subprocess.run([ptxas, "--help"], capture_output=True,
                          text=True).stdout
    allowed = text[text.index("--gpu-name"):]
    allowed = allowed[allowed.index("Allowed values"):]
    allowed = allowed[:allowed.index("Default value")]
    return sorted(set(re.findall(r"'(sm_[0-9]+[af]?)'", allowed)))


def llc_cpus(llc):
    r = subprocess.run([llc, "-march=nvptx64", "-mcpu=help"],
                       capture_output=True, text=True)
    return sorted(set(re.findall(r"\b(sm_[0-9]+[af]?)\b", r.stdout + r.stderr)))


def llc_ptx_features(llc):
    r = subprocess.run([llc, "-march=nvptx64", "-mattr=help"],
                       capture_output=True, text=True)
    return sorted({int(v) for v in re.findall(r"^\s*ptx([0-9]+)\s",
                                                r.stdout + r.stderr, re.M)})


def sm_number(chip):
    return int(re.match(r"sm_([0-9]+)", chip).group(1))


class Checker:
    def __init__(self, ptxas, llc, tmp):
        self.ptxas, self.llc, self.tmp = ptxas, llc, tmp
        self.passed = self.failed = 0

    def check(self, ok, what):
        print(("PASS " if ok else "FAIL ") + what)
        if ok:
            self.passed += 1
        else:
            self.failed += 1

    def ptxas_accepts(self, chip, gpu, ptx):
        src = os.path.join(self.tmp, "k.ptx")
        with open(src, "w") as f:
            f.write(f".version {ptx // 10}.{ptx % 10}\n.target {chip}\n"
                    ".address_size 64\n.visible .entry k() { ret; }\n")
        r = subprocess.run([self.ptxas, "--gpu-name", gpu, src, "-o",
                            os.devnull], capture_output=True)
        return r.returncode == 0

    def llc_emits(self, chip, ptx):
        src = os.path.join(self.tmp, "k.ll")
        with open(src, "w") as f:
            f.write('target triple = "nvptx64-nvidia-cuda"\n'
                    "define ptx_kernel void @k() {\n  ret void\n}\n")
        r = subprocess.run([self.llc, f"-mcpu={chip}", f"-mattr=+ptx{ptx}",
                            src, "-o", "-"], capture_output=True, text=True)
        return r.returncode == 0 and f".target {chip}" in r.stdout


def below(versions, v):
    lower = [x for x in versions if x < v]
    return lower[-1] if lower else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--llc", required=True)
    args = ap.parse_args()
    table = instr_table.table()
    chips = table["chips"]
    llvm_versions = table["llvm_ptx_versions"]
    gpus = ptxas_gpus(args.ptxas)
    oldest_gpu = min(gpus, key=sm_number)
    with tempfile.TemporaryDirectory() as tmp:
        c = Checker(args.ptxas, args.llc, tmp)
        names = {ch["name"] for ch in chips}
        for gpu in gpus:
            c.check(gpu in names, f"ptxas GPU {gpu} is in the table")
        for cpu in llc_cpus(args.llc):
            c.check(cpu in names, f"llc CPU {cpu} is in the table")
        c.check(llc_ptx_features(args.llc) == llvm_versions,
                "the table's emittable PTX versions are llc's +ptxNN features")
        for ch in chips:
            name = ch["name"]
            floor = ch["ptxas_min_ptx"]
            if floor:
                gpu = name if name in gpus else (
                    oldest_gpu if sm_number(name) < sm_number(oldest_gpu)
                    else None)
                c.check(gpu is not None,
                        f"{name}: ptxas compiles it for a GPU it knows")
                if gpu:
                    c.check(c.ptxas_accepts(name, gpu, floor),
                            f"{name}: ptxas accepts PTX {floor} for {gpu}")
                    lower = below(PTXAS_VERSIONS, floor)
                    if lower:
                        c.check(not c.ptxas_accepts(name, gpu, lower),
                                f"{name}: ptxas rejects PTX {lower}")
            else:
                c.check(name not in gpus and
                        sm_number(name) >= sm_number(oldest_gpu),
                        f"{name}: not a ptxas GPU (unknown to ptxas 13.0)")
            lfloor = ch["llvm_min_ptx"]
            c.check(c.llc_emits(name, lfloor),
                    f"{name}: llc emits it at +ptx{lfloor}")
            lower = below(llvm_versions, lfloor)
            if lower:
                c.check(not c.llc_emits(name, lower),
                        f"{name}: llc fails at +ptx{lower}")
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
