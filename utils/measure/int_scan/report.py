#!/usr/bin/env python3
"""raw.json -> results.json + RESULTS.md"""
import collections
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
raw = json.load(open(os.path.join(HERE, "raw.json")))


def pv(v):
    return f"{v // 10}.{v % 10}"


SHAPES = {
    "add": "add.type d, a, b — d,a,b all .type; .u16x2/.s16x2 use .b32 registers",
    "sub": "sub.type d, a, b — d,a,b all .type",
    "mul": "mul.{hi,lo}.type d, a, b — all .type; mul.wide.{16,32-bit} d(2x width), a, b(.type), e.g. mul.wide.s32 d(.s64), a(.s32), b(.s32)",
    "mad": "mad.{hi,lo}.type d, a, b, c — all .type; mad.wide: d and c 2x width (mad.wide.s32 d(.s64), a(.s32), b(.s32), c(.s64))",
    "mul24": "mul24.{hi,lo}.type d, a, b — all .u32/.s32",
    "mad24": "mad24.{hi,lo}.type d, a, b, c — all .u32/.s32",
    "sad": "sad.type d, a, b, c — all .type (d = c + |a-b|)",
    "div": "div.type d, a, b — all .type",
    "rem": "rem.type d, a, b — all .type",
    "abs": "abs.type d, a — .s16/.s32/.s64",
    "neg": "neg.type d, a — .s16/.s32/.s64",
    "min": "min{.relu}.type d, a, b — all .type; x2 types in .b32 registers",
    "max": "max{.relu}.type d, a, b — all .type; x2 types in .b32 registers",
    "add.cc": "add.cc.type d, a, b — writes CC.CF; all .type",
    "sub.cc": "sub.cc.type d, a, b — writes CC.CF; all .type",
    "addc": "addc{.cc}.type d, a, b — reads CC.CF (and writes it with .cc)",
    "subc": "subc{.cc}.type d, a, b — reads CC.CF (and writes it with .cc)",
    "mad.cc": "mad.{hi,lo}.cc.type d, a, b, c — all .type, writes CC.CF",
    "madc": "madc.{hi,lo}{.cc}.type d, a, b, c — all .type, reads CC.CF",
    "popc": "popc.type d(.u32), a(.type)",
    "clz": "clz.type d(.u32), a(.type)",
    "bfind": "bfind{.shiftamt}.type d(.u32), a(.type) — .u32 result for every source type",
    "fns": "fns.b32 d(.b32), mask(.b32), base(.u32), offset(.s32)",
    "brev": "brev.type d, a — .type",
    "bfe": "bfe.type d(.type), a(.type), b(.u32 pos), c(.u32 len)",
    "bfi": "bfi.type f(.type), a(.type), b(.type), c(.u32 pos), d(.u32 len)",
    "szext": "szext.mode.type d(.type), a(.type), b(.u32)",
    "bmsk": "bmsk.mode.b32 d(.b32), a(.u32 pos), b(.u32 len)",
    "dp4a": "dp4a.atype.btype d, a(.atype), b(.btype), c — d,c .u32 if both .u32 else .s32",
    "dp2a": "dp2a.{lo,hi}.atype.btype d, a(.atype), b(.btype), c — d,c .u32 if both .u32 else .s32",
    "and": "and.type d, a, b — .pred/.b16/.b32/.b64",
    "or": "or.type d, a, b — .pred/.b16/.b32/.b64",
    "xor": "xor.type d, a, b — .pred/.b16/.b32/.b64",
    "not": "not.type d, a — .pred/.b16/.b32/.b64",
    "cnot": "cnot.type d, a — .b16/.b32/.b64",
    "lop3": "lop3.b32 d, a, b, c, immLut(immediate b8); lop3.{or,and}.b32 d|p, a, b, c, immLut, q(.pred) — writes a .b32 and a .pred",
    "shl": "shl.type d(.type), a(.type), b(.u32)",
    "shr": "shr.type d(.type), a(.type), b(.u32)",
    "shf": "shf.{l,r}.mode.b32 d, a, b (.b32), c(.u32)",
    "prmt": "prmt.b32{.mode} d, a, b, c — all .b32",
    "setp": "setp.CmpOp{.BoolOp}{.ftz}.type p[|q], a, b{, {!}c} — p (and q) .pred; a,b .type; c .pred. f16/bf16: p only; f16x2/bf16x2: p|q only",
    "set": "set.CmpOp{.BoolOp}{.ftz}.dtype.stype d(.dtype), a, b(.stype){, {!}c(.pred)}",
    "selp": "selp.type d, a, b (.type), c(.pred)",
    "slct": "slct{.ftz}.dtype.{s32,f32} d, a, b (.dtype), c(.s32 or .f32)",
    "testp": "testp.op.type p(.pred), a(.type)",
    "cvt": "cvt{.rnd}{.ftz}{.sat}.dtype.atype d(.dtype), a(.atype); 8-bit types in 16-bit registers, f16/bf16 in .b16",
    "cvt.pack": "cvt.pack.sat.{u16,s16}.s32 d(.b32), a(.s32), b(.s32); cvt.pack.sat.{u2,s2,u4,s4,u8,s8}.s32.b32 d(.b32), a, b(.s32), c(.b32)",
}


def regname(t):
    if "@" in t:
        return "." + t.split("@")[1]
    if t == "pred":
        return ".pred"
    if t in ("f32", "f64"):
        return "." + t
    bits = {"u8": 16, "s8": 16, "b8": 16, "u2": 16, "s2": 16, "u4": 16,
            "s4": 16}.get(t)
    if bits:
        return ".b16"
    m = re.search(r"(\d+)(x2)?$", t)
    if t.endswith("x2"):
        return ".b32"
    if t in ("f16", "bf16"):
        return ".b16"
    return f".b{m.group(1)}"


def operands(ops):
    out = []
    for name, t, kind in ops:
        role = {"d": "dst", "s": "src", "!s": "src", "pq": "dst p|q",
                "dp": "dst d|p"}.get(kind, "imm" if kind.startswith("imm")
                                     else kind)
        e = {"name": name, "type": "." + t.split("@")[0], "role": role}
        if kind == "pq":
            e["reg"] = ".pred|.pred"
        elif kind == "dp":
            e["reg"] = f"{regname(t)}|.pred"
        elif kind.startswith("imm"):
            e["reg"] = "immediate " + kind[4:]
        else:
            e["reg"] = regname(t)
        out.append(e)
    return out


def notes(r):
    n = []
    if r.get("sm_set_9.0"):
        n.append("accepted at PTX 9.0 only on " + ", ".join(
            f"sm_{s}" for s in r["sm_set_9.0"]))
    if r.get("sm_needs_ptx"):
        n.append(f"sm_{r['min_sm']} itself needs PTX {pv(r['sm_needs_ptx'])}"
                 f" (the PTX floor {pv(r['min_ptx'])} holds on "
                 f"sm_{r['min_ptx_sm']})")
    elif r.get("pair_ok") is False:
        n.append(f"NOT accepted at the pair (PTX {pv(r['min_ptx'])}, "
                 f"sm_{r['min_sm']}): the floors interact")
    m = r.get("below_sm_msg", "")
    if m:
        n.append("below SM floor: " + re.sub(r"^ptxas k\.ptx, line \d+; ",
                                             "", m))
    m = r.get("below_ptx_msg", "")
    if m:
        n.append("below PTX floor: " + re.sub(r"^ptxas k\.ptx, line \d+; ",
                                              "", m))
    return n


docs, und_acc, und_rej, doc_rej = [], [], [], []
for e in raw["results"]:
    r = e["r"]
    base = {"spelling": e["spelling"], "mnemonic": e["mnemonic"]}
    if e.get("form"):
        base["dest_form"] = e["form"]
    base["operands"] = {"count": len(e["ops"]), "list": operands(e["ops"])}
    base["doc_section"] = e["section"]
    if e["kind"] == "doc":
        if r["accepted"]:
            base.update(min_ptx=pv(r["min_ptx"]), min_sm=f"sm_{r['min_sm']}",
                        notes=notes(r))
        else:
            base.update(min_ptx=None, min_sm=None,
                        notes=["REJECTED by ptxas 13.0 at every target: " +
                               r.get("error", "")])
            doc_rej.append(base)
        docs.append(base)
    else:
        base["reason_undocumented"] = e["reason"]
        if r["accepted"]:
            base.update(min_ptx=pv(r["min_ptx"]), min_sm=f"sm_{r['min_sm']}",
                        notes=notes(r))
            und_acc.append(base)
        else:
            base["ptxas_error"] = re.sub(r"^ptxas k\.ptx, line \d+; ", "",
                                         r.get("error", ""))
            und_rej.append(base)

out = {
    "tool": "ptxas 13.0 (Cuda compilation tools, release 13.0, V13.0.88)",
    "method": ("one minimal kernel per spelling (.version X.Y, .target sm_NN,"
               " .address_size 64; sources ld.global from a kernel pointer, "
               "results st.global, predicates made with setp.ne and stored "
               "through selp). Targets below sm_75 compiled with -arch=sm_75, "
               ".target sm_101 with -arch=sm_103 (ptxas 13.0 has no sm_101 "
               "gpu-name), others with -arch=sm_NN. min_sm: lowest accepted "
               ".target at PTX 9.0 (bisected; checked accepted at sm_90, "
               "sm_100, sm_121). min_ptx: lowest accepted PTX version, each "
               "version tried with the newest .target it may name (among the "
               "spelling's accepted SMs). Floor reached by bisection; the "
               "step below was rejected."),
    "ptx_versions": [pv(v) for v in sorted(map(int, raw["targets_by_ptx"]))],
    "targets_by_ptx": {pv(int(k)): [f"sm_{s}" for s in v]
                       for k, v in sorted(raw["targets_by_ptx"].items(),
                                          key=lambda kv: int(kv[0]))},
    "ptxas_runs": raw["ptxas_runs"],
    "shapes": SHAPES,
    "documented": docs,
    "undocumented_accepted": und_acc,
    "undocumented_rejected": [{"spelling": x["spelling"],
                               "dest_form": x.get("dest_form"),
                               "operands": x["operands"],
                               "reason_undocumented": x["reason_undocumented"],
                               "ptxas_error": x["ptxas_error"]}
                              for x in und_rej],
}
json.dump(out, open(os.path.join(HERE, "results.json"), "w"), indent=1)

# ---------------------------------------------------------------- markdown
L = []
A = L.append
A("# ptxas 13.0 floors: integer, bit, comparison, predicate and integer-"
  "conversion families\n")
A(f"{len(docs)} documented spellings ({len(doc_rej)} rejected by ptxas), "
  f"{len(und_acc) + len(und_rej)} undocumented candidates "
  f"({len(und_acc)} accepted, {len(und_rej)} rejected); "
  f"{raw['ptxas_runs']} ptxas runs. Machine-readable: `results.json` "
  "(per spelling: operands with PTX type and register, doc section, "
  "min_ptx, min_sm, notes).\n")
A("Method: " + out["method"] + "\n")
A("Scripts: `scan.py` (kernel builder, ptxas driver, bisection), "
  "`spellings.py` (documented spellings from the PTX ISA 9.x syntax lines "
  "and undocumented candidates), `report.py` (this file and results.json); "
  "raw per-run data in `raw.json`.\n")
A("""## Findings

1. **Documented spellings ptxas rejects (90, all `cvt`).** (a) `.sat` on an
   int-to-int conversion whose destination range contains the source range
   (same type, widening with the same signedness, unsigned to a wider signed
   type: 26 spellings, e.g. `cvt.sat.u32.u16`, `cvt.sat.s64.s32`,
   `cvt.sat.s16.u8`) gives "Illegal modifier '.sat' for instruction 'cvt'";
   `.sat` on every narrowing or sign-changing int-to-int pair is accepted at
   2.3/sm_20. (b) `.sat` on every int<->bf16 conversion (64 spellings, both
   directions) is rejected, while `.sat` on int<->f16/f32/f64 is accepted.
2. **bf16 <-> .u8/.s8 needs an 8-bit register.** `cvt.rn.bf16.u8`,
   `cvt.rni.s8.bf16` etc. are accepted only with a `.reg .b8/.u8/.s8` operand
   (a 16- or 32-bit register gives "Arguments mismatch for instruction 'cvt'");
   every other 8-bit conversion accepts 8-, 16- and 32-bit registers. The scan
   (and results.json's `reg`) uses `.b8` for those 16 spellings, `.b16` for all
   other 8-bit operands.
3. **64-bit extended precision: only `.cc` needs PTX 4.3.** `addc.u64`,
   `subc.s64` (no `.cc`) are accepted from PTX 2.3 and `madc.{hi,lo}.{u64,s64}`
   (no `.cc`) from 3.0 (madc's own floor); every 64-bit form that writes CC
   (`add.cc`, `sub.cc`, `addc.cc`, `subc.cc`, `mad.*.cc`, `madc.*.cc` on
   .u64/.s64) needs 4.3 ("Feature '.cc with 64bit type' requires PTX ISA
   .version 4.3"). If the table carries the ISA's "64-bit types from PTX 4.3"
   for all of them, the non-.cc ones are lower in ptxas.
4. **Floors that do not combine.** `shf.*`: min SM sm_32 and min PTX 3.1, but
   PTX 3.1 cannot name sm_32 (only sm_20/30/35), so the accepted corners are
   (3.1, sm_35) and (4.0, sm_32). All other spellings are accepted at the pair
   (min_ptx, min_sm) itself.
5. **Per-form floors inside one mnemonic.** `add/min/max` `.u16x2/.s16x2` and
   `.relu`: 8.0/sm_90 (scalar forms 2.3/sm_20). `lop3.{or,and}.b32 d|p`:
   8.2/sm_70 (plain `lop3.b32` 4.3/sm_50). `set.{u16,s16,u32,s32}.f16` (integer
   destination from f16): 6.5/sm_53, whereas `set.f16.*`, `set.*.f16x2` and
   `setp.*.f16[x2]` are 4.2/sm_53. Everything bf16 (setp/set/cvt): 7.8/sm_90.
   `cvt.pack.sat.{u16,s16}.s32` and `.{u8,s8}.s32.b32`: 6.5/sm_72;
   `.{u2,s2,u4,s4}.s32.b32`: 6.5/sm_75. `fns` 6.0/sm_30, `szext`/`bmsk`
   7.6/sm_70, `dp4a`/`dp2a` 5.0/sm_61, `mad.cc`/`madc` 3.0/sm_20.
6. **Undocumented but accepted (27):** `addc`/`subc` on .u16/.s16 (while
   `add.cc`/`sub.cc` .u16 are rejected, so nothing can set the carry at 16
   bits); `prmt.f4e.b32` (mode before type); `setp`/`set` `lt/le/gt/ge` on
   unsigned types (the comparison table gives unsigned only lo/ls/hi/hs; LLVM
   emits `setp.lt.u32`); `setp.*.f16x2`/`.bf16x2` with one predicate
   destination. Rejected, among the candidates the brief named: `add.sat.u32`,
   `mul.wide.s64` (64- or 128-bit destination), `popc.b16`, `clz.b16`,
   `min.relu.u32`, `setp.lt.ftz.s32` (.ftz on any integer setp/set), `bfind`
   on .b32/.u16; also int<->float `cvt` without a rounding modifier, `.ftz`
   on non-f32 `cvt`, scalar f16/bf16 `setp` with `p|q`, `madc` without
   .hi/.lo ("Not a name of any known instruction").
7. **Targets.** ptxas 13.0 takes `-arch` sm_75 and newer only (incl. sm_88,
   sm_110; no sm_101): `.target sm_20`..`sm_72` kernels were assembled with
   `-arch=sm_75` (ptxas still checks the `.target`: e.g. "Instruction 'dp4a'
   requires .target sm_61 or higher"), `.target sm_101` (accepted from PTX
   8.6) with `-arch=sm_103`.
""")
A("## Targets each PTX version may name (ptxas 13.0, trivial kernel)\n")
A("| PTX | newest .target |\n|---|---|")
for k, v in out["targets_by_ptx"].items():
    A(f"| {k} | {v[-1]} ({len(v)} targets) |")
A("\nsm_101 is accepted as a .target from PTX 8.6 (compiled with "
  "-arch=sm_103); PTX 7.3 names sm_88 but not sm_87 (7.4 adds sm_87).\n")
A("## Operand shapes\n")
for k, v in SHAPES.items():
    A(f"- `{k}`: {v}")
A("")
A("## Documented spellings: floors\n")
A("Grouped per mnemonic by identical (min_ptx, min_sm, notes-free) floors; "
  "every spelling is listed individually in results.json.\n")
groups = collections.OrderedDict()
for d in docs:
    key = (d["mnemonic"], d["min_ptx"], d["min_sm"])
    groups.setdefault(key, []).append(d)


def compress(sps):
    if len(sps) <= 12:
        return ", ".join(f"`{s}`" for s in sps)
    return ", ".join(f"`{s}`" for s in sps[:6]) + f", … ({len(sps)} spellings)"


A("| mnemonic | min PTX | min SM | spellings |\n|---|---|---|---|")
for (mn, p, s), ds in groups.items():
    sps = []
    for d in ds:
        sp = d["spelling"] + (f" [{d['dest_form']}]" if d.get("dest_form")
                              else "")
        if sp not in sps:
            sps.append(sp)
    A(f"| {mn} | {p or 'rejected'} | {s or '-'} | {compress(sps)} |")
A("")
# floor differences between forms of a mnemonic
A("## Notes on documented spellings\n")
seen = set()
for d in docs:
    for n in d["notes"]:
        if n.startswith("below"):
            continue
        k = (d["mnemonic"], n)
        if k in seen:
            continue
        seen.add(k)
        A(f"- `{d['spelling']}`{' [' + d['dest_form'] + ']' if d.get('dest_form') else ''}: {n}")
A("\nptxas messages one step below the floors (one example per distinct "
  "message):\n")
msgs = collections.OrderedDict()
for d in docs:
    for n in d["notes"]:
        if n.startswith("below"):
            m = n.split(": ", 1)[1]
            m = re.sub(r"'[^']*'", "'…'", m) if False else m
            msgs.setdefault(m, d["spelling"])
for m, sp in msgs.items():
    A(f"- `{sp}`: {m}")
A("")
A("## Undocumented spellings ptxas accepts\n")
A("| spelling | operands | min PTX | min SM | why the ISA does not "
  "document it |\n|---|---|---|---|---|")
for u in und_acc:
    ops = ", ".join(f"{o['name']}({o['type']})" for o in
                    u["operands"]["list"])
    sp = u["spelling"] + (f" [{u['dest_form']}]" if u.get("dest_form") else "")
    A(f"| `{sp}` | {ops} | {u['min_ptx']} | {u['min_sm']} | "
      f"{u['reason_undocumented']} |")
A("")
A("## Undocumented candidates ptxas rejects\n")
byreason = collections.OrderedDict()
for u in und_rej:
    sp = u["spelling"] + (f" [{u['dest_form']}]" if u.get("dest_form") else "")
    byreason.setdefault(u["mnemonic"], []).append(sp)
for mn, sps in byreason.items():
    A(f"- {mn}: " + ", ".join(f"`{s}`" for s in sps))
open(os.path.join(HERE, "RESULTS.md"), "w").write("\n".join(L) + "\n")
print(len(docs), len(doc_rej), len(und_acc), len(und_rej))
