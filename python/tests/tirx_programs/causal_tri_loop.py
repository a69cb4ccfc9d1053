"""Causal (lower-triangular) prefix work as attention masks it: thread i
sums scores s[i, j] for j in [max(0, i - W + 1), i] (a sliding causal
window, loop bounds from the thread index), keeps a running max over the
same window with a data-dependent early `continue` for masked (negative)
scores, and counts the visited keys."""
from tvm_tirx.script import tirx as T
import numpy as np

L = 64
W = 20


@T.function
def causal(Sc: T.Tensor((L, L), "int32"), Sum: T.Tensor((L,), "int32"),
           Mx: T.Tensor((L,), "int32"), Cnt: T.Tensor((L,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=L))
    i = T.cuda.thread_idx("x")
    s = T.local_scalar("int32")
    m = T.local_scalar("int32")
    c = T.local_scalar("int32")
    s = 0
    m = -(1 << 30)
    c = 0
    for j in T.serial(T.max(0, i - W + 1), i + 1):
        v = Sc[i, j]
        if v < 0:
            continue
        s = s + v
        m = T.max(m, v)
        c = c + 1
    Sum[i] = s
    Mx[i] = m
    Cnt[i] = c


def main():
    Sc = np.random.default_rng(2).integers(-30, 100, (L, L)).astype(np.int32)
    Sum = np.zeros(L, np.int32)
    Mx = np.zeros(L, np.int32)
    Cnt = np.zeros(L, np.int32)
    for i in range(L):
        win = Sc[i, max(0, i - W + 1):i + 1]
        pos = win[win >= 0]
        Sum[i] = pos.sum()
        Mx[i] = pos.max() if len(pos) else -(1 << 30)
        Cnt[i] = len(pos)
    z = np.zeros(L, np.int32)
    return {"Sc": Sc, "Sum": z, "Mx": z.copy(), "Cnt": z.copy()}, {"Sum": Sum, "Mx": Mx, "Cnt": Cnt}
