//===- CheckParity.cpp - mbarrier wait parities through loops -------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A barrier's phases alternate in parity, so a thread that waits for every
// phase of a barrier alternates the parity it names. This pass evaluates,
// iteration by iteration, the barriers and parities of the waits of an
// scf.for loop where they are computed from the induction variable, and
// reports two consecutive waits on one barrier with one parity.
//
//===----------------------------------------------------------------------===//

#include "ApplyOperands.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILECHECKPARITY
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;
namespace ptx = ::tile::ptx;

namespace {
/// The iterations of a loop that are followed, at most.
constexpr int64_t kMaxIterations = 1024;

/// A barrier as a wait names it: a memref and an element offset into it.
using BarrierKey = std::pair<Value, int64_t>;

/// The integer values of a loop body in one iteration: what the induction
/// variable, the iteration's loop-carried values and constants make of
/// them through arith operations. Values are kept as their bits,
/// zero-extended from their width.
class Evaluator {
public:
  Evaluator(scf::ForOp loop, int64_t iv,
            ArrayRef<std::optional<int64_t>> carried)
      : loop(loop) {
    known[loop.getInductionVar()] = iv;
    for (auto [arg, v] : llvm::zip(loop.getRegionIterArgs(), carried))
      known[arg] = v;
  }
  std::optional<int64_t> eval(Value v);

private:
  std::optional<int64_t> compute(Value v);
  std::optional<int64_t> computeOp(Operation *op, unsigned width);
  scf::ForOp loop;
  DenseMap<Value, std::optional<int64_t>> known;
  unsigned depth = 0;
};
} // namespace

static unsigned widthOf(Type t) {
  return t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
}

static int64_t truncateTo(int64_t v, unsigned width) {
  if (width >= 64)
    return v;
  return static_cast<int64_t>(static_cast<uint64_t>(v) &
                              ((uint64_t(1) << width) - 1));
}

static int64_t signed64(int64_t v, unsigned width) {
  return width >= 64 ? v : llvm::SignExtend64(static_cast<uint64_t>(v), width);
}

std::optional<int64_t> Evaluator::eval(Value v) {
  if (auto it = known.find(v); it != known.end())
    return it->second;
  // Deep chains are not followed (and cannot recurse without end).
  if (depth > 64)
    return std::nullopt;
  ++depth;
  std::optional<int64_t> r = compute(v);
  --depth;
  known[v] = r;
  return r;
}

std::optional<int64_t> Evaluator::compute(Value v) {
  // Wider integers than 64 bits are not followed.
  if (!v.getType().isIntOrIndex() || widthOf(v.getType()) > 64)
    return std::nullopt;
  unsigned width = widthOf(v.getType());
  llvm::APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return truncateTo(static_cast<int64_t>(c.getZExtValue()), width);
  Operation *op = v.getDefiningOp();
  // Block arguments other than the induction variable, and values the
  // loop does not compute, are not known.
  if (!op || !loop->isAncestor(op))
    return std::nullopt;
  std::optional<int64_t> r = computeOp(op, width);
  if (!r)
    return std::nullopt;
  return truncateTo(*r, width);
}

/// An arith comparison of two values of `width` bits.
static bool compare(arith::CmpIPredicate pred, int64_t a, int64_t b,
                    unsigned width) {
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  int64_t sa = signed64(a, width), sb = signed64(b, width);
  switch (pred) {
  case arith::CmpIPredicate::eq:
    return a == b;
  case arith::CmpIPredicate::ne:
    return a != b;
  case arith::CmpIPredicate::ult:
    return ua < ub;
  case arith::CmpIPredicate::ule:
    return ua <= ub;
  case arith::CmpIPredicate::ugt:
    return ua > ub;
  case arith::CmpIPredicate::uge:
    return ua >= ub;
  case arith::CmpIPredicate::slt:
    return sa < sb;
  case arith::CmpIPredicate::sle:
    return sa <= sb;
  case arith::CmpIPredicate::sgt:
    return sa > sb;
  case arith::CmpIPredicate::sge:
    return sa >= sb;
  }
  return false;
}

std::optional<int64_t> Evaluator::computeOp(Operation *op, unsigned width) {
  SmallVector<int64_t, 3> in;
  for (Value operand : op->getOperands()) {
    std::optional<int64_t> v = eval(operand);
    if (!v)
      return std::nullopt;
    in.push_back(*v);
  }
  auto u = [&](unsigned i) { return static_cast<uint64_t>(in[i]); };
  auto srcWidth = [&] { return widthOf(op->getOperand(0).getType()); };
  using R = std::optional<int64_t>;
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case<arith::AddIOp>([&](auto) { return R(u(0) + u(1)); })
      .Case<arith::SubIOp>([&](auto) { return R(u(0) - u(1)); })
      .Case<arith::MulIOp>([&](auto) { return R(u(0) * u(1)); })
      .Case<arith::AndIOp>([&](auto) { return R(in[0] & in[1]); })
      .Case<arith::OrIOp>([&](auto) { return R(in[0] | in[1]); })
      .Case<arith::XOrIOp>([&](auto) { return R(in[0] ^ in[1]); })
      .Case<arith::DivUIOp>(
          [&](auto) { return u(1) ? R(u(0) / u(1)) : std::nullopt; })
      .Case<arith::RemUIOp>(
          [&](auto) { return u(1) ? R(u(0) % u(1)) : std::nullopt; })
      .Case<arith::DivSIOp, arith::RemSIOp>([&](auto) -> R {
        int64_t a = signed64(in[0], width), b = signed64(in[1], width);
        if (b == 0 || (b == -1 && a == INT64_MIN))
          return std::nullopt;
        return isa<arith::DivSIOp>(op) ? a / b : a % b;
      })
      .Case<arith::ShLIOp>(
          [&](auto) { return u(1) < width ? R(u(0) << u(1)) : std::nullopt; })
      .Case<arith::ShRUIOp>(
          [&](auto) { return u(1) < width ? R(u(0) >> u(1)) : std::nullopt; })
      .Case<arith::MinUIOp>([&](auto) { return R(std::min(u(0), u(1))); })
      .Case<arith::MaxUIOp>([&](auto) { return R(std::max(u(0), u(1))); })
      .Case<arith::IndexCastOp, arith::ExtSIOp>(
          [&](auto) { return R(signed64(in[0], srcWidth())); })
      .Case<arith::IndexCastUIOp, arith::ExtUIOp, arith::TruncIOp>(
          [&](auto) { return R(in[0]); })
      .Case<arith::SelectOp>([&](auto) { return R(in[0] ? in[1] : in[2]); })
      .Case<arith::CmpIOp>([&](arith::CmpIOp cmp) {
        return R(compare(cmp.getPredicate(), in[0], in[1], srcWidth()));
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// The memref a barrier view is made from, through views.
static Value rootOf(Value bar) {
  while (Operation *def = bar.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::ReinterpretCastOp>(def))
      bar = cast.getSource();
    else if (auto sub = dyn_cast<memref::SubViewOp>(def))
      bar = sub.getSource();
    else
      break;
  }
  return bar;
}

/// The barrier `bar` names in the iteration `ev` evaluates: a memref the
/// loop does not compute, or a 1-D view of one at an offset.
static std::optional<BarrierKey> barrierAt(Value bar, scf::ForOp loop,
                                           Evaluator &ev) {
  if (loop.isDefinedOutsideOfLoop(bar))
    return BarrierKey{bar, 0};
  Operation *def = bar.getDefiningOp();
  Value source;
  OpFoldResult offset;
  if (auto cast = dyn_cast_or_null<memref::ReinterpretCastOp>(def)) {
    if (cast.getMixedOffsets().size() != 1)
      return std::nullopt;
    source = cast.getSource();
    offset = cast.getMixedOffsets()[0];
  } else if (auto sub = dyn_cast_or_null<memref::SubViewOp>(def)) {
    if (sub.getMixedOffsets().size() != 1)
      return std::nullopt;
    source = sub.getSource();
    offset = sub.getMixedOffsets()[0];
  } else {
    return std::nullopt;
  }
  if (!loop.isDefinedOutsideOfLoop(source))
    return std::nullopt;
  std::optional<int64_t> at = getConstantIntValue(offset);
  if (!at)
    if (auto v = dyn_cast<Value>(offset))
      at = ev.eval(v);
  if (!at)
    return std::nullopt;
  return BarrierKey{source, *at};
}

/// The operand index of `op`'s phase parity, or -1 (not a .parity wait).
static int parityOperand(ApplyOp op) {
  return findOperand(op, [](auto &d) { return d.phaseParity; });
}

static int barrierOperand(ApplyOp op) {
  return findOperand(op, [](auto &d) { return d.txWait; });
}

namespace {
/// The parity waits of a loop body: those that run once in every
/// iteration, in order, and the barriers (by root memref) that others,
/// which need not run every iteration, wait on.
struct BodyWaits {
  SmallVector<ApplyOp> every;
  DenseSet<Value> unfollowed;
};
} // namespace

static void collectWaits(Block &block, bool everyIteration, BodyWaits &out) {
  for (Operation &op : block) {
    if (auto apply = dyn_cast<ApplyOp>(op)) {
      if (parityOperand(apply) < 0 || barrierOperand(apply) < 0)
        continue;
      // A wait under a runtime pred need not run every iteration either.
      if (everyIteration && !apply.getPred())
        out.every.push_back(apply);
      else
        out.unfollowed.insert(rootOf(apply.getArgs()[barrierOperand(apply)]));
      continue;
    }
    // A polling loop's condition region runs at least once.
    if (auto loop = dyn_cast<scf::WhileOp>(op)) {
      collectWaits(loop.getBefore().front(), everyIteration, out);
      collectWaits(loop.getAfter().front(), false, out);
      continue;
    }
    for (Region &region : op.getRegions())
      for (Block &inner : region)
        collectWaits(inner, false, out);
  }
}

/// The iterations of `loop` to follow: its lower bound and step if
/// constant, and its trip count (at most kMaxIterations).
static std::optional<std::tuple<int64_t, int64_t, int64_t>>
iterationsOf(scf::ForOp loop) {
  if (widthOf(loop.getInductionVar().getType()) > 64)
    return std::nullopt;
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lb || !step || *step <= 0)
    return std::nullopt;
  int64_t trips = kMaxIterations;
  if (std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()))
    trips = static_cast<int64_t>(std::clamp<__int128>(
        (__int128(*ub) - *lb + *step - 1) / *step, 0, kMaxIterations));
  return std::make_tuple(*lb, *step, trips);
}

namespace {
/// The last wait on a barrier.
struct LastWait {
  int64_t parity, iteration, iv;
  ApplyOp op;
};
} // namespace

/// Warns at `wait`, which repeats the parity of `last` on one barrier.
static void report(ApplyOp wait, int64_t parity, int64_t iteration, int64_t iv,
                   LastWait last) {
  InFlightDiagnostic diag =
      wait.emitWarning()
      << "waits for phase parity " << parity
      << " on this mbarrier in iteration " << iteration
      << " of the enclosing loop (induction variable " << iv
      << "), as its previous wait on it did in iteration " << last.iteration
      << " (induction variable " << last.iv
      << "): a barrier's phases alternate in parity, so unless two of its "
         "phases complete in between, this wait tests a phase that has "
         "already completed (it returns at once) or waits for one too many";
  if (last.op != wait)
    diag.attachNote(last.op.getLoc()) << "the previous wait on the barrier";
}

/// The loop-carried values of the iteration after the one `ev` evaluates
/// (what the body yields).
static SmallVector<std::optional<int64_t>> nextCarried(scf::ForOp loop,
                                                       Evaluator &ev) {
  SmallVector<std::optional<int64_t>> next;
  for (Value v : loop.getBody()->getTerminator()->getOperands())
    next.push_back(ev.eval(v));
  return next;
}

/// Follows the parity waits of `loop` through its iterations: the
/// induction variable, and loop-carried values from constant initial ones
/// (a phase bit flipped in the body).
static void checkLoop(scf::ForOp loop) {
  BodyWaits waits;
  collectWaits(*loop.getBody(), true, waits);
  auto range = iterationsOf(loop);
  if (waits.every.empty() || !range)
    return;
  auto [lb, step, trips] = *range;
  // Initial values as the evaluator keeps them: their bits, zero-extended
  // (getConstantIntValue sign-extends: an i1 true would be -1).
  SmallVector<std::optional<int64_t>> carried;
  for (Value init : loop.getInitArgs()) {
    std::optional<int64_t> v = getConstantIntValue(init);
    unsigned width =
        init.getType().isIntOrIndex() ? widthOf(init.getType()) : 0;
    carried.push_back(v && width && width <= 64
                          ? std::optional<int64_t>(truncateTo(*v, width))
                          : std::nullopt);
  }
  DenseMap<BarrierKey, LastWait> last;
  DenseSet<Operation *> done;
  for (int64_t i = 0; i < trips; ++i) {
    int64_t iv = lb + i * step;
    Evaluator ev(loop,
                 truncateTo(iv, widthOf(loop.getInductionVar().getType())),
                 carried);
    for (ApplyOp wait : waits.every) {
      Value bar = wait.getArgs()[barrierOperand(wait)];
      if (waits.unfollowed.contains(rootOf(bar)))
        continue;
      std::optional<BarrierKey> key = barrierAt(bar, loop, ev);
      std::optional<int64_t> parity =
          ev.eval(wait.getArgs()[parityOperand(wait)]);
      // A barrier or parity the loop does not compute: no wait on the
      // same memory is followed from here on.
      if (!key || !parity) {
        waits.unfollowed.insert(rootOf(bar));
        continue;
      }
      // Each wait is reported once; every wait updates its barrier's last.
      auto it = last.find(*key);
      if (it != last.end() && it->second.parity == *parity &&
          done.insert(wait).second)
        report(wait, *parity, i, iv, it->second);
      last[*key] = LastWait{*parity, i, iv, wait};
    }
    carried = nextCarried(loop, ev);
  }
}

namespace {
struct TileCheckParityPass
    : public mlir::tile::impl::TileCheckParityBase<TileCheckParityPass> {
  void runOnOperation() override { getOperation()->walk(checkLoop); }
};
} // namespace
