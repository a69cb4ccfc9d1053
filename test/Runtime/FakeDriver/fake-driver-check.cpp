//===- fake-driver-check.cpp - the runtime's error paths ------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Runs the runtime's whole sequence (init, JIT with or without the cubin
// cache, a cache hit, kernel lookup, alloc, copies, memset, streams and
// events, launch, synchronize, free, unload) against whatever driver
// TILE_CUDA_DRIVER names: the fake one in this directory, told by
// FAKE_CUDA_FAIL which entry point fails. Prints each step's outcome and
// stops at the first failure with its status, so the tests can check that
// every failure surfaces as a clean Status (never a crash) naming the call.
//
// Usage: fake-driver-check <cache-dir|-|env> (- disables the cubin cache,
// env keeps the directory the environment chooses).
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/CudaRuntime.h"

#include <cstdio>
#include <string>

using namespace tile::rt;

static const char *kPtx = ".version 7.8\n.target sm_90\n.address_size 64\n"
                          ".visible .entry k() { ret; }\n";

/// Prints the step; returns whether it succeeded.
static bool step(const char *what, const Status &st) {
  if (st.ok()) {
    std::printf("ok %s\n", what);
    return true;
  }
  std::printf("FAILED %s: %s\n", what, st.str().c_str());
  if (!st.getLog().empty())
    std::printf("log: %s\n", st.getLog().c_str());
  return false;
}

int main(int argc, char **argv) {
  std::string cacheDir = argc > 1 ? argv[1] : "-";
  CudaRuntime &rt = CudaRuntime::get();
  if (!step("init", rt.init(0)))
    return 1;
  std::printf("device: %s sm_%d\n", rt.getDeviceName().c_str(),
              rt.getDeviceSm());
  rt.getCache().setEnabled(cacheDir != "-");
  if (cacheDir != "-" && cacheDir != "env")
    rt.getCache().setDirectory(cacheDir);
  LoadedModule module;
  if (!step("loadPtx", rt.loadPtx(kPtx, JitOptions(), module)))
    return 1;
  std::printf("first load from cache: %s\n", module.fromCache ? "yes" : "no");
  LoadedModule again;
  if (!step("loadPtx again", rt.loadPtx(kPtx, JitOptions(), again)))
    return 1;
  std::printf("second load from cache: %s\n", again.fromCache ? "yes" : "no");
  FunctionHandle fn = nullptr;
  if (!step("getFunction", rt.getFunction(module.module, "k", fn)))
    return 1;
  DevicePtr dev = 0;
  if (!step("alloc", rt.alloc(16, dev)))
    return 1;
  unsigned host[4] = {1, 2, 3, 4};
  if (!step("copyToDevice", rt.copyToDevice(dev, host, sizeof(host))))
    return 1;
  StreamHandle stream = nullptr;
  if (!step("createStream", rt.createStream(stream)))
    return 1;
  if (!step("memset32", rt.memset32(dev, 7, 4, stream)))
    return 1;
  EventHandle start = nullptr, end = nullptr;
  if (!step("createEvent", rt.createEvent(start)) ||
      !step("createEvent", rt.createEvent(end)) ||
      !step("recordEvent", rt.recordEvent(start, stream)))
    return 1;
  if (!step("launch", rt.launch(fn, 1, 1, 1, 32, 1, 1, 0, stream, nullptr)))
    return 1;
  float ms = 0;
  if (!step("recordEvent", rt.recordEvent(end, stream)) ||
      !step("synchronizeEvent", rt.synchronizeEvent(end)) ||
      !step("elapsedMs", rt.elapsedMs(start, end, ms)))
    return 1;
  if (!step("synchronizeStream", rt.synchronizeStream(stream)) ||
      !step("synchronize", rt.synchronize()))
    return 1;
  unsigned back[4] = {0, 0, 0, 0};
  if (!step("copyToHost", rt.copyToHost(back, dev, sizeof(back))))
    return 1;
  std::printf("memset result: %u %u %u %u\n", back[0], back[1], back[2],
              back[3]);
  if (!step("destroyEvent", rt.destroyEvent(start)) ||
      !step("destroyEvent", rt.destroyEvent(end)) ||
      !step("destroyStream", rt.destroyStream(stream)) ||
      !step("free", rt.free(dev)) ||
      !step("unloadModule", rt.unloadModule(module.module)))
    return 1;
  std::printf("all steps ok\n");
  return 0;
}
