#!/usr/bin/env python3
"""Writes the measured tables of the multifunction-unit models
(`lib/Reference/Mufu/*.bin`, named by the MufuTable records of
`include/tile/Ptx/Special.td`, read from the table's JSON export) from the
results `dump.py` brought back from the H200. (sin.bin and tanh.bin are
written on the H200 itself by `sincos.py` and `tanh.py`, with
`write_table` below.)

Each table is the H200's results over one domain, in chunks of 2^16
results compressed one by one with zlib, so that the reference decodes only
the chunks its inputs touch. The file:

    "TMUF" | version 1 | entries | chunk shift | chunks   (u32 each, LE)
    offsets[chunks + 1] (u32, from the end of the offsets)
    chunk i: zlib(first result u32 | width u8 | (n - 1) differences of
             consecutive results, signed, `width` bytes each, LE)

Usage: record.py DUMP_DIR OUT_DIR
"""
import os
import struct
import sys
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

CHUNK_SHIFT = 16

# The dump.py sets (mnemonic, set) that give each reduction's tables, in
# the model's order; the file names are the MufuTable records' (the table's
# JSON export). sin.bin and tanh.bin come from sincos.py and tanh.py.
SETS = {
    "reciprocal": [("rcp", "b0")],              # a in [1, 2)
    "sqrt": [("sqrt", "b0")],                   # a in [1, 4)
    "rsqrt": [("rsqrt", "b0")],                 # a in [1, 4)
    "exp2_fixed": [("ex2", "pos"),              # a = k 2^-23, k < 2^23
                   ("ex2", "neg")],             # a = -k 2^-23
    "log2_split": [("lg2", "b0"),               # a in [1, 2)
                   ("lg2", "b-1")],             # a in [1/2, 1)
}


def results(dump_dir, name, key):
    z = np.load(os.path.join(dump_dir, name + ".npz"))
    first = np.int64(z[key + "_first"])
    diff = z[key + "_diff"].astype(np.int64)
    return np.concatenate([[first], first + np.cumsum(diff)]).astype(np.uint32)


def chunk_bytes(res):
    diff = np.diff(res.astype(np.int64))
    for width, t in ((1, "<i1"), (2, "<i2"), (4, "<i4")):
        info = np.iinfo(np.dtype(t))
        if diff.size == 0 or (diff.min() >= info.min and diff.max() <= info.max):
            break
    raw = struct.pack("<IB", int(res[0]), width) + diff.astype(t).tobytes()
    return zlib.compress(raw, 9)


def write_table(path, res):
    size = 1 << CHUNK_SHIFT
    blobs = [chunk_bytes(res[i:i + size]) for i in range(0, res.size, size)]
    offsets = np.cumsum([0] + [len(b) for b in blobs]).astype("<u4")
    with open(path, "wb") as f:
        f.write(b"TMUF" + struct.pack("<IIII", 1, res.size, CHUNK_SHIFT,
                                      len(blobs)))
        f.write(offsets.tobytes())
        for b in blobs:
            f.write(b)


def main(dump_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    table = common.load()
    for reduction, sets in SETS.items():
        for file, (name, key) in zip(common.table_files(table, reduction),
                                     sets):
            res = results(dump_dir, name, key)
            write_table(os.path.join(out_dir, file), res)
            print(file, res.size, os.path.getsize(os.path.join(out_dir, file)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
