// The CPU backend's memory checks on a thread's own memory: a private
// attribution and a memref.alloca indexed past their ends, and a register
// tile viewed 1000 elements away (register tiles indexed with constants are
// proven in bounds at compile time and not checked at run time; this view
// is not).
// REQUIRES: cuda-runtime
// RUN: sed 's/WHICH/0/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=PRIVATE
// RUN: sed 's/WHICH/1/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=ALLOCA
// RUN: sed 's/WHICH/2/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=REGISTER
// PRIVATE: tile-cpu: out-of-bounds write of 4 bytes in kernel @private at block (0,0,0) thread (2,0,0): index [2] of memref<2xf32> (private buffer 0 in local memory: a buffer of 8 bytes, at byte offset 8)
// ALLOCA: tile-cpu: out-of-bounds write of 4 bytes in kernel @alloca at block (0,0,0) thread (2,0,0): index [2] of memref<2xf32> (memref.alloca at {{.*}}:[[# @LINE + 14]]:12 in local memory: a buffer of 8 bytes, at byte offset 8)
// REGISTER: tile-cpu: out-of-bounds write of 4 bytes in kernel @register at block (0,0,0) thread (0,0,0): index [0, 0] of memref<1x1xf32, strided<[1, 1], offset: 1000>, #tile.reg> (register tile at {{.*}} in local memory: a buffer of 4 bytes, at byte offset 4000)
// REGISTER-NEXT: tile-cpu:   bytes [4000, 4004) lie outside the buffer
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @private() private(%P: memref<2xf32, #gpu.address_space<private>>) kernel {
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %P[%t] : memref<2xf32, #gpu.address_space<private>>
      gpu.return
    }
    gpu.func @alloca() kernel {
      %t = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %P = memref.alloca() : memref<2xf32>
      memref.store %one, %P[%t] : memref<2xf32>
      gpu.return
    }
    gpu.func @register(%A: memref<4x1xf32>) kernel {
      %r = tile.alloc_local : memref<1x1xf32, #tile.reg>
      %v = memref.reinterpret_cast %r to offset: [1000], sizes: [1, 1], strides: [1, 1] : memref<1x1xf32, #tile.reg> to memref<1x1xf32, strided<[1, 1], offset: 1000>, #tile.reg>
      %a = memref.subview %A[0, 0] [1, 1] [1, 1] : memref<4x1xf32> to memref<1x1xf32, strided<[1, 1]>>
      tile.apply "ld.global.f32" (%v, %a) scope(thread) : memref<1x1xf32, strided<[1, 1], offset: 1000>, #tile.reg>, memref<1x1xf32, strided<[1, 1]>>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %which = arith.constant WHICH : index
    %A = gpu.alloc () : memref<4x1xf32>
    scf.index_switch %which
    case 0 {
      gpu.launch_func @m::@private blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
      scf.yield
    }
    case 1 {
      gpu.launch_func @m::@alloca blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
      scf.yield
    }
    default {
      gpu.launch_func @m::@register blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%A : memref<4x1xf32>)
      scf.yield
    }
    return
  }
}
