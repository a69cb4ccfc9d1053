//===- Passes.td - tile conversion passes ------------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_PASSES_TD
#define TILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToNVVM : Pass<"convert-tile-to-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower tile ops (and the rest of a gpu.module) to NVVM/LLVM";
  let description = [{
    Lowers expanded `tile.apply` ops (one instruction each, see
    `tile-expand-repeats`) to `llvm.inline_asm` whose text and constraints
    come from the single PTX builder: register operands bind by class
    (`h` 16-bit, `r` 32-bit int, `l` 64-bit int, `f` f32, `d` f64), memory
    operands bind a 64-bit global address, constants are materialized into
    registers, `pred` is passed as an i32 and turned into a `.pred` inside
    the asm block, and `preserve_dst` ties the destination to its prior
    value. `tile.alloc_local` becomes an entry-block `llvm.alloca` that
    LLVM's SROA turns into SSA registers.

    With `use-intrinsics`, an unpredicated instruction whose NVVM intrinsic
    provably emits the same PTX (a table fact, checked by a PTX test per
    case) is emitted as that intrinsic instead.

    The pass also runs the upstream GPU, arith, cf, index and memref to
    LLVM/NVVM patterns with a type converter that knows `#tile.reg`, so it
    replaces `convert-gpu-to-nvvm` for modules that contain tile ops.
  }];
  let options = [
    Option<"useIntrinsics", "use-intrinsics", "bool", "false",
           "Use an NVVM intrinsic where it provably emits the same PTX">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // TILE_CONVERSION_PASSES_TD
