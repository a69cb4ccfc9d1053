//===- FmaReference.h - bit-exact reference semantics of fma ----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A bit-exact reference of every documented PTX `fma` form, computed with
/// MPFR: the exact a*b+c rounded once in the form's rounding mode to the
/// format's precision and exponent range (subnormals included), then the
/// qualifiers: `.ftz` flushes subnormal inputs and results to sign-preserving
/// zero, `.sat` clamps to [0, 1] (NaN and -0 to +0), `.relu` clamps negatives
/// to +0 (NaN to the canonical NaN), `.oob` gives +0 when a or b is the
/// OOB-NaN. Packed forms compute each lane independently (lane 0 in the low
/// bits); mixed precision widens a and b exactly to f32.
///
/// NaN payloads: the ISA leaves them unspecified for f32 and the half types
/// (`sameResult` then compares NaN-ness), and propagates them for f64.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_REFERENCE_FMAREFERENCE_H
#define TILE_REFERENCE_FMAREFERENCE_H

#include "tile/Ptx/InstrTable.h"

#include <cstdint>

namespace tile {
namespace ref {

/// The OOB-NaN of the .oob forms for f16 and bf16 (with either sign). The ISA
/// does not give its encoding; this one was measured on an H200 (PTX-FMA.md
/// section 2.6).
constexpr uint16_t kOobNaN16 = 0x7FF7;

/// Evaluates `instr` (an fma form) on the register containers a, b, c (the
/// low bits of each uint64 hold the container). Returns the destination
/// container.
uint64_t evalFma(const ptx::Instr &instr, uint64_t a, uint64_t b, uint64_t c);

/// Whether `got` equals `expected` under the NaN rules of the form's type:
/// bit for bit, except that for f32 and the half types any NaN matches any
/// NaN (per lane for packed types).
bool sameResult(const ptx::Instr &instr, uint64_t got, uint64_t expected);

/// Whether the bits of one lane of `type` are a NaN.
bool isNaN(ptx::DataType type, uint64_t bits);

} // namespace ref
} // namespace tile

#endif // TILE_REFERENCE_FMAREFERENCE_H
