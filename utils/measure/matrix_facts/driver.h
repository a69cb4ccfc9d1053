// The matrix-move measurement's main: for each instance, random sources
// (rows of 16-bit values or 32-bit registers) and a random permutation of
// 32 of 64 row slots per warp execution, the instruction on the GPU, and
// one file:
//   "MATRIXFACTS1" then per instance: the opcode (a line), execs (u32),
//   nsrc and nres (u32), then per execution the 32 lanes' sources and the
//   32 lanes' results, uint64 each.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "matrix_facts: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

/// xorshift64*: the sources and permutations, the same on every run.
static unsigned long long next(unsigned long long &s) {
  s ^= s >> 12;
  s ^= s << 25;
  s ^= s >> 27;
  return s * 2685821657736338717ULL;
}

int main(int argc, char **argv) {
  if (argc >= 2 && std::string(argv[1]) == "--count") {
    std::printf("%zu\n", sizeof(kInstances) / sizeof(kInstances[0]));
    return 0;
  }
  unsigned execs = 100000;
  int only = -1;
  for (int i = 1; i + 1 < argc; ++i) {
    std::string a = argv[i];
    if (a == "--execs")
      execs = unsigned(std::atoi(argv[++i]));
    else if (a == "--instance")
      only = std::atoi(argv[++i]);
  }
  if (argc < 2) {
    std::fprintf(stderr, "usage: matrix_facts [--execs N] [--instance I] "
                         "FILE | --count\n");
    return 2;
  }
  execs = (execs + kWarps - 1) / kWarps * kWarps;
  FILE *f = std::fopen(argv[argc - 1], "wb");
  if (!f)
    return 1;
  std::fputs("MATRIXFACTS1\n", f);
  unsigned n = sizeof(kInstances) / sizeof(kInstances[0]);
  for (unsigned i = 0; i < n; ++i) {
    if (only >= 0 && int(i) != only)
      continue;
    const Instance &in = kInstances[i];
    size_t lanes = size_t(execs) * 32;
    std::vector<unsigned long long> src(lanes * in.nsrc), res(lanes * in.nres);
    std::vector<unsigned> perm(lanes);
    unsigned long long seed = 0x9e3779b97f4a7c15ULL + i;
    for (auto &v : src)
      v = next(seed) & (in.srcRows ? 0xffffULL : 0xffffffffULL);
    for (size_t x = 0; x < execs; ++x) {
      unsigned slots[64];
      for (unsigned k = 0; k < 64; ++k)
        slots[k] = k;
      for (unsigned k = 63; k > 0; --k)
        std::swap(slots[k], slots[next(seed) % (k + 1)]);
      std::memcpy(&perm[x * 32], slots, 32 * sizeof(unsigned));
    }
    unsigned long long *dSrc, *dRes;
    unsigned *dPerm;
    check(cudaMalloc(&dSrc, src.size() * 8), "cudaMalloc");
    check(cudaMalloc(&dRes, res.size() * 8), "cudaMalloc");
    check(cudaMalloc(&dPerm, perm.size() * 4), "cudaMalloc");
    check(cudaMemcpy(dSrc, src.data(), src.size() * 8, cudaMemcpyHostToDevice),
          "copy");
    check(cudaMemcpy(dPerm, perm.data(), perm.size() * 4,
                     cudaMemcpyHostToDevice),
          "copy");
    void *args[] = {&dSrc, &dPerm, &dRes};
    check(cudaLaunchKernel(in.kernel, dim3(execs / kWarps), dim3(kWarps * 32),
                           args, 0, 0),
          in.opcode);
    check(cudaDeviceSynchronize(), in.opcode);
    check(cudaMemcpy(res.data(), dRes, res.size() * 8, cudaMemcpyDeviceToHost),
          "copy");
    cudaFree(dSrc);
    cudaFree(dRes);
    cudaFree(dPerm);
    std::fprintf(f, "%s\n", in.opcode);
    unsigned header[3] = {execs, in.nsrc, in.nres};
    std::fwrite(header, 4, 3, f);
    for (size_t x = 0; x < execs; ++x) {
      std::fwrite(&src[x * 32 * in.nsrc], 8, 32 * in.nsrc, f);
      std::fwrite(&res[x * 32 * in.nres], 8, 32 * in.nres, f);
    }
  }
  return std::fclose(f) == 0 ? 0 : 1;
}
