//===- Builtins.cpp - conversions LLVM's code generator calls -------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Code generated for an x86-64 host without AVX512-BF16 converts to bf16
// (host code's arith.truncf) with a call of __truncsfbf2 or __truncdfbf2,
// which libgcc 12 does not have. These are the JIT's definitions: IEEE
// conversions, to nearest even. (Moves of bf16 values do not convert: the
// JIT keeps them as bits, keepBFloatBits.)
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace {

template <typename To, typename From> To bitsOf(From v) {
  static_assert(sizeof(To) == sizeof(From), "same width");
  To r;
  std::memcpy(&r, &v, sizeof r);
  return r;
}

} // namespace

uint16_t tile::cpu::truncateToBF16(uint32_t f) {
  uint32_t magnitude = f & 0x7FFFFFFF;
  if (magnitude > 0x7F800000) {
    // A NaN is quieted and keeps its sign and top payload bits.
    return static_cast<uint16_t>(f >> 16) | 0x40;
  }
  // Round to nearest even at bit 16 (an overflow carries into infinity).
  uint32_t bias = 0x7FFF + ((f >> 16) & 1);
  return static_cast<uint16_t>((f + bias) >> 16);
}

uint16_t tile::cpu::truncateToBF16(uint64_t d) {
  double v = bitsOf<double>(d);
  if (std::isnan(v)) {
    uint16_t sign = static_cast<uint16_t>((d >> 48) & 0x8000);
    return sign | 0x7FC0 | static_cast<uint16_t>((d >> 45) & 0x3F);
  }
  // To f32 rounding to odd (24 bits, 16 more than bf16 keeps: one rounding
  // of the result), then to bf16 to nearest even.
  float t = static_cast<float>(v);
  if (std::isinf(t) && !std::isinf(v))
    t = std::copysign(std::numeric_limits<float>::max(), t);
  else if (static_cast<double>(t) != v) {
    if (std::fabs(static_cast<double>(t)) > std::fabs(v))
      t = std::nextafter(t, 0.0f);
    t = bitsOf<float>(bitsOf<uint32_t>(t) | 1);
  }
  return truncateToBF16(bitsOf<uint32_t>(t));
}

#if defined(__x86_64__)
/// The x86-64 ABI returns a bf16 in the low half of xmm0, as it does a
/// _Float16.
static _Float16 asReturned(uint16_t bits) { return bitsOf<_Float16>(bits); }

_Float16 tile_cpu_truncsfbf2(float f) {
  return asReturned(tile::cpu::truncateToBF16(bitsOf<uint32_t>(f)));
}

_Float16 tile_cpu_truncdfbf2(double d) {
  return asReturned(tile::cpu::truncateToBF16(bitsOf<uint64_t>(d)));
}
#endif
