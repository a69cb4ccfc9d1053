/*===- tile-c/Runtime.h - C API of the tile CUDA runtime ----------*- C -*-===*\
|*                                                                            *|
|* Part of tile-mlir.                                                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/*
 * A C API over tile::rt::CudaRuntime for foreign-function users (the Python
 * front-end uses it through ctypes). Every function returns 0 on success or
 * the failing status code (a CUDA error code, -1 for "no CUDA driver", -2 for
 * a runtime error); tileRtLastError() then describes the failure of the
 * calling thread: "CUDA_ERROR_NAME: message" plus the JIT log, if any.
 */

#ifndef TILE_C_RUNTIME_H
#define TILE_C_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

int tileRtInit(int device);
const char *tileRtLastError(void);
/* Compute capability as major*10+minor, 0 before a successful init. */
int tileRtDeviceSm(void);
/* JIT-loads PTX (through the cubin cache); optLevel 0..4. */
int tileRtLoadPtx(const char *ptx, int optLevel, void **module);
int tileRtGetFunction(void *module, const char *name, void **function);
/* Unloads a module from tileRtLoadPtx (its functions become invalid). */
int tileRtUnloadModule(void *module);
int tileRtAlloc(size_t bytes, uint64_t *devicePtr);
int tileRtFree(uint64_t devicePtr);
int tileRtCopyToDevice(uint64_t dst, const void *src, size_t bytes);
int tileRtCopyToHost(void *dst, uint64_t src, size_t bytes);
/* params: an array of pointers to the kernel arguments' values. */
int tileRtLaunch(void *function, unsigned gridX, unsigned gridY, unsigned gridZ,
                 unsigned blockX, unsigned blockY, unsigned blockZ,
                 unsigned sharedBytes, void **params);
/* The same on a stream (a CUstream; 0 is the default stream), without
 * waiting for the kernel. */
int tileRtLaunchOnStream(void *function, unsigned gridX, unsigned gridY,
                         unsigned gridZ, unsigned blockX, unsigned blockY,
                         unsigned blockZ, unsigned sharedBytes, void *stream,
                         void **params);
/* The same in clusters of clusterX x clusterY x clusterZ CTAs (the grid a
 * whole number of them; cuLaunchKernelEx), on a stream, without waiting. */
int tileRtLaunchCluster(void *function, unsigned clusterX, unsigned clusterY,
                        unsigned clusterZ, unsigned gridX, unsigned gridY,
                        unsigned gridZ, unsigned blockX, unsigned blockY,
                        unsigned blockZ, unsigned sharedBytes, void *stream,
                        void **params);
/* A cooperative launch (all CTAs resident at once, as tile.grid_sync needs;
 * cuLaunchKernelEx with CU_LAUNCH_ATTRIBUTE_COOPERATIVE): `grid` and `block`
 * 3 dimensions each, `cluster` 3 dimensions or NULL (no clusters), on a
 * stream, without waiting. A grid larger than the device holds at once is
 * an error that says so. */
int tileRtLaunchCooperative(void *function, const unsigned *cluster,
                            const unsigned *grid, const unsigned *block,
                            unsigned sharedBytes, void *stream, void **params);
int tileRtSynchronize(void);
/* Writes the tiled tensor map (CUtensorMap, 128 bytes) of cuTensorMapEncodeTiled
 * to host memory at `map` (64-byte aligned): `rank` dimensions innermost first
 * (`dims`, the byte strides of the outer `rank - 1`, the box, the element
 * strides), `global` the tensor's device address, and the values of cuda.h's
 * CUtensorMapDataType, CUtensorMapInterleave, CUtensorMapSwizzle,
 * CUtensorMapL2promotion and CUtensorMapFloatOOBfill. A kernel takes the map
 * by value (a grid-constant parameter) from these bytes. */
int tileRtTensorMapEncodeTiled(void *map, int dataType, unsigned rank,
                               uint64_t global, const uint64_t *dims,
                               const uint64_t *strides, const uint32_t *box,
                               const uint32_t *elementStrides, int interleave,
                               int swizzle, int l2Promotion, int oobFill);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_RUNTIME_H */
