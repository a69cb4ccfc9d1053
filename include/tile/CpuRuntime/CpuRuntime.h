//===- CpuRuntime.h - what the CPU backend's host code calls ----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The CPU backend (tile-gpu-to-host) lowers each expanded tile.apply to one
// call of tile_cpu_apply. The instruction's operands travel in two byte
// buffers, one element per 16-byte slot, little-endian, in the form's
// operand order: every element the instruction reads (register atoms, the
// elements a load reads, broadcast scalars) in `in`, every element it writes
// (register atoms, the elements a store writes) in `out`. An element has the
// width of its operand's PTX type (the instruction table's register width).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CPURUNTIME_CPURUNTIME_H
#define TILE_CPURUNTIME_CPURUNTIME_H

#include <cstdint>

namespace tile {
namespace cpu {

/// Bytes between two elements in the operand buffers.
constexpr unsigned kSlotBytes = 16;

} // namespace cpu
} // namespace tile

extern "C" {
/// Executes the instruction (form index `form` of the instruction table,
/// qualifier set `quals`) on the elements in `in`, writing `out`. Data
/// movement (the Load, Store and Move semantics keys) copies the bits of the
/// elements read, in order, to the elements written; every other key
/// computes its one result with the MPFR reference (ref::evaluate).
void tile_cpu_apply(int64_t form, int64_t quals, const uint8_t *in,
                    uint8_t *out);
}

#endif // TILE_CPURUNTIME_CPURUNTIME_H
