#!/usr/bin/env python3
"""Writes python/tile_mlir/script/_nvcc_math_ptx.py: the PTX that nvcc
emits for the CUDA math library's single-precision functions as TIRx
prints them (`T.sin(x)` is `sinf(x)`, `T.sigmoid(x)` is
`1.0f / (1.0f + expf(0.0f - x))`), at sm_90, twice: without fast-math
(entries `name`, `name:dtype`) and with `--use_fast_math`, TIRx's default
build (entries `name@fast`, `name:dtype@fast`).

Each function is compiled in a kernel that takes its arguments as scalar
parameters and stores the result through a pointer:

    extern "C" __global__ void k(float x, float y, float *out)
    { *out = sinf(x); }

The kept code is the kernel's body less the parameter loads, the pointer
conversion and the store; the data records which registers the
parameters were loaded into, which register was stored, the global tables
the code reads (their bytes) and the size of its local-memory frame. The
front-end (python/tile_mlir/script/_nvcc_math.py) runs that code on kernel
values; this script only records it.

    python3 utils/gen_nvcc_math.py [--nvcc /usr/local/cuda/bin/nvcc]
"""

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "python" / "tile_mlir" / "script" / "_nvcc_math_ptx.py"

# TIRx's function name -> the CUDA math library's function TIRx prints for
# it (float32: with an `f`; float64: as is).
LIBRARY = {
    "exp": "exp", "exp2": "exp2", "exp10": "exp10", "log": "log",
    "log2": "log2", "log10": "log10", "log1p": "log1p", "sqrt": "sqrt",
    "rsqrt": "rsqrt", "sin": "sin", "cos": "cos", "tan": "tan",
    "tanh": "tanh", "sinh": "sinh", "cosh": "cosh", "asin": "asin",
    "acos": "acos", "atan": "atan", "erf": "erf", "fabs": "fabs",
    "acosh": "acosh", "asinh": "asinh", "atanh": "atanh",
    "floor": "floor", "ceil": "ceil", "round": "nearbyint",
    "nearbyint": "nearbyint", "trunc": "trunc",
}
# Functions whose second argument is a C int (ldexpf(x, n)).
INT_SECOND = {"ldexp": "ldexp"}
BINARY = {"pow": "pow", "atan2": "atan2", "hypot": "hypot",
          "copysign": "copysign", "fmod": "fmod", "nextafter": "nextafter"}
# C's float32 operators as TIRx prints them (entries `operator.<name>`):
# the front-end takes the instruction nvcc emits for each under the build
# in use (fast-math: add.ftz.f32, div.approx.ftz.f32, ...) from them. A
# comparison's result is stored as a float (`selp` after the `setp`).
OPERATORS = {"add": "x + y", "sub": "x - y", "mul": "x * y",
             "div": "x / y", "rcp": "1.0f / x", "neg": "-x",
             "fma": "x * y + x", "lt": "x < y", "le": "x <= y",
             "gt": "x > y", "ge": "x >= y", "eq": "x == y",
             "ne": "x != y", "fdividef": "__fdividef(x, y)"}
# The C type of each dtype, and the suffix of its library functions.
TYPES = {"float32": ("float", "f"), "float64": ("double", "")}
# float16 and bfloat16: TIRx prints the functions of CUDA's cuda_fp16.h and
# cuda_bf16.h (`hexp(x)`), and for four that those headers lack (hpow,
# htan, hatan, herf) defines them in its own header as the float function
# of the arguments converted to float, converted back (round to nearest).
HALF_TYPES = {"float16": ("__half", "cuda_fp16.h", "__half2float",
                          "__float2half", "__float2half_rn"),
              "bfloat16": ("__nv_bfloat16", "cuda_bf16.h", "__bfloat162float",
                           "__float2bfloat16", "__float2bfloat16_rn")}
HALF = {"exp": "hexp", "exp2": "hexp2", "exp10": "hexp10", "log": "hlog",
        "log2": "hlog2", "log10": "hlog10", "sqrt": "hsqrt",
        "rsqrt": "hrsqrt", "sin": "hsin", "cos": "hcos", "tanh": "htanh",
        "floor": "hfloor", "ceil": "hceil", "round": "hrint",
        "trunc": "htrunc", "fabs": "__habs"}
HALF_BY_FLOAT = {"tan": "tanf", "atan": "atanf", "erf": "erff"}

# TIRx's T.cuda helpers of packed values (entries `cuda.<name>`): the C
# parameter types (x, y: None for one), the result's, and the CUDA
# intrinsic they call, as C over x and y. A float2 travels as the 64 bits
# of an unsigned long long (.x low), a __nv_bfloat162 as those of an
# unsigned int (.x low), as TIRx's helpers pass them.
_F2 = "unsigned long long"
_B2 = "unsigned int"


def _bits_of(ctype, value):
    """C: the bits of `value` as a `ctype` (memcpy, the defined way)."""
    return (f"[&] {{ auto v = {value}; {ctype} r; memcpy(&r, &v, sizeof r); "
            "return r; }()")


def _as(ctype, bits):
    """C: `bits` (an integer) read as a `ctype`."""
    return (f"[&] {{ {ctype} v; auto b = {bits}; memcpy(&v, &b, sizeof v); "
            "return v; }()")


_LO, _HI = "__uint_as_float((unsigned)x)", "__uint_as_float((unsigned)(x >> 32))"
HELPERS = {
    "make_float2": ("float", "float", _F2, f"(({_F2})__float_as_uint(y) << 32)"
                    " | __float_as_uint(x)"),
    "float2_x": (_F2, None, "float", _LO),
    "float2_y": (_F2, None, "float", _HI),
    "fadd2_rn": (_F2, _F2, _F2, _bits_of(
        _F2, f"__fadd2_rn({_as('float2', 'x')}, {_as('float2', 'y')})")),
    "fmul2_rn": (_F2, _F2, _F2, _bits_of(
        _F2, f"__fmul2_rn({_as('float2', 'x')}, {_as('float2', 'y')})")),
    "float22bfloat162_rn": ("float", "float", _B2, _bits_of(
        _B2, "__float22bfloat162_rn(make_float2(x, y))")),
    "float22bfloat162_rn_from_float2": (_F2, None, _B2, _bits_of(
        _B2, f"__float22bfloat162_rn(make_float2({_LO}, {_HI}))")),
    "bfloat1622float2": (_B2, None, _F2, "[&] { float2 f = "
                         f"__bfloat1622float2({_as('__nv_bfloat162', 'x')}); "
                         f"return (({_F2})__float_as_uint(f.y) << 32) | "
                         "__float_as_uint(f.x); }()"),
    "hmin2": (_B2, _B2, _B2, _bits_of(_B2, f"__hmin2("
              f"{_as('__nv_bfloat162', 'x')}, {_as('__nv_bfloat162', 'y')})")),
    "hmax2": (_B2, _B2, _B2, _bits_of(_B2, f"__hmax2("
              f"{_as('__nv_bfloat162', 'x')}, {_as('__nv_bfloat162', 'y')})")),
}
# The dtype of each C type of HELPERS and EXTERN.
C_DTYPES = {"float": "float32", "double": "float64", "int": "int32",
            "unsigned int": "uint32", "long long": "int64",
            _F2: "uint64"}

# CUDA's device intrinsics that TIRx programs call by name
# (`T.call_extern("__fadd_rz", a, b, ty="float32")`, call_pure_extern):
# entries `extern.<name>`, each the C parameter types and the result's.
_F, _D, _I, _U = "float", "double", "int", "unsigned int"
_LL, _ULL = "long long", _F2
_ROUNDINGS = ("rn", "rz", "ru", "rd")
EXTERN = {
    **{f"__f{op}_{r}": ((_F, _F), _F) for op in ("add", "sub", "mul", "div")
       for r in _ROUNDINGS},
    **{f"__fmaf_{r}": ((_F, _F, _F), _F) for r in _ROUNDINGS},
    **{f"__frcp_{r}": ((_F,), _F) for r in _ROUNDINGS},
    **{f"__fsqrt_{r}": ((_F,), _F) for r in _ROUNDINGS},
    **{f"__d{op}_{r}": ((_D, _D), _D) for op in ("add", "sub", "mul", "div")
       for r in _ROUNDINGS},
    **{f"__fma_{r}": ((_D, _D, _D), _D) for r in _ROUNDINGS},
    **{f"__drcp_{r}": ((_D,), _D) for r in _ROUNDINGS},
    **{f"__dsqrt_{r}": ((_D,), _D) for r in _ROUNDINGS},
    "__frsqrt_rn": ((_F,), _F), "__fdividef": ((_F, _F), _F),
    "__saturatef": ((_F,), _F), "__expf": ((_F,), _F),
    "__exp10f": ((_F,), _F), "__logf": ((_F,), _F),
    "__log2f": ((_F,), _F), "__log10f": ((_F,), _F),
    "__sinf": ((_F,), _F), "__cosf": ((_F,), _F), "__tanf": ((_F,), _F),
    "__powf": ((_F, _F), _F),
    **{f"__float2int_{r}": ((_F,), _I) for r in _ROUNDINGS},
    **{f"__float2uint_{r}": ((_F,), _U) for r in _ROUNDINGS},
    **{f"__float2ll_{r}": ((_F,), _LL) for r in _ROUNDINGS},
    **{f"__float2ull_{r}": ((_F,), _ULL) for r in _ROUNDINGS},
    **{f"__int2float_{r}": ((_I,), _F) for r in _ROUNDINGS},
    **{f"__uint2float_{r}": ((_U,), _F) for r in _ROUNDINGS},
    **{f"__double2int_{r}": ((_D,), _I) for r in _ROUNDINGS},
    **{f"__double2uint_{r}": ((_D,), _U) for r in _ROUNDINGS},
    **{f"__double2float_{r}": ((_D,), _F) for r in _ROUNDINGS},
    **{f"__ll2float_{r}": ((_LL,), _F) for r in _ROUNDINGS},
    **{f"__ll2double_{r}": ((_LL,), _D) for r in _ROUNDINGS},
    "__int2double_rn": ((_I,), _D), "__uint2double_rn": ((_U,), _D),
    "__int_as_float": ((_I,), _F), "__float_as_int": ((_F,), _I),
    "__uint_as_float": ((_U,), _F), "__float_as_uint": ((_F,), _U),
    "__double_as_longlong": ((_D,), _LL),
    "__longlong_as_double": ((_LL,), _D),
    "__double2hiint": ((_D,), _I), "__double2loint": ((_D,), _I),
    "__hiloint2double": ((_I, _I), _D),
    "__brev": ((_U,), _U), "__brevll": ((_ULL,), _ULL),
    "__byte_perm": ((_U, _U, _U), _U), "__clz": ((_I,), _I),
    "__clzll": ((_LL,), _I), "__ffs": ((_I,), _I), "__ffsll": ((_LL,), _I),
    "__popc": ((_U,), _I), "__popcll": ((_ULL,), _I),
    "__mulhi": ((_I, _I), _I), "__umulhi": ((_U, _U), _U),
    "__mul64hi": ((_LL, _LL), _LL), "__umul64hi": ((_ULL, _ULL), _ULL),
    "__mul24": ((_I, _I), _I), "__umul24": ((_U, _U), _U),
    "__funnelshift_l": ((_U, _U, _U), _U),
    "__funnelshift_lc": ((_U, _U, _U), _U),
    "__funnelshift_r": ((_U, _U, _U), _U),
    "__funnelshift_rc": ((_U, _U, _U), _U),
    "__sad": ((_I, _I, _U), _U), "__usad": ((_U, _U, _U), _U),
    "__hadd": ((_I, _I), _I), "__rhadd": ((_I, _I), _I),
    "__uhadd": ((_U, _U), _U), "__urhadd": ((_U, _U), _U),
}


# Functions whose code the front-end cannot run, and why (recorded in the
# output so that the front-end's diagnostic can say it).
LEFT_OUT = {}

KEPT_DIRECTIVES = re.compile(r"^(\{|\}|\.reg\b)")
DROPPED = re.compile(r"^(ld\.param\.u64|cvta\.to\.global|st\.global)\b")
PARAM_LOAD = re.compile(r"^ld\.param\.[fbsu](16|32|64)\s+(%\w+),\s*"
                        r"\[k_param_([0-9])\]$")
STORE = re.compile(r"^st\.global\.[fbu](16|32|64)\s+\[%\w+\],\s*(%\w+)$")
TABLE = re.compile(r"^\.global \.align \d+ \.b8 (\w+)\[(\d+)\] = "
                   r"\{([^}]*)\};")
DEPOT = re.compile(r"^\.local \.align \d+ \.b8\s+__local_depot0\[(\d+)\];")


# The builds recorded: the entry suffix and nvcc's flags.
MODES = {"": [], "@fast": ["--use_fast_math"]}


def key(name, dtype):
    """The entry of `name` for arguments of `dtype` (float32: the name)."""
    return name if dtype == "float32" else f"{name}:{dtype}"


def half_expressions():
    """[(entry, C expression, C type, header)] of float16 and bfloat16."""
    out = []
    for dtype, (ctype, header, up, down, rn) in HALF_TYPES.items():
        for name, fn in HALF.items():
            out.append((key(name, dtype), f"{fn}(x)", ctype, header))
        for name, fn in HALF_BY_FLOAT.items():
            out.append((key(name, dtype), f"{down}({fn}({up}(x)))", ctype,
                        header))
        out.append((key("pow", dtype), f"{down}(powf({up}(x), {up}(y)))",
                    ctype, header))
        one, zero = f"{rn}(1.0f)", f"{rn}(0.0f)"
        # T.sigmoid as TIRx prints it: the half operators for float16,
        # expf of the difference converted for bfloat16.
        inner = (f"hexp(({zero} - x))" if dtype == "float16" else
                 f"(({ctype})expf(((float)({zero} - x))))")
        out.append((key("sigmoid", dtype), f"({one} / ({one} + {inner}))",
                    ctype, header))
    return out


def expressions():
    """[(entry, C expression, C type, header)]: TIRx's print of each
    function for each dtype (T.sigmoid: TIRx's own expression)."""
    out = []
    for dtype, (ctype, f) in TYPES.items():
        for name, fn in LIBRARY.items():
            out.append((key(name, dtype), f"{fn}{f}(x)", ctype, None))
        for name, fn in {**BINARY, **INT_SECOND}.items():
            out.append((key(name, dtype), f"{fn}{f}(x, y)", ctype, None))
        one, zero = ("1.0f", "0.0f") if f else ("1.0", "0.0")
        out.append((key("sigmoid", dtype),
                    f"({one} / ({one} + exp{f}(({zero} - x))))", ctype,
                    None))
    for name, expr in OPERATORS.items():
        if re.search(r"[<>=]", expr):
            expr = f"(({expr}) ? 1.0f : 0.0f)"
        out.append((f"operator.{name}", expr, "float", None))
    return out + half_expressions()


class NvccRefused(Exception):
    """nvcc did not compile the expression (its message)."""


# The inline-assembly constraint of a register of each C type.
CONSTRAINTS = {"float": "f", "double": "d", "int": "r", "unsigned int": "r",
               "long long": "l", "unsigned long long": "l"}


def compile_ptx(nvcc, expr, ctype="float", header=None, flags=(),
                y_type=None, out_type=None, params=None):
    """nvcc's PTX of `*out = expr` of parameters x and y (or of `params`'s
    C types, named x, y, z). With `out_type` (a helper of HELPERS, an
    intrinsic of EXTERN), the parameters first pass through an empty `asm`
    that keeps each whole in a register, as in a kernel that computed them
    (else nvcc loads only the parameter bytes the helper reads)."""
    pinned = list(zip("xyz", params)) if params else \
        [(v, t) for v, t in (("x", ctype), ("y", y_type)) if t]
    named = list(zip("xyz", params or (ctype, y_type or ctype)))
    pin = "".join(f"asm volatile(\"\" : \"+{CONSTRAINTS[t]}\"({v})); "
                  for v, t in pinned if out_type)
    decls = ", ".join(f"{t} {v}" for v, t in named)
    src = (f"#include <{header}>\n" if header else "") + (
        f"extern \"C\" __global__ void k({decls}, "
        f"{out_type or ctype} *out)\n{{ {pin}*out = {expr}; }}\n")
    with tempfile.TemporaryDirectory() as tmp:
        cu, ptx = os.path.join(tmp, "k.cu"), os.path.join(tmp, "k.ptx")
        pathlib.Path(cu).write_text(src)
        r = subprocess.run([nvcc, "-arch=sm_90", *flags, "-ptx", cu, "-o",
                            ptx], capture_output=True, text=True)
        if r.returncode:
            raise NvccRefused(r.stderr)
        return pathlib.Path(ptx).read_text()


def statements(ptx):
    """The PTX's statements one per line, without comments or `;`: inline
    assembly's `{ .reg.b32 f; mov.b32 f, 1; }` becomes `{`, `.reg .b32 f`,
    `mov.b32 f, 1`, `}` (a table's initializer keeps its braces)."""
    for raw in ptx.splitlines():
        raw = raw.split("//")[0].strip()
        if raw.startswith(".global"):
            yield re.sub(r"\s+", " ", raw.rstrip(";"))
            continue
        for part in raw.split(";"):
            part = part.strip()
            while part.startswith("{"):
                yield "{"
                part = part[1:].strip()
            tail = 0
            while part.endswith("}") and not part.startswith("mov"):
                tail += 1
                part = part[:-1].strip()
            if part:
                part = re.sub(r"^\.reg\.", ".reg .", part)
                yield re.sub(r"\s+", " ", part)
            yield from ["}"] * tail


def extract(ptx, arity=2):
    """(inputs, output, tables, depot bytes, code lines) of the kernel:
    its body's instructions, labels, nested scopes and their register
    declarations, less the parameter loads and the store (the `arity`
    arguments' loads are its inputs; the pointer's after them is dropped)."""
    inputs, output, tables, depot, code = {}, None, {}, 0, []
    entry, depth = False, 0
    for line in statements(ptx):
        if m := TABLE.match(line + ";"):
            # PTX fills the bytes past the initializer with zeros.
            tables[m[1]] = [int(b) for b in m[3].split(",")]
            assert len(tables[m[1]]) <= int(m[2])
            tables[m[1]] += [0] * (int(m[2]) - len(tables[m[1]]))
        entry = entry or line.startswith(".visible .entry k(")
        if not entry or not line:
            continue
        if line.startswith("{") or line.startswith("}"):
            depth += 1 if line.startswith("{") else -1
            if depth == 0 or (depth == 1 and line == "{"):
                continue  # The body's own braces.
        if depth == 0 or (depth == 1 and line.startswith(".reg")):
            continue
        if m := DEPOT.match(line + ";"):
            depot = int(m[1])
        elif (m := PARAM_LOAD.match(line)) and int(m[3]) < arity:
            if int(m[3]) in inputs:  # Loaded again: a copy of the first.
                code.append(f"mov.b{m[1]} {m[2]}, {inputs[int(m[3])]}")
            else:
                inputs[int(m[3])] = m[2]
        elif m := STORE.match(line):
            if output is not None:
                sys.exit("nvcc's PTX stores the result twice")
            output = m[2]
        elif not DROPPED.match(line):
            code.append(line)
    return [inputs[i] for i in sorted(inputs)], output, tables, depot, code


# A function nvcc's code calls (`.func (.param .b64 func_retval0) name(
# params ) { body }`), and a call of one in the kernel (`{ // callseq N, 0`
# ... `} // callseq N`).
CALLEE = re.compile(r"^\.func\s+\(\.param (?:\.align \d+ )?\.b\d+ "
                    r"func_retval0(?:\[\d+\])?\)\s+(\w+)\("
                    r"[^)]*\)\s*\{\n(.*?)\n\}", re.S | re.M)
CALL_SITE = re.compile(r"^\s*\{ // callseq (\d+), 0\n(.*?)\n\s*\} "
                       r"// callseq \1\n", re.S | re.M)
REGISTER = re.compile(r"%(rd|rs|fd|f|r|p)(\d+)\b")


def inline_calls(ptx):
    """`ptx` with each call of one of its own functions replaced by that
    function's body (None where a call cannot be inlined: a callee with
    calls of its own, or a second local-memory frame). The callee's
    registers are renumbered per call site (keeping the prefix that gives
    their type), its labels renamed, its parameter loads become moves from
    the caller's arguments, its result stores (one, or several at offsets
    of a result record: `__internal_trig_reduction_slowpathd`'s double and
    int) moves into the caller's result registers, and a `ret` a branch to
    the end of the inlined body. A callee's local-memory frame becomes the
    kernel's (`__local_depot0`, which the kernel must not have)."""
    callees = {m[1]: m[2] for m in CALLEE.finditer(ptx)}
    count, frames = [0], ["__local_depot0" in ptx]

    def inline(site):
        count[0] += 1
        k, body = count[0], site[2]
        name = re.search(r"call(?:\.uni)?\s*\(retval0\),\s*(\w+),", body)
        results = {int(m[3]): (m[1], m[2]) for m in re.finditer(
            r"ld\.param\.(\w+)\s+(%\w+),\s*\[retval0\+(\d+)\]", body)}
        args = dict((int(m[1]), m[2]) for m in re.finditer(
            r"st\.param\.\w+\s+\[param(\d+)\+0\],\s*(%\w+)", body))
        callee = callees.get(name[1]) if name else None
        if callee is None or not results or re.search(r"\bcall\b", callee):
            raise LookupError(name[1] if name else "a call")
        if re.search(r"__local_depot", callee):
            if frames[0]:
                raise LookupError(name[1])
            frames[0] = True
        end = f"$L__inline{k}_end"
        out = []
        for line in callee.splitlines():
            line = line.strip()
            if re.match(r"\.reg\s+\.\w+\s+(%\w+<\d+>|%SPL?);", line) or \
                    not line:
                continue  # The callee's own register declarations.
            # A register declared in an inline-asm scope of the callee
            # (`{ .reg .u32 %r1; ... }`) gets the same new name as the
            # callee's own %r1: the runner renames scoped registers apart
            # (_nvcc_math._declare), so both stay distinct.
            line = REGISTER.sub(lambda m: f"%{m[1]}{k}0000{m[2]}", line)
            line = re.sub(r"(\$L__\w+)", rf"\1_inline{k}", line)
            line = re.sub(r"__local_depot\d+", "__local_depot0", line)
            # The frame's pointers, 64-bit registers of their own.
            line = re.sub(r"%SPL?\b", lambda m: f"%rd{k}9999{len(m[0])}",
                          line)
            if m := re.match(rf"ld\.param\.(\w+)\s+(%\w+),\s*"
                             rf"\[{name[1]}_param_(\d+)\];", line):
                line = f"mov.{m[1]} {m[2]}, {args[int(m[3])]};"
            elif m := re.match(r"st\.param\.(\w+)\s+\[func_retval0\+(\d+)\],"
                               r"\s*(%\w+);", line):
                if int(m[2]) not in results:
                    continue  # A result the caller does not read.
                ty, reg = results[int(m[2])]
                line = f"mov.{ty} {reg}, {m[3]};"
            elif line == "ret;":
                line = f"bra.uni {end};"
            out.append(line)
        return "\n".join(out + [f"{end}:"]) + "\n"
    try:
        ptx = CALL_SITE.sub(inline, ptx)
    except LookupError:
        return None
    # The callees' definitions, now inlined everywhere (extract would take
    # them for the kernel's code: they follow it).
    return CALLEE.sub("", ptx)


def calls(ptx):
    """The functions nvcc's code calls (its internal slow paths)."""
    code = "\n".join(line.split("//")[0] for line in ptx.splitlines())
    return sorted(set(re.findall(r"\bcall(?:\.uni)?\s*(?:\([^)]*\),\s*)?"
                                 r"(\w+)", code)))


def render(version, functions, left_out):
    out = ['"""Generated by utils/gen_nvcc_math.py: do not edit.',
           "",
           f"The PTX of nvcc {version} (-arch=sm_90; entries ending in",
           "`@fast`: --use_fast_math) for the CUDA math library's",
           "functions as TIRx prints them. Each entry:",
           "`expr`, the C expression compiled; `inputs`, the registers that",
           "hold the arguments; `output`, the register of the result;",
           "`tables`, the bytes of the global tables the code reads;",
           "`local`, the bytes of its local-memory frame; `code`, the",
           "instructions and labels in nvcc's order (the result is stored",
           "just before the `ret`). An entry whose fast-math code is the",
           "same as its IEEE code is recorded once, its name in",
           "SAME_IN_FAST; the functions of INT_SECOND take a C int as",
           "their second argument. Entries `cuda.<name>` are TIRx's",
           "T.cuda helpers of packed values; their `dtypes` are those of",
           'the arguments and the result."""',
           "", f"NVCC = {version!r}", "", "FUNCTIONS = {"]
    data = dict(functions)
    same = sorted(name for name in data if not name.endswith("@fast") and
                  data.get(name + "@fast") == data[name])
    for name, (expr, inputs, output, tables, depot, code) in functions:
        if name.endswith("@fast") and name[:-len("@fast")] in same:
            continue
        out.append(f"    {name!r}: {{")
        out.append(f"        \"expr\": {expr!r},")
        if name.startswith("cuda."):
            x, y, result, _ = HELPERS[name[5:].split("@")[0]]
            types = [C_DTYPES[t] for t in (x, y, result) if t]
            out.append(f"        \"dtypes\": {types!r},")
        if name.startswith("extern."):
            params, result = EXTERN[name[7:].split("@")[0]]
            types = [C_DTYPES[t] for t in (*params, result)]
            out.append(f"        \"dtypes\": {types!r},")
        out.append(f"        \"inputs\": {inputs!r},")
        out.append(f"        \"output\": {output!r},")
        out.append(f"        \"tables\": {tables!r},")
        out.append(f"        \"local\": {depot},")
        out.append("        \"code\": \"\"\"")
        out.extend(f"            {line}" for line in code)
        out.append("        \"\"\",")
        out.append("    },")
    out.append("}")
    out.append("")
    out.append(f"INT_SECOND = {sorted(INT_SECOND)!r}")
    out.append("")
    out.append("SAME_IN_FAST = [")
    out.extend(f"    {name!r}," for name in same)
    out.append("]")
    out.append("")
    out.append("LEFT_OUT = {")
    out.extend(f"    {k!r}: {v!r}," for k, v in sorted(left_out.items()))
    out.append("}")
    return "\n".join(out) + "\n"


def record(entry, expr, ptx, arity=None):
    """The data of one entry (see render): of `arity` arguments (None: two
    where the expression reads y)."""
    if arity is None:
        arity = 2 if re.search(r"\by\b", expr) else 1
    inputs, output, tables, depot, code = extract(ptx, arity)
    if output is None or len(inputs) != arity:
        sys.exit(f"{entry}: nvcc's PTX has {len(inputs)} argument loads "
                 f"and {'no' if output is None else 'one'} result store")
    return expr, inputs, output, tables, depot, code


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args()
    banner = subprocess.run([args.nvcc, "--version"], capture_output=True,
                            text=True, check=True).stdout
    version = re.search(r"release [\d.]+, V([\d.]+)", banner)[1]
    functions, left_out = [], {}
    for suffix, flags in MODES.items():
        left_out.update({k + suffix: v for k, v in LEFT_OUT.items()})
        for entry, expr, ctype, header in expressions():
            if entry in LEFT_OUT:
                continue
            entry += suffix
            base = entry.split(":")[0].split("@")[0]
            y_type = "int" if base in INT_SECOND else None
            ptx = compile_ptx(args.nvcc, expr, ctype, header, flags, y_type)
            if calls(ptx):
                ptx = inline_calls(ptx) or ptx
            if called := calls(ptx):
                left_out[entry] = (f"nvcc's {expr.split('(')[0]} calls its "
                                   f"internal {', '.join(called)}, which the "
                                   "front-end does not inline")
                continue
            functions.append((entry, record(entry, expr, ptx)))
        for name, (x, y, result, expr) in HELPERS.items():
            entry = f"cuda.{name}{suffix}"
            try:
                ptx = compile_ptx(args.nvcc, expr, x, "cuda_bf16.h", flags,
                                  y, result)
            except NvccRefused as e:
                undefined = re.search(r'identifier "(\w+)" is undefined',
                                      str(e))
                left_out[entry] = (f"nvcc {version} does not define "
                                   f"{undefined[1]} for sm_90" if undefined
                                   else f"nvcc {version} refuses it")
                continue
            functions.append((entry, record(entry, expr, ptx,
                                            2 if y else 1)))
        for name, (params, result) in EXTERN.items():
            entry = f"extern.{name}{suffix}"
            expr = f"{name}({', '.join('xyz'[:len(params)])})"
            try:
                ptx = compile_ptx(args.nvcc, expr, header="cuda_fp16.h",
                                  flags=flags, out_type=result, params=params)
            except NvccRefused:
                left_out[entry] = f"nvcc {version} refuses {expr}"
                continue
            if called := calls(ptx):
                left_out[entry] = (f"nvcc's {name} calls its internal "
                                   f"{', '.join(called)}, which the "
                                   "front-end does not inline")
                continue
            functions.append((entry, record(entry, expr, ptx, len(params))))
    pathlib.Path(args.out).write_text(render(version, functions, left_out))
    print(f"{args.out}: {len(functions)} functions from nvcc {version}, "
          f"{len(left_out)} left out")


if __name__ == "__main__":
    main()
