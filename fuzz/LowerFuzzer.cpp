//===- LowerFuzzer.cpp - parse + verify + expand + lower ------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Input: tile IR text (mutated from the seed corpus). Parses, verifies and
// runs the tile-to-nvvm pipeline (target check, register-tile check,
// expansion, lowering to NVVM/LLVM; the pass manager verifies after every
// pass). Beyond "no crash, no sanitizer report": every failure comes with an
// error diagnostic, and a success leaves no tile op inside a gpu.module.
//
//===----------------------------------------------------------------------===//

#include "FuzzIR.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &ctx = tile_fuzz::getContext();
  tile_fuzz::ErrorCounter counter(ctx);
  OwningOpRef<ModuleOp> module =
      tile_fuzz::parseInput(ctx, counter, data, size);
  if (!module)
    return 0;
  PassManager pm(&ctx);
  tile::TileToPtxOptions opts;
  opts.format = "none";
  tile::buildTileToNVVMPipeline(pm, opts);
  if (failed(pm.run(*module))) {
    if (!counter.errors)
      tile_fuzz::fail("the pipeline failed without an error");
    return 0;
  }
  module->walk([](gpu::GPUModuleOp gpuModule) {
    gpuModule.walk([](Operation *op) {
      if (op->getName().getDialectNamespace() == "tile")
        tile_fuzz::fail("a tile op survived the lowering");
    });
  });
  return 0;
}
