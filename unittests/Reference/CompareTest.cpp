//===- CompareTest.cpp - the reference of setp, set, selp, slct, testp ----===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Expected values from the PTX ISA's comparison tables (9.7.6.1: ordered
// operators false on NaN, unordered true, +0 == -0, signed vs unsigned
// orders), the float comparisons of the host (IEEE), and the H200 facts of
// testp (FACTS.md section 7: .normal holds for +-0).
//
//===----------------------------------------------------------------------===//

#include "Decode.h"
#include "tile/Reference/Reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>

using namespace tile;

namespace {

ptx::Instr decoded(const std::string &spelling) {
  return test::decodeOrFail(spelling);
}

uint64_t eval(const std::string &spelling, llvm::ArrayRef<uint64_t> in) {
  return ref::evaluate(decoded(spelling), in);
}

uint64_t f32(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
uint64_t f64(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

TEST(Compare, SignedAndUnsignedOrders) {
  // -1 against 1: below as .s32, above as .u32 (0xFFFFFFFF).
  EXPECT_EQ(eval("setp.lt.s32", {0xFFFFFFFF, 1}), 1u);
  EXPECT_EQ(eval("setp.lo.u32", {0xFFFFFFFF, 1}), 0u);
  EXPECT_EQ(eval("setp.hi.u32", {0xFFFFFFFF, 1}), 1u);
  // 16-bit lanes sign-extend from bit 15; 64-bit ones are whole.
  EXPECT_EQ(eval("setp.gt.s16", {0x8000, 0x7FFF}), 0u);
  EXPECT_EQ(eval("setp.hs.u16", {0x8000, 0x7FFF}), 1u);
  EXPECT_EQ(eval("setp.le.s64", {0x8000000000000000, 0}), 1u);
  EXPECT_EQ(eval("setp.ls.u64", {0x8000000000000000, 0}), 0u);
  EXPECT_EQ(eval("setp.eq.b64", {5, 5}), 1u);
  EXPECT_EQ(eval("setp.ne.b16", {5, 5}), 0u);
  EXPECT_EQ(eval("setp.ge.s32", {7, 7}), 1u);
}

TEST(Compare, FloatAgainstHost) {
  const float values[] = {0.0f,
                          -0.0f,
                          1.0f,
                          -1.5f,
                          std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN(),
                          std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::max()};
  for (float a : values)
    for (float b : values) {
      bool unordered = std::isnan(a) || std::isnan(b);
      std::vector<uint64_t> in = {f32(a), f32(b)};
      EXPECT_EQ(eval("setp.eq.f32", in), a == b);
      EXPECT_EQ(eval("setp.ne.f32", in), !unordered && a != b);
      EXPECT_EQ(eval("setp.lt.f32", in), a < b);
      EXPECT_EQ(eval("setp.le.f32", in), a <= b);
      EXPECT_EQ(eval("setp.gt.f32", in), a > b);
      EXPECT_EQ(eval("setp.ge.f32", in), a >= b);
      EXPECT_EQ(eval("setp.equ.f32", in), unordered || a == b);
      EXPECT_EQ(eval("setp.neu.f32", in), unordered || a != b);
      EXPECT_EQ(eval("setp.ltu.f32", in), unordered || a < b);
      EXPECT_EQ(eval("setp.leu.f32", in), unordered || a <= b);
      EXPECT_EQ(eval("setp.gtu.f32", in), unordered || a > b);
      EXPECT_EQ(eval("setp.geu.f32", in), unordered || a >= b);
      EXPECT_EQ(eval("setp.num.f32", in), !unordered);
      EXPECT_EQ(eval("setp.nan.f32", in), unordered);
      // The same values in f64.
      std::vector<uint64_t> wide = {f64(a), f64(b)};
      EXPECT_EQ(eval("setp.lt.f64", wide), a < b);
      EXPECT_EQ(eval("setp.geu.f64", wide), unordered || a >= b);
    }
}

TEST(Compare, FlushToZero) {
  // The smallest subnormal equals -0 only once flushed.
  EXPECT_EQ(eval("setp.eq.f32", {1, 0x80000000}), 0u);
  EXPECT_EQ(eval("setp.eq.ftz.f32", {1, 0x80000000}), 1u);
  EXPECT_EQ(eval("setp.gt.ftz.f32", {1, 0}), 0u);
  // f16: 0x0001 is a subnormal too.
  EXPECT_EQ(eval("setp.gt.f16", {1, 0}), 1u);
  EXPECT_EQ(eval("setp.gt.ftz.f16", {1, 0}), 0u);
  // bf16 NaN (0x7FC0) is unordered.
  EXPECT_EQ(eval("setp.ltu.bf16", {0x7FC0, 0x3F80}), 1u);
  EXPECT_EQ(eval("setp.lt.bf16", {0x7FC0, 0x3F80}), 0u);
}

TEST(Compare, BoolOpCombinesC) {
  // (1 < 2) op c.
  EXPECT_EQ(eval("setp.lt.and.s32", {1, 2, 1}), 1u);
  EXPECT_EQ(eval("setp.lt.and.s32", {1, 2, 0}), 0u);
  EXPECT_EQ(eval("setp.gt.or.s32", {1, 2, 1}), 1u);
  EXPECT_EQ(eval("setp.gt.or.s32", {1, 2, 0}), 0u);
  EXPECT_EQ(eval("setp.lt.xor.s32", {1, 2, 1}), 0u);
  EXPECT_EQ(eval("setp.gt.xor.s32", {1, 2, 1}), 1u);
  // Only c's low bit is the predicate.
  EXPECT_EQ(eval("setp.lt.and.s32", {1, 2, 2}), 0u);
}

TEST(Compare, SetResults) {
  // Integer destinations get all ones, f32 gets 1.0.
  EXPECT_EQ(eval("set.eq.u32.s16", {0x8000, 0x8000}), 0xFFFFFFFFu);
  EXPECT_EQ(eval("set.lt.s32.s32", {2, 1}), 0u);
  EXPECT_EQ(eval("set.ltu.f32.f32", {f32(NAN), 0}), f32(1.0f));
  EXPECT_EQ(eval("set.lt.f32.f64", {f64(NAN), 0}), 0u);
  EXPECT_EQ(eval("set.ne.and.u32.b32", {1, 2, 1}), 0xFFFFFFFFu);
}

TEST(Compare, Selection) {
  EXPECT_EQ(eval("selp.b32", {5, 6, 1}), 5u);
  EXPECT_EQ(eval("selp.f64", {f64(1.0), f64(NAN), 0}), f64(NAN));
  EXPECT_EQ(eval("selp.u16", {0xFFFF, 1, 1}), 0xFFFFu);
  // slct: c >= 0 picks a; -0 counts as 0; a NaN c is not >= 0.
  EXPECT_EQ(eval("slct.b32.s32", {5, 6, 0}), 5u);
  EXPECT_EQ(eval("slct.b32.s32", {5, 6, 0x80000000}), 6u);
  EXPECT_EQ(eval("slct.f64.f32", {7, 8, f32(-0.0f)}), 7u);
  EXPECT_EQ(eval("slct.u64.f32", {7, 8, f32(-1e-40f)}), 8u);
  EXPECT_EQ(eval("slct.ftz.u64.f32", {7, 8, f32(-1e-40f)}), 7u);
  EXPECT_EQ(eval("slct.s16.f32", {7, 8, f32(NAN)}), 8u);
}

TEST(Compare, Testp) {
  struct Case {
    double value;
    bool finite, infinite, number, notanumber, normal, subnormal;
  };
  const Case cases[] = {
      {0.0, 1, 0, 1, 0, 1, 0}, // +-0 count as normal (ISA; H200).
      {-0.0, 1, 0, 1, 0, 1, 0},   {1.5, 1, 0, 1, 0, 1, 0},
      {1e-310, 1, 0, 1, 0, 0, 1}, {-INFINITY, 0, 1, 1, 0, 0, 0},
      {NAN, 0, 0, 0, 1, 0, 0},
  };
  for (const Case &c : cases) {
    uint64_t d = f64(c.value);
    EXPECT_EQ(eval("testp.finite.f64", {d}), c.finite) << c.value;
    EXPECT_EQ(eval("testp.infinite.f64", {d}), c.infinite) << c.value;
    EXPECT_EQ(eval("testp.number.f64", {d}), c.number) << c.value;
    EXPECT_EQ(eval("testp.notanumber.f64", {d}), c.notanumber) << c.value;
    EXPECT_EQ(eval("testp.normal.f64", {d}), c.normal) << c.value;
    EXPECT_EQ(eval("testp.subnormal.f64", {d}), c.subnormal) << c.value;
  }
  EXPECT_EQ(eval("testp.subnormal.f32", {1}), 1u);
  EXPECT_EQ(eval("testp.normal.f32", {0x80000000}), 1u);
  EXPECT_EQ(eval("testp.infinite.f32", {0x7F800000}), 1u);
}

TEST(Compare, PredicateBridges) {
  // The table moves predicates through 16-, 32- and 64-bit integers.
  for (unsigned bits : {16u, 32u, 64u}) {
    std::optional<ptx::PredicateBridge> b = ptx::getPredicateBridge(bits);
    ASSERT_TRUE(b.has_value()) << bits;
    EXPECT_EQ(ref::evaluate(b->toInt(), {1, 0, 1}), 1u);
    EXPECT_EQ(ref::evaluate(b->toInt(), {1, 0, 0}), 0u);
    EXPECT_EQ(ref::evaluate(b->fromInt(), {uint64_t(1) << (bits - 1), 0}), 1u);
    EXPECT_EQ(ref::evaluate(b->fromInt(), {0, 0}), 0u);
  }
  EXPECT_FALSE(ptx::getPredicateBridge(8).has_value());
}

TEST(Compare, UndocumentedSpellings) {
  std::string error;
  EXPECT_FALSE(ptx::decode("setp.lt.u32", error).has_value());
  EXPECT_NE(error.find("not a documented PTX form"), std::string::npos)
      << error;
  EXPECT_FALSE(ptx::decode("setp.lo.s32", error).has_value());
  EXPECT_NE(error.find("not allowed"), std::string::npos) << error;
  EXPECT_FALSE(ptx::decode("setp.eq.ftz.f64", error).has_value());
  EXPECT_FALSE(ptx::decode("testp.finite.f16", error).has_value());
}

} // namespace
