// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// The 8-bit and packed matrix moves: on the arch-specific and family chips
// of sm_100 and up alone, with two registers a 16 x 16 matrix and one an
// 8 x 16 or 16 x 8 one, 16-byte rows of i8, and the spellings ptxas 13.0
// rejects refused.

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx86">] {
  gpu.func @k() workgroup(%s: memref<512xi8, #WS>) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 16, 16], strides: [0, 16, 1] : memref<512xi8, #WS> to memref<32x16x16xi8, strided<[0, 16, 1]>, #WS>
    %r = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{'ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8' requires sm_100a, sm_100f, sm_103a, sm_103f, sm_110a, sm_110f, sm_120a, sm_120f, sm_121a or sm_121f (arch- and family-specific targets only), but the target is sm_90a}}
    tile.apply "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8" (%r, %v) scope(warp) : memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x16x16xi8, strided<[0, 16, 1]>, #WS>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_120", features = "+ptx87">] {
  gpu.func @k() workgroup(%s: memref<512xi8, #WS>) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 8, 16], strides: [0, 16, 1] : memref<512xi8, #WS> to memref<32x8x16xi8, strided<[0, 16, 1]>, #WS>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{'ldmatrix.sync.aligned.m8n16.x1.shared.b8x16.b6x16_p32' requires sm_100a, sm_100f, sm_103a, sm_103f, sm_110a, sm_110f, sm_120a, sm_120f, sm_121a or sm_121f (arch- and family-specific targets only), but the target is sm_120}}
    tile.apply "ldmatrix.sync.aligned.m8n16.x1.shared.b8x16.b6x16_p32" (%r, %v) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x8x16xi8, strided<[0, 16, 1]>, #WS>
    gpu.return
  }
}

// -----

// One register where .m16n16 fills two.
#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @k() workgroup(%s: memref<512xi8, #WS>) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 16, 16], strides: [0, 16, 1] : memref<512xi8, #WS> to memref<32x16x16xi8, strided<[0, 16, 1]>, #WS>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{operand #0 ('r') of 'ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8': expected atom extent 2 (native registers per instruction), got 1}}
    tile.apply "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8" (%r, %v) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x16x16xi8, strided<[0, 16, 1]>, #WS>
    gpu.return
  }
}

// -----

// 8 rows where .m16n16 has 16.
#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @k() workgroup(%s: memref<512xi8, #WS>) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 8, 16], strides: [0, 16, 1] : memref<512xi8, #WS> to memref<32x8x16xi8, strided<[0, 16, 1]>, #WS>
    %r = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{operand #1 ('p') of 'ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8': expected the warp's matrices with coordinates (32, <matrix axes of 1 matrices>, 16, 16)}}
    tile.apply "ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8" (%r, %v) scope(warp) : memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x8x16xi8, strided<[0, 16, 1]>, #WS>
    gpu.return
  }
}

// -----

// Spellings ptxas rejects: .m16n16 without .trans, .trans on .m8n16, .x4
// on .m16n16, stmatrix .m16n8 without .trans, b16 elements at .m16n16.
#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @k() workgroup(%s: memref<512xi8, #WS>) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 16, 16], strides: [0, 16, 1] : memref<512xi8, #WS> to memref<32x16x16xi8, strided<[0, 16, 1]>, #WS>
    %r = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{'ldmatrix.b8' requires .trans in 'ldmatrix.sync.aligned.m16n16.x1.shared.b8'}}
    tile.apply "ldmatrix.sync.aligned.m16n16.x1.shared.b8" (%r, %v) scope(warp) : memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x16x16xi8, strided<[0, 16, 1]>, #WS>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @k() workgroup(%s: memref<512xi8, #WS>) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 8, 16], strides: [0, 16, 1] : memref<512xi8, #WS> to memref<32x8x16xi8, strided<[0, 16, 1]>, #WS>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{qualifiers .trans, .m8n16 cannot be combined for 'ldmatrix' in 'ldmatrix.sync.aligned.m8n16.x1.trans.shared.b8x16.b6x16_p32'}}
    tile.apply "ldmatrix.sync.aligned.m8n16.x1.trans.shared.b8x16.b6x16_p32" (%r, %v) scope(warp) : memref<32x1xi32, strided<[0, 1]>, #tile.reg>, memref<32x8x16xi8, strided<[0, 16, 1]>, #WS>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @k() workgroup(%s: memref<512xi8, #WS>) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 8, 16], strides: [0, 16, 1] : memref<512xi8, #WS> to memref<32x8x16xi8, strided<[0, 16, 1]>, #WS>
    %r = tile.alloc_local : memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{'stmatrix.b8' requires .trans in 'stmatrix.sync.aligned.m16n8.x1.shared.b8'}}
    tile.apply "stmatrix.sync.aligned.m16n8.x1.shared.b8" (%v, %r) scope(warp) : memref<32x8x16xi8, strided<[0, 16, 1]>, #WS>, memref<32x1xi32, strided<[0, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @k() workgroup(%s: memref<2048xi8, #WS>) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 4, 16, 16], strides: [0, 256, 16, 1] : memref<2048xi8, #WS> to memref<32x4x16x16xi8, strided<[0, 256, 16, 1]>, #WS>
    %r = tile.alloc_local : memref<32x8xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{qualifier .x4 is not allowed for 'ldmatrix.b8'}}
    tile.apply "ldmatrix.sync.aligned.m16n16.x4.trans.shared.b8" (%r, %v) scope(warp) : memref<32x8xi32, strided<[0, 1]>, #tile.reg>, memref<32x4x16x16xi8, strided<[0, 256, 16, 1]>, #WS>
    gpu.return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
  gpu.func @k() workgroup(%s: memref<512xi8, #WS>) kernel {
    %v = memref.reinterpret_cast %s to offset: [0], sizes: [32, 16, 16], strides: [0, 16, 1] : memref<512xi8, #WS> to memref<32x16x16xi8, strided<[0, 16, 1]>, #WS>
    %r = tile.alloc_local : memref<32x2xi32, strided<[0, 1]>, #tile.reg>
    // expected-error @+1 {{'ldmatrix.sync.aligned.m16n16.x1.trans.b8' is not supported: generic addressing (no state space) is not supported: the operand is a workgroup memref, so write .shared (or .shared::cta)}}
    tile.apply "ldmatrix.sync.aligned.m16n16.x1.trans.b8" (%r, %v) scope(warp) : memref<32x2xi32, strided<[0, 1]>, #tile.reg>, memref<32x16x16xi8, strided<[0, 16, 1]>, #WS>
    gpu.return
  }
}
