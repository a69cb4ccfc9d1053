"""The platform wheel (utils/build-wheel.sh) installed into a fresh venv, as
a new user would: it compiles in process, runs on the CPU backend and caches
PTX with no build tree, MLIR, tools on PATH or TILE_MLIR_* variables."""

import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))

SMOKE = textwrap.dedent('''
    import os, sys, warnings
    import numpy as np
    import tile_mlir
    from tile_mlir import compiler, _capi, TileError
    from tile_mlir.script import tirx as T
    here = os.path.dirname(tile_mlir.__file__)
    assert here.startswith(sys.prefix), here
    assert compiler.in_process()
    assert _capi.library_path().startswith(here)
    assert compiler.find_tool("tile-runner").startswith(here)

    @T.function
    def k(A: T.Tensor((4, 1), "float32"), Out: T.Tensor((4, 1), "float32"),
          s: T.float32):
        r = T.alloc_local((4, 1), "float32")
        T.cuda.tile.apply(T.ptx.ld.global_.f32, r, A)
        T.cuda.tile.apply(T.ptx.fma.rn.f32, r, r, s, T.float32(1))
        T.cuda.tile.apply(T.ptx["st.global.f32"], Out, r)
    assert k.ptx().count("fma.rn.f32") == 4
    A = np.arange(4, dtype=np.float32).reshape(4, 1)
    out = np.zeros_like(A)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        k(A, out, -2.0, backend="cpu")
    assert out.ravel().tolist() == [1.0, -1.0, -3.0, -5.0], out

    @T.function
    def bad(A: T.Tensor((4, 1), "float32")):
        r = T.alloc_local((4, 1), "float32")
        T.cuda.tile.apply(T.ptx["fma.rz.bf16"], r, r, r, r)
    try:
        bad.ptx()
        raise SystemExit("no error")
    except TileError as e:
        line = [i for i, t in enumerate(open(__file__), 1)
                if "T.ptx[" + '"fma.rz' in t][0]
        assert f"{__file__}:{line}:5: error: " in str(e), str(e)
    cache = os.path.join(os.environ["HOME"], ".cache", "tile-mlir", "ptx")
    assert len(os.listdir(cache)) == 1
    print("wheel ok")
''')


def test_wheel_installs_and_runs_in_a_fresh_venv(tmp_path):
    if not os.path.exists(os.path.join(ROOT, "build", "build.ninja")):
        pytest.skip("no build tree to make the wheel from")
    r = subprocess.run(["bash", "utils/build-wheel.sh"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    wheel = r.stdout.strip().splitlines()[-1]
    assert wheel.endswith("-py3-none-linux_x86_64.whl"), wheel
    venv = tmp_path / "venv"
    # The system's site packages give numpy without the network; tile_mlir
    # itself comes only from the wheel.
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages",
                    str(venv)], check=True)
    py = str(venv / "bin" / "python")
    r = subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps",
                        os.path.join(ROOT, wheel)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    smoke = tmp_path / "smoke.py"
    smoke.write_text(SMOKE)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("TILE_") and k not in ("PYTHONPATH",)}
    env.update(HOME=str(tmp_path / "home"), PATH="/usr/bin:/bin")
    r = subprocess.run([py, str(smoke)], cwd=tmp_path, env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "wheel ok" in r.stdout
