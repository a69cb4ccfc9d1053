//===- Reference.h - bit-exact reference semantics of PTX forms -*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A bit-exact reference of every arithmetic form of the instruction table,
/// dispatched on the form's semantics key and computed with MPFR: the exact
/// result rounded once in the form's rounding mode to the format's precision
/// and exponent range (subnormals included), then the qualifiers: `.ftz`
/// flushes subnormal inputs and results to sign-preserving zero, `.sat`
/// clamps to [0, 1] (NaN and -0 to +0), `.relu` clamps negatives to +0 (NaN to
/// the canonical NaN), `.oob` gives +0 when a or b is the OOB-NaN, `.NaN`
/// makes min/max propagate NaN, `.xorsign.abs` / `.abs` act on magnitudes.
/// Packed forms compute each lane independently (lane 0 in the low bits);
/// mixed precision widens a and b exactly to f32. Formats come from the
/// table's per-type float format.
///
/// NaN payloads: the ISA leaves them unspecified except for f64 arithmetic
/// (fma, add, sub, mul), which propagates an input payload; `sameResult`
/// compares NaN-ness where the payload is open.
///
//===----------------------------------------------------------------------===//

#ifndef TILE_REFERENCE_REFERENCE_H
#define TILE_REFERENCE_REFERENCE_H

#include "tile/Ptx/InstrTable.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

namespace tile {
namespace ref {

/// The OOB-NaN of the .oob forms for f16 and bf16 (with either sign). The ISA
/// does not give its encoding; this one was measured on an H200.
constexpr uint16_t kOobNaN16 = 0x7FF7;

/// Turns the host fast path on or off (on unless TILE_REFERENCE_MPFR_ONLY
/// is set): f32 and f64 fma/add/sub/mul to nearest without .ftz, on non-NaN
/// sources and results, through the host's IEEE operations, which give the
/// same bits as MPFR there; it is taken only while the host rounds to
/// nearest with gradual underflow. Off, every result comes from MPFR.
void setHostFastPath(bool enabled);

/// Whether the reference can evaluate `instr` lane by lane (an arithmetic,
/// conversion, bit or comparison form: not data movement, not a warp
/// collective).
bool isSupported(const ptx::Instr &instr);

/// Whether `instr` is a warp collective (shfl.sync, vote.sync, ...), which
/// evaluateWarp computes.
bool isCollective(const ptx::Instr &instr);

/// The lanes of a warp that meet at a collective: `met` has bit i set where
/// lane i met (those of one member mask that have not exited), `executing`
/// where lane i executes the instruction with them (`met` and the lanes
/// converged with them under other masks; activemask: the lanes at the
/// instruction), and `lanes[i]` holds lane i's sources in operand order for
/// every executing lane.
struct WarpSources {
  uint32_t met = 0;
  uint32_t executing = 0;
  std::array<llvm::SmallVector<uint64_t, 6>, 32> lanes;
};

/// Evaluates the collective `instr` for the lanes that met: `out[i]` is lane
/// i's destination containers, packed as `evaluate` packs several (the
/// first in the lowest bits); the other lanes' entries are left as they
/// are. A shfl.sync lane whose in-range source lane does not execute the
/// instruction reads 0 (the ISA leaves it open; measured on the H200).
void evaluateWarp(const ptx::Instr &instr, const WarpSources &in,
                  uint64_t out[32]);

/// Each lane's destination registers, one container per register, for a
/// collective that writes register groups (mma's d).
using WarpResults = std::array<llvm::SmallVector<uint64_t, 8>, 32>;

/// Evaluates an mma over the fragments of the 32 lanes of a warp (all
/// must have met): `out[i]` is lane i's d, register by register. The
/// fragment maps and the arithmetic come from the form (FragmentDesc,
/// MmaArithDesc).
void evaluateMma(const ptx::Instr &instr, const WarpSources &in,
                 WarpResults &out);

/// Whether `instr` is a warpgroup mma (wgmma.mma_async).
inline bool isWgmma(const ptx::Instr &instr) {
  return instr.form->isWarpgroupCollective();
}

/// Whether `instr` is a warp's mma, which computes register groups
/// (evaluateMma).
inline bool isMma(const ptx::Instr &instr) {
  return instr.form->arith != nullptr && !isWgmma(instr);
}

/// Evaluates a move between two fragments of the same matrices, the 32
/// lanes of a warp together (all must have met): ldmatrix (the rows the
/// lanes read, one source per element, to registers), stmatrix (registers
/// to the rows the lanes address: `out[i]` holds lane i's row, one element
/// per entry) and movmatrix (registers to registers).
void evaluateFragmentMove(const ptx::Instr &instr, const WarpSources &in,
                          WarpResults &out);

/// Whether `instr`'s operands are fragments spread over a whole warp (mma,
/// ldmatrix, stmatrix, movmatrix): its 32 lanes meet, and it writes groups.
inline bool isWarpFragments(const ptx::Instr &instr) {
  for (const ptx::OperandDesc &o : instr.form->getOperands())
    if (o.fragment && o.distribution == ptx::Distribution::Warp)
      return true;
  return false;
}

/// Evaluates a fragment form (isWarpFragments): evaluateMma or
/// evaluateFragmentMove.
inline void evaluateFragments(const ptx::Instr &instr, const WarpSources &in,
                              WarpResults &out) {
  if (isMma(instr))
    evaluateMma(instr, in, out);
  else
    evaluateFragmentMove(instr, in, out);
}

/// The threads of a warpgroup.
constexpr unsigned kWarpgroupSize = 128;

/// Reads `n` bytes of the block's shared memory at shared address `addr`
/// into `out`; false where they are not all inside it.
using SharedReader =
    std::function<bool(uint64_t addr, uint8_t *out, unsigned n)>;

/// The sources of a wgmma.mma_async for the 128 threads of a warpgroup:
/// `threads[t]` holds thread t's registers of every operand in operand
/// order (d's old value first, then a's registers or a-desc, b-desc,
/// scale-d and the immediates, one container each), and `readShared` reads
/// the matrices the descriptors name.
struct WarpgroupSources {
  std::array<llvm::SmallVector<uint64_t, 16>, kWarpgroupSize> threads;
  SharedReader readShared;
};
/// Each thread's d, register by register.
using WarpgroupResults =
    std::array<llvm::SmallVector<uint64_t, 16>, kWarpgroupSize>;

/// A wgmma's matrices as it reads them: A (m x k), B (k x n) and the
/// addend C (m x n; zeros where scale-d is false), element bits row-major,
/// with imm-trans and imm-scale applied.
struct WgmmaMatrices {
  ptx::DataType aElem, bElem, cElem;
  unsigned m, n, k;
  std::vector<uint64_t> a, b, c;
};
/// Reads a wgmma's matrices (the errors of evaluateWgmma).
llvm::Expected<WgmmaMatrices> gatherWgmma(const ptx::Instr &instr,
                                          const WarpgroupSources &in);

/// D = A B (+ C) of a wgmma's matrices as gatherWgmma gives them, with the
/// form's MmaArithDesc: D's m x n element bits, row-major.
std::vector<uint64_t> multiplyWgmma(const ptx::Instr &instr,
                                    const WgmmaMatrices &mats);

/// Evaluates a wgmma.mma_async of the 128 threads of a warpgroup: A and B
/// from registers or from shared memory as their descriptors and the
/// table's canonical layouts say (ptx::SmemLayoutDesc), imm-trans and
/// imm-scale applied, d added where scale-d is true, with the form's
/// fragments and MmaArithDesc. An error names a descriptor the reference
/// does not model (a base offset), a matrix outside shared memory, or a
/// descriptor or immediate that differs between the threads.
llvm::Error evaluateWgmma(const ptx::Instr &instr, const WarpgroupSources &in,
                          WarpgroupResults &out);

/// Evaluates `instr` on its source register containers, in operand order
/// (the low bits of each uint64 hold the container). Returns the destination
/// container. `predicated`: the instruction executes under a predicate,
/// where ptxas 13.0 compiles some spellings otherwise (a NaN result of a
/// predicated neg.f32 keeps its payload: FormDesc::getNaNRule).
uint64_t evaluate(const ptx::Instr &instr, llvm::ArrayRef<uint64_t> sources,
                  bool predicated = false);

/// `evaluate` for the three sources of an fma form.
inline uint64_t evalFma(const ptx::Instr &instr, uint64_t a, uint64_t b,
                        uint64_t c) {
  return evaluate(instr, {a, b, c});
}

/// Whether `got` equals `expected` under the NaN rules of the form: bit for
/// bit, except where the ISA leaves NaN payloads open, where any NaN matches
/// any NaN (per lane for packed types).
bool sameResult(const ptx::Instr &instr, uint64_t got, uint64_t expected);

/// Whether `got`, the hardware's result of an approximation (a form with
/// error bounds) from `sources`, lies within the ISA's bounds: per lane, the
/// first bound whose range holds the input, in its metric; NaN-ness and
/// infinities as the correctly rounded `expected` (ref::evaluate) has them.
/// Relative and absolute bounds allow one subnormal step more (a subnormal
/// result cannot be closer), and with .ftz a zero stands for a result below
/// twice the smallest normal. An input outside every bound's range (sin
/// beyond 100 pi) is checked for NaN-ness only.
bool withinBounds(const ptx::Instr &instr, llvm::ArrayRef<uint64_t> sources,
                  uint64_t got, uint64_t expected);

/// Whether the bits of one lane of `type` are a NaN.
bool isNaN(ptx::DataType type, uint64_t bits);

} // namespace ref
} // namespace tile

#endif // TILE_REFERENCE_REFERENCE_H
