"""A 3-stage shared-memory ring over a long K loop, each stage carved from one
byte pool at a run-time byte offset (T.ptr_byte_offset(pool.data, stage * 256)),
as pipelined kernels address their stages: 64 threads stage one 64-float chunk
of X per iteration, sync, and each thread accumulates a weighted window of the
current stage and the stage two iterations back (a 3-tap filter across chunks).
NK = 96 iterations (a loop TIRx prints as a C loop)."""
from tvm_tirx.script import tirx as T
from tvm_tirx.ir import PtrType
import numpy as np

NK = 96
W = 64


@T.function
def smem_ring_stage_carve(X: T.Tensor((NK, W), "float32"), Y: T.Tensor((W,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=W))
    t = T.cuda.thread_idx("x")
    pool = T.alloc_shared((3 * W * 4,), "uint8", align=16)
    acc = T.local_scalar("float32")
    acc = T.float32(0)
    for k in T.serial(NK):
        cur = T.decl_tensor(T.ptr_byte_offset(pool.data, (k % 3) * (W * 4), ty=PtrType("float32", "shared")),
                            ty_args=[T.Tensor((W,), "float32", scope="shared")])
        old = T.decl_tensor(T.ptr_byte_offset(pool.data, ((k + 1) % 3) * (W * 4), ty=PtrType("float32", "shared")),
                            ty_args=[T.Tensor((W,), "float32", scope="shared")])
        cur[t] = X[k, t]
        T.cuda.cta_sync()
        if k >= 2:
            T.ptx.fma.rn.f32(acc, cur[(t + 1) % W], T.float32(0.25), acc)
            T.ptx.fma.rn.f32(acc, old[t], T.float32(-0.5), acc)
        T.cuda.cta_sync()
    Y[t] = acc


def main():
    rng = np.random.default_rng(1010)
    X = rng.integers(-64, 64, (NK, W)).astype(np.float32)
    Y = np.zeros(W, np.float32)
    for t in range(W):
        acc = 0.0
        for k in range(2, NK):
            acc += X[k, (t + 1) % W] * 0.25
            acc += X[k - 2, t] * -0.5
        Y[t] = acc   # exact: quarters of small integers
    return {"X": X, "Y": np.zeros(W, np.float32)}, {"Y": Y}
