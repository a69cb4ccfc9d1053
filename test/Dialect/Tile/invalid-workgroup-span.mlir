// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics

// A workgroup buffer whose strided layout reaches past its element count:
// MLIR's GPU lowering allocates the element count, so the kernel would
// access shared memory past its buffer. A layout within it is accepted.

#WS = #gpu.address_space<workgroup>
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  // expected-error @+1 {{workgroup buffer 1 ('memref<4x4xi32, strided<[1, 8]>, #gpu.address_space<workgroup>>') reaches element 27 through its layout, but the GPU lowering allocates its 16 elements}}
  gpu.func @k() workgroup(%a: memref<4x4xi32, strided<[1, 4]>, #WS>, %b: memref<4x4xi32, strided<[1, 8]>, #WS>) kernel {
    gpu.return
  }
}
