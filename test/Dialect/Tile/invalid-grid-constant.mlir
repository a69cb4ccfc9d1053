// RUN: tile-opt %s -split-input-file -tile-lower-grid-constants -verify-diagnostics

// `tile.grid_constant`: a kernel's tensor map passed by value in the
// kernel's parameter space. It is a memref<128xi8> in the default memory
// space, on a kernel, named only as a tensor map.

#WS = #gpu.address_space<workgroup>
!Map = memref<128xi8>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // expected-note @below {{the parameter is declared here}}
    gpu.func @k(%map: !Map {tile.grid_constant}, %out: memref<1xi8>) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @below {{parameter 0 is a grid constant (it lives in the kernel's parameter space): it may only be named as a tensor map (of cp.async.bulk.tensor, cp.reduce.async.bulk.tensor or prefetch.tensormap)}}
      %v = memref.load %map[%c0] : !Map
      memref.store %v, %out[%c0] : memref<1xi8>
      gpu.return
    }
  }
}

// -----

!Map = memref<128xi8>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // A plain bulk copy reads its source as memory, not as a tensor map.
    // expected-note @below {{the parameter is declared here}}
    gpu.func @k(%map: !Map {tile.grid_constant}) workgroup(%S: memref<128xi8, #gpu.address_space<workgroup>>, %bar: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
      %n = arith.constant 128 : i32
      // expected-error @below {{parameter 0 is a grid constant}}
      tile.apply "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %map, %n, %bar) scope(thread) : memref<128xi8, #gpu.address_space<workgroup>>, !Map, i32, memref<1xi64, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

!Map = memref<128xi8>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // expected-note @below {{the parameter is declared here}}
    gpu.func @k(%map: !Map {tile.grid_constant}, %out: memref<128xi8>) kernel {
      // expected-error @below {{parameter 0 is a grid constant}}
      memref.copy %map, %out : !Map to memref<128xi8>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // expected-error @below {{'tile.grid_constant' is for a kernel's parameters (a gpu.func with `kernel`)}}
    gpu.func @f(%map: memref<128xi8> {tile.grid_constant}) {
      gpu.return
    }
  }
}

// -----

// expected-error @below {{'tile.grid_constant' is for a kernel's parameters (a gpu.func with `kernel`)}}
func.func @host(%map: memref<128xi8> {tile.grid_constant}) {
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // expected-error @below {{'tile.grid_constant' is for a tensor map's 128 bytes in the default memory space (memref<128xi8>), not parameter 0 of type 'memref<128xi8, #gpu.address_space<global>>'}}
    gpu.func @k(%map: memref<128xi8, #gpu.address_space<global>> {tile.grid_constant}) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // expected-error @below {{'tile.grid_constant' is for a tensor map's 128 bytes in the default memory space (memref<128xi8>), not parameter 0 of type 'memref<64xi16>'}}
    gpu.func @k(%map: memref<64xi16> {tile.grid_constant}) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // expected-error @below {{'tile.grid_constant' is for a tensor map's 128 bytes in the default memory space (memref<128xi8>), not parameter 0 of type 'i64'}}
    gpu.func @k(%map: i64 {tile.grid_constant}) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    // expected-error @below {{'tile.grid_constant' takes no value}}
    gpu.func @k(%map: memref<128xi8> {tile.grid_constant = 1 : i64}) kernel {
      gpu.return
    }
  }
}

// -----

// The host lowering passes maps only: a mark on another operand is refused.
module attributes {gpu.container_module} {
  gpu.binary @m [#gpu.object<#nvvm.target<chip = "sm_90">, "">]
  func.func @host(%n: i64) {
    %c1 = arith.constant 1 : index
    // expected-error @below {{operand 0 is marked as a grid constant but is not a memref}}
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : i64) {tile.grid_constant_args = array<i64: 0>}
    return
  }
}
