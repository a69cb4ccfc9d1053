"""Memory-ordering PTX chains in a flag handoff between two warps:
st.release.gpu.global.u32 / ld.acquire.gpu.global.u32 spin, ld.relaxed.gpu,
st.relaxed.gpu, ld.volatile.global, fence.acq_rel.gpu and fence.sc.cta; warp 0
publishes data, warp 1 waits for the flag and reads it back."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def mem_order(A: T.Tensor((32,), "int32"), Buf: T.Tensor((32,), "int32"),
              Flag: T.Tensor((1,), "uint32"), O: T.Tensor((32,), "int32"),
              V: T.Tensor((32,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    t = T.cuda.thread_idx("x")
    f = T.local_scalar("uint32")
    s = T.local_scalar("int32")
    if t < 32:
        T.ptx.st.relaxed.gpu.global_.s32(T.address_of(Buf[t]), A[t] * 3)
        T.ptx.fence.acq_rel.gpu()
        T.ptx.bar.warp.sync(T.uint32(0xFFFFFFFF))
        if t == 0:
            T.ptx.st.release.gpu.global_.u32(T.address_of(Flag[0]), T.uint32(1))
    else:
        f = T.uint32(0)
        while f == T.uint32(0):
            T.ptx.ld.acquire.gpu.global_.u32(f, T.address_of(Flag[0]))
        T.ptx.ld.relaxed.gpu.global_.s32(s, T.address_of(Buf[t - 32]))
        O[t - 32] = s
        T.ptx.fence.sc.cta()
        T.ptx.ld.volatile.global_.u32(f, T.address_of(Flag[0]))
        V[t - 32] = f


def main():
    A = np.random.default_rng(432).integers(-1000, 1000, 32).astype(np.int32)
    return ({"A": A, "Buf": np.zeros(32, np.int32), "Flag": np.zeros(1, np.uint32),
             "O": np.zeros(32, np.int32), "V": np.zeros(32, np.uint32)},
            {"O": A * 3, "Buf": A * 3, "Flag": np.ones(1, np.uint32), "V": np.ones(32, np.uint32)})
