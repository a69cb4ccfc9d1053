// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// sm_120a's block-scaled mma (.kind::mxf8f6f4, .kind::mxf4, .kind::mxf4nvf4):
// the chips, the selectors' ranges of the ISA's table 37, the kinds'
// scale vectors and scale types, and the scale operands.

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_100a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // the block-scaled kinds are on the sm_120 and sm_121 a/f chips alone
    // expected-error @+1 {{'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0' requires sm_120a, sm_120f, sm_121a or sm_121f (arch- and family-specific targets only), but the target is sm_100a}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %s, %c0, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // 1X: one byte of scale-a-data (0..3)
    // expected-error @+1 {{operand #5 ('byte-id-a') of 'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0': immediate 4 is out of range 0..3}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %s, %c4, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // thread-id-a picks a thread pair of each quad (0 or 1)
    // expected-error @+1 {{operand #6 ('thread-id-a') of 'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0': immediate 2 is out of range 0..1}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %s, %c0, %c2, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // thread-id-b picks a thread of each quad (0..3)
    // expected-error @+1 {{operand #9 ('thread-id-b') of 'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0': immediate 4 is out of range 0..3}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %s, %c0, %c0, %s, %c0, %c4) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // 2X: a byte pair, the low (0) or the high (2)
    // expected-error @+1 {{operand #5 ('byte-id-a') of 'mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0': immediate 1 must be one of 0 2}}
    tile.apply "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0" (%d, %a, %b, %d, %s, %c1, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // 4X: the whole word, byte 0
    // expected-error @+1 {{operand #8 ('byte-id-b') of 'mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3': immediate 2 is out of range 0..0}}
    tile.apply "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3" (%d, %a, %b, %d, %s, %c0, %c0, %s, %c2, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // selectors are immediates, so that their ranges are checked (ptxas 13.0 also takes .b16 registers)
    // expected-error @+1 {{operand #5 ('byte-id-a') of 'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0': expected an immediate: a constant integer in 0..3 (arith.constant), got a value computed at run time}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %s, %x, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // mxf4nvf4's 4X with ue8m0 is PTX ISA 9.1
    // expected-error @+1 {{'mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0' is not supported: mxf4nvf4's .scale_vec::4X with .ue8m0 is documented from PTX ISA 9.1; LLVM 22 and ptxas 13.0 stop at PTX ISA 9.0}}
    tile.apply "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue8m0" (%d, %a, %b, %d, %s, %c0, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // mxf4nvf4 has no default scale_vec
    // expected-error @+1 {{requires one of .kind::mxf4, .scale_vec::2X in 'mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.f32.e2m1.e2m1.f32.ue8m0'}}
    tile.apply "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.f32.e2m1.e2m1.f32.ue8m0" (%d, %a, %b, %d, %s, %c0, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // mxf8f6f4 is 1X only
    // expected-error @+1 {{qualifier .scale_vec::2X is not allowed for 'mma.f32.e4m3.e4m3.f32.ue8m0'}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::2X.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %s, %c0, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // the scale operands are the form's
    // expected-error @+1 {{'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0' expects 10 operands (d, a, b, c, scale-a-data, byte-id-a, thread-id-a, scale-b-data, byte-id-b, thread-id-b), got 4}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d) scope(warp) : !F4, !I4, !I2, !F4
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // scale data is a .b32 register
    // expected-error @+1 {{operand #4 ('scale-a-data') of 'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0': expected a .b32 container (f32 or i32), got 'i16'}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %c0, %c0, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, i16, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // block scaling needs the scale type
    // expected-error @+1 {{qualifier .kind::mxf8f6f4, .block_scale is not allowed for 'mma.f32.e4m3.e4m3.f32'}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32" (%d, %a, %b, %d, %s, %c0, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // and the scale type needs block scaling
    // expected-error @+1 {{'mma.f32.e4m3.e4m3.f32.ue8m0' requires .block_scale in 'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.f32.e4m3.e4m3.f32.ue8m0'}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %s, %c0, %c0, %s, %c0, %c0) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // f32 accumulators only (ptxas 13.0: Unexpected instruction types)
    // expected-error @+1 {{mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f16.e4m3.e4m3.f16.ue8m0}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f16.e4m3.e4m3.f16.ue8m0" (%b, %a, %b, %b, %s, %c0, %c0, %s, %c0, %c0) scope(warp) : !I2, !I4, !I2, !I2, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}

// -----

!F4 = memref<32x4xf32, strided<[0, 1]>, #tile.reg>
!I4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!I2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!I1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_120a", features = "+ptx87">] {
  gpu.func @k(%x: i16, %p: i1) kernel {
    %a = tile.alloc_local : !I4
    %b = tile.alloc_local : !I2
    %d = tile.alloc_local : !F4
    %s = tile.alloc_local : !I1
    %c0 = arith.constant 0 : i16
    %c1 = arith.constant 1 : i16
    %c2 = arith.constant 2 : i16
    %c4 = arith.constant 4 : i16
    // the lanes of a warp meet: no per-lane guard
    // expected-error @+1 {{'pred' is not allowed on 'mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0'}}
    tile.apply "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.f32.e4m3.e4m3.f32.ue8m0" (%d, %a, %b, %d, %s, %c0, %c0, %s, %c0, %c0) pred(%p) scope(warp) : !F4, !I4, !I2, !F4, !I1, i16, i16, !I1, i16, i16
    gpu.return
  }
}
