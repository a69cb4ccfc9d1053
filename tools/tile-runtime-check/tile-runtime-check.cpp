//===- tile-runtime-check.cpp - exercise the CUDA runtime -----------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Checks the runtime's behaviour on a real driver: JIT of good and bad PTX
// (the error name and the JIT log come back), a missing kernel, the cubin
// cache (a second load hits, clear empties it), memory round trips, a
// launch, and last a faulting launch (the error surfaces at the next
// synchronization). Without a driver it checks that every call answers "no
// CUDA driver". Prints PASS/FAIL lines and "N passed, N failed".
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/CudaRuntime.h"
#include "tile/Version.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

using namespace tile::rt;

static int passed = 0, failed = 0;

static void expect(bool ok, const std::string &what, const Status &st) {
  (ok ? passed : failed)++;
  std::printf("%s %s: %s\n", ok ? "PASS" : "FAIL", what.c_str(),
              st.str().substr(0, 300).c_str());
}

static const char *kGoodPtx = R"(.version 7.8
.target sm_90
.address_size 64
.visible .entry add_one(.param .u64 p, .param .u32 n) {
  .reg .b32 %r<4>; .reg .b64 %rd<4>; .reg .pred %q;
  ld.param.u64 %rd1, [p];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %q, %r2, %r1;
  @%q ret;
  cvta.to.global.u64 %rd1, %rd1;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r3, [%rd3];
  add.s32 %r3, %r3, 1;
  st.global.u32 [%rd3], %r3;
  ret;
}
.visible .entry fault() {
  .reg .b64 %rd<2>; .reg .b32 %r<2>;
  mov.u64 %rd1, 16;
  mov.u32 %r1, 7;
  st.global.u32 [%rd1], %r1;
  ret;
}
)";

static const char *kBadPtx = R"(.version 7.8
.target sm_90
.address_size 64
.visible .entry broken() {
  fma.rz.bogus.f32 %f1, %f2, %f3, %f4;
  ret;
}
)";

static const char *kUsage =
    "usage: tile-runtime-check [--help] [--version]\n"
    "\n"
    "Checks the CUDA runtime on the driver it finds (TILE_CUDA_DRIVER or\n"
    "libcuda.so.1): JIT of good and bad PTX, a missing kernel, the cubin\n"
    "cache, memory round trips, a launch and a faulting launch; without a\n"
    "driver, that every call answers \"no CUDA driver\". Prints PASS/FAIL\n"
    "lines and \"N passed, N failed\"; exits 1 if any check failed.\n";

/// Handles the options; returns the exit status if the program should stop
/// (--help, --version, a bad option), -1 to run the checks.
static int parseOptions(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::printf("%s", kUsage);
      return 0;
    }
    if (a == "--version") {
      std::printf("%s\n", TILE_MLIR_VERSION_LINE);
      return 0;
    }
    std::fprintf(stderr, "tile-runtime-check: unknown argument '%s'\n%s",
                 a.c_str(), kUsage);
    return 1;
  }
  return -1;
}

int main(int argc, char **argv) {
  if (int rc = parseOptions(argc, argv); rc >= 0)
    return rc;
  CudaRuntime &rt = CudaRuntime::get();
  Status st = rt.init(0);
  if (!st) {
    // No driver: every operation must answer the same clean status.
    expect(st.getCode() == Status::kNoDriver, "init without a driver", st);
    LoadedModule m;
    Status load = rt.loadPtx(kGoodPtx, JitOptions(), m);
    expect(load.getCode() == Status::kNoDriver && !m.module,
           "loadPtx without a driver", load);
    DevicePtr p = 0;
    Status alloc = rt.alloc(16, p);
    expect(alloc.getCode() == Status::kNoDriver, "alloc without a driver",
           alloc);
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
  }
  std::printf("device: %s, sm_%d, driver %d\n", rt.getDeviceName().c_str(),
              rt.getDeviceSm(), rt.getDriverVersion());

  // A private, empty cache.
  char dir[] = "/tmp/tile-cache-XXXXXX";
  if (!mkdtemp(dir))
    return 2;
  rt.getCache().setDirectory(dir);
  rt.getCache().setEnabled(true);

  LoadedModule bad;
  st = rt.loadPtx(kBadPtx, JitOptions(), bad);
  expect(!st && st.getName() == "CUDA_ERROR_INVALID_PTX" &&
             !st.getLog().empty() && !bad.module,
         "bad PTX gives CUDA_ERROR_INVALID_PTX and the JIT log", st);

  JitOptions opts;
  opts.verbose = true;
  LoadedModule good;
  st = rt.loadPtx(kGoodPtx, opts, good);
  expect(st.ok() && good.module && !good.fromCache,
         "JIT of good PTX (cache miss)", st);
  LoadedModule again;
  st = rt.loadPtx(kGoodPtx, opts, again);
  expect(st.ok() && again.fromCache && rt.getCache().hits == 1,
         "second load is a cache hit", st);
  JitOptions other = opts;
  other.optLevel = 1;
  LoadedModule third;
  st = rt.loadPtx(kGoodPtx, other, third);
  expect(st.ok() && !third.fromCache,
         "other JIT options are another cache entry", st);
  rt.getCache().setEnabled(false);
  LoadedModule direct;
  st = rt.loadPtx(kGoodPtx, opts, direct);
  expect(st.ok() && !direct.fromCache, "cache disabled: cuModuleLoadDataEx",
         st);
  size_t removed = 0;
  rt.getCache().clear(&removed);
  expect(removed == 2,
         "clear removes both cached cubins (" + std::to_string(removed) + ")",
         Status());

  FunctionHandle missing = nullptr;
  st = rt.getFunction(good.module, "no_such_kernel", missing);
  expect(!st && st.getName() == "CUDA_ERROR_NOT_FOUND" && !missing,
         "missing kernel gives CUDA_ERROR_NOT_FOUND", st);

  FunctionHandle addOne = nullptr;
  st = rt.getFunction(good.module, "add_one", addOne);
  expect(st.ok() && addOne, "kernel lookup", st);
  std::vector<uint32_t> host = {1, 2, 3, 41};
  DevicePtr dev = 0;
  st = rt.alloc(host.size() * 4, dev);
  expect(st.ok(), "alloc", st);
  st = rt.copyToDevice(dev, host.data(), host.size() * 4);
  uint32_t n = host.size();
  void *params[] = {&dev, &n};
  Status launch = rt.launch(addOne, 1, 1, 1, 32, 1, 1, 0, nullptr, params);
  Status sync = rt.synchronize();
  std::vector<uint32_t> back(4, 0);
  Status copy = rt.copyToHost(back.data(), dev, 16);
  expect(st.ok() && launch.ok() && sync.ok() && copy.ok() && back[0] == 2 &&
             back[3] == 42,
         "launch computes add_one", launch ? (sync ? copy : sync) : launch);
  rt.free(dev);

  FunctionHandle fault = nullptr;
  rt.getFunction(good.module, "fault", fault);
  launch = rt.launch(fault, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr);
  sync = rt.synchronize();
  expect(launch.ok() && !sync.ok() &&
             sync.getName() == "CUDA_ERROR_ILLEGAL_ADDRESS",
         "faulting launch reports CUDA_ERROR_ILLEGAL_ADDRESS", sync);

  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
