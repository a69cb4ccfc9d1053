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
/// second run skips the JIT (`TILE_CACHE_DIR`, `TILE_CACHE_DISABLE=1`).
///
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_CUDARUNTIME_H
#define TILE_RUNTIME_CUDARUNTIME_H

#include <cstddef>
#include <cstdint>
#include <memory>
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

/// On-disk cache of JIT-compiled cubins.
class CubinCache {
public:
  /// Uses `TILE_CACHE_DIR`, else `$XDG_CACHE_HOME/tile-mlir/cubin`, else
  /// `$HOME/.cache/tile-mlir/cubin`, else `/tmp/tile-mlir-cubin-<uid>`
  /// (only if it is the user's own and not group/world-writable); disabled
  /// when `TILE_CACHE_DISABLE=1`.
  CubinCache();

  bool isEnabled() const { return enabled; }
  void setEnabled(bool on) { enabled = on; }
  const std::string &getDirectory() const { return dir; }
  void setDirectory(std::string d) { dir = std::move(d); }

  /// The cache key of a compilation (hex digest).
  static std::string key(std::string_view ptx, int sm, int driverVersion,
                         const JitOptions &opts);
  /// Reads a cached cubin; false if absent or unreadable (a warning then).
  bool lookup(const std::string &key, std::vector<char> &cubin) const;
  /// Stores a cubin (atomically: written to a temporary, then renamed).
  Status store(const std::string &key, const void *data, size_t size) const;
  /// Removes the cache's own entries (files named <32 hex digits>.cubin);
  /// other files in the directory stay. Returns how many were removed.
  Status clear(size_t *removed = nullptr) const;

  unsigned hits = 0;
  unsigned misses = 0;

private:
  std::string dir;
  bool enabled = true;
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
  Status jit(std::string_view ptx, const JitOptions &opts, bool wantCubin,
             LoadedModule &out, std::vector<char> *cubin);

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
