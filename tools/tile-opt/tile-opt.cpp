//===- tile-opt.cpp - the tile pass runner --------------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToNVVM/TileToNVVM.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Pipelines/Pipelines.h"
#include "tile/Tools/LargeStack.h"
#include "tile/Version.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

static int toolMain(int argc, char **argv) {
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << TILE_MLIR_VERSION_LINE << "\n"; });
  mlir::registerAllPasses();
  mlir::tile::registerTilePasses();
  mlir::tile::registerTileConversionPasses();
  mlir::tile::registerTilePipelines();

  // Every upstream dialect and extension, as mlir-opt has, plus tile.
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::tile::registerTileCompilerDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tile-mlir pass runner\n", registry));
}

int main(int argc, char **argv) {
  return ::tile::runWithLargeStack(toolMain, argc, argv);
}
