"""TIRx's module paths under tile_mlir, for programs ported by replacing
the package prefix (`tvm_tirx.` -> `tile_mlir.`): `tile_mlir.tirx.layout`
gives `S`, `TileLayout` and `Axis` as `tile_mlir.script.tirx` does."""


def ported(source):
    """A TIRx program's source with its imports from `tvm_tirx.` taken from
    `tile_mlir.` (the script import among them): what "only the import
    line changed" means for the tests and the parity harness."""
    return source.replace("from tvm_tirx.", "from tile_mlir.")
