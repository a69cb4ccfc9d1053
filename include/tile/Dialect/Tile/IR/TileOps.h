//===- TileOps.h - tile dialect operations ----------------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEOPS_H
#define TILE_DIALECT_TILE_IR_TILEOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tile/Dialect/Tile/IR/TileDialect.h"
#include "tile/Ptx/InstrTable.h"

#include "tile/Dialect/Tile/IR/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/Dialect/Tile/IR/TileAttrs.h.inc"

#define GET_OP_CLASSES
#include "tile/Dialect/Tile/IR/TileOps.h.inc"

namespace mlir {
namespace tile {

/// The most instructions one tile.apply may expand to per thread (the product
/// of its repeat extents), and one kernel in all: larger tiles are rejected
/// with a message instead of overflowing or exhausting memory.
constexpr int64_t kMaxRepeatsPerOp = int64_t(1) << 16;
constexpr int64_t kMaxInstructionsPerKernel = int64_t(1) << 20;

/// The kernel-parameter attributes of a tensor map: the layout it was made
/// from, and the split of its rows (TileDialect.td).
constexpr llvm::StringLiteral kTensorMapAttrName = "tile.tensor_map";
constexpr llvm::StringLiteral kTensorMapSplitAttrName = "tile.tensor_map_split";
/// A kernel parameter passed by value into the parameter space (a tensor
/// map as a `__grid_constant__` parameter), and, on a gpu.launch_func, the
/// positions of the operands that go to such parameters
/// (tile-mark-grid-constants).
constexpr llvm::StringLiteral kGridConstantAttrName = "tile.grid_constant";
constexpr llvm::StringLiteral kGridConstantArgsAttrName =
    "tile.grid_constant_args";

/// Whether `type` is a memref in the `#tile.reg` memory space.
bool isRegisterTile(Type type);

/// Whether `type` is a valid register container for PTX data type `t`
/// (see docs/UserGuide.md, "Containers"): an integer of the same width, or a
/// float type the PTX type accepts natively.
bool isValidContainer(::tile::ptx::DataType t, Type type);

/// The MLIR float type of a PTX float format (null for tf32, which has none).
FloatType getFloatType(MLIRContext *ctx, ::tile::ptx::FloatFormat format);

/// Whether `type` is a memref in the workgroup (shared) memory space.
bool isWorkgroupMemRef(MemRefType type);

/// The i64 byte address of `memref`'s first element: its aligned pointer
/// plus its offset in bytes.
Value buildMemRefAddress(OpBuilder &b, Location loc, Value memref);

/// The wgmma matrix descriptor (PTX ISA 9.7.15.5.1.2) of the matrix that
/// starts `byteOffset` bytes after `buffer`'s first element: its start
/// address field or-ed with `constantFields`.
Value buildWgmmaDescriptor(OpBuilder &b, Location loc, Value buffer,
                           int64_t byteOffset, uint64_t constantFields);

/// `"a", "b", ...`: the names of `items` (table records with a `name`).
template <typename Range> std::string quoteNames(const Range &items) {
  std::string names;
  for (const auto &item : items)
    names += (names.empty() ? "\"" : ", \"") + std::string(item.name) + "\"";
  return names;
}

/// A human-readable list of the containers accepted for `t`.
std::string describeContainers(::tile::ptx::DataType t);

} // namespace tile
} // namespace mlir

#endif // TILE_DIALECT_TILE_IR_TILEOPS_H
