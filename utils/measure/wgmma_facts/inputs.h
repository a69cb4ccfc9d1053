// Inputs of the wgmma measurement (gen.py's kernels): a fixed generator, so
// that the GPU machine and this one make the same bytes. Each warpgroup
// execution x draws its descriptors' fields (a swizzle mode, leading and
// stride byte offsets, a start offset within A's or B's region of the
// shared-memory image), fills the image with elements of A's and B's types
// and the registers of d (and of a) with elements of theirs, in the regime
// x % 8 of the mma measurement's element generator (special values, wide
// and narrow exponents, cancellation).
#pragma once
#include "../mma_facts/inputs.h"

#include <algorithm>

/// The image's regions: A's from 0, B's from kRegionA.
constexpr unsigned kRegionA = 32768, kImageBytes = 131072;

/// One matrix's descriptor fields, as raw values.
struct MatrixParams {
  uint32_t off, lbo, sbo, swizzle;
};
struct Params {
  MatrixParams a, b;
  uint32_t scaleD;
};

/// One wgmma instruction of the measurement (gen.py's kernels): d's and
/// a's register counts (a: 0 for a descriptor), the element types of d, a
/// and b, d's and a's elements per register, the immediates, N and the
/// form's variant (its spelling is the descriptor form's too).
struct WgInstance {
  const char *opcode;
  void *kernel;
  unsigned regsD, regsA;
  const char *elemD, *elemA, *elemB;
  unsigned perD, perA;
  int scaleA, scaleB, transA, transB;
  unsigned n;
  /// The form's variant ("register_a"), or "-".
  const char *variant;
};

/// The smallest image size a matrix of `mn` rows (M or N) reaches from
/// `p` (a generous bound over every canonical layout).
static inline uint64_t reach(const MatrixParams &p, unsigned mn) {
  uint64_t s = std::max(p.lbo, p.sbo);
  return p.off + (uint64_t(mn) / 8 + 2) * 2 * s + 2048;
}

/// Draws one matrix's fields that keep it within `region` bytes.
static inline MatrixParams drawMatrix(uint64_t &s, unsigned mn,
                                      unsigned region) {
  MatrixParams p;
  p.swizzle = unsigned(splitmix(s) % 4);
  unsigned width = p.swizzle == 0 ? 16 : 256 >> p.swizzle; // 128, 64, 32
  uint64_t r = splitmix(s);
  // Half the executions use the canonical strides of a dense tile.
  if (r % 2) {
    p.lbo = p.swizzle == 0 ? 128 : 16 * unsigned(1 + (r >> 8) % 64);
    p.sbo = 8 * width;
  } else {
    p.lbo = 16 * unsigned(1 + (r >> 8) % 128);
    p.sbo = 16 * unsigned(1 + (r >> 16) % 128);
  }
  p.off = (r >> 24) % 2 ? 1024 * unsigned((r >> 32) % 4)
                        : 16 * unsigned((r >> 32) % 256);
  while (reach(p, mn) > region) {
    p.lbo = std::max(16u, p.lbo / 2 / 16 * 16);
    p.sbo = std::max(16u, p.sbo / 2 / 16 * 16);
    if (p.lbo == 16 && p.sbo == 16)
      p.off = 0;
  }
  return p;
}

/// Fills `n` bytes with elements of `type` (sub-byte types packed from the
/// low bits).
static inline void fillBytes(uint8_t *out, size_t n, const std::string &type,
                             unsigned regime, uint64_t &s) {
  unsigned width = fmtOf(type).width;
  if (width >= 8) {
    for (size_t i = 0; i < n; i += width / 8) {
      uint64_t v = element(type, regime, false, s);
      std::memcpy(out + i, &v, width / 8);
    }
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    uint64_t byte = 0;
    for (unsigned b = 0; b < 8; b += width)
      byte |= element(type, regime, false, s) << b;
    out[i] = uint8_t(byte);
  }
}

/// Registers of `regs` per thread with `perReg` elements of `type`, for
/// the 128 threads of execution x.
static inline void fillRegs(uint32_t *out, unsigned regs, unsigned perReg,
                            const std::string &type, unsigned regime,
                            bool isC, uint64_t &s) {
  unsigned width = fmtOf(type).width;
  for (unsigned i = 0; i < 128 * regs; ++i) {
    uint64_t reg = 0;
    for (unsigned k = 0; k < perReg; ++k)
      reg |= element(type, regime, isC, s) << (k * width);
    out[i] = uint32_t(reg);
  }
}

/// Everything execution x of instance `in` (number `index`) reads.
static inline void makeExec(const WgInstance &in, unsigned index, unsigned x,
                            uint8_t *image, Params &p, uint32_t *a,
                            uint32_t *d) {
  uint64_t s = (uint64_t(index) * 0x100000001B3ULL + x) * 0x9E3779B97F4A7C15ULL;
  unsigned regime = x % 8;
  p.a = drawMatrix(s, 64, kRegionA);
  p.b = drawMatrix(s, in.n, kImageBytes - kRegionA);
  p.b.off += kRegionA;
  p.scaleD = splitmix(s) % 4 != 0;
  fillBytes(image, kRegionA, in.elemA, regime, s);
  fillBytes(image + kRegionA, kImageBytes - kRegionA, in.elemB, regime, s);
  if (in.regsA)
    fillRegs(a, in.regsA, in.perA, in.elemA, regime, false, s);
  fillRegs(d, in.regsD, in.perD, in.elemD, regime, true, s);
}

#ifdef __CUDACC__
/// Copies one execution's image into shared memory, the 128 threads
/// together, and makes it visible to the async proxy (wgmma's reads).
__device__ inline void copyImage(uint8_t *smem, const uint8_t *img) {
  const uint4 *src = reinterpret_cast<const uint4 *>(img);
  uint4 *dst = reinterpret_cast<uint4 *>(smem);
  for (unsigned i = threadIdx.x; i < kImageBytes / 16; i += blockDim.x)
    dst[i] = src[i];
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
}

/// The matrix descriptor (PTX ISA 9.7.15.5.1.2): start address >> 4 in bits
/// 0-13, leading byte offset >> 4 in 16-29, stride byte offset >> 4 in
/// 32-45, base offset 0 in 49-51, swizzle mode in 62-63.
__device__ inline uint64_t descriptor(uint32_t base, const MatrixParams &p) {
  uint64_t start = ((base + p.off) >> 4) & 0x3FFF;
  return start | (uint64_t((p.lbo >> 4) & 0x3FFF) << 16) |
         (uint64_t((p.sbo >> 4) & 0x3FFF) << 32) |
         (uint64_t(p.swizzle & 3) << 62);
}
#endif
