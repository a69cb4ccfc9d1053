// The design of examples/gemm_bf16.mlir in CUDA C++, for bench/gemm.py:
// C (M x N, f32) = A (M x K bf16) * Bt (N x K bf16)^T, 128 x 128 CTA tiles,
// 8 warps of 64 x 32, K in steps of 64 through a 3-stage cp.async pipeline
// with rows padded to 72 bf16, ldmatrix .x4 and mma.sync m16n8k16 in inline
// asm. A and Bt are passed as 32-bit words (bf16 pairs), as the tile kernel
// takes them. Every choice matches the tile kernel: the same stages, copies,
// waits, barriers, fragment loads, mma order and epilogue stores.
#include <cstdint>

namespace {
constexpr int kStages = 3;
constexpr int kRowWords = 36;     // 72 bf16: 64 and 8 of padding
constexpr int kStageWords = 4608; // 128 rows
constexpr int kBWords = 13824;    // Bt's stages follow A's three

__device__ __forceinline__ unsigned smemAddr(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

/// Copies k tile `kt` of A and Bt into stage `st`: rows t / 8 + 32 h
/// (h = 0..3), 16-byte chunk t % 8.
__device__ __forceinline__ void loadStage(const uint32_t *A, const uint32_t *B,
                                          uint32_t *s32, long K2, int st,
                                          int kt, long arow, long brow, int lc,
                                          int soff) {
  long gc = (long)kt * 32 + lc;
  int da = st * kStageWords + soff;
#pragma unroll
  for (int h = 0; h < 4; ++h) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                     smemAddr(s32 + da + h * 1152)),
                 "l"(A + (arow + 32 * h) * K2 + gc));
  }
#pragma unroll
  for (int h = 0; h < 4; ++h) {
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(
                     smemAddr(s32 + kBWords + da + h * 1152)),
                 "l"(B + (brow + 32 * h) * K2 + gc));
  }
}

__device__ __forceinline__ void ldmatrixX4(uint32_t (&r)[4], unsigned addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, "
               "[%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(addr));
}

__device__ __forceinline__ void mma(float (&d)[4], const uint32_t (&a)[4],
                                    const uint32_t *b) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]));
}
} // namespace

extern "C" __global__ void __launch_bounds__(256)
    gemm_bf16(const uint32_t *__restrict__ A, const uint32_t *__restrict__ B,
              float *__restrict__ C, long N, long K2) {
  extern __shared__ __align__(16) uint32_t s32[];
  const uint16_t *s16 = reinterpret_cast<const uint16_t *>(s32);
  int tid = threadIdx.x;
  long bm = (long)blockIdx.y * 128, bn = (long)blockIdx.x * 128;
  int lr = tid / 8, lc = (tid % 8) * 4;
  long arow = bm + lr, brow = bn + lr;
  int soff = lr * kRowWords + lc;
  int warp = tid / 32, wm = warp % 2, wn = warp / 2;
  int aoff = wm * 4608, boff = wn * 2304 + 27648; // bf16 elements
  int lane = tid % 32;
  long KT = K2 / 32;

  for (int s = 0; s < kStages - 1; ++s) {
    if (s < KT)
      loadStage(A, B, s32, K2, s, s, arow, brow, lc, soff);
    asm volatile("cp.async.commit_group;");
  }
  float acc[4][4][4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e)
        acc[i][j][e] = 0.0f;
  // ldmatrix's row of this lane in each .x4 (matrix lane / 8, row lane % 8):
  // A's matrices are (k half, row half), Bt's (n8 tile, k half).
  int m = lane / 8, r = lane % 8;
  int arowOff = ((m % 2) * 8 + r) * 72 + (m / 2) * 8;
  int browOff = ((m / 2) * 8 + r) * 72 + (m % 2) * 8;
  for (long kt = 0; kt < KT; ++kt) {
    asm volatile("cp.async.wait_group 1;");
    __syncthreads();
    long nk = kt + 2;
    if (nk < KT)
      loadStage(A, B, s32, K2, nk % kStages, nk, arow, brow, lc, soff);
    asm volatile("cp.async.commit_group;");
    int sbase = (kt % kStages) * 9216;
#pragma unroll
    for (int kk = 0; kk < 64; kk += 16) {
      uint32_t ra[4][4], rb[2][4];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        ldmatrixX4(ra[i],
                   smemAddr(s16 + sbase + aoff + kk + i * 1152 + arowOff));
#pragma unroll
      for (int p = 0; p < 2; ++p)
        ldmatrixX4(rb[p],
                   smemAddr(s16 + sbase + boff + kk + p * 1152 + browOff));
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          mma(acc[i][j], ra[i], &rb[j / 2][(j % 2) * 2]);
    }
  }
  asm volatile("cp.async.wait_all;");
  long row = bm + wm * 64 + lane / 4, col = bn + wn * 32 + (lane % 4) * 2;
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h)
        *reinterpret_cast<float2 *>(C + (row + i * 16 + h * 8) * N + col +
                                    j * 8) =
            make_float2(acc[i][j][2 * h], acc[i][j][2 * h + 1]);
}
