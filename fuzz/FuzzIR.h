//===- FuzzIR.h - shared setup of the IR fuzz harnesses ---------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// A context with the dialects the tools register, renewed every so many
// inputs so that uniqued attributes do not pile up; parsing with every
// diagnostic captured; and the invariant both IR harnesses check: whatever
// fails says so with an error diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FUZZ_FUZZIR_H
#define TILE_FUZZ_FUZZIR_H

#include "tile/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace tile_fuzz {

/// The context, renewed every 2000 inputs.
inline mlir::MLIRContext &getContext() {
  static std::unique_ptr<mlir::MLIRContext> context;
  static unsigned uses = 0;
  if (!context || ++uses % 2000 == 0) {
    mlir::DialectRegistry registry;
    mlir::tile::registerTileCompilerDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
    context->printOpOnDiagnostic(false);
  }
  return *context;
}

/// Upstream MLIR's parser recurses once per nesting level and overflows the
/// stack on deeply nested input (docs/Fuzzing.md); such inputs are skipped.
inline bool isTooDeep(llvm::StringRef text, unsigned limit = 64) {
  int depth = 0;
  for (char c : text) {
    if (c == '(' || c == '[' || c == '{' || c == '<')
      ++depth;
    else if (c == ')' || c == ']' || c == '}' || c == '>')
      --depth;
    if (depth > int(limit))
      return true;
  }
  return false;
}

/// The instructions the tile ops of `module` expand to, at most: the group
/// and repeat extents of each tile.apply's first tensor operand. Inputs over
/// kMaxFuzzInstructions are skipped so that the fuzzer keeps its pace; large
/// kernels are the benchmarks' business (bench/).
constexpr int64_t kMaxFuzzInstructions = 4096;
inline bool isTooLarge(mlir::ModuleOp module) {
  int64_t total = 0;
  module.walk([&](mlir::Operation *op) {
    if (op->getName().getStringRef() != "tile.apply")
      return;
    for (mlir::Type t : op->getOperandTypes())
      if (auto memref = llvm::dyn_cast<mlir::MemRefType>(t)) {
        int64_t n = 1;
        for (int64_t d : memref.getShape().drop_back())
          n = d > 0 && n <= kMaxFuzzInstructions ? n * d : n;
        total += n;
        break;
      }
  });
  return total > kMaxFuzzInstructions;
}

/// Counts error diagnostics while alive.
struct ErrorCounter {
  explicit ErrorCounter(mlir::MLIRContext &ctx)
      : handler(&ctx, [this](mlir::Diagnostic &d) {
          if (d.getSeverity() == mlir::DiagnosticSeverity::Error)
            ++errors;
          return mlir::success();
        }) {}
  unsigned errors = 0;
  mlir::ScopedDiagnosticHandler handler;
};

[[noreturn]] inline void fail(const char *what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
  std::abort();
}

/// Parses one input (copied: MLIR's lexer reads the buffer's terminating
/// NUL). Returns null for inputs that are skipped (too deep, too large) or
/// that do not parse, checking that a failed parse said why.
inline mlir::OwningOpRef<mlir::ModuleOp> parseInput(mlir::MLIRContext &ctx,
                                                    const ErrorCounter &counter,
                                                    const uint8_t *data,
                                                    size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  if (isTooDeep(text))
    return nullptr;
  mlir::ParserConfig config(&ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, config);
  if (!module) {
    if (!counter.errors)
      fail("the parse failed without an error");
    return nullptr;
  }
  if (isTooLarge(*module))
    return nullptr;
  return module;
}

} // namespace tile_fuzz

#endif // TILE_FUZZ_FUZZIR_H
