/*===- tile-c/CpuEngine.h - C API of the CPU backend's engine ---*- C -*-===*\
|*                                                                            *|
|* Part of tile-mlir.                                                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * The CPU backend in the caller's process: a module (tile kernels in
 * gpu.modules and host functions that launch them) is lowered with the
 * tile-to-cpu pipeline and compiled once by LLVM's JIT; a host function is
 * then called any number of times with new arguments.
 *
 * The CPU runtime ends the program on a kernel fault (an out-of-bounds
 * access, a hang at a barrier, a collective with a wrong member mask), as a
 * sanitizer does. A run therefore happens in a child process forked for
 * it: a fault becomes a nonzero result and the runtime's report, and the
 * caller goes on. The buffers the caller names are copied back from the
 * child after a successful run; other memory the kernel writes is not.
 */

#ifndef TILE_C_CPUENGINE_H
#define TILE_C_CPUENGINE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TileCpuEngine {
  void *ptr;
} TileCpuEngine;

/// Lowers `module` (in place) for the CPU backend, with the memory checks
/// when `boundsCheck`, and compiles it with LLVM at -O`optLevel` (0-3).
/// Every diagnostic goes to `diagnostics`. Returns a null engine on failure.
MLIR_CAPI_EXPORTED TileCpuEngine
tileCpuEngineCreate(MlirModule module, bool boundsCheck, int optLevel,
                    MlirStringCallback diagnostics, void *diagnosticsUserData);

/// Whether `engine` is null.
static inline bool tileCpuEngineIsNull(TileCpuEngine engine) {
  return !engine.ptr;
}

MLIR_CAPI_EXPORTED void tileCpuEngineDestroy(TileCpuEngine engine);

/// Gives the object code the JIT made of the engine's module (a relocatable
/// object for the host, which references the CPU runtime) to `object`, in
/// one call. Returns false, without calling `object`, where there is none:
/// an engine made by tileCpuEngineCreateFromObject, or a failure to write it.
MLIR_CAPI_EXPORTED bool tileCpuEngineGetObject(TileCpuEngine engine,
                                               MlirStringCallback object,
                                               void *userData);

/// An engine from the object code tileCpuEngineGetObject gave, by a build of
/// this library on a host of the same target (tileCpuEngineHostTarget): the
/// module is neither lowered nor compiled again. Returns a null engine, with
/// the reason through `diagnostics`, where the object cannot be linked.
MLIR_CAPI_EXPORTED TileCpuEngine tileCpuEngineCreateFromObject(
    MlirStringRef object, MlirStringCallback diagnostics,
    void *diagnosticsUserData);

/// The target the JIT compiles for, as one line: the triple, the CPU and its
/// features (sorted). Object code is valid for the same line only, so it
/// belongs in an object cache's key.
MLIR_CAPI_EXPORTED void tileCpuEngineHostTarget(MlirStringCallback target,
                                                void *userData);

/// Calls the host function `name` of the engine's module in a child
/// process. `args` holds one pointer per argument of the function as
/// lowered to the LLVM dialect (a memref is its descriptor's fields:
/// allocated and aligned pointer, offset, sizes, strides). After a run that
/// ends normally, the `numBuffers` regions `buffers[i]` of `bytes[i]` bytes
/// hold what the child left there. What the child wrote to stderr goes to
/// `output`.
/// Returns 0 on success; the child's exit status (1 for a fault the runtime
/// reported); 128 + the signal that ended it; -1 where there is no such
/// function, or the child could not be started or waited for, or did not
/// return every buffer (described in `output`; the buffers are then left as
/// they were). The child runs with the default signal handlers, so an
/// interrupt ends it.
MLIR_CAPI_EXPORTED int
tileCpuEngineRun(TileCpuEngine engine, MlirStringRef name, void **args,
                 intptr_t numBuffers, void *const *buffers, const size_t *bytes,
                 MlirStringCallback output, void *outputUserData);

/// Encodes a tiled tensor map for the CPU backend into the 128 bytes at
/// `map` (64-byte aligned), from cuTensorMapEncodeTiled's parameters:
/// `rank` dimensions innermost first (`dims`, the byte strides of the outer
/// `rank - 1`, the box and the element strides), `global` the tensor's host
/// address, and the values of cuda.h's CUtensorMapDataType,
/// CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion and
/// CUtensorMapFloatOOBfill. The map is the one a kernel run by the engine
/// reads. Returns false, with the reason through `error`, where the driver
/// would refuse the map or the CPU backend does not model it.
MLIR_CAPI_EXPORTED bool tileCpuTensorMapEncodeTiled(
    void *map, int dataType, unsigned rank, uint64_t global,
    const uint64_t *dims, const uint64_t *strides, const uint32_t *box,
    const uint32_t *elementStrides, int interleave, int swizzle,
    int l2Promotion, int oobFill, MlirStringCallback error, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_CPUENGINE_H */
