"""TIRx's `tvm_tirx.ir` names that kernels use, under tile_mlir:
`PtrType`, the type of T.ptr_byte_offset's pointer."""

from .script.tirx import PtrType

__all__ = ["PtrType"]
