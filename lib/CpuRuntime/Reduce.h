//===- Reduce.h - the bulk reductions' element operations -------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_CPURUNTIME_REDUCE_H
#define TILE_LIB_CPURUNTIME_REDUCE_H

#include "tile/Ptx/InstrTable.h"

#include <cstdint>

namespace tile::cpu {

/// The element operation of the reduction `instr` on the first of `types`
/// that has one for its operator (and, unless `ops` is empty, whose
/// operator is one of `ops`), or null.
const ptx::BulkRedElementDesc *
findReduction(const ptx::Instr &instr, llvm::ArrayRef<ptx::DataType> types,
              llvm::ArrayRef<ptx::Qual> ops = {});

/// What the element operation `element` (an instruction of the table on
/// (old, b), or exch, cas, inc, dec; a string of the table, whose address
/// keys the decoded instruction) stores over `old` for the
/// read-modify-write `instr`; cas stores `c` where old equals b.
uint64_t applyElement(const ptx::Instr &instr, const char *element,
                      uint64_t old, uint64_t b, uint64_t c = 0);

/// dst[i] = op(dst[i], src[i]) for the elements of `element`'s type in
/// `size` bytes.
void reduceElements(const ptx::Instr &instr,
                    const ptx::BulkRedElementDesc &element, uint8_t *dst,
                    const uint8_t *src, uint64_t size);

} // namespace tile::cpu

#endif // TILE_LIB_CPURUNTIME_REDUCE_H
