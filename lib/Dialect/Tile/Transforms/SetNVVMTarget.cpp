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
    std::optional<unsigned> sm = ::tile::ptx::parseChip(chip);
    if (!sm) {
      mlir::emitError(getOperation().getLoc())
          << "invalid chip '" << chip << "' (expected sm_<N>, e.g. sm_90)";
      return signalPassFailure();
    }
    unsigned ptx =
        ptxVersion ? unsigned(ptxVersion) : ::tile::ptx::getMinPtxForSm(*sm);
    if (!ptx) {
      mlir::emitError(getOperation().getLoc())
          << "no known PTX ISA version for " << chip << "; pass ptx=<NN>";
      return signalPassFailure();
    }
    if (!::tile::ptx::isEmittablePtxVersion(ptx)) {
      mlir::emitError(getOperation().getLoc())
          << "PTX ISA " << ::tile::ptx::formatPtxVersion(ptx)
          << " is not one LLVM 22 emits; use one of "
          << ::tile::ptx::emittablePtxVersions();
      return signalPassFailure();
    }
    std::string features = "+ptx" + std::to_string(ptx);
    auto target = NVVM::NVVMTargetAttr::get(
        &getContext(), optLevel, "nvptx64-nvidia-cuda", chip, features);
    getOperation().walk([&](gpu::GPUModuleOp module) {
      SmallVector<Attribute> targets;
      if (ArrayAttr old = module.getTargetsAttr())
        for (Attribute t : old)
          if (!isa<NVVM::NVVMTargetAttr>(t))
            targets.push_back(t);
      targets.insert(targets.begin(), target);
      module.setTargetsAttr(ArrayAttr::get(&getContext(), targets));
    });
  }
};
} // namespace
