//===- PtxAsmBuilder.h - the one builder of PTX inline asm ------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Every PTX string and constraint string tile-mlir emits comes from
/// `PtxAsmBuilder`. It numbers operands the way LLVM does (outputs, then
/// inputs in order, then tied inputs), so placeholders are never
/// renumbered behind the caller's back, and it avoids the constructs that
/// MLIR 22.1's nvvm.inline_ptx gets wrong: no "+" constraints (tied inputs
/// refer to the output index instead), no "n" constraint for values that
/// must be registers, and a predicate passed as an i32 and turned into a
/// `.pred` inside the asm block.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETONVVM_PTXASMBUILDER_H
#define TILE_CONVERSION_TILETONVVM_PTXASMBUILDER_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

#include <string>

namespace mlir {
namespace tile {

class PtxAsmBuilder {
public:
  /// A reference to one asm operand.
  struct Operand {
    bool isOutput;
    unsigned index;
  };
  /// How one instruction operand is written.
  enum class ArgForm { Register, Vector, Address, Immediate, Sink };
  /// One instruction operand: a register, a brace list `{a, b}`, an
  /// address `[a]` (`[a+offset]` with a nonzero byte offset, PTX's
  /// register-plus-immediate address), an immediate (`immediate`, as the
  /// instruction table spells it; no asm operand) or the sink `_` (no asm
  /// operand).
  struct Arg {
    ArgForm form;
    SmallVector<Operand, 4> operands;
    int64_t offset = 0;
    std::string immediate = {};
    /// Joined to the next argument by `|` (setp's `p|q`).
    bool pipeNext = false;
    /// Written in braces with the next argument (`{byte-id, thread-id}`).
    bool braceNext = false;
    /// A predicate register written negated (`!c`).
    bool negated = false;
    /// An address written with the next argument inside its brackets
    /// (a tensor map and its coordinates: `[map, {c0, c1}]`).
    bool bracketNext = false;
  };

  /// The inline-asm constraint letter of a register of LLVM type `type`
  /// (h: 16-bit, r: i32, l: i64 or pointer, q: i128, f: f32, d: f64), or 0.
  static char getConstraintLetter(Type type);

  /// Adds an output register of LLVM type `type`.
  Operand addOutput(Type type);
  /// Adds an input register (or a 64-bit address) bound to `value`.
  Operand addInput(Value value);
  /// Adds an input tied to `output`, so the asm sees `value` in the output
  /// register when the instruction does not write it.
  void addTiedInput(Value value, Operand output);
  /// Guards the instruction with `pred` (an i32, nonzero = execute; zero
  /// with `negated`, PTX's `@!p`).
  void setPredicate(Value pred, bool negated = false);
  /// Marks the instruction as reading or writing memory.
  void setMemoryClobber() { memoryClobber = true; }
  /// Writes the statements of `ptx` (the table's PtxasWorkaround: ';'
  /// separated, `{name}` the argument of the operand `names[i]`) instead
  /// of the instruction.
  void setReplacement(StringRef ptx, ArrayRef<StringRef> names) {
    replacement = ptx.str();
    operandNames.assign(names.begin(), names.end());
  }

  /// The constraint string, e.g. "=f,f,f,f,r,0".
  std::string getConstraints() const;
  /// The asm text for `opcode` applied to `args`.
  std::string getAsmString(StringRef opcode, ArrayRef<Arg> args) const;

  /// Builds the llvm.inline_asm op. Its result is null (no outputs), the one
  /// output, or a struct of all outputs.
  LLVM::InlineAsmOp create(OpBuilder &builder, Location loc, StringRef opcode,
                           ArrayRef<Arg> args, bool hasSideEffects) const;

  ArrayRef<Type> getOutputTypes() const { return outputTypes; }

private:
  std::string render(Operand op) const;
  /// The asm text of the replacement statements (setReplacement).
  std::string getReplacementString(ArrayRef<Arg> args) const;
  /// Writes `arg`; an address with `inner` (a tensor map's coordinates)
  /// inside its brackets.
  void renderArg(llvm::raw_ostream &os, const Arg &arg,
                 const Arg *inner = nullptr) const;

  SmallVector<Type> outputTypes;
  SmallVector<Value> inputs;
  SmallVector<std::string> inputConstraints;
  SmallVector<std::pair<Value, unsigned>> tied;
  Value predicate;
  bool predicateNegated = false;
  bool memoryClobber = false;
  std::string replacement;
  SmallVector<StringRef> operandNames;
};

} // namespace tile
} // namespace mlir

#endif // TILE_CONVERSION_TILETONVVM_PTXASMBUILDER_H
