//===- AsyncChecks.cpp - cp.async's copies not yet waited for -------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The CPU backend completes a cp.async when it is issued, so a kernel that
// reads the destination before waiting would see the copied data where the
// GPU may not have written it yet. In a kernel with cp.async, the host code
// tells the runtime of each copy (its destination bytes and thread) and of
// each group operation, and asks it before every access of shared memory
// (memref.load/store, and tile.apply's shared operands other than a copy's
// destination) whether a copy not yet waited for writes those bytes. A
// cp.async.mbarrier.arrive hands the thread's copies to the barrier's
// phase: they complete for the checks when a thread's wait sees it.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "tile/Dialect/Tile/IR/TileOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::cpu;
namespace ptx = ::tile::ptx;

Value mlir::tile::cpu::rowGuard(OpBuilder &b, Location loc,
                                const ptx::OperandDesc &desc, Value lane) {
  if (desc.kind != ptx::OperandKind::Memory || !desc.fragment ||
      desc.fragment->lanes >= 32)
    return {};
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ult, lane,
      arith::ConstantIndexOp::create(b, loc, desc.fragment->lanes));
}

void mlir::tile::cpu::guardByPred(OpBuilder &b, ApplyOp op) {
  Value pred = op.getPred();
  if (!pred)
    return;
  Location loc = op.getLoc();
  if (op.getNegatePred())
    pred = arith::XOrIOp::create(b, loc, pred,
                                 arith::ConstantIntOp::create(b, loc, 1, 1));
  auto ifOp = scf::IfOp::create(b, loc, pred, /*withElseRegion=*/false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
}

namespace {

/// The host address of element `indices` of `memref`, as an index value.
Value elementAddress(OpBuilder &b, Location loc, Value memref,
                     ValueRange indices) {
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value element = meta.getOffset();
  for (auto [index, stride] : llvm::zip(indices, meta.getStrides()))
    element = arith::AddIOp::create(
        b, loc, element, arith::MulIOp::create(b, loc, index, stride));
  int64_t bytes =
      getElementBytes(cast<MemRefType>(memref.getType()).getElementType());
  Value offset = arith::MulIOp::create(
      b, loc, element, arith::ConstantIndexOp::create(b, loc, bytes));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  return arith::AddIOp::create(b, loc, base, offset);
}

struct AsyncInstrumenter {
  HostSymbols &symbols;
  const KernelSite &ids;
  Value lane;

  Value site(OpBuilder &b, Location loc) {
    return symbols.getString(b, loc, ids.kernel + '\0' + describeLoc(loc));
  }
  Value index(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }

  /// Before `op`: tile_cpu_async_access of `bytes` bytes at `addr`.
  void access(OpBuilder &b, Location loc, Value addr, int64_t bytes,
              bool write) {
    symbols.call(b, loc, "tile_cpu_async_access",
                 {site(b, loc), addr, index(b, loc, bytes),
                  index(b, loc, write), ids.tid[0], ids.tid[1], ids.tid[2],
                  ids.bid[0], ids.bid[1], ids.bid[2]});
  }

  /// The memref accesses the bounds checks cover (loads, stores, atomics,
  /// affine loads and stores) of shared memory.
  void memrefAccess(Operation *op) {
    OpBuilder b(op);
    std::optional<MemrefAccess> a = getMemrefAccess(b, op);
    if (!a || !isSharedMemref(a->memref.getType()))
      return;
    Location loc = op->getLoc();
    int64_t bytes =
        getElementBytes(cast<MemRefType>(a->memref.getType()).getElementType());
    access(b, loc, elementAddress(b, loc, a->memref, a->indices), bytes,
           a->write);
  }

  /// An expanded tile.apply: a copy, a group operation, or an instruction
  /// whose shared operands are accesses.
  void apply(ApplyOp op) {
    const ptx::FormDesc &form = *op.getInstr().form;
    Location loc = op.getLoc();
    OpBuilder b(op);
    ValueRange tid(ids.tid);
    if (form.semantics == ptx::Semantics::AsyncCopy) {
      // After the copy: its destination's bytes are pending.
      b.setInsertionPointAfter(op);
      guardByPred(b, op);
      Value dst = op.getArgs()[0];
      auto type = cast<MemRefType>(dst.getType());
      Value addr = elementAddress(b, loc, dst, {index(b, loc, 0)});
      int64_t bytes =
          type.getShape().back() * getElementBytes(type.getElementType());
      symbols.call(
          b, loc, "tile_cpu_async_copy",
          {site(b, loc), addr, index(b, loc, bytes), tid[0], tid[1], tid[2]});
      return;
    }
    if (form.semantics == ptx::Semantics::AsyncArrive) {
      // Before the arrival: the thread's copies complete with the phase it
      // arrives in.
      guardByPred(b, op);
      symbols.call(b, loc, "tile_cpu_async_arrive",
                   {buildMemRefAddress(b, loc, op.getArgs()[0]), tid[0], tid[1],
                    tid[2]});
      return;
    }
    if (form.semantics == ptx::Semantics::AsyncGroup) {
      ptx::Instr instr = op.getInstr();
      if (instr.has(ptx::Qual::CommitGroup)) {
        symbols.call(b, loc, "tile_cpu_async_commit", tid);
        return;
      }
      Value pending = index(b, loc, -1); // wait_all
      if (instr.has(ptx::Qual::WaitGroup))
        pending = arith::IndexCastUIOp::create(b, loc, b.getIndexType(),
                                               op.getArgs()[0]);
      symbols.call(b, loc, "tile_cpu_async_wait",
                   {tid[0], tid[1], tid[2], pending});
      return;
    }
    for (auto [desc, arg] : llvm::zip(form.getOperands(), op.getArgs())) {
      auto type = dyn_cast<MemRefType>(arg.getType());
      if (desc.kind != ptx::OperandKind::Memory || !type ||
          !isSharedMemref(type))
        continue;
      OpBuilder ib(op);
      // ldmatrix .x1/.x2 read no row of the other lanes.
      if (Value guard = rowGuard(ib, loc, desc, lane)) {
        auto ifOp = scf::IfOp::create(ib, loc, guard, false);
        ib.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      }
      int64_t bytes =
          type.getShape().back() * getElementBytes(type.getElementType());
      access(ib, loc, elementAddress(ib, loc, arg, {index(ib, loc, 0)}), bytes,
             desc.role == ptx::OperandRole::Def);
    }
  }
};

} // namespace

bool mlir::tile::cpu::checkAsyncCopies(func::FuncOp fn,
                                       ArrayRef<ApplyOp> applies,
                                       const KernelSite &ids, Value lane,
                                       HostSymbols &symbols) {
  if (llvm::none_of(applies, [](ApplyOp op) {
        return op.getInstr().form->semantics == ptx::Semantics::AsyncCopy;
      }))
    return false;
  AsyncInstrumenter in{symbols, ids, lane};
  // Collected first: the checks add ops (an affine map's indices).
  SmallVector<Operation *> ops;
  fn.walk([&](Operation *op) {
    if (!isa<ApplyOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops)
    in.memrefAccess(op);
  for (ApplyOp op : applies)
    in.apply(op);
  return true;
}
