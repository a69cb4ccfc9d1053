//===- GridConstants.cpp - tensor maps passed by value --------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A kernel parameter marked `tile.grid_constant` (a memref<128xi8> tensor
// map) is passed by value: the kernel declares `.param .align 64 .b8 p[128]`
// (tile-convert-to-nvvm) and the launch hands the driver the map's 128
// bytes. tile-mark-grid-constants records, before the kernels are compiled,
// which operands of each launch go to such parameters; after that, on the
// host, tile-lower-grid-constants replaces each such operand by the bytes,
// read through the runtime from host or device memory.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILEMARKGRIDCONSTANTS
#define GEN_PASS_DEF_TILELOWERGRIDCONSTANTS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;

/// The runtime's copy of a tensor map into host memory
/// (tile/Runtime/MgpuWrappers.h): destination and source addresses, i64.
static constexpr StringLiteral kCopyMap = "tileTensorMapToHost";

namespace {
struct TileMarkGridConstants
    : mlir::tile::impl::TileMarkGridConstantsBase<TileMarkGridConstants> {
  using Base::Base;

  void runOnOperation() override {
    SymbolTableCollection symbols;
    getOperation()->walk([&](gpu::LaunchFuncOp launch) {
      auto kernel = symbols.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      if (!kernel)
        return;
      SmallVector<int64_t> positions;
      for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
        if (kernel.getArgAttr(i, kGridConstantAttrName))
          positions.push_back(i);
      if (!positions.empty())
        launch->setAttr(kGridConstantArgsAttrName,
                        DenseI64ArrayAttr::get(&getContext(), positions));
    });
  }
};

struct TileLowerGridConstants
    : mlir::tile::impl::TileLowerGridConstantsBase<TileLowerGridConstants> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<gpu::LaunchFuncOp> launches;
    getOperation()->walk([&](gpu::LaunchFuncOp launch) {
      if (launch->hasAttr(kGridConstantArgsAttrName))
        launches.push_back(launch);
    });
    if (launches.empty())
      return;
    OpBuilder b(&getContext());
    func::FuncOp copy = declareCopy(b);
    for (gpu::LaunchFuncOp launch : launches)
      if (failed(lower(launch, copy, b)))
        return signalPassFailure();
  }

  func::FuncOp declareCopy(OpBuilder &b) {
    ModuleOp module = getOperation();
    if (auto f = module.lookupSymbol<func::FuncOp>(kCopyMap))
      return f;
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    Type i64 = b.getI64Type();
    auto f = func::FuncOp::create(b, module.getLoc(), kCopyMap,
                                  b.getFunctionType({i64, i64}, {}));
    f.setPrivate();
    return f;
  }

  /// Replaces each marked operand of `launch` by its map's bytes: an
  /// `!llvm.array<128 x i8>` that the launch lowering passes by value.
  LogicalResult lower(gpu::LaunchFuncOp launch, func::FuncOp copy,
                      OpBuilder &b) {
    Location loc = launch.getLoc();
    auto positions =
        launch->getAttrOfType<DenseI64ArrayAttr>(kGridConstantArgsAttrName);
    launch->removeAttr(kGridConstantArgsAttrName);
    const ::tile::ptx::TensorMapStorage &storage =
        ::tile::ptx::getTensorMapStorage();
    auto arrayType = LLVM::LLVMArrayType::get(b.getI8Type(), storage.bytes);
    auto ptrType = LLVM::LLVMPointerType::get(&getContext());
    for (int64_t i : positions.asArrayRef()) {
      if (i < 0 || i >= int64_t(launch.getNumKernelOperands()) ||
          !isa<MemRefType>(launch.getKernelOperand(i).getType()))
        return launch.emitOpError("operand ")
               << i << " is marked as a grid constant but is not a memref";
      Value map = launch.getKernelOperand(i);
      // One buffer per operand, in the function's entry block (a launch in
      // a loop reuses it).
      Value buffer;
      {
        OpBuilder::InsertionGuard guard(b);
        Region *region = launch->getParentRegion();
        while (!isa<FunctionOpInterface>(region->getParentOp()))
          region = region->getParentOp()->getParentRegion();
        b.setInsertionPointToStart(&region->front());
        Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                             b.getI64IntegerAttr(1));
        buffer = LLVM::AllocaOp::create(b, loc, ptrType, arrayType, one,
                                        storage.align);
      }
      b.setInsertionPoint(launch);
      Value dst = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), buffer);
      func::CallOp::create(b, loc, copy,
                           ValueRange{dst, buildMemRefAddress(b, loc, map)});
      Value bytes =
          LLVM::LoadOp::create(b, loc, arrayType, buffer, storage.align);
      launch.getKernelOperandsMutable()[i].set(bytes);
    }
    return success();
  }
};
} // namespace
