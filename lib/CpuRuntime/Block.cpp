//===- Block.cpp - the threads of a block run together -------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A kernel that synchronizes its threads (gpu.barrier) runs each thread of a
// block as a fiber: its own stack, switched to with swapcontext. The
// scheduler runs every ready thread until it returns or waits; when no
// thread is ready, the waiting ones are released together. This is the
// mechanism the warp collectives build on: a thread that waits for others
// yields, and runs on once they have arrived.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include <vector>

namespace {

/// Virtual size of one thread's stack. The pages are committed only as the
/// thread touches them; the lowest one is a guard.
constexpr size_t kStackBytes = 8u << 20;

enum class State { Ready, AtBarrier, Done };

struct Fiber {
  ucontext_t context;
  std::vector<uint8_t> args;
  void (*entry)(void *) = nullptr;
  State state = State::Ready;
};

/// The block being run (one at a time: a kernel cannot launch another).
struct Block {
  std::vector<std::unique_ptr<Fiber>> threads;
  /// One stack per thread, kept for the next block.
  std::vector<void *> stacks;
  ucontext_t scheduler;
  Fiber *current = nullptr;
  bool running = false;
};

Block &getBlock() {
  static Block block;
  return block;
}

[[noreturn]] void fatal(const char *what) {
  std::fprintf(stderr, "tile-cpu: %s\n", what);
  std::fflush(stderr);
  std::exit(1);
}

/// The first function of every fiber: runs the thread, then returns to the
/// scheduler for good.
void startThread() {
  Block &block = getBlock();
  Fiber *f = block.current;
  f->entry(f->args.data());
  f->state = State::Done;
  // uc_link returns to the scheduler.
}

void *allocateStack() {
  void *stack =
      mmap(nullptr, kStackBytes, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (stack == MAP_FAILED) {
    std::fprintf(stderr,
                 "tile-cpu: cannot map a %zu MiB stack for a thread: %s\n",
                 kStackBytes >> 20, std::strerror(errno));
    std::exit(1);
  }
  mprotect(stack, static_cast<size_t>(sysconf(_SC_PAGESIZE)), PROT_NONE);
  return stack;
}

/// Switches from the scheduler to `f` until it waits or returns.
void resume(Block &block, Fiber &f) {
  block.current = &f;
  if (swapcontext(&block.scheduler, &f.context) != 0)
    fatal("cannot switch to a thread (swapcontext failed)");
  block.current = nullptr;
}

} // namespace

void tile_cpu_block_begin(int64_t threads) {
  Block &block = getBlock();
  if (block.running)
    fatal("a block started while another one runs");
  block.threads.clear();
  block.threads.reserve(static_cast<size_t>(threads));
}

void tile_cpu_block_spawn(void (*entry)(void *), const void *args,
                          int64_t bytes) {
  Block &block = getBlock();
  auto f = std::make_unique<Fiber>();
  const auto *p = static_cast<const uint8_t *>(args);
  f->args.assign(p, p + bytes);
  f->entry = entry;
  if (block.stacks.size() <= block.threads.size())
    block.stacks.push_back(allocateStack());
  if (getcontext(&f->context) != 0)
    fatal("cannot create a thread (getcontext failed)");
  f->context.uc_stack.ss_sp = block.stacks[block.threads.size()];
  f->context.uc_stack.ss_size = kStackBytes;
  f->context.uc_link = &block.scheduler;
  makecontext(&f->context, startThread, 0);
  block.threads.push_back(std::move(f));
}

void tile_cpu_block_run() {
  Block &block = getBlock();
  block.running = true;
  for (;;) {
    bool ran = false;
    for (auto &f : block.threads)
      if (f->state == State::Ready) {
        resume(block, *f);
        ran = true;
      }
    if (ran)
      continue;
    // No thread is ready: every one that has not returned waits at the
    // barrier, which they have all reached.
    bool waiting = false;
    for (auto &f : block.threads)
      if (f->state == State::AtBarrier) {
        f->state = State::Ready;
        waiting = true;
      }
    if (!waiting)
      break;
  }
  block.threads.clear();
  block.running = false;
}

void tile_cpu_barrier() {
  Block &block = getBlock();
  Fiber *f = block.current;
  if (!f)
    fatal("a barrier outside a block whose threads run together");
  f->state = State::AtBarrier;
  if (swapcontext(&f->context, &block.scheduler) != 0)
    fatal("cannot switch to the scheduler (swapcontext failed)");
}
