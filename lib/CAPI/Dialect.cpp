//===- Dialect.cpp - C API of the tile dialect ----------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile-c/Dialect.h"
#include "Diagnostics.h"
#include "tile/Conversion/TileToNVVM/TileToNVVM.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Pipelines/Pipelines.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Tile, tile, mlir::tile::TileDialect)

void tileRegisterCompilerDialects(MlirDialectRegistry registry) {
  mlir::tile::registerTileCompilerDialects(*unwrap(registry));
}

void tileRegisterPasses(void) {
  mlir::tile::registerTilePasses();
  mlir::tile::registerTileConversionPasses();
  mlir::tile::registerTilePipelines();
}

MlirAttribute tilePtxOpcodeAttrGet(MlirContext ctx, MlirStringRef spelling,
                                   intptr_t numOperands) {
  MLIRContext *context = unwrap(ctx);
  ::tile::ptx::FormHint hint;
  if (numOperands > 0)
    hint.numOperands = static_cast<unsigned>(numOperands);
  return wrap(mlir::tile::PtxOpcodeAttr::decode(
      [&] { return emitError(UnknownLoc::get(context)); }, context,
      unwrap(spelling), hint));
}

bool tileAttributeIsAPtxOpcode(MlirAttribute attr) {
  return isa<mlir::tile::PtxOpcodeAttr>(unwrap(attr));
}

void tilePtxOpcodeAttrGetSpelling(MlirAttribute attr,
                                  MlirStringCallback callback, void *userData) {
  std::string s = cast<mlir::tile::PtxOpcodeAttr>(unwrap(attr)).getSpelling();
  callback(mlirStringRefCreate(s.data(), s.size()), userData);
}

MlirAttribute tileRegisterSpaceAttrGet(MlirContext ctx) {
  return wrap(mlir::tile::RegisterSpaceAttr::get(unwrap(ctx)));
}

MlirOperation tileAllocLocalOpCreate(MlirLocation loc, MlirType type) {
  OpBuilder b(unwrap(loc)->getContext());
  return wrap(mlir::tile::AllocLocalOp::create(b, unwrap(loc),
                                               cast<MemRefType>(unwrap(type)))
                  .getOperation());
}

MlirOperation tileApplyOpCreate(MlirLocation loc, MlirAttribute opcode,
                                intptr_t numArgs, MlirValue const *args,
                                MlirValue pred, bool preserveDst,
                                MlirStringRef scope) {
  Location location = unwrap(loc);
  std::optional<mlir::tile::Scope> s =
      mlir::tile::symbolizeScope(unwrap(scope));
  if (!s) {
    emitError(location) << "unknown scope '" << unwrap(scope)
                        << "' (expected thread, warp, warpgroup or cta)";
    return MlirOperation{nullptr};
  }
  SmallVector<Value> values;
  for (intptr_t i = 0; i < numArgs; ++i)
    values.push_back(unwrap(args[i]));
  OpBuilder b(location->getContext());
  auto op = mlir::tile::ApplyOp::create(
      b, location, cast<mlir::tile::PtxOpcodeAttr>(unwrap(opcode)), values,
      mlirValueIsNull(pred) ? Value() : unwrap(pred), preserveDst, *s,
      /*negated=*/nullptr);
  return wrap(op.getOperation());
}

MlirLogicalResult tileCompileToPtx(MlirModule module, MlirStringRef chip,
                                   MlirStringRef ptxVersion,
                                   MlirStringCallback ptx, void *ptxUserData,
                                   MlirStringCallback diagnostics,
                                   void *diagnosticsUserData) {
  ModuleOp m = unwrap(module);
  MLIRContext *ctx = m.getContext();
  // Every diagnostic goes to the caller, with its location.
  mlir::tile::capi::ForwardedDiagnostics forward(ctx, diagnostics,
                                                 diagnosticsUserData);
  mlir::tile::TileToPtxOptions opts;
  opts.chip = unwrap(chip).str();
  if (ptxVersion.length) {
    std::optional<unsigned> v =
        ::tile::ptx::parsePtxVersion(unwrap(ptxVersion));
    if (!v) {
      emitError(m.getLoc()) << "invalid PTX ISA version '" << unwrap(ptxVersion)
                            << "' (expected e.g. 80, 8.0 or +ptx80)";
      return mlirLogicalResultFailure();
    }
    opts.ptxVersion = *v;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  if (failed(mlir::tile::emitPtx(m, opts, os)))
    return mlirLogicalResultFailure();
  ptx(mlirStringRefCreate(text.data(), text.size()), ptxUserData);
  return mlirLogicalResultSuccess();
}

mlir::tile::capi::ForwardedDiagnostics::ForwardedDiagnostics(
    MLIRContext *ctx, MlirStringCallback callback, void *userData)
    : handler(ctx, [callback, userData](Diagnostic &diag) {
        std::string text;
        llvm::raw_string_ostream os(text);
        static const char *const kSeverity[] = {"note", "warning", "error",
                                                "remark"};
        os << diag.getLocation() << ": "
           << kSeverity[static_cast<unsigned>(diag.getSeverity())] << ": "
           << diag;
        for (const Diagnostic &note : diag.getNotes())
          os << "\n" << note.getLocation() << ": note: " << note;
        if (callback)
          callback(mlirStringRefCreate(text.data(), text.size()), userData);
        return success();
      }) {}
