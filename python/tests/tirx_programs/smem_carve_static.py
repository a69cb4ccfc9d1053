"""A static shared buffer of float32 carved with T.decl_tensor into other
dtypes (at byte offsets through T.ptr_byte_offset), one of them a 2-D
tensor read through a uint32 dtype view."""
from tvm_tirx.script import tirx as T
from tvm_tirx.ir import PtrType
import numpy as np


@T.function
def carve_static(H: T.Tensor((16, 8), "float16"), S: T.Tensor((32,), "int16"),
                 W: T.Tensor((16, 4), "uint32"), R: T.Tensor((32,), "int32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    t = T.cuda.thread_idx("x")
    buf = T.alloc_shared((128,), "float32")
    Hs = T.decl_tensor(buf.data, ty_args=[T.Tensor((16, 8), "float16", scope="shared")])
    Ss = T.decl_tensor(T.ptr_byte_offset(buf.data, 256, ty=PtrType("int16", "shared")),
                       ty_args=[T.Tensor((32,), "int16", scope="shared")])
    Rs = T.decl_tensor(T.ptr_byte_offset(buf.data, 320, ty=PtrType("int32", "shared")),
                       ty_args=[T.Tensor((32,), "int32", scope="shared")])
    for i in T.serial(4):
        Hs[(t * 4 + i) // 8, (t * 4 + i) % 8] = H[(t * 4 + i) // 8, (t * 4 + i) % 8]
    Ss[t] = S[t]
    T.cuda.cta_sync()
    Hw = Hs.view("uint32")
    for j in T.serial(2):
        W[(t * 2 + j) // 4, (t * 2 + j) % 4] = Hw[(t * 2 + j) // 4, (t * 2 + j) % 4]
    Rs[31 - t] = T.int32(Ss[t]) * 3
    T.cuda.cta_sync()
    R[t] = Rs[t] + T.int32(buf[80 + t] != T.float32(0))


def main():
    H = (np.arange(128).reshape(16, 8) * 5 - 300).astype(np.float16)
    S = (np.arange(32) * 1000 - 16000).astype(np.int16)
    W = H.view(np.uint32).reshape(16, 4)
    t = np.arange(32)
    Rv = (S[31 - t].astype(np.int32) * 3)
    # buf[80 + t] is the float32 over the bytes of Rs (byte 320 = element 80):
    # TIRx builds with --use_fast_math: the compare flushes subnormals, so
    # only words with exponent bits (NaNs and normals here) are nonzero.
    bits = Rv.view(np.uint32)
    R = Rv + ((bits & 0x7f800000) != 0).astype(np.int32)
    return ({"H": H, "S": S, "W": np.zeros((16, 4), np.uint32),
             "R": np.zeros(32, np.int32)}, {"W": W, "R": R.astype(np.int32)})
