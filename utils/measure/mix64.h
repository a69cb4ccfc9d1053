// mix64: the 64-bit finalizer that every digest of the H200 measurements
// (utils/measure) and the unit tests that check them share. A digest is a
// sum of mix64 over (input, result) words, so that only digests need to
// travel back from the GPU machine. Host and device (CUDA, NVRTC).
#ifndef TILE_UTILS_MEASURE_MIX64_H
#define TILE_UTILS_MEASURE_MIX64_H

#ifdef __CUDACC__
#define TILE_MIX64_DECL __host__ __device__ inline
#else
#define TILE_MIX64_DECL inline
#endif

TILE_MIX64_DECL unsigned long long mix64(unsigned long long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

/// The multiplier that spreads an input word before it meets its result.
#define TILE_DIGEST_K 0x9E3779B97F4A7C15ULL

#endif // TILE_UTILS_MEASURE_MIX64_H
