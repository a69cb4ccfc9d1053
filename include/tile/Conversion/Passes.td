//===- Passes.td - tile conversion passes ------------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_CONVERSION_PASSES_TD
#define TILE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToNVVM : Pass<"convert-tile-to-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower tile ops (and the rest of a gpu.module) to NVVM/LLVM";
  let description = [{
    Lowers expanded `tile.apply` ops (one instruction each, see
    `tile-expand-repeats`) to `llvm.inline_asm` whose text and constraints
    come from the single PTX builder: register operands bind by class
    (`h` 16-bit, `r` 32-bit int, `l` 64-bit int, `f` f32, `d` f64), memory
    operands bind a 64-bit global address, constants are materialized into
    registers, `pred` is passed as an i32 and turned into a `.pred` inside
    the asm block, and `preserve_dst` ties the destination to its prior
    value. `tile.alloc_local` becomes an entry-block `llvm.alloca` that
    LLVM's SROA turns into SSA registers.

    With `use-intrinsics`, an unpredicated instruction whose NVVM intrinsic
    provably emits the same PTX (a table fact, checked by a PTX test per
    case) is emitted as that intrinsic instead.

    The pass also runs the upstream GPU, arith, cf, index and memref to
    LLVM/NVVM patterns with a type converter that knows `#tile.reg`, so it
    replaces `convert-gpu-to-nvvm` for modules that contain tile ops.
  }];
  let options = [
    Option<"useIntrinsics", "use-intrinsics", "bool", "false",
           "Use an NVVM intrinsic where it provably emits the same PTX">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def ConvertGpuTileToHost : Pass<"tile-gpu-to-host", "::mlir::ModuleOp"> {
  let summary = "The CPU backend: run gpu.module kernels as host code";
  let description = [{
    Turns a host + device program into a host-only one that computes what
    the GPU would, bit for bit, for the instructions `tile.apply` carries:

    - every kernel `gpu.func` becomes a host function that runs one thread:
      it takes the kernel's arguments, its workgroup buffers and the
      thread's ids (`thread_id`, `block_id`, `block_dim`, `grid_dim`);
      `gpu.lane_id` is the linear thread id modulo 32, as on the GPU, so
      that scopes, sub-range guards and `pred` behave the same;
    - every expanded `tile.apply` (run `tile-expand-repeats` first) becomes
      one call of `tile_cpu_apply`, which executes the instruction the
      form's semantics key names: the MPFR reference for computation, a bit
      copy for data movement. A `pred` that is false skips the call;
    - `tile.alloc_local` becomes an entry-block `memref.alloca`; the
      `#tile.reg` and GPU address spaces are dropped;
    - `gpu.launch_func` becomes loops over the grid's blocks and each
      block's threads, in order (x fastest), with the workgroup buffers
      allocated per block, and the dynamic shared memory
      (`gpu.dynamic_shared_memory`) too, of the launch's
      `dynamic_shared_memory_size` bytes; `gpu.alloc`, `gpu.dealloc` and
      `gpu.memcpy` become their `memref` counterparts and `gpu.wait` goes
      away;
    - the `memref.global`s of a gpu.module move to the host module, as one
      buffer for all blocks (blocks run one after another).

    The threads of a block run one after another, unless the kernel
    synchronizes them (`gpu.barrier`, which becomes a call of
    `tile_cpu_barrier`, or a warp collective, one of
    `tile_cpu_collective`; each call names its site, a number unique in the
    module): then each thread of a block is a fiber
    (`tile_cpu_block_spawn`, through a `<kernel>_thread` entry function
    that takes the host function's arguments packed in one LLVM struct),
    and `tile_cpu_block_run` runs them until each returns: once no thread
    is ready, each warp executes its earliest waiting collective, and then
    a barrier is released once every thread that has not returned waits at
    it (threads at different barriers are reported). Any other
    op through which threads communicate (`gpu.shuffle`, any other `gpu` op
    in a kernel, NVVM ops) is a located error, as are asynchronous `gpu`
    ops on the host and non-kernel device functions.

    Each launch first calls `tile_cpu_check_launch`, which stops the
    program (exit status 1) where a grid or block dimension or the shared
    memory is outside CUDA's limits for sm_90. With `bounds-check` (the
    default), the host code records the buffers it allocates, each launch
    finds the buffer of each memref argument, and each memory access of a
    kernel (memref and affine loads, stores and atomics, and so the loads
    and stores of `tile.apply`) is checked, before it happens, against its
    memref's shape and the bytes of its buffer; a bad one is reported with
    the kernel, block, thread, memref, index and buffer, and stops the
    program (exit status 1). Accesses proven in bounds at compile time
    (register tiles and private buffers at constant indices) are not
    checked at run time; a kernel op that accesses memory in another way
    (`memref.copy`, vector ops) is an error with the checks on.
  }];
  let options = [
    Option<"boundsCheck", "bounds-check", "bool", /*default=*/"true",
           "Check every memory access of a kernel against its memref and "
           "buffer, and every access of shared memory against the cp.async "
           "copies its thread has not waited for">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

#endif // TILE_CONVERSION_PASSES_TD
