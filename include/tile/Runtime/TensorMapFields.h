//===- TensorMapFields.h - the fields of a tiled tensor map -----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What cuTensorMapEncodeTiled takes, as one value: both encoders read it,
/// the CUDA runtime's (through the driver) and the CPU backend's.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_TENSORMAPFIELDS_H
#define TILE_RUNTIME_TENSORMAPFIELDS_H

#include <cstdint>

namespace tile::rt {

/// A tiled tensor map's parameters: `rank` dimensions, innermost first as
/// the driver takes them (`dims`, the byte strides of the outer `rank - 1`,
/// the box, the element strides), the enums' values as cuda.h defines them.
struct TensorMapTiledFields {
  int dataType = 0;
  unsigned rank = 0;
  uint64_t global = 0;
  uint64_t dims[5] = {}, strides[4] = {};
  uint32_t box[5] = {}, elementStrides[5] = {};
  int interleave = 0, swizzle = 0, l2Promotion = 0, oobFill = 0;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_TENSORMAPFIELDS_H
