//===- Operands.h - one instruction's operand buffers -----------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// What tile_cpu_apply and tile_cpu_collective share: the instruction of a
// form index, its sources read from the `in` buffer and its results written
// to the `out` buffer (tile/CpuRuntime/CpuRuntime.h gives the layout).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CPURUNTIME_OPERANDS_H
#define TILE_LIB_CPURUNTIME_OPERANDS_H

#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Ptx/InstrTable.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

namespace tile::cpu {

/// The instruction of form `form` with the qualifier words; a bad index is
/// reported under `caller`'s name and aborts.
ptx::Instr decodeForm(int64_t form,
                      const int64_t (&quals)[ptx::QualSet::kWords],
                      const char *caller);

/// The source containers of `instr` in `in`, in operand order.
llvm::SmallVector<uint64_t, 6> readSources(const ptx::Instr &instr,
                                           const uint8_t *in);

/// Writes the destination containers of `instr` packed in `value` (several
/// the first in the lowest bits) to `out`.
void writeResults(const ptx::Instr &instr, uint64_t value, uint8_t *out);

/// Writes the one destination register group of `instr` (mma's d), one
/// container per register, to `out`.
void writeResultGroup(const ptx::Instr &instr, llvm::ArrayRef<uint64_t> regs,
                      uint8_t *out);

/// "byte 8 of workgroup buffer 0 of @m::@k" where the memory checks
/// recorded the buffer that holds `address`, else the address in hex.
std::string describeAddress(uintptr_t address);

/// The offset of `address` in the buffer the memory checks recorded that
/// holds it, or none where they know no such buffer.
std::optional<uint64_t> bufferOffset(uintptr_t address);

/// Why `bytes` bytes from `address` are not all in one buffer the memory
/// checks recorded ("reaches byte 80 of kernel argument 0 of @m::@k, a
/// buffer of 64 bytes"), or "" where they are or the checks know no
/// buffers.
std::string checkBufferRange(uintptr_t address, uint64_t bytes);

/// Reports that `instr` cannot run as asked, and aborts.
[[noreturn]] void fatal(const ptx::Instr &instr, const char *what);

/// Ends the program: the running thread's `instr` cannot run, for `why`
/// ("tile-cpu: thread 3, 'op': why"; without the thread where the block
/// runs its threads one after the other).
[[noreturn]] void reportThread(const ptx::Instr &instr, const std::string &why);

/// Reads an instruction's operand slots (the `in` buffer), in order.
struct SlotReader {
  const uint8_t *in;
  unsigned slot = 0;
  uint64_t next() {
    uint64_t v;
    std::memcpy(&v, in + slot++ * kSlotBytes, sizeof v);
    return v;
  }
};

} // namespace tile::cpu

#endif // TILE_LIB_CPURUNTIME_OPERANDS_H
