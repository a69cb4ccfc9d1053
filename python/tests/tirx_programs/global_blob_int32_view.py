"""a dtype-changing T.decl_tensor over a *global* buffer's .data
(int32 words read from a uint8 parameter), with and without
T.ptr_byte_offset. TIRx: `int* v = (int*)((char*)B_ptr + 4)`."""
from tvm_tirx.script import tirx as T
from tvm_tirx.ir import PtrType
import numpy as np


@T.function
def gview(B: T.Tensor((36,), "uint8"), O: T.Tensor((8,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=8))
    t = T.cuda.thread_idx("x")
    v = T.decl_tensor(T.ptr_byte_offset(B.data, 4, ty=PtrType("int32", "global")),
                      ty_args=[T.Tensor((8,), "int32")])
    O[t] = v[t] + 1


def main():
    B = np.arange(36, dtype=np.uint8)
    return {"B": B, "O": np.zeros(8, np.int32)}, {"O": B[4:36].view(np.int32) + 1}
