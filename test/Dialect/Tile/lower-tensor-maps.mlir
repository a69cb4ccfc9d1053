// RUN: tile-opt %s -tile-lower-tensor-maps | FileCheck %s

// tile-lower-tensor-maps: the box, swizzle, data type and fill come from
// the layout and the table (cuda.h's numbering: CU_TENSOR_MAP_DATA_TYPE_
// BFLOAT16 = 9, UINT8 = 0; CU_TENSOR_MAP_SWIZZLE_128B = 3, 64B = 2;
// CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0, NAN_REQUEST_ZERO_FMA = 1).

// CHECK: func.func private @tileTensorMapEncode2D(i64, i64, i64, i64, i64, i64, i32, i32, i64, i64, i32, i32)
// CHECK-LABEL: func.func @bf16
// CHECK: %[[MAP:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[T:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK: %[[R:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[C:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[RS:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[CS:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i64
// CHECK-DAG: %[[C64B:.*]] = arith.constant 64 : i64
// CHECK-DAG: %[[BF16:.*]] = arith.constant 9 : i32
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[SW128:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: call @tileTensorMapEncode2D(%[[MAP]], %[[T]], %[[R]], %[[C]], %[[RS]], %[[CS]], %[[BF16]], %[[TWO]], %[[C64]], %[[C64B]], %[[SW128]], %[[ZERO]])
func.func @bf16(%m: memref<128xi8>, %a: memref<?x?xbf16>) {
  tile.tensor_map_encode %m, %a layout(#tile.smem_layout<128x64xbf16, swizzle = "128B">) split(2) : memref<128xi8>, memref<?x?xbf16>
  return
}


// e4m3 under the 64-byte swizzle: boxes of 128 rows x 64 bytes, UINT8,
// the NaN fill.
// CHECK-LABEL: func.func @fp8
// CHECK: arith.index_cast
// CHECK: arith.index_cast
// CHECK: arith.index_cast
// CHECK: arith.index_cast
// CHECK-DAG: %[[BOXR:.*]] = arith.constant 128 : i64
// CHECK-DAG: %[[BOXC:.*]] = arith.constant 64 : i64
// CHECK-DAG: %[[U8:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[SW64:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[NAN:.*]] = arith.constant 1 : i32
// CHECK: call @tileTensorMapEncode2D(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[U8]], %[[ONE]], %[[BOXR]], %[[BOXC]], %[[SW64]], %[[NAN]])
func.func @fp8(%m: memref<128xi8>, %a: memref<1024x1024xf8E4M3FN>) {
  tile.tensor_map_encode %m, %a layout(#tile.smem_layout<128x128xf8E4M3FN, swizzle = "64B">) fill("nan") : memref<128xi8>, memref<1024x1024xf8E4M3FN>
  return
}
