//===- PtxBase.td - The schema of the PTX instruction table -*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The classes every instruction record is written in. Each fact about an
// instruction (qualifier slots, types, operand roles, floors, semantics, the
// native SASS, the NaN rule, accuracy, the ISA section) is a field of one
// record; tile-tblgen turns the records into the constant arrays of the
// table, the semantics dispatch of the reference, the CPU backend and
// tile-diff, and the documented syntax line (derived from the slots, never
// written by hand).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_PTXBASE_TD
#define TILE_PTX_PTXBASE_TD

//===----------------------------------------------------------------------===//
// Formats and types
//===----------------------------------------------------------------------===//

/// A binary floating-point format of one lane. The def name, without its
/// `Fmt` prefix, is the C++ enumerator.
class FloatFormat<string name, int width, int expBits, int precision,
                  bit finiteOnly = 0, bit noSpecials = 0> {
  string Name = name;
  /// Storage width (tf32 is stored in the f32 layout).
  int Bits = width;
  int ExpBits = expBits;
  /// Significand bits, the hidden bit included.
  int Precision = precision;
  /// No infinities; the all-ones exponent holds normal numbers and the one
  /// NaN per sign has every other bit set (e4m3).
  bit FiniteOnly = finiteOnly;
  /// No infinities and no NaN: every encoding is a number, the all-ones
  /// exponent a normal binade (the fp6 and fp4 formats e2m3, e3m2, e2m1).
  bit NoSpecials = noSpecials;
}

/// How the bits of an integer (or bit-size) lane are read.
class IntKind<string name> { string Name = name; }
def IntNone : IntKind<"none">;         // A float type.
def IntBits : IntKind<"bits">;         // .bN: untyped bits.
def IntSigned : IntKind<"signed">;     // .sN: two's complement.
def IntUnsigned : IntKind<"unsigned">; // .uN
def IntPred : IntKind<"pred">;         // .pred: one bit.

/// A PTX type that can appear as an instruction type suffix. The def name is
/// the C++ enumerator.
class PtxType<string name, int width, int lanes, FloatFormat format,
              list<FloatFormat> floatContainers, string regNote,
              string immediatePrefix = ""> {
  /// PTX spelling without the dot, e.g. "f16x2".
  string Name = name;
  /// Width of one register container.
  int Bits = width;
  /// Packed lanes per container (1 if not packed).
  int Lanes = lanes;
  /// Format of one lane (FmtNone for integer and bit-size types).
  FloatFormat Format = format;
  /// MLIR float element types that may hold the register besides the
  /// integer of `Bits` width; empty for packed types.
  list<FloatFormat> FloatContainers = floatContainers;
  /// What PTX register types are accepted, for the docs.
  string RegNote = regNote;
  /// The prefix of an immediate source operand's bits in hex ("0f", "0d",
  /// "0x"), or empty where PTX takes registers only.
  string ImmediatePrefix = immediatePrefix;
  IntKind Int = IntNone;
  /// Width of the value one lane holds: the lane's width, except for the
  /// 8-bit integers (held in a 16-bit register) and cvt.pack's 2- and
  /// 4-bit convert types (type suffixes only).
  int ValueBits = !div(width, lanes);
}

//===----------------------------------------------------------------------===//
// Qualifiers and slots
//===----------------------------------------------------------------------===//

/// A qualifier token. The def name is the C++ enumerator; `Spelling` has no
/// leading dot and may contain dots ("xorsign.abs").
class Qual<string spelling> { string Spelling = spelling; }

/// What a slot selects; names the slot in diagnostics and the export.
class SlotKind<string name> { string Name = name; }
def StateSpaceSlot : SlotKind<"state_space">;
def CacheOpSlot : SlotKind<"cache_op">;
def VectorSlot : SlotKind<"vector">;
def RoundingSlot : SlotKind<"rounding">;
def FlagSlot : SlotKind<"flag">;
/// An operation selector: setp's comparison (CmpOp) and boolean (BoolOp)
/// operators, testp's test.
def OperatorSlot : SlotKind<"operator">;

/// One qualifier position of a form: a set of alternatives, at most one of
/// which is written. The syntax line shows it as `Display` (".rnd") where
/// one is given, else as its choices (".rn", "{.ftz}", "{.ca,.cg}").
class Slot<SlotKind kind, list<Qual> choices, bit required,
           string display = ""> {
  SlotKind Kind = kind;
  list<Qual> Choices = choices;
  bit Required = required;
  string Display = display;
  /// For an optional rounding slot, the mode that applies when none is
  /// written.
  Qual Default = ?;
  /// Written after the type suffixes (prmt.b32.f4e), not before them.
  bit AfterTypes = 0;
}

/// A required rounding modifier, shown as `.display` (or as the one choice
/// when `display` is empty).
class Rnd<list<Qual> choices, string display = "rnd">
    : Slot<RoundingSlot, choices, 1, display>;
/// An optional rounding modifier; none written means `dflt`.
class OptRnd<list<Qual> choices, Qual dflt, string display = "rnd">
    : Slot<RoundingSlot, choices, 0, display> {
  let Default = dflt;
}
/// An optional rounding modifier with no default (cvt's `.irnd`).
class OptRndNoDefault<list<Qual> choices, string display>
    : Slot<RoundingSlot, choices, 0, display>;
class Opt<Qual q> : Slot<FlagSlot, [q], 0>;
class Req<Qual q> : Slot<FlagSlot, [q], 1>;
class Space<Qual q> : Slot<StateSpaceSlot, [q], 1>;
class CacheOps<list<Qual> choices> : Slot<CacheOpSlot, choices, 0>;
class Vec<Qual q> : Slot<VectorSlot, [q], 1>;
/// A required operator, one of `choices`, shown as `.display` ("CmpOp").
class Operator<list<Qual> choices, string display>
    : Slot<OperatorSlot, choices, 1, display>;
/// An optional mode written after the type suffixes, shown as `.display`.
class TrailingMode<list<Qual> choices, string display>
    : Slot<FlagSlot, choices, 0, display> {
  let AfterTypes = 1;
}

/// The numbers a qualifier stands for in its instruction's semantics (for
/// prmt's modes, the source byte of each destination byte per selector), as
/// the ISA's table gives them; the reference reads them through
/// `ptx::getQualTable`.
class QualTable<Qual q, list<int> values> {
  Qual Qualifier = q;
  list<int> Values = values;
}

/// A raise of the form's floor when a qualifier is used.
class QualFloor<Qual q, int ptx, int sm> {
  Qual Qualifier = q;
  int Ptx = ptx;
  int Sm = sm;
}

/// An older chip that has the form from a later PTX ISA version.
class OlderChip<int sm, int ptx> {
  int Sm = sm;
  int Ptx = ptx;
}

//===----------------------------------------------------------------------===//
// Fragments
//===----------------------------------------------------------------------===//

/// Where an index digit of a fragment element comes from.
class DigitSource<string name> { string Name = name; }
def FromLane : DigitSource<"lane">;
/// The element's number in the ISA's `a0, a1, ...` order: element i is in
/// register i / PerReg, at position i % PerReg from the low bits.
def FromElem : DigitSource<"elem">;

/// One digit of a fragment map: (source / Div) % Mod, times Matrix, Row and
/// Col, adds to the element's matrix, row and column.
class Digit<DigitSource source, int div, int mod, int matrix, int row,
            int col> {
  DigitSource Source = source;
  int Div = div;
  int Mod = mod;
  int Matrix = matrix;
  int Row = row;
  int Col = col;
}
class LaneDigit<int div, int mod, int row, int col>
    : Digit<FromLane, div, mod, 0, row, col>;
class ElemDigit<int div, int mod, int row, int col>
    : Digit<FromElem, div, mod, 0, row, col>;

/// groupID (lane >> 2) and threadID_in_group (lane % 4) of the ISA's
/// formulas, scaled.
class GroupId<int row, int col> : LaneDigit<4, 8, row, col>;
class ThreadInGroup<int row, int col> : LaneDigit<1, 4, row, col>;

/// The fragment one lane holds of a `Rows` x `Cols` matrix (A: M x K, B:
/// K x N, C and D: M x N) of `Elem` elements: `Regs` registers of `PerReg`
/// elements each. `Matrices` independent matrices share the warp (the four
/// quad-pairs of m8n8k4). The map from (lane, element) to (matrix, row,
/// column) is the sum of the digits; the layout test checks that it is a
/// bijection and that it is the ISA's. Only the first `Lanes` lanes hold
/// elements (the rows ldmatrix .x1 and .x2 read: the other lanes' addresses
/// are ignored, and the map gives them a valid row all the same).
class Fragment<PtxType elem, int rows, int cols, int regs, int perReg,
               list<Digit> digits, int matrices = 1, int lanes = 32> {
  PtxType Elem = elem;
  int Rows = rows;
  int Cols = cols;
  int Regs = regs;
  int PerReg = perReg;
  list<Digit> Digits = digits;
  int Matrices = matrices;
  int Lanes = lanes;
  /// Why the map from (lane, element) to (matrix, row, column) is not
  /// known, where it is not (the ISA draws it only, and no GPU here has
  /// the form to measure it): the form's registers are counted and passed
  /// through, but nothing that needs the map (the reference, the CPU
  /// backend) runs it. Empty: `Digits` are the map.
  string Unknown = "";
}
/// A fragment whose map is not known: `Regs` registers of `PerReg`
/// elements, and why.
class UnknownFragment<PtxType elem, int rows, int cols, int regs,
                      int perReg, int matrices, string why>
    : Fragment<elem, rows, cols, regs, perReg, [], matrices> {
  let Unknown = why;
}
/// A fragment of a warpgroup's matrix (wgmma): its 128 threads hold it.
class WarpgroupFragment<PtxType elem, int rows, int cols, int regs,
                        int perReg, list<Digit> digits>
    : Fragment<elem, rows, cols, regs, perReg, digits, 1, 128>;

//===----------------------------------------------------------------------===//
// Numerics
//===----------------------------------------------------------------------===//

/// How an mma's result is computed from its fragments. The ISA fixes the
/// integer and bit forms; for floating point it leaves the order, rounding
/// and subnormal handling open, and these kinds are what the H200 does with
/// the SASS ptxas 13.0 emits for sm_90 (measured:
/// utils/measure/mma_facts, docs/GPU-Results.md).
class MmaKind<string name> { string Name = name; }
/// Exact integer dot products, wrapping or saturating (.satfinite) to s32.
def MmaInteger : MmaKind<"integer">;
/// popc of the bit operation of each row of A and column of B, plus C.
def MmaBits : MmaKind<"bits">;
/// f64 (DMMA): each element a chain of fused multiply-adds from C in k
/// order, each rounded to nearest.
def MmaFmaChain : MmaKind<"fma_chain">;
/// One tensor-core step (HMMA): the exact products of the whole k and C are
/// anchored at the largest of their nominal exponents (a product's is the
/// sum of its factors' exponents, a subnormal's the format's least), each
/// truncated toward zero `AlignBits` bits below the anchor, summed exactly
/// and rounded once with `OutRound`; a result beyond the format's range is
/// an infinity.
def MmaFused : MmaKind<"fused">;
/// fp8 on sm_90 (no fp8 tensor core in mma.sync): the elements widened to
/// f16 exactly, two fused steps from +0, the first over the k with
/// (k / 2) % 2 == 0, the second over the others, then C added in the
/// destination format, rounded to nearest.
def MmaSplitFused : MmaKind<"split_fused">;
/// m8n8k4 into f32 on sm_90 (no m8n8k4 tensor core): an f32 chain of fused
/// multiply-adds from +0 in k order, then C added, each rounded to nearest.
def MmaChainThenC : MmaKind<"chain_then_c">;
/// m8n8k4 into f16 on sm_90: the f32 sums a0 b0 + a1 b1 and a2 b2 + a3 b3
/// (an f32 multiply and a fused multiply-add each), added to C one after
/// the other in f32, then rounded to f16, each step to nearest.
def MmaPairsThenC : MmaKind<"pairs_then_c">;
/// The ISA leaves the arithmetic open and no GPU here runs the form to
/// measure it (sm_120a's .kind::f8f6f4): the reference and the CPU backend
/// refuse it.
def MmaUnmodeled : MmaKind<"unmodeled">;

/// The arithmetic of an mma form.
class MmaArith<MmaKind kind, int alignBits, Qual outRound, bit measured,
               string doc> {
  MmaKind Kind = kind;
  /// Fraction bits kept below the anchor (fused steps).
  int AlignBits = alignBits;
  /// How a fused step rounds to its destination format.
  Qual OutRound = outRound;
  /// Measured on the H200, as opposed to fixed by the ISA.
  bit Measured = measured;
  string Doc = doc;
  /// An emulated mma's steps (ptxas's sm_90 SASS for forms without a
  /// tensor core of their own: FFMA, FMUL, FADD or HADD2, F2F): the table's
  /// opcodes each step runs as, which the reference evaluates; empty where
  /// the kind has no such step.
  /// The significant bits a fused step's sum keeps, truncated toward zero,
  /// before it is rounded to the destination format (QGMMA into f32: 14);
  /// 0: the format's own.
  int OutPrecision = 0;
  string FmaStep = "";
  string MulStep = "";
  string AddStep = "";
  string CvtStep = "";
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

class RoleKind<string name> { string Name = name; }
def Def : RoleKind<"def">;
def Use : RoleKind<"use">;

class SpaceKind<string name> { string Name = name; }
def NoSpace : SpaceKind<"">;
def GlobalSpace : SpaceKind<"global">;
def SharedSpace : SpaceKind<"shared">;
/// A generic address: of a global or a shared memref (isspacep's a).
def GenericSpace : SpaceKind<"generic">;

/// What an mbarrier operation does to its barrier (PTX ISA 9.7.13.15), which
/// the CPU backend's model of the barrier reads: MbOpNone for every other
/// form (and for the arrive on another CTA's barrier, which it does not
/// model).
class MbarrierOpKind<string name> { string Name = name; }
def MbOpNone : MbarrierOpKind<"none">;
def MbOpInit : MbarrierOpKind<"init">;
def MbOpInval : MbarrierOpKind<"inval">;
def MbOpExpectTx : MbarrierOpKind<"expect_tx">;
def MbOpCompleteTx : MbarrierOpKind<"complete_tx">;
/// With a txCount operand (.expect_tx), it raises the transaction count
/// first.
def MbOpArrive : MbarrierOpKind<"arrive">;
def MbOpArriveDrop : MbarrierOpKind<"arrive_drop">;
def MbOpTestWait : MbarrierOpKind<"test_wait">;
def MbOpTryWait : MbarrierOpKind<"try_wait">;
def MbOpPendingCount : MbarrierOpKind<"pending_count">;
/// cp.async.mbarrier.arrive: an arrival once the thread's cp.async copies
/// complete; without .noinc the pending count is raised by one first, so
/// it does not count toward the phase.
def MbOpAsyncArrive : MbarrierOpKind<"async_arrive">;

/// What an operand is to a warpgroup mma.
class MmaRoleKind<string name> { string Name = name; }
def MmaRoleNone : MmaRoleKind<"none">;
def MmaRoleD : MmaRoleKind<"d">;
def MmaRoleA : MmaRoleKind<"a">;
def MmaRoleB : MmaRoleKind<"b">;
/// The predicate that adds D (true) or not (false: D = A * B).
def MmaRoleScaleD : MmaRoleKind<"scale_d">;
/// The immediates that negate A or B (-1) or not (1).
def MmaRoleScaleA : MmaRoleKind<"scale_a">;
def MmaRoleScaleB : MmaRoleKind<"scale_b">;
/// The immediates that read A or B from shared memory transposed
/// (MN-major, 1) or not (K-major, 0).
def MmaRoleTransA : MmaRoleKind<"trans_a">;
def MmaRoleTransB : MmaRoleKind<"trans_b">;

/// Which threads hold a register operand.
class DistKind<string name> { string Name = name; }
def ThreadDist : DistKind<"thread">;
def WarpDist : DistKind<"warp">;
def WarpgroupDist : DistKind<"warpgroup">;

/// One operand slot of a form, in the instruction's own order. `Atom` is the
/// number of native registers bound (register operand) or elements moved
/// (memory operand) by one instruction.
class Operand<string name, RoleKind role, PtxType type, int atom, bit memory,
              SpaceKind space> {
  string Name = name;
  RoleKind Role = role;
  PtxType Type = type;
  int Atom = atom;
  bit Memory = memory;
  SpaceKind Space = space;
  DistKind Dist = ThreadDist;
  /// A source that must be an immediate (a constant scalar) in
  /// [ImmMin, ImmMax]: lop3's look-up table.
  bit Immediate = 0;
  int ImmMin = 0;
  int ImmMax = 0;
  /// An immediate must also be a multiple of this (setmaxnreg's count: 8).
  int ImmMultiple = 1;
  /// Written joined to the next operand by `|` (setp's `p|q`).
  bit PipeToNext = 0;
  /// Written in braces with the next operand (block-scaled mma's
  /// `{byte-id-a, thread-id-a}`).
  bit BraceWithNext = 0;
  /// A source PTX takes in a register only, never as an immediate, whatever
  /// its type allows (cvt.rs's rbits: ptxas 13.0 rejects an immediate).
  bit RegisterOnly = 0;
  /// The names of a register group's registers as the ISA writes them
  /// (cvt's `{a, b, e, f}`); empty: consecutive letters from `Name`.
  list<string> Members = [];
  /// A predicate source the ISA lets the instruction negate (`{!}c` in its
  /// syntax line); `tile.apply` writes it `not %c`.
  bit Negatable = 0;
  /// A predicate source the ISA writes without `{!}` that ptxas 13.0
  /// assembles negated all the same (every other predicate source;
  /// utils/scan_ptxas.py checks both bits against ptxas): `not %c` is
  /// rejected as undocumented.
  bit NegationUndocumented = !and(!eq(Role.Name, "use"),
                                  !eq(Type.Name, "pred"), !not(Negatable));
  /// The member mask of a warp collective: the lanes that meet.
  bit MemberMask = 0;
  /// The fragment of a matrix this register operand holds in each lane of
  /// the warp (mma), or, for a memory operand, the row each lane addresses
  /// (ldmatrix: a memory fragment's elements in a lane are one row's
  /// consecutive columns); or empty.
  list<Fragment> Frag = [];
  /// Written as a vector expression `{a0, ...}` even of one register (mma,
  /// ldmatrix, stmatrix: ptxas 13.0 rejects a bare register there; it
  /// rejects a vector for movmatrix).
  bit Vector = !gt(atom, 1);
  /// The addend of a multiply-accumulate whose destination is the form's
  /// first operand (mma's c). A repeat axis along which the destination has
  /// stride 0 accumulates: its first repeat reads this operand, every later
  /// one the destination (K accumulated through repeats).
  bit Accumulator = 0;
  /// A copy's limit on the source bytes it reads (cp.async's src-size: that
  /// many; ignore-src: none where true); the rest of the destination is
  /// zero.
  bit SourceLimit = 0;
  /// A bulk memory operand (cp.async.bulk's dstMem and srcMem): one
  /// instruction moves its whole atom axis, of any extent and element
  /// type, as bytes; the extent's bytes are a multiple of 16, contiguous
  /// and 16-byte aligned, and the form's bulk operands hold the same bytes.
  /// `Atom` is 0 (no fixed extent).
  bit Bulk = 0;
  /// The byte count of the form's bulk operands (cp.async.bulk's size): a
  /// constant is a multiple of 16 and at most their bytes; a register is
  /// the caller's promise.
  bit BulkSize = 0;
  /// The alignment in bytes of a bulk operand's address (16; 128 for the
  /// shared memory of a tensor copy).
  int BulkAlign = 16;
  /// The address of a tensor map (cp.async.bulk.tensor's tensorMap): the
  /// `Atom` bytes of a CUtensorMap in global memory, `BulkAlign`-byte
  /// aligned, of any element type, written in brackets with the next
  /// operand, the tensor coordinates (`[tensorMap, {c0, c1}]`).
  bit TensorMap = 0;
  /// The mbarrier whose transaction count the instruction changes: raised
  /// by the form's TxCount operand (expect_tx), lowered by it
  /// (complete_tx) or by the bytes a copy delivers.
  bit TxBarrier = 0;
  /// A transaction byte count: +1 raises the barrier's count (expect_tx),
  /// -1 lowers it (complete_tx), 0 is none.
  int TxSign = 0;
  /// The barrier a wait tests (test_wait, try_wait): the transactions
  /// announced before it must have been delivered.
  bit TxWait = 0;
  /// The phase parity a wait tests (.parity's phaseParity, 0 or 1):
  /// tile-check-parity follows it through loops.
  bit PhaseParity = 0;
  /// A multicast copy's mask of the cluster's CTAs: the bytes arrive at
  /// each of them, and the issuing CTA's barrier may see other CTAs' copies.
  bit CtaMask = 0;
  /// An immediate must be one of these (wgmma's imm-scale-a: -1 or 1);
  /// empty: any value of [ImmMin, ImmMax].
  list<int> ImmValues = [];
  /// A destination the instruction also reads (wgmma's d: D = A * B + D
  /// where scale-d is true). A repeat axis along which it has stride 0
  /// accumulates: every repeat adds to the same registers.
  bit ReadsDst = 0;
  /// What the operand is to a warpgroup mma (wgmma.mma_async), which the
  /// reference and the CPU backend read; MmaRoleNone for every other operand.
  MmaRoleKind MmaRole = MmaRoleNone;
  /// A 64-bit matrix descriptor (wgmma's a-desc and b-desc) of a
  /// `DescRows` x `DescCols` matrix of `DescElem` in shared memory, laid
  /// out as the descriptor's fields say (the WgmmaDescField records).
  bit Descriptor = 0;
  int DescRows = 0;
  int DescCols = 0;
  list<PtxType> DescElem = [];
  /// A memory operand written as its address, without brackets (mapa's a:
  /// the instruction computes with the address, it does not access it).
  bit AddressValue = 0;
  /// A tensor copy's coordinates: the innermost times the tensor map's
  /// element bytes must be a multiple of this (0: no rule).
  int CoordAlign = 0;
  /// A register operand that holds an address, written in brackets (a
  /// .shared::cluster address from mapa).
  bit Bracketed = 0;
  /// A source that may be a register or an immediate, whose constant value
  /// must lie in [ImmMin, ImmMax] and be a multiple of ImmMultiple (a named
  /// barrier's id and thread count); a register is the caller's promise.
  bit ConstChecked = 0;
  /// A cache policy (createpolicy's result, `.L2::cache_hint`'s operand): a
  /// hint to the L2 cache, no part of the instruction's result.
  bit CachePolicy = 0;
  /// A memory operand the instruction only names, of any element type
  /// (prefetch's address): nothing is read or written there.
  bit AnyElement = 0;
  /// A memory operand the instruction takes as a generic address, whatever
  /// `Space` it lies in (a tensor map: the ISA reads the generic address of
  /// a map in .global, .const or .param space). `Space` still says which
  /// memrefs may hold it; the address is not converted to that space.
  bit GenericAddress = 0;
}
class Reg<string name, RoleKind role, PtxType type, int atom = 1>
    : Operand<name, role, type, atom, 0, NoSpace>;
/// A register operand that holds fragment `frag` of a warp's matrix: its
/// registers in each lane (mma's a, b, c and d).
class FragReg<string name, RoleKind role, PtxType type, Fragment frag>
    : Reg<name, role, type, frag.Regs> {
  let Dist = WarpDist;
  let Frag = [frag];
  let Vector = 1;
}
/// A register operand of one register that holds fragment `frag`, written
/// as a bare register (movmatrix).
class BareFragReg<string name, RoleKind role, PtxType type, Fragment frag>
    : FragReg<name, role, type, frag> {
  let Vector = 0;
}
class Mem<string name, RoleKind role, PtxType type, int atom, SpaceKind space>
    : Operand<name, role, type, atom, 1, space>;
/// A memory operand of a warp's matrices: each lane addresses the row
/// `rows` gives it (its elements: that row's consecutive columns), and the
/// instruction moves the `rows.PerReg` elements there (ldmatrix, stmatrix).
class RowsMem<string name, RoleKind role, PtxType type, SpaceKind space,
              Fragment rows>
    : Mem<name, role, type, rows.PerReg, space> {
  let Dist = WarpDist;
  let Frag = [rows];
}
/// A register operand written joined to the next one by `|` (`p|q`).
class PipedReg<string name, RoleKind role, PtxType type>
    : Reg<name, role, type> {
  let PipeToNext = 1;
}
/// A predicate source the instruction may negate (`{!}c`).
class NegReg<string name, PtxType type> : Reg<name, Use, type> {
  let Negatable = 1;
}
/// The member mask of a warp collective (a .b32 source).
class MemberMaskReg<PtxType type> : Reg<"membermask", Use, type> {
  let MemberMask = 1;
}
/// A source PTX takes in a register only (cvt.rs's rbits).
class RegOnly<string name, PtxType type> : Reg<name, Use, type> {
  let RegisterOnly = 1;
}
/// A source operand that must be an immediate in [lo, hi].
class Imm<string name, PtxType type, int lo, int hi>
    : Operand<name, Use, type, 1, 0, NoSpace> {
  let Immediate = 1;
  let ImmMin = lo;
  let ImmMax = hi;
}

/// The destination `d` and `numSrc` sources `a`, `b`, `c` of one type.
class ArithOperands<PtxType t, int numSrc> {
  list<Operand> List = !listconcat([Reg<"d", Def, t>],
      !foreach(i, !range(numSrc), Reg<!substr("abc", i, 1), Use, t>));
}

//===----------------------------------------------------------------------===//
// Semantics
//===----------------------------------------------------------------------===//

/// What an instruction computes: the key the reference, the CPU backend and
/// tile-diff dispatch on. The def name, without `Sem`, is the C++ enumerator.
/// A computational key names its reference lane function (`LaneFn`, in
/// namespace tile::ref::lanes) and tile-diff's input generator (`InputGen`,
/// in tile-diff's namespace); tile-tblgen declares both and builds their
/// dispatch tables, so a key without a definition fails the link.
class Semantics<string name, string laneFn, string inputGen> {
  string Name = name;
  string LaneFn = laneFn;
  string InputGen = inputGen;
  /// A bit copy over the operands' widths (no lane function).
  bit DataMovement = 0;
  /// A warp collective: a lane's result depends on the sources of the lanes
  /// it meets (its member mask), so the reference computes the lanes that
  /// met at once (WarpFn) and the CPU backend's threads meet for it.
  bit Collective = 0;
  string WarpFn = "";
  /// A barrier of the CTA's threads (bar.red) or of the cluster's
  /// (barrier.cluster): they meet, and it orders memory (the lowering keeps
  /// it where it is written, with its side effects; the CPU backend runs
  /// the threads together, tile_cpu_cta_barrier).
  bit CtaBarrier = 0;
  /// A collective that writes register groups through fragments (mma): the
  /// reference's evaluateMma computes it, from the form's fragments and
  /// MmaArith, not a warp function.
  bit Groups = 0;
}
class DataMovement<string name> : Semantics<name, "", ""> {
  let DataMovement = 1;
}
/// A warp collective computed by the reference's `warpFn`. The differential
/// test does not run collectives yet (no input generator).
class Collective<string name, string warpFn> : Semantics<name, "", ""> {
  let Collective = 1;
  let WarpFn = warpFn;
}

/// What a NaN result holds.
class NaNRule<string name, bit payloadDefined, string doc> {
  string Name = name;
  /// Whether the result's bits are defined (the reference and tile-diff
  /// compare them); otherwise only NaN-ness is, and results compare by it.
  bit PayloadDefined = payloadDefined;
  string Doc = doc;
}
def NaNUnspecified : NaNRule<"unspecified", 0,
  "the ISA leaves the payload open and it is not measured; results compare "
  "by NaN-ness">;
def NaNNone : NaNRule<"none", 1, "no NaN (integer or bit result)">;
def NaNPropagate : NaNRule<"propagate", 1,
  "an input NaN's payload, quieted (the H200's operand order is measured)">;
// Measured on the H200 (docs/GPU-Results.md, NaN payloads): the ISA leaves
// these open.
def NaNCanonical : NaNRule<"canonical", 1,
  "the canonical NaN (all ones but the sign), whatever the input NaN">;
def NaNQuieted : NaNRule<"quieted", 1,
  "the input NaN quieted, its sign unchanged">;
def NaNConverted : NaNRule<"converted", 1,
  "the input NaN's sign and leading payload bits in the destination format, "
  "quieted">;
def NaNWidenedCanonical : NaNRule<"widened_canonical", 1,
  "the source format's canonical NaN, widened to the destination">;
def NaNKept : NaNRule<"kept", 1,
  "the input NaN as it is, not quieted (bf16 to f32: its bits shifted up)">;
def NaNRoundedBits : NaNRule<"rounded_bits", 1,
  "the input's bits rounded as those of a number: a payload's dropped bits "
  "may carry into the exponent (an infinity); .satfinite then steps down one "
  "ulp">;
def NaNSignOp : NaNRule<"sign_op", 1,
  "the input NaN with the instruction's sign operation done on its sign bit, "
  "the payload unchanged">;

def NaNIsaText : NaNRule<"isa_text", 0,
  "as the ISA's words say, not measured on hardware: a NaN input gives a "
  "NaN (payload open) where the destination format has one, +MAX_NORM in "
  "the fp6 and fp4 formats, which have none; results compare by NaN-ness">;

/// How exactly the reference gives the hardware's result.
class AccuracyKind<string name, string doc = ""> {
  string Name = name;
  /// What the docs say of forms of this kind (empty for `Exact`).
  string Doc = doc;
}
def Exact : AccuracyKind<"exact">;
/// The reference follows the ISA's text, which no hardware here has
/// checked (cvt.rs: no sm_100a or sm_103a GPU).
def IsaTextUnmeasured : AccuracyKind<"isa_text_unmeasured",
  "the reference follows the PTX ISA's text and is not measured on "
  "hardware (the forms run on no GPU this project has)">;
/// The ISA leaves the result open (mma's accumulation order, rounding and
/// subnormals); the reference gives what the H200 computes with the code
/// ptxas 13.0 emits for sm_90, measured, which other chips need not share.
/// The ISA leaves the result open and no GPU here runs the form: nothing
/// computes it off the GPU (sm_120a's mma kinds).
def Unmodeled : AccuracyKind<"unmodeled",
  "the ISA leaves the arithmetic open and no GPU this project has runs the "
  "form: the reference and the CPU backend refuse it">;
def MeasuredSm90 : AccuracyKind<"measured_sm90",
  "the ISA leaves the accumulation's order, rounding and subnormal handling "
  "open; the reference gives what the H200 computes with the SASS ptxas "
  "13.0 emits for sm_90 (measured); other chips may differ">;

/// The approximations of the multifunction unit (`.approx`, `div.full`):
/// the ISA bounds the result's error but does not define its bits.
def Approximate : AccuracyKind<"approximate",
  "the ISA bounds the approximation's error and leaves its bits open; the "
  "reference gives the correctly rounded result, and the differential test "
  "checks the H200's results against the ISA's bounds">;

/// An approximation whose every result on the H200 is recorded
/// (MeasuredResults): the reference gives them bit for bit.
def MeasuredTable : AccuracyKind<"measured_table",
  "the ISA bounds the approximation's error and leaves its bits open; the "
  "H200's result on every input is recorded (measured), and the reference "
  "gives it bit for bit; other chips may differ">;

/// An approximation of the multifunction unit whose bits the H200 was
/// measured to give on every input (MufuModel): the reference gives them.
def MeasuredExact : AccuracyKind<"measured_exact",
  "the ISA bounds the approximation's error and leaves its bits open; the "
  "H200's multifunction unit was measured over the inputs its result "
  "depends on, and the reference gives its bits on every input (checked "
  "against the H200 on all 2^32 inputs of the f32 forms and f64 upper "
  "words, 2^32 random pairs of div, 2^30 random inputs of "
  "rsqrt.approx.f64); other chips may differ">;

/// How an approximation's error is measured against the exact result f(a).
class ErrorMetric<string name> { string Name = name; }
/// Representable values between the result and the correctly rounded
/// (to nearest) f(a).
def UlpError : ErrorMetric<"ulp">;
/// |d - f(a)| / |f(a)|.
def RelError : ErrorMetric<"relative">;
/// |d - f(a)|.
def AbsError : ErrorMetric<"absolute">;

/// An error bound of an approximation for inputs whose operand `Operand`
/// lies in [Lo, Hi] (C hexadecimal or decimal literals; empty: every
/// input): the ISA's (`Bound`: "2", "2^-22.9"; empty where the ISA states
/// none) and the largest error the H200 gives over the inputs measured
/// (`Measured`, a decimal; empty if not measured), both in `Metric`. The
/// differential test allows the larger of the two.
class ErrorBound<ErrorMetric metric, string bound, string measured,
                 string operand = "", string lo = "", string hi = ""> {
  ErrorMetric Metric = metric;
  string Bound = bound;
  string Measured = measured;
  string Operand = operand;
  string Lo = lo;
  string Hi = hi;
}

//===----------------------------------------------------------------------===//
// Random bits
//===----------------------------------------------------------------------===//

/// The random bits each destination lane takes from the form's last source
/// (cvt.rs's rbits): `Width` bits from bit `Offsets[i]` for lane i (lane 0
/// the lowest), as the ISA's figures lay them out.
class RandomBits<int width, list<int> offsets> {
  int Width = width;
  list<int> Offsets = offsets;
}
def NoRandomBits : RandomBits<0, []>;

//===----------------------------------------------------------------------===//
// Forms
//===----------------------------------------------------------------------===//

/// The H200's results of one multifunction-unit function over a domain,
/// `Entries` of them, in lib/Reference/Mufu/`File` (written by
/// utils/measure/mufu_models/record.py from a run of dump.py there; the
/// reference embeds the file and decodes the chunks its inputs touch).
class MufuTable<string file, string domain, int entries> {
  string File = file;
  string Domain = domain;
  int Entries = entries;
}

/// How an f32 input reaches an entry of a MufuModel's tables, and how the
/// entry becomes the result (`Name`: the reference's algorithm).
class MufuReduction<string name, string doc> {
  string Name = name;
  string Doc = doc;
}

/// What ptxas 13.0 emits around the unit for sm_90 when the form has no
/// .ftz (the unit itself flushes subnormal sources and results). An input
/// below `Below` (|a| with `OnMagnitude`, else a) is multiplied by
/// `PreScale` first; with `Above`, an |a| above it is multiplied by
/// `AboveScale`. The unit's result is then multiplied by `PostValue`
/// (`Post` "mul"), has it added ("add"), is squared ("square"), or is
/// multiplied by the scale the input got ("mul_scale"), or is left as it
/// is ("none": no scaling). FMULs and FADDs round to nearest and keep
/// subnormals. A two-source form (div) scales both sources, guarded on the
/// second; with `AboveWithFtz` its `Above` branch is emitted with .ftz too
/// (with flushing FMULs).
class MufuScaling<bit onMagnitude, string below, string preScale, string post,
                  string postValue, string above = "",
                  string aboveScale = "", bit aboveWithFtz = 0> {
  bit OnMagnitude = onMagnitude;
  string Below = below;
  string PreScale = preScale;
  string Post = post;
  string PostValue = postValue;
  string Above = above;
  string AboveScale = aboveScale;
  bit AboveWithFtz = aboveWithFtz;
}

/// An approximation computed bit for bit as the H200's multifunction
/// unit computes it: `Reduction` over the measured `Tables`, wrapped in
/// `Scaling` without .ftz. A form with one has the accuracy MeasuredExact.
class MufuModel<MufuReduction reduction, list<MufuTable> tables,
                MufuScaling scaling> {
  MufuReduction Reduction = reduction;
  list<MufuTable> Tables = tables;
  MufuScaling Scaling = scaling;
}

/// One documented PTX syntax shape.
class Form<string mnemonic, list<Slot> slots, list<PtxType> types,
           list<Operand> operands, int ptx, int sm, Semantics sem,
           string doc> {
  string Mnemonic = mnemonic;
  /// Qualifier slots in print order.
  list<Slot> Slots = slots;
  /// Type suffixes in print order (destination type first).
  list<PtxType> Types = types;
  list<Operand> Operands = operands;
  /// PTX ISA version (major*10+minor) and SM floors, measured with ptxas.
  int Ptx = ptx;
  int Sm = sm;
  list<QualFloor> QualFloors = [];
  list<OlderChip> OlderChips = [];
  Semantics Sem = sem;
  /// The PTX ISA section that documents the form.
  string Doc = doc;
  /// The NVVM intrinsic family that emits exactly this form, or empty.
  string Intrinsic = "";
  /// The native SASS opcode ptxas 13.0 emits once per instruction on sm_90
  /// and newer ("FFMA", alternatives "HADD2|HFMA2"), or empty.
  string Sass = "";
  /// The most copies of Sass ptxas 13.0 emits for one instruction (a warp
  /// collective: a converged and a divergent path, measured with cuobjdump).
  int SassCopies = !if(sem.Collective, 2, 1);
  /// Tells this form apart from earlier forms with the same spelling.
  string Variant = "";
  NaNRule NaNResult = NaNUnspecified;
  /// The NaN rule of the bare spelling (no qualifier written), which ptxas
  /// 13.0 may compile as a move or bit operation (cvt.f32.f32).
  NaNRule NaNBare = NaNResult;
  /// The bare spelling's under a predicate, where ptxas 13.0 may compile it
  /// otherwise again (neg.f32: a sign flip): a fact of ptxas's code
  /// generation around the instruction, not of the ISA.
  NaNRule PredNaNBare = NaNBare;
  AccuracyKind Accuracy = Exact;
  /// Why `preserve_dst` is refused, or empty: where ptxas 13.0 compiles the
  /// predicated instruction so that a false predicate does not keep the
  /// destination (measured on the H200).
  string NoPreserveDst = "";
  /// The arch-specific chips that alone have the form (cvt.rs: sm_100a and
  /// sm_103a), each from PTX ISA `Ptx` or the chip's own floor; `Sm` is the
  /// lowest of their SMs. Empty: every chip from `Sm` up.
  list<string> ArchChips = [];
  /// Where each destination lane's random bits come from (cvt.rs).
  RandomBits Rbits = NoRandomBits;
  /// How an mma computes (its operands have fragments), or empty.
  list<MmaArith> Arith = [];
  /// An approximation's error bounds, as the ISA states them.
  list<ErrorBound> Bounds = [];
  /// An f64 approximation of the source's upper 32 bits only (1 sign, 11
  /// exponent and 20 fraction bits), whose result has its lower 32 bits
  /// zero (rcp.approx.ftz.f64, rsqrt.approx.ftz.f64).
  bit UpperHalf = 0;
  /// Measured on the H200: the form flushes subnormal sources although it
  /// has no .ftz (sin.approx.f32 and cos.approx.f32 give their .ftz forms'
  /// results on every input).
  bit FlushesSubnormals = 0;
  /// Measured on the H200 over every input (f32 and the upper-half f64
  /// forms; 2^32 random pairs for div): the largest distance of the
  /// approximation from the correctly rounded result, in representable
  /// values; -1 if not measured.
  int MeasuredUlps = -1;
  /// Measured on the H200: the multifunction unit's bits (f32
  /// approximations), or empty.
  list<MufuModel> Mufu = [];
  /// The form's first operand is the sink `_`, written before the others
  /// and bound to no tile.apply operand (mbarrier.arrive on a
  /// .shared::cluster address, which returns no state).
  bit SinkFirst = 0;
  /// What the form does to an mbarrier object (MbOpNone: nothing).
  MbarrierOpKind MbarrierOp = MbOpNone;
  /// An arrive that must not complete the phase (.noComplete: undefined if
  /// it would).
  bit MbNoComplete = 0;
  /// Measured: the instruction faults (illegal instruction) unless its
  /// kernel is launched with cluster dimensions; a cluster of one CTA will
  /// do.
  bit NeedsClusterLaunch = 0;
  /// What a read-modify-write (atom, red) stores: an instruction of the
  /// table applied to (old, b), or `exch` (b), `cas` (c where old equals b),
  /// `inc` or `dec` (the wrap-around counters); empty for every other form.
  string Element = "";
  /// All threads of a warp execute the same instruction (.aligned), whether
  /// or not the spelling has .aligned (bar.sync is barrier.sync.aligned).
  bit WarpAligned = 0;
  /// A load a thread may spin on, waiting for another thread's store
  /// (ld.volatile, ld.acquire, ld.relaxed): the CPU backend lets the block's
  /// other threads run after it.
  bit Polls = 0;
  /// Measured: ptxas 13.0 compiles the form wrongly in some contexts; the
  /// lowering writes these instructions instead, which compute the form's
  /// result exactly and which it compiles right. PTX statements separated
  /// by ';', the operands by name in braces (`{d}`, `{a}`), `.reg`
  /// declarations of their own; a predicate guards each instruction.
  /// Empty: the form itself.
  string PtxasWorkaround = "";
  /// Why (the context that ptxas 13.0 compiles wrongly, as measured).
  string PtxasWorkaroundWhy = "";
}

/// A spelling ptxas accepts that the PTX ISA does not document, with the
/// reason it is rejected. It matches a spelling that has any of `anyOf` (or
/// `anyOf` is empty) and all of `allOf`, and, with `noRounding`, no rounding
/// modifier. Empty `types` match any type suffix. With `Documented`, the
/// spelling is a documented form tile-mlir does not support (the carry
/// chain), and the reason says why.
class Rejected<string mnemonic, list<PtxType> types, list<Qual> anyOf,
               list<Qual> allOf, string reason, bit noRounding = 0> {
  string Mnemonic = mnemonic;
  list<PtxType> Types = types;
  list<Qual> AnyOf = anyOf;
  list<Qual> AllOf = allOf;
  string Reason = reason;
  bit NoRounding = noRounding;
  bit Documented = 0;
  /// Matches only a spelling that writes a qualifier of an after-type slot
  /// before the type suffixes (prmt.f4e.b32).
  bit Misplaced = 0;
  /// Matches only a spelling that has none of these (testp without its
  /// operator).
  list<Qual> NoneOf = [];
}

/// The H200's results of a 16-bit approximation (every form of `Forms` has
/// the same lanes): each input whose result is not the correctly rounded
/// (to nearest) one, as `input << 16 | result`, sorted by input. Written by
/// utils/measure/special_facts/record.py from a run over all 65536 inputs;
/// a form with such a record has the accuracy MeasuredTable.
class MeasuredResults<list<Form> forms, list<int> exceptions> {
  list<Form> Forms = forms;
  list<int> Exceptions = exceptions;
}

/// How a test kernel moves a predicate of a `width`-bit integer through
/// memory, which holds no .pred: `ToInt` (selp d, 1, 0, p) writes 1 or 0 into
/// the integer, `FromInt` with qualifier `FromIntQual` (setp.ne p, x, 0) sets
/// the predicate to x != 0.
class PredicateBridge<int width, Form toInt, Form fromInt, Qual fromIntQual> {
  int Bits = width;
  Form ToInt = toInt;
  Form FromInt = fromInt;
  Qual FromIntQual = fromIntQual;
}

//===----------------------------------------------------------------------===//
// Target model
//===----------------------------------------------------------------------===//

/// A chip either ptxas 13.0 or LLVM 22 knows, with each tool's PTX ISA floor
/// (0: the tool does not know the chip).
class Chip<string name, int sm, string suffix, int ptxasMinPtx,
           int llvmMinPtx, string note = ""> {
  string Name = name;
  int Sm = sm;
  string Suffix = suffix;
  int PtxasMinPtx = ptxasMinPtx;
  int LlvmMinPtx = llvmMinPtx;
  string Note = note;
}

/// A chip's peak rate of one instruction type, in result lanes per SM and
/// clock.
class PeakRate<int sm, Semantics sem, PtxType type, int lanesPerClock,
               string source> {
  int Sm = sm;
  Semantics Sem = sem;
  PtxType Type = type;
  int LanesPerClock = lanesPerClock;
  string Source = source;
}

/// The PTX ISA versions LLVM 22's NVPTX backend emits (a `+ptxNN` feature
/// it honours).
class EmittablePtxVersions<list<int> versions> { list<int> Versions = versions; }

/// The most local memory (bytes) one thread may use, on every chip, and
/// where the figure comes from.
class ThreadLocalMemory<int bytes, string source> {
  int Bytes = bytes;
  string Source = source;
}

/// A CTA's shared window: a shared address has `Bits` bits, and the first
/// `Reserved` bytes of the window are the system's, so that a kernel's
/// first shared buffer is at shared address `Reserved`; where the figures
/// come from.
class SharedWindow<int addressBits, int reserved, string source> {
  int Bits = addressBits;
  int Reserved = reserved;
  string Source = source;
}

/// The most CTAs of a cluster that every chip with clusters launches (the
/// portable size; more needs a kernel attribute, which tile-mlir does not
/// set), and where the figure comes from.
class PortableClusterSize<int ctas, string source> {
  int Ctas = ctas;
  string Source = source;
}

/// The bits of a cache policy (createpolicy's result), as measured on the
/// GPU: bits 56..63 are `Tag`, with bit `RangeBit` set for a range policy,
/// the primary priority's code (its QualTable value) shifted by
/// `PrimaryShift` and the secondary's in bit 0 (evict_first 1, the default
/// evict_unchanged 0). A fractional policy's fraction f in (0, 1] is
/// ceil(f * 2^FractionBits) - 1 in the `FractionBits` bits from
/// `FractionShift`. A range policy over total-size bytes has the size
/// class E = max(MinLog2, ceil(log2(total-size))): E - MinLog2 in the bits
/// from `FractionShift`, and in units of 2^(E - UnitsLog2) bytes, the
/// start address's unit modulo 2^UnitsLog2 from `StartShift` and the
/// number of units the primary range [a, a + primary-size) reaches into
/// from `CountShift`. Every other bit is zero.
class CachePolicyLayout<int tag, int rangeBit, int primaryShift,
                        int fractionShift, int fractionBits, int minLog2,
                        int unitsLog2, int startShift, int countShift,
                        string source> {
  int Tag = tag;
  int RangeBit = rangeBit;
  int PrimaryShift = primaryShift;
  int FractionShift = fractionShift;
  int FractionBits = fractionBits;
  int MinLog2 = minLog2;
  int UnitsLog2 = unitsLog2;
  int StartShift = startShift;
  int CountShift = countShift;
  string Source = source;
}

#endif // TILE_PTX_PTXBASE_TD
