#!/usr/bin/env python3
"""Runs TIRx programs through the front-end and through TIRx itself on the
GPU and compares the results bit for bit.

A program is a Python file written for TIRx (`from tvm_tirx.script import
tirx as T`) with one kernel and a `main()` that returns (inputs by parameter
name, expected outputs by name). The comparison is between two kernels on
the same inputs: the front-end's (the file with the import changed to
`from tile_mlir.script import tirx as T`) and TIRx's own (its CUDA C++,
compiled by nvcc with the flags of TIRx's build: --use_fast_math, TIRx's
default, unless the kernel's backend_config names none).

    # Here (the compiler, TIRx in its own venv, nvcc):
    python3 utils/tirx_parity.py prepare --progs DIR --out .carry/tirx \\
        --tirx-python /path/to/venv/bin/python
    # On the GPU machine (no compiler: the PTX comes from the carried cache):
    python3 utils/tirx_parity.py run --dir .carry/tirx

`run` prints one line per program and ends with "N passed, N failed";
with `--save DIR` it also writes TIRx's outputs there, one `.npz` per
program (python/tests/tirx_programs/h200 keeps them for the CPU backend's
tests).
"""

import argparse
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import warnings

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "utils"))

# Compiles one program with TIRx and prints its CUDA C++ (run in TIRx's
# venv).
TIRX_COMPILE = r"""
import importlib.util, sys
import tvm_tirx
from tvm_tirx.tirx import Function
spec = importlib.util.spec_from_file_location("p", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
ks = [v for v in vars(mod).values() if isinstance(v, Function)
      and v.attrs is not None and "global_symbol" in v.attrs]
m = tvm_tirx.tirx.compile(ks[0], target={"kind": "cuda", "arch": "sm_90"})
sys.stdout.write(m.mod.imports[0].inspect_source())
if "CUtensorMap" in m.mod.imports[0].inspect_source():
    # The host's tensor-map encodes (TMA patterns), as TIRx's host IR says.
    from tvm_tirx.tirx import _compile as C
    from tvm_tirx.target import Target
    from tvm_tirx.backend.config import prepare_target
    mod = tvm_tirx.IRModule.from_expr(ks[0])
    t = Target(prepare_target({"kind": "cuda", "arch": "sm_90"}, mod))
    pipe, _, _ = tvm_tirx.tirx.get_default_tir_pipeline(
        t, mod, target_to_bind=t.with_host(Target("llvm")))
    host, _ = C._split_host_device_modules(pipe(mod))
    sys.stdout.write("\n//@@HOST@@\n" + host.script())
"""

# TIRx's host encode of a tensor map, as its host IR prints it.
ENCODE = re.compile(r"T\.cuda\.tensormap_encode_tiled\((\w+), "
                    r"T\.address_of\((\w+)\[(\d+)\]\), ([^=]*?),? ?"
                    r"((?:\w+=[^,)]+(?:, )?)*)\)")
DECL = re.compile(r"(\w+) = T\.decl_tensor\((\w+)\.data")


# The kernel's arguments, then grid and block, then (where the kernel has
# dynamic shared memory, an SMEMPool's commit) its bytes.
LAUNCH = re.compile(r'T\.call_ffi_kernel\("\w+", ([^=]*?), \d+, \d+, \d+, '
                    r'\d+, \d+, \d+, (?:T\.int64\(\d+\), )?launch_fields')


def tirx_tensor_maps(host):
    """{kernel argument position: encode fields} of TIRx's host IR text:
    the maps its host encodes, at the positions its launch passes them
    (the kernel's parameter names need not be the host's)."""
    import numpy as np
    decls = dict(DECL.findall(host))
    maps = {}
    for var, tensor, offset, ints, kws in ENCODE.findall(host):
        kw = dict(k.split("=", 1) for k in kws.split(", ") if k)
        rank = int(kw["rank"])
        vals = [int(v) for v in ints.split(", ")]
        dtype = kw["descriptor_dtype"].strip('"')
        force = int(kw.get("force_cu_dtype", "-1"))
        maps[var] = {
            "tensor": decls.get(tensor, tensor), "offset": int(offset),
            "bytes": np.dtype(dtype).itemsize if dtype != "bfloat16" else 2,
            "dims": vals[:rank], "strides": vals[rank:2 * rank - 1],
            "box": vals[2 * rank - 1:3 * rank - 1],
            "element_strides": vals[3 * rank - 1:4 * rank - 1],
            "data_type": force if force >= 0 else TIRX_MAP_TYPES[dtype],
            "interleave": int(kw.get("interleave", 0)),
            "swizzle": int(kw.get("swizzle", 0)),
            "l2_promotion": int(kw.get("l2_promotion", 0)),
            "oob_fill": int(kw.get("oob_fill", 0))}
    launch = LAUNCH.search(host)
    args = launch.group(1).split(", ") if launch else []
    return {str(i): maps[a] for i, a in enumerate(args) if a in maps}


# CUtensorMapDataType of TIRx's descriptor dtypes (cuda.h's numbers; the
# harness encodes TIRx's maps with the driver, apart from tile-mlir).
TIRX_MAP_TYPES = {"uint8": 0, "int8": 0, "float8_e4m3fn": 0,
                  "float8_e5m2": 0, "uint16": 1, "int16": 1, "uint32": 2,
                  "int32": 3, "uint64": 4, "int64": 5, "float16": 6,
                  "float32": 7, "float64": 8, "bfloat16": 9}

SIGNATURE = re.compile(r'extern "C" __global__ void (?:__launch_bounds__\('
                       r'\d+\) )?(\w+)\(([^)]*)\)')


def load_ours(path, as_name):
    """The program with the front-end's import: (module, its kernel)."""
    sys.path.insert(0, str(ROOT / "python"))
    from tile_mlir.script.tirx import PrimFunc
    from tile_mlir.tirx import ported
    text = ported(path.read_text())
    ours = path.with_name(as_name)
    ours.write_text(text)
    spec = importlib.util.spec_from_file_location(ours.stem, ours)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    kernels = [v for v in vars(mod).values() if isinstance(v, PrimFunc)]
    if len(kernels) != 1:
        raise RuntimeError(f"{len(kernels)} kernels")
    return mod, kernels[0]


def tirx_params(cu):
    """(kernel name, [(parameter, C type)]) of TIRx's CUDA C++."""
    m = SIGNATURE.search(cu)
    params = []
    for p in m.group(2).split(","):
        words = p.replace("__restrict__", "").split()
        name = words[-1]
        ctype = " ".join(words[:-1])
        params.append((name[:-4] if name.endswith("_ptr") and "*" in ctype
                       else name, ctype))
    return m.group(1), params


def prepare_one(src, out, tirx_python):
    import numpy as np
    name = src.stem
    shutil.copy(src, out / src.name)
    cu = out / f"{name}.cu"
    if tirx_python:
        r = subprocess.run([tirx_python, "-c", TIRX_COMPILE, str(src)],
                           capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError("TIRx: " + r.stderr.strip().splitlines()[-1])
        source, _, host = r.stdout.partition("\n//@@HOST@@\n")
        cu.write_text(source)
        (out / f"{name}.maps.json").write_text(
            json.dumps(tirx_tensor_maps(host)))
    elif src.with_suffix(".cu").exists():
        shutil.copy(src.with_suffix(".cu"), cu)
    else:
        raise RuntimeError("no TIRx CUDA C++ (pass --tirx-python)")
    mod, k = load_ours(out / src.name, f"{name}_ours.py")
    inputs, expected = mod.main()
    # T.dynamic extents: the kernel for those of the program's inputs (TIRx
    # takes each as a scalar parameter of its name).
    extents = {}
    if k._dynamic:
        k = k._specialized([inputs[p] for p, _ in k.params])
        extents = k._extents
    # TIRx's build of the kernel: --use_fast_math unless its backend_config
    # says otherwise (the front-end read the same settings).
    flags = ["--use_fast_math"] if k.fast_math else []
    # sm_90a where the kernel has arch-specific instructions (wgmma), as the
    # front-end compiles it.
    arch = k._arch_chip("sm_90")
    r = subprocess.run(["nvcc", f"-arch={arch}", *flags, "-cubin", "-w", "-o",
                        str(out / f"{name}.cubin"), str(cu)],
                       capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("nvcc: " + r.stderr.strip()[-300:])
    k.ptx("sm_90")  # Into the carried PTX cache.
    # float8 arrays as their bytes (the GPU machine's numpy has no float8),
    # with their dtypes in the manifest.
    float8 = {n: np.asarray(v).dtype.name for n, v in inputs.items()
              if np.asarray(v).dtype.name.startswith("float8")}
    np.savez(out / f"{name}.npz", **{
        n: np.asarray(v).view(np.uint8) if n in float8 else np.asarray(v)
        for n, v in inputs.items()})
    kernel, params = tirx_params(cu.read_text())
    maps = out / f"{name}.maps.json"
    maps = json.loads(maps.read_text()) if maps.exists() else {}
    return {"name": name, "kernel": kernel, "tirx_params": params,
            "tensor_maps": {params[int(i)][0]: m for i, m in maps.items()},
            "params": [p for p, _ in k.params],
            "grid": list(k.grid_of(**inputs)), "block": list(k.launch.block),
            "cluster": list(k.launch.cluster) if k.launch.cluster else None,
            "cooperative": k.launch.cooperative,
            # The launch's, or what its shared.dyn tensors reach (TIRx's
            # SMEMPool commits that much).
            "dynamic_smem": k._shared_bytes(),
            "outputs": sorted(expected), "extents": extents,
            "float8": float8}


def prepare(args):
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["TILE_MLIR_PTX_CACHE"] = str(out / "ptx-cache")
    entries, failed = [], []
    recorded = pathlib.Path(args.skip_recorded) if args.skip_recorded \
        else None
    for src in sorted(pathlib.Path(args.progs).glob("*.py")):
        if recorded and (recorded / f"{src.stem}.npz").exists():
            continue
        # A program whose TIRx kernel cannot run (it loops forever) says
        # why in TIRX_SKIP; the CPU backend still checks it.
        skip = re.search(r'^TIRX_SKIP = "(.*)"', src.read_text(), re.M)
        if skip:
            failed.append(src.name)
            print("skipped ", src.name, "|", skip.group(1))
            continue
        try:
            entries.append(prepare_one(src, out, args.tirx_python))
            print("prepared", src.name)
        except Exception as e:  # noqa: BLE001 - reported per program
            failed.append(src.name)
            print("skipped ", src.name, "|", str(e).splitlines()[0][:200])
    (out / "manifest.json").write_text(json.dumps(entries, indent=1))
    lib = ROOT / "build" / "lib" / "libtile_cuda_runtime.so"
    shutil.copy(lib, out / lib.name)
    write_table(out / "instr_table.json")
    print(f"{len(entries)} prepared, {len(failed)} skipped")


def write_table(path):
    """The parts of the instruction table's export that the front-end reads
    (the whole is too large to carry)."""
    sys.path.insert(0, str(ROOT / "python"))
    from tile_mlir import instr_table
    table = json.loads((ROOT / "build" / "share" / "tile-mlir" /
                        "instr_table.json").read_text())
    path.write_text(json.dumps(instr_table.trimmed(table)))


C_TYPES = {"float": "float32", "double": "float64", "int": "int32",
           "unsigned int": "uint32", "uint": "uint32", "bool": "bool_",
           "int64_t": "int64", "uint64_t": "uint64", "half": "float16",
           "char": "int8", "signed char": "int8", "int8_t": "int8",
           "uchar": "uint8", "unsigned char": "uint8", "uint8_t": "uint8",
           "short": "int16", "int16_t": "int16", "ushort": "uint16",
           "unsigned short": "uint16", "uint16_t": "uint16",
           "long long": "int64", "unsigned long long": "uint64"}


def is_bf16(a):
    """Whether `a` is a bfloat16 array read back without ml_dtypes (numpy
    then knows it only as a 2-byte void)."""
    return a.dtype.kind == "V" and a.dtype.itemsize == 2


def as_ours(a, float8=None):
    """What the front-end is given for input `a`: a copy, or for bfloat16
    without ml_dtypes, and for float8 (`float8`: its dtype, `a` its bytes),
    a torch CUDA tensor of the same bits (the front-end takes torch's
    bfloat16 and float8 in place)."""
    import numpy as np
    if float8:
        import torch
        return torch.from_numpy(np.ascontiguousarray(a).copy()).view(
            getattr(torch, float8)).cuda()
    if not is_bf16(a):
        return np.array(a, copy=True)
    import torch
    bits = np.ascontiguousarray(a).view(np.int16)
    return torch.from_numpy(bits.copy()).view(torch.bfloat16).cuda()


def as_host(a):
    """The front-end's output as a numpy array (bfloat16 as its bits)."""
    import numpy as np
    if isinstance(a, np.ndarray):
        return a
    torch = __import__("torch")
    if a.element_size() == 1:  # float8: its bytes.
        return a.view(torch.uint8).cpu().numpy()
    return a.view(torch.int16).cpu().numpy().view(np.uint16)


def run_tirx(entry, d, inputs):
    """TIRx's kernel on copies of `inputs`: {name: result array}."""
    import cupy
    import numpy as np
    fn = cupy.RawModule(path=str(d / f"{entry['name']}.cubin")) \
        .get_function(entry["kernel"])
    arrays, args = {}, []
    maps = entry.get("tensor_maps", {})
    for pname, ctype in entry["tirx_params"]:
        if pname in maps:
            args.append(pname)  # Encoded below, once the tensors are up.
            continue
        v = inputs[pname] if pname in inputs else \
            entry.get("extents", {})[pname]
        if "*" in ctype:
            arrays[pname] = cupy.asarray(v.view(np.uint16) if is_bf16(v)
                                         else v)
            args.append(arrays[pname])
        else:
            args.append(getattr(np, C_TYPES[ctype])(v))
    for pname, m in maps.items():
        if m["tensor"] not in arrays:
            arrays[m["tensor"]] = cupy.asarray(inputs[m["tensor"]])
    from cuda_driver import encode_tiled
    args = [encode_tiled(
        maps[a]["data_type"],
        arrays[maps[a]["tensor"]].data.ptr + maps[a]["offset"] *
        maps[a]["bytes"], maps[a]["dims"], maps[a]["strides"],
        maps[a]["box"], maps[a]["element_strides"], maps[a]["interleave"],
        maps[a]["swizzle"], maps[a]["l2_promotion"], maps[a]["oob_fill"])
        if isinstance(a, str) else a for a in args]
    if entry.get("cluster") or entry.get("dynamic_smem") or maps or \
            entry.get("cooperative"):
        # Clusters, cooperative launches and dynamic shared memory, as
        # TIRx's own launcher gives them (CuPy's RawKernel launches none).
        from cuda_driver import DriverKernel
        dyn = entry.get("dynamic_smem", 0)
        k = DriverKernel(d / f"{entry['name']}.cubin", entry["kernel"], dyn)
        k(entry["grid"], entry["block"],
          tuple(np.uint64(a.data.ptr) if isinstance(a, cupy.ndarray) else a
                for a in args), shared_mem=dyn, cluster=entry.get("cluster"),
          cooperative=entry.get("cooperative", False))
    else:
        fn(tuple(entry["grid"]), tuple(entry["block"]), tuple(args))
    cupy.cuda.runtime.deviceSynchronize()
    return {n: cupy.asnumpy(a) for n, a in arrays.items()}


def run_one(entry, d, save):
    """Runs program `entry` both ways: the line to print after PASS; raises
    where they differ or either fails."""
    import numpy as np
    name = entry["name"]
    t0 = time.monotonic()
    with np.load(d / f"{name}.npz") as z:
        inputs = {n: z[n] for n in z.files}
    _, k = load_ours(d / f"{name}.py", f"{name}_ours.py")
    float8 = entry.get("float8", {})
    ours = {n: as_ours(v, float8.get(n)) for n, v in inputs.items()}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        k(**{p: (ours[p] if ours[p].shape else ours[p][()])
             for p in entry["params"]}, backend="cuda")
    ours = {n: as_host(v) for n, v in ours.items()}
    theirs = run_tirx(entry, d, inputs)
    if save:
        np.savez_compressed(pathlib.Path(save) / f"{name}.npz",
                            **{n: theirs[n] for n in entry["outputs"]})
    diff = [n for n in entry["outputs"]
            if ours[n].tobytes() != theirs[n].tobytes()]
    if diff and save:
        # Ours too, to tell which side gives the program's expected values.
        np.savez_compressed(pathlib.Path(save) / f"{name}.ours.npz",
                            **{n: ours[n] for n in entry["outputs"]})
    if diff:
        raise AssertionError(f"outputs {diff} differ")
    words = sum(ours[n].size for n in entry["outputs"])
    return f"{words} values bit-identical ({time.monotonic() - t0:.1f} s)"


def run(args):
    """Each program in a process of its own (`run --only NAME`), so that a
    kernel that faults (the CUDA context is lost) fails alone."""
    d = pathlib.Path(args.dir).resolve()
    os.environ["TILE_MLIR_PTX_CACHE"] = str(d / "ptx-cache")
    os.environ["TILE_MLIR_RUNTIME"] = str(d / "libtile_cuda_runtime.so")
    os.environ["TILE_INSTR_TABLE"] = str(d / "instr_table.json")
    if args.save:
        pathlib.Path(args.save).mkdir(parents=True, exist_ok=True)
    entries = json.loads((d / "manifest.json").read_text())
    if args.only:
        entry = next(e for e in entries if e["name"] == args.only)
        try:
            print(f"PASS {args.only}: {run_one(entry, d, args.save)}")
        except Exception as e:  # noqa: BLE001 - reported per program
            print(f"FAIL {args.only}: {str(e).splitlines()[0][:300]}")
        return
    passed = failed = unrun = 0
    start = time.monotonic()
    for entry in entries:
        name = entry["name"]
        if args.budget and time.monotonic() - start > args.budget:
            print(f"NOT RUN {name}: past the time budget")
            unrun += 1
            continue
        cmd = [sys.executable, __file__, "run", "--dir", str(d),
               "--only", name] + (["--save", args.save] if args.save else [])
        try:
            r = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print(f"FAIL {name}: no result in {args.timeout} s (a kernel "
                  "that does not finish)", flush=True)
            failed += 1
            continue
        line = next((l for l in r.stdout.splitlines()
                     if l.startswith(("PASS ", "FAIL "))),
                    f"FAIL {name}: exit {r.returncode}: "
                    + (r.stderr.strip().splitlines() or [""])[-1][:300])
        print(line, flush=True)
        if line.startswith("PASS "):
            passed += 1
        else:
            failed += 1
    if unrun:
        print(f"{unrun} not run (past the {args.budget} s budget)")
    print(f"{passed} passed, {failed} failed")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--progs", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--tirx-python")
    p.add_argument("--skip-recorded", metavar="DIR",
                   help="leave out programs with TIRx's outputs in DIR")
    r = sub.add_parser("run")
    r.add_argument("--dir", required=True)
    r.add_argument("--save", help="a directory for TIRx's outputs (.npz)")
    r.add_argument("--only", help="run this program alone")
    r.add_argument("--timeout", type=float, default=60,
                   help="seconds a program may take (default 60)")
    r.add_argument("--budget", type=float, default=0,
                   help="seconds after which the remaining programs are "
                        "left out (reported as not run)")
    args = ap.parse_args()
    (prepare if args.cmd == "prepare" else run)(args)


if __name__ == "__main__":
    main()
