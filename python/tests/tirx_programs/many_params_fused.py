"""A fused elementwise kernel with many parameters, as graph compilers
emit them: 40 float32 input tensors, two int32 scalar parameters between
them, and one output; out = sum_k (k + 1) * I_k[i] (integers: exact), +
s0 * s1 when i < s0."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 64


@T.function
def many_params(I0: T.Tensor((N,), "float32"), I1: T.Tensor((N,), "float32"), I2: T.Tensor((N,), "float32"), I3: T.Tensor((N,), "float32"), I4: T.Tensor((N,), "float32"), I5: T.Tensor((N,), "float32"), I6: T.Tensor((N,), "float32"), I7: T.Tensor((N,), "float32"), I8: T.Tensor((N,), "float32"), I9: T.Tensor((N,), "float32"), I10: T.Tensor((N,), "float32"), I11: T.Tensor((N,), "float32"), I12: T.Tensor((N,), "float32"), I13: T.Tensor((N,), "float32"), I14: T.Tensor((N,), "float32"), I15: T.Tensor((N,), "float32"), I16: T.Tensor((N,), "float32"), I17: T.Tensor((N,), "float32"), I18: T.Tensor((N,), "float32"), I19: T.Tensor((N,), "float32"), I20: T.Tensor((N,), "float32"), I21: T.Tensor((N,), "float32"), I22: T.Tensor((N,), "float32"), I23: T.Tensor((N,), "float32"), I24: T.Tensor((N,), "float32"), I25: T.Tensor((N,), "float32"), I26: T.Tensor((N,), "float32"), I27: T.Tensor((N,), "float32"), I28: T.Tensor((N,), "float32"), I29: T.Tensor((N,), "float32"), I30: T.Tensor((N,), "float32"), I31: T.Tensor((N,), "float32"), I32: T.Tensor((N,), "float32"), I33: T.Tensor((N,), "float32"), I34: T.Tensor((N,), "float32"), I35: T.Tensor((N,), "float32"), I36: T.Tensor((N,), "float32"), I37: T.Tensor((N,), "float32"), I38: T.Tensor((N,), "float32"), I39: T.Tensor((N,), "float32"), s0: T.int32, s1: T.int32, O: T.Tensor((N,), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    acc = T.local_scalar("float32", T.float32(0))
    acc = acc + I0[i] * T.float32(1)
    acc = acc + I1[i] * T.float32(2)
    acc = acc + I2[i] * T.float32(3)
    acc = acc + I3[i] * T.float32(4)
    acc = acc + I4[i] * T.float32(5)
    acc = acc + I5[i] * T.float32(6)
    acc = acc + I6[i] * T.float32(7)
    acc = acc + I7[i] * T.float32(8)
    acc = acc + I8[i] * T.float32(9)
    acc = acc + I9[i] * T.float32(10)
    acc = acc + I10[i] * T.float32(11)
    acc = acc + I11[i] * T.float32(12)
    acc = acc + I12[i] * T.float32(13)
    acc = acc + I13[i] * T.float32(14)
    acc = acc + I14[i] * T.float32(15)
    acc = acc + I15[i] * T.float32(16)
    acc = acc + I16[i] * T.float32(17)
    acc = acc + I17[i] * T.float32(18)
    acc = acc + I18[i] * T.float32(19)
    acc = acc + I19[i] * T.float32(20)
    acc = acc + I20[i] * T.float32(21)
    acc = acc + I21[i] * T.float32(22)
    acc = acc + I22[i] * T.float32(23)
    acc = acc + I23[i] * T.float32(24)
    acc = acc + I24[i] * T.float32(25)
    acc = acc + I25[i] * T.float32(26)
    acc = acc + I26[i] * T.float32(27)
    acc = acc + I27[i] * T.float32(28)
    acc = acc + I28[i] * T.float32(29)
    acc = acc + I29[i] * T.float32(30)
    acc = acc + I30[i] * T.float32(31)
    acc = acc + I31[i] * T.float32(32)
    acc = acc + I32[i] * T.float32(33)
    acc = acc + I33[i] * T.float32(34)
    acc = acc + I34[i] * T.float32(35)
    acc = acc + I35[i] * T.float32(36)
    acc = acc + I36[i] * T.float32(37)
    acc = acc + I37[i] * T.float32(38)
    acc = acc + I38[i] * T.float32(39)
    acc = acc + I39[i] * T.float32(40)
    if i < s0:
        acc = acc + T.cast(s0 * s1, "float32")
    O[i] = acc


def main():
    rng = np.random.default_rng(1126)
    ins = {f"I{k}": rng.integers(-100, 100, N).astype(np.float32) for k in range(40)}
    acc = np.zeros(N, np.float32)
    for k in range(40):
        acc = acc + ins[f"I{k}"] * np.float32(k + 1)
    s0, s1 = 17, -3
    acc[:s0] += np.float32(s0 * s1)
    ins.update({"s0": np.int32(s0), "s1": np.int32(s1), "O": np.zeros(N, np.float32)})
    return ins, {"O": acc}
