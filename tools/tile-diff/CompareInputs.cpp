//===- CompareInputs.cpp - Inputs of comparison and selection -------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// tile-diff's input generators of setp, set, selp, slct and testp. Each
/// source is drawn in the format of its own operand (from the table): edge
/// classes (+-0, subnormals, +-inf, NaNs, the integer MIN/MAX and their
/// neighbours), equal pairs and pairs one step apart, and random bits. A
/// predicate source is 0 or 1 (kernels hold it in an integer).
///
//===----------------------------------------------------------------------===//

#include "Inputs.h"

using tile::diff::Fmt;
using tile::diff::GenContext;

namespace {

/// The lane format of the form's operand `index`.
Fmt operandFormat(const GenContext &ctx, unsigned index) {
  const tile::ptx::DataTypeInfo &type =
      tile::ptx::getInfo(ctx.instr.form->operands[index].type);
  const tile::ptx::FloatFormatInfo &info = tile::ptx::getInfo(type.format);
  if (info.format == tile::ptx::FloatFormat::None)
    return {type.bits / type.lanes, 0, 0};
  return {info.bits, info.expBits, info.precision};
}

/// One value of `f`: an edge class or random bits.
uint64_t edgeValue(const Fmt &f, std::mt19937_64 &rng) {
  uint64_t r = rng();
  if (f.bits == 1)
    return r & 1;
  if (!f.expBits) { // An integer: 0, +-1, MIN, MAX and their neighbours.
    uint64_t top = 1ULL << (f.bits - 1);
    const uint64_t edges[] = {0,       1,       f.mask(),    top,
                              top - 1, top + 1, f.mask() - 1};
    if (rng() % 2)
      return edges[rng() % 7] & f.mask();
    return r & f.mask();
  }
  uint64_t s = (rng() & 1) ? f.sign() : 0;
  switch (rng() % 12) {
  case 0:
    return s; // +-0
  case 1:
    return s | 1; // The smallest subnormal.
  case 2:
    return s | (r & f.frac()); // A subnormal.
  case 3:
    return s | f.make(1, r); // The smallest normals.
  case 4:
    return s | f.make(f.expMax() - 1, f.frac()); // The largest finite.
  case 5:
    return s | f.make(f.expMax(), 0); // +-inf
  case 6:                             // A quiet NaN.
    return s | f.make(f.expMax(), (1ULL << (f.precision - 2)) | r);
  case 7: { // A signalling NaN.
    uint64_t m = r & (f.frac() >> 1);
    return s | f.make(f.expMax(), m ? m : 1);
  }
  default:
    return r & f.mask();
  }
}

/// a and b of a comparison: often equal, one step apart, or the two zeros.
void comparePair(const Fmt &f, std::mt19937_64 &rng, uint64_t &a, uint64_t &b) {
  a = edgeValue(f, rng);
  switch (rng() % 4) {
  case 0:
    b = a;
    return;
  case 1:
    b = (a + ((rng() & 1) ? 1 : f.mask())) & f.mask();
    return;
  case 2:
    b = f.expBits ? a ^ f.sign() : edgeValue(f, rng);
    return;
  default:
    b = edgeValue(f, rng);
  }
}

} // namespace

namespace tile::diff::gen {

/// setp and set: a, b of the source type (a pair per lane of a packed
/// type), c a predicate.
void compareInputs(const GenContext &ctx, uint64_t *src) {
  // The first source follows the destinations (p, or p|q).
  unsigned first = ctx.instr.form->getNumDefs();
  Fmt f = operandFormat(ctx, first);
  unsigned lanes =
      tile::ptx::getInfo(ctx.instr.form->operands[first].type).lanes;
  src[0] = src[1] = 0;
  for (unsigned l = 0; l < lanes; ++l) {
    uint64_t a, b;
    comparePair(f, ctx.rng, a, b);
    src[0] |= a << (l * f.bits);
    src[1] |= b << (l * f.bits);
  }
  if (ctx.numSources > 2)
    src[2] = ctx.rng() & 1;
}

/// selp: a, b of the type, c a predicate.
void selpInputs(const GenContext &ctx, uint64_t *src) {
  Fmt f = operandFormat(ctx, 1);
  src[0] = edgeValue(f, ctx.rng);
  src[1] = edgeValue(f, ctx.rng);
  src[2] = ctx.rng() & 1;
}

/// slct: a, b of the type, c of .s32 or .f32 (zeros, subnormals and NaNs
/// among its edges).
void slctInputs(const GenContext &ctx, uint64_t *src) {
  Fmt f = operandFormat(ctx, 1);
  src[0] = edgeValue(f, ctx.rng);
  src[1] = edgeValue(f, ctx.rng);
  src[2] = edgeValue(operandFormat(ctx, 3), ctx.rng);
}

/// testp: every class of the source format.
void testpInputs(const GenContext &ctx, uint64_t *src) {
  src[0] = edgeValue(operandFormat(ctx, 1), ctx.rng);
}

} // namespace tile::diff::gen
