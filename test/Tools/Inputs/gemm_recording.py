"""Writes a GEMMWGMMA1 recording of C = A Bt^T (M = 128, N = 256, K = 512)
of small integers, whose f32 sums are exact, with C rounded to bf16 by
numpy (to nearest even): what a GEMM kernel of m64n256k16 wgmma must give.
With --flip R C, the entry (R, C) of C differs in its last bit.

With --split, a GEMMWGMMA2 recording of a GEMM that splits K = 32 into two
parts of one k16 step each, summed with add.rn.f32 (M = 64, N = 256): row
r's part 0 is exactly 1 + 2^-8 (1 x 1 + 2^-4 x 2^-4) and its part 1
exactly q 2^-25, q = r % 8 (q 2^-13 x 2^-12). numpy adds the parts in f32
(to nearest even: q = 3 rounds up to 1 + 2^-8 + 2^-23, where a chain that
truncated would not) and rounds to bf16: 1 + 2^-7 (0x3F81) for q >= 3, the
tie 1 + 2^-8 to even 1 (0x3F80) below. With --as-chain, the same data as
a GEMMWGMMA1 recording (one chain over K), which the q = 3 rows fail."""
import argparse

import numpy as np


def bf16_bits(x):
    """Round-to-nearest-even f32 to bf16, as bits."""
    u = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return u.astype(np.uint16)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--flip", type=int, nargs=2)
    p.add_argument("--split", action="store_true")
    p.add_argument("--as-chain", action="store_true")
    args = p.parse_args()
    if args.split:
        return split_recording(args)
    m, n, k = 128, 256, 512
    i = np.arange(m)[:, None]
    j = np.arange(n)[:, None]
    kk = np.arange(k)[None, :]
    a = ((i + 2 * kk) % 7 - 2).astype(np.float32)
    bt = ((3 * j + kk) % 5 - 1).astype(np.float32)
    c = bf16_bits(a @ bt.T)
    if args.flip:
        c[args.flip[0], args.flip[1]] ^= 1
    with open(args.out, "wb") as f:
        f.write(b"GEMMWGMMA1\nwgmma.mma_async.sync.aligned.m64n256k16.f32."
                b"bf16.bf16\ncvt.rn.bf16.f32\n")
        f.write(np.array([m, n, k], dtype=np.uint32).tobytes())
        for t in (bf16_bits(a), bf16_bits(bt), c):
            f.write(t.tobytes())


def split_recording(args):
    m, n, k = 64, 256, 32
    a = np.zeros((m, k), dtype=np.float32)
    bt = np.zeros((n, k), dtype=np.float32)
    a[:, 0], bt[:, 0] = 1, 1
    a[:, 1], bt[:, 1] = 2.0 ** -4, 2.0 ** -4
    a[:, 16] = (np.arange(m) % 8) * 2.0 ** -13
    bt[:, 16] = 2.0 ** -12
    a64, b64 = a.astype(np.float64), bt.astype(np.float64)
    part0 = (a64[:, :16] @ b64[:, :16].T).astype(np.float32)
    part1 = (a64[:, 16:] @ b64[:, 16:].T).astype(np.float32)
    c = bf16_bits(part0 + part1)
    if args.flip:
        c[args.flip[0], args.flip[1]] ^= 1
    with open(args.out, "wb") as f:
        mma = b"wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16\n"
        if args.as_chain:
            f.write(b"GEMMWGMMA1\n" + mma + b"cvt.rn.bf16.f32\n")
            f.write(np.array([m, n, k], dtype=np.uint32).tobytes())
        else:
            f.write(b"GEMMWGMMA2\n" + mma + b"cvt.rn.bf16.f32\nadd.rn.f32\n")
            f.write(np.array([m, n, k, 2], dtype=np.uint32).tobytes())
        for t in (bf16_bits(a), bf16_bits(bt), c):
            f.write(t.tobytes())


if __name__ == "__main__":
    main()
