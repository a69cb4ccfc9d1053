// The CPU backend's tensor maps are checked as cuTensorMapEncodeTiled
// checks them, and its tensor copies check the map they read; each error
// ends the run with what is wrong. The kernel loads a box of 16 rows x
// 32 f32 through the map; each RUN changes one thing (sed): the box's
// inner bytes not a multiple of 16, a box dimension above 256, a box wider
// than its swizzle, the NaN fill of an integer type, a map buffer that was
// never encoded, a 1-D copy through the 2-D map, and a first column 8
// bytes into a row (the H200 faults). With the NaN fill, the element
// outside the tensor is the H200's NaN (0x7ff77ff7: nan). An im2col copy
// through the tiled map is refused when it runs (the im2col maps' own
// errors: Integration/CPU/im2col-errors.test).
// REQUIRES: cuda-runtime
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// RUN: sed 's/%cols = arith.constant 32 : i64/%cols = arith.constant 33 : i64/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=INNER
// RUN: sed 's/%rows = arith.constant 16 : i64/%rows = arith.constant 300 : i64/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=BOX
// RUN: sed 's/%mode = arith.constant 0 : i32/%mode = arith.constant 2 : i32/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=SPAN
// RUN: sed 's/%fill = arith.constant 0 : i32/%fill = arith.constant 1 : i32/' %s | tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: sed -e 's/%fill = arith.constant 0 : i32/%fill = arith.constant 1 : i32/' -e 's/%f32 = arith.constant 7 : i32/%f32 = arith.constant 2 : i32/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=NANINT
// RUN: sed 's/%x0 = arith.constant 4 : i32/%x0 = arith.constant 2 : i32/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=COLUMN
// A box size that does not fit the map's 32-bit field.
// RUN: sed 's/%cols = arith.constant 32 : i64/%cols = arith.constant 4294967328 : i64/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=FIELD
// FIELD: tile-cpu: tileTensorMapEncodeTiled: a box size 4294967328 is out of range
// A map whose swizzle field was overwritten after it was made (byte 6).
// RUN: sed 's|^//D ||' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DAMAGED
// RUN: sed 's/call @tileTensorMapEncodeTiled(%um/call @tileTensorMapEncodeTiled(%uother/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=NOMAP
// RUN: sed -e 's/tensor.2d.shared/tensor.1d.shared/' -e 's/!C2 = memref<2xi32/!C2 = memref<1xi32/' -e 's/memref.store %y0, %at\[%c1\] : !C2//' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: sed -e 's/tensor.2d.shared::cluster.global.tile/tensor.3d.shared::cluster.global.im2col/' -e 's/!C2 = memref<2xi32/!C2 = memref<3xi32/' -e 's/, !Bar$/, !Bar, i16/' -e 's/%at, %bar)/%at, %bar, %off)/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=IM2COL
// CHECK: sizes = [2]
// CHECK-NEXT: [3, 0]
// INNER: tile-cpu: tileTensorMapEncodeTiled: the box's inner dimension has 132 bytes, not a multiple of 16
// BOX: tile-cpu: tileTensorMapEncodeTiled: the box has 300 elements in dimension 1, not 1 to 256
// SPAN: tile-cpu: tileTensorMapEncodeTiled: the box's inner dimension has 128 bytes, more than the 64B swizzle's span
// NAN: sizes = [2]
// NAN-NEXT: [3, nan]
// NANINT: tile-cpu: tileTensorMapEncodeTiled: the nan fill is for floating-point types, not UINT32
// COLUMN: tile-cpu: thread 0, 'cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes': its innermost coordinate 2 starts the box 8 bytes into a row, not a multiple of 16 (the H200 faults with an illegal instruction)
// NOMAP: tile-cpu: thread 0, 'cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes': the 128 bytes at byte 0 of gpu.alloc at <stdin>:{{[0-9]+}}:{{[0-9]+}} are not a tensor map (tile.tensor_map_encode, tileTensorMapEncodeTiled or tileTensorMapEncodeIm2col makes one)
// RANK: tile-cpu: thread 0, 'cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes': it copies a box of 1 dimensions through a tensor map of 2
// DAMAGED: tile-cpu: thread 0, 'cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes': the tensor map at byte 0 of gpu.alloc at <stdin>:{{[0-9]+}}:{{[0-9]+}} is damaged: unknown CUtensorMapSwizzle 9
// IM2COL: tile-cpu: thread 0, 'cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes': it copies in im2col mode through a tensor map made for tile mode
#WS = #gpu.address_space<workgroup>
!T = memref<64x64xf32>
!Map = memref<128xi8>
!Box = memref<512xf32, #WS>
!Bar = memref<1xi64, #WS>
!C2 = memref<2xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%map: !Map, %O: memref<2xf32>)
        workgroup(%S: !Box, %bar: !Bar) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 2048 : i32
      %x0 = arith.constant 4 : i32
      %y0 = arith.constant 60 : i32
      %off = arith.constant 0 : i16
      %true = arith.constant true
      %st = tile.alloc_local : memref<1xi64, #tile.reg>
      %at = tile.alloc_local : !C2
      memref.store %x0, %at[%c0] : !C2
      memref.store %y0, %at[%c1] : !C2
      tile.apply "mbarrier.init.shared::cta.b64" (%bar, %one) scope(thread) : !Bar, i32
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      tile.apply "mbarrier.arrive.expect_tx.shared::cta.b64" (%st, %bar, %bytes) scope(thread) : memref<1xi64, #tile.reg>, !Bar, i32
      tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%S, %map, %at, %bar) scope(thread) : !Box, !Map, !C2, !Bar
      %p = tile.alloc_local : memref<1xi1, #tile.reg>
      scf.while : () -> () {
        tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%p, %bar, %zero) scope(thread) : memref<1xi1, #tile.reg>, !Bar, i32
        %done = memref.load %p[%c0] : memref<1xi1, #tile.reg>
        %again = arith.xori %done, %true : i1
        scf.condition(%again)
      } do {
        scf.yield
      }
      // Row 3 of the box (T's row 63), column 1; row 4 (outside T).
      %c97 = arith.constant 97 : index
      %c129 = arith.constant 129 : index
      %a = memref.load %S[%c97] : !Box
      %b = memref.load %S[%c129] : !Box
      memref.store %a, %O[%c0] : memref<2xf32>
      memref.store %b, %O[%c1] : memref<2xf32>
      gpu.return
    }
  }
  func.func private @tileTensorMapEncodeTiled(memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32)
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = arith.constant 16 : i64
    %cols = arith.constant 32 : i64
    %f32 = arith.constant 7 : i32
    %mode = arith.constant 0 : i32
    %fill = arith.constant 0 : i32
    // T[r][c] = 0 except T[63][5] = 3.
    %hT = memref.alloc() : !T
    %zerof = arith.constant 0.0 : f32
    %three = arith.constant 3.0 : f32
    %c64 = arith.constant 64 : index
    scf.for %r = %c0 to %c64 step %c1 {
      scf.for %c = %c0 to %c64 step %c1 {
        memref.store %zerof, %hT[%r, %c] : !T
      }
    }
    %c5 = arith.constant 5 : index
    %c63 = arith.constant 63 : index
    memref.store %three, %hT[%c63, %c5] : !T
    %dT = gpu.alloc () : !T
    gpu.memcpy %dT, %hT : !T, !T
    %box = memref.alloc() : memref<2xi64>
    memref.store %rows, %box[%c0] : memref<2xi64>
    memref.store %cols, %box[%c1] : memref<2xi64>
    %ubox = memref.cast %box : memref<2xi64> to memref<*xi64>
    %map = gpu.alloc () : !Map
    %other = gpu.alloc () : !Map
    %um = memref.cast %map : !Map to memref<*xi8>
    %uother = memref.cast %other : !Map to memref<*xi8>
    %uT = memref.cast %dT : !T to memref<*xf32>
    call @tileTensorMapEncodeTiled(%um, %uT, %f32, %ubox, %mode, %fill) : (memref<*xi8>, memref<*xf32>, i32, memref<*xi64>, i32, i32) -> ()
//D %c6 = arith.constant 6 : index
//D %nine = arith.constant 9 : i8
//D memref.store %nine, %map[%c6] : !Map
    %dO = gpu.alloc () : memref<2xf32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%map : !Map, %dO : memref<2xf32>)
    %hO = memref.alloc() : memref<2xf32>
    gpu.memcpy %hO, %dO : memref<2xf32>, memref<2xf32>
    %u = memref.cast %hO : memref<2xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
