//===- AnnotateUnroll.cpp - unroll counts for loops of tile instructions --===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/bit.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILEANNOTATEUNROLL
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;

/// The attribute convert-scf-to-cf carries to the loop's back edge.
static constexpr StringLiteral kLoopAnnotation = "llvm.loop_annotation";

/// Tile instructions one iteration of `loop` executes (each op's repeats
/// counted), or 0 if the loop holds another loop.
static int64_t countInstructions(scf::ForOp loop) {
  int64_t count = 0;
  bool nested = false;
  loop.getBody()->walk([&](Operation *op) {
    if (isa<LoopLikeOpInterface>(op)) {
      nested = true;
      return WalkResult::interrupt();
    }
    if (auto apply = dyn_cast<ApplyOp>(op))
      count += apply.getNumInstructions();
    return WalkResult::advance();
  });
  return nested ? 0 : count;
}

/// Whether `loop` executes a convergent operation: a collective form's
/// inline asm, or a barrier.
static bool holdsCollective(scf::ForOp loop) {
  WalkResult found = loop.getBody()->walk([](Operation *op) {
    auto apply = dyn_cast<ApplyOp>(op);
    bool convergent = isa<gpu::BarrierOp>(op) ||
                      (apply && isConvergentForm(*apply.getInstr().form));
    return convergent ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// The unroll count for `loop`: the largest power of two with at most
/// `target` instructions in the unrolled body, bounded by a constant trip
/// count; 1 where unrolling would not help. LLVM unrolls a loop of
/// convergent operations only without a remainder loop (it warns "loop not
/// unrolled" otherwise), so such a loop needs a constant trip count that
/// the count divides.
static int64_t chooseCount(scf::ForOp loop, int64_t target) {
  int64_t body = countInstructions(loop);
  if (body <= 0 || body * 2 > target)
    return 1;
  int64_t count = int64_t(llvm::bit_floor(uint64_t(target / body)));
  std::optional<APInt> trips = loop.getStaticTripCount();
  if (trips)
    count = std::min<int64_t>(count, trips->getLimitedValue(INT64_MAX));
  if (holdsCollective(loop)) {
    if (!trips || trips->isZero())
      return 1;
    uint64_t t = trips->getLimitedValue(INT64_MAX);
    while (count > 1 && t % uint64_t(count))
      count /= 2;
  }
  return std::max<int64_t>(count, 1);
}

namespace {
struct TileAnnotateUnrollPass
    : public mlir::tile::impl::TileAnnotateUnrollBase<TileAnnotateUnrollPass> {
  using Base::Base;
  void runOnOperation() override {
    if (!target)
      return;
    MLIRContext *ctx = &getContext();
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kLoopAnnotation))
        return;
      int64_t count = chooseCount(loop, target);
      if (count <= 1)
        return;
      auto unroll = LLVM::LoopUnrollAttr::get(
          ctx, /*disable=*/nullptr,
          IntegerAttr::get(IntegerType::get(ctx, 32), count),
          /*runtimeDisable=*/nullptr, /*full=*/nullptr,
          /*followupUnrolled=*/nullptr, /*followupRemainder=*/nullptr,
          /*followupAll=*/nullptr);
      auto annotation = LLVM::LoopAnnotationAttr::get(
          ctx, /*disableNonforced=*/nullptr, /*vectorize=*/nullptr,
          /*interleave=*/nullptr, unroll, /*unrollAndJam=*/nullptr,
          /*licm=*/nullptr, /*distribute=*/nullptr, /*pipeline=*/nullptr,
          /*peeled=*/nullptr, /*unswitch=*/nullptr, /*mustProgress=*/nullptr,
          /*isVectorized=*/nullptr, /*startLoc=*/nullptr, /*endLoc=*/nullptr,
          /*parallelAccesses=*/{});
      loop->setAttr(kLoopAnnotation, annotation);
    });
  }
};
} // namespace
