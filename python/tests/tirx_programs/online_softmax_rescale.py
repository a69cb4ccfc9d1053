"""The flash-attention online-softmax update in fixed point: one thread per
row streams 32 integer logits, keeping a running max m and a running sum of
2^(x - m) scaled by 2^20; when the max grows it rescales the sum with
`m_old = m; m = max(m, x); s = (s >> (m - m_old)) + (1 << 20 >> (m - x))`
(the `m_old = m` snapshot is the idiom FlashAttention kernels use)."""
from tvm_tirx.script import tirx as T
import numpy as np

R, C = 64, 32


@T.function
def osm(X: T.Tensor((R, C), "int32"), M: T.Tensor((R,), "int32"), S: T.Tensor((R,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=R))
    r = T.cuda.thread_idx("x")
    m = T.local_scalar("int32")
    s = T.local_scalar("int32")
    m = -(1 << 20)
    s = 0
    for j in T.serial(C):
        x = X[r, j]
        m_old = m
        m = T.max(m, x)
        s = (s >> T.min(m - m_old, 31)) + ((1 << 20) >> T.min(m - x, 31))
    M[r] = m
    S[r] = s


def main():
    X = np.random.default_rng(29).integers(-12, 12, (R, C)).astype(np.int32)
    M = np.zeros(R, np.int32)
    S = np.zeros(R, np.int32)
    for r in range(R):
        m, s = -(1 << 20), 0
        for x in X[r]:
            mo = m
            m = max(m, int(x))
            s = (s >> min(m - mo, 31)) + ((1 << 20) >> min(m - int(x), 31))
        M[r], S[r] = m, s
    return {"X": X, "M": np.zeros(R, np.int32), "S": np.zeros(R, np.int32)}, {"M": M, "S": S}
