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
// mbarrier objects (tile_cpu_mbarrier) are modeled beside their shared
// memory (Mbarrier.h). A thread whose test_wait or try_wait finds the phase
// incomplete polls: it yields, and tries again once no thread is ready. If
// nothing changes (no barrier, no thread) over kMaxIdleRounds such rounds,
// the block hangs: the threads and the barriers they wait on are reported.
//
//===----------------------------------------------------------------------===//

#include "Block.h"
#include "Operands.h"
#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Reference/Reference.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include <vector>

namespace {

/// Virtual size of one thread's stack. The pages are committed only as the
/// thread touches them; the lowest ones are a guard.
constexpr size_t kStackBytes = 8u << 20;

/// The guard at the bottom of each stack. The JIT's code probes each page
/// of a frame in order (tile::prepareHostFunction), so an overflow faults
/// in the guard's first page.
constexpr size_t kGuardBytes = 64u << 10;

/// The alternate stack the fault handler runs on.
constexpr size_t kSignalStackBytes = 64u << 10;

constexpr unsigned kWarpSize = 32;

/// Rounds of polling threads with no change anywhere before the block is
/// reported as hung.
constexpr unsigned kMaxIdleRounds = 4096;

constexpr unsigned kWarpgroupSize = tile::ref::kWarpgroupSize;

/// The CTA's named barriers (bar.sync a, b).
constexpr unsigned kNamedBarriers = 16;

enum class State {
  Ready,
  AtBarrier,
  AtNamed,
  AtCollective,
  AtWarpgroup,
  Polling,
  Done
};

/// What a polling thread waits for.
struct Poll {
  tile::ptx::Instr instr;
  uintptr_t barrier = 0;
  /// The phase parity (.parity) or an arrive's state it waits on.
  uint64_t operand = 0;
  /// It loaded memory another thread may store to (a Polls load), not an
  /// mbarrier.
  bool memory = false;
};

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
  /// The named barrier it waits at (AtNamed).
  unsigned named = 0;
  /// It waits at a barrier that reduces (bar.red): its arrival holds the
  /// instruction, sources and results.
  bool reduces = false;
  Arrival arrival;
  Poll poll;
};

/// The current phase of a named barrier: the lanes of each warp that have
/// arrived (bar.sync, bar.arrive), the thread count they gave (0: all of the
/// CTA) and, for .aligned, the instruction each warp's lanes execute.
struct NamedBarrier {
  std::map<unsigned, uint32_t> lanes;
  std::map<unsigned, int64_t> sites;
  uint64_t count = 0;
  /// The first thread that arrived in this phase.
  unsigned first = 0;
};

/// The block being run (one at a time: a kernel cannot launch another).
struct Block {
  std::vector<std::unique_ptr<Fiber>> threads;
  /// One stack per thread, kept for the next block.
  std::vector<void *> stacks;
  ucontext_t scheduler;
  Fiber *current = nullptr;
  bool running = false;
  /// The block's mbarrier objects, by address.
  std::map<uintptr_t, tile::cpu::Mbarrier> mbarriers;
  NamedBarrier named[kNamedBarriers];
  /// The block's shared memory (tile_cpu_block_shared): an address's low
  /// 18 bits are its offset from `shared`.
  uint8_t *shared = nullptr;
  uint64_t sharedBytes = 0;
  /// Counts the changes a poller may wait for: an mbarrier's, a thread's
  /// returning. (A collective or bar.sync completing is not one: pollers
  /// that meet at one in their loop would never be called hung.)
  uint64_t epoch = 0;
  /// The epoch of the last round that only polled, and how many such
  /// rounds saw it.
  uint64_t idleEpoch = 0;
  unsigned idleRounds = 0;
};

Block &getBlock() {
  static Block block;
  return block;
}

[[noreturn]] void fatal(const char *what) {
  std::fprintf(stderr, "tile-cpu: %s\n", what);
  std::fflush(stderr);
  tile_cpu_exit_on_fault();
}

/// The first function of every fiber: runs the thread, then returns to the
/// scheduler for good.
void startThread() {
  Block &block = getBlock();
  Fiber *f = block.current;
  f->entry(f->args.data());
  f->state = State::Done;
  ++block.epoch;
  // uc_link returns to the scheduler.
}

/// Appends `text` to the message being built in the fault handler (no
/// allocation: async-signal-safe).
struct SignalMessage {
  char text[512];
  size_t size = 0;
  void add(const char *s) {
    while (*s && size + 1 < sizeof(text))
      text[size++] = *s++;
  }
  void add(unsigned long n) {
    char digits[24];
    int i = 0;
    do
      digits[i++] = static_cast<char>('0' + n % 10);
    while ((n /= 10) && i < 24);
    while (i && size + 1 < sizeof(text))
      text[size++] = digits[--i];
  }
};

struct sigaction previousSegv;

/// The table's local memory per thread, in KiB (read before a fault).
unsigned long localKiB = 0;

/// A fault in the guard of the running thread's stack is its stack
/// overflowing: reported, and the program stops as on every other fault
/// of a kernel. Any other fault goes to the handler installed before.
void onSegv(int, siginfo_t *info, void *) {
  Block &block = getBlock();
  auto addr = reinterpret_cast<uintptr_t>(info->si_addr);
  Fiber *f = block.current;
  if (f) {
    auto base = reinterpret_cast<uintptr_t>(block.stacks[f->tid]);
    if (addr >= base && addr < base + kGuardBytes) {
      SignalMessage m;
      m.add("tile-cpu: thread ");
      m.add(static_cast<unsigned long>(f->tid));
      m.add(" of the block overflowed its stack of ");
      m.add(static_cast<unsigned long>((kStackBytes - kGuardBytes) >> 10));
      m.add(" KiB: its local memory (memref.alloca, private buffers, "
            "register tiles) is too large (a GPU thread has at most ");
      m.add(localKiB);
      m.add(" KiB)\n");
      (void)!write(STDERR_FILENO, m.text, m.size);
      std::_Exit(1);
    }
  }
  // The fault repeats on return, under the handler installed before.
  sigaction(SIGSEGV, &previousSegv, nullptr);
}

/// Installs onSegv on an alternate stack of the calling thread (the
/// overflowing stack cannot run it), once per thread.
void installOverflowHandler() {
  static thread_local bool installed = false;
  if (installed)
    return;
  installed = true;
  localKiB =
      static_cast<unsigned long>(tile::ptx::getLocalBytesPerThread() >> 10);
  stack_t alt{};
  alt.ss_sp = mmap(nullptr, kSignalStackBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  alt.ss_size = kSignalStackBytes;
  if (alt.ss_sp == MAP_FAILED || sigaltstack(&alt, nullptr) != 0)
    return;
  struct sigaction action {};
  action.sa_sigaction = onSegv;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  struct sigaction old {};
  if (sigaction(SIGSEGV, &action, &old) == 0 && old.sa_sigaction != onSegv)
    previousSegv = old;
}

void *allocateStack() {
  void *stack =
      mmap(nullptr, kStackBytes, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (stack == MAP_FAILED) {
    std::fprintf(stderr,
                 "tile-cpu: cannot map a %zu MiB stack for a thread: %s\n",
                 kStackBytes >> 20, std::strerror(errno));
    tile_cpu_exit_on_fault();
  }
  mprotect(stack, kGuardBytes, PROT_NONE);
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
  tile_cpu_exit_on_fault();
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
    if (g->state == State::AtNamed)
      return who + " waits at named barrier " + std::to_string(g->named);
    if (g->state == State::AtWarpgroup)
      return who + " waits at a warpgroup MMA";
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

/// The thread of warpgroup `group` that keeps the meeting of `a` from
/// completing, and why; empty where all 128 threads wait at it.
std::string missingThread(Block &block, unsigned group, const Arrival &a) {
  for (unsigned t = 0; t < kWarpgroupSize; ++t) {
    size_t tid = size_t(group) * kWarpgroupSize + t;
    std::string who = "thread " + std::to_string(tid);
    if (tid >= block.threads.size())
      return who + " is past the block's end";
    const Fiber &g = *block.threads[tid];
    if (g.state == State::AtWarpgroup && g.arrival.site == a.site)
      continue;
    switch (g.state) {
    case State::Done:
      return who + " has exited";
    case State::AtBarrier:
      return who + " waits at a barrier";
    case State::AtNamed:
      return who + " waits at named barrier " + std::to_string(g.named);
    case State::AtCollective:
      return who + " waits at a warp collective, '" + g.arrival.instr.str() +
             "'";
    case State::AtWarpgroup:
      return who + " waits at another warpgroup MMA";
    case State::Polling:
      return who + " polls an mbarrier";
    case State::Ready:
      return who + " runs";
    }
  }
  return "";
}

/// Ends the program with `message` about warpgroup `group`'s `a`.
[[noreturn]] void reportWarpgroup(unsigned group, const Arrival &a,
                                  const std::string &message) {
  std::fprintf(stderr, "tile-cpu: warpgroup %u (threads %u-%u), '%s': %s\n",
               group, group * kWarpgroupSize, (group + 1) * kWarpgroupSize - 1,
               a.instr.str().c_str(), message.c_str());
  tile_cpu_exit_on_fault();
}

/// Runs the warpgroup MMA that all 128 threads of warpgroup `group` wait
/// at, if they do: the reference computes every thread's d from their
/// registers and the block's shared memory, and they go on. Returns whether
/// they met.
bool completeWarpgroup(Block &block, unsigned group) {
  size_t first = size_t(group) * kWarpgroupSize;
  if (first + kWarpgroupSize > block.threads.size())
    return false;
  Fiber &lead = *block.threads[first];
  if (lead.state != State::AtWarpgroup ||
      !missingThread(block, group, lead.arrival).empty())
    return false;
  auto in = std::make_unique<tile::ref::WarpgroupSources>();
  for (unsigned t = 0; t < kWarpgroupSize; ++t) {
    const Arrival &a = block.threads[first + t]->arrival;
    in->threads[t].assign(a.sources.begin(), a.sources.end());
  }
  in->readShared = [&block](uint64_t addr, uint8_t *out, unsigned n) {
    if (!block.shared || addr > block.sharedBytes ||
        n > block.sharedBytes - addr)
      return false;
    std::memcpy(out, block.shared + addr, n);
    return true;
  };
  auto out = std::make_unique<tile::ref::WarpgroupResults>();
  if (llvm::Error err = tile::ref::evaluateWgmma(lead.arrival.instr, *in, *out))
    reportWarpgroup(group, lead.arrival, llvm::toString(std::move(err)));
  for (unsigned t = 0; t < kWarpgroupSize; ++t) {
    Fiber &f = *block.threads[first + t];
    tile::cpu::writeResultGroup(f.arrival.instr, (*out)[t], f.arrival.out);
    f.state = State::Ready;
  }
  return true;
}

/// Reports the first warpgroup MMA that cannot complete: a thread of its
/// warpgroup does not wait at it (on the GPU, undefined: .aligned).
void reportStuckWarpgroup(Block &block) {
  for (auto &f : block.threads)
    if (f->state == State::AtWarpgroup) {
      unsigned group = f->tid / kWarpgroupSize;
      reportWarpgroup(group, f->arrival,
                      missingThread(block, group, f->arrival) +
                          ": wgmma.mma_async needs all 128 threads of the "
                          "warpgroup (.aligned)");
    }
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
      tile_cpu_exit_on_fault();
    }
  }
}

/// The threads waiting at one bar.red (checkOneBarrier): each gets the
/// reduction of their predicates (the last source).
void completeReduction(Block &block) {
  std::vector<Fiber *> waiting;
  for (auto &f : block.threads)
    if (f->state == State::AtBarrier && f->reduces)
      waiting.push_back(f.get());
  if (waiting.empty())
    return;
  const tile::ptx::Instr &instr = waiting.front()->arrival.instr;
  uint64_t count = 0;
  for (Fiber *f : waiting) {
    const llvm::SmallVector<uint64_t, 6> &src = f->arrival.sources;
    // A thread count b (a, b, c): the block's threads only.
    if (src.size() == 3 && src[1] != block.threads.size()) {
      std::fprintf(stderr,
                   "tile-cpu: thread %u executes '%s' with a thread count of "
                   "%llu in a block of %zu threads; the CPU backend models "
                   "the barrier of the whole block only\n",
                   f->tid, instr.str().c_str(), (unsigned long long)src[1],
                   block.threads.size());
      tile_cpu_exit_on_fault();
    }
    count += src.back() & 1;
  }
  uint64_t result = instr.has(tile::ptx::Qual::POPC) ? count
                    : instr.has(tile::ptx::Qual::AND)
                        ? uint64_t(count == waiting.size())
                        : uint64_t(count != 0);
  unsigned bytes = (tile::ptx::getInfo(instr.form->types[0]).bits + 7) / 8;
  for (Fiber *f : waiting) {
    std::memcpy(f->arrival.out, &result, bytes);
    f->reduces = false;
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

/// "threads 0-31, 64": the ids of `tids`, ascending.
std::string describeThreads(const std::vector<unsigned> &tids) {
  std::string out = tids.size() == 1 ? "thread " : "threads ";
  for (size_t i = 0; i < tids.size();) {
    size_t j = i;
    while (j + 1 < tids.size() && tids[j + 1] == tids[j] + 1)
      ++j;
    out += (i ? ", " : "") + std::to_string(tids[i]);
    if (j > i)
      out += "-" + std::to_string(tids[j]);
    i = j + 1;
  }
  return out;
}

/// The lanes of warp `warp` that have not exited.
uint32_t liveLanes(Block &block, unsigned warp) {
  uint32_t lanes = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *g = laneOf(block, warp, lane);
    if (g && g->state != State::Done)
      lanes |= uint32_t(1) << lane;
  }
  return lanes;
}

/// The warps that have arrived at named barrier `nb`: all their lanes that
/// have not exited have executed bar.sync or bar.arrive in this phase.
std::vector<unsigned> arrivedWarps(Block &block, const NamedBarrier &nb) {
  std::vector<unsigned> warps;
  for (auto [warp, lanes] : nb.lanes) {
    uint32_t live = liveLanes(block, warp);
    if (live && (lanes & live) == live)
      warps.push_back(warp);
  }
  return warps;
}

/// Whether every warp that has a thread that has not exited is in `warps`.
bool allWarps(Block &block, const std::vector<unsigned> &warps) {
  for (size_t w = 0; w * kWarpSize < block.threads.size(); ++w)
    if (liveLanes(block, unsigned(w)) && !llvm::is_contained(warps, w))
      return false;
  return true;
}

/// Completes each named barrier whose warps have all arrived: as many as its
/// thread count, or every warp of the CTA without one. Their threads that
/// wait go on, and the barrier's next phase starts. More warps than the
/// count is a race (which ones complete the barrier depends on timing on
/// the GPU) and ends the program. Returns whether any barrier completed.
bool completeNamed(Block &block) {
  bool met = false;
  for (unsigned id = 0; id < kNamedBarriers; ++id) {
    NamedBarrier &nb = block.named[id];
    if (nb.lanes.empty())
      continue;
    std::vector<unsigned> warps = arrivedWarps(block, nb);
    uint64_t threads = uint64_t(warps.size()) * kWarpSize;
    if (nb.count ? threads < nb.count : !allWarps(block, warps))
      continue;
    if (nb.count && threads > nb.count) {
      std::fprintf(stderr,
                   "tile-cpu: %llu threads (%zu warps) arrive at named "
                   "barrier %u, whose thread count is %llu: which warps "
                   "complete it depends on timing on the GPU\n",
                   (unsigned long long)threads, warps.size(), id,
                   (unsigned long long)nb.count);
      tile_cpu_exit_on_fault();
    }
    for (auto &f : block.threads)
      if (f->state == State::AtNamed && f->named == id &&
          llvm::is_contained(warps, f->tid / kWarpSize))
        f->state = State::Ready;
    for (unsigned warp : warps) {
      nb.lanes.erase(warp);
      nb.sites.erase(warp);
    }
    met = true;
  }
  return met;
}

/// Reports the threads that wait at a named barrier that cannot complete
/// (on the GPU, a hang), if any, and ends the program.
void reportStuckNamed(Block &block) {
  for (unsigned id = 0; id < kNamedBarriers; ++id) {
    std::vector<unsigned> waiting;
    for (auto &f : block.threads)
      if (f->state == State::AtNamed && f->named == id)
        waiting.push_back(f->tid);
    if (waiting.empty())
      continue;
    const NamedBarrier &nb = block.named[id];
    std::string need = nb.count ? std::to_string(nb.count) + " threads"
                                : "every warp of the block (no thread count)";
    std::fprintf(stderr,
                 "tile-cpu: the block hangs: %s wait at named barrier %u, "
                 "which needs %s; %zu warps have arrived\n",
                 describeThreads(waiting).c_str(), id, need.c_str(),
                 arrivedWarps(block, nb).size());
    tile_cpu_exit_on_fault();
  }
}

/// Makes the polling threads ready to test again, unless they have polled
/// kMaxIdleRounds rounds with nothing changed. Returns whether any did.
bool wakePollers(Block &block) {
  bool any = false;
  for (auto &f : block.threads)
    any |= f->state == State::Polling;
  if (!any)
    return false;
  if (block.epoch != block.idleEpoch) {
    block.idleEpoch = block.epoch;
    block.idleRounds = 0;
  }
  if (++block.idleRounds > kMaxIdleRounds)
    return false;
  for (auto &f : block.threads)
    if (f->state == State::Polling)
      f->state = State::Ready;
  return true;
}

/// Reports the threads that poll an mbarrier no thread can complete (on
/// the GPU, a hang), with the barriers and what they wait for, and ends the
/// program.
void reportHang(Block &block) {
  // The pollers by barrier and what they wait for, then the others.
  std::map<std::pair<uintptr_t, std::string>, std::vector<unsigned>> polls;
  // The threads that poll memory (a Polls load), by instruction.
  std::map<std::string, std::vector<unsigned>> memoryPolls;
  std::vector<unsigned> atBarrier, atNamed, atCollective, atWarpgroup;
  for (auto &f : block.threads) {
    if (f->state == State::AtBarrier)
      atBarrier.push_back(f->tid);
    if (f->state == State::AtNamed)
      atNamed.push_back(f->tid);
    if (f->state == State::AtCollective)
      atCollective.push_back(f->tid);
    if (f->state == State::AtWarpgroup)
      atWarpgroup.push_back(f->tid);
    if (f->state != State::Polling)
      continue;
    const Poll &p = f->poll;
    if (p.memory) {
      memoryPolls[p.instr.str()].push_back(f->tid);
      continue;
    }
    bool parity = llvm::any_of(p.instr.form->getOperands(), [](auto &o) {
      return llvm::StringRef(o.name) == "phaseParity";
    });
    std::string what =
        "'" + p.instr.str() + "' for " +
        (parity ? "the phase of parity " + std::to_string(p.operand)
                : "phase " + std::to_string(tile::cpu::Mbarrier::getStatePhase(
                                 p.operand)));
    polls[{p.barrier, what}].push_back(f->tid);
  }
  if (polls.empty() && memoryPolls.empty())
    return;
  // Threads that only poll memory wait for no mbarrier phase.
  std::string message =
      polls.empty() ? "tile-cpu: the block hangs: no thread can store what "
                      "its threads poll memory for"
                    : "tile-cpu: the block hangs: nothing can complete the "
                      "mbarrier phases its threads wait for";
  for (auto &[instr, tids] : memoryPolls)
    message += "\n  " + describeThreads(tids) + " poll memory ('" + instr +
               "', a load in a loop no other thread's store ends)";
  for (auto &[key, tids] : polls) {
    const tile::cpu::Mbarrier &m = block.mbarriers[key.first];
    message += "\n  " + describeThreads(tids) + " wait (" + key.second +
               ") on the mbarrier at " + tile::cpu::describeAddress(key.first) +
               ": " + m.describe();
  }
  if (!atBarrier.empty())
    message += "\n  " + describeThreads(atBarrier) + " wait at a barrier";
  if (!atNamed.empty())
    message += "\n  " + describeThreads(atNamed) + " wait at a named barrier";
  if (!atCollective.empty())
    message +=
        "\n  " + describeThreads(atCollective) + " wait at a warp collective";
  if (!atWarpgroup.empty())
    message += "\n  " + describeThreads(atWarpgroup) +
               " wait at a warpgroup MMA (wgmma.mma_async)";
  std::fprintf(stderr, "%s\n", message.c_str());
  tile_cpu_exit_on_fault();
}

} // namespace

void tile_cpu_block_begin(int64_t threads) {
  Block &block = getBlock();
  if (block.running)
    fatal("a block started while another one runs");
  block.threads.clear();
  block.threads.reserve(static_cast<size_t>(threads));
  // Shared memory is the block's own.
  block.mbarriers.clear();
  for (NamedBarrier &nb : block.named)
    nb = NamedBarrier();
  block.shared = nullptr;
  block.sharedBytes = 0;
}

void tile_cpu_block_shared(uintptr_t base, int64_t bytes) {
  if (uint64_t(bytes) > tile::cpu::kSharedWindowBytes)
    fatal("the block's shared memory, its buffers each aligned to 1024 "
          "bytes, is larger than the 2^18-byte shared window");
  Block &block = getBlock();
  block.shared = reinterpret_cast<uint8_t *>(base);
  block.sharedBytes = static_cast<uint64_t>(bytes);
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
  installOverflowHandler();
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
    for (size_t g = 0; g * kWarpgroupSize < block.threads.size(); ++g)
      met |= completeWarpgroup(block, static_cast<unsigned>(g));
    met |= completeNamed(block);
    if (met || wakePollers(block))
      continue;
    reportHang(block);
    reportStuck(block);
    reportStuckWarpgroup(block);
    reportStuckNamed(block);
    // Every thread that has not returned waits at a barrier: the same one,
    // which they have all reached, or they diverged.
    checkOneBarrier(block);
    completeReduction(block);
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

namespace {

/// The running thread, arriving at instruction `form` (with `quals`) at
/// `site` with its sources in `in` and results to `out`; the program ends
/// with `outside` where its block's threads do not run together.
Fiber &arrive(const char *caller, const char *outside, int64_t form,
              const int64_t (&quals)[tile::ptx::QualSet::kWords], int64_t site,
              const uint8_t *in, uint8_t *out) {
  tile::ptx::Instr instr = tile::cpu::decodeForm(form, quals, caller);
  Fiber *f = getBlock().current;
  if (!f)
    tile::cpu::fatal(instr, outside);
  Arrival &a = f->arrival;
  a.instr = instr;
  a.site = site;
  a.sources = tile::cpu::readSources(instr, in);
  a.out = out;
  return *f;
}

/// Switches from the waiting thread `f` (now in `state`) to the scheduler.
void wait(Fiber &f, State state) {
  f.state = state;
  if (swapcontext(&f.context, &getBlock().scheduler) != 0)
    fatal("cannot switch to the scheduler (swapcontext failed)");
}

} // namespace

namespace {

/// Thread `f` arrives at named barrier `a` (its first source) with thread
/// count `b` (its second, if it has one), at `site`: its lane is counted for
/// its warp. A bar.sync (or .aligned) lane whose warp's other lanes execute
/// another instruction, a lane that arrives twice in one phase, and threads
/// that give different counts are reported (undefined on the GPU).
void arriveNamed(Block &block, Fiber &f) {
  const Arrival &a = f.arrival;
  const char *text = nullptr;
  std::string instr = a.instr.str();
  uint64_t id = a.sources[0];
  uint64_t count = a.sources.size() > 1 ? a.sources[1] : 0;
  if (id >= kNamedBarriers)
    text = "names a barrier above 15 (the CTA has barriers 0-15)";
  else if (a.sources.size() > 1 && (count == 0 || count % kWarpSize))
    text = "gives a thread count that is not a positive multiple of 32";
  if (text) {
    std::string withCount =
        a.sources.size() > 1 ? ", " + std::to_string(count) + " threads" : "";
    std::fprintf(stderr,
                 "tile-cpu: thread %u executes '%s' (barrier %llu%s), "
                 "which %s\n",
                 f.tid, instr.c_str(), (unsigned long long)id,
                 withCount.c_str(), text);
    tile_cpu_exit_on_fault();
  }
  NamedBarrier &nb = block.named[id];
  unsigned warp = f.tid / kWarpSize, lane = f.tid % kWarpSize;
  bool aligned =
      a.instr.form->warpAligned || a.instr.has(tile::ptx::Qual::ALIGNED);
  if (nb.lanes.empty())
    nb.count = count, nb.first = f.tid;
  uint32_t &lanes = nb.lanes[warp];
  auto [site, fresh] = nb.sites.try_emplace(warp, a.site);
  if ((lanes >> lane) & 1)
    text = "arrives at it again before it completes";
  else if (count != nb.count)
    text = "gives another thread count than the first thread to arrive";
  else if (aligned && !fresh && site->second != a.site)
    text = "is .aligned, but other lanes of its warp arrive there at another "
           "instruction";
  if (text) {
    std::fprintf(stderr,
                 "tile-cpu: thread %u executes '%s' at named barrier "
                 "%llu (thread %u arrived first, with a count of %llu): it "
                 "%s (undefined in PTX)\n",
                 f.tid, instr.c_str(), (unsigned long long)id, nb.first,
                 (unsigned long long)nb.count, text);
    tile_cpu_exit_on_fault();
  }
  lanes |= uint32_t(1) << lane;
  if (a.instr.form->semantics == tile::ptx::Semantics::BarrierSync) {
    f.named = static_cast<unsigned>(id);
    wait(f, State::AtNamed);
  }
}

} // namespace

void tile_cpu_cta_barrier(int64_t form, int64_t quals0, int64_t quals1,
                          int64_t quals2, int64_t quals3, int64_t quals4,
                          int64_t quals5, int64_t quals6, int64_t quals7,
                          int64_t site, const uint8_t *in, uint8_t *out) {
  Fiber &f =
      arrive("tile_cpu_cta_barrier",
             "is a barrier outside a block whose threads run together", form,
             {quals0, quals1, quals2, quals3, quals4, quals5, quals6, quals7},
             site, in, out);
  if (f.arrival.instr.form->semantics != tile::ptx::Semantics::BarrierReduce)
    return arriveNamed(getBlock(), f);
  f.reduces = true;
  f.barrier = site;
  wait(f, State::AtBarrier);
}

void tile_cpu_collective(int64_t form, int64_t quals0, int64_t quals1,
                         int64_t quals2, int64_t quals3, int64_t quals4,
                         int64_t quals5, int64_t quals6, int64_t quals7,
                         int64_t site, const uint8_t *in, uint8_t *out) {
  Fiber &fiber = arrive(
      "tile_cpu_collective",
      "is a warp collective outside a block whose threads "
      "run together",
      form, {quals0, quals1, quals2, quals3, quals4, quals5, quals6, quals7},
      site, in, out);
  Arrival &a = fiber.arrival;
  const tile::ptx::Instr &instr = a.instr;
  std::optional<unsigned> maskSource = memberMaskSource(instr);
  a.hasMask = maskSource.has_value() || tile::ref::isWarpFragments(instr);
  // A fragment form meets the whole warp, as if its mask named every lane.
  a.mask = maskSource  ? static_cast<uint32_t>(a.sources[*maskSource])
           : a.hasMask ? ~0u
                       : 0;
  // A warpgroup MMA: the warpgroup's 128 threads meet.
  if (tile::ref::isWgmma(instr)) {
    a.hasMask = false;
    return wait(fiber, State::AtWarpgroup);
  }
  unsigned lane = fiber.tid % kWarpSize, warp = fiber.tid / kWarpSize;
  if (a.hasMask && !((a.mask >> lane) & 1)) {
    std::fprintf(stderr,
                 "tile-cpu: lane %u of warp %u executes '%s' with member "
                 "mask 0x%08x, which leaves it out (undefined in PTX)\n",
                 lane, warp, instr.str().c_str(), a.mask);
    tile_cpu_exit_on_fault();
  }
  wait(fiber, State::AtCollective);
}

namespace {

/// The sources of an mbarrier operation, by the ISA's operand names.
struct MbSources {
  uintptr_t barrier = 0;
  uint64_t count = 1, txCount = 0, parity = 0, state = 0;
  bool hasTx = false, hasParity = false;
};

MbSources readMbSources(const tile::ptx::Instr &instr, const uint8_t *in) {
  llvm::SmallVector<uint64_t, 6> values = tile::cpu::readSources(instr, in);
  MbSources src;
  unsigned k = 0;
  for (const tile::ptx::OperandDesc &o : instr.form->getOperands()) {
    if (o.role != tile::ptx::OperandRole::Use)
      continue;
    uint64_t v = values[k++];
    llvm::StringRef name = o.name;
    if (o.kind == tile::ptx::OperandKind::Memory)
      src.barrier = uintptr_t(v);
    else if (o.txSign)
      src.txCount = v, src.hasTx = true;
    else if (name == "count")
      src.count = v;
    else if (name == "phaseParity")
      src.parity = v, src.hasParity = true;
    else if (name == "state")
      src.state = v;
  }
  return src;
}

/// Ends the program: thread `tid`'s `instr` on the mbarrier at `barrier`
/// is undefined, for `why`.
[[noreturn]] void reportMbarrier(unsigned tid, const tile::ptx::Instr &instr,
                                 uintptr_t barrier, const std::string &why) {
  std::fprintf(stderr, "tile-cpu: thread %u, '%s' on the mbarrier at %s: %s\n",
               tid, instr.str().c_str(),
               tile::cpu::describeAddress(barrier).c_str(), why.c_str());
  tile_cpu_exit_on_fault();
}

/// test_wait and try_wait: whether the phase completed; where it has not,
/// the thread polls once (the others go on) and tests again.
bool waitOn(Block &block, Fiber &f, const tile::ptx::Instr &instr,
            const MbSources &src, tile::cpu::Mbarrier &m) {
  if (src.hasParity && src.parity > 1)
    reportMbarrier(f.tid, instr, src.barrier,
                   "its phaseParity is " + std::to_string(src.parity) +
                       ", not 0 or 1");
  auto complete = [&] {
    return src.hasParity ? m.parityComplete(src.parity)
                         : m.stateComplete(src.state);
  };
  auto seen = [&] {
    if (!complete())
      return false;
    tile::cpu::releaseAsyncCopies(src.barrier, m.phase);
    return true;
  };
  if (seen())
    return true;
  f.poll = {instr, src.barrier, src.hasParity ? src.parity : src.state};
  f.state = State::Polling;
  if (swapcontext(&f.context, &block.scheduler) != 0)
    fatal("cannot switch to the scheduler (swapcontext failed)");
  return seen();
}

/// Applies `instr`'s operation to `m`: its result (an arrive's state), or
/// why it is undefined.
std::string applyMbarrier(const tile::ptx::Instr &instr, const MbSources &src,
                          tile::cpu::Mbarrier &m, uint64_t &result) {
  using tile::ptx::MbarrierOp;
  switch (instr.form->mbarrierOp) {
  case MbarrierOp::Init:
    return m.init(src.count);
  case MbarrierOp::Inval:
    return m.inval();
  case MbarrierOp::ExpectTx:
    return m.expectTx(src.txCount);
  case MbarrierOp::CompleteTx:
    return m.completeTx(src.txCount);
  case MbarrierOp::Arrive:
  case MbarrierOp::ArriveDrop: {
    // .expect_tx raises the transaction count, then arrives.
    tile::cpu::Mbarrier before = m;
    std::string why = src.hasTx ? m.expectTx(src.txCount) : "";
    if (why.empty())
      why =
          m.arrive(src.count, instr.form->mbarrierOp == MbarrierOp::ArriveDrop,
                   instr.form->mbNoComplete, result);
    if (!why.empty())
      m = before;
    return why;
  }
  case MbarrierOp::AsyncArrive:
    // The thread's copies completed when they were issued, so the arrival
    // is now; without .noinc the pending count was raised by one first, so
    // it does not count toward the phase.
    if (!instr.has(tile::ptx::Qual::NOINC))
      return "";
    return m.arrive(1, false, false, result);
  default:
    return "is not an operation on the barrier";
  }
}

} // namespace

void tile_cpu_mbarrier(int64_t form, int64_t quals0, int64_t quals1,
                       int64_t quals2, int64_t quals3, int64_t quals4,
                       int64_t quals5, int64_t quals6, int64_t quals7,
                       int64_t site, const uint8_t *in, uint8_t *out) {
  (void)site;
  tile::ptx::Instr instr = tile::cpu::decodeForm(
      form, {quals0, quals1, quals2, quals3, quals4, quals5, quals6, quals7},
      "tile_cpu_mbarrier");
  using tile::ptx::MbarrierOp;
  MbarrierOp op = instr.form->mbarrierOp;
  MbSources src = readMbSources(instr, in);
  // pending_count reads an arrive's state, not a barrier.
  if (op == MbarrierOp::PendingCount)
    return tile::cpu::writeResults(
        instr, tile::cpu::Mbarrier::getStatePending(src.state), out);
  Block &block = getBlock();
  Fiber *f = block.current;
  if (!f)
    tile::cpu::fatal(instr, "operates on an mbarrier outside a block whose "
                            "threads run together");
  tile::cpu::Mbarrier &m = block.mbarriers[src.barrier];
  if (op != MbarrierOp::Init && !m.valid)
    reportMbarrier(f->tid, instr, src.barrier,
                   "it is not an mbarrier object (no mbarrier.init, or "
                   "mbarrier.inval since)");
  if (op == MbarrierOp::TestWait || op == MbarrierOp::TryWait)
    return tile::cpu::writeResults(instr, waitOn(block, *f, instr, src, m),
                                   out);
  uint64_t result = 0;
  if (std::string why = applyMbarrier(instr, src, m, result); !why.empty())
    reportMbarrier(f->tid, instr, src.barrier, why);
  ++block.epoch;
  if (instr.form->getNumDefs())
    tile::cpu::writeResults(instr, result, out);
}

void tile::cpu::pollMemory(const tile::ptx::Instr &instr) {
  Block &block = getBlock();
  Fiber *f = block.current;
  if (!f)
    return;
  f->poll = {instr, 0, 0, true};
  wait(*f, State::Polling);
}

tile::cpu::Mbarrier &tile::cpu::getMbarrier(uintptr_t address) {
  return getBlock().mbarriers[address];
}

void tile::cpu::noteProgress() { ++getBlock().epoch; }

void tile::cpu::reportThread(const tile::ptx::Instr &instr,
                             const std::string &why) {
  // A block whose threads never meet runs them one after the other with no
  // fiber, and the running thread is not known here.
  if (getBlock().current)
    std::fprintf(stderr, "tile-cpu: thread %u, '%s': %s\n", getCurrentThread(),
                 instr.str().c_str(), why.c_str());
  else
    std::fprintf(stderr, "tile-cpu: '%s': %s\n", instr.str().c_str(),
                 why.c_str());
  tile_cpu_exit_on_fault();
}

unsigned tile::cpu::getCurrentThread() {
  Fiber *f = getBlock().current;
  return f ? f->tid : 0;
}

tile::cpu::HostSpace tile::cpu::classifyAddress(uintptr_t address) {
  Block &block = getBlock();
  auto shared = reinterpret_cast<uintptr_t>(block.shared);
  if (block.shared && address - shared < block.sharedBytes)
    return HostSpace::Shared;
  if (Fiber *f = block.current) {
    auto stack = reinterpret_cast<uintptr_t>(block.stacks[f->tid]);
    if (address - stack < kStackBytes)
      return HostSpace::Local;
  }
  return HostSpace::Global;
}
