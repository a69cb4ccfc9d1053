// RUN: tile-opt %s -split-input-file -tile-gpu-to-host -verify-diagnostics

// What the CPU backend cannot run, each with its location.

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: f32) kernel {
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      // expected-error @+1 {{'gpu.shuffle' op cannot run on the CPU backend}}
      %r, %ok = gpu.shuffle xor %x, %c1, %c32 : f32
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      // expected-error @+1 {{'nvvm.read.ptx.sreg.smid' op cannot run on the CPU backend}}
      %t = nvvm.read.ptx.sreg.smid : i32
      gpu.return
    }
  }
}

// -----

// vprintf reads 32-bit integers at least: an i8 would be read with the
// bytes after it.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: i8) kernel {
      // expected-error @+1 {{'gpu.printf' op prints a value of type 'i8', which vprintf does not promote: pass a 32- or 64-bit integer or a float}}
      gpu.printf "%d", %x : i8
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @+1 {{'gpu.func' op is a device function; the CPU backend runs kernels only (inline it into the kernel)}}
    gpu.func @f() {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.wait' op is asynchronous; the CPU backend runs synchronous GPU host code only}}
    %t = gpu.wait async
    %t2 = gpu.launch_func async [%t] @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @main(%m: memref<4xi32>, %v: i32) {
    // expected-error @+1 {{'gpu.memset' op has no CPU backend lowering}}
    gpu.memset %m, %v : memref<4xi32>, i32
    return
  }
}

// -----

// With the memory checks on, a kernel op that accesses memory in a way they
// do not cover.

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<4xf32>, %b: memref<4xf32>) kernel {
      // expected-error @+1 {{'memref.copy' op accesses memory in a way the CPU backend's bounds checks do not cover (they cover memref and affine loads, stores and atomics); turn them off (tile-runner --cpu-bounds-check=0) to run it unchecked}}
      memref.copy %a, %b : memref<4xf32> to memref<4xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @main(%n: index) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op has a cluster dimension that is not a constant; the CPU backend runs clusters of a shape known when it compiles}}
    gpu.launch_func @m::@k clusters in (%n, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{'gpu.launch_func' op launches clusters of 4x4x1 CTAs; a cluster has 1 to 8 CTAs (the portable size; tile-mlir does not ask for more)}}
    gpu.launch_func @m::@k clusters in (%c4, %c4, %c1) blocks in (%c4, %c4, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{'gpu.launch_func' op launches clusters of 4x1x1 CTAs of a kernel whose known_cluster_size is 2x1x1}}
    gpu.launch_func @m::@k clusters in (%c4, %c1, %c1) blocks in (%c4, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%c: f32) kernel {
      %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
      // expected-error @+1 {{'tile.apply' op has group or repeat axes; run -tile-expand-repeats before tile-gpu-to-host}}
      tile.apply "fma.rn.f32" (%r, %r, %c, %c) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32, f32
      gpu.return
    }
  }
}
