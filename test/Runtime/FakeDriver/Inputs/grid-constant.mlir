// A kernel that takes a tensor map by value (tile.grid_constant): the
// launch copies the map's 128 bytes from the device buffer first.
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%map: memref<128xi8> {tile.grid_constant}) kernel {
      tile.apply "prefetch.tensormap" (%map) scope(thread) : memref<128xi8>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %map = gpu.alloc () : memref<128xi8>
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%map : memref<128xi8>)
    return
  }
}
