"""`tmp = s` of a T.shared_scalar, T.decl_scalar or T.local_scalar copies
its value at that point (TIRx's `int tmp = s_ptr[0]`), while `tb = b` of a
one-element shared buffer is the buffer itself: stores after the
assignment reach tb but not tmp. Also the swap idiom through a temporary
(`tmp = u; u = v; v = tmp`) of local scalars."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def scalar_copy(A: T.Tensor((32,), "int32"), B: T.Tensor((32,), "int32"),
                O: T.Tensor((32, 6), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    s = T.shared_scalar("int32")
    b = T.alloc_shared((1,), "int32")
    d = T.decl_scalar("int32", b.data, "shared")
    if t == 0:
        s = 5
        b[0] = 7
    T.cuda.cta_sync()
    tmp = s
    tb = b
    td = d
    T.cuda.cta_sync()
    if t == 0:
        s = 6
        b[0] = 8
    T.cuda.cta_sync()
    u = T.local_scalar("int32")
    v = T.local_scalar("int32")
    u = A[t]
    v = B[t]
    if u > v:
        w = u
        u = v
        v = w
    O[t, 0] = tmp
    O[t, 1] = tb[0]
    O[t, 2] = td
    O[t, 3] = s
    O[t, 4] = u
    O[t, 5] = v


def main():
    A = (np.arange(32) * 7 % 32).astype(np.int32)
    B = (31 - np.arange(32)).astype(np.int32)
    O = np.zeros((32, 6), np.int32)
    O[:, 0], O[:, 1], O[:, 2], O[:, 3] = 5, 8, 7, 6
    O[:, 4], O[:, 5] = np.minimum(A, B), np.maximum(A, B)
    return {"A": A, "B": B, "O": np.zeros((32, 6), np.int32)}, {"O": O}
