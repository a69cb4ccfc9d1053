//===- StochasticInputs.cpp - tile-diff's inputs of cvt.rs ---------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The input generator of stochastic rounding (`cvt.rs`, include/tile/Ptx/
/// Convert.td): f32 sources, one per destination lane, and the random bits
/// `rbits` last. No GPU here runs the forms (sm_100a and sm_103a only); the
/// generator is for a run on one.
///
/// - rbits: 0 (truncation), all ones (the three bits of each .f16x2 half
///   the ISA says are 0 set too), a single set bit, or random;
/// - each source: a value whose top k dropped bits (k the lane's random-bit
///   width, from the form's RandomBits record) and the lane's random bits
///   sum to exactly 2^k (the smallest sum that carries) or 2^k - 1 (the
///   largest that does not), in the destination's normal and subnormal
///   ranges and at its largest value (where a carry overflows), with random
///   bits below the top k; or random values within and beyond the
///   destination's range; or f32 edge classes (signed zeros, subnormals,
///   infinities, NaNs).
///
//===----------------------------------------------------------------------===//

#include "Inputs.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <iterator>

using tile::diff::GenContext;
using tile::diff::maskOf;

namespace {

/// The f32 bits of S * 2^e2 (S < 2^24), truncated where it falls below the
/// subnormals; `sign` is the sign bit.
uint64_t f32Of(uint64_t s, long e2, uint64_t sign) {
  if (!s)
    return sign;
  long top = e2 + llvm::bit_width(s) - 1;
  if (top > 127)
    return sign | 0x7F800000;
  if (top >= -126) {
    uint64_t m = s << (24 - llvm::bit_width(s));
    return sign | (uint64_t(top + 127) << 23) | (m & 0x7FFFFF);
  }
  long shift = e2 + 149;
  if (shift <= -64)
    return sign;
  return sign | (shift >= 0 ? s << shift : s >> -shift);
}

/// An f32 edge value.
uint64_t f32Edge(std::mt19937_64 &rng) {
  static const uint64_t edges[] = {
      0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF,
      0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F800001,
      0x3F800000, 0xBF800000, 0x3F7FFFFF, 0x33800000};
  return edges[rng() % std::size(edges)];
}

} // namespace

namespace tile::diff::gen {
/// cvt.rs: the sources of one element (a, b or a, b, e, f, then rbits).
void stochasticInputs(const GenContext &ctx, uint64_t *src) {
  const ptx::FormDesc &form = *ctx.instr.form;
  const ptx::RandomBitsDesc &random = form.randomBits;
  const ptx::FloatFormatInfo &dst =
      ptx::getInfo(ptx::getInfo(form.types[0]).format);
  std::mt19937_64 &rng = ctx.rng;
  unsigned lanes = ctx.numSources - 1, k = random.width;
  long p = dst.precision, bias = (1L << (dst.expBits - 1)) - 1;
  // The exponents of the destination's normal binades.
  long minExp = 1 - bias;
  long maxExp = (1L << dst.expBits) - 1 - bias -
                (dst.finiteOnly || dst.noSpecials ? 0 : 1);
  uint64_t rbits;
  switch (rng() % 8) {
  case 0:
    rbits = 0;
    break;
  case 1:
    rbits = 0xFFFFFFFF;
    break;
  case 2:
    rbits = uint64_t(1) << (rng() % 32);
    break;
  default:
    rbits = rng() & 0xFFFFFFFF;
  }
  for (unsigned lane = 0; lane < lanes; ++lane) {
    uint64_t r = random.of(rbits, lane);
    uint64_t sign = (rng() & 1) ? 0x80000000 : 0;
    uint64_t &x = src[lanes - 1 - lane]; // a is the highest lane.
    unsigned kind = rng() % 10;
    if (kind >= 8) {
      x = kind == 8 ? f32Edge(rng) : rng() & 0xFFFFFFFF;
      continue;
    }
    if (kind == 7) { // Anywhere from below the subnormals to above the top.
      long e =
          minExp - p - 2 + static_cast<long>(rng() % (maxExp - minExp + p + 5));
      x = f32Of((rng() & 0x7FFFFF) | 0x800000, e - 23, sign);
      continue;
    }
    // A sum at the carry boundary: the top k dropped bits q with q + r =
    // 2^k (carries) or 2^k - 1 (does not; also with r = 0).
    bool carries = (rng() & 1) && r;
    uint64_t q = (uint64_t(1) << k) - r - (carries ? 0 : 1);
    long ulp;        // The weight of the destination's last bit.
    uint64_t units;  // The destination significand.
    if (kind == 0) { // Subnormal results.
      ulp = minExp - (p - 1);
      units = rng() & maskOf(p - 1);
    } else if (kind == 1) { // At the largest value: a carry overflows.
      ulp = maxExp - (p - 1);
      units = maskOf(p) - (dst.finiteOnly ? rng() % 2 : 0);
    } else {
      long e = minExp + static_cast<long>(rng() % (maxExp - minExp + 1));
      ulp = e - (p - 1);
      units = (uint64_t(1) << (p - 1)) | (rng() & maskOf(p - 1));
    }
    // The bits of f32 below the top k dropped ones: random.
    long below = 24 - p - static_cast<long>(k);
    uint64_t low = below > 0 ? rng() & maskOf(below) : 0;
    uint64_t s = ((units << k | q) << std::max(below, 0L)) | low;
    x = f32Of(s, ulp - static_cast<long>(k) - std::max(below, 0L), sign);
  }
  src[lanes] = rbits;
}
} // namespace tile::diff::gen
