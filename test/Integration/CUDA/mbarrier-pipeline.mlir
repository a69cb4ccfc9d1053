// A two-stage producer/consumer pipeline on mbarriers, 2 blocks of 64
// threads: warp 0 produces, warp 1 consumes, 8 rounds. In round r (stage
// s = r % 2, its n = r / 2-th use) each producer lane waits until the
// consumers have released the stage's previous use (the `empty` barrier's
// phase n - 1, parity (n - 1) & 1; a fresh barrier's first wait is skipped),
// writes b*10000 + r*100 + lane into the stage and arrives on `full`; each
// consumer lane waits for `full`'s phase n (parity n & 1), reads its lane's
// value, and arrives on `empty`. Each barrier expects the 32 lanes of one
// warp. By hand, per block b and lane l: rounds that read the value written
// for them, 8; the sum of the values read, 8*b*10000 + 100*(0 + ... + 7) +
// 8*l = 80000*b + 2800 + 8*l.
// RUN: tile-runner %s | FileCheck %s
// CHECK: [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8],
// CHECK-NEXT: [2800, 2808, 2816, 2824, 2832, 2840, 2848, 2856, 2864, 2872, 2880, 2888, 2896, 2904, 2912, 2920, 2928, 2936, 2944, 2952, 2960, 2968, 2976, 2984, 2992, 3000, 3008, 3016, 3024, 3032, 3040, 3048],
// CHECK-NEXT: [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8],
// CHECK-NEXT: [82800, 82808, 82816, 82824, 82832, 82840, 82848, 82856, 82864, 82872, 82880, 82888, 82896, 82904, 82912, 82920, 82928, 82936, 82944, 82952, 82960, 82968, 82976, 82984, 82992, 83000, 83008, 83016, 83024, 83032, 83040, 83048]
#WS = #gpu.address_space<workgroup>
!Bars = memref<2xi64, #WS>
!Bar = memref<1xi64, strided<[1], offset: ?>, #WS>
!P = memref<1xi1, #tile.reg>
!S = memref<1xi64, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%O: memref<4x32xi32>) workgroup(%full: !Bars, %empty: !Bars, %buf: memref<64xi32, #WS>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c100 = arith.constant 100 : index
      %c10000 = arith.constant 10000 : index
      %one = arith.constant 1 : i32
      %n32 = arith.constant 32 : i32
      %zero = arith.constant 0 : i32
      %true = arith.constant true
      %tid = gpu.thread_id x
      %b = gpu.block_id x
      %lane = arith.remui %tid, %c32 : index
      %warp = arith.divui %tid, %c32 : index
      %f0 = memref.reinterpret_cast %full to offset: [0], sizes: [1], strides: [1] : !Bars to !Bar
      %f1 = memref.reinterpret_cast %full to offset: [1], sizes: [1], strides: [1] : !Bars to !Bar
      %e0 = memref.reinterpret_cast %empty to offset: [0], sizes: [1], strides: [1] : !Bars to !Bar
      %e1 = memref.reinterpret_cast %empty to offset: [1], sizes: [1], strides: [1] : !Bars to !Bar
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        tile.apply "mbarrier.init.shared::cta.b64" (%f0, %n32) scope(thread) : !Bar, i32
        tile.apply "mbarrier.init.shared::cta.b64" (%f1, %n32) scope(thread) : !Bar, i32
        tile.apply "mbarrier.init.shared::cta.b64" (%e0, %n32) scope(thread) : !Bar, i32
        tile.apply "mbarrier.init.shared::cta.b64" (%e1, %n32) scope(thread) : !Bar, i32
      }
      gpu.barrier
      %base = arith.muli %b, %c10000 : index
      %producer = arith.cmpi eq, %warp, %c0 : index
      scf.if %producer {
        scf.for %r = %c0 to %c8 step %c1 {
          %s = arith.remui %r, %c2 : index
          %n = arith.divui %r, %c2 : index
          %isOne = arith.cmpi eq, %s, %c1 : index
          %fb = arith.select %isOne, %f1, %f0 : !Bar
          %eb = arith.select %isOne, %e1, %e0 : !Bar
          %used = arith.cmpi ne, %n, %c0 : index
          scf.if %used {
            %prev = arith.subi %n, %c1 : index
            %prev32 = arith.index_cast %prev : index to i32
            %par = arith.andi %prev32, %one : i32
            %pe = tile.alloc_local : !P
            scf.while : () -> () {
              tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%pe, %eb, %par) scope(thread) : !P, !Bar, i32
              %donee = memref.load %pe[%c0] : !P
              %againe = arith.xori %donee, %true : i1
              scf.condition(%againe)
            } do {
              scf.yield
            }
          }
          %r100 = arith.muli %r, %c100 : index
          %v0 = arith.addi %base, %r100 : index
          %v1 = arith.addi %v0, %lane : index
          %v = arith.index_cast %v1 : index to i32
          %s32 = arith.muli %s, %c32 : index
          %slot = arith.addi %s32, %lane : index
          memref.store %v, %buf[%slot] : memref<64xi32, #WS>
          %sf = tile.alloc_local : !S
          tile.apply "mbarrier.arrive.shared::cta.b64" (%sf, %fb) scope(thread) : !S, !Bar
        }
      } else {
        %res:2 = scf.for %r = %c0 to %c8 step %c1 iter_args(%acc = %zero, %sum = %zero) -> (i32, i32) {
          %s = arith.remui %r, %c2 : index
          %n = arith.divui %r, %c2 : index
          %isOne = arith.cmpi eq, %s, %c1 : index
          %fb = arith.select %isOne, %f1, %f0 : !Bar
          %eb = arith.select %isOne, %e1, %e0 : !Bar
          %n32i = arith.index_cast %n : index to i32
          %par = arith.andi %n32i, %one : i32
          %pf = tile.alloc_local : !P
          scf.while : () -> () {
            tile.apply "mbarrier.try_wait.parity.shared::cta.b64" (%pf, %fb, %par) scope(thread) : !P, !Bar, i32
            %donef = memref.load %pf[%c0] : !P
            %againf = arith.xori %donef, %true : i1
            scf.condition(%againf)
          } do {
            scf.yield
          }
          %s32 = arith.muli %s, %c32 : index
          %slot = arith.addi %s32, %lane : index
          %v = memref.load %buf[%slot] : memref<64xi32, #WS>
          %se = tile.alloc_local : !S
          tile.apply "mbarrier.arrive.shared::cta.b64" (%se, %eb) scope(thread) : !S, !Bar
          %r100 = arith.muli %r, %c100 : index
          %w0 = arith.addi %base, %r100 : index
          %w1 = arith.addi %w0, %lane : index
          %want = arith.index_cast %w1 : index to i32
          %ok = arith.cmpi eq, %v, %want : i32
          %ok32 = arith.extui %ok : i1 to i32
          %acc2 = arith.addi %acc, %ok32 : i32
          %sum2 = arith.addi %sum, %v : i32
          scf.yield %acc2, %sum2 : i32, i32
        }
        %b2 = arith.muli %b, %c2 : index
        %row1 = arith.addi %b2, %c1 : index
        memref.store %res#0, %O[%b2, %lane] : memref<4x32xi32>
        memref.store %res#1, %O[%row1, %lane] : memref<4x32xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %dO = gpu.alloc () : memref<4x32xi32>
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1)
        threads in (%c64, %c1, %c1)
        args(%dO : memref<4x32xi32>)
    %h = memref.alloc() : memref<4x32xi32>
    gpu.memcpy %h, %dO : memref<4x32xi32>, memref<4x32xi32>
    %u = memref.cast %h : memref<4x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
