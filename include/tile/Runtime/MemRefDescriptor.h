//===- MemRefDescriptor.h - a memref passed to C as (rank, pointer) -*- C++
//-*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The descriptor of a ranked memref as MLIR's LLVM lowering lays it out,
// which a function called with an unranked memref (without
// `llvm.emit_c_interface`) receives as (rank, pointer). Header-only: the
// CUDA runtime and the CPU runtime both read it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_MEMREFDESCRIPTOR_H
#define TILE_RUNTIME_MEMREFDESCRIPTOR_H

#include <cstdint>
#include <string>

namespace tile::rt {

/// The head of a memref descriptor: {allocated, aligned, offset}, then
/// sizes[rank] and strides[rank].
struct DescriptorHead {
  char *allocated;
  char *aligned;
  int64_t offset;
};

/// The sizes of the memref whose descriptor is at `descriptor` (then its
/// strides).
inline const int64_t *getDescriptorSizes(void *descriptor) {
  return reinterpret_cast<const int64_t *>(
      static_cast<DescriptorHead *>(descriptor) + 1);
}

/// Why a 2-D tensor of `rows` x `cols` with these strides (in elements)
/// cannot have a tiled tensor map (tileTensorMapEncode2D's rules: row-major,
/// the innermost stride 1), or "".
inline std::string checkTensorMap2D(int64_t rows, int64_t cols,
                                    int64_t rowStride, int64_t colStride) {
  if (colStride != 1)
    return "the tensor's innermost stride must be 1, got " +
           std::to_string(colStride);
  if (rows < 1 || cols < 1 || rowStride < cols)
    return "the tensor must be row-major with rows of at least its columns, "
           "got " +
           std::to_string(rows) + " x " + std::to_string(cols) +
           " with row stride " + std::to_string(rowStride);
  return "";
}

} // namespace tile::rt

#endif // TILE_RUNTIME_MEMREFDESCRIPTOR_H
