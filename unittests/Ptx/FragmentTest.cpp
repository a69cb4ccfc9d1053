//===- FragmentTest.cpp - the table's fragment maps against the ISA -------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Every mma form's fragment maps, as the table computes them from its
// Fragment records, against the PTX ISA's own formulas transcribed
// independently in MmaIsaLayouts.h: element i of lane l of every operand
// must sit where the ISA's figure puts it. This is the defense against a
// layout that is consistently wrong in the records, the reference, the CPU
// backend and the docs at once.
//
//===----------------------------------------------------------------------===//

#include "MmaIsaLayouts.h"
#include "tile/Ptx/InstrTable.h"

#include "gtest/gtest.h"

#include <string>

using namespace tile;

namespace {

/// The shape qualifier (m16n8k16) and whether A and B are row-major
/// (m8n8k4's layouts) of an mma instruction.
struct MmaSpelling {
  std::string shape;
  bool aRow = true, bRow = false;
};

MmaSpelling spellingOf(const ptx::Instr &instr) {
  MmaSpelling s;
  llvm::SmallVector<llvm::StringRef> parts;
  std::string text = instr.str();
  llvm::StringRef(text).split(parts, '.');
  for (size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].starts_with("m") && parts[i].contains("n") &&
        parts[i].contains("k"))
      s.shape = parts[i].str();
    if ((parts[i] == "row" || parts[i] == "col") && i + 1 < parts.size() &&
        (parts[i + 1] == "row" || parts[i + 1] == "col")) {
      s.aRow = parts[i] == "row";
      s.bRow = parts[i + 1] == "row";
      break;
    }
  }
  return s;
}

/// Compares one operand's fragment with the ISA's formula.
void expectIsaLayout(const ptx::Instr &instr, const ptx::OperandDesc &op,
                     isa::MmaOperand which, bool rowMajor,
                     const std::string &shape) {
  const ptx::FragmentDesc &f = *op.fragment;
  std::string type(ptx::getName(f.element));
  SCOPED_TRACE(instr.str() + " operand " + op.name + " (" + f.record + ")");
  ASSERT_EQ(f.getNumElements(), isa::mmaIsaElementCount(shape, type, which));
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned i = 0; i < f.getNumElements(); ++i) {
      std::optional<isa::MmaCoord> want =
          isa::mmaIsaElement(shape, type, which, rowMajor, lane, i);
      ASSERT_TRUE(want.has_value()) << "lane " << lane << " element " << i;
      ptx::FragmentCoord got = f.at(lane, i);
      EXPECT_EQ(got.matrix, want->matrix) << "lane " << lane << " el " << i;
      EXPECT_EQ(got.row, want->row) << "lane " << lane << " element " << i;
      EXPECT_EQ(got.col, want->col) << "lane " << lane << " element " << i;
    }
}

TEST(FragmentTest, EveryMmaFormIsTheIsas) {
  unsigned checked = 0;
  for (const ptx::FormDesc &form : ptx::getForms()) {
    if (!form.arith)
      continue;
    for (ptx::QualSet quals : ptx::Instr::enumerate(form)) {
      ptx::Instr instr{&form, quals};
      MmaSpelling s = spellingOf(instr);
      llvm::ArrayRef<ptx::OperandDesc> ops = form.getOperands();
      ASSERT_EQ(ops.size(), 4u);
      expectIsaLayout(instr, ops[0], isa::MmaOperand::C, true, s.shape);
      expectIsaLayout(instr, ops[1], isa::MmaOperand::A, s.aRow, s.shape);
      expectIsaLayout(instr, ops[2], isa::MmaOperand::B, s.bRow, s.shape);
      expectIsaLayout(instr, ops[3], isa::MmaOperand::C, true, s.shape);
      ++checked;
    }
  }
  // 94 opcodes up to sm_90 (every documented shape, type and layout).
  EXPECT_EQ(checked, 94u);
}

/// Each fragment's lanes hold every element of its matrices once (tile-tblgen
/// checks this at build time too).
TEST(FragmentTest, EveryFragmentIsABijection) {
  for (const ptx::FragmentDesc &f : ptx::getFragments()) {
    SCOPED_TRACE(f.record);
    std::vector<bool> seen(f.matrices * f.rows * f.cols);
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned i = 0; i < f.getNumElements(); ++i) {
        ptx::FragmentCoord c = f.at(lane, i);
        ASSERT_LT(c.matrix, f.matrices);
        ASSERT_LT(c.row, f.rows);
        ASSERT_LT(c.col, f.cols);
        size_t at = (size_t(c.matrix) * f.rows + c.row) * f.cols + c.col;
        EXPECT_FALSE(seen[at]) << "lane " << lane << " element " << i;
        seen[at] = true;
      }
  }
}

} // namespace
