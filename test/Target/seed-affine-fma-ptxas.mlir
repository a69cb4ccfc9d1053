// ptxas accepts the seed example's PTX for sm_90, and the SASS has 4 FFMA and
// no local memory.
// REQUIRES: ptxas
// RUN: tile-translate --mlir-to-ptx %tile_src/examples/affine_fma.mlir -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
