// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s
// RUN: tile-opt %s -split-input-file -tile-check-targets -tile-expand-repeats -verify-diagnostics | FileCheck %s --check-prefix=EXPAND

// ldmatrix, stmatrix and movmatrix: the registers are fragments spread over
// the lanes of a warp; the shared-memory operand is the warp's matrices,
// (group, repeat, matrix..., row, column), every lane addressing the row the
// table's map gives it.

!S = memref<16x16xbf16, #gpu.address_space<workgroup>>
!V4 = memref<32x2x2x8x8xbf16, strided<[0, 8, 128, 16, 1]>, #gpu.address_space<workgroup>>
!R4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "ldmatrix.sync.aligned.m8n8.x4.shared.b16"(%{{.*}}, %{{.*}}) scope(warp)
// CHECK: tile.apply "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16"(%{{.*}}, %{{.*}}) scope(warp)
// CHECK: tile.apply "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16"(%{{.*}}, %{{.*}}) scope(warp)
// CHECK: tile.apply "movmatrix.sync.aligned.m8n8.trans.b16"(%{{.*}}, %{{.*}}) scope(warp)
// CHECK: tile.apply "ldmatrix.sync.aligned.m8n8.x1.shared.b16"(%{{.*}}, %{{.*}}) scope(cta)
// The lane's row of the .x4 view: matrix (lane / 8) % 4 split over the
// matrix axes (2, 2), row lane % 8.
// EXPAND-LABEL: gpu.func @k
// EXPAND: %[[LANE:.*]] = gpu.lane_id
// EXPAND: %[[Q:.*]] = arith.divui %[[LANE]], %c8 :
// EXPAND: %[[M0:.*]] = arith.remui %[[Q]], %c4 :
// EXPAND: %[[M1:.*]] = arith.muli %[[M0]], %c1 :
// EXPAND: %[[M:.*]] = arith.addi %{{.*}}, %[[M1]] :
// EXPAND: %[[L1:.*]] = arith.divui %[[LANE]], %c1{{[_0-9]*}} :
// EXPAND: %[[R0:.*]] = arith.remui %[[L1]], %c8{{[_0-9]*}} :
// EXPAND: %[[R1:.*]] = arith.muli %[[R0]], %c1{{[_0-9]*}} :
// EXPAND: %[[R:.*]] = arith.addi %{{.*}}, %[[R1]] :
// EXPAND: %[[J:.*]] = arith.remui %[[M]], %c2{{[_0-9]*}} :
// EXPAND: %[[I0:.*]] = arith.divui %[[M]], %c2{{[_0-9]*}} :
// EXPAND: %[[I:.*]] = arith.remui %[[I0]], %c2{{[_0-9]*}} :
// EXPAND: memref.subview %{{.*}}[%[[LANE]], %[[I]], %[[J]], %[[R]], 0] [1, 1, 1, 1, 8] [1, 1, 1, 1, 1] : memref<32x2x2x8x8xbf16, strided<[0, 8, 128, 16, 1]>, #gpu.address_space<workgroup>> to memref<8xbf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
// EXPAND: tile.apply "ldmatrix.sync.aligned.m8n8.x4.shared.b16"(%{{.*}}, %{{.*}}) scope(thread) : memref<4xi32, strided<[1]>, #tile.reg>, memref<8xbf16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%s: !S) kernel {
    %v4 = memref.reinterpret_cast %s to offset: [0], sizes: [32, 2, 2, 8, 8], strides: [0, 8, 128, 16, 1] : !S to !V4
    %r4 = tile.alloc_local : !R4
    tile.apply "ldmatrix.sync.aligned.m8n8.x4.shared.b16" (%r4, %v4) scope(warp) : !R4, !V4
    // Two repeats of .x2 .trans: the matrices of rows 0-7, then rows 8-15.
    %v2 = memref.reinterpret_cast %s to offset: [0], sizes: [32, 2, 2, 8, 8], strides: [0, 128, 8, 16, 1] : !S to memref<32x2x2x8x8xbf16, strided<[0, 128, 8, 16, 1]>, #gpu.address_space<workgroup>>
    %r2 = tile.alloc_local : memref<32x2x2xi32, strided<[0, 2, 1]>, #tile.reg>
    tile.apply "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16" (%r2, %v2) scope(warp) : memref<32x2x2xi32, strided<[0, 2, 1]>, #tile.reg>, memref<32x2x2x8x8xbf16, strided<[0, 128, 8, 16, 1]>, #gpu.address_space<workgroup>>
    tile.apply "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16" (%v4, %r4) scope(warp) : !V4, !R4
    %a = memref.subview %r4[0, 0] [32, 1] [1, 1] : !R4 to memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    %d = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    tile.apply "movmatrix.sync.aligned.m8n8.trans.b16" (%d, %a) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // Four warps, each its own matrix (rows 2 w .. 2 w + 7 of the tile).
    %vc = memref.reinterpret_cast %s to offset: [0], sizes: [4, 32, 8, 8], strides: [32, 0, 16, 1] : !S to memref<4x32x8x8xbf16, strided<[32, 0, 16, 1]>, #gpu.address_space<workgroup>>
    %rc = tile.alloc_local : memref<4x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
    tile.apply "ldmatrix.sync.aligned.m8n8.x1.shared.b16" (%rc, %vc) scope(cta) : memref<4x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, memref<4x32x8x8xbf16, strided<[32, 0, 16, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

!S = memref<16x16xbf16, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%s: !S) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 2, 8, 8], strides: [0, 8, 16, 1] : !S to memref<32x2x8x8xbf16, strided<[0, 8, 16, 1]>, #gpu.address_space<workgroup>>
    %r = tile.alloc_local : memref<32x4xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{operand #1 ('p') of 'ldmatrix.sync.aligned.m8n8.x4.shared.b16': the matrix axes hold 2 matrices, but the form moves 4: expected (32, <matrix axes of 4 matrices>, 8, 8)}}
    tile.apply "ldmatrix.sync.aligned.m8n8.x4.shared.b16" (%r, %v) scope(warp) : memref<32x4xi32, strided<[0, 1]>, #tile.reg>, memref<32x2x8x8xbf16, strided<[0, 8, 16, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

!S = memref<16x16xbf16, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%s: !S) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 8, 8], strides: [0, 16, 2] : !S to memref<32x8x8xbf16, strided<[0, 16, 2]>, #gpu.address_space<workgroup>>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{each lane's row is 8 consecutive elements: expected stride 1 on the column axis}}
    tile.apply "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16" (%r, %v) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x8x8xbf16, strided<[0, 16, 2]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

!S = memref<16x16xbf16, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%s: !S) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 8, 8], strides: [16, 16, 1] : !S to memref<32x8x8xbf16, strided<[16, 16, 1]>, #gpu.address_space<workgroup>>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{the lanes of a warp share its matrices: expected stride 0 on the lane axis}}
    tile.apply "ldmatrix.sync.aligned.m8n8.x1.shared.b16" (%r, %v) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x8x8xbf16, strided<[16, 16, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

!S = memref<16x16xbf16, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%s: !S) kernel {
    %v = memref.reinterpret_cast %s to offset: [4], sizes: [32, 8, 8], strides: [0, 16, 1] : !S to memref<32x8x8xbf16, strided<[0, 16, 1], offset: 4>, #gpu.address_space<workgroup>>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{each row is a 16-byte access and must be 16-byte aligned, but the layout puts one at a multiple of 8 bytes}}
    tile.apply "stmatrix.sync.aligned.m8n8.x1.shared.b16" (%v, %r) scope(warp) : memref<32x8x8xbf16, strided<[0, 16, 1], offset: 4>, #gpu.address_space<workgroup>>, memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

!S = memref<16x16xbf16, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%s: !S) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 8, 8], strides: [0, 12, 1] : !S to memref<32x8x8xbf16, strided<[0, 12, 1]>, #gpu.address_space<workgroup>>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{each row is a 16-byte access and must be 16-byte aligned, but the layout puts one at a multiple of 24 bytes}}
    tile.apply "ldmatrix.sync.aligned.m8n8.x1.shared.b16" (%r, %v) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x8x8xbf16, strided<[0, 12, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

!S = memref<16x16xbf16, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() workgroup(%s: !S) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 3, 8, 8], strides: [0, 128, 16, 1] : !S to memref<32x3x8x8xbf16, strided<[0, 128, 16, 1]>, #gpu.address_space<workgroup>>
    %r = tile.alloc_local : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>
    // expected-error @+1 {{expected the warp's matrices with coordinates (32, 2, <matrix axes of 1 matrices>, 8, 8), got}}
    tile.apply "ldmatrix.sync.aligned.m8n8.x1.shared.b16" (%r, %v) scope(warp) : memref<32x2x1xi32, strided<[0, 1, 1]>, #tile.reg>, memref<32x3x8x8xbf16, strided<[0, 128, 16, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%g: memref<32x8x8xbf16, strided<[0, 8, 1]>>) kernel {
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{expected a memref in the workgroup memory space (#gpu.address_space<workgroup> or 3) for the .shared state space}}
    tile.apply "ldmatrix.sync.aligned.m8n8.x1.shared.b16" (%r, %g) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x8x8xbf16, strided<[0, 8, 1]>>
    gpu.return
  }
}

// -----

!S = memref<8x8xbf16, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%p: i1) workgroup(%s: !S) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 8, 8], strides: [0, 8, 1] : !S to memref<32x8x8xbf16, strided<[0, 8, 1]>, #gpu.address_space<workgroup>>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{'pred' is not allowed on 'ldmatrix.sync.aligned.m8n8.x1.shared.b16': .aligned needs every lane of the warp to execute it}}
    tile.apply "ldmatrix.sync.aligned.m8n8.x1.shared.b16" (%r, %v) pred(%p) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x8x8xbf16, strided<[0, 8, 1]>, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

!S = memref<8x8xbf16, #gpu.address_space<workgroup>>
gpu.module @m [#nvvm.target<chip = "sm_80">] {
  gpu.func @k() workgroup(%s: !S) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 8, 8], strides: [0, 8, 1] : !S to memref<32x8x8xbf16, strided<[0, 8, 1]>, #gpu.address_space<workgroup>>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{'stmatrix.sync.aligned.m8n8.x1.shared.b16' requires sm_90 or newer, but the target is sm_80}}
    tile.apply "stmatrix.sync.aligned.m8n8.x1.shared.b16" (%v, %r) scope(warp) : memref<32x8x8xbf16, strided<[0, 8, 1]>, #gpu.address_space<workgroup>>, memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k() kernel {
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{'movmatrix.b16' requires .trans in 'movmatrix.sync.aligned.m8n8.b16'}}
    tile.apply "movmatrix.sync.aligned.m8n8.b16" (%r, %r) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}
