//===- ExpandRepeats.cpp - one instruction per repeat ---------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILEEXPANDREPEATS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;

/// The executing thread's coordinates for the group axes of `scope`, as
/// index values: (lane), (warp_in_group, lane) or (warp_in_cta, lane).
static SmallVector<Value> buildGroupCoords(OpBuilder &b, Location loc,
                                           Scope scope) {
  if (scope == Scope::thread)
    return {};
  Value lane = gpu::LaneIdOp::create(b, loc, /*upper_bound=*/nullptr);
  if (scope == Scope::warp)
    return {lane};
  // Linear thread id within the CTA.
  Value tx = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value ty = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value tz = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value bx = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  Value by = gpu::BlockDimOp::create(b, loc, gpu::Dimension::y);
  Value linear = arith::AddIOp::create(
      b, loc, tx,
      arith::MulIOp::create(
          b, loc, bx,
          arith::AddIOp::create(b, loc, ty,
                                arith::MulIOp::create(b, loc, by, tz))));
  Value c32 = arith::ConstantIndexOp::create(b, loc, 32);
  Value warp = arith::DivUIOp::create(b, loc, linear, c32);
  if (scope == Scope::warpgroup) {
    Value c4 = arith::ConstantIndexOp::create(b, loc, 4);
    warp = arith::RemUIOp::create(b, loc, warp, c4);
  }
  return {warp, lane};
}

/// The type of the rank-1 view of `type`'s atom axis at `offsets`: the
/// leading axes are dropped, the atom axis keeps its stride.
static MemRefType getAtomViewType(MemRefType type,
                                  ArrayRef<OpFoldResult> offsets) {
  auto [strides, offset] = type.getStridesAndOffset();
  for (auto [o, stride] : llvm::zip(offsets, strides)) {
    std::optional<int64_t> c = getConstantIntValue(o);
    if (!c || ShapedType::isDynamic(offset) || ShapedType::isDynamic(stride))
      offset = ShapedType::kDynamic;
    else
      offset += *c * stride;
  }
  auto layout =
      StridedLayoutAttr::get(type.getContext(), offset, {strides.back()});
  return MemRefType::get({type.getShape().back()}, type.getElementType(),
                         layout, type.getMemorySpace());
}

/// The view of one repeat's atom of `arg`. Where its offset is static, it
/// is what expand-strided-metadata would make of a subview, made here
/// directly: a `memref.reinterpret_cast` of `arg`'s base buffer (one
/// `memref.extract_strided_metadata` per operand, kept in `metadata`), which
/// saves that pass and CSE one subview per operand and repeat. Otherwise (a
/// group coordinate in the offsets, or no `metadata` map: base views not
/// wanted), a `memref.subview`.
static Value buildAtomView(OpBuilder &b, Location loc, Value arg,
                           MemRefType viewType, ArrayRef<OpFoldResult> offsets,
                           ArrayRef<OpFoldResult> sizes,
                           ArrayRef<OpFoldResult> strides,
                           llvm::SmallDenseMap<Value, Value> *metadata) {
  auto [viewStrides, viewOffset] = viewType.getStridesAndOffset();
  if (!metadata || ShapedType::isDynamic(viewOffset) ||
      ShapedType::isDynamic(viewStrides.front()))
    return memref::SubViewOp::create(b, loc, viewType, arg, offsets, sizes,
                                     strides);
  Value &base = (*metadata)[arg];
  if (!base)
    base =
        memref::ExtractStridedMetadataOp::create(b, loc, arg).getBaseBuffer();
  return memref::ReinterpretCastOp::create(b, loc, viewType, base, viewOffset,
                                           viewType.getShape(), viewStrides);
}

/// The row lane `coords.back()` addresses of a warp's matrices `arg` (its
/// coordinates (group, repeat, matrix..., row, column)) at repeat `rc`: the
/// memory operand's fragment gives the matrix and row (its lane digits),
/// the matrix spread over the matrix axes in row-major order.
static Value buildRowView(OpBuilder &b, Location loc, Value arg,
                          const ::tile::ptx::OperandDesc &desc,
                          ArrayRef<Value> coords, ArrayRef<int64_t> rc) {
  auto type = cast<MemRefType>(arg.getType());
  ArrayRef<int64_t> shape = type.getShape();
  Value lane = coords.back();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value matrix = cst(0), row = cst(0);
  for (const ::tile::ptx::FragmentDigit &d : desc.fragment->digits) {
    if (!d.fromLane || (!d.matrix && !d.row))
      continue;
    Value v = arith::RemUIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, lane, cst(d.div)), cst(d.mod));
    if (d.matrix)
      matrix = arith::AddIOp::create(
          b, loc, matrix, arith::MulIOp::create(b, loc, v, cst(d.matrix)));
    if (d.row)
      row = arith::AddIOp::create(b, loc, row,
                                  arith::MulIOp::create(b, loc, v, cst(d.row)));
  }
  SmallVector<OpFoldResult> offsets, sizes;
  // The lane axis has stride 0 (verified); the other group axes (a CTA's
  // warps) are the thread's own.
  for (Value c : coords)
    offsets.push_back(c);
  for (int64_t r : rc)
    offsets.push_back(b.getIndexAttr(r));
  size_t lead = coords.size() + rc.size();
  ArrayRef<int64_t> matrixAxes = shape.slice(lead, shape.size() - lead - 2);
  SmallVector<OpFoldResult> matrixCoords;
  for (int64_t i = matrixAxes.size() - 1; i >= 0; --i) {
    matrixCoords.push_back(
        arith::RemUIOp::create(b, loc, matrix, cst(matrixAxes[i])).getResult());
    matrix = arith::DivUIOp::create(b, loc, matrix, cst(matrixAxes[i]));
  }
  offsets.append(matrixCoords.rbegin(), matrixCoords.rend());
  offsets.push_back(row);
  offsets.push_back(b.getIndexAttr(0));
  sizes.assign(shape.size() - 1, b.getIndexAttr(1));
  sizes.push_back(b.getIndexAttr(shape.back()));
  SmallVector<OpFoldResult> strides(shape.size(), b.getIndexAttr(1));
  MemRefType viewType = getAtomViewType(type, offsets);
  return memref::SubViewOp::create(b, loc, viewType, arg, offsets, sizes,
                                   strides);
}

LogicalResult mlir::tile::expandRepeats(ApplyOp op, OpBuilder &b,
                                        bool baseViews) {
  if (op.isSingleInstruction())
    return success();
  Location loc = op.getLoc();
  Scope scope = op.getScope();
  unsigned groupRank = ApplyOp::getGroupRank(scope);

  // The group and repeat shape (all tensor operands agree; verified).
  Value shapeOperand = op.getShapeOperand();
  if (!shapeOperand)
    return op.emitOpError("has no tensor operand to expand");
  auto refType = cast<MemRefType>(shapeOperand.getType());
  ArrayRef<int64_t> shape = refType.getShape();
  ArrayRef<int64_t> group = shape.take_front(groupRank);
  ArrayRef<int64_t> repeat = shape.drop_front(groupRank).drop_back();

  b.setInsertionPoint(op);
  SmallVector<Value> coords = buildGroupCoords(b, loc, scope);

  // Threads outside a smaller-than-scope group do nothing.
  Value guard;
  SmallVector<int64_t> limits = ApplyOp::getGroupLimits(scope);
  for (unsigned g = 0; g < groupRank; ++g) {
    // A full axis needs no guard, except a CTA's warp axis: the number of
    // warps in a CTA is a launch parameter.
    bool ctaWarps = scope == Scope::cta && g == 0;
    if (group[g] == limits[g] && !ctaWarps)
      continue;
    Value bound = arith::ConstantIndexOp::create(b, loc, group[g]);
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          coords[g], bound);
    guard = guard ? arith::AndIOp::create(b, loc, guard, inRange).getResult()
                  : inRange;
  }
  if (guard) {
    auto ifOp = scf::IfOp::create(b, loc, guard, /*withElseRegion=*/false);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }

  int64_t count = 1;
  for (int64_t r : repeat)
    count *= r;
  SmallVector<int64_t> rc(repeat.size(), 0);
  // K accumulated through repeats: after the first repeat along an
  // accumulation axis, the accumulator operand is the destination.
  SmallVector<unsigned> accumulationAxes = op.getAccumulationAxes();
  std::optional<unsigned> accumulator = op.getAccumulatorIndex();
  llvm::SmallDenseMap<Value, Value> metadata; // Base buffer per operand.
  Value zero; // The index of a predicate tile view's one element.
  for (int64_t n = 0; n < count; ++n) {
    // Row-major repeat coordinate of the n-th instruction.
    int64_t rem = n;
    for (int64_t i = repeat.size() - 1; i >= 0; --i) {
      rc[i] = rem % repeat[i];
      rem /= repeat[i];
    }
    SmallVector<Value> operands;
    llvm::SmallDenseMap<Value, Value> views; // One view per tensor and repeat.
    Value pred = op.getPred();
    SmallVector<Value> tensors(op.getArgs());
    bool predTile = pred && isa<MemRefType>(pred.getType());
    if (predTile)
      tensors.push_back(pred);
    for (auto [index, arg] : llvm::enumerate(tensors)) {
      if (index < op.getArgs().size() && op.isRowsOperand(index)) {
        operands.push_back(buildRowView(
            b, loc, arg, op.getInstr().form->operands[index], coords, rc));
        continue;
      }
      if (Value view = views.lookup(arg)) {
        operands.push_back(view);
        continue;
      }
      auto type = dyn_cast<MemRefType>(arg.getType());
      if (!type) {
        operands.push_back(arg); // Broadcast scalar.
        continue;
      }
      bool isRegister = isRegisterTile(type);
      SmallVector<OpFoldResult> offsets, sizes, strides;
      for (unsigned g = 0; g < groupRank; ++g) {
        // Register group axes are distributed (stride 0): index 0.
        if (isRegister || group[g] == 1)
          offsets.push_back(b.getIndexAttr(0));
        else
          offsets.push_back(coords[g]);
        sizes.push_back(b.getIndexAttr(1));
      }
      for (int64_t r : rc) {
        offsets.push_back(b.getIndexAttr(r));
        sizes.push_back(b.getIndexAttr(1));
      }
      offsets.push_back(b.getIndexAttr(0));
      sizes.push_back(b.getIndexAttr(type.getShape().back()));
      strides.assign(type.getRank(), b.getIndexAttr(1));
      MemRefType viewType = getAtomViewType(type, offsets);
      Value view = buildAtomView(b, loc, arg, viewType, offsets, sizes, strides,
                                 baseViews ? &metadata : nullptr);
      views[arg] = view;
      operands.push_back(view);
    }
    if (llvm::any_of(accumulationAxes, [&](unsigned a) { return rc[a] > 0; }))
      operands[*accumulator] = operands[0];
    // A predicate tile gives this repeat's predicate (its one element).
    if (predTile) {
      if (!zero)
        zero = arith::ConstantIndexOp::create(b, loc, 0);
      pred = memref::LoadOp::create(b, loc, operands.pop_back_val(),
                                    ValueRange{zero});
    }
    ApplyOp::create(b, loc, op.getOpcode(), operands, pred, op.getPreserveDst(),
                    Scope::thread, op.getNegatedAttr(), op.getNegatePred());
  }
  op.erase();
  return success();
}

namespace {
struct TileExpandRepeatsPass
    : public mlir::tile::impl::TileExpandRepeatsBase<TileExpandRepeatsPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<ApplyOp> ops;
    // Instructions each function will hold, bounded per kernel.
    llvm::DenseMap<Operation *, int64_t> perFunction;
    WalkResult tooMany = getOperation()->walk([&](ApplyOp op) {
      if (!op.isSingleInstruction())
        ops.push_back(op);
      int64_t n = op.getNumInstructions();
      Operation *fn = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
      int64_t &total = perFunction[fn];
      total += n;
      if (total > kMaxInstructionsPerKernel) {
        fn->emitError() << "expands to more than " << kMaxInstructionsPerKernel
                        << " tile instructions per thread; split the kernel";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (tooMany.wasInterrupted())
      return signalPassFailure();
    OpBuilder builder(&getContext());
    for (ApplyOp op : ops)
      if (failed(expandRepeats(op, builder, baseViews)))
        return signalPassFailure();
    // tile.wgmma_desc and tile.smem_desc: the arithmetic on their buffer's
    // address.
    getOperation()->walk([&](Operation *op) {
      Value desc;
      builder.setInsertionPoint(op);
      if (auto d = dyn_cast<WgmmaDescOp>(op))
        desc = d.expand(builder);
      else if (auto d = dyn_cast<SmemDescOp>(op))
        desc = d.expand(builder);
      else
        return;
      op->getResult(0).replaceAllUsesWith(desc);
      op->erase();
    });
  }
};
} // namespace
