//===- FormHintTest.cpp - choosing among forms of one spelling ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Forms that share a spelling and differ only in whether an operand is
// memory or a register (generic ld, st and mapa: an address that is a
// memref, or one held in a 64-bit register) are told apart by the hint's
// operand kinds; without kinds the first form is taken, as before.
//
//===----------------------------------------------------------------------===//

#include "tile/Ptx/InstrTable.h"

#include "llvm/ADT/SmallVector.h"

#include "gtest/gtest.h"

#include <vector>

using namespace tile;

namespace {

/// The kind of operand `i` of the form `spelling` decodes to under `hint`.
ptx::OperandKind kindOf(llvm::StringRef spelling, const ptx::FormHint &hint,
                        unsigned i) {
  llvm::Expected<ptx::Instr> instr = ptx::decode(spelling, hint);
  EXPECT_TRUE(static_cast<bool>(instr)) << llvm::toString(instr.takeError());
  return instr->form->getOperands()[i].kind;
}

TEST(FormHintTest, GenericAddressesByOperandKind) {
  struct Case {
    const char *spelling;
    unsigned address;
    std::vector<unsigned> atoms;
  };
  for (const Case &c : {Case{"ld.u32", 1, {1, 1}}, Case{"st.u32", 0, {1, 1}},
                        Case{"ld.relaxed.gpu.u32", 1, {1, 1}},
                        Case{"mapa.u64", 1, {1, 1, 1}}}) {
    llvm::SmallVector<bool> memory(c.atoms.size(), false), registers = memory;
    memory[c.address] = true;
    ptx::FormHint hint;
    hint.numOperands = c.atoms.size();
    hint.atoms = c.atoms;
    hint.memories = memory;
    EXPECT_EQ(kindOf(c.spelling, hint, c.address), ptx::OperandKind::Memory)
        << c.spelling;
    hint.memories = registers;
    EXPECT_EQ(kindOf(c.spelling, hint, c.address), ptx::OperandKind::Register)
        << c.spelling;
    // Without kinds, the memref form (the first) as before.
    hint.memories = {};
    EXPECT_EQ(kindOf(c.spelling, hint, c.address), ptx::OperandKind::Memory)
        << c.spelling;
  }
}

TEST(FormHintTest, RegisterAddressFormsAreGeneric) {
  unsigned registerForms = 0;
  for (const ptx::FormDesc &form : ptx::getForms()) {
    if (form.semantics != ptx::Semantics::AddressLoad &&
        form.semantics != ptx::Semantics::AddressStore)
      continue;
    ++registerForms;
    // No state space, and the address a bracketed 64-bit register.
    const ptx::OperandDesc &address =
        form.getOperands()[form.semantics == ptx::Semantics::AddressLoad];
    EXPECT_TRUE(address.bracketed) << form.syntax;
    EXPECT_EQ(address.kind, ptx::OperandKind::Register) << form.syntax;
  }
  EXPECT_GT(registerForms, 0u);
}

} // namespace
