// The CPU backend completes a cp.async when it is issued, but reports an
// access of shared memory that a copy not yet waited for writes: on the GPU
// those bytes may not have arrived. Each RUN line picks a case (MODE):
// 0: every thread waits (wait_group 1 leaves only the second group
//    pending) and reads the first group's bytes: no report, and the
//    kernel's sum of row 0 is 0 + 1 + 2 + 3 = 6;
// 1: thread 0 reads its own copy before waiting;
// 2: thread 1 copies and does not wait; after a barrier thread 0 reads it;
// 3: thread 0 reads the second group's bytes after wait_group 1, which
//    waits for the first group only.
// RUN: sed 's/MODE/0/' %s > %t.0.mlir && tile-runner --backend=cpu %t.0.mlir | FileCheck %s --check-prefix=OK
// RUN: sed 's/MODE/1/' %s > %t.1.mlir && not tile-runner --backend=cpu %t.1.mlir 2>&1 | FileCheck %s --check-prefix=OWN
// Case 1 with the first copies predicated off: they copy nothing, so
// thread 0's early read is not reported.
// RUN: sed -e 's/MODE/1/' -e '/^\/\//!s/%%c16 = arith.constant 16 : i32/%%c16 = arith.constant 16 : i32\n      %%off = arith.constant false/' -e '/^\/\//!s/(%%s, %%g, %%c16) scope(thread)/(%%s, %%g, %%c16) pred(%%off : i1) scope(thread)/' %s > %t.p.mlir && grep -q "pred(%%off" %t.p.mlir && tile-runner --backend=cpu %t.p.mlir 2>&1 | FileCheck %s --check-prefix=PREDOFF
// PREDOFF-NOT: still copying
// PREDOFF: sizes = [1]
// The same read as an affine.load (every access the bounds checks cover is
// checked, on the same line):
// RUN: sed -e 's/MODE/1/' -e 's/%v = memref.load %%S\[%c0, %c0\] : memref<4x4xi32, #WS>/%v = affine.load %%S[0, 0] : memref<4x4xi32, #WS>/' %s > %t.1a.mlir && grep -q affine.load %t.1a.mlir && not tile-runner --backend=cpu %t.1a.mlir 2>&1 | FileCheck %s --check-prefix=OWN
// RUN: sed 's/MODE/2/' %s > %t.2.mlir && not tile-runner --backend=cpu %t.2.mlir 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: sed 's/MODE/3/' %s > %t.3.mlir && not tile-runner --backend=cpu %t.3.mlir 2>&1 | FileCheck %s --check-prefix=GROUP
// OK: {{\[}}6]
// OWN: tile-cpu: kernel @k at block (0,0,0) thread (0,0,0) reads 4 bytes of shared memory that a cp.async of the same thread is still copying (the GPU may not have written them yet)
// OWN-NEXT: tile-cpu:   the access: {{.*}}.mlir:[[# @LINE + 36]]:{{[0-9]+}}; the copy: {{.*}}.mlir:[[# @LINE + 28]]:{{[0-9]+}}
// OWN-NEXT: tile-cpu:   wait for the copy first: cp.async.wait_group or cp.async.wait_all in the thread that issued it, or the mbarrier phase its cp.async.mbarrier.arrive completes{{$}}
// OTHER: tile-cpu: kernel @k at block (0,0,0) thread (0,0,0) reads 4 bytes of shared memory that a cp.async of thread (1,0,0) is still copying
// OTHER: wait for the copy first: cp.async.wait_group or cp.async.wait_all in the thread that issued it, or the mbarrier phase its cp.async.mbarrier.arrive completes, then a gpu.barrier before another thread uses it
// GROUP: tile-cpu: kernel @k at block (0,0,0) thread (0,0,0) reads 4 bytes of shared memory that a cp.async of the same thread is still copying
// GROUP-NEXT: tile-cpu:   the access: {{.*}}.mlir:[[# @LINE + 49]]:{{[0-9]+}}; the copy: {{.*}}.mlir:[[# @LINE + 25]]:{{[0-9]+}}
#WS = #gpu.address_space<workgroup>
!Row = memref<4xi32, strided<[1], offset: ?>, #WS>
!GRow = memref<4xi32, strided<[1], offset: ?>>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%G: memref<4x4xi32>, %O: memref<1xi32>, %mode: index)
        workgroup(%S: memref<4x4xi32, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c16 = arith.constant 16 : i32
      %w0 = arith.constant 0 : i32
      %w1 = arith.constant 1 : i32
      %tid = gpu.thread_id x
      %is0 = arith.cmpi eq, %tid, %c0 : index
      // Rows t and t + 2: two groups per thread (threads 0 and 1).
      %t2 = arith.addi %tid, %c2 : index
      %s = memref.subview %S[%tid, 0] [1, 4] [1, 1] : memref<4x4xi32, #WS> to !Row
      %g = memref.subview %G[%tid, 0] [1, 4] [1, 1] : memref<4x4xi32> to !GRow
      %s2 = memref.subview %S[%t2, 0] [1, 4] [1, 1] : memref<4x4xi32, #WS> to !Row
      %g2 = memref.subview %G[%t2, 0] [1, 4] [1, 1] : memref<4x4xi32> to !GRow
      tile.apply "cp.async.cg.shared.global" (%s, %g, %c16) scope(thread) : !Row, !GRow, i32
      tile.apply "cp.async.commit_group" () scope(thread)
      tile.apply "cp.async.cg.shared.global" (%s2, %g2, %c16) scope(thread) : !Row, !GRow, i32
      tile.apply "cp.async.commit_group" () scope(thread)
      %own = arith.cmpi eq, %mode, %c1 : index
      %other = arith.cmpi eq, %mode, %c2 : index
      %early = arith.andi %own, %is0 : i1
      scf.if %early {
        %v = memref.load %S[%c0, %c0] : memref<4x4xi32, #WS>
        memref.store %v, %O[%c0] : memref<1xi32>
      }
      // Mode 2: thread 1 never waits.
      %is1 = arith.cmpi eq, %tid, %c1 : index
      %skip = arith.andi %other, %is1 : i1
      %wait = arith.xori %skip, %early : i1
      %true = arith.constant true
      %waits = arith.xori %wait, %true : i1
      scf.if %waits {
        tile.apply "cp.async.wait_group" (%w1) scope(thread) : i32
      }
      gpu.barrier
      scf.if %is0 {
        // Row 0 (mode 2: row 1, thread 1's first group).
        %row = arith.select %other, %c1, %c0 : index
        %mode3 = arith.cmpi eq, %mode, %c3 : index
        %r = arith.select %mode3, %c2, %row : index
        %a = memref.load %S[%r, %c0] : memref<4x4xi32, #WS>
        %b = memref.load %S[%r, %c1] : memref<4x4xi32, #WS>
        %c = memref.load %S[%r, %c2] : memref<4x4xi32, #WS>
        %d = memref.load %S[%r, %c3] : memref<4x4xi32, #WS>
        %ab = arith.addi %a, %b : i32
        %cd = arith.addi %c, %d : i32
        %sum = arith.addi %ab, %cd : i32
        memref.store %sum, %O[%c0] : memref<1xi32>
      }
      tile.apply "cp.async.wait_all" () scope(thread)
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %mode = arith.constant MODE : index
    %G = memref.alloc() : memref<4x4xi32>
    scf.for %r = %c0 to %c4 step %c1 {
      scf.for %c = %c0 to %c4 step %c1 {
        %r4 = arith.muli %r, %c4 : index
        %i = arith.addi %r4, %c : index
        %v = arith.index_cast %i : index to i32
        memref.store %v, %G[%r, %c] : memref<4x4xi32>
      }
    }
    %dG = gpu.alloc () : memref<4x4xi32>
    gpu.memcpy %dG, %G : memref<4x4xi32>, memref<4x4xi32>
    %dO = gpu.alloc () : memref<1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%dG : memref<4x4xi32>, %dO : memref<1xi32>, %mode : index)
    %h = memref.alloc() : memref<1xi32>
    gpu.memcpy %h, %dO : memref<1xi32>, memref<1xi32>
    %u = memref.cast %h : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
