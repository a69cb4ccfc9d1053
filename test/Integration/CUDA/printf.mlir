// gpu.printf (CUDA's printf, vprintf on the GPU) from thread 0 of block 0
// of two blocks of 64 threads (one thread, so that the order of the lines is
// fixed): integers of 32 and 64 bits with C's conversions, a float
// (promoted to double), doubles, %%, widths, precision and flags. The CPU
// backend prints the same (Integration/CPU/printf.test).
// RUN: tile-runner %s | FileCheck %s
// CHECK: int -7 unsigned 4294967289 hex fffffff9 HEX 2A char A
// CHECK-NEXT: long -8000000000 ulong 18446744065709551616 lhex fffffffe2329b000
// CHECK-NEXT: float 1.500000 double -0.333333333333 sci 6.02e+23 g 1e-05 100%
// CHECK-NEXT: [  3] padded 0005|left 7   |
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k() kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %c0 = arith.constant 0 : index
      %t0 = arith.cmpi eq, %tid, %c0 : index
      %b0 = arith.cmpi eq, %bid, %c0 : index
      %first = arith.andi %t0, %b0 : i1
      scf.if %first {
        %i = arith.constant -7 : i32
        %h = arith.constant 42 : i32
        %ch = arith.constant 65 : i32
        gpu.printf "int %d unsigned %u hex %x HEX %X char %c\n", %i, %i, %i, %h, %ch : i32, i32, i32, i32, i32
        %l = arith.constant -8000000000 : i64
        gpu.printf "long %lld ulong %llu lhex %llx\n", %l, %l, %l : i64, i64, i64
        %f = arith.constant 1.5 : f32
        %d = arith.constant -0.33333333333333331 : f64
        %a = arith.constant 6.02e23 : f64
        %e = arith.constant 1.0e-5 : f32
        gpu.printf "float %f double %.12f sci %.2e g %g 100%%\n", %f, %d, %a, %e : f32, f64, f64, f32
        %n = arith.constant 3 : i32
        %five = arith.constant 5 : i32
        %seven = arith.constant 7 : i32
        gpu.printf "[%3d] padded %04d|left %-4d|\n", %n, %five, %seven : i32, i32, i32
      }
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
    return
  }
}
