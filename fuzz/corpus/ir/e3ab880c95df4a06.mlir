func.func @f() {
  %r = tile.alloc_local : memref<4xf32, strided<[?]>, #tile.reg>
  return
}
