// The CPU backend runs a cooperative launch's CTAs together and meets
// their threads at tile.grid_sync; the GPU test's kernel gives its
// expected lines here too.
// RUN: tile-runner --backend=cpu %S/../CUDA/grid-sync.mlir | FileCheck %S/../CUDA/grid-sync.mlir
// The same with the meetings in a device function the kernel calls:
// RUN: sed -e 's|^      tile.grid_sync|      func.call @meet() : () -> ()|' -e 's|^  gpu.module @kernels \(.*\) {$|  gpu.module @kernels \1 {\n    func.func @meet() {\n      tile.grid_sync\n      return\n    }|' %S/../CUDA/grid-sync.mlir > %t.mlir
// RUN: grep -c "func.call @meet" %t.mlir | grep -q 2
// RUN: tile-runner --backend=cpu %t.mlir | FileCheck %S/../CUDA/grid-sync.mlir
//
// A meeting that can never complete is reported (on the GPU, a hang: no
// thread arrives for a CTA whose thread 0 has returned), so is a thread at
// a CTA barrier while the others of its CTA wait at tile.grid_sync (on the
// GPU both are barrier.sync 0, so they would meet there, and the CTA's
// other threads would pass the grid barrier before their CTA arrived:
// undefined ordering), and launches the CPU backend does not model are
// refused (each RUN turns commented lines below on, or changes the
// launch):
// RUN: sed 's|%%R = arith.constant false|%%R = arith.constant true|' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=RETURNED
// RUN: sed 's|^//B |      |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=BARRIER
// RUN: sed 's|blocks in (%%c3,|blocks in (%%n,|' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: sed 's|blocks in (%%c3,|blocks in (%%c1025,|' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: sed 's|gpu.launch_func @kernels::@k blocks|gpu.launch_func @kernels::@k clusters in (%%c1, %%c1, %%c1) blocks|' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=CLUSTER
// RUN: sed 's|blocks in (%%c3, %%c1, %%c1)|blocks in (%%c1024, %%big, %%c1)|' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: sed 's|blocks in (%%c3, %%c1, %%c1) threads in (%%c32,|blocks in (%%c17, %%c1, %%c1) threads in (%%c1024,|' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: tile-runner --backend=cpu %s | FileCheck %s --check-prefix=OK
// RETURNED: tile-cpu: the grid hangs: threads 0-31 of CTA 0, threads 1-31 of CTA 1, threads 0-31 of CTA 2 wait at the grid barrier (tile.grid_sync); thread 0 of CTA 1 has returned, and on the GPU it is the thread that arrives for its CTA
// BARRIER: tile-cpu: CTA 1 of the grid, thread 0 waits at a barrier that other threads of its CTA cannot reach (a deadlock)
// DYNAMIC: error: 'gpu.launch_func' op launches @k, which synchronizes its grid (tile.grid_sync), with a grid that is not a constant: the CPU backend lays out the CTAs of a cooperative launch when it compiles
// LARGE: error: 'gpu.launch_func' op launches @k, which synchronizes its grid (tile.grid_sync), with a grid of 1025 CTAs; the CPU backend runs 1 to 1024 CTAs together
// CLUSTER: error: 'gpu.launch_func' op launches @k, which synchronizes its grid (tile.grid_sync), with clusters: the CPU backend runs the CTAs of a cooperative launch together, each a cluster of its own; run this kernel on the GPU
// THREADS: tile-cpu: 17 CTAs of 1024 threads run together (a cooperative launch): more than the 16384 threads the CPU backend runs together (each a fiber with its own stack)
// HUGE: error: 'gpu.launch_func' op launches @k, which synchronizes its grid (tile.grid_sync), with a grid of 18446744073709551615 CTAs; the CPU backend runs 1 to 1024 CTAs together
// OK: [3, 3, 3]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%out: memref<3xi32>, %cnt: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %b1 = arith.cmpi eq, %b, %c1 : index
      %lead1 = arith.andi %is0, %b1 : i1
      scf.if %lead1 {
//B     gpu.barrier
      }
      scf.if %is0 {
        %old = memref.atomic_rmw addi %one, %cnt[%c0] : (i32, memref<1xi32>) -> i32
      }
      // Thread 0 of CTA 1 skips the meeting where %R is true.
      %R = arith.constant false
      %true = arith.constant true
      %skip = arith.andi %lead1, %R : i1
      %go = arith.xori %skip, %true : i1
      scf.if %go {
        tile.grid_sync
      }
      scf.if %is0 {
        %n = memref.load %cnt[%c0] : memref<1xi32>
        memref.store %n, %out[%b] : memref<3xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %c1025 = arith.constant 1025 : index
    %big = arith.constant 18446744073709551 : index
    %c17 = arith.constant 17 : index
    %c1024 = arith.constant 1024 : index
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %hc = memref.alloc() : memref<1xi32>
    memref.store %z, %hc[%c0] : memref<1xi32>
    %n0 = memref.load %hc[%c0] : memref<1xi32>
    %n = arith.index_cast %n0 : i32 to index
    %out = gpu.alloc () : memref<3xi32>
    %cnt = gpu.alloc () : memref<1xi32>
    gpu.memcpy %cnt, %hc : memref<1xi32>, memref<1xi32>
    gpu.launch_func @kernels::@k blocks in (%c3, %c1, %c1) threads in (%c32, %c1, %c1) args(%out : memref<3xi32>, %cnt : memref<1xi32>)
    %h = memref.alloc() : memref<3xi32>
    gpu.memcpy %h, %out : memref<3xi32>, memref<3xi32>
    %u = memref.cast %h : memref<3xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
