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
#include <limits>
#include <optional>
#include <string>

using namespace tile;

namespace {

/// Ends the program: a tensor map cannot be encoded, for `why`.
[[noreturn]] void encodeError(const char *who, const std::string &why) {
  std::fprintf(stderr, "tile-cpu: %s: %s\n", who, why.c_str());
  tile_cpu_exit_on_fault();
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

/// Why `m`'s box is not one the driver takes for a tiled map, or "".
std::string checkTiledBox(const cpu::TensorMap &m) {
  const ptx::TensorMapLimitsDesc &limits = ptx::getTensorMapLimits();
  for (unsigned i = 0; i < m.rank; ++i)
    if (m.box[i] < 1 || m.box[i] > limits.maxBox)
      return "the box has " + std::to_string(m.box[i]) +
             " elements in dimension " + std::to_string(i) + ", not 1 to " +
             std::to_string(limits.maxBox);
  return "";
}

/// Why `m`'s im2col fields are not ones the driver takes, or "".
std::string checkIm2col(const cpu::TensorMap &m) {
  const ptx::TensorMapLimitsDesc &limits = ptx::getTensorMapLimits();
  const ptx::Im2colRankDesc *shape = ptx::findIm2colRank(m.rank);
  if (!shape)
    return "an im2col tensor map has 3 to 5 dimensions, got " +
           std::to_string(m.rank);
  int64_t bound = int64_t(1) << (shape->cornerBits - 1);
  for (unsigned i = 0; i + 2 < m.rank; ++i) {
    for (int16_t corner : {m.lower[i], m.upper[i]})
      if (corner < -bound || corner >= bound)
        return "a bounding-box corner offset of " + std::to_string(corner) +
               " is outside [" + std::to_string(-bound) + ", " +
               std::to_string(bound - 1) + "] (" + std::to_string(m.rank) +
               " dimensions)";
    if (int64_t(m.dims[i + 1]) + m.upper[i] - m.lower[i] < 1)
      return "the bounding box is empty in dimension " + std::to_string(i + 1);
  }
  for (unsigned i = 0; i < m.rank; ++i)
    if (m.elementStrides[i] < 1 ||
        m.elementStrides[i] > limits.maxElementStride)
      return "the traversal stride of dimension " + std::to_string(i) + " is " +
             std::to_string(m.elementStrides[i]) + ", not 1 to " +
             std::to_string(limits.maxElementStride);
  if (m.box[0] < 1 || m.box[0] > limits.maxChannelsPerPixel)
    return std::to_string(m.box[0]) + " channels per pixel, not 1 to " +
           std::to_string(limits.maxChannelsPerPixel);
  if (m.box[1] < 1 || m.box[1] > limits.maxPixelsPerColumn)
    return std::to_string(m.box[1]) + " pixels per column, not 1 to " +
           std::to_string(limits.maxPixelsPerColumn);
  return "";
}

/// Checks `m` as the driver checks a map; returns why it is not one, or
/// "".
std::string checkMap(const cpu::TensorMap &m) {
  const ptx::TensorMapLimitsDesc &limits = ptx::getTensorMapLimits();
  if (m.rank < 1 || m.rank > limits.maxRank)
    return "a tensor map has 1 to " + std::to_string(limits.maxRank) +
           " dimensions, got " + std::to_string(m.rank);
  unsigned bits = getTypeBits(m.dataType);
  if (!bits || bits / 8 != m.elementBytes)
    return "unsupported CUtensorMapDataType " + std::to_string(m.dataType);
  if (m.global % limits.strideAlign)
    return "the tensor's address is not " + std::to_string(limits.strideAlign) +
           "-byte aligned";
  const ptx::SwizzleModeDesc *swizzle = ptx::findSwizzleByTensorMap(m.swizzle);
  if (!swizzle)
    return "unknown CUtensorMapSwizzle " + std::to_string(m.swizzle);
  const ptx::TensorMapFillDesc *fill = findFill(m.oobFill);
  if (!fill)
    return "unknown CUtensorMapFloatOOBfill " + std::to_string(m.oobFill);
  if (fill->pattern && !findType(m.dataType)->isFloat)
    return std::string("the ") + fill->name +
           " fill is for floating-point types, not " +
           findType(m.dataType)->name;
  uint64_t maxDim = uint64_t(1) << limits.maxDimLog2;
  uint64_t maxStride = uint64_t(1) << limits.maxStrideLog2;
  for (unsigned i = 0; i < m.rank; ++i) {
    if (m.dims[i] < 1 || m.dims[i] > maxDim)
      return "dimension " + std::to_string(i) + " has size " +
             std::to_string(m.dims[i]) + ", not 1 to 2^" +
             std::to_string(limits.maxDimLog2);
    if (i > 0 && (m.strides[i - 1] % limits.strideAlign ||
                  m.strides[i - 1] >= maxStride))
      return "the stride of dimension " + std::to_string(i) + " is " +
             std::to_string(m.strides[i - 1]) + " bytes, not a multiple of " +
             std::to_string(limits.strideAlign) + " below 2^" +
             std::to_string(limits.maxStrideLog2);
  }
  if (std::string why = m.im2col ? checkIm2col(m) : checkTiledBox(m);
      !why.empty())
    return why;
  // Im2col too: the driver refuses channels whose bytes are not whole
  // 16-byte chunks (measured; cuda.h is silent).
  uint64_t inner = uint64_t(m.box[0]) * m.elementBytes;
  if (inner % limits.strideAlign)
    return "the box's inner dimension has " + std::to_string(inner) +
           " bytes, not a multiple of " + std::to_string(limits.strideAlign);
  if (m.swizzle && inner > swizzle->bytes)
    return "the box's inner dimension has " + std::to_string(inner) +
           " bytes, more than the " + swizzle->name + " swizzle's span";
  return "";
}

/// `v` as a field of type T of a map; values that do not fit are errors.
template <typename T = uint32_t>
T field(const char *who, const char *what, int64_t v) {
  if (v < int64_t(std::numeric_limits<T>::min()) ||
      v > int64_t(std::numeric_limits<T>::max()))
    encodeError(who, std::string(what) + " " + std::to_string(v) +
                         " is out of range");
  return static_cast<T>(v);
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

/// The map's fields common to both encoders, from a memref `tensorDesc` of
/// `rank` dimensions.
cpu::TensorMap makeMap(const char *who, int64_t rank, void *tensorDesc,
                       int32_t dataType, int32_t swizzle, int32_t oobFill) {
  unsigned bytes = getTypeBits(static_cast<unsigned>(dataType)) / 8;
  const int64_t *sizes = sizesOf(tensorDesc), *strides = sizes + rank;
  if (strides[rank - 1] != 1)
    encodeError(who, "the tensor's innermost stride must be 1");
  auto *t = static_cast<DescriptorHead *>(tensorDesc);
  cpu::TensorMap m = {};
  m.magic = cpu::TensorMap::kMagic;
  m.rank = static_cast<uint8_t>(rank);
  m.elementBytes = static_cast<uint8_t>(bytes);
  m.swizzle = field<uint8_t>(who, "CUtensorMapSwizzle", swizzle);
  m.oobFill = field<uint8_t>(who, "CUtensorMapFloatOOBfill", oobFill);
  m.dataType = field<uint8_t>(who, "CUtensorMapDataType", dataType);
  m.global = reinterpret_cast<uintptr_t>(t->aligned + t->offset * bytes);
  // Innermost first; a memref lists it last.
  for (int64_t i = 0; i < rank; ++i) {
    m.dims[i] = static_cast<uint64_t>(sizes[rank - 1 - i]);
    if (i + 1 < rank)
      m.strides[i] = static_cast<uint64_t>(strides[rank - 2 - i]) * bytes;
  }
  return m;
}

/// The `n` values of the memref<?xT> `desc` (a rank-1 memref of n
/// elements is checked), outermost dimension first as a memref lists them.
template <typename T>
const T *valuesOf(const char *who, const char *what, int64_t descRank,
                  void *desc, int64_t n) {
  if (descRank != 1 || sizesOf(desc)[0] != n)
    encodeError(who, std::string(what) + " must be a memref of " +
                         std::to_string(n) + " elements");
  auto *d = static_cast<DescriptorHead *>(desc);
  return reinterpret_cast<const T *>(d->aligned) + d->offset;
}

void storeAt(const cpu::TensorMap &m, void *mapDesc, const char *who) {
  auto *map = static_cast<DescriptorHead *>(mapDesc);
  storeMap(m, map->aligned + map->offset, who);
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
  if (rank < 1 || rank > cpu::TensorMap::kMaxRank)
    encodeError(who, "a tensor map has 1 to 5 dimensions and a box size for "
                     "each, got rank " +
                         std::to_string(rank));
  const int64_t *box =
      valuesOf<int64_t>(who, "the box", boxRank, boxDesc, rank);
  cpu::TensorMap m = makeMap(who, rank, tensorDesc, dataType, swizzle, oobFill);
  for (int64_t i = 0; i < rank; ++i)
    m.box[i] = field<uint16_t>(who, "a box size", box[rank - 1 - i]);
  storeAt(m, mapDesc, who);
}

void tile_cpu_tensor_map_encode_im2col(
    int64_t mapRank, void *mapDesc, int64_t rank, void *tensorDesc,
    int32_t dataType, int64_t lowerRank, void *lowerDesc, int64_t upperRank,
    void *upperDesc, int64_t stridesRank, void *stridesDesc,
    int32_t channelsPerPixel, int32_t pixelsPerColumn, int32_t swizzle,
    int32_t oobFill) {
  const char *who = "tileTensorMapEncodeIm2col";
  if (mapRank != 1 || sizesOf(mapDesc)[0] < 128)
    encodeError(who, "the tensor map's buffer must be a memref of at least "
                     "128 bytes");
  if (rank < 0 || rank > cpu::TensorMap::kMaxRank ||
      !ptx::findIm2colRank(static_cast<unsigned>(rank)))
    encodeError(who, "an im2col tensor map has 3 to 5 dimensions, got rank " +
                         std::to_string(rank));
  const int32_t *lower = valuesOf<int32_t>(who, "the lower corner", lowerRank,
                                           lowerDesc, rank - 2);
  const int32_t *upper = valuesOf<int32_t>(who, "the upper corner", upperRank,
                                           upperDesc, rank - 2);
  const int32_t *steps = valuesOf<int32_t>(who, "the traversal strides",
                                           stridesRank, stridesDesc, rank);
  cpu::TensorMap m = makeMap(who, rank, tensorDesc, dataType, swizzle, oobFill);
  m.im2col = 1;
  // Innermost first, as the dimensions; the memrefs list the outermost
  // first (D, H, W), as the tensor's shape does.
  for (int64_t i = 0; i + 2 < rank; ++i) {
    m.lower[i] = field<int16_t>(who, "a lower corner", lower[rank - 3 - i]);
    m.upper[i] = field<int16_t>(who, "an upper corner", upper[rank - 3 - i]);
  }
  for (int64_t i = 0; i < rank; ++i)
    m.elementStrides[i] =
        field<uint8_t>(who, "a traversal stride", steps[rank - 1 - i]);
  m.box[0] = field<uint16_t>(who, "channels per pixel", channelsPerPixel);
  m.box[1] = field<uint16_t>(who, "pixels per column", pixelsPerColumn);
  storeAt(m, mapDesc, who);
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
  m.elementBytes = field<uint8_t>(who, "the element's bytes", elementBytes);
  m.swizzle = field<uint8_t>(who, "CUtensorMapSwizzle", swizzle);
  m.oobFill = field<uint8_t>(who, "CUtensorMapFloatOOBfill", oobFill);
  m.dataType = field<uint8_t>(who, "CUtensorMapDataType", dataType);
  m.global = static_cast<uint64_t>(tensor);
  m.dims[0] = static_cast<uint64_t>(cols);
  m.dims[1] = static_cast<uint64_t>(rows);
  m.strides[0] = static_cast<uint64_t>(rowStride) * elementBytes;
  m.box[0] = field<uint16_t>(who, "the box's columns", boxCols);
  m.box[1] = field<uint16_t>(who, "the box's rows", boxRows);
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
  /// Im2col: the offsets (a load's; none for .im2col_no_offs).
  llvm::SmallVector<int64_t, 3> offsets;
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
      if (llvm::StringRef(o.name) == "im2colOffsets")
        copy.offsets.push_back(static_cast<uint16_t>(v));
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
                            " are not a tensor map (tile.tensor_map_encode, "
                            "tileTensorMapEncodeTiled or "
                            "tileTensorMapEncodeIm2col makes one)");
  // Its other bytes may have been overwritten since it was made.
  if (std::string why = checkMap(m); !why.empty())
    reportThread(instr, "the tensor map at " + cpu::describeAddress(address) +
                            " is damaged: " + why);
  bool im2col =
      instr.has(ptx::Qual::Im2col) || instr.has(ptx::Qual::Im2colNoOffs);
  if (bool(m.im2col) != im2col)
    reportThread(instr, std::string("it copies in ") +
                            (im2col ? "im2col" : "tile") +
                            " mode through a tensor map made for " +
                            (m.im2col ? "im2col" : "tile") + " mode");
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
  const ptx::SwizzleModeDesc &swizzle = *ptx::findSwizzleByTensorMap(m.swizzle);
  uint16_t fill = findFill(m.oobFill)->pattern;
  cpu::walkBox(
      m, copy.coords, copy.offsets, [&](uint64_t byte, const int64_t *at) {
        uint64_t offset = 0;
        bool inside = true;
        for (unsigned i = 0; i < m.rank; ++i) {
          inside &= at[i] >= 0 && uint64_t(at[i]) < m.dims[i];
          offset += uint64_t(at[i]) * (i ? m.strides[i - 1] : m.elementBytes);
        }
        auto *smem = reinterpret_cast<uint8_t *>(swizzle.apply(shared + byte));
        auto *global = reinterpret_cast<uint8_t *>(m.global + offset);
        if (copy.load && inside)
          std::memcpy(smem, global, m.elementBytes);
        else if (copy.load)
          for (unsigned b = 0; b < m.elementBytes; b += 2)
            std::memcpy(smem + b, &fill,
                        std::min(2u, unsigned(m.elementBytes) - b));
        else if (inside && reduce)
          cpu::reduceElements(instr, *reduce, global, smem, m.elementBytes);
        else if (inside)
          std::memcpy(global, smem, m.elementBytes);
      });
}

} // namespace

std::string cpu::checkTensorMap(const TensorMap &m) { return checkMap(m); }

std::string cpu::encodeTiledMap(const rt::TensorMapTiledFields &f, void *map) {
  const ptx::TensorMapLimitsDesc &limits = ptx::getTensorMapLimits();
  if (f.rank < 1 || f.rank > TensorMap::kMaxRank)
    return "a tensor map has 1 to " + std::to_string(limits.maxRank) +
           " dimensions, got " + std::to_string(f.rank);
  if (reinterpret_cast<uintptr_t>(map) % 64)
    return "the tensor map's buffer is not 64-byte aligned";
  if (f.interleave)
    return "interleaved tensor maps are not modelled by the CPU backend";
  if (f.l2Promotion < 0 || f.l2Promotion > 3)
    return "unknown CUtensorMapL2promotion " + std::to_string(f.l2Promotion);
  for (unsigned i = 0; i < f.rank; ++i)
    if (f.elementStrides[i] != 1)
      return "element strides other than 1 (dimension " + std::to_string(i) +
             ": " + std::to_string(f.elementStrides[i]) +
             ") are not modelled by the CPU backend for tiled maps";
  TensorMap m = {};
  m.magic = TensorMap::kMagic;
  m.rank = static_cast<uint8_t>(f.rank);
  m.elementBytes = static_cast<uint8_t>(getTypeBits(f.dataType) / 8);
  if (f.swizzle < 0 || f.swizzle > 255 || f.oobFill < 0 || f.oobFill > 255 ||
      f.dataType < 0 || f.dataType > 255)
    return "an enum value is out of range";
  m.swizzle = static_cast<uint8_t>(f.swizzle);
  m.oobFill = static_cast<uint8_t>(f.oobFill);
  m.dataType = static_cast<uint8_t>(f.dataType);
  m.global = f.global;
  for (unsigned i = 0; i < f.rank; ++i) {
    if (f.box[i] > std::numeric_limits<uint16_t>::max())
      return "the box has " + std::to_string(f.box[i]) +
             " elements in dimension " + std::to_string(i);
    m.box[i] = static_cast<uint16_t>(f.box[i]);
    m.dims[i] = f.dims[i];
    if (i + 1 < f.rank)
      m.strides[i] = f.strides[i];
  }
  if (std::string why = checkMap(m); !why.empty())
    return why;
  std::memset(map, 0, 128);
  std::memcpy(map, &m, sizeof m);
  return "";
}

uint64_t cpu::TensorMap::getBoxElements() const {
  if (im2col)
    return uint64_t(box[0]) * box[1];
  uint64_t elements = 1;
  for (unsigned i = 0; i < rank; ++i)
    elements *= box[i];
  return elements;
}

namespace {
/// The bytes from one row of a box (the innermost dimension; im2col: one
/// pixel's channels) to the next in shared memory.
uint64_t getRowPitch(const cpu::TensorMap &m) {
  uint64_t row = uint64_t(m.box[0]) * m.elementBytes;
  if (!m.swizzle || !ptx::getSwizzledRowsFillSpan())
    return row;
  return std::max<uint64_t>(row, ptx::findSwizzleByTensorMap(m.swizzle)->bytes);
}
} // namespace

uint64_t cpu::TensorMap::getSharedBytes() const {
  uint64_t bytes = getBoxElements() / box[0] * getRowPitch(*this);
  // A swizzle moves chunks within 128-byte lines: the last line is whole.
  return swizzle ? llvm::alignTo(bytes, 128) : bytes;
}

namespace {
/// Why an im2col store from `coords` through `m` breaks the ISA's
/// restrictions (undefined in PTX), or "".
std::string checkIm2colStore(const cpu::TensorMap &m,
                             llvm::ArrayRef<int64_t> coords) {
  for (unsigned i = 0; i < m.rank; ++i)
    if (coords[i] < 0)
      return "its coordinate " + std::to_string(coords[i]) + " in dimension " +
             std::to_string(i) +
             " is negative (an im2col store's must not be; undefined in PTX)";
  for (unsigned i = 0; i + 2 < m.rank; ++i)
    if (m.lower[i] < 0 || m.upper[i] > 0)
      return "its map's bounding box reaches outside the tensor in dimension " +
             std::to_string(i + 1) + " (corners " + std::to_string(m.lower[i]) +
             " and " + std::to_string(m.upper[i]) +
             "; an im2col store's must not; undefined in PTX)";
  return "";
}

/// Why an im2col copy's base (`coords`) lies outside `m`'s bounding box, or
/// "".
std::string checkIm2colBase(const cpu::TensorMap &m,
                            llvm::ArrayRef<int64_t> coords) {
  for (unsigned i = 1; i + 1 < m.rank; ++i) {
    int64_t end = int64_t(m.dims[i]) + m.upper[i - 1];
    if (coords[i] < m.lower[i - 1] || coords[i] >= end)
      return "its pixels' base coordinate " + std::to_string(coords[i]) +
             " in dimension " + std::to_string(i) +
             " lies outside the bounding box [" +
             std::to_string(m.lower[i - 1]) + ", " + std::to_string(end) +
             ") (the ISA requires it within; the GPU faults with an illegal "
             "instruction)";
  }
  return "";
}
} // namespace

std::string cpu::checkIm2colCopy(const TensorMap &m,
                                 llvm::ArrayRef<int64_t> coords, bool store) {
  if (store)
    if (std::string why = checkIm2colStore(m, coords); !why.empty())
      return why;
  return checkIm2colBase(m, coords);
}

void cpu::walkBox(const TensorMap &m, llvm::ArrayRef<int64_t> coords,
                  llvm::ArrayRef<int64_t> offsets,
                  llvm::function_ref<void(uint64_t, const int64_t *)> fn) {
  int64_t at[TensorMap::kMaxRank];
  uint64_t pitch = getRowPitch(m);
  if (!m.im2col) {
    for (uint64_t e = 0, n = m.getBoxElements(); e < n; ++e) {
      uint64_t rest = e;
      for (unsigned i = 0; i < m.rank; ++i) {
        at[i] = coords[i] + int64_t(rest % m.box[i]);
        rest /= m.box[i];
      }
      fn(e / m.box[0] * pitch + e % m.box[0] * m.elementBytes, at);
    }
    return;
  }
  // The pixels' base coordinates, stepped through the bounding box.
  unsigned last = m.rank - 1;
  int64_t base[TensorMap::kMaxRank];
  std::copy(coords.begin(), coords.end(), base);
  for (uint64_t p = 0; p < m.box[1]; ++p) {
    for (unsigned i = 1; i < last; ++i)
      at[i] = base[i] + (i - 1 < offsets.size() ? offsets[i - 1] : 0);
    at[last] = base[last];
    for (unsigned c = 0; c < m.box[0]; ++c) {
      at[0] = coords[0] + c;
      fn(p * pitch + uint64_t(c) * m.elementBytes, at);
    }
    unsigned i = 1;
    for (; i < last; ++i) {
      base[i] += m.elementStrides[i];
      if (base[i] < int64_t(m.dims[i]) + m.upper[i - 1])
        break;
      base[i] = m.lower[i - 1];
    }
    if (i == last)
      base[last] += m.elementStrides[last];
  }
}

void tile::cpu::copyTensor(const ptx::Instr &instr, const uint8_t *in) {
  TensorCopy copy = readTensorCopy(instr, in);
  TensorMap m = readMap(instr, copy.map, copy.coords.size());
  if (m.im2col)
    if (std::string why = checkIm2colCopy(m, copy.coords, !copy.load);
        !why.empty())
      reportThread(instr, why);
  uint64_t bytes = m.getBoxElements() * m.elementBytes;
  if (copy.shared % 128)
    reportThread(instr, "its shared memory at " + describeAddress(copy.shared) +
                            " is not 128-byte aligned");
  if (std::string why = checkBufferRange(copy.shared, m.getSharedBytes());
      !why.empty())
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
