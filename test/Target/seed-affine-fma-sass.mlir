// The SASS of the seed example: 4 FFMA, no LDL/STL.
// REQUIRES: ptxas, cuobjdump
// RUN: tile-translate --mlir-to-ptx %tile_src/examples/affine_fma.mlir -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: env PATH=%cuobjdump_dir:$PATH %cuobjdump -sass %t.cubin > %t.sass
// RUN: grep -c FFMA %t.sass | FileCheck %s
// RUN: not grep -E '\b(LDL|STL)\b' %t.sass
// CHECK: {{^4$}}
