#!/usr/bin/env python3
"""Records the H200's results of the f32 multifunction-unit opcodes over
dense input ranges, from which record.py writes the measured tables, and
the digests that the reference's models are checked against (run on the
GPU machine; needs cupy).

Each opcode runs through NVRTC's inline asm, nothing of tile-mlir's. The
forms are the table's measured_exact ones (its JSON export, at
TILE_INSTR_TABLE or build/share/tile-mlir/instr_table.json; common.py subset
writes a small one to carry). The results of each range are stored as their
first value and the differences of consecutive results (small integers:
the functions are smooth), in one compressed `.npz` per mnemonic under OUT,
so that every result travels back.

Usage: dump.py OUT [NAME,...]   (results of the named mnemonics)
       dump.py OUT NAME+ KEY... (only the named sets of NAME)
       dump.py OUT digests      (the digests of every measured_exact form:
                                 binade_digests.txt and pair_digests.txt)
"""
import os
import sys

import cupy as cp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


def binade(lo_bits, count=1 << 23):
    return np.arange(count, dtype=np.uint64).astype(np.uint32) + np.uint32(lo_bits)


def fixed(k_bits, sign=1.0):
    """k * 2^-k_bits for k < 2^23, as f32 bit patterns (all exact)."""
    k = np.arange(1 << 23, dtype=np.float64)
    return (sign * k * 2.0 ** -k_bits).astype(np.float32).view(np.uint32)


def ranges(name):
    one, two, half, quarter, four = (0x3F800000, 0x40000000, 0x3F000000,
                                     0x3E800000, 0x40800000)
    if name == "rcp":
        return {"b0": binade(one)}
    if name in ("sqrt", "rsqrt"):
        return {"b0": binade(one, 1 << 24)}
    if name == "ex2":
        sets = {"pos": fixed(23), "neg": fixed(23, -1.0),
                "t10": binade(0x3A800000)}
        for e in list(range(-3, 7)) + [-64, -70, -87, -88]:
            sets[f"p{e}"] = binade(one + (e << 23))
            sets[f"n{e}"] = binade(0x80000000 | (one + (e << 23)))
        return sets
    if name == "lg2":
        return {f"b{e}": binade(one + (e << 23)) for e in range(-4, 5)}
    if name in ("sin", "cos"):
        return {"bm1": binade(half), "b0": binade(one), "b1": binade(two),
                "b2": binade(four)}
    return {"bm2": binade(quarter), "bm1": binade(half), "b0": binade(one),
            "b1": binade(two)}


def kernel(opcode):
    return common.kernel("const unsigned *in, unsigned *out, long n", f"""
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned a = in[i], r;
  {common.asm(opcode)}
  out[i] = r;""")


def run(fn, bits):
    d_in = cp.asarray(bits)
    d_out = cp.empty_like(d_in)
    n = bits.size
    fn(((n + 255) // 256,), (256,), (d_in, d_out, np.int64(n)))
    return cp.asnumpy(d_out)


def encode(res):
    diff = np.diff(res.astype(np.int64))
    for t in (np.int8, np.int16, np.int32):
        if diff.min() >= np.iinfo(t).min and diff.max() <= np.iinfo(t).max:
            return np.uint32(res[0]), diff.astype(t)
    return np.uint32(res[0]), diff


# The inputs of each thread's 64 results, and the block its digest joins:
# one-source forms every a (blocks: sign and exponent); div forms 2^32
# pairs, a and b the halves of mix64(x) (blocks: x >> 23).
PICK = {1: "unsigned a = (unsigned)x;",
        2: "unsigned long long h = mix64(x);\n"
           "    unsigned a = (unsigned)h, b = (unsigned)(h >> 32);"}
WORD = {1: "((unsigned long long)a << 32)", 2: "((unsigned long long)a << 32 ^ b)"}


def block_digests(opcode, sources):
    """Per block of 2^23 the sum of mix64(word * K ^ result), word the
    inputs: the digests that MufuTest compares with a model's, so that a
    mismatch is found to the block without moving the results."""
    return common.block_digests(PICK[sources], "unsigned",
                                common.asm(opcode, sources), WORD[sources],
                                1 << 32, 23)


def write_digests(out):
    files = {1: "binade_digests.txt", 2: "pair_digests.txt"}
    streams = {n: open(os.path.join(out, f), "w") for n, f in files.items()}
    for opcode, sources, _ in sorted(common.measured_exact(common.load()),
                                     key=lambda f: f[0]):
        sums = block_digests(opcode, sources)
        total = int(sums.sum(dtype=np.uint64))
        f = streams[sources]
        f.write(f"{opcode} total={total:016x}\n")
        f.write(" ".join(f"{int(v):016x}" for v in sums) + "\n")
        print(opcode, f"{total:016x}", flush=True)
    for f in streams.values():
        f.close()


def main(out, only):
    if only and only[0].endswith("+"):  # NAME+: only the sets named after
        name, keys = only[0][:-1], only[1:]
        sets = {k: v for k, v in ranges(name).items() if k in keys}
        fn = kernel(common.unit_opcodes(common.load())[name])
        arrays = {}
        for key, bits in sets.items():
            arrays[key + "_first"], arrays[key + "_diff"] = encode(run(fn, bits))
        np.savez_compressed(os.path.join(out, name + ".npz"), **arrays)
        return print(name, sorted(sets))
    if only == ["digests"]:
        os.makedirs(out, exist_ok=True)
        return write_digests(out)
    os.makedirs(out, exist_ok=True)
    for name, opcode in common.unit_opcodes(common.load()).items():
        if only and name not in only:
            continue
        fn = kernel(opcode)
        arrays = {}
        for key, bits in ranges(name).items():
            res = run(fn, bits)
            arrays[key + "_first"], arrays[key + "_diff"] = encode(res)
            print(f"{opcode} {key}: {bits.size} results, "
                  f"diff {arrays[key + '_diff'].dtype}", flush=True)
        np.savez_compressed(os.path.join(out, name + ".npz"), **arrays)
        print(name, os.path.getsize(os.path.join(out, name + ".npz")), "bytes")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2].split(",") if len(sys.argv) > 2 else [])
