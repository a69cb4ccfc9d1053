"""minimal: T.decl_tensor over A.ptr_to([k, 0]) (TIRx: float* R = &A_ptr[k * 8])"""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def decl_tensor_ptr_to(A: T.Tensor((4, 8), "float32"), O: T.Tensor((4, 8), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=8))
    t = T.cuda.thread_idx("x")
    for k in T.serial(4):
        R = T.decl_tensor(A.ptr_to([k, 0]), ty_args=[T.Tensor((8,), "float32")])
        O[k, t] = R[7 - t]


def main():
    A = np.arange(32, dtype=np.float32).reshape(4, 8)
    return {"A": A, "O": np.zeros_like(A)}, {"O": A[:, ::-1].copy()}
