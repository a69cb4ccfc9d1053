//===- Bulk.cpp - the bulk asynchronous copies on the CPU ----------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// cp.async.bulk without multicast: the copy completes when
// it is issued (the block's threads share one core), and its bytes then
// complete their transactions on the copy's mbarrier. A reduction
// (cp.reduce.async.bulk) combines each destination element with the
// source's (Reduce.h). A prefetch moves no data. Tensor copies and
// reductions are TensorMap.cpp's. The bulk groups (commit_group,
// wait_group) order nothing here: tile_cpu_apply runs them as no-ops.
//
//===----------------------------------------------------------------------===//

#include "Block.h"
#include "Operands.h"
#include "Reduce.h"
#include "TensorMap.h"
#include "tile/CpuRuntime/CpuRuntime.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace tile;

namespace {

/// A bulk copy's operands: each memory operand's address, the byte count.
struct BulkOperands {
  uintptr_t dst = 0, src = 0, mbar = 0;
  uint64_t size = 0;
};

/// Reads the slots of `instr`'s operands: one address per memory operand
/// (destination or source), the registers of each other source.
BulkOperands readBulkOperands(const ptx::Instr &instr, const uint8_t *in) {
  BulkOperands ops;
  cpu::SlotReader slots{in};
  auto next = [&] { return slots.next(); };
  for (const ptx::OperandDesc &o : instr.form->getOperands()) {
    if (o.kind == ptx::OperandKind::Memory) {
      uint64_t address = next();
      (o.txBarrier                       ? ops.mbar
       : o.role == ptx::OperandRole::Def ? ops.dst
                                         : ops.src) = uintptr_t(address);
    } else if (o.role == ptx::OperandRole::Use) {
      uint64_t v = next();
      if (o.bulkSize)
        ops.size = v & 0xffffffffu;
    }
  }
  return ops;
}

using cpu::reportThread;

/// Checks the byte count and the addresses (16-byte aligned, in their
/// buffers where the memory checks know them).
void checkCopy(const ptx::Instr &instr, const BulkOperands &ops) {
  if (ops.size % 16)
    reportThread(instr, "its size " + std::to_string(ops.size) +
                            " is not a multiple of 16 bytes");
  for (auto [what, address] :
       {std::pair{"destination", ops.dst}, std::pair{"source", ops.src}}) {
    if (address % 16)
      reportThread(instr, std::string("its ") + what + " at " +
                              cpu::describeAddress(address) +
                              " is not 16-byte aligned");
    if (std::string why = cpu::checkBufferRange(address, ops.size);
        !why.empty())
      reportThread(instr, std::string("its ") + what + " " + why);
  }
}

/// A reduction's bytes: each element of the form's type combined.
void reduceBulk(const ptx::Instr &instr, const BulkOperands &ops) {
  const ptx::BulkRedElementDesc *element =
      cpu::findReduction(instr, instr.form->getTypes());
  if (!element)
    reportThread(instr, "the instruction table has no element operation for "
                        "it");
  cpu::reduceElements(instr, *element, reinterpret_cast<uint8_t *>(ops.dst),
                      reinterpret_cast<const uint8_t *>(ops.src), ops.size);
}

} // namespace

void tile_cpu_bulk(int64_t form, int64_t quals0, int64_t quals1, int64_t quals2,
                   int64_t quals3, int64_t quals4, int64_t quals5,
                   int64_t quals6, int64_t quals7, int64_t site,
                   const uint8_t *in, uint8_t *out) {
  (void)site;
  (void)out;
  ptx::Instr instr = cpu::decodeForm(
      form, {quals0, quals1, quals2, quals3, quals4, quals5, quals6, quals7},
      "tile_cpu_bulk");
  bool reduce = instr.form->semantics == ptx::Semantics::BulkReduce;
  if (instr.form->semantics != ptx::Semantics::BulkCopy && !reduce)
    return;
  if (llvm::any_of(instr.form->getOperands(),
                   [](const ptx::OperandDesc &o) { return o.tensorMap; }))
    return cpu::copyTensor(instr, in);
  BulkOperands ops = readBulkOperands(instr, in);
  checkCopy(instr, ops);
  if (reduce)
    reduceBulk(instr, ops);
  else
    std::memmove(reinterpret_cast<void *>(ops.dst),
                 reinterpret_cast<const void *>(ops.src), ops.size);
  if (ops.mbar)
    cpu::completeCopyTx(instr, ops.mbar, ops.size);
}

void tile::cpu::completeCopyTx(const ptx::Instr &instr, uintptr_t mbar,
                               uint64_t bytes) {
  Mbarrier &m = getMbarrier(mbar);
  std::string why = m.valid ? m.completeTx(bytes)
                            : "its mbarrier is not an mbarrier object (no "
                              "mbarrier.init, or mbarrier.inval since)";
  if (!why.empty())
    reportThread(instr,
                 "on the mbarrier at " + describeAddress(mbar) + ": " + why);
  noteProgress();
}
