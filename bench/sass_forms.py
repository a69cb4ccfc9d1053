#!/usr/bin/env python3
"""The SASS of every sm_90 form at 1, 8, 64 and 512 repeats, tile-mlir
against nvcc in the same run (no GPU: ptxas and cuobjdump).

For each form of the instruction table that sm_90 has (its first instance
there: the form without optional qualifiers) and each repeat count R, two
kernels of one thread do the same thing:

  tile-mlir  ld (the table's global ld for each source's container) into
             Rx<atom> register tiles, tile.apply of the form, st of the
             destination; `tile-translate --mlir-to-ptx`, then ptxas;
  nvcc       the same loads and stores in CUDA C (no __restrict__: the
             tile kernel's buffers may alias too) and one inline `asm` of
             the same instruction per repeat (`asm volatile` with a memory
             clobber where the form reads or writes memory, as tile-mlir's
             lowering marks it), fully unrolled; `nvcc -cubin -O3`.

Both are assembled by the same ptxas for sm_90 and read with cuobjdump:
total SASS instructions (NOPs aside), native instructions (those of the
SASS opcode the instruction table gives the form, e.g. FFMA, or HADD2|HFMA2;
"-" where the table names none: moves, loads, stores, neg/abs),
local-memory instructions (LDL/STL) and registers.
Forms on shared memory are left out (the kernels use global buffers).

Prints a Markdown table per repeat count and a closing summary listing
every (form, R) where tile-mlir's total exceeds nvcc's.

Usage: bench/sass_forms.py --tools-dir build/bin [--repeats 1 8 64 512]
       [--mnemonic fma] [-j N]
"""
import argparse
import concurrent.futures
import glob
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "utils"))
import instr_table  # noqa: E402

LOCAL = {"LDL", "STL"}
C_TYPE = {16: "unsigned short", 32: "unsigned int", 64: "unsigned long long",
          128: "unsigned __int128"}
LETTER = {16: "h", 32: "r", 64: "l", 128: "q"}


def find_cuobjdump():
    found = shutil.which("cuobjdump")
    if found:
        return found
    for d in sys.path:
        cand = os.path.join(d, "nvidia", "cu13", "bin", "cuobjdump")
        if os.path.exists(cand):
            return cand
    hits = glob.glob("/usr/local/cuda*/bin/cuobjdump")
    return hits[0] if hits else None


def pick_forms(mnemonic):
    """(form, instance) per sm_90 form on global memory or registers."""
    chosen = {}
    for form, inst in instr_table.instances(mnemonic):
        if inst["sm"] > 90 or form["index"] in chosen:
            continue
        if any(o["space"] == "shared" for o in form["operands"]):
            continue
        chosen[form["index"]] = (form, inst)
    return [chosen[k] for k in sorted(chosen)]


def bits_of(op):
    return instr_table.types()[op["type"]]["bits"]


def tile_kernel(form, inst, r):
    """The tile-mlir module, or None where the table has no ld/st for a
    register operand's container. Register tiles are Rx<atom>x1: loaded and
    stored one element per instruction with the table's scalar ld/st, as the
    CUDA kernel does, and given to the form as an Rx<atom> view."""
    ops = form["operands"]
    args, body, view = [], [], {}
    for i, o in enumerate(ops):
        elt = f"i{bits_of(o)}"
        if o["kind"] != "register":
            args.append(f"%b{i}: memref<{r}x{o['atom']}x{elt}>")
            continue
        mem = f"memref<{r}x{o['atom']}x1x{elt}>"
        reg = f"memref<{r}x{o['atom']}x1x{elt}, #tile.reg>"
        args.append(f"%b{i}: {mem}")
        body.append(f"%t{i} = tile.alloc_local : {reg}")
        body.append(f"%r{i} = memref.collapse_shape %t{i} [[0], [1, 2]] : "
                    f"{reg} into memref<{r}x{o['atom']}x{elt}, #tile.reg>")
        view[i] = (mem, reg)
        if o["role"] == "use":
            try:
                ld = instr_table.move_opcode("ld", elt)
            except KeyError:
                return None
            body.append(f'tile.apply "{ld}" (%t{i}, %b{i}) scope(thread) : '
                        f"{reg}, {mem}")
    operands = ", ".join(f"%r{i}" if o["kind"] == "register" else f"%b{i}"
                         for i, o in enumerate(ops))
    types = ", ".join(
        f"memref<{r}x{o['atom']}xi{bits_of(o)}"
        f"{', #tile.reg' if o['kind'] == 'register' else ''}>" for o in ops)
    body.append(f'tile.apply "{inst["opcode"]}" ({operands}) scope(thread) : '
                f"{types}")
    for i, o in enumerate(ops):
        if o["kind"] == "register" and o["role"] == "def":
            try:
                st = instr_table.move_opcode("st", f"i{bits_of(o)}")
            except KeyError:
                return None
            mem, reg = view[i]
            body.append(f'tile.apply "{st}" (%b{i}, %t{i}) scope(thread) : '
                        f"{mem}, {reg}")
    ptx = max(inst["ptx"], 78)
    lines = "".join(f"      {line}\n" for line in body)
    return (f'gpu.module @m [#nvvm.target<chip = "sm_90", features = '
            f'"+ptx{ptx}">] {{\n'
            f"    gpu.func @k({', '.join(args)}) kernel attributes "
            f"{{known_block_size = array<i32: 1, 1, 1>}} {{\n{lines}"
            f"      gpu.return\n    }}\n}}\n")


def cuda_kernel(form, inst, r):
    """The same computation in CUDA C with one inline asm per repeat."""
    ops = form["operands"]
    params, pre, post = [], [], []
    outs, ins, text = [], [], []
    memory = False
    for i, o in enumerate(ops):
        bits, atom = bits_of(o), o["atom"]
        ct = C_TYPE.get(bits)
        if ct is None:
            return None
        params.append(f"{ct} *b{i}")
        if o["kind"] != "register":
            memory = True
            ins.append(f'"l"(b{i} + i * {atom})')
            text.append(("[", i, None))
            continue
        pre.append(f"{ct} r{i}[{r}][{atom}];")
        if o["role"] == "use":
            pre.append(f"#pragma unroll\nfor (int i = 0; i < {r}; ++i)\n"
                       f"#pragma unroll\n  for (int k = 0; k < {atom}; ++k) "
                       f"r{i}[i][k] = b{i}[i * {atom} + k];")
            for k in range(atom):
                ins.append(f'"{LETTER[bits]}"(r{i}[i][{k}])')
        else:
            for k in range(atom):
                outs.append(f'"={LETTER[bits]}"(r{i}[i][{k}])')
            post.append(f"#pragma unroll\nfor (int i = 0; i < {r}; ++i)\n"
                        f"#pragma unroll\n  for (int k = 0; k < {atom}; ++k) "
                        f"b{i}[i * {atom} + k] = r{i}[i][k];")
        text.append(("r", i, atom))
    # Number the asm operands as the compiler does: outputs, then inputs.
    n_out = len(outs)
    next_out, next_in = 0, n_out
    rendered = []
    for kind, i, atom in text:
        if kind == "[":
            rendered.append(f"[%{next_in}]")
            next_in += 1
            continue
        o = ops[i]
        regs = []
        for _ in range(atom):
            if o["role"] == "def":
                regs.append(f"%{next_out}")
                next_out += 1
            else:
                regs.append(f"%{next_in}")
                next_in += 1
        rendered.append(regs[0] if atom == 1 else "{" + ", ".join(regs) + "}")
    asm = f'{inst["opcode"]} {", ".join(rendered)};'
    kw = "asm volatile" if memory else "asm"
    clobber = ' : "memory"' if memory else ""
    stmt = (f'{kw}("{asm}" : {", ".join(outs)} : {", ".join(ins)}'
            f"{clobber});")
    body = "\n".join(pre + [f"#pragma unroll\nfor (int i = 0; i < {r}; ++i) "
                            f"{{\n  {stmt}\n}}"] + post)
    return (f'extern "C" __global__ void __launch_bounds__(1)\n'
            f"k({', '.join(params)}) {{\n{body}\n}}\n")


def sass_stats(cubin, cuobjdump, ptxas_log, native):
    out = subprocess.run([cuobjdump, "-sass", cubin], capture_output=True,
                         text=True, check=True).stdout
    ops = re.findall(r"^\s+/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)",
                     out, re.M)
    ops = [o.split(".")[0] for o in ops if not o.startswith("NOP")]
    m = re.search(r"Used (\d+) registers", ptxas_log)
    return {"total": len(ops),
            "native": (sum(o in native for o in ops) if native else "-"),
            "local": sum(o in LOCAL for o in ops),
            "regs": int(m.group(1)) if m else -1}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def measure(job, tools, nvcc, ptxas, cuobjdump, tmp):
    form, inst, r = job
    tag = f"f{form['index']}_r{r}"
    native = set(form["sass"].split("|")) if form.get("sass") else set()
    mlir = tile_kernel(form, inst, r)
    cu = cuda_kernel(form, inst, r)
    if mlir is None or cu is None:
        return job, None, None, "no container for an operand"
    src = os.path.join(tmp, tag + ".mlir")
    with open(src, "w") as f:
        f.write(mlir)
    ptx = os.path.join(tmp, tag + ".ptx")
    t = run([os.path.join(tools, "tile-translate"), "--mlir-to-ptx",
             "--register-budget=100000", src, "-o", ptx])
    if t.returncode:
        return job, None, None, "tile-translate: " + t.stderr.strip()[:200]
    cub = os.path.join(tmp, tag + ".t.cubin")
    a = run([ptxas, "-arch=sm_90", "-O3", "-v", ptx, "-o", cub])
    if a.returncode:
        return job, None, None, "ptxas: " + a.stderr.strip()[:200]
    tile = sass_stats(cub, cuobjdump, a.stderr, native)
    cusrc = os.path.join(tmp, tag + ".cu")
    with open(cusrc, "w") as f:
        f.write(cu)
    ncub = os.path.join(tmp, tag + ".n.cubin")
    n = run([nvcc, "-cubin", "-arch=sm_90", "-O3", "-Xptxas", "-v", cusrc,
             "-o", ncub])
    if n.returncode:
        return job, tile, None, "nvcc: " + n.stderr.strip()[:200]
    return job, tile, sass_stats(ncub, cuobjdump, n.stderr, native), ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools-dir", required=True)
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    ap.add_argument("--repeats", type=int, nargs="+", default=[1, 8, 64, 512])
    ap.add_argument("--mnemonic")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    cuobjdump = find_cuobjdump()
    if not cuobjdump:
        sys.exit("sass_forms.py: no cuobjdump (pip install "
                 "nvidia-cuda-cuobjdump)")
    forms = pick_forms(args.mnemonic)
    jobs = [(f, i, r) for r in args.repeats for f, i in forms]
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        results = list(pool.map(
            lambda j: measure(j, args.tools_dir, args.nvcc, args.ptxas,
                              cuobjdump, tmp), jobs))
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores; ptxas "
          f"and nvcc from {os.path.dirname(args.nvcc)}; "
          f"`bench/sass_forms.py --repeats "
          f"{' '.join(map(str, args.repeats))}`\n")
    worse, failed, rows = [], [], {}
    for (form, inst, r), tile, nv, why in results:
        if why:
            failed.append((f"{form['index']}: `{form['syntax']}`", r, why))
            continue
        name = f"{form['index']}: `{form['syntax']}` | `{inst['opcode']}`"
        rows.setdefault(r, []).append((name, tile, nv))
        if tile["total"] > nv["total"]:
            worse.append((name.split(" | ")[0], r, tile, nv))
    for r in args.repeats:
        print(f"## {r} repeat{'s' if r > 1 else ''}\n")
        print("| form | first instance | total tile / nvcc | native | "
              "local | registers |")
        print("|---|---|---|---|---|---|")
        for op, t, n in rows.get(r, []):
            print(f"| {op} | {t['total']} / {n['total']} | {t['native']} / "
                  f"{n['native']} | {t['local']} / {n['local']} | "
                  f"{t['regs']} / {n['regs']} |")
        same = sum(t["total"] == n["total"] for _, t, n in rows.get(r, []))
        fewer = sum(t["total"] < n["total"] for _, t, n in rows.get(r, []))
        print(f"\n{len(rows.get(r, []))} forms: {same} the same total, "
              f"{fewer} fewer, "
              f"{len(rows.get(r, [])) - same - fewer} more.\n")
    print("## Summary\n")
    print(f"{len(results)} (form, repeats) pairs; {len(worse)} where "
          f"tile-mlir's SASS is longer than nvcc's; {len(failed)} not "
          "compiled.\n")
    for op, r, t, n in worse:
        print(f"- {op} x{r}: {t['total']} vs {n['total']} (local "
              f"{t['local']} vs {n['local']}, registers {t['regs']} vs "
              f"{n['regs']})")
    for op, r, why in failed:
        print(f"- not compiled: {op} x{r}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
