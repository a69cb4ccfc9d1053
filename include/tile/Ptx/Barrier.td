//===- Barrier.td - mbarrier objects and memory fences ---*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// The mbarrier object (PTX ISA 9.7.13.15): a 64-bit barrier in shared
// memory with a phase, pending and expected arrival counts and a
// transaction count (sm_90: the bytes asynchronous copies still owe it);
// and the memory fences (9.7.13.4): fence{.sem}.scope, fence.mbarrier_init,
// the proxy fences, membar.
//
// An ordering is one qualifier `sem.scope` (`release.cta`): the ISA says
// the two are written together, and the decoder reads the longest
// qualifier, so the pairs are qualifiers of their own, and a scope alone
// (`fence.cta`) another.
//
// The mbarrier operand is a workgroup memref (its 8 bytes): the state space
// is written (.shared or .shared::cta). Another CTA's barrier
// (.shared::cluster) is reached through mapa's register: the arrive takes
// it (below); its other operations and generic addressing are not offered
// yet. Floors measured with ptxas 13.0 (docs/PtxasScan-barrier.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_BARRIER_TD
#define TILE_PTX_BARRIER_TD

include "tile/Ptx/DataMovement.td"

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Matrix.td"
include "tile/Ptx/Async.td"

/// An operation on an mbarrier object: no data that tile IR sees. The CPU
/// backend models the barrier from each form's MbarrierOp.
def SemMbarrier : DataMovement<"mbarrier">;
/// A memory fence: orders memory operations; no data.
def SemFence : DataMovement<"fence">;

def MbInit : Qual<"init">;
def MbInval : Qual<"inval">;
def ExpectTx : Qual<"expect_tx">;
def CompleteTx : Qual<"complete_tx">;
def ArriveDrop : Qual<"arrive_drop">;
def NoComplete : Qual<"noComplete">;
def TestWait : Qual<"test_wait">;
def TryWait : Qual<"try_wait">;
def Parity : Qual<"parity">;
def PendingCount : Qual<"pending_count">;

def CTA : Qual<"cta">;
def CLUSTER : Qual<"cluster">;
def GPU : Qual<"gpu">;
def SYS : Qual<"sys">;
def GL : Qual<"gl">;
def ACQUIRE : Qual<"acquire">;
def RELEASE : Qual<"release">;
def RELAXED : Qual<"relaxed">;
def PROXY : Qual<"proxy">;
def ALIAS : Qual<"alias">;
def MbarrierInitOp : Qual<"mbarrier_init">;
def TensormapGeneric : Qual<"tensormap::generic">;
def AsyncGeneric : Qual<"async::generic">;
def SharedCluster : Qual<"shared::cluster">;
def SyncRestrictCta : Qual<"sync_restrict::shared::cta">;
def SyncRestrictCluster : Qual<"sync_restrict::shared::cluster">;

/// The orderings `sem.scope`, one qualifier each: Ord_<sem>_<scope>.
defvar Sems = ["sc", "acq_rel", "acquire", "release", "relaxed"];
defvar Scopes = ["cta", "cluster", "gpu", "sys"];
foreach sem = Sems in
foreach scope = Scopes in
def Ord_ # sem # _ # scope : Qual<sem # "." # scope>;

/// An optional ordering of an mbarrier operation, one of `sems` at the
/// CTA or cluster scope.
class MbOrder<list<string> sems>
    : Slot<FlagSlot,
           !foldl([]<Qual>, sems, acc, s,
                  !listconcat(acc, [!cast<Qual>("Ord_" # s # "_cta"),
                                    !cast<Qual>("Ord_" # s # "_cluster")])),
           0, "sem.scope">;

/// The floors of the orderings and state spaces: an ordering from PTX ISA
/// 8.0 (sm_90 at the cluster scope), .relaxed from 8.6 on sm_90,
/// .shared::cta from 7.8.
defvar MbFloors = [QualFloor<SharedCta, 78, 80>,
                   QualFloor<Ord_release_cta, 80, 80>,
                   QualFloor<Ord_acquire_cta, 80, 80>,
                   QualFloor<Ord_release_cluster, 80, 90>,
                   QualFloor<Ord_acquire_cluster, 80, 90>,
                   QualFloor<Ord_relaxed_cta, 86, 90>,
                   QualFloor<Ord_relaxed_cluster, 86, 90>];

defvar MbSpace = Slot<StateSpaceSlot, [Shared, SharedCta], 1>;
defvar MbAddr = Mem<"addr", Use, B64, 1, SharedSpace>;
/// The barrier of an operation on its transaction count, and the count.
class MbTxAddr : Mem<"addr", Use, B64, 1, SharedSpace> {
  let TxBarrier = 1;
}
class MbTxCount<int sign> : Reg<"txCount", Use, U32> {
  let TxSign = sign;
}
/// The barrier a wait tests.
class MbWaitAddr : Mem<"addr", Use, B64, 1, SharedSpace> {
  let TxWait = 1;
}
/// The phase parity a .parity wait tests.
class MbParity : Reg<"phaseParity", Use, U32> {
  let PhaseParity = 1;
}
defvar DocMbarrier = "9.7.13.15 mbarrier";
defvar DocFence = "9.7.13.4 membar, fence";

/// mbarrier.<slots>.b64 over `operands`.
class MbarrierForm<list<Slot> slots, list<Operand> operands, int ptx, int sm,
                   string doc>
    : Form<"mbarrier", slots, [B64], operands, ptx, sm, SemMbarrier,
           DocMbarrier # doc> {
  let QualFloors = MbFloors;
  let NaNResult = NaNNone;
}

// init (count: the expected arrivals, 1 to 2^20 - 1) and inval.
def MbarrierInit
    : MbarrierForm<[Req<MbInit>, MbSpace], [MbAddr, Reg<"count", Use, U32>],
                   70, 80, ".9 mbarrier.init"> {
  let MbarrierOp = MbOpInit;
}
def MbarrierInval
    : MbarrierForm<[Req<MbInval>, MbSpace], [MbAddr], 70, 80,
                   ".10 mbarrier.inval"> {
  let MbarrierOp = MbOpInval;
}

// expect_tx and complete_tx: raise or lower the transaction count.
foreach q = [ExpectTx, CompleteTx] in
def Mbarrier # q
    : MbarrierForm<[Req<q>, MbOrder<["relaxed"]>, MbSpace],
                   [MbTxAddr<>, MbTxCount<!if(!eq(q, ExpectTx), 1, -1)>], 80,
                   90,
                   !if(!eq(q, ExpectTx), ".11 mbarrier.expect_tx",
                       ".12 mbarrier.complete_tx")> {
  // .relaxed from the form's own PTX ISA 8.0 (measured).
  let QualFloors = [];
  let MbarrierOp = !if(!eq(q, ExpectTx), MbOpExpectTx, MbOpCompleteTx);
}

// arrive and arrive_drop: state, [addr]{, count}; .expect_tx with a
// txCount; .noComplete with a count, ordered .release.cta at most.
defvar MbState = Reg<"state", Def, B64>;
defvar MbCount = Reg<"count", Use, U32>;
foreach q = [ARRIVE, ArriveDrop] in {
  defvar doc = !if(!eq(q, ARRIVE), ".13 mbarrier.arrive",
                   ".14 mbarrier.arrive_drop");
  defvar order = MbOrder<["release", "relaxed"]>;
  defvar op = !if(!eq(q, ARRIVE), MbOpArrive, MbOpArriveDrop);
  def Mbarrier # q
      : MbarrierForm<[Req<q>, order, MbSpace], [MbState, MbAddr], 70, 80, doc> {
    let MbarrierOp = op;
  }
  // A count without .noComplete: PTX ISA 7.8, sm_90.
  def Mbarrier # q # Count
      : MbarrierForm<[Req<q>, order, MbSpace], [MbState, MbAddr, MbCount], 78,
                     90, doc> {
    let Variant = "count";
    let MbarrierOp = op;
  }
  def Mbarrier # q # ExpectTx
      : MbarrierForm<[Req<q>, Req<ExpectTx>, order, MbSpace],
                     [MbState, MbTxAddr<>, MbTxCount<1>], 80, 90, doc> {
    let MbarrierOp = op;
  }
  def Mbarrier # q # NoComplete
      : MbarrierForm<[Req<q>, Req<NoComplete>,
                      Slot<FlagSlot, [Ord_release_cta], 0, "release.cta">,
                      MbSpace], [MbState, MbAddr, MbCount], 70, 80, doc> {
    let MbarrierOp = op;
    let MbNoComplete = 1;
  }
}

// arrive on a barrier of another CTA of the cluster: .shared::cluster,
// whose address (from mapa) is a register; the state is the sink `_`.
// PTX ISA 8.0, sm_90.
/// A .shared::cluster address in a 64-bit register (mapa's d), bracketed:
/// ld, st, atom and red of another CTA's shared memory.
class ClusterAddr : Reg<"a", Use, B64> {
  let Bracketed = 1;
  let RegisterOnly = 1;
}
class MbRemoteAddr : Reg<"addr", Use, B64> {
  let Bracketed = 1;
  // An address from mapa, never a constant.
  let RegisterOnly = 1;
}
def MbarrierArriveCluster
    : MbarrierForm<[Req<ARRIVE>, MbOrder<["release", "relaxed"]>,
                    Space<SharedCluster>], [MbRemoteAddr<>], 80, 90,
                   ".13 mbarrier.arrive"> {
  let SinkFirst = 1;
  let MbarrierOp = MbOpArrive;
}
def MbarrierArriveClusterCount
    : MbarrierForm<[Req<ARRIVE>, MbOrder<["release", "relaxed"]>,
                    Space<SharedCluster>], [MbRemoteAddr<>, MbCount], 80, 90,
                   ".13 mbarrier.arrive"> {
  let SinkFirst = 1;
  let Variant = "count";
  let MbarrierOp = MbOpArrive;
}

// test_wait (sm_80) and try_wait (sm_90, a suspend-time hint in ns
// optional): waitComplete, [addr], state or phaseParity (.parity, 0 or 1).
defvar MbWaitDone = Reg<"waitComplete", Def, Pred>;
defvar MbHint = Reg<"suspendTimeHint", Use, U32>;
foreach q = [TestWait, TryWait] in
foreach parity = [0, 1] in
foreach hint = !if(!eq(q, TryWait), [0, 1], [0]) in
def Mbarrier # q # !if(parity, "Parity", "") # !if(hint, "Hint", "")
    : MbarrierForm<!listconcat([Req<q>], !if(parity, [Req<Parity>], []),
                               [MbOrder<["acquire", "relaxed"]>, MbSpace]),
                   !listconcat([MbWaitDone, MbWaitAddr<>],
                               !if(parity, [MbParity<>],
                                   [Reg<"state", Use, B64>]),
                               !if(hint, [MbHint], [])),
                   !if(!eq(q, TryWait), 78, !if(parity, 71, 70)),
                   !if(!eq(q, TryWait), 90, 80),
                   ".16 mbarrier.test_wait, mbarrier.try_wait"> {
  let Variant = !if(hint, "hint", "");
  let MbarrierOp = !if(!eq(q, TryWait), MbOpTryWait, MbOpTestWait);
}

// pending_count: the pending arrivals a .noComplete arrive's state holds.
def MbarrierPendingCount
    : Form<"mbarrier", [Req<PendingCount>], [B64],
           [Reg<"count", Def, U32>, Reg<"state", Use, B64>], 70, 80,
           SemMbarrier, DocMbarrier # ".17 mbarrier.pending_count"> {
  let NaNResult = NaNNone;
  let MbarrierOp = MbOpPendingCount;
}

// As for cp.async.mbarrier.arrive: the operand is a workgroup memref.
def : Rejected<"mbarrier", [B64], [], [],
  "generic addressing (no state space) is not supported: the mbarrier "
  "operand is a workgroup memref, so write .shared (or .shared::cta)"> {
  let Documented = 1;
  let NoneOf = [Shared, SharedCta, SharedCluster, PendingCount];
}
// Measured (docs/PtxasScan-barrier.md): ptxas 13.0 also accepts the state
// space after the type suffix, the scope before the semantics
// (.cluster.release) and the state space between them
// (.release.shared.cta).
def : Rejected<"mbarrier", [B64], [Shared, SharedCta, SharedCluster], [],
  "the ISA writes the state space before the type suffix "
  "(mbarrier.arrive.shared.b64); ptxas 13.0 accepts it after"> {
  let Misplaced = 1;
}
def : Rejected<"mbarrier", [B64], [CTA, CLUSTER, RELEASE, RELAXED, ACQUIRE],
  [], "the ISA writes an ordering as .sem.scope, together (.release.cta); "
  "ptxas 13.0 also accepts the scope first or apart">;
defvar MbOrders = !foldl([]<Qual>, ["release", "relaxed", "acquire"], acc, s,
                         !listconcat(acc, [!cast<Qual>("Ord_" # s # "_cta"),
                                           !cast<Qual>("Ord_" # s # "_cluster")]));
def : Rejected<"mbarrier", [B64], MbOrders, [],
  "the ISA writes the ordering before the state space and the type suffix "
  "(mbarrier.arrive.release.cta.shared.b64); ptxas 13.0 accepts it after "
  "the type suffix"> {
  let Misplaced = 1;
}
// Every other operation on another CTA's barrier (.expect_tx,
// arrive.expect_tx, arrive_drop on .shared::cluster).
def : Rejected<"mbarrier", [B64], [SharedCluster], [],
  "of the operations on another CTA's mbarrier (.shared::cluster), "
  "tile-mlir has only the arrive (mbarrier.arrive.shared::cluster.b64 _, "
  "[addr]{, count}) yet"> {
  let Documented = 1;
}

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

/// A fence form: no operands, no type suffix.
class FenceForm<string m, list<Slot> slots, int ptx, int sm, string doc>
    : Form<m, slots, [], [], ptx, sm, SemFence, doc> {
  let NaNResult = NaNNone;
}

// fence{.sem}.scope: .acq_rel when no .sem is written; .cluster from PTX
// ISA 7.8 on sm_90. The ISA documents .acquire and .release from 8.6 on
// sm_90; ptxas 13.0 accepts them wherever it accepts fence (PTX ISA 6.0,
// sm_70: measured), and the floors are ptxas's.
defvar FenceOrders = !foldl([CTA, CLUSTER, GPU, SYS], ["sc", "acq_rel",
                                                        "acquire", "release"],
                            acc, s,
                            !listconcat(acc,
                                !foreach(scope, Scopes,
                                         !cast<Qual>("Ord_" # s # "_" # scope))));
def Fence : FenceForm<"fence", [Slot<FlagSlot, FenceOrders, 1, "{.sem}.scope">],
                      60, 70, DocFence> {
  let QualFloors = !listconcat(
      !foreach(s, ["sc", "acq_rel", "acquire", "release"],
               QualFloor<!cast<Qual>("Ord_" # s # "_cluster"), 78, 90>),
      [QualFloor<CLUSTER, 78, 90>]);
}
// fence.mbarrier_init.release.cluster: prior mbarrier.init of the thread.
def FenceMbarrierInit
    : FenceForm<"fence", [Req<MbarrierInitOp>, Req<Ord_release_cluster>], 80,
                90, DocFence>;
// fence.proxy.alias and fence.proxy.async{.global, .shared::cta,
// .shared::cluster}.
def FenceProxyAlias
    : FenceForm<"fence", [Req<PROXY>, Req<ALIAS>], 75, 70, DocFence>;
def FenceProxyAsync
    : FenceForm<"fence", [Req<PROXY>, Req<ASYNC>,
                          Slot<StateSpaceSlot, [Global, SharedCta,
                                                SharedCluster], 0>],
                80, 90, DocFence>;
// fence.proxy.tensormap::generic.release.scope (the .acquire form, with a
// tensor map's global address, is not offered yet).
def FenceProxyTensormapRelease
    : FenceForm<"fence", [Req<PROXY>, Req<TensormapGeneric>,
                          Slot<FlagSlot, !foreach(scope, Scopes,
                                 !cast<Qual>("Ord_release_" # scope)), 1,
                               "release.scope">], 83, 90, DocFence>;
def : Rejected<"fence", [],
  !foreach(scope, Scopes, !cast<Qual>("Ord_acquire_" # scope)),
  [TensormapGeneric],
  "the acquire tensormap proxy fence takes a tensor map's global address "
  "and the size 128, which tile-mlir does not offer yet"> {
  let Documented = 1;
}
// The .sync_restrict fences (PTX ISA 8.6): .acquire with ::shared::cluster,
// .release with ::shared::cta, at the cluster scope; plain and async-proxy.
foreach proxy = [0, 1] in {
  defvar pre = !if(proxy, [Req<PROXY>, Req<AsyncGeneric>], []<Slot>);
  def Fence # !if(proxy, "ProxyAsync", "") # SyncRestrictAcquire
      : FenceForm<"fence", !listconcat(pre, [Req<ACQUIRE>,
                                             Req<SyncRestrictCluster>,
                                             Req<CLUSTER>]), 86, 90, DocFence>;
  def Fence # !if(proxy, "ProxyAsync", "") # SyncRestrictRelease
      : FenceForm<"fence", !listconcat(pre, [Req<RELEASE>,
                                             Req<SyncRestrictCta>,
                                             Req<CLUSTER>]), 86, 90, DocFence>;
}

// membar.level (a synonym of fence.sc on sm_70 and newer: cta, gl = gpu,
// sys) and membar.proxy.alias.
def Membar : FenceForm<"membar", [Slot<FlagSlot, [CTA, GL, SYS], 1, "level">],
                       14, 10, DocFence> {
  let QualFloors = [QualFloor<SYS, 20, 20>];
}
def MembarProxyAlias
    : FenceForm<"membar", [Req<PROXY>, Req<ALIAS>], 75, 60, DocFence>;

//===----------------------------------------------------------------------===//
// ld, st with a memory ordering
//===----------------------------------------------------------------------===//

// ld and st of the memory consistency model (9.7.9.8, 9.7.9.10): .volatile,
// or an ordering `sem.scope` (ld: .relaxed or .acquire, st: .relaxed or
// .release) at .cta, .cluster, .gpu or .sys, on .global, .shared and
// generic addresses (of global or workgroup memrefs), scalar
// and vector accesses of at most 128 bits. No cache operator (ptxas 13.0:
// "cannot be combined"); an ordering needs its scope (measured). Floors
// from the ISA's text: .volatile as ld and st, the orderings PTX ISA 6.0
// and sm_70, .cluster 7.8 and sm_90; .sys of a .b128 access 8.4 (measured:
// tile's certify-floor found it). On the CPU backend the block's
// threads run one at a time, so each is the plain access; a thread that
// loads lets the others run (Polls), so that a loop spinning on a flag
// sees the store of the thread that sets it.
defvar DocOrderedLd = "9.7.9.8 ld";
defvar DocOrderedSt = "9.7.9.10 st";
def VOLATILE : Qual<"volatile">;

/// The orderings of `m` (ld or st): `.volatile`, or one of `sems` at each
/// scope; `.sys` with a 128-bit access needs PTX ISA 8.4 (measured).
class Orderings<list<string> sems, bit b128> {
  list<Qual> Quals = !foldl([VOLATILE], sems, acc, sem,
      !listconcat(acc, !foreach(scope, Scopes,
                                !cast<Qual>("Ord_" # sem # "_" # scope))));
  list<QualFloor> Floors = !foldl([]<QualFloor>, sems, acc, sem,
      !listconcat(acc,
                  !foreach(scope, Scopes,
                           QualFloor<!cast<Qual>("Ord_" # sem # "_" # scope),
                                     !cond(!eq(scope, "cluster") : 78,
                                           !and(b128, !eq(scope, "sys")) : 84,
                                           true : 60),
                                     !if(!eq(scope, "cluster"), 90, 70)>)));
}

foreach acc = [LoadAccess, StoreAccess] in
  foreach ss = Spaces in
    foreach v = [VecWidth<1, []>, VecWidth<2, [Vec<V2>]>,
                 VecWidth<4, [Vec<V4>]>] in
      foreach t = [B16, B32, B64, F32, F64, B128, U16, S16, U32, S32, U64,
                   S64] in
        if !and(!le(!mul(t.Bits, v.N), 128),
                !or(!ne(t.Bits, 128), !eq(v.N, 1))) then {
          defvar ord = Orderings<!if(acc.IsLoad, ["relaxed", "acquire"],
                                     ["relaxed", "release"]),
                                 !eq(t.Bits, 128)>;
          def acc.Name # "Ordered" # ss.Name # v.N # !cast<string>(t)
              : Form<acc.Name,
                     !listconcat([Slot<FlagSlot, ord.Quals, 1, "order">],
                                 ss.Slots, v.Slots),
                     [t],
                     !if(acc.IsLoad,
                         [Reg<"d", Def, t, v.N>,
                          Mem<"a", Use, t, v.N, ss.Space>],
                         [Mem<"a", Def, t, v.N, ss.Space>,
                          Reg<"b", Use, t, v.N>]),
                     !if(!eq(t.Bits, 128), 83, 10),
                     !if(!eq(t.Bits, 128), 70, 10), acc.Sem,
                     !if(acc.IsLoad, DocOrderedLd, DocOrderedSt)> {
            let QualFloors = ord.Floors;
            let Polls = acc.IsLoad;
          }
        }

/// A thread suspends itself for a while: nothing is computed.
def SemSleep : DataMovement<"sleep">;

// nanosleep.u32 t: the thread sleeps for about t nanoseconds (the ISA: in
// [0, 2t], at most 1 ms); t a register or an immediate. PTX ISA 6.3, sm_70
// (ptxas 13.0 rejects .s32, .b32, .u64 and no type).
def Nanosleep : Form<"nanosleep", [], [U32], [Reg<"t", Use, U32>], 63, 70,
                     SemSleep, "9.7.19 nanosleep"> {
  let NaNResult = NaNNone;
  let Sass = "NANOSLEEP";
}

/// The thread aborts the kernel: the launch fails. The CPU backend stops
/// the program with an error naming the thread and the instruction.
def SemTrap : DataMovement<"trap">;

// trap: an abort, most often under a predicate (`@!p trap`, a failed
// assertion). PTX ISA 1.0, sm_10.
// ptxas 13.0 emits one BPT.TRAP.
def Trap : Form<"trap", [], [], [], 10, 10, SemTrap, "9.7.19.4 trap"> {
  let NaNResult = NaNNone;
  let Sass = "BPT";
}

#endif // TILE_PTX_BARRIER_TD
