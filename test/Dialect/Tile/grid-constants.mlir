// RUN: tile-opt %s -split-input-file -tile-mark-grid-constants | FileCheck %s --check-prefix=MARK
// RUN: tile-opt %s -split-input-file -tile-lower-grid-constants | FileCheck %s --check-prefix=LOWER

// The launches of a kernel with grid-constant parameters: the marking
// records the operands that go to them (parameters 0 and 2 here), and the
// host lowering passes each one's 128 bytes by value, copied through the
// runtime into a 64-byte aligned buffer of the launching function's entry
// block (one per operand, reused by a launch in a loop). A launch of
// another kernel is left alone. The host lowering runs once the kernels
// are compiled (the second module: a gpu.binary, and the marks).

#WS = #gpu.address_space<workgroup>
!Map = memref<128xi8>
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @k(%a: !Map {tile.grid_constant}, %x: memref<4xf32>, %c: !Map {tile.grid_constant}) kernel {
      tile.apply "prefetch.tensormap" (%a) scope(thread) : !Map
      tile.apply "prefetch.tensormap" (%c) scope(thread) : !Map
      gpu.return
    }
    gpu.func @plain(%a: !Map) kernel {
      gpu.return
    }
  }
  func.func @host(%a: !Map, %x: memref<4xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c = memref.alloc() {alignment = 64} : !Map
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : !Map, %x : memref<4xf32>, %c : !Map)
    }
    gpu.launch_func @m::@plain blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : !Map)
    return
  }
}

// MARK: gpu.launch_func @m::@k {{.*}} args(%{{.*}} : memref<128xi8>, %{{.*}} : memref<4xf32>, %{{.*}} : memref<128xi8>) {tile.grid_constant_args = array<i64: 0, 2>}
// MARK: gpu.launch_func @m::@plain {{.*}} args(%{{.*}} : memref<128xi8>){{$}}


// -----

!Map = memref<128xi8>
module attributes {gpu.container_module} {
  gpu.binary @m [#gpu.object<#nvvm.target<chip = "sm_90">, "">]
  func.func @host(%a: !Map, %x: memref<4xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c = memref.alloc() {alignment = 64} : !Map
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : !Map, %x : memref<4xf32>, %c : !Map) {tile.grid_constant_args = array<i64: 0, 2>}
    }
    gpu.launch_func @m::@plain blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : !Map)
    return
  }
}

// LOWER: func.func private @tileTensorMapToHost(i64, i64)
// LOWER: func.func @host(%[[A:.*]]: memref<128xi8>, %[[X:.*]]: memref<4xf32>, %{{.*}}: index)
// LOWER: %[[BUF2:.*]] = llvm.alloca %{{.*}} x !llvm.array<128 x i8> {alignment = 64 : i64} : (i64) -> !llvm.ptr
// LOWER: %[[BUF0:.*]] = llvm.alloca %{{.*}} x !llvm.array<128 x i8> {alignment = 64 : i64} : (i64) -> !llvm.ptr
// LOWER: scf.for
// LOWER: %[[D0:.*]] = llvm.ptrtoint %[[BUF0]] : !llvm.ptr to i64
// LOWER: call @tileTensorMapToHost(%[[D0]], %{{.*}}) : (i64, i64) -> ()
// LOWER: %[[V0:.*]] = llvm.load %[[BUF0]] {alignment = 64 : i64} : !llvm.ptr -> !llvm.array<128 x i8>
// LOWER: %[[D2:.*]] = llvm.ptrtoint %[[BUF2]] : !llvm.ptr to i64
// LOWER: call @tileTensorMapToHost(%[[D2]], %{{.*}}) : (i64, i64) -> ()
// LOWER: %[[V2:.*]] = llvm.load %[[BUF2]] {alignment = 64 : i64} : !llvm.ptr -> !llvm.array<128 x i8>
// LOWER: gpu.launch_func @m::@k {{.*}} args(%[[V0]] : !llvm.array<128 x i8>, %[[X]] : memref<4xf32>, %[[V2]] : !llvm.array<128 x i8>)
// LOWER-NOT: tile.grid_constant_args
// LOWER: gpu.launch_func @m::@plain {{.*}} args(%[[A]] : memref<128xi8>)

