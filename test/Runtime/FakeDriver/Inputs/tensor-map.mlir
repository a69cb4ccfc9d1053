// tile.tensor_map_encode of 64 columns of a 64 x 128 tensor: the runtime
// asks the driver for the map (rows 256 bytes apart).
func.func @main() {
  %m = gpu.alloc() : memref<128xi8>
  %a = gpu.alloc() : memref<64x128xbf16>
  %v = memref.subview %a[0, 0] [64, 64] [1, 1] : memref<64x128xbf16> to memref<64x64xbf16, strided<[128, 1]>>
  tile.tensor_map_encode %m, %v layout(#tile.smem_layout<64x64xbf16, swizzle = "128B">) : memref<128xi8>, memref<64x64xbf16, strided<[128, 1]>>
  return
}
