//===- Atomic.td - atom and red: read-modify-write in memory -*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// atom (PTX ISA 9.7.13.5) and red (9.7.13.6): one element of global or
// shared memory becomes op(old, b) (cas: c where old equals b) in one
// indivisible step; atom also returns the old value in d.
//
//   atom{.sem.scope}.space.op.type d, [a], b;    atom...cas.type d, [a], b, c;
//   red{.sem.scope}.space.op.type  [a], b;
//
// The memory operand is a memref of the state space (its element at each
// index of the tile), read and written (ReadsDst): the CPU backend loads
// it, computes the element operation (`Element`, an instruction of this
// table, or one of exch, cas, inc, dec) and stores it without yielding to
// another thread. The ordering is one optional qualifier, `.sem.scope`,
// `.sem` or `.scope` (as the mbarrier orderings); none is `.relaxed.gpu`.
//
// .shared::cluster (another CTA's shared memory, or the CTA's own) takes
// the element's address in a 64-bit register, mapa's d, in brackets; the
// CPU backend reads and writes it there (SemClusterAtomic).
//
// Not offered yet, each a located error: generic addressing (no state
// space), the float adds on .shared::cluster (whether the H200 flushes
// subnormals there is not measured), .L2::cache_hint and .b128. The vector
// forms are at the end. Floors measured
// with ptxas 13.0 (docs/PtxasScan-atomic.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_ATOMIC_TD
#define TILE_PTX_ATOMIC_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Compare.td"
include "tile/Ptx/Warp.td"
include "tile/Ptx/Matrix.td"
include "tile/Ptx/Barrier.td"
include "tile/Ptx/Bulk.td"
include "tile/Ptx/Hopper.td"

/// A read-modify-write of memory: the CPU backend runs the form's Element.
def SemAtomic : DataMovement<"atomic">;

def EXCH : Qual<"exch">;
def CAS : Qual<"cas">;
def AcqRel : Qual<"acq_rel">;

defvar DocAtom = "9.7.13.5 atom";
defvar DocRed = "9.7.13.6 red";

/// The ordering of an atomic: `.sem.scope`, `.sem` or `.scope` (at most
/// one qualifier of this slot). `sems` are the semantics the
/// instruction takes (red: no .acquire or .acq_rel).
class AtomicOrder<list<string> sems>
    : Slot<FlagSlot,
           !listconcat(
             !foldl([]<Qual>, sems, acc, s,
                    !listconcat(acc, !foreach(scope, Scopes,
                                   !cast<Qual>("Ord_" # s # "_" # scope)))),
             !foreach(s, sems, !cast<Qual>(!if(!eq(s, "acq_rel"), "AcqRel",
                                               !toupper(s)))),
             [CTA, CLUSTER, GPU, SYS]),
           0, "sem.scope">;

/// The floors of the orderings: a scope from PTX ISA 5.0 and sm_60, a
/// semantics from 6.0 and sm_70, .cluster from 7.8 and sm_90.
class AtomicOrderFloors<list<string> sems> {
  list<QualFloor> List = !listconcat(
    [QualFloor<CTA, 50, 60>, QualFloor<GPU, 50, 60>, QualFloor<SYS, 50, 60>,
     QualFloor<CLUSTER, 78, 90>],
    !foreach(s, sems, QualFloor<!cast<Qual>(!if(!eq(s, "acq_rel"), "AcqRel",
                                                !toupper(s))), 60, 70>),
    !foldl([]<QualFloor>, sems, acc, s,
           !listconcat(acc, !foreach(scope, Scopes,
             QualFloor<!cast<Qual>("Ord_" # s # "_" # scope),
                       !if(!eq(scope, "cluster"), 78, 60),
                       !if(!eq(scope, "cluster"), 90, 70)>))));
}

/// One operation on one type: `op` on `type` stores `element` (an
/// instruction of this table on (old, b), or exch, cas, inc, dec), from PTX
/// ISA `ptx` and `sm`.
class AtomicOp<Qual op, PtxType type, string element, int ptx = 10,
               int sm = 10, bit noftz = 0> {
  Qual Op = op;
  PtxType Type = type;
  string Element = element;
  int Ptx = ptx;
  int Sm = sm;
  /// Written with .noftz (the half-precision adds, which keep subnormals).
  bit Noftz = noftz;
}

/// The operations red and atom share. atom.add.f32 and red.add.f32 flush
/// subnormal sources and results (the ISA's words; in shared memory the
/// H200 keeps them: AtomicForm's Element); the half-precision adds
/// (.noftz) keep them.
defvar AtomicArith = [
  AtomicOp<AND, B32, "and.b32">, AtomicOp<OR, B32, "or.b32">,
  AtomicOp<XOR, B32, "xor.b32">,
  AtomicOp<AND, B64, "and.b64", 31, 32>, AtomicOp<OR, B64, "or.b64", 31, 32>,
  AtomicOp<XOR, B64, "xor.b64", 31, 32>,
  AtomicOp<ReduxAdd, U32, "add.u32">, AtomicOp<ReduxAdd, S32, "add.s32">,
  AtomicOp<ReduxAdd, U64, "add.u64">,
  AtomicOp<ReduxAdd, F32, "add.rn.ftz.f32", 10, 20>,
  AtomicOp<ReduxAdd, F64, "add.rn.f64", 50, 60>,
  AtomicOp<INC, U32, "inc">, AtomicOp<DEC, U32, "dec">,
  AtomicOp<ReduxMin, U32, "min.u32">, AtomicOp<ReduxMin, S32, "min.s32">,
  AtomicOp<ReduxMax, U32, "max.u32">, AtomicOp<ReduxMax, S32, "max.s32">,
  AtomicOp<ReduxMin, U64, "min.u64", 31, 32>,
  AtomicOp<ReduxMin, S64, "min.s64", 31, 32>,
  AtomicOp<ReduxMax, U64, "max.u64", 31, 32>,
  AtomicOp<ReduxMax, S64, "max.s64", 31, 32>,
  AtomicOp<ReduxAdd, F16, "add.rn.f16", 63, 70, 1>,
  AtomicOp<ReduxAdd, F16x2, "add.rn.f16x2", 62, 60, 1>,
  AtomicOp<ReduxAdd, BF16, "add.rn.bf16", 78, 90, 1>,
  AtomicOp<ReduxAdd, BF16x2, "add.rn.bf16x2", 78, 90, 1>];
/// atom's own: exch and cas.
defvar AtomicSwap = [AtomicOp<EXCH, B32, "exch">, AtomicOp<EXCH, B64, "exch">,
                     AtomicOp<CAS, B32, "cas">, AtomicOp<CAS, B64, "cas">,
                     AtomicOp<CAS, B16, "cas", 63, 70>];

/// A state space of the memory operand: its qualifiers and memref space.
class AtomicSpace<string name, list<Qual> quals, SpaceKind space> {
  string Name = name;
  Slot Slot = Slot<StateSpaceSlot, quals, 1>;
  SpaceKind Space = space;
}
defvar AtomicSpaces = [AtomicSpace<"Global", [Global], GlobalSpace>,
                       AtomicSpace<"Shared", [Shared, SharedCta],
                                   SharedSpace>];
/// The element of memory: read, then written.
class AtomicMem<PtxType t, SpaceKind space> : Mem<"a", Def, t, 1, space> {
  let ReadsDst = 1;
}

/// atom or red (`name`) of `o` in `ss` over the orderings `sems`; the
/// operands `before` the memory element and `after` it.
class AtomicForm<string name, AtomicOp o, AtomicSpace ss, list<string> sems,
                 list<Operand> before, list<Operand> after, string doc>
    : Form<name, !listconcat([AtomicOrder<sems>, ss.Slot, Req<o.Op>],
                             !if(o.Noftz, [Req<NOFTZ>], []<Slot>)),
           [o.Type],
           !listconcat(before, [AtomicMem<o.Type, ss.Space>], after), o.Ptx,
           o.Sm, SemAtomic, doc> {
  let QualFloors = !listconcat(AtomicOrderFloors<sems>.List,
                               !if(!eq(ss.Name, "Shared"),
                                   [QualFloor<SharedCta, 78, 10>],
                                   []<QualFloor>));
  let NaNResult = !if(!or(!eq(o.Type, F32), !eq(o.Type, F64), o.Noftz),
                      NaNUnspecified, NaNNone);
  // Measured on the H200 (docs/GPU-Results.md, 2026-12-05): the f32 adds
  // flush subnormal sources and results in global memory, as the ISA
  // says, and keep them in shared memory.
  let Element = !if(!and(!eq(ss.Name, "Shared"),
                         !eq(o.Element, "add.rn.ftz.f32")),
                    "add.rn.f32", o.Element);
}

defvar AtomSems = ["relaxed", "acquire", "release", "acq_rel"];
foreach ss = AtomicSpaces in {
  foreach o = !listconcat(AtomicArith, AtomicSwap) in
  def Atom # ss.Name # !cast<string>(o.Op) # !cast<string>(o.Type)
      : AtomicForm<"atom", o, ss, AtomSems, [Reg<"d", Def, o.Type>],
                   !listconcat([Reg<"b", Use, o.Type>],
                               !if(!eq(o.Op, CAS), [Reg<"c", Use, o.Type>],
                                   [])),
                   DocAtom>;
  foreach o = AtomicArith in
  def Red # ss.Name # !cast<string>(o.Op) # !cast<string>(o.Type)
      : AtomicForm<"red", o, ss, ["relaxed", "release"], [],
                   [Reg<"b", Use, o.Type>], DocRed>;
}

// .shared::cluster: the integer, bitwise, exch and cas operations on the
// element at mapa's address; PTX ISA 7.8 and sm_90 (the space's floor).
/// A read-modify-write of the element at a .shared::cluster address.
def SemClusterAtomic : DataMovement<"cluster_atomic">;
class ClusterAtomicForm<string name, AtomicOp o, list<string> sems,
                        list<Operand> before, list<Operand> after,
                        string doc>
    : Form<name, [AtomicOrder<sems>, Space<SharedCluster>, Req<o.Op>],
           [o.Type], !listconcat(before, [ClusterAddr<>], after),
           !if(!gt(o.Ptx, 78), o.Ptx, 78), 90, SemClusterAtomic, doc> {
  let QualFloors = AtomicOrderFloors<sems>.List;
  let NaNResult = NaNNone;
  let Element = o.Element;
}
defvar FloatAdds = [F32, F64, F16, F16x2, BF16, BF16x2];
foreach o = !listconcat(AtomicArith, AtomicSwap) in
  if !empty(!filter(t, FloatAdds, !eq(t, o.Type))) then
    def AtomSharedCluster # !cast<string>(o.Op) # !cast<string>(o.Type)
        : ClusterAtomicForm<"atom", o, AtomSems, [Reg<"d", Def, o.Type>],
                            !listconcat([Reg<"b", Use, o.Type>],
                                        !if(!eq(o.Op, CAS),
                                            [Reg<"c", Use, o.Type>], [])),
                            DocAtom>;
foreach o = AtomicArith in
  if !empty(!filter(t, FloatAdds, !eq(t, o.Type))) then
    def RedSharedCluster # !cast<string>(o.Op) # !cast<string>(o.Type)
        : ClusterAtomicForm<"red", o, ["relaxed", "release"], [],
                            [Reg<"b", Use, o.Type>], DocRed>;

// red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes
// .op.type [a], b, [mbar] (9.7.13.7): the element at a (mapa's register,
// usually another CTA's shared memory) becomes op(old, b), and its bytes
// complete on the mbarrier at mbar (mapa's register too, in the same CTA
// as a), as st.async's do. The ISA's lines: .inc/.dec.u32, .min/.max
// .u32/.s32, .and/.or/.xor.b32, .add.u32/.s32/.u64. PTX ISA 8.1, sm_90
// (measured over every op with .u32, .s32, .u64, .s64, .b32, .b64 and
// .f32 at PTX ISA 8.0 and 8.1, sm_89 and sm_90: ptxas 13.0 rejects 8.0 and
// sm_89, and also accepts .add.s64, which the ISA does not document).
def SemAsyncReduce : DataMovement<"async_reduce">;
defvar RedAsyncTypes = [B32, U32, S32];
foreach o = AtomicArith in
  if !or(!not(!empty(!filter(t, RedAsyncTypes, !eq(t, o.Type)))),
         !and(!eq(o.Op, ReduxAdd), !eq(o.Type, U64))) then
    def RedAsyncSharedCluster # !cast<string>(o.Op) # !cast<string>(o.Type)
        : Form<"red", [Req<ASYNC>, Req<Ord_relaxed_cluster>,
                       Space<SharedCluster>, Req<CompleteTxBytes>,
                       Req<o.Op>],
               [o.Type], [ClusterAddr<>, Reg<"b", Use, o.Type>,
                          StAsyncMbar<>],
               81, 90, SemAsyncReduce, "9.7.13.7 red.async"> {
      let NaNResult = NaNNone;
      let Element = o.Element;
    }
def : Rejected<"red", [], [ASYNC], [],
  "generic addressing (no state space) is not supported: write "
  "red.async.relaxed.cluster.shared::cluster with mapa's registers"> {
  let Documented = 1;
  let NoneOf = [SharedCluster];
}
def : Rejected<"red", [S64], [ASYNC], [ReduxAdd],
  "the ISA's red.async adds .u32, .s32 and .u64 (ptxas 13.0 also accepts "
  ".add.s64)"> {
  let Documented = 1;
}

// The vector forms (9.7.13.5, 9.7.13.6): each element of a vector of .global
// memory becomes op(old, b) as the scalar form's does (each element one
// atomic update; the vector as a whole is not one), and atom returns the
// old vector. The ISA's lines, PTX ISA 8.1 and sm_90:
//   atom/red.global.add.{v2,v4}.f32;
//   atom/red.global.{add,min,max}.noftz.{v2,v4,v8}.{f16,bf16};
//   atom/red.global.{add,min,max}.noftz.{v2,v4}.{f16x2,bf16x2}.
// The f32 adds are taken to flush subnormals as the scalar .global add does
// (measured on the H200 for the scalar form; the GPU check compares the
// vector forms' results with the CPU backend's). The address must be
// aligned to the vector's size. Measured with ptxas 13.0: each of the 64
// (atom and red, op, vector, type) lines assembles at PTX ISA 8.1 for
// sm_90 and is rejected at 8.0 and for sm_89; .min.v4.f32, .add.v8.f32,
// .v8.f16x2 and .shared vectors are rejected.
/// One vector operation: `op` on `type` in vectors of `widths` elements.
class VecAtomicOp<Qual op, PtxType type, string element, list<int> widths,
                  bit noftz> {
  AtomicOp Op = AtomicOp<op, type, element, 81, 90, noftz>;
  list<int> Widths = widths;
}
defvar AtomicVectors = !listconcat(
  [VecAtomicOp<ReduxAdd, F32, "add.rn.ftz.f32", [2, 4], 0>],
  !foldl([]<VecAtomicOp>, [F16, BF16, F16x2, BF16x2], acc, t,
         !listconcat(acc,
           !foreach(op, [ReduxAdd, ReduxMin, ReduxMax],
             VecAtomicOp<op, t,
                         !cond(!eq(op, ReduxAdd) : "add.rn.",
                               !eq(op, ReduxMin) : "min.",
                               true : "max.") # !tolower(!cast<string>(t)),
                         !if(!or(!eq(t, F16), !eq(t, BF16)), [2, 4, 8],
                             [2, 4]), 1>))));
/// The memory operand of a vector atomic: `n` consecutive elements.
class AtomicVecMem<PtxType t, int n> : Mem<"a", Def, t, n, GlobalSpace> {
  let ReadsDst = 1;
}
foreach vo = AtomicVectors in
  foreach n = vo.Widths in {
    defvar o = vo.Op;
    defvar vec = !cast<Qual>("V" # n);
    defvar slots = !listconcat([AtomicOrder<AtomSems>, Slot<StateSpaceSlot,
                                [Global], 1>, Req<o.Op>],
                               !if(o.Noftz, [Req<NOFTZ>], []<Slot>),
                               [Vec<vec>]);
    def AtomGlobalV # n # !cast<string>(o.Op) # !cast<string>(o.Type)
        : Form<"atom", slots, [o.Type],
               [Reg<"d", Def, o.Type, n>, AtomicVecMem<o.Type, n>,
                Reg<"b", Use, o.Type, n>], 81, 90, SemAtomic, DocAtom> {
      let QualFloors = AtomicOrderFloors<AtomSems>.List;
      let Element = o.Element;
    }
    def RedGlobalV # n # !cast<string>(o.Op) # !cast<string>(o.Type)
        : Form<"red", !listconcat([AtomicOrder<["relaxed", "release"]>],
                                  !tail(slots)), [o.Type],
               [AtomicVecMem<o.Type, n>, Reg<"b", Use, o.Type, n>], 81, 90,
               SemAtomic, DocRed> {
      let QualFloors = AtomicOrderFloors<["relaxed", "release"]>.List;
      let Element = o.Element;
    }
  }

// The type-specific records first: the decoder gives the first that
// matches.
def : Rejected<"atom", [B128], [], [],
  "128-bit atom (.cas.b128, .exch.b128: sm_90) is not supported yet"> {
  let Documented = 1;
}
foreach m = ["atom", "red"] in {
  def : Rejected<m, [], [], [],
    "generic addressing (no state space) is not supported: the operand is "
    "a memref of its state space, so write .global or .shared"> {
    let Documented = 1;
    let NoneOf = [Global, Shared, SharedCta, SharedCluster, ASYNC];
  }
  foreach t = FloatAdds in
  def : Rejected<m, [t], [SharedCluster], [],
    "the float adds on '.shared::cluster' (another CTA's shared memory) "
    "are not supported yet: whether the H200 flushes subnormals there is "
    "not measured"> {
    let Documented = 1;
    let NoneOf = [ASYNC];
  }
  def : Rejected<m, [], [L2CacheHint], [],
    "'.L2::cache_hint' (with a cache-policy operand) is not supported "
    "yet"> {
    let Documented = 1;
  }
  def : Rejected<m, [], [V2, V4, V8], [],
    "the ISA's vector forms are of .global memory: .add.v2/.v4.f32, and "
    ".add/.min/.max.noftz of .v2/.v4/.v8 .f16 and .bf16 and of .v2/.v4 "
    ".f16x2 and .bf16x2"> {
    let Documented = 1;
  }
}

// Measured (docs/PtxasScan-atomic.md): ptxas 13.0 also accepts the
// operation and .noftz after the type suffix (atom.global.u32.add) and the
// scope
// before the semantics (atom.cta.acquire.global.add.u32).
defvar AtomicOpQuals = [AND, OR, XOR, EXCH, CAS, ReduxAdd, INC, DEC, ReduxMin,
                        ReduxMax, NOFTZ];
foreach m = ["atom", "red"] in {
  def : Rejected<m, [], AtomicOpQuals, [],
    "the ISA writes the operation (and .noftz) before the type suffix "
    "(atom.global.add.u32); ptxas 13.0 accepts them after"> {
    let Misplaced = 1;
  }
  foreach sem = [RELAXED, ACQUIRE, RELEASE, AcqRel] in
  def : Rejected<m, [], [CTA, CLUSTER, GPU, SYS], [sem],
    "the ISA writes an ordering as .sem.scope (.acquire.gpu); ptxas 13.0 "
    "also accepts the scope first">;
}


#endif // TILE_PTX_ATOMIC_TD
