//===- PtxFuzzer.cpp - PTX emission of verified IR ------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Input: tile IR text. Runs the whole tile-to-PTX path (emitPtx: target
// model, lowering, LLVM's NVPTX backend). Every failure must come with an
// error diagnostic. With TILE_FUZZ_PTXAS naming ptxas, each distinct PTX
// that comes out is assembled for its own .target; a rejection is a false
// accept of the compiler and aborts. (The first 20,000 distinct PTX texts are
// assembled; the harness remembers their hashes.)
//
//===----------------------------------------------------------------------===//

#include "FuzzIR.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <regex>

using namespace mlir;

/// Assembles one PTX module (one gpu.module's text) with ptxas; aborts when
/// ptxas rejects it.
static unsigned assembled = 0, emitted = 0;

static void printCounts() {
  std::fprintf(stderr,
               "tile-fuzz-ptx: %u inputs emitted PTX; ptxas assembled "
               "%u distinct modules, all accepted\n",
               emitted, assembled);
}

static void assemble(const char *ptxas, llvm::StringRef ptx) {
  static llvm::DenseSet<llvm::hash_code> seen;
  if (seen.size() >= 20000 || !seen.insert(llvm::hash_value(ptx)).second)
    return;
  if (!assembled++)
    std::atexit(printCounts);
  std::smatch match;
  std::string text = ptx.str();
  if (!std::regex_search(text, match,
                         std::regex(R"(\.target (sm_[0-9]+[af]?))")))
    tile_fuzz::fail("PTX without a .target");
  std::string gpu = match[1].str();
  // PTX for chips older than ptxas 13.0's oldest GPU is compiled forward.
  if (std::stoi(gpu.substr(3)) < 75)
    gpu = "sm_75";
  llvm::SmallString<128> path;
  if (llvm::sys::fs::createTemporaryFile("tile-fuzz", "ptx", path))
    return;
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << ptx;
  }
  llvm::StringRef args[] = {ptxas, "-arch", gpu, path, "-o", "/dev/null"};
  std::string err;
  int rc =
      llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, {}, 60, 0, &err);
  if (rc != 0) {
    std::fprintf(stderr, "ptxas rejected the emitted PTX (%s):\n%s\n",
                 path.c_str(), text.c_str());
    tile_fuzz::fail("ptxas rejected PTX the compiler emitted");
  }
  llvm::sys::fs::remove(path);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &ctx = tile_fuzz::getContext();
  tile_fuzz::ErrorCounter counter(ctx);
  OwningOpRef<ModuleOp> module =
      tile_fuzz::parseInput(ctx, counter, data, size);
  if (!module)
    return 0;
  std::string ptx;
  llvm::raw_string_ostream os(ptx);
  tile::TileToPtxOptions opts;
  if (failed(tile::emitPtx(*module, opts, os))) {
    if (!counter.errors)
      tile_fuzz::fail("PTX emission failed without an error");
    return 0;
  }
  ++emitted;
  if (const char *ptxas = std::getenv("TILE_FUZZ_PTXAS")) {
    // One PTX module per gpu.module, separated by "// gpu.module @" lines.
    llvm::StringRef rest(ptx);
    while (!rest.empty()) {
      size_t next = rest.find("\n// gpu.module @", 1);
      assemble(ptxas, rest.substr(0, next));
      if (next == llvm::StringRef::npos)
        break;
      rest = rest.drop_front(next + 1);
    }
  }
  return 0;
}
