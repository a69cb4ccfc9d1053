// tile-runner follows mlir-runner's conventions: -e picks the entry,
// --entry-point-result its result type (printed), -O the host optimization
// level, --shared-libs libraries to load. Any other entry signature is a
// clear error, never a crash. Host-only programs need no GPU.
// REQUIRES: cuda-runtime
// RUN: tile-runner %s --entry-point-result=i32 | FileCheck %s --check-prefix=I32
// I32: 42
// RUN: tile-runner %s -e wide --entry-point-result=i64 -O0 | FileCheck %s --check-prefix=I64
// I64: 8589934592
// RUN: tile-runner %s -e half --entry-point-result=f32 -O3 | FileCheck %s --check-prefix=F32
// F32: 5.000000e-01
// RUN: tile-runner %s -e nothing -O1
// RUN: not tile-runner %s 2>&1 | FileCheck %s --check-prefix=VOID
// VOID: tile-runner: @main has type !llvm.func<i32 ()>, but --entry-point-result is void
// RUN: not tile-runner %s -e takes 2>&1 | FileCheck %s --check-prefix=ARGS
// ARGS: tile-runner: @takes has type !llvm.func<void (i32)>; an entry function takes no arguments
// RUN: not tile-runner %s -e missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tile-runner: no function @missing to run (choose one with -e)
// RUN: not tile-runner %s --entry-point-result=i8 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: tile-runner: invalid --entry-point-result 'i8' (expected void, i32, i64 or f32)
// RUN: not tile-runner %s -e nothing -O4 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: tile-runner: invalid -O4 (expected -O0 to -O3)
// RUN: not tile-runner %s -e nothing --shared-libs=%t.missing.so 2>&1 | FileCheck %s --check-prefix=LIB
// LIB: tile-runner: shared library '{{.*}}missing.so' does not exist
// RUN: not tile-runner %s -e nothing --entry-point-result=i32 --emit-exe=%t.exe 2>&1 | FileCheck %s --check-prefix=EXE
// EXE: tile-runner: --emit-exe takes a void entry function

func.func @main() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}
func.func @wide() -> i64 {
  %c = arith.constant 8589934592 : i64
  return %c : i64
}
func.func @half() -> f32 {
  %c = arith.constant 0.5 : f32
  return %c : f32
}
func.func @nothing() {
  return
}
func.func @takes(%x: i32) {
  return
}
