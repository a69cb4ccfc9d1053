// tile.tensor_map_encode of a tensor whose rows overlap (64 columns, rows
// 32 elements apart): the runtime refuses it before asking the driver.
func.func @main() {
  %m = gpu.alloc() : memref<128xi8>
  %a = gpu.alloc() : memref<64x128xbf16>
  %v = memref.reinterpret_cast %a to offset: [0], sizes: [64, 64], strides: [32, 1] : memref<64x128xbf16> to memref<64x64xbf16, strided<[32, 1]>>
  tile.tensor_map_encode %m, %v layout(#tile.smem_layout<64x64xbf16, swizzle = "128B">) : memref<128xi8>, memref<64x64xbf16, strided<[32, 1]>>
  return
}
