//===- CachePolicyTest.cpp - createpolicy's bits on the CPU backend -------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// tile_cpu_apply of createpolicy against policies the GPU made (an H100,
// utils/measure/policy_facts; docs/gpu-logs/2026-12-05-policy-facts.txt.xz):
// fractional ones of several priority pairs, range ones over powers of two
// and random sizes and addresses, and cvt.L2.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Ptx/InstrTable.h"
#include "llvm/ADT/bit.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

using namespace tile;

namespace {

/// tile_cpu_apply of `spelling` with 8-byte source slots `sources`: the
/// 64-bit result.
uint64_t apply(const std::string &spelling,
               std::initializer_list<uint64_t> sources) {
  std::string error;
  std::optional<ptx::Instr> instr = ptx::decode(
      spelling, error, {std::nullopt, unsigned(sources.size() + 1), {}});
  EXPECT_TRUE(instr.has_value()) << spelling << ": " << error;
  if (!instr)
    return 0;
  uint8_t in[8 * cpu::kSlotBytes] = {}, out[cpu::kSlotBytes] = {};
  unsigned slot = 0;
  for (uint64_t s : sources)
    std::memcpy(in + slot++ * cpu::kSlotBytes, &s, 8);
  int64_t q[ptx::QualSet::kWords];
  for (unsigned i = 0; i < ptx::QualSet::kWords; ++i)
    q[i] = int64_t(instr->quals.word(i));
  tile_cpu_apply(instr->form->getIndex(), q[0], q[1], q[2], q[3], q[4], q[5],
                 q[6], q[7], 0, in, out);
  uint64_t d;
  std::memcpy(&d, out, 8);
  return d;
}

uint64_t bitsOf(float f) { return llvm::bit_cast<uint32_t>(f); }

TEST(CachePolicy, FractionalPoliciesAreTheGpus) {
  const char *last = "createpolicy.fractional.L2::evict_last.b64";
  EXPECT_EQ(apply(last, {bitsOf(1.0f / 1024)}), 0x1400000000000000u);
  EXPECT_EQ(apply(last, {bitsOf(65.0f / 1024)}), 0x1410000000000000u);
  EXPECT_EQ(apply(last, {bitsOf(0.5f)}), 0x1470000000000000u);
  EXPECT_EQ(apply(last, {bitsOf(1.0f)}), 0x14f0000000000000u);
  EXPECT_EQ(apply("createpolicy.fractional.L2::evict_normal.L2::evict_first."
                  "b64",
                  {bitsOf(0.5f)}),
            0x1770000000000000u);
  EXPECT_EQ(apply("createpolicy.fractional.L2::evict_unchanged.L2::evict_"
                  "first.b64",
                  {bitsOf(0.0625f)}),
            0x1100000000000000u);
  EXPECT_EQ(apply("createpolicy.fractional.L2::evict_first.L2::evict_"
                  "unchanged.b64",
                  {bitsOf(0.0625f)}),
            0x1200000000000000u);
  // Without a fraction: 1.0.
  EXPECT_EQ(apply("createpolicy.fractional.L2::evict_first.b64", {}),
            0x12f0000000000000u);
}

TEST(CachePolicy, RangePoliciesAreTheGpus) {
  const char *range =
      "createpolicy.range.global.L2::evict_last.L2::evict_first.b64";
  // (address, primary size, total size) -> the H100's policy.
  struct Row {
    uint64_t a, primary, total, policy;
  } rows[] = {
      {0x1, 0x1, 0x1, 0x1d00002000000000},
      {0x1000, 0x40, 0x1000, 0x1d00102000000000},
      {0x10000, 0x100, 0x10000, 0x1d01002000000000},
      {0x100000, 0x400, 0x100000, 0x1d10002000000000},
      {0x4a4d8c8470, 0x2a3e0a81, 0x2fe177fd, 0x1db1baa000000000},
      {0x22532f5133, 0x01bd8f13, 0x1cf4c026, 0x1da4c10000000000},
      {0xaa1a31505c, 0x19d4acd1, 0x1bf3e2c1, 0x1da68d2000000000},
      {0x1943326787, 0x184c8298, 0x55f3f19b, 0x1dc4332000000000},
  };
  for (const Row &r : rows)
    EXPECT_EQ(apply(range, {r.a, r.primary, r.total}), r.policy)
        << std::hex << r.a << " " << r.primary << " " << r.total;
}

TEST(CachePolicy, CvtKeepsTheAccessProperty) {
  EXPECT_EQ(apply("createpolicy.cvt.L2.b64", {0x301933af837c5afa}),
            0x301933af837c5afau);
}

} // namespace
