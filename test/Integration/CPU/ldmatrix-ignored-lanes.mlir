// ldmatrix .x1 reads the rows that lanes 0-7 address; the ISA ignores the
// other lanes' addresses. Written at thread scope (each lane gives its own
// row, the instruction as PTX spells it), lanes 8-31 here address rows 8-31
// of an 8-row buffer: the CPU backend neither reads them nor reports them
// (its bounds checks are on), and every lane gets its fragment of the
// matrix M[r][c] = 8 r + c: lane l holds M[l / 4][2 (l % 4)] |
// M[l / 4][2 (l % 4) + 1] << 16, lane 5 = 10 | 11 << 16 = 720906.
// REQUIRES: cuda-runtime
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// CHECK: [65536, 196610, 327684, 458758, 589832, 720906, 851980, 983054, 1114128, 1245202, 1376276, 1507350, 1638424, 1769498, 1900572, 2031646, 2162720, 2293794, 2424868, 2555942, 2687016, 2818090, 2949164, 3080238, 3211312, 3342386, 3473460, 3604534, 3735608, 3866682, 3997756, 4128830]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%O: memref<32xi32>)
        workgroup(%S: memref<8x8xi16, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %l = gpu.thread_id x
      %lt8 = arith.cmpi ult, %l, %c8 : index
      scf.if %lt8 {
        scf.for %c = %c0 to %c8 step %c1 {
          %r8 = arith.muli %l, %c8 : index
          %i = arith.addi %r8, %c : index
          %v = arith.index_cast %i : index to i16
          memref.store %v, %S[%l, %c] : memref<8x8xi16, #gpu.address_space<workgroup>>
        }
      }
      gpu.barrier
      %flat = memref.reinterpret_cast %S to offset: [0], sizes: [256], strides: [1] : memref<8x8xi16, #gpu.address_space<workgroup>> to memref<256xi16, #gpu.address_space<workgroup>>
      %off = arith.muli %l, %c8 : index
      %row = memref.subview %flat[%off] [8] [1] : memref<256xi16, #gpu.address_space<workgroup>> to memref<8xi16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      %r = tile.alloc_local : memref<1xi32, #tile.reg>
      tile.apply "ldmatrix.sync.aligned.m8n8.x1.shared.b16" (%r, %row) scope(thread) : memref<1xi32, #tile.reg>, memref<8xi16, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
      %o = memref.subview %O[%l] [1] [1] : memref<32xi32> to memref<1xi32, strided<[1], offset: ?>>
      tile.apply "st.global.b32" (%o, %r) scope(thread) : memref<1xi32, strided<[1], offset: ?>>, memref<1xi32, #tile.reg>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %d = gpu.alloc () : memref<32xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : memref<32xi32>)
    %h = memref.alloc() : memref<32xi32>
    gpu.memcpy %h, %d : memref<32xi32>, memref<32xi32>
    %u = memref.cast %h : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
