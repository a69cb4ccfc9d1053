// RUN: tile-opt %s -split-input-file -tile-check-wgmma -verify-diagnostics | FileCheck %s

// tile-check-wgmma: the registers of a wgmma.mma_async in flight are not
// touched until a wait_group retires its group, on any path (branches,
// loops). Accumulating into the same
// d again, and reading d after wait_group 0 (or after wait_group 1 once a
// later group is committed) verify.

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!V = memref<2xf32, strided<[1]>, #tile.reg>
// CHECK-LABEL: gpu.func @ok
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @ok(%da: i64, %db: i64, %p: i1, %out: memref<2xf32>) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    %e = tile.alloc_local : !D
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%e, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    // One group may stay pending: d's (the older) is retired, e's is not.
    tile.apply "wgmma.wait_group.sync.aligned" (%one) scope(thread) : i32
    %v = memref.reinterpret_cast %d to offset: [0], sizes: [2], strides: [1] : !D to !V
    tile.apply "st.global.v2.f32" (%out, %v) scope(thread) : memref<2xf32>, !V
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    %w = memref.reinterpret_cast %e to offset: [0], sizes: [2], strides: [1] : !D to !V
    tile.apply "st.global.v2.f32" (%out, %w) scope(thread) : memref<2xf32>, !V
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!V = memref<2xf32, strided<[1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @read(%da: i64, %db: i64, %p: i1, %out: memref<2xf32>) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    // expected-note @below {{the wgmma.mma_async issued here}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    %v = memref.reinterpret_cast %d to offset: [0], sizes: [2], strides: [1] : !D to !V
    // expected-error @below {{touches the register tile of the accumulator d of a wgmma.mma_async in flight: wait for it (wgmma.commit_group, then wgmma.wait_group) first}}
    tile.apply "st.global.v2.f32" (%out, %v) scope(thread) : memref<2xf32>, !V
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @pending(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %f = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %d = tile.alloc_local : !D
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    // expected-note @below {{the wgmma.mma_async issued here}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    // wait_group 1 leaves the one group pending.
    tile.apply "wgmma.wait_group.sync.aligned" (%one) scope(thread) : i32
    // expected-error @below {{touches the register tile of the accumulator d}}
    memref.store %f, %d[%c0, %c0, %c0] : !D
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!A = memref<4x32x4xi32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @frag(%db: i64, %p: i1, %x: i32) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %d = tile.alloc_local : !D
    %a = tile.alloc_local : !A
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    // expected-note @below {{the wgmma.mma_async issued here}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16" (%d, %a, %db, %p, %one, %one, %zero) scope(warpgroup) : !D, !A, i64, i1, i32, i32, i32
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-error @below {{touches the register tile of the fragment a}}
      memref.store %x, %a[%c0, %c0, %c0] : !A
    }
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}

// -----

!I = memref<4x32x4xi32, strided<[0, 0, 1]>, #tile.reg>
!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @asA(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !I
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    // expected-note @below {{the wgmma.mma_async issued here}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8" (%d, %da, %db, %p) scope(warpgroup) : !I, i64, i64, i1
    %e = tile.alloc_local : !D
    // A d in flight read as another wgmma's a.
    // expected-error @below {{touches the register tile of the accumulator d}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16" (%e, %d, %db, %p, %one, %one, %zero) scope(warpgroup) : !D, !I, i64, i1, i32, i32, i32
    gpu.return
  }
}

// -----

// Descriptors from tile.smem_desc are checked against the wgmma operand
// they feed: the box is the operand's matrix, the layout's elements its
// elements, the major-ness its transpose immediate's.
#LA = #tile.smem_layout<128x64xbf16, swizzle = "128B">
#LB = #tile.smem_layout<64x256xbf16, swizzle = "128B">
!S = memref<32768xbf16, 3>
!D = memref<4x32x128xf32, strided<[0, 0, 1]>, #tile.reg>
// The first wgmma is right and verifies (no diagnostic).
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @descs(%s: !S, %t: !S, %h: memref<32768xf16, 3>, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    %da = tile.smem_desc %s at [64, 16] box [64, 16] major(k) layout(#LA) : !S
    // expected-note @below {{the descriptor is made here}}
    %db = tile.smem_desc %t at [0, 16] box [256, 16] major(mn) layout(#LB) : !S
    // expected-note @below {{the descriptor is made here}}
    %dk = tile.smem_desc %t at [0, 16] box [256, 16] major(k) layout(#tile.smem_layout<256x64xbf16, swizzle = "128B">) : !S
    // expected-note @below {{the descriptor is made here}}
    %dh = tile.smem_desc %h at [0, 0] box [64, 16] major(k) layout(#tile.smem_layout<64x64xf16, swizzle = "128B">) : memref<32768xf16, 3>
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    tile.apply "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16" (%d, %da, %db, %p, %one, %one, %zero, %one) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    // expected-error @below {{its b-desc is read MN-major (its transpose immediate), but its descriptor was made major(k)}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16" (%d, %da, %dk, %p, %one, %one, %zero, %one) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    // expected-error @below {{its a-desc reads a [64, 16] (mn, k) matrix, but its descriptor names a box of [256, 16]}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16" (%d, %db, %db, %p, %one, %one, %zero, %one) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    // expected-error @below {{its a-desc reads 16-bit bf16 elements, but its descriptor's layout holds 'f16'}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16" (%d, %dh, %db, %p, %one, %one, %zero, %one) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}

// -----

// Across a loop: the last k tile's group is still in flight after a loop
// that waits with wait_group 1, until a wait_group 0.
!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!V = memref<2xf32, strided<[1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @after_loop(%da: i64, %db: i64, %p: i1, %n: index, %out: memref<2xf32>) kernel {
    %one = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    scf.for %i = %c0 to %n step %c1 {
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      // expected-note @below {{the wgmma.mma_async issued here}}
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%one) scope(thread) : i32
    }
    %v = memref.reinterpret_cast %d to offset: [0], sizes: [2], strides: [1] : !D to !V
    // expected-error @below {{touches the register tile of the accumulator d of a wgmma.mma_async in flight}}
    tile.apply "st.global.v2.f32" (%out, %v) scope(thread) : memref<2xf32>, !V
    gpu.return
  }
}

// -----

// In the next iteration: the body reads d before its wgmma, while the
// previous iteration's group may be pending (wait_group 1).
!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!V = memref<2xf32, strided<[1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @next_iteration(%da: i64, %db: i64, %p: i1, %n: index, %out: memref<2xf32>) kernel {
    %one = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    %v = memref.reinterpret_cast %d to offset: [0], sizes: [2], strides: [1] : !D to !V
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{touches the register tile of the accumulator d of a wgmma.mma_async in flight}}
      tile.apply "st.global.v2.f32" (%out, %v) scope(thread) : memref<2xf32>, !V
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      // expected-note @below {{the wgmma.mma_async issued here}}
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%one) scope(thread) : i32
    }
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}

// -----

// Through a branch: a group committed on one path is pending after it.
!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!V = memref<2xf32, strided<[1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @branch(%da: i64, %db: i64, %p: i1, %out: memref<2xf32>) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    %e = tile.alloc_local : !D
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    scf.if %p {
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    }
    // expected-note @below {{the wgmma.mma_async issued here}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%e, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    // The group of e is the newest; on the path through the branch, d's is
    // older and retired by wait_group 1; e's is not.
    tile.apply "wgmma.wait_group.sync.aligned" (%one) scope(thread) : i32
    %v = memref.reinterpret_cast %d to offset: [0], sizes: [2], strides: [1] : !D to !V
    tile.apply "st.global.v2.f32" (%out, %v) scope(thread) : memref<2xf32>, !V
    %w = memref.reinterpret_cast %e to offset: [0], sizes: [2], strides: [1] : !D to !V
    // expected-error @below {{touches the register tile of the accumulator d}}
    tile.apply "st.global.v2.f32" (%out, %w) scope(thread) : memref<2xf32>, !V
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}

// -----

// A commit with nothing pending still makes a group: wait_group 1 then
// keeps only that empty group pending, and d's is retired.
!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!V = memref<2xf32, strided<[1]>, #tile.reg>
// CHECK-LABEL: gpu.func @empty_group
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @empty_group(%da: i64, %db: i64, %p: i1, %out: memref<2xf32>) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%one) scope(thread) : i32
    %v = memref.reinterpret_cast %d to offset: [0], sizes: [2], strides: [1] : !D to !V
    tile.apply "st.global.v2.f32" (%out, %v) scope(thread) : memref<2xf32>, !V
    gpu.return
  }
}
