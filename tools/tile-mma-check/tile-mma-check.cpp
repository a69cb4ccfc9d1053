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
//===----------------------------------------------------------------------===//

#include "tile/Ptx/InstrTable.h"
#include "tile/Reference/Reference.h"

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
        if (got == want)
          continue;
        if (onlyNaNPayloads(fd, got, want)) {
          ++bad.nanPayloads;
          continue;
        }
        ++bad.values;
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

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "tile-mma-check\n");
  if (resultsPath.empty()) {
    auto buf = llvm::MemoryBuffer::getFile(inputsPath);
    if (!buf)
      fail("cannot read '" + inputsPath + "'");
    Reader in{(*buf)->getBuffer()};
    std::string magic;
    if (!in.line(magic) || magic != "MATRIXFACTS1")
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
