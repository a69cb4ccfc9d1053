// A named barrier reached by the even lanes of a warp at one instruction and
// by the odd lanes at another: barrier.sync without .aligned lets them (the
// warp arrives once all its lanes have); bar.sync and barrier.sync.aligned
// require the warp's lanes at one instruction, and the CPU backend reports
// the difference (undefined on the GPU). Two warps, count 64.
// REQUIRES: cuda-runtime
// RUN: sed 's/OPCODE/barrier.sync/' %s | tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: sed 's/OPCODE/bar.sync/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=ALIGNED
// RUN: sed 's/OPCODE/barrier.sync.aligned/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=ALIGNED
// PLAIN: ran
// ALIGNED: tile-cpu: thread 1 executes '{{bar.sync|barrier.sync.aligned}}' at named barrier 5 (thread 0 arrived first, with a count of 64): it is .aligned, but other lanes of its warp arrive there at another instruction (undefined in PTX)
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k() kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %id = arith.constant 5 : i32
      %n = arith.constant 64 : i32
      %t = gpu.thread_id x
      %bit = arith.remui %t, %c2 : index
      %odd = arith.cmpi ne, %bit, %c0 : index
      scf.if %odd {
        tile.apply "OPCODE" (%id, %n) scope(thread) : i32, i32
      } else {
        tile.apply "OPCODE" (%id, %n) scope(thread) : i32, i32
      }
      gpu.return
    }
  }

  func.func private @puts(!llvm.ptr) -> i32
  llvm.mlir.global private constant @ran("ran\00")

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c64, %c1, %c1)
    %s = llvm.mlir.addressof @ran : !llvm.ptr
    %r = func.call @puts(%s) : (!llvm.ptr) -> i32
    return
  }
}
