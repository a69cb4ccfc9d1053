//===- IntArith.td - Integer arithmetic forms ------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// add, sub, mul, mad, mul24, mad24, sad, div, rem, abs, neg, min and max
// over the integer types (PTX ISA 9.7.1 Integer Arithmetic Instructions).
//
// Floors: measured with ptxas 13.0 (the integer scan, every documented
// spelling bisected over PTX ISA versions and targets). The scan's 64-bit
// kernel cannot go below PTX 2.3 / sm_20; where ptxas accepts a spelling
// there, the floor is the ISA's ("introduced in PTX ISA 1.0, all targets"),
// as for the float families. Above it: the packed .s16x2/.u16x2 add, min
// and max, and .relu, need PTX 8.0 and sm_90.
//
// Semantics (H200-measured where the ISA leaves results open): results wrap
// modulo 2^w; div and rem by 0 give all ones (rem too: not the dividend);
// MIN / -1 = MIN and MIN % -1 = 0; abs and neg of MIN wrap to MIN; mul24 and
// mad24 read the low 24 bits of a and b (sign-extended from bit 23 for
// .s32), .hi is bits 47..16 of the 48-bit product; .sat clamps to the s32
// range.
//
// Sass: the one instruction ptxas 13.0 emits per form on sm_90, where it
// emits one (operand preparation such as PRMT/SGXT around it aside). The
// 64-bit forms, .sat, .hi on 16 bits, mul24.hi/mad24.hi, mad.wide, div and
// rem are sequences: no Sass.
//
// The carry chain (add.cc, addc, sub.cc, subc, mad.cc, madc) is not
// supported: the carry flag does not survive between two inline-asm
// statements (docs/Rationale.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_INTARITH_TD
#define TILE_PTX_INTARITH_TD

include "tile/Ptx/PtxTypes.td"



def SemIntAdd : Semantics<"int_add", "intAddLane", "intInputs">;
def SemIntSub : Semantics<"int_sub", "intSubLane", "intInputs">;
def SemIntMul : Semantics<"int_mul", "intMulLane", "intInputs">;
def SemIntMad : Semantics<"int_mad", "intMadLane", "intInputs">;
def SemIntMul24 : Semantics<"int_mul24", "intMul24Lane", "intInputs">;
def SemIntMad24 : Semantics<"int_mad24", "intMad24Lane", "intInputs">;
def SemIntSad : Semantics<"int_sad", "intSadLane", "intInputs">;
def SemIntDiv : Semantics<"int_div", "intDivLane", "intDivInputs">;
def SemIntRem : Semantics<"int_rem", "intRemLane", "intDivInputs">;
def SemIntAbs : Semantics<"int_abs", "intAbsLane", "intInputs">;
def SemIntNeg : Semantics<"int_neg", "intNegLane", "intInputs">;
def SemIntMin : Semantics<"int_min", "intMinLane", "intInputs">;
def SemIntMax : Semantics<"int_max", "intMaxLane", "intInputs">;

/// The PTX ISA section of mnemonic `m` (9.7.1.N).
class IntDocOf<string m> {
  int N = !cond(!eq(m, "add") : 1, !eq(m, "sub") : 2, !eq(m, "mul") : 3,
                !eq(m, "mad") : 4, !eq(m, "mul24") : 5, !eq(m, "mad24") : 6,
                !eq(m, "sad") : 7, !eq(m, "div") : 8, !eq(m, "rem") : 9,
                !eq(m, "abs") : 10, !eq(m, "neg") : 11, !eq(m, "min") : 12,
                !eq(m, "max") : 13);
  string Doc = "9.7.1." # N # " Integer Arithmetic Instructions: " # m;
}
defvar Int16 = [U16, S16];
defvar Int32 = [U32, S32];
defvar Int64 = [U64, S64];
defvar IntAll = [U16, S16, U32, S32, U64, S64];

/// Twice as wide (mul.wide and mad.wide's d and c).
class WideOf<PtxType t> {
  PtxType T = !cond(!eq(t, U16) : U32, !eq(t, S16) : S32, !eq(t, U32) : U64,
                    !eq(t, S32) : S64);
}

/// An integer form whose d and `numSrc` sources are all of type `t`.
class IntForm<string m, PtxType t, list<Slot> slots, int numSrc, int ptx,
              int sm, Semantics sem, string doc, string sass>
    : Form<m, slots, [t], ArithOperands<t, numSrc>.List, ptx, sm, sem,
           IntDocOf<doc>.Doc> {
  let Sass = sass;
  let NaNResult = NaNNone;
}

//===----------------------------------------------------------------------===//
// add, sub
//===----------------------------------------------------------------------===//

foreach m = ["add", "sub"] in {
  defvar sem = !if(!eq(m, "add"), SemIntAdd, SemIntSub);
  defvar doc = !if(!eq(m, "add"), "add", "sub");
  defvar M = !if(!eq(m, "add"), "Add", "Sub");
  // 16-bit forms are widened and masked (no one instruction per atom);
  // under a predicate ptxas may select with VIADD or IMAD.IADD.
  foreach t = Int16 in
    def M # Int # !cast<string>(t) : IntForm<m, t, [], 2, 10, 10, sem, doc,
                                             "">;
  foreach t = Int32 in
    def M # Int # !cast<string>(t) : IntForm<m, t, [], 2, 10, 10, sem, doc,
                                             "IADD3|VIADD|IMAD.IADD">;
  foreach t = Int64 in
    def M # Int # !cast<string>(t) : IntForm<m, t, [], 2, 10, 10, sem, doc,
                                             "">;
  // Saturation: .s32 only (a compare-and-select sequence).
  def M # SatS32 : IntForm<m, S32, [Req<SAT>], 2, 10, 10, sem, doc, "">;
}
// Packed halves (add only): VIADD.16 on sm_90.
foreach t = [U16x2, S16x2] in
  def AddInt # !cast<string>(t) : IntForm<"add", t, [], 2, 80, 90, SemIntAdd,
                                          "add", "VIADD">;

//===----------------------------------------------------------------------===//
// mul, mad
//===----------------------------------------------------------------------===//

/// mul.wide / mad.wide: d (and mad's c) twice as wide as a and b.
class WideForm<string m, PtxType t, Semantics sem, string sass>
    : Form<m, [Req<Wide>], [t],
           !listconcat([Reg<"d", Def, WideOf<t>.T>, Reg<"a", Use, t>,
                        Reg<"b", Use, t>],
                       !if(!eq(m, "mad"), [Reg<"c", Use, WideOf<t>.T>], [])),
           10, 10, sem, IntDocOf<m>.Doc> {
  let Sass = sass;
  let NaNResult = NaNNone;
}

foreach m = ["mul", "mad"] in {
  defvar sem = !if(!eq(m, "mul"), SemIntMul, SemIntMad);
  defvar n = !if(!eq(m, "mul"), 2, 3);
  defvar M = !if(!eq(m, "mul"), "Mul", "Mad");
  foreach t = IntAll in {
    defvar is32 = !eq(!cast<PtxType>(t).Bits, 32);
    defvar is16 = !eq(!cast<PtxType>(t).Bits, 16);
    def M # Lo # !cast<string>(t)
        : IntForm<m, t, [Req<Lo>], n, 10, 10, sem, m,
                  !if(is32, "IMAD", "")>;
    def M # Hi # !cast<string>(t)
        : IntForm<m, t, [Req<Hi>], n, 10, 10, sem, m,
                  !if(is32, "IMAD.HI", "")>;
  }
  // mul.wide.16 widens its 16-bit sources first (no one instruction per
  // atom); mad.wide adds c after the IMAD.WIDE.
  foreach t = Int16 in
    def M # Wide # !cast<string>(t) : WideForm<m, t, sem, "">;
  foreach t = Int32 in
    def M # Wide # !cast<string>(t)
        : WideForm<m, t, sem, !if(!eq(m, "mul"), "IMAD.WIDE", "")>;
}
// mad.hi.sat.s32: clamp_s32((a*b >> 32) + c). ptxas 13.0 drops the
// saturation where the kernel also multiplies the same a and b with
// mul.lo.s32/.u32 or mad.wide.s32/.u32 (it fuses both into one IMAD.WIDE
// and keeps its high word): measured with cuobjdump and on the GPU
// (docs/IntegerFacts.md). mul.hi.s32 then add.sat.s32 is the same value.
def MadHiSatS32 : IntForm<"mad", S32, [Req<Hi>, Req<SAT>], 3, 10, 10,
                          SemIntMad, "mad", ""> {
  let PtxasWorkaround = ".reg .s32 %tile_hi; mul.hi.s32 %tile_hi, {a}, {b}; "
                        "add.sat.s32 {d}, %tile_hi, {c}";
  let PtxasWorkaroundWhy =
      "ptxas 13.0 drops .sat where the kernel also computes mul.lo or "
      "mad.wide of the same a and b (one IMAD.WIDE for both)";
}

//===----------------------------------------------------------------------===//
// mul24, mad24, sad
//===----------------------------------------------------------------------===//

foreach t = Int32 in {
  def Mul24Lo # !cast<string>(t) : IntForm<"mul24", t, [Req<Lo>], 2, 10, 10,
                                           SemIntMul24, "mul24", "IMAD">;
  def Mul24Hi # !cast<string>(t) : IntForm<"mul24", t, [Req<Hi>], 2, 10, 10,
                                           SemIntMul24, "mul24", "">;
  def Mad24Lo # !cast<string>(t) : IntForm<"mad24", t, [Req<Lo>], 3, 10, 10,
                                           SemIntMad24, "mad24", "IMAD">;
  def Mad24Hi # !cast<string>(t) : IntForm<"mad24", t, [Req<Hi>], 3, 10, 10,
                                           SemIntMad24, "mad24", "">;
}
def Mad24HiSatS32 : IntForm<"mad24", S32, [Req<Hi>, Req<SAT>], 3, 10, 10,
                            SemIntMad24, "mad24", "">;

foreach t = IntAll in
  def Sad # !cast<string>(t)
      : IntForm<"sad", t, [], 3, 10, 10, SemIntSad, "sad",
                !if(!eq(!cast<PtxType>(t).Bits, 64), "", "VABSDIFF")>;

//===----------------------------------------------------------------------===//
// div, rem, abs, neg
//===----------------------------------------------------------------------===//

foreach t = IntAll in {
  def DivInt # !cast<string>(t) : IntForm<"div", t, [], 2, 10, 10, SemIntDiv,
                                          "div", "">;
  def RemInt # !cast<string>(t) : IntForm<"rem", t, [], 2, 10, 10, SemIntRem,
                                          "rem", "">;
}
foreach t = [S16, S32, S64] in {
  defvar is64 = !eq(!cast<PtxType>(t).Bits, 64);
  def AbsInt # !cast<string>(t) : IntForm<"abs", t, [], 1, 10, 10, SemIntAbs,
                                          "abs", !if(is64, "", "IABS")>;
  // ptxas folds neg into its neighbours' operand negation or an IMAD.MOV:
  // no instruction of its own.
  def NegInt # !cast<string>(t) : IntForm<"neg", t, [], 1, 10, 10, SemIntNeg,
                                          "neg", "">;
}

//===----------------------------------------------------------------------===//
// min, max
//===----------------------------------------------------------------------===//

foreach m = ["min", "max"] in {
  defvar sem = !if(!eq(m, "min"), SemIntMin, SemIntMax);
  defvar M = !if(!eq(m, "min"), "Min", "Max");
  foreach t = [U16, S16, U32] in
    def M # Int # !cast<string>(t) : IntForm<m, t, [], 2, 10, 10, sem, m,
                                             "VIMNMX">;
  // .relu (negative results become 0): PTX 8.0, sm_90.
  def M # IntS32 : IntForm<m, S32, [Opt<RELU>], 2, 10, 10, sem, m, "VIMNMX"> {
    let QualFloors = [QualFloor<RELU, 80, 90>];
  }
  foreach t = Int64 in
    def M # Int # !cast<string>(t) : IntForm<m, t, [], 2, 10, 10, sem, m, "">;
  def M # IntU16x2 : IntForm<m, U16x2, [], 2, 80, 90, sem, m, "VIMNMX">;
  def M # IntS16x2 : IntForm<m, S16x2, [Opt<RELU>], 2, 80, 90, sem, m,
                             "VIMNMX">;
}

//===----------------------------------------------------------------------===//
// Undocumented spellings and the carry chain
//===----------------------------------------------------------------------===//

foreach m = ["addc", "subc"] in
  foreach t = Int16 in
    def : Rejected<m, [t], [], [],
      m # "'s .type list is .u32/.s32/.u64/.s64 in the PTX ISA; ptxas 13.0 "
      "accepts ." # !cast<PtxType>(t).Name # " although no 16-bit "
      "instruction sets the carry (add.cc.u16 and sub.cc.u16 are rejected)">;

defvar CarryReason =
  "the carry flag does not survive between inline-asm statements, and "
  "tile.apply lowers each instruction to a statement of its own; write the "
  "wide arithmetic with 64-bit add/sub/mad or mul.hi/mul.wide instead";
foreach m = ["add", "sub"] in
  foreach t = !listconcat(Int32, Int64) in
    def : Rejected<m, [t], [], [CC], CarryReason> { let Documented = 1; }
foreach t = !listconcat(Int32, Int64) in
  def : Rejected<"mad", [t], [], [CC], CarryReason> { let Documented = 1; }
foreach m = ["addc", "subc", "madc"] in
  def : Rejected<m, [], [], [], CarryReason> { let Documented = 1; }

#endif // TILE_PTX_INTARITH_TD
