//===- Warp.td - Warp collectives -------------------------*- tablegen -*-===//
//
// Part of tile-mlir.
//
//===----------------------------------------------------------------------===//
//
// shfl.sync (PTX ISA 9.7.9, Data Movement and Conversion) and vote.sync
// (9.7.13, Parallel Synchronization and Communication): the
// threads of a warp named by a member mask meet, and each lane's result
// depends on the others' sources. The reference computes the lanes that met
// at once; the CPU backend runs the threads of a block together for them.
//
// Floors measured with ptxas 13.0: every form at PTX 6.0 (5.0 is rejected:
// "Feature 'shfl.sync' requires PTX ISA .version 6.0") and sm_30 (.target
// sm_30 assembles). The forms without .sync (shfl, vote) are deprecated and
// rejected by ptxas 13.0 on sm_70 and newer from PTX 6.4: they are not in
// the table. bar.warp.sync, which has no type suffix, waits for forms
// without one.
//
// What the ISA leaves open is not measured yet (no H200 run of these forms
// so far): a lane that reads a source lane that did not meet (not in the
// member mask, or predicated off) gets an unpredictable value; the
// reference gives it its own a (as for an out-of-range lane) and the docs
// say so.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PTX_WARP_TD
#define TILE_PTX_WARP_TD

include "tile/Ptx/PtxTypes.td"

def SYNC : Qual<"sync">;
def UP : Qual<"up">;
def DOWN : Qual<"down">;
def BFLY : Qual<"bfly">;
def IDX : Qual<"idx">;
def VoteAll : Qual<"all">;
def VoteAny : Qual<"any">;
def UNI : Qual<"uni">;
def BALLOT : Qual<"ballot">;

def SemShfl : Collective<"shfl", "shflWarp">;
def SemShflPair : Collective<"shfl_pair", "shflPairWarp">;
def SemVote : Collective<"vote", "voteWarp">;
def SemBallot : Collective<"ballot", "ballotWarp">;

defvar DocShfl = "9.7.9 shfl.sync";
defvar DocVote = "9.7.13 vote.sync";
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

#endif // TILE_PTX_WARP_TD
