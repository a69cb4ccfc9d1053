//===- TileToHost.h - the CPU backend's lowering ----------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_TILETOHOST_TILETOHOST_H
#define TILE_CONVERSION_TILETOHOST_TILETOHOST_H

#include "tile/Conversion/TileToNVVM/TileToNVVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace tile {

/// Name of the host function that runs one thread of `kernel` in
/// `module` (see ConvertGpuTileToHost).
std::string getHostKernelName(StringRef module, StringRef kernel);

} // namespace tile
} // namespace mlir

#endif // TILE_CONVERSION_TILETOHOST_TILETOHOST_H
