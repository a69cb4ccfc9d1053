// stmatrix into a swizzled tile and a TMA tensor store of it, one warp: the
// TMA-store epilogue of examples/gemm_wgmma.py in small. Each lane holds
// the words of an mma accumulator fragment of a 16 x 64 b16 tile T[r][c] =
// 64 r + c (lane l: rows l / 4 and l / 4 + 8, columns 8 i + 2 (l % 4) and
// + 1, packed low half first). Four stmatrix .x4 write T into a 2 KiB
// buffer aligned to 1024 bytes under the 128-byte swizzle: 16-byte chunk
// k of row r lies at byte 128 r + 16 (k ^ (r % 8)). Lane l gives the row
// address of row l % 8 of matrix l / 8; its view's offset carries the
// swizzle (the strides give the unswizzled place, each lane's offset the
// difference). Then fence.proxy.async, bar.warp.sync, and lane 0 stores
// the buffer through a tensor map of the 32 x 128 i16 tensor C (box 16 x
// 64, the 128-byte swizzle, #tile.smem_layout<16x64xi16>) at column 64,
// row 16, and waits for the bulk group. C was all -1.
// The host counts the entries that differ from the ISA's answer (0), and
// rows 15, 16, 17 and 31 at columns 60..71 are Python's from the formula.
// The CPU backend runs it too (Integration/CPU/stmatrix-tma-store.test).
// RUN: tile-runner %s | FileCheck %s
// CHECK: sizes = [1]
// CHECK-NEXT: [0]
// CHECK: {{\[\[}}-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1],
// CHECK-NEXT: [-1, -1, -1, -1, 0, 1, 2, 3, 4, 5, 6, 7],
// CHECK-NEXT: [-1, -1, -1, -1, 64, 65, 66, 67, 68, 69, 70, 71],
// CHECK-NEXT: [-1, -1, -1, -1, 960, 961, 962, 963, 964, 965, 966, 967]]
#WS = #gpu.address_space<workgroup>
#LC = #tile.smem_layout<16x64xi16, swizzle = "128B">
!Map = memref<128xi8>
!R4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!S = memref<2048xi16, #WS>
!V4 = memref<32x2x2x8x8xi16, strided<[0, 8, 512, 64, 1], offset: ?>, #WS>
!Box = memref<1024xi16, strided<[1], offset: ?>, #WS>
!C2 = memref<2xi32, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%mapC: !Map) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %c1024 = arith.constant 1024 : index
      %zero = arith.constant 0 : i32
      %s16 = arith.constant 16 : i32
      %l = gpu.thread_id x
      %sm = gpu.dynamic_shared_memory : memref<?xi8, #WS>
      %base = memref.extract_aligned_pointer_as_index %sm : memref<?xi8, #WS> -> index
      %mis = arith.remui %base, %c1024 : index
      %gap = arith.subi %c1024, %mis : index
      %pad = arith.remui %gap, %c1024 : index
      %S = memref.view %sm[%c0][] : memref<?xi8, #WS> to !S
      %e0 = arith.divui %pad, %c2 : index
      %g = arith.divui %l, %c4 : index
      %t4 = arith.remui %l, %c4 : index
      %r = arith.remui %l, %c8 : index
      %j = arith.divui %l, %c8 : index
      %jc = arith.divui %j, %c2 : index
      scf.for %m = %c0 to %c4 step %c1 {
        %regs = tile.alloc_local : !R4
        %i0a = arith.muli %m, %c2 : index
        %i0 = arith.addi %i0a, %c0 : index
        %row0 = arith.addi %g, %c0 : index
        %rowv0 = arith.muli %row0, %c64 : index
        %i80 = arith.muli %i0, %c8 : index
        %t20 = arith.muli %t4, %c2 : index
        %col0 = arith.addi %i80, %t20 : index
        %lo0 = arith.addi %rowv0, %col0 : index
        %hi0 = arith.addi %lo0, %c1 : index
        %lo320 = arith.index_cast %lo0 : index to i32
        %hi320 = arith.index_cast %hi0 : index to i32
        %hs0 = arith.shli %hi320, %s16 : i32
        %w0 = arith.ori %lo320, %hs0 : i32
        memref.store %w0, %regs[%c0, %c0] : !R4
        %i1a = arith.muli %m, %c2 : index
        %i1 = arith.addi %i1a, %c0 : index
        %row1 = arith.addi %g, %c8 : index
        %rowv1 = arith.muli %row1, %c64 : index
        %i81 = arith.muli %i1, %c8 : index
        %t21 = arith.muli %t4, %c2 : index
        %col1 = arith.addi %i81, %t21 : index
        %lo1 = arith.addi %rowv1, %col1 : index
        %hi1 = arith.addi %lo1, %c1 : index
        %lo321 = arith.index_cast %lo1 : index to i32
        %hi321 = arith.index_cast %hi1 : index to i32
        %hs1 = arith.shli %hi321, %s16 : i32
        %w1 = arith.ori %lo321, %hs1 : i32
        memref.store %w1, %regs[%c0, %c1] : !R4
        %i2a = arith.muli %m, %c2 : index
        %i2 = arith.addi %i2a, %c1 : index
        %row2 = arith.addi %g, %c0 : index
        %rowv2 = arith.muli %row2, %c64 : index
        %i82 = arith.muli %i2, %c8 : index
        %t22 = arith.muli %t4, %c2 : index
        %col2 = arith.addi %i82, %t22 : index
        %lo2 = arith.addi %rowv2, %col2 : index
        %hi2 = arith.addi %lo2, %c1 : index
        %lo322 = arith.index_cast %lo2 : index to i32
        %hi322 = arith.index_cast %hi2 : index to i32
        %hs2 = arith.shli %hi322, %s16 : i32
        %w2 = arith.ori %lo322, %hs2 : i32
        memref.store %w2, %regs[%c0, %c2] : !R4
        %i3a = arith.muli %m, %c2 : index
        %i3 = arith.addi %i3a, %c1 : index
        %row3 = arith.addi %g, %c8 : index
        %rowv3 = arith.muli %row3, %c64 : index
        %i83 = arith.muli %i3, %c8 : index
        %t23 = arith.muli %t4, %c2 : index
        %col3 = arith.addi %i83, %t23 : index
        %lo3 = arith.addi %rowv3, %col3 : index
        %hi3 = arith.addi %lo3, %c1 : index
        %lo323 = arith.index_cast %lo3 : index to i32
        %hi323 = arith.index_cast %hi3 : index to i32
        %hs3 = arith.shli %hi323, %s16 : i32
        %w3 = arith.ori %lo323, %hs3 : i32
        memref.store %w3, %regs[%c0, %c3] : !R4
        // lane l gives row r of matrix j: column chunk 2m + jc swizzled by r
        %m2 = arith.muli %m, %c2 : index
        %ch = arith.addi %m2, %jc : index
        %sw = arith.xori %ch, %r : index
        %d = arith.subi %sw, %ch : index
        %d8 = arith.muli %d, %c8 : index
        %mo = arith.muli %m, %c16 : index
        %o1 = arith.addi %e0, %mo : index
        %off = arith.addi %o1, %d8 : index
        %v = memref.reinterpret_cast %S to offset: [%off], sizes: [32, 2, 2, 8, 8], strides: [0, 8, 512, 64, 1] : !S to !V4
        tile.apply "stmatrix.sync.aligned.m8n8.x4.shared.b16" (%v, %regs) scope(warp) : !V4, !R4
      }
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      %all = arith.constant -1 : i32
      tile.apply "bar.warp.sync" (%all) scope(thread) : i32
      %is0 = arith.cmpi eq, %l, %c0 : index
      scf.if %is0 {
        %at = tile.alloc_local : !C2
        %x = arith.constant 64 : i32
        %y = arith.constant 16 : i32
        memref.store %x, %at[%c0] : !C2
        memref.store %y, %at[%c1] : !C2
        %box = memref.reinterpret_cast %S to offset: [%e0], sizes: [1024], strides: [1] : !S to !Box
        tile.apply "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group" (%mapC, %at, %box) scope(thread) : !Map, !C2, !Box
        tile.apply "cp.async.bulk.commit_group" () scope(thread)
        tile.apply "cp.async.bulk.wait_group" (%zero) scope(thread) : i32
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c16 = arith.constant 16 : index
    %m1 = arith.constant -1 : i16
    %C = memref.alloc() : memref<32x128xi16>
    scf.for %i = %c0 to %c32 step %c1 {
      scf.for %j = %c0 to %c128 step %c1 {
        memref.store %m1, %C[%i, %j] : memref<32x128xi16>
      }
    }
    %dC = gpu.alloc () : memref<32x128xi16>
    gpu.memcpy %dC, %C : memref<32x128xi16>, memref<32x128xi16>
    %map = gpu.alloc () : !Map
    tile.tensor_map_encode %map, %dC layout(#LC) : !Map, memref<32x128xi16>
    %shared = arith.constant 3072 : i32
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) dynamic_shared_memory_size %shared args(%map : !Map)
    gpu.memcpy %C, %dC : memref<32x128xi16>, memref<32x128xi16>
    // Entries whose bits differ from the ISA's answer: rows 16..31,
    // columns 64..127 hold 64 (r - 16) + (c - 64); the rest stays -1.
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bad = scf.for %i = %c0 to %c32 step %c1 iter_args(%n = %zero) -> (i32) {
      %row = scf.for %j = %c0 to %c128 step %c1 iter_args(%m = %n) -> (i32) {
        %v = memref.load %C[%i, %j] : memref<32x128xi16>
        %inr = arith.cmpi uge, %i, %c16 : index
        %inc = arith.cmpi uge, %j, %c64 : index
        %in = arith.andi %inr, %inc : i1
        %r = arith.subi %i, %c16 : index
        %c = arith.subi %j, %c64 : index
        %r64 = arith.muli %r, %c64 : index
        %e = arith.addi %r64, %c : index
        %e16 = arith.index_cast %e : index to i16
        %want = arith.select %in, %e16, %m1 : i16
        %ne = arith.cmpi ne, %v, %want : i16
        %add = arith.select %ne, %one, %zero : i32
        %m2 = arith.addi %m, %add : i32
        scf.yield %m2 : i32
      }
      scf.yield %row : i32
    }
    %count = memref.alloc() : memref<1xi32>
    memref.store %bad, %count[%c0] : memref<1xi32>
    %uc = memref.cast %count : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    // Rows 15 to 17 and 31 at columns 60..71, as i32.
    %O = memref.alloc() : memref<4x12xi32>
    %rows = memref.alloc() : memref<4xindex>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c15 = arith.constant 15 : index
    %c17 = arith.constant 17 : index
    %c31 = arith.constant 31 : index
    %c60 = arith.constant 60 : index
    memref.store %c15, %rows[%c0] : memref<4xindex>
    memref.store %c16, %rows[%c1] : memref<4xindex>
    memref.store %c17, %rows[%c2] : memref<4xindex>
    memref.store %c31, %rows[%c3] : memref<4xindex>
    scf.for %i = %c0 to %c4 step %c1 {
      %ri = memref.load %rows[%i] : memref<4xindex>
      scf.for %j = %c0 to %c12 step %c1 {
        %cj = arith.addi %j, %c60 : index
        %v = memref.load %C[%ri, %cj] : memref<32x128xi16>
        %w = arith.extsi %v : i16 to i32
        memref.store %w, %O[%i, %j] : memref<4x12xi32>
      }
    }
    %u = memref.cast %O : memref<4x12xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
