//===- SetNVVMTarget.cpp - set the #nvvm.target of gpu.modules ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILESETNVVMTARGET
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;

/// The first NVVM target of `module`, or null.
static NVVM::NVVMTargetAttr getFirstNVVMTarget(gpu::GPUModuleOp module) {
  if (ArrayAttr targets = module.getTargetsAttr())
    for (Attribute t : targets)
      if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t))
        return nvvm;
  return {};
}

namespace {
struct TileSetNVVMTargetPass
    : public mlir::tile::impl::TileSetNVVMTargetBase<TileSetNVVMTargetPass> {
  using Base::Base;

  /// The new target of `module`: the options where given, the module's own
  /// target (or the chip's lowest PTX ISA, O2) where not.
  FailureOr<NVVM::NVVMTargetAttr> makeTarget(gpu::GPUModuleOp module) {
    NVVM::NVVMTargetAttr old = getFirstNVVMTarget(module);
    std::string moduleChip = !chip.empty() ? chip.getValue()
                             : old         ? old.getChip().str()
                                           : std::string();
    if (moduleChip.empty())
      return mlir::emitError(module.getLoc())
             << "gpu.module @" << module.getName()
             << " has no #nvvm.target to take the chip from; pass a chip "
                "(e.g. chip=sm_90)";
    if (optLevel < -1 || optLevel > 3)
      return mlir::emitError(module.getLoc())
             << "LLVM optimization level must be 0 to 3, got " << optLevel;
    // Without a PTX version, a new chip gets its lowest; the module's own
    // chip keeps the module's features.
    std::string features = ptxVersion ? "+ptx" + std::to_string(ptxVersion)
                           : (chip.empty() && old) ? old.getFeatures().str()
                                                   : std::string();
    std::string error;
    std::optional<::tile::ptx::Target> resolved = ::tile::ptx::resolveTarget(
        moduleChip, features, uncheckedTarget, error);
    if (!resolved)
      return mlir::emitError(module.getLoc()) << error;
    int level = optLevel >= 0 ? int(optLevel) : old ? old.getO() : 2;
    return NVVM::NVVMTargetAttr::get(
        &getContext(), level, old ? old.getTriple() : "nvptx64-nvidia-cuda",
        moduleChip, "+ptx" + std::to_string(resolved->ptx),
        old ? old.getFlags() : DictionaryAttr(),
        old ? old.getLink() : ArrayAttr());
  }

  void runOnOperation() override {
    WalkResult result = getOperation().walk([&](gpu::GPUModuleOp module) {
      FailureOr<NVVM::NVVMTargetAttr> target = makeTarget(module);
      if (failed(target))
        return WalkResult::interrupt();
      SmallVector<Attribute> targets = {*target};
      if (ArrayAttr old = module.getTargetsAttr())
        for (Attribute t : old)
          if (!isa<NVVM::NVVMTargetAttr>(t))
            targets.push_back(t);
      module.setTargetsAttr(ArrayAttr::get(&getContext(), targets));
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
