//===- Wgmma.td - Asynchronous warpgroup matrix multiply ---*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// wgmma.mma_async (PTX ISA 9.7.15.5.2): the 128 threads of a warpgroup
// compute D = A * B + D (D = A * B where the predicate scale-d is false)
// for an m64nNk* shape. D is a fragment of the warpgroup's registers; B is
// a matrix in shared memory named by a 64-bit matrix descriptor; A is
// either such a matrix or a fragment of registers. The immediates
// imm-scale-a/b negate A or B (-1), and imm-trans-a/b read the 16-bit
// types' matrices MN-major (1) instead of K-major (0).
//
// Where each element of a shared-memory matrix sits is a fact of the
// descriptor: its fields (WgmmaDescField), its swizzle mode (SwizzleMode)
// and the canonical layout of each major-ness and swizzle (SmemLayout,
// 9.7.15.5.1 "Shared Memory Matrix Layout"). The reference, the CPU
// backend and `tile.wgmma_desc` read these records.
//
// Floors measured with ptxas 13.0 (docs/PtxasScan-wgmma.md): every form is
// sm_90a only, from PTX ISA 8.0 (the mixed s8/u8 ones from 8.4).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_WGMMA_TD
#define TILE_PTX_WGMMA_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Mma.td"
include "tile/Ptx/Hopper.td"

def MmaAsync : Qual<"mma_async">;

/// The shapes: m64nNk8 (.tf32), k16 (.f16, .bf16), k32 (8-bit types) and
/// k256 (.b1).
foreach n = !foreach(i, !range(1, 33), !mul(8, i)) in
foreach k = [8, 16, 32, 256] in
def M64N # n # K # k : Shape<64, n, k>;

//===----------------------------------------------------------------------===//
// Matrix descriptors and shared-memory layouts
//===----------------------------------------------------------------------===//

/// A field of the 64-bit matrix descriptor (9.7.15.5.1.2): bits
/// [Lo, Lo + Width) hold the value shifted right by Shift.
class WgmmaDescField<string name, int lo, int width, int shift> {
  string Name = name;
  int Lo = lo;
  int Width = width;
  int Shift = shift;
}
def DescStartAddress : WgmmaDescField<"start_address", 0, 14, 4>;
def DescLeadingOffset : WgmmaDescField<"leading_byte_offset", 16, 14, 4>;
def DescStrideOffset : WgmmaDescField<"stride_byte_offset", 32, 14, 4>;
/// The start address's row within the swizzle pattern, where the matrix
/// does not start at a pattern boundary (the reference requires 0).
def DescBaseOffset : WgmmaDescField<"base_offset", 49, 3, 0>;
def DescSwizzle : WgmmaDescField<"swizzle", 62, 2, 0>;

/// A swizzle mode: its code in the descriptor's swizzle field, the bytes of
/// a swizzled row (16: no swizzle, the 8 x 16-byte core matrices), and the
/// CUtensorMapSwizzle value a TMA copy writes the same pattern with. A
/// swizzled address has bits [4, 4 + XorBits) exclusive-ored with bits
/// [7, 7 + XorBits): the 16-byte chunk with the row within 8 rows.
class SwizzleMode<string name, int descCode, int bytes, int xorBits,
                  int tensorMap> {
  string Name = name;
  int Code = descCode;
  int Bytes = bytes;
  int XorBits = xorBits;
  int TensorMap = tensorMap;
}
def SwizzleNone : SwizzleMode<"none", 0, 16, 0, 0>;
def Swizzle128B : SwizzleMode<"128B", 1, 128, 3, 3>;
def Swizzle64B : SwizzleMode<"64B", 2, 64, 2, 2>;
def Swizzle32B : SwizzleMode<"32B", 3, 32, 1, 1>;

/// Which coordinate of a shared-memory matrix a layout digit reads: the
/// M (or N) index or the K index.
class LayoutAxis<string name> { string Name = name; }
def AxisMN : LayoutAxis<"mn">;
def AxisK : LayoutAxis<"k">;
/// What a layout digit's value is multiplied by: its own Bytes, the
/// element's size, or a descriptor field's byte offset.
class StrideKind<string name> { string Name = name; }
def StrideBytes : StrideKind<"bytes">;
def StrideElement : StrideKind<"element">;
def StrideLbo : StrideKind<"lbo">;
def StrideSbo : StrideKind<"sbo">;
/// One digit of a canonical layout: (coordinate / Div) % Mod (Mod 0: no
/// bound), times the stride. With DivT (ModT), Div (Mod) is counted in
/// units of T, the elements of 16 bytes.
class LayoutDigit<LayoutAxis axis, int div, bit divT, int mod, bit modT,
                  StrideKind kind, int bytes = 0> {
  LayoutAxis Axis = axis;
  int Div = div;
  bit DivT = divT;
  int Mod = mod;
  bit ModT = modT;
  StrideKind Kind = kind;
  int Bytes = bytes;
}
/// A canonical layout (9.7.15.5.1.1): the byte offset from the start
/// address of element (mn, k) is the sum of the digits, before the swizzle.
class SmemLayout<bit mnMajor, SwizzleMode swizzle, list<LayoutDigit> digits> {
  bit MnMajor = mnMajor;
  SwizzleMode Swizzle = swizzle;
  list<LayoutDigit> Digits = digits;
}
// K-major, no swizzle: 8 x 16-byte core matrices, rows 16 bytes apart, the
// next core matrix along K at LBO, the next 8 rows at SBO.
def KMajorNone : SmemLayout<0, SwizzleNone, [
    LayoutDigit<AxisK, 1, 0, 1, 1, StrideElement>,
    LayoutDigit<AxisK, 1, 1, 0, 0, StrideLbo>,
    LayoutDigit<AxisMN, 1, 0, 8, 0, StrideBytes, 16>,
    LayoutDigit<AxisMN, 8, 0, 0, 0, StrideSbo>]>;
// K-major, swizzled: a row of K is `Bytes` bytes, 8 rows a pattern, the
// next 8 rows at SBO (an instruction's K is 32 bytes, within one row).
foreach sw = [Swizzle32B, Swizzle64B, Swizzle128B] in
def KMajor # sw.Name : SmemLayout<0, sw, [
    LayoutDigit<AxisK, 1, 0, 0, 0, StrideElement>,
    LayoutDigit<AxisMN, 1, 0, 8, 0, StrideBytes, sw.Bytes>,
    LayoutDigit<AxisMN, 8, 0, 0, 0, StrideSbo>]>;
// MN-major, no swizzle: core matrices of 8 K rows of T elements, the next
// T along MN at SBO, the next 8 K at LBO.
def MNMajorNone : SmemLayout<1, SwizzleNone, [
    LayoutDigit<AxisMN, 1, 0, 1, 1, StrideElement>,
    LayoutDigit<AxisMN, 1, 1, 0, 0, StrideSbo>,
    LayoutDigit<AxisK, 1, 0, 8, 0, StrideBytes, 16>,
    LayoutDigit<AxisK, 8, 0, 0, 0, StrideLbo>]>;
// MN-major, swizzled: a row of `Bytes` bytes along MN, 8 K rows a
// pattern; the next row-width along MN at LBO, the next 8 K at SBO.
foreach sw = [Swizzle32B, Swizzle64B, Swizzle128B] in
def MNMajor # sw.Name : SmemLayout<1, sw, [
    LayoutDigit<AxisMN, 1, 0, !div(sw.Bytes, 16), 1, StrideElement>,
    LayoutDigit<AxisMN, !div(sw.Bytes, 16), 1, 0, 0, StrideLbo>,
    LayoutDigit<AxisK, 1, 0, 8, 0, StrideBytes, sw.Bytes>,
    LayoutDigit<AxisK, 8, 0, 0, 0, StrideSbo>]>;

//===----------------------------------------------------------------------===//
// Fragments (9.7.15.5.1.1.1 register fragments)
//===----------------------------------------------------------------------===//

/// Warp w of the warpgroup holds rows 16 w to 16 w + 15.
defvar WarpRows = LaneDigit<32, 4, 16, 0>;

/// D of m64nN: each warp's 16 rows as mma's m16n8 C fragment, repeated
/// over the N / 8 column blocks: element i of a thread is at row groupID
/// (+ 8 where i % 4 >= 2), column 8 (i / 4) + 2 threadID_in_group + i % 2.
class WgAcc<PtxType elem, int n, int perReg>
    : WarpgroupFragment<elem, 64, n, !div(n, !mul(2, perReg)), perReg,
                        [GroupId<1, 0>, ThreadInGroup<0, 2>, WarpRows,
                         ElemDigit<1, 2, 0, 1>, ElemDigit<2, 2, 8, 0>,
                         ElemDigit<4, !div(n, 8), 0, 8>]>;
/// A of m64kK in registers: each warp's 16 rows as mma's m16 A fragment of
/// the same k (four registers of p elements).
class WgA<PtxType elem, int k, int p>
    : WarpgroupFragment<elem, 64, k, 4, p,
                        [GroupId<1, 0>, ThreadInGroup<0, p>, WarpRows,
                         ElemDigit<1, p, 0, 1>, ElemDigit<p, 2, 8, 0>,
                         ElemDigit<!mul(2, p), 2, 0, !mul(4, p)>]>;

/// An element type of A and B: its K per instruction, elements per 32-bit
/// register, and the register type of A's fragment.
class WgElem<PtxType elem, int k, int p, PtxType reg> {
  PtxType Elem = elem;
  int K = k;
  int P = p;
  PtxType Reg = reg;
  string Name = !cast<string>(elem);
}
defvar WgF16 = WgElem<F16, 16, 2, F16x2>;
defvar WgBF16 = WgElem<BF16, 16, 2, B32>;
defvar WgTF32 = WgElem<TF32, 8, 1, B32>;
defvar WgE4M3 = WgElem<E4M3, 32, 4, B32>;
defvar WgE5M2 = WgElem<E5M2, 32, 4, B32>;
defvar WgS8 = WgElem<S8, 32, 4, B32>;
defvar WgU8 = WgElem<U8, 32, 4, B32>;
defvar WgB1 = WgElem<B1, 256, 32, B32>;

foreach e = [WgF16, WgBF16, WgTF32, WgE4M3, WgE5M2, WgS8, WgU8, WgB1] in {
  def WgFragA # e.Name : WgA<e.Elem, e.K, e.P>;
  def OpWgA # e.Name : FragReg<"a", Use, e.Reg, !cast<Fragment>("WgFragA" # e.Name)> {
    let Dist = WarpgroupDist;
    let MmaRole = MmaRoleA;
  }
}

/// The N of the dense shapes (8 to 256 by 8) and of the integer and .b1
/// ones (8, 16, 24, then 32 to 256 by 16).
defvar WgDenseN = !foreach(i, !range(1, 33), !mul(8, i));
defvar WgIntN = !listconcat([8, 16, 24], !foreach(i, !range(2, 17), !mul(16, i)));

/// The accumulator of each type and N: f32 and s32 one element a register,
/// f16 two.
class WgAccType<PtxType elem, PtxType reg, int perReg, list<int> ns> {
  PtxType Elem = elem;
  PtxType Reg = reg;
  int PerReg = perReg;
  list<int> Ns = ns;
  string Name = !cast<string>(elem);
}
foreach acc = [WgAccType<F32, F32, 1, WgDenseN>,
               WgAccType<F16, F16x2, 2, WgDenseN>,
               WgAccType<S32, S32, 1, WgIntN>] in
foreach n = acc.Ns in {
  def WgFragD # acc.Name # N # n : WgAcc<acc.Elem, n, acc.PerReg>;
  def OpWgD # acc.Name # N # n
      : FragReg<"d", Def, acc.Reg,
                !cast<Fragment>("WgFragD" # acc.Name # N # n)> {
    let Dist = WarpgroupDist;
    let ReadsDst = 1;
    let MmaRole = MmaRoleD;
  }
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

/// A matrix descriptor (a-desc, b-desc) of a `rows` x `cols` matrix of
/// `elem` (A: 64 x K, B: K x N) in shared memory.
class WgDesc<string name, MmaRoleKind role, PtxType elem, int rows, int cols>
    : Reg<name, Use, B64> {
  let MmaRole = role;
  let Descriptor = 1;
  let DescRows = rows;
  let DescCols = cols;
  let DescElem = [elem];
}
def WgScaleD : Reg<"scale-d", Use, Pred> {
  let MmaRole = MmaRoleScaleD;
}
class WgScale<string name, MmaRoleKind role> : Imm<name, S32, -1, 1> {
  let ImmValues = [-1, 1];
  let MmaRole = role;
}
class WgTrans<string name, MmaRoleKind role> : Imm<name, S32, 0, 1> {
  let MmaRole = role;
}
def WgScaleA : WgScale<"imm-scale-a", MmaRoleScaleA>;
def WgScaleB : WgScale<"imm-scale-b", MmaRoleScaleB>;
def WgTransA : WgTrans<"imm-trans-a", MmaRoleTransA>;
def WgTransB : WgTrans<"imm-trans-b", MmaRoleTransB>;

//===----------------------------------------------------------------------===//
// Numerics
//===----------------------------------------------------------------------===//

// Measured on the H200 (utils/measure/wgmma_facts; docs/GPU-Results.md):
// HGMMA computes as mma.sync's HMMA does; QGMMA (the 8-bit floats) keeps
// 13 bits below the anchor, and into f32 its result only 14 significant
// bits.
def WgmmaF32Arith : MmaArith<MmaFused, 25, RZ, 1,
  "HGMMA: the exact products and d anchored at the largest nominal "
  "exponent, each truncated 25 bits below it, summed, rounded toward zero">;
def WgmmaF16Arith : MmaArith<MmaFused, 25, RN, 1,
  "HGMMA: the exact products and d anchored at the largest nominal "
  "exponent, each truncated 25 bits below it, summed, rounded to nearest "
  "f16">;
def WgmmaF8F32Arith : MmaArith<MmaFused, 13, RZ, 1,
  "QGMMA: the exact products of the 32 k and d anchored at the largest "
  "nominal exponent, each truncated 13 bits below it, summed, truncated to "
  "14 significant bits">{
  let OutPrecision = 14;
}
def WgmmaF8F16Arith : MmaArith<MmaFused, 13, RN, 1,
  "QGMMA: the exact products of the 32 k and d anchored at the largest "
  "nominal exponent, each truncated 13 bits below it, summed, rounded to "
  "nearest f16">;

/// wgmma: the warpgroup's 128 threads meet.
def SemWgmma : Collective<"wgmma", ""> {
  let Groups = 1;
}

//===----------------------------------------------------------------------===//
// Forms (9.7.15.5.2 wgmma.mma_async)
//===----------------------------------------------------------------------===//

defvar DocWgmma = "9.7.15.5.2 wgmma.mma_async";

/// An integer or bit wgmma has no NaN; a float one's payload is open.
class WgNaN<MmaArith arith> {
  NaNRule Rule = !if(!or(!eq(arith.Kind, MmaInteger),
                         !eq(arith.Kind, MmaBits)), NaNNone, NaNUnspecified);
}

/// One spelling's two forms: A from a descriptor and A from registers
/// (variant "register_a"). `more` are the operands after scale-d, `moreA`
/// those the register form keeps (it has no imm-trans-a).
multiclass WgmmaForms<int n, WgElem a, WgElem b, WgAccType d,
                      list<Slot> extra, list<Slot> after,
                      list<Operand> more, list<Operand> moreA, int ptx,
                      MmaArith arith, string sass> {
  defvar shape = !cast<Shape>("M64N" # n # "K" # a.K);
  defvar slots = !listconcat([Req<MmaAsync>, Req<SYNC>, Req<ALIGNED>,
                              Req<shape>], extra, after);
  defvar dOp = !cast<Operand>("OpWgD" # d.Name # N # n);
  defvar bDesc = WgDesc<"b-desc", MmaRoleB, b.Elem, b.K, n>;
  def Desc : Form<"wgmma", slots, [d.Elem, a.Elem, b.Elem],
                  !listconcat([dOp, WgDesc<"a-desc", MmaRoleA, a.Elem, 64, a.K>,
                               bDesc, WgScaleD], more),
                  ptx, 90, SemWgmma, DocWgmma> {
    let ArchChips = ["sm_90a"];
    let Arith = [arith];
    let Sass = sass;
    let SassCopies = 1;
    let NaNResult = WgNaN<arith>.Rule;
    let Accuracy = !if(arith.Measured, MeasuredSm90, Exact);
  }
  def Reg : Form<"wgmma", slots, [d.Elem, a.Elem, b.Elem],
                 !listconcat([dOp, !cast<Operand>("OpWgA" # a.Name), bDesc,
                              WgScaleD], moreA),
                 ptx, 90, SemWgmma, DocWgmma> {
    let ArchChips = ["sm_90a"];
    let Arith = [arith];
    let Sass = sass;
    let SassCopies = 1;
    let NaNResult = WgNaN<arith>.Rule;
    let Accuracy = !if(arith.Measured, MeasuredSm90, Exact);
    let Variant = "register_a";
  }
}

// .f16 into .f32 or .f16, .bf16 into .f32: K 16, both scales and both
// transposes (the register form: imm-trans-b only).
foreach n = WgDenseN in {
  foreach d = [F32, F16] in
  defm WgmmaF16 # !cast<string>(d) # N # n
      : WgmmaForms<n, WgF16, WgF16,
                   !if(!eq(d, F32), WgAccType<F32, F32, 1, []>,
                       WgAccType<F16, F16x2, 2, []>),
                   [], [], [WgScaleA, WgScaleB, WgTransA, WgTransB],
                   [WgScaleA, WgScaleB, WgTransB], 80,
                   !if(!eq(d, F32), WgmmaF32Arith, WgmmaF16Arith), "HGMMA">;
  defm WgmmaBF16N # n
      : WgmmaForms<n, WgBF16, WgBF16, WgAccType<F32, F32, 1, []>, [], [],
                   [WgScaleA, WgScaleB, WgTransA, WgTransB],
                   [WgScaleA, WgScaleB, WgTransB], 80, WgmmaF32Arith, "HGMMA">;
  // .tf32 (K 8) into .f32: scales, no transposes.
  defm WgmmaTF32N # n
      : WgmmaForms<n, WgTF32, WgTF32, WgAccType<F32, F32, 1, []>, [], [],
                   [WgScaleA, WgScaleB], [WgScaleA, WgScaleB], 80,
                   WgmmaF32Arith, "HGMMA">;
  // .e4m3/.e5m2 (K 32) into .f32 or .f16: scales, no transposes.
  foreach a = [WgE4M3, WgE5M2] in
  foreach b = [WgE4M3, WgE5M2] in
  foreach d = [F32, F16] in
  defm Wgmma # a.Name # b.Name # !cast<string>(d) # N # n
      : WgmmaForms<n, a, b,
                   !if(!eq(d, F32), WgAccType<F32, F32, 1, []>,
                       WgAccType<F16, F16x2, 2, []>),
                   [], [], [WgScaleA, WgScaleB], [WgScaleA, WgScaleB], 80,
                   !if(!eq(d, F32), WgmmaF8F32Arith, WgmmaF8F16Arith),
                   "QGMMA">;
}
// .s8/.u8 (K 32) into .s32, optionally .satfinite: scale-d only. The
// mixed-signedness ones from PTX ISA 8.4.
foreach n = WgIntN in {
  foreach a = [WgS8, WgU8] in
  foreach b = [WgS8, WgU8] in
  defm Wgmma # a.Name # b.Name # N # n
      : WgmmaForms<n, a, b, WgAccType<S32, S32, 1, []>, [Opt<SatFinite>], [],
                   [], [], !if(!eq(a.Elem, b.Elem), 80, 84), MmaIntArith,
                   "IGMMA">;
  // .b1 (K 256) into .s32 with .and.popc: scale-d only.
  defm WgmmaB1N # n
      : WgmmaForms<n, WgB1, WgB1, WgAccType<S32, S32, 1, []>, [],
                   [TrailingOperator<[AndPopc], "op.popc">], [], [], 80,
                   MmaBitArith, "BGMMA">;
}

#endif // TILE_PTX_WGMMA_TD
