//===- TargetOptions.h - the tools' target options, declared once -*- C++
//-*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The command-line options tile-translate and tile-runner share: the target
// (chip, PTX ISA version), the register checks, and the lowering's choices.
// Each tool makes one ToolTargetOptions before parsing its command line and
// then fills the pipeline options from it, which checks what the options
// themselves cannot (an empty --chip, a malformed --ptx-version).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TARGETOPTIONS_H
#define TILE_TOOLS_TARGETOPTIONS_H

#include "tile/Pipelines/Pipelines.h"
#include "tile/Ptx/InstrTable.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

namespace tile {

/// The target and lowering options of the tools.
struct ToolTargetOptions {
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
    return llvm::Error::success();
  }

private:
  static llvm::Error makeError(const std::string &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  }
};

} // namespace tile

#endif // TILE_TOOLS_TARGETOPTIONS_H
