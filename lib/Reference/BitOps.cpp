//===- BitOps.cpp - Lane functions of the bit operations ------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The reference lane functions of the bit operations (include/tile/Ptx/
/// BitOps.td): the PTX ISA's pseudo-code, with the H200's results where the
/// ISA leaves a case open or where the hardware differs from the pseudo-code
/// (measured: /work/scratch/h200-intfacts/FACTS.md). Each source arrives
/// masked to its operand's width.
///
//===----------------------------------------------------------------------===//

#include "Lanes.h"

#include "llvm/ADT/bit.h"

namespace tile::ref::lanes {

/// popc: the number of set bits (0 for 0; 32 / 64 for all ones).
uint64_t popcLane(const LaneContext &, llvm::ArrayRef<uint64_t> in) {
  return llvm::popcount(in[0]);
}

} // namespace tile::ref::lanes
