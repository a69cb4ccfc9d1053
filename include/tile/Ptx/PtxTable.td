//===- PtxTable.td - The PTX instruction table -----------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Every record of the instruction table, in documentation order: the forms
// of each family file appear in the order the files are included here.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_PTXTABLE_TD
#define TILE_PTX_PTXTABLE_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/FloatArith.td"
include "tile/Ptx/Special.td"
include "tile/Ptx/SpecialMeasured.td"
include "tile/Ptx/IntArith.td"
include "tile/Ptx/Convert.td"
include "tile/Ptx/IntConvert.td"
include "tile/Ptx/Compare.td"
include "tile/Ptx/DataMovement.td"
include "tile/Ptx/BitOps.td"
include "tile/Ptx/Warp.td"
include "tile/Ptx/Mma.td"
include "tile/Ptx/Matrix.td"
include "tile/Ptx/Async.td"
include "tile/Ptx/Barrier.td"
include "tile/Ptx/Bulk.td"
include "tile/Ptx/Hopper.td"
include "tile/Ptx/Atomic.td"
include "tile/Ptx/CtaBarrier.td"
include "tile/Ptx/Wgmma.td"
include "tile/Ptx/SpecialRegs.td"
include "tile/Ptx/Hints.td"
include "tile/Ptx/Address.td"
include "tile/Ptx/Targets.td"

#endif // TILE_PTX_PTXTABLE_TD
