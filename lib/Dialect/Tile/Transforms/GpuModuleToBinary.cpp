//===- GpuModuleToBinary.cpp - serialize gpu.modules, shaping addresses ---===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// gpu-module-to-binary with one LLVM IR rewrite between LLVM's optimization
// pipeline and the NVPTX backend: variable-offset address chains merged
// into one offset (see TileGpuModuleToBinary in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILEGPUMODULETOBINARY
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;

/// The offset `gep` adds, in bytes, as a value of the index type: its one
/// index, sign-extended or truncated to the index width, times the size of
/// its source element type. Null when the element type has no fixed size.
static llvm::Value *byteOffset(llvm::IRBuilder<> &builder,
                               const llvm::DataLayout &layout,
                               llvm::GetElementPtrInst *gep) {
  llvm::TypeSize size = layout.getTypeAllocSize(gep->getSourceElementType());
  if (size.isScalable())
    return nullptr;
  llvm::Type *indexType = layout.getIndexType(gep->getPointerOperandType());
  llvm::Value *index = builder.CreateSExtOrTrunc(gep->getOperand(1), indexType);
  if (size.getFixedValue() == 1)
    return index;
  return builder.CreateMul(
      index, llvm::ConstantInt::get(indexType, size.getFixedValue()));
}

/// A single-index GEP of a fixed-size element with a variable index.
static bool isVariableStep(llvm::GetElementPtrInst *gep) {
  return gep->getNumIndices() == 1 &&
         !llvm::isa<llvm::Constant>(gep->getOperand(1)) &&
         !gep->getSourceElementType()->isScalableTy() &&
         !gep->getType()->isVectorTy();
}

unsigned mlir::tile::mergeVariableAddressChains(llvm::Function &function) {
  const llvm::DataLayout &layout = function.getDataLayout();
  unsigned removed = 0;
  for (llvm::BasicBlock &block : function) {
    // In program order, an inner GEP is rewritten (merged with its own
    // inner GEP) before the outer one reaches it: a chain of any length
    // folds into one GEP.
    for (llvm::Instruction &inst : llvm::make_early_inc_range(block)) {
      auto *outer = llvm::dyn_cast<llvm::GetElementPtrInst>(&inst);
      if (!outer || !isVariableStep(outer))
        continue;
      auto *inner =
          llvm::dyn_cast<llvm::GetElementPtrInst>(outer->getPointerOperand());
      if (!inner || inner->getParent() != &block || !inner->hasOneUse() ||
          !isVariableStep(inner) ||
          inner->getPointerOperandType() != outer->getPointerOperandType())
        continue;
      llvm::IRBuilder<> builder(outer);
      llvm::Value *first = byteOffset(builder, layout, inner);
      llvm::Value *second =
          first ? byteOffset(builder, layout, outer) : nullptr;
      if (!second)
        continue;
      llvm::Value *merged =
          builder.CreateGEP(builder.getInt8Ty(), inner->getPointerOperand(),
                            builder.CreateAdd(first, second), outer->getName());
      outer->replaceAllUsesWith(merged);
      outer->eraseFromParent();
      inner->eraseFromParent();
      ++removed;
    }
  }
  return removed;
}

namespace {
struct TileGpuModuleToBinaryPass
    : public mlir::tile::impl::TileGpuModuleToBinaryBase<
          TileGpuModuleToBinaryPass> {
  using Base::Base;
  void runOnOperation() override {
    std::optional<gpu::CompilationTarget> target =
        llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(format)
            .Cases({"offloading", "llvm"}, gpu::CompilationTarget::Offload)
            .Cases({"assembly", "isa"}, gpu::CompilationTarget::Assembly)
            .Cases({"binary", "bin"}, gpu::CompilationTarget::Binary)
            .Cases({"fatbinary", "fatbin"}, gpu::CompilationTarget::Fatbin)
            .Default(std::nullopt);
    if (!target) {
      getOperation().emitError() << "invalid format '" << format
                                 << "' (expected llvm, isa, bin or fatbin)";
      return signalPassFailure();
    }
    SmallVector<Attribute> libraries;
    for (const std::string &path : linkFiles)
      libraries.push_back(StringAttr::get(&getContext(), path));
    std::optional<SymbolTable> table;
    auto getTable = [&]() -> SymbolTable * {
      if (!table)
        table.emplace(getOperation());
      return &*table;
    };
    auto shapeAddresses = [&](llvm::Module &module) {
      if (!mergeAddressChains)
        return;
      for (llvm::Function &function : module)
        if (!function.isDeclaration())
          mlir::tile::mergeVariableAddressChains(function);
    };
    gpu::TargetOptions options(toolkitPath, libraries, cmdOptions,
                               /*elfSection=*/{}, *target, getTable,
                               /*initialLlvmIRCallback=*/{},
                               /*linkedLlvmIRCallback=*/{}, shapeAddresses);
    if (failed(gpu::transformGpuModulesToBinaries(
            getOperation(),
            gpu::OffloadingLLVMTranslationAttrInterface(nullptr), options)))
      signalPassFailure();
  }
};
} // namespace
