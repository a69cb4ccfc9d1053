//===- Compare.td - Comparison, selection and testp forms -*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// setp, set, selp, slct (PTX ISA 9.7.6, and 9.7.7 for the half types) and
// testp (9.7.3.4). A predicate operand has type .pred and lives in an i1
// register tile (or is an i1 scalar).
//
// Floors: ptxas 13.0 (/work/scratch/intscan, RESULTS.md) accepts every
// integer, f32 and f64 spelling at PTX 2.3 / sm_20, the lowest it can be
// asked; below that the floors are the ISA's (PTX 1.0, f64 from sm_13,
// testp from PTX 2.0 / sm_20). The half forms are measured: f16 4.2/sm_53,
// bf16 7.8/sm_90.
//
// The comparison operators per type follow the ISA's comparison tables
// (9.7.6.1): bit-size types eq/ne; signed eq ne lt le gt ge; unsigned
// eq ne lo ls hi hs; floats the ordered six, the unordered six, num and nan.
// .ftz exists on f32 and the f16 types only (ptxas rejects it elsewhere).
//
// The third source of the BoolOp forms may be negated (`{!}c`).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_COMPARE_TD
#define TILE_PTX_COMPARE_TD

include "tile/Ptx/PtxTypes.td"

//===----------------------------------------------------------------------===//
// Qualifiers, semantics, NaN rule
//===----------------------------------------------------------------------===//

def EQ : Qual<"eq">;
def NE : Qual<"ne">;
def LT : Qual<"lt">;
def LE : Qual<"le">;
def GT : Qual<"gt">;
def GE : Qual<"ge">;
def LS : Qual<"ls">;
def HS : Qual<"hs">;
def EQU : Qual<"equ">;
def NEU : Qual<"neu">;
def LTU : Qual<"ltu">;
def LEU : Qual<"leu">;
def GTU : Qual<"gtu">;
def GEU : Qual<"geu">;
def NUM : Qual<"num">;
def CmpNaN : Qual<"nan">; // (NAN is a C macro.)
def AND : Qual<"and">;
def OR : Qual<"or">;
def XOR : Qual<"xor">;
def Finite : Qual<"finite">;
def Infinite : Qual<"infinite">;
def Number : Qual<"number">;
def NotANumber : Qual<"notanumber">;
def Normal : Qual<"normal">;
def Subnormal : Qual<"subnormal">;

defvar CmpBits = [EQ, NE];
defvar CmpSigned = [EQ, NE, LT, LE, GT, GE];
defvar CmpUnsigned = [EQ, NE, Lo, LS, Hi, HS];
defvar CmpFloat = [EQ, NE, LT, LE, GT, GE, EQU, NEU, LTU, LEU, GTU, GEU, NUM,
                   CmpNaN];
defvar BoolOps = Operator<[AND, OR, XOR], "BoolOp">;

def SemSetp : Semantics<"setp", "setpLane", "compareInputs">;
def SemSet : Semantics<"set", "setLane", "compareInputs">;
def SemSelp : Semantics<"selp", "selpLane", "selpInputs">;
def SemSlct : Semantics<"slct", "slctLane", "slctInputs">;
def SemTestp : Semantics<"testp", "testpLane", "testpInputs">;

def NaNCopied : NaNRule<"copied", 1,
  "a source's bits, unchanged (the instruction selects, never computes)">;

defvar DocSetp = "9.7.6.2 setp";
defvar DocSet = "9.7.6.1 set";
defvar DocSelp = "9.7.6.3 selp";
defvar DocSlct = "9.7.6.4 slct";
defvar DocHalfSetp = "9.7.7.2 Half Precision setp";
defvar DocHalfSet = "9.7.7.1 Half Precision set";
defvar DocTestp = "9.7.3.4 testp";

/// The comparison operators of a source type.
class CmpOpsOf<PtxType t> {
  list<Qual> List = !cond(!eq(t.Int, IntBits) : CmpBits,
                          !eq(t.Int, IntSigned) : CmpSigned,
                          !eq(t.Int, IntUnsigned) : CmpUnsigned,
                          true : CmpFloat);
}
/// .ftz where the ISA documents it for the source type.
class FtzOf<PtxType t> {
  list<Slot> List = !if(!or(!eq(t, F32), !eq(t, F16), !eq(t, F16x2)),
                        [Opt<FTZ>], []);
}

/// The floor of a comparison or selection over source type `t` (f64: sm_13).
class CmpFloor<PtxType t> {
  int Ptx = !cond(!or(!eq(t, F16), !eq(t, F16x2)) : 42,
                  !or(!eq(t, BF16), !eq(t, BF16x2)) : 78, true : 10);
  int Sm = !cond(!or(!eq(t, F16), !eq(t, F16x2)) : 53,
                 !or(!eq(t, BF16), !eq(t, BF16x2)) : 90, !eq(t, F64) : 13,
                 true : 10);
}

defvar IntTypes = [B16, B32, B64, U16, U32, U64, S16, S32, S64];
defvar SetpTypes = !listconcat(IntTypes, [F32, F64, F16, BF16]);

//===----------------------------------------------------------------------===//
// setp
//===----------------------------------------------------------------------===//

/// setp.CmpOp{.BoolOp}{.ftz}.type p, a, b{, c}: p = (a CmpOp b) BoolOp c.
class SetpForm<PtxType t, bit boolOp>
    : Form<"setp",
           !listconcat([Operator<CmpOpsOf<t>.List, "CmpOp">],
                       !if(boolOp, [BoolOps], []), FtzOf<t>.List),
           [t],
           !listconcat([Reg<"p", Def, Pred>, Reg<"a", Use, t>,
                        Reg<"b", Use, t>],
                       !if(boolOp, [NegReg<"c", Pred>], [])),
           CmpFloor<t>.Ptx, CmpFloor<t>.Sm, SemSetp,
           !if(!or(!eq(t, F16), !eq(t, BF16)), DocHalfSetp, DocSetp)> {
  let NaNResult = NaNNone;
  // ptxas 13.0 on sm_90: one ISETP per 16/32-bit integer compare (64-bit
  // ones take a pair), FSETP, DSETP, HSETP2. The BoolOp forms fold c into
  // the same instruction but their kernels also set c: left open.
  let Sass = !if(boolOp, "",
                 !cond(!eq(t, F32) : "FSETP", !eq(t, F64) : "DSETP",
                       !or(!eq(t, F16), !eq(t, BF16)) : "HSETP2",
                       !eq(t.Bits, 64) : "",
                       true : "ISETP"));
}

foreach t = SetpTypes in {
  def Setp#!cast<string>(t) : SetpForm<t, 0>;
  def SetpBool#!cast<string>(t) : SetpForm<t, 1>;
}

/// setp.CmpOp{.BoolOp}{.ftz}.type p|q, a, b{, c}: p = (a CmpOp b) BoolOp c
/// and q = !(a CmpOp b) BoolOp c; for .f16x2/.bf16x2 (their only setp) p
/// is the lower halves' comparison and q the upper halves' (both measured
/// on the H200: docs/GPU-Results.md). ptxas 13.0 rejects the
/// two-destination form of scalar f16/bf16 (docs/IntegerScan.md).
def SemSetpPair : Semantics<"setp_pair", "setpPairLane", "compareInputs">;
class SetpPairForm<PtxType t, bit boolOp>
    : Form<"setp",
           !listconcat([Operator<CmpOpsOf<t>.List, "CmpOp">],
                       !if(boolOp, [BoolOps], []), FtzOf<t>.List),
           [t],
           !listconcat([PipedReg<"p", Def, Pred>, Reg<"q", Def, Pred>,
                        Reg<"a", Use, t>, Reg<"b", Use, t>],
                       !if(boolOp, [NegReg<"c", Pred>], [])),
           CmpFloor<t>.Ptx, CmpFloor<t>.Sm, SemSetpPair,
           !if(!or(!eq(t, F16x2), !eq(t, BF16x2)), DocHalfSetp, DocSetp)> {
  let NaNResult = NaNNone;
  let Variant = "pair";
}
foreach t = !listconcat(IntTypes, [F32, F64, F16x2, BF16x2]) in {
  def SetpPair#!cast<string>(t) : SetpPairForm<t, 0>;
  def SetpPairBool#!cast<string>(t) : SetpPairForm<t, 1>;
}

//===----------------------------------------------------------------------===//
// set
//===----------------------------------------------------------------------===//

/// set.CmpOp{.BoolOp}{.ftz}.dtype.stype d, a, b{, c}: d is all ones (an
/// integer dtype) or 1.0 (f32) where the comparison holds, else 0.
class SetForm<PtxType d, PtxType t, bit boolOp>
    : Form<"set",
           !listconcat([Operator<CmpOpsOf<t>.List, "CmpOp">],
                       !if(boolOp, [BoolOps], []),
                       // A bf16 result takes no .ftz (ptxas 13.0 rejects it).
                       !if(!eq(d, BF16), [], FtzOf<t>.List)),
           [d, t],
           !listconcat([Reg<"d", Def, d>, Reg<"a", Use, t>, Reg<"b", Use, t>],
                       !if(boolOp, [NegReg<"c", Pred>], [])),
           CmpFloor<t>.Ptx, CmpFloor<t>.Sm, SemSet, DocSet> {
  let NaNResult = NaNNone;
  // Measured on the H200 (docs/IntegerFacts.md §10): ptxas 13.0 computes a
  // predicated set.f32 as a predicated integer select followed by an
  // unpredicated conversion to f32, and a predicated set.u32/.s32 of
  // 16-bit sources as a predicated select followed by an unpredicated
  // extension of its low half, so a false predicate does not keep d.
  // The same holds for a half destination (f16, bf16). The packed forms
  // and the .u16/.s16 results of half sources keep d.
  let NoPreserveDst =
      !cond(!eq(d, F32) : "ptxas 13.0 converts the destination of a "
                          "predicated set.f32 to f32 after the predicated "
                          "select, also where the predicate is false "
                          "(measured on the H200)",
            !or(!eq(d, F16), !eq(d, BF16)) :
                "ptxas 13.0 does not keep the destination of a predicated "
                "set with a half destination where the predicate is false "
                "(measured on the H200)",
            !and(!eq(d.Bits, 32), !eq(t.Bits, 16)) :
                "ptxas 13.0 re-extends the low half of the destination of a "
                "predicated set with 16-bit sources, also where the "
                "predicate is false (measured on the H200)",
            true : "");
}

foreach d = [U32, S32, F32] in
  foreach t = !listconcat(IntTypes, [F32, F64]) in {
    def Set#!cast<string>(d)#!cast<string>(t) : SetForm<d, t, 0>;
    def SetBool#!cast<string>(d)#!cast<string>(t) : SetForm<d, t, 1>;
  }

// Half-precision set (9.7.7.1): a half destination (1.0 where the
// comparison holds) from any source type, an integer destination from a
// half source, and the packed forms, whose integer destination holds one
// 0xFFFF or 0 per half. Floors measured with ptxas 13.0: f16 results and
// the packed f16 forms 4.2/sm_53, an integer result from f16 6.5/sm_53,
// everything bf16 7.8/sm_90.
multiclass HalfSet<PtxType d, PtxType t, int ptx, int sm> {
  foreach boolOp = [0, 1] in
    def !if(boolOp, "Bool", "") : SetForm<d, t, boolOp> {
      let Ptx = ptx;
      let Sm = sm;
      let Doc = DocHalfSet;
    }
}
foreach t = !listconcat(IntTypes, [F16, F32, F64]) in {
  defm SetF16#!cast<string>(t) : HalfSet<F16, t, 42, 53>;
  defm SetBF16#!cast<string>(t) : HalfSet<BF16, t, 78, 90>;
}
foreach d = [U16, S16, U32, S32] in {
  defm Set#!cast<string>(d)#F16 : HalfSet<d, F16, 65, 53>;
  defm Set#!cast<string>(d)#BF16 : HalfSet<d, BF16, 78, 90>;
}
defm SetF16x2F16x2 : HalfSet<F16x2, F16x2, 42, 53>;
defm SetBF16x2BF16x2 : HalfSet<BF16x2, BF16x2, 78, 90>;
foreach d = [U32, S32] in {
  defm Set#!cast<string>(d)#F16x2 : HalfSet<d, F16x2, 65, 53>;
  defm Set#!cast<string>(d)#BF16x2 : HalfSet<d, BF16x2, 78, 90>;
}

//===----------------------------------------------------------------------===//
// selp, slct
//===----------------------------------------------------------------------===//

defvar SelectTypes = !listconcat(IntTypes, [F32, F64]);

/// selp.type d, a, b, c: d = c ? a : b.
foreach t = SelectTypes in
  def Selp#!cast<string>(t)
      : Form<"selp", [], [t],
             [Reg<"d", Def, t>, Reg<"a", Use, t>, Reg<"b", Use, t>,
              Reg<"c", Use, Pred>],
             10, CmpFloor<t>.Sm, SemSelp, DocSelp> {
    let NaNResult = !if(!eq(t.Int, IntNone), NaNCopied, NaNNone);
    // No native instruction of its own: ptxas 13.0 folds a selection into
    // what feeds it (on sm_90 a selp between two loaded values becomes a
    // load predicated on !c; measured with cuobjdump).
  }

/// slct{.ftz}.dtype.ctype d, a, b, c: d = (c >= 0) ? a : b, with -0 >= 0
/// and, for .f32, a subnormal c flushed by .ftz.
foreach t = SelectTypes in
  foreach c = [S32, F32] in
    def Slct#!cast<string>(t)#!cast<string>(c)
        : Form<"slct", !if(!eq(c, F32), [Opt<FTZ>], []), [t, c],
               [Reg<"d", Def, t>, Reg<"a", Use, t>, Reg<"b", Use, t>,
                Reg<"c", Use, c>],
               10, CmpFloor<t>.Sm, SemSlct, DocSlct> {
      let NaNResult = !if(!eq(t.Int, IntNone), NaNCopied, NaNNone);
    }

//===----------------------------------------------------------------------===//
// testp
//===----------------------------------------------------------------------===//

/// testp.op.type p, a: a property of a (.normal is true for +-0, as the
/// ISA says and an H200 gives).
foreach t = [F32, F64] in
  def Testp#!cast<string>(t)
      : Form<"testp",
             [Operator<[Finite, Infinite, Number, NotANumber, Normal,
                        Subnormal], "op">],
             [t], [Reg<"p", Def, Pred>, Reg<"a", Use, t>], 20, 20, SemTestp,
             DocTestp> {
    let NaNResult = NaNNone;
    let NoPreserveDst = "ptxas 13.0 does not keep the predicate destination "
                        "of a predicated testp where the predicate is false "
                        "(measured on the H200)";
  }

//===----------------------------------------------------------------------===//
// Predicates in memory (test kernels)
//===----------------------------------------------------------------------===//

def : PredicateBridge<16, SelpB16, SetpB16, NE>;
def : PredicateBridge<32, SelpB32, SetpB32, NE>;
def : PredicateBridge<64, SelpB64, SetpB64, NE>;

//===----------------------------------------------------------------------===//
// Undocumented spellings (ptxas 13.0 accepts them)
//===----------------------------------------------------------------------===//

foreach t = [U16, U32, U64] in
  def : Rejected<"setp", [t], [LT, LE, GT, GE], [],
    "the comparison table gives unsigned types only eq/ne/lo/ls/hi/hs "
    "(ptxas 13.0 accepts lt/le/gt/ge on them, the syntax line lists every "
    "operator for every type; write lo/ls/hi/hs)">;
// ptxas 13.0 accepts lt/le/gt/ge on unsigned sources for every set
// destination (docs/PtxasScan.md), with or without a BoolOp.
foreach d = [U32, S32, F32, F16, BF16] in
  foreach t = [U16, U32, U64] in
    def : Rejected<"set", [d, t], [LT, LE, GT, GE], [],
      "the comparison table gives unsigned types only eq/ne/lo/ls/hi/hs "
      "(ptxas 13.0 accepts lt/le/gt/ge on them; write lo/ls/hi/hs)">;

// testp without its operator: ptxas 13.0 accepts it and emits no test at
// all (its SASS reads a predicate register that nothing sets; read with
// cuobjdump), so the result is whatever that register held.
foreach t = [F32, F64] in
  def : Rejected<"testp", [t], [], [],
      "testp requires one of .finite, .infinite, .number, .notanumber, "
      ".normal, .subnormal (ptxas 13.0 accepts it without one and tests "
      "nothing: its SASS reads a predicate that nothing sets)"> {
    let NoneOf = [Finite, Infinite, Number, NotANumber, Normal, Subnormal];
  }

#endif // TILE_PTX_COMPARE_TD
