//===- Im2colTest.cpp - im2col tensor copies against the GPU --------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The CPU backend's im2col tensor maps and copies (CpuRuntime/TensorMap)
// against what the GPU did with the same maps (utils/measure/tma_im2col,
// recorded in docs/gpu-logs/2026-12-06-im2col*.txt): each configuration
// the driver refused must be refused by the CPU backend's checks, each one
// the GPU faulted on must be an error of the CPU backend, and for each one
// it ran, the box a load wrote to shared memory (a store: the tensor it
// wrote) must be the one walkBox gives, element by element. The second
// measurement has tile-mode loads too (their rows under a swizzle).
//
//===----------------------------------------------------------------------===//

#include "CpuRuntime/TensorMap.h"
#include "tile/Ptx/InstrTable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace tile;

namespace {

/// One recorded configuration: its `key=value` fields, and the result.
struct Record {
  int64_t id = 0;
  std::map<std::string, std::vector<int64_t>> fields;
  bool store = false;
  std::string result;
  std::vector<uint32_t> values;
  const std::vector<int64_t> &at(const std::string &k) const {
    return fields.at(k);
  }
};

std::vector<int64_t> parseList(llvm::StringRef s) {
  std::vector<int64_t> out;
  llvm::SmallVector<llvm::StringRef> parts;
  s.split(parts, ',', -1, false);
  for (llvm::StringRef p : parts) {
    int64_t v = 0;
    EXPECT_FALSE(p.getAsInteger(10, v)) << p.str();
    out.push_back(v);
  }
  return out;
}

/// The run-length coded values after "OK" (`a+n`, `a*n`).
std::vector<uint32_t> parseValues(llvm::StringRef s) {
  std::vector<uint32_t> out;
  llvm::SmallVector<llvm::StringRef> tokens;
  s.split(tokens, ' ', -1, false);
  for (llvm::StringRef t : tokens) {
    size_t op = t.find_first_of("+*");
    uint64_t a = 0, n = 0;
    EXPECT_FALSE(t.substr(0, op).getAsInteger(10, a) ||
                 t.substr(op + 1).getAsInteger(10, n))
        << t.str();
    for (uint64_t i = 0; i < n; ++i)
      out.push_back(uint32_t(t[op] == '+' ? a + i : a));
  }
  return out;
}

std::vector<Record> readRecords(const char *file) {
  std::ifstream in(std::string(TILE_SOURCE_DIR "/docs/gpu-logs/") + file);
  EXPECT_TRUE(in.good()) << "the GPU's record " << file << " is missing";
  std::vector<Record> out;
  std::string line;
  while (std::getline(in, line)) {
    llvm::StringRef l(line);
    if (!l.consume_front("CFG "))
      continue;
    auto [head, result] = l.split(" => ");
    Record r;
    llvm::SmallVector<llvm::StringRef> words;
    head.split(words, ' ', -1, false);
    EXPECT_FALSE(words[0].getAsInteger(10, r.id));
    for (llvm::StringRef w : llvm::ArrayRef(words).drop_front()) {
      auto [k, v] = w.split('=');
      if (k == "op")
        r.store = v == "store";
      else
        r.fields[k.str()] = parseList(v);
    }
    auto [kind, rest] = result.split(' ');
    r.result = kind.str();
    if (r.result == "OK")
      r.values = parseValues(rest);
    out.push_back(std::move(r));
  }
  return out;
}

/// The CPU backend's map of record `r` (its tensor at address 0).
cpu::TensorMap makeMap(const Record &r) {
  cpu::TensorMap m = {};
  m.magic = cpu::TensorMap::kMagic;
  bool tiled = r.fields.count("box");
  m.im2col = !tiled;
  m.rank = uint8_t(r.at("rank")[0]);
  m.dataType = uint8_t(r.at("type")[0]);
  for (const ptx::TensorMapTypeDesc &t : ptx::getTensorMapTypes())
    if (t.code == m.dataType)
      m.elementBytes = uint8_t(t.bits / 8);
  m.swizzle = uint8_t(r.at("swz")[0]);
  for (unsigned i = 0; i < m.rank; ++i) {
    m.dims[i] = uint64_t(r.at("dims")[i]);
    m.elementStrides[i] = uint8_t(r.at("estr")[i]);
    if (i + 1 < m.rank)
      m.strides[i] = uint64_t(r.at("strides")[i]);
    if (i + 2 < m.rank && !tiled) {
      m.lower[i] = int16_t(r.at("lower")[i]);
      m.upper[i] = int16_t(r.at("upper")[i]);
    }
    if (tiled)
      m.box[i] = uint16_t(r.at("box")[i]);
  }
  if (!tiled) {
    m.box[0] = uint16_t(r.at("cpp")[0]);
    m.box[1] = uint16_t(r.at("ppc")[0]);
  }
  return m;
}

/// The dense index of tensor coordinates `at`, or -1 outside the tensor.
int64_t denseIndex(const cpu::TensorMap &m, const int64_t *at) {
  int64_t index = 0, scale = 1;
  for (unsigned i = 0; i < m.rank; ++i) {
    if (at[i] < 0 || uint64_t(at[i]) >= m.dims[i])
      return -1;
    index += at[i] * scale;
    scale *= int64_t(m.dims[i]);
  }
  return index;
}

/// What the GPU printed for a load: the box's first elements in shared
/// memory, each the tensor's (its dense index + 1, 0 outside the tensor),
/// 0xAB bytes where the copy wrote nothing.
std::vector<uint32_t> expectLoad(const cpu::TensorMap &m, const Record &r) {
  uint32_t mask = m.elementBytes == 4 ? ~0u : 0xffffu;
  const ptx::SwizzleModeDesc *swizzle = ptx::findSwizzleByTensorMap(m.swizzle);
  uint64_t n = m.getBoxElements();
  std::vector<uint32_t> box(
      std::max<uint64_t>(n, m.getSharedBytes() / m.elementBytes) + 128,
      0xababababu & mask);
  std::vector<int64_t> offsets;
  if (m.im2col)
    offsets = r.at("offs");
  cpu::walkBox(m, r.at("coords"), offsets,
               [&](uint64_t byte, const int64_t *at) {
                 int64_t k = denseIndex(m, at);
                 box[swizzle->apply(byte) / m.elementBytes] =
                     k < 0 ? 0 : uint32_t(k + 1) & mask;
               });
  box.resize(n);
  return box;
}

/// What the GPU printed for a store: the tensor in dense order, each
/// element the one the store read there from shared memory (whose element
/// k held k + 1), 0 where it wrote nothing.
std::vector<uint32_t> expectStore(const cpu::TensorMap &m, const Record &r) {
  uint32_t mask = m.elementBytes == 4 ? ~0u : 0xffffu;
  const ptx::SwizzleModeDesc *swizzle = ptx::findSwizzleByTensorMap(m.swizzle);
  uint64_t n = 1;
  for (unsigned i = 0; i < m.rank; ++i)
    n *= m.dims[i];
  std::vector<uint32_t> tensor(n, 0);
  cpu::walkBox(m, r.at("coords"), {}, [&](uint64_t byte, const int64_t *at) {
    if (int64_t k = denseIndex(m, at); k >= 0)
      tensor[k] = uint32_t(swizzle->apply(byte) / m.elementBytes + 1) & mask;
  });
  return tensor;
}

/// Why the CPU backend refuses the copy of `r`, or "".
std::string refusal(const cpu::TensorMap &m, const Record &r) {
  // The measurement's kernel has 16 KiB of shared memory for the box (the
  // CPU backend checks the buffer's range the same way).
  if (m.getSharedBytes() > 16384)
    return "the box overflows the measurement's shared memory";
  if (!m.im2col)
    return "";
  return cpu::checkIm2colCopy(m, r.at("coords"), r.store);
}

/// The recorded files: the first measurement (whose stores read shared
/// memory past the box that the kernel had not written: only its loads
/// and refusals count) and the second (every byte of shared memory
/// written first).
const char *const kFiles[] = {"2026-12-06-im2col.txt",
                              "2026-12-06-im2col-2.txt"};

TEST(Im2col, DriverRefusalsAreTheCpuBackends) {
  unsigned refused = 0, accepted = 0;
  for (const char *file : kFiles)
    for (const Record &r : readRecords(file)) {
      std::string why = cpu::checkTensorMap(makeMap(r));
      if (r.result == "ENCODE") {
        EXPECT_NE(why, "") << file << ": the driver refused " << r.id;
        ++refused;
      } else {
        EXPECT_EQ(why, "") << file << ": the driver took " << r.id;
        ++accepted;
      }
    }
  EXPECT_GT(refused, 100u);
  EXPECT_GT(accepted, 400u);
}

TEST(Im2col, FaultsAreTheCpuBackendsErrors) {
  unsigned faults = 0;
  for (const char *file : kFiles)
    for (const Record &r : readRecords(file)) {
      if (r.result == "ENCODE")
        continue;
      std::string why = refusal(makeMap(r), r);
      if (r.result == "FAULT") {
        EXPECT_NE(why, "") << file << ": the GPU faulted on " << r.id;
        ++faults;
      } else {
        EXPECT_EQ(why, "") << file << ": the GPU ran " << r.id;
      }
    }
  EXPECT_GT(faults, 100u);
}

TEST(Im2col, CopiesAreTheGpus) {
  unsigned loads = 0, stores = 0;
  for (const char *file : kFiles) {
    bool storesCount = llvm::StringRef(file).contains("-2.");
    for (const Record &r : readRecords(file)) {
      if (r.result != "OK" || (r.store && !storesCount))
        continue;
      cpu::TensorMap m = makeMap(r);
      std::vector<uint32_t> want =
          r.store ? expectStore(m, r) : expectLoad(m, r);
      EXPECT_EQ(want, r.values) << file << ": configuration " << r.id;

      (r.store ? stores : loads) += 1;
    }
  }
  EXPECT_GT(loads, 100u);
  // The second measurement's stores (the first one's are left out).
  EXPECT_GT(stores, 50u);
}

} // namespace
