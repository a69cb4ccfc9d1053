#!/usr/bin/env python3
"""Writes atomics.mlir: every atom and red form of the instruction table
(the forms with an `element`, sm_90 and below) on chosen operands, in
global and in shared memory, for the H200 and the CPU backend.

Each case is a row of 8 words (32 bytes): the memory element (words 0-1),
b (2-3), c (4-5, cas only) and d (6-7, atom only; red leaves the words
as they were). One thread runs every case in order, each on its own
element, so the results do not depend on the order of threads. A shared
case works on a copy of its row in shared memory and is copied back. The
host prints every row after the kernel (printMemrefI32, one row per case,
in the order of the cases): the element after the operation and d.

The operands probe what the ISA states and what it leaves open: the
wrap-around of add and of inc/dec, signed against unsigned min/max,
cas on equal and unequal values (and .b16's neighbouring bytes), f32
adds on subnormal sources and results (the ISA says atom.add.f32 flushes
them), ties, NaN payloads, infinities of opposite sign and signed zeros,
and the same for the half-precision adds (.noftz: subnormals kept), two
cases per register in the packed ones.

The CHECK lines are the PTX ISA's semantics, computed here in Python
(numpy's f32 and Python's f64 arithmetic), not by the code under test:
the integer operations as the ISA defines them; atom/red.add.f32 rounds
to nearest even and, in global memory, flushes subnormal sources and
results to zero of the same sign (the ISA's words; in shared memory the
H200 keeps them, measured on 2026-12-05); f64 adds round to nearest even and keep
subnormals, as do the half adds (f16: numpy's; bf16: f32 then rounded to
nearest even). A NaN result is what the H200's adds give in the bulk
reductions (Integration/CUDA/bulk-reduce.mlir): f32, f16 and bf16 the
canonical NaN (0x7FFFFFFF, 0x7FFF), f64 the NaN source quieted, and -NaN 0xFFF8000000000000 for
infinities of opposite sign. Whether the H200's atomics agree is what the
GPU check measures (the same CHECK lines, test/Integration/CUDA).

python3 utils/measure/atomics/gen.py [--checks]
(the table's JSON export as utils/instr_table.py finds it)
"""
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", ".."))
import instr_table  # noqa: E402

F32 = lambda x: struct.unpack("<I", struct.pack("<f", x))[0]  # noqa: E731
F64 = lambda x: struct.unpack("<Q", struct.pack("<d", x))[0]  # noqa: E731
M64 = (1 << 64) - 1

# (old, b, c) per kind of operation and width.
INT32 = [(5, 3, 0), (0xFFFFFFFF, 1, 0), (0x80000000, 0x7FFFFFFF, 0),
         (0x7FFFFFFF, 0xFFFFFFFF, 0)]
INT64 = [(5, 3, 0), (M64, 1, 0), (1 << 63, (1 << 63) - 1, 0),
         ((1 << 63) - 1, M64, 0)]
COUNTER = [(5, 3, 0), (2, 3, 0), (0, 3, 0), (3, 3, 0), (7, 0, 0),
           (0, 0, 0)]
F32_ADD = [(F32(1.0), F32(2.0 ** -24), 0), (F32(1.0), F32(3 * 2.0 ** -24), 0),
           (F32(2.0 ** -140), F32(2.0 ** -140), 0),
           (F32(2.0 ** -126), F32(-2.0 ** -127), 0),
           (F32(1.0), F32(2.0 ** -140), 0), (0x7FC12345, F32(1.0), 0),
           (F32(1.0), 0xFFA00001, 0), (0x7F800000, 0xFF800000, 0),
           (0x80000000, 0x80000000, 0), (0, 0x80000000, 0),
           (0x7F7FFFFF, 0x7F7FFFFF, 0)]
F64_ADD = [(F64(1.0), F64(2.0 ** -53), 0), (F64(1.0), F64(3 * 2.0 ** -53), 0),
           (F64(2.0 ** -1070), F64(2.0 ** -1070), 0),
           (F64(2.0 ** -1022), F64(-2.0 ** -1023), 0),
           (0x7FF8000012345678, F64(1.0), 0),
           (0x7FF0000000000000, 0xFFF0000000000000, 0),
           (1 << 63, 1 << 63, 0)]
F16_ADD = [(0x3C00, 0x1000, 0), (0x3C00, 0x1200, 0), (0x0001, 0x0001, 0),
           (0x0400, 0x8200, 0), (0x7E01, 0x3C00, 0), (0x7C00, 0xFC00, 0),
           (0x8000, 0x8000, 0), (0x0000, 0x8000, 0), (0x7BFF, 0x7BFF, 0)]
BF16_ADD = [(0x3F80, 0x3B80, 0), (0x3F80, 0x3C40, 0), (0x0001, 0x0001, 0),
            (0x0080, 0x8040, 0), (0x7FC1, 0x3F80, 0), (0x7F80, 0xFF80, 0),
            (0x8000, 0x8000, 0), (0x0000, 0x8000, 0), (0x7F7F, 0x7F7F, 0)]


def pairs(cases):
    """Two-lane cases from one-lane ones: lane 0 the case, lane 1 the
    next case (wrapping)."""
    return [(a | cases[(i + 1) % len(cases)][0] << 16,
             b | cases[(i + 1) % len(cases)][1] << 16, 0)
            for i, (a, b, _) in enumerate(cases)]


CAS = {16: [(0x1234, 0x1234, 0xBEEF), (0x1234, 0x1235, 0xBEEF)],
       32: [(5, 5, 9), (5, 4, 9), (0xFFFFFFFF, 0xFFFFFFFF, 0)],
       64: [(5, 5, 9), (5, 4, 9), (M64, M64, 1 << 40)]}
EXCH = {32: [(5, 9, 0), (0xFFFFFFFF, 0, 0)], 64: [(5, 9, 0), (M64, 1 << 40, 0)]}
# The words of a row beside a 16-bit element: they must not change.
FILL = 0x5A5A5A5A


# The float cases by the lanes' format (the table's type `format`).
FLOAT_ADD = {"f16": F16_ADD, "bf16": BF16_ADD, "f32": F32_ADD,
             "f64": F64_ADD}


def type_bits(ty):
    """The register width of PTX type `ty` (the table's)."""
    return instr_table.types()[ty]["bits"]


def operands(form):
    """The (old, b, c) cases of `form`."""
    ty = instr_table.types()[form["types"][0]]
    element = form["element"]
    if element == "cas":
        return CAS[ty["bits"]]
    if element == "exch":
        return EXCH[ty["bits"]]
    if element in ("inc", "dec"):
        return COUNTER
    if "format" in ty:
        cases = FLOAT_ADD[ty["format"]]
        return pairs(cases) if ty["lanes"] == 2 else cases
    return INT64 if ty["bits"] == 64 else INT32


def mlir_type(ty):
    """The container of PTX type `ty` in the program: the integer of its
    register width (which every operand takes)."""
    return f"i{type_bits(ty)}"


def words(v, bits):
    """The row words holding `v` of `bits` bits (a 16-bit value keeps the
    fill in its upper half)."""
    if bits == 16:
        return [(FILL & 0xFFFF0000) | v, FILL]
    return [v & 0xFFFFFFFF, (v >> 32) & 0xFFFFFFFF if bits == 64 else FILL]


def case_ops(i, opcode, form, shared):
    """The kernel's ops for case row `i` of `opcode`."""
    mt = mlir_type(form["types"][0])
    buf, ty = ("%S", "!Sh") if shared else ("%D", "!Gl")
    space = ", #WS" if shared else ""
    has_d = form["operands"][0]["role"] == "def" and \
        form["operands"][0]["kind"] == "register"
    base = i * 32
    lines = [f"        %a{i} = memref.view {buf}[%o{i}][] : {ty} to "
             f"memref<1x{mt}{space}>",
             f"        %bv{i} = memref.view {buf}[%o{i}b][] : {ty} to "
             f"memref<1x{mt}{space}>",
             f"        %b{i} = memref.load %bv{i}[%c0] : memref<1x{mt}{space}>"]
    consts = [f"        %o{i} = arith.constant {base} : index",
              f"        %o{i}b = arith.constant {base + 8} : index"]
    args, types = [f"%a{i}", f"%b{i}"], [f"memref<1x{mt}{space}>", mt]
    if form["element"] == "cas":
        consts.append(f"        %o{i}c = arith.constant {base + 16} : index")
        lines += [f"        %cv{i} = memref.view {buf}[%o{i}c][] : {ty} to "
                  f"memref<1x{mt}{space}>",
                  f"        %c{i} = memref.load %cv{i}[%c0] : "
                  f"memref<1x{mt}{space}>"]
        args.append(f"%c{i}")
        types.append(mt)
    if has_d:
        args.insert(0, f"%d_{mt}")
        types.insert(0, f"memref<1x{mt}, #tile.reg>")
    lines.append(f'        tile.apply "{opcode}" ({", ".join(args)}) '
                 f'scope(thread) : {", ".join(types)}')
    if has_d:
        consts.append(f"        %o{i}d = arith.constant {base + 24} : index")
        lines += [f"        %dv{i} = memref.view {buf}[%o{i}d][] : {ty} to "
                  f"memref<1x{mt}{space}>",
                  f"        %dd{i} = memref.load %d_{mt}[%c0] : "
                  f"memref<1x{mt}, #tile.reg>",
                  f"        memref.store %dd{i}, %dv{i}[%c0] : "
                  f"memref<1x{mt}{space}>"]
    return consts + lines


def cases(table):
    """(opcode, form, shared, old, b, c) for every case, global ones
    first."""
    # The atomics of memory operands (global and the CTA's shared memory;
    # .shared::cluster's, through mapa's register, are dsmem-atomics.mlir's).
    # The vector forms (several elements) are vector-atomics.mlir's.
    forms = [f for f in table["forms"]
             if f.get("element") and f["instances"][0]["sm"] <= 90 and
             f["semantics"] == "atomic" and
             all(o.get("atom", 1) == 1 for o in f["operands"])]
    out = []
    for shared in (False, True):
        for f in forms:
            opcode = f["instances"][0]["opcode"]
            if ("shared" in opcode) != shared:
                continue
            for old, b, c in operands(f):
                out.append((opcode, f, shared, old, b, c))
    return out


def to_f32(bits):
    return np.array([bits], np.uint32).view(np.float32)[0]


def f32_bits(x):
    return int(np.array([x], np.float32).view(np.uint32)[0])


def ftz32(bits):
    """`bits` with a subnormal flushed to zero of its sign."""
    return bits & 0x80000000 if bits & 0x7F800000 == 0 else bits


def add_f32(a, b, flush):
    """a + b rounded to nearest even; with `flush`, subnormal sources and
    results flushed to zero of their sign."""
    if flush:
        a, b = ftz32(a), ftz32(b)
    with np.errstate(all="ignore"):
        r = f32_bits(np.float32(to_f32(a)) + np.float32(to_f32(b)))
    if r & 0x7F800000 == 0x7F800000 and r & 0x7FFFFF:
        return 0x7FFFFFFF
    return ftz32(r) if flush else r


def is_nan64(x):
    return x & 0x7FF0000000000000 == 0x7FF0000000000000 and \
        x & 0xFFFFFFFFFFFFF


def add_f64(a, b):
    for x in (a, b):
        if is_nan64(x):
            return x | (1 << 51)
    fa, fb = (struct.unpack("<d", struct.pack("<Q", x))[0] for x in (a, b))
    if abs(fa) == float("inf") and fa == -fb:
        return 0xFFF8000000000000
    return F64(fa + fb)


def add_half(a, b, bf16):
    """a + b of two f16 (or bf16) lanes, rounded to nearest even, with
    subnormals; a NaN result the canonical 0x7FFF."""
    def value(x):
        if bf16:
            return np.array([x << 16], np.uint32).view(np.float32)[0]
        return np.float32(np.array([x], np.uint16).view(np.float16)[0])
    with np.errstate(all="ignore"):
        r = np.float32(value(a)) + np.float32(value(b))
        if np.isnan(r):
            return 0x7FFF
        if not bf16:
            return int(np.array([r], np.float16).view(np.uint16)[0])
    bits = f32_bits(r)
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16


def signed(v, bits):
    return v - (1 << bits) if v >> (bits - 1) else v


def expected(form, shared, old, b, c):
    """What memory holds after `form` on (old, b, c), in shared memory
    where `shared`."""
    ty, element = form["types"][0], form["element"]
    info = instr_table.types()[ty]
    bits = info["bits"]
    mask = (1 << bits) - 1
    op = element.split(".")[0]
    if element == "exch":
        return b
    if element == "cas":
        return c if old == b else old
    if element == "inc":
        return 0 if old >= b else old + 1
    if element == "dec":
        return b if old == 0 or old > b else old - 1
    fmt = info.get("format")
    if fmt in ("f16", "bf16"):
        return sum(add_half((old >> k) & 0xFFFF, (b >> k) & 0xFFFF,
                            fmt == "bf16") << k
                   for k in range(0, bits, 16))
    if fmt == "f32":
        # The ISA says atom/red.add.f32 flush subnormals. Measured on the
        # H200 (docs/GPU-Results.md, 2026-12-05): in global memory they
        # do; in shared memory they keep subnormal sources and results.
        return add_f32(old, b, flush=not shared)
    if fmt == "f64":
        return add_f64(old, b)
    if op in ("min", "max"):
        key = (lambda v: signed(v, bits)) if ty.startswith("s") else int
        pick = min if op == "min" else max
        return pick(old, b, key=key)
    return {"and": old & b, "or": old | b, "xor": old ^ b,
            "add": (old + b) & mask}[op]


def check_lines(rows):
    """FileCheck lines of the printed rows."""
    out = [f"// CHECK: sizes = [{len(rows)}, 8] strides = [8, 1]"]
    for i, (_, form, shared, old, b, c) in enumerate(rows):
        ty = form["types"][0]
        bits = type_bits(ty)
        has_d = form["operands"][0]["kind"] == "register"
        w = words(expected(form, shared, old, b, c), bits) + \
            words(b, bits) + \
            words(c, bits) + (words(old, bits) if has_d else [FILL, FILL])
        text = ", ".join(str(x - (1 << 32) if x >> 31 else x) for x in w)
        if i == 0:
            out.append(f"// CHECK-NEXT: {{{{\\[\\[}}}}{text}]")
        else:
            out.append(f"// CHECK-NEXT: [{text}]")
    return out


def main():
    rows = cases(instr_table.table())
    if "--checks" in sys.argv:
        print("\n".join(check_lines(rows)))
        return
    n = len(rows)
    n_global = sum(1 for r in rows if not r[2])
    init, body = [], []
    for i, (opcode, form, shared, old, b, c) in enumerate(rows):
        ty = form["types"][0]
        bits = type_bits(ty)
        init += words(old, bits) + words(b, bits) + words(c, bits) + \
            [FILL, FILL]
        body += case_ops(i, opcode, form, shared)
    data = struct.pack(f"<{len(init)}I", *init)
    signed = [x - 256 if x >= 128 else x for x in data]
    nb = 32 * n
    lo, hi = 32 * n_global, nb
    body = "\n".join(body)
    # One register tile per container holds each case's d.
    containers = sorted({mlir_type(f["types"][0]) for _, f, *_ in rows})
    tiles = "\n".join(f"      %d_{t} = tile.alloc_local : memref<1x{t}, "
                      f"#tile.reg>" for t in containers)
    print(f"""// Generated by utils/measure/atomics/gen.py: do not edit.
#WS = #gpu.address_space<workgroup>
!Gl = memref<{nb}xi8>
!Sh = memref<{nb}xi8, #WS>
module attributes {{gpu.container_module}} {{
  memref.global "private" constant @rows : !Gl = dense<{signed}>
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {{
    gpu.func @k(%D: !Gl) workgroup(%S: !Sh) kernel {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %lo = arith.constant {lo} : index
      %hi = arith.constant {hi} : index
{tiles}
      scf.for %i = %lo to %hi step %c1 {{
        %v = memref.load %D[%i] : !Gl
        memref.store %v, %S[%i] : !Sh
      }}
{body}
      scf.for %i = %lo to %hi step %c1 {{
        %v = memref.load %S[%i] : !Sh
        memref.store %v, %D[%i] : !Gl
      }}
      gpu.return
    }}
  }}
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init = memref.get_global @rows : !Gl
    %D = gpu.alloc () : !Gl
    gpu.memcpy %D, %init : !Gl, !Gl
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%D : !Gl)
    %out = memref.alloc() : !Gl
    gpu.memcpy %out, %D : !Gl, !Gl
    %rows = memref.view %out[%c0][] : !Gl to memref<{n}x8xi32>
    %u = memref.cast %rows : memref<{n}x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }}
}}""")
    # The cases, for reading the output: one comment line per row.
    for i, (opcode, _, _, old, b, c) in enumerate(rows):
        print(f"// row {i}: {opcode} old={old:#x} b={b:#x} c={c:#x}")


if __name__ == "__main__":
    main()
