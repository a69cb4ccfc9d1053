//===- Bulk.cpp - the bulk asynchronous copies on the CPU ----------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// cp.async.bulk: the copy completes when it is issued (the cluster's
// threads share one core), and its bytes then complete their transactions
// on the copy's mbarrier. A multicast copy (.multicast::cluster) delivers
// the bytes to the same offset in the shared memory of each CTA of its
// mask, and completes them on the mbarrier at the same offset in each. A
// reduction (cp.reduce.async.bulk) combines each destination element with the
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
#include "llvm/ADT/StringExtras.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>

using namespace tile;

namespace {

/// A bulk copy's operands: each memory operand's address, the byte count.
struct BulkOperands {
  uintptr_t dst = 0, src = 0, mbar = 0;
  uint64_t size = 0;
  /// The CTAs a multicast copy delivers to, if it is one.
  std::optional<uint16_t> ctaMask;
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
      if (o.ctaMask)
        ops.ctaMask = static_cast<uint16_t>(v);
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

/// A copy delivers its bytes to `dst` and completes them on `mbar` (when
/// it has one).
void deliver(const ptx::Instr &instr, const BulkOperands &ops, uintptr_t dst,
             uintptr_t mbar) {
  std::memmove(reinterpret_cast<void *>(dst),
               reinterpret_cast<const void *>(ops.src), ops.size);
  if (mbar)
    cpu::completeCopyTx(instr, mbar, ops.size);
}

/// A multicast copy: the bytes and their completion go to each CTA of the
/// mask, at the offsets of the issuing CTA's destination and mbarrier.
void multicast(const ptx::Instr &instr, const BulkOperands &ops) {
  unsigned ctas = cpu::getClusterSize();
  if (*ops.ctaMask >> ctas)
    reportThread(instr, "its ctaMask 0x" + llvm::utohexstr(*ops.ctaMask) +
                            " names a CTA past the cluster's " +
                            std::to_string(ctas) + " (undefined in PTX)");
  for (unsigned rank = 0; rank < ctas; ++rank)
    if ((*ops.ctaMask >> rank) & 1)
      deliver(instr, ops, cpu::mapShared(instr, ops.dst, rank),
              ops.mbar ? cpu::mapShared(instr, ops.mbar, rank) : 0);
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
  if (ops.ctaMask)
    return multicast(instr, ops);
  if (!reduce)
    return deliver(instr, ops, ops.dst, ops.mbar);
  reduceBulk(instr, ops);
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
