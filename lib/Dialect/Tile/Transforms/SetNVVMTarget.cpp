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

namespace {
struct TileSetNVVMTargetPass
    : public mlir::tile::impl::TileSetNVVMTargetBase<TileSetNVVMTargetPass> {
  using Base::Base;
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](gpu::GPUModuleOp module) {
      if (failed)
        return;
      // Without a chip, keep the module's own (its first NVVM target's).
      std::string moduleChip = chip;
      if (moduleChip.empty())
        if (ArrayAttr old = module.getTargetsAttr())
          for (Attribute t : old)
            if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t)) {
              moduleChip = nvvm.getChip().str();
              break;
            }
      if (moduleChip.empty()) {
        mlir::emitError(module.getLoc())
            << "gpu.module @" << module.getName()
            << " has no #nvvm.target to take the chip from; pass a chip "
               "(e.g. chip=sm_90)";
        failed = true;
        return;
      }
      std::string features =
          ptxVersion ? "+ptx" + std::to_string(ptxVersion) : "";
      std::string error;
      std::optional<::tile::ptx::Target> resolved = ::tile::ptx::resolveTarget(
          moduleChip, features, uncheckedTarget, error);
      if (!resolved) {
        mlir::emitError(module.getLoc()) << error;
        failed = true;
        return;
      }
      auto target = NVVM::NVVMTargetAttr::get(
          &getContext(), optLevel, "nvptx64-nvidia-cuda", moduleChip,
          "+ptx" + std::to_string(resolved->ptx));
      SmallVector<Attribute> targets;
      if (ArrayAttr old = module.getTargetsAttr())
        for (Attribute t : old)
          if (!isa<NVVM::NVVMTargetAttr>(t))
            targets.push_back(t);
      targets.insert(targets.begin(), target);
      module.setTargetsAttr(ArrayAttr::get(&getContext(), targets));
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
