//===- Stochastic.cpp - cvt.rs: stochastic rounding -----------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The reference of `cvt.rs` (PTX ISA 9.7.9.21, 8.7 and later), as the
/// ISA's text gives it; no GPU here runs the forms (sm_100a and sm_103a
/// only), so none of it is measured:
///
///   "Stochastic rounding is achieved through the use of the supplied random
///   bits. Operation's result is rounded in the direction toward zero or
///   away from zero based on the carry out of the integer addition of the
///   supplied random bits (rbits) to the truncated off (discarded) bits of
///   mantissa from the input."
///
/// Each lane takes its k random bits (13 for .f16x2, 16 for .bf16x2 and the
/// 8- and 6-bit x4 forms, 8 for .e2m1x4; `evaluate` extracts them by the
/// form's RandomBits record). The discarded bits are those of the f32
/// value below the destination's last significand bit at the value's
/// exponent (at the smallest normal exponent for a subnormal result), and
/// the random bits are added to the top k of them: the result is the value
/// truncated toward zero, one unit larger in magnitude where that sum
/// carries out. Random bits of 0 truncate; all ones round away from zero
/// whenever the top k discarded bits are not all zero. Below the top k, the
/// discarded bits do not matter. (For .f16 and .bf16 results of normal
/// inputs this is adding the random bits to the low 13 or 16 bits of the
/// f32 pattern and truncating.)
///
/// Range: rounding toward zero keeps a value above the largest finite one
/// at MAX_NORM, away from zero makes it infinite (the IEEE directed
/// roundings); .satfinite (required for the x4 forms, whose formats mostly
/// have no infinity) gives MAX_NORM with the sign in both cases, and to an
/// infinite input. NaN: a NaN in .f16, .bf16, .e4m3 and .e5m2 (payload
/// open), +MAX_NORM in .e2m3, .e3m2 and .e2m1, which have no NaN (the ISA's
/// .satfinite rule). .relu then makes a negative result +0 (and -0 too, as
/// the other cvt forms do) and a NaN the canonical NaN.
///
//===----------------------------------------------------------------------===//

#include "Lanes.h"

#include "llvm/ADT/bit.h"

using namespace tile;
using namespace tile::ref;

namespace {

/// The stochastically rounded `x` (bits of `src`, a binary format of at most
/// 64 bits) in `dst`, with random bits `r` of width `k`.
uint64_t stochasticValue(const Format &src, const Format &dst, unsigned k,
                         uint64_t r, const Flags &flags, uint64_t x) {
  if (src.isNaN(x))
    return dst.noSpecials ? dst.maxFinite()
                          : clampResult(dst, dst.canonicalNaN(), flags);
  uint64_t sign = (x & src.signMask()) ? dst.signMask() : 0;
  int p = static_cast<int>(dst.precision);
  bool overflow = src.isInf(x), carry = false;
  uint64_t magnitude = 0;
  if (!overflow) {
    // |x| = m * 2^e exactly.
    uint64_t biased = (x & src.expMask()) >> (src.layout - 1);
    uint64_t m = x & src.fracMask();
    long e = 1 - src.bias() - static_cast<long>(src.layout - 1);
    if (biased) {
      m |= uint64_t(1) << (src.layout - 1);
      e = static_cast<long>(biased) - src.bias() -
          static_cast<long>(src.layout - 1);
    }
    if (m) {
      long top = e + static_cast<long>(llvm::bit_width(m)) - 1;
      // The weight of the destination's last significand bit where x is
      // truncated: at x's exponent, or the smallest normal one.
      long ulp = std::max(top, static_cast<long>(1 - dst.bias())) - (p - 1);
      // q: |x| / 2^ulp with k fraction bits, truncated.
      long shift = e - ulp + static_cast<long>(k);
      unsigned __int128 q = 0;
      if (shift >= 0)
        q = static_cast<unsigned __int128>(m) << shift;
      else if (shift > -64)
        q = m >> -shift;
      uint64_t units = static_cast<uint64_t>(q >> k);
      uint64_t dropped = static_cast<uint64_t>(q) & maskOf(k);
      carry = dropped + r > maskOf(k);
      units += carry;
      if (units >> p) { // Carried into the next binade.
        units >>= 1;
        ++ulp;
      }
      if (units) {
        long resultTop = ulp + static_cast<long>(llvm::bit_width(units)) - 1;
        long exponent = resultTop + dst.bias();
        if (units >> (p - 1) == 0) { // Subnormal.
          magnitude = units;
        } else if (exponent >= (1L << dst.expBits)) {
          overflow = true;
        } else {
          magnitude = (static_cast<uint64_t>(exponent) << (p - 1)) |
                      (units & dst.fracMask());
          overflow = magnitude > dst.maxFinite();
        }
      }
    }
  }
  uint64_t result = sign | magnitude;
  if (overflow) {
    if (flags.satfinite || dst.noSpecials)
      result = sign | dst.maxFinite();
    else if (dst.finiteOnly)
      result = dst.canonicalNaN();
    else // Toward zero MAX_NORM, away from zero (or infinite) infinity.
      result =
          sign | ((carry || src.isInf(x)) ? dst.expMask() : dst.maxFinite());
  }
  return clampResult(dst, result, flags);
}

} // namespace

namespace tile::ref::lanes {
/// cvt.rs: in[0] the lane's source, in[1] its random bits.
uint64_t convertRsLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return stochasticValue(ctx.ab, ctx.f, ctx.instr.form->randomBits.width, in[1],
                         ctx.flags, in[0]);
}
} // namespace tile::ref::lanes
