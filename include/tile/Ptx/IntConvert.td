//===- IntConvert.td - Integer conversions ---------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The integer forms of `cvt` and `cvt.pack` (PTX ISA 9.7.9.21): integer to
// integer, integer to float, float to integer, and the saturating packs.
//
// Floors: measured with ptxas 13.0 (docs/IntegerScan.md). Every integer
// and f16/f32/f64 spelling is accepted at the scan's lowest point, PTX 2.3
// / sm_20, so the floor is the ISA's (PTX 1.0; sm_13 with an f64 operand,
// as for the float conversions). bf16: 7.8 / sm_90. cvt.pack to .u16/.s16
// and .u8/.s8: 6.5 / sm_72; to .u4/.s4/.u2/.s2: 6.5 / sm_75.
//
// What ptxas 13.0 rejects, and so the records leave out:
// - .sat where it cannot change the value (the destination's range
//   contains the source's: same type, widening with the same signedness,
//   unsigned to a wider signed type; the ISA calls it illegal there), and
//   .sat on every conversion to or from .bf16;
// - .ftz except with an f32 source (float to int) or destination (int to
//   float);
// - an int <-> float conversion without a rounding modifier (the ISA
//   requires one), and .rn etc. on int -> int or .rni etc. on int -> float.
//
// Semantics (H200-measured, docs/IntegerFacts.md section 5): an integer
// source is the low bits of its type's width (higher bits of the register
// are ignored); int -> int truncates, or with .sat clamps; float -> int
// rounds in the mode and saturates (.sat is redundant), NaN gives 0 except
// from an f64 source or into a 64-bit type, where it gives 1 << (w-1); the
// result is sign- (.sN) or zero-extended (.uN) into the whole destination
// register. int -> float rounds once in the mode; .sat clamps to [0.0, 1.0].
//
// bf16 <-> .u8/.s8 are documented, but ptxas 13.0 takes them only with an
// 8-bit (.b8) register operand, which no inline-asm operand is (LLVM's
// NVPTX binds 8-bit values to 16-bit registers) and which a scoped .reg .b8
// would reach only through a second instruction: they are Rejected records
// with the reason.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_INTCONVERT_TD
#define TILE_PTX_INTCONVERT_TD

include "tile/Ptx/Convert.td"

def SemIntConvert : Semantics<"int_convert", "intConvertLane",
                              "intConvertInputs">;
def SemCvtPack : Semantics<"cvt_pack", "cvtPackLane", "cvtPackInputs">;

defvar IntCvtTypes = [U8, U16, U32, U64, S8, S16, S32, S64];
defvar FloatCvtTypes = [F16, F32, F64, BF16];

/// Whether every value of `a` is a value of `d` (so .sat cannot change the
/// result, and ptxas 13.0 rejects it).
class RangeContains<PtxType d, PtxType a> {
  bit dSigned = !eq(d.Int, IntSigned);
  bit aSigned = !eq(a.Int, IntSigned);
  bit Value = !or(!and(!eq(dSigned, aSigned), !ge(d.ValueBits, a.ValueBits)),
                  !and(dSigned, !not(aSigned), !gt(d.ValueBits, a.ValueBits)));
}

/// cvt d, a between an integer type and another integer or float type.
class IntCvtForm<PtxType d, PtxType a, list<Slot> slots, int ptx, int sm>
    : Form<"cvt", slots, [d, a], [Reg<"d", Def, d>, Reg<"a", Use, a>], ptx,
           sm, SemIntConvert, DocCvt> {
  let NaNResult = NaNNone;
}

/// The floors of a conversion with float type `f`: PTX 1.0 (sm_13 for f64),
/// bf16 7.8 / sm_90.
class FloatCvtFloor<PtxType f> {
  int Ptx = !if(!eq(f, BF16), 78, 10);
  int Sm = !cond(!eq(f, BF16) : 90, !eq(f, F64) : 13, true : 10);
}

//===----------------------------------------------------------------------===//
// Integer to integer
//===----------------------------------------------------------------------===//

foreach d = IntCvtTypes in
  foreach a = IntCvtTypes in
    def Cvt # !cast<string>(d) # !cast<string>(a)
        : IntCvtForm<d, a, !if(RangeContains<!cast<PtxType>(d), !cast<PtxType>(a)>.Value, []<Slot>,
                         [Opt<SAT>]), 10,
                     10>;

//===----------------------------------------------------------------------===//
// Integer to float and float to integer
//===----------------------------------------------------------------------===//

defvar Bf16Int8Reason =
  "ptxas 13.0 assembles cvt between .bf16 and .u8/.s8 only with an 8-bit "
  "(.b8) register operand ('Arguments mismatch' with a 16- or 32-bit one); "
  "no inline-asm operand is an 8-bit register (LLVM's NVPTX binds 8-bit "
  "values to 16-bit registers), and a scoped .reg .b8 would need a second "
  "instruction to reach the register tile; convert through .u16/.s16 "
  "instead (e.g. cvt.rni.s16.bf16, then cvt.sat.s8.s16)";

foreach f = FloatCvtTypes in
  foreach i = IntCvtTypes in {
    defvar floor = FloatCvtFloor<!cast<PtxType>(f)>;
    defvar sat = !if(!eq(f, BF16), []<Slot>, [Opt<SAT>]);
    defvar ftz = !if(!eq(f, F32), [Opt<FTZ>], []<Slot>);
    if !and(!eq(f, BF16), !eq(!cast<PtxType>(i).ValueBits, 8)) then {
      def : Rejected<"cvt", [f, i], [], [], Bf16Int8Reason> {
        let Documented = 1;
      }
      def : Rejected<"cvt", [i, f], [], [], Bf16Int8Reason> {
        let Documented = 1;
      }
    } else {
      def Cvt # !cast<string>(f) # !cast<string>(i) : IntCvtForm<f, i,
          !listconcat([Rnd<RND, "frnd">], ftz, sat), floor.Ptx, floor.Sm>;
      def Cvt # !cast<string>(i) # !cast<string>(f) : IntCvtForm<i, f,
          !listconcat([Rnd<IRND, "irnd">], ftz, sat), floor.Ptx, floor.Sm>;
    }
  }

//===----------------------------------------------------------------------===//
// cvt.pack
//===----------------------------------------------------------------------===//

/// cvt.pack.sat.t.s32 d, a, b (t 16 bits) or cvt.pack.sat.t.s32.b32 d, a, b,
/// c: a and b clamped to t's range, a's field above b's, c's low bits above
/// both (d = c << 2w | a << w | b, modulo 2^32).
class CvtPackForm<PtxType t, int ptx, int sm>
    : Form<"cvt", [Req<Pack>, Req<SAT>],
           !if(!eq(t.ValueBits, 16), [t, S32], [t, S32, B32]),
           !listconcat([Reg<"d", Def, B32>, Reg<"a", Use, S32>,
                        Reg<"b", Use, S32>],
                       !if(!eq(t.ValueBits, 16), []<Operand>, [Reg<"c", Use, B32>])),
           ptx, sm, SemCvtPack, DocCvt> {
  let NaNResult = NaNNone;
}

foreach t = [U16, S16, U8, S8] in
  def CvtPack # !cast<string>(t) : CvtPackForm<t, 65, 72>;
foreach t = [U4, S4, U2, S2] in
  def CvtPack # !cast<string>(t) : CvtPackForm<t, 65, 75>;

#endif // TILE_PTX_INTCONVERT_TD
