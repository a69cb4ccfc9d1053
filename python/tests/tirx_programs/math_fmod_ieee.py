"""T.fmod without --use_fast_math (TIRx's default build has it; see
math_fmod), as TIRx prints it (fmodf, fmod) and nvcc compiles it: nvcc's
code reduces the exponent difference by up to 23 bits at a time in a
loop whose trip count depends on the arguments. The remainder is exact, so
numpy's fmod is the reference, signed zeros, infinities and NaN included;
float32 subnormals are kept."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 512
IEEE = {"cuda": {"compiler": "nvcc", "nvcc": []}}


@T.function
def math_fmod_ieee(A: T.Tensor((N,), "float32"), B: T.Tensor((N,), "float32"),
                   C: T.Tensor((N,), "float32"), D: T.Tensor((N,), "float64"),
                   E: T.Tensor((N,), "float64"), F: T.Tensor((N,), "float64")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=4, block=128),
                   backend_config=IEEE)
    i = T.cuda.block_idx("x") * 128 + T.cuda.thread_idx("x")
    C[i] = T.fmod(A[i], B[i])
    F[i] = T.fmod(D[i], E[i])


def sample(rng, dtype, bits):
    """Magnitudes across the whole exponent range, subnormals, zeros,
    infinities and NaN."""
    raw = rng.integers(0, 1 << bits, N, dtype=np.uint64)
    x = raw.astype({32: np.uint32, 64: np.uint64}[bits]).view(dtype).copy()
    x[np.isnan(x)] = 1.5
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0,
                        np.finfo(dtype).tiny, np.finfo(dtype).max,
                        np.finfo(dtype).smallest_subnormal], dtype)
    x[:len(special)] = special
    return x


def main():
    rng = np.random.default_rng(24)
    A, B = sample(rng, np.float32, 32), sample(rng, np.float32, 32)
    D, E = sample(rng, np.float64, 64), sample(rng, np.float64, 64)
    B[:10] = B[10:20]
    B[20:40] = rng.uniform(0.5, 4, 20).astype(np.float32)
    A[20:40] = rng.uniform(-1e6, 1e6, 20).astype(np.float32)
    E[20:40] = rng.uniform(0.5, 4, 20)
    D[20:40] = rng.uniform(-1e300, 1e300, 20)
    A[40:44] = [1e38, -3e38, 7.0, 5.0]
    B[40:44] = [1e-45, 3e-39, 0.0, np.inf]
    C, F = np.zeros(N, np.float32), np.zeros(N, np.float64)
    with np.errstate(invalid="ignore"):
        c, f = np.fmod(A, B), np.fmod(D, E)
    # nvcc's fmodf returns its constant 0x7fffffff for every NaN result;
    # fmod's invalid results are its 0xfff8000000000000 (x86's default NaN,
    # numpy's) and a NaN argument comes back quieted (x + y), as numpy's.
    c[np.isnan(c)] = np.uint32(0x7FFFFFFF).view(np.float32)
    return ({"A": A, "B": B, "C": C, "D": D, "E": E, "F": F},
            {"C": c, "F": f})
