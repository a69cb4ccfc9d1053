//===- Special.cpp - Division and the special functions ------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The lane functions of div, rcp, sqrt, rsqrt, sin, cos, lg2, ex2 and tanh.
// The IEEE-rounded forms are correctly rounded in their mode. The
// approximations of f32 and f64 (div.approx and div.full among them) have a
// MufuModel and give the H200's bits (Mufu.cpp); those of the 16-bit types
// give the H200's recorded results (FormDesc::measuredResults).
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"

#include "Lanes.h"
#include "Mufu.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>

using namespace tile;
using namespace tile::ref;

namespace {

/// The upper-half f64 format: a 1.11.20 number in the upper 32 bits of an
/// f64 whose lower 32 bits are zero.
Format upperHalfOf(const Format &f) {
  Format h = f;
  h.precision = 21;
  return h;
}

/// The H200's result of a measured 16-bit approximation: the recorded one
/// where it is not the correctly rounded one.
uint64_t measured(RoundedOp op, const LaneContext &ctx, uint64_t a) {
  llvm::ArrayRef<uint32_t> table = ctx.instr.form->measuredResults;
  const uint32_t *it = std::lower_bound(
      table.begin(), table.end(), a,
      [](uint32_t entry, uint64_t input) { return (entry >> 16) < input; });
  if (it != table.end() && (*it >> 16) == a)
    return *it & 0xFFFF;
  return roundedMath(op, ctx.f, ctx.instr.rounding(), ctx.flags, a, 0);
}

/// One lane of the one-source `op` of the form.
uint64_t unary(RoundedOp op, const LaneContext &ctx,
               llvm::ArrayRef<uint64_t> in) {
  if (const ptx::MufuModelDesc *m = ctx.instr.form->mufu)
    return ctx.f.bits == 64
               ? mufuResult64(*m, in[0])
               : mufuResult(*m, ctx.flags.ftz, static_cast<uint32_t>(in[0]));
  if (ctx.instr.form->flushesSubnormals && !ctx.flags.ftz) {
    Flags flushing = ctx.flags;
    flushing.ftz = true;
    return unary(op, LaneContext{ctx.instr, ctx.f, ctx.ab, flushing}, in);
  }
  if (!ctx.instr.form->measuredResults.empty())
    return measured(op, ctx, in[0]);
  return roundedMath(op, ctx.f, ctx.instr.rounding(), ctx.flags, in[0], 0);
}

} // namespace

namespace tile::ref::lanes {
uint64_t divLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  const Format &f = ctx.f;
  uint64_t a = in[0], b = in[1];
  if (const ptx::MufuModelDesc *m = ctx.instr.form->mufu)
    return mufuQuotient(*m, ctx.flags.ftz, static_cast<uint32_t>(a),
                        static_cast<uint32_t>(b));
  return roundedMath(RoundedOp::Div, f, ctx.instr.rounding(), ctx.flags, a, b);
}
uint64_t rcpLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return unary(RoundedOp::Rcp, ctx, in);
}
uint64_t sqrtLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return unary(RoundedOp::Sqrt, ctx, in);
}
uint64_t rsqrtLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return unary(RoundedOp::Rsqrt, ctx, in);
}
uint64_t sinLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return unary(RoundedOp::Sin, ctx, in);
}
uint64_t cosLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return unary(RoundedOp::Cos, ctx, in);
}
uint64_t lg2Lane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return unary(RoundedOp::Lg2, ctx, in);
}
uint64_t ex2Lane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return unary(RoundedOp::Ex2, ctx, in);
}
uint64_t tanhLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return unary(RoundedOp::Tanh, ctx, in);
}
} // namespace tile::ref::lanes

//===----------------------------------------------------------------------===//
// Error bounds
//===----------------------------------------------------------------------===//

namespace {

RoundedOp roundedOpOf(ptx::Semantics s) {
  switch (s) {
  case ptx::Semantics::Div:
    return RoundedOp::Div;
  case ptx::Semantics::Rcp:
    return RoundedOp::Rcp;
  case ptx::Semantics::Sqrt:
    return RoundedOp::Sqrt;
  case ptx::Semantics::Rsqrt:
    return RoundedOp::Rsqrt;
  case ptx::Semantics::Sin:
    return RoundedOp::Sin;
  case ptx::Semantics::Cos:
    return RoundedOp::Cos;
  case ptx::Semantics::Lg2:
    return RoundedOp::Lg2;
  case ptx::Semantics::Ex2:
    return RoundedOp::Ex2;
  default:
    assert(s == ptx::Semantics::Tanh && "a form with error bounds");
    return RoundedOp::Tanh;
  }
}

/// `x` as a position among the format's values, in order (-0 and +0 at 0).
int64_t orderOf(const Format &f, uint64_t x) {
  int64_t mag = static_cast<int64_t>(x & ~f.signMask() & f.mask());
  return (x & f.signMask()) ? -mag : mag;
}

/// One lane of withinBounds: sources a and b, result g, the correctly
/// rounded e.
bool laneWithinBounds(const ptx::FormDesc &form, const Format &f,
                      const Flags &flags, uint64_t a, uint64_t b, uint64_t g,
                      uint64_t e) {
  if (f.isNaN(e) || f.isNaN(g))
    return f.isNaN(e) && f.isNaN(g);
  const ptx::ErrorBoundDesc *bound = nullptr;
  for (const ptx::ErrorBoundDesc &d : form.bounds) {
    double x = d.operand == 2 ? toDouble(f, b) : toDouble(f, a);
    if (d.operand < 0 || (x >= d.lo && x <= d.hi)) {
      bound = &d;
      break;
    }
  }
  double minNormal = std::ldexp(1.0, 1 - f.bias());
  double step = std::ldexp(1.0, 1 - f.bias() - int(f.precision - 1));
  double gv = toDouble(f, g);
  double fx = exactMath(roundedOpOf(form.semantics), f, flags, a, b);
  if (flags.ftz && std::fabs(gv) < 2 * minNormal &&
      std::fabs(fx) < 2 * minNormal)
    return true;
  if (!bound) // No guarantee here (or none in the ISA): NaN-ness only.
    return form.bounds.size() || g == e || !(f.isInf(g) || f.isInf(e));
  double limit = bound->limit();
  if (bound->metric == ptx::ErrorMetric::Ulp)
    return std::llabs(orderOf(f, g) - orderOf(f, e)) <= limit;
  if (f.isInf(g) || f.isInf(e) || (gv == 0 && fx == 0))
    return g == e;
  double err = std::fabs(gv - fx);
  double allowed = bound->metric == ptx::ErrorMetric::Relative
                       ? limit * std::fabs(fx)
                       : limit;
  return err <= allowed + step;
}

} // namespace

bool tile::ref::withinBounds(const ptx::Instr &instr,
                             llvm::ArrayRef<uint64_t> sources, uint64_t got,
                             uint64_t expected) {
  const ptx::FormDesc &form = *instr.form;
  ptx::DataType t = form.types[0];
  Format f = formatOf(t);
  if (form.upperHalf)
    f = upperHalfOf(f);
  Flags flags;
  flags.ftz = instr.has(ptx::Qual::FTZ) || form.flushesSubnormals;
  unsigned lanes = ptx::getInfo(t).lanes, bits = laneBitsOf(t);
  for (unsigned i = 0; i < lanes; ++i) {
    auto lane = [&](uint64_t x) { return (x >> (i * bits)) & maskOf(bits); };
    // An upper-half form's error is against f of the upper half, which is
    // what the ISA says it computes.
    uint64_t a = lane(sources[0]) &
                 (form.upperHalf ? ~uint64_t(0xFFFFFFFF) : ~uint64_t(0));
    uint64_t b = sources.size() > 1 ? lane(sources[1]) : 0;
    if (!laneWithinBounds(form, f, flags, a, b, lane(got), lane(expected)))
      return false;
  }
  return true;
}
