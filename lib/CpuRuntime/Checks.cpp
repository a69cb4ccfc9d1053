//===- Checks.cpp - the CPU backend's launch and memory checks ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The buffer table (the program's allocations, by start address), the launch
// limits and the report of a bad access. See tile/CpuRuntime/CpuRuntime.h.
//
//===----------------------------------------------------------------------===//

#include "Block.h"
#include "Operands.h"
#include "tile/CpuRuntime/CpuRuntime.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

using namespace tile::cpu;

namespace {

/// A recorded buffer.
/// A recorded buffer; a freed one stays (with its description and
/// "(freed)" once asked for) until a new buffer takes its memory, so that an
/// access to it is reported.
struct Buffer {
  uint64_t bytes;
  const char *desc;
  bool freed = false;
  const char *freedDesc = nullptr;
};

/// The descriptions of freed buffers that were looked up (stable storage).
std::deque<std::string> &freedDescs() {
  static std::deque<std::string> descs;
  return descs;
}

/// The recorded buffers by start address, and the lock that guards them.
std::map<uintptr_t, Buffer> &buffers() {
  static std::map<uintptr_t, Buffer> map;
  return map;
}
std::mutex &bufferLock() {
  static std::mutex lock;
  return lock;
}

/// The recorded buffer that holds `ptr` (or, empty, starts there).
std::pair<const uintptr_t, Buffer> *findBuffer(uintptr_t ptr) {
  auto &map = buffers();
  auto it = map.upper_bound(ptr);
  if (it == map.begin())
    return nullptr;
  --it;
  if (ptr == it->first || ptr - it->first < it->second.bytes)
    return &*it;
  return nullptr;
}

/// Splits `site` into its NUL-terminated fields.
std::vector<const char *> fields(const char *site, unsigned count) {
  std::vector<const char *> out;
  for (unsigned i = 0; i < count; ++i, site += std::strlen(site) + 1)
    out.push_back(site);
  return out;
}

/// Prints `message` on stderr after what the program printed, and ends the
/// program with exit status 1 (without running static destructors: the JIT
/// that called us is still on the stack).
[[noreturn]] void fail(const std::string &message) {
  std::cout.flush();
  std::fflush(stdout);
  std::fputs(message.c_str(), stderr);
  tile_cpu_exit_on_fault();
}

/// "(x,y,z)".
std::string triple(const int64_t *v) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
         std::to_string(v[2]) + ")";
}

/// "[i, j]".
std::string indexList(const int64_t *v, int64_t rank) {
  std::string s = "[";
  for (int64_t d = 0; d < rank; ++d)
    s += (d ? ", " : "") + std::to_string(v[d]);
  return s + "]";
}

/// "a buffer of N bytes", or of unknown size.
std::string bufferSize(int64_t bytes) {
  if (bytes == -1)
    return "a buffer of unknown size";
  return "a buffer of " + std::to_string(bytes) + " bytes";
}

/// Why the access is bad: the first index outside its dimension, else the
/// bytes outside the buffer.
std::string reason(const int64_t *v, int64_t rank, const int64_t *tail) {
  const int64_t *idx = v + kIndices, *sizes = idx + rank;
  for (int64_t d = 0; d < rank; ++d)
    if (uint64_t(idx[d]) >= uint64_t(sizes[d]))
      return "index " + std::to_string(idx[d]) + " is outside dimension " +
             std::to_string(d) + " (size " + std::to_string(sizes[d]) + ")";
  int64_t at = tail[kByteOffset];
  return "bytes [" + std::to_string(at) + ", " +
         std::to_string(at + v[kAccessBytes]) + ") lie outside the buffer";
}

/// Reports a launch dimension outside [1, max] (or a count over max).
void checkRange(std::string &error, const char *what, int64_t value,
                int64_t max) {
  if (!error.empty() || (value >= 1 && value <= max))
    return;
  error = std::string(what) + " = " + std::to_string(value) +
          " is outside [1, " + std::to_string(max) + "]";
}

} // namespace

void tile_cpu_register_buffer(uintptr_t begin, int64_t bytes,
                              const char *desc) {
  std::lock_guard<std::mutex> guard(bufferLock());
  auto &map = buffers();
  uintptr_t end = begin + uint64_t(bytes);
  auto it = map.upper_bound(begin);
  if (it != map.begin()) {
    auto prev = std::prev(it);
    if (prev->first == begin || begin - prev->first < prev->second.bytes)
      it = prev;
  }
  while (it != map.end() && (it->first == begin || it->first < end))
    it = map.erase(it);
  map[begin] = {uint64_t(bytes), desc};
}

void tile_cpu_unregister_buffer(uintptr_t begin) {
  std::lock_guard<std::mutex> guard(bufferLock());
  auto it = buffers().find(begin);
  if (it != buffers().end())
    it->second.freed = true;
}

namespace {

/// The extents of the launch's memref arguments that no recorded buffer
/// held (tile_cpu_find_buffer records them until tile_cpu_launch_end).
std::vector<uintptr_t> &adoptedBuffers() {
  static std::vector<uintptr_t> adopted;
  return adopted;
}

} // namespace

void tile_cpu_launch_end() {
  std::lock_guard<std::mutex> guard(bufferLock());
  for (uintptr_t begin : adoptedBuffers())
    buffers().erase(begin);
  adoptedBuffers().clear();
}

void tile_cpu_find_buffer(uintptr_t ptr, int64_t lo, int64_t hi, int64_t *out) {
  std::lock_guard<std::mutex> guard(bufferLock());
  if (auto *found = findBuffer(ptr)) {
    Buffer &buf = found->second;
    if (buf.freed && !buf.freedDesc)
      buf.freedDesc =
          freedDescs().emplace_back(std::string(buf.desc) + " (freed)").c_str();
    out[0] = int64_t(found->first);
    out[1] = buf.freed ? 0 : int64_t(buf.bytes);
    out[2] = int64_t(uintptr_t(buf.freed ? buf.freedDesc : buf.desc));
  } else if (lo <= hi) {
    static const char *desc =
        "memory the program did not allocate (the extent of the view)";
    out[0] = int64_t(ptr + uint64_t(lo));
    out[1] = hi - lo;
    out[2] = int64_t(uintptr_t(desc));
    // Recorded for the launch, so that the runtime's own checks (a bulk
    // copy's addresses) know it too.
    if (hi > lo && !findBuffer(uintptr_t(out[0])) &&
        !findBuffer(uintptr_t(out[0] + out[1] - 1))) {
      buffers()[uintptr_t(out[0])] = {uint64_t(out[1]), desc};
      adoptedBuffers().push_back(uintptr_t(out[0]));
    }
  } else {
    out[0] = 0;
    out[1] = -1;
    out[2] = int64_t(uintptr_t("memory the program did not allocate"));
  }
}

void tile_cpu_check_launch(const char *site, int64_t gridX, int64_t gridY,
                           int64_t gridZ, int64_t blockX, int64_t blockY,
                           int64_t blockZ, int64_t staticShared,
                           int64_t dynamicShared) {
  std::string error;
  checkRange(error, "grid x", gridX, kMaxGridX);
  checkRange(error, "grid y", gridY, kMaxGridYZ);
  checkRange(error, "grid z", gridZ, kMaxGridYZ);
  checkRange(error, "block x", blockX, kMaxBlockXY);
  checkRange(error, "block y", blockY, kMaxBlockXY);
  checkRange(error, "block z", blockZ, kMaxBlockZ);
  if (error.empty() && blockX * blockY * blockZ > kMaxBlockThreads)
    error = "block x*y*z = " + std::to_string(blockX * blockY * blockZ) +
            " threads, more than " + std::to_string(kMaxBlockThreads);
  if (error.empty() && staticShared > kMaxStaticShared)
    error = "static shared memory of " + std::to_string(staticShared) +
            " bytes, more than 48 KiB (" + std::to_string(kMaxStaticShared) +
            " bytes)";
  if (error.empty() && dynamicShared < 0)
    error =
        "dynamic shared memory of " + std::to_string(dynamicShared) + " bytes";
  if (error.empty() && staticShared + dynamicShared > kMaxShared)
    error = "shared memory of " + std::to_string(staticShared) + " static + " +
            std::to_string(dynamicShared) +
            " dynamic bytes, more than sm_90's 227 KiB (" +
            std::to_string(kMaxShared) + " bytes)";
  if (error.empty())
    return;
  std::vector<const char *> f = fields(site, 3);
  fail(std::string("tile-cpu: invalid launch of kernel @") + f[0] +
       " (gpu.module @" + f[1] + ") at " + f[2] + ": " + error +
       "; nothing of the launch ran\n");
}

void tile_cpu_check_cluster(const char *site, int64_t gridX, int64_t gridY,
                            int64_t gridZ, int64_t clusterX, int64_t clusterY,
                            int64_t clusterZ) {
  if (gridX % clusterX == 0 && gridY % clusterY == 0 && gridZ % clusterZ == 0)
    return;
  std::vector<const char *> f = fields(site, 3);
  int64_t grid[] = {gridX, gridY, gridZ},
          cluster[] = {clusterX, clusterY, clusterZ};
  fail(std::string("tile-cpu: invalid launch of kernel @") + f[0] +
       " (gpu.module @" + f[1] + ") at " + f[2] + ": its grid " + triple(grid) +
       " is not a whole number of clusters of " + triple(cluster) +
       " CTAs; nothing of the launch ran\n");
}

void tile_cpu_report_access(const char *site, const int64_t *values) {
  std::vector<const char *> f = fields(site, 7);
  const int64_t *v = values;
  int64_t rank = v[kRank];
  const int64_t *tail = v + kIndices + 2 * rank;
  auto *bufferDesc = reinterpret_cast<const char *>(tail[kBufferDesc]);
  std::string m =
      "tile-cpu: out-of-bounds " + std::string(f[0]) + " of " +
      std::to_string(v[kAccessBytes]) + " bytes in kernel @" + f[2] +
      " at block " + triple(v + kBlockX) + " thread " + triple(v + kThreadX) +
      ": index " + indexList(v + kIndices, rank) + " of " + f[4] + " (" + f[5] +
      " in " + f[1] + " memory: " + bufferSize(tail[kBufferBytes]) +
      ", at byte offset " + std::to_string(tail[kByteOffset]) + ")\n";
  m += "tile-cpu:   " + reason(v, rank, tail) + "\n";
  m += std::string("tile-cpu:   the access: ") + f[6] + " in gpu.module @" +
       f[3];
  if (bufferDesc)
    m += std::string("; the buffer: ") + bufferDesc;
  fail(m + "\n");
}

//===----------------------------------------------------------------------===//
// cp.async copies not yet waited for
//===----------------------------------------------------------------------===//

namespace {

/// A cp.async that its thread has not waited for: the GPU may still be
/// writing [begin, end) of shared memory.
struct PendingCopy {
  int64_t thread[3];
  /// The thread's group it belongs to (its commit count when issued).
  int64_t group;
  uintptr_t begin, end;
  const char *site;
};

/// The pending copies of the block that runs (blocks run one at a time).
struct AsyncCopies {
  uint64_t nextId = 0;
  std::unordered_map<uint64_t, PendingCopy> copies;
  /// Each 4-byte word of shared memory a pending copy writes, and the copy.
  std::unordered_map<uintptr_t, uint64_t> words;
  /// Per thread (linear key): its pending copies and commit count.
  std::unordered_map<std::string, std::vector<uint64_t>> byThread;
  std::unordered_map<std::string, int64_t> committed;
  /// Copies handed to an mbarrier (cp.async.mbarrier.arrive): by barrier,
  /// the phase they complete with and the copy.
  std::unordered_map<uintptr_t, std::vector<std::pair<uint64_t, uint64_t>>>
      byBarrier;
};

AsyncCopies &asyncCopies() {
  static AsyncCopies state;
  return state;
}

/// The thread (x, y, z) of the running CTA (its rank in a cluster whose
/// CTAs run together).
std::string threadKey(int64_t x, int64_t y, int64_t z) {
  return std::to_string(tile::cpu::getCurrentCta()) + ":" + std::to_string(x) +
         "," + std::to_string(y) + "," + std::to_string(z);
}

} // namespace

std::string tile::cpu::describeAddress(uintptr_t address) {
  std::lock_guard<std::mutex> guard(bufferLock());
  if (auto *found = findBuffer(address))
    return "byte " + std::to_string(address - found->first) + " of " +
           found->second.desc;
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%" PRIxPTR, address);
  return hex;
}

std::optional<uint64_t> tile::cpu::bufferOffset(uintptr_t address) {
  std::lock_guard<std::mutex> guard(bufferLock());
  if (auto *found = findBuffer(address))
    return address - found->first;
  return std::nullopt;
}

std::string tile::cpu::checkBufferRange(uintptr_t address, uint64_t bytes) {
  std::lock_guard<std::mutex> guard(bufferLock());
  if (buffers().empty())
    return "";
  auto *found = findBuffer(address);
  if (!found) {
    char hex[32];
    std::snprintf(hex, sizeof hex, "0x%" PRIxPTR, address);
    return std::string("at ") + hex + " is in no buffer";
  }
  const Buffer &buf = found->second;
  uint64_t start = address - found->first;
  if (!buf.freed && start + bytes <= buf.bytes)
    return "";
  return "reaches byte " + std::to_string(start + bytes) + " of " + buf.desc +
         (buf.freed ? " (freed)" : ", " + bufferSize(int64_t(buf.bytes)));
}

/// Forgets copy `id`: the GPU has written its bytes.
static void retire(AsyncCopies &s, uint64_t id) {
  auto found = s.copies.find(id);
  if (found == s.copies.end())
    return;
  const PendingCopy &c = found->second;
  for (uintptr_t w = c.begin & ~uintptr_t(3); w < c.end; w += 4) {
    auto it = s.words.find(w);
    if (it != s.words.end() && it->second == id)
      s.words.erase(it);
  }
  s.copies.erase(id);
}

void tile_cpu_async_block() { asyncCopies() = AsyncCopies(); }

void tile_cpu_async_arrive(int64_t barrier, int64_t tx, int64_t ty,
                           int64_t tz) {
  AsyncCopies &s = asyncCopies();
  auto address = static_cast<uintptr_t>(barrier);
  uint64_t phase = tile::cpu::getMbarrier(address).phase;
  // They stay in their groups too: a wait_group also waits for them.
  for (uint64_t id : s.byThread[threadKey(tx, ty, tz)])
    s.byBarrier[address].push_back({phase, id});
}

void tile::cpu::releaseAsyncCopies(uintptr_t barrier, uint64_t phase) {
  AsyncCopies &s = asyncCopies();
  auto it = s.byBarrier.find(barrier);
  if (it == s.byBarrier.end())
    return;
  std::vector<std::pair<uint64_t, uint64_t>> kept;
  for (auto [copyPhase, id] : it->second) {
    if (copyPhase < phase)
      retire(s, id);
    else
      kept.push_back({copyPhase, id});
  }
  it->second = std::move(kept);
}

void tile_cpu_async_copy(const char *site, int64_t addr, int64_t bytes,
                         int64_t tx, int64_t ty, int64_t tz) {
  AsyncCopies &s = asyncCopies();
  std::string key = threadKey(tx, ty, tz);
  uint64_t id = s.nextId++;
  auto begin = static_cast<uintptr_t>(addr);
  s.copies[id] = {{tx, ty, tz},
                  s.committed[key],
                  begin,
                  begin + static_cast<uintptr_t>(bytes),
                  site};
  s.byThread[key].push_back(id);
  for (uintptr_t w = begin & ~uintptr_t(3); w < begin + bytes; w += 4)
    s.words[w] = id;
}

void tile_cpu_async_commit(int64_t tx, int64_t ty, int64_t tz) {
  ++asyncCopies().committed[threadKey(tx, ty, tz)];
}

void tile_cpu_async_wait(int64_t tx, int64_t ty, int64_t tz, int64_t pending) {
  AsyncCopies &s = asyncCopies();
  std::string key = threadKey(tx, ty, tz);
  // wait_all (pending < 0) commits the open group and waits for every one.
  int64_t &committed = s.committed[key];
  if (pending < 0) {
    ++committed;
    pending = 0;
  }
  std::vector<uint64_t> &ids = s.byThread[key];
  std::vector<uint64_t> kept;
  for (uint64_t id : ids) {
    const PendingCopy &c = s.copies[id];
    if (c.group >= committed - pending)
      kept.push_back(id);
    else
      retire(s, id);
  }
  ids = std::move(kept);
}

void tile_cpu_async_access(const char *site, int64_t addr, int64_t bytes,
                           int64_t write, int64_t tx, int64_t ty, int64_t tz,
                           int64_t bx, int64_t by, int64_t bz) {
  AsyncCopies &s = asyncCopies();
  if (s.words.empty())
    return;
  const int64_t ids[6] = {tx, ty, tz, bx, by, bz};
  auto begin = static_cast<uintptr_t>(addr);
  for (uintptr_t w = begin & ~uintptr_t(3); w < begin + bytes; w += 4) {
    auto it = s.words.find(w);
    if (it == s.words.end())
      continue;
    const PendingCopy &c = s.copies[it->second];
    std::vector<const char *> f = fields(site, 2);
    std::vector<const char *> g = fields(c.site, 2);
    bool own =
        c.thread[0] == ids[0] && c.thread[1] == ids[1] && c.thread[2] == ids[2];
    fail(std::string("tile-cpu: kernel @") + f[0] + " at block " +
         triple(ids + 3) + " thread " + triple(ids) + " " +
         (write ? "writes " : "reads ") + std::to_string(bytes) +
         " bytes of shared memory that a cp.async of " +
         (own ? "the same thread" : "thread " + triple(c.thread)) +
         " is still copying (the GPU may not have written them yet)\n" +
         "tile-cpu:   the access: " + f[1] + "; the copy: " + g[1] + "\n" +
         "tile-cpu:   wait for the copy first: cp.async.wait_group or "
         "cp.async.wait_all in the thread that issued it, or the mbarrier "
         "phase its cp.async.mbarrier.arrive completes" +
         (own ? "" : ", then a gpu.barrier before another thread uses it") +
         "\n");
  }
}

void tile_cpu_exit_on_fault(void) {
  std::cout.flush();
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(1);
}
