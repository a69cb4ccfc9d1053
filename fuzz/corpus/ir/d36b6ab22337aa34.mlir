func.func @g(%r: memref<1xf32, #tile.reg>, %c: f32) {
  "tile.apply"(%r, %c, %c, %c) <{opcode = #tile.ptx<"fma.sat.f32">, operandSegmentSizes = array<i32: 4, 0>}> : (memref<1xf32, #tile.reg>, f32, f32, f32) -> ()
  return
}
