//===- CtaBarrier.td - bar.red: the CTA barrier that reduces -*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// bar.red and barrier.red (PTX ISA 9.7.13.1): the threads of the CTA meet
// at barrier `a` (of `b` threads, all of the CTA without it) and each
// gets the reduction of their predicates `c`: .popc.u32 the number of
// true ones, .and.pred / .or.pred whether all / any are true (CUDA's
// __syncthreads_count, __syncthreads_and, __syncthreads_or).
//
//   bar{.cta}.red.popc.u32              d, a{, b}, {!}c;
//   bar{.cta}.red.op.pred               p, a{, b}, {!}c;
//   barrier{.cta}.red.popc{.aligned}.u32 d, a{, b}, {!}c;  (and .op)
//
// The plain CTA barrier (bar.sync, barrier.sync) is gpu.barrier, not a
// tile.apply instruction. The CPU backend runs the block's threads
// together and meets them at the instruction; it models `b` equal to the
// block's threads only. The thread count is kept in a register: ptxas
// 13.0 rejects a constant that is not a multiple of the warp size
// (measured), which the verifier does not check. Floors measured with ptxas
// 13.0
// (docs/PtxasScan-atomic.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_CTABARRIER_TD
#define TILE_PTX_CTABARRIER_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Compare.td"
include "tile/Ptx/Mma.td"
include "tile/Ptx/Barrier.td"

/// A barrier of the CTA's threads that reduces their predicates.
def SemBarrierReduce : DataMovement<"barrier_reduce"> {
  let CtaBarrier = 1;
}

def RED : Qual<"red">;
def POPC : Qual<"popc">;

defvar DocBarRed = "9.7.13.1 bar, barrier";

/// A reduction of `m` with `slots` (the operation and, for barrier,
/// .aligned), type `t` and destination `d`; `count` adds the thread count
/// b.
class BarRedForm<string m, list<Slot> slots, PtxType t, Operand d, bit count,
                 int ptx, int sm>
    : Form<m, !listconcat([Opt<CTA>, Req<RED>], slots), [t],
           !listconcat([d, Reg<"a", Use, U32>],
                       !if(count, [RegOnly<"b", U32>], []),
                       [NegReg<"c", Pred>]),
           ptx, sm, SemBarrierReduce, DocBarRed> {
  let QualFloors = [QualFloor<CTA, 78, 20>];
  let NaNResult = NaNNone;
  let Variant = !if(count, "count", "");
}

foreach m = ["bar", "barrier"] in
foreach count = [0, 1] in {
  defvar aligned = !if(!eq(m, "barrier"), [Opt<ALIGNED>], []<Slot>);
  defvar ptx = !if(!eq(m, "barrier"), 60, 20);
  defvar sm = !if(!eq(m, "barrier"), 30, 20);
  def BarRedPopc # m # count
      : BarRedForm<m, !listconcat([Req<POPC>], aligned), U32,
                   Reg<"d", Def, U32>, count, ptx, sm>;
  def BarRedPred # m # count
      : BarRedForm<m, !listconcat([Operator<[AND, OR], "op">], aligned), Pred,
                   Reg<"p", Def, Pred>, count, ptx, sm>;
}

// Measured (docs/PtxasScan-atomic.md): ptxas 13.0 also accepts the
// operator and .aligned after the type suffix (bar.red.u32.popc).
foreach m = ["bar", "barrier"] in
def : Rejected<m, [], [POPC, AND, OR, ALIGNED], [],
  "the ISA writes the reduction operator and .aligned before the type "
  "suffix (bar.red.popc.u32); ptxas 13.0 accepts them after"> {
  let Misplaced = 1;
}

#endif // TILE_PTX_CTABARRIER_TD
