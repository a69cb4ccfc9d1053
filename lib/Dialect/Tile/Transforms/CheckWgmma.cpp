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
#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// Whether `op` is wgmma's commit_group or wait_group (their spellings).
static bool isWgmmaSync(ApplyOp op, StringRef what) {
  ptx::Instr instr = op.getInstr();
  return StringRef(instr.form->mnemonic) == "wgmma" &&
         StringRef(instr.str()).contains(what);
}

static bool isWgmma(ApplyOp op) {
  return op.getInstr().form->isWarpgroupCollective();
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

//===----------------------------------------------------------------------===//
// A forward analysis over structured control flow
//===----------------------------------------------------------------------===//

namespace {
/// A forward analysis of a function's structured control flow: the state
/// before an op is the merge over the paths that reach it. A branch op
/// (scf.if, scf.index_switch) runs each region from the same state, an
/// empty region standing for the path that skips them. A loop's body runs
/// from the merge of the state before the loop and its own end states until
/// that no longer changes; only that last run reports. `Derived` provides
/// `transfer(Operation &, State &)` (an op's regions are visited after it)
/// and may hide `beginIteration` and `endLoop`; `State` provides `merge`
/// and `==`, and must reach its fixpoint (a finite lattice).
template <typename Derived, typename State> class StructuredAnalysis {
public:
  /// Runs over `body` from `state`; false when anything was reported.
  bool run(Region &body, State state) {
    visitRegion(body, state);
    return ok;
  }

protected:
  /// False while a loop runs to its fixpoint: reports wait for the last run.
  bool reporting = true;
  bool ok = true;

  void beginIteration(State &) {}
  void endLoop(const State &before, State &after) {}

private:
  Derived &self() { return static_cast<Derived &>(*this); }

  void visitRegion(Region &region, State &state) {
    for (Block &block : region)
      for (Operation &op : block) {
        self().transfer(op, state);
        if (op.getNumRegions())
          visitRegions(op, state);
      }
  }

  void visitRegions(Operation &op, State &state) {
    if (isa<LoopLikeOpInterface>(op))
      return visitLoop(op, state);
    std::optional<State> merged;
    for (Region &region : op.getRegions()) {
      State branch = state;
      visitRegion(region, branch);
      if (merged)
        merged->merge(branch);
      else
        merged = std::move(branch);
    }
    state = std::move(*merged);
  }

  State runIteration(Operation &op, State state) {
    self().beginIteration(state);
    for (Region &region : op.getRegions())
      visitRegion(region, state);
    return state;
  }

  void visitLoop(Operation &op, State &state) {
    bool wasReporting = reporting;
    reporting = false;
    State entry = state;
    for (;;) {
      State next = entry;
      next.merge(runIteration(op, entry));
      if (next == entry)
        break;
      entry = std::move(next);
    }
    // The loop leaves from its entry state (an scf.for, which may run no
    // iteration, also after each iteration) or after an scf.while's
    // condition region.
    State exit = entry;
    if (auto loop = dyn_cast<scf::WhileOp>(op))
      visitRegion(loop.getBefore(), exit);
    reporting = wasReporting;
    runIteration(op, entry);
    self().endLoop(state, exit);
    state = std::move(exit);
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Registers in flight
//===----------------------------------------------------------------------===//

/// The wgmma.mma_async operand a register tile is in flight as.
enum class InFlightAs { D, A };

/// Groups beyond the newest kMaxGroups are kept as one (a wait_group's N is
/// at most 7).
static constexpr size_t kMaxGroups = 8;

namespace {
/// The register tiles of wgmma.mma_async instructions that no wait_group
/// has retired yet, on some path: those not yet committed, then each
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

  /// A commit with nothing pending still makes a group, which wait_group
  /// counts.
  void commit() {
    groups.push_back(std::move(open));
    open.clear();
    cap();
  }

  /// wait_group `keep`: only the `keep` newest groups stay in flight.
  void wait(uint64_t keep) {
    while (groups.size() > keep)
      groups.pop_front();
  }

  /// Merges by age from the newest (what wait_group counts).
  void merge(const InFlight &other) {
    add(open, other.open);
    while (groups.size() < other.groups.size())
      groups.push_front(Tiles());
    size_t skip = groups.size() - other.groups.size();
    for (auto [i, g] : llvm::enumerate(other.groups))
      add(groups[skip + i], g);
    cap();
  }

  bool operator==(const InFlight &other) const {
    return same(open, other.open) && groups.size() == other.groups.size() &&
           llvm::all_of(llvm::zip(groups, other.groups), [](auto pair) {
             return same(std::get<0>(pair), std::get<1>(pair));
           });
  }

private:
  static void add(Tiles &to, const Tiles &from) {
    for (const auto &entry : from)
      to.insert(entry);
  }
  static bool same(const Tiles &a, const Tiles &b) {
    return a.size() == b.size() && llvm::all_of(a, [&](const auto &entry) {
             auto it = b.find(entry.first);
             return it != b.end() && it->second.second == entry.second.second;
           });
  }
  /// The oldest groups become one: retired with the newest of them, which
  /// keeps its tiles in flight at least as long.
  void cap() {
    while (groups.size() > kMaxGroups) {
      add(groups[1], groups[0]);
      groups.pop_front();
    }
  }
};

/// Reports accesses to the register tiles of wgmma.mma_async instructions
/// in flight, and checks each wgmma's descriptors.
class InFlightChecker : public StructuredAnalysis<InFlightChecker, InFlight> {
public:
  void transfer(Operation &op, InFlight &state);

private:
  void issue(ApplyOp op, InFlight &state);
  void report(Operation *user, const std::pair<ApplyOp, InFlightAs> &at);
};
} // namespace

/// Reports `user` touching a register tile that `at` has in flight.
void InFlightChecker::report(Operation *user,
                             const std::pair<ApplyOp, InFlightAs> &at) {
  if (!reporting)
    return;
  ok = false;
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
void InFlightChecker::issue(ApplyOp op, InFlight &state) {
  if (reporting && !checkDescriptors(op))
    ok = false;
  for (auto [value, desc] :
       llvm::zip(op.getArgs(), op.getInstr().form->getOperands())) {
    if (desc.distribution != ptx::Distribution::Warpgroup ||
        !isa<MemRefType>(value.getType()))
      continue;
    InFlightAs as =
        desc.mmaRole == ptx::MmaRole::D ? InFlightAs::D : InFlightAs::A;
    Value root = getRoot(value);
    if (const auto *at = state.find(root); at && at->second != as)
      report(op, *at);
    state.open[root] = {op, as};
  }
}

void InFlightChecker::transfer(Operation &op, InFlight &state) {
  if (isView(&op))
    return;
  auto apply = dyn_cast<ApplyOp>(op);
  if (apply && isWgmma(apply))
    return issue(apply, state);
  if (apply && isWgmmaSync(apply, "commit_group"))
    return state.commit();
  if (apply && isWgmmaSync(apply, "wait_group")) {
    llvm::APInt n;
    bool constant = apply.getArgs().size() == 1 &&
                    matchPattern(apply.getArgs()[0], m_ConstantInt(&n));
    return state.wait(constant ? n.getZExtValue() : 0);
  }
  for (Value v : op.getOperands())
    if (const auto *at = state.find(getRoot(v)))
      return report(&op, *at);
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

  bool operator==(const FenceState &other) const {
    return unfenced == other.unfenced &&
           iterationUnfenced == other.iterationUnfenced &&
           touched.size() == other.touched.size() &&
           llvm::all_of(touched, [&](const auto &entry) {
             return other.touched.count(entry.first);
           });
  }
};

/// Checks that a wgmma.fence separates every wgmma.mma_async from the
/// kernel's entry and from other accesses of its d and a registers (PTX ISA
/// 9.7.15.7.1), and warns of the loops into which ptxas injects a fence of
/// its own.
class FenceChecker : public StructuredAnalysis<FenceChecker, FenceState> {
public:
  void transfer(Operation &op, FenceState &state);
  void beginIteration(FenceState &state) { state.iterationUnfenced = true; }
  /// A fence in the loop need not have run (no iteration).
  void endLoop(const FenceState &before, FenceState &after) {
    after.iterationUnfenced = before.iterationUnfenced;
  }

private:
  void checkMma(ApplyOp op, const FenceState &state);
};
} // namespace

/// Whether `v` is (a view of) a register tile.
static bool isRegisterRoot(Value v) {
  return isRegisterTile(getRoot(v).getType());
}

void FenceChecker::transfer(Operation &op, FenceState &state) {
  if (isView(&op))
    return;
  auto apply = dyn_cast<ApplyOp>(op);
  if (apply && isWgmmaSync(apply, "fence")) {
    state = FenceState();
    return;
  }
  if (apply && isWgmma(apply))
    return checkMma(apply, state);
  if (apply && isWgmmaSync(apply, "_group"))
    return;
  for (Value v : op.getOperands())
    if (isa<MemRefType>(v.getType()) && isRegisterRoot(v))
      state.touched.insert({getRoot(v), &op});
}

void FenceChecker::checkMma(ApplyOp op, const FenceState &state) {
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

namespace {
struct TileCheckWgmmaPass
    : public mlir::tile::impl::TileCheckWgmmaBase<TileCheckWgmmaPass> {
  void runOnOperation() override {
    bool ok = true;
    getOperation()->walk([&](FunctionOpInterface func) {
      Region &body = func.getFunctionBody();
      ok &= InFlightChecker().run(body, InFlight());
      FenceState entry;
      if (auto kernel = dyn_cast<gpu::GPUFuncOp>(*func))
        entry.unfenced = kernel.isKernel();
      ok &= FenceChecker().run(body, entry);
    });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
