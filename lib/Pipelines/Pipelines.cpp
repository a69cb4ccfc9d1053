//===- Pipelines.cpp - tile compilation pipelines -------------------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#include "tile/Pipelines/Pipelines.h"
#include "tile/Conversion/TileToHost/TileToHost.h"
#include "tile/Conversion/TileToNVVM/TileToNVVM.h"
#include "tile/Dialect/Tile/IR/TileOps.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tile;

/// What every pipeline starts with: the module checks, any retargeting, the
/// target model, the register-tile checks and the expansion of repeats.
static void addChecksAndExpansion(OpPassManager &pm,
                                  const TileToPtxOptions &opts,
                                  bool requireTarget, bool baseViews) {
  pm.addPass(createTileCheckGpuModules());
  if (!opts.chip.empty() || opts.ptxVersion || opts.optLevel != -1) {
    TileSetNVVMTargetOptions target;
    target.chip = opts.chip;
    target.ptxVersion = opts.ptxVersion;
    target.optLevel = opts.optLevel;
    target.uncheckedTarget = opts.uncheckedTarget;
    pm.addPass(createTileSetNVVMTarget(target));
  }
  TileCheckTargetsOptions check;
  check.uncheckedTarget = opts.uncheckedTarget;
  check.requireTarget = requireTarget;
  pm.addPass(createTileCheckTargets(check));
  pm.addPass(createTileCheckTensorMaps());
  OpPassManager &gpm = pm.nest<gpu::GPUModuleOp>();
  TileCheckRegisterTilesOptions registers;
  registers.registerBudget = opts.registerBudget;
  registers.registerBudgetError = opts.registerBudgetError;
  gpm.addPass(createTileCheckRegisterTiles(registers));
  gpm.addPass(createTileCheckTransactions());
  gpm.addPass(createTileCheckParity());
  gpm.addPass(createTileCheckWgmma());
  TileExpandRepeatsOptions expand;
  expand.baseViews = baseViews;
  gpm.addPass(createTileExpandRepeats(expand));
}

/// Unroll counts for the device's loops of tile instructions.
static void addUnrollAnnotations(OpPassManager &gpm,
                                 const TileToPtxOptions &opts) {
  TileAnnotateUnrollOptions unroll;
  unroll.target = opts.unrollTarget;
  gpm.addPass(createTileAnnotateUnroll(unroll));
}

/// The device path; `requireTarget` when the modules will be serialized.
static void buildDevicePipeline(OpPassManager &pm, const TileToPtxOptions &opts,
                                bool requireTarget) {
  addChecksAndExpansion(pm, opts, requireTarget, /*baseViews=*/true);
  // Before the kernels' signatures are lowered: the host needs to know
  // which launch operands are passed by value.
  pm.addPass(createTileMarkGridConstants());
  OpPassManager &gpm = pm.nest<gpu::GPUModuleOp>();
  addUnrollAnnotations(gpm, opts);
  gpm.addPass(createTileNarrowLoopCounters());
  gpm.addPass(memref::createExpandStridedMetadataPass());
  // One memref.extract_strided_metadata per expanded view is left behind;
  // folding them before the conversion halves its time and memory (2^12
  // repeats: 2.8 s and 294 MB for the MLIR passes before, 1.5 s and 197 MB
  // after).
  gpm.addPass(createCSEPass());
  gpm.addPass(createLowerAffinePass());
  // arith ops without an NVVM lowering (floordivsi, ceildivsi, ...: the
  // Python front-end's `//` and `%`) become ones that have one.
  gpm.addPass(arith::createArithExpandOpsPass());
  gpm.addPass(createSCFToControlFlowPass());
  ConvertTileToNVVMOptions convert;
  convert.useIntrinsics = opts.useIntrinsics;
  gpm.addPass(createConvertTileToNVVM(convert));
  gpm.addPass(createReconcileUnrealizedCastsPass());
  gpm.addPass(createCanonicalizerPass());
  gpm.addPass(createCSEPass());
}

/// Serializes every gpu.module as `format` with tile-gpu-module-to-binary
/// and the pipeline's LLVM IR rewrite options.
static void addSerialization(OpPassManager &pm, const TileToPtxOptions &opts,
                             const std::string &format) {
  TileGpuModuleToBinaryOptions binary;
  binary.format = format;
  binary.mergeAddressChains = opts.mergeAddressChains;
  binary.asmInputChunk = opts.asmInputChunk;
  pm.addPass(createTileGpuModuleToBinary(binary));
}

void mlir::tile::buildTileToNVVMPipeline(OpPassManager &pm,
                                         const TileToPtxOptions &opts) {
  buildDevicePipeline(pm, opts, /*requireTarget=*/false);
}

void mlir::tile::buildTileToPtxPipeline(OpPassManager &pm,
                                        const TileToPtxOptions &opts) {
  buildDevicePipeline(pm, opts, /*requireTarget=*/opts.format != "none");
  if (opts.format == "none")
    return;
  addSerialization(pm, opts, opts.format);
}

void mlir::tile::buildTileToLLVMPipeline(OpPassManager &pm,
                                         const TileToPtxOptions &opts) {
  buildDevicePipeline(pm, opts, /*requireTarget=*/true);
  // Host code. gpu-to-llvm lowers gpu.alloc/memcpy/memset only in their
  // async form: make the host's synchronous GPU ops async first.
  pm.addPass(createTileLowerTensorMaps());
  pm.addPass(createTileLowerGridConstants());
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createGpuToLLVMConversionPass());
  addSerialization(pm, opts,
                   opts.format == "none" ? std::string("isa")
                                         : opts.format.getValue());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::tile::buildTileToCpuPipeline(OpPassManager &pm,
                                        const TileToPtxOptions &opts) {
  // Subviews, which the bounds checks report in the operand's terms.
  addChecksAndExpansion(pm, opts, /*requireTarget=*/false,
                        /*baseViews=*/false);
  pm.addPass(createTileLowerTensorMaps());
  ConvertGpuTileToHostOptions host;
  host.boundsCheck = opts.cpuBoundsCheck;
  pm.addPass(createConvertGpuTileToHost(host));
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createCSEPass()); // As in the device pipeline.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

LogicalResult mlir::tile::checkNoTileOpsLeft(ModuleOp module) {
  WalkResult leftover = module->walk([](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "tile") {
      op->emitError("tile ops are lowered only inside a gpu.module; move '")
          << op->getName() << "' into a gpu.func";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(leftover.wasInterrupted());
}

void mlir::tile::registerTilePipelines() {
  PassPipelineRegistration<TileToPtxOptions>(
      "tile-to-llvm",
      "Lower a whole host + device program to the LLVM dialect, the "
      "gpu.modules embedded as PTX",
      buildTileToLLVMPipeline);
  PassPipelineRegistration<TileToPtxOptions>(
      "tile-to-nvvm",
      "Expand tile ops and lower every gpu.module to the NVVM/LLVM dialects",
      buildTileToNVVMPipeline);
  PassPipelineRegistration<TileToPtxOptions>(
      "tile-to-ptx",
      "Lower every gpu.module to NVVM/LLVM and serialize it to PTX "
      "(gpu.binary)",
      buildTileToPtxPipeline);
  PassPipelineRegistration<TileToPtxOptions>(
      "tile-to-cpu",
      "The CPU backend: every kernel as host code calling the reference "
      "semantics, the whole program lowered to the LLVM dialect",
      buildTileToCpuPipeline);
}

void mlir::tile::registerTileCompilerDialects(DialectRegistry &registry) {
  registry.insert<TileDialect, affine::AffineDialect, arith::ArithDialect,
                  cf::ControlFlowDialect, func::FuncDialect, gpu::GPUDialect,
                  index::IndexDialect, LLVM::LLVMDialect, math::MathDialect,
                  memref::MemRefDialect, NVVM::NVVMDialect, scf::SCFDialect,
                  ub::UBDialect>();
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerAllExtensions(registry);
  registerConvertTileToLLVMInterface(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

LogicalResult mlir::tile::runPipeline(PassManager &pm, ModuleOp module,
                                      bool verifyEach) {
  if (failed(mlir::verify(module)))
    return failure();
  pm.enableVerifier(verifyEach);
  return pm.run(module);
}

LogicalResult mlir::tile::emitPtx(
    ModuleOp module, const TileToPtxOptions &opts, llvm::raw_ostream &os,
    llvm::function_ref<void(PassManager &)> configure, bool verifyEach) {
  TileToPtxOptions isa;
  isa.chip = opts.chip.getValue();
  isa.ptxVersion = opts.ptxVersion.getValue();
  isa.optLevel = opts.optLevel.getValue();
  isa.useIntrinsics = opts.useIntrinsics.getValue();
  isa.mergeAddressChains = opts.mergeAddressChains.getValue();
  isa.asmInputChunk = opts.asmInputChunk.getValue();
  isa.unrollTarget = opts.unrollTarget.getValue();
  isa.uncheckedTarget = opts.uncheckedTarget.getValue();
  isa.registerBudget = opts.registerBudget.getValue();
  isa.registerBudgetError = opts.registerBudgetError.getValue();
  isa.format = "isa";
  // A gpu.module without a target is tile-check-targets' error.
  PassManager pm(module.getContext());
  buildTileToPtxPipeline(pm, isa);
  if (configure)
    configure(pm);
  if (failed(runPipeline(pm, module, verifyEach)))
    return failure();
  unsigned count = 0;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      if (count++)
        os << "\n";
      os << "// gpu.module @" << binary.getSymName() << "\n";
      os << object.getObject().getValue();
    }
  });
  if (!count)
    return mlir::emitError(module.getLoc(), "no gpu.module to emit PTX for");
  return success();
}
