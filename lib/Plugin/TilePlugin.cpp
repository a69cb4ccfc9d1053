//===- TilePlugin.cpp - tile as an mlir-opt dialect and pass plugin -------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Loaded by a stock `mlir-opt` (built against the same libMLIR.so):
//
//   mlir-opt --load-dialect-plugin=libTilePlugin.so \
//            --load-pass-plugin=libTilePlugin.so ...
//
// registers the tile dialect (with its ConvertToLLVM interface), the tile
// passes, the conversion pass and the tile-to-nvvm / tile-to-ptx pipelines.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToNVVM/TileToNVVM.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Pipelines/Pipelines.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

/// The dialect plugin entry point.
extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "tile", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<mlir::tile::TileDialect>();
            mlir::tile::registerConvertTileToLLVMInterface(*registry);
          }};
}

/// The pass plugin entry point.
extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "tile-passes", LLVM_VERSION_STRING, []() {
            mlir::tile::registerTilePasses();
            mlir::tile::registerTileConversionPasses();
            mlir::tile::registerTilePipelines();
          }};
}
