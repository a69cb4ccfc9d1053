//===- WarpTest.cpp - the reference's warp collectives --------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// shfl.sync and vote.sync against the ISA's pseudocode worked out by hand
// for chosen lanes, and the rule for a source lane that did not meet.
//
//===----------------------------------------------------------------------===//

#include "Decode.h"
#include "tile/Reference/Reference.h"

#include "gtest/gtest.h"

#include <string>

using namespace tile;

namespace {

ptx::Instr decodeOrFail(const std::string &spelling, unsigned operands) {
  return test::decodeOrFail(spelling, {std::nullopt, operands, {}});
}

/// Lanes in `met` with a = 100 + lane and the same b, c and member mask.
ref::WarpSources shflSources(uint32_t met, uint64_t b, uint64_t c) {
  ref::WarpSources in;
  in.met = met;
  for (unsigned lane = 0; lane < 32; ++lane)
    if ((met >> lane) & 1)
      in.lanes[lane] = {100 + lane, b, c, met};
  return in;
}

TEST(WarpTest, ShuffleModes) {
  uint64_t out[32] = {};
  ptx::Instr up = decodeOrFail("shfl.sync.up.b32", 6);
  ASSERT_TRUE(ref::isCollective(up));
  ASSERT_FALSE(ref::isSupported(up));
  // d|p, up 2 without segments: lanes 0 and 1 keep their own a, p = 0.
  ref::evaluateWarp(up, shflSources(~0u, 2, 0), out);
  EXPECT_EQ(out[0], 100u);
  EXPECT_EQ(out[1], 101u);
  EXPECT_EQ(out[2], 100u | (1ull << 32));
  EXPECT_EQ(out[31], 129u | (1ull << 32));
  // bfly 16 over the whole warp (clamp 31): lane 3 reads lane 19.
  ref::evaluateWarp(decodeOrFail("shfl.sync.bfly.b32", 5),
                    shflSources(~0u, 16, 0x1f), out);
  EXPECT_EQ(out[3], 119u);
  EXPECT_EQ(out[19], 103u);
  // idx 2 in segments of 4 lanes (c = 0x1c03): lane 13 reads lane 14.
  ref::evaluateWarp(decodeOrFail("shfl.sync.idx.b32", 5),
                    shflSources(~0u, 2, 0x1c03), out);
  EXPECT_EQ(out[13], 114u);
  EXPECT_EQ(out[0], 102u);
  // down 1 clamped at lane 15 (c = 15): lane 15 keeps its own, 14 reads 15.
  ref::evaluateWarp(decodeOrFail("shfl.sync.down.b32", 5),
                    shflSources(~0u, 1, 15), out);
  EXPECT_EQ(out[14], 115u);
  EXPECT_EQ(out[15], 115u);
  EXPECT_EQ(out[20], 120u); // maxLane = 15 < 21: out of range.
}

TEST(WarpTest, ShuffleFromALaneThatDidNotMeet) {
  // Lanes 0-7 meet; lane 7 reads lane 8 (down 1, in range by c = 31),
  // which did not: the ISA leaves the value open, the reference gives the
  // lane its own a; lanes outside `met` are left as they were.
  uint64_t out[32];
  for (uint64_t &o : out)
    o = 7;
  ref::evaluateWarp(decodeOrFail("shfl.sync.down.b32", 6),
                    shflSources(0xff, 1, 31), out);
  EXPECT_EQ(out[6], 107u | (1ull << 32));
  EXPECT_EQ(out[7], 107u | (1ull << 32));
  EXPECT_EQ(out[8], 7u);
}

TEST(WarpTest, Votes) {
  ref::WarpSources in;
  in.met = 0x0000ff00;
  for (unsigned lane = 8; lane < 16; ++lane)
    in.lanes[lane] = {lane % 2, in.met};
  uint64_t out[32] = {};
  ref::evaluateWarp(decodeOrFail("vote.sync.ballot.b32", 3), in, out);
  EXPECT_EQ(out[8], 0x0000aa00u);
  ref::evaluateWarp(decodeOrFail("vote.sync.any.pred", 3), in, out);
  EXPECT_EQ(out[9], 1u);
  ref::evaluateWarp(decodeOrFail("vote.sync.all.pred", 3), in, out);
  EXPECT_EQ(out[9], 0u);
  ref::evaluateWarp(decodeOrFail("vote.sync.uni.pred", 3), in, out);
  EXPECT_EQ(out[9], 0u);
  for (unsigned lane = 8; lane < 16; ++lane)
    in.lanes[lane][0] = 1;
  ref::evaluateWarp(decodeOrFail("vote.sync.all.pred", 3), in, out);
  EXPECT_EQ(out[15], 1u);
  ref::evaluateWarp(decodeOrFail("vote.sync.uni.pred", 3), in, out);
  EXPECT_EQ(out[15], 1u);
}

} // namespace
