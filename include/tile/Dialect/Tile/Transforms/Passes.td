//===- Passes.td - tile dialect transformation passes ------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
#define TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileAnnotateUnroll : Pass<"tile-annotate-unroll"> {
  let summary = "Give LLVM's loop unroller a count for loops of tile instructions";
  let description = [{
    LLVM's unroller counts an inline asm instruction as costly and unrolls
    a loop of a few tile instructions 2x at O2 (4x at O3); nvcc unrolls the
    same loop 16x to 64x, and in a loop of 8 packed-half fmas the loop's own
    counter and branch then cost tile-mlir 6% of the throughput (16% with a
    trip count given at run time). This pass annotates every innermost
    `scf.for` that holds `tile.apply` ops (and no annotation of its own)
    with `llvm.loop_annotation<unroll = <count = N>>`: N is the largest
    power of two for which N copies of the body hold at most `target`
    tile instructions (counting each op's repeats), and at most a constant
    trip count. A loop the user annotated keeps its annotation; target 0
    turns the pass off.
  }];
  let options = [
    Option<"target", "target", "unsigned",
           "::mlir::tile::kDefaultUnrollTarget",
           "Tile instructions an unrolled loop body may hold (0: off)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TileNarrowLoopCounters : Pass<"tile-narrow-loop-counters"> {
  let summary = "Count constant-bound index loops in 32 bits";
  let description = [{
    An `index` is 64 bits on the GPU, so an `scf.for` over index counts in
    64 bits: ptxas keeps the counter in a pair of uniform registers and
    tests it with two compares (five instructions of loop control against
    nvcc's three for an `int` loop). This pass rewrites every `scf.for`
    over index whose bounds and step are constants, with a nonnegative lower
    bound, a positive step and every value the counter takes (the last
    increment included) in the i32 range, to count in i32; the body sees
    the counter sign-extended back to index (`arith.index_cast`). The
    loop's attributes (its unroll annotation) stay. Measured on an H100
    (chains of packed-half fmas, 4096 iterations): +0.14 to 0.16% of
    throughput.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TileExpandRepeats : Pass<"tile-expand-repeats"> {
  let summary = "Unroll tile.apply repeats into one instruction per repeat";
  let description = [{
    Rewrites every `tile.apply` into one `tile.apply` per repeat coordinate,
    in row-major order, each over rank-1 views (the atom axis) of its tensor
    operands; scalar inputs are reused by every repeat. Group axes are bound
    to the executing thread's ids (`gpu.lane_id`, the warp index from the
    linear thread id); memory operands are indexed with them, register
    operands (distributed, stride 0) are not. Where a group extent is smaller
    than the scope's, the instructions are guarded so that only threads
    inside the group execute them. The result has `scope(thread)` and no
    repeat axes, which is what `convert-tile-to-nvvm` lowers.

    Example: `tile.apply "fma.rn.f32" (%r, %r, %two, %one)` over
    `memref<4x1xf32, #tile.reg>` becomes four `tile.apply` over
    `memref<1xf32, strided<[1], offset: i>, #tile.reg>` views, i = 0..3.

    A view whose offset is static is made as `expand-strided-metadata`
    would make it of a subview: a `memref.reinterpret_cast` of the operand's
    base buffer (one `memref.extract_strided_metadata` per operand), which
    `convert-tile-to-nvvm` reads through. With `base-views=false` every view
    is a `memref.subview` of the operand (the CPU backend's choice: its
    bounds checks name the operand and the repeat's index in it).
  }];
  let options = [
    Option<"baseViews", "base-views", "bool", "true",
           "Views of static offset as reinterpret_casts of the base buffer">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileCheckTransactions : Pass<"tile-check-transactions"> {
  let summary = "Compare an mbarrier's expect_tx with the bytes its copies "
                "deliver";
  let description = [{
    An asynchronous copy into shared memory completes on an mbarrier: the
    bytes it delivers lower the barrier's transaction count, which
    `mbarrier.expect_tx` (or `mbarrier.arrive.expect_tx`) raised. A count
    that the copies do not match makes the waiting threads hang (too few
    bytes) or read a tile before it has arrived (too many announced by a
    later phase). Where it can be seen statically, this pass checks it.

    Within one block, from an `expect_tx` with a constant byte count on an
    mbarrier value up to the next wait on that value (`test_wait`,
    `try_wait`), the next `expect_tx` on it, or the end of the block, the
    copies issued on the same value (`cp.async.bulk`, its tensor and
    reduction forms, `mbarrier.complete_tx`) must deliver exactly the
    announced bytes. A copy delivers its constant `size`, or for a tensor
    copy its destination's bytes (the box the tensor map describes: the
    shared-memory operand must be the box).

    What cannot be seen statically is not checked: byte counts in
    registers, copies in other blocks or under control flow (loops,
    branches) between the `expect_tx` and the wait, multicast copies
    (other CTAs' copies arrive too), ops with group or repeat axes, and a
    record with no copy at all (another thread may issue them). The CPU
    backend checks at run time what is not seen here: a phase that never
    completes is an error naming the barrier.
  }];
}

def TileCheckTensorMaps : Pass<"tile-check-tensor-maps", "::mlir::ModuleOp"> {
  let summary = "Check tensor-map parameters against the layout they name";
  let description = [{
    A kernel parameter that holds a tensor map may name the layout the map
    was made from: `%map: memref<128xi8> {tile.tensor_map =
    #tile.smem_layout<...>}`, with `tile.tensor_map_split = N` where the
    map's box is a share of the layout's rows (`tile.tensor_map_encode
    ... split(N)`, a multicast to a cluster). Then the two sides of the map
    are checked against that one description:

    - Host: each `gpu.launch_func` that passes a buffer to the parameter,
      where the launching function writes that buffer with
      `tile.tensor_map_encode` (through `memref.cast`s), must have encoded
      it with the same layout and split.
    - Device: each tensor copy or reduction (`cp.async.bulk.tensor`,
      `cp.reduce.async.bulk.tensor`) whose map operand is the parameter
      must be 2-D and move exactly the map's box: rows / split rows of one
      swizzle row of bytes (the shared-memory operand's static bytes).

    A mismatch is an error at the launch (with a note at the encode) or at
    the copy. Maps made elsewhere (by `tileTensorMapEncodeTiled` or in
    another function) and copies through views of the parameter are not
    checked; a parameter without the attribute is not checked at all.
  }];
}

def TileCheckParity : Pass<"tile-check-parity"> {
  let summary = "Follow the phase parities that mbarrier waits test "
                "through loops";
  let description = [{
    An mbarrier's phases alternate in parity, and a `.parity` wait
    (`mbarrier.test_wait.parity`, `try_wait.parity`) names the parity of
    the phase it waits for. A thread that waits for every phase of a
    barrier must therefore alternate the parity from one wait on it to the
    next; waiting for the same parity twice in a row tests a phase that
    has already completed (the wait returns at once and the thread reads a
    stage before its data), or hangs where the other parity was meant.
    This is the pipeline bug of a phase bit that is not flipped, or
    flipped at the wrong iteration.

    Where the structure allows it, this pass follows the waits of an
    `scf.for` loop with constant lower bound and step: each wait on the
    loop's body path (directly, or in the condition region of an
    `scf.while` that polls it) whose barrier (a memref, or a
    `memref.reinterpret_cast`/`subview` of one at an offset) and parity
    are computed from the induction variable and constants by `arith`
    operations is evaluated for the loop's iterations (at most 1,024;
    the trip count when the upper bound is constant), and two consecutive
    waits on the same barrier with the same parity are reported, with both
    iterations. A barrier and parity that do not change in the loop are
    the same wait in every iteration.

    It is a warning, not an error: a thread that waits for every other
    phase (two phases complete between its waits) is correct, and so is a
    bounded poll written as the loop itself (a `try_wait` that may fail,
    retried by the next iteration), which this pass reports. What is not
    followed: waits under `scf.if`, under a runtime `pred` or in nested
    loops (they need not run every iteration), barriers or parities that depend on values the loop
    does not compute (a persistent kernel's running k-tile count), and
    waits in different threads. The CPU backend checks at run time what is
    not seen here: a hang is an error naming the barrier and its phase.
  }];
}

def TileCheckWgmma : Pass<"tile-check-wgmma"> {
  let summary = "Reject accesses to the registers of a wgmma in flight, "
                "missing wgmma.fences, and descriptors made for another "
                "operand";
  let description = [{
    `wgmma.mma_async` runs asynchronously: until a `wgmma.wait_group`
    retires the group that holds it, accessing its accumulator d or its
    register fragment a is undefined (PTX ISA 9.7.15.5.2). This pass
    follows each wgmma.mma_async's register tiles (through their views)
    from the instruction to the `wgmma.wait_group N` that leaves fewer than
    N later groups pending, over every path through branches and loops
    (a group committed in one iteration and waited for in the next, or
    after the loop), and reports with the location any other use of them:
    a `tile.apply`, a `memref.load`/`store`, a call. Another
    wgmma.mma_async may accumulate into the same d (the hardware orders
    such a chain) or read the same a.

    Both this and the fence check below are forward analyses of the
    structured control flow (scf): a branch's regions start from the same
    state and merge; a loop's body runs from the merge of the state before
    it and its own end states until that no longer changes; the groups of
    different paths merge by age from the newest, as wait_group counts
    them.

    It also checks each descriptor operand that `tile.smem_desc` made
    against the instruction: the descriptor's box must be the matrix the
    operand reads (64 x K for a, N x K for b, as [mn, k]), its layout's
    elements the operand's, and its major-ness the transpose immediate's
    (K-major where the form has none).

    And it checks the `wgmma.fence` rules (PTX ISA 9.7.15.7.1) over every
    path through branches and loops of each function: in a kernel, a fence
    precedes the first wgmma.mma_async; and a fence separates any other
    access of a wgmma's d or a register tile (a store, a cvt, a load) from
    the wgmma.mma_async that reads it, also across a loop's iterations.
    Each violation is an error naming the access. A wgmma.mma_async in a
    loop whose body has no fence before it draws a warning: the ISA allows
    it for one shape's accumulator chain, but ptxas 13.0 then injects a
    warpgroup.arrive of its own (C7519). A device function's caller may
    have fenced, so only the second rule applies there.

    Not checked: unstructured control flow (cf branches between blocks of
    one region are read in order), and a fence between two
    wgmma.mma_async of different shapes on the same accumulator.
  }];
}

def TileCheckRegisterTiles : Pass<"tile-check-register-tiles"> {
  let summary = "Reject uses of register tiles that would force local memory";
  let description = [{
    A `#tile.reg` memref stays in registers only if every element it is
    accessed at is known at compile time. This pass follows every register
    tile through its views (`memref.subview`, `memref.expand_shape`,
    `memref.collapse_shape`, `memref.cast`, `memref.reinterpret_cast`) and
    reports, with the location, any use that is none of: an operand of
    `tile.apply`, a `memref.load`/`memref.store` at constant indices, or a
    view. A call or return that passes the tile, a dynamic index, or any
    other use would make the compiler keep the tile in local memory. A
    register tile in a function's signature (a kernel or device-function
    parameter or result, declarations included) is an error too: it would
    be a `.local` pointer read with `ld.local`.

    ```mlir
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    %v = memref.load %r[%i, %c0] : memref<4x1xf32, #tile.reg>  // error
    ```

    It also estimates each function's register-tile footprint per thread:
    the `tile.alloc_local`s of a function, each counted by the slots one
    thread holds (the extents of its axes of non-zero stride: a distributed
    group axis, stride 0, maps to lanes, warps or threads and takes no
    register; at most the layout's span), each slot in whole 32-bit
    registers (one for 8-, 16- and 32-bit elements, two for 64-bit ones),
    summed over the tiles live at once, where that sum is largest: a tile
    holds its registers from its allocation to the end of the last
    operation of its block that uses it or a view of it (a use inside a
    loop keeps it for the whole loop; a helper inlined at each call
    allocates its locals again, and the copies do not add up). A warp tile
    `memref<32x8x1xf32, strided<[0, 1, 1]>, #tile.reg>` takes 8. A thread holds at
    most 255 registers, and the kernel's addresses and indices need some too
    (measured with ptxas 13.0 for sm_90: a kernel that loads and stores one
    f32 tile spills from 249 elements on). A footprint above
    `register-budget` (240 by default) is a warning at the function, or an
    error with `register-budget-error`.
  }];
  let options = [
    Option<"registerBudget", "register-budget", "unsigned", "240",
           "32-bit registers the register tiles of one function may take">,
    Option<"registerBudgetError", "register-budget-error", "bool", "false",
           "Make exceeding the register budget an error, not a warning">,
  ];
}

def TileCheckGpuModules : Pass<"tile-check-gpu-modules", "::mlir::ModuleOp"> {
  let summary = "Reject gpu.modules the tile pipelines would not reach";
  let description = [{
    The tile pipelines lower the `gpu.module`s of the top-level module. A
    `gpu.module` nested deeper (inside another `builtin.module`, say) would
    keep its tile ops unlowered; this pass reports it, with its location.

    It also rejects, with their locations, what LLVM 22's NVPTX backend
    would stop on with a fatal error or turn into PTX that ptxas rejects:
    symbol names that are not PTX identifiers (or start with `%`), the
    floating-point types it cannot lower (`f80`, `f128`, `tf32`, also inside
    memrefs, vectors and complex numbers), and kernel parameters of integer
    widths PTX has no parameter for (other than 1, 8, 16, 32, 64, 128).

    A `gpu.func` whose static `memref.alloca`s and private attributions
    take more local memory than one thread may use (the instruction table's
    `ThreadLocalMemory` record: 512 KiB, on every chip) is an error, with a
    note at the largest buffer: ptxas 13.0 assembles such a kernel, and on
    the CPU backend it would overflow the thread's stack.
  }];
}

def TileLowerTensorMaps
    : Pass<"tile-lower-tensor-maps", "::mlir::ModuleOp"> {
  let summary = "Lower tile.tensor_map_encode to the runtime's encoder";
  let description = [{
    Rewrites every `tile.tensor_map_encode` of the host code into a call of
    the runtime's `tileTensorMapEncode2D` with the tensor's address, sizes
    and row stride, and the box, swizzle, data type and fill that the op's
    `#tile.smem_layout` and the instruction table fix. The call is declared
    where the module lacks it. (The CPU backend's tile-gpu-to-host points
    the call at its own encoder, with the same arguments.)
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileMarkGridConstants
    : Pass<"tile-mark-grid-constants", "::mlir::ModuleOp"> {
  let summary = "Record which launch operands go to grid-constant parameters";
  let description = [{
    A kernel parameter marked `tile.grid_constant` (a `memref<128xi8>`
    tensor map) is passed by value in the kernel's parameter space, so the
    launch must hand the driver the map's bytes, not a memref descriptor.
    This pass, which runs before the kernels are compiled, sets
    `tile.grid_constant_args = array<i64: ...>` on each `gpu.launch_func`
    to the positions of its operands that go to such parameters;
    `tile-lower-grid-constants` then rewrites them in the host code. The
    device pipelines run it; the CPU backend passes every memref by
    reference and does not.
  }];
}

def TileLowerGridConstants
    : Pass<"tile-lower-grid-constants", "::mlir::ModuleOp"> {
  let summary = "Pass the tensor maps of grid-constant parameters by value";
  let description = [{
    Replaces each operand of a `gpu.launch_func` that
    `tile.grid_constant_args` names by the 128 bytes of its tensor map, an
    `!llvm.array<128 x i8>` that the GPU-to-LLVM launch lowering passes by
    value: the runtime's `tileTensorMapToHost` copies the map from host or
    device memory (the driver tells which) into a 64-byte aligned buffer of
    the launching function, and the launch reads it. The call is declared
    where the module lacks it.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def TileSetNVVMTarget : Pass<"tile-set-nvvm-target", "::mlir::ModuleOp"> {
  let summary = "Set the #nvvm.target (chip and PTX ISA) of every gpu.module";
  let description = [{
    Replaces the NVVM target of every `gpu.module` (or adds one) with the
    given chip, PTX ISA version and LLVM optimization level. With no PTX
    version, a given chip gets the lowest one it allows; with no chip, each
    module keeps its chip (and, with no PTX version either, its features).
    With no optimization level, each module keeps its own. The target's
    triple, flags and link files are kept. The chip and version are checked as
    `tile-check-targets` checks them; that pass, which the pipelines run
    next, then checks every `tile.apply` against the new target.
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"\"",
           "Target SM, e.g. sm_90; empty keeps each module's chip">,
    Option<"ptxVersion", "ptx", "unsigned", "0",
           "PTX ISA version as major*10+minor (e.g. 80); 0 = the chip's lowest">,
    Option<"optLevel", "O", "int", "-1",
           "LLVM optimization level, 0 to 3; -1 keeps each module's (O2 "
           "where it has no target)">,
    Option<"uncheckedTarget", "unchecked-target", "bool", "false",
           "Accept chips LLVM 22 emits but ptxas 13.0 does not know">,
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def TileCheckTargets : Pass<"tile-check-targets", "::mlir::ModuleOp"> {
  let summary = "Check every gpu.module's targets and its tile ops against them";
  let description = [{
    The target model, checked once per `gpu.module`: every target must be an
    `#nvvm.target` whose chip ptxas 13.0 and LLVM 22 both know (the `a` and
    `f` suffixes included, each with its own PTX ISA floor), whose features
    are a `+ptxNN` version that LLVM 22 emits, and whose PTX ISA version is at
    or above both tools' floor for the chip. Then every `tile.apply` inside is
    checked against each target's SM and PTX ISA version (the instruction
    table's floors). Modules without tile ops are checked too, so that no
    target reaches LLVM's NVPTX backend that it would reject with a fatal
    error or silently replace.

    The tile pipelines run this pass after any retargeting (`chip`/`ptx`
    options), so a module is checked against the target it is compiled for.
    IR without a target verifies structurally; only this pass checks floors.

    `unchecked-target` serves a newer ptxas: a chip that LLVM 22 emits but
    ptxas 13.0 does not know (e.g. `sm_101`) is accepted, and only LLVM's PTX
    floor for it applies. Instruction floors are still checked.

    Each `gpu.launch_func` in the module is checked against its kernel: an
    instruction whose form needs a cluster launch (`NeedsClusterLaunch`, a
    fact measured on the H200: `cp.async.bulk.shared::cluster.shared::cta`
    faults with an illegal instruction otherwise) needs the launch's
    `clusters in`, unless the kernel declares its cluster
    (`known_cluster_size` or `nvvm.cluster_dim`). Launches from outside the
    module (the C API, Python) and instructions in the device functions a
    kernel calls are not seen here.
  }];
  let options = [
    Option<"uncheckedTarget", "unchecked-target", "bool", "false",
           "Accept chips LLVM 22 emits but ptxas 13.0 does not know">,
    Option<"requireTarget", "require-target", "bool", "false",
           "Reject a gpu.module without a target (the serializing pipelines "
           "set this)">,
  ];
}

def TileGpuModuleToBinary
    : Pass<"tile-gpu-module-to-binary", "::mlir::ModuleOp"> {
  let summary = "Serialize every gpu.module (gpu-module-to-binary, with "
                "LLVM IR rewrites before the NVPTX backend)";
  let description = [{
    `gpu-module-to-binary` for the tile pipelines: every `gpu.module` is
    translated to LLVM IR, optimized at its target's level and serialized by
    its target (PTX for `format=isa`). Between LLVM's optimization pipeline
    and the NVPTX backend, two rewrites of the LLVM IR are made.

    Address chains (unless `merge-address-chains=false`): an address built as
    `gep (gep %base, %i), %j`, with two variable offsets, the inner
    address used only there and in the same block, becomes one
    `gep i8 %base, (%i * size + %j * size)`, the offset added to the base
    once.

    LLVM's InstCombine splits a variable sum of offsets into such chains so
    that LICM can hoist the invariant part. Once the optimization pipeline
    has run, a chain in one block has nothing left to hoist, and it hands
    ptxas a 64-bit partial pointer: ptxas computes it early and keeps it
    live across the loops in between. With one offset ptxas computes the
    address where it is used. The rewrite only reassociates wrapping 64-bit
    arithmetic (the new GEP has no `inbounds`), so every address is the
    same; it adds no instruction.

    Shared inline asm inputs (unless `asm-input-chunk=0`): a register value
    that many inline asm statements of one block read (a kernel argument
    broadcast to every fma of a large tile) gets a fresh copy every
    `asm-input-chunk` reads, the table's `mov.bN` in an inline asm with
    side effects, and the next reads take the copy. LLVM copies each inline
    asm input into a register of its own, and its PeepholeOptimizer, folding
    those copies of one value, clears the kill flags of all the earlier
    copies' uses each time: quadratic in the number of reads. ptxas
    propagates the copies away.
  }];
  let options = [
    Option<"format", "format", "std::string", "\"isa\"",
           "offloading (llvm), assembly (isa), binary (bin) or fatbinary "
           "(fatbin)">,
    Option<"toolkitPath", "toolkit", "std::string", "\"\"",
           "The CUDA toolkit, for bin and fatbin">,
    ListOption<"linkFiles", "l", "std::string",
               "Bitcode files to link into every module">,
    Option<"cmdOptions", "opts", "std::string", "\"\"",
           "Options for the serializer (e.g. ptxas options)">,
    Option<"mergeAddressChains", "merge-address-chains", "bool", "true",
           "Merge variable-offset address chains after LLVM's optimization">,
    Option<"asmInputChunk", "asm-input-chunk", "unsigned", "256",
           "Inline asm reads of one register value in a block before it "
           "gets a fresh copy (0: never)">,
  ];
}

#endif // TILE_DIALECT_TILE_TRANSFORMS_PASSES_TD
