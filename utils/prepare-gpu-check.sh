#!/usr/bin/env bash
# Builds here everything the GPU machine needs (it has CUDA but no MLIR) into
# .carry/: the seed example as a native executable, the runtime check, the
# differential-test harness and its PTX. Then: device run with carry=[".carry"]
# and command "bash utils/gpu-check.sh".
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build -j2 >/dev/null
rm -rf .carry && mkdir -p .carry
./build/bin/tile-runner examples/affine_fma.mlir --emit-exe=.carry/affine_fma
cp build/bin/tile-runtime-check .carry/
# Execution tests: compiled here, run there, checked by simple_check.py
# against the test's own CHECK lines.
for f in test/Integration/CUDA/*.mlir; do
  [ -e "$f" ] || continue
  name="int_$(basename "$f" .mlir)"
  src="$f"
  ex=$(grep -o '%tile_src/examples/[A-Za-z0-9_]*\.mlir' "$f" | head -1 || true)
  [ -n "$ex" ] && src="${ex/\%tile_src\//}"
  ./build/bin/tile-runner "$src" --emit-exe=".carry/$name"
  cp "$f" ".carry/$name.checks"
done
cp utils/simple_check.py .carry/
# What the ISA leaves open in the warp collectives, measured with nvcc's
# build of hand-written PTX (utils/measure/warp_facts).
/usr/local/cuda/bin/nvcc -arch=sm_90 -O3 utils/measure/warp_facts/main.cu \
  -o .carry/warp_facts
# createpolicy's cache policies, whose bits the ISA leaves opaque
# (utils/measure/policy_facts).
/usr/local/cuda/bin/nvcc -arch=sm_90 -O3 utils/measure/policy_facts/main.cu \
  -o .carry/policy_facts
# mma.sync on the H200 against the reference: nvcc's inline-asm kernels of
# every sm_90 mma opcode, generated from the table (utils/measure/mma_facts),
# and the checker.
python3 utils/measure/mma_facts/gen.py build/share/tile-mlir/instr_table.json \
  build/mma_facts.cu
cp utils/measure/mma_facts/inputs.h utils/measure/mma_facts/driver.h build/
/usr/local/cuda/bin/nvcc -arch=sm_90 -O3 build/mma_facts.cu -o .carry/mma_facts
cp build/bin/tile-mma-check .carry/
# wgmma.mma_async the same way (utils/measure/wgmma_facts): each execution
# its own descriptors, swizzles, strides, shared memory and registers.
mkdir -p build/wgmma_facts/wgmma_facts
python3 utils/measure/wgmma_facts/gen.py build/share/tile-mlir/instr_table.json \
  build/wgmma_facts/wgmma_facts/wgmma_facts.cu
cp utils/measure/wgmma_facts/inputs.h utils/measure/wgmma_facts/driver.h \
  build/wgmma_facts/wgmma_facts/
mkdir -p build/wgmma_facts/mma_facts
cp utils/measure/mma_facts/inputs.h build/wgmma_facts/mma_facts/
/usr/local/cuda/bin/nvcc -gencode arch=compute_90a,code=sm_90a -O2 \
  build/wgmma_facts/wgmma_facts/wgmma_facts.cu -o .carry/wgmma_facts
# ldmatrix, stmatrix and movmatrix the same way, with permuted row addresses
# (utils/measure/matrix_facts).
python3 utils/measure/matrix_facts/gen.py \
  build/share/tile-mlir/instr_table.json build/matrix_facts.cu
cp utils/measure/matrix_facts/driver.h build/
/usr/local/cuda/bin/nvcc -arch=sm_90 -O3 build/matrix_facts.cu \
  -o .carry/matrix_facts
# Division and the special functions on the H200: nvcc's inline-asm kernels
# of every sm_90 opcode, generated from the table
# (utils/measure/special_facts): exhaustive f32 and 16-bit inputs.
python3 utils/measure/special_facts/gen.py \
  build/share/tile-mlir/instr_table.json build/special_facts.cu
cp utils/measure/special_facts/special.h build/
/usr/local/cuda/bin/nvcc -arch=sm_90 -O3 -Iutils/measure \
  build/special_facts.cu -o .carry/special_facts
# im2col tensor copies over seeded random maps (utils/measure/tma_im2col).
/usr/local/cuda/bin/nvcc -arch=sm_90 -O2 utils/measure/tma_im2col/main.cu \
  -o .carry/tma_im2col -lcuda
# The measured_exact forms of the table, for the multifunction-unit models'
# tools (utils/measure/mufu_models; the mufu part of gpu-check.sh).
python3 utils/measure/mufu_models/common.py subset \
  build/share/tile-mlir/instr_table.json .carry/mufu-table.json
# The Python front-end: its PTX compiled here (the GPU machine has no
# tile-translate), the runtime's C API library beside it.
cp build/lib/libtile_cuda_runtime.so .carry/
TILE_MLIR_PTX_CACHE=.carry/ptxcache PYTHONPATH=python python3 examples/affine_fma.py >/dev/null
# ... and the kernel of the Python GPU test of cooperative launches.
TILE_MLIR_PTX_CACHE=.carry/ptxcache PYTHONPATH=python:python/tests python3 -c \
  "import test_grid_sync as t; t.rotate(grid=8).ptx('sm_90')"
# The JIT runner itself, linked statically (MLIR/LLVM inside), compressed.
bash utils/build-static-runner.sh >/dev/null
xz -T2 -6 -c build/bin/tile-runner-static > .carry/tile-runner.xz
# The CPU backend's results for every sm_90 computational form, to compare
# with the GPU's (cpu_check.py --compare in gpu-check.sh).
python3 utils/cpu_check.py --tools-dir build/bin --sm 90 --record .carry/cpucheck | tail -1
# The warp collectives on the CPU backend, to compare with the GPU's
# (warp_check.py --compare in gpu-check.sh).
python3 utils/warp_check.py --tools-dir build/bin --record .carry/warpcheck | tail -1
# FMA-bound throughput, tile-mlir against nvcc (bench/gpu_throughput.py).
python3 bench/gpu_throughput.py prepare --tools-dir build/bin --out .carry/bench
# mma.sync-bound throughput, tile-mlir against nvcc (bench/mma_throughput.py).
python3 bench/mma_throughput.py prepare --tools-dir build/bin \
  --out .carry/mma-bench 2>/dev/null
# ex2/tanh-bound throughput, tile-mlir against nvcc
# (bench/mufu_throughput.py).
python3 bench/mufu_throughput.py prepare --tools-dir build/bin \
  --out .carry/mufu
# The bf16 GEMM of examples/ against its CUDA C++ twin and cuBLAS
# (bench/gemm.py).
python3 bench/gemm.py prepare --tools-dir build/bin --out .carry/gemm
# The Hopper GEMM designs (TMA, wgmma, clusters; bf16 and fp8) against
# cuBLAS and cuBLASLt (bench/gemm_wgmma.py).
python3 bench/gemm_wgmma.py prepare --tools-dir build/bin --out .carry/gemm-wgmma
# JIT load, cold against cached (bench/jit_load.py).
python3 bench/jit_load.py prepare --tools-dir build/bin --out .carry/jit
# pytest for the Python GPU tests, in case the GPU machine has none.
python3 -m pip install -q --disable-pip-version-check --target .carry/pylib \
  pytest 2>&1 | grep -v "WARNING: Running pip as" || true
# The instruction table's export (the Python front-end reads it).
cp build/share/tile-mlir/instr_table.json .carry/
if [ -x build/bin/tile-diff ]; then
  cp build/bin/tile-diff .carry/
  # TILE_DIFF_MNEMONICS: only these families (comma-separated), e.g. the
  # ones changed since the last full run.
  python3 utils/gen_diff.py --tools-dir build/bin --out .carry/diff \
    ${TILE_DIFF_MNEMONICS:+--mnemonic "$TILE_DIFF_MNEMONICS"}
fi
# TIRx programs and TIRx's own kernels of them (nvcc), where TIRx is
# installed (TIRX_PYTHON: a python with apache-tvm-tirx). TIRX_UNRECORDED=1:
# only the programs whose TIRx outputs python/tests/tirx_programs/h200 lacks.
TIRX_PYTHON="${TIRX_PYTHON:-/tmp/tirxenv/bin/python}"
if [ -x "$TIRX_PYTHON" ]; then
  python3 utils/tirx_parity.py prepare --progs python/tests/tirx_programs \
    --out .carry/tirx --tirx-python "$TIRX_PYTHON" \
    ${TIRX_UNRECORDED:+--skip-recorded python/tests/tirx_programs/h200}
fi
# The device call carries at most 64 MiB: the directories of many small
# text files, and the table's export, travel compressed (gpu-check.sh
# unpacks them).
for d in diff cpucheck warpcheck pylib instr_table.json tile-diff tile-mma-check tirx; do
  [ -e ".carry/$d" ] || continue
  tar -C .carry -cf - "$d" | xz -T2 -6 > ".carry/$d.tar.xz"
  rm -rf ".carry/$d"
done
# The native executables (the execution tests' and the measurement
# programs') travel as one archive: together with the repository they
# would pass the limit.
exes=$(cd .carry && ls | grep -E '^(int_[A-Za-z0-9_-]+|[a-z_]+_facts|tma_im2col|affine_fma|tile-runtime-check)$' | grep -v '\.checks$' || true)
if [ -n "$exes" ]; then
  tar -C .carry -cf - $exes | xz -T2 -6 > .carry/exes.tar.xz
  (cd .carry && rm -f $exes)
fi
du -sb .carry
