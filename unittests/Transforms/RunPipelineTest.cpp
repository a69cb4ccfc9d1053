//===- RunPipelineTest.cpp - tests of runPipeline's verification ----------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// runPipeline verifies its input always and the output of every pass only
// with verifyEach: a module built in memory (not parsed, so not verified
// by a parser) is refused before any pass runs, and a pass that leaves
// invalid IR is caught only with verifyEach.
//
//===----------------------------------------------------------------------===//

#include "tile/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <gtest/gtest.h>

#include <string>

namespace {
using namespace mlir;

/// Erases every func.return: the functions' blocks lose their terminators.
struct DropReturnsPass
    : public PassWrapper<DropReturnsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropReturnsPass)
  void runOnOperation() override {
    getOperation().walk([](func::ReturnOp op) { op.erase(); });
  }
};

/// Counts the passes that run.
struct CountPass : public PassWrapper<CountPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CountPass)
  explicit CountPass(int &runs) : runs(runs) {}
  void runOnOperation() override { ++runs; }
  int &runs;
};

/// A module holding `func.func @f() { return }`, or an empty body (no
/// terminator) with `valid` false.
OwningOpRef<ModuleOp> buildModule(MLIRContext &context, bool valid) {
  context.loadDialect<func::FuncDialect>();
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  auto f =
      func::FuncOp::create(builder, loc, "f", builder.getFunctionType({}, {}));
  Block *body = f.addEntryBlock();
  if (valid) {
    builder.setInsertionPointToEnd(body);
    func::ReturnOp::create(builder, loc);
  }
  return module;
}

/// Runs `pm` on `module` through runPipeline; the diagnostics go to
/// `messages`.
bool run(PassManager &pm, ModuleOp module, bool verifyEach,
         std::string &messages) {
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &d) {
    messages += d.str() + "\n";
    return success();
  });
  return succeeded(tile::runPipeline(pm, module, verifyEach));
}

TEST(RunPipeline, InvalidInputIsRefusedBeforeAnyPass) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module = buildModule(context, /*valid=*/false);
  int runs = 0;
  PassManager pm(&context);
  pm.addPass(std::make_unique<CountPass>(runs));
  std::string messages;
  EXPECT_FALSE(run(pm, *module, /*verifyEach=*/false, messages));
  EXPECT_EQ(runs, 0);
  EXPECT_NE(messages.find("terminator"), std::string::npos) << messages;
}

TEST(RunPipeline, PassOutputIsVerifiedOnlyWithVerifyEach) {
  for (bool verifyEach : {false, true}) {
    MLIRContext context;
    OwningOpRef<ModuleOp> module = buildModule(context, /*valid=*/true);
    PassManager pm(&context);
    pm.addPass(std::make_unique<DropReturnsPass>());
    std::string messages;
    EXPECT_EQ(run(pm, *module, verifyEach, messages), !verifyEach);
    EXPECT_EQ(messages.find("terminator") != std::string::npos, verifyEach)
        << messages;
  }
}

TEST(RunPipeline, ValidInputRunsEveryPass) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module = buildModule(context, /*valid=*/true);
  int runs = 0;
  PassManager pm(&context);
  pm.addPass(std::make_unique<CountPass>(runs));
  pm.addPass(std::make_unique<CountPass>(runs));
  std::string messages;
  EXPECT_TRUE(run(pm, *module, /*verifyEach=*/true, messages)) << messages;
  EXPECT_EQ(runs, 2);
}

} // namespace
