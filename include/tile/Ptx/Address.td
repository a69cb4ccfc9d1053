//===- Address.td - Questions about generic addresses -----*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// isspacep (PTX ISA 9.7.9.19): whether a generic address falls in the
// window of a state space. The address is a memref's (a global or a
// workgroup one), converted to a generic address. cvta (9.7.9.20):
// conversions between a generic address and a .global or .shared one.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_ADDRESS_TD
#define TILE_PTX_ADDRESS_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Matrix.td"
include "tile/Ptx/Barrier.td"

/// isspacep: p is true where a's generic address lies in the space's
/// window. On the CPU backend a shared address is one in the block's shared
/// memory and a local one on the thread's stack; every other address of a
/// tile-mlir program is a global one (it has no .const or .param memory).
def SemSpaceQuery : DataMovement<"space_query">;

def ConstSpace : Qual<"const">;
def LocalSpace : Qual<"local">;
def ParamSpace : Qual<"param">;
def ParamEntry : Qual<"param::entry">;

/// The generic address of a global or shared memref, written bare: the
/// instruction computes with it, it does not access it.
class GenericAddress<string name> : Mem<name, Use, B64, 1, GenericSpace> {
  let AddressValue = 1;
  let AnyElement = 1;
}

// The host memory each space's window holds on the CPU backend (the codes
// of cpu::HostSpace): 0 global, 1 the CTA's own shared memory, 2 the
// thread's stack, 3 the shared memory of another CTA of its cluster; -1
// none (a tile-mlir program has no .const or .param memory it could take
// an address of). The .shared::cluster window holds the shared memory of
// every CTA of the cluster, the CTA's own included.
def : QualTable<Global, [0]>;
def : QualTable<Shared, [1]>;
def : QualTable<SharedCta, [1]>;
def : QualTable<SharedCluster, [1, 3]>;
def : QualTable<LocalSpace, [2]>;
def : QualTable<ConstSpace, [-1]>;
def : QualTable<ParamSpace, [-1]>;
def : QualTable<ParamEntry, [-1]>;

// isspacep.space p, a. PTX ISA 2.0, sm_20 (.const 3.1). Measured with
// ptxas 13.0: .shared::cta and .shared::cluster need PTX ISA 7.8 (and
// .shared::cluster sm_90), .param 7.7 and .param::entry 8.3 (the ISA's
// sm_70 for both is below the scan's reach).
def IsspacepForm
    : Form<"isspacep",
           [Slot<StateSpaceSlot, [ConstSpace, Global, LocalSpace, Shared,
                                  SharedCta, SharedCluster, ParamSpace,
                                  ParamEntry], 1, "space">],
           [], [Reg<"p", Def, Pred>, GenericAddress<"a">], 20, 20,
           SemSpaceQuery, "9.7.9.19 isspacep"> {
  let NaNResult = NaNNone;
  let QualFloors = [QualFloor<ConstSpace, 31, 20>,
                    QualFloor<SharedCta, 78, 20>,
                    QualFloor<SharedCluster, 78, 90>,
                    QualFloor<ParamSpace, 77, 70>,
                    QualFloor<ParamEntry, 83, 70>];
}

// cvta (9.7.9.20): a generic address to one of a state space
// (cvta.to.space) and back (cvta.space). Measured in ptxas 13.0's SASS for
// sm_90: .global both ways is the address unchanged; .to.shared keeps the
// generic address's low 32 bits (zero-extended); .shared makes the low 32
// bits of a the low half of a generic address whose high half is the
// shared window's (SR_SWINHI). So a shared address is the window offset
// on both backends (the CPU backend's arena is aligned as the window:
// SharedWindow). PTX ISA 2.0, sm_20; .shared::cta 7.8 (measured). The
// .to operand is a memref of the space (its generic address); the other
// direction takes the space's address as a 64-bit value. .local, .const,
// .param and .shared::cluster are not offered (tile-mlir has no addresses
// of them), nor .u32 (no 32-bit addresses on sm_90: ptxas rejects them).
def SemSpaceConvert : DataMovement<"space_convert">;
def CvtaTo : Qual<"to">;
defvar DocCvta = "9.7.9.20 cvta";
/// The generic address of an element of a memref of `space`, written bare.
class CvtaSpaceMem<SpaceKind space> : Mem<"a", Use, B64, 1, space> {
  let AddressValue = 1;
  let AnyElement = 1;
  let GenericAddress = 1;
}
class CvtaForm<list<Slot> slots, list<Operand> operands>
    : Form<"cvta", slots, [U64], !listconcat([Reg<"d", Def, U64>], operands),
           20, 20, SemSpaceConvert, DocCvta> {
  let NaNResult = NaNNone;
  let QualFloors = [QualFloor<SharedCta, 78, 20>];
}
defvar CvtaShared = Slot<StateSpaceSlot, [Shared, SharedCta], 1, "space">;
def CvtaToGlobal
    : CvtaForm<[Req<CvtaTo>, Space<Global>], [CvtaSpaceMem<GlobalSpace>]>;
def CvtaToShared
    : CvtaForm<[Req<CvtaTo>, CvtaShared], [CvtaSpaceMem<SharedSpace>]>;
def CvtaGlobal : CvtaForm<[Space<Global>], [Reg<"a", Use, U64>]>;
def CvtaSharedToGeneric : CvtaForm<[CvtaShared], [Reg<"a", Use, U64>]>;
def : Rejected<"cvta", [], [LocalSpace, ConstSpace, ParamSpace, ParamEntry,
                            SharedCluster], [],
  "tile-mlir has no addresses of .local, .const, .param or "
  ".shared::cluster memory: cvta converts .global and .shared "
  "(.shared::cta) addresses"> {
  let Documented = 1;
}
def : Rejected<"cvta", [U32], [], [],
  "32-bit addresses are not supported (ptxas rejects them on sm_90): write "
  ".u64"> {
  let Documented = 1;
}

#endif // TILE_PTX_ADDRESS_TD
