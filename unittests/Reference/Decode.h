//===- Decode.h - an opcode of the table in a unit test ---------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_UNITTESTS_REFERENCE_DECODE_H
#define TILE_UNITTESTS_REFERENCE_DECODE_H

#include "tile/Ptx/InstrTable.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <string>

namespace tile::test {

/// The instruction `spelling` decodes to (`hint` as ptx::decode takes it).
/// A spelling that does not decode fails the test and ends the program:
/// there is no instruction to evaluate.
inline ptx::Instr decodeOrFail(const std::string &spelling,
                               const ptx::FormHint &hint = {}) {
  std::string error;
  std::optional<ptx::Instr> instr = ptx::decode(spelling, error, hint);
  EXPECT_TRUE(instr.has_value()) << spelling << ": " << error;
  if (!instr)
    std::abort();
  return *instr;
}

} // namespace tile::test

#endif // TILE_UNITTESTS_REFERENCE_DECODE_H
