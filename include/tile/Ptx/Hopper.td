//===- Hopper.td - Warpgroup sync, register budgets, clusters -*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The sm_90 instructions around the asynchronous warpgroup MMA that have no
// data of their own:
//
// - wgmma.fence (PTX ISA 9.7.15.5.2) orders the warpgroup's register
//   accesses before the wgmma.mma_async that reads or writes them;
//   wgmma.commit_group closes the warpgroup's pending mma_async operations
//   into a group and wgmma.wait_group N waits until at most N groups are
//   pending. sm_90a only (measured: ptxas 13.0 rejects them on sm_100a).
// - setmaxnreg.{inc,dec} (9.7.19.6) raises or lowers the warp's register
//   budget to N (24 to 256, a multiple of 8): producer warpgroups give
//   registers to consumers. The arch-specific and family chips from sm_90a.
// - barrier.cluster.arrive / .wait (9.7.13.3) split barrier across the
//   cluster's threads, with optional .release/.relaxed and .acquire.
//
// Facts of ptxas 13.0 measured with cuobjdump: a wgmma.commit_group with
// no wgmma.mma_async before it gets a dummy HGMMA inserted; setmaxnreg
// emits nothing ("ignored") unless the kernel's register count at entry is
// known (.maxnreg or .maxntid on the entry).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_HOPPER_TD
#define TILE_PTX_HOPPER_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Mma.td"
include "tile/Ptx/Warp.td"
include "tile/Ptx/Async.td"
include "tile/Ptx/Barrier.td"
include "tile/Ptx/Bulk.td"
include "tile/Ptx/DataMovement.td"

/// The warpgroup's wgmma ordering: no data.
def SemWarpgroupSync : DataMovement<"warpgroup_sync">;
/// A change of the warp's register budget: no data.
def SemRegisterBudget : DataMovement<"register_budget">;
/// A barrier across the cluster's threads: no data.
def SemClusterBarrier : DataMovement<"cluster_barrier"> {
  let CtaBarrier = 1;
}

def WgFence : Qual<"fence">;
def BarrierWait : Qual<"wait">;

// wgmma.fence, commit_group, wait_group N: PTX ISA 8.0, sm_90a only.
class WgmmaSyncForm<Qual q, list<Operand> operands, string doc, string sass>
    : Form<"wgmma", [Req<q>, Req<SYNC>, Req<ALIGNED>], [], operands, 80, 90,
           SemWarpgroupSync, "9.7.15.5." # doc> {
  let ArchChips = ["sm_90a"];
  let Sass = sass;
  let NaNResult = NaNNone;
}
def WgmmaFence : WgmmaSyncForm<WgFence, [], "2 wgmma.fence", "WARPGROUP.ARRIVE">;
def WgmmaCommitGroup
    : WgmmaSyncForm<CommitGroup, [], "3 wgmma.commit_group", "">;
def WgmmaWaitGroup
    : WgmmaSyncForm<WaitGroup, [Imm<"N", U32, 0, 4294967295>],
                    "4 wgmma.wait_group", "WARPGROUP.DEPBAR">;

// setmaxnreg.{inc,dec}.sync.aligned.u32 N: PTX ISA 8.0, sm_90a and the
// arch-specific and family chips after it.
class RegCount : Imm<"imm-reg-count", U32, 24, 256> {
  let ImmMultiple = 8;
}
def Setmaxnreg
    : Form<"setmaxnreg", [Operator<[INC, DEC], "action">, Req<SYNC>,
                          Req<ALIGNED>], [U32], [RegCount<>], 80, 90,
           SemRegisterBudget, "9.7.19.6 setmaxnreg"> {
  let ArchChips = ["sm_90a", "sm_100a", "sm_100f", "sm_103a", "sm_103f",
                   "sm_110a", "sm_110f", "sm_120a", "sm_120f", "sm_121a",
                   "sm_121f"];
  let NaNResult = NaNNone;
}

// Measured (docs/PtxasScan-hopper.md): ptxas 13.0 also takes .s32.
def : Rejected<"setmaxnreg", [S32], [], [],
  "the ISA writes the register count's type as .u32; ptxas 13.0 also "
  "accepts .s32">;

// barrier.cluster.arrive{.release,.relaxed}{.aligned} and
// barrier.cluster.wait{.acquire}{.aligned}: PTX ISA 7.8, sm_90; the
// orderings from 8.0 (measured).
def BarrierClusterArrive
    : Form<"barrier", [Req<CLUSTER>, Req<ARRIVE>,
                       Slot<FlagSlot, [RELEASE, RELAXED], 0, "sem">,
                       Opt<ALIGNED>], [], [], 78, 90, SemClusterBarrier,
           "9.7.13.3 barrier.cluster"> {
  let QualFloors = [QualFloor<RELEASE, 80, 90>, QualFloor<RELAXED, 80, 90>];
  let Sass = "UCGABAR_ARV";
  let NaNResult = NaNNone;
}
def BarrierClusterWait
    : Form<"barrier", [Req<CLUSTER>, Req<BarrierWait>, Opt<ACQUIRE>,
                       Opt<ALIGNED>], [], [], 78, 90, SemClusterBarrier,
           "9.7.13.3 barrier.cluster"> {
  let QualFloors = [QualFloor<ACQUIRE, 80, 90>];
  let Sass = "UCGABAR_WAIT";
  let NaNResult = NaNNone;
}

// mapa.shared::cluster.u64 d, a, b: the .shared::cluster address of the
// variable at a's address in the shared memory of CTA b of the cluster.
// PTX ISA 7.8, sm_90. a is a shared-memory memref (its address, written
// bare); d a 64-bit register, which a .shared::cluster operand takes in
// brackets (mbarrier.arrive on another CTA's barrier).
def SemMapa : DataMovement<"mapa">;
class MapaSrc : Mem<"a", Use, B64, 1, SharedSpace> {
  let AddressValue = 1;
}
def MapaSharedCluster
    : Form<"mapa", [Space<SharedCluster>], [U64],
           [Reg<"d", Def, U64>, MapaSrc<>, Reg<"b", Use, U32>], 78, 90,
           SemMapa, "9.7.9 mapa"> {
  let NaNResult = NaNNone;
}
// getctarank.shared::cluster.u64 d, a: the rank in the cluster of the CTA
// whose shared memory holds the .shared::cluster address a (a 64-bit
// register, mapa's d, written bare). PTX ISA 7.8, sm_90.
def SemGetCtaRank : DataMovement<"get_cta_rank">;
def GetctarankSharedCluster
    : Form<"getctarank", [Space<SharedCluster>], [U64],
           [Reg<"d", Def, U32>, Reg<"a", Use, B64>], 78, 90, SemGetCtaRank,
           "9.7.9 getctarank"> {
  let NaNResult = NaNNone;
}
def : Rejected<"getctarank", [U32], [SharedCluster], [],
  "tile-mlir writes shared addresses as 64-bit registers (mapa's): write "
  "getctarank.shared::cluster.u64"> {
  let Documented = 1;
}
// getctarank.u64 d, a: the same of a generic address a (generic mapa's d):
// PTX ISA 7.8, sm_90.
def GetctarankGeneric
    : Form<"getctarank", [], [U64],
           [Reg<"d", Def, U32>, Reg<"a", Use, B64>], 78, 90, SemGetCtaRank,
           "9.7.9 getctarank"> {
  let NaNResult = NaNNone;
}

// The 32-bit form takes a 32-bit shared address; tile-mlir's shared
// addresses are 64-bit (the memref's pointer).
def : Rejected<"mapa", [U32], [SharedCluster], [],
  "tile-mlir writes shared addresses as 64-bit registers (a memref's "
  "pointer): write mapa.shared::cluster.u64"> {
  let Documented = 1;
}
// mapa.u64 d, a, b (generic addressing): d is the generic address of the
// variable at a's generic address in the shared memory of CTA b; a is a
// workgroup memref (its generic address, written bare) or a 64-bit
// register holding such an address. PTX ISA 7.8, sm_90. On the CPU
// backend generic and .shared::cluster addresses are both host addresses,
// so the two spellings compute the same there.
class MapaGenericSrc : Mem<"a", Use, B64, 1, SharedSpace> {
  let AddressValue = 1;
  let GenericAddress = 1;
}
def MapaGeneric
    : Form<"mapa", [], [U64],
           [Reg<"d", Def, U64>, MapaGenericSrc<>, Reg<"b", Use, U32>], 78, 90,
           SemMapa, "9.7.9 mapa"> {
  let NaNResult = NaNNone;
}
def MapaGenericRegister
    : Form<"mapa", [], [U64],
           [Reg<"d", Def, U64>, Reg<"a", Use, B64>, Reg<"b", Use, U32>], 78,
           90, SemMapa, "9.7.9 mapa"> {
  let NaNResult = NaNNone;
  let Variant = "register";
}


//===----------------------------------------------------------------------===//
// Distributed shared memory: ld and st of another CTA's shared memory
//===----------------------------------------------------------------------===//

// ld.shared::cluster d, [a] and st.shared::cluster [a], b (9.7.9.8,
// 9.7.9.10): a is a .shared::cluster address in a 64-bit register (mapa's
// d), bracketed; weak, .volatile, or ordered (ld .relaxed/.acquire, st
// .relaxed/.release at a scope); scalar, .v2 and .v4 accesses of at most
// 128 bits. PTX ISA 7.8, sm_90 (the .shared::cluster space). Where the
// address points is the caller's promise, as for the .shared::cluster
// arrive; on the CPU backend it must lie in the shared memory of a CTA of
// the running cluster, and the access is checked against it.
//
// The same accesses without a state space take a generic address in the
// register (generic mapa's d, or any generic address a program computed),
// the weak ones with a cache operator too (as a memref's generic address):
// PTX ISA 1.0, the orderings' floors as in .global.
// They are the variant "address" of the spelling whose address is a
// memref (DataMovement.td), told apart by the operand. On the CPU backend
// the address must lie in the shared memory of a CTA of the running
// cluster, in the thread's stack, or in a buffer the memory checks know.
def SemClusterLoad : DataMovement<"cluster_load">;
def SemClusterStore : DataMovement<"cluster_store">;
def SemAddressLoad : DataMovement<"address_load">;
def SemAddressStore : DataMovement<"address_store">;
/// The orderings of a .shared::cluster access: none (weak), or Orderings'.
class ClusterOrdering<string name, list<Slot> slots, list<QualFloor> floors> {
  string Name = name;
  list<Slot> Slots = slots;
  list<QualFloor> Floors = floors;
}
/// Where a register address points: .shared::cluster, or anywhere
/// (generic addressing).
class RegisterSpace<string name, list<Slot> slots, int ptx, int sm,
                    Semantics load, Semantics store, string variant,
                    bit cached> {
  string Name = name;
  list<Slot> Slots = slots;
  int Ptx = ptx;
  int Sm = sm;
  Semantics Load = load;
  Semantics Store = store;
  string Variant = variant;
  /// Whether its weak accesses take the cache operators (generic ones do,
  /// as ld and st of a memref's generic address).
  bit Cached = cached;
}
defvar RegisterSpaces = [
  RegisterSpace<"SharedCluster", [Space<SharedCluster>], 78, 90,
                SemClusterLoad, SemClusterStore, "", 0>,
  RegisterSpace<"GenericRegister", [], 10, 10, SemAddressLoad,
                SemAddressStore, "address", 1>];
foreach acc = [LoadAccess, StoreAccess] in
  foreach sp = RegisterSpaces in
  foreach v = [VecWidth<1, []>, VecWidth<2, [Vec<V2>]>,
               VecWidth<4, [Vec<V4>]>] in
    foreach t = [B16, B32, B64, F32, F64, U16, S16, U32, S32, U64, S64] in
      if !le(!mul(t.Bits, v.N), 128) then {
        defvar ord = Orderings<!if(acc.IsLoad, ["relaxed", "acquire"],
                                   ["relaxed", "release"]), 0>;
        foreach o = [ClusterOrdering<"", [], []>,
                     ClusterOrdering<"Ordered",
                                     [Slot<FlagSlot, ord.Quals, 1, "order">],
                                     ord.Floors>] in
          def acc.Name # o.Name # sp.Name # v.N # !cast<string>(t)
              : Form<acc.Name,
                     !listconcat(o.Slots, sp.Slots,
                                 !if(!and(sp.Cached, !eq(o.Name, "")),
                                     [CacheOps<acc.CacheOps>], []),
                                 v.Slots),
                     [t],
                     !if(acc.IsLoad,
                         [Reg<"d", Def, t, v.N>, ClusterAddr<>],
                         [ClusterAddr<>, Reg<"b", Use, t, v.N>]),
                     sp.Ptx, sp.Sm,
                     !if(acc.IsLoad, sp.Load, sp.Store),
                     !if(acc.IsLoad, DocOrderedLd, DocOrderedSt)> {
            let QualFloors = !listconcat(o.Floors,
                !if(!and(sp.Cached, !eq(o.Name, "")),
                    !foreach(q, acc.CacheOps, QualFloor<q, 20, 20>), []));
            let Polls = !and(acc.IsLoad, !ne(o.Name, ""));
            let Variant = !cond(!eq(sp.Variant, "") : !if(!ne(o.Name, ""),
                                                          "ordered", ""),
                                !ne(o.Name, "") : "ordered-" # sp.Variant,
                                true : sp.Variant);
          }
      }


// st.async.shared::cluster.mbarrier::complete_tx::bytes{.vec}.type [a], b,
// [mbar] (9.7.9.12): stores b at a (mapa's register, another CTA's shared
// memory) and completes its bytes on the mbarrier at mbar (mapa's register
// too, in the same CTA). 32- and 64-bit types, .v2 and .v4 of at most 128
// bits; PTX ISA 8.1, sm_90 (measured: ptxas 13.0 wants 8.1).
def SemAsyncStore : DataMovement<"async_store">;
class StAsyncMbar : Reg<"mbar", Use, B64> {
  let Bracketed = 1;
  let RegisterOnly = 1;
}
foreach v = [VecWidth<1, []>, VecWidth<2, [Vec<V2>]>, VecWidth<4, [Vec<V4>]>] in
  foreach t = [B32, B64, U32, S32, U64, S64, F32, F64] in
    if !le(!mul(t.Bits, v.N), 128) then
      def StAsyncSharedCluster # v.N # !cast<string>(t)
          : Form<"st", !listconcat([Req<ASYNC>, Space<SharedCluster>,
                                    Req<CompleteTxBytes>], v.Slots),
                 [t], [ClusterAddr<>, Reg<"b", Use, t, v.N>, StAsyncMbar<>],
                 81, 90, SemAsyncStore, "9.7.9.12 st.async"> {
        let NaNResult = NaNNone;
      }

#endif // TILE_PTX_HOPPER_TD
