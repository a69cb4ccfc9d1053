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

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"

#include <cassert>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

using namespace tile;
using ptx::FragmentDesc;

namespace {

constexpr unsigned kWarpSize = 32;

/// One operand's matrices of `elem` elements, element bits by (matrix,
/// row, column).
struct Matrix {
  ptx::DataType elem;
  unsigned rows, cols;
  std::vector<uint64_t> bits;
  uint64_t at(unsigned m, unsigned r, unsigned c) const {
    return bits[(m * rows + r) * cols + c];
  }
};

unsigned elementBits(const FragmentDesc &frag) {
  return ptx::getInfo(frag.element).valueBits;
}

/// Register `reg` of the sources of lane (or thread) `lane`.
using RegisterOf = llvm::function_ref<uint64_t(unsigned lane, unsigned reg)>;

/// Gathers the matrix of the source operand whose registers start at
/// `first` in each lane's sources, from the lanes that hold elements. A
/// memory operand's elements are one source each (the row a lane read).
Matrix gather(const FragmentDesc &frag, RegisterOf regOf, unsigned first,
              bool memory = false) {
  Matrix m{frag.element, frag.rows, frag.cols,
           std::vector<uint64_t>(frag.matrices * frag.rows * frag.cols)};
  unsigned width = elementBits(frag);
  uint64_t mask = width >= 64 ? ~0ULL : (1ULL << width) - 1;
  unsigned perSource = memory ? 1 : frag.perReg;
  for (unsigned lane = 0; lane < frag.lanes; ++lane)
    for (unsigned i = 0; i < frag.getNumElements(); ++i) {
      uint64_t reg = regOf(lane, first + i / perSource);
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
/// signs (measured: a negative sum that rounds to zero gives +0); where
/// `outPrecision` is set, the sum keeps only that many significant bits,
/// truncated, before it is rounded (QGMMA into f32). Specials:
/// a NaN, or infinities of both signs, give the canonical NaN; an infinity
/// gives itself.
uint64_t fusedStep(llvm::ArrayRef<Term> terms, unsigned alignBits,
                   ptx::DataType dtype, ptx::Qual round,
                   unsigned outPrecision = 0) {
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
  // A result of fewer significant bits than the format's (QGMMA into f32)
  // is truncated to them first.
  if (outPrecision && sum != 0) {
    int drop = int(64 - llvm::countl_zero(uint64_t(std::llabs(sum)))) -
               int(outPrecision);
    if (drop > 0) {
      sum = sum / (int64_t(1) << drop) * (int64_t(1) << drop);
    }
  }
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
  double av(unsigned k) const { return toDouble(a.elem, a.at(m, r, k)); }
  double bv(unsigned k) const { return toDouble(b.elem, b.at(m, k, col)); }
  uint64_t cBits() const { return c.at(m, r, col); }
  Term product(unsigned k, ptx::DataType widened) const {
    double x = av(k), y = bv(k);
    ptx::DataType ta = widened == ptx::DataType::F32 ? a.elem : widened;
    ptx::DataType tb = widened == ptx::DataType::F32 ? b.elem : widened;
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
  return fusedStep(terms, arith.alignBits, dtype, arith.outRound,
                   arith.outPrecision);
}

/// D's element of a floating-point mma.
uint64_t floatElement(const ptx::MmaArithDesc &arith, ptx::DataType dtype,
                      const Operands &o, unsigned k) {
  ptx::DataType ctype = o.c.elem;
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
      acc = step(arith.fmaStep, {asF32(o.a.elem, o.a.at(o.m, o.r, i)),
                                 asF32(o.b.elem, o.b.at(o.m, i, o.col)), acc});
    return step(arith.addStep, {asF32(ctype, o.cBits()), acc});
  }
  case ptx::MmaKind::PairsThenC: {
    auto x = [&](unsigned i) { return asF32(o.a.elem, o.a.at(o.m, o.r, i)); };
    auto y = [&](unsigned i) { return asF32(o.b.elem, o.b.at(o.m, i, o.col)); };
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
  case ptx::MmaKind::Unmodeled:
    break;
  }
  llvm_unreachable("not a floating-point mma kind (or one not modeled)");
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
  unsigned k = a.cols;
  switch (arith.kind) {
  case ptx::MmaKind::Integer: {
    int64_t acc = intValue(c.elem, c.at(m, r, col));
    for (unsigned i = 0; i < k; ++i)
      acc +=
          intValue(a.elem, a.at(m, r, i)) * intValue(b.elem, b.at(m, i, col));
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
  assert(instr.form->arith->kind != ptx::MmaKind::Unmodeled &&
         "an mma whose arithmetic is not modeled (the CPU backend refuses it)");
  const FragmentDesc &fd = *ops[0].fragment;
  auto regOf = [&](unsigned lane, unsigned reg) { return in.lanes[lane][reg]; };
  Matrix a = gather(*ops[1].fragment, regOf, 0);
  Matrix b = gather(*ops[2].fragment, regOf, ops[1].atom);
  Matrix c = gather(*ops[3].fragment, regOf, ops[1].atom + ops[2].atom);
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
  assert(!ops[0].fragment->unknown && !ops[1].fragment->unknown &&
         "a fragment whose map is not known (the CPU backend refuses it)");
  const FragmentDesc &fd = *ops[0].fragment;
  bool toMemory = ops[0].kind == ptx::OperandKind::Memory;
  auto regOf = [&](unsigned lane, unsigned reg) { return in.lanes[lane][reg]; };
  Matrix s = gather(*ops[1].fragment, regOf, 0,
                    ops[1].kind == ptx::OperandKind::Memory);
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

//===----------------------------------------------------------------------===//
// wgmma.mma_async
//===----------------------------------------------------------------------===//

namespace {

/// The operand of `instr` with role `role`, and where its registers start
/// in a thread's sources; or nullopt.
struct RoleOperand {
  const ptx::OperandDesc *desc = nullptr;
  unsigned first = 0;
};
RoleOperand findRole(const ptx::Instr &instr, ptx::MmaRole role) {
  unsigned first = 0;
  for (const ptx::OperandDesc &o : instr.form->getOperands()) {
    if (o.mmaRole == role)
      return {&o, first};
    first += o.atom;
  }
  return {};
}

/// A matrix in shared memory named by a descriptor, read as the table's
/// canonical layouts say (ptx::SmemLayoutDesc); `error` says why not.
llvm::Expected<Matrix> readDescribed(const ptx::OperandDesc &op, uint64_t desc,
                                     bool mnMajor,
                                     const ref::SharedReader &read) {
  using ptx::DescField;
  const ptx::SwizzleModeDesc *mode =
      ptx::findSwizzleByCode(ptx::getDescField(DescField::Swizzle).get(desc));
  const ptx::SmemLayoutDesc *layout =
      mode ? ptx::findSmemLayout(mnMajor, *mode) : nullptr;
  if (!layout)
    return llvm::createStringError("descriptor 0x%llx of '%s': no layout",
                                   (unsigned long long)desc, op.name);
  if (ptx::getDescField(DescField::BaseOffset).get(desc))
    return llvm::createStringError(
        "descriptor 0x%llx of '%s': a base offset is not modeled",
        (unsigned long long)desc, op.name);
  uint64_t start = ptx::getDescField(DescField::StartAddress).get(desc);
  uint64_t lbo = ptx::getDescField(DescField::LeadingOffset).get(desc);
  uint64_t sbo = ptx::getDescField(DescField::StrideOffset).get(desc);
  unsigned bits = ptx::getInfo(op.descElem).valueBits;
  bool isA = op.mmaRole == ptx::MmaRole::A;
  Matrix m{op.descElem, op.descRows, op.descCols,
           std::vector<uint64_t>(op.descRows * op.descCols)};
  for (unsigned r = 0; r < op.descRows; ++r)
    for (unsigned c = 0; c < op.descCols; ++c) {
      // A is M x K, B is K x N.
      uint64_t mn = isA ? r : c, k = isA ? c : r;
      uint64_t at = layout->bitOffset(mn, k, bits, lbo, sbo);
      uint64_t addr = mode->apply(start + at / 8);
      uint8_t bytes[8] = {};
      unsigned n = (bits + 7) / 8;
      if (!read(addr, bytes, n))
        return llvm::createStringError(
            "descriptor 0x%llx of '%s': element (%u, %u) at shared address "
            "0x%llx is outside the block's shared memory",
            (unsigned long long)desc, op.name, r, c, (unsigned long long)addr);
      uint64_t v = 0;
      std::memcpy(&v, bytes, n);
      if (bits < 8)
        v = (v >> (at % 8)) & ((1u << bits) - 1);
      m.bits[r * op.descCols + c] = v;
    }
  return m;
}

/// Negates every element of `m` (imm-scale -1): its sign bit.
void negate(Matrix &m) {
  const ptx::DataTypeInfo &info = ptx::getInfo(m.elem);
  unsigned width = m.elem == ptx::DataType::TF32 ? 32 : info.valueBits;
  for (uint64_t &v : m.bits)
    v ^= uint64_t(1) << (width - 1);
}

/// Thread 0's value of the scalar operand `r` (an immediate or a
/// descriptor), after checking that every thread has the same.
llvm::Expected<uint64_t> uniform(const RoleOperand &r,
                                 const ref::WarpgroupSources &in) {
  uint64_t v = in.threads[0][r.first];
  for (unsigned t = 1; t < ref::kWarpgroupSize; ++t)
    if (in.threads[t][r.first] != v)
      return llvm::createStringError(
          "'%s' differs between the warpgroup's threads (thread 0: 0x%llx, "
          "thread %u: 0x%llx)",
          r.desc->name, (unsigned long long)v, t,
          (unsigned long long)in.threads[t][r.first]);
  return v;
}

/// A or B: from registers (A only) or from the shared memory its
/// descriptor names, transposed where imm-trans says, negated where
/// imm-scale says.
llvm::Expected<Matrix> wgmmaInput(const ptx::Instr &instr, ptx::MmaRole role,
                                  const ref::WarpgroupSources &in) {
  bool isA = role == ptx::MmaRole::A;
  RoleOperand op = findRole(instr, role);
  auto regOf = [&](unsigned t, unsigned reg) { return in.threads[t][reg]; };
  std::optional<Matrix> m;
  if (!op.desc->descriptor) {
    m = gather(*op.desc->fragment, regOf, op.first);
  } else {
    RoleOperand trans =
        findRole(instr, isA ? ptx::MmaRole::TransA : ptx::MmaRole::TransB);
    llvm::Expected<uint64_t> desc = uniform(op, in);
    if (!desc)
      return desc.takeError();
    bool mnMajor = trans.desc && in.threads[0][trans.first] != 0;
    llvm::Expected<Matrix> read =
        readDescribed(*op.desc, *desc, mnMajor, in.readShared);
    if (!read)
      return read.takeError();
    m = std::move(*read);
  }
  RoleOperand scale =
      findRole(instr, isA ? ptx::MmaRole::ScaleA : ptx::MmaRole::ScaleB);
  // The immediate's container (s32), sign-extended.
  if (scale.desc &&
      llvm::SignExtend64(in.threads[0][scale.first],
                         ptx::getInfo(scale.desc->type).bits) == -1 &&
      ptx::getInfo(m->elem).format != ptx::FloatFormat::None)
    negate(*m);
  return std::move(*m);
}

} // namespace

llvm::Expected<ref::WgmmaMatrices>
tile::ref::gatherWgmma(const ptx::Instr &instr, const WarpgroupSources &in) {
  RoleOperand d = findRole(instr, ptx::MmaRole::D);
  RoleOperand scaleD = findRole(instr, ptx::MmaRole::ScaleD);
  assert(d.desc && scaleD.desc && instr.form->arith && "not a wgmma form");
  llvm::Expected<Matrix> a = wgmmaInput(instr, ptx::MmaRole::A, in);
  if (!a)
    return a.takeError();
  llvm::Expected<Matrix> b = wgmmaInput(instr, ptx::MmaRole::B, in);
  if (!b)
    return b.takeError();
  llvm::Expected<uint64_t> addD = uniform(scaleD, in);
  if (!addD)
    return addD.takeError();
  auto regOf = [&](unsigned t, unsigned reg) { return in.threads[t][reg]; };
  Matrix c = gather(*d.desc->fragment, regOf, d.first);
  // scale-d false: D = A * B (the old D is not added).
  if (!(*addD & 1))
    std::fill(c.bits.begin(), c.bits.end(), 0);
  return WgmmaMatrices{a->elem,
                       b->elem,
                       c.elem,
                       c.rows,
                       c.cols,
                       a->cols,
                       std::move(a->bits),
                       std::move(b->bits),
                       std::move(c.bits)};
}

std::vector<uint64_t> tile::ref::multiplyWgmma(const ptx::Instr &instr,
                                               const WgmmaMatrices &mats) {
  Matrix a{mats.aElem, mats.m, mats.k, mats.a};
  Matrix b{mats.bElem, mats.k, mats.n, mats.b};
  Matrix c{mats.cElem, mats.m, mats.n, mats.c};
  std::vector<uint64_t> d(size_t(mats.m) * mats.n);
  for (unsigned r = 0; r < mats.m; ++r)
    for (unsigned col = 0; col < mats.n; ++col)
      d[size_t(r) * mats.n + col] = element(instr, a, b, c, 0, r, col);
  return d;
}

llvm::Error tile::ref::evaluateWgmma(const ptx::Instr &instr,
                                     const WarpgroupSources &in,
                                     WarpgroupResults &out) {
  llvm::Expected<WgmmaMatrices> mats = gatherWgmma(instr, in);
  if (!mats)
    return mats.takeError();
  std::vector<uint64_t> d = multiplyWgmma(instr, *mats);
  const FragmentDesc &fd = *findRole(instr, ptx::MmaRole::D).desc->fragment;
  unsigned width = elementBits(fd);
  for (unsigned t = 0; t < kWarpgroupSize; ++t) {
    out[t].assign(fd.regs, 0);
    for (unsigned i = 0; i < fd.getNumElements(); ++i) {
      ptx::FragmentCoord at = fd.at(t, i);
      uint64_t v = d[size_t(at.row) * mats->n + at.col];
      out[t][i / fd.perReg] |= v << ((i % fd.perReg) * width);
    }
  }
  return llvm::Error::success();
}
