// The measurement's main: runs every instance over its inputs and writes
// the results (or, with --inputs-only, the inputs) to a file:
//   "MMAFACTS1" then per instance: the opcode (a line), then execs (u32),
//   and the uint64 registers of a, b, c (inputs) or of d (results: 32-bit
//   words, 64-bit for the f64 forms).
#include <cstdio>
#include <cstdlib>
#include <vector>

/// Warp executions per instance: `--execs N`, or 1024 for the float forms
/// and 128 for the integer ones.
static unsigned execsOf(const Instance &in, unsigned execs) {
  if (execs)
    return (execs + 3) / 4 * 4; // Whole blocks of four warps.
  std::string c = in.elemC;
  return (c == "f16" || c == "f32" || c == "f64") ? 1024 : 128;
}

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "mma_facts: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

int main(int argc, char **argv) {
  bool inputsOnly = false, list = false;
  unsigned execsFlag = 0;
  int only = -1;
  for (int i = 1; i + 1 < argc; ++i) {
    std::string a = argv[i];
    if (a == "--inputs-only")
      inputsOnly = true;
    else if (a == "--execs" && i + 2 < argc)
      execsFlag = unsigned(std::atoi(argv[++i]));
    else if (a == "--instance" && i + 2 < argc)
      only = std::atoi(argv[++i]);
  }
  if (argc >= 2 && std::string(argv[1]) == "--count")
    list = true;
  if (argc < 2) {
    std::fprintf(stderr, "usage: mma_facts [--inputs-only] [--execs N] "
                         "[--instance I] FILE | --count\n");
    return 2;
  }
  if (list) {
    std::printf("%zu\n", sizeof(kInstances) / sizeof(kInstances[0]));
    return 0;
  }
  const char *path = argv[argc - 1];
  FILE *f = std::fopen(path, "wb");
  if (!f)
    return 1;
  std::fputs("MMAFACTS1\n", f);
  unsigned n = sizeof(kInstances) / sizeof(kInstances[0]);
  for (unsigned i = 0; i < n; ++i) {
    if (only >= 0 && int(i) != only)
      continue;
    const Instance &in = kInstances[i];
    unsigned execs = execsOf(in, execsFlag);
    size_t na = size_t(execs) * 32 * in.regsA, nb = size_t(execs) * 32 * in.regsB,
           nc = size_t(execs) * 32 * in.regsC, nd = size_t(execs) * 32 * in.regsD;
    std::vector<uint64_t> a(na), b(nb), c(nc), d(nd);
    fillOperand(a.data(), execs, in.regsA, in.perA, in.elemA, false, 3 * i + 1);
    fillOperand(b.data(), execs, in.regsB, in.perB, in.elemB, false, 3 * i + 2);
    fillOperand(c.data(), execs, in.regsC, in.perC, in.elemC, true, 3 * i + 3);
    std::fprintf(f, "%s\n", in.opcode);
    std::fwrite(&execs, 4, 1, f);
    if (inputsOnly) {
      std::fwrite(a.data(), 8, na, f);
      std::fwrite(b.data(), 8, nb, f);
      std::fwrite(c.data(), 8, nc, f);
      continue;
    }
    uint64_t *da, *db, *dc, *dd;
    check(cudaMalloc(&da, na * 8), "cudaMalloc");
    check(cudaMalloc(&db, nb * 8), "cudaMalloc");
    check(cudaMalloc(&dc, nc * 8), "cudaMalloc");
    check(cudaMalloc(&dd, nd * 8), "cudaMalloc");
    check(cudaMemcpy(da, a.data(), na * 8, cudaMemcpyHostToDevice), "copy");
    check(cudaMemcpy(db, b.data(), nb * 8, cudaMemcpyHostToDevice), "copy");
    check(cudaMemcpy(dc, c.data(), nc * 8, cudaMemcpyHostToDevice), "copy");
    void *args[] = {&da, &db, &dc, &dd};
    check(cudaLaunchKernel(in.kernel, dim3((execs + 3) / 4), dim3(128), args,
                           0, 0),
          in.opcode);
    check(cudaDeviceSynchronize(), in.opcode);
    check(cudaMemcpy(d.data(), dd, nd * 8, cudaMemcpyDeviceToHost), "copy");
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    cudaFree(dd);
    // d's registers: 64-bit for f64, else the low 32 bits.
    if (std::string(in.elemC) == "f64") {
      std::fwrite(d.data(), 8, nd, f);
    } else {
      std::vector<uint32_t> narrow(d.begin(), d.end());
      std::fwrite(narrow.data(), 4, nd, f);
    }
  }
  std::fclose(f);
  std::fprintf(stderr, "mma_facts: %u instances written to %s\n", n, path);
  return 0;
}
