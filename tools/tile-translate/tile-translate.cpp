//===- tile-translate.cpp - tile translations (MLIR to PTX) ---------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Pipelines/Pipelines.h"
#include "tile/Ptx/InstrTable.h"
#include "tile/Tools/CompileOptions.h"
#include "tile/Tools/LargeStack.h"
#include "tile/Version.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

static llvm::cl::opt<int> optLevel(
    "opt-level",
    llvm::cl::desc("LLVM optimization level, 0 to 3; not given keeps the "
                   "gpu.modules' #nvvm.target level (O2 by default)"),
    llvm::cl::init(-1));

/// The shared target options, made before the command line is parsed.
static ::tile::ToolCompileOptions &targetOptions() {
  static ::tile::ToolCompileOptions options;
  return options;
}

static int toolMain(int argc, char **argv) {
  targetOptions();
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << TILE_MLIR_VERSION_LINE << "\n"; });
  TranslateFromMLIRRegistration ptx(
      "mlir-to-ptx", "Compile the gpu.modules of a tile program to PTX",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return mlir::emitError(op->getLoc(), "expected a builtin.module");
        mlir::tile::TileToPtxOptions opts;
        if (llvm::Error error = targetOptions().apply(opts))
          return mlir::emitError(op->getLoc())
                 << llvm::toString(std::move(error));
        if (optLevel.getNumOccurrences() && (optLevel < 0 || optLevel > 3))
          return mlir::emitError(op->getLoc(), "invalid --opt-level ")
                 << optLevel.getValue() << " (expected 0 to 3)";
        opts.optLevel = optLevel;
        return mlir::tile::emitPtx(
            module, opts, os,
            [](PassManager &pm) { targetOptions().configure(pm); },
            targetOptions().verifyEach);
      },
      [](DialectRegistry &registry) {
        mlir::tile::registerTileCompilerDialects(registry);
      });
  return failed(mlirTranslateMain(argc, argv, "tile-mlir translations\n"));
}

int main(int argc, char **argv) {
  return ::tile::runWithLargeStack(toolMain, argc, argv);
}
