func.func @f() {
  %r = tile.alloc_local : memref<?xf32, #tile.reg>
  return
}
