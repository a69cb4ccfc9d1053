// RUN: tile-opt %s -tile-lower-tensor-maps=cpu=true -verify-diagnostics -o /dev/null
// RUN: not tile-runner %s --backend=cpu 2>&1 | FileCheck %s

// The CPU backend has no tensor maps: its pipeline reports each one.

// CHECK: error: 'tile.tensor_map_encode' op is not supported by the CPU backend
func.func @main() {
  %m = memref.alloc() : memref<128xi8>
  %a = memref.alloc() : memref<256x512xbf16>
  // expected-error @below {{'tile.tensor_map_encode' op is not supported by the CPU backend (it has no tensor maps or tensor copies)}}
  tile.tensor_map_encode %m, %a layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<128xi8>, memref<256x512xbf16>
  return
}
