"""bool everywhere: bool scalar parameters steering branches and Selects,
a bool local array indexed at run time (a sieve of flags per thread), bool
tensors in and out, bool arithmetic (sum of flags via casts), `not`, and
comparisons of bools."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
M = 40


@T.function
def bool_params_flags(Mask: T.Tensor((N, M), "bool"), invert: T.bool, strict: T.bool,
                      X: T.Tensor((N,), "int32"), Out: T.Tensor((N, M), "bool"),
                      Cnt: T.Tensor((N, 3), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    comp = T.alloc_local((M,), "bool")
    for j in T.serial(M):
        comp[j] = False
    x = X[t]
    p = T.local_scalar("int32")
    p = 2
    while p * p < M:
        if not comp[p]:
            q = T.local_scalar("int32")
            q = p * p
            while q < M:
                comp[q] = True
                q = q + p
        p = p + 1
    n = T.local_scalar("int32")
    n = 0
    for j in T.serial(M):
        keep = Mask[t, j] != invert
        big = T.Select(strict, j > x, j >= x)
        Out[t, j] = keep and big and not comp[j]
        n = n + T.cast(Out[t, j], "int32")
    Cnt[t, 0] = n
    Cnt[t, 1] = T.cast(comp[T.abs(x) % M], "int32") * 10 + T.cast(invert, "int32") + T.cast(strict, "int32") * 2
    Cnt[t, 2] = T.cast(Mask[t, x % M] == Mask[t, (x + 1) % M], "int32")


def main():
    rng = np.random.default_rng(9010)
    Mask = rng.integers(0, 2, (N, M)).astype(bool)
    X = rng.integers(0, M, N).astype(np.int32)
    invert, strict = True, False
    comp = np.zeros(M, bool)
    for p in range(2, M):
        if p * p >= M:
            break
        if not comp[p]:
            comp[p * p::p] = True
    Out = np.zeros((N, M), bool)
    Cnt = np.zeros((N, 3), np.int32)
    for t in range(N):
        x = int(X[t])
        for j in range(M):
            keep = Mask[t, j] != invert
            big = j > x if strict else j >= x
            Out[t, j] = keep and big and not comp[j]
        Cnt[t] = [Out[t].sum(), int(comp[abs(x) % M]) * 10 + int(invert) + int(strict) * 2,
                  int(Mask[t, x % M] == Mask[t, (x + 1) % M])]
    return ({"Mask": Mask, "invert": np.bool_(invert), "strict": np.bool_(strict), "X": X,
             "Out": np.zeros_like(Out), "Cnt": np.zeros_like(Cnt)}, {"Out": Out, "Cnt": Cnt})
