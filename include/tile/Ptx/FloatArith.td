//===- FloatArith.td - Floating-point arithmetic forms ---*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// fma, mad, add, sub, mul, min, max, neg, abs and copysign over the float
// types (PTX ISA 9.7.3, 9.7.4, 9.7.5). Floors were measured with ptxas 13.0
// (docs/PtxasScan.md); those under PTX 2.3 / sm_20, which the scan cannot
// reach, are the ISA's.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_FLOATARITH_TD
#define TILE_PTX_FLOATARITH_TD

include "tile/Ptx/PtxTypes.td"

defvar DocFpFma = "9.7.3.6 Floating Point fma";
defvar DocHalfFma = "9.7.4.4 Half Precision fma";
defvar DocMixedFma = "9.7.5.3 Mixed Precision fma";
defvar DocFpMad = "9.7.3.7 Floating Point mad";

/// A destination and `numSrc` sources, all of type `t`.
/// A NaN result of a form the H200 runs is the canonical NaN unless the
/// form says otherwise (every sm_90 form measured with every bit compared:
/// docs/GPU-Results.md, NaN payloads); newer forms' are not measured.
class MeasuredNaN<int sm> {
  NaNRule Rule = !if(!le(sm, 90), NaNCanonical, NaNUnspecified);
}

class ArithForm<string m, PtxType t, list<Slot> slots, int numSrc, int ptx,
                int sm, Semantics sem, string doc, string sass = "">
    : Form<m, slots, [t], ArithOperands<t, numSrc>.List, ptx, sm, sem, doc> {
  let Sass = sass;
  let NaNResult = MeasuredNaN<sm>.Rule;
}

//===----------------------------------------------------------------------===//
// fma and mad
//===----------------------------------------------------------------------===//

class FmaForm<PtxType t, list<Slot> slots, int ptx, int sm, string doc,
              string sass, string intrinsic = "llvm.nvvm.fma">
    : ArithForm<"fma", t, slots, 3, ptx, sm, SemFma, doc, sass> {
  let Intrinsic = intrinsic;
}

def FmaF32 : FmaForm<F32, [Rnd<RND>, Opt<FTZ>, Opt<SAT>], 20, 20, DocFpFma,
                     "FFMA">;
def FmaF32x2 : FmaForm<F32x2, [Rnd<RND>, Opt<FTZ>], 86, 100, DocFpFma,
                       "FFMA2", "">;
def FmaF64 : FmaForm<F64, [Rnd<RND>], 14, 13, DocFpFma, "DFMA"> {
  let NaNResult = NaNPropagate;
}
foreach t = [F16, F16x2] in {
  def FmaSat#!cast<string>(t) : FmaForm<t, [Rnd<[RN]>, Opt<FTZ>, Opt<SAT>], 42, 53,
                         DocHalfFma, "HFMA2">;
}
foreach t = [F16, F16x2] in {
  def FmaRelu#!cast<string>(t) : FmaForm<t, [Rnd<[RN]>, Opt<FTZ>, Req<RELU>], 70, 80,
                          DocHalfFma, "HFMA2">;
}
foreach t = [BF16, BF16x2] in {
  def Fma#!cast<string>(t) : FmaForm<t, [Rnd<[RN]>, Opt<RELU>], 70, 80, DocHalfFma,
                      "HFMA2">;
}
foreach t = [F16, F16x2, BF16, BF16x2] in {
  def FmaOob#!cast<string>(t) : FmaForm<t, [Rnd<[RN]>, Req<OOB>, Opt<RELU>], 81, 90,
                         DocHalfFma, "HFMA2", "">;
}
/// Mixed precision: d and c in f32, a and b in `ab`.
foreach ab = [F16, BF16] in {
  def FmaF32#!cast<string>(ab) : Form<"fma", [Rnd<RND>, Opt<SAT>], [F32, ab],
                       [Reg<"d", Def, F32>, Reg<"a", Use, ab>,
                        Reg<"b", Use, ab>, Reg<"c", Use, F32>],
                       86, 100, SemFma, DocMixedFma>;
}


// mad: the same instruction as fma for f32 (sm_20+) and f64.
def MadF32 : ArithForm<"mad", F32, [Rnd<RND>, Opt<FTZ>, Opt<SAT>], 3, 20, 20,
                       SemFma, DocFpMad, "FFMA">;
def MadF64 : ArithForm<"mad", F64, [Rnd<RND>], 3, 14, 13, SemFma, DocFpMad,
                       "DFMA"> {
  let NaNResult = NaNPropagate;
}

//===----------------------------------------------------------------------===//
// add, sub, mul
//===----------------------------------------------------------------------===//

/// Every floating-point form of add, sub or mul. `halfSass` is what ptxas
/// 13.0 issues for the half types (a half add may be HFMA2, a*1+b).
multiclass Arith3<string m, Semantics sem, string fpDoc, string halfDoc,
                  string f32Sass, string f64Sass, string halfSass,
                  string f32x2Sass> {
  // .rm and .rp on f32 need sm_20 (ptxas 13.0 rejects them below).
  def F32 : ArithForm<m, F32, [OptRnd<RND, RN>, Opt<FTZ>, Opt<SAT>], 2, 10,
                      10, sem, fpDoc, f32Sass> {
    let QualFloors = [QualFloor<RM, 20, 20>, QualFloor<RP, 20, 20>];
  }
  def F64 : ArithForm<m, F64, [OptRnd<RND, RN>], 2, 10, 13, sem, fpDoc,
                      f64Sass> {
    let NaNResult = NaNPropagate;
  }
  def F32x2 : ArithForm<m, F32x2, [OptRnd<RND, RN>, Opt<FTZ>], 2, 86, 100,
                        sem, fpDoc, f32x2Sass>;
  foreach t = [F16, F16x2] in
    def !cast<string>(t) : ArithForm<m, t, [OptRnd<[RN], RN>, Opt<FTZ>, Opt<SAT>], 2, 42, 53,
                      sem, halfDoc, halfSass>;
  foreach t = [BF16, BF16x2] in
    def !cast<string>(t) : ArithForm<m, t, [OptRnd<[RN], RN>], 2, 78, 90, sem, halfDoc,
                      halfSass>;
}

defm Add : Arith3<"add", SemAdd, "9.7.3.1 Floating Point add",
                  "9.7.4.1 Half Precision add", "FADD", "DADD", "HADD2|HFMA2",
                  "FADD2">;
defm Sub : Arith3<"sub", SemSub, "9.7.3.2 Floating Point sub",
                  "9.7.4.2 Half Precision sub", "FADD", "DADD", "HADD2|HFMA2",
                  "FADD2">;
defm Mul : Arith3<"mul", SemMul, "9.7.3.3 Floating Point mul",
                  "9.7.4.3 Half Precision mul", "FMUL", "DMUL", "HMUL2|HFMA2",
                  "FMUL2">;

/// Mixed-precision add and sub (9.7.5.1, 9.7.5.2): d = a + c or a - c in
/// f32, with a in `a` widened exactly and one rounding (no .ftz: ptxas 13.0
/// rejects it). PTX ISA 8.6, sm_100 and newer.
def SemAddMixed : Semantics<"add_mixed", "addMixedLane", "mixedInputs">;
def SemSubMixed : Semantics<"sub_mixed", "subMixedLane", "mixedInputs">;
foreach a = [F16, BF16] in {
  defvar ops = [Reg<"d", Def, F32>, Reg<"a", Use, a>, Reg<"c", Use, F32>];
  def AddF32#!cast<string>(a)
      : Form<"add", [OptRnd<RND, RN>, Opt<SAT>], [F32, a], ops, 86, 100,
             SemAddMixed, "9.7.5.1 Mixed Precision add">;
  def SubF32#!cast<string>(a)
      : Form<"sub", [OptRnd<RND, RN>, Opt<SAT>], [F32, a], ops, 86, 100,
             SemSubMixed, "9.7.5.2 Mixed Precision sub">;
}

//===----------------------------------------------------------------------===//
// min, max
//===----------------------------------------------------------------------===//

/// Every floating-point form of min or max. f64 and the three-source form
/// have no single native instruction on sm_90.
multiclass MinMax<string m, Semantics sem, string fpDoc, string halfDoc> {
  defvar XorsignFloor = QualFloor<XorsignAbs, 72, 86>;
  def F32 : ArithForm<m, F32, [Opt<FTZ>, Opt<NaN>, Opt<XorsignAbs>], 2, 10, 10,
                      sem, fpDoc, "FMNMX"> {
    let QualFloors = [QualFloor<NaN, 70, 80>, XorsignFloor];
  }
  def F32ThreeSource : ArithForm<m, F32, [Opt<FTZ>, Opt<NaN>, Opt<Abs>], 3, 88,
                                 100, sem, fpDoc> {
    let Variant = "three_source";
  }
  // Two NaNs give b's, quieted; one NaN gives the other operand.
  def F64 : ArithForm<m, F64, [], 2, 10, 13, sem, fpDoc> {
    let NaNResult = NaNPropagate;
  }
  foreach t = [F16, F16x2] in
    def !cast<string>(t) : ArithForm<m, t, [Opt<FTZ>, Opt<NaN>, Opt<XorsignAbs>], 2, 70, 80,
                      sem, halfDoc, "HMNMX2"> {
      let QualFloors = [XorsignFloor];
    }
  foreach t = [BF16, BF16x2] in
    def !cast<string>(t) : ArithForm<m, t, [Opt<NaN>, Opt<XorsignAbs>], 2, 70, 80, sem,
                      halfDoc, "HMNMX2"> {
      let QualFloors = [XorsignFloor];
    }
}

defm Min : MinMax<"min", SemMin, "9.7.3.10 Floating Point min",
                  "9.7.4.10 Half Precision min">;
defm Max : MinMax<"max", SemMax, "9.7.3.11 Floating Point max",
                  "9.7.4.11 Half Precision max">;

//===----------------------------------------------------------------------===//
// neg, abs, copysign
//===----------------------------------------------------------------------===//

/// neg or abs: ptxas folds them into operand modifiers or bit logic, so no
/// form has a native instruction of its own. A NaN input gives the
/// canonical NaN, but the f64 forms give it quieted with its sign, and
/// ptxas 13.0 compiles a predicated neg.f32/abs.f32 as a sign operation on
/// the bits (measured on the H200).
multiclass SignOp<string m, Semantics sem, int halfPtx, string fpDoc,
                  string halfDoc> {
  def F32 : ArithForm<m, F32, [Opt<FTZ>], 1, 10, 10, sem, fpDoc> {
    let PredNaNBare = NaNSignOp;
  }
  def F64 : ArithForm<m, F64, [], 1, 10, 13, sem, fpDoc> {
    let NaNResult = NaNQuieted;
  }
  foreach t = [F16, F16x2] in
    def !cast<string>(t) : ArithForm<m, t, [Opt<FTZ>], 1, halfPtx, 53, sem, halfDoc>;
  foreach t = [BF16, BF16x2] in
    def !cast<string>(t) : ArithForm<m, t, [], 1, 70, 80, sem, halfDoc>;
}

defm Neg : SignOp<"neg", SemNeg, 60, "9.7.3.9 Floating Point neg",
                  "9.7.4.6 Half Precision neg">;
defm Abs : SignOp<"abs", SemAbs, 65, "9.7.3.8 Floating Point abs",
                  "9.7.4.7 Half Precision abs">;

foreach t = [F32, F64] in
  def Copysign#!cast<string>(t) : ArithForm<"copysign", t, [], 2, 20, 20, SemCopysign,
                             "9.7.3.5 Floating Point copysign"> {
    let NaNResult = NaNSignOp;
  }

//===----------------------------------------------------------------------===//
// Undocumented spellings
//===----------------------------------------------------------------------===//

def : Rejected<"fma", [BF16], [RZ, RM, RP], [],
  "'.bf16' takes only '.rn' in the PTX ISA; ptxas 13.0 accepts .rz/.rm/.rp "
  "on scalar bf16 but computes the result as f16 (wrong bits)">;
def : Rejected<"fma", [BF16x2], [RZ, RM, RP], [],
  "'.bf16x2' takes only '.rn' in the PTX ISA; ptxas 13.0 accepts "
  ".rz/.rm/.rp on bf16x2 but silently ignores the rounding modifier">;
foreach t = [F16, F16x2] in
  def : Rejected<"fma", [t], [], [OOB, SAT],
    "'.oob' cannot be combined with '.sat' in the PTX ISA; ptxas 13.0 accepts "
    "it but the form is undocumented (it also flushes ordinary NaN to +0)">;

#endif // TILE_PTX_FLOATARITH_TD
