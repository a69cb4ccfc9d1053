//===- ApplyOperands.h - finding a tile.apply's operands by role -*- C++
//-*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The checks of the asynchronous protocol find an instruction's operands by
// what the table says they are (its barrier, its tensor map, its parity).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_DIALECT_TILE_TRANSFORMS_APPLYOPERANDS_H
#define TILE_LIB_DIALECT_TILE_TRANSFORMS_APPLYOPERANDS_H

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Ptx/InstrTable.h"

namespace mlir::tile {

/// The index of `op`'s first operand whose table record satisfies `pred`,
/// or -1.
inline int
findOperand(ApplyOp op,
            llvm::function_ref<bool(const ::tile::ptx::OperandDesc &)> pred) {
  for (auto [i, desc] : llvm::enumerate(op.getInstr().form->getOperands()))
    if (pred(desc))
      return static_cast<int>(i);
  return -1;
}

} // namespace mlir::tile

#endif // TILE_LIB_DIALECT_TILE_TRANSFORMS_APPLYOPERANDS_H
