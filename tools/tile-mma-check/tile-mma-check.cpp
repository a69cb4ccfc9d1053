//===- tile-mma-check.cpp - the reference's mma against recorded results --===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Compares the reference (ref::evaluateMma, from the table's fragments and
// arithmetic) with results an mma measurement recorded on a GPU
// (utils/measure/mma_facts: the inputs file written by `mma_facts
// --inputs-only`, the results file by `mma_facts` on the GPU machine), per
// lane and register. Prints one line per instruction and a total; with
// --show=N, the first N differing elements of each with their matrix place.
// Given one file, a matrix-move measurement (utils/measure/matrix_facts:
// ldmatrix, stmatrix, movmatrix with permuted row addresses), which holds
// each execution's sources and results.
//
// Given a wgmma measurement (utils/measure/wgmma_facts: one file with each
// execution's shared memory, registers, descriptors and results), the
// reference's ref::evaluateWgmma against the H200's d.
//
// Given a GEMM recording (GEMMWGMMA1, bench/gemm_wgmma.py run --record):
// C = A Bt^T as a GEMM kernel computes it, each 64-row block and N-column
// tile a chain of the recorded wgmma.mma_async over K in steps of its k
// (the first with scale-d false), each f32 result converted with the
// recorded cvt; C's bits against the GPU's. A split-K recording
// (GEMMWGMMA2) names the f32 addition too and gives the split S after K:
// each of S equal parts of K is its own chain, and the parts' results are
// added in order (((p0 + p1) + p2) ...) before the conversion.
//
//===----------------------------------------------------------------------===//

#include "tile/Ptx/InstrTable.h"
#include "tile/Reference/Reference.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace tile;
namespace cl = llvm::cl;

static cl::opt<std::string> inputsPath(cl::Positional, cl::Required,
                                       cl::desc("<inputs file>"));
static cl::opt<std::string>
    resultsPath(cl::Positional, cl::Optional,
                cl::desc("<results file> (none for a matrix-move file, which "
                         "holds both)"));
static cl::opt<unsigned> show("show", cl::init(0),
                              cl::desc("differences to print per opcode"));
static cl::opt<unsigned>
    dump("dump", cl::init(0),
         cl::desc("print the matrices of the first N executions of each "
                  "wgmma instruction, one line per element of D"));
static cl::opt<std::string>
    only("only", cl::init(""), cl::desc("check only opcodes containing this"));

namespace {

/// A reader over one of the measurement's files.
struct Reader {
  llvm::StringRef data;
  size_t pos = 0;
  bool line(std::string &out) {
    size_t end = data.find('\n', pos);
    if (end == llvm::StringRef::npos)
      return false;
    out = data.substr(pos, end - pos).str();
    pos = end + 1;
    return true;
  }
  template <typename T> bool read(T *out, size_t n) {
    if (pos + n * sizeof(T) > data.size())
      return false;
    std::memcpy(out, data.data() + pos, n * sizeof(T));
    pos += n * sizeof(T);
    return true;
  }
};

[[noreturn]] void fail(const llvm::Twine &message) {
  llvm::errs() << "tile-mma-check: " << message << "\n";
  std::exit(2);
}

/// Whether registers `got` and `want` of fragment `fd` differ only in
/// NaN payloads: every element that differs is a NaN in both.
bool onlyNaNPayloads(const ptx::FragmentDesc &fd, uint64_t got, uint64_t want) {
  unsigned width = ptx::getInfo(fd.element).valueBits;
  uint64_t mask = width >= 64 ? ~0ULL : (1ULL << width) - 1;
  for (unsigned k = 0; k < fd.perReg; ++k) {
    uint64_t g = (got >> (k * width)) & mask, w = (want >> (k * width)) & mask;
    if (g != w && !(ref::isNaN(fd.element, g) && ref::isNaN(fd.element, w)))
      return false;
  }
  return true;
}

/// Differences of one instruction.
struct Counts {
  uint64_t values = 0, nanPayloads = 0;
};

/// Counts register `got`, which differs from the reference's `want`: in NaN
/// payloads only, or in value (then true: the caller may show it).
bool countValueDifference(const ptx::FragmentDesc &fd, uint64_t got,
                          uint64_t want, Counts &bad) {
  if (onlyNaNPayloads(fd, got, want)) {
    ++bad.nanPayloads;
    return false;
  }
  ++bad.values;
  return true;
}

/// Checks one instruction's executions.
Counts checkInstr(const ptx::Instr &instr, Reader &in, Reader &res,
                  unsigned execs) {
  llvm::ArrayRef<ptx::OperandDesc> ops = instr.form->getOperands();
  unsigned ra = ops[1].atom, rb = ops[2].atom, rc = ops[3].atom,
           rd = ops[0].atom;
  bool wide = ops[0].type == ptx::DataType::F64;
  std::vector<uint64_t> a(size_t(execs) * 32 * ra), b(size_t(execs) * 32 * rb),
      c(size_t(execs) * 32 * rc), d(size_t(execs) * 32 * rd);
  if (!in.read(a.data(), a.size()) || !in.read(b.data(), b.size()) ||
      !in.read(c.data(), c.size()))
    fail("the inputs file ends early");
  if (wide ? !res.read(d.data(), d.size()) : false)
    fail("the results file ends early");
  if (!wide) {
    std::vector<uint32_t> narrow(d.size());
    if (!res.read(narrow.data(), narrow.size()))
      fail("the results file ends early");
    d.assign(narrow.begin(), narrow.end());
  }
  const ptx::FragmentDesc &fd = *ops[0].fragment;
  Counts bad;
  unsigned shown = 0;
  for (unsigned x = 0; x < execs; ++x) {
    ref::WarpSources src;
    src.met = src.executing = ~0u;
    for (unsigned lane = 0; lane < 32; ++lane) {
      size_t l = size_t(x) * 32 + lane;
      auto &s = src.lanes[lane];
      s.assign(a.begin() + l * ra, a.begin() + (l + 1) * ra);
      s.append(b.begin() + l * rb, b.begin() + (l + 1) * rb);
      s.append(c.begin() + l * rc, c.begin() + (l + 1) * rc);
    }
    ref::WarpResults out;
    ref::evaluateMma(instr, src, out);
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned r = 0; r < rd; ++r) {
        uint64_t got = d[(size_t(x) * 32 + lane) * rd + r];
        uint64_t want = out[lane][r];
        if (!wide)
          want &= 0xffffffffu;
        if (got == want || !countValueDifference(fd, got, want, bad))
          continue;
        if (shown++ < show) {
          ptx::FragmentCoord at = fd.at(lane, r * fd.perReg);
          llvm::outs() << "  exec " << x << " (regime " << x % 8 << ") lane "
                       << lane << " reg " << r << " (" << at.matrix << ", "
                       << at.row << ", " << at.col << "): gpu "
                       << llvm::format_hex(got, 10) << " ref "
                       << llvm::format_hex(want, 10) << "\n";
        }
      }
  }
  return bad;
}

/// Steps over one instruction's data.
void skipInstr(const ptx::Instr &instr, Reader &in, Reader &res,
               unsigned execs) {
  llvm::ArrayRef<ptx::OperandDesc> ops = instr.form->getOperands();
  size_t lanes = size_t(execs) * 32;
  in.pos += lanes * 8 * (ops[1].atom + ops[2].atom + ops[3].atom);
  res.pos += lanes * ops[0].atom * (ops[0].type == ptx::DataType::F64 ? 8 : 4);
}

/// Checks one matrix move's executions (sources and results interleaved,
/// `nsrc` and `nres` values per lane); a memory result (stmatrix's rows)
/// is compared for the lanes whose addresses the instruction reads.
uint64_t checkMove(const ptx::Instr &instr, Reader &in, unsigned execs,
                   unsigned nsrc, unsigned nres) {
  const ptx::OperandDesc &d = instr.form->getOperands().front();
  unsigned lanes = d.kind == ptx::OperandKind::Memory ? d.fragment->lanes : 32;
  std::vector<uint64_t> src(32 * nsrc), res(32 * nres);
  uint64_t bad = 0, shown = 0;
  for (unsigned x = 0; x < execs; ++x) {
    if (!in.read(src.data(), src.size()) || !in.read(res.data(), res.size()))
      fail("the matrix-move file ends early");
    ref::WarpSources ws;
    ws.met = ws.executing = ~0u;
    for (unsigned lane = 0; lane < 32; ++lane)
      ws.lanes[lane].assign(src.begin() + lane * nsrc,
                            src.begin() + (lane + 1) * nsrc);
    ref::WarpResults out;
    ref::evaluateFragments(instr, ws, out);
    for (unsigned lane = 0; lane < lanes; ++lane)
      for (unsigned r = 0; r < nres; ++r) {
        uint64_t got = res[lane * nres + r], want = out[lane][r];
        if (got == want)
          continue;
        ++bad;
        if (shown++ < show)
          llvm::outs() << "  exec " << x << " lane " << lane << " value " << r
                       << ": gpu " << llvm::format_hex(got, 10) << " ref "
                       << llvm::format_hex(want, 10) << "\n";
      }
  }
  return bad;
}

/// A matrix-move measurement (utils/measure/matrix_facts): every
/// instruction's executions against the reference.
int checkMoves(Reader &in) {
  std::string opcode;
  unsigned instrs = 0, failed = 0;
  while (in.line(opcode)) {
    unsigned header[3];
    if (!in.read(header, 3))
      fail("the matrix-move file ends early at '" + opcode + "'");
    std::string error;
    std::optional<ptx::Instr> instr = ptx::decode(opcode, error);
    if (!instr || !ref::isWarpFragments(*instr) || ref::isMma(*instr))
      fail("'" + opcode + "' is not a matrix move of the table: " + error);
    uint64_t bad = checkMove(*instr, in, header[0], header[1], header[2]);
    ++instrs;
    failed += bad != 0;
    llvm::outs() << (bad ? "FAIL " : "PASS ") << opcode << ": " << header[0]
                 << " warp executions (permuted row addresses), " << bad
                 << " values differ\n";
  }
  llvm::outs() << (instrs - failed) << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}

/// One wgmma execution as the measurement recorded it.
struct WgmmaExec {
  uint32_t params[9]; // offA lboA sboA swA offB lboB sboB swB scaleD
  std::vector<uint8_t> image;
  std::vector<uint32_t> a, d, dOut;
  uint64_t descs[2];
};

bool readExec(Reader &in, WgmmaExec &x, unsigned regsA, unsigned regsD) {
  x.a.resize(128 * regsA);
  x.d.resize(128 * regsD);
  x.dOut.resize(128 * regsD);
  return in.read(x.params, 9) && in.read(x.image.data(), x.image.size()) &&
         in.read(x.a.data(), x.a.size()) && in.read(x.d.data(), x.d.size()) &&
         in.read(x.descs, 2) && in.read(x.dOut.data(), x.dOut.size());
}

/// The threads' sources of execution `x` in operand order: d, a's
/// registers or a-desc, b-desc, scale-d and the immediates `imms` (by
/// role: scale-a, scale-b, trans-a, trans-b).
ref::WarpgroupSources wgmmaSources(const ptx::Instr &instr, const WgmmaExec &x,
                                   const int (&imms)[4]) {
  ref::WarpgroupSources src;
  // The image starts at the shared address the descriptors' start
  // addresses give, less the offsets the measurement chose.
  uint64_t startA =
      ptx::getDescField(ptx::DescField::StartAddress).get(x.descs[0]);
  uint64_t base = (startA - x.params[0]) & 0x3FFFF;
  const std::vector<uint8_t> &image = x.image;
  src.readShared = [base, &image](uint64_t addr, uint8_t *out, unsigned n) {
    if (addr < base || addr - base + n > image.size())
      return false;
    std::memcpy(out, image.data() + (addr - base), n);
    return true;
  };
  unsigned regsD = x.d.size() / 128, regsA = x.a.size() / 128;
  for (unsigned t = 0; t < 128; ++t) {
    auto &s = src.threads[t];
    for (const ptx::OperandDesc &o : instr.form->getOperands()) {
      switch (o.mmaRole) {
      case ptx::MmaRole::D:
        s.append(x.d.begin() + t * regsD, x.d.begin() + (t + 1) * regsD);
        break;
      case ptx::MmaRole::A:
        if (o.descriptor)
          s.push_back(x.descs[0]);
        else
          s.append(x.a.begin() + t * regsA, x.a.begin() + (t + 1) * regsA);
        break;
      case ptx::MmaRole::B:
        s.push_back(x.descs[1]);
        break;
      case ptx::MmaRole::ScaleD:
        s.push_back(x.params[8] & 1);
        break;
      case ptx::MmaRole::ScaleA:
      case ptx::MmaRole::ScaleB:
      case ptx::MmaRole::TransA:
      case ptx::MmaRole::TransB:
        s.push_back(static_cast<uint64_t>(static_cast<int64_t>(
            imms[unsigned(o.mmaRole) - unsigned(ptx::MmaRole::ScaleA)])));
        break;
      default:
        fail(llvm::Twine("wgmma operand '") + o.name + "' has no role");
      }
    }
  }
  return src;
}

/// Prints execution `e`'s matrices and the H200's d, one line per element
/// of D: "DUMP e row col | a... | b... | c | gpu", element bits in hex.
void dumpExec(const ptx::Instr &instr, const ref::WarpgroupSources &src,
              const WgmmaExec &x, unsigned e) {
  llvm::Expected<ref::WgmmaMatrices> m = ref::gatherWgmma(instr, src);
  if (!m) {
    llvm::consumeError(m.takeError());
    return;
  }
  const ptx::OperandDesc &d = instr.form->getOperands()[0];
  const ptx::FragmentDesc &fd = *d.fragment;
  unsigned width = ptx::getInfo(fd.element).valueBits, regs = d.atom;
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned i = 0; i < fd.getNumElements(); ++i) {
      ptx::FragmentCoord at = fd.at(t, i);
      uint64_t reg = x.dOut[t * regs + i / fd.perReg];
      uint64_t got =
          (reg >> ((i % fd.perReg) * width)) & ((uint64_t(1) << width) - 1);
      llvm::outs() << "DUMP " << e << " " << at.row << " " << at.col << " |";
      for (unsigned k = 0; k < m->k; ++k)
        llvm::outs() << " "
                     << llvm::format_hex_no_prefix(m->a[at.row * m->k + k], 1);
      llvm::outs() << " |";
      for (unsigned k = 0; k < m->k; ++k)
        llvm::outs() << " "
                     << llvm::format_hex_no_prefix(m->b[k * m->n + at.col], 1);
      llvm::outs() << " | "
                   << llvm::format_hex_no_prefix(m->c[at.row * m->n + at.col],
                                                 1)
                   << " | " << llvm::format_hex_no_prefix(got, 1) << "\n";
    }
}

/// Checks one wgmma instruction's executions; prints its line.
bool checkWgmmaInstr(const ptx::Instr &instr, const std::string &opcode,
                     const int (&imms)[4], Reader &in, unsigned execs,
                     unsigned imageBytes) {
  llvm::ArrayRef<ptx::OperandDesc> ops = instr.form->getOperands();
  const ptx::FragmentDesc &fd = *ops[0].fragment;
  unsigned regsD = ops[0].atom;
  unsigned regsA = ops[1].descriptor ? 0 : ops[1].atom;
  Counts bad;
  uint64_t errors = 0, shown = 0;
  WgmmaExec x;
  x.image.resize(imageBytes);
  for (unsigned e = 0; e < execs; ++e) {
    if (!readExec(in, x, regsA, regsD))
      fail("the wgmma file ends early at '" + opcode + "'");
    if (dump && e < dump)
      dumpExec(instr, wgmmaSources(instr, x, imms), x, e);
    ref::WarpgroupResults out;
    if (llvm::Error err =
            ref::evaluateWgmma(instr, wgmmaSources(instr, x, imms), out)) {
      ++errors;
      if (shown++ < show)
        llvm::outs() << "  exec " << e << ": " << llvm::toString(std::move(err))
                     << "\n";
      else
        llvm::consumeError(std::move(err));
      continue;
    }
    for (unsigned t = 0; t < 128; ++t)
      for (unsigned r = 0; r < regsD; ++r) {
        uint64_t got = x.dOut[t * regsD + r], want = out[t][r] & 0xffffffffu;
        if (got == want || !countValueDifference(fd, got, want, bad))
          continue;
        if (shown++ < show) {
          ptx::FragmentCoord at = fd.at(t, r * fd.perReg);
          llvm::outs() << "  exec " << e << " (regime " << e % 8 << ", swizzle "
                       << x.params[3] << "/" << x.params[7] << ") thread " << t
                       << " reg " << r << " (" << at.row << ", " << at.col
                       << "): gpu " << llvm::format_hex(got, 10) << " ref "
                       << llvm::format_hex(want, 10) << "\n";
        }
      }
  }
  bool ok = errors == 0 && bad.values == 0 &&
            (bad.nanPayloads == 0 || !instr.form->hasDefinedNaNPayload());
  llvm::outs() << (ok ? "PASS " : "FAIL ") << opcode << " [" << imms[0] << " "
               << imms[1] << " " << imms[2] << " " << imms[3] << "]: " << execs
               << " warpgroup executions, " << bad.values
               << " registers differ in value, " << bad.nanPayloads
               << " in NaN payloads only, " << errors
               << " not computed by the reference\n";
  return ok;
}

/// A wgmma measurement (utils/measure/wgmma_facts): each execution's
/// shared memory, registers and descriptors, and the H200's d.
int checkWgmma(Reader &in) {
  std::string opcode, immLine;
  unsigned instrs = 0, failed = 0;
  while (in.line(opcode)) {
    int imms[4];
    char variant[32] = {};
    unsigned header[2];
    if (!in.line(immLine) ||
        std::sscanf(immLine.c_str(), "%d %d %d %d %31s", &imms[0], &imms[1],
                    &imms[2], &imms[3], variant) != 5 ||
        !in.read(header, 2))
      fail("the wgmma file ends early at '" + opcode + "'");
    // The register-A form shares its spelling with the descriptor form.
    ptx::FormHint hint;
    if (std::string(variant) != "-")
      hint.variant = llvm::StringRef(variant);
    std::string error;
    std::optional<ptx::Instr> instr = ptx::decode(opcode, error, hint);
    if (!instr || !ref::isWgmma(*instr))
      fail("'" + opcode + "' is not a wgmma of the table: " + error);
    ++instrs;
    failed += !checkWgmmaInstr(*instr, opcode, imms, in, header[0], header[1]);
  }
  llvm::outs() << (instrs - failed) << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}

/// The descriptor operand of `role` (A or B) of a wgmma form.
const ptx::OperandDesc &descriptorOf(const ptx::Instr &instr,
                                     ptx::MmaRole role) {
  for (const ptx::OperandDesc &o : instr.form->getOperands())
    if (o.mmaRole == role && o.descriptor)
      return o;
  fail("the wgmma form has no descriptor operand for A or B");
}

/// Reads `count` elements of `bytes` bytes each (little-endian).
std::vector<uint64_t> readElements(Reader &in, size_t count, unsigned bytes) {
  std::vector<uint64_t> out(count, 0);
  for (uint64_t &v : out)
    if (!in.read(reinterpret_cast<char *>(&v), bytes))
      fail("the GEMM recording ends early");
  return out;
}

/// One output tile (64 rows from r0, n columns from c0) of the chain over
/// columns [kBegin, kEnd) of K (kDim columns in all).
std::vector<uint64_t> gemmTile(const ptx::Instr &mma, unsigned r0, unsigned c0,
                               unsigned kDim, unsigned kBegin, unsigned kEnd,
                               const std::vector<uint64_t> &a,
                               const std::vector<uint64_t> &bt) {
  const ptx::OperandDesc &da = descriptorOf(mma, ptx::MmaRole::A);
  const ptx::OperandDesc &db = descriptorOf(mma, ptx::MmaRole::B);
  unsigned m = da.descRows, k = da.descCols, n = db.descCols;
  ref::WgmmaMatrices mats{da.descElem,
                          db.descElem,
                          mma.form->getOperands()[0].fragment->element,
                          m,
                          n,
                          k,
                          std::vector<uint64_t>(size_t(m) * k),
                          std::vector<uint64_t>(size_t(k) * n),
                          std::vector<uint64_t>(size_t(m) * n, 0)};
  for (unsigned k0 = kBegin; k0 < kEnd; k0 += k) {
    for (unsigned r = 0; r < m; ++r)
      for (unsigned i = 0; i < k; ++i)
        mats.a[r * k + i] = a[size_t(r0 + r) * kDim + k0 + i];
    for (unsigned i = 0; i < k; ++i)
      for (unsigned col = 0; col < n; ++col)
        mats.b[i * n + col] = bt[size_t(c0 + col) * kDim + k0 + i];
    mats.c = ref::multiplyWgmma(mma, mats);
  }
  return std::move(mats.c);
}

/// An instruction of a recording that the reference must evaluate.
ptx::Instr decodeSupported(const std::string &spelling, llvm::StringRef what) {
  std::string error;
  std::optional<ptx::Instr> instr = ptx::decode(spelling, error);
  if (!instr || !ref::isSupported(*instr))
    fail("'" + spelling + "' is not " + what.str() +
         " the reference has: " + error);
  return *instr;
}

/// One output tile of a GEMM split into `split` parts of K: each part's
/// chain, summed in order with `add` (none: one part).
std::vector<uint64_t>
gemmSplitTile(const ptx::Instr &mma, const std::optional<ptx::Instr> &add,
              unsigned split, unsigned r0, unsigned c0, unsigned kDim,
              const std::vector<uint64_t> &a, const std::vector<uint64_t> &bt) {
  unsigned part = kDim / split;
  std::vector<uint64_t> sum = gemmTile(mma, r0, c0, kDim, 0, part, a, bt);
  for (unsigned s = 1; s < split; ++s) {
    std::vector<uint64_t> p =
        gemmTile(mma, r0, c0, kDim, s * part, (s + 1) * part, a, bt);
    for (size_t i = 0; i < sum.size(); ++i)
      sum[i] = ref::evaluate(*add, {sum[i], p[i]});
  }
  return sum;
}

/// Checks a GEMM recording (`splitK`: GEMMWGMMA2); returns the exit status.
int checkGemm(Reader &in, bool splitK) {
  std::string mmaSpelling, cvtSpelling, addSpelling, error;
  uint32_t dims[4] = {0, 0, 0, 1};
  if (!in.line(mmaSpelling) || !in.line(cvtSpelling) ||
      (splitK && !in.line(addSpelling)) ||
      !in.read(reinterpret_cast<char *>(dims),
               (splitK ? 4 : 3) * sizeof(uint32_t)))
    fail("the GEMM recording ends early");
  std::optional<ptx::Instr> mma = ptx::decode(mmaSpelling, error);
  if (!mma || !ref::isWgmma(*mma))
    fail("'" + mmaSpelling + "' is not a wgmma of the table: " + error);
  std::optional<ptx::Instr> cvt = decodeSupported(cvtSpelling, "a conversion");
  std::optional<ptx::Instr> add;
  if (splitK) {
    add = decodeSupported(addSpelling, "an addition");
    if (add->form->getOperands().size() != 3 ||
        !llvm::is_contained(add->form->getTypes(), ptx::DataType::F32))
      fail("'" + addSpelling + "' is not an f32 addition of two sources");
  }
  const ptx::OperandDesc &da = descriptorOf(*mma, ptx::MmaRole::A);
  const ptx::OperandDesc &db = descriptorOf(*mma, ptx::MmaRole::B);
  unsigned mDim = dims[0], nDim = dims[1], kDim = dims[2], split = dims[3];
  if (mDim % da.descRows || nDim % db.descCols || kDim % da.descCols)
    fail("the shape is not a multiple of the wgmma's m, n and k");
  if (split == 0 || split > kDim || kDim % (uint64_t(split) * da.descCols))
    fail("K is not split into whole wgmma k steps");
  auto bytesOf = [](ptx::DataType t) {
    return (ptx::getInfo(t).valueBits + 7) / 8;
  };
  unsigned outBytes = bytesOf(cvt->form->getTypes()[0]);
  std::vector<uint64_t> a =
      readElements(in, size_t(mDim) * kDim, bytesOf(da.descElem));
  std::vector<uint64_t> bt =
      readElements(in, size_t(nDim) * kDim, bytesOf(db.descElem));
  std::vector<uint64_t> c = readElements(in, size_t(mDim) * nDim, outBytes);
  size_t differ = 0;
  for (unsigned r0 = 0; r0 < mDim; r0 += da.descRows)
    for (unsigned c0 = 0; c0 < nDim; c0 += db.descCols) {
      std::vector<uint64_t> d =
          gemmSplitTile(*mma, add, split, r0, c0, kDim, a, bt);
      for (unsigned r = 0; r < da.descRows; ++r)
        for (unsigned col = 0; col < db.descCols; ++col) {
          uint64_t want = ref::evaluate(*cvt, {d[r * db.descCols + col]});
          uint64_t got = c[size_t(r0 + r) * nDim + c0 + col];
          if (want != got && differ++ < show)
            llvm::outs() << "C[" << (r0 + r) << "][" << (c0 + col)
                         << "]: got 0x" << llvm::utohexstr(got)
                         << ", reference 0x" << llvm::utohexstr(want) << "\n";
        }
    }
  bool ok = differ == 0;
  llvm::outs() << (ok ? "PASS " : "FAIL ") << "GEMM " << mDim << " x " << nDim
               << " x " << kDim;
  if (splitK)
    llvm::outs() << " split " << split << " (" << addSpelling << ")";
  llvm::outs() << " (" << mmaSpelling << ", " << cvtSpelling << "): " << differ
               << " of " << size_t(mDim) * nDim << " entries differ\n"
               << (ok ? 1 : 0) << " passed, " << (ok ? 0 : 1) << " failed\n";
  return ok ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "tile-mma-check\n");
  if (resultsPath.empty()) {
    auto buf = llvm::MemoryBuffer::getFile(inputsPath);
    if (!buf)
      fail("cannot read '" + inputsPath + "'");
    Reader in{(*buf)->getBuffer()};
    std::string magic;
    if (in.line(magic) && magic == "WGMMAFACTS1")
      return checkWgmma(in);
    if (magic == "GEMMWGMMA1" || magic == "GEMMWGMMA2")
      return checkGemm(in, magic == "GEMMWGMMA2");
    if (magic != "MATRIXFACTS1")
      fail("not a matrix-move measurement file (no MATRIXFACTS1 header); an "
           "mma measurement takes an inputs and a results file");
    return checkMoves(in);
  }
  auto inBuf = llvm::MemoryBuffer::getFile(inputsPath);
  auto resBuf = llvm::MemoryBuffer::getFile(resultsPath);
  if (!inBuf || !resBuf)
    fail("cannot read the inputs or the results file");
  Reader in{(*inBuf)->getBuffer()}, res{(*resBuf)->getBuffer()};
  std::string magic, opcode, opcode2;
  if (!in.line(magic) || magic != "MMAFACTS1" || !res.line(magic) ||
      magic != "MMAFACTS1")
    fail("not an mma measurement file (no MMAFACTS1 header)");
  unsigned instrs = 0, failed = 0;
  while (in.line(opcode)) {
    unsigned execs = 0, execs2 = 0;
    if (!res.line(opcode2) || opcode2 != opcode || !in.read(&execs, 1) ||
        !res.read(&execs2, 1) || execs != execs2)
      fail("the files disagree at '" + opcode + "'");
    std::string error;
    std::optional<ptx::Instr> instr = ptx::decode(opcode, error);
    if (!instr || !ref::isMma(*instr))
      fail("'" + opcode + "' is not an mma of the table: " + error);
    if (!only.empty() && opcode.find(only) == std::string::npos) {
      skipInstr(*instr, in, res, execs);
      continue;
    }
    Counts bad = checkInstr(*instr, in, res, execs);
    ++instrs;
    bool ok = bad.values == 0 &&
              (bad.nanPayloads == 0 || !instr->form->hasDefinedNaNPayload());
    failed += !ok;
    llvm::outs() << (ok ? "PASS " : "FAIL ") << opcode << ": " << execs
                 << " warp executions, " << bad.values
                 << " registers differ in value, " << bad.nanPayloads
                 << " in NaN payloads only\n";
  }
  llvm::outs() << (instrs - failed) << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}
