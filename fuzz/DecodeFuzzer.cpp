//===- DecodeFuzzer.cpp - libFuzzer harness for the opcode decoder --------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Input: one byte choosing the hint (operand count and atom extents), the
// rest the spelling. Invariants beyond "no crash, no sanitizer report":
// a failure has a message; a success prints a spelling that decodes (with
// the same hint and the variant where one is needed) to the same
// instruction, whose qualifiers the form accepts.
//
//===----------------------------------------------------------------------===//

#include "tile/Ptx/InstrTable.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace tile::ptx;

static void fail(const char *what, const std::string &spelling) {
  std::fprintf(stderr, "decode invariant broken: %s for '%s'\n", what,
               spelling.c_str());
  std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!size)
    return 0;
  uint8_t selector = data[0];
  std::string spelling(reinterpret_cast<const char *>(data + 1), size - 1);
  unsigned atoms[4] = {1u + (selector & 1), 1u + ((selector >> 1) & 1),
                       1u + ((selector >> 2) & 3), 1};
  FormHint hint;
  if (selector & 0x80) {
    hint.numOperands = 2 + ((selector >> 4) & 3);
    hint.atoms = llvm::ArrayRef<unsigned>(atoms, *hint.numOperands);
  }
  std::string error;
  std::optional<Instr> instr = decode(spelling, error, hint);
  if (!instr) {
    if (error.empty())
      fail("a failure without a message", spelling);
    return 0;
  }
  if (!instr->form->accepts(instr->quals))
    fail("decoded qualifiers the form does not accept", spelling);
  std::string canonical = instr->str();
  FormHint again = hint;
  if (needsVariant(*instr))
    again.variant = instr->form->variant;
  std::string error2;
  std::optional<Instr> round = decode(canonical, error2, again);
  if (!round || !(*round == *instr))
    fail("the printed spelling does not decode to the same instruction",
         spelling);
  (void)instr->getPtxVersion();
  (void)instr->getMinSm();
  (void)instr->getEquivalentIntrinsic();
  return 0;
}
