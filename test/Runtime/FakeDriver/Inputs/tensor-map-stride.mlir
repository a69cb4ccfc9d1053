// tile.tensor_map_encode of a tensor whose columns are 2 elements apart:
// the runtime refuses it before asking the driver.
func.func @main() {
  %m = gpu.alloc() : memref<128xi8>
  %a = gpu.alloc() : memref<64x128xbf16>
  %v = memref.subview %a[0, 0] [64, 64] [1, 2] : memref<64x128xbf16> to memref<64x64xbf16, strided<[128, 2]>>
  tile.tensor_map_encode %m, %v layout(#tile.smem_layout<64x64xbf16, swizzle = "128B">) : memref<128xi8>, memref<64x64xbf16, strided<[128, 2]>>
  return
}
