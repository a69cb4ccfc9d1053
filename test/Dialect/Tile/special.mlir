// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// Division and the special functions: the documented spellings parse and
// verify (each kind of form: IEEE-rounded with and without .ftz, the f32
// and f64 approximations, the half types); the undocumented ones are
// rejected with the reason, and the chip floors are checked.

// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "div.rz.ftz.f32"
// CHECK: tile.apply "div.full.f32"
// CHECK: tile.apply "rcp.rp.f64"
// CHECK: tile.apply "rcp.approx.ftz.f64"
// CHECK: tile.apply "rsqrt.approx.ftz.f64"
// CHECK: tile.apply "sqrt.rm.f32"
// CHECK: tile.apply "sin.approx.ftz.f32"
// CHECK: tile.apply "lg2.approx.f32"
// CHECK: tile.apply "ex2.approx.ftz.bf16x2"
// CHECK: tile.apply "tanh.approx.f16"
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @k(%a: f32, %d: f64, %h: f16, %p: i32) kernel {
    %r = tile.alloc_local : memref<4x1xf32, #tile.reg>
    %q = tile.alloc_local : memref<4x1xf64, #tile.reg>
    %x = tile.alloc_local : memref<4x1xi32, #tile.reg>
    %y = tile.alloc_local : memref<4x1xf16, #tile.reg>
    tile.apply "div.rz.ftz.f32" (%r, %a, %r) scope(thread) : memref<4x1xf32, #tile.reg>, f32, memref<4x1xf32, #tile.reg>
    tile.apply "div.full.f32" (%r, %r, %a) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>, f32
    tile.apply "rcp.rp.f64" (%q, %d) scope(thread) : memref<4x1xf64, #tile.reg>, f64
    tile.apply "rcp.approx.ftz.f64" (%q, %q) scope(thread) : memref<4x1xf64, #tile.reg>, memref<4x1xf64, #tile.reg>
    tile.apply "rsqrt.approx.ftz.f64" (%q, %q) scope(thread) : memref<4x1xf64, #tile.reg>, memref<4x1xf64, #tile.reg>
    tile.apply "sqrt.rm.f32" (%r, %r) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>
    tile.apply "sin.approx.ftz.f32" (%r, %r) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>
    tile.apply "lg2.approx.f32" (%r, %r) scope(thread) : memref<4x1xf32, #tile.reg>, memref<4x1xf32, #tile.reg>
    tile.apply "ex2.approx.ftz.bf16x2" (%x, %p) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    tile.apply "tanh.approx.f16" (%y, %h) scope(thread) : memref<4x1xf16, #tile.reg>, f16
    gpu.return
  }
}

// -----

func.func @rcp_rnd_ftz_f64(%d: f64) {
  %q = tile.alloc_local : memref<1x1xf64, #tile.reg>
  // expected-error @below {{'rcp.rn.ftz.f64' is not a documented PTX form: rcp.rnd.f64 takes no .ftz in the PTX ISA}}
  tile.apply "rcp.rn.ftz.f64" (%q, %d) scope(thread) : memref<1x1xf64, #tile.reg>, f64
  return
}

// -----

func.func @rcp_approx_f64(%d: f64) {
  %q = tile.alloc_local : memref<1x1xf64, #tile.reg>
  // expected-error @below {{'rcp.f64' requires .ftz in 'rcp.approx.f64'}}
  tile.apply "rcp.approx.f64" (%q, %d) scope(thread) : memref<1x1xf64, #tile.reg>, f64
  return
}

// -----

func.func @sin_without_approx(%a: f32) {
  %r = tile.alloc_local : memref<1x1xf32, #tile.reg>
  // expected-error @below {{'sin.f32' requires .approx in 'sin.f32'}}
  tile.apply "sin.f32" (%r, %a) scope(thread) : memref<1x1xf32, #tile.reg>, f32
  return
}

// -----

func.func @ex2_f16_ftz(%h: f16) {
  %r = tile.alloc_local : memref<1x1xf16, #tile.reg>
  // expected-error @below {{qualifier .ftz is not allowed for 'ex2.f16' (allowed: .approx)}}
  tile.apply "ex2.approx.ftz.f16" (%r, %h) scope(thread) : memref<1x1xf16, #tile.reg>, f16
  return
}

// -----

func.func @tanh_ftz(%a: f32) {
  %r = tile.alloc_local : memref<1x1xf32, #tile.reg>
  // expected-error @below {{qualifier '.ftz' is not valid for 'tanh'}}
  tile.apply "tanh.approx.ftz.f32" (%r, %a) scope(thread) : memref<1x1xf32, #tile.reg>, f32
  return
}

// -----

func.func @div_approx_f64(%d: f64) {
  %q = tile.alloc_local : memref<1x1xf64, #tile.reg>
  // expected-error @below {{'div.f64' requires a rounding modifier (one of .rn, .rz, .rm, .rp), got none in 'div.approx.f64'}}
  tile.apply "div.approx.f64" (%q, %d, %d) scope(thread) : memref<1x1xf64, #tile.reg>, f64, f64
  return
}

// -----

func.func @lg2_f64(%d: f64) {
  %q = tile.alloc_local : memref<1x1xf64, #tile.reg>
  // expected-error @below {{'lg2' has no form with type suffix '.f64' in 'lg2.approx.f64' (documented: '.f32')}}
  tile.apply "lg2.approx.f64" (%q, %d) scope(thread) : memref<1x1xf64, #tile.reg>, f64
  return
}

// -----

// bf16 ex2 and tanh need sm_90 (PTX ISA 7.8); tanh needs sm_75.
gpu.module @old [#nvvm.target<chip = "sm_80">] {
  gpu.func @k(%p: i32) kernel {
    %x = tile.alloc_local : memref<4x1xi32, #tile.reg>
    // expected-error @below {{requires sm_90}}
    tile.apply "tanh.approx.bf16x2" (%x, %p) scope(thread) : memref<4x1xi32, #tile.reg>, i32
    gpu.return
  }
}
