//===- CompileOptions.h - the tools' target options, declared once -*- C++
//-*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The command-line options tile-translate and tile-runner share: the target
// (chip, PTX ISA version), the register checks, the lowering's choices and
// progress reports. Each tool makes one ToolCompileOptions before parsing its
// command line, then fills the pipeline options from it, which checks what
// the options themselves cannot (an empty --chip, a malformed
// --ptx-version), and sets up its pass manager with it (--progress, and
// MLIR's own pass manager and --mlir-timing options where the tool
// registered them).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_COMPILEOPTIONS_H
#define TILE_TOOLS_COMPILEOPTIONS_H

#include "tile/Pipelines/Pipelines.h"
#include "tile/Pipelines/Progress.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

namespace tile {

/// The target, lowering and reporting options of the tools.
struct ToolCompileOptions {
  llvm::cl::opt<std::string> chip{
      "chip", llvm::cl::desc("Target SM (e.g. sm_90); not given keeps the "
                             "gpu.modules' #nvvm.target")};
  llvm::cl::opt<std::string> ptxVersion{
      "ptx-version",
      llvm::cl::desc("PTX ISA version: 80, 8.0 or +ptx80; not given = the "
                     "chip's lowest (with --chip) or the module's own")};
  llvm::cl::opt<unsigned> registerBudget{
      "register-budget",
      llvm::cl::desc("32-bit registers the register tiles of one function "
                     "may take a thread before a warning"),
      llvm::cl::init(240)};
  llvm::cl::opt<bool> registerBudgetError{
      "register-budget-error",
      llvm::cl::desc("Make exceeding the register budget an error"),
      llvm::cl::init(false)};
  llvm::cl::opt<bool> uncheckedTarget{
      "unchecked-target",
      llvm::cl::desc("Accept a chip LLVM 22 emits but ptxas 13.0 does not "
                     "know (for a newer ptxas)"),
      llvm::cl::init(false)};
  llvm::cl::opt<bool> useIntrinsics{
      "use-intrinsics",
      llvm::cl::desc("Use an NVVM intrinsic where it provably emits the "
                     "same PTX"),
      llvm::cl::init(false)};
  llvm::cl::opt<bool> mergeAddressChains{
      "merge-address-chains",
      llvm::cl::desc("Merge variable-offset address chains after LLVM's "
                     "optimization (tile-gpu-module-to-binary)"),
      llvm::cl::init(true)};
  llvm::cl::opt<unsigned> asmInputChunk{
      "asm-input-chunk",
      llvm::cl::desc("Inline asm reads of one register value in a block "
                     "before it gets a fresh copy (0: never; "
                     "tile-gpu-module-to-binary)"),
      llvm::cl::init(256)};
  llvm::cl::opt<bool> verifyEach{
      "verify-each",
      llvm::cl::desc("Verify the IR after every pass (the input is "
                     "verified in any case)"),
      llvm::cl::init(false)};
  llvm::cl::opt<unsigned> unrollTarget{
      "unroll-target",
      llvm::cl::desc("Tile instructions an unrolled loop body may hold "
                     "(tile-annotate-unroll; 0: leave unrolling to LLVM)"),
      llvm::cl::init(mlir::tile::kDefaultUnrollTarget)};
  llvm::cl::opt<std::string> progress{
      "progress",
      llvm::cl::desc("Report the passes of a compilation still running after "
                     "2 s: auto (when standard error is a terminal, or "
                     "TILE_PROGRESS=1), always, never"),
      llvm::cl::init("auto")};
  llvm::cl::opt<double> progressDelay{
      "progress-delay",
      llvm::cl::desc("Seconds before the first progress report"),
      llvm::cl::init(2.0), llvm::cl::Hidden};
  llvm::cl::opt<double> progressInterval{
      "progress-interval",
      llvm::cl::desc("Seconds between reports while one pass runs"),
      llvm::cl::init(5.0), llvm::cl::Hidden};

  /// Fills the pipeline options; fails on an option given with an empty or
  /// malformed value.
  llvm::Error apply(mlir::tile::TileToPtxOptions &opts) const {
    if (chip.getNumOccurrences() && chip.empty())
      return makeError("--chip needs a chip (e.g. --chip=sm_90); leave it "
                       "out to keep the gpu.modules' targets");
    opts.chip = chip.getValue();
    if (ptxVersion.getNumOccurrences()) {
      std::optional<unsigned> v = ptx::parsePtxVersion(ptxVersion);
      if (!v)
        return makeError("invalid --ptx-version '" + ptxVersion +
                         "' (expected e.g. 80, 8.0 or +ptx80)");
      opts.ptxVersion = *v;
    }
    opts.registerBudget = registerBudget.getValue();
    opts.registerBudgetError = registerBudgetError.getValue();
    opts.uncheckedTarget = uncheckedTarget.getValue();
    opts.useIntrinsics = useIntrinsics.getValue();
    opts.mergeAddressChains = mergeAddressChains.getValue();
    opts.asmInputChunk = asmInputChunk.getValue();
    opts.unrollTarget = unrollTarget.getValue();
    if (!(progressDelay >= 0) || !(progressInterval > 0))
      return makeError("--progress-delay must be at least 0 and "
                       "--progress-interval above 0 seconds");
    if (!mlir::tile::parseProgressMode(progress))
      return makeError("invalid --progress '" + progress +
                       "' (expected auto, always or never)");
    return llvm::Error::success();
  }

  /// Sets up a pass manager: MLIR's pass manager options (IR printing,
  /// statistics, ...), --mlir-timing (with `ownTiming`, a report of the
  /// pipeline's passes of its own) and --progress. Call after apply()
  /// succeeded.
  void configure(mlir::PassManager &pm, bool ownTiming = true) const {
    (void)mlir::applyPassManagerCLOptions(pm);
    if (ownTiming) {
      auto timing = std::make_unique<mlir::DefaultTimingManager>();
      mlir::applyDefaultTimingManagerCLOptions(*timing);
      if (timing->isEnabled())
        pm.enableTiming(std::move(timing));
    }
    mlir::tile::ProgressOptions reports;
    reports.delaySeconds = progressDelay;
    reports.intervalSeconds = progressInterval;
    mlir::tile::addProgressReporting(
        pm, *mlir::tile::parseProgressMode(progress), reports);
  }

private:
  static llvm::Error makeError(const std::string &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  }
};

} // namespace tile

#endif // TILE_TOOLS_COMPILEOPTIONS_H
