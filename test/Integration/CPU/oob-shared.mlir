// The CPU backend's memory checks on shared memory: a workgroup buffer
// written past its end (thread 28 of block 1 writes index 28 + 4 = 32), an
// ld.shared.v4 whose last two elements lie past the buffer, the dynamic
// shared memory (gpu.dynamic_shared_memory, 32 bytes at the launch) viewed
// as 16 floats, and a memref.global of the gpu.module in the workgroup
// space.
// REQUIRES: cuda-runtime
// RUN: sed 's/WHICH/0/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: sed 's/WHICH/1/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=LDV4
// RUN: sed 's/WHICH/2/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: sed 's/WHICH/3/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=GLOBAL
// STORE: tile-cpu: out-of-bounds write of 4 bytes in kernel @store at block (1,0,0) thread (28,0,0): index [32] of memref<32xf32, #gpu.address_space<workgroup>> (workgroup buffer 0 in shared memory: a buffer of 128 bytes, at byte offset 128)
// STORE-NEXT: tile-cpu:   index 32 is outside dimension 0 (size 32)
// STORE-NEXT: tile-cpu:   the access: {{.*}} in gpu.module @m; the buffer: workgroup buffer 0 of @m::@store
// LDV4: tile-cpu: out-of-bounds read of 4 bytes in kernel @ldv4 at block (0,0,0) thread (0,0,0): index [0, 2] of memref<1x4xf32, strided<[4, 1], offset: ?>, #gpu.address_space<workgroup>> (workgroup buffer 0 in shared memory: a buffer of 128 bytes, at byte offset 128)
// LDV4-NEXT: tile-cpu:   bytes [128, 132) lie outside the buffer
// DYN: tile-cpu: out-of-bounds write of 4 bytes in kernel @dyn at block (0,0,0) thread (8,0,0): index [8] of memref<16xf32, #gpu.address_space<workgroup>> (the dynamic shared memory in shared memory: a buffer of 32 bytes, at byte offset 32)
// GLOBAL: tile-cpu: out-of-bounds write of 4 bytes in kernel @global at block (0,0,0) thread (4,0,0): index [4] of memref<4xf32, #gpu.address_space<workgroup>> (memref.global @s in shared memory: a buffer of 16 bytes, at byte offset 16)
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    memref.global "private" @s : memref<4xf32, #gpu.address_space<workgroup>>
    gpu.func @store() workgroup(%S: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c4 = arith.constant 4 : index
      %o = arith.muli %b, %c4 : index
      %j = arith.addi %t, %o : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %S[%j] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @ldv4(%o: index) workgroup(%S: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %v = memref.reinterpret_cast %S to offset: [%o], sizes: [1, 4], strides: [4, 1] : memref<32xf32, #gpu.address_space<workgroup>> to memref<1x4xf32, strided<[4, 1], offset: ?>, #gpu.address_space<workgroup>>
      %r = tile.alloc_local : memref<1x4xf32, #tile.reg>
      tile.apply "ld.shared.v4.f32" (%r, %v) scope(thread) : memref<1x4xf32, #tile.reg>, memref<1x4xf32, strided<[4, 1], offset: ?>, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @dyn() kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %v = memref.view %d[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
      %one = arith.constant 1.0 : f32
      memref.store %one, %v[%t] : memref<16xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @global() kernel {
      %t = gpu.thread_id x
      %g = memref.get_global @s : memref<4xf32, #gpu.address_space<workgroup>>
      %one = arith.constant 1.0 : f32
      memref.store %one, %g[%t] : memref<4xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c30 = arith.constant 30 : index
    %c32 = arith.constant 32 : index
    %bytes = arith.constant 32 : i32
    %which = arith.constant WHICH : index
    scf.index_switch %which
    case 0 {
      gpu.launch_func @m::@store blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
      scf.yield
    }
    case 1 {
      gpu.launch_func @m::@ldv4 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%c30 : index)
      scf.yield
    }
    case 2 {
      gpu.launch_func @m::@dyn blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) dynamic_shared_memory_size %bytes
      scf.yield
    }
    default {
      gpu.launch_func @m::@global blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
      scf.yield
    }
    return
  }
}
