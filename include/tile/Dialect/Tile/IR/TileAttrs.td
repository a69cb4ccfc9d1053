//===- TileAttrs.td - tile dialect attributes --------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEATTRS_TD
#define TILE_DIALECT_TILE_IR_TILEATTRS_TD

include "tile/Dialect/Tile/IR/TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Tile_ScopeThread : I32EnumAttrCase<"thread", 0>;
def Tile_ScopeWarp : I32EnumAttrCase<"warp", 1>;
def Tile_ScopeWarpgroup : I32EnumAttrCase<"warpgroup", 2>;
def Tile_ScopeCta : I32EnumAttrCase<"cta", 3>;

def Tile_Scope : I32EnumAttr<"Scope",
    "execution scope that fixes an operand's group axes",
    [Tile_ScopeThread, Tile_ScopeWarp, Tile_ScopeWarpgroup, Tile_ScopeCta]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_MajorK : I32EnumAttrCase<"k", 0>;
def Tile_MajorMN : I32EnumAttrCase<"mn", 1>;

def Tile_Major : I32EnumAttr<"Major",
    "which dimension of a wgmma operand is contiguous in shared memory",
    [Tile_MajorK, Tile_MajorMN]> {
  let cppNamespace = "::mlir::tile";
}

class Tile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Tile_RegisterSpaceAttr : Tile_Attr<"RegisterSpace", "reg"> {
  let summary = "memory space of register tiles";
  let description = [{
    `#tile.reg` marks a memref as a register tile: storage owned by the
    issuing thread that the compiler keeps in registers. After
    `tile-expand-repeats` every register index is a constant, so the tiles
    become SSA registers and no local-memory traffic remains.

    ```mlir
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    ```
  }];
}

def Tile_PtxOpcodeAttr : Tile_Attr<"PtxOpcode", "ptx"> {
  let summary = "a PTX opcode, decoded once against the instruction table";
  let description = [{
    Holds a decoded PTX instruction: the instruction-table form it matched
    and the qualifiers it uses. It is written in PTX spelling
    (`#tile.ptx<"fma.rn.f32">`) and decoded when parsed or built, so an
    attribute always names a documented form, and always prints in the
    form's canonical qualifier order (`"fma.sat.rn.f32"` reads back as
    `"fma.rn.sat.f32"`). Where two forms share a spelling and differ only in
    their operands (two- and three-input `min`; `mov.b32` plain, packing
    and unpacking), the form's variant name is written too:
    `#tile.ptx<"min.f32", variant = "three_source">`. The pretty form of
    `tile.apply` tells them apart by its operands.

    A spelling that is not a documented form is a parse error that names
    the first problem (an unknown mnemonic, a missing rounding modifier, a
    qualifier the type does not take, ...).
  }];
  let parameters = (ins "unsigned":$form, "::tile::ptx::QualSet":$quals);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The decoded instruction.
    ::tile::ptx::Instr getInstr() const;
    /// The attribute of a decoded instruction.
    static PtxOpcodeAttr get(::mlir::MLIRContext *ctx,
                             const ::tile::ptx::Instr &instr);
    /// Decodes `spelling` (selecting by `hint` where forms share a
    /// spelling); on failure reports through `emitError` and returns null.
    static PtxOpcodeAttr
    decode(::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
           ::mlir::MLIRContext *ctx, ::llvm::StringRef spelling,
           const ::tile::ptx::FormHint &hint = {});
    /// The canonical spelling, e.g. "fma.rn.sat.f32".
    ::std::string getSpelling() const { return getInstr().str(); }
  }];
}

def Tile_SmemLayoutAttr : Tile_Attr<"SmemLayout", "smem_layout"> {
  let summary = "a tile in shared memory as TMA writes it and wgmma reads it";
  let description = [{
    `#tile.smem_layout<RxCxT, swizzle = "S">` describes an R x C tile of
    element type T in shared memory, C the dimension that is contiguous in
    the global tensor, stored under swizzle mode S (one of the instruction
    table's swizzle modes: "none", "32B", "64B", "128B"). It is the one
    description that both consumers of a Hopper tile read:
    `tile.tensor_map_encode` makes the tensor map whose copies write the
    tile, and `tile.smem_desc` makes the wgmma descriptors that read it.

    The tile is stored as C x bytes(T) / W atoms, W the mode's row bytes
    (16 for "none"): atom i holds columns [i W / bytes(T), (i + 1) W /
    bytes(T)) of every row, rows W bytes apart, R W bytes per atom, atoms
    one after the other. Every address is swizzled as the mode says. One
    atom is one box of the tensor map; the tile starts aligned to
    max(128, 8 W) bytes (the swizzle pattern's repeat, and TMA's 128).

    The verifier rejects what neither consumer can express: R not a
    multiple of 8 or above 256 (a box dimension), C x bytes(T) not a
    multiple of W, and element types no tensor-map data type moves.

    ```mlir
    // A 128 x 64 bf16 tile, rows of 128 bytes, the 128-byte swizzle.
    #tile.smem_layout<128x64xbf16, swizzle = "128B">
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        StringRefParameter<>:$swizzle);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The table's record of the swizzle mode (the verifier ensures one).
    const ::tile::ptx::SwizzleModeDesc &getMode() const;
    /// The tensor-map data type of the element type, or null.
    static const ::tile::ptx::TensorMapTypeDesc *
    findTensorMapType(::mlir::Type elementType);
    int64_t getRows() const { return getShape()[0]; }
    int64_t getCols() const { return getShape()[1]; }
    int64_t getElementBytes() const;
    /// Columns per atom (one box of the tensor map).
    int64_t getAtomCols() const;
    int64_t getAtomBytes() const;
    int64_t getNumAtoms() const;
    int64_t getSizeBytes() const;
    /// The alignment the tile's start needs, in bytes.
    int64_t getAlignment() const;
    /// The byte offset of element (row, col) from the tile's start, before
    /// the swizzle.
    int64_t getByteOffset(int64_t row, int64_t col) const;
  }];
}

#endif // TILE_DIALECT_TILE_IR_TILEATTRS_TD
