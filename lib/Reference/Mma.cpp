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

#include "llvm/ADT/bit.h"

#include <cassert>
#include <cmath>
#include <cstring>
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
/// `first` in each lane's sources.
Matrix gather(const FragmentDesc &frag, const ref::WarpSources &in,
              unsigned first) {
  Matrix m{&frag, std::vector<uint64_t>(frag.matrices * frag.rows * frag.cols)};
  unsigned width = elementBits(frag);
  uint64_t mask = width >= 64 ? ~0ULL : (1ULL << width) - 1;
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    for (unsigned i = 0; i < frag.getNumElements(); ++i) {
      uint64_t reg = in.lanes[lane][first + i / frag.perReg];
      uint64_t v = (reg >> ((i % frag.perReg) * width)) & mask;
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

/// Rounds `v` (finite) to f32 or f16 bits with `round` (RZ or RN).
uint64_t fromDouble(ptx::DataType type, double v, ptx::Qual round) {
  const ptx::FloatFormatInfo &f = ptx::getInfo(ptx::getInfo(type).format);
  unsigned frac = f.precision - 1;
  int bias = (1 << (f.expBits - 1)) - 1;
  uint64_t sign = std::signbit(v) ? 1 : 0;
  double a = std::fabs(v);
  uint64_t expMax = (1ULL << f.expBits) - 1;
  uint64_t bits;
  if (a == 0) {
    bits = 0;
  } else {
    int e = std::ilogb(a);
    if (e < 1 - bias)
      e = 1 - bias;
    // a = q * 2^(e - frac), rounded to an integer q.
    double q = std::ldexp(a, int(frac) - e);
    double qi = round == ptx::Qual::RZ ? std::trunc(q) : std::nearbyint(q);
    uint64_t n = static_cast<uint64_t>(qi);
    if (n >> (frac + 1)) { // Carried into the next binade.
      n >>= 1;
      ++e;
    }
    if (e > bias) // Overflow: RZ stops at the largest finite value.
      bits = round == ptx::Qual::RZ ? ((expMax - 1) << frac) | ((1ULL << frac) - 1)
                                    : expMax << frac;
    else if (n >> frac)
      bits = (uint64_t(e + bias) << frac) | (n & ((1ULL << frac) - 1));
    else
      bits = n; // Subnormal.
  }
  return bits | (sign << (f.bits - 1));
}

uint64_t canonicalNaN(ptx::DataType type) {
  return type == ptx::DataType::F16 ? 0x7FFF : 0x7FFFFFFF;
}

/// One element of a fused float mma: the products of k in [k0, k1) and
/// `acc`, each truncated `alignBits` bits below the largest one's exponent,
/// summed, rounded to `dtype`. Returns the destination bits.
uint64_t fusedDot(const ptx::MmaArithDesc &arith, ptx::DataType dtype,
                  llvm::ArrayRef<double> terms) {
  bool nan = false, posInf = false, negInf = false;
  double maxAbs = 0;
  for (double t : terms) {
    if (std::isnan(t))
      nan = true;
    else if (std::isinf(t))
      (t > 0 ? posInf : negInf) = true;
    else
      maxAbs = std::max(maxAbs, std::fabs(t));
  }
  if (nan || (posInf && negInf))
    return canonicalNaN(dtype);
  if (posInf || negInf) {
    uint64_t inf = dtype == ptx::DataType::F16 ? 0x7C00 : 0x7F800000;
    return negInf ? inf | (dtype == ptx::DataType::F16 ? 0x8000 : 0x80000000)
                  : inf;
  }
  if (maxAbs == 0) {
    bool allNeg = llvm::all_of(terms, [](double t) { return std::signbit(t); });
    return fromDouble(dtype, allNeg ? -0.0 : 0.0, arith.outRound);
  }
  int unitExp = std::ilogb(maxAbs) - int(arith.alignBits);
  int64_t sum = 0;
  for (double t : terms)
    sum += static_cast<int64_t>(std::trunc(std::ldexp(t, -unitExp)));
  return fromDouble(dtype, std::ldexp(double(sum), unitExp), arith.outRound);
}

/// The value of an integer element of `type` (sign- or zero-extended).
int64_t intValue(ptx::DataType type, uint64_t bits) {
  const ptx::DataTypeInfo &info = ptx::getInfo(type);
  unsigned w = info.valueBits;
  if (info.intKind == ptx::IntKind::Signed && w < 64 && ((bits >> (w - 1)) & 1))
    return static_cast<int64_t>(bits | (~0ULL << w));
  return static_cast<int64_t>(bits);
}

/// D's element (m, r, c) of the form's arithmetic.
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
  case ptx::MmaKind::FmaChain: {
    double acc = toDouble(c.frag->element, c.at(m, r, col));
    for (unsigned i = 0; i < k; ++i)
      acc = std::fma(toDouble(a.frag->element, a.at(m, r, i)),
                     toDouble(b.frag->element, b.at(m, i, col)), acc);
    return llvm::bit_cast<uint64_t>(acc);
  }
  case ptx::MmaKind::Fused: {
    unsigned group = arith.groupK ? arith.groupK : k;
    double acc = toDouble(c.frag->element, c.at(m, r, col));
    uint64_t bits = 0;
    for (unsigned k0 = 0; k0 < k; k0 += group) {
      llvm::SmallVector<double, 33> terms;
      for (unsigned i = k0; i < k0 + group; ++i)
        terms.push_back(toDouble(a.frag->element, a.at(m, r, i)) *
                        toDouble(b.frag->element, b.at(m, i, col)));
      terms.push_back(acc);
      bits = fusedDot(arith, dtype, terms);
      acc = toDouble(dtype, bits);
    }
    return bits;
  }
  }
  llvm_unreachable("unknown mma kind");
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
