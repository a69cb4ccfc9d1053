"""TIRx's mbarrier helpers (`tvm_tirx.backend.cuda.lang`'s PipelineState,
MBarrier, TMABar and Pipeline), written for tile-mlir's front-end with the
same constructor arguments and methods, and the same instructions:

- `PipelineState(depth, phase=None)`: a ring's stage and phase, two int32
  scalars of the thread; `advance()` moves to the next stage, flipping the
  phase where the ring wraps (a ring of one stage flips it every time).
- `MBarrier(pool, depth, phase_offset=0, leader=None)`: `depth` mbarriers
  (uint64) from an SMEMPool. `init(count)`: the leader (thread 0 of the
  CTA by default) initializes each; `wait(stage, phase)` waits for the
  phase `phase ^ phase_offset` of one; `arrive(stage, remote=None,
  pred=None, count=None)` arrives on it (with an explicit count, 1 by
  default), or on the one of CTA `remote` of the cluster (mapa, then the
  .shared::cluster arrive); `remote_view(rank)`: the barriers of CTA
  `rank`, which can only be arrived on.
- `TMABar`: an MBarrier whose `arrive(stage, tx_count=None, remote=None,
  pred=None)` expects `tx_count` bytes of a TMA copy (arrive.expect_tx).
- `Pipeline(pool, stages, full=..., empty=..., init_full=1, init_empty=1,
  empty_phase_offset=0, leader=None)`: a full and an empty barrier of the
  kinds "mbar" and "tma", initialized. "tcgen05" is refused.
"""

from ....compiler import TileError, TileValueError
from ....script import tirx as T


@T.meta_class
class PipelineState:
    """A software pipeline's position in its ring of `depth` stages."""

    def __init__(self, depth, phase=None):
        self.depth = depth
        self.stage = T.bind_(T.local_scalar("int32"))
        self.phase = T.bind_(T.local_scalar("int32"))
        if phase is not None:
            self.init(phase)

    def init(self, phase):
        self.stage = 0
        self.phase = phase

    @T.inline
    def advance(self):
        if T.constexpr(self.depth == 1):
            self.phase = self.phase ^ 1
        else:
            self.stage = self.stage + 1
            if self.stage == self.depth:
                self.stage = 0
                self.phase = self.phase ^ 1


def _arrive_remote(address, pred=None, count=None, tx_count=None):
    """An arrive (with `tx_count`: an arrive.expect_tx) on the barrier at
    `address`, a .shared::cluster window address."""
    if tx_count is not None:
        chain = T.ptx.mbarrier.arrive.expect_tx.shared__cluster.b64
        args = (address, T.uint32(tx_count))
    else:
        chain = T.ptx.mbarrier.arrive.shared__cluster.b64
        args = (address,) if count is None else (address, T.uint32(count))
    if pred is None:
        chain(*args)
    else:
        chain(*args, pred=pred)


def _mapped(element, rank):
    """The .shared::cluster address of shared `element` in CTA `rank`."""
    out = T.local_scalar("uint32")
    T.ptx.mapa.shared__cluster.u32(
        out, T.cuda.cvta_generic_to_shared(element), T.uint32(rank))
    return out


@T.meta_class
class MBarrier:
    """`depth` mbarriers in shared memory (see the module's text)."""

    def __init__(self, pool, depth, phase_offset=0, leader=None):
        self.depth = depth
        self.phase_offset = phase_offset
        self.buf = pool.alloc((depth,), "uint64", align=8)
        self.leader = (T.cuda.thread_rank() == 0) if leader is None \
            else leader
        self._rank = None  # The CTA of a remote view.

    def _local(self, what):
        if self._rank is not None:
            raise TileError(f"{type(self).__name__}.remote_view(): a remote "
                            f"CTA's barriers cannot be {what}")

    def init(self, count):
        self._local("initialized")
        self._init(count)

    @T.inline
    def _init(self, count):
        if self.leader:
            for i in T.unroll(self.depth):
                T.ptx.mbarrier.init.shared.b64(self.buf.ptr_to([i]),
                                               T.uint32(count))

    def wait(self, stage, phase):
        self._local("waited on")
        T.cuda.mbarrier_wait(self.buf.ptr_to([stage]),
                             phase ^ self.phase_offset)

    def _target(self, stage, remote):
        """The .shared::cluster address to arrive on, or None for this
        CTA's own barrier."""
        if self._rank is not None and remote is not None:
            raise TileError(f"{type(self).__name__}.remote_view().arrive() "
                            "takes no remote=")
        rank = self._rank if remote is None else remote
        return None if rank is None else _mapped(self.buf.ptr_to([stage]),
                                                 rank)

    def arrive(self, stage, remote=None, pred=None, count=None):
        target = self._target(stage, remote)
        if target is not None:
            _arrive_remote(target, pred, count)
            return
        args = (self.buf.ptr_to([stage]),
                T.uint32(1 if count is None else count))
        if pred is None:
            T.ptx.mbarrier.arrive.shared.b64(*args)
        else:
            T.ptx.mbarrier.arrive.shared.b64(*args, pred=pred)

    def ptr_to(self, idx):
        """The address of barrier `idx`; of a remote view, its
        .shared::cluster address in that CTA (TIRx's mapped buffer), for
        the instructions that take one."""
        if self._rank is not None:
            return _mapped(self.buf.ptr_to(idx), self._rank)
        return self.buf.ptr_to(idx)

    def remote_view(self, rank):
        """The same barriers in CTA `rank` of the cluster: arrive only."""
        self._local("viewed again")
        view = object.__new__(type(self))
        view.__dict__.update(self.__dict__)
        view.__dict__["_rank"] = rank
        return view


class TMABar(MBarrier):
    """An mbarrier that a TMA copy completes: arrive expects its bytes."""

    def arrive(self, stage, tx_count=None, remote=None, pred=None):
        target = self._target(stage, remote)
        if target is not None:
            _arrive_remote(target, pred, tx_count=tx_count)
        elif tx_count is None:
            T.ptx.mbarrier.arrive.shared.b64(self.buf.ptr_to([stage]),
                                             T.uint32(1))
        else:
            T.ptx.mbarrier.arrive.expect_tx.shared.b64(
                self.buf.ptr_to([stage]), T.uint32(tx_count))


class TCGen05Bar(MBarrier):
    """TIRx's barrier of tcgen05 commits: refused."""

    def __init__(self, *args, **kwargs):
        T.refuse_family("TCGen05Bar", "tcgen05")


_KINDS = {"mbar": MBarrier, "tma": TMABar, "tcgen05": TCGen05Bar}


def _kind(tag):
    if tag not in _KINDS:
        raise TileValueError(f"Pipeline barrier kind {tag!r}: one of "
                             f"{', '.join(map(repr, _KINDS))}")
    return _KINDS[tag]


@T.meta_class
class Pipeline:
    """A full and an empty barrier per stage, initialized."""

    def __init__(self, pool, stages, *, full, empty, init_full=1,
                 init_empty=1, empty_phase_offset=0, leader=None):
        self.stages = stages
        self.full = _kind(full)(pool, stages, leader=leader)
        self.full.init(init_full)
        self.empty = _kind(empty)(pool, stages,
                                  phase_offset=empty_phase_offset,
                                  leader=leader)
        self.empty.init(init_empty)
