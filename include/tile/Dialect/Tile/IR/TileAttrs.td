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
  let summary = "a PTX opcode, decoded against the instruction table";
  let description = [{
    Holds a PTX opcode in PTX spelling (`#tile.ptx<"fma.rn.f32">`). When the
    spelling is a documented form it is stored in canonical qualifier order
    (`"fma.sat.rn.f32"` becomes `"fma.rn.sat.f32"`); `decode()` gives the
    structured form (matched table row, qualifiers, types) that the verifier
    and the lowering read.
  }];
  let parameters = (ins StringRefParameter<"PTX spelling">:$spelling);
  let assemblyFormat = "`<` $spelling `>`";
  let extraClassDeclaration = [{
    /// Decodes the spelling against the instruction table.
    std::optional<::tile::ptx::Instr> decode(std::string &error) const;
    /// Builds the attribute, canonicalizing the qualifier order when the
    /// spelling is a documented form.
    static PtxOpcodeAttr getCanonical(::mlir::MLIRContext *ctx,
                                      ::llvm::StringRef spelling);
  }];
}

#endif // TILE_DIALECT_TILE_IR_TILEATTRS_TD
