// RUN: tile-opt %s -split-input-file -tile-check-wgmma -verify-diagnostics | FileCheck %s

// tile-check-wgmma: a wgmma.fence precedes a kernel's first wgmma.mma_async
// on every path, and separates other accesses of a wgmma's d and a register
// tiles from the wgmma.mma_async that reads them (PTX ISA, wgmma.fence),
// through branches and loops. A loop whose body has no wgmma.fence before a
// wgmma.mma_async draws a warning: ptxas 13.0 injects a warpgroup.arrive
// there (C7519), as measured with the kernels of utils/measure.

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!V = memref<2xf32, strided<[1]>, #tile.reg>
// CHECK-LABEL: gpu.func @ok
// CHECK-LABEL: func.func @device
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @ok(%da: i64, %db: i64, %p: i1, %n: index, %out: memref<2xf32>) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d = tile.alloc_local : !D
    // A chain of one shape: ordered without a fence between, also after a
    // wait_group.
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    // Both branches fence.
    scf.if %p {
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    } else {
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    }
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    // A loop whose body fences before its wgmma, and reads d after it.
    scf.for %i = %c0 to %n step %c1 {
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      %v = memref.reinterpret_cast %d to offset: [0], sizes: [2], strides: [1] : !D to !V
      tile.apply "st.global.v2.f32" (%out, %v) scope(thread) : memref<2xf32>, !V
    }
    gpu.return
  }
  // A device function's caller may have fenced.
  func.func @device(%da: i64, %db: i64, %p: i1) {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @nofence(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    // expected-error @below {{no wgmma.fence before this wgmma.mma_async on some path from the kernel's entry (PTX ISA: one must precede the warpgroup's first wgmma.mma_async)}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @onebranch(%da: i64, %db: i64, %p: i1) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    scf.if %p {
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    }
    // expected-error @below {{no wgmma.fence before this wgmma.mma_async on some path}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!V = memref<2xf32, strided<[1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @epilogue(%da: i64, %db: i64, %p: i1, %out: memref<2xf32>) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %d = tile.alloc_local : !D
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    %v = memref.reinterpret_cast %d to offset: [0], sizes: [2], strides: [1] : !D to !V
    // expected-note @below {{the access}}
    tile.apply "st.global.v2.f32" (%out, %v) scope(thread) : memref<2xf32>, !V
    // expected-error @below {{reads the register tile of its accumulator d, which another instruction accessed since the last wgmma.fence: put a wgmma.fence between them (PTX ISA)}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}

// -----

!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!A = memref<4x32x4xi32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @fragment(%db: i64, %p: i1, %x: i32) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %d = tile.alloc_local : !D
    %a = tile.alloc_local : !A
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    scf.if %p {
      // expected-note @below {{the access}}
      memref.store %x, %a[%c0, %c0, %c0] : !A
    }
    // expected-error @below {{reads the register tile of its fragment a, which another instruction accessed since the last wgmma.fence}}
    tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16" (%d, %a, %db, %p, %one, %one, %zero) scope(warpgroup) : !D, !A, i64, i1, i32, i32, i32
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}

// -----

// Across iterations: the body's store reads d after its wgmma, and the
// next iteration's wgmma reads d with no fence between.
!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!V = memref<2xf32, strided<[1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @carried(%da: i64, %db: i64, %p: i1, %n: index, %out: memref<2xf32>) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d = tile.alloc_local : !D
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @below {{reads the register tile of its accumulator d, which another instruction accessed since the last wgmma.fence}}
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      %v = memref.reinterpret_cast %d to offset: [0], sizes: [2], strides: [1] : !D to !V
      // expected-note @below {{the access}}
      tile.apply "st.global.v2.f32" (%out, %v) scope(thread) : memref<2xf32>, !V
    }
    gpu.return
  }
}

// -----

// Legal by the ISA (one shape's chain), but ptxas injects a fence.
!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @loop(%da: i64, %db: i64, %p: i1, %n: index) kernel {
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d = tile.alloc_local : !D
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    scf.for %i = %c0 to %n step %c1 {
      scf.if %p {
        tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      }
      // expected-warning @below {{no wgmma.fence in this loop's body before this wgmma.mma_async: ptxas injects a warpgroup.arrive here (C7519); put a wgmma.fence at the loop body's top}}
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (%d, %da, %db, %p, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%one) scope(thread) : i32
    }
    tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
    gpu.return
  }
}
