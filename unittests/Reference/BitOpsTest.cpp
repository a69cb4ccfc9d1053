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

} // namespace
