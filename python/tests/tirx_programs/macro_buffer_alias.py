"""@T.macro helpers given the same buffer twice (in-place shifts through
aliasing arguments): a forward copy dst[k+1] = src[k] over the same local
array (each step reads what the previous one wrote: smearing), a backward
one (a true shift), a macro that swaps two rows of a shared tile passed as
both arguments, and an accumulate-into-self `axpy(Y, Y, 2)`."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
L = 8


@T.macro
def copy_fwd(dst, src, n):
    for k in T.serial(n):
        dst[k + 1] = src[k] + 1


@T.macro
def copy_bwd(dst, src, n):
    for k in T.serial(n):
        dst[n - k] = src[n - 1 - k] + 1


@T.macro
def swap_rows(A, B, r0, r1, c):
    tmp = A[r0, c]
    A[r0, c] = B[r1, c]
    B[r1, c] = tmp


@T.macro
def axpy(y, x, a, n):
    for k in T.unroll(n):
        y[k] = y[k] + a * x[k]


@T.function
def macro_buffer_alias(X: T.Tensor((N, L), "int32"), O: T.Tensor((N, 3 * L), "int32"),
                       S: T.Tensor((4, N), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    a = T.alloc_local((L,), "int32")
    b = T.alloc_local((L,), "int32")
    c = T.alloc_local((L,), "int32")
    for k in T.unroll(L):
        a[k] = X[t, k]
        b[k] = X[t, k]
        c[k] = X[t, k]
    copy_fwd(a, a, L - 1)
    copy_bwd(b, b, L - 1)
    axpy(c, c, 2, L)
    for k in T.unroll(L):
        O[t, k] = a[k]
        O[t, L + k] = b[k]
        O[t, 2 * L + k] = c[k]
    sm = T.alloc_shared((4, N), "int32")
    for r in T.unroll(4):
        sm[r, t] = X[t, r] * 10 + r
    T.cuda.cta_sync()
    swap_rows(sm, sm, 0, 3, t)
    swap_rows(sm, sm, 1, 1, t)
    T.cuda.cta_sync()
    for r in T.unroll(4):
        S[r, t] = sm[r, t]


def main():
    rng = np.random.default_rng(9011)
    X = rng.integers(-100, 100, (N, L)).astype(np.int32)
    O = np.zeros((N, 3 * L), np.int32)
    for t in range(N):
        a = list(X[t]); b = list(X[t]); c = list(X[t])
        for k in range(L - 1):
            a[k + 1] = a[k] + 1
        n = L - 1
        for k in range(n):
            b[n - k] = b[n - 1 - k] + 1
        for k in range(L):
            c[k] = c[k] + 2 * c[k]
        O[t] = a + b + c
    sm = np.array([[X[t, r] * 10 + r for t in range(N)] for r in range(4)], np.int32)
    sm[[0, 3]] = sm[[3, 0]]
    return {"X": X, "O": np.zeros_like(O), "S": np.zeros((4, N), np.int32)}, {"O": O, "S": sm}
