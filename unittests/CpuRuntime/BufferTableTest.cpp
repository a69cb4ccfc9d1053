//===- BufferTableTest.cpp - the CPU runtime's table of buffers -----------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"

#include <gtest/gtest.h>

#include <cstring>

namespace {

/// What tile_cpu_find_buffer says of `ptr` (with no fallback extent).
struct Found {
  int64_t begin, bytes;
  const char *desc;
};
Found find(uintptr_t ptr, int64_t lo = 0, int64_t hi = -1) {
  int64_t out[3];
  tile_cpu_find_buffer(ptr, lo, hi, out);
  return {out[0], out[1], reinterpret_cast<const char *>(out[2])};
}

// Addresses far from any real allocation of the test.
constexpr uintptr_t kBase = uintptr_t(1) << 60;

TEST(BufferTable, FindsTheBufferThatHoldsAPointer) {
  tile_cpu_register_buffer(kBase, 64, "a");
  tile_cpu_register_buffer(kBase + 64, 16, "b");
  EXPECT_EQ(find(kBase).begin, int64_t(kBase));
  EXPECT_EQ(find(kBase + 63).bytes, 64);
  EXPECT_STREQ(find(kBase + 64).desc, "b");
  EXPECT_EQ(find(kBase + 79).begin, int64_t(kBase + 64));
  // Past both: not the program's; unknown, or the view's extent.
  EXPECT_EQ(find(kBase + 80).bytes, -1);
  Found view = find(kBase + 80, -8, 8);
  EXPECT_EQ(view.begin, int64_t(kBase + 72));
  EXPECT_EQ(view.bytes, 16);
}

TEST(BufferTable, ANewBufferReplacesTheOnesItOverlaps) {
  uintptr_t base = kBase + (1 << 20);
  tile_cpu_register_buffer(base, 32, "old");
  tile_cpu_register_buffer(base + 32, 32, "next");
  tile_cpu_register_buffer(base + 16, 32, "new");
  EXPECT_EQ(find(base).bytes, -1);
  EXPECT_STREQ(find(base + 16).desc, "new");
  EXPECT_STREQ(find(base + 47).desc, "new");
  EXPECT_EQ(find(base + 48).bytes, -1);
}

TEST(BufferTable, AFreedBufferIsOneOfZeroBytes) {
  uintptr_t base = kBase + (2 << 20);
  tile_cpu_register_buffer(base, 16, "gpu.alloc at f:1:2");
  tile_cpu_unregister_buffer(base);
  Found freed = find(base + 4);
  EXPECT_EQ(freed.begin, int64_t(base));
  EXPECT_EQ(freed.bytes, 0);
  EXPECT_STREQ(freed.desc, "gpu.alloc at f:1:2 (freed)");
  tile_cpu_register_buffer(base, 8, "again");
  EXPECT_EQ(find(base + 4).bytes, 8);
}

TEST(BufferTable, AnEmptyBufferIsFoundAtItsStart) {
  uintptr_t base = kBase + (3 << 20);
  tile_cpu_register_buffer(base, 0, "empty");
  EXPECT_STREQ(find(base).desc, "empty");
  EXPECT_EQ(find(base).bytes, 0);
}

TEST(LaunchLimits, AcceptsTheLimits) {
  // Returns (the program would have ended otherwise).
  tile_cpu_check_launch("k\0m\0here", 2147483647, 65535, 65535, 1024, 1, 1,
                        48 * 1024, 179 * 1024);
  tile_cpu_check_launch("k\0m\0here", 1, 1, 1, 16, 1, 64, 0, 227 * 1024);
}

TEST(LaunchLimits, RejectsABlockOfTooManyThreads) {
  EXPECT_EXIT(tile_cpu_check_launch("k\0m\0here", 1, 1, 1, 32, 32, 2, 0, 0),
              testing::ExitedWithCode(1),
              "tile-cpu: invalid launch of kernel @k \\(gpu.module @m\\) at "
              "here: block x\\*y\\*z = 2048 threads, more than 1024");
}

TEST(AccessReport, NamesKernelThreadIndexAndBuffer) {
  const char site[] = "write\0shared\0k\0m\0memref<4xf32>\0workgroup buffer "
                      "0\0f.mlir:3:4";
  // bytes, thread, block, rank, index, size, offset, buffer bytes, desc.
  int64_t values[] = {4, 3, 0, 0, 1, 0, 0, 1, 4, 4, 16, 16, 0};
  EXPECT_EXIT(tile_cpu_report_access(site, values), testing::ExitedWithCode(1),
              "tile-cpu: out-of-bounds write of 4 bytes in kernel @k at block "
              "\\(1,0,0\\) thread \\(3,0,0\\): index \\[4\\] of memref<4xf32> "
              "\\(workgroup buffer 0 in shared memory: a buffer of 16 bytes, "
              "at byte offset 16\\)\n"
              "tile-cpu:   index 4 is outside dimension 0 \\(size 4\\)\n"
              "tile-cpu:   the access: f.mlir:3:4 in gpu.module @m\n");
}

} // namespace
