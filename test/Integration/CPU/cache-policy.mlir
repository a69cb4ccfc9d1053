// createpolicy on the CPU backend gives the GPU's bits: the fractional
// policies of three priority combinations at fractions 1/16, 1/2 and 1,
// and createpolicy.cvt.L2 of one of them (its access property unchanged).
// Each expected value is the H100's (docs/gpu-logs/2026-12-05-policy-facts.txt.xz):
// 0x1400000000000000, 0x1470000000000000, 0x14f0000000000000 (evict_last);
// 0x1700000000000000, 0x1770000000000000, 0x17f0000000000000
// (evict_normal.evict_first); 0x1200000000000000, 0x1270000000000000,
// 0x12f0000000000000 (evict_first.evict_unchanged).
// A fraction outside (0, 1] stops the kernel with an error
// (cache-policy-range.mlir: the range policies).
// REQUIRES: cuda-runtime
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// RUN: sed 's/0.0625 : f32/0.0 : f32/' %s > %t.zero.mlir
// RUN: not tile-runner --backend=cpu %t.zero.mlir 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: sed 's/1.0 : f32/1.5 : f32/' %s > %t.big.mlir
// RUN: not tile-runner --backend=cpu %t.big.mlir 2>&1 | FileCheck %s --check-prefix=BIG
// ZERO: tile-cpu: 'createpolicy.fractional.L2::evict_last.b64{{.*}} has a fraction outside (0, 1]: 0.000000
// BIG: tile-cpu: 'createpolicy.fractional.L2::evict_last.b64{{.*}} has a fraction outside (0, 1]: 1.500000
// CHECK: [1441151880758558720, 1657324662872342528, 1297036692682702848, 1441151880758558720]
// CHECK: [1472677078150152192, 1688849860263936000, 1328561890074296320, 1472677078150152192]
// CHECK: [1508705875169116160, 1724878657282899968, 1364590687093260288, 1508705875169116160]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%F: memref<3xf32>, %O: memref<3x4xi64>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %f = memref.load %F[%t] : memref<3xf32>
      %p = tile.alloc_local : memref<1xi64, #tile.reg>
      %q = tile.alloc_local : memref<1xi64, #tile.reg>
      tile.apply "createpolicy.fractional.L2::evict_last.b64" (%p, %f) scope(thread) : memref<1xi64, #tile.reg>, f32
      %a = memref.load %p[%c0] : memref<1xi64, #tile.reg>
      memref.store %a, %O[%t, %c0] : memref<3x4xi64>
      tile.apply "createpolicy.fractional.L2::evict_normal.L2::evict_first.b64" (%q, %f) scope(thread) : memref<1xi64, #tile.reg>, f32
      %b = memref.load %q[%c0] : memref<1xi64, #tile.reg>
      memref.store %b, %O[%t, %c1] : memref<3x4xi64>
      tile.apply "createpolicy.fractional.L2::evict_first.L2::evict_unchanged.b64" (%q, %f) scope(thread) : memref<1xi64, #tile.reg>, f32
      %c = memref.load %q[%c0] : memref<1xi64, #tile.reg>
      memref.store %c, %O[%t, %c2] : memref<3x4xi64>
      tile.apply "createpolicy.cvt.L2.b64" (%q, %p) scope(thread) : memref<1xi64, #tile.reg>, memref<1xi64, #tile.reg>
      %d = memref.load %q[%c0] : memref<1xi64, #tile.reg>
      memref.store %d, %O[%t, %c3] : memref<3x4xi64>
      gpu.return
    }
  }
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %h = memref.alloc() : memref<3xf32>
    %sixteenth = arith.constant 0.0625 : f32
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    memref.store %sixteenth, %h[%c0] : memref<3xf32>
    memref.store %half, %h[%c1] : memref<3xf32>
    memref.store %one, %h[%c2] : memref<3xf32>
    %dF = gpu.alloc () : memref<3xf32>
    gpu.memcpy %dF, %h : memref<3xf32>, memref<3xf32>
    %dO = gpu.alloc () : memref<3x4xi64>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c3, %c1, %c1) args(%dF : memref<3xf32>, %dO : memref<3x4xi64>)
    %o = memref.alloc() : memref<3x4xi64>
    gpu.memcpy %o, %dO : memref<3x4xi64>, memref<3x4xi64>
    %u = memref.cast %o : memref<3x4xi64> to memref<*xi64>
    call @printMemrefI64(%u) : (memref<*xi64>) -> ()
    return
  }
}
