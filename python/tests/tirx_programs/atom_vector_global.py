"""sm_90 vector atomics on global memory: red.global.add.v4.f32 and
red.global.add.noftz.v8.f16 from every lane into one vector, then, after a
barrier, atom.global.add.v2.f32 and atom.global.add.noftz.v4.f16 from lane 0
returning the old values (the sums)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 32


@T.function
def avg(V: T.Tensor((2,), "float32"), W: T.Tensor((4,), "float32"),
        H8: T.Tensor((8,), "float16"), OLD: T.Tensor((2,), "float32"), OLDH: T.Tensor((4,), "float16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    lane = T.cuda.lane_id()
    f = T.cast(lane, "float32")
    T.ptx.red.global_.add.v4.f32(T.address_of(W[0]), T.float32(1), f, T.float32(0.5), T.float32(-1))
    h = T.reinterpret(T.cast(lane, "float16"), ty="uint16")
    h2 = T.reinterpret(T.cast(lane * 2, "float16"), ty="uint16")
    T.ptx.red.global_.add.noftz.v8.f16(T.address_of(H8[0]), h, h, T.uint16(0x3C00), T.uint16(0xC000),
                                       T.uint16(0x3400), h2, T.uint16(0), T.uint16(0x4200))
    T.cuda.cta_sync()
    if lane == 0:
        o0 = T.local_scalar("float32")
        o1 = T.local_scalar("float32")
        T.ptx.atom.global_.add.v2.f32(o0, o1, T.address_of(W[0]), T.float32(100), T.float32(200))
        OLD[0] = o0
        OLD[1] = o1
        q0 = T.local_scalar("uint16")
        q1 = T.local_scalar("uint16")
        q2 = T.local_scalar("uint16")
        q3 = T.local_scalar("uint16")
        one = T.uint16(0x3C00)
        T.ptx.atom.global_.add.noftz.v4.f16(q0, q1, q2, q3, T.address_of(H8[4]), one, one, one, one)
        OLDH[0] = T.reinterpret(q0, ty="float16")
        OLDH[1] = T.reinterpret(q1, ty="float16")
        OLDH[2] = T.reinterpret(q2, ty="float16")
        OLDH[3] = T.reinterpret(q3, ty="float16")


def main():
    lanes = np.arange(N, dtype=np.float64)
    W0 = np.array([1.0, 2.0, 3.0, 4.0], np.float32)
    Wt = W0 + np.array([N * 1.0, lanes.sum(), N * 0.5, -N], np.float32)
    H0 = np.array([0, 1, 2, 3, 4, 5, 6, 7], np.float16)
    Ht = (H0.astype(np.float64) + np.array([lanes.sum(), lanes.sum(), N, -2 * N, N * 0.25, 2 * lanes.sum(), 0, 3 * N])).astype(np.float16)
    OLD = Wt[:2].copy()
    OLDH = Ht[4:].copy()
    Wf = Wt.copy(); Wf[0] += 100; Wf[1] += 200
    Hf = Ht.copy(); Hf[4:] = (Hf[4:].astype(np.float32) + 1).astype(np.float16)
    V = np.zeros(2, np.float32)
    return ({"V": V, "W": W0, "H8": H0, "OLD": np.zeros(2, np.float32), "OLDH": np.zeros(4, np.float16)},
            {"W": Wf, "H8": Hf, "OLD": OLD, "OLDH": OLDH})
