//===- Bulk.td - Bulk asynchronous copies and reductions -*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The bulk asynchronous copies of sm_90 (PTX ISA 9.7.9.25.4): one thread
// hands the copy engine a contiguous run of bytes (a multiple of 16,
// 16-byte aligned) to move between global and shared memory, or from its
// CTA's shared memory to a CTA of its cluster.
//
// - Into shared memory, the copy completes on an mbarrier: it lowers the
//   barrier's transaction count by the bytes it delivered
//   (.mbarrier::complete_tx::bytes), so the waiting threads see the data
//   once the phase completes (mbarrier.expect_tx raised it by as much).
// - Out to global memory, the copies of a thread form bulk groups:
//   cp.async.bulk.commit_group closes them, cp.async.bulk.wait_group N
//   waits until at most N groups are pending (.read: until their sources
//   have been read, so shared memory may be written again).
// - cp.reduce.async.bulk combines the source into the destination with a
//   reduction operator, element by element, in the same two ways.
// - cp.async.bulk.prefetch brings global bytes into L2.
//
// The data operands are bulk memory operands: memrefs of any element type
// whose atom axis is the whole copy. The shared-memory operands are
// workgroup memrefs, so a .shared::cluster destination is the issuing CTA's
// own memory; a multicast delivers to the same offset in each CTA of its
// mask. A destination in another CTA named by mapa's register (the copies
// into a peer) is not offered yet; st.async is (Hopper.td).
// Floors measured with ptxas 13.0 (docs/PtxasScan-async.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_BULK_TD
#define TILE_PTX_BULK_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Compare.td"
include "tile/Ptx/Warp.td"
include "tile/Ptx/Async.td"
include "tile/Ptx/Barrier.td"

/// A bulk memory operand: the whole atom axis of any extent, as bytes.
class BulkMem<string name, RoleKind role, SpaceKind space>
    : Mem<name, role, B8, 0, space> {
  let Bulk = 1;
  let Vector = 0;
}
/// The byte count of a bulk copy.
class BulkSizeReg<string name> : Reg<name, Use, U32> {
  let BulkSize = 1;
}

def BULK : Qual<"bulk">;
def REDUCE : Qual<"reduce">;
def PREFETCH : Qual<"prefetch">;
def L2Level : Qual<"L2">;
def CompleteTxBytes : Qual<"mbarrier::complete_tx::bytes">;
def MulticastCluster : Qual<"multicast::cluster">;
def BulkGroup : Qual<"bulk_group">;
def ReadDone : Qual<"read">;
def INC : Qual<"inc">;
def DEC : Qual<"dec">;
def NOFTZ : Qual<"noftz">;

/// A bulk copy: the destination's first `size` bytes become the source's.
def SemBulkCopy : DataMovement<"bulk_copy">;
/// A bulk reduction: each destination element becomes the reduction of
/// itself and the source's element (redOp over the type suffix).
def SemBulkReduce : DataMovement<"bulk_reduce">;
/// The bulk groups: no data, only ordering.
def SemBulkGroup : DataMovement<"bulk_group">;
/// A prefetch into L2: no data that tile IR sees.
def SemBulkPrefetch : DataMovement<"bulk_prefetch">;

defvar DocBulk = "9.7.9.25.4 ";
/// The mbarrier a copy completes: the bytes it delivers lower the
/// barrier's transaction count.
class CopyMbar : Mem<"mbar", Use, B64, 1, SharedSpace> {
  let TxBarrier = 1;
}
defvar BulkMbar = CopyMbar<>;
defvar BulkSize = BulkSizeReg<"size">;

class CtaMaskReg : Reg<"ctaMask", Use, B16> {
  let CtaMask = 1;
}
/// `.multicast::cluster` adds a 16-bit mask of the cluster's CTAs that
/// receive the bytes.
class Multicast<bit on> {
  list<Slot> Slots = !if(on, [Req<MulticastCluster>], []);
  /// The destinations: ptxas 13.0 rejects a multicast into .shared::cta.
  list<Qual> Dst = !if(on, [SharedCluster], [SharedCluster, SharedCta]);
  list<Operand> Operands = !if(on, [CtaMaskReg<>], []);
  string Name = !if(on, "Multicast", "");
}

/// A bulk-family form of PTX ISA 8.0 and sm_90 without NaN (data moves as
/// bytes, or integer and float reductions compared by the memory they
/// leave).
class BulkForm<list<Slot> slots, list<PtxType> types, list<Operand> operands,
               Semantics sem, string doc, string sass>
    : Form<"cp", slots, types, operands, 80, 90, sem, DocBulk # doc> {
  let Sass = sass;
  let NaNResult = NaNNone;
}

// Global to shared memory, completing on an mbarrier. A .shared::cta
// destination from PTX ISA 8.6, and not with .multicast::cluster
// (measured).
foreach mc = [Multicast<0>, Multicast<1>] in
foreach hint = [CacheHint<0>, CacheHint<1>] in
def CpAsyncBulkG2S # mc.Name # hint.Name
    : BulkForm<!listconcat([Req<ASYNC>, Req<BULK>,
                            Slot<StateSpaceSlot, mc.Dst, 1, "dst">,
                            Slot<StateSpaceSlot, [Global], 1, "global">,
                            Req<CompleteTxBytes>], mc.Slots, hint.Slots),
               [],
               !listconcat([BulkMem<"dstMem", Def, SharedSpace>,
                            BulkMem<"srcMem", Use, GlobalSpace>, BulkSize,
                            BulkMbar], mc.Operands, hint.Operands),
               SemBulkCopy, ".1 cp.async.bulk", "UBLKCP"> {
  let QualFloors = [QualFloor<SharedCta, 86, 90>];
}

// Shared memory of this CTA to a CTA of the cluster (here: its own).
// Measured on the H200 (docs/gpu-logs/2026-12-03-parts/bulk-s2s.log): in a
// kernel launched without cluster dimensions it faults with an illegal
// instruction; with `clusters in (1, 1, 1)` it copies. The global-to-shared
// copy into .shared::cluster needs no cluster launch.
def CpAsyncBulkS2S
    : BulkForm<[Req<ASYNC>, Req<BULK>, Space<SharedCluster>, Space<SharedCta>,
                Req<CompleteTxBytes>], [],
               [BulkMem<"dstMem", Def, SharedSpace>,
                BulkMem<"srcMem", Use, SharedSpace>, BulkSize, BulkMbar],
               SemBulkCopy, ".1 cp.async.bulk", "UBLKCP"> {
  let NeedsClusterLaunch = 1;
}

// Shared to global memory, in bulk groups.
foreach hint = [CacheHint<0>, CacheHint<1>] in
def CpAsyncBulkS2G # hint.Name
    : BulkForm<!listconcat([Req<ASYNC>, Req<BULK>, Space<Global>,
                            Space<SharedCta>, Req<BulkGroup>], hint.Slots),
               [],
               !listconcat([BulkMem<"dstMem", Def, GlobalSpace>,
                            BulkMem<"srcMem", Use, SharedSpace>, BulkSize],
                           hint.Operands),
               SemBulkCopy, ".1 cp.async.bulk", "UBLKCP">;

// Prefetch into L2.
foreach hint = [CacheHint<0>, CacheHint<1>] in
def CpAsyncBulkPrefetch # hint.Name
    : BulkForm<!listconcat([Req<ASYNC>, Req<BULK>, Req<PREFETCH>,
                            Req<L2Level>, Space<Global>], hint.Slots),
               [],
               !listconcat([BulkMem<"srcMem", Use, GlobalSpace>, BulkSize],
                           hint.Operands),
               SemBulkPrefetch, ".3 cp.async.bulk.prefetch", "UBLKPF">;

// The bulk groups. ptxas 13.0 takes N over the whole u32 range.
def CpAsyncBulkCommitGroup
    : BulkForm<[Req<ASYNC>, Req<BULK>, Req<CommitGroup>], [], [],
               SemBulkGroup, ".6 cp.async.bulk.commit_group", "UTMACMDFLUSH">;
def CpAsyncBulkWaitGroup
    : BulkForm<[Req<ASYNC>, Req<BULK>, Req<WaitGroup>, Opt<ReadDone>], [],
               [Imm<"N", U32, 0, 4294967295>], SemBulkGroup,
               ".7 cp.async.bulk.wait_group", "DEPBAR">;

/// The reduction operators of cp.reduce.async.bulk per destination and
/// type, as ptxas 13.0 accepts them (docs/PtxasScan-async.md): into shared
/// memory and.or.xor .b32, add .u32/.s32/.u64, inc.dec .u32, min.max
/// .u32/.s32; into global memory also the 64-bit and float ones (f16 and
/// bf16 add only with .noftz).
///
/// `Elements` (one per operator) is what the operator does to each
/// element, new = op(old, source): an instruction of this table, whose
/// reference the CPU backend applies, or "inc"/"dec", the ISA's
/// wrap-around counters (old >= source ? 0 : old + 1; old == 0 || old >
/// source ? source : old - 1). The float ones are what the H200 computes
/// (utils/measure/bulk_reduce).
class RedOps<PtxType t, list<Qual> ops, list<string> elements,
             bit noftz = 0> {
  PtxType Type = t;
  list<Qual> Ops = ops;
  list<string> Elements = elements;
  bit Noftz = noftz;
}
defvar BitRed = [AND, OR, XOR];
defvar U32Red = RedOps<U32, [ReduxAdd, INC, DEC, ReduxMin, ReduxMax],
                       ["add.u32", "inc", "dec", "min.u32", "max.u32"]>;
defvar S32Red = RedOps<S32, [ReduxAdd, ReduxMin, ReduxMax],
                       ["add.s32", "min.s32", "max.s32"]>;
defvar SharedRedOps = [RedOps<B32, BitRed, ["and.b32", "or.b32", "xor.b32"]>,
                       U32Red, S32Red,
                       RedOps<U64, [ReduxAdd], ["add.u64"]>];
defvar GlobalRedOps = [RedOps<B32, BitRed, ["and.b32", "or.b32", "xor.b32"]>,
                       RedOps<B64, BitRed, ["and.b64", "or.b64", "xor.b64"]>,
                       U32Red, S32Red,
                       RedOps<U64, [ReduxAdd, ReduxMin, ReduxMax],
                              ["add.u64", "min.u64", "max.u64"]>,
                       RedOps<S64, [ReduxMin, ReduxMax],
                              ["min.s64", "max.s64"]>,
                       RedOps<F32, [ReduxAdd], ["add.rn.f32"]>,
                       RedOps<F64, [ReduxAdd], ["add.rn.f64"]>,
                       RedOps<F16, [ReduxAdd], ["add.rn.f16"], 1>,
                       RedOps<F16, [ReduxMin, ReduxMax],
                              ["min.f16", "max.f16"]>,
                       RedOps<BF16, [ReduxAdd], ["add.rn.bf16"], 1>,
                       RedOps<BF16, [ReduxMin, ReduxMax],
                              ["min.bf16", "max.bf16"]>];

/// One element operation of a bulk reduction: `Op` on `Type` computes
/// `Instr` (RedOps' Elements).
class BulkRedElement<Qual op, PtxType type, string instr> {
  Qual Op = op;
  PtxType Type = type;
  string Instr = instr;
}
foreach r = GlobalRedOps in
foreach i = !range(r.Ops) in
def : BulkRedElement<r.Ops[i], r.Type, r.Elements[i]>;

class RedOpSlots<RedOps r> {
  list<Slot> Slots = !listconcat([Operator<r.Ops, "redOp">],
                                 !if(r.Noftz, [Req<NOFTZ>], []));
  string Name = !cast<string>(r.Type) # !if(r.Noftz, "Noftz",
                                           !cast<string>(!head(r.Ops)));
}

foreach r = SharedRedOps in
def CpReduceAsyncBulkS2S # RedOpSlots<r>.Name
    : BulkForm<!listconcat([Req<REDUCE>, Req<ASYNC>, Req<BULK>,
                            Space<SharedCluster>, Space<SharedCta>,
                            Req<CompleteTxBytes>], RedOpSlots<r>.Slots),
               [r.Type],
               [BulkMem<"dstMem", Def, SharedSpace>,
                BulkMem<"srcMem", Use, SharedSpace>, BulkSize, BulkMbar],
               SemBulkReduce, ".2 cp.reduce.async.bulk", "UBLKRED">;

foreach r = GlobalRedOps in
foreach hint = [CacheHint<0>, CacheHint<1>] in
def CpReduceAsyncBulkS2G # RedOpSlots<r>.Name # hint.Name
    : BulkForm<!listconcat([Req<REDUCE>, Req<ASYNC>, Req<BULK>, Space<Global>,
                            Space<SharedCta>, Req<BulkGroup>], hint.Slots,
                           RedOpSlots<r>.Slots),
               [r.Type],
               !listconcat([BulkMem<"dstMem", Def, GlobalSpace>,
                            BulkMem<"srcMem", Use, SharedSpace>, BulkSize],
                           hint.Operands),
               SemBulkReduce, ".2 cp.reduce.async.bulk", "UBLKRED">;

//===----------------------------------------------------------------------===//
// Tensor copies (PTX ISA 9.7.9.25.5): the copy engine moves a box of a
// tensor of up to 5 dimensions, which a tensor map (CUtensorMap, made on
// the host by cuTensorMapEncodeTiled or Im2col) describes: the global
// address, sizes and strides, the box, the element type, the shared-memory
// swizzle and the out-of-bounds fill. The instruction names the map's
// address and the box's start coordinates; the destination (or source) in
// shared memory is 128-byte aligned and holds the box, whose bytes the map
// fixes at run time.
//===----------------------------------------------------------------------===//

def TENSOR : Qual<"tensor">;
foreach d = [1, 2, 3, 4, 5] in
def Dim # d # "D" : Qual<d # "d">;
def TileMode : Qual<"tile">;
def Im2col : Qual<"im2col">;
def Im2colNoOffs : Qual<"im2col_no_offs">;

/// An element type of a tensor map (CUtensorMapDataType, cuda.h): its
/// code, its bits, and the memref element types whose bytes it moves: the
/// float formats, and signless integers of `bits` where `integer` is set.
/// A tensor map made from a `#tile.smem_layout` takes the type its element
/// type selects; the signed and ftz/tf32 codes are listed for their codes
/// but no element type selects them (the copy moves bits either way).
/// `IsFloat`: a floating-point type to the driver, which takes the NaN
/// fill for these only.
class TensorMapDataType<string name, int typeCode, int width,
                        list<FloatFormat> floats, bit integer, bit isFloat> {
  string Name = name;
  int Code = typeCode;
  int Bits = width;
  list<FloatFormat> Floats = floats;
  bit Integer = integer;
  bit IsFloat = isFloat;
  /// A tensor reduction (cp.reduce.async.bulk.tensor) through a map of
  /// this type: the operators the ISA lists for its elements, each of
  /// which does what the BulkRedElement of the first of `RedTypes` that
  /// has it does.
  list<Qual> RedOps = [];
  list<PtxType> RedTypes = [];
}
def TmaUInt8 : TensorMapDataType<"UINT8", 0, 8, [FmtE4M3, FmtE5M2], 1, 0>;
def TmaUInt16 : TensorMapDataType<"UINT16", 1, 16, [], 1, 0>;
// The tensor reductions' operators per element type, from the ISA's list
// (9.7.9.25.5.2: add .u32 .s32 .u64 .f32 .f16 .bf16, min/max .u32 .s32
// .s64 .f16 .bf16, inc/dec .u32, and/or/xor .b32 .b64).
def TmaUInt32 : TensorMapDataType<"UINT32", 2, 32, [], 1, 0> {
  let RedOps = [ReduxAdd, ReduxMin, ReduxMax, INC, DEC, AND, OR, XOR];
  let RedTypes = [U32, B32];
}
def TmaInt32 : TensorMapDataType<"INT32", 3, 32, [], 0, 0> {
  let RedOps = [ReduxAdd, ReduxMin, ReduxMax, AND, OR, XOR];
  let RedTypes = [S32, B32];
}
def TmaUInt64 : TensorMapDataType<"UINT64", 4, 64, [], 1, 0> {
  let RedOps = [ReduxAdd, AND, OR, XOR];
  let RedTypes = [U64, B64];
}
def TmaInt64 : TensorMapDataType<"INT64", 5, 64, [], 0, 0> {
  let RedOps = [ReduxMin, ReduxMax, AND, OR, XOR];
  let RedTypes = [S64, B64];
}
def TmaFloat16 : TensorMapDataType<"FLOAT16", 6, 16, [FmtF16], 0, 1> {
  let RedOps = [ReduxAdd, ReduxMin, ReduxMax];
  let RedTypes = [F16];
}
def TmaFloat32 : TensorMapDataType<"FLOAT32", 7, 32, [FmtF32], 0, 1> {
  let RedOps = [ReduxAdd];
  let RedTypes = [F32];
}
def TmaFloat64 : TensorMapDataType<"FLOAT64", 8, 64, [FmtF64], 0, 1>;
def TmaBFloat16 : TensorMapDataType<"BFLOAT16", 9, 16, [FmtBF16], 0, 1> {
  let RedOps = [ReduxAdd, ReduxMin, ReduxMax];
  let RedTypes = [BF16];
}
def TmaFloat32Ftz : TensorMapDataType<"FLOAT32_FTZ", 10, 32, [], 0, 1>;
def TmaTFloat32 : TensorMapDataType<"TFLOAT32", 11, 32, [], 0, 1>;
def TmaTFloat32Ftz : TensorMapDataType<"TFLOAT32_FTZ", 12, 32, [], 0, 1>;

/// The out-of-bounds fill of a tensor map (CUtensorMapFloatOOBfill): what
/// a load writes for elements outside the tensor: `Pattern`, a 16-bit
/// pattern repeated over the element's bytes. The ISA does not give the
/// NaN's bits; measured on the H200 (docs/gpu-logs/2026-12-03-cpu-tma/
/// nan-fill.txt): 0x7ff7 in every 16 bits of f16, bf16, f32 and f64
/// elements (an f32 0x7ff77ff7).
class TensorMapFill<string name, int fillCode, int pattern> {
  string Name = name;
  int Code = fillCode;
  int Pattern = pattern;
}
def TmaFillZero : TensorMapFill<"zero", 0, 0>;
def TmaFillNan : TensorMapFill<"nan", 1, 0x7ff7>;

/// What cuTensorMapEncodeTiled and cuTensorMapEncodeIm2col accept (cuda.h's
/// documentation of them, CUDA 13.0), which the CPU backend's encoders
/// check as the driver does: up to `MaxRank` dimensions of 1 to
/// 2^`MaxDimLog2` elements, strides that are multiples of `StrideAlign`
/// bytes below 2^`MaxStrideLog2`, boxes of 1 to `MaxBox` elements a
/// dimension (tiled), traversal strides of 1 to `MaxElementStride`, and
/// 1 to `MaxChannelsPerPixel` channels and `MaxPixelsPerColumn` pixels a
/// copy (im2col).
class TensorMapLimits<int maxRank, int maxDimLog2, int strideAlign,
                      int maxStrideLog2, int maxBox, int maxElementStride,
                      int maxChannels, int maxPixels> {
  int MaxRank = maxRank;
  int MaxDimLog2 = maxDimLog2;
  int StrideAlign = strideAlign;
  int MaxStrideLog2 = maxStrideLog2;
  int MaxBox = maxBox;
  int MaxElementStride = maxElementStride;
  int MaxChannelsPerPixel = maxChannels;
  int MaxPixelsPerColumn = maxPixels;
}
def TmaLimits : TensorMapLimits<5, 32, 16, 40, 256, 8, 256, 1024>;

/// An im2col tensor map of `Rank` dimensions (innermost first: C, then the
/// spatial dimensions W, H, D, then N): its bounding box's corners are
/// signed offsets of `CornerBits` bits, one per spatial dimension.
class Im2colRank<int rank, int cornerBits> {
  int Rank = rank;
  int CornerBits = cornerBits;
}
def Im2colRank3 : Im2colRank<3, 16>;
def Im2colRank4 : Im2colRank<4, 8>;
def Im2colRank5 : Im2colRank<5, 5>;

/// How a tensor copy lays its box's rows (the innermost dimension; im2col:
/// one pixel's channels) out in shared memory, which the ISA does not say:
/// row r is at r times the pitch, each 16-byte chunk where the swizzle
/// puts it. `SwizzledRowsFillSpan`: under a swizzle the pitch is the
/// swizzle's span even when the row is narrower (the bytes between are
/// left as they were); without one the rows are dense. `Source`: where
/// that was measured.
class TensorRowLayout<bit swizzledRowsFillSpan, string source> {
  bit SwizzledRowsFillSpan = swizzledRowsFillSpan;
  string Source = source;
}
def TensorRows : TensorRowLayout<1,
  "docs/gpu-logs/2026-12-06-im2col.txt and -2.txt (utils/measure/"
  "tma_im2col): im2col and tiled boxes' 16- to 96-byte rows under the 32-, "
  "64- and 128-byte swizzles at 32, 64 and 128 bytes apart">;

/// A tensor map's address (a CUtensorMap: 128 bytes, 64-byte aligned):
/// the generic address of a map in global memory or, passed as a
/// `tile.grid_constant` kernel parameter, in the kernel's parameter space.
class TensorMapMem : Mem<"tensorMap", Use, B8, 128, GlobalSpace> {
  let TensorMap = 1;
  let GenericAddress = 1;
  let BulkAlign = 64;
  let Vector = 0;
}
/// The box's start: one signed 32-bit coordinate per dimension, a vector
/// even of one. The innermost coordinate times the element's bytes is a
/// multiple of `CoordAlign` (16): the ISA does not say so, but on the H200
/// a load whose first column is 8, 52 or 56 bytes into a row of f32 faults
/// with an illegal instruction, and 16 and 64 run
/// (docs/gpu-logs/2026-12-03-cpu-tma/coord-align.txt).
class TensorCoords<int dims> : Reg<"tensorCoords", Use, S32, dims> {
  let Vector = 1;
  let RegisterOnly = 1;
  let CoordAlign = 16;
}
/// A tensor copy's shared memory: the box, 128-byte aligned.
class TensorSmem<string name, RoleKind role> : BulkMem<name, role, SharedSpace> {
  let BulkAlign = 128;
}

/// .im2col's offsets: `n` 16-bit registers, a vector even of one.
class Im2colOffsets<int n> : Reg<"im2colOffsets", Use, B16, n> {
  let Vector = 1;
  let RegisterOnly = 1;
}

/// The load modes of a tensor copy of `dims` dimensions: `.tile` (the
/// default, and written or not) and, from 3 dimensions, `mode` (.im2col,
/// whose offsets are dims - 2 16-bit registers, or .im2col_no_offs).
class TensorMode<int dims, Qual mode, bit on> {
  list<Slot> Slots = !if(on, [Req<mode>], [Opt<TileMode>]);
  list<Operand> Offsets =
      !if(!and(on, !eq(mode, Im2col)),
          [Im2colOffsets<!sub(dims, 2)>], []);
  string Name = !if(on, !cast<string>(mode), "Tile");
}
class TensorModes<int dims, Qual mode> {
  list<TensorMode> List = !if(!ge(dims, 3),
                              [TensorMode<dims, mode, 0>,
                               TensorMode<dims, mode, 1>],
                              [TensorMode<dims, mode, 0>]);
}

/// A tensor-family form of PTX ISA 8.0 and sm_90.
class TensorForm<list<Slot> slots, list<Operand> operands, Semantics sem,
                 string doc, string sass>
    : BulkForm<!listconcat([Req<ASYNC>, Req<BULK>, Req<TENSOR>], slots), [],
               operands, sem, doc, sass>;

// Global to shared memory, completing on an mbarrier.
foreach d = [1, 2, 3, 4, 5] in
foreach m = TensorModes<d, Im2col>.List in
foreach mc = [Multicast<0>, Multicast<1>] in
foreach hint = [CacheHint<0>, CacheHint<1>] in
def CpAsyncBulkTensor # d # "D" # m.Name # mc.Name # hint.Name
    : TensorForm<!listconcat([Req<!cast<Qual>("Dim" # d # "D")>,
                              Slot<StateSpaceSlot, mc.Dst, 1, "dst">,
                              Space<Global>], m.Slots,
                             [Req<CompleteTxBytes>], mc.Slots, hint.Slots),
                 !listconcat([TensorSmem<"dstMem", Def>, TensorMapMem<>,
                              TensorCoords<d>, BulkMbar], m.Offsets,
                             mc.Operands, hint.Operands),
                 SemBulkCopy, ".1 cp.async.bulk.tensor", "UTMALDG"> {
  let QualFloors = [QualFloor<SharedCta, 86, 90>];
}

// Shared to global memory, in bulk groups.
foreach d = [1, 2, 3, 4, 5] in
foreach m = TensorModes<d, Im2colNoOffs>.List in
foreach hint = [CacheHint<0>, CacheHint<1>] in
def CpAsyncBulkTensorS2G # d # "D" # m.Name # hint.Name
    : TensorForm<!listconcat([Req<!cast<Qual>("Dim" # d # "D")>,
                              Space<Global>, Space<SharedCta>], m.Slots,
                             [Req<BulkGroup>], hint.Slots),
                 !listconcat([TensorMapMem<>, TensorCoords<d>,
                              TensorSmem<"srcMem", Use>], hint.Operands),
                 SemBulkCopy, ".1 cp.async.bulk.tensor", "UTMASTG">;

// Shared memory reduced into the global tensor, in bulk groups: the
// element type is the map's, so the spelling has no type suffix.
foreach d = [1, 2, 3, 4, 5] in
foreach m = TensorModes<d, Im2colNoOffs>.List in
foreach hint = [CacheHint<0>, CacheHint<1>] in
def CpReduceAsyncBulkTensor # d # "D" # m.Name # hint.Name
    : BulkForm<!listconcat([Req<REDUCE>, Req<ASYNC>, Req<BULK>, Req<TENSOR>,
                            Req<!cast<Qual>("Dim" # d # "D")>, Space<Global>,
                            Space<SharedCta>,
                            Operator<[ReduxAdd, ReduxMin, ReduxMax, INC, DEC,
                                      AND, OR, XOR], "redOp">],
                           m.Slots, [Req<BulkGroup>], hint.Slots),
               [],
               !listconcat([TensorMapMem<>, TensorCoords<d>,
                            TensorSmem<"srcMem", Use>], hint.Operands),
               SemBulkReduce, ".2 cp.reduce.async.bulk.tensor", "UTMAREDG">;

// Prefetch of a box into L2.
foreach d = [1, 2, 3, 4, 5] in
foreach m = TensorModes<d, Im2col>.List in
foreach hint = [CacheHint<0>, CacheHint<1>] in
def CpAsyncBulkPrefetchTensor # d # "D" # m.Name # hint.Name
    : BulkForm<!listconcat([Req<ASYNC>, Req<BULK>, Req<PREFETCH>, Req<TENSOR>,
                            Req<!cast<Qual>("Dim" # d # "D")>, Req<L2Level>,
                            Space<Global>], m.Slots, hint.Slots),
               [],
               !listconcat([TensorMapMem<>, TensorCoords<d>], m.Offsets,
                           hint.Operands),
               SemBulkPrefetch, ".4 cp.async.bulk.prefetch.tensor",
               "UTMAPF">;

// Measured (docs/PtxasScan-async.md): ptxas 13.0 also accepts the
// reduction operator, and .noftz, after the type suffix.
def : Rejected<"cp", [], [AND, OR, XOR, ReduxAdd, INC, DEC, ReduxMin,
                          ReduxMax, NOFTZ], [REDUCE],
  "the ISA writes the reduction operator (and .noftz) before the type "
  "suffix (cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32); "
  "ptxas 13.0 accepts it after"> {
  let Misplaced = 1;
}

#endif // TILE_PTX_BULK_TD
