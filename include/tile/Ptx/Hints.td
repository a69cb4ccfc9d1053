//===- Hints.td - prefetch, createpolicy, griddepcontrol ---*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// Instructions that change no data a program sees: prefetches into a cache
// level, the cache policies that `.L2::cache_hint` operands carry, the
// programmatic dependent launch controls of a grid; and discard, which
// leaves a line's bytes indeterminate.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_HINTS_TD
#define TILE_PTX_HINTS_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/DataMovement.td"
include "tile/Ptx/Bulk.td"
include "tile/Ptx/Hopper.td"

/// A prefetch: a line is brought into a cache level; nothing is computed
/// and no memory changes (the CPU backend does nothing).
def SemPrefetch : DataMovement<"prefetch">;
/// griddepcontrol: the grid waits for its prerequisite grids, or lets its
/// dependents launch. The CPU backend runs one grid after the other, so
/// each prerequisite has completed, and a dependent starts after this grid
/// whatever it says: nothing to do.
def SemGridDependency : DataMovement<"grid_dependency">;
/// discard: the L2 line's bytes are no longer kept. The ISA: the line then
/// holds "an unstable indeterminate value" (a weak write of one), so a
/// later read may see any bytes. The CPU backend keeps the bytes, which
/// is one such value; what the H200 reads back is measured (below).
def SemDiscard : DataMovement<"discard">;
/// createpolicy: a cache policy, an opaque 64-bit value for
/// `.L2::cache_hint` operands.
def SemCachePolicy : DataMovement<"cache_policy">;

defvar DocPrefetch = "9.7.9.15 prefetch, prefetchu";
def L1Level : Qual<"L1">;
def L2EvictLast : Qual<"L2::evict_last">;
def L2EvictNormal : Qual<"L2::evict_normal">;
def L2EvictFirst : Qual<"L2::evict_first">;
def L2EvictUnchanged : Qual<"L2::evict_unchanged">;
def TensorMapQ : Qual<"tensormap">;

/// The address a prefetch names: any element type, nothing read.
class PrefetchMem<SpaceKind space> : Mem<"a", Use, B8, 1, space> {
  let AnyElement = 1;
}

class PrefetchForm<list<Slot> slots, list<Operand> operands, int ptx, int sm,
                   string sass>
    : Form<"prefetch", slots, [], operands, ptx, sm, SemPrefetch,
           DocPrefetch> {
  let NaNResult = NaNNone;
  let Sass = sass;
}

// prefetch.global.{L1,L2} [a]: the line at a into that level. PTX ISA 2.0,
// sm_20. (.local and generic addresses are not supported: a tile-mlir
// address is a global or shared memref; ptxas 13.0 rejects .shared.)
def PrefetchGlobal
    : PrefetchForm<[Space<Global>, Slot<FlagSlot, [L1Level, L2Level], 1,
                                        "level">],
                   [PrefetchMem<GlobalSpace>], 20, 20, "CCTL">;
// prefetch.global.L2::evict_{last,normal} [a]: into L2 with that eviction
// priority. PTX ISA 7.4, sm_80 (measured: ptxas 13.0 rejects 7.3 and sm_75;
// it also takes them without .global, which the ISA's syntax line does not
// show).
def PrefetchGlobalEvict
    : PrefetchForm<[Space<Global>, Slot<FlagSlot, [L2EvictLast, L2EvictNormal],
                                        1, "level::eviction_priority">],
                   [PrefetchMem<GlobalSpace>], 74, 80, "CCTL">;
// prefetch.{L1,L2} [a] with no state space: a generic address, of a
// global or a shared memref (the ISA: a prefetch of a shared location
// does nothing). PTX ISA 2.0, sm_20.
def PrefetchGeneric
    : PrefetchForm<[Slot<FlagSlot, [L1Level, L2Level], 1, "level">],
                   [PrefetchMem<GenericSpace>], 20, 20, "CCTL">;
// prefetchu.L1 [a]: the line at a generic address into the uniform
// cache (nothing where it maps to shared memory). PTX ISA 2.0, sm_20.
def PrefetchuL1
    : Form<"prefetchu", [Req<L1Level>], [], [PrefetchMem<GenericSpace>], 20,
           20, SemPrefetch, DocPrefetch> {
  let NaNResult = NaNNone;
}
// applypriority.global.L2::evict_normal [a], 128: the L2 line at a gets
// the normal eviction priority; the size is 128 (the only one the ISA
// allows; ptxas 13.0 rejects a register and any other value). PTX ISA
// 7.4, sm_80 (measured: ptxas 13.0 rejects 7.3 and sm_75). The spelling
// without .global takes a generic address, which must be a global one:
// tile-mlir writes .global.
defvar DocApplyPriority = "9.7.9.16 applypriority";
def ApplyPriorityGlobal
    : Form<"applypriority", [Space<Global>, Req<L2EvictNormal>], [],
           [PrefetchMem<GlobalSpace>, Imm<"size", U32, 128, 128>], 74, 80,
           SemPrefetch, DocApplyPriority> {
  let NaNResult = NaNNone;
}
def : Rejected<"applypriority", [], [], [],
  "a generic address must be a global one here: write "
  "applypriority.global"> {
  let Documented = 1;
  let NoneOf = [Global];
}
// discard.global.L2 [a], 128 (9.7.9.17): the 128-byte L2 line at a (a
// global memref's element, 128-byte aligned) is dropped without being
// written back; 128 is the only size (ptxas 13.0 rejects any other). PTX
// ISA 7.4, sm_80 (measured: ptxas 13.0 rejects 7.3 and sm_75). The
// spelling without .global takes a generic address, which must be a
// global one: tile-mlir writes .global.
def DiscardGlobalL2
    : Form<"discard", [Space<Global>, Req<L2Level>], [],
           [PrefetchMem<GlobalSpace>, Imm<"size", U32, 128, 128>], 74, 80,
           SemDiscard, "9.7.9.17 discard"> {
  let NaNResult = NaNNone;
}
def : Rejected<"discard", [], [], [],
  "a generic address must be a global one here: write "
  "discard.global.L2"> {
  let Documented = 1;
  let NoneOf = [Global];
}

// prefetch.tensormap [a]: a tensor map (a CUtensorMap in global memory or
// a grid-constant kernel parameter, at its generic address) into the cache
// that TMA reads it from. PTX ISA 8.0, sm_90.
class PrefetchTensorMapMem : PrefetchMem<GlobalSpace> {
  let GenericAddress = 1;
}
def PrefetchTensormap
    : PrefetchForm<[Req<TensorMapQ>], [PrefetchTensorMapMem<>], 80, 90,
                   "CCTL">;

// griddepcontrol.wait: waits until the prerequisite grids have completed
// and their memory is visible; griddepcontrol.launch_dependents: the
// dependent grids may launch once every CTA has issued it or completed.
// PTX ISA 7.8, sm_90 (measured: ptxas 13.0 rejects 7.7 and sm_80).
defvar DocGridDep = "9.7.13.13 griddepcontrol";
def GridDepLaunchDependents : Qual<"launch_dependents">;
class GridDepForm<Qual q>
    : Form<"griddepcontrol", [Req<q>], [], [], 78, 90, SemGridDependency,
           DocGridDep> {
  let NaNResult = NaNNone;
}
def GriddepcontrolWait : GridDepForm<BarrierWait>;
def GriddepcontrolLaunchDependents : GridDepForm<GridDepLaunchDependents>;

// The policy's bits, measured on an H100 (sm_90) with nvcc's build of
// utils/measure/policy_facts: each of the 10 priority pairs of the forms
// below at the 1024 fractions k/1024 and 1024 random ones (20480 policies)
// fits the layout; so do 1024 range policies (evict_last.evict_first;
// sizes over powers of two and random ones with 0 < primary <= total,
// addresses over every bit). createpolicy.cvt.L2 returned its access
// property unchanged (1024 values).
def : QualTable<L2EvictUnchanged, [0]>;
def : QualTable<L2EvictFirst, [1]>;
def : QualTable<L2EvictLast, [2]>;
def : QualTable<L2EvictNormal, [3]>;
def : CachePolicyLayout<0x10, 3, 1, 52, 4, 19, 7, 44, 37,
    "docs/gpu-logs/2026-12-05-policy-facts.txt.xz (H100, CUDA 13.0)">;

// createpolicy (9.7.9.18): a cache policy for .L2::cache_hint operands.
// PTX ISA 7.4, sm_80 (measured: ptxas 13.0 rejects 7.3 and sm_75). The
// primary priority applies to the fraction of the accesses (or the
// primary range), the secondary one (evict_first or evict_unchanged; ptxas
// 13.0 rejects the others) to the rest. The policy's bits are the GPU's
// encoding, which the ISA does not give.
defvar DocCreatePolicy = "9.7.9.18 createpolicy";
def Fractional : Qual<"fractional">;
def RangeQ : Qual<"range">;
def CvtQ : Qual<"cvt">;

/// A primary priority and an optional secondary one. Each combination is a
/// form of its own, its priorities required slots: the same qualifier can
/// be either (`.L2::evict_first.L2::evict_unchanged` and
/// `.L2::evict_unchanged.L2::evict_first` are different policies), and the
/// order written picks the form. A secondary equal to the primary
/// (`.L2::evict_first.L2::evict_first`, which ptxas 13.0 accepts) is not
/// supported: its policy bits are not measured.
class Priorities<Qual primary, list<Qual> secondary> {
  list<Slot> Slots = !listconcat([Req<primary>],
                                 !foreach(q, secondary, Req<q>));
  string Name = !subst("L2Evict", "", !cast<string>(primary)) #
                !interleave(!foreach(q, secondary,
                                     !subst("L2Evict", "", !cast<string>(q))),
                            "");
}
defvar PolicyPriorities = [
  Priorities<L2EvictLast, []>, Priorities<L2EvictLast, [L2EvictFirst]>,
  Priorities<L2EvictLast, [L2EvictUnchanged]>,
  Priorities<L2EvictNormal, []>, Priorities<L2EvictNormal, [L2EvictFirst]>,
  Priorities<L2EvictNormal, [L2EvictUnchanged]>,
  Priorities<L2EvictFirst, []>, Priorities<L2EvictFirst, [L2EvictUnchanged]>,
  Priorities<L2EvictUnchanged, []>,
  Priorities<L2EvictUnchanged, [L2EvictFirst]>];

class PolicyForm<list<Slot> slots, list<Operand> sources, string variant>
    : Form<"createpolicy", slots, [B64],
           !listconcat([Reg<"cache-policy", Def, B64>], sources), 74, 80,
           SemCachePolicy, DocCreatePolicy> {
  let NaNResult = NaNNone;
  let Variant = variant;
}
foreach pr = PolicyPriorities in {
  // The fraction of accesses (an f32 in (0, 1]) that get the primary
  // priority; 1.0 without it.
  def CreatePolicyFractional # pr.Name
      : PolicyForm<!listconcat([Req<Fractional>], pr.Slots),
                   [Reg<"fraction", Use, F32>], "">;
  def CreatePolicyFractionalAll # pr.Name
      : PolicyForm<!listconcat([Req<Fractional>], pr.Slots), [], "All">;
  // The primary priority for primary-size bytes from a, the secondary for
  // the rest of total-size bytes.
  def CreatePolicyRange # pr.Name
      : PolicyForm<!listconcat([Req<RangeQ>, Space<Global>], pr.Slots),
                   [PrefetchMem<GlobalSpace>, Reg<"primary-size", Use, B32>,
                    Reg<"total-size", Use, B32>], "">;
}
// A CUDA access property (cudaAccessPolicyWindow's) as a policy.
def CreatePolicyCvt
    : PolicyForm<[Req<CvtQ>, Req<L2Level>],
                 [Reg<"access-property", Use, B64>], "">;

#endif // TILE_PTX_HINTS_TD
