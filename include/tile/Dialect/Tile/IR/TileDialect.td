//===- TileDialect.td - The tile dialect -------------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TILE_IR_TILEDIALECT_TD
#define TILE_DIALECT_TILE_IR_TILEDIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::mlir::tile";
  let summary = "Exact PTX instructions applied over register tiles";
  let description = [{
    The `tile` dialect lets a GPU compiler say exactly which PTX instruction it
    means (`tile.apply "fma.rn.f32" ...`) and apply it over register tiles
    with group, repeat and atom axes. The opcode is checked against one table
    of PTX instruction knowledge (forms, qualifiers, register types, PTX ISA
    version and SM floor) before anything reaches the assembler.

    Register tiles are memrefs in the `#tile.reg` memory space, allocated with
    `tile.alloc_local`; memref views (subviews, strided and permuted layouts)
    of them are legal operands.

    A kernel parameter that holds a tensor map may say which layout it was
    made from: `{tile.tensor_map = #tile.smem_layout<...>}` (and
    `tile.tensor_map_split = N` for a map whose box is a share of the
    layout's rows, as `tile.tensor_map_encode ... split(N)` makes it).
    `tile-check-tensor-maps` then checks the maps that launches pass and the
    boxes that the kernel's tensor copies move through it.

    `{tile.grid_constant}` on a kernel's `memref<128xi8>` parameter passes
    the tensor map by value, as CUDA's `__grid_constant__ const CUtensorMap`
    does: the launch copies the map's 128 bytes (from host or device
    memory) into the kernel's parameter space, and the kernel's tensor
    copies read it there through its generic address. Such a parameter is
    read only by the tensor-map operands of tensor copies, reductions and
    `prefetch.tensormap`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasRegionArgAttrVerify = 1;
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TILE_DIALECT_TILE_IR_TILEDIALECT_TD
