"""First index where a running sum exceeds a threshold: `for k in
T.serial(2048)` with a data-dependent `break` (TIRx: one C loop)."""
from tvm_tirx.script import tirx as T
import numpy as np

K = 2048


@T.function
def serial_break_2048(X: T.Tensor((4, K), "int32"), th: T.int32, O: T.Tensor((4,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=4))
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
    O[t] = r


def main():
    rng = np.random.default_rng(1)
    X = rng.integers(0, 10, (4, K)).astype(np.int32)
    th = 15000
    O = np.array([int(np.argmax(np.cumsum(X[t]) > th)) if np.cumsum(X[t])[-1] > th else -1 for t in range(4)], np.int32)
    return {"X": X, "th": np.int32(th), "O": np.zeros(4, np.int32)}, {"O": O}
