//===- FmaReference.cpp - bit-exact reference semantics of fma ------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/FmaReference.h"

#include <mpfr.h>

#include <cassert>

using namespace tile;
using namespace tile::ref;
using ptx::DataType;

namespace {

/// An IEEE-style binary format.
struct Format {
  unsigned bits;
  unsigned expBits;
  unsigned precision; ///< Significand bits, hidden bit included.

  int bias() const { return (1 << (expBits - 1)) - 1; }
  uint64_t signMask() const { return 1ULL << (bits - 1); }
  uint64_t expMask() const {
    return ((1ULL << expBits) - 1) << (precision - 1);
  }
  uint64_t fracMask() const { return (1ULL << (precision - 1)) - 1; }
  uint64_t mask() const { return bits == 64 ? ~0ULL : (1ULL << bits) - 1; }
  uint64_t quietBit() const { return 1ULL << (precision - 2); }
  bool isNaN(uint64_t x) const {
    return (x & expMask()) == expMask() && (x & fracMask());
  }
  bool isInf(uint64_t x) const {
    return (x & expMask()) == expMask() && !(x & fracMask());
  }
  bool isSubnormal(uint64_t x) const {
    return !(x & expMask()) && (x & fracMask());
  }
  /// The NaN hardware returns where the ISA leaves payloads unspecified.
  uint64_t canonicalNaN() const { return mask() >> 1; }
};

constexpr Format kF32{32, 8, 24};
constexpr Format kF64{64, 11, 53};
constexpr Format kF16{16, 5, 11};
constexpr Format kBF16{16, 8, 8};

const Format &formatOf(DataType t) {
  switch (t) {
  case DataType::F64:
    return kF64;
  case DataType::F16:
  case DataType::F16x2:
    return kF16;
  case DataType::BF16:
  case DataType::BF16x2:
    return kBF16;
  default:
    return kF32;
  }
}

/// Scratch MPFR variables of one thread (the precision is set per use).
struct Scratch {
  mpfr_t a, b, c, r, m;
  Scratch() { mpfr_inits2(64, a, b, c, r, m, static_cast<mpfr_ptr>(nullptr)); }
  ~Scratch() { mpfr_clears(a, b, c, r, m, static_cast<mpfr_ptr>(nullptr)); }
};
Scratch &scratch() {
  thread_local Scratch s;
  return s;
}

/// Sets `x` exactly to the finite or infinite value of `bits` (not NaN).
void decode(const Format &f, uint64_t bits, mpfr_t x) {
  bool neg = bits & f.signMask();
  uint64_t e = (bits & f.expMask()) >> (f.precision - 1);
  uint64_t frac = bits & f.fracMask();
  mpfr_set_prec(x, 64);
  if (f.isInf(bits)) {
    mpfr_set_inf(x, neg ? -1 : 1);
    return;
  }
  long scale = 1 - f.bias() - static_cast<long>(f.precision - 1);
  uint64_t mant = frac;
  if (e) {
    mant |= 1ULL << (f.precision - 1);
    scale = static_cast<long>(e) - f.bias() - (f.precision - 1);
  }
  mpfr_set_ui_2exp(x, mant, scale, MPFR_RNDN); // Exact: 53 bits at most.
  if (neg)
    mpfr_neg(x, x, MPFR_RNDN);
  if (!mant && neg)
    mpfr_set_zero(x, -1);
}

/// Encodes `x`, already rounded to the format, as bits; `t` is scratch.
uint64_t encode(const Format &f, mpfr_t x, mpfr_t t) {
  uint64_t sign = mpfr_signbit(x) ? f.signMask() : 0;
  if (mpfr_nan_p(x))
    return f.canonicalNaN();
  if (mpfr_inf_p(x))
    return sign | f.expMask();
  if (mpfr_zero_p(x))
    return sign;
  mpfr_set_prec(t, f.precision + 2);
  mpfr_abs(t, x, MPFR_RNDN);
  long e = mpfr_get_exp(t) - 1; // |x| = 1.m * 2^e
  if (e >= 1 - f.bias()) {
    mpfr_mul_2si(t, t, static_cast<long>(f.precision - 1) - e, MPFR_RNDN);
    uint64_t mant = mpfr_get_ui(t, MPFR_RNDN);
    return sign | (static_cast<uint64_t>(e + f.bias()) << (f.precision - 1)) |
           (mant & f.fracMask());
  }
  mpfr_mul_2si(t, t, f.bias() - 1 + static_cast<long>(f.precision - 1),
               MPFR_RNDN);
  return sign | mpfr_get_ui(t, MPFR_RNDN);
}

mpfr_rnd_t toMpfr(ptx::Qual rnd) {
  switch (rnd) {
  case ptx::Q_RZ:
    return MPFR_RNDZ;
  case ptx::Q_RM:
    return MPFR_RNDD;
  case ptx::Q_RP:
    return MPFR_RNDU;
  default:
    return MPFR_RNDN;
  }
}

struct Flags {
  bool ftz = false, sat = false, relu = false, oob = false;
};

bool isOob(const Format &f, uint64_t x) {
  return f.bits == 16 && (x & 0x7FFF) == kOobNaN16;
}

/// The IEEE result of NaN-producing inputs. f64 propagates a payload, quieted:
/// b's first, then c's, then a's (the ISA leaves the choice open; this order
/// was measured on an H200 over millions of inputs); an invalid operation
/// gives the negative default NaN. Elsewhere the payload
/// is unspecified and the canonical NaN stands for it.
uint64_t nanResult(const Format &f, uint64_t a, uint64_t b, uint64_t c) {
  if (f.bits != 64)
    return f.canonicalNaN();
  for (uint64_t x : {b, c, a})
    if (f.isNaN(x))
      return x | f.quietBit();
  return f.signMask() | f.expMask() | f.quietBit();
}

/// Applies .sat / .relu to a result.
uint64_t clampResult(const Format &f, uint64_t r, const Flags &flags) {
  bool neg = r & f.signMask();
  if (flags.sat) {
    if (f.isNaN(r) || neg)
      return 0;
    // 1.0: biased exponent = bias, fraction 0.
    uint64_t one = static_cast<uint64_t>(f.bias()) << (f.precision - 1);
    return r > one ? one : r; // Positive floats order like their bits.
  }
  if (flags.relu) {
    if (f.isNaN(r))
      return f.canonicalNaN();
    if (neg)
      return 0;
  }
  return r;
}

/// One lane of fma in format `f`; `abFormat` is the format of a and b (the
/// mixed-precision forms widen them exactly).
uint64_t fmaLane(const Format &f, const Format &abFormat, mpfr_rnd_t rnd,
                 const Flags &flags, uint64_t a, uint64_t b, uint64_t c) {
  if (flags.oob && (isOob(abFormat, a) || isOob(abFormat, b)))
    return 0;
  if (abFormat.isNaN(a) || abFormat.isNaN(b) || f.isNaN(c))
    return clampResult(f, nanResult(f, a, b, c), flags);
  if (flags.ftz) {
    if (abFormat.isSubnormal(a))
      a &= abFormat.signMask();
    if (abFormat.isSubnormal(b))
      b &= abFormat.signMask();
    if (f.isSubnormal(c))
      c &= f.signMask();
  }
  Scratch &s = scratch();
  decode(abFormat, a, s.a);
  decode(abFormat, b, s.b);
  decode(f, c, s.c);

  mpfr_set_prec(s.r, f.precision);
  if (flags.ftz) {
    // .ftz flushes a result that is tiny after rounding to the format's
    // precision with an unbounded exponent.
    mpfr_fma(s.r, s.a, s.b, s.c, rnd);
    mpfr_set_prec(s.m, 2);
    mpfr_set_ui_2exp(s.m, 1, 1 - f.bias(), MPFR_RNDN);
    if (mpfr_regular_p(s.r) && mpfr_cmpabs(s.r, s.m) < 0)
      return clampResult(f, mpfr_signbit(s.r) ? f.signMask() : 0, flags);
  }
  mpfr_exp_t oldMin = mpfr_get_emin(), oldMax = mpfr_get_emax();
  // MPFR exponents: x = m * 2^E, 1/2 <= m < 1.
  mpfr_set_emin(3 - f.bias() - static_cast<long>(f.precision));
  mpfr_set_emax(f.bias() + 1);
  mpfr_set_prec(s.r, f.precision);
  int t = mpfr_fma(s.r, s.a, s.b, s.c, rnd);
  t = mpfr_check_range(s.r, t, rnd);
  mpfr_subnormalize(s.r, t, rnd);
  mpfr_set_emin(oldMin);
  mpfr_set_emax(oldMax);

  uint64_t r = mpfr_nan_p(s.r) ? nanResult(f, a, b, c) : encode(f, s.r, s.m);
  if (flags.ftz && f.isSubnormal(r))
    r &= f.signMask();
  return clampResult(f, r, flags);
}

} // namespace

bool tile::ref::isNaN(DataType type, uint64_t bits) {
  return formatOf(type).isNaN(bits);
}

uint64_t tile::ref::evalFma(const ptx::Instr &instr, uint64_t a, uint64_t b,
                            uint64_t c) {
  const ptx::FormDesc &form = *instr.form;
  assert(form.semantics == ptx::Semantics::Fma && "not an fma form");
  Flags flags;
  flags.ftz = instr.has(ptx::Q_FTZ);
  flags.sat = instr.has(ptx::Q_SAT);
  flags.relu = instr.has(ptx::Q_RELU);
  flags.oob = instr.has(ptx::Q_OOB);
  mpfr_rnd_t rnd = toMpfr(instr.rounding());
  DataType dst = form.types[0];
  // Mixed precision: d, c in f32; a, b in the second type.
  if (form.numTypes == 2) {
    const Format &ab = formatOf(form.types[1]);
    return fmaLane(kF32, ab, rnd, flags, a & ab.mask(), b & ab.mask(),
                   c & kF32.mask());
  }
  const Format &f = formatOf(dst);
  unsigned lanes = ptx::getInfo(dst).lanes;
  uint64_t result = 0;
  for (unsigned i = 0; i < lanes; ++i) {
    unsigned shift = i * f.bits;
    uint64_t r = fmaLane(f, f, rnd, flags, (a >> shift) & f.mask(),
                         (b >> shift) & f.mask(), (c >> shift) & f.mask());
    result |= r << shift;
  }
  return result;
}

bool tile::ref::sameResult(const ptx::Instr &instr, uint64_t got,
                           uint64_t expected) {
  DataType dst = instr.form->types[0];
  const Format &f = formatOf(dst);
  unsigned lanes = ptx::getInfo(dst).lanes;
  for (unsigned i = 0; i < lanes; ++i) {
    unsigned shift = i * f.bits;
    uint64_t g = (got >> shift) & f.mask(), e = (expected >> shift) & f.mask();
    if (g == e)
      continue;
    if (dst != DataType::F64 && f.isNaN(g) && f.isNaN(e))
      continue;
    return false;
  }
  return true;
}
