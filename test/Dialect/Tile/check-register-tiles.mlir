// RUN: tile-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(tile-check-register-tiles))' -verify-diagnostics

// Uses of register tiles that would keep them in local memory are errors;
// tile.apply, views, and constant-index loads and stores are fine.

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @fine(%g: memref<4x1xf32>, %o: memref<f32>) kernel {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    %v = memref.subview %r[1, 0] [2, 1] [1, 1] : memref<4x1xf32, #tile.reg> to memref<2x1xf32, strided<[1, 1], offset: 1>, #tile.reg>
    %x = memref.load %v[%c1, %c0] : memref<2x1xf32, strided<[1, 1], offset: 1>, #tile.reg>
    memref.store %x, %r[%c0, %c0] : memref<4x1xf32, #tile.reg>
    memref.store %x, %o[] : memref<f32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @dynamic_read(%i: index, %o: memref<f32>) kernel {
    %c0 = arith.constant 0 : index
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{register tile read at a dynamic index: the tile would be kept in local memory}}
    %x = memref.load %r[%i, %c0] : memref<4x1xf32, #tile.reg>
    memref.store %x, %o[] : memref<f32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @dynamic_write(%i: index, %x: f32) kernel {
    %c0 = arith.constant 0 : index
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    %v = memref.subview %r[0, 0] [2, 1] [1, 1] : memref<4x1xf32, #tile.reg> to memref<2x1xf32, strided<[1, 1]>, #tile.reg>
    // expected-error @+1 {{register tile written at a dynamic index: the tile would be kept in local memory}}
    memref.store %x, %v[%i, %c0] : memref<2x1xf32, strided<[1, 1]>, #tile.reg>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @escape(%g: memref<4x1xf32>) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // expected-error @+1 {{register tile escapes to 'memref.copy': passing or returning it, or any use other than tile.apply, a view, or a load or store at constant indices, would keep it in local memory}}
    memref.copy %r, %g : memref<4x1xf32, #tile.reg> to memref<4x1xf32>
    gpu.return
  }
}

// -----

// A register tile in a signature would be a pointer to local memory: kernel
// parameters, device-function parameters and results, declarations too.
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{'gpu.func' op parameter 1 is a register tile 'memref<4x1xf32, #tile.reg>': a register tile cannot be passed to or returned from a function (it would be a pointer to local memory); pass a global or shared memref, or scalars}}
  gpu.func @kernel_param(%g: memref<4x1xf32>, %r: memref<4x1xf32, #tile.reg>) kernel {
    tile.apply "ld.global.f32" (%r, %g) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{'func.func' op parameter 0 is a register tile}}
  func.func private @helper(memref<4x1xf32, #tile.reg>)
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90">] {
  // expected-error @+1 {{'func.func' op result 0 is a register tile 'memref<2x1xf16, #tile.reg>'}}
  func.func private @make() -> memref<2x1xf16, #tile.reg>
}
