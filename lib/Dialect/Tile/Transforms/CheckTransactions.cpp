//===- CheckTransactions.cpp - expect_tx against the bytes copies deliver -===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "ApplyOperands.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Ptx/InstrTable.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace tile {
#define GEN_PASS_DEF_TILECHECKTRANSACTIONS
#include "tile/Dialect/Tile/Transforms/Passes.h.inc"
} // namespace tile
} // namespace mlir

using namespace mlir;
using namespace mlir::tile;
namespace ptx = ::tile::ptx;

namespace {
/// What one block announces and delivers on one mbarrier value since its
/// last expect_tx.
struct Transaction {
  ApplyOp expect;
  int64_t expected = 0;
  int64_t delivered = 0;
  SmallVector<std::pair<ApplyOp, int64_t>> copies;
  /// False once something not seen statically touches the barrier.
  bool known = true;
};
} // namespace

/// The transaction bytes one instruction of `op` counts or delivers: its
/// constant txCount, or a copy's constant size, or (a tensor copy) its
/// shared-memory destination's bytes; nullopt where not static.
static std::optional<int64_t> getTxBytes(ApplyOp op) {
  const ptx::FormDesc &form = *op.getInstr().form;
  int count = findOperand(op, [](auto &d) { return d.txSign || d.bulkSize; });
  if (count >= 0) {
    llvm::APInt v;
    if (!matchPattern(op.getArgs()[count], m_ConstantInt(&v)))
      return std::nullopt;
    return static_cast<int64_t>(v.getZExtValue());
  }
  int dst = findOperand(
      op, [](auto &d) { return d.bulk && d.role == ptx::OperandRole::Def; });
  if (dst < 0 || form.operands[dst].space != ptx::StateSpace::Shared)
    return std::nullopt;
  auto type = cast<MemRefType>(op.getArgs()[dst].getType());
  if (!type.hasStaticShape())
    return std::nullopt;
  return type.getShape().back() * (type.getElementTypeBitWidth() / 8);
}

/// Reports a transaction whose copies do not deliver what it announced.
static LogicalResult check(Transaction &t) {
  if (!t.known || t.copies.empty() || t.delivered == t.expected)
    return success();
  InFlightDiagnostic diag =
      t.expect.emitOpError()
      << "announces " << t.expected
      << " transaction bytes on this mbarrier, but the copies issued on it "
         "before its wait deliver "
      << t.delivered
      << ": the phase would not complete, or would complete before all the "
         "data has arrived";
  for (auto [copy, bytes] : t.copies)
    diag.attachNote(copy.getLoc())
        << "this copy delivers " << bytes << " bytes";
  return failure();
}

/// Checks the transactions of one block.
static LogicalResult checkBlock(Block &block) {
  llvm::MapVector<Value, Transaction> open;
  bool ok = true;
  auto close = [&](Value bar) {
    auto it = open.find(bar);
    if (it == open.end())
      return;
    ok &= succeeded(check(it->second));
    open.erase(it);
  };
  for (Operation &op : block) {
    auto apply = dyn_cast<ApplyOp>(op);
    if (!apply) {
      // Control flow in between: a barrier used inside is not followed.
      if (op.getNumRegions())
        op.walk([&](ApplyOp inner) {
          for (Value v : inner.getArgs())
            if (auto it = open.find(v); it != open.end())
              it->second.known = false;
        });
      continue;
    }
    if (int w = findOperand(apply, [](auto &d) { return d.txWait; }); w >= 0)
      close(apply.getArgs()[w]);
    int b = findOperand(apply, [](auto &d) { return d.txBarrier; });
    if (b < 0)
      continue;
    Value bar = apply.getArgs()[b];
    std::optional<int64_t> bytes = getTxBytes(apply);
    bool exact = bytes && apply.getScope() == Scope::thread &&
                 apply.getNumInstructions() == 1 &&
                 findOperand(apply, [](auto &d) { return d.ctaMask; }) < 0;
    int sign = findOperand(apply, [](auto &d) { return d.txSign > 0; });
    if (sign >= 0) {
      close(bar);
      open[bar] = Transaction{apply, bytes.value_or(0), 0, {}, exact};
      continue;
    }
    auto it = open.find(bar);
    if (it == open.end())
      continue;
    it->second.copies.push_back({apply, bytes.value_or(0)});
    it->second.delivered += bytes.value_or(0);
    it->second.known &= exact;
  }
  SmallVector<Value> bars;
  for (auto &entry : open)
    bars.push_back(entry.first);
  for (Value bar : bars)
    close(bar);
  return success(ok);
}

namespace {
struct TileCheckTransactionsPass
    : public mlir::tile::impl::TileCheckTransactionsBase<
          TileCheckTransactionsPass> {
  void runOnOperation() override {
    bool ok = true;
    getOperation()->walk(
        [&](Block *block) { ok &= succeeded(checkBlock(*block)); });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
