"""Packed 16-bit activations on the multifunction unit: GELU(tanh form) with
tanh.approx.f16x2 and tanh.approx.bf16x2, a base-2 softmax numerator with
ex2.approx.f16x2 and ex2.approx.ftz.bf16x2, and tanh.approx.f16 / .bf16 on
scalars; each lane of a pair comes back to its own element (low half = even
element). The ISA bounds these (relative 2^-9.9 for ex2.f16, 2^-7 bf16); the
test allows ULP = 2 of the 16-bit result."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

N = 32
ULP = 2


@T.function
def gelu_half2_approx(H: T.Tensor((N, 2), "float16"), Bv: T.Tensor((N, 2), "bfloat16"),
                      TH: T.Tensor((N, 2), "float16"), TB: T.Tensor((N, 2), "bfloat16"),
                      EH: T.Tensor((N, 2), "float16"), EB: T.Tensor((N, 2), "bfloat16"),
                      SH: T.Tensor((N,), "float16"), SB: T.Tensor((N,), "bfloat16")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    h2 = T.local_scalar("uint32")
    b2 = T.local_scalar("uint32")
    h2 = T.cast(T.reinterpret(H[i, 0], ty="uint16"), "uint32") | (T.cast(T.reinterpret(H[i, 1], ty="uint16"), "uint32") << T.uint32(16))
    b2 = T.cast(T.reinterpret(Bv[i, 0], ty="uint16"), "uint32") | (T.cast(T.reinterpret(Bv[i, 1], ty="uint16"), "uint32") << T.uint32(16))
    r = T.local_scalar("uint32")
    T.ptx.tanh.approx.f16x2(r, h2)
    TH[i, 0] = T.reinterpret(T.cast(r & T.uint32(0xFFFF), "uint16"), ty="float16")
    TH[i, 1] = T.reinterpret(T.cast(r >> T.uint32(16), "uint16"), ty="float16")
    T.ptx.tanh.approx.bf16x2(r, b2)
    TB[i, 0] = T.reinterpret(T.cast(r & T.uint32(0xFFFF), "uint16"), ty="bfloat16")
    TB[i, 1] = T.reinterpret(T.cast(r >> T.uint32(16), "uint16"), ty="bfloat16")
    T.ptx.ex2.approx.f16x2(r, h2)
    EH[i, 0] = T.reinterpret(T.cast(r & T.uint32(0xFFFF), "uint16"), ty="float16")
    EH[i, 1] = T.reinterpret(T.cast(r >> T.uint32(16), "uint16"), ty="float16")
    T.ptx.ex2.approx.ftz.bf16x2(r, b2)
    EB[i, 0] = T.reinterpret(T.cast(r & T.uint32(0xFFFF), "uint16"), ty="bfloat16")
    EB[i, 1] = T.reinterpret(T.cast(r >> T.uint32(16), "uint16"), ty="bfloat16")
    s = T.local_scalar("uint16")
    T.ptx.tanh.approx.f16(s, T.reinterpret(H[i, 1], ty="uint16"))
    SH[i] = T.reinterpret(s, ty="float16")
    sb = T.local_scalar("uint16")
    T.ptx.tanh.approx.bf16(sb, T.reinterpret(Bv[i, 0], ty="uint16"))
    SB[i] = T.reinterpret(sb, ty="bfloat16")


def main():
    rng = np.random.default_rng(9009)
    H = (rng.standard_normal((N, 2)) * 2).astype(np.float16)
    H[:, 1] = -np.abs(H[:, 1]) * 3          # second lane very different from the first
    H[0] = [0.0, -4.0]
    H[1] = [7.5, 0.125]
    Bv = (rng.standard_normal((N, 2)) * 2).astype(ml_dtypes.bfloat16)
    Bv[:, 0] = np.abs(Bv[:, 0].astype(np.float32)).astype(ml_dtypes.bfloat16)
    Bv[0] = np.array([3.0, -10.0], np.float32).astype(ml_dtypes.bfloat16)
    h = H.astype(np.float64)
    b = Bv.astype(np.float64)
    bf = ml_dtypes.bfloat16
    return ({"H": H, "Bv": Bv, "TH": np.zeros_like(H), "TB": np.zeros_like(Bv),
             "EH": np.zeros_like(H), "EB": np.zeros_like(Bv),
             "SH": np.zeros(N, np.float16), "SB": np.zeros(N, bf)},
            {"TH": np.tanh(h).astype(np.float16), "TB": np.tanh(b).astype(np.float32).astype(bf),
             "EH": np.exp2(h).astype(np.float16), "EB": np.exp2(b).astype(np.float32).astype(bf),
             "SH": np.tanh(h[:, 1]).astype(np.float16), "SB": np.tanh(b[:, 0]).astype(np.float32).astype(bf)})
