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
// were measured with ptxas 13.0 (docs/IntegerScan.md, docs/PtxasScan.md).
// The native SASS is what ptxas 13.0 emits once per instruction for sm_90;
// forms that ptxas expands into a sequence (64-bit forms, clz, cnot, bfe,
// bfi, fns, 16-bit shifts) have none. Every result is an integer: no NaN.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_BITOPS_TD
#define TILE_PTX_BITOPS_TD

include "tile/Ptx/PtxTypes.td"
// The BoolOp qualifiers (.and, .or) of lop3.BoolOp are setp's.
include "tile/Ptx/Compare.td"

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

def SemClz : Semantics<"clz", "clzLane", "bitInputs">;
def SemBfind : Semantics<"bfind", "bfindLane", "bitInputs">;
def SemBrev : Semantics<"brev", "brevLane", "bitInputs">;
def SemFns : Semantics<"fns", "fnsLane", "fnsInputs">;
def SemBfe : Semantics<"bfe", "bfeLane", "fieldInputs">;
def SemBfi : Semantics<"bfi", "bfiLane", "fieldInputs">;
def SemSzext : Semantics<"szext", "szextLane", "amountInputs">;
def SemBmsk : Semantics<"bmsk", "bmskLane", "fieldInputs">;
def SemAnd : Semantics<"and", "andLane", "bitInputs">;
def SemOr : Semantics<"or", "orLane", "bitInputs">;
def SemXor : Semantics<"xor", "xorLane", "bitInputs">;
def SemNot : Semantics<"not", "notLane", "bitInputs">;
def SemCnot : Semantics<"cnot", "cnotLane", "bitInputs">;
def SemShl : Semantics<"shl", "shlLane", "amountInputs">;
def SemShr : Semantics<"shr", "shrLane", "amountInputs">;
def SemShf : Semantics<"shf", "shfLane", "amountInputs">;
def SemDp4a : Semantics<"dp4a", "dp4aLane", "bitInputs">;
def SemDp2a : Semantics<"dp2a", "dp2aLane", "bitInputs">;

def ShiftAmt : Qual<"shiftamt">;
def Wrap : Qual<"wrap">;
def Clamp : Qual<"clamp">;
def ShfL : Qual<"l">;
def ShfR : Qual<"r">;

/// A required choice of one mode (shown as `.display`).
class Mode<list<Qual> choices, string display>
    : Slot<FlagSlot, choices, 1, display>;

//===----------------------------------------------------------------------===//
// clz, bfind, brev (9.7.1.15, 9.7.1.16, 9.7.1.18)
//===----------------------------------------------------------------------===//

foreach t = [B32, B64] in
  def Clz#!cast<string>(t)
      : BitForm<"clz", [], [t], [Reg<"d", Def, U32>, Reg<"a", Use, t>], 20, 20,
                SemClz, "9.7.1.15 clz">;

// FLO on sm_90 for the 32-bit forms (FLO.U32, FLO, with .SH for .shiftamt).
foreach t = [U32, U64, S32, S64] in
  def Bfind#!cast<string>(t)
      : BitForm<"bfind", [Opt<ShiftAmt>], [t],
                [Reg<"d", Def, U32>, Reg<"a", Use, t>], 20, 20, SemBfind,
                "9.7.1.16 bfind", !if(!eq(t.Bits, 32), "FLO", "")>;

foreach t = [B32, B64] in
  def Brev#!cast<string>(t)
      : BitForm<"brev", [], [t], ArithOperands<t, 1>.List, 20, 20, SemBrev,
                "9.7.1.18 brev", !if(!eq(t, B32), "BREV", "")>;

//===----------------------------------------------------------------------===//
// fns, bfe, bfi, szext, bmsk (9.7.1.17, 9.7.1.19 - 9.7.1.22)
//===----------------------------------------------------------------------===//

def FnsB32 : BitForm<"fns", [], [B32],
                     [Reg<"d", Def, B32>, Reg<"mask", Use, B32>,
                      Reg<"base", Use, U32>, Reg<"offset", Use, S32>],
                     60, 30, SemFns, "9.7.1.17 fns">;

foreach t = [U32, U64, S32, S64] in
  def Bfe#!cast<string>(t)
      : BitForm<"bfe", [], [t],
                [Reg<"d", Def, t>, Reg<"a", Use, t>, Reg<"b", Use, U32>,
                 Reg<"c", Use, U32>], 20, 20, SemBfe, "9.7.1.19 bfe">;

foreach t = [B32, B64] in
  def Bfi#!cast<string>(t)
      : BitForm<"bfi", [], [t],
                [Reg<"f", Def, t>, Reg<"a", Use, t>, Reg<"b", Use, t>,
                 Reg<"c", Use, U32>, Reg<"d", Use, U32>], 20, 20, SemBfi,
                "9.7.1.20 bfi">;

foreach t = [S32, U32] in
  def Szext#!cast<string>(t)
      : BitForm<"szext", [Mode<[Wrap, Clamp], "mode">], [t],
                [Reg<"d", Def, t>, Reg<"a", Use, t>, Reg<"b", Use, U32>], 76,
                70, SemSzext, "9.7.1.21 szext", "SGXT">;

def BmskB32 : BitForm<"bmsk", [Mode<[Wrap, Clamp], "mode">], [B32],
                      [Reg<"d", Def, B32>, Reg<"a", Use, U32>,
                       Reg<"b", Use, U32>], 76, 70, SemBmsk,
                      "9.7.1.22 bmsk", "BMSK">;

//===----------------------------------------------------------------------===//
// dp4a, dp2a (9.7.1.23, 9.7.1.24): d and c are .u32 when both sources are,
// else .s32.
//===----------------------------------------------------------------------===//

foreach at = [U32, S32] in
  foreach bt = [U32, S32] in {
    defvar dc = !if(!and(!eq(at, U32), !eq(bt, U32)), U32, S32);
    defvar ops = [Reg<"d", Def, dc>, Reg<"a", Use, at>, Reg<"b", Use, bt>,
                  Reg<"c", Use, dc>];
    def Dp4a#!cast<string>(at)#!cast<string>(bt)
        : BitForm<"dp4a", [], [at, bt], ops, 50, 61, SemDp4a, "9.7.1.23 dp4a",
                  "IDP">;
    def Dp2a#!cast<string>(at)#!cast<string>(bt)
        : BitForm<"dp2a", [Mode<[Lo, Hi], "mode">], [at, bt], ops, 50, 61,
                  SemDp2a, "9.7.1.24 dp2a", "IDP">;
  }

//===----------------------------------------------------------------------===//
// and, or, xor, not, cnot (9.7.8.1 - 9.7.8.5); and, or, xor and not also
// take .pred operands (register tiles of i1). ptxas 13.0 emits one LOP3 per
// 16- or 32-bit form (PLOP3 per .pred form), but also implements a
// predicated or preserved destination with one, so certification cannot
// count one per atom: no native SASS is recorded.
//===----------------------------------------------------------------------===//

multiclass Logic<string m, Semantics sem, int numSrc, string doc,
                 string sass, list<PtxType> types = [Pred, B16, B32, B64]> {
  foreach t = types in
    def !cast<string>(t)
        : BitForm<m, [], [t], ArithOperands<t, numSrc>.List, 10, 10, sem, doc,
                  !if(!eq(t, B64), "", sass)>;
}
defm And : Logic<"and", SemAnd, 2, "9.7.8.1 and", "">;
defm Or : Logic<"or", SemOr, 2, "9.7.8.2 or", "">;
defm Xor : Logic<"xor", SemXor, 2, "9.7.8.3 xor", "">;
defm Not : Logic<"not", SemNot, 1, "9.7.8.4 not", "">;
defm Cnot : Logic<"cnot", SemCnot, 1, "9.7.8.5 cnot", "", [B16, B32, B64]>;

//===----------------------------------------------------------------------===//
// shf, shl, shr (9.7.8.7 - 9.7.8.9): the amount is a .u32, used whole and
// clamped to the width (docs/IntegerFacts.md §2). One SHF per 32-bit form.
//===----------------------------------------------------------------------===//

def ShfB32 : BitForm<"shf", [Mode<[ShfL, ShfR], "dir">,
                             Mode<[Wrap, Clamp], "mode">], [B32],
                     [Reg<"d", Def, B32>, Reg<"a", Use, B32>,
                      Reg<"b", Use, B32>, Reg<"c", Use, U32>], 31, 32, SemShf,
                     "9.7.8.7 shf", "SHF"> {
  // PTX ISA 3.1 cannot name sm_32; sm_32 has the form from 4.0 (docs/IntegerScan.md).
  let OlderChips = [OlderChip<32, 40>];
  let Sm = 35;
}

class ShiftForm<string m, PtxType t, Semantics sem, string doc>
    : BitForm<m, [], [t], [Reg<"d", Def, t>, Reg<"a", Use, t>,
                           Reg<"b", Use, U32>], 10, 10, sem, doc,
              !if(!eq(t.Bits, 32), "SHF", "")>;
foreach t = [B16, B32, B64] in
  def Shl#!cast<string>(t) : ShiftForm<"shl", t, SemShl, "9.7.8.8 shl">;
foreach t = [B16, B32, B64, U16, U32, U64, S16, S32, S64] in
  def Shr#!cast<string>(t) : ShiftForm<"shr", t, SemShr, "9.7.8.9 shr">;

//===----------------------------------------------------------------------===//
// lop3 (9.7.8.6): any function of three inputs, named by its look-up table
// (the result for a = 0xF0, b = 0xCC, c = 0xAA), an immediate byte.
//===----------------------------------------------------------------------===//

def SemLop3 : Semantics<"lop3", "lop3Lane", "bitInputs">;

def Lop3B32 : BitForm<"lop3", [], [B32],
                      [Reg<"d", Def, B32>, Reg<"a", Use, B32>,
                       Reg<"b", Use, B32>, Reg<"c", Use, B32>,
                       Imm<"immLut", B32, 0, 255>],
                      43, 50, SemLop3, "9.7.8.6 lop3">;

// lop3.BoolOp.b32 d|p, a, b, c, immLut, q: d as above, and the predicate
// p = (d != 0) BoolOp q, BoolOp .and or .or (ptxas 13.0 rejects .xor:
// "Illegal operation '.xor' for instruction 'lop3'"). The floors are the
// ISA's, PTX 8.2 / sm_70, which ptxas 13.0 confirms as far as it can: it
// rejects PTX 8.1 ("Feature 'lop3.<BoolOp>' requires PTX ISA .version 8.2")
// and .target sm_62 ("requires .target sm_70"), and checks .target sm_70
// only when assembling for sm_75 (it cannot target older chips). The
// reference packs d in bits 0..31 and p in bit 32 (docs/IntegerScan.md).
// No native SASS: ptxas 13.0 emits one LOP3.LUT per instruction on sm_90
// (LOP3.LUT.PAND for .and, LOP3.LUT with a predicate destination for .or),
// but turns a predicated one's guard into two LOP3.LUT more, so
// certification cannot count one per atom (as for plain lop3).
def SemLop3Pair : Semantics<"lop3_pair", "lop3PairLane", "bitInputs">;

def Lop3PairB32 : BitForm<"lop3", [Operator<[AND, OR], "BoolOp">], [B32],
                          [PipedReg<"d", Def, B32>, Reg<"p", Def, Pred>,
                           Reg<"a", Use, B32>, Reg<"b", Use, B32>,
                           Reg<"c", Use, B32>, Imm<"immLut", B32, 0, 255>,
                           Reg<"q", Use, Pred>],
                          82, 70, SemLop3Pair, "9.7.8.6 lop3"> {
  // Two destinations, d|p, like setp p|q.
  let Variant = "pair";
}

//===----------------------------------------------------------------------===//
// prmt (9.7.9.7): four bytes picked from the eight of {b, a}. Without a
// mode, c[15:0] holds four selectors (bit 3 of each replicates the picked
// byte's sign); a mode picks by c[1:0] from its table: for selector s,
// destination byte i is source byte Values[4 * s + i]. Measured on the
// H200 (docs/IntegerFacts.md §6): every selector 0..65535 of the default
// mode, 16,384 random inputs per mode.
//===----------------------------------------------------------------------===//

def SemPrmt : Semantics<"prmt", "prmtLane", "bitInputs">;

def F4E : Qual<"f4e">;
def B4E : Qual<"b4e">;
def RC8 : Qual<"rc8">;
def ECL : Qual<"ecl">;
def ECR : Qual<"ecr">;
def RC16 : Qual<"rc16">;

def : QualTable<F4E, [0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6]>;
def : QualTable<B4E, [0, 7, 6, 5, 1, 0, 7, 6, 2, 1, 0, 7, 3, 2, 1, 0]>;
def : QualTable<RC8, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]>;
def : QualTable<ECL, [0, 1, 2, 3, 1, 1, 2, 3, 2, 2, 2, 3, 3, 3, 3, 3]>;
def : QualTable<ECR, [0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 2, 2, 0, 1, 2, 3]>;
def : QualTable<RC16, [0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3]>;

def PrmtB32 : BitForm<"prmt",
                      [TrailingMode<[F4E, B4E, RC8, ECL, ECR, RC16], "mode">],
                      [B32], ArithOperands<B32, 3>.List, 20, 20, SemPrmt,
                      "9.7.9.7 prmt", "PRMT">;

//===----------------------------------------------------------------------===//
// Undocumented spellings (docs/IntegerScan.md: every other type ptxas rejects)
//===----------------------------------------------------------------------===//

def : Rejected<"prmt", [B32], [F4E, B4E, RC8, ECL, ECR, RC16], [],
  "the PTX ISA writes the mode after the type (prmt.b32.mode); ptxas 13.0 "
  "also accepts it before"> {
  let Misplaced = 1;
}

#endif // TILE_PTX_BITOPS_TD
