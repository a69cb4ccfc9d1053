//===- Reduce.cpp - the bulk reductions' element operations --------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// cp.reduce.async.bulk(.tensor): each destination element becomes
// op(old, source), op the instruction table's BulkRedElement of the
// instruction's operator and element type, computed by the reference; atom
// and red: the form's Element.
//
//===----------------------------------------------------------------------===//

#include "Reduce.h"
#include "Operands.h"
#include "tile/Reference/Reference.h"

#include <cstring>
#include <optional>
#include <string>

using namespace tile;

namespace {

/// The wrap-around counters (PTX ISA, atom and red): inc and dec.
uint64_t counter(llvm::StringRef which, uint64_t old, uint64_t limit) {
  if (which == "inc")
    return old >= limit ? 0 : old + 1;
  return old == 0 || old > limit ? limit : old - 1;
}

} // namespace

const ptx::BulkRedElementDesc *
tile::cpu::findReduction(const ptx::Instr &instr,
                         llvm::ArrayRef<ptx::DataType> types,
                         llvm::ArrayRef<ptx::Qual> ops) {
  for (ptx::DataType type : types)
    for (const ptx::BulkRedElementDesc &e : ptx::getBulkRedElements())
      if (e.type == type && instr.has(e.op) &&
          (ops.empty() || llvm::is_contained(ops, e.op)))
        return &e;
  return nullptr;
}

uint64_t tile::cpu::applyElement(const ptx::Instr &instr, const char *element,
                                 uint64_t old, uint64_t b, uint64_t c) {
  llvm::StringRef name = element;
  if (name == "inc" || name == "dec")
    return counter(name, old, b);
  if (name == "exch")
    return b;
  if (name == "cas")
    return old == b ? c : old;
  // A tensor reduction calls once per element: decode each of the table's
  // spellings (one string each) once.
  static thread_local const char *decoded = nullptr;
  static thread_local std::optional<ptx::Instr> op;
  if (decoded != element) {
    std::string error;
    op = ptx::decode(name, error);
    if (!op)
      reportThread(instr, "its element operation '" + name.str() +
                              "' is not an instruction of the table: " + error);
    decoded = element;
  }
  return ref::evaluate(*op, {old, b});
}

void tile::cpu::reduceElements(const ptx::Instr &instr,
                               const ptx::BulkRedElementDesc &element,
                               uint8_t *dst, const uint8_t *src,
                               uint64_t size) {
  unsigned bytes = (ptx::getInfo(element.type).valueBits + 7) / 8;
  for (uint64_t i = 0, count = size / bytes; i < count; ++i) {
    uint64_t old = 0, source = 0;
    std::memcpy(&old, dst + i * bytes, bytes);
    std::memcpy(&source, src + i * bytes, bytes);
    uint64_t result = applyElement(instr, element.instr, old, source);
    std::memcpy(dst + i * bytes, &result, bytes);
  }
}
