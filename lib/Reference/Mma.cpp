//===- Mma.cpp - reference semantics of mma.sync --------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// mma.sync over the fragments of a warp: each operand's elements are
// gathered from the lanes' registers through the form's fragment maps
// (FragmentDesc, from the table's records), D = A * B + C is computed as
// the form's MmaArithDesc says, and D is scattered back through its map.
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"

#include <cassert>
#include <cmath>
#include <cstring>
#include <optional>
#include <vector>

using namespace tile;
using ptx::FragmentDesc;

namespace {

constexpr unsigned kWarpSize = 32;

/// One operand's matrices, element bits by (matrix, row, column).
struct Matrix {
  const FragmentDesc *frag;
  std::vector<uint64_t> bits;
  uint64_t at(unsigned m, unsigned r, unsigned c) const {
    return bits[(m * frag->rows + r) * frag->cols + c];
  }
};

unsigned elementBits(const FragmentDesc &frag) {
  return ptx::getInfo(frag.element).valueBits;
}

/// Gathers the matrix of the source operand whose registers start at
/// `first` in each lane's sources, from the lanes that hold elements. A
/// memory operand's elements are one source each (the row a lane read).
Matrix gather(const FragmentDesc &frag, const ref::WarpSources &in,
              unsigned first, bool memory = false) {
  Matrix m{&frag, std::vector<uint64_t>(frag.matrices * frag.rows * frag.cols)};
  unsigned width = elementBits(frag);
  uint64_t mask = width >= 64 ? ~0ULL : (1ULL << width) - 1;
  unsigned perSource = memory ? 1 : frag.perReg;
  for (unsigned lane = 0; lane < frag.lanes; ++lane)
    for (unsigned i = 0; i < frag.getNumElements(); ++i) {
      uint64_t reg = in.lanes[lane][first + i / perSource];
      uint64_t v = (reg >> ((i % perSource) * width)) & mask;
      ptx::FragmentCoord c = frag.at(lane, i);
      m.bits[(c.matrix * frag.rows + c.row) * frag.cols + c.col] = v;
    }
  return m;
}

/// The value of an element of a float format, exactly (every mma input
/// format fits a double).
double toDouble(ptx::DataType type, uint64_t bits) {
  const ptx::FloatFormatInfo &f = ptx::getInfo(ptx::getInfo(type).format);
  if (type == ptx::DataType::F64)
    return llvm::bit_cast<double>(bits);
  unsigned frac = f.precision - 1;
  unsigned width = type == ptx::DataType::TF32 ? 32 : f.bits;
  if (type == ptx::DataType::TF32) // tf32: the f32 layout, low 13 bits unread.
    bits &= ~0x1FFFULL;
  if (width == 32)
    frac = 23;
  uint64_t sign = (bits >> (width - 1)) & 1;
  uint64_t exp = (bits >> frac) & ((1ULL << f.expBits) - 1);
  uint64_t man = bits & ((1ULL << frac) - 1);
  int bias = (1 << (f.expBits - 1)) - 1;
  bool allOnes = exp == (1ULL << f.expBits) - 1;
  double v;
  if (f.finiteOnly && allOnes && man == (1ULL << frac) - 1)
    v = NAN;
  else if (!f.finiteOnly && allOnes)
    v = man ? NAN : INFINITY;
  else if (exp == 0)
    v = std::ldexp(double(man), 1 - bias - int(frac));
  else
    v = std::ldexp(double(man | (1ULL << frac)), int(exp) - bias - int(frac));
  return sign ? -v : v;
}

/// Rounds `v` (finite, exact) to the bits of `type` (f32 or f16) with
/// `round` (RZ or RN); a result beyond the format's range is an infinity.
uint64_t fromDouble(ptx::DataType type, double v, ptx::Qual round) {
  const ptx::FloatFormatInfo &f = ptx::getInfo(ptx::getInfo(type).format);
  unsigned frac = f.precision - 1;
  int bias = (1 << (f.expBits - 1)) - 1;
  uint64_t sign = std::signbit(v) ? 1 : 0;
  double a = std::fabs(v);
  uint64_t expMax = (1ULL << f.expBits) - 1;
  uint64_t bits = 0;
  if (a != 0) {
    int e = std::max(std::ilogb(a), 1 - bias);
    // a = q * 2^(e - frac), rounded to an integer q.
    double q = std::ldexp(a, int(frac) - e);
    double qi = round == ptx::Qual::RZ ? std::trunc(q) : std::nearbyint(q);
    uint64_t n = static_cast<uint64_t>(qi);
    if (n >> (frac + 1)) { // Carried into the next binade.
      n >>= 1;
      ++e;
    }
    if (e > bias)
      bits = expMax << frac;
    else if (n >> frac)
      bits = (uint64_t(e + bias) << frac) | (n & ((1ULL << frac) - 1));
    else
      bits = n; // Subnormal (or zero).
  }
  return bits | (sign << (f.bits - 1));
}

uint64_t canonicalNaN(ptx::DataType type) {
  return type == ptx::DataType::F16 ? 0x7FFF : 0x7FFFFFFF;
}

uint64_t infinity(ptx::DataType type, bool negative) {
  uint64_t inf = type == ptx::DataType::F16 ? 0x7C00 : 0x7F800000;
  return negative ? inf | (type == ptx::DataType::F16 ? 0x8000 : 0x80000000)
                  : inf;
}

/// The nominal exponent of an element of `type`: its exponent, or the
/// format's least for a subnormal.
int nominalExp(ptx::DataType type, double v) {
  const ptx::FloatFormatInfo &f = ptx::getInfo(ptx::getInfo(type).format);
  int bias = (1 << (f.expBits - 1)) - 1;
  return std::max(std::ilogb(std::fabs(v)), 1 - bias);
}

/// A term of a fused step: its exact value and nominal exponent.
struct Term {
  double value;
  int exp;
};

/// One fused step (HMMA) to `dtype`: the terms anchored at the largest
/// nominal exponent, truncated toward zero `alignBits` below it, summed
/// exactly and rounded with `round`; a zero result is +0, whatever the
/// signs (measured: a negative sum that rounds to zero gives +0). Specials:
/// a NaN, or infinities of both signs, give the canonical NaN; an infinity
/// gives itself.
uint64_t fusedStep(llvm::ArrayRef<Term> terms, unsigned alignBits,
                   ptx::DataType dtype, ptx::Qual round) {
  bool nan = false, posInf = false, negInf = false;
  std::optional<int> anchor;
  for (const Term &t : terms) {
    if (std::isnan(t.value))
      nan = true;
    else if (std::isinf(t.value))
      (t.value > 0 ? posInf : negInf) = true;
    else if (t.value != 0)
      anchor = std::max(anchor.value_or(t.exp), t.exp);
  }
  if (nan || (posInf && negInf))
    return canonicalNaN(dtype);
  if (posInf || negInf)
    return infinity(dtype, negInf);
  if (!anchor)
    return fromDouble(dtype, 0.0, round);
  int unitExp = *anchor - int(alignBits);
  int64_t sum = 0;
  for (const Term &t : terms)
    sum += static_cast<int64_t>(std::trunc(std::ldexp(t.value, -unitExp)));
  uint64_t bits = fromDouble(dtype, std::ldexp(double(sum), unitExp), round);
  uint64_t sign = dtype == ptx::DataType::F16 ? 0x8000 : 0x80000000;
  return bits == sign ? 0 : bits;
}

/// The table's instruction `spelling` (a step of an emulated mma, from its
/// MmaArith record), decoded once.
const ptx::Instr &tableInstr(const char *spelling) {
  static llvm::StringMap<ptx::Instr> cache;
  auto it = cache.find(spelling);
  if (it != cache.end())
    return it->second;
  std::string error;
  std::optional<ptx::Instr> instr = ptx::decode(spelling, error);
  if (!instr)
    llvm::report_fatal_error(llvm::Twine("an mma step of the table is not ") +
                             "a form of it: '" + spelling + "': " + error);
  return cache.try_emplace(spelling, *instr).first->second;
}

/// The table's `spelling` on `sources`, through the reference.
uint64_t step(const char *spelling, llvm::ArrayRef<uint64_t> sources) {
  return ref::evaluate(tableInstr(spelling), sources);
}

/// An mma's operands as matrices, and the element (m, r, col) of D.
struct Operands {
  const Matrix &a, &b, &c;
  unsigned m, r, col;
  double av(unsigned k) const {
    return toDouble(a.frag->element, a.at(m, r, k));
  }
  double bv(unsigned k) const {
    return toDouble(b.frag->element, b.at(m, k, col));
  }
  uint64_t cBits() const { return c.at(m, r, col); }
  Term product(unsigned k, ptx::DataType widened) const {
    double x = av(k), y = bv(k);
    ptx::DataType ta =
        widened == ptx::DataType::F32 ? a.frag->element : widened;
    ptx::DataType tb =
        widened == ptx::DataType::F32 ? b.frag->element : widened;
    return {x * y, nominalExp(ta, x) + nominalExp(tb, y)};
  }
};

/// The bits of `v` (an element of `type`) as f32 (f16 widened exactly).
uint64_t asF32(ptx::DataType type, uint64_t bits) {
  if (type == ptx::DataType::F32)
    return bits;
  return llvm::bit_cast<uint32_t>(static_cast<float>(toDouble(type, bits)));
}

/// One HMMA step over the k in `ks`, from the accumulator `acc` (bits of
/// `dtype`).
uint64_t hmma(const ptx::MmaArithDesc &arith, const Operands &o,
              llvm::ArrayRef<unsigned> ks, ptx::DataType widened,
              ptx::DataType dtype, uint64_t acc) {
  llvm::SmallVector<Term, 33> terms;
  for (unsigned k : ks)
    terms.push_back(o.product(k, widened));
  double c = toDouble(dtype, acc);
  terms.push_back({c, nominalExp(dtype, c)});
  return fusedStep(terms, arith.alignBits, dtype, arith.outRound);
}

/// D's element of a floating-point mma.
uint64_t floatElement(const ptx::MmaArithDesc &arith, ptx::DataType dtype,
                      const Operands &o, unsigned k) {
  ptx::DataType ctype = o.c.frag->element;
  bool toF16 = dtype == ptx::DataType::F16;
  switch (arith.kind) {
  case ptx::MmaKind::Fused: {
    llvm::SmallVector<unsigned, 32> ks;
    for (unsigned i = 0; i < k; ++i)
      ks.push_back(i);
    return hmma(arith, o, ks, ptx::DataType::F32, dtype, o.cBits());
  }
  case ptx::MmaKind::SplitFused: {
    uint64_t acc = 0;
    for (unsigned half = 0; half < 2; ++half) {
      llvm::SmallVector<unsigned, 16> ks;
      for (unsigned i = 0; i < k; ++i)
        if ((i / 2) % 2 == half)
          ks.push_back(i);
      acc = hmma(arith, o, ks, ptx::DataType::F16, dtype, acc);
    }
    return step(arith.addStep, {o.cBits(), acc});
  }
  case ptx::MmaKind::ChainThenC: {
    uint64_t acc = 0;
    for (unsigned i = 0; i < k; ++i)
      acc = step(arith.fmaStep,
                 {asF32(o.a.frag->element, o.a.at(o.m, o.r, i)),
                  asF32(o.b.frag->element, o.b.at(o.m, i, o.col)), acc});
    return step(arith.addStep, {asF32(ctype, o.cBits()), acc});
  }
  case ptx::MmaKind::PairsThenC: {
    auto x = [&](unsigned i) {
      return asF32(o.a.frag->element, o.a.at(o.m, o.r, i));
    };
    auto y = [&](unsigned i) {
      return asF32(o.b.frag->element, o.b.at(o.m, i, o.col));
    };
    auto pair = [&](unsigned i) {
      return step(arith.fmaStep,
                  {x(i + 1), y(i + 1), step(arith.mulStep, {x(i), y(i)})});
    };
    uint64_t sum = step(
        arith.addStep,
        {step(arith.addStep, {asF32(ctype, o.cBits()), pair(0)}), pair(2)});
    return toF16 ? step(arith.cvtStep, {sum}) : sum;
  }
  case ptx::MmaKind::FmaChain: {
    uint64_t acc = o.cBits();
    for (unsigned i = 0; i < k; ++i)
      acc = step(arith.fmaStep,
                 {o.a.at(o.m, o.r, i), o.b.at(o.m, i, o.col), acc});
    return acc;
  }
  case ptx::MmaKind::Integer:
  case ptx::MmaKind::Bits:
    break;
  }
  llvm_unreachable("not a floating-point mma kind");
}

/// The value of an integer element of `type` (sign- or zero-extended).
int64_t intValue(ptx::DataType type, uint64_t bits) {
  const ptx::DataTypeInfo &info = ptx::getInfo(type);
  unsigned w = info.valueBits;
  if (info.intKind == ptx::IntKind::Signed && w < 64 && ((bits >> (w - 1)) & 1))
    return static_cast<int64_t>(bits | (~0ULL << w));
  return static_cast<int64_t>(bits);
}

/// D's element (m, r, col) of the form's arithmetic.
uint64_t element(const ptx::Instr &instr, const Matrix &a, const Matrix &b,
                 const Matrix &c, unsigned m, unsigned r, unsigned col) {
  const ptx::MmaArithDesc &arith = *instr.form->arith;
  ptx::DataType dtype = instr.form->getOperands()[0].fragment->element;
  unsigned k = a.frag->cols;
  switch (arith.kind) {
  case ptx::MmaKind::Integer: {
    int64_t acc = intValue(c.frag->element, c.at(m, r, col));
    for (unsigned i = 0; i < k; ++i)
      acc += intValue(a.frag->element, a.at(m, r, i)) *
             intValue(b.frag->element, b.at(m, i, col));
    if (instr.has(ptx::Qual::SatFinite))
      acc = std::clamp<int64_t>(acc, INT32_MIN, INT32_MAX);
    return static_cast<uint32_t>(acc);
  }
  case ptx::MmaKind::Bits: {
    bool isAnd = instr.has(ptx::Qual::AndPopc);
    uint32_t acc = static_cast<uint32_t>(c.at(m, r, col));
    for (unsigned i = 0; i < k; ++i) {
      uint64_t x = a.at(m, r, i), y = b.at(m, i, col);
      acc += isAnd ? (x & y) : (x ^ y);
    }
    return acc;
  }
  default:
    return floatElement(arith, dtype, Operands{a, b, c, m, r, col}, k);
  }
}

} // namespace

void tile::ref::evaluateMma(const ptx::Instr &instr, const WarpSources &in,
                            WarpResults &out) {
  llvm::ArrayRef<ptx::OperandDesc> ops = instr.form->getOperands();
  assert(ops.size() == 4 && isMma(instr) && "not an mma form");
  const FragmentDesc &fd = *ops[0].fragment;
  Matrix a = gather(*ops[1].fragment, in, 0);
  Matrix b = gather(*ops[2].fragment, in, ops[1].atom);
  Matrix c = gather(*ops[3].fragment, in, ops[1].atom + ops[2].atom);
  unsigned width = elementBits(fd);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    out[lane].assign(fd.regs, 0);
    for (unsigned i = 0; i < fd.getNumElements(); ++i) {
      ptx::FragmentCoord at = fd.at(lane, i);
      uint64_t v = element(instr, a, b, c, at.matrix, at.row, at.col);
      out[lane][i / fd.perReg] |= v << ((i % fd.perReg) * width);
    }
  }
}

void tile::ref::evaluateFragmentMove(const ptx::Instr &instr,
                                     const WarpSources &in, WarpResults &out) {
  llvm::ArrayRef<ptx::OperandDesc> ops = instr.form->getOperands();
  assert(ops.size() == 2 && ops[0].fragment && ops[1].fragment &&
         "not a fragment move");
  const FragmentDesc &fd = *ops[0].fragment;
  bool toMemory = ops[0].kind == ptx::OperandKind::Memory;
  Matrix s =
      gather(*ops[1].fragment, in, 0, ops[1].kind == ptx::OperandKind::Memory);
  unsigned width = elementBits(fd);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    out[lane].assign(toMemory ? fd.getNumElements() : fd.regs, 0);
    for (unsigned i = 0; i < fd.getNumElements(); ++i) {
      ptx::FragmentCoord at = fd.at(lane, i);
      uint64_t v = s.at(at.matrix, at.row, at.col);
      if (toMemory)
        out[lane][i] = v;
      else
        out[lane][i / fd.perReg] |= v << ((i % fd.perReg) * width);
    }
  }
}
