"""Register-pattern tile ops at warp scope (32 lanes x 4 elements, lane-bound
layouts) with opcodes the existing programs do not use: cvt.rn.satfinite.e4m3x2.f32
and .e5m2x2.f32 (a -> upper byte), cvt.rn.f16x2.e4m3x2 back to half pairs, mov.b32
packing two 16-bit registers ({lo, hi}) and unpacking, min.NaN.f32,
add.rn.sat.f32, fma.rn.sat.f32, sub.sat.s32, mul.hi.u32, mul.wide.s32 into an
int64 tile, fma.rn.relu.bf16x2, abs.bf16x2, neg.bf16x2."""
from tvm_tirx.script import tirx as T
import numpy as np
import ml_dtypes

LANE = T.cuda.Axis.laneid
L = T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 1, 1)])
L2 = T.TileLayout(T.S[(32, 4, 2):(1 @ LANE, 2, 1)])


@T.function
def tile_reg_fp8_pack_misc(A: T.Tensor((32, 4, 1), "float32"), B: T.Tensor((32, 4, 1), "float32"),
                           I: T.Tensor((32, 4, 1), "int32"), J: T.Tensor((32, 4, 1), "int32"),
                           P: T.Tensor((32, 4, 1), "uint32"), Q: T.Tensor((32, 4, 1), "uint32"),
                           F8: T.Tensor((32, 4, 1), "uint32"), H2a: T.Tensor((32, 4, 1), "uint32"),
                           H2b: T.Tensor((32, 4, 1), "uint32"), Fmin: T.Tensor((32, 4, 1), "float32"),
                           Fsat: T.Tensor((32, 4, 1), "float32"), Ffma: T.Tensor((32, 4, 1), "float32"),
                           Isub: T.Tensor((32, 4, 1), "int32"), Ihi: T.Tensor((32, 4, 1), "uint32"),
                           Wo: T.Tensor((32, 4, 1), "int64"), Brelu: T.Tensor((32, 4, 1), "uint32"),
                           Babs: T.Tensor((32, 4, 1), "uint32"), Bneg: T.Tensor((32, 4, 1), "uint32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    a = T.alloc_local((32, 4, 1), "float32", layout=L)
    b = T.alloc_local((32, 4, 1), "float32", layout=L)
    f = T.alloc_local((32, 4, 1), "float32", layout=L)
    i = T.alloc_local((32, 4, 1), "int32", layout=L)
    j = T.alloc_local((32, 4, 1), "int32", layout=L)
    k = T.alloc_local((32, 4, 1), "int32", layout=L)
    u = T.alloc_local((32, 4, 1), "uint32", layout=L)
    v = T.alloc_local((32, 4, 1), "uint32", layout=L)
    w = T.alloc_local((32, 4, 1), "uint32", layout=L)
    wide = T.alloc_local((32, 4, 1), "int64", layout=L)
    e4 = T.alloc_local((32, 4, 2), "uint16", layout=L2)
    hh = T.alloc_local((32, 4, 2), "uint32", layout=L2)
    T.cuda.tile.apply(T.ptx["ld.global.f32"], a, A, scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.f32"], b, B, scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.s32"], i, I, scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.s32"], j, J, scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.u32"], u, P, scope="warp")
    T.cuda.tile.apply(T.ptx["ld.global.u32"], v, Q, scope="warp")
    # fp8 pairs: e4m3 of (a, b) in slot 0, e5m2 of (a, b) in slot 1
    e40 = T.decl_tensor(e4.data, ty_args=[T.Tensor((32, 4, 1), "uint16", scope="local",
                        layout=T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 2, 1)]))])
    e41 = T.decl_tensor(e4.data, ty_args=[T.Tensor((32, 4, 1), "uint16", scope="local",
                        layout=T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 2, 1)] + 1))])
    T.cuda.tile.apply(T.ptx["cvt.rn.satfinite.e4m3x2.f32"], e40, a, b, scope="warp")
    T.cuda.tile.apply(T.ptx["cvt.rn.satfinite.e5m2x2.f32"], e41, a, b, scope="warp")
    T.cuda.tile.apply(T.ptx["mov.b32"], w, e4, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.u32"], F8, w, scope="warp")
    # back to half pairs from the unpacked 16-bit registers
    T.cuda.tile.apply(T.ptx["mov.b32"], e4, w, scope="warp")
    h0 = T.decl_tensor(hh.data, ty_args=[T.Tensor((32, 4, 1), "uint32", scope="local",
                       layout=T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 2, 1)]))])
    h1 = T.decl_tensor(hh.data, ty_args=[T.Tensor((32, 4, 1), "uint32", scope="local",
                       layout=T.TileLayout(T.S[(32, 4, 1):(1 @ LANE, 2, 1)] + 1))])
    T.cuda.tile.apply(T.ptx["cvt.rn.f16x2.e4m3x2"], h0, e40, scope="warp")
    T.cuda.tile.apply(T.ptx["cvt.rn.f16x2.e4m3x2"], h1, e41, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.u32"], H2a, h0, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.u32"], H2b, h1, scope="warp")
    # float ops
    T.cuda.tile.apply(T.ptx["min.NaN.f32"], f, a, b, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.f32"], Fmin, f, scope="warp")
    T.cuda.tile.apply(T.ptx["add.rn.sat.f32"], f, a, b, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.f32"], Fsat, f, scope="warp")
    T.cuda.tile.apply(T.ptx["fma.rn.sat.f32"], f, a, b, T.float32(0.25), scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.f32"], Ffma, f, scope="warp")
    # integer ops
    T.cuda.tile.apply(T.ptx["sub.sat.s32"], k, i, j, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.s32"], Isub, k, scope="warp")
    T.cuda.tile.apply(T.ptx["mul.hi.u32"], w, u, v, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.u32"], Ihi, w, scope="warp")
    T.cuda.tile.apply(T.ptx["mul.wide.s32"], wide, i, j, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.s64"], Wo, wide, scope="warp")
    # bf16x2 ops on the packed words of P, Q
    T.cuda.tile.apply(T.ptx["fma.rn.relu.bf16x2"], w, u, v, u, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.u32"], Brelu, w, scope="warp")
    T.cuda.tile.apply(T.ptx["abs.bf16x2"], w, u, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.u32"], Babs, w, scope="warp")
    T.cuda.tile.apply(T.ptx["neg.bf16x2"], w, v, scope="warp")
    T.cuda.tile.apply(T.ptx["st.global.u32"], Bneg, w, scope="warp")


def bf_bits(x):
    return np.asarray(x, np.float32).astype(ml_dtypes.bfloat16).view(np.uint16).astype(np.uint32)


def bf_val(bits):
    return np.asarray(bits, np.uint16).view(ml_dtypes.bfloat16).astype(np.float64)


def main():
    rng = np.random.default_rng(1021)
    sh = (32, 4, 1)
    A = (rng.standard_normal(sh) * rng.choice([0.01, 1, 100, 1000], sh)).astype(np.float32)
    B = (rng.standard_normal(sh) * rng.choice([0.01, 1, 100, 1000], sh)).astype(np.float32)
    A[0, :, 0] = [np.nan, -0.0, 0.0, 1e5]
    B[0, :, 0] = [1.0, 0.0, -0.0, np.nan]
    A[1, :, 0] = [0.5, 2.0, -3.0, 0.75]
    B[1, :, 0] = [0.25, -1.5, 5.0, 0.125]
    I = rng.integers(-2**31, 2**31, sh, dtype=np.int64).astype(np.int32)
    J = rng.integers(-2**31, 2**31, sh, dtype=np.int64).astype(np.int32)
    I[0, :, 0] = [2**31 - 1, -2**31, 5, -7]
    J[0, :, 0] = [-1, 1, 2**31 - 1, -2**31]
    bfa = (rng.standard_normal((32, 4, 2)) * 4).astype(np.float32)
    bfb = (rng.standard_normal((32, 4, 2)) * 4).astype(np.float32)
    P = (bf_bits(bfa[..., 0]) | (bf_bits(bfa[..., 1]) << 16)).reshape(sh).astype(np.uint32)
    Q = (bf_bits(bfb[..., 0]) | (bf_bits(bfb[..., 1]) << 16)).reshape(sh).astype(np.uint32)

    def fp8(x, kind):
        dt = ml_dtypes.float8_e4m3fn if kind == 4 else ml_dtypes.float8_e5m2
        mx = 448.0 if kind == 4 else 57344.0
        out = np.zeros(x.shape, np.uint32)
        for ix in np.ndindex(x.shape):
            v = np.float32(x[ix])
            if np.isnan(v):
                out[ix] = 0x7F if kind == 4 else 0x7F
                continue
            q = np.float32(v).astype(dt)
            if np.isnan(q.astype(np.float32)) or np.isinf(q.astype(np.float32)) or abs(float(q.astype(np.float32))) > mx:
                q = np.array(np.sign(v) * mx, np.float32).astype(dt)
            out[ix] = int(np.array(q).view(np.uint8))
        return out
    e4 = (fp8(A, 4) << 8) | fp8(B, 4)
    e5 = (fp8(A, 5) << 8) | fp8(B, 5)
    F8 = (e4 | (e5 << 16)).astype(np.uint32)

    def f16_of_e4m3(byte):
        if byte & 0x7F == 0x7F:
            return 0x7FFF
        v = np.array(byte, np.uint8).view(ml_dtypes.float8_e4m3fn).astype(np.float16)
        return int(v.view(np.uint16))
    H2 = np.zeros((32, 4, 2), np.uint32)
    for ix in np.ndindex(32, 4):
        for s, word in enumerate((e4[ix + (0,)], e5[ix + (0,)])):
            if s == 0:
                H2[ix + (0,)] = f16_of_e4m3(int(word) & 0xFF) | (f16_of_e4m3(int(word) >> 8) << 16)
            else:  # the e5m2 pair read as e4m3 by cvt.rn.f16x2.e4m3x2
                H2[ix + (1,)] = f16_of_e4m3(int(word) & 0xFF) | (f16_of_e4m3(int(word) >> 8) << 16)
    Fo = np.zeros((32, 4, 3), np.float32)
    a, b = A[..., 0], B[..., 0]
    mn = np.where(np.isnan(a) | np.isnan(b), np.array(0x7FFFFFFF, np.uint32).view(np.float32), np.minimum(a, b))  # canonical NaN
    both0 = (a == 0) & (b == 0)
    mn = np.where(both0, np.where(np.signbit(a) | np.signbit(b), np.float32(-0.0), np.float32(0.0)), mn)
    Fo[..., 0] = mn
    s = (a.astype(np.float64) + b).astype(np.float32)
    Fo[..., 1] = np.where(np.isnan(s), 0, np.clip(s, 0, 1))
    fm = (a.astype(np.float64) * b + 0.25).astype(np.float32)
    Fo[..., 2] = np.where(np.isnan(fm), 0, np.clip(fm, 0, 1))
    Io = np.zeros((32, 4, 2), np.int32)
    Io[..., 0] = np.clip(I[..., 0].astype(np.int64) - J[..., 0], -2**31, 2**31 - 1)
    Io[..., 1] = ((P[..., 0].astype(np.uint64) * Q[..., 0].astype(np.uint64)) >> 32).astype(np.uint32).view(np.int32)
    Wo = (I.astype(np.int64) * J.astype(np.int64))
    Bo = np.zeros((32, 4, 3), np.uint32)
    for ix in np.ndindex(32, 4):
        pw, qw = int(P[ix + (0,)]), int(Q[ix + (0,)])
        r = 0
        for h in range(2):
            pa = bf_val((pw >> (16 * h)) & 0xFFFF); qb = bf_val((qw >> (16 * h)) & 0xFFFF)
            x = np.float32(pa * qb + pa)      # exact in f64 (8-bit mantissas), one rounding via f32 ... see below
            y = float(pa * qb + pa)
            rb = int(np.array(np.float32(y)).astype(ml_dtypes.bfloat16).view(np.uint16))
            if y <= 0:
                rb = 0
            r |= rb << (16 * h)
        Bo[ix + (0,)] = r
        Bo[ix + (1,)] = pw & 0x7FFF7FFF
        Bo[ix + (2,)] = qw ^ 0x80008000
    outs = {"F8": F8, "H2a": H2[..., :1].copy(), "H2b": H2[..., 1:].copy(), "Fmin": Fo[..., :1].copy(),
            "Fsat": Fo[..., 1:2].copy(), "Ffma": Fo[..., 2:].copy(), "Isub": Io[..., :1].copy(),
            "Ihi": Io[..., 1:].copy().view(np.uint32), "Wo": Wo, "Brelu": Bo[..., :1].copy(),
            "Babs": Bo[..., 1:2].copy(), "Bneg": Bo[..., 2:].copy()}
    ins = {"A": A, "B": B, "I": I, "J": J, "P": P, "Q": Q}
    ins.update({k: np.zeros_like(v) for k, v in outs.items()})
    return ins, outs
