"""Writes a MATRIXFACTS1 file for tile-mma-check from the PTX ISA's text of
ldmatrix .x2 (lane l gives the address of row l % 8 of matrix l / 8; lane l
receives, in register j, row l / 4 and columns 2 (l % 4), 2 (l % 4) + 1 of
matrix j, the first in the low half) and of movmatrix (lane l's d holds
rows 2 (l % 4), 2 (l % 4) + 1 of column l / 4 of a's matrix, which lane l
holds as ldmatrix .x1 gives it). With --corrupt, one register is wrong.

Usage: matrix_facts_file.py OUT [--corrupt]
"""
import struct
import sys

out = open(sys.argv[1], "wb")
corrupt = "--corrupt" in sys.argv
out.write(b"MATRIXFACTS1\n")

# ldmatrix .x2: matrix m, row r holds values 1000 m + 10 r + c.
out.write(b"ldmatrix.sync.aligned.m8n8.x2.shared.b16\n")
out.write(struct.pack("<3I", 1, 8, 2))
src = []
for lane in range(32):
    m, r = (lane // 8) % 2, lane % 8
    src += [1000 * m + 10 * r + c for c in range(8)]
res = []
for lane in range(32):
    g, t = lane // 4, lane % 4
    for m in range(2):
        lo, hi = 1000 * m + 10 * g + 2 * t, 1000 * m + 10 * g + 2 * t + 1
        res.append(lo | hi << 16)
if corrupt:
    res[5] ^= 1
out.write(struct.pack("<%dQ" % len(src), *src))
out.write(struct.pack("<%dQ" % len(res), *res))

# movmatrix: element (r, c) of a's matrix is 100 + 8 r + c.
out.write(b"movmatrix.sync.aligned.m8n8.trans.b16\n")
out.write(struct.pack("<3I", 1, 1, 1))
val = lambda r, c: 100 + 8 * r + c
src = [val(l // 4, 2 * (l % 4)) | val(l // 4, 2 * (l % 4) + 1) << 16
       for l in range(32)]
res = [val(2 * (l % 4), l // 4) | val(2 * (l % 4) + 1, l // 4) << 16
       for l in range(32)]
out.write(struct.pack("<32Q", *src))
out.write(struct.pack("<32Q", *res))
