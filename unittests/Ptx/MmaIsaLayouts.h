//===- MmaIsaLayouts.h - mma.sync fragments per the PTX ISA -----*- C++ -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// An independent transcription of the PTX ISA's formulas for the fragments of
// the warp-level `mma.sync` instruction (not mma.sp, wmma or wgmma), for a
// test to check our own tables against. Every function below transcribes one
// figure's "The row and column of a matrix fragment can be computed as:" text
// of PTX ISA 9.1, section 9.7.14.5 "Matrix multiply-accumulate operation
// using mma instruction", subsections 9.7.14.5.1 to 9.7.14.5.13 (figures 46 to
// 103), in the ISA's own terms (%laneid, groupID, threadID_in_group, "for ai
// where ..."). The element counts come from the "Elements (low to high)"
// columns of the same subsections; the types from their .atype / .btype /
// .ctype tables.
//
// Where the ISA text is evidently wrong, the formula below is corrected and
// the comment quotes the text and says why. A `0 <= i` of the text is left
// out of the code only because i is unsigned.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_UNITTESTS_PTX_MMAISALAYOUTS_H
#define TILE_UNITTESTS_PTX_MMAISALAYOUTS_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tile::isa {

/// One element of a fragment: `row` and `col` of the matrix the ISA's figure
/// draws (A: row is M, col is K; B: row is K, col is N; C/D: row is M, col is
/// N). `matrix` is the MMA computation (0..3, the ISA's "MMA computation 1..4")
/// for m8n8k4 with .f16 multiplicands, where a warp computes four independent
/// MMAs; it is 0 everywhere else.
struct MmaCoord {
  unsigned matrix = 0;
  unsigned row = 0;
  unsigned col = 0;
};

inline bool operator==(const MmaCoord &lhs, const MmaCoord &rhs) {
  return lhs.matrix == rhs.matrix && lhs.row == rhs.row && lhs.col == rhs.col;
}
inline bool operator!=(const MmaCoord &lhs, const MmaCoord &rhs) {
  return !(lhs == rhs);
}

enum class MmaOperand { A, B, C }; // C stands for C and D

namespace mma_isa_detail {

/// `groupID = %laneid >> 2`
inline unsigned groupID(unsigned laneid) { return laneid >> 2; }
/// `threadID_in_group = %laneid % 4`
inline unsigned threadIDInGroup(unsigned laneid) { return laneid % 4; }

inline MmaCoord at(unsigned row, unsigned col) { return MmaCoord{0, row, col}; }

//===----------------------------------------------------------------------===//
// 9.7.14.5.1. Matrix Fragments for mma.m8n8k4 with .f16 floating point type
//===----------------------------------------------------------------------===//

/// The table of 9.7.14.5.1: "MMA computation 1: Threads with %laneid 0-3 (low
/// group) and 16-19 (high group); MMA computation 2: 4-7 and 20-23; MMA
/// computation 3: 8-11 and 24-27; MMA computation 4: 12-15 and 28-31".
/// Returns computation N as N - 1.
inline unsigned m8n8k4F16Computation(unsigned laneid) {
  if (laneid <= 3 || (16 <= laneid && laneid <= 19))
    return 0;
  if ((4 <= laneid && laneid <= 7) || (20 <= laneid && laneid <= 23))
    return 1;
  if ((8 <= laneid && laneid <= 11) || (24 <= laneid && laneid <= 27))
    return 2;
  return 3;
}

/// Figure 46, m8n8k4 row-major A, .f16:
///   row =  %laneid % 4        if %laneid < 16
///         (%laneid % 4) + 4   otherwise
///   col =  i                  for ai where i = {0,..,3}
inline MmaCoord fig46(unsigned laneid, unsigned i) {
  unsigned row = laneid < 16 ? laneid % 4 : (laneid % 4) + 4;
  unsigned col = i;
  return MmaCoord{m8n8k4F16Computation(laneid), row, col};
}

/// Figure 47, m8n8k4 column-major A, .f16:
///   row =  i % 4        for ai where i = {0,..,3}   if %laneid < 16
///         (i % 4) + 4   for ai where i = {0,..,3}   otherwise
///   col =  %laneid % 4
inline MmaCoord fig47(unsigned laneid, unsigned i) {
  unsigned row = laneid < 16 ? i % 4 : (i % 4) + 4;
  unsigned col = laneid % 4;
  return MmaCoord{m8n8k4F16Computation(laneid), row, col};
}

/// Figure 48, m8n8k4 row-major B, .f16:
///   row =  %laneid % 4
///   col =  i     for bi where i = {0,..,3}   if %laneid < 16
///          i+4   for bi where i = {0,..,3}   otherwise
inline MmaCoord fig48(unsigned laneid, unsigned i) {
  unsigned row = laneid % 4;
  unsigned col = laneid < 16 ? i : i + 4;
  return MmaCoord{m8n8k4F16Computation(laneid), row, col};
}

/// Figure 49, m8n8k4 column-major B, .f16:
///   row =  i                   for bi where i = {0,..,3}
///   col =  %laneid % 4         if %laneid < 16
///         (%laneid % 4) + 4    otherwise
inline MmaCoord fig49(unsigned laneid, unsigned i) {
  unsigned row = i;
  unsigned col = laneid < 16 ? laneid % 4 : (laneid % 4) + 4;
  return MmaCoord{m8n8k4F16Computation(laneid), row, col};
}

/// Figure 50, m8n8k4 C/D with .ctype = .f16:
///   row =  %laneid % 4         if %laneid < 16
///         (%laneid % 4) + 4    otherwise
///   col =  i                   for ci where i = {0,..,7}
inline MmaCoord fig50(unsigned laneid, unsigned i) {
  unsigned row = laneid < 16 ? laneid % 4 : (laneid % 4) + 4;
  unsigned col = i;
  return MmaCoord{m8n8k4F16Computation(laneid), row, col};
}

/// Figures 51 and 52, m8n8k4 C/D with .ctype = .f32:
///   row =  X       if %laneid < 16
///          X + 4   otherwise
///     where X = (%laneid & 0b1) + (i & 0b10)  for ci where i = {0,..,7}
///   col = (i & 0b100) + (%laneid & 0b10) + (i & 0b1)
///                                             for ci where i = {0,..,7}
inline MmaCoord fig51And52(unsigned laneid, unsigned i) {
  unsigned x = (laneid & 0b1) + (i & 0b10);
  unsigned row = laneid < 16 ? x : x + 4;
  unsigned col = (i & 0b100) + (laneid & 0b10) + (i & 0b1);
  return MmaCoord{m8n8k4F16Computation(laneid), row, col};
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.2. Matrix Fragments for mma.m8n8k4 with .f64 floating point type
//===----------------------------------------------------------------------===//

/// Figure 53, m8n8k4 A, .f64 (a0 only):
///   row = %laneid >> 2
///   col = %laneid % 4
inline MmaCoord fig53(unsigned laneid, unsigned /*i*/) {
  return at(laneid >> 2, laneid % 4);
}

/// Figure 54, m8n8k4 B, .f64 (b0 only):
///   row = %laneid % 4
///   col = %laneid >> 2
inline MmaCoord fig54(unsigned laneid, unsigned /*i*/) {
  return at(laneid % 4, laneid >> 2);
}

/// Figure 55, m8n8k4 C/D, .f64:
///   row = groupID
///   col = (threadID_in_group * 2) + (i & 0x1)   for ci where i = {0, 1}
inline MmaCoord fig55(unsigned laneid, unsigned i) {
  return at(groupID(laneid), (threadIDInGroup(laneid) * 2) + (i & 0x1));
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.3. m8n8k16, 9.7.14.5.4. m8n8k32, 9.7.14.5.5. m8n8k128
//===----------------------------------------------------------------------===//

/// Figure 56, m8n8k16 A, .u8/.s8:
///   row = groupID
///   col = (threadID_in_group * 4) + i   for ai where i = {0,..,3}
inline MmaCoord fig56(unsigned laneid, unsigned i) {
  return at(groupID(laneid), (threadIDInGroup(laneid) * 4) + i);
}

/// Figure 57, m8n8k16 B, .u8/.s8:
///   row = (threadID_in_group * 4) + i   for bi where i = {0,..,3}
///   col = groupID
inline MmaCoord fig57(unsigned laneid, unsigned i) {
  return at((threadIDInGroup(laneid) * 4) + i, groupID(laneid));
}

/// Figure 58 (m8n8k16), figure 61 (m8n8k32) and figure 64 (m8n8k128), C/D,
/// .s32, all three with this text:
///   row = groupID
///   col = (threadID_in_group * 2) + i   for ci where i = {0, 1}
inline MmaCoord fig58And61And64(unsigned laneid, unsigned i) {
  return at(groupID(laneid), (threadIDInGroup(laneid) * 2) + i);
}

/// Figure 59, m8n8k32 A, .u4/.s4:
///   row = groupID
///   col = (threadID_in_group * 8) + i   for ai where i = {0,..,7}
inline MmaCoord fig59(unsigned laneid, unsigned i) {
  return at(groupID(laneid), (threadIDInGroup(laneid) * 8) + i);
}

/// Figure 60, m8n8k32 B, .u4/.s4:
///   row = (threadID_in_group * 8) + i   for bi where i = {0,..,7}
///   col = groupID
inline MmaCoord fig60(unsigned laneid, unsigned i) {
  return at((threadIDInGroup(laneid) * 8) + i, groupID(laneid));
}

/// Figure 62, m8n8k128 A, .b1:
///   row = groupID
///   col = (threadID_in_group * 32) + i   for ai where i = {0,..,31}
inline MmaCoord fig62(unsigned laneid, unsigned i) {
  return at(groupID(laneid), (threadIDInGroup(laneid) * 32) + i);
}

/// Figure 63, m8n8k128 B, .b1:
///   row = (threadID_in_group * 32) + i   for bi where i = {0,..,31}
///   col = groupID
inline MmaCoord fig63(unsigned laneid, unsigned i) {
  return at((threadIDInGroup(laneid) * 32) + i, groupID(laneid));
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.6. Matrix Fragments for mma.m16n8k4
//===----------------------------------------------------------------------===//

/// Figure 65 (A, .tf32) and figure 66 (A, .f64), m16n8k4, both with this
/// text:
///   row = groupID       for a0
///         groupID + 8   for a1
///   col = threadID_in_group
inline MmaCoord fig65And66(unsigned laneid, unsigned i) {
  unsigned row = i == 0 ? groupID(laneid) : groupID(laneid) + 8;
  return at(row, threadIDInGroup(laneid));
}

/// Figure 67 (B, .tf32) and figure 68 (B, .f64), m16n8k4, both with this
/// text:
///   row = threadID_in_group
///   col = groupID
inline MmaCoord fig67And68(unsigned laneid, unsigned /*i*/) {
  return at(threadIDInGroup(laneid), groupID(laneid));
}

/// Figure 69 (m16n8k4 C/D, .f32), figure 70 (m16n8k4 C/D, .f64), figure 77
/// (m16n8k8 C/D, .f16/.f32) and figure 78 (m16n8k8 C/D, .f64), all four with
/// this text:
///   row = groupID       for c0 and c1
///         groupID + 8   for c2 and c3
///   col = (threadID_in_group * 2) + (i & 0x1)   for ci where i = {0,..,3}
inline MmaCoord fig69And70And77And78(unsigned laneid, unsigned i) {
  unsigned row = (i == 0 || i == 1) ? groupID(laneid) : groupID(laneid) + 8;
  return at(row, (threadIDInGroup(laneid) * 2) + (i & 0x1));
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.7. Matrix Fragments for mma.m16n8k8
//===----------------------------------------------------------------------===//

/// Figure 71, m16n8k8 A, .f16/.bf16:
///   row = groupID       for a0 and a1
///         groupID + 8   for a2 and a3
///   col = threadID_in_group * 2 + (i & 0x1)   for ai where i = {0,..,3}
inline MmaCoord fig71(unsigned laneid, unsigned i) {
  unsigned row = (i == 0 || i == 1) ? groupID(laneid) : groupID(laneid) + 8;
  return at(row, threadIDInGroup(laneid) * 2 + (i & 0x1));
}

/// Figure 72 (A, .tf32) and figure 73 (A, .f64), m16n8k8, both with this
/// text:
///   row = groupID                 for a0 and a2
///         groupID + 8             for a1 and a3
///   col = threadID_in_group       for a0 and a1
///         threadID_in_group + 4   for a2 and a3
inline MmaCoord fig72And73(unsigned laneid, unsigned i) {
  unsigned row = (i == 0 || i == 2) ? groupID(laneid) : groupID(laneid) + 8;
  unsigned col = (i == 0 || i == 1) ? threadIDInGroup(laneid)
                                    : threadIDInGroup(laneid) + 4;
  return at(row, col);
}

/// Figure 74, m16n8k8 B, .f16/.bf16:
///   row = (threadID_in_group * 2) + i   for bi where i = {0, 1}
///   col = groupID
inline MmaCoord fig74(unsigned laneid, unsigned i) {
  return at((threadIDInGroup(laneid) * 2) + i, groupID(laneid));
}

/// Figure 75 (B, .tf32) and figure 76 (B, .f64), m16n8k8, both with this
/// text:
///   row = threadID_in_group       for b0
///         threadID_in_group + 4   for b1
///   col = groupID
inline MmaCoord fig75And76(unsigned laneid, unsigned i) {
  unsigned row = i == 0 ? threadIDInGroup(laneid) : threadIDInGroup(laneid) + 4;
  return at(row, groupID(laneid));
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.8. Matrix Fragments for mma.m16n8k16 with floating point type
//===----------------------------------------------------------------------===//

/// Figure 79, m16n8k16 A, .f16/.bf16:
///   row = groupID       for ai where 0 <= i < 2 || 4 <= i < 6
///         groupID + 8   Otherwise
///   col = (threadID_in_group * 2) + (i & 0x1)       for ai where i <  4
///         (threadID_in_group * 2) + (i & 0x1) + 8   for ai where i >= 4
inline MmaCoord fig79(unsigned laneid, unsigned i) {
  unsigned row =
      (i < 2 || (4 <= i && i < 6)) ? groupID(laneid) : groupID(laneid) + 8;
  unsigned col = i < 4 ? (threadIDInGroup(laneid) * 2) + (i & 0x1)
                       : (threadIDInGroup(laneid) * 2) + (i & 0x1) + 8;
  return at(row, col);
}

/// Figure 80, m16n8k16 A, .f64:
///   row = groupID                           for ai where i % 2 = 0
///         groupID + 8                       Otherwise
///   col = (i * 2) + threadID_in_group       for ai where i % 2 = 0
///         (i * 2) - 2 + (threadID_in_group  Otherwise
/// The text leaves the parenthesis of the second col case open; read as
/// `(i * 2) - 2 + threadID_in_group` (nothing else fits: it is the only
/// operand after it, and it makes a0..a7 cover the 16x16 A exactly once).
inline MmaCoord fig80(unsigned laneid, unsigned i) {
  unsigned row = i % 2 == 0 ? groupID(laneid) : groupID(laneid) + 8;
  unsigned col = i % 2 == 0 ? (i * 2) + threadIDInGroup(laneid)
                            : (i * 2) - 2 + threadIDInGroup(laneid);
  return at(row, col);
}

/// Figure 81, m16n8k16 B, .f16/.bf16:
///   row = (threadID_in_group * 2) + (i & 0x1)       for bi where i <  2
///         (threadID_in_group * 2) + (i & 0x1) + 8   for bi where i >= 2
///   col = groupID
inline MmaCoord fig81(unsigned laneid, unsigned i) {
  unsigned row = i < 2 ? (threadIDInGroup(laneid) * 2) + (i & 0x1)
                       : (threadIDInGroup(laneid) * 2) + (i & 0x1) + 8;
  return at(row, groupID(laneid));
}

/// Figure 82, m16n8k16 B, .f64:
///   row = threadID_in_group + (i * 4)   for bi where i < 4
///   col = groupID
inline MmaCoord fig82(unsigned laneid, unsigned i) {
  return at(threadIDInGroup(laneid) + (i * 4), groupID(laneid));
}

/// Figure 83 (m16n8k16 C/D, .f64/.f32/.f16), figure 86 (m16n8k16 C/D,
/// .s32/.f32/.f16), figure 92 (m16n8k32 C/D, .s32/.f32/.f16), figure 96
/// (m16n8k64 C/D, .s32/.f32), figure 99 (m16n8k128 C/D, .s32) and figure 103
/// (m16n8k256 C/D, .s32), all with this text (figures 99 and 103 write
/// `i = {0, 1, 2, 3}`):
///   row = groupID       for ci where i <  2
///         groupID + 8   for ci where i >= 2
///   col = (threadID_in_group * 2) + (i & 0x1)   for ci where i = {0,..,3}
inline MmaCoord fig83And86And92And96And99And103(unsigned laneid, unsigned i) {
  unsigned row = i < 2 ? groupID(laneid) : groupID(laneid) + 8;
  return at(row, (threadIDInGroup(laneid) * 2) + (i & 0x1));
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.9. Matrix Fragments for mma.m16n8k16 with integer type
// (the section also holds .e4m3 / .e5m2)
//===----------------------------------------------------------------------===//

/// Figure 84, m16n8k16 A, .u8/.s8 (and, by the section's table, .e4m3/.e5m2):
///   row = groupID       for ai where i < 4
///         groupID + 8   for ai where i >= 4
///   col = (threadID_in_group * 4) + (i & 0x3)   for ai where i = {0,..,7}
inline MmaCoord fig84(unsigned laneid, unsigned i) {
  unsigned row = i < 4 ? groupID(laneid) : groupID(laneid) + 8;
  return at(row, (threadIDInGroup(laneid) * 4) + (i & 0x3));
}

/// Figure 85, m16n8k16 B, .u8/.s8 (and .e4m3/.e5m2):
///   row = (threadID_in_group * 4) + i   for bi where i = {0,..,3}
///   col = groupID
inline MmaCoord fig85(unsigned laneid, unsigned i) {
  return at((threadIDInGroup(laneid) * 4) + i, groupID(laneid));
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.10. Matrix Fragments for mma.m16n8k32
//===----------------------------------------------------------------------===//

/// Figure 87, m16n8k32 A, .u4/.s4:
///   row = groupID       for ai where i < 8
///         groupID + 8   for ai where i >= 8
///   col = (threadID_in_group * 8) + (i & 0x7)   for ai where i = {0,..,15}
inline MmaCoord fig87(unsigned laneid, unsigned i) {
  unsigned row = i < 8 ? groupID(laneid) : groupID(laneid) + 8;
  return at(row, (threadIDInGroup(laneid) * 8) + (i & 0x7));
}

/// Figure 88, m16n8k32 A, .u8/.s8/.e4m3/.e5m2/.e3m2/.e2m3/.e2m1:
///   row = groupID       for ai where 0 <= i < 4 || 8 <= i < 12
///         groupID + 8   otherwise
///   col = (threadID_in_group * 4) + (i & 0x3)        for ai where i < 8
///         (threadID_in_group * 4) + (i & 0x3) + 16   for ai where i >= 8
inline MmaCoord fig88(unsigned laneid, unsigned i) {
  unsigned row =
      (i < 4 || (8 <= i && i < 12)) ? groupID(laneid) : groupID(laneid) + 8;
  unsigned col = i < 8 ? (threadIDInGroup(laneid) * 4) + (i & 0x3)
                       : (threadIDInGroup(laneid) * 4) + (i & 0x3) + 16;
  return at(row, col);
}

/// Figure 89, m16n8k32 B, .u4/.s4:
///   row = (threadID_in_group * 8) + (i & 0x7)   for bi where i = {0,..,7}
///   col = groupID
inline MmaCoord fig89(unsigned laneid, unsigned i) {
  return at((threadIDInGroup(laneid) * 8) + (i & 0x7), groupID(laneid));
}

/// Figures 90 and 91, m16n8k32 B, .u8/.s8/.e4m3/.e5m2/.e3m2/.e2m3/.e2m1:
///   row = (threadID_in_group * 4) + (i & 0x3)        for bi where i < 4
///         (threadID_in_group * 4) + (i & 0x3) + 16   for bi where i >= 4
///   col = groupID
inline MmaCoord fig90And91(unsigned laneid, unsigned i) {
  unsigned row = i < 4 ? (threadIDInGroup(laneid) * 4) + (i & 0x3)
                       : (threadIDInGroup(laneid) * 4) + (i & 0x3) + 16;
  return at(row, groupID(laneid));
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.11. Matrix Fragments for mma.m16n8k64
//===----------------------------------------------------------------------===//

/// Figure 93, m16n8k64 A, .u4/.s4/.e2m1:
///   row = groupID       for ai where 0 <= i < 8 || 16 <= i < 24
///         groupID + 8   otherwise
///   col = (threadID_in_group * 8) + (i & 0x7)        for ai where i < 16
///         (threadID_in_group * 8) + (i & 0x7) + 32   for ai where i >= 16
inline MmaCoord fig93(unsigned laneid, unsigned i) {
  unsigned row =
      (i < 8 || (16 <= i && i < 24)) ? groupID(laneid) : groupID(laneid) + 8;
  unsigned col = i < 16 ? (threadIDInGroup(laneid) * 8) + (i & 0x7)
                        : (threadIDInGroup(laneid) * 8) + (i & 0x7) + 32;
  return at(row, col);
}

/// Figures 94 and 95, m16n8k64 B, .u4/.s4/.e2m1:
///   row = (threadID_in_group * 8) + (i & 0x7)        for bi where i < 8
///         (threadID_in_group * 8) + (i & 0x7) + 32   for bi where i >= 8
///   col = groupID
inline MmaCoord fig94And95(unsigned laneid, unsigned i) {
  unsigned row = i < 8 ? (threadIDInGroup(laneid) * 8) + (i & 0x7)
                       : (threadIDInGroup(laneid) * 8) + (i & 0x7) + 32;
  return at(row, groupID(laneid));
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.12. Matrix Fragments for mma.m16n8k128
//===----------------------------------------------------------------------===//

/// Figure 97, m16n8k128 A, .b1:
///   row = groupID       for ai where i < 32
///         groupID + 8   for ai where i >= 32
///   col = (threadID_in_group * 32) + (i & 0x1F)   for ai where i = {0, ...,63}
inline MmaCoord fig97(unsigned laneid, unsigned i) {
  unsigned row = i < 32 ? groupID(laneid) : groupID(laneid) + 8;
  return at(row, (threadIDInGroup(laneid) * 32) + (i & 0x1F));
}

/// Figure 98, m16n8k128 B, .b1:
///   row = (threadID_in_group * 32) + i   for bi where i = {0,...,31}
///   col = groupID
inline MmaCoord fig98(unsigned laneid, unsigned i) {
  return at((threadIDInGroup(laneid) * 32) + i, groupID(laneid));
}

//===----------------------------------------------------------------------===//
// 9.7.14.5.13. Matrix Fragments for mma.m16n8k256
//===----------------------------------------------------------------------===//

/// Figure 100, m16n8k256 A, .b1. The ISA text:
///   row = groupID       for ai where 0 <= i < 32 || 64 <= i < 96
///         groupID + 8   otherwise
///   col = (threadID_in_group * 32) + i                  for ai where i < 64
///         (threadID_in_group * 32) + (i & 0x1F) + 128   for ai where i >= 64
/// CORRECTED: the first col case is transcribed as
/// `(threadID_in_group * 32) + (i & 0x1F)`. As written, `+ i` puts a32..a63
/// (row groupID + 8) on columns threadID_in_group * 32 + 32..63: no lane
/// holds columns 0..31 of rows 8..15, and the lanes with threadID_in_group 3
/// put theirs on columns 128..159 of rows 8..15, which the lanes with
/// threadID_in_group 0 also hold as a96..a127 (256 elements held twice, 256
/// by no lane). With `(i & 0x1F)`, a0..a31 / a32..a63 are columns
/// threadID_in_group * 32 + 0..31 of rows groupID / groupID + 8, as a64..a127
/// are in columns 128..255 (the second case, which masks), as in the
/// m16n8k128 A layout (figure 97) and this shape's own B formula (figures 101
/// and 102, which mask both cases); a0..a127 of the 32 lanes then cover the
/// 16x256 A exactly once.
inline MmaCoord fig100(unsigned laneid, unsigned i) {
  unsigned row =
      (i < 32 || (64 <= i && i < 96)) ? groupID(laneid) : groupID(laneid) + 8;
  unsigned col = i < 64 ? (threadIDInGroup(laneid) * 32) + (i & 0x1F)
                        : (threadIDInGroup(laneid) * 32) + (i & 0x1F) + 128;
  return at(row, col);
}

/// Figures 101 and 102, m16n8k256 B, .b1:
///   row = (threadID_in_group * 32) + (i & 0x1F)         for bi where i < 32
///         (threadID_in_group * 32) + (i & 0x1F) + 128   for bi where i >= 32
///   col = groupID
inline MmaCoord fig101And102(unsigned laneid, unsigned i) {
  unsigned row = i < 32 ? (threadIDInGroup(laneid) * 32) + (i & 0x1F)
                        : (threadIDInGroup(laneid) * 32) + (i & 0x1F) + 128;
  return at(row, groupID(laneid));
}

//===----------------------------------------------------------------------===//
// Which figure documents which (shape, type, operand).
//===----------------------------------------------------------------------===//

/// A documented fragment: how many elements a lane holds and the figure's
/// formula.
struct Fragment {
  unsigned count = 0;
  MmaCoord (*coord)(unsigned laneid, unsigned i) = nullptr;
};

template <typename... Names>
inline bool isOneOf(llvm::StringRef s, Names... names) {
  return ((s == names) || ...);
}

/// `shape` and `type` may carry the ISA's leading '.' or not.
inline llvm::StringRef dropDot(llvm::StringRef s) {
  return s.starts_with(".") ? s.drop_front() : s;
}

/// The fragment the ISA documents for (shape, type, op, layout), if any.
/// `rowMajor` only selects among figures 46..49 (m8n8k4 with .f16
/// multiplicands, the only mma whose syntax has .alayout / .blayout); every
/// other mma is `.row.col`, its A and B figures are those of that layout, and
/// `rowMajor` is not looked at.
inline std::optional<Fragment> lookup(llvm::StringRef shape,
                                      llvm::StringRef type, MmaOperand op,
                                      bool rowMajor) {
  using F = Fragment;
  shape = dropDot(shape);
  type = dropDot(type);
  const bool a = op == MmaOperand::A, b = op == MmaOperand::B,
             c = op == MmaOperand::C;

  // 9.7.14.5.1 and 9.7.14.5.2.
  if (shape == "m8n8k4") {
    if (type == "f16") {
      // A: "two .f16x2 registers ... a0, a1, a2, a3";
      // B: "two .f16x2 registers ... b0, b1, b2, b3".
      if (a)
        return F{4, rowMajor ? fig46 : fig47};
      if (b)
        return F{4, rowMajor ? fig48 : fig49};
      // C: ".f16: four .f16x2 registers ... c0, ..., c7".
      return F{8, fig50};
    }
    // C: ".f32: A vector expression of eight .f32 registers."
    if (type == "f32" && c)
      return F{8, fig51And52};
    if (type == "f64") {
      if (a)
        return F{1, fig53}; // a0
      if (b)
        return F{1, fig54}; // b0
      return F{2, fig55};   // c0, c1
    }
    return std::nullopt;
  }

  // 9.7.14.5.3.
  if (shape == "m8n8k16") {
    if (isOneOf(type, "u8", "s8") && a)
      return F{4, fig56}; // a0..a3
    if (isOneOf(type, "u8", "s8") && b)
      return F{4, fig57}; // b0..b3
    if (type == "s32" && c)
      return F{2, fig58And61And64}; // c0, c1
    return std::nullopt;
  }

  // 9.7.14.5.4.
  if (shape == "m8n8k32") {
    if (isOneOf(type, "u4", "s4") && a)
      return F{8, fig59}; // a0..a7
    if (isOneOf(type, "u4", "s4") && b)
      return F{8, fig60}; // b0..b7
    if (type == "s32" && c)
      return F{2, fig58And61And64}; // c0, c1
    return std::nullopt;
  }

  // 9.7.14.5.5.
  if (shape == "m8n8k128") {
    if (type == "b1" && a)
      return F{32, fig62}; // a0..a31
    if (type == "b1" && b)
      return F{32, fig63}; // b0..b31
    if (type == "s32" && c)
      return F{2, fig58And61And64}; // c0, c1
    return std::nullopt;
  }

  // 9.7.14.5.6.
  if (shape == "m16n8k4") {
    if (isOneOf(type, "tf32", "f64") && a)
      return F{2, fig65And66}; // a0, a1
    if (isOneOf(type, "tf32", "f64") && b)
      return F{1, fig67And68}; // b0
    if (isOneOf(type, "f32", "f64") && c)
      return F{4, fig69And70And77And78}; // c0..c3
    return std::nullopt;
  }

  // 9.7.14.5.7.
  if (shape == "m16n8k8") {
    if (isOneOf(type, "f16", "bf16") && a)
      return F{4, fig71}; // a0..a3
    if (isOneOf(type, "tf32", "f64") && a)
      return F{4, fig72And73}; // a0..a3
    if (isOneOf(type, "f16", "bf16") && b)
      return F{2, fig74}; // b0, b1
    if (isOneOf(type, "tf32", "f64") && b)
      return F{2, fig75And76}; // b0, b1
    if (isOneOf(type, "f16", "f32", "f64") && c)
      return F{4, fig69And70And77And78}; // c0..c3
    return std::nullopt;
  }

  // 9.7.14.5.8 (floating point) and 9.7.14.5.9 (integer, .e4m3/.e5m2).
  if (shape == "m16n8k16") {
    if (isOneOf(type, "f16", "bf16") && a)
      return F{8, fig79}; // a0..a7
    if (type == "f64" && a)
      return F{8, fig80}; // a0..a7
    if (isOneOf(type, "u8", "s8", "e4m3", "e5m2") && a)
      return F{8, fig84}; // a0..a7
    if (isOneOf(type, "f16", "bf16") && b)
      return F{4, fig81}; // b0..b3
    if (type == "f64" && b)
      return F{4, fig82}; // b0..b3
    if (isOneOf(type, "u8", "s8", "e4m3", "e5m2") && b)
      return F{4, fig85}; // b0..b3
    // Figure 83 (.f64/.f32/.f16) and figure 86 (.s32/.f32/.f16) agree.
    if (isOneOf(type, "f16", "f32", "f64", "s32") && c)
      return F{4, fig83And86And92And96And99And103}; // c0..c3
    return std::nullopt;
  }

  // 9.7.14.5.10.
  if (shape == "m16n8k32") {
    if (isOneOf(type, "u4", "s4") && a)
      return F{16, fig87}; // a0..a15
    if (isOneOf(type, "u8", "s8", "e4m3", "e5m2", "e3m2", "e2m3", "e2m1") && a)
      return F{16, fig88}; // a0..a15
    if (isOneOf(type, "u4", "s4") && b)
      return F{8, fig89}; // b0..b7
    if (isOneOf(type, "u8", "s8", "e4m3", "e5m2", "e3m2", "e2m3", "e2m1") && b)
      return F{8, fig90And91}; // b0..b7
    if (isOneOf(type, "s32", "f32", "f16") && c)
      return F{4, fig83And86And92And96And99And103}; // c0..c3
    return std::nullopt;
  }

  // 9.7.14.5.11.
  if (shape == "m16n8k64") {
    if (isOneOf(type, "u4", "s4", "e2m1") && a)
      return F{32, fig93}; // a0..a31
    if (isOneOf(type, "u4", "s4", "e2m1") && b)
      return F{16, fig94And95}; // b0..b15
    if (isOneOf(type, "s32", "f32") && c)
      return F{4, fig83And86And92And96And99And103}; // c0..c3
    return std::nullopt;
  }

  // 9.7.14.5.12.
  if (shape == "m16n8k128") {
    if (type == "b1" && a)
      return F{64, fig97}; // a0..a63
    if (type == "b1" && b)
      return F{32, fig98}; // b0..b31
    if (type == "s32" && c)
      return F{4, fig83And86And92And96And99And103}; // c0..c3
    return std::nullopt;
  }

  // 9.7.14.5.13.
  if (shape == "m16n8k256") {
    if (type == "b1" && a)
      return F{128, fig100}; // a0..a127
    if (type == "b1" && b)
      return F{64, fig101And102}; // b0..b63
    if (type == "s32" && c)
      return F{4, fig83And86And92And96And99And103}; // c0..c3
    return std::nullopt;
  }

  return std::nullopt;
}

} // namespace mma_isa_detail

/// The ISA's (row, col) of element i (a_i, b_i, c_i in the ISA's "Elements
/// (low to high)" numbering) held by lane `lane`. `shape` like "m16n8k16";
/// `type` the element type suffix of that operand ("f16", "bf16", "tf32",
/// "f64", "f32", "s32", "u8", "s8", "u4", "s4", "b1", "e4m3", "e5m2", "e3m2",
/// "e2m3", "e2m1"); `rowMajor` the operand's layout qualifier (.row/.col) --
/// only m8n8k4 .f16 A/B depend on it; other shapes are .row for A and .col
/// for B, and ignore it. nullopt where the ISA documents no such fragment, or
/// where `lane` >= 32 or `i` >= the element count.
inline std::optional<MmaCoord> mmaIsaElement(llvm::StringRef shape,
                                             llvm::StringRef type,
                                             MmaOperand op, bool rowMajor,
                                             unsigned lane, unsigned i) {
  std::optional<mma_isa_detail::Fragment> fragment =
      mma_isa_detail::lookup(shape, type, op, rowMajor);
  if (!fragment || lane >= 32 || i >= fragment->count)
    return std::nullopt;
  return fragment->coord(lane, i);
}

/// How many elements a_i (b_i, c_i) one lane holds, 0 where undocumented.
inline unsigned mmaIsaElementCount(llvm::StringRef shape, llvm::StringRef type,
                                   MmaOperand op) {
  // The count does not depend on the layout: m8n8k4 .f16 holds four a_i /
  // b_i in both.
  std::optional<mma_isa_detail::Fragment> fragment =
      mma_isa_detail::lookup(shape, type, op, /*rowMajor=*/true);
  return fragment ? fragment->count : 0;
}

} // namespace tile::isa

#endif // TILE_UNITTESTS_PTX_MMAISALAYOUTS_H
