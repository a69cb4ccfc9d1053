//===- CApi.cpp - C API of the tile CUDA runtime --------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile-c/Runtime.h"
#include "tile/Runtime/CudaRuntime.h"

#include <string>

using tile::rt::CudaRuntime;
using tile::rt::Status;

namespace {
thread_local std::string lastError;

int report(const Status &st) {
  if (st.ok())
    return 0;
  lastError = st.str();
  return st.getCode() ? st.getCode() : Status::kRuntimeError;
}

/// A null pointer where the API needs one is an error, not a crash.
int nullArgument(const char *function, const char *argument) {
  return report(
      Status(Status::kRuntimeError, "TILE_INVALID_ARGUMENT",
             std::string(function) + ": " + argument + " is a null pointer"));
}
} // namespace

extern "C" int tileRtInit(int device) {
  return report(CudaRuntime::get().init(device));
}

extern "C" const char *tileRtLastError(void) { return lastError.c_str(); }

extern "C" int tileRtDeviceSm(void) { return CudaRuntime::get().getDeviceSm(); }

extern "C" int tileRtLoadPtx(const char *ptx, int optLevel, void **module) {
  if (!ptx || !module)
    return nullArgument("tileRtLoadPtx", ptx ? "module" : "ptx");
  tile::rt::JitOptions opts;
  opts.optLevel = optLevel;
  tile::rt::LoadedModule loaded;
  int rc = report(CudaRuntime::get().loadPtx(ptx, opts, loaded));
  *module = loaded.module;
  return rc;
}

extern "C" int tileRtGetFunction(void *module, const char *name,
                                 void **function) {
  if (!name || !function)
    return nullArgument("tileRtGetFunction", name ? "function" : "name");
  return report(CudaRuntime::get().getFunction(module, name, *function));
}

extern "C" int tileRtUnloadModule(void *module) {
  return report(CudaRuntime::get().unloadModule(module));
}

extern "C" int tileRtAlloc(size_t bytes, uint64_t *devicePtr) {
  if (!devicePtr)
    return nullArgument("tileRtAlloc", "devicePtr");
  return report(CudaRuntime::get().alloc(bytes, *devicePtr));
}

extern "C" int tileRtFree(uint64_t devicePtr) {
  return report(CudaRuntime::get().free(devicePtr));
}

extern "C" int tileRtCopyToDevice(uint64_t dst, const void *src, size_t bytes) {
  return report(CudaRuntime::get().copyToDevice(dst, src, bytes));
}

extern "C" int tileRtCopyToHost(void *dst, uint64_t src, size_t bytes) {
  return report(CudaRuntime::get().copyToHost(dst, src, bytes));
}

extern "C" int tileRtLaunch(void *function, unsigned gridX, unsigned gridY,
                            unsigned gridZ, unsigned blockX, unsigned blockY,
                            unsigned blockZ, unsigned sharedBytes,
                            void **params) {
  return report(CudaRuntime::get().launch(function, gridX, gridY, gridZ, blockX,
                                          blockY, blockZ, sharedBytes, nullptr,
                                          params));
}

extern "C" int tileRtLaunchOnStream(void *function, unsigned gridX,
                                    unsigned gridY, unsigned gridZ,
                                    unsigned blockX, unsigned blockY,
                                    unsigned blockZ, unsigned sharedBytes,
                                    void *stream, void **params) {
  return report(CudaRuntime::get().launch(function, gridX, gridY, gridZ, blockX,
                                          blockY, blockZ, sharedBytes, stream,
                                          params));
}

extern "C" int tileRtLaunchCluster(void *function, unsigned clusterX,
                                   unsigned clusterY, unsigned clusterZ,
                                   unsigned gridX, unsigned gridY,
                                   unsigned gridZ, unsigned blockX,
                                   unsigned blockY, unsigned blockZ,
                                   unsigned sharedBytes, void *stream,
                                   void **params) {
  const unsigned cluster[3] = {clusterX, clusterY, clusterZ};
  const unsigned grid[3] = {gridX, gridY, gridZ};
  const unsigned block[3] = {blockX, blockY, blockZ};
  return report(CudaRuntime::get().launchCluster(function, cluster, grid, block,
                                                 sharedBytes, stream, params));
}

extern "C" int tileRtLaunchCooperative(void *function, const unsigned *cluster,
                                       const unsigned *grid,
                                       const unsigned *block,
                                       unsigned sharedBytes, void *stream,
                                       void **params) {
  if (!grid || !block)
    return report(Status(Status::kRuntimeError, "TILE_INVALID_ARGUMENT",
                         "tileRtLaunchCooperative: a null grid or block"));
  return report(CudaRuntime::get().launchCooperative(
      function, cluster, grid, block, sharedBytes, stream, params));
}

extern "C" int
tileRtTensorMapEncodeTiled(void *map, int dataType, unsigned rank,
                           uint64_t global, const uint64_t *dims,
                           const uint64_t *strides, const uint32_t *box,
                           const uint32_t *elementStrides, int interleave,
                           int swizzle, int l2Promotion, int oobFill) {
  const char *who = "tileRtTensorMapEncodeTiled";
  if (!dims || !box || !elementStrides || (rank > 1 && !strides))
    return nullArgument(who, "an array");
  if (rank < 1 || rank > 5)
    return report(Status(Status::kRuntimeError, "TILE_INVALID_ARGUMENT",
                         std::string(who) + ": a tensor map has 1 to 5 " +
                             "dimensions, got " + std::to_string(rank)));
  CudaRuntime::TensorMapTiled p = tile::rt::makeTiledFields(
      dataType, rank, global, dims, strides, box, elementStrides, interleave,
      swizzle, l2Promotion, oobFill);
  return report(CudaRuntime::get().encodeTensorMapTiled(p, map));
}

extern "C" int tileRtSynchronize(void) {
  return report(CudaRuntime::get().synchronize());
}
