//===- CudaRuntime.cpp - CUDA Driver API runtime --------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/CudaRuntime.h"

#include <cuda.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <mutex>

using namespace tile::rt;

//===----------------------------------------------------------------------===//
// Status
//===----------------------------------------------------------------------===//

std::string Status::str() const {
  if (ok())
    return "success";
  std::string s = name + ": " + message;
  if (!log.empty())
    s += "\n" + log;
  return s;
}

//===----------------------------------------------------------------------===//
// Driver entry points, loaded with dlopen
//===----------------------------------------------------------------------===//

#define TILE_CUDA_FUNCTIONS(X)                                                 \
  X(cuInit, "cuInit")                                                          \
  X(cuDriverGetVersion, "cuDriverGetVersion")                                  \
  X(cuDeviceGet, "cuDeviceGet")                                                \
  X(cuDeviceGetCount, "cuDeviceGetCount")                                      \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute")                              \
  X(cuDeviceGetName, "cuDeviceGetName")                                        \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain")                      \
  X(cuCtxSetCurrent, "cuCtxSetCurrent")                                        \
  X(cuCtxSynchronize, "cuCtxSynchronize")                                      \
  X(cuGetErrorName, "cuGetErrorName")                                          \
  X(cuGetErrorString, "cuGetErrorString")                                      \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx")                                  \
  X(cuModuleLoadData, "cuModuleLoadData")                                      \
  X(cuModuleUnload, "cuModuleUnload")                                          \
  X(cuModuleGetFunction, "cuModuleGetFunction")                                \
  X(cuLinkCreate, "cuLinkCreate_v2")                                           \
  X(cuLinkAddData, "cuLinkAddData_v2")                                         \
  X(cuLinkComplete, "cuLinkComplete")                                          \
  X(cuLinkDestroy, "cuLinkDestroy")                                            \
  X(cuMemAlloc, "cuMemAlloc_v2")                                               \
  X(cuMemFree, "cuMemFree_v2")                                                 \
  X(cuMemcpyHtoD, "cuMemcpyHtoD_v2")                                           \
  X(cuMemcpyDtoH, "cuMemcpyDtoH_v2")                                           \
  X(cuMemcpyAsync, "cuMemcpyAsync")                                            \
  X(cuMemsetD32Async, "cuMemsetD32Async")                                      \
  X(cuMemsetD16Async, "cuMemsetD16Async")                                      \
  X(cuFuncSetAttribute, "cuFuncSetAttribute")                                  \
  X(cuLaunchKernel, "cuLaunchKernel")                                          \
  X(cuStreamCreate, "cuStreamCreate")                                          \
  X(cuStreamSynchronize, "cuStreamSynchronize")                                \
  X(cuStreamDestroy, "cuStreamDestroy_v2")                                     \
  X(cuStreamWaitEvent, "cuStreamWaitEvent")                                    \
  X(cuEventCreate, "cuEventCreate")                                            \
  X(cuEventRecord, "cuEventRecord")                                            \
  X(cuEventSynchronize, "cuEventSynchronize")                                  \
  X(cuEventElapsedTime, "cuEventElapsedTime")                                  \
  X(cuEventDestroy, "cuEventDestroy_v2")

struct CudaRuntime::Driver {
  void *handle = nullptr;
#define TILE_DECLARE(fn, sym) decltype(&::fn) fn = nullptr;
  TILE_CUDA_FUNCTIONS(TILE_DECLARE)
#undef TILE_DECLARE
  /// Optional: drivers before CUDA 12.0 (and the test suite's fake driver)
  /// lack it, and only tensor maps need it.
  decltype(&::cuTensorMapEncodeTiled) cuTensorMapEncodeTiled = nullptr;
  decltype(&::cuTensorMapEncodeIm2col) cuTensorMapEncodeIm2col = nullptr;
  /// Optional likewise: only launches with cluster dimensions need it.
  decltype(&::cuLaunchKernelEx) cuLaunchKernelEx = nullptr;
};

static Status noDriver(const std::string &why) {
  return Status(Status::kNoDriver, "TILE_NO_CUDA_DRIVER",
                "no CUDA driver: " + why);
}

Status CudaRuntime::check(int result, const char *what) const {
  if (result == CUDA_SUCCESS)
    return Status();
  const char *name = nullptr, *desc = nullptr;
  if (driver && driver->cuGetErrorName)
    driver->cuGetErrorName(static_cast<CUresult>(result), &name);
  if (driver && driver->cuGetErrorString)
    driver->cuGetErrorString(static_cast<CUresult>(result), &desc);
  return Status(result, name ? name : "CUDA_ERROR_" + std::to_string(result),
                std::string(what) + " failed" +
                    (desc ? std::string(": ") + desc : std::string()));
}

CudaRuntime &CudaRuntime::get() {
  static CudaRuntime runtime;
  return runtime;
}

bool CudaRuntime::isInitialized() const { return initialized; }

/// A driver that answers nonsense: the value goes into the cache key, so it
/// is an error rather than a default.
static Status badValue(const std::string &message) {
  return Status(CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", message);
}

Status CudaRuntime::queryDriverVersion() {
  int version = 0;
  if (Status st =
          check(driver->cuDriverGetVersion(&version), "cuDriverGetVersion");
      !st)
    return st;
  if (version <= 0)
    return badValue("cuDriverGetVersion reported driver version " +
                    std::to_string(version));
  driverVersion = version;
  return Status();
}

Status CudaRuntime::queryComputeCapability(int dev) {
  int major = 0, minor = 0;
  if (Status st =
          check(driver->cuDeviceGetAttribute(
                    &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
                "cuDeviceGetAttribute(COMPUTE_CAPABILITY_MAJOR)");
      !st)
    return st;
  if (Status st =
          check(driver->cuDeviceGetAttribute(
                    &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev),
                "cuDeviceGetAttribute(COMPUTE_CAPABILITY_MINOR)");
      !st)
    return st;
  if (major <= 0 || minor < 0 || minor > 9)
    return badValue("cuDeviceGetAttribute reported compute capability " +
                    std::to_string(major) + "." + std::to_string(minor));
  deviceSm = major * 10 + minor;
  return Status();
}

Status CudaRuntime::init(int device) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  if (initialized || !initStatus.ok())
    return initStatus;
  const char *lib = std::getenv("TILE_CUDA_DRIVER");
  void *handle = dlopen(lib ? lib : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *err = dlerror();
    initStatus =
        noDriver(std::string("cannot load ") + (lib ? lib : "libcuda.so.1") +
                 " (" + (err ? err : "unknown error") + ")");
    return initStatus;
  }
  auto d = std::make_unique<Driver>();
  d->handle = handle;
#define TILE_LOAD(fn, sym)                                                     \
  d->fn = reinterpret_cast<decltype(d->fn)>(dlsym(handle, sym));               \
  if (!d->fn) {                                                                \
    initStatus = noDriver(std::string("the driver lacks ") + sym);             \
    return initStatus;                                                         \
  }
  TILE_CUDA_FUNCTIONS(TILE_LOAD)
#undef TILE_LOAD
  d->cuTensorMapEncodeTiled =
      reinterpret_cast<decltype(d->cuTensorMapEncodeTiled)>(
          dlsym(handle, "cuTensorMapEncodeTiled"));
  d->cuTensorMapEncodeIm2col =
      reinterpret_cast<decltype(d->cuTensorMapEncodeIm2col)>(
          dlsym(handle, "cuTensorMapEncodeIm2col"));
  d->cuLaunchKernelEx = reinterpret_cast<decltype(d->cuLaunchKernelEx)>(
      dlsym(handle, "cuLaunchKernelEx"));
  driver = std::move(d);

  if (!(initStatus = check(driver->cuInit(0), "cuInit")) ||
      !(initStatus = queryDriverVersion()))
    return initStatus;
  int count = 0;
  if (!(initStatus =
            check(driver->cuDeviceGetCount(&count), "cuDeviceGetCount")))
    return initStatus;
  if (device < 0 || device >= count) {
    initStatus =
        Status(CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
               "device " + std::to_string(device) + " does not exist (" +
                   std::to_string(count) + " devices)");
    return initStatus;
  }
  CUdevice dev;
  if (!(initStatus = check(driver->cuDeviceGet(&dev, device), "cuDeviceGet")) ||
      !(initStatus = queryComputeCapability(dev)))
    return initStatus;
  CUcontext ctx;
  if (!(initStatus = check(driver->cuDevicePrimaryCtxRetain(&ctx, dev),
                           "cuDevicePrimaryCtxRetain")))
    return initStatus;
  context = ctx;
  deviceOrdinal = device;
  deviceHandle = dev;
  initialized = true;
  return makeCurrent();
}

Status CudaRuntime::makeCurrent() {
  if (!initialized) {
    Status st = init(0);
    if (!st)
      return st;
  }
  thread_local void *current = nullptr;
  if (current == context)
    return Status();
  Status st = check(driver->cuCtxSetCurrent(static_cast<CUcontext>(context)),
                    "cuCtxSetCurrent");
  if (st)
    current = context;
  return st;
}

std::string CudaRuntime::getDeviceName() const {
  if (!initialized)
    return "";
  char name[256] = {0};
  driver->cuDeviceGetName(name, sizeof(name) - 1, deviceHandle);
  return name;
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

Status CudaRuntime::jit(std::string_view ptx, const JitOptions &opts,
                        const std::string *cacheKey, LoadedModule &out) {
  // The driver wants a NUL-terminated image.
  std::string image(ptx);
  if (image.empty() || image.back() != '\0')
    image.push_back('\0');
  std::vector<char> errorLog(1 << 16, 0), infoLog(1 << 16, 0);
  std::vector<CUjit_option> keys = {
      CU_JIT_ERROR_LOG_BUFFER,   CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER,    CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_OPTIMIZATION_LEVEL, CU_JIT_LOG_VERBOSE};
  std::vector<void *> values = {
      errorLog.data(),
      reinterpret_cast<void *>(errorLog.size()),
      infoLog.data(),
      reinterpret_cast<void *>(infoLog.size()),
      reinterpret_cast<void *>(static_cast<uintptr_t>(opts.optLevel)),
      reinterpret_cast<void *>(static_cast<uintptr_t>(opts.verbose))};
  if (opts.targetSm) {
    keys.push_back(CU_JIT_TARGET);
    values.push_back(
        reinterpret_cast<void *>(static_cast<uintptr_t>(opts.targetSm)));
  }
  auto finish = [&](Status st) {
    out.infoLog = infoLog.data();
    if (!st)
      return Status(st.getCode(), st.getName(), st.getMessage(),
                    std::string(errorLog.data()));
    return st;
  };

  if (!cacheKey) {
    CUmodule module;
    Status st =
        check(driver->cuModuleLoadDataEx(&module, image.data(), keys.size(),
                                         keys.data(), values.data()),
              "cuModuleLoadDataEx (PTX JIT)");
    if (st)
      out.module = module;
    return finish(st);
  }

  // Through the linker, which hands the cubin back for the cache.
  CUlinkState link;
  Status st = check(
      driver->cuLinkCreate(keys.size(), keys.data(), values.data(), &link),
      "cuLinkCreate");
  if (!st)
    return finish(st);
  st = check(driver->cuLinkAddData(link, CU_JIT_INPUT_PTX, image.data(),
                                   image.size(), "tile.ptx", 0, nullptr,
                                   nullptr),
             "cuLinkAddData (PTX JIT)");
  void *data = nullptr;
  size_t size = 0;
  if (st)
    st = check(driver->cuLinkComplete(link, &data, &size), "cuLinkComplete");
  CUmodule module;
  if (st)
    st = check(driver->cuModuleLoadData(&module, data), "cuModuleLoadData");
  if (st) {
    out.module = module;
    // Only a cubin the driver loaded is stored; a failed store is benign (it
    // warns once).
    cache.store(*cacheKey, data, size);
  }
  // The cubin belongs to the link state.
  driver->cuLinkDestroy(link);
  return finish(st);
}

bool CudaRuntime::loadCached(const std::string &key, LoadedModule &out) {
  static const bool verbose = std::getenv("TILE_RUNTIME_VERBOSE") != nullptr;
  CachedCubin cubin;
  if (!cache.lookup(key, cubin))
    return false;
  CUmodule module;
  Status st = check(driver->cuModuleLoadData(&module, cubin.data.get()),
                    "cuModuleLoadData");
  if (!st) {
    // A stale entry (another driver's cubin, say): recompile.
    std::fprintf(stderr,
                 "tile-runtime: the driver rejected cached cubin %s (%s); "
                 "recompiling\n",
                 key.c_str(), st.str().c_str());
    return false;
  }
  ++cache.hits;
  if (verbose)
    std::fprintf(stderr, "tile-runtime: cubin cache hit %s\n", key.c_str());
  out.module = module;
  out.fromCache = true;
  return true;
}

Status CudaRuntime::loadPtx(std::string_view ptx, const JitOptions &opts,
                            LoadedModule &out) {
  out = LoadedModule();
  Status st = makeCurrent();
  if (!st)
    return st;
  if (opts.optLevel < 0 || opts.optLevel > 4)
    return Status(Status::kRuntimeError, "TILE_INVALID_ARGUMENT",
                  "JIT optimization level must be 0..4, got " +
                      std::to_string(opts.optLevel));
  if (!cache.isEnabled())
    return jit(ptx, opts, nullptr, out);
  int sm = opts.targetSm ? opts.targetSm : deviceSm;
  std::string key = CubinCache::key(ptx, sm, driverVersion, opts);
  if (loadCached(key, out))
    return Status();
  ++cache.misses;
  if (std::getenv("TILE_RUNTIME_VERBOSE"))
    std::fprintf(stderr, "tile-runtime: cubin cache miss %s (JIT)\n",
                 key.c_str());
  return jit(ptx, opts, &key, out);
}

Status CudaRuntime::loadImage(const void *image, ModuleHandle &out) {
  Status st = makeCurrent();
  if (!st)
    return st;
  CUmodule module;
  st = check(driver->cuModuleLoadData(&module, image), "cuModuleLoadData");
  out = st ? module : nullptr;
  return st;
}

Status CudaRuntime::unloadModule(ModuleHandle module) {
  Status st = makeCurrent();
  if (!st)
    return st;
  return check(driver->cuModuleUnload(static_cast<CUmodule>(module)),
               "cuModuleUnload");
}

Status CudaRuntime::getFunction(ModuleHandle module, const char *name,
                                FunctionHandle &out) {
  Status st = makeCurrent();
  if (!st)
    return st;
  if (!name)
    return Status(Status::kRuntimeError, "TILE_INVALID_ARGUMENT",
                  "cuModuleGetFunction: the kernel name is a null pointer");
  CUfunction fn;
  st = check(
      driver->cuModuleGetFunction(&fn, static_cast<CUmodule>(module), name),
      "cuModuleGetFunction");
  if (!st)
    return Status(st.getCode(), st.getName(),
                  st.getMessage() + " (kernel '" + name + "')");
  out = fn;
  return st;
}

//===----------------------------------------------------------------------===//
// Memory, launches, streams, events
//===----------------------------------------------------------------------===//

#define TILE_CURRENT()                                                         \
  do {                                                                         \
    Status st_ = makeCurrent();                                                \
    if (!st_)                                                                  \
      return st_;                                                              \
  } while (0)

/// A copy or memset through a null pointer (after a failed allocation, say)
/// is refused before the driver sees it.
static Status nullPointer(const char *what) {
  return Status(Status::kRuntimeError, "TILE_NULL_POINTER",
                std::string(what) +
                    ": null pointer (did an earlier allocation fail?)");
}

#define TILE_NONNULL(what, ...)                                                \
  do {                                                                         \
    for (bool null_ : {__VA_ARGS__})                                           \
      if (null_)                                                               \
        return nullPointer(what);                                              \
  } while (0)

Status CudaRuntime::alloc(size_t bytes, DevicePtr &out) {
  TILE_CURRENT();
  CUdeviceptr ptr = 0;
  Status st = check(driver->cuMemAlloc(&ptr, bytes ? bytes : 1), "cuMemAlloc");
  out = st ? ptr : 0;
  return st;
}

/// The checks both tensor-map encoders make before calling the driver's
/// entry point `name` (`present`: the driver has it): a `kind` map has
/// `lo` to `hi` dimensions, and the map and the tensor are given.
static Status checkEncoderArgs(bool present, const char *name, const char *kind,
                               unsigned rank, unsigned lo, unsigned hi,
                               const void *map, uint64_t global) {
  if (!present)
    return Status(Status::kRuntimeError, "TILE_NO_TENSOR_MAP",
                  std::string("the driver lacks ") + name +
                      " (CUDA 12.0 or newer has it)");
  if (rank < lo || rank > hi)
    return Status(CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE",
                  std::string(kind) + " has " + std::to_string(lo) + " to " +
                      std::to_string(hi) + " dimensions, got " +
                      std::to_string(rank));
  TILE_NONNULL(name, !map, !global);
  return Status();
}

Status CudaRuntime::encodeTensorMapTiled(const TensorMapTiled &p, void *map) {
  TILE_CURRENT();
  if (Status st = checkEncoderArgs(driver->cuTensorMapEncodeTiled != nullptr,
                                   "cuTensorMapEncodeTiled", "a tensor map",
                                   p.rank, 1, 5, map, p.global);
      !st)
    return st;
  return check(driver->cuTensorMapEncodeTiled(
                   static_cast<CUtensorMap *>(map),
                   static_cast<CUtensorMapDataType>(p.dataType), p.rank,
                   reinterpret_cast<void *>(p.global), p.dims, p.strides, p.box,
                   p.elementStrides,
                   static_cast<CUtensorMapInterleave>(p.interleave),
                   static_cast<CUtensorMapSwizzle>(p.swizzle),
                   static_cast<CUtensorMapL2promotion>(p.l2Promotion),
                   static_cast<CUtensorMapFloatOOBfill>(p.oobFill)),
               "cuTensorMapEncodeTiled");
}

Status CudaRuntime::encodeTensorMapIm2col(const TensorMapIm2col &p, void *map) {
  TILE_CURRENT();
  if (Status st = checkEncoderArgs(
          driver->cuTensorMapEncodeIm2col != nullptr, "cuTensorMapEncodeIm2col",
          "an im2col tensor map", p.rank, 3, 5, map, p.global);
      !st)
    return st;
  return check(driver->cuTensorMapEncodeIm2col(
                   static_cast<CUtensorMap *>(map),
                   static_cast<CUtensorMapDataType>(p.dataType), p.rank,
                   reinterpret_cast<void *>(p.global), p.dims, p.strides,
                   p.lower, p.upper, p.channelsPerPixel, p.pixelsPerColumn,
                   p.elementStrides,
                   static_cast<CUtensorMapInterleave>(p.interleave),
                   static_cast<CUtensorMapSwizzle>(p.swizzle),
                   static_cast<CUtensorMapL2promotion>(p.l2Promotion),
                   static_cast<CUtensorMapFloatOOBfill>(p.oobFill)),
               "cuTensorMapEncodeIm2col");
}

Status CudaRuntime::free(DevicePtr ptr) {
  TILE_CURRENT();
  return check(driver->cuMemFree(ptr), "cuMemFree");
}

Status CudaRuntime::copyToDevice(DevicePtr dst, const void *src, size_t bytes) {
  TILE_CURRENT();
  if (bytes)
    TILE_NONNULL("cuMemcpyHtoD", !dst, !src);
  return check(driver->cuMemcpyHtoD(dst, src, bytes), "cuMemcpyHtoD");
}

Status CudaRuntime::copyToHost(void *dst, DevicePtr src, size_t bytes) {
  TILE_CURRENT();
  if (bytes)
    TILE_NONNULL("cuMemcpyDtoH", !dst, !src);
  return check(driver->cuMemcpyDtoH(dst, src, bytes), "cuMemcpyDtoH");
}

Status CudaRuntime::copy(void *dst, const void *src, size_t bytes,
                         StreamHandle stream) {
  TILE_CURRENT();
  if (bytes)
    TILE_NONNULL("cuMemcpyAsync", !dst, !src);
  return check(driver->cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                                     reinterpret_cast<CUdeviceptr>(src), bytes,
                                     static_cast<CUstream>(stream)),
               "cuMemcpyAsync");
}

Status CudaRuntime::memset32(DevicePtr dst, uint32_t value, size_t count,
                             StreamHandle stream) {
  TILE_CURRENT();
  if (count)
    TILE_NONNULL("cuMemsetD32Async", !dst);
  return check(driver->cuMemsetD32Async(dst, value, count,
                                        static_cast<CUstream>(stream)),
               "cuMemsetD32Async");
}

Status CudaRuntime::memset16(DevicePtr dst, uint16_t value, size_t count,
                             StreamHandle stream) {
  TILE_CURRENT();
  if (count)
    TILE_NONNULL("cuMemsetD16Async", !dst);
  return check(driver->cuMemsetD16Async(dst, value, count,
                                        static_cast<CUstream>(stream)),
               "cuMemsetD16Async");
}

Status CudaRuntime::launchCluster(FunctionHandle fn, const unsigned cluster[3],
                                  const unsigned grid[3],
                                  const unsigned block[3], unsigned sharedBytes,
                                  StreamHandle stream, void **params) {
  return launchEx(fn, cluster, /*cooperative=*/false, grid, block, sharedBytes,
                  stream, params);
}

Status CudaRuntime::launchCooperative(FunctionHandle fn,
                                      const unsigned *cluster,
                                      const unsigned grid[3],
                                      const unsigned block[3],
                                      unsigned sharedBytes, StreamHandle stream,
                                      void **params) {
  Status st = launchEx(fn, cluster, /*cooperative=*/true, grid, block,
                       sharedBytes, stream, params);
  if (st.getCode() != CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE)
    return st;
  uint64_t ctas = uint64_t(grid[0]) * grid[1] * grid[2];
  return Status(st.getCode(), st.getName(),
                st.getMessage() + ": the grid's " + std::to_string(ctas) +
                    " CTAs are more than the device holds at once with this "
                    "kernel's registers, shared memory and block (a "
                    "cooperative launch needs all of them resident)");
}

Status CudaRuntime::launchEx(FunctionHandle fn, const unsigned *cluster,
                             bool cooperative, const unsigned grid[3],
                             const unsigned block[3], unsigned sharedBytes,
                             StreamHandle stream, void **params) {
  TILE_CURRENT();
  if (!fn)
    return Status(Status::kRuntimeError, "TILE_INVALID_ARGUMENT",
                  "launch of a null kernel");
  for (int i = 0; cluster && i < 3; ++i)
    if (!cluster[i] || grid[i] % cluster[i])
      return Status(
          Status::kRuntimeError, "TILE_INVALID_ARGUMENT",
          "the grid (" + std::to_string(grid[0]) + ", " +
              std::to_string(grid[1]) + ", " + std::to_string(grid[2]) +
              ") is not a whole number of clusters (" +
              std::to_string(cluster[0]) + ", " + std::to_string(cluster[1]) +
              ", " + std::to_string(cluster[2]) + ")");
  if (!driver->cuLaunchKernelEx)
    return Status(Status::kRuntimeError,
                  cooperative ? "TILE_NO_COOPERATIVE_LAUNCH"
                              : "TILE_NO_CLUSTER_LAUNCH",
                  std::string("the driver lacks cuLaunchKernelEx (CUDA 12.0 "
                              "or newer), which launches ") +
                      (cooperative ? "cooperatively"
                                   : "with cluster "
                                     "dimensions"));
  if (Status st = allowSharedBytes(fn, sharedBytes); !st)
    return st;
  CUlaunchAttribute attrs[2] = {};
  unsigned count = 0;
  if (cluster) {
    attrs[count].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attrs[count].value.clusterDim.x = cluster[0];
    attrs[count].value.clusterDim.y = cluster[1];
    attrs[count].value.clusterDim.z = cluster[2];
    ++count;
  }
  if (cooperative) {
    attrs[count].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    attrs[count].value.cooperative = 1;
    ++count;
  }
  CUlaunchConfig config = {};
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = block[0];
  config.blockDimY = block[1];
  config.blockDimZ = block[2];
  config.sharedMemBytes = sharedBytes;
  config.hStream = static_cast<CUstream>(stream);
  config.attrs = attrs;
  config.numAttrs = count;
  return check(driver->cuLaunchKernelEx(&config, static_cast<CUfunction>(fn),
                                        params, nullptr),
               "cuLaunchKernelEx");
}

Status CudaRuntime::allowSharedBytes(FunctionHandle fn, unsigned sharedBytes) {
  if (sharedBytes <= 48 * 1024)
    return Status();
  return check(driver->cuFuncSetAttribute(
                   static_cast<CUfunction>(fn),
                   CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                   sharedBytes),
               "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
}

Status CudaRuntime::launch(FunctionHandle fn, unsigned gridX, unsigned gridY,
                           unsigned gridZ, unsigned blockX, unsigned blockY,
                           unsigned blockZ, unsigned sharedBytes,
                           StreamHandle stream, void **params) {
  TILE_CURRENT();
  if (!fn)
    return Status(Status::kRuntimeError, "TILE_INVALID_ARGUMENT",
                  "launch of a null kernel");
  if (Status st = allowSharedBytes(fn, sharedBytes); !st)
    return st;
  return check(
      driver->cuLaunchKernel(static_cast<CUfunction>(fn), gridX, gridY, gridZ,
                             blockX, blockY, blockZ, sharedBytes,
                             static_cast<CUstream>(stream), params, nullptr),
      "cuLaunchKernel");
}

Status CudaRuntime::createStream(StreamHandle &out) {
  TILE_CURRENT();
  CUstream s;
  Status st = check(driver->cuStreamCreate(&s, CU_STREAM_NON_BLOCKING),
                    "cuStreamCreate");
  out = st ? s : nullptr;
  return st;
}

Status CudaRuntime::synchronizeStream(StreamHandle stream) {
  TILE_CURRENT();
  return check(driver->cuStreamSynchronize(static_cast<CUstream>(stream)),
               "cuStreamSynchronize");
}

Status CudaRuntime::destroyStream(StreamHandle stream) {
  TILE_CURRENT();
  return check(driver->cuStreamDestroy(static_cast<CUstream>(stream)),
               "cuStreamDestroy");
}

Status CudaRuntime::createEvent(EventHandle &out) {
  TILE_CURRENT();
  CUevent e;
  Status st =
      check(driver->cuEventCreate(&e, CU_EVENT_DEFAULT), "cuEventCreate");
  out = st ? e : nullptr;
  return st;
}

Status CudaRuntime::recordEvent(EventHandle event, StreamHandle stream) {
  TILE_CURRENT();
  return check(driver->cuEventRecord(static_cast<CUevent>(event),
                                     static_cast<CUstream>(stream)),
               "cuEventRecord");
}

Status CudaRuntime::synchronizeEvent(EventHandle event) {
  TILE_CURRENT();
  return check(driver->cuEventSynchronize(static_cast<CUevent>(event)),
               "cuEventSynchronize");
}

Status CudaRuntime::elapsedMs(EventHandle start, EventHandle end, float &ms) {
  TILE_CURRENT();
  return check(driver->cuEventElapsedTime(&ms, static_cast<CUevent>(start),
                                          static_cast<CUevent>(end)),
               "cuEventElapsedTime");
}

Status CudaRuntime::destroyEvent(EventHandle event) {
  TILE_CURRENT();
  return check(driver->cuEventDestroy(static_cast<CUevent>(event)),
               "cuEventDestroy");
}

Status CudaRuntime::streamWaitEvent(StreamHandle stream, EventHandle event) {
  TILE_CURRENT();
  return check(driver->cuStreamWaitEvent(static_cast<CUstream>(stream),
                                         static_cast<CUevent>(event), 0),
               "cuStreamWaitEvent");
}

Status CudaRuntime::synchronize() {
  TILE_CURRENT();
  return check(driver->cuCtxSynchronize(), "cuCtxSynchronize");
}
