"""Writes a GEMMWGMMA1 recording of C = A Bt^T (M = 128, N = 256, K = 512)
of small integers, whose f32 sums are exact, with C rounded to bf16 by
numpy (to nearest even): what a GEMM kernel of m64n256k16 wgmma must give.
With --flip R C, the entry (R, C) of C differs in its last bit."""
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
    args = p.parse_args()
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


if __name__ == "__main__":
    main()
