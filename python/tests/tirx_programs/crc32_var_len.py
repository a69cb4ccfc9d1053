"""Bitwise CRC-32 (reflected, poly 0xEDB88320) of variable-length byte
messages: one thread per message, the length from an int32 tensor, the
inner bit loop an unrolled 8-step with a mask from the low bit
(0 - (crc & 1)), the result inverted."""
from tvm_tirx.script import tirx as T
import numpy as np

NM, L = 64, 96


@T.function
def crc32(M: T.Tensor((NM, L), "uint8"), LEN: T.Tensor((NM,), "int32"), C: T.Tensor((NM,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=32))
    t = T.cuda.block_idx("x") * 32 + T.cuda.thread_idx("x")
    crc = T.local_scalar("uint32", T.uint32(0xFFFFFFFF))
    for i in range(LEN[t]):
        crc = crc ^ T.cast(M[t, i], "uint32")
        for k in T.unroll(8):
            mask = T.uint32(0) - (crc & T.uint32(1))
            crc = (crc >> T.uint32(1)) ^ (T.uint32(0xEDB88320) & mask)
    C[t] = ~crc


def main():
    import zlib
    rng = np.random.default_rng(1107)
    M = rng.integers(0, 256, (NM, L)).astype(np.uint8)
    LEN = rng.integers(0, L + 1, NM).astype(np.int32)
    LEN[:3] = [0, 1, L]
    C = np.array([zlib.crc32(M[t, :LEN[t]].tobytes()) for t in range(NM)], np.uint32)
    return {"M": M, "LEN": LEN, "C": np.zeros(NM, np.uint32)}, {"C": C}
