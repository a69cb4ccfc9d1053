//===- MufuTest.cpp - The multifunction-unit models against the H200 ------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The f32 approximations with a MufuModel (every measured_exact form)
// against the H200's digests (docs/gpu-logs/2026-12-04-mufu, written by
// utils/measure/mufu_models/dump.py on the H200 with NVRTC's inline asm).
// A digest is the sum of mix64(word * K ^ result) over 2^23 inputs:
// - binade_digests.txt, the one-source forms: word a << 32, one block per
//   sign and exponent of a;
// - pair_digests.txt, div: word a << 32 ^ b, where a and b are the halves
//   of mix64(x), one block per x >> 23 (2^32 pairs in all, the pairs of
//   docs/gpu-logs/2026-12-02-special).
// - f64_digests.txt, the f64 forms (utils/measure/mufu_models/f64.py): word
//   a; the upper-word forms over every upper word x (the lower word the low
//   half of mix64(x)), a block per sign and exponent; rsqrt.approx.f64 over
//   a = mix64(x) for x < 2^31, blocks of 2^21.
// The test checks the binades where the reductions change behaviour (zeros
// and subnormals, the edges of the tables, the unit's range limits,
// infinities and NaNs) and a spread of others, and three blocks of pairs
// and of random f64 inputs; TILE_MUFU_EXHAUSTIVE=1 checks every block of
// every form (every f32 input and f64 upper word, all 2^32 pairs, 2^31
// random f64 inputs).
//
//===----------------------------------------------------------------------===//

#include "Reference/Mufu.h"
#include "mix64.h"
#include "tile/Reference/Reference.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace tile;

namespace {

using Digests = std::map<std::string, std::vector<uint64_t>>;

/// The H200's digests of one file: opcode -> 512 per-block sums.
Digests h200Digests(const char *file) {
  std::ifstream in(std::string(TILE_SOURCE_DIR
                               "/docs/gpu-logs/2026-12-04-mufu/") +
                   file);
  Digests out;
  std::string head, line;
  while (std::getline(in, head) && std::getline(in, line)) {
    std::istringstream words(line);
    std::vector<uint64_t> &sums = out[head.substr(0, head.find(' '))];
    for (std::string w; words >> w;)
      sums.push_back(std::stoull(w, nullptr, 16));
  }
  return out;
}

ptx::Instr op(const std::string &spelling) {
  std::string error;
  std::optional<ptx::Instr> instr = ptx::decode(spelling, error);
  EXPECT_TRUE(instr.has_value()) << error;
  return *instr;
}

/// The model's digest of binade `b` of a one-source form.
uint64_t binadeDigest(const ptx::Instr &instr, uint32_t b) {
  const ptx::MufuModelDesc &m = *instr.form->mufu;
  bool ftz = instr.has(ptx::Qual::FTZ);
  uint64_t sum = 0;
  for (uint64_t x = uint64_t(b) << 23; x < (uint64_t(b) + 1) << 23; ++x) {
    uint32_t a = uint32_t(x);
    sum += mix64((uint64_t(a) << 32) * TILE_DIGEST_K ^
                 ref::mufuResult(m, ftz, a));
  }
  return sum;
}

/// The model's digest of block `b` of the pairs of a div form.
uint64_t pairDigest(const ptx::Instr &instr, uint32_t b) {
  const ptx::MufuModelDesc &m = *instr.form->mufu;
  bool ftz = instr.has(ptx::Qual::FTZ);
  uint64_t sum = 0;
  for (uint64_t x = uint64_t(b) << 23; x < (uint64_t(b) + 1) << 23; ++x) {
    uint64_t h = mix64(x);
    uint32_t a = uint32_t(h), d = uint32_t(h >> 32);
    sum += mix64(((uint64_t(a) << 32) ^ d) * TILE_DIGEST_K ^
                 ref::mufuQuotient(m, ftz, a, d));
  }
  return sum;
}

bool exhaustive() {
  const char *all = std::getenv("TILE_MUFU_EXHAUSTIVE");
  return all && *all == '1';
}

std::vector<uint32_t> everyBlock() {
  std::vector<uint32_t> every(512);
  for (uint32_t b = 0; b < 512; ++b)
    every[b] = b;
  return every;
}

/// The binades checked: both signs of exponents where something changes.
std::vector<uint32_t> binades() {
  if (exhaustive())
    return everyBlock();
  std::vector<uint32_t> out;
  for (uint32_t e : {0u, 1u, 63u, 103u, 126u, 127u, 133u, 134u, 254u, 255u})
    for (uint32_t sign : {0u, 256u})
      out.push_back(sign | e);
  return out;
}

/// The blocks of pairs checked (each has every kind of b: about 2^15 with
/// a subnormal b, 2^16 above 2^126).
std::vector<uint32_t> pairBlocks() {
  return exhaustive() ? everyBlock() : std::vector<uint32_t>{0, 257, 511};
}

/// Checks `digest` of every block in `blocks` of every spelling in `forms`
/// against the H200's `h200`, which has `count` blocks (on two threads).
template <typename Digest>
void checkDigests(std::initializer_list<const char *> forms,
                  const Digests &h200, const std::vector<uint32_t> &blocks,
                  Digest digest, size_t count = 512) {
  for (const char *spelling : forms) {
    auto found = h200.find(spelling);
    ASSERT_NE(found, h200.end()) << spelling;
    ASSERT_EQ(found->second.size(), count) << spelling;
    ptx::Instr instr = op(spelling);
    ASSERT_NE(instr.form->mufu, nullptr) << spelling;
    ASSERT_EQ(llvm::StringRef(instr.form->accuracy), "measured_exact");
    std::vector<uint64_t> got(blocks.size());
    auto work = [&](size_t first) {
      for (size_t i = first; i < blocks.size(); i += 2)
        got[i] = digest(instr, blocks[i]);
    };
    std::thread other(work, 1);
    work(0);
    other.join();
    for (size_t i = 0; i < blocks.size(); ++i)
      EXPECT_EQ(got[i], found->second[blocks[i]])
          << spelling << " block " << blocks[i];
  }
}

TEST(Mufu, BinadeDigestsMatchTheH200) {
  checkDigests({"rcp.approx.f32", "rcp.approx.ftz.f32", "sqrt.approx.f32",
                "sqrt.approx.ftz.f32", "rsqrt.approx.f32",
                "rsqrt.approx.ftz.f32", "ex2.approx.f32", "ex2.approx.ftz.f32",
                "lg2.approx.f32", "lg2.approx.ftz.f32", "sin.approx.f32",
                "sin.approx.ftz.f32", "cos.approx.f32", "cos.approx.ftz.f32",
                "tanh.approx.f32"},
               h200Digests("binade_digests.txt"), binades(), binadeDigest);
}

TEST(Mufu, PairDigestsMatchTheH200) {
  checkDigests({"div.approx.f32", "div.approx.ftz.f32", "div.full.f32",
                "div.full.ftz.f32"},
               h200Digests("pair_digests.txt"), pairBlocks(), pairDigest);
}

/// The model's digest of block `b` of an f64 form over every upper word x
/// (the lower word the low half of mix64(x), blocks of 2^20: sign and
/// exponent), or with `random` over a = mix64(x) (blocks of 2^21).
uint64_t f64Digest(const ptx::Instr &instr, uint32_t b, bool random) {
  const ptx::MufuModelDesc &m = *instr.form->mufu;
  unsigned shift = random ? 21 : 20;
  uint64_t sum = 0;
  for (uint64_t x = uint64_t(b) << shift; x < (uint64_t(b) + 1) << shift;
       ++x) {
    uint64_t a = random ? mix64(x) : x << 32 | uint32_t(mix64(x));
    sum += mix64(a * TILE_DIGEST_K ^ ref::mufuResult64(m, a));
  }
  return sum;
}

/// The f64 blocks checked: the upper words' binades where something
/// changes (zeros and subnormals, 1 to 4, the ends of the range,
/// infinities and NaNs), both signs; three blocks of random inputs.
std::vector<uint32_t> upperBlocks() {
  std::vector<uint32_t> out;
  for (uint32_t b = 0; b < 4096; ++b) {
    uint32_t e = b & 2047;
    if (exhaustive() || e <= 1 || e == 511 || (e >= 1022 && e <= 1024) ||
        e >= 2045)
      out.push_back(b);
  }
  return out;
}

TEST(Mufu, UpperDigestsMatchTheH200) {
  Digests h200 = h200Digests("f64_digests.txt");
  auto upper = [](const ptx::Instr &i, uint32_t b) {
    return f64Digest(i, b, false);
  };
  checkDigests({"rcp.approx.ftz.f64", "rsqrt.approx.ftz.f64"}, h200,
               upperBlocks(), upper, 4096);
  std::vector<uint32_t> blocks = {0, 511, 1023};
  if (exhaustive())
    for (uint32_t b = 1; b < 1023; ++b)
      if (b != 511)
        blocks.push_back(b);
  auto random = [](const ptx::Instr &i, uint32_t b) {
    return f64Digest(i, b, true);
  };
  checkDigests({"rsqrt.approx.f64"}, h200, blocks, random, 1024);
}

/// The lane dispatch reaches the model: evaluate gives mufuResult's bits,
/// and a NaN comes out as the unit's canonical NaN.
TEST(Mufu, EvaluateUsesTheModel) {
  for (const char *spelling :
       {"rcp.approx.f32", "sqrt.approx.ftz.f32", "rsqrt.approx.f32",
        "ex2.approx.ftz.f32", "lg2.approx.f32", "sin.approx.f32",
        "cos.approx.ftz.f32", "tanh.approx.f32"}) {
    ptx::Instr instr = op(spelling);
    for (uint32_t a : {0x3FCB842Eu, 0xC0A30F8Bu, 0x00000001u, 0x7F7FFFFFu,
                       0xFFC12345u, 0xBF800000u}) {
      uint32_t want =
          ref::mufuResult(*instr.form->mufu, instr.has(ptx::Qual::FTZ), a);
      EXPECT_EQ(ref::evaluate(instr, {a}, false), want) << spelling;
    }
    EXPECT_EQ(ref::evaluate(instr, {0x7FC12345u}, false), 0x7FFFFFFFu);
  }
}

/// div's lanes reach the quotient model; the H200's results of NaN sources
/// and invalid operations (docs/gpu-logs/2026-12-02-special/run2.txt), and
/// the ISA's zero for div.approx with 2^126 < |b| < 2^128.
TEST(Mufu, DivUsesTheQuotientModel) {
  struct Case {
    uint32_t a, b, want;
  } cases[] = {{0x7FC12345u, 0, 0x7FFFFFFFu}, {0, 0xFFC12345u, 0x7FFFFFFFu},
               {0xBF800000u, 0, 0xFF800000u}, {0, 0xBF800000u, 0x80000000u},
               {0x7F800000u, 0, 0x7F800000u}, {0, 0x7F800000u, 0},
               {0, 0, 0x7FFFFFFFu},           {0x3F800000u, 0x7F000001u, 0},
               {0xC0000000u, 0x7F400000u, 0x80000000u},
               {0x7F800000u, 0x7F000001u, 0x7FFFFFFFu}};
  for (const char *spelling : {"div.approx.f32", "div.approx.ftz.f32"}) {
    ptx::Instr instr = op(spelling);
    for (const Case &c : cases)
      EXPECT_EQ(ref::evaluate(instr, {c.a, c.b}, false), c.want)
          << spelling << " " << std::hex << c.a << " / " << c.b;
  }
}

} // namespace
