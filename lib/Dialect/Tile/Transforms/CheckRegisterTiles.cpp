//===- CheckRegisterTiles.cpp - keep register tiles in registers ----------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILECHECKREGISTERTILES
#define GEN_PASS_DEF_TILECHECKGPUMODULES
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Whether every index of a load or store is a constant.
bool hasConstantIndices(ValueRange indices) {
  return llvm::all_of(indices,
                      [](Value v) { return matchPattern(v, m_Constant()); });
}

/// Whether `op` is a view of the memref it takes (its result addresses the
/// same registers).
bool isTileView(Operation *op) {
  return isa<memref::SubViewOp, memref::ExpandShapeOp, memref::CollapseShapeOp,
             memref::CastOp, memref::ReinterpretCastOp>(op);
}

/// Checks every use of the register tile `tile` (and of its views); reports
/// the first that would force local memory.
LogicalResult checkUses(Value tile) {
  SmallVector<Value> worklist = {tile};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ApplyOp>(user))
        continue;
      if (isTileView(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (auto load = dyn_cast<memref::LoadOp>(user)) {
        if (hasConstantIndices(load.getIndices()))
          continue;
        return load.emitError("register tile read at a dynamic index: the "
                              "tile would be kept in local memory; index "
                              "register tiles with constants (or use "
                              "tile.apply repeats)");
      }
      if (auto store = dyn_cast<memref::StoreOp>(user)) {
        if (use.getOperandNumber() == 1 &&
            hasConstantIndices(store.getIndices()))
          continue;
        return store.emitError(
            use.getOperandNumber() == 1
                ? "register tile written at a dynamic index: the tile would "
                  "be kept in local memory; index register tiles with "
                  "constants (or use tile.apply repeats)"
                : "a register tile cannot be stored as a value");
      }
      return user->emitError()
             << "register tile escapes to '" << user->getName()
             << "': passing or returning it, or any use other than "
                "tile.apply, a view, or a load or store at constant "
                "indices, would keep it in local memory";
    }
  }
  return success();
}

/// A register tile in a function's signature would become a pointer to
/// local memory (a `.local` parameter read with `ld.local`): reject it.
LogicalResult checkSignature(FunctionOpInterface func) {
  auto check = [&](ArrayRef<Type> types, StringRef what) -> LogicalResult {
    for (auto [i, type] : llvm::enumerate(types))
      if (isRegisterTile(type))
        return func.emitOpError()
               << what << " " << i << " is a register tile " << type
               << ": a register tile cannot be passed to or returned from a "
                  "function (it would be a pointer to local memory); pass "
                  "a global or shared memref, or scalars";
    return success();
  };
  return success(succeeded(check(func.getArgumentTypes(), "parameter")) &&
                 succeeded(check(func.getResultTypes(), "result")));
}

/// Registers of one thread's slots of a register tile: the elements its
/// non-distributed axes address (an axis of stride 0, such as a group axis
/// mapped to lanes, warps or threads, takes no storage), and never more
/// than the span of its layout.
int64_t slotsPerThread(AllocLocalOp alloc) {
  MemRefType type = alloc.getType();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return type.getNumElements();
  int64_t span = alloc.getStorageSize();
  int64_t slots = 1;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides))
    if (stride != 0 && llvm::MulOverflow(slots, size, slots))
      return span;
  return span >= 0 ? std::min(slots, span) : slots;
}

/// 32-bit registers one element of a register tile takes.
int64_t registersPerElement(MemRefType type) {
  return type.getElementTypeBitWidth() > 32 ? 2 : 1;
}

/// A register tile and the span of operations (in the function's pre-order)
/// in which it holds registers.
struct LiveTile {
  AllocLocalOp alloc;
  int64_t registers;
  int64_t begin, end;
};

/// Every operation that uses `tile` or a view of it.
SmallVector<Operation *> getTileUsers(Value tile) {
  SmallVector<Operation *> users;
  SmallVector<Value> worklist = {tile};
  while (!worklist.empty())
    for (Operation *user : worklist.pop_back_val().getUsers()) {
      users.push_back(user);
      if (isTileView(user))
        worklist.push_back(user->getResult(0));
    }
  return users;
}

/// The register tiles of `func` and their live spans: from the allocation
/// to the end of the last operation of its block that holds a use (a use
/// inside a loop keeps the tile for the whole loop). A use outside the
/// allocation's block and its regions keeps it to the function's end.
SmallVector<LiveTile> getLiveTiles(FunctionOpInterface func) {
  llvm::DenseMap<Operation *, int64_t> begin, end;
  func.walk<WalkOrder::PreOrder>(
      [&](Operation *op) { begin[op] = int64_t(begin.size()); });
  func.walk<WalkOrder::PostOrder>([&](Operation *op) {
    int64_t last = begin[op];
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty())
          last = std::max(last, end[&block.back()]);
    end[op] = last;
  });
  SmallVector<LiveTile> tiles;
  func.walk([&](AllocLocalOp alloc) {
    auto type = cast<MemRefType>(alloc.getType());
    LiveTile tile{alloc, slotsPerThread(alloc) * registersPerElement(type),
                  begin[alloc], begin[alloc]};
    for (Operation *user : getTileUsers(alloc)) {
      Operation *holder = alloc->getBlock()->findAncestorOpInBlock(*user);
      tile.end = std::max(tile.end, holder ? end[holder] : end[func]);
    }
    tiles.push_back(tile);
  });
  return tiles;
}

/// The most registers that the tiles hold at any one operation.
int64_t getPeakRegisters(ArrayRef<LiveTile> tiles) {
  SmallVector<std::pair<int64_t, int64_t>> events;
  for (const LiveTile &tile : tiles) {
    events.push_back({tile.begin, tile.registers});
    events.push_back({tile.end + 1, -tile.registers});
  }
  // At one position the ends come first.
  llvm::sort(events);
  int64_t live = 0, peak = 0;
  for (auto [position, change] : events)
    peak = std::max(peak, live += change);
  return peak;
}

struct TileCheckRegisterTilesPass
    : public mlir::tile::impl::TileCheckRegisterTilesBase<
          TileCheckRegisterTilesPass> {
  using Base::Base;

  /// Warns (or errs) where the register tiles of one function live at once
  /// exceed the budget; returns failure only for an error.
  LogicalResult checkBudget(FunctionOpInterface func) {
    SmallVector<LiveTile> tiles = getLiveTiles(func);
    int64_t peak = getPeakRegisters(tiles);
    if (peak <= int64_t(registerBudget))
      return success();
    LiveTile *largest = &tiles.front();
    for (LiveTile &tile : tiles)
      if (tile.registers > largest->registers)
        largest = &tile;
    unsigned budget = registerBudget;
    InFlightDiagnostic diag = registerBudgetError
                                  ? mlir::emitError(func.getLoc())
                                  : mlir::emitWarning(func.getLoc());
    diag << "the register tiles of '" << func.getName() << "' take " << peak
         << " 32-bit registers, over the budget of " << budget
         << " (a thread holds at most 255): ptxas will spill them to local "
            "memory";
    diag.attachNote(largest->alloc.getLoc())
        << "the largest takes " << largest->registers << " registers";
    return failure(registerBudgetError);
  }

  void runOnOperation() override {
    bool budgetFailed = false;
    getOperation()->walk([&](FunctionOpInterface func) {
      if (failed(checkBudget(func)))
        budgetFailed = true;
    });
    if (budgetFailed)
      return signalPassFailure();
    WalkResult result = getOperation()->walk([&](Operation *op) {
      if (auto func = dyn_cast<FunctionOpInterface>(op))
        if (failed(checkSignature(func)))
          return WalkResult::interrupt();
      // Register tiles enter as tile.alloc_local results or as block
      // arguments (of regions other than function bodies).
      for (Value v : op->getResults())
        if (isRegisterTile(v.getType()) && failed(checkUses(v)))
          return WalkResult::interrupt();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (isRegisterTile(arg.getType()) && failed(checkUses(arg)))
              return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

/// Whether `name` is a PTX identifier (PTX ISA 4.4) that LLVM 22 emits: a
/// letter followed by letters, digits, '_' and '$', or '_' or '$' followed
/// by at least one of those. (PTX also allows a leading '%'; LLVM's NVPTX
/// printer stops with a fatal error on it.)
bool isPtxIdentifier(StringRef name) {
  auto isBody = [](char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; };
  if (name.empty() || !llvm::all_of(name.drop_front(), isBody))
    return false;
  if (llvm::isAlpha(name.front()))
    return true;
  return (name.front() == '_' || name.front() == '$') && name.size() > 1;
}

/// The scalar type LLVM 22's NVPTX backend cannot lower (it stops with a
/// fatal error on f80 and f128, and tf32 has no LLVM type), looking through
/// memrefs, vectors and complex numbers; null if none.
Type findUnlowerableType(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return findUnlowerableType(shaped.getElementType());
  if (auto complex = dyn_cast<ComplexType>(type))
    return findUnlowerableType(complex.getElementType());
  if (auto f = dyn_cast<FloatType>(type))
    return f.getWidth() > 64 || isa<FloatTF32Type>(f) ? type : Type();
  return Type();
}

/// Whether a kernel parameter of `type` becomes a PTX parameter ptxas
/// takes: integers of 1, 8, 16, 32, 64 or 128 bits (LLVM 22 emits `.b3`
/// for an i3 parameter, which ptxas rejects).
bool isParameterType(Type type) {
  if (auto i = dyn_cast<IntegerType>(type))
    return llvm::is_contained({1u, 8u, 16u, 32u, 64u, 128u}, i.getWidth());
  if (auto v = dyn_cast<VectorType>(type))
    return isParameterType(v.getElementType());
  if (auto c = dyn_cast<ComplexType>(type))
    return isParameterType(c.getElementType());
  return true;
}

struct TileCheckGpuModulesPass
    : public mlir::tile::impl::TileCheckGpuModulesBase<
          TileCheckGpuModulesPass> {
  /// Types LLVM's NVPTX backend would stop on or emit wrongly.
  static WalkResult checkTypes(gpu::GPUModuleOp module) {
    WalkResult result = module.walk([](Operation *op) {
      auto report = [&](Type t, StringRef what) {
        op->emitOpError() << what << " " << t;
        return WalkResult::interrupt();
      };
      for (Type t : op->getResultTypes())
        if (Type bad = findUnlowerableType(t))
          return report(bad, "uses a type LLVM's NVPTX backend cannot lower:");
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument a : block.getArguments())
            if (Type bad = findUnlowerableType(a.getType()))
              return report(bad,
                            "uses a type LLVM's NVPTX backend cannot lower:");
      if (auto func = dyn_cast<gpu::GPUFuncOp>(op))
        for (Type t : func.getArgumentTypes())
          if (!isParameterType(t))
            return report(t, "has a parameter of a type PTX has no "
                             "parameter for (integers must have 1, 8, 16, 32, "
                             "64 or 128 bits):");
      return WalkResult::advance();
    });
    return result;
  }

  /// Kernel launch bounds become PTX directives (`.maxntid`, `.reqntid`,
  /// `.minnctapersm`, `.maxnreg`, `.reqnctapercluster`) whose values ptxas
  /// requires to be positive ("Positive non-zero value expected").
  static WalkResult checkLaunchBounds(gpu::GPUModuleOp module) {
    static constexpr StringLiteral kBounds[] = {
        "known_block_size", "known_grid_size", "known_cluster_size",
        "nvvm.maxntid",     "nvvm.reqntid",    "nvvm.cluster_dim",
        "nvvm.minctasm",    "nvvm.maxnreg"};
    for (auto func : module.getOps<gpu::GPUFuncOp>()) {
      for (StringRef name : kBounds) {
        Attribute attr = func->getAttr(name);
        if (!attr)
          continue;
        SmallVector<int64_t> values;
        if (auto array = dyn_cast<DenseI32ArrayAttr>(attr))
          values.assign(array.asArrayRef().begin(), array.asArrayRef().end());
        else if (auto integer = dyn_cast<IntegerAttr>(attr))
          values.push_back(integer.getValue().getSExtValue());
        if (llvm::all_of(values, [](int64_t v) { return v > 0; }))
          continue;
        func.emitOpError() << "'" << name << "' must hold positive values, "
                           << "got " << attr
                           << ": ptxas rejects a launch bound of 0 or less";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  }

  /// The bytes of a buffer of static `type` whose elements have a size in
  /// the data layout (integers, floats, index, vectors of them); 0 for
  /// any other (not counted: the total stays a lower bound).
  static uint64_t staticBytes(const DataLayout &layout, Type type) {
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref || !memref.hasStaticShape())
      return 0;
    Type elt = memref.getElementType();
    if (auto vector = dyn_cast<VectorType>(elt))
      elt = vector.getElementType();
    if (!elt.isIntOrIndexOrFloat())
      return 0;
    return layout.getTypeSize(memref.getElementType()) *
           uint64_t(memref.getNumElements());
  }

  /// A thread's memref.allocas and private buffers live in local memory,
  /// which the table bounds per thread (ptxas does not check it).
  static WalkResult checkLocalMemory(gpu::GPUModuleOp module) {
    for (auto func : module.getOps<gpu::GPUFuncOp>()) {
      DataLayout layout = DataLayout::closest(func);
      uint64_t total = 0, largest = 0;
      Location largestLoc = func.getLoc();
      auto count = [&](Type type, Location loc) {
        uint64_t bytes = staticBytes(layout, type);
        total += bytes;
        if (bytes > largest) {
          largest = bytes;
          largestLoc = loc;
        }
      };
      for (BlockArgument buffer : func.getPrivateAttributions())
        count(buffer.getType(), buffer.getLoc());
      func.walk([&](memref::AllocaOp a) { count(a.getType(), a.getLoc()); });
      uint64_t limit = ::tile::ptx::getLocalBytesPerThread();
      if (total <= limit)
        continue;
      InFlightDiagnostic diag = func.emitOpError();
      diag << "takes " << total
           << " bytes of local memory per thread (memref.allocas and private "
              "buffers), more than a thread may use: "
           << limit << " bytes (" << ::tile::ptx::getLocalBytesSource() << ")";
      diag.attachNote(largestLoc)
          << "the largest takes " << largest << " bytes";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  }

  /// Every symbol of a gpu.module becomes a PTX name: it must be one.
  static WalkResult checkNames(gpu::GPUModuleOp module) {
    for (Operation &op : module.getBody()->getOperations()) {
      auto name =
          op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      if (!name || isPtxIdentifier(name.getValue()))
        continue;
      op.emitOpError() << "name '" << name.getValue()
                       << "' is not a PTX identifier LLVM emits (a letter, or "
                          "'_' or '$' and one more character, followed by "
                          "letters, digits, '_' or '$')";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  }

  void runOnOperation() override {
    ModuleOp top = getOperation();
    WalkResult result = top.walk([&](gpu::GPUModuleOp module) {
      if (module->getParentOp() == top.getOperation())
        return checkNames(module).wasInterrupted() ||
                       checkLaunchBounds(module).wasInterrupted() ||
                       checkLocalMemory(module).wasInterrupted()
                   ? WalkResult::interrupt()
                   : checkTypes(module);
      mlir::emitError(module.getLoc())
          << "gpu.module @" << module.getName() << " is nested inside '"
          << module->getParentOp()->getName()
          << "': the tile pipelines lower the gpu.modules of "
             "the top-level module only; move it there";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
