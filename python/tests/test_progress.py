"""Progress of long compilations through the Python front-end: the tools'
progress lines reach standard error as they come (TILE_PROGRESS=1, or a
terminal), and diagnostics still reach the exception."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tile_mlir import TileError, compiler  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
SEED = open(os.path.join(ROOT, "examples", "affine_fma.mlir")).read()


def test_progress_lines_are_forwarded(monkeypatch, capfd):
    # Progress lines are tile-translate's (not the in-process compiler's).
    monkeypatch.setenv("TILE_MLIR_INPROCESS", "0")
    monkeypatch.setenv("TILE_PROGRESS", "1")
    # The tools wait 2 s before the first line; a kernel of 2^12 repeats
    # takes less, so ask for every pass from the start.
    monkeypatch.setattr(compiler, "PROGRESS_ARGS",
                        ["--progress=always", "--progress-delay=0"])
    ptx = compiler.compile_to_ptx(SEED)
    assert ".entry affine_fma" in ptx
    err = capfd.readouterr().err
    assert "tile: [" in err and "convert-tile-to-nvvm on gpu.module" in err
    assert err.rstrip().endswith("done")


def test_no_progress_without_a_terminal(monkeypatch, capfd):
    monkeypatch.setenv("TILE_PROGRESS", "0")
    monkeypatch.setattr(compiler, "PROGRESS_ARGS",
                        ["--progress=always", "--progress-delay=0"])
    compiler.compile_to_ptx(SEED)
    assert "tile: [" not in capfd.readouterr().err


def test_diagnostics_still_raise_with_progress(monkeypatch, capfd):
    monkeypatch.setenv("TILE_PROGRESS", "1")
    monkeypatch.setattr(compiler, "PROGRESS_ARGS",
                        ["--progress=always", "--progress-delay=0"])
    bad = SEED.replace('"fma.rn.f32"', '"fma.rn.f33"')
    with pytest.raises(TileError, match="fma.rn.f33"):
        compiler.compile_to_ptx(bad)
    assert "fma.rn.f33" not in capfd.readouterr().err
