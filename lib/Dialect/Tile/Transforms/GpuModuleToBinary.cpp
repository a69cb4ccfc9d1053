//===- GpuModuleToBinary.cpp - serialize gpu.modules, shaping addresses ---===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// gpu-module-to-binary with an LLVM IR rewrite before LLVM's optimization
// pipeline (warp collectives' inline asm made convergent) and two between
// it and the NVPTX backend: variable-offset address chains merged into one
// offset, and widely shared inline asm inputs copied per chunk of reads
// (see TileGpuModuleToBinary in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILEGPUMODULETOBINARY
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;

/// The offset `gep` (a variable step, see below) adds, in bytes, as a value
/// of the index type: its one index, sign-extended or truncated to the index
/// width, times the fixed size of its source element type.
static llvm::Value *byteOffset(llvm::IRBuilder<> &builder,
                               const llvm::DataLayout &layout,
                               llvm::GetElementPtrInst *gep) {
  llvm::TypeSize size = layout.getTypeAllocSize(gep->getSourceElementType());
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
      llvm::Value *second = byteOffset(builder, layout, outer);
      llvm::Value *offset = builder.CreateAdd(first, second);
      llvm::Value *merged =
          builder.CreateGEP(builder.getInt8Ty(), inner->getPointerOperand(),
                            offset, outer->getName());
      outer->replaceAllUsesWith(merged);
      outer->eraseFromParent();
      inner->eraseFromParent();
      ++removed;
    }
  }
  return removed;
}

/// The register constraint letter of each argument of an inline asm call
/// ('r', 'l', 'h', 'f', 'd'; 0 for anything else: immediates, memory,
/// tied or multi-letter constraints).
static SmallVector<char> getInputLetters(llvm::InlineAsm *inlineAsm,
                                         unsigned numArgs) {
  SmallVector<char> letters;
  for (const llvm::InlineAsm::ConstraintInfo &info :
       inlineAsm->ParseConstraints()) {
    if (info.Type == llvm::InlineAsm::isClobber ||
        (info.Type == llvm::InlineAsm::isOutput && !info.isIndirect))
      continue;
    char letter = 0;
    if (info.Type == llvm::InlineAsm::isInput && !info.isIndirect &&
        info.Codes.size() == 1 && info.Codes.front().size() == 1 &&
        llvm::StringRef("rlhfd").contains(info.Codes.front().front()))
      letter = info.Codes.front().front();
    letters.push_back(letter);
  }
  letters.resize(numArgs, 0);
  return letters;
}

unsigned mlir::tile::splitSharedAsmInputs(llvm::Function &function,
                                          unsigned chunk) {
  if (!chunk)
    return 0;
  const llvm::DataLayout &layout = function.getDataLayout();
  unsigned copies = 0;
  for (llvm::BasicBlock &block : function) {
    /// Per value read in this block: the value the next reads take (the
    /// value itself, then its latest copy) and how many have taken it.
    llvm::DenseMap<llvm::Value *, std::pair<llvm::Value *, unsigned>> current;
    for (llvm::Instruction &inst : block) {
      auto *call = llvm::dyn_cast<llvm::CallInst>(&inst);
      auto *inlineAsm =
          call ? llvm::dyn_cast<llvm::InlineAsm>(call->getCalledOperand())
               : nullptr;
      if (!inlineAsm)
        continue;
      SmallVector<char> letters = getInputLetters(inlineAsm, call->arg_size());
      for (unsigned i = 0, e = call->arg_size(); i < e; ++i) {
        llvm::Value *value = call->getArgOperand(i);
        if (!letters[i] || llvm::isa<llvm::Constant>(value))
          continue;
        auto [it, inserted] = current.try_emplace(value, value, 0);
        auto &[source, uses] = it->second;
        if (uses == chunk) {
          std::optional<::tile::ptx::Instr> mov = ::tile::ptx::getRegisterCopy(
              layout.getTypeSizeInBits(value->getType()).getFixedValue());
          if (!mov)
            continue;
          // A side effect keeps LLVM from merging the copies back into one.
          std::string constraint =
              std::string("=") + letters[i] + "," + std::string(1, letters[i]);
          auto *type = llvm::FunctionType::get(value->getType(),
                                               {value->getType()}, false);
          llvm::IRBuilder<> builder(call);
          source = builder.CreateCall(
              llvm::InlineAsm::get(type, mov->str() + " $0, $1;", constraint,
                                   /*hasSideEffects=*/true),
              {source});
          uses = 0;
          ++copies;
        }
        call->setArgOperand(i, source);
        ++uses;
      }
    }
  }
  return copies;
}

/// Whether `value` may sit in a register that a floating-point instruction
/// writes: a bitcast of a floating-point value (or vector), or a phi or
/// select over one.
static bool mayHoldFloatBits(llvm::Value *value,
                             llvm::SmallPtrSetImpl<llvm::Value *> &seen) {
  if (!seen.insert(value).second)
    return false;
  if (auto *cast = llvm::dyn_cast<llvm::BitCastInst>(value))
    return cast->getSrcTy()->isFPOrFPVectorTy();
  if (auto *phi = llvm::dyn_cast<llvm::PHINode>(value))
    return llvm::any_of(phi->incoming_values(), [&](llvm::Value *incoming) {
      return mayHoldFloatBits(incoming, seen);
    });
  if (auto *select = llvm::dyn_cast<llvm::SelectInst>(value))
    return mayHoldFloatBits(select->getTrueValue(), seen) ||
           mayHoldFloatBits(select->getFalseValue(), seen);
  return false;
}

unsigned mlir::tile::copyFloatBitsBeforeTrunc(llvm::Function &function) {
  unsigned copies = 0;
  for (llvm::BasicBlock &block : function)
    for (llvm::Instruction &inst : llvm::make_early_inc_range(block)) {
      auto *trunc = llvm::dyn_cast<llvm::TruncInst>(&inst);
      if (!trunc || !trunc->getSrcTy()->isIntegerTy())
        continue;
      llvm::Value *source = trunc->getOperand(0);
      llvm::SmallPtrSet<llvm::Value *, 8> seen;
      unsigned bits = source->getType()->getIntegerBitWidth();
      std::optional<::tile::ptx::Instr> mov =
          ::tile::ptx::getRegisterCopy(bits);
      char letter = ::tile::ptx::getIntegerConstraint(bits);
      if (!mov || !letter || !mayHoldFloatBits(source, seen))
        continue;
      std::string constraint = std::string("=") + letter + "," + letter;
      auto *type = llvm::FunctionType::get(source->getType(),
                                           {source->getType()}, false);
      llvm::IRBuilder<> builder(trunc);
      llvm::Value *copy = builder.CreateCall(
          llvm::InlineAsm::get(type, mov->str() + " $0, $1;", constraint,
                               /*hasSideEffects=*/false),
          {source});
      trunc->setOperand(0, copy);
      ++copies;
    }
  return copies;
}

/// Whether the threads of a warp must execute one instance of an
/// instruction of `form` together: a warp collective, a CTA barrier, or a
/// form the ISA spells `.aligned` (barrier.cluster.arrive.aligned, wgmma,
/// ldmatrix, setmaxnreg, ...). A copy of it in each arm of a branch, which
/// LLVM makes of code after the branch unless the call is convergent, is
/// then two instructions: an `.aligned` barrier that the warp's threads
/// reach at different copies never completes.
static bool mustStayConvergent(const ::tile::ptx::FormDesc &f) {
  return ::tile::ptx::isCollective(f.semantics) ||
         ::tile::ptx::isCtaBarrier(f.semantics) ||
         llvm::StringRef(f.syntax).contains(".aligned");
}

/// The mnemonics of the table's forms that must stay convergent, collected
/// once.
static const llvm::StringSet<> &getCollectiveMnemonics() {
  static const llvm::StringSet<> mnemonics = [] {
    llvm::StringSet<> set;
    for (const ::tile::ptx::FormDesc &f : ::tile::ptx::getForms())
      if (mustStayConvergent(f))
        set.insert(f.mnemonic);
    return set;
  }();
  return mnemonics;
}

/// Whether the inline asm text `text` must stay convergent: the mnemonic
/// of one of its statements (past a `@p` guard) is one of the table's
/// forms' that must (mustStayConvergent).
static bool isCollectiveAsm(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef> statements;
  text.split(statements, ';');
  for (llvm::StringRef st : statements) {
    st = st.trim(" \t\n{}");
    if (st.starts_with("@"))
      st = st.drop_until([](char c) {
               return c == ' ' || c == '\t';
             }).ltrim(" \t");
    llvm::StringRef mnemonic =
        st.take_until([](char c) { return c == '.' || c == ' ' || c == '\t'; });
    if (getCollectiveMnemonics().contains(mnemonic))
      return true;
  }
  return false;
}

bool mlir::tile::isConvergentForm(const ::tile::ptx::FormDesc &form) {
  return getCollectiveMnemonics().contains(form.mnemonic);
}

unsigned mlir::tile::markConvergentAsm(llvm::Function &function) {
  unsigned marked = 0;
  for (llvm::BasicBlock &block : function)
    for (llvm::Instruction &inst : block) {
      auto *call = llvm::dyn_cast<llvm::CallInst>(&inst);
      auto *inlineAsm =
          call ? llvm::dyn_cast<llvm::InlineAsm>(call->getCalledOperand())
               : nullptr;
      if (!inlineAsm || call->isConvergent() ||
          !isCollectiveAsm(inlineAsm->getAsmString()))
        continue;
      call->setConvergent();
      ++marked;
    }
  return marked;
}

/// The data layout of `target`'s NVPTX target machine.
static FailureOr<std::string> getTargetDataLayout(NVVM::NVVMTargetAttr target) {
  NVVM::SerializeGPUModuleBase::init();
  llvm::Triple triple(target.getTriple());
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return failure();
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget->createTargetMachine(
      triple, target.getChip(), target.getFeatures(), {}, std::nullopt));
  if (!machine)
    return failure();
  return machine->createDataLayout().getStringRepresentation();
}

/// Gives every gpu.module with an NVVM target its target's data layout
/// (`llvm.data_layout`) unless it names one. The translation to LLVM IR
/// fixes the alignment of each load and store from the module's layout when
/// it creates them, before the NVPTX backend sets the target's: under
/// LLVM's default layout an i64 access is 4-aligned and NVPTX splits it in
/// two 32-bit halves. The low half is then stored by `st.b32` of the 64-bit
/// register, and where that register holds an f64 (an inline asm `cvt.f64`
/// result), ptxas converts the value to an integer instead of storing its
/// low bits.
static LogicalResult setTargetDataLayouts(ModuleOp module) {
  StringRef name = LLVM::LLVMDialect::getDataLayoutAttrName();
  WalkResult result = module.walk([&](gpu::GPUModuleOp gpuModule) {
    if (gpuModule->hasAttr(name) || !gpuModule.getTargetsAttr())
      return WalkResult::advance();
    for (Attribute attr : gpuModule.getTargetsAttr()) {
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(attr);
      if (!target)
        continue;
      FailureOr<std::string> layout = getTargetDataLayout(target);
      if (failed(layout)) {
        gpuModule.emitError()
            << "no NVPTX target machine for " << target.getTriple();
        return WalkResult::interrupt();
      }
      gpuModule->setAttr(name, StringAttr::get(module.getContext(), *layout));
      break;
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
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
      for (llvm::Function &function : module) {
        if (function.isDeclaration())
          continue;
        if (mergeAddressChains)
          mlir::tile::mergeVariableAddressChains(function);
        mlir::tile::splitSharedAsmInputs(function, asmInputChunk);
        mlir::tile::copyFloatBitsBeforeTrunc(function);
      }
    };
    auto markConvergent = [](llvm::Module &module) {
      for (llvm::Function &function : module)
        mlir::tile::markConvergentAsm(function);
    };
    if (failed(setTargetDataLayouts(getOperation())))
      return signalPassFailure();
    gpu::TargetOptions options(toolkitPath, libraries, cmdOptions,
                               /*elfSection=*/{}, *target, getTable,
                               markConvergent,
                               /*linkedLlvmIRCallback=*/{}, shapeAddresses);
    if (failed(gpu::transformGpuModulesToBinaries(
            getOperation(),
            gpu::OffloadingLLVMTranslationAttrInterface(nullptr), options)))
      signalPassFailure();
  }
};
} // namespace
