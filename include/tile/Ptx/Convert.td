//===- Convert.td - Floating-point conversions -----------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Floating-point `cvt` (PTX ISA 9.7.9.21): every documented float-to-float
// form that ptxas 13.0 assembles. Floors were measured with ptxas; those
// under PTX 2.3 / sm_20, which the scan cannot reach, are the ISA's.
//
// The native SASS on sm_90 (ptxas 13.0): F2F/F2FP for the narrowing, 8-bit
// and widening-to-f64 forms, HADD2 for f16 to f32. None for same-type forms
// (FRND only with .rni etc., nothing or FADD.SAT without), bf16 to f32 (a
// shift), or .rna to tf32 (integer operations).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_CONVERT_TD
#define TILE_PTX_CONVERT_TD

include "tile/Ptx/PtxTypes.td"

defvar DocCvt = "9.7.9.21 cvt";
defvar IRND = [RNI, RZI, RMI, RPI];
defvar F2F = "F2F|F2FP";

/// cvt d, a (or d, a, b for the packing forms): d of `d`, the sources of
/// `a`.
class CvtForm<PtxType d, PtxType a, list<Slot> slots, int ptx, int sm,
              string sass = "", int numSrc = 1>
    : Form<"cvt", slots, [d, a],
           !listconcat([Reg<"d", Def, d>],
                       !foreach(i, !range(numSrc),
                                Reg<!substr("ab", i, 1), Use, a>)),
           ptx, sm, SemConvert, DocCvt> {
  let Sass = sass;
  let NaNResult = MeasuredNaN<sm>.Rule;
}

defvar IntegralRounding = OptRndNoDefault<IRND, "irnd">;
defvar SATF = Opt<SatFinite>;

// Same type: optional rounding to an integral value.
// NaNs (measured on the H200): a bare cvt.f32.f32 or cvt.f64.f64 keeps the
// input as it is; an integral rounding of f64 quiets it; f64 sources and
// results, and f16/bf16 to f64, carry the payload over (quieted), but
// cvt.ftz.f64.f32 widens f32's canonical NaN; bf16 to f32 keeps its bits;
// everything else gives the canonical NaN.
def CvtF32F32 : CvtForm<F32, F32, [IntegralRounding, Opt<FTZ>, Opt<SAT>], 10,
                        10> {
  let NaNBare = NaNKept;
}
def CvtF64F64 : CvtForm<F64, F64, [IntegralRounding, Opt<SAT>], 10, 13> {
  let NaNResult = NaNQuieted;
  let NaNBare = NaNKept;
}
def CvtF16F16 : CvtForm<F16, F16, [IntegralRounding, Opt<SAT>], 10, 10>;
def CvtBF16BF16 : CvtForm<BF16, BF16, [IntegralRounding], 78, 90>;

// Widening: exact, no rounding modifier.
def CvtF32F16 : CvtForm<F32, F16, [Opt<FTZ>, Opt<SAT>], 10, 10, "HADD2">;
def CvtF64F32 : CvtForm<F64, F32, [Opt<FTZ>, Opt<SAT>], 10, 13, F2F> {
  // .ftz first makes the NaN f32's canonical one (measured).
  let NaNResult = NaNWidenedCanonical;
  let NaNBare = NaNConverted;
}
def CvtF64F16 : CvtForm<F64, F16, [Opt<SAT>], 10, 13, F2F> {
  let NaNResult = NaNConverted;
}
def CvtF32BF16 : CvtForm<F32, BF16, [Opt<FTZ>], 71, 80> {
  let QualFloors = [QualFloor<FTZ, 78, 90>];
  let NaNBare = NaNKept;
}
def CvtF64BF16 : CvtForm<F64, BF16, [], 78, 90, F2F> {
  let NaNResult = NaNConverted;
}

// Narrowing: a rounding modifier is required.
def CvtF16F32 : CvtForm<F16, F32, [Rnd<RND, "frnd">, Opt<FTZ>, Opt<SAT>], 10,
                        10, F2F>;
def CvtF16F32ReluSatfinite
    : CvtForm<F16, F32, [Rnd<[RN, RZ], "frnd2">, Opt<RELU>, SATF], 10, 10,
              F2F> {
  let QualFloors = [QualFloor<RELU, 70, 80>, QualFloor<SatFinite, 81, 70>];
  let Variant = "relu_satfinite";
}
def CvtF32F64 : CvtForm<F32, F64, [Rnd<RND, "frnd">, Opt<FTZ>, Opt<SAT>], 10,
                        13, F2F> {
  let NaNResult = NaNConverted;
}
def CvtF16F64 : CvtForm<F16, F64, [Rnd<RND, "frnd">, Opt<SAT>], 10, 13, F2F> {
  let NaNResult = NaNConverted;
}
def CvtBF16F32 : CvtForm<BF16, F32, [Rnd<RND, "frnd">, Opt<FTZ>], 70, 80, F2F>;
def CvtBF16F32ReluSatfinite
    : CvtForm<BF16, F32, [Rnd<[RN, RZ], "frnd2">, Opt<RELU>, SATF], 70, 80,
              F2F> {
  let QualFloors = [QualFloor<SatFinite, 81, 80>];
  let Variant = "relu_satfinite";
}
def CvtBF16F64 : CvtForm<BF16, F64, [Rnd<RND, "frnd">], 78, 90, F2F> {
  let NaNResult = NaNConverted;
}
def CvtBF16F16 : CvtForm<BF16, F16, [Rnd<RND, "frnd">], 78, 90, F2F>;
def CvtF16BF16 : CvtForm<F16, BF16, [Rnd<RND, "frnd">], 78, 90, F2F>;
def CvtTF32F32Rna : CvtForm<TF32, F32, [Rnd<[RNA], "">, SATF], 70, 80> {
  let QualFloors = [QualFloor<SatFinite, 81, 80>];
  let NaNResult = NaNRoundedBits;
}
def CvtTF32F32 : CvtForm<TF32, F32, [Rnd<[RN, RZ], "frnd2">, Opt<RELU>, SATF],
                         78, 90, F2F> {
  let QualFloors = [QualFloor<SatFinite, 86, 100>];
}

// Packing two f32: a becomes the upper half, b the lower.
foreach t = [F16x2, BF16x2] in
  def Cvt#!cast<string>(t)#F32 : CvtForm<t, F32, [Rnd<[RN, RZ], "frnd2">, Opt<RELU>, SATF],
                          70, 80, F2F, 2> {
    let QualFloors = [QualFloor<SatFinite, 81, 80>];
  }

// 8-bit formats (sm_89): always round to nearest and saturate to finite. On
// sm_90 from PTX ISA 7.8, on sm_89 from 8.1.
foreach t = [E4M3x2, E5M2x2] in {
  let OlderChips = [OlderChip<89, 81>] in {
    def Cvt#!cast<string>(t)#F32 : CvtForm<t, F32, [Rnd<[RN], "">, Req<SatFinite>, Opt<RELU>],
                            78, 90, F2F, 2>;
    def Cvt#!cast<string>(t)#F16x2 : CvtForm<t, F16x2,
                              [Rnd<[RN], "">, Req<SatFinite>, Opt<RELU>], 78,
                              90, F2F>;
    def CvtF16x2#!cast<string>(t) : CvtForm<F16x2, t, [Rnd<[RN], "">, Opt<RELU>], 78, 90, F2F>;
  }
}

//===----------------------------------------------------------------------===//
// Undocumented spellings
//===----------------------------------------------------------------------===//

defvar AnyRounding = [RN, RZ, RM, RP, RNA, RNI, RZI, RMI, RPI];
foreach t = [F32, F64] in
  def : Rejected<"cvt", [t, BF16], AnyRounding, [],
    "the PTX ISA allows no rounding modifier on a conversion that cannot "
    "lose precision; ptxas 13.0 accepts one on a bf16 source">;
foreach types = [[BF16, F16], [F16, BF16]] in
  def : Rejected<"cvt", types, [], [],
    "the PTX ISA requires a rounding modifier (.rn, .rz, .rm, .rp) on a "
    "conversion that can lose precision; ptxas 13.0 accepts it without one",
    /*noRounding=*/1>;

#endif // TILE_PTX_CONVERT_TD
