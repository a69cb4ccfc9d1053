//===- CpuEngine.cpp - the CPU backend in the caller's process ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A module is lowered with the tile-to-cpu pipeline and compiled once by
// MLIR's ExecutionEngine; each run forks a child that calls the host
// function, so that a kernel fault, which the CPU runtime reports and ends
// the program on, ends the child only. The child's stderr and the caller's
// buffers come back through two memfds: nothing can block on a full pipe.
//
// The object code the JIT made can be taken out and given back later (an
// on-disk cache): such an engine is an LLJIT that links the object against
// the CPU runtime and this process, with no MLIR or LLVM IR involved.
//
//===----------------------------------------------------------------------===//

#include "tile-c/CpuEngine.h"
#include "Diagnostics.h"
#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Pipelines/Pipelines.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace mlir;

namespace {

/// A compiled module: MLIR's ExecutionEngine where it was compiled here, or
/// an LLJIT holding the object code of an earlier compilation.
struct Engine {
  std::unique_ptr<ExecutionEngine> compiled;
  std::unique_ptr<llvm::orc::LLJIT> loaded;

  /// The packed interface (`void(void **)`) of function `name`.
  llvm::Expected<void (*)(void **)> lookupPacked(StringRef name) const {
    if (compiled)
      return compiled->lookupPacked(name);
    // ExecutionEngine names a function's packed interface "_mlir_<name>".
    auto address = loaded->lookup(("_mlir_" + name).str());
    if (!address)
      return address.takeError();
    return address->toPtr<void (*)(void **)>();
  }
};

/// The CPU runtime's entry points, for the JIT's symbol table.
llvm::orc::SymbolMap runtimeSymbols(llvm::orc::MangleAndInterner mangle) {
  struct Adder {
    llvm::orc::MangleAndInterner &mangle;
    llvm::orc::SymbolMap map;
  } adder{mangle, llvm::orc::SymbolMap()};
  tile_cpu_for_each_symbol(
      [](const char *name, void *fn, void *userData) {
        auto &a = *static_cast<Adder *>(userData);
        a.map[a.mangle(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                                 llvm::JITSymbolFlags::Exported};
      },
      &adder);
  return adder.map;
}

/// Optimizes at -O`optLevel`; then prepareHostFunction (no bf16 crosses a
/// block, stack probes).
std::function<llvm::Error(llvm::Module *)> makeTransformer(int optLevel) {
  auto optimize = makeOptimizingTransformer(optLevel, 0, nullptr);
  return [optimize](llvm::Module *m) -> llvm::Error {
    if (llvm::Error error = optimize(m))
      return error;
    for (llvm::Function &f : *m)
      mlir::tile::prepareHostFunction(f);
    return llvm::Error::success();
  };
}

void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

void say(MlirStringCallback output, void *userData, const std::string &text) {
  if (output && !text.empty())
    output(mlirStringRefCreate(text.data(), text.size()), userData);
}

/// Reads the whole of `fd` from its start.
std::string readAll(int fd) {
  std::string text;
  char chunk[4096];
  off_t at = 0;
  for (;;) {
    ssize_t n = pread(fd, chunk, sizeof chunk, at);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return text;
    text.append(chunk, n);
    at += n;
  }
}

/// Moves `bytes` bytes with `io(done, left)` (a write or a pread of the
/// bytes after the first `done`), retrying after signals; false on an error
/// or an early end.
template <typename IO> bool moveAll(IO io, size_t bytes) {
  size_t done = 0;
  while (done < bytes) {
    ssize_t n = io(done, bytes - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    done += n;
  }
  return true;
}

bool writeAll(int fd, const char *data, size_t bytes) {
  return moveAll([&](size_t at, size_t n) { return write(fd, data + at, n); },
                 bytes);
}

/// Fills `bytes` bytes at `data` from `fd` at `*at`, which it advances.
bool readBack(int fd, off_t *at, char *data, size_t bytes) {
  off_t start = *at;
  *at += bytes;
  return moveAll(
      [&](size_t done, size_t n) {
        return pread(fd, data + done, n, start + off_t(done));
      },
      bytes);
}

/// Written after the buffers by a child whose run ended normally.
constexpr uint64_t kDoneMark = 0x656e6f64656c6974; // "tiledone"

/// The child: the default signal handlers (the caller's, e.g. Python's
/// SIGINT flag, would keep an interrupt from ending it), stderr into
/// `errFd`, the call, then the buffers and kDoneMark into `dataFd`.
[[noreturn]] void runChild(void (*fn)(void **), void **args, int errFd,
                           int dataFd, intptr_t numBuffers,
                           void *const *buffers, const size_t *bytes) {
  for (int sig : {SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGPIPE, SIGCHLD})
    std::signal(sig, SIG_DFL);
  dup2(errFd, STDERR_FILENO);
  fn(args);
  for (intptr_t i = 0; i < numBuffers; ++i)
    if (!writeAll(dataFd, static_cast<const char *>(buffers[i]), bytes[i]))
      _exit(1);
  uint64_t mark = kDoneMark;
  _exit(writeAll(dataFd, reinterpret_cast<const char *>(&mark), sizeof mark)
            ? 0
            : 1);
}

/// Waits for `pid`: its exit status, or 128 + the signal that ended it;
/// -1 with `*error` set where it cannot be waited for.
int waitForChild(pid_t pid, int *error) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      *error = errno;
      return -1;
    }
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/// Copies the buffers back from `fd`, only where the child wrote all of
/// them and its mark (so a failure leaves every buffer as it was).
bool copyBack(int fd, intptr_t numBuffers, void *const *buffers,
              const size_t *bytes) {
  size_t total = sizeof(uint64_t);
  for (intptr_t i = 0; i < numBuffers; ++i)
    total += bytes[i];
  struct stat st;
  uint64_t mark = 0;
  off_t markAt = off_t(total - sizeof mark);
  if (fstat(fd, &st) != 0 || size_t(st.st_size) != total ||
      !readBack(fd, &markAt, reinterpret_cast<char *>(&mark), sizeof mark) ||
      mark != kDoneMark)
    return false;
  off_t at = 0;
  for (intptr_t i = 0; i < numBuffers; ++i)
    if (!readBack(fd, &at, static_cast<char *>(buffers[i]), bytes[i]))
      return false;
  return true;
}

} // namespace

TileCpuEngine tileCpuEngineCreate(MlirModule module, bool boundsCheck,
                                  int optLevel, MlirStringCallback diagnostics,
                                  void *diagnosticsUserData) {
  ModuleOp m = unwrap(module);
  mlir::tile::capi::ForwardedDiagnostics forward(m.getContext(), diagnostics,
                                                 diagnosticsUserData);
  if (optLevel < 0 || optLevel > 3) {
    emitError(m.getLoc()) << "invalid optimization level " << optLevel
                          << " (expected 0 to 3)";
    return {nullptr};
  }
  mlir::tile::TileToPtxOptions opts;
  opts.cpuBoundsCheck = boundsCheck;
  PassManager pm(m.getContext());
  mlir::tile::buildTileToCpuPipeline(pm, opts);
  if (failed(mlir::tile::runPipeline(pm, m, /*verifyEach=*/false)) ||
      failed(mlir::tile::checkNoTileOpsLeft(m)))
    return {nullptr};
  initializeNativeTarget();
  // The options hold a function_ref: the transformer lives here.
  std::function<llvm::Error(llvm::Module *)> transformer =
      makeTransformer(optLevel);
  ExecutionEngineOptions options;
  options.transformer = transformer;
  // The object code is kept, for tileCpuEngineGetObject.
  options.enableObjectDump = true;
  auto engine = ExecutionEngine::create(m, options);
  if (!engine) {
    emitError(m.getLoc()) << "the JIT cannot compile the host code: "
                          << llvm::toString(engine.takeError());
    return {nullptr};
  }
  (*engine)->registerSymbols(runtimeSymbols);
  (*engine)->initialize();
  return {new Engine{std::move(*engine), nullptr}};
}

bool tileCpuEngineGetObject(TileCpuEngine engine, MlirStringCallback object,
                            void *userData) {
  auto *e = static_cast<Engine *>(engine.ptr);
  if (!e->compiled)
    return false;
  // ExecutionEngine writes its object to a file only: a memfd, by its name.
  int fd = memfd_create("tile-cpu-object", MFD_CLOEXEC);
  if (fd < 0)
    return false;
  e->compiled->dumpToObjectFile("/proc/self/fd/" + std::to_string(fd));
  std::string bytes = readAll(fd);
  close(fd);
  if (bytes.empty())
    return false;
  say(object, userData, bytes);
  return true;
}

TileCpuEngine tileCpuEngineCreateFromObject(MlirStringRef object,
                                            MlirStringCallback diagnostics,
                                            void *diagnosticsUserData) {
  initializeNativeTarget();
  auto fail = [&](llvm::Error error) -> TileCpuEngine {
    say(diagnostics, diagnosticsUserData,
        "the CPU backend cannot load the object code: " +
            llvm::toString(std::move(error)));
    return {nullptr};
  };
  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return fail(jit.takeError());
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return fail(process.takeError());
  main.addGenerator(std::move(*process));
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(),
                                      (*jit)->getDataLayout());
  if (llvm::Error error =
          main.define(llvm::orc::absoluteSymbols(runtimeSymbols(mangle))))
    return fail(std::move(error));
  auto buffer =
      llvm::MemoryBuffer::getMemBufferCopy(unwrap(object), "tile-cpu-object");
  if (llvm::Error error = (*jit)->addObjectFile(std::move(buffer)))
    return fail(std::move(error));
  if (llvm::Error error = (*jit)->initialize(main))
    return fail(std::move(error));
  return {new Engine{nullptr, std::move(*jit)}};
}

void tileCpuEngineHostTarget(MlirStringCallback target, void *userData) {
  std::vector<std::string> features;
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    features.push_back((feature.second ? "+" : "-") + feature.first().str());
  llvm::sort(features);
  std::string text =
      llvm::sys::getProcessTriple() + " " + llvm::sys::getHostCPUName().str();
  for (const std::string &feature : features)
    text += " " + feature;
  say(target, userData, text);
}

void tileCpuEngineDestroy(TileCpuEngine engine) {
  delete static_cast<Engine *>(engine.ptr);
}

bool tileCpuTensorMapEncodeTiled(void *map, int dataType, unsigned rank,
                                 uint64_t global, const uint64_t *dims,
                                 const uint64_t *strides, const uint32_t *box,
                                 const uint32_t *elementStrides, int interleave,
                                 int swizzle, int l2Promotion, int oobFill,
                                 MlirStringCallback error, void *userData) {
  std::string why;
  if (!map || !dims || !box || !elementStrides || (rank > 1 && !strides))
    why = "a null pointer where the encoder needs an array or the map";
  else if (rank < 1 || rank > 5)
    why = "a tensor map has 1 to 5 dimensions, got " + std::to_string(rank);
  if (!why.empty()) {
    say(error, userData, why);
    return false;
  }
  ::tile::rt::TensorMapTiledFields f = ::tile::rt::makeTiledFields(
      dataType, rank, global, dims, strides, box, elementStrides, interleave,
      swizzle, l2Promotion, oobFill);
  why = ::tile::cpu::encodeTiledMap(f, map);
  if (!why.empty())
    say(error, userData, "cuTensorMapEncodeTiled (CPU backend): " + why);
  return why.empty();
}

int tileCpuEngineRun(TileCpuEngine engine, MlirStringRef name, void **args,
                     intptr_t numBuffers, void *const *buffers,
                     const size_t *bytes, MlirStringCallback output,
                     void *outputUserData) {
  auto fn = static_cast<Engine *>(engine.ptr)->lookupPacked(unwrap(name));
  if (!fn) {
    llvm::consumeError(fn.takeError());
    say(output, outputUserData,
        "no host function @" + unwrap(name).str() + " in the module");
    return -1;
  }
  int errFd = memfd_create("tile-cpu-stderr", MFD_CLOEXEC);
  int dataFd = errFd < 0 ? -1 : memfd_create("tile-cpu-buffers", MFD_CLOEXEC);
  int error = errno;
  pid_t pid = -1;
  if (dataFd >= 0) {
    // What the caller has buffered must not be written again by the child.
    std::fflush(nullptr);
    pid = fork();
    error = errno;
  }
  if (pid == 0)
    runChild(*fn, args, errFd, dataFd, numBuffers, buffers, bytes);
  int result = -1;
  std::string text;
  if (pid < 0) {
    text = std::string("cannot start the CPU backend's run: ") +
           std::strerror(error);
  } else {
    result = waitForChild(pid, &error);
    text = readAll(errFd);
    if (result < 0)
      text += std::string("cannot wait for the CPU backend's run: ") +
              std::strerror(error);
    else if (result == 0 && !copyBack(dataFd, numBuffers, buffers, bytes)) {
      result = -1;
      text += "the CPU backend's run did not return its buffers";
    }
  }
  say(output, outputUserData, text);
  for (int fd : {errFd, dataFd})
    if (fd >= 0)
      close(fd);
  return result;
}
