"""TIRx's CUDA language helpers (`tvm_tirx.backend.cuda.lang`) that the
front-end supports: `SMEMPool`, the bump allocator of shared memory, and
the mbarrier helpers `PipelineState`, `MBarrier`, `TMABar` and `Pipeline`
(see pipeline.py)."""

from ....script.tirx import SMEMPool
from .pipeline import MBarrier, Pipeline, PipelineState, TCGen05Bar, TMABar

__all__ = ["MBarrier", "Pipeline", "PipelineState", "SMEMPool",
           "TCGen05Bar", "TMABar"]
