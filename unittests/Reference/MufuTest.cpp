//===- MufuTest.cpp - The multifunction-unit models against the H200 ------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The f32 approximations with a MufuModel against the H200's per-binade
// digests (docs/gpu-logs/2026-12-04-mufu/binade_digests.txt, written by
// utils/measure/mufu_models/dump.py on the H200 with nvcc's inline asm): each
// digest is the sum of mix64((a << 32) * K ^ result) over the 2^23 inputs a
// of one sign and exponent. The test checks the binades where the
// reductions change behaviour (zeros and subnormals, the edges of the
// tables, the unit's range limits, infinities and NaNs) and a spread of
// others; TILE_MUFU_EXHAUSTIVE=1 checks all 512 (every f32 input).
//
//===----------------------------------------------------------------------===//

#include "Reference/Mufu.h"
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

uint64_t mix64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

/// The H200's digests: opcode -> 512 per-binade sums (sign << 8 | exponent).
std::map<std::string, std::vector<uint64_t>> h200Digests() {
  std::ifstream in(TILE_SOURCE_DIR
                   "/docs/gpu-logs/2026-12-04-mufu/binade_digests.txt");
  std::map<std::string, std::vector<uint64_t>> out;
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

/// The model's digest of binade `b` for the form of `instr`.
uint64_t modelDigest(const ptx::Instr &instr, uint32_t b) {
  const ptx::MufuModelDesc &m = *instr.form->mufu;
  bool ftz = instr.has(ptx::Qual::FTZ);
  uint64_t sum = 0;
  for (uint64_t x = uint64_t(b) << 23; x < (uint64_t(b) + 1) << 23; ++x) {
    uint32_t a = uint32_t(x);
    sum += mix64((uint64_t(a) << 32) * 0x9E3779B97F4A7C15ULL ^
                 ref::mufuResult(m, ftz, a));
  }
  return sum;
}

/// The binades checked: both signs of exponents where something changes.
std::vector<uint32_t> binades() {
  if (const char *all = std::getenv("TILE_MUFU_EXHAUSTIVE");
      all && *all == '1') {
    std::vector<uint32_t> every(512);
    for (uint32_t b = 0; b < 512; ++b)
      every[b] = b;
    return every;
  }
  std::vector<uint32_t> out;
  for (uint32_t e : {0u, 1u, 63u, 103u, 126u, 127u, 133u, 134u, 254u, 255u})
    for (uint32_t sign : {0u, 256u})
      out.push_back(sign | e);
  return out;
}

const char *const kForms[] = {
    "rcp.approx.f32",      "rcp.approx.ftz.f32", "sqrt.approx.f32",
    "sqrt.approx.ftz.f32", "rsqrt.approx.f32",   "rsqrt.approx.ftz.f32",
    "ex2.approx.f32",      "ex2.approx.ftz.f32", "lg2.approx.f32",
    "lg2.approx.ftz.f32",  "sin.approx.f32",     "sin.approx.ftz.f32",
    "cos.approx.f32",      "cos.approx.ftz.f32", "tanh.approx.f32"};

TEST(Mufu, BinadeDigestsMatchTheH200) {
  std::map<std::string, std::vector<uint64_t>> h200 = h200Digests();
  std::vector<uint32_t> checked = binades();
  for (const char *spelling : kForms) {
    ASSERT_EQ(h200[spelling].size(), 512u) << spelling;
    ptx::Instr instr = op(spelling);
    ASSERT_NE(instr.form->mufu, nullptr) << spelling;
    ASSERT_EQ(llvm::StringRef(instr.form->accuracy), "measured_exact");
    std::vector<uint64_t> got(checked.size());
    auto work = [&](size_t first) {
      for (size_t i = first; i < checked.size(); i += 2)
        got[i] = modelDigest(instr, checked[i]);
    };
    std::thread other(work, 1);
    work(0);
    other.join();
    for (size_t i = 0; i < checked.size(); ++i)
      EXPECT_EQ(got[i], h200[spelling][checked[i]])
          << spelling << " binade sign " << (checked[i] >> 8) << " exponent "
          << (checked[i] & 255);
  }
}

/// The lane dispatch reaches the model: evaluate gives mufuResult's bits,
/// and a NaN comes out as the unit's canonical NaN.
TEST(Mufu, EvaluateUsesTheModel) {
  for (const char *spelling : kForms) {
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

} // namespace
