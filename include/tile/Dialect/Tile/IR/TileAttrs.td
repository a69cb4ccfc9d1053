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

#endif // TILE_DIALECT_TILE_IR_TILEATTRS_TD
