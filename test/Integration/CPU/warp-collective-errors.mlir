// What the CPU backend reports where the lanes of a collective cannot meet
// as the ISA requires (on a GPU: a hang or an undefined result), in a block
// of 40 threads (a warp and 8 lanes of a second; lanes that are not in the
// block count as exited, as on the GPU):
// - odd lanes wait at a barrier before the shuffle the even ones wait at;
// - lane 0 executes with a mask that leaves it out;
// - odd lanes shuffle up while even ones shuffle down, with the same mask;
// - at one shuffle, odd lanes name the odd lanes, even ones all 32.
// REQUIRES: cuda-runtime
// RUN: sed 's/WHICH/0/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=BARRIER
// RUN: sed 's/WHICH/1/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: sed 's/WHICH/2/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DIFFERENT
// RUN: sed 's/WHICH/3/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=MASKS
// BARRIER: tile-cpu: warp 0, 'shfl.sync.bfly.b32' with member mask 0xffffffff: lane 1 waits at a barrier (deadlock)
// OUTSIDE: tile-cpu: lane 0 of warp 0 executes 'shfl.sync.bfly.b32' with member mask 0xfffffffe, which leaves it out (undefined in PTX)
// DIFFERENT: tile-cpu: warp 0, 'shfl.sync.down.b32' with member mask 0xffffffff: lane 1 waits at another collective, 'shfl.sync.up.b32' (deadlock)
// MASKS: tile-cpu: warp 0, 'shfl.sync.bfly.b32' with member mask 0xffffffff: lane 1 executes it with member mask 0xaaaaaaaa (undefined in PTX)
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%O: memref<2x32x1xi32>) kernel {
      %which = arith.constant WHICH : i32
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c31 = arith.constant 31 : i32
      %full = arith.constant -1 : i32
      %nolane0 = arith.constant -2 : i32
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %c2 = arith.constant 2 : i32
      %c3 = arith.constant 3 : i32
      %oddlanes = arith.constant 0xaaaaaaaa : i32
      %d = tile.alloc_local : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      %bit = arith.andi %ti, %c1 : i32
      %odd = arith.cmpi ne, %bit, %c0 : i32
      %outside = arith.cmpi eq, %which, %c1 : i32
      %masks = arith.cmpi eq, %which, %c3 : i32
      %oddmask = arith.andi %odd, %masks : i1
      %mask0 = arith.select %outside, %nolane0, %full : i32
      %mask = arith.select %oddmask, %oddlanes, %mask0 : i32
      %atbarrier = arith.cmpi eq, %which, %c0 : i32
      %waits = arith.andi %odd, %atbarrier : i1
      scf.if %waits {
        gpu.barrier
      }
      %different = arith.cmpi eq, %which, %c2 : i32
      %up = arith.andi %odd, %different : i1
      scf.if %up {
        tile.apply "shfl.sync.up.b32" (%d, %ti, %c1, %c0, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, i32, i32
      } else {
        scf.if %different {
          tile.apply "shfl.sync.down.b32" (%d, %ti, %c1, %c31, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, i32, i32
        } else {
          tile.apply "shfl.sync.bfly.b32" (%d, %ti, %c1, %c31, %mask) scope(cta) : memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>, i32, i32, i32, i32
        }
      }
      tile.apply "st.global.b32" (%O, %d) scope(cta) : memref<2x32x1xi32>, memref<2x32x1xi32, strided<[0, 0, 1]>, #tile.reg>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    %dO = gpu.alloc () : memref<2x32x1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c40, %c1, %c1)
        args(%dO : memref<2x32x1xi32>)
    return
  }
}
