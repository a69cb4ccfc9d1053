// The SASS of the seed example: 4 FFMA, no LDL/STL, and 19 instructions
// (NOPs aside), what nvcc 13.0 -O3 gives for the same kernel in CUDA C
// (measured: docs/benchmarks.md). With one address register per offset,
// ptxas reloaded both parameters (21).
// REQUIRES: ptxas, cuobjdump
// RUN: tile-translate --mlir-to-ptx %tile_src/examples/affine_fma.mlir -o %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: env PATH=%cuobjdump_dir:$PATH %cuobjdump -sass %t.cubin > %t.sass
// RUN: grep -c FFMA %t.sass | FileCheck %s
// RUN: not grep -E '\b(LDL|STL)\b' %t.sass
// CHECK: {{^4$}}
// RUN: grep -E '^\s+/\*[0-9a-f]{4}\*/' %t.sass | grep -vc NOP | FileCheck %s --check-prefix=COUNT
// COUNT: {{^19$}}
