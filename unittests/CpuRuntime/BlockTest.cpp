//===- BlockTest.cpp - the threads of a block run together ----------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"

#include "gtest/gtest.h"

#include <vector>

namespace {

/// What the threads of one test block record, in the order they do it.
std::vector<int> events;

struct Args {
  int id;
  int phases;
};

/// Records id + 100 * phase for each phase, with a barrier between phases;
/// odd threads return one phase early.
void phasedThread(void *p) {
  Args args = *static_cast<Args *>(p);
  int phases = args.phases - (args.id % 2);
  for (int phase = 0; phase < phases; ++phase) {
    events.push_back(args.id + 100 * phase);
    tile_cpu_barrier(0);
  }
}

/// The block of `threads` threads of `phases` phases each.
void runBlock(int threads, int phases) {
  events.clear();
  tile_cpu_block_begin(threads);
  for (int id = 0; id < threads; ++id) {
    Args args{id, phases};
    // The block copies the arguments: they may change after the call.
    tile_cpu_block_spawn(phasedThread, &args, sizeof(args));
    args.id = -1;
  }
  tile_cpu_block_run();
}

TEST(BlockTest, NoThreadPassesABarrierBeforeAllArrive) {
  runBlock(40, 3);
  // Phase p's events all come before phase p + 1's; in a phase, threads
  // run in id order. The odd threads have no phase 2.
  std::vector<int> expected;
  for (int phase = 0; phase < 3; ++phase)
    for (int id = 0; id < 40; ++id)
      if (phase < 2 || id % 2 == 0)
        expected.push_back(id + 100 * phase);
  EXPECT_EQ(events, expected);
}

TEST(BlockTest, BlocksRunOneAfterAnother) {
  // A second block reuses the first one's stacks; a larger one adds more.
  runBlock(8, 2);
  EXPECT_EQ(events.size(), 8u + 4u);
  runBlock(1024, 2);
  EXPECT_EQ(events.size(), 1024u + 512u);
  EXPECT_EQ(events[1023], 1023);
  EXPECT_EQ(events[1024], 100);
}

/// A thread that uses a few hundred KiB of its stack.
void deepThread(void *p) {
  volatile char buffer[512 * 1024];
  buffer[0] = 1;
  buffer[sizeof(buffer) - 1] = 2;
  events.push_back(buffer[0] + buffer[sizeof(buffer) - 1]);
  tile_cpu_barrier(0);
  events.push_back(*static_cast<int *>(p));
}

TEST(BlockTest, ThreadsHaveLargeStacks) {
  events.clear();
  tile_cpu_block_begin(2);
  for (int id = 0; id < 2; ++id)
    tile_cpu_block_spawn(deepThread, &id, sizeof(id));
  tile_cpu_block_run();
  EXPECT_EQ(events, (std::vector<int>{3, 3, 0, 1}));
}

TEST(BlockTest, BarrierOutsideABlockIsAnError) {
  EXPECT_EXIT(tile_cpu_barrier(0), testing::ExitedWithCode(1),
              "a barrier outside a block whose threads run together");
}

/// Even threads wait at barrier 1, odd ones at barrier 2.
void divergentThread(void *p) {
  int id = *static_cast<int *>(p);
  tile_cpu_barrier(1 + id % 2);
}

TEST(BlockTest, ThreadsAtDifferentBarriersAreAnError) {
  auto run = [] {
    tile_cpu_block_begin(4);
    for (int id = 0; id < 4; ++id)
      tile_cpu_block_spawn(divergentThread, &id, sizeof(id));
    tile_cpu_block_run();
  };
  EXPECT_EXIT(run(), testing::ExitedWithCode(1),
              "threads 0 and 1 of the block wait at different barriers "
              "\\(barrier 1 and 2 of the module\\)");
}

} // namespace
