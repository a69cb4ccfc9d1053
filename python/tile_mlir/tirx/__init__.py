"""TIRx's module paths under tile_mlir, for programs ported by replacing
the package prefix (`tvm_tirx.` -> `tile_mlir.`): `tile_mlir.tirx.layout`
gives `S`, `TileLayout` and `Axis` as `tile_mlir.script.tirx` does."""
