"""What the mufu_models tools share: the measured_exact forms and their
tables, read from the table's JSON export (`instr_table.json`, or the subset
`common.py subset` writes for the GPU machine), and the one NVRTC kernel
helper that runs a PTX instruction through inline asm, with mix64 from
utils/measure/mix64.h.

Usage: common.py subset TABLE.json OUT.json   (the measured_exact forms only)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MIX64_H = os.path.join(os.path.dirname(HERE), "mix64.h")
DEFAULT_TABLE = os.path.join(HERE, "..", "..", "..", "build", "share",
                             "tile-mlir", "instr_table.json")


def load(path=None):
    with open(path or os.environ.get("TILE_INSTR_TABLE", DEFAULT_TABLE)) as f:
        return json.load(f)


def measured_exact(table, types=("f32",)):
    """(opcode, sources, form) of every sm_90 spelling of `types` whose
    accuracy is measured_exact, in the table's order."""
    out = []
    for form in table["forms"]:
        if (form.get("accuracy") != "measured_exact" or
                form["types"][0] not in types):
            continue
        sources = sum(o["role"] == "use" for o in form["operands"])
        for inst in form["instances"]:
            if inst["sm"] <= 90:
                out.append((inst["opcode"], sources, form))
    return out


def unit_opcodes(table):
    """mnemonic -> the spelling that is the unit alone (.ftz where the form
    has it) of each one-source measured_exact form."""
    out = {}
    for opcode, sources, form in measured_exact(table):
        if sources == 1 and (form["mnemonic"] not in out or ".ftz" in opcode):
            out[form["mnemonic"]] = opcode
    return out


def table_files(table, reduction):
    """The files of the tables the MufuModels with `reduction` read, in the
    model's order."""
    for _, _, form in measured_exact(table, ("f32", "f64")):
        if form["mufu"]["reduction"] == reduction:
            return [t["file"] for t in form["mufu"]["tables"]]
    sys.exit(f"no measured_exact form has the reduction {reduction}")


def kernel(params, body):
    """A cupy RawKernel `k(params)` of `body`, for sm_90, with mix64."""
    import cupy as cp
    with open(MIX64_H) as f:
        prelude = f.read()
    src = f'{prelude}\nextern "C" __global__ void k({params}) {{\n{body}\n}}'
    return cp.RawKernel(src, "k", options=("-arch=sm_90",))


def block_digests(pick, result, asm_line, word, count, shift):
    """Runs an instruction over `count` inputs x and returns, per block of
    x >> shift, the sum of mix64(word * K ^ r): `pick` declares the sources
    from x, `asm_line` computes r (of C type `result`), `word` is the
    inputs' digest word."""
    import cupy as cp
    import numpy as np
    fn = kernel("unsigned long long base, unsigned long long *sums", f"""
  unsigned long long first =
      base + ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) * 64;
  unsigned long long s = 0;
  for (int j = 0; j < 64; ++j) {{
    unsigned long long x = first + j;
    {pick}
    {result} r;
    {asm_line}
    s += mix64({word} * TILE_DIGEST_K ^ r);
  }}
  atomicAdd(&sums[first >> {shift}], s);""")
    sums = cp.zeros(max(1, count >> shift), dtype=cp.uint64)
    chunk = min(count, 1 << 30)
    for base in range(0, count, chunk):
        fn((chunk // 64 // 256,), (256,), (np.uint64(base), sums))
    return cp.asnumpy(sums)


def asm(opcode, sources=1):
    """The inline asm of `opcode`: r from a (and b), all .b32."""
    if sources == 1:
        return f'asm volatile("{opcode} %0, %1;" : "=r"(r) : "r"(a));'
    return (f'asm volatile("{opcode} %0, %1, %2;" : "=r"(r) '
            f': "r"(a), "r"(b));')


def main(argv):
    if len(argv) != 4 or argv[1] != "subset":
        sys.exit(__doc__)
    table = load(argv[2])
    keep = {"forms": [f for _, _, f in measured_exact(table, ("f32", "f64"))]}
    keep["forms"] = list({id(f): f for f in keep["forms"]}.values())
    with open(argv[3], "w") as f:
        json.dump(keep, f)


if __name__ == "__main__":
    main(sys.argv)
