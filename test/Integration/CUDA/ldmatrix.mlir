// ldmatrix, movmatrix and stmatrix over one warp. Shared memory holds a
// 16 x 16 b16 tile S[r][c] = 16 r + c, viewed as the four 8 x 8 matrices of
// an mma A operand: matrix 2 i + j is rows 8 j .. 8 j + 7, columns
// 8 i .. 8 i + 7 (strides 8 and 128 on the two matrix axes). By the ISA's
// text, independently of the table:
// - ldmatrix .x4: lane l's register m packs row l / 4, columns 2 (l % 4)
//   and 2 (l % 4) + 1 of matrix m (low half first): lane 0 register 1 is
//   S[8][0] | S[8][1] << 16 = 128 | 129 << 16 = 8454272;
// - ldmatrix .x2 .trans over rows 0-7 (matrices at columns 0 and 8): lane l
//   register m packs rows 2 (l % 4), 2 (l % 4) + 1 of column l / 4 of
//   matrix m: lane 0 register 0 is S[0][0] | S[1][0] << 16 = 16 << 16;
// - movmatrix of the .x4 result's register 0 transposes matrix 0: the
//   same registers as ldmatrix .x2 .trans's register 0;
// - stmatrix .x4 of the .x4 registers into a second tile with the same view
//   writes S back.
// The expected lines were written with those formulas in Python, not with
// tile-mlir. Integration/CPU/ldmatrix.test runs this file on the CPU backend.
// RUN: tile-runner %s | FileCheck %s
// CHECK: {{\[\[}}65536, 8454272, 589832, 8978568],
// CHECK-NEXT: [196610, 8585346, 720906, 9109642],
// CHECK-NEXT: [327684, 8716420, 851980, 9240716],
// CHECK-NEXT: [458758, 8847494, 983054, 9371790],
// CHECK-NEXT: [1114128, 9502864, 1638424, 10027160],
// CHECK-NEXT: [1245202, 9633938, 1769498, 10158234],
// CHECK-NEXT: [1376276, 9765012, 1900572, 10289308],
// CHECK-NEXT: [1507350, 9896086, 2031646, 10420382],
// CHECK-NEXT: [2162720, 10551456, 2687016, 11075752],
// CHECK-NEXT: [2293794, 10682530, 2818090, 11206826],
// CHECK-NEXT: [2424868, 10813604, 2949164, 11337900],
// CHECK-NEXT: [2555942, 10944678, 3080238, 11468974],
// CHECK-NEXT: [3211312, 11600048, 3735608, 12124344],
// CHECK-NEXT: [3342386, 11731122, 3866682, 12255418],
// CHECK-NEXT: [3473460, 11862196, 3997756, 12386492],
// CHECK-NEXT: [3604534, 11993270, 4128830, 12517566],
// CHECK-NEXT: [4259904, 12648640, 4784200, 13172936],
// CHECK-NEXT: [4390978, 12779714, 4915274, 13304010],
// CHECK-NEXT: [4522052, 12910788, 5046348, 13435084],
// CHECK-NEXT: [4653126, 13041862, 5177422, 13566158],
// CHECK-NEXT: [5308496, 13697232, 5832792, 14221528],
// CHECK-NEXT: [5439570, 13828306, 5963866, 14352602],
// CHECK-NEXT: [5570644, 13959380, 6094940, 14483676],
// CHECK-NEXT: [5701718, 14090454, 6226014, 14614750],
// CHECK-NEXT: [6357088, 14745824, 6881384, 15270120],
// CHECK-NEXT: [6488162, 14876898, 7012458, 15401194],
// CHECK-NEXT: [6619236, 15007972, 7143532, 15532268],
// CHECK-NEXT: [6750310, 15139046, 7274606, 15663342],
// CHECK-NEXT: [7405680, 15794416, 7929976, 16318712],
// CHECK-NEXT: [7536754, 15925490, 8061050, 16449786],
// CHECK-NEXT: [7667828, 16056564, 8192124, 16580860],
// CHECK-NEXT: [7798902, 16187638, 8323198, 16711934]]
// CHECK: {{\[\[}}1048576, 1572872],
// CHECK-NEXT: [3145760, 3670056],
// CHECK-NEXT: [5242944, 5767240],
// CHECK-NEXT: [7340128, 7864424],
// CHECK-NEXT: [1114113, 1638409],
// CHECK-NEXT: [3211297, 3735593],
// CHECK-NEXT: [5308481, 5832777],
// CHECK-NEXT: [7405665, 7929961],
// CHECK-NEXT: [1179650, 1703946],
// CHECK-NEXT: [3276834, 3801130],
// CHECK-NEXT: [5374018, 5898314],
// CHECK-NEXT: [7471202, 7995498],
// CHECK-NEXT: [1245187, 1769483],
// CHECK-NEXT: [3342371, 3866667],
// CHECK-NEXT: [5439555, 5963851],
// CHECK-NEXT: [7536739, 8061035],
// CHECK-NEXT: [1310724, 1835020],
// CHECK-NEXT: [3407908, 3932204],
// CHECK-NEXT: [5505092, 6029388],
// CHECK-NEXT: [7602276, 8126572],
// CHECK-NEXT: [1376261, 1900557],
// CHECK-NEXT: [3473445, 3997741],
// CHECK-NEXT: [5570629, 6094925],
// CHECK-NEXT: [7667813, 8192109],
// CHECK-NEXT: [1441798, 1966094],
// CHECK-NEXT: [3538982, 4063278],
// CHECK-NEXT: [5636166, 6160462],
// CHECK-NEXT: [7733350, 8257646],
// CHECK-NEXT: [1507335, 2031631],
// CHECK-NEXT: [3604519, 4128815],
// CHECK-NEXT: [5701703, 6225999],
// CHECK-NEXT: [7798887, 8323183]]
// CHECK: {{\[\[}}1048576],
// CHECK-NEXT: [3145760],
// CHECK-NEXT: [5242944],
// CHECK-NEXT: [7340128],
// CHECK-NEXT: [1114113],
// CHECK-NEXT: [3211297],
// CHECK-NEXT: [5308481],
// CHECK-NEXT: [7405665],
// CHECK-NEXT: [1179650],
// CHECK-NEXT: [3276834],
// CHECK-NEXT: [5374018],
// CHECK-NEXT: [7471202],
// CHECK-NEXT: [1245187],
// CHECK-NEXT: [3342371],
// CHECK-NEXT: [5439555],
// CHECK-NEXT: [7536739],
// CHECK-NEXT: [1310724],
// CHECK-NEXT: [3407908],
// CHECK-NEXT: [5505092],
// CHECK-NEXT: [7602276],
// CHECK-NEXT: [1376261],
// CHECK-NEXT: [3473445],
// CHECK-NEXT: [5570629],
// CHECK-NEXT: [7667813],
// CHECK-NEXT: [1441798],
// CHECK-NEXT: [3538982],
// CHECK-NEXT: [5636166],
// CHECK-NEXT: [7733350],
// CHECK-NEXT: [1507335],
// CHECK-NEXT: [3604519],
// CHECK-NEXT: [5701703],
// CHECK-NEXT: [7798887]]
// CHECK: {{\[\[}}0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
// CHECK-NEXT: [16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31],
// CHECK-NEXT: [32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47],
// CHECK-NEXT: [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63],
// CHECK-NEXT: [64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79],
// CHECK-NEXT: [80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95],
// CHECK-NEXT: [96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111],
// CHECK-NEXT: [112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127],
// CHECK-NEXT: [128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143],
// CHECK-NEXT: [144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159],
// CHECK-NEXT: [160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175],
// CHECK-NEXT: [176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191],
// CHECK-NEXT: [192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207],
// CHECK-NEXT: [208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223],
// CHECK-NEXT: [224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239],
// CHECK-NEXT: [240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255]]
!S = memref<16x16xi16, #gpu.address_space<workgroup>>
!V4 = memref<32x2x2x8x8xi16, strided<[0, 8, 128, 16, 1]>, #gpu.address_space<workgroup>>
!V2 = memref<32x2x8x8xi16, strided<[0, 8, 16, 1]>, #gpu.address_space<workgroup>>
!R4 = memref<32x4xi32, strided<[0, 1]>, #tile.reg>
!R2 = memref<32x2xi32, strided<[0, 1]>, #tile.reg>
!R1 = memref<32x1xi32, strided<[0, 1]>, #tile.reg>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%G: memref<16x16xi16>, %O1: memref<32x4xi32>, %O2: memref<32x2xi32>, %O3: memref<32x1xi32>, %O4: memref<16x16xi32>)
        workgroup(%S: !S, %S2: !S) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %l = gpu.thread_id x
      %first = arith.muli %l, %c8 : index
      %last = arith.addi %first, %c8 : index
      scf.for %i = %first to %last step %c1 {
        %r = arith.divui %i, %c16 : index
        %c = arith.remui %i, %c16 : index
        %v = memref.load %G[%r, %c] : memref<16x16xi16>
        memref.store %v, %S[%r, %c] : !S
      }
      gpu.barrier
      %v4 = memref.reinterpret_cast %S to offset: [0], sizes: [32, 2, 2, 8, 8], strides: [0, 8, 128, 16, 1] : !S to !V4
      %r4 = tile.alloc_local : !R4
      tile.apply "ldmatrix.sync.aligned.m8n8.x4.shared.b16" (%r4, %v4) scope(warp) : !R4, !V4
      tile.apply "st.global.v4.b32" (%O1, %r4) scope(warp) : memref<32x4xi32>, !R4
      %v2 = memref.reinterpret_cast %S to offset: [0], sizes: [32, 2, 8, 8], strides: [0, 8, 16, 1] : !S to !V2
      %r2 = tile.alloc_local : !R2
      tile.apply "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16" (%r2, %v2) scope(warp) : !R2, !V2
      tile.apply "st.global.v2.b32" (%O2, %r2) scope(warp) : memref<32x2xi32>, !R2
      %r1 = tile.alloc_local : !R1
      %a1 = memref.subview %r4[0, 0] [32, 1] [1, 1] : !R4 to !R1
      tile.apply "movmatrix.sync.aligned.m8n8.trans.b16" (%r1, %a1) scope(warp) : !R1, !R1
      tile.apply "st.global.b32" (%O3, %r1) scope(warp) : memref<32x1xi32>, !R1
      %w4 = memref.reinterpret_cast %S2 to offset: [0], sizes: [32, 2, 2, 8, 8], strides: [0, 8, 128, 16, 1] : !S to !V4
      tile.apply "stmatrix.sync.aligned.m8n8.x4.shared.b16" (%w4, %r4) scope(warp) : !V4, !R4
      gpu.barrier
      scf.for %i = %first to %last step %c1 {
        %r = arith.divui %i, %c16 : index
        %c = arith.remui %i, %c16 : index
        %v = memref.load %S2[%r, %c] : !S
        %w = arith.extui %v : i16 to i32
        memref.store %w, %O4[%r, %c] : memref<16x16xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %G = memref.alloc() : memref<16x16xi16>
    scf.for %r = %c0 to %c16 step %c1 {
      scf.for %c = %c0 to %c16 step %c1 {
        %rc = arith.muli %r, %c16 : index
        %i = arith.addi %rc, %c : index
        %v = arith.index_cast %i : index to i16
        memref.store %v, %G[%r, %c] : memref<16x16xi16>
      }
    }
    %dG = gpu.alloc () : memref<16x16xi16>
    gpu.memcpy %dG, %G : memref<16x16xi16>, memref<16x16xi16>
    %d1 = gpu.alloc () : memref<32x4xi32>
    %d2 = gpu.alloc () : memref<32x2xi32>
    %d3 = gpu.alloc () : memref<32x1xi32>
    %d4 = gpu.alloc () : memref<16x16xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%dG : memref<16x16xi16>, %d1 : memref<32x4xi32>, %d2 : memref<32x2xi32>, %d3 : memref<32x1xi32>, %d4 : memref<16x16xi32>)
    %h1 = memref.alloc() : memref<32x4xi32>
    gpu.memcpy %h1, %d1 : memref<32x4xi32>, memref<32x4xi32>
    %u1 = memref.cast %h1 : memref<32x4xi32> to memref<*xi32>
    call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %h2 = memref.alloc() : memref<32x2xi32>
    gpu.memcpy %h2, %d2 : memref<32x2xi32>, memref<32x2xi32>
    %u2 = memref.cast %h2 : memref<32x2xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %h3 = memref.alloc() : memref<32x1xi32>
    gpu.memcpy %h3, %d3 : memref<32x1xi32>, memref<32x1xi32>
    %u3 = memref.cast %h3 : memref<32x1xi32> to memref<*xi32>
    call @printMemrefI32(%u3) : (memref<*xi32>) -> ()
    %h4 = memref.alloc() : memref<16x16xi32>
    gpu.memcpy %h4, %d4 : memref<16x16xi32>, memref<16x16xi32>
    %u4 = memref.cast %h4 : memref<16x16xi32> to memref<*xi32>
    call @printMemrefI32(%u4) : (memref<*xi32>) -> ()
    return
  }
}
