//===- TileToNVVM.h - tile to NVVM/LLVM conversion --------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETONVVM_TILETONVVM_H
#define TILE_CONVERSION_TILETONVVM_TILETONVVM_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class DialectRegistry;
class LLVMTypeConverter;
class RewritePatternSet;

namespace tile {

/// LLVM address space that register tiles are allocated in (NVPTX local).
constexpr unsigned kRegisterTileAddressSpace = 5;

/// Static address offsets are immediates (`[base+bytes]`) below this many
/// bytes; from it on, each multiple of it gets its own base register.
constexpr int64_t kAddressChunkBytes = 16384;

/// Teaches `converter` the `#tile.reg` memory space.
void configureTileTypeConverter(LLVMTypeConverter &converter);

/// Adds the patterns that lower `tile.alloc_local` and expanded `tile.apply`
/// ops to LLVM/NVVM. This is the entry point for other compilers that embed
/// the tile dialect in their own conversion. The patterns apply to device
/// code only (ops inside a gpu.module); host tile ops are left for the caller
/// to diagnose. With `reusePointers`, an op reuses the pointers an earlier
/// op of its block built (fewer ops at thousands of repeats); the patterns
/// must then serve one conversion only (not a pass's patterns frozen in
/// its initialize(), which outlive the IR they were applied to).
void populateTileToNVVMConversionPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          bool useIntrinsics = false,
                                          bool reusePointers = false);

/// Registers the tile dialect's ConvertToLLVMPatternInterface, so that the
/// generic `convert-to-llvm` and `convert-gpu-to-nvvm` lower (expanded) tile
/// ops too, with the `#tile.reg` memory space known to their converter.
void registerConvertTileToLLVMInterface(DialectRegistry &registry);

#define GEN_PASS_DECL
#include "tile/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tile/Conversion/Passes.h.inc"

} // namespace tile
} // namespace mlir

#endif // TILE_CONVERSION_TILETONVVM_TILETONVVM_H
