// The CPU backend runs discard.global.L2 as keeping the line's bytes (one
// of the values the ISA allows): after the discard each thread reads the
// 1000 + i it wrote (Integration/CUDA/discard.mlir, whose A is checked
// there too).
// RUN: tile-runner --backend=cpu %S/../CUDA/discard.mlir | FileCheck %S/../CUDA/discard.mlir
// RUN: tile-runner --backend=cpu %S/../CUDA/discard.mlir | FileCheck %s
// CHECK: sizes = [32]
// CHECK: sizes = [32]
// CHECK-NEXT: [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031]
