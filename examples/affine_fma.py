# The seed example ("four fused operations" of the TIRx fma page) with only
# its import line changed. Run: PYTHONPATH=python python3 examples/affine_fma.py
from tile_mlir.script import tirx as T


@T.function
def affine_fma(A: T.Tensor((4, 1), "float32"), Out: T.Tensor((4, 1), "float32")):
    T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
    r = T.alloc_local((4, 1), "float32", layout="default")
    T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
    T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, T.float32(2), T.float32(1))
    T.cuda.tile.apply(T.ptx["st.global.f32"], Out, r)


if __name__ == "__main__":
    print(affine_fma.mlir)
    print(affine_fma.ptx())
    try:
        import numpy as np
        from tile_mlir import CudaError
        A = np.array([[3.0], [5.0], [7.0], [11.0]], dtype=np.float32)
        Out = np.zeros((4, 1), dtype=np.float32)
        affine_fma(A, Out)
        print("Out =", Out.ravel().tolist(), "(2*A + 1 =",
              (2 * A + 1).ravel().tolist(), ")")
    except CudaError as e:
        print("not run:", e)
