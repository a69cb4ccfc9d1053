//===- Async.td - cp.async and its groups ---------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// cp.async (PTX ISA 9.7.9.25.3): a thread copies 4, 8 or 16 bytes from
// global to shared memory without waiting for them; cp.async.commit_group
// closes the thread's pending copies into a group and cp.async.wait_group N
// waits until at most N groups are pending (wait_all: none).
//
// The copy's size is the memory operands' atom (32-bit elements: 1, 2 or 4)
// and the `cp-size` immediate, which must agree; the forms of one spelling
// are told apart by their operands (sizes, and a trailing `src-size` or
// `ignore-src`). With `src-size` only that many bytes are read and the rest
// of the destination is zero; with `ignore-src` true nothing is read and the
// destination is zero.
//
// Floors measured with ptxas 13.0 (docs/PtxasScan-async.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_ASYNC_TD
#define TILE_PTX_ASYNC_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Matrix.td"
include "tile/Ptx/DataMovement.td"

def ASYNC : Qual<"async">;
def CommitGroup : Qual<"commit_group">;
def WaitGroup : Qual<"wait_group">;
def WaitAll : Qual<"wait_all">;

/// The copy: the destination's bytes are the source's first `src-size`
/// (all without one, none with `ignore-src` true), then zeros.
def SemAsyncCopy : DataMovement<"async_copy">;
/// commit_group, wait_group, wait_all: no data, only ordering.
def SemAsyncGroup : DataMovement<"async_group">;

defvar DocCpAsync = "9.7.9.25.3 cp.async";
defvar DocCpAsyncGroup = "9.7.9.25.4 cp.async.commit_group, wait_group";

/// The optional trailing source of a copy.
class CopyTail<string name, list<Operand> operands, int ptx> {
  string Name = name;
  list<Operand> Operands = operands;
  int Ptx = ptx;
}
// ignore-src from PTX ISA 7.5 (measured: ptxas 13.0 rejects it at 7.4).
// The tails' order in the operand list is the ISA's: src-size or
// ignore-src, then the cache policy.
class LimitReg<string name, PtxType type> : Reg<name, Use, type> {
  let SourceLimit = 1;
}
defvar CopyTails = [CopyTail<"", [], 70>,
                    CopyTail<"SrcSize", [LimitReg<"src-size", U32>], 70>,
                    CopyTail<"IgnoreSrc", [LimitReg<"ignore-src", Pred>], 75>];


class CpAsyncForm<Qual cacheOp, int bytes, CopyTail tail, CacheHint hint>
    : Form<"cp", !listconcat([Req<ASYNC>, Slot<CacheOpSlot, [cacheOp], 1>,
                              Slot<StateSpaceSlot, [Shared, SharedCta], 1>,
                              Slot<StateSpaceSlot, [Global], 1, "global">],
                             hint.Slots,
                             [Slot<FlagSlot, [L2Prefetch64B, L2Prefetch128B,
                                              L2Prefetch256B], 0,
                                   "level::prefetch_size">]),
           [],
           !listconcat([Mem<"dst", Def, B32, !div(bytes, 4), SharedSpace>,
                        Mem<"src", Use, B32, !div(bytes, 4), GlobalSpace>,
                        Imm<"cp-size", U32, bytes, bytes>],
                       tail.Operands, hint.Operands),
           !if(!gt(hint.Ptx, tail.Ptx), hint.Ptx, tail.Ptx), 80, SemAsyncCopy,
           DocCpAsync> {
  let Variant =
      !tolower(!cast<string>(cacheOp)) # bytes # tail.Name # hint.Name;
  // .shared::cta from the first cp.async (ptxas 13.0 takes it at PTX ISA
  // 7.0, unlike ldmatrix's, which needs 7.8); the prefetch sizes from 7.4.
  let QualFloors = [QualFloor<L2Prefetch64B, 74, 80>,
                    QualFloor<L2Prefetch128B, 74, 80>,
                    QualFloor<L2Prefetch256B, 74, 80>];
  let Sass = "LDGSTS";
  let NaNResult = NaNNone;
}

foreach tail = CopyTails in
foreach hint = [CacheHint<0>, CacheHint<1>] in {
  foreach bytes = [4, 8, 16] in
    def CpAsyncCa # bytes # tail.Name # hint.Name
        : CpAsyncForm<CA, bytes, tail, hint>;
  def CpAsyncCg16 # tail.Name # hint.Name : CpAsyncForm<CG, 16, tail, hint>;
}

class CpAsyncGroupForm<Qual q, list<Operand> operands>
    : Form<"cp", [Req<ASYNC>, Req<q>], [], operands, 70, 80, SemAsyncGroup,
           DocCpAsyncGroup> {
  let NaNResult = NaNNone;
}
def CpAsyncCommitGroup : CpAsyncGroupForm<CommitGroup, []> {
  let Sass = "LDGDEPBAR";
}
/// N: at most N of the thread's groups stay pending; an immediate, which
/// ptxas 13.0 takes over the whole u32 range (measured: 0 to 4294967295).
def CpAsyncWaitGroup
    : CpAsyncGroupForm<WaitGroup, [Imm<"N", U32, 0, 4294967295>]> {
  let Sass = "DEPBAR";
}
def CpAsyncWaitAll : CpAsyncGroupForm<WaitAll, []> {
  let Sass = "DEPBAR";
}

def MBARRIER : Qual<"mbarrier">;
def ARRIVE : Qual<"arrive">;
def NOINC : Qual<"noinc">;
/// cp.async.mbarrier.arrive: an arrive-on operation on the mbarrier object
/// at `addr`, triggered when all the thread's prior cp.async copies have
/// completed. Without .noinc the object's pending count is raised by one
/// first, so the arrival does not count toward the phase; with .noinc it
/// does. The object's 64 bits are the hardware's; nothing is read or
/// written that tile IR sees.
def SemAsyncArrive : DataMovement<"async_arrive">;
defvar DocCpAsyncMbarrier = "9.7.9.25.3.1 cp.async.mbarrier.arrive";
/// Measured with ptxas 13.0: PTX ISA 7.0 and sm_80, .shared::cta from 7.8
/// (as ldmatrix's), .shared::cluster rejected. The SASS is ARRIVES
/// (.ARVCNT with .noinc, .TRANSCNT after a SYNCS.ARRIVE without).
def CpAsyncMbarrierArrive
    : Form<"cp", [Req<ASYNC>, Req<MBARRIER>, Req<ARRIVE>,
                  Slot<FlagSlot, [NOINC], 0>,
                  Slot<StateSpaceSlot, [Shared, SharedCta], 1>],
           [B64], [Mem<"addr", Use, B64, 1, SharedSpace>], 70, 80,
           SemAsyncArrive, DocCpAsyncMbarrier> {
  let QualFloors = [QualFloor<SharedCta, 78, 80>];
  let MbarrierOp = MbOpAsyncArrive;
  let Sass = "ARRIVES";
  let NaNResult = NaNNone;
}
// As for ldmatrix: the operand is a workgroup memref, so generic
// addressing (no state space) is not offered.
def : Rejected<"cp", [B64], [MBARRIER], [],
  "generic addressing (no state space) is not supported: the mbarrier "
  "operand is a workgroup memref, so write .shared (or .shared::cta)"> {
  let Documented = 1;
  let NoneOf = [Shared, SharedCta];
}
// Measured (docs/PtxasScan-async.md): ptxas 13.0 also accepts the state
// space after the type suffix.
def : Rejected<"cp", [B64], [Shared, SharedCta], [MBARRIER],
  "the ISA writes the state space before the type suffix "
  "(cp.async.mbarrier.arrive.shared.b64); ptxas 13.0 accepts it after"> {
  let Misplaced = 1;
}

#endif // TILE_PTX_ASYNC_TD
