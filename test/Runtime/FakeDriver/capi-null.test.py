#!/usr/bin/env python3
"""Null pointers through the C API (as ctypes passes None) are errors with a
message, never a crash. Usage: capi-null.test.py <libtile_cuda_runtime.so>"""
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
lib.tileRtLastError.restype = ctypes.c_char_p
vp = ctypes.c_void_p
print("init", lib.tileRtInit(0))
module, function = vp(), vp()
print("load", lib.tileRtLoadPtx(b".version 7.8\n", 4, ctypes.byref(module)))
for what, call in [
        ("null ptx", lambda: lib.tileRtLoadPtx(None, 4, ctypes.byref(module))),
        ("null module", lambda: lib.tileRtLoadPtx(b".version 7.8\n", 4, None)),
        ("null name", lambda: lib.tileRtGetFunction(module, None,
                                                    ctypes.byref(function))),
        ("null function", lambda: lib.tileRtGetFunction(module, b"k", None)),
        ("null devicePtr", lambda: lib.tileRtAlloc(16, None)),
        ("null grid", lambda: lib.tileRtLaunchCooperative(
            None, None, None, (ctypes.c_uint * 3)(1, 1, 1), 0, None, None)),
        ("null kernel", lambda: lib.tileRtLaunchCooperative(
            None, None, (ctypes.c_uint * 3)(1, 1, 1),
            (ctypes.c_uint * 3)(1, 1, 1), 0, None, None))]:
    rc = call()
    print(what, rc, lib.tileRtLastError().decode(), flush=True)
