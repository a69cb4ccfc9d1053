/*===- tile-capi-cpu.c - the CPU engine from C ------------------*- C -*-===*\
|*                                                                            *|
|* Part of tile-mlir.                                                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/* Compiles a kernel and its host function once with the CPU engine, runs it
 * with new arguments several times, and shows that a kernel fault (a launch
 * CUDA refuses, an access outside its buffer) comes back as a status and a
 * report while this program goes on, with its buffers left as they were.
 * Then takes the engine's object code out and runs it again in an engine
 * made from the object alone, as an on-disk cache does. */

#include "tile-c/CpuEngine.h"
#include "tile-c/Dialect.h"

#include "mlir-c/IR.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* out[i] = a[i] * s + 1 over a 4-element tile; @peek reads a[index]. */
static const char *kModule =
    "module attributes {gpu.container_module} {\n"
    "  gpu.module @kernels {\n"
    "    gpu.func @axpy(%a: memref<4x1xf32>, %out: memref<4x1xf32>, %s: f32)\n"
    "        kernel {\n"
    "      %r = tile.alloc_local : memref<4x1xf32, #tile.reg>\n"
    "      %one = arith.constant 1.0 : f32\n"
    "      tile.apply \"ld.global.f32\"(%r, %a) scope(thread) : "
    "memref<4x1xf32, #tile.reg>,"
    " memref<4x1xf32>\n"
    "      tile.apply \"fma.rn.f32\"(%r, %r, %s, %one) "
    "scope(thread) : memref<4x1xf32, "
    "#tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32\n"
    "      tile.apply \"st.global.f32\"(%out, %r) scope(thread) "
    ": memref<4x1xf32>, "
    "memref<4x1xf32, #tile.reg>\n"
    "      gpu.return\n"
    "    }\n"
    "    gpu.func @peek(%a: memref<4x1xf32>, %out: memref<4x1xf32>, %i: "
    "index)\n"
    "        kernel {\n"
    "      %c0 = arith.constant 0 : index\n"
    "      %v = memref.load %a[%i, %c0] : memref<4x1xf32>\n"
    "      memref.store %v, %out[%c0, %c0] : memref<4x1xf32>\n"
    "      gpu.return\n"
    "    }\n"
    "  }\n"
    "  func.func @run_axpy(%a: memref<4x1xf32>, %out: memref<4x1xf32>, %s: "
    "f32,\n"
    "                      %grid: index) {\n"
    "    %c1 = arith.constant 1 : index\n"
    "    gpu.launch_func @kernels::@axpy blocks in (%grid, %c1, %c1)\n"
    "        threads in (%c1, %c1, %c1) args(%a : memref<4x1xf32>,\n"
    "        %out : memref<4x1xf32>, %s : f32)\n"
    "    return\n"
    "  }\n"
    "  func.func @run_peek(%a: memref<4x1xf32>, %out: memref<4x1xf32>,\n"
    "                      %i: index) {\n"
    "    %c1 = arith.constant 1 : index\n"
    "    gpu.launch_func @kernels::@peek blocks in (%c1, %c1, %c1)\n"
    "        threads in (%c1, %c1, %c1) args(%a : memref<4x1xf32>,\n"
    "        %out : memref<4x1xf32>, %i : index)\n"
    "    return\n"
    "  }\n"
    "}\n";

static char kReport[] = "report", kDiagnostic[] = "diagnostic";

static void print(MlirStringRef s, void *user) {
  fprintf(stdout, "%s: %.*s\n", (const char *)user, (int)s.length, s.data);
}

/* Bytes a callback gave, copied. */
typedef struct {
  char *data;
  size_t length;
  int calls;
} Bytes;

static void keep(MlirStringRef s, void *user) {
  Bytes *b = (Bytes *)user;
  b->data = (char *)realloc(b->data, b->length + s.length + 1);
  memcpy(b->data + b->length, s.data, s.length);
  b->length += s.length;
  b->data[b->length] = 0;
  ++b->calls;
}

/* A memref<4x1xf32> descriptor's fields. */
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Memref2D;

/* The 7 packed arguments of a memref<4x1xf32>. */
static void pack(Memref2D *m, void **args) {
  args[0] = &m->allocated;
  args[1] = &m->aligned;
  args[2] = &m->offset;
  args[3] = &m->sizes[0];
  args[4] = &m->sizes[1];
  args[5] = &m->strides[0];
  args[6] = &m->strides[1];
}

static int runAxpy(TileCpuEngine engine, float *a, float *out, float s,
                   int64_t grid) {
  Memref2D ma = {a, a, 0, {4, 1}, {1, 1}}, mo = {out, out, 0, {4, 1}, {1, 1}};
  void *args[16];
  pack(&ma, args);
  pack(&mo, args + 7);
  args[14] = &s;
  args[15] = &grid;
  void *buffers[] = {out};
  size_t bytes[] = {4 * sizeof(float)};
  return tileCpuEngineRun(engine, mlirStringRefCreateFromCString("run_axpy"),
                          args, 1, buffers, bytes, print, kReport);
}

int main(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  tileRegisterCompilerDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module))
    return 1;
  TileCpuEngine engine =
      tileCpuEngineCreate(module, true, 2, print, kDiagnostic);
  printf("engine: %d\n", !tileCpuEngineIsNull(engine));
  if (tileCpuEngineIsNull(engine))
    return 1;

  float a[4] = {1, 2, 3, 4}, out[4] = {0};
  for (int s = 2; s <= 3; ++s) {
    int status = runAxpy(engine, a, out, (float)s, 1);
    printf("s=%d status %d: %g %g %g %g\n", s, status, out[0], out[1], out[2],
           out[3]);
  }
  /* A grid of 0 blocks: the runtime's launch check ends the child only. */
  out[0] = -1;
  int status = runAxpy(engine, a, out, 5.0f, 0);
  printf("grid 0: status %d, out[0] %g\n", status, out[0]);

  Memref2D ma = {a, a, 0, {4, 1}, {1, 1}}, mo = {out, out, 0, {4, 1}, {1, 1}};
  void *args[15];
  pack(&ma, args);
  pack(&mo, args + 7);
  void *buffers[] = {out};
  size_t bytes[] = {sizeof out};
  for (int64_t i = 3; i <= 4; ++i) {
    args[14] = &i;
    status =
        tileCpuEngineRun(engine, mlirStringRefCreateFromCString("run_peek"),
                         args, 1, buffers, bytes, print, kReport);
    printf("peek %lld: status %d, out[0] %g\n", (long long)i, status, out[0]);
  }
  status = tileCpuEngineRun(engine, mlirStringRefCreateFromCString("nothing"),
                            args, 0, NULL, NULL, print, kReport);
  printf("missing function: status %d\n", status);

  /* The object code, out and back: the new engine runs it unchanged. */
  Bytes object = {NULL, 0, 0};
  bool got = tileCpuEngineGetObject(engine, keep, &object);
  printf("object: %d, %d call, ELF %d\n", got, object.calls,
         object.length > 4 && memcmp(object.data, "\177ELF", 4) == 0);
  tileCpuEngineDestroy(engine);
  TileCpuEngine loaded = tileCpuEngineCreateFromObject(
      (MlirStringRef){object.data, object.length}, print, kDiagnostic);
  printf("loaded: %d\n", !tileCpuEngineIsNull(loaded));
  if (tileCpuEngineIsNull(loaded))
    return 1;
  status = runAxpy(loaded, a, out, 4.0f, 1);
  printf("loaded s=4 status %d: %g %g %g %g\n", status, out[0], out[1], out[2],
         out[3]);
  status = runAxpy(loaded, a, out, 5.0f, 0);
  printf("loaded grid 0: status %d, out[0] %g\n", status, out[0]);
  Bytes again = {NULL, 0, 0};
  printf("object of a loaded engine: %d, %d calls\n",
         tileCpuEngineGetObject(loaded, keep, &again), again.calls);
  tileCpuEngineDestroy(loaded);
  /* Object code cut short, or not object code: a null engine and why. */
  TileCpuEngine cut = tileCpuEngineCreateFromObject(
      (MlirStringRef){object.data, object.length / 2}, print, kDiagnostic);
  printf("cut: %d\n", tileCpuEngineIsNull(cut));
  TileCpuEngine text = tileCpuEngineCreateFromObject(
      mlirStringRefCreateFromCString("not an object"), print, kDiagnostic);
  printf("text: %d\n", tileCpuEngineIsNull(text));
  free(object.data);
  Bytes target = {NULL, 0, 0};
  tileCpuEngineHostTarget(keep, &target);
  printf("host target: %s\n", target.data);
  free(target.data);

  /* A module the pipeline rejects gives a null engine and a located error. */
  MlirModule bad = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @f(%r: memref<4x1xf32, #tile.reg>) {\n"
               "  tile.apply \"fma.rz.f32\"(%r, %r, %r, %r) scope(thread) : "
               "memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, "
               "memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>\n"
               "  return\n}\n"));
  if (!mlirModuleIsNull(bad)) {
    TileCpuEngine none = tileCpuEngineCreate(bad, true, 2, print, kDiagnostic);
    printf("rejected: %d\n", tileCpuEngineIsNull(none));
    mlirModuleDestroy(bad);
  }
  TileCpuEngine none = tileCpuEngineCreate(module, true, 7, print, kDiagnostic);
  printf("-O7: %d\n", tileCpuEngineIsNull(none));
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
