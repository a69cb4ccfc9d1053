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

/// The most threads that run together (a cooperative launch's: every CTA
/// of its grid). Each is a fiber with its own stack, two mappings of the
/// process (the stack and its guard), and Linux allows 65,530 by default.
constexpr uint64_t kMaxTogetherThreads = 16384;

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
  AtCluster,
  AtGrid,
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

struct Cta;

struct Fiber {
  ucontext_t context;
  std::vector<uint8_t> args;
  void (*entry)(void *) = nullptr;
  State state = State::Ready;
  /// The linear thread id in its CTA, and the CTA.
  unsigned tid = 0;
  Cta *cta = nullptr;
  /// Its stack (kStackBytes, the guard at the bottom).
  void *stack = nullptr;
  /// The cluster barrier's phase it arrived in (barrier.cluster.arrive), if
  /// it has arrived and not yet waited.
  std::optional<uint64_t> clusterArrival;
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

/// One CTA of the launch being run: its threads, its named barriers and
/// its shared memory.
struct Cta {
  std::vector<std::unique_ptr<Fiber>> threads;
  NamedBarrier named[kNamedBarriers];
  /// The CTA's shared memory (tile_cpu_block_shared): an address's low 18
  /// bits are its offset from `shared`.
  uint8_t *shared = nullptr;
  uint64_t sharedBytes = 0;
  /// Its rank in its cluster (%cluster_ctarank).
  unsigned rank = 0;
};

/// The CTAs being run together: one CTA, or the CTAs of one cluster (one
/// launch at a time: a kernel cannot launch another).
struct Block {
  std::vector<std::unique_ptr<Cta>> ctas;
  /// Every thread of every CTA, in the order they were spawned.
  std::vector<Fiber *> fibers;
  /// One stack per thread, kept for the next launch.
  std::vector<void *> stacks;
  ucontext_t scheduler;
  Fiber *current = nullptr;
  bool running = false;
  /// tile_cpu_cluster_begin announced the CTAs of a cluster: each
  /// tile_cpu_block_begin adds one until tile_cpu_block_run.
  bool clusterOpen = false;
  /// The mbarrier objects of every CTA, by host address.
  std::map<uintptr_t, tile::cpu::Mbarrier> mbarriers;
  /// The cluster barrier's current phase (barrier.cluster).
  uint64_t clusterPhase = 0;
  /// tile_cpu_grid_begin announced the CTAs of a cooperative launch: each
  /// is a cluster of its own, and they meet at tile_cpu_grid_sync.
  bool grid = false;
  /// The CTAs tile_cpu_cluster_begin or tile_cpu_grid_begin announced.
  uint64_t announced = 0;
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

/// "CTA 1 of the cluster, " where the CTAs of a cluster run together;
/// empty for a single CTA.
std::string ctaPrefix(const Cta &cta) {
  if (getBlock().ctas.size() < 2)
    return "";
  return "CTA " + std::to_string(cta.rank) +
         (getBlock().grid ? " of the grid, " : " of the cluster, ");
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
    auto base = reinterpret_cast<uintptr_t>(f->stack);
    if (addr >= base && addr < base + kGuardBytes) {
      SignalMessage m;
      m.add("tile-cpu: thread ");
      m.add(static_cast<unsigned long>(f->tid));
      if (block.ctas.size() > 1) {
        m.add(" of CTA ");
        m.add(static_cast<unsigned long>(f->cta->rank));
      }
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
  if (mprotect(stack, kGuardBytes, PROT_NONE) != 0) {
    std::fprintf(stderr,
                 "tile-cpu: cannot protect the guard of a thread's stack: "
                 "%s\n",
                 std::strerror(errno));
    tile_cpu_exit_on_fault();
  }
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
Fiber *laneOf(Cta &cta, unsigned warp, unsigned lane) {
  size_t tid = size_t(warp) * kWarpSize + lane;
  return tid < cta.threads.size() ? cta.threads[tid].get() : nullptr;
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
std::string missingMember(Cta &cta, unsigned warp, const Arrival &a) {
  if (!a.hasMask)
    return "";
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *g = laneOf(cta, warp, lane);
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
uint32_t lanesAt(Cta &cta, unsigned warp, int64_t site) {
  uint32_t lanes = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *g = laneOf(cta, warp, lane);
    if (g && g->state == State::AtCollective && g->arrival.site == site)
      lanes |= uint32_t(1) << lane;
  }
  return lanes;
}

/// Completes a fragment form (mma, ldmatrix, ...) of warp `warp`: every
/// lane of the warp must have met (.aligned).
void completeFragments(Cta &cta, unsigned warp, uint32_t met,
                       const tile::ref::WarpSources &in) {
  const Arrival &a =
      laneOf(cta, warp, static_cast<unsigned>(llvm::countr_zero(met)))->arrival;
  if (met != ~0u) {
    unsigned lane = static_cast<unsigned>(llvm::countr_one(met));
    reportCollective(warp, a,
                     "lane " + std::to_string(lane) +
                         (laneOf(cta, warp, lane)
                              ? " has exited"
                              : " is past the block's end") +
                         ": '" + a.instr.str() +
                         "' needs all 32 lanes of the warp (.aligned)");
  }
  tile::ref::WarpResults out;
  tile::ref::evaluateFragments(a.instr, in, out);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *g = laneOf(cta, warp, lane);
    tile::cpu::writeResultGroup(g->arrival.instr, out[lane], g->arrival.out);
    g->state = State::Ready;
  }
}

/// Completes the meeting of the lanes `met` of warp `warp` at a collective
/// that the lanes `executing` execute together: computes each lane's
/// results with the reference, writes them, and makes the lanes ready.
void complete(Cta &cta, unsigned warp, uint32_t met, uint32_t executing) {
  tile::ref::WarpSources in;
  in.met = met;
  in.executing = executing;
  const Arrival *first = nullptr;
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if ((executing >> lane) & 1) {
      const Arrival &a = laneOf(cta, warp, lane)->arrival;
      in.lanes[lane] = a.sources;
      if (!first && ((met >> lane) & 1))
        first = &a;
    }
  if (tile::ref::isWarpFragments(first->instr))
    return completeFragments(cta, warp, met, in);
  uint64_t out[kWarpSize] = {};
  tile::ref::evaluateWarp(first->instr, in, out);
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if ((met >> lane) & 1) {
      Fiber *g = laneOf(cta, warp, lane);
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
bool completeWarp(Cta &cta, unsigned warp) {
  std::optional<int64_t> site;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *f = laneOf(cta, warp, lane);
    if (f && f->state == State::AtCollective &&
        (!site || f->arrival.site < *site) &&
        missingMember(cta, warp, f->arrival).empty())
      site = f->arrival.site;
  }
  if (!site)
    return false;
  uint32_t executing = lanesAt(cta, warp, *site);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *f = laneOf(cta, warp, lane);
    if (!((executing >> lane) & 1) || f->state != State::AtCollective)
      continue;
    const Arrival &a = f->arrival;
    uint32_t met = a.hasMask ? executing & a.mask : executing;
    if (std::string why = missingMember(cta, warp, a); !why.empty())
      reportCollective(warp, a, why);
    complete(cta, warp, met, executing);
  }
  return true;
}

/// Reports the first collective that cannot complete (a deadlock: on the
/// GPU, a hang or undefined), if any lane waits at one.
void reportStuck(Cta &cta) {
  for (auto &f : cta.threads)
    if (f->state == State::AtCollective)
      reportCollective(f->tid / kWarpSize, f->arrival,
                       missingMember(cta, f->tid / kWarpSize, f->arrival) +
                           " (deadlock)");
}

/// The thread of warpgroup `group` that keeps the meeting of `a` from
/// completing, and why; empty where all 128 threads wait at it.
std::string missingThread(Cta &cta, unsigned group, const Arrival &a) {
  for (unsigned t = 0; t < kWarpgroupSize; ++t) {
    size_t tid = size_t(group) * kWarpgroupSize + t;
    std::string who = "thread " + std::to_string(tid);
    if (tid >= cta.threads.size())
      return who + " is past the block's end";
    const Fiber &g = *cta.threads[tid];
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
    case State::AtCluster:
      return who + " waits at the cluster barrier";
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
bool completeWarpgroup(Cta &cta, unsigned group) {
  size_t first = size_t(group) * kWarpgroupSize;
  if (first + kWarpgroupSize > cta.threads.size())
    return false;
  Fiber &lead = *cta.threads[first];
  if (lead.state != State::AtWarpgroup ||
      !missingThread(cta, group, lead.arrival).empty())
    return false;
  auto in = std::make_unique<tile::ref::WarpgroupSources>();
  for (unsigned t = 0; t < kWarpgroupSize; ++t) {
    const Arrival &a = cta.threads[first + t]->arrival;
    in->threads[t].assign(a.sources.begin(), a.sources.end());
  }
  in->readShared = [&cta](uint64_t addr, uint8_t *out, unsigned n) {
    if (!cta.shared || addr > cta.sharedBytes || n > cta.sharedBytes - addr)
      return false;
    std::memcpy(out, cta.shared + addr, n);
    return true;
  };
  auto out = std::make_unique<tile::ref::WarpgroupResults>();
  if (llvm::Error err = tile::ref::evaluateWgmma(lead.arrival.instr, *in, *out))
    reportWarpgroup(group, lead.arrival, llvm::toString(std::move(err)));
  for (unsigned t = 0; t < kWarpgroupSize; ++t) {
    Fiber &f = *cta.threads[first + t];
    tile::cpu::writeResultGroup(f.arrival.instr, (*out)[t], f.arrival.out);
    f.state = State::Ready;
  }
  return true;
}

/// Reports the first warpgroup MMA that cannot complete: a thread of its
/// warpgroup does not wait at it (on the GPU, undefined: .aligned).
void reportStuckWarpgroup(Cta &cta) {
  for (auto &f : cta.threads)
    if (f->state == State::AtWarpgroup) {
      unsigned group = f->tid / kWarpgroupSize;
      reportWarpgroup(group, f->arrival,
                      missingThread(cta, group, f->arrival) +
                          ": wgmma.mma_async needs all 128 threads of the "
                          "warpgroup (.aligned)");
    }
}

/// Reports threads that wait at different barriers (on the GPU, undefined:
/// a barrier in divergent control flow).
void checkOneBarrier(Cta &cta) {
  const Fiber *first = nullptr;
  for (auto &f : cta.threads) {
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
void completeReduction(Cta &cta) {
  std::vector<Fiber *> waiting;
  for (auto &f : cta.threads)
    if (f->state == State::AtBarrier && f->reduces)
      waiting.push_back(f.get());
  if (waiting.empty())
    return;
  const tile::ptx::Instr &instr = waiting.front()->arrival.instr;
  uint64_t count = 0;
  for (Fiber *f : waiting) {
    const llvm::SmallVector<uint64_t, 6> &src = f->arrival.sources;
    // A thread count b (a, b, c): the block's threads only.
    if (src.size() == 3 && src[1] != cta.threads.size()) {
      std::fprintf(stderr,
                   "tile-cpu: thread %u executes '%s' with a thread count of "
                   "%llu in a block of %zu threads; the CPU backend models "
                   "the barrier of the whole block only\n",
                   f->tid, instr.str().c_str(), (unsigned long long)src[1],
                   cta.threads.size());
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
std::string describeIds(const std::vector<unsigned> &tids) {
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

/// "threads 0-31, 64" of one CTA; "threads 0-31 of CTA 0, thread 5 of CTA
/// 1" where the threads of a cluster's CTAs run together.
std::string describeThreads(const std::vector<const Fiber *> &fibers) {
  std::map<unsigned, std::vector<unsigned>> byCta;
  for (const Fiber *f : fibers)
    byCta[f->cta->rank].push_back(f->tid);
  if (getBlock().ctas.size() < 2)
    return byCta.empty() ? "" : describeIds(byCta.begin()->second);
  std::string out;
  for (auto &[rank, tids] : byCta)
    out += (out.empty() ? "" : ", ") + describeIds(tids) + " of CTA " +
           std::to_string(rank);
  return out;
}

/// The lanes of warp `warp` that have not exited.
uint32_t liveLanes(Cta &cta, unsigned warp) {
  uint32_t lanes = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    Fiber *g = laneOf(cta, warp, lane);
    if (g && g->state != State::Done)
      lanes |= uint32_t(1) << lane;
  }
  return lanes;
}

/// The warps that have arrived at named barrier `nb`: all their lanes that
/// have not exited have executed bar.sync or bar.arrive in this phase. A
/// warp that arrived (bar.arrive) and then exited has arrived: the GPU's
/// barrier counted it when it arrived.
std::vector<unsigned> arrivedWarps(Cta &cta, const NamedBarrier &nb) {
  std::vector<unsigned> warps;
  for (auto [warp, lanes] : nb.lanes) {
    uint32_t live = liveLanes(cta, warp);
    if (lanes && (lanes & live) == live)
      warps.push_back(warp);
  }
  return warps;
}

/// Whether every warp that has a thread that has not exited is in `warps`.
bool allWarps(Cta &cta, const std::vector<unsigned> &warps) {
  for (size_t w = 0; w * kWarpSize < cta.threads.size(); ++w)
    if (liveLanes(cta, unsigned(w)) && !llvm::is_contained(warps, w))
      return false;
  return true;
}

/// Completes each named barrier whose warps have all arrived: as many as its
/// thread count, or every warp of the CTA without one. Their threads that
/// wait go on, and the barrier's next phase starts. More warps than the
/// count is a race (which ones complete the barrier depends on timing on
/// the GPU) and ends the program. Returns whether any barrier completed.
bool completeNamed(Cta &cta) {
  bool met = false;
  for (unsigned id = 0; id < kNamedBarriers; ++id) {
    NamedBarrier &nb = cta.named[id];
    if (nb.lanes.empty())
      continue;
    std::vector<unsigned> warps = arrivedWarps(cta, nb);
    uint64_t threads = uint64_t(warps.size()) * kWarpSize;
    if (nb.count ? threads < nb.count : !allWarps(cta, warps))
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
    for (auto &f : cta.threads)
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
void reportStuckNamed(Cta &cta) {
  for (unsigned id = 0; id < kNamedBarriers; ++id) {
    std::vector<const Fiber *> waiting;
    for (auto &f : cta.threads)
      if (f->state == State::AtNamed && f->named == id)
        waiting.push_back(f.get());
    if (waiting.empty())
      continue;
    const NamedBarrier &nb = cta.named[id];
    std::string need = nb.count ? std::to_string(nb.count) + " threads"
                                : "every warp of the block (no thread count)";
    std::fprintf(stderr,
                 "tile-cpu: the block hangs: %s wait at named barrier %u, "
                 "which needs %s; %zu warps have arrived\n",
                 describeThreads(waiting).c_str(), id, need.c_str(),
                 arrivedWarps(cta, nb).size());
    tile_cpu_exit_on_fault();
  }
}

/// Makes the polling threads ready to test again, unless they have polled
/// kMaxIdleRounds rounds with nothing changed. Returns whether any did.
bool wakePollers(Block &block) {
  bool any = false;
  for (Fiber *f : block.fibers)
    any |= f->state == State::Polling;
  if (!any)
    return false;
  if (block.epoch != block.idleEpoch) {
    block.idleEpoch = block.epoch;
    block.idleRounds = 0;
  }
  if (++block.idleRounds > kMaxIdleRounds)
    return false;
  for (Fiber *f : block.fibers)
    if (f->state == State::Polling)
      f->state = State::Ready;
  return true;
}

/// Reports the threads that poll an mbarrier no thread can complete (on
/// the GPU, a hang), with the barriers and what they wait for, and ends the
/// program.
void reportHang(Block &block) {
  // The pollers by barrier and what they wait for, then the others.
  std::map<std::pair<uintptr_t, std::string>, std::vector<const Fiber *>> polls;
  // The threads that poll memory (a Polls load), by instruction.
  std::map<std::string, std::vector<const Fiber *>> memoryPolls;
  std::vector<const Fiber *> atBarrier, atNamed, atCollective, atWarpgroup,
      atCluster;
  for (Fiber *f : block.fibers) {
    if (f->state == State::AtBarrier)
      atBarrier.push_back(f);
    if (f->state == State::AtNamed)
      atNamed.push_back(f);
    if (f->state == State::AtCollective)
      atCollective.push_back(f);
    if (f->state == State::AtWarpgroup)
      atWarpgroup.push_back(f);
    if (f->state == State::AtCluster)
      atCluster.push_back(f);
    if (f->state != State::Polling)
      continue;
    const Poll &p = f->poll;
    if (p.memory) {
      memoryPolls[p.instr.str()].push_back(f);
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
    polls[{p.barrier, what}].push_back(f);
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
  if (!atCluster.empty())
    message += "\n  " + describeThreads(atCluster) +
               " wait at the cluster barrier (barrier.cluster.wait)";
  std::fprintf(stderr, "%s\n", message.c_str());
  tile_cpu_exit_on_fault();
}

/// Whether every thread of `cta` that has not returned waits at a barrier
/// (gpu.barrier, bar.red): they have all reached it (the same one, or they
/// diverged, which is reported), and go on. Returns whether they did.
bool completeCtaBarrier(Cta &cta) {
  bool waiting = false;
  for (auto &f : cta.threads) {
    if (f->state == State::AtBarrier)
      waiting = true;
    else if (f->state != State::Done)
      return false;
  }
  if (!waiting)
    return false;
  checkOneBarrier(cta);
  completeReduction(cta);
  for (auto &f : cta.threads)
    if (f->state == State::AtBarrier)
      f->state = State::Ready;
  return true;
}

/// Completes the cluster barrier's phase where every thread of the cluster
/// that has not exited has arrived in it: the threads that wait go on.
/// Returns whether it completed.
bool completeClusterBarrier(Block &block) {
  bool waiting = false;
  for (Fiber *f : block.fibers) {
    if (f->state == State::Done)
      continue;
    if (f->clusterArrival != block.clusterPhase)
      return false;
    waiting |= f->state == State::AtCluster;
  }
  if (!waiting)
    return false;
  ++block.clusterPhase;
  for (Fiber *f : block.fibers)
    if (f->state == State::AtCluster) {
      f->clusterArrival.reset();
      f->state = State::Ready;
    }
  return true;
}

/// Reports the threads that wait at the cluster barrier when no thread can
/// run (on the GPU, a hang): which threads have not arrived, and where they
/// wait. Then any thread that waits at a barrier of its CTA while the
/// others wait elsewhere.
void reportStuckBarriers(Block &block) {
  std::vector<const Fiber *> waiting, missing;
  for (Fiber *f : block.fibers) {
    if (f->state == State::AtCluster)
      waiting.push_back(f);
    else if (f->state != State::Done && f->clusterArrival != block.clusterPhase)
      missing.push_back(f);
  }
  if (!waiting.empty()) {
    bool one = missing.size() == 1;
    std::fprintf(stderr,
                 "tile-cpu: the cluster hangs: %s wait at the cluster "
                 "barrier (barrier.cluster.wait); %s %s not arrived (%s at a "
                 "barrier of %s CTA)\n",
                 describeThreads(waiting).c_str(),
                 describeThreads(missing).c_str(), one ? "has" : "have",
                 one ? "it waits" : "they wait", one ? "its" : "their");
    tile_cpu_exit_on_fault();
  }
  for (Fiber *f : block.fibers)
    if (f->state == State::AtBarrier) {
      std::fprintf(stderr,
                   "tile-cpu: %sthread %u waits at a barrier that other "
                   "threads of its CTA cannot reach (a deadlock)\n",
                   ctaPrefix(*f->cta).c_str(), f->tid);
      tile_cpu_exit_on_fault();
    }
}

/// Completes the grid barrier (tile_cpu_grid_sync) where every thread that
/// has not returned waits at it and thread 0 of every CTA is among them
/// (on the GPU it arrives for its CTA): they all go on. Returns whether it
/// completed.
bool completeGridSync(Block &block) {
  if (!block.grid)
    return false;
  for (Fiber *f : block.fibers)
    if (f->state != State::Done && f->state != State::AtGrid)
      return false;
  for (auto &cta : block.ctas)
    if (cta->threads.empty() || cta->threads[0]->state != State::AtGrid)
      return false;
  for (Fiber *f : block.fibers)
    if (f->state == State::AtGrid)
      f->state = State::Ready;
  return true;
}

/// Reports the threads that wait at the grid barrier when no thread can
/// run (on the GPU, a hang): the CTAs whose thread 0 has returned (no
/// thread arrives for them), or the threads that wait elsewhere.
void reportStuckGrid(Block &block) {
  std::vector<const Fiber *> waiting, elsewhere;
  for (Fiber *f : block.fibers) {
    if (f->state == State::AtGrid)
      waiting.push_back(f);
    else if (f->state != State::Done)
      elsewhere.push_back(f);
  }
  if (waiting.empty())
    return;
  std::string why;
  for (auto &cta : block.ctas)
    if (cta->threads.empty() || cta->threads[0]->state == State::Done) {
      why = "thread 0 of CTA " + std::to_string(cta->rank) +
            " has returned, and on the GPU it is the thread that arrives "
            "for its CTA";
      break;
    }
  if (why.empty())
    why = describeThreads(elsewhere) + " wait elsewhere";
  std::fprintf(stderr,
               "tile-cpu: the grid hangs: %s wait at the grid barrier "
               "(tile.grid_sync); %s\n",
               describeThreads(waiting).c_str(), why.c_str());
  tile_cpu_exit_on_fault();
}

/// Runs the threads of `block` that can run until none can. When none is
/// ready, each CTA's warp collectives, warpgroup MMAs, named barriers and
/// barrier complete, then the cluster's barrier; then the pollers test
/// again. Returns whether a thread went on.
bool completeMeetings(Block &block) {
  bool met = false;
  for (auto &cta : block.ctas) {
    for (size_t w = 0; w * kWarpSize < cta->threads.size(); ++w)
      met |= completeWarp(*cta, static_cast<unsigned>(w));
    for (size_t g = 0; g * kWarpgroupSize < cta->threads.size(); ++g)
      met |= completeWarpgroup(*cta, static_cast<unsigned>(g));
    met |= completeNamed(*cta);
  }
  if (met)
    return true;
  for (auto &cta : block.ctas)
    met |= completeCtaBarrier(*cta);
  return met || completeClusterBarrier(block) || completeGridSync(block);
}

} // namespace

void tile_cpu_cluster_begin(int64_t ctas) {
  Block &block = getBlock();
  if (block.running)
    fatal("a cluster started while a block runs");
  block.ctas.clear();
  block.ctas.reserve(static_cast<size_t>(ctas));
  block.clusterOpen = true;
  block.announced = static_cast<uint64_t>(ctas);
}

void tile_cpu_grid_begin(int64_t ctas) {
  tile_cpu_cluster_begin(ctas);
  getBlock().grid = true;
}

void tile_cpu_grid_sync(int64_t site) {
  Block &block = getBlock();
  Fiber *f = block.current;
  if (!f || !block.grid)
    fatal("tile.grid_sync outside a cooperative launch whose CTAs run "
          "together");
  f->state = State::AtGrid;
  f->barrier = site;
  if (swapcontext(&f->context, &block.scheduler) != 0)
    fatal("cannot switch to the scheduler (swapcontext failed)");
}

void tile_cpu_block_begin(int64_t threads) {
  Block &block = getBlock();
  if (block.running)
    fatal("a block started while another one runs");
  // Without tile_cpu_cluster_begin, the CTA runs alone.
  if (!block.clusterOpen)
    block.ctas.clear();
  if (block.ctas.empty()) {
    block.fibers.clear();
    // Shared memory is the CTAs' own.
    block.mbarriers.clear();
    block.clusterPhase = 0;
  }
  if (block.ctas.empty() && block.clusterOpen &&
      block.announced * uint64_t(threads) > kMaxTogetherThreads) {
    std::fprintf(stderr,
                 "tile-cpu: %llu CTAs of %lld threads run together (a "
                 "%s): more than the %llu threads the CPU backend runs "
                 "together (each a fiber with its own stack)\n",
                 (unsigned long long)block.announced, (long long)threads,
                 block.grid ? "cooperative launch" : "cluster",
                 (unsigned long long)kMaxTogetherThreads);
    tile_cpu_exit_on_fault();
  }
  auto cta = std::make_unique<Cta>();
  cta->rank = static_cast<unsigned>(block.ctas.size());
  cta->threads.reserve(static_cast<size_t>(threads));
  block.ctas.push_back(std::move(cta));
}

void tile_cpu_block_shared(uintptr_t base, int64_t bytes) {
  const tile::ptx::SharedWindowDesc &window = tile::ptx::getSharedWindow();
  if (uint64_t(bytes) > (uint64_t(1) << window.bits))
    fatal("the block's shared memory, its buffers each aligned to 1024 "
          "bytes after the window's reserved bytes, is larger than the "
          "shared window");
  Cta &cta = *getBlock().ctas.back();
  cta.shared = reinterpret_cast<uint8_t *>(base);
  cta.sharedBytes = static_cast<uint64_t>(bytes);
}

void tile_cpu_block_spawn(void (*entry)(void *), const void *args,
                          int64_t bytes) {
  Block &block = getBlock();
  Cta &cta = *block.ctas.back();
  auto f = std::make_unique<Fiber>();
  const auto *p = static_cast<const uint8_t *>(args);
  f->args.assign(p, p + bytes);
  f->entry = entry;
  f->tid = static_cast<unsigned>(cta.threads.size());
  f->cta = &cta;
  size_t index = block.fibers.size();
  if (block.stacks.size() <= index)
    block.stacks.push_back(allocateStack());
  f->stack = block.stacks[index];
  if (getcontext(&f->context) != 0)
    fatal("cannot create a thread (getcontext failed)");
  f->context.uc_stack.ss_sp = f->stack;
  f->context.uc_stack.ss_size = kStackBytes;
  f->context.uc_link = &block.scheduler;
  makecontext(&f->context, startThread, 0);
  block.fibers.push_back(f.get());
  cta.threads.push_back(std::move(f));
}

void tile_cpu_block_run() {
  Block &block = getBlock();
  installOverflowHandler();
  block.running = true;
  for (;;) {
    bool ran = false;
    for (Fiber *f : block.fibers)
      if (f->state == State::Ready) {
        resume(block, *f);
        ran = true;
      }
    if (ran)
      continue;
    // No thread is ready: the meetings complete; a collective or barrier
    // that cannot complete then is a deadlock.
    if (completeMeetings(block) || wakePollers(block))
      continue;
    reportHang(block);
    for (auto &cta : block.ctas) {
      reportStuck(*cta);
      reportStuckWarpgroup(*cta);
      reportStuckNamed(*cta);
    }
    reportStuckBarriers(block);
    reportStuckGrid(block);
    break;
  }
  block.fibers.clear();
  block.ctas.clear();
  block.clusterOpen = false;
  block.grid = false;
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
void arriveNamed(Cta &cta, Fiber &f) {
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
  NamedBarrier &nb = cta.named[id];
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

/// barrier.cluster.arrive and .wait of thread `f`: an arrive marks the
/// thread arrived in the barrier's current phase; a wait returns once that
/// phase has completed (every thread of the cluster that has not exited
/// arrived). Arriving twice in a phase and waiting without arriving are
/// reported (undefined in PTX).
void meetCluster(Block &block, Fiber &f) {
  const tile::ptx::Instr &instr = f.arrival.instr;
  auto undefined = [&](const char *why) {
    std::fprintf(stderr,
                 "tile-cpu: %sthread %u executes '%s', %s (undefined in "
                 "PTX)\n",
                 ctaPrefix(*f.cta).c_str(), f.tid, instr.str().c_str(), why);
    tile_cpu_exit_on_fault();
  };
  if (instr.has(tile::ptx::Qual::ARRIVE)) {
    if (f.clusterArrival == block.clusterPhase)
      undefined("but it has arrived in the cluster barrier's current phase "
                "already (each arrive needs a barrier.cluster.wait)");
    f.clusterArrival = block.clusterPhase;
    return;
  }
  if (!f.clusterArrival)
    undefined("but it has not arrived at the cluster barrier "
              "(barrier.cluster.arrive) since its last wait");
  if (*f.clusterArrival < block.clusterPhase) {
    f.clusterArrival.reset();
    return;
  }
  wait(f, State::AtCluster);
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
  tile::ptx::Semantics sem = f.arrival.instr.form->semantics;
  if (sem == tile::ptx::Semantics::ClusterBarrier)
    return meetCluster(getBlock(), f);
  if (sem != tile::ptx::Semantics::BarrierReduce)
    return arriveNamed(*f.cta, f);
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
    // A .shared::cluster arrive names its barrier by a register (mapa's).
    if (o.kind == tile::ptx::OperandKind::Memory || name == "addr")
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
[[noreturn]] void reportMbarrier(const Fiber &f, const tile::ptx::Instr &instr,
                                 uintptr_t barrier, const std::string &why) {
  std::fprintf(stderr,
               "tile-cpu: %sthread %u, '%s' on the mbarrier at %s: %s\n",
               ctaPrefix(*f.cta).c_str(), f.tid, instr.str().c_str(),
               tile::cpu::describeAddress(barrier).c_str(), why.c_str());
  tile_cpu_exit_on_fault();
}

/// test_wait and try_wait: whether the phase completed; where it has not,
/// the thread polls once (the others go on) and tests again.
bool waitOn(Block &block, Fiber &f, const tile::ptx::Instr &instr,
            const MbSources &src, tile::cpu::Mbarrier &m) {
  if (src.hasParity && src.parity > 1)
    reportMbarrier(f, instr, src.barrier,
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
    reportMbarrier(*f, instr, src.barrier,
                   "it is not an mbarrier object (no mbarrier.init, or "
                   "mbarrier.inval since)");
  if (op == MbarrierOp::TestWait || op == MbarrierOp::TryWait)
    return tile::cpu::writeResults(instr, waitOn(block, *f, instr, src, m),
                                   out);
  uint64_t result = 0;
  if (std::string why = applyMbarrier(instr, src, m, result); !why.empty())
    reportMbarrier(*f, instr, src.barrier, why);
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
  if (Fiber *f = getBlock().current)
    std::fprintf(stderr, "tile-cpu: %sthread %u, '%s': %s\n",
                 ctaPrefix(*f->cta).c_str(), f->tid, instr.str().c_str(),
                 why.c_str());
  else
    std::fprintf(stderr, "tile-cpu: '%s': %s\n", instr.str().c_str(),
                 why.c_str());
  tile_cpu_exit_on_fault();
}

unsigned tile::cpu::getCurrentThread() {
  Fiber *f = getBlock().current;
  return f ? f->tid : 0;
}

unsigned tile::cpu::getCurrentCta() {
  Fiber *f = getBlock().current;
  return f ? f->cta->rank : 0;
}

namespace {

/// The CTA of the running launch whose shared memory holds `address`, or
/// null.
Cta *findSharedOwner(uintptr_t address) {
  for (auto &cta : getBlock().ctas) {
    auto shared = reinterpret_cast<uintptr_t>(cta->shared);
    if (cta->shared && address - shared < cta->sharedBytes)
      return cta.get();
  }
  return nullptr;
}

} // namespace

tile::cpu::HostSpace tile::cpu::classifyAddress(uintptr_t address) {
  Block &block = getBlock();
  Fiber *f = block.current;
  if (Cta *owner = findSharedOwner(address))
    return f && owner != f->cta ? HostSpace::PeerShared : HostSpace::Shared;
  if (f) {
    auto stack = reinterpret_cast<uintptr_t>(f->stack);
    if (address - stack < kStackBytes)
      return HostSpace::Local;
  }
  return HostSpace::Global;
}

uint64_t tile::cpu::mapShared(const tile::ptx::Instr &instr, uintptr_t address,
                              uint64_t rank) {
  Block &block = getBlock();
  Cta *owner = findSharedOwner(address);
  if (!owner)
    reportThread(instr, "its address " + describeAddress(address) +
                            " is not in the shared memory of a CTA of the "
                            "cluster (the CPU backend's arena: workgroup "
                            "buffers of static layout and the dynamic "
                            "shared memory)");
  if (rank >= block.ctas.size())
    reportThread(instr, "maps into CTA " + std::to_string(rank) +
                            ", but the cluster has " +
                            std::to_string(block.ctas.size()) +
                            (block.ctas.size() == 1 ? " CTA" : " CTAs") +
                            " (undefined in PTX)");
  uint64_t offset = address - reinterpret_cast<uintptr_t>(owner->shared);
  return reinterpret_cast<uintptr_t>(block.ctas[rank]->shared) + offset;
}

uint64_t tile::cpu::toSharedWindow(const tile::ptx::Instr &instr,
                                   uintptr_t address) {
  Fiber *f = getBlock().current;
  Cta *owner = findSharedOwner(address);
  if (!f || owner != f->cta)
    reportThread(instr, "its address " + describeAddress(address) +
                            " is not in its CTA's shared memory (undefined "
                            "in PTX; on the CPU backend shared memory is "
                            "the arena: workgroup buffers of static "
                            "layout and the dynamic shared memory)");
  return address - reinterpret_cast<uintptr_t>(owner->shared);
}

uintptr_t tile::cpu::fromSharedWindow(const tile::ptx::Instr &instr,
                                      uint64_t window) {
  Fiber *f = getBlock().current;
  if (!f || !f->cta->shared)
    reportThread(instr, "its CTA has no shared memory in the CPU "
                        "backend's arena");
  return reinterpret_cast<uintptr_t>(f->cta->shared) + (window & 0xFFFFFFFF);
}

namespace {

/// The CTA whose shared memory holds the .shared::cluster `address` of
/// `instr`; the program ends where none does.
Cta &requireClusterOwner(const tile::ptx::Instr &instr, uint64_t address) {
  Cta *owner = findSharedOwner(address);
  if (!owner)
    tile::cpu::reportThread(
        instr, "its address " + tile::cpu::describeAddress(address) +
                   " is not in the shared memory of a CTA of the cluster (a "
                   ".shared::cluster address comes from mapa)");
  return *owner;
}

} // namespace

void tile::cpu::checkClusterAccess(const tile::ptx::Instr &instr,
                                   uint64_t address, unsigned bytes) {
  Cta *owner = &requireClusterOwner(instr, address);
  uint64_t offset = address - reinterpret_cast<uintptr_t>(owner->shared);
  if (offset + bytes > owner->sharedBytes)
    reportThread(instr, "its " + std::to_string(bytes) + " bytes at byte " +
                            std::to_string(offset) + " of CTA " +
                            std::to_string(owner->rank) +
                            "'s shared memory reach past its " +
                            std::to_string(owner->sharedBytes) + " bytes");
  if (address % bytes)
    reportThread(instr, "its address (byte " + std::to_string(offset) +
                            " of CTA " + std::to_string(owner->rank) +
                            "'s shared memory) is not aligned to its " +
                            std::to_string(bytes) +
                            " bytes (the GPU faults with a misaligned "
                            "address)");
}

unsigned tile::cpu::getSharedRank(const tile::ptx::Instr &instr,
                                  uint64_t address) {
  return requireClusterOwner(instr, address).rank;
}

unsigned tile::cpu::getClusterSize() {
  return std::max<unsigned>(1, unsigned(getBlock().ctas.size()));
}
