// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// tile.grid_sync round-trips in a kernel and in a device function.
// CHECK-LABEL: gpu.func @k
// CHECK: tile.grid_sync
// CHECK-LABEL: gpu.func @helper
// CHECK: tile.grid_sync
module attributes {gpu.container_module} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    gpu.func @k() kernel {
      tile.grid_sync
      gpu.return
    }
    gpu.func @helper() {
      tile.grid_sync
      gpu.return
    }
  }
}

// -----

// Host code has no grid to synchronize.
func.func @host() {
  // expected-error @below {{'tile.grid_sync' op is GPU code: it belongs in a function of a gpu.module (a kernel or a device function)}}
  tile.grid_sync
  return
}

// -----

// The code's .release and .acquire at the GPU scope need sm_70.
module attributes {gpu.container_module} {
  gpu.module @old [#nvvm.target<chip = "sm_61">] {
    gpu.func @k() kernel {
      // expected-error @below {{'tile.grid_sync' op needs sm_70 or newer (its .release and .acquire at the GPU scope); the target is sm_61}}
      tile.grid_sync
      gpu.return
    }
  }
}
