//===- CtaBarrier.td - bar, barrier: named CTA barriers --*- tablegen -*-===//
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
// The CPU backend runs the block's threads together and meets them at the
// instruction; for bar.red it models `b` equal to the block's threads only.
// The thread count is kept in a register: ptxas 13.0 rejects a constant
// that is not a multiple of the warp size (measured), which the verifier
// does not check. Floors measured with ptxas 13.0
// (docs/PtxasScan-atomic.md).
//
// Named barriers (the same section): the warps of the CTA meet at barrier
// `a` (0..15), `b` threads of them (a multiple of the warp size; all of the
// CTA without it):
//
//   bar{.cta}.sync      a{, b};       barrier{.cta}.sync{.aligned}   a{, b};
//   bar{.cta}.arrive    a, b;         barrier{.cta}.arrive{.aligned} a, b;
//
// .sync waits for the barrier to complete, .arrive only counts its warp. A
// warp arrives once all its threads that have not exited have executed the
// instruction, and counts as the warp size. bar.sync is barrier.sync.aligned
// (all threads of the warp at the same instruction). gpu.barrier, the
// barrier of the whole CTA, stays the way to write `bar.sync 0`. Measured
// with ptxas 13.0: a constant `a` above 15 and a constant `b` that is not a
// multiple of 32 are rejected, and so is `b` = 0 for .arrive; `b` = 0 and
// `b` above 1024 (no CTA has that many threads: the barrier never
// completes) are accepted, and the verifier rejects both.
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

/// The CTA's warps meet at a named barrier: they wait for it (.sync) or only
/// arrive (.arrive).
def SemBarrierSync : DataMovement<"barrier_sync"> {
  let CtaBarrier = 1;
}
def SemBarrierArrive : DataMovement<"barrier_arrive"> {
  let CtaBarrier = 1;
}

/// A named barrier's id: one of the CTA's 16 barriers.
def BarrierId : Reg<"a", Use, U32> {
  let ConstChecked = 1;
  let ImmMin = 0;
  let ImmMax = 15;
}

/// The number of threads that meet at a named barrier: whole warps, at most
/// a CTA's 1024 threads.
def BarrierThreads : Reg<"b", Use, U32> {
  let ConstChecked = 1;
  let ImmMin = 32;
  let ImmMax = 1024;
  let ImmMultiple = 32;
}

/// `m`.`op` (SYNC or ARRIVE) with `slots` after it; `count` adds b.
class NamedBarrierForm<string m, Qual op, list<Slot> slots, bit count,
                       int ptx, int sm>
    : Form<m, !listconcat([Opt<CTA>, Req<op>], slots), [],
           !listconcat([BarrierId], !if(count, [BarrierThreads], [])), ptx,
           sm, !if(!eq(op, SYNC), SemBarrierSync, SemBarrierArrive),
           DocBarRed> {
  let QualFloors = [QualFloor<CTA, 78, 20>];
  let NaNResult = NaNNone;
  let Variant = !if(count, "count", "");
  let Sass = "BAR";
  let WarpAligned = !eq(m, "bar");
}

def BarSync0 : NamedBarrierForm<"bar", SYNC, [], 0, 10, 10>;
def BarSync1 : NamedBarrierForm<"bar", SYNC, [], 1, 10, 10>;
def BarArrive : NamedBarrierForm<"bar", ARRIVE, [], 1, 20, 20>;
def BarrierSync0 : NamedBarrierForm<"barrier", SYNC, [Opt<ALIGNED>], 0, 60, 30>;
def BarrierSync1 : NamedBarrierForm<"barrier", SYNC, [Opt<ALIGNED>], 1, 60, 30>;
def BarrierArrive
    : NamedBarrierForm<"barrier", ARRIVE, [Opt<ALIGNED>], 1, 60, 30>;

// Grid synchronization (tile.grid_sync; cooperative_groups'
// `this_grid().sync()`, which TIRx's T.cuda.grid_sync() calls): every
// thread of every CTA of a cooperative launch meets. The code is nvcc
// 13.0's for sm_90 (measured from its PTX of cg::this_grid().sync()),
// with the same instructions in the same order. A cooperative launch gets
// a grid workspace from the driver, its address in %envreg1 (high word)
// and %envreg2 (low word); outside one the address is 0 and the code
// traps. The CTAs meet at the 32-bit word 4 bytes into it: thread (0,0,0)
// of each CTA adds 1 with a release at the GPU scope (CTA (0,0,0) adds
// 0x80000001 minus the grid's CTA count), so the word's top bit flips when
// the last CTA has added, and polls the word with acquire loads until it
// sees the flip; barrier.sync 0 holds the CTA's other threads before and
// after. Each meeting adds 2^31, so the word is ready for the next one.
// `Asm` is the code, one statement a line; `{uid}` in a label is a number
// unique to each copy of it. The floors are those of .release/.acquire
// at the GPU scope.
class GridBarrier<list<string> asm, int ptx, int sm> {
  list<string> Asm = asm;
  int Ptx = ptx;
  int Sm = sm;
}
def GridSync : GridBarrier<[
  "{",
  ".reg .pred %gs_p<3>;",
  ".reg .b32 %gs_r<4>;",
  ".reg .b64 %gs_a<2>;",
  "mov.u32 %gs_r0, %envreg1;",
  "mov.u32 %gs_r1, %envreg2;",
  "mov.b64 %gs_a0, {%gs_r1, %gs_r0};",
  "setp.eq.u64 %gs_p0, %gs_a0, 0;",
  "@%gs_p0 trap;",
  "barrier.sync 0;",
  "mov.u32 %gs_r0, %tid.x;",
  "mov.u32 %gs_r1, %tid.y;",
  "or.b32 %gs_r0, %gs_r0, %gs_r1;",
  "mov.u32 %gs_r1, %tid.z;",
  "or.b32 %gs_r0, %gs_r0, %gs_r1;",
  "setp.ne.u32 %gs_p0, %gs_r0, 0;",
  "@%gs_p0 bra GS_DONE_{uid};",
  "mov.u32 %gs_r0, %ctaid.x;",
  "mov.u32 %gs_r1, %ctaid.y;",
  "or.b32 %gs_r0, %gs_r0, %gs_r1;",
  "mov.u32 %gs_r1, %ctaid.z;",
  "or.b32 %gs_r0, %gs_r0, %gs_r1;",
  "setp.eq.u32 %gs_p1, %gs_r0, 0;",
  "mov.u32 %gs_r0, %nctaid.x;",
  "mov.u32 %gs_r1, %nctaid.y;",
  "mul.lo.u32 %gs_r0, %gs_r0, %gs_r1;",
  "mov.u32 %gs_r1, %nctaid.z;",
  "mul.lo.u32 %gs_r0, %gs_r0, %gs_r1;",
  "mov.u32 %gs_r1, -2147483647;",
  "sub.u32 %gs_r0, %gs_r1, %gs_r0;",
  "selp.b32 %gs_r0, %gs_r0, 1, %gs_p1;",
  "add.u64 %gs_a1, %gs_a0, 4;",
  "atom.add.release.gpu.u32 %gs_r2, [%gs_a1], %gs_r0;",
  "GS_POLL_{uid}:",
  "ld.acquire.gpu.u32 %gs_r3, [%gs_a1];",
  "xor.b32 %gs_r3, %gs_r3, %gs_r2;",
  "setp.gt.s32 %gs_p2, %gs_r3, -1;",
  "@%gs_p2 bra GS_POLL_{uid};",
  "GS_DONE_{uid}:",
  "barrier.sync 0;",
  "}"], 60, 70>;

#endif // TILE_PTX_CTABARRIER_TD
