"""TIRx's CUDA language helpers (`tvm_tirx.backend.cuda.lang`) that the
front-end supports: `SMEMPool`, the bump allocator of shared memory."""

from ....script.tirx import SMEMPool

__all__ = ["SMEMPool"]
