"""Per-thread linear search with an early exit: the first index at which a
running sum passes a threshold, `for k in T.serial(2048)` with a `break` on a
data-dependent condition (TIRx emits one C loop), then a second search whose
extent is a parameter."""
from tvm_tirx.script import tirx as T
import numpy as np

K = 2048
N = 8


@T.function
def first_match_search(X: T.Tensor((N, K), "int32"), th: T.int32, n: T.int32,
                       O: T.Tensor((N, 2), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    s = T.local_scalar("int32")
    r = T.local_scalar("int32")
    s = 0
    r = -1
    for k in T.serial(K):
        s = s + X[t, k]
        if s > th:
            r = k
            break
    O[t, 0] = r
    r = -1
    for k in T.serial(n):
        if X[t, k] == 9 and X[t, k + 1] == 9:
            r = k
            break
    O[t, 1] = r


def main():
    rng = np.random.default_rng(9015)
    X = rng.integers(0, 10, (N, K)).astype(np.int32)
    th = 4000 + 800 * np.arange(N)
    th = 7000
    O = np.zeros((N, 2), np.int32)
    n = K - 1
    for t in range(N):
        cs = np.cumsum(X[t])
        O[t, 0] = int(np.argmax(cs > th)) if cs[-1] > th else -1
        hits = [k for k in range(n) if X[t, k] == 9 and X[t, k + 1] == 9]
        O[t, 1] = hits[0] if hits else -1
    return {"X": X, "th": np.int32(th), "n": np.int32(n), "O": np.zeros_like(O)}, {"O": O}
