/*===- tile-c/Dialect.h - C API of the tile dialect -------------*- C -*-===*\
|*                                                                            *|
|* Part of tile-mlir.                                                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * The tile dialect through MLIR's C API conventions: the dialect handle,
 * registration of what the pipelines need, the passes and pipelines, builders
 * for the opcode attribute, `tile.alloc_local` and `tile.apply`, and one call
 * that compiles a module to PTX and hands the diagnostics to the caller.
 */

#ifndef TILE_C_DIALECT_H
#define TILE_C_DIALECT_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tile, tile);

/// Registers the tile dialect and every dialect, interface and translation
/// the tile pipelines use (gpu, nvvm, llvm, arith, memref, ...).
MLIR_CAPI_EXPORTED void
tileRegisterCompilerDialects(MlirDialectRegistry registry);

/// Registers the tile passes, the conversion pass and the tile-to-nvvm,
/// tile-to-ptx and tile-to-llvm pipelines with the global pass registry.
MLIR_CAPI_EXPORTED void tileRegisterPasses(void);

/// The decoded opcode attribute of `spelling` (e.g. "fma.rn.f32"); forms that
/// share a spelling are chosen by `numOperands` (0: the first). Returns a
/// null attribute and emits an error diagnostic on the context when the
/// spelling is not a documented PTX form.
MLIR_CAPI_EXPORTED MlirAttribute tilePtxOpcodeAttrGet(MlirContext ctx,
                                                      MlirStringRef spelling,
                                                      intptr_t numOperands);

/// Whether `attr` is a decoded opcode attribute.
MLIR_CAPI_EXPORTED bool tileAttributeIsAPtxOpcode(MlirAttribute attr);

/// Passes the canonical spelling of an opcode attribute to `callback`.
MLIR_CAPI_EXPORTED void
tilePtxOpcodeAttrGetSpelling(MlirAttribute attr, MlirStringCallback callback,
                             void *userData);

/// `#tile.reg`, the memory space of register tiles.
MLIR_CAPI_EXPORTED MlirAttribute tileRegisterSpaceAttrGet(MlirContext ctx);

/// A detached `tile.alloc_local` of `type` (a memref in `#tile.reg`).
MLIR_CAPI_EXPORTED MlirOperation tileAllocLocalOpCreate(MlirLocation loc,
                                                        MlirType type);

/// A detached `tile.apply` of `opcode` over `args`; `pred` may be null;
/// `scope` is "thread", "warp", "warpgroup" or "cta". Returns a null operation
/// (and emits an error) for an unknown scope.
MLIR_CAPI_EXPORTED MlirOperation
tileApplyOpCreate(MlirLocation loc, MlirAttribute opcode, intptr_t numArgs,
                  MlirValue const *args, MlirValue pred, bool preserveDst,
                  MlirStringRef scope);

/// Compiles the gpu.modules of `module` to PTX with the tile-to-ptx pipeline
/// (`chip` and `ptxVersion` may be empty to keep the modules' targets) and
/// passes the PTX to `ptx`. Every diagnostic, with its location, goes to
/// `diagnostics` (one call per diagnostic) instead of stderr.
MLIR_CAPI_EXPORTED MlirLogicalResult tileCompileToPtx(
    MlirModule module, MlirStringRef chip, MlirStringRef ptxVersion,
    MlirStringCallback ptx, void *ptxUserData, MlirStringCallback diagnostics,
    void *diagnosticsUserData);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_DIALECT_H */
