// The CPU backend rejects launches outside CUDA's limits for sm_90 before
// running any of them: grid x in [1, 2^31 - 1], y and z in [1, 65535]; block
// x and y in [1, 1024], z in [1, 64], x*y*z at most 1024 threads; static
// shared memory at most 48 KiB and static plus dynamic at most 227 KiB
// (sm_90's opt-in maximum, which the CUDA runtime opts into). Each error
// names the kernel, its gpu.module, the launch and the bad dimension, and the
// program stops with exit status 1; launches at the limits run.
// REQUIRES: cuda-runtime
// RUN: sed 's/GX/0/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=GRIDX0
// RUN: sed 's/GX/-1/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=GRIDXNEG
// RUN: sed 's/GX/2147483648/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=GRIDXBIG
// RUN: sed 's/GX/1/;s/GY/65536/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=GRIDY
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/0/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=GRIDZ
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/0/;s/BY/1/;s/BZ/1/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=BLOCKX0
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/2048/;s/BY/1/;s/BZ/1/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=BLOCKX
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1025/;s/BZ/1/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=BLOCKY
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/65/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=BLOCKZ
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/32/;s/BY/32/;s/BZ/2/;s/DYN/0/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/232449/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/-1/;s/KERNEL/k/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=DYNNEG
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/0/;s/KERNEL/over/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/183297/;s/KERNEL/edge/' %s | not tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=BOTH
// At the limits: 1024 threads, 64 in z, 65535 blocks in y, 48 KiB static
// plus 179 KiB dynamic.
// RUN: sed 's/GX/1/;s/GY/1/;s/GZ/1/;s/BX/1024/;s/BY/1/;s/BZ/1/;s/DYN/232448/;s/KERNEL/k/' %s | tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=RAN
// RUN: sed 's/GX/1/;s/GY/65535/;s/GZ/1/;s/BX/16/;s/BY/1/;s/BZ/64/;s/DYN/0/;s/KERNEL/k/' %s | tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=RAN
// RUN: sed 's/GX/2/;s/GY/1/;s/GZ/1/;s/BX/1/;s/BY/1/;s/BZ/1/;s/DYN/183296/;s/KERNEL/edge/' %s | tile-runner --backend=cpu - 2>&1 | FileCheck %s --check-prefix=RAN
// GRIDX0: tile-cpu: invalid launch of kernel @k (gpu.module @m) at {{.*}}: grid x = 0 is outside [1, 2147483647]; nothing of the launch ran
// GRIDXNEG: grid x = -1 is outside [1, 2147483647]
// GRIDXBIG: grid x = 2147483648 is outside [1, 2147483647]
// GRIDY: grid y = 65536 is outside [1, 65535]
// GRIDZ: grid z = 0 is outside [1, 65535]
// BLOCKX0: block x = 0 is outside [1, 1024]
// BLOCKX: tile-cpu: invalid launch of kernel @k (gpu.module @m) at {{.*}}: block x = 2048 is outside [1, 1024]; nothing of the launch ran
// BLOCKY: block y = 1025 is outside [1, 1024]
// BLOCKZ: block z = 65 is outside [1, 64]
// THREADS: block x*y*z = 2048 threads, more than 1024
// DYNAMIC: shared memory of 0 static + 232449 dynamic bytes, more than sm_90's 227 KiB (232448 bytes)
// DYNNEG: dynamic shared memory of -1 bytes
// STATIC: tile-cpu: invalid launch of kernel @over (gpu.module @m) at {{.*}}: static shared memory of 49156 bytes, more than 48 KiB (49152 bytes)
// BOTH: shared memory of 49152 static + 183297 dynamic bytes, more than sm_90's 227 KiB (232448 bytes)
// RAN-NOT: tile-cpu
// RAN: Memref rank = 0
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k() kernel {
      gpu.return
    }
    gpu.func @over() workgroup(%S: memref<12289xf32, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
    gpu.func @edge() workgroup(%S: memref<12288xf32, #gpu.address_space<workgroup>>) kernel {
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %gx = arith.constant GX : index
    %gy = arith.constant GY : index
    %gz = arith.constant GZ : index
    %bx = arith.constant BX : index
    %by = arith.constant BY : index
    %bz = arith.constant BZ : index
    %dyn = arith.constant DYN : i32
    gpu.launch_func @m::@KERNEL blocks in (%gx, %gy, %gz) threads in (%bx, %by, %bz) dynamic_shared_memory_size %dyn
    %ran = memref.alloca() : memref<i32>
    %u = memref.cast %ran : memref<i32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
