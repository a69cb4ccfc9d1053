// Accesses at the last element of their buffers run, with the memory checks
// on and off, and give the same values: a memref.load and memref.store at
// index n - 1 of a memref<?xf32> (7 + 1 = 8), an ld.global.v4 of its last
// four elements (stored to the first four), the last element of a workgroup buffer, of the dynamic
// shared memory and of a workgroup memref.global, and a kernel that views a
// host subview (elements 2..3 of 4) as the whole buffer again (inside the
// buffer, so no error, as with compute-sanitizer).
// REQUIRES: cuda-runtime
// RUN: tile-runner --backend=cpu %s | FileCheck %s
// RUN: tile-runner --backend=cpu --cpu-bounds-check=0 %s | FileCheck %s
// CHECK: [4, 5, 6, 8, 4, 5, 6, 8]
// CHECK: [4, 5, 6, 7]
// CHECK-NOT: tile-cpu
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    memref.global "private" @g : memref<4xf32, #gpu.address_space<workgroup>>
    gpu.func @last(%A: memref<?xf32>) workgroup(%S: memref<8xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c7 = arith.constant 7 : index
      %one = arith.constant 1.0 : f32
      %n = memref.dim %A, %c0 : memref<?xf32>
      %last = arith.subi %n, %c1 : index
      // A[n - 1] += 1 through shared memory, the dynamic shared memory and
      // the global, each at its last element.
      %v = memref.load %A[%last] : memref<?xf32>
      memref.store %v, %S[%c7] : memref<8xf32, #gpu.address_space<workgroup>>
      %s = memref.load %S[%c7] : memref<8xf32, #gpu.address_space<workgroup>>
      %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %dv = memref.view %d[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %s, %dv[%c3] : memref<4xf32, #gpu.address_space<workgroup>>
      %x = memref.load %dv[%c3] : memref<4xf32, #gpu.address_space<workgroup>>
      %g = memref.get_global @g : memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %x, %g[%c3] : memref<4xf32, #gpu.address_space<workgroup>>
      %y = memref.load %g[%c3] : memref<4xf32, #gpu.address_space<workgroup>>
      %z = arith.addf %y, %one : f32
      memref.store %z, %A[%last] : memref<?xf32>
      // The last four elements to the first four with ld/st.global.v4.
      %o = arith.subi %n, %c4 : index
      %t = memref.subview %A[%o] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
      %e = memref.expand_shape %t [[0, 1]] output_shape [1, 4] : memref<4xf32, strided<[1], offset: ?>> into memref<1x4xf32, strided<[4, 1], offset: ?>>
      %f = memref.subview %A[0] [4] [1] : memref<?xf32> to memref<4xf32>
      %fe = memref.expand_shape %f [[0, 1]] output_shape [1, 4] : memref<4xf32> into memref<1x4xf32>
      %r = tile.alloc_local : memref<1x4xf32, #tile.reg>
      tile.apply "ld.global.v4.f32" (%r, %e) scope(thread) : memref<1x4xf32, #tile.reg>, memref<1x4xf32, strided<[4, 1], offset: ?>>
      tile.apply "st.global.v4.f32" (%fe, %r) scope(thread) : memref<1x4xf32>, memref<1x4xf32, #tile.reg>
      gpu.return
    }
    gpu.func @whole(%V: memref<2xf32, strided<[1], offset: ?>>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %w = memref.reinterpret_cast %V to offset: [0], sizes: [4], strides: [1] : memref<2xf32, strided<[1], offset: ?>> to memref<4xf32>
      %v = memref.load %w[%t] : memref<4xf32>
      %four = arith.constant 4.0 : f32
      %u = arith.addf %v, %four : f32
      memref.store %u, %w[%t] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %bytes = arith.constant 16 : i32
    %H = memref.alloc (%c8) : memref<?xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %H[%i] : memref<?xf32>
    }
    %A = gpu.alloc (%c8) : memref<?xf32>
    gpu.memcpy %A, %H : memref<?xf32>, memref<?xf32>
    gpu.launch_func @m::@last blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %bytes args(%A : memref<?xf32>)
    gpu.memcpy %H, %A : memref<?xf32>, memref<?xf32>
    %u = memref.cast %H : memref<?xf32> to memref<*xf32>
    %W = gpu.alloc () : memref<4xf32>
    %Wv = memref.subview %W[2] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 2>>
    %Wd = memref.cast %Wv : memref<2xf32, strided<[1], offset: 2>> to memref<2xf32, strided<[1], offset: ?>>
    %Z = memref.alloc () : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %Z[%i] : memref<4xf32>
    }
    gpu.memcpy %W, %Z : memref<4xf32>, memref<4xf32>
    gpu.launch_func @m::@whole blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%Wd : memref<2xf32, strided<[1], offset: ?>>)
    gpu.memcpy %Z, %W : memref<4xf32>, memref<4xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %z = memref.cast %Z : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%z) : (memref<*xf32>) -> ()
    return
  }
}
