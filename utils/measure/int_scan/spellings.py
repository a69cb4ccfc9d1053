"""Documented spellings (from the PTX ISA 9.x syntax lines, with the
restrictions its descriptions state) and undocumented candidates for the
integer / bit / comparison / predicate / integer-conversion families."""

INT = ["u16", "u32", "u64", "s16", "s32", "s64"]
INT8 = ["u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64"]
EXT = ["u32", "s32", "u64", "s64"]
WIDE = {"u16": "u32", "s16": "s32", "u32": "u64", "s32": "s64",
        "u64": "u128", "s64": "s128"}
CMP_S = ["eq", "ne", "lt", "le", "gt", "ge"]
CMP_U = ["eq", "ne", "lo", "ls", "hi", "hs"]
CMP_B = ["eq", "ne"]
CMP_F = ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu",
         "gtu", "geu", "num", "nan"]
CMP_ALL = ["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ",
           "neu", "ltu", "leu", "gtu", "geu", "num", "nan"]
BOOL = [None, "and", "or", "xor"]
SETP_T = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64"]

S_INT = "Integer Arithmetic Instructions"
S_EXT = "Extended-Precision Integer Arithmetic Instructions"
S_LOG = "Logic and Shift Instructions"
S_CMP = "Comparison and Selection Instructions"
S_HCMP = "Half Precision Comparison Instructions"
S_FP = "Floating-Point Instructions"
S_CVT = "Data Movement and Conversion Instructions"


def cmp_table(t):
    if t[0] == "s":
        return CMP_S
    if t[0] == "u":
        return CMP_U
    if t[0] == "b":
        return CMP_B
    return CMP_F


def R8(it, ft):
    """bf16 <-> 8-bit conversions need an 8-bit register (ptxas 13.0 says
    'Arguments mismatch' for a 16/32-bit one)."""
    return f"{it}@b8" if ft == "bf16" and it in ("u8", "s8") else it


def D(t, n="d"):
    return (n, t, "d")


def S(t, n="a"):
    return (n, t, "s")


def q(*parts):
    return ".".join(p for p in parts if p)


class Out:
    def __init__(self):
        self.items, self.seen = [], set()

    def add(self, sp, ops, mnemonic, section, reason=None, form=None):
        key = (sp, tuple(o[2] for o in ops), tuple(o[1] for o in ops))
        if key in self.seen:
            return
        self.seen.add(key)
        e = {"spelling": sp, "ops": ops, "mnemonic": mnemonic,
             "section": section}
        if form:
            e["form"] = form
        if reason:
            e["reason"] = reason
        self.items.append(e)


def bin3(t, dt=None):
    return [D(dt or t), S(t, "a"), S(t, "b")]


def documented():
    o = Out()
    # ---------------- integer arithmetic
    for mn in ("add", "sub"):
        for t in INT + (["u16x2", "s16x2"] if mn == "add" else []):
            o.add(f"{mn}.{t}", bin3(t), mn, S_INT)
        o.add(f"{mn}.sat.s32", bin3("s32"), mn, S_INT)
    for mn in ("mul", "mad"):
        for m in ("hi", "lo", "wide"):
            for t in INT:
                if m == "wide" and t[1:] == "64":
                    continue
                dt = WIDE[t] if m == "wide" else t
                ops = [D(dt), S(t, "a"), S(t, "b")]
                if mn == "mad":
                    ops.append(S(dt, "c"))
                o.add(f"{mn}.{m}.{t}", ops, mn, S_INT)
    o.add("mad.hi.sat.s32", [D("s32"), S("s32", "a"), S("s32", "b"),
                             S("s32", "c")], "mad", S_INT)
    for mn in ("mul24", "mad24"):
        for m in ("hi", "lo"):
            for t in ("u32", "s32"):
                ops = bin3(t) + ([S(t, "c")] if mn == "mad24" else [])
                o.add(f"{mn}.{m}.{t}", ops, mn, S_INT)
    o.add("mad24.hi.sat.s32", bin3("s32") + [S("s32", "c")], "mad24", S_INT)
    for t in INT:
        o.add(f"sad.{t}", bin3(t) + [S(t, "c")], "sad", S_INT)
        o.add(f"div.{t}", bin3(t), "div", S_INT)
        o.add(f"rem.{t}", bin3(t), "rem", S_INT)
    for t in ("s16", "s32", "s64"):
        o.add(f"abs.{t}", [D(t), S(t)], "abs", S_INT)
        o.add(f"neg.{t}", [D(t), S(t)], "neg", S_INT)
    for mn in ("min", "max"):
        for t in ["u16", "u32", "u64", "u16x2", "s16", "s64"]:
            o.add(f"{mn}.{t}", bin3(t), mn, S_INT)
        for t in ["s16x2", "s32"]:
            o.add(f"{mn}.{t}", bin3(t), mn, S_INT)
            o.add(f"{mn}.relu.{t}", bin3(t), mn, S_INT)
    # ---------------- extended precision
    for t in EXT:
        o.add(f"add.cc.{t}", bin3(t), "add.cc", S_EXT)
        o.add(f"sub.cc.{t}", bin3(t), "sub.cc", S_EXT)
        for cc in (None, "cc"):
            o.add(q("addc", cc, t), bin3(t), "addc", S_EXT)
            o.add(q("subc", cc, t), bin3(t), "subc", S_EXT)
        for m in ("hi", "lo"):
            o.add(f"mad.{m}.cc.{t}", bin3(t) + [S(t, "c")], "mad.cc", S_EXT)
            for cc in (None, "cc"):
                o.add(q("madc", m, cc, t), bin3(t) + [S(t, "c")], "madc",
                      S_EXT)
    # ---------------- bit manipulation (integer arithmetic section)
    for mn in ("popc", "clz"):
        for t in ("b32", "b64"):
            o.add(f"{mn}.{t}", [D("u32"), S(t)], mn, S_INT)
    for sh in (None, "shiftamt"):
        for t in ("u32", "u64", "s32", "s64"):
            o.add(q("bfind", sh, t), [D("u32"), S(t)], "bfind", S_INT)
    o.add("fns.b32", [D("b32"), S("b32", "mask"), S("u32", "base"),
                      S("s32", "offset")], "fns", S_INT)
    for t in ("b32", "b64"):
        o.add(f"brev.{t}", [D(t), S(t)], "brev", S_INT)
        o.add(f"bfi.{t}", [D(t, "f"), S(t, "a"), S(t, "b"), S("u32", "c"),
                           S("u32", "d")], "bfi", S_INT)
    for t in ("u32", "u64", "s32", "s64"):
        o.add(f"bfe.{t}", [D(t), S(t, "a"), S("u32", "b"), S("u32", "c")],
              "bfe", S_INT)
    for m in ("clamp", "wrap"):
        for t in ("u32", "s32"):
            o.add(f"szext.{m}.{t}", [D(t), S(t, "a"), S("u32", "b")],
                  "szext", S_INT)
        o.add(f"bmsk.{m}.b32", [D("b32"), S("u32", "a"), S("u32", "b")],
              "bmsk", S_INT)
    for at in ("u32", "s32"):
        for bt in ("u32", "s32"):
            ct = "u32" if at == bt == "u32" else "s32"
            o.add(f"dp4a.{at}.{bt}", [D(ct), S(at, "a"), S(bt, "b"),
                                      S(ct, "c")], "dp4a", S_INT)
            for m in ("lo", "hi"):
                o.add(f"dp2a.{m}.{at}.{bt}", [D(ct), S(at, "a"), S(bt, "b"),
                                              S(ct, "c")], "dp2a", S_INT)
    # ---------------- logic and shift
    for mn in ("and", "or", "xor"):
        for t in ("pred", "b16", "b32", "b64"):
            o.add(f"{mn}.{t}", bin3(t), mn, S_LOG)
    for t in ("pred", "b16", "b32", "b64"):
        o.add(f"not.{t}", [D(t), S(t)], "not", S_LOG)
    for t in ("b16", "b32", "b64"):
        o.add(f"cnot.{t}", [D(t), S(t)], "cnot", S_LOG)
    o.add("lop3.b32", bin3("b32") + [S("b32", "c"), ("immLut", "b32",
                                                       "imm:0x96")],
          "lop3", S_LOG)
    for b in ("or", "and"):
        o.add(f"lop3.{b}.b32", [("d|p", "b32", "dp"), S("b32", "a"),
                                S("b32", "b"), S("b32", "c"),
                                ("immLut", "b32", "imm:0x96"),
                                S("pred", "q")], "lop3", S_LOG,
              form="d|p")
    for t in ("b16", "b32", "b64"):
        o.add(f"shl.{t}", [D(t), S(t, "a"), S("u32", "b")], "shl", S_LOG)
    for t in SETP_T:
        o.add(f"shr.{t}", [D(t), S(t, "a"), S("u32", "b")], "shr", S_LOG)
    for d in ("l", "r"):
        for m in ("clamp", "wrap"):
            o.add(f"shf.{d}.{m}.b32", bin3("b32") + [S("u32", "c")], "shf",
                  S_LOG)
    for m in (None, "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"):
        o.add(q("prmt.b32", m), bin3("b32") + [S("b32", "c")], "prmt", S_CVT)
    # ---------------- comparison
    def setp(o, t, ops_list, ftzs, forms, sec, reason=None):
        for c in ops_list:
            for f in ftzs:
                for b in BOOL:
                    for form in forms:
                        d = (("p", "pred", "d") if form == "p" else
                             ("p|q", "pred", "pq"))
                        ops = [d, S(t, "a"), S(t, "b")]
                        if b:
                            ops.append(S("pred", "c"))
                        o.add(q("setp", c, b, f, t), ops, "setp", sec,
                              reason, form=form)
    for t in SETP_T:
        setp(o, t, cmp_table(t), [None], ["p", "p|q"], S_CMP)
    setp(o, "f32", CMP_F, [None, "ftz"], ["p", "p|q"], S_CMP)
    setp(o, "f64", CMP_F, [None], ["p", "p|q"], S_CMP)
    setp(o, "f16", CMP_F, [None, "ftz"], ["p"], S_HCMP)
    setp(o, "f16x2", CMP_F, [None, "ftz"], ["p|q"], S_HCMP)
    setp(o, "bf16", CMP_F, [None], ["p"], S_HCMP)
    setp(o, "bf16x2", CMP_F, [None], ["p|q"], S_HCMP)

    def set_(o, dt, st, ops_list, ftzs, sec, reason=None):
        for c in ops_list:
            for f in ftzs:
                for b in BOOL:
                    ops = [D(dt), S(st, "a"), S(st, "b")]
                    if b:
                        ops.append(S("pred", "c"))
                    o.add(q("set", c, b, f, dt, st), ops, "set", sec, reason)
    for dt in ("u32", "s32", "f32"):
        for st in SETP_T + ["f32", "f64"]:
            set_(o, dt, st, cmp_table(st),
                 [None, "ftz"] if st == "f32" else [None], S_CMP)
    for dt in ("f16", "bf16"):
        for st in SETP_T + ["f16", "f32", "f64"]:
            ops_list = [c for c in cmp_table(st) if c in CMP_F]
            ftz = [None, "ftz"] if dt == "f16" and st in ("f16", "f32") \
                else [None]
            set_(o, dt, st, ops_list, ftz, S_HCMP)
    for dt in ("u16", "s16", "u32", "s32"):
        set_(o, dt, "f16", CMP_F, [None, "ftz"], S_HCMP)
        set_(o, dt, "bf16", CMP_F, [None], S_HCMP)
    for dt in ("f16x2", "u32", "s32"):
        set_(o, dt, "f16x2", CMP_F, [None, "ftz"], S_HCMP)
    for dt in ("bf16x2", "u32", "s32"):
        set_(o, dt, "bf16x2", CMP_F, [None], S_HCMP)
    for t in SETP_T + ["f32", "f64"]:
        o.add(f"selp.{t}", bin3(t) + [S("pred", "c")], "selp", S_CMP)
        o.add(f"slct.{t}.s32", bin3(t) + [S("s32", "c")], "slct", S_CMP)
        o.add(f"slct.{t}.f32", bin3(t) + [S("f32", "c")], "slct", S_CMP)
        o.add(f"slct.ftz.{t}.f32", bin3(t) + [S("f32", "c")], "slct", S_CMP)
    for op in ("finite", "infinite", "number", "notanumber", "normal",
               "subnormal"):
        for t in ("f32", "f64"):
            o.add(f"testp.{op}.{t}", [D("pred", "p"), S(t)], "testp", S_FP)
    # ---------------- conversions
    for dt in INT8:
        for at in INT8:
            for s in (None, "sat"):
                o.add(q("cvt", s, dt, at), [D(dt), S(at)], "cvt", S_CVT)
    for ft in ("f16", "f32", "f64", "bf16"):
        for it in INT8:
            for r in ("rn", "rz", "rm", "rp"):
                for f in ([None, "ftz"] if ft == "f32" else [None]):
                    for s in (None, "sat"):
                        o.add(q("cvt", r, f, s, ft, it),
                              [D(ft), S(R8(it, ft))], "cvt", S_CVT)
            for r in ("rni", "rzi", "rmi", "rpi"):
                for f in ([None, "ftz"] if ft == "f32" else [None]):
                    for s in (None, "sat"):
                        o.add(q("cvt", r, f, s, it, ft),
                              [D(R8(it, ft)), S(ft)], "cvt", S_CVT)
    for ct in ("u16", "s16"):
        o.add(f"cvt.pack.sat.{ct}.s32", [D("b32"), S("s32", "a"),
                                         S("s32", "b")], "cvt.pack", S_CVT)
    for ct in ("u2", "s2", "u4", "s4", "u8", "s8"):
        o.add(f"cvt.pack.sat.{ct}.s32.b32",
              [D("b32"), S("s32", "a"), S("s32", "b"), S("b32", "c")],
              "cvt.pack", S_CVT)
    return o.items


def undocumented():
    doc = Out()
    for e in documented():
        doc.add(e["spelling"], e["ops"], e["mnemonic"], e["section"])
    o = Out()
    o.seen = set(doc.seen)
    U = o.add
    X = ["b16", "b32", "b64", "u8", "s8"]
    for mn in ("add", "sub"):
        for t in X:
            U(f"{mn}.{t}", bin3(t), mn, S_INT,
              f"{mn}'s .type list has no .{t}")
        for t in [x for x in INT if x != "s32"] + ["u16x2", "s16x2"]:
            U(f"{mn}.sat.{t}", bin3(t), mn, S_INT,
              ".sat is documented on .s32 only")
    for t in ("u16x2", "s16x2"):
        U(f"sub.{t}", bin3(t), "sub", S_INT,
          "packed .u16x2/.s16x2 are documented for add (and min/max), not sub")
    for mn in ("add.cc", "sub.cc", "addc", "subc"):
        for t in ("u16", "s16", "b32", "b64"):
            U(f"{mn}.{t}", bin3(t), mn, S_EXT,
              f"{mn} .type list is .u32/.s32/.u64/.s64")
    U("add.cc.sat.s32", bin3("s32"), "add.cc", S_EXT,
      "add.cc takes no .sat")
    for t in ("u32", "s32"):
        U(f"madc.{t}", bin3(t) + [S(t, "c")], "madc", S_EXT,
          "madc takes .hi or .lo")
        U(f"madc.cc.{t}", bin3(t) + [S(t, "c")], "madc", S_EXT,
          "madc takes .hi or .lo")
        U(f"mad.wide.cc.{t}", [D(WIDE[t]), S(t, "a"), S(t, "b"),
                               S(WIDE[t], "c")], "mad.cc", S_EXT,
          "mad.cc takes .hi/.lo only")
    for mn in ("mul", "mad"):
        for t in ("u64", "s64"):
            ops = [D(t), S(t, "a"), S(t, "b")] + (
                [S(t, "c")] if mn == "mad" else [])
            U(f"{mn}.wide.{t}", ops, mn, S_INT,
              ".wide is documented for 16- and 32-bit types only "
              "(operands given 64-bit registers)")
            ops = [D("b128"), S(t, "a"), S(t, "b")] + (
                [S("b128", "c")] if mn == "mad" else [])
            U(f"{mn}.wide.{t}", ops, mn, S_INT,
              ".wide is documented for 16- and 32-bit types only "
              "(128-bit destination register)")
        for t in ("u32", "s32", "u16", "s64"):
            ops = bin3(t) + ([S(t, "c")] if mn == "mad" else [])
            U(f"{mn}.{t}", ops, mn, S_INT, f"{mn} requires .hi/.lo/.wide")
        for m in ("lo", "hi"):
            for t in ("b32", "u8", "u16x2", "s16x2"):
                ops = bin3(t) + ([S(t, "c")] if mn == "mad" else [])
                U(f"{mn}.{m}.{t}", ops, mn, S_INT,
                  f"{mn} .type list has no .{t}")
    for sp, t in (("mul.hi.sat.s32", "s32"), ("mul.lo.sat.s32", "s32")):
        U(sp, bin3(t), "mul", S_INT, "integer mul takes no .sat")
    for sp, t in (("mad.lo.sat.s32", "s32"), ("mad.hi.sat.u32", "u32"),
                  ("mad.hi.sat.s64", "s64"), ("mad.hi.sat.s16", "s16")):
        U(sp, bin3(t) + [S(t, "c")], "mad", S_INT,
          ".sat is documented only as mad.hi.sat.s32")
    U("mad.wide.sat.s32", [D("s64"), S("s32", "a"), S("s32", "b"),
                           S("s64", "c")], "mad", S_INT,
      ".sat is documented only as mad.hi.sat.s32")
    for mn in ("mul24", "mad24"):
        for m in ("hi", "lo"):
            for t in ("u16", "s16", "u64", "s64", "b32"):
                ops = bin3(t) + ([S(t, "c")] if mn == "mad24" else [])
                U(f"{mn}.{m}.{t}", ops, mn, S_INT,
                  f"{mn} .type list is .u32/.s32")
        for t in ("u32", "s32"):
            ops = [D(WIDE[t]), S(t, "a"), S(t, "b")] + (
                [S(WIDE[t], "c")] if mn == "mad24" else [])
            U(f"{mn}.wide.{t}", ops, mn, S_INT, f"{mn} .mode is .hi/.lo")
    U("mad24.lo.sat.s32", bin3("s32") + [S("s32", "c")], "mad24", S_INT,
      ".sat is documented only as mad24.hi.sat.s32")
    U("mad24.hi.sat.u32", bin3("u32") + [S("u32", "c")], "mad24", S_INT,
      ".sat is documented only as mad24.hi.sat.s32")
    for mn in ("sad", "div", "rem"):
        for t in ("b32", "u8", "u16x2"):
            ops = bin3(t) + ([S(t, "c")] if mn == "sad" else [])
            U(f"{mn}.{t}", ops, mn, S_INT, f"{mn} .type list has no .{t}")
    for mn in ("abs", "neg"):
        for t in ("u16", "u32", "u64", "b32", "s16x2", "s8"):
            U(f"{mn}.{t}", [D(t), S(t)], mn, S_INT,
              f"integer {mn} is documented for .s16/.s32/.s64 only")
    U("abs.sat.s32", [D("s32"), S("s32")], "abs", S_INT, "abs takes no .sat")
    for mn in ("min", "max"):
        for t in ("u16", "u32", "u64", "s16", "s64", "u16x2"):
            U(f"{mn}.relu.{t}", bin3(t), mn, S_INT,
              ".relu is documented on .s16x2/.s32 only")
        for t in ("b32", "u8", "s8", "b16"):
            U(f"{mn}.{t}", bin3(t), mn, S_INT, f"{mn} .type list has no .{t}")
        U(f"{mn}.s32", bin3("s32") + [S("s32", "c")], mn, S_INT,
          "three-source min/max is documented for .f32 only")
    # bit ops
    for mn in ("popc", "clz"):
        for t in ("b16", "u32", "s32", "u64", "b8"):
            U(f"{mn}.{t}", [D("u32"), S(t)], mn, S_INT,
              f"{mn} .type list is .b32/.b64")
    for t in ("b16", "u32", "s32", "u64"):
        U(f"brev.{t}", [D(t), S(t)], "brev", S_INT,
          "brev .type list is .b32/.b64")
    for sh in (None, "shiftamt"):
        for t in ("b32", "b64", "u16", "s16"):
            U(q("bfind", sh, t), [D("u32"), S(t)], "bfind", S_INT,
              "bfind .type list is .u32/.u64/.s32/.s64")
    for t in ("b64", "u32"):
        U(f"fns.{t}", [D(t), S(t, "mask"), S("u32", "base"),
                       S("s32", "offset")], "fns", S_INT,
          "fns is documented as .b32 only")
    for t in ("b32", "b64", "u16", "s16"):
        U(f"bfe.{t}", [D(t), S(t, "a"), S("u32", "b"), S("u32", "c")],
          "bfe", S_INT, "bfe .type list is .u32/.u64/.s32/.s64")
    for t in ("u32", "s32", "b16", "u64"):
        U(f"bfi.{t}", [D(t, "f"), S(t, "a"), S(t, "b"), S("u32", "c"),
                       S("u32", "d")], "bfi", S_INT,
          "bfi .type list is .b32/.b64")
    for m in ("clamp", "wrap"):
        for t in ("b32", "u64", "s64", "u16", "s16"):
            U(f"szext.{m}.{t}", [D(t), S(t, "a"), S("u32", "b")], "szext",
              S_INT, "szext .type list is .u32/.s32")
        for t in ("b64", "u32", "s32"):
            U(f"bmsk.{m}.{t}", [D(t), S("u32", "a"), S("u32", "b")], "bmsk",
              S_INT, "bmsk is documented as .b32 only")
    U("szext.s32", [D("s32"), S("s32", "a"), S("u32", "b")], "szext", S_INT,
      "szext requires .clamp or .wrap")
    U("bmsk.b32", [D("b32"), S("u32", "a"), S("u32", "b")], "bmsk", S_INT,
      "bmsk requires .clamp or .wrap")
    for sp, ops in (("dp4a.b32.b32", None), ("dp4a.s32", None),
                    ("dp2a.u32.u32", None), ("dp2a.s32.s32", None),
                    ("dp4a.u16.u16", None), ("dp2a.lo.s16.s16", None)):
        t = "s32"
        U(sp, [D(t), S("b32", "a"), S("b32", "b"), S(t, "c")], sp[:4], S_INT,
          "dp4a/dp2a take .atype.btype from {.u32,.s32} (dp2a also .lo/.hi)")
    for mn in ("and", "or", "xor"):
        for t in ("u32", "s32", "u16", "s64", "b8"):
            U(f"{mn}.{t}", bin3(t), mn, S_LOG,
              f"{mn} .type list is .pred/.b16/.b32/.b64")
    for t in ("u32", "s32", "u16", "b8"):
        U(f"not.{t}", [D(t), S(t)], "not", S_LOG,
          "not .type list is .pred/.b16/.b32/.b64")
    for t in ("pred", "u32", "s32", "b8"):
        U(f"cnot.{t}", [D(t), S(t)], "cnot", S_LOG,
          "cnot .type list is .b16/.b32/.b64")
    for t in ("b64", "b16", "u32"):
        U(f"lop3.{t}", bin3(t) + [S(t, "c"), ("immLut", "b32", "imm:0x96")],
          "lop3", S_LOG, "lop3 is documented as .b32 only")
    U("lop3.xor.b32", [("d|p", "b32", "dp"), S("b32", "a"), S("b32", "b"),
                       S("b32", "c"), ("immLut", "b32", "imm:0x96"),
                       S("pred", "q")], "lop3", S_LOG,
      "lop3 .BoolOp is .or/.and only", form="d|p")
    U("lop3.b32", [("d|p", "b32", "dp"), S("b32", "a"), S("b32", "b"),
                   S("b32", "c"), ("immLut", "b32", "imm:0x96"),
                   S("pred", "q")], "lop3", S_LOG,
      "the d|p form is documented only with a .BoolOp", form="d|p")
    for b in ("or", "and"):
        U(f"lop3.{b}.b32", bin3("b32") + [S("b32", "c"),
                                          ("immLut", "b32", "imm:0x96"),
                                          S("pred", "q")], "lop3", S_LOG,
          "lop3.BoolOp is documented with the d|p destination only",
          form="d")
    for t in ("u32", "s32", "u16", "s64", "b8"):
        U(f"shl.{t}", [D(t), S(t, "a"), S("u32", "b")], "shl", S_LOG,
          "shl .type list is .b16/.b32/.b64")
    for t in ("b8", "u8", "s8"):
        U(f"shr.{t}", [D(t), S(t, "a"), S("u32", "b")], "shr", S_LOG,
          "shr .type list has no 8-bit types")
    for d in ("l", "r"):
        U(f"shf.{d}.b32", bin3("b32") + [S("u32", "c")], "shf", S_LOG,
          "shf requires .clamp or .wrap")
        for t in ("b64", "u32", "s32"):
            U(f"shf.{d}.wrap.{t}", bin3(t) + [S("u32", "c")], "shf", S_LOG,
              "shf is documented as .b32 only")
    for t in ("b64", "u32", "s32", "b16"):
        U(f"prmt.{t}", bin3(t) + [S(t, "c")], "prmt", S_CVT,
          "prmt is documented as .b32 only")
    U("prmt.f4e.b32", bin3("b32") + [S("b32", "c")], "prmt", S_CVT,
      "the ISA spells the mode after the type (prmt.b32.f4e)")

    # comparison
    def one_setp(c, t, f=None, form="p", b=None, reason=""):
        d = ("p", "pred", "d") if form == "p" else ("p|q", "pred", "pq")
        ops = [d, S(t, "a"), S(t, "b")] + ([S("pred", "c")] if b else [])
        sec = S_HCMP if t in ("f16", "f16x2", "bf16", "bf16x2") else S_CMP
        U(q("setp", c, b, f, t), ops, "setp", sec, reason, form=form)
    for t in SETP_T:
        for c in CMP_ALL:
            if c in cmp_table(t):
                continue
            kind = {"s": "signed", "u": "unsigned", "b": "bit-size"}[t[0]]
            one_setp(c, t, reason=f"the syntax line lists .{c} for every "
                     f".type, but the comparison table gives {kind} types "
                     f"only {'/'.join(cmp_table(t))}")
        one_setp("eq", t, "ftz", reason=".ftz applies to .f32 (and half "
                 "types) only")
        one_setp("eq", t, "ftz", b="and", reason=".ftz applies to .f32 "
                 "(and half types) only")
    for c in ("eq", "lt", "nan"):
        one_setp(c, "f64", "ftz", reason=".ftz is documented for .f32 "
                 "only; .f64 has no flush-to-zero")
        one_setp(c, "bf16", "ftz", reason="the bf16 setp syntax has no .ftz")
        one_setp(c, "bf16x2", "ftz", form="p|q",
                 reason="the bf16x2 setp syntax has no .ftz")
        one_setp(c, "f16", form="p|q", reason="scalar .f16 setp is "
                 "documented with the single destination p only")
        one_setp(c, "bf16", form="p|q", reason="scalar .bf16 setp is "
                 "documented with the single destination p only")
        one_setp(c, "f16x2", form="p", reason=".f16x2 setp is documented "
                 "with the p|q destination only")
        one_setp(c, "bf16x2", form="p", reason=".bf16x2 setp is documented "
                 "with the p|q destination only")
    for c in ("lo", "ls", "hi", "hs"):
        for t in ("f32", "f64", "f16"):
            one_setp(c, t, reason="lo/ls/hi/hs are unsigned-integer "
                     "comparisons; the float table has no such operator")
    for t in ("u8", "s8", "pred", "u16x2", "s16x2"):
        one_setp("eq", t, reason=f"setp .type list has no .{t}")

    def one_set(c, dt, st, f=None, b=None, reason=""):
        ops = [D(dt), S(st, "a"), S(st, "b")] + ([S("pred", "c")] if b
                                                 else [])
        U(q("set", c, b, f, dt, st), ops, "set", S_CMP, reason)
    for dt in ("u16", "s16", "b32", "f64", "b16", "u64", "s64"):
        for st in ("s32", "f32"):
            one_set("eq", dt, st, reason=f"set .dtype list has no .{dt} "
                    f"for a .{st} source")
    for st in ("s32", "u32", "b32", "s64"):
        one_set("eq", "u32", st, "ftz", reason=".ftz applies to float "
                "sources only")
    for st in ("s32", "u32", "b32"):
        for c in CMP_ALL:
            if c in cmp_table(st):
                continue
            one_set(c, "u32", st, reason=f"the comparison table excludes "
                    f".{c} for .{st}")
    for c in ("eq", "lt"):
        one_set(c, "u32", "f64", "ftz", reason=".ftz is for .f32 only")
        one_set(c, "u32", "bf16", "ftz", reason="bf16 set has no .ftz")
        one_set(c, "f32", "f16", reason="set.dtype.f16 .dtype is "
                ".u16/.s16/.u32/.s32; .f32 destination undocumented")
        one_set(c, "f16x2", "f32", reason="set.f16x2 destination requires "
                "an .f16x2 source")
        one_set(c, "u16", "f16x2", reason="set.dtype.f16x2 .dtype is "
                ".f16x2/.u32/.s32")
        one_set(c, "u32", "u8", reason="set .stype has no .u8")
    for t in ("f16", "bf16", "f16x2", "bf16x2", "pred", "u8", "s8"):
        U(f"selp.{t}", bin3(t) + [S("pred", "c")], "selp", S_CMP,
          f"selp .type list has no .{t}")
    for dt, ct in (("f16", "s32"), ("b32", "u32"), ("b32", "b32"),
                   ("b32", "s16"), ("b32", "f64"), ("b32", "f16"),
                   ("pred", "s32")):
        U(f"slct.{dt}.{ct}", bin3(dt) + [S(ct, "c")], "slct", S_CMP,
          "slct takes .dtype from the 11 numeric types and c of .s32/.f32")
    U("slct.ftz.b32.s32", bin3("b32") + [S("s32", "c")], "slct", S_CMP,
      ".ftz is documented on the .f32-selector form only")
    for t in ("f16", "bf16", "f16x2", "bf16x2", "u32"):
        U(f"testp.finite.{t}", [D("pred", "p"), S(t)], "testp", S_FP,
          f"testp .type list is .f32/.f64")
    U("testp.finite.ftz.f32", [D("pred", "p"), S("f32")], "testp", S_FP,
      "testp takes no .ftz")
    U("testp.zero.f32", [D("pred", "p"), S("f32")], "testp", S_FP,
      "testp .op has no .zero")
    # conversions
    for dt in INT8:
        for at in INT8:
            U(f"cvt.rni.{dt}.{at}", [D(dt), S(at)], "cvt", S_CVT,
              "integer rounding (.rni...) applies to float sources only")
            U(f"cvt.rn.{dt}.{at}", [D(dt), S(at)], "cvt", S_CVT,
              "float rounding (.rn...) applies to float destinations only")
        U(f"cvt.ftz.{dt}.s32", [D(dt), S("s32")], "cvt", S_CVT,
          ".ftz applies to .f32 source or destination only")
    for ft in ("f16", "f32", "f64", "bf16"):
        for it in INT8:
            U(f"cvt.{ft}.{it}", [D(ft), S(R8(it, ft))], "cvt", S_CVT,
              "int-to-float conversions require a rounding modifier")
            U(f"cvt.{it}.{ft}", [D(R8(it, ft)), S(ft)], "cvt", S_CVT,
              "float-to-int conversions require an integer rounding modifier")
            U(f"cvt.rni.{ft}.{it}", [D(ft), S(R8(it, ft))], "cvt", S_CVT,
              "int-to-float takes .rn/.rz/.rm/.rp, not integer rounding")
            U(f"cvt.rn.{it}.{ft}", [D(R8(it, ft)), S(ft)], "cvt", S_CVT,
              "float-to-int takes .rni/.rzi/.rmi/.rpi, not float rounding")
            if ft != "f32":
                U(f"cvt.rn.ftz.{ft}.{it}", [D(ft), S(R8(it, ft))], "cvt", S_CVT,
                  ".ftz applies to .f32 source or destination only")
                U(f"cvt.rni.ftz.{it}.{ft}", [D(R8(it, ft)), S(ft)], "cvt", S_CVT,
                  ".ftz applies to .f32 source or destination only")
    for dt, at in (("u32", "b32"), ("b32", "u32"), ("b16", "s32"),
                   ("s64", "b64"), ("b32", "b32")):
        U(f"cvt.{dt}.{at}", [D(dt), S(at)], "cvt", S_CVT,
          "cvt's type list has no bit-size types")
    U("cvt.relu.s32.s32", [D("s32"), S("s32")], "cvt", S_CVT,
      ".relu is documented only on f16/bf16/tf32/fp8-family destinations")
    U("cvt.rn.relu.f16.s32", [D("f16"), S("s32")], "cvt", S_CVT,
      ".relu is documented only for f32 sources to f16/bf16 (and fp8s)")
    U("cvt.rn.satfinite.f16.s32", [D("f16"), S("s32")], "cvt", S_CVT,
      ".satfinite is documented only for f32/f16x2 sources to narrow floats")
    for ct in ("u8", "s8", "u4", "s4"):
        U(f"cvt.pack.sat.{ct}.s32", [D("b32"), S("s32", "a"), S("s32", "b")],
          "cvt.pack", S_CVT,
          f"cvt.pack to .{ct} is documented only with the third operand c")
    for ct in ("u16", "s16"):
        U(f"cvt.pack.sat.{ct}.s32.b32",
          [D("b32"), S("s32", "a"), S("s32", "b"), S("b32", "c")],
          "cvt.pack", S_CVT,
          f"cvt.pack to .{ct} is documented only without the operand c")
        U(f"cvt.pack.{ct}.s32", [D("b32"), S("s32", "a"), S("s32", "b")],
          "cvt.pack", S_CVT, "cvt.pack requires .sat")
        U(f"cvt.pack.sat.{ct}.u32", [D("b32"), S("u32", "a"), S("u32", "b")],
          "cvt.pack", S_CVT, "cvt.pack .abType is .s32 only")
    U("cvt.pack.sat.u32.s64", [D("b64"), S("s64", "a"), S("s64", "b")],
      "cvt.pack", S_CVT, "cvt.pack .convertType has no .u32")
    return o.items
