//===- TensorMap.h - tensor maps of the CPU backend -------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The CPU backend's tensor map: what cuTensorMapEncodeTiled would encode,
// kept in the map's 128 bytes in a layout of the backend's own (the
// driver's is opaque), and the tensor copies that read it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CPURUNTIME_TENSORMAP_H
#define TILE_LIB_CPURUNTIME_TENSORMAP_H

#include "tile/Ptx/InstrTable.h"

#include <cstdint>

namespace tile::cpu {

/// A tiled tensor map as the CPU backend stores it (at most 128 bytes).
/// Dimensions are innermost first, as the driver and the PTX coordinates
/// number them.
struct TensorMap {
  static constexpr uint32_t kMagic = 0x6d745043; // "CPtm"
  static constexpr unsigned kMaxRank = 5;
  uint32_t magic;
  uint32_t rank, elementBytes, swizzle, oobFill;
  uint32_t dataType;
  uint32_t box[kMaxRank];
  uint64_t global;
  uint64_t dims[kMaxRank];
  /// Bytes between consecutive indices of dimensions 1 to rank - 1.
  uint64_t strides[kMaxRank - 1];
};
static_assert(sizeof(TensorMap) <= 128, "a tensor map has 128 bytes");

/// Runs the tensor copy `instr` (cp.async.bulk.tensor, tile mode) with its
/// operand slots `in`: the box between the tensor its map describes and
/// shared memory. Errors end the program.
void copyTensor(const ptx::Instr &instr, const uint8_t *in);

} // namespace tile::cpu

#endif // TILE_LIB_CPURUNTIME_TENSORMAP_H
