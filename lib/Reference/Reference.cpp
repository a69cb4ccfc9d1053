//===- Reference.cpp - bit-exact reference semantics of PTX forms ---------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"

#include "Lanes.h"

#include <mpfr.h>

#include <atomic>
#include <cassert>
#include <cfenv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <type_traits>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace tile;
using namespace tile::ref;
using ptx::DataType;

namespace {

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
  uint64_t e = (bits & f.expMask()) >> (f.layout - 1);
  uint64_t frac = bits & f.fracMask();
  mpfr_set_prec(x, 64);
  if (f.isInf(bits)) {
    mpfr_set_inf(x, neg ? -1 : 1);
    return;
  }
  long scale = 1 - f.bias() - static_cast<long>(f.layout - 1);
  uint64_t mant = frac;
  if (e) {
    mant |= 1ULL << (f.layout - 1);
    scale = static_cast<long>(e) - f.bias() - (f.layout - 1);
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
  mpfr_set_prec(t, f.layout + 2);
  mpfr_abs(t, x, MPFR_RNDN);
  long e = mpfr_get_exp(t) - 1; // |x| = 1.m * 2^e
  if (e >= 1 - f.bias()) {
    mpfr_mul_2si(t, t, static_cast<long>(f.layout - 1) - e, MPFR_RNDN);
    uint64_t mant = mpfr_get_ui(t, MPFR_RNDN);
    return sign | (static_cast<uint64_t>(e + f.bias()) << (f.layout - 1)) |
           (mant & f.fracMask());
  }
  mpfr_mul_2si(t, t, f.bias() - 1 + static_cast<long>(f.layout - 1), MPFR_RNDN);
  return sign | mpfr_get_ui(t, MPFR_RNDN);
}

mpfr_rnd_t toMpfr(std::optional<ptx::Qual> rnd) {
  switch (rnd.value_or(ptx::Qual::RN)) {
  case ptx::Qual::RZ:
  case ptx::Qual::RZI:
    return MPFR_RNDZ;
  case ptx::Qual::RM:
  case ptx::Qual::RMI:
    return MPFR_RNDD;
  case ptx::Qual::RP:
  case ptx::Qual::RPI:
    return MPFR_RNDU;
  default:
    return MPFR_RNDN;
  }
}

bool isOob(const Format &f, uint64_t x) {
  return f.bits == 16 && (x & 0x7FFF) == kOobNaN16;
}

/// The IEEE result of NaN-producing inputs. f64 propagates a payload,
/// quieted, from the inputs in `order` (the ISA leaves the choice open; on an
/// H200, fma takes b's, then c's, then a's, add/sub/mul take b's, then
/// a's, measured over millions of inputs, and div a's, then b's); an invalid
/// operation
/// gives the negative default NaN. Elsewhere the payload is unspecified and
/// the canonical NaN stands for it.
uint64_t nanResult(const Format &f, std::initializer_list<uint64_t> order) {
  if (f.bits != 64)
    return f.canonicalNaN();
  for (uint64_t x : order)
    if (f.isNaN(x))
      return x | f.quietBit();
  return f.signMask() | f.expMask() | f.quietBit();
}

/// The result of a one-source operation on the NaN `x` of `src` into `dst`
/// under `rule` (the sign operations handle NaNSignOp themselves).
uint64_t nanOfInput(const Format &src, const Format &dst, ptx::NaNRule rule,
                    uint64_t x) {
  uint64_t sign = (x & src.signMask()) ? dst.signMask() : 0;
  // The payload, aligned at the top of the destination's fraction.
  int shift = int(dst.layout) - int(src.layout);
  uint64_t frac = x & src.fracMask();
  frac = shift >= 0 ? frac << shift : frac >> -shift;
  uint64_t moved = sign | dst.expMask() | (frac & dst.fracMask());
  switch (rule) {
  case ptx::NaNRule::Quieted:
  case ptx::NaNRule::Converted:
  case ptx::NaNRule::Propagate:
    return moved | dst.quietBit();
  case ptx::NaNRule::Kept:
  case ptx::NaNRule::Copied:
    return moved;
  case ptx::NaNRule::WidenedCanonical:
    return nanOfInput(src, dst, ptx::NaNRule::Kept, src.canonicalNaN());
  default:
    return dst.canonicalNaN();
  }
}

} // namespace

/// Applies .sat / .relu to a result.
uint64_t tile::ref::clampResult(const Format &f, uint64_t r,
                                const Flags &flags) {
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

namespace {

using Op = tile::ref::RoundedOp;

/// Whether the host fast path is on (tile::ref::setHostFastPath; off from
/// the start with TILE_REFERENCE_MPFR_ONLY set).
std::atomic<bool> &hostFastPath() {
  static std::atomic<bool> on{!std::getenv("TILE_REFERENCE_MPFR_ONLY")};
  return on;
}

/// Whether the host's IEEE arithmetic gives the reference's result: round
/// to nearest even and gradual underflow (no FTZ or DAZ in the x86-64
/// MXCSR), and the fast path on.
bool hostIsIEEE() {
  if (!hostFastPath().load(std::memory_order_relaxed) ||
      std::fegetround() != FE_TONEAREST)
    return false;
#if defined(__x86_64__)
  constexpr unsigned kFlushBits = 0x8040; // FTZ, DAZ.
  return (_mm_getcsr() & kFlushBits) == 0;
#else
  return false;
#endif
}

template <typename T> T fromBits(uint64_t x) {
  using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  U u = static_cast<U>(x);
  T v;
  std::memcpy(&v, &u, sizeof v);
  return v;
}
template <typename T> uint64_t toBits(T v) {
  using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  U u;
  std::memcpy(&u, &v, sizeof u);
  return u;
}

/// Whether the host's IEEE arithmetic computes `op` with one rounding (the
/// functions of libm do not).
bool isHostExact(Op op) {
  switch (op) {
  case Op::Fma:
  case Op::Add:
  case Op::Sub:
  case Op::Mul:
  case Op::Div:
  case Op::Rcp:
  case Op::Sqrt:
    return true;
  default:
    return false;
  }
}

/// `op` in the host's T (float or double): one IEEE rounding to nearest
/// even, which is the reference's for non-NaN sources without .ftz.
template <typename T>
uint64_t hostRounded(Op op, uint64_t a, uint64_t b, uint64_t c) {
  T x = fromBits<T>(a), y = fromBits<T>(b), z = fromBits<T>(c), r = 0;
  switch (op) {
  case Op::Div:
    r = x / y;
    break;
  case Op::Rcp:
    r = T(1) / x;
    break;
  case Op::Sqrt:
    r = std::sqrt(x);
    break;
  case Op::Fma:
    r = std::fma(x, y, z);
    break;
  case Op::Add:
    r = x + y;
    break;
  case Op::Sub:
    r = x - y;
    break;
  case Op::Mul:
    r = x * y;
    break;
  default:
    break;
  }
  return toBits(r);
}

/// The fast path of roundedLane: the host's f32 or f64 arithmetic where it
/// provably gives the same bits (to nearest, no .ftz, one format, no NaN in
/// or out); nullopt elsewhere.
std::optional<uint64_t> hostLane(Op op, const Format &f, const Format &ab,
                                 mpfr_rnd_t rnd, const Flags &flags, uint64_t a,
                                 uint64_t b, uint64_t c) {
  bool f32 = f.bits == 32 && f.precision == 24,
       f64 = f.bits == 64 && f.precision == 53;
  if (rnd != MPFR_RNDN || flags.ftz || !(f32 || f64) || ab.bits != f.bits ||
      ab.precision != f.precision || !isHostExact(op) || !hostIsIEEE())
    return std::nullopt;
  uint64_t r =
      f32 ? hostRounded<float>(op, a, b, c) : hostRounded<double>(op, a, b, c);
  if (f.isNaN(r)) // An invalid operation: the reference's NaN rule.
    return std::nullopt;
  return clampResult(f, r, flags);
}

/// `op` of the decoded sources into `s.r` (its precision set) in `rnd`;
/// the MPFR ternary value.
int computeRounded(Op op, Scratch &s, mpfr_rnd_t rnd) {
  switch (op) {
  case Op::Fma:
    return mpfr_fma(s.r, s.a, s.b, s.c, rnd);
  case Op::Add:
    return mpfr_add(s.r, s.a, s.b, rnd);
  case Op::Sub:
    return mpfr_sub(s.r, s.a, s.b, rnd);
  case Op::Mul:
    return mpfr_mul(s.r, s.a, s.b, rnd);
  case Op::Div:
    return mpfr_div(s.r, s.a, s.b, rnd);
  case Op::Rcp:
    return mpfr_ui_div(s.r, 1, s.a, rnd);
  case Op::Sqrt:
    return mpfr_sqrt(s.r, s.a, rnd);
  case Op::Rsqrt:
    // IEEE's rSqrt(-0) is -inf; MPFR's rec_sqrt gives +inf.
    if (mpfr_zero_p(s.a)) {
      mpfr_set_inf(s.r, mpfr_signbit(s.a) ? -1 : 1);
      return 0;
    }
    return mpfr_rec_sqrt(s.r, s.a, rnd);
  case Op::Sin:
    return mpfr_sin(s.r, s.a, rnd);
  case Op::Cos:
    return mpfr_cos(s.r, s.a, rnd);
  case Op::Lg2:
    return mpfr_log2(s.r, s.a, rnd);
  case Op::Ex2:
    return mpfr_exp2(s.r, s.a, rnd);
  case Op::Tanh:
    return mpfr_tanh(s.r, s.a, rnd);
  }
  return 0;
}

/// One lane of a rounded operation in format `f`; `abFormat` is the format
/// of a and b (the mixed-precision forms widen them exactly). `c` is read by
/// fma only, `b` by the operations of two or three sources.
uint64_t roundedLane(Op op, const Format &f, const Format &abFormat,
                     mpfr_rnd_t rnd, const Flags &flags, uint64_t a, uint64_t b,
                     uint64_t c) {
  bool isFma = op == Op::Fma;
  if (flags.oob && (isOob(abFormat, a) || isOob(abFormat, b)))
    return 0;
  if (op >= Op::Rcp)
    b = 0;
  bool unary = op >= Op::Rcp;
  if (abFormat.isNaN(a) || (!unary && abFormat.isNaN(b)) ||
      (isFma && f.isNaN(c)))
    return clampResult(f,
                       isFma           ? nanResult(f, {b, c, a})
                       : op == Op::Div ? nanResult(f, {a, b})
                                       : nanResult(f, {b, a}),
                       flags);
  if (std::optional<uint64_t> r =
          hostLane(op, f, abFormat, rnd, flags, a, b, isFma ? c : 0))
    return *r;
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
  auto compute = [&]() { return computeRounded(op, s, rnd); };

  mpfr_set_prec(s.r, f.precision);
  if (flags.ftz) {
    // .ftz flushes a result that is tiny after rounding to the format's
    // precision with an unbounded exponent.
    compute();
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
  int t = compute();
  t = mpfr_check_range(s.r, t, rnd);
  mpfr_subnormalize(s.r, t, rnd);
  mpfr_set_emin(oldMin);
  mpfr_set_emax(oldMax);

  uint64_t r = mpfr_nan_p(s.r) ? nanResult(f, {}) : encode(f, s.r, s.m);
  if (flags.ftz && f.isSubnormal(r))
    r &= f.signMask();
  return clampResult(f, r, flags);
}

/// Orders two non-NaN values of `f` as numbers, with -0 below +0.
bool lessThan(const Format &f, uint64_t x, uint64_t y) {
  bool nx = x & f.signMask(), ny = y & f.signMask();
  if (nx != ny)
    return nx;
  return nx ? x > y : x < y; // Sign-magnitude order.
}

/// One lane of min (`isMax` false) or max over two or three values.
uint64_t minMaxLane(bool isMax, const Format &f, const Flags &flags,
                    llvm::ArrayRef<uint64_t> in) {
  llvm::SmallVector<uint64_t, 3> v(in.begin(), in.end());
  uint64_t sign = 0;
  if (flags.xorsignAbs)
    for (uint64_t x : v)
      sign ^= x & f.signMask();
  for (uint64_t &x : v) {
    if (flags.ftz && f.isSubnormal(x))
      x &= f.signMask();
    if (flags.xorsignAbs || flags.abs)
      x &= ~f.signMask();
  }
  bool anyNaN = llvm::any_of(v, [&](uint64_t x) { return f.isNaN(x); });
  if (flags.nan && anyNaN)
    return f.canonicalNaN();
  std::optional<uint64_t> best;
  for (uint64_t x : v) {
    if (f.isNaN(x))
      continue;
    if (!best || (isMax ? lessThan(f, *best, x) : lessThan(f, x, *best)))
      best = x;
  }
  if (!best) // Every operand a NaN.
    return flags.nanRule == ptx::NaNRule::Propagate ? nanResult(f, {v[1], v[0]})
                                                    : f.canonicalNaN();
  return *best | sign;
}

/// A sign-bit operand of neg, abs and copysign: `.ftz` flushes a subnormal
/// to a zero of its sign.
uint64_t flushed(const Format &f, const Flags &flags, uint64_t a) {
  return flags.ftz && f.isSubnormal(a) ? a & f.signMask() : a;
}

/// Whether `f` is the f32 layout (where `.ftz` applies to cvt).
bool isF32(const Format &f) {
  return f.bits == 32 && f.layout == 24 && f.precision == 24;
}

/// Rounds `s.a` into `s.r` with `dst`'s precision and exponent range
/// (subnormals included), in `rnd`, to an integral value first with
/// `integral`.
void roundToFormat(const Format &dst, mpfr_rnd_t rnd, bool integral,
                   Scratch &s) {
  mpfr_exp_t oldMin = mpfr_get_emin(), oldMax = mpfr_get_emax();
  mpfr_set_emin(3 - dst.bias() - static_cast<long>(dst.precision));
  mpfr_set_emax(dst.emax());
  mpfr_set_prec(s.r, dst.precision);
  int t = integral ? mpfr_rint(s.r, s.a, rnd) : mpfr_set(s.r, s.a, rnd);
  t = mpfr_check_range(s.r, t, rnd);
  mpfr_subnormalize(s.r, t, rnd);
  mpfr_set_emin(oldMin);
  mpfr_set_emax(oldMax);
}

/// One lane of cvt from `src` to `dst`: exact decoding, one rounding in the
/// form's mode (to an integral value for .rni/.rzi/.rmi/.rpi), then .ftz
/// (f32 sources and results), .satfinite, .relu, .sat. Two conversions
/// follow what ptxas 13.0 emits for sm_90 rather than the ISA's words:
/// `.rna` to tf32 is integer arithmetic on the f32 bits (NaN payloads in the
/// dropped bits become infinities; `.satfinite` then steps infinities and
/// NaNs down by one tf32 ulp), and `.ftz` on `cvt.f16.f32` is dropped
/// (F2F.F16.F32 without .FTZ: subnormal inputs are not flushed).
uint64_t convertValue(const Format &src, const Format &dst,
                      std::optional<ptx::Qual> rounding, const Flags &flags,
                      uint64_t x) {
  auto finish = [&](uint64_t r) {
    if (flags.satfinite && dst.isInf(r))
      r = (r & dst.signMask()) | dst.maxFinite();
    return clampResult(dst, r, flags);
  };
  if (rounding == ptx::Qual::RNA && src.bits == dst.bits &&
      src.layout == dst.layout) {
    // The f32 bits: add half of the dropped part to finite inputs, then
    // clear the dropped bits; .satfinite subtracts one ulp from what is
    // then infinite or NaN.
    unsigned drop = dst.layout - dst.precision;
    uint64_t mag = x & ~src.signMask();
    if (mag < src.expMask())
      x += 1ULL << (drop - 1);
    uint64_t r = x & ~((1ULL << drop) - 1) & dst.mask();
    if (flags.satfinite && (r & ~dst.signMask()) >= dst.expMask())
      r -= 1ULL << drop;
    return clampResult(dst, r, flags);
  }
  if (src.isNaN(x))
    return finish(nanOfInput(src, dst, flags.nanRule, x));
  bool f16Result = dst.bits == 16 && dst.precision == 11;
  if (flags.ftz && isF32(src) && !f16Result && src.isSubnormal(x))
    x &= src.signMask();
  uint64_t sign = (x & src.signMask()) ? dst.signMask() : 0;
  bool integral = rounding == ptx::Qual::RNI || rounding == ptx::Qual::RZI ||
                  rounding == ptx::Qual::RMI || rounding == ptx::Qual::RPI;
  Scratch &s = scratch();
  decode(src, x, s.a);
  mpfr_rnd_t rnd = toMpfr(rounding);
  roundToFormat(dst, rnd, integral, s);
  uint64_t r;
  if (mpfr_inf_p(s.r) && dst.finiteOnly) {
    r = flags.satfinite ? sign | dst.maxFinite() : dst.canonicalNaN();
  } else if (mpfr_inf_p(s.r)) {
    r = sign | dst.expMask();
  } else {
    r = encode(dst, s.r, s.m);
    // A finite-only format overflows above its largest value.
    if (dst.finiteOnly && (r & ~dst.signMask()) > dst.maxFinite())
      r = flags.satfinite ? sign | dst.maxFinite() : dst.canonicalNaN();
  }
  if (flags.ftz && isF32(dst) && dst.isSubnormal(r))
    r &= dst.signMask();
  return finish(r);
}

/// Rounds `s.a` into `dst` in `rnd` (to an integral value first with
/// `integral`), with `dst`'s exponent range, and encodes it.
uint64_t roundInto(const Format &dst, mpfr_rnd_t rnd, bool integral,
                   Scratch &s) {
  roundToFormat(dst, rnd, integral, s);
  uint64_t sign = mpfr_signbit(s.r) ? dst.signMask() : 0;
  return mpfr_inf_p(s.r) ? sign | dst.expMask() : encode(dst, s.r, s.m);
}

} // namespace

__int128 tile::ref::integralValue(const Format &src, uint64_t x,
                                  std::optional<ptx::Qual> rounding) {
  using i128 = __int128;
  Scratch &s = scratch();
  decode(src, x, s.a);
  mpfr_set_prec(s.r, src.precision + 2); // Room for a carry: exact.
  mpfr_rint(s.r, s.a, toMpfr(rounding));
  i128 limit = i128(1) << 64;
  if (mpfr_sgn(s.r) >= 0)
    return mpfr_fits_ulong_p(s.r, MPFR_RNDZ) ? i128(mpfr_get_ui(s.r, MPFR_RNDZ))
                                             : limit;
  return mpfr_fits_slong_p(s.r, MPFR_RNDZ) ? i128(mpfr_get_si(s.r, MPFR_RNDZ))
                                           : -limit;
}

uint64_t tile::ref::integerToFloat(const Format &dst, __int128 v,
                                   std::optional<ptx::Qual> rounding,
                                   const Flags &flags) {
  Scratch &s = scratch();
  mpfr_set_prec(s.a, 64);
  unsigned long magnitude = static_cast<unsigned long>(v < 0 ? -v : v);
  mpfr_set_ui(s.a, magnitude, MPFR_RNDN); // Exact: 64 bits at most.
  if (v < 0)
    mpfr_neg(s.a, s.a, MPFR_RNDN);
  uint64_t r = roundInto(dst, toMpfr(rounding), /*integral=*/false, s);
  if (flags.ftz && isF32(dst) && dst.isSubnormal(r))
    r &= dst.signMask();
  return clampResult(dst, r, flags);
}

uint64_t tile::ref::roundedMath(RoundedOp op, const Format &f,
                                std::optional<ptx::Qual> rounding,
                                const Flags &flags, uint64_t a, uint64_t b) {
  return roundedLane(op, f, f, toMpfr(rounding), flags, a, b, 0);
}

double tile::ref::exactMath(RoundedOp op, const Format &f, const Flags &flags,
                            uint64_t a, uint64_t b) {
  if (f.isNaN(a) || (op < RoundedOp::Rcp && f.isNaN(b)))
    return std::nan("");
  if (flags.ftz && f.isSubnormal(a))
    a &= f.signMask();
  if (flags.ftz && f.isSubnormal(b))
    b &= f.signMask();
  Scratch &s = scratch();
  decode(f, a, s.a);
  decode(f, b, s.b);
  mpfr_set_prec(s.r, 53);
  computeRounded(op, s, MPFR_RNDN);
  return mpfr_get_d(s.r, MPFR_RNDN);
}

double tile::ref::toDouble(const Format &f, uint64_t x) {
  if (f.isNaN(x))
    return std::nan("");
  Scratch &s = scratch();
  decode(f, x, s.a);
  return mpfr_get_d(s.a, MPFR_RNDN);
}

//===----------------------------------------------------------------------===//
// Lane functions of the floating-point families
//===----------------------------------------------------------------------===//

namespace tile::ref::lanes {
static uint64_t rounded(Op op, const LaneContext &ctx,
                        llvm::ArrayRef<uint64_t> in) {
  return roundedLane(op, ctx.f, ctx.ab, toMpfr(ctx.instr.rounding()), ctx.flags,
                     in[0], in[1], op == Op::Fma ? in[2] : 0);
}
uint64_t fmaLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return rounded(Op::Fma, ctx, in);
}
uint64_t addLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return rounded(Op::Add, ctx, in);
}
uint64_t subLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return rounded(Op::Sub, ctx, in);
}
/// Mixed precision: a (in `ctx.ab`) plus or minus c (in `ctx.f`) with one
/// rounding, as fma(a, 1, +-c): a * 1 is exact, and x - y is x + (-y).
static uint64_t mixedSum(const LaneContext &ctx, uint64_t a, uint64_t c) {
  uint64_t one = uint64_t(ctx.ab.bias()) << (ctx.ab.layout - 1);
  return roundedLane(Op::Fma, ctx.f, ctx.ab, toMpfr(ctx.instr.rounding()),
                     ctx.flags, a, one, c);
}
uint64_t addMixedLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return mixedSum(ctx, in[0], in[1]);
}
uint64_t subMixedLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return mixedSum(ctx, in[0], in[1] ^ ctx.f.signMask());
}
uint64_t mulLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return rounded(Op::Mul, ctx, in);
}
uint64_t minLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return minMaxLane(/*isMax=*/false, ctx.f, ctx.flags, in);
}
uint64_t maxLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return minMaxLane(/*isMax=*/true, ctx.f, ctx.flags, in);
}
/// neg and abs of a NaN: the sign operation on its bits, or what the rule
/// says.
static bool isSignOpNaN(const LaneContext &ctx, uint64_t a) {
  return !ctx.f.isNaN(a) || ctx.flags.nanRule == ptx::NaNRule::SignOp;
}
uint64_t negLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  if (!isSignOpNaN(ctx, in[0]))
    return nanOfInput(ctx.f, ctx.f, ctx.flags.nanRule, in[0]);
  return flushed(ctx.f, ctx.flags, in[0]) ^ ctx.f.signMask();
}
uint64_t absLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  if (!isSignOpNaN(ctx, in[0]))
    return nanOfInput(ctx.f, ctx.f, ctx.flags.nanRule, in[0]);
  return flushed(ctx.f, ctx.flags, in[0]) & ~ctx.f.signMask();
}
/// copysign d, a, b: the sign of a, the rest of b.
uint64_t copysignLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  uint64_t sign = ctx.f.signMask();
  return (in[1] & ~sign) | (flushed(ctx.f, ctx.flags, in[0]) & sign);
}
uint64_t convertLane(const LaneContext &ctx, llvm::ArrayRef<uint64_t> in) {
  return convertValue(ctx.ab, ctx.f, ctx.instr.rounding(), ctx.flags, in[0]);
}
} // namespace tile::ref::lanes

using tile::ref::LaneFn;
#include "tile/Ptx/PtxLaneDispatch.inc"

namespace {

/// Evaluates one lane through the semantics key's lane function.
uint64_t evalLane(const ptx::Instr &instr, const Format &f, const Format &ab,
                  const Flags &flags, llvm::ArrayRef<uint64_t> in) {
  LaneFn fn = kLaneFns[static_cast<unsigned>(instr.form->semantics)];
  assert(fn && "data movement has no lane function");
  return fn(LaneContext{instr, f, ab, flags}, in);
}

} // namespace

bool tile::ref::isNaN(DataType type, uint64_t bits) {
  return formatOf(type).isNaN(bits);
}

void tile::ref::setHostFastPath(bool enabled) {
  hostFastPath().store(enabled, std::memory_order_relaxed);
}

bool tile::ref::isSupported(const ptx::Instr &instr) {
  return !ptx::isDataMovement(instr.form->semantics) &&
         !ptx::isCollective(instr.form->semantics);
}

bool tile::ref::isCollective(const ptx::Instr &instr) {
  return ptx::isCollective(instr.form->semantics);
}

uint64_t tile::ref::evaluate(const ptx::Instr &instr,
                             llvm::ArrayRef<uint64_t> sources,
                             bool predicated) {
  const ptx::FormDesc &form = *instr.form;
  assert(isSupported(instr) && "no reference semantics for this form");
  Flags flags;
  flags.ftz = instr.has(ptx::Qual::FTZ);
  flags.sat = instr.has(ptx::Qual::SAT);
  flags.relu = instr.has(ptx::Qual::RELU);
  flags.oob = instr.has(ptx::Qual::OOB);
  flags.nan = instr.has(ptx::Qual::NaN);
  flags.xorsignAbs = instr.has(ptx::Qual::XorsignAbs);
  flags.abs = instr.has(ptx::Qual::Abs);
  flags.satfinite = instr.has(ptx::Qual::SatFinite);
  flags.nanRule = form.getNaNRule(instr.quals, predicated);
  // Formats come from the operands' types: the sources of a conversion or
  // of mixed precision (fma's c has the destination's) differ from d's.
  // A register group ({a, b, e, f}) gives one source per register.
  llvm::SmallVector<DataType, 5> srcTypes;
  std::optional<DataType> dst;
  for (const ptx::OperandDesc &o : form.getOperands()) {
    if (o.kind != ptx::OperandKind::Register)
      continue;
    if (o.role == ptx::OperandRole::Use)
      srcTypes.append(o.atom, o.type);
    else if (!dst)
      dst = o.type;
  }
  assert(dst && srcTypes.size() == sources.size() && "operands of the form");
  Format f = formatOf(*dst);
  const Format ab = srcTypes.empty() ? f : formatOf(srcTypes.front());
  // Several destinations (setp p|q): the lane function takes the whole
  // sources and returns the destinations packed, the first lowest.
  if (form.getNumDefs() > 1)
    return evalLane(instr, f, ab, flags, sources);
  unsigned lanes = ptx::getInfo(*dst).lanes;
  unsigned laneBits = laneBitsOf(*dst);
  // An integer destination of packed sources (set.u32.f16x2) holds one
  // result per source lane, each of the lane's width.
  unsigned srcLanes = srcTypes.empty() ? 1 : ptx::getInfo(srcTypes[0]).lanes;
  if (lanes == 1 && srcLanes > 1 && f.isInteger()) {
    lanes = srcLanes;
    f = Format{f.bits / lanes, 0, 0, 0};
    laneBits = f.bits;
  }
  // Random bits (cvt.rs) come last; each lane takes its own field of them.
  const ptx::RandomBitsDesc &random = form.randomBits;
  unsigned values = sources.size() - (random ? 1 : 0);
  // One scalar source per lane packs them: a becomes the upper lane, the
  // last source the lowest (d = {a, b}, d = {a, b, e, f}).
  bool packing =
      lanes > 1 && values == lanes &&
      llvm::all_of(llvm::ArrayRef(srcTypes).take_front(values),
                   [](DataType t) { return ptx::getInfo(t).lanes == 1; });
  assert((!random || packing) && "random bits of packed scalar sources");
  uint64_t result = 0;
  llvm::SmallVector<uint64_t, 5> in(sources.size());
  for (unsigned i = 0; i < lanes; ++i) {
    uint64_t r;
    if (packing) {
      uint64_t x = sources[lanes - 1 - i] & ab.mask();
      r = random
              ? evalLane(instr, f, ab, flags, {x, random.of(sources.back(), i)})
              : evalLane(instr, f, ab, flags, x);
    } else {
      for (auto [k, src] : llvm::enumerate(sources)) {
        const Format sf = formatOf(srcTypes[k]);
        // Packed sources keep lanes in place; a scalar one feeds every lane.
        unsigned shift = ptx::getInfo(srcTypes[k]).lanes > 1 ? i * sf.bits : 0;
        in[k] = (src >> shift) & sf.mask();
      }
      r = evalLane(instr, f, ab, flags, in);
    }
    result |= r << (i * laneBits);
  }
  return result;
}

/// The width of the form's results: its destination registers' widths,
/// summed (2 for setp p|q).
static unsigned getResultBits(const ptx::FormDesc &form) {
  unsigned bits = 0;
  for (const ptx::OperandDesc &o : form.getOperands())
    if (o.role == ptx::OperandRole::Def)
      bits += ptx::getInfo(o.type).bits;
  return bits;
}

/// The type of the form's destination register: the first register it
/// writes (mul.wide.s32 writes an .s64, popc.b64 a .u32).
static DataType destinationType(const ptx::FormDesc &form) {
  for (const ptx::OperandDesc &o : form.getOperands())
    if (o.kind == ptx::OperandKind::Register && o.role == ptx::OperandRole::Def)
      return o.type;
  return form.types[0];
}

bool tile::ref::sameResult(const ptx::Instr &instr, uint64_t got,
                           uint64_t expected) {
  // Several destinations (predicates) compare as the packed bits.
  if (unsigned bits = getResultBits(*instr.form); instr.form->getNumDefs() > 1)
    return ((got ^ expected) & maskOf(bits)) == 0;
  DataType dst = destinationType(*instr.form);
  const Format f = formatOf(dst);
  unsigned lanes = ptx::getInfo(dst).lanes, laneBits = laneBitsOf(dst);
  for (unsigned i = 0; i < lanes; ++i) {
    // The whole lane: an fp6 value's two padding bits must be zero too.
    unsigned shift = i * laneBits;
    uint64_t g = (got >> shift) & maskOf(laneBits),
             e = (expected >> shift) & maskOf(laneBits);
    if (g == e)
      continue;
    if (!instr.form->hasDefinedNaNPayload() && f.isNaN(g) && f.isNaN(e))
      continue;
    return false;
  }
  return true;
}
