//===- Diagnostics.h - diagnostics handed to a C API caller -----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CAPI_DIAGNOSTICS_H
#define TILE_LIB_CAPI_DIAGNOSTICS_H

#include "mlir-c/Support.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::tile::capi {

/// While alive, passes every diagnostic of `ctx` to `callback` as
/// "loc: severity: message" with its notes, instead of printing it.
class ForwardedDiagnostics {
public:
  ForwardedDiagnostics(MLIRContext *ctx, MlirStringCallback callback,
                       void *userData);

private:
  ScopedDiagnosticHandler handler;
};

} // namespace mlir::tile::capi

#endif // TILE_LIB_CAPI_DIAGNOSTICS_H
