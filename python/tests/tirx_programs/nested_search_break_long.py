"""Nested searches with run-time bounds and jumps: for each query (outer loop
over a run-time count), scan a 96-entry table (a long constant T.serial, an
scf.for) for the first key >= the query, `break` out of it, `continue` the outer
loop for negative queries, a `while` loop that halves a run-time gap with a
`break` when it hits an odd value, and a T.serial(2, 70, step=3) loop (23 trips,
unrolled) whose `continue` skips multiples of 4; counts kept in local scalars."""
from tvm_tirx.script import tirx as T
import numpy as np

NQ = 12
TB = 96


@T.function
def nested_search_break_long(Tab: T.Tensor((TB,), "int32"), Qs: T.Tensor((32, NQ), "int32"),
                             nq: T.int32, Pos: T.Tensor((32, NQ), "int32"), Cnt: T.Tensor((32, 4), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    neg = T.local_scalar("int32")
    neg = 0
    steps = T.local_scalar("int32")
    steps = 0
    for q in T.serial(nq):
        v = Qs[t, q]
        Pos[t, q] = -2
        if v < 0:
            neg = neg + 1
            continue
        p = T.local_scalar("int32")
        p = -1
        for k in T.serial(TB):
            steps = steps + 1
            if Tab[k] >= v:
                p = k
                break
        Pos[t, q] = p
    Cnt[t, 0] = neg
    Cnt[t, 1] = steps
    g = T.local_scalar("int32")
    g = Qs[t, 0] * 4 + 64
    h = T.local_scalar("int32")
    h = 0
    while g > 1:
        if g % 2 == 1:
            break
        g = g // 2
        h = h + 1
    Cnt[t, 2] = h * 1000 + g
    s = T.local_scalar("int32")
    s = 0
    for k in T.serial(2, 70, step=3):
        if k % 4 == 0:
            continue
        s = s + k * (t + 1)
    Cnt[t, 3] = s


def main():
    rng = np.random.default_rng(1025)
    Tab = np.sort(rng.integers(0, 1000, TB)).astype(np.int32)
    Qs = rng.integers(-200, 1100, (32, NQ)).astype(np.int32)
    nq = 10
    Pos = np.zeros((32, NQ), np.int32)
    Cnt = np.zeros((32, 4), np.int32)
    for t in range(32):
        neg = steps = 0
        for q in range(nq):
            v = int(Qs[t, q])
            Pos[t, q] = -2
            if v < 0:
                neg += 1
                continue
            p = -1
            for k in range(TB):
                steps += 1
                if Tab[k] >= v:
                    p = k
                    break
            Pos[t, q] = p
        g = int(Qs[t, 0]) * 4 + 64
        h = 0
        while g > 1:
            if g % 2 == 1:
                break
            g //= 2
            h += 1
        s = sum(k * (t + 1) for k in range(2, 70, 3) if k % 4 != 0)
        Cnt[t] = [neg, steps, h * 1000 + g, s]
    return ({"Tab": Tab, "Qs": Qs, "nq": nq, "Pos": np.zeros_like(Pos), "Cnt": np.zeros_like(Cnt)},
            {"Pos": Pos, "Cnt": Cnt})
