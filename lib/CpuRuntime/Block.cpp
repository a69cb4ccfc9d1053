//===- Block.cpp - the threads of a block run together -------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A kernel that synchronizes its threads (gpu.barrier) runs each thread of a
// block as a fiber: its own stack, switched to with swapcontext. The
// scheduler runs every ready thread until it returns or waits; when no
// thread is ready, the ones waiting at the barrier are released together.
// A warp collective (tile_cpu_collective) is a meeting of the lanes of its
// member mask: each lane leaves its sources and waits; the last to arrive
// computes every lane's result with the reference (ref::evaluateWarp),
// writes them, and all go on.
//
//===----------------------------------------------------------------------===//

#include "Operands.h"
#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Reference/Reference.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include <vector>

namespace {

/// Virtual size of one thread's stack. The pages are committed only as the
/// thread touches them; the lowest one is a guard.
constexpr size_t kStackBytes = 8u << 20;

constexpr unsigned kWarpSize = 32;

enum class State { Ready, AtBarrier, AtCollective, Done };

/// What a lane brings to a collective.
struct Arrival {
  tile::ptx::Instr instr;
  uint32_t mask = 0;
  llvm::SmallVector<uint64_t, 6> sources;
  uint8_t *out = nullptr;
};

struct Fiber {
  ucontext_t context;
  std::vector<uint8_t> args;
  void (*entry)(void *) = nullptr;
  State state = State::Ready;
  /// The linear thread id in the block.
  unsigned tid = 0;
  Arrival arrival;
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

/// The fiber of lane `lane` of warp `warp`, or null past the block's end.
Fiber *laneOf(Block &block, unsigned warp, unsigned lane) {
  size_t tid = size_t(warp) * kWarpSize + lane;
  return tid < block.threads.size() ? block.threads[tid].get() : nullptr;
}

/// Reports a lane that waits at a collective that cannot complete.
[[noreturn]] void reportStuck(Block &block, const Fiber &f) {
  unsigned warp = f.tid / kWarpSize;
  std::string missing;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *g = laneOf(block, warp, lane);
    if (((f.arrival.mask >> lane) & 1) &&
        (!g || g->state != State::AtCollective))
      missing += (missing.empty() ? "" : ", ") + std::to_string(lane);
  }
  std::fprintf(stderr,
               "tile-cpu: deadlock: lane %u of warp %u waits at '%s' with "
               "member mask 0x%08x for lanes %s, which returned, are not in "
               "the block, or wait at a barrier\n",
               f.tid % kWarpSize, warp, f.arrival.instr.str().c_str(),
               f.arrival.mask, missing.c_str());
  std::exit(1);
}

/// Completes the collective of warp `warp` whose member mask is `mask` if
/// every lane of the mask has arrived: computes, writes each lane's
/// results, and makes the lanes ready. Returns whether it did.
bool tryComplete(Block &block, unsigned warp, const Arrival &first) {
  tile::ref::WarpSources in;
  Fiber *lanes[kWarpSize] = {};
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    if (!((first.mask >> lane) & 1))
      continue;
    Fiber *g = laneOf(block, warp, lane);
    if (!g || g->state != State::AtCollective)
      return false;
    const Arrival &a = g->arrival;
    if (a.instr.form != first.instr.form ||
        a.instr.quals != first.instr.quals || a.mask != first.mask) {
      std::fprintf(stderr,
                   "tile-cpu: lanes of warp %u meet at different collectives: "
                   "'%s' with member mask 0x%08x and '%s' with 0x%08x "
                   "(lane %u)\n",
                   warp, first.instr.str().c_str(), first.mask,
                   a.instr.str().c_str(), a.mask, lane);
      std::exit(1);
    }
    lanes[lane] = g;
    in.lanes[lane] = a.sources;
  }
  in.met = first.mask;
  uint64_t out[kWarpSize] = {};
  tile::ref::evaluateWarp(first.instr, in, out);
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if (Fiber *g = lanes[lane]) {
      tile::cpu::writeResults(g->arrival.instr, out[lane], g->arrival.out);
      g->state = State::Ready;
    }
  return true;
}

/// The position of the member mask among the sources of `instr`.
unsigned memberMaskSource(const tile::ptx::Instr &instr) {
  unsigned slot = 0;
  for (const tile::ptx::OperandDesc &o : instr.form->getOperands()) {
    if (o.role == tile::ptx::OperandRole::Def)
      continue;
    if (o.memberMask)
      return slot;
    slot += o.atom;
  }
  tile::cpu::fatal(instr, "is a collective without a member mask");
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
  f->tid = static_cast<unsigned>(block.threads.size());
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
    // No thread is ready. A collective completes when its last lane
    // arrives, so one still waiting waits for lanes that returned or wait
    // at the barrier: a deadlock (on the GPU, a hang or undefined).
    for (auto &f : block.threads)
      if (f->state == State::AtCollective)
        reportStuck(block, *f);
    // Every thread that has not returned waits at the barrier, which they
    // have all reached.
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

void tile_cpu_collective(int64_t form, int64_t qualsLow, int64_t qualsHigh,
                         int64_t predicated, const uint8_t *in, uint8_t *out) {
  (void)predicated; // The guard decided whether the lane arrives at all.
  tile::ptx::Instr instr =
      tile::cpu::decodeForm(form, qualsLow, qualsHigh, "tile_cpu_collective");
  Block &block = getBlock();
  Fiber *f = block.current;
  if (!f)
    tile::cpu::fatal(instr, "is a warp collective outside a block whose "
                            "threads run together");
  Arrival &a = f->arrival;
  a.instr = instr;
  a.sources = tile::cpu::readSources(instr, in);
  a.mask = static_cast<uint32_t>(a.sources[memberMaskSource(instr)]);
  a.out = out;
  unsigned lane = f->tid % kWarpSize, warp = f->tid / kWarpSize;
  if (!((a.mask >> lane) & 1)) {
    std::fprintf(stderr,
                 "tile-cpu: lane %u of warp %u executes '%s' with member "
                 "mask 0x%08x, which leaves it out (undefined in PTX)\n",
                 lane, warp, instr.str().c_str(), a.mask);
    std::exit(1);
  }
  f->state = State::AtCollective;
  if (tryComplete(block, warp, a))
    return;
  if (swapcontext(&f->context, &block.scheduler) != 0)
    fatal("cannot switch to the scheduler (swapcontext failed)");
}
