"""Fixtures shared by the front-end's tests."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


@pytest.fixture(scope="session", autouse=True)
def private_cpu_cache(tmp_path_factory):
    """The CPU backend's object cache of this test session (unless the
    caller chose one): tests that count compilations see no entries of an
    earlier run."""
    if "TILE_MLIR_CPU_CACHE" in os.environ:
        yield
        return
    os.environ["TILE_MLIR_CPU_CACHE"] = str(tmp_path_factory.mktemp("cpu"))
    yield
    del os.environ["TILE_MLIR_CPU_CACHE"]


@pytest.fixture(scope="module")
def ieee_build():
    """Kernels traced in the module get IEEE float32 arithmetic: nvcc's
    build without --use_fast_math (TIRx's default build has it; see
    test_fast_math.py)."""
    from tile_mlir.script import tirx as T
    old = T.set_backend_config({"cuda": {"compiler": "nvcc", "nvcc": []}})
    yield
    T.set_backend_config(old)
