//===- tile-tblgen.cpp - TableGen backends of tile-mlir -------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "PtxTableEmitter.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"

using namespace llvm;

namespace {
enum Action {
  GenPtxEnums,
  GenPtxTables,
  GenLaneDispatch,
  GenInputDispatch,
  GenWarpDispatch,
  GenTensorMapTypeBits,
  GenGridSync,
  GenMufuData
};

cl::opt<Action> action(
    cl::desc("Action to perform:"),
    cl::values(clEnumValN(GenPtxEnums, "gen-ptx-enums", "The table's enums"),
               clEnumValN(GenPtxTables, "gen-ptx-tables", "The table's arrays"),
               clEnumValN(GenLaneDispatch, "gen-ptx-lane-dispatch",
                          "The reference's lane function per semantics key"),
               clEnumValN(GenInputDispatch, "gen-ptx-input-dispatch",
                          "tile-diff's input generator per semantics key"),
               clEnumValN(GenWarpDispatch, "gen-ptx-warp-dispatch",
                          "The reference's warp function per collective"),
               clEnumValN(GenTensorMapTypeBits, "gen-ptx-tensor-map-type-bits",
                          "The bits of each tensor-map data type"),
               clEnumValN(GenGridSync, "gen-ptx-grid-sync",
                          "The code of a grid synchronization"),
               clEnumValN(GenMufuData, "gen-mufu-data",
                          "The measured multifunction-unit tables")));

bool run(raw_ostream &os, const RecordKeeper &records) {
  switch (action) {
  case GenPtxEnums:
    return tile::tblgen::emitPtxEnums(os, records);
  case GenPtxTables:
    return tile::tblgen::emitPtxTables(os, records);
  case GenLaneDispatch:
    return tile::tblgen::emitLaneDispatch(os, records);
  case GenInputDispatch:
    return tile::tblgen::emitInputDispatch(os, records);
  case GenWarpDispatch:
    return tile::tblgen::emitWarpDispatch(os, records);
  case GenTensorMapTypeBits:
    return tile::tblgen::emitTensorMapTypeBits(os, records);
  case GenGridSync:
    return tile::tblgen::emitGridSync(os, records);
  case GenMufuData:
    return tile::tblgen::emitMufuData(os, records);
  }
  return true;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM y(argc, argv);
  cl::ParseCommandLineOptions(argc, argv);
  return TableGenMain(argv[0], &run);
}
