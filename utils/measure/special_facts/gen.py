#!/usr/bin/env python3
"""Writes special_facts.cu: the H200's results of every sm_90 opcode of
division and the special functions in the table (read from its JSON export,
`tile-ptx-forms --json`), each run through nvcc's inline asm and nothing of
tile-mlir's, so that they are recorded independently of the compiler under
test. The program (on the GPU machine) prints:

- FORM lines: f32 one-source forms over all 2^32 inputs, f32 div over 2^32
  random pairs, the f64 upper-half approximations over all 2^32 upper words
  (twice: with random and with zero lower words, whose digests must agree),
  rsqrt.approx.f64 over 2^30 random inputs. Exact forms are compared with
  the correctly rounded result (CUDA's double arithmetic rounded once into
  f32, which is correct for division and square roots); approximations with
  the larger of the ISA's bound and the table's recorded measurement, and
  their largest error and distance from the correctly rounded result are
  printed. Every line has a digest of all the results.
- DUMP lines: every result of the 16-bit forms (all 65536 inputs i; the
  packed forms with lanes (i ^ 0x8000, i)), written to a binary file that
  analyze.py compares with the reference here, and their digest (the sum
  of mix64(i << 32 | result)), which analyze.py --digests compares with the
  reference's without the file.
- NAN lines: each opcode's results for NaN inputs and invalid operations.

Usage: gen.py TABLE.json OUT.cu
"""
import json
import sys

SEMS = {"div": "kDiv", "rcp": "kRcp", "sqrt": "kSqrt", "rsqrt": "kRsqrt",
        "sin": "kSin", "cos": "kCos", "lg2": "kLg2", "ex2": "kEx2",
        "tanh": "kTanh"}
METRICS = {"ulp": "kUlp", "relative": "kRel", "absolute": "kAbs"}
MODES = {"rn": "kRN", "rz": "kRZ", "rm": "kRM", "rp": "kRP"}


def instances(table):
    for form in table["forms"]:
        if form["semantics"] not in SEMS or form.get("arch_chips"):
            continue
        for inst in form["instances"]:
            if inst["sm"] <= 90:
                yield inst["opcode"], form


def mode_of(opcode):
    quals = opcode.split(".")
    for q, m in MODES.items():
        if q in quals:
            return m
    return "kApprox"


def bounds_of(form):
    out = []
    for b in form.get("error_bounds", []):
        lo = "-INFINITY" if b["lo"] is None else repr(float(b["lo"]))
        hi = "INFINITY" if b["hi"] is None else repr(float(b["hi"]))
        # The larger of the ISA's bound and the recorded measurement: a
        # result beyond both is a violation.
        limit = max(float(b["bound"]), float(b["measured"]))
        out.append(f"{{{METRICS[b['metric']]}, {limit!r}, "
                   f"{max(b['operand'], 0)}, {lo}, {hi}}}")
    return out


def asm_fn(i, opcode, reg, nsrc):
    c = "l" if reg == "uint64_t" else ("h" if reg == "uint16_t" else "r")
    srcs = ", ".join(f"%{j + 1}" for j in range(nsrc))
    ins = ", ".join(f'"{c}"(s{j})' for j in range(nsrc))
    params = ", ".join(f"{reg} s{j}" for j in range(nsrc))
    return (f"__device__ __forceinline__ {reg} op{i}({params}) {{\n"
            f"  {reg} d;\n"
            f'  asm volatile("{opcode} %0, {srcs};" : "={c}"(d) : {ins});\n'
            f"  return d;\n}}\n")


def reg_of(form):
    bits = {"f32": 32, "f64": 64, "f16": 16, "bf16": 16, "f16x2": 32,
            "bf16x2": 32}[form["types"][0]]
    return {16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}[bits]


def f32_kernel(i, opcode, form, nsrc):
    sem = SEMS[form["semantics"]]
    ftz = "true" if "ftz" in opcode.split(".") else "false"
    bounds = bounds_of(form)
    nb = len(bounds)
    binit = ", ".join(bounds) if bounds else "{kNone, 0, 0, 0, 0}"
    div_rule = ("true" if form["semantics"] == "div" and mode_of(opcode) ==
                "kApprox" and form["variant"] == "approx" else "false")
    if nsrc == 1:
        pick = "uint32_t a = (uint32_t)x, b = 0;\n    uint32_t r = op%d(a);" % i
    else:
        pick = ("unsigned long long h = mix64(x);\n"
                "    uint32_t a = (uint32_t)h, b = (uint32_t)(h >> 32);\n"
                "    uint32_t r = op%d(a, b);" % i)
    return f"""
__global__ void k{i}(unsigned long long base, Stats *st) {{
  const Bound bounds[] = {{{binit}}};
  unsigned long long sum = 0;
  Local l;
  unsigned long long first =
      base + ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) * 64;
  for (int j = 0; j < 64; ++j) {{
    unsigned long long x = first + j;
    {pick}
    sum += mix64(((unsigned long long)a << 32 ^ b) * 0x9E3779B97F4A7C15ULL ^ r);
    if ({div_rule} && ((b & 0x7fffffffu) > 0x7e800000u) &&
        ((b & 0x7fffffffu) < 0x7f800000u) && !isNaN32(a)) {{
      uint32_t want = isInf32(a) ? 0x7fffffffu : ((a ^ b) & 0x80000000u);
      if (isInf32(a) ? !isNaN32(r) : r != want) {{
        ++l.specials;
        example(st, a, b, r);
      }}
      continue;
    }}
    checkF32(st, l, {sem}, {mode_of(opcode)}, {ftz}, bounds, {nb}, a, b, r);
  }}
  merge(st, l);
  atomicAdd(&st->digest, sum);
  atomicAdd(&st->inputs, 64ULL);
}}
"""


def f64_kernel(i, opcode, form, exhaustive):
    sem = SEMS[form["semantics"]]
    if exhaustive:
        src = ("uint32_t up = (uint32_t)x;\n"
               "    uint64_t a = (uint64_t)up << 32 | (zeroLow ? 0u : "
               "(uint32_t)mix64(x));")
    else:
        src = ("uint64_t a = mix64(x) & 0x7fffffffffffffffULL;\n"
               "    uint32_t up = (uint32_t)(a >> 32);")
    return f"""
__global__ void k{i}(unsigned long long base, Stats *st, bool zeroLow) {{
  unsigned long long sum = 0, worst = 0;
  unsigned long long first =
      base + ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) * 16;
  for (int j = 0; j < 16; ++j) {{
    unsigned long long x = first + j;
    {src}
    uint64_t r = op{i}(a);
    sum += mix64((unsigned long long)up * 0x9E3779B97F4A7C15ULL ^ r);
    if ({'true' if exhaustive else 'false'} && (r & 0xffffffffu))
      atomicAdd(&st->lowBits, 1ULL);
    uint64_t v = {'(uint64_t)up << 32' if exhaustive else 'a'};
    if ({'true' if exhaustive else 'false'} && !(v & 0x7ff0000000000000ULL))
      v &= 0x8000000000000000ULL; // ftz: the upper half's subnormals
    double av, rv;
    memcpy(&av, &v, 8);
    memcpy(&rv, &r, 8);
    double ex = exactOf({sem}, av, 0);
    if ((ex != ex) || (rv != rv)) {{
      if (!((ex != ex) && (rv != rv))) {{
        atomicAdd(&st->specials, 1ULL);
        example(st, a, 0, r);
      }}
      continue;
    }}
    if (isinf(ex) || isinf(rv) || ex == 0) {{
      if (rv != ex && !(fabs(ex) < 2.3e-308 && rv == 0) &&
          !(ex == 0 && fabs(rv) < 2.3e-308)) {{
        atomicAdd(&st->specials, 1ULL);
        example(st, a, 0, r);
      }}
      continue;
    }}
    if (fabs(ex) < 4.5e-308) continue; // flushed results
    double err = fabs(rv - ex) / fabs(ex);
    unsigned long long eb;
    memcpy(&eb, &err, 8);
    worst = max(worst, eb);
  }}
  atomicMax(&st->maxErr[0], worst);
  atomicAdd(&st->digest, sum);
  atomicAdd(&st->inputs, 16ULL);
}}
"""


def half_kernel(i, opcode, reg):
    if reg == "uint16_t":
        src = "uint16_t a = (uint16_t)x;"
    else:
        src = "uint32_t a = (uint32_t)x | ((uint32_t)(x ^ 0x8000u) << 16);"
    return f"""
__global__ void k{i}({reg} *out) {{
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  {src}
  out[x] = op{i}(a);
}}
"""


NAN_INPUTS = {
    "uint32_t": ["0x7fc12345u", "0x7f812345u", "0xffc12345u", "0xbf800000u",
                 "0x7f800000u", "0x00000000u"],
    "uint64_t": ["0x7ff8123456789abcULL", "0x7ff0000012345678ULL",
                 "0xfff8000000000001ULL", "0xbff0000000000000ULL",
                 "0x7ff0000000000000ULL", "0x0ULL"],
}
HALF_NAN = {"f16": ["0x7e12", "0x7c12", "0xfe12", "0xbc00", "0x7c00", "0x0"],
            "bf16": ["0x7fc1", "0x7f81", "0xffc1", "0xbf80", "0x7f80", "0x0"]}


def nan_inputs(form, reg):
    t = form["types"][0]
    if reg == "uint16_t":
        return [v + "u" for v in HALF_NAN[t]]
    if t in ("f16x2", "bf16x2"):
        h = HALF_NAN[t[:-2]]
        return [f"({h[k]}u << 16 | {h[(k + 1) % len(h)]}u)"
                for k in range(len(h))]
    return NAN_INPUTS[reg]


def nan_kernel(i, opcode, form, reg, nsrc):
    vals = nan_inputs(form, reg)
    pairs = []
    for v in vals:
        if nsrc == 1:
            pairs.append((v,))
        else:
            pairs += [(v, vals[-1]), (vals[-1], v), (v, vals[0])]
    n = len(pairs)
    arr = ", ".join(f"{{{', '.join(p)}}}" if nsrc > 1 else p[0] for p in pairs)
    ty = f"{reg}[{nsrc}]" if nsrc > 1 else reg
    if nsrc > 1:
        call = "op%d(in[t][0], in[t][1])" % i
        decl = f"{reg} in[{n}][2] = {{{arr}}};"
    else:
        call = "op%d(in[t])" % i
        decl = f"{reg} in[{n}] = {{{arr}}};"
    return f"""
__global__ void n{i}(unsigned long long *out) {{
  {decl}
  unsigned t = threadIdx.x;
  if (t < {n})
    out[t] = {call};
}}
void nanProbe{i}() {{
  {decl}
  unsigned long long *d, h[{n}];
  CHECK(cudaMalloc(&d, sizeof h));
  n{i}<<<1, 32>>>(d);
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d));
  for (int t = 0; t < {n}; ++t) {{
    std::printf("NAN {opcode} in=%llx", (unsigned long long)
                {'in[t][0]' if nsrc > 1 else 'in[t]'});
    {'std::printf(",%llx", (unsigned long long)in[t][1]);' if nsrc > 1 else ''}
    std::printf(" out=%llx\\n", h[t]);
  }}
}}
"""


HOST_F32 = """
void run{i}() {{
  Stats *st, h;
  CHECK(cudaMalloc(&st, sizeof(Stats)));
  CHECK(cudaMemset(st, 0, sizeof(Stats)));
  for (unsigned long long base = 0; base < (1ULL << 32); base += 1ULL << 30)
    k{i}<<<(1u << 30) / 64 / 256, 256>>>(base, st);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(&h, st, sizeof h, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(st));
  const char *texts[] = {{{texts}}};
  report("{opcode}", h, {exact}, {nb}, texts);
}}
"""

HOST_F64 = """
void run{i}() {{
  for (int zero = 0; zero < {passes}; ++zero) {{
    Stats *st, h;
    CHECK(cudaMalloc(&st, sizeof(Stats)));
    CHECK(cudaMemset(st, 0, sizeof(Stats)));
    for (unsigned long long base = 0; base < {total}; base += 1ULL << 30)
      k{i}<<<(1u << 30) / 16 / 256, 256>>>(base, st, zero);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(&h, st, sizeof h, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(st));
    const char *texts[] = {{"measured relative"}};
    std::printf("%s", zero ? "(low words zero) " : "");
    report("{opcode}", h, false, 1, texts);
  }}
}}
"""

HOST_HALF = """
void run{i}(FILE *dump, long &offset) {{
  {reg} *d;
  std::vector<{reg}> h(65536);
  CHECK(cudaMalloc(&d, 65536 * sizeof({reg})));
  k{i}<<<256, 256>>>(d);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h.data(), d, 65536 * sizeof({reg}),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d));
  std::fwrite(h.data(), sizeof({reg}), 65536, dump);
  unsigned long long digest = 0;
  for (unsigned long long x = 0; x < 65536; ++x)
    digest += mix64(x << 32 | h[x]);
  std::printf("DUMP {opcode} offset=%ld bytes=%zu digest=%016llx\\n",
              offset, 65536 * sizeof({reg}), digest);
  offset += 65536 * sizeof({reg});
}}
"""


def main():
    table = json.load(open(sys.argv[1]))
    parts = ['// Generated by utils/measure/special_facts/gen.py. Do not edit.',
             '#include "special.h"', ""]
    calls = []
    for i, (opcode, form) in enumerate(instances(table)):
        reg = reg_of(form)
        nsrc = 2 if form["semantics"] == "div" else 1
        parts.append(f"// {opcode}")
        parts.append(asm_fn(i, opcode, reg, nsrc))
        parts.append(nan_kernel(i, opcode, form, reg, nsrc))
        calls.append(f"  nanProbe{i}();")
        t = form["types"][0]
        if t == "f32":
            parts.append(f32_kernel(i, opcode, form, nsrc))
            texts = ", ".join(f'"{b["metric"]} {b["text"]}"'
                              for b in form.get("error_bounds", [])) or '""'
            parts.append(HOST_F32.format(
                i=i, opcode=opcode, texts=texts,
                exact="true" if mode_of(opcode) != "kApprox" else "false",
                nb=len(form.get("error_bounds", []))))
            calls.append(f"  run{i}();")
        elif t == "f64" and mode_of(opcode) == "kApprox":
            exhaustive = bool(form.get("upper_half"))
            parts.append(f64_kernel(i, opcode, form, exhaustive))
            parts.append(HOST_F64.format(
                i=i, opcode=opcode, passes=2 if exhaustive else 1,
                total="(1ULL << 32)" if exhaustive else "(1ULL << 30)"))
            calls.append(f"  run{i}();")
        elif t != "f64":
            parts.append(half_kernel(i, opcode, reg))
            parts.append(HOST_HALF.format(i=i, opcode=opcode, reg=reg))
            calls.append(f"  run{i}(dump, offset);")
    parts.append("int main(int argc, char **argv) {")
    parts.append('  FILE *dump = std::fopen(argc > 1 ? argv[1] : '
                 '"special16.bin", "wb");')
    parts.append("  if (!dump) { std::perror(\"special16.bin\"); return 2; }")
    parts.append("  long offset = 0;")
    parts += calls
    parts.append("  std::fclose(dump);")
    parts.append("  return 0;")
    parts.append("}")
    open(sys.argv[2], "w").write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main()
