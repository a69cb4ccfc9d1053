/*===- tile-capi.c - a C program on the tile C API --------------*- C -*-===*\
|*                                                                            *|
|* Part of tile-mlir.                                                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/* Builds tile.apply ops through the C API (opcode attributes decoded from
 * spellings), verifies the module without a target, compiles it to PTX after
 * attaching one, and shows that diagnostics come back to the caller. */

#include "tile-c/Dialect.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <string.h>

static void print(MlirStringRef s, void *user) {
  fwrite(s.data, 1, s.length, (FILE *)user);
}

static void printDiagnostic(MlirStringRef s, void *user) {
  int *count = (int *)user;
  ++*count;
  fprintf(stdout, "diagnostic: %.*s\n", (int)s.length, s.data);
}

static MlirStringRef str(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

/* A module whose kernel body is built through the C API. */
static const char *kModule =
    "module attributes {gpu.container_module} {\n"
    "  gpu.module @kernels {\n"
    "    gpu.func @k(%a: memref<4x1xf32>, %out: memref<4x1xf32>) kernel {\n"
    "      gpu.return\n"
    "    }\n"
    "  }\n"
    "}\n";

/* Built without a target; compiled for sm_90, which lacks f32x2. */
static const char *kWideModule =
    "module attributes {gpu.container_module} {\n"
    "  gpu.module @kernels {\n"
    "    gpu.func @k(%x: i64) kernel {\n"
    "      %r = tile.alloc_local : memref<1xi64, #tile.reg>\n"
    "      tile.apply \"fma.rn.f32x2\" (%r, %r, %x, %x) scope(thread) : "
    "memref<1xi64, #tile.reg>, memref<1xi64, #tile.reg>, i64, i64\n"
    "      gpu.return\n"
    "    }\n"
    "  }\n"
    "}\n";

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *user) {
  (void)user;
  printf("context diagnostic: ");
  mlirDiagnosticPrint(d, print, stdout);
  printf("\n");
  return mlirLogicalResultSuccess();
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tileRegisterCompilerDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirContextLoadAllAvailableDialects(ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tile__(), ctx);
  tileRegisterPasses();

  MlirModule module = mlirModuleCreateParse(ctx, str(kModule));
  if (mlirModuleIsNull(module))
    return 1;
  /* The gpu.func's entry block: before its gpu.return. */
  MlirOperation top = mlirModuleGetOperation(module);
  MlirOperation gpuModule = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(top, 0)));
  MlirOperation func = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0)));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetFirstOperation(body);
  MlirValue a = mlirBlockGetArgument(body, 0);
  MlirValue out = mlirBlockGetArgument(body, 1);
  MlirLocation loc = mlirLocationUnknownGet(ctx);

  int64_t shape[] = {4, 1};
  MlirType regType =
      mlirMemRefTypeGet(mlirF32TypeGet(ctx), 2, shape, mlirAttributeGetNull(),
                        tileRegisterSpaceAttrGet(ctx));
  MlirOperation alloc = tileAllocLocalOpCreate(loc, regType);
  mlirBlockInsertOwnedOperationBefore(body, ret, alloc);
  MlirValue r = mlirOperationGetResult(alloc, 0);

  MlirAttribute fma = tilePtxOpcodeAttrGet(ctx, str("fma.sat.rn.f32"), 0);
  MlirStringRef scope = str("thread");
  MlirValue ldArgs[] = {r, a};
  MlirValue fmaArgs[] = {r, r, r, r};
  MlirValue stArgs[] = {out, r};
  MlirOperation ops[] = {
      tileApplyOpCreate(loc, tilePtxOpcodeAttrGet(ctx, str("ld.global.f32"), 0),
                        2, ldArgs, (MlirValue){NULL}, false, scope),
      tileApplyOpCreate(loc, fma, 4, fmaArgs, (MlirValue){NULL}, false, scope),
      tileApplyOpCreate(loc, tilePtxOpcodeAttrGet(ctx, str("st.global.f32"), 0),
                        2, stArgs, (MlirValue){NULL}, false, scope)};
  for (int i = 0; i < 3; ++i)
    mlirBlockInsertOwnedOperationBefore(body, ret, ops[i]);

  printf("opcode attribute: %d, spelling: ", tileAttributeIsAPtxOpcode(fma));
  tilePtxOpcodeAttrGetSpelling(fma, print, stdout);
  printf("\n");
  /* No target yet: the IR verifies structurally. */
  printf("verified without a target: %d\n", mlirOperationVerify(top));

  /* Compile for sm_90; diagnostics come back through the callback. */
  int diags = 0;
  MlirLogicalResult ok = tileCompileToPtx(module, str("sm_90"), str(""), print,
                                          stdout, printDiagnostic, &diags);
  printf("compiled: %d, diagnostics: %d\n", mlirLogicalResultIsSuccess(ok),
         diags);

  /* A form the target does not have: the verifier's words come back. */
  MlirModule wide = mlirModuleCreateParse(ctx, str(kWideModule));
  diags = 0;
  ok = tileCompileToPtx(wide, str("sm_90"), str(""), print, stdout,
                        printDiagnostic, &diags);
  printf("compiled: %d, diagnostics: %d\n", mlirLogicalResultIsSuccess(ok),
         diags);
  mlirModuleDestroy(wide);

  /* An undocumented spelling: a null attribute and an error diagnostic. */
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  MlirAttribute bad = tilePtxOpcodeAttrGet(ctx, str("fma.rz.bf16"), 0);
  printf("undocumented spelling gives null: %d\n", mlirAttributeIsNull(bad));
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
