"""C's integer promotion, as TIRx prints integer arithmetic narrower than
int (int8, uint8, int16, uint16) and nvcc compiles it: the operands become
int, the operation and a comparison or cast after it see the whole int
(A * B // 3 of two int8 divides the product, not its low byte; A + B > 100
compares the 9-bit sum), and only a store, a variable of the narrow type or
a compound assignment keeps the low bits. -A of -128 is 128 and ~V of a
uint8 is negative. nvcc divides the product of two uint16 unsigned (it is
non-negative unless the int overflows, which C leaves undefined), also
where the product passes 2^31."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 256


@T.function
def int_promotion(A: T.Tensor((N,), "int8"), B: T.Tensor((N,), "int8"),
                  U: T.Tensor((N,), "uint16"), V: T.Tensor((N,), "uint8"),
                  W: T.Tensor((N,), "int16"),
                  C: T.Tensor((N,), "int8"), D: T.Tensor((N,), "int16"),
                  E: T.Tensor((N,), "int32"), F: T.Tensor((N,), "int8"),
                  G: T.Tensor((N,), "uint16"), H: T.Tensor((N,), "int32"),
                  K: T.Tensor((N,), "uint8"), M: T.Tensor((N,), "int32"),
                  P: T.Tensor((N,), "int32"), Q: T.Tensor((N,), "int32"),
                  R: T.Tensor((N,), "int32"), S: T.Tensor((N,), "int16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=2, block=128))
    i = T.cuda.block_idx("x") * 128 + T.cuda.thread_idx("x")
    C[i] = (A[i] * B[i]) // T.int8(3)
    D[i] = T.cast(A[i] + B[i], "int16")
    E[i] = T.cast(A[i] + B[i] > T.int8(100), "int32")
    F[i] = (A[i] + B[i]) >> T.int8(1)
    G[i] = (U[i] * U[i]) // T.uint16(3) + (U[i] << T.uint16(9)) // T.uint16(5)
    x = A[i] + B[i]
    H[i] = T.cast(x > T.int8(100), "int32")
    K[i] = (V[i] * V[i]) % T.uint8(7)
    M[i] = T.cast(-A[i], "int32")
    P[i] = T.cast(~V[i], "int32")
    Q[i] = T.cast((W[i] * W[i]) >> T.int16(3), "int32")
    s = A[i]
    s += B[i]
    R[i] = T.cast(s, "int32")
    S[i] = (W[i] + W[i]) // T.int16(-7) + (W[i] - T.int16(30000)) % T.int16(9)


def main():
    rng = np.random.default_rng(47)
    A = rng.integers(-128, 128, N).astype(np.int8)
    B = rng.integers(-128, 128, N).astype(np.int8)
    U = rng.integers(0, 1 << 16, N).astype(np.uint16)
    V = rng.integers(0, 256, N).astype(np.uint8)
    W = rng.integers(-1 << 15, 1 << 15, N).astype(np.int16)
    A[:4] = [-128, 127, -128, 0]
    B[:4] = [-128, 127, 127, -1]
    U[:3] = [65535, 46341, 46340]
    V[:2] = [0, 255]
    W[:3] = [-32768, 32767, 0]
    a, b, w = (x.astype(np.int64) for x in (A, B, W))
    u, v = U.astype(np.int64), V.astype(np.int64)

    def wrap(x, dtype):
        return np.asarray(x).astype(np.int64).astype(dtype)

    def i32(x):  # C's int arithmetic as nvcc wraps it
        return wrap(np.asarray(x) & 0xFFFFFFFF, np.uint32).view(np.int32)

    def cdiv(p, q):  # C's / and % (toward zero)
        d = np.trunc(p / q).astype(np.int64)
        return d, p - d * q

    def floordiv(p, q):  # TIRx's // and % of signed ints
        return p // q, p % q
    sq = w * w
    out = {
        "C": wrap(floordiv(a * b, 3)[0], np.int8),
        "D": wrap(a + b, np.int16),
        "E": ((a + b) > 100).astype(np.int32),
        "F": wrap((a + b) >> 1, np.int8),
        "G": wrap((u * u) // 3 + (u << 9) // 5, np.uint16),
        "H": (wrap(a + b, np.int8) > 100).astype(np.int32),
        "K": wrap((v * v) % 7, np.uint8),
        "M": (-a).astype(np.int32),
        "P": (~v).astype(np.int32),
        "Q": i32(sq) >> 3,
        "R": wrap(a + b, np.int8).astype(np.int32),
        "S": wrap(floordiv(w + w, -7)[0] + floordiv(w - 30000, 9)[1],
                  np.int16),
    }
    inputs = {"A": A, "B": B, "U": U, "V": V, "W": W}
    inputs.update({k: np.zeros_like(x) for k, x in out.items()})
    return inputs, out
