//===- NarrowLoopCounters.cpp - 32-bit counters for constant loops --------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <limits>

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILENARROWLOOPCOUNTERS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;

/// Whether every value the counter of a loop from `lb` to `ub` by `step`
/// takes, the increment past its last iteration included, is a nonnegative
/// i32.
static bool fitsInI32(int64_t lb, int64_t ub, int64_t step) {
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  if (lb < 0 || step <= 0 || lb > kMax || ub > kMax)
    return false;
  if (ub <= lb)
    return true;
  // The last iteration's value, then one step past it.
  int64_t last = lb + (ub - 1 - lb) / step * step;
  return last <= kMax - step;
}

/// Rewrites `loop`'s bounds, step and counter to i32 in place, and gives
/// the body the counter as an index.
static void narrow(scf::ForOp loop, int64_t lb, int64_t ub, int64_t step) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Type i32 = b.getI32Type();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  loop.getLowerBoundMutable().assign(constant(lb));
  loop.getUpperBoundMutable().assign(constant(ub));
  loop.getStepMutable().assign(constant(step));
  Value iv = loop.getInductionVar();
  iv.setType(i32);
  b.setInsertionPointToStart(loop.getBody());
  auto wide = arith::IndexCastOp::create(b, loc, b.getIndexType(), iv);
  iv.replaceAllUsesExcept(wide, wide);
}

namespace {
struct TileNarrowLoopCountersPass
    : public mlir::tile::impl::TileNarrowLoopCountersBase<
          TileNarrowLoopCountersPass> {
  void runOnOperation() override {
    getOperation()->walk([](scf::ForOp loop) {
      if (!loop.getInductionVar().getType().isIndex())
        return;
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
      std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      if (lb && ub && step && fitsInI32(*lb, *ub, *step))
        narrow(loop, *lb, *ub, *step);
    });
  }
};
} // namespace
