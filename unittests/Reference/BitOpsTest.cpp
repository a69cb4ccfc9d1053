//===- BitOpsTest.cpp - tests of the bit operations' reference ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The reference lane functions of the bit operations against values worked
// out by hand from the PTX ISA's pseudo-code and against the H200's measured
// results (docs/IntegerFacts.md), including every case where
// the ISA leaves the result open or the hardware differs from it.
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"

#include <gtest/gtest.h>

#include <string>

using namespace tile;

namespace {

ptx::Instr op(const char *spelling) {
  std::string error;
  std::optional<ptx::Instr> instr = ptx::decode(spelling, error);
  EXPECT_TRUE(instr.has_value()) << spelling << ": " << error;
  return *instr;
}

/// The reference result of `spelling` over `sources`.
uint64_t eval(const char *spelling, std::initializer_list<uint64_t> sources) {
  return ref::evaluate(op(spelling), llvm::ArrayRef<uint64_t>(sources));
}

TEST(BitOpsReference, Popc) {
  // docs/IntegerFacts.md §4: 0 -> 0, all ones -> 32 / 64.
  EXPECT_EQ(eval("popc.b32", {0}), 0u);
  EXPECT_EQ(eval("popc.b32", {0xFFFFFFFF}), 32u);
  EXPECT_EQ(eval("popc.b64", {0}), 0u);
  EXPECT_EQ(eval("popc.b64", {~0ULL}), 64u);
  EXPECT_EQ(eval("popc.b32", {0x80000001}), 2u);
  EXPECT_EQ(eval("popc.b32", {0xF0F0F0F0}), 16u);
  // A 64-bit source counts both halves; the result is a u32.
  EXPECT_EQ(eval("popc.b64", {0x8000000000000001}), 2u);
  EXPECT_EQ(eval("popc.b64", {0xFFFFFFFF00000000}), 32u);
}

TEST(BitOpsReference, PopcDestinationIsU32) {
  ptx::Instr instr = op("popc.b64");
  const ptx::OperandDesc &d = instr.form->operands[0];
  EXPECT_EQ(d.role, ptx::OperandRole::Def);
  EXPECT_EQ(d.type, ptx::DataType::U32);
  EXPECT_EQ(instr.form->operands[1].type, ptx::DataType::B64);
  // Integer results: the whole value compares, no NaN rule applies.
  EXPECT_TRUE(instr.form->hasDefinedNaNPayload());
  EXPECT_FALSE(ref::sameResult(instr, 0x7F800001, 0x7F800002));
}

// lop3.BoolOp.b32 d|p, a, b, c, immLut, q (PTX ISA 9.7.8.6): d is lop3's
// (bit i of d is bit (a_i b_i c_i) of immLut), p = (d != 0) BoolOp q; the
// reference packs d in bits 0..31 and p in bit 32.
TEST(BitOpsReference, Lop3BoolOpPacksDAndP) {
  // a & b & c at the defining inputs: d = 0x80, nonzero.
  EXPECT_EQ(eval("lop3.and.b32", {0xF0, 0xCC, 0xAA, 0x80, 1}), 0x100000080u);
  EXPECT_EQ(eval("lop3.and.b32", {0xF0, 0xCC, 0xAA, 0x80, 0}), 0x80u);
  EXPECT_EQ(eval("lop3.or.b32", {0xF0, 0xCC, 0xAA, 0x80, 0}), 0x100000080u);
  // The table 0: d = 0, so .and gives false and .or gives q.
  EXPECT_EQ(eval("lop3.and.b32", {0xF0, 0xCC, 0xAA, 0x00, 1}), 0u);
  EXPECT_EQ(eval("lop3.or.b32", {0xF0, 0xCC, 0xAA, 0x00, 1}), 0x100000000u);
  EXPECT_EQ(eval("lop3.or.b32", {0xF0, 0xCC, 0xAA, 0x00, 0}), 0u);
  // The table 0xFF: every bit of d is 1, whatever a, b and c.
  EXPECT_EQ(eval("lop3.or.b32", {0, 0, 0, 0xFF, 0}), 0x1FFFFFFFFu);
  // a ^ b ^ c (0x96): 0x12345678 ^ 0xFFFF0000 ^ 0x0F0F0F0F = 0xE2C45977.
  EXPECT_EQ(eval("lop3.and.b32", {0x12345678, 0xFFFF0000, 0x0F0F0F0F, 0x96, 1}),
            0x1E2C45977u);
  // a & ~b (0x30): 0x0F0F0F0F & ~0x0F0F0F0F = 0, so p = q under .or.
  EXPECT_EQ(eval("lop3.or.b32", {0x0F0F0F0F, 0x0F0F0F0F, 0, 0x30, 1}),
            0x100000000u);
  EXPECT_EQ(eval("lop3.and.b32", {0x0F0F0F0F, 0x0F0F0F0F, 0, 0x30, 1}), 0u);
}

TEST(BitOpsReference, Lop3BoolOpForm) {
  ptx::Instr instr = op("lop3.or.b32");
  const ptx::FormDesc &f = *instr.form;
  // d|p, a, b, c, immLut, q: two destinations joined by '|', of different
  // widths; the plain lop3.b32 is another form.
  EXPECT_EQ(f.getNumDefs(), 2u);
  EXPECT_EQ(f.getNumOperands(), 7u);
  EXPECT_STREQ(f.variant, "pair");
  EXPECT_TRUE(f.operands[0].pipeToNext);
  EXPECT_EQ(f.operands[0].type, ptx::DataType::B32);
  EXPECT_EQ(f.operands[1].type, ptx::DataType::Pred);
  EXPECT_TRUE(f.operands[5].immediate);
  EXPECT_EQ(f.operands[6].type, ptx::DataType::Pred);
  EXPECT_NE(op("lop3.b32").form, instr.form);
  EXPECT_EQ(instr.getPtxVersion(), 82u);
  EXPECT_EQ(instr.getMinSm(), 70u);
  // The packed results compare over their 33 bits: d's 32 and p.
  EXPECT_TRUE(ref::sameResult(instr, 0x100000080, 0x100000080));
  EXPECT_FALSE(ref::sameResult(instr, 0x000000080, 0x100000080));
  EXPECT_FALSE(ref::sameResult(instr, 0x100000081, 0x100000080));
  EXPECT_TRUE(ref::sameResult(instr, 0x300000080, 0x100000080));
}

} // namespace
