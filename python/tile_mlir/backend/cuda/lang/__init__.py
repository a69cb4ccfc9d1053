"""TIRx's CUDA language helpers (`tvm_tirx.backend.cuda.lang`) that the
front-end supports: `SMEMPool`, the bump allocator of shared memory, and
the mbarrier helpers `PipelineState`, `MBarrier`, `TMABar` and `Pipeline`
(pipeline.py), and the tile schedulers (tile_scheduler.py)."""

from ....script.tirx import SMEMPool
from .pipeline import MBarrier, Pipeline, PipelineState, TCGen05Bar, TMABar
from .tile_scheduler import (BaseTileScheduler, ClusterPersistentScheduler2D,
                             FlashAttentionLinearScheduler,
                             FlashAttentionLPTScheduler)

__all__ = ["BaseTileScheduler", "ClusterPersistentScheduler2D",
           "FlashAttentionLPTScheduler", "FlashAttentionLinearScheduler",
           "MBarrier", "Pipeline", "PipelineState", "SMEMPool", "TCGen05Bar",
           "TMABar"]
