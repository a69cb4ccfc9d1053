//===- MgpuWrappers.h - the C functions gpu-to-llvm host code calls -*- C
//-*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The `mgpu*` functions that MLIR's `gpu-to-llvm` host code calls (module
/// load / JIT load / unload, get function, launch, streams, events, alloc,
/// free, memcpy, memset), implemented on `tile::rt::CudaRuntime`, plus
/// `printMemref*` for printing results. Their ABI is fixed by the generated
/// code and returns nothing, so failures are recorded: a host program (or
/// `tile-runner`) asks `tileRuntimeErrorCount()` / `tileRuntimeFirstError()`
/// afterwards. Every failure is also reported once on stderr.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_MGPUWRAPPERS_H
#define TILE_RUNTIME_MGPUWRAPPERS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Number of runtime failures since the last clear.
int tileRuntimeErrorCount(void);
/// The first failure's message ("" if none).
const char *tileRuntimeFirstError(void);
/// Forgets recorded failures.
void tileRuntimeClearErrors(void);
/// From now on a failure ends the process with status 1 once it is
/// reported: for the module unloads of exit-time destructors, which run after
/// the program's status is decided (`--emit-exe` executables).
void tileRuntimeExitOnError(void);

void *mgpuModuleLoad(void *data, size_t gpuBlobSize);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
/// A launch in clusters of (clusterX, clusterY, clusterZ) CTAs
/// (gpu.launch_func ... clusters in): cuLaunchKernelEx with the cluster
/// dimension; a grid that is not a whole number of clusters is an error.
void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, void *stream, void **params,
                             void **extra, size_t paramsCount);
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
void mgpuSetDefaultDevice(int32_t device);

/// Writes the tiled tensor map (CUtensorMap) of the device tensor
/// `memref<*xT>` into the device buffer `memref<*xi8>` (at least 128 bytes,
/// 64-byte aligned): the tensor's sizes and strides (innermost stride 1),
/// the box's size per dimension from `memref<*xi64>` (outermost first, as
/// the memref's), elements of CUtensorMapDataType `dataType`, swizzle and
/// out-of-bounds fill as cuda.h numbers them. Each memref comes as (rank,
/// pointer to its descriptor), the ABI of a call without
/// `llvm.emit_c_interface`. A failure is recorded as a runtime error.
void tileTensorMapEncodeTiled(int64_t mapRank, void *mapDesc, int64_t rank,
                              void *tensorDesc, int32_t dataType,
                              int64_t boxRank, void *boxDesc, int32_t swizzle,
                              int32_t oobFill);

/// Writes into the device buffer `memref<?xi8>` (128 bytes, 64-byte
/// aligned) the im2col tensor map (cuTensorMapEncodeIm2col) of the
/// row-major device tensor `memref<*xT>` of 3 to 5 dimensions (N, then
/// the spatial D, H, W, then C): the bounding box's lower and upper corners
/// from two `memref<*xi32>` of one value per spatial dimension, the
/// traversal strides from a `memref<*xi32>` of one per dimension (each
/// outermost first, as the memref lists dimensions), the channels per
/// pixel and pixels per column of each copy, elements of
/// CUtensorMapDataType `dataType`, swizzle and out-of-bounds fill as
/// cuda.h numbers them. A failure is recorded as a runtime error.
void tileTensorMapEncodeIm2col(int64_t mapRank, void *mapDesc, int64_t rank,
                               void *tensorDesc, int32_t dataType,
                               int64_t lowerRank, void *lowerDesc,
                               int64_t upperRank, void *upperDesc,
                               int64_t stridesRank, void *stridesDesc,
                               int32_t channelsPerPixel,
                               int32_t pixelsPerColumn, int32_t swizzle,
                               int32_t oobFill);

/// Writes to `map` (128 bytes, 64-byte aligned, host or device memory) the
/// tiled tensor map of the rows x cols device tensor at `tensor` (strides
/// in elements, the column stride 1), elements of CUtensorMapDataType
/// `dataType` of `elementBytes` bytes, boxes of boxRows x boxCols, swizzle
/// and out-of-bounds fill as cuda.h numbers them: what tile.tensor_map_encode
/// lowers to (tile-lower-tensor-maps), with the codes from the instruction
/// table. A failure is recorded as a runtime error.
void tileTensorMapEncode2D(int64_t map, int64_t tensor, int64_t rows,
                           int64_t cols, int64_t rowStride, int64_t colStride,
                           int32_t dataType, int32_t elementBytes,
                           int64_t boxRows, int64_t boxCols, int32_t swizzle,
                           int32_t oobFill);

/// Copies the 128 bytes of the tensor map at `src` (host or device memory;
/// the driver tells which) to the host buffer `dst` and waits: what a
/// launch passes to a `tile.grid_constant` parameter
/// (tile-lower-grid-constants). A failure is recorded as a runtime error
/// and leaves `dst` zero.
void tileTensorMapToHost(int64_t dst, int64_t src);

/// Prints a memref given as (rank, pointer to its descriptor), the ABI of a
/// call to `printMemrefF32(memref<*xf32>)` without `llvm.emit_c_interface`.
void printMemrefF32(int64_t rank, void *descriptor);
void printMemrefF64(int64_t rank, void *descriptor);
void printMemrefI32(int64_t rank, void *descriptor);
void printMemrefI64(int64_t rank, void *descriptor);
/// The same through the C interface (a pointer to {rank, descriptor}).
void _mlir_ciface_printMemrefF32(void *unranked);
void _mlir_ciface_printMemrefF64(void *unranked);
void _mlir_ciface_printMemrefI32(void *unranked);
void _mlir_ciface_printMemrefI64(void *unranked);

#ifdef __cplusplus
}
#endif

#endif // TILE_RUNTIME_MGPUWRAPPERS_H
