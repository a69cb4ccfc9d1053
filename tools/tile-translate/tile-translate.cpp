//===- tile-translate.cpp - tile translations (MLIR to PTX) ---------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Pipelines/Pipelines.h"
#include "tile/Ptx/InstrTable.h"
#include "tile/Tools/LargeStack.h"
#include "tile/Version.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

static llvm::cl::opt<std::string>
    chip("chip",
         llvm::cl::desc("Target SM for --mlir-to-ptx (e.g. sm_90); empty "
                        "keeps the gpu.module's #nvvm.target"),
         llvm::cl::init(""));
static llvm::cl::opt<std::string>
    ptxVersion("ptx-version",
               llvm::cl::desc("PTX ISA version: 80, 8.0 or +ptx80; empty = "
                              "the chip's lowest"),
               llvm::cl::init(""));
static llvm::cl::opt<unsigned>
    optLevel("opt-level", llvm::cl::desc("LLVM optimization level"),
             llvm::cl::init(2));
static llvm::cl::opt<unsigned> registerBudget(
    "register-budget",
    llvm::cl::desc(
        "32-bit registers the register tiles of one function may take "
        "before a warning"),
    llvm::cl::init(240));
static llvm::cl::opt<bool> registerBudgetError(
    "register-budget-error",
    llvm::cl::desc("Make exceeding the register budget an error"),
    llvm::cl::init(false));
static llvm::cl::opt<bool> uncheckedTarget(
    "unchecked-target",
    llvm::cl::desc(
        "Accept a chip LLVM 22 emits but ptxas 13.0 does not know (for "
        "a newer ptxas)"),
    llvm::cl::init(false));
static llvm::cl::opt<bool> useIntrinsics(
    "use-intrinsics",
    llvm::cl::desc("Use an NVVM intrinsic where it provably emits the same "
                   "PTX"),
    llvm::cl::init(false));

static llvm::cl::opt<bool> mergeAddressChains(
    "merge-address-chains",
    llvm::cl::desc("Merge variable-offset address chains after LLVM's "
                   "optimization (tile-gpu-module-to-binary)"),
    llvm::cl::init(true));

static llvm::cl::opt<unsigned> asmInputChunk(
    "asm-input-chunk",
    llvm::cl::desc("Inline asm reads of one register value in a block "
                   "before it gets a fresh copy (0: never; "
                   "tile-gpu-module-to-binary)"),
    llvm::cl::init(256));

static int toolMain(int argc, char **argv) {
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << TILE_MLIR_VERSION_LINE << "\n"; });
  TranslateFromMLIRRegistration ptx(
      "mlir-to-ptx", "Compile the gpu.modules of a tile program to PTX",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return mlir::emitError(op->getLoc(), "expected a builtin.module");
        mlir::tile::TileToPtxOptions opts;
        opts.chip = chip;
        if (!ptxVersion.empty()) {
          std::optional<unsigned> v = ::tile::ptx::parsePtxVersion(ptxVersion);
          if (!v)
            return mlir::emitError(op->getLoc(), "invalid --ptx-version '")
                   << ptxVersion << "' (expected e.g. 80, 8.0 or +ptx80)";
          opts.ptxVersion = *v;
        }
        opts.optLevel = optLevel;
        opts.useIntrinsics = useIntrinsics;
        opts.mergeAddressChains = mergeAddressChains;
        opts.asmInputChunk = asmInputChunk;
        opts.uncheckedTarget = uncheckedTarget;
        opts.registerBudget = registerBudget;
        opts.registerBudgetError = registerBudgetError;
        return mlir::tile::emitPtx(module, opts, os);
      },
      [](DialectRegistry &registry) {
        mlir::tile::registerTileCompilerDialects(registry);
      });
  return failed(mlirTranslateMain(argc, argv, "tile-mlir translations\n"));
}

int main(int argc, char **argv) {
  return ::tile::runWithLargeStack(toolMain, argc, argv);
}
