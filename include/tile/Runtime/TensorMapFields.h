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

/// The fields of cuTensorMapEncodeTiled's arguments (`rank` entries of
/// `dims`, `box` and `elementStrides`, `rank - 1` of `strides`; 1 <= rank
/// <= 5, checked by the caller).
inline TensorMapTiledFields
makeTiledFields(int dataType, unsigned rank, uint64_t global,
                const uint64_t *dims, const uint64_t *strides,
                const uint32_t *box, const uint32_t *elementStrides,
                int interleave, int swizzle, int l2Promotion, int oobFill) {
  TensorMapTiledFields f;
  f.dataType = dataType;
  f.rank = rank;
  f.global = global;
  for (unsigned i = 0; i < rank; ++i) {
    f.dims[i] = dims[i];
    f.box[i] = box[i];
    f.elementStrides[i] = elementStrides[i];
    if (i + 1 < rank)
      f.strides[i] = strides[i];
  }
  f.interleave = interleave;
  f.swizzle = swizzle;
  f.l2Promotion = l2Promotion;
  f.oobFill = oobFill;
  return f;
}

} // namespace tile::rt

#endif // TILE_RUNTIME_TENSORMAPFIELDS_H
