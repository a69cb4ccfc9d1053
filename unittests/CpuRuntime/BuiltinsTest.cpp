//===- BuiltinsTest.cpp - the JIT's bf16 conversions ----------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// truncateToBF16 (the JIT's __truncsfbf2 and __truncdfbf2) against the MPFR
// reference's cvt.rn.bf16.f32 and cvt.rn.bf16.f64 for every non-NaN value
// class: every bf16 value with each kind of discarded bits (none, below
// half, half, above half, half plus a sticky bit for f64), and random bits.
// NaNs: quieted, sign and top payload kept.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Reference/Reference.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

using namespace tile;

namespace {

ptx::Instr decodeOne(const std::string &spelling) {
  std::string error;
  std::optional<ptx::Instr> instr =
      ptx::decode(spelling, error, {std::nullopt, 2, {}});
  EXPECT_TRUE(instr.has_value()) << spelling << ": " << error;
  return *instr;
}

bool isNaN32(uint32_t f) { return (f & 0x7FFFFFFF) > 0x7F800000; }
bool isNaN64(uint64_t d) { return (d & ~(1ULL << 63)) > 0x7FF0000000000000; }

TEST(Builtins, F32ToBF16RoundsAsTheReference) {
  ptx::Instr cvt = decodeOne("cvt.rn.bf16.f32");
  std::mt19937 rng(7);
  const uint32_t lows[] = {0, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF};
  unsigned checked = 0;
  for (uint32_t hi = 0; hi < 0x10000; ++hi)
    for (uint32_t low : lows) {
      uint32_t f = hi << 16 | low;
      if (isNaN32(f))
        continue;
      ASSERT_EQ(cpu::truncateToBF16(f), ref::evaluate(cvt, {f}))
          << std::hex << f;
      ++checked;
    }
  for (unsigned i = 0; i < 1000000; ++i) {
    uint32_t f = rng();
    if (!isNaN32(f)) {
      ASSERT_EQ(cpu::truncateToBF16(f), ref::evaluate(cvt, {f}))
          << std::hex << f;
    }
  }
  EXPECT_GT(checked, 390000u);
}

TEST(Builtins, F64ToBF16RoundsOnceAsTheReference) {
  ptx::Instr cvt = decodeOne("cvt.rn.bf16.f64");
  std::mt19937_64 rng(11);
  // Discarded f64 bits (45 of them below bf16's 7): none, the tie, the tie
  // with a sticky bit (where rounding to f32 first would tie), just below.
  const uint64_t lows[] = {0, 1ULL << 44, (1ULL << 44) | 1, (1ULL << 44) - 1};
  for (uint64_t top = 0; top < 0x10000; ++top)
    for (uint64_t low : lows) {
      // The bf16's sign and exponent (widened), its 7 fraction bits.
      uint64_t sign = top >> 15, exp = (top >> 7) & 0xFF, frac = top & 0x7F;
      if (exp == 0 || exp == 0xFF)
        continue; // Subnormal and special bf16 values: below.
      uint64_t d = sign << 63 | (exp - 127 + 1023) << 52 | frac << 45 | low;
      ASSERT_EQ(cpu::truncateToBF16(d), ref::evaluate(cvt, {d}))
          << std::hex << d;
    }
  for (unsigned i = 0; i < 1000000; ++i) {
    uint64_t d = rng();
    // Exponents around the bf16 range as often as the rest.
    if (i & 1)
      d = (d & ~(0x7FFULL << 52)) | (uint64_t(880 + i % 300) << 52);
    if (!isNaN64(d)) {
      ASSERT_EQ(cpu::truncateToBF16(d), ref::evaluate(cvt, {d}))
          << std::hex << d;
    }
  }
}

TEST(Builtins, NaNsAreQuietedWithTheirSignAndTopPayload) {
  EXPECT_EQ(cpu::truncateToBF16(uint32_t(0x7F800001)), 0x7FC0);
  EXPECT_EQ(cpu::truncateToBF16(uint32_t(0xFF812345)), 0xFFC1);
  EXPECT_EQ(cpu::truncateToBF16(uint32_t(0x7FC00000)), 0x7FC0);
  EXPECT_EQ(cpu::truncateToBF16(uint64_t(0x7FF0000000000001)), 0x7FC0);
  EXPECT_EQ(cpu::truncateToBF16(uint64_t(0xFFF2A00000000000)), 0xFFD5);
}

} // namespace
