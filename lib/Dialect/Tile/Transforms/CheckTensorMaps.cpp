//===- CheckTensorMaps.cpp - tensor-map parameters against their layout ---===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A kernel parameter marked `tile.tensor_map = #tile.smem_layout<...>`
// holds a tensor map made from that layout. The maps a launch passes there
// (where the host encodes them with tile.tensor_map_encode) must be made
// from it, and the kernel's tensor copies through it must move the box it
// describes.
//
//===----------------------------------------------------------------------===//

#include "ApplyOperands.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILECHECKTENSORMAPS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;
namespace ptx = ::tile::ptx;

namespace {
/// What a parameter says its map was made from.
struct MapParam {
  SmemLayoutAttr layout;
  int64_t split = 1;
};
} // namespace

static std::optional<MapParam> getMapParam(gpu::GPUFuncOp fn, unsigned i) {
  auto layout = fn.getArgAttrOfType<SmemLayoutAttr>(i, kTensorMapAttrName);
  if (!layout)
    return std::nullopt;
  MapParam p{layout};
  // The dialect verified it: a signless integer of at most 64 bits.
  if (auto split = fn.getArgAttrOfType<IntegerAttr>(i, kTensorMapSplitAttrName))
    p.split = split.getValue().getSExtValue();
  return p;
}

/// `v` without memref.casts.
static Value stripCasts(Value v) {
  while (auto cast = v.getDefiningOp<memref::CastOp>())
    v = cast.getSource();
  return v;
}

/// The tile.tensor_map_encode into `map` that the launch `op` sees: the
/// nearest before it, in its block or the blocks around it; null where
/// there is none, or an encode into it in a region in between (which may
/// or may not run).
static TensorMapEncodeOp findReachingEncode(Operation *op, Value map) {
  for (; op && !isa<FunctionOpInterface>(op); op = op->getParentOp()) {
    for (Operation *prev = op->getPrevNode(); prev;
         prev = prev->getPrevNode()) {
      if (auto encode = dyn_cast<TensorMapEncodeOp>(prev))
        if (stripCasts(encode.getMap()) == map)
          return encode;
      bool nested = false;
      prev->walk([&](TensorMapEncodeOp encode) {
        nested |= stripCasts(encode.getMap()) == map;
      });
      if (nested)
        return nullptr;
    }
  }
  return nullptr;
}

/// The map a launch passes to a marked parameter, where the launching
/// function encodes it before the launch, must be made from the
/// parameter's layout and split.
static void checkLaunch(gpu::LaunchFuncOp launch, gpu::GPUFuncOp kernel,
                        bool &ok) {
  for (auto [i, arg] : llvm::enumerate(launch.getKernelOperands())) {
    if (i >= kernel.getNumArguments())
      break;
    std::optional<MapParam> want = getMapParam(kernel, i);
    if (!want)
      continue;
    TensorMapEncodeOp encode = findReachingEncode(launch, stripCasts(arg));
    if (!encode || (encode.getLayout() == want->layout &&
                    int64_t(encode.getSplit()) == want->split))
      continue;
    ok = false;
    InFlightDiagnostic diag =
        launch.emitError("passes to parameter ")
        << i << " of @" << kernel.getName() << " a tensor map made from "
        << encode.getLayout() << " split(" << encode.getSplit()
        << "), but the parameter holds one made from " << want->layout
        << " split(" << want->split << ")";
    diag.attachNote(encode.getLoc()) << "the map is made here";
  }
}

/// A tensor copy through parameter `index` must move the box of its map:
/// 2-D, the layout's rows / split times one swizzle row of bytes.
static LogicalResult checkCopy(ApplyOp copy, unsigned index,
                               const MapParam &param) {
  const ptx::FormDesc &form = *copy.getInstr().form;
  int coords = findOperand(copy, [](const ptx::OperandDesc &d) {
    return llvm::StringRef(d.name) == "tensorCoords";
  });
  if (coords >= 0 && form.operands[coords].atom != 2)
    return copy.emitOpError("copies a ")
           << form.operands[coords].atom << "-D box through parameter " << index
           << ", whose tensor map is 2-D (made from " << param.layout << ")";
  int box = findOperand(copy, [](const ptx::OperandDesc &d) {
    return d.bulk && !d.tensorMap && !d.txBarrier &&
           d.space == ptx::StateSpace::Shared;
  });
  if (box < 0)
    return success();
  auto type = cast<MemRefType>(copy.getArgs()[box].getType());
  if (!type.hasStaticShape())
    return success();
  // One instruction moves the atom (last) axis; others are repeats.
  if (type.getRank() == 0)
    return success();
  int64_t bytes = type.getShape().back() * type.getElementTypeBitWidth() / 8;
  int64_t rows = param.layout.getRows() / param.split;
  int64_t want = rows * param.layout.getAtomBytes() / param.layout.getRows();
  if (bytes == want)
    return success();
  return copy.emitOpError("moves ")
         << bytes << " bytes through parameter " << index
         << ", whose tensor map (made from " << param.layout << " split("
         << param.split << ")) has a box of " << rows << " rows of "
         << param.layout.getAtomBytes() / param.layout.getRows()
         << " bytes: " << want << " bytes";
}

static void checkKernel(gpu::GPUFuncOp kernel, bool &ok) {
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    std::optional<MapParam> param = getMapParam(kernel, i);
    if (!param)
      continue;
    for (Operation *user : kernel.getArgument(i).getUsers()) {
      auto copy = dyn_cast<ApplyOp>(user);
      if (!copy)
        continue;
      int map = findOperand(copy, [](auto &d) { return d.tensorMap; });
      if (map >= 0 && copy.getArgs()[map] == kernel.getArgument(i))
        ok &= succeeded(checkCopy(copy, i, *param));
    }
  }
}

namespace {
struct TileCheckTensorMapsPass
    : public mlir::tile::impl::TileCheckTensorMapsBase<
          TileCheckTensorMapsPass> {
  void runOnOperation() override {
    bool ok = true;
    ModuleOp module = getOperation();
    module.walk([&](gpu::GPUFuncOp kernel) { checkKernel(kernel, ok); });
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      if (kernel)
        checkLaunch(launch, kernel, ok);
    });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
