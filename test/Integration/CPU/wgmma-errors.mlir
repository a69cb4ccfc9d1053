// A wgmma.mma_async on the CPU backend is a meeting of the 128 threads of
// its warpgroup (.aligned); one that cannot complete ends the run with the
// warpgroup, the instruction and the reason: a thread past the block's end
// (a block of 64 threads), a thread that has exited, threads at another
// wgmma (divergent), descriptors that differ between the threads, and a
// matrix outside the block's shared memory. Each RUN launches one kernel
// (sed names it). A kernel with wgmma whose shared memory is also a
// workgroup memref.global (outside the block's arena, where an address's
// low bits are not its shared address) is refused when compiled.
// REQUIRES: cuda-runtime
// RUN: sed -e 's/@CASE/@one/' -e 's/threads = arith.constant 128/threads = arith.constant 64/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=PAST_END
// RUN: sed 's/@CASE/@exited/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=EXITED
// RUN: sed 's/@CASE/@diverged/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DIVERGED
// RUN: sed 's/@CASE/@mixed/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: sed 's/@CASE/@outside/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: sed -e 's/@CASE/@one/' -e 's|^//G ||' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=GLOBAL
// The kernel @one on a whole warpgroup runs: d = A B of zeros.
// RUN: sed 's/@CASE/@one/' %s | tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=ONE
// PAST_END: tile-cpu: warpgroup 0 (threads 0-127), 'wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16': thread 64 is past the block's end: wgmma.mma_async needs all 128 threads of the warpgroup (.aligned)
// EXITED: tile-cpu: warpgroup 0 (threads 0-127), 'wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16': thread 96 has exited: wgmma.mma_async needs all 128 threads of the warpgroup (.aligned)
// DIVERGED: tile-cpu: warpgroup 0 (threads 0-127), 'wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16': thread 64 waits at another warpgroup MMA: wgmma.mma_async needs all 128 threads of the warpgroup (.aligned)
// MIXED: tile-cpu: warpgroup 0 (threads 0-127), 'wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16': 'a-desc' differs between the warpgroup's threads (thread 0: 0x1000080040, thread 32: 0x1000080041)
// OUTSIDE: tile-cpu: warpgroup 0 (threads 0-127), 'wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16': descriptor 0x{{[0-9a-f]+}} of 'a-desc': element (0, 0) at shared address 0x3f000 is outside the block's shared memory
// GLOBAL: error: 'tile.apply' op reads shared memory by its shared addresses (its descriptors), which the CPU backend gives the block's workgroup buffers of static layout and its dynamic shared memory only; this kernel also uses memref.global @g; run this kernel on the GPU
// ONE: sizes = [4]
// ONE-NEXT: [0, 0, 0, 0]
#WS = #gpu.address_space<workgroup>
!D = memref<4x32x4xf32, strided<[0, 0, 1]>, #tile.reg>
!S = memref<2048xbf16, #WS>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
//G memref.global "private" @g : memref<4xi32, #WS>
    gpu.func @one(%O: memref<4xf32>) workgroup(%s: !S) kernel {
//G   %g = memref.get_global @g : memref<4xi32, #WS>
      %c0 = arith.constant 0 : index
      %c2048 = arith.constant 2048 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %z = arith.constant 0.0 : bf16
      scf.for %i = %tid to %c2048 step %c128 {
        memref.store %z, %s[%i] : !S
      }
      tile.apply "fence.proxy.async.shared::cta" () scope(thread)
      gpu.barrier
      %desc = tile.wgmma_desc %s swizzle("none") lbo(128) sbo(256) : !S
      %false = arith.constant false
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %d = tile.alloc_local : !D
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16" (%d, %desc, %desc, %false, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      %is0 = arith.cmpi eq, %tid, %c0 : index
      scf.if %is0 {
        %own = memref.reinterpret_cast %d to offset: [0], sizes: [4], strides: [1] : !D to memref<4xf32, #tile.reg>
        tile.apply "st.global.v4.f32" (%O, %own) scope(thread) : memref<4xf32>, memref<4xf32, #tile.reg>
      }
      gpu.return
    }
    gpu.func @exited(%O: memref<4xf32>) workgroup(%s: !S) kernel {
      %c96 = arith.constant 96 : index
      %tid = gpu.thread_id x
      %early = arith.cmpi uge, %tid, %c96 : index
      cf.cond_br %early, ^done, ^mma
    ^mma:
      %desc = tile.wgmma_desc %s swizzle("none") lbo(128) sbo(256) : !S
      %false = arith.constant false
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %d = tile.alloc_local : !D
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16" (%d, %desc, %desc, %false, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      cf.br ^done
    ^done:
      gpu.return
    }
    gpu.func @diverged(%O: memref<4xf32>) workgroup(%s: !S) kernel {
      %c64 = arith.constant 64 : index
      %tid = gpu.thread_id x
      %desc = tile.wgmma_desc %s swizzle("none") lbo(128) sbo(256) : !S
      %false = arith.constant false
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %d = tile.alloc_local : !D
      %low = arith.cmpi ult, %tid, %c64 : index
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      scf.if %low {
        tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16" (%d, %desc, %desc, %false, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      } else {
        tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16" (%d, %desc, %desc, %false, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      }
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      gpu.return
    }
    gpu.func @mixed(%O: memref<4xf32>) workgroup(%s: !S) kernel {
      %c32 = arith.constant 32 : index
      %tid = gpu.thread_id x
      %w = arith.divui %tid, %c32 : index
      %w64 = arith.index_cast %w : index to i64
      %desc = tile.wgmma_desc %s swizzle("none") lbo(128) sbo(256) : !S
      %mine = arith.addi %desc, %w64 : i64
      %false = arith.constant false
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %d = tile.alloc_local : !D
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16" (%d, %mine, %desc, %false, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      gpu.return
    }
    gpu.func @outside(%O: memref<4xf32>) workgroup(%s: !S) kernel {
      %desc = tile.wgmma_desc %s swizzle("none") lbo(128) sbo(256) : !S
      // The start address field 0x3f000 >> 4: past the 4 KiB of %s.
      %fields = arith.constant 68720001024 : i64
      %far = arith.constant 16128 : i64
      %bad = arith.ori %fields, %far : i64
      %false = arith.constant false
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %d = tile.alloc_local : !D
      tile.apply "wgmma.fence.sync.aligned" () scope(thread)
      tile.apply "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16" (%d, %bad, %desc, %false, %one, %one, %zero, %zero) scope(warpgroup) : !D, i64, i64, i1, i32, i32, i32, i32
      tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
      tile.apply "wgmma.wait_group.sync.aligned" (%zero) scope(thread) : i32
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %threads = arith.constant 128 : index
    %dO = gpu.alloc () : memref<4xf32>
    gpu.launch_func @kernels::@CASE blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%dO : memref<4xf32>)
    %h = memref.alloc() : memref<4xf32>
    gpu.memcpy %h, %dO : memref<4xf32>, memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
