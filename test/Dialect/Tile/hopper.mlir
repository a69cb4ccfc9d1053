// RUN: tile-opt %s -split-input-file -tile-check-targets -verify-diagnostics | FileCheck %s

// wgmma's ordering forms and setmaxnreg (sm_90a), barrier.cluster (sm_90):
// the documented spellings verify; the register count is an immediate in
// 24..256, a multiple of 8; the arch-specific chip and the floors are
// checked; the .s32 spelling ptxas also accepts is rejected.

// CHECK-LABEL: gpu.func @k
// CHECK: tile.apply "wgmma.fence.sync.aligned"() scope(thread){{$}}
// CHECK: tile.apply "wgmma.commit_group.sync.aligned"() scope(thread){{$}}
// CHECK: tile.apply "wgmma.wait_group.sync.aligned"
// CHECK: tile.apply "setmaxnreg.inc.sync.aligned.u32"
// CHECK: tile.apply "setmaxnreg.dec.sync.aligned.u32"
// CHECK: tile.apply "barrier.cluster.arrive.release.aligned"() scope(thread){{$}}
// CHECK: tile.apply "barrier.cluster.wait.acquire"() scope(thread){{$}}
gpu.module @m [#nvvm.target<chip = "sm_90a", features = "+ptx80">] {
  gpu.func @k() kernel {
    %c1 = arith.constant 1 : i32
    %c240 = arith.constant 240 : i32
    %c40 = arith.constant 40 : i32
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    tile.apply "wgmma.commit_group.sync.aligned" () scope(thread)
    tile.apply "wgmma.wait_group.sync.aligned" (%c1) scope(thread) : i32
    tile.apply "setmaxnreg.inc.sync.aligned.u32" (%c240) scope(thread) : i32
    tile.apply "setmaxnreg.dec.sync.aligned.u32" (%c40) scope(thread) : i32
    tile.apply "barrier.cluster.arrive.release.aligned" () scope(thread)
    tile.apply "barrier.cluster.wait.acquire" () scope(thread)
    gpu.return
  }
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @plain_sm90() kernel {
    // expected-error @below {{'wgmma.fence.sync.aligned' requires}}
    tile.apply "wgmma.fence.sync.aligned" () scope(thread)
    gpu.return
  }
}

// -----

func.func @not_multiple() {
  %c = arith.constant 44 : i32
  // expected-error @below {{immediate 44 must be a multiple of 8}}
  tile.apply "setmaxnreg.inc.sync.aligned.u32" (%c) scope(thread) : i32
  return
}

// -----

func.func @too_few() {
  %c = arith.constant 16 : i32
  // expected-error @below {{immediate 16 is out of range 24..256}}
  tile.apply "setmaxnreg.dec.sync.aligned.u32" (%c) scope(thread) : i32
  return
}

// -----

func.func @runtime_count(%c: i32) {
  // expected-error @below {{expected an immediate: a constant integer in 24..256}}
  tile.apply "setmaxnreg.dec.sync.aligned.u32" (%c) scope(thread) : i32
  return
}

// -----

func.func @s32() {
  %c = arith.constant 40 : i32
  // expected-error @below {{'setmaxnreg.dec.sync.aligned.s32' is not a documented PTX form: the ISA writes the register count's type as .u32; ptxas 13.0 also accepts .s32}}
  tile.apply "setmaxnreg.dec.sync.aligned.s32" (%c) scope(thread) : i32
  return
}

// -----

gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx78">] {
  gpu.func @order_floor() kernel {
    tile.apply "barrier.cluster.arrive.aligned" () scope(thread)
    // expected-error @below {{'barrier.cluster.wait.acquire' requires PTX ISA 8.0, but the target's PTX ISA is 7.8}}
    tile.apply "barrier.cluster.wait.acquire" () scope(thread)
    gpu.return
  }
}
