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
// Stochastic rounding (.rs)
//===----------------------------------------------------------------------===//

// cvt.rs rounds each f32 source toward or away from zero by the carry out
// of adding random bits from `rbits` (a .b32 register: ptxas 13.0 rejects
// an immediate) to the bits the conversion drops. PTX ISA 8.7; ptxas 13.0
// accepts every form on sm_100a from PTX ISA 8.7 and on sm_103a from its
// own floor (8.8), and no other chip: not sm_100, sm_100f, sm_103,
// sm_103f, sm_110a, sm_120a, sm_121a (measured). The reference follows the
// ISA's text; no GPU here runs the forms.
def SemConvertRs : Semantics<"convert_rs", "convertRsLane",
                             "stochasticInputs">;

/// The random bits of each destination lane (lane 0 lowest), from the
/// ISA's prose and figures 38-41 (9.7.9.21): .f16x2 the 13 low bits of each
/// half (a the upper), .bf16x2 each half whole; the 8- and 6-bit x4 forms
/// the upper half for a and b, the lower for e and f, each pair sharing
/// its 16 bits; .e2m1x4 a byte each, a and b the upper bytes of the two
/// halves (a the upper half's), e and f the lower ones (e the upper
/// half's).
def RbitsF16x2 : RandomBits<13, [0, 16]>;
def RbitsBF16x2 : RandomBits<16, [0, 16]>;
def RbitsX4 : RandomBits<16, [0, 0, 16, 16]>;
def RbitsE2M1x4 : RandomBits<8, [0, 16, 8, 24]>;

class CvtRsForm<PtxType d, list<Slot> slots, list<Operand> sources,
                RandomBits rbits, string sass = "">
    : Form<"cvt", !listconcat([Rnd<[RS], "">], slots), [d, F32],
           !listconcat([Reg<"d", Def, d>], sources,
                       [RegOnly<"rbits", B32>]),
           87, 100, SemConvertRs, DocCvt> {
  let ArchChips = ["sm_100a", "sm_103a"];
  let Rbits = rbits;
  let Sass = sass;
  let Accuracy = IsaTextUnmeasured;
  let NaNResult = NaNIsaText;
}

// cvt.rs{.relu}{.satfinite}.{f16x2,bf16x2}.f32 d, a, b, rbits: a becomes
// the upper half. On sm_100a, ptxas 13.0 emits one F2FP.{F16,BF16}.F32.
// PACK_AB.RS per instruction (certify.py --target sm_100a).
def CvtRsF16x2F32 : CvtRsForm<F16x2, [Opt<RELU>, SATF],
                              [Reg<"a", Use, F32>, Reg<"b", Use, F32>],
                              RbitsF16x2, "F2FP">;
def CvtRsBF16x2F32 : CvtRsForm<BF16x2, [Opt<RELU>, SATF],
                               [Reg<"a", Use, F32>, Reg<"b", Use, F32>],
                               RbitsBF16x2, "F2FP">;

// cvt.rs{.relu}.satfinite.{e4m3x4,e5m2x4,e2m3x4,e3m2x4,e2m1x4}.f32
//     d, {a, b, e, f}, rbits: a becomes the highest lane. .satfinite is
// required. No native SASS: ptxas 13.0 emits two F2FP.SATFINITE.<fmt>.F32.
// PACK_AB_MERGE_C.RS per instruction, the first converting a and b with
// rbits as its C operand, the second e and f with the first's result as C.
def CvtQuadF32 : Reg<"a", Use, F32, 4> { let Members = ["a", "b", "e", "f"]; }
foreach t = [E4M3x4, E5M2x4, E2M3x4, E3M2x4] in
  def CvtRs#!cast<string>(t)#F32
      : CvtRsForm<t, [Opt<RELU>, Req<SatFinite>], [CvtQuadF32], RbitsX4>;
def CvtRsE2M1x4F32 : CvtRsForm<E2M1x4, [Opt<RELU>, Req<SatFinite>],
                               [CvtQuadF32], RbitsE2M1x4>;

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
