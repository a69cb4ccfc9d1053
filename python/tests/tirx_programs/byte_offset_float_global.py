"""minimal: T.ptr_byte_offset of a float32 global tensor's .data (TIRx: (float*)((char*)A_ptr + 32))"""
from tvm_tirx.script import tirx as T
from tvm_tirx.ir import PtrType
import numpy as np


@T.function
def ptr_byte_offset_float_global(A: T.Tensor((16,), "float32"), O: T.Tensor((8,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=8))
    t = T.cuda.thread_idx("x")
    R = T.decl_tensor(T.ptr_byte_offset(A.data, 32, ty=PtrType("float32", "global")), ty_args=[T.Tensor((8,), "float32")])
    O[t] = R[t]


def main():
    A = np.arange(16, dtype=np.float32)
    return {"A": A, "O": np.zeros(8, np.float32)}, {"O": A[8:].copy()}
