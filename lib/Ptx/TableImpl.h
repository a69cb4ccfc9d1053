//===- TableImpl.h - Internals shared by the table's sources ----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_LIB_PTX_TABLEIMPL_H
#define TILE_LIB_PTX_TABLEIMPL_H

#include "tile/Ptx/InstrTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

namespace tile::ptx::detail {

/// Every qualifier, in enumerator order.
inline auto allQuals() {
  return llvm::map_range(
      llvm::seq<unsigned>(0, static_cast<unsigned>(Qual::NumQuals)),
      [](unsigned i) { return static_cast<Qual>(i); });
}

/// Every floating-point format, `None` first.
llvm::ArrayRef<FloatFormatInfo> getFormats();

/// The PTX ISA versions LLVM 22's NVPTX backend emits.
llvm::ArrayRef<unsigned> getEmittablePtxVersions();

/// PTX type names that exist in the ISA but have no form in the table; they
/// are recognised so that "fma.rn.s32" reports a type error, not an unknown
/// qualifier.
bool isOtherPtxTypeName(llvm::StringRef name);

/// A user-supplied spelling quoted, with unprintable characters escaped.
std::string quoted(llvm::StringRef text);

} // namespace tile::ptx::detail

#endif // TILE_LIB_PTX_TABLEIMPL_H
