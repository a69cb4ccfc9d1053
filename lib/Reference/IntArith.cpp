//===- IntArith.cpp - Reference lanes of the integer arithmetic forms -----===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The lane functions of the integer semantics keys (include/tile/Ptx/
/// IntArith.td). Results wrap modulo 2^w. Where the PTX ISA leaves a result
/// open, these give what an H200 returns (measured over millions of inputs,
/// register, immediate and constant-folded operands alike): div and rem by 0
/// give all ones, MIN / -1 gives MIN and MIN % -1 gives 0. mul24 / mad24 read
/// the low 24 bits of a and b (sign-extended from bit 23 for .s32); their
/// .hi is bits 47..16 of the 48-bit product.
///
//===----------------------------------------------------------------------===//

#include "Lanes.h"

using namespace tile;
using namespace tile::ref;

namespace {

using u128 = unsigned __int128;
using i128 = __int128;

/// `v` clamped to the signed range of `bits`.
uint64_t clampSigned(i128 v, unsigned bits) {
  i128 hi = (i128(1) << (bits - 1)) - 1, lo = -hi - 1;
  return static_cast<uint64_t>(v < lo ? lo : v > hi ? hi : v) & maskOf(bits);
}

/// The exact value of a lane of `bits` in the form's signedness.
i128 value(const LaneContext &ctx, uint64_t x, unsigned bits) {
  return isSignedForm(ctx) ? i128(signExtend(x, bits)) : i128(x & maskOf(bits));
}

/// The exact product of a and b (the sources' width).
i128 product(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.ab.bits;
  if (isSignedForm(ctx))
    return i128(signExtend(in[0], w)) * i128(signExtend(in[1], w));
  return i128(u128(in[0] & maskOf(w)) * u128(in[1] & maskOf(w)));
}

/// The .hi, .lo or .wide part of a product of two `w`-bit sources.
uint64_t productPart(const LaneContext &ctx, i128 p, unsigned w) {
  if (ctx.instr.has(ptx::Qual::Hi))
    return static_cast<uint64_t>(u128(p) >> w) & maskOf(w);
  if (ctx.instr.has(ptx::Qual::Wide))
    return static_cast<uint64_t>(u128(p)) & maskOf(2 * w);
  return static_cast<uint64_t>(u128(p)) & maskOf(w);
}

/// The 32-bit field of mul24: bits 31..0 (.lo) or 47..16 (.hi) of the
/// product of the low 24 bits of a and b.
uint64_t mul24Field(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  int64_t a =
      isSignedForm(ctx) ? signExtend(in[0], 24) : int64_t(in[0] & 0xFFFFFF);
  int64_t b =
      isSignedForm(ctx) ? signExtend(in[1], 24) : int64_t(in[1] & 0xFFFFFF);
  uint64_t p = static_cast<uint64_t>(a * b); // |a*b| < 2^47: exact.
  return (ctx.instr.has(ptx::Qual::Hi) ? p >> 16 : p) & 0xFFFFFFFF;
}

/// a + b or a - b, wrapping or (.sat, s32) saturating.
uint64_t addSub(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in, bool sub) {
  unsigned w = ctx.f.bits;
  if (ctx.flags.sat) {
    i128 a = signExtend(in[0], w), b = signExtend(in[1], w);
    return clampSigned(sub ? a - b : a + b, w);
  }
  return (sub ? in[0] - in[1] : in[0] + in[1]) & maskOf(w);
}

/// min or max in the form's signedness; .relu turns a negative result to 0.
uint64_t minMax(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in,
                bool isMax) {
  unsigned w = ctx.f.bits;
  i128 a = value(ctx, in[0], w), b = value(ctx, in[1], w);
  i128 r = isMax ? (a > b ? a : b) : (a < b ? a : b);
  if (ctx.flags.relu && r < 0)
    r = 0;
  return static_cast<uint64_t>(u128(r)) & maskOf(w);
}

} // namespace

namespace tile::ref::lanes {
uint64_t intAddLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return addSub(ctx, in, /*sub=*/false);
}
uint64_t intSubLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return addSub(ctx, in, /*sub=*/true);
}
uint64_t intMulLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return productPart(ctx, product(ctx, in), ctx.ab.bits);
}
/// mad: the .lo/.hi/.wide part of a*b plus c, modulo the width of d;
/// mad.hi.sat.s32 clamps (a*b >> 32) + c to the s32 range.
uint64_t intMadLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.ab.bits, dw = ctx.f.bits;
  uint64_t part = productPart(ctx, product(ctx, in), w);
  if (ctx.flags.sat)
    return clampSigned(i128(signExtend(part, w)) + signExtend(in[2], dw), dw);
  return (part + in[2]) & maskOf(dw);
}
uint64_t intMul24Lane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return mul24Field(ctx, in);
}
/// mad24: the mul24 field plus c modulo 2^32; mad24.hi.sat.s32 clamps the
/// sum of the field (as s32) and c to the s32 range.
uint64_t intMad24Lane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  uint64_t field = mul24Field(ctx, in);
  if (ctx.flags.sat)
    return clampSigned(i128(signExtend(field, 32)) + signExtend(in[2], 32), 32);
  return (field + in[2]) & 0xFFFFFFFF;
}
/// sad: c + |a - b|, the difference exact in the type's signedness.
uint64_t intSadLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.f.bits;
  i128 d = value(ctx, in[0], w) - value(ctx, in[1], w);
  u128 absDiff = u128(d < 0 ? -d : d);
  return static_cast<uint64_t>(absDiff + in[2]) & maskOf(w);
}
/// div: truncating; by 0 all ones, MIN / -1 = MIN (H200).
uint64_t intDivLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.f.bits;
  i128 a = value(ctx, in[0], w), b = value(ctx, in[1], w);
  if (b == 0)
    return maskOf(w);
  return static_cast<uint64_t>(u128(a / b)) & maskOf(w); // MIN/-1 wraps.
}
/// rem: the dividend's sign; by 0 all ones, MIN % -1 = 0 (H200).
uint64_t intRemLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.f.bits;
  i128 a = value(ctx, in[0], w), b = value(ctx, in[1], w);
  if (b == 0)
    return maskOf(w);
  return static_cast<uint64_t>(u128(a % b)) & maskOf(w);
}
/// abs: abs(MIN) wraps to MIN.
uint64_t intAbsLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  unsigned w = ctx.f.bits;
  int64_t a = signExtend(in[0], w);
  return (a < 0 ? 0 - in[0] : in[0]) & maskOf(w);
}
uint64_t intNegLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return (0 - in[0]) & maskOf(ctx.f.bits);
}
uint64_t intMinLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return minMax(ctx, in, /*isMax=*/false);
}
uint64_t intMaxLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return minMax(ctx, in, /*isMax=*/true);
}
} // namespace tile::ref::lanes
