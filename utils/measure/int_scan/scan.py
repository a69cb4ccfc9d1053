#!/usr/bin/env python3
"""ptxas 13.0 floor scan for the integer, bit, comparison, predicate and
integer-conversion families.  Writes results.json and RESULTS.md (via
report.py).  Every spelling is one concrete opcode with one choice per
qualifier slot; operands are described as (name, ptx-type, kind) where kind is
'd' (destination register), 's' (source register), 'imm:<text>' (immediate),
'pq' (two predicate destinations p|q), 'dp' (b32 destination | predicate
destination)."""

import concurrent.futures as cf
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import threading

PTXAS = "/usr/local/cuda/bin/ptxas"
HERE = os.path.dirname(os.path.abspath(__file__))
PTX = [23, 30, 31, 32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64, 65, 70, 71, 72,
       73, 74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90]
SMS = [20, 30, 32, 35, 37, 50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 88,
       89, 90, 100, 101, 103, 110, 120, 121]
TOP = 90

# ---------------------------------------------------------------- types
BITS = {"pred": 1, "u8": 8, "s8": 8, "b8": 8, "u16": 16, "s16": 16, "b16": 16,
        "f16": 16, "bf16": 16, "u32": 32, "s32": 32, "b32": 32, "f32": 32,
        "u16x2": 32, "s16x2": 32, "f16x2": 32, "bf16x2": 32, "u64": 64,
        "s64": 64, "b64": 64, "f64": 64, "u128": 128, "s128": 128, "b128": 128, "u2": 8, "s2": 8, "u4": 8, "s4": 8}


def reg_of(t):
    """Register declaration type used for a PTX operand type ("u8@b8":
    type u8 held in a .b8 register)."""
    if "@" in t:
        return t.split("@")[1]
    if t == "pred":
        return "pred"
    if t in ("f32", "f64"):
        return t
    b = BITS[t]
    return "b16" if b <= 16 else f"b{b}"


# ---------------------------------------------------------------- kernels
def kernel(opcode, operands, ptx, sm):
    decls, pre, post = [], [], []
    rendered = []
    n = [0]
    off = [0]

    def new(rt):
        i = n[0]
        n[0] += 1
        name = f"%p{i}" if rt == "pred" else f"%r{i}"
        decls.append(f"  .reg .{rt} {name};")
        return name

    def load(t, neg=False):
        rt = reg_of(t)
        if rt == "pred":
            tmp = new("b32")
            p = new("pred")
            pre.append(f"  ld.global.b32 {tmp}, [%a+{off[0]}];")
            pre.append(f"  setp.ne.b32 {p}, {tmp}, 0;")
            off[0] += 8
            return ("!" if neg else "") + p
        r = new(rt)
        pre.append(f"  ld.global.{rt} {r}, [%a+{off[0]}];")
        off[0] += 8
        return r

    def store(name, t):
        rt = reg_of(t)
        if rt == "pred":
            tmp = new("b32")
            post.append(f"  selp.b32 {tmp}, 1, 0, {name};")
            post.append(f"  st.global.b32 [%a+{off[0]}], {tmp};")
        else:
            post.append(f"  st.global.{rt} [%a+{off[0]}], {name};")
        off[0] += 8

    for (_nm, t, kind) in operands:
        if kind == "d":
            r = new(reg_of(t))
            store(r, t)
            rendered.append(r)
        elif kind == "s":
            rendered.append(load(t))
        elif kind == "!s":
            rendered.append(load(t, neg=True))
        elif kind.startswith("imm:"):
            rendered.append(kind[4:])
        elif kind == "pq":
            p, q = new("pred"), new("pred")
            store(p, "pred")
            store(q, "pred")
            rendered.append(f"{p}|{q}")
        elif kind == "dp":  # t is the type of d
            d, p = new(reg_of(t)), new("pred")
            store(d, t)
            store(p, "pred")
            rendered.append(f"{d}|{p}")
        else:
            raise ValueError(kind)
    return "\n".join([
        f".version {ptx // 10}.{ptx % 10}", f".target sm_{sm}",
        ".address_size 64", ".visible .entry k(.param .u64 p)", "{",
        "  .reg .b64 %a;", *decls, "  ld.param.u64 %a, [p];", *pre,
        f"  {opcode} {', '.join(rendered)};", *post, "  ret;", "}", ""])


def arch_for(sm):
    if sm < 75:
        return 75
    if sm == 101:  # ptxas 13.0 has no sm_101 gpu-name; .target sm_101 ok
        return 103
    return sm


_cache = {}
_lock = threading.Lock()
RUNS = [0]


def ptxas(text, sm):
    key = hashlib.sha1(text.encode()).hexdigest()
    with _lock:
        if key in _cache:
            return _cache[key]
    fd, name = tempfile.mkstemp(suffix=".ptx", dir="/tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    r = subprocess.run([PTXAS, f"-arch=sm_{arch_for(sm)}", name, "-o",
                        os.devnull], capture_output=True, text=True)
    os.remove(name)
    msg = ""
    if r.returncode:
        lines = [l for l in (r.stderr + r.stdout).splitlines() if l.strip()]
        msg = lines[0] if lines else f"rc={r.returncode}"
        msg = msg.replace(name, "k.ptx")
    res = (r.returncode == 0, msg)
    with _lock:
        _cache[key] = res
        RUNS[0] += 1
    return res


def accepts(op, operands, ptx, sm):
    return ptxas(kernel(op, operands, ptx, sm), sm)


# PTX version -> targets it may name (measured with a trivial kernel).
TARGETS = {}


def measure_targets():
    triv = [("d", "b32", "d"), ("a", "b32", "s"), ("b", "b32", "s")]
    jobs = [(v, s) for v in PTX for s in SMS]
    with cf.ThreadPoolExecutor(2) as ex:
        res = list(ex.map(lambda j: accepts("add.s32", triv, j[0], j[1])[0],
                          jobs))
    for (v, s), ok in zip(jobs, res):
        if ok:
            TARGETS.setdefault(v, []).append(s)


def floors(op, operands):
    """Returns dict with min_sm (at PTX 9.0), min_ptx (SM at the max that
    PTX version can name), accepted SMs at PTX 9.0, notes, messages."""
    out = {"accepted": False}
    a90 = accepts(op, operands, TOP, 90)
    a100 = accepts(op, operands, TOP, 100)
    a121 = accepts(op, operands, TOP, 121)
    out["at_9.0"] = {"sm_90": a90[0], "sm_100": a100[0], "sm_121": a121[0]}
    if not (a90[0] or a100[0] or a121[0]):
        # full sweep over targets before calling it rejected
        acc = [s for s in SMS if accepts(op, operands, TOP, s)[0]]
        if not acc:
            out["error"] = a90[1] or a100[1]
            return out
        out["sm_set_9.0"] = acc
    if not a121[0] or (a90[0] and not a100[0]):
        # non-monotone in SM: record the accepted set at PTX 9.0
        acc = [s for s in SMS if accepts(op, operands, TOP, s)[0]]
        out["sm_set_9.0"] = acc
        sms_ok = acc
        min_sm = acc[0]
    else:
        lo, hi = 0, len(SMS) - 1  # hi is accepted
        if a90[0]:
            hi = SMS.index(90)
        while lo < hi:
            mid = (lo + hi) // 2
            if accepts(op, operands, TOP, SMS[mid])[0]:
                hi = mid
            else:
                lo = mid + 1
        min_sm = SMS[lo]
        sms_ok = [s for s in SMS if s >= min_sm]
        if lo > 0:
            out["below_sm_msg"] = accepts(op, operands, TOP, SMS[lo - 1])[1]
    out["accepted"] = True
    out["min_sm"] = min_sm

    def sm_for(v):
        c = [s for s in TARGETS.get(v, []) if s in sms_ok]
        return max(c) if c else None

    vs = [v for v in PTX if sm_for(v) is not None]
    lo, hi = 0, len(vs) - 1  # vs[-1] == 90 accepted
    while lo < hi:
        mid = (lo + hi) // 2
        if accepts(op, operands, vs[mid], sm_for(vs[mid]))[0]:
            hi = mid
        else:
            lo = mid + 1
    out["min_ptx"] = vs[lo]
    out["min_ptx_sm"] = sm_for(vs[lo])
    if lo > 0:
        out["below_ptx_msg"] = accepts(op, operands, vs[lo - 1],
                                       sm_for(vs[lo - 1]))[1]
    # the pair (min_ptx, min_sm) itself
    pair_sm = min_sm
    if pair_sm in TARGETS.get(vs[lo], []):
        out["pair_ok"] = accepts(op, operands, vs[lo], pair_sm)[0]
    else:
        # min_sm needs a newer PTX than min_ptx
        need = min(v for v in PTX if pair_sm in TARGETS.get(v, []))
        out["pair_ok"] = None
        out["sm_needs_ptx"] = need
    return out


if __name__ == "__main__":
    import spellings
    measure_targets()
    docs, undocs = spellings.documented(), spellings.undocumented()
    print(f"{len(docs)} documented, {len(undocs)} undocumented candidates",
          file=sys.stderr)
    allj = [("doc", e) for e in docs] + [("undoc", e) for e in undocs]
    done = [0]

    def work(j):
        kind, e = j
        r = floors(e["spelling"], e["ops"])
        with _lock:
            done[0] += 1
            if done[0] % 200 == 0:
                print(f"{done[0]}/{len(allj)} ({RUNS[0]} ptxas runs)",
                      file=sys.stderr)
        return kind, e, r

    with cf.ThreadPoolExecutor(2) as ex:
        results = list(ex.map(work, allj))
    raw = {"targets_by_ptx": TARGETS, "ptxas_runs": RUNS[0],
           "results": [{"kind": k, **{x: e[x] for x in e if x != "ops"},
                        "ops": e["ops"], "r": r} for k, e, r in results]}
    with open(os.path.join(HERE, "raw.json"), "w") as f:
        json.dump(raw, f, indent=1)
    print(f"done: {RUNS[0]} ptxas runs", file=sys.stderr)
