func.func @mixed(%v: vector<4xf32>, %m: memref<4xf32>, %r: memref<4x1xf32, #tile.reg>, %c: f32) {
  %s = vector.reduction <add>, %v : vector<4xf32> into f32
  linalg.fill ins(%s : f32) outs(%m : memref<4xf32>)
  tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
  return
}
