// RUN: tile-opt %s -split-input-file -verify-diagnostics

// #tile.smem_layout, tile.smem_desc and tile.tensor_map_encode reject what
// neither TMA nor wgmma can express, with the reason.

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>) kernel {
    // expected-error @below {{a shared-memory tile has 2 dimensions (rows x columns), got 3}}
    %d = tile.smem_desc %s at [0, 0] box [8, 8] major(k) layout(#tile.smem_layout<8x8x64xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>) kernel {
    // expected-error @below {{unknown swizzle mode "16B" (the table has "none", "128B", "64B", "32B")}}
    %d = tile.smem_desc %s at [0, 0] box [8, 8] major(k) layout(#tile.smem_layout<64x64xbf16, swizzle = "16B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>) kernel {
    // expected-error @below {{no tensor-map data type moves elements of 'i7'}}
    %d = tile.smem_desc %s at [0, 0] box [8, 8] major(k) layout(#tile.smem_layout<64x64xi7, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>) kernel {
    // expected-error @below {{the rows must be a multiple of 8 from 8 to 256 (a box dimension), got 60}}
    %d = tile.smem_desc %s at [0, 0] box [8, 8] major(k) layout(#tile.smem_layout<60x64xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>) kernel {
    // expected-error @below {{the rows must be a multiple of 8 from 8 to 256 (a box dimension), got 264}}
    %d = tile.smem_desc %s at [0, 0] box [8, 8] major(k) layout(#tile.smem_layout<264x64xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>) kernel {
    // expected-error @below {{the columns must be whole rows of the swizzle mode: a multiple of 64 elements of 'bf16' (128 bytes), got 32}}
    %d = tile.smem_desc %s at [0, 0] box [8, 8] major(k) layout(#tile.smem_layout<64x32xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>) kernel {
    // expected-error @below {{the columns must be whole rows of the swizzle mode: a multiple of 4 elements of 'f32' (16 bytes), got 6}}
    %d = tile.smem_desc %s at [0, 0] box [8, 8] major(k) layout(#tile.smem_layout<64x6xf32, swizzle = "none">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op expected a memref in the workgroup memory space (#gpu.address_space<workgroup> or 3), got 'memref<16384xbf16>'}}
    %d = tile.smem_desc %g at [0, 0] box [64, 16] major(k) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<16384xbf16>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op the buffer's elements are 'f16' but the layout's are 'bf16'}}
    %d = tile.smem_desc %h at [0, 0] box [64, 16] major(k) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<16384xf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op the buffer holds 8192 bytes, the tile 16384}}
    %d = tile.smem_desc %t at [0, 0] box [64, 16] major(k) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<4096xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op the tile must start 1024-byte aligned (its swizzle pattern), but the buffer's offset is 512 bytes}}
    %d = tile.smem_desc %v at [0, 0] box [64, 16] major(k) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<8192xbf16, strided<[1], offset: 256>, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op the box [64, 16] at [96, 0] is not within the tile's [128, 64] (mn, k)}}
    %d = tile.smem_desc %s at [96, 0] box [64, 16] major(k) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op the box [64, 16] at [0, 120] is not within the tile's [64, 128] (mn, k)}}
    %d = tile.smem_desc %s at [0, 120] box [64, 16] major(mn) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op at and box are [mn, k] pairs}}
    %d = tile.smem_desc %s at [0] box [64, 16] major(k) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op the box starts at byte 8 of the tile, not at the start of a 16-byte chunk of a swizzle pattern's first row (a descriptor's base offset is not supported)}}
    %d = tile.smem_desc %s at [0, 4] box [64, 16] major(k) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op the box starts at byte 512 of the tile, not at the start of a 16-byte chunk of a swizzle pattern's first row (a descriptor's base offset is not supported)}}
    %d = tile.smem_desc %s at [4, 0] box [64, 16] major(k) layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%s: memref<16384xbf16, 3>, %g: memref<16384xbf16>, %h: memref<16384xf16, 3>, %t: memref<4096xbf16, 3>, %v: memref<8192xbf16, strided<[1], offset: 256>, 3>) kernel {
    // expected-error @below {{'tile.smem_desc' op no descriptor names this box: element (0, 64) is 16384 bytes from its start, but the KMajor128B layout with leading offset 16 and stride offset 1024 puts it at 128}}
    %d = tile.smem_desc %s at [0, 0] box [64, 128] major(k) layout(#tile.smem_layout<128x128xbf16, swizzle = "128B">) : memref<16384xbf16, 3>
    gpu.return
  }
}

// -----

func.func @h(%m: memref<128xi8>, %a: memref<256x512xbf16>, %small: memref<64xi8>, %a3: memref<2x256x512xbf16>, %af: memref<256x512xf16>) {
  // expected-error @below {{'tile.tensor_map_encode' op the map's buffer is a 1-D memref of at least 128 i8, got 'memref<64xi8>'}}
  tile.tensor_map_encode %small, %a layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<64xi8>, memref<256x512xbf16>
  return
}

// -----

func.func @h(%m: memref<128xi8>, %a: memref<256x512xbf16>, %small: memref<64xi8>, %a3: memref<2x256x512xbf16>, %af: memref<256x512xf16>) {
  // expected-error @below {{'tile.tensor_map_encode' op expected a 2-D tensor of the layout's 'bf16', got 'memref<2x256x512xbf16>'}}
  tile.tensor_map_encode %m, %a3 layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<128xi8>, memref<2x256x512xbf16>
  return
}

// -----

func.func @h(%m: memref<128xi8>, %a: memref<256x512xbf16>, %small: memref<64xi8>, %a3: memref<2x256x512xbf16>, %af: memref<256x512xf16>) {
  // expected-error @below {{'tile.tensor_map_encode' op expected a 2-D tensor of the layout's 'bf16', got 'memref<256x512xf16>'}}
  tile.tensor_map_encode %m, %af layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<128xi8>, memref<256x512xf16>
  return
}

// -----

func.func @h(%m: memref<128xi8>, %a: memref<256x512xbf16>, %small: memref<64xi8>, %a3: memref<2x256x512xbf16>, %af: memref<256x512xf16>) {
  // expected-error @below {{'tile.tensor_map_encode' op split(3) must divide the layout's 128 rows into shares of whole groups of 8 rows}}
  tile.tensor_map_encode %m, %a layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) split(3) : memref<128xi8>, memref<256x512xbf16>
  return
}

// -----

func.func @h(%m: memref<128xi8>, %a: memref<256x512xbf16>, %small: memref<64xi8>, %a3: memref<2x256x512xbf16>, %af: memref<256x512xf16>) {
  // expected-error @below {{'tile.tensor_map_encode' op split(32) must divide the layout's 128 rows into shares of whole groups of 8 rows}}
  tile.tensor_map_encode %m, %a layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) split(32) : memref<128xi8>, memref<256x512xbf16>
  return
}

// -----

func.func @h(%m: memref<128xi8>, %a: memref<256x512xbf16>, %small: memref<64xi8>, %a3: memref<2x256x512xbf16>, %af: memref<256x512xf16>) {
  // expected-error @below {{'tile.tensor_map_encode' op unknown fill "inf" (the table has "zero", "nan")}}
  tile.tensor_map_encode %m, %a layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) fill("inf") : memref<128xi8>, memref<256x512xbf16>
  return
}

// -----

func.func @w(%m: memref<128xi8>, %a: memref<256x512xbf16, 3>) {
  // expected-error @below {{'tile.tensor_map_encode' op the map and the tensor are in device global memory}}
  tile.tensor_map_encode %m, %a layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<128xi8>, memref<256x512xbf16, 3>
  return
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @f(%m: memref<128xi8>, %a: memref<256x512xbf16>) kernel {
    // expected-error @below {{'tile.tensor_map_encode' op is host code: a tensor map is made before the launch and passed to the kernel}}
    tile.tensor_map_encode %m, %a layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) : memref<128xi8>, memref<256x512xbf16>
    gpu.return
  }
}
