// RUN: tile-opt %s -split-input-file -tile-check-tensor-maps -verify-diagnostics

// Kernel parameters that name the layout their tensor map was made from
// (tile.tensor_map, tile.tensor_map_split): the maps the launches pass and
// the boxes the kernel's tensor copies move are checked against it.

#WS = #gpu.address_space<workgroup>
#LA = #tile.smem_layout<64x64xbf16, swizzle = "128B">
#LB = #tile.smem_layout<128x64xbf16, swizzle = "128B">
!Map = memref<128xi8>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    // A's box is 64 rows of 128 bytes; Bt's, split in two, 64 rows.
    gpu.func @k(%mapA: !Map {tile.tensor_map = #LA}, %mapB: !Map {tile.tensor_map = #LB, tile.tensor_map_split = 2 : i64}) workgroup(%S: memref<4096xbf16, #WS>, %T: memref<4096xbf16, #WS>, %bar: memref<1xi64, #WS>) kernel {
      %at = tile.alloc_local : memref<2xi32, #tile.reg>
      tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%S, %mapA, %at, %bar) scope(thread) : memref<4096xbf16, #WS>, !Map, memref<2xi32, #tile.reg>, memref<1xi64, #WS>
      tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%T, %mapB, %at, %bar) scope(thread) : memref<4096xbf16, #WS>, !Map, memref<2xi32, #tile.reg>, memref<1xi64, #WS>
      gpu.return
    }
  }
  func.func @host(%a: memref<512x512xbf16>, %b: memref<512x512xbf16>) {
    %c1 = arith.constant 1 : index
    %mapA = gpu.alloc () : !Map
    %mapB = gpu.alloc () : !Map
    tile.tensor_map_encode %mapA, %a layout(#LA) : !Map, memref<512x512xbf16>
    tile.tensor_map_encode %mapB, %b layout(#LB) split(2) : !Map, memref<512x512xbf16>
    %castB = memref.cast %mapB : !Map to !Map
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%mapA : !Map, %castB : !Map)
    return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
#LA = #tile.smem_layout<64x64xbf16, swizzle = "128B">
#LB = #tile.smem_layout<128x64xbf16, swizzle = "128B">
!Map = memref<128xi8>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @k(%mapA: !Map {tile.tensor_map = #LA}, %mapB: !Map {tile.tensor_map = #LB, tile.tensor_map_split = 2 : i64}) workgroup(%S: memref<4096xbf16, #WS>, %bar: memref<1xi64, #WS>) kernel {
      gpu.return
    }
  }
  func.func @host(%a: memref<512x512xbf16>, %b: memref<512x512xbf16>) {
    %c1 = arith.constant 1 : index
    %mapA = gpu.alloc () : !Map
    %mapB = gpu.alloc () : !Map
    // expected-note @below {{the map is made here}}
    tile.tensor_map_encode %mapA, %a layout(#LB) : !Map, memref<512x512xbf16>
    // expected-note @below {{the map is made here}}
    tile.tensor_map_encode %mapB, %b layout(#LB) : !Map, memref<512x512xbf16>
    // expected-error @below {{passes to parameter 0 of @k a tensor map made from #tile.smem_layout<128x64xbf16, swizzle = "128B"> split(1), but the parameter holds one made from #tile.smem_layout<64x64xbf16, swizzle = "128B"> split(1)}}
    // expected-error @below {{passes to parameter 1 of @k a tensor map made from #tile.smem_layout<128x64xbf16, swizzle = "128B"> split(1), but the parameter holds one made from #tile.smem_layout<128x64xbf16, swizzle = "128B"> split(2)}}
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%mapA : !Map, %mapB : !Map)
    return
  }
}

// -----

#WS = #gpu.address_space<workgroup>
#LA = #tile.smem_layout<64x64xbf16, swizzle = "128B">
!Map = memref<128xi8>
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k(%mapA: !Map {tile.tensor_map = #LA}, %G: memref<64xf32>) workgroup(%S: memref<2048xbf16, #WS>, %bar: memref<1xi64, #WS>) kernel {
    %at = tile.alloc_local : memref<2xi32, #tile.reg>
    %at3 = tile.alloc_local : memref<3xi32, #tile.reg>
    // expected-error @below {{moves 4096 bytes through parameter 0, whose tensor map (made from #tile.smem_layout<64x64xbf16, swizzle = "128B"> split(1)) has a box of 64 rows of 128 bytes: 8192 bytes}}
    tile.apply "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%S, %mapA, %at, %bar) scope(thread) : memref<2048xbf16, #WS>, !Map, memref<2xi32, #tile.reg>, memref<1xi64, #WS>
    // expected-error @below {{copies a 3-D box through parameter 0, whose tensor map is 2-D}}
    tile.apply "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes" (%S, %mapA, %at3, %bar) scope(thread) : memref<2048xbf16, #WS>, !Map, memref<3xi32, #tile.reg>, memref<1xi64, #WS>
    // expected-error @below {{moves 4096 bytes through parameter 0}}
    tile.apply "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group" (%mapA, %at, %S) scope(thread) : !Map, memref<2xi32, #tile.reg>, memref<2048xbf16, #WS>
    gpu.return
  }
}

// -----

// expected-error @below {{parameter 0's 'tile.tensor_map' must be a #tile.smem_layout (the layout the map was made from)}}
func.func @not_a_layout(%m: memref<128xi8> {tile.tensor_map = 3 : i64}) {
  return
}

// -----

// expected-error @below {{'tile.tensor_map' is for a tensor map's 128 bytes (memref<128xi8>), not parameter 0 of type 'memref<64xi8>'}}
func.func @not_a_map(%m: memref<64xi8> {tile.tensor_map = #tile.smem_layout<64x64xbf16, swizzle = "128B">}) {
  return
}

// -----

// expected-error @below {{parameter 0's tile.tensor_map_split 3 must divide the layout's 64 rows into shares of whole groups of 8 rows}}
func.func @bad_split(%m: memref<128xi8> {tile.tensor_map = #tile.smem_layout<64x64xbf16, swizzle = "128B">, tile.tensor_map_split = 3 : i64}) {
  return
}

// -----

// expected-error @below {{unknown tile argument attribute 'tile.tensor_mapp'}}
func.func @unknown(%m: memref<128xi8> {tile.tensor_mapp = 1 : i64}) {
  return
}

// -----

// expected-error @below {{parameter 0's tile.tensor_map_split must be a signless integer (`2 : i64`)}}
func.func @unsigned_split(%m: memref<128xi8> {tile.tensor_map = #tile.smem_layout<64x64xbf16, swizzle = "128B">, tile.tensor_map_split = 2 : ui32}) {
  return
}

// -----

// One map buffer encoded twice, each before the launch that uses it: each
// launch sees the encode before it. An encode inside an scf.if between
// them leaves the second launch unchecked.
#LA = #tile.smem_layout<64x64xbf16, swizzle = "128B">
#LB = #tile.smem_layout<128x64xbf16, swizzle = "128B">
!Map = memref<128xi8>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
    gpu.func @ka(%map: !Map {tile.tensor_map = #LA}) kernel {
      gpu.return
    }
    gpu.func @kb(%map: !Map {tile.tensor_map = #LB}) kernel {
      gpu.return
    }
  }
  func.func @host(%a: memref<512x512xbf16>, %c: i1) {
    %c1 = arith.constant 1 : index
    %map = gpu.alloc () : !Map
    tile.tensor_map_encode %map, %a layout(#LA) : !Map, memref<512x512xbf16>
    gpu.launch_func @m::@ka blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%map : !Map)
    tile.tensor_map_encode %map, %a layout(#LB) : !Map, memref<512x512xbf16>
    gpu.launch_func @m::@kb blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%map : !Map)
    scf.if %c {
      tile.tensor_map_encode %map, %a layout(#LA) : !Map, memref<512x512xbf16>
    }
    gpu.launch_func @m::@kb blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%map : !Map)
    // expected-note @below {{the map is made here}}
    tile.tensor_map_encode %map, %a layout(#LA) : !Map, memref<512x512xbf16>
    // expected-error @below {{passes to parameter 0 of @kb a tensor map made from #tile.smem_layout<64x64xbf16, swizzle = "128B"> split(1)}}
    gpu.launch_func @m::@kb blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%map : !Map)
    return
  }
}
