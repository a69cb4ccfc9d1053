// The measurement's main: runs instance I (--instance I) over its
// executions and writes one file that holds the inputs and the results:
//   "WGMMAFACTS1", then per instance: the opcode (a line), the immediates
//   "scaleA scaleB transA transB variant" (a line), the executions and the image
//   bytes (u32 each), and per
//   execution: Params (u32 fields), the shared-memory image, a's registers
//   (u32, 128 x regsA), d's before (u32, 128 x regsD), the two descriptors
//   the kernel built (u64) and d's after (u32, 128 x regsD).
#include <cstdio>
#include <cstdlib>
#include <vector>

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "wgmma_facts: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

int main(int argc, char **argv) {
  unsigned n = sizeof(kInstances) / sizeof(kInstances[0]);
  if (argc == 2 && std::string(argv[1]) == "--count") {
    std::printf("%u\n", n);
    return 0;
  }
  if (argc != 5 || std::string(argv[1]) != "--instance") {
    std::fprintf(stderr, "usage: wgmma_facts --instance I EXECS FILE | "
                         "--count\n");
    return 2;
  }
  unsigned i = unsigned(std::atoi(argv[2])), execs = unsigned(std::atoi(argv[3]));
  if (i >= n || !execs)
    return 2;
  const WgInstance &in = kInstances[i];
  std::vector<uint8_t> image(size_t(execs) * kImageBytes);
  std::vector<Params> params(execs);
  std::vector<uint32_t> a(size_t(execs) * 128 * in.regsA + 1),
      d(size_t(execs) * 128 * in.regsD), dOut(d.size());
  std::vector<uint64_t> descs(2 * execs);
  for (unsigned x = 0; x < execs; ++x)
    makeExec(in, i, x, image.data() + size_t(x) * kImageBytes, params[x],
             a.data() + size_t(x) * 128 * in.regsA,
             d.data() + size_t(x) * 128 * in.regsD);
  uint8_t *gImage;
  Params *gParams;
  uint32_t *gA, *gD, *gOut;
  uint64_t *gDescs;
  check(cudaMalloc(&gImage, image.size()), "cudaMalloc");
  check(cudaMalloc(&gParams, execs * sizeof(Params)), "cudaMalloc");
  check(cudaMalloc(&gA, a.size() * 4), "cudaMalloc");
  check(cudaMalloc(&gD, d.size() * 4), "cudaMalloc");
  check(cudaMalloc(&gOut, d.size() * 4), "cudaMalloc");
  check(cudaMalloc(&gDescs, descs.size() * 8), "cudaMalloc");
  check(cudaMemcpy(gImage, image.data(), image.size(), cudaMemcpyHostToDevice),
        "copy");
  check(cudaMemcpy(gParams, params.data(), execs * sizeof(Params),
                   cudaMemcpyHostToDevice),
        "copy");
  check(cudaMemcpy(gA, a.data(), a.size() * 4, cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpy(gD, d.data(), d.size() * 4, cudaMemcpyHostToDevice), "copy");
  check(cudaFuncSetAttribute(in.kernel,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             kImageBytes),
        "cudaFuncSetAttribute");
  void *args[] = {&gImage, &gParams, &gA, &gD, &gOut, &gDescs};
  check(cudaLaunchKernel(in.kernel, dim3(execs), dim3(128), args, kImageBytes,
                         0),
        in.opcode);
  check(cudaDeviceSynchronize(), in.opcode);
  check(cudaMemcpy(dOut.data(), gOut, d.size() * 4, cudaMemcpyDeviceToHost),
        "copy");
  check(cudaMemcpy(descs.data(), gDescs, descs.size() * 8,
                   cudaMemcpyDeviceToHost),
        "copy");
  FILE *f = std::fopen(argv[4], "wb");
  if (!f)
    return 1;
  std::fprintf(f, "WGMMAFACTS1\n%s\n%d %d %d %d %s\n", in.opcode, in.scaleA,
               in.scaleB, in.transA, in.transB, in.variant);
  std::fwrite(&execs, 4, 1, f);
  std::fwrite(&kImageBytes, 4, 1, f);
  for (unsigned x = 0; x < execs; ++x) {
    std::fwrite(&params[x], sizeof(Params), 1, f);
    std::fwrite(image.data() + size_t(x) * kImageBytes, 1, kImageBytes, f);
    std::fwrite(a.data() + size_t(x) * 128 * in.regsA, 4, 128 * in.regsA, f);
    std::fwrite(d.data() + size_t(x) * 128 * in.regsD, 4, 128 * in.regsD, f);
    std::fwrite(&descs[2 * x], 8, 2, f);
    std::fwrite(dOut.data() + size_t(x) * 128 * in.regsD, 4, 128 * in.regsD, f);
  }
  std::fclose(f);
  return 0;
}
