"""Dequantizing a packed int4 weight blob in global memory, as a model
loader hands it over: one uint8 buffer holding a 16-byte header (int32
rows, cols, group size, flags), then the int4 codes (two per byte, low
nibble first), then float16 group scales and bfloat16 per-row offsets, each
region viewed with T.decl_tensor over T.ptr_byte_offset(Blob.data, ...)
(a 2-D view for the codes and scales). The result is written transposed
through a column-major T.decl_tensor view of the output, and also as a
per-row sum via a strided (every other column) view read."""
from tvm_tirx.script import tirx as T
from tvm_tirx.ir import PtrType
import numpy as np
import ml_dtypes

R, C, G = 32, 64, 16
OFF_W = 16
OFF_S = OFF_W + R * C // 2
OFF_Z = OFF_S + R * (C // G) * 2
NB = OFF_Z + R * 2


@T.function
def dequant(Blob: T.Tensor((NB,), "uint8"), O: T.Tensor((R * C,), "float32"), S2: T.Tensor((R,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=R, block=C // 2))
    t = T.cuda.thread_idx("x")
    r = T.cuda.block_idx("x")
    hdr = T.decl_tensor(T.ptr_byte_offset(Blob.data, 0, ty=PtrType("int32", "global")),
                        ty_args=[T.Tensor((4,), "int32")])
    W = T.decl_tensor(T.ptr_byte_offset(Blob.data, OFF_W, ty=PtrType("uint8", "global")),
                      ty_args=[T.Tensor((R, C // 2), "uint8")])
    Sc = T.decl_tensor(T.ptr_byte_offset(Blob.data, OFF_S, ty=PtrType("float16", "global")),
                       ty_args=[T.Tensor((R, C // G), "float16")])
    Zp = T.decl_tensor(T.ptr_byte_offset(Blob.data, OFF_Z, ty=PtrType("bfloat16", "global")),
                       ty_args=[T.Tensor((R,), "bfloat16")])
    OT = T.decl_tensor(O.data, ty_args=[T.Tensor((C, R), "float32",
                                                 layout=T.TileLayout(T.S[(C, R):(1, C)]))])
    rows = hdr[0]
    cols = hdr[1]
    grp = hdr[2]
    sgn = hdr[3] & 1
    sm = T.alloc_shared((C,), "float32")
    if r < rows:
        byte = T.cast(W[r, t], "int32")
        for h in T.unroll(2):
            c = 2 * t + h
            q = (byte >> (4 * h)) & 15
            qs = T.Select(sgn != 0, T.Select(q >= 8, q - 16, q), q)
            val = T.cast(qs, "float32") * T.cast(Sc[r, c // grp], "float32") + T.cast(Zp[r], "float32")
            OT[c, r] = val
            sm[c] = val
        T.cuda.cta_sync()
        if t == 0:
            ev = T.decl_tensor(sm.data, ty_args=[T.Tensor((C // 2,), "float32", scope="shared",
                                                           layout=T.TileLayout(T.S[(C // 2,):(2,)]))])
            acc = T.local_scalar("float32", T.float32(0))
            for k in T.serial(cols // 2):
                acc = acc + ev[k]
            S2[r] = acc


def main():
    rng = np.random.default_rng(808)
    q = rng.integers(0, 16, (R, C))
    sc = (rng.integers(1, 8, (R, C // G)) * 0.25).astype(np.float16)
    zp = (rng.integers(-8, 8, R) * 0.5).astype(ml_dtypes.bfloat16)
    blob = np.zeros(NB, np.uint8)
    blob[0:16] = np.array([R, C, G, 1], np.int32).view(np.uint8)
    blob[OFF_W:OFF_S] = (q[:, 0::2] | (q[:, 1::2] << 4)).astype(np.uint8).reshape(-1)
    blob[OFF_S:OFF_Z] = sc.view(np.uint8).reshape(-1)
    blob[OFF_Z:NB] = zp.view(np.uint8).reshape(-1)
    qs = np.where(q >= 8, q - 16, q).astype(np.float32)
    deq = (qs * np.repeat(sc.astype(np.float32), G, axis=1) + zp.astype(np.float32)[:, None]).astype(np.float32)
    O = deq.T.copy().reshape(-1)  # O viewed as (C, R) col-major: O[c + r*C] = deq[r, c]
    O = deq.reshape(-1).copy()
    S2 = np.zeros(R, np.float32)
    for r in range(R):
        a = np.float32(0)
        for k in range(C // 2):
            a = np.float32(a + deq[r, 2 * k])
        S2[r] = a
    return {"Blob": blob, "O": np.zeros(R * C, np.float32), "S2": np.zeros(R, np.float32)}, {"O": O, "S2": S2}
