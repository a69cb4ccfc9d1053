//===- PtxTableEmitter.h - The instruction table's backends -----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TBLGEN_PTXTABLEEMITTER_H
#define TILE_TBLGEN_PTXTABLEEMITTER_H

namespace llvm {
class raw_ostream;
class RecordKeeper;
} // namespace llvm

namespace tile::tblgen {
/// Each returns true on error (the TableGen convention).
bool emitPtxEnums(llvm::raw_ostream &os, const llvm::RecordKeeper &rk);
bool emitPtxTables(llvm::raw_ostream &os, const llvm::RecordKeeper &rk);
bool emitLaneDispatch(llvm::raw_ostream &os, const llvm::RecordKeeper &rk);
bool emitInputDispatch(llvm::raw_ostream &os, const llvm::RecordKeeper &rk);
bool emitWarpDispatch(llvm::raw_ostream &os, const llvm::RecordKeeper &rk);
/// The MufuTable files embedded with `.incbin` (the includer defines
/// TILE_MUFU_DIR and MufuBlob), and kMufuBlobs naming each.
bool emitMufuData(llvm::raw_ostream &os, const llvm::RecordKeeper &rk);
/// The bits of each tensor-map data type by code, for the runtime (which
/// links no table).
bool emitTensorMapTypeBits(llvm::raw_ostream &os, const llvm::RecordKeeper &rk);
/// The code of a grid synchronization (the GridBarrier record), for the
/// table and the runtime (which finds the kernels that need a cooperative
/// launch by it).
bool emitGridSync(llvm::raw_ostream &os, const llvm::RecordKeeper &rk);
} // namespace tile::tblgen

#endif // TILE_TBLGEN_PTXTABLEEMITTER_H
