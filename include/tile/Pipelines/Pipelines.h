//===- Pipelines.h - tile compilation pipelines -----------------*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PIPELINES_PIPELINES_H
#define TILE_PIPELINES_PIPELINES_H

#include "tile/Dialect/Tile/Transforms/UnrollTarget.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassOptions.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class DialectRegistry;
class OpPassManager;
class PassManager;

namespace tile {

/// Options of the tile-to-PTX pipeline.
struct TileToPtxOptions : public PassPipelineOptions<TileToPtxOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target SM (e.g. sm_90); empty keeps the gpu.module's "
                     "#nvvm.target"),
      llvm::cl::init("")};
  PassOptions::Option<unsigned> ptxVersion{
      *this, "ptx",
      llvm::cl::desc("PTX ISA version as major*10+minor (e.g. 80); 0 = the "
                     "chip's lowest with chip, else the module's own"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> uncheckedTarget{
      *this, "unchecked-target",
      llvm::cl::desc("Accept chips LLVM 22 emits but ptxas 13.0 does not "
                     "know (for a newer ptxas)"),
      llvm::cl::init(false)};
  PassOptions::Option<int> optLevel{
      *this, "O",
      llvm::cl::desc("LLVM optimization level, 0 to 3; -1 keeps each "
                     "gpu.module's #nvvm.target level"),
      llvm::cl::init(-1)};
  PassOptions::Option<unsigned> registerBudget{
      *this, "register-budget",
      llvm::cl::desc("32-bit registers the register tiles of one function "
                     "may take before a warning"),
      llvm::cl::init(240)};
  PassOptions::Option<bool> registerBudgetError{
      *this, "register-budget-error",
      llvm::cl::desc("Make exceeding the register budget an error"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> useIntrinsics{
      *this, "use-intrinsics",
      llvm::cl::desc("Use an NVVM intrinsic where it provably emits the same "
                     "PTX"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> mergeAddressChains{
      *this, "merge-address-chains",
      llvm::cl::desc("Merge variable-offset address chains after LLVM's "
                     "optimization (tile-gpu-module-to-binary)"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> asmInputChunk{
      *this, "asm-input-chunk",
      llvm::cl::desc("Inline asm reads of one register value in a block "
                     "before it gets a fresh copy (0: never; "
                     "tile-gpu-module-to-binary)"),
      llvm::cl::init(256)};
  PassOptions::Option<unsigned> unrollTarget{
      *this, "unroll-target",
      llvm::cl::desc("Tile instructions an unrolled loop body may hold "
                     "(tile-annotate-unroll; 0: leave unrolling to LLVM)"),
      llvm::cl::init(mlir::tile::kDefaultUnrollTarget)};
  PassOptions::Option<bool> cpuBoundsCheck{
      *this, "cpu-bounds-check",
      llvm::cl::desc("The CPU backend (tile-to-cpu): check every memory "
                     "access of a kernel against its memref and buffer"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("gpu-module-to-binary format: isa (PTX), bin, fatbin, or "
                     "none to stop at the NVVM/LLVM dialects"),
      llvm::cl::init("isa")};
};

/// Device-side lowering of every gpu.module: expand repeats, lower tile and
/// the upstream dialects to NVVM/LLVM.
void buildTileToNVVMPipeline(OpPassManager &pm, const TileToPtxOptions &opts);

/// The whole device path: set the target (if `chip`), lower to NVVM/LLVM,
/// and serialize every gpu.module with LLVM's NVPTX backend.
void buildTileToPtxPipeline(OpPassManager &pm, const TileToPtxOptions &opts);

/// The whole program: the device path above, then the host code to LLVM
/// (gpu-to-llvm, convert-to-llvm), the gpu.modules serialized as `format`
/// (PTX by default, JIT-loaded through mgpuModuleLoadJIT at run time).
void buildTileToLLVMPipeline(OpPassManager &pm, const TileToPtxOptions &opts);

/// The CPU backend: the device checks and expansion, then every kernel as
/// host code (tile-gpu-to-host) and the whole program to the LLVM dialect,
/// ready for the ExecutionEngine (tile_cpu_apply resolved by the runner).
void buildTileToCpuPipeline(OpPassManager &pm, const TileToPtxOptions &opts);

/// Fails, with an error at the first one, where tile ops are left in
/// `module` after the pipelines above: they are lowered only inside a
/// gpu.module.
LogicalResult checkNoTileOpsLeft(ModuleOp module);

/// Runs `pm` on `module` as a compiler driver does: the input is verified
/// once, and the output of each pass only under `verifyEach` (a walk of
/// the whole module after every pass: 28% of the instructions of a large
/// kernel's compilation).
LogicalResult runPipeline(PassManager &pm, ModuleOp module, bool verifyEach);

/// Registers the pipelines above as "tile-to-nvvm", "tile-to-ptx" and
/// "tile-to-llvm".
void registerTilePipelines();

/// Registers the dialects, interfaces and translations the pipelines need.
void registerTileCompilerDialects(DialectRegistry &registry);

/// Runs the tile-to-PTX pipeline on `module` and writes the PTX of every
/// gpu.module to `os` (several modules are separated by a comment line).
/// `configure`, if given, sets up the pass manager before it runs (timing,
/// progress reporting, instrumentation). The pipeline runs through
/// runPipeline with `verifyEach`.
LogicalResult
emitPtx(ModuleOp module, const TileToPtxOptions &opts, llvm::raw_ostream &os,
        llvm::function_ref<void(PassManager &)> configure = nullptr,
        bool verifyEach = false);

} // namespace tile
} // namespace mlir

#endif // TILE_PIPELINES_PIPELINES_H
