"""The tile CUDA runtime through its C API (ctypes)."""

import ctypes
import os
import shutil

from .compiler import TileTypeError, TileValueError, build_dirs
from .limits import as_int, check_cluster, check_launch


class CudaError(RuntimeError):
    """A failed runtime call: `code` is the CUDA error code (or -1 for "no
    CUDA driver"), the message names the error and carries the JIT log."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def _library_path():
    from .compiler import PACKAGE_LIB
    dirs = [os.environ.get("TILE_MLIR_RUNTIME"), PACKAGE_LIB]
    dirs += [os.path.join(b, "lib") for b in build_dirs()]
    # An installed tile-mlir: lib/ beside the bin/ that holds the tools.
    tool = shutil.which("tile-translate")
    if tool:
        dirs.append(os.path.join(os.path.dirname(tool), "..", "lib"))
    for d in dirs:
        if d:
            p = d if d.endswith(".so") else os.path.join(
                d, "libtile_cuda_runtime.so")
            if os.path.exists(p):
                return p
    raise CudaError(-2, "cannot find libtile_cuda_runtime.so: build tile-mlir "
                    "or set TILE_MLIR_RUNTIME")


class CudaRuntime:
    """One process-wide runtime (device 0 unless told otherwise)."""

    _instance = None

    @classmethod
    def get(cls, device=0):
        if cls._instance is None:
            cls._instance = cls(device)
        return cls._instance

    def __init__(self, device=0):
        lib = ctypes.CDLL(_library_path())
        u64, vp = ctypes.c_uint64, ctypes.c_void_p
        lib.tileRtLastError.restype = ctypes.c_char_p
        lib.tileRtLoadPtx.argtypes = [ctypes.c_char_p, ctypes.c_int,
                                      ctypes.POINTER(vp)]
        lib.tileRtGetFunction.argtypes = [vp, ctypes.c_char_p,
                                          ctypes.POINTER(vp)]
        lib.tileRtUnloadModule.argtypes = [vp]
        lib.tileRtAlloc.argtypes = [ctypes.c_size_t, ctypes.POINTER(u64)]
        lib.tileRtFree.argtypes = [u64]
        lib.tileRtCopyToDevice.argtypes = [u64, vp, ctypes.c_size_t]
        lib.tileRtCopyToHost.argtypes = [vp, u64, ctypes.c_size_t]
        lib.tileRtLaunch.argtypes = [vp] + [ctypes.c_uint] * 7 + [
            ctypes.POINTER(vp)]
        lib.tileRtLaunchOnStream.argtypes = [vp] + [ctypes.c_uint] * 7 + [
            vp, ctypes.POINTER(vp)]
        lib.tileRtLaunchCluster.argtypes = [vp] + [ctypes.c_uint] * 10 + [
            vp, ctypes.POINTER(vp)]
        lib.tileRtLaunchCooperative.argtypes = [vp, vp, vp, vp,
                                                ctypes.c_uint, vp,
                                                ctypes.POINTER(vp)]
        lib.tileRtTensorMapEncodeTiled.argtypes = [
            vp, ctypes.c_int, ctypes.c_uint, u64, vp, vp, vp, vp,
            ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
        self._lib = lib
        # Sizes of the allocations made here, to check copies against.
        self._sizes = {}
        self._check(lib.tileRtInit(as_int(device, "device")))
        self.device = device
        self.sm = lib.tileRtDeviceSm()

    def _check(self, rc):
        if rc:
            raise CudaError(rc, self._lib.tileRtLastError().decode())

    @staticmethod
    def _c_string(text, what):
        if not isinstance(text, str):
            raise TileTypeError(f"{what} must be a str, got "
                                f"{type(text).__name__}")
        if "\0" in text:
            raise TileValueError(f"{what} contains a NUL character")
        return text.encode()

    def load_ptx(self, ptx, opt_level=4):
        opt_level = as_int(opt_level, "opt_level")
        if not 0 <= opt_level <= 4:
            raise TileValueError(f"opt_level {opt_level} is outside [0, 4]")
        module = ctypes.c_void_p()
        self._check(self._lib.tileRtLoadPtx(self._c_string(ptx, "the PTX"),
                                            opt_level, ctypes.byref(module)))
        return module

    def function(self, module, name):
        fn = ctypes.c_void_p()
        self._check(self._lib.tileRtGetFunction(
            module, self._c_string(name, "the function name"),
            ctypes.byref(fn)))
        return fn

    def unload(self, module):
        self._check(self._lib.tileRtUnloadModule(module))

    def alloc(self, nbytes):
        nbytes = as_int(nbytes, "the allocation size")
        if not 0 <= nbytes < 2**63:
            raise TileValueError(f"cannot allocate {nbytes} bytes")
        ptr = ctypes.c_uint64()
        self._check(self._lib.tileRtAlloc(nbytes, ctypes.byref(ptr)))
        self._sizes[ptr.value] = nbytes
        return ptr.value

    def free(self, ptr):
        ptr = as_int(ptr, "the device pointer")
        self._check(self._lib.tileRtFree(ptr))
        self._sizes.pop(ptr, None)

    def _host_buffer(self, array, ptr, writes):
        """Checks a copy between a numpy array and device memory: a
        C-contiguous array (written to only if writeable), no larger than
        the allocation where `ptr` is one made here."""
        import numpy as np
        if not isinstance(array, np.ndarray):
            raise TileTypeError("copies take a numpy array, got "
                                f"{type(array).__name__}")
        if not array.flags.c_contiguous:
            raise TileValueError("copies take a C-contiguous array "
                                 "(np.ascontiguousarray)")
        if writes and not array.flags.writeable:
            raise TileValueError("cannot copy into a read-only array")
        ptr = as_int(ptr, "the device pointer")
        size = self._sizes.get(ptr)
        if size is not None and array.nbytes > size:
            raise TileValueError(f"a copy of {array.nbytes} bytes does not "
                                 f"fit the allocation of {size} bytes")
        return ptr

    def to_device(self, ptr, array):
        ptr = self._host_buffer(array, ptr, writes=False)
        self._check(self._lib.tileRtCopyToDevice(
            ptr, array.ctypes.data_as(ctypes.c_void_p), array.nbytes))

    def to_host(self, array, ptr):
        ptr = self._host_buffer(array, ptr, writes=True)
        self._check(self._lib.tileRtCopyToHost(
            array.ctypes.data_as(ctypes.c_void_p), ptr, array.nbytes))

    def encode_tensor_map(self, map_, data_type, rank, address, dims,
                          strides, box, element_strides, interleave, swizzle,
                          l2, oob):
        """Writes a tiled CUtensorMap to the host buffer `map_` (64-byte
        aligned) through cuTensorMapEncodeTiled: the driver's parameters,
        innermost first (ctypes arrays). The driver's refusal is a
        CudaError."""
        self._check(self._lib.tileRtTensorMapEncodeTiled(
            map_, data_type, rank, address, dims, strides, box,
            element_strides, interleave, swizzle, l2, oob))

    def synchronize(self):
        """Waits for all work on the device."""
        self._check(self._lib.tileRtSynchronize())

    def launch(self, fn, grid, block, args, shared=0, stream=None,
               cluster=None, cooperative=False):
        """`args`: ctypes values, in kernel-parameter order. With `stream`
        (a CUstream handle as an int), the launch is queued on it, else on
        the default stream; it is not waited for (`synchronize()` does). `grid` and `block` (an int or 1 to 3 ints) and `shared`
        (bytes of dynamic shared memory) are checked against the CUDA limits
        (tile_mlir.limits) before the driver sees them. With `cluster` (an
        int or 1 to 3 ints dividing the grid, at most 8 CTAs), the grid is
        launched in clusters of that shape (cuLaunchKernelEx). With
        `cooperative`, all its blocks are resident at once
        (CU_LAUNCH_ATTRIBUTE_COOPERATIVE), as a grid synchronization needs;
        a grid larger than the device holds at once is an error."""
        g, b, shared = check_launch(grid, block, shared)
        if cluster is not None:
            c = check_cluster(cluster, g)
        if stream is not None:
            stream = as_int(stream, "stream")
            if not 0 <= stream < 2**64:
                raise TileValueError(f"stream {stream} is not a CUstream "
                                     "handle")
        params = (ctypes.c_void_p * len(args))(
            *[ctypes.cast(ctypes.pointer(a), ctypes.c_void_p) for a in args])
        if cooperative:
            dims = ctypes.c_uint * 3
            self._check(self._lib.tileRtLaunchCooperative(
                fn, None if cluster is None else dims(*c), dims(*g), dims(*b),
                shared, ctypes.c_void_p(stream or 0), params))
        elif cluster is not None:
            self._check(self._lib.tileRtLaunchCluster(
                fn, *c, *g, *b, shared, ctypes.c_void_p(stream or 0), params))
        elif stream is None:
            self._check(self._lib.tileRtLaunch(fn, *g, *b, shared, params))
        else:
            self._check(self._lib.tileRtLaunchOnStream(
                fn, *g, *b, shared, ctypes.c_void_p(stream), params))
