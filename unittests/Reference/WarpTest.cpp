//===- WarpTest.cpp - the reference's warp collectives --------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The warp collectives against the ISA's pseudocode worked out by hand for
// chosen lanes, and the H200's rule for a shfl.sync source lane that does
// not execute the instruction or executes it under another mask.
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
  in.executing = met;
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

TEST(WarpTest, ShuffleFromALaneThatDoesNotExecute) {
  // Lanes 0-7 meet; lane 7 reads lane 8 (down 1, in range by c = 31),
  // which does not execute the instruction: 0 (the ISA leaves it open; the
  // H200 gives 0). Lanes outside `met` are left as they were.
  uint64_t out[32];
  for (uint64_t &o : out)
    o = 7;
  ref::evaluateWarp(decodeOrFail("shfl.sync.down.b32", 6),
                    shflSources(0xff, 1, 31), out);
  EXPECT_EQ(out[6], 107u | (1ull << 32));
  EXPECT_EQ(out[7], 0u | (1ull << 32));
  EXPECT_EQ(out[8], 7u);
}

TEST(WarpTest, ShuffleFromALaneOfAnotherMask) {
  // Lanes 0-15 meet (mask 0xffff) while lanes 16-31 execute the same
  // instruction under mask 0xffff0000 (a converged warp): lane 15 reads
  // lane 16's a, as the H200 does.
  ref::WarpSources in = shflSources(0xffff, 1, 31);
  in.executing = ~0u;
  for (unsigned lane = 16; lane < 32; ++lane)
    in.lanes[lane] = {100 + lane, 1, 31, 0xffff0000u};
  uint64_t out[32] = {};
  ref::evaluateWarp(decodeOrFail("shfl.sync.down.b32", 5), in, out);
  EXPECT_EQ(out[15], 116u);
  EXPECT_EQ(out[16], 0u); // Not in the meeting: left as it was.
}

/// Lanes in `met` with a = `a(lane)` and member mask `met`.
template <typename F> ref::WarpSources sources(uint32_t met, F a) {
  ref::WarpSources in;
  in.met = met;
  in.executing = met;
  for (unsigned lane = 0; lane < 32; ++lane)
    if ((met >> lane) & 1)
      in.lanes[lane] = {static_cast<uint64_t>(a(lane)), met};
  return in;
}

TEST(WarpTest, Match) {
  uint64_t out[32] = {};
  // a = lane % 3 over lanes 4-11: lane 5 matches 5, 8 and 11.
  ref::WarpSources in = sources(0xff0, [](unsigned l) { return l % 3; });
  ref::evaluateWarp(decodeOrFail("match.any.sync.b32", 3), in, out);
  EXPECT_EQ(out[5], 0x920u);
  EXPECT_EQ(out[4], 0x490u);
  ref::evaluateWarp(decodeOrFail("match.all.sync.b32", 4), in, out);
  EXPECT_EQ(out[4], 0u | (0ull << 32));
  // 64-bit sources equal in their low halves only do not match.
  in = sources(0x3, [](unsigned l) { return uint64_t(l) << 32; });
  ref::evaluateWarp(decodeOrFail("match.all.sync.b64", 4), in, out);
  EXPECT_EQ(out[0], 0u);
  in = sources(0x3, [](unsigned) { return uint64_t(9) << 32; });
  ref::evaluateWarp(decodeOrFail("match.all.sync.b64", 4), in, out);
  EXPECT_EQ(out[1], 0x3u | (1ull << 32));
  ref::evaluateWarp(decodeOrFail("match.all.sync.b64", 3), in, out);
  EXPECT_EQ(out[1], 0x3u);
}

TEST(WarpTest, Redux) {
  uint64_t out[32] = {};
  // a = 7 - lane over lanes 0-9: -2 .. 7.
  ref::WarpSources in =
      sources(0x3ff, [](unsigned l) { return uint32_t(7 - int(l)); });
  auto run = [&](const char *spelling) {
    ref::evaluateWarp(decodeOrFail(spelling, 3), in, out);
    return out[3];
  };
  EXPECT_EQ(run("redux.sync.add.s32"), 25u);
  EXPECT_EQ(run("redux.sync.min.s32"), uint32_t(-2));
  EXPECT_EQ(run("redux.sync.max.s32"), 7u);
  EXPECT_EQ(run("redux.sync.min.u32"), 0u);
  EXPECT_EQ(run("redux.sync.max.u32"), uint32_t(-1));
  EXPECT_EQ(run("redux.sync.and.b32"), 0u);
  EXPECT_EQ(run("redux.sync.or.b32"), uint32_t(-1));
  // 7 ^ 6 ^ ... ^ 0 = 0, then ^ -1 ^ -2 = 1.
  EXPECT_EQ(run("redux.sync.xor.b32"), 1u);
}

TEST(WarpTest, ReduxFloat) {
  uint64_t out[32] = {};
  constexpr uint32_t kNaN = 0x7fc00001u, kCanonical = 0x7fffffffu;
  // -0, +0, -3, a NaN, 2 in lanes 0-4.
  const uint32_t values[] = {0x80000000u, 0u, 0xc0400000u, kNaN, 0x40000000u};
  ref::WarpSources in = sources(0x1f, [&](unsigned l) { return values[l]; });
  auto run = [&](const char *spelling) {
    ref::evaluateWarp(decodeOrFail(spelling, 3), in, out);
    return out[0];
  };
  EXPECT_EQ(run("redux.sync.min.f32"), 0xc0400000u);
  EXPECT_EQ(run("redux.sync.max.f32"), 0x40000000u);
  EXPECT_EQ(run("redux.sync.min.abs.f32"), 0u); // |-0| = +0 and +0.
  EXPECT_EQ(run("redux.sync.max.abs.f32"), 0x40400000u);
  EXPECT_EQ(run("redux.sync.min.NaN.f32"), kCanonical);
  // -0 below +0: lanes 0 and 1 alone.
  in = sources(0x3, [&](unsigned l) { return values[l]; });
  EXPECT_EQ(run("redux.sync.min.f32"), 0x80000000u);
  EXPECT_EQ(run("redux.sync.max.f32"), 0u);
  // Only NaNs: the canonical NaN.
  in = sources(0x1, [&](unsigned) { return kNaN; });
  EXPECT_EQ(run("redux.sync.max.f32"), kCanonical);
}

TEST(WarpTest, ActiveMaskAndElect) {
  uint64_t out[32] = {};
  ref::WarpSources in = sources(0x0f0f0000u, [](unsigned) { return 0; });
  ref::evaluateWarp(decodeOrFail("activemask.b32", 1), in, out);
  EXPECT_EQ(out[16], 0x0f0f0000u);
  // The lowest lane that met is elected (as the H200 does).
  ref::evaluateWarp(decodeOrFail("elect.sync", 3), in, out);
  EXPECT_EQ(out[16], 16u | (1ull << 32));
  EXPECT_EQ(out[27], 16u);
}

TEST(WarpTest, Votes) {
  ref::WarpSources in;
  in.met = in.executing = 0x0000ff00;
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
