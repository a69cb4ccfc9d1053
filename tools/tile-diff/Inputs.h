//===- Inputs.h - tile-diff's input generators ------------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What tile-diff's input generators share. Each semantics key's record
/// names its generator (namespace tile::diff::gen); tile-tblgen declares
/// them and builds the dispatch table, so a key without a generator fails
/// the link. A family's generators may live in a file of their own.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_DIFF_INPUTS_H
#define TILE_TOOLS_TILE_DIFF_INPUTS_H

#include "tile/Ptx/InstrTable.h"

#include <cstdint>
#include <random>

namespace tile::diff {

/// The low `bits` bits set (all 64 for 64 or more).
inline uint64_t maskOf(unsigned bits) {
  return bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
}

/// The most sources a form has (lop3.BoolOp: a, b, c, immLut, q; cvt.rs:
/// {a, b, e, f} and rbits).
constexpr unsigned kMaxSources = 5;

/// A scalar format, for generating inputs.
struct Fmt {
  unsigned bits, expBits, precision;
  int bias() const { return (1 << (expBits - 1)) - 1; }
  uint64_t sign() const { return 1ULL << (bits - 1); }
  uint64_t expMax() const { return (1ULL << expBits) - 1; }
  uint64_t frac() const { return (1ULL << (precision - 1)) - 1; }
  uint64_t mask() const { return bits == 64 ? ~0ULL : (1ULL << bits) - 1; }
  uint64_t make(uint64_t e, uint64_t m) const {
    return (e << (precision - 1)) | (m & frac());
  }
  /// 2^k as bits (normal, subnormal, or 0 below the range).
  uint64_t pow2(long k) const {
    long e = k + bias();
    if (e >= 1 && e < static_cast<long>(expMax()))
      return make(e, 0);
    long sub = k - (1 - bias() - static_cast<long>(precision - 1));
    if (sub >= 0 && sub < static_cast<long>(precision - 1))
      return 1ULL << sub;
    return 0;
  }
};

/// What the input generators read: the instruction, the formats of its
/// sources (`abF`) and of its destination and c (`cF`), the fma of the lane
/// format in round-to-nearest, the number of sources and lanes.
struct GenContext {
  const ptx::Instr &instr;
  const Fmt &abF, &cF;
  const ptx::Instr &rnFma;
  unsigned numSources, lanes, srcLanes;
  std::mt19937_64 &rng;
};
/// An input generator: fills the source containers of one element.
using InputGen = void (*)(const GenContext &ctx, uint64_t *src);

} // namespace tile::diff

#endif // TILE_TOOLS_TILE_DIFF_INPUTS_H
