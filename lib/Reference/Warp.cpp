//===- Warp.cpp - reference semantics of the warp collectives ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// shfl.sync and vote.sync over the lanes of a warp that met,
// as the PTX ISA's pseudocode gives them. The dispatch from a semantics key
// to its warp function is generated from the records (PtxWarpDispatch.inc).
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"

#include <cassert>

using namespace tile;
using tile::ref::WarpSources;

namespace tile::ref {

/// What a warp function knows besides the sources.
struct WarpContext {
  const ptx::Instr &instr;
};

using WarpFn = void (*)(const WarpContext &ctx, const WarpSources &in,
                        uint64_t *out);

} // namespace tile::ref

using tile::ref::WarpContext;

namespace {

constexpr unsigned kWarpSize = 32;

bool met(const WarpSources &in, unsigned lane) { return (in.met >> lane) & 1; }

/// The source lane of `lane` for shfl.sync (sources a, b, c, membermask),
/// and whether it is in range; an out-of-range lane reads its own a.
std::pair<unsigned, bool> shflSource(const ptx::Instr &instr, unsigned lane,
                                     llvm::ArrayRef<uint64_t> src) {
  int b = static_cast<int>(src[1] & 0x1f);
  int clamp = static_cast<int>(src[2] & 0x1f);
  int segment = static_cast<int>((src[2] >> 8) & 0x1f);
  int self = static_cast<int>(lane);
  int maxLane = (self & segment) | (clamp & ~segment);
  int minLane = self & segment;
  int j;
  bool inRange;
  if (instr.has(ptx::Qual::UP)) {
    j = self - b;
    inRange = j >= maxLane;
  } else if (instr.has(ptx::Qual::DOWN)) {
    j = self + b;
    inRange = j <= maxLane;
  } else if (instr.has(ptx::Qual::BFLY)) {
    j = self ^ b;
    inRange = j <= maxLane;
  } else {
    assert(instr.has(ptx::Qual::IDX) && "shfl.sync without a mode");
    j = minLane | (b & ~segment);
    inRange = j <= maxLane;
  }
  return {inRange ? static_cast<unsigned>(j) : lane, inRange};
}

/// d (and p, in bit 32, with `pair`) of every lane that met.
void shuffle(const WarpContext &ctx, const WarpSources &in, uint64_t *out,
             bool pair) {
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!met(in, lane))
      continue;
    auto [j, inRange] = shflSource(ctx.instr, lane, in.lanes[lane]);
    // A source lane that did not meet: its a is unpredictable (the ISA);
    // the lane's own a here.
    unsigned from = met(in, j) ? j : lane;
    uint64_t d = in.lanes[from][0] & 0xffffffffu;
    out[lane] = pair ? d | (uint64_t(inRange) << 32) : d;
  }
}

/// The predicate source a of each lane that met, as a ballot.
uint32_t ballot(const WarpSources &in) {
  uint32_t bits = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (met(in, lane) && (in.lanes[lane][0] & 1))
      bits |= uint32_t(1) << lane;
  return bits;
}

} // namespace

namespace tile::ref::warps {

void shflWarp(const WarpContext &ctx, const WarpSources &in, uint64_t *out) {
  shuffle(ctx, in, out, /*pair=*/false);
}

void shflPairWarp(const WarpContext &ctx, const WarpSources &in,
                  uint64_t *out) {
  shuffle(ctx, in, out, /*pair=*/true);
}

void voteWarp(const WarpContext &ctx, const WarpSources &in, uint64_t *out) {
  uint32_t yes = ballot(in);
  bool value;
  if (ctx.instr.has(ptx::Qual::VoteAll))
    value = yes == in.met;
  else if (ctx.instr.has(ptx::Qual::VoteAny))
    value = yes != 0;
  else
    value = yes == 0 || yes == in.met; // .uni
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (met(in, lane))
      out[lane] = value;
}

void ballotWarp(const WarpContext &ctx, const WarpSources &in, uint64_t *out) {
  uint32_t yes = ballot(in);
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (met(in, lane))
      out[lane] = yes;
}

} // namespace tile::ref::warps

using tile::ref::WarpFn;
#include "tile/Ptx/PtxWarpDispatch.inc"

void tile::ref::evaluateWarp(const ptx::Instr &instr, const WarpSources &in,
                             uint64_t out[32]) {
  WarpFn fn = kWarpFns[static_cast<unsigned>(instr.form->semantics)];
  assert(fn && "not a warp collective");
  fn(WarpContext{instr}, in, out);
}
