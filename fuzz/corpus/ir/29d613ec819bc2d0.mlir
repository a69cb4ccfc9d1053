func.func @f() {
  %r = tile.alloc_local : memref<4x1xindex, #tile.reg>
  return
}
