// Inputs of the mma measurement (gen.py's kernels): a fixed generator, so
// that the GPU machine and this one make the same registers. Each warp
// execution draws a regime (exec % 8) that shapes every element:
//   0 narrow exponents (|e| <= 3), 1 the whole range with subnormals,
//   2 specials (zeros, infinities, NaNs, extremes) among narrow values,
//   3 short significands (exact sums, ties), 4 c large against the
//   products, 5 c tiny, 6 powers of two of random sign (cancellation, the
//   sign of zero), 7 all-ones significands (carries).
// Integer elements are random bits, extremes in regime 2.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>

/// One instruction of the measurement: its kernel, its operands' register
/// counts (a, b, c, d), and the element types and per-register counts of
/// a, b and c.
struct Instance {
  const char *opcode;
  void *kernel;
  unsigned regsA, regsB, regsC, regsD;
  const char *elemA, *elemB, *elemC;
  unsigned perA, perB, perC;
};

static inline uint64_t splitmix(uint64_t &s) {
  uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// Width, exponent bits and fraction bits of a float element type (0 for
/// integers).
struct ElemFmt {
  unsigned width, exp, frac;
};
static inline ElemFmt fmtOf(const std::string &t) {
  if (t == "f16") return {16, 5, 10};
  if (t == "bf16") return {16, 8, 7};
  if (t == "tf32" || t == "f32") return {32, 8, 23};
  if (t == "f64") return {64, 11, 52};
  if (t == "e4m3") return {8, 4, 3};
  if (t == "e5m2") return {8, 5, 2};
  if (t == "s8" || t == "u8") return {8, 0, 0};
  if (t == "s4" || t == "u4") return {4, 0, 0};
  if (t == "b1") return {1, 0, 0};
  return {32, 0, 0}; // s32
}

/// One element's bits. `isC`: the accumulator (regimes 4 and 5).
static inline uint64_t element(const std::string &t, unsigned regime, bool isC,
                               uint64_t &s) {
  ElemFmt f = fmtOf(t);
  uint64_t r = splitmix(s);
  uint64_t widthMask = f.width == 64 ? ~0ULL : (1ULL << f.width) - 1;
  if (f.exp == 0) {
    if (regime == 2 && f.width > 1) {
      uint64_t extremes[4] = {0, widthMask, widthMask >> 1,
                              (widthMask >> 1) + 1};
      return extremes[r % 4];
    }
    return r & widthMask;
  }
  uint64_t sign = (r >> 63) & 1;
  int bias = (1 << (f.exp - 1)) - 1;
  int maxField = (1 << f.exp) - 1;
  uint64_t fracMask = (1ULL << f.frac) - 1;
  uint64_t frac = splitmix(s) & fracMask;
  int e = bias + int((r >> 8) % 7) - 3; // narrow
  switch (regime) {
  case 1:
    e = int((r >> 8) % uint64_t(maxField));
    break;
  case 2:
    switch ((r >> 8) % 12) {
    case 0: e = 0; frac = 0; break;                       // zero
    case 1: e = maxField; frac = 0; break;                // infinity
    case 2: e = maxField; frac = frac | 1; break;         // NaN
    case 3: e = 0; frac = frac | 1; break;                // subnormal
    case 4: e = maxField - 1; frac = fracMask; break;     // largest
    case 5: e = 1; frac = 0; break;                       // least normal
    default: break;
    }
    break;
  case 3:
    frac &= fracMask ^ (fracMask >> 2);
    e = bias + int((r >> 8) % 5) - 2;
    break;
  case 4:
    if (isC)
      e = bias + std::min(bias, 20);
    break;
  case 5:
    if (isC)
      e = std::max(1, bias - 20);
    break;
  case 6:
    frac = 0;
    e = bias + int((r >> 8) % 3) - 1;
    break;
  case 7:
    frac = fracMask;
    break;
  }
  return (sign << (f.width - 1)) | (uint64_t(e) << f.frac) | frac;
}

/// Fills one operand's registers for `execs` warp executions: register r
/// of lane l of execution x at ((x * 32 + l) * regs + r).
static inline void fillOperand(uint64_t *out, unsigned execs, unsigned regs,
                               unsigned perReg, const std::string &type,
                               bool isC, uint64_t seed) {
  ElemFmt f = fmtOf(type);
  unsigned width = f.width;
  for (unsigned x = 0; x < execs; ++x) {
    uint64_t s = seed * 0x100000001B3ULL + x;
    for (unsigned i = 0; i < 32 * regs; ++i) {
      uint64_t reg = 0;
      for (unsigned k = 0; k < perReg; ++k)
        reg |= element(type, x % 8, isC, s) << (k * width);
      out[size_t(x) * 32 * regs + i] = reg;
    }
  }
}
