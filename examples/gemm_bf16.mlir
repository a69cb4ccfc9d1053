// A bf16 GEMM in tile IR: C = A * B^T with f32 accumulation, through the
// sm_80 path of cp.async, ldmatrix and mma.sync (sm_90 target).
//
//   A:  M x K bf16, row-major, passed as memref<M x K/2 x i32> (bf16 pairs);
//   Bt: N x K bf16, row-major (B column-major), passed as memref<N x K/2 x i32>;
//   C:  M x N f32, row-major.
// M and N are multiples of 128 and K of 64 (the launcher checks).
//
// One CTA of 256 threads (8 warps, 2 along M x 4 along N) computes a
// 128 x 128 tile of C. Each warp owns 64 x 32 of it: 4 x 4 mma tiles of
// m16n8k16, 64 f32 accumulators a thread.
//
// K advances 64 at a time through a 3-stage cp.async pipeline in dynamic
// shared memory (108 KiB: two CTAs fit an SM):
// - A stage s at bf16 element 9216 s, Bt stage s at 27648 + 9216 s;
// - each stage holds 128 rows of 64 bf16, padded to 72 (144 bytes) so that
//   the eight rows an ldmatrix phase reads fall in distinct banks.
// Each thread copies four 16-byte chunks of A and four of Bt per stage,
// rows t / 8 + 32 h (h = 0..3), chunk t % 8: one cp.async.cg each, with a
// repeat axis of 4.
//
// The main loop waits for the oldest stage (cp.async.wait_group 1, then a
// barrier), issues the copies of the stage two ahead (an empty group at
// the end keeps the count), and runs four k16 steps on the ready stage:
// - ldmatrix .x4 over 4 repeats loads A's fragments: 4 m16 tiles, matrices
//   (k half, row half) in the order of mma's a0..a3;
// - ldmatrix .x4 over 2 repeats loads Bt's: 4 n8 tiles, matrices
//   (n8 tile, k half) in the order of mma's b0, b1;
// - one mma.sync over a 4 x 4 repeat grid: A's registers broadcast along N
//   (stride 0) and B's along M.
// The epilogue stores each thread's accumulators with st.global.v2.f32: a
// thread of lane l holds rows l / 4 and l / 4 + 8, columns 2 (l % 4) and
// 2 (l % 4) + 1 of every m16n8 tile.
//
// `tile-runner examples/gemm_bf16.mlir` (add `--backend=cpu` without a GPU)
// runs @main: a 256 x 256 x 192 product of small integers, which f32 holds
// exactly whatever the order of accumulation. It prints the number of
// entries of C that differ from a plain host loop's, then C[0][0..7] and
// C[255][248..255]. bench/gemm.py times the kernel at 4096 and 8192.
#WS = #gpu.address_space<workgroup>
!Acc = memref<32x4x4x4xf32, strided<[0, 16, 4, 1]>, #tile.reg>
!RA = memref<32x4x4xi32, strided<[0, 4, 1]>, #tile.reg>
!RB = memref<32x2x4xi32, strided<[0, 4, 1]>, #tile.reg>
!RAb = memref<32x4x4x4xi32, strided<[0, 4, 0, 1]>, #tile.reg>
!RBb = memref<32x4x4x2xi32, strided<[0, 0, 2, 1]>, #tile.reg>
!SA = memref<32x4x2x2x8x8xbf16, strided<[0, 1152, 8, 576, 72, 1], offset: ?>, #WS>
!SB = memref<32x2x2x2x8x8xbf16, strided<[0, 1152, 576, 8, 72, 1], offset: ?>, #WS>
!S32 = memref<27648xi32, #WS>
!S16 = memref<55296xbf16, #WS>
!Dst = memref<4x4xi32, strided<[1152, 1], offset: ?>, #WS>
!Src = memref<4x4xi32, strided<[?, 1], offset: ?>>
!Out = memref<4x4x2x2xf32, strided<[?, 8, ?, 1], offset: ?>>
!Own = memref<4x4x2x2xf32, strided<[16, 4, 2, 1]>, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @gemm [#nvvm.target<chip = "sm_90">] {
    gpu.func @gemm_bf16(%A: memref<?x?xi32>, %B: memref<?x?xi32>, %C: memref<?x?xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c36 = arith.constant 36 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c2304 = arith.constant 2304 : index
      %c4608 = arith.constant 4608 : index
      %c9216 = arith.constant 9216 : index
      %c13824 = arith.constant 13824 : index
      %c27648 = arith.constant 27648 : index
      %bytes = arith.constant 16 : i32
      %wait = arith.constant 1 : i32
      %zero = arith.constant 0.0 : f32
      %K2 = memref.dim %A, %c1 : memref<?x?xi32>
      %N = memref.dim %C, %c1 : memref<?x?xf32>
      // k tiles of 64 bf16: 32 words.
      %KT = arith.divui %K2, %c32 : index
      %smem = gpu.dynamic_shared_memory : memref<?xi8, #WS>
      %s32 = memref.view %smem[%c0][] : memref<?xi8, #WS> to !S32
      %s16 = memref.view %smem[%c0][] : memref<?xi8, #WS> to !S16
      %tid = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bm = arith.muli %by, %c128 : index
      %bn = arith.muli %bx, %c128 : index
      // This thread's copies: rows t / 8 + 32 h, 16-byte chunk t % 8 (word
      // lc of the row; a stage row is 36 words).
      %lr = arith.divui %tid, %c8 : index
      %lq = arith.remui %tid, %c8 : index
      %lc = arith.muli %lq, %c4 : index
      %arow = arith.addi %bm, %lr : index
      %brow = arith.addi %bn, %lr : index
      %lr36 = arith.muli %lr, %c36 : index
      %soff = arith.addi %lr36, %lc : index
      // This warp's 64 x 32 tile: rows 64 wm, columns 32 wn.
      %warp = arith.divui %tid, %c32 : index
      %wm = arith.remui %warp, %c2 : index
      %wn = arith.divui %warp, %c2 : index
      %aoff = arith.muli %wm, %c4608 : index
      %wn2304 = arith.muli %wn, %c2304 : index
      %boff = arith.addi %wn2304, %c27648 : index

      // Prologue: stages 0 and 1 get k tiles 0 and 1. A copy of k tile kt
      // into stage st: this thread's four 16-byte chunks of A's rows and
      // four of Bt's, at word 32 kt + lc of the row and 4608 st + soff of
      // the stage (Bt's stages 13824 words further).
      scf.for %s = %c0 to %c2 step %c1 {
        %has = arith.cmpi ult, %s, %KT : index
        scf.if %has {
          %pk0 = arith.muli %s, %c32 : index
          %pgc = arith.addi %pk0, %lc : index
          %ps0 = arith.muli %s, %c4608 : index
          %pda = arith.addi %ps0, %soff : index
          %pdb = arith.addi %pda, %c13824 : index
          %psrca = memref.subview %A[%arow, %pgc] [4, 4] [32, 1] : memref<?x?xi32> to !Src
          %pdsta = memref.reinterpret_cast %s32 to offset: [%pda], sizes: [4, 4], strides: [1152, 1] : !S32 to !Dst
          tile.apply "cp.async.cg.shared.global" (%pdsta, %psrca, %bytes) scope(thread) : !Dst, !Src, i32
          %psrcb = memref.subview %B[%brow, %pgc] [4, 4] [32, 1] : memref<?x?xi32> to !Src
          %pdstb = memref.reinterpret_cast %s32 to offset: [%pdb], sizes: [4, 4], strides: [1152, 1] : !S32 to !Dst
          tile.apply "cp.async.cg.shared.global" (%pdstb, %psrcb, %bytes) scope(thread) : !Dst, !Src, i32
        }
        tile.apply "cp.async.commit_group" () scope(thread)
      }

      %acc = tile.alloc_local : !Acc
      %acc1 = memref.reinterpret_cast %acc to offset: [0], sizes: [32, 64, 1], strides: [0, 1, 1] : !Acc to memref<32x64x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "mov.f32" (%acc1, %zero) scope(warp) : memref<32x64x1xf32, strided<[0, 1, 1]>, #tile.reg>, f32
      %ra = tile.alloc_local : !RA
      %rb = tile.alloc_local : !RB
      %rab = memref.reinterpret_cast %ra to offset: [0], sizes: [32, 4, 4, 4], strides: [0, 4, 0, 1] : !RA to !RAb
      %rbb = memref.reinterpret_cast %rb to offset: [0], sizes: [32, 4, 4, 2], strides: [0, 0, 2, 1] : !RB to !RBb

      scf.for %kt = %c0 to %KT step %c1 {
        tile.apply "cp.async.wait_group" (%wait) scope(thread) : i32
        gpu.barrier
        // Refill the stage the previous iteration read: k tile kt + 2.
        %nk = arith.addi %kt, %c2 : index
        %more = arith.cmpi ult, %nk, %KT : index
        scf.if %more {
          %ns = arith.remui %nk, %c3 : index
          %mk0 = arith.muli %nk, %c32 : index
          %mgc = arith.addi %mk0, %lc : index
          %ms0 = arith.muli %ns, %c4608 : index
          %mda = arith.addi %ms0, %soff : index
          %mdb = arith.addi %mda, %c13824 : index
          %msrca = memref.subview %A[%arow, %mgc] [4, 4] [32, 1] : memref<?x?xi32> to !Src
          %mdsta = memref.reinterpret_cast %s32 to offset: [%mda], sizes: [4, 4], strides: [1152, 1] : !S32 to !Dst
          tile.apply "cp.async.cg.shared.global" (%mdsta, %msrca, %bytes) scope(thread) : !Dst, !Src, i32
          %msrcb = memref.subview %B[%brow, %mgc] [4, 4] [32, 1] : memref<?x?xi32> to !Src
          %mdstb = memref.reinterpret_cast %s32 to offset: [%mdb], sizes: [4, 4], strides: [1152, 1] : !S32 to !Dst
          tile.apply "cp.async.cg.shared.global" (%mdstb, %msrcb, %bytes) scope(thread) : !Dst, !Src, i32
        }
        tile.apply "cp.async.commit_group" () scope(thread)
        %st = arith.remui %kt, %c3 : index
        %sbase = arith.muli %st, %c9216 : index
        %abase = arith.addi %sbase, %aoff : index
        %bbase = arith.addi %sbase, %boff : index
        scf.for %kk = %c0 to %c64 step %c16 {
          %ao = arith.addi %abase, %kk : index
          %av = memref.reinterpret_cast %s16 to offset: [%ao], sizes: [32, 4, 2, 2, 8, 8], strides: [0, 1152, 8, 576, 72, 1] : !S16 to !SA
          tile.apply "ldmatrix.sync.aligned.m8n8.x4.shared.b16" (%ra, %av) scope(warp) : !RA, !SA
          %bo = arith.addi %bbase, %kk : index
          %bv = memref.reinterpret_cast %s16 to offset: [%bo], sizes: [32, 2, 2, 2, 8, 8], strides: [0, 1152, 576, 8, 72, 1] : !S16 to !SB
          tile.apply "ldmatrix.sync.aligned.m8n8.x4.shared.b16" (%rb, %bv) scope(warp) : !RB, !SB
          tile.apply "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32" (%acc, %rab, %rbb, %acc) scope(warp) : !Acc, !RAb, !RBb, !Acc
        }
      }
      tile.apply "cp.async.wait_all" () scope(thread)

      // Epilogue: lane l's rows l / 4 (+ 8) and columns 2 (l % 4) (+ 1) of
      // each m16n8 tile.
      %lane = arith.remui %tid, %c32 : index
      %g = arith.divui %lane, %c4 : index
      %t4 = arith.remui %lane, %c4 : index
      %wm64 = arith.muli %wm, %c64 : index
      %r0 = arith.addi %bm, %wm64 : index
      %row = arith.addi %r0, %g : index
      %wn32 = arith.muli %wn, %c32 : index
      %col0 = arith.addi %bn, %wn32 : index
      %t42 = arith.muli %t4, %c2 : index
      %col = arith.addi %col0, %t42 : index
      %rowN = arith.muli %row, %N : index
      %off = arith.addi %rowN, %col : index
      %N16 = arith.muli %N, %c16 : index
      %N8 = arith.muli %N, %c8 : index
      %out = memref.reinterpret_cast %C to offset: [%off], sizes: [4, 4, 2, 2], strides: [%N16, 8, %N8, 1] : memref<?x?xf32> to !Out
      %own = memref.reinterpret_cast %acc to offset: [0], sizes: [4, 4, 2, 2], strides: [16, 4, 2, 1] : !Acc to !Own
      tile.apply "st.global.v2.f32" (%out, %own) scope(thread) : !Out, !Own
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)

  /// A[i][k] = (i + 2 k) mod 7 - 3, in bf16.
  func.func @a_entry(%i: index, %k: index) -> bf16 {
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : i32
    %k2 = arith.muli %k, %c2 : index
    %s = arith.addi %i, %k2 : index
    %r = arith.remui %s, %c7 : index
    %ri = arith.index_cast %r : index to i32
    %v = arith.subi %ri, %c3 : i32
    %f = arith.sitofp %v : i32 to bf16
    return %f : bf16
  }

  /// Bt[j][k] = (3 j + k) mod 5 - 2, in bf16.
  func.func @b_entry(%j: index, %k: index) -> bf16 {
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c2 = arith.constant 2 : i32
    %j3 = arith.muli %j, %c3 : index
    %s = arith.addi %j3, %k : index
    %r = arith.remui %s, %c5 : index
    %ri = arith.index_cast %r : index to i32
    %v = arith.subi %ri, %c2 : i32
    %f = arith.sitofp %v : i32 to bf16
    return %f : bf16
  }

  /// The word of entries 2 w and 2 w + 1 of row r: the first in the low half.
  func.func @pack(%lo: bf16, %hi: bf16) -> i32 {
    %c16 = arith.constant 16 : i32
    %l = arith.bitcast %lo : bf16 to i16
    %h = arith.bitcast %hi : bf16 to i16
    %l32 = arith.extui %l : i16 to i32
    %h32 = arith.extui %h : i16 to i32
    %hs = arith.shli %h32, %c16 : i32
    %w = arith.ori %l32, %hs : i32
    return %w : i32
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c96 = arith.constant 96 : index
    %c192 = arith.constant 192 : index
    %c256 = arith.constant 256 : index
    %shared = arith.constant 110592 : i32
    %A = memref.alloc() : memref<256x96xi32>
    %B = memref.alloc() : memref<256x96xi32>
    scf.for %r = %c0 to %c256 step %c1 {
      scf.for %w = %c0 to %c96 step %c1 {
        %k0 = arith.muli %w, %c2 : index
        %k1 = arith.addi %k0, %c1 : index
        %a0 = func.call @a_entry(%r, %k0) : (index, index) -> bf16
        %a1 = func.call @a_entry(%r, %k1) : (index, index) -> bf16
        %aw = func.call @pack(%a0, %a1) : (bf16, bf16) -> i32
        memref.store %aw, %A[%r, %w] : memref<256x96xi32>
        %b0 = func.call @b_entry(%r, %k0) : (index, index) -> bf16
        %b1 = func.call @b_entry(%r, %k1) : (index, index) -> bf16
        %bw = func.call @pack(%b0, %b1) : (bf16, bf16) -> i32
        memref.store %bw, %B[%r, %w] : memref<256x96xi32>
      }
    }
    %dA = gpu.alloc () : memref<256x96xi32>
    %dB = gpu.alloc () : memref<256x96xi32>
    %dC = gpu.alloc () : memref<256x256xf32>
    gpu.memcpy %dA, %A : memref<256x96xi32>, memref<256x96xi32>
    gpu.memcpy %dB, %B : memref<256x96xi32>, memref<256x96xi32>
    %vA = memref.cast %dA : memref<256x96xi32> to memref<?x?xi32>
    %vB = memref.cast %dB : memref<256x96xi32> to memref<?x?xi32>
    %vC = memref.cast %dC : memref<256x256xf32> to memref<?x?xf32>
    gpu.launch_func @gemm::@gemm_bf16 blocks in (%c2, %c2, %c1) threads in (%c256, %c1, %c1) dynamic_shared_memory_size %shared args(%vA : memref<?x?xi32>, %vB : memref<?x?xi32>, %vC : memref<?x?xf32>)
    %C = memref.alloc() : memref<256x256xf32>
    gpu.memcpy %C, %dC : memref<256x256xf32>, memref<256x256xf32>

    // The host's product, entry by entry, and the count of differences.
    %zero = arith.constant 0.0 : f32
    %none = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %bad = scf.for %i = %c0 to %c256 step %c1 iter_args(%n = %none) -> (i32) {
      %row = scf.for %j = %c0 to %c256 step %c1 iter_args(%m = %n) -> (i32) {
        %sum = scf.for %k = %c0 to %c192 step %c1 iter_args(%acc = %zero) -> (f32) {
          %a = func.call @a_entry(%i, %k) : (index, index) -> bf16
          %b = func.call @b_entry(%j, %k) : (index, index) -> bf16
          %af = arith.extf %a : bf16 to f32
          %bf = arith.extf %b : bf16 to f32
          %p = arith.mulf %af, %bf : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        %got = memref.load %C[%i, %j] : memref<256x256xf32>
        %ne = arith.cmpf une, %got, %sum : f32
        %inc = arith.select %ne, %one, %none : i32
        %m1 = arith.addi %m, %inc : i32
        scf.yield %m1 : i32
      }
      scf.yield %row : i32
    }
    %count = memref.alloc() : memref<1xi32>
    memref.store %bad, %count[%c0] : memref<1xi32>
    %uc = memref.cast %count : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    %first = memref.subview %C[0, 0] [1, 8] [1, 1] : memref<256x256xf32> to memref<1x8xf32, strided<[256, 1]>>
    %uf = memref.cast %first : memref<1x8xf32, strided<[256, 1]>> to memref<*xf32>
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    %last = memref.subview %C[255, 248] [1, 8] [1, 1] : memref<256x256xf32> to memref<1x8xf32, strided<[256, 1], offset: 65528>>
    %ul = memref.cast %last : memref<1x8xf32, strided<[256, 1], offset: 65528>> to memref<*xf32>
    call @printMemrefF32(%ul) : (memref<*xf32>) -> ()
    return
  }
}
