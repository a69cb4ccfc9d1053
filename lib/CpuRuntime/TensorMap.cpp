//===- TensorMap.cpp - tensor maps and tensor copies on the CPU ----------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The encoders check what cuTensorMapEncodeTiled checks and store the map
// (TensorMap.h). A tensor copy (cp.async.bulk.tensor, tile mode) moves the
// box whose first element is at the instruction's coordinates: in shared
// memory the box is dense, innermost dimension first, each 16-byte chunk at
// the address the map's swizzle gives (the table's SwizzleMode records,
// applied to the address's low bits, which are its shared address); a load
// writes the map's fill (the TensorMapFill record's pattern) for the
// elements outside the tensor and completes the box's bytes, all of them,
// on its mbarrier; a store skips them.
//
//===----------------------------------------------------------------------===//

#include "TensorMap.h"
#include "Block.h"
#include "Operands.h"
#include "Reduce.h"
#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Runtime/MemRefDescriptor.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

using namespace tile;

namespace {

/// Ends the program: a tensor map cannot be encoded, for `why`.
[[noreturn]] void encodeError(const char *who, const std::string &why) {
  std::fprintf(stderr, "tile-cpu: %s: %s\n", who, why.c_str());
  tile_cpu_exit_on_fault();
}

/// The table's swizzle mode of CUtensorMapSwizzle `code`, or null.
const ptx::SwizzleModeDesc *findSwizzle(unsigned code) {
  for (const ptx::SwizzleModeDesc &m : ptx::getSwizzleModes())
    if (m.tensorMap == code)
      return &m;
  return nullptr;
}

/// The table's element type of CUtensorMapDataType `code`, or null.
const ptx::TensorMapTypeDesc *findType(unsigned code) {
  for (const ptx::TensorMapTypeDesc &t : ptx::getTensorMapTypes())
    if (t.code == code)
      return &t;
  return nullptr;
}

/// The bits of an element of CUtensorMapDataType `code`, or 0.
unsigned getTypeBits(unsigned code) {
  const ptx::TensorMapTypeDesc *t = findType(code);
  return t ? t->bits : 0;
}

/// The table's out-of-bounds fill of CUtensorMapFloatOOBfill `code`, or
/// null.
const ptx::TensorMapFillDesc *findFill(unsigned code) {
  for (const ptx::TensorMapFillDesc &f : ptx::getTensorMapFills())
    if (f.code == code)
      return &f;
  return nullptr;
}

/// Checks `m` as the driver checks a tiled map; returns why it is not
/// one, or "".
std::string checkMap(const cpu::TensorMap &m) {
  if (m.rank < 1 || m.rank > cpu::TensorMap::kMaxRank)
    return "a tensor map has 1 to 5 dimensions, got " + std::to_string(m.rank);
  unsigned bits = getTypeBits(m.dataType);
  if (!bits || bits / 8 != m.elementBytes)
    return "unsupported CUtensorMapDataType " + std::to_string(m.dataType);
  if (m.global % 16)
    return "the tensor's address is not 16-byte aligned";
  const ptx::SwizzleModeDesc *swizzle = findSwizzle(m.swizzle);
  if (!swizzle)
    return "unknown CUtensorMapSwizzle " + std::to_string(m.swizzle);
  const ptx::TensorMapFillDesc *fill = findFill(m.oobFill);
  if (!fill)
    return "unknown CUtensorMapFloatOOBfill " + std::to_string(m.oobFill);
  if (fill->pattern && !findType(m.dataType)->isFloat)
    return std::string("the ") + fill->name +
           " fill is for floating-point types, not " +
           findType(m.dataType)->name;
  for (unsigned i = 0; i < m.rank; ++i) {
    if (m.dims[i] < 1 || m.dims[i] > (uint64_t(1) << 32))
      return "dimension " + std::to_string(i) + " has size " +
             std::to_string(m.dims[i]) + ", not 1 to 2^32";
    if (m.box[i] < 1 || m.box[i] > 256)
      return "the box has " + std::to_string(m.box[i]) +
             " elements in "
             "dimension " +
             std::to_string(i) + ", not 1 to 256";
    if (i > 0 && (m.strides[i - 1] % 16 || m.strides[i - 1] >= (1ull << 40)))
      return "the stride of dimension " + std::to_string(i) + " is " +
             std::to_string(m.strides[i - 1]) +
             " bytes, not a multiple of 16 below 2^40";
  }
  uint64_t inner = uint64_t(m.box[0]) * m.elementBytes;
  if (inner % 16)
    return "the box's inner dimension has " + std::to_string(inner) +
           " bytes, not a multiple of 16";
  if (m.swizzle && inner > swizzle->bytes)
    return "the box's inner dimension has " + std::to_string(inner) +
           " bytes, more than the " + swizzle->name + " swizzle's span";
  return "";
}

/// `v` as a 32-bit field of a map; values that do not fit are errors.
uint32_t field(const char *who, const char *what, int64_t v) {
  if (v < 0 || v > int64_t(UINT32_MAX))
    encodeError(who, std::string(what) + " " + std::to_string(v) +
                         " is out of range");
  return static_cast<uint32_t>(v);
}

/// Checks `m` and stores it at `map`.
void storeMap(const cpu::TensorMap &m, void *map, const char *who) {
  if (reinterpret_cast<uintptr_t>(map) % 64)
    encodeError(who, "the tensor map's buffer is not 64-byte aligned");
  if (std::string why =
          cpu::checkBufferRange(reinterpret_cast<uintptr_t>(map), 128);
      !why.empty())
    encodeError(who, "the tensor map's 128 bytes " + why);
  if (std::string why = checkMap(m); !why.empty())
    encodeError(who, why);
  std::memset(map, 0, 128);
  std::memcpy(map, &m, sizeof m);
}

using tile::rt::DescriptorHead;
const int64_t *sizesOf(void *descriptor) {
  return tile::rt::getDescriptorSizes(descriptor);
}

} // namespace

void tile_cpu_tensor_map_encode_tiled(int64_t mapRank, void *mapDesc,
                                      int64_t rank, void *tensorDesc,
                                      int32_t dataType, int64_t boxRank,
                                      void *boxDesc, int32_t swizzle,
                                      int32_t oobFill) {
  const char *who = "tileTensorMapEncodeTiled";
  if (mapRank != 1 || sizesOf(mapDesc)[0] < 128)
    encodeError(who, "the tensor map's buffer must be a memref of at least "
                     "128 bytes");
  if (rank < 1 || rank > cpu::TensorMap::kMaxRank || boxRank != 1 ||
      sizesOf(boxDesc)[0] != rank)
    encodeError(who, "a tensor map has 1 to 5 dimensions and a box size for "
                     "each, got rank " +
                         std::to_string(rank));
  unsigned bytes = getTypeBits(static_cast<unsigned>(dataType)) / 8;
  const int64_t *sizes = sizesOf(tensorDesc), *strides = sizes + rank;
  auto *box = static_cast<DescriptorHead *>(boxDesc);
  const int64_t *boxSizes =
      reinterpret_cast<const int64_t *>(box->aligned) + box->offset;
  if (strides[rank - 1] != 1)
    encodeError(who, "the tensor's innermost stride must be 1");
  auto *t = static_cast<DescriptorHead *>(tensorDesc);
  cpu::TensorMap m = {};
  m.magic = cpu::TensorMap::kMagic;
  m.rank = static_cast<uint32_t>(rank);
  m.elementBytes = bytes;
  m.swizzle = field(who, "CUtensorMapSwizzle", swizzle);
  m.oobFill = field(who, "CUtensorMapFloatOOBfill", oobFill);
  m.dataType = field(who, "CUtensorMapDataType", dataType);
  m.global = reinterpret_cast<uintptr_t>(t->aligned + t->offset * bytes);
  // Innermost first; a memref lists it last.
  for (int64_t i = 0; i < rank; ++i) {
    m.dims[i] = static_cast<uint64_t>(sizes[rank - 1 - i]);
    m.box[i] = field(who, "a box size", boxSizes[rank - 1 - i]);
    if (i + 1 < rank)
      m.strides[i] = static_cast<uint64_t>(strides[rank - 2 - i]) * bytes;
  }
  auto *map = static_cast<DescriptorHead *>(mapDesc);
  storeMap(m, map->aligned + map->offset, who);
}

void tile_cpu_tensor_map_encode_2d(int64_t map, int64_t tensor, int64_t rows,
                                   int64_t cols, int64_t rowStride,
                                   int64_t colStride, int32_t dataType,
                                   int32_t elementBytes, int64_t boxRows,
                                   int64_t boxCols, int32_t swizzle,
                                   int32_t oobFill) {
  const char *who = "tileTensorMapEncode2D";
  if (std::string why =
          tile::rt::checkTensorMap2D(rows, cols, rowStride, colStride);
      !why.empty())
    encodeError(who, why);
  cpu::TensorMap m = {};
  m.magic = cpu::TensorMap::kMagic;
  m.rank = 2;
  m.elementBytes = field(who, "the element's bytes", elementBytes);
  m.swizzle = field(who, "CUtensorMapSwizzle", swizzle);
  m.oobFill = field(who, "CUtensorMapFloatOOBfill", oobFill);
  m.dataType = field(who, "CUtensorMapDataType", dataType);
  m.global = static_cast<uint64_t>(tensor);
  m.dims[0] = static_cast<uint64_t>(cols);
  m.dims[1] = static_cast<uint64_t>(rows);
  m.strides[0] = static_cast<uint64_t>(rowStride) * elementBytes;
  m.box[0] = field(who, "the box's columns", boxCols);
  m.box[1] = field(who, "the box's rows", boxRows);
  storeMap(m, reinterpret_cast<void *>(map), who);
}

namespace {

/// A tensor copy's operands: the map's, the shared memory's and the
/// mbarrier's addresses, and the box's start coordinates with their rule
/// (OperandDesc::coordAlign).
struct TensorCopy {
  uintptr_t map = 0, shared = 0, mbar = 0;
  bool load = false;
  llvm::SmallVector<int64_t, 5> coords;
  unsigned coordAlign = 0;
  /// The CTAs a multicast load delivers to, if it is one.
  std::optional<uint16_t> ctaMask;
};

TensorCopy readTensorCopy(const ptx::Instr &instr, const uint8_t *in) {
  TensorCopy copy;
  cpu::SlotReader slots{in};
  auto next = [&] { return slots.next(); };
  for (const ptx::OperandDesc &o : instr.form->getOperands()) {
    if (o.kind == ptx::OperandKind::Memory) {
      uintptr_t address = uintptr_t(next());
      if (o.tensorMap)
        copy.map = address;
      else if (o.txBarrier)
        copy.mbar = address;
      else
        copy.shared = address, copy.load = o.role == ptx::OperandRole::Def;
      continue;
    }
    for (unsigned k = 0; k < o.atom; ++k) {
      uint64_t v = next();
      if (o.ctaMask)
        copy.ctaMask = static_cast<uint16_t>(v);
      if (llvm::StringRef(o.name) == "tensorCoords") {
        copy.coords.push_back(static_cast<int32_t>(v));
        copy.coordAlign = o.coordAlign;
      }
    }
  }
  return copy;
}

using cpu::reportThread;

/// The map at `address`, checked.
cpu::TensorMap readMap(const ptx::Instr &instr, uintptr_t address,
                       size_t rank) {
  if (address % 64)
    reportThread(instr, "its tensor map at " + cpu::describeAddress(address) +
                            " is not 64-byte aligned");
  if (std::string why = cpu::checkBufferRange(address, 128); !why.empty())
    reportThread(instr, "its tensor map " + why);
  cpu::TensorMap m;
  std::memcpy(&m, reinterpret_cast<const void *>(address), sizeof m);
  if (m.magic != cpu::TensorMap::kMagic)
    reportThread(instr, "the 128 bytes at " + cpu::describeAddress(address) +
                            " are not a tensor map (tile.tensor_map_encode or "
                            "tileTensorMapEncodeTiled makes one)");
  // Its other bytes may have been overwritten since it was made.
  if (std::string why = checkMap(m); !why.empty())
    reportThread(instr, "the tensor map at " + cpu::describeAddress(address) +
                            " is damaged: " + why);
  if (m.rank != rank)
    reportThread(instr, "it copies a box of " + std::to_string(rank) +
                            " dimensions through a tensor map of " +
                            std::to_string(m.rank));
  return m;
}

/// The bytes of the tensor `m` describes, from its first element to past
/// its last (saturated: a map may describe more than 2^64 bytes).
uint64_t tensorExtent(const cpu::TensorMap &m) {
  uint64_t end = llvm::SaturatingMultiply(m.dims[0], uint64_t(m.elementBytes));
  for (unsigned i = 1; i < m.rank; ++i)
    end = llvm::SaturatingMultiplyAdd(m.dims[i] - 1, m.strides[i - 1], end);
  return end;
}

/// A tensor reduction's element operation: its operator on the map's
/// element type, where the map's type takes it.
const ptx::BulkRedElementDesc *reductionOf(const ptx::Instr &instr,
                                           const cpu::TensorMap &m) {
  const ptx::TensorMapTypeDesc *type = findType(m.dataType);
  const ptx::BulkRedElementDesc *element =
      cpu::findReduction(instr, type->redTypes, type->redOps);
  if (!element)
    reportThread(instr, std::string("its tensor map's elements are ") +
                            type->name +
                            ", which a tensor reduction with this operator "
                            "does not take");
  return element;
}

/// Moves the box of `copy` between the tensor of `m` and the shared memory
/// at `shared`: a load fills what lies outside the tensor, a store skips
/// it, and a reduction (`reduce`) combines each element with the tensor's.
void moveBox(const ptx::Instr &instr, const cpu::TensorMap &m,
             const TensorCopy &copy, uintptr_t shared,
             const ptx::BulkRedElementDesc *reduce) {
  uint64_t elements = 1;
  for (unsigned i = 0; i < m.rank; ++i)
    elements *= m.box[i];
  const ptx::SwizzleModeDesc &swizzle = *findSwizzle(m.swizzle);
  uint16_t fill = findFill(m.oobFill)->pattern;
  for (uint64_t e = 0; e < elements; ++e) {
    uint64_t rest = e, offset = 0;
    bool inside = true;
    for (unsigned i = 0; i < m.rank; ++i) {
      int64_t at = copy.coords[i] + int64_t(rest % m.box[i]);
      rest /= m.box[i];
      inside &= at >= 0 && uint64_t(at) < m.dims[i];
      offset += uint64_t(at) * (i ? m.strides[i - 1] : m.elementBytes);
    }
    auto *smem =
        reinterpret_cast<uint8_t *>(swizzle.apply(shared + e * m.elementBytes));
    auto *global = reinterpret_cast<uint8_t *>(m.global + offset);
    if (copy.load && inside)
      std::memcpy(smem, global, m.elementBytes);
    else if (copy.load)
      for (unsigned b = 0; b < m.elementBytes; b += 2)
        std::memcpy(smem + b, &fill, std::min(2u, m.elementBytes - b));
    else if (inside && reduce)
      cpu::reduceElements(instr, *reduce, global, smem, m.elementBytes);
    else if (inside)
      std::memcpy(global, smem, m.elementBytes);
  }
}

} // namespace

void tile::cpu::copyTensor(const ptx::Instr &instr, const uint8_t *in) {
  TensorCopy copy = readTensorCopy(instr, in);
  TensorMap m = readMap(instr, copy.map, copy.coords.size());
  uint64_t elements = 1;
  for (unsigned i = 0; i < m.rank; ++i)
    elements *= m.box[i];
  uint64_t bytes = elements * m.elementBytes;
  if (copy.shared % 128)
    reportThread(instr, "its shared memory at " + describeAddress(copy.shared) +
                            " is not 128-byte aligned");
  // A swizzle moves chunks within 128-byte lines: the last line is whole.
  uint64_t reach = m.swizzle ? llvm::alignTo(bytes, 128) : bytes;
  if (std::string why = checkBufferRange(copy.shared, reach); !why.empty())
    reportThread(instr, "its box in shared memory " + why);
  if (std::string why = checkBufferRange(m.global, tensorExtent(m));
      !why.empty())
    reportThread(instr, "its tensor " + why);
  int64_t innerBytes = copy.coords[0] * int64_t(m.elementBytes);
  if (copy.coordAlign && innerBytes % int64_t(copy.coordAlign))
    reportThread(instr, "its innermost coordinate " +
                            std::to_string(copy.coords[0]) +
                            " starts the box " + std::to_string(innerBytes) +
                            " bytes into a row, not a multiple of " +
                            std::to_string(copy.coordAlign) +
                            " (the H200 faults with an illegal instruction)");
  const ptx::BulkRedElementDesc *reduce =
      instr.form->semantics == ptx::Semantics::BulkReduce
          ? reductionOf(instr, m)
          : nullptr;
  if (!copy.ctaMask) {
    moveBox(instr, m, copy, copy.shared, reduce);
    if (copy.mbar)
      completeCopyTx(instr, copy.mbar, bytes);
    return;
  }
  // A multicast load: the box and its completion go to each CTA of the
  // mask, at the offsets of the issuing CTA's box and mbarrier.
  unsigned ctas = getClusterSize();
  if (*copy.ctaMask >> ctas)
    reportThread(instr, "its ctaMask 0x" + llvm::utohexstr(*copy.ctaMask) +
                            " names a CTA past the cluster's " +
                            std::to_string(ctas) + " (undefined in PTX)");
  for (unsigned rank = 0; rank < ctas; ++rank) {
    if (!((*copy.ctaMask >> rank) & 1))
      continue;
    moveBox(instr, m, copy, mapShared(instr, copy.shared, rank), reduce);
    if (copy.mbar)
      completeCopyTx(instr, mapShared(instr, copy.mbar, rank), bytes);
  }
}
