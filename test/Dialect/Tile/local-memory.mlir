// RUN: tile-opt %s -split-input-file -tile-check-gpu-modules -verify-diagnostics

// A thread's memref.allocas and private buffers are local memory, at most
// 512 KiB a thread (the table's ThreadLocalMemory record); ptxas 13.0
// assembles a larger frame without a word. The diagnostic names the total
// and points at the largest buffer.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{'gpu.func' op takes 524289 bytes of local memory per thread (memref.allocas and private buffers), more than a thread may use: 524288 bytes (the CUDA C++ Programming Guide's technical specifications: 512 KB of local memory per thread on every compute capability)}}
  gpu.func @k() kernel {
    // expected-note @+1 {{the largest takes 524288 bytes}}
    %a = memref.alloca() : memref<131072xf32>
    %b = memref.alloca() : memref<1xi8>
    gpu.return
  }
}

// -----

// Private attributions count, and allocas nested in loops; f64 elements are
// 8 bytes.
gpu.module @m [#nvvm.target<chip = "sm_80">] {
  // expected-error @+1 {{takes 786432 bytes of local memory per thread}}
  gpu.func @k(%n: index) private(%p: memref<32768xf64, #gpu.address_space<private>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-note @+1 {{the largest takes 524288 bytes}}
      %a = memref.alloca() : memref<65536xf64>
    }
    gpu.return
  }
}

// -----

// Device functions too; vectors are counted at their size.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{takes 1048576 bytes of local memory per thread}}
  gpu.func @f() {
    // expected-note @+1 {{the largest takes 1048576 bytes}}
    %a = memref.alloca() : memref<65536xvector<4xf32>>
    gpu.return
  }
}

// -----

// Exactly 512 KiB, dynamic allocas (unknown here) and register tiles
// (registers, under their own budget) pass.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%n: index) kernel {
    %a = memref.alloca() : memref<131072xf32>
    %b = memref.alloca(%n) : memref<?xf32>
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    gpu.return
  }
}
