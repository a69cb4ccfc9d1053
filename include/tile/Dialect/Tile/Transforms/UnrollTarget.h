//===- UnrollTarget.h - tile-annotate-unroll's default ----------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_UNROLLTARGET_H
#define TILE_DIALECT_TILE_TRANSFORMS_UNROLLTARGET_H

namespace mlir {
namespace tile {

/// Tile instructions an unrolled loop body may hold (TileAnnotateUnroll):
/// on an H200, loops of 8 or 16 fma chains reach nvcc's throughput from
/// about 1024 on (docs/benchmarks.md).
constexpr unsigned kDefaultUnrollTarget = 1024;

} // namespace tile
} // namespace mlir

#endif // TILE_DIALECT_TILE_TRANSFORMS_UNROLLTARGET_H
