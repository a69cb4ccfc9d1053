// The GEMM of examples/gemm_wgmma_cluster.mlir (examples/gemm_wgmma.py
// --cluster 2) on the GPU: one cluster of 2 CTAs computes the 4 output
// tiles, each CTA two vertically adjacent ones in turn; each loads its A
// rows and half of the shared Bt rows, multicast into both CTAs, and gives
// every stage back to both CTAs' barriers (the peer's through mapa). The
// data and the expected lines are those of gemm-wgmma.mlir (numpy's).
// Integration/CPU/cluster.mlir runs it on the CPU backend too.
// RUN: tile-runner %tile_src/examples/gemm_wgmma_cluster.mlir | FileCheck %s
// CHECK: sizes = [1]
// CHECK-NEXT: [0]
// CHECK: {{\[\[}}640, 640, 644, 632, 632, 640, 640, 644]]
// CHECK: {{\[\[}}632, 632, 648, 640, 648, 632, 632, 648]]
