//===- TileOps.td - tile dialect operations ----------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEOPS_TD
#define TILE_DIALECT_TILE_IR_TILEOPS_TD

include "tile/Dialect/Tile/IR/TileDialect.td"
include "tile/Dialect/Tile/IR/TileAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"

def Tile_AllocLocalOp : Tile_Op<"alloc_local",
    [MemoryEffects<[MemAlloc<AutomaticAllocationScopeResource>]>]> {
  let summary = "allocate a register tile owned by the issuing thread";
  let description = [{
    Allocates a statically shaped register tile in the `#tile.reg` memory
    space. The layout may be strided; a stride of 0 on an axis makes it a
    distributed group axis (each thread of the scope holds its own slice,
    so the axis takes no storage in any one thread).

    Example:

    ```mlir
    // Four f32 registers, one per repeat.
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    // A warp-scope tile: lane axis distributed, 4 registers per thread.
    %w = tile.alloc_local : memref<32x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
    ```
  }];
  let results = (outs AnyStaticShapeMemRef:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Number of container elements the thread actually stores (the span of
    /// the strided layout).
    int64_t getStorageSize();
  }];
}

def Tile_WgmmaDescOp : Tile_Op<"wgmma_desc", [Pure]> {
  let summary = "the wgmma matrix descriptor of a shared-memory matrix";
  let description = [{
    The 64-bit matrix descriptor (PTX ISA 9.7.15.5.1.2) of the matrix that
    starts at `buffer`'s first element in shared memory: its start address,
    the leading and stride byte offsets `lbo` and `sbo`, and the swizzle
    mode `swizzle`, one of the instruction table's swizzle modes ("none",
    "32B", "64B", "128B"). The fields' bit positions and the modes' codes
    come from the table's records (WgmmaDescField, SwizzleMode), which the
    reference and the CPU backend read too. Where each element of the matrix
    sits follows from the descriptor and the instruction's major-ness (the
    table's canonical layouts, SmemLayout).

    The verifier checks that `buffer` is in shared memory with a start
    16-byte aligned where its offset is static, and that `lbo` and `sbo` are
    multiples of 16 that fit their 14-bit fields. tile-expand-repeats
    expands the op into the arithmetic on the buffer's address.

    Example:

    ```mlir
    // A 64 x 64 bf16 tile, K-major, rows of 128 bytes swizzled by 128
    // bytes, 8-row groups 1024 bytes apart.
    %d = tile.wgmma_desc %a swizzle("128B") lbo(16) sbo(1024)
        : memref<64x64xbf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins AnyMemRef:$buffer, StrAttr:$swizzle, I64Attr:$lbo,
                   I64Attr:$sbo);
  let results = (outs I64:$desc);
  let assemblyFormat = [{
    $buffer `swizzle` `(` $swizzle `)` `lbo` `(` $lbo `)` `sbo` `(` $sbo `)`
    attr-dict `:` type($buffer)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The descriptor's constant fields (all but the start address).
    uint64_t getConstantFields();
    /// Builds the descriptor from the buffer's address at `b`'s insertion
    /// point.
    Value expand(OpBuilder &b);
  }];
}

def Tile_SmemDescOp : Tile_Op<"smem_desc", [Pure]> {
  let summary = "the wgmma descriptor of a part of a #tile.smem_layout tile";
  let description = [{
    The 64-bit wgmma matrix descriptor of the `box` = [MN, K] elements at
    `at` = [mn, k] of the tile that starts at `buffer`'s first element,
    stored as `layout` says. `major(k)`: the layout's rows are M (or N) and
    its columns K; `major(mn)`: its rows are K and its columns M (or N).

    The descriptor's leading and stride byte offsets and swizzle code are
    not written by hand: they are solved from the layout and the
    instruction table's canonical layout of the major-ness and swizzle
    (SmemLayout records), and the verifier checks that every element of
    the box is where the descriptor says, that the box starts on a 16-byte
    boundary and at a row of the swizzle pattern (the descriptor's base
    offset 0), and that the box lies within the tile. A box that no
    descriptor can name is an error. `buffer` must be in workgroup memory
    with `layout`'s element type; where its offset is static the start
    must have the layout's alignment.

    The check-wgmma pass also compares a descriptor with the wgmma that
    uses it: the box must be the instruction's (64 x K for A, N x K for B)
    and the major-ness its transpose immediate's.

    ```mlir
    // K step 1 (k = 16..31) of a 128 x 64 bf16 tile, rows 64..127 (the
    // second consumer warpgroup's A).
    %d = tile.smem_desc %a at [64, 16] box [64, 16] major(k)
        layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">)
        : memref<8192xbf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins AnyMemRef:$buffer, DenseI64ArrayAttr:$at,
                   DenseI64ArrayAttr:$box, Tile_Major:$major,
                   Tile_SmemLayoutAttr:$layout);
  let results = (outs I64:$desc);
  let assemblyFormat = [{
    $buffer `at` $at `box` $box `major` `(` $major `)`
    `layout` `(` $layout `)` attr-dict `:` type($buffer)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The descriptor's fields other than the start address, and the byte
    /// offset of the box's start from the tile's; failure (with the reason
    /// through `emitError`) where no descriptor names the box.
    struct Solution {
      uint64_t constantFields;
      int64_t startOffset;
    };
    ::mlir::FailureOr<Solution>
    solve(::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError);
    /// Builds the descriptor at `b`'s insertion point.
    Value expand(OpBuilder &b);
  }];
}

def Tile_TensorMapEncodeOp : Tile_Op<"tensor_map_encode",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "the tensor map whose copies write a #tile.smem_layout tile";
  let description = [{
    Host code. Writes into the device buffer `map` (128 bytes, 64-byte
    aligned) the tiled tensor map (CUtensorMap) of the row-major device
    tensor `tensor`, whose copies write tiles stored as `layout` says: the
    box is one atom of the layout (R / `split` rows, the columns of one
    swizzle row), the swizzle and the element's data type are the
    layout's, read from the instruction table (SwizzleMode,
    TensorMapDataType), and `fill` (the table's TensorMapFill: "zero" or
    "nan") is what a copy writes outside the tensor. `split` divides the
    tile's rows among the copies of several CTAs (a multicast to a cluster);
    each share must be whole groups of 8 rows.

    The tensor is 2-D with the layout's element type; its rows need not be
    a multiple of the tile. The runtime checks what is only known then (a
    device pointer, the innermost stride 1, the driver's limits on sizes
    and strides) and records a failure as a runtime error.

    ```mlir
    tile.tensor_map_encode %map, %a
        layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">)
        : memref<128xi8>, memref<8192x8192xbf16>
    ```
  }];
  let arguments = (ins AnyMemRef:$map, AnyMemRef:$tensor,
                   Tile_SmemLayoutAttr:$layout,
                   DefaultValuedAttr<I64Attr, "1">:$split,
                   DefaultValuedStrAttr<StrAttr, "zero">:$fill);
  let assemblyFormat = [{
    $map `,` $tensor `layout` `(` $layout `)`
    (`split` `(` $split^ `)`)? (`fill` `(` $fill^ `)`)?
    attr-dict `:` type($map) `,` type($tensor)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The box: rows of one share, columns of one atom.
    int64_t getBoxRows() { return getLayout().getRows() / getSplit(); }
    /// The table's fill record named by `fill`, or null.
    const ::tile::ptx::TensorMapFillDesc *findFill();
  }];
}

def Tile_GridSyncOp : Tile_Op<"grid_sync"> {
  let summary = "every thread of every CTA of a cooperative launch meets";
  let description = [{
    Waits until every thread of the launch's grid has reached a
    `tile.grid_sync`, as CUDA's `cooperative_groups::this_grid().sync()`
    (TIRx's `T.cuda.grid_sync()`), and orders their memory accesses:
    what any thread wrote before it is seen by every thread after it.

    The GPU code is nvcc's (the table's GridBarrier record): the threads
    of each CTA meet at `barrier.sync 0`, thread (0,0,0) of each CTA
    arrives on a word of the grid workspace that the driver gives a
    cooperative launch (`atom.add.release.gpu`) and polls it
    (`ld.acquire.gpu`) until every CTA has arrived, then the CTA meets
    again. The kernel must be launched cooperatively (cuLaunchKernelEx
    with `CU_LAUNCH_ATTRIBUTE_COOPERATIVE`: all its CTAs resident at once);
    launched otherwise it traps. Every thread of the CTA must reach it
    (it is a CTA barrier too), and every CTA of the grid.

    The CPU backend runs all the CTAs of a launch of a kernel with a
    `tile.grid_sync` together (a grid of constant size), and meets them
    there; one that can never complete is reported as a hang.

    Example:

    ```mlir
    gpu.func @k(%a: memref<8xi32>) kernel {
      ...
      tile.grid_sync
      ...
    }
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def Tile_ApplyOp : Tile_Op<"apply", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "apply one PTX instruction over register tiles";
  let description = [{
    Syntax:

    ```
    operation ::= `tile.apply` string-literal `(` operand-list `)`
                  (`pred` `(` `not`? ssa-use `)`)? (`preserve_dst`)?
                  `scope` `(` scope `)` attr-dict `:` type-list
    operand-list ::= (`not`? ssa-use (`,` `not`? ssa-use)*)?
    ```

    The opcode string is decoded once the operand types are known, so forms
    that share a spelling (`mov.b32` plain, packing, unpacking) are told
    apart by their operands.

    `tile.apply` applies the PTX instruction named by its opcode
    ([PTX ISA](https://docs.nvidia.com/cuda/parallel-thread-execution/),
    e.g. section 9.7.3.6 for `fma`) to its operands, which are listed in the
    instruction's own order (`fma`: `d, a, b, c`; `ld`: `d, address`;
    `st`: `address, b`; `mov`: `d, a`).

    Every tensor operand is a memref with coordinates
    `(*group, *repeat, *atom)`:

    - **atom** (the last axis) counts the native registers one instruction
      binds (register operands) or the elements it moves (memory operands);
    - **repeat** axes are static; each repeat coordinate, in row-major
      order, emits exactly one instruction;
    - **group** axes are fixed by `scope`: none for `thread`, `(lane)` for
      `warp`, `(warp_in_group, lane)` for `warpgroup`,
      `(warp_in_cta, lane)` for `cta`. They are bound to the executing
      thread's ids; a group extent smaller than the scope's leaves the other
      threads inactive. A register operand's group axes are distributed and
      must have stride 0.

    A memory operand of a warp's matrices (ldmatrix, stmatrix: the table
    gives it the rows the lanes address) has coordinates
    `(*group, *repeat, *matrix, row, column)` instead: the matrices the
    warp moves, shared by its lanes (stride 0 on the lane axis), the
    matrix axes' extents multiplying to the form's count (`.x4`: `4` or
    `2x2`, matrix `i * 2 + j`), columns contiguous and every row 16-byte
    aligned. Each lane addresses the row the table's map gives it.

    A scalar SSA value is allowed for a single-register read input and is
    broadcast over every repeat. `pred` makes the instruction execute
    only where it is true: an i1 scalar for every repeat, or an i1 register
    tile with the operands' group and repeat extents and atom extent 1
    (`pred(%p : memref<4x1xi1, #tile.reg>)`), one predicate per repeat, as
    `setp` writes them. `pred(not %p)` executes where `%p` is false (PTX's
    `@!p`). `preserve_dst` keeps a register destination's prior
    value where `pred` is false (otherwise that value is undefined).

    `not %c` negates a predicate source where the form's syntax line writes
    it `{!}c` (setp's and set's third source: PTX's `!c`); on any other
    operand it is an error.

    Rounding, saturation, ftz, relu, oob and packing are opcode qualifiers.
    The opcode is decoded against the instruction table, and the form's PTX
    ISA version and SM floor are checked against the enclosing
    `gpu.module`'s `#nvvm.target`.

    Example (the four fused operations of the TIRx `fma` page):

    ```mlir
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    tile.apply "ld.global.f32" (%r, %A) scope(thread)
        : memref<4x1xf32, #tile.reg>, memref<4x1xf32>
    tile.apply "fma.rn.f32" (%r, %r, %two, %one) scope(thread)
        : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
    tile.apply "st.global.f32" (%Out, %r) scope(thread)
        : memref<4x1xf32>, memref<4x1xf32, #tile.reg>
    ```
  }];
  let arguments = (ins
    Tile_PtxOpcodeAttr:$opcode,
    Variadic<AnyTypeOf<[AnyMemRef, AnySignlessInteger, AnyFloat]>>:$args,
    Optional<AnyTypeOf<[I1, MemRefOf<[I1]>]>>:$pred,
    UnitAttr:$preserve_dst,
    DefaultValuedAttr<Tile_Scope, "::mlir::tile::Scope::thread">:$scope,
    OptionalAttr<DenseI64ArrayAttr>:$negated,
    UnitAttr:$negate_pred
  );
  // `"spelling" (args) [pred(%p)] [preserve_dst] scope(s) attr-dict : types`:
  // custom, so that the opcode is decoded once the operand types are known.
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "const ::tile::ptx::Instr &":$instr, "::mlir::ValueRange":$args,
                   CArg<"::mlir::Value", "{}">:$pred,
                   CArg<"bool", "false">:$preserveDst,
                   CArg<"::mlir::tile::Scope", "::mlir::tile::Scope::thread">:$scope)>
  ];
  let extraClassDeclaration = [{
    /// The decoded instruction.
    ::tile::ptx::Instr getInstr() { return getOpcode().getInstr(); }
    /// Number of group axes the scope fixes.
    static unsigned getGroupRank(::mlir::tile::Scope scope);
    /// Largest extent of each group axis of the scope: (32) for warp,
    /// (4, 32) for warpgroup, (32, 32) for cta (at most 32 warps per CTA).
    static ::llvm::SmallVector<int64_t> getGroupLimits(::mlir::tile::Scope scope);
    /// Name of a group axis ("lane", "warp_in_group", "warp_in_cta").
    static ::llvm::StringRef getGroupAxisName(::mlir::tile::Scope scope,
                                              unsigned axis);
    /// Whether this op is one instruction: thread scope and every tensor
    /// operand holds only its atom axis (what the lowering takes).
    bool isSingleInstruction();
    /// Instructions one thread executes for this op: the product of its
    /// repeat extents (bounded by the verifier).
    int64_t getNumInstructions();
    /// Whether argument `index` is written negated (`not %c`).
    bool isArgNegated(unsigned index);
    /// Whether argument `index` is a memory operand of a warp's matrices
    /// (the rows the lanes address: ldmatrix, stmatrix), whose matrix and
    /// row axes take the place of the atom axis.
    bool isRowsOperand(unsigned index);
    /// The first tensor operand whose axes are (group, repeat, atom): the
    /// one the group and repeat extents are read from; null if none.
    ::mlir::Value getShapeOperand();
    /// The index of the form's accumulator operand (mma's c), if any.
    std::optional<unsigned> getAccumulatorIndex();
    /// The repeat axes (counted from the first repeat axis) along which the
    /// destination of a multiply-accumulate has stride 0 and more than one
    /// entry: K accumulated through repeats. The first repeat along them
    /// reads the accumulator operand, every later one the destination.
    ::llvm::SmallVector<unsigned> getAccumulationAxes();
  }];
}

#endif // TILE_DIALECT_TILE_IR_TILEOPS_TD
