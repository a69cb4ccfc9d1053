//===- DataMovement.td - mov, ld, st around register tiles -*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_DATAMOVEMENT_TD
#define TILE_PTX_DATAMOVEMENT_TD

include "tile/Ptx/PtxTypes.td"

defvar DocMov = "9.7.9.3 mov";
defvar DocLd = "9.7.9.8 ld";
defvar DocSt = "9.7.9.11 st";

//===----------------------------------------------------------------------===//
// mov
//===----------------------------------------------------------------------===//

class MovForm<PtxType t, list<Operand> operands, string variant = "">
    : Form<"mov", [], [t], operands, 10, 10, SemMove, DocMov> {
  let Variant = variant;
}

// The ISA's types of mov: the bit-size ones, the 16- to 64-bit integer
// ones (the same bits moved) and f32, f64.
foreach t = [B16, B32, B64, U16, S16, U32, S32, U64, S64, F32, F64] in
  def Mov#!cast<string>(t) : MovForm<t, [Reg<"d", Def, t>, Reg<"a", Use, t>]>;

/// `mov.bN d, {a, b, ...}` (pack) and `mov.bN {d, e, ...}, a` (unpack): one
/// register of `wide` and `n` registers of `narrow`, lane 0 in the low bits.
multiclass PackUnpack<PtxType wide, PtxType narrow, int n, string suffix = ""> {
  def Pack : MovForm<wide, [Reg<"d", Def, wide>, Reg<"a", Use, narrow, n>],
                     "pack"#suffix>;
  def Unpack : MovForm<wide, [Reg<"d", Def, narrow, n>, Reg<"a", Use, wide>],
                       "unpack"#suffix>;
}
defm MovB32B16 : PackUnpack<B32, B16, 2>;
defm MovB64B32 : PackUnpack<B64, B32, 2>;
defm MovB64B16 : PackUnpack<B64, B16, 4, "4">;
// 128-bit registers: PTX ISA 8.3, sm_70.
let Ptx = 83, Sm = 70 in {
  def MovB128 : MovForm<B128, [Reg<"d", Def, B128>, Reg<"a", Use, B128>]>;
  defm MovB128B64 : PackUnpack<B128, B64, 2>;
}

//===----------------------------------------------------------------------===//
// ld, st
//===----------------------------------------------------------------------===//

/// The L1 eviction priorities of ld and st in .global (PTX ISA 7.4, sm_70;
/// ptxas 13.0 rejects them in .shared and together with a cache operator).
def L1EvictNormal : Qual<"L1::evict_normal">;
def L1EvictUnchanged : Qual<"L1::evict_unchanged">;
def L1EvictFirst : Qual<"L1::evict_first">;
def L1EvictLast : Qual<"L1::evict_last">;
def L1NoAllocate : Qual<"L1::no_allocate">;
defvar L1Evictions = [L1EvictNormal, L1EvictUnchanged, L1EvictFirst,
                      L1EvictLast, L1NoAllocate];
defvar L1EvictionFloors = !foreach(q, L1Evictions, QualFloor<q, 74, 70>);
/// The L2 prefetch sizes of ld in .global: PTX ISA 7.4, sm_75, .L2::256B
/// sm_80 (measured: ptxas 13.0 rejects it on sm_75).
def L2Prefetch64B : Qual<"L2::64B">;
def L2Prefetch128B : Qual<"L2::128B">;
def L2Prefetch256B : Qual<"L2::256B">;
defvar PrefetchSizes = [L2Prefetch64B, L2Prefetch128B, L2Prefetch256B];
defvar PrefetchSizeFloors = [QualFloor<L2Prefetch64B, 74, 75>,
                             QualFloor<L2Prefetch128B, 74, 75>,
                             QualFloor<L2Prefetch256B, 74, 80>];
def L2CacheHint : Qual<"L2::cache_hint">;

/// A cache policy operand (as made by createpolicy).
class CachePolicyReg : Reg<"cache-policy", Use, B64> {
  let CachePolicy = 1;
}
/// `.L2::cache_hint` (PTX ISA 7.4, sm_80) adds a trailing 64-bit cache
/// policy: a hint to the L2 cache, no part of the result.
class CacheHint<bit on> {
  list<Slot> Slots = !if(on, [Req<L2CacheHint>], []);
  list<Operand> Operands = !if(on, [CachePolicyReg<>], []);
  string Name = !if(on, "Hint", "");
  int Ptx = !if(on, 74, 0);
  int Sm = !if(on, 80, 0);
}
defvar CacheHints = [CacheHint<0>, CacheHint<1>];
/// ld's optional L2 prefetch size in .global.
defvar PrefetchSizeSlot = Slot<FlagSlot, PrefetchSizes, 0,
                               "level::prefetch_size">;

/// Every `ld` and `st` form around register tiles: `.global`, `.shared` and
/// generic addressing (no state space: the generic address of a global or
/// workgroup memref; the cache operators and accesses of at most 128 bits,
/// as in .shared: the L1 eviction priorities, the L2 cache hint and
/// prefetch size, which the ISA documents for generic addresses of .global
/// only, are .global's), the cache operators, scalar and vector accesses of the bit-size, float
/// and 16- to 64-bit integer types (all documented for ld and st; the
/// integer ones load and store the same bits as the bit-size ones). The vector widths a state space and type take and their floors
/// were measured with ptxas 13.0: 256-bit vectors (.v4 of 64-bit, .v8 of
/// 32-bit types) exist for .global only, from PTX ISA 8.8 and sm_100; .v8
/// of 16-bit types is not documented; 128-bit registers need PTX ISA 8.3
/// and sm_70.
class Access<string name, int isLoad, list<Qual> cacheOps, Semantics sem,
             string doc> {
  string Name = name;
  int IsLoad = isLoad;
  list<Qual> CacheOps = cacheOps;
  Semantics Sem = sem;
  string Doc = doc;
}
def LoadAccess : Access<"ld", 1, [CA, CG, CS, LU, CV], SemLoad, DocLd>;
def StoreAccess : Access<"st", 0, [WB, CG, CS, WT], SemStore, DocSt>;

class VecWidth<int n, list<Slot> slots> {
  int N = n;
  list<Slot> Slots = slots;
}
/// A state space of ld and st: its qualifier (none: generic addressing)
/// and the memrefs its address operand takes.
class SpaceChoice<string name, list<Slot> slots, SpaceKind space> {
  string Name = name;
  list<Slot> Slots = slots;
  SpaceKind Space = space;
}
defvar Spaces = [SpaceChoice<"Global", [Space<Global>], GlobalSpace>,
                 SpaceChoice<"Shared", [Space<Shared>], SharedSpace>,
                 SpaceChoice<"Generic", [], GenericSpace>];

defvar VecWidths = [VecWidth<1, []>, VecWidth<2, [Vec<V2>]>,
                    VecWidth<4, [Vec<V4>]>, VecWidth<8, [Vec<V8>]>];

class MemoryForm<Access acc, SpaceChoice ss, VecWidth v, PtxType t,
                 CacheHint hint, SpaceKind space = ss.Space>
    : Form<acc.Name,
           !listconcat(ss.Slots,
                       [CacheOps<!listconcat(acc.CacheOps,
                                             !if(!eq(ss.Name, "Global"),
                                                 L1Evictions, []))>],
                       hint.Slots,
                       !if(!and(acc.IsLoad, !eq(ss.Name, "Global")),
                           [PrefetchSizeSlot], []),
                       v.Slots),
           [t],
           !listconcat(!if(acc.IsLoad,
                           [Reg<"d", Def, t, v.N>, Mem<"a", Use, t, v.N, space>],
                           [Mem<"a", Def, t, v.N, space>, Reg<"b", Use, t, v.N>]),
                       hint.Operands),
           !cond(!gt(!mul(t.Bits, v.N), 128) : 88,
                 !eq(t.Bits, 128) : 83,
                 true : !if(hint.Ptx, hint.Ptx, 10)),
           !cond(!gt(!mul(t.Bits, v.N), 128) : 100,
                 true : !if(!gt(hint.Sm, !if(!eq(t.Bits, 128), 70, 10)),
                            hint.Sm, !if(!eq(t.Bits, 128), 70, 10))),
           acc.Sem, acc.Doc> {
  let Variant = hint.Name;
  let QualFloors = !listconcat(
      !foreach(q, acc.CacheOps, QualFloor<q, 20, 20>),
      !if(!eq(ss.Name, "Global"), L1EvictionFloors, []),
      !if(!and(acc.IsLoad, !eq(ss.Name, "Global")), PrefetchSizeFloors, []));
}

foreach acc = [LoadAccess, StoreAccess] in
  foreach ss = Spaces in
    foreach v = VecWidths in
      foreach t = [B16, B32, B64, F32, F64, B128, U16, S16, U32, S32, U64,
                   S64] in
        foreach hint = CacheHints in {
          defvar width = !mul(t.Bits, v.N);
          defvar documented = !not(!or(!gt(width, 256),
                                       !and(!eq(v.N, 8), !ne(t.Bits, 32)),
                                       !and(!gt(width, 128), !ne(ss.Name, "Global")),
                                       !and(!eq(t.Bits, 128), !gt(v.N, 1)),
                                       !and(!ne(hint.Ptx, 0), !ne(ss.Name, "Global"))));
          if documented then
            def acc.Name#ss.Name#v.N#!cast<string>(t)#hint.Name
                : MemoryForm<acc, ss, v, t, hint>;
        }

// Generic addressing takes what any address takes. What the ISA documents
// for generic addresses of .global only, and the 256-bit accesses, are
// written with .global.
foreach acc = [LoadAccess, StoreAccess] in {
  def : Rejected<acc.Name, [], !listconcat(L1Evictions, [L2CacheHint],
                                           !if(acc.IsLoad, PrefetchSizes, [])),
                 [],
    !if(acc.IsLoad, "the L1 eviction priorities, the L2 cache hint and the "
                    "L2 prefetch size are",
        "the L1 eviction priorities and the L2 cache hint are") #
    " documented for generic addresses of .global only: write " #
    acc.Name # ".global"> {
    let Documented = 1;
    let NoneOf = [Global, Shared];
  }
  def : Rejected<acc.Name, [], [V8], [],
    "256-bit accesses are .global's (PTX ISA 8.8, sm_100): write " #
    acc.Name # ".global"> {
    let Documented = 1;
    let NoneOf = [Global, Shared];
  }
}

// ldu (9.7.9.10): a load of read-only data from an address common to the
// warp's threads, in .global: scalar, .v2 and .v4 accesses of at most 128
// bits (measured with ptxas 13.0: it rejects .shared and wider vectors).
// PTX ISA 2.0, sm_20; the 128-bit register PTX ISA 8.3, sm_70. The
// spelling without a state space takes a generic address, which must be a
// global one: tile-mlir writes .global.
defvar DocLdu = "9.7.9.10 ldu";
foreach v = [VecWidth<1, []>, VecWidth<2, [Vec<V2>]>, VecWidth<4, [Vec<V4>]>] in
  foreach t = [B16, B32, B64, F32, F64, B128, U16, S16, U32, S32, U64,
               S64] in
    if !and(!le(!mul(t.Bits, v.N), 128),
            !or(!ne(t.Bits, 128), !eq(v.N, 1))) then
      def LduGlobal#v.N#!cast<string>(t)
          : Form<"ldu", !listconcat([Space<Global>], v.Slots), [t],
                 [Reg<"d", Def, t, v.N>, Mem<"a", Use, t, v.N, GlobalSpace>],
                 !if(!eq(t.Bits, 128), 83, 20), !if(!eq(t.Bits, 128), 70, 20),
                 SemLoad, DocLdu>;
def : Rejected<"ldu", [], [], [],
  "a generic address must be a global one here: write ldu.global"> {
  let Documented = 1;
  let NoneOf = [Global];
}

// ld.global.nc (9.7.9.9): a load through the non-coherent (read-only)
// cache, CUDA's __ldg; .ca, .cg, .cs before .nc, or an L1 eviction
// priority after it (ptxas 13.0 rejects both together); the L2 cache hint
// and prefetch size; scalar, .v2 and .v4 accesses of at most 128 bits.
// PTX ISA 3.1, sm_32.
defvar DocLdNc = "9.7.9.9 ld.global.nc";
def NC : Qual<"nc">;
class NcCaching<string name, list<Slot> before, list<Slot> after> {
  string Name = name;
  list<Slot> Before = before;
  list<Slot> After = after;
}
defvar NcCachings = [
  NcCaching<"", [CacheOps<[CA, CG, CS]>], []>,
  NcCaching<"Evict", [], [Slot<CacheOpSlot, L1Evictions, 1,
                               "level::eviction_priority">]>];
foreach v = [VecWidth<1, []>, VecWidth<2, [Vec<V2>]>, VecWidth<4, [Vec<V4>]>] in
  foreach t = [B16, B32, B64, F32, F64, U16, S16, U32, S32, U64, S64] in
    foreach c = NcCachings in
      foreach hint = CacheHints in
        if !le(!mul(t.Bits, v.N), 128) then
          def LdGlobalNc#v.N#!cast<string>(t)#c.Name#hint.Name
              : Form<"ld", !listconcat([Space<Global>], c.Before, [Req<NC>],
                                       c.After, hint.Slots,
                                       [PrefetchSizeSlot], v.Slots),
                     [t], !listconcat([Reg<"d", Def, t, v.N>,
                                       Mem<"a", Use, t, v.N, GlobalSpace>],
                                      hint.Operands),
                     !if(!or(!ne(hint.Ptx, 0), !ne(c.Name, "")), 74, 31),
                     !if(!ne(hint.Ptx, 0), 80, !if(!ne(c.Name, ""), 70, 32)),
                     SemLoad, DocLdNc> {
            let Variant = c.Name # hint.Name;
            let QualFloors = PrefetchSizeFloors;
          }

def : Rejected<"st", [B16], [], [V8],
  "'.v8' is documented for 32-bit types in .global only (PTX ISA 8.8, "
  "sm_100); ptxas 13.0 also accepts st.v8.b16 in .global and .shared on "
  "sm_90, which the ISA does not document">;

#endif // TILE_PTX_DATAMOVEMENT_TD
