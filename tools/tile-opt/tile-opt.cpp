//===- tile-opt.cpp - the tile pass runner --------------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToNVVM/TileToNVVM.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Pipelines/Pipelines.h"

#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tile::registerTilePasses();
  mlir::tile::registerTileConversionPasses();
  mlir::tile::registerTilePipelines();

  mlir::DialectRegistry registry;
  mlir::tile::registerTileCompilerDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tile-mlir pass runner\n", registry));
}
