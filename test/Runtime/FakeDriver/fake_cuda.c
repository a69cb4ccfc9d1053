/*===- fake_cuda.c - a fake CUDA driver for the runtime's error paths -----===*\
|*                                                                            *|
|* Part of tile-mlir.                                                         *|
|*                                                                            *|
|* Built as libcuda.so.1 in the test tree and loaded through TILE_CUDA_DRIVER,*|
|* it lets the tests drive every error path of the runtime without a GPU:     *|
|*   FAKE_CUDA_FAIL=<symbol>[:<code>]  that entry point returns <code>        *|
|*                                     (default 999, CUDA_ERROR_UNKNOWN);     *|
|*   FAKE_CUDA_DEVICES=<n>             the device count (default 1);          *|
|*   FAKE_CUDA_SM=<major*10+minor>     the compute capability (default 90);   *|
|*   FAKE_CUDA_DRIVER_VERSION=<n>      the driver version (default 13000);    *|
|*   FAKE_CUDA_CUBIN_BYTES=<n>         the size of the linker's cubin         *|
|*                                     (default 16: "\177ELF fake cubin").    *|
|* Memory is host memory; launches do nothing. Built with FAKE_CUDA_PARTIAL   *|
|* it lacks cuLaunchKernel, like a driver too old for the runtime.            *|
\*===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

/* Returns the error code FAKE_CUDA_FAIL names for `symbol`, else 0. */
static CUresult fail(const char *symbol) {
  const char *spec = getenv("FAKE_CUDA_FAIL");
  size_t n = strlen(symbol);
  if (!spec || strncmp(spec, symbol, n) || (spec[n] && spec[n] != ':'))
    return 0;
  return spec[n] == ':' ? atoi(spec + n + 1) : 999;
}

#define FAIL(sym)                                                              \
  do {                                                                         \
    CUresult r = fail(sym);                                                    \
    if (r)                                                                     \
      return r;                                                                \
  } while (0)

static int handleStorage;
#define HANDLE ((void *)&handleStorage)

CUresult cuInit(unsigned flags) {
  (void)flags;
  FAIL("cuInit");
  return 0;
}
/* The integer the environment variable `name` holds, else `fallback`. */
static int envInt(const char *name, int fallback) {
  const char *v = getenv(name);
  return v && *v ? atoi(v) : fallback;
}

CUresult cuDriverGetVersion(int *v) {
  /* A failing driver may still have written something. */
  *v = envInt("FAKE_CUDA_DRIVER_VERSION", 13000);
  FAIL("cuDriverGetVersion");
  return 0;
}
CUresult cuDeviceGetCount(int *count) {
  const char *n = getenv("FAKE_CUDA_DEVICES");
  *count = n ? atoi(n) : 1;
  FAIL("cuDeviceGetCount");
  return 0;
}
CUresult cuDeviceGet(int *dev, int ordinal) {
  FAIL("cuDeviceGet");
  *dev = ordinal;
  return 0;
}
CUresult cuDeviceGetAttribute(int *value, int attr, int dev) {
  (void)dev;
  FAIL("cuDeviceGetAttribute");
  /* 75/76: compute capability major/minor. */
  int sm = envInt("FAKE_CUDA_SM", 90);
  *value = attr == 75 ? sm / 10 : attr == 76 ? sm % 10 : 0;
  return 0;
}
CUresult cuDeviceGetName(char *name, int len, int dev) {
  (void)dev;
  FAIL("cuDeviceGetName");
  snprintf(name, (size_t)len, "Fake GPU");
  return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) {
  (void)dev;
  FAIL("cuDevicePrimaryCtxRetain");
  *ctx = HANDLE;
  return 0;
}
CUresult cuCtxSetCurrent(void *ctx) {
  (void)ctx;
  FAIL("cuCtxSetCurrent");
  return 0;
}
CUresult cuCtxSynchronize(void) {
  FAIL("cuCtxSynchronize");
  return 0;
}

static const char *errorName(CUresult r) {
  switch (r) {
  case 1:
    return "CUDA_ERROR_INVALID_VALUE";
  case 2:
    return "CUDA_ERROR_OUT_OF_MEMORY";
  case 3:
    return "CUDA_ERROR_NOT_INITIALIZED";
  case 100:
    return "CUDA_ERROR_NO_DEVICE";
  case 101:
    return "CUDA_ERROR_INVALID_DEVICE";
  case 200:
    return "CUDA_ERROR_INVALID_IMAGE";
  case 218:
    return "CUDA_ERROR_INVALID_PTX";
  case 500:
    return "CUDA_ERROR_NOT_FOUND";
  case 700:
    return "CUDA_ERROR_ILLEGAL_ADDRESS";
  case 701:
    return "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
  case 999:
    return "CUDA_ERROR_UNKNOWN";
  default:
    return NULL;
  }
}
CUresult cuGetErrorName(CUresult r, const char **name) {
  *name = errorName(r);
  return *name ? 0 : 1;
}
CUresult cuGetErrorString(CUresult r, const char **text) {
  *text = errorName(r) ? "fake driver error" : NULL;
  return *text ? 0 : 1;
}

/* JIT options: 5 = error log buffer, 6 = its size. */
static void writeErrorLog(unsigned n, int *opts, void **vals) {
  char *buffer = NULL;
  size_t size = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (opts[i] == 5)
      buffer = (char *)vals[i];
    if (opts[i] == 6)
      size = (size_t)(uintptr_t)vals[i];
  }
  if (buffer && size)
    snprintf(buffer, size, "ptxas fatal   : fake JIT error log");
}

CUresult cuModuleLoadDataEx(void **mod, const void *image, unsigned n,
                            int *opts, void **vals) {
  (void)image;
  CUresult r = fail("cuModuleLoadDataEx");
  if (r) {
    writeErrorLog(n, opts, vals);
    return r;
  }
  *mod = HANDLE;
  return 0;
}
CUresult cuModuleLoadData(void **mod, const void *image) {
  (void)image;
  FAIL("cuModuleLoadData");
  *mod = HANDLE;
  return 0;
}
CUresult cuModuleUnload(void *mod) {
  (void)mod;
  FAIL("cuModuleUnload");
  return 0;
}
CUresult cuModuleGetFunction(void **fn, void *mod, const char *name) {
  (void)mod;
  (void)name;
  FAIL("cuModuleGetFunction");
  *fn = HANDLE;
  return 0;
}

static char fakeCubin[] = "\177ELF fake cubin";
CUresult cuLinkCreate_v2(unsigned n, int *opts, void **vals, void **state) {
  FAIL("cuLinkCreate_v2");
  /* Keep the options: cuLinkAddData reports its log through them. */
  void **keep = malloc(4 * sizeof(void *));
  keep[0] = (void *)(uintptr_t)n;
  keep[1] = opts;
  keep[2] = vals;
  keep[3] = NULL;
  *state = keep;
  return 0;
}
CUresult cuLinkAddData_v2(void *state, int type, void *data, size_t size,
                          const char *name, unsigned n, int *opts,
                          void **vals) {
  (void)type, (void)data, (void)size, (void)name, (void)n, (void)opts,
      (void)vals;
  CUresult r = fail("cuLinkAddData_v2");
  if (r) {
    void **keep = state;
    writeErrorLog((unsigned)(uintptr_t)keep[0], keep[1], keep[2]);
  }
  return r;
}
/* The linker's state: the options and a generated cubin, if any. */
CUresult cuLinkComplete(void *state, void **cubin, size_t *size) {
  FAIL("cuLinkComplete");
  int bytes = envInt("FAKE_CUDA_CUBIN_BYTES", 0);
  if (bytes <= 0) {
    *cubin = fakeCubin;
    *size = sizeof(fakeCubin);
    return 0;
  }
  char *image = malloc((size_t)bytes);
  for (int i = 0; i < bytes; ++i)
    image[i] = (char)(i * 131 + (i >> 8));
  ((void **)state)[3] = image;
  *cubin = image;
  *size = (size_t)bytes;
  return 0;
}
CUresult cuLinkDestroy(void *state) {
  free(((void **)state)[3]);
  free(state);
  return 0;
}

CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  FAIL("cuMemAlloc_v2");
  *ptr = (CUdeviceptr)(uintptr_t)calloc(1, bytes);
  return 0;
}
CUresult cuMemFree_v2(CUdeviceptr ptr) {
  FAIL("cuMemFree_v2");
  free((void *)(uintptr_t)ptr);
  return 0;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
  FAIL("cuMemcpyHtoD_v2");
  memcpy((void *)(uintptr_t)dst, src, bytes);
  return 0;
}
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
  FAIL("cuMemcpyDtoH_v2");
  memcpy(dst, (const void *)(uintptr_t)src, bytes);
  return 0;
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       void *stream) {
  (void)stream;
  FAIL("cuMemcpyAsync");
  memcpy((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, bytes);
  return 0;
}
CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t n,
                          void *stream) {
  (void)stream;
  FAIL("cuMemsetD32Async");
  for (size_t i = 0; i < n; ++i)
    ((unsigned *)(uintptr_t)dst)[i] = value;
  return 0;
}
CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t n,
                          void *stream) {
  (void)stream;
  FAIL("cuMemsetD16Async");
  for (size_t i = 0; i < n; ++i)
    ((unsigned short *)(uintptr_t)dst)[i] = value;
  return 0;
}
CUresult cuFuncSetAttribute(void *fn, int attr, int value) {
  (void)fn, (void)attr, (void)value;
  FAIL("cuFuncSetAttribute");
  return 0;
}
#ifndef FAKE_CUDA_PARTIAL
CUresult cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shmem,
                        void *stream, void **params, void **extra) {
  (void)fn, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz,
      (void)shmem, (void)stream, (void)params, (void)extra;
  FAIL("cuLaunchKernel");
  return 0;
}
#endif
CUresult cuStreamCreate(void **stream, unsigned flags) {
  (void)flags;
  FAIL("cuStreamCreate");
  *stream = HANDLE;
  return 0;
}
CUresult cuStreamSynchronize(void *stream) {
  (void)stream;
  FAIL("cuStreamSynchronize");
  return 0;
}
CUresult cuStreamDestroy_v2(void *stream) {
  (void)stream;
  FAIL("cuStreamDestroy_v2");
  return 0;
}
CUresult cuStreamWaitEvent(void *stream, void *event, unsigned flags) {
  (void)stream, (void)event, (void)flags;
  FAIL("cuStreamWaitEvent");
  return 0;
}
CUresult cuEventCreate(void **event, unsigned flags) {
  (void)flags;
  FAIL("cuEventCreate");
  *event = HANDLE;
  return 0;
}
CUresult cuEventRecord(void *event, void *stream) {
  (void)event, (void)stream;
  FAIL("cuEventRecord");
  return 0;
}
CUresult cuEventSynchronize(void *event) {
  (void)event;
  FAIL("cuEventSynchronize");
  return 0;
}
CUresult cuEventElapsedTime(float *ms, void *start, void *end) {
  (void)start, (void)end;
  FAIL("cuEventElapsedTime");
  *ms = 0;
  return 0;
}
CUresult cuEventDestroy_v2(void *event) {
  (void)event;
  FAIL("cuEventDestroy_v2");
  return 0;
}
