// Measures what the PTX ISA leaves open in shfl.sync: the value a lane gets
// when its source lane is not in its member mask. Each probe writes, per
// lane, the value read; a = 1000 + lane in every lane, computed before the
// lanes part. Build: nvcc -arch=sm_90 -O3 main.cu -o warp_facts.
#include <cstdio>
#include <cuda_runtime.h>

/// shfl.sync.MODE.b32 d, a, b, 0x1f, mask, spelled in PTX.
#define SHFL(mode, d, a, b, mask)                                              \
  asm volatile("shfl.sync." mode ".b32 %0, %1, %2, 0x1f, %3;"                 \
               : "=r"(d)                                                       \
               : "r"(a), "r"(b), "r"(mask))

/// Probe 0: lanes 0-15 alone (the others do not reach it) shuffle with mask
/// 0xffff from lane 20 (idx).
/// Probe 1: both halves, in divergent branches: lanes 0-15 (mask 0xffff) read
/// lane 20, lanes 16-31 (mask 0xffff0000) read lane 5.
/// Probe 2: converged, one instruction, each half its own mask: down 1, so
/// lane 15 reads lane 16 (outside its mask, executing the same instruction).
/// Probe 3: as 2, up 1 with c = 0x1f: for up, c is the lowest lane, so
/// every lane is out of range and keeps its own a.
/// Probe 4: as 0 with down 4 (lanes 12-15 read 16-19).
/// Probes 5-7 (kernel `exited`): lanes 16-31 return first; then lanes 0-15
/// shuffle with the full mask from lane 20 (probe 5), elect.sync with the
/// full mask (probe 6: d + 100 p), and elect.sync with mask 0xff00 in lanes
/// 8-15 (probe 7).
__global__ void probes(unsigned *out) {
  unsigned lane = threadIdx.x, a = 1000 + lane, d = 0xdeadbeef;
  unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  if (lane < 16)
    SHFL("idx", d, a, 20u, 0x0000ffffu);
  out[0 * 32 + lane] = d;
  d = 0xdeadbeef;
  if (lane < 16)
    SHFL("idx", d, a, 20u, 0x0000ffffu);
  else
    SHFL("idx", d, a, 5u, 0xffff0000u);
  out[1 * 32 + lane] = d;
  __syncwarp();
  SHFL("down", d, a, 1u, half);
  out[2 * 32 + lane] = d;
  __syncwarp();
  SHFL("up", d, a, 1u, half);
  out[3 * 32 + lane] = d;
  d = 0xdeadbeef;
  if (lane < 16)
    SHFL("down", d, a, 4u, 0x0000ffffu);
  out[4 * 32 + lane] = d;
}

/// elect.sync d|p, mask: d + 100 p.
__device__ unsigned elect(unsigned mask) {
  unsigned d, p;
  asm volatile("{ .reg .pred q; elect.sync %0|q, %2; selp.b32 %1, 1, 0, q; }"
               : "=r"(d), "=r"(p)
               : "r"(mask));
  return d + 100 * p;
}

__global__ void exited(unsigned *out) {
  unsigned lane = threadIdx.x, a = 1000 + lane, d = 0xdeadbeef;
  if (lane >= 16)
    return;
  SHFL("idx", d, a, 20u, 0xffffffffu);
  out[5 * 32 + lane] = d;
  out[6 * 32 + lane] = elect(0xffffffffu);
  if (lane >= 8)
    out[7 * 32 + lane] = elect(0xff00u);
}

/// Probes 8-12 (kernel `halves`): converged, each half of the warp with its
/// own member mask in one instruction: vote.sync.ballot of true (8),
/// vote.sync.all of lane != 20 (9), redux.sync.add of 1 (10),
/// match.any.sync of 7 (11); probe 12: `@p shfl.sync.idx` from lane 20 with
/// p = lane != 20 and mask 0xffefffff (lane 20 predicated off, converged).
__global__ void halves(unsigned *out) {
  unsigned lane = threadIdx.x, d, one = 1, seven = 7, a = 1000 + lane;
  unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  unsigned not20 = lane != 20;
  asm volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 "
               "%0, q, %2; }"
               : "=r"(d)
               : "r"(one), "r"(half));
  out[8 * 32 + lane] = d;
  __syncwarp();
  asm volatile("{ .reg .pred q, r; setp.ne.u32 q, %1, 0; vote.sync.all.pred "
               "r, q, %2; selp.b32 %0, 1, 0, r; }"
               : "=r"(d)
               : "r"(not20), "r"(half));
  out[9 * 32 + lane] = d;
  __syncwarp();
  asm volatile("redux.sync.add.u32 %0, %1, %2;"
               : "=r"(d)
               : "r"(one), "r"(half));
  out[10 * 32 + lane] = d;
  __syncwarp();
  asm volatile("match.any.sync.b32 %0, %1, %2;"
               : "=r"(d)
               : "r"(seven), "r"(half));
  out[11 * 32 + lane] = d;
  __syncwarp();
  d = 0xdeadbeef;
  asm volatile("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q shfl.sync.idx.b32 "
               "%0, %1, 20, 0x1f, 0xffefffff; }"
               : "+r"(d)
               : "r"(a), "r"(not20));
  out[12 * 32 + lane] = d;
}

int main() {
  constexpr int kProbes = 13;
  unsigned *dev, host[kProbes * 32];
  if (cudaMalloc(&dev, sizeof host) != cudaSuccess)
    return std::printf("cudaMalloc failed\n"), 1;
  cudaMemset(dev, 0xef, sizeof host);
  probes<<<1, 32>>>(dev);
  exited<<<1, 32>>>(dev);
  halves<<<1, 32>>>(dev);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess)
    return std::printf("probe failed: %s\n", cudaGetErrorString(e)), 1;
  cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
  for (int p = 0; p < kProbes; ++p) {
    std::printf("probe %d:", p);
    if (p == 8 || p == 11) {
      for (int l = 0; l < 32; ++l)
        std::printf(" 0x%08x", host[p * 32 + l]);
      std::printf("\n");
      continue;
    }
    for (int l = 0; l < 32; ++l)
      std::printf(" %d", host[p * 32 + l] == 0xdeadbeefu ||
                                     host[p * 32 + l] == 0xefefefefu
                             ? -1
                             : static_cast<int>(host[p * 32 + l]));
    std::printf("\n");
  }
  return 0;
}
