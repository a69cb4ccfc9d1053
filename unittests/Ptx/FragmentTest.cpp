//===- FragmentTest.cpp - the table's fragment maps against the ISA -------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Every mma form's fragment maps, as the table computes them from its
// Fragment records, against the PTX ISA's own formulas transcribed
// independently in MmaIsaLayouts.h (and ldmatrix's, stmatrix's and
// movmatrix's register and row-address maps against the ISA's text here):
// element i of lane l of every operand must sit where the ISA's figure puts it.
// This is the defense against a layout that is consistently wrong in the
// records, the reference, the CPU backend and the docs at once.
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
    if (!form.arith ||
        form.getOperands()[0].distribution != ptx::Distribution::Warp)
      continue;
    for (ptx::QualSet quals : ptx::Instr::enumerate(form)) {
      ptx::Instr instr{&form, quals};
      MmaSpelling s = spellingOf(instr);
      llvm::ArrayRef<ptx::OperandDesc> ops = form.getOperands();
      // d, a, b, c; a block-scaled form then has its scale operands, per-lane
      // registers and immediates with no fragment.
      ASSERT_TRUE(ops.size() == 4u || ops.size() == 10u);
      for (const ptx::OperandDesc &o : ops.drop_front(4))
        EXPECT_EQ(o.fragment, nullptr) << instr.str() << " " << o.name;
      expectIsaLayout(instr, ops[0], isa::MmaOperand::C, true, s.shape);
      expectIsaLayout(instr, ops[1], isa::MmaOperand::A, s.aRow, s.shape);
      expectIsaLayout(instr, ops[2], isa::MmaOperand::B, s.bRow, s.shape);
      expectIsaLayout(instr, ops[3], isa::MmaOperand::C, true, s.shape);
      ++checked;
    }
  }
  // 94 opcodes up to sm_90 (every documented shape, type and layout),
  // sm_120a's 50 of .kind::f8f6f4 (5 x 5 element pairs into f16 and f32),
  // and its block-scaled ones: .kind::mxf8f6f4's 25 pairs with and without
  // .scale_vec::1X (50), .kind::mxf4 with and without .scale_vec::2X (2),
  // .kind::mxf4nvf4 with .scale_vec::2X and 4X (2).
  EXPECT_EQ(checked, 94u + 50u + 50u + 2u + 2u);
}

/// The ISA's figures of wgmma's register fragments (9.7.15.5.1.1.1),
/// transcribed here independently of the records. D of m64nN: thread t of
/// the warpgroup, element i: row 16 (t / 32) + (t % 32) / 4 + 8 ((i / 2) %
/// 2), column 8 (i / 4) + 2 (t % 4) + i % 2. A of m64kK in registers, p
/// elements a register (k16 .f16/.bf16: 2; k8 .tf32: 1; k32 8-bit: 4;
/// k256 .b1: 32): row 16 (t / 32) + (t % 32) / 4 + 8 ((i / p) % 2), column
/// p (t % 4) + i % p + 4 p (i / (2 p)).
ptx::FragmentCoord isaWgmmaD(unsigned t, unsigned i) {
  return {0, 16 * (t / 32) + (t % 32) / 4 + 8 * ((i / 2) % 2),
          8 * (i / 4) + 2 * (t % 4) + i % 2};
}
ptx::FragmentCoord isaWgmmaA(unsigned t, unsigned i, unsigned p) {
  return {0, 16 * (t / 32) + (t % 32) / 4 + 8 * ((i / p) % 2),
          p * (t % 4) + i % p + 4 * p * (i / (2 * p))};
}

TEST(FragmentTest, EveryWgmmaFormIsTheIsas) {
  unsigned checked = 0;
  for (const ptx::FormDesc &form : ptx::getForms()) {
    llvm::ArrayRef<ptx::OperandDesc> ops = form.getOperands();
    if (ops.empty() || ops[0].distribution != ptx::Distribution::Warpgroup)
      continue;
    SCOPED_TRACE(form.syntax);
    const ptx::FragmentDesc &d = *ops[0].fragment;
    ASSERT_EQ(d.lanes, 128u);
    ASSERT_EQ(d.rows, 64u);
    for (unsigned t = 0; t < 128; ++t)
      for (unsigned i = 0; i < d.getNumElements(); ++i)
        EXPECT_TRUE(d.at(t, i) == isaWgmmaD(t, i))
            << "d: thread " << t << " element " << i;
    // The two D element counts of the ISA: N / 2 a thread.
    EXPECT_EQ(d.getNumElements(), d.cols / 2);
    if (const ptx::FragmentDesc *a = ops[1].fragment) {
      unsigned p = 32 / ptx::getInfo(a->element).valueBits;
      ASSERT_EQ(a->perReg, p);
      ASSERT_EQ(a->regs, 4u);
      for (unsigned t = 0; t < 128; ++t)
        for (unsigned i = 0; i < a->getNumElements(); ++i)
          EXPECT_TRUE(a->at(t, i) == isaWgmmaA(t, i, p))
              << "a: thread " << t << " element " << i;
    }
    ++checked;
  }
  // Every sm_90a form: .f16 (into .f32, .f16), .bf16, .tf32 and the four
  // 8-bit float pairs (into .f32, .f16) for 32 N, the four .s8/.u8 pairs
  // and .b1 for 18 N, each with A from a descriptor and from registers.
  EXPECT_EQ(checked, 2u * (32 * (2 + 1 + 1 + 8) + 18 * (4 + 1)));
}

/// The ISA's text of ldmatrix, stmatrix and movmatrix (9.7.14.5.15-17),
/// transcribed here independently of the records: lane l's register j holds
/// row l / 4, columns 2 (l % 4) and 2 (l % 4) + 1 of matrix j (.trans: the
/// transpose: rows 2 (l % 4) + {0, 1} of column l / 4), the first in the low
/// half; lane l < 8 * count addresses row l % 8 of matrix l / 8.
ptx::FragmentCoord isaRegister(unsigned lane, unsigned i, bool trans) {
  unsigned j = i / 2, e = i % 2;
  if (trans)
    return {j, 2 * (lane % 4) + e, lane / 4};
  return {j, lane / 4, 2 * (lane % 4) + e};
}

void expectMatrixOperand(const ptx::Instr &instr, const ptx::OperandDesc &op,
                         unsigned count, bool trans) {
  const ptx::FragmentDesc &f = *op.fragment;
  SCOPED_TRACE(instr.str() + " operand " + op.name + " (" + f.record + ")");
  ASSERT_EQ(f.matrices, count);
  ASSERT_EQ(f.rows, 8u);
  ASSERT_EQ(f.cols, 8u);
  bool memory = op.kind == ptx::OperandKind::Memory;
  ASSERT_EQ(f.lanes, memory ? 8 * count : 32u);
  ASSERT_EQ(f.getNumElements(), memory ? 8u : 2 * count);
  for (unsigned lane = 0; lane < f.lanes; ++lane)
    for (unsigned i = 0; i < f.getNumElements(); ++i) {
      ptx::FragmentCoord want = memory
                                    ? ptx::FragmentCoord{lane / 8, lane % 8, i}
                                    : isaRegister(lane, i, trans);
      EXPECT_TRUE(f.at(lane, i) == want) << "lane " << lane << " element " << i;
    }
}

/// Whether one of `form`'s fragments has a map the table does not know.
bool hasUnknownFragment(const ptx::FormDesc &form) {
  return llvm::any_of(form.getOperands(), [](const ptx::OperandDesc &o) {
    return o.fragment && o.fragment->unknown;
  });
}

TEST(FragmentTest, EveryMatrixMoveIsTheIsas) {
  unsigned checked = 0;
  for (const ptx::FormDesc &form : ptx::getForms()) {
    if (form.arith || hasUnknownFragment(form) ||
        !llvm::any_of(form.getOperands(),
                      [](auto &o) { return o.fragment != nullptr; }))
      continue;
    for (ptx::QualSet quals : ptx::Instr::enumerate(form)) {
      ptx::Instr instr{&form, quals};
      std::string text = instr.str();
      llvm::StringRef spelling(text);
      unsigned count = spelling.contains(".x4")   ? 4
                       : spelling.contains(".x2") ? 2
                                                  : 1;
      bool trans = spelling.contains(".trans");
      llvm::ArrayRef<ptx::OperandDesc> ops = form.getOperands();
      ASSERT_EQ(ops.size(), 2u);
      if (spelling.starts_with("movmatrix")) {
        // d holds a's matrix transposed; a is held as ldmatrix .x1 holds it.
        expectMatrixOperand(instr, ops[0], 1, true);
        expectMatrixOperand(instr, ops[1], 1, false);
      } else {
        for (const ptx::OperandDesc &op : ops)
          expectMatrixOperand(instr, op, count, trans);
      }
      ++checked;
    }
  }
  // ldmatrix and stmatrix .x1/.x2/.x4 with and without .trans, in .shared
  // and .shared::cta, and movmatrix.
  EXPECT_EQ(checked, 25u);
}

/// The 8-bit and packed matrix moves (sm_100a and up), whose register maps
/// the ISA only draws: their registers are counted (.m16n16 two a matrix,
/// .m8n16 and stmatrix .m16n8 one), their fragments say why the map is not
/// known, and their rows are the ISA's address table's (lane l, row l % 8
/// of matrix l / 8, 16 bytes each), but .m16n16's 16 rows a matrix, which
/// lanes 0-15 address (16-31 the second matrix's).
TEST(FragmentTest, ByteMatrixMovesCountRegistersAndRows) {
  unsigned checked = 0;
  for (const ptx::FormDesc &form : ptx::getForms()) {
    if (!hasUnknownFragment(form))
      continue;
    for (ptx::QualSet quals : ptx::Instr::enumerate(form)) {
      ptx::Instr instr{&form, quals};
      std::string text = instr.str();
      SCOPED_TRACE(text);
      llvm::StringRef spelling(text);
      unsigned count = spelling.contains(".x4")   ? 4
                       : spelling.contains(".x2") ? 2
                                                  : 1;
      unsigned rowsPerMatrix = spelling.contains(".m16n16") ? 16 : 8;
      EXPECT_FALSE(form.archChips.empty());
      EXPECT_GT(form.minSm, 90u);
      for (const ptx::OperandDesc &op : form.getOperands()) {
        const ptx::FragmentDesc &f = *op.fragment;
        if (op.kind != ptx::OperandKind::Memory) {
          EXPECT_NE(f.unknown, nullptr);
          EXPECT_EQ(f.regs, rowsPerMatrix / 8 * count);
          EXPECT_EQ(f.perReg, 4u);
          continue;
        }
        ASSERT_EQ(f.unknown, nullptr);
        ASSERT_EQ(f.lanes, rowsPerMatrix * count);
        ASSERT_EQ(f.getNumElements(), 16u);
        for (unsigned lane = 0; lane < f.lanes; ++lane)
          for (unsigned i = 0; i < 16; ++i)
            EXPECT_TRUE(f.at(lane, i) ==
                        (ptx::FragmentCoord{lane / rowsPerMatrix,
                                            lane % rowsPerMatrix, i}))
                << "lane " << lane << " byte " << i;
      }
      ++checked;
    }
  }
  // ldmatrix .m16n16 .x1/.x2 of .b8 and of the two packed formats,
  // .m8n16 .x1/.x2/.x4 of the packed formats, stmatrix .m16n8
  // .x1/.x2/.x4, each in .shared and .shared::cta.
  EXPECT_EQ(checked, 2u * (2 * 3 + 3 * 2 + 3));
}

/// Each fragment's lanes hold every element of its matrices once (tile-tblgen
/// checks this at build time too), where the map is known.
TEST(FragmentTest, EveryFragmentIsABijection) {
  for (const ptx::FragmentDesc &f : ptx::getFragments()) {
    if (f.unknown)
      continue;
    SCOPED_TRACE(f.record);
    std::vector<bool> seen(f.matrices * f.rows * f.cols);
    for (unsigned lane = 0; lane < f.lanes; ++lane)
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
