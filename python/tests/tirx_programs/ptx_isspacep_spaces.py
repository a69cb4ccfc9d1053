"""isspacep on generic addresses (T.address_of) of a global and a shared
element against all eight state spaces (.const, .global, .local, .shared,
.shared::cta, .shared::cluster, .param, .param::entry), and the byte
distance between two T.cuda.cvta_generic_to_shared addresses."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def spaces(A: T.Tensor((N,), "int32"), O: T.Tensor((N, 17), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    sm = T.alloc_shared((N,), "int32")
    p = T.local_scalar("uint32")
    sm[i] = A[i]
    T.ptx.isspacep.const(p, T.address_of(A[i]))
    O[i, 0] = p
    T.ptx.isspacep.global_(p, T.address_of(A[i]))
    O[i, 1] = p
    T.ptx.isspacep.local(p, T.address_of(A[i]))
    O[i, 2] = p
    T.ptx.isspacep.shared(p, T.address_of(A[i]))
    O[i, 3] = p
    T.ptx.isspacep.shared__cta(p, T.address_of(A[i]))
    O[i, 4] = p
    T.ptx.isspacep.shared__cluster(p, T.address_of(A[i]))
    O[i, 5] = p
    T.ptx.isspacep.param(p, T.address_of(A[i]))
    O[i, 6] = p
    T.ptx.isspacep.param__entry(p, T.address_of(A[i]))
    O[i, 7] = p
    T.ptx.isspacep.const(p, T.address_of(sm[i]))
    O[i, 8] = p
    T.ptx.isspacep.global_(p, T.address_of(sm[i]))
    O[i, 9] = p
    T.ptx.isspacep.local(p, T.address_of(sm[i]))
    O[i, 10] = p
    T.ptx.isspacep.shared(p, T.address_of(sm[i]))
    O[i, 11] = p
    T.ptx.isspacep.shared__cta(p, T.address_of(sm[i]))
    O[i, 12] = p
    T.ptx.isspacep.shared__cluster(p, T.address_of(sm[i]))
    O[i, 13] = p
    T.ptx.isspacep.param(p, T.address_of(sm[i]))
    O[i, 14] = p
    T.ptx.isspacep.param__entry(p, T.address_of(sm[i]))
    O[i, 15] = p
    a = T.cuda.cvta_generic_to_shared(T.address_of(sm[i]))
    b = T.cuda.cvta_generic_to_shared(T.address_of(sm[0]))
    O[i, 16] = a - b


def main():
    A = np.arange(N, dtype=np.int32)
    O = np.zeros((N, 17), np.uint32)
    O[:, 1] = 1
    O[:, 11:14] = 1
    O[:, 16] = np.arange(N) * 4
    return {"A": A, "O": np.zeros_like(O)}, {"O": O}
