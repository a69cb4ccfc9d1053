// The CPU backend runs clusters: the CTAs of a cluster run together (their
// threads are fibers of one scheduler), each with its own shared memory;
// barrier.cluster meets all their threads, mapa maps an address into
// another CTA's shared memory, ld, st, atom and red of .shared::cluster
// reach it (getctarank names its CTA), an
// mbarrier arrive reaches another CTA's barrier, and a multicast copy
// delivers to every CTA of its mask. The
// GPU tests' kernels give their expected lines here too.
// RUN: tile-runner --backend=cpu %S/../CUDA/cluster-launch.mlir | FileCheck %S/../CUDA/cluster-launch.mlir
// RUN: tile-runner --backend=cpu %S/../CUDA/cluster-ids-multicast.mlir | FileCheck %S/../CUDA/cluster-ids-multicast.mlir
// RUN: tile-runner --backend=cpu %S/../CUDA/dsmem.mlir | FileCheck %S/../CUDA/dsmem.mlir
// RUN: tile-runner --backend=cpu %S/../CUDA/dsmem-atomics.mlir | FileCheck %S/../CUDA/dsmem-atomics.mlir
// RUN: tile-runner --backend=cpu %S/../CUDA/st-async.mlir | FileCheck %S/../CUDA/st-async.mlir
// RUN: tile-runner --backend=cpu %S/../CUDA/red-async.mlir | FileCheck %S/../CUDA/red-async.mlir
// RUN: tile-runner --backend=cpu %S/../CUDA/hopper-sync.mlir | FileCheck %S/../CUDA/hopper-sync.mlir
// RUN: tile-runner --backend=cpu %S/../CUDA/bulk-s2s-cluster.mlir | FileCheck %S/../CUDA/bulk-s2s-cluster.mlir
// RUN: tile-runner --backend=cpu %tile_src/examples/gemm_wgmma_cluster.mlir | FileCheck %S/../CUDA/gemm-wgmma-cluster.mlir
//
// What is undefined on the GPU ends the program with the thread and its
// CTA (each RUN turns commented lines of the kernel below on):
// RUN: sed 's|^//A |      |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: sed 's|^//W |      |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=NOARRIVE
// RUN: sed 's|^//H |      |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=HANG
// RUN: sed 's|^//M |      |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=MAPA
// RUN: sed 's|^//D |      |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DSMEM
// RUN: sed 's|^//X |      |' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=MASK
// RUN: sed 's|blocks in (%%c2,|blocks in (%%c3,|' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: tile-runner --backend=cpu %s | FileCheck %s --check-prefix=OK
// TWICE: tile-cpu: CTA 0 of the cluster, thread 0 executes 'barrier.cluster.arrive', but it has arrived in the cluster barrier's current phase already (each arrive needs a barrier.cluster.wait) (undefined in PTX)
// NOARRIVE: tile-cpu: CTA 0 of the cluster, thread 0 executes 'barrier.cluster.wait', but it has not arrived at the cluster barrier (barrier.cluster.arrive) since its last wait (undefined in PTX)
// HANG: tile-cpu: the cluster hangs: threads 0-31 of CTA 0, threads 1-31 of CTA 1 wait at the cluster barrier (barrier.cluster.wait); thread 0 of CTA 1 has not arrived (it waits at a barrier of its CTA)
// MAPA: tile-cpu: CTA 0 of the cluster, thread 0, 'mapa.shared::cluster.u64': maps into CTA 2, but the cluster has 2 CTAs (undefined in PTX)
// DSMEM: tile-cpu: CTA 0 of the cluster, thread 0, 'ld.shared::cluster.u32': its address 0x40 is not in the shared memory of a CTA of the cluster (a .shared::cluster address comes from mapa)
// MASK: tile-cpu: CTA 0 of the cluster, thread 0, 'cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster': its ctaMask 0x4 names a CTA past the cluster's 2 (undefined in PTX)
// GRID: tile-cpu: invalid launch of kernel @k (gpu.module @kernels) at {{.*}}: its grid (3,1,1) is not a whole number of clusters of (2,1,1) CTAs; nothing of the launch ran
// OK: [1, 0]
#WS = #gpu.address_space<workgroup>
!R = memref<1xi64, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%out: memref<2xi32>, %G: memref<4xi32>) workgroup(%S: memref<4xi32, #WS>, %bar: memref<1xi64, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %two = arith.constant 2 : i32
      %bytes = arith.constant 16 : i32
      %mask = arith.constant 4 : i16
      %tid = gpu.thread_id x
      %rank = gpu.cluster_block_id x
      %is0 = arith.cmpi eq, %tid, %c0 : index
      %lead = arith.cmpi eq, %rank, %c0 : index
      %r0 = arith.andi %is0, %lead : i1
      %r1 = arith.cmpi eq, %rank, %c1 : index
      %r1t0 = arith.andi %is0, %r1 : i1
      scf.if %r0 {
//A     tile.apply "barrier.cluster.arrive" () scope(thread)
//W     tile.apply "barrier.cluster.wait" () scope(thread)
//M     %remote = tile.alloc_local : !R
//M     tile.apply "mapa.shared::cluster.u64" (%remote, %bar, %two) scope(thread) : !R, memref<1xi64, #WS>, i32
//D     %bad = arith.constant 64 : i64
//D     %v = tile.alloc_local : memref<1xi32, #tile.reg>
//D     tile.apply "ld.shared::cluster.u32" (%v, %bad) scope(thread) : memref<1xi32, #tile.reg>, i64
//X     tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster" (%S, %G, %bytes, %bar, %mask) scope(thread) : memref<4xi32, #WS>, memref<4xi32>, i32, memref<1xi64, #WS>, i16
      }
      scf.if %r1t0 {
//H     gpu.barrier
      }
      tile.apply "barrier.cluster.arrive" () scope(thread)
      tile.apply "barrier.cluster.wait" () scope(thread)
      scf.if %is0 {
        %x = arith.index_cast %rank : index to i32
        %y = arith.subi %c1, %rank : index
        memref.store %x, %out[%y] : memref<2xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %d = gpu.alloc () : memref<2xi32>
    %g = gpu.alloc () : memref<4xi32>
    gpu.launch_func @kernels::@k clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : memref<2xi32>, %g : memref<4xi32>)
    %h = memref.alloc() : memref<2xi32>
    gpu.memcpy %h, %d : memref<2xi32>, memref<2xi32>
    %u = memref.cast %h : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
