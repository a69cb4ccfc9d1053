// Arrives on the barrier of the other CTA of a cluster of 2
// (Target/cluster-ptxas.test).
#WS = #gpu.address_space<workgroup>
!R = memref<1xi64, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90", features = "+ptx86">] {
    gpu.func @k() workgroup(%bar: memref<1xi64, #WS>) kernel
        attributes {known_cluster_size = array<i32: 2, 1, 1>} {
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %rank = gpu.cluster_block_id x
      %r32 = arith.index_cast %rank : index to i32
      %peer = arith.xori %r32, %one : i32
      %remote = tile.alloc_local : !R
      tile.apply "mapa.shared::cluster.u64" (%remote, %bar, %peer) scope(thread) : !R, memref<1xi64, #WS>, i32
      tile.apply "mbarrier.arrive.shared::cluster.b64" (%remote) scope(thread) : !R
      tile.apply "mbarrier.arrive.relaxed.cluster.shared::cluster.b64" (%remote, %two) scope(thread) : !R, i32
      tile.apply "mbarrier.arrive.release.cluster.shared::cluster.b64" (%remote) scope(thread) : !R
      gpu.return
    }
  }
}
