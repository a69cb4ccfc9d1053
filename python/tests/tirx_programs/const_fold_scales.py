"""Scale factors written as float32 constant expressions, as attention and norm
kernels spell them from module constants: sm_scale = 1 / sqrt(d) for head dims
d, qk = sm_scale * log2(e), 1 / N for row lengths N, 1 - momentum * decay,
a * b + c bias terms, a tiny eps = 1e-20 * 1e-20 * 1e10 (a subnormal step), and
x * (1 / 7.3) scaled at run time. TIRx folds float32 constant arithmetic when it
parses the function (IEEE float32: no flush, no contraction, correctly rounded
division; cu/const_fold_scales.cu shows the folded literals); only the multiply
by X stays a run-time (fast-math) product."""
from tvm_tirx.script import tirx as T
import numpy as np
import math

DIMS = [48, 80, 96, 112, 160, 192, 7, 10]
NS = [768, 1000, 3, 12, 4000, 100]
LOG2E = 1.4426950408889634
MOM, DECAY = 0.9, 0.999
A, B, C = 0.7, 0.3, 0.2


@T.function
def const_fold_scales(X: T.Tensor((16,), "float32"), S: T.Tensor((24,), "float32"), Y: T.Tensor((16,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
    S[0] = T.float32(1) / T.float32(math.sqrt(48))
    S[1] = T.float32(1) / T.float32(math.sqrt(80))
    S[2] = T.float32(1) / T.float32(math.sqrt(96))
    S[3] = T.float32(1) / T.float32(math.sqrt(112))
    S[4] = T.float32(1) / T.float32(math.sqrt(160))
    S[5] = T.float32(1) / T.float32(math.sqrt(192))
    S[6] = T.float32(1) / T.float32(math.sqrt(7))
    S[7] = T.float32(1) / T.float32(math.sqrt(10))
    S[8] = T.float32(1) / T.float32(math.sqrt(80)) * T.float32(LOG2E)
    S[9] = T.float32(1) / T.float32(768)
    S[10] = T.float32(1) / T.float32(1000)
    S[11] = T.float32(1) / T.float32(3)
    S[12] = T.float32(1) / T.float32(12)
    S[13] = T.float32(1) / T.float32(4000)
    S[14] = T.float32(1) / T.float32(100)
    S[15] = T.float32(1) - T.float32(MOM) * T.float32(DECAY)
    S[16] = T.float32(A) * T.float32(B) + T.float32(C)
    S[17] = T.float32(1e-20) * T.float32(1e-20) * T.float32(1e10)
    S[18] = T.float32(3) * T.float32(0.1) - T.float32(0.3)
    S[19] = T.float32(19) / T.float32(7.3)
    S[20] = T.float32(1e-38) / T.float32(4)
    S[21] = T.float32(2.5) * T.float32(0.4) - T.float32(1)
    S[22] = T.float32(1e-30) * T.float32(1e-10)
    S[23] = T.float32(0.5) * T.float32(0.5) - T.float32(0.25)
    for i in T.unroll(16):
        Y[i] = X[i] * (T.float32(1) / T.float32(7.3))


def main():
    f = np.float32
    S = np.zeros(24, np.float32)
    for i, d in enumerate(DIMS):
        S[i] = f(1) / f(math.sqrt(d))
    S[8] = (f(1) / f(math.sqrt(80))) * f(LOG2E)
    for i, n in enumerate(NS):
        S[9 + i] = f(1) / f(n)
    S[15] = f(1) - f(MOM) * f(DECAY)
    S[16] = f(A) * f(B) + f(C)
    S[17] = f(f(f(1e-20) * f(1e-20)) * f(1e10))
    S[18] = f(f(3) * f(0.1)) - f(0.3)
    S[19] = f(19) / f(7.3)
    S[20] = f(1e-38) / f(4)
    S[21] = f(f(2.5) * f(0.4)) - f(1)
    S[22] = f(1e-30) * f(1e-10)
    S[23] = f(0)
    X = np.random.default_rng(1023).integers(-50, 50, 16).astype(np.float32)
    Y = (X * (f(1) / f(7.3))).astype(np.float32)     # fast-math mul.rn.ftz of normals: IEEE
    return {"X": X, "S": np.zeros(24, np.float32), "Y": np.zeros(16, np.float32)}, {"S": S, "Y": Y}
