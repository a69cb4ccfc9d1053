"""cvt instructions with 8-bit operands on int8/uint8 elements (TIRx moves
them through 16-bit registers): cvt.s8.s32 (truncate, sign-extend the low
byte), cvt.u8.s32, cvt.sat.u8.s32, cvt.s32.s8 and cvt.u32.u8 reading a byte,
cvt.rzi.s8.f32 / cvt.rni.u8.f64 (saturating, NaN -> 0), cvt.rn.f32.s8 and
cvt.rn.f16.u8 (uint16 bits of the half)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 10


@T.function
def c8(A: T.Tensor((N,), "int32"), B: T.Tensor((N,), "int8"), C: T.Tensor((N,), "uint8"),
       F: T.Tensor((N,), "float32"), D: T.Tensor((N,), "float64"),
       O8: T.Tensor((N, 3), "int8"), U8: T.Tensor((N, 3), "uint8"), O32: T.Tensor((N, 2), "int32"),
       OF: T.Tensor((N,), "float32"), OH: T.Tensor((N,), "uint16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    s8 = T.local_scalar("int8")
    u8 = T.local_scalar("uint8")
    r = T.local_scalar("int32")
    q = T.local_scalar("uint32")
    f = T.local_scalar("float32")
    h = T.local_scalar("uint16")
    T.ptx.cvt.s8.s32(s8, A[i])
    O8[i, 0] = s8
    T.ptx.cvt.rzi.s8.f32(s8, F[i])
    O8[i, 1] = s8
    T.ptx.cvt.sat.s8.s32(s8, A[i])
    O8[i, 2] = s8
    T.ptx.cvt.u8.s32(u8, A[i])
    U8[i, 0] = u8
    T.ptx.cvt.sat.u8.s32(u8, A[i])
    U8[i, 1] = u8
    T.ptx.cvt.rni.u8.f64(u8, D[i])
    U8[i, 2] = u8
    T.ptx.cvt.s32.s8(r, B[i])
    O32[i, 0] = r
    T.ptx.cvt.u32.u8(q, C[i])
    O32[i, 1] = T.cast(q, "int32")
    T.ptx.cvt.rn.f32.s8(f, B[i])
    OF[i] = f
    T.ptx.cvt.rn.f16.u8(h, C[i])
    OH[i] = h


def main():
    A = np.array([-129, 128, 255, 256 + 7, -1, 0x12345680, -200, 127, -128, 1000], np.int32)
    B = np.array([-128, -1, 0, 1, 127, -77, 55, -2, 100, -100], np.int8)
    C = np.array([0, 255, 128, 1, 200, 77, 55, 254, 100, 3], np.uint8)
    F = np.array([np.nan, 127.9, -128.9, 300.0, -300.0, -0.5, 1.99, np.inf, -np.inf, 55.5], np.float32)
    D = np.array([2.5, 3.5, -0.5, 255.5, 254.5, 0.5, 1e10, -7.0, 0.49999999, 128.5])
    sx8 = lambda v: ((v & 0xFF) ^ 0x80) - 0x80
    sat = lambda v, lo, hi: min(max(v, lo), hi)
    def rzi(x, lo, hi):
        if x != x: return 0
        if abs(x) == np.inf: return hi if x > 0 else lo
        return sat(int(np.trunc(x)), lo, hi)
    def rni(x, lo, hi):
        if x != x: return 0
        if abs(x) == np.inf: return hi if x > 0 else lo
        return sat(int(np.rint(x)), lo, hi)
    O8 = np.array([[sx8(int(a)), rzi(f, -128, 127), sat(int(a), -128, 127)] for a, f in zip(A, F)], np.int8)
    U8 = np.array([[int(a) & 0xFF, sat(int(a), 0, 255), rni(d, 0, 255)] for a, d in zip(A, D)], np.uint8)
    O32 = np.stack([B.astype(np.int32), C.astype(np.int32)], 1)
    OF = B.astype(np.float32)
    OH = C.astype(np.float16).view(np.uint16)
    return ({"A": A, "B": B, "C": C, "F": F, "D": D, "O8": np.zeros((N, 3), np.int8), "U8": np.zeros((N, 3), np.uint8),
             "O32": np.zeros((N, 2), np.int32), "OF": np.zeros(N, np.float32), "OH": np.zeros(N, np.uint16)},
            {"O8": O8, "U8": U8, "O32": O32, "OF": OF, "OH": OH})
