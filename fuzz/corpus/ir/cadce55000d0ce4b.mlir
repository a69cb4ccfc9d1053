func.func @g(%r: memref<1xf32, #tile.reg>, %c: f32) {
  "tile.apply"(%r, %c, %c) <{opcode = #tile.ptx<"min.f32", variant = "five">, operandSegmentSizes = array<i32: 3, 0>}> : (memref<1xf32, #tile.reg>, f32, f32) -> ()
  return
}
