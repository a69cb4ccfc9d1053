"""TIRx's `tvm_tirx.backend.cuda` under tile_mlir (see `lang`)."""
