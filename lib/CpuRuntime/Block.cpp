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
// member mask: each lane leaves its sources and waits. When no thread is
// ready, the lanes of a warp waiting at one instruction execute it
// together, as a converged warp does: each member mask among them meets
// (its lanes that have returned left out), the reference computes every
// lane's result (ref::evaluateWarp), and they go on.
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
#include <optional>
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
  /// The instruction in the kernel (one per tile.apply).
  int64_t site = 0;
  bool hasMask = false;
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
  /// The barrier it waits at (AtBarrier).
  int64_t barrier = 0;
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

/// Ends the program with `message` about warp `warp`'s collective `a`.
[[noreturn]] void reportCollective(unsigned warp, const Arrival &a,
                                   const std::string &message) {
  std::fprintf(stderr, "tile-cpu: warp %u, '%s' with member mask 0x%08x: %s\n",
               warp, a.instr.str().c_str(), a.mask, message.c_str());
  std::exit(1);
}

/// Why the meeting of `a` cannot complete now: the first lane of its member
/// mask that has not returned and does not wait at `a`'s instruction with
/// the same mask. Empty where every one does.
std::string missingMember(Block &block, unsigned warp, const Arrival &a) {
  if (!a.hasMask)
    return "";
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *g = laneOf(block, warp, lane);
    if (!((a.mask >> lane) & 1) || !g || g->state == State::Done)
      continue;
    std::string who = "lane " + std::to_string(lane);
    if (g->state == State::AtBarrier)
      return who + " waits at a barrier";
    if (g->state != State::AtCollective)
      return who + " runs";
    const Arrival &b = g->arrival;
    if (b.site != a.site || b.instr.form != a.instr.form ||
        b.instr.quals != a.instr.quals)
      return who + " waits at another collective, '" + b.instr.str() + "'";
    if (b.mask != a.mask) {
      char mask[16];
      std::snprintf(mask, sizeof mask, "0x%08x", b.mask);
      return who + " executes it with member mask " + mask +
             " (undefined in PTX)";
    }
  }
  return "";
}

/// The lanes of warp `warp` that wait at the collective of `site`.
uint32_t lanesAt(Block &block, unsigned warp, int64_t site) {
  uint32_t lanes = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *g = laneOf(block, warp, lane);
    if (g && g->state == State::AtCollective && g->arrival.site == site)
      lanes |= uint32_t(1) << lane;
  }
  return lanes;
}

/// Completes a fragment form (mma, ldmatrix, ...) of warp `warp`: every
/// lane of the warp must have met (.aligned).
void completeFragments(Block &block, unsigned warp, uint32_t met,
                       const tile::ref::WarpSources &in) {
  const Arrival &a =
      laneOf(block, warp, static_cast<unsigned>(llvm::countr_zero(met)))
          ->arrival;
  if (met != ~0u) {
    unsigned lane = static_cast<unsigned>(llvm::countr_one(met));
    reportCollective(warp, a,
                     "lane " + std::to_string(lane) +
                         (laneOf(block, warp, lane)
                              ? " has exited"
                              : " is past the block's end") +
                         ": '" + a.instr.str() +
                         "' needs all 32 lanes of the warp (.aligned)");
  }
  tile::ref::WarpResults out;
  tile::ref::evaluateFragments(a.instr, in, out);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *g = laneOf(block, warp, lane);
    tile::cpu::writeResultGroup(g->arrival.instr, out[lane], g->arrival.out);
    g->state = State::Ready;
  }
}

/// Completes the meeting of the lanes `met` of warp `warp` at a collective
/// that the lanes `executing` execute together: computes each lane's
/// results with the reference, writes them, and makes the lanes ready.
void complete(Block &block, unsigned warp, uint32_t met, uint32_t executing) {
  tile::ref::WarpSources in;
  in.met = met;
  in.executing = executing;
  const Arrival *first = nullptr;
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if ((executing >> lane) & 1) {
      const Arrival &a = laneOf(block, warp, lane)->arrival;
      in.lanes[lane] = a.sources;
      if (!first && ((met >> lane) & 1))
        first = &a;
    }
  if (tile::ref::isWarpFragments(first->instr))
    return completeFragments(block, warp, met, in);
  uint64_t out[kWarpSize] = {};
  tile::ref::evaluateWarp(first->instr, in, out);
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if ((met >> lane) & 1) {
      Fiber *g = laneOf(block, warp, lane);
      tile::cpu::writeResults(g->arrival.instr, out[lane], g->arrival.out);
      g->state = State::Ready;
    }
}

/// Completes the collectives warp `warp` waits at whose lanes have all
/// arrived, at the earliest instruction (site) among them: the others wait
/// for the lanes that are behind, as a warp reconverges at its earliest
/// pending instruction. No thread is ready, so the lanes at that
/// instruction execute it together; each member mask among them is one
/// meeting. Returns whether any lane went on.
bool completeWarp(Block &block, unsigned warp) {
  std::optional<int64_t> site;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *f = laneOf(block, warp, lane);
    if (f && f->state == State::AtCollective &&
        (!site || f->arrival.site < *site) &&
        missingMember(block, warp, f->arrival).empty())
      site = f->arrival.site;
  }
  if (!site)
    return false;
  uint32_t executing = lanesAt(block, warp, *site);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *f = laneOf(block, warp, lane);
    if (!((executing >> lane) & 1) || f->state != State::AtCollective)
      continue;
    const Arrival &a = f->arrival;
    uint32_t met = a.hasMask ? executing & a.mask : executing;
    if (std::string why = missingMember(block, warp, a); !why.empty())
      reportCollective(warp, a, why);
    complete(block, warp, met, executing);
  }
  return true;
}

/// Reports the first collective that cannot complete (a deadlock: on the
/// GPU, a hang or undefined), if any lane waits at one.
void reportStuck(Block &block) {
  for (auto &f : block.threads)
    if (f->state == State::AtCollective)
      reportCollective(f->tid / kWarpSize, f->arrival,
                       missingMember(block, f->tid / kWarpSize, f->arrival) +
                           " (deadlock)");
}

/// Reports threads that wait at different barriers (on the GPU, undefined:
/// a barrier in divergent control flow).
void checkOneBarrier(Block &block) {
  const Fiber *first = nullptr;
  for (auto &f : block.threads) {
    if (f->state != State::AtBarrier)
      continue;
    if (!first) {
      first = f.get();
      continue;
    }
    if (f->barrier != first->barrier) {
      std::fprintf(stderr,
                   "tile-cpu: threads %u and %u of the block wait at "
                   "different barriers (barrier %lld and %lld of the "
                   "module): a barrier in divergent control flow\n",
                   first->tid, f->tid, (long long)first->barrier,
                   (long long)f->barrier);
      std::exit(1);
    }
  }
}

/// The position of the member mask among the sources of `instr`, if it has
/// one (activemask has none).
std::optional<unsigned> memberMaskSource(const tile::ptx::Instr &instr) {
  unsigned slot = 0;
  for (const tile::ptx::OperandDesc &o : instr.form->getOperands()) {
    if (o.role == tile::ptx::OperandRole::Def)
      continue;
    if (o.memberMask)
      return slot;
    slot += o.atom;
  }
  return std::nullopt;
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
    // No thread is ready: the warps' collectives complete, then the
    // barrier; a collective that cannot complete then is a deadlock.
    bool met = false;
    for (size_t w = 0; w * kWarpSize < block.threads.size(); ++w)
      met |= completeWarp(block, static_cast<unsigned>(w));
    if (met)
      continue;
    reportStuck(block);
    // Every thread that has not returned waits at a barrier: the same one,
    // which they have all reached, or they diverged.
    checkOneBarrier(block);
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

void tile_cpu_barrier(int64_t site) {
  Block &block = getBlock();
  Fiber *f = block.current;
  if (!f)
    fatal("a barrier outside a block whose threads run together");
  f->state = State::AtBarrier;
  f->barrier = site;
  if (swapcontext(&f->context, &block.scheduler) != 0)
    fatal("cannot switch to the scheduler (swapcontext failed)");
}

void tile_cpu_collective(int64_t form, int64_t quals0, int64_t quals1,
                         int64_t quals2, int64_t quals3, int64_t quals4,
                         int64_t quals5, int64_t quals6, int64_t quals7,
                         int64_t site, const uint8_t *in, uint8_t *out) {
  tile::ptx::Instr instr = tile::cpu::decodeForm(
      form, {quals0, quals1, quals2, quals3, quals4, quals5, quals6, quals7},
      "tile_cpu_collective");
  Block &block = getBlock();
  Fiber *f = block.current;
  if (!f)
    tile::cpu::fatal(instr, "is a warp collective outside a block whose "
                            "threads run together");
  Arrival &a = f->arrival;
  a.instr = instr;
  a.site = site;
  a.sources = tile::cpu::readSources(instr, in);
  std::optional<unsigned> maskSource = memberMaskSource(instr);
  a.hasMask = maskSource.has_value() || tile::ref::isWarpFragments(instr);
  // A fragment form meets the whole warp, as if its mask named every lane.
  a.mask = maskSource  ? static_cast<uint32_t>(a.sources[*maskSource])
           : a.hasMask ? ~0u
                       : 0;
  a.out = out;
  unsigned lane = f->tid % kWarpSize, warp = f->tid / kWarpSize;
  if (a.hasMask && !((a.mask >> lane) & 1)) {
    std::fprintf(stderr,
                 "tile-cpu: lane %u of warp %u executes '%s' with member "
                 "mask 0x%08x, which leaves it out (undefined in PTX)\n",
                 lane, warp, instr.str().c_str(), a.mask);
    std::exit(1);
  }
  f->state = State::AtCollective;
  if (swapcontext(&f->context, &block.scheduler) != 0)
    fatal("cannot switch to the scheduler (swapcontext failed)");
}
