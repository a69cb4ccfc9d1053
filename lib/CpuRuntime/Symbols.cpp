//===- Symbols.cpp - the runtime's entry points, for a JIT ----------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The functions host code of the CPU backend calls, by name, so that
// tile-runner's JIT and the C API's CPU engine resolve them from one list.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"

void tile_cpu_for_each_symbol(void (*fn)(const char *, void *, void *),
                              void *userData) {
#define TILE_CPU_SYM(name) fn(#name, reinterpret_cast<void *>(&name), userData);
  TILE_CPU_SYM(tile_cpu_apply)
  TILE_CPU_SYM(tile_cpu_register_buffer)
  TILE_CPU_SYM(tile_cpu_unregister_buffer)
  TILE_CPU_SYM(tile_cpu_find_buffer)
  TILE_CPU_SYM(tile_cpu_launch_end)
  TILE_CPU_SYM(tile_cpu_check_launch)
  TILE_CPU_SYM(tile_cpu_check_cluster)
  TILE_CPU_SYM(tile_cpu_report_access)
  TILE_CPU_SYM(tile_cpu_cluster_begin)
  TILE_CPU_SYM(tile_cpu_grid_begin)
  TILE_CPU_SYM(tile_cpu_grid_sync)
  TILE_CPU_SYM(tile_cpu_block_begin)
  TILE_CPU_SYM(tile_cpu_block_spawn)
  TILE_CPU_SYM(tile_cpu_block_run)
  TILE_CPU_SYM(tile_cpu_block_shared)
  TILE_CPU_SYM(tile_cpu_barrier)
  TILE_CPU_SYM(tile_cpu_collective)
  TILE_CPU_SYM(tile_cpu_mbarrier)
  TILE_CPU_SYM(tile_cpu_bulk)
  TILE_CPU_SYM(tile_cpu_cta_barrier)
  TILE_CPU_SYM(tile_cpu_clock)
  TILE_CPU_SYM(tile_cpu_printf)
  TILE_CPU_SYM(tile_cpu_tensor_map_encode_tiled)
  TILE_CPU_SYM(tile_cpu_tensor_map_encode_2d)
  TILE_CPU_SYM(tile_cpu_tensor_map_encode_im2col)
  TILE_CPU_SYM(tile_cpu_async_block)
  TILE_CPU_SYM(tile_cpu_async_copy)
  TILE_CPU_SYM(tile_cpu_async_commit)
  TILE_CPU_SYM(tile_cpu_async_wait)
  TILE_CPU_SYM(tile_cpu_async_arrive)
  TILE_CPU_SYM(tile_cpu_async_access)
#undef TILE_CPU_SYM
#if defined(__x86_64__)
  // Code generation's libcalls for bf16 stores on hosts without AVX512-BF16.
  fn("__truncsfbf2", reinterpret_cast<void *>(&tile_cpu_truncsfbf2), userData);
  fn("__truncdfbf2", reinterpret_cast<void *>(&tile_cpu_truncdfbf2), userData);
#endif
}
