//===- IntArithInputs.cpp - tile-diff's inputs of the integer forms -------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Input generators of the integer semantics keys (include/tile/Ptx/
/// IntArith.td): each source lane is an edge value (0, ±1, MIN, MAX, MIN+1,
/// MAX-1, all ones, ±2^k and 2^k-1, bit 23 set with junk above for mul24)
/// or random bits of a random magnitude. Divisors are 0 and -1 often, with
/// MIN dividends, so that every rule the H200 was measured to follow (x/0 =
/// x%0 = all ones, MIN/-1 = MIN, MIN%-1 = 0) is hit in every kernel.
///
//===----------------------------------------------------------------------===//

#include "Inputs.h"

using tile::diff::GenContext;

namespace {

using tile::diff::maskOf;

/// The lane width of source `j` (d's operand list starts at 0).
unsigned sourceLaneBits(const GenContext &ctx, unsigned j) {
  const tile::ptx::DataTypeInfo &t =
      tile::ptx::getInfo(ctx.instr.form->operands[j + 1].type);
  return t.bits / t.lanes;
}

/// One lane of `bits`: an edge class or random bits.
uint64_t intLane(unsigned bits, std::mt19937_64 &rng) {
  uint64_t m = maskOf(bits), min = 1ULL << (bits - 1), r = rng();
  unsigned k = static_cast<unsigned>(rng() % bits);
  switch (rng() % 16) {
  case 0:
    return 0;
  case 1:
    return 1;
  case 2:
    return m; // -1, all ones.
  case 3:
    return min; // MIN
  case 4:
    return min - 1; // MAX
  case 5:
    return (min + 1) & m;
  case 6:
    return (min - 2) & m;
  case 7:
    return (1ULL << k) & m; // 2^k
  case 8:
    return (0 - (1ULL << k)) & m; // -2^k
  case 9:
    return ((1ULL << k) - 1) & m; // 2^k - 1
  case 10:                        // Small magnitudes of either sign.
    return (rng() & 1 ? r % 17 : 0 - r % 17) & m;
  case 11: // Bit 23 set with junk above it (mul24's sign bit).
    return bits == 32 ? ((r & 0xFF000000) | 0x800000 | (r & 0x7FFFFF)) : r & m;
  case 12: // A random magnitude.
    return (r >> (rng() % 64)) & m;
  default:
    return r & m;
  }
}

/// Packs `lanes` lanes of `bits` from `lane()`.
template <typename LaneGen>
uint64_t packed(unsigned bits, unsigned lanes, LaneGen lane) {
  uint64_t v = 0;
  for (unsigned l = 0; l < lanes; ++l)
    v |= (lane() & maskOf(bits)) << (l * bits);
  return v;
}

unsigned sourceLanes(const GenContext &ctx, unsigned j) {
  return tile::ptx::getInfo(ctx.instr.form->operands[j + 1].type).lanes;
}

} // namespace

namespace tile::diff::gen {
/// Every source lane from the edge classes or random bits.
void intInputs(const GenContext &ctx, uint64_t *src) {
  for (unsigned j = 0; j < ctx.numSources; ++j) {
    unsigned bits = sourceLaneBits(ctx, j);
    src[j] = packed(bits, sourceLanes(ctx, j),
                    [&]() { return intLane(bits, ctx.rng); });
  }
}
/// div / rem: the divisor is 0 or -1 a quarter of the time each, and the
/// dividend MIN an eighth of the time.
void intDivInputs(const GenContext &ctx, uint64_t *src) {
  unsigned bits = sourceLaneBits(ctx, 0);
  uint64_t min = 1ULL << (bits - 1);
  src[0] = packed(bits, sourceLanes(ctx, 0), [&]() {
    return ctx.rng() % 8 == 0 ? min : intLane(bits, ctx.rng);
  });
  src[1] = packed(bits, sourceLanes(ctx, 1), [&]() {
    switch (ctx.rng() % 4) {
    case 0:
      return uint64_t(0);
    case 1:
      return maskOf(bits);
    default:
      return intLane(bits, ctx.rng);
    }
  });
}
} // namespace tile::diff::gen
