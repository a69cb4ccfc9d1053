"""Kernels launched through the CUDA Driver API with ctypes, for what CuPy's
RawKernel cannot pass: arguments of any size by value (a tensor map's 128
bytes, a `__grid_constant__` parameter), dynamic shared memory above 48 KiB,
cluster dimensions and cooperative launches (cuLaunchKernelEx).

    k = DriverKernel("kernel.cubin", "name", dynamic_smem=65536)
    k((grid,), (block,), (ptr_u64, np.int32(3), map_bytes), cluster=(2, 1, 1))

Each argument is `bytes` (passed as they are) or anything numpy turns into
a scalar of its own width. Launches go to CuPy's current stream when CuPy
is loaded (the primary context it made current), else the default stream.
"""

import ctypes

# cuda.h's numbers.
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2
CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4


class _Dim3(ctypes.Structure):
    _fields_ = [("x", ctypes.c_uint), ("y", ctypes.c_uint),
                ("z", ctypes.c_uint)]


class _AttrValue(ctypes.Union):
    _fields_ = [("clusterDim", _Dim3), ("cooperative", ctypes.c_int),
                ("pad", ctypes.c_char * 64)]


class _LaunchAttribute(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int), ("pad", ctypes.c_char * 4),
                ("value", _AttrValue)]


class _LaunchConfig(ctypes.Structure):
    _fields_ = [("gridDimX", ctypes.c_uint), ("gridDimY", ctypes.c_uint),
                ("gridDimZ", ctypes.c_uint), ("blockDimX", ctypes.c_uint),
                ("blockDimY", ctypes.c_uint), ("blockDimZ", ctypes.c_uint),
                ("sharedMemBytes", ctypes.c_uint),
                ("hStream", ctypes.c_void_p),
                ("attrs", ctypes.POINTER(_LaunchAttribute)),
                ("numAttrs", ctypes.c_uint)]


def _dim3(d):
    d = tuple(int(x) for x in d)
    return d + (1,) * (3 - len(d))


class DriverKernel:
    """Kernel `name` of the module at `path` (a cubin, or PTX that the
    driver compiles), allowed `dynamic_smem` bytes of dynamic shared
    memory."""

    def __init__(self, path, name, dynamic_smem=0):
        self.cuda = ctypes.CDLL("libcuda.so.1")
        self.fn = ctypes.c_void_p()
        mod = ctypes.c_void_p()
        self.check(self.cuda.cuModuleLoad(ctypes.byref(mod),
                                          str(path).encode()), "cuModuleLoad")
        self.check(self.cuda.cuModuleGetFunction(
            ctypes.byref(self.fn), mod, name.encode()), "cuModuleGetFunction")
        if dynamic_smem:
            self.check(self.cuda.cuFuncSetAttribute(
                self.fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                ctypes.c_int(dynamic_smem)), "cuFuncSetAttribute")

    @staticmethod
    def check(rc, what):
        if rc != 0:
            raise RuntimeError(f"{what} failed: CUresult {rc}")

    @staticmethod
    def _stream():
        try:
            import cupy
            return cupy.cuda.get_current_stream().ptr
        except ImportError:
            return 0

    def _args(self, params):
        """The argument array of `params`, made once per params object (a
        benchmark launches the same one many times)."""
        import numpy as np
        cached = getattr(self, "_cache", None)
        if cached and cached[0] is params:
            return cached[2]
        bufs = [ctypes.create_string_buffer(
            p if isinstance(p, bytes) else np.asarray(p).tobytes())
            for p in params]
        args = (ctypes.c_void_p * len(bufs))(
            *[ctypes.cast(b, ctypes.c_void_p) for b in bufs])
        self._cache = (params, bufs, args)
        return args

    def __call__(self, grid, block, params, shared_mem=0, cluster=None,
                 cooperative=False):
        args = self._args(params)
        g, b = _dim3(grid), _dim3(block)
        stream = ctypes.c_void_p(self._stream())
        if not cluster and not cooperative:
            self.check(self.cuda.cuLaunchKernel(
                self.fn, *map(ctypes.c_uint, g + b),
                ctypes.c_uint(shared_mem), stream, args, None),
                "cuLaunchKernel")
            return
        attrs = (_LaunchAttribute * 2)()
        n = 0
        if cluster:
            attrs[n].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
            attrs[n].value.clusterDim = _Dim3(*_dim3(cluster))
            n += 1
        if cooperative:
            attrs[n].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE
            attrs[n].value.cooperative = 1
            n += 1
        cfg = _LaunchConfig(*g, *b, shared_mem, stream,
                            ctypes.cast(attrs, ctypes.POINTER(_LaunchAttribute)),
                            n)
        self.check(self.cuda.cuLaunchKernelEx(ctypes.byref(cfg), self.fn, args,
                                              None),
                   "cuLaunchKernelEx")


def encode_tiled(data_type, address, dims, strides, box, element_strides,
                 interleave=0, swizzle=0, l2_promotion=0, oob_fill=0):
    """The 128 bytes of cuTensorMapEncodeTiled's map (arguments innermost
    first, as the driver takes them; `strides` the byte strides of the
    outer dimensions), through libcuda itself."""
    cuda = ctypes.CDLL("libcuda.so.1")
    rank = len(dims)
    raw = ctypes.create_string_buffer(128 + 64)
    at = (ctypes.addressof(raw) + 63) // 64 * 64
    u64, u32 = ctypes.c_uint64, ctypes.c_uint32
    rc = cuda.cuTensorMapEncodeTiled(
        ctypes.c_void_p(at), ctypes.c_int(data_type), u32(rank),
        ctypes.c_void_p(address), (u64 * rank)(*dims),
        (u64 * max(rank - 1, 1))(*strides), (u32 * rank)(*box),
        (u32 * rank)(*element_strides), ctypes.c_int(interleave),
        ctypes.c_int(swizzle), ctypes.c_int(l2_promotion),
        ctypes.c_int(oob_fill))
    DriverKernel.check(rc, "cuTensorMapEncodeTiled")
    return ctypes.string_at(at, 128)
