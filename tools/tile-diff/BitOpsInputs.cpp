//===- BitOpsInputs.cpp - tile-diff's inputs of the bit operations --------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Input generators of the bit operations. Each source is filled at its own
/// operand's width, from edge classes (0, all ones, the signed MIN and MAX,
/// single bits, low and high masks, a width's worth of small values) or
/// random bits.
///
//===----------------------------------------------------------------------===//

#include "Inputs.h"

namespace {

using tile::diff::GenContext;

uint64_t maskOf(unsigned bits) {
  return bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
}

/// The register width of the `k`th source of the instruction.
unsigned sourceBits(const GenContext &ctx, unsigned k) {
  unsigned n = 0;
  for (const tile::ptx::OperandDesc &o : ctx.instr.form->getOperands())
    if (o.role == tile::ptx::OperandRole::Use && n++ == k)
      return tile::ptx::getInfo(o.type).bits;
  return 64;
}

/// A data value of `bits`: an edge class or random bits.
uint64_t dataValue(unsigned bits, std::mt19937_64 &rng) {
  uint64_t m = maskOf(bits), r = rng();
  unsigned k = rng() % bits;
  switch (rng() % 12) {
  case 0:
    return 0;
  case 1:
    return m; // All ones.
  case 2:
    return 1ULL << (bits - 1); // Signed MIN.
  case 3:
    return m >> 1; // Signed MAX.
  case 4:
    return 1ULL << k; // A single bit.
  case 5:
    return m >> k; // A low mask.
  case 6:
    return (m << k) & m; // A high mask.
  case 7:
    return ~(1ULL << k) & m; // All ones but one bit.
  case 8:
    return rng() % (bits + 2); // Small.
  default:
    return r & m;
  }
}

} // namespace

namespace tile::diff::gen {

/// Every source a data value of its own width.
void bitInputs(const GenContext &ctx, uint64_t *src) {
  for (unsigned j = 0; j < ctx.numSources; ++j)
    src[j] = dataValue(sourceBits(ctx, j), ctx.rng);
}

} // namespace tile::diff::gen
