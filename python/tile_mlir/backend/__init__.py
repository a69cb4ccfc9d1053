"""TIRx's `tvm_tirx.backend` module paths under tile_mlir, for programs
ported by replacing the package prefix (`tvm_tirx.` -> `tile_mlir.`)."""
