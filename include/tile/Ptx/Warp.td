//===- Warp.td - Warp collectives -------------------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// shfl.sync (PTX ISA 9.7.9, Data Movement and Conversion), vote.sync,
// match.sync, redux.sync, activemask, elect.sync and bar.warp.sync (9.7.13,
// Parallel Synchronization and Communication): the threads of a warp named
// by a member mask meet (those of them that have not exited), and each
// lane's result depends on the others' sources. The reference computes the
// lanes that met at once; the CPU backend runs the threads of a block
// together for them.
//
// Floors measured with ptxas 13.0: shfl.sync, vote.sync and bar.warp.sync
// at PTX 6.0 (5.0 is rejected: "Feature 'shfl.sync' requires PTX ISA
// .version 6.0") and sm_30 (.target sm_30 assembles); match.sync at PTX 6.0
// and sm_70 ("Instruction 'match' requires .target sm_70 or higher");
// activemask at PTX 6.2 and sm_30; redux.sync at PTX 7.0 and sm_80, its
// .f32 forms at PTX 8.6 on sm_100a and from each one's own floor (8.8) on
// sm_100f, sm_103a and sm_103f ("Instruction 'redux.f32' not supported on
// .target 'sm_90'"; sm_110a and sm_120a reject it too); elect.sync at PTX
// 8.0 and sm_90. The forms without .sync (shfl, vote) are deprecated and
// rejected by ptxas 13.0 on sm_70 and newer from PTX 6.4: they are not in
// the table.
//
// What the ISA leaves open, measured on the H200 (utils/measure/warp_facts,
// docs/GPU-Results.md): a shfl.sync lane whose source lane does not execute
// the instruction (inactive, predicated off, exited, or past the block's
// end) reads 0; a source lane outside the reader's member mask that
// executes the same instruction converged with it gives its a (ptxas 13.0
// emits one SHFL for the converged warp). vote, match and redux honour each
// lane's own mask (ptxas emits WARPSYNC.EXCLUSIVE). elect.sync elects the
// lowest lane of the mask that has not exited.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_WARP_TD
#define TILE_PTX_WARP_TD

include "tile/Ptx/PtxTypes.td"
include "tile/Ptx/Compare.td"

def SYNC : Qual<"sync">;
def UP : Qual<"up">;
def DOWN : Qual<"down">;
def BFLY : Qual<"bfly">;
def IDX : Qual<"idx">;
def VoteAll : Qual<"all">;
def VoteAny : Qual<"any">;
def UNI : Qual<"uni">;
def BALLOT : Qual<"ballot">;
def ReduxAdd : Qual<"add">;
def ReduxMin : Qual<"min">;
def ReduxMax : Qual<"max">;
def WARP : Qual<"warp">;

def SemShfl : Collective<"shfl", "shflWarp">;
def SemShflPair : Collective<"shfl_pair", "shflPairWarp">;
def SemVote : Collective<"vote", "voteWarp">;
def SemBallot : Collective<"ballot", "ballotWarp">;
def SemMatchAny : Collective<"match_any", "matchAnyWarp">;
def SemMatchAll : Collective<"match_all", "matchAllWarp">;
def SemMatchAllPair : Collective<"match_all_pair", "matchAllPairWarp">;
def SemRedux : Collective<"redux", "reduxWarp">;
def SemActiveMask : Collective<"activemask", "activeMaskWarp">;
def SemElect : Collective<"elect", "electWarp">;
def SemWarpSync : Collective<"warp_sync", "warpSyncWarp">;

defvar DocShfl = "9.7.9 shfl.sync";
defvar DocVote = "9.7.13 vote.sync";
defvar DocMatch = "9.7.13 match.sync";
defvar DocRedux = "9.7.13 redux.sync";
defvar DocActiveMask = "9.7.13 activemask";
defvar DocElect = "9.7.13 elect.sync";
defvar DocBarWarp = "9.7.13 bar.warp.sync";
defvar ShflModes = Operator<[UP, DOWN, BFLY, IDX], "mode">;

/// shfl.sync.mode.b32 d, a, b, c, membermask: d is a of the source lane
/// that b and c select (up: lane - b, down: lane + b, bfly: lane ^ b, idx:
/// b within the segment), or the lane's own a where that lane is out of
/// range. c holds the clamp (bits 0-4) and the segment mask (bits 8-12).
def ShflSyncB32
    : Form<"shfl", [Req<SYNC>, ShflModes], [B32],
           [Reg<"d", Def, B32>, Reg<"a", Use, B32>, Reg<"b", Use, B32>,
            Reg<"c", Use, B32>, MemberMaskReg<B32>],
           60, 30, SemShfl, DocShfl> {
  let NaNResult = NaNNone;
  let Sass = "SHFL";
}

/// shfl.sync.mode.b32 d|p, a, b, c, membermask: as above, and p is whether
/// the source lane was in range.
def ShflSyncPairB32
    : Form<"shfl", [Req<SYNC>, ShflModes], [B32],
           [PipedReg<"d", Def, B32>, Reg<"p", Def, Pred>, Reg<"a", Use, B32>,
            Reg<"b", Use, B32>, Reg<"c", Use, B32>, MemberMaskReg<B32>],
           60, 30, SemShflPair, DocShfl> {
  let NaNResult = NaNNone;
  let Variant = "pair";
  let Sass = "SHFL";
}

/// vote.sync.mode.pred d, {!}a, membermask: whether a holds in all, any,
/// or all or none (uni) of the lanes that meet.
def VoteSyncPred
    : Form<"vote", [Req<SYNC>, Operator<[VoteAll, VoteAny, UNI], "mode">],
           [Pred],
           [Reg<"d", Def, Pred>, NegReg<"a", Pred>, MemberMaskReg<B32>], 60,
           30, SemVote, DocVote> {
  let NaNResult = NaNNone;
  let Sass = "VOTE";
}

/// vote.sync.ballot.b32 d, {!}a, membermask: bit i of d is a of lane i,
/// for the lanes that meet (0 elsewhere).
def VoteSyncBallotB32
    : Form<"vote", [Req<SYNC>, Operator<[BALLOT], "mode">], [B32],
           [Reg<"d", Def, B32>, NegReg<"a", Pred>, MemberMaskReg<B32>], 60,
           30, SemBallot, DocVote> {
  let NaNResult = NaNNone;
  let Sass = "VOTE";
}

/// match.any.sync.type d, a, membermask: bit i of d is set where lane i met
/// and its a equals this lane's.
foreach t = [B32, B64] in
def MatchAnySync # t
    : Form<"match", [Req<VoteAny>, Req<SYNC>], [t],
           [Reg<"d", Def, B32>, Reg<"a", Use, t>, MemberMaskReg<B32>], 60, 70,
           SemMatchAny, DocMatch> {
  let NaNResult = NaNNone;
  let Sass = "MATCH";
}

/// match.all.sync.type d, a, membermask: d is the lanes that met where all
/// their a are equal, else 0; with d|p, p is whether they are.
foreach t = [B32, B64] in {
def MatchAllSync # t
    : Form<"match", [Req<VoteAll>, Req<SYNC>], [t],
           [Reg<"d", Def, B32>, Reg<"a", Use, t>, MemberMaskReg<B32>], 60, 70,
           SemMatchAll, DocMatch> {
  let NaNResult = NaNNone;
  let Sass = "MATCH";
}
def MatchAllSyncPair # t
    : Form<"match", [Req<VoteAll>, Req<SYNC>], [t],
           [PipedReg<"d", Def, B32>, Reg<"p", Def, Pred>, Reg<"a", Use, t>,
            MemberMaskReg<B32>], 60, 70, SemMatchAllPair, DocMatch> {
  let NaNResult = NaNNone;
  let Variant = "pair";
  let Sass = "MATCH";
}
}

/// redux.sync.op.type d, a, membermask: op of a over the lanes that met
/// (add wraps to 32 bits; min and max compare as the type).
/// With a runtime member mask ptxas 13.0 emits a REDUX.OR of the mask (is
/// it uniform?), the reduction on the converged path and again on the
/// divergent one: three REDUX (CREDUX for min and max on sm_100).
class ReduxIntForm<PtxType t, list<Qual> ops>
    : Form<"redux", [Req<SYNC>, Operator<ops, "op">], [t],
           [Reg<"d", Def, t>, Reg<"a", Use, t>, MemberMaskReg<B32>], 70, 80,
           SemRedux, DocRedux> {
  let NaNResult = NaNNone;
  let Sass = "REDUX|CREDUX";
  let SassCopies = 3;
}
foreach t = [U32, S32] in
def ReduxSync # t : ReduxIntForm<t, [ReduxAdd, ReduxMin, ReduxMax]>;
def ReduxSyncB32 : ReduxIntForm<B32, [AND, OR, XOR]>;

/// redux.sync.op{.abs}{.NaN}.f32 d, a, membermask: the least or greatest a
/// (+0 above -0; .abs: of |a|), NaN sources left out (the canonical NaN if
/// all are NaN); with .NaN, the canonical NaN if any is. Not on sm_90: the
/// reference follows the ISA's text.
def ReduxSyncF32
    : Form<"redux", [Req<SYNC>, Operator<[ReduxMin, ReduxMax], "op">,
                     Opt<Abs>, Opt<NaN>],
           [F32], [Reg<"d", Def, F32>, Reg<"a", Use, F32>, MemberMaskReg<B32>],
           86, 100, SemRedux, DocRedux> {
  let ArchChips = ["sm_100a", "sm_100f", "sm_103a", "sm_103f"];
  let Accuracy = IsaTextUnmeasured;
  let NaNResult = NaNCanonical;
}

/// activemask.b32 d: bit i of d is set where lane i executes the
/// instruction together with this lane. Not a meeting: no member mask.
/// ptxas 13.0 emits it as VOTE.ANY and merges repeated ones into one, so
/// SASS certification cannot count it (no Sass).
def ActiveMaskB32 : Form<"activemask", [], [B32], [Reg<"d", Def, B32>], 62,
                         30, SemActiveMask, DocActiveMask> {
  let NaNResult = NaNNone;
}

/// elect.sync d|p, membermask: d is the lane the lanes that met elect (the
/// lowest, measured), p whether it is this lane.
def ElectSync
    : Form<"elect", [Req<SYNC>], [],
           [PipedReg<"d", Def, B32>, Reg<"p", Def, Pred>, MemberMaskReg<B32>],
           80, 90, SemElect, DocElect> {
  let NaNResult = NaNNone;
  let Sass = "ELECT";
}

/// bar.warp.sync membermask: the lanes of the mask meet; nothing is
/// computed. ptxas 13.0 emits no instruction of its own for it on sm_90 (a
/// NOP, or WARPSYNC where the lanes may diverge).
def BarWarpSync : Form<"bar", [Req<WARP>, Req<SYNC>], [], [MemberMaskReg<B32>],
                       60, 30, SemWarpSync, DocBarWarp> {
  let NaNResult = NaNNone;
}


#endif // TILE_PTX_WARP_TD
