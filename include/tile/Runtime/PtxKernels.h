//===- PtxKernels.h - what the runtime reads of a PTX module ---*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The functions of a PTX module as the runtime reads them: which kernels
/// synchronize their grid (tile.grid_sync), so that the mgpu launches of
/// tile-runner launch them cooperatively.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_PTXKERNELS_H
#define TILE_RUNTIME_PTXKERNELS_H

#include <set>
#include <string>
#include <vector>

namespace tile {
namespace rt {

/// A function of a PTX module: its name, whether it is a kernel (`.entry`)
/// or a device function (`.func`), and its body (from its opening brace to
/// the matching closing one).
struct PtxFunction {
  std::string name;
  bool entry;
  std::string body;
};

/// The `.entry` and `.func` definitions of `ptx` (declarations, which have
/// no body, are left out).
std::vector<PtxFunction> splitPtxFunctions(const std::string &ptx);

/// The kernels (`.entry` names) of the PTX `ptx` that synchronize their
/// grid: their code, or that of a function they call (directly or not),
/// has the grid synchronization's read of the grid workspace (the
/// GridBarrier record's statement with `%envreg`).
std::set<std::string> findGridSyncKernels(const std::string &ptx);

} // namespace rt
} // namespace tile

#endif // TILE_RUNTIME_PTXKERNELS_H
