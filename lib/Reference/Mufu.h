//===- Mufu.h - The H200's multifunction unit, bit for bit -----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The f32 approximations whose form has a MufuModel (accuracy
/// measured_exact): the H200's results, from the measured tables.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_REFERENCE_MUFU_H
#define TILE_LIB_REFERENCE_MUFU_H

#include "tile/Ptx/InstrTable.h"

#include <cstdint>

namespace tile::ref {

/// The H200's result of model `m` for the f32 `a`: the unit alone with
/// `ftz`, else with ptxas's scaling around it.
uint32_t mufuResult(const ptx::MufuModelDesc &m, bool ftz, uint32_t a);

/// The H200's result of the f64 model `m` (MufuReduction::ReciprocalUpper,
/// RsqrtUpper: the unit on a's upper word, the lower word zero;
/// RsqrtRefined: rsqrt.approx.f64's sequence around it).
uint64_t mufuResult64(const ptx::MufuModelDesc &m, uint64_t a);

/// The H200's a / b of the two-source model `m` (MufuReduction::Quotient):
/// a times the unit's reciprocal of b, with ptxas's scaling of both.
uint32_t mufuQuotient(const ptx::MufuModelDesc &m, bool ftz, uint32_t a,
                      uint32_t b);

} // namespace tile::ref

#endif // TILE_LIB_REFERENCE_MUFU_H
