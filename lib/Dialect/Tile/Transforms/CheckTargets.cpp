//===- CheckTargets.cpp - the target model, once per gpu.module -----------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILECHECKTARGETS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;

/// The triples LLVM 22's NVPTX backend serves.
static bool isNvptxTriple(StringRef triple) {
  return triple == "nvptx64-nvidia-cuda" || triple == "nvptx-nvidia-cuda";
}

FailureOr<SmallVector<::tile::ptx::Target>>
mlir::tile::resolveModuleTargets(gpu::GPUModuleOp module, bool unchecked) {
  SmallVector<::tile::ptx::Target> result;
  ArrayAttr targets = module.getTargetsAttr();
  if (!targets)
    return result;
  for (Attribute attr : targets) {
    auto target = dyn_cast<NVVM::NVVMTargetAttr>(attr);
    if (!target) {
      return mlir::emitError(module.getLoc())
             << "gpu.module @" << module.getName() << " has target " << attr
             << "; tile-mlir compiles for #nvvm.target only";
    }
    if (!isNvptxTriple(target.getTriple()))
      return mlir::emitError(module.getLoc())
             << "gpu.module @" << module.getName() << ": #nvvm.target triple '"
             << target.getTriple()
             << "' is not nvptx64-nvidia-cuda or nvptx-nvidia-cuda";
    // LLVM emits `.address_size 32` for the 32-bit triple; ptxas 13.0
    // compiles no 32-bit PTX for any chip ("32-Bit compilation is no longer
    // supported"; sm_90 and newer: "32-Bit ABI ... is not supported").
    if (target.getTriple() == "nvptx-nvidia-cuda" && !unchecked)
      return mlir::emitError(module.getLoc())
             << "gpu.module @" << module.getName()
             << ": #nvvm.target triple 'nvptx-nvidia-cuda' emits 32-bit PTX "
                "(.address_size 32), which ptxas 13.0 rejects for every "
                "chip; use nvptx64-nvidia-cuda (the 'unchecked-target' "
                "option accepts it for an older ptxas)";
    std::string error;
    std::optional<::tile::ptx::Target> resolved = ::tile::ptx::resolveTarget(
        target.getChip(), target.getFeatures(), unchecked, error);
    if (!resolved)
      return mlir::emitError(module.getLoc())
             << "gpu.module @" << module.getName() << ": " << error;
    result.push_back(*resolved);
  }
  return result;
}

/// Checks that every launch of a kernel with an instruction that needs a
/// cluster launch (a measured fact of its form) has cluster dimensions.
static bool checkClusterLaunches(ModuleOp top) {
  bool ok = true;
  top.walk([&](gpu::LaunchFuncOp launch) {
    if (launch.hasClusterSize())
      return;
    auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
        launch, launch.getKernel());
    // A kernel that declares its cluster (.reqnctapercluster) runs in one
    // with a plain launch.
    if (!kernel || kernel->hasAttr("known_cluster_size") ||
        kernel->hasAttr("nvvm.cluster_dim"))
      return;
    kernel.walk([&](ApplyOp op) {
      ::tile::ptx::Instr instr = op.getInstr();
      if (!instr.form->needsClusterLaunch)
        return WalkResult::advance();
      InFlightDiagnostic d =
          launch.emitOpError()
          << "launches @" << kernel.getName()
          << " without cluster dimensions, but its '" << instr.str()
          << "' faults (illegal instruction, measured on the H200) unless "
             "the kernel runs in a cluster: add `clusters in (1, 1, 1)`";
      d.attachNote(op.getLoc()) << "the instruction";
      ok = false;
      return WalkResult::interrupt();
    });
  });
  return ok;
}

/// A grid synchronization's code needs the GridBarrier record's SM floor
/// on every target of its module (the target model already asks its PTX
/// ISA floor of every such chip).
static LogicalResult
checkGridSyncTargets(GridSyncOp op, ArrayRef<::tile::ptx::Target> targets) {
  ::tile::ptx::GridSyncDesc grid = ::tile::ptx::getGridSync();
  for (const ::tile::ptx::Target &target : targets) {
    if (target.sm < grid.minSm)
      return op.emitOpError("needs sm_")
             << grid.minSm << " or newer (its .release and .acquire at the "
             << "GPU scope); the target is sm_" << target.sm;
  }
  return success();
}

/// A workgroup buffer whose strided layout reaches past its element count:
/// MLIR's GPU lowering allocates the element count, so such a kernel would
/// access shared memory past its buffer.
static LogicalResult checkWorkgroupSpans(gpu::GPUModuleOp module) {
  bool ok = true;
  module.walk([&](gpu::GPUFuncOp fn) {
    for (auto [i, a] : llvm::enumerate(fn.getWorkgroupAttributions())) {
      auto type = dyn_cast<MemRefType>(a.getType());
      SmallVector<int64_t> strides;
      int64_t offset;
      if (!type || !type.hasStaticShape() ||
          failed(type.getStridesAndOffset(strides, offset)) ||
          ShapedType::isDynamic(offset) ||
          llvm::any_of(strides, ShapedType::isDynamic))
        continue;
      int64_t last = offset;
      for (auto [extent, stride] : llvm::zip(type.getShape(), strides))
        last += (extent - 1) * stride;
      if (last < type.getNumElements())
        continue;
      fn.emitOpError("workgroup buffer ")
          << i << " (" << type << ") reaches element " << last
          << " through its layout, but the GPU lowering allocates its "
          << type.getNumElements() << " elements";
      ok = false;
    }
  });
  return success(ok);
}

namespace {
struct TileCheckTargetsPass
    : public mlir::tile::impl::TileCheckTargetsBase<TileCheckTargetsPass> {
  using Base::Base;
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](gpu::GPUModuleOp module) {
      FailureOr<SmallVector<::tile::ptx::Target>> targets =
          resolveModuleTargets(module, uncheckedTarget);
      if (mlir::failed(targets)) {
        failed = true;
        return;
      }
      if (targets->empty()) {
        if (requireTarget) {
          mlir::emitError(module.getLoc())
              << "gpu.module @" << module.getName()
              << " has no #nvvm.target; add one or pass a chip "
                 "(--chip=sm_90 to the tools, chip=sm_90 to the pipelines)";
          failed = true;
        }
        return;
      }
      if (mlir::failed(checkWorkgroupSpans(module)))
        failed = true;
      module.walk([&](GridSyncOp op) {
        if (mlir::failed(checkGridSyncTargets(op, *targets)))
          failed = true;
      });
      module.walk([&](ApplyOp op) {
        ::tile::ptx::Instr instr = op.getInstr();
        for (const ::tile::ptx::Target &target : *targets) {
          std::string msg = ::tile::ptx::checkTarget(instr, target);
          if (!msg.empty()) {
            op.emitOpError() << msg;
            failed = true;
            return;
          }
        }
      });
    });
    if (!checkClusterLaunches(getOperation()))
      failed = true;
    if (failed)
      signalPassFailure();
  }
};
} // namespace
