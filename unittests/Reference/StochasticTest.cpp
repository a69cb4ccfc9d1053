//===- StochasticTest.cpp - the reference of cvt.rs -----------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// cvt.rs (PTX ISA 9.7.9.21) against values worked out by hand from the
// ISA's rule: "rounded in the direction toward zero or away from zero based
// on the carry out of the integer addition of the supplied random bits
// (rbits) to the truncated off (discarded) bits of mantissa from the
// input", with each lane's random bits where the ISA's prose and figures
// put them. Also: rbits = 0 is truncation (cvt.rz of the same value, every
// input class), all-ones rbits round away from zero where the random bits
// cover every dropped bit (cvt.rp / cvt.rm), and a lane rounds up for
// exactly as many of the 2^k random values as the top k dropped bits count.
// Nothing here is measured on hardware (no sm_100a GPU).
//
// The input generator of tile-diff (tools/tile-diff/StochasticInputs.cpp)
// is tested here too: it must reach the carry boundary.
//
//===----------------------------------------------------------------------===//

#include "Decode.h"
#include "tile/Reference/Reference.h"

#include "Inputs.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

using namespace tile;

namespace tile::diff::gen {
void stochasticInputs(const GenContext &ctx, uint64_t *src);
} // namespace tile::diff::gen

namespace {

ptx::Instr op(const std::string &spelling) {
  return test::decodeOrFail(spelling);
}

uint64_t eval(const std::string &spelling, std::initializer_list<uint64_t> in) {
  return ref::evaluate(op(spelling),
                       llvm::ArrayRef<uint64_t>(in.begin(), in.size()));
}

uint32_t f2b(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

const char *const kX4[] = {"e4m3x4", "e5m2x4", "e2m3x4", "e3m2x4", "e2m1x4"};

TEST(Stochastic, F16x2CarryDecides) {
  // 1 + 2^-11 (0x3F801000) is half an f16 ulp above 1.0: its 13 dropped
  // bits are 0x1000. a takes rbits[28:16], b rbits[12:0].
  EXPECT_EQ(eval("cvt.rs.f16x2.f32", {0x3F801000, 0x3F801000, 0x10000FFF}),
            0x3C013C00u); // 0x1000 + 0x1000 carries: a up; 0x0FFF not: b.
  EXPECT_EQ(eval("cvt.rs.f16x2.f32", {0x3F801000, 0x3F801000, 0}),
            0x3C003C00u); // No random bits: truncation.
  // 1 + 2^-23: dropped bits 1; 0x1FFF carries, 0x1FFE does not.
  EXPECT_EQ(eval("cvt.rs.f16x2.f32", {0x3F800001, 0xBF800001, 0x1FFF1FFE}),
            0x3C01BC00u);
  // The three high bits of each half are the ISA's zeros: ignored.
  EXPECT_EQ(eval("cvt.rs.f16x2.f32", {0x3F801000, 0x3F801000, 0xEFFFEFFF}),
            0x3C003C00u);
  // A subnormal result: 1.5 * 2^-24 is one and a half of f16's smallest
  // subnormal; the top 13 dropped bits are 0x1000 there too.
  EXPECT_EQ(eval("cvt.rs.f16x2.f32", {0x33C00000, 0x33C00000, 0x10000FFF}),
            0x00020001u);
  // -0 stays -0; .relu makes it and negatives +0, NaN the canonical NaN.
  EXPECT_EQ(eval("cvt.rs.f16x2.f32", {0x80000000, 0xBF800000, 0}), 0x8000BC00u);
  EXPECT_EQ(eval("cvt.rs.relu.f16x2.f32", {0x80000000, 0x7FC00001, 0}),
            0x00007FFFu);
}

TEST(Stochastic, F16x2Overflow) {
  // 65520 = 65504 (MAX_NORM) + half an ulp: toward zero MAX_NORM, away
  // infinity; .satfinite MAX_NORM either way; an infinite input stays one
  // (.satfinite: MAX_NORM with its sign).
  EXPECT_EQ(eval("cvt.rs.f16x2.f32", {0x477FF000, 0x477FF000, 0x00011000}),
            0x7BFF7C00u);
  EXPECT_EQ(
      eval("cvt.rs.satfinite.f16x2.f32", {0x477FF000, 0x477FF000, 0x00011000}),
      0x7BFF7BFFu);
  EXPECT_EQ(eval("cvt.rs.f16x2.f32", {0xFF800000, f2b(1e6f), 0}),
            0xFC007BFFu); // 1e6 without a carry: toward zero.
  EXPECT_EQ(eval("cvt.rs.satfinite.f16x2.f32", {0xFF800000, f2b(1e6f), 0}),
            0xFBFF7BFFu);
  ptx::Instr nan = op("cvt.rs.satfinite.f16x2.f32");
  EXPECT_TRUE(ref::sameResult(
      nan, ref::evaluate(nan, {0x7FC00000, 0xFF800001, 0xFFFFFFFF}),
      0x7E00FE01));
}

TEST(Stochastic, Bf16x2) {
  // 1 + 2^-8 is half a bf16 ulp above 1: the 16 dropped bits are 0x8000.
  EXPECT_EQ(eval("cvt.rs.bf16x2.f32", {0x3F808000, 0x3F808000, 0x80007FFF}),
            0x3F813F80u);
  // The largest f32: 0xFFFF dropped, any carry overflows.
  EXPECT_EQ(eval("cvt.rs.bf16x2.f32", {0x7F7FFFFF, 0x7F7FFFFF, 0x00010000}),
            0x7F807F7Fu);
  EXPECT_EQ(
      eval("cvt.rs.satfinite.bf16x2.f32", {0x7F7FFFFF, 0xFF800000, 0x00010000}),
      0x7F7FFF7Fu);
  // An f32 subnormal: bf16 has the same ones, 16 bits fewer.
  EXPECT_EQ(eval("cvt.rs.bf16x2.f32", {0x00018000, 0x00018000, 0x80007FFF}),
            0x00020001u);
}

TEST(Stochastic, X4Lanes) {
  // 1 + 2^-4 is half an e4m3 ulp above 1: the top 16 of its 20 dropped bits
  // are 0x8000. a and b take rbits[31:16], e and f rbits[15:0].
  EXPECT_EQ(eval("cvt.rs.satfinite.e4m3x4.f32",
                 {0x3F880000, 0x3F880000, 0x3F880000, 0x3F880000, 0x80007FFF}),
            0x39393838u); // 1.125 = 0x39, 1.0 = 0x38.
  // e5m2: 1 + 2^-3 is half an ulp; 1.25 = 0x3D, 1.0 = 0x3C.
  EXPECT_EQ(eval("cvt.rs.satfinite.e5m2x4.f32",
                 {0x3F900000, 0xBF900000, 0x3F900000, 0x3F900000, 0x80007FFF}),
            0x3DBD3C3Cu);
  // e2m3 (1 + 2^-4: 1.125 = 0x09, 1.0 = 0x08) and e3m2 (1 + 2^-3: 1.25 =
  // 0x0D, 1.0 = 0x0C), each value in the low 6 bits of its byte.
  EXPECT_EQ(eval("cvt.rs.satfinite.e2m3x4.f32",
                 {0x3F880000, 0xBF880000, 0x3F880000, 0x3F880000, 0x80007FFF}),
            0x09290808u);
  EXPECT_EQ(eval("cvt.rs.satfinite.e3m2x4.f32",
                 {0x3F900000, 0x3F900000, 0xBF900000, 0x3F900000, 0x80007FFF}),
            0x0D0D2C0Cu);
  // e2m1: 1.25 is half an ulp above 1 (the top 8 dropped bits 0x80); a
  // takes rbits[31:24], b rbits[15:8], e rbits[23:16], f rbits[7:0].
  EXPECT_EQ(eval("cvt.rs.satfinite.e2m1x4.f32",
                 {0x3FA00000, 0x3FA00000, 0x3FA00000, 0x3FA00000, 0x807F8000}),
            0x3322u); // 1.5 = 0x3, 1.0 = 0x2: a, b up; e, f not.
  EXPECT_EQ(eval("cvt.rs.satfinite.e2m1x4.f32",
                 {0x3FA00000, 0x3FA00000, 0x3FA00000, 0x3FA00000, 0x7F807F80}),
            0x2233u);
}

TEST(Stochastic, X4RangeAndNaN) {
  // e4m3: 464 = MAX_NORM 448 + half an ulp: MAX_NORM, carry or not; NaN to
  // the NaN 0x7F; -inf to -MAX_NORM; .relu: NaN stays, negatives +0.
  EXPECT_EQ(
      eval("cvt.rs.satfinite.e4m3x4.f32",
           {f2b(464.0f), 0x7FC00000, 0xFF800000, f2b(448.0f), 0xFFFFFFFF}),
      0x7E7FFE7Eu);
  EXPECT_EQ(eval("cvt.rs.relu.satfinite.e4m3x4.f32",
                 {0x7FC00000, 0xFF800000, f2b(448.0f), f2b(-8.0f), 0xFFFFFFFF}),
            0x7F007E00u);
  // e5m2: 57344 = MAX_NORM, +inf to it.
  EXPECT_EQ(
      eval("cvt.rs.satfinite.e5m2x4.f32",
           {0x7F800000, f2b(57344.0f), f2b(61440.0f), 0x7FC00000, 0xFFFFFFFF}),
      0x7B7B7B7Fu);
  // The fp6 and fp4 formats have no NaN or infinity: NaN gives +MAX_NORM
  // (7.5 = 0x1F in e2m3, 28 = 0x1F in e3m2, 6 = 0x7 in e2m1), infinities
  // and overflows MAX_NORM with their sign.
  EXPECT_EQ(eval("cvt.rs.satfinite.e2m3x4.f32",
                 {0x7FC00000, 0xFF800000, f2b(7.5f), f2b(-8.0f), 0}),
            0x1F3F1F3Fu);
  EXPECT_EQ(eval("cvt.rs.satfinite.e3m2x4.f32",
                 {0xFFC00000, f2b(30.0f), f2b(-28.0f), 0x7F800000, 0xFFFFFFFF}),
            0x1F1F3F1Fu);
  EXPECT_EQ(eval("cvt.rs.relu.satfinite.e2m1x4.f32",
                 {0x7FC00000, f2b(-1.0f), f2b(6.5f), f2b(0.25f), 0xFFFFFFFF}),
            0x7071u); // 0.25 and 0xFF: a quarter of 0.5, carries to 0.5.
  // Subnormal e4m3 (the smallest is 2^-9): 1.25 * 2^-9 with the top 16
  // dropped bits 0x4000.
  EXPECT_EQ(eval("cvt.rs.satfinite.e4m3x4.f32",
                 {0x3B200000, 0x3B200000, 0x3B200000, 0x3B200000, 0xC000BFFF}),
            0x02020101u);
}

// rbits = 0 is truncation: cvt.rz of the same value, for every input class.
TEST(Stochastic, ZeroRandomBitsTruncate) {
  std::mt19937_64 rng(7);
  for (const char *t : {"f16x2", "bf16x2"})
    for (const char *q : {"", ".relu", ".satfinite", ".relu.satfinite"}) {
      ptx::Instr rs = op(std::string("cvt.rs") + q + "." + t + ".f32");
      ptx::Instr rz = op(std::string("cvt.rz") + q + "." + t + ".f32");
      for (int i = 0; i < 20000; ++i) {
        uint64_t a = rng() & 0xFFFFFFFF, b = rng() & 0xFFFFFFFF;
        if (i % 4 == 0) // Small exponents reach the subnormal results.
          a = (a & 0x807FFFFF) | ((100 + rng() % 20) << 23);
        uint64_t want = ref::evaluate(rz, {a, b});
        EXPECT_TRUE(ref::sameResult(rs, ref::evaluate(rs, {a, b, 0}), want))
            << t << q << " " << std::hex << a << " " << b;
      }
    }
}

// All-ones random bits round away from zero where they cover every dropped
// bit: bf16 from any f32, f16 where the result is normal.
TEST(Stochastic, AllOnesRoundAwayFromZero) {
  std::mt19937_64 rng(11);
  ptx::Instr rs = op("cvt.rs.bf16x2.f32");
  ptx::Instr rp = op("cvt.rp.bf16.f32"), rm = op("cvt.rm.bf16.f32");
  for (int i = 0; i < 20000; ++i) {
    uint64_t a = rng() & 0x7FFFFFFF, b = (rng() | 0x80000000) & 0xFFFFFFFF;
    uint64_t got = ref::evaluate(rs, {a, b, 0xFFFFFFFF});
    uint64_t want = ref::evaluate(rp, {a}) << 16 | ref::evaluate(rm, {b});
    EXPECT_TRUE(ref::sameResult(rs, got, want)) << std::hex << a << " " << b;
  }
  ptx::Instr rs16 = op("cvt.rs.f16x2.f32");
  ptx::Instr rp16 = op("cvt.rp.f16.f32"), rm16 = op("cvt.rm.f16.f32");
  for (int i = 0; i < 20000; ++i) {
    // |a| in f16's normal range and beyond: [2^-14, 2^17).
    uint64_t a = ((113 + rng() % 31) << 23) | (rng() & 0x7FFFFF);
    uint64_t b = a | 0x80000000;
    EXPECT_EQ(ref::evaluate(rs16, {a, b, 0x1FFF1FFF}),
              ref::evaluate(rp16, {a}) << 16 | ref::evaluate(rm16, {b}))
        << std::hex << a;
  }
}

// A lane rounds up for as many of its 2^k random values as the top k
// dropped bits count, whatever the bits below them.
TEST(Stochastic, CarryCountIsTheDroppedBits) {
  // e4m3: f32 mantissa 001 | 0101010101010101 | 1111: kept 001, the top 16
  // dropped bits 0x5555, 4 more below.
  uint64_t x = 0x3F800000 | (1u << 20) | (0x5555u << 4) | 0xF;
  ptx::Instr e4m3 = op("cvt.rs.satfinite.e4m3x4.f32");
  unsigned up = 0;
  for (uint64_t r = 0; r < 65536; ++r)
    up += (ref::evaluate(e4m3, {0, 0, 0, x, r}) & 0xFF) == 0x3A; // 1.25
  EXPECT_EQ(up, 0x5555u);
  // e2m1: 1 | 10100101 | 14 more bits: kept 1 (1.5), top 8 dropped 0xA5.
  x = 0x3F800000 | (1u << 22) | (0xA5u << 14) | 0x3FFF;
  ptx::Instr e2m1 = op("cvt.rs.satfinite.e2m1x4.f32");
  up = 0;
  for (uint64_t r = 0; r < 256; ++r)
    up += (ref::evaluate(e2m1, {0, 0, 0, x, r}) & 0xF) == 0x4; // 2.0
  EXPECT_EQ(up, 0xA5u);
}

// The two padding bits of each fp6 byte are zero.
TEST(Stochastic, Fp6PaddingIsZero) {
  std::mt19937_64 rng(3);
  for (const char *t : {"e2m3x4", "e3m2x4"})
    for (const char *q : {".satfinite", ".relu.satfinite"}) {
      ptx::Instr instr = op(std::string("cvt.rs") + q + "." + t + ".f32");
      for (int i = 0; i < 5000; ++i) {
        uint64_t in[5];
        for (uint64_t &v : in)
          v = rng() & 0xFFFFFFFF;
        EXPECT_EQ(ref::evaluate(instr, in) & 0xC0C0C0C0, 0u);
      }
    }
}

// tile-diff's generator hits the carry boundary: many lanes round the other
// way when their random bits change by one, and rbits 0 and all ones come
// up.
TEST(Stochastic, InputGeneratorReachesTheBoundary) {
  std::vector<std::string> opcodes = {"cvt.rs.f16x2.f32", "cvt.rs.bf16x2.f32"};
  for (const char *t : kX4)
    opcodes.push_back(std::string("cvt.rs.satfinite.") + t + ".f32");
  for (const std::string &opcode : opcodes) {
    ptx::Instr instr = op(opcode);
    const ptx::RandomBitsDesc &random = instr.form->randomBits;
    unsigned lanes = ptx::getInfo(instr.form->types[0]).lanes;
    unsigned laneBits = ptx::getInfo(instr.form->types[0]).bits / lanes;
    diff::Fmt abF{32, 8, 24}, cF{0, 0, 0};
    std::mt19937_64 rng(1);
    diff::GenContext ctx{instr, abF, cF, instr, lanes + 1, lanes, 1, rng};
    unsigned n = 4000, boundary = 0, zero = 0, ones = 0;
    for (unsigned i = 0; i < n; ++i) {
      uint64_t src[diff::kMaxSources] = {};
      diff::gen::stochasticInputs(ctx, src);
      uint64_t rbits = src[lanes];
      zero += rbits == 0;
      ones += rbits == 0xFFFFFFFF;
      llvm::ArrayRef<uint64_t> in(src, lanes + 1);
      uint64_t base = ref::evaluate(instr, in);
      for (unsigned lane = 0; lane < lanes; ++lane) {
        // This lane's random bits one more and one less (where they can).
        uint64_t field = random.of(rbits, lane);
        bool flips = false;
        for (int d : {-1, 1}) {
          uint64_t f = field + d;
          if (f >> random.width)
            continue;
          uint64_t moved[diff::kMaxSources];
          std::copy(src, src + lanes + 1, moved);
          moved[lanes] = (rbits & ~(((1ULL << random.width) - 1)
                                    << random.offsets[lane])) |
                         (f << random.offsets[lane]);
          uint64_t other = ref::evaluate(instr, {moved, lanes + 1});
          uint64_t mask = ((1ULL << laneBits) - 1) << (lane * laneBits);
          flips |= ((other ^ base) & mask) != 0;
        }
        boundary += flips;
      }
    }
    EXPECT_GT(boundary, n * lanes / 3) << opcode;
    EXPECT_GT(zero, n / 20) << opcode;
    EXPECT_GT(ones, n / 20) << opcode;
  }
}

} // namespace
