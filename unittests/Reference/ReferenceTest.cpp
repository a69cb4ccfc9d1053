//===- ReferenceTest.cpp - tests of the reference semantics ---------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The reference against the host's correctly rounded fma under each IEEE
// rounding mode (f32, f64), and against the values measured on an H200 and
// hand-checked against the PTX ISA (single rounding, rounding table, ftz, sat,
// relu, oob, packing order, f64 NaN payloads).
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"

#include <gtest/gtest.h>

#include <cfenv>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace tile;

namespace {

ptx::Instr op(const char *spelling) {
  std::string error;
  std::optional<ptx::Instr> instr = ptx::decode(spelling, error);
  EXPECT_TRUE(instr.has_value()) << error;
  return *instr;
}

uint64_t fma(const char *spelling, uint64_t a, uint64_t b, uint64_t c) {
  return ref::evalFma(op(spelling), a, b, c);
}

uint32_t f2b(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float b2f(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
uint64_t d2b(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}
double b2d(uint64_t u) {
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

/// Random bit patterns biased towards interesting classes.
uint32_t randomF32(std::mt19937_64 &rng) {
  static const uint32_t special[] = {
      0,          0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF,
      0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x3F800000, 0xBF800000, 0x7FC00000};
  switch (rng() % 4) {
  case 0:
    return special[rng() % 12];
  case 1: // Subnormal.
    return (rng() & 0x807FFFFF);
  default:
    return static_cast<uint32_t>(rng());
  }
}

const int kModes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
const char *kF32Ops[] = {"fma.rn.f32", "fma.rz.f32", "fma.rm.f32",
                         "fma.rp.f32"};
const char *kF64Ops[] = {"fma.rn.f64", "fma.rz.f64", "fma.rm.f64",
                         "fma.rp.f64"};

TEST(FmaReference, F32MatchesHostFmaInEveryRoundingMode) {
  std::mt19937_64 rng(42);
  for (int m = 0; m < 4; ++m) {
    ptx::Instr instr = op(kF32Ops[m]);
    for (int i = 0; i < 200000; ++i) {
      uint32_t a = randomF32(rng), b = randomF32(rng), c = randomF32(rng);
      std::fesetround(kModes[m]);
      volatile float va = b2f(a), vb = b2f(b), vc = b2f(c);
      float host = std::fma(va, vb, vc);
      std::fesetround(FE_TONEAREST);
      uint64_t got = ref::evalFma(instr, a, b, c);
      // A NaN result is the host's NaN there and the H200's canonical one
      // in the reference.
      uint64_t want = std::isnan(host) ? 0x7FFFFFFF : f2b(host);
      ASSERT_TRUE(ref::sameResult(instr, got, want))
          << kF32Ops[m] << std::hex << " a=" << a << " b=" << b << " c=" << c
          << " ref=" << got << " host=" << f2b(host);
    }
  }
}

TEST(FmaReference, F64MatchesHostFmaInEveryRoundingMode) {
  std::mt19937_64 rng(7);
  for (int m = 0; m < 4; ++m) {
    ptx::Instr instr = op(kF64Ops[m]);
    for (int i = 0; i < 200000; ++i) {
      uint64_t v[3];
      for (uint64_t &x : v) {
        x = rng();
        if (rng() % 4 == 0)
          x &= 0x800FFFFFFFFFFFFFULL; // Subnormal.
        if (rng() % 8 == 0)
          x = (x & 0x8000000000000000ULL) | 0x3FF0000000000000ULL;
      }
      std::fesetround(kModes[m]);
      volatile double va = b2d(v[0]), vb = b2d(v[1]), vc = b2d(v[2]);
      double host = std::fma(va, vb, vc);
      std::fesetround(FE_TONEAREST);
      uint64_t got = ref::evalFma(instr, v[0], v[1], v[2]);
      if (std::isnan(host)) {
        ASSERT_TRUE(ref::isNaN(ptx::DataType::F64, got));
        continue;
      }
      ASSERT_EQ(got, d2b(host)) << kF64Ops[m] << std::hex << " a=" << v[0]
                                << " b=" << v[1] << " c=" << v[2];
    }
  }
}

/// The f32 value of an f16 (exact): via the host's _Float16.
float halfToFloat(uint16_t h) {
  _Float16 x;
  std::memcpy(&x, &h, 2);
  return static_cast<float>(x);
}
/// The f32 value of a bf16 (exact): its bits are the high half of an f32.
float bf16ToFloat(uint16_t h) { return b2f(static_cast<uint32_t>(h) << 16); }

// Mixed precision widens a and b exactly and rounds once: the host's fma on
// the widened values under each rounding mode is an independent reference.
TEST(FmaReference, MixedPrecisionMatchesHostFmaOnWidenedInputs) {
  std::mt19937_64 rng(3);
  const char *f16Ops[] = {"fma.rn.f32.f16", "fma.rz.f32.f16", "fma.rm.f32.f16",
                          "fma.rp.f32.f16"};
  const char *bf16Ops[] = {"fma.rn.f32.bf16", "fma.rz.f32.bf16",
                           "fma.rm.f32.bf16", "fma.rp.f32.bf16"};
  for (int m = 0; m < 4; ++m) {
    for (int isBf16 = 0; isBf16 < 2; ++isBf16) {
      ptx::Instr instr = op(isBf16 ? bf16Ops[m] : f16Ops[m]);
      for (int i = 0; i < 100000; ++i) {
        uint16_t a = rng(), b = rng();
        uint32_t c = randomF32(rng);
        float wa = isBf16 ? bf16ToFloat(a) : halfToFloat(a);
        float wb = isBf16 ? bf16ToFloat(b) : halfToFloat(b);
        std::fesetround(kModes[m]);
        volatile float va = wa, vb = wb, vc = b2f(c);
        float host = std::fma(va, vb, vc);
        std::fesetround(FE_TONEAREST);
        uint64_t got = ref::evalFma(instr, a, b, c);
        ASSERT_TRUE(ref::sameResult(instr, got, f2b(host)))
            << instr.str() << std::hex << " a=" << a << " b=" << b << " c=" << c
            << " ref=" << got << " host=" << f2b(host);
      }
    }
  }
}

// f32x2 is two independent f32 lanes, lane 0 in the low bits.
TEST(FmaReference, F32x2IsTwoIndependentF32Lanes) {
  std::mt19937_64 rng(5);
  const char *pairs[][2] = {{"fma.rn.f32x2", "fma.rn.f32"},
                            {"fma.rz.ftz.f32x2", "fma.rz.ftz.f32"},
                            {"fma.rm.f32x2", "fma.rm.f32"},
                            {"fma.rp.ftz.f32x2", "fma.rp.ftz.f32"}};
  for (auto &pair : pairs) {
    ptx::Instr packed = op(pair[0]), scalar = op(pair[1]);
    for (int i = 0; i < 50000; ++i) {
      uint64_t a = (uint64_t(randomF32(rng)) << 32) | randomF32(rng);
      uint64_t b = (uint64_t(randomF32(rng)) << 32) | randomF32(rng);
      uint64_t c = (uint64_t(randomF32(rng)) << 32) | randomF32(rng);
      uint64_t lo =
          ref::evalFma(scalar, a & 0xFFFFFFFF, b & 0xFFFFFFFF, c & 0xFFFFFFFF);
      uint64_t hi = ref::evalFma(scalar, a >> 32, b >> 32, c >> 32);
      ASSERT_EQ(ref::evalFma(packed, a, b, c), (hi << 32) | lo) << pair[0];
    }
  }
}

// One rounding, not two.
TEST(FmaReference, SingleRoundingProbe) {
  uint32_t a = f2b(1.0f + std::ldexp(1.0f, -13));
  uint32_t b = f2b(1.0f - std::ldexp(1.0f, -13));
  EXPECT_EQ(fma("fma.rn.f32", a, b, 0xBF800000), 0xB2800000u);
}

// The rounding table.
TEST(FmaReference, RoundingTable) {
  uint32_t one = 0x3F800000, mone = 0xBF800000;
  uint32_t e25 = f2b(std::ldexp(1.0f, -25)), e25x3 = f2b(std::ldexp(3.0f, -25));
  uint32_t me25 = e25 | 0x80000000;
  const char *ops[] = {"fma.rn.f32", "fma.rz.f32", "fma.rm.f32", "fma.rp.f32"};
  uint32_t row1[] = {0x3F800000, 0x3F800000, 0x3F800000, 0x3F800001};
  uint32_t row2[] = {0xBF800000, 0xBF800000, 0xBF800001, 0xBF800000};
  uint32_t row3[] = {0x3F800001, 0x3F800000, 0x3F800000, 0x3F800001};
  for (int m = 0; m < 4; ++m) {
    EXPECT_EQ(fma(ops[m], one, one, e25), row1[m]) << ops[m];
    EXPECT_EQ(fma(ops[m], mone, one, me25), row2[m]) << ops[m];
    EXPECT_EQ(fma(ops[m], one, one, e25x3), row3[m]) << ops[m];
  }
}

// .ftz.
TEST(FmaReference, FlushToZero) {
  EXPECT_EQ(fma("fma.rn.f32", 0x00000001, 0x3F800000, 0), 0x00000001u);
  EXPECT_EQ(fma("fma.rn.ftz.f32", 0x00000001, 0x3F800000, 0), 0u);
  uint32_t e70 = f2b(std::ldexp(1.0f, -70));
  EXPECT_EQ(fma("fma.rn.f32", e70, e70, 0), 0x00000200u);
  EXPECT_EQ(fma("fma.rn.ftz.f32", e70, e70, 0), 0u);
  EXPECT_EQ(fma("fma.rn.ftz.f32", 0x80000001, 0x3F800000, 0), 0u);
  EXPECT_EQ(fma("fma.rn.ftz.f16", 0x0001, 0x3C00, 0), 0u);
  EXPECT_EQ(fma("fma.rn.f16", 0x0001, 0x3C00, 0), 0x0001u);
  // 2^-12 * 2^-9 = 2^-21: the subnormal f16 0x0008.
  EXPECT_EQ(fma("fma.rn.f16", 0x0C00, 0x1800, 0), 0x0008u);
  EXPECT_EQ(fma("fma.rn.ftz.f16", 0x0C00, 0x1800, 0), 0u);
  EXPECT_EQ(fma("fma.rn.bf16", 0x0001, 0x3F80, 0), 0x0001u);
  // Measured on an H200: a result just below the smallest normal, which
  // rounds up to it only in the subnormal range, is flushed by .ftz.
  EXPECT_EQ(fma("fma.rn.f16", 0x2065, 0x9A7A, 0x05C7), 0x0400u);
  EXPECT_EQ(fma("fma.rn.ftz.f16", 0x2065, 0x9A7A, 0x05C7), 0u);
  EXPECT_EQ(fma("fma.rn.ftz.f16", 0x2B09, 0x99BD, 0x0618), 0x8000u);
  EXPECT_EQ(fma("fma.rn.ftz.f16x2", 0x2B6B8000, 0x94508000, 0x00010383),
            0x80000000u);
}

// .sat.
TEST(FmaReference, Saturate) {
  uint32_t one = 0x3F800000;
  EXPECT_EQ(fma("fma.rn.sat.f32", 0x7FC00000, one, 0), 0u);
  EXPECT_EQ(fma("fma.rn.sat.f32", 0xC0000000, one, 0), 0u);
  EXPECT_EQ(fma("fma.rn.sat.f32", 0x80000000, one, 0x80000000), 0u);
  EXPECT_EQ(fma("fma.rn.sat.f32", 0x40000000, one, 0), one);
  EXPECT_EQ(fma("fma.rn.sat.f32", 0x3F000000, one, 0), 0x3F000000u);
  EXPECT_EQ(fma("fma.rn.sat.f16", 0x7E01, 0x3C00, 0), 0u);
  EXPECT_EQ(fma("fma.rn.sat.f16", 0x4000, 0x3C00, 0), 0x3C00u);
  EXPECT_EQ(fma("fma.rn.sat.f16", 0xC000, 0x3C00, 0), 0u);
  // Per lane: {lo = 2 -> 1, hi = -2 -> 0}.
  EXPECT_EQ(fma("fma.rn.sat.f16x2", 0xC0004000, 0x3C003C00, 0), 0x00003C00u);
}

// .relu.
TEST(FmaReference, Relu) {
  EXPECT_EQ(fma("fma.rn.relu.f16", 0xC000, 0x3C00, 0), 0u);
  EXPECT_EQ(fma("fma.rn.relu.f16", 0x8000, 0x3C00, 0x8000), 0u);
  EXPECT_TRUE(ref::isNaN(ptx::DataType::F16,
                         fma("fma.rn.relu.f16", 0xFE01, 0x3C00, 0)));
  EXPECT_EQ(fma("fma.rn.relu.bf16", 0xC000, 0x3F80, 0), 0u);
  // {lo = -2, hi = qNaN} -> {+0, NaN}.
  uint64_t r = fma("fma.rn.relu.f16x2", 0x7E00C000, 0x3C003C00, 0);
  EXPECT_EQ(r & 0xFFFF, 0u);
  EXPECT_TRUE(ref::isNaN(ptx::DataType::F16, r >> 16));
}

// .oob.
TEST(FmaReference, OutOfBounds) {
  EXPECT_EQ(fma("fma.rn.oob.f16", 0x7FF7, 0x3C00, 0x3C00), 0u);
  EXPECT_EQ(fma("fma.rn.oob.f16", 0xFFF7, 0x3C00, 0x3C00), 0u);
  EXPECT_EQ(fma("fma.rn.oob.f16", 0x3C00, 0x7FF7, 0x7E00), 0u);
  EXPECT_EQ(fma("fma.rn.oob.f16", 0x7FF7, 0x7C00, 0xC000), 0u);
  // Not OOB: another NaN, or the OOB-NaN in c.
  EXPECT_TRUE(
      ref::isNaN(ptx::DataType::F16, fma("fma.rn.oob.f16", 0x7FF6, 0x3C00, 0)));
  EXPECT_TRUE(ref::isNaN(ptx::DataType::F16,
                         fma("fma.rn.oob.f16", 0x3C00, 0x3C00, 0x7FF7)));
  EXPECT_EQ(fma("fma.rn.oob.bf16", 0x7FF7, 0x3F80, 0x3F80), 0u);
  EXPECT_TRUE(ref::isNaN(ptx::DataType::BF16,
                         fma("fma.rn.oob.relu.bf16", 0x7FC1, 0x3F80, 0)));
  // f16x2 a = {lo = 1, hi = OOB}, b = 1, c = 1 -> {2, +0}.
  EXPECT_EQ(fma("fma.rn.oob.f16x2", 0x7FF73C00, 0x3C003C00, 0x3C003C00),
            0x00004000u);
}

// Element 0 is the low half.
TEST(FmaReference, PackingOrder) {
  EXPECT_EQ(fma("fma.rn.f16x2", 0x40003C00, 0x45004200, 0), 0x49004200u);
  EXPECT_EQ(fma("fma.rn.bf16x2", 0x40003F80, 0x40A04040, 0), 0x41204040u);
  // f32x2: {lo = 1, hi = 2} * {3, 5} + 0 = {3, 10}.
  uint64_t a = (uint64_t(f2b(2.0f)) << 32) | f2b(1.0f);
  uint64_t b = (uint64_t(f2b(5.0f)) << 32) | f2b(3.0f);
  EXPECT_EQ(fma("fma.rn.f32x2", a, b, 0),
            (uint64_t(f2b(10.0f)) << 32) | f2b(3.0f));
}

// f64 propagates NaN payloads.
TEST(FmaReference, F64NaNPayloads) {
  uint64_t one = d2b(1.0);
  EXPECT_EQ(fma("fma.rn.f64", 0x7FF8000000012345ULL, one, one),
            0x7FF8000000012345ULL);
  EXPECT_EQ(fma("fma.rn.f64", 0xFFF8000000012345ULL, one, one),
            0xFFF8000000012345ULL);
  EXPECT_EQ(fma("fma.rn.f64", 0x7FF0000000012345ULL, one, one),
            0x7FF8000000012345ULL);
  EXPECT_EQ(
      fma("fma.rn.f64", 0x7FF8000000000111ULL, one, 0x7FF8000000000222ULL),
      0x7FF8000000000222ULL);
  EXPECT_EQ(fma("fma.rn.f64", 0x7FF0000000000000ULL, 0, one),
            0xFFF8000000000000ULL);
  // Measured on an H200 (docs/GPU-Results.md): b's NaN wins over c's and
  // a's, even when b is signalling and c quiet.
  EXPECT_EQ(fma("fma.rn.f64", 0x8000000000000000ULL, 0xFFFEB35EA99BFB3DULL,
                0x7FF429FBE95E1383ULL),
            0xFFFEB35EA99BFB3DULL);
  EXPECT_EQ(fma("fma.rn.f64", 0x7FFE2C3B2E370E88ULL, 0x7FFE4F0C79530CE7ULL,
                0x5B48FD950E29469BULL),
            0x7FFE4F0C79530CE7ULL);
  EXPECT_EQ(fma("fma.rn.f64", 0x8000000000000000ULL, 0xFFF6FDC9348C7E40ULL,
                0x7FFB4A0B1FD5B04BULL),
            0xFFFEFDC9348C7E40ULL);
}

// The documented .rn bf16 rounds up here.
TEST(FmaReference, Bf16Rounding) {
  EXPECT_EQ(fma("fma.rn.bf16", 0x3F80, 0x3F80, 0x3BC0), 0x3F81u);
}

TEST(FmaReference, MixedPrecisionIsOneRounding) {
  // a*b exact in f32; + c rounded once in the form's mode.
  uint32_t e25 = f2b(std::ldexp(1.0f, -25));
  EXPECT_EQ(fma("fma.rn.f32.f16", 0x3C00, 0x3C00, e25), 0x3F800000u);
  EXPECT_EQ(fma("fma.rp.f32.f16", 0x3C00, 0x3C00, e25), 0x3F800001u);
  EXPECT_EQ(fma("fma.rz.f32.bf16", 0x3F80, 0xBF80, 0), 0xBF800000u);
  EXPECT_EQ(fma("fma.rn.sat.f32.bf16", 0x4000, 0x3F80, 0), 0x3F800000u);
  // f16 subnormal a widens exactly: 2^-24 * 1 = 2^-24.
  EXPECT_EQ(fma("fma.rn.f32.f16", 0x0001, 0x3C00, 0),
            f2b(std::ldexp(1.0f, -24)));
}

TEST(FmaReference, OverflowFollowsTheRoundingMode) {
  uint32_t big = 0x7F7FFFFF;
  EXPECT_EQ(fma("fma.rn.f32", big, 0x40000000, 0), 0x7F800000u);
  EXPECT_EQ(fma("fma.rz.f32", big, 0x40000000, 0), 0x7F7FFFFFu);
  EXPECT_EQ(fma("fma.rm.f32", big, 0x40000000, 0), 0x7F7FFFFFu);
  EXPECT_EQ(fma("fma.rm.f32", big | 0x80000000, 0x40000000, 0), 0xFF800000u);
  EXPECT_EQ(fma("fma.rn.f16", 0x7BFF, 0x4000, 0), 0x7C00u);
  EXPECT_EQ(fma("fma.rn.bf16", 0x7F7F, 0x4000, 0), 0x7F80u);
}

TEST(FmaReference, ExactZeroSign) {
  uint32_t one = 0x3F800000, mone = 0xBF800000;
  EXPECT_EQ(fma("fma.rn.f32", one, one, mone), 0u);
  EXPECT_EQ(fma("fma.rm.f32", one, one, mone), 0x80000000u);
  EXPECT_EQ(fma("fma.rn.f32", 0x80000000, one, 0x80000000), 0x80000000u);
}

//===----------------------------------------------------------------------===//
// add, sub, mul, mad
//===----------------------------------------------------------------------===//

uint64_t eval(const char *spelling, std::initializer_list<uint64_t> in) {
  std::string error;
  std::optional<ptx::Instr> instr =
      ptx::decode(spelling, error,
                  {std::nullopt, static_cast<unsigned>(in.size() + 1), {}});
  EXPECT_TRUE(instr.has_value()) << error;
  return ref::evaluate(*instr, llvm::ArrayRef<uint64_t>(in.begin(), in.size()));
}

/// add/sub/mul of f32 against the host's IEEE operation in every rounding
/// mode (subnormals included; NaN-ness only for NaN results).
TEST(ArithReference, F32MatchesHostInEveryRoundingMode) {
  std::mt19937_64 rng(11);
  const char *mnemonics[] = {"add", "sub", "mul"};
  const char *modes[] = {"rn", "rz", "rm", "rp"};
  for (int m = 0; m < 4; ++m) {
    for (const char *mn : mnemonics) {
      std::string spelling = std::string(mn) + "." + modes[m] + ".f32";
      for (int i = 0; i < 20000; ++i) {
        uint32_t a = randomF32(rng), b = randomF32(rng);
        std::fesetround(kModes[m]);
        volatile float x = b2f(a), y = b2f(b);
        float host = mn[0] == 'a' ? x + y : mn[0] == 's' ? x - y : x * y;
        std::fesetround(FE_TONEAREST);
        uint64_t got = eval(spelling.c_str(), {a, b});
        if (std::isnan(host)) {
          ASSERT_TRUE(ref::isNaN(ptx::DataType::F32, got)) << spelling;
          continue;
        }
        ASSERT_EQ(got, f2b(host))
            << spelling << " " << std::hex << a << " " << b;
      }
    }
  }
}

TEST(ArithReference, F64MatchesHostInEveryRoundingMode) {
  std::mt19937_64 rng(12);
  const char *modes[] = {"rn", "rz", "rm", "rp"};
  for (int m = 0; m < 4; ++m) {
    for (const char *mn : {"add", "sub", "mul"}) {
      std::string spelling = std::string(mn) + "." + modes[m] + ".f64";
      for (int i = 0; i < 20000; ++i) {
        uint64_t a = rng(), b = rng();
        if (i % 3 == 0) // Nearby exponents exercise the rounding.
          b = (b & 0x800FFFFFFFFFFFFFULL) | (a & 0x7FF0000000000000ULL);
        std::fesetround(kModes[m]);
        volatile double x = b2d(a), y = b2d(b);
        double host = mn[0] == 'a' ? x + y : mn[0] == 's' ? x - y : x * y;
        std::fesetround(FE_TONEAREST);
        if (std::isnan(host))
          continue; // NaN payloads: the measured cases below.
        ASSERT_EQ(eval(spelling.c_str(), {a, b}), d2b(host)) << spelling;
      }
    }
  }
}

/// Without a rounding modifier, add/sub/mul round to nearest.
TEST(ArithReference, DefaultRoundingIsNearest) {
  uint32_t one = 0x3F800000, e24 = f2b(std::ldexp(1.0f, -24));
  uint32_t e24x3 = f2b(std::ldexp(3.0f, -24));
  EXPECT_EQ(eval("add.f32", {one, e24}), eval("add.rn.f32", {one, e24}));
  EXPECT_EQ(eval("add.f32", {one, e24x3}), 0x3F800002u);
  EXPECT_EQ(eval("add.rz.f32", {one, e24x3}), 0x3F800001u);
  EXPECT_EQ(eval("sub.f64", {d2b(1.0), d2b(std::ldexp(1.0, -54))}), d2b(1.0));
}

/// Measured on an H200: f64 add, sub and mul propagate b's NaN payload
/// (quieted) before a's.
TEST(ArithReference, F64NaNPayloadOrder) {
  EXPECT_EQ(eval("add.rn.f64", {0xFFF666B9D2CD2828ULL, 0x7FF396041DAC306DULL}),
            0x7FFB96041DAC306DULL);
  EXPECT_EQ(eval("add.f64", {0x7FF9F27EB7B0D94AULL, 0x7FFEC8D446AEAC30ULL}),
            0x7FFEC8D446AEAC30ULL);
  EXPECT_EQ(eval("sub.rn.f64", {0xFFF1B60862BBFF67ULL, 0x7FFA77B1E784FAF9ULL}),
            0x7FFA77B1E784FAF9ULL);
  EXPECT_EQ(eval("mul.rn.f64", {0x7FF896D4F9D646CBULL, 0xFFF07FC55A6889E4ULL}),
            0xFFF87FC55A6889E4ULL);
  // Only a is a NaN: its payload, quieted.
  EXPECT_EQ(eval("mul.rz.f64", {0x7FF0000000000123ULL, d2b(2.0)}),
            0x7FF8000000000123ULL);
  // inf - inf: the negative default NaN.
  EXPECT_EQ(eval("sub.rn.f64", {0x7FF0000000000000ULL, 0x7FF0000000000000ULL}),
            0xFFF8000000000000ULL);
}

TEST(ArithReference, HalfQualifiers) {
  // 1 + 1 = 2, saturated to 1.
  EXPECT_EQ(eval("add.rn.sat.f16", {0x3C00, 0x3C00}), 0x3C00u);
  EXPECT_EQ(eval("sub.sat.f16", {0x3C00, 0x4000}), 0u);
  // Subnormal f16 inputs flushed: 2^-24 + 2^-24.
  EXPECT_EQ(eval("add.rn.f16", {0x0001, 0x0001}), 0x0002u);
  EXPECT_EQ(eval("add.rn.ftz.f16", {0x0001, 0x0001}), 0u);
  // Per lane: {lo = 1*2, hi = 3*2}.
  EXPECT_EQ(eval("mul.rn.f16x2", {0x42003C00, 0x40004000}), 0x46004000u);
  // bf16: 1 + 2^-8 is a tie between 1 and 1 + 2^-7; rn gives the even 1.
  EXPECT_EQ(eval("add.rn.bf16", {0x3F80, 0x3B80}), 0x3F80u);
  EXPECT_EQ(eval("add.rn.bf16x2", {0x3F803F80, 0x3C003B80}), 0x3F813F80u);
}

TEST(ArithReference, MadIsFma) {
  std::mt19937_64 rng(5);
  for (int i = 0; i < 5000; ++i) {
    uint32_t a = randomF32(rng), b = randomF32(rng), c = randomF32(rng);
    uint64_t x = eval("mad.rm.ftz.f32", {a, b, c});
    uint64_t y = fma("fma.rm.ftz.f32", a, b, c);
    ASSERT_TRUE(ref::sameResult(op("fma.rm.ftz.f32"), x, y));
  }
}

//===----------------------------------------------------------------------===//
// min, max, neg, abs, copysign
//===----------------------------------------------------------------------===//

TEST(SelectReference, MinMax) {
  uint32_t one = 0x3F800000, two = 0x40000000, nan = 0x7FC00000;
  EXPECT_EQ(eval("min.f32", {one, two}), one);
  EXPECT_EQ(eval("max.f32", {one, two}), two);
  // A NaN input gives the other; .NaN gives a NaN.
  EXPECT_EQ(eval("min.f32", {nan, two}), two);
  EXPECT_EQ(eval("max.f32", {one, nan | 0x80000000}), one);
  EXPECT_TRUE(ref::isNaN(ptx::DataType::F32, eval("min.NaN.f32", {nan, two})));
  EXPECT_TRUE(ref::isNaN(ptx::DataType::F32, eval("max.f32", {nan, nan})));
  // -0 is below +0.
  EXPECT_EQ(eval("min.f32", {0, 0x80000000}), 0x80000000u);
  EXPECT_EQ(eval("max.f32", {0x80000000, 0}), 0u);
  // .ftz: a subnormal is a signed zero.
  EXPECT_EQ(eval("min.ftz.f32", {0x00000001, 0x3F800000}), 0u);
  EXPECT_EQ(eval("min.f32", {0x00000001, 0x3F800000}), 1u);
  // .xorsign.abs: the smaller magnitude, with the xor of the signs.
  EXPECT_EQ(eval("min.xorsign.abs.f32", {0xC0000000, one}), 0xBF800000u);
  EXPECT_EQ(eval("max.xorsign.abs.f32", {0xC0000000, 0xBF800000}), 0x40000000u);
  // Three inputs with .abs (sm_100).
  EXPECT_EQ(eval("min.abs.f32", {0xC0400000, two, 0xBF800000}), one);
  EXPECT_EQ(eval("max.f32", {0xC0400000, two, 0xBF800000}), two);
  // Per lane for packed halves: {lo = min(1, 2), hi = min(-1, 3)}.
  EXPECT_EQ(eval("min.f16x2", {0xBC003C00, 0x42004000}), 0xBC003C00u);
  EXPECT_EQ(eval("max.bf16", {0xBF80, 0x3F80}), 0x3F80u);
  EXPECT_EQ(eval("min.f64", {d2b(-1.5), d2b(2.0)}), d2b(-1.5));
}

TEST(SelectReference, SignOperations) {
  EXPECT_EQ(eval("neg.f32", {0x3F800000}), 0xBF800000u);
  EXPECT_EQ(eval("neg.f32", {0}), 0x80000000u);
  EXPECT_EQ(eval("neg.ftz.f32", {0x00000001}), 0x80000000u);
  EXPECT_EQ(eval("abs.f32", {0xBF800000}), 0x3F800000u);
  EXPECT_EQ(eval("abs.ftz.f32", {0x80000001}), 0u);
  EXPECT_EQ(eval("neg.f16x2", {0xBC003C00}), 0x3C00BC00u);
  EXPECT_EQ(eval("abs.bf16", {0xBF80}), 0x3F80u);
  EXPECT_EQ(eval("neg.f64", {d2b(2.0)}), d2b(-2.0));
  // copysign d, a, b: the sign of a, the magnitude of b.
  EXPECT_EQ(eval("copysign.f32", {0x80000000, 0x40000000}), 0xC0000000u);
  EXPECT_EQ(eval("copysign.f32", {0x3F800000, 0xC0000000}), 0x40000000u);
  EXPECT_EQ(eval("copysign.f64", {d2b(-0.0), d2b(3.0)}), d2b(-3.0));
}

//===----------------------------------------------------------------------===//
// cvt
//===----------------------------------------------------------------------===//

/// f64 -> f32 against the host's conversion in every rounding mode.
TEST(ConvertReference, F64ToF32MatchesHostInEveryRoundingMode) {
  std::mt19937_64 rng(21);
  const char *ops[] = {"cvt.rn.f32.f64", "cvt.rz.f32.f64", "cvt.rm.f32.f64",
                       "cvt.rp.f32.f64"};
  for (int m = 0; m < 4; ++m) {
    for (int i = 0; i < 20000; ++i) {
      uint64_t a = rng();
      // Most inputs near or inside f32's range, subnormals included.
      if (i % 2)
        a = (a & 0x800FFFFFFFFFFFFFULL) |
            (static_cast<uint64_t>(1023 - 160 + rng() % 300) << 52);
      std::fesetround(kModes[m]);
      volatile double x = b2d(a);
      float host = static_cast<float>(x);
      std::fesetround(FE_TONEAREST);
      if (std::isnan(host))
        continue;
      ASSERT_EQ(eval(ops[m], {a}), f2b(host)) << ops[m] << std::hex << " " << a;
    }
  }
}

/// f32 -> f16 round to nearest against the host's _Float16.
TEST(ConvertReference, F32ToF16MatchesHost) {
  std::mt19937_64 rng(22);
  for (int i = 0; i < 50000; ++i) {
    uint32_t a = randomF32(rng);
    if (i % 2)
      a = (a & 0x807FFFFF) | ((127 - 30 + rng() % 50) << 23);
    _Float16 h = static_cast<_Float16>(b2f(a));
    uint16_t bits;
    std::memcpy(&bits, &h, 2);
    uint64_t got = eval("cvt.rn.f16.f32", {a});
    if (std::isnan(b2f(a))) {
      ASSERT_TRUE(ref::isNaN(ptx::DataType::F16, got));
      continue;
    }
    ASSERT_EQ(got, bits) << std::hex << a;
  }
}

TEST(ConvertReference, Qualifiers) {
  uint32_t big = f2b(70000.0f), half = f2b(0.5f);
  // Overflow follows the rounding mode; .satfinite clamps to the largest
  // finite value.
  EXPECT_EQ(eval("cvt.rn.f16.f32", {big}), 0x7C00u);
  EXPECT_EQ(eval("cvt.rz.f16.f32", {big}), 0x7BFFu);
  EXPECT_EQ(eval("cvt.rn.satfinite.f16.f32", {big}), 0x7BFFu);
  EXPECT_EQ(eval("cvt.rn.satfinite.f16.f32", {0xFF800000}), 0xFBFFu);
  EXPECT_EQ(eval("cvt.rn.relu.f16.f32", {f2b(-2.0f)}), 0u);
  EXPECT_EQ(eval("cvt.rn.sat.f16.f32", {f2b(3.0f)}), 0x3C00u);
  // .ftz flushes an f32 subnormal source.
  EXPECT_EQ(eval("cvt.ftz.f64.f32", {0x00000001}), 0u);
  EXPECT_EQ(eval("cvt.f64.f32", {0x00000001}), d2b(std::ldexp(1.0, -149)));
  // Rounding to an integral value.
  EXPECT_EQ(eval("cvt.rni.f32.f32", {f2b(2.5f)}), f2b(2.0f));
  EXPECT_EQ(eval("cvt.rmi.f32.f32", {f2b(-0.5f)}), f2b(-1.0f));
  EXPECT_EQ(eval("cvt.rpi.f64.f64", {d2b(1.25)}), d2b(2.0));
  EXPECT_EQ(eval("cvt.rzi.f16.f16", {0xBE00}), 0xBC00u); // -1.5 -> -1
  EXPECT_EQ(eval("cvt.f32.f16", {0x3800}), half);
}

TEST(ConvertReference, PackingOrderAndNarrowFormats) {
  // a goes to the upper half, b to the lower.
  EXPECT_EQ(eval("cvt.rn.f16x2.f32", {f2b(1.0f), f2b(2.0f)}), 0x3C004000u);
  EXPECT_EQ(eval("cvt.rz.bf16x2.f32", {f2b(-1.0f), f2b(0.5f)}), 0xBF803F00u);
  // e4m3: 1.0 = 0x38, 448 is the largest finite value (0x7E), NaN is 0x7F.
  EXPECT_EQ(eval("cvt.rn.satfinite.e4m3x2.f32", {f2b(1.0f), f2b(1000.0f)}),
            0x387Eu);
  EXPECT_EQ(eval("cvt.rn.satfinite.e4m3x2.f32", {0x7FC00000, f2b(-448.0f)}),
            0x7FFEu);
  // e5m2: 1.0 = 0x3C, the largest finite value 57344 = 0x7B.
  EXPECT_EQ(eval("cvt.rn.satfinite.e5m2x2.f32", {f2b(1.0f), 0x7F800000}),
            0x3C7Bu);
  // e4m3x2 -> f16x2 keeps lanes in place: {lo = 1.0, hi = -2.0}.
  EXPECT_EQ(eval("cvt.rn.f16x2.e4m3x2", {0xC038}), 0xC0003C00u);
  // tf32, ties away from zero: 1 + 2^-11 is a tie between 1 and 1 + 2^-10.
  uint32_t tie = f2b(1.0f + std::ldexp(1.0f, -11));
  EXPECT_EQ(eval("cvt.rna.tf32.f32", {tie}), f2b(1.0f + std::ldexp(1.0f, -10)));
  EXPECT_EQ(eval("cvt.rn.tf32.f32", {tie}), f2b(1.0f));
  EXPECT_EQ(eval("cvt.rna.satfinite.tf32.f32", {0x7F7FFFFF}), 0x7F7FE000u);
  EXPECT_EQ(eval("cvt.rna.tf32.f32", {0x7F7FFFFF}), 0x7F800000u);
}

/// Measured on an H200: ptxas 13.0 turns cvt.rna(.satfinite).tf32.f32 into
/// integer operations, so NaNs whose payload sits in the 13 dropped bits
/// become infinities, and .satfinite steps infinities and NaNs down by one
/// tf32 ulp (an infinity to the largest finite value, such a NaN to an
/// infinity).
TEST(ConvertReference, Tf32RnaOnNaNsAsMeasured) {
  EXPECT_EQ(eval("cvt.rna.tf32.f32", {0x7F800C00}), 0x7F800000u);
  EXPECT_EQ(eval("cvt.rna.tf32.f32", {0xFF801F62}), 0xFF800000u);
  EXPECT_EQ(eval("cvt.rna.satfinite.tf32.f32", {0xFF800A0A}), 0xFF7FE000u);
  EXPECT_EQ(eval("cvt.rna.satfinite.tf32.f32", {0x7F8016D1}), 0x7F7FE000u);
  EXPECT_EQ(eval("cvt.rna.satfinite.tf32.f32", {0x7F802300}), 0x7F800000u);
  EXPECT_EQ(eval("cvt.rna.satfinite.tf32.f32", {0xFF803901}), 0xFF800000u);
}

/// Measured on an H200: .ftz does not flush a subnormal f32 source of
/// cvt.f16.f32 (ptxas emits F2F.F16.F32 without .FTZ), but does for bf16.
TEST(ConvertReference, Tf32NaNKeepsTheDroppedBitsClear) {
  // Measured on the H200 (docs/gpu-logs/cpu-vs-gpu.txt, first run): cvt.rn
  // and cvt.rz to tf32 return 0x7FFFE000 for NaN inputs, the canonical NaN
  // with the 13 bits tf32 drops clear.
  for (const char *op :
       {"cvt.rn.tf32.f32", "cvt.rz.relu.tf32.f32", "cvt.rn.relu.tf32.f32"})
    for (uint32_t nan : {0x7FC00000u, 0x7F800001u, 0xFFFFFFFFu})
      EXPECT_EQ(eval(op, {nan}), 0x7FFFE000u) << op << " " << std::hex << nan;
}

TEST(ConvertReference, FtzOnF16ResultIsDropped) {
  EXPECT_EQ(eval("cvt.rm.ftz.f16.f32", {0x803CAE22}), 0x8001u);
  EXPECT_EQ(eval("cvt.rp.ftz.sat.f16.f32", {0x00000001}), 0x0001u);
  EXPECT_EQ(eval("cvt.rp.ftz.bf16.f32", {0x00000001}), 0u);
  EXPECT_EQ(eval("cvt.rp.bf16.f32", {0x00000001}), 0x0001u);
}

} // namespace

//===----------------------------------------------------------------------===//
// NaN results as the H200 gives them: inputs and results read from its
// differential run with every bit compared (docs/gpu-logs/2026-12-01-nan)
//===----------------------------------------------------------------------===//

namespace {

/// The reference's result of `spelling` on `in`, under a predicate or not.
uint64_t evalNaN(const std::string &spelling, std::vector<uint64_t> in,
                 bool predicated = false) {
  std::string error;
  std::optional<ptx::Instr> instr =
      ptx::decode(spelling, error, {std::nullopt, in.size() + 1, {}});
  EXPECT_TRUE(instr.has_value()) << spelling << ": " << error;
  return instr ? ref::evaluate(*instr, in, predicated) : 0;
}

TEST(NaNRules, SignOperationsGiveTheCanonicalNaNButF64AndPredicatedF32) {
  EXPECT_EQ(evalNaN("neg.f32", {0x7FDF2F67}), 0x7FFFFFFFu);
  EXPECT_EQ(evalNaN("abs.f32", {0xFFB28C85}), 0x7FFFFFFFu);
  EXPECT_EQ(evalNaN("neg.ftz.f32", {0x7FAA3531}), 0x7FFFFFFFu);
  EXPECT_EQ(evalNaN("neg.bf16", {0x7F9F}), 0x7FFFu);
  EXPECT_EQ(evalNaN("neg.f16x2", {0x7EFC83FF}), 0x7FFF03FFu);
  EXPECT_EQ(evalNaN("abs.bf16x2", {0xFFC3E67A}), 0x7FFF667Au);
  // f64: quieted, the sign unchanged.
  EXPECT_EQ(evalNaN("neg.f64", {0xFFF0AE9821D4EE6F}), 0xFFF8AE9821D4EE6Full);
  EXPECT_EQ(evalNaN("abs.f64", {0xFFF3C88F1A9B7158}), 0xFFFBC88F1A9B7158ull);
  // Under a predicate ptxas 13.0 makes neg.f32/abs.f32 a sign operation;
  // with .ftz it does not.
  EXPECT_EQ(evalNaN("neg.f32", {0xFFFB813E}, true), 0x7FFB813Eu);
  EXPECT_EQ(evalNaN("abs.f32", {0xFF837A5D}, true), 0x7F837A5Du);
  EXPECT_EQ(evalNaN("neg.ftz.f32", {0xFFC8CF4E}, true), 0x7FFFFFFFu);
}

TEST(NaNRules, F64MinMaxOfTwoNaNsGivesBQuieted) {
  EXPECT_EQ(evalNaN("max.f64", {0x7FF36A09C4F7150C, 0xFFF36A09C4F7150C}),
            0xFFFB6A09C4F7150Cull);
  EXPECT_EQ(evalNaN("min.f64", {0xFFF3E0302779180C, 0x7FF3E0302779180C}),
            0x7FFBE0302779180Cull);
  EXPECT_EQ(evalNaN("min.f64", {0x3FF0000000000000, 0x7FF3E0302779180C}),
            0x3FF0000000000000ull);
}

TEST(NaNRules, ConversionsCarryThePayloadWhereTheH200Does) {
  // bf16 -> f32 keeps the bits (a signaling NaN stays one); with .ftz the
  // canonical NaN.
  EXPECT_EQ(evalNaN("cvt.f32.bf16", {0x7F97}), 0x7F970000u);
  EXPECT_EQ(evalNaN("cvt.ftz.f32.bf16", {0x7F97}), 0x7FFFFFFFu);
  // To and from f64: the payload's leading bits, quieted.
  EXPECT_EQ(evalNaN("cvt.f64.bf16", {0x7F93}), 0x7FFA600000000000ull);
  EXPECT_EQ(evalNaN("cvt.f64.f16", {0xFD0F}), 0xFFFC3C0000000000ull);
  EXPECT_EQ(evalNaN("cvt.f64.f32", {0xFFBB9C1D}), 0xFFFF7383A0000000ull);
  // .ftz: f32's canonical NaN, widened.
  EXPECT_EQ(evalNaN("cvt.ftz.f64.f32", {0x7F998EC9}), 0x7FFFFFFFE0000000ull);
  EXPECT_EQ(evalNaN("cvt.rn.f32.f64", {0xFFF1E09D5FEA9749}), 0xFFCF04EAu);
  EXPECT_EQ(evalNaN("cvt.rn.f16.f64", {0xFFF1125B0CD5BF16}), 0xFE44u);
  EXPECT_EQ(evalNaN("cvt.rn.bf16.f64", {0xFFFC455BDD32BD2D}), 0xFFE2u);
  // Same format: the bare spelling keeps the input; an integral rounding of
  // f64 quiets it; of f32 gives the canonical NaN.
  EXPECT_EQ(evalNaN("cvt.f32.f32", {0xFF9B7A4D}), 0xFF9B7A4Du);
  EXPECT_EQ(evalNaN("cvt.f64.f64", {0xFFF1563EAE3CDC45}),
            0xFFF1563EAE3CDC45ull);
  EXPECT_EQ(evalNaN("cvt.rni.f64.f64", {0x7FF140B82F57FDF4}),
            0x7FF940B82F57FDF4ull);
  EXPECT_EQ(evalNaN("cvt.rni.f32.f32", {0xFF9B7A4D}), 0x7FFFFFFFu);
  // .sat makes a NaN 0.
  EXPECT_EQ(evalNaN("cvt.sat.f64.f64", {0xFFF1563EAE3CDC45}), 0u);
}

} // namespace

namespace {

/// Random f32/f64 bits weighted towards the classes where rounding is
/// delicate: subnormals, near-overflow, exact ties, zeros, infinities.
uint64_t edgeBits(std::mt19937_64 &rng, bool f64) {
  unsigned kind = rng() % 8;
  uint64_t sign = (rng() & 1) ? (f64 ? 1ULL << 63 : 1ULL << 31) : 0;
  unsigned fracBits = f64 ? 52 : 23, expMax = f64 ? 0x7FF : 0xFF;
  uint64_t frac = rng() & ((1ULL << fracBits) - 1);
  uint64_t exp;
  switch (kind) {
  case 0:
    exp = 0; // Subnormal or zero.
    break;
  case 1:
    exp = expMax - 1 - rng() % 2; // Near overflow.
    break;
  case 2:
    exp = expMax; // Infinity (frac cleared below) .
    frac = 0;
    break;
  case 3:
    exp = 1 + rng() % 3; // Near the subnormal boundary.
    break;
  case 4:
    frac &= ~((1ULL << (fracBits / 2)) - 1); // Short significands: ties.
    exp = (expMax >> 1) + rng() % 30 - 15;
    break;
  default:
    exp = 1 + rng() % (expMax - 1);
  }
  return sign | exp << fracBits | frac;
}

TEST(HostFastPath, GivesMpfrsBitsForEveryFormItTakes) {
  const char *ops[] = {"fma.rn.f32",     "add.rn.f32", "sub.rn.f32",
                       "mul.rn.f32",     "add.f32",    "fma.rn.sat.f32",
                       "mul.rn.sat.f32", "fma.rn.f64", "add.rn.f64",
                       "sub.f64",        "mul.rn.f64", "fma.rn.f32x2"};
  std::mt19937_64 rng(2026);
  for (const char *spelling : ops) {
    ptx::Instr instr = op(spelling);
    unsigned n = instr.form->getNumOperands() - 1;
    bool f64 = ptx::getInfo(instr.form->types[0]).bits == 64 &&
               ptx::getInfo(instr.form->types[0]).lanes == 1;
    bool pair = ptx::getInfo(instr.form->types[0]).lanes == 2;
    for (int i = 0; i < 100000; ++i) {
      std::vector<uint64_t> in;
      for (unsigned k = 0; k < n; ++k)
        in.push_back(pair ? edgeBits(rng, false) << 32 | edgeBits(rng, false)
                          : edgeBits(rng, f64));
      ref::setHostFastPath(true);
      uint64_t fast = ref::evaluate(instr, in);
      ref::setHostFastPath(false);
      uint64_t exact = ref::evaluate(instr, in);
      ASSERT_EQ(fast, exact)
          << spelling << std::hex << " " << in[0] << " " << in[1];
    }
  }
  ref::setHostFastPath(true);
}

} // namespace
