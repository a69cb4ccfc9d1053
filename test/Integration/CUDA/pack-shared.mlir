// Data movement on the GPU: two b16 loaded with ld.global.v2.b16 are packed
// by mov.b32 (element 0 in the low half), stored to and reloaded from shared
// memory, and a b64 is unpacked by mov.b64 into two b32 (low word first).
// H = {0x1111, 0x2222} packs to 0x22221111 = 572657937; D = 3 * 2^32 + 2
// unpacks to {2, 3}. A b128 loaded with ld.global.b128 (PTX ISA 8.3) unpacks
// by mov.b128 into {5, 7} for Q = 7 * 2^64 + 5.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [572657937]
// CHECK: [2, 3]
// CHECK: [5, 7]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx83">] {
    gpu.func @k(%H: memref<1x2xi16>, %D: memref<1x1xi64>, %Out: memref<1x1xi32>, %Out2: memref<1x2xi32>,
                %Q: memref<1x1xi128>, %Out3: memref<1x2xi64>)
        workgroup(%S: memref<1x1xi32, #gpu.address_space<workgroup>>) kernel {
      %h = tile.alloc_local : memref<1x2xi16, #tile.reg>
      %p = tile.alloc_local : memref<1x1xi32, #tile.reg>
      %q = tile.alloc_local : memref<1x1xi32, #tile.reg>
      tile.apply "ld.global.v2.b16" (%h, %H) scope(thread) : memref<1x2xi16, #tile.reg>, memref<1x2xi16>
      tile.apply "mov.b32" (%p, %h) scope(thread) : memref<1x1xi32, #tile.reg>, memref<1x2xi16, #tile.reg>
      tile.apply "st.shared.b32" (%S, %p) scope(thread) : memref<1x1xi32, #gpu.address_space<workgroup>>, memref<1x1xi32, #tile.reg>
      tile.apply "ld.shared.b32" (%q, %S) scope(thread) : memref<1x1xi32, #tile.reg>, memref<1x1xi32, #gpu.address_space<workgroup>>
      tile.apply "st.global.b32" (%Out, %q) scope(thread) : memref<1x1xi32>, memref<1x1xi32, #tile.reg>
      %d = tile.alloc_local : memref<1x1xi64, #tile.reg>
      %v = tile.alloc_local : memref<1x2xi32, #tile.reg>
      tile.apply "ld.global.b64" (%d, %D) scope(thread) : memref<1x1xi64, #tile.reg>, memref<1x1xi64>
      tile.apply "mov.b64" (%v, %d) scope(thread) : memref<1x2xi32, #tile.reg>, memref<1x1xi64, #tile.reg>
      tile.apply "st.global.v2.b32" (%Out2, %v) scope(thread) : memref<1x2xi32>, memref<1x2xi32, #tile.reg>
      %q128 = tile.alloc_local : memref<1x1xi128, #tile.reg>
      %w = tile.alloc_local : memref<1x2xi64, #tile.reg>
      tile.apply "ld.global.b128" (%q128, %Q) scope(thread) : memref<1x1xi128, #tile.reg>, memref<1x1xi128>
      tile.apply "mov.b128" (%w, %q128) scope(thread) : memref<1x2xi64, #tile.reg>, memref<1x1xi128, #tile.reg>
      tile.apply "st.global.v2.b64" (%Out3, %w) scope(thread) : memref<1x2xi64>, memref<1x2xi64, #tile.reg>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %lo = arith.constant 4369 : i16
    %hi = arith.constant 8738 : i16
    %dv = arith.constant 12884901890 : i64
    %H = memref.alloc() : memref<1x2xi16>
    memref.store %lo, %H[%c0, %c0] : memref<1x2xi16>
    memref.store %hi, %H[%c0, %c1] : memref<1x2xi16>
    %D = memref.alloc() : memref<1x1xi64>
    memref.store %dv, %D[%c0, %c0] : memref<1x1xi64>
    %dH = gpu.alloc () : memref<1x2xi16>
    %dD = gpu.alloc () : memref<1x1xi64>
    %dOut = gpu.alloc () : memref<1x1xi32>
    %dOut2 = gpu.alloc () : memref<1x2xi32>
    %qv = arith.constant 129127208515966861317 : i128
    %Q = memref.alloc() : memref<1x1xi128>
    memref.store %qv, %Q[%c0, %c0] : memref<1x1xi128>
    %dQ = gpu.alloc () : memref<1x1xi128>
    gpu.memcpy %dQ, %Q : memref<1x1xi128>, memref<1x1xi128>
    %dOut3 = gpu.alloc () : memref<1x2xi64>
    gpu.memcpy %dH, %H : memref<1x2xi16>, memref<1x2xi16>
    gpu.memcpy %dD, %D : memref<1x1xi64>, memref<1x1xi64>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%dH : memref<1x2xi16>, %dD : memref<1x1xi64>, %dOut : memref<1x1xi32>, %dOut2 : memref<1x2xi32>,
             %dQ : memref<1x1xi128>, %dOut3 : memref<1x2xi64>)
    %Out = memref.alloc() : memref<1x1xi32>
    %Out2 = memref.alloc() : memref<1x2xi32>
    gpu.memcpy %Out, %dOut : memref<1x1xi32>, memref<1x1xi32>
    gpu.memcpy %Out2, %dOut2 : memref<1x2xi32>, memref<1x2xi32>
    %u = memref.cast %Out : memref<1x1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %u2 = memref.cast %Out2 : memref<1x2xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %Out3 = memref.alloc() : memref<1x2xi64>
    gpu.memcpy %Out3, %dOut3 : memref<1x2xi64>, memref<1x2xi64>
    %u3 = memref.cast %Out3 : memref<1x2xi64> to memref<*xi64>
    call @printMemrefI64(%u3) : (memref<*xi64>) -> ()
    return
  }
}
