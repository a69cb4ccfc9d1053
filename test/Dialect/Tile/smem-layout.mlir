// RUN: tile-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(tile-expand-repeats),canonicalize)' | FileCheck %s --check-prefix=EXPAND

// #tile.smem_layout and tile.smem_desc: the descriptor's leading and stride
// byte offsets are solved from the layout and the table's canonical layouts.
// The expected fields, worked by hand from PTX ISA 9.7.15.5.1 (LBO at bit
// 16, SBO at bit 32, both >> 4; swizzle at bit 62: 128B = 1, none = 0):
//   a: K-major 128B, 128x64 bf16: SBO 8 rows x 128 B = 1024, LBO unread
//      (16): 0x4000004000010000; box at [64, 16]: byte 64*128 + 16*2 = 8224.
//   b: MN-major 128B, 64 K x 256 N bf16: atoms of 64 N, 64 rows x 128 B =
//      8192 B apart (LBO), 8 K rows 1024 B apart (SBO):
//      0x4000004002000000; k 16: byte 16*128 = 2048.
//   c: K-major none, 64x32 bf16: atoms of 8 K (16 B), 64 x 16 = 1024 B
//      apart (LBO), 8 rows 128 B apart (SBO): 0x800400000; k 8: byte 1024.
//   d: MN-major none, 16 K x 64 N bf16: 8 N per atom, 16 x 16 = 256 B apart
//      (SBO), 8 K rows 128 B apart (LBO): 0x1000080000.
!S = memref<16384xbf16, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @descs
// CHECK: tile.smem_desc %{{.*}} at [64, 16] box [64, 16] major(k) layout(<128x64xbf16, swizzle = "128B">)
// EXPAND-LABEL: gpu.func @descs
// EXPAND-DAG: arith.constant 4611686293305360384 : i64
// EXPAND-DAG: arith.constant 8224 : i64
// EXPAND-DAG: arith.constant 4611686293338849280 : i64
// EXPAND-DAG: arith.constant 2048 : i64
// EXPAND-DAG: arith.constant 34363932672 : i64
// EXPAND-DAG: arith.constant 1024 : i64
// EXPAND-DAG: arith.constant 68720001024 : i64
// EXPAND-NOT: tile.smem_desc
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @descs(%s: !S, %out: memref<4xi64>) kernel {
    %a = tile.smem_desc %s at [64, 16] box [64, 16] major(k) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : !S
    %b = tile.smem_desc %s at [0, 16] box [256, 16] major(mn) layout(#tile.smem_layout<64x256xbf16, swizzle = "128B">) : !S
    %c = tile.smem_desc %s at [0, 8] box [64, 16] major(k) layout(#tile.smem_layout<64x32xbf16, swizzle = "none">) : !S
    %d = tile.smem_desc %s at [0, 0] box [64, 16] major(mn) layout(#tile.smem_layout<16x64xbf16, swizzle = "none">) : !S
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    memref.store %a, %out[%c0] : memref<4xi64>
    memref.store %b, %out[%c1] : memref<4xi64>
    memref.store %c, %out[%c2] : memref<4xi64>
    memref.store %d, %out[%c3] : memref<4xi64>
    gpu.return
  }
}

// -----

// e4m3 (1-byte elements): 64-byte swizzle, K-major: a row of 64 e4m3, SBO
// 8 x 64 = 512 (0x2000000000), code 2 at bit 62 (0x8000000000000000),
// LBO unread (0x10000); k 32 is byte 32.
!S = memref<8192xf8E4M3FN, 3>
// EXPAND-LABEL: gpu.func @fp8
// EXPAND-DAG: arith.constant -9223371899415756800 : i64
// EXPAND-DAG: arith.constant 32 : i64
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @fp8(%s: !S, %out: memref<1xi64>) kernel {
    %a = tile.smem_desc %s at [0, 32] box [64, 32] major(k) layout(#tile.smem_layout<64x64xf8E4M3FN, swizzle = "64B">) : !S
    %c0 = arith.constant 0 : index
    memref.store %a, %out[%c0] : memref<1xi64>
    gpu.return
  }
}
