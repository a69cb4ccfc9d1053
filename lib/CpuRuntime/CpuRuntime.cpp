//===- CpuRuntime.cpp - one instruction on the host ----------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Ptx/InstrTable.h"
#include "tile/Reference/Reference.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace tile;
using tile::cpu::kSlotBytes;

/// Bytes of one element of `desc` (a predicate's i1 takes one).
static unsigned elementBytes(const ptx::OperandDesc &desc) {
  return (ptx::getInfo(desc.type).bits + 7) / 8;
}

[[noreturn]] static void fatal(const ptx::Instr &instr, const char *what) {
  std::fprintf(stderr, "tile_cpu_apply: '%s': %s\n", instr.str().c_str(), what);
  std::abort();
}

void tile_cpu_apply(int64_t form, int64_t qualsLow, int64_t qualsHigh,
                    int64_t predicated, const uint8_t *in, uint8_t *out) {
  llvm::ArrayRef<ptx::FormDesc> forms = ptx::getForms();
  if (form < 0 || size_t(form) >= forms.size()) {
    std::fprintf(stderr, "tile_cpu_apply: no form %lld\n", (long long)form);
    std::abort();
  }
  ptx::Instr instr{&forms[form],
                   ptx::QualSet::fromWords(static_cast<uint64_t>(qualsLow),
                                           static_cast<uint64_t>(qualsHigh))};
  const ptx::FormDesc &desc = *instr.form;

  if (!ref::isSupported(instr)) {
    // Data movement: the bits read, in order, become the bits written.
    uint8_t bits[64];
    unsigned size = 0, slot = 0;
    for (const ptx::OperandDesc &o : desc.getOperands()) {
      if (o.role != ptx::OperandRole::Use)
        continue;
      for (unsigned k = 0; k < o.atom; ++k, ++slot) {
        unsigned n = elementBytes(o);
        if (size + n > sizeof(bits))
          fatal(instr, "moves more than 64 bytes");
        std::memcpy(bits + size, in + slot * kSlotBytes, n);
        size += n;
      }
    }
    unsigned used = 0;
    slot = 0;
    for (const ptx::OperandDesc &o : desc.getOperands()) {
      if (o.role != ptx::OperandRole::Def)
        continue;
      for (unsigned k = 0; k < o.atom; ++k, ++slot) {
        unsigned n = elementBytes(o);
        if (used + n > size)
          fatal(instr, "writes more bits than it reads");
        std::memcpy(out + slot * kSlotBytes, bits + used, n);
        used += n;
      }
    }
    if (used != size)
      fatal(instr, "reads more bits than it writes");
    return;
  }

  // Computation: result registers from the sources' registers; several
  // results (setp p|q) come packed, the first in the lowest bits.
  llvm::SmallVector<uint64_t, 4> sources;
  llvm::SmallVector<const ptx::OperandDesc *, 2> results;
  unsigned slot = 0;
  for (const ptx::OperandDesc &o : desc.getOperands()) {
    if (o.role == ptx::OperandRole::Def) {
      if (o.atom != 1)
        fatal(instr, "computes a register group");
      results.push_back(&o);
      continue;
    }
    for (unsigned k = 0; k < o.atom; ++k, ++slot) {
      uint64_t v = 0;
      unsigned n = elementBytes(o);
      if (n > 8)
        fatal(instr, "reads a register wider than 64 bits");
      std::memcpy(&v, in + slot * kSlotBytes, n);
      sources.push_back(v);
    }
  }
  if (results.empty())
    fatal(instr, "computes no register");
  uint64_t value = ref::evaluate(instr, sources, predicated != 0);
  if (results.size() == 1) {
    std::memcpy(out, &value, elementBytes(*results.front()));
    return;
  }
  unsigned shift = 0;
  for (auto [k, o] : llvm::enumerate(results)) {
    unsigned bits = ptx::getInfo(o->type).bits;
    if (shift + bits > 64)
      fatal(instr, "computes more than 64 bits of results");
    uint64_t v = (value >> shift) & (bits >= 64 ? ~0ULL : (1ULL << bits) - 1);
    std::memcpy(out + k * kSlotBytes, &v, elementBytes(*o));
    shift += bits;
  }
}
