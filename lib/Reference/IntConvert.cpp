//===- IntConvert.cpp - Reference lanes of the integer conversions --------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The lane functions of the integer `cvt` and `cvt.pack` forms
/// (include/tile/Ptx/IntConvert.td), as an H200 computes them
/// (docs/IntegerFacts.md section 5, 0 mismatches over 6.7 M results):
///
/// - an integer source is the low bits of its type's width, read as signed
///   or unsigned per the type; the register's higher bits are ignored;
/// - int -> int keeps the low bits of the destination type (truncation),
///   or with .sat clamps to its range;
/// - float -> int rounds to an integral value in the mode, after flushing a
///   subnormal f32 source with .ftz, and saturates to the destination's
///   range (.sat changes nothing); NaN gives 0, except from an f64 source
///   or into a 64-bit type, where it gives 1 << (w-1) of the destination
///   type;
/// - int -> float rounds once in the mode; .sat clamps to [0.0, 1.0];
/// - every integer result is sign-extended (.sN) or zero-extended (.uN)
///   into the whole destination register (an .s8 in a .b16: 0xFF80 for
///   -128).
///
/// cvt.pack clamps a and b (as s32) to the convert type's range and packs
/// them, a above b, with c's low bits above both (PTX ISA pseudo-code).
///
//===----------------------------------------------------------------------===//

#include "Lanes.h"

using namespace tile;
using namespace tile::ref;

namespace {

using i128 = __int128;

/// The facts of type suffix `k` of the form.
const ptx::DataTypeInfo &suffix(const LaneContext &ctx, unsigned k) {
  return ptx::getInfo(ctx.instr.form->types[k]);
}

bool isSigned(const ptx::DataTypeInfo &t) {
  return t.intKind == ptx::IntKind::Signed;
}

bool isFloat(const ptx::DataTypeInfo &t) {
  return t.format != ptx::FloatFormat::None;
}

/// The value of an integer source: its type's low bits ("chop").
i128 sourceValue(const ptx::DataTypeInfo &t, uint64_t x) {
  if (isSigned(t))
    return signExtend(x, t.valueBits);
  return x & maskOf(t.valueBits);
}

/// `v` clamped to the range of integer type `t`.
i128 saturate(const ptx::DataTypeInfo &t, i128 v) {
  unsigned w = t.valueBits;
  i128 lo = isSigned(t) ? -(i128(1) << (w - 1)) : 0;
  i128 hi = isSigned(t) ? (i128(1) << (w - 1)) - 1 : (i128(1) << w) - 1;
  return v < lo ? lo : v > hi ? hi : v;
}

/// The low bits of `v` of type `t`, sign- or zero-extended into a register
/// of `regBits`.
uint64_t extend(const ptx::DataTypeInfo &t, i128 v, unsigned regBits) {
  uint64_t bits = static_cast<uint64_t>(v) & maskOf(t.valueBits);
  if (isSigned(t))
    bits = static_cast<uint64_t>(signExtend(bits, t.valueBits));
  return bits & maskOf(regBits);
}

/// float -> int: round, saturate; NaN by the source and destination.
uint64_t floatToInt(const LaneContext &ctx, const ptx::DataTypeInfo &d,
                    uint64_t x) {
  const Format &src = ctx.ab;
  if (src.isNaN(x)) {
    bool top = src.bits == 64 || d.valueBits == 64;
    return extend(d, top ? i128(1) << (d.valueBits - 1) : 0, ctx.f.bits);
  }
  if (ctx.flags.ftz && src.isSubnormal(x))
    x &= src.signMask(); // .ftz is only allowed on an f32 source.
  i128 v = integralValue(src, x, ctx.instr.rounding());
  return extend(d, saturate(d, v), ctx.f.bits);
}

} // namespace

namespace tile::ref::lanes {
/// cvt between integer types, or between an integer and a float type.
uint64_t intConvertLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  const ptx::DataTypeInfo &d = suffix(ctx, 0), &a = suffix(ctx, 1);
  if (isFloat(a))
    return floatToInt(ctx, d, in[0]);
  i128 v = sourceValue(a, in[0]);
  if (isFloat(d))
    return integerToFloat(ctx.f, v, ctx.instr.rounding(), ctx.flags);
  return extend(d, ctx.flags.sat ? saturate(d, v) : v, ctx.f.bits);
}

/// cvt.pack.sat: d = c << 2w | clamp(a) << w | clamp(b), modulo 2^32 (no c
/// for the 16-bit convert types).
uint64_t cvtPackLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  const ptx::DataTypeInfo &t = suffix(ctx, 0);
  unsigned w = t.valueBits;
  uint64_t a = static_cast<uint64_t>(saturate(t, signExtend(in[0], 32)));
  uint64_t b = static_cast<uint64_t>(saturate(t, signExtend(in[1], 32)));
  uint64_t d = ((a & maskOf(w)) << w) | (b & maskOf(w));
  if (in.size() > 2)
    d |= in[2] << (2 * w);
  return d & 0xFFFFFFFF;
}
} // namespace tile::ref::lanes
