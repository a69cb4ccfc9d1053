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
  std::fflush(stderr);
  std::_Exit(1);
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
    out[0] = int64_t(ptr + uint64_t(lo));
    out[1] = hi - lo;
    out[2] = int64_t(uintptr_t(
        "memory the program did not allocate (the extent of the view)"));
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
