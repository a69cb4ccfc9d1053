//===- Lanes.h - The reference's lane functions ----------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// What the reference's lane functions share: the binary format of a lane,
/// the qualifier flags, and the context one lane is computed in. Each
/// semantics key's record names its lane function (namespace
/// tile::ref::lanes); tile-tblgen declares them and builds the dispatch
/// table, so a key without a definition fails the link.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_REFERENCE_LANES_H
#define TILE_LIB_REFERENCE_LANES_H

#include "tile/Ptx/InstrTable.h"

#include <cstdint>

namespace tile::ref {

/// An IEEE-style binary format.
struct Format {
  unsigned bits;
  unsigned expBits;
  unsigned precision; ///< Significand bits, hidden bit included.
  /// Significand bits of the storage layout (tf32 is stored as f32).
  unsigned layout;
  /// No infinities; the one NaN per sign has every other bit set (e4m3).
  bool finiteOnly = false;
  /// No infinities and no NaN: every encoding is a number (e2m3, e3m2,
  /// e2m1).
  bool noSpecials = false;

  int bias() const { return (1 << (expBits - 1)) - 1; }
  uint64_t signMask() const { return 1ULL << (bits - 1); }
  uint64_t expMask() const { return ((1ULL << expBits) - 1) << (layout - 1); }
  uint64_t fracMask() const { return (1ULL << (layout - 1)) - 1; }
  uint64_t mask() const { return bits == 64 ? ~0ULL : (1ULL << bits) - 1; }
  uint64_t quietBit() const { return 1ULL << (layout - 2); }
  /// An integer lane (no exponent field) is never NaN, infinite or
  /// subnormal.
  bool isInteger() const { return expBits == 0; }
  bool isNaN(uint64_t x) const {
    if (isInteger() || noSpecials)
      return false;
    if (finiteOnly)
      return (x & ~signMask() & mask()) == (mask() >> 1);
    return (x & expMask()) == expMask() && (x & fracMask());
  }
  bool isInf(uint64_t x) const {
    return !isInteger() && !finiteOnly && !noSpecials &&
           (x & expMask()) == expMask() && !(x & fracMask());
  }
  bool isSubnormal(uint64_t x) const {
    return !isInteger() && !(x & expMask()) && (x & fracMask());
  }
  /// The NaN hardware returns where the ISA leaves payloads unspecified:
  /// every bit but the sign set, in the format's own bits (the H200 returns
  /// 0x7FFFE000 for a tf32 NaN: the dropped low bits stay clear).
  uint64_t canonicalNaN() const {
    return (mask() >> 1) & ~((1ULL << (layout - precision)) - 1);
  }
  /// The largest finite magnitude.
  uint64_t maxFinite() const {
    if (noSpecials)
      return mask() >> 1;
    if (finiteOnly)
      return (mask() >> 1) - 1;
    uint64_t frac = fracMask() & ~((1ULL << (layout - precision)) - 1);
    return (expMask() - (1ULL << (layout - 1))) | frac;
  }
  /// MPFR's exponent bound: values stay below 2^emax().
  long emax() const { return bias() + (finiteOnly || noSpecials ? 2 : 1); }
};

/// The format of one lane of `t`, from the table.
inline Format formatOf(ptx::DataType t) {
  const ptx::DataTypeInfo &type = ptx::getInfo(t);
  const ptx::FloatFormatInfo &info = ptx::getInfo(type.format);
  // An integer or bit-size lane: only its width means anything.
  if (info.format == ptx::FloatFormat::None)
    return {type.bits / type.lanes, 0, 0, 0};
  if (info.format == ptx::FloatFormat::TF32)
    return {32, info.expBits, info.precision, 24};
  return {info.bits,      info.expBits,    info.precision,
          info.precision, info.finiteOnly, info.noSpecials};
}

/// The width of one lane of `t` in its register: the format's, except for
/// the fp6 formats, whose 6-bit values sit in bytes.
inline unsigned laneBitsOf(ptx::DataType t) {
  const ptx::DataTypeInfo &type = ptx::getInfo(t);
  return type.bits / type.lanes;
}

/// The qualifiers a lane function reads, decoded once per instruction.
struct Flags {
  bool ftz = false, sat = false, relu = false, oob = false, nan = false,
       xorsignAbs = false, abs = false, satfinite = false;
  /// What a NaN result holds (the form's rule for the spelling, executed
  /// under a predicate or not).
  ptx::NaNRule nanRule = ptx::NaNRule::Unspecified;
};

/// Everything one lane is computed from besides its sources.
struct LaneContext {
  const ptx::Instr &instr;
  /// The format of the result lane and of the sources (they differ for
  /// conversions and mixed precision).
  const Format &f;
  const Format &ab;
  const Flags &flags;
};

/// The low `bits` bits set (all 64 for 64 or more).
inline uint64_t maskOf(unsigned bits) {
  return bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
}

/// `x`'s low `bits` bits read as a two's complement number.
inline int64_t signExtend(uint64_t x, unsigned bits) {
  if (bits >= 64)
    return static_cast<int64_t>(x);
  uint64_t sign = 1ULL << (bits - 1);
  return static_cast<int64_t>(((x & maskOf(bits)) ^ sign) - sign);
}

/// Whether the form's first type suffix reads lanes as signed
/// (mul.wide.s32's is .s32 although d is 64 bits).
inline bool isSignedForm(const LaneContext &ctx) {
  return ptx::getInfo(ctx.instr.form->types[0]).intKind == ptx::IntKind::Signed;
}

/// `x` of `src` (not NaN) rounded to an integral value in `rounding`'s mode
/// (.rni/.rzi/.rmi/.rpi), clamped to [-2^64, 2^64], which holds every
/// integer type's range, so that saturating the result afterwards gives the
/// same bits (infinities clamp to the ends).
__int128 integralValue(const Format &src, uint64_t x,
                       std::optional<ptx::Qual> rounding);

/// The integer `v` (-2^63 <= v < 2^64) rounded once into `dst` in
/// `rounding`'s mode (overflowing to infinity or the largest finite value
/// as the mode says), then .ftz and .sat (clamped to [0.0, 1.0]).
uint64_t integerToFloat(const Format &dst, __int128 v,
                        std::optional<ptx::Qual> rounding, const Flags &flags);

/// Applies .sat (clamped to [0.0, 1.0], NaN and negatives to +0) and .relu
/// (negatives to +0, NaN to the canonical NaN) to a result of `f`.
uint64_t clampResult(const Format &f, uint64_t r, const Flags &flags);

/// The correctly rounded operations of the reference: the arithmetic, then
/// the one-source functions (from Rcp on).
enum class RoundedOp {
  Fma,
  Add,
  Sub,
  Mul,
  Div,
  Rcp,
  Sqrt,
  Rsqrt,
  Sin,
  Cos,
  Lg2,
  Ex2,
  Tanh
};

/// One lane of `op` of a (and b) correctly rounded into `f` in `rounding`'s
/// mode (to nearest where none is written), with `f`'s subnormals; .ftz
/// flushes subnormal sources and results that are tiny after rounding, and
/// a NaN source gives the form's NaN.
uint64_t roundedMath(RoundedOp op, const Format &f,
                     std::optional<ptx::Qual> rounding, const Flags &flags,
                     uint64_t a, uint64_t b);

/// `op` of a (and b) of format `f` as the double nearest the exact result;
/// .ftz flushes subnormal sources first. NaN where the result is.
double exactMath(RoundedOp op, const Format &f, const Flags &flags, uint64_t a,
                 uint64_t b);

/// The value of the bits `x` of format `f` as a double (exact for every
/// format up to f64).
double toDouble(const Format &f, uint64_t x);

/// A lane function: one lane's result bits from its sources' bits.
using LaneFn = uint64_t (*)(const LaneContext &ctx,
                            llvm::ArrayRef<uint64_t> in);

} // namespace tile::ref

#endif // TILE_LIB_REFERENCE_LANES_H
