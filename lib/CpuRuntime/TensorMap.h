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
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <string>

namespace tile::cpu {

/// A tensor map as the CPU backend stores it (at most 128 bytes): tiled
/// (cuTensorMapEncodeTiled) or im2col (cuTensorMapEncodeIm2col).
/// Dimensions are innermost first, as the driver and the PTX coordinates
/// number them; an im2col map's are C, then the spatial dimensions (W, H,
/// D), then N.
struct TensorMap {
  static constexpr uint32_t kMagic = 0x6d745043; // "CPtm"
  static constexpr unsigned kMaxRank = 5;
  static constexpr unsigned kMaxSpatial = kMaxRank - 2;
  uint32_t magic;
  uint8_t rank, elementBytes, swizzle, oobFill, dataType;
  /// 1 for an im2col map, 0 for a tiled one.
  uint8_t im2col;
  /// Im2col: the traversal stride of each dimension (the first, the
  /// channels', is ignored, as the driver ignores it).
  uint8_t elementStrides[kMaxRank];
  uint8_t reserved;
  /// Im2col: the bounding box of the pixels' base coordinates in spatial
  /// dimension i + 1 is [lower[i], dims[i + 1] + upper[i]).
  int16_t lower[kMaxSpatial], upper[kMaxSpatial];
  /// Tiled: the box's elements in each dimension. Im2col: box[0] is the
  /// channels per pixel, box[1] the pixels per column.
  uint16_t box[kMaxRank];
  uint64_t global;
  uint64_t dims[kMaxRank];
  /// Bytes between consecutive indices of dimensions 1 to rank - 1.
  uint64_t strides[kMaxRank - 1];

  /// The elements one copy moves (the bytes its mbarrier receives are
  /// these times the element's).
  uint64_t getBoxElements() const;
  /// The bytes of shared memory the box spans.
  uint64_t getSharedBytes() const;
};
static_assert(sizeof(TensorMap) <= 128, "a tensor map has 128 bytes");

/// Why the driver would not encode `m`, or "".
std::string checkTensorMap(const TensorMap &m);

/// Why an im2col copy from `coords` through `m` is an error, or "": its
/// pixels' base lies outside the bounding box (the ISA requires it within;
/// the GPU faults with an illegal instruction, measured), or, for a store
/// or reduction (`store`), it breaks the ISA's restrictions (coordinates
/// not negative, the bounding box within the tensor).
std::string checkIm2colCopy(const TensorMap &m, llvm::ArrayRef<int64_t> coords,
                            bool store);

/// Calls `fn(offset, at)` for each element of the box a copy through `m`
/// moves: `offset` its byte offset in the box in shared memory (before the
/// swizzle), `at` its coordinates in the tensor (innermost first; possibly
/// outside it). `coords` are the instruction's and `offsets` its im2col
/// offsets (none: zeros). Tiled: the box starts at `coords`, its rows (the
/// innermost dimension) a row pitch apart.
/// Im2col: pixel p's channels are a row of `box[0]` elements from
/// coords[0] on, at p times the row pitch; the
/// pixels' base coordinates start at coords[1..] and step through the
/// bounding box, the innermost spatial dimension first, each by its
/// traversal stride, wrapping to the lower corner (then N steps by its
/// stride); each access adds the offsets to the base. The row pitch is the
/// row's bytes, or under a swizzle its span (the TensorRowLayout record).
void walkBox(const TensorMap &m, llvm::ArrayRef<int64_t> coords,
             llvm::ArrayRef<int64_t> offsets,
             llvm::function_ref<void(uint64_t, const int64_t *)> fn);

/// Runs the tensor copy `instr` (cp.async.bulk.tensor, tile or im2col
/// mode) with its operand slots `in`: the box between the tensor its map
/// describes and shared memory. Errors end the program.
void copyTensor(const ptx::Instr &instr, const uint8_t *in);

} // namespace tile::cpu

#endif // TILE_LIB_CPURUNTIME_TENSORMAP_H
