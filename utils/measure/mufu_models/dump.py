#!/usr/bin/env python3
"""Records the H200's results of the f32 multifunction-unit opcodes over
dense input ranges, for fitting the bit-exact models of
`utils/measure/mufu_models/fit.py` (run on the GPU machine; needs cupy).

Each opcode runs through NVRTC's inline asm, nothing of tile-mlir's. The
results of each range are stored as their first value and the differences
of consecutive results (small integers: the functions are smooth), in one
compressed `.npz` per opcode under OUT, so that every result travels back.

Usage: dump.py OUT [NAME,...]   (results of the named opcodes)
       dump.py OUT digests      (per-binade digests of every f32 form)
"""
import os
import sys

import cupy as cp
import numpy as np

OPS = {
    "rcp": "rcp.approx.ftz.f32",
    "sqrt": "sqrt.approx.ftz.f32",
    "rsqrt": "rsqrt.approx.ftz.f32",
    "ex2": "ex2.approx.ftz.f32",
    "lg2": "lg2.approx.ftz.f32",
    "sin": "sin.approx.ftz.f32",
    "cos": "cos.approx.ftz.f32",
    "tanh": "tanh.approx.f32",
}


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
    src = r"""
extern "C" __global__ void k(const unsigned *in, unsigned *out, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned r;
  asm volatile("%s %%0, %%1;" : "=r"(r) : "r"(in[i]));
  out[i] = r;
}""" % opcode
    return cp.RawKernel(src, "k", options=("-arch=sm_90",))


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


DIGEST_FORMS = ["rcp.approx.f32", "rcp.approx.ftz.f32", "sqrt.approx.f32",
                "sqrt.approx.ftz.f32", "rsqrt.approx.f32",
                "rsqrt.approx.ftz.f32", "ex2.approx.f32", "ex2.approx.ftz.f32",
                "lg2.approx.f32", "lg2.approx.ftz.f32", "sin.approx.f32",
                "sin.approx.ftz.f32", "cos.approx.f32", "cos.approx.ftz.f32",
                "tanh.approx.f32"]


def binade_digests(opcode):
    """Per (sign, exponent) the sum of mix64((input << 32) * K ^ result) over
    its 2^23 inputs: the digests that fit.py --check compares with a model's,
    so that a mismatch is found to the binade without moving the results."""
    src = r"""
__device__ unsigned long long mix64(unsigned long long x) {
  x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33; return x;
}
extern "C" __global__ void k(unsigned long long base,
                             unsigned long long *sums) {
  unsigned long long first =
      base + ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) * 64;
  unsigned long long s = 0;
  for (int j = 0; j < 64; ++j) {
    unsigned a = (unsigned)(first + j), r;
    asm volatile("%s %%0, %%1;" : "=r"(r) : "r"(a));
    s += mix64(((unsigned long long)a << 32) * 0x9E3779B97F4A7C15ULL ^ r);
  }
  atomicAdd(&sums[(unsigned)first >> 23], s);
}""" % opcode
    fn = cp.RawKernel(src, "k", options=("-arch=sm_90",))
    sums = cp.zeros(512, dtype=cp.uint64)
    chunk = 1 << 30
    for base in range(0, 1 << 32, chunk):
        fn((chunk // 64 // 256,), (256,), (np.uint64(base), sums))
    return cp.asnumpy(sums)


def write_digests(out):
    with open(os.path.join(out, "binade_digests.txt"), "w") as f:
        for opcode in DIGEST_FORMS:
            sums = binade_digests(opcode)
            total = int(sums.sum(dtype=np.uint64))
            f.write(f"{opcode} total={total:016x}\n")
            f.write(" ".join(f"{int(v):016x}" for v in sums) + "\n")
            print(opcode, f"{total:016x}", flush=True)


def main(out, only):
    if only and only[0].endswith("+"):  # NAME+: only the sets named after
        name, keys = only[0][:-1], only[1:]
        sets = {k: v for k, v in ranges(name).items() if k in keys}
        fn = kernel(OPS[name])
        arrays = {}
        for key, bits in sets.items():
            arrays[key + "_first"], arrays[key + "_diff"] = encode(run(fn, bits))
        np.savez_compressed(os.path.join(out, name + ".npz"), **arrays)
        return print(name, sorted(sets))
    if only == ["digests"]:
        os.makedirs(out, exist_ok=True)
        return write_digests(out)
    os.makedirs(out, exist_ok=True)
    for name, opcode in OPS.items():
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
