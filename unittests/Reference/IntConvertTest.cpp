//===- IntConvertTest.cpp - the reference of the integer conversions ------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Pins each H200 fact of docs/IntegerFacts.md section 5 over every type
// pair it covers, with the expected bits written from the rule (not from
// the code under test): the NaN rule by source and destination, the sign-
// or zero-extension of an 8-bit result into its 16-bit register, that the
// high byte of an 8-bit source is ignored, .sat on float -> int changing
// nothing, and .ftz flushing an f32 source before rounding.
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"

#include <gtest/gtest.h>

#include <string>

using namespace tile;

namespace {

uint64_t eval(const std::string &spelling, std::initializer_list<uint64_t> in) {
  std::string error;
  std::optional<ptx::Instr> instr =
      ptx::decode(spelling, error, {std::nullopt, in.size() + 1, {}});
  EXPECT_TRUE(instr.has_value()) << spelling << ": " << error;
  if (!instr)
    return 0;
  return ref::evaluate(*instr, llvm::ArrayRef<uint64_t>(in.begin(), in.size()));
}

struct IntType {
  const char *name;
  unsigned width, regBits;
  bool isSigned;
};
const IntType kInts[] = {{"u8", 8, 16, false},   {"s8", 8, 16, true},
                         {"u16", 16, 16, false}, {"s16", 16, 16, true},
                         {"u32", 32, 32, false}, {"s32", 32, 32, true},
                         {"u64", 64, 64, false}, {"s64", 64, 64, true}};

uint64_t regMask(unsigned bits) {
  return bits == 64 ? ~0ULL : (1ULL << bits) - 1;
}

TEST(IntConvert, NaNIntoEveryIntegerType) {
  struct Src {
    const char *name;
    uint64_t nan;
    bool isF64;
  } srcs[] = {{"f16", 0x7E00, false},
              {"f32", 0xFFC00001, false},
              {"f64", 0x7FF0000000000001, true},
              {"bf16", 0x7FC0, false}};
  for (const Src &s : srcs)
    for (const IntType &d : kInts) {
      if (std::string(s.name) == "bf16" && d.width == 8)
        continue; // Rejected: ptxas needs an 8-bit register.
      // 0, or 1 << (w-1) from an f64 source or into a 64-bit type, then
      // sign- or zero-extended into d's register.
      uint64_t top = 1ULL << (d.width - 1);
      uint64_t expected = (s.isF64 || d.width == 64) ? top : 0;
      if (d.isSigned && expected)
        expected = ~(top - 1) & regMask(d.regBits);
      EXPECT_EQ(eval(std::string("cvt.rni.") + d.name + "." + s.name, {s.nan}),
                expected)
          << s.name << " -> " << d.name;
    }
}

TEST(IntConvert, EightBitResultsExtendIntoTheRegister) {
  // -1 and -128 as s8 fill the high byte; as u8 they leave it clear.
  EXPECT_EQ(eval("cvt.s8.s32", {0xFFFFFFFF}), 0xFFFFu);
  EXPECT_EQ(eval("cvt.s8.s16", {0x0080}), 0xFF80u);
  EXPECT_EQ(eval("cvt.u8.s16", {0xFF80}), 0x0080u);
  EXPECT_EQ(eval("cvt.sat.s8.s64", {0x8000000000000000}), 0xFF80u);
  EXPECT_EQ(eval("cvt.rmi.s8.f32", {0xBF000000}), 0xFFFFu); // floor(-0.5)
  EXPECT_EQ(eval("cvt.rni.u8.f16", {0xFC00}), 0u);          // -inf
}

TEST(IntConvert, HighBitsOfAnEightBitSourceAreIgnored) {
  for (uint64_t junk : {0x0000u, 0x0100u, 0xA500u, 0xFF00u}) {
    EXPECT_EQ(eval("cvt.s32.s8", {junk | 0x80}), 0xFFFFFF80u);
    EXPECT_EQ(eval("cvt.u32.u8", {junk | 0x80}), 0x80u);
    EXPECT_EQ(eval("cvt.s16.s8", {junk | 0x7F}), 0x7Fu);
    EXPECT_EQ(eval("cvt.rn.f32.s8", {junk | 0xFF}), 0xBF800000u); // -1.0
  }
}

TEST(IntConvert, SatIsRedundantFromFloat) {
  const uint64_t values[] = {0x7F800000, 0xFF800000, 0x4F000000, 0xCF000001,
                             0x43960000, 0xC3960000, 0x7FC00000, 0x3F000000,
                             0xBF7FFFFF, 0x00000001, 0x5F800000, 0xDF000001};
  for (const IntType &d : kInts)
    for (uint64_t x : values) {
      std::string t = std::string(d.name) + ".f32";
      EXPECT_EQ(eval("cvt.rzi.sat." + t, {x}), eval("cvt.rzi." + t, {x}))
          << t << " " << x;
    }
}

TEST(IntConvert, FtzFlushesAnF32SourceBeforeRounding) {
  // rmi(-denorm) = -1 and rpi(+denorm) = 1; with .ftz both give 0.
  EXPECT_EQ(eval("cvt.rmi.s32.f32", {0x80000001}), 0xFFFFFFFFu);
  EXPECT_EQ(eval("cvt.rmi.ftz.s32.f32", {0x80000001}), 0u);
  EXPECT_EQ(eval("cvt.rpi.u64.f32", {0x007FFFFF}), 1u);
  EXPECT_EQ(eval("cvt.rpi.ftz.u64.f32", {0x007FFFFF}), 0u);
  // An f64 subnormal is not flushed (.ftz is not allowed there).
  EXPECT_EQ(eval("cvt.rpi.s32.f64", {1}), 1u);
}

TEST(IntConvert, SaturationToEveryRange) {
  // +inf gives MAX, -inf MIN (0 unsigned), for every destination.
  for (const IntType &d : kInts) {
    uint64_t max = d.isSigned ? (1ULL << (d.width - 1)) - 1 : regMask(d.width);
    uint64_t min = d.isSigned ? ~max & regMask(d.regBits) : 0;
    std::string t = std::string(d.name) + ".f64";
    EXPECT_EQ(eval("cvt.rni." + t, {0x7FF0000000000000}), max) << t;
    EXPECT_EQ(eval("cvt.rni." + t, {0xFFF0000000000000}), min) << t;
  }
}

} // namespace
