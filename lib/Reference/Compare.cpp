//===- Compare.cpp - Lane functions of comparison and selection -----------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The reference lanes of setp, set, selp, slct and testp (PTX ISA 9.7.6,
/// 9.7.7, 9.7.3.4). A predicate lane is one bit. Float comparisons follow
/// the ISA's tables: the ordered operators are false when either source is
/// NaN, the unordered ones (equ ... geu) true, `num` and `nan` test for
/// NaN; +0 equals -0; `.ftz` flushes subnormal sources to zeros of their
/// sign before comparing.
///
//===----------------------------------------------------------------------===//

#include "Lanes.h"

using namespace tile;
using namespace tile::ref;
using ptx::Qual;

namespace {

/// The type of the form's operand `index` (its order in the form).
ptx::DataType operandType(const LaneContext &ctx, unsigned index) {
  return ctx.instr.form->operands[index].type;
}

/// `x`, a lane of `f`, flushed to a zero of its sign under `.ftz`.
uint64_t flushIf(const LaneContext &ctx, const Format &f, uint64_t x) {
  return ctx.flags.ftz && f.isSubnormal(x) ? x & f.signMask() : x;
}

/// -1, 0 or 1 as `a` is below, equal to or above `b`: both non-NaN floats
/// of `f`, with +0 equal to -0.
int orderFloats(const Format &f, uint64_t a, uint64_t b) {
  auto key = [&](uint64_t x) {
    int64_t mag = static_cast<int64_t>(x & ~f.signMask() & f.mask());
    return (x & f.signMask()) ? -mag : mag;
  };
  int64_t ka = key(a), kb = key(b);
  return ka < kb ? -1 : ka > kb;
}

/// Whether `order` (-1, 0, 1) satisfies the ordered relation of `quals`.
bool holds(ptx::QualSet quals, int order) {
  auto has = [&](Qual q) { return bool(quals & ptx::bit(q)); };
  if (has(Qual::EQ) || has(Qual::EQU))
    return order == 0;
  if (has(Qual::NE) || has(Qual::NEU))
    return order != 0;
  if (has(Qual::LT) || has(Qual::LTU) || has(Qual::Lo))
    return order < 0;
  if (has(Qual::LE) || has(Qual::LEU) || has(Qual::LS))
    return order <= 0;
  if (has(Qual::GT) || has(Qual::GTU) || has(Qual::Hi))
    return order > 0;
  return order >= 0; // GE, GEU, HS.
}

/// a CmpOp b over the sources' type (the first source of every comparison
/// form; one lane of a packed type).
bool compare(const LaneContext &ctx, uint64_t a, uint64_t b) {
  ptx::DataType type = ctx.instr.form->getSource(0)->type;
  const Format f = formatOf(type);
  ptx::QualSet quals = ctx.instr.quals;
  if (ptx::getInfo(type).intKind != ptx::IntKind::None) {
    bool isSigned = ptx::getInfo(type).intKind == ptx::IntKind::Signed;
    int64_t sa = signExtend(a, f.bits), sb = signExtend(b, f.bits);
    int order = isSigned ? (sa < sb ? -1 : sa > sb) : (a < b ? -1 : a > b);
    return holds(quals, order);
  }
  a = flushIf(ctx, f, a);
  b = flushIf(ctx, f, b);
  bool unordered = f.isNaN(a) || f.isNaN(b);
  if (quals & ptx::bit(Qual::NUM))
    return !unordered;
  if (quals & ptx::bit(Qual::CmpNaN))
    return unordered;
  if (unordered) {
    ptx::QualSet unorderedOps = ptx::bit(Qual::EQU) | ptx::bit(Qual::NEU) |
                                ptx::bit(Qual::LTU) | ptx::bit(Qual::LEU) |
                                ptx::bit(Qual::GTU) | ptx::bit(Qual::GEU);
    return bool(quals & unorderedOps);
  }
  return holds(quals, orderFloats(f, a, b));
}

/// `r` combined with the predicate source c (the third source) by the
/// BoolOp, if the form has one.
bool combine(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in, bool r) {
  if (in.size() < 3)
    return r;
  bool c = in[2] & 1;
  ptx::QualSet quals = ctx.instr.quals;
  if (quals & ptx::bit(Qual::AND))
    return r && c;
  if (quals & ptx::bit(Qual::OR))
    return r || c;
  return r != c; // XOR
}

/// The comparison combined with the predicate source c by the BoolOp.
bool compareAndCombine(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return combine(ctx, in, compare(ctx, in[0], in[1]));
}

} // namespace

namespace tile::ref::lanes {

uint64_t setpLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return compareAndCombine(ctx, in);
}

/// setp p|q: p in bit 0, q in bit 1. Over scalars q is the complement of
/// the comparison, combined with c; over a packed pair (.f16x2, .bf16x2) p
/// is the lower lanes' comparison and q the upper lanes'.
uint64_t setpPairLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  ptx::DataType type = ctx.instr.form->getSource(0)->type;
  if (ptx::getInfo(type).lanes == 1) {
    bool r = compare(ctx, in[0], in[1]);
    return combine(ctx, in, r) | uint64_t(combine(ctx, in, !r)) << 1;
  }
  unsigned w = formatOf(type).bits;
  uint64_t m = maskOf(w);
  bool lo = compare(ctx, in[0] & m, in[1] & m);
  bool hi = compare(ctx, (in[0] >> w) & m, (in[1] >> w) & m);
  return combine(ctx, in, lo) | uint64_t(combine(ctx, in, hi)) << 1;
}

/// set: all ones for an integer destination, 1.0 for a float one.
uint64_t setLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  if (!compareAndCombine(ctx, in))
    return 0;
  const Format &f = ctx.f;
  if (!f.expBits)
    return f.mask();
  return static_cast<uint64_t>(f.bias()) << (f.layout - 1);
}

/// selp d, a, b, c: d = c ? a : b.
uint64_t selpLane(const LaneContext &, llvm::ArrayRef<uint64_t> in) {
  return (in[2] & 1) ? in[0] : in[1];
}

/// slct d, a, b, c: d = (c >= 0) ? a : b, c of .s32 or .f32 (-0 counts as
/// 0; .ftz flushes a subnormal c; a NaN c selects b, as c >= 0 is false).
uint64_t slctLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  ptx::DataType cType = operandType(ctx, 3);
  const Format cf = formatOf(cType);
  uint64_t c = in[2];
  bool nonNegative;
  if (ptx::getInfo(cType).intKind != ptx::IntKind::None) {
    nonNegative = signExtend(c, cf.bits) >= 0;
  } else {
    c = flushIf(ctx, cf, c);
    nonNegative = !cf.isNaN(c) && orderFloats(cf, c, 0) >= 0;
  }
  return nonNegative ? in[0] : in[1];
}

/// testp.op p, a. `.normal` holds for +-0 as well (the ISA says so; an H200
/// agrees), `.subnormal` does not.
uint64_t testpLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  const Format &f = ctx.ab;
  uint64_t a = in[0];
  ptx::QualSet quals = ctx.instr.quals;
  bool nan = f.isNaN(a), inf = f.isInf(a);
  if (quals & ptx::bit(Qual::Finite))
    return !nan && !inf;
  if (quals & ptx::bit(Qual::Infinite))
    return inf;
  if (quals & ptx::bit(Qual::Number))
    return !nan;
  if (quals & ptx::bit(Qual::NotANumber))
    return nan;
  if (quals & ptx::bit(Qual::Subnormal))
    return f.isSubnormal(a);
  // .normal: a normal number or a zero.
  return !nan && !inf && !f.isSubnormal(a);
}

} // namespace tile::ref::lanes
