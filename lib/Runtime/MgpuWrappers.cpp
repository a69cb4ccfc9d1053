//===- MgpuWrappers.cpp - the C functions gpu-to-llvm host code calls -----===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/MgpuWrappers.h"
#include "tile/Runtime/CudaRuntime.h"
#include "tile/Runtime/MemRefDescriptor.h"
#include "tile/Runtime/PtxKernels.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unistd.h>

using tile::rt::CudaRuntime;
using tile::rt::Status;

namespace {
struct ErrorLog {
  std::mutex mutex;
  int count = 0;
  std::string first;
  /// Set once the program's exit status is decided (tileRuntimeExitOnError).
  bool exitOnError = false;
};
ErrorLog &errors() {
  static ErrorLog log;
  return log;
}

/// Records a failure; returns whether `st` was a success.
bool record(const Status &st, const char *where) {
  if (st)
    return true;
  ErrorLog &log = errors();
  std::lock_guard<std::mutex> lock(log.mutex);
  std::string msg = std::string(where) + ": " + st.str();
  if (log.count++ == 0)
    log.first = msg;
  std::fprintf(stderr, "tile-runtime: %s\n", msg.c_str());
  if (log.exitOnError) {
    // Nobody is left to ask for the count: fail the process here.
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(1);
  }
  return false;
}

int jitOptLevel(int mlirOptLevel) {
  // MLIR passes its O level (0..3); ptxas takes 0..4.
  if (const char *o = std::getenv("TILE_JIT_OPT_LEVEL"))
    return std::atoi(o);
  return mlirOptLevel < 0 ? 0 : mlirOptLevel > 4 ? 4 : mlirOptLevel;
}
/// The kernels that synchronize their grid (tile.grid_sync), which the
/// mgpu launches launch cooperatively: by module, the names of such
/// kernels, and the functions looked up of them.
struct Cooperative {
  std::mutex mutex;
  std::map<void *, std::set<std::string>> byModule;
  /// The functions of such kernels, and their modules.
  std::map<void *, void *> functions;
};
Cooperative &cooperative() {
  // Never destroyed: module destructors unload modules at exit, after
  // function-local statics may have been destroyed.
  static Cooperative *c = new Cooperative;
  return *c;
}

} // namespace

extern "C" int tileRuntimeErrorCount(void) {
  std::lock_guard<std::mutex> lock(errors().mutex);
  return errors().count;
}

extern "C" const char *tileRuntimeFirstError(void) {
  std::lock_guard<std::mutex> lock(errors().mutex);
  return errors().first.c_str();
}

extern "C" void tileRuntimeExitOnError(void) {
  std::lock_guard<std::mutex> lock(errors().mutex);
  errors().exitOnError = true;
}

extern "C" void tileRuntimeClearErrors(void) {
  std::lock_guard<std::mutex> lock(errors().mutex);
  errors().count = 0;
  errors().first.clear();
}

extern "C" void *mgpuModuleLoad(void *data, size_t) {
  tile::rt::ModuleHandle module = nullptr;
  record(CudaRuntime::get().loadImage(data, module), "mgpuModuleLoad");
  return module;
}

extern "C" void *mgpuModuleLoadJIT(void *data, int optLevel) {
  if (!data) {
    record(Status(Status::kRuntimeError, "TILE_INVALID_ARGUMENT",
                  "no PTX (a null pointer)"),
           "mgpuModuleLoadJIT");
    return nullptr;
  }
  tile::rt::JitOptions opts;
  opts.optLevel = jitOptLevel(optLevel);
  tile::rt::LoadedModule loaded;
  record(
      CudaRuntime::get().loadPtx(static_cast<const char *>(data), opts, loaded),
      "mgpuModuleLoadJIT");
  if (loaded.module) {
    std::set<std::string> kernels =
        tile::rt::findGridSyncKernels(static_cast<const char *>(data));
    std::lock_guard<std::mutex> lock(cooperative().mutex);
    if (!kernels.empty())
      cooperative().byModule[loaded.module] = std::move(kernels);
  }
  return loaded.module;
}

extern "C" void mgpuModuleUnload(void *module) {
  if (!module)
    return;
  {
    std::lock_guard<std::mutex> lock(cooperative().mutex);
    cooperative().byModule.erase(module);
    // A later module's function may have the same handle.
    std::map<void *, void *> &fns = cooperative().functions;
    for (auto it = fns.begin(); it != fns.end();)
      it = it->second == module ? fns.erase(it) : std::next(it);
  }
  Status st = CudaRuntime::get().unloadModule(module);
  // Module destructors run at exit, possibly after the driver has shut down;
  // the module is gone either way.
  if (st.getCode() == 4 /*CUDA_ERROR_DEINITIALIZED*/)
    return;
  record(st, "mgpuModuleUnload");
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  tile::rt::FunctionHandle fn = nullptr;
  if (!module) {
    record(Status(Status::kRuntimeError, "TILE_NO_MODULE",
                  std::string("no module to look up kernel '") +
                      (name ? name : "(null)") + "' in (its load failed)"),
           "mgpuModuleGetFunction");
    return nullptr;
  }
  record(CudaRuntime::get().getFunction(module, name, fn),
         "mgpuModuleGetFunction");
  std::lock_guard<std::mutex> lock(cooperative().mutex);
  auto it = cooperative().byModule.find(module);
  if (fn && name && it != cooperative().byModule.end() &&
      it->second.count(name))
    cooperative().functions[fn] = module;
  return fn;
}

/// Whether `function` synchronizes its grid: it is launched cooperatively.
static bool isCooperative(void *function) {
  std::lock_guard<std::mutex> lock(cooperative().mutex);
  return cooperative().functions.count(function) != 0;
}

/// Whether `function` was loaded; records the failed launch `what` if not.
static bool isLoaded(void *function, const char *what) {
  if (!function)
    record(Status(Status::kRuntimeError, "TILE_NO_KERNEL",
                  "launch of a kernel that could not be loaded"),
           what);
  return function != nullptr;
}

extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ, int32_t smem,
                                 void *stream, void **params, void **, size_t) {
  if (!isLoaded(function, "mgpuLaunchKernel"))
    return;
  if (isCooperative(function)) {
    const unsigned grid[3] = {unsigned(gridX), unsigned(gridY),
                              unsigned(gridZ)};
    const unsigned block[3] = {unsigned(blockX), unsigned(blockY),
                               unsigned(blockZ)};
    record(CudaRuntime::get().launchCooperative(function, nullptr, grid, block,
                                                smem, stream, params),
           "mgpuLaunchKernel");
    return;
  }
  record(CudaRuntime::get().launch(function, gridX, gridY, gridZ, blockX,
                                   blockY, blockZ, smem, stream, params),
         "mgpuLaunchKernel");
}

/// A launch with cluster dimensions (gpu.launch_func ... clusters in).
/// The argument order is MLIR's GPU-to-LLVM launch lowering's (the function
/// first).
extern "C" void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                                        intptr_t clusterY, intptr_t clusterZ,
                                        intptr_t gridX, intptr_t gridY,
                                        intptr_t gridZ, intptr_t blockX,
                                        intptr_t blockY, intptr_t blockZ,
                                        int32_t smem, void *stream,
                                        void **params, void **, size_t) {
  if (!isLoaded(function, "mgpuLaunchClusterKernel"))
    return;
  const unsigned cluster[3] = {unsigned(clusterX), unsigned(clusterY),
                               unsigned(clusterZ)};
  const unsigned grid[3] = {unsigned(gridX), unsigned(gridY), unsigned(gridZ)};
  const unsigned block[3] = {unsigned(blockX), unsigned(blockY),
                             unsigned(blockZ)};
  record(isCooperative(function)
             ? CudaRuntime::get().launchCooperative(function, cluster, grid,
                                                    block, smem, stream, params)
             : CudaRuntime::get().launchCluster(function, cluster, grid, block,
                                                smem, stream, params),
         "mgpuLaunchClusterKernel");
}

extern "C" void *mgpuStreamCreate(void) {
  tile::rt::StreamHandle s = nullptr;
  record(CudaRuntime::get().createStream(s), "mgpuStreamCreate");
  return s;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  record(CudaRuntime::get().destroyStream(stream), "mgpuStreamDestroy");
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  record(CudaRuntime::get().synchronizeStream(stream), "mgpuStreamSynchronize");
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  record(CudaRuntime::get().streamWaitEvent(stream, event),
         "mgpuStreamWaitEvent");
}

extern "C" void *mgpuEventCreate(void) {
  tile::rt::EventHandle e = nullptr;
  record(CudaRuntime::get().createEvent(e), "mgpuEventCreate");
  return e;
}

extern "C" void mgpuEventDestroy(void *event) {
  record(CudaRuntime::get().destroyEvent(event), "mgpuEventDestroy");
}

extern "C" void mgpuEventSynchronize(void *event) {
  record(CudaRuntime::get().synchronizeEvent(event), "mgpuEventSynchronize");
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  record(CudaRuntime::get().recordEvent(event, stream), "mgpuEventRecord");
}

extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, void *, bool isHostShared) {
  if (isHostShared) {
    record(Status(Status::kRuntimeError, "TILE_UNSUPPORTED",
                  "host-shared (managed) allocations are not supported"),
           "mgpuMemAlloc");
    return nullptr;
  }
  tile::rt::DevicePtr ptr = 0;
  record(CudaRuntime::get().alloc(sizeBytes, ptr), "mgpuMemAlloc");
  return reinterpret_cast<void *>(ptr);
}

extern "C" void mgpuMemFree(void *ptr, void *) {
  if (ptr)
    record(CudaRuntime::get().free(reinterpret_cast<tile::rt::DevicePtr>(ptr)),
           "mgpuMemFree");
}

extern "C" void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                           void *stream) {
  record(CudaRuntime::get().copy(dst, src, sizeBytes, stream), "mgpuMemcpy");
}

extern "C" void mgpuMemset32(void *dst, unsigned int value, size_t count,
                             void *stream) {
  record(CudaRuntime::get().memset32(reinterpret_cast<tile::rt::DevicePtr>(dst),
                                     value, count, stream),
         "mgpuMemset32");
}

extern "C" void mgpuMemset16(void *dst, unsigned short value, size_t count,
                             void *stream) {
  record(CudaRuntime::get().memset16(reinterpret_cast<tile::rt::DevicePtr>(dst),
                                     value, count, stream),
         "mgpuMemset16");
}

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  record(CudaRuntime::get().init(device), "mgpuSetDefaultDevice");
}

//===----------------------------------------------------------------------===//
// Tensor maps
//===----------------------------------------------------------------------===//

namespace {
using tile::rt::DescriptorHead;
const int64_t *getSizes(void *descriptor) {
  return tile::rt::getDescriptorSizes(descriptor);
}

#include "tile/Ptx/PtxTensorMapTypeBits.inc"

/// The bytes of an element of CUtensorMapDataType `t` (the table's
/// TensorMapDataType records), or 0 for a code the table does not have
/// (the packed sub-byte types, which this entry point does not take).
unsigned getTensorMapElementBytes(int32_t t) {
  constexpr int32_t n = sizeof(kTensorMapTypeBits) / sizeof(unsigned);
  return t >= 0 && t < n ? kTensorMapTypeBits[t] / 8 : 0;
}

bool tensorMapError(const std::string &message,
                    const char *who = "tileTensorMapEncodeTiled") {
  return record(Status(Status::kRuntimeError, "TILE_BAD_TENSOR_MAP", message),
                who);
}

/// Copies a tensor map's 128 bytes from `src` to `dst`, each in host or
/// device memory (the driver tells which), and waits for the copy.
bool copyMap(void *dst, const void *src, const char *who) {
  CudaRuntime &rt = CudaRuntime::get();
  return record(rt.copy(dst, src, 128, nullptr), who) &&
         record(rt.synchronizeStream(nullptr), who);
}

/// Encodes `p` into the map at `map`, in host or device memory.
void encodeAndCopy(const CudaRuntime::TensorMapTiled &p, char *map,
                   const char *who) {
  alignas(64) unsigned char bytes[128] = {};
  if (record(CudaRuntime::get().encodeTensorMapTiled(p, bytes), who))
    copyMap(map, bytes, who);
}
} // namespace

namespace {
/// Fills `p`'s tensor fields (type, rank, address, sizes and byte strides,
/// innermost first as the driver takes them; a memref lists it last; the
/// element strides 1) from the memref `tensorDesc`; false (a failure
/// recorded for `who`) when its innermost stride is not 1.
bool setTensor(CudaRuntime::TensorMapTiled &p, int64_t rank, void *tensorDesc,
               int32_t dataType, unsigned eltBytes, const char *who) {
  auto *t = static_cast<DescriptorHead *>(tensorDesc);
  const int64_t *sizes = getSizes(tensorDesc), *strides = sizes + rank;
  if (strides[rank - 1] != 1)
    return tensorMapError("the tensor's innermost stride must be 1", who);
  p.dataType = dataType;
  p.rank = static_cast<unsigned>(rank);
  p.global =
      reinterpret_cast<tile::rt::DevicePtr>(t->aligned + t->offset * eltBytes);
  for (int64_t i = 0; i < rank; ++i) {
    p.dims[i] = static_cast<uint64_t>(sizes[rank - 1 - i]);
    p.elementStrides[i] = 1;
    if (i + 1 < rank)
      p.strides[i] = static_cast<uint64_t>(strides[rank - 2 - i]) * eltBytes;
  }
  return true;
}
} // namespace

extern "C" void tileTensorMapEncodeTiled(int64_t mapRank, void *mapDesc,
                                         int64_t rank, void *tensorDesc,
                                         int32_t dataType, int64_t boxRank,
                                         void *boxDesc, int32_t swizzle,
                                         int32_t oobFill) {
  unsigned eltBytes = getTensorMapElementBytes(dataType);
  if (!eltBytes)
    return (void)tensorMapError("unsupported CUtensorMapDataType " +
                                std::to_string(dataType));
  if (mapRank != 1 || getSizes(mapDesc)[0] < 128)
    return (void)tensorMapError("the tensor map's buffer must be a "
                                "memref of at least 128 bytes");
  if (rank < 1 || rank > 5 || boxRank != 1 || getSizes(boxDesc)[0] != rank)
    return (void)tensorMapError("a tensor map has 1 to 5 dimensions and a "
                                "box size for each, got rank " +
                                std::to_string(rank));
  const int64_t *box = reinterpret_cast<const int64_t *>(
      static_cast<DescriptorHead *>(boxDesc)->aligned +
      8 * static_cast<DescriptorHead *>(boxDesc)->offset);
  CudaRuntime::TensorMapTiled p;
  if (!setTensor(p, rank, tensorDesc, dataType, eltBytes,
                 "tileTensorMapEncodeTiled"))
    return;
  for (int64_t i = 0; i < rank; ++i) {
    // The driver takes 32 bits; a larger size must not wrap into a valid
    // one (the CPU backend refuses it too).
    if (box[rank - 1 - i] < 1 || box[rank - 1 - i] > int64_t(UINT32_MAX))
      return (void)tensorMapError("a box size " +
                                  std::to_string(box[rank - 1 - i]) +
                                  " is out of range");
    p.box[i] = static_cast<uint32_t>(box[rank - 1 - i]);
  }
  p.swizzle = swizzle;
  p.oobFill = oobFill;
  auto *m = static_cast<DescriptorHead *>(mapDesc);
  encodeAndCopy(p, m->aligned + m->offset, "tileTensorMapEncodeTiled");
}

namespace {
/// The `n` values of the rank-1 `memref<?xT>` `desc`, or null (a failure
/// recorded) when it is not one of `n` elements.
template <typename T>
const T *memrefValues(const char *what, int64_t descRank, void *desc, int64_t n,
                      const char *who) {
  if (descRank != 1 || getSizes(desc)[0] != n) {
    tensorMapError(std::string(what) + " must be a memref of " +
                       std::to_string(n) + " elements",
                   who);
    return nullptr;
  }
  auto *d = static_cast<DescriptorHead *>(desc);
  return reinterpret_cast<const T *>(d->aligned) + d->offset;
}
} // namespace

extern "C" void
tileTensorMapEncodeIm2col(int64_t mapRank, void *mapDesc, int64_t rank,
                          void *tensorDesc, int32_t dataType, int64_t lowerRank,
                          void *lowerDesc, int64_t upperRank, void *upperDesc,
                          int64_t stridesRank, void *stridesDesc,
                          int32_t channelsPerPixel, int32_t pixelsPerColumn,
                          int32_t swizzle, int32_t oobFill) {
  const char *who = "tileTensorMapEncodeIm2col";
  unsigned eltBytes = getTensorMapElementBytes(dataType);
  if (!eltBytes)
    return (void)tensorMapError(
        "unsupported CUtensorMapDataType " + std::to_string(dataType), who);
  if (mapRank != 1 || getSizes(mapDesc)[0] < 128)
    return (void)tensorMapError("the tensor map's buffer must be a "
                                "memref of at least 128 bytes",
                                who);
  if (rank < 3 || rank > 5)
    return (void)tensorMapError(
        "an im2col tensor map has 3 to 5 dimensions, got rank " +
            std::to_string(rank),
        who);
  const int32_t *lower = memrefValues<int32_t>("the lower corner", lowerRank,
                                               lowerDesc, rank - 2, who);
  const int32_t *upper = memrefValues<int32_t>("the upper corner", upperRank,
                                               upperDesc, rank - 2, who);
  const int32_t *steps = memrefValues<int32_t>(
      "the traversal strides", stridesRank, stridesDesc, rank, who);
  if (!lower || !upper || !steps)
    return;
  CudaRuntime::TensorMapIm2col p;
  if (!setTensor(p, rank, tensorDesc, dataType, eltBytes, who))
    return;
  // The driver takes every array innermost first; the memrefs list the
  // outermost first.
  for (int64_t i = 0; i < rank; ++i)
    p.elementStrides[i] = static_cast<uint32_t>(steps[rank - 1 - i]);
  for (int64_t i = 0; i + 2 < rank; ++i) {
    p.lower[i] = lower[rank - 3 - i];
    p.upper[i] = upper[rank - 3 - i];
  }
  p.channelsPerPixel = static_cast<uint32_t>(channelsPerPixel);
  p.pixelsPerColumn = static_cast<uint32_t>(pixelsPerColumn);
  p.swizzle = swizzle;
  p.oobFill = oobFill;
  alignas(64) unsigned char bytes[128] = {};
  auto *m = static_cast<DescriptorHead *>(mapDesc);
  if (record(CudaRuntime::get().encodeTensorMapIm2col(p, bytes), who))
    copyMap(m->aligned + m->offset, bytes, who);
}

extern "C" void tileTensorMapToHost(int64_t dst, int64_t src) {
  void *out = reinterpret_cast<void *>(dst);
  // A map that could not be read is all zeros: the kernel's copies then
  // fault instead of reading stale bytes.
  if (!copyMap(out, reinterpret_cast<const void *>(src), "tileTensorMapToHost"))
    std::memset(out, 0, 128);
}

extern "C" void tileTensorMapEncode2D(int64_t map, int64_t tensor, int64_t rows,
                                      int64_t cols, int64_t rowStride,
                                      int64_t colStride, int32_t dataType,
                                      int32_t elementBytes, int64_t boxRows,
                                      int64_t boxCols, int32_t swizzle,
                                      int32_t oobFill) {
  const char *who = "tileTensorMapEncode2D";
  if (std::string why =
          tile::rt::checkTensorMap2D(rows, cols, rowStride, colStride);
      !why.empty())
    return (void)tensorMapError(why, who);
  CudaRuntime::TensorMapTiled p;
  p.dataType = dataType;
  p.rank = 2;
  p.global = static_cast<tile::rt::DevicePtr>(tensor);
  // The driver takes the innermost dimension first.
  p.dims[0] = static_cast<uint64_t>(cols);
  p.dims[1] = static_cast<uint64_t>(rows);
  p.strides[0] = static_cast<uint64_t>(rowStride) * elementBytes;
  p.box[0] = static_cast<uint32_t>(boxCols);
  p.box[1] = static_cast<uint32_t>(boxRows);
  p.elementStrides[0] = p.elementStrides[1] = 1;
  p.swizzle = swizzle;
  p.oobFill = oobFill;
  encodeAndCopy(p, reinterpret_cast<char *>(map), who);
}

//===----------------------------------------------------------------------===//
// printMemref*
//===----------------------------------------------------------------------===//

namespace {
template <typename T> void printElement(T v);
template <> void printElement(float v) {
  std::printf("%g", static_cast<double>(v));
}
template <> void printElement(double v) { std::printf("%g", v); }
template <> void printElement(int32_t v) { std::printf("%" PRId32, v); }
template <> void printElement(int64_t v) { std::printf("%" PRId64, v); }

/// Descriptor layout: {T *allocated, T *aligned, int64 offset,
/// int64 sizes[rank], int64 strides[rank]}.
template <typename T>
void printRec(const T *base, const int64_t *sizes, const int64_t *strides,
              int64_t rank, int64_t dim, int64_t offset, int indent) {
  if (dim == rank) {
    printElement(base[offset]);
    return;
  }
  std::printf("[");
  for (int64_t i = 0; i < sizes[dim]; ++i) {
    if (i) {
      std::printf(", ");
      if (dim + 1 < rank)
        std::printf("\n%*s", indent + 1, "");
    }
    printRec(base, sizes, strides, rank, dim + 1, offset + i * strides[dim],
             indent + 1);
  }
  std::printf("]");
}

template <typename T> void printMemref(int64_t rank, void *descriptor) {
  struct Header {
    T *allocated;
    T *aligned;
    int64_t offset;
  };
  auto *h = static_cast<Header *>(descriptor);
  auto *sizes = reinterpret_cast<int64_t *>(h + 1);
  int64_t *strides = sizes + rank;
  std::printf("Memref rank = %" PRId64 " offset = %" PRId64 " sizes = [", rank,
              h->offset);
  for (int64_t i = 0; i < rank; ++i)
    std::printf("%s%" PRId64, i ? ", " : "", sizes[i]);
  std::printf("] strides = [");
  for (int64_t i = 0; i < rank; ++i)
    std::printf("%s%" PRId64, i ? ", " : "", strides[i]);
  std::printf("] data =\n");
  printRec(h->aligned, sizes, strides, rank, 0, h->offset, 0);
  std::printf("\n");
  std::fflush(stdout);
}

struct Unranked {
  int64_t rank;
  void *descriptor;
};
} // namespace

extern "C" void printMemrefF32(int64_t rank, void *d) {
  printMemref<float>(rank, d);
}
extern "C" void printMemrefF64(int64_t rank, void *d) {
  printMemref<double>(rank, d);
}
extern "C" void printMemrefI32(int64_t rank, void *d) {
  printMemref<int32_t>(rank, d);
}
extern "C" void printMemrefI64(int64_t rank, void *d) {
  printMemref<int64_t>(rank, d);
}
extern "C" void _mlir_ciface_printMemrefF32(void *u) {
  auto *m = static_cast<Unranked *>(u);
  printMemref<float>(m->rank, m->descriptor);
}
extern "C" void _mlir_ciface_printMemrefF64(void *u) {
  auto *m = static_cast<Unranked *>(u);
  printMemref<double>(m->rank, m->descriptor);
}
extern "C" void _mlir_ciface_printMemrefI32(void *u) {
  auto *m = static_cast<Unranked *>(u);
  printMemref<int32_t>(m->rank, m->descriptor);
}
extern "C" void _mlir_ciface_printMemrefI64(void *u) {
  auto *m = static_cast<Unranked *>(u);
  printMemref<int64_t>(m->rank, m->descriptor);
}
