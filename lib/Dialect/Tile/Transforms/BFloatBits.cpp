//===- BFloatBits.cpp - bf16 values cross blocks as their bits ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// LLVM's x86 code generator keeps a bf16 that crosses blocks (a phi, or a
// value used in another block) in an f32 register and converts it back to
// bf16 where it is used: with vcvtneps2bf16 on hosts with AVX512-BF16,
// which quiets signaling NaNs and flushes subnormals to zero, or with a
// call of __truncsfbf2 elsewhere. Crossing a block only moves the value, so
// host code moves its bits (i16) instead: phis of bf16 become phis of i16,
// and every other crossing goes through a bitcast on each side.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

/// The integer type of `type`'s bits where it is bf16 or a vector of bf16,
/// else null.
static Type *getBitsType(Type *type) {
  if (!type->getScalarType()->isBFloatTy())
    return nullptr;
  return type->getWithNewType(IntegerType::get(type->getContext(), 16));
}

/// `value`'s bits as `bits`: the operand of a bitcast from them, or a new
/// bitcast at the end of `block` (constants fold).
static Value *asBits(Value *value, Type *bits, BasicBlock *block) {
  if (auto *cast = dyn_cast<BitCastInst>(value))
    if (cast->getSrcTy() == bits)
      return cast->getOperand(0);
  IRBuilder<> b(block->getTerminator());
  return b.CreateBitCast(value, bits);
}

/// Phis of bf16 -> phis of their bits, between bitcasts.
static unsigned rewritePhis(llvm::Function &function) {
  SmallVector<PHINode *> phis;
  for (BasicBlock &block : function)
    for (PHINode &phi : block.phis())
      if (getBitsType(phi.getType()))
        phis.push_back(&phi);
  // New phis first, so that one phi feeding another reads its bits.
  SmallVector<std::pair<PHINode *, PHINode *>> rewritten;
  for (PHINode *phi : phis) {
    llvm::Type *bits = getBitsType(phi->getType());
    auto *copy = PHINode::Create(bits, phi->getNumIncomingValues(),
                                 phi->getName() + ".bits", phi->getIterator());
    IRBuilder<> b(phi->getParent(), phi->getParent()->getFirstInsertionPt());
    llvm::Value *back = b.CreateBitCast(copy, phi->getType());
    phi->replaceAllUsesWith(back);
    rewritten.push_back({phi, copy});
  }
  for (auto [phi, copy] : rewritten) {
    for (unsigned i = 0, e = phi->getNumIncomingValues(); i < e; ++i) {
      BasicBlock *from = phi->getIncomingBlock(i);
      copy->addIncoming(asBits(phi->getIncomingValue(i), copy->getType(), from),
                        from);
    }
    phi->eraseFromParent();
  }
  return rewritten.size();
}

/// Where `value` is defined: its block and the first point after it.
static std::pair<BasicBlock *, BasicBlock::iterator>
getDefinition(llvm::Value *value, llvm::Function &function) {
  if (auto *inst = dyn_cast<Instruction>(value)) {
    BasicBlock *block = inst->getParent();
    if (isa<PHINode>(inst))
      return {block, block->getFirstInsertionPt()};
    return {block, std::next(inst->getIterator())};
  }
  BasicBlock &entry = function.getEntryBlock();
  return {&entry, entry.getFirstInsertionPt()};
}

/// A bf16 `value` used in another block crosses it as its bits: one bitcast
/// after its definition, one before each such use.
static unsigned crossAsBits(llvm::Value *value, llvm::Function &function) {
  auto [block, after] = getDefinition(value, function);
  SmallVector<Use *> outside;
  for (Use &use : value->uses())
    if (cast<Instruction>(use.getUser())->getParent() != block)
      outside.push_back(&use);
  if (outside.empty())
    return 0;
  IRBuilder<> b(block, after);
  llvm::Value *bits = b.CreateBitCast(value, getBitsType(value->getType()));
  for (Use *use : outside) {
    IRBuilder<> at(cast<Instruction>(use->getUser()));
    use->set(at.CreateBitCast(bits, value->getType()));
  }
  return 1;
}

unsigned mlir::tile::keepBFloatBits(llvm::Function &function) {
  unsigned n = rewritePhis(function);
  SmallVector<llvm::Value *> values;
  for (Argument &arg : function.args())
    if (getBitsType(arg.getType()))
      values.push_back(&arg);
  for (Instruction &inst : instructions(function))
    if (getBitsType(inst.getType()))
      values.push_back(&inst);
  for (llvm::Value *value : values)
    n += crossAsBits(value, function);
  return n;
}

void mlir::tile::prepareHostFunction(llvm::Function &function) {
  if (function.isDeclaration())
    return;
  keepBFloatBits(function);
  function.addFnAttr("probe-stack", "inline-asm");
}
