//===- Warp.cpp - reference semantics of the warp collectives ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The warp collectives over the lanes of a warp that met, as the PTX ISA's
// pseudocode gives them, and as the H200 does where the ISA leaves the
// result open (include/tile/Ptx/Warp.td). The dispatch from a semantics key
// to its warp function is generated from the records (PtxWarpDispatch.inc).
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"

#include "llvm/ADT/bit.h"
#include <cassert>

#include <cstring>

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

bool executes(const WarpSources &in, unsigned lane) {
  return (in.executing >> lane) & 1;
}

/// Writes `value` to every lane that met.
void broadcast(const WarpSources &in, uint64_t value, uint64_t *out) {
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (met(in, lane))
      out[lane] = value;
}

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
    // A source lane that does not execute the instruction gives 0; one
    // that does, in or out of this lane's mask, its a (the ISA leaves both
    // open; measured on the H200).
    uint64_t d = 0;
    if (!inRange)
      d = in.lanes[lane][0];
    else if (executes(in, j))
      d = in.lanes[j][0];
    d &= 0xffffffffu;
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

/// a (32 or 64 bits) of each lane that met equals lane `lane`'s.
uint32_t matching(const WarpSources &in, unsigned lane) {
  uint32_t bits = 0;
  for (unsigned other = 0; other < kWarpSize; ++other)
    if (met(in, other) && in.lanes[other][0] == in.lanes[lane][0])
      bits |= uint32_t(1) << other;
  return bits;
}

/// Whether every lane that met holds the same a.
bool allMatch(const WarpSources &in) {
  unsigned first = static_cast<unsigned>(llvm::countr_zero(in.met));
  return in.met == 0 || matching(in, first) == in.met;
}

/// One step of redux.sync's integer reduction.
uint32_t reduceInt(const ptx::Instr &instr, uint32_t x, uint32_t y) {
  bool isSigned = instr.form->getTypes()[0] == ptx::DataType::S32;
  auto less = [&](uint32_t u, uint32_t v) {
    return isSigned ? int32_t(u) < int32_t(v) : u < v;
  };
  if (instr.has(ptx::Qual::ReduxAdd))
    return x + y;
  if (instr.has(ptx::Qual::ReduxMin))
    return less(y, x) ? y : x;
  if (instr.has(ptx::Qual::ReduxMax))
    return less(x, y) ? y : x;
  if (instr.has(ptx::Qual::AND))
    return x & y;
  if (instr.has(ptx::Qual::OR))
    return x | y;
  assert(instr.has(ptx::Qual::XOR) && "redux.sync without an operation");
  return x ^ y;
}

constexpr uint32_t kCanonicalNaN = 0x7fffffffu;

/// Orders f32 bits for min/max with +0 above -0 (neither a NaN).
bool floatLess(uint32_t x, uint32_t y) {
  float fx, fy;
  std::memcpy(&fx, &x, 4);
  std::memcpy(&fy, &y, 4);
  if (fx == fy)
    return (x >> 31) > (y >> 31); // -0 < +0
  return fx < fy;
}

/// redux.sync's .f32 min or max over the lanes that met.
uint32_t reduceFloat(const ptx::Instr &instr, const WarpSources &in) {
  bool max = instr.has(ptx::Qual::ReduxMax);
  bool abs = instr.has(ptx::Qual::Abs);
  bool anyNaN = false, have = false;
  uint32_t acc = kCanonicalNaN;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!met(in, lane))
      continue;
    uint32_t x = static_cast<uint32_t>(in.lanes[lane][0]);
    if (abs)
      x &= 0x7fffffffu;
    if ((x & 0x7fffffffu) > 0x7f800000u) {
      anyNaN = true;
      continue;
    }
    if (!have || (max ? floatLess(acc, x) : floatLess(x, acc)))
      acc = x;
    have = true;
  }
  if (anyNaN && instr.has(ptx::Qual::NaN))
    return kCanonicalNaN;
  return acc;
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

void matchAnyWarp(const WarpContext &, const WarpSources &in, uint64_t *out) {
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (met(in, lane))
      out[lane] = matching(in, lane);
}

void matchAllWarp(const WarpContext &, const WarpSources &in, uint64_t *out) {
  broadcast(in, allMatch(in) ? in.met : 0, out);
}

void matchAllPairWarp(const WarpContext &, const WarpSources &in,
                      uint64_t *out) {
  bool all = allMatch(in);
  broadcast(in, (all ? in.met : 0) | (uint64_t(all) << 32), out);
}

void reduxWarp(const WarpContext &ctx, const WarpSources &in, uint64_t *out) {
  if (ctx.instr.form->getTypes()[0] == ptx::DataType::F32)
    return broadcast(in, reduceFloat(ctx.instr, in), out);
  bool have = false;
  uint32_t acc = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!met(in, lane))
      continue;
    uint32_t x = static_cast<uint32_t>(in.lanes[lane][0]);
    acc = have ? reduceInt(ctx.instr, acc, x) : x;
    have = true;
  }
  broadcast(in, acc, out);
}

void activeMaskWarp(const WarpContext &, const WarpSources &in, uint64_t *out) {
  broadcast(in, in.executing, out);
}

void electWarp(const WarpContext &, const WarpSources &in, uint64_t *out) {
  unsigned leader = static_cast<unsigned>(llvm::countr_zero(in.met));
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (met(in, lane))
      out[lane] = leader | (uint64_t(lane == leader) << 32);
}

void warpSyncWarp(const WarpContext &, const WarpSources &, uint64_t *) {}

} // namespace tile::ref::warps

using tile::ref::WarpFn;
#include "tile/Ptx/PtxWarpDispatch.inc"

void tile::ref::evaluateWarp(const ptx::Instr &instr, const WarpSources &in,
                             uint64_t out[32]) {
  WarpFn fn = kWarpFns[static_cast<unsigned>(instr.form->semantics)];
  assert(fn && "not a warp collective");
  fn(WarpContext{instr}, in, out);
}
