//===- AotMain.cpp - main() of executables written by tile-runner ---------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/CudaRuntime.h"
#include "tile/Runtime/MgpuWrappers.h"

#include <cstdio>
#include <cstring>

/// The program's entry function, renamed by tile-runner --emit-exe.
extern "C" void tile_aot_entry(void);

/// Runs the entry after the module constructors (which JIT-load the PTX), and
/// fails with the first runtime error if any CUDA call failed, the module
/// unloads of the exit-time destructors included.
int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--no-cache"))
      tile::rt::CudaRuntime::get().getCache().setEnabled(false);
  }
  tile::rt::Status st = tile::rt::CudaRuntime::get().init(0);
  if (!st) {
    std::fprintf(stderr, "%s\n", st.str().c_str());
    return 1;
  }
  tile_aot_entry();
  if (int n = tileRuntimeErrorCount()) {
    std::fprintf(stderr, "%d CUDA runtime failure(s); first: %s\n", n,
                 tileRuntimeFirstError());
    return 1;
  }
  // The module destructors unload the modules after main returns.
  tileRuntimeExitOnError();
  return 0;
}
