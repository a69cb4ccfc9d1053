//===- model_digests.cpp - The models' digests of every block -------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// TILE_MUFU_EXHAUSTIVE's check of the divisions and the f64 forms (MufuTest)
// on a machine with many cores and no MLIR (the GPU machine): the model's
// digest of every block of pair_digests.txt and f64_digests.txt
// (docs/gpu-logs/2026-12-04-mufu, written by dump.py and f64.py on the
// H200), compared with the H200's. Built here against the build tree's
// static libraries:
//
//   c++ -std=c++17 -O2 -Ilib -Iinclude -Ibuild/include -Iutils/measure \
//     -I/usr/lib/llvm-22/include utils/measure/mufu_models/model_digests.cpp \
//     -o model-digests build/lib/Reference/libTileReferenceCore.a \
//     build/lib/Ptx/libTilePtx.a /usr/lib/x86_64-linux-gnu/libmpfr.a \
//     /usr/lib/x86_64-linux-gnu/libgmp.a /usr/lib/llvm-22/lib/libLLVMSupport.a
//     \
//     /usr/lib/llvm-22/lib/libLLVMDemangle.a -Wl,-Bstatic -lz -lzstd \
//     -Wl,-Bdynamic -lpthread -ldl -static-libstdc++ -static-libgcc
//
// Usage: model-digests PAIR_DIGESTS F64_DIGESTS
//
//===----------------------------------------------------------------------===//
#include "Reference/Mufu.h"
#include "mix64.h"
#include "tile/Reference/Reference.h"
#include <atomic>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
using namespace tile;
/// A digest file: opcode -> the H200's per-block sums.
static std::map<std::string, std::vector<uint64_t>> load(const char *path) {
  std::ifstream in(path);
  std::map<std::string, std::vector<uint64_t>> out;
  std::string head, line;
  while (std::getline(in, head) && std::getline(in, line)) {
    std::istringstream w(line);
    auto &v = out[head.substr(0, head.find(' '))];
    for (std::string s; w >> s;)
      v.push_back(std::stoull(s, nullptr, 16));
  }
  return out;
}
int main(int argc, char **argv) {
  auto pairs = load(argv[1]);
  auto f64 = load(argv[2]);
  unsigned nt = std::thread::hardware_concurrency();
  int bad = 0;
  auto run = [&](const std::string &spelling, const std::vector<uint64_t> &want,
                 int kind) {
    std::string err;
    ptx::Instr instr = *ptx::decode(spelling, err);
    const ptx::MufuModelDesc &m = *instr.form->mufu;
    bool ftz = instr.has(ptx::Qual::FTZ);
    unsigned shift = kind == 0 ? 23 : kind == 1 ? 20 : 21;
    std::atomic<unsigned> next{0}, eq{0};
    auto work = [&]() {
      for (unsigned b; (b = next++) < want.size();) {
        uint64_t sum = 0;
        for (uint64_t x = uint64_t(b) << shift; x < (uint64_t(b) + 1) << shift;
             ++x) {
          if (kind == 0) {
            uint64_t h = mix64(x);
            uint32_t a = uint32_t(h), d = uint32_t(h >> 32);
            sum += mix64(((uint64_t(a) << 32) ^ d) * TILE_DIGEST_K ^
                         ref::mufuQuotient(m, ftz, a, d));
          } else {
            uint64_t a = kind == 2 ? mix64(x) : x << 32 | uint32_t(mix64(x));
            sum += mix64(a * TILE_DIGEST_K ^ ref::mufuResult64(m, a));
          }
        }
        if (sum == want[b])
          ++eq;
      }
    };
    std::vector<std::thread> ts;
    for (unsigned i = 0; i < nt; ++i)
      ts.emplace_back(work);
    for (auto &t : ts)
      t.join();
    std::printf("%s: %u of %zu blocks equal to the H200's\n", spelling.c_str(),
                eq.load(), want.size());
    std::fflush(stdout);
    bad += eq != want.size();
  };
  for (auto &[k, v] : pairs)
    run(k, v, 0);
  for (auto &[k, v] : f64)
    run(k, v, k == "rsqrt.approx.f64" ? 2 : 1);
  std::printf("%d forms with a differing block\n", bad);
  return bad != 0;
}
