// Every float container (f16, bf16, f32, f64) through the CPU backend's JIT:
// neg without pred, under pred(odd lane) with preserve_dst, and under pred
// alone, two lanes of a warp tile, at each -O level, for this host and for
// the x86-64 baseline (no AVX512-BF16: its code stores a bf16 through
// __truncsfbf2, which the JIT provides). The destination's prior values are
// a signaling NaN, a negative quiet NaN with a payload, the smallest
// subnormal and infinity: preserve_dst must keep every bit. Outputs are the
// bit patterns (16-bit ones zero-extended), worked out by hand from the
// IEEE encodings; the lane 0 row of the third output is undefined.
// REQUIRES: cuda-runtime
// RUN: tile-runner --backend=cpu -O 0 %s | FileCheck %s
// RUN: tile-runner --backend=cpu -O 0 --jit-cpu=x86-64 %s | FileCheck %s
// RUN: tile-runner --backend=cpu -O 1 %s | FileCheck %s
// RUN: tile-runner --backend=cpu -O 1 --jit-cpu=x86-64 %s | FileCheck %s
// RUN: tile-runner --backend=cpu -O 2 %s | FileCheck %s
// RUN: tile-runner --backend=cpu -O 2 --jit-cpu=x86-64 %s | FileCheck %s
// RUN: tile-runner --backend=cpu -O 3 %s | FileCheck %s
// RUN: tile-runner --backend=cpu -O 3 --jit-cpu=x86-64 %s | FileCheck %s
// RUN: not tile-runner --backend=cpu --jit-cpu=no-such-cpu %s 2>&1 | FileCheck %s --check-prefix=BADCPU
// BADCPU: tile-runner: --jit-cpu=no-such-cpu is not a CPU of
// CHECK-LABEL: bf16
// CHECK: {{\[}}[49024, 16416, 32768, 49216],
// CHECK-NEXT: [16256, 48896, 0, 49376]]
// CHECK: {{\[}}[32641, 65477, 1, 32640],
// CHECK-NEXT: [16256, 48896, 0, 49376]]
// CHECK: {{\[}}[{{.*}}],
// CHECK-NEXT: [16256, 48896, 0, 49376]]
// CHECK-LABEL: f16
// CHECK: {{\[}}[48128, 16640, 32768, 49664],
// CHECK-NEXT: [15360, 47104, 0, 50944]]
// CHECK: {{\[}}[31745, 65093, 1, 31744],
// CHECK-NEXT: [15360, 47104, 0, 50944]]
// CHECK: {{\[}}[{{.*}}],
// CHECK-NEXT: [15360, 47104, 0, 50944]]
// CHECK-LABEL: f32
// CHECK: {{\[}}[-1082130432, 1075838976, -2147483648, -1069547520],
// CHECK-NEXT: [1065353216, -1090519040, 0, -1059061760]]
// CHECK: {{\[}}[2139095041, -4194299, 1, 2139095040],
// CHECK-NEXT: [1065353216, -1090519040, 0, -1059061760]]
// CHECK: {{\[}}[{{.*}}],
// CHECK-NEXT: [1065353216, -1090519040, 0, -1059061760]]
// CHECK-LABEL: f64
// CHECK: {{\[}}[-4616189618054758400, 4612811918334230528, -9223372036854775808, -4609434218613702656],
// CHECK-NEXT: [4607182418800017408, -4620693217682128896, 0, -4603804719079489536]]
// CHECK: {{\[}}[9218868437227405313, -2251799813685243, 1, 9218868437227405312],
// CHECK-NEXT: [4607182418800017408, -4620693217682128896, 0, -4603804719079489536]]
// CHECK: {{\[}}[{{.*}}],
// CHECK-NEXT: [4607182418800017408, -4620693217682128896, 0, -4603804719079489536]]
module attributes {gpu.container_module} {
  memref.global "private" constant @A_bf16 : memref<2x4x1xi16> = dense<[[[16256], [-16352], [0], [16448]], [[-16512], [16128], [-32768], [16608]]]>
  memref.global "private" constant @D_bf16 : memref<2x4x1xi16> = dense<[[[32641], [-59], [1], [32640]], [[32641], [-59], [1], [32640]]]>
  memref.global "private" constant @L_bf16 : memref<5xi8> = dense<[98, 102, 49, 54, 0]>
  memref.global "private" constant @A_f16 : memref<2x4x1xi16> = dense<[[[15360], [-16128], [0], [16896]], [[-17408], [14336], [-32768], [18176]]]>
  memref.global "private" constant @D_f16 : memref<2x4x1xi16> = dense<[[[31745], [-443], [1], [31744]], [[31745], [-443], [1], [31744]]]>
  memref.global "private" constant @L_f16 : memref<4xi8> = dense<[102, 49, 54, 0]>
  memref.global "private" constant @A_f32 : memref<2x4x1xi32> = dense<[[[1065353216], [-1071644672], [0], [1077936128]], [[-1082130432], [1056964608], [-2147483648], [1088421888]]]>
  memref.global "private" constant @D_f32 : memref<2x4x1xi32> = dense<[[[2139095041], [-4194299], [1], [2139095040]], [[2139095041], [-4194299], [1], [2139095040]]]>
  memref.global "private" constant @L_f32 : memref<4xi8> = dense<[102, 51, 50, 0]>
  memref.global "private" constant @A_f64 : memref<2x4x1xi64> = dense<[[[4607182418800017408], [-4610560118520545280], [0], [4613937818241073152]], [[-4616189618054758400], [4602678819172646912], [-9223372036854775808], [4619567317775286272]]]>
  memref.global "private" constant @D_f64 : memref<2x4x1xi64> = dense<[[[9218868437227405313], [-2251799813685243], [1], [9218868437227405312]], [[9218868437227405313], [-2251799813685243], [1], [9218868437227405312]]]>
  memref.global "private" constant @L_f64 : memref<4xi8> = dense<[102, 54, 52, 0]>
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k_bf16(%A: memref<2x4x1xi16>, %D: memref<2x4x1xi16>, %O1: memref<2x4x1xi16>, %O2: memref<2x4x1xi16>, %O3: memref<2x4x1xi16>) kernel {
      %lane = gpu.thread_id x
      %l32 = arith.index_cast %lane : index to i32
      %one = arith.constant 1 : i32
      %bit = arith.andi %l32, %one : i32
      %p = arith.trunci %bit : i32 to i1
      %a = tile.alloc_local : memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>
      %d = tile.alloc_local : memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.b16" (%a, %A) scope(warp) : memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xi16>
      tile.apply "neg.bf16" (%d, %a) scope(warp) : memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.b16" (%O1, %d) scope(warp) : memref<2x4x1xi16>, memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.b16" (%d, %D) scope(warp) : memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xi16>
      tile.apply "neg.bf16" (%d, %a) pred(%p) preserve_dst scope(warp) : memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.b16" (%O2, %d) scope(warp) : memref<2x4x1xi16>, memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "neg.bf16" (%d, %a) pred(%p) scope(warp) : memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.b16" (%O3, %d) scope(warp) : memref<2x4x1xi16>, memref<2x4x1xbf16, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k_f16(%A: memref<2x4x1xi16>, %D: memref<2x4x1xi16>, %O1: memref<2x4x1xi16>, %O2: memref<2x4x1xi16>, %O3: memref<2x4x1xi16>) kernel {
      %lane = gpu.thread_id x
      %l32 = arith.index_cast %lane : index to i32
      %one = arith.constant 1 : i32
      %bit = arith.andi %l32, %one : i32
      %p = arith.trunci %bit : i32 to i1
      %a = tile.alloc_local : memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>
      %d = tile.alloc_local : memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.b16" (%a, %A) scope(warp) : memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xi16>
      tile.apply "neg.f16" (%d, %a) scope(warp) : memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.b16" (%O1, %d) scope(warp) : memref<2x4x1xi16>, memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.b16" (%d, %D) scope(warp) : memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xi16>
      tile.apply "neg.f16" (%d, %a) pred(%p) preserve_dst scope(warp) : memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.b16" (%O2, %d) scope(warp) : memref<2x4x1xi16>, memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "neg.f16" (%d, %a) pred(%p) scope(warp) : memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.b16" (%O3, %d) scope(warp) : memref<2x4x1xi16>, memref<2x4x1xf16, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k_f32(%A: memref<2x4x1xi32>, %D: memref<2x4x1xi32>, %O1: memref<2x4x1xi32>, %O2: memref<2x4x1xi32>, %O3: memref<2x4x1xi32>) kernel {
      %lane = gpu.thread_id x
      %l32 = arith.index_cast %lane : index to i32
      %one = arith.constant 1 : i32
      %bit = arith.andi %l32, %one : i32
      %p = arith.trunci %bit : i32 to i1
      %a = tile.alloc_local : memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      %d = tile.alloc_local : memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.f32" (%a, %A) scope(warp) : memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xi32>
      tile.apply "neg.f32" (%d, %a) scope(warp) : memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f32" (%O1, %d) scope(warp) : memref<2x4x1xi32>, memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.f32" (%d, %D) scope(warp) : memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xi32>
      tile.apply "neg.f32" (%d, %a) pred(%p) preserve_dst scope(warp) : memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f32" (%O2, %d) scope(warp) : memref<2x4x1xi32>, memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "neg.f32" (%d, %a) pred(%p) scope(warp) : memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f32" (%O3, %d) scope(warp) : memref<2x4x1xi32>, memref<2x4x1xf32, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
    gpu.func @k_f64(%A: memref<2x4x1xi64>, %D: memref<2x4x1xi64>, %O1: memref<2x4x1xi64>, %O2: memref<2x4x1xi64>, %O3: memref<2x4x1xi64>) kernel {
      %lane = gpu.thread_id x
      %l32 = arith.index_cast %lane : index to i32
      %one = arith.constant 1 : i32
      %bit = arith.andi %l32, %one : i32
      %p = arith.trunci %bit : i32 to i1
      %a = tile.alloc_local : memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      %d = tile.alloc_local : memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.f64" (%a, %A) scope(warp) : memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xi64>
      tile.apply "neg.f64" (%d, %a) scope(warp) : memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f64" (%O1, %d) scope(warp) : memref<2x4x1xi64>, memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "ld.global.f64" (%d, %D) scope(warp) : memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xi64>
      tile.apply "neg.f64" (%d, %a) pred(%p) preserve_dst scope(warp) : memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f64" (%O2, %d) scope(warp) : memref<2x4x1xi64>, memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "neg.f64" (%d, %a) pred(%p) scope(warp) : memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>, memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      tile.apply "st.global.f64" (%O3, %d) scope(warp) : memref<2x4x1xi64>, memref<2x4x1xf64, strided<[0, 1, 1]>, #tile.reg>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @puts(!llvm.ptr) -> i32
  func.func @run_bf16() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %A = memref.get_global @A_bf16 : memref<2x4x1xi16>
    %D = memref.get_global @D_bf16 : memref<2x4x1xi16>
    %dA = gpu.alloc () : memref<2x4x1xi16>
    %dD = gpu.alloc () : memref<2x4x1xi16>
    gpu.memcpy %dA, %A : memref<2x4x1xi16>, memref<2x4x1xi16>
    gpu.memcpy %dD, %D : memref<2x4x1xi16>, memref<2x4x1xi16>
    %dO1 = gpu.alloc () : memref<2x4x1xi16>
    %dO2 = gpu.alloc () : memref<2x4x1xi16>
    %dO3 = gpu.alloc () : memref<2x4x1xi16>
    gpu.launch_func @kernels::@k_bf16 blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
        args(%dA : memref<2x4x1xi16>, %dD : memref<2x4x1xi16>, %dO1 : memref<2x4x1xi16>, %dO2 : memref<2x4x1xi16>, %dO3 : memref<2x4x1xi16>)
    %label = memref.get_global @L_bf16 : memref<5xi8>
    %lp = memref.extract_aligned_pointer_as_index %label : memref<5xi8> -> index
    %li = arith.index_cast %lp : index to i64
    %lptr = llvm.inttoptr %li : i64 to !llvm.ptr
    %r = func.call @puts(%lptr) : (!llvm.ptr) -> i32
    %h1 = memref.alloc() : memref<2x4x1xi16>
    gpu.memcpy %h1, %dO1 : memref<2x4x1xi16>, memref<2x4x1xi16>
    %w1 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h1[%i, %j, %c0] : memref<2x4x1xi16>
        %x = arith.extui %v : i16 to i32
        memref.store %x, %w1[%i, %j] : memref<2x4xi32>
      }
    }
    %u1 = memref.cast %w1 : memref<2x4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %h2 = memref.alloc() : memref<2x4x1xi16>
    gpu.memcpy %h2, %dO2 : memref<2x4x1xi16>, memref<2x4x1xi16>
    %w2 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h2[%i, %j, %c0] : memref<2x4x1xi16>
        %x = arith.extui %v : i16 to i32
        memref.store %x, %w2[%i, %j] : memref<2x4xi32>
      }
    }
    %u2 = memref.cast %w2 : memref<2x4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %h3 = memref.alloc() : memref<2x4x1xi16>
    gpu.memcpy %h3, %dO3 : memref<2x4x1xi16>, memref<2x4x1xi16>
    %w3 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h3[%i, %j, %c0] : memref<2x4x1xi16>
        %x = arith.extui %v : i16 to i32
        memref.store %x, %w3[%i, %j] : memref<2x4xi32>
      }
    }
    %u3 = memref.cast %w3 : memref<2x4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u3) : (memref<*xi32>) -> ()
    return
  }
  func.func @run_f16() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %A = memref.get_global @A_f16 : memref<2x4x1xi16>
    %D = memref.get_global @D_f16 : memref<2x4x1xi16>
    %dA = gpu.alloc () : memref<2x4x1xi16>
    %dD = gpu.alloc () : memref<2x4x1xi16>
    gpu.memcpy %dA, %A : memref<2x4x1xi16>, memref<2x4x1xi16>
    gpu.memcpy %dD, %D : memref<2x4x1xi16>, memref<2x4x1xi16>
    %dO1 = gpu.alloc () : memref<2x4x1xi16>
    %dO2 = gpu.alloc () : memref<2x4x1xi16>
    %dO3 = gpu.alloc () : memref<2x4x1xi16>
    gpu.launch_func @kernels::@k_f16 blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
        args(%dA : memref<2x4x1xi16>, %dD : memref<2x4x1xi16>, %dO1 : memref<2x4x1xi16>, %dO2 : memref<2x4x1xi16>, %dO3 : memref<2x4x1xi16>)
    %label = memref.get_global @L_f16 : memref<4xi8>
    %lp = memref.extract_aligned_pointer_as_index %label : memref<4xi8> -> index
    %li = arith.index_cast %lp : index to i64
    %lptr = llvm.inttoptr %li : i64 to !llvm.ptr
    %r = func.call @puts(%lptr) : (!llvm.ptr) -> i32
    %h1 = memref.alloc() : memref<2x4x1xi16>
    gpu.memcpy %h1, %dO1 : memref<2x4x1xi16>, memref<2x4x1xi16>
    %w1 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h1[%i, %j, %c0] : memref<2x4x1xi16>
        %x = arith.extui %v : i16 to i32
        memref.store %x, %w1[%i, %j] : memref<2x4xi32>
      }
    }
    %u1 = memref.cast %w1 : memref<2x4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %h2 = memref.alloc() : memref<2x4x1xi16>
    gpu.memcpy %h2, %dO2 : memref<2x4x1xi16>, memref<2x4x1xi16>
    %w2 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h2[%i, %j, %c0] : memref<2x4x1xi16>
        %x = arith.extui %v : i16 to i32
        memref.store %x, %w2[%i, %j] : memref<2x4xi32>
      }
    }
    %u2 = memref.cast %w2 : memref<2x4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %h3 = memref.alloc() : memref<2x4x1xi16>
    gpu.memcpy %h3, %dO3 : memref<2x4x1xi16>, memref<2x4x1xi16>
    %w3 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h3[%i, %j, %c0] : memref<2x4x1xi16>
        %x = arith.extui %v : i16 to i32
        memref.store %x, %w3[%i, %j] : memref<2x4xi32>
      }
    }
    %u3 = memref.cast %w3 : memref<2x4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u3) : (memref<*xi32>) -> ()
    return
  }
  func.func @run_f32() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %A = memref.get_global @A_f32 : memref<2x4x1xi32>
    %D = memref.get_global @D_f32 : memref<2x4x1xi32>
    %dA = gpu.alloc () : memref<2x4x1xi32>
    %dD = gpu.alloc () : memref<2x4x1xi32>
    gpu.memcpy %dA, %A : memref<2x4x1xi32>, memref<2x4x1xi32>
    gpu.memcpy %dD, %D : memref<2x4x1xi32>, memref<2x4x1xi32>
    %dO1 = gpu.alloc () : memref<2x4x1xi32>
    %dO2 = gpu.alloc () : memref<2x4x1xi32>
    %dO3 = gpu.alloc () : memref<2x4x1xi32>
    gpu.launch_func @kernels::@k_f32 blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
        args(%dA : memref<2x4x1xi32>, %dD : memref<2x4x1xi32>, %dO1 : memref<2x4x1xi32>, %dO2 : memref<2x4x1xi32>, %dO3 : memref<2x4x1xi32>)
    %label = memref.get_global @L_f32 : memref<4xi8>
    %lp = memref.extract_aligned_pointer_as_index %label : memref<4xi8> -> index
    %li = arith.index_cast %lp : index to i64
    %lptr = llvm.inttoptr %li : i64 to !llvm.ptr
    %r = func.call @puts(%lptr) : (!llvm.ptr) -> i32
    %h1 = memref.alloc() : memref<2x4x1xi32>
    gpu.memcpy %h1, %dO1 : memref<2x4x1xi32>, memref<2x4x1xi32>
    %w1 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h1[%i, %j, %c0] : memref<2x4x1xi32>
        memref.store %v, %w1[%i, %j] : memref<2x4xi32>
      }
    }
    %u1 = memref.cast %w1 : memref<2x4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %h2 = memref.alloc() : memref<2x4x1xi32>
    gpu.memcpy %h2, %dO2 : memref<2x4x1xi32>, memref<2x4x1xi32>
    %w2 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h2[%i, %j, %c0] : memref<2x4x1xi32>
        memref.store %v, %w2[%i, %j] : memref<2x4xi32>
      }
    }
    %u2 = memref.cast %w2 : memref<2x4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %h3 = memref.alloc() : memref<2x4x1xi32>
    gpu.memcpy %h3, %dO3 : memref<2x4x1xi32>, memref<2x4x1xi32>
    %w3 = memref.alloc() : memref<2x4xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h3[%i, %j, %c0] : memref<2x4x1xi32>
        memref.store %v, %w3[%i, %j] : memref<2x4xi32>
      }
    }
    %u3 = memref.cast %w3 : memref<2x4xi32> to memref<*xi32>
    func.call @printMemrefI32(%u3) : (memref<*xi32>) -> ()
    return
  }
  func.func @run_f64() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %A = memref.get_global @A_f64 : memref<2x4x1xi64>
    %D = memref.get_global @D_f64 : memref<2x4x1xi64>
    %dA = gpu.alloc () : memref<2x4x1xi64>
    %dD = gpu.alloc () : memref<2x4x1xi64>
    gpu.memcpy %dA, %A : memref<2x4x1xi64>, memref<2x4x1xi64>
    gpu.memcpy %dD, %D : memref<2x4x1xi64>, memref<2x4x1xi64>
    %dO1 = gpu.alloc () : memref<2x4x1xi64>
    %dO2 = gpu.alloc () : memref<2x4x1xi64>
    %dO3 = gpu.alloc () : memref<2x4x1xi64>
    gpu.launch_func @kernels::@k_f64 blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
        args(%dA : memref<2x4x1xi64>, %dD : memref<2x4x1xi64>, %dO1 : memref<2x4x1xi64>, %dO2 : memref<2x4x1xi64>, %dO3 : memref<2x4x1xi64>)
    %label = memref.get_global @L_f64 : memref<4xi8>
    %lp = memref.extract_aligned_pointer_as_index %label : memref<4xi8> -> index
    %li = arith.index_cast %lp : index to i64
    %lptr = llvm.inttoptr %li : i64 to !llvm.ptr
    %r = func.call @puts(%lptr) : (!llvm.ptr) -> i32
    %h1 = memref.alloc() : memref<2x4x1xi64>
    gpu.memcpy %h1, %dO1 : memref<2x4x1xi64>, memref<2x4x1xi64>
    %w1 = memref.alloc() : memref<2x4xi64>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h1[%i, %j, %c0] : memref<2x4x1xi64>
        memref.store %v, %w1[%i, %j] : memref<2x4xi64>
      }
    }
    %u1 = memref.cast %w1 : memref<2x4xi64> to memref<*xi64>
    func.call @printMemrefI64(%u1) : (memref<*xi64>) -> ()
    %h2 = memref.alloc() : memref<2x4x1xi64>
    gpu.memcpy %h2, %dO2 : memref<2x4x1xi64>, memref<2x4x1xi64>
    %w2 = memref.alloc() : memref<2x4xi64>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h2[%i, %j, %c0] : memref<2x4x1xi64>
        memref.store %v, %w2[%i, %j] : memref<2x4xi64>
      }
    }
    %u2 = memref.cast %w2 : memref<2x4xi64> to memref<*xi64>
    func.call @printMemrefI64(%u2) : (memref<*xi64>) -> ()
    %h3 = memref.alloc() : memref<2x4x1xi64>
    gpu.memcpy %h3, %dO3 : memref<2x4x1xi64>, memref<2x4x1xi64>
    %w3 = memref.alloc() : memref<2x4xi64>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %v = memref.load %h3[%i, %j, %c0] : memref<2x4x1xi64>
        memref.store %v, %w3[%i, %j] : memref<2x4xi64>
      }
    }
    %u3 = memref.cast %w3 : memref<2x4xi64> to memref<*xi64>
    func.call @printMemrefI64(%u3) : (memref<*xi64>) -> ()
    return
  }
  func.func @main() {
    func.call @run_bf16() : () -> ()
    func.call @run_f16() : () -> ()
    func.call @run_f32() : () -> ()
    func.call @run_f64() : () -> ()
    return
  }
}
