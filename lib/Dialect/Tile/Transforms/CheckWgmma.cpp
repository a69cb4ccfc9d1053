//===- CheckWgmma.cpp - wgmma's registers, fences and descriptors ---------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/MapVector.h"

#include <deque>

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILECHECKWGMMA
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;
namespace ptx = ::tile::ptx;

/// The buffer `v` is a view of (through subview, reinterpret_cast, cast,
/// expand_shape and collapse_shape).
static Value getRoot(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<memref::SubViewOp, memref::ReinterpretCastOp, memref::CastOp,
             memref::ExpandShapeOp, memref::CollapseShapeOp>(def))
      break;
    v = def->getOperand(0);
  }
  return v;
}

static bool isView(Operation *op) {
  return isa<memref::SubViewOp, memref::ReinterpretCastOp, memref::CastOp,
             memref::ExpandShapeOp, memref::CollapseShapeOp>(op);
}

/// The wgmma.mma_async operand a register tile is in flight as.
enum class InFlightAs { D, A };

namespace {
/// The register tiles of one block's wgmma.mma_async instructions that no
/// wait_group has retired yet: those not yet committed, then each
/// committed group, oldest first.
struct InFlight {
  using Tiles = llvm::MapVector<Value, std::pair<ApplyOp, InFlightAs>>;
  Tiles open;
  std::deque<Tiles> groups;

  const std::pair<ApplyOp, InFlightAs> *find(Value root) const {
    if (auto it = open.find(root); it != open.end())
      return &it->second;
    for (const Tiles &g : groups)
      if (auto it = g.find(root); it != g.end())
        return &it->second;
    return nullptr;
  }
};
} // namespace

/// Whether `op` is wgmma's commit_group or wait_group (their spellings).
static bool isWgmmaSync(ApplyOp op, StringRef what) {
  ptx::Instr instr = op.getInstr();
  return StringRef(instr.form->mnemonic) == "wgmma" &&
         StringRef(instr.str()).contains(what);
}

static bool isWgmma(ApplyOp op) {
  return op.getInstr().form->isWarpgroupCollective();
}

/// Reports `user` touching `root`, which `issue` has in flight.
static void report(Operation *user, const std::pair<ApplyOp, InFlightAs> &at) {
  InFlightDiagnostic d = user->emitError()
                         << "touches the register tile of "
                         << (at.second == InFlightAs::D ? "the accumulator d"
                                                        : "the fragment a")
                         << " of a wgmma.mma_async in flight: wait for it "
                            "(wgmma.commit_group, then wgmma.wait_group) first";
  d.attachNote(at.first->getLoc()) << "the wgmma.mma_async issued here";
}

/// Records a wgmma.mma_async's register tiles; a d already in flight as a
/// d may accumulate again (the hardware orders such a chain), an a in
/// flight may be read again; anything else is an error.
static bool issue(ApplyOp op, InFlight &state) {
  bool ok = true;
  for (auto [value, desc] :
       llvm::zip(op.getArgs(), op.getInstr().form->getOperands())) {
    if (desc.distribution != ptx::Distribution::Warpgroup ||
        !isa<MemRefType>(value.getType()))
      continue;
    InFlightAs as =
        desc.mmaRole == ptx::MmaRole::D ? InFlightAs::D : InFlightAs::A;
    Value root = getRoot(value);
    if (const auto *at = state.find(root); at && at->second != as) {
      report(op, *at);
      ok = false;
    }
    state.open[root] = {op, as};
  }
  return ok;
}

/// The constant of `op`'s operand with mma role `role`, if it has one.
static std::optional<int64_t> getRoleConstant(ApplyOp op, ptx::MmaRole role) {
  for (auto [value, desc] :
       llvm::zip(op.getArgs(), op.getInstr().form->getOperands())) {
    llvm::APInt v;
    if (desc.mmaRole == role && matchPattern(value, m_ConstantInt(&v)))
      return v.getSExtValue();
  }
  return std::nullopt;
}

/// Checks a descriptor that tile.smem_desc made against the wgmma operand
/// `desc` it feeds: the box is the matrix the operand reads, the
/// major-ness the transpose immediate's, the elements the operand's.
static bool checkDescriptor(ApplyOp op, const ptx::OperandDesc &desc,
                            SmemDescOp made) {
  bool isA = desc.mmaRole == ptx::MmaRole::A;
  int64_t mn = isA ? desc.descRows : desc.descCols;
  int64_t k = isA ? desc.descCols : desc.descRows;
  ArrayRef<int64_t> box = made.getBox();
  auto error = [&]() {
    InFlightDiagnostic d = op.emitError() << "its " << desc.name << " ";
    d.attachNote(made.getLoc()) << "the descriptor is made here";
    return d;
  };
  if (box.size() != 2 || box[0] != mn || box[1] != k) {
    error() << "reads a [" << mn << ", " << k
            << "] (mn, k) matrix, but its descriptor names a box of [" << box
            << "]";
    return false;
  }
  // One element of the matrix: its value bits (e4m3 is a byte, four to a
  // register elsewhere), as an integer or one of its float types (tf32 as
  // f32).
  const ptx::DataTypeInfo &info = ptx::getInfo(desc.descElem);
  Type elem = made.getLayout().getElementType();
  auto isFloat = [&](ptx::FloatFormat f) {
    FloatType t = getFloatType(op.getContext(), f);
    return t && t == elem;
  };
  if (!elem.isSignlessInteger(info.valueBits) && !isFloat(info.format) &&
      !llvm::any_of(info.floatContainers, isFloat)) {
    error() << "reads " << info.valueBits << "-bit " << info.name
            << " elements, but its descriptor's layout holds " << elem;
    return false;
  }
  std::optional<int64_t> trans =
      getRoleConstant(op, isA ? ptx::MmaRole::TransA : ptx::MmaRole::TransB);
  bool mnMajor = trans && *trans != 0;
  if (mnMajor != (made.getMajor() == Major::mn)) {
    error() << "is read " << (mnMajor ? "MN" : "K")
            << "-major (its transpose immediate), but its descriptor was "
               "made major("
            << stringifyMajor(made.getMajor()) << ")";
    return false;
  }
  return true;
}

/// Checks every descriptor operand of a wgmma.mma_async that
/// tile.smem_desc made.
static bool checkDescriptors(ApplyOp op) {
  bool ok = true;
  for (auto [value, desc] :
       llvm::zip(op.getArgs(), op.getInstr().form->getOperands()))
    if (desc.descriptor)
      if (auto made = value.getDefiningOp<SmemDescOp>())
        ok &= checkDescriptor(op, desc, made);
  return ok;
}

/// Checks the block's ops in order.
static LogicalResult checkBlock(Block &block) {
  InFlight state;
  bool ok = true;
  auto checkUses = [&](Operation *op) {
    for (Value v : op->getOperands())
      if (const auto *at = state.find(getRoot(v))) {
        report(op, *at);
        ok = false;
        return;
      }
  };
  for (Operation &op : block) {
    if (isView(&op))
      continue;
    auto apply = dyn_cast<ApplyOp>(op);
    if (apply && isWgmma(apply)) {
      ok &= checkDescriptors(apply);
      ok &= issue(apply, state);
      continue;
    }
    if (apply && isWgmmaSync(apply, "commit_group")) {
      if (!state.open.empty())
        state.groups.push_back(std::move(state.open));
      state.open.clear();
      continue;
    }
    if (apply && isWgmmaSync(apply, "wait_group")) {
      llvm::APInt n;
      uint64_t keep =
          apply.getArgs().size() == 1 &&
                  matchPattern(apply.getArgs()[0], m_ConstantInt(&n))
              ? n.getZExtValue()
              : 0;
      while (state.groups.size() > keep)
        state.groups.pop_front();
      continue;
    }
    // Inside nested regions (loops, branches) only direct uses are seen.
    checkUses(&op);
    op.walk([&](Operation *inner) {
      if (inner != &op && !isView(inner))
        checkUses(inner);
    });
  }
  return success(ok);
}

//===----------------------------------------------------------------------===//
// wgmma.fence
//===----------------------------------------------------------------------===//

namespace {
/// What the fence analysis knows at a point of a function, over every path
/// that reaches it.
struct FenceState {
  /// Some path from the kernel's entry has no wgmma.fence.
  bool unfenced = false;
  /// In a loop, some path from the iteration's start has no wgmma.fence.
  bool iterationUnfenced = false;
  /// The register tiles (roots) that other instructions accessed since the
  /// last wgmma.fence, each with the first such instruction.
  llvm::MapVector<Value, Operation *> touched;

  void merge(const FenceState &other) {
    unfenced |= other.unfenced;
    iterationUnfenced |= other.iterationUnfenced;
    for (const auto &entry : other.touched)
      touched.insert(entry);
  }
};

/// Checks that a wgmma.fence separates every wgmma.mma_async from the
/// kernel's entry and from other accesses of its d and a registers (PTX ISA
/// 9.7.15.7.1), through branches and loops; and warns of the loops in
/// which ptxas injects a fence of its own.
class FenceChecker {
public:
  bool check(FunctionOpInterface func) {
    FenceState state;
    if (auto kernel = dyn_cast<gpu::GPUFuncOp>(*func))
      state.unfenced = kernel.isKernel();
    visitRegion(func.getFunctionBody(), state);
    return ok;
  }

private:
  bool reporting = true;
  bool ok = true;

  void visitRegion(Region &region, FenceState &state) {
    for (Block &block : region)
      for (Operation &op : block)
        visitOp(op, state);
  }
  void visitOp(Operation &op, FenceState &state);
  void visitMma(ApplyOp op, FenceState &state);
  void visitRegions(Operation &op, FenceState &state);
  void visitLoop(Operation &op, FenceState &state);
};
} // namespace

/// Whether `v` is (a view of) a register tile.
static bool isRegisterRoot(Value v) {
  return isRegisterTile(getRoot(v).getType());
}

void FenceChecker::visitOp(Operation &op, FenceState &state) {
  if (isView(&op))
    return;
  auto apply = dyn_cast<ApplyOp>(op);
  if (apply && isWgmmaSync(apply, "fence")) {
    state = FenceState();
    return;
  }
  if (apply && isWgmma(apply))
    return visitMma(apply, state);
  if (apply && isWgmmaSync(apply, "_group"))
    return;
  for (Value v : op.getOperands())
    if (isa<MemRefType>(v.getType()) && isRegisterRoot(v))
      state.touched.insert({getRoot(v), &op});
  if (op.getNumRegions())
    visitRegions(op, state);
}

void FenceChecker::visitMma(ApplyOp op, FenceState &state) {
  if (!reporting)
    return;
  if (state.unfenced) {
    op.emitError("no wgmma.fence before this wgmma.mma_async on some path "
                 "from the kernel's entry (PTX ISA: one must precede the "
                 "warpgroup's first wgmma.mma_async)");
    ok = false;
    return;
  }
  for (auto [value, desc] :
       llvm::zip(op.getArgs(), op.getInstr().form->getOperands())) {
    if (desc.distribution != ptx::Distribution::Warpgroup ||
        !isa<MemRefType>(value.getType()))
      continue;
    auto it = state.touched.find(getRoot(value));
    if (it == state.touched.end())
      continue;
    InFlightDiagnostic d =
        op.emitError() << "reads the register tile of its "
                       << (desc.mmaRole == ptx::MmaRole::D ? "accumulator d"
                                                           : "fragment a")
                       << ", which another instruction accessed since the "
                          "last wgmma.fence: put a wgmma.fence between them "
                          "(PTX ISA)";
    d.attachNote(it->second->getLoc()) << "the access";
    ok = false;
    return;
  }
  if (state.iterationUnfenced)
    op.emitWarning("no wgmma.fence in this loop's body before this "
                   "wgmma.mma_async: ptxas injects a warpgroup.arrive "
                   "here (C7519); put a wgmma.fence at the loop body's top");
}

void FenceChecker::visitRegions(Operation &op, FenceState &state) {
  if (isa<LoopLikeOpInterface>(op))
    return visitLoop(op, state);
  // Branches: each region from the same state; an empty region (an scf.if
  // without else) is the path that skips them.
  FenceState merged;
  bool first = true;
  for (Region &region : op.getRegions()) {
    FenceState branch = state;
    visitRegion(region, branch);
    if (first)
      merged = std::move(branch);
    else
      merged.merge(branch);
    first = false;
  }
  state = std::move(merged);
}

/// A loop body runs from the state before the loop, and then from its own
/// end state: the first visit finds that state, the second reports.
void FenceChecker::visitLoop(Operation &op, FenceState &state) {
  auto runBody = [&](FenceState entry) {
    entry.iterationUnfenced = true;
    for (Region &region : op.getRegions())
      visitRegion(region, entry);
    return entry;
  };
  bool wasReporting = reporting;
  reporting = false;
  FenceState entry = state;
  entry.merge(runBody(state));
  reporting = wasReporting;
  FenceState end = runBody(entry);
  bool outerIteration = state.iterationUnfenced;
  state.merge(end);
  state.iterationUnfenced = outerIteration;
}

namespace {
struct TileCheckWgmmaPass
    : public mlir::tile::impl::TileCheckWgmmaBase<TileCheckWgmmaPass> {
  void runOnOperation() override {
    bool ok = true;
    getOperation()->walk(
        [&](Block *block) { ok &= succeeded(checkBlock(*block)); });
    getOperation()->walk(
        [&](FunctionOpInterface func) { ok &= FenceChecker().check(func); });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
