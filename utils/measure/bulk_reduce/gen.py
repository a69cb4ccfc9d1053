#!/usr/bin/env python3
"""Writes reduce.mlir: every element operation of cp.reduce.async.bulk
into global memory (each operator and type the table has, .noftz for the
16-bit float adds) on chosen operands, for the H200 and the CPU backend.

Each case is 16 bytes: a destination of 4 words in global memory, reduced
with a source of 4 words in shared memory by one
cp.reduce.async.bulk.global.shared::cta.bulk_group.<op>.<type> of 16
bytes. One thread issues them all, commits and waits for the group; the
host prints each case's destination words (i32, as printMemrefI32 shows
them), one row per case, in the order of CASES. The operands probe what
the ISA leaves open: rounding (ties and above-tie sums), subnormal inputs
and results (flushed or kept), NaN payloads and signs, infinities of
opposite sign, signed zeros, min/max of NaN and of zeros, and the integer
operators' wrap-around (inc, dec) and signedness. Then the tensor form
(cp.reduce.async.bulk.tensor.2d ... .add.tile.bulk_group) through a
FLOAT32 tensor map: a 4 x 4 f32 tensor holding the destinations of the
first three f32 cases and 1, 2, 3, 4, reduced with a box of their sources
and 0.5, 0.25, -2, -4; its 16 words, printed the same way.

python3 utils/measure/bulk_reduce/gen.py > reduce.mlir
"""
import struct

F32 = lambda x: struct.unpack("<I", struct.pack("<f", x))[0]  # noqa: E731
F64 = lambda x: struct.unpack("<Q", struct.pack("<d", x))[0]  # noqa: E731


def f16(x):
    return struct.unpack("<H", struct.pack("<e", x))[0]


def bf16(x):
    return F32(x) >> 16  # exact for the values used


# (op, type, element bits, [(dst, src)] bit patterns) filling 16 bytes.
CASES = [
    ("add", "f32", 32, [(F32(1.0), F32(2.0 ** -24)),
                        (F32(1.0), F32(3 * 2.0 ** -24)),
                        (F32(2.0 ** -140), F32(2.0 ** -140)),
                        (F32(2.0 ** -126), F32(-2.0 ** -127))]),
    ("add", "f32", 32, [(0x7fc12345, F32(1.0)), (F32(1.0), 0xffa00001),
                        (0x7f800000, 0xff800000), (0x80000000, 0x80000000)]),
    ("add", "f32", 32, [(0, 0x80000000), (0x7f7fffff, 0x7f7fffff),
                        (F32(-1.0), F32(1.0)), (F32(1.5), 1)]),
    ("add", "f64", 64, [(F64(1.0), F64(2.0 ** -53)),
                        (F64(1.0), F64(3 * 2.0 ** -53))]),
    ("add", "f64", 64, [(F64(2.0 ** -1070), F64(2.0 ** -1070)),
                        (F64(2.0 ** -1022), F64(-2.0 ** -1023))]),
    ("add", "f64", 64, [(0x7ff8000012345678, F64(1.0)),
                        (0x7ff0000000000000, 0xfff0000000000000)]),
    ("add.noftz", "f16", 16, [(f16(1.0), f16(2.0 ** -11)),
                              (f16(1.0), f16(3 * 2.0 ** -11)),
                              (0x0001, 0x0001), (0x0400, 0x8200),
                              (0x7e01, f16(1.0)), (0x7c00, 0xfc00),
                              (0x8000, 0x8000), (0x0000, 0x8000)]),
    ("add.noftz", "bf16", 16, [(bf16(1.0), bf16(2.0 ** -8)),
                               (bf16(1.0), bf16(3 * 2.0 ** -8)),
                               (0x0001, 0x0001), (0x0080, 0x8040),
                               (0x7fc1, bf16(1.0)), (0x7f80, 0xff80),
                               (0x8000, 0x8000), (0x0000, 0x8000)]),
]
for op in ("min", "max"):
    CASES.append((op, "f16", 16, [(0x7e01, f16(1.0)), (f16(1.0), 0x7e01),
                                  (0x8000, 0x0000), (0x0000, 0x8000),
                                  (0x7d00, f16(2.0)), (0xfc00, f16(1.0)),
                                  (0x0001, 0x8001), (f16(3.0), f16(2.0))]))
    CASES.append((op, "bf16", 16, [(0x7fc1, bf16(1.0)), (bf16(1.0), 0x7fc1),
                                   (0x8000, 0x0000), (0x0000, 0x8000),
                                   (0x7fa0, bf16(2.0)), (0xff80, bf16(1.0)),
                                   (0x0001, 0x8001),
                                   (bf16(3.0), bf16(2.0))]))
M32 = 0xffffffff
CASES += [
    ("add", "u32", 32, [(M32, 2), (5, 7), (0x80000000, 0x80000000), (0, 0)]),
    ("add", "s32", 32, [(M32, 2), (0x7fffffff, 1), (0xfffffffe, M32), (3, 4)]),
    ("inc", "u32", 32, [(5, 5), (3, 5), (6, 5), (M32, M32)]),
    ("inc", "u32", 32, [(0, 0), (M32 - 1, M32), (7, 0), (0, 1)]),
    ("dec", "u32", 32, [(0, 5), (7, 5), (3, 5), (5, 5)]),
    ("dec", "u32", 32, [(0, 0), (1, 0), (M32, M32), (1, M32)]),
    ("min", "u32", 32, [(0xfffffffe, 1), (1, 0xfffffffe), (7, 7), (0, M32)]),
    ("max", "u32", 32, [(0xfffffffe, 1), (1, 0xfffffffe), (7, 7), (0, M32)]),
    ("min", "s32", 32, [(0xfffffffe, 1), (1, 0xfffffffe), (0x80000000, 0x7fffffff), (0, M32)]),
    ("max", "s32", 32, [(0xfffffffe, 1), (1, 0xfffffffe), (0x80000000, 0x7fffffff), (0, M32)]),
    ("and", "b32", 32, [(0xf0f0f0f0, 0xff00ff00), (M32, 0x12345678), (0, M32), (0xaaaaaaaa, 0x55555555)]),
    ("or", "b32", 32, [(0xf0f0f0f0, 0xff00ff00), (M32, 0x12345678), (0, M32), (0xaaaaaaaa, 0x55555555)]),
    ("xor", "b32", 32, [(0xf0f0f0f0, 0xff00ff00), (M32, 0x12345678), (0, M32), (0xaaaaaaaa, 0x55555555)]),
    ("add", "u64", 64, [(2 ** 64 - 1, 2), (2 ** 32 - 1, 1)]),
    ("min", "u64", 64, [(2 ** 64 - 2, 1), (2 ** 40, 2 ** 40 + 1)]),
    ("max", "u64", 64, [(2 ** 64 - 2, 1), (2 ** 40, 2 ** 40 + 1)]),
    ("min", "s64", 64, [(2 ** 64 - 2, 1), (2 ** 63, 2 ** 63 - 1)]),
    ("max", "s64", 64, [(2 ** 64 - 2, 1), (2 ** 63, 2 ** 63 - 1)]),
    ("and", "b64", 64, [(0xf0f0f0f0f0f0f0f0, 0xff00ff00ff00ff00), (2 ** 64 - 1, 0x123456789abcdef0)]),
    ("or", "b64", 64, [(0xf0f0f0f0f0f0f0f0, 0xff00ff00ff00ff00), (0, 0x123456789abcdef0)]),
    ("xor", "b64", 64, [(0xf0f0f0f0f0f0f0f0, 0xff00ff00ff00ff00), (2 ** 64 - 1, 0x123456789abcdef0)]),
]


ELEMENT = {"f32": "f32", "f64": "f64", "f16": "f16", "bf16": "bf16",
           "u32": "i32", "s32": "i32", "b32": "i32", "u64": "i64",
           "s64": "i64", "b64": "i64"}


def case_bytes(bits, pairs, which):
    data = b"".join(int(p[which]).to_bytes(bits // 8, "little")
                    for p in pairs)
    assert len(data) == 16, len(pairs)
    return list(data)


def main():
    n = len(CASES)
    nb = 16 * n
    dst = [b for _, _, w, p in CASES for b in case_bytes(w, p, 0)]
    src = [b for _, _, w, p in CASES for b in case_bytes(w, p, 1)]
    # i8 constants are signed.
    dst = [b - 256 if b > 127 else b for b in dst]
    src = [b - 256 if b > 127 else b for b in src]
    ops = []
    for i, (op, ty, bits, _) in enumerate(CASES):
        t = f"memref<{128 // bits}x{ELEMENT[ty]}"
        ops.append(f"""        %o{i} = arith.constant {16 * i} : index
        %d{i} = memref.view %D[%o{i}][] : memref<{nb}xi8> to {t}>
        %s{i} = memref.view %S[%o{i}][] : !Sh to {t}, #WS>
        tile.apply "cp.reduce.async.bulk.global.shared::cta.bulk_group.{op}.{ty}" (%d{i}, %s{i}, %c16) scope(thread) : {t}>, {t}, #WS>, i32""")
    body = "\n".join(ops)
    signed = lambda w: w - 2 ** 32 if w >= 2 ** 31 else w  # noqa: E731
    f32 = [p for op, ty, _, ps in CASES[:3] for p in ps]
    tdst = [signed(d) for d, _ in f32] + [F32(x) for x in (1, 2, 3, 4)]
    tsrc = [signed(s_) for _, s_ in f32] + [signed(F32(x)) for x in
                                            (0.5, 0.25, -2.0, -4.0)]
    print(f"""// Generated by utils/measure/bulk_reduce/gen.py: do not edit.
#WS = #gpu.address_space<workgroup>
!Sh = memref<{nb}xi8, #WS>
module attributes {{gpu.container_module}} {{
  memref.global "private" constant @dst0 : memref<{nb}xi8> = dense<{dst}>
  memref.global "private" constant @src0 : memref<{nb}xi8> = dense<{src}>
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {{
    gpu.func @kt(%map: memref<128xi8>, %G: memref<16xf32>) workgroup(%B: memref<16xf32, #WS>) kernel {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      scf.for %i = %c0 to %c16 step %c1 {{
        %v = memref.load %G[%i] : memref<16xf32>
        memref.store %v, %B[%i] : memref<16xf32, #WS>
      }}
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      %at = tile.alloc_local : memref<2xi32, #tile.reg>
      memref.store %zero, %at[%c0] : memref<2xi32, #tile.reg>
      memref.store %zero, %at[%c1] : memref<2xi32, #tile.reg>
      tile.apply "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group" (%map, %at, %B) scope(thread) : memref<128xi8>, memref<2xi32, #tile.reg>, memref<16xf32, #WS>
      tile.apply "cp.async.bulk.commit_group" () scope(thread)
      tile.apply "cp.async.bulk.wait_group" (%zero) scope(thread) : i32
      gpu.return
    }}
    gpu.func @k(%D: memref<{nb}xi8>, %G: memref<{nb}xi8>) workgroup(%S: !Sh) kernel {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cN = arith.constant {nb} : index
      %c16 = arith.constant 16 : i32
      %zero = arith.constant 0 : i32
      %tid = gpu.thread_id x
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {{
        scf.for %i = %c0 to %cN step %c1 {{
          %v = memref.load %G[%i] : memref<{nb}xi8>
          memref.store %v, %S[%i] : !Sh
        }}
        tile.apply "fence.proxy.async.shared::cta" () scope(thread)
{body}
        tile.apply "cp.async.bulk.commit_group" () scope(thread)
        tile.apply "cp.async.bulk.wait_group" (%zero) scope(thread) : i32
      }}
      gpu.return
    }}
  }}
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @tileTensorMapEncodeTiled(memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32)
  memref.global "private" constant @tdst0 : memref<16xi32> = dense<{tdst}>
  memref.global "private" constant @tsrc0 : memref<16xi32> = dense<{tsrc}>
  func.func @main() {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dst0 = memref.get_global @dst0 : memref<{nb}xi8>
    %src0 = memref.get_global @src0 : memref<{nb}xi8>
    %D = gpu.alloc () : memref<{nb}xi8>
    %G = gpu.alloc () : memref<{nb}xi8>
    gpu.memcpy %D, %dst0 : memref<{nb}xi8>, memref<{nb}xi8>
    gpu.memcpy %G, %src0 : memref<{nb}xi8>, memref<{nb}xi8>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%D : memref<{nb}xi8>, %G : memref<{nb}xi8>)
    %out = memref.alloc() : memref<{nb}xi8>
    gpu.memcpy %out, %D : memref<{nb}xi8>, memref<{nb}xi8>
    %rows = memref.view %out[%c0][] : memref<{nb}xi8> to memref<{n}x4xi32>
    %u = memref.cast %rows : memref<{n}x4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    // The tensor form: a 4 x 4 f32 tensor, one box of 4 x 4, no swizzle.
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %f32code = arith.constant 7 : i32
    %none = arith.constant 0 : i32
    %four = arith.constant 4 : i64
    %tdst = memref.get_global @tdst0 : memref<16xi32>
    %tsrc = memref.get_global @tsrc0 : memref<16xi32>
    %hT = memref.alloc() : memref<16xf32>
    %hB = memref.alloc() : memref<16xf32>
    scf.for %i = %c0 to %c16 step %c1 {{
      %a = memref.load %tdst[%i] : memref<16xi32>
      %b = memref.load %tsrc[%i] : memref<16xi32>
      %af = arith.bitcast %a : i32 to f32
      %bf = arith.bitcast %b : i32 to f32
      memref.store %af, %hT[%i] : memref<16xf32>
      memref.store %bf, %hB[%i] : memref<16xf32>
    }}
    %dT = gpu.alloc () : memref<4x4xf32>
    %dT1 = memref.reinterpret_cast %dT to offset: [0], sizes: [16], strides: [1] : memref<4x4xf32> to memref<16xf32>
    %dB = gpu.alloc () : memref<16xf32>
    gpu.memcpy %dT1, %hT : memref<16xf32>, memref<16xf32>
    gpu.memcpy %dB, %hB : memref<16xf32>, memref<16xf32>
    %box = memref.alloc() : memref<2xi64>
    memref.store %four, %box[%c0] : memref<2xi64>
    memref.store %four, %box[%c1] : memref<2xi64>
    %ubox = memref.cast %box : memref<2xi64> to memref<*xi64>
    %map = gpu.alloc () : memref<128xi8>
    %umap = memref.cast %map : memref<128xi8> to memref<*xi8>
    %uT = memref.cast %dT : memref<4x4xf32> to memref<*xf32>
    call @tileTensorMapEncodeTiled(%umap, %uT, %f32code, %ubox, %none, %none) : (memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32) -> ()
    gpu.launch_func @kernels::@kt blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%map : memref<128xi8>, %dB : memref<16xf32>)
    %hR = memref.alloc() : memref<16xf32>
    gpu.memcpy %hR, %dT1 : memref<16xf32>, memref<16xf32>
    %bits = memref.alloc() : memref<4x4xi32>
    scf.for %i = %c0 to %c16 step %c1 {{
      %v = memref.load %hR[%i] : memref<16xf32>
      %w = arith.bitcast %v : f32 to i32
      %r = arith.divui %i, %c4 : index
      %c = arith.remui %i, %c4 : index
      memref.store %w, %bits[%r, %c] : memref<4x4xi32>
    }}
    %ub = memref.cast %bits : memref<4x4xi32> to memref<*xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    return
  }}
}}""")


if __name__ == "__main__":
    main()
