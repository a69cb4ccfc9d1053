//===- Passes.td - tile dialect transformation passes ------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileExpandRepeats : Pass<"tile-expand-repeats"> {
  let summary = "Unroll tile.apply repeats into one instruction per repeat";
  let description = [{
    Rewrites every `tile.apply` into one `tile.apply` per repeat coordinate,
    in row-major order, each over rank-1 views (the atom axis) of its tensor
    operands; scalar inputs are reused by every repeat. Group axes are bound
    to the executing thread's ids (`gpu.lane_id`, the warp index from the
    linear thread id); memory operands are indexed with them, register
    operands (distributed, stride 0) are not. Where a group extent is smaller
    than the scope's, the instructions are guarded so that only threads
    inside the group execute them. The result has `scope(thread)` and no
    repeat axes, which is what `convert-tile-to-nvvm` lowers.

    Example: `tile.apply "fma.rn.f32" (%r, %r, %two, %one)` over
    `memref<4x1xf32, #tile.reg>` becomes four `tile.apply` over
    `memref<1xf32, strided<[1], offset: i>, #tile.reg>` views, i = 0..3.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileCheckRegisterTiles : Pass<"tile-check-register-tiles"> {
  let summary = "Reject uses of register tiles that would force local memory";
  let description = [{
    A `#tile.reg` memref stays in registers only if every element it is
    accessed at is known at compile time. This pass follows every register
    tile through its views (`memref.subview`, `memref.expand_shape`,
    `memref.collapse_shape`, `memref.cast`, `memref.reinterpret_cast`) and
    reports, with the location, any use that is none of: an operand of
    `tile.apply`, a `memref.load`/`memref.store` at constant indices, or a
    view. A call or return that passes the tile, a dynamic index, or any
    other use would make the compiler keep the tile in local memory.

    ```mlir
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    %v = memref.load %r[%i, %c0] : memref<4x1xf32, #tile.reg>  // error
    ```
  }];
}

def TileCheckGpuModules : Pass<"tile-check-gpu-modules", "::mlir::ModuleOp"> {
  let summary = "Reject gpu.modules the tile pipelines would not reach";
  let description = [{
    The tile pipelines lower the `gpu.module`s of the top-level module. A
    `gpu.module` nested deeper (inside another `builtin.module`, say) would
    keep its tile ops unlowered; this pass reports it, with its location.
  }];
}

def TileSetNVVMTarget : Pass<"tile-set-nvvm-target", "::mlir::ModuleOp"> {
  let summary = "Set the #nvvm.target (chip and PTX ISA) of every gpu.module";
  let description = [{
    Replaces the NVVM target of every `gpu.module` (or adds one) with the
    given chip and PTX ISA version. With no PTX version, the lowest one the
    chip allows is used. The verifier then checks every `tile.apply` against
    the new target.
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"sm_90\"", "Target SM, e.g. sm_90">,
    Option<"ptxVersion", "ptx", "unsigned", "0",
           "PTX ISA version as major*10+minor (e.g. 80); 0 = the chip's lowest">,
    Option<"optLevel", "O", "unsigned", "2", "LLVM optimization level">,
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
