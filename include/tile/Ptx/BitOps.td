//===- BitOps.td - Bit operations -------------------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The bit operations of PTX: population count, leading zeros, bit find,
// bit reversal, bit fields, logic, shifts, funnel shifts, permutes and the
// integer dot products (PTX ISA 9.7.1, 9.7.8, 9.7.9). Floors are the ISA's
// where ptxas 13.0 cannot reach below (PTX 2.3 / sm_20); above that they
// were measured with ptxas 13.0 (/work/scratch/intscan, docs/PtxasScan.md).
// The native SASS is what ptxas 13.0 emits once per instruction for sm_90;
// forms that ptxas expands into a sequence (64-bit forms, clz, cnot, bfe,
// bfi, fns, 16-bit shifts) have none. Every result is an integer: no NaN.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_BITOPS_TD
#define TILE_PTX_BITOPS_TD

include "tile/Ptx/PtxTypes.td"

def SemPopc : Semantics<"popc", "popcLane", "bitInputs">;

/// A bit operation: no NaN results.
class BitForm<string m, list<Slot> slots, list<PtxType> types,
              list<Operand> operands, int ptx, int sm, Semantics sem,
              string doc, string sass = "">
    : Form<m, slots, types, operands, ptx, sm, sem, doc> {
  let Sass = sass;
  let NaNResult = NaNNone;
}

//===----------------------------------------------------------------------===//
// popc (9.7.1.14): the destination is .u32 for both source widths.
//===----------------------------------------------------------------------===//

foreach t = [B32, B64] in
  def Popc#!cast<string>(t)
      : BitForm<"popc", [], [t], [Reg<"d", Def, U32>, Reg<"a", Use, t>], 20,
                20, SemPopc, "9.7.1.14 popc", !if(!eq(t, B32), "POPC", "")>;

#endif // TILE_PTX_BITOPS_TD
