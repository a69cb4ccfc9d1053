// Loops of tile instructions reach LLVM with an unroll count
// (tile-annotate-unroll), and a user's own scf.for annotation reaches it too
// (convert-scf-to-cf leaves it where the translation to LLVM IR would drop
// it; the tile lowering moves it onto the branch).
// RUN: tile-translate --mlir-to-ptx %s -o %t.ptx
// RUN: grep -c "fma.rn.f32 " %t.ptx | FileCheck %s --check-prefix=DEFAULT
// RUN: tile-translate --mlir-to-ptx --unroll-target=0 %s | grep -c "fma.rn.f32 " | FileCheck %s --check-prefix=LLVM
// RUN: sed 's/} \/\/ loop end/} {llvm.loop_annotation = #llvm.loop_annotation<unroll = <count = 4 : i32>>}/' %s | tile-translate --mlir-to-ptx - | grep -c "fma.rn.f32 " | FileCheck %s --check-prefix=USER
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// 1024 instructions a body: 128 copies of the loop's 8 fmas.
// DEFAULT: {{^}}1024{{$}}
// LLVM's own choice at O2: 2 copies.
// LLVM: {{^}}16{{$}}
// USER: {{^}}32{{$}}

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%Out: memref<8x1xf32>, %a: f32, %b: f32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4096 = arith.constant 4096 : index
      %r = tile.alloc_local : memref<8x1xf32, #tile.reg>
      tile.apply "ld.global.f32" (%r, %Out) scope(thread) : memref<8x1xf32, #tile.reg>, memref<8x1xf32>
      scf.for %i = %c0 to %c4096 step %c1 {
        tile.apply "fma.rn.f32" (%r, %r, %a, %b) scope(thread) : memref<8x1xf32, #tile.reg>, memref<8x1xf32, #tile.reg>, f32, f32
      } // loop end
      tile.apply "st.global.f32" (%Out, %r) scope(thread) : memref<8x1xf32>, memref<8x1xf32, #tile.reg>
      gpu.return
    }
  }
}
