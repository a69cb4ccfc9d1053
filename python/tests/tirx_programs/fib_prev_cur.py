"""Loop-carried pair update `nxt = prev + cur; prev = cur; cur = nxt`
written as TIRx users do with local scalars (a linear recurrence mod 2^32:
Fibonacci-like with per-thread seeds), and the same with the rotation
`old = prev; prev = cur; cur = cur * 3 + old` where `old` is a plain
rebinding of a local scalar."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32
STEPS = 20


@T.function
def fib(S: T.Tensor((N, 2), "uint32"), F: T.Tensor((N, 2), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    prev = T.local_scalar("uint32")
    cur = T.local_scalar("uint32")
    prev = S[t, 0]
    cur = S[t, 1]
    for i in T.serial(STEPS):
        nxt = prev + cur
        prev = cur
        cur = nxt
    F[t, 0] = cur
    prev = S[t, 0]
    cur = S[t, 1]
    for i in T.serial(STEPS):
        old = prev
        prev = cur
        cur = cur * T.uint32(3) + old
    F[t, 1] = cur


def main():
    S = np.random.default_rng(3).integers(0, 1 << 32, (N, 2), dtype=np.uint64).astype(np.uint32)
    F = np.zeros((N, 2), np.uint32)
    for t in range(N):
        p, c = int(S[t, 0]), int(S[t, 1])
        for _ in range(STEPS):
            p, c = c, (p + c) % 2**32
        F[t, 0] = c
        p, c = int(S[t, 0]), int(S[t, 1])
        for _ in range(STEPS):
            p, c = c, (c * 3 + p) % 2**32
        F[t, 1] = c
    return {"S": S, "F": np.zeros_like(F)}, {"F": F}
