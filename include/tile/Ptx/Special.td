//===- Special.td - Division and the special functions ---*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// div (floating point), rcp, sqrt, rsqrt, sin, cos, lg2, ex2 and tanh (PTX
// ISA 9.7.3.8 - 9.7.3.22, 9.7.4.9, 9.7.4.10).
//
// Two kinds of form:
// - the IEEE-rounded ones (`.rn`, `.rz`, `.rm`, `.rp`): the correctly rounded
//   result, which the reference computes with MPFR; ptxas 13.0 emits a
//   sequence (or a subroutine) for them, no one native instruction;
// - the approximations (`.approx`, `div.full`): the multifunction unit's
//   result (MUFU), which the ISA bounds but does not define. Each such form
//   names its ISA bounds (`ErrorBound`); the reference gives the correctly
//   rounded result, and the differential test checks the H200's results
//   against the bounds. Where the H200's exact results are recorded
//   (`MeasuredExceptions`), the reference gives them bit for bit.
//
// Floors measured with ptxas 13.0 (docs/PtxasScan-special.md); those under
// PTX 2.3 / sm_20, which the scan cannot reach, are the ISA's.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_SPECIAL_TD
#define TILE_PTX_SPECIAL_TD

include "tile/Ptx/PtxTypes.td"

def APPROX : Qual<"approx">;
def FULL : Qual<"full">;

/// d = a / b.
def SemDiv : Semantics<"div", "divLane", "divInputs">;
/// d = 1 / a.
def SemRcp : Semantics<"rcp", "rcpLane", "unaryMathInputs">;
/// d = sqrt(a).
def SemSqrt : Semantics<"sqrt", "sqrtLane", "unaryMathInputs">;
/// d = 1 / sqrt(a).
def SemRsqrt : Semantics<"rsqrt", "rsqrtLane", "unaryMathInputs">;
/// d = sin(a), cos(a) (radians).
def SemSin : Semantics<"sin", "sinLane", "unaryMathInputs">;
def SemCos : Semantics<"cos", "cosLane", "unaryMathInputs">;
/// d = log2(a), 2^a.
def SemLg2 : Semantics<"lg2", "lg2Lane", "unaryMathInputs">;
def SemEx2 : Semantics<"ex2", "ex2Lane", "unaryMathInputs">;
/// d = tanh(a).
def SemTanh : Semantics<"tanh", "tanhLane", "unaryMathInputs">;

defvar DocDiv = "9.7.3.8 Floating Point div";
defvar DocRcp = "9.7.3.13 Floating Point rcp";
defvar DocRcpF64 = "9.7.3.14 Floating Point rcp.approx.ftz.f64";
defvar DocSqrt = "9.7.3.15 Floating Point sqrt";
defvar DocRsqrt = "9.7.3.16 Floating Point rsqrt";
defvar DocRsqrtF64 = "9.7.3.17 Floating Point rsqrt.approx.ftz.f64";
defvar DocSin = "9.7.3.18 Floating Point sin";
defvar DocCos = "9.7.3.19 Floating Point cos";
defvar DocLg2 = "9.7.3.20 Floating Point lg2";
defvar DocEx2 = "9.7.3.21 Floating Point ex2";
defvar DocTanh = "9.7.3.22 Floating Point tanh";
defvar DocHalfTanh = "9.7.4.9 Half Precision tanh";
defvar DocHalfEx2 = "9.7.4.10 Half Precision ex2";

//===----------------------------------------------------------------------===//
// Forms
//===----------------------------------------------------------------------===//

/// A one-source (`numSrc` 1) or two-source form of type `t`. A NaN result
/// (measured on the H200) is the canonical NaN, but the f64 forms give the
/// first NaN source (a, then b) quieted.
class MathForm<string m, PtxType t, list<Slot> slots, int numSrc, int ptx,
               int sm, Semantics sem, string doc>
    : Form<m, slots, [t], ArithOperands<t, numSrc>.List, ptx, sm, sem, doc> {
  let NaNResult = !if(!eq(t, F64), NaNPropagate, NaNCanonical);
}

/// An approximation with the error bounds `bounds`, computed by `sass`
/// (one per lane: the multifunction unit has no packed form on sm_90).
class ApproxForm<string m, PtxType t, list<Slot> slots, int numSrc, int ptx,
                 int sm, Semantics sem, string doc, list<ErrorBound> bounds,
                 string sass>
    : MathForm<m, t, slots, numSrc, ptx, sm, sem, doc> {
  let Accuracy = Approximate;
  let Bounds = bounds;
  let Sass = sass;
  let SassCopies = t.Lanes;
}

defvar ApproxFtz = [Req<APPROX>, Opt<FTZ>];
/// The positive finite f32 range.
defvar PosF32 = ["0", "0x1.fffffep127"];

// The measured errors below are the H200's largest (rounded up in the last
// digit) over all 2^32 inputs of each f32 form (2^32 random pairs for div; all 2^32 upper words for the
// upper-half f64 forms), utils/measure/special_facts,
// docs/gpu-logs/2026-12-02-special.

//===----------------------------------------------------------------------===//
// The multifunction unit's f32 functions, measured
//===----------------------------------------------------------------------===//

// The H200's results of MUFU.RCP, SQRT, RSQ, EX2, LG2, SIN and TANH (the .ftz
// forms; tanh.approx.f32 has no .ftz)
// over the domains their results follow from (utils/measure/mufu_models,
// docs/gpu-logs/2026-12-04-mufu). With the reductions below they give the
// H200's bits on all 2^32 inputs of each form, with and without .ftz
// (checked against the H200's per-binade digests).

def MufuRcpTable : MufuTable<"rcp.bin", "a in [1, 2)", 8388608>;
def MufuSqrtTable : MufuTable<"sqrt.bin", "a in [1, 4)", 16777216>;
def MufuRsqrtTable : MufuTable<"rsqrt.bin", "a in [1, 4)", 16777216>;
def MufuEx2PosTable : MufuTable<"ex2-pos.bin", "a = k 2^-23, 0 <= k < 2^23",
                                8388608>;
def MufuEx2NegTable : MufuTable<"ex2-neg.bin", "a = -k 2^-23, 0 <= k < 2^23",
                                8388608>;
def MufuLg2E0Table : MufuTable<"lg2-e0.bin", "a in [1, 2)", 8388608>;
def MufuLg2Em1Table : MufuTable<"lg2-em1.bin", "a in [1/2, 1)", 8388608>;
def MufuTanhTable : MufuTable<"tanh.bin", "a in [2^-8, 8)", 92274688>;
def MufuSinTable : MufuTable<"sin.bin",
  "t = k 2^-25, 0 <= k < 2^24 (t = a 0x3e22f983 truncated, in revolutions)",
  16777216>;

// MUFU.RCP64H and MUFU.RSQ64H, the unit's f64 functions of an upper word
// (1 sign, 11 exponent and 20 fraction bits): their results over the
// mantissas (utils/measure/mufu_models/f64.py on the H200).
def MufuRcp64HTable : MufuTable<"rcp64h.bin",
                                "upper words of a in [1, 2)", 1048576>;
def MufuRsq64HTable : MufuTable<"rsq64h.bin",
                                "upper words of a in [1, 4)", 2097152>;

def MufuReciprocal : MufuReduction<"reciprocal",
  "a = m 2^e with m in [1, 2): the entry of m times 2^-e">;
def MufuSquareRoot : MufuReduction<"sqrt",
  "a = m 2^2e with m in [1, 4): the entry of m times 2^e">;
def MufuReciprocalSquareRoot : MufuReduction<"rsqrt",
  "a = m 2^2e with m in [1, 4): the entry of m times 2^-e">;
def MufuExp2Fixed : MufuReduction<"exp2_fixed",
  "|a| truncated to 23 fraction bits, n + k 2^-23: 2^n times entry k of "
  "the first table for a >= 0, 2^-n times entry k of the second for a < 0">;
def MufuSinFixed : MufuReduction<"sin_fixed",
  "t = |a| 0x3e22f983 (1 / 2 pi) truncated (the FMUL.RZ ptxas emits), as a "
  "fixed point with 25 fraction bits, k = its fraction: entry k of the "
  "table for k < 2^24, else minus entry k - 2^24; the sign of a">;
def MufuCosFixed : MufuReduction<"cos_fixed",
  "as sin_fixed, of k + 2^23 (a quarter turn) modulo 2^25, without the "
  "sign of a">;
def MufuTanhBinades : MufuReduction<"tanh_binades",
  "|a| < 2^-8 (subnormals too): a itself; |a| >= 8: 1 with the sign of a; "
  "else the entry of |a| (counted from 2^-8's bits) with the sign of a">;
def MufuQuotient : MufuReduction<"quotient",
  "a / b (two sources): the unit's reciprocal of b (as reciprocal) times a, "
  "one FMUL rounded to nearest, flushing with .ftz">;
def MufuLog2Split : MufuReduction<"log2_split",
  "a = m 2^e with m in [1, 2): e = 0: the entry of m in the first table; "
  "e > 0: e + that entry, truncated; e < 0: -(-e - 1 + |entry of m/2 in "
  "the second table|), truncated">;

def MufuReciprocalUpper : MufuReduction<"reciprocal_upper",
  "f64: the upper word a = m 2^e with m in [1, 2): the entry of m times "
  "2^-e; the result's lower word is zero">;
def MufuRsqrtUpper : MufuReduction<"rsqrt_upper",
  "f64: the upper word a = m 2^2e with m in [1, 4): the entry of m times "
  "2^-e; the result's lower word is zero">;
def MufuRsqrtRefined : MufuReduction<"rsqrt_refined",
  "f64: y = rsqrt_upper of a's upper word, then (DMUL and DFMA, rounded to "
  "nearest) e = 1 - a y^2, r = y + (3/8 e + 1/2) (y e); a subnormal a is "
  "scaled by 2^54 first and r by 2^27 after; zeros give infinities, "
  "negative a the NaN 0xfff8000000000000, +inf 0, a NaN a quieted">;

/// |a| < 2^-126 (or a < -126 for ex2) is scaled into the unit's range.
defvar MufuSubnormal = "0x1p-126";
def MufuRcpScaling : MufuScaling<1, MufuSubnormal, "0x1p24", "mul_scale", "",
                                 "0x1p126", "0.25">;
def MufuSqrtScaling : MufuScaling<1, MufuSubnormal, "0x1p24", "mul",
                                  "0x1p-12">;
def MufuRsqrtScaling : MufuScaling<1, MufuSubnormal, "0x1p24", "mul",
                                   "0x1p12">;
def MufuLg2Scaling : MufuScaling<1, MufuSubnormal, "0x1p24", "add", "-24">;
def MufuEx2Scaling : MufuScaling<0, "-126", "0.5", "square", "">;
/// div: a and b both times 2^24 where |b| < 2^-126 (.approx, .full), both
/// quartered where |b| > 2^126 (.full, with and without .ftz).
def MufuDivApproxScaling : MufuScaling<1, MufuSubnormal, "0x1p24", "none", "">;
def MufuDivFullScaling : MufuScaling<1, MufuSubnormal, "0x1p24", "none", "",
                                     "0x1p126", "0.25", 1>;
/// sin and cos: the same SASS with and without .ftz (the unit flushes
/// subnormal sources: FlushesSubnormals); tanh: MUFU.TANH alone.
def MufuNoScaling : MufuScaling<0, "-inf", "1", "none", "">;

// div: .approx and .full (f32), .rnd (f32 with .ftz, f64).
// div.approx and div.full (f32) are a times the unit's reciprocal of b
// (MUFU.RCP, then FMUL), with the scaling ptxas emits. div.approx.f32 for
// 2^126 < |b| < 2^128 gives zero (a NaN for an infinite a), as the ISA
// says: the reciprocal is 0 there (measured: every such pair of the 2^32).
def DivApproxF32
    : ApproxForm<"div", F32, ApproxFtz, 2, 14, 10, SemDiv, DocDiv,
                 [ErrorBound<UlpError, "2", "2", "b", "0x1p-126", "0x1p126">,
                  ErrorBound<UlpError, "2", "2", "b", "-0x1p126",
                             "-0x1p-126">], "MUFU.RCP"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuQuotient, [MufuRcpTable], MufuDivApproxScaling>];
  let Variant = "approx";
  let MeasuredUlps = 2;
}
def DivFullF32
    : ApproxForm<"div", F32, [Req<FULL>, Opt<FTZ>], 2, 14, 10, SemDiv, DocDiv,
                 [ErrorBound<UlpError, "2", "2">], "MUFU.RCP"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuQuotient, [MufuRcpTable], MufuDivFullScaling>];
  let Variant = "full";
  let MeasuredUlps = 2;
}
def DivRndF32 : MathForm<"div", F32, [Rnd<RND>, Opt<FTZ>], 2, 20, 20, SemDiv,
                         DocDiv>;
/// .rn from PTX ISA 1.4 and sm_13; .rz, .rm and .rp from sm_20.
defvar DirectedF64 = [QualFloor<RZ, 20, 20>, QualFloor<RM, 20, 20>,
                      QualFloor<RP, 20, 20>];
def DivRndF64 : MathForm<"div", F64, [Rnd<RND>], 2, 14, 13, SemDiv, DocDiv> {
  let QualFloors = DirectedF64;
}

// rcp: .approx (f32), .approx.ftz (f64: a "gross" approximation of the
// upper 32 bits, with no bound in the ISA), .rnd.
def RcpApproxF32
    : ApproxForm<"rcp", F32, ApproxFtz, 1, 14, 10, SemRcp, DocRcp,
                 [ErrorBound<UlpError, "1", "1">], "MUFU.RCP"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuReciprocal, [MufuRcpTable], MufuRcpScaling>];
  let Variant = "approx";
  let MeasuredUlps = 1;
}
def RcpRndF32 : MathForm<"rcp", F32, [Rnd<RND>, Opt<FTZ>], 1, 20, 20, SemRcp,
                         DocRcp>;
def RcpRndF64 : MathForm<"rcp", F64, [Rnd<RND>], 1, 14, 13, SemRcp, DocRcp> {
  let QualFloors = DirectedF64;
}
def RcpApproxFtzF64
    : ApproxForm<"rcp", F64, [Req<APPROX>, Req<FTZ>], 1, 21, 20, SemRcp,
                 DocRcpF64, [ErrorBound<RelError, "", "9.25463e-7">],
                 "MUFU.RCP64H"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuReciprocalUpper, [MufuRcp64HTable],
                        MufuNoScaling>];
  let Variant = "approx";
  let UpperHalf = 1;
  let NaNResult = NaNCanonical;
}

// sqrt: .approx (f32), .rnd.
def SqrtApproxF32
    : ApproxForm<"sqrt", F32, ApproxFtz, 1, 14, 10, SemSqrt, DocSqrt,
                 [ErrorBound<RelError, "2^-23", "1.00009e-7", "a", PosF32[0],
                             PosF32[1]>], "MUFU.SQRT"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuSquareRoot, [MufuSqrtTable], MufuSqrtScaling>];
  let Variant = "approx";
  let MeasuredUlps = 1;
}
def SqrtRndF32 : MathForm<"sqrt", F32, [Rnd<RND>, Opt<FTZ>], 1, 20, 20,
                          SemSqrt, DocSqrt>;
def SqrtRndF64 : MathForm<"sqrt", F64, [Rnd<RND>], 1, 14, 13, SemSqrt,
                          DocSqrt> {
  let QualFloors = DirectedF64;
}

// rsqrt: .approx (f32, f64: emulated in software, with no bound in the
// ISA), .approx.ftz.f64 (the upper 32 bits only, no bound either).
def RsqrtApproxF32
    : ApproxForm<"rsqrt", F32, ApproxFtz, 1, 14, 10, SemRsqrt, DocRsqrt,
                 [ErrorBound<RelError, "2^-22.9", "1.24670e-7", "a",
                             PosF32[0], PosF32[1]>], "MUFU.RSQ"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuReciprocalSquareRoot, [MufuRsqrtTable],
                        MufuRsqrtScaling>];
  let MeasuredUlps = 2;
}
// rsqrt.approx.f64 gave CUDA's double rsqrt() bit for bit on 2^30 random
// inputs; its bound is that function's (1 ulp: relative 2^-52).
def RsqrtApproxF64
    : ApproxForm<"rsqrt", F64, [Req<APPROX>], 1, 14, 13, SemRsqrt, DocRsqrt,
                 [ErrorBound<RelError, "", "2.220447e-16">], "MUFU.RSQ64H"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuRsqrtRefined, [MufuRsq64HTable], MufuNoScaling>];
  // The unit once on the fast path, once in the subnormal subroutine.
  let SassCopies = 2;
}
def RsqrtApproxFtzF64
    : ApproxForm<"rsqrt", F64, [Req<APPROX>, Req<FTZ>], 1, 40, 20, SemRsqrt,
                 DocRsqrtF64, [ErrorBound<RelError, "", "9.2980e-7">],
                 "MUFU.RSQ64H"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuRsqrtUpper, [MufuRsq64HTable], MufuNoScaling>];
  let Variant = "ftz";
  let UpperHalf = 1;
  let NaNResult = NaNCanonical;
}

// sin, cos, lg2, ex2: .approx{.ftz}.f32. cos exceeds the ISA's bound on
// [-2 pi, 2 pi] at 4698 inputs near 4.83 (7.09457e-7 = 2^-20.43).
defvar SinCosRange = ["-0x1.921fb6p+2", "0x1.921fb6p+2"];
defvar SinCos100Range = ["-0x1.3a28c6p+8", "0x1.3a28c6p+8"];
def SinApproxF32
    : ApproxForm<"sin", F32, ApproxFtz, 1, 14, 10, SemSin, DocSin,
                 [ErrorBound<AbsError, "2^-20.5", "6.50472e-7", "a",
                             SinCosRange[0], SinCosRange[1]>,
                  ErrorBound<AbsError, "2^-14.7", "3.65396e-5", "a",
                             SinCos100Range[0], SinCos100Range[1]>],
                 "MUFU.SIN"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuSinFixed, [MufuSinTable], MufuNoScaling>];
  let FlushesSubnormals = 1;
}
def CosApproxF32
    : ApproxForm<"cos", F32, ApproxFtz, 1, 14, 10, SemCos, DocCos,
                 [ErrorBound<AbsError, "2^-20.5", "7.09458e-7", "a",
                             SinCosRange[0], SinCosRange[1]>,
                  ErrorBound<AbsError, "2^-14.7", "3.65959e-5", "a",
                             SinCos100Range[0], SinCos100Range[1]>],
                 "MUFU.COS"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuCosFixed, [MufuSinTable], MufuNoScaling>];
  let FlushesSubnormals = 1;
}
def Lg2ApproxF32
    : ApproxForm<"lg2", F32, ApproxFtz, 1, 14, 10, SemLg2, DocLg2,
                 [ErrorBound<AbsError, "2^-22", "2.15229e-7", "a", "0x1p-1",
                             "0x1p1">,
                  ErrorBound<RelError, "2^-22", "2.29246e-7", "a", PosF32[0],
                             PosF32[1]>], "MUFU.LG2"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuLog2Split, [MufuLg2E0Table, MufuLg2Em1Table],
                        MufuLg2Scaling>];
}
def Ex2ApproxF32
    : ApproxForm<"ex2", F32, ApproxFtz, 1, 14, 10, SemEx2, DocEx2,
                 [ErrorBound<UlpError, "2", "2">], "MUFU.EX2"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuExp2Fixed, [MufuEx2PosTable, MufuEx2NegTable],
                        MufuEx2Scaling>];
  let MeasuredUlps = 2;
}

/// An approximation of a half type whose every result is measured
/// (SpecialMeasured.td).
class HalfApproxForm<string m, PtxType t, list<Slot> slots, int ptx, int sm,
                     Semantics sem, string doc, list<ErrorBound> bounds,
                     string sass>
    : ApproxForm<m, t, slots, 1, ptx, sm, sem, doc, bounds, sass> {
  let Accuracy = MeasuredTable;
}

// ex2 of the half types: .f16 and .f16x2 without .ftz, .bf16 and .bf16x2
// with it.
foreach t = [F16, F16x2] in
def Ex2Approx # t
    : HalfApproxForm<"ex2", t, [Req<APPROX>], 70, 75, SemEx2, DocHalfEx2,
                     [ErrorBound<RelError, "2^-9.9", "">], "MUFU.EX2">;
foreach t = [BF16, BF16x2] in
def Ex2ApproxFtz # t
    : HalfApproxForm<"ex2", t, [Req<APPROX>, Req<FTZ>], 78, 90, SemEx2,
                     DocHalfEx2, [ErrorBound<RelError, "2^-7", "">],
                     "MUFU.EX2">;

// tanh: .approx over f32 and the half types.
def TanhApproxF32
    : ApproxForm<"tanh", F32, [Req<APPROX>], 1, 70, 75, SemTanh, DocTanh,
                 [ErrorBound<RelError, "2^-11", "1.11262e-5">], "MUFU.TANH"> {
  let Accuracy = MeasuredExact;
  let Mufu = [MufuModel<MufuTanhBinades, [MufuTanhTable], MufuNoScaling>];
  let MeasuredUlps = 134;
}
foreach t = [F16, F16x2] in
def TanhApprox # t
    : HalfApproxForm<"tanh", t, [Req<APPROX>], 70, 75, SemTanh, DocHalfTanh,
                     [ErrorBound<AbsError, "2^-10.987", "">], "MUFU.TANH">;
foreach t = [BF16, BF16x2] in
def TanhApprox # t
    : HalfApproxForm<"tanh", t, [Req<APPROX>], 78, 90, SemTanh, DocHalfTanh,
                     [ErrorBound<AbsError, "2^-8", "">], "MUFU.TANH">;

//===----------------------------------------------------------------------===//
// Undocumented spellings (docs/PtxasScan-special.md)
//===----------------------------------------------------------------------===//

def : Rejected<"rcp", [F64], [RN, RZ, RM, RP], [FTZ],
  "rcp.rnd.f64 takes no .ftz in the PTX ISA (ptxas 13.0 accepts it; only "
  "rcp.approx.ftz.f64 is documented with .ftz)">;

#endif // TILE_PTX_SPECIAL_TD
