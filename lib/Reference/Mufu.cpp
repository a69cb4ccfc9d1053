//===- Mufu.cpp - The H200's multifunction unit, bit for bit --------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The f32 approximations whose form has a MufuModel: the unit's function
// over the measured tables (lib/Reference/Mufu, embedded), reached through
// the form's reduction, and without .ftz the scaling ptxas emits around it.
// A table is decoded one chunk of 2^16 results at a time, when an input
// first needs it, and kept for the life of the process.
//
//===----------------------------------------------------------------------===//

#include "Mufu.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/ErrorHandling.h"

#include <zlib.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

using namespace tile;
using namespace tile::ptx;

namespace {

/// One embedded table file.
struct MufuBlob {
  const char *file;
  const unsigned char *begin;
  const unsigned char *end;
};

#include "tile/Ptx/MufuData.inc"

uint32_t readU32(const unsigned char *p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
         uint32_t(p[3]) << 24;
}

[[noreturn]] void corrupt(const char *file, const char *what) {
  llvm::report_fatal_error(llvm::Twine("the embedded multifunction-unit "
                                       "table ") +
                           file + " is corrupt: " + what);
}

/// A table's file, read through its header (record.py's format), with the
/// chunks decoded so far.
class Table {
public:
  Table(const MufuBlob &blob, uint32_t entries) : blob(blob) {
    size_t size = blob.end - blob.begin;
    if (size < 20 || std::memcmp(blob.begin, "TMUF", 4) ||
        readU32(blob.begin + 4) != 1)
      corrupt(blob.file, "no header");
    count = readU32(blob.begin + 8);
    shift = readU32(blob.begin + 12);
    chunks = readU32(blob.begin + 16);
    if (count != entries || shift > 24 ||
        chunks != ((uint64_t(count) + (1u << shift) - 1) >> shift) ||
        20 + 4 * (uint64_t(chunks) + 1) > size)
      corrupt(blob.file, "its header disagrees with the table's record");
    decoded = std::make_unique<std::atomic<const uint32_t *>[]>(chunks);
    owned.resize(chunks);
  }

  uint32_t at(uint32_t index) {
    if (index >= count)
      corrupt(blob.file, "an index beyond its entries");
    uint32_t chunk = index >> shift;
    const uint32_t *data = decoded[chunk].load(std::memory_order_acquire);
    if (!data)
      data = decode(chunk);
    return data[index & ((1u << shift) - 1)];
  }

private:
  /// Inflates chunk `c`: its first result, the width of the differences,
  /// then the differences of consecutive results.
  const uint32_t *decode(uint32_t c) {
    std::lock_guard<std::mutex> lock(mutex);
    if (const uint32_t *done = decoded[c].load(std::memory_order_acquire))
      return done;
    const unsigned char *offsets = blob.begin + 20;
    const unsigned char *base = offsets + 4 * (uint64_t(chunks) + 1);
    uint32_t from = readU32(offsets + 4 * c), to = readU32(offsets + 4 * c + 4);
    if (from > to || base + to > blob.end)
      corrupt(blob.file, "a chunk beyond the file");
    uint32_t n = std::min<uint32_t>(1u << shift, count - (c << shift));
    std::vector<unsigned char> raw(5 + 4 * uint64_t(n));
    uLongf rawSize = raw.size();
    if (uncompress(raw.data(), &rawSize, base + from, to - from) != Z_OK)
      corrupt(blob.file, "a chunk zlib cannot inflate");
    unsigned width = raw[4];
    if ((width != 1 && width != 2 && width != 4) ||
        rawSize != 5 + uint64_t(width) * (n - 1))
      corrupt(blob.file, "a chunk of the wrong size");
    auto values = std::make_unique<uint32_t[]>(n);
    values[0] = readU32(raw.data());
    for (uint32_t i = 1; i < n; ++i) {
      const unsigned char *d = raw.data() + 5 + uint64_t(width) * (i - 1);
      int32_t diff = width == 1   ? int8_t(d[0])
                     : width == 2 ? int16_t(d[0] | d[1] << 8)
                                  : int32_t(readU32(d));
      values[i] = values[i - 1] + uint32_t(diff);
    }
    owned[c] = std::move(values);
    decoded[c].store(owned[c].get(), std::memory_order_release);
    return owned[c].get();
  }

  const MufuBlob &blob;
  uint32_t count = 0, shift = 0, chunks = 0;
  std::unique_ptr<std::atomic<const uint32_t *>[]> decoded;
  std::vector<std::unique_ptr<uint32_t[]>> owned;
  std::mutex mutex;
};

constexpr size_t kNumBlobs = sizeof(kMufuBlobs) / sizeof(kMufuBlobs[0]);

/// The decoded state of the table `desc` (one per file, made on first use).
Table &tableOf(const MufuTableDesc &desc) {
  static std::atomic<Table *> tables[kNumBlobs];
  static std::mutex mutex;
  if (desc.index >= kNumBlobs ||
      std::strcmp(kMufuBlobs[desc.index].file, desc.file))
    corrupt(desc.file, "no such file is embedded");
  if (Table *t = tables[desc.index].load(std::memory_order_acquire))
    return *t;
  std::lock_guard<std::mutex> lock(mutex);
  if (!tables[desc.index].load(std::memory_order_relaxed))
    tables[desc.index].store(new Table(kMufuBlobs[desc.index], desc.entries),
                             std::memory_order_release);
  return *tables[desc.index].load(std::memory_order_relaxed);
}

constexpr uint32_t kSign = 0x80000000u, kInf = 0x7F800000u;
/// The unit's NaN (measured: every NaN result of these forms).
constexpr uint32_t kNaN = 0x7FFFFFFFu;

float asFloat(uint32_t u) { return llvm::bit_cast<float>(u); }
uint32_t asBits(float f) { return llvm::bit_cast<uint32_t>(f); }

/// The table value `t` times 2^k; a result below the normal range flushes to
/// zero and one above it is infinite, as the unit's are.
uint32_t scaled(uint32_t t, int k) {
  int e = int((t >> 23) & 0xFF) + k;
  uint32_t sign = t & kSign;
  if (e <= 0)
    return sign;
  if (e >= 255)
    return sign | kInf;
  return (t & ~(0xFFu << 23)) | uint32_t(e) << 23;
}

/// `d` (a finite number that is a normal f32 or zero after truncation)
/// truncated toward zero to f32.
uint32_t truncated(double d) {
  uint64_t u = llvm::bit_cast<uint64_t>(d) & ~((uint64_t(1) << 29) - 1);
  return asBits(static_cast<float>(llvm::bit_cast<double>(u)));
}

/// a = sign 1.m 2^e of a normal f32.
struct Parts {
  uint32_t sign, mant;
  int exp;
};
Parts partsOf(uint32_t a) {
  return {a & kSign, a & 0x7FFFFFu, int((a >> 23) & 0xFF) - 127};
}

uint32_t reciprocal(const MufuModelDesc &m, uint32_t a) {
  Parts p = partsOf(a);
  return p.sign | scaled(tableOf(m.tables[0]).at(p.mant), -p.exp);
}

/// sqrt and rsqrt: a = m 2^2h with m in [1, 4).
uint32_t root(const MufuModelDesc &m, uint32_t a, bool inverse) {
  Parts p = partsOf(a);
  int odd = p.exp & 1, half = (p.exp - odd) / 2;
  uint32_t t = tableOf(m.tables[0]).at(uint32_t(odd) << 23 | p.mant);
  return scaled(t, inverse ? -half : half);
}

uint32_t exp2Fixed(const MufuModelDesc &m, uint32_t a) {
  Parts p = partsOf(a);
  if (p.exp >= 7)
    return p.sign ? 0 : kInf;
  // |a| 2^23 truncated: n + k 2^-23.
  uint64_t sig = p.mant | 0x800000u;
  uint64_t fixed =
      p.exp >= 0 ? sig << p.exp : (-p.exp >= 32 ? 0 : sig >> -p.exp);
  int n = int(fixed >> 23);
  uint32_t k = uint32_t(fixed & 0x7FFFFF);
  if (!p.sign)
    return scaled(tableOf(m.tables[0]).at(k), n);
  return scaled(tableOf(m.tables[1]).at(k), -n);
}

uint32_t log2Split(const MufuModelDesc &m, uint32_t a) {
  Parts p = partsOf(a);
  if (p.exp == 0)
    return tableOf(m.tables[0]).at(p.mant);
  if (p.exp > 0)
    return truncated(p.exp + double(asFloat(tableOf(m.tables[0]).at(p.mant))));
  uint32_t below = tableOf(m.tables[1]).at(p.mant);
  if (p.exp == -1)
    return below;
  return truncated(-(double(-p.exp - 1) + std::fabs(double(asFloat(below)))));
}

/// sin and cos: the fraction of t = |a| / (2 pi) (ptxas's FMUL.RZ by
/// 0x3e22f983) in 2^-25 steps, a quarter turn on for cos; the table holds
/// the first half turn, the second is its negation.
uint32_t sinCos(const MufuModelDesc &m, uint32_t a, bool cosine) {
  constexpr unsigned kFraction = 25;
  double product = double(std::fabs(asFloat(a))) * double(asFloat(0x3E22F983u));
  uint32_t t = truncated(product);
  uint64_t k = 0;
  if ((t >> 23) & 0xFF) { // A subnormal t is flushed: a zero fraction.
    Parts p = partsOf(t);
    uint64_t sig = p.mant | 0x800000u;
    int shift = p.exp + int(kFraction) - 23;
    if (shift >= 0)
      k = shift >= 40 ? 0 : sig << shift;
    else
      k = -shift >= 32 ? 0 : sig >> -shift;
  }
  uint64_t turn = uint64_t(1) << kFraction;
  if (cosine)
    k += turn / 4;
  k &= turn - 1;
  uint32_t r = tableOf(m.tables[0]).at(uint32_t(k & (turn / 2 - 1)));
  if (k >= turn / 2)
    r ^= kSign;
  return cosine ? r : r ^ (a & kSign);
}

/// tanh: a itself below 2^-8, 1 from 8 up, the table between.
uint32_t tanhBinades(const MufuModelDesc &m, uint32_t a) {
  Parts p = partsOf(a);
  if (p.exp >= 3)
    return p.sign | 0x3F800000u;
  if (p.exp <= -9)
    return a;
  return p.sign | tableOf(m.tables[0]).at(uint32_t(p.exp + 8) << 23 | p.mant);
}

/// An f64 upper word: 1 sign, 11 exponent and 20 fraction bits.
constexpr unsigned kUpperFraction = 20, kUpperExpMask = 0x7FF;

/// The upper-word table value `t` times 2^k, flushed and saturated as
/// scaled() does.
uint32_t scaledUpper(uint32_t t, int k) {
  int e = int((t >> kUpperFraction) & kUpperExpMask) + k;
  uint32_t sign = t & kSign;
  if (e <= 0)
    return sign;
  if (e >= int(kUpperExpMask))
    return sign | kUpperExpMask << kUpperFraction;
  return (t & ~(kUpperExpMask << kUpperFraction)) |
         uint32_t(e) << kUpperFraction;
}

/// MUFU.RCP64H and MUFU.RSQ64H of a finite, normal (positive for the root)
/// upper word `h`.
uint32_t upperUnit(const MufuModelDesc &m, uint32_t h) {
  uint32_t mant = h & ((1u << kUpperFraction) - 1);
  int exp = int((h >> kUpperFraction) & kUpperExpMask) - 1023;
  if (m.reduction == MufuReduction::ReciprocalUpper)
    return (h & kSign) |
           scaledUpper(tableOf(m.tables[0]).at(mant), -exp);
  int odd = exp & 1, half = (exp - odd) / 2;
  return scaledUpper(
      tableOf(m.tables[0]).at(uint32_t(odd) << kUpperFraction | mant), -half);
}

/// What the unit gives for a finite, normal, nonnegative-where-required a.
uint32_t finite(const MufuModelDesc &m, uint32_t a) {
  switch (m.reduction) {
  case MufuReduction::Reciprocal:
  case MufuReduction::Quotient: // The unit computes b's reciprocal.
    return reciprocal(m, a);
  case MufuReduction::ReciprocalUpper:
  case MufuReduction::RsqrtUpper:
  case MufuReduction::RsqrtRefined:
    break; // Upper words: mufuResult64.
  case MufuReduction::Sqrt:
    return root(m, a, false);
  case MufuReduction::Rsqrt:
    return root(m, a, true);
  case MufuReduction::Exp2Fixed:
    return exp2Fixed(m, a);
  case MufuReduction::Log2Split:
    return log2Split(m, a);
  case MufuReduction::SinFixed:
    return sinCos(m, a, false);
  case MufuReduction::CosFixed:
    return sinCos(m, a, true);
  case MufuReduction::TanhBinades:
    return tanhBinades(m, a);
  }
  llvm_unreachable("a MufuReduction without a case");
}

/// special()'s answer where the unit computes from the tables.
constexpr int64_t kFinite = -1;

/// The unit's result where the input is zero, subnormal (flushed),
/// infinite, NaN, or negative for a root or logarithm; kFinite elsewhere.
int64_t special(MufuReduction r, uint32_t a) {
  uint32_t sign = a & kSign, exp = (a >> 23) & 0xFF, mant = a & 0x7FFFFFu;
  bool inf = exp == 255, zero = exp == 0; // zero: or flushed
  if (inf && mant)
    return kNaN;
  switch (r) {
  case MufuReduction::Reciprocal:
  case MufuReduction::Quotient:
    return inf ? sign : zero ? sign | kInf : kFinite;
  case MufuReduction::Rsqrt:
    if (sign && !zero)
      return kNaN;
    return inf ? 0 : zero ? sign | kInf : kFinite;
  case MufuReduction::Sqrt:
    if (sign && !zero)
      return kNaN;
    return inf ? kInf : zero ? sign : kFinite;
  case MufuReduction::Log2Split:
    if (sign && !zero)
      return kNaN;
    return inf ? kInf : zero ? kSign | kInf : kFinite;
  case MufuReduction::Exp2Fixed:
    return inf ? (sign ? 0 : kInf) : zero ? 0x3F800000u : kFinite;
  case MufuReduction::SinFixed: // A flushed source is t = 0.
  case MufuReduction::CosFixed:
    return inf ? kNaN : kFinite;
  case MufuReduction::TanhBinades: // A tiny a gives a itself.
    return inf ? sign | 0x3F800000u : kFinite;
  case MufuReduction::ReciprocalUpper:
  case MufuReduction::RsqrtUpper:
  case MufuReduction::RsqrtRefined:
    break; // Upper words: mufuResult64.
  }
  llvm_unreachable("a MufuReduction without a case");
}

/// The multifunction unit itself (what the .ftz form computes).
uint32_t unit(const MufuModelDesc &m, uint32_t a) {
  int64_t s = special(m.reduction, a);
  return s >= 0 ? uint32_t(s) : finite(m, a);
}

/// The form without .ftz: ptxas's scaling around the unit.
uint32_t withScaling(const MufuModelDesc &m, uint32_t a) {
  float x = asFloat(a);
  float guarded = m.onMagnitude ? std::fabs(x) : x;
  // The guard is an ordered compare: a NaN is never scaled.
  float scale = guarded < m.below ? m.preScale : 1.0f;
  if (std::fabs(x) > m.above)
    scale = m.aboveScale;
  uint32_t r = unit(m, asBits(x * scale));
  if (scale == 1.0f)
    return r;
  switch (m.post) {
  case MufuPost::Mul:
    return asBits(asFloat(r) * m.postValue);
  case MufuPost::Add:
    return asBits(asFloat(r) + m.postValue);
  case MufuPost::Square:
    return asBits(asFloat(r) * asFloat(r));
  case MufuPost::MulScale:
    return asBits(scale * asFloat(r));
  case MufuPost::None:
    return r;
  }
  llvm_unreachable("a MufuPost without a case");
}

/// `x` as an FMUL with .ftz reads it: a subnormal is zero.
float flushed(float x) {
  return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}

/// An FMUL: x times y rounded to nearest. With `ftz` (FMUL.FTZ) subnormal
/// sources are zero, and a result tiny after rounding (to 24 bits with an
/// unbounded exponent) is zero with its sign.
float fmul(float x, float y, bool ftz) {
  if (!ftz)
    return x * y;
  double p = double(flushed(x)) * double(flushed(y)); // Exact.
  // Scaled by 2^64, the rounding to 24 bits has the exponent it needs.
  if (p != 0 && std::fabs(static_cast<float>(p * 0x1p64)) < 0x1p-62f)
    return std::copysign(0.0f, static_cast<float>(p));
  return static_cast<float>(p);
}

/// A NaN result as the unit writes it.
uint32_t canonical(uint32_t r) {
  return ((r >> 23) & 0xFF) == 255 && (r & 0x7FFFFFu) ? kNaN : r;
}

} // namespace

uint32_t tile::ref::mufuResult(const MufuModelDesc &m, bool ftz, uint32_t a) {
  return canonical(ftz ? unit(m, a) : withScaling(m, a));
}

uint32_t tile::ref::mufuQuotient(const MufuModelDesc &m, bool ftz, uint32_t a,
                                 uint32_t b) {
  float x = asFloat(a), y = asFloat(b);
  float guarded = m.onMagnitude ? std::fabs(y) : y;
  // Ordered compares: a NaN b is never scaled.
  float scale = !ftz && guarded < m.below ? m.preScale : 1.0f;
  if ((!ftz || m.aboveWithFtz) && std::fabs(y) > m.above)
    scale = m.aboveScale;
  if (scale != 1.0f) {
    x = fmul(x, scale, ftz);
    y = fmul(y, scale, ftz);
  }
  float r = asFloat(unit(m, asBits(y)));
  return canonical(asBits(fmul(r, x, ftz)));
}

namespace {

/// The f64 with upper word `h` and a zero lower word.
double ofUpper(uint32_t h) {
  return llvm::bit_cast<double>(uint64_t(h) << 32);
}

/// rsqrt.approx.f64's sequence for a positive normal a: the unit's y of the
/// upper word, then one refinement in DMUL and DFMA (rounded to nearest).
double refinedRsqrt(const MufuModelDesc &m, double a) {
  double y = ofUpper(upperUnit(m, uint32_t(llvm::bit_cast<uint64_t>(a) >> 32)));
  double e = std::fma(a, -(y * y), 1.0);
  double c = std::fma(e, 0.375, 0.5);
  return std::fma(c, y * e, y);
}

/// rsqrt.approx.f64 as ptxas emits it: the sequence where a's upper word is
/// a positive normal, else a subroutine for the rest.
uint64_t rsqrtRefined(const MufuModelDesc &m, uint64_t a) {
  uint32_t h = uint32_t(a >> 32);
  if (h - 0x100000u < 0x7FE00000u)
    return llvm::bit_cast<uint64_t>(refinedRsqrt(m, llvm::bit_cast<double>(a)));
  double x = llvm::bit_cast<double>(a);
  if (x == 0)
    return (a & (uint64_t(kSign) << 32)) | uint64_t(0x7FF00000) << 32;
  if (std::isnan(x)) // a + a: the NaN quieted.
    return a | uint64_t(1) << 51;
  if (a >> 63)
    return uint64_t(0xFFF80000) << 32;
  if (std::isinf(x))
    return 0;
  // A positive subnormal: scaled into the normal range and back.
  return llvm::bit_cast<uint64_t>(refinedRsqrt(m, x * 0x1p54) * 0x1p27);
}

/// The upper-word forms' result where the unit does not reach its tables:
/// zero and subnormal (flushed), infinite, NaN or negative (rsqrt) words.
std::optional<uint32_t> upperSpecial(MufuReduction r, uint32_t h) {
  uint32_t sign = h & kSign, exp = (h >> kUpperFraction) & kUpperExpMask;
  uint32_t mant = h & ((1u << kUpperFraction) - 1);
  constexpr uint32_t kInfUpper = 0x7FF00000u, kNaNUpper = 0x7FFFFFFFu;
  bool inf = exp == kUpperExpMask, zero = exp == 0;
  if ((inf && mant) || (r == MufuReduction::RsqrtUpper && sign && !zero))
    return kNaNUpper;
  if (inf)
    return r == MufuReduction::RsqrtUpper ? 0 : sign;
  if (zero)
    return sign | kInfUpper;
  return std::nullopt;
}

} // namespace

uint64_t tile::ref::mufuResult64(const MufuModelDesc &m, uint64_t a) {
  if (m.reduction == MufuReduction::RsqrtRefined)
    return rsqrtRefined(m, a);
  uint32_t h = uint32_t(a >> 32);
  std::optional<uint32_t> r = upperSpecial(m.reduction, h);
  return uint64_t(r ? *r : upperUnit(m, h)) << 32;
}
