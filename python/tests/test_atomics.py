"""Atomics and the reducing CTA barrier in the front-end: T.cuda.atomic_add
and atomic_cas on global and shared elements (T.address_of), atom and red
through T.ptx on elements and on tiles, T.cuda.syncthreads_count/and/or
(bar.red), and the errors of what CUDA's overloads do not take. Each
kernel runs on the CPU backend; the expected values are numpy's."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from tile_mlir import TileError  # noqa: E402
from tile_mlir.script import tirx as T  # noqa: E402

from _cpu import run  # noqa: E402

np = pytest.importorskip("numpy")
LANE = T.cuda.Axis.laneid



def test_ptx_atom_and_red_on_elements():
    @T.function
    def k(A: T.Tensor((4,), "int32"), B: T.Tensor((32,), "int32"),
          C: T.Tensor((1,), "uint32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        tx = T.cuda.thread_idx("x")
        s = T.alloc_shared((1,), "uint32")
        if tx == 0:
            s[0] = T.uint32(0)
        T.cuda.cta_sync()
        d = T.alloc_local((1,), "int32")
        # Each thread's max into A[tx % 4]; d is the old value.
        T.ptx.atom.global_.max.s32(d[0], A[tx % 4], tx - 16)
        T.ptx.red.shared.xor.b32(s[0], T.cast(tx, "uint32"))
        B[tx] = d[0]
        T.cuda.cta_sync()
        if tx == 0:
            C[0] = s[0]
    A = np.full(4, -100, np.int32)
    out = run(k, A=A, B=np.zeros(32, np.int32), C=np.zeros(1, np.uint32))
    tx = np.arange(32)
    assert np.array_equal(out["A"], [max(tx[i::4] - 16) for i in range(4)])
    # Threads run in order on the CPU backend: each saw the maximum of the
    # threads of its element before it (the GPU's order is open).
    assert out["B"][:4].tolist() == [-100] * 4
    assert out["C"][0] == np.bitwise_xor.reduce(tx)


def test_red_over_a_warp_tile():
    @T.function
    def k(F: T.Tensor((32, 2), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        T.cuda.tile.apply(T.ptx["red.global.add.f32"], F.view(32, 2, 1),
                          T.float32(0.5),
                          scope="warp")
    F = np.arange(64, dtype=np.float32).reshape(32, 2)
    out = run(k, F=F.copy())["F"]
    assert np.array_equal(out, F + 0.5)


def test_atomic_add_float64_and_shared_cas():
    @T.function
    def k(D: T.Tensor((1,), "float64"), O: T.Tensor((64,), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=64))
        tx = T.cuda.thread_idx("x")
        lock = T.alloc_shared((1,), "int32")
        if tx == 0:
            lock[0] = 0
        T.cuda.cta_sync()
        T.cuda.atomic_add(T.address_of(D[0]), T.float64(0.25))
        # Exactly one thread takes the lock: 0 -> 1.
        O[tx] = T.cuda.atomic_cas(T.address_of(lock[0]), 0, 1)
    out = run(k, D=np.zeros(1, np.float64), O=np.full(64, 9, np.int32))
    assert out["D"][0] == 16.0
    assert sorted(out["O"].tolist()) == [0] + [1] * 63


@pytest.mark.parametrize("body, match", [
    ("T.cuda.atomic_add(T.address_of(C[0]), T.int8(1))",
     r"atomic_add on a int8 element: CUDA's overloads"),
    ("T.cuda.atomic_add(T.address_of(L[0]), T.int64(1))",
     r"atomic_add on a int64 element: CUDA's overloads take int32, uint32, "
     r"uint64, float32, float64"),
    ("T.cuda.atomic_cas(T.address_of(F[0]), T.float32(0), T.float32(1))",
     r"atomic_cas on a float32 element"),
    ("T.cuda.atomic_add(F[0:2], T.float32(1))",
     r"takes T.address_of\(A\[i\]\) of a global or shared buffer"),
    ("T.cuda.atomic_add(T.address_of(r[0]), T.float32(1))",
     r"takes T.address_of\(A\[i\]\) of a global or shared buffer"),
    ("T.address_of(F[0:2])",
     r"T.address_of takes one element of a global, shared or local buffer"),
])
def test_atomic_errors(body, match):
    src = f"""
def k(H: T.Tensor((2,), "float16"), F: T.Tensor((2,), "float32"),
      L: T.Tensor((2,), "int64"), C: T.Tensor((2,), "int8")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
    r = T.alloc_local((1,), "float32")
    {body}
"""
    scope = {"T": T}
    exec(compile(src, "<atomic>", "exec"), scope)
    with pytest.raises(TileError, match=match):
        T.function(scope["k"])


def test_syncthreads_reductions():
    @T.function
    def k(A: T.Tensor((96,), "int32"), O: T.Tensor((96, 3), "int32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=96))
        tx = T.cuda.thread_idx("x")
        O[tx, 0] = T.cuda.syncthreads_count(A[tx] > 0)
        O[tx, 1] = T.cuda.syncthreads_or(A[tx] > 40)
        O[tx, 2] = T.cuda.syncthreads_and(A[tx] > -50)
    A = np.random.default_rng(3).integers(-49, 40, 96).astype(np.int32)
    A[70] = 41
    out = run(k, A=A, O=np.zeros((96, 3), np.int32))["O"]
    assert np.array_equal(out[:, 0], np.full(96, (A > 0).sum()))
    assert np.array_equal(out[:, 1], np.ones(96))
    assert np.array_equal(out[:, 2], np.ones(96))


def test_uint64_cas_and_add():
    # CUDA's unsigned long long overloads (TIRx's uint64_t, unsigned long,
    # has none under nvcc).
    @T.function
    def k(U: T.Tensor((32,), "uint64"), V: T.Tensor((32,), "uint64")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        tx = T.cuda.thread_idx("x")
        V[tx] = T.cuda.atomic_cas(T.address_of(U[tx]), T.uint64(7),
                                  T.uint64(0xFFFFFFFF00000000))
        T.cuda.atomic_add(T.address_of(U[tx]), T.uint64(1 << 40))
    U = np.random.default_rng(4).choice([7, 8], 32).astype(np.uint64)
    out = run(k, U=U.copy(), V=np.zeros(32, np.uint64))
    want = np.where(U == 7, np.uint64(0xFFFFFFFF00000000), U) + \
        np.uint64(1 << 40)
    assert np.array_equal(out["V"], U)
    assert np.array_equal(out["U"], want)


def test_half_precision_adds():
    # atom.add.noftz.f16 / .bf16: rounded to nearest, subnormals kept.
    @T.function
    def k(H: T.Tensor((32,), "float16"), O: T.Tensor((32,), "float16")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        tx = T.cuda.thread_idx("x")
        O[tx] = T.cuda.atomic_add(T.address_of(H[tx]), T.float16(0.5))
    H = (np.arange(32) * 0.25).astype(np.float16)
    H[31] = np.float16(6e-8)  # A subnormal, kept.
    out = run(k, H=H.copy(), O=np.zeros(32, np.float16))
    assert out["O"].tobytes() == H.tobytes()
    assert out["H"].tobytes() == (H + np.float16(0.5)).tobytes()


def test_a_memory_operand_given_as_an_element():
    # ld's a is memory: the element is passed as memory (its address), not
    # read into a value first as a register source would be.
    @T.function
    def k(A: T.Tensor((32,), "float32"), B: T.Tensor((32,), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=32))
        tx = T.cuda.thread_idx("x")
        d = T.alloc_local((1,), "float32")
        T.ptx.ld.global_.f32(d[0], A[31 - tx])
        B[tx] = d[0]
    A = np.arange(32, dtype=np.float32)
    out = run(k, A=A, B=np.zeros(32, np.float32))
    assert np.array_equal(out["B"], A[::-1])
