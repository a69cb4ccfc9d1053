//===- LowerTensorMaps.cpp - tile.tensor_map_encode to a runtime call -----===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILELOWERTENSORMAPS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;

/// The runtime's encoder (tile/Runtime/MgpuWrappers.h): map address,
/// tensor address, rows, columns, row stride and column stride in
/// elements, data type, element bytes, box rows and columns, swizzle and
/// fill; the addresses and sizes i64, the codes i32.
static constexpr StringLiteral kEncoder = "tileTensorMapEncode2D";

static func::FuncOp getOrDeclareEncoder(ModuleOp module, OpBuilder &b) {
  if (auto f = module.lookupSymbol<func::FuncOp>(kEncoder))
    return f;
  Type i64 = b.getI64Type(), i32 = b.getI32Type();
  auto type = b.getFunctionType(
      {i64, i64, i64, i64, i64, i64, i32, i32, i64, i64, i32, i32}, {});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(), kEncoder, type);
  f.setPrivate();
  return f;
}

/// Replaces `op` by a call of the runtime's encoder.
static void lower(TensorMapEncodeOp op, func::FuncOp encoder, OpBuilder &b) {
  Location loc = op.getLoc();
  SmemLayoutAttr layout = op.getLayout();
  b.setInsertionPoint(op);
  auto i64 = [&](Value index) {
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  };
  auto c64 = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  };
  auto c32 = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, op.getTensor());
  SmallVector<Value> args = {
      buildMemRefAddress(b, loc, op.getMap()),
      buildMemRefAddress(b, loc, op.getTensor()),
      i64(meta.getSizes()[0]),
      i64(meta.getSizes()[1]),
      i64(meta.getStrides()[0]),
      i64(meta.getStrides()[1]),
      c32(SmemLayoutAttr::findTensorMapType(layout.getElementType())->code),
      c32(layout.getElementBytes()),
      c64(op.getBoxRows()),
      c64(layout.getAtomCols()),
      c32(layout.getMode().tensorMap),
      c32(op.findFill()->code)};
  func::CallOp::create(b, loc, encoder, args);
  op.erase();
}

namespace {
struct TileLowerTensorMaps
    : mlir::tile::impl::TileLowerTensorMapsBase<TileLowerTensorMaps> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<TensorMapEncodeOp> ops;
    getOperation()->walk([&](TensorMapEncodeOp op) { ops.push_back(op); });
    if (ops.empty())
      return;
    OpBuilder b(&getContext());
    func::FuncOp encoder = getOrDeclareEncoder(getOperation(), b);
    for (TensorMapEncodeOp op : ops)
      lower(op, encoder, b);
  }
};
} // namespace
