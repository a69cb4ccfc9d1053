// Measures the bits of createpolicy's cache policies, which the PTX ISA
// leaves opaque: one line per policy, "fractional PRIMARY SECONDARY
// FRACTION_BITS POLICY", "range PRIMARY SECONDARY PRIMARY_SIZE TOTAL_SIZE
// ADDRESS POLICY" and "cvt PROPERTY POLICY", in hex. Build: nvcc
// -arch=sm_90 -O3 main.cu -o policy_facts.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

/// createpolicy.fractional with a register fraction, for each of `n`
/// fractions (bits of f32), into out[i].
#define FRACTIONAL(name, quals)                                                \
  __global__ void name(const float *f, uint64_t *out, int n) {                 \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                             \
    if (i >= n)                                                                \
      return;                                                                  \
    uint64_t p;                                                                \
    asm volatile("createpolicy.fractional" quals ".b64 %0, %1;"                \
                 : "=l"(p)                                                     \
                 : "f"(f[i]));                                                 \
    out[i] = p;                                                                \
  }
FRACTIONAL(fracLast, ".L2::evict_last")
FRACTIONAL(fracNormal, ".L2::evict_normal")
FRACTIONAL(fracFirst, ".L2::evict_first")
FRACTIONAL(fracUnchanged, ".L2::evict_unchanged")
FRACTIONAL(fracLastFirst, ".L2::evict_last.L2::evict_first")
FRACTIONAL(fracLastUnchanged, ".L2::evict_last.L2::evict_unchanged")
FRACTIONAL(fracNormalFirst, ".L2::evict_normal.L2::evict_first")
FRACTIONAL(fracFirstUnchanged, ".L2::evict_first.L2::evict_unchanged")
FRACTIONAL(fracUnchangedFirst, ".L2::evict_unchanged.L2::evict_first")
FRACTIONAL(fracNormalUnchanged, ".L2::evict_normal.L2::evict_unchanged")

/// createpolicy.range.global with register sizes, for each (address, primary
/// size, total size) triple.
__global__ void rangeLastFirst(const uint64_t *a, const unsigned *ps,
                               const unsigned *ts, uint64_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint64_t p;
  asm volatile("createpolicy.range.global.L2::evict_last.L2::evict_first.b64 "
               "%0, [%1], %2, %3;"
               : "=l"(p)
               : "l"(a[i]), "r"(ps[i]), "r"(ts[i]));
  out[i] = p;
}

/// createpolicy.cvt.L2 of each access property.
__global__ void cvtL2(const uint64_t *prop, uint64_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint64_t p;
  asm volatile("createpolicy.cvt.L2.b64 %0, %1;" : "=l"(p) : "l"(prop[i]));
  out[i] = p;
}

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

static void fractions(const char *name,
                      void (*kernel)(const float *, uint64_t *, int),
                      const float *dF, uint64_t *dOut, const float *hF,
                      uint64_t *hOut, int n) {
  kernel<<<(n + 255) / 256, 256>>>(dF, dOut, n);
  cudaMemcpy(hOut, dOut, n * sizeof(uint64_t), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    uint32_t bits;
    memcpy(&bits, &hF[i], 4);
    printf("fractional %s %08x %016llx\n", name, bits,
           (unsigned long long)hOut[i]);
  }
}

int main() {
  // Fractions: k/1024 for every k in 1..1024, then 1024 random ones in
  // (0, 1].
  const int n = 2048;
  static float hF[n];
  static uint64_t hOut[n];
  for (int k = 1; k <= 1024; ++k)
    hF[k - 1] = k / 1024.0f;
  for (int k = 0; k < 1024; ++k) {
    float f = (mix(k + 1) >> 40) / float(1 << 24);
    hF[1024 + k] = f > 0 ? f : 1.0f;
  }
  float *dF;
  uint64_t *dOut;
  cudaMalloc(&dF, sizeof hF);
  cudaMalloc(&dOut, sizeof hOut);
  cudaMemcpy(dF, hF, sizeof hF, cudaMemcpyHostToDevice);
  fractions("evict_last", fracLast, dF, dOut, hF, hOut, n);
  fractions("evict_normal", fracNormal, dF, dOut, hF, hOut, n);
  fractions("evict_first", fracFirst, dF, dOut, hF, hOut, n);
  fractions("evict_unchanged", fracUnchanged, dF, dOut, hF, hOut, n);
  fractions("evict_last.evict_first", fracLastFirst, dF, dOut, hF, hOut, n);
  fractions("evict_last.evict_unchanged", fracLastUnchanged, dF, dOut, hF,
            hOut, n);
  fractions("evict_normal.evict_first", fracNormalFirst, dF, dOut, hF, hOut,
            n);
  fractions("evict_first.evict_unchanged", fracFirstUnchanged, dF, dOut, hF,
            hOut, n);
  fractions("evict_unchanged.evict_first", fracUnchangedFirst, dF, dOut, hF,
            hOut, n);
  fractions("evict_normal.evict_unchanged", fracNormalUnchanged, dF, dOut, hF,
            hOut, n);
  // Ranges: addresses, primary and total sizes over powers of two and
  // random values.
  const int m = 1024;
  static uint64_t hA[m];
  static unsigned hPs[m], hTs[m];
  for (int i = 0; i < m; ++i) {
    uint64_t r = mix(1000 + i);
    hA[i] = i < 64 ? (1ull << (i % 48)) : (r & 0xffffffffffull);
    hTs[i] = i < 32 ? (1u << i) : unsigned(mix(2000 + i));
    hPs[i] = i < 32 ? (1u << (i / 2)) : unsigned(mix(3000 + i)) % (hTs[i] + 1u);
  }
  uint64_t *dA;
  unsigned *dPs, *dTs;
  cudaMalloc(&dA, sizeof hA);
  cudaMalloc(&dPs, sizeof hPs);
  cudaMalloc(&dTs, sizeof hTs);
  cudaMemcpy(dA, hA, sizeof hA, cudaMemcpyHostToDevice);
  cudaMemcpy(dPs, hPs, sizeof hPs, cudaMemcpyHostToDevice);
  cudaMemcpy(dTs, hTs, sizeof hTs, cudaMemcpyHostToDevice);
  rangeLastFirst<<<m / 256, 256>>>(dA, dPs, dTs, dOut, m);
  cudaMemcpy(hOut, dOut, m * sizeof(uint64_t), cudaMemcpyDeviceToHost);
  for (int i = 0; i < m; ++i)
    printf("range evict_last.evict_first %08x %08x %016llx %016llx\n", hPs[i],
           hTs[i], (unsigned long long)hA[i], (unsigned long long)hOut[i]);
  // Access properties: every single bit, then random words.
  static uint64_t hP[m];
  for (int i = 0; i < m; ++i)
    hP[i] = i < 64 ? (1ull << i) : (i < 65 ? 0 : mix(4000 + i));
  cudaMemcpy(dA, hP, sizeof hP, cudaMemcpyHostToDevice);
  cvtL2<<<m / 256, 256>>>(dA, dOut, m);
  cudaError_t e = cudaMemcpy(hOut, dOut, m * sizeof(uint64_t),
                             cudaMemcpyDeviceToHost);
  for (int i = 0; i < m && e == cudaSuccess; ++i)
    printf("cvt %016llx %016llx\n", (unsigned long long)hP[i],
           (unsigned long long)hOut[i]);
  e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e));
    return 1;
  }
  return 0;
}
