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

using tile::diff::maskOf;

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
    return (rng() % (bits + 2)) & m; // Small (0 or 1 for one bit).
  default:
    return r & m;
  }
}

} // namespace

namespace tile::diff::gen {

/// Every source a data value of its own width.
/// Data for every source; an immediate source (lop3's table) takes any
/// value of its range (a kernel with a constant overrides it).
void bitInputs(const GenContext &ctx, uint64_t *src) {
  for (unsigned j = 0; j < ctx.numSources; ++j) {
    const tile::ptx::OperandDesc *o = ctx.instr.form->getSource(j);
    if (o && o->immediate)
      src[j] = o->immMin + ctx.rng() % uint64_t(o->immMax - o->immMin + 1);
    else
      src[j] = dataValue(ctx.instr.form->getSourceBits(j), ctx.rng);
  }
}

} // namespace tile::diff::gen

namespace {

/// A shift amount, bit position or length for data of `bits`: every value
/// from 0 to bits+1, the values around 255/256 (the 8-bit masks of bfe and
/// bfi), the u32 extremes, or random.
uint64_t amountValue(unsigned bits, std::mt19937_64 &rng) {
  static const uint64_t kLarge[] = {255,        256,        257,
                                    0x7FFFFFFF, 0x80000000, 0x80000001,
                                    0xFFFFFFFF, 0xFFFFFFE0, 0x100000020};
  switch (rng() % 8) {
  case 0:
  case 1:
  case 2:
  case 3:
    return rng() % (bits + 2);
  case 4:
    return kLarge[rng() % std::size(kLarge)] & 0xFFFFFFFF;
  case 5:
    return 0xFFFFFF00 | (rng() & 0xFF); // Junk above the low byte.
  case 6:
    return rng() % 320;
  default:
    return rng() & 0xFFFFFFFF;
  }
}

/// Data sources first, then `amounts` amount sources (of the data width).
void dataThenAmounts(const GenContext &ctx, uint64_t *src, unsigned amounts) {
  unsigned data = ctx.numSources - amounts;
  unsigned w = ctx.instr.form->getSourceBits(0);
  for (unsigned j = 0; j < ctx.numSources; ++j)
    src[j] = j < data
                 ? dataValue(ctx.instr.form->getSourceBits(j), ctx.rng)
                 : amountValue(amounts == ctx.numSources ? 32 : w, ctx.rng);
}

} // namespace

namespace tile::diff::gen {

/// shl, shr, shf, szext: the last source is an amount.
void amountInputs(const GenContext &ctx, uint64_t *src) {
  dataThenAmounts(ctx, src, 1);
}

/// bfe, bfi, bmsk: the last two sources are a position and a length.
void fieldInputs(const GenContext &ctx, uint64_t *src) {
  dataThenAmounts(ctx, src, 2);
}

/// fns: a mask, a base (0..33 often, else large) and an offset (small of
/// either sign, or an s32 extreme: INT_MIN gives 0 on an H200).
void fnsInputs(const GenContext &ctx, uint64_t *src) {
  static const int64_t kOffsets[] = {
      INT32_MIN, INT32_MIN + 1, INT32_MAX, INT32_MAX - 1, 64, -64, 100, -100};
  src[0] = dataValue(32, ctx.rng);
  src[1] = amountValue(32, ctx.rng);
  int64_t offset = ctx.rng() % 4 == 0
                       ? kOffsets[ctx.rng() % std::size(kOffsets)]
                       : static_cast<int64_t>(ctx.rng() % 81) - 40;
  src[2] = static_cast<uint64_t>(offset) & 0xFFFFFFFF;
}

} // namespace tile::diff::gen
