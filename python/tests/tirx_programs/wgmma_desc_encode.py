"""wgmma descriptors from TIRx's encoder: T.cuda.wgmma_encode_matrix_descriptor
of a shared buffer at each swizzle, with leading/stride offsets past 14 bits
(the fields keep their low 14 bits); the descriptors are written out."""
from tvm_tirx.script import tirx as T
import numpy as np


@T.function
def wgmma_desc_encode(Out: T.Tensor((8,), "uint64"), Lo: T.Tensor((8,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    S = T.alloc_shared((4096,), "float16", align=1024)
    d = T.alloc_local((1,), "uint64")
    t = T.cuda.thread_idx("x")
    if t < 4:
        T.cuda.wgmma_encode_matrix_descriptor(T.address_of(d[0]), S.ptr_to([t * 64]), 1 + t, 64 + 16385 * t, t)
        Out[t] = d[0]
        Lo[t] = T.cuda.smem_addr_from_uint64(d[0] + T.uint64(1 << 40))
    elif t < 8:
        T.cuda.wgmma.encode_matrix_descriptor(T.address_of(d[0]), S.ptr_to([512 * (t - 4)]), 16383 + t, 2, 7 - t)
        Out[t] = d[0]
        Lo[t] = T.uint32(0)


def _desc(start_bytes, ldo, sdo, swizzle):
    """CUTLASS's GmmaDescriptor bitfields: start address >> 4 in bits
    0-13, ldo in 16-29, sdo in 32-45, the layout type in 62-63 (128B 1,
    64B 2, 32B 3)."""
    layout = {0: 0, 1: 3, 2: 2, 3: 1}.get(swizzle, 0)
    return ((start_bytes >> 4) & 0x3FFF) | ((ldo & 0x3FFF) << 16) | \
        ((sdo & 0x3FFF) << 32) | (layout << 62)


def main():
    # S is the kernel's only shared buffer: its shared address is 0x400
    # (the window's first 1 KiB is the system's; measured on an H100).
    base = 0x400
    out = [_desc(base + t * 64 * 2, 1 + t, 64 + 16385 * t, t)
           for t in range(4)]
    out += [_desc(base + 512 * (t - 4) * 2, 16383 + t, 2, 7 - t)
            for t in range(4, 8)]
    lo = [(d + (1 << 40)) & 0xFFFFFFFF for d in out[:4]] + [0] * 4
    return ({"Out": np.zeros(8, np.uint64), "Lo": np.zeros(8, np.uint32)},
            {"Out": np.array(out, np.uint64), "Lo": np.array(lo, np.uint32)})
