// Device and host helpers of special_facts.cu (utils/measure/special_facts):
// the exact values it measures the H200's results against (CUDA's double
// functions, accurate to about 2^-52, far below the approximations' errors),
// and the statistics each kernel gathers.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "mix64.h" // utils/measure: nvcc -Iutils/measure

#define CHECK(x)                                                              \
  do {                                                                        \
    cudaError_t e_ = (x);                                                     \
    if (e_ != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(e_));                                   \
      std::exit(2);                                                           \
    }                                                                         \
  } while (0)

enum Sem { kDiv, kRcp, kSqrt, kRsqrt, kSin, kCos, kLg2, kEx2, kTanh };
enum Metric { kNone, kUlp, kRel, kAbs };
enum Mode { kRN, kRZ, kRM, kRP, kApprox };

/// One ISA bound: metric, value, input range of operand `operand` (1: a,
/// 2: b; 0: every input).
struct Bound {
  Metric metric;
  double bound;
  int operand;
  double lo, hi;
};

/// What one kernel gathers (device memory, zeroed before the launch).
struct Stats {
  unsigned long long inputs;
  unsigned long long digest;      // sum of mix(input, result)
  unsigned long long mismatches;  // exact forms: results != correctly rounded
  unsigned long long notNearest;  // approximations: results != RN(f)
  unsigned long long maxUlp;      // approximations: max distance from RN(f)
  unsigned long long violations;  // approximations: beyond the ISA bound
  unsigned long long specials;    // NaN-ness or infinity differs
  unsigned long long maxErr[2];   // per bound: the largest error (double bits)
  unsigned long long lowBits;     // f64 upper-half forms: nonzero low words
  unsigned long long nExamples;
  unsigned long long examples[8][3];  // input(s), result
};

/// A thread's share of the statistics, merged into Stats once.
struct Local {
  unsigned long long mismatches = 0, notNearest = 0, maxUlp = 0,
                     violations = 0, specials = 0, maxErr[2] = {0, 0};
};

__device__ inline void merge(Stats *st, const Local &l) {
  if (l.mismatches)
    atomicAdd(&st->mismatches, l.mismatches);
  if (l.notNearest)
    atomicAdd(&st->notNearest, l.notNearest);
  if (l.violations)
    atomicAdd(&st->violations, l.violations);
  if (l.specials)
    atomicAdd(&st->specials, l.specials);
  atomicMax(&st->maxUlp, l.maxUlp);
  atomicMax(&st->maxErr[0], l.maxErr[0]);
  atomicMax(&st->maxErr[1], l.maxErr[1]);
}


__device__ inline double exactOf(Sem s, double a, double b) {
  switch (s) {
  case kDiv:
    return a / b;
  case kRcp:
    return 1.0 / a;
  case kSqrt:
    return sqrt(a);
  case kRsqrt:
    return a == 0 ? (signbit(a) ? -INFINITY : INFINITY) : rsqrt(a);
  case kSin:
    return sin(a);
  case kCos:
    return cos(a);
  case kLg2:
    return log2(a);
  case kEx2:
    return exp2(a);
  default:
    return tanh(a);
  }
}

__device__ inline float toFloat(double v, Mode m) {
  switch (m) {
  case kRZ:
    return __double2float_rz(v);
  case kRM:
    return __double2float_rd(v);
  case kRP:
    return __double2float_ru(v);
  default:
    return __double2float_rn(v);
  }
}

__device__ inline long long orderOf(uint32_t x) {
  long long mag = x & 0x7fffffffu;
  return (x & 0x80000000u) ? -mag : mag;
}

__device__ inline bool isNaN32(uint32_t x) {
  return (x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffffu);
}
__device__ inline bool isInf32(uint32_t x) {
  return (x & 0x7fffffffu) == 0x7f800000u;
}
__device__ inline uint32_t flush32(uint32_t x) {
  return (x & 0x7f800000u) ? x : (x & 0x80000000u);
}

__device__ inline void example(Stats *st, unsigned long long a,
                               unsigned long long b, unsigned long long r) {
  unsigned long long i = atomicAdd(&st->nExamples, 1ULL);
  if (i < 8) {
    st->examples[i][0] = a;
    st->examples[i][1] = b;
    st->examples[i][2] = r;
  }
}

/// Checks one f32 result r of sources a (and b): correctly rounded in `mode`,
/// or within `bounds` for an approximation.
__device__ inline void checkF32(Stats *st, Local &l, Sem s, Mode mode, bool ftz,
                                const Bound *bounds, int nBounds, uint32_t a,
                                uint32_t b, uint32_t r) {
  uint32_t fa = ftz ? flush32(a) : a, fb = ftz ? flush32(b) : b;
  float af, bf;
  std::memcpy(&af, &fa, 4);
  std::memcpy(&bf, &fb, 4);
  double ex = exactOf(s, af, bf);
  bool exNaN = ex != ex;
  if (exNaN || isNaN32(r)) {
    if (!(exNaN && isNaN32(r))) {
      ++l.specials;
      example(st, a, b, r);
    }
    return;
  }
  Mode m = mode == kApprox ? kRN : mode;
  float w = toFloat(ex, m);
  uint32_t want;
  std::memcpy(&want, &w, 4);
  const double tiny = 2.3509887016445750e-38; // 2^-125
  // .ftz flushes a result that is tiny after rounding to 24 bits with an
  // unbounded exponent (scaled by 2^64, the rounding is in the normal range).
  if (ftz && fabs(ex) < tiny &&
      fabsf(toFloat(ex * 18446744073709551616.0, m)) < 2.168404344971009e-19f)
    want &= 0x80000000u;
  float rf;
  std::memcpy(&rf, &r, 4);
  if (mode != kApprox) {
    if (r != want) {
      ++l.mismatches;
      example(st, a, b, r);
    }
    return;
  }
  long long d = llabs(orderOf(r) - orderOf(want));
  if (d) {
    ++l.notNearest;
    l.maxUlp = max(l.maxUlp, (unsigned long long)d);
  }
  if (ftz && fabs(rf) < 2 * tiny && fabs(ex) < 2 * tiny)
    return;
  for (int i = 0; i < nBounds; ++i) {
    const Bound &bd = bounds[i];
    double x = bd.operand == 2 ? (double)bf : (double)af;
    if (bd.operand && !(x >= bd.lo && x <= bd.hi))
      continue;
    double err;
    bool over;
    const double step = 1.4012984643248171e-45; // 2^-149
    if (bd.metric == kUlp) {
      err = (double)d;
      over = err > bd.bound;
    } else if (isInf32(r) || isinf(ex)) {
      err = r == want ? 0 : INFINITY;
      over = r != want;
    } else {
      err = fabs((double)rf - ex);
      if (bd.metric == kRel)
        err = ex == 0 ? (rf == 0 ? 0 : INFINITY) : err / fabs(ex);
      double allowed = bd.metric == kRel ? bd.bound + step / fabs(ex)
                                         : bd.bound + step;
      over = err > allowed;
    }
    unsigned long long eb;
    std::memcpy(&eb, &err, 8);
    l.maxErr[i] = max(l.maxErr[i], eb);
    if (over) {
      ++l.violations;
      example(st, a, b, r);
    }
    return;
  }
}

inline double asDouble(unsigned long long b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

inline void report(const char *opcode, const Stats &st, bool exact,
                   int nBounds, const char *const *boundText) {
  std::printf("FORM %s inputs=%llu digest=%016llx", opcode, st.inputs,
              st.digest);
  if (exact)
    std::printf(" mismatches=%llu", st.mismatches);
  else
    std::printf(" not_nearest=%llu max_ulp=%llu violations=%llu",
                st.notNearest, st.maxUlp, st.violations);
  for (int i = 0; i < nBounds; ++i)
    std::printf(" max_err[%s]=%.6g", boundText[i], asDouble(st.maxErr[i]));
  std::printf(" specials=%llu low_bits=%llu\n", st.specials, st.lowBits);
  for (unsigned long long i = 0; i < st.nExamples && i < 8; ++i)
    std::printf("  example a=%llx b=%llx got=%llx\n", st.examples[i][0],
                st.examples[i][1], st.examples[i][2]);
}
