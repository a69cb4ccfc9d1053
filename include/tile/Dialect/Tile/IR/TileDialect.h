//===- TileDialect.h - tile dialect -----------------------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_H
#define TILE_DIALECT_TILE_IR_TILEDIALECT_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dialect.h"

#include "tile/Dialect/Tile/IR/TileOpsDialect.h.inc"

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_H
