"""Scalar cvt chains to and from bf16 and tf32: cvt.rn.bf16.f32, cvt.rz.bf16.f32
(bf16 in a uint16 register), cvt.f32.bf16, and cvt.rna.tf32.f32 (tf32 in a
uint32; only the 19 significant bits are compared, the low 13 are masked)."""
from tvm_tirx.script import tirx as T
import numpy as np

N = 128


@T.function
def cvt_bf(X: T.Tensor((N,), "float32"), B: T.Tensor((N, 2), "uint16"),
           F: T.Tensor((N,), "float32"), TF: T.Tensor((N,), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=N))
    i = T.cuda.thread_idx("x")
    h = T.local_scalar("uint16")
    f = T.local_scalar("float32")
    t = T.local_scalar("uint32")
    T.ptx.cvt.rn.bf16.f32(h, X[i])
    B[i, 0] = h
    T.ptx.cvt.f32.bf16(f, h)
    F[i] = f
    T.ptx.cvt.rz.bf16.f32(h, X[i])
    B[i, 1] = h
    T.ptx.cvt.rna.tf32.f32(t, X[i])
    TF[i] = t & T.uint32(0xFFFFE000)


def bf16_rn(x):
    b = x.view(np.uint32).astype(np.uint64)
    out = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)
    nan = np.isnan(x)
    out[nan] = ((b[nan] >> 16) | 0x40).astype(np.uint16)
    return out


def main():
    rng = np.random.default_rng(411)
    X = (rng.standard_normal(N) * 100).astype(np.float32)
    bits = X.view(np.uint32).copy()
    bits[:8] = (bits[:8] & 0xFFFF0000) | 0x8000  # exact ties
    bits[8:12] = (bits[8:12] & 0xFFFFE000) | 0x1000  # tf32 ties
    X = bits.view(np.float32)
    X[12] = np.inf; X[13] = -np.inf; X[14] = 0.0; X[15] = np.float32(-0.0)
    X[16] = np.float32(3.3895314e38)  # rounds up to bf16 inf
    b = X.view(np.uint32).astype(np.uint64)
    B = np.zeros((N, 2), np.uint16)
    B[:, 0] = bf16_rn(X)
    B[:, 1] = (b >> 16).astype(np.uint16)
    F = (B[:, 0].astype(np.uint32) << 16).view(np.float32)
    tf = ((b + 0x1000) & 0xFFFFE000).astype(np.uint32)
    finite = np.isfinite(X)
    TF = np.where(finite, tf, X.view(np.uint32)).astype(np.uint32)
    return ({"X": X, "B": np.zeros_like(B), "F": np.zeros(N, np.float32), "TF": np.zeros(N, np.uint32)},
            {"B": B, "F": F, "TF": TF})
