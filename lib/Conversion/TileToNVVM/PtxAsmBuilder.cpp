//===- PtxAsmBuilder.cpp - the one builder of PTX inline asm --------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Conversion/TileToNVVM/PtxAsmBuilder.h"
#include "tile/Ptx/InstrTable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tile;

char PtxAsmBuilder::getConstraintLetter(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 'l';
  if (type.isF32())
    return 'f';
  if (type.isF64())
    return 'd';
  if (type.isF16() || type.isBF16())
    return 'h';
  if (auto intTy = dyn_cast<IntegerType>(type))
    return ::tile::ptx::getIntegerConstraint(intTy.getWidth());
  return 0;
}

PtxAsmBuilder::Operand PtxAsmBuilder::addOutput(Type type) {
  outputTypes.push_back(type);
  return {true, static_cast<unsigned>(outputTypes.size() - 1)};
}

PtxAsmBuilder::Operand PtxAsmBuilder::addInput(Value value) {
  inputs.push_back(value);
  inputConstraints.push_back(
      std::string(1, getConstraintLetter(value.getType())));
  return {false, static_cast<unsigned>(inputs.size() - 1)};
}

void PtxAsmBuilder::addTiedInput(Value value, Operand output) {
  assert(output.isOutput && "tied input must refer to an output");
  tied.emplace_back(value, output.index);
}

void PtxAsmBuilder::setPredicate(Value pred, bool negated) {
  predicate = pred;
  predicateNegated = negated;
}

std::string PtxAsmBuilder::getConstraints() const {
  SmallVector<std::string> parts;
  for (Type t : outputTypes)
    parts.push_back(std::string("=") + getConstraintLetter(t));
  for (const std::string &c : inputConstraints)
    parts.push_back(c);
  if (predicate)
    parts.push_back("r");
  for (auto &[value, index] : tied)
    parts.push_back(std::to_string(index));
  if (memoryClobber)
    parts.push_back("~{memory}");
  return llvm::join(parts, ",");
}

std::string PtxAsmBuilder::render(Operand op) const {
  unsigned n = op.isOutput ? op.index : outputTypes.size() + op.index;
  return "$" + std::to_string(n);
}

void PtxAsmBuilder::renderArg(llvm::raw_ostream &os, const Arg &arg,
                              const Arg *inner) const {
  SmallVector<std::string> regs;
  for (Operand op : arg.operands)
    regs.push_back(render(op));
  switch (arg.form) {
  case ArgForm::Immediate:
    os << arg.immediate;
    break;
  case ArgForm::Register:
    os << (arg.negated ? "!" : "") << regs.front();
    break;
  case ArgForm::Vector:
    os << "{" << llvm::join(regs, ", ") << "}";
    break;
  case ArgForm::Sink:
    os << "_";
    break;
  case ArgForm::Address:
    os << "[" << regs.front();
    if (arg.offset)
      os << (arg.offset > 0 ? "+" : "") << arg.offset;
    if (inner) {
      os << ", ";
      renderArg(os, *inner);
    }
    os << "]";
    break;
  }
}

std::string PtxAsmBuilder::getReplacementString(ArrayRef<Arg> args) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\n";
  if (predicate)
    os << "\t.reg .pred %tile_p;\n\tsetp.ne.b32 %tile_p, $"
       << outputTypes.size() + inputs.size() << ", 0;\n";
  SmallVector<StringRef> statements;
  StringRef(replacement).split(statements, ';', -1, /*KeepEmpty=*/false);
  for (StringRef s : statements) {
    s = s.trim();
    os << "\t";
    if (predicate && !s.starts_with(".reg"))
      os << "@" << (predicateNegated ? "!" : "") << "%tile_p ";
    // Each `{name}` is that operand's argument (the table checks names).
    for (size_t open; (open = s.find('{')) != StringRef::npos;) {
      size_t close = s.find('}', open);
      StringRef name = s.slice(open + 1, close);
      os << s.take_front(open);
      auto *it = llvm::find(operandNames, name);
      renderArg(os, args[it - operandNames.begin()]);
      s = s.drop_front(close + 1);
    }
    os << s << ";\n";
  }
  os << "\t}";
  return text;
}

std::string PtxAsmBuilder::getAsmString(StringRef opcode,
                                        ArrayRef<Arg> args) const {
  if (!replacement.empty())
    return getReplacementString(args);
  std::string text;
  llvm::raw_string_ostream os(text);
  if (predicate) {
    unsigned predIndex = outputTypes.size() + inputs.size();
    os << "{\n\t.reg .pred %tile_p;\n\tsetp.ne.b32 %tile_p, $" << predIndex
       << ", 0;\n\t@" << (predicateNegated ? "!" : "") << "%tile_p ";
  }
  os << opcode;
  for (size_t i = 0; i < args.size(); ++i) {
    os << (i == 0 ? " " : args[i - 1].pipeNext ? "|" : ", ");
    const Arg &arg = args[i];
    if (arg.braceNext && i + 1 < args.size()) {
      os << "{";
      renderArg(os, arg);
      os << ", ";
      renderArg(os, args[++i]);
      os << "}";
      continue;
    }
    const Arg *inner =
        arg.form == ArgForm::Address && arg.bracketNext && i + 1 < args.size()
            ? &args[i + 1]
            : nullptr;
    renderArg(os, arg, inner);
    i += inner != nullptr;
  }
  os << ";";
  if (predicate)
    os << "\n\t}";
  return text;
}

LLVM::InlineAsmOp PtxAsmBuilder::create(OpBuilder &builder, Location loc,
                                        StringRef opcode, ArrayRef<Arg> args,
                                        bool hasSideEffects) const {
  SmallVector<Value> operands(inputs.begin(), inputs.end());
  if (predicate)
    operands.push_back(predicate);
  for (auto &[value, index] : tied)
    operands.push_back(value);
  Type resultType;
  if (outputTypes.size() == 1)
    resultType = outputTypes.front();
  else if (outputTypes.size() > 1)
    resultType =
        LLVM::LLVMStructType::getLiteral(builder.getContext(), outputTypes);
  auto asmDialect =
      LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT);
  return LLVM::InlineAsmOp::create(
      builder, loc, resultType ? TypeRange(resultType) : TypeRange(), operands,
      getAsmString(opcode, args), getConstraints(), hasSideEffects,
      /*is_align_stack=*/false, LLVM::TailCallKind::None, asmDialect,
      /*operand_attrs=*/ArrayAttr());
}
