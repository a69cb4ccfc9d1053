// The vector forms of atom and red on the CPU backend: the same kernel and
// values as on the GPU (Integration/CUDA/vector-atomics.mlir), with and
// without the memory checks; and their PTX assembles (sm_90).
// RUN: tile-runner --backend=cpu %S/../CUDA/vector-atomics.mlir | FileCheck %S/../CUDA/vector-atomics.mlir
// RUN: tile-runner --backend=cpu --cpu-bounds-check=0 %S/../CUDA/vector-atomics.mlir | FileCheck %S/../CUDA/vector-atomics.mlir
// RUN: tile-translate --mlir-to-ptx %S/../CUDA/vector-atomics.mlir -o %t.ptx
// RUN: FileCheck --check-prefix=PTX %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// PTX: red.global.add.v4.f32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// PTX: red.global.add.noftz.v8.f16 [%{{[a-z0-9]+}}], {
// PTX: atom.global.add.v2.f32 {%r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}+16], {
// PTX: atom.global.max.noftz.v4.bf16 {
// PTX: atom.global.min.noftz.v2.f16x2 {
