gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%h: i16) kernel {
    %r = tile.alloc_local : memref<4x1xi32, #tile.reg>
    "tile.apply"(%r, %h) <{opcode = #tile.ptx<"mov.b32", variant = "pack">, operandSegmentSizes = array<i32: 2, 0>}> : (memref<4x1xi32, #tile.reg>, i16) -> ()
    gpu.return
  }
}
