//===- tile-runner.cpp - run a host + device tile program -----------------===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Compiles a whole program (host functions plus gpu.modules with tile ops)
// with the tile-to-llvm pipeline and either JIT-executes its entry function
// with the tile CUDA runtime linked in (the default, like mlir-runner with the
// CUDA runtime), or writes a native executable (--emit-exe) that needs only
// libc, libstdc++ and, at run time, the CUDA driver: the way to run on a GPU
// machine that has no MLIR.
//
//===----------------------------------------------------------------------===//

#include "tile/CpuRuntime/CpuRuntime.h"
#include "tile/Dialect/Tile/Transforms/Passes.h"
#include "tile/Pipelines/Pipelines.h"
#include "tile/Ptx/InstrTable.h"
#include "tile/Runtime/CudaRuntime.h"
#include "tile/Runtime/MgpuWrappers.h"
#include "tile/Tools/CompileOptions.h"
#include "tile/Tools/LargeStack.h"
#include "tile/Version.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input>"),
                                      cl::init("-"));
static cl::opt<std::string> entryPoint("e", cl::desc("Entry function"),
                                       cl::init("main"));
static cl::opt<std::string> entryPointResult(
    "entry-point-result",
    cl::desc("Result type of the entry function: void, i32, i64 or f32 "
             "(printed on stdout)"),
    cl::init("void"));
static cl::list<std::string>
    sharedLibs("shared-libs",
               cl::desc("Libraries to load for the JIT (comma-separated)"),
               cl::CommaSeparated);
static cl::opt<unsigned>
    optLevel("O", cl::Prefix,
             cl::desc("Host optimization level: -O0, -O1, -O2 (default), -O3"),
             cl::init(2));
/// The compile options tile-translate shares.
static ::tile::ToolCompileOptions compileOptions;
static cl::opt<std::string>
    emitExe("emit-exe",
            cl::desc("Write a native executable instead of running"),
            cl::init(""));
static cl::opt<std::string>
    runtimeDir("runtime-dir",
               cl::desc("Directory holding libtile_cuda_runtime_static.a and "
                        "libtile_aot_main.a (for --emit-exe)"),
               cl::init(TILE_RUNTIME_LIB_DIR));
static cl::opt<std::string>
    backend("backend",
            cl::desc("Where kernels run: cuda (a CUDA GPU), cpu (the CPU "
                     "backend: host code with the reference semantics), or "
                     "auto (cuda where a driver and device are present, cpu "
                     "otherwise)"),
            cl::init("auto"));
static cl::opt<bool> cpuBoundsCheck(
    "cpu-bounds-check",
    cl::desc("On the CPU backend, check every memory access of a kernel "
             "against its memref and buffer (and shared memory against "
             "cp.async copies not yet waited for), and stop at a bad one "
             "(default on; =0 to run unchecked)"),
    cl::init(true));
static cl::opt<bool> noCache("no-cache", cl::desc("Do not use the cubin cache"),
                             cl::init(false));
static cl::opt<bool> clearCache("clear-cache",
                                cl::desc("Clear the cubin cache and exit"),
                                cl::init(false));
static cl::opt<std::string>
    jitCpu("jit-cpu",
           cl::desc("The CPU the JIT generates host code for (default: this "
                    "host's, with its features; x86-64 for the baseline "
                    "without AVX512-BF16)"),
           cl::init(""));
static cl::opt<bool> dumpLLVM("dump-llvm-dialect",
                              cl::desc("Print the lowered module and exit"),
                              cl::init(false));

/// Whether the program launches GPU kernels (and so needs the driver).
static bool launchesKernels(ModuleOp module) {
  // gpu.launch_func stays until translation to LLVM IR.
  bool found = false;
  module.walk([&](Operation *op) {
    found |= op->getName().getStringRef() == "gpu.launch_func";
  });
  return found;
}

/// Whether the kernels run on the CPU backend (--backend); nullopt after an
/// error.
static std::optional<bool> chooseCpuBackend(ModuleOp module) {
  StringRef choice = backend;
  if (!llvm::is_contained({"auto", "cuda", "cpu"}, choice)) {
    llvm::errs() << "tile-runner: invalid --backend '" << choice
                 << "' (expected auto, cuda or cpu)\n";
    return std::nullopt;
  }
  if (choice != "auto")
    return choice == "cpu";
  if (!launchesKernels(module) || !emitExe.empty())
    return false;
  ::tile::rt::Status st = ::tile::rt::CudaRuntime::get().init(0);
  if (st)
    return false;
  llvm::errs() << "tile-runner: " << st.str()
               << "; running the kernels on the CPU backend\n";
  return true;
}

/// Parses and lowers the input to the LLVM dialect.
static OwningOpRef<ModuleOp> compile(MLIRContext &context,
                                     TimingScope &timing) {
  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "tile-runner: " << error << "\n";
    return nullptr;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return nullptr;
  std::optional<bool> cpu = chooseCpuBackend(*module);
  if (!cpu)
    return nullptr;
  mlir::tile::TileToPtxOptions opts;
  if (llvm::Error error = compileOptions.apply(opts)) {
    llvm::errs() << "tile-runner: " << llvm::toString(std::move(error)) << "\n";
    return nullptr;
  }
  opts.cpuBoundsCheck = cpuBoundsCheck;
  PassManager pm(&context);
  TimingScope pipelineTiming = timing.nest("tile pipeline");
  pm.enableTiming(pipelineTiming);
  compileOptions.configure(pm, /*ownTiming=*/false);
  if (*cpu)
    mlir::tile::buildTileToCpuPipeline(pm, opts);
  else
    mlir::tile::buildTileToLLVMPipeline(pm, opts);
  if (failed(mlir::tile::runPipeline(pm, *module, compileOptions.verifyEach)))
    return nullptr;
  if (failed(mlir::tile::checkNoTileOpsLeft(*module)))
    return nullptr;
  return module;
}

/// The runtime functions the generated host code calls, for the JIT.
static llvm::orc::SymbolMap runtimeSymbols(llvm::orc::MangleAndInterner m) {
  llvm::orc::SymbolMap map;
  auto add = [&](const char *name, void *fn) {
    map[m(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                    llvm::JITSymbolFlags::Exported};
  };
#define TILE_SYM(fn) add(#fn, reinterpret_cast<void *>(&fn));
  TILE_SYM(mgpuModuleLoad)
  TILE_SYM(mgpuModuleLoadJIT)
  TILE_SYM(mgpuModuleUnload)
  TILE_SYM(mgpuModuleGetFunction)
  TILE_SYM(mgpuLaunchKernel)
  TILE_SYM(mgpuLaunchClusterKernel)
  TILE_SYM(mgpuStreamCreate)
  TILE_SYM(mgpuStreamDestroy)
  TILE_SYM(mgpuStreamSynchronize)
  TILE_SYM(mgpuStreamWaitEvent)
  TILE_SYM(mgpuEventCreate)
  TILE_SYM(mgpuEventDestroy)
  TILE_SYM(mgpuEventSynchronize)
  TILE_SYM(mgpuEventRecord)
  TILE_SYM(mgpuMemAlloc)
  TILE_SYM(mgpuMemFree)
  TILE_SYM(mgpuMemcpy)
  TILE_SYM(mgpuMemset32)
  TILE_SYM(mgpuMemset16)
  TILE_SYM(mgpuSetDefaultDevice)
  TILE_SYM(tileTensorMapEncodeTiled)
  TILE_SYM(tileTensorMapEncode2D)
  TILE_SYM(tileTensorMapToHost)
  TILE_SYM(tileTensorMapEncodeIm2col)
  TILE_SYM(printMemrefF32)
  TILE_SYM(printMemrefF64)
  TILE_SYM(printMemrefI32)
  TILE_SYM(printMemrefI64)
  TILE_SYM(_mlir_ciface_printMemrefF32)
  TILE_SYM(_mlir_ciface_printMemrefF64)
  TILE_SYM(_mlir_ciface_printMemrefI32)
  TILE_SYM(_mlir_ciface_printMemrefI64)
#undef TILE_SYM
  using Add = decltype(add);
  tile_cpu_for_each_symbol(
      [](const char *name, void *fn, void *adder) {
        (*static_cast<Add *>(adder))(name, fn);
      },
      &add);
  return map;
}

/// Reports runtime failures recorded by the mgpu wrappers.
static int runtimeExitCode() {
  if (int n = tileRuntimeErrorCount()) {
    llvm::errs() << "tile-runner: " << n << " CUDA runtime failure(s); first: "
                 << tileRuntimeFirstError() << "\n";
    return 1;
  }
  return 0;
}

/// Checks that the entry exists, takes no arguments and returns what
/// --entry-point-result says; reports a clear error otherwise.
static LogicalResult checkEntry(ModuleOp module) {
  auto entry = module.lookupSymbol<LLVM::LLVMFuncOp>(entryPoint);
  if (!entry || entry.isExternal()) {
    llvm::errs() << "tile-runner: no function @" << entryPoint
                 << " to run (choose one with -e)\n";
    return failure();
  }
  LLVM::LLVMFunctionType type = entry.getFunctionType();
  auto describe = [&]() {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "@" << entryPoint << " has type " << type;
    return s;
  };
  if (type.getNumParams() != 0 || type.isVarArg()) {
    llvm::errs() << "tile-runner: " << describe()
                 << "; an entry function takes no arguments\n";
    return failure();
  }
  Type result = type.getReturnType();
  StringRef want = entryPointResult;
  bool ok = (want == "void" && isa<LLVM::LLVMVoidType>(result)) ||
            (want == "i32" && result.isInteger(32)) ||
            (want == "i64" && result.isInteger(64)) ||
            (want == "f32" && result.isF32());
  if (!llvm::is_contained({"void", "i32", "i64", "f32"}, want)) {
    llvm::errs() << "tile-runner: invalid --entry-point-result '" << want
                 << "' (expected void, i32, i64 or f32)\n";
    return failure();
  }
  if (!ok) {
    llvm::errs() << "tile-runner: " << describe()
                 << ", but --entry-point-result is " << want << "\n";
    return failure();
  }
  return success();
}

/// Fails with a message where --jit-cpu names no CPU of this host's target.
static LogicalResult checkJitCpu() {
  if (jitCpu.empty())
    return success();
  std::string triple = llvm::sys::getProcessTriple(), error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(triple), error);
  std::unique_ptr<llvm::MCSubtargetInfo> sti(
      target ? target->createMCSubtargetInfo(llvm::Triple(triple), "", "")
             : nullptr);
  if (sti && sti->isCPUStringValid(jitCpu))
    return success();
  llvm::errs() << "tile-runner: --jit-cpu=" << jitCpu << " is not a CPU of "
               << triple << "\n";
  return failure();
}

static int runJit(ModuleOp module, TimingScope &timing) {
  if (failed(checkEntry(module)))
    return 1;
  // Fail early and clearly where there is no driver or device.
  if (launchesKernels(module)) {
    ::tile::rt::Status st = ::tile::rt::CudaRuntime::get().init(0);
    if (!st) {
      llvm::errs() << "tile-runner: " << st.str() << "\n";
      return 1;
    }
  }
  if (noCache)
    ::tile::rt::CudaRuntime::get().getCache().setEnabled(false);
  if (optLevel > 3) {
    llvm::errs() << "tile-runner: invalid -O" << optLevel
                 << " (expected -O0 to -O3)\n";
    return 1;
  }
  if (failed(checkJitCpu()))
    return 1;
  auto optimize = makeOptimizingTransformer(optLevel, 0, nullptr);
  // After LLVM's optimizations, prepareHostFunction (no bf16 crosses a
  // block, stack probes);
  // --jit-cpu: every function's code for that CPU and its features only.
  auto transformer = [&](llvm::Module *m) -> llvm::Error {
    if (llvm::Error error = optimize(m))
      return error;
    for (llvm::Function &f : *m) {
      mlir::tile::prepareHostFunction(f);
      if (!jitCpu.empty()) {
        f.addFnAttr("target-cpu", jitCpu);
        f.addFnAttr("target-features", "");
      }
    }
    return llvm::Error::success();
  };
  ExecutionEngineOptions options;
  options.transformer = transformer;
  llvm::SmallVector<StringRef> libs(sharedLibs.begin(), sharedLibs.end());
  for (StringRef lib : libs)
    if (!llvm::sys::fs::exists(lib)) {
      llvm::errs() << "tile-runner: shared library '" << lib
                   << "' does not exist\n";
      return 1;
    }
  options.sharedLibPaths = libs;
  TimingScope jitTiming = timing.nest("JIT: LLVM IR to host code");
  auto engine = ExecutionEngine::create(module, options);
  if (!engine) {
    llvm::errs() << "tile-runner: " << llvm::toString(engine.takeError())
                 << "\n";
    return 1;
  }
  (*engine)->registerSymbols(runtimeSymbols);
  (*engine)->initialize();
  jitTiming.stop();
  TimingScope runTiming = timing.nest("run");
  // The packed interface takes a pointer to the result as its last
  // argument.
  union {
    int32_t i32;
    int64_t i64;
    float f32;
  } result{};
  StringRef kind = entryPointResult;
  llvm::SmallVector<void *, 1> args;
  if (kind != "void")
    args.push_back(&result);
  llvm::Error err = (*engine)->invokePacked(entryPoint, args);
  if (!err && kind == "i32")
    llvm::outs() << result.i32 << "\n";
  else if (!err && kind == "i64")
    llvm::outs() << result.i64 << "\n";
  else if (!err && kind == "f32")
    llvm::outs() << result.f32 << "\n";
  if (err) {
    llvm::errs() << "tile-runner: " << llvm::toString(std::move(err)) << "\n";
    return 1;
  }
  // The module destructors (mgpuModuleUnload) run with the engine's
  // deinitialization: their failures count too.
  engine->reset();
  return runtimeExitCode();
}

static int writeExecutable(ModuleOp module) {
  if (backend == "cpu") {
    llvm::errs() << "tile-runner: --emit-exe writes CUDA programs; run CPU "
                    "backend programs with the JIT (no --emit-exe)\n";
    return 1;
  }
  // The entry becomes tile_aot_entry, called by the stub main.
  if (entryPointResult != "void") {
    llvm::errs() << "tile-runner: --emit-exe takes a void entry function\n";
    return 1;
  }
  if (failed(checkEntry(module)))
    return 1;
  auto entry = module.lookupSymbol<LLVM::LLVMFuncOp>(entryPoint);
  entry.setSymName("tile_aot_entry");
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule) {
    llvm::errs() << "tile-runner: translation to LLVM IR failed\n";
    return 1;
  }
  std::string triple = llvm::sys::getDefaultTargetTriple();
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(triple), error);
  if (!target) {
    llvm::errs() << "tile-runner: " << error << "\n";
    return 1;
  }
  llvm::TargetOptions targetOptions;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      llvm::Triple(triple), "generic", "", targetOptions, llvm::Reloc::PIC_));
  ExecutionEngine::setupTargetTripleAndDataLayout(llvmModule.get(), tm.get());
  if (llvm::Error err =
          makeOptimizingTransformer(2, 0, tm.get())(llvmModule.get())) {
    llvm::errs() << "tile-runner: " << llvm::toString(std::move(err)) << "\n";
    return 1;
  }
  llvm::SmallString<128> object;
  if (llvm::sys::fs::createTemporaryFile("tile-runner", "o", object)) {
    llvm::errs() << "tile-runner: cannot create a temporary file\n";
    return 1;
  }
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(object, ec);
    llvm::legacy::PassManager pass;
    if (ec || tm->addPassesToEmitFile(pass, os, nullptr,
                                      llvm::CodeGenFileType::ObjectFile)) {
      llvm::errs() << "tile-runner: cannot emit an object file\n";
      return 1;
    }
    pass.run(*llvmModule);
  }
  auto cxx = llvm::sys::findProgramByName("c++");
  if (!cxx) {
    llvm::errs() << "tile-runner: no c++ to link with\n";
    return 1;
  }
  // The build tree's lib/, or, for an installed tile-runner, the lib/ beside
  // its bin/.
  std::string dir = runtimeDir;
  if (!llvm::sys::fs::exists(dir + "/libtile_aot_main.a")) {
    std::string exe = llvm::sys::fs::getMainExecutable(
        nullptr, reinterpret_cast<void *>(&writeExecutable));
    llvm::SmallString<256> installed(llvm::sys::path::parent_path(exe));
    llvm::sys::path::append(installed, "..", "lib");
    if (llvm::sys::fs::exists(installed + "/libtile_aot_main.a"))
      dir = std::string(installed);
  }
  std::string aotMain = dir + "/libtile_aot_main.a";
  std::string runtime = dir + "/libtile_cuda_runtime_static.a";
  if (!llvm::sys::fs::exists(aotMain) || !llvm::sys::fs::exists(runtime)) {
    llvm::errs() << "tile-runner: no libtile_aot_main.a and "
                    "libtile_cuda_runtime_static.a in '"
                 << dir << "' (set --runtime-dir)\n";
    return 1;
  }
  llvm::SmallVector<llvm::StringRef> args = {
      *cxx,   object.str(),        aotMain,          runtime,
      "-ldl", "-static-libstdc++", "-static-libgcc", "-o",
      emitExe};
  int rc =
      llvm::sys::ExecuteAndWait(*cxx, args, std::nullopt, {}, 0, 0, &error);
  llvm::sys::fs::remove(object);
  if (rc) {
    llvm::errs() << "tile-runner: linking failed: " << error << "\n";
    return 1;
  }
  return 0;
}

static int toolMain(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << TILE_MLIR_VERSION_LINE << "\n"; });
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  cl::ParseCommandLineOptions(argc, argv, "tile-mlir program runner\n");
  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();

  if (clearCache) {
    size_t removed = 0;
    auto &cache = ::tile::rt::CudaRuntime::get().getCache();
    ::tile::rt::Status st = cache.clear(&removed);
    if (!st) {
      llvm::errs() << "tile-runner: cubin cache not cleared: " << st.str()
                   << "\n";
      return 1;
    }
    llvm::outs() << "removed " << removed << " cached cubin(s) from "
                 << cache.getDirectory() << "\n";
    return 0;
  }

  DialectRegistry registry;
  mlir::tile::registerTileCompilerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  OwningOpRef<ModuleOp> module = compile(context, timing);
  if (!module)
    return 1;
  if (dumpLLVM) {
    module->print(llvm::outs());
    return 0;
  }
  if (!emitExe.empty())
    return writeExecutable(*module);
  return runJit(*module, timing);
}

int main(int argc, char **argv) {
  return ::tile::runWithLargeStack(toolMain, argc, argv);
}
