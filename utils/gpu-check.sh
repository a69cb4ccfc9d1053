#!/usr/bin/env bash
# The whole GPU check (see utils/prepare-gpu-check.sh). Prints a summary
# table last; the logs come back packed (see below).
# TILE_GPU_PART=a,b,... runs only those parts, so that the check fits the
# device tool's 10-minute calls:
#   tests    the seed, runtime, execution tests (native, JIT, CPU backend),
#            CPU vs GPU, warp collectives, Python (about 3 minutes);
#   exec     the execution tests alone (TILE_GPU_ONLY: a regular expression
#            that their names must match);
#   bench    the throughput benchmarks and the GEMMs against nvcc/cuBLAS;
#   mma, wgmma, matrix
#            mma.sync, wgmma and the matrix moves against the reference;
#   special  division and the special functions over every f32 input;
#   mufu     the multifunction-unit models' digests and tables;
#   diff     the differential test (TILE_DIFF_PART=K/N splits it further);
#   im2col   im2col tensor copies over random maps (utils/measure/tma_im2col),
#            compared with the repo's record of them;
#   tirx     python/tests/tirx_programs against TIRx's own kernels
#            (utils/tirx_parity.py), where prepare found TIRx.
# Without TILE_GPU_PART every part runs. TILE_GPU_SKIP_DIFF=1 skips diff.
set -uo pipefail
cd "$(dirname "$0")/.."
# The device tool brings back at most 8 files from $OUT: every log goes to
# a work folder, packed into $OUT/gpu-check-files.tar.gz on exit (also when
# a time limit stops the script).
FINAL_OUT="${OUT:-/tmp/tile-gpu-out}"; mkdir -p "$FINAL_OUT"
OUT=/tmp/tile-gpu-work; rm -rf "$OUT"; mkdir -p "$OUT"
pack() { tar -C "$OUT" -czf "$FINAL_OUT/gpu-check-files.tar.gz" . 2>/dev/null; }
trap pack EXIT
trap 'pack; exit 143' TERM
C=${TILE_CARRY:-.carry}
export TILE_CACHE_DIR=/tmp/tile-cubin-cache
export TILE_INSTR_TABLE=$PWD/$C/instr_table.json
rm -rf "$TILE_CACHE_DIR"
# Unpack what prepare-gpu-check.sh compressed.
for t in $C/*.tar.xz; do
  [ -e "$t" ] && xz -dc "$t" | tar -C $C -xf -
done
summary=()
note() { summary+=("$1"); }
# True when part $1 is to run.
part() { [ -z "${TILE_GPU_PART:-}" ] || [[ ",$TILE_GPU_PART," == *",$1,"* ]]; }

# Runs one execution test's program and checks its output against the test's
# own CHECK lines; tests whose RUN line starts with `not` must fail.
# Usage: run_test NAME TESTFILE COMMAND...
run_test() {
  local name=$1 checks=$2; shift 2
  "$@" > "$OUT/$name.txt" 2>&1; local rc=$?
  python3 $C/simple_check.py "$checks" < "$OUT/$name.txt" > "$OUT/$name.check"
  local crc=$? want=0 ok=FAIL
  head -20 "$OUT/$name.txt"
  grep -q "RUN: not " "$checks" && want=1
  if [ $crc = 0 ] && { { [ $want = 0 ] && [ $rc = 0 ]; } || { [ $want = 1 ] && [ $rc != 0 ]; }; }; then
    ok=PASS
  fi
  note "$name: $ok (rc=$rc; $(tail -1 "$OUT/$name.check"))"
}

# The execution tests: as executables written by tile-runner --emit-exe,
# through the JIT runner (tile-runner, MLIR inside) and on the CPU backend
# of the same runner, each against the test's own CHECK lines.
# TILE_GPU_ONLY: an extended regular expression; only the tests whose
# names match it run.
exec_tests() {
  local only="${TILE_GPU_ONLY:-.}"
  for exe in $C/int_*; do
    case "$exe" in *.checks) continue;; esac
    [[ "$(basename "$exe")" =~ $only ]] || continue
    run_test "$(basename "$exe")" "$exe.checks" "$exe"
  done
  [ -f $C/tile-runner.xz ] || return 0
  xz -dc $C/tile-runner.xz > /tmp/tile-runner && chmod +x /tmp/tile-runner
  for f in test/Integration/CUDA/*.mlir; do
    [[ "$(basename "$f" .mlir)" =~ $only ]] || continue
    src="$f"
    ex=$(grep -o '%tile_src/examples/[A-Za-z0-9_]*\.mlir' "$f" | head -1 || true)
    [ -n "$ex" ] && src="${ex/\%tile_src\//}"
    run_test "jit_$(basename "$f" .mlir)" "$f" /tmp/tile-runner "$src"
    # The CPU backend on the same program, against the same CHECK lines
    # (fault.mlir's out-of-bounds store is a GPU fault only; a test that
    # says "GPU only" runs what the CPU backend refuses: Integration/CPU
    # checks that).
    case "$f" in *fault.mlir) continue;; esac
    grep -q "GPU only" "$f" && continue
    run_test "cpu_$(basename "$f" .mlir)" "$f" /tmp/tile-runner --backend=cpu "$src"
  done
}

exec_part() {
  echo "== execution tests (${TILE_GPU_ONLY:-all})"
  exec_tests
}

# The seed, the runtime, every execution test, CPU vs GPU, Python.
tests_part() {
  echo "== seed example (first run: JIT, cache miss)"
  TILE_RUNTIME_VERBOSE=1 $C/affine_fma > "$OUT/seed1.txt" 2> "$OUT/seed1.err"; rc1=$?
  cat "$OUT/seed1.txt" "$OUT/seed1.err"
  echo "== seed example (second run: cache hit)"
  TILE_RUNTIME_VERBOSE=1 $C/affine_fma > "$OUT/seed2.txt" 2> "$OUT/seed2.err"; rc2=$?
  cat "$OUT/seed2.err"
  if [ $rc1 = 0 ] && grep -q "^\[\[7\], *$" "$OUT/seed1.txt" && grep -q "\[23\]\]" "$OUT/seed1.txt"; then
    note "seed affine_fma: PASS (Out = [7, 11, 15, 23] = 2*A+1)"
  else
    note "seed affine_fma: FAIL (rc=$rc1)"
  fi
  if [ $rc2 = 0 ] && grep -q "cache miss" "$OUT/seed1.err" && grep -q "cache hit" "$OUT/seed2.err"; then
    note "cubin cache: PASS (miss, then hit)"
  else
    note "cubin cache: FAIL"
  fi

  echo "== runtime check"
  $C/tile-runtime-check | tee "$OUT/runtime.txt"
  note "runtime check: $(tail -1 "$OUT/runtime.txt")"

  echo "== cache policy bits (utils/measure/policy_facts)"
  if [ -x $C/policy_facts ]; then
    $C/policy_facts > "$OUT/policy-facts.txt" 2>&1; prc=$?
    xz -9 -f "$OUT/policy-facts.txt"
    note "cache policy facts: rc=$prc ($(xz -dc "$OUT/policy-facts.txt.xz" | wc -l) lines, policy-facts.txt.xz)"
  fi

  echo "== warp collective facts (utils/measure/warp_facts)"
  if [ -x $C/warp_facts ]; then
    $C/warp_facts > "$OUT/warp-facts.txt" 2>&1; wrc=$?
    cat "$OUT/warp-facts.txt"
    if [ $wrc = 0 ] && python3 utils/measure/warp_facts/check.py < "$OUT/warp-facts.txt"; then
      note "warp collective facts: PASS (as recorded in Warp.td)"
    else
      note "warp collective facts: FAIL (rc=$wrc; see warp-facts.txt)"
    fi
  fi

  exec_tests
  if [ -f /tmp/tile-runner ]; then
    echo "== the same kernels on both backends (every sm_90 computational form)"
    if [ -d $C/cpucheck ]; then
      python3 utils/cpu_check.py --compare $C/cpucheck --runner /tmp/tile-runner \
        > "$OUT/cpu-vs-gpu.txt" 2>&1
      grep FAIL "$OUT/cpu-vs-gpu.txt" | head -20
      note "cpu backend vs gpu, bit for bit: $(tail -1 "$OUT/cpu-vs-gpu.txt")"
    fi
    echo "== the warp collectives on both backends, per lane"
    if [ -d $C/warpcheck ]; then
      python3 utils/warp_check.py --compare $C/warpcheck --runner /tmp/tile-runner \
        > "$OUT/warp-check.txt" 2>&1
      grep FAIL "$OUT/warp-check.txt" | head -20
      note "warp collectives, cpu backend vs gpu: $(tail -1 "$OUT/warp-check.txt")"
    fi
  fi

  echo "== the seed example from Python (tile_mlir.script.tirx)"
  TILE_MLIR_PTX_CACHE=$C/ptxcache TILE_MLIR_RUNTIME=$C/libtile_cuda_runtime.so \
    PYTHONPATH=python python3 examples/affine_fma.py > "$OUT/python-seed.txt" 2>&1; prc=$?
  tail -3 "$OUT/python-seed.txt"
  if [ $prc = 0 ] && grep -q "Out = \[7.0, 11.0, 15.0, 23.0\]" "$OUT/python-seed.txt"; then
    note "python seed example: PASS (Out = [7.0, 11.0, 15.0, 23.0])"
  else
    note "python seed example: FAIL (rc=$prc)"
  fi

  echo "== Python GPU tests (torch and cupy arrays in place, caller's stream)"
  # pytest is carried when the machine has none (prepare-gpu-check.sh).
  PYLIB=python; [ -d $C/pylib ] && PYLIB=python:$C/pylib
  if PYTHONPATH=$PYLIB python3 -c "import pytest" 2>/dev/null; then
    TILE_MLIR_PTX_CACHE=$C/ptxcache TILE_MLIR_RUNTIME=$C/libtile_cuda_runtime.so \
      PYTHONPATH=$PYLIB python3 -m pytest -q -rs -p no:cacheprovider python/tests \
      -k "torch_and_cupy or seed_runs_on_the_gpu or launches_on_the_gpu" > "$OUT/python-gpu.txt" 2>&1; pyrc=$?
    tail -5 "$OUT/python-gpu.txt"
    if [ $pyrc = 0 ] && ! grep -q "skipped" "$OUT/python-gpu.txt"; then
      note "python GPU tests: PASS ($(tail -1 "$OUT/python-gpu.txt"))"
    else
      note "python GPU tests: FAIL (rc=$pyrc; $(tail -1 "$OUT/python-gpu.txt"))"
    fi
  else
    note "python GPU tests: FAIL (no pytest on this machine)"
  fi
}

# Runs bench/SCRIPT.py on $C/DIR into $OUT/LOG.md and prints it, where
# prepare-gpu-check.sh made DIR. Usage: run_bench DIR SCRIPT LOG TITLE [ARGS]
run_bench() {
  local dir=$1 script=$2 log=$3 title=$4
  shift 4
  [ -d $C/$dir ] || return 0
  echo "== $title"
  python3 bench/$script.py run --dir $C/$dir "$@" > "$OUT/$log.md" 2>&1
  cat "$OUT/$log.md"
}

# Throughput benchmarks and the GEMMs, against nvcc and cuBLAS.
bench_part() {
  run_bench bench gpu_throughput throughput \
    "FMA-bound throughput, tile-mlir against nvcc"
  run_bench jit jit_load jit-load "JIT load, cold against the cubin cache" \
    --lib $C/libtile_cuda_runtime.so
  run_bench mma-bench mma_throughput mma-throughput \
    "mma.sync-bound throughput against nvcc"
  run_bench mufu mufu_throughput mufu-throughput \
    "ex2/tanh-bound throughput against nvcc"

  if [ -d $C/gemm ]; then
    echo "== bf16 GEMM against nvcc and cuBLAS"
    python3 bench/gemm.py run --dir $C/gemm > "$OUT/gemm.md" 2>&1
    cat "$OUT/gemm.md"
    note "bf16 GEMM: $(tail -1 "$OUT/gemm.md")"
  fi

  if [ -d $C/gemm-wgmma ]; then
    echo "== Hopper GEMM (TMA, wgmma, clusters) against cuBLAS"
    python3 bench/gemm_wgmma.py run --dir $C/gemm-wgmma \
      --record "$OUT/gemm-wgmma" > "$OUT/gemm-wgmma.md" 2>&1
    cat "$OUT/gemm-wgmma.md"
    note "Hopper GEMM: $(tail -1 "$OUT/gemm-wgmma.md")"
    # Each element type's small GEMM against the reference's wgmma chain
    # (and its split-K variant's: the chains of each part of K, summed).
    for t in bf16 e4m3 bf16-splitk e4m3-splitk; do
      [ -f "$OUT/gemm-wgmma.$t" ] || continue
      $C/tile-mma-check "$OUT/gemm-wgmma.$t" > "$OUT/gemm-wgmma-ref.$t.txt" 2>&1
      head -2 "$OUT/gemm-wgmma-ref.$t.txt"
      note "Hopper GEMM $t vs reference: $(tail -1 "$OUT/gemm-wgmma-ref.$t.txt")"
    done
  fi
}

# Runs utils/measure/NAME/run.sh (the H200 against the reference) with
# EXECS executions per opcode into $OUT/LOG.txt, and notes LABEL's result.
# Usage: run_facts NAME EXECS LOG LABEL TITLE
run_facts() {
  local name=$1 execs=$2 log=$3 label=$4 title=$5
  [ -x $C/$name ] && [ -z "${TILE_GPU_SKIP_MMA:-}" ] || return 0
  echo "== $title: the H200 against the reference (utils/measure/$name)"
  bash utils/measure/$name/run.sh $C/$name $C/tile-mma-check "$execs" \
    > "$OUT/$log.txt" 2>&1
  grep -v "^PASS" "$OUT/$log.txt" | head -40
  note "$label vs reference: $(tail -1 "$OUT/$log.txt")"
}

# TILE_MMA_EXECS: warp executions per opcode (default 100000);
# TILE_WGMMA_EXECS: warpgroup executions per instance (default 64). The
# matrix moves use permuted row addresses.
mma_part() {
  run_facts mma_facts "${TILE_MMA_EXECS:-100000}" mma-diff mma.sync mma.sync
}
wgmma_part() {
  run_facts wgmma_facts "${TILE_WGMMA_EXECS:-64}" wgmma-diff \
    wgmma.mma_async wgmma.mma_async
}
matrix_part() {
  run_facts matrix_facts "${TILE_MMA_EXECS:-100000}" matrix-diff \
    "matrix moves" "ldmatrix/stmatrix/movmatrix"
}

# Division and the special functions over every f32 input.
special_part() {
  if [ -x $C/special_facts ]; then
    echo "== division and the special functions: the H200 over every f32 input"
    # Exact forms against the correctly rounded result, approximations
    # against the table's bounds; the 16-bit results' digests are compared
    # with the reference's here afterwards (analyze.py --digests).
    $C/special_facts "$OUT/special16.bin" > "$OUT/special.txt" 2>&1; src=$?
    bad=$(grep '^FORM' "$OUT/special.txt" | grep -Ev \
      'mismatches=0 |violations=0 ' | grep -c . || true)
    bad2=$(grep '^FORM' "$OUT/special.txt" | grep -Ec \
      'specials=[1-9]|low_bits=[1-9]' || true)
    forms=$(grep -c '^FORM' "$OUT/special.txt" || true)
    grep -A8 -E '^FORM.*(mismatches=[1-9]|violations=[1-9]|specials=[1-9])' \
      "$OUT/special.txt" | head -30
    if [ $src = 0 ] && [ "$bad" = 0 ] && [ "$bad2" = 0 ] && [ "$forms" -gt 0 ]; then
      note "special functions, every f32 input: PASS ($forms runs)"
    else
      note "special functions, every f32 input: FAIL (rc=$src, $bad + $bad2 of $forms runs)"
    fi
  fi
}

# The multifunction-unit models (utils/measure/mufu_models): the H200's
# digests of every measured_exact form, and its tables written again, must
# equal what the repo holds (docs/gpu-logs/2026-12-04-mufu,
# lib/Reference/Mufu); the new files come back in mufu/.
mufu_part() {
  [ -e $C/mufu-table.json ] || return 0
  echo "== multifunction-unit models"
  local m=utils/measure/mufu_models d=$OUT/mufu bad=0 n=0
  mkdir -p $d/bin
  local py="env TILE_INSTR_TABLE=$PWD/$C/mufu-table.json python3"
  $py $m/dump.py $d digests > $d/digests.log 2>&1 || bad=$((bad + 1))
  $py $m/dump.py /tmp/tile-mufu-dump > $d/dump.log 2>&1 &&
    $py $m/record.py /tmp/tile-mufu-dump $d/bin >> $d/dump.log 2>&1 ||
    bad=$((bad + 1))
  rm -rf /tmp/tile-mufu-dump
  $py $m/sincos.py $d/bin >> $d/dump.log 2>&1 || bad=$((bad + 1))
  $py $m/tanh.py $d/bin >> $d/dump.log 2>&1 || bad=$((bad + 1))
  $py $m/f64.py $d/bin >> $d/dump.log 2>&1 || bad=$((bad + 1))
  mv $d/bin/f64_digests.txt $d/ 2>/dev/null
  for f in $d/binade_digests.txt $d/pair_digests.txt $d/f64_digests.txt \
      $d/bin/*.bin; do
    case "$f" in *.bin) want=lib/Reference/Mufu/$(basename "$f");;
                 *) want=docs/gpu-logs/2026-12-04-mufu/$(basename "$f");; esac
    n=$((n + 1))
    if cmp -s "$f" "$want"; then
      echo "$(basename "$f"): identical to the repo's" | tee -a $d/compare.txt
      case "$f" in *.bin) rm -f "$f";; esac  # What differs comes back.
    else
      echo "$(basename "$f"): DIFFERS from the repo's" | tee -a $d/compare.txt
      bad=$((bad + 1))
    fi
  done
  cat $d/digests.log
  note "multifunction-unit models: $((n - bad)) of $n files as recorded, $bad failures"
}

# The differential test of every arithmetic form.
diff_part() {
  if [ -x $C/tile-diff ] && [ -z "${TILE_GPU_SKIP_DIFF:-}" ]; then
    echo "== differential test of every arithmetic form"
    # TILE_DIFF_PART=K/N: this call runs a part of the kernels (tile-diff
    # --part), so that one differential run fits several device calls.
    # TILE_DIFF_ARGS: further tile-diff options (--n, --variant-n).
    $C/tile-diff --ptx-dir $C/diff --threads "$(nproc)" \
      ${TILE_DIFF_PART:+--part "$TILE_DIFF_PART"} ${TILE_DIFF_ARGS:-} \
      > "$OUT/diff.txt"
    grep -v "| 0 | " "$OUT/diff.txt" | head -80
    note "arithmetic diff: $(tail -2 "$OUT/diff.txt" | tr '\n' ' ')"
  fi
}

# The im2col tensor copies over the measurement's random maps: the output
# must be the repo's record of the same measurement
# (docs/gpu-logs/2026-12-06-im2col-2.txt), which CpuRuntime/Im2colTest.cpp
# compares with the CPU backend; the output comes back as im2col.txt.
im2col_part() {
  [ -x $C/tma_im2col ] || return 0
  echo "== im2col tensor copies (utils/measure/tma_im2col)"
  local want=docs/gpu-logs/2026-12-06-im2col-2.txt ok enc
  bash utils/measure/tma_im2col/run.sh $C/tma_im2col 600 > "$OUT/im2col.txt" 2>&1
  ok=$(grep -c " => OK" "$OUT/im2col.txt"); enc=$(grep -c " => ENCODE" "$OUT/im2col.txt")
  if [ ! -f $want ]; then
    note "im2col copies: FAIL (no record $want to compare with; $ok ran)"
  elif cmp -s "$OUT/im2col.txt" $want; then
    note "im2col copies: PASS ($ok ran, $enc refused by the driver; as recorded)"
  else
    note "im2col copies: FAIL (differs from $want)"
  fi
}

# TIRx programs through the front-end and through TIRx (nvcc), bit for bit;
# TIRx's outputs come back in tirx-h200/ (python/tests/tirx_programs/h200).
tirx_part() {
  if [ -d $C/tirx ]; then
    echo "== TIRx programs against TIRx's own kernels"
    # TILE_TIRX_BUDGET: seconds after which the rest are left out.
    python3 utils/tirx_parity.py run --dir $C/tirx --save "$OUT/tirx-h200" \
      --budget "${TILE_TIRX_BUDGET:-0}" | tee "$OUT/tirx.txt"
    note "TIRx parity: $(tail -1 "$OUT/tirx.txt")"
  fi
}

nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | tee "$OUT/gpu.txt"
for p in tests exec bench mma wgmma matrix special mufu diff im2col tirx; do
  part $p || continue
  t0=$SECONDS
  ${p}_part
  note "part $p: $((SECONDS - t0)) s"
done

echo
echo "== summary"
printf '%s\n' "${summary[@]}" | tee "$OUT/summary.txt"
# Non-zero when anything failed.
if printf '%s\n' "${summary[@]}" | grep -Eq 'FAIL|[1-9][0-9]* failed'; then
  exit 1
fi
