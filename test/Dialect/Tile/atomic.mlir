// RUN: tile-opt %s | FileCheck %s
// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s -tile-check-targets | FileCheck %s

// atom and red: the ordering (.sem.scope, .sem or .scope), the state space
// (.global, .shared, .shared::cta), the operation and type; the memory
// element is a memref of the state space, d a register tile.

!sh = memref<4x1xi32, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // CHECK-LABEL: gpu.func @atomics
  gpu.func @atomics(%g: memref<4x1xi32>, %g64: memref<4x1xi64>, %f: memref<4x1xf32>, %b: i32, %b64: i64, %x: f32) workgroup(%s: !sh) kernel {
    %d = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %d64 = tile.alloc_local : memref<4x1xi64, #tile.reg>
    // CHECK: tile.apply "atom.global.add.u32"
    tile.apply "atom.global.add.u32" (%d, %g, %b) scope(thread) : memref<4x1xi32, #tile.reg>, memref<4x1xi32>, i32
    // CHECK: tile.apply "atom.acq_rel.gpu.shared.cas.b32"
    tile.apply "atom.acq_rel.gpu.shared.cas.b32" (%d, %s, %b, %b) scope(thread) : memref<4x1xi32, #tile.reg>, !sh, i32, i32
    // CHECK: tile.apply "atom.sys.shared::cta.inc.u32"
    tile.apply "atom.sys.shared::cta.inc.u32" (%d, %s, %b) scope(thread) : memref<4x1xi32, #tile.reg>, !sh, i32
    // CHECK: tile.apply "atom.acquire.global.exch.b64"
    tile.apply "atom.acquire.global.exch.b64" (%d64, %g64, %b64) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64>, i64
    // CHECK: tile.apply "atom.global.min.s64"
    tile.apply "atom.global.min.s64" (%d64, %g64, %b64) scope(thread) : memref<4x1xi64, #tile.reg>, memref<4x1xi64>, i64
    // CHECK: tile.apply "red.release.cluster.global.add.f32"
    tile.apply "red.release.cluster.global.add.f32" (%f, %x) scope(thread) : memref<4x1xf32>, f32
    // CHECK: tile.apply "red.shared.xor.b32"
    tile.apply "red.shared.xor.b32" (%s, %d) scope(thread) : !sh, memref<4x1xi32, #tile.reg>
    gpu.return
  }
}
