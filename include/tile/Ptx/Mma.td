//===- Mma.td - Warp-level matrix multiply-accumulate -----*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// mma.sync.aligned (PTX ISA 9.7.14.5, Warp-Level Matrix Multiply-Accumulate
// Instructions): the 32 lanes of a warp compute D = A * B + C together, each
// lane holding a fragment of every matrix in its registers. Where each
// element sits is a fact of the form, written here as a `Fragment` per
// operand (the ISA's fragment figures); the verifier, the reference, the
// CPU backend, the docs and the layout test (unittests/Ptx/FragmentTest.cpp,
// against the ISA's formulas) all read these records.
//
// Floors measured with ptxas 13.0 (docs/PtxasScan-mma.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_MMA_TD
#define TILE_PTX_MMA_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Warp.td"

//===----------------------------------------------------------------------===//
// Element types that only mma names
//===----------------------------------------------------------------------===//

/// An element type of an mma operand that no register has: the operand is a
/// .b32 register of packed elements (the fragment says how many).
class MmaElementType<string name, int width, FloatFormat format, IntKind kind>
    : PtxType<name, 32, 1, format, [],
              "an mma element type only: " # width # "-bit elements packed "
              "in .b32 registers"> {
  let Int = kind;
  let ValueBits = width;
}
def E4M3 : MmaElementType<"e4m3", 8, FmtE4M3, IntNone>;
def E5M2 : MmaElementType<"e5m2", 8, FmtE5M2, IntNone>;
/// sm_120a's 6- and 4-bit elements (.kind::f8f6f4), each in an 8-bit
/// container of the register: e3m2 and e2m3 in its low 6 bits, e2m1 in its
/// middle 4 (bits 2-5), the rest padding (9.7.14.5.14).
def E3M2 : MmaElementType<"e3m2", 6, FmtE3M2, IntNone>;
def E2M3 : MmaElementType<"e2m3", 6, FmtE2M3, IntNone>;
def E2M1 : MmaElementType<"e2m1", 4, FmtE2M1, IntNone>;
def B1 : MmaElementType<"b1", 1, FmtNone, IntBits>;
/// The scale factors of sm_120a's block-scaled mma (.kind::mxf8f6f4,
/// .kind::mxf4, .kind::mxf4nvf4): a type suffix only (`.ue8m0`, `.ue4m3`),
/// whose values are the bytes of the scale-a-data and scale-b-data
/// registers (9.7.14.5.14, "Block Scaling for mma.sync").
class MmaScaleType<string name>
    : PtxType<name, 32, 1, FmtNone, [],
              "an mma scale-factor type only: 8-bit scale factors in the "
              ".b32 scale-data registers"> {
  let Int = IntBits;
  let ValueBits = 8;
}
def UE8M0 : MmaScaleType<"ue8m0">;
def UE4M3 : MmaScaleType<"ue4m3">;

//===----------------------------------------------------------------------===//
// Qualifiers
//===----------------------------------------------------------------------===//

def ALIGNED : Qual<"aligned">;
def RowCol : Qual<"row.col">;
def RowRow : Qual<"row.row">;
def ColRow : Qual<"col.row">;
def ColCol : Qual<"col.col">;
/// sm_120a's kind of mma: 8-, 6- and 4-bit floating-point A and B.
def KindF8F6F4 : Qual<"kind::f8f6f4">;
/// sm_120a's block-scaled kinds: A and B scaled by per-row and per-column
/// factors from the scale-data registers.
def KindMxf8f6f4 : Qual<"kind::mxf8f6f4">;
def KindMxf4 : Qual<"kind::mxf4">;
def KindMxf4nvf4 : Qual<"kind::mxf4nvf4">;
def BlockScale : Qual<"block_scale">;
/// How many scale factors a row of A (a column of B) has: 1, 2 or 4.
def ScaleVec1X : Qual<"scale_vec::1X">;
def ScaleVec2X : Qual<"scale_vec::2X">;
def ScaleVec4X : Qual<"scale_vec::4X">;
def XorPopc : Qual<"xor.popc">;
def AndPopc : Qual<"and.popc">;

/// A matrix shape qualifier (`m16n8k16`).
class Shape<int m, int n, int k>
    : Qual<"m" # m # "n" # n # "k" # k> {
  int M = m;
  int N = n;
  int K = k;
}
def M8N8K4 : Shape<8, 8, 4>;
def M8N8K16 : Shape<8, 8, 16>;
def M8N8K32 : Shape<8, 8, 32>;
def M8N8K128 : Shape<8, 8, 128>;
def M16N8K4 : Shape<16, 8, 4>;
def M16N8K8 : Shape<16, 8, 8>;
def M16N8K16 : Shape<16, 8, 16>;
def M16N8K32 : Shape<16, 8, 32>;
def M16N8K64 : Shape<16, 8, 64>;
def M16N8K128 : Shape<16, 8, 128>;
def M16N8K256 : Shape<16, 8, 256>;


/// A required operator written after the type suffixes (b1 mma's
/// `.xor.popc`).
class TrailingOperator<list<Qual> choices, string display>
    : Slot<OperatorSlot, choices, 1, display> {
  let AfterTypes = 1;
}

//===----------------------------------------------------------------------===//
// Fragments (the ISA's fragment figures, 9.7.14.5.1 - 9.7.14.5.13)
//===----------------------------------------------------------------------===//

/// A of an m16 shape (16 x k): lane groupID holds rows groupID and
/// groupID + 8, threadID_in_group the p consecutive k of each register,
/// then the next 4p k.
class A16<PtxType elem, int k, int p>
    : Fragment<elem, 16, k, !div(k, !mul(2, p)), p,
               [GroupId<1, 0>, ThreadInGroup<0, p>, ElemDigit<1, p, 0, 1>,
                ElemDigit<p, 2, 8, 0>,
                ElemDigit<!mul(2, p), !div(k, !mul(4, p)), 0, !mul(4, p)>]>;
/// A of an m8 shape (8 x 4p): one register, row groupID.
class A8<PtxType elem, int p>
    : Fragment<elem, 8, !mul(4, p), 1, p,
               [GroupId<1, 0>, ThreadInGroup<0, p>, ElemDigit<1, p, 0, 1>]>;
/// B (k x 8): column groupID, threadID_in_group the p consecutive k of
/// each register, then the next 4p k.
class BCol<PtxType elem, int k, int p>
    : Fragment<elem, k, 8, !div(k, !mul(4, p)), p,
               [GroupId<0, 1>, ThreadInGroup<p, 0>, ElemDigit<1, p, 1, 0>,
                ElemDigit<p, !div(k, !mul(4, p)), !mul(4, p), 0>]>;
/// C and D of an m16n8 shape: rows groupID and groupID + 8, two
/// consecutive columns from 2 * threadID_in_group.
class C16<PtxType elem, int regs, int perReg>
    : Fragment<elem, 16, 8, regs, perReg,
               [GroupId<1, 0>, ThreadInGroup<0, 2>, ElemDigit<1, 2, 0, 1>,
                ElemDigit<2, 2, 8, 0>]>;
/// C and D of an m8n8 shape: row groupID.
class C8<PtxType elem>
    : Fragment<elem, 8, 8, 2, 1,
               [GroupId<1, 0>, ThreadInGroup<0, 2>, ElemDigit<1, 2, 0, 1>]>;


/// The fragments and operands each form names, as named defs (TableGen
/// 22 cannot resolve a list of anonymous operand records inside a foreach
/// where only some depend on the iterator). `Reg` holds the elements.
class PackedElem<PtxType elem, PtxType reg, int p, list<int> ks> {
  PtxType Elem = elem;
  PtxType Reg = reg;
  int P = p;
  list<int> Ks = ks;
}
/// The operand `name` holding fragment `frag` in registers of `reg`.
class FragOp<string name, RoleKind role, PtxType reg, string frag>
    : FragReg<name, role, reg, !cast<Fragment>(frag)>;
foreach pe = [PackedElem<F16, F16x2, 2, [8, 16]>,
              PackedElem<BF16, B32, 2, [8, 16]>,
              PackedElem<TF32, B32, 1, [4, 8]>,
              PackedElem<F64, F64, 1, [4, 8, 16]>,
              PackedElem<E4M3, B32, 4, [16, 32]>,
              PackedElem<E5M2, B32, 4, [16, 32]>,
              PackedElem<E3M2, B32, 4, [32]>, PackedElem<E2M3, B32, 4, [32]>,
              PackedElem<E2M1, B32, 4, [32]>,
              // .kind::mxf4 and .kind::mxf4nvf4: e2m1 packed, 8 a register.
              PackedElem<E2M1, B32, 8, [64]>,
              PackedElem<S8, B32, 4, [16, 32]>, PackedElem<U8, B32, 4, [16, 32]>,
              PackedElem<S4, B32, 8, [32, 64]>, PackedElem<U4, B32, 8, [32, 64]>,
              PackedElem<B1, B32, 32, [128, 256]>] in {
  defvar e = !cast<string>(pe.Elem);
  foreach k = pe.Ks in {
    def FragA16 # e # "K" # k : A16<pe.Elem, k, pe.P>;
    def FragB # e # "K" # k : BCol<pe.Elem, k, pe.P>;
    def OpFragA16 # e # "K" # k
        : FragOp<"a", Use, pe.Reg, "FragA16" # e # "K" # k>;
    def OpFragB # e # "K" # k : FragOp<"b", Use, pe.Reg, "FragB" # e # "K" # k>;
  }
}
// The m8 shapes' A (their B is that of the m16 shape of the same k).
foreach pe = [PackedElem<F64, F64, 1, []>, PackedElem<S8, B32, 4, []>,
              PackedElem<U8, B32, 4, []>, PackedElem<S4, B32, 8, []>,
              PackedElem<U4, B32, 8, []>, PackedElem<B1, B32, 32, []>] in {
  defvar e = !cast<string>(pe.Elem);
  def FragA8 # e : A8<pe.Elem, pe.P>;
  def OpFragA8 # e : FragOp<"a", Use, pe.Reg, "FragA8" # e>;
}
/// The accumulator fragments: c and d.
class AccElem<string frag, PtxType reg> {
  string Frag = frag;
  PtxType Reg = reg;
}
def FragC16F16 : C16<F16, 2, 2>;
def FragC16F32 : C16<F32, 4, 1>;
def FragC16F64 : C16<F64, 4, 1>;
def FragC16S32 : C16<S32, 4, 1>;
def FragC8F64 : C8<F64>;
def FragC8S32 : C8<S32>;

/// m8n8k4 .f16 (9.7.14.5.1): four independent products, one per quad-pair
/// (lanes 4q..4q+3, the low group, and 4q+16..4q+19, the high one).
defvar QuadPair = Digit<FromLane, 4, 4, 1, 0, 0>;
/// The high group adds 4 to the row (or column).
class HighGroup<int row, int col> : LaneDigit<16, 2, row, col>;
def FragM8N8K4ARow
    : Fragment<F16, 8, 4, 2, 2, [QuadPair, LaneDigit<1, 4, 1, 0>,
                                 HighGroup<4, 0>, ElemDigit<1, 4, 0, 1>], 4>;
def FragM8N8K4ACol
    : Fragment<F16, 8, 4, 2, 2, [QuadPair, ElemDigit<1, 4, 1, 0>,
                                 HighGroup<4, 0>, LaneDigit<1, 4, 0, 1>], 4>;
def FragM8N8K4BRow
    : Fragment<F16, 4, 8, 2, 2, [QuadPair, LaneDigit<1, 4, 1, 0>,
                                 ElemDigit<1, 4, 0, 1>, HighGroup<0, 4>], 4>;
def FragM8N8K4BCol
    : Fragment<F16, 4, 8, 2, 2, [QuadPair, ElemDigit<1, 4, 1, 0>,
                                 LaneDigit<1, 4, 0, 1>, HighGroup<0, 4>], 4>;
def FragM8N8K4CF16
    : Fragment<F16, 8, 8, 4, 2, [QuadPair, LaneDigit<1, 4, 1, 0>,
                                 HighGroup<4, 0>, ElemDigit<1, 8, 0, 1>], 4>;
/// row = (lane & 1) + (i & 2) (+ 4 in the high group), column = (i & 4) +
/// (lane & 2) + (i & 1).
def FragM8N8K4CF32
    : Fragment<F32, 8, 8, 8, 1,
               [QuadPair, LaneDigit<1, 2, 1, 0>, ElemDigit<2, 2, 2, 0>,
                HighGroup<4, 0>, ElemDigit<4, 2, 0, 4>, LaneDigit<2, 2, 0, 2>,
                ElemDigit<1, 2, 0, 1>], 4>;

foreach acc = [AccElem<"FragC16F16", F16x2>, AccElem<"FragC16F32", F32>,
               AccElem<"FragC16F64", F64>, AccElem<"FragC16S32", S32>,
               AccElem<"FragC8F64", F64>, AccElem<"FragC8S32", S32>,
               AccElem<"FragM8N8K4CF16", F16x2>,
               AccElem<"FragM8N8K4CF32", F32>] in {
  def OpC # acc.Frag : FragOp<"c", Use, acc.Reg, acc.Frag> {
    let Accumulator = 1;
  }
  def OpD # acc.Frag : FragOp<"d", Def, acc.Reg, acc.Frag>;
}
foreach f = ["FragM8N8K4ARow", "FragM8N8K4ACol"] in
def Op # f : FragOp<"a", Use, F16x2, f>;
foreach f = ["FragM8N8K4BRow", "FragM8N8K4BCol"] in
def Op # f : FragOp<"b", Use, F16x2, f>;

//===----------------------------------------------------------------------===//
// Numerics
//===----------------------------------------------------------------------===//

/// mma: the lanes of a warp meet (all 32, no member mask).
def SemMma : Collective<"mma", ""> {
  let Groups = 1;
}

def MmaIntArith : MmaArith<MmaInteger, 0, RZ, 0,
  "exact: the s32 sum of the products and c, wrapping (.satfinite: "
  "clamped to the s32 range)">;
def MmaBitArith : MmaArith<MmaBits, 0, RZ, 0,
  "exact: c plus the population count of the bit operation of a row of A "
  "and a column of B, wrapping">;
// Measured on the H200 (utils/measure/mma_facts; docs/GPU-Results.md).
def MmaF64Arith : MmaArith<MmaFmaChain, 0, RN, 1,
  "DMMA: fused multiply-adds from c in k order, each rounded to nearest"> {
  let FmaStep = "fma.rn.f64";
}
def MmaF32Arith : MmaArith<MmaFused, 25, RZ, 1,
  "HMMA: the exact products and c anchored at the largest nominal "
  "exponent, each truncated 25 bits below it, summed, rounded toward zero "
  "(an overflow is an infinity)">;
def MmaF16Arith : MmaArith<MmaFused, 25, RN, 1,
  "HMMA: the exact products and c anchored at the largest nominal "
  "exponent, each truncated 25 bits below it, summed, rounded to nearest "
  "f16">;
def MmaF8F32Arith : MmaArith<MmaSplitFused, 25, RZ, 1,
  "no fp8 tensor core on sm_90: widened to f16, two HMMA steps from +0 "
  "(k with (k / 2) % 2 = 0, then the others), then c added (FADD, to "
  "nearest)"> {
  let AddStep = "add.rn.f32";
}
def MmaF8F16Arith : MmaArith<MmaSplitFused, 25, RN, 1,
  "no fp8 tensor core on sm_90: widened to f16, two HMMA steps from +0 "
  "(k with (k / 2) % 2 = 0, then the others), then c added (HADD2, to "
  "nearest)"> {
  let AddStep = "add.rn.f16";
}
def MmaM8N8K4F32Arith : MmaArith<MmaChainThenC, 0, RN, 1,
  "no m8n8k4 tensor core on sm_90: an f32 FFMA chain from +0 in k order, "
  "then c added (FADD), each to nearest"> {
  let FmaStep = "fma.rn.f32";
  let AddStep = "add.rn.f32";
}
def MmaM8N8K4F16Arith : MmaArith<MmaPairsThenC, 0, RN, 1,
  "no m8n8k4 tensor core on sm_90: (c + (a0 b0 + a1 b1)) + (a2 b2 + a3 b3) "
  "in f32, then to f16, each to nearest"> {
  let FmaStep = "fma.rn.f32";
  let MulStep = "mul.rn.f32";
  let AddStep = "add.rn.f32";
  let CvtStep = "cvt.rn.f16.f32";
}

//===----------------------------------------------------------------------===//
// Forms (9.7.14.5.14 mma)
//===----------------------------------------------------------------------===//

defvar DocMma = "9.7.14.5.14 mma";

/// mma.sync.aligned.shape.layout...types d, a, b, c over the fragments of
/// the operand records `d`, `a`, `b` and `c` (named Op<fragment>).
class MmaForm<list<Slot> slots, list<PtxType> types, string d, string a,
              string b, string c, int ptx, int sm, MmaArith arith,
              string sass, int copies = 1, list<Operand> more = []>
    : Form<"mma", slots, types,
           !listconcat([!cast<Operand>("OpD" # d), !cast<Operand>("Op" # a),
                        !cast<Operand>("Op" # b), !cast<Operand>("OpC" # c)],
                       more),
           ptx, sm, SemMma, DocMma> {
  let Arith = [arith];
  let Sass = sass;
  /// What ptxas 13.0 emits for one instruction on sm_90: one tensor-core
  /// instruction, or two where it emulates the form (fp8 over f16, s4/u4
  /// over s8/u8, .xor.popc from .and.popc).
  let SassCopies = copies;
  let NaNResult = !if(!or(!eq(arith.Kind, MmaInteger),
                          !eq(arith.Kind, MmaBits)),
                      NaNNone, NaNUnspecified);
  let Accuracy = !if(arith.Measured, MeasuredSm90, Exact);
}
class MmaSlots<Shape shape, Qual layout, list<Slot> more = []> {
  list<Slot> List =
      !listconcat([Req<SYNC>, Req<ALIGNED>, Req<shape>, Req<layout>], more);
}
/// The m16n8 accumulator fragment of type t, and the arithmetic of a half
/// mma into t.
class Acc16<PtxType t> { string F = "FragC16" # !cast<string>(t); }
class Arith16<PtxType d> {
  MmaArith A = !if(!eq(d, F16), MmaF16Arith, MmaF32Arith);
}

/// The layouts of m8n8k4's A and B, and their fragments.
class MmaLayout<Qual q, string a, string b> {
  Qual Q = q;
  string A = a;
  string B = b;
}
defvar M8N8K4Layouts = [MmaLayout<RowRow, "FragM8N8K4ARow", "FragM8N8K4BRow">,
                        MmaLayout<RowCol, "FragM8N8K4ARow", "FragM8N8K4BCol">,
                        MmaLayout<ColRow, "FragM8N8K4ACol", "FragM8N8K4BRow">,
                        MmaLayout<ColCol, "FragM8N8K4ACol", "FragM8N8K4BCol">];

// .f16: m8n8k4 (any layouts; f16 into f32 or f16, f32 into f32: ptxas
// 13.0 says ".dtype must be '.f32' when .ctype is '.f32'"), m16n8k8 and
// m16n8k16 (row.col; .dtype is .ctype).
foreach d = [F16, F32] in
foreach c = [F16, F32] in {
  defvar dc = !cast<string>(d) # !cast<string>(c);
  if !not(!and(!eq(d, F16), !eq(c, F32))) then
  foreach lay = M8N8K4Layouts in
  def MmaM8N8K4 # !cast<string>(lay.Q) # dc
      : MmaForm<MmaSlots<M8N8K4, lay.Q>.List, [d, F16, F16, c],
                "FragM8N8K4C" # !cast<string>(d), lay.A, lay.B,
                "FragM8N8K4C" # !cast<string>(c), 64, 70,
                !if(!eq(d, F16), MmaM8N8K4F16Arith, MmaM8N8K4F32Arith), "">;
  if !eq(d, c) then
  foreach k = [8, 16] in
  def MmaM16N8K # k # F16 # dc
      : MmaForm<MmaSlots<!cast<Shape>("M16N8K" # k), RowCol>.List,
                [d, F16, F16, c], Acc16<d>.F, "FragA16F16K" # k,
                "FragBF16K" # k, Acc16<c>.F, !if(!eq(k, 8), 65, 70),
                !if(!eq(k, 8), 75, 80), Arith16<d>.A, "HMMA">;
}

class AltShape<PtxType elem, int k> {
  PtxType E = elem;
  int K = k;
  string Frag = !cast<string>(elem) # "K" # k;
}
foreach e = [AltShape<BF16, 8>, AltShape<BF16, 16>, AltShape<TF32, 4>,
             AltShape<TF32, 8>] in
def MmaM16N8K # e.K # !cast<string>(e.E)
    : MmaForm<MmaSlots<!cast<Shape>("M16N8K" # e.K), RowCol>.List,
              [F32, e.E, e.E, F32], "FragC16F32", "FragA16" # e.Frag,
              "FragB" # e.Frag, "FragC16F32", 70, 80, MmaF32Arith, "HMMA">;

// .e4m3/.e5m2 (m16n8k16, m16n8k32) into f16 or f32 (.dtype is .ctype:
// ptxas 13.0 rejects the mixed ones, "Unexpected instruction types"):
// m16n8k32 into f32 from PTX ISA 8.4, the others from 8.7, on sm_89.
foreach k = [16, 32] in
foreach a = [E4M3, E5M2] in
foreach b = [E4M3, E5M2] in
foreach d = [F16, F32] in
def MmaM16N8K # k # !cast<string>(a) # !cast<string>(b) # !cast<string>(d)
    : MmaForm<MmaSlots<!cast<Shape>("M16N8K" # k), RowCol>.List,
              [d, a, b, d], Acc16<d>.F, "FragA16" # !cast<string>(a) # "K" # k,
              "FragB" # !cast<string>(b) # "K" # k, Acc16<d>.F,
              !if(!and(!eq(k, 32), !eq(d, F32)), 84, 87), 89,
              !if(!eq(d, F16), MmaF8F16Arith, MmaF8F32Arith), "HMMA", 2>;

// .kind::f8f6f4 (m16n8k32): A and B any of e4m3, e5m2, e3m2, e2m3 and e2m1
// (each in an 8-bit container), into f32 or f16 (.dtype is .ctype). PTX
// ISA 8.7 on sm_120a, 8.8 on sm_120f and the sm_121 chips (the ISA says
// sm_120a; ptxas 13.0 also takes the e4m3/e5m2 pairs on the sm_100, sm_103
// and sm_110 a/f chips, emulated there with HMMA: the table keeps to the
// ISA). SASS: one QMMA.16832 (measured with ptxas 13.0 and cuobjdump on
// sm_120a). No GPU here is an sm_120: the arithmetic is Unmodeled.
def MmaKindF8F6F4Arith : MmaArith<MmaUnmodeled, 0, RZ, 0,
  "sm_120a's tensor cores (QMMA): the ISA leaves the accumulation open and "
  "no GPU here has measured it">;
defvar Sm120Chips = ["sm_120a", "sm_120f", "sm_121a", "sm_121f"];
foreach a = [E4M3, E5M2, E3M2, E2M3, E2M1] in
foreach b = [E4M3, E5M2, E3M2, E2M3, E2M1] in
foreach d = [F16, F32] in
def MmaM16N8K32KindF8F6F4 # !cast<string>(a) # !cast<string>(b)
    # !cast<string>(d)
    : MmaForm<MmaSlots<M16N8K32, RowCol, [Req<KindF8F6F4>]>.List,
              [d, a, b, d], Acc16<d>.F, "FragA16" # !cast<string>(a) # "K32",
              "FragB" # !cast<string>(b) # "K32", Acc16<d>.F, 87, 120,
              MmaKindF8F6F4Arith, "QMMA"> {
  let ArchChips = Sm120Chips;
  let Accuracy = Unmodeled;
}

// Block scaling (9.7.14.5.14): D = (A * scale_A) (B * scale_B) + C, with
// the scale factors in one .b32 register of each lane (scale-a-data,
// scale-b-data). Immediates pick which lanes and bytes contribute: the
// thread pair of each quad (thread-id-a, 0 or 1) and the thread of each
// quad (thread-id-b, 0..3) that hold them, and the byte (1X), byte pair (2X:
// 0 or 2) or whole word (4X: 0) of it (the ISA's table 37). ptxas 13.0 also
// takes the selectors in .b16 registers (it moves them to a uniform
// register); the table takes immediates only, so that their ranges are
// checked.
/// A register, never an immediate (ptxas 13.0: "Arguments mismatch").
class ScaleData<string name> : Reg<name, Use, B32> {
  let RegisterOnly = 1;
}
def OpScaleA : ScaleData<"scale-a-data">;
def OpScaleB : ScaleData<"scale-b-data">;
/// A byte selector, written in braces with the thread selector after it.
class ByteId<string name, int hi, list<int> values>
    : Imm<name, U16, 0, hi> {
  let ImmValues = values;
  let BraceWithNext = 1;
}
class ScaleVec<string name, int hi, list<int> values> {
  string Name = name;
  int Hi = hi;
  list<int> Values = values;
}
foreach v = [ScaleVec<"1X", 3, []>, ScaleVec<"2X", 2, [0, 2]>,
             ScaleVec<"4X", 0, []>] in {
  def OpByteIdA # v.Name : ByteId<"byte-id-a", v.Hi, v.Values>;
  def OpByteIdB # v.Name : ByteId<"byte-id-b", v.Hi, v.Values>;
}
def OpThreadIdA : Imm<"thread-id-a", U16, 0, 1>;
def OpThreadIdB : Imm<"thread-id-b", U16, 0, 3>;

def MmaBlockScaleArith : MmaArith<MmaUnmodeled, 0, RZ, 0,
  "sm_120a's block-scaled tensor cores (QMMA.SF, OMMA.SF): the ISA leaves "
  "the accumulation open and no GPU here has measured it">;
/// A block-scaled mma into f32 of A (`a`) and B (`b`) elements: the
/// fragments of shape m16n8k`k`, then the scale operands of `vec`.
class BlockScaleForm<list<Slot> slots, PtxType a, PtxType b, PtxType stype,
                     int k, string vec, string sass>
    : MmaForm<slots, [F32, a, b, F32, stype], "FragC16F32",
              "FragA16" # !cast<string>(a) # "K" # k,
              "FragB" # !cast<string>(b) # "K" # k, "FragC16F32", 87, 120,
              MmaBlockScaleArith, sass, 1,
              [OpScaleA, !cast<Operand>("OpByteIdA" # vec), OpThreadIdA,
               OpScaleB, !cast<Operand>("OpByteIdB" # vec), OpThreadIdB]> {
  let ArchChips = Sm120Chips;
  let Accuracy = Unmodeled;
}
class BlockScaleSlots<Shape shape, Qual kind, Slot vec> {
  list<Slot> List =
      MmaSlots<shape, RowCol, [Req<kind>, Req<BlockScale>, vec]>.List;
}
// .kind::mxf8f6f4 (m16n8k32, .scale_vec::1X, the default; .ue8m0): A and B
// any of e4m3, e5m2, e3m2, e2m3 and e2m1, each in an 8-bit container.
// SASS: one QMMA.SF.16832 (ptxas 13.0 and cuobjdump on sm_120a).
foreach a = [E4M3, E5M2, E3M2, E2M3, E2M1] in
foreach b = [E4M3, E5M2, E3M2, E2M3, E2M1] in
def MmaM16N8K32Mxf8f6f4 # !cast<string>(a) # !cast<string>(b)
    : BlockScaleForm<BlockScaleSlots<M16N8K32, KindMxf8f6f4,
                                     Opt<ScaleVec1X>>.List,
                     a, b, UE8M0, 32, "1X", "QMMA">;
// .kind::mxf4 (m16n8k64, .scale_vec::2X, the default; .ue8m0) and
// .kind::mxf4nvf4 (.scale_vec::2X with .ue8m0, .scale_vec::4X with .ue4m3):
// e2m1 A and B, 8 a register. SASS: one OMMA.SF.16864. mxf4nvf4's 4X with
// .ue8m0 is PTX ISA 9.1 (rejected below).
def MmaM16N8K64Mxf4
    : BlockScaleForm<BlockScaleSlots<M16N8K64, KindMxf4,
                                     Opt<ScaleVec2X>>.List,
                     E2M1, E2M1, UE8M0, 64, "2X", "OMMA">;
class NvScale<string vec, PtxType stype> {
  string Vec = vec;
  PtxType SType = stype;
}
foreach v = [NvScale<"2X", UE8M0>, NvScale<"4X", UE4M3>] in
def MmaM16N8K64Mxf4nvf4 # v.Vec
    : BlockScaleForm<BlockScaleSlots<M16N8K64, KindMxf4nvf4,
                         Req<!cast<Qual>("ScaleVec" # v.Vec)>>.List,
                     E2M1, E2M1, v.SType, 64, v.Vec, "OMMA">;

// .f64: m8n8k4 (sm_80), m16n8k4, m16n8k8, m16n8k16 (sm_90).
def MmaM8N8K4F64
    : MmaForm<MmaSlots<M8N8K4, RowCol>.List, [F64, F64, F64, F64],
              "FragC8F64", "FragA8F64", "FragBF64K4", "FragC8F64", 70, 80,
              MmaF64Arith, "DMMA">;
foreach k = [4, 8, 16] in
def MmaM16N8K # k # F64
    : MmaForm<MmaSlots<!cast<Shape>("M16N8K" # k), RowCol>.List,
              [F64, F64, F64, F64], "FragC16F64", "FragA16F64K" # k,
              "FragBF64K" # k, "FragC16F64", 78, 90, MmaF64Arith, "DMMA">;

// Integers: .s8/.u8 (m8n8k16, m16n8k16, m16n8k32) and .s4/.u4 (m8n8k32,
// m16n8k32, m16n8k64) into s32, optionally .satfinite; .b1 (m8n8k128,
// m16n8k128, m16n8k256) with .xor.popc or .and.popc.
class IntMmaShape<Shape shape, list<PtxType> elems, int ptx, int sm> {
  Shape S = shape;
  list<PtxType> Elems = elems;
  PtxType Elem = !head(elems);
  int Ptx = ptx;
  int Sm = sm;
}
class IntFrags<Shape s, PtxType a, PtxType b> {
  string A = !if(!eq(s.M, 8), "FragA8" # !cast<string>(a),
                 "FragA16" # !cast<string>(a) # "K" # s.K);
  string B = "FragB" # !cast<string>(b) # "K" # s.K;
  string C = !if(!eq(s.M, 8), "FragC8S32", "FragC16S32");
}
foreach sh = [IntMmaShape<M8N8K16, [S8, U8], 65, 75>,
              IntMmaShape<M16N8K16, [S8, U8], 70, 80>,
              IntMmaShape<M16N8K32, [S8, U8], 70, 80>,
              IntMmaShape<M8N8K32, [S4, U4], 65, 75>,
              IntMmaShape<M16N8K32, [S4, U4], 70, 80>,
              IntMmaShape<M16N8K64, [S4, U4], 70, 80>] in
foreach a = sh.Elems in
foreach b = sh.Elems in
def Mma # !cast<string>(sh.S) # !cast<string>(a) # !cast<string>(b)
    : MmaForm<MmaSlots<sh.S, RowCol, [Opt<SatFinite>]>.List,
              [S32, a, b, S32], IntFrags<sh.S, a, b>.C, IntFrags<sh.S, a, b>.A,
              IntFrags<sh.S, a, b>.B, IntFrags<sh.S, a, b>.C, sh.Ptx, sh.Sm,
              MmaIntArith, "IMMA", !if(!eq(sh.Elem, S8), 1, 2)>;
foreach sh = [IntMmaShape<M8N8K128, [B1], 70, 75>,
              IntMmaShape<M16N8K128, [B1], 70, 80>,
              IntMmaShape<M16N8K256, [B1], 70, 80>] in
def Mma # !cast<string>(sh.S) # B1
    : MmaForm<MmaSlots<sh.S, RowCol, [TrailingOperator<[XorPopc, AndPopc],
                                                       "bitOp.popc">]>.List,
              [S32, B1, B1, S32], IntFrags<sh.S, B1, B1>.C,
              IntFrags<sh.S, B1, B1>.A, IntFrags<sh.S, B1, B1>.B,
              IntFrags<sh.S, B1, B1>.C, sh.Ptx, sh.Sm, MmaBitArith, "BMMA", 2> {
  let QualFloors = [QualFloor<AndPopc, 71, 80>];
}

// Spellings ptxas 13.0 accepts that the ISA does not document
// (docs/PtxasScan-mma.md).
def : Rejected<"mma", [], [SatFinite], [],
               "the ISA writes .satfinite before the type suffixes (ptxas "
               "13.0 accepts it after them)"> {
  let Misplaced = 1;
}
def : Rejected<"mma", [], [XorPopc, AndPopc], [],
               "the ISA writes the .b1 operator after the type suffixes "
               "(ptxas 13.0 accepts it before them)"> {
  let Misplaced = 1;
}
foreach a = [S4, U4] in
foreach b = [S4, U4] in
def : Rejected<"mma", [S32, a, b, S32], [XorPopc, AndPopc], [],
               "the ISA documents .xor.popc and .and.popc for .b1 only "
               "(ptxas 13.0 accepts them on .s4/.u4)">;
def : Rejected<"mma", [F64, F64, F64, F64], [RN, RZ, RM, RP], [],
               "mma's .f64 forms have no rounding modifier (wmma's do; "
               "ptxas 13.0 accepts one)">;
def : Rejected<"mma", [F32, E2M1, E2M1, F32, UE8M0], [ScaleVec4X], [],
               "mxf4nvf4's .scale_vec::4X with .ue8m0 is documented from PTX "
               "ISA 9.1; LLVM 22 and ptxas 13.0 stop at PTX ISA 9.0"> {
  let Documented = 1;
}
foreach e = [BF16, TF32] in
def : Rejected<"mma", [F32, e, e, F32], [M8N8K4], [],
               "m8n8k4 is documented for .f16 and .f64 only (ptxas 13.0 "
               "accepts .bf16 and .tf32 from PTX ISA 7.0 on sm_80)">;

#endif // TILE_PTX_MMA_TD
