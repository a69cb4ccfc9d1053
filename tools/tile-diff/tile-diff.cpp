//===- tile-diff.cpp - GPU differential test of every arithmetic form -----===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Runs the kernels that utils/gen_diff.py compiled with the project's tools on
// the GPU, over inputs that mix random bit patterns with edge classes (signed
// zeros, subnormals at both ends, infinities, quiet and signalling NaNs, the
// OOB-NaN, results near overflow and the subnormal boundary, sums at and near
// rounding ties, cancellations, equal magnitudes for min/max), and compares
// every result bit for bit with the MPFR reference, which it reaches through
// the form's semantics key (NaN-ness only where the ISA leaves payloads
// unspecified). Prints a table and "N passed, N failed" (one per kernel).
//
//===----------------------------------------------------------------------===//

#include "tile/Reference/Reference.h"
#include "tile/Runtime/CudaRuntime.h"
#include "tile/Version.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "Inputs.h"

using namespace tile;
using rt::CudaRuntime;
using rt::Status;

namespace {
using tile::diff::Fmt;
using tile::diff::kMaxSources;

struct Kernel {
  std::string opcode, variant, ptxFile, name;
  unsigned bits, threads, elems, stride;
  bool pred, keep;
  unsigned numSources;
  /// Container width of each source (mad.wide's c is wider than a and b).
  std::vector<unsigned> srcBits;
  /// Sources the kernel takes as a constant (an immediate operand, written
  /// `imm=K:V` in the manifest): source K is V in every lane.
  std::vector<std::pair<unsigned, uint64_t>> fixed;
  /// Destination operands (`defs=2`: setp p|q, stored as p + 2q;
  /// lop3.BoolOp d|p, stored as d + (p << 32) in 64 bits). The reference
  /// packs them so.
  unsigned numDefs = 1;
};

/// The lane format of the destination (`ab` false) or of the a/b sources,
/// from the table.
Fmt laneFormat(const ptx::Instr &instr, bool ab) {
  const ptx::FormDesc &f = *instr.form;
  ptx::DataType t = f.types[ab && f.types.size() == 2 ? 1 : 0];
  const ptx::DataTypeInfo &type = ptx::getInfo(t);
  const ptx::FloatFormatInfo &info = ptx::getInfo(type.format);
  if (info.format == ptx::FloatFormat::None) // An integer lane: its width.
    return {type.bits / type.lanes, 0, 0};
  return {info.bits, info.expBits, info.precision};
}

/// One value of an edge class or random bits.
uint64_t genScalar(const Fmt &f, std::mt19937_64 &rng) {
  uint64_t r = rng();
  uint64_t s = (rng() & 1) ? f.sign() : 0;
  switch (rng() % 20) {
  case 0:
    return s; // ±0
  case 1:
    return s | 1; // Smallest subnormal.
  case 2:
    return s | f.frac(); // Largest subnormal.
  case 3:
    return s | (r & f.frac()); // Any subnormal.
  case 4:
    return s | f.make(1, r); // Smallest normals.
  case 5:
    return s | f.make(f.expMax() - 1, r); // Near overflow.
  case 6:
    return s | f.make(f.expMax(), 0); // ±inf
  case 7:                             // Quiet NaN with a payload.
    return s | f.make(f.expMax(), (1ULL << (f.precision - 2)) | r);
  case 8: { // Signalling NaN (payload nonzero, quiet bit clear).
    uint64_t m = r & (f.frac() >> 1);
    return s | f.make(f.expMax(), m ? m : 1);
  }
  case 9: // The OOB-NaN (16-bit formats) or 1.0.
    return f.bits == 16 ? (s | ref::kOobNaN16) : f.make(f.bias(), 0);
  case 10: // Small exponents around 1.
    return s | f.make(f.bias() - 3 + rng() % 7, r);
  default:
    return r & f.mask();
  }
}

/// A normal value with a random exponent in the middle of the range and a
/// random sign; `ex` receives its unbiased exponent.
uint64_t midValue(const Fmt &f, std::mt19937_64 &rng, long &ex) {
  ex = static_cast<long>(rng() % (2 * f.bias() - 4)) - f.bias() + 3;
  return f.make(ex + f.bias(), rng()) | ((rng() & 1) ? f.sign() : 0);
}

/// Inputs of one fma lane: random classes, or a constructed tie / near-tie /
/// overflow / cancellation case. `rn` is the round-to-nearest fma of the
/// lane format (for cancellations).
void genFmaLane(const Fmt &abF, const Fmt &cF, const ptx::Instr &rn,
                std::mt19937_64 &rng, uint64_t *in) {
  uint64_t &a = in[0], &b = in[1], &c = in[2];
  unsigned kind = rng() % 10;
  if (kind >= 4 || abF.bits != cF.bits) {
    a = genScalar(abF, rng);
    b = genScalar(abF, rng);
    c = genScalar(cF, rng);
    return;
  }
  const Fmt &f = cF;
  long ex;
  uint64_t x = midValue(f, rng, ex);
  uint64_t one = f.make(f.bias(), 0);
  switch (kind) {
  case 0: { // x*1 + half an ulp (a tie), or a quarter / three quarters.
    long ulpExp = ex - static_cast<long>(f.precision - 1);
    long k = ulpExp - 1 - static_cast<long>(rng() % 2);
    a = x;
    b = one;
    c = f.pow2(k) | ((rng() & 1) ? f.sign() : 0);
    if ((rng() & 1) && (c & (f.expMax() << (f.precision - 1))))
      c |= 1ULL << (f.precision - 2); // 1.5 * 2^k: off the tie.
    return;
  }
  case 1: { // Product near overflow.
    long half = f.bias() / 2 + static_cast<long>(rng() % 3);
    a = f.make(half + f.bias(), rng()) | ((rng() & 1) ? f.sign() : 0);
    b = f.make(f.bias() + f.bias() - half, rng());
    c = genScalar(f, rng);
    return;
  }
  case 2: { // Cancellation: c = -round(a*b), leaving the product's error.
    a = x;
    b = f.make(f.bias() + static_cast<long>(rng() % 5) - 2, rng());
    c = ref::evalFma(rn, a, b, 0) ^ f.sign();
    return;
  }
  default: { // Result near the subnormal boundary.
    if (rng() & 1) {
      // Exactly (1 - 2^-(p+j)) times the smallest normal: tiny before
      // rounding, and for j >= 1 not tiny after rounding (with an
      // unbounded exponent) in round-to-nearest.
      long j = rng() % 4;
      long k = 1 - f.bias() - static_cast<long>(f.precision) - j;
      uint64_t s = (rng() & 1) ? f.sign() : 0;
      a = f.pow2(k / 2);
      b = f.pow2(k - k / 2) | (s ^ f.sign());
      c = f.pow2(1 - f.bias()) | s;
      return;
    }
    a = f.make(f.bias() / 2 + 1 + rng() % 3, rng());
    b = f.make(f.bias() / 2 - 1 - rng() % 3, rng()) | f.sign();
    c = genScalar(f, rng);
    return;
  }
  }
}

/// Inputs of one add / sub lane: ties, cancellations, overflow and the
/// subnormal boundary, or random classes. `negate` is set for sub (the
/// constructed cases aim at a - b).
void genAddLane(const Fmt &f, bool negate, std::mt19937_64 &rng, uint64_t *in) {
  uint64_t &a = in[0], &b = in[1];
  uint64_t flip = negate ? f.sign() : 0;
  long ex;
  uint64_t x = midValue(f, rng, ex);
  switch (rng() % 10) {
  case 0: { // x + half an ulp (a tie), a quarter, or three quarters.
    long k = ex - static_cast<long>(f.precision - 1) - 1 -
             static_cast<long>(rng() % 2);
    a = x;
    b = f.pow2(k) | ((rng() & 1) ? f.sign() : 0);
    if ((rng() & 1) && (b & (f.expMax() << (f.precision - 1))))
      b |= 1ULL << (f.precision - 2);
    b ^= flip;
    return;
  }
  case 1: // Cancellation: b = -x with its last bits changed.
    a = x;
    b = (x ^ f.sign() ^ flip) ^ (rng() & 0xF);
    return;
  case 2: { // Sum near overflow.
    uint64_t s = (rng() & 1) ? f.sign() : 0;
    a = f.make(f.expMax() - 1 - rng() % 2, rng()) | s;
    b = (f.make(f.expMax() - 1 - rng() % 3, rng()) | s) ^ flip;
    return;
  }
  case 3: { // Difference near the subnormal boundary.
    uint64_t s = (rng() & 1) ? f.sign() : 0;
    a = f.make(1 + rng() % 2, rng()) | s;
    b = (f.make(1 + rng() % 2, rng()) | (s ^ f.sign())) ^ flip;
    return;
  }
  default:
    a = genScalar(f, rng);
    b = genScalar(f, rng);
    return;
  }
}

/// Inputs of one mul lane: products near overflow and the subnormal
/// boundary, or random classes (random significands exercise every rounding
/// case of a 2p-bit product).
void genMulLane(const Fmt &f, std::mt19937_64 &rng, uint64_t *in) {
  uint64_t &a = in[0], &b = in[1];
  switch (rng() % 8) {
  case 0: { // Product near overflow.
    long half = f.bias() / 2 + static_cast<long>(rng() % 3);
    a = f.make(half + f.bias(), rng()) | ((rng() & 1) ? f.sign() : 0);
    b = f.make(f.bias() + f.bias() - half, rng()) |
        ((rng() & 1) ? f.sign() : 0);
    return;
  }
  case 1: { // Product near the smallest normal.
    long k = 1 - f.bias() - static_cast<long>(rng() % (f.precision + 2));
    a = f.make(f.bias() + k / 2, rng()) | ((rng() & 1) ? f.sign() : 0);
    b = f.make(f.bias() + k - k / 2, rng());
    return;
  }
  default:
    a = genScalar(f, rng);
    b = genScalar(f, rng);
    return;
  }
}

/// Inputs of min / max / neg / abs / copysign: random classes, with equal
/// magnitudes (and the two zeros) often enough to test ties and signs.
void genSelectLane(const Fmt &f, unsigned n, std::mt19937_64 &rng,
                   uint64_t *in) {
  for (unsigned i = 0; i < n; ++i)
    in[i] = genScalar(f, rng);
  if (n > 1 && rng() % 4 == 0)
    in[1] = in[0] ^ ((rng() & 1) ? f.sign() : 0);
}

/// One source lane of a conversion from `src` to `dst`: random classes, or
/// values within (and just beyond) the destination's range with random or
/// tie-making low bits, so that every rounding and overflow case is hit.
uint64_t genConvertLane(const Fmt &src, const Fmt &dst, std::mt19937_64 &rng) {
  if (src.precision <= dst.precision || rng() % 4 == 0)
    return genScalar(src, rng);
  uint64_t sign = (rng() & 1) ? src.sign() : 0;
  // An exponent from below the destination's subnormals to above its range.
  long lo = 1 - dst.bias() - static_cast<long>(dst.precision) - 2;
  long hi = static_cast<long>(dst.expMax()) - dst.bias() + 1;
  long e = lo + static_cast<long>(rng() % (hi - lo + 1));
  long be = e + src.bias();
  if (be < 1 || be >= static_cast<long>(src.expMax()))
    return genScalar(src, rng);
  uint64_t frac = rng() & src.frac();
  unsigned drop = src.precision - dst.precision;
  if (rng() % 3 == 0) // Exactly half an ulp of the destination: a tie.
    frac = (frac & ~((1ULL << drop) - 1)) | (1ULL << (drop - 1));
  return sign | src.make(be, frac);
}

/// A value of moderate magnitude (2^-8 to 2^8, the special functions'
/// interesting range), a random sign.
uint64_t moderateValue(const Fmt &f, std::mt19937_64 &rng) {
  long e = static_cast<long>(rng() % 17) - 8;
  return f.make(e + f.bias(), rng()) | ((rng() & 1) ? f.sign() : 0);
}

/// The source of a one-source special function: edge classes and random
/// bits, or a moderate value.
uint64_t genUnaryMathLane(const Fmt &f, std::mt19937_64 &rng) {
  return rng() % 2 ? genScalar(f, rng) : moderateValue(f, rng);
}

/// The sources of a division: edge classes and random bits, or quotients
/// near overflow and the subnormal boundary, or (div.approx's edge) a
/// divisor in (2^126, 2^128).
void genDivLane(const Fmt &f, std::mt19937_64 &rng, uint64_t *in) {
  uint64_t &a = in[0], &b = in[1];
  uint64_t s = (rng() & 1) ? f.sign() : 0;
  switch (rng() % 8) {
  case 0: // Near overflow.
    a = f.make(f.expMax() - 1 - rng() % 3, rng()) | s;
    b = f.make(f.bias() - rng() % 3, rng());
    return;
  case 1: // Near the subnormal boundary.
    a = f.make(1 + rng() % 3, rng()) | s;
    b = f.make(f.bias() + rng() % 3, rng());
    return;
  case 2: // The largest divisors.
    a = genScalar(f, rng);
    b = f.make(f.expMax() - 1 - rng() % 2, rng()) | s;
    return;
  default:
    a = genScalar(f, rng);
    b = rng() % 2 ? genScalar(f, rng) : moderateValue(f, rng);
    return;
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Input generators, one per semantics key (named by its record)
//===----------------------------------------------------------------------===//

namespace {
using tile::diff::GenContext;

/// Fills the source containers `src` lane by lane from `lane`, which writes
/// one lane's sources.
template <typename LaneGen>
void perLane(const GenContext &ctx, uint64_t *src, LaneGen lane) {
  uint64_t in[kMaxSources] = {};
  for (unsigned l = 0; l < ctx.lanes; ++l) {
    lane(in);
    for (unsigned j = 0; j < ctx.numSources; ++j)
      src[j] |= in[j] << (l * ctx.cF.bits);
  }
}
} // namespace

namespace tile::diff::gen {
void fmaInputs(const GenContext &ctx, uint64_t *src) {
  perLane(ctx, src, [&](uint64_t *in) {
    genFmaLane(ctx.abF, ctx.cF, ctx.rnFma, ctx.rng, in);
  });
}
void addInputs(const GenContext &ctx, uint64_t *src) {
  perLane(ctx, src,
          [&](uint64_t *in) { genAddLane(ctx.cF, false, ctx.rng, in); });
}
void subInputs(const GenContext &ctx, uint64_t *src) {
  perLane(ctx, src,
          [&](uint64_t *in) { genAddLane(ctx.cF, true, ctx.rng, in); });
}
/// Mixed precision: a in the narrow format, c in f32.
void mixedInputs(const GenContext &ctx, uint64_t *src) {
  src[0] = genScalar(ctx.abF, ctx.rng);
  src[1] = genScalar(ctx.cF, ctx.rng);
}
void mulInputs(const GenContext &ctx, uint64_t *src) {
  perLane(ctx, src, [&](uint64_t *in) { genMulLane(ctx.cF, ctx.rng, in); });
}
void selectInputs(const GenContext &ctx, uint64_t *src) {
  perLane(ctx, src, [&](uint64_t *in) {
    genSelectLane(ctx.cF, ctx.numSources, ctx.rng, in);
  });
}
/// Conversions: each source lane on its own, in the source format.
void convertInputs(const GenContext &ctx, uint64_t *src) {
  for (unsigned j = 0; j < ctx.numSources; ++j)
    for (unsigned l = 0; l < ctx.srcLanes; ++l)
      src[j] |= genConvertLane(ctx.abF, ctx.cF, ctx.rng) << (l * ctx.abF.bits);
}
void unaryMathInputs(const GenContext &ctx, uint64_t *src) {
  perLane(ctx, src,
          [&](uint64_t *in) { in[0] = genUnaryMathLane(ctx.cF, ctx.rng); });
}
void divInputs(const GenContext &ctx, uint64_t *src) {
  perLane(ctx, src, [&](uint64_t *in) { genDivLane(ctx.cF, ctx.rng, in); });
}
} // namespace tile::diff::gen

using tile::diff::InputGen;
#include "tile/Ptx/PtxInputDispatch.inc"

namespace {

uint64_t load(const std::vector<char> &buf, size_t i, unsigned bits) {
  uint64_t v = 0;
  std::memcpy(&v, buf.data() + i * (bits / 8), bits / 8);
  return v;
}
void storeBits(std::vector<char> &buf, size_t i, unsigned bits, uint64_t v) {
  std::memcpy(buf.data() + i * (bits / 8), &v, bits / 8);
}

struct Result {
  size_t checked = 0, mismatches = 0;
  std::string firstMismatches;
  double seconds = 0;
  Status status;
};

Result runKernel(const Kernel &k, const std::string &dir, size_t n,
                 bool everyBit, unsigned threads) {
  Result res;
  auto start = std::chrono::steady_clock::now();
  std::string error;
  std::optional<ptx::Instr> instr = ptx::decode(
      k.opcode, error, {std::nullopt, k.numSources + k.numDefs, {}});
  // Sources are registers: a group ({a, b, e, f}) is one per register.
  unsigned registers = 0;
  if (instr)
    for (const ptx::OperandDesc &o : instr->form->getOperands())
      registers += o.role == ptx::OperandRole::Use ? o.atom : 1;
  if (!instr || !ref::isSupported(*instr) ||
      registers != k.numSources + k.numDefs) {
    if (error.empty())
      error = "no reference semantics or wrong operand count";
    res.status = Status(Status::kRuntimeError, "BAD_OPCODE", error);
    return res;
  }
  std::ifstream in(dir + "/" + k.ptxFile);
  std::stringstream ss;
  ss << in.rdbuf();
  CudaRuntime &cuda = CudaRuntime::get();
  rt::LoadedModule mod;
  if (!(res.status = cuda.loadPtx(ss.str(), rt::JitOptions(), mod)))
    return res;
  rt::FunctionHandle fn;
  if (!(res.status = cuda.getFunction(mod.module, k.name.c_str(), fn)))
    return res;

  // n elements in blocks of k.elems, blocks k.stride apart.
  size_t blocks = n / k.elems;
  size_t total = blocks * k.stride;
  unsigned bytes = k.bits / 8;
  unsigned ns = k.numSources;
  // Sources, the old destination, the expected result, the result.
  std::vector<std::vector<char>> S;
  for (unsigned j = 0; j < ns; ++j)
    S.emplace_back(total * k.srcBits[j] / 8);
  std::vector<char> D(total * bytes), E(total * bytes), Dout(total * bytes);
  Fmt abF = laneFormat(*instr, true), cF = laneFormat(*instr, false);
  // The round-to-nearest fma of the lane format, from the table.
  ptx::Instr rnFma = *instr;
  for (const ptx::FormDesc &f : ptx::getForms())
    if (f.semantics == ptx::Semantics::Fma && f.types.size() == 1 &&
        ptx::getInfo(f.types[0]).lanes == 1 &&
        ptx::getInfo(ptx::getInfo(f.types[0]).format).precision ==
            cF.precision &&
        ptx::getInfo(ptx::getInfo(f.types[0]).format).bits == cF.bits) {
      for (ptx::QualSet q : ptx::Instr::enumerate(f))
        if (q == ptx::bit(ptx::Qual::RN))
          rnFma = ptx::Instr{&f, q};
      break;
    }
  unsigned lanes = ptx::getInfo(instr->form->types[0]).lanes;
  InputGen gen = kInputGens[static_cast<unsigned>(instr->form->semantics)];
  unsigned srcLanes = ptx::getInfo(instr->form->operands.back().type).lanes;
  // The old destination: random bits of its container, or 0 or 1 for a
  // predicate (the kernel moves it through an integer as x != 0).
  unsigned dstBits =
      std::min(k.bits, ptx::getInfo(instr->form->operands[0].type).bits);
  uint64_t oldMask = dstBits == 64 ? ~0ULL : (1ULL << dstBits) - 1;
  std::hash<std::string> hasher;
  uint64_t seed = hasher(k.opcode + "/" + k.variant);

  // Inputs and the reference, in parallel.
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&, t]() {
      std::mt19937_64 rng(seed + t * 7919);
      GenContext ctx{*instr, abF, cF, rnFma, ns, lanes, srcLanes, rng};
      for (size_t i = t; i < total; i += threads) {
        uint64_t src[kMaxSources] = {};
        gen(ctx, src);
        for (auto [j, v] : k.fixed)
          src[j] = v;
        for (unsigned j = 0; j < ns; ++j)
          storeBits(S[j], i, k.srcBits[j], src[j]);
        uint64_t old = rng() & oldMask;
        storeBits(D, i, k.bits, old);
        storeBits(E, i, k.bits,
                  ref::evaluate(*instr, llvm::ArrayRef(src, ns), k.pred));
      }
    });
  }
  for (std::thread &t : pool)
    t.join();

  std::vector<rt::DevicePtr> ptrs(ns + 1, 0);
  Status &st = res.status;
  for (unsigned j = 0; j <= ns; ++j) {
    const std::vector<char> &host = j < ns ? S[j] : D;
    if (!(st = cuda.alloc(host.size(), ptrs[j])) ||
        !(st = cuda.copyToDevice(ptrs[j], host.data(), host.size())))
      return res;
  }
  // memref<?xiN> descriptors: allocated, aligned, offset, size, stride.
  int64_t zero = 0, size = static_cast<int64_t>(total), one = 1;
  std::vector<void *> params;
  for (rt::DevicePtr &p : ptrs) {
    params.push_back(&p);
    params.push_back(&p);
    params.push_back(&zero);
    params.push_back(&size);
    params.push_back(&one);
  }
  if (!(st = cuda.launch(fn, blocks, 1, 1, k.threads, 1, 1, 0, nullptr,
                         params.data())) ||
      !(st = cuda.synchronize()) ||
      !(st = cuda.copyToHost(Dout.data(), ptrs[ns], Dout.size())))
    return res;
  for (rt::DevicePtr p : ptrs)
    cuda.free(p);

  // An approximation is checked against the ISA's bounds, not bit for bit.
  bool approximate = llvm::StringRef(instr->form->accuracy) == "approximate";
  for (size_t i = 0; i < total; ++i) {
    size_t inBlock = i % k.stride;
    uint64_t got = load(Dout, i, k.bits);
    uint64_t expected;
    bool active = inBlock < k.elems;
    unsigned lane = (inBlock / 4) % 32;
    if (!active) {
      expected = load(D, i, k.bits); // Inactive lanes write nothing.
    } else if (k.pred && lane % 2 == 0) {
      if (!k.keep)
        continue; // Undefined without preserve_dst.
      expected = load(D, i, k.bits);
    } else {
      expected = load(E, i, k.bits);
    }
    ++res.checked;
    bool computed = active && !(k.pred && lane % 2 == 0);
    bool same;
    if (computed && approximate) {
      uint64_t src[kMaxSources];
      for (unsigned j = 0; j < ns; ++j)
        src[j] = load(S[j], i, k.srcBits[j]);
      same = ref::withinBounds(*instr, llvm::ArrayRef(src, ns), got, expected);
    } else {
      same = computed && !everyBit ? ref::sameResult(*instr, got, expected)
                                   : got == expected;
    }
    if (!same) {
      if (res.mismatches++ < 5) {
        // Every source by its operand's name (lop3.BoolOp: a, b, c,
        // immLut, q).
        std::string line = "    [" + std::to_string(i) + "]";
        char hex[32];
        for (unsigned j = 0; j < ns; ++j) {
          std::snprintf(hex, sizeof(hex), "%llx",
                        (unsigned long long)load(S[j], i, k.srcBits[j]));
          line +=
              std::string(" ") + instr->form->getSource(j)->name + "=" + hex;
        }
        std::snprintf(hex, sizeof(hex), "%llx", (unsigned long long)got);
        line += std::string(" got=") + hex;
        std::snprintf(hex, sizeof(hex), "%llx", (unsigned long long)expected);
        line += std::string(" want=") + hex + "\n";
        res.firstMismatches += line;
      }
    }
  }
  res.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return res;
}

} // namespace

namespace {
const char *kUsage =
    "usage: tile-diff [--ptx-dir DIR] [--n N] [--variant-n N] [--threads N]\n"
    "                 [--only OPCODE] [--mnemonic NAME] [--part K/N]\n"
    "                 [--nan-payloads] [--help] [--version]\n"
    "\n"
    "  --ptx-dir DIR    the kernels and manifest.txt of utils/gen_diff.py (.)\n"
    "  --n N            inputs per full-form kernel (2097152)\n"
    "  --variant-n N    inputs per variant kernel (524288)\n"
    "  --threads N      threads computing the reference (all cores)\n"
    "  --only OPCODE    only this opcode\n"
    "  --mnemonic NAME  only opcodes NAME.*\n"
    "  --part K/N       only the selected kernels K, K+N, K+2N, ... (0 <= K <\n"
    "                   N): a run split over several calls or machines\n"
    "  --nan-payloads   compare every bit, NaN payloads too, also where the\n"
    "                   table leaves them open (to measure them)\n";

/// The largest --n / --variant-n: 2^28 inputs (several GiB of buffers).
constexpr uint64_t kMaxInputs = uint64_t(1) << 28;

/// The options, or the exit status where the program should stop.
struct Options {
  std::string dir = ".";
  size_t fullN = 2 * 1024 * 1024, variantN = 512 * 1024;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string only, mnemonic;
  /// --part K/N: this run takes the selected kernels whose index is K mod N.
  unsigned part = 0, parts = 1;
  /// --nan-payloads: every bit compared, whatever the form's NaN rule.
  bool everyBit = false;
  int exitStatus = -1;
};

/// The decimal integer `text` if it is one in [lo, hi].
std::optional<uint64_t> parseInteger(const std::string &text, uint64_t lo,
                                     uint64_t hi) {
  if (text.empty() || text.size() > 20 ||
      !std::all_of(text.begin(), text.end(),
                   [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  errno = 0;
  unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
  if (errno != 0 || v < lo || v > hi)
    return std::nullopt;
  return v;
}

Options parseOptions(int argc, char **argv) {
  Options o;
  auto fail = [&](const std::string &message) {
    std::fprintf(stderr, "tile-diff: %s\n%s", message.c_str(), kUsage);
    o.exitStatus = 1;
    return o;
  };
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::printf("%s", kUsage);
      o.exitStatus = 0;
      return o;
    }
    if (a == "--version") {
      std::printf("%s\n", TILE_MLIR_VERSION_LINE);
      o.exitStatus = 0;
      return o;
    }
    if (a == "--nan-payloads") {
      o.everyBit = true;
      continue;
    }
    bool takesValue = a == "--ptx-dir" || a == "--n" || a == "--variant-n" ||
                      a == "--threads" || a == "--only" || a == "--mnemonic" ||
                      a == "--part";
    if (!takesValue)
      return fail("unknown argument '" + a + "'");
    if (i + 1 >= argc)
      return fail(a + " needs a value");
    std::string v = argv[++i];
    std::optional<uint64_t> n;
    if (a == "--ptx-dir")
      o.dir = v;
    else if (a == "--only")
      o.only = v;
    else if (a == "--mnemonic")
      o.mnemonic = v;
    else if (a == "--part") {
      size_t slash = v.find('/');
      std::optional<uint64_t> k, total;
      if (slash != std::string::npos) {
        k = parseInteger(v.substr(0, slash), 0, 1 << 20);
        total = parseInteger(v.substr(slash + 1), 1, 1 << 20);
      }
      if (!k || !total || *k >= *total)
        return fail("invalid --part '" + v +
                    "' (expected K/N with 0 <= K < N)");
      o.part = *k;
      o.parts = *total;
    } else if (uint64_t hi = a == "--threads" ? 4096 : kMaxInputs;
               !(n = parseInteger(v, 1, hi)))
      return fail("invalid " + a + " '" + v +
                  "' (expected an integer from 1 to " + std::to_string(hi) +
                  ")");
    else if (a == "--n")
      o.fullN = *n;
    else if (a == "--variant-n")
      o.variantN = *n;
    else
      o.threads = static_cast<unsigned>(*n);
  }
  return o;
}
/// Whether the kernel's numbers are ones runKernel can work with.
bool isValid(const Kernel &k) {
  auto isWidth = [](unsigned b) {
    return b == 8 || b == 16 || b == 32 || b == 64;
  };
  return isWidth(k.bits) && k.srcBits.size() == k.numSources &&
         std::all_of(k.srcBits.begin(), k.srcBits.end(), isWidth) &&
         k.threads >= 1 && k.threads <= 1024 && k.elems >= 1 &&
         k.stride >= k.elems && k.numSources >= 1 &&
         k.numSources <= kMaxSources;
}

/// The sources' container widths: one width for all `numSources`, or one
/// per source separated by commas ("32,32,64" for mad.wide.s32).
bool parseWidths(const std::string &text, unsigned numSources,
                 std::vector<unsigned> &out) {
  std::istringstream ws(text);
  std::string item;
  out.clear();
  while (std::getline(ws, item, ',')) {
    std::optional<uint64_t> w = parseInteger(item, 1, 64);
    if (!w)
      return false;
    out.push_back(static_cast<unsigned>(*w));
  }
  if (out.size() == 1 && numSources >= 1 && numSources <= kMaxSources)
    out.assign(numSources, out.front());
  return out.size() == numSources;
}

/// The kernel line's trailing `imm=K:V` items (source K is the constant
/// V) and `defs=N`; false for anything else.
bool parseFixed(std::istream &ls, Kernel &k) {
  std::string item;
  while (ls >> item) {
    if (item.compare(0, 5, "defs=") == 0) {
      std::optional<uint64_t> n = parseInteger(item.substr(5), 1, 2);
      if (!n)
        return false;
      k.numDefs = static_cast<unsigned>(*n);
      continue;
    }
    size_t colon = item.find(':');
    if (item.compare(0, 4, "imm=") != 0 || colon == std::string::npos)
      return false;
    std::optional<uint64_t> j =
        parseInteger(item.substr(4, colon - 4), 0, k.numSources - 1);
    std::optional<uint64_t> v =
        parseInteger(item.substr(colon + 1), 0, ~uint64_t(0));
    if (!j || !v)
      return false;
    k.fixed.emplace_back(static_cast<unsigned>(*j), *v);
  }
  return true;
}

/// Reads the kernels of `dir`/manifest.txt that --only and --mnemonic
/// select; returns an error message, or "".
std::string readManifest(const std::string &dir, const std::string &only,
                         const std::string &mnemonic,
                         std::vector<Kernel> &kernels) {
  std::string path = dir + "/manifest.txt";
  std::ifstream manifest(path);
  if (!manifest)
    return "cannot read " + path + " (set --ptx-dir)";
  std::string line;
  for (unsigned number = 1; std::getline(manifest, line); ++number) {
    std::istringstream ls(line);
    Kernel k;
    unsigned pred, keep;
    std::string widths;
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    if (!(ls >> k.opcode >> k.variant >> k.ptxFile >> k.name >> k.bits >>
          k.threads >> k.elems >> k.stride >> pred >> keep >> k.numSources >>
          widths) ||
        pred > 1 || keep > 1 || !parseWidths(widths, k.numSources, k.srcBits) ||
        !isValid(k) || !parseFixed(ls, k))
      return path + ":" + std::to_string(number) + ": malformed kernel line";
    k.pred = pred;
    k.keep = keep;
    if ((only.empty() || k.opcode == only) &&
        (mnemonic.empty() ||
         k.opcode.compare(0, mnemonic.size() + 1, mnemonic + ".") == 0))
      kernels.push_back(k);
  }
  if (kernels.empty())
    return "no kernels in " + path +
           (only.empty() && mnemonic.empty() ? "" : " match --only/--mnemonic");
  return "";
}
} // namespace

int main(int argc, char **argv) {
  Options opts = parseOptions(argc, argv);
  if (opts.exitStatus >= 0)
    return opts.exitStatus;
  const std::string &dir = opts.dir, &only = opts.only,
                    &mnemonic = opts.mnemonic;
  size_t fullN = opts.fullN, variantN = opts.variantN;
  unsigned threads = opts.threads;
  std::vector<Kernel> kernels;
  if (std::string error = readManifest(dir, only, mnemonic, kernels);
      !error.empty()) {
    std::fprintf(stderr, "tile-diff: %s\n", error.c_str());
    return 1;
  }
  std::vector<Kernel> selected;
  for (size_t i = opts.part; i < kernels.size(); i += opts.parts)
    selected.push_back(kernels[i]);
  if (selected.empty()) {
    std::fprintf(stderr, "tile-diff: --part %u/%u selects no kernel of %zu\n",
                 opts.part, opts.parts, kernels.size());
    return 1;
  }
  kernels = std::move(selected);
  Status st = CudaRuntime::get().init(0);
  if (!st) {
    std::printf("%s\n0 passed, 1 failed\n", st.str().c_str());
    return 1;
  }
  std::printf("device: %s (sm_%d), driver %d\n",
              CudaRuntime::get().getDeviceName().c_str(),
              CudaRuntime::get().getDeviceSm(),
              CudaRuntime::get().getDriverVersion());
  std::printf("| form | variant | inputs checked | mismatches | seconds |\n"
              "|---|---|---|---|---|\n");
  int passed = 0, failed = 0;
  size_t totalChecked = 0;
  for (const Kernel &k : kernels) {
    size_t n = k.variant == "full" ? fullN : variantN;
    Result r = runKernel(k, dir, n, opts.everyBit, threads);
    bool ok = r.status.ok() && r.mismatches == 0 && r.checked > 0;
    (ok ? passed : failed)++;
    totalChecked += r.checked;
    std::printf("| `%s` | %s | %zu | %zu | %.1f |%s\n", k.opcode.c_str(),
                k.variant.c_str(), r.checked, r.mismatches, r.seconds,
                r.status.ok() ? "" : (" " + r.status.str()).c_str());
    if (!r.firstMismatches.empty())
      std::printf("%s", r.firstMismatches.c_str());
    std::fflush(stdout);
  }
  std::printf("total inputs checked: %zu\n", totalChecked);
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
