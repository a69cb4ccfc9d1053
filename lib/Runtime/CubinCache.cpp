//===- CubinCache.cpp - the on-disk cache of JIT-compiled cubins ----------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The cache trusts nothing it finds on disk:
//
// - its directory is created with mode 0700 and used only if it is a real
//   directory (not a symbolic link) owned by the user and writable by no one
//   else, and every directory above it (as written and with its links
//   resolved) is owned by root or the user and writable by no one else
//   unless it is sticky (like /tmp); a symbolic link on the way must be
//   root's or the user's. Otherwise the cache is disabled with one warning
//   and the JIT still works. "No one else" allows the group write bit of a
//   user-private group (the user's primary group, named after the user, no
//   other member), as umask 002 setups have;
// - the directory is opened once and every later operation is relative to
//   that descriptor, so renaming or replacing the path afterwards changes
//   nothing;
// - entries are opened with O_NOFOLLOW and must be regular files owned by
//   the user and at most a header plus kMaxCubinBytes long; they carry a
//   header (magic, format version, cubin length, SHA-256 of the cubin, key)
//   that is checked field by field; anything else is a miss with a warning,
//   and the fresh JIT result replaces the entry;
// - stores create a new temporary (O_CREAT | O_EXCL | O_NOFOLLOW, 0600) in
//   the directory, write it fully and rename it over the entry; a failure
//   removes the temporary.
//
// The digest guards against corruption and truncation, not against someone
// running as the same user, who can write the directory anyway.
//
//===----------------------------------------------------------------------===//

#include "tile/Runtime/CudaRuntime.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <new>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace tile::rt;

//===----------------------------------------------------------------------===//
// SHA-256 (FIPS 180-4)
//===----------------------------------------------------------------------===//

namespace {
using Digest = std::array<uint8_t, 32>;

/// SHA-256, for the cache key and the digest of an entry's cubin.
class Sha256 {
public:
  void update(const void *data, size_t size);
  Digest finish();

private:
  void compress(const uint8_t *block);

  uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                       0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  uint8_t buffer[64];
  size_t buffered = 0;
  uint64_t totalBytes = 0;
};
} // namespace

static uint32_t rotr(uint32_t x, unsigned n) {
  return (x >> n) | (x << (32 - n));
}

void Sha256::compress(const uint8_t *block) {
  static const uint32_t k[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
      0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
      0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
      0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
      0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
      0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
      0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
      0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
      0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  uint32_t w[64];
  for (unsigned i = 0; i < 16; ++i)
    w[i] = uint32_t(block[4 * i]) << 24 | uint32_t(block[4 * i + 1]) << 16 |
           uint32_t(block[4 * i + 2]) << 8 | uint32_t(block[4 * i + 3]);
  for (unsigned i = 16; i < 64; ++i) {
    uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t v[8];
  std::memcpy(v, state, sizeof(v));
  for (unsigned i = 0; i < 64; ++i) {
    uint32_t s1 = rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25);
    uint32_t ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
    uint32_t t1 = v[7] + s1 + ch + k[i] + w[i];
    uint32_t s0 = rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22);
    uint32_t maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
    std::memmove(v + 1, v, 7 * sizeof(uint32_t));
    v[4] += t1;
    v[0] = t1 + s0 + maj;
  }
  for (unsigned i = 0; i < 8; ++i)
    state[i] += v[i];
}

void Sha256::update(const void *data, size_t size) {
  const auto *p = static_cast<const uint8_t *>(data);
  totalBytes += size;
  while (size) {
    size_t n = std::min(size, sizeof(buffer) - buffered);
    std::memcpy(buffer + buffered, p, n);
    buffered += n;
    p += n;
    size -= n;
    if (buffered == sizeof(buffer)) {
      compress(buffer);
      buffered = 0;
    }
  }
}

Digest Sha256::finish() {
  uint64_t bits = totalBytes * 8;
  uint8_t pad = 0x80;
  update(&pad, 1);
  pad = 0;
  while (buffered != 56)
    update(&pad, 1);
  uint8_t length[8];
  for (unsigned i = 0; i < 8; ++i)
    length[i] = uint8_t(bits >> (56 - 8 * i));
  update(length, 8);
  Digest out;
  for (unsigned i = 0; i < 32; ++i)
    out[i] = uint8_t(state[i / 4] >> (24 - 8 * (i % 4)));
  return out;
}

static Digest sha256(const void *data, size_t size) {
  Sha256 h;
  h.update(data, size);
  return h.finish();
}

//===----------------------------------------------------------------------===//
// Keys and the entry format
//===----------------------------------------------------------------------===//

/// Whether `key` is a cache key: 32 lowercase hex digits.
static bool isKey(std::string_view key) {
  if (key.size() != 32)
    return false;
  for (char c : key)
    if (!std::isdigit(static_cast<unsigned char>(c)) && (c < 'a' || c > 'f'))
      return false;
  return true;
}

/// Whether `name` is a cache entry's file name: 32 hex digits and ".cubin".
static bool isEntryName(const std::string &name) {
  if (name.size() != 32 + 6 || name.compare(32, 6, ".cubin") != 0)
    return false;
  for (size_t i = 0; i < 32; ++i)
    if (!std::isxdigit(static_cast<unsigned char>(name[i])))
      return false;
  return true;
}

std::string CubinCache::key(std::string_view ptx, int sm, int driverVersion,
                            const JitOptions &opts) {
  // A trailing NUL does not change the PTX.
  if (!ptx.empty() && ptx.back() == '\0')
    ptx.remove_suffix(1);
  // Fixed fields first and the PTX's length: no two inputs share material.
  std::string fields = "tile-mlir cubin key 2\nsm=" + std::to_string(sm) +
                       "\ndriver=" + std::to_string(driverVersion) +
                       "\nO=" + std::to_string(opts.optLevel) +
                       "\ntarget=" + std::to_string(opts.targetSm) +
                       "\nptx=" + std::to_string(ptx.size()) + "\n";
  Sha256 h;
  h.update(fields.data(), fields.size());
  h.update(ptx.data(), ptx.size());
  Digest d = h.finish();
  std::string hex;
  for (unsigned i = 0; i < 16; ++i) {
    static const char digits[] = "0123456789abcdef";
    hex.push_back(digits[d[i] >> 4]);
    hex.push_back(digits[d[i] & 15]);
  }
  return hex;
}

namespace {
/// The header of an entry, all integers little-endian:
///   0  "TILECUBN"       magic
///   8  u32              format version (kFormatVersion)
///  12  u32              flags (0)
///  16  u64              cubin length in bytes
///  24  u8[32]           SHA-256 of the cubin
///  56  char[32]         the key (hex), which is also the file name
/// and the cubin follows.
constexpr size_t kHeaderBytes = 88;
constexpr char kMagic[8] = {'T', 'I', 'L', 'E', 'C', 'U', 'B', 'N'};
constexpr uint32_t kFormatVersion = 1;
using Header = std::array<uint8_t, kHeaderBytes>;
} // namespace

static void putLE(uint8_t *p, uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i)
    p[i] = uint8_t(v >> (8 * i));
}

static uint64_t getLE(const uint8_t *p, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i)
    v |= uint64_t(p[i]) << (8 * i);
  return v;
}

static Header makeHeader(const std::string &key, const void *data,
                         size_t size) {
  Header h{};
  std::memcpy(h.data(), kMagic, 8);
  putLE(h.data() + 8, kFormatVersion, 4);
  putLE(h.data() + 16, size, 8);
  Digest d = sha256(data, size);
  std::memcpy(h.data() + 24, d.data(), 32);
  std::memcpy(h.data() + 56, key.data(), 32);
  return h;
}

/// Why `h` is not the header of the entry for `key` with a cubin of `size`
/// bytes, or "" if it is.
static std::string checkHeader(const Header &h, const std::string &key,
                               uint64_t size) {
  if (std::memcmp(h.data(), kMagic, 8) != 0)
    return "not a tile-mlir cubin cache entry (bad magic)";
  if (uint64_t v = getLE(h.data() + 8, 4); v != kFormatVersion)
    return "format version " + std::to_string(v) + ", expected " +
           std::to_string(kFormatVersion);
  if (getLE(h.data() + 12, 4) != 0)
    return "unknown flags in the header";
  if (std::memcmp(h.data() + 56, key.data(), 32) != 0)
    return "the entry is for another key";
  if (uint64_t n = getLE(h.data() + 16, 8); n != size)
    return "truncated or extended: the header says " + std::to_string(n) +
           " cubin bytes, the file has " + std::to_string(size);
  return "";
}

//===----------------------------------------------------------------------===//
// File helpers
//===----------------------------------------------------------------------===//

/// Moves all of `size` bytes with `io` (::read or ::write, in chunks of at
/// most 1 GiB, retried on EINTR); false on an error or an early end of file.
template <typename Byte, typename IO>
static bool transferAll(int fd, Byte *data, size_t size, IO io) {
  while (size) {
    ssize_t n = io(fd, data, std::min<size_t>(size, 1 << 30));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

/// Reads exactly `size` bytes; false on an error or an early end of file.
static bool readAll(int fd, void *data, size_t size) {
  return transferAll(fd, static_cast<char *>(data), size, ::read);
}

/// Writes all of `size` bytes; false on an error.
static bool writeAll(int fd, const void *data, size_t size) {
  return transferAll(fd, static_cast<const char *>(data), size, ::write);
}

static std::string errnoText(int err) { return std::strerror(err); }

static std::string octal(mode_t mode) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "%04o", static_cast<unsigned>(mode & 07777));
  return buf;
}

//===----------------------------------------------------------------------===//
// The directory and its checks
//===----------------------------------------------------------------------===//

/// The components of `path` made absolute (against the working directory),
/// without empty and "." components; false if the working directory is
/// unknown.
static bool splitPath(const std::string &path,
                      std::vector<std::string> &parts) {
  std::string abs = path;
  if (abs.empty() || abs[0] != '/') {
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof(cwd)))
      return false;
    abs = std::string(cwd) + "/" + abs;
  }
  parts.clear();
  for (size_t i = 0; i < abs.size();) {
    size_t j = std::min(abs.find('/', i), abs.size());
    std::string c = abs.substr(i, j - i);
    if (!c.empty() && c != ".")
      parts.push_back(c);
    i = j + 1;
  }
  return true;
}

/// "/" followed by the first `n` components.
static std::string joinPath(const std::vector<std::string> &parts, size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i)
    s += "/" + parts[i];
  return s.empty() ? "/" : s;
}

/// Whether `gid` is the user-private group of `uid` (the usual setup with
/// umask 002): the user's primary group, named like the user, with no other
/// member.
static bool isPrivateGroup(gid_t gid, uid_t uid) {
  struct passwd pw, *pwp = nullptr;
  struct group gr, *grp = nullptr;
  std::vector<char> pwBuf(16384), grBuf(16384);
  if (getpwuid_r(uid, &pw, pwBuf.data(), pwBuf.size(), &pwp) != 0 || !pwp ||
      pw.pw_gid != gid ||
      getgrgid_r(gid, &gr, grBuf.data(), grBuf.size(), &grp) != 0 || !grp ||
      std::strcmp(gr.gr_name, pw.pw_name) != 0)
    return false;
  for (char **m = gr.gr_mem; *m; ++m)
    if (std::strcmp(*m, pw.pw_name) != 0)
      return false;
  return true;
}

/// Whether a user other than `uid` may write the file or directory `st`
/// describes (by its mode: others, or a group that is not `uid`'s private
/// group).
static bool writableByOthers(const struct stat &st, uid_t uid) {
  return (st.st_mode & S_IWOTH) ||
         ((st.st_mode & S_IWGRP) && !isPrivateGroup(st.st_gid, uid));
}

/// Why the directory (or symbolic link) `path`, with status `st`, may not be
/// above the cache of `uid`, or "": it must be owned by root or the user,
/// and a directory writable by group or others must be sticky.
static std::string checkAncestor(const std::string &path, const struct stat &st,
                                 uid_t uid) {
  if (st.st_uid != 0 && st.st_uid != uid)
    return path + " is owned by another user (uid " +
           std::to_string(st.st_uid) + ")";
  if (S_ISLNK(st.st_mode))
    return "";
  if (!S_ISDIR(st.st_mode))
    return path + " is not a directory";
  if (writableByOthers(st, uid) && !(st.st_mode & S_ISVTX))
    return path + " is writable by other users and not sticky (mode " +
           octal(st.st_mode) + ")";
  return "";
}

/// Checks "/" and each of the first `n` prefixes of `parts` (not following
/// links) with checkAncestor; stops at the first that does not exist.
static std::string checkPrefixes(const std::vector<std::string> &parts,
                                 size_t n, uid_t uid) {
  for (size_t i = 0; i <= n; ++i) {
    std::string p = joinPath(parts, i);
    struct stat st;
    if (lstat(p.c_str(), &st) != 0)
      return errno == ENOENT ? "" : p + ": " + errnoText(errno);
    if (std::string why = checkAncestor(p, st, uid); !why.empty())
      return why;
  }
  return "";
}

/// Checks the directories above the cache, both as written and with their
/// symbolic links resolved.
static std::string checkParents(const std::vector<std::string> &parts,
                                uid_t uid) {
  size_t n = parts.size() - 1;
  if (std::string why = checkPrefixes(parts, n, uid); !why.empty())
    return why;
  std::string parent = joinPath(parts, n);
  char real[PATH_MAX];
  if (!realpath(parent.c_str(), real))
    return parent + ": " + errnoText(errno);
  std::vector<std::string> resolved;
  splitPath(real, resolved); // Absolute: always succeeds.
  return checkPrefixes(resolved, resolved.size(), uid);
}

/// Why the opened cache directory with status `st` is not the user's own
/// private directory, or "".
static std::string checkLeaf(const std::string &path, const struct stat &st,
                             uid_t uid) {
  if (!S_ISDIR(st.st_mode))
    return path + " is not a directory";
  if (st.st_uid != uid)
    return path + " is owned by uid " + std::to_string(st.st_uid) +
           ", not by the user (uid " + std::to_string(uid) + ")";
  if (writableByOthers(st, uid))
    return path + " is writable by other users (mode " + octal(st.st_mode) +
           ")";
  return "";
}

/// Creates the missing directories of `parts` with mode 0700.
static std::string makeDirs(const std::vector<std::string> &parts) {
  for (size_t i = 1; i <= parts.size(); ++i) {
    std::string p = joinPath(parts, i);
    if (mkdir(p.c_str(), 0700) != 0 && errno != EEXIST)
      return "cannot create " + p + ": " + errnoText(errno);
  }
  return "";
}

/// Opens the cache directory `parts` names (its last component not followed)
/// and checks it; sets `why` and returns -1 if it is unsafe or cannot be
/// opened.
static int openChecked(const std::vector<std::string> &parts, uid_t uid,
                       std::string &why) {
  if (parts.back() == "..") {
    why = "its last component is \"..\"";
    return -1;
  }
  if (!(why = checkParents(parts, uid)).empty())
    return -1;
  std::string parent = joinPath(parts, parts.size() - 1);
  std::string path = joinPath(parts, parts.size());
  int pfd = open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (pfd < 0) {
    why = parent + ": " + errnoText(errno);
    return -1;
  }
  int fd = openat(pfd, parts.back().c_str(),
                  O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  int err = errno;
  struct stat st;
  if (fd < 0 &&
      fstatat(pfd, parts.back().c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
      S_ISLNK(st.st_mode))
    why = path + " is a symbolic link";
  else if (fd < 0)
    why = path + ": " + errnoText(err);
  else if (fstat(fd, &st) != 0)
    why = path + ": " + errnoText(errno);
  else
    why = checkLeaf(path, st, uid);
  close(pfd);
  if (!why.empty() && fd >= 0) {
    close(fd);
    fd = -1;
  }
  return fd;
}

static Status cacheError(const std::string &name, const std::string &message) {
  return Status(Status::kRuntimeError, name, message);
}

//===----------------------------------------------------------------------===//
// CubinCache
//===----------------------------------------------------------------------===//

CubinCache::CubinCache() {
  if (const char *d = std::getenv("TILE_CACHE_DIR"); d && *d)
    dir = d;
  else if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x)
    dir = std::string(x) + "/tile-mlir/cubin";
  else if (const char *h = std::getenv("HOME"); h && *h)
    dir = std::string(h) + "/.cache/tile-mlir/cubin";
  else
    dir = "/tmp/tile-mlir-cubin-" + std::to_string(geteuid());
  if (const char *off = std::getenv("TILE_CACHE_DISABLE"))
    enabled = !(*off && std::strcmp(off, "0") != 0);
}

CubinCache::~CubinCache() {
  if (dirFd >= 0)
    close(dirFd);
}

void CubinCache::setDirectory(std::string d) {
  std::lock_guard<std::mutex> lock(mutex);
  if (dirFd >= 0)
    close(dirFd);
  dirFd = -1;
  unsafe = false;
  unsafeWhy.clear();
  dir = std::move(d);
}

/// Checks (with `create` first makes) the cache directory `parts` names;
/// returns its descriptor, or -1 with `why` it is unsafe or the `error` that
/// kept it from being made.
static int openCacheDir(const std::vector<std::string> &parts, bool create,
                        std::string &why, std::string &error) {
  uid_t uid = geteuid();
  if (create) {
    // Nothing is created below a directory that fails the checks.
    if (!(why = checkPrefixes(parts, parts.size() - 1, uid)).empty() ||
        !(error = makeDirs(parts)).empty())
      return -1;
  }
  return openChecked(parts, uid, why);
}

int CubinCache::openDirectory(bool create, Status &st) {
  std::lock_guard<std::mutex> lock(mutex);
  st = Status();
  if (dirFd >= 0)
    return dirFd;
  std::vector<std::string> parts;
  std::string why = unsafeWhy, error;
  struct stat leaf;
  if (!why.empty())
    ; // Found unsafe before (and said so).
  else if (!splitPath(dir, parts))
    why = "the working directory is unknown";
  else if (parts.empty())
    why = "it is the root directory";
  else if (!create && lstat(joinPath(parts, parts.size()).c_str(), &leaf) &&
           errno == ENOENT)
    return -1; // Nothing cached yet.
  else
    dirFd = openCacheDir(parts, create, why, error);
  if (dirFd >= 0)
    return dirFd;
  if (!error.empty()) {
    st = cacheError("TILE_CACHE_ERROR", error);
    return -1;
  }
  if (!unsafe.exchange(true))
    std::fprintf(stderr,
                 "tile-runtime: cache directory %s is not safe to use (%s); "
                 "cubin cache disabled\n",
                 dir.c_str(), why.c_str());
  unsafeWhy = why;
  st = cacheError("TILE_CACHE_UNSAFE",
                  "cache directory " + dir + " is not safe to use: " + why);
  return -1;
}

/// Prints that the entry `name` is ignored, and why.
static void warnEntry(const std::string &dir, const std::string &name,
                      const std::string &why) {
  std::fprintf(stderr,
               "tile-runtime: ignoring cubin cache entry %s/%s: %s; "
               "recompiling\n",
               dir.c_str(), name.c_str(), why.c_str());
}

/// Reads and verifies the entry open as `fd`; returns why it is not a valid
/// entry for `key`, or "" with the cubin in `out`.
static std::string readEntry(int fd, const std::string &key, CachedCubin &out) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return errnoText(errno);
  if (!S_ISREG(st.st_mode))
    return "not a regular file";
  if (st.st_uid != geteuid())
    return "owned by uid " + std::to_string(st.st_uid) + ", not by the user";
  if (writableByOthers(st, geteuid()))
    return "writable by other users (mode " + octal(st.st_mode) + ")";
  uint64_t fileSize = static_cast<uint64_t>(st.st_size);
  if (fileSize <= kHeaderBytes)
    return "truncated (" + std::to_string(fileSize) + " bytes)";
  if (fileSize - kHeaderBytes > CubinCache::kMaxCubinBytes)
    return "too large (" + std::to_string(fileSize) +
           " bytes; a cubin may have at most " +
           std::to_string(CubinCache::kMaxCubinBytes) + ")";
  Header h;
  if (!readAll(fd, h.data(), h.size()))
    return "cannot read its header";
  size_t size = static_cast<size_t>(fileSize - kHeaderBytes);
  if (std::string why = checkHeader(h, key, size); !why.empty())
    return why;
  out.data.reset(new (std::nothrow) char[size]);
  if (!out.data)
    return "no memory for " + std::to_string(size) + " bytes";
  if (!readAll(fd, out.data.get(), size))
    return "truncated while reading";
  Digest d = sha256(out.data.get(), size);
  if (std::memcmp(d.data(), h.data() + 24, 32) != 0)
    return "its SHA-256 does not match the cubin (corrupt)";
  out.size = size;
  return "";
}

bool CubinCache::lookup(const std::string &key, CachedCubin &out) {
  out = CachedCubin();
  Status st;
  int dfd = isKey(key) ? openDirectory(/*create=*/false, st) : -1;
  if (dfd < 0)
    return false;
  std::string name = key + ".cubin";
  // O_NONBLOCK: a FIFO planted as an entry must not block the open.
  int fd = openat(dfd, name.c_str(),
                  O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT)
      warnEntry(dir, name,
                errno == ELOOP ? "a symbolic link" : errnoText(errno));
    return false;
  }
  std::string why = readEntry(fd, key, out);
  close(fd);
  if (why.empty())
    return true;
  warnEntry(dir, name, why);
  out = CachedCubin();
  return false;
}

/// Creates a new temporary file for `key` in `dfd` (never following or
/// reusing an existing name); returns its descriptor and name, or -1.
static int createTemporary(int dfd, const std::string &key, std::string &name) {
  static std::atomic<unsigned> counter{0};
  for (unsigned attempt = 0; attempt < 64; ++attempt) {
    name = key + ".cubin.tmp." + std::to_string(getpid()) + "." +
           std::to_string(counter++);
    int fd = openat(dfd, name.c_str(),
                    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  errno = EEXIST;
  return -1;
}

Status CubinCache::warnStore(const std::string &message) {
  if (!storeWarned.exchange(true))
    std::fprintf(stderr, "tile-runtime: cubin not cached: %s\n",
                 message.c_str());
  return cacheError("TILE_CACHE_ERROR", message);
}

Status CubinCache::store(const std::string &key, const void *data,
                         size_t size) {
  if (!isKey(key))
    return cacheError("TILE_INVALID_ARGUMENT",
                      "'" + key + "' is not a cubin cache key");
  if (size == 0 || size > kMaxCubinBytes)
    return warnStore("a cubin of " + std::to_string(size) +
                     " bytes is not cached (1 to " +
                     std::to_string(kMaxCubinBytes) + " bytes are)");
  Status st;
  int dfd = openDirectory(/*create=*/true, st);
  if (dfd < 0)
    return st.getName() == "TILE_CACHE_ERROR" ? warnStore(st.getMessage()) : st;
  std::string tmp, final = key + ".cubin";
  int fd = createTemporary(dfd, key, tmp);
  if (fd < 0)
    return warnStore("cannot create a temporary file in " + dir + ": " +
                     errnoText(errno));
  Header h = makeHeader(key, data, size);
  // The mode does not depend on the umask.
  bool ok = fchmod(fd, 0600) == 0 && writeAll(fd, h.data(), h.size()) &&
            writeAll(fd, data, size);
  int err = errno;
  if (close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && renameat(dfd, tmp.c_str(), dfd, final.c_str()) != 0) {
    ok = false;
    err = errno;
  }
  if (ok)
    return Status();
  unlinkat(dfd, tmp.c_str(), 0); // Leave nothing behind.
  return warnStore("cannot write " + dir + "/" + final + ": " + errnoText(err));
}

Status CubinCache::clear(size_t *removed) {
  if (removed)
    *removed = 0;
  Status st;
  int dfd = openDirectory(/*create=*/false, st);
  if (dfd < 0)
    return st; // Success when there is no directory yet.
  int copy = fcntl(dfd, F_DUPFD_CLOEXEC, 0);
  DIR *d = copy >= 0 ? fdopendir(copy) : nullptr;
  if (!d) {
    if (copy >= 0)
      close(copy);
    return cacheError("TILE_CACHE_ERROR",
                      "cannot list " + dir + ": " + errnoText(errno));
  }
  rewinddir(d); // The copy shares its offset with earlier listings.
  size_t n = 0;
  while (dirent *e = readdir(d)) {
    std::string name = e->d_name;
    // Only the cache's own entries; unlinkat removes a link, not its target.
    if (isEntryName(name) && unlinkat(dfd, name.c_str(), 0) == 0)
      ++n;
  }
  closedir(d);
  if (removed)
    *removed = n;
  return Status();
}
