// RUN: tile-translate --mlir-to-ptx %s | FileCheck %s
// A tensor copy's coordinates are registers even when they are constants
// (ptxas rejects an immediate there): one scalar coordinate of a 1-D copy
// goes into a register and is written as a vector of one, inside the
// tensor map's brackets.
// CHECK: mov.b32 %r[[X:[0-9]+]], 48;
// CHECK: cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r[[X]]}], [%rd{{[0-9]+}}];
gpu.module @m [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
  gpu.func @k(%map: memref<128xi8>) workgroup(%S: memref<256xf16, #gpu.address_space<workgroup>>, %bar: memref<1xi64, #gpu.address_space<workgroup>>) kernel {
    %c48 = arith.constant 48 : i32
    tile.apply "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes" (%S, %map, %c48, %bar) scope(thread) : memref<256xf16, #gpu.address_space<workgroup>>, memref<128xi8>, i32, memref<1xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}
