// xc16 at column -4 (-16 bytes: the box is outside the tensor).
// See README.md; run.sh runs it on the GPU.
#WS = #gpu.address_space<workgroup>
!Map = memref<128xi8>
!Bar = memref<1xi64, #WS>
!C2 = memref<2xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%mf: !Map, %mb: !Map, %mh: !Map, %O: memref<24xi32>)
        workgroup(%S: memref<96xi32, #WS>, %bar: !Bar) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 32 : i32
      %x0 = arith.constant -4 : i32
      %y0 = arith.constant 15 : i32
      %true = arith.constant true
      %st = tile.alloc_local : memref<1xi64, #tile.reg>
      %at = tile.alloc_local : !C2
      memref.store %x0, %at[%c0] : !C2
      memref.store %y0, %at[%c1] : !C2
      tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !Bar, i32
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      %s0 = memref.reinterpret_cast %S to offset: [0], sizes: [8], strides: [1] : memref<96xi32, #WS> to memref<8xi32, strided<[1]>, #WS>
      %s1 = memref.reinterpret_cast %S to offset: [32], sizes: [8], strides: [1] : memref<96xi32, #WS> to memref<8xi32, strided<[1], offset: 32>, #WS>
      %s2 = memref.reinterpret_cast %S to offset: [64], sizes: [8], strides: [1] : memref<96xi32, #WS> to memref<8xi32, strided<[1], offset: 64>, #WS>
      tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : memref<1xi64, #tile.reg>, !Bar, i32
      tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%s0, %mf, %at, %bar) scope(thread) : memref<8xi32, strided<[1]>, #WS>, !Map, !C2, !Bar
      %p = tile.alloc_local : memref<1xi1, #tile.reg>
      scf.while : () -> () {
        tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : memref<1xi1, #tile.reg>, !Bar, i32
        %done = memref.load %p[%c0] : memref<1xi1, #tile.reg>
        %again = arith.xori %done, %true : i1
        scf.condition(%again)
      } do {
        scf.yield
      }
      %c8 = arith.constant 8 : index
      %c3 = arith.constant 3 : index
      %c32 = arith.constant 32 : index
      scf.for %j = %c0 to %c3 step %c1 {
        scf.for %i = %c0 to %c8 step %c1 {
          %j32 = arith.muli %j, %c32 : index
          %src = arith.addi %j32, %i : index
          %j8 = arith.muli %j, %c8 : index
          %dst = arith.addi %j8, %i : index
          %v = memref.load %S[%src] : memref<96xi32, #WS>
          memref.store %v, %O[%dst] : memref<24xi32>
        }
      }
      gpu.return
    }
  }
  func.func private @tileTensorMapEncodeTiled(memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @encode(%map: !Map, %t: memref<64x64xf32>, %type: i32, %cols: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = arith.constant 2 : i64
    %none = arith.constant 0 : i32
    %nan = arith.constant 0 : i32
    %box = memref.alloc() : memref<2xi64>
    memref.store %rows, %box[%c0] : memref<2xi64>
    memref.store %cols, %box[%c1] : memref<2xi64>
    %ubox = memref.cast %box : memref<2xi64> to memref<*xi64>
    %um = memref.cast %map : !Map to memref<*xi8>
    %ut = memref.cast %t : memref<64x64xf32> to memref<*xf32>
    call @tileTensorMapEncodeTiled(%um, %ut, %type, %ubox, %none, %nan) : (memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32) -> ()
    return
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 64 : index
    %h = memref.alloc() : memref<64x64xf32>
    %v = arith.constant 1.0 : f32
    scf.for %r = %c0 to %c16 step %c1 {
      scf.for %c = %c0 to %c16 step %c1 {
        memref.store %v, %h[%r, %c] : memref<64x64xf32>
      }
    }
    %d = gpu.alloc () : memref<64x64xf32>
    gpu.memcpy %d, %h : memref<64x64xf32>, memref<64x64xf32>
    %mf = gpu.alloc () : !Map
    %mb = gpu.alloc () : !Map
    %mh = gpu.alloc () : !Map
    %f32 = arith.constant 7 : i32
    %bf16 = arith.constant 9 : i32
    %f16 = arith.constant 6 : i32
    %w4 = arith.constant 4 : i64
    %w8 = arith.constant 8 : i64
    call @encode(%mf, %d, %f32, %w4) : (!Map, memref<64x64xf32>, i32, i64) -> ()
    call @encode(%mb, %d, %bf16, %w8) : (!Map, memref<64x64xf32>, i32, i64) -> ()
    call @encode(%mh, %d, %f16, %w8) : (!Map, memref<64x64xf32>, i32, i64) -> ()
    %dO = gpu.alloc () : memref<24xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%mf : !Map, %mb : !Map, %mh : !Map, %dO : memref<24xi32>)
    %hO = memref.alloc() : memref<24xi32>
    gpu.memcpy %hO, %dO : memref<24xi32>, memref<24xi32>
    %u = memref.cast %hO : memref<24xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
