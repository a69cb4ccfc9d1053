//===- IntArithTest.cpp - the reference of the integer arithmetic forms ---===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Expected values are hand-computed from the PTX ISA's definitions and, where
// the ISA leaves a result open, from what an H200 returned
// (docs/IntegerFacts.md, sections 1, 6 and 8: div/rem by 0
// all ones, MIN/-1 = MIN, MIN%-1 = 0, mul24 on the low 24 bits with .hi =
// bits 47..16, mad24.hi.sat, mad.hi.sat, add/sub.sat, sad, min/max and
// .relu per lane, abs/neg of MIN).
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"

#include <gtest/gtest.h>

#include <string>

using namespace tile;

namespace {

uint64_t eval(const char *spelling, std::initializer_list<uint64_t> in) {
  std::string error;
  std::optional<ptx::Instr> instr =
      ptx::decode(spelling, error, {std::nullopt, in.size() + 1, {}});
  EXPECT_TRUE(instr.has_value()) << error;
  if (!instr)
    return 0;
  return ref::evaluate(*instr, llvm::ArrayRef<uint64_t>(in.begin(), in.size()));
}

TEST(IntArith, DivRemByZeroIsAllOnes) {
  for (const char *t : {"s16", "u16"}) {
    EXPECT_EQ(eval(("div." + std::string(t)).c_str(), {7, 0}), 0xFFFFu);
    EXPECT_EQ(eval(("rem." + std::string(t)).c_str(), {7, 0}), 0xFFFFu);
    EXPECT_EQ(eval(("div." + std::string(t)).c_str(), {0, 0}), 0xFFFFu);
  }
  EXPECT_EQ(eval("div.u32", {7, 0}), 0xFFFFFFFFu);
  EXPECT_EQ(eval("rem.u32", {7, 0}), 0xFFFFFFFFu); // Not the dividend.
  EXPECT_EQ(eval("div.s32", {0x80000000, 0}), 0xFFFFFFFFu);
  EXPECT_EQ(eval("rem.s32", {0xFFFFFFF9, 0}), 0xFFFFFFFFu);
  EXPECT_EQ(eval("div.s64", {5, 0}), ~0ULL);
  EXPECT_EQ(eval("rem.u64", {5, 0}), ~0ULL);
}

TEST(IntArith, MinDividedByMinusOne) {
  EXPECT_EQ(eval("div.s16", {0x8000, 0xFFFF}), 0x8000u);
  EXPECT_EQ(eval("rem.s16", {0x8000, 0xFFFF}), 0u);
  EXPECT_EQ(eval("div.s32", {0x80000000, 0xFFFFFFFF}), 0x80000000u);
  EXPECT_EQ(eval("rem.s32", {0x80000000, 0xFFFFFFFF}), 0u);
  EXPECT_EQ(eval("div.s64", {1ULL << 63, ~0ULL}), 1ULL << 63);
  EXPECT_EQ(eval("rem.s64", {1ULL << 63, ~0ULL}), 0u);
  // Unsigned: 0x8000 / 0xFFFF is just 0 remainder 0x8000.
  EXPECT_EQ(eval("div.u16", {0x8000, 0xFFFF}), 0u);
  EXPECT_EQ(eval("rem.u16", {0x8000, 0xFFFF}), 0x8000u);
}

TEST(IntArith, DivRemTruncateTowardZero) {
  EXPECT_EQ(eval("div.s32", {0xFFFFFFF9, 2}), 0xFFFFFFFDu); // -7/2 = -3
  EXPECT_EQ(eval("rem.s32", {0xFFFFFFF9, 2}), 0xFFFFFFFFu); // -7%2 = -1
  EXPECT_EQ(eval("rem.s32", {7, 0xFFFFFFFE}), 1u);          // 7%-2 = 1
  EXPECT_EQ(eval("div.u32", {0xFFFFFFF9, 2}), 0x7FFFFFFCu);
  EXPECT_EQ(eval("div.s16", {0xFF9C, 7}), 0xFFF2u); // -100/7 = -14
}

TEST(IntArith, AddSubWrapAndSaturate) {
  EXPECT_EQ(eval("add.u16", {0xFFFF, 1}), 0u);
  EXPECT_EQ(eval("add.s32", {0x7FFFFFFF, 1}), 0x80000000u);
  EXPECT_EQ(eval("sub.u64", {0, 1}), ~0ULL);
  EXPECT_EQ(eval("add.sat.s32", {0x7FFFFFFF, 1}), 0x7FFFFFFFu);
  EXPECT_EQ(eval("add.sat.s32", {0x80000000, 0xFFFFFFFF}), 0x80000000u);
  EXPECT_EQ(eval("sub.sat.s32", {0x80000000, 1}), 0x80000000u);
  EXPECT_EQ(eval("sub.sat.s32", {0x7FFFFFFF, 0xFFFFFFFF}), 0x7FFFFFFFu);
  EXPECT_EQ(eval("sub.sat.s32", {5, 7}), 0xFFFFFFFEu);
  // Packed halves wrap per lane, lane 0 in the low half.
  EXPECT_EQ(eval("add.s16x2", {0x7FFFFFFF, 0x00010001}), 0x80000000u);
  EXPECT_EQ(eval("add.u16x2", {0x0001FFFF, 0x00020001}), 0x00030000u);
}

TEST(IntArith, MulModes) {
  EXPECT_EQ(eval("mul.lo.s32", {0x10000, 0x10000}), 0u);
  EXPECT_EQ(eval("mul.hi.u32", {0xFFFFFFFF, 0xFFFFFFFF}), 0xFFFFFFFEu);
  EXPECT_EQ(eval("mul.hi.s32", {0xFFFFFFFF, 0xFFFFFFFF}), 0u); // (-1)(-1)=1
  EXPECT_EQ(eval("mul.hi.s32", {0x80000000, 0x80000000}), 0x40000000u);
  EXPECT_EQ(eval("mul.hi.s16", {0x8000, 2}), 0xFFFFu);
  EXPECT_EQ(eval("mul.hi.u64", {~0ULL, 2}), 1u);
  EXPECT_EQ(eval("mul.hi.s64", {~0ULL, 2}), ~0ULL);
  // .wide: d twice as wide, the product exact.
  EXPECT_EQ(eval("mul.wide.s32", {0xFFFFFFFF, 2}), 0xFFFFFFFFFFFFFFFEull);
  EXPECT_EQ(eval("mul.wide.u32", {0xFFFFFFFF, 2}), 0x1FFFFFFFEull);
  EXPECT_EQ(eval("mul.wide.s16", {0x8000, 0x8000}), 0x40000000u);
  EXPECT_EQ(eval("mul.wide.u16", {0xFFFF, 0xFFFF}), 0xFFFE0001u);
}

TEST(IntArith, MadModesAndSaturation) {
  EXPECT_EQ(eval("mad.lo.s64", {2, 3, 4}), 10u);
  EXPECT_EQ(eval("mad.lo.u16", {0x100, 0x100, 5}), 5u);
  EXPECT_EQ(eval("mad.hi.u32", {0xFFFFFFFF, 0xFFFFFFFF, 2}), 0u);
  EXPECT_EQ(eval("mad.wide.u32", {0xFFFFFFFF, 0xFFFFFFFF, 1}),
            0xFFFFFFFE00000002ull);
  EXPECT_EQ(eval("mad.wide.s16", {0xFFFF, 3, 0xFFFFFFFF}), 0xFFFFFFFCu);
  // mad.hi.sat.s32 = clamp_s32(((s64)a*b >> 32) + c).
  EXPECT_EQ(eval("mad.hi.sat.s32", {0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF}),
            0x7FFFFFFFu);
  EXPECT_EQ(eval("mad.hi.sat.s32", {0x80000000, 0x7FFFFFFF, 0x80000000}),
            0x80000000u);
  EXPECT_EQ(eval("mad.hi.sat.s32", {0x80000000, 0x80000000, 1}), 0x40000001u);
}

TEST(IntArith, Mul24ReadsTheLow24Bits) {
  // Bits 24..31 ignored; .s32 sign-extends from bit 23.
  EXPECT_EQ(eval("mul24.lo.u32", {0xFF000003, 5}), 15u);
  EXPECT_EQ(eval("mul24.lo.s32", {0xFF800000, 2}), 0xFF000000u);
  EXPECT_EQ(eval("mul24.lo.s32", {0x00800000, 2}), 0xFF000000u);
  EXPECT_EQ(eval("mul24.lo.u32", {0x00800000, 2}), 0x01000000u);
  // .hi is bits 47..16 of the 48-bit product.
  EXPECT_EQ(eval("mul24.hi.s32", {0xFF800000, 2}), 0xFFFFFF00u);
  EXPECT_EQ(eval("mul24.hi.u32", {0xFFFFFF, 0xFFFFFF}), 0xFFFFFE00u);
  EXPECT_EQ(eval("mul24.hi.s32", {0x7FFFFF, 0x7FFFFF}), 0x3FFFFF00u);
  // mad24: the field plus c, wrapping; .hi.sat clamps.
  EXPECT_EQ(eval("mad24.lo.u32", {0xFFFFFF, 0xFFFFFF, 0x1FFFFFF}), 0u);
  EXPECT_EQ(eval("mad24.hi.u32", {0xFFFFFF, 0xFFFFFF, 0x200}), 0u);
  EXPECT_EQ(eval("mad24.hi.sat.s32", {0x7FFFFF, 0x7FFFFF, 0x7FFFFFFF}),
            0x7FFFFFFFu);
  EXPECT_EQ(eval("mad24.hi.sat.s32", {0x800000, 0x7FFFFF, 0x80000000}),
            0x80000000u);
  EXPECT_EQ(eval("mad24.hi.s32", {0x800000, 0x7FFFFF, 0x80000000}),
            0x40000080u); // Wraps without .sat: -0x3FFFFF80 + MIN.
}

TEST(IntArith, SadIsExactInTheSignedness) {
  EXPECT_EQ(eval("sad.s16", {0x8000, 0x7FFF, 0}), 0xFFFFu);
  EXPECT_EQ(eval("sad.u16", {0x8000, 0x7FFF, 0}), 1u);
  EXPECT_EQ(eval("sad.s32", {0xFFFFFFFF, 1, 10}), 12u);
  EXPECT_EQ(eval("sad.u32", {0xFFFFFFFF, 1, 10}), 0x100000008ull & 0xFFFFFFFF);
  EXPECT_EQ(eval("sad.s64", {1ULL << 63, (1ULL << 63) - 1, 1}), 0u);
}

TEST(IntArith, AbsNegWrapAtMin) {
  EXPECT_EQ(eval("abs.s16", {0x8000}), 0x8000u);
  EXPECT_EQ(eval("abs.s32", {0x80000000}), 0x80000000u);
  EXPECT_EQ(eval("abs.s64", {1ULL << 63}), 1ULL << 63);
  EXPECT_EQ(eval("abs.s32", {0xFFFFFFFB}), 5u);
  EXPECT_EQ(eval("neg.s16", {0x8000}), 0x8000u);
  EXPECT_EQ(eval("neg.s32", {0x80000000}), 0x80000000u);
  EXPECT_EQ(eval("neg.s64", {1}), ~0ULL);
}

TEST(IntArith, MinMaxAndRelu) {
  EXPECT_EQ(eval("min.s32", {0xFFFFFFFF, 1}), 0xFFFFFFFFu);
  EXPECT_EQ(eval("min.u32", {0xFFFFFFFF, 1}), 1u);
  EXPECT_EQ(eval("max.s16", {0x8000, 0x7FFF}), 0x7FFFu);
  EXPECT_EQ(eval("max.u64", {1ULL << 63, 1}), 1ULL << 63);
  EXPECT_EQ(eval("min.relu.s32", {0xFFFFFFFF, 5}), 0u);
  EXPECT_EQ(eval("max.relu.s32", {0xFFFFFFFF, 0x80000000}), 0u);
  EXPECT_EQ(eval("max.relu.s32", {3, 0x80000000}), 3u);
  // Per lane, lane 0 low.
  EXPECT_EQ(eval("min.u16x2", {0xFFFF0001, 0x00010002}), 0x00010001u);
  EXPECT_EQ(eval("min.s16x2", {0xFFFF0001, 0x00010002}), 0xFFFF0001u);
  EXPECT_EQ(eval("max.relu.s16x2", {0xFFFF0001, 0xFFFE0000}), 0x00000001u);
  EXPECT_EQ(eval("min.relu.s16x2", {0x80000005, 0x7FFF8000}), 0u);
}

TEST(IntArith, IntegerResultsCompareEveryBit) {
  std::string error;
  std::optional<ptx::Instr> add = ptx::decode("add.s32", error);
  ASSERT_TRUE(add) << error;
  EXPECT_TRUE(add->form->hasDefinedNaNPayload());
  EXPECT_STREQ(add->form->nanRule, "none");
  // 0x7FC00000 and 0x7FC00001 would be NaN in f32: here they differ.
  EXPECT_FALSE(ref::sameResult(*add, 0x7FC00000, 0x7FC00001));
  EXPECT_FALSE(ref::isNaN(ptx::DataType::S32, 0x7FC00000));
}

} // namespace

namespace {
/// Results compare over the destination's whole width: mul.wide.s32 writes
/// an .s64, so a difference in the upper half is a mismatch.
TEST(IntArith, SameResultComparesTheWideDestination) {
  llvm::Expected<ptx::Instr> wide = ptx::decode("mul.wide.s32");
  ASSERT_TRUE(static_cast<bool>(wide)) << llvm::toString(wide.takeError());
  EXPECT_FALSE(ref::sameResult(*wide, 0x100000005ULL, 5));
  EXPECT_TRUE(ref::sameResult(*wide, 0x100000005ULL, 0x100000005ULL));
  // Integers have no NaN: two different bit patterns never match.
  llvm::Expected<ptx::Instr> add = ptx::decode("add.s32");
  ASSERT_TRUE(static_cast<bool>(add)) << llvm::toString(add.takeError());
  EXPECT_FALSE(ref::sameResult(*add, 0x7FC00000, 0x7FC00001));
}
} // namespace
