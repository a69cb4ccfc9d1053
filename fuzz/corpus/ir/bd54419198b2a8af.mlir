func.func @f() {
  %r = tile.alloc_local : memref<4xf32, strided<[-1], offset: 3>, #tile.reg>
  return
}
