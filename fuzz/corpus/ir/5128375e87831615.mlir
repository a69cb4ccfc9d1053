func.func @f() {
  %r = tile.alloc_local : memref<4x1xf32>
  return
}
