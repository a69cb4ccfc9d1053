//===- CudaRuntime.h - CUDA Driver API runtime ------------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A small runtime over the CUDA Driver API with no MLIR dependency. The
/// driver is loaded at run time (`dlopen("libcuda.so.1")`), so programs link
/// and run on machines without one and get a "no CUDA driver" status. Every
/// operation returns a `Status` that carries the CUDA error name, its
/// description and, for JIT failures, the JIT log; nothing aborts and nothing
/// only prints.
///
/// PTX is JIT-compiled with the driver and the cubin is cached on disk, keyed
/// on the PTX, the device's SM, the driver version and the JIT options, so a
/// second run skips the JIT (`TILE_CACHE_DIR`, `TILE_CACHE_DISABLE=1`); see
/// CubinCache for what the cache checks before it trusts a file.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_CUDARUNTIME_H
#define TILE_RUNTIME_CUDARUNTIME_H

#include "tile/Runtime/TensorMapFields.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace tile {
namespace rt {

/// The outcome of a runtime operation.
class Status {
public:
  /// CUDA_SUCCESS.
  Status() = default;
  /// A failure with a CUDA error code (or one of the codes below), the error
  /// name (e.g. "CUDA_ERROR_INVALID_PTX"), a message and an optional log.
  Status(int code, std::string name, std::string message, std::string log = "")
      : code(code), name(std::move(name)), message(std::move(message)),
        log(std::move(log)) {}

  /// No CUDA driver could be loaded.
  static constexpr int kNoDriver = -1;
  /// A runtime-level error that is not a CUDA error (bad argument, I/O).
  static constexpr int kRuntimeError = -2;

  bool ok() const { return code == 0; }
  explicit operator bool() const { return ok(); }
  int getCode() const { return code; }
  const std::string &getName() const { return name; }
  const std::string &getMessage() const { return message; }
  const std::string &getLog() const { return log; }
  /// "NAME: message" plus the log, if any.
  std::string str() const;

private:
  int code = 0;
  std::string name;
  std::string message;
  std::string log;
};

/// Options of a PTX JIT compilation.
struct JitOptions {
  /// ptxas optimization level, 0..4.
  int optLevel = 4;
  /// SM to compile for (e.g. 90); 0 = the current device's.
  int targetSm = 0;
  /// Ask the JIT for a verbose info log.
  bool verbose = false;
};

/// Opaque handles (CUmodule, CUfunction, CUstream, CUevent).
using ModuleHandle = void *;
using FunctionHandle = void *;
using StreamHandle = void *;
using EventHandle = void *;
using DevicePtr = uint64_t;

/// A result of a JIT load: the module and what the JIT said.
struct LoadedModule {
  ModuleHandle module = nullptr;
  std::string infoLog;
  bool fromCache = false;
};

/// A cubin read from the cache.
struct CachedCubin {
  std::unique_ptr<char[]> data;
  size_t size = 0;
};

/// On-disk cache of JIT-compiled cubins, one file per key
/// (`<key>.cubin`: a header with a magic, the format version, the cubin's
/// length, its SHA-256 and the key, then the cubin). Nothing found on disk
/// is trusted: the directory must be the user's own private directory, with
/// no directory above it that another user could change; entries are opened
/// without following links and verified field by field, and anything else
/// is a miss with a warning. See CubinCache.cpp for the rules.
class CubinCache {
public:
  /// Uses `TILE_CACHE_DIR`, else `$XDG_CACHE_HOME/tile-mlir/cubin`, else
  /// `$HOME/.cache/tile-mlir/cubin`, else `/tmp/tile-mlir-cubin-<uid>`;
  /// disabled when `TILE_CACHE_DISABLE=1`. The directory is checked (and
  /// created, mode 0700) at its first use; an unsafe one disables the cache
  /// with a warning.
  CubinCache();
  ~CubinCache();
  CubinCache(const CubinCache &) = delete;
  CubinCache &operator=(const CubinCache &) = delete;

  /// Whether the cache is on and its directory has not been found unsafe.
  bool isEnabled() const { return enabled && !unsafe; }
  void setEnabled(bool on) { enabled = on; }
  const std::string &getDirectory() const { return dir; }
  /// Uses another directory, checked again at its first use.
  void setDirectory(std::string d);

  /// The largest cubin the cache stores or reads: 1 GiB.
  static constexpr size_t kMaxCubinBytes = size_t(1) << 30;

  /// The cache key of a compilation: 32 hex digits (the first 128 bits of a
  /// SHA-256 of the PTX, the SM, the driver version and the JIT options).
  static std::string key(std::string_view ptx, int sm, int driverVersion,
                         const JitOptions &opts);
  /// Reads and verifies the entry of `key`; false if it is absent, or, with
  /// a warning, if it is not a valid entry of this key.
  bool lookup(const std::string &key, CachedCubin &cubin);
  /// Stores a cubin atomically: a new temporary file in the directory,
  /// renamed over the entry. A failure warns once per process.
  Status store(const std::string &key, const void *data, size_t size);
  /// Removes the cache's own entries (files named <32 hex digits>.cubin);
  /// other files in the directory stay. Returns how many were removed; an
  /// unsafe directory is an error (TILE_CACHE_UNSAFE).
  Status clear(size_t *removed = nullptr);

  unsigned hits = 0;
  unsigned misses = 0;

private:
  /// The checked directory's descriptor, opened (and with `create` made) at
  /// the first call; -1 with `st` success if it does not exist yet, -1 with
  /// an error if it is unsafe or cannot be made.
  int openDirectory(bool create, Status &st);
  Status warnStore(const std::string &message);

  std::string dir;
  bool enabled = true;
  std::atomic<bool> unsafe{false};
  std::string unsafeWhy;
  std::atomic<bool> storeWarned{false};
  int dirFd = -1;
  std::mutex mutex;
};

/// The runtime of one device: driver entry points, primary context, module
/// loading with the cubin cache, memory, launches, streams and events.
class CudaRuntime {
public:
  /// The process-wide runtime.
  static CudaRuntime &get();

  /// Loads the driver, initializes it and retains the primary context of
  /// `device`. Idempotent; later calls return the first outcome.
  Status init(int device = 0);
  bool isInitialized() const;

  /// Compute capability as major*10+minor (e.g. 90), and driver version.
  int getDeviceSm() const { return deviceSm; }
  int getDriverVersion() const { return driverVersion; }
  std::string getDeviceName() const;

  /// JIT-compiles and loads PTX (NUL-terminated or not), through the cache.
  Status loadPtx(std::string_view ptx, const JitOptions &opts,
                 LoadedModule &out);
  /// Loads a cubin or fatbin image.
  Status loadImage(const void *image, ModuleHandle &out);
  Status unloadModule(ModuleHandle module);
  Status getFunction(ModuleHandle module, const char *name,
                     FunctionHandle &out);

  Status alloc(size_t bytes, DevicePtr &out);
  Status free(DevicePtr ptr);
  Status copyToDevice(DevicePtr dst, const void *src, size_t bytes);
  Status copyToHost(void *dst, DevicePtr src, size_t bytes);
  /// Copy between any two addresses (unified addressing), on a stream.
  Status copy(void *dst, const void *src, size_t bytes, StreamHandle stream);
  Status memset32(DevicePtr dst, uint32_t value, size_t count,
                  StreamHandle stream);
  Status memset16(DevicePtr dst, uint16_t value, size_t count,
                  StreamHandle stream);

  /// Launches `fn` with kernel parameters `params` (an array of pointers to
  /// the argument values, as cuLaunchKernel takes them).
  Status launch(FunctionHandle fn, unsigned gridX, unsigned gridY,
                unsigned gridZ, unsigned blockX, unsigned blockY,
                unsigned blockZ, unsigned sharedBytes, StreamHandle stream,
                void **params);
  /// Launches `fn` in clusters of `cluster` CTAs (x, y, z; the grid a whole
  /// number of them) through cuLaunchKernelEx.
  Status launchCluster(FunctionHandle fn, const unsigned cluster[3],
                       const unsigned grid[3], const unsigned block[3],
                       unsigned sharedBytes, StreamHandle stream,
                       void **params);
  /// Launches `fn` cooperatively (all its CTAs resident at once, as a grid
  /// synchronization needs: CU_LAUNCH_ATTRIBUTE_COOPERATIVE), in clusters
  /// of `cluster` CTAs where it is not null, through cuLaunchKernelEx. A
  /// grid larger than the device holds at once is the driver's
  /// CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, reported with the grid's
  /// CTA count.
  Status launchCooperative(FunctionHandle fn, const unsigned *cluster,
                           const unsigned grid[3], const unsigned block[3],
                           unsigned sharedBytes, StreamHandle stream,
                           void **params);

  /// A tiled tensor map (CUtensorMap, 128 bytes written to `map`, which is
  /// 64-byte aligned) through cuTensorMapEncodeTiled. The driver checks the
  /// parameters.
  using TensorMapTiled = TensorMapTiledFields;
  Status encodeTensorMapTiled(const TensorMapTiled &params, void *map);
  /// An im2col tensor map through cuTensorMapEncodeIm2col: the fields of a
  /// tiled one without the box, and instead the bounding box's corners
  /// (one per spatial dimension, innermost first), the channels per pixel
  /// and the pixels per column.
  struct TensorMapIm2col : TensorMapTiled {
    int lower[3] = {}, upper[3] = {};
    unsigned channelsPerPixel = 0, pixelsPerColumn = 0;
  };
  Status encodeTensorMapIm2col(const TensorMapIm2col &params, void *map);

  Status createStream(StreamHandle &out);
  Status synchronizeStream(StreamHandle stream);
  Status destroyStream(StreamHandle stream);
  Status createEvent(EventHandle &out);
  Status recordEvent(EventHandle event, StreamHandle stream);
  Status synchronizeEvent(EventHandle event);
  Status elapsedMs(EventHandle start, EventHandle end, float &ms);
  Status destroyEvent(EventHandle event);
  Status streamWaitEvent(StreamHandle stream, EventHandle event);
  Status synchronize();

  CubinCache &getCache() { return cache; }

  struct Driver;

private:
  CudaRuntime() = default;
  Status makeCurrent();
  Status check(int result, const char *what) const;
  /// Lets kernel `fn` use `sharedBytes` of dynamic shared memory (above 48
  /// KiB a kernel must opt in).
  Status allowSharedBytes(FunctionHandle fn, unsigned sharedBytes);
  /// cuLaunchKernelEx with the cluster shape (where not null) and the
  /// cooperative attribute (where set).
  Status launchEx(FunctionHandle fn, const unsigned *cluster, bool cooperative,
                  const unsigned grid[3], const unsigned block[3],
                  unsigned sharedBytes, StreamHandle stream, void **params);
  /// The driver version and the device's compute capability, which go into
  /// the cache key: a failed query or a nonsense value is an error.
  Status queryDriverVersion();
  Status queryComputeCapability(int dev);
  /// JIT-compiles `ptx`: through the linker and into the cache under
  /// `cacheKey` if it is given, else with cuModuleLoadDataEx.
  Status jit(std::string_view ptx, const JitOptions &opts,
             const std::string *cacheKey, LoadedModule &out);
  /// Loads the cached cubin of `key`; false on a miss.
  bool loadCached(const std::string &key, LoadedModule &out);

  std::unique_ptr<Driver> driver;
  Status initStatus;
  bool initialized = false;
  void *context = nullptr;
  int deviceOrdinal = 0;
  int deviceHandle = 0;
  int deviceSm = 0;
  int driverVersion = 0;
  CubinCache cache;
};

} // namespace rt
} // namespace tile

#endif // TILE_RUNTIME_CUDARUNTIME_H
