"""T.cuda.atomic_add on shared float16 and bfloat16 counters and a global
float64, the returned old values collected in shared memory and summed by one
thread (order-independent: every partial sum is an integer below 2^24, exact
in float32, whichever thread got which old value)."""
from tvm_tirx.script import tirx as T
import numpy as np
N = 64
@T.function
def ahalf(G: T.Tensor((1,), "float64"), O: T.Tensor((4,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    h = T.alloc_shared((1,), "float16")
    b = T.alloc_shared((1,), "bfloat16")
    if t == 0:
        h[0] = T.float16(0)
        b[0] = T.bfloat16(0)
    T.cuda.cta_sync()
    oh = T.cuda.atomic_add(h.ptr_to([0]), T.float16(1))
    ob = T.cuda.atomic_add(b.ptr_to([0]), T.bfloat16(0.5))
    og = T.cuda.atomic_add(G.ptr_to([0]), T.float64(0.25))
    olds = T.alloc_shared((N,), "float32")
    olds[t] = T.cast(oh, "float32") + T.cast(ob, "float32") * T.float32(2) * T.float32(64) + T.cast(og, "float32") * T.float32(4) * T.float32(4096)
    T.cuda.cta_sync()
    if t == 0:
        O[0] = T.cast(h[0], "float32")
        O[1] = T.cast(b[0], "float32")
        s = T.local_scalar("float32", T.float32(0))
        for k in range(N):
            s = s + olds[k]
        O[2] = s
        O[3] = T.cast(oh, "float32") * T.float32(0)
def main():
    # olds: a permutation of 0..63 (h), 0, 0.5, .. 31.5 (b), 0, 0.25, .. 15.75 (g)
    tot = 2016 * (1 + 64 + 4096)
    return ({"G": np.zeros(1), "O": np.zeros(4, np.float32)},
            {"G": np.array([16.0]), "O": np.array([64, 32, tot, 0], np.float32)})
