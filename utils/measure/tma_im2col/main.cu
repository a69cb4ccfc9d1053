// The H200's im2col tensor loads (cp.async.bulk.tensor.{3,4,5}d ... .im2col)
// over seeded random configurations: tensor sizes and strides, bounding-box
// corners, channels per pixel, pixels per column, traversal strides,
// swizzles, start coordinates and im2col offsets. Each element of the
// tensor holds its own index + 1 (0 is the zero fill), so the box that
// arrives in shared memory says which element went where.
//
// Configurations 3 and 7 of every 8 are stores instead (.im2col_no_offs,
// shared to global, in a bulk group): element k of shared memory (all of
// it) holds k + 1, the tensor starts as zeros, and the tensor is written
// out afterwards in dense order (so 0 is an element the store did not
// write). Configuration 5 of every 8 is a tile-mode load through a tiled
// map (cuTensorMapEncodeTiled) with a box of `box=` elements a dimension,
// to compare how its rows lie in shared memory under a swizzle.
//
// Usage: tma_im2col FIRST COUNT [SEED]. The first line names the
// measurement ("# tma_im2col 2"), then one line per configuration:
//   CFG <id> op=<load|store|tile> rank=<r> type=<CUtensorMapDataType> dims=<d0,..> strides=<s1,..>
//     lower=<..> upper=<..> cpp=<c> ppc=<p> estr=<e0,..> swz=<CUtensorMapSwizzle>
//     coords=<..> offs=<..> => <result>
// where <result> is ENCODE <CUresult> (the driver refused the map),
// FAULT <CUresult> (the launch failed: the process ends), TIMEOUT (the
// mbarrier never completed), or OK followed by the box, element by element
// in shared-memory order, run-length coded: `a+n` is a, a+1, ..., a+n-1 and
// `a*n` is n times a. Swizzled boxes are written as they lie in shared
// memory (the 16-byte chunks moved).
#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr unsigned kSmemBytes = 16384;

struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi].
  int range(int lo, int hi) { return lo + int(next() % uint64_t(hi - lo + 1)); }
  bool chance(int percent) { return range(0, 99) < percent; }
};

enum Op { Load, Store, Tile };

struct Config {
  Op op;
  unsigned box[5];
  int rank, type, bytes, swizzle;
  uint64_t dims[5], strides[4];
  int lower[3], upper[3];
  unsigned cpp, ppc, estr[5];
  int coords[5];
  uint16_t offs[3];
  unsigned boxElements() const {
    if (op != Tile)
      return cpp * ppc;
    unsigned n = 1;
    for (int i = 0; i < rank; ++i)
      n *= box[i];
    return n;
  }
  unsigned boxBytes() const { return boxElements() * bytes; }
};

/// The span of CUtensorMapSwizzle `s` in bytes (0: none).
unsigned swizzleSpan(int s) { return s == 0 ? 0 : 16u << s; }

Config makeConfig(Rng &r) {
  Config c = {};
  c.rank = r.range(3, 5);
  bool wide = r.chance(75);
  c.type = wide ? CU_TENSOR_MAP_DATA_TYPE_UINT32 : CU_TENSOR_MAP_DATA_TYPE_UINT16;
  c.bytes = wide ? 4 : 2;
  unsigned perChunk = 16 / c.bytes;
  c.dims[0] = perChunk * r.range(1, 4);
  for (int i = 1; i < c.rank - 1; ++i)
    c.dims[i] = r.range(1, c.rank == 3 ? 12 : c.rank == 4 ? 7 : 5);
  c.dims[c.rank - 1] = r.range(1, 3);
  // Row strides: dense, or padded by whole 16-byte chunks.
  uint64_t stride = c.dims[0] * c.bytes;
  for (int i = 1; i < c.rank; ++i) {
    if (r.chance(25))
      stride += 16 * r.range(1, 2);
    c.strides[i - 1] = stride;
    stride *= c.dims[i];
  }
  int spatial = c.rank - 2;
  int bound = c.rank == 3 ? 6 : c.rank == 4 ? 4 : 3;
  for (int i = 0; i < spatial; ++i) {
    c.lower[i] = r.range(-bound, 1);
    c.upper[i] = r.range(-bound, 2);
  }
  c.swizzle = r.chance(70) ? 0 : r.range(1, 3);
  unsigned maxChunks = c.swizzle ? swizzleSpan(c.swizzle) / 16 : 4;
  c.cpp = perChunk * r.range(1, maxChunks);
  // Now and then a row that is not whole 16-byte chunks.
  if (r.chance(10))
    c.cpp = r.range(1, perChunk * maxChunks);
  c.ppc = r.range(1, 40);
  while (c.boxBytes() > kSmemBytes)
    c.ppc /= 2;
  for (int i = 0; i < c.rank; ++i)
    c.estr[i] = r.chance(80) ? 1 : r.range(2, 3);
  c.coords[0] = int(perChunk) * r.range(-1, 2);
  bool inBox = r.chance(85);
  for (int i = 1; i < c.rank - 1; ++i) {
    int end = int(c.dims[i]) + c.upper[i - 1];
    c.coords[i] = inBox && end > c.lower[i - 1]
                      ? r.range(c.lower[i - 1], end - 1)
                      : r.range(c.lower[i - 1] - 1, int(c.dims[i]) + 1);
  }
  c.coords[c.rank - 1] = r.range(0, int(c.dims[c.rank - 1]));
  for (int i = 0; i < spatial; ++i)
    c.offs[i] = uint16_t(r.chance(30) ? 0 : r.range(0, 3));
  return c;
}

/// Mostly a store the ISA allows: coordinates not negative, the bounding
/// box within the tensor, the base in it.
void makeStore(Config &c, Rng &r) {
  c.offs[0] = c.offs[1] = c.offs[2] = 0;
  if (r.chance(20))
    return;
  c.coords[0] = std::max(c.coords[0], 0);
  for (int i = 1; i < c.rank - 1; ++i) {
    c.lower[i - 1] = r.range(0, 1);
    c.upper[i - 1] = r.range(-2, 0);
    int end = int(c.dims[i]) + c.upper[i - 1];
    c.coords[i] = end > c.lower[i - 1] ? r.range(c.lower[i - 1], end - 1) : 0;
  }
  c.coords[c.rank - 1] = r.range(0, int(c.dims[c.rank - 1]) - 1);
}

/// A tile-mode box: `cpp` elements innermost, 1 to 5 in the others.
void makeTile(Config &c, Rng &r) {
  c.box[0] = c.cpp;
  for (int i = 1; i < c.rank; ++i)
    c.box[i] = r.range(1, 5);
  for (int i = 0; i < c.rank; ++i)
    c.estr[i] = 1;
  for (int i = 1; i < c.rank; ++i)
    c.coords[i] = r.range(-1, int(c.dims[i]));
}

void check(CUresult e, const char *what) {
  if (e != CUDA_SUCCESS) {
    const char *s = nullptr;
    cuGetErrorName(e, &s);
    std::printf("FATAL %s: %s\n", what, s ? s : "?");
    std::exit(2);
  }
}

} // namespace

/// Thread 0 loads the box into shared memory (pre-filled with 0xAB) and
/// waits on the mbarrier (at most about 2^31 cycles); the CTA then copies
/// `bytes` of shared memory to `out`. status[0]: 1 done, 2 timed out.
template <int R, bool Tiled>
__global__ void load(const __grid_constant__ CUtensorMap map, int c0, int c1,
                     int c2, int c3, int c4, unsigned short o0,
                     unsigned short o1, unsigned short o2, unsigned bytes,
                     unsigned char *out, int *status) {
  __shared__ alignas(1024) unsigned char smem[kSmemBytes];
  __shared__ alignas(8) unsigned long long bar;
  for (unsigned i = threadIdx.x; i < kSmemBytes; i += blockDim.x)
    smem[i] = 0xAB;
  unsigned s = (unsigned)__cvta_generic_to_shared(smem);
  unsigned b = (unsigned)__cvta_generic_to_shared(&bar);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b));
    asm volatile("fence.proxy.async.shared::cta;");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b),
                 "r"(bytes));
    if (Tiled && R == 3)
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], "
                   "[%5];" ::"r"(s),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(b)
                   : "memory");
    if (Tiled && R == 4)
      asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], "
                   "[%6];" ::"r"(s),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(b)
                   : "memory");
    if (Tiled && R == 5)
      asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.tile."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, "
                   "%6}], [%7];" ::"r"(s),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(c4),
                   "r"(b)
                   : "memory");
    if (!Tiled && R == 3)
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], "
                   "[%5], {%6};" ::"r"(s),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(b), "h"(o0)
                   : "memory");
    if (!Tiled && R == 4)
      asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], "
                   "[%6], {%7, %8};" ::"r"(s),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(b),
                   "h"(o0), "h"(o1)
                   : "memory");
    if (!Tiled && R == 5)
      asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.im2col."
                   "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, "
                   "%6}], [%7], {%8, %9, %10};" ::"r"(s),
                   "l"(&map), "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(c4),
                   "r"(b), "h"(o0), "h"(o1), "h"(o2)
                   : "memory");
    long long start = clock64();
    unsigned done = 0;
    while (!done && clock64() - start < (1ll << 31))
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 "
                   "p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done)
                   : "r"(b)
                   : "memory");
    status[0] = done ? 1 : 2;
  }
  __syncthreads();
  if (status[0] != 1)
    return;
  for (unsigned i = threadIdx.x; i < kSmemBytes; i += blockDim.x)
    out[i] = smem[i];
}

/// Thread 0 stores the box from shared memory (element k of which holds
/// k + 1)
/// into the tensor and waits for its bulk group.
template <int R>
__global__ void store(const __grid_constant__ CUtensorMap map, int c0, int c1,
                     int c2, int c3, int c4, int bytes) {
  __shared__ alignas(1024) unsigned char smem[kSmemBytes];
  for (unsigned k = threadIdx.x; k < kSmemBytes / bytes; k += blockDim.x) {
    unsigned v = k + 1;
    memcpy(smem + k * bytes, &v, bytes);
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned s = (unsigned)__cvta_generic_to_shared(smem);
  if (threadIdx.x != 0)
    return;
  if (R == 3)
    asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs."
                 "bulk_group [%0, {%1, %2, %3}], [%4];" ::"l"(&map),
                 "r"(c0), "r"(c1), "r"(c2), "r"(s)
                 : "memory");
  if (R == 4)
    asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs."
                 "bulk_group [%0, {%1, %2, %3, %4}], [%5];" ::"l"(&map),
                 "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(s)
                 : "memory");
  if (R == 5)
    asm volatile("cp.async.bulk.tensor.5d.global.shared::cta.im2col_no_offs."
                 "bulk_group [%0, {%1, %2, %3, %4, %5}], [%6];" ::"l"(&map),
                 "r"(c0), "r"(c1), "r"(c2), "r"(c3), "r"(c4), "r"(s)
                 : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

namespace {

void printList(const char *name, const long long *v, int n) {
  std::printf(" %s=", name);
  for (int i = 0; i < n; ++i)
    std::printf(i ? ",%lld" : "%lld", v[i]);
}

void printConfig(int id, const Config &c) {
  long long v[5];
  const char *ops[] = {"load", "store", "tile"};
  std::printf("CFG %d op=%s rank=%d type=%d", id, ops[c.op], c.rank, c.type);
  for (int i = 0; i < c.rank; ++i) v[i] = (long long)c.dims[i];
  printList("dims", v, c.rank);
  for (int i = 0; i < c.rank - 1; ++i) v[i] = (long long)c.strides[i];
  printList("strides", v, c.rank - 1);
  for (int i = 0; i < c.rank - 2; ++i) v[i] = c.lower[i];
  printList("lower", v, c.rank - 2);
  for (int i = 0; i < c.rank - 2; ++i) v[i] = c.upper[i];
  printList("upper", v, c.rank - 2);
  if (c.op == Tile) {
    for (int i = 0; i < c.rank; ++i) v[i] = c.box[i];
    printList("box", v, c.rank);
  } else {
    std::printf(" cpp=%u ppc=%u", c.cpp, c.ppc);
  }
  for (int i = 0; i < c.rank; ++i) v[i] = c.estr[i];
  printList("estr", v, c.rank);
  std::printf(" swz=%d", c.swizzle);
  for (int i = 0; i < c.rank; ++i) v[i] = c.coords[i];
  printList("coords", v, c.rank);
  for (int i = 0; i < c.rank - 2; ++i) v[i] = c.offs[i];
  printList("offs", v, c.rank - 2);
  std::printf(" =>");
}

/// The `n` elements of `bytes` bytes at `at`, run-length coded.
void printElements(const unsigned char *at, unsigned n, int bytes) {
  std::vector<uint32_t> e(n);
  for (unsigned i = 0; i < n; ++i) {
    uint32_t v = 0;
    std::memcpy(&v, at + i * bytes, bytes);
    e[i] = v;
  }
  std::printf(" OK");
  for (unsigned i = 0; i < n;) {
    unsigned j = i + 1;
    bool same = j < n && e[j] == e[i];
    while (j < n && e[j] == (same ? e[i] : e[i] + (j - i)))
      ++j;
    std::printf(" %u%c%u", e[i], same ? '*' : '+', j - i);
    i = j;
  }
}

/// The byte offset of element `k` (dense index) of the tensor of `c`.
uint64_t elementOffset(const Config &c, uint64_t k) {
  uint64_t offset = 0;
  for (int i = 0; i < c.rank; ++i) {
    offset += (k % c.dims[i]) * (i ? c.strides[i - 1] : c.bytes);
    k /= c.dims[i];
  }
  return offset;
}

uint64_t elementCount(const Config &c) {
  uint64_t count = 1;
  for (int i = 0; i < c.rank; ++i)
    count *= c.dims[i];
  return count;
}

/// Launches the store of `c` and prints the tensor in dense order.
bool runStore(const Config &c, const CUtensorMap &map, const int *k,
              CUdeviceptr tensor, size_t tensorBytes) {
  if (c.rank == 3)
    store<3><<<1, 128>>>(map, k[0], k[1], k[2], k[3], k[4], c.bytes);
  else if (c.rank == 4)
    store<4><<<1, 128>>>(map, k[0], k[1], k[2], k[3], k[4], c.bytes);
  else
    store<5><<<1, 128>>>(map, k[0], k[1], k[2], k[3], k[4], c.bytes);
  CUresult e = cuCtxSynchronize();
  if (e != CUDA_SUCCESS) {
    std::printf(" FAULT %d\n", int(e));
    return false;
  }
  std::vector<unsigned char> host(tensorBytes), dense(elementCount(c) * 4);
  check(cuMemcpyDtoH(host.data(), tensor, tensorBytes), "tensor");
  for (uint64_t j = 0; j < elementCount(c); ++j)
    std::memcpy(dense.data() + j * c.bytes, host.data() + elementOffset(c, j),
                c.bytes);
  printElements(dense.data(), unsigned(elementCount(c)), c.bytes);
  std::printf("\n");
  return true;
}

/// Runs configuration `c`; false when the context is lost.
bool run(const Config &c, CUdeviceptr tensor, size_t tensorBytes,
         CUdeviceptr out, CUdeviceptr status) {
  std::vector<unsigned char> host(tensorBytes, 0);
  // A load's tensor: element k (dense index; its bytes where the strides
  // put it) holds k + 1. A store's: zeros.
  for (uint64_t k = 0; k < elementCount(c) && c.op != Store; ++k) {
    uint32_t v = uint32_t(k + 1);
    std::memcpy(host.data() + elementOffset(c, k), &v, c.bytes);
  }
  check(cuMemcpyHtoD(tensor, host.data(), tensorBytes), "cuMemcpyHtoD");
  alignas(64) CUtensorMap map;
  CUresult e =
      c.op == Tile
          ? cuTensorMapEncodeTiled(
                &map, CUtensorMapDataType(c.type), c.rank, (void *)tensor,
                c.dims, c.strides, c.box, c.estr,
                CU_TENSOR_MAP_INTERLEAVE_NONE, CUtensorMapSwizzle(c.swizzle),
                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)
          : cuTensorMapEncodeIm2col(
                &map, CUtensorMapDataType(c.type), c.rank, (void *)tensor,
                c.dims, c.strides, c.lower, c.upper, c.cpp, c.ppc, c.estr,
                CU_TENSOR_MAP_INTERLEAVE_NONE, CUtensorMapSwizzle(c.swizzle),
                CU_TENSOR_MAP_L2_PROMOTION_NONE,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (e != CUDA_SUCCESS) {
    std::printf(" ENCODE %d\n", int(e));
    return true;
  }
  check(cuMemsetD32(status, 0, 1), "cuMemsetD32");
  int k[5] = {0, 0, 0, 0, 0};
  for (int i = 0; i < c.rank; ++i) k[i] = c.coords[i];
  if (c.op == Store)
    return runStore(c, map, k, tensor, tensorBytes);
  unsigned short o[3] = {c.offs[0], c.offs[1], c.offs[2]};
  unsigned bytes = c.boxBytes();
  unsigned char *po = (unsigned char *)out;
  int *ps = (int *)status;
  auto launch = [&](auto kernel) {
    kernel<<<1, 128>>>(map, k[0], k[1], k[2], k[3], k[4], o[0], o[1], o[2],
                       bytes, po, ps);
  };
  bool tiled = c.op == Tile;
  if (c.rank == 3)
    launch(tiled ? load<3, true> : load<3, false>);
  else if (c.rank == 4)
    launch(tiled ? load<4, true> : load<4, false>);
  else
    launch(tiled ? load<5, true> : load<5, false>);
  e = cuCtxSynchronize();
  if (e != CUDA_SUCCESS) {
    std::printf(" FAULT %d\n", int(e));
    return false;
  }
  int st = 0;
  check(cuMemcpyDtoH(&st, status, 4), "status");
  if (st != 1) {
    std::printf(" TIMEOUT\n");
    return true;
  }
  std::vector<unsigned char> box(kSmemBytes);
  check(cuMemcpyDtoH(box.data(), out, kSmemBytes), "box");
  printElements(box.data(), c.boxElements(), c.bytes);
  std::printf("\n");
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s FIRST COUNT [SEED]\n", argv[0]);
    return 2;
  }
  int first = std::atoi(argv[1]), count = std::atoi(argv[2]);
  uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 0) : 2026;
  // TMA_IM2COL_DRY=1: the configurations only, without a GPU.
  bool dry = std::getenv("TMA_IM2COL_DRY") != nullptr;
  if (!dry)
    check(cuInit(0), "cuInit");
  CUdevice dev;
  CUcontext ctx;
  const size_t tensorBytes = 1 << 20;
  CUdeviceptr tensor = 0, out = 0, status = 0;
  if (!dry) {
    check(cuDeviceGet(&dev, 0), "cuDeviceGet");
    check(cuDevicePrimaryCtxRetain(&ctx, dev), "retain");
    check(cuCtxSetCurrent(ctx), "current");
    check(cuMemAlloc(&tensor, tensorBytes), "alloc");
    check(cuMemAlloc(&out, kSmemBytes), "alloc");
    check(cuMemAlloc(&status, 4), "alloc");
  }
  Rng r{seed};
  if (first == 0)
    std::printf("# tma_im2col 2 seed=%llu\n", (unsigned long long)seed);
  for (int id = 0; id < first + count; ++id) {
    Config c = makeConfig(r);
    c.op = id % 8 == 3 || id % 8 == 7 ? Store : id % 8 == 5 ? Tile : Load;
    if (c.op == Store)
      makeStore(c, r);
    if (c.op == Tile)
      makeTile(c, r);
    if (id < first)
      continue;
    printConfig(id, c);
    std::fflush(stdout);
    if (dry) {
      std::printf(" DRY\n");
      continue;
    }
    if (!run(c, tensor, tensorBytes, out, status))
      return 3;
    std::fflush(stdout);
  }
  return 0;
}
