//===- IntConvertInputs.cpp - tile-diff's inputs of the integer cvt ------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Input generators of the integer conversions (include/tile/Ptx/
/// IntConvert.td), with the edge classes of every rule docs/IntegerFacts.md
/// section 5 gives:
///
/// - integer sources: every integer type's boundaries +-2 (0, 2^(k-1),
///   2^k, -2^(k-1) for k = 8, 16, 32, 64) taken modulo the source width,
///   small values of either sign, random magnitudes, and (8-bit values in a
///   16-bit register) junk in the high byte, which cvt must ignore; into a
///   float, integers longer than the float's precision whose dropped bits
///   are a tie, just above or just below one (the f16 overflow at 65520
///   among them);
/// - float sources: every NaN class (quiet, signalling, either sign, any
///   payload), +-inf, +-0, subnormals, exact halves n + 0.5 and one ulp on
///   either side, values within a few ulps of +-2^k for every integer
///   width, and random values of any exponent;
/// - cvt.pack: a and b around every convert type's range +-2, s32's ends,
///   and random values; c random bits, 0 or all ones.
///
//===----------------------------------------------------------------------===//

#include "Inputs.h"

using tile::diff::Fmt;
using tile::diff::GenContext;

namespace {

using tile::diff::maskOf;

const tile::ptx::DataTypeInfo &operandType(const GenContext &ctx,
                                           unsigned index) {
  return tile::ptx::getInfo(ctx.instr.form->operands[index].type);
}

/// An integer type's boundary +-2 (modulo 2^64).
uint64_t boundary(std::mt19937_64 &rng) {
  static const unsigned widths[] = {8, 16, 32, 64};
  unsigned k = widths[rng() % 4];
  uint64_t half = 1ULL << (k - 1);
  uint64_t bases[] = {0, half, half << 1, 0 - half};
  return bases[rng() % 4] + (rng() % 5) - 2;
}

/// An integer longer than `precision` bits (up to `bits`) whose bits below
/// the precision are a tie, or one more or less than one; or the top bits
/// all ones (overflow into the next binade).
uint64_t roundingCase(unsigned precision, unsigned bits, std::mt19937_64 &rng) {
  if (bits <= precision + 1)
    return rng() & maskOf(bits);
  unsigned len = precision + 1 + rng() % (bits - precision);
  unsigned drop = len - precision;
  uint64_t top = (rng() | (1ULL << (precision - 1))) & maskOf(precision);
  if (rng() % 4 == 0)
    top = maskOf(precision);
  uint64_t tie = 1ULL << (drop - 1);
  uint64_t tail = tie + (rng() % 3) - 1;
  return (top << drop) | (tail & maskOf(drop));
}

/// One integer value of `valueBits` (before the junk high bits).
uint64_t intValue(unsigned valueBits, unsigned precision,
                  std::mt19937_64 &rng) {
  uint64_t r = rng();
  switch (rng() % 8) {
  case 0:
  case 1:
  case 2:
    return boundary(rng);
  case 3: // Small values of either sign.
    return rng() & 1 ? r % 300 : 0 - r % 300;
  case 4: // A random magnitude.
    return r >> (rng() % 64);
  case 5:
    if (precision)
      return roundingCase(precision, valueBits, rng);
    return r;
  default:
    return r;
  }
}

/// An integer source of `t` in its register, high bits junk half the time.
uint64_t intSource(const tile::ptx::DataTypeInfo &t, unsigned precision,
                   std::mt19937_64 &rng) {
  uint64_t v = intValue(t.valueBits, precision, rng) & maskOf(t.valueBits);
  if (t.bits > t.valueBits && (rng() & 1))
    v |= rng() & maskOf(t.bits) & ~maskOf(t.valueBits);
  return v;
}

/// A NaN of any class: quiet or signalling, either sign, any payload.
uint64_t nanValue(const Fmt &f, std::mt19937_64 &rng) {
  uint64_t s = (rng() & 1) ? f.sign() : 0;
  uint64_t quiet = 1ULL << (f.precision - 2);
  uint64_t m = rng() & f.frac();
  switch (rng() % 3) {
  case 0:
    m = quiet; // The canonical payload.
    break;
  case 1:
    m = (m & (quiet - 1)) | 1; // Signalling.
    break;
  default:
    m |= 1;
    break;
  }
  return s | f.make(f.expMax(), m);
}

/// The bits of n * 2^s in `f` (n exact in the precision, normal), or 0.
uint64_t exactBits(const Fmt &f, uint64_t n, int s) {
  if (!n)
    return 0;
  int len = 64 - __builtin_clzll(n);
  long e = len - 1 + s + f.bias();
  if (len > static_cast<int>(f.precision) || e < 1 ||
      e >= static_cast<long>(f.expMax()))
    return 0;
  return f.make(e, n << (f.precision - len));
}

/// Near a rounding decision: n + 0.5 for small or large n, or 2^k for an
/// integer width's k; then a few ulps either way.
uint64_t nearInteger(const Fmt &f, std::mt19937_64 &rng) {
  static const int ks[] = {7, 8, 15, 16, 31, 32, 63, 64};
  uint64_t x;
  if (rng() & 1) {
    uint64_t n = rng() % 2 ? rng() % 64 : (rng() >> (rng() % 64));
    x = exactBits(f, 2 * n + 1, -1);
  } else {
    long e = f.bias() + ks[rng() % 8];
    // Past the format's range: its largest finite values instead.
    x = e < static_cast<long>(f.expMax()) ? f.make(e, 0)
                                          : f.make(f.expMax(), 0) - 2;
  }
  uint64_t delta = rng() % 5;
  x = x >= 2 ? x + delta - 2 : x + delta;
  return (x & (f.mask() >> 1)) | ((rng() & 1) ? f.sign() : 0);
}

/// One float source of `f`.
uint64_t floatSource(const Fmt &f, std::mt19937_64 &rng) {
  uint64_t s = (rng() & 1) ? f.sign() : 0, r = rng();
  switch (rng() % 12) {
  case 0:
    return nanValue(f, rng);
  case 1:
    return s | f.make(f.expMax(), 0); // +-inf
  case 2:
    return s; // +-0
  case 3:
    return s | (r & f.frac() ? r & f.frac() : 1); // A subnormal.
  case 4:
    return s | (rng() & 1 ? 1 : f.frac()); // The ends of the subnormals.
  case 5:
  case 6:
  case 7:
    return nearInteger(f, rng);
  case 8: // An exponent among the integers' range.
    return s | f.make(f.bias() - 2 + rng() % 70 % (f.expMax() - f.bias()), r);
  default:
    return r & f.mask();
  }
}

/// A cvt.pack source: around a convert type's range, s32's ends, or random.
uint64_t packSource(std::mt19937_64 &rng) {
  static const unsigned widths[] = {2, 4, 8, 16, 32};
  unsigned w = widths[rng() % 5];
  uint64_t ends[] = {0, (1ULL << (w - 1)) - 1, 0 - (1ULL << (w - 1)),
                     (1ULL << w) - 1};
  switch (rng() % 4) {
  case 0:
  case 1:
    return (ends[rng() % 4] + (rng() % 5) - 2) & 0xFFFFFFFF;
  case 2:
    return (rng() >> (rng() % 64)) & 0xFFFFFFFF;
  default:
    return rng() & 0xFFFFFFFF;
  }
}

} // namespace

namespace tile::diff::gen {
/// cvt d, a: a from the classes of its type (integer or float).
void intConvertInputs(const GenContext &ctx, uint64_t *src) {
  const tile::ptx::DataTypeInfo &a = operandType(ctx, 1);
  if (a.format != tile::ptx::FloatFormat::None)
    src[0] = floatSource(ctx.abF, ctx.rng);
  else
    src[0] = intSource(a, ctx.cF.precision, ctx.rng);
}
/// cvt.pack d, a, b{, c}.
void cvtPackInputs(const GenContext &ctx, uint64_t *src) {
  src[0] = packSource(ctx.rng);
  src[1] = packSource(ctx.rng);
  if (ctx.numSources > 2) {
    uint64_t r = ctx.rng();
    src[2] = (r % 4 == 0 ? 0 : r % 4 == 1 ? ~0ULL : ctx.rng()) & 0xFFFFFFFF;
  }
}
} // namespace tile::diff::gen
